/*
** test_model.c -- warpsim's timing model against hand-computed cases: the
** coalescer, the tag arrays, the address mapping, DRAM bank timing, the
** unloaded latency of one load through the interconnect, L2 and DRAM, the
** interconnect's bandwidth, the thesis' Fig. 4.2 example (21 and 26 cycles),
** and every built-in kernel end to end on 'tiny' with the invariants.
** Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static ws_gpu gpu;
static ws_kernel kern;

/* ---- pieces ---------------------------------------------------------------------- */

static void test_coalescer(void) {
  uint64_t addr[32], lines[32];
  for (int i = 0; i < 32; i++) addr[i] = 0x1000 + 4 * (uint64_t)i;          /* 128 contiguous bytes */
  CHECK(ws_coalesce(addr, ~0u, 7, lines) == 1 && lines[0] == 0x1000 >> 7, "contiguous warp: one line");
  for (int i = 0; i < 32; i++) addr[i] = 0x1040 + 4 * (uint64_t)i;          /* straddles two lines */
  CHECK(ws_coalesce(addr, ~0u, 7, lines) == 2 && lines[0] == 0x20 && lines[1] == 0x21, "misaligned: two lines");
  for (int i = 0; i < 32; i++) addr[i] = 128 * (uint64_t)(31 - i);          /* one line per thread, reversed */
  int n = ws_coalesce(addr, ~0u, 7, lines);
  CHECK(n == 32 && lines[0] == 31 && lines[31] == 0, "stride 128: 32 lines in lane order (%d)", n);
  CHECK(ws_coalesce(addr, 0x5u, 7, lines) == 2 && lines[0] == 31 && lines[1] == 29, "inactive lanes ignored");
  CHECK(ws_coalesce(addr, 0, 7, lines) == 0, "no active lane: no line");
  for (int i = 0; i < 32; i++) addr[i] = 0x777;                             /* thread-invariant */
  CHECK(ws_coalesce(addr, ~0u, 7, lines) == 1, "same address: one line");
}

/* the affine coalescer (lanes at v0 + lane * d, never written out): hand cases, then against
** ws_coalesce on the lanes' own addresses: where it answers, the same line; it declines only
** where the lanes span more than one line or wrap */
static uint64_t coal_rng = 1;
static uint64_t coal_next(void) {
  coal_rng ^= coal_rng << 13; coal_rng ^= coal_rng >> 7; coal_rng ^= coal_rng << 17;
  return coal_rng;
}

static void test_coalescer_affine(void) {
  uint64_t lines[32], ref[32], addr[32];
  CHECK(ws_coalesce_affine(0x1000, 4, ~0u, 7, lines) == 1 && lines[0] == 0x20, "stride 4 from a line's start: one line");
  CHECK(ws_coalesce_affine(0x1040, 4, ~0u, 7, lines) == -1, "straddles two lines: declined");
  CHECK(ws_coalesce_affine(0x1040, 4, 0xffffu, 7, lines) == 1 && lines[0] == 0x20, "lanes 0-15 of it: the first line");
  CHECK(ws_coalesce_affine(0x1040, 4, 0xffff0000u, 7, lines) == 1 && lines[0] == 0x21, "lanes 16-31: the second");
  CHECK(ws_coalesce_affine(0x10fc, (uint64_t)-4, ~0u, 7, lines) == 1 && lines[0] == 0x21, "stride -4, downwards: one line");
  CHECK(ws_coalesce_affine(0x777, 0, ~0u, 7, lines) == 1 && lines[0] == 0xe, "thread-invariant: one line");
  CHECK(ws_coalesce_affine(UINT64_MAX - 8, 4, ~0u, 7, lines) == -1, "wraps past 2^64: declined");
  CHECK(ws_coalesce_affine(4, (uint64_t)-4, ~0u, 7, lines) == -1, "wraps below 0: declined");
  CHECK(ws_coalesce_affine(0x1000, 4, 0, 7, lines) == 0, "no active lane: no line");
  uint64_t seed = 1;
  const char *env = getenv("TEST_SEED");
  if (env) seed = strtoull(env, NULL, 10);
  coal_rng = seed * 0x9e3779b97f4a7c15ull | 1;
  printf("affine coalescer: seed %" PRIu64 " (TEST_SEED)\n", seed);
  int answered = 0, agree = 0;
  for (int t = 0; t < 20000; t++) {
    uint64_t r = coal_next(), v0 = coal_next(), d;
    switch (r & 7) {                             /* small strides, signed, near the ends of the range too */
    case 0: d = 0; break;
    case 1: d = 4; break;
    case 2: d = (uint64_t)-4; break;
    case 3: d = (r >> 8) % 9 - 4; break;
    case 4: d = coal_next(); break;
    default: d = (r >> 8) % 64;
    }
    if (r >> 20 & 1) v0 = r >> 21 & 1 ? UINT64_MAX - (v0 % 512) : v0 % 512;
    uint32_t active = r >> 24 & 1 ? ~0u : (uint32_t)coal_next();
    int ls = 5 + (int)(r >> 32) % 4;
    for (int l = 0; l < 32; l++) addr[l] = active >> l & 1 ? v0 + (uint64_t)l * d : 0;
    int n = ws_coalesce(addr, active, ls, ref), m = ws_coalesce_affine(v0, d, active, ls, lines);
    if (m >= 0) {
      answered++;
      agree += m == n && (m == 0 || lines[0] == ref[0]);
    }
  }
  CHECK(agree == answered && answered > 2000, "affine coalescer agrees where it answers: %d of %d", agree, answered);
}

