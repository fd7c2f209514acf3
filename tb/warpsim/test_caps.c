/*
** test_caps.c -- CAPS (prefetch = caps) in warpsim's closed loop: the caps
** block in each SM's L1 controller, its prefetches through the L1 MSHR file,
** and the two-level scheduler (the tls block) with CAPS' CTA-aware order
** (caps_order) and eager wake-up (caps_wakeup).  Expectations come from the
** paper's rules (Jeon et al., CENG-2014-08, 4.1-4.4), never from a run:
**   - a kernel of the paper's class: each CTA reads theta_CTA + 128 x warp +
**     4 x lane at two load PCs (theta_CTA irregular across CTAs), 8 warps a
**     CTA, 4 CTAs resident, 32 CTAs.  Every warp's address is exactly its
**     CTA's base plus its warp index times the stride, so: two strides are
**     learnt (one per PC; DIST has two entries: none is evicted), no request
**     is mispredicted, no load throttled; with an L1 larger than the
**     footprint no line is evicted, so every line a prefetch sends is a line
**     a trailing warp reads later: accuracy exactly 100 %.
**   - the CTA-aware order keeps the other CTAs' trailing warps waiting while
**     their prefetches fly (4.1), so some of their loads hit: on-time uses
**     with caps_order, and more than without it.
**   - eager wake-up: fills promote their destination warps (wake-ups
**     counted); with the order on, accuracy stays 100 %.
**   - a kernel that loops (each iteration 512 bytes further: the address is
**     not base + k x stride for the same PerCTA base) mispredicts every
**     verified request after the first iteration; past THRESH = 128 the
**     PC is throttled (4.2).
**   - the pipelined block (caps_pipe = 1: a load's events and trigger two
**     cycles later, docs/blocks/caps.md) decides every load as the one-cycle
**     block does: the same closed loop gives the same two strides, no
**     misprediction, accuracy 100 %, on-time uses under the CTA-aware order.
**   - every built-in kernel runs to its end with CAPS (end-of-run
**     invariants), one-cycle and pipelined; bad configurations are refused,
**     naming the keys.
** Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static ws_gpu gpu;
static ws_kernel kern;

#define CHAIN 24   /* dependent adds after each load */

static int make_kernel(int loop, char *err, size_t n) {
  char text[8192];
  int k = snprintf(text, sizeof text, "kernel caps_tiles\ngrid 32\ncta 256\niterations %d\n", loop ? 8 : 1);
  for (int pc = 0; pc < 2; pc++) {
    k += snprintf(text + k, sizeof text - (size_t)k,
                  "ld  r%d, [0x%x000000 + 0x10000*((ctaid*%d) %% 32) + 128*warp + 4*lane%s]\n", 1 + 2 * pc,
                  1 + 2 * pc, pc ? 5 : 7, loop ? " + 512*iter" : "");
    for (int i = 0; i < CHAIN; i++)
      k += snprintf(text + k, sizeof text - (size_t)k, "add r2, r2, r%d\n", 1 + 2 * pc);
  }
  return ws_kernel_parse(&kern, text, "caps_tiles", err, n);
}

static const char *l1_sets = "256", *l1_ways = "8";   /* 256 x 8 x 128 B: larger than the footprint */
static const char *caps_pipe = "0";                   /* the caps block's PIPE */

static int base_config(ws_config *c, const char *order, const char *wakeup, char *err, size_t n) {
  static const char *const kv[][2] = {
    {"n_sm", "1"}, {"warps_per_sm", "32"}, {"ctas_per_sm", "4"}, {"n_sched", "1"}, {"sched", "two_level"},
    {"tls_active", "8"}, {"alu_latency", "4"}, {"l1_sets", "256"}, {"l1_ways", "8"}, {"l1_mshr_entries", "32"},
    {"l1_mshr_merges", "8"}, {"l1_miss_queue", "32"}, {"mem_model", "fixed"}, {"mem_latency", "200"},
    {"prefetch", "caps"}, {"pf_queue", "16"},
  };
  if (ws_config_named(c, "tiny", err, n)) return -1;
  for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
    if (ws_config_set(c, kv[i][0], kv[i][1], err, n)) return -1;
  if (ws_config_set(c, "caps_order", order, err, n) || ws_config_set(c, "caps_wakeup", wakeup, err, n) ||
      ws_config_set(c, "l1_sets", l1_sets, err, n) || ws_config_set(c, "l1_ways", l1_ways, err, n) ||
      ws_config_set(c, "caps_pipe", caps_pipe, err, n))
    return -1;
  return ws_config_check(c, err, n);
}

static uint64_t last_misses;   /* the last run's L1 load misses */

