/*
** apogee.c -- block 'apogee': APOGEE's prefetch table and prefetch queue
** (Sethia et al., PACT'13; Sethia thesis Ch. V, 5.3).
**
** One load instruction of one warp per cycle enters the table: its PC, warp,
** active mask, every thread's address and whether it hit in the L1.
**   FOA  the addresses of the active lanes are checked against a fixed
**        offset per thread index (ratio delta-address / delta-thread, so
**        inactive lanes are handled): a divider for the first pair when the
**        entry has no confirmed offset, multiply-and-compare for every lane;
**        confidence counts matching pairs, a mismatch resets it to 0; a
**        confirmed load starts a prefetch burst for the warp's next access,
**        A + (d*n - tidx + i) * offset, i = 0..T-1 (the (n - N + 1) rule in
**        the form that reproduces Fig. 5.5, scaled by the distance d).
**   distance  a 2-bit state per warp and entry (00 load seen, 01 prefetch
**        sent, 10 filled): a load finding 01 raises the distance, a miss
**        finding 10 on the recomputed address lowers it.
**   TIA  an all-zero offset marks the entry scalar (thread index all ones);
**        a miss of a scalar load creates a trigger entry keyed by the Last
**        Accessed Load of the warp; a slow trigger moves one load earlier.
** The burst goes through a generator that emits one cache line per cycle
** (lanes in the same line merged) into a prefetch queue that merges lines
** already queued.  Every choice the thesis leaves open is listed in
** docs/blocks/apogee.md; sim/models/apogee.c implements the same rules.
*/
#include "../wg.h"

#include <string.h>

enum { AP_ENTRIES, AP_WARPS, AP_THREADS, AP_PC_BITS, AP_ADDR_BITS, AP_OFF_BITS,
       AP_CONF_BITS, AP_DIST_BITS, AP_LINE_BITS, AP_PFQ, AP_PIPE, AP_NPARAMS };

static const wg_param_def apogee_params[] = {
  {"ENTRIES",   64, 2, 64, 0, "prefetch table entries (Table 5.3a: 64)"},
  {"WARPS",      4, 2, 32, 1, "warps per SM: per-warp PF state, LAL registers (Apogee_4: 4)"},
  {"THREADS",   32, 2, 32, 1, "threads per warp (Table 5.3a: 32)"},
  {"PC_BITS",   10, 2, 16, 0, "PC tag bits (Table 5.3b: 10)"},
  {"ADDR_BITS", 28, 6, 32, 0, "byte-address bits (Table 5.3b: 28)"},
  {"OFF_BITS",   8, 3,  8, 0, "signed byte offset per thread index (Table 5.3b: 8)"},
  {"CONF_BITS",  8, 2,  8, 0, "confidence counter bits, saturating (Table 5.3b: 8)"},
  {"DIST_BITS",  6, 2,  6, 0, "prefetch distance bits, distance 1..2^DIST_BITS-1 (Table 5.3b: 6)"},
  {"LINE_BITS",  5, 0,  7, 0, "log2 of the cache line in bytes (Table 5.3a: 32 B lines)"},
  {"PFQ",        8, 1, 16, 0, "prefetch queue depth (thesis: not given)"},
  {"PIPE",       1, 0,  1, 0, "0: a load is decided in the cycle it arrives (one long path); 1: seven stages, its "
                              "table cycle 6 cycles after it, its outputs 7 (5 ns clock; docs/blocks/apogee.md)"},
};

static const wg_preset apogee_presets[] = {
  {"apogee", "ENTRIES=64 WARPS=4 THREADS=32 PC_BITS=10 ADDR_BITS=28 OFF_BITS=8 CONF_BITS=8 DIST_BITS=6 LINE_BITS=5 PFQ=8 PIPE=1",
   "Apogee_4: 64 entries of 76 paper bits (Table 5.3b), 4 warps of 32 threads, 32 B lines, pipelined",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"apogee_1cycle", "ENTRIES=64 WARPS=4 THREADS=32 PC_BITS=10 ADDR_BITS=28 OFF_BITS=8 CONF_BITS=8 DIST_BITS=6 LINE_BITS=5 PFQ=8 PIPE=0",
   "Apogee_4 deciding each load in the cycle it arrives, for comparison (73 ns)", WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small", "ENTRIES=3 WARPS=2 THREADS=4 PC_BITS=2 ADDR_BITS=6 OFF_BITS=3 CONF_BITS=2 DIST_BITS=2 LINE_BITS=1 PFQ=2 PIPE=1",
   "3 entries, 2 warps of 4 threads, 6-bit addresses, 3-bit offsets, 2 B lines: fast tests and formal covers", 0},
  {"small_1cycle", "ENTRIES=3 WARPS=2 THREADS=4 PC_BITS=2 ADDR_BITS=6 OFF_BITS=3 CONF_BITS=2 DIST_BITS=2 LINE_BITS=1 PFQ=2 PIPE=0",
   "small deciding each load in the cycle it arrives", 0},
  {"fig55", "ENTRIES=8 WARPS=2 THREADS=8 PC_BITS=10 ADDR_BITS=28 OFF_BITS=8 CONF_BITS=8 DIST_BITS=6 LINE_BITS=5 PFQ=4 PIPE=1",
   "Fig. 5.5's machine: 16 threads in 2 warps of 8, paper field widths, 8 entries", WG_SLOW_SYNTH},
};

/* derived widths */
typedef struct ap_dims {
  int E, W, T, PCB, AB, OB, CB, DB, LB, Q;
  int EB;    /* entry index bits */
  int WB;    /* warp id bits (WARPS is a power of two >= 2: log2) */
  int TLB;   /* log2 THREADS: lane index bits */
  int TB;    /* thread-index field: lane + 1 spare bit so all-ones means scalar */
  int TALL;  /* the scalar marker, 2^TB - 1 */
  int NWB;   /* active-warp count bits, 0..WARPS */
  int NB;    /* active-lane count bits, 0..T */
  int LLW;   /* line-address bits */
  int QB;    /* queue count bits, 0..PFQ */
  int SW;    /* per-warp counter fields (pending bursts, run): DIST_BITS x WARPS */
  int pipe;  /* PIPE */
  int DW;    /* PIPE=1: a lane's delta from the first active lane when it fits: TLB + OB bits (at most AB) */
  int GW;    /* PIPE=1: (f0 + (w + n_warps) x THREADS) x offset, signed */
  int NQW;   /* PIPE=1: n_warps x THREADS x offset, signed */
  int PDW;   /* PIPE=1: distance x n_warps x THREADS x offset, signed */
} ap_dims;

static ap_dims ap_dims_of(wg_pv p) {
  ap_dims d;
  d.E = (int)p[AP_ENTRIES]; d.W = (int)p[AP_WARPS]; d.T = (int)p[AP_THREADS];
  d.PCB = (int)p[AP_PC_BITS]; d.AB = (int)p[AP_ADDR_BITS]; d.OB = (int)p[AP_OFF_BITS];
  d.CB = (int)p[AP_CONF_BITS]; d.DB = (int)p[AP_DIST_BITS]; d.LB = (int)p[AP_LINE_BITS];
  d.Q = (int)p[AP_PFQ];
  d.EB = wg_clog2(d.E);
  d.WB = wg_log2_exact(d.W);
  d.TLB = wg_log2_exact(d.T);
  d.TB = d.TLB + 1;
  d.TALL = (1 << d.TB) - 1;
  d.NWB = wg_bits_for(d.W);
  d.NB = wg_bits_for(d.T);
  d.LLW = d.AB - d.LB;
  d.QB = wg_bits_for(d.Q);
  d.SW = d.DB * d.W;
  d.pipe = (int)p[AP_PIPE];
  d.DW = d.TLB + d.OB < d.AB ? d.TLB + d.OB : d.AB;
  d.GW = d.WB + 1 + d.TLB + d.OB < d.AB ? d.WB + 1 + d.TLB + d.OB : d.AB;
  d.NQW = d.NWB + d.TLB + d.OB < d.AB ? d.NWB + d.TLB + d.OB : d.AB;
  d.PDW = d.DB + d.NQW < d.AB ? d.DB + d.NQW : d.AB;
  return d;
}

/* the divider's steps per stage: 2 in stage 2 (beside the deltas), up to 3 in stage 3, the rest in 4 */
static void ap_div_split(const ap_dims *d, int *s2, int *s3, int *s4) {
  *s2 = 2;
  *s3 = d->OB - 2 < 3 ? d->OB - 2 : 3;
  *s4 = d->OB - 2 - *s3;
}

static int apogee_check(wg_pv p, char *err, size_t n) {
  long long AB = p[AP_ADDR_BITS], OB = p[AP_OFF_BITS], LB = p[AP_LINE_BITS], T = p[AP_THREADS];
  if (OB >= AB || LB >= AB) {
    snprintf(err, n, "parameters ADDR_BITS=%lld, OFF_BITS=%lld and LINE_BITS=%lld contradict: an offset and a "
             "line must be narrower than an address (OFF_BITS < ADDR_BITS, LINE_BITS < ADDR_BITS)", AB, OB, LB);
    return 1;
  }
  /* a burst of T lanes must not wrap the address space (the line walk stops at the last line) */
  if ((T - 1) << (OB - 1) >= (1LL << (AB - 1))) {
    snprintf(err, n, "parameters THREADS=%lld, OFF_BITS=%lld and ADDR_BITS=%lld contradict: one warp's burst "
             "must fit in half the address space ((THREADS-1) x 2^(OFF_BITS-1) < 2^(ADDR_BITS-1))", T, OB, AB);
    return 1;
  }
  return 0;
}

static int apogee_ports(wg_pv p, wg_port *o) {
  ap_dims d = ap_dims_of(p);
  int n = 0;
#define AP_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  AP_PORT("rst",          WG_IN,  1, 1, "synchronous reset: table, LAL registers, generator and queue empty");
  AP_PORT("ld_valid",     WG_IN,  1, 1, "a warp's load reaches the L1 this cycle (ignored when ld_mask is 0)");
  AP_PORT("ld_pc",        WG_IN,  d.PCB, 16, "the load's PC tag");
  AP_PORT("ld_warp",      WG_IN,  d.WB, 5, "the warp issuing the load");
  AP_PORT("ld_mask",      WG_IN,  d.T, 32, "active lanes (branch divergence leaves lanes inactive)");
  AP_PORT("ld_addr",      WG_IN,  d.T * d.AB, 1024, "byte address of lane j at [j*ADDR_BITS +: ADDR_BITS] (inactive lanes: don't care)");
  AP_PORT("ld_hit",       WG_IN,  1, 1, "the L1's answer to this load: 1 hit, 0 miss");
  AP_PORT("n_warps",      WG_IN,  d.NWB, 6, "active warps in the SM, 1..WARPS (0 or more than WARPS: WARPS): n = n_warps x THREADS");
  AP_PORT("fill_valid",   WG_IN,  1, 1, "a prefetched line came back to the L1 (its queue tag below)");
  AP_PORT("fill_entry",   WG_IN,  d.EB, 6, "the filled prefetch's entry tag (pf_entry when it left)");
  AP_PORT("fill_warp",    WG_IN,  d.WB, 5, "the filled prefetch's warp tag (pf_warp when it left)");
  AP_PORT("fill_last",    WG_IN,  1, 1, "the filled line was its burst's last (pf_last when it left): the burst is complete");
  AP_PORT("pf_ready",     WG_IN,  1, 1, "the L1 takes the queue's head this cycle");
  AP_PORT("pf_present",   WG_IN,  1, 1, "with pf_ready: the L1 already holds the head's line and drops it (a dropped last line completes its burst)");
  AP_PORT("pf_valid",     WG_OUT, 1, 1, "the prefetch queue holds a line");
  AP_PORT("pf_line",      WG_OUT, d.LLW, 32, "head line address (byte address >> LINE_BITS); 0 when empty");
  AP_PORT("pf_entry",     WG_OUT, d.EB, 6, "head: the table entry that generated it (tag for the fill)");
  AP_PORT("pf_warp",      WG_OUT, d.WB, 5, "head: the warp it is for (tag for the fill)");
  AP_PORT("pf_last",      WG_OUT, 1, 1, "head: the last line of its burst (tag for the fill)");
  AP_PORT("pfq_count",    WG_OUT, d.QB, 5, "lines in the prefetch queue, 0..PFQ");
  AP_PORT("gen_busy",     WG_OUT, 1, 1, "the line generator is walking a burst (a new prefetch is dropped)");
  AP_PORT("gen_merge",    WG_OUT, 1, 1, "the generator's line is already queued: merged, not pushed");
  AP_PORT("ld_entry",     WG_OUT, d.EB, 6, "the load's FOA entry (hit, or the victim it is allocated in)");
  AP_PORT("ld_alloc",     WG_OUT, 1, 1, "the load's PC had no FOA entry: one was allocated");
  AP_PORT("evict",        WG_OUT, 1, 1, "an allocation (FOA or TIA) replaced a valid entry (the lowest-confidence one)");
  AP_PORT("ld_match",     WG_OUT, 1, 1, "every pair of consecutive active lanes has the entry's offset (>= 2 active lanes)");
  AP_PORT("ld_mismatch",  WG_OUT, 1, 1, "some pair does not: confidence reset to 0");
  AP_PORT("ld_conf",      WG_OUT, d.CB, 8, "the entry's confidence after this load");
  AP_PORT("ld_offset",    WG_OUT, d.OB, 8, "the entry's offset after this load (signed bytes per thread)");
  AP_PORT("ld_confirmed", WG_OUT, 1, 1, "the offset is confirmed (conf >= active - 2, conf > 0, offset != 0): prefetch");
  AP_PORT("ld_scalar",    WG_OUT, 1, 1, "all pairs matched with offset 0: the entry is marked scalar (tidx all ones)");
  AP_PORT("ld_state",     WG_OUT, 2, 2, "the PF state of the burst meant for this access: 00 none, 01 sent and not back, 10 back");
  AP_PORT("dist_up",      WG_OUT, 1, 1, "state 01: the prefetch was too slow, distance + 1 (saturating)");
  AP_PORT("dist_down",    WG_OUT, 1, 1, "state 10, a miss on the recomputed address: too early, distance - 1 (min 1)");
  AP_PORT("ld_dist",      WG_OUT, d.DB, 6, "the entry's distance after this load");
  AP_PORT("ld_pf_addr",   WG_OUT, d.AB, 32, "first prefetch address A + (d*n - tidx)*offset (when ld_confirmed)");
  AP_PORT("pf_start",     WG_OUT, 1, 1, "an FOA burst starts in the generator (the warp's pending bursts + 1)");
  AP_PORT("tia_fire",     WG_OUT, 1, 1, "the load's PC triggers a TIA entry: its address starts in the generator");
  AP_PORT("pf_drop",      WG_OUT, 1, 1, "a wanted prefetch (FOA or TIA) was dropped: the generator was busy");
  AP_PORT("tia_create",   WG_OUT, 1, 1, "a scalar miss created (or refreshed) the TIA entry keyed by the warp's LAL");
  AP_PORT("tia_slow",     WG_OUT, 1, 1, "a scalar miss found its TIA entry: the trigger was too late, slow bit set");
  AP_PORT("tia_move",     WG_OUT, 1, 1, "a slow trigger fired: its load PC moves to the warp's LAL (one load earlier)");
#undef AP_PORT
  return n;
}

static int apogee_storage(wg_pv p, wg_field *o) {
  ap_dims d = ap_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"pc", d.PCB, d.E, "load PC (FOA) or triggering load PC = LAL (TIA) (Table 5.3b: 10)"};
  o[n++] = (wg_field){"address", d.AB, d.E, d.pipe ? "FOA: G, the last access's address moved back to lane 0 of warp 0 "
                                                      "(A - (tidx + last_warp x THREADS) x offset); TIA: the invariant address (28)"
                                                    : "FOA: last active lane's address; TIA: the invariant address (28)"};
  o[n++] = (wg_field){"offset", d.OB, d.E, "signed byte offset per thread index (8)"};
  o[n++] = (wg_field){"confidence", d.CB, d.E, "matching pairs, saturating, 0 on a mismatch; eviction key (8)"};
  o[n++] = (wg_field){"thread_idx", d.TB, d.E, "last active lane; all ones = scalar (6 at 32 threads)"};
  o[n++] = (wg_field){"distance", d.DB, d.E, "prefetch distance, per PC (6)"};
  o[n++] = (wg_field){"pf_type", 2, d.E, "00 invalid, 01 FOA, 10 TIA (2)"};
  o[n++] = (wg_field){"pf_pending", d.SW, d.E, "replaces the paper's 2-bit pf_state per warp: bursts sent and not "
                                               "complete, DIST_BITS per warp (24 at 4 warps)"};
  o[n++] = (wg_field){"pf_run", d.SW, d.E, "not in the paper: per warp, bursts sent in a row at the current distance "
                                           "(24 at 4 warps): the burst meant for this access exists when run >= distance"};
  o[n++] = (wg_field){"tia_slow", 1, d.E, "the TIA slow bit (the thesis does not say where it lives)"};
  o[n++] = (wg_field){"last_warp", d.WB, d.E, "not in the paper: warp of the entry's last access (recomputed address)"};
  o[n++] = (wg_field){"lal", d.PCB + 1, d.W, "Last Accessed Load PC + valid, per warp (thesis: one per SM, size not given)"};
  o[n++] = (wg_field){"gen", 1 + 2 * d.AB + d.LLW + d.EB + d.WB, 1,
                      "not in the paper: line generator (busy, current address, step, last line, tags)"};
  o[n++] = (wg_field){"pfq_entry", d.LLW + d.EB + d.WB + 1, d.Q, "prefetch queue: line + entry/warp/last tag (depth not given)"};
  o[n++] = (wg_field){"pfq_count", d.QB, 1, "prefetch queue occupancy"};
  if (d.pipe) {   /* the stage registers of PIPE=1 (docs/blocks/apogee.md, "The pipeline") */
    int s2, s3, s4;
    ap_div_split(&d, &s2, &s3, &s4);
    const int ld = 3 + d.PCB + d.WB + d.NWB + d.T + d.NB;   /* valid, hit, pairs, pc, warp, n_warps, mask, count */
    const int r2 = d.OB - s2 + d.TLB, r3 = d.OB - s2 - s3 + d.TLB;
    o[n++] = (wg_field){"ld_stage1", ld + d.T * d.AB + 3 * d.TLB + 3 * d.AB, 1,
                        "not in the paper (PIPE=1): the load as it arrived, its lanes' addresses, first/second/last active lane and their addresses"};
    o[n++] = (wg_field){"ld_stage2", ld + 2 + d.T * (d.DW + 1) + 3 * d.TLB + 2 * d.AB + r2 + s2, 1,
                        "not in the paper (PIPE=1): each lane's delta from the first active lane (DW bits) and whether it fits, "
                        "the divider after its first steps"};
    o[n++] = (wg_field){"ld_stage3", ld + 2 + d.T * (d.DW + 1) + 3 * d.TLB + 2 * d.AB + r3 + s2 + s3, 1,
                        "not in the paper (PIPE=1): the same, the divider further on"};
    o[n++] = (wg_field){"ld_stage4", ld + 1 + d.T * (d.DW + 1) + 2 * d.TLB + 2 * d.AB + d.OB, 1,
                        "not in the paper (PIPE=1): the deltas and the offset q1 of the first pair"};
    o[n++] = (wg_field){"ld_stage5", ld - d.NWB + 1 + d.T * (d.DW + 1) + d.TLB + 2 * d.AB + d.OB + 2 * d.DW + 2 * d.GW + d.NQW, 1,
                        "not in the paper (PIPE=1): each lane's delta less its lane x q1, and the products of q1 the bases need"};
    o[n++] = (wg_field){"lookup", 7 + d.PCB + 2 * d.WB + d.TLB + 7 * d.AB + d.NB + 2 * d.OB + d.NQW + 2 * d.E + d.CB + d.TB
                                  + 3 * d.DB + 2 * d.SW, 1,
                        "not in the paper (PIPE=1): the table-cycle load (its lane check, bases, G), its FOA entry's fields "
                        "read a cycle ahead (with the writes of the load before it), its victim"};
    o[n++] = (wg_field){"completions", 2 + 2 * d.EB + 2 * d.WB, 6,
                        "not in the paper (PIPE=1): the bursts' completions (a fill of a last line, a last line dropped as "
                        "present: valid, entry, warp) on their way to the table, 6 cycles as the loads"};
    o[n++] = (wg_field){"report", 2 * d.EB + 16 + d.CB + d.OB + 2 + d.DB + 3 * d.AB + d.PDW + d.NQW + d.WB, 1,
                        "not in the paper (PIPE=1): the decided load's outputs, shown the cycle after its table cycle, "
                        "and its burst (bases, products, step, tags), which enters the generator then"};
  }
  return n;
}

/* ---------------------------------------------------------------- RTL */

/* 'dst' (AB bits) = OR over entries i of 'arr[i]' where one-hot 'sel[i]' */
static void ap_mux(wg_buf *o, const char *dst, const char *arr, const char *sel, int n, const char *w) {
  wgb_printf(o, "  always_comb begin\n    %s = '0;\n    for (int i = 0; i < %d; i++) %s = %s | (%s[i*%s +: %s] & {%s{%s[i]}});\n  end\n",
             dst, n, dst, dst, arr, w, w, w, sel);
}

