/*
** mascar.c -- Mascar (Sethia, HPCA'15; thesis Ch. IV): Memory Aware
** Scheduling and Cache Access Re-execution.  This file holds Mascar's blocks:
** the L1's memory saturation flag ('memsat', thesis 4.3.1) and the warp status
** table with the warp readiness checker and Mascar's issue pick ('wst', 4.3.1,
** 4.3.4; warp age is launch order, in an age matrix, not the slot number),
** and the cache access re-execution queue beside the LSU ('rexq', 4.3.3,
** Fig. 4.6, Fig. 4.7).
**
** Choices where the thesis is silent (thresholds, hysteresis, latency, the
** three memory spaces, interface timing, multi-request instructions, what a
** queue entry holds beyond the paper's 301 bits) are documented in
** docs/blocks/{memsat,wst,rexq}.md; the C models in sim/models/ implement the
** same rules and the lockstep harness holds them to every output bit.
*/
#include "../wg.h"

#include <string.h>

/* ================================================================ memsat */

enum { MS_MSHRS, MS_MISSQ, MS_SET_FREE_MSHR, MS_CLR_FREE_MSHR, MS_SET_FREE_MISSQ,
       MS_CLR_FREE_MISSQ, MS_SPACES, MS_HOLD, MS_NPARAMS };

/* Thresholds count FREE entries, as the thesis phrases it ("almost full"),
** so one setting holds across a sweep of the structure sizes. */
static const wg_param_def memsat_params[] = {
  {"MSHRS",          64, 1,  256, 0, "MSHR entries per cache (Table 4.1: 64 in the L1)"},
  {"MISSQ",           8, 1,  256, 0, "miss-queue entries per cache (thesis: none given; GPGPU-Sim 3.2.2 GTX480 L1D: 8)"},
  {"SET_FREE_MSHR",   2, 0,  255, 0, "almost full: the flag rises when at most this many MSHRs are free"},
  {"CLR_FREE_MSHR",   4, 1,  256, 0, "relieved: clearing needs at least this many free MSHRs (> SET_FREE_MSHR)"},
  {"SET_FREE_MISSQ",  2, 0,  255, 0, "the flag rises when at most this many miss-queue entries are free"},
  {"CLR_FREE_MISSQ",  4, 1,  256, 0, "clearing needs at least this many free miss-queue entries (> SET_FREE_MISSQ)"},
  {"SPACES",          3, 1,    3, 0, "memory spaces observed: 1 global (L1D), 2 + texture, 3 + constant"},
  {"HOLD",            0, 0, 1024, 0, "once raised, a flag stays set at least HOLD cycles (0, 1: no minimum)"},
};

static const wg_preset memsat_presets[] = {
  {"mascar", "MSHRS=64 MISSQ=8 SET_FREE_MSHR=2 CLR_FREE_MSHR=4 SET_FREE_MISSQ=2 CLR_FREE_MISSQ=4 SPACES=3 HOLD=0",
   "the thesis' L1 (Table 4.1: 64 MSHRs), three memory spaces, flag as soon as 2 entries are left", 0},
  {"small",  "MSHRS=4 MISSQ=2 SET_FREE_MSHR=1 CLR_FREE_MSHR=3 SET_FREE_MISSQ=0 CLR_FREE_MISSQ=1 SPACES=3 HOLD=3",
   "tiny structures, a one-entry MSHR band, no miss-queue band and a 3-cycle hold: fast tests and formal proofs", 0},
};

static const char *const ms_space[3] = {"global", "texture", "constant"};

/* derived widths and thresholds, as occupancy compares */
typedef struct ms_dims {
  int S, MW, QW, HB;           /* spaces; occupancy widths; hold-counter bits (0: none) */
  long long mset, mkeep;       /* MSHR occupancy: >= mset almost full, >= mkeep not relieved */
  long long qset, qkeep;       /* the same for the miss queue */
  long long hold_load;         /* HOLD - 1, loaded when a flag rises */
} ms_dims;

static ms_dims ms_dims_of(wg_pv p) {
  ms_dims d;
  d.S = (int)p[MS_SPACES];
  d.MW = wg_bits_for(p[MS_MSHRS]);
  d.QW = wg_bits_for(p[MS_MISSQ]);
  d.mset = p[MS_MSHRS] - p[MS_SET_FREE_MSHR];          /* free <= SET  <=> occ >= N - SET */
  d.mkeep = p[MS_MSHRS] - p[MS_CLR_FREE_MSHR] + 1;     /* free <  CLR  <=> occ >= N - CLR + 1 */
  d.qset = p[MS_MISSQ] - p[MS_SET_FREE_MISSQ];
  d.qkeep = p[MS_MISSQ] - p[MS_CLR_FREE_MISSQ] + 1;
  d.hold_load = p[MS_HOLD] >= 2 ? p[MS_HOLD] - 1 : 0;
  d.HB = p[MS_HOLD] >= 2 ? wg_bits_for(d.hold_load) : 0;
  return d;
}

static int memsat_check(wg_pv p, char *err, size_t n) {
  static const struct { int size, set, clr; const char *what; } rel[2] = {
    {MS_MSHRS, MS_SET_FREE_MSHR, MS_CLR_FREE_MSHR, "MSHRs"},
    {MS_MISSQ, MS_SET_FREE_MISSQ, MS_CLR_FREE_MISSQ, "miss-queue entries"},
  };
  for (int i = 0; i < 2; i++) {
    const char *sz = memsat_params[rel[i].size].name, *st = memsat_params[rel[i].set].name,
               *cl = memsat_params[rel[i].clr].name;
    long long N = p[rel[i].size], S = p[rel[i].set], C = p[rel[i].clr];
    if (S < C && C <= N) continue;
    snprintf(err, n, "parameters %s=%lld, %s=%lld and %s=%lld contradict: the flag must rise "
             "with fewer free %s than clear it, and a cache cannot have more free than it has "
             "(%s < %s <= %s)", sz, N, st, S, cl, C, rel[i].what, st, cl, sz);
    return 1;
  }
  return 0;
}

static int memsat_ports(wg_pv p, wg_port *o) {
  ms_dims d = ms_dims_of(p);
  int n = 0;
  o[n++] = (wg_port){"rst", WG_IN, 1, 1, "synchronous reset: every flag clear (EP mode)"};
  o[n++] = (wg_port){"mshr_occ", WG_IN, d.S * d.MW, 27,
                     "per space s (0 global, 1 texture, 2 constant), field s of width/SPACES bits: MSHRs in use, 0..MSHRS"};
  o[n++] = (wg_port){"missq_occ", WG_IN, d.S * d.QW, 27,
                     "per space s, field s: miss-queue entries in use, 0..MISSQ"};
  o[n++] = (wg_port){"sat", WG_OUT, 1, 1,
                     "memory saturation flag to the LSU and Mascar's scheduler: 1 MP mode, 0 EP mode (OR of sat_space)"};
  o[n++] = (wg_port){"sat_space", WG_OUT, d.S, 3, "per space: its cache's saturation flag (registered, with hysteresis)"};
  o[n++] = (wg_port){"sat_cause", WG_OUT, d.S, 3,
                     "one-hot: the lowest-numbered saturated space (global, then texture, then constant); 0 when sat is 0"};
  return n;
}

static int memsat_storage(wg_pv p, wg_field *o) {
  ms_dims d = ms_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"sat_flag", 1, d.S, "saturation flag per memory space (also the hysteresis state)"};
  if (d.HB) o[n++] = (wg_field){"hold_cnt", d.HB, d.S, "per space: cycles the raised flag must still stay set (HOLD - 1 down to 0)"};
  return n;
}

/* "at most 2 free MSHRs", "no free MSHR", "at least 1 free MSHR" */
static const char *ms_free(char *dst, size_t n, long long k, const char *one, const char *many, int at_most) {
  if (at_most && k == 0) snprintf(dst, n, "no free %s", one);
  else snprintf(dst, n, "at %s %lld free %s", at_most ? "most" : "least", k, k == 1 ? one : many);
  return dst;
}

