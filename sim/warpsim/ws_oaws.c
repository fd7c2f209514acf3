/*
** ws_oaws.c -- OAWS (sched = oaws_static | oaws_dynamic) on an SM: the oaws
** block in its slot as the scheduler's qualification stage (Eq. 1) and GTO
** pick, fed by the SM's instruction buffer, LSU, coalescer and L1 MSHRs.
** Wang, Zhu, Yu, "OAWS: Memory Occlusion Aware Warp Scheduling", PACT'16;
** docs/warpsim.md, "OAWS".
**
** A cycle t of one SM:
**   pick    the block's outputs for this cycle's live, ready and I-buffer
**           heads: occlusion and the GTO pick among the ready warps that
**           pass Eq. 1; more schedulers re-evaluate it for compute warps
**   LSU/L1  ws_core.c records this cycle's L1D access of the load in
**           service and the MSHR's allocations and releases
**   edge    after the CTAs of t + 1 are placed: the issue, the coalesced
**           load that entered service (coal), last cycle's access (acc; on
**           the load's last access also its retire), the MSHR events, one
**           I-buffer fill and one launch
*/
#include "ws_gpu.h"

#include <string.h>

static uint64_t bit(int i) { return (uint64_t)1 << i; }

int ws_oaws_init(ws_gpu *g, ws_sm *s, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  char owner[24];
  snprintf(owner, sizeof owner, "SM %d", s->id);
  oaws_params p = {.W = c->warps_per_sm, .MSHRS = c->l1_mshr_entries, .THREADS = 32, .SMR = c->oaws_smr,
                   .DLC = c->oaws_dlc, .PCB = 40, .SETS = c->l1_sets, .CNTB = c->oaws_cntb,
                   .PIPE = c->oaws_pipe};
  if (oaws_params_check(&p, err, n)) return -1;
  return WS_SLOT_INIT(&s->oaws.slot, oaws, &p, &g->now, owner, err, n);
}

/* Warp SLOT's head entry must hold its next instruction.  The block stores
** per entry (load, divergent, base prediction), all zero for a non-load:
** writing a non-load into an entry that holds none changes nothing, so that
** fill is skipped and the entry counts as filled (exact). */
static void ws_oaws_need_fill(ws_sm *s, int slot) {
  ws_oaws *o = &s->oaws;
  const ws_warp *w = &s->warps[slot];
  int e = (int)(o->ib_head >> slot & 1);
  int load = w->live && !w->issued_all && ws_next_inst(w)->op == WS_OP_LD;
  if (!load && !(o->ib_load[e] >> slot & 1)) { o->ib_filled |= bit(slot); return; }
  o->ib_filled &= ~bit(slot);
  ws_warpq_push(&o->fills, slot);
}

/* a warp placed in slot SLOT: its first instruction waits for the fill port,
** and (after cycle 0, whose placements are the block's reset order) it
** becomes the youngest at the launch port */
void ws_oaws_placed(ws_gpu *g, ws_sm *s, int slot) {
  ws_oaws *o = &s->oaws;
  o->ib_head &= ~bit(slot);
  ws_oaws_need_fill(s, slot);
  if (g->now > 0) ws_warpq_push(&o->launches, slot);
}

/* Conventional qualification: the I-buffer head is filled, the scoreboard is
** clear, the pipe takes it. */
static uint64_t ws_oaws_ready(const ws_gpu *g, const ws_sm *s, uint64_t live) {
  uint64_t ready = 0;
  for (uint64_t v = live & s->oaws.ib_filled & ~ws_pipe_blocked(g, s); v; v &= v - 1) {
    int i = __builtin_ctzll(v);
    if (s->ready_at[i] <= g->now) ready |= bit(i);
  }
  return ready;
}