static int run(const char *order, const char *wakeup, int loop, ws_pf *pf, int64_t *cycles) {
  ws_config c;
  char err[512];
  memset(pf, 0, sizeof *pf);
  if (base_config(&c, order, wakeup, err, sizeof err) || make_kernel(loop, err, sizeof err) ||
      ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) {
    CHECK(0, "setting up (order %s, wake-up %s): %s", order, wakeup, err);
    ws_gpu_free(&gpu);
    return -1;
  }
  int bad = ws_gpu_run(&gpu, NULL, 0) != 0 || ws_gpu_check_invariants(&gpu, err, sizeof err) != 0;
  CHECK(!bad, "order %s, wake-up %s, loop %d: the run did not finish cleanly: %s", order, wakeup, loop, err);
  *pf = gpu.sm[0].pf;
  *cycles = gpu.kernel_end;
  last_misses = gpu.sm[0].l1s.load_misses;
  ws_gpu_free(&gpu);
  return bad ? -1 : 0;
}

static void report(const char *what, const ws_pf *p, int64_t cycles) {
  uint64_t used = p->used_timely + p->used_late;
  printf("%-22s %7" PRId64 " cycles; strides %" PRIu64 ", Case 1 %" PRIu64 ", Case 2 %" PRIu64 ", dropped %" PRIu64
         ", mispredicted %" PRIu64 ", throttled %" PRIu64 "; sent %" PRIu64 ", on time %" PRIu64 ", late %" PRIu64
         ", evicted unused %" PRIu64 ", wake-ups %" PRIu64 " (%" PRIu64 " evicting); coverage %.1f %%, lead %.1f\n",
         what, cycles, p->strides, p->trig_case1, p->trig_case2, p->trig_drop, p->mispred, p->throttled,
         p->lines_sent, p->used_timely, p->used_late, p->evicted_unused, p->wakeups, p->wake_evicts,
         100.0 * (double)p->used_timely / (double)(p->used_timely + last_misses ? p->used_timely + last_misses : 1),
         used ? (double)p->lead_sum / (double)used : 0.0);
}