/* One space's almost-full / relieved decode and flag register. */
static void memsat_space(wg_buf *o, wg_pv p, const ms_dims *d, int s, int mutant) {
  const char *x = ms_space[s];
  long long sm = p[MS_SET_FREE_MSHR], cm = p[MS_CLR_FREE_MSHR];
  long long sq = p[MS_SET_FREE_MISSQ], cq = p[MS_CLR_FREE_MISSQ];
  wgb_printf(o, "  // ---- %s memory%s ----\n", x,
             s == 0 ? " (L1 data cache)" : s == 1 ? " (texture cache)" : " (constant cache)");
  wgb_printf(o, "  logic [%d:0] mshr_occ_%s;\n  logic [%d:0] missq_occ_%s;\n", d->MW - 1, x, d->QW - 1, x);
  if (d->S == 1) {   /* the whole port is this space's field (and may be a scalar) */
    wgb_printf(o, "  assign mshr_occ_%s  = mshr_occ;\n  assign missq_occ_%s = missq_occ;\n", x, x);
  } else {
    wgb_printf(o, "  assign mshr_occ_%s  = mshr_occ[%d:%d];\n", x, (s + 1) * d->MW - 1, s * d->MW);
    wgb_printf(o, "  assign missq_occ_%s = missq_occ[%d:%d];\n", x, (s + 1) * d->QW - 1, s * d->QW);
  }
  wgb_printf(o, "  logic almost_full_%s, relieved_%s;\n", x, x);
  char a[64], b[64];
  wgb_printf(o, "  // almost full: %s or %s\n", ms_free(a, sizeof a, sm, "MSHR", "MSHRs", 1),
             ms_free(b, sizeof b, sq, "miss-queue entry", "miss-queue entries", 1));
  if (mutant && s == 0)
    wgb_printf(o, "  assign almost_full_%s = (mshr_occ_%s > %d'd%lld) || (missq_occ_%s >= %d'd%lld);"
                  "  // MUTANT: one MSHR late\n", x, x, d->MW, d->mset, x, d->QW, d->qset);
  else
    wgb_printf(o, "  assign almost_full_%s = (mshr_occ_%s >= %d'd%lld) || (missq_occ_%s >= %d'd%lld);\n",
               x, x, d->MW, d->mset, x, d->QW, d->qset);
  wgb_printf(o, "  // back pressure relieved: %s and %s\n", ms_free(a, sizeof a, cm, "MSHR", "MSHRs", 0),
             ms_free(b, sizeof b, cq, "miss-queue entry", "miss-queue entries", 0));
  wgb_printf(o, "  assign relieved_%s    = (mshr_occ_%s < %d'd%lld) && (missq_occ_%s < %d'd%lld);\n",
             x, x, d->MW, d->mkeep, x, d->QW, d->qkeep);
  wgb_printf(o, "  logic sat_%s;\n", x);
  if (d->HB) {
    wgb_printf(o, "  logic [%d:0] hold_%s;  // cycles the raised flag must still stay set\n", d->HB - 1, x);
    wgb_printf(o, "  always_ff @(posedge clk) begin\n"
                  "    if (rst) hold_%s <= '0;\n"
                  "    else if (almost_full_%s && !sat_%s) hold_%s <= %d'd%lld;  // rising: HOLD=%lld cycles from now\n"
                  "    else if (hold_%s != '0) hold_%s <= hold_%s - %d'd1;\n"
                  "  end\n", x, x, x, x, d->HB, d->hold_load, (long long)p[MS_HOLD], x, x, x, d->HB);
  }
  wgb_printf(o, "  always_ff @(posedge clk) begin\n"
                "    if (rst) sat_%s <= 1'b0;\n"
                "    else if (almost_full_%s) sat_%s <= 1'b1;  // raise: EP -> MP\n", x, x, x);
  if (d->HB) wgb_printf(o, "    else if (relieved_%s && hold_%s == '0) sat_%s <= 1'b0;  // clear: MP -> EP\n", x, x, x);
  else wgb_printf(o, "    else if (relieved_%s) sat_%s <= 1'b0;  // clear: MP -> EP\n", x, x);
  wgb_printf(o, "    // otherwise (hysteresis band%s) the flag keeps its value\n"
                "  end\n\n", d->HB ? ", or the hold still running" : "");
}

static void memsat_rtl(wg_buf *o, wg_pv p, int mutant) {
  ms_dims d = ms_dims_of(p);
  wgb_printf(o, "  // Thesis 4.3.1: the cache raises the memory saturation flag when its MSHRs\n"
                "  // or its miss queue are almost full, and clears it when the back pressure\n"
                "  // is relieved.  Thresholds differ (hysteresis) so the scheduler does not\n"
                "  // toggle between MP and EP mode on every fill and allocation.  The flag is\n"
                "  // registered: it is seen one cycle after the occupancy that caused it.\n\n");
  for (int s = 0; s < d.S; s++) memsat_space(o, p, &d, s, mutant);

  wgb_printf(o, "  // ---- to the LSU and the scheduler ----\n");
  if (d.S == 1) {
    wgb_printf(o, "  assign sat_space = sat_global;\n  assign sat       = sat_global;\n"
                  "  assign sat_cause = sat_global;\n");
    return;
  }
  wgb_printf(o, "  assign sat_space = {");
  for (int s = d.S - 1; s >= 0; s--) wgb_printf(o, "sat_%s%s", ms_space[s], s ? ", " : "};\n");
  wgb_printf(o, "  assign sat       = ");
  for (int s = 0; s < d.S; s++) wgb_printf(o, "sat_%s%s", ms_space[s], s + 1 < d.S ? " || " : ";\n");
  wgb_printf(o, "  // cause: the first saturated space in the order global, texture, constant\n"
                "  // (global memory is the dominant cause, thesis 4.3.1)\n");
  wgb_printf(o, "  assign sat_cause = {");
  for (int s = d.S - 1; s >= 0; s--) {
    wgb_printf(o, "sat_%s", ms_space[s]);
    for (int t = s - 1; t >= 0; t--) wgb_printf(o, " && !sat_%s", ms_space[t]);
    wgb_printf(o, "%s", s ? ",\n                       " : "};\n");
  }
}

static void memsat_props(wg_buf *o, wg_pv p) {
  ms_dims d = ms_dims_of(p);
  int S = d.S;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n"
                "    // the flag is the OR of the spaces; the cause is one of them, one-hot, the lowest\n"
                "    assert(sat == (sat_space != '0));\n"
                "    assert((sat_cause & ~sat_space) == '0);\n"
                "    assert((sat_cause & (sat_cause - %d'd1)) == '0);\n"
                "    assert((sat_cause != '0) == sat);\n"
                "    assert(sat_cause == (sat_space & (~sat_space + %d'd1)));\n", S, S);
  if (d.HB) {
    wgb_printf(o, "    // a hold runs only while its flag is set, and never beyond HOLD-1\n");
    for (int s = 0; s < S; s++) {
      wgb_printf(o, "    assert(hold_%s == '0 || sat_%s);\n", ms_space[s], ms_space[s]);
      if (d.hold_load < ((1LL << d.HB) - 1))
        wgb_printf(o, "    assert(hold_%s <= %d'd%lld);\n", ms_space[s], d.HB, d.hold_load);
    }
  }
  wgb_printf(o, "  end\n\n");

  wgb_printf(o, "  // the rules, stated on the occupancies of the previous cycle (registered flag)\n"
                "  always @(posedge clk) if (f_past_valid && !$past(rst)) begin\n");
  for (int s = 0; s < S; s++) {
    const char *x = ms_space[s];
    char full[160], busy[160];
    snprintf(full, sizeof full, "($past(mshr_occ_%s) >= %d'd%lld || $past(missq_occ_%s) >= %d'd%lld)",
             x, d.MW, d.mset, x, d.QW, d.qset);
    snprintf(busy, sizeof busy, "($past(mshr_occ_%s) >= %d'd%lld || $past(missq_occ_%s) >= %d'd%lld)",
             x, d.MW, d.mkeep, x, d.QW, d.qkeep);
    wgb_printf(o, "    // %s: almost full raises the flag\n    assert(!%s || sat_%s);\n", x, full, x);
    wgb_printf(o, "    // %s: relieved clears it%s\n", x, d.HB ? " once the hold has run out" : "");
    if (d.HB) wgb_printf(o, "    assert(%s || $past(hold_%s) != '0 || !sat_%s);\n", busy, x, x);
    else wgb_printf(o, "    assert(%s || !sat_%s);\n", busy, x);
    wgb_printf(o, "    // %s: hysteresis band: a set flag stays set until relieved\n"
                  "    assert(!($past(sat_%s) && %s) || sat_%s);\n", x, x, busy, x);
    wgb_printf(o, "    // %s: the flag rises only on almost full\n"
                  "    assert($past(sat_%s) || !sat_%s || %s);\n", x, x, x, full);
    if (d.HB)
      wgb_printf(o, "    // %s: a running hold keeps the flag; a rise starts the hold\n"
                    "    assert($past(hold_%s) == '0 || sat_%s);\n"
                    "    assert($past(sat_%s) || !sat_%s || hold_%s == %d'd%lld);\n",
                 x, x, x, x, x, x, d.HB, d.hold_load);
  }
  wgb_printf(o, "  end\n  // reset clears every flag\n"
                "  always @(posedge clk) if (f_past_valid && $past(rst)) assert(!sat);\n\n");

  wgb_printf(o, "  // reachability: the states the properties are about do occur\n"
                "  always @(*) if (f_past_valid) begin\n"
                "    cover(sat);  // MP mode\n");
  if (S >= 2) wgb_printf(o, "    cover(sat_cause == %d'd2);  // the texture cache is the cause (global not saturated)\n", S);
  if (S >= 2) wgb_printf(o, "    cover(sat_space == '1);  // every space saturated: the cause is global\n");
  wgb_printf(o, "  end\n  always @(posedge clk) if (f_past_valid && !$past(rst)) begin\n"
                "    cover($past(sat) && !sat);  // cleared after being set: back to EP mode\n");
  if (d.mkeep < d.mset || d.qkeep < d.qset)
    wgb_printf(o, "    // held in the hysteresis band: neither almost full nor relieved\n"
                  "    cover($past(sat_global) && !$past(almost_full_global) && !$past(relieved_global) && sat_global);\n");
  if (d.HB)
    wgb_printf(o, "    // held by the hold although relieved\n"
                  "    cover($past(sat_global) && $past(relieved_global) && sat_global);\n");
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_memsat = {
  "memsat", "Mascar memory saturation flag: MSHR / miss-queue almost-full detection with hysteresis, per memory space",
  "Mascar (Sethia et al., HPCA'15; Sethia thesis Ch. IV)", "thesis 4.3.1 (memory subsystem saturation detection)",
  memsat_params, MS_NPARAMS, memsat_presets, 2, "mascar",
  "not in Table 4.2 (the L1's saturation logic is not counted there)",
  memsat_check, memsat_ports, memsat_storage, memsat_rtl, memsat_props,
  "almost full compares the global MSHR occupancy with > instead of >= (raised one MSHR late)",
  "MSHRS=8,16,32,64,128,256",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = NULL,   /* the paper counts none of its storage */
};

