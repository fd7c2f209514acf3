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

#include <string.h>

static uint64_t bit(int i) { return (uint64_t)1 << i; }

int ws_tls_init(ws_gpu *g, ws_sm *s, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  char owner[32];
  for (int k = 0; k < c->n_sched; k++) {
    ws_tls *t = &s->tls[k];
    t->warps = (c->warps_per_sm - k + c->n_sched - 1) / c->n_sched;
    tls_params p = {.WARPS = t->warps, .ACTIVE = c->tls_active, .INNER = c->tls_inner};
    snprintf(owner, sizeof owner, "SM %d scheduler %d", s->id, k);
    if (tls_params_check(&p, err, n) ||
        ws_slot_init(&t->slot, "tls", &p, sizeof(tls_in), sizeof(tls_out), owner, err, n))
      return -1;
  }
  return 0;
}

void ws_tls_free(ws_sm *s) {
  for (int k = 0; k < WS_MAX_SCHED; k++) ws_slot_free(&s->tls[k].slot);
}

/* the warp id in active slot a, from the block's packed active_warp output */
static int ws_tls_slot_warp(const ws_tls *t, int a) {
  int wb = 1;
  while ((1 << wb) < t->warps) wb++;
  int at = a * wb;
  uint32_t v = t->o.active_warp[at / 32] >> (at % 32);
  if (at % 32 + wb > 32) v |= t->o.active_warp[at / 32 + 1] << (32 - at % 32);
  return (int)(v & ((1u << wb) - 1));
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
    for (int id = 0; id < t->warps; id++) {       /* pending warps: ready when not waiting on a load or barrier */
      int w = k + id * c->n_sched;
      if ((s->next_valid >> w & 1) && !(s->next_ll >> w & 1) && !(s->next_bar >> w & 1)) in->warp_ready |= bit(id);
    }
    for (int a = 0; a < c->tls_active; a++) {
      if (!(t->o.active_valid >> a & 1)) continue;
      int w = k + ws_tls_slot_warp(t, a) * c->n_sched;
      const ws_warp *wp = &s->warps[w];
      if (!(s->next_valid >> w & 1)) {            /* no warp of the kernel there: let the block free the slot */
        in->slot_ready |= 1u << a;
        in->slot_exit |= 1u << a;
        continue;
      }
      const ws_inst *inst = &g->kern.inst[wp->pc];
      if (g->ll_marked[wp->pc] || (s->next_bar >> w & 1)) in->slot_llc |= 1u << a;
      if (wp->pc == g->kern.n_inst - 1 && wp->iter == g->kern.iterations - 1) in->slot_exit |= 1u << a;
      if (s->ready_at[w] <= now && ws_pipe_free(s, &s->sched[k], ws_pipe_of(inst->op), now)) in->slot_ready |= 1u << a;
    }
    ws_slot_eval(&t->slot, in, &t->o);
    if (t->o.demote && !g->finished) t->demotions++;
    if (t->o.promote && !g->finished) t->promotions++;
    if (!t->o.issue) continue;
    int w = k + (int)t->o.pick_warp * c->n_sched;
    if (!(s->next_valid >> w & 1)) { t->ghost_exits++; continue; }   /* the block retired an empty slot */
    ws_issue(g, s, &s->sched[k], w);
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
      for (int a = 0; a < g->cfg.tls_active && !held; a++)
        held = (t->o.active_valid >> a & 1) && ws_tls_slot_warp(t, a) == id;
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
