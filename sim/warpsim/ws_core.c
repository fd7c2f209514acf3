/*
** ws_core.c -- one SM of warpsim: CTA dispatch into warp slots, the
** scoreboard, LRR and GTO warp schedulers (one instruction per scheduler per
** cycle, or one per pipe), ALU and SFU pipes, the blocking LSU with its
** coalescer, and the L1 with the 'mshr' block as its MSHR file.
**
** Order inside a cycle t (docs/warpsim.md, "Timing"): the schedulers issue
** from the state at the start of t; the LSU presents one line to the L1 (a
** memory instruction issued at t presents its first line at t); the MSHR
** takes that request, this cycle's fill and drains one waiter; results
** returned at t are readable from t + 1.
*/
#include "ws_gpu.h"

#include <inttypes.h>
#include <string.h>

#define WS_PAYLOAD(warp, reg) ((uint32_t)(warp) << 6 | (uint32_t)(reg))

int ws_pipe_of(int op) {
  switch (op) {
  case WS_OP_LD: case WS_OP_ST: return WS_PIPE_MEM;
  case WS_OP_SFU: return WS_PIPE_SFU;
  default: return WS_PIPE_ALU;                   /* ALU ops and barriers */
  }
}

/* ---- CTA dispatch ---------------------------------------------------------------- */

/* Place CTA g->next_cta on s if a CTA slot and enough warp slots are free. */
static int ws_place_cta(ws_gpu *g, ws_sm *s) {
  const ws_config *c = &g->cfg;
  if (g->next_cta >= g->kern.grid) return 0;
  if (s->live_ctas >= g->ctas_fit || c->warps_per_sm - s->live_warps < g->warps_per_cta) {
    g->sm_full |= (uint64_t)1 << s->id;          /* until a warp of it retires */
    return 0;
  }
  if (c->equalizer != WS_EQ_OFF && !ws_eq_may_place(g, s)) return 0;
  ws_sm_wake(g, s, g->now + 1);                  /* (at a cycle's end: that cycle rested) */
  int cs = 0;
  while (s->ctas[cs].live) cs++;
  ws_cta *cta = &s->ctas[cs];
  memset(cta, 0, sizeof *cta);
  cta->live = 1;
  cta->ctaid = g->next_cta++;
  cta->warps = g->warps_per_cta;
  int slot = 0;
  for (int k = 0; k < g->warps_per_cta; k++) {
    while (s->warps[slot].live) slot++;
    ws_warp *w = &s->warps[slot];
    memset(w, 0, sizeof *w);
    w->live = 1;
    s->warp_changed |= (uint64_t)1 << slot;
    w->cta_slot = cs;
    w->warp_in_cta = k;
    if (g->kern.trace) {                         /* a traced warp runs its own stream, once */
      int64_t t = cta->ctaid * g->kern.trace->warps_per_cta + k;
      w->code = g->kern.trace->warp[t];
      w->n_code = g->kern.trace->n[t];
    } else {
      w->code = g->kern.inst;
      w->n_code = g->kern.n_inst;
    }
    if (w->n_code == 0) {                        /* nothing to run: it retires once placed */
      w->issued_all = 1;
      s->finishing |= (uint64_t)1 << slot;
    }
    cta->warp_slot[k] = (int8_t)slot;
    int threads = g->kern.cta - k * 32;
    w->exists = threads >= 32 ? 0xffffffffu : (1u << threads) - 1;
    w->age = g->warp_age++;
    s->warp_age[slot] = w->age;
    /* Mascar's wst orders warps by launch; its reset order is the slot order, which is the
    ** order of the CTAs placed in cycle 0, so only later placements are launches */
    if (c->sched == WS_SCHED_MASCAR && g->now > 0) ws_warpq_push(&s->mascar.launches, slot);
    if (WS_SCHED_IS_OAWS(c->sched)) ws_oaws_placed(g, s, slot);
    if (c->sched == WS_SCHED_TWO_LEVEL && g->now > 0)   /* the reset state holds every id: cycle 0 needs no launch */
      ws_warpq_push(&s->tls[slot % c->n_sched].launches, slot / c->n_sched);
  }
  if (c->prefetch) ws_pf_placed(g, s, cs);
  s->live_ctas++;
  s->live_warps += g->warps_per_cta;
  s->eq.running++;
  return 1;
}

/* Every free slot on every SM, one CTA per SM per round (round robin). */
void ws_dispatch(ws_gpu *g) {
  int n = g->cfg.n_sm, placed = 1;
  uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  while (placed && g->next_cta < g->kern.grid && (g->sm_full & all) != all) {   /* (full SMs: no visit) */
    placed = 0;
    for (int k = 0, i = g->dispatch_rr; k < n && g->next_cta < g->kern.grid; k++, i = i + 1 == n ? 0 : i + 1)
      if (!(g->sm_full >> i & 1) && ws_place_cta(g, &g->sm[i])) { placed = 1; g->dispatch_rr = i + 1 == n ? 0 : i + 1; }
  }
}

/* ---- per-thread views ------------------------------------------------------------ */

static void ws_thread_vars(const ws_gpu *g, const ws_sm *s, const ws_warp *w, int lane, int64_t v[WS_VAR_N]) {
  int64_t tid = (int64_t)w->warp_in_cta * 32 + lane;
  v[WS_VAR_TID] = tid;
  v[WS_VAR_CTAID] = s->ctas[w->cta_slot].ctaid;
  v[WS_VAR_ITER] = w->iter;
  v[WS_VAR_LANE] = lane;
  v[WS_VAR_WARP] = w->warp_in_cta;
  v[WS_VAR_GTID] = v[WS_VAR_CTAID] * g->kern.cta + tid;
  v[WS_VAR_NTID] = g->kern.cta;
  v[WS_VAR_NCTAID] = g->kern.grid;
}

