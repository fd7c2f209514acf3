/*
** ws_eq.c -- Equalizer (equalizer = energy | performance): an eqctr block per
** SM and one eqvote block in their slots, CTA pausing, and the SM and memory
** clock domains whose frequencies follow the vote.  Sethia's thesis Ch. III
** (Equalizer, MICRO'14); docs/warpsim.md, "Equalizer".
**
** A cycle t:
**   issue   on a sample cycle (eqctr's cycle output ends in S - 1) each warp's
**           next instruction as the issue stage sees it: present (not paused,
**           not at a barrier), operands ready, memory or not; then which warps
**           issued.  Waiting = not ready; X_alu = ready, not issued, an
**           arithmetic instruction; X_mem = ready, not issued, a memory
**           instruction, and the LD/ST unit could not take one this cycle (it
**           was busy, or another warp's memory instruction took it).  A ready
**           memory instruction the scheduler passed over while the unit was
**           free is in none of the three (thesis 3.4.1).
**   edge    (end of t, before the CTAs of t + 1 are placed) eqvote votes on
**           the requests the eqctr blocks show during t (every eqctr started
**           at cycle 0, so they share one epoch clock); each eqctr samples;
**           their new numBlocks pauses the youngest running CTAs or unpauses
**           the oldest paused ones; a new level of the vote takes effect
**           eq_vrm_delay SM cycles later.
** Clocks: each domain's edges are a period apart, 460, 391 or 340 time units
** at low, normal and high (a normal cycle is 391 units); the period after an
** edge is that of the level in effect at the edge.  Memory edges that fall
** before the next SM edge run first; an SM edge and a memory edge at the same
** time run in the order of a cycle without Equalizer (SMs, then the memory
** system), so with both domains at normal a run is the run without it.  A
** level voted at the end of SM cycle v is in effect from the end of cycle
** v + eq_vrm_delay: SM cycle v + eq_vrm_delay + 1 is the first one of the
** new period, and so is the memory period that starts after that edge.
*/
#include "ws_gpu.h"

#include <inttypes.h>
#include <string.h>

static uint64_t bit(int i) { return (uint64_t)1 << i; }

static const int64_t ws_eq_period[WS_EQ_LEVELS] = {460, WS_EQ_UNIT, 340};
static const double ws_eq_volt[WS_EQ_LEVELS] = {0.85, 1.0, 1.15};   /* V and f scale together (thesis 3.4.3) */
static const char *const ws_eq_level_name[WS_EQ_LEVELS] = {"low", "normal", "high"};

int ws_eq_init(ws_gpu *g, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  ws_eq *e = &g->eq;
  char owner[24];
  for (int i = 0; i < c->n_sm; i++) {
    ws_eq_sm *q = &g->sm[i].eq;
    eqctr_params p = {.W = c->warps_per_sm, .S = c->eq_sample, .E = c->eq_epoch, .MAX_CTAS = c->ctas_per_sm,
                      .HYST = c->eq_hyst, .MEM_E_DRAM = c->eq_mem_e_dram};
    snprintf(owner, sizeof owner, "SM %d", i);
    if (eqctr_params_check(&p, err, n) ||
        WS_SLOT_INIT(&q->slot, eqctr, &p, &g->now, owner, err, n))
      return -1;
  }
  eqvote_params vp = {.N = c->n_sm, .VOTE = c->eq_vote, .MAINTAIN = c->eq_maintain};
  if (eqvote_params_check(&vp, err, n) ||
      WS_SLOT_INIT(&e->vote, eqvote, &vp, &g->now, "GPU", err, n))
    return -1;
  for (int d = 0; d < 2; d++) {
    e->level[d] = e->target[d] = WS_EQ_NORMAL;   /* the block's reset level */
    e->apply_at[d] = WS_NEVER;
  }
  e->mem_edge = WS_EQ_UNIT;                      /* both clocks' first edge: time 391, as cycle 1 */
  return 0;
}

