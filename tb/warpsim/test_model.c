/*
** test_model.c -- warpsim's timing model against hand-computed cases: the
** coalescer, the tag arrays, the address mapping, DRAM bank timing, the
** unloaded latency of one load through the interconnect, L2 and DRAM, the
** interconnect's bandwidth, the thesis' Fig. 4.2 example (21 and 26 cycles),
** and every built-in kernel end to end on 'tiny' with the invariants.
** Ends with 'N passed, N failed'.
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
                  : ws_kernel_builtin(&kern, name, err, sizeof err)) {
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

/* Two SMs load in the same cycle through a 1-packet-a-cycle interconnect:
** the second request and response each wait one cycle. */
static void test_icnt_bandwidth(void) {
  ws_config c;
  char err[256], why[600];
  int64_t cyc;
  ws_config_named(&c, "tiny", err, sizeof err);
  c.n_sm = 2;
  c.n_part = 1;
  c.icnt_bandwidth = 1;
  c.l2_sets = 0;
  const char *k = "grid 2\ncta 32\nld r1, [4*lane + 4096*ctaid]\n";    /* two lines, same bank, same row? */
  CHECK(run(&c, k, "bw.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK(gpu.req_net.packets == 2 && gpu.resp_net.packets == 2, "two requests, two responses");
  int64_t one = 2 * c.icnt_latency + c.tRCD + c.tCL + c.dram_latency + 4;
  CHECK((int64_t)gpu.lat_max > one && gpu.lat_count == 2, "the second load waits (%" PRIu64 " > %" PRId64 ")",
        gpu.lat_max, one);
  ws_gpu_free(&gpu);
  c.icnt_bandwidth = 2;
  c.n_part = 2;
  c.part_interleave = 1;
  const char *k2 = "grid 2\ncta 32\nld r1, [4*lane + 128*ctaid]\n";     /* lines 0 and 1: two partitions */
  CHECK(run(&c, k2, "bw2.k", &cyc, why, sizeof why) == 0, "%s", why);
  CHECK((int64_t)gpu.lat_max == one && (int64_t)gpu.lat_sum == 2 * one,
        "bandwidth 2, two partitions: both unloaded (%" PRIu64 ", %" PRIu64 ")", gpu.lat_max, gpu.lat_sum);
  ws_gpu_free(&gpu);
}

/* spec 000 2.4: infinite MSHRs 21 cycles, two outstanding requests 26 */
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
  test_cache();
  test_mapping_and_dram();
  test_unloaded_latency();
  test_icnt_bandwidth();
  test_fig4_2();
  test_builtins_tiny();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
