/*
** test_tls.c -- the two-level warp scheduler (sched = two_level) in
** warpsim's closed loop: a hand trace of the tls block's rules (greedy active
** set, demotion at a marked long-latency consumer, round-robin promotion of
** ready pending warps) on a small kernel, and every built-in kernel finishing
** with the end-of-run invariants.  Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>


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
  ws_trace_ev e;
  int n = 0;
  while (ws_trace_next(tr, &e)) {
    if (n < N)
      CHECK(e.cycle == want[n].t && e.slot == want[n].warp && !strcmp(e.op, want[n].op),
            "issue %d: t = %" PRId64 " w%d %s; hand trace t = %" PRId64 " w%d %s", n + 1, e.cycle, e.slot, e.op,
            want[n].t, want[n].warp, want[n].op);
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

/*
** New warps reach the block as soon as their id is free.  One scheduler, two
** warp slots, one active slot, eight CTAs of one warp whose only instruction
** is its exit (a 1-cycle add).  Reset: id 0 active, id 1 pending.
**   1  CTA 0's warp (id 0) issues and exits; it retires, CTA 2 takes slot 0:
**      its launch waits, id 0 is still active at this edge
**   2  id 1 (CTA 1) promoted into the free slot; id 0 launched (pending)
**   3  CTA 1 issues and exits; CTA 3 takes slot 1    4  id 0 promoted ...
** so CTA i issues at t = 2i + 1 and the kernel ends at 15.  (A launch queued
** for the warps placed in cycle 0, which the reset state already holds,
** blocked the queue until their ids were free: CTA 2 issued late, 16 cycles.)
*/
static void test_relaunch(void) {
  ws_config c;
  char err[512];
  CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
  c.sched = WS_SCHED_TWO_LEVEL;
  c.warps_per_sm = 2;
  c.ctas_per_sm = 2;
  c.tls_active = 1;
  CHECK(ws_kernel_parse(&kern, "grid 8\ncta 32\nadd r1, r0\n", "re.k", err, sizeof err) == 0, "%s", err);
  if (ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) { CHECK(0, "init: %s", err); ws_gpu_free(&gpu); return; }
  FILE *tr = tmpfile();
  gpu.issue_trace = tr;
  CHECK(ws_gpu_run(&gpu, NULL, 0) == 0, "did not finish");
  gpu.issue_trace = NULL;
  rewind(tr);
  ws_trace_ev e;
  int n = 0;
  for (; ws_trace_next(tr, &e); n++)
    CHECK(e.cycle == 2 * e.ctaid + 1, "CTA %" PRId64 " issued at t = %" PRId64 ", hand trace %" PRId64, e.ctaid, e.cycle,
          2 * e.ctaid + 1);
  fclose(tr);
  CHECK(n == 8 && gpu.kernel_end == 15, "%d issues, %" PRId64 " cycles; hand trace 8, 15", n, gpu.kernel_end);
  ws_gpu_free(&gpu);
}

/*
** MRF traffic with the register-file cache (Gebhart 3.1, 3.3), against an
** independent count.  With the paper-literal preemptive demotion the cache's
** flushes come at fixed points of each warp's instruction stream (every
** marked instruction, the exit), so the traffic does not depend on the
** interleaving: the count replays each warp alone with a plain list of
** ENTRIES registers in insertion order (a hit updates in place, a new result
** takes the oldest entry's place and writes it back if live; a load's result
** goes to the MRF; the last-read bits make values dead), as
** tb/gebhart_trace.c does for the blocks alone.  Without the cache every
** operand is an MRF read and every result an MRF write.
*/
static const char rfc_kernel[] =
  "grid 4\ncta 32\niterations 3\n"
  "ld  r1, [4*gtid + 0x10000*iter]\n"
  "add r2, r0, r0\n"          /* r0 is never written: always from the MRF */
  "add r3, r2, r2\n"          /* a duplicate operand is read once */
  "add r4, r3, r2\n"
  "add r5, r4, r1\n"          /* marked: consumes the load (demotion, flush) */
  "add r6, r5, r3\n"
  "add r2, r6, r4\n";         /* r2 written again: the earlier reads were last reads */

typedef struct mrf_count { uint64_t operands, reads, writes, hits; } mrf_count;

