/*
** ws_mem.c -- warpsim's memory side (see ws_mem.h): the interconnect, L2
** partitions (the 'mshr' block as the L2 MSHR file) and DRAM channels (banks
** with tRCD/tRP/tCL/tCCD; the 'dram_mib' block as the read queue and pick, the
** 'l2mib' block before it with dram_sched = mshr_*), met by the SMs at their
** ports.  Timing rules: docs/warpsim.md.
*/
#include "ws_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WS_PAYLOAD_BITS 16   /* L1: warp << 6 | register; L2: the requesting SM */

int ws_mshr_slot_init(ws_slot *s, int entries, int merges, const int64_t *clock, const char *owner,
                      char *err, size_t n) {
  mshr_params p = {.ENTRIES = entries, .MERGES = merges, .ADDR_BITS = 58,
                   .PAYLOAD_BITS = WS_PAYLOAD_BITS, .AF_FREE = 0};
  return WS_SLOT_INIT(s, mshr, &p, clock, owner, err, n);
}

/* ---- address mapping ---------------------------------------------------------- */

/* X / D and X % D, by a shift and a mask where D is a power of two (the usual case: a division
** is tens of cycles, and a DRAM read's mapping takes several) */
static inline uint64_t ws_div(uint64_t x, uint64_t d) { return d & (d - 1) ? x / d : x >> __builtin_ctzll(d); }
static inline uint64_t ws_mod(uint64_t x, uint64_t d) { return d & (d - 1) ? x % d : x & (d - 1); }

int ws_line_part(const ws_config *c, uint64_t line) {
  return (int)ws_mod(ws_div(line, (uint64_t)c->part_interleave), (uint64_t)c->n_part);
}

uint64_t ws_line_local(const ws_config *c, uint64_t line) {
  uint64_t il = (uint64_t)c->part_interleave;
  return ws_div(ws_div(line, il), (uint64_t)c->n_part) * il + ws_mod(line, il);
}

int ws_local_bank(const ws_config *c, uint64_t local) {
  return (int)ws_mod(ws_div(local, (uint64_t)c->dram_row_lines), (uint64_t)c->dram_banks);
}

uint32_t ws_local_row(const ws_config *c, uint64_t local) {
  /* the dram_mib block holds 14 row bits: rows alias modulo 16384 */
  return (uint32_t)(ws_div(local, (uint64_t)c->dram_row_lines * (uint64_t)c->dram_banks) & 0x3fff);
}

int64_t ws_dram_access(const ws_config *c, ws_dram_bank *b, uint32_t row, int64_t now, int *row_hit) {
  int64_t start = now > b->free_at ? now : b->free_at;
  *row_hit = b->open && b->row == row;
  if (*row_hit) {                                /* column access only */
    b->free_at = start + c->tCCD;
    return start + c->tCL;
  }
  int64_t act = start + (b->open ? c->tRP : 0);  /* precharge the open row first */
  b->open = 1;
  b->row = row;
  b->free_at = act + c->tRCD + c->tCCD;
  return act + c->tRCD + c->tCL;
}

void ws_dram_hold(ws_part *p, int b, int64_t until) {
  p->bank[b].free_at = until;
  p->bank_ready &= ~(1u << b);
  if (until < p->bank_wake) p->bank_wake = until;
}

/* ---- the interconnect ---------------------------------------------------------- */

_Static_assert(WS_MAX_SM <= 64 && WS_MAX_PART <= 64, "ws_icnt.fly_dst holds a destination in a byte, arrived a bit");

/* i + 1, wrapping to 0 at n (round-robin order) */
static inline int ws_next(int i, int n) { return i + 1 == n ? 0 : i + 1; }

/* room towards dst: its input ring's free slots less what is already on the way */
static int ws_icnt_room(const ws_icnt *net, int dst, const ws_ring *dst_ring) {
  return dst_ring->cap - dst_ring->count - net->inflight[dst] > 0;
}

static void ws_icnt_send(ws_icnt *net, int dst, const ws_pkt *p, int64_t ready) {
  int i = net->fly_head + net->fly_count;
  if (i >= net->fly_cap) i -= net->fly_cap;
  net->fly[i] = *p;
  net->fly[i].ready = ready;
  net->fly_dst[i] = (uint8_t)dst;
  net->fly_count++;
  net->inflight[dst]++;
  net->packets++;
}

