/*
** caps.c -- CTA-aware prefetcher (CAPS/CTAA: Jeon, Koo, Annavaram, USC
** CENG-2014-08, §4.2-4.4, Fig. 7, Fig. 9, Table 2): the per-CTA-slot PerCTA
** tables, the per-SM DIST table, the verification/throttle path and the
** adder-based prefetch generator with its prefetch FIFO.
**
** One targeted load (1..REQS coalesced requests, PC != 0) is looked up per
** cycle, in its own CTA slot's PerCTA table and in DIST, in parallel:
**   PerCTA miss            -> the warp is the CTA's leading warp for the PC:
**                             allocate (free entry, else least recently
**                             updated); DIST hit, not throttled -> Case 2
**   PerCTA hit, DIST miss  -> stride between the two warps: all per-request
**                             differences equal and warp distance +-1 ->
**                             DIST entry, Case 1; differences differ (or the
**                             request counts) -> the PerCTA entry is
**                             invalidated (PC := 0, the paper's convention)
**   PerCTA hit, DIST hit   -> verification: base + k*stride against each
**                             demand address, +1 per mismatching request,
**                             saturating; counter <= THRESH -> Case 1.
** The generator works one trigger at a time (a trigger while it is busy is
** dropped, 'trig_drop') and writes up to GEN addresses per cycle into the
** FIFO, each with its destination warp (CTA slot, warp index in the CTA).
** Every choice the paper leaves open is in docs/blocks/caps.md.
*/
#include "../wg.h"

#include <string.h>

enum { CP_NCTA, CP_REQS, CP_PC_BITS, CP_ADDR_BITS, CP_WID_BITS, CP_MISP_W, CP_THRESH,
       CP_FIFO, CP_GEN, CP_TQ, CP_NPARAMS };

static const wg_param_def caps_params[] = {
  {"NCTA",      8, 1, 16, 0, "CTA slots per SM, one PerCTA table each (Fermi: 8 CTAs/SM)"},
  {"REQS",      4, 1,  4, 0, "base addresses per PerCTA entry = most coalesced requests of a targeted load (paper: 4)"},
  {"PC_BITS",  32, 2, 32, 0, "load PC bits stored in PerCTA and DIST; PC 0 marks a free entry (paper: 4 B)"},
  {"ADDR_BITS",32, 4, 32, 0, "address and stride bits (paper: 4 B), wrap-around arithmetic"},
  {"WID_BITS",  8, 1,  8, 0, "leading-warp id field: the warp's index in its CTA (paper: 1 B; 5 bits hold a 1024-thread CTA)"},
  {"MISP_W",    8, 2, 16, 0, "misprediction counter bits, saturating (Table 2: 1 B; the text says 2 B)"},
  {"THRESH",  128, 0, 65534, 0, "prefetching for a PC stops while its counter exceeds this (paper: 128)"},
  {"FIFO",     16, 2, 64, 0, "prefetch FIFO entries toward the L1D (paper: none given)"},
  {"GEN",       4, 1,  4, 0, "addresses the generator produces per cycle, one adder each (<= REQS, <= FIFO)"},
  {"TQ",        4, 1,  8, 0, "trigger queue entries: Case 1 / Case 2 triggers that arrive while the generator is busy wait here "
                             "(the paper loses none; a trigger that finds it full is dropped and counted)"},
};

static const wg_preset caps_presets[] = {
  {"caps",  "NCTA=8 REQS=4 PC_BITS=32 ADDR_BITS=32 WID_BITS=8 MISP_W=8 THRESH=128 FIFO=16 GEN=4 TQ=4",
   "the paper's SM: 8 CTA slots x 2 PerCTA entries of 21 B, 2 DIST entries of 9 B (1-byte counter) = 354 B",
   WG_SLOW_SYNTH},   /* 70-90 s of synthesis: make synth, not make test */
  {"small", "NCTA=3 REQS=2 PC_BITS=3 ADDR_BITS=6 WID_BITS=2 MISP_W=3 THRESH=2 FIFO=3 GEN=2 TQ=2",
   "3 CTA slots (one illegal slot id), 2 requests, 6-bit addresses, a 3-entry FIFO, threshold 2: fast tests and formal proofs", 0},
};

typedef struct caps_dims {
  int NC, CB, R, PB, AB, WB, MW, TH, D, G, Q;
  int QPW, QCW; /* trigger queue pointer and count bits */
  int NE;       /* PerCTA entries in all: 2 per slot */
  int NRB;      /* request-count field bits (1..REQS) */
  int RIB;      /* generator request index bits (0..REQS-1) */
  int PW, CW;   /* FIFO pointer and count bits */
  int GB;       /* bits of a group size 0..GEN */
  int all_slots;/* every CB-bit slot id is a slot */
  int d_pow2;   /* FIFO depth a power of two: pointers wrap by themselves */
  long long mis_max;
} caps_dims;

static caps_dims caps_dims_of(wg_pv p) {
  caps_dims d;
  d.NC = (int)p[CP_NCTA];
  d.R = (int)p[CP_REQS];
  d.PB = (int)p[CP_PC_BITS];
  d.AB = (int)p[CP_ADDR_BITS];
  d.WB = (int)p[CP_WID_BITS];
  d.MW = (int)p[CP_MISP_W];
  d.TH = (int)p[CP_THRESH];
  d.D = (int)p[CP_FIFO];
  d.G = (int)p[CP_GEN];
  d.Q = (int)p[CP_TQ];
  d.QPW = wg_clog2(d.Q);
  d.QCW = wg_bits_for(d.Q);
  d.CB = wg_clog2(d.NC);
  d.NE = 2 * d.NC;
  d.NRB = wg_bits_for(d.R);
  d.RIB = wg_clog2(d.R);
  d.PW = wg_clog2(d.D);
  d.CW = wg_bits_for(d.D);
  d.GB = wg_bits_for(d.G);
  d.all_slots = d.NC == (1 << d.CB);
  d.d_pow2 = (d.D & (d.D - 1)) == 0;
  d.mis_max = (1LL << d.MW) - 1;
  return d;
}

static int caps_check(wg_pv p, char *err, size_t n) {
  long long mw = p[CP_MISP_W], th = p[CP_THRESH];
  if (th >= (1LL << mw) - 1) {
    snprintf(err, n, "parameters THRESH=%lld and MISP_W=%lld contradict: the saturating counter must be able "
             "to exceed the threshold (THRESH < 2^MISP_W - 1 = %lld)", th, mw, (1LL << mw) - 1);
    return 1;
  }
  if (p[CP_GEN] > p[CP_REQS] || p[CP_GEN] > p[CP_FIFO]) {
    snprintf(err, n, "parameter GEN=%lld: the generator writes at most one entry's requests per cycle into the "
             "FIFO (GEN <= REQS=%lld and GEN <= FIFO=%lld)", (long long)p[CP_GEN], (long long)p[CP_REQS],
             (long long)p[CP_FIFO]);
    return 1;
  }
  return 0;
}

static int caps_ports(wg_pv p, wg_port *o) {
  caps_dims d = caps_dims_of(p);
  int n = 0;
#define CAPS_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  CAPS_PORT("rst",        WG_IN,  1, 1, "synchronous reset: every table entry free, generator idle, FIFO empty");
  CAPS_PORT("flush",      WG_IN,  1, 1, "kernel launch: every PerCTA and DIST entry freed, generator idle (the FIFO drains); no load is looked up");
  CAPS_PORT("launch",     WG_IN,  1, 1, "a new CTA is launched into slot launch_cta: its PerCTA table is cleared");
  CAPS_PORT("launch_cta", WG_IN,  d.CB, 4, "the launched CTA's slot (ids >= NCTA are ignored)");
  CAPS_PORT("cta_warps",  WG_IN,  d.WB + 1, 9, "warps per CTA of the running kernel (held between flushes; above 2^WID_BITS acts as 2^WID_BITS): bounds the prefetch targets");
  CAPS_PORT("ld_valid",   WG_IN,  1, 1, "a global load leaves the coalescer this cycle");
  CAPS_PORT("ld_pc",      WG_IN,  d.PB, 32, "its PC (PC 0 is never targeted: 0 marks a free entry)");
  CAPS_PORT("ld_cta",     WG_IN,  d.CB, 4, "its warp's CTA slot");
  CAPS_PORT("ld_warp",    WG_IN,  d.WB, 8, "its warp's index in the CTA (warp-id order inside the CTA)");
  CAPS_PORT("ld_n",       WG_IN,  6, 6, "its coalesced requests (1..32); more than REQS: not targeted");
  CAPS_PORT("ld_addr",    WG_IN,  d.R * d.AB, 128, "request i's address at [i*ADDR_BITS +: ADDR_BITS], i < ld_n, in the coalescer's (ascending) order");
  CAPS_PORT("pf_ready",   WG_IN,  1, 1, "the L1D takes the FIFO's head this cycle (when pf_valid)");
  CAPS_PORT("pf_valid",   WG_OUT, 1, 1, "a prefetch request is at the FIFO's head");
  CAPS_PORT("pf_addr",    WG_OUT, d.AB, 32, "its address (pf_* are 0 when the FIFO is empty)");
  CAPS_PORT("pf_cta",     WG_OUT, d.CB, 4, "its destination warp's CTA slot");
  CAPS_PORT("pf_warp",    WG_OUT, d.WB, 8, "its destination warp's index in the CTA (the warp the scheduler promotes on the fill)");
  CAPS_PORT("pf_count",   WG_OUT, d.CW, 7, "prefetch requests in the FIFO, 0..FIFO");
  CAPS_PORT("pf_push",    WG_OUT, d.GB, 3, "addresses the generator writes into the FIFO this cycle (0..GEN)");
  CAPS_PORT("gen_busy",   WG_OUT, 1, 1, "the generator works on a trigger (new triggers wait in the trigger queue)");
  CAPS_PORT("gen_case2",  WG_OUT, 1, 1, "with gen_busy: the trigger is Case 2 (own CTA), else Case 1 (other CTAs)");
  CAPS_PORT("gen_stall",  WG_OUT, 1, 1, "the generator waits: the FIFO has less room than its next group");
  CAPS_PORT("ld_target",  WG_OUT, 1, 1, "the load is targeted (valid, PC != 0, 1..REQS requests, legal slot, warp < cta_warps, no flush)");
  CAPS_PORT("ld_hit",     WG_OUT, 1, 1, "targeted and its PC is in its CTA's PerCTA table");
  CAPS_PORT("ld_dist_hit",WG_OUT, 1, 1, "targeted and its PC is in DIST");
  CAPS_PORT("ev_lead",    WG_OUT, 1, 1, "PerCTA miss: the warp becomes the CTA's leading warp for the PC (entry allocated)");
  CAPS_PORT("ev_evict",   WG_OUT, 1, 1, "with ev_lead: no free entry, the least recently updated one is replaced");
  CAPS_PORT("ev_stride",  WG_OUT, 1, 1, "stride learnt (equal differences, warp distance +-1): DIST entry allocated, counter 0");
  CAPS_PORT("ev_invalid", WG_OUT, 1, 1, "not striding (differences or request counts differ): the PerCTA entry is invalidated");
  CAPS_PORT("ev_mispred", WG_OUT, d.NRB, 3, "verification: requests whose predicted address differs from the demand (added to the counter)");
  CAPS_PORT("ev_throttled", WG_OUT, 1, 1, "DIST hit but the counter exceeds THRESH: no prefetch for this load");
  CAPS_PORT("trig_case1", WG_OUT, 1, 1, "Case 1 accepted (a trailing warp of the leading CTA): prefetch for the counterpart warp in every other CTA with the PC");
  CAPS_PORT("trig_case2", WG_OUT, 1, 1, "Case 2 accepted: the new leading warp prefetches for the rest of its own CTA");
  CAPS_PORT("trig_drop",  WG_OUT, 1, 1, "a Case 1 or Case 2 trigger found the generator busy and the trigger queue full: dropped");
  CAPS_PORT("tq_count",   WG_OUT, d.QCW, 4, "triggers waiting in the trigger queue, 0..TQ");
#undef CAPS_PORT
  return n;
}