static void test_cache(void) {
  ws_cache c;
  uint64_t victim = 0;
  int vd = 0;
  CHECK(ws_cache_init(&c, 2, 2) == 0, "init");
  /* set 0 holds lines 0, 2, 4 ... : fill 0 and 2, touch 0, fill 4 -> 2 (least recent) goes */
  CHECK(ws_cache_fill(&c, 0, 0, &victim, &vd) == 0 && ws_cache_fill(&c, 2, 1, &victim, &vd) == 0, "fill two ways");
  CHECK(ws_cache_access(&c, 0, 0) == 1 && ws_cache_access(&c, 1, 0) == 0, "hit 0, miss 1 (other set)");
  CHECK(ws_cache_fill(&c, 4, 0, &victim, &vd) == 1 && victim == 2 && vd == 1, "LRU victim is 2, dirty");
  CHECK(ws_cache_access(&c, 2, 0) == 0 && ws_cache_access(&c, 4, 1) == 1, "2 gone, 4 there");
  CHECK(ws_cache_fill(&c, 6, 0, &victim, &vd) == 1 && victim == 0 && vd == 0, "then 0 is the LRU (4 was touched)");
  ws_cache_invalidate(&c, 4);
  CHECK(ws_cache_access(&c, 4, 0) == 0, "invalidated");
  ws_cache_free(&c);
  CHECK(ws_cache_init(&c, 0, 4) == 0 && ws_cache_access(&c, 9, 0) == 0 && ws_cache_fill(&c, 9, 0, &victim, &vd) == 0,
        "no cache: every access misses");
  ws_cache_free(&c);
}

static void test_mapping_and_dram(void) {
  ws_config c;
  char err[256];
  CHECK(ws_config_named(&c, "tiny", err, sizeof err) == 0, "tiny: %s", err);
  c.n_part = 3; c.part_interleave = 2; c.dram_row_lines = 4; c.dram_banks = 4;
  /* lines 0,1 -> part 0; 2,3 -> 1; 4,5 -> 2; 6,7 -> 0 (local 2,3) */
  CHECK(ws_line_part(&c, 0) == 0 && ws_line_part(&c, 3) == 1 && ws_line_part(&c, 5) == 2 && ws_line_part(&c, 7) == 0,
        "partition interleave");
  CHECK(ws_line_local(&c, 6) == 2 && ws_line_local(&c, 7) == 3 && ws_line_local(&c, 13) == 5, "local line index");
  CHECK(ws_local_bank(&c, 3) == 0 && ws_local_bank(&c, 4) == 1 && ws_local_bank(&c, 16) == 0, "bank: 4 lines a row");
  CHECK(ws_local_row(&c, 15) == 0 && ws_local_row(&c, 16) == 1, "row: 16 lines per row across 4 banks");

  c.tRCD = 5; c.tRP = 7; c.tCL = 3; c.tCCD = 2;
  ws_dram_bank b = {0};
  int hit;
  CHECK(ws_dram_access(&c, &b, 9, 100, &hit) == 108 && !hit && b.free_at == 107, "closed bank: tRCD + tCL");
  CHECK(ws_dram_access(&c, &b, 9, 107, &hit) == 110 && hit && b.free_at == 109, "row hit: tCL, next after tCCD");
  CHECK(ws_dram_access(&c, &b, 4, 109, &hit) == 124 && !hit && b.free_at == 123, "row miss: tRP + tRCD + tCL");
  CHECK(ws_dram_access(&c, &b, 4, 110, &hit) == 126 && hit, "busy bank: the access waits for it");
}