/* the packets whose latency has passed into their destination queues (room was reserved) */
static void ws_icnt_deliver(ws_icnt *net, int64_t now) {
  while (net->fly_count && net->fly[net->fly_head].ready <= now) {
    int h = net->fly_head, dst = net->fly_dst[h];
    ws_ring_push(net->dst[dst], &net->fly[h]);
    net->arrived |= UINT64_C(1) << dst;
    net->inflight[dst]--;
    net->fly_head = h + 1 == net->fly_cap ? 0 : h + 1;
    net->fly_count--;
  }
}

/* ---- the DRAM data on its way back ---------------------------------------------
** An unordered array of fills (a push appends, the pick is removed by moving the last one
** into its place: that order decides between fills back in the same cycle), and a heap of
** their positions by (ready, position), so the pick, the earliest and the first of equals,
** is the heap's top instead of a scan (a partition has up to 64 on the way). */

/* heap entry A goes before B: the earlier, and of equals the lower position */
static int ws_fill_before(const ws_part *p, int a, int b) {
  return p->fill_heap[a].ready < p->fill_heap[b].ready ||
         (p->fill_heap[a].ready == p->fill_heap[b].ready && p->fill_heap[a].pos < p->fill_heap[b].pos);
}

static void ws_fill_swap(ws_part *p, int a, int b) {
  int64_t r = p->fill_heap[a].ready;
  int32_t q = p->fill_heap[a].pos;
  p->fill_heap[a] = p->fill_heap[b];
  p->fill_heap[b].ready = r;
  p->fill_heap[b].pos = q;
  p->fill_where[p->fill_heap[a].pos] = (uint8_t)a;
  p->fill_where[q] = (uint8_t)b;
}

static void ws_fill_up(ws_part *p, int h) {
  while (h > 0 && ws_fill_before(p, h, (h - 1) / 2)) {
    ws_fill_swap(p, h, (h - 1) / 2);
    h = (h - 1) / 2;
  }
}

static void ws_fill_down(ws_part *p, int h) {
  int n = p->fill_count;
  for (;;) {
    int c = 2 * h + 1;
    if (c >= n) break;
    if (c + 1 < n && ws_fill_before(p, c + 1, c)) c++;
    if (!ws_fill_before(p, c, h)) break;
    ws_fill_swap(p, h, c);
    h = c;
  }
}

static void ws_fill_push(ws_part *p, uint64_t line, int64_t ready) {
  int pos = p->fill_count++;
  p->fill_line[pos] = line;
  p->fill_heap[pos].ready = ready;
  p->fill_heap[pos].pos = pos;
  p->fill_where[pos] = (uint8_t)pos;
  ws_fill_up(p, pos);
  p->fill_next = p->fill_heap[0].ready;
}

/* the earliest fill's position if it is back by NOW, else -1 (a cycle reads fill_next alone) */
static int ws_fill_due(const ws_part *p, int64_t now) {
  return p->fill_next <= now ? p->fill_heap[0].pos : -1;
}

/* remove the fill at the heap's top (position FI): the last position's fill moves into FI */
static void ws_fill_take(ws_part *p, int fi) {
  int last = --p->fill_count;
  if (last > 0) {
    p->fill_heap[0] = p->fill_heap[last];
    p->fill_where[p->fill_heap[0].pos] = 0;
    ws_fill_down(p, 0);
  }
  if (fi != last) {                              /* its key falls (a lower position): up */
    p->fill_line[fi] = p->fill_line[last];
    int h = p->fill_where[last];
    p->fill_heap[h].pos = fi;
    p->fill_where[fi] = (uint8_t)h;
    ws_fill_up(p, h);
  }
  p->fill_next = p->fill_count ? p->fill_heap[0].ready : WS_NEVER;
}

/* ---- an L2 partition and its DRAM channel, one cycle ------------------------- */

