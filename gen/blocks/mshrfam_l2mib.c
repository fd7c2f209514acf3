/*
** mshrfam_l2mib.c -- the L2 side of inter-core locality aware memory access
** scheduling (Dongdong Li, UBC MASc thesis 2015, §4.4, §4.5,
** Fig. 4.2): the Merge Information Buffer beside the L2 MSHR and the output
** multiplexer that sends either a dummy request (the valid MIB entry with the
** highest request score) or the head of the miss queue, one per cycle.
**
** Part of the MSHR family (mshr, l2mib, dram_mib): every static symbol here
** is prefixed 'l2mib_' so the family's files can be concatenated.  Choices
** where the thesis is silent are in docs/blocks/l2mib.md; the C model
** sim/models/l2mib.{c,h} implements the same rules and the lockstep harness
** holds it to every output bit.
*/
#include "../wg.h"

#include <string.h>

enum { L2MIB_ENTRIES, L2MIB_MAX_MERGE, L2MIB_AGE_W, L2MIB_BLK_W, L2MIB_INFO_W, L2MIB_SCORE,
       L2MIB_PIPE, L2MIB_NPARAMS };

static const wg_param_def l2mib_params[] = {
  {"ENTRIES",   64, 1, 64, 0, "MIB entries, one per L2 MSHR entry (Table 5.1: 64 per memory sub-partition)"},
  {"MAX_MERGE", 16, 2, 64, 0, "requests an MSHR entry can hold (Table 5.1: 16 merges / entry); the MIB stores length-1"},
  {"AGE_W",     15, 1, 24, 0, "age field, saturating at 2^AGE_W-1 (thesis 4.5: 15 bits)"},
  {"BLK_W",     25, 1, 32, 0, "block address (thesis: \"24 bits\"; 32-bit address, 128-byte lines: 25)"},
  {"INFO_W",    16, 1, 32, 0, "normal request payload passed from the miss queue (e.g. a 16-bit creation timestamp)"},
  {"SCORE",      1, 0,  1, 0, "request score of the dummy pick: 0 merge length (MSHR-M/-S), 1 age (MSHR-S+A)"},
  {"PIPE",       1, 0,  1, 0, "0: the dummy is picked and offered in one cycle (the thesis' multiplexer); 1: the pick is "
                              "registered, chosen from the entries still valid after this cycle, offered the next (5 ns clock)"},
};

/* The 64-entry presets are WG_SLOW_FORMAL: their induction (about 270,000
** SAT variables per step) did not finish within 120 s on the shared build
** machine with Yosys' SAT, nor in 900 s with Bitwuzla through SymbiYosys,
** which closes 16 entries in 54 s (docs/formal.md, "Where induction stops");
** 'small' proves in seconds (docs/blocks/l2mib.md, Verification). */
static const wg_preset l2mib_presets[] = {
  {"thesis", "ENTRIES=64 MAX_MERGE=16 AGE_W=15 BLK_W=25 INFO_W=16 SCORE=1 PIPE=1",
   "the thesis' L2 MIB for MSHR-S+A: 64 entries x (1 valid + 4 merge length + 15 age) = 160 bytes, dummy picked by age, "
   "the pick registered", WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"thesis_ms", "ENTRIES=64 MAX_MERGE=16 AGE_W=15 BLK_W=25 INFO_W=16 SCORE=0 PIPE=1",
   "the same MIB for MSHR-M and MSHR-S: the dummy with the longest merge length goes first", WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"thesis_1cycle", "ENTRIES=64 MAX_MERGE=16 AGE_W=15 BLK_W=25 INFO_W=16 SCORE=1 PIPE=0",
   "the thesis' MIB with the pick and the multiplexer in one cycle, for comparison (11.6 ns)", WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small", "ENTRIES=4 MAX_MERGE=4 AGE_W=4 BLK_W=4 INFO_W=2 SCORE=1 PIPE=1",
   "4 entries, 4 merges, a 4-bit age that saturates quickly: fast tests and formal proofs", 0},
  {"small_1cycle", "ENTRIES=4 MAX_MERGE=4 AGE_W=4 BLK_W=4 INFO_W=2 SCORE=1 PIPE=0",
   "small with the one-cycle pick", 0},
};

/* derived widths */
typedef struct l2mib_dims {
  int N, MM, AW, BW, FW, score_age, pipe;
  int IW;   /* entry index bits */
  int LB;   /* stored merge length - 1: clog2(MAX_MERGE) bits (the thesis' 4 for 16) */
  int LW;   /* merge length 1..MAX_MERGE on the ports: bits_for(MAX_MERGE) */
  int CW;   /* count of valid entries, 0..ENTRIES */
  int SW;   /* score bits */
} l2mib_dims;

static l2mib_dims l2mib_dims_of(wg_pv p) {
  l2mib_dims d;
  d.N = (int)p[L2MIB_ENTRIES];
  d.MM = (int)p[L2MIB_MAX_MERGE];
  d.AW = (int)p[L2MIB_AGE_W];
  d.BW = (int)p[L2MIB_BLK_W];
  d.FW = (int)p[L2MIB_INFO_W];
  d.score_age = (int)p[L2MIB_SCORE];
  d.pipe = (int)p[L2MIB_PIPE];
  d.IW = wg_clog2(d.N);
  d.LB = wg_clog2(d.MM);
  d.LW = wg_bits_for(d.MM);
  d.CW = wg_bits_for(d.N);
  d.SW = d.score_age ? d.AW : d.LB;
  return d;
}