static void apogee_rtl_flat(wg_buf *o, wg_pv p, int mutant) {
  ap_dims d = ap_dims_of(p);
  const int E = d.E, W = d.W, T = d.T, AB = d.AB, OB = d.OB, CB = d.CB, DB = d.DB, LB = d.LB, Q = d.Q;
  const int CMAX = (1 << CB) - 1, DMAX = (1 << DB) - 1, L = 1 << LB;
  const int SB = (CB > d.NB ? CB : d.NB) + 1;   /* confidence sum bits */

  wgb_printf(o, "  // ================= the prefetch table (thesis 5.3.1, Table 5.3b) =================\n");
  wgb_printf(o, "  // %d entries; pf_type 00 invalid, 01 FOA, 10 TIA.  Every field is reset.\n", E);
  wgb_printf(o, "  // field widths (the table and queue are flat vectors, entry i at [i*W +: W])\n");
  wgb_printf(o, "  localparam int PCB = %d, AB = %d, OB = %d, CB = %d, TB = %d, DB = %d;\n", d.PCB, AB, OB, CB, d.TB, DB);
  wgb_printf(o, "  localparam int SW = %d, WB = %d, EB = %d, LLW = %d;\n", d.SW, d.WB, d.EB, d.LLW);
  wgb_printf(o, "  logic [%d:0] e_pc;     // load PC (FOA) / trigger load PC (TIA)\n", E * d.PCB - 1);
  wgb_printf(o, "  logic [%d:0] e_addr;   // last active lane's address / invariant address\n", E * AB - 1);
  wgb_printf(o, "  logic [%d:0] e_off;    // signed offset per thread index\n", E * OB - 1);
  wgb_printf(o, "  logic [%d:0] e_conf;   // confidence\n", E * CB - 1);
  wgb_printf(o, "  logic [%d:0] e_tidx;   // last active lane, all ones = scalar\n", E * d.TB - 1);
  wgb_printf(o, "  logic [%d:0] e_dist;   // prefetch distance\n", E * DB - 1);
  wgb_printf(o, "  logic [%d:0] e_type;   // prefetch type\n", E * 2 - 1);
  wgb_printf(o, "  logic [%d:0] e_pend;   // FOA, per warp k at [k*DB +: DB]: bursts sent and not complete\n", E * d.SW - 1);
  wgb_printf(o, "  logic [%d:0] e_run;    // FOA, per warp: bursts sent in a row at the current distance\n", E * d.SW - 1);
  wgb_printf(o, "  logic [%d:0] e_slow;   // TIA: the trigger was too late\n", E - 1);
  wgb_printf(o, "  logic [%d:0] e_lw;     // warp of the last access (implementation)\n", E * d.WB - 1);
  wgb_printf(o, "  logic [%d:0] lal;      // Last Accessed Load PC, per warp\n", W * d.PCB - 1);
  wgb_printf(o, "  logic [%d:0] lal_v;    // per warp: a load was seen since reset\n\n", W - 1);

  wgb_printf(o, "  // offset arithmetic is modulo 2^%d: x * sign-extended offset\n", AB);
  wgb_printf(o, "  function automatic logic [%d:0] mul_off(input logic [%d:0] x, input logic [%d:0] off);\n"
                "    mul_off = (x * {%d'd0, off}) - (off[%d] ? (x << %d) : %d'd0);\n"
                "  endfunction\n\n", AB - 1, AB - 1, OB - 1, AB - OB, OB - 1, OB, AB);

  wgb_printf(o, "  // ---- the load: active lanes ----\n");
  wgb_printf(o, "  logic ld_go;  // a load with at least one active lane\n");
  wgb_printf(o, "  assign ld_go = ld_valid && (ld_mask != '0);\n");
  wgb_printf(o, "  wire [%d:0] la = ld_addr;  // lane j's address at [j*AB +: AB]\n", T * AB - 1);
  wgb_printf(o, "  logic [%d:0] f0_oh, m2, f1_oh, ll_oh;  // first, second and last active lane, one-hot\n", T - 1);
  wgb_printf(o, "  assign f0_oh = ld_mask & ~(ld_mask - %d'd1);\n", T);
  wgb_printf(o, "  assign m2 = ld_mask & (ld_mask - %d'd1);\n", T);
  wgb_printf(o, "  assign f1_oh = m2 & ~(m2 - %d'd1);\n", T);
  wgb_printf(o, "  always_comb begin\n    ll_oh = '0;\n    for (int j = 0; j < %d; j++) if (ld_mask[j]) ll_oh = %d'd1 << j;\n  end\n", T, T);
  wgb_printf(o, "  logic [%d:0] f0, f1, ll;  // their lane numbers\n", d.TLB - 1);
  wgb_printf(o, "  always_comb begin\n    f0 = '0; f1 = '0; ll = '0;\n"
                "    for (int j = 0; j < %d; j++) begin\n"
                "      if (f0_oh[j]) f0 = f0 | %d'(j);\n      if (f1_oh[j]) f1 = f1 | %d'(j);\n"
                "      if (ll_oh[j]) ll = ll | %d'(j);\n    end\n  end\n", T, d.TLB, d.TLB, d.TLB);
  wgb_printf(o, "  logic [%d:0] a_f0, a_f1, a_ll;\n", AB - 1);
  wgb_printf(o, "  always_comb begin\n    a_f0 = '0; a_f1 = '0; a_ll = '0;\n"
                "    for (int j = 0; j < %d; j++) begin\n"
                "      a_f0 = a_f0 | (la[j*AB +: AB] & {%d{f0_oh[j]}});\n      a_f1 = a_f1 | (la[j*AB +: AB] & {%d{f1_oh[j]}});\n"
                "      a_ll = a_ll | (la[j*AB +: AB] & {%d{ll_oh[j]}});\n    end\n  end\n", T, AB, AB, AB);
  wgb_printf(o, "  logic [%d:0] n_act;  // active lanes\n", d.NB - 1);
  wg_emit_popcount(o, "n_act", d.NB, "ld_mask", T);
  wgb_printf(o, "  logic pairs;  // at least two active lanes: offsets can be checked\n");
  wgb_printf(o, "  assign pairs = (m2 != '0);\n\n");

  wgb_printf(o, "  // ---- table look-up: the load's FOA entry, its TIA trigger, the LAL's trigger, the address ----\n");
  wgb_printf(o, "  logic [%d:0] w_oh;  // the load's warp, one-hot\n", W - 1);
  wgb_printf(o, "  assign w_oh = %d'd1 << ld_warp;\n", W);
  wgb_printf(o, "  logic [%d:0] lal_w;\n  logic lal_vw;\n", d.PCB - 1);
  wgb_printf(o, "  always_comb begin\n    lal_w = '0;\n    for (int k = 0; k < %d; k++) lal_w = lal_w | (lal[k*PCB +: PCB] & {%d{w_oh[k]}});\n  end\n",
             W, d.PCB);
  wgb_printf(o, "  assign lal_vw = |(lal_v & w_oh);\n");
  wgb_printf(o, "  logic [%d:0] foa_hit, tia_hit, lal_hit, adr_hit, valid;\n", E - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) begin\n"
                "    valid[i]   = (e_type[i*2 +: 2] != 2'b00);\n"
                "    foa_hit[i] = (e_type[i*2 +: 2] == 2'b01) && (e_pc[i*PCB +: PCB] == ld_pc);\n"
                "    tia_hit[i] = (e_type[i*2 +: 2] == 2'b10) && (e_pc[i*PCB +: PCB] == ld_pc);\n"
                "    lal_hit[i] = (e_type[i*2 +: 2] == 2'b10) && (e_pc[i*PCB +: PCB] == lal_w);\n"
                "    adr_hit[i] = (e_type[i*2 +: 2] == 2'b10) && (e_addr[i*AB +: AB] == a_f0);\n"
                "  end\n", E);
  wgb_printf(o, "  logic hit_f, tia_any, lal_any, adr_any;\n");
  wgb_printf(o, "  assign hit_f = |foa_hit;\n  assign tia_any = |tia_hit;\n"
                "  assign lal_any = lal_vw && (lal_hit != '0);\n  assign adr_any = |adr_hit;\n");
  wgb_printf(o, "  // the FOA entry's fields (one-hot AND-OR read)\n");
  wgb_printf(o, "  logic [%d:0] o_addr;\n  logic [%d:0] o_off;\n  logic [%d:0] o_conf;\n  logic [%d:0] o_tidx;\n"
                "  logic [%d:0] o_dist;\n  logic [%d:0] o_pendv, o_runv;\n  logic [%d:0] o_lw;\n",
             AB - 1, OB - 1, CB - 1, d.TB - 1, DB - 1, d.SW - 1, d.WB - 1);
  ap_mux(o, "o_addr", "e_addr", "foa_hit", E, "AB");
  ap_mux(o, "o_off", "e_off", "foa_hit", E, "OB");
  ap_mux(o, "o_conf", "e_conf", "foa_hit", E, "CB");
  ap_mux(o, "o_tidx", "e_tidx", "foa_hit", E, "TB");
  ap_mux(o, "o_dist", "e_dist", "foa_hit", E, "DB");
  ap_mux(o, "o_pendv", "e_pend", "foa_hit", E, "SW");
  ap_mux(o, "o_runv", "e_run", "foa_hit", E, "SW");
  ap_mux(o, "o_lw", "e_lw", "foa_hit", E, "WB");
  wgb_printf(o, "  logic [%d:0] o_pend, o_run;  // the load's warp's counters in its FOA entry (0 when none)\n", DB - 1);
  wgb_printf(o, "  always_comb begin\n    o_pend = '0; o_run = '0;\n"
                "    for (int k = 0; k < %d; k++) if (w_oh[k]) begin o_pend = o_pendv[k*DB +: DB]; o_run = o_runv[k*DB +: DB]; end\n  end\n", W);
  wgb_printf(o, "  logic [%d:0] t_addr;  // the triggered TIA entry's address and slow bit\n  logic t_slow;\n", AB - 1);
  ap_mux(o, "t_addr", "e_addr", "tia_hit", E, "AB");
  wgb_printf(o, "  assign t_slow = |(tia_hit & e_slow);\n\n");

  wgb_printf(o, "  // ---- victim: outside this load's hits; an invalid entry, else the lowest confidence ----\n");
  wgb_printf(o, "  logic [%d:0] vic_oh;\n  logic vic_ok;\n  logic [%d:0] vic_key;\n", E - 1, CB);
  wgb_printf(o, "  always_comb begin\n    vic_oh = '0; vic_ok = 1'b0; vic_key = '0;\n"
                "    for (int i = 0; i < %d; i++)\n"
                "      if (!foa_hit[i] && !tia_hit[i] && (!vic_ok || {valid[i], e_conf[i*CB +: CB]} < vic_key)) begin\n"
                "        vic_oh = %d'd1 << i; vic_ok = 1'b1; vic_key = {valid[i], e_conf[i*CB +: CB]};\n"
                "      end\n  end\n", E, E);
  wgb_printf(o, "  logic vic_valid;\n  assign vic_valid = |(vic_oh & valid);\n\n");

  wgb_printf(o, "  // ---- FOA: the offset of the first pair, by division (Fig. 5.6) ----\n");
  wgb_printf(o, "  // delta address / delta thread index; the quotient must be exact and fit %d signed bits\n", OB);
  wgb_printf(o, "  logic [%d:0] dlt, mag;\n  logic neg;\n  logic [%d:0] dtid;\n", AB - 1, d.TLB - 1);
  wgb_printf(o, "  assign dlt = a_f1 - a_f0;\n  assign neg = dlt[%d];\n  assign mag = neg ? -dlt : dlt;\n", AB - 1);
  wgb_printf(o, "  assign dtid = f1 - f0;\n");
  wgb_printf(o, "  logic in_range;  // |delta| < dtid * 2^%d: the quotient has at most %d bits\n", OB, OB);
  wgb_printf(o, "  assign in_range = ({%d'd0, mag} < ({%d'd0, dtid} << %d));\n", OB, AB + OB - d.TLB, OB);
  wgb_printf(o, "  logic [%d:0] rem;\n  logic [%d:0] quo;\n", AB - 1, OB - 1);
  wgb_printf(o, "  always_comb begin  // restoring division, %d quotient bits\n"
                "    rem = mag; quo = '0;\n"
                "    for (int k = %d; k >= 0; k--)\n"
                "      if ({%d'd0, rem} >= ({%d'd0, dtid} << k)) begin\n"
                "        rem = rem - %d'(({%d'd0, dtid} << k));\n        quo[k] = 1'b1;\n      end\n"
                "  end\n", OB, OB - 1, OB, AB + OB - d.TLB, AB, AB + OB - d.TLB);
  wgb_printf(o, "  logic div_ok;\n  logic [%d:0] q1;\n", OB - 1);
  wgb_printf(o, "  assign div_ok = in_range && (rem == '0) && (neg ? (quo <= %d'd%d) : (quo < %d'd%d));\n",
             OB, 1 << (OB - 1), OB, 1 << (OB - 1));
  wgb_printf(o, "  assign q1 = neg ? -quo : quo;\n\n");

  wgb_printf(o, "  // ---- FOA: every active lane on the line through the first (multiply-and-compare) ----\n");
  wgb_printf(o, "  logic learning;  // no entry, or no offset (cleared by a mismatch): the first pair sets it\n");
  wgb_printf(o, "  assign learning = !hit_f || (o_conf == '0 && o_off == '0);\n");
  wgb_printf(o, "  logic [%d:0] ref_off;\n  logic ref_ok;\n", OB - 1);
  wgb_printf(o, "  assign ref_off = learning ? q1 : o_off;\n  assign ref_ok = learning ? div_ok : 1'b1;\n");
  wgb_printf(o, "  logic [%d:0] base;  // address of lane 0 on that line\n", AB - 1);
  wgb_printf(o, "  assign base = a_f0 - mul_off(%d'(f0), ref_off);\n", AB);
  wgb_printf(o, "  logic [%d:0] lane_ok;\n", T - 1);
  wgb_printf(o, "  for (genvar j = 0; j < %d; j++) begin : g_lane\n"
                "    assign lane_ok[j] = !ld_mask[j] || (la[j*AB +: AB] == base + mul_off(%d'(j), ref_off));\n  end\n",
             T, AB);
  wgb_printf(o, "  logic all_match, mismatch;\n");
  wgb_printf(o, "  assign all_match = pairs && ref_ok && (lane_ok == '1);\n");
  wgb_printf(o, "  assign mismatch = pairs && !all_match;\n");
  wgb_printf(o, "  logic [%d:0] conf_sum;  // old confidence + matching pairs (the first pair sets the offset when learning)\n", SB - 1);
  wgb_printf(o, "  assign conf_sum = (hit_f ? %d'(o_conf) : %d'd0) + %d'(n_act) - %d'd1 - %d'(learning);\n", SB, SB, SB, SB, SB);
  wgb_printf(o, "  logic [%d:0] conf_new;\n", CB - 1);
  wgb_printf(o, "  always_comb\n"
                "    if (!pairs) conf_new = hit_f ? o_conf : '0;\n"
                "    else if (!all_match) conf_new = %s\n"
                "    else if (conf_sum > %d'd%d) conf_new = %d'd%d;  // saturate\n"
                "    else conf_new = %d'(conf_sum);\n",
             mutant ? "hit_f ? o_conf : '0;  // MUTANT: a mismatch keeps the confidence"
                    : "'0;   // a mismatch resets the confidence", SB, CMAX, CB, CMAX, CB);
  wgb_printf(o, "  logic [%d:0] off_new;\n", OB - 1);
  wgb_printf(o, "  // the offset checked; a mismatch clears it so the next access learns again\n");
  wgb_printf(o, "  assign off_new = !pairs ? (hit_f ? o_off : '0) : (all_match ? ref_off : '0);\n");
  wgb_printf(o, "  logic scalar;  // every pair matched with offset 0 (TIA, 5.3.2)\n");
  wgb_printf(o, "  assign scalar = all_match && (ref_off == '0);\n");
  wgb_printf(o, "  logic [%d:0] tidx_new;\n", d.TB - 1);
  wgb_printf(o, "  assign tidx_new = scalar ? %d'd%d : {1'b0, ll};\n", d.TB, d.TALL);
  wgb_printf(o, "  logic confirmed;  // \"fewer than two less than the number of active threads\"\n");
  wgb_printf(o, "  assign confirmed = all_match && (conf_new != '0) && (%d'(conf_new) + %d'd2 >= %d'(n_act)) && (ref_off != '0);\n",
             SB, SB, SB);
  wgb_printf(o, "  logic entry_ok;  // the load has an FOA entry (hit, or a victim to allocate)\n");
  wgb_printf(o, "  assign entry_ok = hit_f || vic_ok;\n\n");

  wgb_printf(o, "  // ---- dynamic distance (5.3.1.1, Fig. 5.7), judged on the burst meant for this access ----\n");
  wgb_printf(o, "  // with distance d, that burst left with this warp's load d loads ago: it exists when the warp's\n"
                "  // last d loads all sent bursts at this distance (run >= d); it is back unless d or more of the\n"
                "  // warp's bursts are pending (bursts complete in order: state 01 = pend >= d, 10 = pend < d)\n");
  wgb_printf(o, "  logic judged, slow_ev, early_ev;\n");
  wgb_printf(o, "  assign judged = hit_f && (o_run >= o_dist);\n");
  wgb_printf(o, "  assign slow_ev = judged && (o_pend >= o_dist);  // the load came before the prefetched data\n");
  wgb_printf(o, "  logic [%d:0] nw;  // active warps, 1..%d\n", d.NWB - 1, W);
  wgb_printf(o, "  assign nw = (n_warps == '0 || n_warps > %d'd%d) ? %d'd%d : n_warps;\n", d.NWB, W, d.NWB, W);
  wgb_printf(o, "  // recomputed address of this access: the entry's last access was warp o_lw; warp w runs\n"
                "  // k = w - o_lw warps later (plus n_warps when w <= o_lw: the next iteration), k*%d threads further\n", T);
  wgb_printf(o, "  logic [%d:0] kk;\n", AB - 1);
  wgb_printf(o, "  assign kk = %d'(ld_warp) - %d'(o_lw) + ((ld_warp > o_lw) ? %d'd0 : %d'(nw));\n", AB, AB, AB, AB);
  wgb_printf(o, "  logic [%d:0] early_addr;\n", AB - 1);
  wgb_printf(o, "  assign early_addr = o_addr + mul_off(kk * %d'd%d + %d'(f0) - %d'(o_tidx), o_off);\n", AB, T, AB, AB);
  wgb_printf(o, "  assign early_ev = judged && (o_pend < o_dist) && !ld_hit && (a_f0 == early_addr);\n");
  char inc[96];
  wgb_printf(o, "  logic [%d:0] dist_old, dist_new;\n", DB - 1);
  wgb_printf(o, "  assign dist_old = hit_f ? o_dist : %d'd1;\n", DB);
  wgb_printf(o, "  always_comb\n"
                "    if (slow_ev) dist_new = %s;\n"
                "    else if (early_ev) dist_new = (dist_old <= %d'd1) ? %d'd1 : dist_old - %d'd1;\n"
                "    else dist_new = dist_old;\n", wg_sat_inc(inc, sizeof inc, "dist_old", DB, DMAX), DB, DB, DB);
  wgb_printf(o, "  logic dist_chg;  // a new distance: every warp's run starts again\n");
  wgb_printf(o, "  assign dist_chg = dist_new != dist_old;\n");

  wgb_printf(o, "\n  // ---- the prefetch burst: A + (d*n - tidx + i) * offset, i = 0..%d, n = n_warps x %d ----\n", T - 1, T);
  wgb_printf(o, "  logic [%d:0] pf0, pfl, step;\n", AB - 1);
  wgb_printf(o, "  assign pf0 = a_ll + mul_off(((%d'(dist_new) * %d'(nw)) << %d) - %d'(ll), ref_off);\n", AB, AB, d.TLB, AB);
  wgb_printf(o, "  assign pfl = pf0 + mul_off(%d'd%d, ref_off);  // lane %d\n", AB, T - 1, T - 1);
  wgb_printf(o, "  logic [%d:0] off_mag;\n  assign off_mag = ref_off[%d] ? -ref_off : ref_off;\n", OB - 1, OB - 1);
  wgb_printf(o, "  // |offset| >= line: every lane its own line; else walk line by line\n");
  wgb_printf(o, "  assign step = (32'(off_mag) >= 32'd%d) ? {{%d{ref_off[%d]}}, ref_off}\n"
                "              : (ref_off[%d] ? -%d'd%d : %d'd%d);\n", L, AB - OB, OB - 1, OB - 1, AB, L, AB, L);
  wgb_printf(o, "  logic foa_want, tia_want, foa_start, tia_start;\n");
  wgb_printf(o, "  assign foa_want = ld_go && entry_ok && confirmed;\n");
  wgb_printf(o, "  assign tia_want = ld_go && tia_any;\n");
  wgb_printf(o, "  assign foa_start = foa_want && !gen_busy;\n");
  wgb_printf(o, "  assign tia_start = tia_want && !gen_busy && !foa_want;\n\n");

  wgb_printf(o, "  // ---- TIA (5.3.2, Fig. 5.9) ----\n");
  wgb_printf(o, "  logic do_move, smiss, cre_ok, tia_refresh, tia_alloc, foa_alloc;\n");
  wgb_printf(o, "  // a slow trigger fires: move it to the warp's LAL unless that PC already triggers\n");
  wgb_printf(o, "  assign do_move = ld_go && tia_any && t_slow && lal_vw && !lal_any;\n");
  wgb_printf(o, "  // a miss of a load whose FOA entry is scalar\n");
  wgb_printf(o, "  assign smiss = ld_go && hit_f && (o_tidx == %d'd%d) && !ld_hit;\n", d.TB, d.TALL);
  wgb_printf(o, "  assign cre_ok = smiss && !adr_any && lal_vw && (lal_w != ld_pc);\n");
  wgb_printf(o, "  assign tia_refresh = cre_ok && lal_any;\n");
  wgb_printf(o, "  assign tia_alloc = cre_ok && !lal_any && !do_move && vic_ok;\n");
  wgb_printf(o, "  assign foa_alloc = ld_go && !hit_f && vic_ok;\n\n");

  wgb_printf(o, "  // ---- outputs of the load ----\n");
  wgb_printf(o, "  logic [%d:0] ent_oh;  // the FOA entry written\n", E - 1);
  wgb_printf(o, "  assign ent_oh = hit_f ? foa_hit : vic_oh;\n");
  wgb_printf(o, "  always_comb begin\n    ld_entry = '0;\n    for (int i = 0; i < %d; i++) if (ent_oh[i]) ld_entry = ld_entry | %d'(i);\n"
                "    if (!(ld_go && entry_ok)) ld_entry = '0;\n  end\n", E, d.EB);
  wgb_printf(o, "  logic ld_ok;\n  assign ld_ok = ld_go && entry_ok;\n");
  wgb_printf(o, "  assign ld_alloc = foa_alloc;\n");
  wgb_printf(o, "  assign evict = (foa_alloc || tia_alloc) && vic_valid;\n");
  wgb_printf(o, "  assign ld_match = ld_ok && all_match;\n  assign ld_mismatch = ld_ok && mismatch;\n");
  wgb_printf(o, "  assign ld_conf = ld_ok ? conf_new : '0;\n  assign ld_offset = ld_ok ? off_new : '0;\n");
  wgb_printf(o, "  assign ld_confirmed = foa_want;\n  assign ld_scalar = ld_ok && scalar;\n");
  wgb_printf(o, "  assign ld_state = (ld_ok && judged) ? (o_pend >= o_dist ? 2'b01 : 2'b10) : 2'b00;\n");
  wgb_printf(o, "  assign dist_up = ld_ok && slow_ev;\n  assign dist_down = ld_ok && early_ev;\n");
  wgb_printf(o, "  assign ld_dist = ld_ok ? dist_new : '0;\n");
  wgb_printf(o, "  assign ld_pf_addr = foa_want ? pf0 : '0;\n");
  wgb_printf(o, "  assign pf_start = foa_start;\n  assign tia_fire = tia_start;\n");
  wgb_printf(o, "  assign pf_drop = (foa_want && gen_busy) || (tia_want && !tia_start);\n");
  wgb_printf(o, "  assign tia_create = tia_refresh || tia_alloc;\n");
  wgb_printf(o, "  assign tia_slow = smiss && adr_any;\n  assign tia_move = do_move;\n\n");

  wgb_printf(o, "  // ---- table update ----\n");
  wgb_printf(o, "  // a burst completes when its last line is filled, or dropped by the L1 as already held\n");
  wgb_printf(o, "  logic pop_done;  // the head is taken, dropped as present, and ends its burst\n");
  wgb_printf(o, "  assign pop_done = pop && pf_present && pf_last;\n");
  wgb_printf(o, "  logic [%d:0] done_fill, done_drop;  // per entry: an FOA burst of warp fill_warp / pf_warp completes\n", E - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) begin\n"
                "    done_fill[i] = fill_valid && fill_last && (fill_entry == %d'(i)) && (e_type[i*2 +: 2] == 2'b01);\n"
                "    done_drop[i] = pop_done && (pf_entry == %d'(i)) && (e_type[i*2 +: 2] == 2'b01);\n"
                "  end\n", E, d.EB, d.EB);
  wgb_printf(o, "  logic [%d:0] fw_oh, pw_oh;\n  assign fw_oh = %d'd1 << fill_warp;\n  assign pw_oh = %d'd1 << pf_warp;\n",
             W - 1, W, W);
  wgb_printf(o, "  logic ld_new;  // the load allocates its FOA entry: every counter starts from 0\n");
  wgb_printf(o, "  assign ld_new = ld_ok && !hit_f;\n");
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_tab\n", E);
  wgb_printf(o, "    // the per-warp counters of entry i after this edge\n"
                "    logic [SW-1:0] pend_nx, run_nx;\n"
                "    for (genvar k = 0; k < %d; k++) begin : g_warp\n"
                "      logic own;          // this load's entry and warp\n"
                "      logic [DB:0] up;    // pending + a started burst\n"
                "      logic [DB:0] dn;    // bursts completed this edge (0..2)\n"
                "      logic [DB-1:0] pend_k, run_k, pnx, rnx;\n"
                "      logic ent_ld, ent_new;  // entry i is the load's; a new one or a new distance restarts runs\n"
                "      assign ent_ld = ld_ok && ent_oh[i];\n"
                "      assign ent_new = ld_new && ent_oh[i];\n"
                "      assign own = ent_ld && w_oh[k];\n"
                "      assign pend_k = e_pend[i*SW + k*DB +: DB];\n"
                "      assign run_k = e_run[i*SW + k*DB +: DB];\n"
                "      assign up = {1'b0, pend_k} + {%d'd0, own && foa_start};\n"
                "      assign dn = {%d'd0, done_fill[i] && fw_oh[k]} + {%d'd0, done_drop[i] && pw_oh[k]};\n"
                "      logic [DB:0] left;  // up - dn when up > dn\n"
                "      assign left = up - dn;\n"
                "      logic [DB-1:0] left_lo;\n"
                "      assign left_lo = left[DB-1:0];\n"
                "      always_comb begin\n"
                "        if (ent_new) pnx = {%d'd0, own && foa_start};  // stale completions are dropped\n"
                "        else if (up <= dn) pnx = '0;\n"
                "        else if (left > %d'd%d) pnx = %d'd%d;  // saturate\n"
                "        else pnx = left_lo;\n"
                "        if (ent_ld && (ld_new || dist_chg)) rnx = {%d'd0, own && foa_start};\n"
                "        else if (own) rnx = !foa_start ? '0 : (run_k == %d'd%d ? run_k : run_k + %d'd1);\n"
                "        else rnx = run_k;\n"
                "      end\n"
                "      assign pend_nx[k*DB +: DB] = pnx;\n"
                "      assign run_nx[k*DB +: DB] = rnx;\n"
                "    end\n",
             W, DB, DB, DB, DB - 1, DB + 1, DMAX, DB, DMAX, DB - 1, DB, DMAX, DB);
  wgb_printf(o, "    always_ff @(posedge clk) begin\n      if (rst) begin\n"
                "        e_pc[i*PCB +: PCB] <= '0; e_addr[i*AB +: AB] <= '0; e_off[i*OB +: OB] <= '0;\n"
                "        e_conf[i*CB +: CB] <= '0; e_tidx[i*TB +: TB] <= '0; e_dist[i*DB +: DB] <= '0;\n"
                "        e_type[i*2 +: 2] <= 2'b00; e_pend[i*SW +: SW] <= '0; e_run[i*SW +: SW] <= '0;\n"
                "        e_slow[i] <= 1'b0; e_lw[i*WB +: WB] <= '0;\n"
                "      end else begin\n"
                "        e_pend[i*SW +: SW] <= pend_nx; e_run[i*SW +: SW] <= run_nx;\n");
  wgb_printf(o, "        // the load's FOA entry\n"
                "        if (ld_ok && ent_oh[i]) begin\n"
                "          e_pc[i*PCB +: PCB] <= ld_pc; e_addr[i*AB +: AB] <= a_ll; e_off[i*OB +: OB] <= off_new;\n"
                "          e_conf[i*CB +: CB] <= conf_new; e_tidx[i*TB +: TB] <= tidx_new; e_dist[i*DB +: DB] <= dist_new;\n"
                "          e_type[i*2 +: 2] <= 2'b01; e_lw[i*WB +: WB] <= ld_warp; e_slow[i] <= 1'b0;\n"
                "        end\n");
  wgb_printf(o, "        // TIA: move a slow trigger one load earlier\n"
                "        if (do_move && tia_hit[i]) begin e_pc[i*PCB +: PCB] <= lal_w; e_slow[i] <= 1'b0; end\n"
                "        // TIA: refresh the LAL's trigger with this address\n"
                "        if (tia_refresh && lal_hit[i]) begin e_addr[i*AB +: AB] <= a_f0; e_slow[i] <= 1'b0; end\n"
                "        // TIA: the trigger was too late\n"
                "        if (smiss && adr_hit[i]) e_slow[i] <= 1'b1;\n"
                "        // TIA: a new trigger entry keyed by the LAL\n"
                "        if (tia_alloc && vic_oh[i]) begin\n"
                "          e_pc[i*PCB +: PCB] <= lal_w; e_addr[i*AB +: AB] <= a_f0; e_off[i*OB +: OB] <= '0;\n"
                "          e_conf[i*CB +: CB] <= o_conf; e_tidx[i*TB +: TB] <= %d'd%d; e_dist[i*DB +: DB] <= '0;\n"
                "          e_type[i*2 +: 2] <= 2'b10; e_pend[i*SW +: SW] <= '0; e_run[i*SW +: SW] <= '0;\n"
                "          e_slow[i] <= 1'b0; e_lw[i*WB +: WB] <= ld_warp;\n"
                "        end\n"
                "      end\n    end\n  end\n", d.TB, d.TALL);
  wgb_printf(o, "  // the Last Accessed Load of each warp\n"
                "  always_ff @(posedge clk) begin\n"
                "    if (rst) begin lal <= '0; lal_v <= '0; end\n"
                "    else for (int k = 0; k < %d; k++) if (ld_go && w_oh[k]) begin lal[k*PCB +: PCB] <= ld_pc; lal_v[k] <= 1'b1; end\n"
                "  end\n\n", W);

  wgb_printf(o, "  // ================= line generator and prefetch queue =================\n");
  wgb_printf(o, "  logic [%d:0] g_cur, g_step;\n  logic [%d:0] g_last;\n  logic [%d:0] g_entry;\n  logic [%d:0] g_warp;\n",
             AB - 1, d.LLW - 1, d.EB - 1, d.WB - 1);
  wgb_printf(o, "  logic [%d:0] q_line;   // queue slot i at [i*LLW +: LLW], the head in slot 0\n"
                "  logic [%d:0] q_entry;\n  logic [%d:0] q_warp;\n  logic [%d:0] q_last;   // the line ends its burst\n",
             Q * d.LLW - 1, Q * d.EB - 1, Q * d.WB - 1, Q - 1);
  wgb_printf(o, "  logic [%d:0] g_line;\n  assign g_line = g_cur[%d:%d];\n", d.LLW - 1, AB - 1, LB);
  wgb_printf(o, "  logic g_end;  // the generator's line is its burst's last\n  assign g_end = (g_line == g_last);\n");
  wgb_printf(o, "  logic [%d:0] q_v;  // queued lines: 0 .. count-1\n", Q - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) q_v[i] = (%d'(i) < pfq_count);\n", Q, d.QB);
  wgb_printf(o, "  // a line already queued is merged, except a burst's last line: it carries the burst's completion\n");
  wgb_printf(o, "  always_comb begin\n    gen_merge = 1'b0;\n"
                "    for (int i = 0; i < %d; i++) if (gen_busy && !g_end && q_v[i] && q_line[i*LLW +: LLW] == g_line) gen_merge = 1'b1;\n  end\n", Q);
  wgb_printf(o, "  logic pop, push, adv;\n");
  wgb_printf(o, "  assign pf_valid = (pfq_count != '0);\n  assign pop = pf_valid && pf_ready;\n");
  wgb_printf(o, "  assign push = gen_busy && !gen_merge && (pfq_count != %d'd%d || pop);\n", d.QB, Q);
  wgb_printf(o, "  assign adv = gen_merge || push;\n");
  wgb_printf(o, "  assign pf_line  = pf_valid ? q_line[0 +: LLW] : '0;\n"
                "  assign pf_entry = pf_valid ? q_entry[0 +: EB] : '0;\n"
                "  assign pf_warp  = pf_valid ? q_warp[0 +: WB] : '0;\n"
                "  assign pf_last  = pf_valid && q_last[0];\n");
  wgb_printf(o, "  logic [%d:0] wr_idx;  // the push lands behind the lines that stay\n", d.QB - 1);
  wgb_printf(o, "  assign wr_idx = pfq_count - %d'(pop);\n", d.QB);
  wgb_printf(o, "  logic [%d:0] foa_idx, tia_idx;\n", d.EB - 1);
  wg_emit_onehot_encode(o, "tia_idx", d.EB, "tia_hit", E);
  wgb_printf(o, "  assign foa_idx = ld_entry;\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n"
                "      gen_busy <= 1'b0; g_cur <= '0; g_step <= '0; g_last <= '0; g_entry <= '0; g_warp <= '0;\n"
                "      pfq_count <= '0; q_line <= '0; q_entry <= '0; q_warp <= '0; q_last <= '0;\n"
                "    end else begin\n");
  wgb_printf(o, "      if (!gen_busy) begin\n"
                "        if (foa_start) begin\n"
                "          gen_busy <= 1'b1; g_cur <= pf0; g_step <= step; g_last <= pfl[%d:%d];\n"
                "          g_entry <= foa_idx; g_warp <= ld_warp;\n"
                "        end else if (tia_start) begin\n"
                "          gen_busy <= 1'b1; g_cur <= t_addr; g_step <= '0; g_last <= t_addr[%d:%d];\n"
                "          g_entry <= tia_idx; g_warp <= ld_warp;\n"
                "        end\n"
                "      end else if (adv) begin\n"
                "        if (g_end) gen_busy <= 1'b0;  // the burst's last line\n"
                "        else g_cur <= g_cur + g_step;\n"
                "      end\n", AB - 1, LB, AB - 1, LB);
  if (Q > 1)
    wgb_printf(o, "      if (pop) for (int i = 0; i < %d; i++) begin  // the queue shifts toward the head\n"
                  "        q_line[i*LLW +: LLW] <= q_line[(i+1)*LLW +: LLW]; q_entry[i*EB +: EB] <= q_entry[(i+1)*EB +: EB]; q_warp[i*WB +: WB] <= q_warp[(i+1)*WB +: WB];\n"
                  "        q_last[i] <= q_last[i+1];\n"
                  "      end\n", Q - 1);
  wgb_printf(o, "      if (push) for (int i = 0; i < %d; i++) if (wr_idx == %d'(i)) begin\n"
                "        q_line[i*LLW +: LLW] <= g_line; q_entry[i*EB +: EB] <= g_entry; q_warp[i*WB +: WB] <= g_warp; q_last[i] <= g_end;\n"
                "      end\n", Q, d.QB);
  wgb_printf(o, "      pfq_count <= pfq_count + %d'(push) - %d'(pop);\n    end\n  end\n", d.QB, d.QB);
  if (LB > 0) wgb_printf(o, "  wire unused_low = &{1'b0, pfl[%d:0]};  // the last line only needs the line bits\n", LB - 1);
}