/* the L2 side of a partition's cycle: a DRAM fill, an L2 hit's return, the input queue's head
** (one access a cycle), the L2 MSHR; what the MIB hears of them into MI */
static void ws_part_l2(const ws_config *c, ws_part *p, int64_t now, int mib, l2mib_in *mi) {
  /* DRAM data back: the earliest due fill (one per cycle: the MSHR has one fill port) */
  int fi = ws_fill_due(p, now);
  mshr_in in = {0};
  if (fi >= 0) {
    uint64_t victim;
    int vdirty = 0;
    in.fill_valid = 1;
    in.fill_addr = p->fill_line[fi];
    if (ws_cache_fill(&p->l2, p->fill_line[fi], 0, &victim, &vdirty)) {
      p->l2s.evictions++;
      if (vdirty) { p->l2s.dirty_evictions++; p->dram_writes++; }
    }
    ws_fill_take(p, fi);
  }

  /* L2 hits whose latency has passed go to the response queue */
  ws_pkt *h = ws_ring_head(&p->hit_q);
  if (h && h->ready <= now && !ws_ring_full(&p->resp_q)) {
    ws_ring_push(&p->resp_q, h);
    ws_ring_pop(&p->hit_q);
  }

  /* the request at the head of the input queue: one L2 access per cycle */
  ws_pkt *r = ws_ring_head(&p->in_q);
  int req = 0;
  if (r && r->is_store) {                        /* write-back, write-allocate (whole-line writes) */
    if (c->l2_sets == 0) p->dram_writes++;       /* no L2: the write goes to DRAM (not timed) */
    else if (ws_cache_access(&p->l2, r->line, 1)) p->l2s.store_hits++;
    else {
      uint64_t victim;
      int vdirty = 0;
      p->l2s.store_misses++;
      if (ws_cache_fill(&p->l2, r->line, 1, &victim, &vdirty)) {
        p->l2s.evictions++;
        if (vdirty) { p->l2s.dirty_evictions++; p->dram_writes++; }
      }
    }
    ws_ring_pop(&p->in_q);
    r = NULL;
  } else if (r && ws_cache_access(&p->l2, r->line, 0)) {
    if (!ws_ring_full(&p->hit_q)) {
      p->l2s.load_hits++;
      ws_pkt hit = *r;
      hit.ready = now + c->l2_latency;
      ws_ring_push(&p->hit_q, &hit);
      ws_ring_pop(&p->in_q);
    }
    r = NULL;
  } else if (r) {                                /* a miss: the L2 MSHR merges, allocates or refuses */
    req = 1;
    in.req_valid = 1;
    in.req_addr = r->line;
    in.req_payload = r->sm;
    in.req_noalloc = ws_ring_full(&p->miss_q);
  }
  in.drain_ready = !ws_ring_full(&p->resp_q);
  /* an mshr with nothing to drain and no request or fill keeps its state and shows
  ** nothing: skipping that cycle is exact (ws_mshr_drainable_after) */
  if (req || in.fill_valid || p->l2_mshr_drainable) {
    mshr_out out;
    int64_t born = req ? r->born : 0;
    ws_slot_step(&p->l2_mshr, &in, &out);
    p->l2_mshr_held = ws_mshr_held_after(&in, &out);
    p->l2_mshr_drainable = ws_mshr_drainable_after(p->l2_mshr_drainable, &in, &out);
    ws_mshr_count(&p->l2m, &out, req);
    if (req && (out.req_alloc || out.req_merge)) {
      p->l2s.load_misses++;
      if (out.req_alloc) ws_ring_push(&p->miss_q, r);
      ws_ring_pop(&p->in_q);
    }
    if (out.drain_valid && in.drain_ready) {
      ws_pkt resp = {.line = out.drain_addr, .sm = (uint16_t)out.drain_payload, .ready = now};
      ws_ring_push(&p->resp_q, &resp);
    }
    if (mib) {   /* the MIB hears the MSHR's allocations (their lines), merges and fills (thesis 4.4) */
      if (req && out.req_alloc) p->mshr_blk[out.req_entry] = (uint32_t)ws_line_local(c, in.req_addr);
      if (req && out.req_merge) {
        int64_t age = now - born;                /* Eq. 4.1, on the memory clock */
        mi->merge = 1;
        mi->merge_idx = out.req_entry;
        mi->merge_len = out.req_merge_len;
        mi->merge_age = (uint32_t)(age > WS_DRAM_AGE_MAX ? WS_DRAM_AGE_MAX : age);
      }
      if (in.fill_valid && out.fill_hit) {
        mi->fill = 1;
        mi->fill_idx = out.fill_entry;
      }
    }
  }
}