/* =================================================================== wst */

enum { WST_W, WST_NPARAMS };

static const wg_param_def wst_params[] = {
  {"W", 48, 1, 64, 0, "warps per SM (Fermi: 48)"},
};

static const wg_preset wst_presets[] = {
  {"mascar", "W=48", "the thesis' Fermi SM (48 warps, Table 4.2)", WG_SLOW_FORMAL | WG_SLOW_SIM},
  {"small",  "W=4",  "four warps for fast tests and formal proofs", 0},
};

static int wst_ib(wg_pv p) { return wg_clog2(p[WST_W]); }          /* warp id bits */
static int wst_pairs(wg_pv p) { int w = (int)p[WST_W]; return w * (w - 1) / 2; }

static int wst_ports(wg_pv p, wg_port *o) {
  int W = (int)p[WST_W], IB = wst_ib(p), n = 0;
#define PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  PORT("rst",          WG_IN,  1, 1, "synchronous reset: EP mode, no owner, age = slot order");
  PORT("launch",       WG_IN,  1, 1, "a warp is launched this cycle: it becomes the youngest");
  PORT("launch_warp",  WG_IN,  IB, 6, "the launched warp's slot");
  PORT("warp_valid",   WG_IN,  W, 64, "per warp: resident and not finished");
  PORT("mem_next",     WG_IN,  W, 64, "per warp: the next instruction accesses memory");
  PORT("ready",        WG_IN,  W, 64, "per warp: the next instruction's operands are ready (scoreboard)");
  PORT("dep_ll",       WG_IN,  W, 64, "per warp: the next instruction depends on the warp's own long-latency load (OR of the augmented scoreboard bits)");
  PORT("sat",          WG_IN,  1, 1, "memory saturation flag from the L1 (memsat)");
  PORT("mrq_empty",    WG_IN,  1, 1, "the scheduler's memory-ready warps queue is empty");
  PORT("rexq_valid",   WG_IN,  1, 1, "the re-execution queue holds a request");
  PORT("rexq_warp",    WG_IN,  IB, 6, "warp of the request at the re-execution queue's head");
  PORT("alu_issue",    WG_IN,  1, 1, "the compute pick was issued this cycle");
  PORT("mem_issue",    WG_IN,  1, 1, "the memory pick was issued to the LSU this cycle");
  PORT("mode_mp",      WG_OUT, 1, 1, "1: MP (memory-access priority), 0: EP (equal priority)");
  PORT("owner_valid",  WG_OUT, 1, 1, "WRC: an owner warp exists (only in MP)");
  PORT("owner",        WG_OUT, IB, 6, "WRC: the owner warp");
  PORT("wst_mem",      WG_OUT, W, 64, "WST bit 1 per warp: next instruction accesses memory");
  PORT("wst_stall",    WG_OUT, W, 64, "WST bit 2 per warp: do not issue (operands not ready, or a non-owner memory warp in MP)");
  PORT("alu_valid",    WG_OUT, 1, 1, "a compute-ready warp is picked");
  PORT("alu_warp",     WG_OUT, IB, 6, "the compute pick");
  PORT("mem_valid",    WG_OUT, 1, 1, "a memory-ready warp is picked");
  PORT("mem_warp",     WG_OUT, IB, 6, "the memory pick");
  PORT("mem_first",    WG_OUT, 1, 1, "priority between the picks: 1 memory first (EP), 0 compute first (MP)");
#undef PORT
  return n;
}

static int wst_storage(wg_pv p, wg_field *o) {
  int W = (int)p[WST_W], IB = wst_ib(p), n = 0;
  o[n++] = (wg_field){"wst", 2, W, "WST per warp: memory bit, stall bit (Table 4.2: 2 bits x 48 = 12 bytes)"};
  o[n++] = (wg_field){"wrc_owner", IB, 1, "WRC: owner warp id (Table 4.2: 6 bits)"};
  o[n++] = (wg_field){"owner_valid", 1, 1, "WRC: owner exists (not in the paper's table)"};
  o[n++] = (wg_field){"mode_mp", 1, 1, "MP/EP mode (not in the paper's table)"};
  if (W > 1) o[n++] = (wg_field){"age", 1, wst_pairs(p), "age matrix, upper triangle: warp i launched before j (not in Table 4.2: the baseline GTO scheduler's launch order, which Mascar reuses for its oldest-first picks)"};
  o[n++] = (wg_field){"greedy", IB + 1, 2, "last issued compute and memory warp + valid, for greedy-then-oldest (not in Table 4.2: the baseline GTO scheduler's greedy state)"};
  return n;
}

/* 'dst' = one-hot oldest warp of 'set', from the age matrix. */
static void wst_emit_oldest(wg_buf *o, wg_pv p, const char *dst, const char *set) {
  int W = (int)p[WST_W];
  wgb_printf(o, "  // %s: the warp of %s that no other warp of it is older than\n", dst, set);
  if (W == 1) { wgb_printf(o, "  assign %s = %s;\n", dst, set); return; }
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_%s\n"
                "    // older[i] is row i: the warps that warp i is older than\n"
                "    assign %s[i] = %s[i] && ((%s & ~older[i]) == (%d'(1) << i));\n  end\n",
             W, dst, dst, set, set, W);
}


