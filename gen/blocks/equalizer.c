/*
** equalizer.c -- Equalizer (Sethia, MICRO'14; thesis Ch. III): the per-SM
** warp-state counter unit with Algorithm 1 and the numBlocks hysteresis
** ('eqctr'), and the chip-wide frequency manager's vote ('eqvote').
**
** Choices where the thesis is silent are documented in docs/blocks/eqctr.md
** and docs/blocks/eqvote.md; the C models in sim/models/ implement the same
** rules and the lockstep harness holds the two to every output bit.
*/
#include "../wg.h"

#include <string.h>

/* ================================================================ eqctr */

enum { EQ_W, EQ_S, EQ_E, EQ_MAX_CTAS, EQ_HYST, EQ_MEM_E_DRAM, EQ_NPARAMS };

static const wg_param_def eqctr_params[] = {
  {"W",          48,   1,    64, 0, "warps per SM observed by the counters"},
  {"S",         128,   1,  4096, 1, "sample period in cycles (thesis: 128)"},
  {"E",        4096,   2, 65536, 1, "epoch length in cycles (thesis: 4096); E >= S"},
  {"MAX_CTAS",    8,   1,    32, 0, "largest numBlocks the SM can hold (Table 3.3: 8)"},
  {"HYST",        3,   1,     7, 0, "identical consecutive epoch decisions before numBlocks changes (thesis: 3)"},
  {"MEM_E_DRAM",  0,   0,     1, 0, "1: Table 3.1 literally (memory kernel, energy mode also lowers memory V/F); 0: the prose (SM V/F only)"},
};

static const wg_preset eqctr_presets[] = {
  {"equalizer", "W=48 S=128 E=4096 MAX_CTAS=8 HYST=3", "the thesis' Fermi configuration (Table 3.3)", 0},
  {"small",     "W=4 S=2 E=4 MAX_CTAS=4 HYST=3",       "short epochs for fast tests and formal proofs", 0},
};

/* derived widths */
typedef struct eq_dims {
  int W, LS, LE, LNS, NS, CW, WB, NB, HB, TW;
} eq_dims;

static eq_dims eq_dims_of(wg_pv p) {
  eq_dims d;
  d.W = (int)p[EQ_W];
  d.LS = wg_log2_exact(p[EQ_S]);
  d.LE = wg_log2_exact(p[EQ_E]);
  d.LNS = d.LE - d.LS;
  d.NS = 1 << d.LNS;                               /* samples per epoch */
  d.CW = wg_bits_for((int64_t)d.W * d.NS);         /* epoch sum of per-sample counts */
  d.WB = wg_bits_for(d.W);                         /* one sample's count, w_cta */
  d.NB = wg_bits_for(p[EQ_MAX_CTAS]);              /* numBlocks */
  d.HB = wg_bits_for(p[EQ_HYST]);                  /* hysteresis count */
  d.TW = d.WB + d.LNS;                             /* NS * w_cta */
  return d;
}

static int eqctr_check(wg_pv p, char *err, size_t n) {
  if (p[EQ_E] < p[EQ_S]) {
    snprintf(err, n, "parameters S=%lld and E=%lld contradict: the epoch E must hold "
             "at least one sample period (E >= S, both powers of two)",
             (long long)p[EQ_S], (long long)p[EQ_E]);
    return 1;
  }
  return 0;
}

static int eqctr_ports(wg_pv p, wg_port *o) {
  eq_dims d = eq_dims_of(p);
  int n = 0;
#define PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  PORT("rst",          WG_IN,  1, 1, "synchronous reset: counters, decisions and numBlocks to 0");
  PORT("kstart",       WG_IN,  1, 1, "kernel launch: restart the epoch, numBlocks := max_blocks, clear hysteresis");
  PORT("perf_mode",    WG_IN,  1, 1, "objective: 1 performance, 0 energy (Table 3.1)");
  PORT("w_cta",        WG_IN,  d.WB, 7, "W_cta, warps per thread block (1..W)");
  PORT("max_blocks",   WG_IN,  d.NB, 6, "occupancy limit of this kernel (1..MAX_CTAS), loaded at kstart");
  PORT("warp_active",  WG_IN,  d.W, 64, "per warp: not paused and holds a valid instruction-buffer entry");
  PORT("warp_waiting", WG_IN,  d.W, 64, "per warp: head instruction's operands not ready (scoreboard)");
  PORT("warp_xalu",    WG_IN,  d.W, 64, "per warp: head is an ALU instruction, ready, not issued (X_alu)");
  PORT("warp_xmem",    WG_IN,  d.W, 64, "per warp: head is a memory instruction, ready, LD/ST queue full (X_mem)");
  PORT("cycle",        WG_OUT, d.LE, 16, "cycle counter within the epoch (0..E-1)");
  PORT("sum_active",   WG_OUT, d.CW, 23, "Active counter: sum of per-sample active warps this epoch");
  PORT("sum_waiting",  WG_OUT, d.CW, 23, "Waiting counter");
  PORT("sum_xalu",     WG_OUT, d.CW, 23, "X_alu counter");
  PORT("sum_xmem",     WG_OUT, d.CW, 23, "X_mem counter");
  PORT("epoch_done",   WG_OUT, 1, 1, "1 for one cycle after each epoch's decision");
  PORT("kclass",       WG_OUT, 3, 3, "Algorithm 1 branch of the last epoch: 0 none, 1 l.7, 2 l.10, 3 l.12, 4 l.16, 5 l.18, 6 l.21");
  PORT("comp_action",  WG_OUT, 1, 1, "CompAction of the last epoch");
  PORT("mem_action",   WG_OUT, 1, 1, "MemAction of the last epoch");
  PORT("blocks_dec",   WG_OUT, 2, 2, "last epoch's numBlocks decision: 2'b01 +1, 2'b11 -1, 0 none");
  PORT("blocks_change",WG_OUT, 2, 2, "numBlocks change applied at the last epoch (after hysteresis and clamping)");
  PORT("num_blocks",   WG_OUT, d.NB, 6, "numBlocks, the target count of running thread blocks");
  PORT("hyst_cnt",     WG_OUT, d.HB, 3, "consecutive identical non-zero decisions so far (< HYST)");
  PORT("sm_vf_req",    WG_OUT, 2, 2, "SM V/F request to the frequency manager: 0 keep, 1 up, 2 down");
  PORT("mem_vf_req",   WG_OUT, 2, 2, "memory-system V/F request: 0 keep, 1 up, 2 down");
#undef PORT
  return n;
}

