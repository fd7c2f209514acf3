/*
** test_mascar.c -- Mascar (sched = mascar) in warpsim's closed loop, against
** the thesis' worked examples (Fig. 4.2's timeline, Fig. 4.6's hit under
** miss with a one-entry queue), hand-derived timelines, the rule of each
** mascar_nonowner setting, and every built-in kernel finishing.  Every expected
** event below comes from the thesis' text (Sethia's thesis 4.2.1, Fig. 4.2,
** as reconstructed in the timeline of the Mascar column: loads "issued" at
** the cycle the L1 accepts them return 5 cycles later, dependent adds issue
** from the cycle after the return) or from a hand trace of our documented
** rules (docs/warpsim.md, "Mascar"), written out in the comments; none is
** copied from a run.  Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>


static ws_gpu gpu;
static ws_kernel kern;

#define MAX_EV 64

/* What a run shows: per warp slot the cycle each of its loads' registers
** returned, and the cycles its ALU instructions issued. */
typedef struct timeline {
  int64_t ret[4][8];          /* [slot][register]: the cycle the load's value returned (0: never) */
  int64_t alu[4][8];          /* [slot][k]: the cycle of its k-th ALU instruction */
  int     n_alu[4];
  int64_t cycles;
} timeline;

/* Run KERNEL (a built-in name) on configuration C cycle by cycle, recording
** returns (a register whose value becomes readable at t + 1 returned at t)
** and ALU issues (from the issue trace). */
static int run_timeline(const ws_config *c, const char *kernel, timeline *tl, char *why, size_t n) {
  char err[512];
  memset(tl, 0, sizeof *tl);
  if (strchr(kernel, '\n') ? ws_kernel_parse(&kern, kernel, "test.k", err, sizeof err)
                           : ws_kernel_builtin(&kern, kernel, NULL, err, sizeof err)) {
    snprintf(why, n, "kernel: %s", err);
    return -1;
  }
  if (ws_gpu_init(&gpu, c, &kern, err, sizeof err)) { snprintf(why, n, "init: %s", err); ws_gpu_free(&gpu); return -1; }
  FILE *tr = tmpfile();
  gpu.issue_trace = tr;
  int64_t pending[4][8];
  memset(pending, 0, sizeof pending);
  while (!gpu.finished && gpu.now < 1000) {
    ws_gpu_cycle(&gpu);
    const ws_sm *s = &gpu.sm[0];
    for (int w = 0; w < 4 && w < c->warps_per_sm; w++)
      for (int r = 0; r < 8; r++) {
        int64_t rr = s->warps[w].reg_ready[r];
        if (rr == WS_NEVER) pending[w][r] = 1;
        else if (pending[w][r] && rr == gpu.now + 1) { tl->ret[w][r] = gpu.now; pending[w][r] = 0; }
      }
  }
  tl->cycles = gpu.kernel_end;
  rewind(tr);
  ws_trace_ev e;
  while (ws_trace_next(tr, &e))
    if (!strcmp(e.op, "alu") && e.slot < 4 && tl->n_alu[e.slot] < 8) tl->alu[e.slot][tl->n_alu[e.slot]++] = e.cycle;
  fclose(tr);
  gpu.issue_trace = NULL;
  if (!gpu.finished) { snprintf(why, n, "did not finish"); return -1; }
  if (ws_gpu_check_invariants(&gpu, err, sizeof err)) { snprintf(why, n, "invariant: %s", err); return -1; }
  return 0;
}