void ws_eq_free(ws_gpu *g) {
  for (int i = 0; g->sm && i < g->cfg.n_sm; i++) ws_slot_free(&g->sm[i].eq.slot);
  ws_slot_free(&g->eq.vote);
}

/* ---- the SM side ------------------------------------------------------------------ */

void ws_eq_before_issue(ws_gpu *g, ws_sm *s) {
  ws_eq_sm *q = &s->eq;
  ws_sm_look(g, s);
  q->head = s->next_valid & ~s->next_bar & ~q->paused_warps;
  q->ready = 0;
  for (uint64_t m = q->head; m; m &= m - 1) {
    int i = __builtin_ctzll(m);
    if (s->ready_at[i] <= g->now) q->ready |= bit(i);
  }
  q->mem = s->next_mem;
  q->lsu_busy = s->lsu.busy;
  q->issued = 0;                                 /* ws_issue adds to it */
}

int ws_eq_may_place(const ws_gpu *g, const ws_sm *s) {
  (void)g;
  /* below numBlocks; a paused CTA was unpaused first, at this cycle's edge (thesis 3.4.2: Equalizer
  ** then makes no request to the GWDE), so an SM with a paused CTA is never below it */
  return s->eq.running < (int)s->eq.o.num_blocks;
}

void ws_eq_cta_retired(ws_gpu *g, ws_sm *s, ws_cta *cta) {
  (void)g;
  if (cta->paused) s->eq.paused--;
  else s->eq.running--;
  cta->paused = 0;
}

static void ws_eq_set_paused(ws_gpu *g, ws_sm *s, int cs, int paused) {
  ws_eq_sm *q = &s->eq;
  s->ctas[cs].paused = paused;
  q->running += paused ? -1 : 1;
  q->paused += paused ? 1 : -1;
  if (paused) q->pauses++;
  else q->unpauses++;
  for (int i = 0; i < g->cfg.warps_per_sm; i++)
    if (s->warps[i].live && s->warps[i].cta_slot == cs) {
      if (paused) q->paused_warps |= bit(i);
      else q->paused_warps &= ~bit(i);
      s->warp_changed |= bit(i);
    }
}

/* numBlocks running: pause the youngest running CTAs, unpause the oldest paused ones */
static void ws_eq_pausing(ws_gpu *g, ws_sm *s) {
  ws_eq_sm *q = &s->eq;
  int nb = (int)q->o.num_blocks;
  while (q->running > nb || (q->running < nb && q->paused)) {
    int pause = q->running > nb, pick = -1;
    for (int cs = 0; cs < g->cfg.ctas_per_sm; cs++) {
      const ws_cta *cta = &s->ctas[cs];
      if (!cta->live || cta->paused != !pause) continue;
      if (pick < 0 || (pause ? cta->ctaid > s->ctas[pick].ctaid : cta->ctaid < s->ctas[pick].ctaid)) pick = cs;
    }
    ws_eq_set_paused(g, s, pick, pause);
  }
}

/* ---- the energy proxy's event counts ------------------------------------------------ */

enum { EV_INSTS, EV_L2, EV_DRAM };

static void ws_eq_totals(const ws_gpu *g, uint64_t t[3]) {
  t[EV_INSTS] = t[EV_L2] = t[EV_DRAM] = 0;
  for (int i = 0; i < g->cfg.n_sm; i++) t[EV_INSTS] += g->sm[i].insts;
  for (int i = 0; i < g->cfg.n_part; i++) {
    const ws_part *p = &g->mem.part[i];
    t[EV_L2] += p->l2s.load_hits + p->l2s.load_misses + p->l2s.store_hits + p->l2s.store_misses;
    t[EV_DRAM] += p->dram_reads + p->dram_writes;
  }
}

