/*
** gebhart_trace.c -- a functional trace through the C models of 'tls' and
** 'rfc' together (Gebhart ISCA'11), checked against an independent count.
**
** Six warps run the same small program (below) on a two-level scheduler with
** 2 active slots and a 3-entry-per-thread register-file cache: long-latency
** loads whose consumers are marked (the warp is demoted and its RFC slot
** flushed), last-read bits, duplicate operands, an exit.  The driver is
** cycle-level: tls picks, the rfc reads the issued instruction's sources and
** allocates its result in the same cycle, long-latency results come back 20
** cycles later through the rfc's write port (bypass to the MRF), the rfc is
** flushed on tls' demote (write back) and retire (kill) events, slot for slot.
**
** The independent count replays each warp's instruction stream alone, with a
** plain insertion-ordered list of ENTRIES registers per warp (no slots, no
** timing): with the paper-literal preemptive demotion the flush points are
** fixed by the program, so the MRF traffic must not depend on the
** interleaving (our inference from 3.1-3.3; the paper does not say it).  The
** test also keeps an MRF and a golden register file and checks every source
** operand's value (from rd_data on a hit, from the MRF on a miss).
**
** Build and run (after 'make tools', which generates the I/O headers):
**   gcc -std=c11 -Wall -Wextra -Werror -O2 -Ibuild/include -Isim/models \
**       tb/gebhart_trace.c sim/models/rfc.c sim/models/tls.c -o build/gebhart_trace
**   build/gebhart_trace
** Exit status 0 when the counts and values agree, 1 otherwise.
*/
#include <stdio.h>
#include <string.h>

#include "rfc.h"
#include "tls.h"

enum { NW = 6, NA = 2, NE = 3, NT = 4, NDB = 8, NRB = 4, NREG = 16, LL_LAT = 20 };

/* One instruction: destination (-1 none), up to three sources (-1 none),
** last-read bits per source, a long-latency load (result later, bypassing
** the RFC), a consumer of a long-latency result (the compiler's mark), exit. */
typedef struct tr_inst { int dst, src[3], last, ll, llc, exit; } tr_inst;

static const tr_inst tr_prog[] = {
  /*  0 */ {1, {0, -1, -1}, 0, 1, 0, 0},   /* r1 = load [r0]            (long latency) */
  /*  1 */ {2, {0, -1, -1}, 0, 0, 0, 0},   /* r2 = r0 + 1 */
  /*  2 */ {3, {2, 2, -1}, 0, 0, 0, 0},    /* r3 = r2 * r2              (duplicate operand) */
  /*  3 */ {4, {3, 2, -1}, 2, 0, 0, 0},    /* r4 = r3 + r2              (last read of r2) */
  /*  4 */ {5, {4, 0, -1}, 0, 0, 0, 0},    /* r5 = r4 + r0 */
  /*  5 */ {6, {5, 3, -1}, 3, 0, 0, 0},    /* r6 = r5 + r3              (last r5, r3) */
  /*  6 */ {7, {6, 4, -1}, 2, 0, 0, 0},    /* r7 = r6 + r4              (last r4) */
  /*  7 */ {2, {7, 1, -1}, 2, 0, 1, 0},    /* r2 = r7 + r1   consumes the load: demotion, last r1 */
  /*  8 */ {3, {2, 6, -1}, 2, 0, 0, 0},    /* r3 = r2 + r6              (last r6) */
  /*  9 */ {8, {3, -1, -1}, 0, 1, 0, 0},   /* r8 = load [r3]            (long latency) */
  /* 10 */ {4, {2, 7, -1}, 2, 0, 0, 0},    /* r4 = r2 + r7              (last r7) */
  /* 11 */ {5, {4, 4, 0}, 3, 0, 0, 0},     /* r5 = r4 + r4 + r0         (last r4, both operands) */
  /* 12 */ {6, {5, 3, 2}, 7, 0, 0, 0},     /* r6 = r5 + r3 + r2         (last all three) */
  /* 13 */ {9, {6, 8, -1}, 3, 0, 1, 0},    /* r9 = r6 + r8   consumes the load: demotion */
  /* 14 */ {1, {9, 0, -1}, 2, 0, 0, 0},    /* r1 = r9 + r0              (last r0) */
  /* 15 */ {2, {1, 9, -1}, 2, 0, 0, 0},    /* r2 = r1 + r9              (last r9) */
  /* 16 */ {3, {2, 1, -1}, 3, 0, 0, 0},    /* r3 = r2 + r1              (last both) */
  /* 17 */ {10, {3, 3, 3}, 7, 0, 0, 0},    /* r10 = r3 * r3 * r3        (last) */
  /* 18 */ {-1, {-1, -1, -1}, 0, 0, 0, 1}, /* exit */
};
#define TR_N ((int)(sizeof tr_prog / sizeof tr_prog[0]))