static void wst_rtl(wg_buf *o, wg_pv p, int mutant) {
  int W = (int)p[WST_W], IB = wst_ib(p), NP = wst_pairs(p);
  wgb_printf(o, "  // ---- warp age: launch order (age matrix) ----\n");
  wgb_printf(o, "  // older[i][j] = warp i was launched before warp j; the upper triangle is stored\n"
                "  // (age), the lower is its complement.  A launched warp becomes the youngest.\n");
  if (W > 1) wgb_printf(o, "  logic [%d:0] age;\n", NP - 1);
  wg_emit_age_older(o, "older", "age", W);
  wgb_printf(o, "  // ---- picks from the registered WST (the scheduler's view) ----\n");
  wgb_printf(o, "  logic [%d:0] eligible, compute_ready, memory_ready;\n", W - 1);
  wgb_printf(o, "  assign eligible      = warp_valid & ~wst_stall;\n");
  wgb_printf(o, "  assign compute_ready = eligible & ~wst_mem;\n");
  wgb_printf(o, "  assign memory_ready  = eligible & wst_mem;\n");
  wgb_printf(o, "  logic [%d:0] oldest_alu, oldest_mem, greedy_alu_oh, greedy_mem_oh, alu_oh, mem_oh;\n", W - 1);
  wst_emit_oldest(o, p, "oldest_alu", "compute_ready");
  wst_emit_oldest(o, p, "oldest_mem", "memory_ready");
  wgb_printf(o, "  logic greedy_alu_valid, greedy_mem_valid;\n  logic [%d:0] greedy_alu, greedy_mem;\n", IB - 1);
  wgb_printf(o, "  // greedy: the warp this pipe issued last, if it is still ready\n"
                "  always_comb begin\n    for (int i = 0; i < %d; i++) begin\n"
                "      greedy_alu_oh[i] = greedy_alu_valid && greedy_alu == %d'(i) && compute_ready[i];\n"
                "      greedy_mem_oh[i] = greedy_mem_valid && greedy_mem == %d'(i) && memory_ready[i];\n"
                "    end\n  end\n", W, IB, IB);
  wgb_printf(o, "  // MP: oldest first; EP: greedy-then-oldest\n");
  wgb_printf(o, "  assign alu_oh = (!mode_mp && greedy_alu_oh != '0) ? greedy_alu_oh : oldest_alu;\n");
  wgb_printf(o, "  assign mem_oh = (!mode_mp && greedy_mem_oh != '0) ? greedy_mem_oh : oldest_mem;\n");
  wgb_printf(o, "  assign alu_valid = (compute_ready != '0);\n  assign mem_valid = (memory_ready != '0);\n");
  wg_emit_onehot_encode(o, "alu_warp", wst_ib(p), "alu_oh", (int)p[WST_W]);
  wg_emit_onehot_encode(o, "mem_warp", wst_ib(p), "mem_oh", (int)p[WST_W]);
  wgb_printf(o, "  assign mem_first = !mode_mp;  // EP: memory before compute; MP: compute before memory\n\n");

  wgb_printf(o, "  // ---- Warp Readiness Checker: ownership (thesis 4.3.1, 4.3.4) ----\n");
  wgb_printf(o, "  logic [%d:0] owner_oh;\n  always_comb for (int i = 0; i < %d; i++) owner_oh[i] = owner_valid && owner == %d'(i);\n",
             W - 1, W, IB);
  wgb_printf(o, "  logic relinquish, owner_free, handover, acquire;\n");
  wgb_printf(o, "  // the owner reaches an instruction that depends on one of its own loads, or exits\n");
  wgb_printf(o, "  assign relinquish = owner_valid && ((owner_oh & dep_ll) != '0 || (owner_oh & warp_valid) == '0);\n");
  wgb_printf(o, "  assign owner_free = sat && (!owner_valid || relinquish);\n");
  wgb_printf(o, "  // no memory-ready warp left: the re-execution queue's head warp takes over\n");
  wgb_printf(o, "  assign handover   = owner_free && mrq_empty && rexq_valid;\n");
  wgb_printf(o, "  // otherwise the next memory warp to issue while MP holds becomes the owner\n");
  wgb_printf(o, "  assign acquire    = owner_free && !handover && mode_mp && mem_issue && mem_valid;\n\n");

  wgb_printf(o, "  // ---- WST update: the stall bit of a non-owner memory warp in MP ----\n");
  wgb_printf(o, "  logic next_owner_valid;\n  logic [%d:0] next_owner;\n  logic [%d:0] next_owner_oh, mascar_stall;\n", IB - 1, W - 1);
  wgb_printf(o, "  always_comb begin\n"
                "    next_owner_valid = owner_valid && !relinquish;\n    next_owner = owner;\n"
                "    if (handover) begin next_owner_valid = 1'b1; next_owner = rexq_warp; end\n"
                "    else if (acquire) begin next_owner_valid = 1'b1; next_owner = mem_warp; end\n"
                "    if (!sat) next_owner_valid = 1'b0;  // EP has no owner\n  end\n");
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) next_owner_oh[i] = next_owner == %d'(i);\n", W, IB);
  if (mutant)
    wgb_printf(o, "  assign mascar_stall = (sat && next_owner_valid) ? mem_next : '0;  // MUTANT: the owner stalls too\n\n");
  else
    wgb_printf(o, "  assign mascar_stall = (sat && next_owner_valid) ? (mem_next & ~next_owner_oh) : '0;\n\n");

  if (W > 1)
    wgb_printf(o, "  // a launched warp becomes the youngest: older than nobody, younger than all\n"
                  "  logic [%d:0] launch_oh;\n"
                  "  always_comb for (int i = 0; i < %d; i++) launch_oh[i] = launch && launch_warp == %d'(i);\n"
                  "  wire [%d:0] age_next;\n"
                  "  for (genvar i = 0; i < %d; i++) begin : g_age_row\n"
                  "    for (genvar j = i + 1; j < %d; j++) begin : g_age_col\n"
                  "      assign age_next[i*%d - i*(i+1)/2 + j - i - 1] =\n"
                  "          launch_oh[j] || (!launch_oh[i] && age[i*%d - i*(i+1)/2 + j - i - 1]);\n"
                  "    end\n  end\n\n", W - 1, W, IB, NP - 1, W, W, W, W);
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n"
                "      mode_mp <= 1'b0;\n      owner_valid <= 1'b0;\n      owner <= '0;\n"
                "      wst_mem <= '0;\n      wst_stall <= '0;\n");
  if (W > 1) wgb_printf(o, "      age <= '1;  // slot order until warps are launched\n");
  wgb_printf(o, "      greedy_alu_valid <= 1'b0;\n      greedy_alu <= '0;\n"
                "      greedy_mem_valid <= 1'b0;\n      greedy_mem <= '0;\n    end else begin\n");
  wgb_printf(o, "      mode_mp <= sat;  // the mode follows the saturation flag\n"
                "      owner_valid <= next_owner_valid;\n      owner <= next_owner;\n"
                "      wst_mem <= mem_next;\n"
                "      // MP -> EP clears every Mascar stall; operands not ready always stall\n"
                "      wst_stall <= mascar_stall | ~ready;\n");
  wgb_printf(o, "      if (alu_issue && alu_valid) begin greedy_alu_valid <= 1'b1; greedy_alu <= alu_warp; end\n"
                "      if (mem_issue && mem_valid) begin greedy_mem_valid <= 1'b1; greedy_mem <= mem_warp; end\n");
  if (W > 1) {
    wgb_printf(o, "      age <= age_next;\n");
  }
  wgb_printf(o, "    end\n  end\n");
  if (W == 1) wgb_printf(o, "  wire unused_w1 = &{1'b0, launch, launch_warp, older[0]};\n");
}

