/*
** mshrfam_dram_mib.c -- the DRAM-controller side of the inter-core locality
** aware scheduler (Li, UBC MASc thesis 2015, Ch. 4; block 'dram_mib'): the
** read request queue, the DRAM-side Merge Information Buffer (one entry per
** queue slot: block address, merge length, age), the row scores and the
** scheduler's pick, for one of the thesis' policies FR-FCFS, MSHR-M, MSHR-S,
** MSHR-S+A (or all four, chosen at run time).
**
** This file will be concatenated with the mshr and l2mib descriptors into one
** family file: every static symbol carries the prefix 'dram_mib_'.
**
** Choices where the thesis is silent (merge-length encoding, dummy/queue
** timing, row scores computed exactly instead of an incremental table,
** tie-breaking, bank round-robin) are documented in docs/blocks/dram_mib.md;
** the C model sim/models/dram_mib.c implements the same rules.
*/
#include "../wg.h"

#include <string.h>

enum { DRAM_MIB_QUEUE, DRAM_MIB_BANKS, DRAM_MIB_ROW_BITS, DRAM_MIB_BLK_BITS, DRAM_MIB_MAX_MERGE,
       DRAM_MIB_AGE_BITS, DRAM_MIB_POLICY, DRAM_MIB_ROW_TABLE, DRAM_MIB_PIPE, DRAM_MIB_NPARAMS };

enum { DRAM_MIB_FRFCFS = 0, DRAM_MIB_M = 1, DRAM_MIB_S = 2, DRAM_MIB_SA = 3, DRAM_MIB_RUNTIME = 4 };

static const wg_param_def dram_mib_params[] = {
  {"QUEUE",     64, 2, 64, 1, "read request queue slots = DRAM MIB entries (Table 5.1: 64; Fig. 6.11 sweeps 16..128)"},
  {"BANKS",     16, 2, 16, 1, "DRAM banks per channel (Table 5.1: 16)"},
  {"ROW_BITS",  12, 1, 14, 0, "row address bits (Table 5.1: 4096 rows = 12 bits)"},
  {"BLK_BITS",  25, 1, 32, 0, "block address bits (32-bit address, 128-byte line: 25; the thesis says 24)"},
  {"MAX_MERGE", 16, 2, 64, 1, "L2 MSHR merges per entry (Table 5.1: 16); the merge-length field stores length-1 in log2(MAX_MERGE) bits"},
  {"AGE_BITS",  15, 2, 20, 0, "age field (thesis 4.3: 15 bits, saturating at 2^15-1)"},
  {"POLICY",     3, 0,  4, 0, "0 FR-FCFS (baseline), 1 MSHR-M, 2 MSHR-S, 3 MSHR-S+A (thesis 4.1-4.3), 4 all four, chosen by the policy_sel input"},
  {"ROW_TABLE",  0, 0,  1, 0, "row scores: 0 computed exactly from the queue every cycle (QUEUE x QUEUE row compares and sums); "
                              "1 the thesis' incremental row-score table (4.5: one entry per row with queued reads, updated on "
                              "insert, dummy and issue; needs POLICY >= 1)"},
  {"PIPE",       1, 0,  1, 0, "0: bank, row and request picked and issued in one cycle (the thesis' scheduler); 1: a "
                              "pipelined pick (5 ns clock): the bank and its best rows two cycles before the issue, the "
                              "request one cycle before"},
};

static const wg_preset dram_mib_presets[] = {
  {"thesis", "QUEUE=64 BANKS=16 ROW_BITS=12 BLK_BITS=25 MAX_MERGE=16 AGE_BITS=15 POLICY=3 ROW_TABLE=1 PIPE=1",
   "the thesis' controller (Table 5.1: 64-entry read queue, 16 banks, 4096 rows) with MSHR-S+A, 25-bit block "
   "addresses and the thesis' row-score table (4.5), the pick pipelined for the 5 ns clock",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"thesis_1cycle", "QUEUE=64 BANKS=16 ROW_BITS=12 BLK_BITS=25 MAX_MERGE=16 AGE_BITS=15 POLICY=3 ROW_TABLE=1 PIPE=0",
   "the thesis' controller with the bank, row and request picks and the issue in one cycle, for comparison (28.7 ns)",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small", "QUEUE=4 BANKS=2 ROW_BITS=2 BLK_BITS=3 MAX_MERGE=4 AGE_BITS=6 POLICY=4 PIPE=1",
   "4 slots, 2 banks, 4 rows, 8 blocks, merge lengths 1..4, 6-bit ages, all four policies at run time, row scores "
   "computed exactly, the pipelined pick: fast tests and formal proofs", 0},
  {"small_1cycle", "QUEUE=4 BANKS=2 ROW_BITS=2 BLK_BITS=3 MAX_MERGE=4 AGE_BITS=6 POLICY=4 PIPE=0",
   "small with the one-cycle pick", 0},
  {"small_table", "QUEUE=4 BANKS=2 ROW_BITS=2 BLK_BITS=3 MAX_MERGE=4 AGE_BITS=6 POLICY=4 ROW_TABLE=1 PIPE=1",
   "small with the row-score table and the pipelined pick: fast tests; its induction runs for many minutes "
   "(the table's sums), so make formal checks it to a bound", WG_SLOW_FORMAL},
  {"small_table_1cycle", "QUEUE=4 BANKS=2 ROW_BITS=2 BLK_BITS=3 MAX_MERGE=4 AGE_BITS=6 POLICY=4 ROW_TABLE=1 PIPE=0",
   "small_table with the one-cycle pick", WG_SLOW_FORMAL},
};
#define DRAM_MIB_NPRESETS ((int)(sizeof dram_mib_presets / sizeof dram_mib_presets[0]))

static const char *const dram_mib_pol_name[5] = {"FR-FCFS", "MSHR-M", "MSHR-S", "MSHR-S+A", "run-time"};

/* derived widths */
typedef struct dram_mib_dims {
  int N, QB, CW;       /* slots, slot index bits, count bits */
  int NB, BB;          /* banks, bank bits */
  int RB, KB;          /* row bits, block bits */
  int MM, MLB;         /* max merge, merge-length field bits (length-1) */
  int AB, SW;          /* age bits, width of the saturating age sum */
  long long AMAX;      /* 2^AB - 1 */
  int POL;
  int mib;             /* 1: the MIB's merge length exists (every policy but FR-FCFS) */
  int use_m, use_s, use_sa;  /* row scores needed */
  int SSW, ASW;        /* widths: sum of merge lengths in a row, sum of ages in a row */
  int RSW, RQW;        /* row-score and request-score widths in the pick key (0: absent) */
  int KW;              /* slot pick key: cand, hit, row score, request score, age (table: tied, request score, age) */
  int RT;              /* 1: the row-score table (ROW_TABLE) */
  int RKW;             /* table: row key = in bank, open row, row score */
  int PIPE;            /* 1: the pipelined pick (PIPE) */
  int ROWS;            /* PIPE=1: a row stage (every policy but a fixed FR-FCFS) */
  int PKW;             /* PIPE=1: the request stage's key {row hit, in a chosen row, request score, age} */
} dram_mib_dims;

static dram_mib_dims dram_mib_dims_of(wg_pv p) {
  dram_mib_dims d;
  memset(&d, 0, sizeof d);
  d.N = (int)p[DRAM_MIB_QUEUE];
  d.QB = wg_clog2(d.N);
  d.CW = wg_bits_for(d.N);
  d.NB = (int)p[DRAM_MIB_BANKS];
  d.BB = wg_clog2(d.NB);
  d.RB = (int)p[DRAM_MIB_ROW_BITS];
  d.KB = (int)p[DRAM_MIB_BLK_BITS];
  d.MM = (int)p[DRAM_MIB_MAX_MERGE];
  d.MLB = wg_clog2(d.MM);
  d.AB = (int)p[DRAM_MIB_AGE_BITS];
  d.AMAX = (1LL << d.AB) - 1;
  d.SW = wg_bits_for(2 * d.AMAX + d.MM);
  d.POL = (int)p[DRAM_MIB_POLICY];
  d.mib = d.POL != DRAM_MIB_FRFCFS;
  d.use_m = d.POL == DRAM_MIB_M || d.POL == DRAM_MIB_RUNTIME;
  d.use_s = d.POL == DRAM_MIB_S || d.POL == DRAM_MIB_RUNTIME;
  d.use_sa = d.POL == DRAM_MIB_SA || d.POL == DRAM_MIB_RUNTIME;
  d.SSW = wg_bits_for((long long)d.N * d.MM);
  d.ASW = wg_bits_for((long long)d.N * d.AMAX);
  d.PIPE = (int)p[DRAM_MIB_PIPE];
  d.RT = (int)p[DRAM_MIB_ROW_TABLE];
  if (d.PIPE && d.RT && d.use_sa) {
    /* PIPE=1 takes the issued read's share out of its row's age sum a cycle late, with the change
    ** of a dummy to that read applied at its issue: while a row has no saturated age the sum it
    ** holds meanwhile, (QUEUE-1)(2^AGE_BITS-2) + 2(2^AGE_BITS-1) + MAX_MERGE at most, must not
    ** saturate (one bit more than the queued ages' sum needs at the thesis' sizes) */
    int w = wg_bits_for((long long)(d.N - 1) * (d.AMAX - 1) + 2 * d.AMAX + d.MM);
    if (w > d.ASW) d.ASW = w;
  }
  switch (d.POL) {
  case DRAM_MIB_FRFCFS: d.RSW = 0; d.RQW = 0; break;
  case DRAM_MIB_M: d.RSW = d.MLB; d.RQW = d.MLB; break;
  case DRAM_MIB_S: d.RSW = d.SSW; d.RQW = d.MLB; break;
  case DRAM_MIB_SA: d.RSW = d.ASW; d.RQW = 0; break;
  default: d.RSW = d.ASW > d.SSW ? d.ASW : d.SSW; d.RQW = d.MLB;
  }
  d.KW = d.RT ? 1 + d.RQW + d.AB : 2 + d.RSW + d.RQW + d.AB;
  d.RKW = 2 + d.RSW;
  d.ROWS = d.POL != DRAM_MIB_FRFCFS;
  d.PKW = 1 + d.ROWS + d.RQW + d.AB;
  return d;
}

static int dram_mib_ports(wg_pv p, wg_port *o) {
  dram_mib_dims d = dram_mib_dims_of(p);
  int n = 0;
#define PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  PORT("rst",          WG_IN,  1, 1, "synchronous reset: queue empty, every bank's row closed, round-robin at bank 0");
  PORT("policy_sel",   WG_IN,  2, 2, "POLICY=4 only (else ignored): 0 FR-FCFS, 1 MSHR-M, 2 MSHR-S, 3 MSHR-S+A");
  PORT("req_valid",    WG_IN,  1, 1, "a normal read request arrives from the L2 (DEMUX: normal requests go to the queue)");
  PORT("req_bank",     WG_IN,  d.BB, 4, "its bank");
  PORT("req_row",      WG_IN,  d.RB, 14, "its row");
  PORT("req_blk",      WG_IN,  d.KB, 32, "its block address (the MIB's CAM key)");
  PORT("req_age",      WG_IN,  d.AB, 20, "its age on arrival, Age_Req = now - creation time, saturated by the sender (Eq. 4.1)");
  PORT("dummy_valid",  WG_IN,  1, 1, "a dummy request arrives (ignored under FR-FCFS): update the MIB entry of its block, if queued");
  PORT("dummy_blk",    WG_IN,  d.KB, 32, "the dummy's block address");
  PORT("dummy_ml",     WG_IN,  d.MLB, 6, "the dummy's merge length minus one (overwrites the entry's)");
  PORT("dummy_age",    WG_IN,  d.AB, 20, "the dummy's age (added to the entry's, saturating)");
  PORT("bank_ready",   WG_IN,  d.NB, 16, "per bank: its command queue takes a request this cycle");
  PORT("req_ready",    WG_OUT, 1, 1, "a free slot: a request offered this cycle is taken (lowest free slot)");
  PORT("count",        WG_OUT, d.CW, 7, "requests in the read queue");
  PORT("issue_valid",  WG_OUT, 1, 1, "the scheduler issues a request this cycle (one per cycle, banks round-robin)");
  PORT("issue_slot",   WG_OUT, d.QB, 6, "its queue slot (freed at this edge)");
  PORT("issue_bank",   WG_OUT, d.BB, 4, "its bank");
  PORT("issue_row",    WG_OUT, d.RB, 14, "its row (the bank's open row from now on)");
  PORT("issue_blk",    WG_OUT, d.KB, 32, "its block address");
  PORT("issue_ml",     WG_OUT, d.MLB, 6, "its merge length minus one (0 under FR-FCFS)");
  PORT("issue_age",    WG_OUT, d.AB, 20, "its age (Age_MSHR; Age_Req under FR-FCFS)");
  PORT("issue_hit",    WG_OUT, 1, 1, "1: a row hit (Rule 1.1); 0: a row miss, the row is opened (Rule 1.2: the best row score)");
  PORT("dummy_hit",    WG_OUT, 1, 1, "the dummy found its block in the queue (a dummy_valid without it is dropped)");
  PORT("age_sat",      WG_OUT, 1, 1, "some queued request's age is saturated at 2^AGE_BITS-1");
#undef PORT
  return n;
}

/* PIPE=1, S+A with the table: the registered dummy's change to its row's age sum, age + new merge
** length - old merge length, in [-(MAX_MERGE-1), AGE_MAX + MAX_MERGE-1]: two's complement bits */
static int dram_mib_ddw(const dram_mib_dims *d) { return wg_bits_for(d->AMAX + d->MM) + 1; }
/* ... registered in two parts (the CAM's old merge length is subtracted after the register): age +
** new merge length, and its bits above the merge length's less one (the high part with a borrow) */
static int dram_mib_ddregw(const dram_mib_dims *d) { return 2 * dram_mib_ddw(d) - d->MLB - 1; }
/* the issued read's share of its row's age sum, age + merge length, plus the change of a dummy to
** it applied at its issue: at most 2 (2^AGE_BITS-1) + MAX_MERGE */
static int dram_mib_pendw(const dram_mib_dims *d) { return wg_bits_for(2 * d->AMAX + d->MM); }

static int dram_mib_storage(wg_pv p, wg_field *o) {
  dram_mib_dims d = dram_mib_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"q_valid", 1, d.N, "read queue: slot holds a request (not in the thesis' count)"};
  o[n++] = (wg_field){"q_bank", d.BB, d.N, "read queue: bank (Fig. 4.2 'Bank'; queue not in the thesis' count)"};
  o[n++] = (wg_field){"q_row", d.RB, d.N, "read queue: row (Fig. 4.2 'Row'; queue not in the thesis' count)"};
  o[n++] = (wg_field){"mib_blk", d.KB, d.N, "DRAM MIB: block address, also the request's (thesis: 24 bits)"};
  if (d.mib) o[n++] = (wg_field){"mib_ml", d.MLB, d.N, "DRAM MIB: merge length - 1 (thesis: 4 bits)"};
  o[n++] = (wg_field){"mib_age", d.AB, d.N, d.mib ? "DRAM MIB: age, Age_MSHR (thesis: 15 bits)"
                                                    : "request age, Age_Req (FR-FCFS: oldest first)"};
  if (d.RT) {
    o[n++] = (wg_field){"q_rid", d.QB, d.N, "read queue: the slot's row-table entry (the thesis finds it by a {bank, row} CAM)"};
    o[n++] = (wg_field){"rt_valid", 1, d.N, "row-score table: entry holds a row with queued reads"};
    o[n++] = (wg_field){"rt_bank", d.BB, d.N, "row-score table: bank (thesis: 4 bits)"};
    o[n++] = (wg_field){"rt_row", d.RB, d.N, "row-score table: row (thesis: 12 bits)"};
    o[n++] = (wg_field){"rt_cnt", d.CW, d.N, "row-score table: queued reads in the row (frees the entry; not in the thesis' count)"};
    if (d.use_s || d.use_sa)
      o[n++] = (wg_field){"rt_msum", d.SSW, d.N, "row-score table: sum of merge lengths (thesis: 4 of the 19 merge+age bits)"};
    if (d.use_m) o[n++] = (wg_field){"rt_max", d.MLB, d.N, "row-score table: largest merge length - 1 (MSHR-M)"};
    if (d.use_sa) o[n++] = (wg_field){"rt_asum", d.ASW, d.N, "row-score table: sum of ages (thesis: 15 of the 19 bits)"};
  }
  o[n++] = (wg_field){"open_row", d.RB + 1, d.NB, "per bank: open row + open flag (the baseline controller's)"};
  if (!d.PIPE) o[n++] = (wg_field){"rr_bank", d.BB, 1, "bank round-robin pointer (GPGPU-Sim's prio)"};
  if (d.PIPE) {   /* the pipelined pick: none of it in the thesis' one-cycle scheduler */
    o[n++] = (wg_field){"rr_mask", 1, d.NB, "bank round-robin pointer (GPGPU-Sim's prio) as the mask of the banks from "
                                            "it on (PIPE=1: no decode on the bank stage's path)"};
    o[n++] = (wg_field){"bank_has", 1, d.NB, "PIPE=1: per bank, a read is queued (what q_valid and q_bank say, "
                                             "registered for the bank stage)"};
    if (d.N > 8) {
      o[n++] = (wg_field){"q_gfree", 1, d.N / 8, "PIPE=1: per group of 8 slots, one is free (what q_valid says, registered "
                                                 "for the lowest free slot)"};
      if (d.RT) o[n++] = (wg_field){"rt_gfree", 1, d.N / 8, "PIPE=1: the same for the row-table entries"};
    }
    o[n++] = (wg_field){"pipe_oh", d.NB, 3, "PIPE=1: the banks the stages hold, one-hot: bb_oh (chosen by the bank stage), "
                                            "sb_oh (ranked by the row stage), pk_oh (the pick's)"};
    o[n++] = (wg_field){"sb_sets", d.N, d.ROWS ? 3 : 2,
                        d.ROWS ? (d.RT ? "PIPE=1: the row stage's best rows (sb_tied, per row-table entry), its bank's reads "
                                         "(sb_c) and row hits (sb_h), per slot"
                                       : "PIPE=1: the row stage's reads in its best rows (sb_tied), its bank's reads (sb_c) "
                                         "and row hits (sb_h), per slot")
                               : "PIPE=1: the bank stage's bank's reads (sb_c) and row hits (sb_h), per slot"};
    if (d.ROWS)
      o[n++] = (wg_field){"bb_rc", 1, d.N, d.RT ? "PIPE=1: the rows the bank stage ranked: its bank's row-table entries best "
                                                  "in their group of 8"
                                                : "PIPE=1: the rows the bank stage ranked: its bank's reads in its best rows"};
    if (d.ROWS && d.RT && d.N > 8) {
      o[n++] = (wg_field){"bb_gk", 1 + d.RSW, d.N / 8, "PIPE=1: ... the row key of each group's best entry"};
      o[n++] = (wg_field){"bb_gv", 1, d.N / 8, "PIPE=1: ... each group has one"};
    }
    o[n++] = (wg_field){"pk_slot", d.RT ? 2 * d.QB : d.QB, 1,
                        d.RT ? "PIPE=1: the pick's slot and its row-table entry" : "PIPE=1: the pick's slot"};
    if (d.mib) {
      int w = 1 + d.QB + d.MLB + d.AB + (d.RT ? d.QB : 0) + (d.RT && (d.use_s || d.use_sa) ? d.MLB : 0)
              + (d.RT && d.use_sa ? dram_mib_ddregw(&d) : 0);
      o[n++] = (wg_field){"du", w, 1, d.RT ? "PIPE=1: the DEMUX's register, a dummy that found its read last cycle: valid, "
                                             "slot, merge length - 1, age, the read's row-table entry and merge length before"
                                             "; S+A: its age + merge length and that less a borrow, for its change to the row's age sum"
                                           : "PIPE=1: the DEMUX's register, a dummy that found its read last cycle: valid, "
                                             "slot, merge length - 1, age"};
    }
    if (d.RT && d.use_sa)
      o[n++] = (wg_field){"pend", 1 + d.N + dram_mib_pendw(&d), 1,
                          "PIPE=1: the read issued last cycle, leaving its row's age sum at this edge: valid, entry (one-hot), "
                          "age + merge length (+ the change of a dummy to it applied at its issue)"};
  }
  return n;
}