uint32_t ws_active_mask(const ws_gpu *g, const ws_sm *s, const ws_warp *w, const ws_inst *in) {
  if (g->kern.trace) return in->lanes & w->exists;
  const ws_expr *mask = &g->kern.mask[in->pc];
  if (mask->n == 0) return w->exists;
  uint32_t m = 0;
  int64_t v[WS_VAR_N], val[32];
  ws_thread_vars(g, s, w, 0, v);
  if (g->mask_lin[in->pc].ok) ws_lin_eval_warp(&g->mask_lin[in->pc], v, val);
  else ws_expr_eval_warp(mask, v, val);
  for (int lane = 0; lane < 32; lane++)
    if ((w->exists >> lane & 1) && val[lane]) m |= 1u << lane;
  return m;
}

/* the LSU's lanes' addresses (inactive lanes 0), written out when first asked for */
const uint64_t *ws_lsu_addr(ws_lsu *l) {
  if (l->addr_lazy) {
    for (int lane = 0; lane < 32; lane++)
      l->addr[lane] = l->active >> lane & 1 ? l->addr_v0 + (uint64_t)lane * l->addr_d : 0;
    l->addr_lazy = 0;
  }
  return l->addr;
}

/* ---- the scoreboard and issue -------------------------------------------------- */


int ws_pipe_free(const ws_sm *s, const ws_sched *sc, int pipe, int64_t now) {
  if (pipe == WS_PIPE_MEM) return !s->lsu.busy;
  if (pipe == WS_PIPE_SFU) return sc->sfu_free <= now;
  return 1;
}

/* Release a CTA's barrier once every warp of it that has not finished waits
** there; the released warps issue from the next cycle on, whichever scheduler
** goes first this cycle. */
static void ws_barrier_release(const ws_gpu *g, ws_sm *s, int cs) {
  ws_cta *cta = &s->ctas[cs];
  if (cta->at_barrier == 0 || cta->at_barrier < cta->warps - cta->warps_done) return;
  for (int i = 0; i < g->cfg.warps_per_sm && cta->at_barrier; i++) {
    ws_warp *w = &s->warps[i];
    if (w->live && w->cta_slot == cs && w->at_barrier) {
      w->at_barrier = 0;
      s->warp_changed |= (uint64_t)1 << i;
      w->resume = g->now + 1;
      cta->at_barrier--;
    }
  }
}

void ws_issue(ws_gpu *g, ws_sm *s, ws_sched *sc, int slot) {
  const ws_config *c = &g->cfg;
  int64_t now = g->now;
  ws_warp *w = &s->warps[slot];
  const ws_inst *in = ws_next_inst(w);
  uint32_t active = ws_active_mask(g, s, w, in);
  if (w->last_wb < now) w->last_wb = now;       /* the warp is busy at least in its issue cycle */
  if (g->issue_trace) {
    static const char *const op_name[] = {"alu", "sfu", "ld", "st", "bar"};
    fprintf(g->issue_trace, "%" PRId64 " %d %d %d %" PRId64 " %d %" PRId64 " %d %s\n", now, s->id,
            (int)(sc - s->sched), slot, s->ctas[w->cta_slot].ctaid, w->warp_in_cta, w->iter, w->pc, op_name[in->op]);
  }
  s->insts++;
  sc->issued++;
  if (c->equalizer != WS_EQ_OFF) s->eq.issued |= (uint64_t)1 << slot;   /* its sample: X_alu, X_mem are ready warps not issued */
  int nread = 0;                                 /* register operands, each register once */
  for (int k = 0; k < in->nsrc; k++) {
    int dup = 0;
    for (int q = 0; q < k; q++) dup |= in->src[q] == in->src[k];
    nread += !dup;
  }
  s->operand_reads += (uint64_t)nread;
  if (!c->rfc) {                                 /* every operand from the MRF, every result to it */
    s->mrf_reads += (uint64_t)nread;
    s->mrf_writes += in->dst >= 0;
  }
  s->thread_insts += (uint64_t)wg_popcount64(active);   /* (inline: no library call) */
  switch (in->op) {
  case WS_OP_ALU:
  case WS_OP_SFU: {
    int lat = in->op == WS_OP_ALU ? c->alu_latency : c->sfu_latency;
    if (in->op == WS_OP_SFU) sc->sfu_free = now + c->sfu_interval;
    if (in->dst >= 0) w->reg_ready[in->dst] = now + lat;
    if (w->last_wb < now + lat - 1) w->last_wb = now + lat - 1;
    break;
  }
  case WS_OP_LD:
  case WS_OP_ST: {
    ws_lsu *l = &s->lsu;
    l->active = active;
    l->addr_lazy = 0;
    l->n_lines = -1;
    if (in->addr) {                              /* traced: the lanes' own addresses */
      for (int lane = 0; lane < 32; lane++) l->addr[lane] = active >> lane & 1 ? in->addr[lane] : 0;
    } else {
      int64_t v[WS_VAR_N], val[32];
      ws_thread_vars(g, s, w, 0, v);
      if (g->addr_lin[in->pc].ok) {              /* lane l at v0 + l * d: one line found without the lanes */
        ws_lin_lanes(&g->addr_lin[in->pc], v, &l->addr_v0, &l->addr_d);
        l->addr_lazy = 1;
        l->n_lines = ws_coalesce_affine(l->addr_v0, l->addr_d, active, g->line_shift, l->lines);
      } else {
        ws_expr_eval_warp(&g->kern.addr[in->pc], v, val);
        for (int lane = 0; lane < 32; lane++) l->addr[lane] = active >> lane & 1 ? (uint64_t)val[lane] : 0;
      }
    }
    if (l->n_lines < 0) l->n_lines = ws_coalesce(ws_lsu_addr(l), active, g->line_shift, l->lines);
    l->pc = (int)in->pc;
    l->pf_shown = 0;
    l->next = 0;
    l->held = l->queued_any = l->missed = 0;
    l->warp = slot;
    l->is_store = in->op == WS_OP_ST;
    l->reg = l->is_store ? (in->nsrc ? in->src[0] : 0) : in->dst;   /* a store's: its data register */
    l->busy = l->n_lines > 0;
    s->lines_requested += (uint64_t)l->n_lines;
    w->outstanding += l->n_lines;
    if (l->is_store) s->stores++;
    else {
      s->loads++;
      if (w->warp_in_cta == 0) s->ctas[w->cta_slot].lead_loaded = 1;
      if (l->n_lines == 0) {                     /* no active thread: nothing to wait for */
        s->loads_done++;
        w->reg_ready[in->dst] = now + 1;
      } else {
        w->reg_ready[in->dst] = WS_NEVER;
        w->reg_pending[in->dst] = (uint16_t)l->n_lines;
        w->reg_long[in->dst] = 1;
        s->load_born[slot * WS_MAX_REGS + in->dst] = now;
      }
    }
    break;
  }
  case WS_OP_BAR:
    w->at_barrier = 1;
    s->ctas[w->cta_slot].at_barrier++;
    break;
  }
  s->warp_changed |= (uint64_t)1 << slot;
  if (++w->pc == w->n_code) {
    w->pc = 0;
    if (++w->iter == g->kern.iterations) {
      w->issued_all = 1;
      s->finishing |= (uint64_t)1 << slot;
    }
  }
  if (in->op == WS_OP_BAR) ws_barrier_release(g, s, w->cta_slot);
}

