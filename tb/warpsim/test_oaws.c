/*
** test_oaws.c -- OAWS (sched = oaws_static | oaws_dynamic) in warpsim's
** closed loop: the paper's Fig. 5 example as a kernel, with the expected
** issue order and cycles derived by hand from Eq. 1 and GTO (written out
** below, not copied from a run), and every built-in kernel finishing with the
** end-of-run invariants.  Both again with the block's 5 ns pipeline (oaws_pipe =
** 1, the oaws block's PIPE): static OAWS does not read the ranks or OCW, and
** the pipeline's Eq. 1 is exact, so Fig. 5's hand trace holds cycle for cycle.
** Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>


static ws_gpu gpu;
static ws_kernel kern;
static int use_pipe;   /* 1: the oaws block's 5 ns pipeline (oaws_pipe) */

/*
** OAWS (Wang et al., PACT'16) §3.2, Fig. 5: 8 MSHRs; warps A, B and C issue
** divergent loads of 6, 6 and 2 requests.  GTO issues A, B, C and B replays
** because the MSHRs run out; OAWS "prevents warp B from issuing its memory
** instruction" (6 > 8 - 6) and C (2 <= 2) goes first.  SMR = 50 %: A and B
** have 12 active threads (6 lines, two threads a line), C 4 (2 lines), so
** static OAWS predicts 6, 6 and 2.  With SMR = 0 nothing is predicted and
** the order is GTO's: A, B, C.
**
** Our kernel runs the load twice (iterations): the first time teaches the
** DLC that the load's PC is divergent; a barrier lines the warps up for the
** second, which is Fig. 5.  Slots: A = 2 (the last to reach the barrier in
** the first iteration, so GTO's greedy warp), B = 0, C = 1.  Fixed memory:
** a line sent at t is back at t + 12 and its MSHR entry is released then.
** Hand trace of the second iteration, t0 = A's issue:
**   t0       A issues (6 <= 8 - 0); Miss_inflight 6; lines t0 .. t0+5; the
**            LSU's extra cycle t0+6 retires it (Miss_inflight 0)
**   t0+7     LSU free; Avail_mshr 8 - 6 = 2: B (6 > 2) occluded; C (2 <= 2)
**            issues; lines t0+7, t0+8 (Avail 0)
**   t0+18    A's entries are released at t0+12 .. t0+17 (Avail 6 after the
**            edge of t0+17): B (6 <= 6) issues
** SMR = 0: A at t0, B at t0+7 (the oldest), C after B's load has been sent:
** B's 6 lines get 2 entries at once and the others as A's are released. */
static const char fig5_kernel[] =
  "kernel oaws_fig5\ngrid 1\ncta 96\niterations 2\n"
  "@((warp != 1 && lane < 12) || (warp == 1 && lane < 4)) ld r1, [0x100000*iter + 0x10000*warp + 128*(lane/2)]\n"
  "add r2, r1\n"
  "bar\n";

/* the cycle each slot issued its load of iteration 1 (-1 none) */
static int run_fig5(int sched, int smr, int64_t at[3], char *why, size_t n) {
  ws_config c;
  char err[512];
  ws_config_named(&c, "fig4_2", err, sizeof err);
  c.sched = sched;
  c.warps_per_sm = 3;
  c.ctas_per_sm = 1;
  c.issue_mode = WS_ISSUE_ONE;
  c.l1_sets = 4;
  c.l1_ways = 4;
  c.l1_mshr_entries = 8;                       /* Fig. 5: 8 MSHR entries */
  c.mem_latency = 12;                          /* Fig. 5's miss penalty */
  c.oaws_smr = smr;
  c.oaws_pipe = use_pipe;
  if (ws_config_check(&c, err, sizeof err)) { snprintf(why, n, "config: %s", err); return -1; }
  if (ws_kernel_parse(&kern, fig5_kernel, "fig5.k", err, sizeof err)) { snprintf(why, n, "kernel: %s", err); return -1; }
  if (ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) { snprintf(why, n, "init: %s", err); ws_gpu_free(&gpu); return -1; }
  FILE *tr = tmpfile();
  gpu.issue_trace = tr;
  int r = ws_gpu_run(&gpu, NULL, 0);
  gpu.issue_trace = NULL;
  at[0] = at[1] = at[2] = -1;
  rewind(tr);
  ws_trace_ev e;
  while (ws_trace_next(tr, &e))
    if (e.iter == 1 && !strcmp(e.op, "ld") && e.slot < 3) at[e.slot] = e.cycle;
  fclose(tr);
  if (r) { snprintf(why, n, "did not finish"); return -1; }
  if (ws_gpu_check_invariants(&gpu, err, sizeof err)) { snprintf(why, n, "invariant: %s", err); return -1; }
  return 0;
}