/* PIPE=1: dst = the lowest clear bit of the n-bit 'valid', one-hot: in groups of 8, the lowest group
** with a clear bit (the register 'gfree', one bit a group, written from the next valid vector by
** dram_mib_rtl_gfree_nx) and its lowest clear bit; the register keeps the 64-bit search off the
** cycle's paths.  n <= 8: one group, no register. */
static void dram_mib_rtl_free_pick(wg_buf *o, int n, const char *dst, const char *valid, const char *gfree) {
  char nv[64], low[64], gs[64];
  snprintf(nv, sizeof nv, "%s_nv", dst);
  wgb_printf(o, "  logic [%d:0] %s;\n  assign %s = ~%s;\n", n - 1, nv, nv, valid);
  if (n <= 8) {
    wg_emit_prio_pick(o, dst, nv, n);
    return;
  }
  const int NG = n / 8;
  snprintf(gs, sizeof gs, "%s_gsel", dst);
  wgb_printf(o, "  // %s: the lowest group of 8 with a clear bit of %s (%s, registered), its lowest clear bit\n", dst, valid, gfree);
  wgb_printf(o, "  logic [%d:0] %s;\n", NG - 1, gs);
  wg_emit_prio_pick(o, gs, gfree, NG);
  for (int g = 0; g < NG; g++) {
    snprintf(low, sizeof low, "%s_g%d", dst, g);
    char grp[80];
    snprintf(grp, sizeof grp, "%s_g%d_nv", dst, g);
    wgb_printf(o, "  logic [7:0] %s, %s;\n  assign %s = %s[%d +: 8];\n", grp, low, grp, nv, g * 8);
    wg_emit_prio_pick(o, low, grp, 8);
    wgb_printf(o, "  assign %s[%d +: 8] = %s[%d] ? %s : '0;\n", dst, g * 8, gs, g, low);
  }
}

/* PIPE=1, n > 8: the register of dram_mib_rtl_free_pick, from the next valid vector */
static void dram_mib_rtl_gfree_nx(wg_buf *o, int n, const char *gfree, const char *valid_nx) {
  if (n <= 8) return;
  wgb_printf(o, "  always_ff @(posedge clk)\n    for (int g = 0; g < %d; g++) %s[g] <= rst ? 1'b1 : !(&%s[g*8 +: 8]);\n",
             n / 8, gfree, valid_nx);
}

/* PIPE=1: dst = the lowest set bit of the n-bit 'vec', one-hot, in groups of 8: the lowest group
** with a set bit, its lowest set bit (a short path where one 64-bit prefix chain would be long) */
static void dram_mib_rtl_low_pick(wg_buf *o, int n, const char *dst, const char *vec) {
  if (n <= 8) {
    wg_emit_prio_pick(o, dst, vec, n);
    return;
  }
  const int NG = n / 8;
  char ga[64], gs[64], low[64], grp[80];
  snprintf(ga, sizeof ga, "%s_gany", dst);
  snprintf(gs, sizeof gs, "%s_gsel", dst);
  wgb_printf(o, "  // %s: the lowest group of 8 with a set bit of %s, its lowest set bit\n", dst, vec);
  wgb_printf(o, "  logic [%d:0] %s, %s;\n", NG - 1, ga, gs);
  wgb_printf(o, "  always_comb for (int g = 0; g < %d; g++) %s[g] = |%s[g*8 +: 8];\n", NG, ga, vec);
  wg_emit_prio_pick(o, gs, ga, NG);
  for (int g = 0; g < NG; g++) {
    snprintf(low, sizeof low, "%s_g%d", dst, g);
    snprintf(grp, sizeof grp, "%s_g%d_v", dst, g);
    wgb_printf(o, "  logic [7:0] %s, %s;\n  assign %s = %s[%d +: 8];\n", grp, low, grp, vec, g * 8);
    wg_emit_prio_pick(o, low, grp, 8);
    wgb_printf(o, "  assign %s[%d +: 8] = %s[%d] ? %s : '0;\n", dst, g * 8, gs, g, low);
  }
}

/* rscore: row-table entry r's row score under the policy (Rule 1.2; a run-time POLICY picks it by
** pol_m/pol_s/pol_sa), inside a generate loop over r: the one-cycle and the pipelined row pick */
static void dram_mib_emit_rscore(wg_buf *o, const dram_mib_dims *dp) {
  const dram_mib_dims d = *dp;
  char a[160], b[160], c[160];
  wgb_printf(o, "    logic [%d:0] rscore;\n", d.RSW - 1);
  switch (d.POL) {
  case DRAM_MIB_M: wgb_printf(o, "    assign rscore = rt_max[r];\n"); break;
  case DRAM_MIB_S: wgb_printf(o, "    assign rscore = rt_msum[r];\n"); break;
  case DRAM_MIB_SA: wgb_printf(o, "    assign rscore = rt_asum[r];\n"); break;
  default:
    wgb_printf(o, "    assign rscore = pol_m ? %s : pol_s ? %s : pol_sa ? %s : '0;\n",
               wg_zext(a, sizeof a, "rt_max[r]", d.MLB, d.RSW), wg_zext(b, sizeof b, "rt_msum[r]", d.SSW, d.RSW),
               wg_zext(c, sizeof c, "rt_asum[r]", d.ASW, d.RSW));
  }
}