/* Warp i's next instruction: when its operands are ready (ws_can_issue
** holds from that cycle on until the warp changes), whether it accesses
** memory, and whether it waits on one of the warp's own loads (the long-
** latency bit of a source, or of its destination: a write over its own
** pending load waits too). */
static void ws_look_warp(const ws_gpu *g, ws_sm *s, int i) {
  const ws_warp *w = &s->warps[i];
  s->next_valid &= ~((uint64_t)1 << i);
  s->next_mem &= ~((uint64_t)1 << i);
  s->next_ll &= ~((uint64_t)1 << i);
  s->next_sfu &= ~((uint64_t)1 << i);
  s->next_bar &= ~((uint64_t)1 << i);
  s->next_mark &= ~((uint64_t)1 << i);
  s->next_exit &= ~((uint64_t)1 << i);
  s->ready_at[i] = WS_NEVER;
  if (!w->live || w->issued_all) return;
  s->next_valid |= ((uint64_t)1 << i);
  const ws_inst *in = ws_next_inst(w);
  if (ws_pipe_of(in->op) == WS_PIPE_MEM) s->next_mem |= ((uint64_t)1 << i);
  if (ws_pipe_of(in->op) == WS_PIPE_SFU) s->next_sfu |= ((uint64_t)1 << i);
  if (w->at_barrier) s->next_bar |= ((uint64_t)1 << i);
  if (in->ll_mark) s->next_mark |= ((uint64_t)1 << i);
  if (w->pc == w->n_code - 1 && w->iter == g->kern.iterations - 1) s->next_exit |= ((uint64_t)1 << i);
  int ll = in->dst >= 0 && w->reg_long[in->dst];
  int64_t at = w->resume;
  for (int k = 0; k < in->nsrc; k++) {
    ll |= w->reg_long[in->src[k]];
    if (w->reg_ready[in->src[k]] > at) at = w->reg_ready[in->src[k]];
  }
  if (in->dst >= 0 && w->reg_ready[in->dst] > at) at = w->reg_ready[in->dst];
  if (ll) s->next_ll |= ((uint64_t)1 << i);
  if (!w->at_barrier) s->ready_at[i] = at;
}

uint64_t ws_pipe_blocked(const ws_gpu *g, const ws_sm *s) {
  uint64_t blocked = s->lsu.busy ? s->next_mem : 0;
  for (int k = 0; k < g->cfg.n_sched; k++)
    if (s->sched[k].sfu_free > g->now) blocked |= s->next_sfu & s->sched_warps[k];
  return blocked;
}

void ws_sm_look(const ws_gpu *g, ws_sm *s) {
  for (uint64_t ch = s->warp_changed; ch; ch &= ch - 1) ws_look_warp(g, s, __builtin_ctzll(ch));
  s->ready_stale |= s->warp_changed;
  s->warp_changed = 0;
}

/* ---- warp-scheduling policies ------------------------------------------------------
** A policy picks, for scheduler k and a pipe (-1: any pipe), one of its warps
** that can issue now, and learns which one issued.  The scheduler's warps are
** the slots k, k + n_sched, ...; 'idx' is a warp's index among them.  Mascar,
** OAWS and the two-level scheduler join as further rows of ws_policies. */

typedef struct ws_pick_ctx {
  const ws_sched *sc;
  int      k, pipe, n_sched;           /* scheduler, pipe (-1 any), schedulers */
  uint64_t cand;                       /* its warps that can issue on that pipe now */
  const int64_t *age;                  /* each slot's warp's age */
} ws_pick_ctx;

/* LRR: the first candidate after the last one issued (a scheduler's warps are
** the slots k, k + n_sched, ...: slot order is their order) */
static int ws_pick_lrr(const ws_pick_ctx *x) {
  int start = x->k + x->sc->rr[x->pipe < 0 ? 0 : x->pipe] * x->n_sched;
  uint64_t after = start >= 64 ? 0 : x->cand & ~(((uint64_t)1 << start) - 1);
  return __builtin_ctzll(after ? after : x->cand);
}

/* GTO: the last warp issued while it can issue, else the oldest candidate */
static int ws_pick_gto(const ws_pick_ctx *x) {
  int greedy = x->sc->greedy[x->pipe < 0 ? 0 : x->pipe], best = -1;
  if (greedy >= 0) {
    int slot = x->k + greedy * x->n_sched;
    if (slot < 64 && (x->cand >> slot & 1)) return slot;
  }
  int64_t best_age = INT64_MAX;
  for (uint64_t c = x->cand; c; c &= c - 1) {
    int slot = __builtin_ctzll(c);
    if (x->age[slot] < best_age) { best_age = x->age[slot]; best = slot; }
  }
  return best;
}

typedef struct ws_policy {
  int (*pick)(const ws_pick_ctx *x);   /* slot of the warp to issue (x->cand is not empty) */
} ws_policy;

static const ws_policy ws_policies[] = {
  [WS_SCHED_LRR] = {ws_pick_lrr},
  [WS_SCHED_GTO] = {ws_pick_gto},
};