static int caps_storage(wg_pv p, wg_field *o) {
  caps_dims d = caps_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"percta_pc", d.PB, d.NE, "PerCTA: load PC, 0 = free (Table 2: 4 B)"};
  o[n++] = (wg_field){"percta_lead_wid", d.WB, d.NE, "PerCTA: leading warp id, its index in the CTA (Table 2: 1 B)"};
  o[n++] = (wg_field){"percta_base", d.AB, d.NE * d.R, "PerCTA: base addresses, REQS per entry (Table 2: 4 x 4 B)"};
  o[n++] = (wg_field){"dist_pc", d.PB, 2, "DIST: load PC, 0 = free (Table 2: 4 B)"};
  o[n++] = (wg_field){"dist_stride", d.AB, 2, "DIST: stride per warp-id step (Table 2: 4 B)"};
  o[n++] = (wg_field){"dist_mispred", d.MW, 2, "DIST: misprediction counter, saturating (Table 2: 1 B; 4.2 text: 2 B)"};
  o[n++] = (wg_field){"percta_nreq", d.NRB, d.NE, "not in the paper: how many bases are valid (1..REQS)"};
  o[n++] = (wg_field){"percta_lru", 1, d.NC, "not in the paper: least recently updated entry per slot"};
  o[n++] = (wg_field){"dist_lru", 1, 1, "not in the paper: least recently updated DIST entry"};
  o[n++] = (wg_field){"dist_lcta", d.CB, 2, "not in the paper: the CTA slot the stride was learnt in (the leading CTA: Case 1 fires for its trailing warps only, 4.3)"};
  o[n++] = (wg_field){"trig_queue", d.NC * 2 + 2 + d.WB + 2 * d.AB + d.WB, d.Q,
                      "not in the paper: a waiting trigger (pending slots, entry selects, case, phase, k, offset, stride, target)"};
  o[n++] = (wg_field){"trig_queue_ptrs", d.QPW + d.QCW, 1, "not in the paper: trigger queue head and count"};
  o[n++] = (wg_field){"gen_state", d.NC * 2 + 2 + d.WB + 2 * d.AB + d.WB + d.RIB, 1,
                      "not in the paper: generator (pending slots, entry selects, case, phase, k, offset, stride, target, request index)"};
  o[n++] = (wg_field){"pf_fifo", d.AB + d.CB + d.WB, d.D, "not in the paper: prefetch FIFO entry (address, destination CTA slot and warp)"};
  o[n++] = (wg_field){"pf_fifo_ptrs", 2 * d.PW + d.CW, 1, "not in the paper: FIFO head, tail, count"};
  return n;
}

/* ------------------------------------------------------------------ RTL */

#define P(...) wgb_printf(o, __VA_ARGS__)

/* 'sig' (from bits) at width 'to': zero-extended, or its low bits */
static const char *caps_fit(char *dst, size_t n, const char *sig, int from, int to) {
  if (to > from) snprintf(dst, n, "{%d'd0, %s}", to - from, sig);
  else if (to < from) snprintf(dst, n, "%s[%d:0]", sig, to - 1);
  else snprintf(dst, n, "%s", sig);
  return dst;
}

/* "ptr + k" on the ring of D (k a Verilog expression of width 'kw' <= PW+1), into 'dst' */
static void caps_ring_add(wg_buf *o, const caps_dims *d, const char *dst, const char *ptr,
                          const char *k, int kw) {
  char a[96];
  if (d->d_pow2) {   /* mod 2^PW: the low bits of k are enough */
    P("  assign %s = %s + %s;\n", dst, ptr, caps_fit(a, sizeof a, k, kw, d->PW));
    return;
  }
  P("  logic [%d:0] %s_sum;\n", d->PW, dst);
  P("  assign %s_sum = {1'b0, %s} + %s;\n", dst, ptr, wg_zext(a, sizeof a, k, kw, d->PW + 1));
  P("  assign %s = (%s_sum >= %d'd%d) ? %d'(%s_sum - %d'd%d) : %s_sum[%d:0];  // wraps at %d\n", dst, dst,
    d->PW + 1, d->D, d->PW, dst, d->PW + 1, d->D, dst, d->PW - 1, d->D);
}

/* the tables of Table 2 and the request count and LRU bits beside them */
static void caps_rtl_tables(wg_buf *o, caps_dims d) {
  const int NC = d.NC, R = d.R, AB = d.AB, WB = d.WB, PB = d.PB, NRB = d.NRB;
  P("  // ==== tables (Table 2) ====\n");
  P("  // PerCTA: slot s owns entries 2s and 2s+1.  PC 0 marks a free entry, as in the\n"
    "  // paper (\"invalidated by setting the PC bits to zero\"); payload fields are only\n"
    "  // read under a PC match, so they need no reset.\n");
  P("  (* mem2reg *) logic [%d:0] pct_pc   [0:%d];  // load PC\n", PB - 1, d.NE - 1);
  P("  (* mem2reg *) logic [%d:0] pct_lead [0:%d];  // leading warp (index in the CTA)\n", WB - 1, d.NE - 1);
  P("  (* mem2reg *) logic [%d:0] pct_base [0:%d];  // base i at [i*%d +: %d]\n", R * AB - 1, d.NE - 1, AB, AB);
  P("  (* mem2reg *) logic [%d:0] pct_n    [0:%d];  // valid bases, 1..%d\n", NRB - 1, d.NE - 1, R);
  P("  logic [%d:0] pct_lru;  // per slot: the least recently updated entry\n", NC - 1);
  P("  // DIST: one per SM, 2 entries\n");
  P("  (* mem2reg *) logic [%d:0] dist_pc     [0:1];\n", PB - 1);
  P("  (* mem2reg *) logic [%d:0] dist_stride [0:1];\n", AB - 1);
  P("  (* mem2reg *) logic [%d:0] dist_mis    [0:1];  // misprediction counter, saturating at %lld\n", d.MW - 1, d.mis_max);
  P("  (* mem2reg *) logic [%d:0] dist_lcta   [0:1];  // the slot the stride was learnt in: the leading CTA\n", d.CB - 1);
  P("  logic dist_lru;\n\n");
}