static void ws_part_cycle(const ws_config *c, ws_part *p, int64_t now, int count) {
  if (p->fill_next == now + 1) ws_cache_prefetch(&p->l2, p->fill_line[p->fill_heap[0].pos]);   /* next cycle's fill */
  int mib = c->dram_sched != WS_DRAM_FRFCFS;
  l2mib_in mi;
  if (mib) memset(&mi, 0, sizeof mi);
  /* the L2 side only with work: a fill due, a hit waiting, a request, a filled entry to drain.
  ** Without, its cycle changes nothing (most partition-cycles of a memory-bound run have only
  ** the DRAM channel's work) */
  if (p->fill_next <= now || p->hit_q.count || p->in_q.count || p->l2_mshr_drainable) ws_part_l2(c, p, now, mib, &mi);
  if (count) ws_mshr_occupancy(&p->l2m, &p->l2_occ, p->l2_mshr_held, 1);

  /* the DRAM channel: the read queue takes the miss-queue head, the FR-FCFS
  ** pick goes to a ready bank.  With the MIB (dram_sched = mshr_*) the l2mib
  ** block's multiplexer decides what leaves the L2 this cycle: a dummy (its
  ** highest-scoring valid entry) ahead of the miss-queue head */
  ws_pkt *mq = ws_ring_head(&p->miss_q);
  l2mib_out mo;
  memset(&mo, 0, sizeof mo);
  /* an l2mib with no valid entry, no merge or fill and no miss-queue head keeps its state and
  ** offers nothing: skipping that cycle is exact */
  int mib_step = mib && (mq || p->mib_pending || mi.merge || mi.fill);
  if (mib_step) {
    mi.mq_valid = mq != NULL;
    mi.mq_blk = mq ? (uint32_t)ws_line_local(c, mq->line) : 0;
    memcpy(mi.mshr_blk, p->mshr_blk, sizeof p->mshr_blk);
    ws_slot_eval(&p->mib, &mi, &mo);             /* what it offers does not depend on out_ready */
  }
  int dummy = mib_step && mo.out_dummy;
  ws_pkt *normal = dummy ? NULL : mq;
  int dram_took = 0;
  /* an empty read queue with no request keeps its state (the bank pointer moves
  ** only on an issue) and shows nothing: skipping that cycle is exact */
  if (normal || p->dram_used || dummy) {
    dram_mib_in din = {0};
    dram_mib_out dout;
    if (normal) {
      uint64_t local = ws_line_local(c, normal->line);
      int64_t age = now - normal->born;
      din.req_valid = 1;
      din.req_bank = (uint32_t)ws_local_bank(c, local);
      din.req_row = ws_local_row(c, local);
      din.req_blk = (uint32_t)local;
      din.req_age = (uint32_t)(age > WS_DRAM_AGE_MAX ? WS_DRAM_AGE_MAX : age);   /* saturated by the sender */
    }
    if (dummy) {                                 /* the dummy updates its block's queued request, if any */
      din.dummy_valid = 1;
      din.dummy_blk = mo.out_blk;
      din.dummy_ml = mo.out_ml;
      din.dummy_age = mo.out_age;
    }
    if (now >= p->bank_wake) {                   /* a bank's free_at came: look at them all again */
      p->bank_wake = WS_NEVER;
      for (uint32_t busy = ~p->bank_ready & p->bank_all; busy; busy &= busy - 1) {   /* the busy ones */
        int b = __builtin_ctz(busy);
        if (p->bank[b].free_at <= now) p->bank_ready |= 1u << b;
        else if (p->bank[b].free_at < p->bank_wake) p->bank_wake = p->bank[b].free_at;
      }
    }
    din.bank_ready = p->bank_ready;
    ws_slot_step(&p->dram, &din, &dout);
    p->dram_age_sat += dout.age_sat;
    /* the block takes a request into its lowest free slot, before this edge's issue frees one */
    int taken = normal && dout.req_ready ? __builtin_ctzll(~p->dram_used) : -1;
    if (dout.issue_valid) {
      int hit;
      ws_dram_bank *bk = &p->bank[dout.issue_bank];
      int64_t data = ws_dram_access(c, bk, dout.issue_row, now, &hit);
      if (bk->free_at > now) {                   /* busy from now on: out of bank_ready until its free_at */
        p->bank_ready &= ~(1u << dout.issue_bank);
        if (bk->free_at < p->bank_wake) p->bank_wake = bk->free_at;
      }
      p->dram_reads++;
      p->dram_row_hits += (uint64_t)hit;
      int64_t ready = data + c->dram_latency;
      ws_fill_push(p, p->slot_line[dout.issue_slot], ready);
    }
    if (dout.issue_valid) p->dram_used &= ~(UINT64_C(1) << dout.issue_slot);
    if (taken >= 0) {
      p->slot_line[taken] = normal->line;
      p->dram_used |= UINT64_C(1) << taken;
      ws_ring_pop(&p->miss_q);
      dram_took = 1;
    }
    if (dummy) {
      p->dummies++;
      p->dummy_hits += dout.dummy_hit;
      /* a dummy for an entry whose first miss still waits in the miss queue (the thesis does not
      ** prevent it; the DRAM side drops it): counted */
      for (int k = 0; k < p->miss_q.count; k++)
        if ((uint32_t)ws_line_local(c, p->miss_q.buf[(p->miss_q.head + k) % p->miss_q.cap].line) == mo.out_blk) {
          p->dummies_early++;
          break;
        }
    }
    p->dram_busy_cycles++;
  }
  if (mib_step) {
    /* out_ready: a dummy needs no queue slot (the link is free); the head needs one */
    mi.out_ready = (uint32_t)(dummy || dram_took);
    ws_slot_tick(&p->mib, &mi);
    /* its valid entries after this edge, from what it showed: the sent dummy's entry clears, a
    ** merge sets its entry, a fill clears its entry (a fill wins over a merge) */
    uint64_t pend = mo.pending;
    if (dummy) pend &= ~(UINT64_C(1) << mo.out_idx);
    if (mi.merge) pend |= UINT64_C(1) << mi.merge_idx;
    if (mi.fill) pend &= ~(UINT64_C(1) << mi.fill_idx);
    p->mib_pending = pend;
  }
}

