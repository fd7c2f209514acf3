/*
** ws_mem.c -- warpsim's memory side: packet rings, tag arrays, the coalescer,
** the interconnect, L2 partitions (the 'mshr' block as the L2 MSHR file) and
** DRAM channels (banks with tRCD/tRP/tCL/tCCD; the 'dram_mib' block, POLICY 0,
** as the read queue and FR-FCFS pick).  Timing rules: docs/warpsim.md.
*/
#include "ws_gpu.h"

#include <stdlib.h>
#include <string.h>

/* ---- rings ---------------------------------------------------------------- */

int ws_ring_init(ws_ring *r, int cap) {
  r->buf = calloc((size_t)(cap > 0 ? cap : 1), sizeof *r->buf);
  r->cap = cap;
  r->head = r->count = 0;
  return r->buf ? 0 : -1;
}

void ws_ring_free(ws_ring *r) {
  free(r->buf);
  r->buf = NULL;
}

void ws_ring_push(ws_ring *r, const ws_pkt *p) {
  r->buf[(r->head + r->count) % r->cap] = *p;
  r->count++;
}

void ws_ring_pop(ws_ring *r) {
  r->head = (r->head + 1) % r->cap;
  r->count--;
}

/* ---- tag arrays (true LRU by a use stamp) --------------------------------- */

int ws_cache_init(ws_cache *c, int sets, int ways) {
  memset(c, 0, sizeof *c);
  c->sets = sets;
  c->ways = ways;
  if (sets == 0) return 0;                       /* no cache: every access misses */
  c->set_mask = sets - 1;
  size_t n = (size_t)sets * (size_t)ways;
  c->tag = calloc(n, sizeof *c->tag);
  c->stamp = calloc(n, sizeof *c->stamp);
  c->dirty = calloc(n, 1);
  c->pf = calloc(n, sizeof *c->pf);
  return c->tag && c->stamp && c->dirty && c->pf ? 0 : -1;
}

void ws_cache_free(ws_cache *c) {
  free(c->tag);
  free(c->stamp);
  free(c->dirty);
  free(c->pf);
  c->tag = c->stamp = NULL;
  c->dirty = NULL;
  c->pf = NULL;
}

static int ws_cache_find(const ws_cache *c, uint64_t line) {
  size_t base = (size_t)(line & (uint64_t)c->set_mask) * (size_t)c->ways;
  for (int w = 0; w < c->ways; w++)
    if (c->stamp[base + (size_t)w] && c->tag[base + (size_t)w] == line) return (int)(base + (size_t)w);
  return -1;
}

int ws_cache_access(ws_cache *c, uint64_t line, int write) {
  if (c->sets == 0) return 0;
  int i = ws_cache_find(c, line);
  if (i < 0) return 0;
  c->stamp[i] = ++c->clock;
  if (write) c->dirty[i] = 1;
  return 1;
}

int ws_cache_fill(ws_cache *c, uint64_t line, int dirty, uint64_t *victim, int *victim_dirty) {
  if (c->sets == 0) return 0;
  int i = ws_cache_find(c, line);
  if (i >= 0) {                                  /* already there (a write allocated it) */
    c->stamp[i] = ++c->clock;
    c->dirty[i] |= (uint8_t)(dirty != 0);
    return 0;
  }
  size_t base = (size_t)(line & (uint64_t)c->set_mask) * (size_t)c->ways;
  size_t v = base;                               /* an invalid way, else the least recently used */
  for (int w = 0; w < c->ways; w++) {
    size_t k = base + (size_t)w;
    if (!c->stamp[k]) { v = k; break; }
    if (c->stamp[k] < c->stamp[v]) v = k;
  }
  int evicted = c->stamp[v] != 0;
  if (evicted) { *victim = c->tag[v]; *victim_dirty = c->dirty[v]; }
  c->victim_pf = evicted && c->pf[v] != 0;
  c->pf[v] = 0;
  c->tag[v] = line;
  c->stamp[v] = ++c->clock;
  c->dirty[v] = (uint8_t)(dirty != 0);
  return evicted;
}

void ws_cache_invalidate(ws_cache *c, uint64_t line) {
  if (c->sets == 0) return;
  int i = ws_cache_find(c, line);
  if (i >= 0) c->stamp[i] = c->pf[i] = 0;
}

int ws_cache_probe(const ws_cache *c, uint64_t line) {
  return c->sets != 0 && ws_cache_find(c, line) >= 0;
}

void ws_cache_mark_pf(ws_cache *c, uint64_t line, int64_t sent) {
  if (c->sets == 0) return;
  int i = ws_cache_find(c, line);
  if (i >= 0) c->pf[i] = sent + 1;
}