/* PIPE=0: the whole per-load decision in the cycle the load arrives (lookup, stride check,
** verification, throttle, Case 1 broadcast, the trigger's way into the generator or queue) */
static void caps_rtl_load_flat(wg_buf *o, caps_dims d, int mutant) {
  const int NC = d.NC, R = d.R, AB = d.AB, WB = d.WB, PB = d.PB, NRB = d.NRB;
  char a[128], b[128];
  P("  // ==== the load: targeted? (4.2: at most %d coalesced requests) ====\n", R);
  P("  logic ld_n_ok, ld_cta_ok, ld_warp_ok;\n");
  P("  assign ld_n_ok    = (ld_n != 6'd0) && (ld_n <= 6'd%d);\n", R);
  if (d.all_slots) P("  assign ld_cta_ok  = 1'b1;  // every %d-bit id is a slot\n", d.CB);
  else P("  assign ld_cta_ok  = (ld_cta < %d'd%d);\n", d.CB, NC);
  P("  // warps per CTA, at most 2^WID_BITS (the id field): larger values act as 2^WID_BITS\n");
  P("  logic [%d:0] cw;\n  assign cw = (cta_warps > %d'd%d) ? %d'd%d : cta_warps;\n", WB, WB + 1, 1 << WB, WB + 1, 1 << WB);
  P("  assign ld_warp_ok = ({1'b0, ld_warp} < cw);\n");
  P("  assign ld_target  = ld_valid && !flush && (ld_pc != '0) && ld_n_ok && ld_cta_ok && ld_warp_ok;\n");
  P("  logic [%d:0] n_ld;  // the request count as the tables store it\n", NRB - 1);
  P("  assign n_ld = ld_n[%d:0];\n", NRB - 1);
  for (int i = 0; i < R; i++) P("  logic [%d:0] a%d;  assign a%d = ld_addr[%d:%d];\n", AB - 1, i, i, (i + 1) * AB - 1, i * AB);
  P("  logic [%d:0] slot_oh, launch_oh;\n", NC - 1);
  P("  always_comb for (int s = 0; s < %d; s++) begin\n"
    "    slot_oh[s]   = (ld_cta == %d'(s));\n"
    "    launch_oh[s] = launch && (launch_cta == %d'(s));\n  end\n\n", NC, d.CB, d.CB);

  P("  // ==== PerCTA lookup in the load's own slot: one-hot AND-OR read, 2 PC compares ====\n");
  P("  logic [%d:0] c_pc0, c_pc1;\n  logic [%d:0] c_lead0, c_lead1;\n  logic [%d:0] c_base0, c_base1;\n"
    "  logic [%d:0] c_n0, c_n1;\n  logic c_lru;\n", PB - 1, WB - 1, R * AB - 1, NRB - 1);
  P("  always_comb begin\n    c_pc0 = '0; c_pc1 = '0; c_lead0 = '0; c_lead1 = '0;\n"
    "    c_base0 = '0; c_base1 = '0; c_n0 = '0; c_n1 = '0; c_lru = 1'b0;\n");
  P("    for (int s = 0; s < %d; s++) begin\n", NC);
  P("      c_pc0   = c_pc0   | (pct_pc[2*s]     & {%d{slot_oh[s]}});\n", PB);
  P("      c_pc1   = c_pc1   | (pct_pc[2*s+1]   & {%d{slot_oh[s]}});\n", PB);
  P("      c_lead0 = c_lead0 | (pct_lead[2*s]   & {%d{slot_oh[s]}});\n", WB);
  P("      c_lead1 = c_lead1 | (pct_lead[2*s+1] & {%d{slot_oh[s]}});\n", WB);
  P("      c_base0 = c_base0 | (pct_base[2*s]   & {%d{slot_oh[s]}});\n", R * AB);
  P("      c_base1 = c_base1 | (pct_base[2*s+1] & {%d{slot_oh[s]}});\n", R * AB);
  P("      c_n0    = c_n0    | (pct_n[2*s]      & {%d{slot_oh[s]}});\n", NRB);
  P("      c_n1    = c_n1    | (pct_n[2*s+1]    & {%d{slot_oh[s]}});\n", NRB);
  P("      c_lru   = c_lru   | (pct_lru[s] && slot_oh[s]);\n");
  P("    end\n  end\n");
  P("  logic hit0, hit1, p_e;\n");
  P("  assign hit0 = ld_target && (c_pc0 == ld_pc);  // ld_pc != 0: a match is a valid entry\n");
  if (mutant) P("  assign hit1 = 1'b0;  // MUTANT: entry 1 is never found\n");
  else P("  assign hit1 = ld_target && (c_pc1 == ld_pc);\n");
  P("  assign ld_hit = hit0 || hit1;\n  assign p_e = hit1;\n");
  P("  logic [%d:0] p_lead;\n  logic [%d:0] p_base;\n  logic [%d:0] p_n;\n", WB - 1, R * AB - 1, NRB - 1);
  P("  assign p_lead = p_e ? c_lead1 : c_lead0;\n  assign p_base = p_e ? c_base1 : c_base0;\n"
    "  assign p_n    = p_e ? c_n1 : c_n0;\n\n");

  P("  // ==== DIST lookup, in parallel ====\n");
  P("  logic dhit0, dhit1, d_e;\n  logic [%d:0] d_stride;\n  logic [%d:0] d_mis;\n", AB - 1, d.MW - 1);
  P("  assign dhit0 = ld_target && (dist_pc[0] == ld_pc);\n  assign dhit1 = ld_target && (dist_pc[1] == ld_pc);\n");
  P("  assign ld_dist_hit = dhit0 || dhit1;\n  assign d_e = dhit1;\n");
  P("  assign d_stride = d_e ? dist_stride[1] : dist_stride[0];\n  assign d_mis = d_e ? dist_mis[1] : dist_mis[0];\n");
  P("  logic [%d:0] d_lcta;\n  assign d_lcta = d_e ? dist_lcta[1] : dist_lcta[0];\n\n", d.CB - 1);

  P("  // ==== stride computation: PerCTA hit, DIST miss (4.2) ====\n");
  P("  // k: warp distance from the leading warp, %d-bit two's complement\n", WB + 1);
  P("  logic [%d:0] k;\n  assign k = {1'b0, ld_warp} - {1'b0, p_lead};\n", WB);
  for (int i = 0; i < R; i++)
    P("  logic [%d:0] diff%d;  assign diff%d = a%d - p_base[%d:%d];\n", AB - 1, i, i, i, (i + 1) * AB - 1, i * AB);
  P("  logic all_eq, same_n, k_zero, k_p1, k_m1, learn;\n");
  P("  // every request's difference equals request 0's (requests beyond the count do not count)\n");
  P("  assign all_eq = 1'b1");
  for (int i = 1; i < R; i++) P(" && (ld_n <= 6'd%d || diff%d == diff0)", i, i);
  P(";\n");
  P("  assign same_n = (ld_n == %s);\n", wg_zext(a, sizeof a, "p_n", NRB, 6));
  P("  assign k_zero = (k == '0);\n  assign k_p1 = (k == %d'd1);\n  assign k_m1 = (k == '1);  // -1\n", WB + 1);
  P("  assign learn = ld_hit && !ld_dist_hit && !k_zero;  // k = 0: the leading warp again, nothing to learn\n");
  P("  assign ev_invalid = learn && !(same_n && all_eq);\n");
  P("  // the paper's rule is two consecutive warps: a distance of +-1; other distances wait\n");
  P("  assign ev_stride  = learn && same_n && all_eq && (k_p1 || k_m1);\n");
  P("  logic [%d:0] new_stride;\n  assign new_stride = k_p1 ? diff0 : -diff0;\n\n", AB - 1);

  P("  // ==== verification: PerCTA hit, DIST hit (4.2, throttling) ====\n");
  P("  logic verify;\n  assign verify = ld_hit && ld_dist_hit;\n");
  P("  // k x stride, shift-and-add over the %d bits of k (two's complement: the top one subtracts)\n", WB + 1);
  P("  logic [%d:0] kstride;\n  assign kstride = ", AB - 1);
  for (int b = 0; b <= WB && b < AB; b++) {
    char sh[48];
    if (b == 0) snprintf(sh, sizeof sh, "d_stride");
    else snprintf(sh, sizeof sh, "{d_stride[%d:0], %d'd0}", AB - 1 - b, b);
    if (b < WB) P("%s(k[%d] ? %s : '0)", b ? "\n                 + " : "", b, sh);
    else P("\n                 - (k[%d] ? %s : '0)", b, sh);
  }
  P(";\n");
  P("  logic [%d:0] mis;  // per request: predicted and demand differ (or only one of them exists)\n", R - 1);
  for (int i = 0; i < R; i++) {
    P("  logic [%d:0] pred%d;  assign pred%d = p_base[%d:%d] + kstride;\n", AB - 1, i, i, (i + 1) * AB - 1, i * AB);
    P("  assign mis[%d] = verify && (((p_n > %d'd%d) != (ld_n > 6'd%d)) || ((p_n > %d'd%d) && pred%d != a%d));\n",
      i, NRB, i, i, NRB, i, i, i);
  }
  P("  assign ev_mispred = ");
  for (int i = 0; i < R; i++) {
    snprintf(b, sizeof b, "mis[%d]", i);
    P("%s%s", wg_zext(a, sizeof a, b, 1, NRB), i + 1 < R ? " + " : ";\n");
  }
  P("  logic [%d:0] mis_sum;\n  logic [%d:0] mis_new;\n", d.MW, d.MW - 1);
  P("  assign mis_sum = {1'b0, d_mis} + %s;\n", wg_zext(a, sizeof a, "ev_mispred", NRB, d.MW + 1));
  P("  assign mis_new = (mis_sum > %d'd%lld) ? %d'd%lld : mis_sum[%d:0];  // saturating\n",
    d.MW + 1, d.mis_max, d.MW, d.mis_max, d.MW - 1);
  P("  logic alloc, free0, free1, vict;\n");
  P("  assign alloc = ld_target && !ld_hit;\n");
  P("  assign ev_throttled = (verify && mis_new > %d'd%d) || (alloc && ld_dist_hit && d_mis > %d'd%d);\n\n",
    d.MW, d.TH, d.MW, d.TH);

  P("  // ==== allocation: the leading warp of its CTA for this PC ====\n");
  P("  assign free0 = (c_pc0 == '0);\n  assign free1 = (c_pc1 == '0);\n");
  P("  assign vict = free0 ? 1'b0 : free1 ? 1'b1 : c_lru;  // a free entry, else the least recently updated\n");
  P("  assign ev_lead = alloc;\n  assign ev_evict = alloc && !free0 && !free1;\n");
  P("  // the PerCTA entry this load writes (allocate or invalidate), one-hot over all entries\n");
  P("  logic [%d:0] wr_alloc, wr_inval;\n", d.NE - 1);
  P("  always_comb for (int s = 0; s < %d; s++) begin\n"
    "    wr_alloc[2*s]   = alloc && slot_oh[s] && !vict;\n"
    "    wr_alloc[2*s+1] = alloc && slot_oh[s] && vict;\n"
    "    wr_inval[2*s]   = ev_invalid && slot_oh[s] && !p_e;\n"
    "    wr_inval[2*s+1] = ev_invalid && slot_oh[s] && p_e;\n  end\n\n", NC);

  P("  // ==== Case 1 broadcast (Fig. 9a): the PC in every other slot, counterpart in range ====\n");
  P("  logic [%d:0] m_hit, m_sel, c1_vec;\n", NC - 1);
  for (int s = 0; s < NC; s++) {
    P("  logic [%d:0] m_t%d;  // slot %d: its leading warp + k\n", WB + 1, s, s);
    P("  assign m_hit[%d] = (pct_pc[%d] == ld_pc) || (pct_pc[%d] == ld_pc);\n", s, 2 * s, 2 * s + 1);
    P("  assign m_sel[%d] = (pct_pc[%d] == ld_pc);\n", s, 2 * s + 1);
    P("  assign m_t%d = {2'b0, m_sel[%d] ? pct_lead[%d] : pct_lead[%d]} + {k[%d], k};\n", s, s, 2 * s + 1, 2 * s, WB);
    P("  assign c1_vec[%d] = m_hit[%d] && !slot_oh[%d] && !launch_oh[%d] && !m_t%d[%d] && (m_t%d[%d:0] < cw);\n",
      s, s, s, s, s, WB + 1, s, WB);
  }
  P("  logic want1, want2, acc1, acc2;\n");
  P("  // Case 1 only for the trailing warps of the leading CTA, the slot the stride was learnt in (4.3)\n");
  P("  assign want1 = ev_stride || (verify && !k_zero && mis_new <= %d'd%d && ld_cta == d_lcta);\n", d.MW, d.TH);
  P("  assign want2 = alloc && ld_dist_hit && d_mis <= %d'd%d;\n", d.MW, d.TH);
  P("  assign acc1 = want1 && (c1_vec != '0);\n");
  P("  assign acc2 = want2 && (cw >= %d'd2) && !(launch && launch_cta == ld_cta);\n", WB + 1);
  P("  // a trigger goes to the generator at once when it is idle and nothing waits, else into the\n"
    "  // trigger queue (whose head leaves for an idle generator at this edge); full: dropped\n");
  P("  logic direct, load_tq, tq_room, push_tq;\n");
  P("  assign load_tq = !gen_busy && (tq_count != '0) && !flush;\n");
  P("  assign direct  = !gen_busy && (tq_count == '0);\n");
  P("  assign tq_room = (tq_count - %s) < %d'd%d;\n", wg_zext(a, sizeof a, "load_tq", 1, d.QCW), d.QCW, d.Q);
  P("  assign push_tq = (acc1 || acc2) && !direct && tq_room;\n");
  P("  assign trig_drop  = (acc1 || acc2) && !direct && !tq_room;\n");
  P("  assign trig_case1 = acc1 && !trig_drop;\n");
  P("  assign trig_case2 = acc2 && !trig_drop;\n\n");
}