/* ---- the memory side's cycle ----------------------------------------------------- */

/* the set bits of MASK (below bit N) in round-robin order from bit FIRST on: MASK rotated right
** by FIRST within N bits (bit i is index FIRST + i, wrapping) */
static inline uint64_t ws_rotr(uint64_t mask, int first, int n) {
  if (!first) return mask;
  uint64_t low = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  return (mask >> first | mask << (n - first)) & low;
}

void ws_mem_cycle(ws_mem *m, const ws_config *c, int64_t now, int count) {
  /* requests: up to 'bandwidth' packets from the SMs' ports, round robin from the one after the
  ** last served.  Only the busy ports whose head goes to a partition with room are looked at
  ** (req_room: a send may close it, the partition's cycle opens it again); a head's partition is
  ** computed once, when it becomes the head, and the ports are kept by it (heads_to). */
  int sent = 0, rr = m->req_net.rr, np = m->n_port;
  for (uint64_t u = m->port_busy & ~m->head_known; u; u &= u - 1) {   /* new heads: their partitions */
    int s = __builtin_ctzll(u), d = ws_line_part(c, ws_ring_head(&m->port[s].to_mem)->line);
    m->head_part1[s] = (uint8_t)(d + 1);
    m->heads_to[d] |= UINT64_C(1) << s;
    m->head_known |= UINT64_C(1) << s;
  }
  uint64_t ready = 0;                            /* the ports whose head's partition has room */
  for (uint64_t r = m->req_room; r; r &= r - 1) ready |= m->heads_to[__builtin_ctzll(r)];
  for (uint64_t cand = ws_rotr(ready, rr, np); cand && m->req_room && sent < c->icnt_bandwidth; cand &= cand - 1) {
    int s = rr + __builtin_ctzll(cand);
    if (s >= np) s -= np;
    int dst = m->head_part1[s] - 1;
    if (!(m->req_room >> dst & 1)) continue;     /* (closed by a send of this cycle) */
    ws_ring *q = &m->port[s].to_mem;
    ws_icnt_send(&m->req_net, dst, ws_ring_head(q), now + c->icnt_latency);
    ws_ring_pop(q);
    if (!q->count) m->port_busy &= ~(UINT64_C(1) << s);
    m->head_part1[s] = 0;
    m->head_known &= ~(UINT64_C(1) << s);
    m->heads_to[dst] &= ~(UINT64_C(1) << s);
    m->port_taken |= UINT64_C(1) << s;
    if (!ws_icnt_room(&m->req_net, dst, &m->part[dst].in_q)) m->req_room &= ~(UINT64_C(1) << dst);
    sent++;
    m->req_net.rr = ws_next(s, np);
  }
  ws_icnt_deliver(&m->req_net, now);

  uint64_t resp = 0;                             /* partitions with a response to send */
  for (int d = 0; d < m->n_part; d++) {
    ws_part *p = &m->part[d];
    int had = p->in_q.count;
    ws_part_cycle(c, p, now, count);
    if (p->in_q.count < had) m->req_room |= UINT64_C(1) << d;   /* it took a request: room again */
    resp |= (uint64_t)(p->resp_q.count != 0) << d;
  }

  /* responses: up to 'bandwidth' packets from the partitions, round robin */
  sent = 0;
  rr = m->resp_net.rr;
  for (uint64_t cand = ws_rotr(resp, rr, m->n_part); cand && sent < c->icnt_bandwidth; cand &= cand - 1) {
    int d = rr + __builtin_ctzll(cand);
    if (d >= m->n_part) d -= m->n_part;
    ws_pkt *p = ws_ring_head(&m->part[d].resp_q);
    if (!ws_icnt_room(&m->resp_net, p->sm, &m->port[p->sm].from_mem)) continue;
    ws_icnt_send(&m->resp_net, p->sm, p, now + c->icnt_latency);
    ws_ring_pop(&m->part[d].resp_q);
    sent++;
    m->resp_net.rr = ws_next(d, m->n_part);
  }
  ws_icnt_deliver(&m->resp_net, now);
}