int64_t ws_cache_take_pf(ws_cache *c, uint64_t line) {
  if (c->sets == 0) return 0;
  int i = ws_cache_find(c, line);
  if (i < 0 || !c->pf[i]) return 0;
  int64_t v = c->pf[i];
  c->pf[i] = 0;
  return v;
}

/* ---- the coalescer ---------------------------------------------------------- */

int ws_coalesce(const uint64_t addr[32], uint32_t active, int line_shift, uint64_t lines[32]) {
  int n = 0;
  for (int lane = 0; lane < 32; lane++) {
    if (!(active >> lane & 1)) continue;
    uint64_t line = (addr[lane] >> line_shift) & WS_LINE_MASK;   /* the MSHR block's 58-bit key */
    int seen = 0;
    for (int k = 0; k < n && !seen; k++) seen = lines[k] == line;
    if (!seen) lines[n++] = line;
  }
  return n;
}

/* ---- address mapping ---------------------------------------------------------- */

int ws_line_part(const ws_config *c, uint64_t line) {
  return (int)((line / (uint64_t)c->part_interleave) % (uint64_t)c->n_part);
}

uint64_t ws_line_local(const ws_config *c, uint64_t line) {
  uint64_t il = (uint64_t)c->part_interleave;
  return line / il / (uint64_t)c->n_part * il + line % il;
}

int ws_local_bank(const ws_config *c, uint64_t local) {
  return (int)(local / (uint64_t)c->dram_row_lines % (uint64_t)c->dram_banks);
}

