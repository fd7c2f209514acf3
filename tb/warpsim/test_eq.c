/*
** test_eq.c -- Equalizer (equalizer = energy | performance) in warpsim's
** closed loop.  Every expectation is worked out here from the thesis' rules
** (Sethia's thesis Ch. III), not taken from a run:
**   - the frequency manager: each SM's epoch class gives its votes by Table
**     3.1; a strict majority of all SMs steps a domain one level, and with
**     eq_maintain = normal a majority of keep votes steps it toward normal;
**   - the voltage regulator: a level voted at the end of SM cycle v runs from
**     the end of cycle v + eq_vrm_delay; a period is 460, 391 or 340 time
**     units (a normal cycle is 391); the memory clock's edges follow its own
**     level, and the memory system has run one cycle per edge so far;
**   - numBlocks: three identical epoch decisions (-1 for a memory-intensive
**     epoch, +1 for an unsaturated one) change it by one, within 1..the
**     kernel's occupancy; the running CTAs never exceed it, the paused ones
**     are the youngest, and a paused CTA's warps issue nothing;
**   - the phases: a compute phase raises the SM clock (performance) or lowers
**     the memory clock (energy); the memory phase that follows brings the SM
**     clock back to normal and raises the memory clock (performance) or lowers
**     the SM clock and brings memory back (energy).  With eq_maintain = keep
**     the SM clock, once high, never comes down: the one-way levels the
**     review found.
** Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static ws_gpu gpu;
static ws_kernel kern;

static const int64_t period[3] = {460, 391, 340};   /* low, normal, high */

enum { KEEP = 0, UP = 1, DOWN = 2 };
enum { SM = 0, MEM = 1 };

/* Table 3.1 (energy rows: the prose, eq_mem_e_dram = 0): the votes of an SM
** whose epoch took Algorithm 1's branch k (eqctr's kclass: 1 l.7, 2 l.10, 3
** l.12, 4 l.16, 5 l.18, 6 l.21, 0 none) */
static void votes_of(int k, int perf, int *sm, int *mem) {
  int comp = k == 2 || k == 4 || k == 6, memk = k == 1 || k == 3 || k == 5;
  *sm = *mem = KEEP;
  if (perf) {
    if (comp) *sm = UP;
    if (memk) *mem = UP;
  } else {
    if (comp) *mem = DOWN;
    if (memk) *sm = DOWN;
  }
}

/* the frequency manager: a strict majority of all n SMs; keep toward normal when maintain */
static int vote(int level, int up, int down, int n, int maintain) {
  int keep = n - up - down;
  if (2 * up > n) return level < 2 ? level + 1 : 2;
  if (2 * down > n) return level > 0 ? level - 1 : 0;
  if (maintain && 2 * keep > n) return level < 1 ? 1 : level > 1 ? 1 : level;
  return level;
}

#define MAX_EPOCHS 4096

/* what a tracked run saw, per epoch: each SM's class, the levels after the vote */
typedef struct run_log {
  int     epochs;
  int     kclass[MAX_EPOCHS][WS_MAX_SM];
  int     level[MAX_EPOCHS][2];
  int64_t vote_cycle[MAX_EPOCHS];
} run_log;

static run_log logs[4];

/* a memory-bound phase after a compute phase: each warp runs 142 iterations of
** five independent ALU instructions (its loads predicated off), then 8 of two
** uncoalesced loads (32 lines each) */
static const char phases_kernel[] =
  "kernel phases\ngrid 8\ncta 128\niterations 150\n"
  "alu r8, r1, r2\nalu r3, r4\nalu r5, r4\nalu r6, r4\nalu r7, r4\n"
  "@(iter >= 142) ld r1, [0x1000000 + 128*gtid + 128*ntid*nctaid*iter]\n"
  "@(iter >= 142) ld r2, [0x2000000 + 128*gtid + 128*ntid*nctaid*iter]\n";