/* The block's function restated from the rules, for the proofs (issue 20's "properties with
** teeth"): the picks, the owner and every register's next value computed again from the
** registers and inputs -- the picks as "older than every other member" in the launch order's
** ghost ranks (wg_emit_age_ghost, which the age matrix is asserted to agree with; reading the
** order from the age register by an index function made Yosys' front end take over 20 minutes
** at W = 48, 30 s this way), the owner by the thesis' four cases -- and
** compared with the RTL's (whose picks are one-hot row tests and AND-OR encoders). */
static void wst_spec_props(wg_buf *o, wg_pv p) {
  int W = (int)p[WST_W], IB = wst_ib(p), NP = wst_pairs(p);
  wgb_printf(o, "\n`ifndef WG_COVERS  // (the covers leave it out: docs/formal.md)");
  wgb_printf(o, "\n  // ---- the function, restated from the rules (docs/blocks/wst.md) ----\n");
  wgb_printf(o, "  localparam int S_W = %d;\n", W);
  wgb_printf(o, "  logic [S_W-1:0] s_cr, s_mr, s_stall;\n"
                "  logic [31:0] s_alu, s_mem;\n"
                "  logic s_oa, s_om, s_rel, s_free, s_hand, s_acq, s_nov;\n"
                "  logic [%d:0] s_no;\n", IB - 1);
  if (W > 1) wgb_printf(o, "  logic [%d:0] s_age;\n", NP - 1);
  wgb_printf(o, "  always @(*) begin\n"
                "    // compute-ready and memory-ready: resident, not stalled, by the WST's memory bit\n"
                "    s_cr = warp_valid & ~wst_stall & ~wst_mem;\n"
                "    s_mr = warp_valid & ~wst_stall & wst_mem;\n"
                "    // oldest first: the member launched before every other member\n"
                "    s_alu = 0; s_mem = 0;\n"
                "    for (int i = 0; i < S_W; i++) begin\n"
                "      s_oa = s_cr[i]; s_om = s_mr[i];\n");
  if (W > 1)
    wgb_printf(o, "      for (int j = 0; j < S_W; j++) begin\n"
                  "        if (j != i && s_cr[j] && !(f_rank[i*%d +: %d] < f_rank[j*%d +: %d])) s_oa = 0;\n"
                  "        if (j != i && s_mr[j] && !(f_rank[i*%d +: %d] < f_rank[j*%d +: %d])) s_om = 0;\n"
                  "      end\n", IB, IB, IB, IB, IB, IB, IB, IB);
  wgb_printf(o, "      if (s_oa) s_alu = i;\n"
                "      if (s_om) s_mem = i;\n"
                "    end\n"
                "    // EP: greedy first, while the warp the pipe issued last is still ready (GTO)\n"
                "    if (!mode_mp && greedy_alu_valid && 32'(greedy_alu) < S_W && s_cr[greedy_alu]) s_alu = 32'(greedy_alu);\n"
                "    if (!mode_mp && greedy_mem_valid && 32'(greedy_mem) < S_W && s_mr[greedy_mem]) s_mem = 32'(greedy_mem);\n"
                "    // the owner: it gives up ownership at a dependence on its own load or when it exits;\n"
                "    // while saturated a free ownership goes to the re-execution queue's head warp when no\n"
                "    // memory warp is ready, else to the next memory warp issued in MP; EP has no owner\n"
                "    s_rel = owner_valid && (32'(owner) >= S_W || dep_ll[owner] || !warp_valid[owner]);\n"
                "    s_free = sat && (!owner_valid || s_rel);\n"
                "    s_hand = s_free && mrq_empty && rexq_valid;\n"
                "    s_acq = s_free && !s_hand && mode_mp && mem_issue && s_mr != 0;\n"
                "    s_nov = sat && ((owner_valid && !s_rel) || s_hand || s_acq);\n"
                "    s_no = s_hand ? rexq_warp : s_acq ? s_mem[%d:0] : owner;\n"
                "    // MP stalls every memory warp but the owner; operands not ready always stall\n"
                "    s_stall = ~ready;\n"
                "    if (s_nov) for (int i = 0; i < S_W; i++) if (mem_next[i] && 32'(s_no) != i) s_stall[i] = 1'b1;\n",
             IB - 1);
  if (W > 1)
    wgb_printf(o, "    // a launched warp becomes the youngest\n"
                  "    s_age = age;\n"
                  "    for (int i = 0; i < S_W; i++)\n"
                  "      for (int j = i + 1; j < S_W; j++)\n"
                  "        if (launch && 32'(launch_warp) == j) s_age[i*S_W - i*(i+1)/2 + j - i - 1] = 1'b1;\n"
                  "        else if (launch && 32'(launch_warp) == i) s_age[i*S_W - i*(i+1)/2 + j - i - 1] = 1'b0;\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n"
                "    assert(alu_valid == (s_cr != 0));\n"
                "    assert(mem_valid == (s_mr != 0));\n"
                "    assert(!alu_valid || 32'(alu_warp) == s_alu);\n"
                "    assert(!mem_valid || 32'(mem_warp) == s_mem);\n"
                "  end\n");
  wgb_printf(o, "  // the next state (reset: EP, no owner, slot order)\n"
                "  logic f_chk = 1'b0, f_rst, f_mode, f_ov, f_gav, f_gmv;\n"
                "  logic [%d:0] f_owner, f_ga, f_gm;\n"
                "  logic [S_W-1:0] f_mem, f_stall;\n", IB - 1);
  if (W > 1) wgb_printf(o, "  logic [%d:0] f_age;\n", NP - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n"
                "    f_chk <= 1'b1; f_rst <= rst;\n"
                "    f_mode <= sat; f_ov <= s_nov; f_owner <= s_no; f_mem <= mem_next; f_stall <= s_stall;\n"
                "    f_gav <= greedy_alu_valid || (alu_issue && s_cr != 0);\n"
                "    f_ga <= (alu_issue && s_cr != 0) ? s_alu[%d:0] : greedy_alu;\n"
                "    f_gmv <= greedy_mem_valid || (mem_issue && s_mr != 0);\n"
                "    f_gm <= (mem_issue && s_mr != 0) ? s_mem[%d:0] : greedy_mem;\n", IB - 1, IB - 1);
  if (W > 1) wgb_printf(o, "    f_age <= s_age;\n");
  wgb_printf(o, "  end\n"
                "  always @(*) if (f_past_valid && f_chk) begin\n"
                "    if (f_rst) begin\n"
                "      assert(!mode_mp && !owner_valid && owner == 0 && wst_mem == 0 && wst_stall == 0);\n"
                "      assert(!greedy_alu_valid && greedy_alu == 0 && !greedy_mem_valid && greedy_mem == 0);\n");
  if (W > 1) wgb_printf(o, "      assert(age == '1);\n");
  wgb_printf(o, "    end else begin\n"
                "      assert(mode_mp == f_mode && owner_valid == f_ov && owner == f_owner);\n"
                "      assert(wst_mem == f_mem && wst_stall == f_stall);\n"
                "      assert(greedy_alu_valid == f_gav && greedy_alu == f_ga);\n"
                "      assert(greedy_mem_valid == f_gmv && greedy_mem == f_gm);\n");
  if (W > 1) wgb_printf(o, "      assert(age == f_age);\n");
  wgb_printf(o, "    end\n  end\n");
  wgb_printf(o, "`endif  // WG_COVERS\n");
}

static void wst_props(wg_buf *o, wg_pv p) {
  int W = (int)p[WST_W];
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n"
                "    // ownership is held by at most one warp, and only in MP mode\n"
                "    assert(!owner_valid || mode_mp);\n"
                "    // picks are one-hot and come from the right group\n"
                "    assert((alu_oh & (alu_oh - 1'b1)) == '0 && (mem_oh & (mem_oh - 1'b1)) == '0);\n"
                "    assert(alu_valid == (alu_oh != '0) && mem_valid == (mem_oh != '0));\n"
                "    assert((alu_oh & ~compute_ready) == '0 && (mem_oh & ~memory_ready) == '0);\n"
                "    assert(mem_first == !mode_mp);\n");
  wgb_printf(o, "  end\n");
  if (W > 1) {   /* the launch order, inductive at every W (ranks, not transitivity) */
    static const char *const sets[] = {"compute_ready", "memory_ready"}, *const oldest[] = {"oldest_alu", "oldest_mem"};
    wg_emit_age_ghost(o, W, wst_ib(p), "launch", "launch_warp", "older", sets, oldest, 2);
  }
  wgb_printf(o, "\n");
  /* last cycle's inputs in registers of their own and the asserts combinational: an assert in a
  ** clocked block about $past() values needs a second induction step (2-inductive, 1 this way) */
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic [%d:0] f_prev_ready;\n"
                "  always @(posedge clk) begin f_prev_rst <= rst; f_prev_ready <= ready; end\n"
                "  always @(*) if (f_past_valid && !f_prev_rst) begin\n"
                "    // in EP mode only the scoreboard stalls a warp\n"
                "    assert(mode_mp || wst_stall == ~f_prev_ready);\n"
                "    // the owner is never held by Mascar: if it stalls, its operands were not ready\n"
                "    assert((owner_oh & wst_stall & f_prev_ready) == '0);\n"
                "  end\n", W - 1);
  wst_spec_props(o, p);
  wgb_printf(o, "\n");
  wgb_printf(o, "  always @(posedge clk) if (f_past_valid && !$past(rst)) begin\n"
                "    cover(owner_valid && (wst_stall & $past(ready)) != '0);    // non-owners held back\n"
                "    cover(mode_mp && !owner_valid && $past(owner_valid) && $past(mode_mp));  // relinquished in MP\n"
                "    cover(owner_valid && $past(handover));                    // re-execution queue hand-over\n"
                "    cover(!mode_mp && $past(mode_mp) && $past(owner_valid));  // MP -> EP with an owner\n"
                "  end\n");
}

const wg_block wg_block_wst = {
  "wst", "Mascar warp status table, warp readiness checker (owner warp) and MP/EP issue pick",
  "Mascar (Sethia et al., HPCA'15; Sethia thesis Ch. IV)", "thesis 4.3.1, 4.3.4, Table 4.2",
  wst_params, WST_NPARAMS, wst_presets, 2, "mascar",
  "WST 2 bits x 48 warps = 96 bits = 12 bytes; WRC 6 bits = 1 byte (Table 4.2)",
  NULL, wst_ports, wst_storage, wst_rtl, wst_props,
  "the owner warp is stalled like any other memory warp in MP mode",
  "W=8,16,24,32,48,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "wst wrc_owner",
};

/* ================================================================ rexq */

enum { REXQ_ENTRIES, REXQ_WARPS, REXQ_ADDR_BITS, REXQ_OFFSET_BITS, REXQ_THREADS,
       REXQ_REG_BITS, REXQ_NPARAMS };