/* Compare a run with a timeline given as the cycle each warp's loads were
** accepted by the L1 (the figure's "issue" of a load: it returns LOAD_LAT
** cycles later) and the cycle of each warp's first add (the other three
** follow back to back: 1-cycle ALU, each add depends on the one before). */
static void check_timeline(const char *what, const timeline *tl, const int64_t sent[3][2], const int64_t add1[3],
                           int64_t finish) {
  enum { LOAD_LAT = 5 };                        /* "load instruction takes five cycles" */
  for (int w = 0; w < 3; w++) {
    for (int k = 0; k < 2; k++) {
      int reg = 1 + k;                           /* ld r1, then ld r2 */
      CHECK(tl->ret[w][reg] == sent[w][k] + LOAD_LAT, "%s: W%d's load of r%d returns at %" PRId64
            " (sent at %" PRId64 "), the timeline says sent at %" PRId64 ", back at %" PRId64,
            what, w, reg, tl->ret[w][reg], tl->ret[w][reg] - LOAD_LAT, sent[w][k], sent[w][k] + LOAD_LAT);
    }
    CHECK(tl->n_alu[w] == 4, "%s: W%d issued %d adds", what, w, tl->n_alu[w]);
    for (int k = 0; k < 4 && k < tl->n_alu[w]; k++)
      CHECK(tl->alu[w][k] == add1[w] + k, "%s: W%d's add %d at t = %" PRId64 ", the timeline says %" PRId64, what, w,
            k + 1, tl->alu[w][k], add1[w] + k);
  }
  CHECK(tl->cycles == finish, "%s: %" PRId64 " cycles, the timeline says %" PRId64, what, tl->cycles, finish);
}

/* Sethia's thesis 4.2.1, Fig. 4.2, the Mascar column of the reconstructed
** timeline: W0 sends both loads (t = 1, 2) and computes t = 8..11 ("from
** cycles 8 to 11"); W1 sends at 7 and 8 when the MSHRs free, computes from
** t = 14 ("begins at t = 14 ... completes at t = 17"); W2 sends at 13 and 14
** and computes 20..23: "finishes execution at t = 23".  The figure shows the
** scheduling alone (no re-execution queue: fig4_2 sets mascar_rexq = 0).
** Whether non-owners hold or may send their queued memory instruction is not
** visible in this example: both give the thesis' timeline. */
static void test_fig4_2_mascar(void) {
  static const int64_t sent[3][2] = {{1, 2}, {7, 8}, {13, 14}};
  static const int64_t add1[3] = {8, 14, 20};
  ws_config c;
  char err[256], why[600], what[64];
  timeline tl;
  for (int nonowner = 0; nonowner < 2; nonowner++) {
    CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
    CHECK(ws_config_set(&c, "sched", "mascar", err, sizeof err) == 0, "%s", err);
    c.mascar_nonowner = nonowner;
    snprintf(what, sizeof what, "fig4_2 mascar, mascar_nonowner %s", nonowner ? "issue" : "hold");
    int r = run_timeline(&c, "fig4_2", &tl, why, sizeof why);
    CHECK(r == 0, "%s: %s", what, why);
    if (r == 0) check_timeline(what, &tl, sent, add1, 23);
    if (r == 0) CHECK(gpu.sm[0].mascar.owner_changes >= 2, "%s: %" PRIu64 " owner changes (W1 and W2 own in turn)",
                      what, gpu.sm[0].mascar.owner_changes);
    ws_gpu_free(&gpu);
  }
}

