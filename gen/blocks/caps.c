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
** The generator works one trigger at a time (triggers while it is busy wait
** in a TQ-entry queue; one that finds it full is dropped, 'trig_drop') and
** writes up to GEN addresses per cycle into the FIFO, each with its
** destination warp (CTA slot, warp index in the CTA).
** PIPE=0 decides a load in the cycle it arrives; PIPE=1 (the presets named
** after the paper, for the 5 ns clock) in three stages, L (lookup, k, the
** differences; an allocation), X (stride check, k*stride as a carry-save
** pair, the Case 1 search; an invalidation, a learnt stride) and V
** (verification, counter, throttle, trigger, the event outputs), with the X
** load's writes forwarded to L so that every load sees the tables as every
** older load left them.  Every choice the paper leaves open is in
** docs/blocks/caps.md.
*/
#include "../wg.h"

#include <string.h>

enum { CP_NCTA, CP_REQS, CP_PC_BITS, CP_ADDR_BITS, CP_WID_BITS, CP_MISP_W, CP_THRESH,
       CP_FIFO, CP_GEN, CP_TQ, CP_PIPE, CP_NPARAMS };

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
  {"PIPE",      1, 0,  1, 0, "0: a load is looked up, verified and triggers in the cycle it arrives (one cycle, 12 ns at caps); "
                             "1: three stages (lookup; stride check, k x stride and the Case 1 search; verification, throttle and "
                             "trigger), its events two cycles later, for the 5 ns clock"},
};