static int l2mib_ports(wg_pv p, wg_port *o) {
  l2mib_dims d = l2mib_dims_of(p);
  int n = 0;
#define L2MIB_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  L2MIB_PORT("rst",        WG_IN,  1, 1, "synchronous reset: every MIB entry cleared");
  L2MIB_PORT("merge",      WG_IN,  1, 1, "a read miss merged into a pending MSHR entry this cycle (non-first miss)");
  L2MIB_PORT("merge_idx",  WG_IN,  d.IW, 6, "the MSHR entry it merged into (>= ENTRIES: ignored)");
  L2MIB_PORT("merge_len",  WG_IN,  d.LW, 7, "the entry's merge length after the merge, 1..MAX_MERGE (from the MSHR)");
  L2MIB_PORT("merge_age",  WG_IN,  d.AW, 24, "age of the merged request, now - creation time (Eq. 4.1), saturated by the sender");
  L2MIB_PORT("fill",       WG_IN,  1, 1, "the MSHR entry fill_idx was filled from DRAM and released: clear its MIB entry");
  L2MIB_PORT("fill_idx",   WG_IN,  d.IW, 6, "the entry filled (>= ENTRIES: ignored)");
  L2MIB_PORT("mshr_blk",   WG_IN,  d.N * d.BW, 2048,
             "the MSHR's block address field, entry i at [i*BLK_W +: BLK_W] (reused, not stored in the MIB)");
  L2MIB_PORT("mq_valid",   WG_IN,  1, 1, "the miss queue has a head (a first-miss request to DRAM)");
  L2MIB_PORT("mq_blk",     WG_IN,  d.BW, 32, "miss-queue head: block address");
  L2MIB_PORT("mq_info",    WG_IN,  d.FW, 32, "miss-queue head: the rest of the normal request (e.g. creation timestamp)");
  L2MIB_PORT("out_ready",  WG_IN,  1, 1, "the L2 -> DRAM path accepts a request this cycle (back pressure when 0)");
  L2MIB_PORT("out_valid",  WG_OUT, 1, 1, "a request is offered to DRAM: a dummy, else the miss-queue head");
  L2MIB_PORT("out_dummy",  WG_OUT, 1, 1, "the offered request is a dummy (the dummy bit): some MIB entry is valid");
  L2MIB_PORT("out_idx",    WG_OUT, d.IW, 6, "dummy: the MIB/MSHR entry picked (highest score, lowest index on ties); 0 otherwise");
  L2MIB_PORT("out_blk",    WG_OUT, d.BW, 32, "block address: the picked entry's (dummy) or the miss-queue head's");
  L2MIB_PORT("out_ml",     WG_OUT, d.LB, 6, "dummy: merge length - 1, 0..MAX_MERGE-1 (dram_mib's dummy_ml: overwrites the DRAM MIB's); "
                                           "0 for a normal request");
  L2MIB_PORT("out_age",    WG_OUT, d.AW, 24, "dummy: summed age of the requests merged since the last dummy (added at DRAM); 0 otherwise");
  L2MIB_PORT("out_info",   WG_OUT, d.FW, 32, "normal request: mq_info; 0 for a dummy");
  L2MIB_PORT("mq_pop",     WG_OUT, 1, 1, "the miss-queue head is sent this cycle (no valid MIB entry, out_ready): pop it");
  L2MIB_PORT("pending",    WG_OUT, d.N, 64, "per entry: MIB valid, merge information not yet sent to DRAM");
  L2MIB_PORT("n_pending",  WG_OUT, d.CW, 7, "valid MIB entries, 0..ENTRIES");
#undef L2MIB_PORT
  return n;
}

static int l2mib_storage(wg_pv p, wg_field *o) {
  l2mib_dims d = l2mib_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"valid", 1, d.N, "merge information not yet sent to DRAM (thesis: 1 bit)"};
  o[n++] = (wg_field){"merge_len_m1", d.LB, d.N,
                      "merge length - 1 (thesis: 4 bits for 16 merges; 1..16 needs 5 bits as a plain count, "
                      "so the field holds length - 1, 0..15 <-> 1..16)"};
  o[n++] = (wg_field){"age", d.AW, d.N, "summed age of the requests merged since the last dummy, saturating (thesis: 15 bits)"};
  if (d.pipe)
    o[n++] = (wg_field){"pick", 1 + d.IW, 1,
                        "the registered dummy pick, valid + entry (PIPE=1: the pick a cycle ahead, for the 5 ns clock; "
                        "the thesis' one-cycle multiplexer has none)"};
  return n;
}

/* The saturating sum "a + b" of two AGE_W-bit values into dst (declared by the caller). */
static void l2mib_emit_sat_add(wg_buf *o, const char *dst, const char *a, const char *b, int aw) {
  wgb_printf(o, "  logic [%d:0] %s_sum;\n", aw, dst);
  wgb_printf(o, "  assign %s_sum = {1'b0, %s} + {1'b0, %s};\n", dst, a, b);
  wgb_printf(o, "  assign %s = %s_sum[%d] ? '1 : %s_sum[%d:0];  // saturate at 2^%d-1\n", dst, dst, aw, dst, aw - 1, aw);
}