static int eqctr_storage(wg_pv p, wg_field *o) {
  eq_dims d = eq_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"state_counter", d.CW, 4, "Active, Waiting, X_alu, X_mem (thesis: 4 x 11 bits)"};
  o[n++] = (wg_field){"cycle_counter", d.LE, 1, "epoch timer (thesis: 1 x 12 bits)"};
  o[n++] = (wg_field){"sample_count", d.WB, 4, "a sample's four counts, registered before they join the sums (timing)"};
  o[n++] = (wg_field){"pipeline", 3, 1, "the counts hold a sample to add; an epoch ended; its decision is due"};
  o[n++] = (wg_field){"num_blocks", d.NB, 1, "numBlocks register"};
  o[n++] = (wg_field){"hyst_cnt", d.HB, 1, "hysteresis count"};
  o[n++] = (wg_field){"decision", 10, 1, "kclass 3, comp/mem action 2, blocks_dec 2 (also the hysteresis' previous decision), blocks_change 2, epoch_done 1"};
  o[n++] = (wg_field){"vf_req", 2, 2, "SM and memory V/F requests"};
  return n;
}

static void eqctr_rtl(wg_buf *o, wg_pv p, int mutant) {
  eq_dims d = eq_dims_of(p);
  char a[96], b[96];
  int CMPW = (d.CW > d.TW ? d.CW : d.TW);
  long long hyst = (long long)p[EQ_HYST];

  wgb_printf(o, "  // ---- per-sample warp states (thesis 3.4.1) ----\n"
                "  // Only active warps count; a warp is in at most one of Waiting, X_alu,\n"
                "  // X_mem, with that precedence (docs/blocks/eqctr.md).\n");
  wgb_printf(o, "  logic [%d:0] st_waiting, st_xalu, st_xmem;\n", d.W - 1);
  wgb_printf(o, "  assign st_waiting = warp_active & warp_waiting;\n");
  wgb_printf(o, "  assign st_xalu    = warp_active & ~warp_waiting & warp_xalu;\n");
  if (mutant) wgb_printf(o, "  assign st_xmem    = warp_active & ~warp_waiting & warp_xmem;  // MUTANT: X_alu no longer wins\n\n");
  else wgb_printf(o, "  assign st_xmem    = warp_active & ~warp_waiting & ~warp_xalu & warp_xmem;\n\n");
  wgb_printf(o, "  logic [%d:0] n_active, n_waiting, n_xalu, n_xmem;  // this sample's counts\n", d.WB - 1);
  wg_emit_popcount(o, "n_active", d.WB, "warp_active", d.W);
  wg_emit_popcount(o, "n_waiting", d.WB, "st_waiting", d.W);
  wg_emit_popcount(o, "n_xalu", d.WB, "st_xalu", d.W);
  wg_emit_popcount(o, "n_xmem", d.WB, "st_xmem", d.W);

  wgb_printf(o, "\n  // ---- sampling every S=%lld cycles, decision every E=%lld cycles ----\n",
             (long long)p[EQ_S], (long long)p[EQ_E]);
  wgb_printf(o, "  logic sample_now, epoch_end;\n");
  if (d.LS == 0) wgb_printf(o, "  assign sample_now = 1'b1;\n");
  else if (d.LS == d.LE) wgb_printf(o, "  assign sample_now = (cycle == '1);  // S = E: one sample, at the epoch's end\n");
  else wgb_printf(o, "  assign sample_now = (cycle[%d:0] == '1);  // the last cycle of each period\n", d.LS - 1);
  wgb_printf(o, "  assign epoch_end  = (cycle == '1);  // E is a power of two: last cycle is all ones\n\n");
  wgb_printf(o, "  // Two pipeline stages keep the warps' popcount, the sums' adder and Algorithm 1 in\n"
                "  // separate cycles (together they do not meet a 5 ns clock): a sample's counts are\n"
                "  // registered, and join the sums at the next edge; an epoch is decided in the second\n"
                "  // cycle after its end, when its last sample has joined (docs/blocks/eqctr.md).\n");
  wgb_printf(o, "  logic [%d:0] cnt_active, cnt_waiting, cnt_xalu, cnt_xmem;\n", d.WB - 1);
  wgb_printf(o, "  logic cnt_valid;   // the counts hold a sample that has not joined the sums\n");
  wgb_printf(o, "  logic ended;       // the first cycle after an epoch's end: its last sample joins\n");
  wgb_printf(o, "  logic decide;      // the second: the sums hold the whole epoch\n");
  wgb_printf(o, "  logic [%d:0] add_active, add_waiting, add_xalu, add_xmem;  // what joins the sums at this edge\n",
             d.CW - 1);
  const char *nm[4] = {"active", "waiting", "xalu", "xmem"};
  for (int i = 0; i < 4; i++) {
    char s[32];
    snprintf(s, sizeof s, "cnt_%s", nm[i]);
    wgb_printf(o, "  assign add_%-7s = cnt_valid ? %s : '0;\n", nm[i], wg_zext(a, sizeof a, s, d.WB, d.CW));
  }
  wgb_printf(o, "\n");
  wgb_printf(o, "  // ---- Algorithm 1 (lines 7-23) on the registered epoch sums of NS=%d samples ----\n", d.NS);
  wgb_printf(o, "  // A per-sample threshold t becomes NS*t on the sum: exact, no divider.\n");
  wgb_printf(o, "  logic [%d:0] thr_cta;  // NS * W_cta\n", d.TW - 1);
  if (d.LNS == 0) wgb_printf(o, "  assign thr_cta = w_cta;\n");
  else wgb_printf(o, "  assign thr_cta = {w_cta, %d'd0};\n", d.LNS);
  wgb_printf(o, "  logic mem_heavy, alu_heavy, mem_likely, unsaturated, alu_inclined, idle;\n");
  wgb_printf(o, "  assign mem_heavy    = %s > %s;   // l.7  nMem > W_cta\n",
             wg_zext(a, sizeof a, "sum_xmem", d.CW, CMPW), wg_zext(b, sizeof b, "thr_cta", d.TW, CMPW));
  wgb_printf(o, "  assign alu_heavy    = %s >= %s;  // l.10 nALU >= W_cta\n",
             wg_zext(a, sizeof a, "sum_xalu", d.CW, CMPW), wg_zext(b, sizeof b, "thr_cta", d.TW, CMPW));
  wgb_printf(o, "  assign mem_likely   = {1'b0, sum_xmem} > %d'd%d;  // l.12 nMem > 2\n", d.CW + 1, 2 * d.NS);
  wgb_printf(o, "  assign unsaturated  = {sum_waiting, 1'b0} > {1'b0, sum_active};  // l.14 nWaiting > nActive/2\n");
  wgb_printf(o, "  assign alu_inclined = sum_xalu > sum_xmem;  // l.16 nALU > nMem\n");
  wgb_printf(o, "  assign idle         = (sum_active == '0);    // l.21 nActive == 0\n\n");

  wgb_printf(o, "  logic [2:0] class_now;\n  always_comb begin\n"
                "    if (mem_heavy)       class_now = 3'd1;  // definitely memory intensive\n"
                "    else if (alu_heavy)  class_now = 3'd2;  // definitely compute intensive\n"
                "    else if (mem_likely) class_now = 3'd3;  // likely memory intensive\n"
                "    else if (unsaturated) class_now = alu_inclined ? 3'd4 : 3'd5;  // unsaturated\n"
                "    else if (idle)       class_now = 3'd6;  // load imbalance\n"
                "    else                 class_now = 3'd0;  // degenerate: no change\n  end\n\n");
  wgb_printf(o, "  logic comp_now, mem_now;\n  logic [1:0] dec_now;  // 2'b01 +1, 2'b11 -1\n");
  wgb_printf(o, "  assign comp_now = (class_now == 3'd2) || (class_now == 3'd4) || (class_now == 3'd6);\n");
  wgb_printf(o, "  assign mem_now  = (class_now == 3'd1) || (class_now == 3'd3) || (class_now == 3'd5);\n");
  wgb_printf(o, "  assign dec_now  = (class_now == 3'd1) ? 2'b11 :\n"
                "                    (class_now == 3'd4 || class_now == 3'd5) ? 2'b01 : 2'b00;\n\n");

  wgb_printf(o, "  // ---- Table 3.1: actions become V/F requests (0 keep, 1 up, 2 down) ----\n");
  wgb_printf(o, "  logic [1:0] sm_req_now, mem_req_now;\n  always_comb begin\n"
                "    sm_req_now = 2'd0;\n    mem_req_now = 2'd0;\n"
                "    if (perf_mode) begin\n"
                "      if (comp_now) sm_req_now = 2'd1;   // compute: raise SM V/F\n"
                "      if (mem_now)  mem_req_now = 2'd1;  // memory: raise memory V/F\n"
                "    end else begin\n"
                "      if (comp_now) mem_req_now = 2'd2;  // compute: lower memory V/F\n"
                "      if (mem_now)  sm_req_now = 2'd2;   // memory: lower SM V/F\n");
  if (p[EQ_MEM_E_DRAM]) wgb_printf(o, "      if (mem_now)  mem_req_now = 2'd2;  // MEM_E_DRAM=1: Table 3.1 literal\n");
  wgb_printf(o, "    end\n  end\n\n");

  wgb_printf(o, "  // ---- numBlocks hysteresis (3.4.2): HYST=%lld identical non-zero decisions ----\n", hyst);
  wgb_printf(o, "  logic same_dec, apply_dec, can_inc, can_dec;\n  logic [%d:0] hyst_next;\n", d.HB - 1);
  wgb_printf(o, "  logic [1:0] change_now;\n");
  wgb_printf(o, "  // blocks_dec holds the previous epoch's decision\n");
  wgb_printf(o, "  assign same_dec = (dec_now != 2'b00) && (dec_now == blocks_dec);\n");
  char inc[96];
  wgb_printf(o, "  always_comb begin\n    if (same_dec) hyst_next = %s;  // saturating\n"
                "    else hyst_next = (dec_now != 2'b00) ? %d'd1 : %d'd0;\n  end\n",
             wg_sat_inc(inc, sizeof inc, "hyst_cnt", d.HB, hyst), d.HB, d.HB);
  wgb_printf(o, "  assign apply_dec = (hyst_next == %d'd%lld);\n", d.HB, hyst);
  wgb_printf(o, "  assign can_inc   = num_blocks < max_blocks;\n");
  if (d.NB == 1) wgb_printf(o, "  assign can_dec   = 1'b0;  // MAX_CTAS=1: numBlocks never exceeds 1\n");
  else wgb_printf(o, "  assign can_dec   = num_blocks > %d'd1;\n", d.NB);
  wgb_printf(o, "  assign change_now = !apply_dec ? 2'b00 :\n"
                "                      (dec_now == 2'b01 && can_inc) ? 2'b01 :\n"
                "                      (dec_now == 2'b11 && can_dec) ? 2'b11 : 2'b00;\n\n");

  wgb_printf(o, "  always_ff @(posedge clk) begin\n");
  wgb_printf(o, "    if (rst || kstart) begin\n      cycle <= '0;\n");
  for (int i = 0; i < 4; i++) wgb_printf(o, "      sum_%s <= '0;\n      cnt_%s <= '0;\n", nm[i], nm[i]);
  wgb_printf(o, "      cnt_valid <= 1'b0;\n      ended <= 1'b0;\n      decide <= 1'b0;\n");
  wgb_printf(o, "      epoch_done <= 1'b0;\n      kclass <= 3'd0;\n      comp_action <= 1'b0;\n"
                "      mem_action <= 1'b0;\n      blocks_dec <= 2'b00;\n      blocks_change <= 2'b00;\n"
                "      hyst_cnt <= '0;\n      sm_vf_req <= 2'd0;\n"
                "      mem_vf_req <= 2'd0;\n      num_blocks <= rst ? '0 : max_blocks;\n");
  wgb_printf(o, "    end else begin\n      cycle <= cycle + %d'd1;\n", d.LE);
  wgb_printf(o, "      ended <= epoch_end;\n      decide <= ended;\n      epoch_done <= decide;\n");
  wgb_printf(o, "      cnt_valid <= sample_now;\n      if (sample_now) begin\n");
  for (int i = 0; i < 4; i++) wgb_printf(o, "        cnt_%s <= n_%s;\n", nm[i], nm[i]);
  wgb_printf(o, "      end\n      if (decide) begin  // the next epoch's sums start\n");
  for (int i = 0; i < 4; i++) wgb_printf(o, "        sum_%s <= add_%s;\n", nm[i], nm[i]);
  wgb_printf(o, "        kclass <= class_now;\n        comp_action <= comp_now;\n        mem_action <= mem_now;\n"
                "        blocks_dec <= dec_now;\n        blocks_change <= change_now;\n"
                "        hyst_cnt <= apply_dec ? '0 : hyst_next;\n"
                "        sm_vf_req <= sm_req_now;\n        mem_vf_req <= mem_req_now;\n"
                "        if (change_now == 2'b01) num_blocks <= num_blocks + %d'd1;\n"
                "        else if (change_now == 2'b11) num_blocks <= num_blocks - %d'd1;\n", d.NB, d.NB);
  wgb_printf(o, "      end else begin\n");
  for (int i = 0; i < 4; i++) wgb_printf(o, "        sum_%s <= sum_%s + add_%s;\n", nm[i], nm[i], nm[i]);
  wgb_printf(o, "      end\n    end\n  end\n");
}