void ws_schedule_oaws(ws_gpu *g, ws_sm *s) {
  const ws_config *c = &g->cfg;
  ws_oaws *o = &s->oaws;
  ws_sm_look(g, s);
  oaws_in in = {0};
  in.dyn_mode = c->sched == WS_SCHED_OAWS_DYNAMIC;
  o->live = in.live = s->next_valid & ~s->next_bar;
  o->ready = in.ready = ws_oaws_ready(g, s, o->live);
  o->head_in = in.ib_head = o->ib_head;
  ws_slot_eval(&o->slot, &in, &o->o);
  o->issued = o->coal = o->retire_now = 0;
  if (!g->finished) {
    uint64_t occ = o->o.occlude & o->ready;
    o->occluded_warps += (uint64_t)wg_popcount64(occ);
    if (o->ready && !o->o.pick_valid) o->occluded_slots++;
    o->locality_cycles += (uint64_t)wg_popcount64(o->o.locality);
    o->ocw_sum += o->o.ocw;
    o->ocw_samples++;
  }
  if (!o->o.pick_valid) return;
  /* the block's pick: the one instruction whose prediction Miss_inflight counts */
  int w = (int)o->o.pick_warp;
  const ws_inst *inst = ws_next_inst(&s->warps[w]);
  uint32_t pc = inst->pc;
  ws_issue(g, s, &s->sched[w % c->n_sched], w);
  o->issued = 1;
  if (inst->op == WS_OP_LD) {
    if (o->o.pick_pred > 1) o->gated_loads++;
    if (s->lsu.busy) {                           /* it entered L1D service: coalesced now */
      o->coal = 1;
      o->coal_pc = pc;
      o->coal_nacc = s->lsu.n_lines;
      s->lsu.oaws_pred = o->o.pick_pred;
    } else {                                     /* no active thread: no access, retired at once */
      o->retire_now = 1;
      o->retire_now_pred = o->o.pick_pred;
    }
  }
  /* the other schedulers (each its own warps, even/odd): the same qualification
  ** for their compute warps (a prediction of 0: Miss_inflight is unchanged) */
  uint64_t picked = bit(w), busy = s->sched_warps[w % c->n_sched];   /* a scheduler issues once a cycle */
  for (int j = 1; j < c->n_sched; j++) {
    oaws_in more = in;
    more.ready = o->ready & ~busy & ~s->next_mem & ~ws_pipe_blocked(g, s);   /* an SFU just taken waits */
    if (!more.ready) break;
    oaws_out mo;
    ws_slot_eval(&o->slot, &more, &mo);
    if (!mo.pick_valid) break;
    int v = (int)mo.pick_warp;
    picked |= bit(v);
    busy |= s->sched_warps[v % c->n_sched];
    ws_issue(g, s, &s->sched[v % c->n_sched], v);
  }
  /* every warp that issued has its next instruction in the other I-buffer entry, to be filled */
  for (uint64_t p = picked; p; p &= p - 1) {
    int v = __builtin_ctzll(p);
    o->ib_head ^= bit(v);
    ws_oaws_need_fill(s, v);
  }
}

/* End of cycle t, the CTAs of t + 1 placed: the block's clock edge. */
void ws_oaws_edge(ws_gpu *g, ws_sm *s) {
  ws_oaws *o = &s->oaws;
  oaws_in in = {0};
  in.dyn_mode = g->cfg.sched == WS_SCHED_OAWS_DYNAMIC;
  in.live = o->live;
  in.ready = o->ready;
  in.ib_head = o->head_in;                       /* as the picks saw them (the issued warps' heads moved since) */
  in.issue = (uint32_t)o->issued;
  if (o->coal) {
    in.coal = 1;
    in.coal_pc = o->coal_pc;
    in.coal_nacc = (uint32_t)o->coal_nacc;
  }
  if (o->acc) {
    in.acc = 1;
    in.acc_set = (uint32_t)o->acc_set;
    in.acc_miss = (uint32_t)o->acc_miss;
    in.acc_last = (uint32_t)o->acc_last;
    if (o->acc_last) { in.retire = 1; in.retire_pred = o->acc_pred; }
  }
  if (o->retire_now) { in.retire = 1; in.retire_pred = o->retire_now_pred; }
  in.mshr_alloc = (uint32_t)o->mshr_alloc;
  in.mshr_free = (uint32_t)o->mshr_free;
  /* one fill: the oldest waiting warp that still has an instruction to issue */
  for (int f; (f = ws_warpq_pop(&o->fills)) >= 0;) {
    const ws_warp *w = &s->warps[f];
    if (!w->live || w->issued_all) continue;
    const ws_inst *inst = ws_next_inst(w);
    in.fill = 1;
    in.fill_warp = (uint32_t)f;
    in.fill_slot = (uint32_t)(o->ib_head >> f & 1);
    in.fill_load = inst->op == WS_OP_LD;
    in.fill_pc = (uint64_t)inst->pc;
    in.fill_active = in.fill_load ? (uint32_t)__builtin_popcount(ws_active_mask(g, s, w, inst)) : 0;
    o->ib_filled |= bit(f);
    int e = (int)in.fill_slot;
    o->ib_load[e] = in.fill_load ? o->ib_load[e] | bit(f) : o->ib_load[e] & ~bit(f);
    break;
  }
  int lw = ws_warpq_pop(&o->launches);
  if (lw >= 0) { in.launch = 1; in.launch_warp = (uint32_t)lw; }
  ws_slot_tick(&o->slot, &in);
  /* this cycle's access is heard next cycle, with the prediction its load carries */
  o->acc = o->acc_now;
  o->acc_set = o->acc_now_set;
  o->acc_miss = o->acc_now_miss;
  o->acc_last = o->acc_now_last;
  o->acc_pred = s->lsu.oaws_pred;
  o->acc_now = 0;
  o->mshr_alloc = o->mshr_free = 0;
}