/* tiny with 16 warps (four CTAs of four warps, W_cta = 4), short epochs */
static int eq_config(ws_config *c, int mode, int maintain) {
  char err[512];
  if (ws_config_named(c, "tiny", err, sizeof err)) return -1;
  c->warps_per_sm = 16;
  c->equalizer = mode;
  c->eq_maintain = maintain;
  c->eq_sample = 8;
  c->eq_epoch = 256;
  c->eq_vrm_delay = 32;
  return ws_config_check(c, err, sizeof err);
}

/* Run KTEXT on C cycle by cycle and check every rule of the header on every cycle. */
static void run_tracked(const ws_config *c, const char *ktext, run_log *lg, const char *what) {
  char err[512];
  memset(lg, 0, sizeof *lg);
  CHECK(ws_kernel_parse(&kern, ktext, "phases.k", err, sizeof err) == 0, "%s", err);
  if (ws_gpu_init(&gpu, c, &kern, err, sizeof err)) { CHECK(0, "%s: init: %s", what, err); ws_gpu_free(&gpu); return; }
  int n = c->n_sm, perf = c->equalizer == WS_EQ_PERFORMANCE, maintain = c->eq_maintain;
  int eff[2] = {1, 1}, target[2] = {1, 1}, vote_due = 0, up[2] = {0, 0}, down[2] = {0, 0};
  int64_t apply_at[2] = {-1, -1}, t_prev = 0, next_mem = 391, mem_edges = 0;
  int nb[WS_MAX_SM], last_d[WS_MAX_SM] = {0}, cnt[WS_MAX_SM] = {0};
  int bad_time = 0, bad_mem = 0, bad_pause = 0, bad_vote = 0, bad_nb = 0, bad_run = 0;
  uint64_t sm_cycles[3] = {0}, mem_cycles[3] = {0}, pauses = 0, unpauses = 0, paused_cycles = 0, kclass[8] = {0};
  uint64_t changes[2] = {0};
  static int cta_was[WS_MAX_SM][32];            /* per CTA slot: -1 not live, 0 running, 1 paused */
  /* the samples, worked out from the warps as the cycle begins (the scoreboard's ws_can_issue)
  ** and which of them issued: active, waiting, X_alu, X_mem per SM (thesis 3.4.1) */
  static uint32_t sums[WS_MAX_SM][4];
  static int present[WS_MAX_SM][WS_MAX_WARPS], ready[WS_MAX_SM][WS_MAX_WARPS], memi[WS_MAX_SM][WS_MAX_WARPS];
  static int lsu_busy[WS_MAX_SM], sampling[WS_MAX_SM];
  int bad_sample = 0;
  memset(sums, 0, sizeof sums);
  static int64_t cta_id[WS_MAX_SM][32];
  static int was_paused[WS_MAX_SM][WS_MAX_WARPS], pc0[WS_MAX_SM][WS_MAX_WARPS];
  static int64_t iter0[WS_MAX_SM][WS_MAX_WARPS];
  for (int i = 0; i < n; i++) nb[i] = gpu.ctas_fit;
  while (!gpu.finished && gpu.now < 2000000) {
    for (int i = 0; i < n; i++)
      for (int w = 0; w < c->warps_per_sm; w++) {
        const ws_warp *wp = &gpu.sm[i].warps[w];
        was_paused[i][w] = wp->live && gpu.sm[i].ctas[wp->cta_slot].paused;
        pc0[i][w] = wp->pc;
        iter0[i][w] = wp->iter;
      }
    for (int i = 0; i < n; i++)
      for (int k = 0; k < c->ctas_per_sm; k++) {
        cta_was[i][k] = gpu.sm[i].ctas[k].live ? gpu.sm[i].ctas[k].paused : -1;
        cta_id[i][k] = gpu.sm[i].ctas[k].ctaid;
      }
    for (int i = 0; i < n; i++) {
      const ws_sm *sm = &gpu.sm[i];
      sampling[i] = sm->eq.sample;
      lsu_busy[i] = sm->lsu.busy;
      for (int w = 0; sampling[i] && w < c->warps_per_sm; w++) {
        const ws_warp *wp = &sm->warps[w];
        const ws_inst *in = &kern.inst[wp->pc];
        present[i][w] = wp->live && !wp->issued_all && !wp->at_barrier && !sm->ctas[wp->cta_slot].paused;
        ready[i][w] = present[i][w] && ws_can_issue(wp, in, gpu.now + 1);
        memi[i][w] = in->op == WS_OP_LD || in->op == WS_OP_ST;
      }
    }
    int counting = !gpu.finished;                /* statistics cover the kernel's cycles */
    ws_gpu_cycle(&gpu);
    for (int i = 0; i < n; i++) {
      if (!sampling[i]) continue;
      const ws_sm *sm = &gpu.sm[i];
      int issued[WS_MAX_WARPS], mem_issued = 0;
      for (int w = 0; w < c->warps_per_sm; w++) {
        issued[w] = present[i][w] && (sm->warps[w].pc != pc0[i][w] || sm->warps[w].iter != iter0[i][w] ||
                                      !sm->warps[w].live || sm->warps[w].issued_all);
        mem_issued |= issued[w] && memi[i][w];
      }
      for (int w = 0; w < c->warps_per_sm; w++) {
        int idle = present[i][w] && ready[i][w] && !issued[w];
        sums[i][0] += (uint32_t)present[i][w];
        sums[i][1] += (uint32_t)(present[i][w] && !ready[i][w]);
        sums[i][2] += (uint32_t)(idle && !memi[i][w]);
        sums[i][3] += (uint32_t)(idle && memi[i][w] && (lsu_busy[i] || mem_issued));
      }
    }
    int64_t now = gpu.now, t = gpu.eq.time;
    /* the clocks: this SM period is that of the level in effect at the last edge */
    if (t - t_prev != period[eff[SM]] && !bad_time++)
      CHECK(0, "%s: SM cycle %" PRId64 " came %" PRId64 " units after the last; level %d's period is %" PRId64,
            what, now, t - t_prev, eff[SM], period[eff[SM]]);
    t_prev = t;
    sm_cycles[eff[SM]] += (uint64_t)counting;
    while (next_mem <= t) { mem_edges++; mem_cycles[eff[MEM]] += (uint64_t)counting; next_mem += period[eff[MEM]]; }
    if (gpu.mem_now != mem_edges && !bad_mem++)
      CHECK(0, "%s: at SM cycle %" PRId64 " (time %" PRId64 ") the memory system ran %" PRId64 " cycles; its clock "
            "had %" PRId64 " edges", what, now, t, gpu.mem_now, mem_edges);
    /* a paused CTA's warps issued nothing */
    for (int i = 0; i < n; i++)
      for (int w = 0; w < c->warps_per_sm; w++)
        if (was_paused[i][w] && (gpu.sm[i].warps[w].pc != pc0[i][w] || gpu.sm[i].warps[w].iter != iter0[i][w]) &&
            !bad_pause++)
          CHECK(0, "%s: SM %d warp %d issued at cycle %" PRId64 " while its CTA was paused", what, i, w, now);
    /* the vote of this cycle's edge (the requests were shown during this cycle) */
    if (vote_due) {
      int want[2];
      for (int d = 0; d < 2; d++) want[d] = vote(target[d], up[d], down[d], n, maintain);
      int got[2] = {(int)gpu.eq.o.sm_level, (int)gpu.eq.o.mem_level};
      if ((got[SM] != want[SM] || got[MEM] != want[MEM]) && !bad_vote++)
        CHECK(0, "%s: vote at cycle %" PRId64 " (SM up %d down %d, memory up %d down %d of %d): levels SM %d memory %d, "
              "expected %d %d", what, now, up[SM], down[SM], up[MEM], down[MEM], n, got[SM], got[MEM], want[SM], want[MEM]);
      for (int d = 0; d < 2; d++)
        if (want[d] != target[d]) { target[d] = want[d]; apply_at[d] = now + c->eq_vrm_delay; }
      if (lg->epochs < MAX_EPOCHS) {
        lg->level[lg->epochs][SM] = got[SM];
        lg->level[lg->epochs][MEM] = got[MEM];
        lg->vote_cycle[lg->epochs] = now;
        lg->epochs++;
      }
      vote_due = 0;
    }
    for (int d = 0; d < 2; d++)
      if (apply_at[d] >= 0 && apply_at[d] <= now) { changes[d] += eff[d] != target[d]; eff[d] = target[d]; apply_at[d] = -1; }
    /* the block's sums one cycle before an epoch ends: every sample but the epoch's last */
    for (int i = 0; i < n; i++) {
      const eqctr_out *o = &gpu.sm[i].eq.o;
      if (o->cycle == (uint32_t)c->eq_epoch - 1) {
        if ((o->sum_active != sums[i][0] || o->sum_waiting != sums[i][1] || o->sum_xalu != sums[i][2] ||
             o->sum_xmem != sums[i][3]) && !bad_sample++)
          CHECK(0, "%s: SM %d, epoch ending at cycle %" PRId64 ": sums active %u waiting %u X_alu %u X_mem %u; the "
                "warps gave %u %u %u %u", what, i, now + 1, o->sum_active, o->sum_waiting, o->sum_xalu, o->sum_xmem,
                sums[i][0], sums[i][1], sums[i][2], sums[i][3]);
      }
      if (o->epoch_done) memset(sums[i], 0, sizeof sums[i]);
    }
    /* an epoch ended at this edge: its classes, the votes of the next edge, numBlocks */
    if (gpu.sm[0].eq.o.epoch_done) {
      up[0] = up[1] = down[0] = down[1] = 0;
      for (int i = 0; i < n; i++) {
        int k = (int)gpu.sm[i].eq.o.kclass, vs, vm;
        if (lg->epochs < MAX_EPOCHS) lg->kclass[lg->epochs][i] = k;
        kclass[k & 7]++;
        votes_of(k, perf, &vs, &vm);
        up[SM] += vs == UP; down[SM] += vs == DOWN;
        up[MEM] += vm == UP; down[MEM] += vm == DOWN;
        int d = k == 1 ? -1 : (k == 4 || k == 5) ? 1 : 0;   /* Algorithm 1 l.8, l.15 */
        cnt[i] = d != 0 && d == last_d[i] ? (cnt[i] < c->eq_hyst ? cnt[i] + 1 : cnt[i]) : (d != 0);
        last_d[i] = d;
        if (cnt[i] == c->eq_hyst) {
          nb[i] += d;
          if (nb[i] < 1) nb[i] = 1;
          if (nb[i] > gpu.ctas_fit) nb[i] = gpu.ctas_fit;
          cnt[i] = 0;
        }
        if ((int)gpu.sm[i].eq.o.num_blocks != nb[i] && !bad_nb++)
          CHECK(0, "%s: SM %d after the epoch ending at cycle %" PRId64 ": numBlocks %u, expected %d", what, i, now,
                gpu.sm[i].eq.o.num_blocks, nb[i]);
      }
      vote_due = 1;
    }
    /* running CTAs <= numBlocks; CTAs paused only to meet it; the paused are the youngest */
    for (int i = 0; i < n; i++) {
      const ws_sm *s = &gpu.sm[i];
      int running = 0, paused = 0;
      int64_t young_run = -1, old_paused = INT64_MAX;
      for (int k = 0; k < c->ctas_per_sm; k++) {
        if (!s->ctas[k].live) continue;
        if (s->ctas[k].paused) { paused++; if (s->ctas[k].ctaid < old_paused) old_paused = s->ctas[k].ctaid; }
        else { running++; if (s->ctas[k].ctaid > young_run) young_run = s->ctas[k].ctaid; }
      }
      if (counting) paused_cycles += (uint64_t)paused;
      for (int k = 0; k < c->ctas_per_sm; k++) {
        const ws_cta *ct = &s->ctas[k];
        if (cta_was[i][k] < 0 || !ct->live || ct->ctaid != cta_id[i][k]) continue;
        pauses += cta_was[i][k] == 0 && ct->paused;
        unpauses += cta_was[i][k] == 1 && !ct->paused;
      }
      if ((running > nb[i] || (paused && running != nb[i]) || (paused && old_paused < young_run)) && !bad_run++)
        CHECK(0, "%s: SM %d at cycle %" PRId64 ": %d running, %d paused CTAs (youngest running %" PRId64 ", oldest "
              "paused %" PRId64 ") with numBlocks %d", what, i, now, running, paused, young_run, old_paused, nb[i]);
    }
  }
  CHECK(gpu.finished, "%s: did not finish", what);
  /* the statistics, against this loop's own tallies */
  const ws_eq *e = &gpu.eq;
  uint64_t got_pauses = 0, got_unpauses = 0, got_paused = 0, got_kclass[8] = {0};
  for (int i = 0; i < n; i++) {
    got_pauses += gpu.sm[i].eq.pauses;
    got_unpauses += gpu.sm[i].eq.unpauses;
    got_paused += gpu.sm[i].eq.paused_cta_cycles;
    for (int k = 0; k < 8; k++) got_kclass[k] += gpu.sm[i].eq.kclass[k];
  }
  CHECK(!memcmp(e->cycles[SM], sm_cycles, sizeof sm_cycles) && !memcmp(e->cycles[MEM], mem_cycles, sizeof mem_cycles),
        "%s: cycles at low/normal/high: SM %" PRIu64 "/%" PRIu64 "/%" PRIu64 " (counted %" PRIu64 "/%" PRIu64 "/%" PRIu64
        "), memory %" PRIu64 "/%" PRIu64 "/%" PRIu64 " (counted %" PRIu64 "/%" PRIu64 "/%" PRIu64 ")", what,
        e->cycles[SM][0], e->cycles[SM][1], e->cycles[SM][2], sm_cycles[0], sm_cycles[1], sm_cycles[2],
        e->cycles[MEM][0], e->cycles[MEM][1], e->cycles[MEM][2], mem_cycles[0], mem_cycles[1], mem_cycles[2]);
  CHECK(e->changes[SM] == changes[SM] && e->changes[MEM] == changes[MEM], "%s: level changes SM %" PRIu64 " memory %"
        PRIu64 ", counted %" PRIu64 " %" PRIu64, what, e->changes[SM], e->changes[MEM], changes[SM], changes[MEM]);
  CHECK(got_pauses == pauses && got_unpauses == unpauses && got_paused == paused_cycles, "%s: pauses %" PRIu64
        " unpauses %" PRIu64 " paused CTA-cycles %" PRIu64 "; counted %" PRIu64 " %" PRIu64 " %" PRIu64, what, got_pauses,
        got_unpauses, got_paused, pauses, unpauses, paused_cycles);
  CHECK(!memcmp(got_kclass, kclass, sizeof kclass) && e->epochs == (uint64_t)lg->epochs,
        "%s: epochs by class and the vote count as seen", what);
  CHECK(!bad_time && !bad_mem && !bad_pause && !bad_vote && !bad_nb && !bad_run && !bad_sample,
        "%s: every cycle's samples, clocks, votes, numBlocks and pausing as the rules say", what);
  /* stores still on their way: let them land, as ws_gpu_run does */
  for (int k = 0; k < 1000000 && gpu.finished && ws_gpu_check_invariants(&gpu, err, sizeof err); k++) ws_gpu_cycle(&gpu);
  CHECK(ws_gpu_check_invariants(&gpu, err, sizeof err) == 0, "%s: %s", what, err);
}