/* ROW_TABLE=1: the thesis' row-score table (4.5).  Entry r holds a {bank, row}
** with queued reads, their count and the policy's sums; each slot knows its
** entry (q_rid).  The pick: the best row key {in the picked bank, open row,
** row score} over the entries, then the best request {request score, age}
** among the slots of the rows that tie on it: the same pick as the exact
** mode's slot key {cand, hit, row score, request score, age} while the
** table's scores equal the exact ones (docs/blocks/dram_mib.md). */
static void dram_mib_rtl_table(wg_buf *o, const dram_mib_dims *dp, int mutant) {
  const dram_mib_dims d = *dp;
  const int N = d.N, QB = d.QB;
  char a[160], b[160], c[160], e[160], f[160];
  long long amax_sum = (1LL << d.ASW) - 1;
  int TW = wg_bits_for(amax_sum + (long long)N * d.MM + 2 * d.AMAX);   /* the unclipped age sum */

  if (!d.PIPE) {   /* PIPE=1: the row stage (dram_mib_rtl_stages) */
  wgb_printf(o, "\n  // ---- the row-score table: the best row of the picked bank ----\n");
  wgb_printf(o, "  // row key = {in the picked bank, the bank's open row (Rule 1.1), row score (Rule 1.2)}\n");
  wgb_printf(o, "  logic [%d:0] rkey;     // entry r's row key at [r*%d +: %d]\n", N * d.RKW - 1, d.RKW, d.RKW);
  wgb_printf(o, "  logic [%d:0] rbest;\n", d.RKW - 1);
  wgb_printf(o, "  for (genvar r = 0; r < %d; r++) begin : g_row\n", N);
  wgb_printf(o, "    logic inbank;\n    assign inbank = rt_valid[r] && (rt_bank[r] == bsel);\n");
  dram_mib_emit_rscore(o, &d);
  wgb_printf(o, "    assign rkey[r*%d +: %d] = {inbank, %s, rscore};\n", d.RKW, d.RKW,
             mutant ? "1'b0 /* MUTANT: no row-hit priority */" : "inbank && sel_open && (rt_row[r] == sel_open_row)");
  wgb_printf(o, "    assign tied[r] = rt_valid[r] && (rkey[r*%d +: %d] == rbest);\n  end\n", d.RKW, d.RKW);
  wg_emit_max_tree(o, "rbest", "rkey", d.RKW, N);
  }

  wgb_printf(o, "\n  // ---- the row-score table: this cycle's updates ----\n");
  wgb_printf(o, "  // a new read joins its row's entry ({bank, row} CAM) or takes the lowest free one\n");
  wgb_printf(o, "  logic [%d:0] rt_hit, rt_free, rt_enq;\n", N - 1);
  wgb_printf(o, "  always_comb for (int r = 0; r < %d; r++) rt_hit[r] = rt_valid[r] && rt_bank[r] == req_bank"
                " && rt_row[r] == req_row;\n", N);
  if (d.PIPE) dram_mib_rtl_free_pick(o, N, "rt_free", "rt_valid", "rt_gfree");
  else {
    wgb_printf(o, "  assign rt_free = ~rt_valid & (rt_valid + %d'd1);  // the lowest free entry\n", N);
  }
  wgb_printf(o, "  assign rt_enq = !enq ? '0 : (|rt_hit) ? rt_hit : rt_free;\n");
  wgb_printf(o, "  logic [%d:0] enq_rid;\n", QB - 1);
  wg_emit_onehot_index(o, "enq_rid", QB, "rt_enq", N);
  /* PIPE=1: the registered dummy (du_*); the issued read's entry read by the pick's slot
  ** before bank_ready gates it (pk_dec), so the sums start early */
  const char *ds = d.PIPE ? "du_oh" : "dsel", *dml = d.PIPE ? "du_ml" : "dummy_ml", *isel = d.PIPE ? "pk_dec" : "iss_oh";
  if (d.PIPE) {
    /* the registered dummy's entry and old merge length were read in its own cycle (du_rid,
    ** du_oml), with this cycle's dummy's for the next edge (dsel_rid, dsel_oml) */
    wgb_printf(o, "  // the issued slot's entry (the pick's, before bank_ready gates it); this cycle's dummy's\n"
                  "  // read's entry%s, for the DEMUX's register\n", d.use_s || d.use_sa ? " and merge length after this edge" : "");
    wgb_printf(o, "  logic [%d:0] iss_rid, dum_rid, dsel_rid;\n", QB - 1);
    if (d.use_s || d.use_sa) wgb_printf(o, "  logic [%d:0] dum_ml, dsel_oml;\n", d.MLB - 1);
    wgb_printf(o, "  assign iss_rid = pk_rid;  // registered with the pick\n");
    wgb_printf(o, "  always_comb begin\n    dsel_rid = '0;\n");
    if (d.use_s || d.use_sa) wgb_printf(o, "    dsel_oml = '0;\n");
    wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
    wgb_printf(o, "      dsel_rid = dsel_rid | (q_rid[i] & {%d{dsel[i]}});\n", QB);
    if (d.use_s || d.use_sa) wgb_printf(o, "      dsel_oml = dsel_oml | (ml_nx[i*%d +: %d] & {%d{dsel[i]}});\n", d.MLB, d.MLB, d.MLB);
    wgb_printf(o, "    end\n  end\n");
    wgb_printf(o, "  assign dum_rid = du_rid;\n");
    if (d.use_s || d.use_sa) wgb_printf(o, "  assign dum_ml = du_oml;\n");
  } else {
  wgb_printf(o, "  // the issued slot's and the dummy's entries (one-hot AND-OR reads)\n");
  wgb_printf(o, "  logic [%d:0] iss_rid, dum_rid;\n", QB - 1);
  if (d.use_s || d.use_sa) wgb_printf(o, "  logic [%d:0] dum_ml;  // the dummy's slot's merge length - 1 before it\n", d.MLB - 1);
  wgb_printf(o, "  always_comb begin\n    iss_rid = '0;\n    dum_rid = '0;\n");
  if (d.use_s || d.use_sa) wgb_printf(o, "    dum_ml = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      iss_rid = iss_rid | (q_rid[i] & {%d{%s[i]}});\n", QB, isel);
  wgb_printf(o, "      dum_rid = dum_rid | (q_rid[i] & {%d{%s[i]}});\n", QB, ds);
  if (d.use_s || d.use_sa) wgb_printf(o, "      dum_ml = dum_ml | (q_ml[i] & {%d{%s[i]}});\n", d.MLB, ds);
  wgb_printf(o, "    end\n  end\n");
  }
  wgb_printf(o, "  logic [%d:0] iss_rt, dum_rt;  // the issued read's entry, the dummy's, one-hot\n", N - 1);
  wgb_printf(o, "  assign iss_rt = issue_valid ? (%d'd1 << iss_rid) : '0;\n", N);
  wgb_printf(o, "  // the dummy updates a slot that stays (not the issued one)\n");
  if (d.PIPE)   /* its read leaves now: the pick's slot (registered) against the dummy's */
    wgb_printf(o, "  assign dum_rt = (du_v && !(issue_valid && du_slot == pk_slot)) ? (%d'd1 << dum_rid) : '0;\n", N);
  if (d.PIPE && d.use_sa)   /* the age sums: that test is off their path */
    wgb_printf(o, "  // ... but its row's age sum takes its change even if its read leaves now: the read's share\n"
                  "  // taken out at the next edge (pend_amt) holds it then\n"
                  "  logic [%d:0] dua_rt;\n  assign dua_rt = du_v ? (%d'd1 << dum_rid) : '0;\n", N - 1, N);
  if (!d.PIPE)
  wgb_printf(o, "  assign dum_rt = (|(%s & ~iss_oh)) ? (%d'd1 << dum_rid) : '0;\n", ds, N);
  if (d.use_m) {
    wgb_printf(o, "  // MSHR-M: a maximum cannot be decremented: the issued row's and the dummy's row's\n"
                  "  // maxima are recomputed over the slots that stay\n");
    wgb_printf(o, "  logic [%d:0] mx_iss_in, mx_dum_in;\n", N * d.MLB - 1);
    wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_mx\n", N);
    wgb_printf(o, "    logic stays;\n    assign stays = q_valid[i] && !iss_oh[i];\n");
    wgb_printf(o, "    assign mx_iss_in[i*%d +: %d] = (stays && q_rid[i] == iss_rid) ? ml_nx[i*%d +: %d] : '0;\n",
               d.MLB, d.MLB, d.MLB, d.MLB);
    wgb_printf(o, "    assign mx_dum_in[i*%d +: %d] = (stays && q_rid[i] == dum_rid) ? ml_nx[i*%d +: %d] : '0;\n  end\n",
               d.MLB, d.MLB, d.MLB, d.MLB);
    wgb_printf(o, "  logic [%d:0] mx_iss, mx_dum;\n", d.MLB - 1);
    wg_emit_max_tree(o, "mx_iss", "mx_iss_in", d.MLB, N);
    wg_emit_max_tree(o, "mx_dum", "mx_dum_in", d.MLB, N);
  }
  if (d.use_sa && d.PIPE) {
    const int PW = wg_bits_for(d.AMAX + d.MM);
    wgb_printf(o, "  // the age sums (PIPE=1): the registered dummy's change to its row; the issued read's share,\n"
                  "  // taken out of its row at the next edge (pend_*: the row is in no stage meanwhile)\n");
    const int DDW = dram_mib_ddw(&d), PNW = dram_mib_pendw(&d);
    /* the registered dummy's change: the CAM found its read's old merge length late, so it was
    ** registered as is (du_oml) and is subtracted here, in the low bits, borrowing from the high
    ** part precomputed with and without the borrow (carry-select) */
    wgb_printf(o, "  // the registered dummy's change to its row's age sum: age + new merge length - old, the old\n"
                  "  // (the CAM's) subtracted in the low %d bits, the high part registered with and without the borrow\n", d.MLB);
    wgb_printf(o, "  logic [%d:0] du_lo;\n  assign du_lo = {1'b0, du_dp[%d:0]} - {1'b0, du_oml};\n", d.MLB, d.MLB - 1);
    wgb_printf(o, "  logic [%d:0] du_dd;  // two's complement\n", DDW - 1);
    wgb_printf(o, "  assign du_dd = {du_lo[%d] ? du_dm : {1'b0, du_dp[%d:%d]}, du_lo[%d:0]};\n", d.MLB, DDW - 2, d.MLB, d.MLB - 1);
    wgb_printf(o, "  logic [%d:0] d_dum;  // sign-extended\n", TW - 1);
    if (TW > DDW) wgb_printf(o, "  assign d_dum = {{%d{du_dd[%d]}}, du_dd};\n", TW - DDW, DDW - 1);
    else wgb_printf(o, "  assign d_dum = du_dd;\n");
    wgb_printf(o, "  // this cycle's dummy, for du_dp and du_dm: age + merge length (the inputs', no CAM)\n");
    wgb_printf(o, "  logic [%d:0] dd_p;\n  logic [%d:0] dd_m;  // the high part less the borrow\n", DDW - 1, DDW - d.MLB - 1);
    wgb_printf(o, "  assign dd_p = %s + %s;\n", wg_zext(a, sizeof a, "dummy_age", d.AB, DDW), wg_zext(b, sizeof b, "dummy_ml", d.MLB, DDW));
    wgb_printf(o, "  assign dd_m = dd_p[%d:%d] - %d'd1;\n", DDW - 1, d.MLB, DDW - d.MLB);
    wgb_printf(o, "  // the issued read's share (age + merge length) and the change of a dummy to it applied now\n");
    wgb_printf(o, "  logic [%d:0] pk_share;\n  assign pk_share = %s + %s + %d'd1;\n", PW - 1, wg_zext(a, sizeof a, "pk_age", d.AB, PW),
               wg_zext(b, sizeof b, "pk_ml", d.MLB, PW), PW);
    char dd[96];   /* du_dd at PNW bits (the sum is positive and fits PNW bits: modulo is enough) */
    if (PNW > DDW) snprintf(dd, sizeof dd, "{{%d{du_dd[%d]}}, du_dd}", PNW - DDW, DDW - 1);
    else snprintf(dd, sizeof dd, "du_dd[%d:0]", PNW - 1);
    wgb_printf(o, "  logic [%d:0] pend_nx;\n  assign pend_nx = %s + ((du_v && du_slot == pk_slot) ? %s : '0);\n", PNW - 1,
               wg_zext(a, sizeof a, "pk_share", PW, PNW), dd);
  }
  wgb_printf(o, "  logic [%d:0] rt_valid_nx;\n", N - 1);
  wgb_printf(o, "  logic [%d:0] rt_cnt_nx;  // entry r's at [r*%d +: %d]\n", N * d.CW - 1, d.CW, d.CW);
  if (d.use_s || d.use_sa) wgb_printf(o, "  logic [%d:0] rt_msum_nx;\n", N * d.SSW - 1);
  if (d.use_sa) wgb_printf(o, "  logic [%d:0] rt_asum_nx;\n", N * d.ASW - 1);
  if (d.use_m) wgb_printf(o, "  logic [%d:0] rt_max_nx;\n", N * d.MLB - 1);
  wgb_printf(o, "  for (genvar r = 0; r < %d; r++) begin : g_rt\n", N);
  wgb_printf(o, "    logic add, sub, dum;  // a read joins, the issued read leaves, the dummy updates one\n");
  wgb_printf(o, "    assign add = rt_enq[r];\n    assign sub = iss_rt[r];\n    assign dum = dum_rt[r];\n");
  if (d.PIPE) {   /* a valid entry's join by its CAM match alone; a free entry takes a new row's first read */
    wgb_printf(o, "    logic addh;  // a read joins this valid entry\n    assign addh = enq && rt_hit[r];\n");
    wgb_printf(o, "    assign rt_cnt_nx[r*%d +: %d] = rt_valid[r] ? rt_cnt[r] + %s - %s : %s;\n", d.CW, d.CW,
               wg_zext(a, sizeof a, "addh", 1, d.CW), wg_zext(b, sizeof b, "sub", 1, d.CW), wg_zext(c, sizeof c, "add", 1, d.CW));
  } else {
  wgb_printf(o, "    // a free entry counts as empty: its old fields are never read\n");
  wgb_printf(o, "    logic [%d:0] cnt;\n    assign cnt = rt_valid[r] ? rt_cnt[r] : '0;\n", d.CW - 1);
  wgb_printf(o, "    assign rt_cnt_nx[r*%d +: %d] = cnt + %s - %s;\n", d.CW, d.CW,
             wg_zext(a, sizeof a, "add", 1, d.CW), wg_zext(b, sizeof b, "sub", 1, d.CW));
  }
  wgb_printf(o, "    assign rt_valid_nx[r] = rt_cnt_nx[r*%d +: %d] != '0;\n", d.CW, d.CW);
  if (d.use_s || d.use_sa) {
    wgb_printf(o, "    // merge lengths: the issued read's leaves, the dummy's replaces its slot's, a new one is 1\n");
    wgb_printf(o, "    logic [%d:0] msum, msum_stay;  // msum_stay: of the reads that stay, after the dummy\n", d.SSW - 1);
    wgb_printf(o, "    assign msum = rt_valid[r] ? rt_msum[r] : '0;\n");
    wgb_printf(o, "    assign msum_stay = msum - (sub ? %s + %d'd1 : '0) + (dum ? %s - %s : '0);\n",
               wg_zext(a, sizeof a, d.PIPE ? "pk_ml" : "issue_ml", d.MLB, d.SSW), d.SSW, wg_zext(b, sizeof b, dml, d.MLB, d.SSW),
               wg_zext(c, sizeof c, "dum_ml", d.MLB, d.SSW));
    if (d.PIPE)   /* a free entry holds 1, what a new row starts with (its value is never read) */
      wgb_printf(o, "    assign rt_msum_nx[r*%d +: %d] = rt_valid[r] ? msum_stay + %s : %d'd1;  // a free entry: a new row's\n",
                 d.SSW, d.SSW, wg_zext(a, sizeof a, "addh", 1, d.SSW), d.SSW);
    else
    wgb_printf(o, "    assign rt_msum_nx[r*%d +: %d] = msum_stay + %s;\n", d.SSW, d.SSW, wg_zext(a, sizeof a, "add", 1, d.SSW));
  }
  if (d.use_sa && d.PIPE) {
    wgb_printf(o, "    // ages: each read that stays ages by its merge length (after the dummy) and the dummy's age;\n"
                  "    // a new read brings its own; the read issued last cycle leaves (pend).  Both sums, with and\n"
                  "    // without a read joining, from registers and req_age, in carry-save form (the dummy's\n"
                  "    // change, decoded last, enters last) and a prefix adder each; the CAM's hit picks one.  A\n"
                  "    // free entry takes req_age, a new row's (it is read only once the entry is valid)\n");
    wgb_printf(o, "    logic pend, dua;\n    assign pend = pend_v && pend_oh[r];\n    assign dua = dua_rt[r];\n");
    wgb_printf(o, "    logic [%d:0] o_s, o_m, o_d, o_p, o_a;  // the sum, merge sum, dummy's change, - pending share, req_age\n", TW - 1);
    wgb_printf(o, "    assign o_s = %s;\n    assign o_m = %s;\n    assign o_d = dua ? d_dum : '0;\n",
               wg_zext(a, sizeof a, "rt_asum[r]", d.ASW, TW), wg_zext(b, sizeof b, "rt_msum[r]", d.SSW, TW));
    wgb_printf(o, "    assign o_p = pend ? ~%s : '0;  // + pend as the carry in\n    assign o_a = %s;\n",
               wg_zext(c, sizeof c, "pend_amt", dram_mib_pendw(&d), TW), wg_zext(e, sizeof e, "req_age", d.AB, TW));
    wgb_printf(o, "    // 3:2 compressors: (sum, carry) of three operands\n");
    wgb_printf(o, "    logic [%d:0] c1_s, c1_c, c0_s, c0_c, c2_s, c2_c, c3_s, c3_c;\n", TW - 1);
    wgb_printf(o, "    assign c1_s = o_s ^ o_m ^ o_p;\n    assign c1_c = {(o_s[%d:0] & o_m[%d:0]) | (o_s[%d:0] & o_p[%d:0]) | (o_m[%d:0] & o_p[%d:0]), 1'b0};\n",
               TW - 2, TW - 2, TW - 2, TW - 2, TW - 2, TW - 2);
    wgb_printf(o, "    assign c0_s = c1_s ^ c1_c ^ o_d;  // without a read joining\n"
                  "    assign c0_c = {(c1_s[%d:0] & c1_c[%d:0]) | (c1_s[%d:0] & o_d[%d:0]) | (c1_c[%d:0] & o_d[%d:0]), 1'b0};\n",
               TW - 2, TW - 2, TW - 2, TW - 2, TW - 2, TW - 2);
    wgb_printf(o, "    assign c2_s = c1_s ^ c1_c ^ o_a;  // with one\n"
                  "    assign c2_c = {(c1_s[%d:0] & c1_c[%d:0]) | (c1_s[%d:0] & o_a[%d:0]) | (c1_c[%d:0] & o_a[%d:0]), 1'b0};\n",
               TW - 2, TW - 2, TW - 2, TW - 2, TW - 2, TW - 2);
    wgb_printf(o, "    assign c3_s = c2_s ^ c2_c ^ o_d;\n"
                  "    assign c3_c = {(c2_s[%d:0] & c2_c[%d:0]) | (c2_s[%d:0] & o_d[%d:0]) | (c2_c[%d:0] & o_d[%d:0]), 1'b0};\n",
               TW - 2, TW - 2, TW - 2, TW - 2, TW - 2, TW - 2);
    wgb_printf(o, "    logic [%d:0] a_0, a_1;\n", TW - 1);
    wg_emit_add(o, "a_0", "c0_s", "c0_c", "pend", TW);
    wg_emit_add(o, "a_1", "c3_s", "c3_c", "pend", TW);
    wgb_printf(o, "    logic [%d:0] asum_t;  // unclipped\n    assign asum_t = !rt_valid[r] ? %s : addh ? a_1 : a_0;\n", TW - 1,
               wg_zext(e, sizeof e, "req_age", d.AB, TW));
    wgb_printf(o, "    assign rt_asum_nx[r*%d +: %d] = asum_t[%d:0] | {%d{|asum_t[%d:%d]}};  // saturated\n",
               d.ASW, d.ASW, d.ASW - 1, d.ASW, TW - 1, d.ASW);
  } else if (d.use_sa) {
    wgb_printf(o, "    // ages: each read that stays ages by its merge length (after the dummy) and\n"
                  "    // the dummy's age; the issued read's leaves; a new read brings its own\n");
    wgb_printf(o, "    logic [%d:0] asum_t;  // unclipped\n", TW - 1);
    wgb_printf(o, "    assign asum_t = (rt_valid[r] ? %s : '0) + %s + (dum ? %s : '0)\n"
                  "                  + (add ? %s : '0) - (sub ? %s : '0);\n",
               wg_zext(a, sizeof a, "rt_asum[r]", d.ASW, TW), wg_zext(b, sizeof b, "msum_stay", d.SSW, TW),
               wg_zext(c, sizeof c, "dummy_age", d.AB, TW), wg_zext(e, sizeof e, "req_age", d.AB, TW),
               wg_zext(f, sizeof f, "issue_age", d.AB, TW));
    wgb_printf(o, "    assign rt_asum_nx[r*%d +: %d] = (asum_t > %d'd%lld) ? %d'd%lld : asum_t[%d:0];\n", d.ASW, d.ASW,
               TW, amax_sum, d.ASW, amax_sum, d.ASW - 1);
  }
  if (d.use_m)
    wgb_printf(o, "    assign rt_max_nx[r*%d +: %d] = sub ? mx_iss : dum ? mx_dum : rt_valid[r] ? rt_max[r] : '0;\n",
               d.MLB, d.MLB);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) rt_valid <= '0;\n    else rt_valid <= rt_valid_nx;\n  end\n");
  if (d.PIPE) dram_mib_rtl_gfree_nx(o, N, "rt_gfree", "rt_valid_nx");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int r = 0; r < %d; r++) begin\n", N);
  wgb_printf(o, "      if (rt_enq[r] && !rt_valid[r]) begin\n        rt_bank[r] <= req_bank;\n        rt_row[r] <= req_row;\n      end\n");
  wgb_printf(o, "      rt_cnt[r] <= rt_cnt_nx[r*%d +: %d];\n", d.CW, d.CW);
  if (d.use_s || d.use_sa) wgb_printf(o, "      rt_msum[r] <= rt_msum_nx[r*%d +: %d];\n", d.SSW, d.SSW);
  if (d.use_sa) wgb_printf(o, "      rt_asum[r] <= rt_asum_nx[r*%d +: %d];\n", d.ASW, d.ASW);
  if (d.use_m) wgb_printf(o, "      rt_max[r] <= rt_max_nx[r*%d +: %d];\n", d.MLB, d.MLB);
  wgb_printf(o, "    end\n  end\n");
}

/* {================================================================
** PIPE=1: the pipelined pick.  Four steps, one a cycle, for the read issued in cycle t:
**   t-3  the bank stage: a bank, round-robin from rr_mask among the ready banks with a read that
**        hold no pick in the pipeline (the bank and row stages' banks, the pick's), and its rows
**        ranked by {open row, row score}: each row's standing in its group of 8 (bb_rc) and
**        each group's best key (bb_gk, bb_gv);
**   t-2  the row stage: the groups' best keys against each other, the bank's best rows (all that
**        tie): sb_tied;
**   t-1  the request stage: the bank's read with the largest {row hit, in a chosen row, request
**        score, age}, the lowest slot among equals: pk_slot;
**   t    the issue, if the bank still takes it (bank_ready).
** A bank is in the pipeline from its choice to its issue, so nothing it holds moves meanwhile
** (its open row; its reads and row-table entries only grow): each step sees that bank as the next.
** docs/blocks/dram_mib.md says what the steps see and what that means for the policies.
** ================================================================= */

/* the bank stage's choice, and the row stage's bank's open row */
static void dram_mib_rtl_bank_pipe(wg_buf *o, const dram_mib_dims *dp) {
  const dram_mib_dims d = *dp;
  const int NB = d.NB;
  wgb_printf(o, "\n  // ---- the bank stage (PIPE=1): round-robin from rr_mask over the ready banks with a read\n"
                "  //      that hold no pick in the pipeline (the bank stage's, the row stage's, the pick's) ----\n");
  wgb_printf(o, "  logic [%d:0] bank_ok;\n", NB - 1);
  wgb_printf(o, "  assign bank_ok = bank_has & bank_ready & ~(bb_oh | sb_oh | pk_oh);\n");
  wgb_printf(o, "  logic choose;  // a bank is chosen\n  assign choose = |bank_ok;\n");
  wgb_printf(o, "  logic [%d:0] bsel_oh;\n", NB - 1);
  wg_emit_rr_pick(o, "bsel_oh", "bank_ok", "rr_mask", NB);
  if (d.ROWS && !d.RT) {   /* exact scores: the row hits of the bank stage's bank */
    wgb_printf(o, "  // the bank stage's bank's open row\n");
    wgb_printf(o, "  logic [%d:0] sel_open_row;\n  logic sel_open;\n", d.RB - 1);
    wgb_printf(o, "  always_comb begin\n    sel_open_row = '0;\n    for (int b = 0; b < %d; b++)\n"
                  "      sel_open_row = sel_open_row | (open_row[b] & {%d{bsel_oh[b]}});\n  end\n", NB, d.RB);
    wgb_printf(o, "  assign sel_open = |(open_valid & bsel_oh);\n");
  }
  wgb_printf(o, "  // the row stage's bank's open row, for the request stage's row hits\n");
  wgb_printf(o, "  logic [%d:0] bb_open_row;\n  logic bb_open;\n", d.RB - 1);
  wgb_printf(o, "  always_comb begin\n    bb_open_row = '0;\n    for (int b = 0; b < %d; b++)\n"
                "      bb_open_row = bb_open_row | (open_row[b] & {%d{bb_oh[b]}});\n  end\n", NB, d.RB);
  wgb_printf(o, "  assign bb_open = |(open_valid & bb_oh);\n");
}

