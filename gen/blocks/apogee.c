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
       AP_CONF_BITS, AP_DIST_BITS, AP_LINE_BITS, AP_PFQ, AP_NPARAMS };

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
};

static const wg_preset apogee_presets[] = {
  {"apogee", "ENTRIES=64 WARPS=4 THREADS=32 PC_BITS=10 ADDR_BITS=28 OFF_BITS=8 CONF_BITS=8 DIST_BITS=6 LINE_BITS=5 PFQ=8",
   "Apogee_4: 64 entries of 76 paper bits (Table 5.3b), 4 warps of 32 threads, 32 B lines",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small", "ENTRIES=3 WARPS=2 THREADS=4 PC_BITS=2 ADDR_BITS=6 OFF_BITS=3 CONF_BITS=2 DIST_BITS=2 LINE_BITS=1 PFQ=2",
   "3 entries, 2 warps of 4 threads, 6-bit addresses, 3-bit offsets, 2 B lines: fast tests and formal covers", 0},
  {"fig55", "ENTRIES=8 WARPS=2 THREADS=8 PC_BITS=10 ADDR_BITS=28 OFF_BITS=8 CONF_BITS=8 DIST_BITS=6 LINE_BITS=5 PFQ=4",
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
  return d;
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
  o[n++] = (wg_field){"address", d.AB, d.E, "FOA: last active lane's address; TIA: the invariant address (28)"};
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
  return n;
}

/* ---------------------------------------------------------------- RTL */

/* 'dst' (AB bits) = OR over entries i of 'arr[i]' where one-hot 'sel[i]' */
static void ap_mux(wg_buf *o, const char *dst, const char *arr, const char *sel, int n, const char *w) {
  wgb_printf(o, "  always_comb begin\n    %s = '0;\n    for (int i = 0; i < %d; i++) %s = %s | (%s[i*%s +: %s] & {%s{%s[i]}});\n  end\n",
             dst, n, dst, dst, arr, w, w, w, sel);
}

static void apogee_rtl(wg_buf *o, wg_pv p, int mutant) {
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

/* ---------------------------------------------------------------- formal */

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
  "    assert(tia_move == s_move);\n"
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
  "    s_nx_lw = e_lw; s_nx_lal = lal; s_nx_lalv = lal_v;\n"
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
  "    end else if (gen_busy && (s_merge || s_push)) begin\n"
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
  "    assert(lal == f_lal); assert(lal_v == f_lalv);\n"
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

static void apogee_spec_props(wg_buf *o, ap_dims d) {
  const int SB = (d.CB > d.NB ? d.CB : d.NB) + 1;   /* as the RTL's confidence sum */
  const wg_tmpl_var v[] = {
    {"E", d.E}, {"W", d.W}, {"T", d.T}, {"TM1", d.T - 1}, {"Q", d.Q}, {"QB", d.QB}, {"LB", d.LB},
    {"L", 1 << d.LB}, {"TLB", d.TLB}, {"NB", d.NB}, {"NWB", d.NWB}, {"EB", d.EB}, {"WB", d.WB},
    {"AB", d.AB}, {"OB", d.OB}, {"CB", d.CB}, {"TB", d.TB}, {"DB", d.DB}, {"DBP", d.DB + 1}, {"SB", SB},
    {"QN", 1 << d.OB}, {"TALL", d.TALL}, {"CMAX", (1 << d.CB) - 1}, {"DMAX", (1 << d.DB) - 1},
  };
  wg_emit_tmpl(o, apogee_spec_tmpl, v, (int)(sizeof v / sizeof v[0]));
}

static void apogee_props(wg_buf *o, wg_pv p) {
  ap_dims d = ap_dims_of(p);
  const int E = d.E, Q = d.Q;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  /* properties over entries are loops, so the file grows with the RTL, not with ENTRIES^2 */
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
  apogee_params, AP_NPARAMS, apogee_presets, 3, "apogee",
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