/* epoch e: every SM's class is one of the set (a bit per class) */
static int all_of(const run_log *lg, int e, int n, unsigned classes) {
  for (int i = 0; i < n; i++)
    if (!(classes >> lg->kclass[e][i] & 1)) return 0;
  return 1;
}

#define COMPUTE_CLASSES (1u << 2)
#define MEMORY_CLASSES  ((1u << 1) | (1u << 3) | (1u << 5))   /* MemAction: l.7, l.12, l.18 */

/* The phases: the last all-compute epoch of the compute phase, the first
** all-memory epoch after it, and the levels after their votes. */
static void phases(int mode, int maintain, run_log *lg, const char *what) {
  ws_config c;
  CHECK(eq_config(&c, mode, maintain) == 0, "%s: config", what);
  run_tracked(&c, phases_kernel, lg, what);
  int n = c.n_sm, last_comp = -1, first_mem = -1;
  while (last_comp + 1 < lg->epochs && all_of(lg, last_comp + 1, n, COMPUTE_CLASSES)) last_comp++;
  for (int e = last_comp + 1; e < lg->epochs && first_mem < 0; e++)
    if (all_of(lg, e, n, MEMORY_CLASSES)) first_mem = e;
  /* the kernel does what it was written for: several compute epochs, then memory epochs */
  CHECK(last_comp >= 2, "%s: the compute phase's first %d epochs classified compute on every SM; want 3", what,
        last_comp + 1);
  CHECK(first_mem > last_comp, "%s: an epoch of the memory phase classified memory on every SM", what);
  if (last_comp < 0 || first_mem < 0) { ws_gpu_free(&gpu); return; }
  int perf = mode == WS_EQ_PERFORMANCE;
  printf("%s: %d epochs; the compute phase's %d, the memory phase's first at %d (vote at cycle %" PRId64 ")\n", what,
         lg->epochs, last_comp + 1, first_mem, lg->vote_cycle[first_mem]);
  /* compute phase: performance raises the SM (l.10 -> CompAction -> SM up); energy lowers memory */
  CHECK(lg->level[last_comp][SM] == (perf ? 2 : 1) && lg->level[last_comp][MEM] == (perf ? 1 : 0),
        "%s: levels at the end of the compute phase SM %d memory %d; Table 3.1 gives %s", what,
        lg->level[last_comp][SM], lg->level[last_comp][MEM], perf ? "SM high, memory normal" : "SM normal, memory low");
  /* memory phase: MemAction raises memory (performance) or lowers the SM (energy); the other
  ** domain's keep votes bring it back to normal, or (keep) leave it */
  int want_sm = perf ? (maintain ? 1 : 2) : 0, want_mem = perf ? 2 : (maintain ? 1 : 0);
  CHECK(lg->level[first_mem][SM] == want_sm && lg->level[first_mem][MEM] == want_mem,
        "%s: after the first memory epoch (vote at cycle %" PRId64 ") levels SM %d memory %d; expected SM %d memory %d",
        what, lg->vote_cycle[first_mem], lg->level[first_mem][SM], lg->level[first_mem][MEM], want_sm, want_mem);
  if (perf && !maintain) {   /* the one-way levels: no rule of Table 3.1 votes the SM down in performance mode */
    int min_sm = 2;
    for (int e = last_comp; e < lg->epochs; e++) if (lg->level[e][SM] < min_sm) min_sm = lg->level[e][SM];
    CHECK(min_sm == 2, "%s: with eq_maintain = keep the SM clock stays high to the end (lowest level seen %d)", what,
          min_sm);
  }
  ws_gpu_free(&gpu);
}

