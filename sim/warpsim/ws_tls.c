/*
** ws_tls.c -- the two-level warp scheduler (sched = two_level): one tls block
** per scheduler in its slot.  Gebhart, Johnson, Tarjan, Keckler, Dally,
** Lindholm, Skadron, "Energy-efficient Mechanisms for Managing Thread Context
** in Throughput Processors", ISCA'11, §3.2; docs/warpsim.md, "Two-level".
**
** Scheduler k's warps (the SM's slots k, k + n_sched, ...) are the block's
** warp ids 0, 1, ...  Each cycle: the block's registered state says which
** warp sits in each active slot; warpsim tells it, per active slot, whether
** the warp's next instruction can issue, is marked (it sources a load's
** destination: the compiler's long-latency mark) or is the warp's exit, and
** per warp whether a pending warp is ready (its next instruction waits on no
** load of its own); the block picks greedily, demotes, promotes round robin.
** A warp waiting at a barrier in an active slot is demoted like a marked
** consumer: otherwise the active set could fill with warps waiting for
** pending warps that can never be promoted.
*/
#include "ws_gpu.h"

#include <stdlib.h>
#include <string.h>

static uint64_t bit(int i) { return (uint64_t)1 << i; }

/* the register-file cache's parameters: values are not modelled, so one bit a thread keeps the
** block's I/O small; 6 register bits name warpsim's 64 registers */
#define WS_RFC_DATA_BITS 1
#define WS_RFC_REG_BITS  6

int ws_tls_init(ws_gpu *g, ws_sm *s, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  char owner[32];
  for (int k = 0; k < c->n_sched; k++) {
    ws_tls *t = &s->tls[k];
    t->warps = (c->warps_per_sm - k + c->n_sched - 1) / c->n_sched;
    t->wb = 1;
    while ((1 << t->wb) < t->warps) t->wb++;
    tls_params p = {.WARPS = t->warps, .ACTIVE = c->tls_active, .INNER = c->tls_inner,
                    .CAPS = c->caps_order || c->caps_wakeup};   /* CAPS' priority and wake-up inputs */
    snprintf(owner, sizeof owner, "SM %d scheduler %d", s->id, k);
    if (tls_params_check(&p, err, n) ||
        WS_SLOT_INIT(&t->slot, tls, &p, &g->now, owner, err, n))
      return -1;
    if (!c->rfc) continue;
    rfc_params rp = {.ACTIVE = c->tls_active, .ENTRIES = c->rfc_entries, .THREADS = 32,
                     .DATA_BITS = WS_RFC_DATA_BITS, .REG_BITS = WS_RFC_REG_BITS};
    t->wb_cap = t->warps * WS_MAX_REGS;          /* each (warp, register) waits at most once */
    t->wb_q = calloc((size_t)t->wb_cap, sizeof *t->wb_q);
    if (!t->wb_q) { snprintf(err, n, "out of memory"); return -1; }
    if (rfc_params_check(&rp, err, n) ||
        WS_SLOT_INIT(&t->rfc, rfc, &rp, &g->now, owner, err, n))
      return -1;
  }
  return 0;
}

void ws_tls_free(ws_sm *s) {
  for (int k = 0; k < WS_MAX_SCHED; k++) {
    ws_slot_free(&s->tls[k].slot);
    ws_slot_free(&s->tls[k].rfc);
    free(s->tls[k].wb_q);
    s->tls[k].wb_q = NULL;
  }
}

void ws_rfc_returned(ws_gpu *g, ws_sm *s, int slot, int reg) {
  ws_tls *t = &s->tls[slot % g->cfg.n_sched];
  t->wb_q[(t->wb_head + t->wb_count) % t->wb_cap] = (uint16_t)(slot << 6 | reg);
  t->wb_count++;
  s->warps[slot].rfc_wb++;
}

/* the warp id in active slot a, from the block's packed active_warp output */
static int ws_tls_slot_warp(const ws_tls *t, int a) {
  int at = a * t->wb;
  uint32_t v = t->o.active_warp[at / 32] >> (at % 32);
  if (at % 32 + t->wb > 32) v |= t->o.active_warp[at / 32 + 1] << (32 - at % 32);
  return (int)(v & ((1u << t->wb) - 1));
}

