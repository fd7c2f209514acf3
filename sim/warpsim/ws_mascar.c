/*
** ws_mascar.c -- Mascar (sched = mascar) on an SM: the memsat, wst and rexq
** blocks in their slots, and the issue stage that follows wst's picks.
** Sethia's thesis Ch. IV (Mascar, HPCA'15); docs/warpsim.md, "Mascar".
**
** A cycle t of one SM:
**   begin   memsat's flag and wst's outputs for t (both registered in the
**           blocks: the WST written at the end of t - 1, the mode, the owner)
**   issue   the compute and memory picks of wst; more compute picks for more
**           schedulers (the same picker, the warps already picked masked off)
**   LSU/L1  ws_core.c: the owner filter, NACKs, the re-execution queue
**   edge    after the CTAs of t + 1 are placed: memsat sees the L1's
**           occupancy during t; wst sees each warp's next instruction as it
**           stands at t + 1 (memory or not, operands ready, depends on its own
**           load), the launches, and which picks issued
** The one-cycle WST is the block's pipeline (decode -> WST -> issue), so what
** the scheduler picks at t + 1 is exactly what a warp can issue at t + 1.
*/
#include "ws_gpu.h"

#include <string.h>

static uint64_t bit(int i) { return (uint64_t)1 << i; }

int ws_mascar_init(ws_gpu *g, ws_sm *s, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  ws_mascar *m = &s->mascar;
  char owner[24];
  snprintf(owner, sizeof owner, "SM %d", s->id);
  memsat_params mp = {.MSHRS = c->l1_mshr_entries, .MISSQ = c->l1_miss_queue,
                      .SET_FREE_MSHR = c->mascar_set_free_mshr, .CLR_FREE_MSHR = c->mascar_clr_free_mshr,
                      .SET_FREE_MISSQ = c->mascar_set_free_missq, .CLR_FREE_MISSQ = c->mascar_clr_free_missq,
                      .SPACES = 1, .HOLD = c->mascar_hold};   /* warpsim models the global space only */
  wst_params wp = {.W = c->warps_per_sm};
  if (memsat_params_check(&mp, err, n) || wst_params_check(&wp, err, n)) return -1;
  if (WS_SLOT_INIT(&m->memsat, memsat, &mp, &g->now, owner, err, n) ||
      WS_SLOT_INIT(&m->wst, wst, &wp, &g->now, owner, err, n))
    return -1;
  m->has_rexq = c->mascar_rexq > 0;
  if (m->has_rexq) {
    rexq_params rp = {.ENTRIES = c->mascar_rexq, .WARPS = c->warps_per_sm, .ADDR_BITS = 64,
                      .OFFSET_BITS = g->line_shift, .THREADS = 32, .REG_BITS = 7};
    if (rexq_params_check(&rp, err, n) ||
        WS_SLOT_INIT(&m->rexq, rexq, &rp, &g->now, owner, err, n))
      return -1;
  }
  m->prev_owner = -1;
  return 0;
}

void ws_mascar_free(ws_sm *s) {
  ws_slot_free(&s->mascar.memsat);
  ws_slot_free(&s->mascar.wst);
  ws_slot_free(&s->mascar.rexq);
}

/* Start of cycle t: the blocks' registered outputs.  wst's picks depend on
** warp_valid alone among its inputs; the other inputs matter at the edge. */
static void ws_mascar_begin(ws_gpu *g, ws_sm *s) {
  ws_mascar *m = &s->mascar;
  memsat_in mi = {0};
  ws_slot_eval(&m->memsat, &mi, &m->sat);
  wst_in wi = {0};
  m->valid = wi.warp_valid = s->next_valid;
  ws_slot_eval(&m->wst, &wi, &m->pick);
  int owner = m->pick.owner_valid ? (int)m->pick.owner : -1;
  if (m->pick.mode_mp && !g->finished) m->mp_cycles++;
  if (owner != m->prev_owner) {
    if (owner >= 0) {
      m->owner_changes++;
      /* issue mode: the warps memory-ready as the owner takes over keep their turn at the L1 */
      m->nonowner_ok = g->cfg.mascar_nonowner == WS_NONOWNER_ISSUE ? m->mem_ready & ~bit(owner) : 0;
    } else m->nonowner_ok = 0;
    m->prev_owner = owner;
  }
  if (!m->pick.mode_mp) m->nonowner_ok = 0;
  m->alu_issue = m->mem_issue = 0;
}

/* the warp can issue its next instruction on this kind of pick now */
static int ws_mascar_can(ws_gpu *g, ws_sm *s, int slot, int mem) {
  const ws_warp *w = &s->warps[slot];
  if (!w->live || w->issued_all) return 0;
  const ws_inst *in = ws_next_inst(w);
  int pipe = ws_pipe_of(in->op);
  if ((pipe == WS_PIPE_MEM) != mem) return 0;
  const ws_sched *sc = &s->sched[slot % g->cfg.n_sched];
  return ws_pipe_free(s, sc, pipe, g->now) && ws_can_issue(w, in, g->now) && !(mem && s->mascar.queued[slot]);
}