static const wg_preset caps_presets[] = {
  {"caps",  "NCTA=8 REQS=4 PC_BITS=32 ADDR_BITS=32 WID_BITS=8 MISP_W=8 THRESH=128 FIFO=16 GEN=4 TQ=4 PIPE=1",
   "the paper's SM: 8 CTA slots x 2 PerCTA entries of 21 B, 2 DIST entries of 9 B (1-byte counter) = 354 B; "
   "the load in three stages", WG_SLOW_SYNTH},   /* 25-90 s of synthesis: make synth, not make test */
  {"small", "NCTA=3 REQS=2 PC_BITS=3 ADDR_BITS=6 WID_BITS=2 MISP_W=3 THRESH=2 FIFO=3 GEN=2 TQ=2 PIPE=1",
   "3 CTA slots (one illegal slot id), 2 requests, 6-bit addresses, a 3-entry FIFO, threshold 2: fast tests and formal proofs", 0},
  {"caps_1cycle", "NCTA=8 REQS=4 PC_BITS=32 ADDR_BITS=32 WID_BITS=8 MISP_W=8 THRESH=128 FIFO=16 GEN=4 TQ=4 PIPE=0",
   "the paper's SM with the whole per-load decision in one cycle, for comparison (12.2 ns)", WG_SLOW_SYNTH},
  {"small_1cycle", "NCTA=3 REQS=2 PC_BITS=3 ADDR_BITS=6 WID_BITS=2 MISP_W=3 THRESH=2 FIFO=3 GEN=2 TQ=2 PIPE=0",
   "small with the one-cycle load", 0},
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
  int PIPE;     /* the load in three stages (L, X, V) */
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
  d.PIPE = (int)p[CP_PIPE];
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

/* The pipeline registers (PIPE=1), as caps_rtl_load_pipe declares them. */
static int caps_stage_x_bits(const caps_dims *d) {
  /* valid pc cta warp hit pe dhit de vict evict k diff samen n pn relaunch cw */
  return 1 + d->PB + d->CB + d->WB + 6 + (d->WB + 1) + d->R * d->AB + 1 + 2 * d->NRB + 1 + (d->WB + 1);
}
static int caps_stage_v_bits(const caps_dims *d) {
  /* valid cta k diff n pn kss ksc hit dhit de evict stride inval dlcta pend sel c1any relaunch c2t c2down dstride cw */
  return 1 + d->CB + (d->WB + 1) + d->R * d->AB + 2 * d->NRB + 2 * d->AB + 6 + d->CB + 2 * d->NC + 2 + d->WB + 1 + d->AB +
         (d->WB + 1);
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
  if (d.PIPE) {
    o[n++] = (wg_field){"stage_x", caps_stage_x_bits(&d), 1,
                        "not in the paper (PIPE=1): the load between its lookup and its stride check (valid, PC, slot, "
                        "warp, hits and entries, victim, eviction, k, the request differences, the counts, relaunch, "
                        "cta_warps)"};
    o[n++] = (wg_field){"stage_v", caps_stage_v_bits(&d), 1,
                        "not in the paper (PIPE=1): the load between its stride check and its verification (valid, slot, "
                        "k, the differences, the counts, k x stride as a carry-save pair, events, leading CTA, its trigger's slots and entries, "
                        "Case 2's first target and direction, the stride, cta_warps)"};
  }
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
  if (d.PIPE) wg_emit_prio_pick(o, "cur", "g_pend", NC);
  else P("  assign cur = g_pend & (~g_pend + %d'd1);\n", NC);
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
    if (d.PIPE) {   /* a prefix adder: this is the generator's path to the FIFO */
      char dst[16], src[16];
      snprintf(dst, sizeof dst, "gaddr%d", j);
      snprintf(src, sizeof src, "gbase%d", j);
      P(";\n");
      wg_emit_add(o, dst, src, "g_off", "1'b0", AB);
    } else P(";\n  assign gaddr%d = gbase%d + g_off;  // the adder\n", j, j);
  }
  P("  // an entry written by this cycle's load, or its slot launched, stops its prefetches\n");
  P("  logic [%d:0] kill;\n", NC - 1);
  P("  always_comb for (int s = 0; s < %d; s++)\n"
    "    kill[s] = launch_oh[s] || (g_sel[s] ? (wr_alloc[2*s+1] || wr_inval[2*s+1]) : (wr_alloc[2*s] || wr_inval[2*s]));\n", NC);
  P("  logic cur_killed;\n  assign cur_killed = (cur & kill) != '0;\n");
  P("  // Case 2 walks lead+1 .. cta_warps-1 (offset += stride), then lead-1 .. 0 (offset -= stride)\n");
  P("  logic up_more;\n  assign up_more = ({1'b0, g_t} + %d'd1 < cw);\n", WB + 1);
  if (!d.PIPE) {   /* PIPE=1: the trigger's direction comes from its X stage */
    P("  logic first_up;  // Case 2 trigger: is there a warp above the leading warp?\n");
    P("  assign first_up = ({1'b0, ld_warp} + %d'd1 < cw);\n", WB + 1);
  }
  if (d.PIPE) {
    P("  // Case 2's next offsets: one stride up, one down, the first below the leading warp\n");
    P("  logic [%d:0] g_off_up, g_off_dn, g_off_neg;\n", AB - 1);
    wg_emit_add(o, "g_off_up", "g_off", "g_stride", "1'b0", AB);
    wg_emit_add(o, "g_off_dn", "g_off", "~g_stride", "1'b1", AB);
    wg_emit_add(o, "g_off_neg", "~g_stride", "'0", "1'b1", AB);
  }
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
  if (d.PIPE)   /* the trigger's fields do not wait for the late accept: the count and g_pend do */
    P("  // the free place after the queue's tail takes this cycle's trigger fields whether or not the\n"
      "  // trigger is accepted (a place past the tail is not read); tq_count says what waits\n"
      "  always_ff @(posedge clk)\n    for (int e = 0; e < %d; e++)\n"
      "      if (tq_room && tq_wpos == %d'(e)) begin\n"
      "        q_pend[e] <= t_pend; q_sel[e] <= t_sel; q_case2[e] <= t_case2; q_down[e] <= t_down;\n"
      "        q_k[e] <= t_k; q_t[e] <= t_t; q_off[e] <= t_off; q_stride[e] <= t_stride;\n"
      "      end else q_pend[e] <= q_pend[e] & ~qkill[e];\n\n", Q, QPW);
  else
    P("  always_ff @(posedge clk)\n    for (int e = 0; e < %d; e++)\n"
      "      if (push_tq && tq_wpos == %d'(e)) begin\n"
      "        q_pend[e] <= t_pend; q_sel[e] <= t_sel; q_case2[e] <= t_case2; q_down[e] <= t_down;\n"
      "        q_k[e] <= t_k; q_t[e] <= t_t; q_off[e] <= t_off; q_stride[e] <= t_stride;\n"
      "      end else q_pend[e] <= q_pend[e] & ~qkill[e];\n\n", Q, QPW);

  P("  always_ff @(posedge clk) begin\n    if (rst) begin\n"
    "      g_pend <= '0; g_ri <= '0;\n    end else if (!gen_busy) begin\n"
    "      g_ri <= '0;\n");
  if (d.PIPE)
    P("      // an idle generator takes the fields of the queue's head, else of this cycle's trigger; its\n"
      "      // pending slots only when one is taken (no slot pending: idle, the fields unread)\n"
      "      g_pend <= (load_tq || (direct && (acc1 || acc2))) ? l_pend : '0;\n"
      "      g_sel <= l_sel; g_case2 <= l_case2; g_down <= l_down; g_k <= l_k; g_off <= l_off;\n"
      "      g_stride <= l_stride; g_t <= l_t;\n");
  else
    P("      if (load_tq || (direct && (acc1 || acc2))) begin\n"
      "        g_pend <= l_pend; g_sel <= l_sel; g_case2 <= l_case2; g_down <= l_down; g_k <= l_k; g_off <= l_off;\n"
      "        if (l_case2) begin g_stride <= l_stride; g_t <= l_t; end\n"
      "      end\n");
  P("    end else begin\n      g_pend <= pend_next;\n");
  P("      if (flush || cur_killed || (emit && last)) g_ri <= '0;\n");
  if (R > G) P("      else if (emit) g_ri <= g_ri + %d'd%d;\n", d.RIB, G);
  if (d.PIPE)   /* the three offsets by prefix adders (caps_rtl_generator) */
    P("      if (emit && last && g_case2) begin\n"
      "        if (!g_down && up_more) begin g_t <= g_t + %d'd1; g_off <= g_off_up; end\n"
      "        else if (!g_down) begin g_down <= 1'b1; g_t <= cur_lead - %d'd1; g_off <= g_off_neg; end\n"
      "        else begin g_t <= g_t - %d'd1; g_off <= g_off_dn; end\n"
      "      end\n", WB, WB, WB);
  else
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

/* "dst[s] = slot s's entry selected by SEL is rewritten at this edge or its CTA launched": the
** slots whose prefetches stop (the generator's 'kill', the queue's 'qkill', the pipeline's) */
static void caps_emit_kill(wg_buf *o, int NC, const char *dst, const char *sel) {
  P("  logic [%d:0] %s;\n", NC - 1, dst);
  P("  always_comb for (int s = 0; s < %d; s++)\n"
    "    %s[s] = launch_oh[s] || (%s[s] ? (wr_alloc[2*s+1] || wr_inval[2*s+1]) : (wr_alloc[2*s] || wr_inval[2*s]));\n",
    NC, dst, sel);
}

/* PIPE=1: k x stride (x_k, WID_BITS + 1 bits two's complement, times x_dstride, modulo
** 2^ADDR_BITS) in carry-save form, two numbers x_kss + x_ksc: the strides that k's bits select,
** shifted (the top bit's negated: ~(s << WB) + 1), reduced by 3:2 compressors (full adders).
** No carry runs through a word here; V compares against the pair without one either
** (caps_rtl_load_pipe), and adds it up only for a Case 1 trigger's offset. */
static void caps_emit_kstride_cs(wg_buf *o, const caps_dims *d) {
  const int AB = d->AB, WB = d->WB;
  char nm[64][24];
  int free0[64], n = 0, lvl = 0, cin_done = 0;
  P("  // k x stride in carry-save form (x_kss + x_ksc): the strides k's bits select, shifted (k's top\n"
    "  // bit subtracts: ~(s << %d) + 1, the + 1 in a free low bit), added by full adders, no carry chain\n", WB);
  for (int bb = 0; bb <= WB && bb < AB; bb++) {
    snprintf(nm[n], sizeof nm[n], "x_pp%d", bb);
    P("  logic [%d:0] %s;\n", AB - 1, nm[n]);
    char sh[48];
    if (bb == 0) snprintf(sh, sizeof sh, "x_dstride");
    else snprintf(sh, sizeof sh, "{x_dstride[%d:0], %d'd0}", AB - 1 - bb, bb);
    if (bb < WB) { P("  assign %s = x_k[%d] ? %s : '0;\n", nm[n], bb, sh); free0[n] = bb > 0; }
    else { P("  assign %s = x_k[%d] ? ~%s : '0;\n", nm[n], bb, sh); free0[n] = 0; }
    n++;
  }
  if (WB >= AB) cin_done = 1;   /* the top bit's term is 0 modulo 2^ADDR_BITS */
  for (;;) {
    /* the + 1 goes into the first operand with bit 0 free, once the pair is reached */
    if (n <= 2 && !cin_done) {
      int j = 0;
      while (j < n && !free0[j]) j++;
      if (j == n) {   /* no free bit: the + 1 becomes an operand of its own */
        snprintf(nm[n], sizeof nm[n], "x_pcin");
        P("  logic [%d:0] x_pcin;\n  assign x_pcin = {%d'd0, x_k[%d]};\n", AB - 1, AB - 1, WB);
        free0[n++] = 0;
        cin_done = 1;
      }
    }
    if (n <= 2) break;
    char nn[64][24];
    int nf[64], m = 0;
    for (int i = 0; i + 3 <= n; i += 3) {
      const char *x = nm[i], *y = nm[i + 1], *z = nm[i + 2];
      snprintf(nn[m], sizeof nn[m], "x_s%d_%d", lvl, i / 3);
      snprintf(nn[m + 1], sizeof nn[m + 1], "x_c%d_%d", lvl, i / 3);
      P("  logic [%d:0] %s, %s;\n", AB - 1, nn[m], nn[m + 1]);
      P("  assign %s = %s ^ %s ^ %s;\n", nn[m], x, y, z);
      P("  assign %s = {(%s[%d:0] & %s[%d:0]) | (%s[%d:0] & %s[%d:0]) | (%s[%d:0] & %s[%d:0]), 1'b0};\n", nn[m + 1],
        x, AB - 2, y, AB - 2, x, AB - 2, z, AB - 2, y, AB - 2, z, AB - 2);
      nf[m] = free0[i] && free0[i + 1] && free0[i + 2];
      nf[m + 1] = 1;
      m += 2;
    }
    for (int i = n - n % 3; i < n; i++) { memcpy(nn[m], nm[i], sizeof nn[m]); nf[m++] = free0[i]; }
    memcpy(nm, nn, sizeof nm);
    memcpy(free0, nf, sizeof free0);
    n = m;
    lvl++;
  }
  P("  logic [%d:0] x_kss, x_ksc;\n", AB - 1);
  if (n == 1) { P("  assign x_kss = %s;\n  assign x_ksc = '0;\n", nm[0]); return; }
  int j = (!cin_done && free0[1]) ? 1 : 0;
  if (!cin_done && !free0[j]) j = 1;   /* (one of the two is free: checked above) */
  for (int i = 0; i < 2; i++) {
    const char *dst = i == 0 ? "x_kss" : "x_ksc";
    if (!cin_done && i == j)
      P("  assign %s = %s | %d'(x_k[%d]);  // its bit 0 is free: the top bit's + 1\n", dst, nm[i], AB, WB);
    else P("  assign %s = %s;\n", dst, nm[i]);
  }
}

/* PIPE=1: the load in three stages.
**   L  (the cycle the load arrives): targeted?, its own slot's PerCTA entries and DIST looked up,
**      k and the request differences; a PerCTA miss allocates its entry at this edge.
**   X  (the next cycle): the stride check (learn a stride into DIST, or invalidate the entry),
**      k x stride, the Case 1 search of the other slots' PerCTA tables.
**   V  (the cycle after): verification against k x stride, the counter, the throttle, the
**      trigger into the generator or the queue; every event output of the load.
** The hazard rule: a load sees the tables as every older load left them.  The writes of the
** load one stage ahead (X: an invalidation, a DIST stride) land at the edge that ends this
** load's L cycle, so L forwards them (fi0/fi1, and DIST's hit); every other older write has
** landed.  X reads DIST's stride and the other slots' entries, V the counter, after every
** older load's writes.  A flush cancels the loads in flight; a launch in a load's L cycle comes
** after the load, as in one cycle (its allocation there is cleared, its Case 2 is not made). */
static void caps_rtl_load_pipe(wg_buf *o, caps_dims d, int mutant) {
  const int NC = d.NC, R = d.R, AB = d.AB, WB = d.WB, PB = d.PB, NRB = d.NRB, CB = d.CB;
  char a[128], b[128];

  P("  // ==== the load in three stages (PIPE=1): L lookup, X stride check, V verification ====\n");
  P("  // A load arriving in cycle t is looked up in t (L), checked in t+1 (X) and verified in\n"
    "  // t+2 (V), where its event outputs and its trigger come out.  It sees the tables as every\n"
    "  // older load left them: the X load's writes land at the end of t, so L forwards them.\n");
  P("  // -- the load in X (registered at the end of its L cycle) --\n");
  P("  logic x_valid, x_hit, x_pe, x_dhit, x_de, x_vict, x_evict, x_samen, x_relaunch;\n");
  P("  logic [%d:0] x_pc;\n  logic [%d:0] x_cta;\n  logic [%d:0] x_warp;\n  logic [%d:0] x_k;\n"
    "  logic [%d:0] x_diff;  // request i's address minus its base, at [i*%d +: %d]\n  logic [%d:0] x_n, x_pn;\n"
    "  logic [%d:0] x_cw;  // cta_warps (at most 2^WID_BITS) of the load's L cycle: its decisions use it\n",
    PB - 1, CB - 1, WB - 1, WB, R * AB - 1, AB, AB, NRB - 1, WB);
  P("  // -- the load in V (registered at the end of its X cycle) --\n");
  P("  logic v_valid, v_hit, v_dhit, v_de, v_evict, v_stride, v_inval, v_c1any, v_relaunch, v_c2down;\n");
  P("  logic [%d:0] v_cta, v_dlcta;\n  logic [%d:0] v_k, v_cw;\n  logic [%d:0] v_diff;\n  logic [%d:0] v_n, v_pn;\n"
    "  logic [%d:0] v_kss, v_ksc, v_dstride;  // k x stride as a carry-save pair; the stride\n  logic [%d:0] v_pend, v_sel;\n  logic [%d:0] v_c2t;\n",
    CB - 1, WB, R * AB - 1, NRB - 1, AB - 1, NC - 1, WB - 1);
  P("  // the X load's table writes at this edge, forwarded to L\n");
  P("  logic x_go, x_inval, x_stride, x_dv;\n\n");

  P("  // ==== L: the load: targeted? (4.2: at most %d coalesced requests) ====\n", R);
  P("  logic ld_n_ok, ld_cta_ok, ld_warp_ok, l_tgt;\n");
  P("  assign ld_n_ok    = (ld_n != 6'd0) && (ld_n <= 6'd%d);\n", R);
  if (d.all_slots) P("  assign ld_cta_ok  = 1'b1;  // every %d-bit id is a slot\n", CB);
  else P("  assign ld_cta_ok  = (ld_cta < %d'd%d);\n", CB, NC);
  P("  // warps per CTA, at most 2^WID_BITS (the id field): larger values act as 2^WID_BITS\n");
  P("  logic [%d:0] cw;\n  assign cw = (cta_warps > %d'd%d) ? %d'd%d : cta_warps;\n", WB, WB + 1, 1 << WB, WB + 1, 1 << WB);
  P("  assign ld_warp_ok = ({1'b0, ld_warp} < cw);\n");
  P("  assign l_tgt      = ld_valid && !flush && (ld_pc != '0) && ld_n_ok && ld_cta_ok && ld_warp_ok;\n");
  P("  logic [%d:0] n_ld;  // the request count as the tables store it\n", NRB - 1);
  P("  assign n_ld = ld_n[%d:0];\n", NRB - 1);
  for (int i = 0; i < R; i++) P("  logic [%d:0] a%d;  assign a%d = ld_addr[%d:%d];\n", AB - 1, i, i, (i + 1) * AB - 1, i * AB);
  P("  logic [%d:0] slot_oh, launch_oh;\n", NC - 1);
  P("  always_comb for (int s = 0; s < %d; s++) begin\n"
    "    slot_oh[s]   = (ld_cta == %d'(s));\n"
    "    launch_oh[s] = launch && (launch_cta == %d'(s));\n  end\n\n", NC, CB, CB);

  P("  // ==== L: PerCTA lookup in the load's own slot: one-hot AND-OR read, 2 PC compares ====\n");
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
  P("  // forwarded: the X load invalidates an entry of this slot at this edge (it is free for this load)\n");
  P("  logic fi0, fi1;\n");
  P("  assign fi0 = x_inval && (x_cta == ld_cta) && !x_pe;\n  assign fi1 = x_inval && (x_cta == ld_cta) && x_pe;\n");
  P("  logic m1, hit0, hit1, l_hit;\n");
  P("  assign m1 = (c_pc1 == ld_pc);  // entry 1 holds the PC (the entry the payload is read from)\n");
  P("  assign hit0 = l_tgt && (c_pc0 == ld_pc) && !fi0;  // ld_pc != 0: a match is a valid entry\n");
  if (mutant) P("  assign hit1 = 1'b0;  // MUTANT: entry 1 is never found\n");
  else P("  assign hit1 = l_tgt && m1 && !fi1;\n");
  P("  assign l_hit = hit0 || hit1;\n");
  P("  logic [%d:0] p_lead;\n  logic [%d:0] p_base;\n  logic [%d:0] p_n;\n", WB - 1, R * AB - 1, NRB - 1);
  P("  assign p_lead = m1 ? c_lead1 : c_lead0;\n  assign p_base = m1 ? c_base1 : c_base0;\n"
    "  assign p_n    = m1 ? c_n1 : c_n0;\n");
  P("  // k: warp distance from the leading warp, %d-bit two's complement; the request differences\n", WB + 1);
  P("  logic [%d:0] l_kd;\n", WB);
  snprintf(a, sizeof a, "{1'b0, ld_warp}");
  snprintf(b, sizeof b, "~{1'b0, p_lead}");
  wg_emit_add(o, "l_kd", a, b, "1'b1", WB + 1);
  P("  logic [%d:0] l_diff;\n", R * AB - 1);
  for (int i = 0; i < R; i++) {   /* a_i - base_i = a_i + ~base_i + 1 */
    char dst[24], x[24], y[48];
    snprintf(dst, sizeof dst, "l_diff%d", i);
    snprintf(x, sizeof x, "a%d", i);
    snprintf(y, sizeof y, "~p_base[%d:%d]", (i + 1) * AB - 1, i * AB);
    P("  logic [%d:0] %s;\n", AB - 1, dst);
    wg_emit_add(o, dst, x, y, "1'b1", AB);
    P("  assign l_diff[%d:%d] = %s;\n", (i + 1) * AB - 1, i * AB, dst);
  }
  P("  logic l_samen;\n  assign l_samen = (ld_n == %s);\n\n", wg_zext(a, sizeof a, "p_n", NRB, 6));

  P("  // ==== L: DIST lookup, in parallel (the X load's learnt stride forwarded) ====\n");
  P("  logic dhit0, dhit1, l_dhit;\n");
  P("  assign dhit0 = l_tgt && ((x_stride && !x_dv) ? (x_pc == ld_pc) : (dist_pc[0] == ld_pc));\n");
  P("  assign dhit1 = l_tgt && ((x_stride && x_dv) ? (x_pc == ld_pc) : (dist_pc[1] == ld_pc));\n");
  P("  assign l_dhit = dhit0 || dhit1;\n\n");

  P("  // ==== L: allocation: the leading warp of its CTA for this PC, written at this edge ====\n");
  P("  logic l_alloc, free0, free1, vict;\n");
  P("  assign l_alloc = l_tgt && !l_hit;\n");
  P("  assign free0 = (c_pc0 == '0) || fi0;\n  assign free1 = (c_pc1 == '0) || fi1;\n");
  P("  assign vict = free0 ? 1'b0 : free1 ? 1'b1 : c_lru;  // a free entry, else the least recently updated\n");
  P("  // the PerCTA entries written at this edge: L's allocation, X's invalidation (one-hot each)\n");
  P("  logic [%d:0] wr_alloc, wr_inval;\n", d.NE - 1);
  P("  always_comb for (int s = 0; s < %d; s++) begin\n"
    "    wr_alloc[2*s]   = l_alloc && slot_oh[s] && !vict;\n"
    "    wr_alloc[2*s+1] = l_alloc && slot_oh[s] && vict;\n"
    "    wr_inval[2*s]   = x_inval && (x_cta == %d'(s)) && !x_pe;\n"
    "    wr_inval[2*s+1] = x_inval && (x_cta == %d'(s)) && x_pe;\n  end\n\n", NC, CB, CB);

  P("  // ==== X: stride computation: PerCTA hit, DIST miss (4.2) ====\n");
  P("  assign x_go = x_valid && !flush;  // a flush cancels the loads in flight\n");
  P("  logic x_kzero, x_kp1, x_km1, x_alleq, x_learn, x_verify;\n");
  P("  assign x_kzero = (x_k == '0);\n  assign x_kp1 = (x_k == %d'd1);\n  assign x_km1 = (x_k == '1);  // -1\n", WB + 1);
  P("  // every request's difference equals request 0's (requests beyond the count do not count)\n");
  P("  assign x_alleq = 1'b1");
  for (int i = 1; i < R; i++)
    P(" && (x_n <= %d'd%d || x_diff[%d:%d] == x_diff[%d:0])", NRB, i, (i + 1) * AB - 1, i * AB, AB - 1);
  P(";\n");
  P("  assign x_learn = x_go && x_hit && !x_dhit && !x_kzero;  // k = 0: the leading warp again, nothing to learn\n");
  P("  assign x_inval = x_learn && !(x_samen && x_alleq);\n");
  P("  // the paper's rule is two consecutive warps: a distance of +-1; other distances wait\n");
  P("  assign x_stride = x_learn && x_samen && x_alleq && (x_kp1 || x_km1);\n");
  P("  logic [%d:0] x_nstride, x_ndiff0;\n", AB - 1);
  snprintf(a, sizeof a, "~x_diff[%d:0]", AB - 1);
  wg_emit_add(o, "x_ndiff0", a, "'0", "1'b1", AB);
  P("  assign x_nstride = x_kp1 ? x_diff[%d:0] : x_ndiff0;\n", AB - 1);
  P("  assign x_verify = x_hit && x_dhit;\n");
  P("  // DIST as every older load left it: the stride, the leading CTA; the victim of a new stride\n");
  P("  logic [%d:0] x_dstride;\n  logic [%d:0] x_dlcta;\n", AB - 1, CB - 1);
  P("  assign x_dstride = x_de ? dist_stride[1] : dist_stride[0];\n  assign x_dlcta = x_de ? dist_lcta[1] : dist_lcta[0];\n");
  P("  assign x_dv = (dist_pc[0] == '0) ? 1'b0 : (dist_pc[1] == '0) ? 1'b1 : dist_lru;\n");
  caps_emit_kstride_cs(o, &d);
  P("\n");

  P("  // ==== X: Case 1 search (Fig. 9a): the PC in every other slot, counterpart in range ====\n");
  P("  // (the other slots' tables as every older load left them; a slot launched in the load's L\n"
    "  // cycle is clear by now, as the one-cycle search leaves it out)\n");
  P("  logic [%d:0] m_hit, m_sel, c1_vec, x_slot_oh;\n", NC - 1);
  for (int s = 0; s < NC; s++) {
    P("  logic [%d:0] m_t%d;  // slot %d: its leading warp + k\n", WB + 1, s, s);
    P("  assign m_hit[%d] = (pct_pc[%d] == x_pc) || (pct_pc[%d] == x_pc);\n", s, 2 * s, 2 * s + 1);
    P("  assign m_sel[%d] = (pct_pc[%d] == x_pc);\n", s, 2 * s + 1);
    P("  assign x_slot_oh[%d] = (x_cta == %d'd%d);\n", s, CB, s);
    P("  assign m_t%d = {2'b0, m_sel[%d] ? pct_lead[%d] : pct_lead[%d]} + {x_k[%d], x_k};\n", s, s, 2 * s + 1, 2 * s, WB);
    P("  assign c1_vec[%d] = m_hit[%d] && !x_slot_oh[%d] && !m_t%d[%d] && (m_t%d[%d:0] < x_cw);\n",
      s, s, s, s, WB + 1, s, WB);
  }
  P("  // Case 2's first target: the warp above the leading warp, else the one below\n");
  P("  logic x_first_up;\n  assign x_first_up = ({1'b0, x_warp} + %d'd1 < x_cw);\n", WB + 1);
  P("  // the trigger's slots and entries (Case 1: the search; Case 2: the own slot's new entry);\n"
    "  // the entries rewritten at this edge stop theirs\n");
  P("  logic [%d:0] x_pend, x_sel;\n", NC - 1);
  P("  assign x_pend = x_hit ? c1_vec : (x_relaunch ? '0 : x_slot_oh);  // relaunched: its entry is gone\n"
    "  assign x_sel = x_hit ? m_sel : {%d{x_vict}};\n", NC);
  caps_emit_kill(o, NC, "xkill", "x_sel");
  P("\n");

  P("  // ==== V: verification: PerCTA hit, DIST hit (4.2, throttling) ====\n");
  P("  logic v_go, v_verify;\n  assign v_go = v_valid && !flush;\n  assign v_verify = v_go && v_hit && v_dhit;\n");
  P("  // per request: the demand's difference from its base is not k x stride (base + k x stride,\n"
    "  // the prediction, is not the demand), or only one of the two exists.  Against the carry-save\n"
    "  // pair without adding it up: kss + ksc = diff iff kss + ksc + ~diff = -1, and after one full\n"
    "  // adder (s + c = kss + ksc + ~diff) that is s ^ c all ones (a sum of all ones has no carry)\n");
  P("  logic [%d:0] mis, v_eq;\n", R - 1);
  for (int i = 0; i < R; i++) {
    char dd[32];
    snprintf(dd, sizeof dd, "v_diff[%d:%d]", (i + 1) * AB - 1, i * AB);
    P("  logic [%d:0] v_q%d_s, v_q%d_c, v_q%d_n;\n", AB - 1, i, i, i);
    P("  assign v_q%d_n = ~%s;\n", i, dd);
    P("  assign v_q%d_s = v_kss ^ v_ksc ^ v_q%d_n;\n", i, i);
    P("  assign v_q%d_c = {(v_kss[%d:0] & v_ksc[%d:0]) | (v_kss[%d:0] & v_q%d_n[%d:0]) | (v_ksc[%d:0] & v_q%d_n[%d:0]), 1'b0};\n",
      i, AB - 2, AB - 2, AB - 2, i, AB - 2, AB - 2, i, AB - 2);
    P("  assign v_eq[%d] = &(v_q%d_s ^ v_q%d_c);\n", i, i, i);
    P("  assign mis[%d] = v_verify && (((v_pn > %d'd%d) != (v_n > %d'd%d)) || ((v_pn > %d'd%d) && !v_eq[%d]));\n",
      i, NRB, i, NRB, i, NRB, i, i);
  }
  P("  assign ev_mispred = ");
  for (int i = 0; i < R; i++) {
    snprintf(b, sizeof b, "mis[%d]", i);
    P("%s%s", wg_zext(a, sizeof a, b, 1, NRB), i + 1 < R ? " + " : ";\n");
  }
  P("  // the counter as every older load left it\n");
  P("  logic [%d:0] v_dmis;\n  assign v_dmis = v_de ? dist_mis[1] : dist_mis[0];\n", d.MW - 1);
  P("  logic [%d:0] mis_sum;\n  logic [%d:0] mis_new;\n", d.MW, d.MW - 1);
  P("  assign mis_sum = {1'b0, v_dmis} + %s;\n", wg_zext(a, sizeof a, "ev_mispred", NRB, d.MW + 1));
  P("  assign mis_new = (mis_sum > %d'd%lld) ? %d'd%lld : mis_sum[%d:0];  // saturating\n",
    d.MW + 1, d.mis_max, d.MW, d.mis_max, d.MW - 1);
  P("  logic v_alloc;\n  assign v_alloc = v_go && !v_hit;\n");
  P("  assign ev_throttled = (v_verify && mis_new > %d'd%d) || (v_alloc && v_dhit && v_dmis > %d'd%d);\n",
    d.MW, d.TH, d.MW, d.TH);
  P("  // the load's events, two cycles after it arrived\n");
  P("  assign ld_target = v_go;\n  assign ld_hit = v_go && v_hit;\n  assign ld_dist_hit = v_go && v_dhit;\n");
  P("  assign ev_lead = v_alloc;\n  assign ev_evict = v_go && v_evict;\n");
  P("  assign ev_stride = v_go && v_stride;\n  assign ev_invalid = v_go && v_inval;\n");
  P("  logic want1, want2, acc1, acc2;\n");
  P("  // Case 1 only for the trailing warps of the leading CTA, the slot the stride was learnt in (4.3)\n");
  P("  assign want1 = ev_stride || (v_verify && v_k != '0 && mis_new <= %d'd%d && v_cta == v_dlcta);\n", d.MW, d.TH);
  P("  assign want2 = v_alloc && v_dhit && v_dmis <= %d'd%d;\n", d.MW, d.TH);
  P("  assign acc1 = want1 && v_c1any;\n");
  P("  assign acc2 = want2 && (v_cw >= %d'd2) && !v_relaunch;\n", WB + 1);
  P("  // a trigger goes to the generator at once when it is idle and nothing waits, else into the\n"
    "  // trigger queue (whose head leaves for an idle generator at this edge); full: dropped\n");
  P("  logic direct, load_tq, tq_room, push_tq;\n");
  P("  assign load_tq = !gen_busy && (tq_count != '0) && !flush;\n");
  P("  assign direct  = !gen_busy && (tq_count == '0);\n");
  P("  assign tq_room = (tq_count - %s) < %d'd%d;\n", wg_zext(a, sizeof a, "load_tq", 1, d.QCW), d.QCW, d.Q);
  P("  assign push_tq = (acc1 || acc2) && !direct && tq_room;\n");
  P("  assign trig_drop  = (acc1 || acc2) && !direct && !tq_room;\n");
  P("  assign trig_case1 = acc1 && !trig_drop;\n");
  P("  assign trig_case2 = acc2 && !trig_drop;\n");
  caps_emit_kill(o, NC, "vkill", "v_sel");
  P("\n");

  P("  // ==== the pipeline registers ====\n");
  P("  always_ff @(posedge clk) begin\n");
  P("    x_valid <= !rst && l_tgt;\n    v_valid <= !rst && x_go;\n");
  P("    // the load's fields (read only under the valid bits: no reset)\n");
  P("    x_pc <= ld_pc; x_cta <= ld_cta; x_warp <= ld_warp; x_hit <= l_hit; x_pe <= m1;\n"
    "    x_dhit <= l_dhit; x_de <= dhit1; x_vict <= vict; x_evict <= !l_hit && !free0 && !free1;\n"
    "    x_k <= l_kd; x_diff <= l_diff; x_samen <= l_samen; x_n <= n_ld; x_pn <= p_n;\n"
    "    x_relaunch <= (launch_oh & slot_oh) != '0;  // its slot launched in its L cycle: no Case 2\n"
    "    x_cw <= cw; v_cw <= x_cw;\n");
  P("    v_cta <= x_cta; v_k <= x_k; v_diff <= x_diff; v_n <= x_n; v_pn <= x_pn; v_kss <= x_kss; v_ksc <= x_ksc;\n"
    "    v_hit <= x_hit; v_dhit <= x_dhit; v_de <= x_de; v_evict <= x_evict; v_stride <= x_stride; v_inval <= x_inval;\n"
    "    v_dlcta <= x_dlcta;\n"
    "    v_pend <= x_pend & ~xkill; v_sel <= x_sel; v_c1any <= c1_vec != '0; v_relaunch <= x_relaunch;\n"
    "    v_c2t <= x_first_up ? x_warp + %d'd1 : x_warp - %d'd1; v_c2down <= !x_first_up; v_dstride <= x_dstride;\n", WB, WB);
  P("  end\n\n");
}

/* PIPE=1: the V load's trigger, as the generator or the queue takes it (this edge's rewrites
** stop its slots, as they stop the generator's and the queue's) */
static void caps_rtl_trigger_pipe(wg_buf *o, caps_dims d) {
  const int NC = d.NC, WB = d.WB, AB = d.AB;
  P("\n  // ==== the V load's trigger, as the generator or the queue takes it ====\n");
  P("  // (its fields whatever the accept says, which comes late: a Case 2 is a load that missed)\n");
  P("  logic [%d:0] t_pend, t_sel;\n  logic t_case2, t_down;\n  logic [%d:0] t_k, t_t;\n  logic [%d:0] t_off, t_stride;\n",
    NC - 1, WB - 1, AB - 1);
  P("  logic [%d:0] v_kst, v_nstride;  // k x stride added up; minus the stride\n", AB - 1);
  wg_emit_add(o, "v_kst", "v_kss", "v_ksc", "1'b0", AB);
  wg_emit_add(o, "v_nstride", "~v_dstride", "'0", "1'b1", AB);
  P("  assign t_pend = v_pend & ~vkill;  // Case 1: the counterparts' slots; Case 2: the own slot\n"
    "  assign t_sel = v_sel;\n  assign t_case2 = !v_hit;\n  assign t_k = v_k[%d:0];\n"
    "  assign t_down = v_c2down;\n  assign t_t = v_c2t;\n  assign t_stride = v_dstride;\n", WB - 1);
  P("  // Case 1: k x stride (learning: k = +-1, the difference itself); Case 2: +-stride\n");
  P("  assign t_off = v_hit ? (v_stride ? v_diff[%d:0] : v_kst) : (v_c2down ? v_nstride : v_dstride);\n", AB - 1);
}

/* PIPE=1: the tables written by the stages: PerCTA allocation at L's edge, invalidation and a
** DIST stride at X's, the counter at V's (the younger X's stride wins an entry both write) */
static void caps_rtl_updates_pipe(wg_buf *o, caps_dims d) {
  const int NC = d.NC;
  P("  // ==== table updates: L allocates, X invalidates and learns, V counts ====\n");
  P("  always_ff @(posedge clk) begin\n    for (int s = 0; s < %d; s++) begin\n", NC);
  P("      if (rst || flush || launch_oh[s]) begin\n"
    "        pct_pc[2*s] <= '0; pct_pc[2*s+1] <= '0; pct_lru[s] <= 1'b0;\n"
    "      end else begin\n"
    "        // an allocation (the younger load) wins over an invalidation of the same entry\n"
    "        if (wr_alloc[2*s]) pct_pc[2*s] <= ld_pc;\n"
    "        else if (wr_inval[2*s]) pct_pc[2*s] <= '0;   // not striding\n"
    "        if (wr_alloc[2*s+1]) pct_pc[2*s+1] <= ld_pc;\n"
    "        else if (wr_inval[2*s+1]) pct_pc[2*s+1] <= '0;\n"
    "        if (l_alloc && slot_oh[s]) pct_lru[s] <= !vict;  // the other entry is now the older\n"
    "      end\n    end\n  end\n");
  P("  always_ff @(posedge clk) begin\n    for (int e = 0; e < %d; e++)\n"
    "      if (wr_alloc[e]) begin pct_lead[e] <= ld_warp; pct_base[e] <= ld_addr; pct_n[e] <= n_ld; end\n"
    "  end\n", d.NE);
  P("  always_ff @(posedge clk) begin\n    if (rst || flush) begin\n"
    "      dist_pc[0] <= '0; dist_pc[1] <= '0; dist_lru <= 1'b0;\n"
    "    end else begin\n"
    "      if (v_verify) dist_mis[v_de] <= mis_new;  // V: the verified load's counter\n"
    "      if (x_stride) begin  // X: a learnt stride (a younger load than V's: it wins the entry)\n"
    "        dist_pc[x_dv] <= x_pc; dist_stride[x_dv] <= x_nstride; dist_mis[x_dv] <= '0;  // counter reset\n"
    "        dist_lcta[x_dv] <= x_cta;  // the leading CTA: its trailing warps trigger Case 1\n"
    "        dist_lru <= !x_dv;\n"
    "      end else if (x_go && x_verify) dist_lru <= !x_de;\n"
    "    end\n  end\n");
}

static void caps_rtl(wg_buf *o, wg_pv p, int mutant) {
  caps_dims d = caps_dims_of(p);
  caps_rtl_tables(o, d);
  if (d.PIPE) caps_rtl_load_pipe(o, d, mutant);
  else caps_rtl_load_flat(o, d, mutant);
  caps_rtl_generator(o, d);
  if (d.PIPE) caps_rtl_trigger_pipe(o, d);
  else caps_rtl_trigger_flat(o, d);
  caps_rtl_queue_fifo(o, d);
  if (d.PIPE) caps_rtl_updates_pipe(o, d);
  else caps_rtl_updates_flat(o, d);
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

/* PIPE=1: the load's three stages restated from the rules, for the proofs: each stage's
** decisions and the registers it hands on computed again from the registers and inputs --
** entries read by index, the hazard rule as "the table after the X load's writes of this
** edge", k x stride as a product, differences and sums as '-' and '+', the Case 1 range as a
** signed sum -- and compared with the RTL's; the tables' next values with the stages' writes;
** every prefix adder as the sum it computes.  The generator, queue and FIFO keep their
** invariants (caps_props). */
static const char caps_spec_pipe_tmpl[] =
  "\n"
  "`ifndef WG_COVERS  // (the covers leave it out: docs/formal.md)\n"
  "  // ---- the load's three stages, restated from the rules (docs/blocks/caps.md) ----\n"
  "  // verilator lint_off UNUSEDSIGNAL\n"
  "  // -- X: the load registered at the end of its L cycle, the tables as every older load left them --\n"
  "  logic sx_go, sx_alleq, sx_learn, sx_inval, sx_stride, sx_verify, sx_dv, sx_first_up;\n"
  "  logic [31:0] sx_k32, sx_t;\n"
  "  logic [@@WB1@@-1:0] sx_kmag;\n"
  "  logic [@@AB@@-1:0] sx_nstride, sx_dstride, sx_kst;\n"
  "  logic [@@CB@@-1:0] sx_dlcta;\n"
  "  logic [@@NC@@-1:0] sx_c1, sx_msel, sx_pend, sx_sel, sx_kill, sv_kill;\n"
  "  logic [@@WB@@-1:0] sx_mlead, sx_c2t;\n"
  "  always @(*) begin\n"
  "    sx_go = x_valid && !flush;\n"
  "    sx_k32 = x_k[@@WB@@] ? {{(32-@@WB1@@){1'b1}}, x_k} : {{(32-@@WB1@@){1'b0}}, x_k};\n"
  "    // learning (4.2): every request at the same difference from its base, the same count\n"
  "    sx_alleq = 1'b1;\n"
  "    for (int i = 1; i < @@R@@; i++)\n"
  "      if (32'(x_n) > i && x_diff[i*@@AB@@ +: @@AB@@] != x_diff[0 +: @@AB@@]) sx_alleq = 1'b0;\n"
  "    sx_learn = sx_go && x_hit && !x_dhit && sx_k32 != 0;\n"
  "    sx_inval = sx_learn && !(x_samen && sx_alleq);\n"
  "    sx_stride = sx_learn && x_samen && sx_alleq && (sx_k32 == 32'd1 || sx_k32 == 32'hffffffff);\n"
  "    sx_nstride = (sx_k32 == 32'd1) ? x_diff[0 +: @@AB@@] : @@AB@@'(0) - x_diff[0 +: @@AB@@];\n"
  "    sx_verify = x_hit && x_dhit;\n"
  "    sx_dstride = dist_stride[x_de]; sx_dlcta = dist_lcta[x_de];\n"
  "    sx_dv = (dist_pc[0] == '0) ? 1'b0 : (dist_pc[1] == '0) ? 1'b1 : dist_lru;\n"
  "    // k x stride: |k| times the stride, negated for k < 0\n"
  "    sx_kmag = x_k[@@WB@@] ? @@WB1@@'(0) - x_k : x_k;\n"
  "    sx_kst = @@AB@@'(sx_kmag) * sx_dstride;\n"
  "    if (x_k[@@WB@@]) sx_kst = @@AB@@'(0) - sx_kst;\n"
  "    // Case 1 (Fig. 9a): every other slot with the PC whose leading warp + k is inside the CTA\n"
  "    for (int s = 0; s < @@NC@@; s++) begin\n"
  "      sx_msel[s] = pct_pc[2*s+1] == x_pc;\n"
  "      sx_mlead = sx_msel[s] ? pct_lead[2*s+1] : pct_lead[2*s];\n"
  "      sx_t = 32'(sx_mlead) + sx_k32;\n"
  "      sx_c1[s] = (pct_pc[2*s] == x_pc || pct_pc[2*s+1] == x_pc) && 32'(x_cta) != s && !sx_t[31]\n"
  "              && sx_t < 32'(x_cw);\n"
  "    end\n"
  "    // Case 2 (Fig. 9b): the warp above the leading warp first, else the one below\n"
  "    sx_first_up = 32'(x_warp) + 1 < 32'(x_cw);\n"
  "    sx_c2t = sx_first_up ? x_warp + 1'b1 : x_warp - 1'b1;\n"
  "    sx_pend = x_hit ? sx_c1 : (x_relaunch ? '0 : @@NC@@'(1) << x_cta);\n"
  "    sx_sel = x_hit ? sx_msel : {@@NC@@{x_vict}};\n"
  "  end\n"
  "  // -- L: the arriving load, against the tables as the X load leaves them at this edge --\n"
  "  logic sl_tgt, sl_hit, sl_pe, sl_dhit, sl_de, sl_alloc, sl_vict, sl_evict, sl_samen, sl_lru;\n"
  "  logic [@@WB1@@-1:0] sl_cw, sl_k;\n"
  "  logic [@@PB@@-1:0] sl_pc0, sl_pc1, sl_dpc0, sl_dpc1;\n"
  "  logic [@@WB@@-1:0] sl_lead;\n"
  "  logic [@@R@@*@@AB@@-1:0] sl_base, sl_diff;\n"
  "  logic [@@NRB@@-1:0] sl_n;\n"
  "  always @(*) begin\n"
  "    sl_cw = (cta_warps > @@WB1@@'(@@WMAX@@)) ? @@WB1@@'(@@WMAX@@) : cta_warps;\n"
  "    sl_tgt = ld_valid && !flush && ld_pc != '0 && ld_n != '0 && ld_n <= 6'd@@R@@\n"
  "          && 32'(ld_cta) < @@NC@@ && @@WB1@@'(ld_warp) < sl_cw;\n"
  "    sl_pc0 = '0; sl_pc1 = '0; sl_lru = 1'b0;\n"
  "    for (int s = 0; s < @@NC@@; s++)\n"
  "      if (32'(ld_cta) == s) begin sl_pc0 = pct_pc[2*s]; sl_pc1 = pct_pc[2*s+1]; sl_lru = pct_lru[s]; end\n"
  "    if (sx_inval && x_cta == ld_cta) begin  // the entry the X load invalidates is gone\n"
  "      if (x_pe) sl_pc1 = '0; else sl_pc0 = '0;\n"
  "    end\n"
  "    sl_hit = sl_tgt && (sl_pc0 == ld_pc || sl_pc1 == ld_pc);\n"
  "    sl_pe = sl_pc1 == ld_pc;\n"
  "    sl_lead = '0; sl_base = '0; sl_n = '0;\n"
  "    for (int e = 0; e < @@NE@@; e++)\n"
  "      if (32'(ld_cta) * 2 + 32'(sl_pe) == e) begin sl_lead = pct_lead[e]; sl_base = pct_base[e]; sl_n = pct_n[e]; end\n"
  "    sl_k = @@WB1@@'(ld_warp) - @@WB1@@'(sl_lead);\n"
  "    for (int i = 0; i < @@R@@; i++)\n"
  "      sl_diff[i*@@AB@@ +: @@AB@@] = ld_addr[i*@@AB@@ +: @@AB@@] - sl_base[i*@@AB@@ +: @@AB@@];\n"
  "    sl_samen = ld_n == 6'(sl_n);\n"
  "    sl_dpc0 = dist_pc[0]; sl_dpc1 = dist_pc[1];\n"
  "    if (sx_stride) begin  // the stride the X load learns is there\n"
  "      if (sx_dv) sl_dpc1 = x_pc; else sl_dpc0 = x_pc;\n"
  "    end\n"
  "    sl_dhit = sl_tgt && (sl_dpc0 == ld_pc || sl_dpc1 == ld_pc);\n"
  "    sl_de = sl_dpc1 == ld_pc;\n"
  "    sl_alloc = sl_tgt && !sl_hit;\n"
  "    sl_vict = (sl_pc0 == '0) ? 1'b0 : (sl_pc1 == '0) ? 1'b1 : sl_lru;\n"
  "    sl_evict = !sl_hit && sl_pc0 != '0 && sl_pc1 != '0;\n"
  "    // the slots whose entries (X's or V's selection) this edge rewrites, or whose CTA is launched\n"
  "    for (int s = 0; s < @@NC@@; s++) begin\n"
  "      sx_kill[s] = (launch && 32'(launch_cta) == s)\n"
  "                || (sl_alloc && 32'(ld_cta) == s && sl_vict == sx_sel[s])\n"
  "                || (sx_inval && 32'(x_cta) == s && x_pe == sx_sel[s]);\n"
  "      sv_kill[s] = (launch && 32'(launch_cta) == s)\n"
  "                || (sl_alloc && 32'(ld_cta) == s && sl_vict == v_sel[s])\n"
  "                || (sx_inval && 32'(x_cta) == s && x_pe == v_sel[s]);\n"
  "    end\n"
  "  end\n"
  "  // -- V: the load registered at the end of its X cycle; the counter as every older load left it --\n"
  "  logic sv_go, sv_verify, sv_alloc, sv_thr, sv_want1, sv_want2, sv_acc1, sv_acc2, sv_direct, sv_loadq, sv_room, sv_drop;\n"
  "  logic [@@AB@@-1:0] sv_kst;\n"
  "  logic [@@MPW@@-1:0] sv_nmis;\n"
  "  logic [@@MW@@-1:0] sv_dmis, sv_misnew;\n"
  "  logic [@@MW@@:0] sv_missum;\n"
  "  always @(*) begin\n"
  "    sv_go = v_valid && !flush;\n"
  "    sv_verify = sv_go && v_hit && v_dhit;\n"
  "    sv_kst = v_kss + v_ksc;  // the carry-save pair's value\n"
  "    // verification: each request predicted at base + k x stride (missing on one side: wrong)\n"
  "    sv_nmis = '0;\n"
  "    for (int i = 0; i < @@R@@; i++)\n"
  "      if (sv_verify && ((32'(v_pn) > i) != (32'(v_n) > i)\n"
  "                        || (32'(v_pn) > i && v_diff[i*@@AB@@ +: @@AB@@] != sv_kst)))\n"
  "        sv_nmis = sv_nmis + 1'b1;\n"
  "    sv_dmis = dist_mis[v_de];\n"
  "    sv_missum = {1'b0, sv_dmis} + @@MW1@@'(sv_nmis);\n"
  "    sv_misnew = (sv_missum > {1'b0, @@MW@@'(@@MISMAX@@)}) ? @@MW@@'(@@MISMAX@@) : sv_missum[@@MW@@-1:0];\n"
  "    sv_alloc = sv_go && !v_hit;\n"
  "    sv_thr = (sv_verify && sv_misnew > @@MW@@'(@@TH@@)) || (sv_alloc && v_dhit && sv_dmis > @@MW@@'(@@TH@@));\n"
  "    sv_want1 = (sv_go && v_stride) || (sv_verify && v_k != '0 && sv_misnew <= @@MW@@'(@@TH@@) && v_cta == v_dlcta);\n"
  "    sv_want2 = sv_alloc && v_dhit && sv_dmis <= @@MW@@'(@@TH@@);\n"
  "    sv_acc1 = sv_want1 && v_c1any;\n"
  "    sv_acc2 = sv_want2 && v_cw >= @@WB1@@'(2) && !v_relaunch;\n"
  "    sv_loadq = g_pend == '0 && tq_count != '0 && !flush;\n"
  "    sv_direct = g_pend == '0 && tq_count == '0;\n"
  "    sv_room = 32'(tq_count) - 32'(sv_loadq) < @@Q@@;\n"
  "    sv_drop = (sv_acc1 || sv_acc2) && !sv_direct && !sv_room;\n"
  "  end\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(ld_target == sv_go);\n"
  "    assert(ld_hit == (sv_go && v_hit));\n"
  "    assert(ld_dist_hit == (sv_go && v_dhit));\n"
  "    assert(ev_lead == sv_alloc);\n"
  "    assert(ev_evict == (sv_go && v_evict));\n"
  "    assert(ev_stride == (sv_go && v_stride));\n"
  "    assert(ev_invalid == (sv_go && v_inval));\n"
  "    assert(ev_mispred == sv_nmis);\n"
  "    assert(ev_throttled == sv_thr);\n"
  "    assert(trig_case1 == (sv_acc1 && !sv_drop));\n"
  "    assert(trig_case2 == (sv_acc2 && !sv_drop));\n"
  "    assert(trig_drop == sv_drop);\n"
  "    assert(gen_busy == (g_pend != '0));\n"
  "    // the V load's trigger as it goes to the generator or the queue\n"
  "    assert(t_pend == (v_pend & ~sv_kill) && t_sel == v_sel && t_case2 == !v_hit);\n"
  "    if (sv_acc1) begin\n"
  "      assert(t_k == v_k[@@WB@@-1:0] && t_off == (v_stride ? v_diff[0 +: @@AB@@] : sv_kst));\n"
  "    end\n"
  "    if (sv_acc2) begin\n"
  "      assert(t_t == v_c2t && t_down == v_c2down && t_stride == v_dstride);\n"
  "      assert(t_off == (v_c2down ? @@AB@@'(0) - v_dstride : v_dstride));\n"
  "    end\n"
  "  end\n"
  "  // the registers each stage hands on, and the tables' next values, as the rules make them\n"
  "  logic f_chk = 1'b0, f_chk2 = 1'b0;\n"
  "  logic f_xv, f_xhit, f_xpe, f_xdhit, f_xde, f_xvict, f_xevict, f_xsamen, f_xrel;\n"
  "  logic [@@PB@@-1:0] f_xpc;\n"
  "  logic [@@CB@@-1:0] f_xcta, f_vcta, f_vdlcta;\n"
  "  logic [@@WB@@-1:0] f_xwarp, f_vc2t;\n"
  "  logic [@@WB1@@-1:0] f_xk, f_xcw, f_vk, f_vcw;\n"
  "  logic [@@R@@*@@AB@@-1:0] f_xdiff, f_vdiff;\n"
  "  logic [@@NRB@@-1:0] f_xn, f_xpn, f_vn, f_vpn;\n"
  "  logic f_vv, f_vhit, f_vdhit, f_vde, f_vevict, f_vstride, f_vinval, f_vc1any, f_vrel, f_vc2down;\n"
  "  logic [@@AB@@-1:0] f_vkst, f_vdstride;\n"
  "  logic [@@NC@@-1:0] f_vpend, f_vsel;\n"
  "  logic [@@NE@@*@@PB@@-1:0] f_pc;\n"
  "  logic [@@NC@@-1:0] f_lru;\n"
  "  logic [@@NE@@*@@WB@@-1:0] f_lead;\n"
  "  logic [@@NE@@*@@R@@*@@AB@@-1:0] f_base;\n"
  "  logic [@@NE@@*@@NRB@@-1:0] f_n;\n"
  "  logic [2*@@PB@@-1:0] f_dpc;\n"
  "  logic [2*@@AB@@-1:0] f_dstride;\n"
  "  logic [2*@@MW@@-1:0] f_dmis;\n"
  "  logic [2*@@CB@@-1:0] f_dlcta;\n"
  "  logic f_dlru, f_dclr;\n"
  "  always @(posedge clk) begin\n"
  "    f_chk <= 1'b1; f_chk2 <= f_chk;\n"
  "    f_xv <= !rst && sl_tgt;\n"
  "    f_xpc <= ld_pc; f_xcta <= ld_cta; f_xwarp <= ld_warp; f_xhit <= sl_hit; f_xpe <= sl_pe; f_xdhit <= sl_dhit;\n"
  "    f_xde <= sl_de; f_xvict <= sl_vict; f_xevict <= sl_evict; f_xk <= sl_k; f_xdiff <= sl_diff; f_xsamen <= sl_samen;\n"
  "    f_xn <= ld_n[@@NRB@@-1:0]; f_xpn <= sl_n; f_xrel <= launch && launch_cta == ld_cta; f_xcw <= sl_cw;\n"
  "    f_vv <= !rst && sx_go;\n"
  "    f_vcta <= x_cta; f_vk <= x_k; f_vdiff <= x_diff; f_vn <= x_n; f_vpn <= x_pn; f_vkst <= sx_kst;\n"
  "    f_vhit <= x_hit; f_vdhit <= x_dhit; f_vde <= x_de; f_vevict <= x_evict; f_vstride <= sx_stride;\n"
  "    f_vinval <= sx_inval; f_vdlcta <= sx_dlcta; f_vpend <= sx_pend & ~sx_kill; f_vsel <= sx_sel;\n"
  "    f_vc1any <= sx_c1 != '0; f_vrel <= x_relaunch; f_vc2t <= sx_c2t; f_vc2down <= !sx_first_up;\n"
  "    f_vdstride <= sx_dstride; f_vcw <= x_cw;\n"
  "    // PerCTA: X invalidates, L allocates (the younger load wins an entry both write); a\n"
  "    // reset, flush or the slot's launch clears the PCs and the LRU bit\n"
  "    for (int s = 0; s < @@NC@@; s++) begin\n"
  "      for (int x = 0; x < 2; x++) begin\n"
  "        f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= pct_pc[2*s+x];\n"
  "        f_lead[(2*s+x)*@@WB@@ +: @@WB@@] <= pct_lead[2*s+x];\n"
  "        f_base[(2*s+x)*@@R@@*@@AB@@ +: @@R@@*@@AB@@] <= pct_base[2*s+x];\n"
  "        f_n[(2*s+x)*@@NRB@@ +: @@NRB@@] <= pct_n[2*s+x];\n"
  "        if (sx_inval && 32'(x_cta) == s && 32'(x_pe) == x) f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= '0;   // not striding\n"
  "        if (sl_alloc && 32'(ld_cta) == s && 32'(sl_vict) == x) begin\n"
  "          f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= ld_pc;\n"
  "          f_lead[(2*s+x)*@@WB@@ +: @@WB@@] <= ld_warp;\n"
  "          f_base[(2*s+x)*@@R@@*@@AB@@ +: @@R@@*@@AB@@] <= ld_addr;\n"
  "          f_n[(2*s+x)*@@NRB@@ +: @@NRB@@] <= ld_n[@@NRB@@-1:0];\n"
  "        end\n"
  "        if (rst || flush || (launch && 32'(launch_cta) == s)) f_pc[(2*s+x)*@@PB@@ +: @@PB@@] <= '0;\n"
  "      end\n"
  "      f_lru[s] <= (rst || flush || (launch && 32'(launch_cta) == s)) ? 1'b0\n"
  "                : (32'(ld_cta) == s && sl_alloc) ? !sl_vict : pct_lru[s];\n"
  "    end\n"
  "    // DIST: V's counter, X's learnt stride (in the entry it takes: the younger wins), X's verify\n"
  "    f_dclr <= rst || flush;\n"
  "    for (int x = 0; x < 2; x++) begin\n"
  "      f_dpc[x*@@PB@@ +: @@PB@@] <= dist_pc[x]; f_dstride[x*@@AB@@ +: @@AB@@] <= dist_stride[x];\n"
  "      f_dmis[x*@@MW@@ +: @@MW@@] <= dist_mis[x]; f_dlcta[x*@@CB@@ +: @@CB@@] <= dist_lcta[x];\n"
  "    end\n"
  "    f_dlru <= dist_lru;\n"
  "    if (sv_verify) f_dmis[32'(v_de)*@@MW@@ +: @@MW@@] <= sv_misnew;\n"
  "    if (sx_stride) begin\n"
  "      for (int x = 0; x < 2; x++) if (32'(sx_dv) == x) begin\n"
  "        f_dpc[x*@@PB@@ +: @@PB@@] <= x_pc; f_dstride[x*@@AB@@ +: @@AB@@] <= sx_nstride;\n"
  "        f_dmis[x*@@MW@@ +: @@MW@@] <= '0; f_dlcta[x*@@CB@@ +: @@CB@@] <= x_cta;\n"
  "      end\n"
  "      f_dlru <= !sx_dv;\n"
  "    end else if (sx_go && sx_verify) f_dlru <= !x_de;\n"
  "  end\n"
  "  always @(*) if (f_past_valid && f_chk) begin\n"
  "    assert(x_valid == f_xv);\n"
  "    assert(v_valid == f_vv);\n"
  "    if (x_valid) begin\n"
  "      assert(x_pc == f_xpc && x_cta == f_xcta && x_warp == f_xwarp && x_hit == f_xhit && x_dhit == f_xdhit);\n"
  "      assert(x_n == f_xn && x_relaunch == f_xrel && x_cw == f_xcw && x_vict == f_xvict && x_evict == f_xevict);\n"
  "      if (x_hit) begin\n"
  "        assert(x_pe == f_xpe && x_k == f_xk && x_diff == f_xdiff && x_samen == f_xsamen && x_pn == f_xpn);\n"
  "      end\n"
  "      if (x_dhit) begin\n"
  "        assert(x_de == f_xde);\n"
  "      end\n"
  "    end\n"
  "    if (v_valid) begin\n"
  "      assert(v_cta == f_vcta && v_hit == f_vhit && v_dhit == f_vdhit && v_evict == f_vevict && v_stride == f_vstride);\n"
  "      assert(v_inval == f_vinval && v_n == f_vn && v_cw == f_vcw && v_relaunch == f_vrel && v_c1any == f_vc1any);\n"
  "      assert(v_pend == f_vpend && v_sel == f_vsel);\n"
  "      if (v_hit) begin\n"
  "        assert(v_k == f_vk && v_diff == f_vdiff && v_pn == f_vpn);\n"
  "      end\n"
  "      if (v_hit && v_dhit) begin\n"
  "        assert(v_kss + v_ksc == f_vkst);\n"
  "      end\n"
  "      if (v_dhit) begin\n"
  "        assert(v_de == f_vde && v_dlcta == f_vdlcta && v_dstride == f_vdstride);\n"
  "      end\n"
  "      if (!v_hit) begin\n"
  "        assert(v_c2t == f_vc2t && v_c2down == f_vc2down);\n"
  "      end\n"
  "    end\n"
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

/* PIPE=1, at the proof sizes: the generator's group, the FIFO and the trigger queue restated --
** the lowest pending slot and its entry read by index, the target warp, the group's bases; where
** a pushed group lands (tail + j modulo FIFO, integer arithmetic) and what the other places keep;
** the head read by index; the pointers' and counts' next values; a pushed trigger's place and
** fields, the waiting ones' slots after this edge's rewrites.  (Emitted for PIPE=1 only: the
** one-cycle presets' Verilog stays as it was.) */
static void caps_gen_fifo_props(wg_buf *o, caps_dims d) {
  const int NC = d.NC, R = d.R, AB = d.AB, WB = d.WB, CB = d.CB, D = d.D, G = d.G, Q = d.Q, NRB = d.NRB;
  P("\n`ifndef WG_COVERS\n");
  P("  // ---- the generator's group, the FIFO and the trigger queue, restated ----\n");
  P("  // verilator lint_off UNUSEDSIGNAL\n");
  P("  int sg_s;\n  logic [%d:0] sg_lead, sg_tgt;\n  logic [%d:0] sg_base;\n  logic [%d:0] sg_n;\n", WB - 1, R * AB - 1, NRB - 1);
  P("  logic [%d:0] sq_kill [0:%d];  // per queue place: the slots whose entries this edge rewrites\n", NC - 1, Q - 1);
  P("  always @(*) begin\n"
    "    sg_s = 0;\n    for (int s = %d; s >= 0; s--) if (g_pend[s]) sg_s = s;  // the lowest pending slot\n"
    "    sg_lead = pct_lead[2*sg_s + 32'(g_sel[sg_s])]; sg_base = pct_base[2*sg_s + 32'(g_sel[sg_s])];\n"
    "    sg_n = pct_n[2*sg_s + 32'(g_sel[sg_s])];\n"
    "    sg_tgt = g_case2 ? g_t : sg_lead + g_k;\n"
    "    for (int e = 0; e < %d; e++)\n"
    "      for (int s = 0; s < %d; s++)\n"
    "        sq_kill[e][s] = (launch && 32'(launch_cta) == s)\n"
    "                     || (sl_alloc && 32'(ld_cta) == s && sl_vict == q_sel[e][s])\n"
    "                     || (sx_inval && 32'(x_cta) == s && x_pe == q_sel[e][s]);\n"
    "  end\n", NC - 1, Q, NC);
  P("  always @(*) if (f_past_valid) begin\n");
  P("    if (gen_busy) begin\n      assert(cur_cta == %d'(sg_s) && tgt == sg_tgt && cur_n == sg_n);\n", CB);
  for (int j = 0; j < G; j++)
    P("      if (32'(g_ri) + %d < %d) assert(gaddr%d_x == sg_base[(32'(g_ri) + %d)*%d +: %d]);\n", j, R, j, j, AB, AB);
  P("    end\n");
  P("    // the FIFO's head, read by index (0 when empty)\n"
    "    if (pf_count != '0) begin\n"
    "      assert(pf_addr == f_addr[head] && pf_cta == f_cta[head] && pf_warp == f_warp[head]);\n"
    "    end else begin\n      assert(pf_addr == '0 && pf_cta == '0 && pf_warp == '0);\n    end\n");
  P("  end\n");
  P("  logic [%d*%d-1:0] f_fa;\n  logic [%d*%d-1:0] f_fc;\n  logic [%d*%d-1:0] f_fw;\n", D, AB, D, CB, D, WB);
  P("  int f_head, f_tail, f_cnt, f_qhead, f_qcnt, f_qw;\n  logic f_qpush;\n");
  P("  logic [%d:0] f_qp [0:%d];\n  logic [%d:0] f_tp, f_ts;\n  logic f_tc2, f_tdn;\n  logic [%d:0] f_tk, f_tt;\n"
    "  logic [%d:0] f_to, f_tst;\n", NC - 1, Q - 1, NC - 1, WB - 1, AB - 1);
  P("  always @(posedge clk) begin\n");
  P("    for (int e = 0; e < %d; e++) begin\n"
    "      f_fa[e*%d +: %d] <= f_addr[e]; f_fc[e*%d +: %d] <= f_cta[e]; f_fw[e*%d +: %d] <= f_warp[e];\n"
    "    end\n", D, AB, AB, CB, CB, WB, WB);
  for (int j = 0; j < G; j++)
    P("    if (32'(pf_push) > %d) begin  // group address %d at tail + %d\n"
      "      f_fa[((32'(tail) + %d) %% %d)*%d +: %d] <= gaddr%d;\n"
      "      f_fc[((32'(tail) + %d) %% %d)*%d +: %d] <= cur_cta;\n"
      "      f_fw[((32'(tail) + %d) %% %d)*%d +: %d] <= tgt;\n"
      "    end\n", j, j, j, j, D, AB, AB, j, j, D, CB, CB, j, D, WB, WB);
  P("    f_head <= rst ? 0 : (32'(head) + 32'(pf_valid && pf_ready)) %% %d;\n"
    "    f_tail <= rst ? 0 : (32'(tail) + 32'(pf_push)) %% %d;\n"
    "    f_cnt <= rst ? 0 : 32'(pf_count) + 32'(pf_push) - 32'(pf_valid && pf_ready);\n", D, D);
  P("    // the trigger queue: its head leaves for an idle generator, a trigger joins at head + count\n"
    "    f_qhead <= (rst || flush) ? 0 : sv_loadq ? (32'(tq_head) + 1) %% %d : 32'(tq_head);\n"
    "    f_qcnt <= (rst || flush) ? 0 : 32'(tq_count) - 32'(sv_loadq) + 32'((sv_acc1 || sv_acc2) && !sv_direct && sv_room);\n"
    "    f_qpush <= !rst && !flush && (sv_acc1 || sv_acc2) && !sv_direct && sv_room;\n"
    "    f_qw <= (32'(tq_head) + 32'(tq_count)) %% %d;\n"
    "    for (int e = 0; e < %d; e++) f_qp[e] <= q_pend[e] & ~sq_kill[e];\n"
    "    f_tp <= t_pend; f_ts <= t_sel; f_tc2 <= t_case2; f_tdn <= t_down; f_tk <= t_k; f_tt <= t_t; f_to <= t_off; f_tst <= t_stride;\n",
    Q, Q, Q);
  P("  end\n");
  P("  always @(*) if (f_past_valid && f_chk) begin\n");
  P("    // (the FIFO's payload is not reset: its first edge starts from the state before reset)\n"
    "    if (f_chk2) for (int e = 0; e < %d; e++) begin\n"
    "      assert(f_addr[e] == f_fa[e*%d +: %d] && f_cta[e] == f_fc[e*%d +: %d] && f_warp[e] == f_fw[e*%d +: %d]);\n"
    "    end\n", D, AB, AB, CB, CB, WB, WB);
  P("    assert(32'(head) == f_head && 32'(tail) == f_tail && 32'(pf_count) == f_cnt);\n");
  P("    assert(32'(tq_head) == f_qhead && 32'(tq_count) == f_qcnt);\n");
  P("    // every waiting trigger keeps its slots less the rewritten ones; a pushed one is this cycle's\n");
  P("    for (int e = 0; e < %d; e++)\n"
    "      if (f_qv[e] && !(f_qpush && f_qw == e)) assert(q_pend[e] == f_qp[e]);\n", Q);
  P("    for (int e = 0; e < %d; e++)\n"
    "      if (f_qpush && f_qw == e) begin\n"
    "        assert(q_pend[e] == f_tp && q_sel[e] == f_ts && q_case2[e] == f_tc2 && q_off[e] == f_to);\n"
    "        if (f_tc2) begin\n"
    "          assert(q_down[e] == f_tdn && q_t[e] == f_tt && q_stride[e] == f_tst);\n"
    "        end else begin\n          assert(q_k[e] == f_tk);\n        end\n"
    "      end\n", Q);
  P("  end\n");
  P("  // verilator lint_on UNUSEDSIGNAL\n`endif  // WG_COVERS\n\n");
}

static void caps_spec_props(wg_buf *o, caps_dims d) {
  const wg_tmpl_var v[] = {
    {"CB", d.CB}, {"WB", d.WB}, {"WB1", d.WB + 1}, {"WMAX", 1 << d.WB}, {"R", d.R}, {"NC", d.NC},
    {"NE", d.NE}, {"AB", d.AB}, {"NRB", d.NRB}, {"PB", d.PB}, {"MW", d.MW}, {"MW1", d.MW + 1},
    {"MISMAX", d.mis_max}, {"TH", d.TH}, {"MPW", wg_bits_for(d.R)}, {"Q", d.Q},
  };
  wg_emit_tmpl(o, d.PIPE ? caps_spec_pipe_tmpl : caps_spec_tmpl, v, (int)(sizeof v / sizeof v[0]));
}

/* PIPE=1: what the pipeline's registers hold (the invariants the proofs need: a load in X or V
** was targeted, the entry it allocated or hit still holds its PC unless its slot was launched,
** its trigger's slots have valid entries, Case 2's first target on the right side of the
** leading warp, k never -2^WID_BITS), and every prefix adder as the sum it computes. */
static void caps_pipe_props(wg_buf *o, caps_dims d) {
  const int NC = d.NC, R = d.R, WB = d.WB, NRB = d.NRB, CB = d.CB;
  char a[64];
  P("  // the pipeline (PIPE=1): a load in X or V was targeted; its entries; its trigger\n");
  P("  always @(*) if (f_past_valid) begin\n");
  P("    assert(!x_valid || (x_pc != '0 && x_n != '0 && {1'b0, x_warp} < x_cw && x_cw <= %d'd%d));\n", WB + 1, 1 << WB);
  P("    assert(!v_valid || (v_n != '0 && v_cw <= %d'd%d));\n", WB + 1, 1 << WB);
  if (R < (1 << NRB) - 1) {
    P("    assert(!x_valid || x_n <= %d'd%d);\n", NRB, R);
    P("    assert(!v_valid || v_n <= %d'd%d);\n", NRB, R);
  }
  if (!d.all_slots) {
    P("    assert(!x_valid || x_cta < %d'd%d);\n", CB, NC);
    P("    assert(!v_valid || v_cta < %d'd%d);\n", CB, NC);
  }
  P("    // k = warp - leading warp, both below 2^WID_BITS: never -2^WID_BITS\n");
  P("    assert(!(x_valid && x_hit) || x_k != {1'b1, %d'd0});\n", WB);
  P("    assert(!(v_valid && v_hit) || v_k != {1'b1, %d'd0});\n", WB);
  P("    // Case 2 serves the load's own slot only\n");
  snprintf(a, sizeof a, "(%d'd1 << v_cta)", NC);
  P("    assert(!(v_valid && !v_hit) || (v_pend & ~%s) == '0);\n", a);
  for (int s = 0; s < NC; s++) {
    P("    // slot %d: the entry the X load hit or allocated holds its PC (and as allocated, its warp)\n", s);
    P("    assert(!(x_valid && x_hit && !x_relaunch && x_cta == %d'd%d) || (x_pe ? pct_pc[%d] : pct_pc[%d]) == x_pc);\n",
      CB, s, 2 * s + 1, 2 * s);
    P("    assert(!(x_valid && !x_hit && !x_relaunch && x_cta == %d'd%d)\n"
      "           || (x_vict ? (pct_pc[%d] == x_pc && pct_lead[%d] == x_warp) : (pct_pc[%d] == x_pc && pct_lead[%d] == x_warp)));\n",
      CB, s, 2 * s + 1, 2 * s + 1, 2 * s, 2 * s);
    P("    // the V load's trigger: its slots' entries are valid; Case 2's first target beside the leading warp\n");
    P("    assert(!(v_valid && v_pend[%d]) || (v_sel[%d] ? pct_pc[%d] != '0 : pct_pc[%d] != '0));\n", s, s, 2 * s + 1, 2 * s);
    P("    assert(!(v_valid && !v_hit && v_pend[%d] && v_cw >= %d'd2)\n"
      "           || (v_c2down ? v_c2t < (v_sel[%d] ? pct_lead[%d] : pct_lead[%d]) : v_c2t > (v_sel[%d] ? pct_lead[%d] : pct_lead[%d])));\n",
      s, WB + 1, s, 2 * s + 1, 2 * s, s, 2 * s + 1, 2 * s);
  }
  P("  end\n");
  if (d.NC > 4 || d.AB > 16) { P("\n"); return; }   /* the adders' sums at the proof sizes, as the restated stages */
  P("  // every prefix adder is the sum it computes\n");
  P("  always @(*) if (f_past_valid) begin\n");
  P("    assert(l_kd == l_kd_x + l_kd_y + %d'd1);\n", WB + 1);
  for (int i = 0; i < R; i++) P("    assert(l_diff%d == l_diff%d_x + l_diff%d_y + %d'd1);\n", i, i, i, d.AB);
  P("    assert(x_ndiff0 == x_ndiff0_x + x_ndiff0_y + %d'd1);\n", d.AB);
  for (int j = 0; j < d.G; j++) P("    assert(gaddr%d == gaddr%d_x + gaddr%d_y);\n", j, j, j);
  P("    assert(g_off_up == g_off_up_x + g_off_up_y);\n");
  P("    assert(g_off_dn == g_off_dn_x + g_off_dn_y + %d'd1);\n", d.AB);
  P("    assert(g_off_neg == g_off_neg_x + g_off_neg_y + %d'd1);\n", d.AB);
  P("    assert(v_kst == v_kst_x + v_kst_y);\n");
  P("    assert(v_nstride == v_nstride_x + v_nstride_y + %d'd1);\n", d.AB);
  P("  end\n\n");
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
  P("    assert(!(trig_case1 && %s) || mis_new <= %d'd%d);\n", d.PIPE ? "v_verify" : "verify", d.MW, d.TH);
  P("    assert(!trig_case2 || %s <= %d'd%d);\n", d.PIPE ? "v_dmis" : "d_mis", d.MW, d.TH);
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
  if (d.PIPE) P("    assert(!trig_case1 || ev_stride || v_cta == v_dlcta);\n");
  else P("    assert(!trig_case1 || ev_stride || ld_cta == d_lcta);\n");
  P("    // the generator never overfills the FIFO\n");
  P("    assert(%s <= %d'd%d - pf_count);\n", wg_zext(a, sizeof a, "pf_push", d.GB, d.CW), d.CW, d.D);
  P("    // an untargeted load changes nothing\n");
  P("    assert(ld_target || !(ev_lead || ev_stride || ev_invalid || %s || trig_case1 || trig_case2));\n",
    d.PIPE ? "v_verify" : "verify");
  P("  end\n\n");
  /* at the paper's sizes (32-bit addresses, 8 CTA slots) the restated side kept the invariant
  ** proof from closing in 300 s: emitted for the proof sizes only, as rexq's value properties */
  if (d.PIPE) caps_pipe_props(o, d);
  if (d.NC <= 4 && d.AB <= 16) caps_spec_props(o, d);
  if (d.PIPE && d.NC <= 4 && d.AB <= 16) caps_gen_fifo_props(o, d);
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
  caps_params, CP_NPARAMS, caps_presets, 4, "caps",
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