static uint32_t tr_hash(uint32_t a, uint32_t b) {
  uint64_t x = ((uint64_t)a << 32 | b) * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 31;
  return (uint32_t)(x * 0xBF58476D1CE4E5B9ULL >> 32);
}

typedef struct tr_counts { long rd, wr_result, wr_evict, wr_flush; } tr_counts;

/* ---- the independent count: each warp alone, an insertion-ordered list ---- */
static void tr_replay(tr_counts *c) {
  memset(c, 0, sizeof *c);
  for (int w = 0; w < NW; w++) {
    int reg[NE], dead[NE], n = 0;
    for (int pc = 0; pc < TR_N; pc++) {
      const tr_inst *I = &tr_prog[pc];
      if (I->exit) { n = 0; break; }               /* exit: every value dead, nothing written back */
      if (I->llc) {                                /* demotion: flush the live values */
        for (int k = 0; k < n; k++) c->wr_flush += !dead[k];
        n = 0;
      }
      for (int s = 0; s < 3; s++) {                /* each distinct source once */
        int r = I->src[s], seen = 0;
        if (r < 0) continue;
        for (int t = 0; t < s; t++) seen |= I->src[t] == r;
        int k = 0;
        while (k < n && reg[k] != r) k++;
        if (k < n) { if (I->last >> s & 1) dead[k] = 1; }
        else if (!seen) c->rd++;
      }
      if (I->dst < 0) continue;
      if (I->ll) { c->wr_result++; continue; }     /* the load's result bypasses the RFC */
      int k = 0;
      while (k < n && reg[k] != I->dst) k++;
      if (k < n) { dead[k] = 0; continue; }        /* update in place */
      if (n == NE) {                               /* evict the oldest */
        c->wr_evict += !dead[0];
        memmove(reg, reg + 1, sizeof(int) * (NE - 1));
        memmove(dead, dead + 1, sizeof(int) * (NE - 1));
        n--;
      }
      reg[n] = I->dst; dead[n] = 0; n++;
    }
  }
}

/* ---- the cycle-level run of the two models ---- */
typedef struct tr_ll { int warp, reg; long due; uint32_t val; } tr_ll;