/* inside g_slot: the row stage's row key (exact scores) and the request stage's key */
static void dram_mib_rtl_slot_pipe(wg_buf *o, const dram_mib_dims *dp, int mutant) {
  const dram_mib_dims d = *dp;
  const char *hit = mutant ? "1'b0 /* MUTANT: no row-hit priority */" : NULL;
  if (d.ROWS && !d.RT)
    wgb_printf(o, "    assign rkey[i*%d +: %d] = {%s, rscore};  // the row stage's (its bank: cand)\n", 1 + d.RSW, 1 + d.RSW,
               hit ? hit : "hit[i]");
  wgb_printf(o, "    // the request stage: a read of the chosen bank; its row hit; in one of the chosen rows\n");
  wgb_printf(o, "    assign sbc[i] = sb_c[i];  // registered by the row stage\n");
  wgb_printf(o, "    // the row stage's bank's reads and row hits, for the request stage\n");
  wgb_printf(o, "    assign bbc[i] = |(slot_bank[i*%d +: %d] & bb_oh);\n", d.NB, d.NB);
  wgb_printf(o, "    assign bbh[i] = bbc[i] && bb_open && (q_row[i] == bb_open_row);\n");
  wgb_printf(o, "    logic shit;\n    assign shit = %s;\n", hit ? hit : "sb_h[i]");
  if (d.ROWS) {
    wgb_printf(o, "    logic ts;\n");
    if (d.RT) wgb_printf(o, "    assign ts = sb_tied[q_rid[i]];\n");
    else
      wgb_printf(o, "    always_comb begin\n      ts = 1'b0;\n      for (int j = 0; j < %d; j++)\n"
                    "        if (sb_tied[j] && q_row[j] == q_row[i]) ts = 1'b1;\n    end\n", d.N);
  }
  wgb_printf(o, "    assign pkey[i*%d +: %d] = {shit, %s%sq_age[i]};\n", d.PKW, d.PKW, d.ROWS ? "ts, " : "",
             d.RQW ? "qscore, " : "");
}

/* The request stage's argmax, in levels of groups of up to 8 slots: in a group every pair is
** compared once, and the member that no other candidate beats (a larger key, or an equal one
** and a lower slot) wins; its key and slot move up (two levels for 64 slots; as the l2mib
** block's registered pick).  Leaves: sbc, pkey; result: nxt_v, nxt_i. */
static void dram_mib_emit_group_argmax(wg_buf *o, const dram_mib_dims *dp) {
  const int KW = dp->PKW, QB = dp->QB, PW = 1 + dp->ROWS, LW = KW - PW;   /* the key: {pre, low} */
  int cnt = dp->N, L = 0, cw = 0;
  const int RP = dp->RT;   /* with the table, the winner's entry (q_rid) rides along */
  wgb_printf(o, "  logic nxt_v;  // the chosen bank has a read\n  logic [%d:0] nxt_i;  // the best of them\n", QB - 1);
  if (RP) wgb_printf(o, "  logic [%d:0] nxt_r;  // ... its row-table entry\n", QB - 1);
  wgb_printf(o, "  logic [%d:0] ps0_v;\n  logic [%d:0] ps0_k;\n  assign ps0_v = sbc;\n  assign ps0_k = pkey;\n",
             cnt - 1, cnt * KW - 1);
  if (RP) wgb_printf(o, "  logic [%d:0] ps0_r;\n  always_comb for (int i = 0; i < %d; i++) ps0_r[i*%d +: %d] = q_rid[i];\n",
                     cnt * QB - 1, cnt, QB, QB);
  while (cnt > 1) {
    const int g = cnt < 8 ? cnt : 8, groups = (cnt + g - 1) / g, b = wg_clog2(g), last = groups == 1, iw = cw + b;
    L++;
    wgb_printf(o, "  // level %d: %d group%s of %d\n", L, groups, groups > 1 ? "s" : "", g);
    wgb_printf(o, "  logic [%d:0] ps%d_v;\n", groups - 1, L);
    if (!last) wgb_printf(o, "  logic [%d:0] ps%d_k;\n", groups * KW - 1, L);
    wgb_printf(o, "  logic [%d:0] ps%d_i;\n", groups * iw - 1, L);
    if (RP) wgb_printf(o, "  logic [%d:0] ps%d_r;\n", groups * QB - 1, L);
    wgb_printf(o, "  for (genvar q = 0; q < %d; q++) begin : g_ps%d\n", groups, L);
    wgb_printf(o, "    logic [%d:0] v;\n    logic [%d:0] k;\n", g - 1, g * KW - 1);
    wgb_printf(o, "    assign v = ps%d_v[q*%d +: %d];\n    assign k = ps%d_k[q*%d +: %d];\n", L - 1, g, g, L - 1, g * KW, g * KW);
    if (cw) wgb_printf(o, "    logic [%d:0] i;\n    assign i = ps%d_i[q*%d +: %d];\n", g * cw - 1, L - 1, g * cw, g * cw);
    if (RP) wgb_printf(o, "    logic [%d:0] r;\n    assign r = ps%d_r[q*%d +: %d];\n", g * QB - 1, L - 1, g * QB, g * QB);
    wgb_printf(o, "    logic [%d:0] ge;  // each pair a < b once: member a's key >= member b's\n", g * (g - 1) / 2 - 1);
    if (L == 1)   /* the low keys come from registers, the {row hit, chosen row} bits later: compared apart */
      wgb_printf(o, "    logic [%d:0] lge;  // ... the keys below {row hit%s}\n", g * (g - 1) / 2 - 1, PW > 1 ? ", chosen row" : "");
    for (int a = 0, k = 0; a < g; a++)
      for (int c = a + 1; c < g; c++, k++) {
        if (L == 1) {
          wgb_printf(o, "    assign lge[%d] = k[%d +: %d] >= k[%d +: %d];\n", k, a * KW, LW, c * KW, LW);
          wgb_printf(o, "    assign ge[%d] = k[%d +: %d] > k[%d +: %d] || (k[%d +: %d] == k[%d +: %d] && lge[%d]);  // %d, %d\n",
                     k, a * KW + LW, PW, c * KW + LW, PW, a * KW + LW, PW, c * KW + LW, PW, k, a, c);
        } else {
          wgb_printf(o, "    assign ge[%d] = k[%d +: %d] >= k[%d +: %d];  // %d, %d\n", k, a * KW, KW, c * KW, KW, a, c);
        }
      }
    wg_emit_pairs_win(o, g, "no other candidate has a larger key, none below it the same");
    if (!last) wgb_printf(o, "    logic [%d:0] wk;\n", KW - 1);
    wgb_printf(o, "    logic [%d:0] wi;\n", iw - 1);
    if (RP) wgb_printf(o, "    logic [%d:0] wr;\n", QB - 1);
    wgb_printf(o, "    always_comb begin\n");
    if (!last) wgb_printf(o, "      wk = '0;\n");
    if (RP) wgb_printf(o, "      wr = '0;\n");
    wgb_printf(o, "      wi = '0;\n      for (int a = 0; a < %d; a++) if (win[a]) begin\n", g);
    if (!last) wgb_printf(o, "        wk = wk | k[a*%d +: %d];\n", KW, KW);
    if (RP) wgb_printf(o, "        wr = wr | r[a*%d +: %d];\n", QB, QB);
    if (cw) wgb_printf(o, "        wi = wi | {%d'(a), i[a*%d +: %d]};\n", b, cw, cw);
    else wgb_printf(o, "        wi = wi | %d'(a);\n", b);
    wgb_printf(o, "      end\n    end\n");
    wgb_printf(o, "    assign ps%d_v[q] = |v;\n", L);
    if (!last) wgb_printf(o, "    assign ps%d_k[q*%d +: %d] = wk;\n", L, KW, KW);
    if (RP) wgb_printf(o, "    assign ps%d_r[q*%d +: %d] = wr;\n", L, QB, QB);
    wgb_printf(o, "    assign ps%d_i[q*%d +: %d] = wi;\n  end\n", L, iw, iw);
    cw = iw;
    cnt = groups;
  }
  wgb_printf(o, "  assign nxt_v = ps%d_v[0];\n  assign nxt_i = ps%d_i;\n", L, L);
  if (RP) wgb_printf(o, "  assign nxt_r = ps%d_r;\n", L);
}

/* the row stage's best rows (tied) and the request stage's pick (nxt_v, nxt_i) */
static void dram_mib_rtl_stages(wg_buf *o, const dram_mib_dims *dp) {
  const dram_mib_dims d = *dp;
  const int N = d.N, RK = 1 + d.RSW;
  if (d.ROWS && d.RT) {
    const int G = N < 8 ? N : 8, NG = N / G, NPG = G * (G - 1) / 2;
    wgb_printf(o, "\n  // ---- the rows (PIPE=1): the chosen bank's best row-table entries by {open row, row score}, all\n"
                  "  //      that tie, by the scores of the bank stage's cycle: in groups of %d entries each entry's\n"
                  "  //      standing in its bank (no bank needed) and each group's best of the chosen bank (bank\n"
                  "  //      stage, registered), then the groups' best against each other (row stage) ----\n", G);
    wgb_printf(o, "  logic [%d:0] rk;  // entry r's row key {its bank's open row, row score} at [r*%d +: %d]\n",
               N * RK - 1, RK, RK);
    wgb_printf(o, "  for (genvar r = 0; r < %d; r++) begin : g_rk\n", N);
    wgb_printf(o, "    logic rscore_open;\n    assign rscore_open = open_valid[rt_bank[r]] && (open_row[rt_bank[r]] == rt_row[r]);\n");
    dram_mib_emit_rscore(o, &d);
    wgb_printf(o, "    assign rk[r*%d +: %d] = {rscore_open, rscore};\n  end\n", RK, RK);
    wgb_printf(o, "  // entry pairs (a, b), a < b, of each group: a's key > b's, equal, same bank\n");
    wgb_printf(o, "  logic [%d:0] rp_gt, rp_eq, rp_sb;\n", NG * NPG - 1);
    wgb_printf(o, "  for (genvar g = 0; g < %d; g++) begin : g_rpg\n", NG);
    wgb_printf(o, "    for (genvar a = 0; a < %d; a++) begin : g_rpa\n      for (genvar b = a + 1; b < %d; b++) begin : g_rpb\n",
               G, G);
    wgb_printf(o, "        assign rp_gt[g*%d + a*%d - a*(a+1)/2 + b - a - 1] = rk[(g*%d+a)*%d +: %d] > rk[(g*%d+b)*%d +: %d];\n",
               NPG, G, G, RK, RK, G, RK, RK);
    wgb_printf(o, "        assign rp_eq[g*%d + a*%d - a*(a+1)/2 + b - a - 1] = rk[(g*%d+a)*%d +: %d] == rk[(g*%d+b)*%d +: %d];\n",
               NPG, G, G, RK, RK, G, RK, RK);
    wgb_printf(o, "        assign rp_sb[g*%d + a*%d - a*(a+1)/2 + b - a - 1] = rt_bank[g*%d+a] == rt_bank[g*%d+b];\n",
               NPG, G, G, G);
    wgb_printf(o, "      end\n    end\n  end\n");
    wgb_printf(o, "  logic [%d:0] gm;   // entry r: valid, no valid entry of its bank in its group scores higher\n", N - 1);
    wgb_printf(o, "  logic [%d:0] inb;  // entry r: valid, in the chosen bank\n", N - 1);
    wgb_printf(o, "  for (genvar g = 0; g < %d; g++) begin : g_gm\n    for (genvar a = 0; a < %d; a++) begin : g_ga\n", NG, G);
    wgb_printf(o, "      logic [%d:0] by;  // by[b]: member b is valid, of a's bank, and scores higher\n", G - 1);
    wgb_printf(o, "      for (genvar b = 0; b < %d; b++) begin : g_gb\n", G);
    wgb_printf(o, "        if (b == a) begin : g_self\n          assign by[b] = 1'b0;\n");
    wgb_printf(o, "        end else if (b < a) begin : g_lo\n"
                  "          assign by[b] = rt_valid[g*%d+b] && rp_sb[g*%d + b*%d - b*(b+1)/2 + a - b - 1]\n"
                  "                         && rp_gt[g*%d + b*%d - b*(b+1)/2 + a - b - 1];\n", G, NPG, G, NPG, G);
    wgb_printf(o, "        end else begin : g_hi\n"
                  "          assign by[b] = rt_valid[g*%d+b] && rp_sb[g*%d + a*%d - a*(a+1)/2 + b - a - 1]\n"
                  "                         && !rp_gt[g*%d + a*%d - a*(a+1)/2 + b - a - 1] && !rp_eq[g*%d + a*%d - a*(a+1)/2 + b - a - 1];\n"
                  "        end\n      end\n", G, NPG, G, NPG, G, NPG, G);
    wgb_printf(o, "      assign gm[g*%d+a] = rt_valid[g*%d+a] && !(|by);\n", G, G);
    wgb_printf(o, "      assign inb[g*%d+a] = rt_valid[g*%d+a] && bsel_oh[rt_bank[g*%d+a]];\n    end\n  end\n", G, G, G);
    wgb_printf(o, "  // the bank stage's: its bank's entries best in their group (registered in bb_rc)\n");
    wgb_printf(o, "  logic [%d:0] rc;\n  assign rc = gm & inb;\n", N - 1);
    if (NG == 1) {
      wgb_printf(o, "  // the row stage: one group, its best entries of the bank\n  assign tied = bb_rc;\n");
    } else {
      wgb_printf(o, "  // ... and each group's best key of the bank (its best entries tie; registered in bb_gk, bb_gv)\n");
      wgb_printf(o, "  logic [%d:0] gv;\n  logic [%d:0] gk;\n", NG - 1, NG * RK - 1);
      wgb_printf(o, "  always_comb begin\n    gk = '0;\n    for (int r = 0; r < %d; r++)\n"
                    "      if (rc[r]) gk[(r/%d)*%d +: %d] = gk[(r/%d)*%d +: %d] | rk[r*%d +: %d];\n  end\n",
                 N, G, RK, RK, G, RK, RK, RK, RK);
      wgb_printf(o, "  always_comb for (int g = 0; g < %d; g++) gv[g] = |rc[g*%d +: %d];\n", NG, G, G);
      wgb_printf(o, "  // the row stage: the groups holding the bank's best key\n");
      wgb_printf(o, "  logic [%d:0] top;\n", NG - 1);
      wgb_printf(o, "  always_comb for (int g = 0; g < %d; g++) begin\n    top[g] = bb_gv[g];\n    for (int h = 0; h < %d; h++)\n"
                    "      if (h != g && bb_gv[h] && bb_gk[h*%d +: %d] > bb_gk[g*%d +: %d]) top[g] = 1'b0;\n  end\n",
                 NG, NG, RK, RK, RK, RK);
      wgb_printf(o, "  always_comb for (int r = 0; r < %d; r++) tied[r] = bb_rc[r] && top[r/%d];\n", N, G);
    }
  } else if (d.ROWS) {
    wgb_printf(o, "\n  // ---- the rows (PIPE=1): the bank stage's bank's reads whose row key {row hit, row score} is the\n"
                  "  //      largest (exact scores; every pair of slots), registered in bb_rc; the row stage passes them on ----\n");
    wgb_printf(o, "  logic [%d:0] rc;\n", N - 1);
    wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) begin\n    rc[i] = cand[i];\n    for (int j = 0; j < %d; j++)\n"
                  "      if (cand[j] && rkey[j*%d +: %d] > rkey[i*%d +: %d]) rc[i] = 1'b0;\n  end\n",
               N, N, RK, RK, RK, RK);
    wgb_printf(o, "  assign tied = bb_rc;\n");
  }
  wgb_printf(o, "\n  // ---- the request stage (PIPE=1): the chosen bank's read with the largest {row hit, %srequest\n"
                "  //      score, age}, the lowest slot among equals ----\n", d.ROWS ? "in a chosen row, " : "");
  dram_mib_emit_group_argmax(o, &d);
}
/* }================================================================ */