/* The same example with a one-entry re-execution queue (mascar_rexq = 1).
** Hand trace of the documented rules: memsat sees the MSHR occupancy during
** a cycle and its flag is registered, wst registers the flag as its mode, so
** MP mode starts at t = 4 (occupancy 1 during t = 2 -> flag at 3 -> mode at
** 4); an L1 access in cycle t is answered to the queue in t + 1; a NACKed LSU
** request enters the queue the cycle after its NACK, or, while the queue
** cannot take it, retries at the L1 in the cycles the queue leaves free; a
** warp with a queued request holds its next memory instruction.
**   t = 1, 2  EP: W0's two loads (sent 1, 2)
**   t = 3     EP: W1's ld r1 enters the LSU, NACKed (both MSHRs W0's)
**   t = 4     MP, no owner; W1's request enters the queue
**   t = 5     W2 (the only memory-ready warp) sends ld r1: NACKed; it issued
**             in MP with no owner, so W2 becomes the owner (acquire)
**   t = 6     the queue is full: the LSU stalls, the queue re-executes W1's
**             request: a non-owner miss, NACKed
**   t = 7     the queue waits for its answer, the L1 is free: the LSU retries
**             W2's request; W0's r1 entry drained at 6: sent 7
**   t = 8     W2's ld r2 (sent 8: W0's r2 entry drained at 7) and W0's add 1;
**             W2's next instruction waits on its loads and no warp is memory-
**             ready: ownership goes to the queue head's warp, W1 (hand-over)
**   t = 9, 11 the queue re-executes W1's request: both MSHRs W2's: NACK
**   t = 13    W2's r1 entry drained at 12: accepted, sent 13; ACK heard at 14
**   t = 15    W1's ld r2 (W2's r2 entry drained at 13): sent 15
** Adds: W0 8..11; W2's r2 back at 13: 14..17; W1's r2 back at 20: 21..24.
** 24 cycles: the queue lets W2 overtake W1 but adds a cycle in this example.
** Counts: one push (W1's), re-executions at 6, 9, 11, 13 (one ACKed), NACKs at
** 3, 5 (LSU) and 6, 9, 11 (queue): five. */
static void test_fig4_2_rexq(void) {
  static const int64_t sent[3][2] = {{1, 2}, {13, 15}, {7, 8}};
  static const int64_t add1[3] = {8, 21, 14};
  ws_config c;
  char err[256], why[600];
  timeline tl;
  CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
  c.sched = WS_SCHED_MASCAR;
  c.mascar_rexq = 1;
  int r = run_timeline(&c, "fig4_2", &tl, why, sizeof why);
  CHECK(r == 0, "fig4_2 mascar rexq 1: %s", why);
  if (r == 0) {
    check_timeline("fig4_2 mascar, one-entry queue", &tl, sent, add1, 24);
    const ws_mascar *m = &gpu.sm[0].mascar;
    CHECK(m->pushes == 1 && m->reexec == 4 && m->reexec_ack == 1 && m->nacks == 5,
          "queue counts: %" PRIu64 " pushed, %" PRIu64 " re-executed (%" PRIu64 " ACKed), %" PRIu64
          " NACKs; hand count 1, 4 (1), 5", m->pushes, m->reexec, m->reexec_ack, m->nacks);
    CHECK(m->owner_changes == 2, "owners W2 then W1: %" PRIu64 " owner changes", m->owner_changes);
  }
  ws_gpu_free(&gpu);
}

/* The baseline is untouched: fig4_2 with round robin is still 26 cycles. */
static void test_fig4_2_baseline(void) {
  static const int64_t sent[3][2] = {{1, 8}, {2, 13}, {7, 14}};   /* the thesis' RR, 2 outstanding column */
  static const int64_t add1[3] = {14, 19, 20};
  ws_config c;
  char err[256], why[600];
  timeline tl;
  CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
  int r = run_timeline(&c, "fig4_2", &tl, why, sizeof why);
  CHECK(r == 0, "fig4_2 lrr: %s", why);
  if (r == 0) {
    CHECK(tl.cycles == 26, "fig4_2 lrr: %" PRId64 " cycles, the thesis says 26", tl.cycles);
    for (int w = 0; w < 3; w++) {
      CHECK(tl.ret[w][1] == sent[w][0] + 5 && tl.ret[w][2] == sent[w][1] + 5,
            "fig4_2 lrr: W%d's loads back at %" PRId64 " and %" PRId64 ", the timeline says %" PRId64 " and %" PRId64,
            w, tl.ret[w][1], tl.ret[w][2], sent[w][0] + 5, sent[w][1] + 5);
      CHECK(tl.n_alu[w] >= 1 && tl.alu[w][0] == add1[w], "fig4_2 lrr: W%d's first add at %" PRId64 ", timeline %"
            PRId64, w, tl.alu[w][0], add1[w]);
    }
  }
  ws_gpu_free(&gpu);
}