/* the events since the last change of domain d happened at its current level */
static void ws_eq_flush(ws_gpu *g, int d) {
  ws_eq *e = &g->eq;
  uint64_t t[3];
  ws_eq_totals(g, t);
  for (int k = d == WS_DOM_SM ? EV_INSTS : EV_L2; k <= (d == WS_DOM_SM ? EV_INSTS : EV_DRAM); k++) {
    e->events[k][e->level[d]] += t[k] - e->snap[k];
    e->snap[k] = t[k];
  }
}

/* ---- the clock edge ----------------------------------------------------------------- */

static void ws_put_vote(uint32_t *req, int i, uint32_t v) {
  req[i / 16] |= (v & 3u) << (2 * (i % 16));
}

void ws_eq_edge(ws_gpu *g) {
  const ws_config *c = &g->cfg;
  ws_eq *e = &g->eq;
  /* the vote on this cycle's requests */
  eqvote_in vi;
  memset(&vi, 0, sizeof vi);
  vi.epoch = g->sm[0].eq.o.epoch_done;
  for (int i = 0; i < c->n_sm; i++) {
    ws_put_vote(vi.sm_req, i, g->sm[i].eq.o.sm_vf_req);
    ws_put_vote(vi.mem_req, i, g->sm[i].eq.o.mem_vf_req);
  }
  ws_slot_tick(&e->vote, &vi);
  ws_slot_eval(&e->vote, &vi, &e->o);
  e->epochs += vi.epoch;
  /* each SM's counters, Algorithm 1, numBlocks */
  for (int i = 0; i < c->n_sm; i++) {
    ws_sm *s = &g->sm[i];
    ws_eq_sm *q = &s->eq;
    eqctr_in in = {.kstart = g->now == 0, .perf_mode = c->equalizer == WS_EQ_PERFORMANCE,
                   .w_cta = (uint32_t)g->warps_per_cta, .max_blocks = (uint32_t)g->ctas_fit};
    if (q->sample) {
      uint64_t idle = q->head & ~q->issued;   /* a warp that issued had its operands ready */
      in.warp_active = q->head;
      in.warp_waiting = q->head & ~q->ready;
      in.warp_xalu = idle & q->ready & ~q->mem;
      /* X_mem: the LD/ST unit could not take an instruction this cycle: it was busy, or took one */
      if (q->lsu_busy || (q->issued & q->mem)) in.warp_xmem = idle & q->ready & q->mem;
    }
    ws_slot_tick(&q->slot, &in);
    ws_slot_eval(&q->slot, &in, &q->o);
    q->sample = (q->o.cycle & (uint32_t)(c->eq_sample - 1)) == (uint32_t)(c->eq_sample - 1);
    if (q->o.epoch_done) q->kclass[q->o.kclass & 7]++;
    ws_eq_pausing(g, s);
    if (!g->finished) q->paused_cta_cycles += (uint64_t)q->paused;
  }
  /* the voltage regulators: a new level runs eq_vrm_delay SM cycles after the vote */
  for (int d = 0; d < 2; d++) {
    int lv = (int)(d == WS_DOM_SM ? e->o.sm_level : e->o.mem_level);
    if (lv != e->target[d]) {
      e->target[d] = lv;
      e->apply_at[d] = g->now + c->eq_vrm_delay;
    }
    if (e->apply_at[d] <= g->now) {
      e->apply_at[d] = WS_NEVER;
      if (e->target[d] != e->level[d]) {
        ws_eq_flush(g, d);
        e->level[d] = e->target[d];
        e->changes[d]++;
      }
    }
  }
}

/* ---- the two clocks ----------------------------------------------------------------- */

static void ws_eq_mem_tick(ws_gpu *g) {
  ws_eq *e = &g->eq;
  g->mem_now++;
  ws_mem_cycle(&g->mem, &g->cfg, g->mem_now, !g->finished);
  if (!g->finished) e->cycles[WS_DOM_MEM][e->level[WS_DOM_MEM]]++;
  e->mem_edge += ws_eq_period[e->level[WS_DOM_MEM]];
}