/* One SM, sixteen warps, W_cta = 4; the first epoch's sums as the eqctr block
** shows them one cycle before the epoch ends (ns - 1 samples).  The block's
** cycle output is the SM cycle - 1 (it started at cycle 0's edge), so the
** samples fall on SM cycles that are multiples of 8. */
static void sample_sums(int n_sched, int alu_latency, const char *body, uint32_t want[4], const char *what) {
  ws_config c;
  char err[512], text[512];
  CHECK(eq_config(&c, WS_EQ_PERFORMANCE, 1) == 0, "%s: config", what);
  c.n_sm = 1;
  c.n_sched = n_sched;
  c.alu_latency = alu_latency;
  snprintf(text, sizeof text, "kernel s\ngrid 4\ncta 128\niterations 200\n%s", body);
  CHECK(ws_kernel_parse(&kern, text, "s.k", err, sizeof err) == 0, "%s", err);
  if (ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) { CHECK(0, "%s: init: %s", what, err); ws_gpu_free(&gpu); return; }
  uint32_t ns1 = (uint32_t)(c.eq_epoch / c.eq_sample - 1);
  while (gpu.sm[0].eq.o.cycle != (uint32_t)c.eq_epoch - 1) ws_gpu_cycle(&gpu);
  const eqctr_out *o = &gpu.sm[0].eq.o;
  CHECK(o->sum_active == want[0] * ns1 && o->sum_waiting == want[1] * ns1 && o->sum_xalu == want[2] * ns1 &&
        o->sum_xmem == want[3] * ns1, "%s: %u samples gave active %u, waiting %u, X_alu %u, X_mem %u; expected %u, %u, "
        "%u, %u per sample", what, ns1, o->sum_active, o->sum_waiting, o->sum_xalu, o->sum_xmem, want[0], want[1],
        want[2], want[3]);
  ws_gpu_free(&gpu);
}