/* Thesis Fig. 4.6 (hit under miss with re-execution) as a kernel on a real
** L1.  The thesis gives the scenario, not its cycles: W0's request cannot
** get an MSHR and goes into the (one-entry) queue; W1, whose line is in the
** L1, hits under W0's miss and commits; W2 misses, the queue is full, the
** LSU stalls; once the memory returns, the queue drains and W3 is issued to
** the LSU "earlier than in the baseline system".  Our version: one CTA of
** four warps; W0 first brings line H into the L1 and then sends the miss of
** line Z, whose MSHR entry takes no second request (MERGES = 1); after the
** barrier W0 and W2 load Z, W1 loads H, W3 loads line D.  EP mode throughout
** (4 MSHRs, MP only when all are in use).  mem_latency 10, L1 hit 1 cycle.
** Hand trace (a value returned at t is readable at t + 1):
**   W0: ld H at 1 (back 11), add 12, ld Z at 13 (filled 22, back 23), bar 14;
**   the other warps' loads are masked off, they wait at the barrier: all
**   issue again from 15, W0 first (EP greedy: the last memory warp)
**   15 W0's Z refused (the entry's list is full), NACK; 16 into the queue
**   17 W1's H hits under Z's miss: back at 18                (hit under miss)
**   18 W2's Z refused; 19 the queue is full: the LSU stalls  (the queue filled)
**   19, 21 the queue re-executes W0's Z: refused; 20, 22 the LSU retries W2's
**   in the cycles the queue waits for its answer: refused (Z fills at 22)
**   23 the queue's W0 request hits (Z is in the L1): back at 24 (reuse)
**   24 the LSU's W2 request hits: back at 25; the LSU is free
**   25 W3's ld D (back at 35): 36 cycles; stalled cycles 19..24: six
** Baseline (gto, a blocking LSU): W0's Z retries 15..22 and hits at 23 (back
** 24); W1's H hits only at 24 (back 25), W2's Z at 25 (26), W3's D at 26 (36):
** 37 cycles.  W1 hits 7 cycles earlier with Mascar and W3 reaches the LSU a
** cycle earlier. */
static const char fig4_6_kernel[] =
  "kernel fig4_6\ngrid 1\ncta 128\n"
  "@(warp == 0) ld r1, [0x1000 + 4*lane]\n"          /* W0 brings line H into the L1 */
  "add r2, r1\n"
  "@(warp == 0) ld r5, [0x9000 + 4*lane]\n"          /* W0's miss of line Z */
  "bar\n"
  "ld r3, [(warp == 1)*0x1000 + (warp == 3)*0x5000 + (warp % 2 == 0)*0x9000 + 4*lane]\n"
  "add r4, r3, r5\n";

static void fig4_6_config(ws_config *c, int sched) {
  char err[256];
  ws_config_named(c, "fig4_2", err, sizeof err);
  c->sched = sched;
  c->warps_per_sm = 4;
  c->ctas_per_sm = 1;
  c->l1_sets = 4;                              /* every line here maps to set 0: two ways hold H and Z */
  c->l1_ways = 2;
  c->l1_hit_latency = 1;
  c->l1_mshr_entries = 4;
  c->l1_mshr_merges = 1;
  c->mem_latency = 10;
  c->mascar_set_free_mshr = 0;                 /* MP mode only with all four entries in use: never here */
  c->mascar_clr_free_mshr = 1;
  c->mascar_rexq = 1;                          /* the figure's one-entry queue */
}