/* One argmax node: the left child holds the lower indices and wins ties. */
static void l2mib_emit_node(wg_buf *o, const l2mib_dims *d, int lv, int j, int has_right, int root) {
  char L[32], R[32], X[32];
  snprintf(X, sizeof X, "m%d_%d", lv, j);
  snprintf(L, sizeof L, "m%d_%d", lv - 1, 2 * j);
  snprintf(R, sizeof R, "m%d_%d", lv - 1, 2 * j + 1);
  wgb_printf(o, "  logic %s_v;\n", X);
  if (!root) wgb_printf(o, "  logic [%d:0] %s_s;  // score\n", d->SW - 1, X);
  wgb_printf(o, "  logic [%d:0] %s_i;  // entry\n", d->IW - 1, X);
  if (!has_right) {   /* never the root: a root has two children */
    wgb_printf(o, "  assign %s_v = %s_v;  // the odd one moves up\n  assign %s_s = %s_s;\n  assign %s_i = %s_i;\n",
               X, L, X, L, X, L);
    return;
  }
  wgb_printf(o, "  logic %s_r;  // the right one wins only with a strictly higher score\n", X);
  wgb_printf(o, "  assign %s_r = %s_v && (!%s_v || %s_s > %s_s);\n", X, R, L, R, L);
  wgb_printf(o, "  assign %s_v = %s_v || %s_v;\n", X, L, R);
  if (!root) wgb_printf(o, "  assign %s_s = %s_r ? %s_s : %s_s;\n", X, X, R, L);
  wgb_printf(o, "  assign %s_i = %s_r ? %s_i : %s_i;\n", X, X, R, L);
}

/* The one-cycle argmax (PIPE=0): a binary tree over the valid entries' request scores; ties go
** to the lower index.  Returns the root's level: m<level>_0_v / _i are "some entry" and its index. */
static int l2mib_emit_tree(wg_buf *o, const l2mib_dims *d) {
  const int N = d->N;
  wgb_printf(o, "\n  // ---- the request score of each entry: %s ----\n",
             d->score_age ? "its age (MSHR-S+A)" : "its merge length (MSHR-M, MSHR-S)");
  wgb_printf(o, "  // argmax over the valid entries, a tree of %d comparators; ties go to the lower index\n", N - 1);
  for (int i = 0; i < N; i++) {
    wgb_printf(o, "  logic m0_%d_v;\n  logic [%d:0] m0_%d_i;\n", i, d->IW - 1, i);
    wgb_printf(o, "  assign m0_%d_v = valid[%d];\n", i, i);
    wgb_printf(o, "  assign m0_%d_i = %d'd%d;\n", i, d->IW, i);
    if (N > 1)
      wgb_printf(o, "  logic [%d:0] m0_%d_s;\n  assign m0_%d_s = %s[%d];\n", d->SW - 1, i, i,
                 d->score_age ? "age" : "len_m1", i);
  }
  int n = N, lv = 0;
  while (n > 1) {
    int m = (n + 1) / 2;
    lv++;
    wgb_printf(o, "  // level %d: %d node%s\n", lv, m, m > 1 ? "s" : "");
    for (int j = 0; j < m; j++) l2mib_emit_node(o, d, lv, j, 2 * j + 1 < n, m == 1);
    n = m;
  }
  return lv;
}

/* The picked entry's fields through a one-hot AND-OR, and the multiplexer to DRAM. */
static void l2mib_emit_select(wg_buf *o, const l2mib_dims *d) {
  const int N = d->N;
  wgb_printf(o, "\n  // ---- the picked entry, read through a one-hot AND-OR ----\n");
  wgb_printf(o, "  logic [%d:0] sel_oh;  // one-hot; none when no entry is valid\n", N - 1);
  if (N > 1) wgb_printf(o, "  assign sel_oh = any_valid ? (%d'd1 << sel_idx) : '0;\n", N);
  else wgb_printf(o, "  assign sel_oh = any_valid;\n");
  wgb_printf(o, "  logic [%d:0] sel_len_m1;\n  logic [%d:0] sel_age;\n  logic [%d:0] sel_blk;\n",
             d->LB - 1, d->AW - 1, d->BW - 1);
  wgb_printf(o, "  always_comb begin\n    sel_len_m1 = '0;\n    sel_age    = '0;\n    sel_blk    = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      sel_len_m1 = sel_len_m1 | (len_m1[i] & {%d{sel_oh[i]}});\n", d->LB);
  wgb_printf(o, "      sel_age    = sel_age    | (age[i] & {%d{sel_oh[i]}});\n", d->AW);
  if (N * d->BW == 1)   /* a scalar port */
    wgb_printf(o, "      sel_blk    = sel_blk    | (mshr_blk & sel_oh[i]);\n");
  else
    wgb_printf(o, "      sel_blk    = sel_blk    | (mshr_blk[i*%d +: %d] & {%d{sel_oh[i]}});\n", d->BW, d->BW, d->BW);
  wgb_printf(o, "    end\n  end\n");

  wgb_printf(o, "\n  // ---- the multiplexer to DRAM: dummies first, else the miss-queue head (4.4) ----\n");
  wgb_printf(o, "  logic send;  // a dummy leaves this cycle\n");
  wgb_printf(o, "  assign send      = any_valid && out_ready;\n");
  wgb_printf(o, "  assign out_valid = any_valid || mq_valid;\n");
  wgb_printf(o, "  assign out_dummy = any_valid;\n");
  wgb_printf(o, "  assign out_idx   = any_valid ? sel_idx : '0;\n");
  wgb_printf(o, "  assign out_blk   = any_valid ? sel_blk : mq_blk;\n");
  wgb_printf(o, "  assign out_ml    = any_valid ? sel_len_m1 : '0;  // length - 1, as stored and as dram_mib takes it\n");
  wgb_printf(o, "  assign out_age   = any_valid ? sel_age : '0;\n");
  wgb_printf(o, "  assign out_info  = any_valid ? '0 : mq_info;\n");
  wgb_printf(o, "  assign mq_pop    = !any_valid && mq_valid && out_ready;\n");
  wgb_printf(o, "  assign pending   = valid;\n");
  wg_emit_popcount(o, "n_pending", d->CW, "valid", N);
}