/* mascar_nonowner = issue: the oldest warp still allowed to send its memory
** instruction although it is not the owner; -1 none */
static int ws_nonowner_pick(ws_gpu *g, ws_sm *s) {
  int best = -1;
  for (int i = 0; i < g->cfg.warps_per_sm; i++)
    if ((s->mascar.nonowner_ok >> i & 1) && ws_mascar_can(g, s, i, 1) &&
        (best < 0 || s->warps[i].age < s->warps[best].age))
      best = i;
  return best;
}

/* The issue stage: per scheduler one compute pick, and one memory pick per
** SM (one LSU), in wst's priority order (memory first in EP mode, compute
** first in MP).  issue_mode one: a scheduler issues one of the two;
** per_pipe: both.  A pick that cannot go (its pipe is busy) leaves its slot
** empty: the picker is wst's, there is no second choice. */
void ws_schedule_mascar(ws_gpu *g, ws_sm *s) {
  const ws_config *c = &g->cfg;
  ws_mascar *m = &s->mascar;
  ws_mascar_begin(g, s);
  if (!s->live_warps) return;
  uint64_t picked = 0;
  int mem_tried = 0, alu0 = -1;
  wst_in wi = {0};
  wst_out o = m->pick;
  for (int j = 0; j < c->n_sched; j++) {
    if (j) {                                     /* the next scheduler: the same picker without the warps taken */
      wi.warp_valid = m->valid & ~picked;
      ws_slot_eval(&m->wst, &wi, &o);
    }
    if (j == 0 && o.alu_valid) alu0 = (int)o.alu_warp;
    int did = 0;
    for (int k = 0; k < 2; k++) {
      int mem = o.mem_first ? k == 0 : k == 1;
      if (did && c->issue_mode == WS_ISSUE_ONE) break;
      if (mem) {
        if (mem_tried) continue;
        int w = o.mem_valid ? (int)o.mem_warp : -1, pick = w >= 0;
        if (w < 0 && m->nonowner_ok) w = ws_nonowner_pick(g, s);
        if (w < 0) continue;
        mem_tried = 1;
        picked |= bit(w);
        if (!ws_mascar_can(g, s, w, 1)) continue;
        if (pick) m->mem_issue = 1;
        else m->nonowner_issues++;
        m->nonowner_ok &= ~bit(w);
        ws_issue(g, s, &s->sched[w % c->n_sched], w);
        did = 1;
      } else {
        if (!o.alu_valid) continue;
        int w = (int)o.alu_warp;
        picked |= bit(w);
        if (!ws_mascar_can(g, s, w, 0)) continue;
        if (w == alu0) m->alu_issue = 1;
        ws_issue(g, s, &s->sched[w % c->n_sched], w);
        did = 1;
      }
    }
  }
}

/* End of cycle t (the CTAs of t + 1 placed): memsat's and wst's clock edge. */
void ws_mascar_edge(ws_gpu *g, ws_sm *s) {
  ws_mascar *m = &s->mascar;
  memsat_in mi = {.mshr_occ = m->occ_mshr, .missq_occ = m->occ_missq};
  ws_slot_tick(&m->memsat, &mi);                /* its outputs are registered: read at the next begin */

  wst_in wi = {0};
  wi.warp_valid = m->valid;
  wi.sat = m->sat.sat;
  int64_t next = g->now + 1;
  ws_sm_look(g, s);
  wi.mem_next = s->next_mem;
  wi.dep_ll = s->next_ll;
  for (uint64_t v = s->next_valid; v; v &= v - 1) {
    int i = __builtin_ctzll(v);
    if (s->ready_at[i] <= next && !((s->next_mem >> i & 1) && m->queued[i])) wi.ready |= bit(i);
  }
  m->mem_ready = wi.mem_next & wi.ready;
  wi.mrq_empty = m->mem_ready == 0;
  wi.rexq_valid = m->has_rexq && !m->q.empty;
  wi.rexq_warp = m->has_rexq ? m->q.head_warp : 0;
  wi.alu_issue = (uint32_t)m->alu_issue;
  wi.mem_issue = (uint32_t)m->mem_issue;
  int lw = ws_warpq_pop(&m->launches);          /* one launch a cycle, in placement order */
  if (lw >= 0) {
    wi.launch = 1;
    wi.launch_warp = (uint32_t)lw;
  }
  if (wi.sat != m->pick.mode_mp && !g->finished) m->mode_switches++;
  ws_slot_tick(&m->wst, &wi);                   /* outputs: this cycle's warp_valid, as evaluated at the begin */
}