static void eqctr_props(wg_buf *o, wg_pv p) {
  eq_dims d = eq_dims_of(p);
  long long hyst = (long long)p[EQ_HYST];
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  /* samples taken at t = S-1, 2S-1, ... join the sums at edge t + 1, and the decision at cycle 1
  ** restarts them: at cycle c >= 2 they hold the samples t <= c - 2, floor((c - 1) / S); at cycle 0
  ** the last epoch's but its last, NS - 1; at cycle 1 all NS */
  wgb_printf(o, "    // a counter holds at most W per sample joined so far\n");
  wgb_printf(o, "    assert({%d'd0, sum_active} <= 32'd%d * ({%d'd0, cycle} >= 32'd2 ? ({%d'd0, cycle} - 32'd1) >> %d :\n"
                "                                           cycle == '0 ? 32'd%d : 32'd%d));\n",
             32 - d.CW, d.W, 32 - d.LE, 32 - d.LE, d.LS, d.NS - 1, d.NS);
  wgb_printf(o, "    // registered counts: a count is at most W; the pipeline's flags follow the epoch's cycle\n");
  if (d.W < (1 << d.WB) - 1)   /* else the width says it (and a constant compare is a lint warning) */
    wgb_printf(o, "    assert(cnt_active <= %d'd%d);\n", d.WB, d.W);
  if (d.LS > 0) wgb_printf(o, "    assert(!cnt_valid || cycle[%d:0] == '0);\n", d.LS - 1);
  wgb_printf(o, "    assert(!ended || cycle == '0);\n    assert(!decide || cycle == %d'd1);\n", d.LE);
  /* cycles 0 and 1 without the flags are a kernel's first epoch: nothing has joined yet (what
  ** makes the bound above inductive at any E, not only within a few epochs of a reset) */
  wgb_printf(o, "    // cycle 0 without 'ended' and cycle 1 without 'decide' follow a reset or kernel start: empty sums\n");
  wgb_printf(o, "    assert(cycle != '0 || ended || sum_active == '0);\n");
  if (d.LE > 1) wgb_printf(o, "    assert(cycle != %d'd1 || decide || sum_active == '0);\n", d.LE);
  wgb_printf(o, "    // one state per warp: Waiting + X_alu + X_mem never exceed Active\n");
  wgb_printf(o, "    assert({2'b0, sum_waiting} + {2'b0, sum_xalu} + {2'b0, sum_xmem} <= {2'b0, sum_active});\n");
  wgb_printf(o, "    assert({2'b0, cnt_waiting} + {2'b0, cnt_xalu} + {2'b0, cnt_xmem} <= {2'b0, cnt_active});\n");
  wgb_printf(o, "    // the hysteresis count stays below HYST and belongs to a non-zero decision\n");
  wgb_printf(o, "    assert(hyst_cnt < %d'd%lld);\n", d.HB, hyst);
  wgb_printf(o, "    assert(hyst_cnt == '0 || blocks_dec != 2'b00);\n");
  wgb_printf(o, "    // legal encodings\n");
  wgb_printf(o, "    assert(blocks_dec != 2'b10 && blocks_change != 2'b10);\n");
  wgb_printf(o, "    assert(kclass <= 3'd6);\n    assert(sm_vf_req != 2'd3 && mem_vf_req != 2'd3);\n");
  wgb_printf(o, "    // actions and decision follow the class (Algorithm 1); CompAction and MemAction exclusive\n");
  wgb_printf(o, "    assert(comp_action == (kclass == 3'd2 || kclass == 3'd4 || kclass == 3'd6));\n");
  wgb_printf(o, "    assert(mem_action == (kclass == 3'd1 || kclass == 3'd3 || kclass == 3'd5));\n");
  wgb_printf(o, "    assert(blocks_dec == (kclass == 3'd1 ? 2'b11 : (kclass == 3'd4 || kclass == 3'd5) ? 2'b01 : 2'b00));\n");
  wgb_printf(o, "    // a change is the decision itself, applied, and restarts the count\n");
  wgb_printf(o, "    assert(blocks_change == 2'b00 || (blocks_change == blocks_dec && hyst_cnt == '0));\n");
  wgb_printf(o, "    // a V/F request needs an action\n");
  wgb_printf(o, "    assert((sm_vf_req == 2'd0 && mem_vf_req == 2'd0) || comp_action || mem_action);\n");
  wgb_printf(o, "    // epoch_done marks an epoch's third cycle\n");
  if (d.LE == 1) wgb_printf(o, "    assert(!epoch_done || cycle == '0);  // E = 2: cycle 2 is cycle 0\n");
  else wgb_printf(o, "    assert(!epoch_done || cycle == %d'd2);\n", d.LE);
  wgb_printf(o, "  end\n\n");
  wgb_printf(o, "  // numBlocks moves by at most one a cycle and never wraps, except at rst / kstart\n");
  wgb_printf(o, "  always @(posedge clk) if (f_past_valid && !$past(rst) && !$past(kstart)) begin\n");
  wgb_printf(o, "    assert(num_blocks == $past(num_blocks) || num_blocks == $past(num_blocks) + %d'd1 ||\n"
                "           num_blocks == $past(num_blocks) - %d'd1);\n", d.NB, d.NB);
  wgb_printf(o, "    assert(!($past(num_blocks) == %d'd1 && num_blocks == '0));\n", d.NB);
  wgb_printf(o, "    assert(!($past(num_blocks) == '1 && num_blocks == '0));\n");
  wgb_printf(o, "  end\n\n");
  /* the hysteresis as the thesis states it (3.4.2), counted here as a run length: the
  ** invariants above allow a wrong count or a change on the wrong epoch */
  wgb_printf(o, "  // numBlocks changes only at an epoch's end, on the HYST-th identical non-zero decision in a\n"
                "  // row, by that decision, unless it would leave 1..max_blocks (then the run restarts)\n");
  wgb_printf(o, "  logic [1:0] f_prev_dec;\n  logic [%d:0] f_prev_cnt;\n", d.HB - 1);
  wgb_printf(o, "  always @(posedge clk) begin f_prev_dec <= blocks_dec; f_prev_cnt <= hyst_cnt; end\n");
  wgb_printf(o, "  logic [%d:0] f_run;  // identical non-zero decisions in a row, the last epoch's included\n", d.HB);
  wgb_printf(o, "  assign f_run = blocks_dec == 2'b00 ? '0 : blocks_dec == f_prev_dec ? {1'b0, f_prev_cnt} + %d'd1 : %d'd1;\n",
             d.HB + 1, d.HB + 1);
  wgb_printf(o, "  always @(posedge clk) if (f_past_valid && !$past(rst) && !$past(kstart)) begin\n");
  wgb_printf(o, "    if (!epoch_done) begin\n");
  wgb_printf(o, "      assert(num_blocks == $past(num_blocks) && hyst_cnt == $past(hyst_cnt) && blocks_change == $past(blocks_change));\n");
  wgb_printf(o, "    end else if (f_run == %d'd%lld) begin\n", d.HB + 1, hyst);
  wgb_printf(o, "      assert(hyst_cnt == '0);\n");
  char above_one[64];   /* numBlocks > 1 (never, with a 1-bit numBlocks: MAX_CTAS = 1) */
  if (d.NB == 1) snprintf(above_one, sizeof above_one, "1'b0");
  else snprintf(above_one, sizeof above_one, "$past(num_blocks) > %d'd1", d.NB);
  wgb_printf(o, "      assert(blocks_change == ((blocks_dec == 2'b01 && $past(num_blocks) < $past(max_blocks)) ||\n"
                "                               (blocks_dec == 2'b11 && %s) ? blocks_dec : 2'b00));\n", above_one);
  wgb_printf(o, "    end else begin\n");
  wgb_printf(o, "      assert({1'b0, hyst_cnt} == f_run && blocks_change == 2'b00);\n");
  wgb_printf(o, "    end\n");
  wgb_printf(o, "    if (epoch_done)\n");
  wgb_printf(o, "      assert(num_blocks == (blocks_change == 2'b01 ? $past(num_blocks) + %d'd1 :\n"
                "                            blocks_change == 2'b11 ? $past(num_blocks) - %d'd1 : $past(num_blocks)));\n", d.NB, d.NB);
  wgb_printf(o, "  end\n\n");
  /* Algorithm 1 and Table 3.1 stated a second time, the plain way: warps counted by a loop,
  ** the per-sample thresholds multiplied by NS, the sample test by the period; the counts of
  ** each sample and their sums followed edge by edge; the class and the requests registered and
  ** compared at the next epoch_done (the invariants above tie the class to the actions, not the
  ** class to the counts) */
  int FW = d.CW + d.WB + 3;   /* holds NS * W_cta, 2 * sums and the sums plus a sample */
  wgb_printf(o, "  // a sample's registered counts are its warps counted, and the sums grow by them (a\n"
                "  // decision's edge starts the next epoch's sums at them)\n");
  wgb_printf(o, "  function automatic [%d:0] f_count(input [%d:0] v);\n"
                "    f_count = '0;\n"
                "    for (int i = 0; i < %d; i++) f_count = f_count + {%d'd0, v[i]};\n"
                "  endfunction\n", FW - 1, d.W - 1, d.W, FW - 1);
  wgb_printf(o, "  logic f_sample;  // the cycle's sample is taken: the last cycle of each period of S\n");
  if (d.LS == 0) wgb_printf(o, "  assign f_sample = 1'b1;\n");
  else wgb_printf(o, "  assign f_sample = ({%d'd0, cycle} %% 32'd%lld) == 32'd%lld;\n", 32 - d.LE, (long long)p[EQ_S],
                  (long long)p[EQ_S] - 1);
  /* the counts outside the clocked block: a function called there becomes registers of its own */
  wgb_printf(o, "  logic [%d:0] f_n_act, f_n_wait, f_n_alu, f_n_mem;  // this cycle's warps, counted\n", FW - 1);
  wgb_printf(o, "  assign f_n_act  = f_count(warp_active);\n"
                "  assign f_n_wait = f_count(warp_active & warp_waiting);\n"
                "  assign f_n_alu  = f_count(warp_active & ~warp_waiting & warp_xalu);\n"
                "  assign f_n_mem  = f_count(warp_active & ~warp_waiting & ~warp_xalu & warp_xmem);\n");
  wgb_printf(o, "  always @(posedge clk) if (f_past_valid && !$past(rst) && !$past(kstart)) begin\n");
  wgb_printf(o, "    assert(cnt_valid == $past(f_sample));\n");
  wgb_printf(o, "    if ($past(f_sample)) begin\n"
                "      assert({%d'd0, cnt_active} == $past(f_n_act));\n"
                "      assert({%d'd0, cnt_waiting} == $past(f_n_wait));\n"
                "      assert({%d'd0, cnt_xalu} == $past(f_n_alu));\n"
                "      assert({%d'd0, cnt_xmem} == $past(f_n_mem));\n"
                "    end\n", FW - d.WB, FW - d.WB, FW - d.WB, FW - d.WB);
  wgb_printf(o, "    assert({%d'd0, sum_active} == ($past(decide) ? '0 : {%d'd0, $past(sum_active)}) + "
                "($past(cnt_valid) ? {%d'd0, $past(cnt_active)} : '0));\n", FW - d.CW, FW - d.CW, FW - d.WB);
  wgb_printf(o, "    assert({%d'd0, sum_waiting} == ($past(decide) ? '0 : {%d'd0, $past(sum_waiting)}) + "
                "($past(cnt_valid) ? {%d'd0, $past(cnt_waiting)} : '0));\n", FW - d.CW, FW - d.CW, FW - d.WB);
  wgb_printf(o, "    assert({%d'd0, sum_xalu} == ($past(decide) ? '0 : {%d'd0, $past(sum_xalu)}) + "
                "($past(cnt_valid) ? {%d'd0, $past(cnt_xalu)} : '0));\n", FW - d.CW, FW - d.CW, FW - d.WB);
  wgb_printf(o, "    assert({%d'd0, sum_xmem} == ($past(decide) ? '0 : {%d'd0, $past(sum_xmem)}) + "
                "($past(cnt_valid) ? {%d'd0, $past(cnt_xmem)} : '0));\n", FW - d.CW, FW - d.CW, FW - d.WB);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  // Algorithm 1 (lines 7-23) and Table 3.1 restated: the class and the V/F requests an\n"
                "  // epoch_done shows follow from the sums of the epoch's NS samples\n");
  wgb_printf(o, "  logic [%d:0] f_act, f_wait, f_alu, f_mem, f_thr;\n", FW - 1);
  wgb_printf(o, "  assign f_act  = {%d'd0, sum_active};\n", FW - d.CW);
  wgb_printf(o, "  assign f_wait = {%d'd0, sum_waiting};\n", FW - d.CW);
  wgb_printf(o, "  assign f_alu  = {%d'd0, sum_xalu};\n", FW - d.CW);
  wgb_printf(o, "  assign f_mem  = {%d'd0, sum_xmem};\n", FW - d.CW);
  wgb_printf(o, "  assign f_thr  = %d'd%d * {%d'd0, w_cta};  // NS samples of W_cta\n", FW, d.NS, FW - d.WB);
  wgb_printf(o, "  logic [2:0] f_class;\n");
  wgb_printf(o, "  assign f_class = f_mem > f_thr ? 3'd1 : f_alu >= f_thr ? 3'd2 : f_mem > %d'd%d ? 3'd3 :\n"
                "                   %d'd2 * f_wait > f_act ? (f_alu > f_mem ? 3'd4 : 3'd5) : f_act == '0 ? 3'd6 : 3'd0;\n",
             FW, 2 * d.NS, FW);
  wgb_printf(o, "  logic f_comp, f_memk;  // compute kernel (l.10, l.16, l.21), memory kernel (l.7, l.12, l.18)\n");
  wgb_printf(o, "  assign f_comp = f_class == 3'd2 || f_class == 3'd4 || f_class == 3'd6;\n");
  wgb_printf(o, "  assign f_memk = f_class == 3'd1 || f_class == 3'd3 || f_class == 3'd5;\n");
  wgb_printf(o, "  logic [2:0] f_class_q;\n  logic [1:0] f_sm_q, f_mem_q;\n");
  wgb_printf(o, "  always @(posedge clk) begin\n"
                "    f_class_q <= f_class;\n"
                "    f_sm_q  <= perf_mode ? (f_comp ? 2'd1 : 2'd0) : (f_memk ? 2'd2 : 2'd0);\n"
                "    f_mem_q <= perf_mode ? (f_memk ? 2'd1 : 2'd0) : (f_comp%s ? 2'd2 : 2'd0);\n"
                "  end\n", p[EQ_MEM_E_DRAM] ? " || f_memk" : "");
  wgb_printf(o, "  always @(posedge clk) if (f_past_valid && !$past(rst) && !$past(kstart) && epoch_done)\n"
                "    assert(kclass == f_class_q && sm_vf_req == f_sm_q && mem_vf_req == f_mem_q);\n");
  wgb_printf(o, "  // an epoch is decided in the second cycle after its last; epoch_done follows (not across\n"
                "  // rst or kstart)\n");
  wgb_printf(o, "  always @(posedge clk) if (f_past_valid) begin\n"
                "    assert(ended == (!$past(rst) && !$past(kstart) && $past(cycle) == '1));\n"
                "    assert(decide == (!$past(rst) && !$past(kstart) && $past(ended)));\n"
                "    assert(epoch_done == (!$past(rst) && !$past(kstart) && $past(decide)));\n"
                "  end\n\n");
  wgb_printf(o, "  // reachability: the states the properties are about do occur\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    cover(epoch_done && kclass == 3'd1);   // memory intensive\n");
  wgb_printf(o, "    cover(epoch_done && kclass == 3'd4);   // unsaturated, compute inclination\n");
  wgb_printf(o, "    cover(epoch_done && kclass == 3'd6);   // load imbalance\n");
  if (hyst > 1) wgb_printf(o, "    cover(hyst_cnt == %d'd%lld);  // one decision short of a change\n", d.HB, hyst - 1);
  wgb_printf(o, "    cover(blocks_change == 2'b01);   // numBlocks raised\n");
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_eqctr = {
  "eqctr", "Equalizer warp-state counters, Algorithm 1, numBlocks hysteresis and V/F requests",
  "Equalizer (Sethia et al., MICRO'14; Sethia thesis Ch. III)", "thesis 3.3-3.4, Algorithm 1, Table 3.1",
  eqctr_params, EQ_NPARAMS, eqctr_presets, 2, "equalizer",
  "4 counters x 11 bits + 1 x 12-bit cycle counter = 56 bits for statistics (thesis 3.4.1)",
  eqctr_check, eqctr_ports, eqctr_storage, eqctr_rtl, eqctr_props,
  "X_mem no longer excludes X_alu warps (one state per warp broken)",
  "W=8,16,24,32,40,48,56,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "state_counter cycle_counter",
};