/* CAPS' CTA-aware order (Jeon et al. 4.1, Fig. 7) as the tls block's promotion priority for
** scheduler k: the first warp of every CTA whose first warp has not issued a load yet (it
** becomes the leading warp that records the CTA's bases), and every warp of the leading CTA
** (the oldest resident one), whose trailing warps learn the stride.  The paper puts the
** leading warps first and fills the ready queue with the leading CTA's warps; one priority bit
** merges the two classes (docs/warpsim.md, "CAPS"). */
static uint64_t ws_caps_prio(const ws_gpu *g, const ws_sm *s, int k) {
  const ws_config *c = &g->cfg;
  int lead = -1;
  for (int q = 0; q < c->ctas_per_sm; q++)
    if (s->ctas[q].live && (lead < 0 || s->ctas[q].ctaid < s->ctas[lead].ctaid)) lead = q;
  uint64_t prio = 0;
  for (uint64_t r = s->sched_warps[k]; r; r &= r - 1) {
    int w = __builtin_ctzll(r);
    const ws_warp *wp = &s->warps[w];
    if (!wp->live) continue;
    const ws_cta *cta = &s->ctas[wp->cta_slot];
    if (wp->cta_slot == lead || (wp->warp_in_cta == 0 && !cta->lead_loaded)) prio |= bit(w / c->n_sched);
  }
  return prio;
}

/* this cycle's slot -> warp id map, from the registered outputs */
static void ws_tls_map(ws_tls *t, int active) {
  for (int a = 0; a < active; a++) t->slot_warp[a] = (t->o.active_valid >> a & 1) ? (int8_t)ws_tls_slot_warp(t, a) : -1;
}

/* rfc = on: scheduler k's register-file cache this cycle.  The issued
** instruction (warp W, -1 none) reads its sources in its slot and, unless it
** is a load, allocates its result there (Gebhart 3.1: "allocated with every
** instruction result"); otherwise the oldest returned load takes the write
** port: it bypasses the cache to the MRF (3.3) and its register is readable
** from the next cycle.  A demotion flushes the slot (live values written
** back), an exit kills it. */
static void ws_rfc_cycle(ws_gpu *g, ws_sm *s, int k, int w) {
  const ws_config *c = &g->cfg;
  ws_tls *t = &s->tls[k];
  rfc_in ri;
  rfc_out ro;
  memset(&ri, 0, sizeof ri);
  if (w >= 0) {
    const ws_warp *wp = &s->warps[w];
    const ws_inst *in = ws_next_inst(wp);
    for (int q = 0; q < in->nsrc && q < WS_MAX_SRC; q++) {   /* the cache's three read ports */
      ri.rd_use |= 1u << q;
      ri.rd_reg |= (uint32_t)in->src[q] << (q * WS_RFC_REG_BITS);
    }
    for (int q = WS_MAX_SRC; q < in->nsrc; q++) {  /* a traced instruction's further sources: from the MRF */
      int dup = 0;
      for (int u = 0; u < q; u++) dup |= in->src[u] == in->src[q];
      s->mrf_reads += !dup;
    }
    ri.rd_valid = in->nsrc > 0;
    ri.rd_slot = t->o.pick_slot;
    ri.rd_last = in->last_read;
    if (in->dst >= 0 && in->op != WS_OP_LD) {
      uint32_t active = ws_active_mask(g, s, wp, in);
      ri.wr_valid = ri.wr_active = 1;
      ri.wr_slot = t->o.pick_slot;
      ri.wr_reg = (uint32_t)in->dst;
      ri.wr_mask = active == wp->exists ? ~0u : active;   /* a warp's existing lanes are a full write */
    }
  }
  int wb_slot = -1, wb_reg = 0;
  if (!ri.wr_valid && t->wb_count) {
    uint16_t e = t->wb_q[t->wb_head];
    t->wb_head = (t->wb_head + 1) % t->wb_cap;
    t->wb_count--;
    wb_slot = e >> 6;
    wb_reg = e & 63;
    int id = wb_slot / c->n_sched, a = -1;
    for (int q = 0; q < c->tls_active && a < 0; q++)
      if (t->slot_warp[q] == id) a = q;
    ri.wr_valid = 1;
    ri.wr_active = a >= 0;
    ri.wr_slot = a >= 0 ? (uint32_t)a : 0;
    ri.wr_reg = (uint32_t)wb_reg;
    ri.wr_bypass = 1;
    ri.wr_mask = ~0u;
  }
  if (t->o.demote || t->o.retire) {
    ri.fl_valid = 1;
    ri.fl_slot = t->o.pick_slot;
    ri.fl_kill = t->o.retire;
  }
  if (!ri.rd_valid && !ri.wr_valid && !ri.fl_valid) return;   /* nothing read, written or flushed: no change */
  ws_slot_eval(&t->rfc, &ri, &ro);
  ws_slot_tick(&t->rfc, &ri);
  s->mrf_reads += ro.mrf_rd_n;
  s->mrf_writes += ro.mrf_wr_n;
  if (w >= 0) {                                  /* hits, each register once (as operand_reads counts them) */
    const ws_inst *in = ws_next_inst(&s->warps[w]);
    for (int q = 0; q < in->nsrc && q < WS_MAX_SRC; q++) {
      int dup = 0;
      for (int u = 0; u < q; u++) dup |= in->src[u] == in->src[q];
      s->rfc_hits += !dup && (ro.rd_hit >> q & 1);
    }
  }
  if (wb_slot >= 0) {                            /* the returned load's register is written now */
    ws_warp *lw = &s->warps[wb_slot];
    lw->reg_ready[wb_reg] = g->now + 1;
    lw->reg_long[wb_reg] = 0;
    lw->rfc_wb--;
    if (lw->last_wb < g->now) lw->last_wb = g->now;
    s->warp_changed |= (uint64_t)1 << wb_slot;
  }
}