/* the prefetch generator's group of this cycle; 'kill' stops the slots whose entries this
** edge rewrites (wr_alloc, wr_inval) or whose CTA is launched */
static void caps_rtl_generator(wg_buf *o, caps_dims d) {
  const int NC = d.NC, R = d.R, AB = d.AB, WB = d.WB, NRB = d.NRB, D = d.D, G = d.G;
  char a[128], b[128];
  P("  // ==== prefetch generator: one target warp at a time, up to %d adders per cycle ====\n", G);
  P("  logic [%d:0] g_pend;  // slots still to serve (Case 2: the own slot only)\n", NC - 1);
  P("  logic [%d:0] g_sel;   // per slot: the PerCTA entry with the PC\n", NC - 1);
  P("  logic g_case2, g_down;  // Case 2; its second phase (warps below the leading warp)\n");
  P("  logic [%d:0] g_k;     // Case 1: the triggering warp's distance from its leading warp (mod 2^%d)\n", WB - 1, WB);
  P("  logic [%d:0] g_off;   // offset added to the bases: Case 1 k*stride, Case 2 (t-lead)*stride\n", AB - 1);
  P("  logic [%d:0] g_stride;\n", AB - 1);
  P("  logic [%d:0] g_t;     // Case 2: the target warp\n", WB - 1);
  P("  logic [%d:0] g_ri;    // next request of the target\n", d.RIB - 1);
  P("  assign gen_busy = (g_pend != '0);\n  assign gen_case2 = gen_busy && g_case2;\n");
  P("  logic [%d:0] cur;  // the lowest pending slot, one-hot\n", NC - 1);
  P("  assign cur = g_pend & (~g_pend + %d'd1);\n", NC);
  P("  logic [%d:0] cur_lead, tgt;\n  logic [%d:0] cur_base;\n  logic [%d:0] cur_n;\n  logic [%d:0] cur_cta;\n",
    WB - 1, R * AB - 1, NRB - 1, d.CB - 1);
  P("  always_comb begin\n    cur_lead = '0; cur_base = '0; cur_n = '0; cur_cta = '0;\n");
  P("    for (int s = 0; s < %d; s++) begin\n", NC);
  P("      cur_lead = cur_lead | (pct_lead[2*s] & {%d{cur[s] && !g_sel[s]}}) | (pct_lead[2*s+1] & {%d{cur[s] && g_sel[s]}});\n", WB, WB);
  P("      cur_base = cur_base | (pct_base[2*s] & {%d{cur[s] && !g_sel[s]}}) | (pct_base[2*s+1] & {%d{cur[s] && g_sel[s]}});\n", R * AB, R * AB);
  P("      cur_n    = cur_n    | (pct_n[2*s] & {%d{cur[s] && !g_sel[s]}}) | (pct_n[2*s+1] & {%d{cur[s] && g_sel[s]}});\n", NRB, NRB);
  P("      if (cur[s]) cur_cta = cur_cta | %d'(s);\n", d.CB);
  P("    end\n  end\n");
  P("  assign tgt = g_case2 ? g_t : cur_lead + g_k;  // Case 1: in range, checked at the trigger\n");
  P("  logic [%d:0] rem, grp;\n", NRB - 1);
  P("  assign rem = cur_n - %s;  // requests of the target still to generate\n", wg_zext(a, sizeof a, "g_ri", d.RIB, NRB));
  if (G == (1 << NRB) - 1) P("  assign grp = rem;  // GEN is the largest count: never more than a group\n");
  else P("  assign grp = (rem > %d'd%d) ? %d'd%d : rem;\n", NRB, G, NRB, G);
  P("  logic emit, last;\n");
  P("  logic [%d:0] space;\n  assign space = %d'd%d - pf_count;\n", d.CW - 1, d.CW, D);
  {
    int w = d.CW > NRB ? d.CW : NRB;
    P("  assign emit = gen_busy && (%s <= %s);  // the whole group fits, or the generator waits\n",
      wg_zext(a, sizeof a, "grp", NRB, w), wg_zext(b, sizeof b, "space", d.CW, w));
  }
  if (G == (1 << NRB) - 1) P("  assign last = 1'b1;  // every group finishes its target\n");
  else P("  assign last = (rem <= %d'd%d);  // this group finishes the target\n", NRB, G);
  P("  assign gen_stall = gen_busy && !emit;\n");
  if (d.GB == NRB) P("  assign pf_push = emit ? grp : '0;\n");
  else P("  assign pf_push = emit ? grp[%d:0] : '0;\n", d.GB - 1);
  for (int j = 0; j < G; j++) {
    P("  logic [%d:0] gbase%d, gaddr%d;  // request g_ri+%d\n", AB - 1, j, j, j);
    P("  assign gbase%d = ", j);
    int first = 1;
    for (int i = j; i < R; i++) {
      P("%s(cur_base[%d:%d] & {%d{g_ri == %d'd%d}})", first ? "" : "\n                | ", (i + 1) * AB - 1, i * AB,
        AB, d.RIB, i - j);
      first = 0;
    }
    P(";\n  assign gaddr%d = gbase%d + g_off;  // the adder\n", j, j);
  }
  P("  // an entry written by this cycle's load, or its slot launched, stops its prefetches\n");
  P("  logic [%d:0] kill;\n", NC - 1);
  P("  always_comb for (int s = 0; s < %d; s++)\n"
    "    kill[s] = launch_oh[s] || (g_sel[s] ? (wr_alloc[2*s+1] || wr_inval[2*s+1]) : (wr_alloc[2*s] || wr_inval[2*s]));\n", NC);
  P("  logic cur_killed;\n  assign cur_killed = (cur & kill) != '0;\n");
  P("  // Case 2 walks lead+1 .. cta_warps-1 (offset += stride), then lead-1 .. 0 (offset -= stride)\n");
  P("  logic up_more;\n  assign up_more = ({1'b0, g_t} + %d'd1 < cw);\n", WB + 1);
  P("  logic first_up;  // Case 2 trigger: is there a warp above the leading warp?\n");
  P("  assign first_up = ({1'b0, ld_warp} + %d'd1 < cw);\n", WB + 1);
  P("  logic [%d:0] pend_next;\n", NC - 1);
  P("  always_comb begin\n    pend_next = g_pend & ~kill;\n");
  P("    if (emit && last && !cur_killed) begin\n");
  P("      if (!g_case2) pend_next = pend_next & ~cur;\n");
  P("      else if (g_down ? (g_t == '0) : (!up_more && cur_lead == '0)) pend_next = '0;  // Case 2 done\n");
  P("    end\n    if (flush) pend_next = '0;\n  end\n");
}