uint32_t ws_local_row(const ws_config *c, uint64_t local) {
  /* the dram_mib block holds 14 row bits: rows alias modulo 16384 */
  return (uint32_t)(local / ((uint64_t)c->dram_row_lines * (uint64_t)c->dram_banks) & 0x3fff);
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

/* ---- the interconnect ---------------------------------------------------------- */

/* room towards dst: its input ring's free slots less what is already on the way */
static int ws_icnt_room(const ws_icnt *net, int dst, const ws_ring *dst_ring) {
  return dst_ring->cap - dst_ring->count - net->flight[dst].count > 0;
}

static void ws_icnt_send(ws_icnt *net, int dst, ws_pkt p, int64_t ready) {
  p.ready = ready;
  ws_ring_push(&net->flight[dst], &p);
  net->packets++;
}

static void ws_icnt_deliver(ws_icnt *net, int dst, ws_ring *dst_ring, int64_t now) {
  ws_ring *f = &net->flight[dst];
  while (f->count && f->buf[f->head].ready <= now) {
    ws_ring_push(dst_ring, &f->buf[f->head]);
    ws_ring_pop(f);
  }
}

/* ---- statistics helpers ----------------------------------------------------- */

void ws_mshr_count(ws_mshr_stats *s, const mshr_out *o, int req) {
  if (!req) return;
  s->alloc += o->req_alloc;
  s->merge += o->req_merge;
  s->rej_list_full += o->rej_list_full;
  s->rej_table_full += o->rej_table_full;
  s->rej_draining += o->rej_draining;
  s->rej_noalloc += o->rej_noalloc;
}

/* the mshr block's entries in use after this cycle's edge, from its outputs:
** those shown this cycle, one more on an allocation, one fewer when the last
** waiter of an entry is taken */
uint32_t ws_mshr_held_after(const mshr_in *in, const mshr_out *out) {
  return out->occupancy + out->req_alloc - (out->drain_valid & out->drain_last & in->drain_ready);
}

/* its entries that hold a line to drain (filled, waiters not all taken), from its outputs:
** a fill that hits adds one, the last waiter taken removes one.  With none, and no
** request or fill, the block's cycle changes nothing and shows nothing: the pending
** entries only wait.  Skipping that cycle is exact (and saves 21 steps a cycle while
** misses are out). */
uint32_t ws_mshr_drainable_after(uint32_t before, const mshr_in *in, const mshr_out *out) {
  return before + (in->fill_valid & out->fill_hit) - (out->drain_valid & out->drain_last & in->drain_ready);
}

void ws_mshr_occupancy(ws_mshr_stats *s, uint32_t occ, uint32_t n) {
  int b = occ == 0 ? 0 : 1 + (int)(((uint64_t)occ * 8 - 1) / n);   /* 1..8: eighths of the table */
  s->occ_hist[b]++;
  s->full_cycles += occ == n;
}

/* ---- an L2 partition and its DRAM channel, one cycle ------------------------- */

static void ws_part_cycle(ws_gpu *g, ws_part *p) {
  const ws_config *c = &g->cfg;
  int64_t now = g->mem_now;   /* the memory clock */

  /* DRAM data back: the earliest due fill (one per cycle: the MSHR has one fill port) */
  int fi = -1;
  if (p->fill_due <= now) {                     /* the same pick, and the next due time beside it */
    int64_t next = WS_NEVER;
    for (int i = 0; i < p->fill_q.count; i++) {
      ws_pkt *f = &p->fill_q.buf[i];
      if (f->ready <= now && (fi < 0 || f->ready < p->fill_q.buf[fi].ready)) {
        if (fi >= 0 && p->fill_q.buf[fi].ready < next) next = p->fill_q.buf[fi].ready;
        fi = i;
      } else if (f->ready < next) next = f->ready;
    }
    p->fill_due = next;
  }
  mshr_in in = {0};
  if (fi >= 0) {
    uint64_t victim;
    int vdirty = 0;
    in.fill_valid = 1;
    in.fill_addr = p->fill_q.buf[fi].line;
    if (ws_cache_fill(&p->l2, p->fill_q.buf[fi].line, 0, &victim, &vdirty)) {
      p->l2s.evictions++;
      if (vdirty) { p->l2s.dirty_evictions++; p->dram_writes++; }
    }
    p->fill_q.buf[fi] = p->fill_q.buf[--p->fill_q.count];   /* unordered: swap-remove */
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
  int mib = c->dram_sched != WS_DRAM_FRFCFS;
  l2mib_in mi;
  if (mib) memset(&mi, 0, sizeof mi);
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
        mi.merge = 1;
        mi.merge_idx = out.req_entry;
        mi.merge_len = out.req_merge_len;
        mi.merge_age = (uint32_t)(age > WS_DRAM_AGE_MAX ? WS_DRAM_AGE_MAX : age);
      }
      if (in.fill_valid && out.fill_hit) {
        mi.fill = 1;
        mi.fill_idx = out.fill_entry;
      }
    }
  }
  if (!g->finished) ws_mshr_occupancy(&p->l2m, p->l2_mshr_held, (uint32_t)c->l2_mshr_entries);

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
    for (int b = 0; b < c->dram_banks; b++)
      if (p->bank[b].free_at <= now) din.bank_ready |= 1u << b;
    ws_slot_step(&p->dram, &din, &dout);
    p->dram_age_sat += dout.age_sat;
    /* the block takes a request into its lowest free slot, before this edge's issue frees one */
    int taken = normal && dout.req_ready ? __builtin_ctzll(~p->dram_used) : -1;
    if (dout.issue_valid) {
      int hit;
      ws_dram_bank *bk = &p->bank[dout.issue_bank];
      int64_t data = ws_dram_access(c, bk, dout.issue_row, now, &hit);
      p->dram_reads++;
      p->dram_row_hits += (uint64_t)hit;
      ws_pkt f = {.line = p->slot_line[dout.issue_slot], .ready = data + c->dram_latency};
      p->fill_q.buf[p->fill_q.count++] = f;
      if (f.ready < p->fill_due) p->fill_due = f.ready;
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

void ws_mem_cycle(ws_gpu *g) {
  const ws_config *c = &g->cfg;
  int64_t now = g->mem_now;   /* the memory clock */

  /* requests: up to 'bandwidth' packets from the SMs' miss queues, round robin */
  int sent = 0, base = g->req_net.rr;           /* the SM after the last one served goes first */
  for (int k = 0; k < c->n_sm && sent < c->icnt_bandwidth; k++) {
    int s = (base + k) % c->n_sm;
    ws_pkt *p = ws_ring_head(&g->sm[s].miss_q);
    if (!p) continue;
    int dst = ws_line_part(c, p->line);
    if (!ws_icnt_room(&g->req_net, dst, &g->part[dst].in_q)) continue;
    ws_icnt_send(&g->req_net, dst, *p, now + c->icnt_latency);
    ws_ring_pop(&g->sm[s].miss_q);
    sent++;
    g->req_net.rr = (s + 1) % c->n_sm;
  }
  for (int d = 0; d < c->n_part; d++) ws_icnt_deliver(&g->req_net, d, &g->part[d].in_q, now);

  for (int d = 0; d < c->n_part; d++) ws_part_cycle(g, &g->part[d]);

  /* responses: up to 'bandwidth' packets from the partitions, round robin */
  sent = 0;
  base = g->resp_net.rr;
  for (int k = 0; k < c->n_part && sent < c->icnt_bandwidth; k++) {
    int d = (base + k) % c->n_part;
    ws_pkt *p = ws_ring_head(&g->part[d].resp_q);
    if (!p) continue;
    if (!ws_icnt_room(&g->resp_net, p->sm, &g->sm[p->sm].resp_q)) continue;
    ws_icnt_send(&g->resp_net, p->sm, *p, now + c->icnt_latency);
    ws_ring_pop(&g->part[d].resp_q);
    sent++;
    g->resp_net.rr = (d + 1) % c->n_part;
  }
  for (int s = 0; s < c->n_sm; s++) ws_icnt_deliver(&g->resp_net, s, &g->sm[s].resp_q, now);
}