void ws_eq_cycle(ws_gpu *g, int before_sm) {
  ws_eq *e = &g->eq;
  if (before_sm) {                               /* this SM edge's time; the memory edges before it */
    int64_t next = e->time + ws_eq_period[e->level[WS_DOM_SM]];
    while (e->mem_edge < next) ws_eq_mem_tick(g);
    e->time = next;
    if (!g->finished) e->cycles[WS_DOM_SM][e->level[WS_DOM_SM]]++;
    return;
  }
  if (e->mem_edge == e->time) ws_eq_mem_tick(g);   /* a memory edge at the same time: after the SMs */
}

/* ---- reports ------------------------------------------------------------------------ */

typedef struct ws_eq_energy {
  double sm_dyn, mem_dyn, sm_static, mem_static, total;   /* nJ */
} ws_eq_energy;

static double ws_eq_ns(const ws_gpu *g, uint64_t cycles, int level) {
  return (double)cycles * (double)ws_eq_period[level] / WS_EQ_UNIT * 1000.0 / g->cfg.eq_clock_mhz;
}

static ws_eq_energy ws_eq_energy_of(const ws_gpu *g) {
  const ws_config *c = &g->cfg;
  const ws_eq *e = &g->eq;
  uint64_t t[3], ev[3][WS_EQ_LEVELS];
  ws_eq_totals(g, t);
  memcpy(ev, e->events, sizeof ev);
  for (int k = 0; k < 3; k++) ev[k][e->level[k == EV_INSTS ? WS_DOM_SM : WS_DOM_MEM]] += t[k] - e->snap[k];
  ws_eq_energy en = {0};
  for (int l = 0; l < WS_EQ_LEVELS; l++) {
    double v = ws_eq_volt[l], v2 = v * v;   /* dynamic: C V^2 per event; static: V x leakage current */
    en.sm_dyn += (double)ev[EV_INSTS][l] * c->eq_inst_pj * v2 / 1000;
    en.mem_dyn += ((double)ev[EV_L2][l] * c->eq_l2_pj + (double)ev[EV_DRAM][l] * c->eq_dram_pj) * v2 / 1000;
    en.sm_static += (double)c->n_sm * c->eq_static_sm_mw * v * ws_eq_ns(g, e->cycles[WS_DOM_SM][l], l) / 1000;
    en.mem_static += (double)c->eq_static_mem_mw * v * ws_eq_ns(g, e->cycles[WS_DOM_MEM][l], l) / 1000;
  }
  en.total = en.sm_dyn + en.mem_dyn + en.sm_static + en.mem_static;
  return en;
}

typedef struct ws_eq_totals_t {
  uint64_t pauses, unpauses, paused_cta_cycles, kclass[8];
} ws_eq_sums;

static ws_eq_sums ws_eq_sum(const ws_gpu *g) {
  ws_eq_sums t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < g->cfg.n_sm; i++) {
    const ws_eq_sm *q = &g->sm[i].eq;
    t.pauses += q->pauses;
    t.unpauses += q->unpauses;
    t.paused_cta_cycles += q->paused_cta_cycles;
    for (int k = 0; k < 8; k++) t.kclass[k] += q->kclass[k];
  }
  return t;
}

/* Algorithm 1's branches, as eqctr's kclass numbers them */
static const char *const ws_eq_class_name[7] = {"none", "memory", "compute", "likely_memory", "unsaturated_compute",
                                                "unsaturated_memory", "idle"};

static double ws_eq_kernel_cycles(const ws_gpu *g) { return (double)g->eq.kernel_time / WS_EQ_UNIT; }