/* ================================================================ eqvote */

enum { EV_N, EV_VOTE, EV_MAINTAIN, EV_NPARAMS };

static const wg_param_def eqvote_params[] = {
  {"N",        15, 1, 64, 0, "SMs voting (Table 3.3: 15)"},
  {"VOTE",      0, 0,  1, 0, "0: strict majority of all N SMs; 1: plurality among up/down/keep"},
  {"MAINTAIN",  0, 0,  1, 0, "0: a keep win keeps the level; 1: keep (Table 3.1's Maintain) votes for NORMAL: "
                             "the level steps toward it"},
};

static const wg_preset eqvote_presets[] = {
  {"equalizer", "N=15 VOTE=0 MAINTAIN=0", "the thesis' 15-SM Fermi GPU", 0},
  {"small",     "N=3 VOTE=0 MAINTAIN=0",  "three SMs for fast tests", 0},
};

static int eqvote_ports(wg_pv p, wg_port *o) {
  int N = (int)p[EV_N], n = 0;
  o[n++] = (wg_port){"rst",       WG_IN,  1, 1, "synchronous reset: both domains to NORMAL"};
  o[n++] = (wg_port){"epoch",     WG_IN,  1, 1, "the SMs' requests are valid: decide this cycle"};
  o[n++] = (wg_port){"sm_req",    WG_IN,  2 * N, 128, "per SM i, bits [2i+1:2i]: SM V/F request, 0 keep, 1 up, 2 down, 3 keep"};
  o[n++] = (wg_port){"mem_req",   WG_IN,  2 * N, 128, "per SM: memory-system V/F request, same encoding"};
  o[n++] = (wg_port){"sm_level",  WG_OUT, 2, 2, "SM V/F level: 0 low (-15%), 1 normal, 2 high (+15%)"};
  o[n++] = (wg_port){"mem_level", WG_OUT, 2, 2, "memory-system V/F level, same encoding"};
  o[n++] = (wg_port){"sm_step",   WG_OUT, 2, 2, "1 cycle after a decision: SM level step, 2'b01 up, 2'b11 down, 0 none"};
  o[n++] = (wg_port){"mem_step",  WG_OUT, 2, 2, "memory level step, same encoding"};
  return n;
}