/* PIPE=0: the trigger this cycle's load makes, as the generator or the queue takes it */
static void caps_rtl_trigger_flat(wg_buf *o, caps_dims d) {
  const int NC = d.NC, WB = d.WB, AB = d.AB;
  P("\n  // ==== this cycle's trigger, as the generator takes it ====\n");
  P("  logic [%d:0] t_pend, t_sel;\n  logic t_case2, t_down;\n  logic [%d:0] t_k, t_t;\n  logic [%d:0] t_off, t_stride;\n",
    NC - 1, WB - 1, AB - 1);
  P("  logic [%d:0] k_id;  // k modulo the warp-id field\n  assign k_id = k[%d:0];\n", WB - 1, WB - 1);
  P("  always_comb begin\n"
    "    t_pend = '0; t_sel = '0; t_case2 = 1'b0; t_down = 1'b0; t_k = '0; t_t = '0; t_off = '0; t_stride = '0;\n"
    "    if (acc1) begin  // Case 1: the counterparts of warp lead + k in the other slots\n"
    "      t_pend = c1_vec; t_sel = m_sel; t_k = k_id;\n"
    "      t_off = ev_stride ? diff0 : kstride;  // k x stride (learning: k = +-1, the difference itself)\n"
    "    end else if (acc2) begin  // Case 2: the rest of the own slot, above the leading warp first\n"
    "      t_pend = slot_oh; t_sel = {%d{vict}}; t_case2 = 1'b1; t_stride = d_stride; t_down = !first_up;\n"
    "      t_t = first_up ? ld_warp + %d'd1 : ld_warp - %d'd1;\n"
    "      t_off = first_up ? d_stride : -d_stride;\n"
    "    end\n  end\n", NC, WB, WB);
}

/* the trigger queue, the generator's registers and the prefetch FIFO */
static void caps_rtl_queue_fifo(wg_buf *o, caps_dims d) {
  const int NC = d.NC, R = d.R, AB = d.AB, WB = d.WB, D = d.D, G = d.G;
  char a[128], b[128];
  const int Q = d.Q, QPW = d.QPW, QCW = d.QCW;
  P("\n  // ==== trigger queue (%d entries): triggers that find the generator busy wait here ====\n", Q);
  P("  (* mem2reg *) logic [%d:0] q_pend [0:%d];\n  (* mem2reg *) logic [%d:0] q_sel [0:%d];\n", NC - 1, Q - 1, NC - 1, Q - 1);
  P("  (* mem2reg *) logic [%d:0] q_case2, q_down;\n", Q - 1);
  P("  (* mem2reg *) logic [%d:0] q_k [0:%d];\n  (* mem2reg *) logic [%d:0] q_t [0:%d];\n", WB - 1, Q - 1, WB - 1, Q - 1);
  P("  (* mem2reg *) logic [%d:0] q_off [0:%d];\n  (* mem2reg *) logic [%d:0] q_stride [0:%d];\n", AB - 1, Q - 1, AB - 1, Q - 1);
  P("  logic [%d:0] tq_head, tq_head_inc, tq_wpos;\n", QPW - 1);
  char c[96];
  if ((Q & (Q - 1)) == 0 && (1 << QPW) == Q) {
    P("  assign tq_head_inc = %s;  // wraps at %d by itself\n", wg_ring_inc(c, sizeof c, "tq_head", QPW, Q), Q);
    P("  assign tq_wpos = tq_head + %s;  // where a pushed trigger goes\n", caps_fit(a, sizeof a, "tq_count", QCW, QPW));
  } else {
    P("  assign tq_head_inc = %s;\n", wg_ring_inc(c, sizeof c, "tq_head", QPW, Q));
    P("  logic [%d:0] tq_wsum;\n  assign tq_wsum = %s + %s;\n", QPW, wg_zext(a, sizeof a, "tq_head", QPW, QPW + 1),
      wg_zext(b, sizeof b, "tq_count", QCW, QPW + 1));
    P("  assign tq_wpos = (tq_wsum >= %d'd%d) ? %d'(tq_wsum - %d'd%d) : tq_wsum[%d:0];  // where a pushed trigger goes\n",
      QPW + 1, Q, QPW, QPW + 1, Q, QPW - 1);
  }
  P("  // per queued trigger: the slots whose entries this cycle rewrites (its prefetches stop, as the generator's)\n");
  P("  logic [%d:0] qkill [0:%d];\n", NC - 1, Q - 1);
  P("  always_comb for (int e = 0; e < %d; e++)\n"
    "    for (int s = 0; s < %d; s++)\n"
    "      qkill[e][s] = launch_oh[s] || (q_sel[e][s] ? (wr_alloc[2*s+1] || wr_inval[2*s+1]) : (wr_alloc[2*s] || wr_inval[2*s]));\n",
    Q, NC);
  P("  // what an idle generator takes: the queue's head, else this cycle's trigger\n");
  P("  logic [%d:0] l_pend, l_sel;\n  logic l_case2, l_down;\n  logic [%d:0] l_k, l_t;\n  logic [%d:0] l_off, l_stride;\n",
    NC - 1, WB - 1, AB - 1);
  P("  always_comb begin\n    l_pend = t_pend; l_sel = t_sel; l_case2 = t_case2; l_down = t_down;\n"
    "    l_k = t_k; l_t = t_t; l_off = t_off; l_stride = t_stride;\n"
    "    for (int e = 0; e < %d; e++)\n"
    "      if (load_tq && tq_head == %d'(e)) begin\n"
    "        l_pend = q_pend[e] & ~qkill[e]; l_sel = q_sel[e]; l_case2 = q_case2[e]; l_down = q_down[e];\n"
    "        l_k = q_k[e]; l_t = q_t[e]; l_off = q_off[e]; l_stride = q_stride[e];\n"
    "      end\n  end\n", Q, QPW);
  P("  always_ff @(posedge clk) begin\n    if (rst || flush) begin\n      tq_head <= '0; tq_count <= '0;\n    end else begin\n"
    "      if (load_tq) tq_head <= tq_head_inc;\n"
    "      tq_count <= tq_count - %s + %s;\n    end\n  end\n",
    wg_zext(a, sizeof a, "load_tq", 1, QCW), wg_zext(b, sizeof b, "push_tq", 1, QCW));
  P("  always_ff @(posedge clk)\n    for (int e = 0; e < %d; e++)\n"
    "      if (push_tq && tq_wpos == %d'(e)) begin\n"
    "        q_pend[e] <= t_pend; q_sel[e] <= t_sel; q_case2[e] <= t_case2; q_down[e] <= t_down;\n"
    "        q_k[e] <= t_k; q_t[e] <= t_t; q_off[e] <= t_off; q_stride[e] <= t_stride;\n"
    "      end else q_pend[e] <= q_pend[e] & ~qkill[e];\n\n", Q, QPW);

  P("  always_ff @(posedge clk) begin\n    if (rst) begin\n"
    "      g_pend <= '0; g_ri <= '0;\n    end else if (!gen_busy) begin\n"
    "      g_ri <= '0;\n");
  P("      if (load_tq || (direct && (acc1 || acc2))) begin\n"
    "        g_pend <= l_pend; g_sel <= l_sel; g_case2 <= l_case2; g_down <= l_down; g_k <= l_k; g_off <= l_off;\n"
    "        if (l_case2) begin g_stride <= l_stride; g_t <= l_t; end\n"
    "      end\n");
  P("    end else begin\n      g_pend <= pend_next;\n");
  P("      if (flush || cur_killed || (emit && last)) g_ri <= '0;\n");
  if (R > G) P("      else if (emit) g_ri <= g_ri + %d'd%d;\n", d.RIB, G);
  P("      if (emit && last && g_case2) begin\n"
    "        if (!g_down && up_more) begin g_t <= g_t + %d'd1; g_off <= g_off + g_stride; end\n"
    "        else if (!g_down) begin g_down <= 1'b1; g_t <= cur_lead - %d'd1; g_off <= -g_stride; end\n"
    "        else begin g_t <= g_t - %d'd1; g_off <= g_off - g_stride; end\n"
    "      end\n", WB, WB, WB);
  P("    end\n  end\n\n");

  P("  // ==== prefetch FIFO (%d entries), up to %d writes per cycle at the tail ====\n", D, G);
  P("  (* mem2reg *) logic [%d:0] f_addr [0:%d];\n", AB - 1, D - 1);
  P("  (* mem2reg *) logic [%d:0] f_cta  [0:%d];\n", d.CB - 1, D - 1);
  P("  (* mem2reg *) logic [%d:0] f_warp [0:%d];\n", WB - 1, D - 1);
  P("  logic [%d:0] head, tail, head_next, tail_next;\n", d.PW - 1);
  P("  logic pop;\n  assign pf_valid = (pf_count != '0);\n  assign pop = pf_valid && pf_ready;\n");
  P("  logic [%d:0] head_oh;\n  assign head_oh = pf_valid ? (%d'd1 << head) : '0;\n", D - 1, D);
  P("  always_comb begin\n    pf_addr = '0; pf_cta = '0; pf_warp = '0;\n"
    "    for (int e = 0; e < %d; e++) begin\n"
    "      pf_addr = pf_addr | (f_addr[e] & {%d{head_oh[e]}});\n"
    "      pf_cta  = pf_cta  | (f_cta[e]  & {%d{head_oh[e]}});\n"
    "      pf_warp = pf_warp | (f_warp[e] & {%d{head_oh[e]}});\n"
    "    end\n  end\n", D, AB, d.CB, WB);
  for (int j = 0; j < G; j++) {
    char dst[16], kk[16];
    snprintf(dst, sizeof dst, "wpos%d", j);
    P("  logic [%d:0] wpos%d;\n", d.PW - 1, j);
    if (j == 0) { P("  assign wpos0 = tail;\n"); continue; }
    int kw = d.d_pow2 ? d.PW : d.PW + 1;
    snprintf(kk, sizeof kk, "%d'd%d", kw, j);
    caps_ring_add(o, &d, dst, "tail", kk, kw);
  }
  caps_ring_add(o, &d, "tail_next", "tail", "pf_push", d.GB);
  caps_ring_add(o, &d, "head_next", "head", "pop", 1);
  for (int j = 0; j < G; j++) {
    P("  logic [%d:0] fw%d;  // one-hot: where group address %d goes\n", D - 1, j, j);
    P("  assign fw%d = (pf_push > %d'd%d) ? (%d'd1 << wpos%d) : '0;\n", j, d.GB, j, D, j);
  }
  P("  always_ff @(posedge clk) begin\n    for (int e = 0; e < %d; e++) begin\n", D);
  for (int j = 0; j < G; j++)
    P("      %sif (fw%d[e]) begin f_addr[e] <= gaddr%d; f_cta[e] <= cur_cta; f_warp[e] <= tgt; end\n",
      j ? "else " : "", j, j);
  P("    end\n  end\n");
  P("  always_ff @(posedge clk) begin\n    if (rst) begin\n      head <= '0; tail <= '0; pf_count <= '0;\n"
    "    end else begin\n      head <= head_next;\n      tail <= tail_next;\n");
  P("      pf_count <= pf_count + %s - %s;\n    end\n  end\n\n",
    wg_zext(a, sizeof a, "pf_push", d.GB, d.CW), wg_zext(b, sizeof b, "pop", 1, d.CW));

}