/* ---- runs ---------------------------------------------------------------------------- */

static int run(const ws_config *c, const char *kernel_text, const char *name, int64_t *cycles, char *why, size_t n) {
  char err[512];
  if (kernel_text ? ws_kernel_parse(&kern, kernel_text, name, err, sizeof err)
                  : ws_kernel_builtin(&kern, name, NULL, err, sizeof err)) {
    snprintf(why, n, "kernel: %s", err);
    return -1;
  }
  if (ws_gpu_init(&gpu, c, &kern, err, sizeof err)) {
    snprintf(why, n, "init: %s", err);
    ws_gpu_free(&gpu);
    return -1;
  }
  if (ws_gpu_run(&gpu, NULL, 0)) { snprintf(why, n, "did not finish"); return -1; }
  if (ws_gpu_check_invariants(&gpu, err, sizeof err)) { snprintf(why, n, "invariant: %s", err); return -1; }
  *cycles = gpu.kernel_end;
  return 0;
}

/* One warp, one load (latency = g->lat_max), no second level of anything:
** L2 hit:    2 icnt + l2_latency + 2 (response to the L1's fill port, drain)
** DRAM miss: 2 icnt + tRCD + tCL + dram_latency + 4 (read queue, L2 fill, drain, L1 fill, drain) */
static void test_unloaded_latency(void) {
  ws_config c;
  char err[256], why[600];
  int64_t cyc;
  ws_config_named(&c, "tiny", err, sizeof err);
  c.n_sm = 1;
  const char *one = "grid 1\ncta 32\nld r1, [4*lane]\n";
  CHECK(run(&c, one, "one.k", &cyc, why, sizeof why) == 0, "%s", why);
  int64_t want = 2 * c.icnt_latency + c.tRCD + c.tCL + c.dram_latency + 4;
  CHECK((int64_t)gpu.lat_max == want, "tiny DRAM miss: %" PRIu64 " cycles, hand count %" PRId64, gpu.lat_max, want);
  ws_gpu_free(&gpu);

  ws_config_named(&c, "fermi", err, sizeof err);
  c.n_sm = 1;
  /* the first load misses to DRAM; the second CTA's load (after the first finished) misses the
  ** L1 of... the same SM, so give the L1 no capacity: l1_sets 0 */
  c.l1_sets = 0;
  const char *seq = "grid 1\ncta 32\nld r1, [4*lane]\nalu r2, r1\nld r3, [4*lane]\n";
  CHECK(run(&c, seq, "seq.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK(gpu.lat_max == 440 && gpu.lat_hist[8] == 1, "fermi: unloaded DRAM load %" PRIu64 " cycles (thesis: 440)",
        gpu.lat_max);
  uint64_t l2hit = gpu.lat_sum - gpu.lat_max;
  CHECK(l2hit == 200, "fermi: unloaded L2 hit %" PRIu64 " cycles (thesis: 200)", l2hit);
  ws_gpu_free(&gpu);
}

/* The interconnect, by hand.  tiny, interleave 1, no L2 cache: line L goes to
** partition L % n_part; 'one' is the unloaded DRAM latency (closed bank).
** (a) bandwidth 1, two SMs sending to two partitions in cycle 1: SM 1's request
**     leaves a cycle later, so its load takes one + 1; bandwidth 2: both one.
** (b) credits: one partition whose input queue holds 1, bandwidth 2: SM 1's
**     request may leave only after SM 0's has arrived and been taken (cycle
**     1 + icnt + 1), so it takes one + icnt + 1.  Lines 0 and 8: different banks. */
static void test_icnt(void) {
  ws_config c;
  char err[256], why[600];
  int64_t cyc;
  ws_config_named(&c, "tiny", err, sizeof err);
  c.n_sm = 2;
  c.part_interleave = 1;
  c.l2_sets = 0;
  int64_t one = 2 * c.icnt_latency + c.tRCD + c.tCL + c.dram_latency + 4;
  const char *k2 = "grid 2\ncta 32\nld r1, [4*lane + 128*ctaid]\n";   /* lines 0 and 1 */
  for (int bw = 1; bw <= 2; bw++) {
    c.n_part = 2;
    c.icnt_bandwidth = bw;
    CHECK(run(&c, k2, "bw.k", &cyc, why, sizeof why) == 0, "%s", why);
    int64_t want_max = bw == 1 ? one + 1 : one, want_sum = bw == 1 ? 2 * one + 1 : 2 * one;
    CHECK(gpu.mem.req_net.packets == 2 && gpu.mem.resp_net.packets == 2, "two requests, two responses");
    CHECK((int64_t)gpu.lat_max == want_max && (int64_t)gpu.lat_sum == want_sum,
          "bandwidth %d: latencies max %" PRIu64 " sum %" PRIu64 ", hand count %" PRId64 " and %" PRId64, bw,
          gpu.lat_max, gpu.lat_sum, want_max, want_sum);
    ws_gpu_free(&gpu);
  }
  c.n_part = 1;
  c.icnt_bandwidth = 2;
  c.l2_in_queue = 1;
  const char *k8 = "grid 2\ncta 32\nld r1, [4*lane + 1024*ctaid]\n";  /* lines 0 and 8 */
  CHECK(ws_local_bank(&c, 0) != ws_local_bank(&c, 8), "lines 0 and 8 in different banks");
  CHECK(run(&c, k8, "credit.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK((int64_t)gpu.lat_max == one + c.icnt_latency + 1 && (int64_t)gpu.lat_sum == 2 * one + c.icnt_latency + 1,
        "credits: the second request waits for the first to arrive (max %" PRIu64 ", hand count %" PRId64 ")",
        gpu.lat_max, one + c.icnt_latency + 1);
  ws_gpu_free(&gpu);
}

/* Issue order by hand: 4 warps on 1 scheduler, 'alu r1; alu r2, r1', ALU latency 2.
** LRR: 0 1 2 3 0 1 2 3.  GTO: W0; W0 waits -> W1; W1 waits, W0 ready -> W0; W1;
** W2; W3; W2; W3.  Both end at cycle 9 (the last ALU issued at 8 writes at 9). */
static void test_sched_order(void) {
  static const char *const want[2] = {"0 1 2 3 0 1 2 3", "0 1 0 1 2 3 2 3"};
  ws_config c;
  char err[256], why[600];
  for (int pol = WS_SCHED_LRR; pol <= WS_SCHED_GTO; pol++) {
    int64_t cyc;
    ws_config_named(&c, "tiny", err, sizeof err);
    c.n_sm = 1;
    c.n_sched = 1;
    c.alu_latency = 2;
    c.sched = pol;
    FILE *t = tmpfile();
    CHECK(t != NULL, "tmpfile");
    if (!t) return;
    ws_kernel_parse(&kern, "grid 1\ncta 128\nalu r1\nalu r2, r1\n", "order.k", err, sizeof err);
    CHECK(ws_gpu_init(&gpu, &c, &kern, err, sizeof err) == 0, "%s", err);
    gpu.issue_trace = t;
    CHECK(ws_gpu_run(&gpu, NULL, 0) == 0, "finishes");
    cyc = gpu.kernel_end;
    char order[64] = "", line[128];
    int64_t cycle;
    int sm, sc, slot;
    rewind(t);
    while (fgets(line, sizeof line, t) && sscanf(line, "%" SCNd64 " %d %d %d", &cycle, &sm, &sc, &slot) == 4)
      snprintf(order + strlen(order), sizeof order - strlen(order), "%s%d", order[0] ? " " : "", slot);
    fclose(t);
    CHECK(!strcmp(order, want[pol]), "%s issue order '%s', hand count '%s'", pol ? "GTO" : "LRR", order, want[pol]);
    CHECK(cyc == 9, "%s: %" PRId64 " cycles, hand count 9", pol ? "GTO" : "LRR", cyc);
    ws_gpu_free(&gpu);
    (void)why;
  }
}

/* A barrier: two warps on two schedulers arrive in cycle 1 (whichever scheduler
** goes first); both issue their ALU op in cycle 2, never in cycle 1. */
static void test_barrier(void) {
  ws_config c;
  char err[256], why[600];
  int64_t cyc;
  ws_config_named(&c, "tiny", err, sizeof err);
  c.n_sm = 1;
  c.n_sched = 2;
  c.alu_latency = 1;
  CHECK(run(&c, "grid 1\ncta 64\nbar\nalu r1\n", "bar.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK(cyc == 2, "barrier then ALU: %" PRId64 " cycles, hand count 2", cyc);
  ws_gpu_free(&gpu);
  /* three warps, two schedulers (W0, W2 on scheduler 0; W1 on 1): W1 and W0 arrive
  ** in cycle 1, W2 in cycle 2 (scheduler 0 goes first in even cycles) and releases
  ** them; W1, waiting since cycle 1, issues its ALU op in cycle 3, not in cycle 2 */
  FILE *t = tmpfile();
  CHECK(t != NULL, "tmpfile");
  if (!t) return;
  ws_kernel_parse(&kern, "grid 1\ncta 96\nbar\nalu r1\n", "bar3.k", err, sizeof err);
  CHECK(ws_gpu_init(&gpu, &c, &kern, err, sizeof err) == 0, "%s", err);
  gpu.issue_trace = t;
  CHECK(ws_gpu_run(&gpu, NULL, 0) == 0, "finishes");
  char line[128], op[8];
  int64_t cycle, first_alu = 0, it;
  int sm, sc, slot, pc, warp;
  long long cta;
  rewind(t);
  while (fgets(line, sizeof line, t))
    if (sscanf(line, "%" SCNd64 " %d %d %d %lld %d %" SCNd64 " %d %7s", &cycle, &sm, &sc, &slot, &cta, &warp, &it, &pc,
               op) == 9 && !strcmp(op, "alu") && !first_alu)
      first_alu = cycle;
  fclose(t);
  CHECK(first_alu == 3, "the barrier's release is seen from the next cycle: first ALU op at %" PRId64 ", hand count 3",
        first_alu);
  ws_gpu_free(&gpu);
}

/* A store's lines leave the SM one a cycle; the kernel ends with the last
** (fixed memory: a store costs only its LSU cycles).  alu at 1, st at 2, its
** 32 lines at 2..33. */
static void test_trailing_store(void) {
  ws_config c;
  char err[256], why[600];
  int64_t cyc;
  ws_config_named(&c, "fig4_2", err, sizeof err);
  CHECK(run(&c, "grid 1\ncta 32\nalu r1\nst [128*tid], r1\n", "st.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK(cyc == 33, "32-line store: %" PRId64 " cycles, hand count 33", cyc);
  ws_gpu_free(&gpu);
  CHECK(run(&c, "grid 1\ncta 32\nst [4*tid], r1\n", "st1.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK(cyc == 1, "a kernel of one store ends (%" PRId64 " cycles)", cyc);
  ws_gpu_free(&gpu);
}

/* Sethia's thesis 4.2.1, Fig. 4.2: infinite MSHRs 21 cycles, two outstanding requests 26 */
static void test_fig4_2(void) {
  ws_config c;
  char err[256], why[600];
  int64_t cyc;
  CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
  int r = run(&c, NULL, "fig4_2", &cyc, why, sizeof why);
  CHECK(r == 0, "%s", why);
  if (r) return;
  CHECK(cyc == 26, "fig4_2, round robin, 2 outstanding requests: %" PRId64 " cycles (thesis: 26)", cyc);
  CHECK(gpu.sm[0].insts == 18 && gpu.sm[0].l1m.alloc == 6, "18 instructions, 6 misses");
  ws_gpu_free(&gpu);
  c.l1_mshr_entries = 64;                        /* as good as infinite: 6 loads */
  CHECK(run(&c, NULL, "fig4_2", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK(cyc == 21, "fig4_2, infinite MSHRs: %" PRId64 " cycles (thesis: 21)", cyc);
  CHECK(gpu.sm[0].lsu_stall_cycles == 0, "no LSU stall with enough MSHRs");
  ws_gpu_free(&gpu);
}

static void test_builtins_tiny(void) {
  ws_config c;
  char err[256], why[600];
  for (const char *const *k = ws_kernel_builtins(); *k; k++) {
    int64_t cyc;
    ws_config_named(&c, "tiny", err, sizeof err);
    int r = run(&c, NULL, *k, &cyc, why, sizeof why);
    CHECK(r == 0, "%s on tiny: %s", *k, why);
    if (r == 0) {
      uint64_t insts = 0;
      for (int i = 0; i < c.n_sm; i++) insts += gpu.sm[i].insts;
      printf("  %-12s tiny: %8" PRId64 " cycles, %7" PRIu64 " warp-instructions, IPC %.3f\n", *k, cyc, insts,
             (double)insts / (double)cyc);
    }
    ws_gpu_free(&gpu);
  }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_coalescer();
  test_coalescer_affine();
  test_cache();
  test_mapping_and_dram();
  test_unloaded_latency();
  test_icnt();
  test_sched_order();
  test_barrier();
  test_trailing_store();
  test_fig4_2();
  test_builtins_tiny();
  return ws_test_end();
}
