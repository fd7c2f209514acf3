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
       DRAM_MIB_AGE_BITS, DRAM_MIB_POLICY, DRAM_MIB_ROW_TABLE, DRAM_MIB_NPARAMS };

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
};

static const wg_preset dram_mib_presets[] = {
  {"thesis", "QUEUE=64 BANKS=16 ROW_BITS=12 BLK_BITS=25 MAX_MERGE=16 AGE_BITS=15 POLICY=3 ROW_TABLE=1",
   "the thesis' controller (Table 5.1: 64-entry read queue, 16 banks, 4096 rows) with MSHR-S+A, 25-bit block "
   "addresses and the thesis' row-score table (4.5)",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small", "QUEUE=4 BANKS=2 ROW_BITS=2 BLK_BITS=3 MAX_MERGE=4 AGE_BITS=6 POLICY=4",
   "4 slots, 2 banks, 4 rows, 8 blocks, merge lengths 1..4, 6-bit ages, all four policies at run time, row scores "
   "computed exactly: fast tests and formal proofs", 0},
  {"small_table", "QUEUE=4 BANKS=2 ROW_BITS=2 BLK_BITS=3 MAX_MERGE=4 AGE_BITS=6 POLICY=4 ROW_TABLE=1",
   "small with the row-score table: fast tests; its induction runs for many minutes (the table's sums), "
   "so make formal checks it to a bound", WG_SLOW_FORMAL},
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
  switch (d.POL) {
  case DRAM_MIB_FRFCFS: d.RSW = 0; d.RQW = 0; break;
  case DRAM_MIB_M: d.RSW = d.MLB; d.RQW = d.MLB; break;
  case DRAM_MIB_S: d.RSW = d.SSW; d.RQW = d.MLB; break;
  case DRAM_MIB_SA: d.RSW = d.ASW; d.RQW = 0; break;
  default: d.RSW = d.ASW > d.SSW ? d.ASW : d.SSW; d.RQW = d.MLB;
  }
  d.RT = (int)p[DRAM_MIB_ROW_TABLE];
  d.KW = d.RT ? 1 + d.RQW + d.AB : 2 + d.RSW + d.RQW + d.AB;
  d.RKW = 2 + d.RSW;
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
  o[n++] = (wg_field){"rr_bank", d.BB, 1, "bank round-robin pointer (GPGPU-Sim's prio)"};
  return n;
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

  wgb_printf(o, "\n  // ---- the row-score table: the best row of the picked bank ----\n");
  wgb_printf(o, "  // row key = {in the picked bank, the bank's open row (Rule 1.1), row score (Rule 1.2)}\n");
  wgb_printf(o, "  logic [%d:0] rkey;     // entry r's row key at [r*%d +: %d]\n", N * d.RKW - 1, d.RKW, d.RKW);
  wgb_printf(o, "  logic [%d:0] rbest;\n", d.RKW - 1);
  wgb_printf(o, "  for (genvar r = 0; r < %d; r++) begin : g_row\n", N);
  wgb_printf(o, "    logic inbank;\n    assign inbank = rt_valid[r] && (rt_bank[r] == bsel);\n");
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
  wgb_printf(o, "    assign rkey[r*%d +: %d] = {inbank, %s, rscore};\n", d.RKW, d.RKW,
             mutant ? "1'b0 /* MUTANT: no row-hit priority */" : "inbank && sel_open && (rt_row[r] == sel_open_row)");
  wgb_printf(o, "    assign tied[r] = rt_valid[r] && (rkey[r*%d +: %d] == rbest);\n  end\n", d.RKW, d.RKW);
  wg_emit_max_tree(o, "rbest", "rkey", d.RKW, N);

  wgb_printf(o, "\n  // ---- the row-score table: this cycle's updates ----\n");
  wgb_printf(o, "  // a new read joins its row's entry ({bank, row} CAM) or takes the lowest free one\n");
  wgb_printf(o, "  logic [%d:0] rt_hit, rt_free, rt_enq;\n", N - 1);
  wgb_printf(o, "  always_comb for (int r = 0; r < %d; r++) rt_hit[r] = rt_valid[r] && rt_bank[r] == req_bank"
                " && rt_row[r] == req_row;\n", N);
  wgb_printf(o, "  assign rt_free = ~rt_valid & (rt_valid + %d'd1);  // the lowest free entry\n", N);
  wgb_printf(o, "  assign rt_enq = !enq ? '0 : (|rt_hit) ? rt_hit : rt_free;\n");
  wgb_printf(o, "  logic [%d:0] enq_rid;\n", QB - 1);
  wg_emit_onehot_index(o, "enq_rid", QB, "rt_enq", N);
  wgb_printf(o, "  // the issued slot's and the dummy's entries (one-hot AND-OR reads)\n");
  wgb_printf(o, "  logic [%d:0] iss_rid, dum_rid;\n", QB - 1);
  if (d.use_s || d.use_sa) wgb_printf(o, "  logic [%d:0] dum_ml;  // the dummy's slot's merge length - 1 before it\n", d.MLB - 1);
  wgb_printf(o, "  always_comb begin\n    iss_rid = '0;\n    dum_rid = '0;\n");
  if (d.use_s || d.use_sa) wgb_printf(o, "    dum_ml = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      iss_rid = iss_rid | (q_rid[i] & {%d{iss_oh[i]}});\n", QB);
  wgb_printf(o, "      dum_rid = dum_rid | (q_rid[i] & {%d{dsel[i]}});\n", QB);
  if (d.use_s || d.use_sa) wgb_printf(o, "      dum_ml = dum_ml | (q_ml[i] & {%d{dsel[i]}});\n", d.MLB);
  wgb_printf(o, "    end\n  end\n");
  wgb_printf(o, "  logic [%d:0] iss_rt, dum_rt;  // the issued read's entry, the dummy's, one-hot\n", N - 1);
  wgb_printf(o, "  assign iss_rt = issue_valid ? (%d'd1 << iss_rid) : '0;\n", N);
  wgb_printf(o, "  // the dummy updates a slot that stays (not the issued one)\n");
  wgb_printf(o, "  assign dum_rt = (|(dsel & ~iss_oh)) ? (%d'd1 << dum_rid) : '0;\n", N);
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
  wgb_printf(o, "  logic [%d:0] rt_valid_nx;\n", N - 1);
  wgb_printf(o, "  logic [%d:0] rt_cnt_nx;  // entry r's at [r*%d +: %d]\n", N * d.CW - 1, d.CW, d.CW);
  if (d.use_s || d.use_sa) wgb_printf(o, "  logic [%d:0] rt_msum_nx;\n", N * d.SSW - 1);
  if (d.use_sa) wgb_printf(o, "  logic [%d:0] rt_asum_nx;\n", N * d.ASW - 1);
  if (d.use_m) wgb_printf(o, "  logic [%d:0] rt_max_nx;\n", N * d.MLB - 1);
  wgb_printf(o, "  for (genvar r = 0; r < %d; r++) begin : g_rt\n", N);
  wgb_printf(o, "    logic add, sub, dum;  // a read joins, the issued read leaves, the dummy updates one\n");
  wgb_printf(o, "    assign add = rt_enq[r];\n    assign sub = iss_rt[r];\n    assign dum = dum_rt[r];\n");
  wgb_printf(o, "    // a free entry counts as empty: its old fields are never read\n");
  wgb_printf(o, "    logic [%d:0] cnt;\n    assign cnt = rt_valid[r] ? rt_cnt[r] : '0;\n", d.CW - 1);
  wgb_printf(o, "    assign rt_cnt_nx[r*%d +: %d] = cnt + %s - %s;\n", d.CW, d.CW,
             wg_zext(a, sizeof a, "add", 1, d.CW), wg_zext(b, sizeof b, "sub", 1, d.CW));
  wgb_printf(o, "    assign rt_valid_nx[r] = rt_cnt_nx[r*%d +: %d] != '0;\n", d.CW, d.CW);
  if (d.use_s || d.use_sa) {
    wgb_printf(o, "    // merge lengths: the issued read's leaves, the dummy's replaces its slot's, a new one is 1\n");
    wgb_printf(o, "    logic [%d:0] msum, msum_stay;  // msum_stay: of the reads that stay, after the dummy\n", d.SSW - 1);
    wgb_printf(o, "    assign msum = rt_valid[r] ? rt_msum[r] : '0;\n");
    wgb_printf(o, "    assign msum_stay = msum - (sub ? %s + %d'd1 : '0) + (dum ? %s - %s : '0);\n",
               wg_zext(a, sizeof a, "issue_ml", d.MLB, d.SSW), d.SSW, wg_zext(b, sizeof b, "dummy_ml", d.MLB, d.SSW),
               wg_zext(c, sizeof c, "dum_ml", d.MLB, d.SSW));
    wgb_printf(o, "    assign rt_msum_nx[r*%d +: %d] = msum_stay + %s;\n", d.SSW, d.SSW, wg_zext(a, sizeof a, "add", 1, d.SSW));
  }
  if (d.use_sa) {
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
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int r = 0; r < %d; r++) begin\n", N);
  wgb_printf(o, "      if (rt_enq[r] && !rt_valid[r]) begin\n        rt_bank[r] <= req_bank;\n        rt_row[r] <= req_row;\n      end\n");
  wgb_printf(o, "      rt_cnt[r] <= rt_cnt_nx[r*%d +: %d];\n", d.CW, d.CW);
  if (d.use_s || d.use_sa) wgb_printf(o, "      rt_msum[r] <= rt_msum_nx[r*%d +: %d];\n", d.SSW, d.SSW);
  if (d.use_sa) wgb_printf(o, "      rt_asum[r] <= rt_asum_nx[r*%d +: %d];\n", d.ASW, d.ASW);
  if (d.use_m) wgb_printf(o, "      rt_max[r] <= rt_max_nx[r*%d +: %d];\n", d.MLB, d.MLB);
  wgb_printf(o, "    end\n  end\n");
}

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
  wgb_printf(o, "  logic [%d:0] rr_bank;  // round-robin: the bank tried first\n", BB - 1);
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
  wgb_printf(o, "  assign free_oh = ~q_valid & (q_valid + %d'd1);\n", N);
  wgb_printf(o, "  assign req_ready = !(&q_valid);\n");
  wgb_printf(o, "  logic enq;\n  assign enq = req_valid && req_ready;\n");
  wg_emit_popcount(o, "count", d.CW, "q_valid", N);

  wgb_printf(o, "\n  // ---- per-slot signals, declared here, driven in g_slot below ----\n");
  wgb_printf(o, "  logic [%d:0] cand;     // in the picked bank\n", N - 1);
  wgb_printf(o, "  logic [%d:0] hit;      // ... and in its open row\n", N - 1);
  wgb_printf(o, "  logic [%d:0] slot_bank;  // slot i's bank, one-hot, at [i*%d +: %d] (0 when free)\n", N * NB - 1, NB, NB);
  wgb_printf(o, "  logic [%d:0] key;      // slot i's pick key at [i*%d +: %d]\n", N * d.KW - 1, d.KW, d.KW);
  wgb_printf(o, "  logic [%d:0] dmatch;   // the dummy names slot i's block\n", N - 1);
  if (d.mib) wgb_printf(o, "  logic [%d:0] dsel;     // ... the lowest such slot: the one the dummy updates\n", N - 1);
  if (d.RT) wgb_printf(o, "  logic [%d:0] tied;     // table entry r holds a row with the best row key\n"
                          "  logic [%d:0] tsel;     // slot i is in such a row\n", N - 1, N - 1);
  wgb_printf(o, "  logic [%d:0] age_nx;   // slot i's age after this cycle at [i*%d +: %d]\n", N * d.AB - 1, d.AB, d.AB);
  if (d.mib) wgb_printf(o, "  logic [%d:0] ml_nx;    // slot i's merge length - 1 after this cycle\n", N * d.MLB - 1);
  wgb_printf(o, "  logic [%d:0] aged_out; // slot i's age is saturated\n", N - 1);

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
  wgb_printf(o, "  logic [%d:0] sel_open_row;  // the picked bank's open row (one-hot AND-OR read)\n", d.RB - 1);
  wgb_printf(o, "  logic sel_open;\n");
  wgb_printf(o, "  always_comb begin\n    sel_open_row = '0;\n    for (int b = 0; b < %d; b++)\n"
                "      sel_open_row = sel_open_row | (open_row[b] & {%d{bsel_oh[b]}});\n  end\n", NB, d.RB);
  wgb_printf(o, "  assign sel_open = |(open_valid & bsel_oh);\n");

  wgb_printf(o, "\n  // ---- the DRAM MIB's dummy port ----\n");
  wgb_printf(o, "  logic dummy_en;\n");
  if (d.POL == DRAM_MIB_FRFCFS) wgb_printf(o, "  assign dummy_en = 1'b0;  // FR-FCFS: the baseline has no MIB\n");
  else if (d.POL == DRAM_MIB_RUNTIME) wgb_printf(o, "  assign dummy_en = dummy_valid && !pol_fr;  // FR-FCFS ignores dummies\n");
  else wgb_printf(o, "  assign dummy_en = dummy_valid;\n");
  wgb_printf(o, "  assign dummy_hit = |dmatch;\n");
  if (d.mib) {
    wgb_printf(o, "  // a block is queued once (an L2 MSHR entry waits for its read); should it be\n"
                  "  // queued twice, the dummy updates the lowest slot, like a CAM's first match\n");
    wg_emit_prio_pick(o, "dsel", "dmatch", N);
  }

  wgb_printf(o, "\n  // ---- per slot: candidate, row score, pick key, MIB update ----\n");
  wgb_printf(o, "  // key = {candidate, row hit (Rule 1.1 before 1.2), row score, request score, age};\n"
                "  // the largest key wins, ties go to the lowest slot.\n");
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_slot\n", N);
  wgb_printf(o, "    assign slot_bank[i*%d +: %d] = q_valid[i] ? (%d'd1 << q_bank[i]) : '0;\n", NB, NB, NB);
  wgb_printf(o, "    assign cand[i] = q_valid[i] && (q_bank[i] == bsel);\n");
  wgb_printf(o, "    assign hit[i]  = cand[i] && sel_open && (q_row[i] == sel_open_row);\n");
  if (d.RT) {
    wgb_printf(o, "    assign tsel[i] = q_valid[i] && tied[q_rid[i]];\n");
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
  if (d.RT)
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
    wgb_printf(o, "    assign ml_nx[i*%d +: %d] = dsel[i] ? dummy_ml : q_ml[i];\n", d.MLB, d.MLB);
    wgb_printf(o, "    assign age_sum = %s + (dsel[i] ? %s : '0) + %s + %d'd1;\n",
               wg_zext(a, sizeof a, "q_age[i]", d.AB, d.SW), wg_zext(b, sizeof b, "dummy_age", d.AB, d.SW),
               wg_zext(c, sizeof c, (snprintf(a, 64, "ml_nx[i*%d +: %d]", d.MLB, d.MLB), a), d.MLB, d.SW), d.SW);
  } else {
    wgb_printf(o, "    assign age_sum = %s + %d'd1;\n", wg_zext(a, sizeof a, "q_age[i]", d.AB, d.SW), d.SW);
  }
  wgb_printf(o, "    assign age_nx[i*%d +: %d] = (age_sum > %d'd%lld) ? AGE_MAX : age_sum[%d:0];\n", d.AB, d.AB, d.SW,
             d.AMAX, d.AB - 1);
  wgb_printf(o, "    assign aged_out[i] = q_valid[i] && (q_age[i] == AGE_MAX);\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  assign age_sat = |aged_out;\n");

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
  wgb_printf(o, "  assign issue_hit = |(hit & iss_oh);\n");
  if (d.RT) dram_mib_rtl_table(o, &d, mutant);

  wgb_printf(o, "\n  // ---- the clock edge ----\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) q_valid <= '0;\n"
                "    else q_valid <= (q_valid & ~iss_oh) | (enq ? free_oh : '0);\n  end\n");
  wgb_printf(o, "  // payload: a new request takes the lowest free slot; queued ones age\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      if (enq && free_oh[i]) begin\n        q_bank[i] <= req_bank;\n        q_row[i]  <= req_row;\n"
                "        q_blk[i]  <= req_blk;\n");
  if (d.mib) wgb_printf(o, "        q_ml[i]   <= '0;  // no MIB information yet: merge length 1\n");
  if (d.RT) wgb_printf(o, "        q_rid[i]  <= enq_rid;\n");
  wgb_printf(o, "        q_age[i]  <= req_age;\n      end else if (q_valid[i]) begin\n");
  if (d.mib) wgb_printf(o, "        q_ml[i]   <= ml_nx[i*%d +: %d];\n", d.MLB, d.MLB);
  wgb_printf(o, "        q_age[i]  <= age_nx[i*%d +: %d];\n      end\n    end\n  end\n", d.AB, d.AB);
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
      wgb_printf(o, "    assert(!rt_valid[%d] || rt_asum[%d] >= f_asum[%d +: %d]);\n", r, r, r * d.ASW, d.ASW);
      wgb_printf(o, "    assert(!rt_valid[%d] || f_taint[%d] || rt_asum[%d] == f_asum[%d +: %d]);\n", r, r, r, r * d.ASW, d.ASW);
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