/* The argmax for the registered pick (PIPE=1), in levels of groups of up to 8: in a group every
** pair of members is compared once, and the member that no other valid member beats (a higher
** score, or an equal one and a lower index) wins; its score and index move up.  Two levels of
** 8 for 64 entries, against six compare-and-select levels of the binary tree (11.6 ns one-cycle,
** 7.9 ns registered; docs/blocks/l2mib.md).  Leaves: stay (N bits); result: nxt_v, nxt_i. */
static void l2mib_emit_group_tree(wg_buf *o, const l2mib_dims *d) {
  const int SW = d->SW;
  int cnt = d->N, L = 0, cw = 0;   /* members of level L, bits of the index they carry */
  wgb_printf(o, "  logic nxt_v;  // some entry stays valid\n  logic [%d:0] nxt_i;  // the best of them\n", d->IW - 1);
  if (cnt == 1) {
    wgb_printf(o, "  assign nxt_v = stay[0];\n  assign nxt_i = 1'b0;\n");
    return;
  }
  wgb_printf(o, "  // level 0: the entries and their scores\n");
  wgb_printf(o, "  logic [%d:0] t0_v;\n  logic [%d:0] t0_s;\n  assign t0_v = stay;\n", cnt - 1, cnt * SW - 1);
  wgb_printf(o, "  always_comb for (int k = 0; k < %d; k++) t0_s[k*%d +: %d] = %s[k];\n", cnt, SW, SW,
             d->score_age ? "age" : "len_m1");
  while (cnt > 1) {
    const int g = cnt < 8 ? cnt : 8, groups = (cnt + g - 1) / g, pad = groups * g - cnt;
    const int b = wg_clog2(g), last = groups == 1, iw = cw + b;
    char in_v[16], in_s[16], in_i[16];
    L++;
    snprintf(in_v, sizeof in_v, "t%d_v", L - 1);
    snprintf(in_s, sizeof in_s, "t%d_s", L - 1);
    snprintf(in_i, sizeof in_i, "t%d_i", L - 1);
    wgb_printf(o, "  // level %d: %d group%s of %d%s\n", L, groups, groups > 1 ? "s" : "", g,
               pad ? " (the last one padded with empty members)" : "");
    if (pad) {   /* empty members: never valid, so never a winner */
      wgb_printf(o, "  logic [%d:0] u%d_v;\n  logic [%d:0] u%d_s;\n", groups * g - 1, L, groups * g * SW - 1, L);
      wgb_printf(o, "  assign u%d_v = {%d'd0, %s};\n  assign u%d_s = {%d'd0, %s};\n", L, pad, in_v, L, pad * SW, in_s);
      snprintf(in_v, sizeof in_v, "u%d_v", L);
      snprintf(in_s, sizeof in_s, "u%d_s", L);
      if (cw) {
        wgb_printf(o, "  logic [%d:0] u%d_i;\n  assign u%d_i = {%d'd0, %s};\n", groups * g * cw - 1, L, L, pad * cw, in_i);
        snprintf(in_i, sizeof in_i, "u%d_i", L);
      }
    }
    wgb_printf(o, "  logic [%d:0] t%d_v;\n", groups - 1, L);
    if (!last) wgb_printf(o, "  logic [%d:0] t%d_s;\n", groups * SW - 1, L);
    wgb_printf(o, "  logic [%d:0] t%d_i;\n", groups * iw - 1, L);
    wgb_printf(o, "  for (genvar q = 0; q < %d; q++) begin : g_t%d\n", groups, L);
    wgb_printf(o, "    logic [%d:0] v;\n    logic [%d:0] s;\n", g - 1, g * SW - 1);
    wgb_printf(o, "    assign v = %s[q*%d +: %d];\n    assign s = %s[q*%d +: %d];\n", in_v, g, g, in_s, g * SW, g * SW);
    if (cw) wgb_printf(o, "    logic [%d:0] i;\n    assign i = %s[q*%d +: %d];\n", g * cw - 1, in_i, g * cw, g * cw);
    wgb_printf(o, "    logic [%d:0] ge;  // each pair a < b once: member a's score >= member b's\n",
               g * (g - 1) / 2 - 1);
    for (int a = 0, k = 0; a < g; a++)
      for (int c = a + 1; c < g; c++, k++)
        wgb_printf(o, "    assign ge[%d] = s[%d +: %d] >= s[%d +: %d];  // %d, %d\n", k, a * SW, SW, c * SW, SW, a, c);
    wg_emit_pairs_win(o, g, "no other valid member scores higher, none below it the same");
    if (!last) wgb_printf(o, "    logic [%d:0] ws;\n", SW - 1);
    wgb_printf(o, "    logic [%d:0] wi;\n    always_comb begin\n", iw - 1);
    if (!last) wgb_printf(o, "      ws = '0;\n");
    wgb_printf(o, "      wi = '0;\n      for (int a = 0; a < %d; a++) if (win[a]) begin\n", g);
    if (!last) wgb_printf(o, "        ws = ws | s[a*%d +: %d];\n", SW, SW);
    if (cw) wgb_printf(o, "        wi = wi | {%d'(a), i[a*%d +: %d]};\n", b, cw, cw);
    else wgb_printf(o, "        wi = wi | %d'(a);\n", b);
    wgb_printf(o, "      end\n    end\n");
    wgb_printf(o, "    assign t%d_v[q] = |v;\n", L);
    if (!last) wgb_printf(o, "    assign t%d_s[q*%d +: %d] = ws;\n", L, SW, SW);
    wgb_printf(o, "    assign t%d_i[q*%d +: %d] = wi;\n  end\n", L, iw, iw);
    cw = iw;
    cnt = groups;
  }
  if (cw != d->IW) fprintf(stderr, "l2mib: internal error: the group tree carries %d index bits, not %d\n", cw, d->IW);
  wgb_printf(o, "  assign nxt_v = t%d_v[0];\n  assign nxt_i = t%d_i;\n", L, L);
}