/* The warps whose operands are ready now, from the next-instruction cache
** (ws_sm_look): the scoreboard's rule (ws_can_issue) evaluated once per warp
** change, and each warp filed by its ready time in a timing wheel, so that a
** cycle costs the warps that changed or came due, not every warp. */
static void ws_ready_file(ws_sm *s, int i, int64_t now) {
  uint64_t bit = (uint64_t)1 << i;
  int64_t at = s->ready_at[i];
  s->ready_placed[i] = at;
  if (at <= now) s->ready_mask |= bit;
  else if (at - now < WS_WHEEL) {
    s->ready_wheel[at & (WS_WHEEL - 1)] |= bit;
    s->ready_wheel_used |= (uint64_t)1 << (at & (WS_WHEEL - 1));
  }
  else if (at != WS_NEVER) {
    if (!s->ready_far || at < s->ready_far_min) s->ready_far_min = at;
    s->ready_far |= bit;
  }
}

/* the ready set as of cycle NOW (the current cycle, or the next one: ws_sm_rest_arm) */
static uint64_t ws_ready_at(const ws_gpu *g, ws_sm *s, int64_t now) {
  ws_sm_look(g, s);
  /* the wheel's slots from ready_last + 1 to now came due (the used ones among them: after a
  ** rest that can be the whole wheel) */
  int64_t steps = now - s->ready_last;
  uint64_t due = s->ready_wheel_used;
  if (steps < WS_WHEEL) {
    int first = (int)((s->ready_last + 1) & (WS_WHEEL - 1));
    uint64_t win = steps > 0 ? ((uint64_t)1 << steps) - 1 : 0;   /* 'steps' slots from 'first' on */
    due &= first ? win << first | win >> (WS_WHEEL - first) : win;
  }
  s->ready_wheel_used &= ~due;
  for (; due; due &= due - 1) {
    int b = __builtin_ctzll(due);
    s->ready_mask |= s->ready_wheel[b];
    s->ready_wheel[b] = 0;
  }
  s->ready_last = now;
  /* the changed warps leave their set and are filed again */
  for (uint64_t ch = s->ready_stale; ch; ch &= ch - 1) {
    int i = __builtin_ctzll(ch);
    uint64_t bit = (uint64_t)1 << i;
    s->ready_mask &= ~bit;
    s->ready_far &= ~bit;
    if (s->ready_placed[i] != WS_NEVER) {
      int w = (int)(s->ready_placed[i] & (WS_WHEEL - 1));
      if (!(s->ready_wheel[w] &= ~bit)) s->ready_wheel_used &= ~((uint64_t)1 << w);
    }
    s->ready_placed[i] = WS_NEVER;
    if (s->next_valid & bit) ws_ready_file(s, i, now);
  }
  s->ready_stale = 0;
  /* the far warps move in when the wheel reaches them */
  if (s->ready_far && s->ready_far_min - now < WS_WHEEL) {
    uint64_t far = s->ready_far;
    s->ready_far = 0;
    s->ready_far_min = WS_NEVER;
    for (; far; far &= far - 1) ws_ready_file(s, __builtin_ctzll(far), now);
  }
  return g->cfg.equalizer != WS_EQ_OFF ? s->ready_mask & ~s->eq.paused_warps : s->ready_mask;
}

static void ws_schedule(ws_gpu *g, ws_sm *s) {
  const ws_config *c = &g->cfg;
  int64_t now = g->now;
  uint64_t ready = ws_ready_at(g, s, g->now);   /* a warp issues at most one instruction a cycle: */
  if (!ready) return;                            /* each issue clears its bit below */
  uint64_t on_pipe[WS_PIPES];
  on_pipe[WS_PIPE_MEM] = s->next_mem;
  on_pipe[WS_PIPE_SFU] = s->next_sfu;
  on_pipe[WS_PIPE_ALU] = s->next_valid & ~s->next_mem & ~s->next_sfu;
  /* schedulers take turns at the shared LSU (without a division per SM and cycle when there are 2^n) */
  int ns = c->n_sched, first = (int)((ns & (ns - 1)) == 0 ? now & (ns - 1) : now % ns);
  int per_pipe = c->issue_mode == WS_ISSUE_PER_PIPE, pipes = per_pipe ? WS_PIPES : 1;
  for (int j = 0, k = first; j < ns; j++, k = k + 1 == ns ? 0 : k + 1) {
    ws_sched *sc = &s->sched[k];
    if (!(ready & s->sched_warps[k])) continue;
    for (int p = 0; p < pipes; p++) {
      int pipe = per_pipe ? p : -1;
      uint64_t cand = ready & s->sched_warps[k];
      if (pipe >= 0) cand &= ws_pipe_free(s, sc, pipe, now) ? on_pipe[pipe] : 0;
      else {                                     /* the ALU is always free; the LSU and the SFU may not be */
        if (s->lsu.busy) cand &= ~on_pipe[WS_PIPE_MEM];
        if ((cand & on_pipe[WS_PIPE_SFU]) && sc->sfu_free > now) cand &= ~on_pipe[WS_PIPE_SFU];
      }
      if (!cand) continue;
      ws_pick_ctx x = {sc, k, pipe, c->n_sched, cand, s->warp_age};
      int slot = ws_policies[c->sched].pick(&x);
      int pp = pipe < 0 ? 0 : pipe, idx = g->slot_index[slot], n = g->sched_slots[k];   /* (no division per issue) */
      sc->rr[pp] = idx + 1 == n ? 0 : idx + 1;   /* both policies' memory: after / at the last issue */
      sc->greedy[pp] = idx;
      ready &= ~((uint64_t)1 << slot);
      ws_issue(g, s, sc, slot);
    }
  }
}

/* ---- results ---------------------------------------------------------------------- */