static mrf_count replay(const ws_kernel *k, int warps, int entries) {
  mrf_count c = {0, 0, 0, 0};
  int n = k->n_inst;
  for (int w = 0; w < warps; w++) {
    int reg[8], dead[8], len = 0;
    for (int64_t it = 0; it < k->iterations; it++)
      for (int i = 0; i < n; i++) {
        const ws_inst *in = &k->inst[i];
        int marked = 0;                          /* a source some load writes */
        for (int q = 0; q < in->nsrc; q++)
          for (int j = 0; j < n; j++) marked |= k->inst[j].op == WS_OP_LD && k->inst[j].dst == in->src[q];
        if (marked) {                            /* demoted before it issues: the slot is flushed */
          for (int e = 0; e < len; e++) c.writes += !dead[e];
          len = 0;
        }
        for (int q = 0; q < in->nsrc; q++) {
          int r = in->src[q], dup = 0, last = 0;
          for (int u = 0; u < q; u++) dup |= in->src[u] == r;
          for (int d = 1; d <= n; d++) {         /* last read: written before it is read again (looping) */
            const ws_inst *j = &k->inst[(i + d) % n];
            int reads = 0;
            for (int u = 0; u < j->nsrc; u++) reads |= j->src[u] == r;
            if (reads) break;
            if (j->dst == r) { last = 1; break; }
          }
          int at = -1;
          for (int e = 0; e < len; e++) if (reg[e] == r) at = e;
          if (!dup) { c.operands++; if (at >= 0) c.hits++; else c.reads++; }
          if (at >= 0 && last) dead[at] = 1;
        }
        if (in->dst >= 0 && in->op == WS_OP_LD) c.writes++;   /* straight to the MRF */
        else if (in->dst >= 0) {
          int at = -1;
          for (int e = 0; e < len; e++) if (reg[e] == in->dst) at = e;
          if (at >= 0) dead[at] = 0;
          else {
            if (len == entries) {                /* the oldest entry leaves, written back if live */
              c.writes += !dead[0];
              for (int e = 1; e < len; e++) { reg[e - 1] = reg[e]; dead[e - 1] = dead[e]; }
              len--;
            }
            reg[len] = in->dst;
            dead[len++] = 0;
          }
        }
      }
    len = 0;                                     /* the exit kills the slot: nothing written back */
  }
  return c;
}

static void test_mrf_traffic(void) {
  ws_config c;
  char err[512];
  CHECK(ws_kernel_parse(&kern, rfc_kernel, "rfc.k", err, sizeof err) == 0, "%s", err);
  for (int rfc = 0; rfc < 2; rfc++) {
    CHECK(ws_config_named(&c, "fig4_2", err, sizeof err) == 0, "%s", err);
    c.sched = WS_SCHED_TWO_LEVEL;
    c.warps_per_sm = 4;
    c.ctas_per_sm = 4;
    c.tls_active = rfc ? 2 : 4;                  /* without the cache: the single-level scheduler */
    c.rfc = rfc;
    c.rfc_entries = 3;
    CHECK(ws_config_check(&c, err, sizeof err) == 0, "config: %s", err);
    if (ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) { CHECK(0, "init: %s", err); ws_gpu_free(&gpu); continue; }
    int r = ws_gpu_run(&gpu, NULL, 0);
    CHECK(r == 0 && ws_gpu_check_invariants(&gpu, err, sizeof err) == 0, "rfc %d: did not finish cleanly: %s", rfc,
          err);
    const ws_sm *s = &gpu.sm[0];
    mrf_count want = replay(&kern, 4, 3);
    if (!rfc) {                                  /* no cache: every operand read and every result goes to the MRF */
      uint64_t results = 0;
      for (int i = 0; i < kern.n_inst; i++) results += kern.inst[i].dst >= 0;
      results *= 4 * (uint64_t)kern.iterations;
      CHECK(s->operand_reads == want.operands && s->mrf_reads == want.operands && s->mrf_writes == results &&
            s->rfc_hits == 0, "no cache: %" PRIu64 " operands, MRF %" PRIu64 " reads %" PRIu64 " writes; count %"
            PRIu64 ", %" PRIu64 ", %" PRIu64, s->operand_reads, s->mrf_reads, s->mrf_writes, want.operands,
            want.operands, results);
    } else {
      CHECK(s->operand_reads == want.operands && s->mrf_reads == want.reads && s->mrf_writes == want.writes &&
            s->rfc_hits == want.hits, "two-level + cache: %" PRIu64 " operands, MRF %" PRIu64 " reads %" PRIu64
            " writes, %" PRIu64 " hits; independent count %" PRIu64 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64,
            s->operand_reads, s->mrf_reads, s->mrf_writes, s->rfc_hits, want.operands, want.reads, want.writes,
            want.hits);
      CHECK(want.reads < want.operands && want.hits > 0, "the cache catches some reads (%" PRIu64 " of %" PRIu64 ")",
            want.hits, want.operands);
    }
    ws_gpu_free(&gpu);
  }
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
      c.rfc = ci;                                /* fermi with the register-file cache */
      int r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
      CHECK(r == 0, "%s on %s: %s", *k, cfgs[ci], err);
      ws_gpu_free(&gpu);
    }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_hand_trace();
  test_relaunch();
  test_mrf_traffic();
  test_kernels_finish();
  return ws_test_end();
}