/* ------------------------------------------------------- RTL, pipelined */

/* PIPE=1 (docs/blocks/apogee.md, "The pipeline"): a load goes through four stages that need only
** the load itself (its lanes, the first pair's offset by a pipelined restoring divider, the lane
** check), a look-up stage that reads the table for it, and its table cycle, where it is decided on
** the table as it is then and the table is written; its outputs are registered and shown the cycle
** after.  Loads of one PC in consecutive cycles see each other's updates: the look-up stage takes
** the entry the table-cycle load writes from that load's new values (forwarding).  The template
** below is the fixed text; ap_pipe_* emit the parts whose shape depends on the parameters. */

/* The divider's steps hi .. lo of one stage: the restoring division of |delta| (DW bits) by dtid
** (TLB bits), a quotient bit a step, from the top.  |delta| < dtid x 2^OFF_BITS (else no offset is
** found, whatever the steps give), so before step k the remainder is below dtid x 2^(k+1): its bits
** k .. k+TLB are all that step compares, and after it bits k+TLB and up are 0.  So a step works on a
** window of TLB+1 bits: the last window's low bits and the next bit of the remainder.  'rem' is the
** stage's remainder (bits up to hi+TLB), named 'pre'_t<k> / 'pre'_w<k> the trials and windows;
** writes the stage's remainder (bits below lo+TLB) into rem_out and its quotient bits, from bit hi,
** into quo_out, as expressions. */
static void ap_pipe_div(wg_buf *o, const ap_dims *d, const char *pre, const char *rem, const char *dtid, int hi, int lo,
                        char *rem_out, size_t rn, char *quo_out, size_t qn) {
  const int TL = d->TLB, TB1 = d->TLB + 1;
  char win[160], wlo[160];   /* the window of step k, and its low TL bits (its top bit is 0 after the step) */
  if (hi < lo) { snprintf(rem_out, rn, "%s", rem); quo_out[0] = 0; return; }
  for (int k = hi; k >= lo; k--) {
    if (k == hi) {
      snprintf(win, sizeof win, "%s[%d:%d]", rem, k + TL, k);
      snprintf(wlo, sizeof wlo, "%s[%d:%d]", rem, k + TL - 1, k);
    } else {
      snprintf(win, sizeof win, "{%s_w%d, %s[%d]}", pre, k + 1, rem, k);
      if (TL > 1) snprintf(wlo, sizeof wlo, "{%s_w%d[%d:0], %s[%d]}", pre, k + 1, TL - 2, rem, k);
      else snprintf(wlo, sizeof wlo, "%s[%d]", rem, k);
    }
    wgb_printf(o, "  logic [%d:0] %s_t%d;  // step %d: remainder bits %d..%d minus dtid\n", TB1, pre, k, d->OB - k, k + TL, k);
    wgb_printf(o, "  assign %s_t%d = {1'b0, %s} - {2'b0, %s};\n", pre, k, win, dtid);
    wgb_printf(o, "  logic [%d:0] %s_w%d;  // its bits %d..%d after it (the top one is 0)\n", TL - 1, pre, k, k + TL - 1, k);
    wgb_printf(o, "  assign %s_w%d = %s_t%d[%d] ? %s : %s_t%d[%d:0];\n", pre, k, pre, k, TB1, wlo, pre, k, TL - 1);
  }
  wgb_printf(o, "  wire unused_%s_t = &{1'b0", pre);
  for (int k = hi; k >= lo; k--) wgb_printf(o, ", %s_t%d[%d]", pre, k, TL);
  wgb_printf(o, "};  // a step's bit %d is 0 when it does not borrow\n", TL);
  if (lo > 0) snprintf(rem_out, rn, "{%s_w%d, %s[%d:0]}", pre, lo, rem, lo - 1);
  else snprintf(rem_out, rn, "%s_w0", pre);
  size_t at = 0;
  quo_out[0] = 0;
  for (int k = hi; k >= lo && at < qn; k--)
    at += (size_t)snprintf(quo_out + at, qn - at, "%s!%s_t%d[%d]", k == hi ? "" : ", ", pre, k, TB1);
}

/* The victim: the candidate with the smallest key {valid, confidence}, the lowest index among equal
** keys.  In groups of up to 8 entries every member is compared with every other (a member wins when
** no other candidate beats it), then the same over the groups' winners: two levels of compares for
** 64 entries where a chain has 63 (the 1-cycle block's 73 ns path ended in it).  Leaves: l_cand,
** l_key; result: the one-hot l_voh. */
static void ap_pipe_victim(wg_buf *o, const ap_dims *d) {
  const int E = d->E, K = d->CB + 1, G = (E + 7) / 8, g1 = E < 8 ? E : 8;
  /* one group of g members: pairs a < b compared once (a's key <= b's, so a wins a tie); bt says
  ** whether a beats b (b < a: b does not beat a); a member wins when it is a candidate and beats
  ** every other candidate.  The loops unroll to the same compares as one assign a pair. */
  wgb_printf(o, "  // the victim, level 1: in each group of %d entries every pair compared once\n", g1);
  wgb_printf(o, "  logic [%d:0] l_w1;\n", G * g1 - 1);
  if (G * g1 > E) {   /* the last group padded with members that are never candidates */
    wgb_printf(o, "  logic [%d:0] l_cp;\n  logic [%d:0] l_kp;\n", G * g1 - 1, G * g1 * K - 1);
    wgb_printf(o, "  assign l_cp = {%d'd0, l_cand};\n  assign l_kp = {%d'd0, l_key};\n", G * g1 - E, (G * g1 - E) * K);
  } else wgb_printf(o, "  wire [%d:0] l_cp = l_cand;\n  wire [%d:0] l_kp = l_key;\n", E - 1, E * K - 1);
  wgb_printf(o, "  for (genvar q = 0; q < %d; q++) begin : g_v1\n", G);
  wgb_printf(o, "    logic [%d:0] bt;  // bt[a*%d+b]: member a beats member b\n", g1 * g1 - 1, g1);
  wgb_printf(o, "    logic [%d:0] w;\n", g1 - 1);
  wgb_printf(o, "    always_comb for (int a = 0; a < %d; a++) for (int b = 0; b < %d; b++)\n"
                "      if (a < b) bt[a*%d+b] = l_kp[(q*%d+a)*%d +: %d] <= l_kp[(q*%d+b)*%d +: %d];\n"
                "      else if (a > b) bt[a*%d+b] = !bt[b*%d+a];\n"
                "      else bt[a*%d+b] = 1'b1;\n", g1, g1, g1, g1, K, K, g1, K, K, g1, g1, g1);
  wgb_printf(o, "    always_comb for (int a = 0; a < %d; a++) begin\n"
                "      w[a] = l_cp[q*%d+a];\n"
                "      for (int b = 0; b < %d; b++) w[a] = w[a] && (!l_cp[q*%d+b] || bt[a*%d+b]);\n"
                "    end\n", g1, g1, g1, g1, g1);
  wgb_printf(o, "    assign l_w1[q*%d +: %d] = w;\n  end\n", g1, g1);
  if (G == 1) {
    wgb_printf(o, "  assign l_voh = l_w1[%d:0];\n", E - 1);
    return;
  }
  wgb_printf(o, "  // level 2: the same over the %d groups' winners\n", G);
  wgb_printf(o, "  logic [%d:0] l_gv, l_gw;\n  logic [%d:0] l_gk;\n  logic [%d:0] l_gb;  // l_gb[a*%d+b]: group a's winner beats b's\n",
             G - 1, G * K - 1, G * G - 1, G);
  wgb_printf(o, "  always_comb for (int q = 0; q < %d; q++) begin\n"
                "    l_gv[q] = 1'b0;\n    l_gk[q*%d +: %d] = '0;\n"
                "    for (int i = 0; i < %d; i++) if (i / %d == q) begin\n"
                "      l_gv[q] = l_gv[q] | l_cp[i];\n"
                "      l_gk[q*%d +: %d] = l_gk[q*%d +: %d] | (l_kp[i*%d +: %d] & {%d{l_w1[i]}});\n"
                "    end\n  end\n", G, K, K, G * g1, g1, K, K, K, K, K, K, K);
  wgb_printf(o, "  always_comb for (int a = 0; a < %d; a++) for (int b = 0; b < %d; b++)\n"
                "    if (a < b) l_gb[a*%d+b] = l_gk[a*%d +: %d] <= l_gk[b*%d +: %d];\n"
                "    else if (a > b) l_gb[a*%d+b] = !l_gb[b*%d+a];\n"
                "    else l_gb[a*%d+b] = 1'b1;\n", G, G, G, K, K, K, K, G, G, G);
  wgb_printf(o, "  always_comb for (int a = 0; a < %d; a++) begin\n"
                "    l_gw[a] = l_gv[a];\n"
                "    for (int b = 0; b < %d; b++) l_gw[a] = l_gw[a] && (!l_gv[b] || l_gb[a*%d+b]);\n"
                "  end\n", G, G, G);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) l_voh[i] = l_w1[i] && l_gw[i / %d];\n", E, g1);
}

/* 'dst' = bit i set when some bit of vec below i is (down = 0) or above i is (down = 1): a prefix
** OR in log2(n) levels, written as a loop (the shape of wg_emit_above); the caller declares dst */
static void ap_pipe_prefix(wg_buf *o, const char *dst, const char *vec, int n, int down) {
  if (n == 1) { wgb_printf(o, "  assign %s = 1'b0;  // one bit: none beside it\n", dst); return; }
  int lv = 0;
  while ((1 << lv) < n) lv++;
  wgb_printf(o, "  always_comb begin  // bit i: some bit of %s %s i (%d levels)\n", vec, down ? "above" : "below", lv);
  wgb_printf(o, "    %s = %s %s 1;\n", dst, vec, down ? ">>" : "<<");
  wgb_printf(o, "    for (int k = 0; k < %d; k++) %s = %s | (%s %s (1 << k));\n  end\n", lv, dst, dst, dst, down ? ">>" : "<<");
}

/* 'dst' = the highest set bit of vec (n bits) kept: vec and no bit above (a prefix OR from the top) */
static void ap_pipe_last(wg_buf *o, const char *dst, const char *vec, int n) {
  wgb_printf(o, "  logic [%d:0] %s_above;\n", n - 1, dst);
  char above[96];
  snprintf(above, sizeof above, "%s_above", dst);
  ap_pipe_prefix(o, above, vec, n, 1);
  wgb_printf(o, "  assign %s = %s & ~%s_above;\n", dst, vec, dst);
}