static void test_sampling(void) {
  /* two GTO schedulers, independent ALU instructions: every warp ready, two issue, 14 X_alu */
  sample_sums(2, 1, "alu r1, r9\nalu r2, r9\nalu r3, r9\nalu r4, r9\n", (uint32_t[4]){16, 0, 14, 0}, "ALU only");
  /* one GTO scheduler: warp 0 runs alone (greedy), its 4-instruction body from SM cycle 1, so a
  ** sample cycle (a multiple of 8) issues its pc 3; the other 15 wait at pc 0, a load whose
  ** threads are all predicated off (no line: the LD/ST unit stays free) */
  sample_sums(1, 1, "@(iter < 0) ld r1, [0]\nalu r2, r9\nalu r3, r9\nalu r4, r9\n", (uint32_t[4]){16, 0, 0, 0},
              "a load passed over while the LD/ST unit is free is not X_mem");
  sample_sums(1, 1, "@(iter < 0) ld r1, [0]\nalu r2, r9\nalu r3, r9\n@(iter < 0) ld r4, [0]\n",
              (uint32_t[4]){16, 0, 0, 15}, "a load behind one the LD/ST unit took this cycle is X_mem");
  /* one GTO scheduler, 4-cycle ALU, a chain on r1: warps 0..3 take turns (each ready 4 cycles
  ** after its issue, and the oldest ready goes first), one issues, three wait on r1; warps
  ** 4..15 stay ready and never issue: 12 X_alu */
  sample_sums(1, 4, "alu r1, r1\n", (uint32_t[4]){16, 3, 12, 0}, "a dependent chain: three waiting");
}