static void test_fig4_6(void) {
  ws_config c;
  char err[256], why[600];
  timeline tl;
  fig4_6_config(&c, WS_SCHED_MASCAR);
  CHECK(ws_config_check(&c, err, sizeof err) == 0, "fig4_6 config: %s", err);
  int r = run_timeline(&c, fig4_6_kernel, &tl, why, sizeof why);
  CHECK(r == 0, "fig4_6 mascar: %s", why);
  if (r == 0) {
    const ws_sm *s = &gpu.sm[0];
    CHECK(tl.ret[0][5] == 23, "Z back at %" PRId64 ", hand trace 23", tl.ret[0][5]);
    CHECK(tl.ret[1][3] == 18 && tl.ret[1][3] < tl.ret[0][5],
          "W1's hit under Z's miss: back at %" PRId64 ", hand trace 18 (before Z at 23)", tl.ret[1][3]);
    CHECK(tl.ret[0][3] == 24, "W0's queued request, re-executed as a hit: back at %" PRId64 ", hand trace 24",
          tl.ret[0][3]);
    CHECK(tl.ret[2][3] == 25, "W2's request back at %" PRId64 ", hand trace 25", tl.ret[2][3]);
    CHECK(tl.ret[3][3] == 35, "W3's miss back at %" PRId64 ", hand trace 35 (sent at 25)", tl.ret[3][3]);
    CHECK(tl.cycles == 36, "%" PRId64 " cycles, hand trace 36", tl.cycles);
    CHECK(s->mascar.pushes == 1 && s->mascar.push_stall_cycles == 6 && s->mascar.reexec == 3 &&
          s->mascar.reexec_ack == 1 && s->mascar.mp_cycles == 0,
          "queue: %" PRIu64 " pushed, %" PRIu64 " stalled cycles, %" PRIu64 " re-executions (%" PRIu64
          " ACKed), %" PRIu64 " MP cycles; hand trace 1, 6, 3 (1), 0", s->mascar.pushes, s->mascar.push_stall_cycles,
          s->mascar.reexec, s->mascar.reexec_ack, s->mascar.mp_cycles);
    CHECK(s->l1s.load_hits == 3 && s->l1s.load_misses == 3, "L1: %" PRIu64 " hits, %" PRIu64
          " misses; hand trace 3 (H, Z twice), 3 (H, Z, D)", s->l1s.load_hits, s->l1s.load_misses);
  }
  int64_t w1_mascar = tl.ret[1][3];
  ws_gpu_free(&gpu);
  fig4_6_config(&c, WS_SCHED_GTO);
  r = run_timeline(&c, fig4_6_kernel, &tl, why, sizeof why);
  CHECK(r == 0, "fig4_6 gto: %s", why);
  if (r == 0) {
    CHECK(tl.ret[0][3] == 24 && tl.ret[1][3] == 25 && tl.ret[2][3] == 26 && tl.ret[3][3] == 36 && tl.cycles == 37,
          "baseline: W0..W3 back at %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64
          " cycles; hand trace 24, 25, 26, 36, 37", tl.ret[0][3], tl.ret[1][3], tl.ret[2][3], tl.ret[3][3], tl.cycles);
    CHECK(w1_mascar < tl.ret[1][3], "W1 is served earlier with re-execution (%" PRId64 " < %" PRId64 ")", w1_mascar,
          tl.ret[1][3]);
  }
  ws_gpu_free(&gpu);
}