static void dram_mib_rtl(wg_buf *o, wg_pv p, int mutant) {
  dram_mib_dims d = dram_mib_dims_of(p);
  const int N = d.N, NB = d.NB, BB = d.BB, QB = d.QB;
  char a[160], b[160], c[160];

  if (d.RT)
    wgb_printf(o, "  // Policy: %s.  Read queue and DRAM MIB share the slot index (one MIB entry\n"
                  "  // per queued read, thesis 4.4); row scores live in the thesis' row-score\n"
                  "  // table (4.5), one entry per row with queued reads, updated on insert,\n"
                  "  // dummy and issue (docs/blocks/dram_mib.md: the table and when it differs).\n\n",
               dram_mib_pol_name[d.POL]);
  else
    wgb_printf(o, "  // Policy: %s.  Read queue and DRAM MIB share the slot index (one MIB entry\n"
                  "  // per queued read, thesis 4.4); row scores are computed from the queue each\n"
                  "  // cycle, exactly (docs/blocks/dram_mib.md: ROW_TABLE=1 for the thesis' table).\n\n",
               dram_mib_pol_name[d.POL]);
  wgb_printf(o, "  localparam logic [%d:0] AGE_MAX = %d'd%lld;\n\n", d.AB - 1, d.AB, d.AMAX);
  if (d.POL == DRAM_MIB_FRFCFS)
    wgb_printf(o, "  // fixed policy FR-FCFS: policy_sel and the dummy requests are not used\n"
                  "  wire unused_in = &{1'b0, policy_sel, dummy_valid, dummy_ml, dummy_age};\n\n");
  else if (d.POL != DRAM_MIB_RUNTIME)
    wgb_printf(o, "  // fixed policy: policy_sel is not used\n  wire unused_in = &{1'b0, policy_sel};\n\n");

  wgb_printf(o, "  // ---- state: read queue + DRAM MIB, one entry per slot ----\n");
  wgb_printf(o, "  logic [%d:0] q_valid;\n", N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_bank [0:%d];\n", BB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_row [0:%d];\n", d.RB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_blk [0:%d];   // DRAM MIB: block address (the request's)\n", d.KB - 1, N - 1);
  if (d.mib) wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_ml [0:%d];    // DRAM MIB: merge length - 1\n", d.MLB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_age [0:%d];   // %s\n", d.AB - 1, N - 1,
             d.mib ? "DRAM MIB: age (Age_MSHR)" : "request age (Age_Req)");
  wgb_printf(o, "  // per bank: the open row\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] open_row [0:%d];\n  logic [%d:0] open_valid;\n", d.RB - 1, NB - 1, NB - 1);
  if (!d.PIPE) wgb_printf(o, "  logic [%d:0] rr_bank;  // round-robin: the bank tried first\n", BB - 1);
  if (d.PIPE) {
    wgb_printf(o, "  logic [%d:0] rr_mask;  // round-robin: the banks from the one tried first on\n", NB - 1);
    wgb_printf(o, "  // the pipelined pick (PIPE=1): the bank stage's bank; the row stage's bank, its best %s,\n"
                  "  // its reads and row hits; the request stage's pick (banks one-hot); the banks with a read\n",
               d.RT ? "row-table entries" : "reads");
    wgb_printf(o, "  logic [%d:0] bank_has;\n  logic [%d:0] bb_oh;\n  logic [%d:0] sb_oh;\n", NB - 1, NB - 1, NB - 1);
    if (N > 8) {
      wgb_printf(o, "  logic [%d:0] q_gfree;  // per group of 8 slots: one is free\n", N / 8 - 1);
      if (d.RT) wgb_printf(o, "  logic [%d:0] rt_gfree;  // per group of 8 row-table entries: one is free\n", N / 8 - 1);
    }
    if (d.ROWS) wgb_printf(o, "  logic [%d:0] bb_rc;  // the bank stage's best %s\n  logic [%d:0] sb_tied;\n", N - 1,
                           d.RT ? "entries of its bank in their groups" : "reads", N - 1);
    if (d.ROWS && d.RT && N > 8)
      wgb_printf(o, "  logic [%d:0] bb_gk;  // ... each group's best key\n  logic [%d:0] bb_gv;\n", (N / 8) * (1 + d.RSW) - 1, N / 8 - 1);
    wgb_printf(o, "  logic [%d:0] sb_c, sb_h;\n", N - 1);
    wgb_printf(o, "  logic [%d:0] pk_oh;\n  logic [%d:0] pk_slot;\n", NB - 1, QB - 1);
    if (d.RT) wgb_printf(o, "  logic [%d:0] pk_rid;  // ... its row-table entry\n", QB - 1);
    if (d.mib) {
      wgb_printf(o, "  // the DEMUX's register (PIPE=1): a dummy found in its cycle updates the MIB at the next edge\n"
                    "  logic du_v;\n  logic [%d:0] du_slot;\n  logic [%d:0] du_ml;\n  logic [%d:0] du_age;\n",
                 QB - 1, d.MLB - 1, d.AB - 1);
      if (d.RT) wgb_printf(o, "  logic [%d:0] du_rid;\n", QB - 1);
      if (d.RT && (d.use_s || d.use_sa)) wgb_printf(o, "  logic [%d:0] du_oml;\n", d.MLB - 1);
      if (d.RT && d.use_sa)
        wgb_printf(o, "  logic [%d:0] du_dp;  // its age + merge length\n  logic [%d:0] du_dm;  // ... its high part less one\n",
                   dram_mib_ddw(&d) - 2, dram_mib_ddw(&d) - d.MLB - 1);
    }
    if (d.RT && d.use_sa)
      wgb_printf(o, "  // the read issued last cycle: its share of its row's age sum, taken out at this edge\n"
                    "  logic pend_v;\n  logic [%d:0] pend_oh;  // ... its row-table entry, one-hot\n"
                    "  logic [%d:0] pend_amt;\n", N - 1, dram_mib_pendw(&d) - 1);
  }
  if (d.RT) {
    wgb_printf(o, "  // the row-score table (4.5): a row with queued reads, their count and scores\n");
    wgb_printf(o, "  (* mem2reg *) logic [%d:0] q_rid [0:%d];   // the slot's row-table entry\n", QB - 1, N - 1);
    wgb_printf(o, "  logic [%d:0] rt_valid;\n", N - 1);
    wgb_printf(o, "  (* mem2reg *) logic [%d:0] rt_bank [0:%d];\n", BB - 1, N - 1);
    wgb_printf(o, "  (* mem2reg *) logic [%d:0] rt_row [0:%d];\n", d.RB - 1, N - 1);
    wgb_printf(o, "  (* mem2reg *) logic [%d:0] rt_cnt [0:%d];   // queued reads in the row\n", d.CW - 1, N - 1);
    if (d.use_s || d.use_sa)
      wgb_printf(o, "  (* mem2reg *) logic [%d:0] rt_msum [0:%d];  // sum of merge lengths (MSHR-S's score)\n", d.SSW - 1, N - 1);
    if (d.use_m)
      wgb_printf(o, "  (* mem2reg *) logic [%d:0] rt_max [0:%d];   // largest merge length - 1 (MSHR-M's score)\n", d.MLB - 1, N - 1);
    if (d.use_sa)
      wgb_printf(o, "  (* mem2reg *) logic [%d:0] rt_asum [0:%d];  // sum of ages (MSHR-S+A's score), saturating\n", d.ASW - 1, N - 1);
  }
  wgb_printf(o, "\n");

  if (d.POL == DRAM_MIB_RUNTIME) {
    wgb_printf(o, "  // ---- the policy of this cycle ----\n");
    wgb_printf(o, "  logic pol_fr, pol_m, pol_s, pol_sa;\n");
    wgb_printf(o, "  assign pol_fr = (policy_sel == 2'd0);\n  assign pol_m  = (policy_sel == 2'd1);\n"
                  "  assign pol_s  = (policy_sel == 2'd2);\n  assign pol_sa = (policy_sel == 2'd3);\n\n");
  }

  wgb_printf(o, "  // ---- occupancy and the free slot a request takes ----\n");
  wgb_printf(o, "  logic [%d:0] free_oh;  // lowest free slot, one-hot\n", N - 1);
  if (d.PIPE) dram_mib_rtl_free_pick(o, N, "free_oh", "q_valid", "q_gfree");
  else {
    wgb_printf(o, "  assign free_oh = ~q_valid & (q_valid + %d'd1);\n", N);
  }
  wgb_printf(o, "  assign req_ready = !(&q_valid);\n");
  wgb_printf(o, "  logic enq;\n  assign enq = req_valid && req_ready;\n");
  wg_emit_popcount(o, "count", d.CW, "q_valid", N);

  wgb_printf(o, "\n  // ---- per-slot signals, declared here, driven in g_slot below ----\n");
  /* PIPE=1: the row stage's bank needs its reads and row hits for exact row scores only */
  const int need_cand = !d.PIPE || (d.ROWS && !d.RT);   /* PIPE=1: exact row scores only */
  if (need_cand) {
    wgb_printf(o, "  logic [%d:0] cand;     // in the picked bank\n", N - 1);
    wgb_printf(o, "  logic [%d:0] hit;      // ... and in its open row\n", N - 1);
  }
  wgb_printf(o, "  logic [%d:0] slot_bank;  // slot i's bank, one-hot, at [i*%d +: %d] (0 when free)\n", N * NB - 1, NB, NB);
  if (!d.PIPE)
    wgb_printf(o, "  logic [%d:0] key;      // slot i's pick key at [i*%d +: %d]\n", N * d.KW - 1, d.KW, d.KW);
  else if (d.ROWS && !d.RT)
    wgb_printf(o, "  logic [%d:0] rkey;     // slot i's row key {row hit, row score} at [i*%d +: %d]\n",
               N * (1 + d.RSW) - 1, 1 + d.RSW, 1 + d.RSW);
  if (d.PIPE)
    wgb_printf(o, "  logic [%d:0] bbc, bbh;  // slot i is in the row stage's bank, and in its open row\n", N - 1);
  if (d.PIPE)
    wgb_printf(o, "  logic [%d:0] sbc;      // the request stage: slot i is in the row stage's bank\n"
                  "  logic [%d:0] pkey;     // ... its key {row hit, %srequest score, age} at [i*%d +: %d]\n",
               N - 1, N * d.PKW - 1, d.ROWS ? "in a chosen row, " : "", d.PKW, d.PKW);
  wgb_printf(o, "  logic [%d:0] dmatch;   // the dummy names slot i's block\n", N - 1);
  if (d.mib) wgb_printf(o, "  logic [%d:0] dsel;     // ... the lowest such slot: the one the dummy updates\n", N - 1);
  if (d.PIPE && d.ROWS)
    wgb_printf(o, "  logic [%d:0] tied;     // the row stage's best %s\n", N - 1, d.RT ? "row-table entries" : "reads");
  else if (d.RT) wgb_printf(o, "  logic [%d:0] tied;     // table entry r holds a row with the best row key\n"
                          "  logic [%d:0] tsel;     // slot i is in such a row\n", N - 1, N - 1);
  wgb_printf(o, "  logic [%d:0] age_nx;   // slot i's age after this cycle at [i*%d +: %d]\n", N * d.AB - 1, d.AB, d.AB);
  if (d.mib) wgb_printf(o, "  logic [%d:0] ml_nx;    // slot i's merge length - 1 after this cycle\n", N * d.MLB - 1);
  wgb_printf(o, "  logic [%d:0] aged_out; // slot i's age is saturated\n", N - 1);

  if (d.PIPE) dram_mib_rtl_bank_pipe(o, &d);
  else {
  wgb_printf(o, "\n  // ---- bank pick: round-robin from rr_bank over ready banks with a request ----\n");
  wgb_printf(o, "  logic [%d:0] bank_has, bank_ok;\n", NB - 1);
  wgb_printf(o, "  always_comb begin\n    bank_has = '0;\n    for (int i = 0; i < %d; i++)\n"
                "      bank_has = bank_has | slot_bank[i*%d +: %d];\n  end\n", N, NB, NB);
  wgb_printf(o, "  assign bank_ok = bank_has & bank_ready;\n");
  wgb_printf(o, "  logic [%d:0] bank_rot;  // bank_ok rotated right by rr_bank: bit 0 is bank rr_bank\n", NB - 1);
  wgb_printf(o, "  assign bank_rot = (bank_ok >> rr_bank) | (bank_ok << (%d'd%d - {1'b0, rr_bank}));\n", BB + 1, NB);
  wgb_printf(o, "  logic [%d:0] bank_off, bsel;\n", BB - 1);
  wgb_printf(o, "  // the first ready bank from rr_bank on\n  assign bank_off =");
  for (int i = 0; i < NB; i++) wgb_printf(o, "%sbank_rot[%d] ? %d'd%d :", i ? "\n                    " : " ", i, BB, i);
  wgb_printf(o, " '0;\n");
  wgb_printf(o, "  assign bsel = rr_bank + bank_off;  // wraps: BANKS is a power of two\n");
  wgb_printf(o, "  assign issue_valid = |bank_ok;\n");
  wgb_printf(o, "  logic [%d:0] bsel_oh;\n  assign bsel_oh = %d'd1 << bsel;\n", NB - 1, NB);
  }
  if (!d.PIPE) {
  wgb_printf(o, "  logic [%d:0] sel_open_row;  // the picked bank's open row (one-hot AND-OR read)\n", d.RB - 1);
  wgb_printf(o, "  logic sel_open;\n");
  wgb_printf(o, "  always_comb begin\n    sel_open_row = '0;\n    for (int b = 0; b < %d; b++)\n"
                "      sel_open_row = sel_open_row | (open_row[b] & {%d{bsel_oh[b]}});\n  end\n", NB, d.RB);
  wgb_printf(o, "  assign sel_open = |(open_valid & bsel_oh);\n");
  }

  wgb_printf(o, "\n  // ---- the DRAM MIB's dummy port ----\n");
  wgb_printf(o, "  logic dummy_en;\n");
  if (d.POL == DRAM_MIB_FRFCFS) wgb_printf(o, "  assign dummy_en = 1'b0;  // FR-FCFS: the baseline has no MIB\n");
  else if (d.POL == DRAM_MIB_RUNTIME) wgb_printf(o, "  assign dummy_en = dummy_valid && !pol_fr;  // FR-FCFS ignores dummies\n");
  else wgb_printf(o, "  assign dummy_en = dummy_valid;\n");
  wgb_printf(o, "  assign dummy_hit = |dmatch;\n");
  if (d.mib) {
    wgb_printf(o, "  // a block is queued once (an L2 MSHR entry waits for its read); should it be\n"
                  "  // queued twice, the dummy updates the lowest slot, like a CAM's first match\n");
    if (d.PIPE) dram_mib_rtl_low_pick(o, N, "dsel", "dmatch");
    else wg_emit_prio_pick(o, "dsel", "dmatch", N);
    if (d.PIPE) {
      wgb_printf(o, "  // the dummy registered in the DEMUX (PIPE=1): it updates its read at the next edge\n");
      wgb_printf(o, "  logic [%d:0] du_oh;  // the read the registered dummy updates at this edge\n", N - 1);
      wgb_printf(o, "  assign du_oh = du_v ? (%d'd1 << du_slot) : '0;\n", N);
      wgb_printf(o, "  logic [%d:0] dsel_i;\n", QB - 1);
      wg_emit_onehot_index(o, "dsel_i", QB, "dsel", N);
    }
  }

  wgb_printf(o, "\n  // ---- per slot: candidate, row score, pick key, MIB update ----\n");
  wgb_printf(o, "  // key = {candidate, row hit (Rule 1.1 before 1.2), row score, request score, age};\n"
                "  // the largest key wins, ties go to the lowest slot.\n");
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_slot\n", N);
  wgb_printf(o, "    assign slot_bank[i*%d +: %d] = q_valid[i] ? (%d'd1 << q_bank[i]) : '0;\n", NB, NB, NB);
  if (need_cand && d.PIPE) {
    wgb_printf(o, "    assign cand[i] = |(slot_bank[i*%d +: %d] & bsel_oh);  // in the bank stage's bank\n", NB, NB);
    wgb_printf(o, "    assign hit[i]  = cand[i] && sel_open && (q_row[i] == sel_open_row);\n");
  } else if (need_cand) {
    wgb_printf(o, "    assign cand[i] = q_valid[i] && (q_bank[i] == bsel);\n");
    wgb_printf(o, "    assign hit[i]  = cand[i] && sel_open && (q_row[i] == sel_open_row);\n");
  }
  if (d.RT) {
    if (!d.PIPE) wgb_printf(o, "    assign tsel[i] = q_valid[i] && tied[q_rid[i]];\n");
  } else if (d.use_m || d.use_s || d.use_sa) {
    wgb_printf(o, "    // row score of slot i's row: over the bank's requests to the same row\n");
    if (d.use_m) wgb_printf(o, "    logic [%d:0] row_max;  // MSHR-M: the largest merge length - 1\n", d.MLB - 1);
    if (d.use_s) wgb_printf(o, "    logic [%d:0] row_sum;  // MSHR-S: the sum of merge lengths\n", d.SSW - 1);
    if (d.use_sa) wgb_printf(o, "    logic [%d:0] row_age;  // MSHR-S+A: the sum of ages\n", d.ASW - 1);
    wgb_printf(o, "    always_comb begin\n");
    if (d.use_m) wgb_printf(o, "      row_max = '0;\n");
    if (d.use_s) wgb_printf(o, "      row_sum = '0;\n");
    if (d.use_sa) wgb_printf(o, "      row_age = '0;\n");
    wgb_printf(o, "      for (int t = 0; t < %d; t++)\n        if (cand[t] && q_row[t] == q_row[i]) begin\n", N);
    if (d.use_m) wgb_printf(o, "          if (q_ml[t] > row_max) row_max = q_ml[t];\n");
    if (d.use_s) wgb_printf(o, "          row_sum = row_sum + %s + %d'd1;\n", wg_zext(a, sizeof a, "q_ml[t]", d.MLB, d.SSW), d.SSW);
    if (d.use_sa) wgb_printf(o, "          row_age = row_age + %s;\n", wg_zext(a, sizeof a, "q_age[t]", d.AB, d.ASW));
    wgb_printf(o, "        end\n    end\n");
  }
  if (d.RSW && !d.RT) wgb_printf(o, "    logic [%d:0] rscore;\n", d.RSW - 1);
  if (d.RQW) wgb_printf(o, "    logic [%d:0] qscore;\n", d.RQW - 1);
  if (d.RT) {
    if (d.POL == DRAM_MIB_M || d.POL == DRAM_MIB_S) wgb_printf(o, "    assign qscore = q_ml[i];\n");
    else if (d.POL == DRAM_MIB_RUNTIME)
      wgb_printf(o, "    assign qscore = (pol_m || pol_s) ? q_ml[i] : '0;  // S+A: the age; FR-FCFS: none\n");
  } else switch (d.POL) {
  case DRAM_MIB_M: wgb_printf(o, "    assign rscore = row_max;\n    assign qscore = q_ml[i];\n"); break;
  case DRAM_MIB_S: wgb_printf(o, "    assign rscore = row_sum;\n    assign qscore = q_ml[i];\n"); break;
  case DRAM_MIB_SA: wgb_printf(o, "    assign rscore = row_age;  // the request score is the age itself\n"); break;
  case DRAM_MIB_RUNTIME:
    wgb_printf(o, "    assign rscore = pol_m ? %s : pol_s ? %s : pol_sa ? %s : '0;\n",
               wg_zext(a, sizeof a, "row_max", d.MLB, d.RSW), wg_zext(b, sizeof b, "row_sum", d.SSW, d.RSW),
               wg_zext(c, sizeof c, "row_age", d.ASW, d.RSW));
    wgb_printf(o, "    assign qscore = (pol_m || pol_s) ? q_ml[i] : '0;  // S+A: the age; FR-FCFS: none\n");
    break;
  default: break;
  }
  if (d.PIPE) dram_mib_rtl_slot_pipe(o, &d, mutant);
  else if (d.RT)
    wgb_printf(o, "    assign key[i*%d +: %d] = {tsel[i], %sq_age[i]};  // the best row's, then request score, age\n",
               d.KW, d.KW, d.RQW ? "qscore, " : "");
  else
    wgb_printf(o, "    assign key[i*%d +: %d] = {cand[i], %s%s%sq_age[i]};\n", d.KW, d.KW,
               mutant ? "1'b0 /* MUTANT: no row-hit priority */, " : "hit[i], ",
               d.RSW ? "rscore, " : "", d.RQW ? "qscore, " : "");
  wgb_printf(o, "    // DRAM MIB: a dummy overwrites the merge length and adds its age; every cycle\n"
                "    // age += merge length (after the dummy's update), saturating\n");
  wgb_printf(o, "    assign dmatch[i] = dummy_en && q_valid[i] && (q_blk[i] == dummy_blk);\n");
  wgb_printf(o, "    logic [%d:0] age_sum;  // unsaturated\n", d.SW - 1);
  if (d.mib) {
    /* PIPE=1: the dummy the DEMUX registered last cycle (du_*), else this cycle's (dsel) */
    const char *ds = d.PIPE ? "du_oh" : "dsel", *dml = d.PIPE ? "du_ml" : "dummy_ml", *dag = d.PIPE ? "du_age" : "dummy_age";
    wgb_printf(o, "    assign ml_nx[i*%d +: %d] = %s[i] ? %s : q_ml[i];\n", d.MLB, d.MLB, ds, dml);
    wgb_printf(o, "    assign age_sum = %s + (%s[i] ? %s : '0) + %s + %d'd1;\n",
               wg_zext(a, sizeof a, "q_age[i]", d.AB, d.SW), ds, wg_zext(b, sizeof b, dag, d.AB, d.SW),
               wg_zext(c, sizeof c, (snprintf(a, 64, "ml_nx[i*%d +: %d]", d.MLB, d.MLB), a), d.MLB, d.SW), d.SW);
  } else {
    wgb_printf(o, "    assign age_sum = %s + %d'd1;\n", wg_zext(a, sizeof a, "q_age[i]", d.AB, d.SW), d.SW);
  }
  wgb_printf(o, "    assign age_nx[i*%d +: %d] = (age_sum > %d'd%lld) ? AGE_MAX : age_sum[%d:0];\n", d.AB, d.AB, d.SW,
             d.AMAX, d.AB - 1);
  wgb_printf(o, "    assign aged_out[i] = q_valid[i] && (q_age[i] == AGE_MAX);\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  assign age_sat = |aged_out;\n");

  if (d.PIPE) {
    wgb_printf(o, "\n  // ---- the issue (PIPE=1): the request stage's pick, if its bank takes it now ----\n");
    wgb_printf(o, "  assign issue_valid = |(pk_oh & bank_ready);\n");
    wgb_printf(o, "  assign issue_slot = issue_valid ? pk_slot : '0;\n");
    wgb_printf(o, "  logic [%d:0] pk_dec;  // the pick's slot, one-hot, before bank_ready says whether it goes\n", N - 1);
    wgb_printf(o, "  assign pk_dec = %d'd1 << pk_slot;\n", N);
    wgb_printf(o, "  logic [%d:0] iss_oh;  // the issued slot, one-hot\n", N - 1);
    wgb_printf(o, "  assign iss_oh = issue_valid ? pk_dec : '0;\n");
    wgb_printf(o, "  logic [%d:0] iss_bank_oh;  // its bank\n  assign iss_bank_oh = issue_valid ? pk_oh : '0;\n", NB - 1);
    if (d.RT && (d.use_s || d.use_sa)) {
      wgb_printf(o, "  // the pick's merge length%s, read before bank_ready gates it (the row table's terms)\n",
                 d.use_sa ? " and age" : "");
      wgb_printf(o, "  logic [%d:0] pk_ml;\n", d.MLB - 1);
      if (d.use_sa) wgb_printf(o, "  logic [%d:0] pk_age;\n", d.AB - 1);
      wgb_printf(o, "  always_comb begin\n    pk_ml = '0;\n%s    for (int i = 0; i < %d; i++) begin\n"
                    "      pk_ml = pk_ml | (q_ml[i] & {%d{pk_dec[i]}});\n", d.use_sa ? "    pk_age = '0;\n" : "", N, d.MLB);
      if (d.use_sa) wgb_printf(o, "      pk_age = pk_age | (q_age[i] & {%d{pk_dec[i]}});\n", d.AB);
      wgb_printf(o, "    end\n  end\n");
    }
  } else {
  /* argmax tree */
  wgb_printf(o, "\n  // ---- argmax tree over the slots: a right child wins only if strictly larger ----\n");
  int cnt = N, lvl = 0;
  while (cnt > 1) {
    int m = (cnt + 1) / 2;
    for (int j = 0; j < m; j++) {
      char lk[64], rk[64], li[48], ri[48];
      if (lvl == 0) {
        snprintf(lk, sizeof lk, "key[%d +: %d]", 2 * j * d.KW, d.KW);
        snprintf(rk, sizeof rk, "key[%d +: %d]", (2 * j + 1) * d.KW, d.KW);
        snprintf(li, sizeof li, "%d'd%d", QB, 2 * j);
        snprintf(ri, sizeof ri, "%d'd%d", QB, 2 * j + 1);
      } else {
        snprintf(lk, sizeof lk, "t%d_%d_key", lvl, 2 * j);
        snprintf(rk, sizeof rk, "t%d_%d_key", lvl, 2 * j + 1);
        snprintf(li, sizeof li, "t%d_%d_idx", lvl, 2 * j);
        snprintf(ri, sizeof ri, "t%d_%d_idx", lvl, 2 * j + 1);
      }
      if (m > 1) wgb_printf(o, "  logic [%d:0] t%d_%d_key;\n", d.KW - 1, lvl + 1, j);
      wgb_printf(o, "  logic [%d:0] t%d_%d_idx;\n", QB - 1, lvl + 1, j);
      if (2 * j + 1 < cnt) {
        wgb_printf(o, "  logic t%d_%d_r;\n  assign t%d_%d_r = (%s > %s);\n", lvl + 1, j, lvl + 1, j, rk, lk);
        if (m > 1) wgb_printf(o, "  assign t%d_%d_key = t%d_%d_r ? %s : %s;\n", lvl + 1, j, lvl + 1, j, rk, lk);
        wgb_printf(o, "  assign t%d_%d_idx = t%d_%d_r ? %s : %s;\n", lvl + 1, j, lvl + 1, j, ri, li);
      } else {
        if (m > 1) wgb_printf(o, "  assign t%d_%d_key = %s;  // the odd one moves up\n", lvl + 1, j, lk);
        wgb_printf(o, "  assign t%d_%d_idx = %s;\n", lvl + 1, j, li);
      }
    }
    cnt = m;
    lvl++;
  }
  wgb_printf(o, "  assign issue_slot = issue_valid ? t%d_0_idx : '0;\n", lvl);
  wgb_printf(o, "  logic [%d:0] iss_oh;  // the issued slot, one-hot\n", N - 1);
  wgb_printf(o, "  assign iss_oh = issue_valid ? (%d'd1 << issue_slot) : '0;\n", N);
  }
  wgb_printf(o, "  always_comb begin  // its fields: one-hot AND-OR read\n    issue_bank = '0;\n    issue_row = '0;\n"
                "    issue_blk = '0;\n    issue_age = '0;\n");
  if (d.mib) wgb_printf(o, "    issue_ml = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      issue_bank = issue_bank | (q_bank[i] & {%d{iss_oh[i]}});\n", BB);
  wgb_printf(o, "      issue_row  = issue_row  | (q_row[i]  & {%d{iss_oh[i]}});\n", d.RB);
  wgb_printf(o, "      issue_blk  = issue_blk  | (q_blk[i]  & {%d{iss_oh[i]}});\n", d.KB);
  if (d.mib) wgb_printf(o, "      issue_ml   = issue_ml   | (q_ml[i]   & {%d{iss_oh[i]}});\n", d.MLB);
  wgb_printf(o, "      issue_age  = issue_age  | (q_age[i]  & {%d{iss_oh[i]}});\n", d.AB);
  wgb_printf(o, "    end\n  end\n");
  if (!d.mib) wgb_printf(o, "  assign issue_ml = '0;  // FR-FCFS: every merge length is 1\n");
  if (d.PIPE) {
    wgb_printf(o, "  logic [%d:0] iss_open_row;  // the issued read's bank's open row\n  logic iss_open;\n", d.RB - 1);
    wgb_printf(o, "  always_comb begin\n    iss_open_row = '0;\n    for (int b = 0; b < %d; b++)\n"
                  "      iss_open_row = iss_open_row | (open_row[b] & {%d{iss_bank_oh[b]}});\n  end\n", NB, d.RB);
    wgb_printf(o, "  assign iss_open = |(open_valid & iss_bank_oh);\n");
    wgb_printf(o, "  assign issue_hit = iss_open && (issue_row == iss_open_row);\n");
  } else {
    wgb_printf(o, "  assign issue_hit = |(hit & iss_oh);\n");
  }
  if (d.RT) dram_mib_rtl_table(o, &d, mutant);
  if (d.PIPE) dram_mib_rtl_stages(o, &d);

  wgb_printf(o, "\n  // ---- the clock edge ----\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) q_valid <= '0;\n"
                "    else q_valid <= (q_valid & ~iss_oh) | (enq ? free_oh : '0);\n  end\n");
  if (d.PIPE && N > 8) {
    wgb_printf(o, "  logic [%d:0] q_valid_nx;\n  assign q_valid_nx = (q_valid & ~iss_oh) | (enq ? free_oh : '0);\n", N - 1);
    dram_mib_rtl_gfree_nx(o, N, "q_gfree", "q_valid_nx");
  }
  wgb_printf(o, "  // payload: a new request takes the lowest free slot; queued ones age\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      if (enq && free_oh[i]) begin\n        q_bank[i] <= req_bank;\n        q_row[i]  <= req_row;\n"
                "        q_blk[i]  <= req_blk;\n");
  if (d.mib) wgb_printf(o, "        q_ml[i]   <= '0;  // no MIB information yet: merge length 1\n");
  if (d.RT) wgb_printf(o, "        q_rid[i]  <= enq_rid;\n");
  wgb_printf(o, "        q_age[i]  <= req_age;\n      end else if (q_valid[i]) begin\n");
  if (d.mib) wgb_printf(o, "        q_ml[i]   <= ml_nx[i*%d +: %d];\n", d.MLB, d.MLB);
  wgb_printf(o, "        q_age[i]  <= age_nx[i*%d +: %d];\n      end\n    end\n  end\n", d.AB, d.AB);
  if (d.PIPE) {
    wgb_printf(o, "  // the issued request's row is open in its bank; the round-robin moves on with each bank chosen\n");
    wgb_printf(o, "  logic [%d:0] rr_next;  // the banks from the next one on (all of them after the last)\n", NB - 1);
    wgb_printf(o, "  assign rr_next = (rr_mask[%d:0] == '0) ? '1 : {rr_mask[%d:0], 1'b0};\n", NB - 2, NB - 2);
    wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n      open_valid <= '0;\n      rr_mask <= '1;\n"
                  "    end else begin\n      open_valid <= open_valid | iss_bank_oh;\n"
                  "      if (choose) rr_mask <= rr_next;\n    end\n  end\n");
    wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int b = 0; b < %d; b++)\n"
                  "      if (iss_bank_oh[b]) open_row[b] <= issue_row;\n  end\n", NB);
    wgb_printf(o, "  // the pipeline; bank_has: the banks with a read queued after this edge; the row stage's bank's\n"
                  "  // reads and row hits for the request stage, with the read it takes at this edge\n");
    wgb_printf(o, "  logic [%d:0] bank_has_nx;\n", NB - 1);
    wgb_printf(o, "  always_comb begin\n    bank_has_nx = enq ? (%d'd1 << req_bank) : '0;\n    for (int i = 0; i < %d; i++)\n"
                  "      if (!iss_oh[i]) bank_has_nx = bank_has_nx | slot_bank[i*%d +: %d];\n  end\n", NB, N, NB, NB);
    wgb_printf(o, "  logic arr_bb;  // the read taken at this edge is in the row stage's bank\n");
    wgb_printf(o, "  assign arr_bb = enq && bb_oh[req_bank];\n");
    wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n      bank_has <= '0;\n      bb_oh <= '0;\n      sb_oh <= '0;\n"
                  "      pk_oh <= '0;\n%s%s    end else begin\n      bank_has <= bank_has_nx;\n      bb_oh <= bsel_oh;\n"
                  "      sb_oh <= bb_oh;\n      pk_oh <= nxt_v ? sb_oh : '0;\n%s%s    end\n  end\n",
               d.mib ? "      du_v <= 1'b0;\n" : "", d.RT && d.use_sa ? "      pend_v <= 1'b0;\n" : "",
               d.mib ? "      du_v <= |(dsel & ~iss_oh);  // not when its read leaves now\n" : "",
               d.RT && d.use_sa ? "      pend_v <= issue_valid;\n" : "");
    wgb_printf(o, "  always_ff @(posedge clk) begin\n%s    sb_c <= bbc | (arr_bb ? free_oh : '0);\n"
                  "    sb_h <= bbh | ((arr_bb && bb_open && req_row == bb_open_row) ? free_oh : '0);\n    pk_slot <= nxt_i;\n",
               d.ROWS ? "    sb_tied <= tied;\n    bb_rc <= rc;\n" : "");
    if (d.ROWS && d.RT && d.N > 8) wgb_printf(o, "    bb_gk <= gk;\n    bb_gv <= gv;\n");
    if (d.mib) wgb_printf(o, "    du_slot <= dsel_i;\n    du_ml <= dummy_ml;\n    du_age <= dummy_age;\n");
    if (d.mib && d.RT) wgb_printf(o, "    du_rid <= dsel_rid;\n");
    if (d.mib && d.RT && (d.use_s || d.use_sa)) wgb_printf(o, "    du_oml <= dsel_oml;\n");
    if (d.mib && d.RT && d.use_sa) wgb_printf(o, "    du_dp <= dd_p[%d:0];\n    du_dm <= dd_m;\n", dram_mib_ddw(&d) - 2);
    if (d.RT) wgb_printf(o, "    pk_rid <= nxt_r;\n");
    if (d.RT && d.use_sa) wgb_printf(o, "    pend_oh <= iss_rt;\n    pend_amt <= pend_nx;\n");
    wgb_printf(o, "  end\n");
    return;
  }
  wgb_printf(o, "  // the issued request's row is open in its bank; the round-robin moves on\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n      open_valid <= '0;\n      rr_bank <= '0;\n"
                "    end else if (issue_valid) begin\n      open_valid <= open_valid | bsel_oh;\n"
                "      rr_bank <= rr_bank + %d'd1;\n    end\n  end\n", BB);
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int b = 0; b < %d; b++)\n"
                "      if (issue_valid && bsel_oh[b]) open_row[b] <= issue_row;\n  end\n", NB);
}