static int eqvote_storage(wg_pv p, wg_field *o) {
  (void)p;
  o[0] = (wg_field){"level", 2, 2, "SM and memory V/F level"};
  o[1] = (wg_field){"step", 2, 2, "last step taken per domain"};
  return 2;
}

static void eqvote_domain(wg_buf *o, wg_pv p, const char *dom, int CB, int mutant) {
  int N = (int)p[EV_N];
  char up[32], down[32], req[32];
  snprintf(up, sizeof up, "%s_up", dom);
  snprintf(down, sizeof down, "%s_down", dom);
  snprintf(req, sizeof req, "%s_req", dom);
  wgb_printf(o, "  // ---- %s domain ----\n  logic [%d:0] %s_up, %s_down;\n", dom, CB - 1, dom, dom);
  wg_emit_vote_count(o, up, CB, req, N, 2, 1);
  wg_emit_vote_count(o, down, CB, req, N, 2, 2);
  char sat_hi[40];
  snprintf(sat_hi, sizeof sat_hi, "%s_level != 2'd2", dom);
  int keep = p[EV_MAINTAIN] != 0;   /* MAINTAIN = 1 needs the keep vote's win too */
  wgb_printf(o, "  logic %s_go_up, %s_go_down;\n", dom, dom);
  if (keep || p[EV_VOTE] != 0)
    wgb_printf(o, "  logic [%d:0] %s_keep;  // keep votes, code 3 included\n  assign %s_keep = %d'd%d - %s_up - %s_down;\n",
               CB - 1, dom, dom, CB, N, dom, dom);
  if (keep) wgb_printf(o, "  logic %s_go_keep;\n", dom);
  if (p[EV_VOTE] == 0) {
    wgb_printf(o, "  // strict majority of all N=%d SMs: 2*votes > N; a tie keeps the level\n", N);
    wgb_printf(o, "  assign %s_go_up   = {%s_up, 1'b0} > %d'd%d;\n", dom, dom, CB + 1, N);
    wgb_printf(o, "  assign %s_go_down = {%s_down, 1'b0} > %d'd%d;\n", dom, dom, CB + 1, N);
    if (keep) wgb_printf(o, "  assign %s_go_keep = {%s_keep, 1'b0} > %d'd%d;\n", dom, dom, CB + 1, N);
  } else {
    wgb_printf(o, "  // plurality: the larger of up/down/keep wins; any tie keeps the level\n");
    wgb_printf(o, "  assign %s_go_up   = (%s_up > %s_down) && (%s_up > %s_keep);\n", dom, dom, dom, dom, dom);
    wgb_printf(o, "  assign %s_go_down = (%s_down > %s_up) && (%s_down > %s_keep);\n", dom, dom, dom, dom, dom);
    if (keep) wgb_printf(o, "  assign %s_go_keep = (%s_keep > %s_up) && (%s_keep > %s_down);\n", dom, dom, dom, dom, dom);
  }
  char step_up[32], step_down[32];
  if (keep) {
    snprintf(step_up, sizeof step_up, "%s_to_up", dom);
    snprintf(step_down, sizeof step_down, "%s_to_down", dom);
    wgb_printf(o, "  // Maintain read as NORMAL: a keep win steps the level toward normal\n"
                  "  logic %s, %s;\n"
                  "  assign %s   = %s_go_up || (%s_go_keep && %s_level == 2'd0);\n"
                  "  assign %s = %s_go_down || (%s_go_keep && %s_level == 2'd2);\n",
               step_up, step_down, step_up, dom, dom, dom, step_down, dom, dom, dom);
  } else {
    snprintf(step_up, sizeof step_up, "%s_go_up", dom);
    snprintf(step_down, sizeof step_down, "%s_go_down", dom);
  }
  wgb_printf(o, "  always_ff @(posedge clk) begin\n"
                "    if (rst) begin\n      %s_level <= 2'd1;\n      %s_step <= 2'b00;\n"
                "    end else if (epoch && %s && %s) begin\n"
                "      %s_level <= %s_level + 2'd1;  // one step per epoch\n      %s_step <= 2'b01;\n"
                "    end else if (epoch && %s && %s_level != 2'd0) begin\n"
                "      %s_level <= %s_level - 2'd1;\n      %s_step <= 2'b11;\n"
                "    end else begin\n      %s_step <= 2'b00;\n    end\n  end\n",
             dom, dom, step_up, mutant ? "1'b1 /* MUTANT: no saturation at high */" : sat_hi, dom, dom, dom,
             step_down, dom, dom, dom, dom, dom);
}