void ws_eq_report(const ws_gpu *g, FILE *f) {
  const ws_config *c = &g->cfg;
  const ws_eq *e = &g->eq;
  ws_eq_sums t = ws_eq_sum(g);
  ws_eq_energy en = ws_eq_energy_of(g);
  fprintf(f, "  %-26s %.1f normal-clock cycles (%.3f us at %d MHz) to the last CTA's retirement\n", "time",
          ws_eq_kernel_cycles(g), ws_eq_kernel_cycles(g) / c->eq_clock_mhz, c->eq_clock_mhz);
  fprintf(f, "  %-26s %s objective; %" PRIu64 " epochs; SM-epochs by Algorithm 1:", "Equalizer",
          c->equalizer == WS_EQ_PERFORMANCE ? "performance" : "energy", e->epochs);
  for (int k = 0; k < 7; k++) fprintf(f, " %s %" PRIu64, ws_eq_class_name[k], t.kclass[k]);
  fprintf(f, "\n  %-26s %" PRIu64 " pauses, %" PRIu64 " unpauses, %" PRIu64 " paused CTA-cycles\n", "Equalizer CTAs",
          t.pauses, t.unpauses, t.paused_cta_cycles);
  for (int d = 0; d < 2; d++) {
    fprintf(f, "  %-26s", d == WS_DOM_SM ? "SM clock cycles" : "memory clock cycles");
    for (int l = 0; l < WS_EQ_LEVELS; l++)
      fprintf(f, " %s %" PRIu64 ",", ws_eq_level_name[l], e->cycles[d][l]);
    fprintf(f, " %" PRIu64 " level changes\n", e->changes[d]);
  }
  fprintf(f, "  %-26s %.3f uJ: SM dynamic %.3f, memory dynamic %.3f, SM static %.3f, memory static %.3f\n",
          "energy (proxy)", en.total / 1000, en.sm_dyn / 1000, en.mem_dyn / 1000, en.sm_static / 1000,
          en.mem_static / 1000);
}

void ws_eq_json(const ws_gpu *g, FILE *f) {
  const ws_config *c = &g->cfg;
  const ws_eq *e = &g->eq;
  ws_eq_sums t = ws_eq_sum(g);
  ws_eq_energy en = ws_eq_energy_of(g);
  fprintf(f, ",\n  \"equalizer\": {\"objective\": \"%s\", \"time_normal_cycles\": %.3f, \"time_us\": %.6f, "
             "\"epochs\": %" PRIu64 ", \"sm_epochs\": {",
          c->equalizer == WS_EQ_PERFORMANCE ? "performance" : "energy", ws_eq_kernel_cycles(g),
          ws_eq_kernel_cycles(g) / c->eq_clock_mhz, e->epochs);
  for (int k = 0; k < 7; k++) fprintf(f, "%s\"%s\": %" PRIu64, k ? ", " : "", ws_eq_class_name[k], t.kclass[k]);
  fprintf(f, "}, \"cta_pauses\": %" PRIu64 ", \"cta_unpauses\": %" PRIu64 ", \"paused_cta_cycles\": %" PRIu64,
          t.pauses, t.unpauses, t.paused_cta_cycles);
  for (int d = 0; d < 2; d++) {
    fprintf(f, ", \"%s_cycles\": {", d == WS_DOM_SM ? "sm" : "mem");
    for (int l = 0; l < WS_EQ_LEVELS; l++) fprintf(f, "%s\"%s\": %" PRIu64, l ? ", " : "", ws_eq_level_name[l], e->cycles[d][l]);
    fprintf(f, "}, \"%s_level_changes\": %" PRIu64, d == WS_DOM_SM ? "sm" : "mem", e->changes[d]);
  }
  fprintf(f, ", \"energy_nj\": {\"sm_dynamic\": %.3f, \"mem_dynamic\": %.3f, \"sm_static\": %.3f, "
             "\"mem_static\": %.3f, \"total\": %.3f}}",
          en.sm_dyn, en.mem_dyn, en.sm_static, en.mem_static, en.total);
}
