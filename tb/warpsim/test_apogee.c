/*
** test_apogee.c -- APOGEE (prefetch = apogee) in warpsim's closed loop: the
** apogee block in each SM's L1 controller, its prefetches through the L1 MSHR
** file, its fills and drops reported back.  Expectations come from the
** thesis' rules (Sethia, Ch. V 5.3.1.1), never from a run:
**   - latency sweep: one streaming load a warp-iteration, each thread's
**     element n = 4 x 32 threads further each iteration (the Fig. 5.5
**     pattern), then a chain of dependent ALU work, on 4 warps (Apogee_4)
**     with a fixed memory latency L of one to four warp iterations.  A
**     prefetch d iterations ahead is back in time when d x iteration > L, and
**     the distance only rises while the burst meant for a load is late, so it
**     settles at ceil(L / iteration) .. + 2 (the + 2: warps do not run in
**     lockstep, and one slow judgement is made before the data of a rising
**     distance can show).  While it rises, the loads of a warp miss: reaching
**     D takes at most 1 + 2 + ... + D judged loads (after each change the
**     next d loads of a warp are not judged), so at most D(D+1)/2 + D + 1
**     misses per warp; once settled a load misses no more: a run twice as
**     long adds at most 2 % misses.  The iteration is measured with no
**     memory latency to speak of (mem_latency 3), so the expectation does
**     not come from the run it judges.
**   - the same sweep with the pipelined block (pf_apogee_pipe = 1, its PIPE):
**     a load is decided 6 cycles after the L1 shows it and its burst leaves
**     the queue 7 cycles later than in the 1-cycle block (docs/blocks/
**     apogee.md, "The pipeline"), so a burst d iterations ahead is back in
**     time when d x iteration > L + 7: the distance settles at
**     ceil((L + 7) / iteration) .. + 2, with the same bounds on misses.
**   - prefetching off is the same machine without the block: no "prefetch"
**     statistics, and every load misses this L1 (each line is read once).
**   - every built-in kernel runs to its end with the prefetcher on tiny (the
**     1-cycle and the pipelined block), every load and every prefetch drained
**     (the end-of-run invariants).
**   - bad configurations are refused, naming the key.
** Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static ws_gpu gpu;
static ws_kernel kern;

#define CHAIN 20   /* dependent ALU instructions after the load */
#define PIPE_LATE 7   /* PIPE=1: cycles a burst leaves the queue later than with PIPE=0 */

/* the kernel: ITER iterations of one load and CHAIN dependent adds, one CTA of 4 warps */
static int make_kernel(int iters, char *err, size_t n) {
  char text[4096];
  int k = snprintf(text, sizeof text,
                   "kernel apogee_stream\ngrid 1\ncta 128\niterations %d\n"
                   "ld  r1, [0x100000 + 4*gtid + 4*ntid*nctaid*iter]\nadd r2, r1, r2\n", iters);
  for (int i = 1; i < CHAIN; i++) k += snprintf(text + k, sizeof text - (size_t)k, "add r2, r2, r1\n");
  return ws_kernel_parse(&kern, text, "apogee_stream", err, n);
}

static int pipe;   /* the apogee block's PIPE for the runs (pf_apogee_pipe) */

static int base_config(ws_config *c, int latency, int prefetch, char *err, size_t n) {
  static const char *const kv[][2] = {
    {"n_sm", "1"}, {"warps_per_sm", "4"}, {"ctas_per_sm", "1"}, {"n_sched", "1"}, {"sched", "gto"},
    {"alu_latency", "4"}, {"l1_sets", "64"}, {"l1_ways", "4"}, {"l1_mshr_entries", "64"},
    {"l1_mshr_merges", "8"}, {"l1_miss_queue", "64"}, {"mem_model", "fixed"}, {"pf_entries", "64"},
    {"pf_queue", "8"},
  };
  char v[32];
  if (ws_config_named(c, "tiny", err, n)) return -1;
  for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
    if (ws_config_set(c, kv[i][0], kv[i][1], err, n)) return -1;
  snprintf(v, sizeof v, "%d", latency);
  if (ws_config_set(c, "mem_latency", v, err, n)) return -1;
  if (ws_config_set(c, "prefetch", prefetch ? "apogee" : "off", err, n)) return -1;
  if (ws_config_set(c, "pf_apogee_pipe", pipe ? "1" : "0", err, n)) return -1;
  return ws_config_check(c, err, n);
}