static void eqvote_rtl(wg_buf *o, wg_pv p, int mutant) {
  int CB = wg_bits_for(p[EV_N]);
  eqvote_domain(o, p, "sm", CB, mutant);
  wgb_printf(o, "\n");
  eqvote_domain(o, p, "mem", CB, 0);
}

static void eqvote_props(wg_buf *o, wg_pv p) {
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n"
                "  always @(*) if (f_past_valid) begin\n"
                "    // levels and steps always legal\n"
                "    assert(sm_level != 2'd3 && mem_level != 2'd3);\n"
                "    assert(sm_step != 2'b10 && mem_step != 2'b10);\n"
                "    // the vote never says up and down at once\n"
                "    assert(!(sm_go_up && sm_go_down) && !(mem_go_up && mem_go_down));\n");
  if (p[EV_MAINTAIN])
    wgb_printf(o, "    // one winner among up, down and keep; keep moves toward normal only\n"
                  "    assert(!(sm_go_keep && (sm_go_up || sm_go_down)) && !(mem_go_keep && (mem_go_up || mem_go_down)));\n"
                  "    assert(!(sm_to_up && sm_to_down) && !(mem_to_up && mem_to_down));\n");
  wgb_printf(o, "  end\n\n");
  const char *dom[2] = {"sm", "mem"};
  wgb_printf(o, "  // one step at a time, only on an epoch, and the step output says which\n"
                "  always @(posedge clk) if (f_past_valid && !$past(rst)) begin\n");
  for (int i = 0; i < 2; i++)
    wgb_printf(o, "    assert(%s_step != 2'b01 || %s_level == $past(%s_level) + 2'd1);\n"
                  "    assert(%s_step != 2'b11 || %s_level == $past(%s_level) - 2'd1);\n"
                  "    assert(%s_step != 2'b00 || %s_level == $past(%s_level));\n"
                  "    assert(%s_step == 2'b00 || $past(epoch));\n"
                  "    // a won vote moves the level one step, unless it is at that end (3.4.3)\n"
                  "    if ($past(epoch && %s_go_up && %s_level != 2'd2)) assert(%s_step == 2'b01);\n"
                  "    if ($past(epoch && %s_go_down && %s_level != 2'd0)) assert(%s_step == 2'b11);\n",
               dom[i], dom[i], dom[i], dom[i], dom[i], dom[i], dom[i], dom[i], dom[i], dom[i],
               dom[i], dom[i], dom[i], dom[i], dom[i], dom[i]);
  wgb_printf(o, "  end\n\n  // reachability: both ends of both domains\n"
                "  always @(*) if (f_past_valid) begin\n"
                "    cover(sm_level == 2'd2);\n    cover(sm_level == 2'd0);\n"
                "    cover(mem_level == 2'd2);\n    cover(mem_level == 2'd0);\n  end\n");
  if (p[EV_MAINTAIN])
    wgb_printf(o, "  // a keep win leaves the level at normal, from wherever it was\n"
                  "  always @(posedge clk) if (f_past_valid && !$past(rst)) begin\n"
                  "    if ($past(epoch && sm_go_keep)) assert(sm_level == 2'd1);\n"
                  "    if ($past(epoch && mem_go_keep)) assert(mem_level == 2'd1);\n"
                  "  end\n");
}

const wg_block wg_block_eqvote = {
  "eqvote", "Equalizer frequency manager: majority vote over SM requests, one V/F step per epoch",
  "Equalizer (Sethia et al., MICRO'14; Sethia thesis Ch. III)", "thesis 3.3, 3.4.3",
  eqvote_params, EV_NPARAMS, eqvote_presets, 2, "equalizer", NULL,
  NULL, eqvote_ports, eqvote_storage, eqvote_rtl, eqvote_props,
  "the SM level no longer saturates at high",
  "N=2,4,8,15,24,32,48,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = NULL,   /* the paper counts none of its storage */
};