/* PIPE=0: the tables written at the edge of the load's cycle */
static void caps_rtl_updates_flat(wg_buf *o, caps_dims d) {
  const int NC = d.NC;
  P("  // ==== table updates ====\n");
  P("  always_ff @(posedge clk) begin\n    for (int s = 0; s < %d; s++) begin\n", NC);
  P("      if (rst || flush || launch_oh[s]) begin\n"
    "        pct_pc[2*s] <= '0; pct_pc[2*s+1] <= '0; pct_lru[s] <= 1'b0;\n"
    "      end else begin\n"
    "        if (wr_alloc[2*s]) pct_pc[2*s] <= ld_pc;\n"
    "        else if (wr_inval[2*s]) pct_pc[2*s] <= '0;   // not striding\n"
    "        if (wr_alloc[2*s+1]) pct_pc[2*s+1] <= ld_pc;\n"
    "        else if (wr_inval[2*s+1]) pct_pc[2*s+1] <= '0;\n"
    "        if (alloc && slot_oh[s]) pct_lru[s] <= !vict;  // the other entry is now the older\n"
    "      end\n    end\n  end\n");
  P("  always_ff @(posedge clk) begin\n    for (int e = 0; e < %d; e++)\n"
    "      if (wr_alloc[e]) begin pct_lead[e] <= ld_warp; pct_base[e] <= ld_addr; pct_n[e] <= n_ld; end\n"
    "  end\n", d.NE);
  P("  logic dvict;\n  assign dvict = (dist_pc[0] == '0) ? 1'b0 : (dist_pc[1] == '0) ? 1'b1 : dist_lru;\n");
  P("  always_ff @(posedge clk) begin\n    if (rst || flush) begin\n"
    "      dist_pc[0] <= '0; dist_pc[1] <= '0; dist_lru <= 1'b0;\n"
    "    end else if (ev_stride) begin\n"
    "      dist_pc[dvict] <= ld_pc; dist_stride[dvict] <= new_stride; dist_mis[dvict] <= '0;  // counter reset\n"
    "      dist_lcta[dvict] <= ld_cta;  // the leading CTA: its trailing warps trigger Case 1\n"
    "      dist_lru <= !dvict;\n"
    "    end else if (verify) begin\n"
    "      dist_mis[d_e] <= mis_new;\n      dist_lru <= !d_e;\n"
    "    end\n  end\n");
}

static void caps_rtl(wg_buf *o, wg_pv p, int mutant) {
  caps_dims d = caps_dims_of(p);
  caps_rtl_tables(o, d);
  caps_rtl_load_flat(o, d, mutant);
  caps_rtl_generator(o, d);
  caps_rtl_trigger_flat(o, d);
  caps_rtl_queue_fifo(o, d);
  caps_rtl_updates_flat(o, d);
}