static void dram_mib_props(wg_buf *o, wg_pv p) {
  dram_mib_dims d = dram_mib_dims_of(p);
  const int N = d.N;
  const int RT = d.POL == DRAM_MIB_RUNTIME;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // a request is taken exactly when a slot is free\n");
  wgb_printf(o, "    assert(req_ready == (count != %d'd%d));\n", d.CW, N);
  wgb_printf(o, "    // something is issued exactly when a ready bank has a request\n");
  wgb_printf(o, "    assert(issue_valid == |(bank_has & bank_ready));\n");
  wgb_printf(o, "    // the issued slot holds a request of a ready bank, and the outputs are its fields\n");
  wgb_printf(o, "    assert(!issue_valid || (q_valid[issue_slot] && bank_ready[issue_bank] && issue_bank == q_bank[issue_slot]\n"
                "                            && issue_row == q_row[issue_slot] && issue_blk == q_blk[issue_slot]\n"
                "                            && issue_age == q_age[issue_slot]%s));\n",
             d.mib ? " && issue_ml == q_ml[issue_slot]" : "");
  wgb_printf(o, "    // round-robin: no ready bank with a request lies between rr_bank and the issued bank\n");
  for (int k = 0; k < d.NB - 1; k++)
    wgb_printf(o, "    assert(!(issue_valid && bank_ok[rr_bank + %d'd%d] && (issue_bank - rr_bank) > %d'd%d));\n",
               d.BB, k, d.BB, k);
  for (int t = 0; t < N; t++) {
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
  if (!d.RT) {   /* the argmax tree: its winner is the largest key, the lowest slot among equals */
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
  wgb_printf(o, "  always @(posedge clk) begin\n    f_prev_rst <= rst;\n    f_prev_enq <= enq;\n"
                "    f_prev_issue <= issue_valid;\n    f_prev_free_oh <= free_oh;\n    f_prev_iss_oh <= iss_oh;\n"
                "    f_prev_valid <= q_valid;\n    f_prev_req_age <= req_age;\n"
                "    f_prev_issue_row <= issue_row;\n    f_prev_issue_bank <= issue_bank;\n");
  if (d.mib) wgb_printf(o, "    f_prev_dummy_ml <= dummy_ml;\n    f_prev_dsel <= dsel;\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    // the issued slot is freed, a new request fills the lowest free slot, nothing else moves\n");
  wgb_printf(o, "    assert(q_valid == ((f_prev_valid & ~f_prev_iss_oh) | (f_prev_enq ? f_prev_free_oh : '0)));\n");
  wgb_printf(o, "    // the issued request's row is now open in its bank\n");
  wgb_printf(o, "    assert(!f_prev_issue || (open_valid[f_prev_issue_bank] && open_row[f_prev_issue_bank] == f_prev_issue_row));\n");
  for (int i = 0; i < N; i++) {
    wgb_printf(o, "    // slot %d: a new request starts with its own age%s\n", i, d.mib ? " and merge length 1" : "");
    if (d.mib) {
      wgb_printf(o, "    assert(!(f_prev_enq && f_prev_free_oh[%d]) || (q_age[%d] == f_prev_req_age && q_ml[%d] == '0));\n",
                 i, i, i);
      wgb_printf(o, "    // slot %d: a dummy overwrites the merge length of the queued request with its block\n", i);
      wgb_printf(o, "    assert(!(f_prev_dsel[%d] && !f_prev_iss_oh[%d]) || q_ml[%d] == f_prev_dummy_ml);\n", i, i, i);
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
  "(ROW_TABLE=1, the thesis preset) has 64 entries of 4 bank + 12 row + 11 merge sum + 21 age sum + 7 count bits "
  "(a 19-bit field cannot hold a row's sums: 11 bits for 64 x 16 merges, 21 for 64 ages) plus a 6-bit entry index "
  "per slot; ROW_TABLE=0 stores none and computes the scores from the queue every cycle -- see docs/blocks/dram_mib.md",
  dram_mib_check, dram_mib_ports, dram_mib_storage, dram_mib_rtl, dram_mib_props,
  "the row-hit bit is left out of the pick key: a row miss can be issued while a row hit waits",
  "QUEUE=4,8,16,32,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "mib_blk mib_ml mib_age rt_bank rt_row rt_msum rt_asum",
};