static void ws_load_return(ws_gpu *g, ws_sm *s, uint32_t payload) {
  int slot = (int)(payload >> 6), reg = (int)(payload & 63);
  int64_t now = g->now;
  ws_warp *w = &s->warps[slot];
  w->outstanding--;
  if (w->last_wb < now) w->last_wb = now;
  if (--w->reg_pending[reg]) return;
  if (g->cfg.rfc) ws_rfc_returned(g, s, slot, reg);   /* written when the cache's write port is free */
  else {
    s->warp_changed |= (uint64_t)1 << slot;
    w->reg_ready[reg] = now + 1;                 /* written at t, read from t + 1 */
    w->reg_long[reg] = 0;
  }
  s->loads_done++;
  uint64_t lat = (uint64_t)(now - s->load_born[slot * WS_MAX_REGS + reg]);
  int b = lat < 2 ? 0 : 63 - __builtin_clzll(lat);   /* [2^b, 2^(b+1)), the last bucket open */
  if (b > WS_LAT_BUCKETS - 1) b = WS_LAT_BUCKETS - 1;
  g->lat_hist[b]++;
  g->lat_sum += lat;
  g->lat_count++;
  if (lat > g->lat_max) g->lat_max = lat;
}

/* ---- the LSU and the L1 ------------------------------------------------------------ */

/* one access to the L1 in a cycle: the LSU's line, or (Mascar) the
** re-execution queue's head */
typedef struct ws_l1_req {
  uint64_t line;
  int      warp, reg, is_store;
} ws_l1_req;

enum { WS_L1_NONE, WS_L1_DONE, WS_L1_MISS, WS_L1_REFUSED };

/* The tag side of an access.  A store is evicted from the L1 and leaves for
** the L2 if the miss queue has room (write-evict, write-through); a load hit
** returns after l1_hit_latency; a load miss becomes the mshr block's request
** in IN (WS_L1_MISS: its outputs decide).  NONOWNER: Mascar's MP mode with
** another warp as the owner: the miss may merge but not allocate ("the L1
** will not allow this non-owner's request to travel to the L2"). */
static int ws_l1_access(ws_gpu *g, ws_sm *s, const ws_l1_req *r, int nonowner, mshr_in *in) {
  const ws_config *c = &g->cfg;
  int64_t now = g->now;
  if (r->is_store) {
    if (c->prefetch && ws_cache_take_pf(&s->l1, r->line)) s->pf.evicted_unused++;   /* write-evict */
    ws_cache_invalidate(&s->l1, r->line);
    if (c->mem_model == WS_MEM_HIER) {
      if (ws_ring_full(&s->port->to_mem)) return WS_L1_REFUSED;
      ws_pkt p = {.line = r->line, .born = g->mem_now + 1, .sm = (uint16_t)s->id, .is_store = 1};
      ws_port_send(s->port, &p);
    }
    s->l1s.store_misses++;
    ws_warp *sw = &s->warps[r->warp];
    sw->outstanding--;
    if (sw->last_wb < now) sw->last_wb = now;   /* the store's line has left the SM */
    return WS_L1_DONE;
  }
  /* a load retried after a miss (a stalled LSU asks every cycle) misses again while no line
  ** entered or left the L1: the tag lookup is skipped, exactly */
  int again = r->line == s->l1_miss.line && s->l1.changes == s->l1_miss.changes;
  if (!again && ws_cache_access(&s->l1, r->line, 0)) {
    int64_t sent = c->prefetch ? ws_cache_take_pf(&s->l1, r->line) : 0;
    if (sent) {                                  /* a prefetched line's first use */
      s->pf.used_timely++;
      s->pf.lead_sum += (uint64_t)(now - (sent - 1));
    }
    ws_pkt p = {.line = r->line, .ready = now + c->l1_hit_latency, .tag = WS_PAYLOAD(r->warp, r->reg)};
    ws_ring_push(&s->hit_q, &p);
    s->l1s.load_hits++;
    return WS_L1_DONE;
  }
  s->l1_miss.line = r->line;
  s->l1_miss.changes = s->l1.changes;
  ws_ring *down = c->mem_model == WS_MEM_FIXED ? &s->fixed_q : &s->port->to_mem;
  in->req_valid = 1;
  in->req_addr = r->line;
  in->req_payload = WS_PAYLOAD(r->warp, r->reg);
  in->req_noalloc = ws_ring_full(down) || nonowner;
  return WS_L1_MISS;
}

/* Mascar: the LSU's NACKed line as the re-execution queue's push: its base
** address, the threads it serves and their byte offsets into it */
static void ws_queue_push_of(const ws_gpu *g, ws_lsu *l, rexq_in *q) {
  uint64_t line = l->lines[l->next];
  const uint64_t *addr = ws_lsu_addr(l);
  int ob = g->line_shift;
  q->push = 1;
  q->push_more = (uint32_t)l->queued_any;
  q->push_warp = (uint32_t)l->warp;
  q->push_base = line << g->line_shift;
  q->push_reg = (uint32_t)l->reg;
  q->push_st = (uint32_t)l->is_store;
  for (int lane = 0; lane < 32; lane++) {
    if (!(l->active >> lane & 1) || ((addr[lane] >> g->line_shift) & WS_LINE_MASK) != line) continue;
    q->push_mask |= (uint64_t)1 << lane;
    uint64_t off = addr[lane] & (((uint64_t)1 << ob) - 1);
    int b = lane * ob;                           /* thread t's offset at bits [t*ob +: ob] */
    q->push_offs[b / 32] |= (uint32_t)(off << (b % 32));
    if (b % 32 + ob > 32) q->push_offs[b / 32 + 1] |= (uint32_t)(off >> (32 - b % 32));
  }
}