/* The load's side restated from the paper's rules, for the proofs (issue 20's "properties
** with teeth"): the load's outputs and the tables' next values computed again from the
** registers and inputs -- entries read by index where the RTL has one-hot AND-OR reads, k x
** stride as a product where it has a shift-and-add, the Case 1 range as a signed sum -- and
** compared with the RTL's.  The generator, the trigger queue and the FIFO are not restated yet:
** they keep their invariants (docs/formal.md). */
static const char caps_spec_tmpl[] =
  "\n"
  "`ifndef WG_COVERS  // (the covers leave it out: docs/formal.md)\n"
  "  // ---- the load's side, restated from the rules (docs/blocks/caps.md) ----\n"
  "  // The load's outputs and the tables' next values computed again from the registers and inputs\n"
  "  // (entries read by index, k x stride as a product, the Case 1 range as a signed sum) and\n"
  "  // compared with the RTL's.  The generator, trigger queue and FIFO keep their invariants.\n"
  "  // verilator lint_off UNUSEDSIGNAL\n"
  "  logic s_tgt, s_hit, s_pe, s_dhit, s_de, s_allq, s_samen, s_learn, s_inval, s_stride, s_verify, s_alloc;\n"
  "  logic s_free0, s_free1, s_vict, s_want1, s_want2, s_acc1, s_acc2, s_direct, s_loadq, s_room, s_drop, s_thr;\n"
  "  logic [@@CB@@-1:0] s_cta;\n"
  "  logic [@@WB1@@-1:0] s_cw, s_k, s_kmag;\n"
  "  logic [31:0] s_k32, s_t;\n"
  "  logic [@@WB@@-1:0] s_lead, s_mlead;\n"
  "  logic [@@R@@*@@AB@@-1:0] s_base;\n"
  "  logic [@@NRB@@-1:0] s_n;\n"
  "  logic [@@PB@@-1:0] s_pc0, s_pc1;\n"
  "  logic s_lru;\n"
  "  logic [@@AB@@-1:0] s_dstride, s_kst, s_nstride, s_diff0;\n"
  "  logic [@@MW@@-1:0] s_dmis, s_misnew;\n"
  "  logic [@@CB@@-1:0] s_dlcta;\n"
  "  logic [@@MPW@@-1:0] s_nmis;\n"
  "  logic [@@MW@@:0] s_missum;\n"
  "  logic [@@NC@@-1:0] s_c1;\n"
  "  always @(*) begin\n"
  "    s_cta = ld_cta;\n"
  "    s_cw = (cta_warps > @@WB1@@'(@@WMAX@@)) ? @@WB1@@'(@@WMAX@@) : cta_warps;\n"
  "    // targeted: 1..REQS requests, a real slot, a warp inside the CTA, no flush, PC != 0\n"
  "    s_tgt = ld_valid && !flush && ld_pc != '0 && ld_n != '0 && ld_n <= 6'd@@R@@\n"
  "         && 32'(ld_cta) < @@NC@@ && @@WB1@@'(ld_warp) < s_cw;\n"
  "    // the load's own PerCTA table (slot ld_cta, entries 2 ld_cta and 2 ld_cta + 1) and DIST\n"
  "    s_pc0 = '0; s_pc1 = '0; s_lru = 1'b0;\n"
  "    for (int s = 0; s < @@NC@@; s++) if (32'(ld_cta) == s) begin s_pc0 = pct_pc[2*s]; s_pc1 = pct_pc[2*s+1]; s_lru = pct_lru[s]; end\n"
  "    s_hit = s_tgt && (s_pc0 == ld_pc || s_pc1 == ld_pc);\n"
  "    s_pe = s_pc1 == ld_pc;\n"
  "    s_lead = '0; s_base = '0; s_n = '0;\n"
  "    for (int e = 0; e < @@NE@@; e++) if (32'(ld_cta) * 2 + 32'(s_pe) == e) begin s_lead = pct_lead[e]; s_base = pct_base[e]; s_n = pct_n[e]; end\n"
  "    s_dhit = s_tgt && (dist_pc[0] == ld_pc || dist_pc[1] == ld_pc);\n"
  "    s_de = dist_pc[1] == ld_pc;\n"
  "    s_dstride = dist_stride[s_de]; s_dmis = dist_mis[s_de]; s_dlcta = dist_lcta[s_de];\n"
  "    // k: the warp's distance from the CTA's leading warp for this PC\n"
  "    s_k = @@WB1@@'(ld_warp) - @@WB1@@'(s_lead);\n"
  "    s_k32 = s_k[@@WB@@] ? {{(32-@@WB1@@){1'b1}}, s_k} : {{(32-@@WB1@@){1'b0}}, s_k};\n"
  "    // learning (4.2): every request at the same difference from its base, the same request count\n"
  "    s_diff0 = ld_addr[0 +: @@AB@@] - s_base[0 +: @@AB@@];\n"
  "    s_allq = 1'b1;\n"
  "    for (int i = 1; i < @@R@@; i++)\n"
  "      if (ld_n > 6'(i) && ld_addr[i*@@AB@@ +: @@AB@@] - s_base[i*@@AB@@ +: @@AB@@] != s_diff0) s_allq = 1'b0;\n"
  "    s_samen = ld_n == 6'(s_n);\n"
  "    s_learn = s_hit && !s_dhit && s_k != '0;\n"
  "    s_inval = s_learn && !(s_samen && s_allq);\n"
  "    // two consecutive warps (k = +-1) give the stride\n"
  "    s_stride = s_learn && s_samen && s_allq && (s_k32 == 32'd1 || s_k32 == 32'hffffffff);\n"
  "    s_nstride = (s_k32 == 32'd1) ? s_diff0 : @@AB@@'(0) - s_diff0;\n"
  "    // verification: each request predicted at base + k x stride (missing on one side: wrong)\n"
  "    s_verify = s_hit && s_dhit;\n"
  "    // (|k| times the stride, negated for k < 0: |k| has WID_BITS + 1 bits, so the product is that narrow)\n"
  "    s_kmag = s_k[@@WB@@] ? @@WB1@@'(0) - s_k : s_k;\n"
  "    s_kst = @@AB@@'(s_kmag) * s_dstride;\n"
  "    if (s_k[@@WB@@]) s_kst = @@AB@@'(0) - s_kst;\n"
  "    s_nmis = '0;\n"
  "    for (int i = 0; i < @@R@@; i++)\n"
  "      if (s_verify && ((@@NRB@@'(i) < s_n) != (ld_n > 6'(i))\n"
  "                       || (@@NRB@@'(i) < s_n && s_base[i*@@AB@@ +: @@AB@@] + s_kst != ld_addr[i*@@AB@@ +: @@AB@@])))\n"
  "        s_nmis = s_nmis + 1'b1;\n"
  "    s_missum = {1'b0, s_dmis} + @@MW1@@'(s_nmis);\n"
  "    s_misnew = (s_missum > {1'b0, @@MW@@'(@@MISMAX@@)}) ? @@MW@@'(@@MISMAX@@) : s_missum[@@MW@@-1:0];\n"
  "    s_alloc = s_tgt && !s_hit;\n"
  "    s_thr = (s_verify && s_misnew > @@MW@@'(@@TH@@)) || (s_alloc && s_dhit && s_dmis > @@MW@@'(@@TH@@));\n"
  "    // allocation: a free entry of the slot, else its least recently updated one\n"
  "    s_free0 = s_pc0 == '0; s_free1 = s_pc1 == '0;\n"
  "    s_vict = s_free0 ? 1'b0 : s_free1 ? 1'b1 : s_lru;\n"
  "    // Case 1 (Fig. 9a): every other slot with the PC whose leading warp + k is inside the CTA\n"
  "    for (int s = 0; s < @@NC@@; s++) begin\n"
  "      s_mlead = (pct_pc[2*s+1] == ld_pc) ? pct_lead[2*s+1] : pct_lead[2*s];\n"
  "      s_t = 32'(s_mlead) + s_k32;\n"
  "      s_c1[s] = (pct_pc[2*s] == ld_pc || pct_pc[2*s+1] == ld_pc) && 32'(ld_cta) != s\n"
  "             && !(launch && 32'(launch_cta) == s) && !s_t[31] && s_t < 32'(s_cw);\n"
  "    end\n"
  "    s_want1 = s_stride || (s_verify && s_k != '0 && s_misnew <= @@MW@@'(@@TH@@) && ld_cta == s_dlcta);\n"
  "    s_want2 = s_alloc && s_dhit && s_dmis <= @@MW@@'(@@TH@@);\n"
  "    s_acc1 = s_want1 && s_c1 != '0;\n"
  "    s_acc2 = s_want2 && s_cw >= @@WB1@@'(2) && !(launch && launch_cta == ld_cta);\n"
  "    // a trigger goes to an idle generator with nothing waiting, else to the trigger queue (whose\n"
  "    // head an idle generator takes at this edge); with the queue full it is dropped\n"
  "    s_loadq = g_pend == '0 && tq_count != '0 && !flush;\n"
  "    s_direct = g_pend == '0 && tq_count == '0;\n"
  "    s_room = 32'(tq_count) - 32'(s_loadq) < @@Q@@;\n"
  "    s_drop = (s_acc1 || s_acc2) && !s_direct && !s_room;\n"
  "  end\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(ld_target == s_tgt);\n"
  "    assert(ld_hit == s_hit);\n"
  "    assert(ld_dist_hit == s_dhit);\n"
  "    assert(ev_lead == s_alloc);\n"
  "    assert(ev_evict == (s_alloc && !s_free0 && !s_free1));\n"
  "    assert(ev_stride == s_stride);\n"
  "    assert(ev_invalid == s_inval);\n"
  "    assert(ev_mispred == s_nmis);\n"
  "    assert(ev_throttled == s_thr);\n"
  "    assert(trig_case1 == (s_acc1 && !s_drop));\n"
  "    assert(trig_case2 == (s_acc2 && !s_drop));\n"
  "    assert(trig_drop == s_drop);\n"
  "    assert(gen_busy == (g_pend != '0));\n"
  "  end\n"
  "  // the tables' next values: PerCTA PCs and LRU bits (cleared by reset, flush or the slot's\n"
  "  // launch), an allocated entry's payload, DIST (cleared by reset or flush)\n"
  "  logic [@@NE@@*@@PB@@-1:0] f_pc;\n"
  "  logic [@@NC@@-1:0] f_lru;\n"
  "  logic [@@NE@@*@@WB@@-1:0] f_lead;\n"
  "  logic [@@NE@@*@@R@@*@@AB@@-1:0] f_base;\n"
  "  logic [@@NE@@*@@NRB@@-1:0] f_n;\n"
  "  logic [2*@@PB@@-1:0] f_dpc;\n"
  "  logic [2*@@AB@@-1:0] f_dstride;\n"
  "  logic [2*@@MW@@-1:0] f_dmis;\n"
  "  logic [2*@@CB@@-1:0] f_dlcta;\n"
  "  logic f_dlru, f_chk = 1'b0, f_chk2 = 1'b0, f_dclr;\n"
  "  logic [1:0] f_dwr;\n"
  "  always @(posedge clk) begin\n"
  "    f_chk <= 1'b1; f_chk2 <= f_chk;\n"
  "    for (int s = 0; s < @@NC@@; s++) begin\n"
  "      for (int x = 0; x < 2; x++) begin\n"
  "        f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= pct_pc[2*s+x];\n"
  "        f_lead[(2*s+x)*@@WB@@ +: @@WB@@] <= pct_lead[2*s+x];\n"
  "        f_base[(2*s+x)*@@R@@*@@AB@@ +: @@R@@*@@AB@@] <= pct_base[2*s+x];\n"
  "        f_n[(2*s+x)*@@NRB@@ +: @@NRB@@] <= pct_n[2*s+x];\n"
  "        if (32'(ld_cta) == s && s_alloc && 32'(s_vict) == x) begin\n"
  "          f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= ld_pc;\n"
  "          f_lead[(2*s+x)*@@WB@@ +: @@WB@@] <= ld_warp;\n"
  "          f_base[(2*s+x)*@@R@@*@@AB@@ +: @@R@@*@@AB@@] <= ld_addr;\n"
  "          f_n[(2*s+x)*@@NRB@@ +: @@NRB@@] <= ld_n[@@NRB@@-1:0];\n"
  "        end else if (32'(ld_cta) == s && s_inval && 32'(s_pe) == x) f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= '0;   // not striding\n"
  "        if (rst || flush || (launch && 32'(launch_cta) == s)) f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= '0;\n"
  "      end\n"
  "      f_lru[s] <= (rst || flush || (launch && 32'(launch_cta) == s)) ? 1'b0 : (32'(ld_cta) == s && s_alloc) ? !s_vict : pct_lru[s];\n"
  "    end\n"
  "    f_dclr <= rst || flush;\n"
  "    f_dwr <= 2'b00;\n"
  "    for (int x = 0; x < 2; x++) begin\n"
  "      f_dpc[x*@@PB@@ +: @@PB@@] <= dist_pc[x]; f_dstride[x*@@AB@@ +: @@AB@@] <= dist_stride[x];\n"
  "      f_dmis[x*@@MW@@ +: @@MW@@] <= dist_mis[x]; f_dlcta[x*@@CB@@ +: @@CB@@] <= dist_lcta[x];\n"
  "    end\n"
  "    f_dlru <= dist_lru;\n"
  "    if (s_stride) begin   // a learnt stride: the first free DIST entry, else the least recently used\n"
  "      for (int x = 0; x < 2; x++) if ((dist_pc[0] == '0 ? 0 : dist_pc[1] == '0 ? 1 : 32'(dist_lru)) == x) begin\n"
  "        f_dpc[x*@@PB@@ +: @@PB@@] <= ld_pc; f_dstride[x*@@AB@@ +: @@AB@@] <= s_nstride;\n"
  "        f_dmis[x*@@MW@@ +: @@MW@@] <= '0; f_dlcta[x*@@CB@@ +: @@CB@@] <= ld_cta;\n"
  "        f_dlru <= x == 0;\n"
  "      end\n"
  "    end else if (s_verify) begin   // the verified entry's counter\n"
  "      f_dmis[32'(s_de)*@@MW@@ +: @@MW@@] <= s_misnew; f_dlru <= !s_de;\n"
  "    end\n"
  "  end\n"
  "  always @(*) if (f_past_valid && f_chk) begin\n"
  "    for (int e = 0; e < @@NE@@; e++) assert(pct_pc[e] == f_pc[e*@@PB@@ +: @@PB@@]);\n"
  "    assert(pct_lru == f_lru);\n"
  "    // the payload is not reset: its first edge starts from the state before reset\n"
  "    if (f_chk2) for (int e = 0; e < @@NE@@; e++) begin\n"
  "      assert(pct_lead[e] == f_lead[e*@@WB@@ +: @@WB@@]); assert(pct_base[e] == f_base[e*@@R@@*@@AB@@ +: @@R@@*@@AB@@]);\n"
  "      assert(pct_n[e] == f_n[e*@@NRB@@ +: @@NRB@@]);\n"
  "    end\n"
  "    if (f_dclr) begin   // (begin: an assert's own 'else' would take the branch)\n"
  "      assert(dist_pc[0] == '0 && dist_pc[1] == '0 && !dist_lru);\n"
  "    end else begin\n"
  "      assert(dist_pc[0] == f_dpc[0 +: @@PB@@] && dist_pc[1] == f_dpc[@@PB@@ +: @@PB@@] && dist_lru == f_dlru);\n"
  "      if (f_chk2) for (int x = 0; x < 2; x++) begin\n"
  "        assert(dist_stride[x] == f_dstride[x*@@AB@@ +: @@AB@@]); assert(dist_mis[x] == f_dmis[x*@@MW@@ +: @@MW@@]);\n"
  "        assert(dist_lcta[x] == f_dlcta[x*@@CB@@ +: @@CB@@]);\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "  // verilator lint_on UNUSEDSIGNAL\n"
  "`endif  // WG_COVERS\n"
  "\n";