/* ROW_TABLE=1: the table holds, for every row with queued reads, their count
** and scores; the age sum is exact until a read of the row saturates. */
static void dram_mib_props_table(wg_buf *o, const dram_mib_dims *dp) {
  const dram_mib_dims d = *dp;
  const int N = d.N, QB = d.QB;
  char a[96];
  wgb_printf(o, "  // ---- the row-score table, recomputed from the queue ----\n");
  wgb_printf(o, "  logic [%d:0] f_cnt;\n", N * d.CW - 1);
  if (d.use_s || d.use_sa) wgb_printf(o, "  logic [%d:0] f_msum;\n", N * d.SSW - 1);
  if (d.use_m) wgb_printf(o, "  logic [%d:0] f_max;\n", N * d.MLB - 1);
  if (d.use_sa) wgb_printf(o, "  logic [%d:0] f_asum;\n", N * d.ASW - 1);
  wgb_printf(o, "  logic [%d:0] f_sat;  // entry r: a staying read of its row reaches the maximum age this cycle\n", N - 1);
  wgb_printf(o, "  always @(*) begin\n    f_cnt = '0;\n    f_sat = '0;\n");
  if (d.use_s || d.use_sa) wgb_printf(o, "    f_msum = '0;\n");
  if (d.use_m) wgb_printf(o, "    f_max = '0;\n");
  if (d.use_sa) wgb_printf(o, "    f_asum = '0;\n");
  wgb_printf(o, "    for (int r = 0; r < %d; r++)\n      for (int i = 0; i < %d; i++)\n"
                "        if (q_valid[i] && {%d'd0, q_rid[i]} == r) begin\n", N, N, 32 - QB);
  wgb_printf(o, "          f_cnt[r*%d +: %d] = f_cnt[r*%d +: %d] + %d'd1;\n", d.CW, d.CW, d.CW, d.CW, d.CW);
  if (d.use_s || d.use_sa)
    wgb_printf(o, "          f_msum[r*%d +: %d] = f_msum[r*%d +: %d] + %s + %d'd1;\n", d.SSW, d.SSW, d.SSW, d.SSW,
               wg_zext(a, sizeof a, "q_ml[i]", d.MLB, d.SSW), d.SSW);
  if (d.use_m)
    wgb_printf(o, "          if (q_ml[i] > f_max[r*%d +: %d]) f_max[r*%d +: %d] = q_ml[i];\n", d.MLB, d.MLB, d.MLB, d.MLB);
  if (d.use_sa)
    wgb_printf(o, "          f_asum[r*%d +: %d] = f_asum[r*%d +: %d] + %s;\n", d.ASW, d.ASW, d.ASW, d.ASW,
               wg_zext(a, sizeof a, "q_age[i]", d.AB, d.ASW));
  wgb_printf(o, "          if (!iss_oh[i] && age_nx[i*%d +: %d] == AGE_MAX) f_sat[r] = 1'b1;\n", d.AB, d.AB);
  wgb_printf(o, "        end\n  end\n");
  wgb_printf(o, "  logic [%d:0] f_taint;  // entry r's row had a read at the maximum age since it was allocated\n", N - 1);
  wgb_printf(o, "  always @(posedge clk) f_taint <= rst ? '0 : rt_valid_nx & ((f_taint & rt_valid) | f_sat);\n");
  wgb_printf(o, "  // state invariants: they hold after a reset too (both valid masks clear)\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  for (int r = 0; r < N; r++) {
    wgb_printf(o, "    // entry %d: valid exactly when reads of its row are queued; their count%s\n", r,
               d.use_m ? ", merge-length sum and maximum" : ", merge-length sum");
    wgb_printf(o, "    assert(rt_valid[%d] == (f_cnt[%d +: %d] != '0));\n", r, r * d.CW, d.CW);
    wgb_printf(o, "    assert(!rt_valid[%d] || (rt_cnt[%d] == f_cnt[%d +: %d]", r, r, r * d.CW, d.CW);
    if (d.use_s || d.use_sa) wgb_printf(o, " && rt_msum[%d] == f_msum[%d +: %d]", r, r * d.SSW, d.SSW);
    if (d.use_m) wgb_printf(o, " && rt_max[%d] == f_max[%d +: %d]", r, r * d.MLB, d.MLB);
    wgb_printf(o, "));\n");
    if (d.use_sa) {
      wgb_printf(o, "    // entry %d: the age sum is never below the ages' sum, and equal to it until a read saturated\n", r);
      if (d.PIPE) {   /* with the issued read's share still in it until this edge */
        wgb_printf(o, "    assert(!rt_valid[%d] || rt_asum[%d] >= f_asum[%d +: %d] + ((pend_v && pend_oh[%d]) ? %d'(pend_amt) : '0));\n",
                   r, r, r * d.ASW, d.ASW, r, d.ASW);
        wgb_printf(o, "    assert(!rt_valid[%d] || f_taint[%d] || rt_asum[%d] == f_asum[%d +: %d] + ((pend_v && pend_oh[%d]) ? %d'(pend_amt) : '0));\n",
                   r, r, r, r * d.ASW, d.ASW, r, d.ASW);
      } else {
      wgb_printf(o, "    assert(!rt_valid[%d] || rt_asum[%d] >= f_asum[%d +: %d]);\n", r, r, r * d.ASW, d.ASW);
      wgb_printf(o, "    assert(!rt_valid[%d] || f_taint[%d] || rt_asum[%d] == f_asum[%d +: %d]);\n", r, r, r, r * d.ASW, d.ASW);
      }
    }
    for (int q = r + 1; q < N; q++)
      wgb_printf(o, "    assert(!(rt_valid[%d] && rt_valid[%d] && rt_bank[%d] == rt_bank[%d] && rt_row[%d] == rt_row[%d]));"
                    "  // one entry per row\n", r, q, r, q, r, q);
  }
  for (int i = 0; i < N; i++)
    wgb_printf(o, "    // slot %d's entry holds its row\n    assert(!q_valid[%d] || (rt_valid[q_rid[%d]] && rt_bank[q_rid[%d]] == q_bank[%d]"
                  " && rt_row[q_rid[%d]] == q_row[%d]));\n", i, i, i, i, i, i, i);
  wgb_printf(o, "  end\n\n");
}