/* One cycle of the LSU and the L1.  One access a cycle: the LSU's next line,
** or with Mascar's re-execution queue the queue's head when the queue says
** so (rexq 'issue': the LSU has no new line, or it is stalled).  A refused
** line retries next cycle (head of line) without a queue; with one, it is
** pushed into the queue the next cycle, and while the queue cannot take it
** the LSU stalls and retries it in the cycles the queue leaves the L1 free. */
enum { WS_LSU_REPEATS = 1, WS_LSU_STALLED = 2, WS_LSU_REFUSED = 4 };   /* ws_lsu_cycle's answer */
static int ws_lsu_cycle(ws_gpu *g, ws_sm *s) {
  const ws_config *c = &g->cfg;
  int64_t now = g->now;
  ws_lsu *l = &s->lsu;
  ws_mascar *m = &s->mascar;
  int mascar = c->sched == WS_SCHED_MASCAR, use_q = mascar && m->has_rexq;
  mshr_in in = {0};
  rexq_in qi;                                    /* Mascar's queue only: zeroed where used (120 bytes a cycle) */
  ws_l1_req r = {0};
  enum { FROM_NONE, FROM_LSU, FROM_QUEUE } from = FROM_NONE;

  if (mascar) {                                  /* memsat watches the L1 as it is during this cycle */
    m->occ_mshr = s->l1_mshr_held;
    m->occ_missq = c->mem_model == WS_MEM_HIER ? (uint32_t)s->port->to_mem.count : 0;
  }
  if (use_q) {
    memset(&qi, 0, sizeof qi);
    qi.lsu_req = l->busy && !l->held;
    if (l->held) ws_queue_push_of(g, l, &qi);
    qi.res_valid = (uint32_t)m->res_valid;
    qi.res_ack = (uint32_t)m->res_ack;
    ws_slot_eval(&m->rexq, &qi, &m->q);
    if (m->q.issue) from = FROM_QUEUE;
    else if (qi.lsu_req || (l->held && !m->q.push_ok)) from = FROM_LSU;
    if (m->q.lsu_stall) { s->lsu_stall_cycles++; m->push_stall_cycles++; }
  } else if (l->busy && l->next < l->n_lines) from = FROM_LSU;
  if (from == FROM_LSU) r = (ws_l1_req){l->lines[l->next], l->warp, l->reg, l->is_store};
  else if (from == FROM_QUEUE)
    r = (ws_l1_req){m->q.head_base >> g->line_shift, (int)m->q.head_warp, (int)m->q.head_reg, (int)m->q.head_st};
  int nonowner = mascar && m->pick.owner_valid && r.warp != (int)m->pick.owner;
  int kind = from == FROM_NONE ? WS_L1_NONE : ws_l1_access(g, s, &r, nonowner, &in);
  int req = kind == WS_L1_MISS, accepted = kind == WS_L1_DONE;

  /* the prefetcher: the load's first L1 access shows it to the block (its lanes or requests, the
  ** hit or miss); the prefetch head takes the L1 port when the LSU leaves it free (demand first) */
  int pf = c->prefetch != WS_PF_OFF, pf_req = 0;
  if (pf) {
    ws_pf_load ld = {.pc = l->pc, .slot = l->warp, .hit = kind == WS_L1_DONE, .lsu = l};
    int show = from == FROM_LSU && !l->is_store && !l->pf_shown, hv;
    uint64_t hline;
    uint32_t hpay;
    if (show) l->pf_shown = 1;
    ws_pf_eval(g, s, show ? &ld : NULL, &hv, &hline, &hpay);
    if (from == FROM_NONE && hv && s->live_warps) {
      if (ws_cache_probe(&s->l1, hline)) ws_pf_taken(g, s, 1);   /* already cached: dropped (and reported) */
      else {
        pf_req = 1;
        in.req_valid = 1;
        in.req_addr = hline;
        in.req_payload = hpay;
        in.req_noalloc = ws_ring_full(c->mem_model == WS_MEM_FIXED ? &s->fixed_q : &s->port->to_mem);
      }
    }
  }

  /* this cycle's fill: the fixed-latency memory, or a response from the L2 */
  ws_ring *fq = c->mem_model == WS_MEM_FIXED ? &s->fixed_q : &s->port->from_mem;
  ws_pkt *f = ws_ring_head(fq);
  /* a response is in the port from the memory cycle it arrived (its ready time is on the memory clock) */
  if (f && (c->mem_model == WS_MEM_HIER || f->ready <= now)) {
    uint64_t victim;
    int vdirty;
    in.fill_valid = 1;
    in.fill_addr = f->line;
    if (ws_cache_fill(&s->l1, f->line, 0, &victim, &vdirty)) {
      s->l1s.evictions++;
      if (pf) s->pf.evicted_unused += (uint64_t)s->l1.victim_pf;   /* a prefetched line no load used: too early or useless */
    }
    ws_ring_pop(fq);
  }
  in.drain_ready = 1;                            /* the register file takes one waiter a cycle */
  /* an mshr with nothing to drain and no request or fill keeps its state and shows
  ** nothing: skipping that cycle is exact (ws_mshr_drainable_after) */
  int oaws = WS_SCHED_IS_OAWS(c->sched);
  if (oaws) s->oaws.mshr_alloc = s->oaws.mshr_free = 0;
  if (req || pf_req || in.fill_valid || s->l1_mshr_drainable) {
    mshr_out out;
    /* A lone request (no fill, nothing to drain, no prefetch) can change the block's state only
    ** by being taken. When the block refused it and was not stepped since, the same request
    ** meets the same state: the same refusal, without stepping it (exact, like the idle skip
    ** above). A stalled LSU asks every cycle until the miss queue drains (stream: 8 of 10
    ** SM-cycles). */
    int lone = req && !pf_req && !in.fill_valid && !s->l1_mshr_drainable;
    if (lone && s->l1_refusal.steps && s->l1_refusal.steps == s->l1_mshr.steps && s->l1_refusal.addr == in.req_addr &&
        s->l1_refusal.payload == in.req_payload && s->l1_refusal.noalloc == in.req_noalloc)
      out = s->l1_refusal.out;
    else {
      ws_slot_step(&s->l1_mshr, &in, &out);
      if (lone && !out.req_alloc && !out.req_merge && !out.drain_valid) {
        s->l1_refusal.steps = s->l1_mshr.steps;
        s->l1_refusal.addr = in.req_addr;
        s->l1_refusal.payload = in.req_payload;
        s->l1_refusal.noalloc = in.req_noalloc;
        s->l1_refusal.out = out;
      }
    }
    s->l1_mshr_held = ws_mshr_held_after(&in, &out);
    s->l1_mshr_drainable = ws_mshr_drainable_after(s->l1_mshr_drainable, &in, &out);
    ws_mshr_count(&s->l1m, &out, req || pf_req);
    if (pf) ws_pf_mshr(g, s, &in, &out, req, pf_req);
    if (req) {
      if (out.req_alloc) {
        ws_pkt p = {.line = r.line, .born = g->mem_now + 1, .sm = (uint16_t)s->id,   /* DRAM age: the memory cycle it is first seen in */
                    .ready = now + c->mem_latency - 1};   /* fixed: filled mem_latency - 1 cycles later */
        if (c->mem_model == WS_MEM_FIXED) ws_ring_push(&s->fixed_q, &p);
        else ws_port_send(s->port, &p);
      }
      if (out.req_alloc || out.req_merge) {
        s->l1s.load_misses++;
        accepted = 1;
      } else if (nonowner) m->nacks_nonowner++;
    }
    if (out.drain_valid && (out.drain_payload & WS_PF_BIT)) ws_pf_filled(g, s, out.drain_payload);
    else if (out.drain_valid) ws_load_return(g, s, out.drain_payload);
    if (oaws) {
      s->oaws.mshr_alloc = out.req_alloc != 0;
      s->oaws.mshr_free = out.drain_valid && out.drain_last;   /* drain_ready is 1 */
    }
  }

  if (from == FROM_LSU) {
    if (accepted && !l->is_store && WS_SCHED_IS_OAWS(c->sched)) {   /* OAWS hears this access next cycle */
      ws_oaws *o = &s->oaws;
      o->acc_now = 1;
      o->acc_now_set = (int)(r.line & (uint64_t)(c->l1_sets - 1));
      o->acc_now_miss = kind != WS_L1_DONE;           /* a miss or a merge: not a hit on valid data */
      o->acc_now_last = l->next + 1 == l->n_lines;
    }
    if (kind != WS_L1_DONE) l->missed = 1;
    if (accepted) {
      l->next++;
      l->held = 0;
      if (l->next == l->n_lines && !l->is_store && !l->missed) s->loads_cached++;
    } else {
      if (mascar) m->nacks++;
      if (use_q) l->held = 1;                    /* into the queue from the next cycle */
      else s->lsu_stall_cycles++;                /* refused: retry next cycle (head of line) */
    }
  }
  if (use_q) {
    if (qi.push && m->q.push_ok) {               /* the held line is in the queue */
      m->queued[l->warp]++;
      m->pushes++;
      l->queued_any = 1;
      l->held = 0;
      l->next++;
    }
    if (m->q.in_flight && qi.res_valid && qi.res_ack) {   /* the head leaves */
      m->queued[m->q.head_warp]--;
      m->reexec_ack++;
    }
    if (from == FROM_QUEUE) {
      m->reexec++;
      if (!accepted) m->nacks++;
    }
    m->res_valid = from == FROM_QUEUE;           /* the queue hears its answer next cycle */
    m->res_ack = accepted;
    ws_slot_tick(&m->rexq, &qi);
  }
  if (l->busy && l->next == l->n_lines) {
    /* OAWS: a load keeps the LSU one more cycle, in which the block hears its last access
    ** and retires it; the next load's 'coal' would otherwise meet that access (the block
    ** ignores an access in a coal cycle) */
    if (WS_SCHED_IS_OAWS(c->sched) && !l->is_store && !l->tail) l->tail = 1;
    else l->busy = l->tail = 0;
  }

  if (pf) ws_pf_tick(g, s);

  ws_pkt *h = ws_ring_head(&s->hit_q);
  int returned = h && h->ready <= now;
  if (returned) {
    ws_load_return(g, s, h->tag);
    ws_ring_pop(&s->hit_q);
  }
  if (!g->finished) ws_mshr_occupancy(&s->l1m, &s->l1_occ, s->l1_mshr_held, 1);   /* the kernel's cycles only */
  /* The cycle repeats exactly while nothing arrives (ws_sm_rest_arm): nothing filled,
  ** drained or returned, and the LSU had no line, or its line was refused (a store with the miss
  ** queue full, a lone load the mshr refused: l1_refusal holds its answer) */
  if (!g->sm_rest_ok || in.fill_valid || s->l1_mshr_drainable || returned) return 0;
  if (from == FROM_NONE) return WS_LSU_REPEATS;
  if (from == FROM_LSU && !accepted && (kind == WS_L1_REFUSED || kind == WS_L1_MISS))
    if (kind == WS_L1_REFUSED || s->l1_refusal.steps == s->l1_mshr.steps)
      return WS_LSU_REPEATS | WS_LSU_STALLED | (kind == WS_L1_MISS ? WS_LSU_REFUSED : 0);
  return 0;
}