static const wg_param_def rexq_params[] = {
  {"ENTRIES",     32, 1, 64, 0, "queue entries (thesis 4.4.3: 32; 16 suffice for all kernels but kmeans-1)"},
  {"WARPS",       48, 1, 64, 0, "warps per SM: sizes the warp id and the occupancy vector (Table 4.1: 48)"},
  {"ADDR_BITS",   64, 1, 64, 0, "base address of the request's segment (Table 4.2: 64 bits)"},
  {"OFFSET_BITS",  7, 1,  8, 0, "per-thread byte offset into the segment (Table 4.2: 7 bits, 128-byte lines)"},
  {"THREADS",     32, 1, 64, 0, "threads per warp, one offset and one mask bit each (thesis: 32)"},
  {"REG_BITS",     7, 1,  8, 0, "destination register id (Table 4.2: 7 bits)"},
};

static const wg_preset rexq_presets[] = {
  {"mascar", "ENTRIES=32 WARPS=48 ADDR_BITS=64 OFFSET_BITS=7 THREADS=32 REG_BITS=7",
   "the thesis' queue: 32 entries of 64 + 7x32 + 6 + 7 = 301 paper bits (Table 4.2), 48 warps", WG_SLOW_SYNTH},
  {"small",  "ENTRIES=4 WARPS=6 ADDR_BITS=8 OFFSET_BITS=2 THREADS=4 REG_BITS=3",
   "4 entries, 6 warps (3-bit ids, two of them illegal), narrow fields: fast tests and formal proofs", 0},
};

/* derived widths */
typedef struct rexq_dims {
  int N, W, AB, OB, T, RB;
  int WB;       /* warp id bits */
  int PW;       /* head/tail pointer bits; 0 when ENTRIES = 1 (no pointers) */
  int CW;       /* count bits, 0..ENTRIES */
  int OW;       /* per-thread offsets of one request: THREADS x OFFSET_BITS */
  int pow2;     /* ENTRIES a power of two: pointers wrap by themselves */
  int all_ids;  /* every WB-bit id names a warp (WARPS = 2^WB) */
} rexq_dims;

static rexq_dims rexq_dims_of(wg_pv p) {
  rexq_dims d;
  d.N = (int)p[REXQ_ENTRIES];
  d.W = (int)p[REXQ_WARPS];
  d.AB = (int)p[REXQ_ADDR_BITS];
  d.OB = (int)p[REXQ_OFFSET_BITS];
  d.T = (int)p[REXQ_THREADS];
  d.RB = (int)p[REXQ_REG_BITS];
  d.WB = wg_clog2(d.W);
  d.PW = d.N > 1 ? wg_clog2(d.N) : 0;
  d.CW = wg_bits_for(d.N);
  d.OW = d.T * d.OB;
  d.pow2 = (d.N & (d.N - 1)) == 0;
  d.all_ids = d.W == (1 << d.WB);
  return d;
}

static int rexq_ports(wg_pv p, wg_port *o) {
  rexq_dims d = rexq_dims_of(p);
  int n = 0;
#define REXQ_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  REXQ_PORT("rst",           WG_IN,  1, 1, "synchronous reset: queue empty, nothing at the L1");
  REXQ_PORT("lsu_req",       WG_IN,  1, 1, "the LSU presents a new request to the L1 this cycle (it has the L1 unless it is stalled)");
  REXQ_PORT("push",          WG_IN,  1, 1, "the L1 NACKed the LSU's request: move it into the queue (the LSU holds it until push_ok)");
  REXQ_PORT("push_more",     WG_IN,  1, 1, "1: a further request of the instruction this warp already has queued (uncoalesced); 0: a new instruction");
  REXQ_PORT("push_warp",     WG_IN,  d.WB, 6, "warp id of the pushed request");
  REXQ_PORT("push_base",     WG_IN,  d.AB, 64, "base address of the request's segment");
  REXQ_PORT("push_offs",     WG_IN,  d.OW, 512, "per-thread byte offsets into the segment: thread t at [t*OFFSET_BITS +: OFFSET_BITS]");
  REXQ_PORT("push_mask",     WG_IN,  d.T, 64, "threads this request serves (the others' offsets are don't-care)");
  REXQ_PORT("push_reg",      WG_IN,  d.RB, 8, "destination register (a load) or data register (a store)");
  REXQ_PORT("push_st",       WG_IN,  1, 1, "1: store, 0: load");
  REXQ_PORT("res_valid",     WG_IN,  1, 1, "the L1's answer to the queue request in flight (issued in an earlier cycle); ignored when none is");
  REXQ_PORT("res_ack",       WG_IN,  1, 1, "with res_valid: 1 ACK (hit, or miss accepted toward L2): the head leaves; 0 NACK: the head moves to the tail");
  REXQ_PORT("issue",         WG_OUT, 1, 1, "the head goes to the L1 this cycle: the L1 port is the queue's (LSU has no new request, or is stalled)");
  REXQ_PORT("in_flight",     WG_OUT, 1, 1, "the head is at the L1, its answer not back yet (one at a time)");
  REXQ_PORT("head_warp",     WG_OUT, d.WB, 6, "head entry: warp id (head_* are 0 when the queue is empty)");
  REXQ_PORT("head_base",     WG_OUT, d.AB, 64, "head entry: base address");
  REXQ_PORT("head_offs",     WG_OUT, d.OW, 512, "head entry: per-thread byte offsets");
  REXQ_PORT("head_mask",     WG_OUT, d.T, 64, "head entry: threads served");
  REXQ_PORT("head_reg",      WG_OUT, d.RB, 8, "head entry: register");
  REXQ_PORT("head_st",       WG_OUT, 1, 1, "head entry: 1 store, 0 load");
  REXQ_PORT("count",         WG_OUT, d.CW, 7, "requests in the queue, 0..ENTRIES");
  REXQ_PORT("full",          WG_OUT, 1, 1, "count == ENTRIES");
  REXQ_PORT("empty",         WG_OUT, 1, 1, "count == 0");
  REXQ_PORT("warp_busy",     WG_OUT, d.W, 64, "per warp: it has a request in the queue, so its next memory instruction must wait");
  REXQ_PORT("push_ok",       WG_OUT, 1, 1, "the push is accepted, written at the tail at this edge (not when full, conflicting, or in a NACK-recycle cycle)");
  REXQ_PORT("push_conflict", WG_OUT, 1, 1, "push refused: the warp already has another instruction queued (push_more = 0), or the id is >= WARPS");
  REXQ_PORT("lsu_stall",     WG_OUT, 1, 1, "push && !push_ok: the LSU holds a NACKed request it cannot queue this cycle and stalls");
#undef REXQ_PORT
  return n;
}

static int rexq_storage(wg_pv p, wg_field *o) {
  rexq_dims d = rexq_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"entry", d.AB + d.OW + d.WB + d.RB, d.N,
                      "the paper's entry: base address + THREADS x OFFSET_BITS offsets + warp id + "
                      "destination register (Table 4.2: 64 + 7x32 + 6 + 7 = 301 bits)"};
  o[n++] = (wg_field){"thread_mask", d.T, d.N, "not in the paper: threads the request serves"};
  o[n++] = (wg_field){"is_store", 1, d.N, "not in the paper: load or store"};
  if (d.PW) {
    o[n++] = (wg_field){"head", d.PW, 1, "not in the paper: oldest entry (circular FIFO)"};
    o[n++] = (wg_field){"tail", d.PW, 1, "not in the paper: next free entry"};
  }
  o[n++] = (wg_field){"count", d.CW, 1, "not in the paper: requests queued (entry valid = inside [head, head+count))"};
  o[n++] = (wg_field){"in_flight", 1, 1, "not in the paper: the head is at the L1"};
  return n;
}