/* PIPE=1, for the properties: the pipeline's invariants, the row stage's bank and rows, the
** request stage's pick by Rule 1, restated from the registers (indexed reads and loops where
** the RTL has one-hot AND-OR reads and group compares) */
static void dram_mib_props_pipe(wg_buf *o, const dram_mib_dims *dp) {
  const dram_mib_dims d = *dp;
  const int N = d.N, NB = d.NB, RTP = d.POL == DRAM_MIB_RUNTIME;
  wgb_printf(o, "  // PIPE=1: the banks with a queued read; the row stage's open-row bits; the request stage's\n"
                "  // row hits (its bank's open row) and chosen rows\n");
  wgb_printf(o, "  logic [%d:0] f_has;\n  logic [%d:0] f_shit%s;\n", NB - 1, N - 1, d.ROWS ? ", f_ts" : "");
  wgb_printf(o, "  always @(*) begin\n    f_has = '0;\n    f_shit = '0;\n%s", d.ROWS ? "    f_ts = '0;\n" : "");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) if (q_valid[i]) begin\n      f_has[q_bank[i]] = 1'b1;\n", N);
  wgb_printf(o, "      f_shit[i] = open_valid[q_bank[i]] && q_row[i] == open_row[q_bank[i]];\n");
  if (d.ROWS && d.RT) wgb_printf(o, "      f_ts[i] = sb_tied[q_rid[i]];\n");
  else if (d.ROWS)
    wgb_printf(o, "      for (int j = 0; j < %d; j++) if (sb_tied[j] && q_row[j] == q_row[i] && q_bank[j] == q_bank[i]) f_ts[i] = 1'b1;\n", N);
  wgb_printf(o, "    end\n  end\n");
  if (d.ROWS && d.RT) {
    wgb_printf(o, "  // the row stage's keys {the entry's bank's open row, row score}, and the largest of the chosen bank's\n");
    wgb_printf(o, "  logic [%d:0] f_rk [%d];\n", d.RSW, N);
    wgb_printf(o, "  always @(*) for (int r = 0; r < %d; r++) begin\n", N);
    const char *sc;
    char buf[256];
    switch (d.POL) {
    case DRAM_MIB_M: sc = "rt_max[r]"; break;
    case DRAM_MIB_S: sc = "rt_msum[r]"; break;
    case DRAM_MIB_SA: sc = "rt_asum[r]"; break;
    default:
      snprintf(buf, sizeof buf, "(policy_sel == 2'd1 ? %d'(rt_max[r]) : policy_sel == 2'd2 ? %d'(rt_msum[r]) : "
                                "policy_sel == 2'd3 ? %d'(rt_asum[r]) : %d'd0)", d.RSW, d.RSW, d.RSW, d.RSW);
      sc = buf;
    }
    wgb_printf(o, "    f_rk[r] = {open_valid[rt_bank[r]] && open_row[rt_bank[r]] == rt_row[r], %d'(%s)};\n  end\n", d.RSW, sc);
  }
  if (d.ROWS) {
    wgb_printf(o, "  // the bank stage's best %s: its bank's, none of them with a larger row key; a cycle later\n"
                  "  // they are what the row stage holds\n", d.RT ? "rows" : "reads");
    wgb_printf(o, "  logic [%d:0] f_bt, f_prev_bt;\n  always @(posedge clk) f_prev_bt <= f_bt;\n", N - 1);
    if (d.RT)
      wgb_printf(o, "  always @(*) for (int r = 0; r < %d; r++) begin\n    f_bt[r] = rt_valid[r] && bsel_oh[rt_bank[r]];\n"
                    "    for (int q = 0; q < %d; q++)\n"
                    "      if (rt_valid[q] && bsel_oh[rt_bank[q]] && f_rk[q] > f_rk[r]) f_bt[r] = 1'b0;\n  end\n", N, N);
    else {   /* exact scores: each read's row key restated from the queue */
      wgb_printf(o, "  // each read's row key {its bank's open row, its row's score}, from the queue\n");
      wgb_printf(o, "  logic [%d:0] f_xk [%d];\n", d.RSW, N);
      if (d.use_m) wgb_printf(o, "  logic [%d:0] f_xm [%d];\n", d.MLB - 1, N);
      if (d.use_s) wgb_printf(o, "  logic [%d:0] f_xs [%d];\n", d.SSW - 1, N);
      if (d.use_sa) wgb_printf(o, "  logic [%d:0] f_xa [%d];\n", d.ASW - 1, N);
      wgb_printf(o, "  always @(*) for (int i = 0; i < %d; i++) begin\n", N);
      if (d.use_m) wgb_printf(o, "    f_xm[i] = '0;\n");
      if (d.use_s) wgb_printf(o, "    f_xs[i] = '0;\n");
      if (d.use_sa) wgb_printf(o, "    f_xa[i] = '0;\n");
      wgb_printf(o, "    for (int j = 0; j < %d; j++)\n      if (q_valid[j] && q_bank[j] == q_bank[i] && q_row[j] == q_row[i]) begin\n", N);
      if (d.use_m) wgb_printf(o, "        if (q_ml[j] > f_xm[i]) f_xm[i] = q_ml[j];\n");
      if (d.use_s) wgb_printf(o, "        f_xs[i] = f_xs[i] + %d'(q_ml[j]) + %d'd1;\n", d.SSW, d.SSW);
      if (d.use_sa) wgb_printf(o, "        f_xa[i] = f_xa[i] + %d'(q_age[j]);\n", d.ASW);
      wgb_printf(o, "      end\n");
      char sc[256];
      switch (d.POL) {
      case DRAM_MIB_M: snprintf(sc, sizeof sc, "%d'(f_xm[i])", d.RSW); break;
      case DRAM_MIB_S: snprintf(sc, sizeof sc, "%d'(f_xs[i])", d.RSW); break;
      case DRAM_MIB_SA: snprintf(sc, sizeof sc, "%d'(f_xa[i])", d.RSW); break;
      default:
        snprintf(sc, sizeof sc, "(policy_sel == 2'd1 ? %d'(f_xm[i]) : policy_sel == 2'd2 ? %d'(f_xs[i]) : "
                                "policy_sel == 2'd3 ? %d'(f_xa[i]) : %d'd0)", d.RSW, d.RSW, d.RSW, d.RSW);
      }
      wgb_printf(o, "    f_xk[i] = {open_valid[q_bank[i]] && open_row[q_bank[i]] == q_row[i], %s};\n  end\n", sc);
      wgb_printf(o, "  always @(*) for (int i = 0; i < %d; i++) begin\n    f_bt[i] = q_valid[i] && bsel_oh[q_bank[i]];\n"
                    "    for (int j = 0; j < %d; j++)\n"
                    "      if (q_valid[j] && bsel_oh[q_bank[j]] && f_xk[j] > f_xk[i]) f_bt[i] = 1'b0;\n  end\n", N, N);
    }
  }
  if (RTP)
    wgb_printf(o, "  logic [1:0] f_pol_prev = 2'd0, f_pol_prev2 = 2'd0;  // the policy of the row and bank stages' cycles\n"
                  "  always @(posedge clk) begin\n    f_pol_prev <= policy_sel;\n    f_pol_prev2 <= f_pol_prev;\n  end\n");
  if (d.POL == DRAM_MIB_FRFCFS || RTP)
    wgb_printf(o, "  logic [%d:0] f_new = '0, f_new2 = '0;  // the reads taken at the last edge, at the one before\n"
                  "  always @(posedge clk) begin\n    f_new <= enq ? free_oh : '0;\n    f_new2 <= f_new;\n  end\n", N - 1);
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // the registered banks with a read are what the queue holds\n    assert(bank_has == f_has);\n");
  wgb_printf(o, "    // the pipeline: at most one bank in each stage, never the same twice; the bank and row stages'\n"
                "    // banks have a read; the pick is a read of its bank\n");
  wgb_printf(o, "    assert($onehot0(bb_oh) && $onehot0(sb_oh) && $onehot0(pk_oh));\n");
  wgb_printf(o, "    assert((bb_oh & sb_oh) == '0 && (bb_oh & pk_oh) == '0 && (sb_oh & pk_oh) == '0);\n");
  wgb_printf(o, "    assert(((bb_oh | sb_oh) & ~f_has) == '0);\n");
  wgb_printf(o, "    assert(!(|pk_oh) || (q_valid[pk_slot] && pk_oh[q_bank[pk_slot]]));\n");
  wgb_printf(o, "    // the round-robin pointer: the banks from one of them on\n");
  wgb_printf(o, "    assert(rr_mask != '0 && (rr_mask | (rr_mask - %d'd1)) == '1);\n", NB);
  if (d.RT) wgb_printf(o, "    // the pick's row-table entry, registered with it\n    assert(!(|pk_oh) || pk_rid == q_rid[pk_slot]);\n");
  if (d.mib) wgb_printf(o, "    // the registered dummy's read is queued\n    assert(!du_v || q_valid[du_slot]);\n");
  if (d.mib && d.RT) {
    wgb_printf(o, "    // ... its entry%s, read in its own cycle, are still the slot's\n"
                  "    assert(!du_v || (du_rid == q_rid[du_slot]%s));\n",
               d.use_s || d.use_sa ? " and merge length" : "", d.use_s || d.use_sa ? " && du_oml == q_ml[du_slot]" : "");
    if (d.use_sa) {
      const int DDW = dram_mib_ddw(&d);
      wgb_printf(o, "    // ... and its change to the row's age sum is age + merge length - the old one\n"
                    "    assert(!du_v || du_dd == %d'(du_age) + %d'(du_ml) - %d'(du_oml));\n", DDW, DDW, DDW);
      wgb_printf(o, "    // the read issued last cycle: its entry, one-hot\n"
                    "    assert(!pend_v || (pend_oh != '0 && (pend_oh & (pend_oh - 1'b1)) == '0));\n");
    }
  }
  wgb_printf(o, "    // the row stage's bank's reads and row hits, registered for the request stage\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++)\n      assert(!(|sb_oh) || (sb_c[i] == (q_valid[i] && sb_oh[q_bank[i]]) && sb_h[i] == (sb_c[i] && f_shit[i])));\n", N);
  if (d.ROWS) {
    if (d.RT)
      wgb_printf(o, "    // the chosen rows: valid entries of the row stage's bank, at least one\n"
                    "    for (int r = 0; r < %d; r++) assert(!(|sb_oh && sb_tied[r]) || (rt_valid[r] && sb_oh[rt_bank[r]]));\n", N);
    else
      wgb_printf(o, "    // the chosen reads: queued reads of the row stage's bank, at least one\n"
                    "    for (int i = 0; i < %d; i++) assert(!(|sb_oh && sb_tied[i]) || (q_valid[i] && sb_oh[q_bank[i]]));\n", N);
    wgb_printf(o, "    assert(!(|sb_oh) || (|sb_tied));\n");
  }
  wgb_printf(o, "    // the bank stage: a ready bank with a read, in no stage; the first from rr_mask on, else the first\n");
  wgb_printf(o, "    assert($onehot0(bsel_oh) && (bsel_oh & ~(bank_ready & f_has & ~bb_oh & ~sb_oh & ~pk_oh)) == '0);\n");
  wgb_printf(o, "    assert(choose == |(bank_ready & f_has & ~bb_oh & ~sb_oh & ~pk_oh) && (|bsel_oh) == choose);\n");
  wgb_printf(o, "    for (int b = 0; b < %d; b++)\n      for (int c = 0; c < %d; c++)\n"
                "        assert(!(bsel_oh[b] && bank_ok[c] && (rr_mask[c] && !rr_mask[b] || rr_mask[c] == rr_mask[b] && c < b)));\n",
             NB, NB);
  if (d.ROWS)
    wgb_printf(o, "    // the row stage's %s: of its bank, and the best of the bank stage's cycle (f_prev_bt)\n"
                  "    for (int r = 0; r < %d; r++) if (|bb_oh && tied[r]) assert(%s);\n"
                  "    assert(!(|bb_oh) || tied == f_prev_bt);\n",
               d.RT ? "rows" : "reads", N, d.RT ? "rt_valid[r] && bb_oh[rt_bank[r]]" : "q_valid[r] && bb_oh[q_bank[r]]");
  if (d.N >= 8) {
    wgb_printf(o, "    // the registered free-group bits: a group of 8 has a free %s exactly when its bit is set\n",
               d.RT ? "slot (entry)" : "slot");
    wgb_printf(o, "    for (int g = 0; g < %d; g++) assert(q_gfree[g] == !(&q_valid[g*8 +: 8])%s);\n", N / 8,
               d.RT ? " && rt_gfree[g] == !(&rt_valid[g*8 +: 8])" : "");
  }
  wgb_printf(o, "    // the request stage: a read of the row stage's bank, whenever it holds one\n");
  wgb_printf(o, "    assert(!(|sb_oh) || (nxt_v && q_valid[nxt_i] && sb_oh[q_bank[nxt_i]]));\n");
  wgb_printf(o, "    for (int t = 0; t < %d; t++)\n      if (|sb_oh && q_valid[t] && sb_oh[q_bank[t]] && 32'(nxt_i) != t) begin\n", N);
  wgb_printf(o, "        // Rule 1.1: a row hit goes before a miss\n        assert(!f_shit[t] || f_shit[nxt_i]);\n");
  if (d.ROWS) wgb_printf(o, "        // Rule 1.2: a miss is in one of the rows the row stage chose\n"
                            "        assert(f_shit[nxt_i] || f_ts[nxt_i]);\n");
  if (d.POL == DRAM_MIB_FRFCFS || RTP)
    wgb_printf(o, "        // FR-FCFS (in all three stages): of the same kind (hit / miss), nothing older; a miss taken\n"
                  "        // at one of the last two edges was not there for the bank stage's rows\n"
                  "        assert(!(%sf_shit[t] == f_shit[nxt_i] && (f_shit[t] || !(f_new[t] || f_new2[t])) && q_age[t] > q_age[nxt_i]));\n",
               RTP ? "policy_sel == 2'd0 && f_pol_prev == 2'd0 && f_pol_prev2 == 2'd0 && " : "");
  if (d.use_m || d.use_s)
    wgb_printf(o, "        // Rule 1.1 (M, S): of the open row's hits, none has a larger merge length\n"
                  "        assert(!(%sf_shit[t] && f_shit[nxt_i] && q_ml[t] > q_ml[nxt_i]));\n",
               RTP ? "(policy_sel == 2'd1 || policy_sel == 2'd2) && " : "");
  if (d.use_sa)
    wgb_printf(o, "        // Rule 1.1 (S+A): of the open row's hits, none has a larger age\n"
                  "        assert(!(%sf_shit[t] && f_shit[nxt_i] && q_age[t] > q_age[nxt_i]));\n", RTP ? "policy_sel == 2'd3 && " : "");
  wgb_printf(o, "        // the key {row hit, %srequest score, age}: none larger, none equal below it\n", d.ROWS ? "in a chosen row, " : "");
  wgb_printf(o, "        assert(!(pkey[t*%d +: %d] > pkey[32'(nxt_i)*%d +: %d] || (pkey[t*%d +: %d] == pkey[32'(nxt_i)*%d +: %d] && t < 32'(nxt_i))));\n",
             d.PKW, d.PKW, d.PKW, d.PKW, d.PKW, d.PKW, d.PKW, d.PKW);
  wgb_printf(o, "      end\n");
  char ts[96] = "";
  if (d.ROWS) snprintf(ts, sizeof ts, " && pkey[i*%d + %d] == f_ts[i]", d.PKW, d.PKW - 2);
  wgb_printf(o, "    // the request stage's key bits: the row hit and the chosen row, as restated\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++)\n      assert(!(|sb_oh && q_valid[i] && sb_oh[q_bank[i]]) || (pkey[i*%d + %d] == f_shit[i]%s));\n",
             N, d.PKW, d.PKW - 1, ts);
  wgb_printf(o, "  end\n\n");
}