static const char apogee_pipe_tmpl[] =
  "  // ================= the prefetch table (thesis 5.3.1, Table 5.3b) =================\n"
  "  // @@E@@ entries; pf_type 00 invalid, 01 FOA, 10 TIA.  Every field is reset.\n"
  "  // field widths (the table and queue are flat vectors, entry i at [i*W +: W])\n"
  "  localparam int PCB = @@PCB@@, AB = @@AB@@, OB = @@OB@@, CB = @@CB@@, TB = @@TB@@, DB = @@DB@@;\n"
  "  localparam int SW = @@SW@@, WB = @@WB@@, EB = @@EB@@, LLW = @@LLW@@;\n"
  "  localparam int DW = @@DW@@, NQW = @@NQW@@;\n"
  "  logic [@@E@@*PCB-1:0] e_pc;     // load PC (FOA) / trigger load PC (TIA)\n"
  "  logic [@@E@@*AB-1:0] e_addr;    // FOA: G, the last access's address moved back to lane 0 of warp 0; TIA: the invariant address\n"
  "  logic [@@E@@*OB-1:0] e_off;     // signed offset per thread index\n"
  "  logic [@@E@@*CB-1:0] e_conf;    // confidence\n"
  "  logic [@@E@@*TB-1:0] e_tidx;    // last active lane, all ones = scalar\n"
  "  logic [@@E@@*DB-1:0] e_dist;    // prefetch distance\n"
  "  logic [@@E@@*2-1:0] e_type;     // prefetch type\n"
  "  logic [@@E@@*SW-1:0] e_pend;    // FOA, per warp k at [k*DB +: DB]: bursts sent and not complete\n"
  "  logic [@@E@@*SW-1:0] e_run;     // FOA, per warp: bursts sent in a row at the current distance\n"
  "  logic [@@E@@-1:0] e_slow;       // TIA: the trigger was too late\n"
  "  logic [@@E@@*WB-1:0] e_lw;      // warp of the last access (implementation)\n"
  "  logic [@@W@@*PCB-1:0] lal;      // Last Accessed Load PC, per warp\n"
  "  logic [@@W@@-1:0] lal_v;        // per warp: a load was seen since reset\n"
  "  logic [@@E@@-1:0] valid;\n"
  "  always_comb for (int i = 0; i < @@E@@; i++) valid[i] = (e_type[i*2 +: 2] != 2'b00);\n"
  "\n"
  "  // ================= the load's stages =================\n"
  "  // Addresses are @@AB@@ bits, but a lane on the line through the first active lane is at most\n"
  "  // (THREADS-1) x 2^(OFF_BITS-1) bytes from it: its delta fits DW = @@DW@@ bits, and the arithmetic\n"
  "  // after stage 2 is that narrow.  A delta is split at bit P = @@P@@: the low part subtracted, the high\n"
  "  // parts only compared (equal, or one apart as the low part's borrow allows).\n"
  "\n"
  "  // stage 1, the cycle the load arrives: its first, second and last active lane, their addresses\n"
  "  logic ld_go;  // a load with at least one active lane\n"
  "  assign ld_go = ld_valid && (ld_mask != '0);\n"
  "  logic [@@T@@-1:0] a1_below, a1_m2, a1_m2below, a1_f0oh, a1_f1oh, a1_lloh;\n"
  "@@ABOVE1@@"
  "  assign a1_f0oh = ld_mask & ~a1_below;\n"
  "  assign a1_m2 = ld_mask & a1_below;  // active lanes after the first\n"
  "@@ABOVE2@@"
  "  assign a1_f1oh = a1_m2 & ~a1_m2below;\n"
  "@@LAST@@"
  "  logic [@@TLB@@-1:0] a1_f0, a1_f1, a1_ll;\n"
  "@@IDX@@"
  "  logic [AB-1:0] a1_af0, a1_af1, a1_all;\n"
  "  always_comb begin\n"
  "    a1_af0 = '0; a1_af1 = '0; a1_all = '0;\n"
  "    for (int j = 0; j < @@T@@; j++) begin\n"
  "      a1_af0 = a1_af0 | (ld_addr[j*AB +: AB] & {AB{a1_f0oh[j]}});\n"
  "      a1_af1 = a1_af1 | (ld_addr[j*AB +: AB] & {AB{a1_f1oh[j]}});\n"
  "      a1_all = a1_all | (ld_addr[j*AB +: AB] & {AB{a1_lloh[j]}});\n"
  "    end\n"
  "  end\n"
  "  logic [@@NB@@-1:0] a1_nact;  // active lanes\n"
  "@@POPCOUNT@@"
  "  logic [@@NWB@@-1:0] a1_nw;  // active warps, 1..@@W@@\n"
  "  assign a1_nw = (n_warps == '0 || n_warps > @@NWB@@'d@@W@@) ? @@NWB@@'d@@W@@ : n_warps;\n"
  "  // the stage registers: the load, its lanes' addresses (the look-up stage needs none of them)\n"
  "  logic s1_go, s1_hit, s1_pairs;\n"
  "  logic [PCB-1:0] s1_pc;\n"
  "  logic [WB-1:0] s1_w;\n"
  "  logic [@@NWB@@-1:0] s1_nw;\n"
  "  logic [@@T@@-1:0] s1_mask;\n"
  "  logic [@@T@@*AB-1:0] s1_la;\n"
  "  logic [@@TLB@@-1:0] s1_f0, s1_f1, s1_ll;\n"
  "  logic [AB-1:0] s1_af0, s1_af1, s1_all;\n"
  "  logic [@@NB@@-1:0] s1_nact;\n"
  "  always_ff @(posedge clk) begin\n"
  "    s1_go <= !rst && ld_go;\n"
  "    s1_hit <= ld_hit; s1_pairs <= a1_m2 != '0; s1_pc <= ld_pc; s1_w <= ld_warp; s1_nw <= a1_nw;\n"
  "    s1_mask <= ld_mask; s1_la <= ld_addr; s1_f0 <= a1_f0; s1_f1 <= a1_f1; s1_ll <= a1_ll;\n"
  "    s1_af0 <= a1_af0; s1_af1 <= a1_af1; s1_all <= a1_all; s1_nact <= a1_nact;\n"
  "  end\n"
  "\n"
  "  // stage 2: each lane's delta from the first active lane in DW bits, and whether it fits; the\n"
  "  // first pair's |delta|, the first division steps\n"
  "@@DELTAS@@"
  "  logic [@@TLB@@-1:0] a2_dtid;  // delta thread index\n"
  "  assign a2_dtid = s1_f1 - s1_f0;\n"
  "  logic a2_inr;  // |delta| < dtid * 2^@@OB@@: the quotient has at most @@OB@@ bits\n"
  "  assign a2_inr = a2_fits && (a2_mag < {a2_dtid, @@OB@@'d0});\n"
  "@@DIV2@@"
  "  logic s2_go, s2_hit, s2_pairs, s2_neg, s2_inr;\n"
  "  logic [PCB-1:0] s2_pc;\n"
  "  logic [WB-1:0] s2_w;\n"
  "  logic [@@NWB@@-1:0] s2_nw;\n"
  "  logic [@@T@@-1:0] s2_mask, s2_fit;\n"
  "  logic [@@T@@*DW-1:0] s2_d;\n"
  "  logic [@@TLB@@-1:0] s2_f0, s2_ll, s2_dtid;\n"
  "  logic [AB-1:0] s2_af0, s2_all;\n"
  "  logic [@@NB@@-1:0] s2_nact;\n"
  "  logic [@@R2W@@-1:0] s2_rem;  // the remainder's bits that can still be set\n"
  "  logic [@@Q2W@@-1:0] s2_quo;  // the quotient's bits found so far\n"
  "  always_ff @(posedge clk) begin\n"
  "    s2_go <= !rst && s1_go;\n"
  "    s2_hit <= s1_hit; s2_pairs <= s1_pairs; s2_neg <= a2_neg; s2_inr <= a2_inr; s2_pc <= s1_pc; s2_w <= s1_w;\n"
  "    s2_nw <= s1_nw; s2_mask <= s1_mask; s2_fit <= a2_fit; s2_d <= a2_d; s2_f0 <= s1_f0; s2_ll <= s1_ll;\n"
  "    s2_dtid <= a2_dtid; s2_af0 <= s1_af0; s2_all <= s1_all; s2_nact <= s1_nact;\n"
  "    s2_rem <= @@REM2@@; s2_quo <= @@QUO2@@;\n"
  "  end\n"
  "\n"
  "  // stage 3: dividing\n"
  "@@DIV3@@"
  "  logic s3_go, s3_hit, s3_pairs, s3_neg, s3_inr;\n"
  "  logic [PCB-1:0] s3_pc;\n"
  "  logic [WB-1:0] s3_w;\n"
  "  logic [@@NWB@@-1:0] s3_nw;\n"
  "  logic [@@T@@-1:0] s3_mask, s3_fit;\n"
  "  logic [@@T@@*DW-1:0] s3_d;\n"
  "  logic [@@TLB@@-1:0] s3_f0, s3_ll, s3_dtid;\n"
  "  logic [AB-1:0] s3_af0, s3_all;\n"
  "  logic [@@NB@@-1:0] s3_nact;\n"
  "  logic [@@R3W@@-1:0] s3_rem;\n"
  "  logic [@@Q3W@@-1:0] s3_quo;\n"
  "  always_ff @(posedge clk) begin\n"
  "    s3_go <= !rst && s2_go;\n"
  "    s3_hit <= s2_hit; s3_pairs <= s2_pairs; s3_neg <= s2_neg; s3_inr <= s2_inr; s3_pc <= s2_pc; s3_w <= s2_w;\n"
  "    s3_nw <= s2_nw; s3_mask <= s2_mask; s3_fit <= s2_fit; s3_d <= s2_d; s3_f0 <= s2_f0; s3_ll <= s2_ll;\n"
  "    s3_dtid <= s2_dtid; s3_af0 <= s2_af0; s3_all <= s2_all; s3_nact <= s2_nact;\n"
  "    s3_rem <= @@REM3@@; s3_quo <= @@QUO3@@;\n"
  "  end\n"
  "\n"
  "  // stage 4: the last steps; the offset q1 = +-quotient when the division is exact and fits @@OB@@ signed bits\n"
  "@@DIV4@@"
  "  logic [OB-1:0] a4_quo;\n"
  "  assign a4_quo = @@QUO4@@;\n"
  "  logic a4_dok;\n"
  "  assign a4_dok = s3_inr && (@@REM4@@ == '0) && (s3_neg ? (a4_quo <= @@OB@@'d@@QHALF@@) : (a4_quo < @@OB@@'d@@QHALF@@));\n"
  "  logic s4_go, s4_hit, s4_pairs, s4_dok;\n"
  "  logic [PCB-1:0] s4_pc;\n"
  "  logic [WB-1:0] s4_w;\n"
  "  logic [@@NWB@@-1:0] s4_nw;\n"
  "  logic [@@T@@-1:0] s4_mask, s4_fit;\n"
  "  logic [@@T@@*DW-1:0] s4_d;\n"
  "  logic [@@TLB@@-1:0] s4_f0, s4_ll;\n"
  "  logic [AB-1:0] s4_af0, s4_all;\n"
  "  logic [@@NB@@-1:0] s4_nact;\n"
  "  logic [OB-1:0] s4_q1;\n"
  "  always_ff @(posedge clk) begin\n"
  "    s4_go <= !rst && s3_go;\n"
  "    s4_hit <= s3_hit; s4_pairs <= s3_pairs; s4_dok <= a4_dok; s4_pc <= s3_pc; s4_w <= s3_w; s4_nw <= s3_nw;\n"
  "    s4_mask <= s3_mask; s4_fit <= s3_fit; s4_d <= s3_d; s4_f0 <= s3_f0; s4_ll <= s3_ll; s4_af0 <= s3_af0;\n"
  "    s4_all <= s3_all; s4_nact <= s3_nact; s4_q1 <= s3_neg ? -a4_quo : a4_quo;\n"
  "  end\n"
  "\n"
  "  // stage 5: the products with q1.  Each lane's delta less j x q1 (on the line: -f0 x q1 for every\n"
  "  // active lane); f0 x q1 and (THREADS-1-f0) x q1 for the burst's first and last lane, (f0 + w x @@T@@)\n"
  "  // x q1 and the same one iteration on (+ n_warps x @@T@@) for G, n_warps x @@T@@ x q1 for the distance\n"
  "  logic [@@T@@*DW-1:0] a5_v;\n"
  "  for (genvar j = 0; j < @@T@@; j++) begin : g_lane\n"
  "    logic [DW-1:0] jq;\n"
  "    assign jq = $signed(@@DW@@'(j)) * $signed(s4_q1);\n"
  "    assign a5_v[j*DW +: DW] = s4_d[j*DW +: DW] - jq;\n"
  "  end\n"
  "  logic [@@TLB@@-1:0] a5_l0;  // lanes after the first active one\n"
  "  assign a5_l0 = @@TLB@@'d@@TM1@@ - s4_f0;\n"
  "  logic [DW-1:0] a5_f0q, a5_l0q;\n"
  "  assign a5_f0q = $signed(@@DW@@'(s4_f0)) * $signed(s4_q1);\n"
  "  assign a5_l0q = $signed(@@DW@@'(a5_l0)) * $signed(s4_q1);\n"
  "  logic [@@GW@@-1:0] a5_gx, a5_zx, a5_gp, a5_zp;  // f0 + w x @@T@@ and f0 + (w + n_warps) x @@T@@, times q1\n"
  "  assign a5_gx = @@GW@@'({s4_w, s4_f0});\n"
  "  assign a5_zx = @@GW@@'({@@WBP@@'(s4_w) + @@WBP@@'(s4_nw), s4_f0});\n"
  "  assign a5_gp = $signed(a5_gx) * $signed(s4_q1);\n"
  "  assign a5_zp = $signed(a5_zx) * $signed(s4_q1);\n"
  "  logic [NQW-1:0] a5_nx, a5_nq;  // n x q1, n = n_warps x @@T@@\n"
  "  assign a5_nx = @@NQW@@'({s4_nw, @@TLB@@'d0});\n"
  "  assign a5_nq = $signed(a5_nx) * $signed(s4_q1);\n"
  "  logic s5_go, s5_hit, s5_pairs, s5_dok;\n"
  "  logic [PCB-1:0] s5_pc;\n"
  "  logic [WB-1:0] s5_w;\n"
  "  logic [@@T@@-1:0] s5_mask, s5_fit;\n"
  "  logic [@@T@@*DW-1:0] s5_v;\n"
  "  logic [@@TLB@@-1:0] s5_ll;\n"
  "  logic [AB-1:0] s5_af0, s5_all;\n"
  "  logic [@@NB@@-1:0] s5_nact;\n"
  "  logic [OB-1:0] s5_q1;\n"
  "  logic [DW-1:0] s5_f0q, s5_l0q;\n"
  "  logic [@@GW@@-1:0] s5_gp, s5_zp;\n"
  "  logic [NQW-1:0] s5_nq;\n"
  "  always_ff @(posedge clk) begin\n"
  "    s5_go <= !rst && s4_go;\n"
  "    s5_hit <= s4_hit; s5_pairs <= s4_pairs; s5_dok <= s4_dok; s5_pc <= s4_pc; s5_w <= s4_w;\n"
  "    s5_mask <= s4_mask; s5_fit <= s4_fit; s5_v <= a5_v; s5_ll <= s4_ll; s5_af0 <= s4_af0; s5_all <= s4_all;\n"
  "    s5_nact <= s4_nact; s5_q1 <= s4_q1; s5_f0q <= a5_f0q; s5_l0q <= a5_l0q; s5_gp <= a5_gp; s5_zp <= a5_zp;\n"
  "    s5_nq <= a5_nq;\n"
  "  end\n"
  "\n"
  "  // ================= the table-cycle load's signals (stage 7, declared here: stage 6 forwards them) =================\n"
  "  logic u_go, u_hit, u_pairs, u_line, u_hitf, u_vok, u_vvalid;\n"
  "  logic [PCB-1:0] u_pc;\n"
  "  logic [WB-1:0] u_w;\n"
  "  logic [@@TLB@@-1:0] u_ll;\n"
  "  logic [AB-1:0] u_af0, u_all, u_gq, u_z2, u_base0, u_base1;\n"
  "  logic [@@NB@@-1:0] u_nact;\n"
  "  logic [OB-1:0] u_q1;\n"
  "  logic [NQW-1:0] u_nq;\n"
  "  logic [@@E@@-1:0] u_chit, u_voh;   // the load's FOA entry (one-hot, none when it has none), its victim\n"
  "  // the load's FOA entry's fields, as the table holds them in the table cycle\n"
  "  logic [CB-1:0] u_cconf;\n"
  "  logic [OB-1:0] u_coff;\n"
  "  logic [TB-1:0] u_ctidx;\n"
  "  logic [DB-1:0] u_cdist, u_cpendw, u_crunw;\n"
  "  logic [WB-1:0] u_clw;\n"
  "  logic [AB-1:0] u_cg;\n"
  "  logic [SW-1:0] u_cpendv, u_crunv;\n"
  "  logic ld_ok;  // a load with an FOA entry (hit or allocated)\n"
  "  logic [@@E@@-1:0] ent_oh;  // the FOA entry written\n"
  "  logic [@@E@@-1:0] tia_hit, done_fill, done_drop;\n"
  "  logic [@@W@@-1:0] fw_oh, pw_oh;\n"
  "  logic tia_alloc, u_smiss0;\n"
  "  logic [CB-1:0] conf_new;\n"
  "  logic [OB-1:0] off_new;\n"
  "  logic [TB-1:0] tidx_new;\n"
  "  logic [DB-1:0] dist_new;\n"
  "  logic [WB-1:0] lw_new;\n"
  "  logic [AB-1:0] g_wr;\n"
  "  logic [SW-1:0] f_pendv, f_runv;  // the counters of the written entry after the edge, every warp\n"
  "\n"
  "  // stage 6 (look-up): the lane check and the bases; the table read for the table cycle\n"
  "  logic [DW-1:0] a6_nf;  // -f0 x q1: on the line, A(j) - A(f0) - j x q1 is this for every active lane j\n"
  "  assign a6_nf = -s5_f0q;\n"
  "  logic [@@T@@-1:0] a6_ok;\n"
  "  always_comb for (int j = 0; j < @@T@@; j++) a6_ok[j] = !s5_mask[j] || (s5_fit[j] && s5_v[j*DW +: DW] == a6_nf);\n"
  "  logic a6_line;  // >= 2 active lanes, an exact ratio for the first pair, every active lane on that line\n"
  "  assign a6_line = s5_pairs && s5_dok && (a6_ok == '1);\n"
  "  // G of this access with offset q1 (A(f0) - (f0 + w x @@T@@) x q1), and one iteration back; the\n"
  "  // burst's first lane's address without the distance (A(f0) - f0 x q1) and its last's\n"
  "  logic [AB-1:0] a6_gq, a6_z2, a6_b0, a6_b1;\n"
  "  assign a6_gq = s5_af0 - @@SXGP@@;\n"
  "  assign a6_z2 = s5_af0 - @@SXZP@@;\n"
  "  assign a6_b0 = s5_af0 - @@SXF0@@;\n"
  "  assign a6_b1 = s5_af0 + @@SXL0@@;\n"
  "  // the look-up: the load's FOA entry and TIA trigger, the table as it is in this cycle\n"
  "  logic [@@E@@-1:0] l_fh, l_th;\n"
  "  always_comb for (int i = 0; i < @@E@@; i++) begin\n"
  "    l_fh[i] = (e_type[i*2 +: 2] == 2'b01) && (e_pc[i*PCB +: PCB] == s5_pc);\n"
  "    l_th[i] = (e_type[i*2 +: 2] == 2'b10) && (e_pc[i*PCB +: PCB] == s5_pc);\n"
  "  end\n"
  "  // the victim for its table cycle: not an entry it hits, nor one the table-cycle load may change at\n"
  "  // this edge (its FOA entry, its victim when it allocates or misses on a scalar entry, its TIA\n"
  "  // trigger), so every candidate's key stays as it is now\n"
  "  logic [@@E@@-1:0] l_x, l_cand, l_voh;\n"
  "  assign l_x = u_go ? ((u_hitf ? u_chit : '0) | ((!u_hitf || u_smiss0) ? u_voh : '0) | tia_hit) : '0;\n"
  "  assign l_cand = ~(l_fh | l_th | l_x);\n"
  "  logic [@@E@@*(CB+1)-1:0] l_key;  // invalid first, then the lowest confidence\n"
  "  always_comb for (int i = 0; i < @@E@@; i++) l_key[i*(CB+1) +: CB+1] = {valid[i], e_conf[i*CB +: CB]};\n"
  "@@VICTIM@@"
  "  // the FOA entry's fields (one-hot AND-OR read)\n"
  "  logic [CB-1:0] l_conf;\n"
  "  logic [OB-1:0] l_off;\n"
  "  logic [TB-1:0] l_tidx;\n"
  "  logic [DB-1:0] l_dist;\n"
  "  logic [WB-1:0] l_lw;\n"
  "  logic [AB-1:0] l_g;\n"
  "  logic [SW-1:0] l_pendv, l_runv, l_pendn;\n"
  "  always_comb begin\n"
  "    l_conf = '0; l_off = '0; l_tidx = '0; l_dist = '0; l_lw = '0; l_g = '0; l_pendv = '0; l_runv = '0;\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      l_conf = l_conf | (e_conf[i*CB +: CB] & {CB{l_fh[i]}});\n"
  "      l_off = l_off | (e_off[i*OB +: OB] & {OB{l_fh[i]}});\n"
  "      l_tidx = l_tidx | (e_tidx[i*TB +: TB] & {TB{l_fh[i]}});\n"
  "      l_dist = l_dist | (e_dist[i*DB +: DB] & {DB{l_fh[i]}});\n"
  "      l_lw = l_lw | (e_lw[i*WB +: WB] & {WB{l_fh[i]}});\n"
  "      l_g = l_g | (e_addr[i*AB +: AB] & {AB{l_fh[i]}});\n"
  "      l_pendv = l_pendv | (e_pend[i*SW +: SW] & {SW{l_fh[i]}});\n"
  "      l_runv = l_runv | (e_run[i*SW +: SW] & {SW{l_fh[i]}});\n"
  "    end\n"
  "  end\n"
  "  // its pending bursts after this edge's completions (the table-cycle load writes other entries)\n"
  "  logic l_df, l_dd;\n"
  "  assign l_df = |(l_fh & done_fill);\n"
  "  assign l_dd = |(l_fh & done_drop);\n"
  "  always_comb for (int k = 0; k < @@W@@; k++) begin\n"
  "    l_pendn[k*DB +: DB] = l_pendv[k*DB +: DB];\n"
  "    if (l_df && fw_oh[k] && l_dd && pw_oh[k])\n"
  "      l_pendn[k*DB +: DB] = (l_pendv[k*DB +: DB] <= @@DB@@'d2) ? '0 : l_pendv[k*DB +: DB] - @@DB@@'d2;\n"
  "    else if ((l_df && fw_oh[k]) || (l_dd && pw_oh[k]))\n"
  "      l_pendn[k*DB +: DB] = (l_pendv[k*DB +: DB] == '0) ? '0 : l_pendv[k*DB +: DB] - @@DB@@'d1;\n"
  "  end\n"
  "  // forwarding: the same PC as the table-cycle load: its entry with that load's new values; an entry\n"
  "  // that load writes over is not this load's any more\n"
  "  logic l_fwd;\n"
  "  assign l_fwd = ld_ok && (s5_pc == u_pc);\n"
  "  logic [@@E@@-1:0] l_wr, l_hit;\n"
  "  assign l_wr = (ld_ok ? ent_oh : '0) | (tia_alloc ? u_voh : '0);\n"
  "  assign l_hit = l_fwd ? ent_oh : (l_fh & ~l_wr);\n"
  "  // whether it hits, with the late TIA allocation last: its entry written as FOA (not its PC), or as TIA\n"
  "  logic l_hitf, l_fe, l_fv;\n"
  "  assign l_fe = |(l_fh & ent_oh);\n"
  "  assign l_fv = |(l_fh & u_voh);\n"
  "  assign l_hitf = l_fwd || ((l_fh != '0) && !(ld_ok && l_fe) && !(tia_alloc && l_fv));\n"
  "  logic [SW-1:0] l_pendf, l_runf;\n"
  "  assign l_pendf = l_fwd ? f_pendv : l_pendn;\n"
  "  assign l_runf = l_fwd ? f_runv : l_runv;\n"
  "  logic [DB-1:0] l_pendw, l_runw;  // this load's warp's\n"
  "  always_comb begin\n"
  "    l_pendw = '0; l_runw = '0;\n"
  "    for (int k = 0; k < @@W@@; k++) if (s5_w == @@WB@@'(k)) begin l_pendw = l_pendf[k*DB +: DB]; l_runw = l_runf[k*DB +: DB]; end\n"
  "  end\n"
  "  always_ff @(posedge clk) begin\n"
  "    u_go <= !rst && s5_go;\n"
  "    u_hit <= s5_hit; u_pairs <= s5_pairs; u_line <= a6_line; u_pc <= s5_pc; u_w <= s5_w; u_ll <= s5_ll;\n"
  "    u_af0 <= s5_af0; u_all <= s5_all; u_gq <= a6_gq; u_z2 <= a6_z2; u_base0 <= a6_b0; u_base1 <= a6_b1;\n"
  "    u_nact <= s5_nact; u_q1 <= s5_q1; u_nq <= s5_nq;\n"
  "    u_hitf <= l_hitf; u_chit <= l_hit; u_voh <= l_voh; u_vok <= l_cand != '0; u_vvalid <= |(l_voh & valid);\n"
  "    u_cconf <= l_fwd ? conf_new : l_conf; u_coff <= l_fwd ? off_new : l_off; u_ctidx <= l_fwd ? tidx_new : l_tidx;\n"
  "    u_cdist <= l_fwd ? dist_new : l_dist; u_clw <= l_fwd ? lw_new : l_lw; u_cg <= l_fwd ? g_wr : l_g;\n"
  "    u_cpendv <= l_pendf; u_crunv <= l_runf; u_cpendw <= l_pendw; u_crunw <= l_runw;\n"
  "  end\n"
  "\n"
  "  // ================= stage 7, the table cycle: the FOA decision (5.3.1, Fig. 5.5-5.7) =================\n"
  "  logic learning;  // no entry, or no offset (cleared by a mismatch): the first pair sets it\n"
  "  assign learning = !u_hitf || (u_cconf == '0 && u_coff == '0);\n"
  "  logic all_match, mismatch;  // every active lane on the line; with an entry's offset, that offset\n"
  "  assign all_match = u_line && (learning || u_q1 == u_coff);\n"
  "  assign mismatch = u_pairs && !all_match;\n"
  "  logic [@@SB@@-1:0] conf_sum;  // old confidence + matching pairs (the first pair sets the offset when learning)\n"
  "  assign conf_sum = (u_hitf ? @@SB@@'(u_cconf) : @@SB@@'d0) + @@SB@@'(u_nact) - @@SB@@'d1 - @@SB@@'(learning);\n"
  "  always_comb\n"
  "    if (!u_pairs) conf_new = u_hitf ? u_cconf : '0;\n"
  "    else if (!all_match) conf_new = @@MUTANT@@\n"
  "    else if (conf_sum > @@SB@@'d@@CMAX@@) conf_new = @@CB@@'d@@CMAX@@;  // saturate\n"
  "    else conf_new = @@CB@@'(conf_sum);\n"
  "  // the offset checked; a mismatch clears it so the next access learns again\n"
  "  assign off_new = !u_pairs ? (u_hitf ? u_coff : '0) : (all_match ? u_q1 : '0);\n"
  "  logic scalar;  // every pair matched with offset 0 (TIA, 5.3.2)\n"
  "  assign scalar = all_match && (u_q1 == '0);\n"
  "  assign tidx_new = scalar ? @@TB@@'d@@TALL@@ : {1'b0, u_ll};\n"
  "  // \"fewer than two less than the number of active threads\": with every lane matching, conf + 2 >=\n"
  "  // active holds unless the sum saturated, and the sum is 0 only for a learning pair of two lanes\n"
  "  logic confirmed;\n"
  "  assign confirmed = all_match && (u_q1 != '0) && !(learning && u_nact == @@NB@@'d2)@@BIGOK@@;\n"
  "  logic entry_ok;  // the load has an FOA entry (hit, or a victim to allocate)\n"
  "  assign entry_ok = u_hitf || u_vok;\n"
  "  assign ld_ok = u_go && entry_ok;\n"
  "  // the distance, judged on the burst meant for this access (as the 1-cycle block)\n"
  "  logic judged, slow_ev, early_at, early_ev;\n"
  "  assign judged = u_hitf && (u_crunw >= u_cdist);\n"
  "  assign slow_ev = judged && (u_cpendw >= u_cdist);\n"
  "  // the recomputed address without a multiply: with offset 0 it is G itself; with the entry's offset,\n"
  "  // which a matching load has measured, G equals this access's G (w > lw: the same iteration) or\n"
  "  // the one an iteration back (w <= lw); a load off the entry's offset is not judged too early\n"
  "  assign early_at = (u_coff == '0) ? (u_af0 == u_cg) : (all_match && ((u_w > u_clw) ? (u_gq == u_cg) : (u_z2 == u_cg)));\n"
  "  assign early_ev = judged && (u_cpendw < u_cdist) && !u_hit && early_at;\n"
  "  logic [DB-1:0] dist_old;\n"
  "  assign dist_old = u_hitf ? u_cdist : @@DB@@'d1;\n"
  "  always_comb\n"
  "    if (slow_ev) dist_new = @@DINC@@;\n"
  "    else if (early_ev) dist_new = (dist_old <= @@DB@@'d1) ? @@DB@@'d1 : dist_old - @@DB@@'d1;\n"
  "    else dist_new = dist_old;\n"
  "  logic dist_chg;  // a new distance: every warp's run starts again\n"
  "  assign dist_chg = dist_new != dist_old;\n"
  "  // G and the last warp: a one-lane load on an entry with an offset leaves them (it measures none)\n"
  "  logic upd_g;\n"
  "  assign upd_g = u_pairs || !u_hitf || (u_coff == '0);\n"
  "  assign g_wr = !upd_g ? u_cg : (all_match ? u_gq : u_all);\n"
  "  assign lw_new = upd_g ? u_w : u_clw;\n"
  "\n"
  "  // ---- TIA (5.3.2, Fig. 5.9), on the table as it is ----\n"
  "  logic [@@W@@-1:0] w_oh;  // the load's warp, one-hot\n"
  "  assign w_oh = @@W@@'d1 << u_w;\n"
  "  logic [PCB-1:0] lal_w;\n  logic lal_vw;\n"
  "  always_comb begin\n    lal_w = '0;\n    for (int k = 0; k < @@W@@; k++) lal_w = lal_w | (lal[k*PCB +: PCB] & {PCB{w_oh[k]}});\n  end\n"
  "  assign lal_vw = |(lal_v & w_oh);\n"
  "  logic [@@E@@-1:0] lal_hit, adr_hit;\n"
  "  always_comb for (int i = 0; i < @@E@@; i++) begin\n"
  "    tia_hit[i] = (e_type[i*2 +: 2] == 2'b10) && (e_pc[i*PCB +: PCB] == u_pc);\n"
  "    lal_hit[i] = (e_type[i*2 +: 2] == 2'b10) && (e_pc[i*PCB +: PCB] == lal_w);\n"
  "    adr_hit[i] = (e_type[i*2 +: 2] == 2'b10) && (e_addr[i*AB +: AB] == u_af0);\n"
  "  end\n"
  "  logic tia_any, lal_any, adr_any;\n"
  "  assign tia_any = |tia_hit;\n  assign lal_any = lal_vw && (lal_hit != '0);\n  assign adr_any = |adr_hit;\n"
  "  logic [AB-1:0] t_addr;  // the triggered TIA entry's address and slow bit\n  logic t_slow;\n"
  "  always_comb begin\n    t_addr = '0;\n    for (int i = 0; i < @@E@@; i++) t_addr = t_addr | (e_addr[i*AB +: AB] & {AB{tia_hit[i]}});\n  end\n"
  "  assign t_slow = |(tia_hit & e_slow);\n"
  "  logic do_move, smiss, cre_ok, tia_refresh, foa_alloc;\n"
  "  // a slow trigger fires: move it to the warp's LAL unless that PC already triggers\n"
  "  assign do_move = u_go && tia_any && t_slow && lal_vw && !lal_any;\n"
  "  // a miss of a load whose FOA entry is scalar\n"
  "  assign u_smiss0 = u_hitf && (u_ctidx == @@TB@@'d@@TALL@@) && !u_hit;\n"
  "  assign smiss = u_go && u_smiss0;\n"
  "  assign cre_ok = smiss && !adr_any && lal_vw && (lal_w != u_pc);\n"
  "  assign tia_refresh = cre_ok && lal_any;\n"
  "  assign tia_alloc = cre_ok && !lal_any && !do_move && u_vok;\n"
  "  assign foa_alloc = u_go && !u_hitf && u_vok;\n"
  "\n"
  "  // ---- the burst: it starts when no burst waits in the report and the generator is idle or\n"
  "  // leaves its burst's last line now (the burst enters it after its report cycle) ----\n"
  "  logic r_fstart, r_tstart;  // (report registers) the reported load started an FOA / a TIA burst\n"
  "  logic g_busy;  // the generator walks a burst\n"
  "  logic g_end, adv;  // (the generator's) its line is its burst's last; it leaves it this cycle\n"
  "  logic gen_free, foa_want, tia_want, foa_start, tia_start;\n"
  "  assign gen_free = !r_fstart && !r_tstart && (!g_busy || (g_end && adv));\n"
  "  assign foa_want = ld_ok && confirmed;\n"
  "  assign tia_want = u_go && tia_any;\n"
  "  assign foa_start = foa_want && gen_free;\n"
  "  assign tia_start = tia_want && gen_free && !foa_want;\n"
  "  // A + (d*n - tidx + i) * offset = A(f0) - f0 x q1 + d x n x q1 (+ i x q1): the bases come from\n"
  "  // stage 6, d x n x q1 is taken with the distance before this load (its change, +-1, joins in the report)\n"
  "  logic [@@PDW@@-1:0] pd_d, pd;\n"
  "  assign pd_d = @@PDW@@'(dist_old);\n"
  "  assign pd = $signed(pd_d) * $signed(u_nq);\n"
  "  logic [OB-1:0] off_mag;\n  assign off_mag = u_q1[OB-1] ? -u_q1 : u_q1;\n"
  "  logic [AB-1:0] step;  // |offset| >= line: every lane its own line; else walk line by line\n"
  "  assign step = (32'(off_mag) >= 32'd@@L@@) ? {{(AB-OB){u_q1[OB-1]}}, u_q1} : (u_q1[OB-1] ? -@@AB@@'d@@L@@ : @@AB@@'d@@L@@);\n"
  "\n"
  "  // ---- the table update ----\n"
  "  assign ent_oh = u_hitf ? u_chit : u_voh;\n"
  "  logic [EB-1:0] ent_idx, tia_idx;\n"
  "@@ENTIDX@@"
  "  logic pop, pop_done;  // the head is taken; dropped as present, it ends its burst\n"
  "  logic [@@QB@@-1:0] pfq_n;  // the queue's count (pfq_count is the output)\n"
  "  logic [@@Q@@-1:0] q_last;\n"
  "  assign pop_done = pop && pf_present && q_last[0];\n"
  "  logic [EB-1:0] q_head_entry;\n"
  "  logic [WB-1:0] q_head_warp;\n"
  "  // A burst's completions (a fill of its last line, its last line dropped as present) reach the\n"
  "  // table 6 cycles late, as the loads do: a load is judged on the bursts complete when the L1 saw\n"
  "  // it, not on those that came back while it went through the stages (docs/blocks/apogee.md)\n"
  "  logic [5:0] cmp_f, cmp_d;  // stage k at bit k: a fill / a drop that completes a burst\n"
  "  logic [6*EB-1:0] cmp_fe, cmp_de;\n"
  "  logic [6*WB-1:0] cmp_fw, cmp_dw;\n"
  "  always_ff @(posedge clk) begin\n"
  "    cmp_f[0] <= !rst && fill_valid && fill_last; cmp_fe[0 +: EB] <= fill_entry; cmp_fw[0 +: WB] <= fill_warp;\n"
  "    cmp_d[0] <= !rst && pop_done; cmp_de[0 +: EB] <= q_head_entry; cmp_dw[0 +: WB] <= q_head_warp;\n"
  "    for (int k = 1; k < 6; k++) begin\n"
  "      cmp_f[k] <= !rst && cmp_f[k-1]; cmp_fe[k*EB +: EB] <= cmp_fe[(k-1)*EB +: EB]; cmp_fw[k*WB +: WB] <= cmp_fw[(k-1)*WB +: WB];\n"
  "      cmp_d[k] <= !rst && cmp_d[k-1]; cmp_de[k*EB +: EB] <= cmp_de[(k-1)*EB +: EB]; cmp_dw[k*WB +: WB] <= cmp_dw[(k-1)*WB +: WB];\n"
  "    end\n"
  "  end\n"
  "  logic c_fv, c_dv;  // the completions the table takes at this edge\n"
  "  logic [EB-1:0] c_fe, c_de;\n"
  "  logic [WB-1:0] c_fw, c_dw;\n"
  "  assign c_fv = cmp_f[5]; assign c_fe = cmp_fe[5*EB +: EB]; assign c_fw = cmp_fw[5*WB +: WB];\n"
  "  assign c_dv = cmp_d[5]; assign c_de = cmp_de[5*EB +: EB]; assign c_dw = cmp_dw[5*WB +: WB];\n"
  "  always_comb for (int i = 0; i < @@E@@; i++) begin\n"
  "    done_fill[i] = c_fv && (c_fe == @@EB@@'(i)) && (e_type[i*2 +: 2] == 2'b01);\n"
  "    done_drop[i] = c_dv && (c_de == @@EB@@'(i)) && (e_type[i*2 +: 2] == 2'b01);\n"
  "  end\n"
  "  assign fw_oh = @@W@@'d1 << c_fw;\n  assign pw_oh = @@W@@'d1 << c_dw;\n"
  "  logic ld_new;  // the load allocates its FOA entry: every counter starts from 0\n"
  "  assign ld_new = ld_ok && !u_hitf;\n"
  "  // the written entry's counters after this edge, for a load of the same PC in stage 5\n"
  "  logic f_df, f_dd;\n"
  "  assign f_df = c_fv && (c_fe == ent_idx);\n"
  "  assign f_dd = c_dv && (c_de == ent_idx);\n"
  "  for (genvar k = 0; k < @@W@@; k++) begin : g_fwd\n"
  "    logic st;\n"
  "    logic [DB:0] up, dn;\n"
  "    logic own_k;\n"
  "    assign own_k = w_oh[k];\n"
  "    assign st = own_k && foa_start;\n"
  "    logic [DB-1:0] pend_k, run_k;\n"
  "    assign pend_k = u_cpendv[k*DB +: DB];\n"
  "    assign run_k = u_crunv[k*DB +: DB];\n"
  "    assign up = {1'b0, pend_k} + {@@DB@@'d0, st};\n"
  "    assign dn = {@@DB@@'d0, f_df && fw_oh[k]} + {@@DB@@'d0, f_dd && pw_oh[k]};\n"
  "    logic [DB:0] left;\n"
  "    assign left = up - dn;\n"
  "    logic [DB-1:0] left_lo;\n"
  "    assign left_lo = left[DB-1:0];\n"
  "    logic [DB-1:0] pnx, rnx;\n"
  "    always_comb begin\n"
  "      if (ld_new) pnx = {@@DBM1@@'d0, st};\n"
  "      else if (up <= dn) pnx = '0;\n"
  "      else if (left > @@DBP@@'d@@DMAX@@) pnx = @@DB@@'d@@DMAX@@;\n"
  "      else pnx = left_lo;\n"
  "      if (ld_new || dist_chg) rnx = {@@DBM1@@'d0, st};\n"
  "      else if (own_k) rnx = !foa_start ? '0 : (run_k == @@DB@@'d@@DMAX@@ ? run_k : run_k + @@DB@@'d1);\n"
  "      else rnx = run_k;\n"
  "    end\n"
  "    assign f_pendv[k*DB +: DB] = pnx;\n"
  "    assign f_runv[k*DB +: DB] = rnx;\n"
  "  end\n"
  "@@TABLE@@"
  "  // the Last Accessed Load of each warp\n"
  "  always_ff @(posedge clk) begin\n"
  "    if (rst) begin lal <= '0; lal_v <= '0; end\n"
  "    else for (int k = 0; k < @@W@@; k++) if (u_go && w_oh[k]) begin lal[k*PCB +: PCB] <= u_pc; lal_v[k] <= 1'b1; end\n"
  "  end\n"
  "\n"
  "  // ================= the report: the load's outputs, the cycle after its table cycle =================\n"
  "  logic [EB-1:0] r_entry, r_gent;\n"
  "  logic r_alloc, r_evict, r_match, r_mis, r_confd, r_scalar, r_up, r_down, r_drop, r_tcre, r_tslow, r_tmove;\n"
  "  logic [CB-1:0] r_conf;\n"
  "  logic [OB-1:0] r_off;\n"
  "  logic [1:0] r_state;\n"
  "  logic [DB-1:0] r_dist;\n"
  "  logic [AB-1:0] r_base0, r_base1, r_step;  // the burst: pf0 = base0 + d x n x q1, lane T-1 = base1 + ...\n"
  "  logic [@@PDW@@-1:0] r_pd;  // d x n x q1 with the distance before the load\n"
  "  logic [NQW-1:0] r_nq;      // n x q1\n"
  "  logic r_dinc, r_ddec;      // the load moved the distance up / down\n"
  "  logic [WB-1:0] r_gw;\n"
  "  always_ff @(posedge clk) begin\n"
  "    if (rst) begin\n"
  "      r_entry <= '0; r_alloc <= 1'b0; r_evict <= 1'b0; r_match <= 1'b0; r_mis <= 1'b0; r_conf <= '0; r_off <= '0;\n"
  "      r_confd <= 1'b0; r_scalar <= 1'b0; r_state <= 2'b00; r_up <= 1'b0; r_down <= 1'b0; r_dist <= '0;\n"
  "      r_fstart <= 1'b0; r_tstart <= 1'b0; r_drop <= 1'b0; r_tcre <= 1'b0; r_tslow <= 1'b0; r_tmove <= 1'b0;\n"
  "      r_base0 <= '0; r_base1 <= '0; r_step <= '0; r_pd <= '0; r_nq <= '0; r_dinc <= 1'b0; r_ddec <= 1'b0;\n"
  "      r_gent <= '0; r_gw <= '0;\n"
  "    end else begin\n"
  "      r_entry <= ld_ok ? ent_idx : '0;\n"
  "      r_alloc <= foa_alloc;\n"
  "      r_evict <= (foa_alloc || tia_alloc) && u_vvalid;\n"
  "      r_match <= ld_ok && all_match;\n"
  "      r_mis <= ld_ok && mismatch;\n"
  "      r_conf <= ld_ok ? conf_new : '0;\n"
  "      r_off <= ld_ok ? off_new : '0;\n"
  "      r_confd <= foa_want;\n"
  "      r_scalar <= ld_ok && scalar;\n"
  "      r_state <= (ld_ok && judged) ? ((u_cpendw >= u_cdist) ? 2'b01 : 2'b10) : 2'b00;\n"
  "      r_up <= ld_ok && slow_ev;\n"
  "      r_down <= ld_ok && early_ev;\n"
  "      r_dist <= ld_ok ? dist_new : '0;\n"
  "      r_fstart <= foa_start;\n"
  "      r_tstart <= tia_start;\n"
  "      r_drop <= (foa_want && !gen_free) || (tia_want && !tia_start);\n"
  "      r_tcre <= tia_refresh || tia_alloc;\n"
  "      r_tslow <= smiss && adr_any;\n"
  "      r_tmove <= do_move;\n"
  "      // a TIA burst: its one address, no step\n"
  "      r_base0 <= tia_start ? t_addr : u_base0;\n"
  "      r_base1 <= tia_start ? t_addr : u_base1;\n"
  "      r_pd <= tia_start ? '0 : pd;\n"
  "      r_nq <= u_nq;\n"
  "      r_dinc <= !tia_start && slow_ev && dist_chg;\n"
  "      r_ddec <= !tia_start && early_ev && dist_chg;\n"
  "      r_step <= tia_start ? '0 : step;\n"
  "      r_gent <= tia_start ? tia_idx : ent_idx;\n"
  "      r_gw <= u_w;\n"
  "    end\n"
  "  end\n"
  "  logic [AB-1:0] r_px, r_dt, pf0, pfl;  // d x n x q1 before the load; +-n x q1 when it moved the distance\n"
  "  assign r_px = @@SXPD@@;\n"
  "  assign r_dt = r_dinc ? @@SXNQ@@ : (r_ddec ? -@@SXNQ@@ : '0);\n"
  "  assign pf0 = r_base0 + r_px + r_dt;  // the burst's first and last lane\n"
  "  assign pfl = r_base1 + r_px + r_dt;\n"

  "  assign ld_entry = r_entry;\n  assign ld_alloc = r_alloc;\n  assign evict = r_evict;\n"
  "  assign ld_match = r_match;\n  assign ld_mismatch = r_mis;\n  assign ld_conf = r_conf;\n  assign ld_offset = r_off;\n"
  "  assign ld_confirmed = r_confd;\n  assign ld_scalar = r_scalar;\n  assign ld_state = r_state;\n"
  "  assign dist_up = r_up;\n  assign dist_down = r_down;\n  assign ld_dist = r_dist;\n"
  "  assign ld_pf_addr = r_confd ? pf0 : '0;\n"
  "  assign pf_start = r_fstart;\n  assign tia_fire = r_tstart;\n  assign pf_drop = r_drop;\n"
  "  assign tia_create = r_tcre;\n  assign tia_slow = r_tslow;\n  assign tia_move = r_tmove;\n"
  "\n"
  "  // ================= line generator and prefetch queue =================\n"
  "  // the reported burst enters the generator at the edge of its report cycle\n"
  "  logic [AB-1:0] g_cur, g_step;\n"
  "  logic [LLW-1:0] g_last;\n"
  "  logic [EB-1:0] g_entry;\n"
  "  logic [WB-1:0] g_warp;\n"
  "  logic [@@Q@@*LLW-1:0] q_line;   // queue slot i at [i*LLW +: LLW], the head in slot 0\n"
  "  logic [@@Q@@*EB-1:0] q_entry;\n"
  "  logic [@@Q@@*WB-1:0] q_warp;\n"
  "  assign gen_busy = g_busy || r_fstart || r_tstart;\n"
  "  logic [LLW-1:0] g_line;\n  assign g_line = g_cur[AB-1:@@LB@@];\n"
  "  assign g_end = (g_line == g_last);\n"
  "  logic [@@Q@@-1:0] q_v;  // queued lines: 0 .. count-1\n"
  "  always_comb for (int i = 0; i < @@Q@@; i++) q_v[i] = (@@QB@@'(i) < pfq_n);\n"
  "  // a line already queued is merged, except a burst's last line: it carries the burst's completion\n"
  "  always_comb begin\n    gen_merge = 1'b0;\n"
  "    for (int i = 0; i < @@Q@@; i++) if (g_busy && !g_end && q_v[i] && q_line[i*LLW +: LLW] == g_line) gen_merge = 1'b1;\n  end\n"
  "  logic push;\n"
  "  assign pf_valid = (pfq_n != '0);\n  assign pop = pf_valid && pf_ready;\n"
  "  assign push = g_busy && !gen_merge && (pfq_n != @@QB@@'d@@Q@@ || pop);\n"
  "  assign adv = gen_merge || push;\n"
  "  assign q_head_entry = q_entry[0 +: EB];\n  assign q_head_warp = q_warp[0 +: WB];\n"
  "  assign pf_line  = pf_valid ? q_line[0 +: LLW] : '0;\n"
  "  assign pf_entry = pf_valid ? q_entry[0 +: EB] : '0;\n"
  "  assign pf_warp  = pf_valid ? q_warp[0 +: WB] : '0;\n"
  "  assign pf_last  = pf_valid && q_last[0];\n"
  "  assign pfq_count = pfq_n;\n"
  "  logic [@@QB@@-1:0] wr_idx;  // the push lands behind the lines that stay\n"
  "  assign wr_idx = pfq_n - @@QB@@'(pop);\n"
  "  always_ff @(posedge clk) begin\n    if (rst) begin\n"
  "      g_busy <= 1'b0; g_cur <= '0; g_step <= '0; g_last <= '0; g_entry <= '0; g_warp <= '0;\n"
  "      pfq_n <= '0; q_line <= '0; q_entry <= '0; q_warp <= '0; q_last <= '0;\n"
  "    end else begin\n"
  "      if (r_fstart || r_tstart) begin  // (the table cycle started it only with the generator idle)\n"
  "        g_busy <= 1'b1; g_cur <= pf0; g_step <= r_step; g_last <= pfl[AB-1:@@LB@@];\n"
  "        g_entry <= r_gent; g_warp <= r_gw;\n"
  "      end else if (g_busy && adv) begin\n"
  "        if (g_end) g_busy <= 1'b0;  // the burst's last line\n"
  "        else g_cur <= g_cur + g_step;\n"
  "      end\n"
  "@@QSHIFT@@"
  "      if (push) for (int i = 0; i < @@Q@@; i++) if (wr_idx == @@QB@@'(i)) begin\n"
  "        q_line[i*LLW +: LLW] <= g_line; q_entry[i*EB +: EB] <= g_entry; q_warp[i*WB +: WB] <= g_warp; q_last[i] <= g_end;\n"
  "      end\n"
  "      pfq_n <= pfq_n + @@QB@@'(push) - @@QB@@'(pop);\n    end\n  end\n"
  "@@UNUSED@@";