static void caps_spec_props(wg_buf *o, caps_dims d) {
  const wg_tmpl_var v[] = {
    {"CB", d.CB}, {"WB", d.WB}, {"WB1", d.WB + 1}, {"WMAX", 1 << d.WB}, {"R", d.R}, {"NC", d.NC},
    {"NE", d.NE}, {"AB", d.AB}, {"NRB", d.NRB}, {"PB", d.PB}, {"MW", d.MW}, {"MW1", d.MW + 1},
    {"MISMAX", d.mis_max}, {"TH", d.TH}, {"MPW", wg_bits_for(d.R)}, {"Q", d.Q},
  };
  wg_emit_tmpl(o, caps_spec_tmpl, v, (int)(sizeof v / sizeof v[0]));
}

static void caps_props(wg_buf *o, wg_pv p) {
  caps_dims d = caps_dims_of(p);
  const int NC = d.NC, R = d.R, NRB = d.NRB;
  char a[128];
  P("  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
    "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  P("  always @(*) if (f_past_valid) begin\n");
  P("    // a PC is in a table at most once: a load finds one entry\n");
  for (int s = 0; s < NC; s++)
    P("    assert(pct_pc[%d] == '0 || pct_pc[%d] != pct_pc[%d]);\n", 2 * s, 2 * s, 2 * s + 1);
  P("    assert(dist_pc[0] == '0 || dist_pc[0] != dist_pc[1]);\n");
  P("    // a valid PerCTA entry holds 1..REQS bases\n");
  for (int e = 0; e < d.NE; e++) {
    if (R < (1 << NRB) - 1) P("    assert(pct_pc[%d] == '0 || (pct_n[%d] != '0 && pct_n[%d] <= %d'd%d));\n", e, e, e, NRB, R);
    else P("    assert(pct_pc[%d] == '0 || pct_n[%d] != '0);\n", e, e);
  }
  P("    // the FIFO: count within its depth, tail = head + count\n");
  if (d.D < (1 << d.CW) - 1) P("    assert(pf_count <= %d'd%d);\n", d.CW, d.D);
  if (d.d_pow2) P("    assert(tail == head + pf_count[%d:0]);\n", d.PW - 1);
  else {
    P("    assert(head < %d'd%d && tail < %d'd%d);\n", d.PW, d.D, d.PW, d.D);
    P("    assert({1'b0, tail} == (({1'b0, head} + %s >= %d'd%d) ? {1'b0, head} + %s - %d'd%d : {1'b0, head} + %s));\n",
      wg_zext(a, sizeof a, "pf_count", d.CW, d.PW + 1), d.PW + 1, d.D, a, d.PW + 1, d.D, a);
  }
  P("    // the generator: idle means no request index; a pending slot's entry is valid and\n"
    "    // still the one it was triggered for; the index stays inside the entry's bases\n");
  P("    assert(gen_busy || g_ri == '0);\n");
  for (int s = 0; s < NC; s++)
    P("    assert(!g_pend[%d] || (g_sel[%d] ? pct_pc[%d] != '0 : pct_pc[%d] != '0));\n", s, s, 2 * s + 1, 2 * s);
  P("    assert(!gen_busy || %s < cur_n);\n", wg_zext(a, sizeof a, "g_ri", d.RIB, NRB));
  if (d.G > 1 && (d.G & (d.G - 1)) == 0 && d.RIB >= wg_log2_exact(d.G))
    P("    assert(g_ri[%d:0] == '0);  // groups start at multiples of GEN\n", wg_log2_exact(d.G) - 1);
  P("    // Case 2 serves its own slot only, never the leading warp itself\n");
  P("    assert(!(gen_busy && g_case2) || (g_pend & (g_pend - %d'd1)) == '0);\n", NC);
  P("    assert(!(gen_busy && g_case2) || (g_down ? g_t < cur_lead : g_t > cur_lead));\n");
  P("    // Case 1 serves counterparts: never k = 0 (the leading warps themselves)\n");
  P("    assert(!(gen_busy && !g_case2) || g_k != '0);\n");
  P("    // the throttle: no trigger for a PC whose counter exceeds THRESH\n");
  P("    assert(!(trig_case1 && verify) || mis_new <= %d'd%d);\n", d.MW, d.TH);
  P("    assert(!trig_case2 || d_mis <= %d'd%d);\n", d.MW, d.TH);
  P("    // one trigger a cycle; it is dropped only when the generator is busy (or takes the queue's\n"
    "    // head) and the queue is full\n");
  P("    assert(!(trig_case1 && trig_case2) && !(trig_drop && (trig_case1 || trig_case2)));\n");
  P("    assert(!trig_drop || (!direct && tq_count == %d'd%d && !load_tq));\n", d.QCW, d.Q);
  if (d.Q < (1 << d.QCW) - 1) P("    assert(tq_count <= %d'd%d);\n", d.QCW, d.Q);
  if (!((d.Q & (d.Q - 1)) == 0 && (1 << d.QPW) == d.Q)) P("    assert(tq_head < %d'd%d);\n", d.QPW, d.Q);
  P("  end\n\n");
  /* the trigger queue's entries keep the generator's invariants while they wait (what makes the
  ** generator's properties inductive once a queued trigger is loaded) */
  P("  // waiting triggers: Case 1 never k = 0; Case 2 one slot, its target on the right side of the\n"
    "  // leading warp; every pending slot's entry valid\n");
  P("  logic [%d:0] f_qv;  // queue entry e holds a waiting trigger\n", d.Q - 1);
  {
    int W = (d.QPW > d.QCW ? d.QPW : d.QCW) + 2;
    char h[64], c[64];
    wg_zext(h, sizeof h, "tq_head", d.QPW, W);
    wg_zext(c, sizeof c, "tq_count", d.QCW, W);
    for (int e = 0; e < d.Q; e++)   /* its distance from the head, mod Q, below the count */
      P("  assign f_qv[%d] = (%s <= %d'd%d) ? (%d'd%d - %s < %s) : (%d'd%d - %s < %s);\n", e, h, W, e, W, e, h, c, W,
        e + d.Q, h, c);
  }
  P("  always @(*) if (f_past_valid) begin\n");
  for (int e = 0; e < d.Q; e++) {
    P("    assert(!f_qv[%d] || q_case2[%d] || q_k[%d] != '0);\n", e, e, e);
    P("    assert(!(f_qv[%d] && q_case2[%d]) || (q_pend[%d] & (q_pend[%d] - %d'd1)) == '0);\n", e, e, e, e, NC);
    for (int s2 = 0; s2 < NC; s2++) {
      P("    assert(!(f_qv[%d] && q_pend[%d][%d]) || (q_sel[%d][%d] ? pct_pc[%d] != '0 : pct_pc[%d] != '0));\n",
        e, e, s2, e, s2, 2 * s2 + 1, 2 * s2);
      P("    assert(!(f_qv[%d] && q_case2[%d] && q_pend[%d][%d]) || (q_down[%d] ? q_t[%d] < (q_sel[%d][%d] ? pct_lead[%d] : pct_lead[%d])"
        " : q_t[%d] > (q_sel[%d][%d] ? pct_lead[%d] : pct_lead[%d])));\n",
        e, e, e, s2, e, e, e, s2, 2 * s2 + 1, 2 * s2, e, e, s2, 2 * s2 + 1, 2 * s2);
    }
  }
  P("    // Case 1 only for a trailing warp (k != 0) of the leading CTA (or the stride's learner)\n");
  P("    assert(!trig_case1 || ev_stride || ld_cta == d_lcta);\n");
  P("    // the generator never overfills the FIFO\n");
  P("    assert(%s <= %d'd%d - pf_count);\n", wg_zext(a, sizeof a, "pf_push", d.GB, d.CW), d.CW, d.D);
  P("    // an untargeted load changes nothing\n");
  P("    assert(ld_target || !(ev_lead || ev_stride || ev_invalid || verify || trig_case1 || trig_case2));\n");
  P("  end\n\n");
  /* at the paper's sizes (32-bit addresses, 8 CTA slots) the restated side kept the invariant
  ** proof from closing in 300 s: emitted for the proof sizes only, as rexq's value properties */
  if (d.NC <= 4 && d.AB <= 16) caps_spec_props(o, d);
  P("  // reachability\n");
  P("  always @(*) if (f_past_valid) begin\n");
  P("    cover(trig_case1 && (c1_vec & (c1_vec - %d'd1)) != '0);  // Case 1 for two other CTAs\n", NC);
  P("    cover(trig_case2);\n");
  P("    cover(gen_busy && g_case2 && g_down);  // Case 2 below the leading warp\n");
  P("    cover(ev_invalid);\n    cover(ev_evict);\n    cover(ev_throttled);\n    cover(trig_drop);\n");
  P("    cover(gen_stall);  // the FIFO holds the generator back\n");
  P("  end\n");
}

const wg_block wg_block_caps = {
  "caps", "CTA-aware prefetcher: PerCTA and DIST tables, stride learning, verification and throttle, Case 1/2 prefetch generator and FIFO",
  "CAPS / CTAA (Jeon, Koo, Annavaram, USC CENG-2014-08)", "4.2-4.4, Fig. 7, Fig. 9, Table 2, 5.6",
  caps_params, CP_NPARAMS, caps_presets, 2, "caps",
  "Table 2 / 5.6: 354 bytes per SM = 8 CTAs x 2 PerCTA entries x 21 B (PC 4 B, leading warp id 1 B, "
  "4 x 4 B bases) + 2 DIST entries x 9 B (PC 4 B, stride 4 B, misprediction counter 1 B).  The first "
  "six rows are those fields: 2832 bits = 354 bytes at the caps preset.  The text of 4.2 says the "
  "counter is 2 bytes (MISP_W=16: 356 bytes); Table 2 and the 354-byte total say 1 byte, which we "
  "follow.  The other rows are what an implementation needs beyond the paper's count",
  caps_check, caps_ports, caps_storage, caps_rtl, caps_props,
  "the PerCTA lookup never finds entry 1, so a PC held there is allocated again (duplicate PC)",
  "NCTA=1,2,4,8,16",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "percta_pc percta_lead_wid percta_base dist_pc dist_stride dist_mispred",
};