static void l2mib_rtl(wg_buf *o, wg_pv p, int mutant) {
  l2mib_dims d = l2mib_dims_of(p);
  const int N = d.N;
  char a[128], b[128];

  wgb_printf(o, "  // ---- the Merge Information Buffer (thesis 4.4, Fig. 4.2): one entry per MSHR entry ----\n");
  wgb_printf(o, "  // %d bits per entry, as the thesis counts them (4.5).  The block address is the\n"
                "  // MSHR's own field (mshr_blk), \"which we can reuse in the MIB\".\n", 1 + d.LB + d.AW);
  wgb_printf(o, "  logic [%d:0] valid;  // merge information not yet sent to DRAM\n", N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] len_m1 [0:%d];  // merge length - 1 (0..%d <-> 1..%d)\n",
             d.LB - 1, N - 1, d.MM - 1, d.MM);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] age [0:%d];     // summed age of the requests merged since the last dummy\n",
             d.AW - 1, N - 1);

  if (d.pipe) {
    wgb_printf(o, "\n  // ---- the registered pick (PIPE=1): the dummy's entry, chosen at the last edge (below) ----\n");
    wgb_printf(o, "  logic pick_v;  // a dummy is offered\n  logic [%d:0] pick_idx;  // from this entry\n", d.IW - 1);
    wgb_printf(o, "  logic any_valid;\n  logic [%d:0] sel_idx;\n", d.IW - 1);
    wgb_printf(o, "  assign any_valid = pick_v;\n  assign sel_idx   = pick_idx;\n");
  } else {
    int lv = l2mib_emit_tree(o, &d);
    wgb_printf(o, "  logic any_valid;\n  logic [%d:0] sel_idx;\n", d.IW - 1);
    wgb_printf(o, "  assign any_valid = m%d_0_v;\n  assign sel_idx   = m%d_0_i;\n", lv, lv);
  }
  l2mib_emit_select(o, &d);

  wgb_printf(o, "\n  // ---- per entry: fill clears; a merge sets valid, overwrites the length and adds its age;\n"
                "  //      a dummy sent clears valid and the age (the DRAM side adds the age it carries) ----\n");
  wgb_printf(o, "  logic [%d:0] merge_len_m1;\n", d.LB - 1);
  if (d.LW > d.LB) {
    wgb_printf(o, "  logic [%d:0] merge_len_dec;\n  assign merge_len_dec = merge_len - %d'd1;\n", d.LW - 1, d.LW);
    wgb_printf(o, "  assign merge_len_m1 = merge_len_dec[%d:0];\n", d.LB - 1);
    wgb_printf(o, "  wire unused_merge_len = &{1'b0, merge_len_dec[%d:%d]};  // length - 1 < 2^%d always fits\n",
               d.LW - 1, d.LB, d.LB);
  } else {
    wgb_printf(o, "  assign merge_len_m1 = merge_len - %d'd1;\n", d.LW);
  }
  for (int i = 0; i < N; i++) {
    wgb_printf(o, "  // entry %d\n", i);
    wgb_printf(o, "  logic merge_%d, fill_%d, send_%d;\n", i, i, i);
    wgb_printf(o, "  assign merge_%d = merge && merge_idx == %d'd%d;\n", i, d.IW, i);
    wgb_printf(o, "  assign fill_%d  = fill && fill_idx == %d'd%d;\n", i, d.IW, i);
    wgb_printf(o, "  assign send_%d  = send && sel_oh[%d];\n", i, i);
    wgb_printf(o, "  logic [%d:0] age_base_%d, age_next_%d;\n", d.AW - 1, i, i);
    wgb_printf(o, "  assign age_base_%d = send_%d ? '0 : age[%d];  // a merge in the send cycle starts afresh\n",
               i, i, i);
    snprintf(a, sizeof a, "age_next_%d", i);
    snprintf(b, sizeof b, "age_base_%d", i);
    if (mutant && i == 0)
      wgb_printf(o, "  assign age_next_%d = age_base_%d + merge_age;  // MUTANT: the age wraps around\n", i, i);
    else
      l2mib_emit_sat_add(o, a, b, "merge_age", d.AW);
  }
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n      valid <= '0;\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++) begin\n        len_m1[i] <= '0;\n        age[i] <= '0;\n      end\n",
             N);
  wgb_printf(o, "    end else begin\n");
  for (int i = 0; i < N; i++) {
    wgb_printf(o, "      if (fill_%d) begin\n        valid[%d] <= 1'b0;\n        len_m1[%d] <= '0;\n        age[%d] <= '0;\n"
                  "      end else if (merge_%d) begin\n        valid[%d] <= 1'b1;\n        len_m1[%d] <= merge_len_m1;\n"
                  "        age[%d] <= age_next_%d;\n"
                  "      end else if (send_%d) begin\n        valid[%d] <= 1'b0;\n        age[%d] <= '0;\n      end\n",
               i, i, i, i, i, i, i, i, i, i, i, i);
  }
  wgb_printf(o, "    end\n  end\n");
  if (d.pipe) {
    wgb_printf(o, "\n  // ---- the next pick: the argmax over the entries that stay valid through this edge (a fill\n"
                  "  //      or the dummy sent removes one), by their scores now; a merge is seen a cycle later ----\n");
    wgb_printf(o, "  logic [%d:0] stay;\n", N - 1);
    for (int i = 0; i < N; i++) wgb_printf(o, "  assign stay[%d] = valid[%d] && !fill_%d && !send_%d;\n", i, i, i, i);
    l2mib_emit_group_tree(o, &d);
    wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n      pick_v <= 1'b0;\n      pick_idx <= '0;\n"
                  "    end else begin\n      pick_v <= nxt_v;\n      pick_idx <= nxt_i;\n    end\n  end\n");
  }
}