/* The per-entry update of the table cycle: the same rules as the 1-cycle block's, with the load's
** FOA entry written from the table-cycle signals. */
static const char apogee_pipe_table_tmpl[] =
  "  // the bursts completed at this edge in other entries than the load's: at most two (a fill of a\n"
  "  // last line, a last line dropped as present), each counted down once here and written back\n"
  "  logic [SW-1:0] cf_row, cd_row;   // the counters of the filled entry and of the head's entry\n"
  "  always_comb begin\n"
  "    cf_row = '0; cd_row = '0;\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      cf_row = cf_row | (e_pend[i*SW +: SW] & {SW{done_fill[i]}});\n"
  "      cd_row = cd_row | (e_pend[i*SW +: SW] & {SW{done_drop[i]}});\n"
  "    end\n"
  "  end\n"
  "  logic [DB-1:0] cf_p, cd_p;   // their warp's pending bursts\n"
  "  always_comb begin\n"
  "    cf_p = '0; cd_p = '0;\n"
  "    for (int k = 0; k < @@W@@; k++) begin\n"
  "      cf_p = cf_p | (cf_row[k*DB +: DB] & {DB{fw_oh[k]}});\n"
  "      cd_p = cd_p | (cd_row[k*DB +: DB] & {DB{pw_oh[k]}});\n"
  "    end\n"
  "  end\n"
  "  logic c_same;  // both complete a burst of one entry and warp: two fewer\n"
  "  assign c_same = (done_fill & done_drop) != '0 && c_fw == c_dw;\n"
  "  logic [DB-1:0] cf_n, cd_n;\n"
  "  assign cf_n = (cf_p == '0 || (c_same && cf_p == @@DB@@'d1)) ? '0 : cf_p - (c_same ? @@DB@@'d2 : @@DB@@'d1);\n"
  "  assign cd_n = (cd_p == '0 || (c_same && cd_p == @@DB@@'d1)) ? '0 : cd_p - (c_same ? @@DB@@'d2 : @@DB@@'d1);\n"
  "  for (genvar i = 0; i < @@E@@; i++) begin : g_tab\n"
  "    logic ent_ld;  // entry i is the load's\n"
  "    assign ent_ld = ld_ok && ent_oh[i];\n"
  "    // its per-warp counters after this edge: the load's entry takes the counters worked out for\n"
  "    // it (its burst, a new distance, its completions); another counts its completions down\n"
  "    logic [SW-1:0] pend_nx;\n"
  "    for (genvar k = 0; k < @@W@@; k++) begin : g_warp\n"
  "      logic cf, cd;\n"
  "      assign cf = done_fill[i] && fw_oh[k];\n"
  "      assign cd = done_drop[i] && pw_oh[k];\n"
  "      assign pend_nx[k*DB +: DB] = cf ? cf_n : (cd ? cd_n : e_pend[i*SW + k*DB +: DB]);\n"
  "    end\n"
  "    always_ff @(posedge clk) begin\n"
  "      if (rst) begin\n"
  "        e_pc[i*PCB +: PCB] <= '0; e_addr[i*AB +: AB] <= '0; e_off[i*OB +: OB] <= '0;\n"
  "        e_conf[i*CB +: CB] <= '0; e_tidx[i*TB +: TB] <= '0; e_dist[i*DB +: DB] <= '0;\n"
  "        e_type[i*2 +: 2] <= 2'b00; e_pend[i*SW +: SW] <= '0; e_run[i*SW +: SW] <= '0;\n"
  "        e_slow[i] <= 1'b0; e_lw[i*WB +: WB] <= '0;\n"
  "      end else begin\n"
  "        e_pend[i*SW +: SW] <= pend_nx;\n"
  "        // the load's FOA entry\n"
  "        if (ent_ld) begin\n"
  "          e_pc[i*PCB +: PCB] <= u_pc; e_addr[i*AB +: AB] <= g_wr; e_off[i*OB +: OB] <= off_new;\n"
  "          e_conf[i*CB +: CB] <= conf_new; e_tidx[i*TB +: TB] <= tidx_new; e_dist[i*DB +: DB] <= dist_new;\n"
  "          e_type[i*2 +: 2] <= 2'b01; e_lw[i*WB +: WB] <= lw_new; e_slow[i] <= 1'b0;\n"
  "          e_pend[i*SW +: SW] <= f_pendv; e_run[i*SW +: SW] <= f_runv;\n"
  "        end\n"
  "        // TIA: move a slow trigger one load earlier\n"
  "        if (do_move && tia_hit[i]) begin e_pc[i*PCB +: PCB] <= lal_w; e_slow[i] <= 1'b0; end\n"
  "        // TIA: refresh the LAL's trigger with this address\n"
  "        if (tia_refresh && lal_hit[i]) begin e_addr[i*AB +: AB] <= u_af0; e_slow[i] <= 1'b0; end\n"
  "        // TIA: the trigger was too late\n"
  "        if (smiss && adr_hit[i]) e_slow[i] <= 1'b1;\n"
  "        // TIA: a new trigger entry keyed by the LAL\n"
  "        if (tia_alloc && u_voh[i]) begin\n"
  "          e_pc[i*PCB +: PCB] <= lal_w; e_addr[i*AB +: AB] <= u_af0; e_off[i*OB +: OB] <= '0;\n"
  "          e_conf[i*CB +: CB] <= u_cconf; e_tidx[i*TB +: TB] <= @@TB@@'d@@TALL@@; e_dist[i*DB +: DB] <= '0;\n"
  "          e_type[i*2 +: 2] <= 2'b10; e_pend[i*SW +: SW] <= '0; e_run[i*SW +: SW] <= '0;\n"
  "          e_slow[i] <= 1'b0; e_lw[i*WB +: WB] <= u_w;\n"
  "        end\n"
  "      end\n"
  "    end\n"
  "  end\n";

/* A template with numbers (wg_tmpl_var) and whole emitted fragments (ap_frag) by name. */
typedef struct ap_frag { const char *name; const char *text; } ap_frag;

static void ap_tmpl(wg_buf *o, const char *tmpl, const wg_tmpl_var *nums, int nn, const ap_frag *frags, int nf) {
  const char *p = tmpl;
  for (;;) {
    const char *at = strstr(p, "@@"), *e = at ? strstr(at + 2, "@@") : NULL;
    if (!e) { wgb_printf(o, "%s", p); return; }
    size_t len = (size_t)(e - at - 2);
    wgb_printf(o, "%.*s", (int)(at - p), p);
    int k = 0;
    while (k < nf && !(strlen(frags[k].name) == len && !strncmp(frags[k].name, at + 2, len))) k++;
    if (k < nf) wgb_printf(o, "%s", frags[k].text ? frags[k].text : "");   /* an empty buffer has no text */
    else {
      /* a number: hand the name alone to the shared template filler */
      char one[48];
      snprintf(one, sizeof one, "@@%.*s@@", (int)len, at + 2);
      wg_emit_tmpl(o, one, nums, nn);
    }
    p = e + 2;
  }
}

/* "name" (w bits) sign-extended to an address */
static void ap_sx(char *dst, size_t n, const char *name, int w, int ab) {
  if (w >= ab) snprintf(dst, n, "%s", name);
  else snprintf(dst, n, "{{%d{%s[%d]}}, %s}", ab - w, name, w - 1, name);
}

/* stage 2's deltas: every lane's from the first active lane, and the first pair's magnitude */
static void ap_pipe_deltas(wg_buf *o, const ap_dims *d) {
  const int AB = d->AB, DW = d->DW, T = d->T;
  wgb_printf(o, "  logic [%d:0] a2_d;\n  logic [%d:0] a2_fit;\n", T * DW - 1, T - 1);
  wgb_printf(o, "  logic a2_neg, a2_fits;  // the first pair's delta is negative; it fits DW bits\n");
  wgb_printf(o, "  logic [DW-1:0] a2_mp, a2_mn, a2_mag;  // its magnitude if positive, if negative; its magnitude\n");
  if (DW >= AB) {   /* every delta fits an address: plain subtractions */
    wgb_printf(o, "  always_comb for (int j = 0; j < %d; j++) a2_d[j*DW +: DW] = s1_la[j*AB +: AB] - s1_af0;\n", T);
    wgb_printf(o, "  assign a2_fit = '1;  // every delta fits an address\n");
    wgb_printf(o, "  logic [AB-1:0] a2_up, a2_dn;  // A(f1) - A(f0) and A(f0) - A(f1)\n");
    wgb_printf(o, "  assign a2_up = s1_af1 - s1_af0;\n  assign a2_dn = s1_af0 - s1_af1;\n");
    wgb_printf(o, "  assign a2_neg = a2_up[AB-1];\n  assign a2_fits = 1'b1;\n");
    wgb_printf(o, "  assign a2_mp = a2_up;\n  assign a2_mn = a2_dn;\n  assign a2_mag = a2_neg ? a2_mn : a2_mp;\n");
    return;
  }
  const int P = DW - 1, HW = AB - P;
  wgb_printf(o, "  // the high parts (bits %d..): A(f0)'s and its neighbours\n", P);
  wgb_printf(o, "  logic [%d:0] a2_h0, a2_hp, a2_hm;\n", HW - 1);
  wgb_printf(o, "  assign a2_h0 = s1_af0[AB-1:%d];\n  assign a2_hp = a2_h0 + %d'd1;\n  assign a2_hm = a2_h0 - %d'd1;\n", P, HW, HW);
  wgb_printf(o, "  for (genvar j = 0; j < %d; j++) begin : g_delta\n", T);
  wgb_printf(o, "    logic [%d:0] lo;  // the low parts' difference, its borrow on top\n", P);
  wgb_printf(o, "    assign lo = {1'b0, s1_la[j*AB +: %d]} - {1'b0, s1_af0[%d:0]};\n", P, P - 1);
  wgb_printf(o, "    assign a2_d[j*DW +: DW] = {s1_la[j*AB + %d] ^ s1_af0[%d] ^ lo[%d], lo[%d:0]};\n", P, P, P, P - 1);
  wgb_printf(o, "    // it fits when the high parts are equal, or one apart the way the borrow allows\n");
  wgb_printf(o, "    assign a2_fit[j] = (s1_la[j*AB + %d +: %d] == a2_h0) ||\n"
                "                       (lo[%d] ? (s1_la[j*AB + %d +: %d] == a2_hp) : (s1_la[j*AB + %d +: %d] == a2_hm));\n",
             P, HW, P, P, HW, P, HW);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  // the first pair: A(f1) - A(f0) in [0, 2^%d) or [-2^%d, 0), else too far for any offset\n", P, P);
  wgb_printf(o, "  logic [%d:0] a2_up, a2_dn;  // the low parts of A(f1) - A(f0) and A(f0) - A(f1), borrows on top\n", P);
  wgb_printf(o, "  assign a2_up = {1'b0, s1_af1[%d:0]} - {1'b0, s1_af0[%d:0]};\n", P - 1, P - 1);
  wgb_printf(o, "  assign a2_dn = {1'b0, s1_af0[%d:0]} - {1'b0, s1_af1[%d:0]};\n", P - 1, P - 1);
  wgb_printf(o, "  logic a2_pos;\n");
  wgb_printf(o, "  assign a2_pos = a2_up[%d] ? (s1_af1[AB-1:%d] == a2_hp) : (s1_af1[AB-1:%d] == a2_h0);\n", P, P, P);
  wgb_printf(o, "  assign a2_neg = a2_up[%d] ? (s1_af1[AB-1:%d] == a2_h0) : (s1_af1[AB-1:%d] == a2_hm);\n", P, P, P);
  wgb_printf(o, "  assign a2_fits = a2_pos || a2_neg;\n");
  wgb_printf(o, "  assign a2_mp = {1'b0, a2_up[%d:0]};\n", P - 1);
  wgb_printf(o, "  assign a2_mn = {s1_af0[%d] ^ s1_af1[%d] ^ a2_dn[%d], a2_dn[%d:0]};\n", P, P, P, P - 1);
  wgb_printf(o, "  assign a2_mag = a2_neg ? a2_mn : a2_mp;\n");
}

static void apogee_rtl_pipe(wg_buf *o, ap_dims d, int mutant) {
  const int CMAX = (1 << d.CB) - 1, DMAX = (1 << d.DB) - 1;
  const int SB = (d.CB > d.NB ? d.CB : d.NB) + 1;
  int s2, s3, s4;
  ap_div_split(&d, &s2, &s3, &s4);
  wg_buf above1, above2, last, idx, pop, deltas, div2, div3, div4, vic, entidx, table, qshift, unused;
  wg_buf *all[] = {&above1, &above2, &last, &idx, &pop, &deltas, &div2, &div3, &div4, &vic, &entidx,
                   &table, &qshift, &unused};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) wgb_init(all[i]);
  ap_pipe_prefix(&above1, "a1_below", "ld_mask", d.T, 0);
  ap_pipe_prefix(&above2, "a1_m2below", "a1_m2", d.T, 0);
  ap_pipe_last(&last, "a1_lloh", "ld_mask", d.T);
  wg_emit_onehot_index(&idx, "a1_f0", d.TLB, "a1_f0oh", d.T);
  wg_emit_onehot_index(&idx, "a1_f1", d.TLB, "a1_f1oh", d.T);
  wg_emit_onehot_index(&idx, "a1_ll", d.TLB, "a1_lloh", d.T);
  wg_emit_popcount(&pop, "a1_nact", d.NB, "ld_mask", d.T);
  ap_pipe_deltas(&deltas, &d);
  /* the divider: stage 2 from the magnitude, 3 and 4 from the stage registers; each stage keeps
  ** the remainder's bits below its last step + TLB and the quotient bits found so far */
  char rem2[600], quo2[600], rem2p[200], quo2p[200], rem2n[200], quo2n[200];
  char rem3[200], q3[200], quo3[400], rem4[200], q4[200], quo4[600];
  /* stage 2's steps on both magnitudes while the sign is found, the one of the sign kept */
  wgb_printf(&div2, "  // the first steps on both magnitudes (positive: p, negative: n) while the sign is decided\n");
  ap_pipe_div(&div2, &d, "a2p", "a2_mp", "a2_dtid", d.OB - 1, d.OB - s2, rem2p, sizeof rem2p, quo2p, sizeof quo2p);
  ap_pipe_div(&div2, &d, "a2n", "a2_mn", "a2_dtid", d.OB - 1, d.OB - s2, rem2n, sizeof rem2n, quo2n, sizeof quo2n);
  snprintf(rem2, sizeof rem2, "a2_neg ? %s : %s", rem2n, rem2p);
  snprintf(quo2, sizeof quo2, "a2_neg ? {%s} : {%s}", quo2n, quo2p);
  ap_pipe_div(&div3, &d, "a3", "s2_rem", "s2_dtid", d.OB - 1 - s2, d.OB - s2 - s3, rem3, sizeof rem3, q3, sizeof q3);
  snprintf(quo3, sizeof quo3, "{s2_quo, %s}", q3);
  ap_pipe_div(&div4, &d, "a4", "s3_rem", "s3_dtid", s4 - 1, 0, rem4, sizeof rem4, q4, sizeof q4);
  if (s4 > 0) snprintf(quo4, sizeof quo4, "{s3_quo, %s}", q4);
  else snprintf(quo4, sizeof quo4, "s3_quo");
  ap_pipe_victim(&vic, &d);
  wg_emit_onehot_index(&entidx, "ent_idx", d.EB, "ent_oh", d.E);
  wg_emit_onehot_index(&entidx, "tia_idx", d.EB, "tia_hit", d.E);
  const wg_tmpl_var v[] = {
    {"E", d.E}, {"W", d.W}, {"T", d.T}, {"TM1", d.T - 1}, {"Q", d.Q}, {"QB", d.QB}, {"LB", d.LB},
    {"L", 1 << d.LB}, {"TLB", d.TLB}, {"NB", d.NB}, {"NWB", d.NWB}, {"EB", d.EB}, {"WB", d.WB}, {"WBP", d.WB + 1},
    {"PCB", d.PCB}, {"AB", d.AB}, {"OB", d.OB}, {"CB", d.CB}, {"TB", d.TB}, {"DB", d.DB}, {"DBP", d.DB + 1},
    {"DBM1", d.DB - 1}, {"SB", SB}, {"SW", d.SW}, {"LLW", d.LLW}, {"DW", d.DW}, {"P", d.DW - 1}, {"GW", d.GW},
    {"NQW", d.NQW}, {"PDW", d.PDW}, {"Q2W", s2}, {"Q3W", s2 + s3}, {"R2W", d.OB - s2 + d.TLB},
    {"R3W", d.OB - s2 - s3 + d.TLB}, {"QHALF", 1 << (d.OB - 1)}, {"TALL", d.TALL}, {"CMAX", CMAX}, {"DMAX", DMAX},
  };
  ap_tmpl(&table, apogee_pipe_table_tmpl, v, (int)(sizeof v / sizeof v[0]), NULL, 0);
  if (d.Q > 1)
    wgb_printf(&qshift, "      if (pop) for (int i = 0; i < %d; i++) begin  // the queue shifts toward the head\n"
                        "        q_line[i*LLW +: LLW] <= q_line[(i+1)*LLW +: LLW]; q_entry[i*EB +: EB] <= q_entry[(i+1)*EB +: EB];"
                        " q_warp[i*WB +: WB] <= q_warp[(i+1)*WB +: WB];\n"
                        "        q_last[i] <= q_last[i+1];\n"
                        "      end\n", d.Q - 1);
  if (d.LB > 0)
    wgb_printf(&unused, "  wire unused_low = &{1'b0, pfl[%d:0]};  // the last line only needs the line bits\n", d.LB - 1);
  if (s4 == 0) wgb_printf(&unused, "  wire unused_dtid = &{1'b0, s3_dtid};  // the division ended in stage 3\n");
  char inc[96], bigok[64], sxpd[96], sxnq[96], sxgp[96], sxzp[96], sxf0[96], sxl0[96];
  wg_sat_inc(inc, sizeof inc, "dist_old", d.DB, DMAX);
  /* conf + 2 >= active, once saturated: always when CMAX + 2 >= THREADS */
  if (CMAX + 2 >= d.T) bigok[0] = 0;
  else snprintf(bigok, sizeof bigok, " && (u_nact <= %d'd%d)", d.NB, CMAX + 2);
  ap_sx(sxpd, sizeof sxpd, "r_pd", d.PDW, d.AB);
  ap_sx(sxnq, sizeof sxnq, "r_nq", d.NQW, d.AB);
  ap_sx(sxgp, sizeof sxgp, "s5_gp", d.GW, d.AB);
  ap_sx(sxzp, sizeof sxzp, "s5_zp", d.GW, d.AB);
  ap_sx(sxf0, sizeof sxf0, "s5_f0q", d.DW, d.AB);
  ap_sx(sxl0, sizeof sxl0, "s5_l0q", d.DW, d.AB);
  const ap_frag f[] = {
    {"ABOVE1", above1.s}, {"ABOVE2", above2.s}, {"LAST", last.s}, {"IDX", idx.s}, {"POPCOUNT", pop.s},
    {"DELTAS", deltas.s}, {"DIV2", div2.s}, {"DIV3", div3.s}, {"DIV4", div4.s}, {"VICTIM", vic.s},
    {"REM2", rem2}, {"QUO2", quo2}, {"REM3", rem3}, {"QUO3", quo3}, {"REM4", rem4}, {"QUO4", quo4},
    {"ENTIDX", entidx.s}, {"TABLE", table.s}, {"QSHIFT", qshift.s}, {"UNUSED", unused.s},
    {"MUTANT", mutant ? "u_hitf ? u_cconf : '0;  // MUTANT: a mismatch keeps the confidence"
                      : "'0;   // a mismatch resets the confidence"},
    {"DINC", inc}, {"BIGOK", bigok}, {"SXPD", sxpd}, {"SXNQ", sxnq}, {"SXGP", sxgp}, {"SXZP", sxzp},
    {"SXF0", sxf0}, {"SXL0", sxl0},
  };
  ap_tmpl(o, apogee_pipe_tmpl, v, (int)(sizeof v / sizeof v[0]), f, (int)(sizeof f / sizeof f[0]));
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) wgb_free(all[i]);
}

static void apogee_rtl(wg_buf *o, wg_pv p, int mutant) {
  ap_dims d = ap_dims_of(p);
  if (d.pipe) apogee_rtl_pipe(o, d, mutant);
  else apogee_rtl_flat(o, p, mutant);
}

/* ---------------------------------------------------------------- formal */

/* The outputs' equalities with the restated rules and the next-state variables' declarations
** and defaults: the same text in the one-cycle and the pipelined specification. */
static const char apogee_spec_outs_tmpl[] =
  "    assert(pf_valid == (pfq_count != '0));\n"
  "    assert(pf_line == (pf_valid ? q_line[0 +: LLW] : '0));\n"
  "    assert(pf_entry == (pf_valid ? q_entry[0 +: EB] : '0));\n"
  "    assert(pf_warp == (pf_valid ? q_warp[0 +: WB] : '0));\n"
  "    assert(pf_last == (pf_valid && q_last[0]));\n"
  "    assert(gen_merge == s_merge);\n"
  "  end\n"
  "  // every register's next value (reset clears them all)\n"
  "  logic [@@E@@*PCB-1:0] s_nx_pc;\n"
  "  logic [@@E@@*AB-1:0] s_nx_addr;\n"
  "  logic [@@E@@*OB-1:0] s_nx_off;\n"
  "  logic [@@E@@*CB-1:0] s_nx_conf;\n"
  "  logic [@@E@@*TB-1:0] s_nx_tidx;\n"
  "  logic [@@E@@*DB-1:0] s_nx_dist;\n"
  "  logic [@@E@@*2-1:0] s_nx_type;\n"
  "  logic [@@E@@*SW-1:0] s_nx_pend, s_nx_run;\n"
  "  logic [@@E@@-1:0] s_nx_slow;\n"
  "  logic [@@E@@*WB-1:0] s_nx_lw;\n"
  "  logic [@@W@@*PCB-1:0] s_nx_lal;\n"
  "  logic [@@W@@-1:0] s_nx_lalv;\n"
  "  logic s_nx_busy, s_own;\n"
  "  logic [AB-1:0] s_nx_cur, s_nx_gstep;\n"
  "  logic [LLW-1:0] s_nx_glast;\n"
  "  logic [EB-1:0] s_nx_gent;\n"
  "  logic [WB-1:0] s_nx_gw;\n"
  "  logic [@@QB@@-1:0] s_nx_cnt;\n"
  "  logic [DB:0] s_up, s_dn, s_left;\n"
  "  logic [DB-1:0] s_rk;\n"
  "  logic [@@Q@@*LLW-1:0] s_nx_qline;\n"
  "  logic [@@Q@@*EB-1:0] s_nx_qent;\n"
  "  logic [@@Q@@*WB-1:0] s_nx_qw;\n"
  "  logic [@@Q@@-1:0] s_nx_qlast;\n"
  "  always @(*) begin\n"
  "    s_nx_pc = e_pc; s_nx_addr = e_addr; s_nx_off = e_off; s_nx_conf = e_conf; s_nx_tidx = e_tidx;\n"
  "    s_nx_dist = e_dist; s_nx_type = e_type; s_nx_pend = e_pend; s_nx_run = e_run; s_nx_slow = e_slow;\n"
  "    s_nx_lw = e_lw; s_nx_lal = lal; s_nx_lalv = lal_v;\n";