static void rexq_rtl(wg_buf *o, wg_pv p, int mutant) {
  rexq_dims d = rexq_dims_of(p);
  const int N = d.N, W = d.W;
  char a[160], b[160];

  wgb_printf(o, "  // ---- the re-execution queue (thesis 4.3.3, Fig. 4.7): a circular FIFO of %d requests ----\n", N);
  wgb_printf(o, "  // Table 4.2's fields, %d bits per entry.  Free entries hold stale data that no\n"
                "  // output shows (head_* are masked when empty, warp_busy only looks at valid\n"
                "  // entries), so the payload needs no reset.\n", d.AB + d.OW + d.WB + d.RB);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_base [0:%d];  // the request's base address\n", d.AB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_offs [0:%d];  // each thread's byte offset into the segment\n", d.OW - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_warp [0:%d];  // the warp the request belongs to\n", d.WB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_reg [0:%d];   // destination (load) or data (store) register\n", d.RB - 1, N - 1);
  wgb_printf(o, "  // What an implementation needs beyond the paper's count\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_mask [0:%d];  // threads the request serves\n", d.T - 1, N - 1);
  wgb_printf(o, "  logic [%d:0] q_st;  // per entry: 1 store, 0 load\n", N - 1);
  if (d.PW) wgb_printf(o, "  logic [%d:0] head, tail;  // oldest entry, next free entry; count is a port\n", d.PW - 1);
  else wgb_printf(o, "  // ENTRIES = 1: the single entry is both head and tail, no pointers\n");

  wgb_printf(o, "\n  // ---- the L1's answer to the head in flight ----\n");
  wgb_printf(o, "  logic ack, nack;\n");
  wgb_printf(o, "  assign ack  = in_flight && res_valid && res_ack;   // hit or accepted miss: the head leaves\n");
  wgb_printf(o, "  assign nack = in_flight && res_valid && !res_ack;  // NACK: the head moves to the tail\n");
  wgb_printf(o, "  assign full  = (count == %d'd%d);\n", d.CW, N);
  wgb_printf(o, "  assign empty = (count == %d'd0);\n", d.CW);

  wgb_printf(o, "\n  // ---- which entries hold a request: the count-long run from the head ----\n");
  wgb_printf(o, "  logic [%d:0] valid;\n", N - 1);
  if (!d.PW) {
    wgb_printf(o, "  assign valid = full;\n");
  } else {
    wgb_printf(o, "  logic [%d:0] run;  // count ones from bit 0\n", N - 1);
    wgb_printf(o, "  assign run = full ? '1 : (%d'd1 << count) - %d'd1;\n", N, N);
    wgb_printf(o, "  // the run rotated left by head (ring of %d)\n", N);
    wgb_printf(o, "  assign valid = (run << head) | (run >> (%d'd%d - %s));\n", d.CW, N,
               wg_zext(a, sizeof a, "head", d.PW, d.CW));
  }

  wgb_printf(o, "\n  // ---- the head entry, offered to the L1: one-hot AND-OR read ----\n");
  wgb_printf(o, "  logic [%d:0] head_sel;  // one-hot; none when empty\n", N - 1);
  if (d.PW) wgb_printf(o, "  assign head_sel = empty ? '0 : (%d'd1 << head);\n", N);
  else wgb_printf(o, "  assign head_sel = !empty;\n");
  wgb_printf(o, "  always_comb begin\n    head_base = '0;\n    head_offs = '0;\n    head_warp = '0;\n"
                "    head_reg  = '0;\n    head_mask = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      head_base = head_base | (q_base[i] & {%d{head_sel[i]}});\n", d.AB);
  wgb_printf(o, "      head_offs = head_offs | (q_offs[i] & {%d{head_sel[i]}});\n", d.OW);
  wgb_printf(o, "      head_warp = head_warp | (q_warp[i] & {%d{head_sel[i]}});\n", d.WB);
  wgb_printf(o, "      head_reg  = head_reg  | (q_reg[i]  & {%d{head_sel[i]}});\n", d.RB);
  wgb_printf(o, "      head_mask = head_mask | (q_mask[i] & {%d{head_sel[i]}});\n", d.T);
  wgb_printf(o, "    end\n  end\n");
  wgb_printf(o, "  assign head_st = |(q_st & head_sel);\n");

  wgb_printf(o, "\n  // ---- per-warp occupancy: one memory instruction per warp in the queue (4.3.3) ----\n");
  wgb_printf(o, "  always_comb begin\n    warp_busy = '0;\n    for (int i = 0; i < %d; i++)\n", N);
  wgb_printf(o, "      warp_busy = warp_busy | (%s << q_warp[i]);\n", wg_zext(a, sizeof a, "valid[i]", 1, W));
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  logic push_warp_busy, push_warp_legal;\n");
  wgb_printf(o, "  assign push_warp_busy  = |(warp_busy & (%d'd1 << push_warp));\n", W);
  if (d.all_ids) wgb_printf(o, "  assign push_warp_legal = 1'b1;  // every %d-bit id is a warp\n", d.WB);
  else wgb_printf(o, "  assign push_warp_legal = (push_warp < %d'd%d);\n", d.WB, W);

  wgb_printf(o, "\n  // ---- the LSU side: push on NACK; a refused push stalls the LSU ----\n");
  wgb_printf(o, "  // A warp's later requests of the same instruction (push_more) may join it;\n"
                "  // a different instruction of a queued warp is refused (store -> load order).\n"
                "  // One write port: a cycle whose NACK recycles the head takes no push.\n");
  wgb_printf(o, "  assign push_conflict = push && (!push_warp_legal || (push_warp_busy && !push_more));\n");
  if (mutant) wgb_printf(o, "  assign push_ok = push && !push_conflict && !nack;  // MUTANT: pushes even when full\n");
  else wgb_printf(o, "  assign push_ok = push && !full && !push_conflict && !nack;\n");
  wgb_printf(o, "  assign lsu_stall = push && !push_ok;\n");
  wgb_printf(o, "  // The head goes to the L1 when the LSU has no new request, or (exclusively)\n"
                "  // while the LSU is stalled; one queue request at the L1 at a time.\n");
  wgb_printf(o, "  assign issue = !empty && !in_flight && (!lsu_req || lsu_stall);\n");

  wgb_printf(o, "\n  // ---- the write port, at the tail: the NACKed head, else the push ----\n");
  wgb_printf(o, "  logic [%d:0] w_base;\n  logic [%d:0] w_offs;\n  logic [%d:0] w_warp;\n"
                "  logic [%d:0] w_reg;\n  logic [%d:0] w_mask;\n  logic w_st;\n",
             d.AB - 1, d.OW - 1, d.WB - 1, d.RB - 1, d.T - 1);
  wgb_printf(o, "  assign w_base = nack ? head_base : push_base;\n"
                "  assign w_offs = nack ? head_offs : push_offs;\n"
                "  assign w_warp = nack ? head_warp : push_warp;\n"
                "  assign w_reg  = nack ? head_reg  : push_reg;\n"
                "  assign w_mask = nack ? head_mask : push_mask;\n"
                "  assign w_st   = nack ? head_st   : push_st;\n");
  wgb_printf(o, "  logic [%d:0] write_sel;  // one-hot write enable\n", N - 1);
  if (d.PW) {
    wgb_printf(o, "  logic [%d:0] head_next, tail_next;\n", d.PW - 1);
    wgb_printf(o, "  assign head_next = %s;\n", wg_ring_inc(a, sizeof a, "head", d.PW, d.N));
    wgb_printf(o, "  assign tail_next = %s;\n", wg_ring_inc(a, sizeof a, "tail", d.PW, d.N));
    wgb_printf(o, "  assign write_sel = (nack || push_ok) ? (%d'd1 << tail) : '0;\n", N);
  } else {
    wgb_printf(o, "  assign write_sel = nack || push_ok;  // a NACK rewrites the entry with itself\n");
  }
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      if (write_sel[i]) begin\n"
                "        q_base[i] <= w_base;\n        q_offs[i] <= w_offs;\n"
                "        q_warp[i] <= w_warp;\n        q_reg[i]  <= w_reg;\n"
                "        q_mask[i] <= w_mask;\n        q_st[i]   <= w_st;\n"
                "      end\n    end\n  end\n");

  wgb_printf(o, "\n  // ---- pointers, count and the in-flight flag ----\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n");
  if (d.PW) wgb_printf(o, "      head <= '0;\n      tail <= '0;\n");
  wgb_printf(o, "      count <= '0;\n      in_flight <= 1'b0;\n    end else begin\n");
  if (d.PW) {
    wgb_printf(o, "      if (ack || nack) head <= head_next;\n");
    wgb_printf(o, "      if (nack || push_ok) tail <= tail_next;\n");
  }
  wgb_printf(o, "      count <= count + %s - %s;\n", wg_zext(a, sizeof a, "push_ok", 1, d.CW),
             wg_zext(b, sizeof b, "ack", 1, d.CW));
  wgb_printf(o, "      in_flight <= issue || (in_flight && !res_valid);\n");
  wgb_printf(o, "    end\n  end\n");
}