#define L2MIB_CHK_MAX 8   /* entries the step properties check */

static void l2mib_props(wg_buf *o, wg_pv p) {
  l2mib_dims d = l2mib_dims_of(p);
  const int N = d.N;
  const char *sc = d.score_age ? "age" : "len_m1";
  char x[64], y[64];
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");

  /* The picked entry's score, from the outputs (whose equality with the
  ** entry's fields is asserted below): comparing with 'age[out_idx]'
  ** instead puts an ENTRIES-way mux in every assertion. */
  if (!d.pipe) {
    wgb_printf(o, "  logic [%d:0] f_sel_score;  // the dummy's request score\n", d.SW - 1);
    wgb_printf(o, "  assign f_sel_score = %s;\n", d.score_age ? "out_age" : "out_ml");
  } else {
    wgb_printf(o, "  logic [%d:0] f_nxt_score;  // the next pick's score, read by index\n", d.SW - 1);
    wgb_printf(o, "  always_comb begin\n    f_nxt_score = '0;\n    for (int i = 0; i < %d; i++) if (%d'(i) == nxt_i) f_nxt_score = %s[i];\n  end\n",
               N, d.IW, sc);
  }
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // an entry without pending information carries no age\n");
  for (int i = 0; i < N; i++) wgb_printf(o, "    assert(valid[%d] || age[%d] == '0);\n", i, i);
  wgb_printf(o, "    // the count of entries with merge information\n");
  wgb_printf(o, "    assert(32'(n_pending) == $countones(valid));\n");
  if (d.pipe) {
    wgb_printf(o, "    // the multiplexer: a dummy whenever the registered pick holds one, else the miss-queue head\n");
    wgb_printf(o, "    assert(out_dummy == pick_v);\n");
    wgb_printf(o, "    assert(mq_pop == (out_ready && mq_valid && !pick_v));\n");
  } else {
    wgb_printf(o, "    // the multiplexer: a dummy whenever an entry is valid, else the miss-queue head\n");
    wgb_printf(o, "    assert(out_dummy == (valid != '0));\n");
    wgb_printf(o, "    assert(mq_pop == (out_ready && mq_valid && valid == '0));\n");
  }
  wgb_printf(o, "    assert(out_valid == (out_dummy || mq_valid));\n");
  wgb_printf(o, "    assert(out_dummy || (out_blk == mq_blk && out_info == mq_info && out_ml == '0 && "
                "out_age == '0 && out_idx == '0));\n");
  wgb_printf(o, "    assert(!out_dummy || out_info == '0);\n");
  if (d.pipe)
    wgb_printf(o, "    // the dummy carries the picked entry's fields, and the picked entry is valid; the next pick\n"
                  "    // is one of the entries that stay, none of which scores higher, and none with a lower index\n"
                  "    // the same (it is offered a cycle later: the step properties below)\n");
  else
    wgb_printf(o, "    // the dummy carries the picked entry's fields; the picked entry is valid, no valid\n"
                  "    // entry scores higher, and no lower-indexed valid entry scores the same\n");
  for (int i = 0; i < N; i++) {
    snprintf(x, sizeof x, "len_m1[%d]", i);
    wgb_printf(o, "    assert(!(out_dummy && out_idx == %d'd%d) || (valid[%d] && out_age == age[%d] && "
                  "out_ml == %s && out_blk == %s));\n",
               d.IW, i, i, i, x,
               N * d.BW == 1 ? "mshr_blk" : (snprintf(y, sizeof y, "mshr_blk[%d +: %d]", i * d.BW, d.BW), y));
    if (d.pipe) {
      wgb_printf(o, "    assert(!(nxt_v && nxt_i == %d'd%d) || (stay[%d] && f_nxt_score == %s[%d]));\n", d.IW, i, i, sc, i);
      if (i == (1 << d.IW) - 1)
        wgb_printf(o, "    assert(!stay[%d] || (nxt_v && %s[%d] <= f_nxt_score));\n", i, sc, i);
      else
        wgb_printf(o, "    assert(!stay[%d] || (nxt_v && (%s[%d] < f_nxt_score || (%s[%d] == f_nxt_score && %d'd%d >= nxt_i))));\n",
                   i, sc, i, sc, i, d.IW, i);
    } else if (i == (1 << d.IW) - 1) {   /* the highest index: out_idx <= i by its width */
      wgb_printf(o, "    assert(!(out_dummy && valid[%d]) || %s[%d] <= f_sel_score);\n", i, sc, i);
    } else {
      wgb_printf(o, "    assert(!(out_dummy && valid[%d]) || %s[%d] < f_sel_score || (%s[%d] == f_sel_score && %d'd%d >= out_idx));\n",
                 i, sc, i, sc, i, d.IW, i);
    }
  }
  if (d.pipe) {
    wgb_printf(o, "    // what stays: valid, not filled, not the dummy sent\n");
    wgb_printf(o, "    assert(!nxt_v || stay != '0);\n");
    for (int i = 0; i < N; i++)
      wgb_printf(o, "    assert(stay[%d] == (valid[%d] && !(fill && fill_idx == %d'd%d) && !(out_dummy && out_ready && out_idx == %d'd%d)));\n",
                 i, i, d.IW, i, d.IW, i);
  }
  if ((1 << d.IW) > N) wgb_printf(o, "    assert(out_idx < %d'd%d);\n", d.IW, N);
  wgb_printf(o, "  end\n\n");

  /* Step properties compare with the previous cycle through explicit
  ** registers checked combinationally (as rexq does: a clocked assert with
  ** $past needs one more induction step).  Above 8 entries they cover five
  ** representative entries (the first two, the middle, the last two): every
  ** entry's logic comes from the same emitter loop, and the properties
  ** above still cover the pick over all entries; checking all 64 made the
  ** thesis-size proof too big (570k variables per step). */
  int chk[L2MIB_CHK_MAX], nchk = 0;
  if (N <= 8) {
    for (int i = 0; i < N; i++) chk[nchk++] = i;
  } else {
    const int cand[5] = {0, 1, N / 2, N - 2, N - 1};
    for (int k = 0; k < 5; k++) chk[nchk++] = cand[k];
  }
  wgb_printf(o, "  // the previous cycle, for the step properties (entries");
  for (int k = 0; k < nchk; k++) wgb_printf(o, " %d", chk[k]);
  wgb_printf(o, ")\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_merge, f_prev_fill, f_prev_send;\n");
  if (d.pipe) wgb_printf(o, "  logic f_prev_nxt_v;\n  logic [%d:0] f_prev_nxt_i;\n", d.IW - 1);
  wgb_printf(o, "  logic [%d:0] f_prev_merge_idx, f_prev_fill_idx, f_prev_out_idx;\n", d.IW - 1);
  wgb_printf(o, "  logic [%d:0] f_prev_merge_len;\n  logic [%d:0] f_prev_merge_age;\n", d.LW - 1, d.AW - 1);
  for (int k = 0; k < nchk; k++)
    wgb_printf(o, "  logic f_prev_valid_%d;\n  logic [%d:0] f_prev_len_m1_%d;\n  logic [%d:0] f_prev_age_%d;\n",
               chk[k], d.LB - 1, chk[k], d.AW - 1, chk[k]);
  wgb_printf(o, "  always @(posedge clk) begin\n"
                "    f_prev_rst <= rst;\n    f_prev_merge <= merge;\n    f_prev_fill <= fill;\n"
                "    f_prev_send <= out_dummy && out_ready;\n    f_prev_merge_idx <= merge_idx;\n"
                "    f_prev_fill_idx <= fill_idx;\n    f_prev_out_idx <= out_idx;\n"
                "    f_prev_merge_len <= merge_len;\n    f_prev_merge_age <= merge_age;\n");
  if (d.pipe) wgb_printf(o, "    f_prev_nxt_v <= nxt_v;\n    f_prev_nxt_i <= nxt_i;\n");
  for (int k = 0; k < nchk; k++)
    wgb_printf(o, "    f_prev_valid_%d <= valid[%d];\n    f_prev_len_m1_%d <= len_m1[%d];\n    f_prev_age_%d <= age[%d];\n",
               chk[k], chk[k], chk[k], chk[k], chk[k], chk[k]);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  logic [%d:0] f_prev_len_dec;\n  assign f_prev_len_dec = f_prev_merge_len - %d'd1;\n", d.LW - 1, d.LW);
  if (d.LW > d.LB) wgb_printf(o, "  wire f_unused_len = &{1'b0, f_prev_len_dec[%d:%d]};\n", d.LW - 1, d.LB);
  for (int k = 0; k < nchk; k++) {
    int i = chk[k];
    wgb_printf(o, "  logic f_fill_%d, f_merge_%d, f_send_%d;  // what happened to entry %d in the previous cycle\n"
                  "  assign f_fill_%d  = f_prev_fill && f_prev_fill_idx == %d'd%d;\n"
                  "  assign f_merge_%d = !f_fill_%d && f_prev_merge && f_prev_merge_idx == %d'd%d;  // a fill wins\n"
                  "  assign f_send_%d  = f_prev_send && f_prev_out_idx == %d'd%d;\n",
               i, i, i, i, i, d.IW, i, i, i, d.IW, i, i, d.IW, i);
  }
  long long mx = (1LL << d.AW) - 1;
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  if (d.pipe) {
    wgb_printf(o, "    // the registered pick: the dummy offered is the next pick of the cycle before\n");
    wgb_printf(o, "    assert(out_dummy == f_prev_nxt_v && (!out_dummy || out_idx == f_prev_nxt_i));\n");
  }
  for (int k = 0; k < nchk; k++) {
    int i = chk[k];
    wgb_printf(o, "    // entry %d: a fill clears it; a merge sets it, overwrites the length and adds its age,\n"
                  "    // saturating at 2^%d-1 (from 0 when it was sent in that cycle); a send clears valid\n"
                  "    // and age; otherwise it keeps its value\n", i, d.AW);
    wgb_printf(o, "    assert(!f_fill_%d || (!valid[%d] && len_m1[%d] == '0 && age[%d] == '0));\n", i, i, i, i);
    wgb_printf(o, "    assert(!f_merge_%d || (valid[%d] && len_m1[%d] == f_prev_len_dec[%d:0]));\n", i, i, i, d.LB - 1);
    wgb_printf(o, "    assert(!(f_merge_%d && f_send_%d) || age[%d] == f_prev_merge_age);\n", i, i, i);
    wgb_printf(o, "    assert(!(f_merge_%d && !f_send_%d) || age[%d] == ((f_prev_age_%d > %d'd%lld - f_prev_merge_age) ?\n"
                  "           %d'd%lld : f_prev_age_%d + f_prev_merge_age));\n",
               i, i, i, i, d.AW, mx, d.AW, mx, i);
    wgb_printf(o, "    assert(!(f_send_%d && !f_merge_%d && !f_fill_%d) || (!valid[%d] && age[%d] == '0 && "
                  "len_m1[%d] == f_prev_len_m1_%d));\n", i, i, i, i, i, i, i);
    wgb_printf(o, "    assert(f_fill_%d || f_merge_%d || f_send_%d || (valid[%d] == f_prev_valid_%d && "
                  "age[%d] == f_prev_age_%d && len_m1[%d] == f_prev_len_m1_%d));\n", i, i, i, i, i, i, i, i, i);
  }
  wgb_printf(o, "  end\n\n");

  wgb_printf(o, "  // reachability\n  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    cover(out_dummy && out_age == '1);  // a dummy with a saturated age\n");
  wgb_printf(o, "    cover(valid == '1);  // every entry has pending information\n");
  wgb_printf(o, "    cover(mq_pop);  // a normal request leaves\n");
  wgb_printf(o, "    cover(out_dummy && mq_valid && out_ready);  // a dummy goes before a waiting miss\n");
  wgb_printf(o, "    cover(send && merge && merge_idx == out_idx);  // a merge into the entry being sent\n");
  wgb_printf(o, "    cover(out_dummy && !out_ready && merge);  // back pressure while merges accumulate\n");
  if (d.pipe && N >= 2) {
    wgb_printf(o, "    cover(f_prev_send && out_dummy && out_ready);  // dummies back to back\n");
    wgb_printf(o, "    cover(out_dummy && out_idx == '0 && valid[1] && %s[1] > %s[0]);  // picked by the last edge's scores\n",
               sc, sc);
  }
  if (N >= 2)
    wgb_printf(o, "    cover(valid[0] && valid[1] && %s[0] == %s[1] && out_idx == '0);  // a tie: the lower index\n",
               sc, sc);
  if (N >= 2)
    wgb_printf(o, "    cover(valid[0] && valid[1] && %s[1] > %s[0] && out_idx == %d'd1);  // the higher score wins\n",
               sc, sc, d.IW);
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_l2mib = {
  "l2mib", "L2 Merge Information Buffer beside the L2 MSHR and the dummy-first multiplexer to DRAM",
  "Inter-core locality aware memory scheduling (Dongdong Li, UBC MASc thesis 2015)",
  "thesis 4.4, 4.5, Fig. 4.2",
  l2mib_params, L2MIB_NPARAMS, l2mib_presets, 5, "thesis",
  "L2 MIB: 64 entries x 20 bits (4 merge length + 15 age + 1 valid) = 160 bytes per L2 sub-partition (thesis 4.5); "
  "the block address is the MSHR's own field.  The thesis' 4-bit merge length cannot count 1..16; "
  "we keep its 4 bits by storing length - 1 (a plain count would need 5 bits: 64 x 21 = 168 bytes)",
  NULL, l2mib_ports, l2mib_storage, l2mib_rtl, l2mib_props,
  "a merge's age wraps around instead of saturating (entry 0)",
  "ENTRIES=8,16,32,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "valid merge_len_m1 age",
};