/* The shadow state's queue update and reset, its registers, and the equalities with the RTL's
** own registers: the same text in the one-cycle and the pipelined specification (each writes
** the next state before it and the assertions on the generator and the queue after it). */
static const char apogee_spec_shadow_tmpl[] =
  "      if (s_gend) s_nx_busy = 1'b0; else s_nx_cur = g_cur + g_step;\n"
  "    end\n"
  "    // the queue: the head leaves on a pop, the line joins at the tail on a push\n"
  "    s_nx_cnt = pfq_count + @@QB@@'(s_push) - @@QB@@'(s_pop);\n"
  "    s_nx_qline = q_line; s_nx_qent = q_entry; s_nx_qw = q_warp; s_nx_qlast = q_last;\n"
  "    for (int i = 0; i < @@Q@@; i++)\n"
  "      if (s_pop && i + 1 < @@Q@@) begin\n"
  "        s_nx_qline[i*LLW +: LLW] = q_line[(i+1)*LLW +: LLW]; s_nx_qent[i*EB +: EB] = q_entry[(i+1)*EB +: EB];\n"
  "        s_nx_qw[i*WB +: WB] = q_warp[(i+1)*WB +: WB]; s_nx_qlast[i] = q_last[i+1];\n"
  "      end\n"
  "    for (int i = 0; i < @@Q@@; i++)\n"
  "      if (s_push && @@QB@@'(i) == pfq_count - @@QB@@'(s_pop)) begin\n"
  "        s_nx_qline[i*LLW +: LLW] = s_gline; s_nx_qent[i*EB +: EB] = g_entry; s_nx_qw[i*WB +: WB] = g_warp;\n"
  "        s_nx_qlast[i] = s_gend;\n"
  "      end\n"
  "    if (rst) begin\n"
  "      s_nx_pc = '0; s_nx_addr = '0; s_nx_off = '0; s_nx_conf = '0; s_nx_tidx = '0; s_nx_dist = '0; s_nx_type = '0;\n"
  "      for (int i = 0; i < @@E@@; i++) begin s_nx_pend[i*SW +: SW] = '0; s_nx_run[i*SW +: SW] = '0; end\n"
  "      s_nx_slow = '0; s_nx_lw = '0; s_nx_lal = '0; s_nx_lalv = '0;\n"
  "      s_nx_busy = 1'b0; s_nx_cur = '0; s_nx_gstep = '0; s_nx_glast = '0; s_nx_gent = '0; s_nx_gw = '0; s_nx_cnt = '0;\n"
  "    end\n"
  "  end\n"
  "  logic [@@E@@*PCB-1:0] f_pc;\n"
  "  logic [@@E@@*AB-1:0] f_addr;\n"
  "  logic [@@E@@*OB-1:0] f_off;\n"
  "  logic [@@E@@*CB-1:0] f_conf;\n"
  "  logic [@@E@@*TB-1:0] f_tidx;\n"
  "  logic [@@E@@*DB-1:0] f_dist;\n"
  "  logic [@@E@@*2-1:0] f_type;\n"
  "  logic [@@E@@*SW-1:0] f_pend, f_run;\n"
  "  logic [@@E@@-1:0] f_slow;\n"
  "  logic [@@E@@*WB-1:0] f_lw;\n"
  "  logic [@@W@@*PCB-1:0] f_lal;\n"
  "  logic [@@W@@-1:0] f_lalv;\n"
  "  logic f_busy;\n"
  "  logic [AB-1:0] f_cur, f_gstep;\n"
  "  logic [LLW-1:0] f_glast;\n"
  "  logic [EB-1:0] f_gent;\n"
  "  logic [WB-1:0] f_gw;\n"
  "  logic [@@QB@@-1:0] f_cnt;\n"
  "  logic [@@Q@@*LLW-1:0] f_qline;\n"
  "  logic [@@Q@@*EB-1:0] f_qent;\n"
  "  logic [@@Q@@*WB-1:0] f_qw;\n"
  "  logic [@@Q@@-1:0] f_qlast;\n"
  "  always @(posedge clk) begin\n"
  "    f_pc <= s_nx_pc; f_addr <= s_nx_addr; f_off <= s_nx_off; f_conf <= s_nx_conf; f_tidx <= s_nx_tidx;\n"
  "    f_dist <= s_nx_dist; f_type <= s_nx_type; f_pend <= s_nx_pend; f_run <= s_nx_run; f_slow <= s_nx_slow;\n"
  "    f_lw <= s_nx_lw; f_lal <= s_nx_lal; f_lalv <= s_nx_lalv;\n"
  "    f_busy <= s_nx_busy; f_cur <= s_nx_cur; f_gstep <= s_nx_gstep; f_glast <= s_nx_glast;\n"
  "    f_gent <= s_nx_gent; f_gw <= s_nx_gw; f_cnt <= s_nx_cnt;\n"
  "    f_qline <= s_nx_qline; f_qent <= s_nx_qent; f_qw <= s_nx_qw; f_qlast <= s_nx_qlast;\n"
  "  end\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(e_pc == f_pc); assert(e_addr == f_addr); assert(e_off == f_off); assert(e_conf == f_conf);\n"
  "    assert(e_tidx == f_tidx); assert(e_dist == f_dist); assert(e_type == f_type); assert(e_pend == f_pend);\n"
  "    assert(e_run == f_run); assert(e_slow == f_slow); assert(e_lw == f_lw);\n"
  "    assert(lal == f_lal); assert(lal_v == f_lalv);\n";

/* The block's function restated from the rules, for the proofs (issue 20's "properties with
** teeth"): every output and every register's next value computed again from the registers and
** inputs -- indexed reads where the RTL has one-hot AND-OR muxes, a search over the offsets where
** it has a restoring divider, the victim as the smallest key -- and compared with the RTL's.
** Arithmetic is as narrow as the values (addresses modulo 2^ADDR_BITS, like the RTL): 32-bit
** arithmetic made the proof's SAT problem 14x the RTL's.  Loops keep the text the same size at
** every ENTRIES. */
static const char apogee_spec_tmpl[] =
  "\n"
  "`ifndef WG_COVERS  // (the covers leave it out: docs/formal.md)\n"
  "  // ---- the function, restated from the rules (docs/blocks/apogee.md) ----\n"
  "  // Every output and every register's next value computed again from the registers and inputs:\n"
  "  // the lanes and entries read by index, the victim as the smallest key, the offset by a search\n"
  "  // over q, addresses in ADDR_BITS-bit arithmetic; the asserts compare them with the RTL's.\n"
  "  // (the burst's last line leaves the low address bits unused: that lint is off here only)\n"
  "  // verilator lint_off UNUSEDSIGNAL\n"
  "  // an offset sign-extended to an address\n"
  "  function automatic logic [AB-1:0] s_so(input logic [OB-1:0] v);\n"
  "    s_so = {{(AB-OB){v[OB-1]}}, v};\n"
  "  endfunction\n"
  "  // the load's lanes: first, second and last active lane, their count and addresses\n"
  "  logic s_go, s_pairs;\n"
  "  logic [@@TLB@@-1:0] s_f0, s_f1, s_ll;\n"
  "  logic [@@NB@@-1:0] s_nact;\n"
  "  logic [AB-1:0] s_a0, s_a1, s_all;\n"
  "  always @(*) begin\n"
  "    s_f0 = '0; s_f1 = '0; s_ll = '0; s_nact = '0;\n"
  "    for (int j = @@T@@ - 1; j >= 0; j--) if (ld_mask[j]) begin s_f1 = s_f0; s_f0 = @@TLB@@'(j); end\n"
  "    for (int j = 0; j < @@T@@; j++) if (ld_mask[j]) begin s_ll = @@TLB@@'(j); s_nact = s_nact + 1'b1; end\n"
  "    s_go = ld_valid && s_nact != '0;\n"
  "    s_pairs = s_nact >= @@NB@@'(2);\n"
  "    s_a0 = '0; s_a1 = '0; s_all = '0;\n"
  "    for (int j = 0; j < @@T@@; j++) begin\n"
  "      if (s_f0 == @@TLB@@'(j)) s_a0 = ld_addr[j*AB +: AB];\n"
  "      if (s_f1 == @@TLB@@'(j)) s_a1 = ld_addr[j*AB +: AB];\n"
  "      if (s_ll == @@TLB@@'(j)) s_all = ld_addr[j*AB +: AB];\n"
  "    end\n"
  "  end\n"
  "  // the table: the load's FOA entry (fe), its TIA trigger (te), the warp's LAL trigger (le),\n"
  "  // the TIA entry of the first lane's address (ae), the victim (ve)\n"
  "  logic s_hit, s_thit, s_lfound, s_lany, s_ahit, s_vok, s_vmin, s_vvalid, s_lalv, s_tslow;\n"
  "  logic [@@EB@@-1:0] s_fe, s_te, s_le, s_ae, s_ve;\n"
  "  logic [PCB-1:0] s_lal;\n"
  "  logic [@@E@@-1:0] s_cand;\n"
  "  logic [@@E@@*(CB+1)-1:0] s_key;\n"
  "  logic [AB-1:0] s_oaddr, s_taddr;\n"
  "  logic [OB-1:0] s_ooff;\n"
  "  logic [CB-1:0] s_oconf;\n"
  "  logic [TB-1:0] s_otidx;\n"
  "  logic [DB-1:0] s_odist, s_pend, s_run;\n"
  "  logic [WB-1:0] s_olw;\n"
  "  always @(*) begin\n"
  "    s_lal = '0; s_lalv = 1'b0;\n"
  "    for (int k = 0; k < @@W@@; k++) if (ld_warp == @@WB@@'(k)) begin s_lal = lal[k*PCB +: PCB]; s_lalv = lal_v[k]; end\n"
  "    s_hit = 1'b0; s_thit = 1'b0; s_lfound = 1'b0; s_ahit = 1'b0; s_fe = '0; s_te = '0; s_le = '0; s_ae = '0;\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      if (e_type[i*2 +: 2] == 2'b01 && e_pc[i*PCB +: PCB] == ld_pc) begin s_hit = 1'b1; s_fe = @@EB@@'(i); end\n"
  "      if (e_type[i*2 +: 2] == 2'b10 && e_pc[i*PCB +: PCB] == ld_pc) begin s_thit = 1'b1; s_te = @@EB@@'(i); end\n"
  "      if (e_type[i*2 +: 2] == 2'b10 && e_pc[i*PCB +: PCB] == s_lal) begin s_lfound = 1'b1; s_le = @@EB@@'(i); end\n"
  "      if (e_type[i*2 +: 2] == 2'b10 && e_addr[i*AB +: AB] == s_a0) begin s_ahit = 1'b1; s_ae = @@EB@@'(i); end\n"
  "    end\n"
  "    s_lany = s_lalv && s_lfound;\n"
  "    // the victim: not hit by this load; invalid before valid, then the lowest confidence, the\n"
  "    // lowest index among equals\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      s_cand[i] = !(s_hit && s_fe == @@EB@@'(i)) && !(s_thit && s_te == @@EB@@'(i));\n"
  "      s_key[i*(CB+1) +: CB+1] = {e_type[i*2 +: 2] != 2'b00, e_conf[i*CB +: CB]};\n"
  "    end\n"
  "    s_vok = s_cand != '0; s_ve = '0;\n"
  "    for (int i = @@E@@ - 1; i >= 0; i--) begin\n"
  "      s_vmin = s_cand[i];\n"
  "      for (int j = 0; j < @@E@@; j++) if (s_cand[j] && s_key[j*(CB+1) +: CB+1] < s_key[i*(CB+1) +: CB+1]) s_vmin = 1'b0;\n"
  "      if (s_vmin) s_ve = @@EB@@'(i);\n"
  "    end\n"
  "    // the FOA entry's fields (0 without one), the TIA trigger's address and slow bit, the victim's valid\n"
  "    s_oaddr = '0; s_ooff = '0; s_oconf = '0; s_otidx = '0; s_odist = '0; s_olw = '0; s_pend = '0; s_run = '0;\n"
  "    s_taddr = '0; s_tslow = 1'b0; s_vvalid = 1'b0;\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      if (s_hit && s_fe == @@EB@@'(i)) begin\n"
  "        s_oaddr = e_addr[i*AB +: AB]; s_ooff = e_off[i*OB +: OB]; s_oconf = e_conf[i*CB +: CB];\n"
  "        s_otidx = e_tidx[i*TB +: TB]; s_odist = e_dist[i*DB +: DB]; s_olw = e_lw[i*WB +: WB];\n"
  "        for (int k = 0; k < @@W@@; k++) if (ld_warp == @@WB@@'(k)) begin\n"
  "          s_pend = e_pend[i*SW + k*DB +: DB]; s_run = e_run[i*SW + k*DB +: DB];\n"
  "        end\n"
  "      end\n"
  "      if (s_thit && s_te == @@EB@@'(i)) begin s_taddr = e_addr[i*AB +: AB]; s_tslow = e_slow[i]; end\n"
  "      if (s_ve == @@EB@@'(i)) s_vvalid = e_type[i*2 +: 2] != 2'b00;\n"
  "    end\n"
  "  end\n"
  "  // the offset (Fig. 5.6): the q in OFF_BITS signed bits with q x (f1 - f0) = A(f1) - A(f0) (both\n"
  "  // sides lie within half the address space, so equal modulo 2^ADDR_BITS is equal); then every\n"
  "  // active lane j on the line through the first, A(j) = A(f0) + (j - f0) x offset (Fig. 5.5)\n"
  "  logic s_dok, s_learn, s_rok, s_lanes, s_match, s_scalar, s_cok, s_eok, s_ldok;\n"
  "  logic [OB-1:0] s_q, s_roff, s_off, s_mag;\n"
  "  logic [AB-1:0] s_dtid, s_ro;\n"
  "  logic [@@SB@@-1:0] s_csum;\n"
  "  logic [CB-1:0] s_conf;\n"
  "  logic [TB-1:0] s_tidx;\n"
  "  logic [@@EB@@-1:0] s_ent;\n"
  "  always @(*) begin\n"
  "    s_dtid = @@AB@@'(s_f1) - @@AB@@'(s_f0);\n"
  "    s_dok = 1'b0; s_q = '0;\n"
  "    for (int q = 0; q < @@QN@@; q++)\n"
  "      if (s_so(@@OB@@'(q)) * s_dtid == s_a1 - s_a0) begin s_dok = 1'b1; s_q = @@OB@@'(q); end\n"
  "    s_learn = !s_hit || (s_oconf == '0 && s_ooff == '0);\n"
  "    s_roff = s_learn ? s_q : s_ooff;\n"
  "    s_rok = s_learn ? s_dok : 1'b1;\n"
  "    s_ro = s_so(s_roff);\n"
  "    s_lanes = 1'b1;\n"
  "    for (int j = 0; j < @@T@@; j++)\n"
  "      if (ld_mask[j] && ld_addr[j*AB +: AB] != s_a0 + (@@AB@@'(j) - @@AB@@'(s_f0)) * s_ro) s_lanes = 1'b0;\n"
  "    s_match = s_pairs && s_rok && s_lanes;\n"
  "    // the confidence: + the matching pairs (the first pair sets the offset when learning),\n"
  "    // saturating; 0 on a mismatch\n"
  "    s_csum = (s_hit ? @@SB@@'(s_oconf) : '0) + @@SB@@'(s_nact) - @@SB@@'(1) - @@SB@@'(s_learn);\n"
  "    s_conf = !s_pairs ? s_oconf : !s_match ? '0 : (s_csum > @@SB@@'(@@CMAX@@) ? @@CB@@'(@@CMAX@@) : s_csum[CB-1:0]);\n"
  "    s_off = !s_pairs ? s_ooff : (s_match ? s_roff : '0);\n"
  "    s_scalar = s_match && s_roff == '0;\n"
  "    s_tidx = s_scalar ? @@TB@@'(@@TALL@@) : {1'b0, s_ll};\n"
  "    s_cok = s_match && s_conf != '0 && @@SB@@'(s_conf) + @@SB@@'(2) >= @@SB@@'(s_nact) && s_roff != '0;\n"
  "    s_eok = s_hit || s_vok;\n"
  "    s_ldok = s_go && s_eok;\n"
  "    s_ent = s_hit ? s_fe : s_ve;\n"
  "  end\n"
  "  // the distance (Fig. 5.7) and the burst: A(ll) + (d x n x THREADS - ll + i) x offset\n"
  "  logic s_judged, s_slow, s_early, s_fwant, s_twant, s_fstart, s_tstart;\n"
  "  logic [AB-1:0] s_nw, s_k, s_eaddr, s_pf0, s_pfl, s_step;\n"
  "  logic [DB-1:0] s_dold, s_dnew;\n"
  "  always @(*) begin\n"
  "    s_judged = s_hit && s_run >= s_odist;\n"
  "    s_slow = s_judged && s_pend >= s_odist;\n"
  "    s_nw = (n_warps == '0 || n_warps > @@NWB@@'(@@W@@)) ? @@AB@@'(@@W@@) : @@AB@@'(n_warps);\n"
  "    // the recomputed address: warp w runs k = w - lw warps after the entry's last access (+ n\n"
  "    // warps when w <= lw: the next iteration), k x THREADS threads further\n"
  "    s_k = (ld_warp > s_olw) ? @@AB@@'(ld_warp) - @@AB@@'(s_olw) : @@AB@@'(ld_warp) + s_nw - @@AB@@'(s_olw);\n"
  "    s_eaddr = s_oaddr + (s_k * @@AB@@'(@@T@@) + @@AB@@'(s_f0) - @@AB@@'(s_otidx)) * s_so(s_ooff);\n"
  "    s_early = s_judged && s_pend < s_odist && !ld_hit && s_a0 == s_eaddr;\n"
  "    s_dold = s_hit ? s_odist : @@DB@@'(1);\n"
  "    if (s_slow) s_dnew = (s_dold == @@DB@@'(@@DMAX@@)) ? s_dold : s_dold + 1'b1;\n"
  "    else if (s_early) s_dnew = (s_dold <= @@DB@@'(1)) ? @@DB@@'(1) : s_dold - 1'b1;\n"
  "    else s_dnew = s_dold;\n"
  "    s_pf0 = s_all + (@@AB@@'(s_dnew) * s_nw * @@AB@@'(@@T@@) - @@AB@@'(s_ll)) * s_ro;\n"
  "    s_pfl = s_pf0 + @@AB@@'(@@TM1@@) * s_ro;\n"
  "    // the walk: the offset itself when it spans a line or more, else a line at a time its way\n"
  "    s_mag = s_roff[OB-1] ? -s_roff : s_roff;\n"
  "    s_step = (32'(s_mag) >= 32'd@@L@@) ? s_ro : (s_roff[OB-1] ? @@AB@@'(0) - @@AB@@'(@@L@@) : @@AB@@'(@@L@@));\n"
  "    s_fwant = s_go && s_eok && s_cok;\n"
  "    s_twant = s_go && s_thit;\n"
  "    s_fstart = s_fwant && !gen_busy;\n"
  "    s_tstart = s_twant && !gen_busy && !s_fwant;\n"
  "  end\n"
  "  // TIA (Fig. 5.9)\n"
  "  logic s_move, s_smiss, s_cre, s_refresh, s_talloc, s_falloc;\n"
  "  always @(*) begin\n"
  "    s_move = s_go && s_thit && s_tslow && s_lalv && !s_lany;\n"
  "    s_smiss = s_go && s_hit && s_otidx == @@TB@@'(@@TALL@@) && !ld_hit;\n"
  "    s_cre = s_smiss && !s_ahit && s_lalv && s_lal != ld_pc;\n"
  "    s_refresh = s_cre && s_lany;\n"
  "    s_talloc = s_cre && !s_lany && !s_move && s_vok;\n"
  "    s_falloc = s_go && !s_hit && s_vok;\n"
  "  end\n"
  "  // the generator and the queue\n"
  "  logic s_gend, s_merge, s_pop, s_push;\n"
  "  logic [LLW-1:0] s_gline;\n"
  "  always @(*) begin\n"
  "    s_gline = g_cur[AB-1:@@LB@@];\n"
  "    s_gend = s_gline == g_last;\n"
  "    s_merge = 1'b0;\n"
  "    for (int i = 0; i < @@Q@@; i++)\n"
  "      if (gen_busy && !s_gend && @@QB@@'(i) < pfq_count && q_line[i*LLW +: LLW] == s_gline) s_merge = 1'b1;\n"
  "    s_pop = pfq_count != '0 && pf_ready;\n"
  "    s_push = gen_busy && !s_merge && (pfq_count != @@QB@@'(@@Q@@) || s_pop);\n"
  "  end\n"
  "  // every output\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(ld_entry == (s_ldok ? s_ent : '0));\n"
  "    assert(ld_alloc == s_falloc);\n"
  "    assert(evict == ((s_falloc || s_talloc) && s_vvalid));\n"
  "    assert(ld_match == (s_ldok && s_match));\n"
  "    assert(ld_mismatch == (s_ldok && s_pairs && !s_match));\n"
  "    assert(ld_conf == (s_ldok ? s_conf : '0));\n"
  "    assert(ld_offset == (s_ldok ? s_off : '0));\n"
  "    assert(ld_confirmed == s_fwant);\n"
  "    assert(ld_scalar == (s_ldok && s_scalar));\n"
  "    assert(ld_state == ((s_ldok && s_judged) ? (s_pend >= s_odist ? 2'b01 : 2'b10) : 2'b00));\n"
  "    assert(dist_up == (s_ldok && s_slow));\n"
  "    assert(dist_down == (s_ldok && s_early));\n"
  "    assert(ld_dist == (s_ldok ? s_dnew : '0));\n"
  "    assert(ld_pf_addr == (s_fwant ? s_pf0 : '0));\n"
  "    assert(pf_start == s_fstart);\n"
  "    assert(tia_fire == s_tstart);\n"
  "    assert(pf_drop == ((s_fwant && gen_busy) || (s_twant && !s_tstart)));\n"
  "    assert(tia_create == (s_refresh || s_talloc));\n"
  "    assert(tia_slow == (s_smiss && s_ahit));\n"
  "    assert(tia_move == s_move);\n";

/* (the one-cycle specification, continued: the entries', the LALs' and the generator's next state) */
static const char apogee_spec_mid_tmpl[] =
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      // the warps' burst counters: + a started burst, - completed ones (a fill of the last line,\n"
  "      // or the last line dropped as present); runs restart on a new entry or distance\n"
  "      for (int k = 0; k < @@W@@; k++) begin\n"
  "        s_own = s_ldok && s_ent == @@EB@@'(i) && ld_warp == @@WB@@'(k);\n"
  "        s_up = {1'b0, e_pend[i*SW + k*DB +: DB]} + ((s_own && s_fstart) ? @@DBP@@'(1) : '0);\n"
  "        s_dn = ((fill_valid && fill_last && fill_entry == @@EB@@'(i) && fill_warp == @@WB@@'(k)\n"
  "                 && e_type[i*2 +: 2] == 2'b01) ? @@DBP@@'(1) : '0)\n"
  "             + ((s_pop && pf_present && q_last[0] && q_entry[0 +: EB] == @@EB@@'(i) && q_warp[0 +: WB] == @@WB@@'(k)\n"
  "                 && e_type[i*2 +: 2] == 2'b01) ? @@DBP@@'(1) : '0);\n"
  "        s_left = (s_up <= s_dn) ? '0 : (s_up - s_dn > @@DBP@@'(@@DMAX@@)) ? @@DBP@@'(@@DMAX@@) : s_up - s_dn;\n"
  "        if (s_ldok && !s_hit && s_ent == @@EB@@'(i)) s_left = (s_own && s_fstart) ? @@DBP@@'(1) : '0;\n"
  "        s_nx_pend[i*SW + k*DB +: DB] = s_left[DB-1:0];\n"
  "        s_rk = e_run[i*SW + k*DB +: DB];\n"
  "        if (s_ldok && s_ent == @@EB@@'(i) && (!s_hit || s_dnew != s_dold)) s_rk = (s_own && s_fstart) ? @@DB@@'(1) : '0;\n"
  "        else if (s_own) s_rk = !s_fstart ? '0 : (s_rk == @@DB@@'(@@DMAX@@) ? s_rk : s_rk + 1'b1);\n"
  "        s_nx_run[i*SW + k*DB +: DB] = s_rk;\n"
  "      end\n"
  "      if (s_ldok && s_ent == @@EB@@'(i)) begin   // the load's FOA entry\n"
  "        s_nx_pc[i*PCB +: PCB] = ld_pc; s_nx_addr[i*AB +: AB] = s_all; s_nx_off[i*OB +: OB] = s_off;\n"
  "        s_nx_conf[i*CB +: CB] = s_conf; s_nx_tidx[i*TB +: TB] = s_tidx; s_nx_dist[i*DB +: DB] = s_dnew;\n"
  "        s_nx_type[i*2 +: 2] = 2'b01; s_nx_lw[i*WB +: WB] = ld_warp; s_nx_slow[i] = 1'b0;\n"
  "      end\n"
  "      if (s_move && s_te == @@EB@@'(i)) begin s_nx_pc[i*PCB +: PCB] = s_lal; s_nx_slow[i] = 1'b0; end\n"
  "      if (s_refresh && s_le == @@EB@@'(i)) begin s_nx_addr[i*AB +: AB] = s_a0; s_nx_slow[i] = 1'b0; end\n"
  "      if (s_smiss && s_ahit && s_ae == @@EB@@'(i)) s_nx_slow[i] = 1'b1;\n"
  "      if (s_talloc && s_ve == @@EB@@'(i)) begin   // a new TIA trigger keyed by the warp's LAL\n"
  "        s_nx_pc[i*PCB +: PCB] = s_lal; s_nx_addr[i*AB +: AB] = s_a0; s_nx_off[i*OB +: OB] = '0;\n"
  "        s_nx_conf[i*CB +: CB] = s_oconf; s_nx_tidx[i*TB +: TB] = @@TB@@'(@@TALL@@); s_nx_dist[i*DB +: DB] = '0;\n"
  "        s_nx_type[i*2 +: 2] = 2'b10; s_nx_pend[i*SW +: SW] = '0; s_nx_run[i*SW +: SW] = '0;\n"
  "        s_nx_slow[i] = 1'b0; s_nx_lw[i*WB +: WB] = ld_warp;\n"
  "      end\n"
  "    end\n"
  "    for (int k = 0; k < @@W@@; k++)\n"
  "      if (s_go && ld_warp == @@WB@@'(k)) begin s_nx_lal[k*PCB +: PCB] = ld_pc; s_nx_lalv[k] = 1'b1; end\n"
  "    // the generator: a burst starts when idle, walks a line per cycle it is queued or merged\n"
  "    s_nx_busy = gen_busy; s_nx_cur = g_cur; s_nx_gstep = g_step; s_nx_glast = g_last;\n"
  "    s_nx_gent = g_entry; s_nx_gw = g_warp;\n"
  "    if (!gen_busy && s_fstart) begin\n"
  "      s_nx_busy = 1'b1; s_nx_cur = s_pf0; s_nx_gstep = s_step; s_nx_glast = s_pfl[AB-1:@@LB@@];\n"
  "      s_nx_gent = s_ent; s_nx_gw = ld_warp;\n"
  "    end else if (!gen_busy && s_tstart) begin\n"
  "      s_nx_busy = 1'b1; s_nx_cur = s_taddr; s_nx_gstep = '0; s_nx_glast = s_taddr[AB-1:@@LB@@];\n"
  "      s_nx_gent = s_te; s_nx_gw = ld_warp;\n"
  "    end else if (gen_busy && (s_merge || s_push)) begin\n";

/* (the one-cycle specification's last part: the generator's and the queue's registers) */
static const char apogee_spec_tail_tmpl[] =
  "    assert(gen_busy == f_busy); assert(pfq_count == f_cnt);\n"
  "    // the generator's registers and the queue's slots matter while they hold something\n"
  "    if (gen_busy) begin\n"
  "      assert(g_cur == f_cur); assert(g_step == f_gstep); assert(g_last == f_glast);\n"
  "      assert(g_entry == f_gent); assert(g_warp == f_gw);\n"
  "    end\n"
  "    for (int i = 0; i < @@Q@@; i++) if (@@QB@@'(i) < pfq_count) begin\n"
  "      assert(q_line[i*LLW +: LLW] == f_qline[i*LLW +: LLW]); assert(q_entry[i*EB +: EB] == f_qent[i*EB +: EB]);\n"
  "      assert(q_warp[i*WB +: WB] == f_qw[i*WB +: WB]); assert(q_last[i] == f_qlast[i]);\n"
  "    end\n"
  "  end\n"
  "  // verilator lint_on UNUSEDSIGNAL\n"
  "`endif  // WG_COVERS\n";

