/*
** test_tls.c -- the two-level warp scheduler (sched = two_level) in
** warpsim's closed loop: a hand trace of the tls block's rules (greedy active
** set, demotion at a marked long-latency consumer, round-robin promotion of
** ready pending warps) on a small kernel, and every built-in kernel finishing
** with the end-of-run invariants.  Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond, ...)                                               \
  do {                                                                 \
    if (cond) passed++;                                                \
    else {                                                             \
      failed++;                                                        \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                       \
      printf(__VA_ARGS__);                                             \
      printf("\n");                                                    \
    }                                                                  \
  } while (0)

static ws_gpu gpu;
static ws_kernel kern;

/*
** Four warps (one per CTA), one scheduler with two active slots, fixed memory
** (a load accepted at t is back at t + 5, readable at t + 6), two MSHRs, no
** L1, 1-cycle adds.  Each warp: ld r1; add r2, r1 (marked: it sources a
** load's destination); add r3, r2 (its exit).  At reset w0, w1 are active
** (slots 0, 1), w2, w3 pending, the round-robin pointer at w2.
**   1  w0 ld (sent 1, back 6)         2  w0 reaches its marked add: demoted
**   3  w2 promoted into slot 0 (edge); w1 ld (sent 3, back 8)
**   4  w1 demoted                     5  w3 promoted into slot 1; w2 ld: both
**      MSHRs busy, the LSU holds it until w0's entry frees: sent 7, back 12
**   6  w2 demoted                     7  w0 (back at 6) promoted; the LSU is
**      still busy: no issue
**   8, 9  w0's two adds (a promoted warp issues its marked instruction: the
**      resume bit); the second is its exit: slot 0 frees
**   10 w1 promoted (back at 8); w3 ld (sent 10, back 15)   11 w3 demoted
**   12, 13  w1's adds; 13: w2 (back at 12) promoted       14, 15  w2's adds
**   16 w3 (back at 15) promoted       17, 18  w3's adds: 18 cycles
** Four demotions, six promotions.
*/
static void test_hand_trace(void) {
  static const struct { int64_t t; int warp; const char *op; } want[] = {
    {1, 0, "ld"}, {3, 1, "ld"}, {5, 2, "ld"}, {8, 0, "alu"}, {9, 0, "alu"}, {10, 3, "ld"},
    {12, 1, "alu"}, {13, 1, "alu"}, {14, 2, "alu"}, {15, 2, "alu"}, {17, 3, "alu"}, {18, 3, "alu"},
  };
  enum { N = sizeof want / sizeof want[0] };
  ws_config c;
  char err[512];
  CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
  c.sched = WS_SCHED_TWO_LEVEL;
  c.warps_per_sm = 4;
  c.ctas_per_sm = 4;
  c.tls_active = 2;
  CHECK(ws_config_check(&c, err, sizeof err) == 0, "config: %s", err);
  CHECK(ws_kernel_parse(&kern, "grid 4\ncta 32\nld r1, [4*gtid]\nadd r2, r1\nadd r3, r2\n", "tl.k", err,
                        sizeof err) == 0, "%s", err);
  if (ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) { CHECK(0, "init: %s", err); ws_gpu_free(&gpu); return; }
  FILE *tr = tmpfile();
  gpu.issue_trace = tr;
  int r = ws_gpu_run(&gpu, NULL, 0);
  gpu.issue_trace = NULL;
  CHECK(r == 0, "did not finish");
  rewind(tr);
  char line[256], op[8];
  int64_t cyc, cta, it;
  int sm, sc, slot, warp, pc, n = 0;
  while (fgets(line, sizeof line, tr))
    if (sscanf(line, "%" SCNd64 " %d %d %d %" SCNd64 " %d %" SCNd64 " %d %7s", &cyc, &sm, &sc, &slot, &cta, &warp,
               &it, &pc, op) == 9) {
      if (n < N)
        CHECK(cyc == want[n].t && slot == want[n].warp && !strcmp(op, want[n].op),
              "issue %d: t = %" PRId64 " w%d %s; hand trace t = %" PRId64 " w%d %s", n + 1, cyc, slot, op, want[n].t,
              want[n].warp, want[n].op);
      n++;
    }
  fclose(tr);
  CHECK(n == N, "%d issues, hand trace %d", n, N);
  CHECK(gpu.kernel_end == 18, "%" PRId64 " cycles, hand trace 18", gpu.kernel_end);
  CHECK(gpu.sm[0].tls[0].demotions == 4 && gpu.sm[0].tls[0].promotions == 6,
        "%" PRIu64 " demotions, %" PRIu64 " promotions; hand trace 4, 6", gpu.sm[0].tls[0].demotions,
        gpu.sm[0].tls[0].promotions);
  CHECK(ws_gpu_check_invariants(&gpu, err, sizeof err) == 0, "invariants: %s", err);
  ws_gpu_free(&gpu);
}

/* every built-in kernel on tiny and fermi, with the invariants (no lost warp, no deadlock) */
static void test_kernels_finish(void) {
  static const char *const cfgs[] = {"tiny", "fermi"};
  for (int ci = 0; ci < 2; ci++)
    for (const char *const *k = ws_kernel_builtins(); *k; k++) {
      ws_config c;
      char err[512];
      CHECK(ws_config_named(&c, cfgs[ci], err, sizeof err) == 0, "%s", err);
      c.sched = WS_SCHED_TWO_LEVEL;
      int r = ws_kernel_builtin(&kern, *k, err, sizeof err) || ws_gpu_init(&gpu, &c, &kern, err, sizeof err);
      if (!r) r = ws_gpu_run(&gpu, NULL, 0) ? (snprintf(err, sizeof err, "did not finish"), 1)
                                            : ws_gpu_check_invariants(&gpu, err, sizeof err) != 0;
      CHECK(r == 0, "%s on %s: %s", *k, cfgs[ci], err);
      ws_gpu_free(&gpu);
    }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_hand_trace();
  test_kernels_finish();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