/* ---- building it ---------------------------------------------------------------- */

int ws_mem_init(ws_mem *m, const ws_config *c, const int64_t *clock, char *err, size_t n) {
  memset(m, 0, sizeof *m);
  m->n_port = c->n_sm;
  m->n_part = c->n_part;
  m->port = calloc((size_t)c->n_sm, sizeof *m->port);
  m->part = calloc((size_t)c->n_part, sizeof *m->part);
  m->req_net.inflight = calloc((size_t)c->n_part, sizeof *m->req_net.inflight);
  m->resp_net.inflight = calloc((size_t)c->n_sm, sizeof *m->resp_net.inflight);
  m->req_net.dst = calloc((size_t)c->n_part, sizeof *m->req_net.dst);
  m->resp_net.dst = calloc((size_t)c->n_sm, sizeof *m->resp_net.dst);
  /* in flight towards a queue never exceeds the queue (credits): the queues' sizes bound the ring */
  m->req_net.fly_cap = c->n_part * c->l2_in_queue;
  m->resp_net.fly_cap = c->n_sm * c->l1_mshr_entries;
  m->req_net.fly = calloc((size_t)m->req_net.fly_cap, sizeof *m->req_net.fly);
  m->resp_net.fly = calloc((size_t)m->resp_net.fly_cap, sizeof *m->resp_net.fly);
  m->req_net.fly_dst = calloc((size_t)m->req_net.fly_cap, 1);
  m->resp_net.fly_dst = calloc((size_t)m->resp_net.fly_cap, 1);
  int bad = !m->port || !m->part || !m->req_net.inflight || !m->resp_net.inflight || !m->req_net.dst ||
            !m->resp_net.dst || !m->req_net.fly || !m->resp_net.fly || !m->req_net.fly_dst || !m->resp_net.fly_dst;
  for (int i = 0; !bad && i < c->n_sm; i++) {
    bad |= ws_ring_init(&m->port[i].to_mem, c->l1_miss_queue) != 0;
    bad |= ws_ring_init(&m->port[i].from_mem, c->l1_mshr_entries) != 0;
    m->resp_net.dst[i] = &m->port[i].from_mem;
    m->port[i].busy = &m->port_busy;
    m->port[i].bit = UINT64_C(1) << i;
  }
  for (int i = 0; !bad && i < c->n_part; i++) {
    ws_part *p = &m->part[i];
    p->id = i;
    bad |= ws_cache_init(&p->l2, c->l2_sets, c->l2_ways) != 0;
    bad |= ws_ring_init(&p->in_q, c->l2_in_queue) != 0;
    bad |= ws_ring_init(&p->hit_q, c->l2_latency + 1) != 0;
    bad |= ws_ring_init(&p->miss_q, c->l2_miss_queue) != 0;
    bad |= ws_ring_init(&p->resp_q, c->l2_mshr_entries + 1) != 0;
    p->fill_next = WS_NEVER;
    p->bank_all = c->dram_banks >= 32 ? ~0u : (1u << c->dram_banks) - 1;
    p->bank_ready = p->bank_all;                 /* every bank free at cycle 0 */
    p->bank_wake = WS_NEVER;
    m->req_net.dst[i] = &p->in_q;
    m->req_room |= UINT64_C(1) << i;             /* l2_in_queue >= 1: every input queue has room */
    char owner[24];
    snprintf(owner, sizeof owner, "partition %d", i);
    p->l2m.entries = (uint32_t)c->l2_mshr_entries;
    if (!bad && ws_mshr_slot_init(&p->l2_mshr, c->l2_mshr_entries, c->l2_mshr_merges, clock, owner, err, n)) return -1;
    /* POLICY = dram_sched (0: FR-FCFS); the merge-length field holds length - 1 of the L2 MSHR's
    ** merges (a power of two at least l2_mshr_merges), as the l2mib block sends it */
    int max_merge = 2;
    while (max_merge < c->l2_mshr_merges) max_merge *= 2;
    dram_mib_params dp = {.QUEUE = c->dram_queue, .BANKS = c->dram_banks, .ROW_BITS = 14, .BLK_BITS = 32,
                          .MAX_MERGE = c->dram_sched == WS_DRAM_FRFCFS ? 16 : max_merge,
                          .AGE_BITS = WS_DRAM_AGE_BITS, .POLICY = c->dram_sched,
                          .ROW_TABLE = c->dram_sched != WS_DRAM_FRFCFS && c->dram_row_table,
                          .PIPE = c->dram_pipe};
    if (!bad && WS_SLOT_INIT(&p->dram, dram_mib, &dp, clock, owner, err, n))
      return -1;
    if (!bad && c->dram_sched != WS_DRAM_FRFCFS) {
      /* SCORE: the dummy with the highest request score of the policy goes first (age for MSHR-S+A) */
      l2mib_params mp = {.ENTRIES = c->l2_mshr_entries, .MAX_MERGE = c->l2_mshr_merges,
                         .AGE_W = WS_DRAM_AGE_BITS, .BLK_W = 32, .INFO_W = 1,
                         .SCORE = c->dram_sched == WS_DRAM_MSHR_SA, .PIPE = c->l2_mib_pipe};
      if (l2mib_params_check(&mp, err, n) ||
          WS_SLOT_INIT(&p->mib, l2mib, &mp, clock, owner, err, n))
        return -1;
    }
  }
  if (bad) {
    snprintf(err, n, "out of memory building the memory system");
    return -1;
  }
  return 0;
}