static void test_fig5(void) {
  enum { A = 2, B = 0, C = 1 };
  int64_t at[3];
  char why[600];
  int r = run_fig5(WS_SCHED_OAWS_STATIC, 50, at, why, sizeof why);
  CHECK(r == 0, "fig5 static (oaws_pipe %d): %s", use_pipe, why);
  if (r == 0) {
    int64_t t0 = at[A];
    CHECK(at[C] == t0 + 7 && at[B] == t0 + 18, "static OAWS, SMR 50 %%: A at t0 = %" PRId64 ", C at t0%+" PRId64
          ", B at t0%+" PRId64 "; hand trace: C at t0+7, B (occluded) at t0+18", t0, at[C] - t0, at[B] - t0);
    CHECK(gpu.sm[0].oaws.occluded_warps >= 11, "B occluded from t0+7 to t0+17: %" PRIu64 " occluded warp-cycles",
          gpu.sm[0].oaws.occluded_warps);
  }
  ws_gpu_free(&gpu);
  r = run_fig5(WS_SCHED_OAWS_STATIC, 0, at, why, sizeof why);
  CHECK(r == 0, "fig5 SMR 0: %s", why);
  if (r == 0)
    CHECK(at[A] < at[B] && at[B] < at[C] && at[B] == at[A] + 7, "SMR 0: A at %" PRId64 ", B at %" PRId64 ", C at %"
          PRId64 "; want A, then B at A+7 (the LSU's 6 lines and extra cycle), then C", at[A], at[B], at[C]);
  ws_gpu_free(&gpu);
  r = run_fig5(WS_SCHED_GTO, 50, at, why, sizeof why);
  CHECK(r == 0, "fig5 gto: %s", why);
  if (r == 0)
    CHECK(at[A] < at[B] && at[B] < at[C], "GTO: A at %" PRId64 ", B at %" PRId64 ", C at %" PRId64 "; Fig. 5: A, B, C",
          at[A], at[B], at[C]);
  ws_gpu_free(&gpu);
}

/* every built-in kernel on tiny and fermi, both modes, with the invariants */
static void test_kernels_finish(void) {
  static const char *const cfgs[] = {"tiny", "fermi"};
  for (int ci = 0; ci < 2; ci++)
    for (const char *const *k = ws_kernel_builtins(); *k; k++)
      for (int sched = WS_SCHED_OAWS_STATIC; sched <= WS_SCHED_OAWS_DYNAMIC; sched++) {
        ws_config c;
        char err[512];
        CHECK(ws_config_named(&c, cfgs[ci], err, sizeof err) == 0, "%s", err);
        c.sched = sched;
        c.oaws_pipe = use_pipe;
        int r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
        CHECK(r == 0, "%s on %s, sched %d, oaws_pipe %d: %s", *k, cfgs[ci], sched, use_pipe, err);
        ws_gpu_free(&gpu);
      }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_fig5();
  test_kernels_finish();
  use_pipe = 1;   /* the same with the block's 5 ns pipeline */
  test_fig5();
  test_kernels_finish();
  return ws_test_end();
}