/* ---- retire finished warps and CTAs ------------------------------------------------ */

static void ws_retire(ws_gpu *g, ws_sm *s) {
  int64_t now = g->now;
  for (uint64_t f = s->finishing; f; f &= f - 1) {   /* in slot order */
    int i = __builtin_ctzll(f);
    ws_warp *w = &s->warps[i];
    if (w->outstanding || w->rfc_wb || w->last_wb > now) continue;
    if (s->lsu.busy && s->lsu.warp == i) continue;
    if (g->last_wb < w->last_wb) g->last_wb = w->last_wb;
    w->live = 0;
    g->sm_full &= ~((uint64_t)1 << s->id);
    s->finishing &= ~((uint64_t)1 << i);
    s->warp_changed |= (uint64_t)1 << i;
    s->eq.paused_warps &= ~((uint64_t)1 << i);
    s->live_warps--;
    ws_cta *cta = &s->ctas[w->cta_slot];
    if (w->at_barrier) cta->at_barrier--;      /* its last instruction was the barrier */
    if (++cta->warps_done == cta->warps) {
      cta->live = 0;
      s->live_ctas--;
      if (g->cfg.equalizer != WS_EQ_OFF) ws_eq_cta_retired(g, s, cta);
      g->ctas_done++;
    } else ws_barrier_release(g, s, w->cta_slot);
  }
}