static void rexq_props(wg_buf *o, wg_pv p) {
  rexq_dims d = rexq_dims_of(p);
  const int N = d.N;
  char a[96], b[96];
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  if (N <= 8) {
    wgb_printf(o, "  logic [%d:0] f_busy;  // the warps with a queued request, from the entries\n", d.W - 1);
    wgb_printf(o, "  always @(*) begin\n    f_busy = '0;\n"
                  "    for (int i = 0; i < %d; i++) if (valid[i] && 32'(q_warp[i]) < %d) f_busy[q_warp[i]] = 1'b1;\n  end\n", N, d.W);
  }
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // the count stays within the queue; full and empty follow it\n");
  if (N < (1 << d.CW) - 1) wgb_printf(o, "    assert(count <= %d'd%d);\n", d.CW, N);
  else wgb_printf(o, "    // (count <= %d holds by its width)\n", N);
  wgb_printf(o, "    assert(full == (count == %d'd%d) && empty == (count == %d'd0));\n", d.CW, N, d.CW);
  if (d.PW) {
    wgb_printf(o, "    // circular FIFO: the tail is count entries after the head\n");
    if (d.pow2) {
      wgb_printf(o, "    assert(tail == head + %s);\n",
                 d.CW > d.PW ? (snprintf(a, sizeof a, "count[%d:0]", d.PW - 1), a) : "count");
    } else {
      wgb_printf(o, "    assert(head < %d'd%d && tail < %d'd%d);\n", d.PW, N, d.PW, N);
      wgb_printf(o, "    assert(%s == ((%s + %s >= %d'd%d) ? %s + %s - %d'd%d : %s + %s));\n",
                 wg_zext(a, sizeof a, "tail", d.PW, d.CW + 1), wg_zext(b, sizeof b, "head", d.PW, d.CW + 1),
                 "{1'b0, count}", d.CW + 1, N, b, "{1'b0, count}", d.CW + 1, N, b, "{1'b0, count}");
    }
  }
  wgb_printf(o, "    // a request at the L1 is the head entry, which therefore exists\n");
  wgb_printf(o, "    assert(!in_flight || !empty);\n");
  /* each output from the entries: the indexed form of the RTL's one-hot reads and rotations.
  ** Up to 8 entries only: at the thesis' 32 entries x 48 warps these keep induction from
  ** closing within 300 s (measured 2026-11-26), and the invariants above still prove there. */
  if (N <= 8) {
  wgb_printf(o, "    // the entries in use are the count-long run from the head, around the ring\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) assert(valid[i] == (((i + %d - %s) %% %d) < 32'(count)));\n",
             N, N, d.PW ? "32'(head)" : "0", N);
  wgb_printf(o, "    // the head's fields, or zeros when the queue is empty\n");
  {
    const char *h = d.PW ? "head" : "0";
    wgb_printf(o, "    assert(empty ? (head_warp == '0 && head_reg == '0 && head_mask == '0 && !head_st)\n"
                  "                 : (head_warp == q_warp[%s] && head_reg == q_reg[%s] && head_mask == q_mask[%s] && head_st == q_st[%s]));\n",
               h, h, h, h);
    wgb_printf(o, "    assert(empty ? (head_base == '0 && head_offs == '0) : (head_base == q_base[%s] && head_offs == q_offs[%s]));\n", h, h);
  }
  wgb_printf(o, "    // a warp is busy when one of its requests is queued (one instruction per warp, 4.3.3)\n");
  wgb_printf(o, "    assert(warp_busy == f_busy);\n");
  wgb_printf(o, "    assert(push_conflict == (push && (32'(push_warp) >= %d || (warp_busy[push_warp] && !push_more))));\n", d.W);
  }
  if (!d.all_ids) {
    wgb_printf(o, "    // a queued request names a warp (ids >= WARPS are refused)\n");
    for (int i = 0; i < N; i++)
      wgb_printf(o, "    assert(!valid[%d] || q_warp[%d] < %d'd%d);\n", i, i, d.WB, d.W);
  }
  wgb_printf(o, "    // one write port: a recycle and a push never in the same cycle\n");
  wgb_printf(o, "    assert(!(nack && push_ok));\n");
  wgb_printf(o, "    // one instruction per warp: a new instruction of a queued warp is never taken\n");
  wgb_printf(o, "    assert(!(push_ok && !push_more && push_warp_busy));\n");
  wgb_printf(o, "    // an LSU stalled on the queue gives the L1 to the queue's head\n");
  wgb_printf(o, "    assert(!lsu_stall || issue || empty || in_flight);\n");
  wgb_printf(o, "  end\n\n");

  /* Step properties compare with the previous cycle through explicit
  ** registers, checked combinationally: a clocked assert with $past is
  ** delayed one more cycle, which made induction need one more step and
  ** the mascar-size proof 15x slower. */
  wgb_printf(o, "  // the previous cycle, for the step properties\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_push_ok, f_prev_ack, f_prev_in_flight, f_prev_res_valid;\n");
  wgb_printf(o, "  logic [%d:0] f_prev_count;\n  logic [%d:0] f_prev_head_warp;\n", d.CW - 1, d.WB - 1);
  if (d.PW)
    wgb_printf(o, "  logic f_prev_nack;\n  logic [%d:0] f_prev_tail;\n  logic [%d:0] f_prev_head_base;\n"
                  "  logic [%d:0] f_prev_head_mask;\n", d.PW - 1, d.AB - 1, d.T - 1);
  if (d.PW && d.OW <= 64) wgb_printf(o, "  logic [%d:0] f_prev_head_offs;\n", d.OW - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n"
                "    f_prev_rst <= rst;\n    f_prev_push_ok <= push_ok;\n    f_prev_ack <= ack;\n"
                "    f_prev_in_flight <= in_flight;\n    f_prev_res_valid <= res_valid;\n"
                "    f_prev_count <= count;\n    f_prev_head_warp <= head_warp;\n");
  if (d.PW)
    wgb_printf(o, "    f_prev_nack <= nack;\n    f_prev_tail <= tail;\n    f_prev_head_base <= head_base;\n    f_prev_head_mask <= head_mask;\n");
  if (d.PW && d.OW <= 64) wgb_printf(o, "    f_prev_head_offs <= head_offs;\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    // the count moves by the accepted push and the freed head, nothing else\n");
  wgb_printf(o, "    assert(count == f_prev_count + %s - %s);\n",
             wg_zext(a, sizeof a, "f_prev_push_ok", 1, d.CW), wg_zext(b, sizeof b, "f_prev_ack", 1, d.CW));
  wgb_printf(o, "    // the head stays at the L1 until its answer; no answer, no move\n");
  wgb_printf(o, "    assert(!f_prev_in_flight || f_prev_res_valid || (in_flight && head_warp == f_prev_head_warp));\n");
  if (d.PW) {
    /* The offsets only up to 64 bits (all fields at 'small'): at mascar's 224
    ** bits the datapath equality makes the proof ten times slower (minutes);
    ** lockstep and the directed recycling scenario check them at any width. */
    wgb_printf(o, "    // a NACKed head reappears at the tail with its fields intact (4.3.4)\n");
    wgb_printf(o, "    assert(!f_prev_nack || (q_warp[f_prev_tail] == f_prev_head_warp &&\n"
                  "                            q_base[f_prev_tail] == f_prev_head_base &&\n"
                  "                            %sq_mask[f_prev_tail] == f_prev_head_mask));\n",
               d.OW <= 64 ? "q_offs[f_prev_tail] == f_prev_head_offs &&\n                            " : "");
  }
  wgb_printf(o, "  end\n\n");

  wgb_printf(o, "  // reachability\n");
  wgb_printf(o, "  logic f_seen_full = 1'b0;\n");
  wgb_printf(o, "  always @(posedge clk) if (rst) f_seen_full <= 1'b0; else if (full) f_seen_full <= 1'b1;\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    cover(full);\n");
  wgb_printf(o, "    cover(f_seen_full && empty);  // drained after being full\n");
  if (N > 1) {
    wgb_printf(o, "    cover(nack && count > %d'd1);  // a NACK recycles the head behind others\n", d.CW);
    wgb_printf(o, "    cover(nack && push && !push_conflict && !full);  // a push waits for the recycle's write port\n");
  } else {
    wgb_printf(o, "    cover(nack);  // a NACK: the one entry is its own tail\n");
  }
  wgb_printf(o, "    cover(lsu_stall && issue && full);  // LSU stalled by a full queue, the queue drains\n");
  wgb_printf(o, "    cover(push_conflict && push_warp_legal);  // a second instruction of a queued warp refused\n");
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_rexq = {
  "rexq", "Mascar re-execution queue beside the LSU: push on NACK, re-execute the head, recycle on NACK",
  "Mascar (Sethia et al., HPCA'15; Sethia thesis Ch. IV)", "thesis 4.3.3-4.3.4, Fig. 4.6, Fig. 4.7, Table 4.2",
  rexq_params, REXQ_NPARAMS, rexq_presets, 2, "mascar",
  "Table 4.2: 301 bits x 32 entries = 1216 bytes.  The 'entry' row is those 301 bits "
  "(64 + 7x32 + 6 + 7): x 32 = 9632 bits = 1204 bytes; 1216 = 32 x 38 bytes, i.e. each 301-bit "
  "entry rounded up to whole bytes (304 bits) -- our reading, the thesis gives no arithmetic.  "
  "The other rows are what an implementation needs beyond the paper's count",
  NULL, rexq_ports, rexq_storage, rexq_rtl, rexq_props,
  "a push is accepted even when the queue is full (overflow)",
  "ENTRIES=4,8,16,32,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "entry",
};