/* statistics of a run, as JSON, without the equalizer section */
static int json_without_eq(const ws_config *c, const char *k, char *buf, size_t n) {
  char err[512];
  if (ws_test_run(&gpu, &kern, c, k, err, sizeof err)) { printf("  %s: %s\n", k, err); ws_gpu_free(&gpu); return -1; }
  FILE *f = tmpfile();
  ws_gpu_json(&gpu, f);
  ws_gpu_free(&gpu);
  rewind(f);
  size_t used = 0;
  char line[4096];
  buf[0] = '\0';
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "  \"equalizer\":", 14) != 0) {
      size_t l = strlen(line);
      if (used + l + 1 > n) break;
      memcpy(buf + used, line, l + 1);
      used += l;
    }
  fclose(f);
  return 0;
}

/* Equalizer on, but no epoch decides before the kernel ends: the blocks run in their
** slots, both clocks stay normal, and the statistics are those of the run without it */
static void test_transparent(void) {
  static char a[1 << 16], b[1 << 16];
  static const char *const kernels[] = {"stream", "compute", "uncoalesced"};
  for (int i = 0; i < 3; i++) {
    ws_config c;
    char err[512];
    CHECK(ws_config_named(&c, "tiny", err, sizeof err) == 0, "%s", err);
    int ra = json_without_eq(&c, kernels[i], a, sizeof a);
    c.equalizer = WS_EQ_PERFORMANCE;
    c.eq_sample = 4096;
    c.eq_epoch = 65536;
    int rb = json_without_eq(&c, kernels[i], b, sizeof b);
    CHECK(ra == 0 && rb == 0 && strcmp(a, b) == 0, "%s: with equalizer on and no epoch ended, the statistics differ",
          kernels[i]);
  }
}