void ws_mem_free(ws_mem *m) {
  for (int i = 0; m->port && i < m->n_port; i++) {
    ws_ring_free(&m->port[i].to_mem);
    ws_ring_free(&m->port[i].from_mem);
  }
  for (int i = 0; m->part && i < m->n_part; i++) {
    ws_part *p = &m->part[i];
    ws_cache_free(&p->l2);
    ws_ring_free(&p->in_q);
    ws_ring_free(&p->hit_q);
    ws_ring_free(&p->miss_q);
    ws_ring_free(&p->resp_q);
    ws_slot_free(&p->l2_mshr);
    ws_slot_free(&p->dram);
    ws_slot_free(&p->mib);
  }
  free(m->port);
  free(m->part);
  free(m->req_net.inflight);
  free(m->resp_net.inflight);
  free(m->req_net.dst);
  free(m->resp_net.dst);
  free(m->req_net.fly);
  free(m->resp_net.fly);
  free(m->req_net.fly_dst);
  free(m->resp_net.fly_dst);
  memset(m, 0, sizeof *m);
}

int ws_mem_idle(const ws_mem *m) {
  for (int i = 0; i < m->n_port; i++)
    if (m->port[i].to_mem.count || m->port[i].from_mem.count || m->resp_net.inflight[i]) return 0;
  for (int i = 0; i < m->n_part; i++) {
    const ws_part *p = &m->part[i];
    if (p->in_q.count || p->hit_q.count || p->miss_q.count || p->resp_q.count || p->fill_count ||
        p->l2_mshr_held || p->dram_used || p->mib_pending || m->req_net.inflight[i])
      return 0;
  }
  return 1;
}