typedef struct outcome {
  int64_t  cycles;
  uint64_t hits, misses, dist_last, used, timely, sent, bursts, dropped;
} outcome;

static int run(int latency, int prefetch, int iters, outcome *o) {
  ws_config c;
  char err[512];
  memset(o, 0, sizeof *o);
  if (base_config(&c, latency, prefetch, err, sizeof err) || make_kernel(iters, err, sizeof err) ||
      ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) {
    CHECK(0, "setting up L = %d: %s", latency, err);
    ws_gpu_free(&gpu);
    return -1;
  }
  int bad = ws_gpu_run(&gpu, NULL, 0) != 0 || ws_gpu_check_invariants(&gpu, err, sizeof err) != 0;
  CHECK(!bad, "L = %d, prefetch %d, %d iterations: the run did not finish cleanly: %s", latency, prefetch, iters, err);
  o->cycles = gpu.kernel_end;
  o->hits = gpu.sm[0].l1s.load_hits;
  o->misses = gpu.sm[0].l1s.load_misses;
  o->dist_last = gpu.sm[0].pf.dist_last;
  o->used = gpu.sm[0].pf.used_timely + gpu.sm[0].pf.used_late;
  o->timely = gpu.sm[0].pf.used_timely;
  o->bursts = gpu.sm[0].pf.bursts;
  o->dropped = gpu.sm[0].pf.bursts_dropped;
  o->sent = gpu.sm[0].pf.lines_sent;
  ws_gpu_free(&gpu);
  return bad ? -1 : 0;
}