static void test_config_errors(void) {
  static const struct { const char *key, *value, *want; } bad[] = {
    {"sched", "mascar", "equalizer = performance needs sched = gto or lrr"},
    {"mem_model", "fixed", "equalizer = performance needs mem_model = hier"},
    {"eq_sample", "512", "eq_epoch = 256 is shorter than eq_sample = 512"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ws_config c;
    char err[512] = "";
    CHECK(eq_config(&c, WS_EQ_PERFORMANCE, 1) == 0, "config");
    CHECK(ws_config_set(&c, bad[i].key, bad[i].value, err, sizeof err) == 0, "%s", err);
    CHECK(ws_config_check(&c, err, sizeof err) != 0 && strstr(err, bad[i].want), "%s = %s: got '%s', want '%s'",
          bad[i].key, bad[i].value, err, bad[i].want);
  }
}

/* every per-cycle rule on kernels with barriers (a warp waiting at one is not active) and
** on the built-in kernels */
static void test_rules_elsewhere(void) {
  static run_log lg;
  ws_config c;
  CHECK(eq_config(&c, WS_EQ_PERFORMANCE, 1) == 0, "config");
  run_tracked(&c, "kernel barriers\ngrid 16\ncta 128\niterations 60\nalu r1, r9\n"
              "@(tid < 32) ld r2, [0x1000000 + 128*gtid + 4096*iter]\nalu r3, r2\nbar\n", &lg, "barriers");
  ws_gpu_free(&gpu);
  for (const char *const *k = ws_kernel_builtins(); *k; k++) {
    if (!strcmp(*k, "fig4_2")) continue;   /* fixed memory: no memory clock */
    char err[512];
    CHECK(eq_config(&c, WS_EQ_ENERGY, 1) == 0, "config");
    c.eq_epoch = 64;                         /* short epochs: the built-ins are short */
    c.eq_vrm_delay = 8;
    const char *text = ws_kernel_builtin_text(*k);
    CHECK(text != NULL, "%s", *k);
    (void)err;
    if (text) run_tracked(&c, text, &lg, *k);
    ws_gpu_free(&gpu);
  }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_config_errors();
  test_sampling();
  test_transparent();
  test_rules_elsewhere();
  phases(WS_EQ_PERFORMANCE, 1, &logs[0], "performance, maintain normal");
  phases(WS_EQ_PERFORMANCE, 0, &logs[1], "performance, maintain keep");
  phases(WS_EQ_ENERGY, 1, &logs[2], "energy, maintain normal");
  phases(WS_EQ_ENERGY, 0, &logs[3], "energy, maintain keep");
  return ws_test_end();
}