static void dram_mib_props(wg_buf *o, wg_pv p) {
  dram_mib_dims d = dram_mib_dims_of(p);
  const int N = d.N;
  const int RT = d.POL == DRAM_MIB_RUNTIME;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  if (d.PIPE) dram_mib_props_pipe(o, &d);
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // a request is taken exactly when a slot is free\n");
  wgb_printf(o, "    assert(req_ready == (count != %d'd%d));\n", d.CW, N);
  if (d.PIPE) {
    wgb_printf(o, "    // something is issued exactly when the pick's bank is ready\n");
    wgb_printf(o, "    assert(issue_valid == |(pk_oh & bank_ready) && (!issue_valid || (issue_slot == pk_slot && pk_oh[issue_bank])));\n");
  } else {
  wgb_printf(o, "    // something is issued exactly when a ready bank has a request\n");
  wgb_printf(o, "    assert(issue_valid == |(bank_has & bank_ready));\n");
  }
  wgb_printf(o, "    // the issued slot holds a request of a ready bank, and the outputs are its fields\n");
  wgb_printf(o, "    assert(!issue_valid || (q_valid[issue_slot] && bank_ready[issue_bank] && issue_bank == q_bank[issue_slot]\n"
                "                            && issue_row == q_row[issue_slot] && issue_blk == q_blk[issue_slot]\n"
                "                            && issue_age == q_age[issue_slot]%s));\n",
             d.mib ? " && issue_ml == q_ml[issue_slot]" : "");
  if (!d.PIPE) wgb_printf(o, "    // round-robin: no ready bank with a request lies between rr_bank and the issued bank\n");
  for (int k = 0; k < d.NB - 1 && !d.PIPE; k++)
    wgb_printf(o, "    assert(!(issue_valid && bank_ok[rr_bank + %d'd%d] && (issue_bank - rr_bank) > %d'd%d));\n",
               d.BB, k, d.BB, k);
  for (int t = 0; t < N && !d.PIPE; t++) {
    wgb_printf(o, "    // slot %d: Rule 1.1 / FR-FCFS: a row hit in the issued bank always goes before a miss\n", t);
    wgb_printf(o, "    assert(!(issue_valid && !issue_hit && q_valid[%d] && q_bank[%d] == issue_bank && open_valid[issue_bank]\n"
                  "             && q_row[%d] == open_row[issue_bank]));\n", t, t, t);
    if (d.POL == DRAM_MIB_FRFCFS || RT)
      wgb_printf(o, "    // FR-FCFS: of the same kind (hit / miss) in the bank, nothing older is left\n"
                    "    assert(!(%sissue_valid && cand[%d] && hit[%d] == issue_hit && q_age[%d] > issue_age));\n",
                 RT ? "policy_sel == 2'd0 && " : "", t, t, t);
    if (d.use_m || d.use_s)
      wgb_printf(o, "    // Rule 1.1 (M, S): of the open row's hits, none has a larger merge length\n"
                    "    assert(!(%sissue_valid && issue_hit && hit[%d] && q_ml[%d] > issue_ml));\n",
                 RT ? "(policy_sel == 2'd1 || policy_sel == 2'd2) && " : "", t, t);
    if (d.use_sa)
      wgb_printf(o, "    // Rule 1.1 (S+A): of the open row's hits, none has a larger age\n"
                    "    assert(!(%sissue_valid && issue_hit && hit[%d] && q_age[%d] > issue_age));\n",
                 RT ? "policy_sel == 2'd3 && " : "", t, t);
    if (d.use_m)
      wgb_printf(o, "    // Rule 1.2 (M): on a miss the opened row holds the bank's largest merge length\n"
                    "    assert(!(%sissue_valid && !issue_hit && cand[%d] && q_ml[%d] > issue_ml));\n",
                 RT ? "policy_sel == 2'd1 && " : "", t, t);
  }
  if (!d.RT && !d.PIPE) {   /* the argmax tree: its winner is the largest key, the lowest slot among equals */
    wgb_printf(o, "    // the pick: no candidate's key is larger, and none with an equal key has a lower slot\n");
    wgb_printf(o, "    for (int i = 0; i < %d; i++)\n"
                  "      assert(!(issue_valid && cand[i] && (key[i*%d +: %d] > key[32'(issue_slot)*%d +: %d] ||\n"
                  "               (key[i*%d +: %d] == key[32'(issue_slot)*%d +: %d] && i < 32'(issue_slot)))));\n",
               N, d.KW, d.KW, d.KW, d.KW, d.KW, d.KW, d.KW, d.KW);
  }
  wgb_printf(o, "    // age_sat: some queued age is saturated\n");
  wgb_printf(o, "    assert(age_sat == |(q_valid & {");
  for (int i = N - 1; i >= 0; i--) wgb_printf(o, "q_age[%d] == AGE_MAX%s", i, i ? ", " : "}));\n");
  if (d.mib) {
    wgb_printf(o, "    // the dummy updates exactly one slot: the lowest with its block\n");
    wgb_printf(o, "    assert(dsel == (dmatch & (~dmatch + %d'd1)));\n", N);
  }
  wgb_printf(o, "    // a dummy hit needs a dummy%s\n", d.mib ? "" : " (never: FR-FCFS has no MIB)");
  if (d.mib) wgb_printf(o, "    assert(!dummy_hit || dummy_valid);\n");
  else wgb_printf(o, "    assert(!dummy_hit);\n");
  wgb_printf(o, "  end\n\n");

  /* step properties through explicit previous-cycle registers */
  wgb_printf(o, "  // the previous cycle, for the step properties\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_enq, f_prev_issue;\n");
  wgb_printf(o, "  logic [%d:0] f_prev_free_oh, f_prev_iss_oh, f_prev_valid;\n", N - 1);
  if (d.mib) wgb_printf(o, "  logic [%d:0] f_prev_dsel;\n", N - 1);
  wgb_printf(o, "  logic [%d:0] f_prev_req_age;\n  logic [%d:0] f_prev_issue_row;\n  logic [%d:0] f_prev_issue_bank;\n",
             d.AB - 1, d.RB - 1, d.BB - 1);
  if (d.mib) wgb_printf(o, "  logic [%d:0] f_prev_dummy_ml;\n", d.MLB - 1);
  if (d.PIPE) {
    wgb_printf(o, "  logic [%d:0] f_prev_bsel_oh, f_prev_bb_oh, f_prev_sb_oh;\n  logic f_prev_nxt_v;\n  logic [%d:0] f_prev_nxt_i;\n",
               d.NB - 1, d.QB - 1);
    if (d.ROWS) wgb_printf(o, "  logic [%d:0] f_prev_tied;\n", N - 1);
    if (d.mib) wgb_printf(o, "  logic [%d:0] f_prev_du_oh;\n  logic [%d:0] f_prev_du_ml;\n", N - 1, d.MLB - 1);
  }
  wgb_printf(o, "  always @(posedge clk) begin\n    f_prev_rst <= rst;\n    f_prev_enq <= enq;\n"
                "    f_prev_issue <= issue_valid;\n    f_prev_free_oh <= free_oh;\n    f_prev_iss_oh <= iss_oh;\n"
                "    f_prev_valid <= q_valid;\n    f_prev_req_age <= req_age;\n"
                "    f_prev_issue_row <= issue_row;\n    f_prev_issue_bank <= issue_bank;\n");
  if (d.mib) wgb_printf(o, "    f_prev_dummy_ml <= dummy_ml;\n    f_prev_dsel <= dsel;\n");
  if (d.PIPE) {
    wgb_printf(o, "    f_prev_bsel_oh <= bsel_oh;\n    f_prev_bb_oh <= bb_oh;\n    f_prev_sb_oh <= sb_oh;\n    f_prev_nxt_v <= nxt_v;\n"
                  "    f_prev_nxt_i <= nxt_i;\n");
    if (d.ROWS) wgb_printf(o, "    f_prev_tied <= tied;\n");
    if (d.mib) wgb_printf(o, "    f_prev_du_oh <= du_oh;\n    f_prev_du_ml <= du_ml;\n");
  }
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    // the issued slot is freed, a new request fills the lowest free slot, nothing else moves\n");
  wgb_printf(o, "    assert(q_valid == ((f_prev_valid & ~f_prev_iss_oh) | (f_prev_enq ? f_prev_free_oh : '0)));\n");
  wgb_printf(o, "    // the issued request's row is now open in its bank\n");
  wgb_printf(o, "    assert(!f_prev_issue || (open_valid[f_prev_issue_bank] && open_row[f_prev_issue_bank] == f_prev_issue_row));\n");
  if (d.PIPE) {
    wgb_printf(o, "    // the pipeline: the bank stage's choice, the row stage's, the request stage's pick, a cycle each\n");
    wgb_printf(o, "    assert(bb_oh == f_prev_bsel_oh && sb_oh == f_prev_bb_oh && pk_oh == (f_prev_nxt_v ? f_prev_sb_oh : '0)"
                  " && (!(|pk_oh) || pk_slot == f_prev_nxt_i));\n");
    if (d.ROWS) wgb_printf(o, "    assert(sb_tied == f_prev_tied);\n");
    if (d.mib)
      wgb_printf(o, "    // the DEMUX's register: last cycle's dummy, unless its read left then\n"
                    "    assert(du_oh == (f_prev_dsel & ~f_prev_iss_oh) && (!du_v || du_ml == f_prev_dummy_ml));\n");
    wgb_printf(o, "    // a read taken at the last edge is not the pick yet\n");
    wgb_printf(o, "    assert(!(|pk_oh && f_prev_enq && f_prev_free_oh[pk_slot]));\n");
    wgb_printf(o, "    // Rule 1.1 at the issue: no row hit of the issued bank queued before the last edge is left\n"
                  "    // when a miss is issued (one taken at the last edge was not seen)\n");
    wgb_printf(o, "    for (int t = 0; t < %d; t++)\n"
                  "      assert(!(issue_valid && !issue_hit && f_prev_valid[t] && q_valid[t] && q_bank[t] == issue_bank\n"
                  "               && open_valid[issue_bank] && q_row[t] == open_row[issue_bank]));\n", N);
  }
  for (int i = 0; i < N; i++) {
    wgb_printf(o, "    // slot %d: a new request starts with its own age%s\n", i, d.mib ? " and merge length 1" : "");
    if (d.mib) {
      wgb_printf(o, "    assert(!(f_prev_enq && f_prev_free_oh[%d]) || (q_age[%d] == f_prev_req_age && q_ml[%d] == '0));\n",
                 i, i, i);
      if (d.PIPE) {
        wgb_printf(o, "    // slot %d: the registered dummy overwrites the merge length of its read, a cycle after it came\n", i);
        wgb_printf(o, "    assert(!(f_prev_du_oh[%d] && !f_prev_iss_oh[%d]) || q_ml[%d] == f_prev_du_ml);\n", i, i, i);
      } else {
      wgb_printf(o, "    // slot %d: a dummy overwrites the merge length of the queued request with its block\n", i);
      wgb_printf(o, "    assert(!(f_prev_dsel[%d] && !f_prev_iss_oh[%d]) || q_ml[%d] == f_prev_dummy_ml);\n", i, i, i);
      }
    } else {
      wgb_printf(o, "    assert(!(f_prev_enq && f_prev_free_oh[%d]) || q_age[%d] == f_prev_req_age);\n", i, i);
    }
  }
  wgb_printf(o, "  end\n\n");

  if (d.RT) dram_mib_props_table(o, &d);

  wgb_printf(o, "  // reachability\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    cover(!req_ready);  // the read queue is full\n");
  wgb_printf(o, "    cover(issue_valid && issue_hit && count > %d'd1);  // a row hit\n", d.CW);
  wgb_printf(o, "    cover(issue_valid && !issue_hit && open_valid[issue_bank]);  // a row miss: another row opened\n");
  if (d.mib) {
    wgb_printf(o, "    cover(dummy_hit);  // a dummy updates a queued request\n");
    wgb_printf(o, "    cover(dummy_valid && !dummy_hit%s);  // a dummy without its request is dropped\n",
               RT ? " && policy_sel != 2'd0" : "");
    wgb_printf(o, "    cover(issue_valid && issue_ml != '0);  // a merged request issued\n");
  }
  wgb_printf(o, "    cover(age_sat);  // a saturated age\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    cover(f_prev_issue && issue_valid && f_prev_issue_bank != issue_bank);  // banks served round-robin\n");
  wgb_printf(o, "  end\n");
}
static int dram_mib_check(wg_pv p, char *err, size_t n) {
  if (p[DRAM_MIB_ROW_TABLE] && p[DRAM_MIB_POLICY] == DRAM_MIB_FRFCFS) {
    snprintf(err, n, "ROW_TABLE=1 needs row scores: POLICY must be 1..4 (POLICY=0, FR-FCFS, has none)");
    return 1;
  }
  return 0;
}

const wg_block wg_block_dram_mib = {
  "dram_mib",
  "DRAM-controller side of the inter-core locality aware scheduler: read queue, DRAM MIB, row scores, FR-FCFS / MSHR-M / MSHR-S / MSHR-S+A pick",
  "Inter-core Locality Aware Memory Access Scheduling (D. Li, UBC MASc thesis, 2015)",
  "thesis 4.1-4.5, Rule 1, Fig. 4.1, Fig. 4.2, Table 5.1",
  dram_mib_params, DRAM_MIB_NPARAMS, dram_mib_presets, DRAM_MIB_NPRESETS, "thesis",
  "4.5: DRAM MIB 64 x 43 bits (24 block + 4 merge + 15 age) = 344 bytes; row score table 64 x 35 bits "
  "(4 bank + 12 row + 19 merge+age) = 280 bytes; 128 15-bit adders = 1360 byte-equivalents; total 1984 bytes.  "
  "Ours: the MIB rows at BLK_BITS=24 (-p BLK_BITS=24) are exactly 64 x 43 = 344 bytes (merge length stored "
  "as length-1 in 4 bits); 25 bits is the correct block address (64 x 44 = 352 bytes).  The row-score table "
  "(ROW_TABLE=1, the thesis preset) has 64 entries of 4 bank + 12 row + 11 merge sum + 22 age sum + 7 count bits "
  "(a 19-bit field cannot hold a row's sums: 11 bits for 64 x 16 merges, 21 for 64 ages, one more for what the "
  "pipelined pick takes out a cycle late) plus a 6-bit entry index "
  "per slot; ROW_TABLE=0 stores none and computes the scores from the queue every cycle -- see docs/blocks/dram_mib.md",
  dram_mib_check, dram_mib_ports, dram_mib_storage, dram_mib_rtl, dram_mib_props,
  "the row-hit bit is left out of the pick key: a row miss can be issued while a row hit waits",
  "QUEUE=4,8,16,32,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "mib_blk mib_ml mib_age rt_bank rt_row rt_msum rt_asum",
};