/* mascar_nonowner on a saturating kernel (tiny, stream: 4 MSHRs, 8 warps per
** SM).  hold: while an owner exists, no other warp issues a memory
** instruction (the wst block's stall bits).  issue (thesis 4.3.4: non-owner
** warps already in the memory-ready queue may still go to the L1): some do,
** and within one owner's tenure each non-owner warp sends at most one (the
** one that was waiting when the owner took over). */
static void test_nonowner_modes(void) {
  enum { MAXC = 20000 };
  static int8_t owner_at[MAXC][2];              /* [cycle][SM]: the owner warp slot, -1 none */
  for (int mode = 0; mode < 2; mode++) {
    ws_config c;
    char err[512];
    const char *what = mode ? "issue" : "hold";
    ws_config_named(&c, "tiny", err, sizeof err);
    c.sched = WS_SCHED_MASCAR;
    c.mascar_nonowner = mode;
    CHECK(ws_kernel_builtin(&kern, "stream", NULL, err, sizeof err) == 0, "%s", err);
    CHECK(ws_gpu_init(&gpu, &c, &kern, err, sizeof err) == 0, "%s", err);
    FILE *tr = tmpfile();
    gpu.issue_trace = tr;
    while (!gpu.finished && gpu.now < MAXC - 1) {
      ws_gpu_cycle(&gpu);
      for (int i = 0; i < 2; i++)
        owner_at[gpu.now][i] = gpu.sm[i].mascar.pick.owner_valid ? (int8_t)gpu.sm[i].mascar.pick.owner : -1;
    }
    CHECK(gpu.finished, "stream on tiny, nonowner %s: did not finish", what);
    rewind(tr);
    ws_trace_ev e;
    int bad = 0, nonowner = 0, twice = 0;
    uint64_t sent[2] = {0, 0};                  /* per SM: non-owners that sent during this owner's tenure */
    int tenure[2] = {-1, -1};
    int64_t last[2] = {0, 0};
    while (ws_trace_next(tr, &e)) {
      int64_t cyc = e.cycle;
      int sm = e.sm, slot = e.slot;
      if ((strcmp(e.op, "ld") && strcmp(e.op, "st")) || cyc >= MAXC) continue;
      /* a new tenure: the owner changed since the last memory issue of this SM */
      for (int64_t t = last[sm] + 1; t <= cyc; t++)
        if (owner_at[t][sm] != tenure[sm]) { tenure[sm] = owner_at[t][sm]; sent[sm] = 0; }
      last[sm] = cyc;
      int own = owner_at[cyc][sm];
      if (own < 0 || own == slot) continue;
      nonowner++;
      if (mode == 0) bad++;
      if (sent[sm] >> slot & 1) twice++;
      sent[sm] |= (uint64_t)1 << slot;
    }
    fclose(tr);
    gpu.issue_trace = NULL;
    uint64_t counted = gpu.sm[0].mascar.nonowner_issues + gpu.sm[1].mascar.nonowner_issues;
    if (mode == 0) {
      CHECK(bad == 0, "nonowner hold: %d memory instructions of non-owners issued while an owner existed", bad);
      CHECK(counted == 0, "nonowner hold: %" PRIu64 " counted non-owner issues", counted);
    } else {
      CHECK(nonowner > 0 && (uint64_t)nonowner == counted, "nonowner issue: %d non-owner memory issues seen, %" PRIu64
            " counted (want the same, > 0)", nonowner, counted);
      CHECK(twice == 0, "nonowner issue: %d times a non-owner sent a second memory instruction in one tenure", twice);
    }
    ws_gpu_free(&gpu);
  }
}

/* Every built-in kernel on tiny and fermi with Mascar, with and without the
** queue and in both non-owner modes, finishes with the end-of-run invariants
** (every load back, the queue empty, nothing held): no deadlock or lost
** request in the closed loop. */
static void test_kernels_finish(void) {
  static const char *const cfgs[] = {"tiny", "fermi"};
  for (int ci = 0; ci < 2; ci++)
    for (const char *const *k = ws_kernel_builtins(); *k; k++)
      for (int v = 0; v < 3; v++) {
        ws_config c;
        char err[512], why[600];
        CHECK(ws_config_named(&c, cfgs[ci], err, sizeof err) == 0, "%s", err);
        c.sched = WS_SCHED_MASCAR;
        if (v == 1) c.mascar_nonowner = WS_NONOWNER_HOLD;
        if (v == 2) c.mascar_rexq = 0;
        int r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
        snprintf(why, sizeof why, "%s on %s, variant %d: %s", *k, cfgs[ci], v, r ? err : "ok");
        CHECK(r == 0, "%s", why);
        ws_gpu_free(&gpu);
      }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_fig4_2_baseline();
  test_fig4_2_mascar();
  test_fig4_2_rexq();
  test_fig4_6();
  test_nonowner_modes();
  test_kernels_finish();
  return ws_test_end();
}