/* The first cycle after NOW at which a warp's operands come due (the ready wheel and the far
** set), WS_NEVER if none: a resting SM wakes then */
static int64_t ws_ready_next(const ws_sm *s, int64_t now) {
  int64_t at = s->ready_far ? s->ready_far_min : WS_NEVER;
  int r = (int)((now + 1) & (WS_WHEEL - 1));
  uint64_t used = s->ready_wheel_used, rot = r ? used >> r | used << (WS_WHEEL - r) : used;
  if (rot && now + 1 + __builtin_ctzll(rot) < at) at = now + 1 + __builtin_ctzll(rot);
  return at;
}

/* An SM rests when its last cycle changed only counters (no warp changed: nothing issued,
** returned or retired; the LSU idle or refused; nothing filled) and every warp ready waited for
** the busy LSU: each further cycle would repeat it exactly until something arrives: a line or
** room from the memory side (at its port), a warp's operands, a hit's return, a CTA.  A resting
** SM is not visited; the counters its cycles would move are added when it wakes (ws_sm_settle).
** Stream: two of three SM-cycles.  LRR and GTO without the mechanisms (g->sm_rest_ok): the
** mechanisms' blocks see every cycle. */
static void ws_sm_rest_arm(ws_gpu *g, ws_sm *s, int lsu) {
  const ws_lsu *l = &s->lsu;
  if (!(lsu & WS_LSU_REPEATS)) return;
  /* warps changed in this cycle (an issue, a retirement): the next cycle's ready set now, as the
  ** next cycle would compute it first (nothing changes a warp in between without marking it),
  ** so that the SM can rest from that cycle on (stream: the cycle after a memory instruction's
  ** issue, its line refused) */
  if (s->warp_changed || s->ready_stale) ws_ready_at(g, s, g->now + 1);
  if (s->ready_mask & ~(l->busy ? s->next_mem : 0)) return;   /* a warp could issue */
  for (uint64_t f = s->finishing; f; f &= f - 1)                /* ws_retire waits on time alone */
    if (!s->warps[__builtin_ctzll(f)].outstanding) return;
  int64_t until = ws_ready_next(s, g->now);
  const ws_pkt *h = s->hit_q.count ? &s->hit_q.buf[s->hit_q.head] : NULL;
  if (h && h->ready < until) until = h->ready;
  if (g->cfg.mem_model == WS_MEM_FIXED) {
    const ws_pkt *f = s->fixed_q.count ? &s->fixed_q.buf[s->fixed_q.head] : NULL;
    if (f && f->ready < until) until = f->ready;
  } else if (s->port->from_mem.count) return;
  if (until <= g->now + 1) return;
  g->sm_resting |= (uint64_t)1 << s->id;
  g->sm_rest_until[s->id] = until;
  if (until < g->sm_rest_soonest) g->sm_rest_soonest = until;
  s->rest.since = g->now + 1;
  s->rest.stalled = (lsu & WS_LSU_STALLED) != 0;
  s->rest.refused = (lsu & WS_LSU_REFUSED) != 0;
}

/* the counters of a resting SM's cycles since rest.since, up to (not including) cycle UPTO */
void ws_sm_settle(ws_gpu *g, ws_sm *s, int64_t upto) {
  uint64_t n = (uint64_t)(upto - s->rest.since);
  s->rest.since = upto;
  if (s->live_warps) s->active_cycles += n;
  if (s->rest.stalled) s->lsu_stall_cycles += n;
  if (s->rest.refused) ws_mshr_count(&s->l1m, &s->l1_refusal.out, n);
  if (!g->finished) ws_mshr_occupancy(&s->l1m, &s->l1_occ, s->l1_mshr_held, n);   /* the kernel's cycles only */
}

/* wake SM s before cycle UPTO (it runs that cycle in full) */
void ws_sm_wake(ws_gpu *g, ws_sm *s, int64_t upto) {
  if (!(g->sm_resting >> s->id & 1)) return;
  g->sm_resting &= ~((uint64_t)1 << s->id);
  ws_sm_settle(g, s, upto);
}

/* One cycle of every SM, in SM order; a resting SM wakes when its port moved or its time came
** (the resting SMs' times are looked at once the soonest of them has come). */
void ws_sms_cycle(ws_gpu *g) {
  int n = g->cfg.n_sm;
  uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1, resting = g->sm_resting;
  uint64_t run = (all & ~resting) | (resting & (g->mem.port_taken | g->mem.resp_net.arrived));
  g->mem.port_taken = g->mem.resp_net.arrived = 0;
  if (resting && g->now >= g->sm_rest_soonest) {
    int64_t soonest = WS_NEVER;
    for (uint64_t r = resting & ~run; r; r &= r - 1) {
      int i = __builtin_ctzll(r);
      if (g->now >= g->sm_rest_until[i]) run |= (uint64_t)1 << i;
      else if (g->sm_rest_until[i] < soonest) soonest = g->sm_rest_until[i];
    }
    g->sm_rest_soonest = soonest;
  }
  for (; run; run &= run - 1) {
    ws_sm *s = &g->sm[__builtin_ctzll(run)];
    ws_sm_wake(g, s, g->now);
    ws_sm_cycle(g, s);
  }
}

void ws_sm_cycle(ws_gpu *g, ws_sm *s) {
  if (s->live_warps) s->active_cycles++;
  if (g->cfg.equalizer != WS_EQ_OFF && s->eq.sample) ws_eq_before_issue(g, s);
  if (g->cfg.sched == WS_SCHED_MASCAR) ws_schedule_mascar(g, s);
  else if (WS_SCHED_IS_OAWS(g->cfg.sched)) ws_schedule_oaws(g, s);
  else if (g->cfg.sched == WS_SCHED_TWO_LEVEL) ws_schedule_tls(g, s);
  else if (s->live_warps) ws_schedule(g, s);
  int lsu = ws_lsu_cycle(g, s);
  if (s->live_warps) ws_retire(g, s);
  ws_sm_rest_arm(g, s, lsu);
}
