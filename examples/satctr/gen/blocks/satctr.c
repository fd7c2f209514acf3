/*
** satctr.c -- the walkthrough's example block: an up/down counter that
** saturates at 0 and at MAX (the 2-bit confidence counters of APOGEE's and
** CAPS' prefetch tables are this rule at WIDTH=2 MAX=3).  It is not one of
** warpgen's blocks: README "How a block is made" adds it, and the test
** 'toy_block' (make soak) does so in a copy of the tree, builds, generates,
** runs lockstep, the directed table, the proofs and the cost flow on it.
*/
#include "../wg.h"

enum { SC_WIDTH, SC_MAX, SC_NPARAMS };

static const wg_param_def satctr_params[] = {
  {"WIDTH", 8,   1, 32,         0, "counter bits"},
  {"MAX",   200, 1, 4294967295, 0, "the largest count; MAX < 2^WIDTH"},
};

static const wg_preset satctr_presets[] = {
  {"byte",  "WIDTH=8 MAX=200", "an 8-bit counter held at 200", 0},
  {"small", "WIDTH=3 MAX=5",   "3 bits held at 5: both ends reached in a few cycles", 0},
};

static int satctr_check(wg_pv p, char *err, size_t n) {
  if (p[SC_WIDTH] < 32 && p[SC_MAX] >> p[SC_WIDTH]) {
    snprintf(err, n, "parameters WIDTH=%lld and MAX=%lld contradict: MAX must fit in WIDTH bits "
             "(MAX < 2^WIDTH)", (long long)p[SC_WIDTH], (long long)p[SC_MAX]);
    return 1;
  }
  return 0;
}

static int satctr_ports(wg_pv p, wg_port *o) {
  int n = 0;
  o[n++] = (wg_port){"rst",     WG_IN,  1, 1, "synchronous reset: count to 0"};
  o[n++] = (wg_port){"inc",     WG_IN,  1, 1, "count up, held at MAX (with dec: no change)"};
  o[n++] = (wg_port){"dec",     WG_IN,  1, 1, "count down, held at 0 (with inc: no change)"};
  o[n++] = (wg_port){"count",   WG_OUT, (int)p[SC_WIDTH], 32, "the count"};
  o[n++] = (wg_port){"at_max",  WG_OUT, 1, 1, "count == MAX"};
  o[n++] = (wg_port){"at_zero", WG_OUT, 1, 1, "count == 0"};
  return n;
}

static int satctr_storage(wg_pv p, wg_field *o) {
  o[0] = (wg_field){"count", (int)p[SC_WIDTH], 1, "the counter"};
  return 1;
}

static void satctr_rtl(wg_buf *o, wg_pv p, int mutant) {
  int w = (int)p[SC_WIDTH];
  long long max = (long long)p[SC_MAX];
  char up[160];
  if (mutant) snprintf(up, sizeof up, "count + %d'd1  /* MUTANT: wraps past MAX */", w);
  else wg_sat_inc(up, sizeof up, "count", w, max);
  wgb_printf(o, "  always_ff @(posedge clk) begin\n"
                "    if (rst) count <= '0;\n"
                "    else if (inc && !dec) count <= %s;\n"
                "    else if (dec && !inc && count != '0) count <= count - %d'd1;\n"
                "  end\n\n"
                "  assign at_max = count == %d'd%lld;\n"
                "  assign at_zero = count == '0;\n",
             up, w, w, max);
}

static void satctr_props(wg_buf *o, wg_pv p) {
  int w = (int)p[SC_WIDTH];
  long long max = (long long)p[SC_MAX];
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n"
                "  // the count stays in 0..MAX\n"
                "  always @(*) if (f_past_valid) assert(count <= %d'd%lld);\n\n"
                "  // one step at a time, in the direction asked, held at the ends\n"
                "  always @(posedge clk) if (f_past_valid) begin\n"
                "    if ($past(rst)) assert(count == '0);\n"
                "    else if ($past(inc && !dec)) assert(count == ($past(count) == %d'd%lld ? $past(count) : $past(count) + %d'd1));\n"
                "    else if ($past(dec && !inc)) assert(count == ($past(count) == '0 ? $past(count) : $past(count) - %d'd1));\n"
                "    else assert(count == $past(count));\n"
                "  end\n\n"
                "  // reachability: both ends\n"
                "  always @(*) if (f_past_valid) begin\n    cover(at_max);\n    cover(at_zero && !rst);\n  end\n",
             w, max, w, max, w, w);
}

const wg_block wg_block_satctr = {
  "satctr", "saturating up/down counter (the walkthrough's example block)",
  "none: warpgen's example (the rule of APOGEE's and CAPS' confidence counters)", "README, How a block is made",
  satctr_params, SC_NPARAMS, satctr_presets, 2, "byte", NULL,
  satctr_check, satctr_ports, satctr_storage, satctr_rtl, satctr_props,
  "the count wraps past MAX instead of saturating",
  "WIDTH=8,12,16,24,32",
  NULL, 0,   /* no named encodings */
  .paper_fields = "count",   /* storage the paper counts (here: all of it) */
};