int main(void) {
  enum { ITERS = 96, WARPS = 4 };
  outcome base;
  /* the warp iteration with (almost) no memory latency: L1 misses take 3 cycles (a hit 2) */
  if (run(3, 0, ITERS, &base)) return ws_test_end();
  double iter = (double)base.cycles / ITERS;
  printf("warp iteration without memory latency: %.1f cycles (%" PRId64 " cycles for %d iterations)\n", iter,
         base.cycles, ITERS);
  CHECK(base.misses == (uint64_t)ITERS * WARPS && base.hits == 0,
        "prefetch off: every load reads a new line, so all %d miss (hits %" PRIu64 ", misses %" PRIu64 ")",
        ITERS * WARPS, base.hits, base.misses);

  for (pipe = 0; pipe <= 1; pipe++) {
  printf("%s\n%5s %6s %9s %9s %6s %8s %9s %10s %9s %6s %6s %6s %6s\n", pipe ? "the pipelined block (PIPE=1):" : "the 1-cycle block (PIPE=0):",
         "L", "L/it", "cyc off", "cyc on", "dist", "expect", "miss %", "bound %", "steady %", "acc %", "cov %", "bursts", "drops");
  for (int k = 1; k <= 4; k++) {
    int lat = (int)((k * base.cycles + ITERS / 2) / ITERS);   /* k iterations, rounded */
    outcome off, on, on2;
    if (run(lat, 0, ITERS, &off) || run(lat, 1, ITERS, &on) || run(lat, 1, 2 * ITERS, &on2)) break;
    /* ceil((L + the pipeline's lateness) / iteration) */
    int64_t late = lat + (pipe ? PIPE_LATE : 0);
    int lo = (int)((late * ITERS + base.cycles - 1) / base.cycles), hi = lo + 2;
    uint64_t loads = (uint64_t)ITERS * WARPS;
    double miss = (double)on.misses / (double)loads;
    double d = (double)on.dist_last;
    double bound = (d * (d + 1) / 2 + d + 1) / ITERS;   /* per warp: the ramp's misses */
    double steady = ((double)on2.misses - (double)on.misses) / (double)loads;
    double acc = on.sent ? (double)on.used / (double)on.sent : 0, cov = (double)on.timely / (double)(on.timely + on.misses);
    printf("%5d %6.2f %9" PRId64 " %9" PRId64 " %6" PRIu64 " %4d..%-3d %9.1f %10.1f %9.1f %6.1f %6.1f %6" PRIu64 " %6" PRIu64 "\n",
           lat, lat / iter, off.cycles, on.cycles, on.dist_last, lo, hi, 100 * miss, 100 * bound, 100 * steady, 100 * acc,
           100 * cov, on.bursts, on.dropped);
    CHECK(on.dist_last >= (uint64_t)lo && on.dist_last <= (uint64_t)hi,
          "L = %d (%.2f iterations): the distance settles at %" PRIu64 ", expected %d..%d", lat, lat / iter,
          on.dist_last, lo, hi);
    CHECK(on2.dist_last == on.dist_last, "L = %d: the distance moved after settling (%" PRIu64 " after %d "
          "iterations, %" PRIu64 " after %d)", lat, on.dist_last, ITERS, on2.dist_last, 2 * ITERS);
    CHECK(miss <= bound, "L = %d: %.1f %% of the loads miss, above the ramp's bound %.1f %%", lat, 100 * miss,
          100 * bound);
    CHECK(steady <= 0.02, "L = %d: once settled, %.1f %% more misses in %d more iterations (expected none)", lat,
          100 * steady, ITERS);
    CHECK(on.cycles < off.cycles, "L = %d: prefetching is no faster (%" PRId64 " vs %" PRId64 " cycles)", lat,
          on.cycles, off.cycles);
    CHECK(on.sent > 0 && (double)on.used >= 0.9 * (double)on.sent,
          "L = %d: %" PRIu64 " of %" PRIu64 " prefetched lines used (a streaming kernel uses all but the last "
          "iterations' few)", lat, on.used, on.sent);
  }
  }
  pipe = 0;

  /* every built-in kernel on tiny with the prefetcher: the end-of-run invariants (every load back,
  ** no MSHR entry held: the prefetches' waiters drained too, the instruction count) */
  for (int pp = 0; pp <= 1; pp++)
    for (const char *const *k = ws_kernel_builtins(); *k; k++) {
      ws_config tc;
      char e[512];
      CHECK(ws_config_named(&tc, "tiny", e, sizeof e) == 0 && ws_config_set(&tc, "prefetch", "apogee", e, sizeof e) == 0 &&
            ws_config_set(&tc, "pf_apogee_pipe", pp ? "1" : "0", e, sizeof e) == 0, "%s", e);
      int rc = ws_test_run(&gpu, &kern, &tc, *k, e, sizeof e);
      CHECK(rc == 0, "tiny, prefetch = apogee, PIPE=%d, kernel %s: %s", pp, *k, e);
      CHECK(rc != 0 || gpu.sm[0].pf.loads > 0, "tiny, PIPE=%d, kernel %s: the table saw no load", pp, *k);
      ws_gpu_free(&gpu);
    }

  /* refused configurations name their key */
  ws_config c;
  char err[512];
  CHECK(base_config(&c, 100, 1, err, sizeof err) == 0, "%s", err);
  CHECK(ws_config_set(&c, "sched", "mascar", err, sizeof err) == 0 && ws_config_check(&c, err, sizeof err) != 0 &&
        strstr(err, "prefetch = apogee") != NULL, "prefetch = apogee with sched = mascar is refused: '%s'", err);
  CHECK(base_config(&c, 100, 1, err, sizeof err) == 0 && ws_config_set(&c, "warps_per_sm", "48", err, sizeof err) == 0 &&
        ws_config_check(&c, err, sizeof err) != 0 && strstr(err, "warps_per_sm = 48") != NULL,
        "prefetch = apogee with 48 warps (the block's WARPS is at most 32) is refused: '%s'", err);
  return ws_test_end();
}