void ws_schedule_tls(ws_gpu *g, ws_sm *s) {
  const ws_config *c = &g->cfg;
  ws_sm_look(g, s);
  int64_t now = g->now;
  int first = (int)(now % c->n_sched);           /* schedulers take turns at the shared LSU */
  for (int j = 0; j < c->n_sched; j++) {
    int k = (first + j) % c->n_sched;
    ws_tls *t = &s->tls[k];
    tls_in *in = &t->in;
    memset(in, 0, sizeof *in);
    ws_slot_eval(&t->slot, in, &t->o);           /* the active set is registered: known before the inputs */
    ws_tls_map(t, c->tls_active);
    /* pending warps: ready when not waiting on a load of their own or at a barrier */
    for (uint64_t r = s->next_valid & ~s->next_ll & ~s->next_bar & s->sched_warps[k]; r; r &= r - 1)
      in->warp_ready |= bit(__builtin_ctzll(r) / c->n_sched);
    if (c->caps_order) in->warp_prio = ws_caps_prio(g, s, k);
    int wake = s->pf.wake - 1;
    if (wake >= 0 && wake % c->n_sched == k) {   /* a prefetch for this warp arrived last cycle */
      in->wake = 1;
      in->wake_warp = (uint32_t)(wake / c->n_sched);
      s->pf.wake = 0;
    }
    uint64_t blocked = ws_pipe_blocked(g, s);   /* after the other schedulers' issues this cycle */
    for (int a = 0; a < c->tls_active; a++) {
      if (t->slot_warp[a] < 0) continue;
      int w = k + t->slot_warp[a] * c->n_sched;
      uint64_t b = bit(w);
      if (!(s->next_valid & b)) {                 /* no warp of the kernel there: let the block free the slot */
        in->slot_ready |= 1u << a;
        in->slot_exit |= 1u << a;
        continue;
      }
      if ((s->next_mark | s->next_bar) & b) in->slot_llc |= 1u << a;
      if (s->next_exit & b) in->slot_exit |= 1u << a;
      if (s->ready_at[w] <= now && !(blocked & b)) in->slot_ready |= 1u << a;
    }
    ws_slot_eval(&t->slot, in, &t->o);
    if (in->wake && t->o.promote && t->o.promote_warp == in->wake_warp) {
      s->pf.wakeups++;
      s->pf.wake_evicts += t->o.wake_evict;
    }
    if (t->o.demote && !g->finished) t->demotions++;
    if (t->o.promote && !g->finished) t->promotions++;
    int w = k + (int)t->o.pick_warp * c->n_sched, real = t->o.issue && (s->next_valid >> w & 1);
    if (t->o.issue && !real) t->ghost_exits++;   /* the block retired an empty slot */
    if (c->rfc) ws_rfc_cycle(g, s, k, real ? w : -1);
    if (real) ws_issue(g, s, &s->sched[k], w);
  }
}

/* End of cycle t, the CTAs of t + 1 placed: each block's clock edge.  The
** block takes a launch only into a free id (neither pending nor active, as
** its outputs show this cycle); an id whose warp retires at this very edge
** is free from the next, so its new warp waits a cycle at the launch port. */
void ws_tls_edge(ws_gpu *g, ws_sm *s) {
  for (int k = 0; k < g->cfg.n_sched; k++) {
    ws_tls *t = &s->tls[k];
    if (t->launches.count) {
      int id = t->launches.q[t->launches.head], held = (int)(t->o.pending >> id & 1);
      for (int a = 0; a < g->cfg.tls_active && !held; a++) held = t->slot_warp[a] == id;
      if (!held) {
        ws_warpq_pop(&t->launches);
        t->in.launch = 1;
        t->in.launch_warp = (uint32_t)id;
      }
    }
    ws_slot_tick(&t->slot, &t->in);
    t->in.launch = 0;
  }
}