/* The template variables both restated specifications use (the pipelined one adds its stages'
** widths after them); returns their count.  v holds at least AP_SPEC_NVARS. */
enum { AP_SPEC_NVARS = 24 };
static int ap_spec_vars(wg_tmpl_var *v, ap_dims d) {
  const int SB = (d.CB > d.NB ? d.CB : d.NB) + 1;   /* as the RTL's confidence sum */
  const wg_tmpl_var c[AP_SPEC_NVARS] = {
    {"E", d.E}, {"W", d.W}, {"T", d.T}, {"TM1", d.T - 1}, {"Q", d.Q}, {"QB", d.QB}, {"LB", d.LB},
    {"L", 1 << d.LB}, {"TLB", d.TLB}, {"NB", d.NB}, {"NWB", d.NWB}, {"EB", d.EB}, {"WB", d.WB},
    {"AB", d.AB}, {"OB", d.OB}, {"CB", d.CB}, {"TB", d.TB}, {"DB", d.DB}, {"DBP", d.DB + 1}, {"SB", SB},
    {"QN", 1 << d.OB}, {"TALL", d.TALL}, {"CMAX", (1 << d.CB) - 1}, {"DMAX", (1 << d.DB) - 1},
  };
  for (int i = 0; i < AP_SPEC_NVARS; i++) v[i] = c[i];
  return AP_SPEC_NVARS;
}

static void apogee_spec_props(wg_buf *o, ap_dims d) {
  wg_tmpl_var v[AP_SPEC_NVARS];
  const int nv = ap_spec_vars(v, d);
  wg_emit_tmpl(o, apogee_spec_tmpl, v, nv);
  wg_emit_tmpl(o, apogee_spec_outs_tmpl, v, nv);
  wg_emit_tmpl(o, apogee_spec_mid_tmpl, v, nv);
  wg_emit_tmpl(o, apogee_spec_shadow_tmpl, v, nv);
  wg_emit_tmpl(o, apogee_spec_tail_tmpl, v, nv);
}

static const char apogee_pipe_spec_tmpl[] =
  "\n"
  "`ifndef WG_COVERS  // (the covers leave it out: docs/formal.md)\n"
  "  // ---- the function, restated from the rules (docs/blocks/apogee.md, \"The pipeline\") ----\n"
  "  // A shadow of every load's inputs follows it through the stages: depth k is the load whose\n"
  "  // stage-k registers hold it (6: the table cycle's).  At each depth the rules are computed again\n"
  "  // from those inputs (lanes by index, the offset by a search over q, products in ADDR_BITS-bit\n"
  "  // arithmetic) and every stage register is asserted equal to what its stage keeps of them; the\n"
  "  // table cycle's decision is restated on the table as it is, with the victim picked the cycle\n"
  "  // before (restated then), and compared with the report a cycle later; every register's next\n"
  "  // value likewise.\n"
  "  // verilator lint_off UNUSEDSIGNAL\n"
  "  // an offset, a lane delta sign-extended to an address\n"
  "  function automatic logic [AB-1:0] s_so(input logic [OB-1:0] v);\n"
  "    s_so = @@AB@@'($signed(v));\n"
  "  endfunction\n"
  "  function automatic logic [AB-1:0] s_sxd(input logic [DW-1:0] v);\n"
  "    s_sxd = @@AB@@'($signed(v));\n"
  "  endfunction\n"
  "  // the shadow: depth k at [(k-1)*W +: W] (bit k-1 of h_go, h_hit); reset empties it as the stages\n"
  "  logic [5:0] h_go, h_hit;\n"
  "  logic [6*PCB-1:0] h_pc;\n"
  "  logic [6*WB-1:0] h_w;\n"
  "  logic [6*@@T@@-1:0] h_mask;\n"
  "  logic [6*@@T@@*AB-1:0] h_addr;\n"
  "  logic [6*@@NWB@@-1:0] h_nw;\n"
  "  always @(posedge clk) begin\n"
  "    h_go[0] <= !rst && ld_valid && ld_mask != '0; h_hit[0] <= ld_hit; h_pc[0 +: PCB] <= ld_pc; h_w[0 +: WB] <= ld_warp;\n"
  "    h_mask[0 +: @@T@@] <= ld_mask; h_addr[0 +: @@T@@*AB] <= ld_addr; h_nw[0 +: @@NWB@@] <= n_warps;\n"
  "    for (int k = 1; k < 6; k++) begin\n"
  "      h_go[k] <= !rst && h_go[k-1]; h_hit[k] <= h_hit[k-1]; h_pc[k*PCB +: PCB] <= h_pc[(k-1)*PCB +: PCB];\n"
  "      h_w[k*WB +: WB] <= h_w[(k-1)*WB +: WB]; h_mask[k*@@T@@ +: @@T@@] <= h_mask[(k-1)*@@T@@ +: @@T@@];\n"
  "      h_addr[k*@@T@@*AB +: @@T@@*AB] <= h_addr[(k-1)*@@T@@*AB +: @@T@@*AB]; h_nw[k*@@NWB@@ +: @@NWB@@] <= h_nw[(k-1)*@@NWB@@ +: @@NWB@@];\n"
  "    end\n"
  "  end\n"
  "  // the rules of one load, at each depth\n"
  "  for (genvar k = 1; k <= 6; k++) begin : g_sp\n"
  "    logic go, hit, pairs, fits, neg, inr, dok, line;\n"
  "    logic [PCB-1:0] pc;\n"
  "    logic [WB-1:0] w;\n"
  "    logic [@@T@@-1:0] mask, fit;\n"
  "    logic [@@T@@*AB-1:0] addr;\n"
  "    logic [@@NWB@@-1:0] nw;\n"
  "    logic [@@TLB@@-1:0] f0, f1, ll, dtid;\n"
  "    logic [@@NB@@-1:0] nact;\n"
  "    logic [AB-1:0] a0, a1, al, dlt, xj, gq, z2, b0, b1, nq;\n"
  "    logic [DW-1:0] mag, qq, f0q, l0q;\n"
  "    logic [OB-1:0] q;\n"
  "    logic [@@T@@*DW-1:0] d, v;\n"
  "    logic [@@GW@@-1:0] gp, zp;\n"
  "    assign go = h_go[k-1];\n"
  "    assign hit = h_hit[k-1];\n"
  "    assign pc = h_pc[(k-1)*PCB +: PCB];\n"
  "    assign w = h_w[(k-1)*WB +: WB];\n"
  "    assign mask = h_mask[(k-1)*@@T@@ +: @@T@@];\n"
  "    assign addr = h_addr[(k-1)*@@T@@*AB +: @@T@@*AB];\n"
  "    assign nw = (h_nw[(k-1)*@@NWB@@ +: @@NWB@@] == '0 || h_nw[(k-1)*@@NWB@@ +: @@NWB@@] > @@NWB@@'d@@W@@) ? @@NWB@@'d@@W@@\n"
  "                : h_nw[(k-1)*@@NWB@@ +: @@NWB@@];\n"
  "    always @(*) begin\n"
  "      // the first, second and last active lane, their count and addresses\n"
  "      f0 = '0; f1 = '0; ll = '0; nact = '0;\n"
  "      for (int j = @@T@@ - 1; j >= 0; j--) if (mask[j]) begin f1 = f0; f0 = @@TLB@@'(j); end\n"
  "      for (int j = 0; j < @@T@@; j++) if (mask[j]) begin ll = @@TLB@@'(j); nact = nact + 1'b1; end\n"
  "      pairs = nact >= @@NB@@'(2);\n"
  "      a0 = '0; a1 = '0; al = '0;\n"
  "      for (int j = 0; j < @@T@@; j++) begin\n"
  "        if (f0 == @@TLB@@'(j)) a0 = addr[j*AB +: AB];\n"
  "        if (f1 == @@TLB@@'(j)) a1 = addr[j*AB +: AB];\n"
  "        if (ll == @@TLB@@'(j)) al = addr[j*AB +: AB];\n"
  "      end\n"
  "      // each lane's delta from the first, and whether it is a DW-bit signed number\n"
  "      xj = '0;\n"
  "      for (int j = 0; j < @@T@@; j++) begin\n"
  "        xj = addr[j*AB +: AB] - a0;\n"
  "        d[j*DW +: DW] = xj[DW-1:0];\n"
  "        fit[j] = s_sxd(xj[DW-1:0]) == xj;\n"
  "      end\n"
  "      // the first pair: its delta fits DW bits, its sign and magnitude, the quotient by the thread delta\n"
  "      dlt = a1 - a0;\n"
  "      fits = s_sxd(dlt[DW-1:0]) == dlt;\n"
  "      neg = dlt[AB-1];\n"
  "      mag = neg ? -dlt[DW-1:0] : dlt[DW-1:0];\n"
  "      dtid = f1 - f0;\n"
  "      inr = fits && mag < {dtid, @@OB@@'d0};\n"
  "      qq = (dtid == '0) ? '0 : mag / @@DW@@'(dtid);\n"
  "      // the offset (Fig. 5.6): the q in OFF_BITS signed bits with q x (f1 - f0) = A(f1) - A(f0)\n"
  "      dok = 1'b0; q = '0;\n"
  "      for (int c = 0; c < @@QN@@; c++)\n"
  "        if (s_so(@@OB@@'(c)) * (@@AB@@'(f1) - @@AB@@'(f0)) == dlt) begin dok = 1'b1; q = @@OB@@'(c); end\n"
  "      // every active lane on the line through the first with that offset (Fig. 5.5)\n"
  "      line = pairs && dok;\n"
  "      for (int j = 0; j < @@T@@; j++)\n"
  "        if (mask[j] && addr[j*AB +: AB] != a0 + (@@AB@@'(j) - @@AB@@'(f0)) * s_so(q)) line = 1'b0;\n"
  "      // what the stages keep of q: each lane's delta less j x q; f0 x q, (T-1-f0) x q; (f0 + w x T) x q\n"
  "      // and (f0 + (w + n_warps) x T) x q; n_warps x T x q; and the bases they give\n"
  "      for (int j = 0; j < @@T@@; j++) v[j*DW +: DW] = d[j*DW +: DW] - @@DW@@'(@@AB@@'(j) * s_so(q));\n"
  "      f0q = @@DW@@'(@@AB@@'(f0) * s_so(q));\n"
  "      l0q = @@DW@@'((@@AB@@'(@@TM1@@) - @@AB@@'(f0)) * s_so(q));\n"
  "      gp = @@GW@@'((@@AB@@'(w) * @@AB@@'(@@T@@) + @@AB@@'(f0)) * s_so(q));\n"
  "      zp = @@GW@@'(((@@AB@@'(w) + @@AB@@'(nw)) * @@AB@@'(@@T@@) + @@AB@@'(f0)) * s_so(q));\n"
  "      nq = @@AB@@'(nw) * @@AB@@'(@@T@@) * s_so(q);\n"
  "      gq = a0 - (@@AB@@'(w) * @@AB@@'(@@T@@) + @@AB@@'(f0)) * s_so(q);\n"
  "      z2 = a0 - ((@@AB@@'(w) + @@AB@@'(nw)) * @@AB@@'(@@T@@) + @@AB@@'(f0)) * s_so(q);\n"
  "      b0 = a0 - @@AB@@'(f0) * s_so(q);\n"
  "      b1 = a0 + (@@AB@@'(@@TM1@@) - @@AB@@'(f0)) * s_so(q);\n"
  "    end\n"
  "  end\n"
  "  // every stage register holds what its stage keeps of its load\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(s1_go == g_sp[1].go);\n"
  "    if (s1_go) begin\n"
  "      assert(s1_pc == g_sp[1].pc); assert(s1_w == g_sp[1].w); assert(s1_hit == g_sp[1].hit); assert(s1_nw == g_sp[1].nw);\n"
  "      assert(s1_mask == g_sp[1].mask); assert(s1_la == g_sp[1].addr); assert(s1_f0 == g_sp[1].f0); assert(s1_f1 == g_sp[1].f1);\n"
  "      assert(s1_ll == g_sp[1].ll); assert(s1_af0 == g_sp[1].a0); assert(s1_all == g_sp[1].al);\n"
  "      assert(s1_nact == g_sp[1].nact); assert(s1_pairs == g_sp[1].pairs);\n"
  "      if (g_sp[1].pairs) assert(s1_af1 == g_sp[1].a1);  // (a second active lane's)\n"
  "    end\n"
  "    // stage 2: the deltas; dividing |delta| by dtid, the quotient's top @@S2@@ bits and the remainder\n"
  "    assert(s2_go == g_sp[2].go);\n"
  "    if (s2_go) begin\n"
  "      assert(s2_pc == g_sp[2].pc); assert(s2_w == g_sp[2].w); assert(s2_hit == g_sp[2].hit); assert(s2_nw == g_sp[2].nw);\n"
  "      assert(s2_mask == g_sp[2].mask); assert(s2_f0 == g_sp[2].f0); assert(s2_ll == g_sp[2].ll); assert(s2_af0 == g_sp[2].a0);\n"
  "      assert(s2_all == g_sp[2].al); assert(s2_nact == g_sp[2].nact); assert(s2_pairs == g_sp[2].pairs);\n"
  "      assert(s2_d == g_sp[2].d); assert(s2_fit == g_sp[2].fit); assert(s2_dtid == g_sp[2].dtid);\n"
  "      // (the first pair's, when there is one)\n"
  "      if (g_sp[2].pairs) assert(s2_inr == g_sp[2].inr);\n"
  "      if (g_sp[2].pairs && g_sp[2].fits) assert(s2_neg == g_sp[2].neg);\n"
  "      if (g_sp[2].pairs && g_sp[2].inr) begin\n"
  "        assert(s2_quo == @@S2@@'(g_sp[2].qq >> @@Q2LO@@));\n"
  "        assert(s2_rem == @@R2W@@'(g_sp[2].mag - ((g_sp[2].qq >> @@Q2LO@@) << @@Q2LO@@) * @@DW@@'(g_sp[2].dtid)));\n"
  "      end\n"
  "    end\n"
  "    assert(s3_go == g_sp[3].go);\n"
  "    if (s3_go) begin\n"
  "      assert(s3_pc == g_sp[3].pc); assert(s3_w == g_sp[3].w); assert(s3_hit == g_sp[3].hit); assert(s3_nw == g_sp[3].nw);\n"
  "      assert(s3_mask == g_sp[3].mask); assert(s3_f0 == g_sp[3].f0); assert(s3_ll == g_sp[3].ll); assert(s3_af0 == g_sp[3].a0);\n"
  "      assert(s3_all == g_sp[3].al); assert(s3_nact == g_sp[3].nact); assert(s3_pairs == g_sp[3].pairs);\n"
  "      assert(s3_d == g_sp[3].d); assert(s3_fit == g_sp[3].fit); assert(s3_dtid == g_sp[3].dtid);\n"
  "      // (the first pair's, when there is one)\n"
  "      if (g_sp[3].pairs) assert(s3_inr == g_sp[3].inr);\n"
  "      if (g_sp[3].pairs && g_sp[3].fits) assert(s3_neg == g_sp[3].neg);\n"
  "      if (g_sp[3].pairs && g_sp[3].inr) begin\n"
  "        assert(s3_quo == @@Q3W@@'(g_sp[3].qq >> @@Q3LO@@));\n"
  "        assert(s3_rem == @@R3W@@'(g_sp[3].mag - ((g_sp[3].qq >> @@Q3LO@@) << @@Q3LO@@) * @@DW@@'(g_sp[3].dtid)));\n"
  "      end\n"
  "    end\n"
  "    // stage 4: the offset: exact and in range exactly when the search finds one\n"
  "    assert(s4_go == g_sp[4].go);\n"
  "    if (s4_go) begin\n"
  "      assert(s4_pc == g_sp[4].pc); assert(s4_w == g_sp[4].w); assert(s4_hit == g_sp[4].hit); assert(s4_nw == g_sp[4].nw);\n"
  "      assert(s4_mask == g_sp[4].mask); assert(s4_f0 == g_sp[4].f0); assert(s4_ll == g_sp[4].ll); assert(s4_af0 == g_sp[4].a0);\n"
  "      assert(s4_all == g_sp[4].al); assert(s4_nact == g_sp[4].nact); assert(s4_pairs == g_sp[4].pairs);\n"
  "      assert(s4_d == g_sp[4].d); assert(s4_fit == g_sp[4].fit);\n"
  "      if (g_sp[4].pairs) assert(s4_dok == g_sp[4].dok);\n"
  "      if (g_sp[4].pairs && g_sp[4].inr) assert(s4_q1 == (g_sp[4].neg ? -g_sp[4].qq[OB-1:0] : g_sp[4].qq[OB-1:0]));\n"
  "    end\n"
  "    // stage 5: the products of q\n"
  "    assert(s5_go == g_sp[5].go);\n"
  "    if (s5_go) begin\n"
  "      assert(s5_pc == g_sp[5].pc); assert(s5_w == g_sp[5].w); assert(s5_hit == g_sp[5].hit); assert(s5_mask == g_sp[5].mask);\n"
  "      assert(s5_fit == g_sp[5].fit); assert(s5_ll == g_sp[5].ll); assert(s5_af0 == g_sp[5].a0); assert(s5_all == g_sp[5].al);\n"
  "      assert(s5_nact == g_sp[5].nact); assert(s5_pairs == g_sp[5].pairs);\n"
  "      if (g_sp[5].pairs) assert(s5_dok == g_sp[5].dok);\n"
  "      if (g_sp[5].pairs && g_sp[5].dok) begin\n"
  "        assert(s5_q1 == g_sp[5].q); assert(s5_v == g_sp[5].v); assert(s5_f0q == g_sp[5].f0q); assert(s5_l0q == g_sp[5].l0q);\n"
  "        assert(s5_gp == g_sp[5].gp); assert(s5_zp == g_sp[5].zp); assert(s5_nq == @@NQW@@'(g_sp[5].nq));\n"
  "      end\n"
  "    end\n"
  "    // the table cycle's load: the lane check, the offset and bases\n"
  "    assert(u_go == g_sp[6].go);\n"
  "    if (u_go) begin\n"
  "      assert(u_pc == g_sp[6].pc); assert(u_w == g_sp[6].w); assert(u_hit == g_sp[6].hit); assert(u_ll == g_sp[6].ll);\n"
  "      assert(u_af0 == g_sp[6].a0); assert(u_all == g_sp[6].al); assert(u_nact == g_sp[6].nact);\n"
  "      assert(u_pairs == g_sp[6].pairs); assert(u_line == g_sp[6].line);\n"
  "      if (g_sp[6].pairs && g_sp[6].dok) begin\n"
  "        assert(u_q1 == g_sp[6].q); assert(u_gq == g_sp[6].gq); assert(u_z2 == g_sp[6].z2); assert(u_base0 == g_sp[6].b0);\n"
  "        assert(u_base1 == g_sp[6].b1); assert(u_nq == @@NQW@@'(g_sp[6].nq));\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "\n"
  "  // ---- the table cycle: the 1-cycle block's rules on the table as it is, for the load at depth 6 ----\n"
  "  logic s_go, s_hitl, s_pairs;\n"
  "  logic [PCB-1:0] s_pc;\n"
  "  logic [WB-1:0] s_w;\n"
  "  logic [@@TLB@@-1:0] s_f0, s_ll;\n"
  "  logic [@@NB@@-1:0] s_nact;\n"
  "  logic [@@NWB@@-1:0] s_nwl;\n"
  "  logic [AB-1:0] s_a0, s_all;\n"
  "  assign s_go = g_sp[6].go; assign s_hitl = g_sp[6].hit; assign s_pairs = g_sp[6].pairs; assign s_pc = g_sp[6].pc;\n"
  "  assign s_w = g_sp[6].w; assign s_f0 = g_sp[6].f0; assign s_ll = g_sp[6].ll; assign s_nact = g_sp[6].nact;\n"
  "  assign s_nwl = g_sp[6].nw; assign s_a0 = g_sp[6].a0; assign s_all = g_sp[6].al;\n"
  "  // the victim, picked the cycle before (f_vok, f_ve, f_vvalid, below)\n"
  "  logic f_vok, f_vvalid;\n"
  "  logic [@@EB@@-1:0] f_ve;\n"
  "  // the table: the load's FOA entry (fe), its TIA trigger (te), the warp's LAL trigger (le), the TIA\n"
  "  // entry of the first lane's address (ae)\n"
  "  logic s_hit, s_thit, s_lfound, s_lany, s_ahit, s_lalv, s_tslow;\n"
  "  logic [@@EB@@-1:0] s_fe, s_te, s_le, s_ae;\n"
  "  logic [PCB-1:0] s_lal;\n"
  "  logic [AB-1:0] s_oaddr, s_taddr;\n"
  "  logic [OB-1:0] s_ooff;\n"
  "  logic [CB-1:0] s_oconf;\n"
  "  logic [TB-1:0] s_otidx;\n"
  "  logic [DB-1:0] s_odist, s_pend, s_run;\n"
  "  logic [WB-1:0] s_olw;\n"
  "  logic [SW-1:0] s_pendv, s_runv;\n"
  "  always @(*) begin\n"
  "    s_lal = '0; s_lalv = 1'b0;\n"
  "    for (int k = 0; k < @@W@@; k++) if (s_w == @@WB@@'(k)) begin s_lal = lal[k*PCB +: PCB]; s_lalv = lal_v[k]; end\n"
  "    s_hit = 1'b0; s_thit = 1'b0; s_lfound = 1'b0; s_ahit = 1'b0; s_fe = '0; s_te = '0; s_le = '0; s_ae = '0;\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      if (e_type[i*2 +: 2] == 2'b01 && e_pc[i*PCB +: PCB] == s_pc) begin s_hit = 1'b1; s_fe = @@EB@@'(i); end\n"
  "      if (e_type[i*2 +: 2] == 2'b10 && e_pc[i*PCB +: PCB] == s_pc) begin s_thit = 1'b1; s_te = @@EB@@'(i); end\n"
  "      if (e_type[i*2 +: 2] == 2'b10 && e_pc[i*PCB +: PCB] == s_lal) begin s_lfound = 1'b1; s_le = @@EB@@'(i); end\n"
  "      if (e_type[i*2 +: 2] == 2'b10 && e_addr[i*AB +: AB] == s_a0) begin s_ahit = 1'b1; s_ae = @@EB@@'(i); end\n"
  "    end\n"
  "    s_lany = s_lalv && s_lfound;\n"
  "    s_oaddr = '0; s_ooff = '0; s_oconf = '0; s_otidx = '0; s_odist = '0; s_olw = '0; s_pend = '0; s_run = '0;\n"
  "    s_pendv = '0; s_runv = '0; s_taddr = '0; s_tslow = 1'b0;\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      if (s_hit && s_fe == @@EB@@'(i)) begin\n"
  "        s_oaddr = e_addr[i*AB +: AB]; s_ooff = e_off[i*OB +: OB]; s_oconf = e_conf[i*CB +: CB];\n"
  "        s_otidx = e_tidx[i*TB +: TB]; s_odist = e_dist[i*DB +: DB]; s_olw = e_lw[i*WB +: WB];\n"
  "        s_pendv = e_pend[i*SW +: SW]; s_runv = e_run[i*SW +: SW];\n"
  "        for (int k = 0; k < @@W@@; k++) if (s_w == @@WB@@'(k)) begin\n"
  "          s_pend = e_pend[i*SW + k*DB +: DB]; s_run = e_run[i*SW + k*DB +: DB];\n"
  "        end\n"
  "      end\n"
  "      if (s_thit && s_te == @@EB@@'(i)) begin s_taddr = e_addr[i*AB +: AB]; s_tslow = e_slow[i]; end\n"
  "    end\n"
  "  end\n"
  "  // the offset checked against the entry's, or learnt from the first pair (the search above)\n"
  "  logic s_learn, s_rok, s_lanes, s_match, s_scalar, s_cok, s_eok, s_ldok;\n"
  "  logic [OB-1:0] s_roff, s_off;\n"
  "  logic [AB-1:0] s_ro;\n"
  "  logic [@@SB@@-1:0] s_csum;\n"
  "  logic [CB-1:0] s_conf;\n"
  "  logic [TB-1:0] s_tidx;\n"
  "  logic [@@EB@@-1:0] s_ent;\n"
  "  always @(*) begin\n"
  "    s_learn = !s_hit || (s_oconf == '0 && s_ooff == '0);\n"
  "    s_roff = s_learn ? g_sp[6].q : s_ooff;\n"
  "    s_rok = s_learn ? g_sp[6].dok : 1'b1;\n"
  "    s_ro = s_so(s_roff);\n"
  "    s_lanes = 1'b1;\n"
  "    for (int j = 0; j < @@T@@; j++)\n"
  "      if (g_sp[6].mask[j] && g_sp[6].addr[j*AB +: AB] != s_a0 + (@@AB@@'(j) - @@AB@@'(s_f0)) * s_ro) s_lanes = 1'b0;\n"
  "    s_match = s_pairs && s_rok && s_lanes;\n"
  "    s_csum = (s_hit ? @@SB@@'(s_oconf) : '0) + @@SB@@'(s_nact) - @@SB@@'(1) - @@SB@@'(s_learn);\n"
  "    s_conf = !s_pairs ? s_oconf : !s_match ? '0 : (s_csum > @@SB@@'(@@CMAX@@) ? @@CB@@'(@@CMAX@@) : s_csum[CB-1:0]);\n"
  "    s_off = !s_pairs ? s_ooff : (s_match ? s_roff : '0);\n"
  "    s_scalar = s_match && s_roff == '0;\n"
  "    s_tidx = s_scalar ? @@TB@@'(@@TALL@@) : {1'b0, s_ll};\n"
  "    s_cok = s_match && s_conf != '0 && @@SB@@'(s_conf) + @@SB@@'(2) >= @@SB@@'(s_nact) && s_roff != '0;\n"
  "    s_eok = s_hit || f_vok;\n"
  "    s_ldok = s_go && s_eok;\n"
  "    s_ent = s_hit ? s_fe : f_ve;\n"
  "  end\n"
  "  // the generator and the queue\n"
  "  logic s_gend, s_merge, s_pop, s_push;\n"
  "  logic [LLW-1:0] s_gline;\n"
  "  always @(*) begin\n"
  "    s_gline = g_cur[AB-1:@@LB@@];\n"
  "    s_gend = s_gline == g_last;\n"
  "    s_merge = 1'b0;\n"
  "    for (int i = 0; i < @@Q@@; i++)\n"
  "      if (g_busy && !s_gend && @@QB@@'(i) < pfq_count && q_line[i*LLW +: LLW] == s_gline) s_merge = 1'b1;\n"
  "    s_pop = pfq_count != '0 && pf_ready;\n"
  "    s_push = g_busy && !s_merge && (pfq_count != @@QB@@'(@@Q@@) || s_pop);\n"
  "  end\n"  "  // a burst's completions (a fill of its last line, its last line dropped as present) reach the\n"
  "  // table 6 cycles late, as the loads\n"
  "  logic [5:0] h_cf, h_cd;\n"
  "  logic [6*EB-1:0] h_cfe, h_cde;\n"
  "  logic [6*WB-1:0] h_cfw, h_cdw;\n"
  "  always @(posedge clk) begin\n"
  "    h_cf[0] <= !rst && fill_valid && fill_last; h_cfe[0 +: EB] <= fill_entry; h_cfw[0 +: WB] <= fill_warp;\n"
  "    h_cd[0] <= !rst && s_pop && pf_present && q_last[0]; h_cde[0 +: EB] <= q_entry[0 +: EB]; h_cdw[0 +: WB] <= q_warp[0 +: WB];\n"
  "    for (int k = 1; k < 6; k++) begin\n"
  "      h_cf[k] <= !rst && h_cf[k-1]; h_cfe[k*EB +: EB] <= h_cfe[(k-1)*EB +: EB]; h_cfw[k*WB +: WB] <= h_cfw[(k-1)*WB +: WB];\n"
  "      h_cd[k] <= !rst && h_cd[k-1]; h_cde[k*EB +: EB] <= h_cde[(k-1)*EB +: EB]; h_cdw[k*WB +: WB] <= h_cdw[(k-1)*WB +: WB];\n"
  "    end\n"
  "  end\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(cmp_f == h_cf); assert(cmp_d == h_cd);\n"
  "    for (int k = 0; k < 6; k++) begin\n"
  "      if (h_cf[k]) begin assert(cmp_fe[k*EB +: EB] == h_cfe[k*EB +: EB]); assert(cmp_fw[k*WB +: WB] == h_cfw[k*WB +: WB]); end\n"
  "      if (h_cd[k]) begin assert(cmp_de[k*EB +: EB] == h_cde[k*EB +: EB]); assert(cmp_dw[k*WB +: WB] == h_cdw[k*WB +: WB]); end\n"
  "    end\n"
  "  end\n"
  "  // the distance: its rules, the recomputed address from G (a load off a nonzero offset of its\n"
  "  // entry is not judged too early); the burst: A(ll) + (d x n x T - ll + i) x offset\n"
  "  logic s_judged, s_slow, s_early, s_fwant, s_twant, s_gfree, s_fstart, s_tstart, s_upd;\n"
  "  logic [AB-1:0] s_nw, s_pred, s_pf0, s_pfl, s_step, s_gw;\n"
  "  logic [DB-1:0] s_dold, s_dnew;\n"
  "  logic [OB-1:0] s_mag;\n"
  "  logic [WB-1:0] s_lwn;\n"
  "  always @(*) begin\n"
  "    s_judged = s_hit && s_run >= s_odist;\n"
  "    s_slow = s_judged && s_pend >= s_odist;\n"
  "    s_nw = @@AB@@'(s_nwl);\n"
  "    s_pred = s_oaddr + (@@AB@@'(s_w) * @@AB@@'(@@T@@) + @@AB@@'(s_f0) + (s_w <= s_olw ? s_nw * @@AB@@'(@@T@@) : '0)) * s_so(s_ooff);\n"
  "    s_early = s_judged && s_pend < s_odist && !s_hitl && (s_ooff == '0 ? s_a0 == s_oaddr : s_match && s_a0 == s_pred);\n"
  "    s_dold = s_hit ? s_odist : @@DB@@'(1);\n"
  "    if (s_slow) s_dnew = (s_dold == @@DB@@'(@@DMAX@@)) ? s_dold : s_dold + 1'b1;\n"
  "    else if (s_early) s_dnew = (s_dold <= @@DB@@'(1)) ? @@DB@@'(1) : s_dold - 1'b1;\n"
  "    else s_dnew = s_dold;\n"
  "    s_pf0 = s_all + (@@AB@@'(s_dnew) * s_nw * @@AB@@'(@@T@@) - @@AB@@'(s_ll)) * s_ro;\n"
  "    s_pfl = s_pf0 + @@AB@@'(@@TM1@@) * s_ro;\n"
  "    s_mag = s_roff[OB-1] ? -s_roff : s_roff;\n"
  "    s_step = (32'(s_mag) >= 32'd@@L@@) ? s_ro : (s_roff[OB-1] ? @@AB@@'(0) - @@AB@@'(@@L@@) : @@AB@@'(@@L@@));\n"
  "    s_fwant = s_go && s_eok && s_cok;\n"
  "    s_twant = s_go && s_thit;\n"
  "    // the generator takes a burst after its report cycle: free when none waits there and it is\n"
  "    // idle or leaves its burst's last line now\n"
  "    s_gfree = !r_fstart && !r_tstart && (!g_busy || (s_gend && (s_merge || s_push)));\n"
  "    s_fstart = s_fwant && s_gfree;\n"
  "    s_tstart = s_twant && s_gfree && !s_fwant;\n"
  "    // G and the last warp written: a one-lane load on an entry with an offset leaves them\n"
  "    s_upd = s_pairs || !s_hit || s_ooff == '0;\n"
  "    s_gw = s_upd ? s_all - (@@AB@@'(s_ll) + @@AB@@'(s_w) * @@AB@@'(@@T@@)) * s_so(s_off) : s_oaddr;\n"
  "    s_lwn = s_upd ? s_w : s_olw;\n"
  "  end\n"
  "  // TIA (Fig. 5.9)\n"
  "  logic s_move, s_smiss0, s_smiss, s_cre, s_refresh, s_talloc, s_falloc;\n"
  "  always @(*) begin\n"
  "    s_move = s_go && s_thit && s_tslow && s_lalv && !s_lany;\n"
  "    s_smiss0 = s_hit && s_otidx == @@TB@@'(@@TALL@@) && !s_hitl;\n"
  "    s_smiss = s_go && s_smiss0;\n"
  "    s_cre = s_smiss && !s_ahit && s_lalv && s_lal != s_pc;\n"
  "    s_refresh = s_cre && s_lany;\n"
  "    s_talloc = s_cre && !s_lany && !s_move && f_vok;\n"
  "    s_falloc = s_go && !s_hit && f_vok;\n"
  "  end\n"
  "  // the look-up's victim for the load at depth 5, for its table cycle: the lowest key {valid,\n"
  "  // confidence}, lowest index, among the entries it does not hit and the load at depth 6 may not\n"
  "  // change at this edge (its FOA entry, its victim when it allocates or misses on a scalar entry,\n"
  "  // its TIA trigger)\n"
  "  logic [@@E@@-1:0] s_x, s_vc;\n"
  "  logic s_vf, s_vmin;\n"
  "  logic [@@EB@@-1:0] s_vi;\n"
  "  always @(*) begin\n"
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      s_x[i] = s_go && ((s_hit && s_fe == @@EB@@'(i)) || ((!s_hit || s_smiss0) && f_vok && f_ve == @@EB@@'(i))\n"
  "                        || (s_thit && s_te == @@EB@@'(i)));\n"
  "      s_vc[i] = !s_x[i] && !((e_type[i*2 +: 2] == 2'b01 || e_type[i*2 +: 2] == 2'b10) && e_pc[i*PCB +: PCB] == g_sp[5].pc);\n"
  "    end\n"
  "    s_vf = s_vc != '0; s_vi = '0;\n"
  "    for (int i = @@E@@ - 1; i >= 0; i--) begin\n"
  "      s_vmin = s_vc[i];\n"
  "      for (int j = 0; j < @@E@@; j++)\n"
  "        if (s_vc[j] && {valid[j], e_conf[j*CB +: CB]} < {valid[i], e_conf[i*CB +: CB]}) s_vmin = 1'b0;\n"
  "      if (s_vmin) s_vi = @@EB@@'(i);\n"
  "    end\n"
  "  end\n"
  "  always @(posedge clk) begin\n"
  "    f_vok <= s_vf; f_ve <= s_vi; f_vvalid <= s_vf && valid[s_vi];\n"
  "  end\n"
  "  // the table-cycle load's registers: its FOA entry and fields as the table holds them, its victim\n"
  "  always @(*) if (f_past_valid && u_go) begin\n"
  "    assert(u_hitf == s_hit);\n"
  "    for (int i = 0; i < @@E@@; i++) assert(u_chit[i] == (s_hit && s_fe == @@EB@@'(i)));\n"
  "    if (s_hit) begin\n"
  "      assert(u_cconf == s_oconf); assert(u_coff == s_ooff); assert(u_ctidx == s_otidx); assert(u_cdist == s_odist);\n"
  "      assert(u_clw == s_olw); assert(u_cg == s_oaddr); assert(u_cpendv == s_pendv); assert(u_crunv == s_runv);\n"
  "      assert(u_cpendw == s_pend); assert(u_crunw == s_run);\n"
  "    end\n"
  "    assert(u_vok == f_vok);\n"
  "    for (int i = 0; i < @@E@@; i++) assert(u_voh[i] == (f_vok && f_ve == @@EB@@'(i)));\n"
  "    assert(u_vvalid == f_vvalid);\n"
  "  end\n"

  "  // the report: the decision's outputs a cycle later, and the burst that enters the generator then\n"
  "  logic [@@EB@@-1:0] f_r_entry, f_r_gent;\n"
  "  logic f_r_alloc, f_r_evict, f_r_match, f_r_mis, f_r_confd, f_r_scalar, f_r_up, f_r_down, f_r_fstart, f_r_tstart;\n"
  "  logic f_r_drop, f_r_tcre, f_r_tslow, f_r_tmove;\n"
  "  logic [CB-1:0] f_r_conf;\n"
  "  logic [OB-1:0] f_r_off;\n"
  "  logic [1:0] f_r_state;\n"
  "  logic [DB-1:0] f_r_dist;\n"
  "  logic [AB-1:0] f_r_pfaddr, f_r_gcur, f_r_gstep;\n"
  "  logic [LLW-1:0] f_r_glast;\n"
  "  logic [WB-1:0] f_r_gw;\n"
  "  always @(posedge clk) begin\n"
  "    f_r_entry <= s_ldok ? s_ent : '0;\n"
  "    f_r_alloc <= s_falloc;\n"
  "    f_r_evict <= (s_falloc || s_talloc) && f_vvalid;\n"
  "    f_r_match <= s_ldok && s_match;\n"
  "    f_r_mis <= s_ldok && s_pairs && !s_match;\n"
  "    f_r_conf <= s_ldok ? s_conf : '0;\n"
  "    f_r_off <= s_ldok ? s_off : '0;\n"
  "    f_r_confd <= s_fwant;\n"
  "    f_r_scalar <= s_ldok && s_scalar;\n"
  "    f_r_state <= (s_ldok && s_judged) ? (s_pend >= s_odist ? 2'b01 : 2'b10) : 2'b00;\n"
  "    f_r_up <= s_ldok && s_slow;\n"
  "    f_r_down <= s_ldok && s_early;\n"
  "    f_r_dist <= s_ldok ? s_dnew : '0;\n"
  "    f_r_pfaddr <= s_fwant ? s_pf0 : '0;\n"
  "    f_r_fstart <= s_fstart;\n"
  "    f_r_tstart <= s_tstart;\n"
  "    f_r_drop <= (s_fwant && !s_gfree) || (s_twant && !s_tstart);\n"
  "    f_r_tcre <= s_refresh || s_talloc;\n"
  "    f_r_tslow <= s_smiss && s_ahit;\n"
  "    f_r_tmove <= s_move;\n"
  "    f_r_gcur <= s_fstart ? s_pf0 : s_taddr;\n"
  "    f_r_gstep <= s_fstart ? s_step : '0;\n"
  "    f_r_glast <= s_fstart ? s_pfl[AB-1:@@LB@@] : s_taddr[AB-1:@@LB@@];\n"
  "    f_r_gent <= s_fstart ? s_ent : s_te;\n"
  "    f_r_gw <= s_w;\n"
  "    if (rst) begin\n"
  "      f_r_entry <= '0; f_r_alloc <= 1'b0; f_r_evict <= 1'b0; f_r_match <= 1'b0; f_r_mis <= 1'b0; f_r_conf <= '0;\n"
  "      f_r_off <= '0; f_r_confd <= 1'b0; f_r_scalar <= 1'b0; f_r_state <= 2'b00; f_r_up <= 1'b0; f_r_down <= 1'b0;\n"
  "      f_r_dist <= '0; f_r_pfaddr <= '0; f_r_fstart <= 1'b0; f_r_tstart <= 1'b0; f_r_drop <= 1'b0; f_r_tcre <= 1'b0;\n"
  "      f_r_tslow <= 1'b0; f_r_tmove <= 1'b0;\n"
  "    end\n"
  "  end\n"
  "  // every output\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(ld_entry == f_r_entry); assert(ld_alloc == f_r_alloc); assert(evict == f_r_evict);\n"
  "    assert(ld_match == f_r_match); assert(ld_mismatch == f_r_mis); assert(ld_conf == f_r_conf);\n"
  "    assert(ld_offset == f_r_off); assert(ld_confirmed == f_r_confd); assert(ld_scalar == f_r_scalar);\n"
  "    assert(ld_state == f_r_state); assert(dist_up == f_r_up); assert(dist_down == f_r_down);\n"
  "    assert(ld_dist == f_r_dist); assert(ld_pf_addr == f_r_pfaddr); assert(pf_start == f_r_fstart);\n"
  "    assert(tia_fire == f_r_tstart); assert(pf_drop == f_r_drop); assert(tia_create == f_r_tcre);\n"
  "    assert(tia_slow == f_r_tslow); assert(tia_move == f_r_tmove);\n"
  "    assert(gen_busy == (g_busy || f_r_fstart || f_r_tstart));\n";

/* (the pipelined specification, continued: the entries', the LALs' and the generator's next state) */
static const char apogee_pipe_spec_mid_tmpl[] =
  "    for (int i = 0; i < @@E@@; i++) begin\n"
  "      // the warps' burst counters: + a started burst, - completed ones (a fill of the last line,\n"
  "      // or the last line dropped as present); runs restart on a new entry or distance\n"
  "      for (int k = 0; k < @@W@@; k++) begin\n"
  "        s_own = s_ldok && s_ent == @@EB@@'(i) && s_w == @@WB@@'(k);\n"
  "        s_up = {1'b0, e_pend[i*SW + k*DB +: DB]} + ((s_own && s_fstart) ? @@DBP@@'(1) : '0);\n"
  "        // (the completions the L1 saw 6 cycles ago, as the load)\n"
  "        s_dn = ((h_cf[5] && h_cfe[5*EB +: EB] == @@EB@@'(i) && h_cfw[5*WB +: WB] == @@WB@@'(k)\n"
  "                 && e_type[i*2 +: 2] == 2'b01) ? @@DBP@@'(1) : '0)\n"
  "             + ((h_cd[5] && h_cde[5*EB +: EB] == @@EB@@'(i) && h_cdw[5*WB +: WB] == @@WB@@'(k)\n"
  "                 && e_type[i*2 +: 2] == 2'b01) ? @@DBP@@'(1) : '0);\n"
  "        s_left = (s_up <= s_dn) ? '0 : (s_up - s_dn > @@DBP@@'(@@DMAX@@)) ? @@DBP@@'(@@DMAX@@) : s_up - s_dn;\n"
  "        if (s_ldok && !s_hit && s_ent == @@EB@@'(i)) s_left = (s_own && s_fstart) ? @@DBP@@'(1) : '0;\n"
  "        s_nx_pend[i*SW + k*DB +: DB] = s_left[DB-1:0];\n"
  "        s_rk = e_run[i*SW + k*DB +: DB];\n"
  "        if (s_ldok && s_ent == @@EB@@'(i) && (!s_hit || s_dnew != s_dold)) s_rk = (s_own && s_fstart) ? @@DB@@'(1) : '0;\n"
  "        else if (s_own) s_rk = !s_fstart ? '0 : (s_rk == @@DB@@'(@@DMAX@@) ? s_rk : s_rk + 1'b1);\n"
  "        s_nx_run[i*SW + k*DB +: DB] = s_rk;\n"
  "      end\n"
  "      if (s_ldok && s_ent == @@EB@@'(i)) begin   // the load's FOA entry\n"
  "        s_nx_pc[i*PCB +: PCB] = s_pc; s_nx_addr[i*AB +: AB] = s_gw; s_nx_off[i*OB +: OB] = s_off;\n"
  "        s_nx_conf[i*CB +: CB] = s_conf; s_nx_tidx[i*TB +: TB] = s_tidx; s_nx_dist[i*DB +: DB] = s_dnew;\n"
  "        s_nx_type[i*2 +: 2] = 2'b01; s_nx_lw[i*WB +: WB] = s_lwn; s_nx_slow[i] = 1'b0;\n"
  "      end\n"
  "      if (s_move && s_te == @@EB@@'(i)) begin s_nx_pc[i*PCB +: PCB] = s_lal; s_nx_slow[i] = 1'b0; end\n"
  "      if (s_refresh && s_le == @@EB@@'(i)) begin s_nx_addr[i*AB +: AB] = s_a0; s_nx_slow[i] = 1'b0; end\n"
  "      if (s_smiss && s_ahit && s_ae == @@EB@@'(i)) s_nx_slow[i] = 1'b1;\n"
  "      if (s_talloc && f_ve == @@EB@@'(i)) begin   // a new TIA trigger keyed by the warp's LAL\n"
  "        s_nx_pc[i*PCB +: PCB] = s_lal; s_nx_addr[i*AB +: AB] = s_a0; s_nx_off[i*OB +: OB] = '0;\n"
  "        s_nx_conf[i*CB +: CB] = s_oconf; s_nx_tidx[i*TB +: TB] = @@TB@@'(@@TALL@@); s_nx_dist[i*DB +: DB] = '0;\n"
  "        s_nx_type[i*2 +: 2] = 2'b10; s_nx_pend[i*SW +: SW] = '0; s_nx_run[i*SW +: SW] = '0;\n"
  "        s_nx_slow[i] = 1'b0; s_nx_lw[i*WB +: WB] = s_w;\n"
  "      end\n"
  "    end\n"
  "    for (int k = 0; k < @@W@@; k++)\n"
  "      if (s_go && s_w == @@WB@@'(k)) begin s_nx_lal[k*PCB +: PCB] = s_pc; s_nx_lalv[k] = 1'b1; end\n"
  "    // the generator: the reported burst enters it (it is idle then); else it walks a line per cycle\n"
  "    // it is queued or merged\n"
  "    s_nx_busy = g_busy; s_nx_cur = g_cur; s_nx_gstep = g_step; s_nx_glast = g_last;\n"
  "    s_nx_gent = g_entry; s_nx_gw = g_warp;\n"
  "    if (f_r_fstart || f_r_tstart) begin\n"
  "      s_nx_busy = 1'b1; s_nx_cur = f_r_gcur; s_nx_gstep = f_r_gstep; s_nx_glast = f_r_glast;\n"
  "      s_nx_gent = f_r_gent; s_nx_gw = f_r_gw;\n"
  "    end else if (g_busy && (s_merge || s_push)) begin\n";

/* (the pipelined specification's last part: the generator's and the queue's registers) */
static const char apogee_pipe_spec_tail_tmpl[] =
  "    assert(g_busy == f_busy); assert(pfq_count == f_cnt);\n"
  "    // the generator's registers and the queue's slots matter while they hold something\n"
  "    if (g_busy) begin\n"
  "      assert(g_cur == f_cur); assert(g_step == f_gstep); assert(g_last == f_glast);\n"
  "      assert(g_entry == f_gent); assert(g_warp == f_gw);\n"
  "    end\n"
  "    for (int i = 0; i < @@Q@@; i++) if (@@QB@@'(i) < pfq_count) begin\n"
  "      assert(q_line[i*LLW +: LLW] == f_qline[i*LLW +: LLW]); assert(q_entry[i*EB +: EB] == f_qent[i*EB +: EB]);\n"
  "      assert(q_warp[i*WB +: WB] == f_qw[i*WB +: WB]); assert(q_last[i] == f_qlast[i]);\n"
  "    end\n"
  "  end\n"
  "  // verilator lint_on UNUSEDSIGNAL\n"
  "`endif  // WG_COVERS\n";

/* The invariants both versions keep (entries, the queue), as loops: the file grows with the RTL,
** not with ENTRIES^2 */
static void ap_props_invariants(wg_buf *o, ap_dims d) {
  const int E = d.E, Q = d.Q;
  wgb_printf(o, "    // one FOA entry per PC and one TIA trigger per PC; TIA addresses unique\n");
  if (E > 1)
    wgb_printf(o, "    for (int i = 0; i < %d; i++)\n"
                  "      for (int j = i + 1; j < %d; j++) begin\n"
                  "        assert(!(valid[i] && e_type[i*2 +: 2] == e_type[j*2 +: 2] && e_pc[i*PCB +: PCB] == e_pc[j*PCB +: PCB]));\n"
                  "        assert(!(e_type[i*2 +: 2] == 2'b10 && e_type[j*2 +: 2] == 2'b10 && e_addr[i*AB +: AB] == e_addr[j*AB +: AB]));\n"
                  "      end\n", E, E);
  wgb_printf(o, "    // entries are invalid, FOA or TIA; an invalid entry is blank; FOA distance >= 1;\n"
                "    // only FOA entries count bursts, only TIA entries are slow\n"
                "    for (int i = 0; i < %d; i++) begin\n"
                "      assert(e_type[i*2 +: 2] != 2'b11);\n"
                "      assert(valid[i] || (e_conf[i*CB +: CB] == '0 && !e_slow[i]));\n"
                "      assert(e_type[i*2 +: 2] != 2'b01 || (e_dist[i*DB +: DB] != '0 && !e_slow[i]));\n"
                "      assert(e_type[i*2 +: 2] == 2'b01 || (e_pend[i*SW +: SW] == '0 && e_run[i*SW +: SW] == '0));\n"
                "    end\n", E);
  wgb_printf(o, "    // the queue: count within depth; a line twice only as a later burst's last line\n");
  if (Q < (1 << d.QB) - 1) wgb_printf(o, "    assert(pfq_count <= %d'd%d);\n", d.QB, Q);
  if (Q > 1)
    wgb_printf(o, "    for (int i = 0; i < %d; i++)\n"
                  "      for (int j = i + 1; j < %d; j++) assert(!(q_v[i] && q_v[j] && q_line[i*LLW +: LLW] == q_line[j*LLW +: LLW]) || q_last[j]);\n",
               Q, Q);
}

static void apogee_props_pipe(wg_buf *o, ap_dims d) {
  const int E = d.E, Q = d.Q;
  int s2, s3, s4;
  ap_div_split(&d, &s2, &s3, &s4);
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  ap_props_invariants(o, d);
  wgb_printf(o, "    // the reported load's decisions are consistent; a reported burst finds the generator idle\n"
                "    assert(!(ld_match && ld_mismatch));\n"
                "    assert(!ld_mismatch || ld_conf == '0);   // a mismatch resets the confidence\n"
                "    assert(!ld_confirmed || (ld_match && ld_conf != '0));\n"
                "    assert(!(pf_start && tia_fire));\n"
                "    assert(!(dist_up && dist_down));\n"
                "    assert(!ld_alloc || ld_state == 2'b00);\n"
                "    assert(!(gen_merge && push));\n"
                "    assert(!(gen_merge && g_end));\n"
                "    assert(ld_state != 2'b11);\n"
                "    assert(!(pf_start || tia_fire) || !g_busy);\n"
                "    // the reported load's entry holds what it wrote: an FOA entry at the distance reported, and\n"
                "    // a run of at least 1 for its warp when it started a burst\n"
                "    for (int i = 0; i < %d; i++) if (ld_dist != '0 && 32'(ld_entry) == i) begin\n"
                "      assert(e_type[i*2 +: 2] == 2'b01 && e_dist[i*DB +: DB] == ld_dist);\n"
                "      for (int k = 0; k < %d; k++) assert(!(pf_start && 32'(r_gw) == k) || e_run[i*SW + k*DB +: DB] != '0);\n"
                "    end\n"
                "  end\n\n", E, d.W);
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_start;\n"
                "  always @(posedge clk) begin f_prev_rst <= rst; f_prev_start <= pf_start; end\n"
                "  // a reported burst walks in the generator the cycle after\n"
                "  always @(*) if (f_past_valid && !f_prev_rst) assert(!f_prev_start || g_busy);\n");
  if (d.E <= 8 && d.T <= 8) {   /* as the 1-cycle block's: for the proof sizes */
    const wg_tmpl_var stages[] = {
      {"DW", d.DW}, {"GW", d.GW}, {"NQW", d.NQW}, {"S2", s2}, {"Q2LO", d.OB - s2}, {"R2W", d.OB - s2 + d.TLB},
      {"Q3W", s2 + s3}, {"Q3LO", d.OB - s2 - s3}, {"R3W", d.OB - s2 - s3 + d.TLB},
    };
    const int ns = (int)(sizeof stages / sizeof stages[0]);
    wg_tmpl_var v[AP_SPEC_NVARS + sizeof stages / sizeof stages[0]];
    int nv = ap_spec_vars(v, d);
    for (int i = 0; i < ns; i++) v[nv++] = stages[i];
    wg_emit_tmpl(o, apogee_pipe_spec_tmpl, v, nv);
    wg_emit_tmpl(o, apogee_spec_outs_tmpl, v, nv);
    wg_emit_tmpl(o, apogee_pipe_spec_mid_tmpl, v, nv);
    wg_emit_tmpl(o, apogee_spec_shadow_tmpl, v, nv);
    wg_emit_tmpl(o, apogee_pipe_spec_tail_tmpl, v, nv);
  }
  wgb_printf(o, "\n  // reachability (formal: covers need depth 16: a load's outputs come 7 cycles after it)\n"
                "  always @(*) if (f_past_valid && !rst) begin\n"
                "    cover(ld_confirmed && pf_start);\n"
                "    cover(ld_mismatch && ld_state == 2'b00 && !ld_alloc);\n"
                "    cover(dist_up);\n"
                "    cover(dist_down);\n"
                "    cover(ld_state == 2'b10 && !dist_down);\n"
                "    cover(pop && pf_present && pf_last);\n"
                "    cover(evict);\n"
                "    cover(tia_create);\n"
                "    cover(tia_fire);\n"
                "    cover(tia_slow);\n"
                "    cover(gen_merge);\n"
                "    cover(pfq_count == %d'd%d);\n"
                "  end\n", d.QB, Q);
}