int main(void) {
  tls_params tp = {.WARPS = NW, .ACTIVE = NA};
  rfc_params rp = {.ACTIVE = NA, .ENTRIES = NE, .THREADS = NT, .DATA_BITS = NDB, .REG_BITS = NRB};
  static tls_model tm;
  static rfc_model rm;
  if (tls_init(&tm, &tp) || rfc_init(&rm, &rp)) { fprintf(stderr, "gebhart_trace: bad parameters\n"); return 1; }

  int pc[NW] = {0}, done[NW] = {0}, ll_out[NW] = {0}, ll_pend[NW][NREG];
  uint32_t golden[NW][NREG], mrf[NW][NREG];
  memset(ll_pend, 0, sizeof ll_pend);
  for (int w = 0; w < NW; w++)
    for (int r = 0; r < NREG; r++) golden[w][r] = mrf[w][r] = tr_hash((uint32_t)w, 1000u + (uint32_t)r);
  tr_ll q[64];
  int nq = 0;
  tr_counts got = {0, 0, 0, 0};
  long demotes = 0, promotes = 0, retires = 0, hits = 0, value_errors = 0, cycle;

  for (cycle = 0; cycle < 100000; cycle++) {
    tls_in ti;
    tls_out to;
    rfc_in ri;
    rfc_out ro;
    memset(&ti, 0, sizeof ti);
    memset(&ri, 0, sizeof ri);
    ti.rst = ri.rst = cycle == 0;
    /* a long-latency result due: it takes the rfc's write port, so nothing issues */
    int ll_now = -1;
    for (int k = 0; k < nq; k++) if (q[k].due <= cycle) { ll_now = k; break; }
    int slot_warp[NA];
    for (int s = 0; s < NA; s++) {
      slot_warp[s] = -1;
      if (!(tm.slot_valid >> s & 1)) continue;
      int w = (int)tm.slot_warp[s];
      slot_warp[s] = w;
      if (done[w] || pc[w] >= TR_N) continue;
      const tr_inst *I = &tr_prog[pc[w]];
      int blocked = 0;
      for (int k = 0; k < 3; k++) if (I->src[k] >= 0 && ll_pend[w][I->src[k]]) blocked = 1;
      if (!blocked && ll_now < 0) ti.slot_ready |= 1u << s;
      if (I->llc) ti.slot_llc |= 1u << s;
      if (I->exit) ti.slot_exit |= 1u << s;
    }
    for (int w = 0; w < NW; w++) if (!ll_out[w]) ti.warp_ready |= (uint64_t)1 << w;
    if (cycle == 0) { tls_tick(&tm, &ti); rfc_tick(&rm, &ri); continue; }
    tls_eval(&tm, &ti, &to);

    /* the rfc's inputs for this cycle */
    const tr_inst *I = NULL;
    int iw = -1;
    if (to.issue) {
      iw = (int)to.pick_warp;
      I = &tr_prog[pc[iw]];
      for (int k = 0; k < 3; k++)
        if (I->src[k] >= 0) {
          ri.rd_use |= 1u << k;
          ri.rd_reg |= (uint32_t)I->src[k] << (k * NRB);
        }
      ri.rd_valid = ri.rd_use != 0;
      ri.rd_slot = to.pick_slot;
      ri.rd_last = (uint32_t)I->last;
      if (I->dst >= 0 && !I->ll) {
        ri.wr_valid = 1; ri.wr_active = 1; ri.wr_slot = to.pick_slot; ri.wr_reg = (uint32_t)I->dst;
        ri.wr_mask = (1u << NT) - 1;
        ri.wr_data[0] = tr_hash((uint32_t)iw, (uint32_t)pc[iw]);
      }
    } else if (ll_now >= 0) {
      tr_ll *l = &q[ll_now];
      int s = -1;
      for (int t = 0; t < NA; t++) if (slot_warp[t] == l->warp) s = t;
      ri.wr_valid = 1; ri.wr_active = s >= 0; ri.wr_slot = s >= 0 ? (uint32_t)s : 0;
      ri.wr_reg = (uint32_t)l->reg; ri.wr_bypass = 1; ri.wr_mask = (1u << NT) - 1; ri.wr_data[0] = l->val;
    }
    if (to.demote || to.retire) { ri.fl_valid = 1; ri.fl_slot = to.pick_slot; ri.fl_kill = to.retire; }
    rfc_eval(&rm, &ri, &ro);

    /* check the operand values; count the MRF traffic */
    if (I) {
      const uint32_t *rd[3] = {ro.rd_data0, ro.rd_data1, ro.rd_data2};
      for (int k = 0; k < 3; k++) {
        int r = I->src[k];
        if (r < 0) continue;
        uint32_t v = (ro.rd_hit >> k & 1) ? rd[k][0] : mrf[iw][r];
        hits += ro.rd_hit >> k & 1;
        if (v != golden[iw][r]) {
          if (value_errors++ < 5)
            fprintf(stderr, "cycle %ld: warp %d pc %d operand %d (r%d) = 0x%08x, expected 0x%08x (%s)\n", cycle, iw,
                    pc[iw], k, r, v, golden[iw][r], (ro.rd_hit >> k & 1) ? "RFC hit" : "MRF");
        }
      }
    }
    got.rd += ro.mrf_rd_n;
    got.wr_result += ro.wr_mrf;
    got.wr_evict += ro.ev_wb;
    got.wr_flush += __builtin_popcount(ro.fl_wb);
    if ((long)ro.mrf_wr_n != (long)ro.wr_mrf + ro.ev_wb + __builtin_popcount(ro.fl_wb)) {
      fprintf(stderr, "cycle %ld: mrf_wr_n %u disagrees with wr_mrf + ev_wb + fl_wb\n", cycle, ro.mrf_wr_n);
      value_errors++;
    }
    /* the MRF takes the write requests: the result, the evicted value, the flushed ones */
    if (ro.wr_mrf) {
      int w = I ? iw : q[ll_now].warp;
      mrf[w][ri.wr_reg] = ri.wr_data[0];
    }
    if (ro.ev_wb) mrf[iw][ro.ev_reg] = ro.ev_data[0];
    for (int e = 0; e < NE; e++)
      if (ro.fl_wb >> e & 1) mrf[to.pick_warp][ro.fl_reg >> (e * NRB) & (NREG - 1)] = ro.fl_data[e];

    /* the warps move on */
    if (I) {
      if (I->dst >= 0) golden[iw][I->dst] = I->ll ? tr_hash((uint32_t)iw, 500u + (uint32_t)pc[iw])
                                                  : tr_hash((uint32_t)iw, (uint32_t)pc[iw]);
      if (I->ll) {
        q[nq++] = (tr_ll){iw, I->dst, cycle + LL_LAT, golden[iw][I->dst]};
        ll_out[iw]++;
        ll_pend[iw][I->dst] = 1;
      }
      if (I->exit) done[iw] = 1;
      pc[iw]++;
    } else if (ll_now >= 0) {
      ll_out[q[ll_now].warp]--;
      ll_pend[q[ll_now].warp][q[ll_now].reg] = 0;
      q[ll_now] = q[--nq];
    }
    demotes += to.demote;
    promotes += to.promote;
    retires += to.retire;
    tls_tick(&tm, &ti);
    rfc_tick(&rm, &ri);
    int all = nq == 0;
    for (int w = 0; w < NW; w++) all &= done[w];
    if (all) break;
  }

  tr_counts want;
  tr_replay(&want);
  int ok = value_errors == 0 && got.rd == want.rd && got.wr_result == want.wr_result &&
           got.wr_evict == want.wr_evict && got.wr_flush == want.wr_flush;
  for (int w = 0; w < NW; w++) ok &= done[w];
  printf("gebhart_trace: %d warps x %d instructions, %d active slots, %d RFC entries per thread, %ld cycles\n",
         NW, TR_N, NA, NE, cycle);
  printf("  tls: %ld demotions, %ld promotions, %ld exits; rfc: %ld operand hits\n", demotes, promotes, retires, hits);
  printf("  MRF reads:                    rfc %4ld   independent count %4ld\n", got.rd, want.rd);
  printf("  MRF writes, results (bypass): rfc %4ld   independent count %4ld\n", got.wr_result, want.wr_result);
  printf("  MRF writes, evictions:        rfc %4ld   independent count %4ld\n", got.wr_evict, want.wr_evict);
  printf("  MRF writes, flushes:          rfc %4ld   independent count %4ld\n", got.wr_flush, want.wr_flush);
  printf("  MRF writes, total:            rfc %4ld   independent count %4ld\n",
         got.wr_result + got.wr_evict + got.wr_flush, want.wr_result + want.wr_evict + want.wr_flush);
  printf("  operand values checked against the golden register file: %ld errors\n", value_errors);
  printf("%s\n", ok ? "PASS gebhart_trace" : "FAIL gebhart_trace");
  return ok ? 0 : 1;
}