int main(void) {
  ws_pf plain, order, both, loop;
  int64_t cp, co, cb, cl;
  if (run("off", "off", 0, &plain, &cp)) return ws_test_end();
  report("round robin", &plain, cp);
  if (run("on", "off", 0, &order, &co)) return ws_test_end();
  report("CTA-aware order", &order, co);
  if (run("on", "on", 0, &both, &cb)) return ws_test_end();
  report("order + eager wake-up", &both, cb);
  if (run("off", "off", 1, &loop, &cl)) return ws_test_end();
  report("a looping kernel", &loop, cl);
  /* for the record (no expectation: the paper gives none for it), a 32 KB 4-way L1 where prefetches
  ** can be evicted before use (every CTA's base maps to the same sets), the case eager wake-up is for */
  ws_pf small[2];
  int64_t cs[2];
  l1_sets = "64";   /* 64 x 4 x 128 B */
  l1_ways = "4";
  if (run("on", "off", 0, &small[0], &cs[0])) return ws_test_end();
  report("32 KB L1, order", &small[0], cs[0]);
  if (run("on", "on", 0, &small[1], &cs[1])) return ws_test_end();
  report("32 KB L1, + wake-up", &small[1], cs[1]);
  l1_sets = "256";
  l1_ways = "8";

  const ws_pf *runs[3] = {&plain, &order, &both};
  const char *names[3] = {"round robin", "CTA-aware order", "order + wake-up"};
  for (int i = 0; i < 3; i++) {
    const ws_pf *p = runs[i];
    CHECK(p->strides == 2, "%s: %" PRIu64 " strides learnt, expected 2 (one per load PC)", names[i], p->strides);
    CHECK(p->mispred == 0 && p->throttled == 0, "%s: %" PRIu64 " mispredicted requests, %" PRIu64 " throttled loads: "
          "every address is base + warp x 128, expected none", names[i], p->mispred, p->throttled);
    CHECK(p->evicted_unused == 0, "%s: %" PRIu64 " prefetched lines evicted unused with an L1 larger than the "
          "footprint", names[i], p->evicted_unused);
    CHECK(p->lines_sent > 0 && p->used_timely + p->used_late == p->lines_sent,
          "%s: %" PRIu64 " lines sent, %" PRIu64 " used: every prefetch is a trailing warp's line (accuracy 100 %%)",
          names[i], p->lines_sent, p->used_timely + p->used_late);
    CHECK(p->trig_case2 > 0, "%s: no Case 2 trigger (a CTA's leading warp after the stride is known)", names[i]);
  }
  CHECK(order.used_timely > 0 && order.used_timely > plain.used_timely,
        "the CTA-aware order makes prefetches timely: %" PRIu64 " on-time uses, %" PRIu64 " without it",
        order.used_timely, plain.used_timely);
  CHECK(both.wakeups > 0, "eager wake-up: no fill promoted its warp");
  CHECK(plain.wakeups == 0 && order.wakeups == 0, "wake-ups counted with caps_wakeup off");
  CHECK(loop.mispred > 128 && loop.throttled > 0,
        "a looping kernel: %" PRIu64 " mispredicted requests, %" PRIu64 " throttled loads (expected > 128 and > 0: "
        "THRESH = 128)", loop.mispred, loop.throttled);

  /* the pipelined block: the same loads decided the same way, two cycles later */
  caps_pipe = "1";
  ws_pf pp[3];
  int64_t cpp[3];
  static const char *const po[3][2] = {{"off", "off"}, {"on", "off"}, {"on", "on"}};
  static const char *const pn[3] = {"pipelined, round robin", "pipelined, order", "pipelined, + wake-up"};
  for (int i = 0; i < 3; i++) {
    if (run(po[i][0], po[i][1], 0, &pp[i], &cpp[i])) return ws_test_end();
    report(pn[i], &pp[i], cpp[i]);
    CHECK(pp[i].strides == 2 && pp[i].mispred == 0 && pp[i].throttled == 0,
          "%s: %" PRIu64 " strides, %" PRIu64 " mispredicted, %" PRIu64 " throttled: expected 2, 0, 0", pn[i],
          pp[i].strides, pp[i].mispred, pp[i].throttled);
    /* every line sent is a trailing warp's line: used, or evicted before its demand (warp w's lines of
    ** every CTA share L1 set w: 8 ways for 4 resident CTAs x 2 PCs, so a prefetch for a CTA not yet
    ** running can push one out; the one-cycle runs above happen to lose none, the pipelined wake-up
    ** run loses 3 of 430) */
    CHECK(pp[i].lines_sent > 0 && pp[i].used_timely + pp[i].used_late + pp[i].evicted_unused == pp[i].lines_sent &&
          pp[i].evicted_unused * 50 <= pp[i].lines_sent && pp[i].trig_case2 > 0,
          "%s: %" PRIu64 " lines sent, %" PRIu64 " used, %" PRIu64 " evicted unused, %" PRIu64 " Case 2 triggers: every "
          "line a trailing warp's, at most 2 %% evicted first, Case 2 made", pn[i], pp[i].lines_sent,
          pp[i].used_timely + pp[i].used_late, pp[i].evicted_unused, pp[i].trig_case2);
  }
  CHECK(pp[1].used_timely > pp[0].used_timely, "pipelined: the CTA-aware order makes prefetches timely: %" PRIu64
        " on-time uses, %" PRIu64 " without it", pp[1].used_timely, pp[0].used_timely);
  ws_pf ploop;
  int64_t cpl;
  if (run("off", "off", 1, &ploop, &cpl)) return ws_test_end();
  CHECK(ploop.mispred > 128 && ploop.throttled > 0, "pipelined, a looping kernel: %" PRIu64 " mispredicted, %" PRIu64
        " throttled (expected > 128 and > 0)", ploop.mispred, ploop.throttled);
  caps_pipe = "0";

  /* every built-in kernel on tiny, CAPS with the paper's scheduler and with GTO */
  static const char *const cfgs[][4][2] = {
    {{"prefetch", "caps"}, {"sched", "gto"}, {NULL, NULL}},
    {{"prefetch", "caps"}, {"sched", "two_level"}, {"caps_order", "on"}, {"caps_wakeup", "on"}},
  };
  for (int v = 0; v < 4; v++)   /* v = 2, 3: the same with the pipelined block */
    for (const char *const *k = ws_kernel_builtins(); *k; k++) {
      ws_config tc;
      char e[512] = "";
      int ok = ws_config_named(&tc, "tiny", e, sizeof e) == 0;
      for (int i = 0; ok && i < 4 && cfgs[v % 2][i][0]; i++)
        ok = ws_config_set(&tc, cfgs[v % 2][i][0], cfgs[v % 2][i][1], e, sizeof e) == 0;
      if (ok && v >= 2) ok = ws_config_set(&tc, "caps_pipe", "1", e, sizeof e) == 0;
      CHECK(ok, "%s", e);
      int rc = ws_test_run(&gpu, &kern, &tc, *k, e, sizeof e);
      CHECK(rc == 0, "tiny, prefetch = caps (%s%s), kernel %s: %s", cfgs[v % 2][1][1], v >= 2 ? ", pipelined" : "", *k, e);
      ws_gpu_free(&gpu);
    }

  /* refused configurations name their keys */
  ws_config c;
  char err[512];
  CHECK(ws_config_named(&c, "tiny", err, sizeof err) == 0 && ws_config_set(&c, "caps_order", "on", err, sizeof err) == 0 &&
        ws_config_check(&c, err, sizeof err) != 0 && strstr(err, "caps_order") != NULL,
        "caps_order without prefetch = caps is refused: '%s'", err);
  CHECK(base_config(&c, "off", "off", err, sizeof err) == 0 && ws_config_set(&c, "caps_wakeup", "on", err, sizeof err) == 0 &&
        ws_config_set(&c, "rfc", "on", err, sizeof err) == 0 && ws_config_check(&c, err, sizeof err) != 0 &&
        strstr(err, "rfc = off") != NULL, "caps_wakeup with rfc = on is refused: '%s'", err);
  CHECK(base_config(&c, "off", "off", err, sizeof err) == 0 && ws_config_set(&c, "sched", "mascar", err, sizeof err) == 0 &&
        ws_config_check(&c, err, sizeof err) != 0 && strstr(err, "prefetch = caps") != NULL,
        "prefetch = caps with sched = mascar is refused: '%s'", err);
  return ws_test_end();
}