static void apogee_props(wg_buf *o, wg_pv p) {
  ap_dims d = ap_dims_of(p);
  if (d.pipe) { apogee_props_pipe(o, d); return; }
  const int E = d.E, Q = d.Q;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  ap_props_invariants(o, d);
  wgb_printf(o, "    // the load's decisions are consistent\n"
                "    assert(!(ld_match && ld_mismatch));\n"
                "    assert(!ld_mismatch || ld_conf == '0);   // a mismatch resets the confidence\n"
                "    assert(!ld_confirmed || (ld_match && ld_conf != '0));\n"
                "    assert(!(pf_start && tia_fire));\n"
                "    assert(!(dist_up && dist_down));\n"
                "    assert(!ld_alloc || ld_state == 2'b00);\n"
                "    assert(!(gen_merge && push));\n"
                "    assert(!(gen_merge && g_end));\n"
                "    assert(ld_state != 2'b11);\n"
                "    assert(!(pf_start || tia_fire) || !gen_busy);\n"
                "  end\n\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_start, f_prev_dw;\n"
                "  logic [%d:0] f_prev_dist;\n  logic [%d:0] f_prev_ent;\n  logic [%d:0] f_prev_w;\n",
             d.DB - 1, d.EB - 1, d.W - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n    f_prev_rst <= rst; f_prev_start <= pf_start; f_prev_dw <= ld_ok;\n"
                "    f_prev_dist <= ld_dist; f_prev_ent <= ld_entry; f_prev_w <= w_oh;\n  end\n");
  wgb_printf(o, "  // the load's entry afterwards: the distance reported, and a run of at least 1 for a started burst\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    assert(!f_prev_start || gen_busy);\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n"
                "      assert(!(f_prev_dw && 32'(f_prev_ent) == i) || (e_type[i*2 +: 2] == 2'b01 && e_dist[i*DB +: DB] == f_prev_dist));\n"
                "      for (int k = 0; k < %d; k++)\n"
                "        assert(!(f_prev_start && 32'(f_prev_ent) == i && f_prev_w[k]) || e_run[i*SW + k*DB +: DB] != '0);\n"
                "    end\n", E, d.W);
  wgb_printf(o, "  end\n");
  /* for the proof sizes (small, fig55); at 64 entries x 32 lanes only the invariants' bounded check runs */
  if (d.E <= 8 && d.T <= 8) apogee_spec_props(o, d);
  wgb_printf(o, "\n  // reachability\n  always @(*) if (f_past_valid && !rst) begin\n"
                "    cover(ld_confirmed && pf_start);\n"
                "    cover(ld_mismatch && ld_state == 2'b00 && !ld_alloc);\n"
                "    cover(dist_up);\n"
                "    cover(dist_down);\n"
                "    cover(ld_state == 2'b10 && ld_hit);\n"
                "    cover(pop && pf_present && pf_last);\n"
                "    cover(evict);\n"
                "    cover(tia_create);\n"
                "    cover(tia_fire);\n"
                "    cover(tia_slow);\n"
                "    cover(gen_merge);\n"
                "    cover(pfq_count == %d'd%d);\n"
                "  end\n", d.QB, Q);
}

const wg_block wg_block_apogee = {
  "apogee", "APOGEE prefetch table (FOA + TIA), dynamic distance, line generator and prefetch queue",
  "APOGEE (Sethia et al., PACT'13; Sethia thesis Ch. V)", "thesis 5.3, Fig. 5.5-5.7, 5.9, Table 5.3",
  apogee_params, AP_NPARAMS, apogee_presets, 5, "apogee",
  "Table 5.3b: 76 bits per entry (10+28+8+8+6+6+2+8) x 64 = 4864 bits = 608 bytes; Table 5.4 says "
  "\"64, 73-bit entries\" (584 bytes) -- we follow Table 5.3b.  The paper's pf_state (2 x WARPS bits) is "
  "replaced by pf_pending and pf_run (DIST_BITS x WARPS each: the state of the burst meant for each access, "
  "docs/blocks/apogee.md); rows marked 'not in the paper' are what an implementation needs beyond the paper's count",
  apogee_check, apogee_ports, apogee_storage, apogee_rtl, apogee_props,
  "a mismatching pair keeps the confidence instead of resetting it to 0",
  "ENTRIES=8,16,32,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "pc address offset confidence thread_idx distance pf_type pf_pending",
};
