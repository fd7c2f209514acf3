/*
** oaws.c -- OAWS: Memory Occlusion Aware Warp Scheduling (Wang, Zhu, Yu,
** PACT'16, sections 4.1-4.4).  One block, 'oaws': the scheduler-side
** qualification extension of one SM --
**   - the Divergent Load Classifier (DLC): a PC-indexed CAM of
**     {PC, #inst, #acc, #sets}, inserted/updated when a load's accesses are
**     coalesced, #sets accumulated after the load's L1D service, cleared at
**     kernel launch, NRU replacement and halving decay (docs/blocks/oaws.md);
**   - the Avail_mshr and Miss_inflight registers (bits_for(MSHRS) wide);
**   - the per-instruction predicted misses in the 2-entry I-buffer of every
**     warp (the paper's 480 bits), written at I-buffer fill;
**   - the OCW estimator (Div, FCL, Sets, CNT, OCW) trained on the fully or
**     partially cached divergent loads, Delta = 1 or CNT/2 by the DLC's
**     associativity-sensitivity test;
**   - OCW throttling: locality warps (GTO age rank < OCW, prediction 0) and
**     thrashing warps (active x 50% + rank), static mode (active x SMR);
**   - Eq. 1 (Miss_pred <= Avail_mshr - Miss_inflight) per warp -> occlude,
**     and the GTO pick over ready, occlusion-free warps.
** Forward progress: every prediction is clamped to MSHRS, so with the MSHRs
** all free and nothing in flight every ready warp qualifies (proved below).
*/
#include "../wg.h"

#include <string.h>

enum { OA_W, OA_MSHRS, OA_THREADS, OA_SMR, OA_DLC, OA_PCB, OA_SETS, OA_CNTB, OA_PIPE, OA_NPARAMS };

static const wg_param_def oaws_params[] = {
  {"W",       48, 2, 64, 0, "warps per SM (Table 1: 48); also OCW's upper bound Wmax"},
  {"MSHRS",   32, 1, 255, 0, "L1D MSHR entries per SM (paper: 32; sensitivity 48, 64, 96)"},
  {"THREADS", 32, 4, 32, 0, "threads per warp (Div_pred = active threads)"},
  {"SMR",     50, 0, 100, 0, "static OAWS miss rate in percent (paper: 50)"},
  {"DLC",     32, 1, 64, 0, "Divergent Load Classifier entries (paper: 32)"},
  {"PCB",     40, 4, 48, 0, "PC bits stored in a DLC entry (paper: 40)"},
  {"SETS",    32, 2, 64, 0, "L1D sets, the bits of the Sets register (paper: 32 = 32KB/128B/8-way)"},
  {"CNTB",     8, 2, 8, 0, "bits of the OCW counter CNT (paper: 8, Cmax = 255, start 128)"},
  {"PIPE",     1, 0, 1, 0, "0: ranks, Eq. 1 and the OCW update in the cycle they are needed (the paper's timing); 1: the "
                           "GTO ranks and the locality test of the last cycle, CNT/OCW trained a cycle after a load's "
                           "last access, Eq. 1's right-hand side from registers (5 ns clock)"},
};

static const wg_preset oaws_presets[] = {
  {"oaws",  "W=48 MSHRS=32 THREADS=32 SMR=50 DLC=32 PCB=40 SETS=32 CNTB=8 PIPE=1",
   "the paper's SM: 48 warps, 32 MSHRs, 32-entry DLC with 40-bit PCs, 32 L1D sets, 8-bit CNT; "
   "ranks, OCW update and Eq. 1's right-hand side registered (5 ns clock)",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"oaws_1cycle", "W=48 MSHRS=32 THREADS=32 SMR=50 DLC=32 PCB=40 SETS=32 CNTB=8 PIPE=0",
   "the paper's SM with ranks, Eq. 1 and the OCW update in one cycle, for comparison (8.1 ns)",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small", "W=4 MSHRS=4 THREADS=8 SMR=50 DLC=4 PCB=6 SETS=4 CNTB=2 PIPE=1",
   "4 warps of 8 threads, 4 MSHRs, a 4-entry DLC, 2-bit CNT: fast tests and formal proofs", 0},
  {"small_1cycle", "W=4 MSHRS=4 THREADS=8 SMR=50 DLC=4 PCB=6 SETS=4 CNTB=2 PIPE=0",
   "small with the one-cycle ranks, Eq. 1 and OCW update", 0},
};

/* the paper's DLC field widths */
enum { OA_INSTB = 7, OA_ACCB = 10, OA_SETB = 10 };

typedef struct oa_dims {
  int W, M, T, N, PCB, S, CB, pipe;
  int WB, RB, OB, MB, TB, PB, DB, SB, SCB;
  int cmax, cinit, smr;
} oa_dims;

static int oa_ceil_pct(int a, int pct) { return (a * pct + 99) / 100; }
static int oa_min(int a, int b) { return a < b ? a : b; }

static oa_dims oa_dims_of(wg_pv p) {
  oa_dims d;
  d.W = (int)p[OA_W]; d.M = (int)p[OA_MSHRS]; d.T = (int)p[OA_THREADS]; d.N = (int)p[OA_DLC];
  d.PCB = (int)p[OA_PCB]; d.S = (int)p[OA_SETS]; d.CB = (int)p[OA_CNTB]; d.smr = (int)p[OA_SMR];
  d.pipe = (int)p[OA_PIPE];
  d.WB = wg_clog2(d.W);
  d.RB = wg_bits_for(d.W);  /* rank 0..W-1, as wide as the popcount and OCW */
  d.OB = wg_bits_for(d.W);
  d.MB = wg_bits_for(d.M);
  d.TB = wg_bits_for(d.T);
  int smax = oa_ceil_pct(d.T, d.smr), dmax = oa_ceil_pct(d.T, 50);
  d.PB = wg_bits_for(oa_min(d.M, smax > dmax ? smax : dmax));
  d.DB = wg_clog2(d.N);
  d.SB = wg_clog2(d.S);
  d.SCB = wg_bits_for(d.S);
  d.cmax = (1 << d.CB) - 1;
  d.cinit = 1 << (d.CB - 1);
  return d;
}

static int oaws_ports(wg_pv p, wg_port *o) {
  oa_dims d = oa_dims_of(p);
  int n = 0;
#define PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  PORT("rst",           WG_IN,  1, 1, "synchronous reset: MSHRs all free, nothing in flight, DLC empty, CNT = Cmax/2+1, OCW = 2, I-buffer predictions 0");
  PORT("kernel_launch", WG_IN,  1, 1, "a kernel starts: DLC cleared, CNT and OCW back to their initial values, Div/FCL/Sets cleared");
  PORT("dyn_mode",      WG_IN,  1, 1, "1: dynamic OAWS (OCW throttling, thrashing prediction active/2 + rank), 0: static OAWS (active x SMR)");
  PORT("launch",        WG_IN,  1, 1, "a warp is launched: it becomes the youngest (GTO age)");
  PORT("launch_warp",   WG_IN,  d.WB, 6, "the launched warp's slot");
  PORT("live",          WG_IN,  d.W, 64, "per warp: resident, not exited, not waiting at a barrier (ranked for GTO priority)");
  PORT("ready",         WG_IN,  d.W, 64, "per warp: conventional qualification (I-buffer head valid, scoreboard clear, unit free)");
  PORT("ib_head",       WG_IN,  d.W, 64, "per warp: which of its two I-buffer entries is the head (the instruction that would issue)");
  PORT("fill",          WG_IN,  1, 1, "an instruction is written into an I-buffer entry this cycle (decode)");
  PORT("fill_warp",     WG_IN,  d.WB, 6, "fill: warp");
  PORT("fill_slot",     WG_IN,  1, 1, "fill: I-buffer entry 0 or 1");
  PORT("fill_load",     WG_IN,  1, 1, "fill: the instruction is a global/local load (the only kind Eq. 1 gates)");
  PORT("fill_pc",       WG_IN,  d.PCB, 48, "fill: its PC, looked up in the DLC");
  PORT("fill_active",   WG_IN,  d.TB, 6, "fill: active threads of the warp (Div_pred), 0..THREADS");
  PORT("issue",         WG_IN,  1, 1, "the scheduler issues this cycle's pick (pick_valid): Miss_inflight += pick_pred");
  PORT("retire",        WG_IN,  1, 1, "a load leaves the memory pipeline (its last L1D access is done)");
  PORT("retire_pred",   WG_IN,  d.MB, 8, "with retire: the prediction that load carried from issue (pick_pred): Miss_inflight -= it");
  PORT("mshr_alloc",    WG_IN,  1, 1, "the L1D allocates an MSHR entry (Avail_mshr - 1, not below 0)");
  PORT("mshr_free",     WG_IN,  1, 1, "an MSHR entry is released (Avail_mshr + 1, not above MSHRS)");
  PORT("coal",          WG_IN,  1, 1, "a load's accesses were coalesced: DLC insert/update (divergent: more than 2 accesses), Div/FCL/Sets restart");
  PORT("coal_pc",       WG_IN,  d.PCB, 48, "coal: the load's PC");
  PORT("coal_nacc",     WG_IN,  d.TB, 6, "coal: its coalesced accesses (#acc of this instance)");
  PORT("acc",           WG_IN,  1, 1, "one L1D access of the load in service (ignored in a cycle with coal)");
  PORT("acc_set",       WG_IN,  d.SB, 6, "acc: its cache set (marks Sets)");
  PORT("acc_miss",      WG_IN,  1, 1, "acc: not a hit on valid data (miss, merge, reserved): sets FCL");
  PORT("acc_last",      WG_IN,  1, 1, "acc: the load's last access: DLC #sets update and OCW training");
  PORT("occlude",       WG_OUT, d.W, 64, "Occlude[w]: warp w is ready, its head is a load and Miss_pred > Avail_mshr - Miss_inflight (Eq. 1 fails)");
  PORT("locality",      WG_OUT, d.W, 64, "ocwWarps: ready locality warps (dynamic mode, live, GTO rank < OCW); the other ready warps are thrashing");
  PORT("pick_valid",    WG_OUT, 1, 1, "some warp is ready and occlusion-free");
  PORT("pick_warp",     WG_OUT, d.WB, 6, "GTO pick: the last-issued warp if it qualifies, else the oldest qualifying warp");
  PORT("pick_load",     WG_OUT, 1, 1, "the pick's head is a load");
  PORT("pick_pred",     WG_OUT, d.MB, 8, "the pick's Miss_pred (0 for non-loads and locality warps, at most MSHRS)");
  PORT("avail_mshr",    WG_OUT, d.MB, 8, "Avail_mshr register: free MSHR entries");
  PORT("miss_inflight", WG_OUT, d.MB, 8, "Miss_inflight register: predicted misses of issued, unretired loads");
  PORT("cnt",           WG_OUT, d.CB, 8, "OCW estimator counter CNT");
  PORT("ocw",           WG_OUT, d.OB, 7, "Optimal Cached Warps, in [2, W]");
  PORT("dlc_valid",     WG_OUT, d.N, 64, "per DLC entry: holds a divergent load's PC");
  PORT("dlc_full",      WG_OUT, 1, 1, "every DLC entry valid (the next new divergent PC replaces one)");
#undef PORT
  return n;
}

static int oaws_storage(wg_pv p, wg_field *o) {
  oa_dims d = oa_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"dlc_entry", d.PCB + OA_INSTB + OA_ACCB + OA_SETB, d.N,
                      "DLC entry: PC, #inst 7, #acc 10, #sets 10 (paper: 40+7+10+10 = 67 bits, '9 bytes', 288 bytes for 32)"};
  o[n++] = (wg_field){"miss_pred", d.PB, 2 * d.W,
                      "predicted misses per I-buffer instruction, 2 per warp (paper: 5 bits x 96 = 480 bits); for thrashing warps the rank is added at qualification"};
  o[n++] = (wg_field){"avail_mshr", d.MB, 1, "Avail_mshr (paper: 5 bits, which cannot hold 32)"};
  o[n++] = (wg_field){"miss_inflight", d.MB, 1, "Miss_inflight (paper: 5 bits), kept as two registers whose clamped sum "
                      "is its value: these bits hold the prediction of the load issued in the last cycle"};
  o[n++] = (wg_field){"miss_inflight_rest", d.MB + 2, 1,
                      "Miss_inflight's other register: its value in the last cycle less the prediction of the load "
                      "retired then, signed; the split takes the update off the pick's path (5 ns clock)"};
  o[n++] = (wg_field){"div", 1, 1, "Div: the load in L1D service is divergent (paper: 1 bit)"};
  o[n++] = (wg_field){"fcl", 1, 1, "FCL: a miss seen on the load in service (paper: '8-bit FCL', read as a flag)"};
  o[n++] = (wg_field){"sets", d.S, 1, "Sets: L1D sets touched by the load in service (paper: 32 bits)"};
  o[n++] = (wg_field){"cnt", d.CB, 1, "CNT (paper: 8 bits, described but not counted in the 348 bytes)"};
  o[n++] = (wg_field){"ocw", d.OB, 1, "OCW (not counted by the paper)"};
  o[n++] = (wg_field){"dlc_valid", 1, d.N, "DLC valid bits (not counted by the paper)"};
  o[n++] = (wg_field){"dlc_ref", 1, d.N, "DLC NRU reference bits, the replacement state (not counted by the paper)"};
  o[n++] = (wg_field){"dlc_cur", d.DB, 1, "DLC entry of the load in service, for the #sets update (not counted by the paper)"};
  o[n++] = (wg_field){"ib_class", 2, 2 * d.W, "per I-buffer instruction: is-load, DLC-hit (the opcode class the I-buffer holds anyway; not counted by the paper)"};
  o[n++] = (wg_field){"age", 1, d.W * (d.W - 1) / 2, "GTO age matrix, upper triangle (not counted by the paper: the baseline GTO scheduler's launch order, which OAWS ranks by)"};
  o[n++] = (wg_field){"greedy", d.WB + 1, 1, "GTO greedy warp + valid (not counted by the paper: the baseline GTO scheduler's state)"};
  if (d.pipe) {
    o[n++] = (wg_field){"rank", d.WB, d.W, "PIPE=1: each warp's GTO rank of the last cycle (the live warps older than it), "
                        "registered (5 ns clock; the paper's are of the cycle)"};
    o[n++] = (wg_field){"in_ocw", 1, d.W, "PIPE=1: each warp's locality test of the last cycle (rank < OCW), registered "
                        "(5 ns clock)"};
    o[n++] = (wg_field){"ocw_train", 2, 1, "PIPE=1: a divergent load ended in the last cycle, and whether it was fully "
                        "cached: CNT and OCW train a cycle after its last access (5 ns clock)"};
    o[n++] = (wg_field){"rhs_rest", d.MB + 2, 1, "PIPE=1: Avail_mshr less Miss_inflight's first register, signed: Eq. 1's "
                        "right-hand side before the last issued prediction, from a register (5 ns clock)"};
    o[n++] = (wg_field){"sets_count", d.SCB, 1, "PIPE=1: the ones in Sets, counted as they are set (instead of a popcount "
                        "of Sets at the load's end; 5 ns clock)"};
  }
  return n;
}

static int oaws_check(wg_pv p, char *err, size_t n) {
  if (p[OA_PCB] < 7 && p[OA_DLC] > (1LL << p[OA_PCB])) {
    snprintf(err, n, "parameters DLC=%lld and PCB=%lld contradict: a DLC entry holds a distinct PC, "
             "so DLC <= 2^PCB", (long long)p[OA_DLC], (long long)p[OA_PCB]);
    return 1;
  }
  return 0;
}

/* ---------------------------------------------------------------- RTL */


/* the prediction of one mode, ceil(min(a, THREADS) x pct / 100) at most
** MSHRS, as thresholds: monotone in a, so value v from the first a giving v */
static void oa_emit_table(wg_buf *o, const oa_dims *d, const char *dst, int pct) {
  int vmax = oa_min(oa_ceil_pct(d->T, pct), d->M);
  wgb_printf(o, "  assign %s =", dst);
  for (int v = vmax; v >= 1; v--) {
    int t = 0;
    while (oa_min(oa_ceil_pct(t, pct), d->M) < v) t++;
    wgb_printf(o, "%s(fill_active >= %d'd%d) ? %d'd%d :", v == vmax ? " " : "\n      ", d->TB, t, d->PB, v);
  }
  wgb_printf(o, "%s%d'd0;\n", vmax ? " " : " ", d->PB);
}

static void oaws_rtl(wg_buf *o, wg_pv p, int mutant) {
  oa_dims d = oa_dims_of(p);
  const int W = d.W, N = d.N, IB = 2 * d.W;
  const int NP = W * (W - 1) / 2;
  const int SW = (d.PB > d.RB ? d.PB : d.RB) > d.MB ? (d.PB > d.RB ? d.PB : d.RB) + 1 : d.MB + 1;
  char a[128], b[128];

  /* ---- GTO age ---- */
  wgb_printf(o, "  // ---- GTO age: launch order (age matrix) ----\n"
                "  // older[i][j] = warp i was launched before warp j; the upper triangle is\n"
                "  // stored, the lower is its complement.  A launched warp becomes the youngest.\n");
  wgb_printf(o, "  logic [%d:0] age;\n", NP - 1);
  wg_emit_age_older(o, "older", "age", W);

  /* ---- I-buffer predictions ---- */
  wgb_printf(o, "  // ---- per-instruction predictions in the I-buffer (paper 4.4: 2 per warp) ----\n"
                "  // entry 2*w+s is warp w's I-buffer entry s.  ib_base is the stored prediction:\n"
                "  // active x SMR (static) or active x 50%% (dynamic, the thrashing base); the GTO\n"
                "  // rank of a thrashing warp is added at qualification (it changes every cycle).\n");
  wgb_printf(o, "  logic [%d:0] ib_ld, ib_div;  // the instruction is a load; its PC hit the DLC at fill\n", IB - 1);
  wgb_printf(o, "  logic [%d:0] ib_base;  // entry i at [i*%d +: %d]\n", IB * d.PB - 1, d.PB, d.PB);

  /* ---- DLC ---- */
  wgb_printf(o, "\n  // ---- Divergent Load Classifier: %d entries, looked up by PC ----\n", N);
  wgb_printf(o, "  logic [%d:0] dlc_ref;  // NRU reference bits\n", N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] dlc_pc [0:%d];\n", d.PCB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] dlc_inst [0:%d];  // #inst\n", OA_INSTB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] dlc_acc [0:%d];   // #acc\n", OA_ACCB - 1, N - 1);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] dlc_sets [0:%d];  // #sets\n", OA_SETB - 1, N - 1);
  wgb_printf(o, "  logic [%d:0] dlc_cur;  // the entry of the load in L1D service\n", d.DB - 1);
  wgb_printf(o, "  assign dlc_full = (dlc_valid == '1);\n");
  wgb_printf(o, "  // scheduler side (I-buffer fill) and coalescer side: two CAM compares per entry\n");
  wgb_printf(o, "  logic [%d:0] fill_hit_v, coal_hit_v;\n", N - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) begin\n"
                "    fill_hit_v[i] = dlc_valid[i] && dlc_pc[i] == fill_pc;\n"
                "    coal_hit_v[i] = dlc_valid[i] && dlc_pc[i] == coal_pc;\n  end\n", N);
  wgb_printf(o, "  logic fill_div, coal_hit;\n  assign fill_div = (fill_hit_v != '0);\n  assign coal_hit = (coal_hit_v != '0);\n");
  wgb_printf(o, "  // victim: the first invalid entry, else the first with #inst = 0 (decayed),\n"
                "  // else the first not recently used one\n");
  wgb_printf(o, "  logic [%d:0] zero_inst, vic_pool, victim_oh, touch_oh;\n", N - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) zero_inst[i] = dlc_valid[i] && dlc_inst[i] == '0;\n", N);
  wgb_printf(o, "  assign vic_pool = (dlc_valid != '1) ? ~dlc_valid : (zero_inst != '0) ? zero_inst :\n"
                "                    (dlc_ref != '1) ? ~dlc_ref : %d'd1;\n", N);
  wg_emit_prio_pick(o, "victim_oh", "vic_pool", N);
  wgb_printf(o, "  logic coal_div;  // more than 2 coalesced accesses: a divergent instance\n");
  wgb_printf(o, "  assign coal_div = (coal_nacc > %d'd2);\n", d.TB);
  wgb_printf(o, "  assign touch_oh = coal_hit ? coal_hit_v : victim_oh;\n");
  wgb_printf(o, "  logic [%d:0] touch_idx;\n", d.DB - 1);
  wg_emit_onehot_encode(o, "touch_idx", d.DB, "touch_oh", N);
  wgb_printf(o, "  // the hit entry's counters (one-hot AND-OR read), + this instance\n");
  wgb_printf(o, "  logic [%d:0] h_inst, c_inst;\n  logic [%d:0] h_acc, c_acc, h_sets, c_sets;\n", OA_INSTB - 1, OA_ACCB - 1);
  wgb_printf(o, "  logic [%d:0] cur_oh;\n", N - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) cur_oh[i] = (dlc_cur == %d'(i));\n", N, d.DB);
  wgb_printf(o, "  always_comb begin\n    h_inst = '0; h_acc = '0; h_sets = '0; c_inst = '0; c_acc = '0; c_sets = '0;\n"
                "    for (int i = 0; i < %d; i++) begin\n"
                "      h_inst = h_inst | (dlc_inst[i] & {%d{coal_hit_v[i]}});\n"
                "      h_acc  = h_acc  | (dlc_acc[i]  & {%d{coal_hit_v[i]}});\n"
                "      h_sets = h_sets | (dlc_sets[i] & {%d{coal_hit_v[i]}});\n"
                "      c_inst = c_inst | (dlc_inst[i] & {%d{cur_oh[i]}});\n"
                "      c_acc  = c_acc  | (dlc_acc[i]  & {%d{cur_oh[i]}});\n"
                "      c_sets = c_sets | (dlc_sets[i] & {%d{cur_oh[i]}});\n"
                "    end\n  end\n", N, OA_INSTB, OA_ACCB, OA_SETB, OA_INSTB, OA_ACCB, OA_SETB);
  wgb_printf(o, "  // update on a hit: #inst + 1, #acc + nacc; a counter that would overflow\n"
                "  // halves all three counters of the entry (the decay)\n");
  wgb_printf(o, "  logic [%d:0] u_inst;\n  logic [%d:0] u_acc;\n  logic u_halve;\n", OA_INSTB, OA_ACCB);
  wgb_printf(o, "  assign u_inst = {1'b0, h_inst} + %d'd1;\n", OA_INSTB + 1);
  wgb_printf(o, "  assign u_acc  = {1'b0, h_acc} + %s;\n", wg_zext(a, sizeof a, "coal_nacc", d.TB, OA_ACCB + 1));
  wgb_printf(o, "  assign u_halve = u_inst[%d] || u_acc[%d];\n", OA_INSTB, OA_ACCB);
  wgb_printf(o, "  logic [%d:0] n_inst;\n  logic [%d:0] n_acc, n_sets;\n", OA_INSTB - 1, OA_ACCB - 1);
  wgb_printf(o, "  assign n_inst = coal_hit ? (u_halve ? u_inst[%d:1] : u_inst[%d:0]) : %d'd1;\n", OA_INSTB, OA_INSTB - 1, OA_INSTB);
  wgb_printf(o, "  assign n_acc  = coal_hit ? (u_halve ? u_acc[%d:1] : u_acc[%d:0]) : %s;\n", OA_ACCB, OA_ACCB - 1,
             wg_zext(a, sizeof a, "coal_nacc", d.TB, OA_ACCB));
  wgb_printf(o, "  assign n_sets = coal_hit ? (u_halve ? {1'b0, h_sets[%d:1]} : h_sets) : '0;\n", OA_SETB - 1);

  /* ---- L1D service: Div, FCL, Sets ---- */
  wgb_printf(o, "\n  // ---- the load in L1D service: Div, FCL, Sets (paper 4.3.1) ----\n");
  wgb_printf(o, "  logic div, fcl;\n  logic [%d:0] sets;\n", d.S - 1);
  wgb_printf(o, "  logic acc_ok, done;  // an access counts (no coal this cycle); the load's last\n");
  wgb_printf(o, "  assign acc_ok = acc && !coal;\n  assign done = acc_ok && acc_last;\n");
  wgb_printf(o, "  logic [%d:0] set_bit, sets_now;\n", d.S - 1);
  wgb_printf(o, "  assign set_bit = %d'd1 << acc_set;  // a set index >= SETS marks nothing\n", d.S);
  wgb_printf(o, "  assign sets_now = sets | set_bit;\n");
  wgb_printf(o, "  logic fully;  // no access of the load missed: a fully cached load\n");
  wgb_printf(o, "  assign fully = !(fcl || acc_miss);\n");
  wgb_printf(o, "  logic [%d:0] touched;\n", d.SCB - 1);
  if (d.pipe) {
    wgb_printf(o, "  // PIPE=1: Sets' ones counted as they are set (nsets), so the sets touched by the load are\n"
                  "  // nsets plus this access's set if it is new: an increment, not a popcount of its %d bits\n", d.S);
    wgb_printf(o, "  logic [%d:0] nsets;  // ones in Sets\n  logic set_new;\n", d.SCB - 1);
    wgb_printf(o, "  assign set_new = ((set_bit & ~sets) != '0);\n");
    wgb_printf(o, "  assign touched = nsets + %s;\n", wg_zext(a, sizeof a, "set_new", 1, d.SCB));
  } else {
    wg_emit_popcount(o, "touched", d.SCB, "sets_now", d.S);
  }
  wgb_printf(o, "  // #sets accumulates the sets this instance touched; overflow halves the entry\n");
  wgb_printf(o, "  logic [%d:0] u_sets;\n  logic s_halve;\n", OA_SETB);
  wgb_printf(o, "  assign u_sets = {1'b0, c_sets} + %s;\n", wg_zext(a, sizeof a, "touched", d.SCB, OA_SETB + 1));
  wgb_printf(o, "  assign s_halve = u_sets[%d];\n", OA_SETB);
  wgb_printf(o, "  logic [%d:0] d_inst;\n  logic [%d:0] d_acc, d_sets;\n", OA_INSTB - 1, OA_ACCB - 1);
  wgb_printf(o, "  assign d_inst = s_halve ? {1'b0, c_inst[%d:1]} : c_inst;\n", OA_INSTB - 1);
  wgb_printf(o, "  assign d_acc  = s_halve ? {1'b0, c_acc[%d:1]} : c_acc;\n", OA_ACCB - 1);
  wgb_printf(o, "  assign d_sets = s_halve ? u_sets[%d:1] : u_sets[%d:0];\n", OA_SETB, OA_SETB - 1);
  if (d.pipe) {
    wgb_printf(o, "  // associativity-sensitive: #acc > 1.5 x #sets, i.e. 2 #acc > 3 #sets.  PIPE=1: tested the cycle\n"
                  "  // after the load's last access, on its DLC entry as that access left it (dlc_cur's entry,\n"
                  "  // which no coalesce can change before: a last access is never in a coal cycle)\n");
    wgb_printf(o, "  logic assoc;\n  assign assoc = ({1'b0, c_acc, 1'b0} > ({2'b0, c_sets} + {1'b0, c_sets, 1'b0}));\n");
  } else {
    wgb_printf(o, "  // associativity-sensitive: #acc > 1.5 x #sets, i.e. 2 #acc > 3 #sets\n");
    wgb_printf(o, "  logic assoc;\n  assign assoc = ({1'b0, d_acc, 1'b0} > ({2'b0, d_sets} + {1'b0, d_sets, 1'b0}));\n");
  }

  /* ---- OCW estimator ---- */
  wgb_printf(o, "\n  // ---- OCW estimator (paper 4.3.1, Fig. 7), on each divergent load's end ----\n");
  wgb_printf(o, "  logic train;\n  assign train = done && div;\n");
  /* PIPE=1: the training is registered at the load's last access and moves CNT and OCW at the
  ** next edge: the Sets count and the #sets adder are one cycle, the associativity test (on the
  ** updated DLC entry), Delta and CNT's adders the next */
  const char *tv = "train", *tf = "fully";
  if (d.pipe) {
    wgb_printf(o, "  // PIPE=1: a divergent load's end registered (tr_v: its last access was in the last cycle;\n"
                  "  // tr_fully: none of its accesses missed); CNT and OCW move at the edge after (a kernel\n"
                  "  // launch drops it)\n");
    wgb_printf(o, "  logic tr_v, tr_fully;\n");
    tv = "tr_v"; tf = "tr_fully";
    /* the same values as (cnt > delta) ? cnt - delta : 0 with the Delta below, as a choice between
    ** two values of CNT alone, so the associativity test (late) only selects */
    wgb_printf(o, "  logic [%d:0] cnt_up, cnt_dn;\n", d.CB - 1);
    wgb_printf(o, "  assign cnt_up = (cnt == %d'd%d) ? cnt : cnt + %d'd1;  // (A), saturating\n", d.CB, d.cmax, d.CB);
    wgb_printf(o, "  // (C), CNT - Delta not below 0, Delta = CNT/2 (at least 1) for associativity-sensitive loads,\n"
                  "  // else 1: CNT - CNT/2 when CNT >= 2 and the load is associativity-sensitive, else CNT - 1\n"
                  "  // (0 at 0); two values of CNT alone, which the test selects; either is 0 iff CNT <= 1\n");
    wgb_printf(o, "  logic cnt_low;  // CNT <= 1\n  assign cnt_low = (cnt[%d:1] == '0);\n", d.CB - 1);
    wgb_printf(o, "  assign cnt_dn = (assoc && !cnt_low) ? cnt - {1'b0, cnt[%d:1]} : (cnt == '0) ? '0 : cnt - %d'd1;\n",
               d.CB - 1, d.CB);
  } else {
    wgb_printf(o, "  logic [%d:0] delta, cnt_up, cnt_dn;\n", d.CB - 1);
    wgb_printf(o, "  // Delta: CNT/2 (at least 1) for associativity-sensitive loads, else 1\n");
    wgb_printf(o, "  assign delta = (assoc && cnt[%d:1] != '0) ? %s : %d'd1;\n", d.CB - 1,
               d.CB > 1 ? (snprintf(b, sizeof b, "{1'b0, cnt[%d:1]}", d.CB - 1), b) : "cnt", d.CB);
    wgb_printf(o, "  assign cnt_up = (cnt == %d'd%d) ? cnt : cnt + %d'd1;  // (A), saturating\n", d.CB, d.cmax, d.CB);
    wgb_printf(o, "  assign cnt_dn = (cnt > delta) ? cnt - delta : '0;      // (C), not below 0\n");
  }
  wgb_printf(o, "  logic [%d:0] cnt_next;\n  logic [%d:0] ocw_next;\n", d.CB - 1, d.OB - 1);
  wgb_printf(o, "  always_comb begin\n    cnt_next = cnt;\n    ocw_next = ocw;\n");
  wgb_printf(o, "    if (%s && %s) begin\n"
                "      if (!(cnt == %d'd%d && ocw == %d'd%d)) begin  // (D) at the top: no change\n"
                "        cnt_next = cnt_up;\n"
                "        if (cnt_up == %d'd%d && ocw < %d'd%d) begin ocw_next = ocw + %d'd1; cnt_next = '0; end  // (B)\n"
                "      end\n", tv, tf, d.CB, d.cmax, d.OB, W, d.CB, d.cmax, d.OB, W, d.OB);
  wgb_printf(o, "    end else if (%s) begin\n"
                "      if (!(cnt == '0 && ocw == %d'd2)) begin  // (D) at the bottom: no change\n"
                "        cnt_next = cnt_dn;\n", tv, d.OB);
  if (d.pipe)
    wgb_printf(o, "        if (cnt_low && ocw > %d'd2) begin ocw_next = ocw - %d'd1; cnt_next = %d'd%d; end  // (E): CNT - Delta = 0\n",
               d.OB, d.OB, d.CB, d.cmax);
  else
    wgb_printf(o, "        if (cnt_dn == '0 && ocw > %d'd2) begin ocw_next = ocw - %d'd1; cnt_next = %d'd%d; end  // (E)\n",
               d.OB, d.OB, d.CB, d.cmax);
  wgb_printf(o, "      end\n    end\n  end\n");

  /* ---- per-warp qualification ---- */
  wgb_printf(o, "\n  // ---- per warp: head instruction, GTO rank, Miss_pred, Eq. 1 ----\n");
  if (d.pipe) {
    wgb_printf(o, "  // Miss_inflight is kept as two registers (below): mi_rest, signed, and mi_issued, the prediction\n"
                  "  // issued in the last cycle; Miss_inflight = mi_rest + mi_issued, 0 when that is negative\n");
    wgb_printf(o, "  logic signed [%d:0] mi_rest;\n  logic [%d:0] mi_issued;\n", d.MB + 1, d.MB - 1);
    wgb_printf(o, "  // PIPE=1: Eq. 1's right-hand side Avail_mshr - Miss_inflight from registers alone: rhs_rest =\n"
                  "  // Avail_mshr - mi_rest is registered with them, and rhs = rhs_rest - mi_issued.  Exact: with\n"
                  "  // Miss_inflight = max(0, mi_rest + mi_issued) (never above MSHRS: proved), Miss_pred >\n"
                  "  // Avail_mshr - Miss_inflight iff Miss_pred > Avail_mshr or Miss_pred > rhs (signed), without\n"
                  "  // Miss_inflight's adder, clamp and subtracter before the compare (the 5 ns clock)\n");
    wgb_printf(o, "  logic signed [%d:0] rhs_rest, rhs;\n", d.MB + 1);
    wgb_printf(o, "  assign rhs = rhs_rest - $signed({2'b0, mi_issued});\n");
  } else {
    wgb_printf(o, "  // rhs = Avail_mshr - Miss_inflight, signed: negative when more misses are\n"
                  "  // predicted in flight than entries are free\n");
    wgb_printf(o, "  logic rhs_neg;\n  logic [%d:0] rhs;\n", d.MB - 1);
    wgb_printf(o, "  assign rhs_neg = (miss_inflight > avail_mshr);\n  assign rhs = avail_mshr - miss_inflight;\n");
  }
  wgb_printf(o, "  logic [%d:0] hd_ld, hd_div, loc, gated;\n", W - 1);
  for (int w = 0; w < W; w++) {
    wgb_printf(o, "  // warp %d\n", w);
    wgb_printf(o, "  logic [%d:0] hd_base_%d;\n  logic [%d:0] pred_%d;\n", d.PB - 1, w, d.MB - 1, w);
    wgb_printf(o, "  assign hd_ld[%d]  = ib_head[%d] ? ib_ld[%d] : ib_ld[%d];\n", w, w, 2 * w + 1, 2 * w);
    wgb_printf(o, "  assign hd_div[%d] = ib_head[%d] ? ib_div[%d] : ib_div[%d];\n", w, w, 2 * w + 1, 2 * w);
    wgb_printf(o, "  assign hd_base_%d = ib_head[%d] ? ib_base[%d:%d] : ib_base[%d:%d];\n", w, w,
               (2 * w + 2) * d.PB - 1, (2 * w + 1) * d.PB, (2 * w + 1) * d.PB - 1, 2 * w * d.PB);
    char dst[32], vec[32];
    snprintf(dst, sizeof dst, "rank_%d", w);
    if (d.pipe) {   /* this cycle's rank and locality test are registered (below) for the next */
      wgb_printf(o, "  logic [%d:0] older_live_%d;  // live warps older than warp %d\n", W - 1, w, w);
      wgb_printf(o, "  assign older_live_%d = live & ~older[%d] & ~(%d'(1) << %d);\n", w, w, W, w);
      snprintf(vec, sizeof vec, "older_live_%d", w);
      snprintf(dst, sizeof dst, "rank_now_%d", w);
      wgb_printf(o, "  logic [%d:0] rank_now_%d;  // this cycle's GTO rank, 0 = oldest live warp: used next cycle\n",
                 d.RB - 1, w);
      wg_emit_popcount(o, dst, d.RB, vec, W);
      snprintf(dst, sizeof dst, "rank_%d", w);
      wgb_printf(o, "  logic [%d:0] rank_%d;  // PIPE=1: the GTO rank used now, last cycle's (registered; 0..W-1)\n", d.WB - 1, w);
      wgb_printf(o, "  logic in_ocw_%d;  // PIPE=1: last cycle's rank < last cycle's OCW (registered)\n", w);
    } else {
      wgb_printf(o, "  logic [%d:0] older_live_%d;  // live warps older than warp %d\n", W - 1, w, w);
      /* column w of the matrix is row w complemented, without w itself (one word, not W bits) */
      wgb_printf(o, "  assign older_live_%d = live & ~older[%d] & ~(%d'(1) << %d);\n", w, w, W, w);
      snprintf(vec, sizeof vec, "older_live_%d", w);
      wgb_printf(o, "  logic [%d:0] rank_%d;  // GTO rank, 0 = oldest live warp\n", d.RB - 1, w);
      wg_emit_popcount(o, dst, d.RB, vec, W);
    }
    if (d.pipe)
      wgb_printf(o, "  assign loc[%d] = dyn_mode && live[%d] && in_ocw_%d;\n", w, w, w);
    else
      wgb_printf(o, "  assign loc[%d] = dyn_mode && live[%d] && (%s < ocw);\n", w, w,
                 wg_zext(a, sizeof a, dst, d.RB, d.OB > d.RB ? d.OB : d.RB));
    wgb_printf(o, "  logic [%d:0] thr_%d;  // thrashing: base + rank, at most MSHRS\n", SW - 1, w);
    wgb_printf(o, "  assign thr_%d = %s + %s;\n", w, wg_zext(a, sizeof a, dst, d.pipe ? d.WB : d.RB, SW),
               (snprintf(vec, sizeof vec, "hd_base_%d", w), wg_zext(b, sizeof b, vec, d.PB, SW)));
    wgb_printf(o, "  assign pred_%d = !hd_ld[%d]  ? '0 :       // not a load: never gated\n"
                  "                  !hd_div[%d] ? %d'd1 :    // coherent load: one entry\n"
                  "                  !dyn_mode   ? %s :  // static: active x SMR\n"
                  "                  loc[%d]     ? '0 :       // locality warp\n"
                  "                  (thr_%d > %d'd%d) ? %d'd%d : thr_%d[%d:0];  // thrashing warp\n",
               w, w, w, d.MB, (snprintf(vec, sizeof vec, "hd_base_%d", w), wg_zext(a, sizeof a, vec, d.PB, d.MB)),
               w, w, SW, d.M, d.MB, d.M, w, d.MB - 1);
    wgb_printf(o, "  assign gated[%d] = (pred_%d != '0);\n", w, w);
    if (d.pipe && mutant)
      wgb_printf(o, "  assign occlude[%d] = ready[%d] && gated[%d] && (pred_%d >= avail_mshr || $signed({2'b0, pred_%d}) >= rhs);"
                    "  // MUTANT: >= instead of >\n", w, w, w, w, w);
    else if (d.pipe)
      wgb_printf(o, "  assign occlude[%d] = ready[%d] && gated[%d] && (pred_%d > avail_mshr || $signed({2'b0, pred_%d}) > rhs);"
                    "  // Eq. 1 fails\n", w, w, w, w, w);
    else if (mutant)
      wgb_printf(o, "  assign occlude[%d] = ready[%d] && gated[%d] && (rhs_neg || pred_%d >= rhs);  // MUTANT: >= instead of >\n",
                 w, w, w, w);
    else
      wgb_printf(o, "  assign occlude[%d] = ready[%d] && gated[%d] && (rhs_neg || pred_%d > rhs);  // Eq. 1 fails\n",
                 w, w, w, w);
  }
  wgb_printf(o, "  assign locality = loc & ready;\n");

  /* ---- GTO pick ---- */
  wgb_printf(o, "\n  // ---- GTO over the ready, occlusion-free warps ----\n");
  wgb_printf(o, "  logic [%d:0] qual, oldest_oh, greedy_oh, pick_oh;\n", W - 1);
  wgb_printf(o, "  assign qual = ready & ~occlude;\n");
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_oldest\n"
                "    // older[i] is row i: the warps that warp i is older than\n"
                "    assign oldest_oh[i] = qual[i] && ((qual & ~older[i]) == (%d'(1) << i));\n  end\n",
             W, W);
  wgb_printf(o, "  logic greedy_valid;\n  logic [%d:0] greedy;\n", d.WB - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) greedy_oh[i] = greedy_valid && greedy == %d'(i) && qual[i];\n",
             W, d.WB);
  wgb_printf(o, "  assign pick_oh = (greedy_oh != '0) ? greedy_oh : oldest_oh;\n");
  wgb_printf(o, "  assign pick_valid = (qual != '0);\n");
  wg_emit_onehot_encode(o, "pick_warp", d.WB, "pick_oh", W);
  wgb_printf(o, "  assign pick_load = |(pick_oh & hd_ld);\n");
  wgb_printf(o, "  assign pick_pred =");
  for (int w = 0; w < W; w++) wgb_printf(o, "%s(pred_%d & {%d{pick_oh[%d]}})", w ? "\n                   | " : " ", w, d.MB, w);
  wgb_printf(o, ";\n");

  /* ---- registers ---- */
  wgb_printf(o, "\n  // ---- Miss_inflight and Avail_mshr ----\n");
  wgb_printf(o, "  logic do_issue;\n  assign do_issue = issue && pick_valid;\n");
  wgb_printf(o, "  // Miss_inflight' = min(MSHRS, max(0, Miss_inflight + issued pick's prediction - retired\n"
                "  // load's)), kept as two registers: mi_rest = Miss_inflight - retired (signed), known early,\n"
                "  // and mi_issued = the issued prediction, which comes at the end of the pick's path; their\n"
                "  // sum, clamped, is Miss_inflight the next cycle.  The same values as one register updated\n"
                "  // with the sum, without the adders and the clamp after the pick (the 5 ns clock)\n");
  if (d.pipe)
    wgb_printf(o, "  logic signed [%d:0] mi_total;\n", d.MB + 1);
  else
    wgb_printf(o, "  logic signed [%d:0] mi_rest;\n  logic [%d:0] mi_issued;\n  logic signed [%d:0] mi_total;\n",
               d.MB + 1, d.MB - 1, d.MB + 1);
  wgb_printf(o, "  assign mi_total = mi_rest + $signed({2'b0, mi_issued});\n");
  wgb_printf(o, "  assign miss_inflight = mi_total < 0 ? '0 : (mi_total > %d'sd%d) ? %d'd%d : mi_total[%d:0];\n",
             d.MB + 2, d.M, d.MB, d.M, d.MB - 1);
  wgb_printf(o, "  logic signed [%d:0] mi_rest_next;  // a retire subtracts the prediction its load carried\n", d.MB + 1);
  wgb_printf(o, "  assign mi_rest_next = $signed({2'b0, miss_inflight}) - (retire ? $signed({2'b0, retire_pred}) : %d'sd0);\n",
             d.MB + 2);
  wgb_printf(o, "  logic [%d:0] av_next;\n", d.MB - 1);
  wgb_printf(o, "  always_comb begin\n    av_next = avail_mshr;\n"
                "    if (mshr_alloc && !mshr_free && avail_mshr != '0) av_next = avail_mshr - %d'd1;\n"
                "    if (mshr_free && !mshr_alloc && avail_mshr != %d'd%d) av_next = avail_mshr + %d'd1;\n"
                "  end\n", d.MB, d.MB, d.M, d.MB);

  wgb_printf(o, "\n  logic [%d:0] launch_oh;\n", W - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) launch_oh[i] = launch && launch_warp == %d'(i);\n", W, d.WB);
  wgb_printf(o, "  wire [%d:0] age_next;\n"
                "  for (genvar i = 0; i < %d; i++) begin : g_age_row\n"
                "    for (genvar j = i + 1; j < %d; j++) begin : g_age_col\n"
                "      assign age_next[i*%d - i*(i+1)/2 + j - i - 1] =\n"
                "          launch_oh[j] || (!launch_oh[i] && age[i*%d - i*(i+1)/2 + j - i - 1]);\n"
                "    end\n  end\n", NP - 1, W, W, W, W);
  if (d.pipe) {
    wgb_printf(o, "  // PIPE=1: the GTO ranks and the locality test (rank < OCW) of this cycle, used in the next\n");
    wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin  // slot order, every warp live, OCW 2\n");
    for (int w = 0; w < W; w++)
      wgb_printf(o, "      rank_%d <= %d'd%d;\n      in_ocw_%d <= 1'b%d;\n", w, d.WB, w, w, w < 2);
    wgb_printf(o, "    end else begin\n");
    for (int w = 0; w < W; w++)
      wgb_printf(o, "      rank_%d <= rank_now_%d[%d:0];\n      in_ocw_%d <= (%s < ocw);\n", w, w, d.WB - 1, w,
                 (snprintf(b, sizeof b, "rank_now_%d", w), wg_zext(a, sizeof a, b, d.RB, d.OB > d.RB ? d.OB : d.RB)));
    wgb_printf(o, "    end\n  end\n");
  }
  wgb_printf(o, "  logic [%d:0] fill_oh;  // I-buffer entry written\n", IB - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) fill_oh[i] = fill && {fill_warp, fill_slot} == %d'(i);\n",
             IB, d.WB + 1);
  wgb_printf(o, "  logic [%d:0] base_static, base_dyn;\n", d.PB - 1);
  wgb_printf(o, "  // static: ceil(active x %d%%), dynamic thrashing base: ceil(active x 50%%), at most MSHRS\n", d.smr);
  oa_emit_table(o, &d, "base_static", d.smr);
  oa_emit_table(o, &d, "base_dyn", 50);
  wgb_printf(o, "  logic [%d:0] fill_base;\n  assign fill_base = !fill_load ? '0 : dyn_mode ? base_dyn : base_static;\n", d.PB - 1);
  wgb_printf(o, "  logic dlc_touch;  // a divergent load inserts or updates its entry\n");
  wgb_printf(o, "  assign dlc_touch = coal && coal_div;\n");
  wgb_printf(o, "  logic [%d:0] ref_set;\n  assign ref_set = dlc_ref | touch_oh;\n", N - 1);

  wgb_printf(o, "\n  always_ff @(posedge clk) begin\n    if (rst) begin\n");
  wgb_printf(o, "      age <= '1;  // slot order until warps are launched\n"
                "      greedy_valid <= 1'b0;\n      greedy <= '0;\n"
                "      ib_ld <= '0;\n      ib_div <= '0;\n      ib_base <= '0;\n"
                "      avail_mshr <= %d'd%d;\n      mi_rest <= '0;\n      mi_issued <= '0;\n", d.MB, d.M);
  if (d.pipe) wgb_printf(o, "      rhs_rest <= %d'sd%d;\n", d.MB + 2, d.M);
  wgb_printf(o, "    end else begin\n");
  wgb_printf(o, "      if (launch) age <= age_next;\n");
  wgb_printf(o, "      if (do_issue) begin greedy_valid <= 1'b1; greedy <= pick_warp; end\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++) if (fill_oh[i]) begin\n"
                "        ib_ld[i] <= fill_load;\n"
                "        ib_div[i] <= fill_load && fill_div;\n"
                "        ib_base[i*%d +: %d] <= fill_base;\n"
                "      end\n", IB, d.PB, d.PB);
  wgb_printf(o, "      avail_mshr <= av_next;\n"
                "      // (above MSHRS cannot happen: Eq. 1 keeps it within Avail_mshr; proved)\n"
                "      mi_rest <= mi_rest_next;\n      mi_issued <= do_issue ? pick_pred : '0;\n");
  if (d.pipe) wgb_printf(o, "      rhs_rest <= $signed({2'b0, av_next}) - mi_rest_next;\n");
  wgb_printf(o, "    end\n  end\n");

  wgb_printf(o, "\n  // DLC, Div/FCL/Sets, CNT and OCW: reset and kernel launch start them over\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst || kernel_launch) begin\n"
                "      dlc_valid <= '0;\n      dlc_ref <= '0;\n      dlc_cur <= '0;\n"
                "      div <= 1'b0;\n      fcl <= 1'b0;\n      sets <= '0;\n"
                "      cnt <= %d'd%d;\n      ocw <= %d'd2;\n", d.CB, d.cinit, d.OB);
  if (d.pipe) wgb_printf(o, "      nsets <= '0;\n      tr_v <= 1'b0;\n");
  wgb_printf(o, "    end else begin\n");
  wgb_printf(o, "      cnt <= cnt_next;\n      ocw <= ocw_next;\n");
  if (d.pipe) wgb_printf(o, "      tr_v <= train;\n");
  wgb_printf(o, "      if (coal) begin  // a new load enters L1D service\n"
                "        div <= coal_div;\n        fcl <= 1'b0;\n        sets <= '0;\n%s", d.pipe ? "        nsets <= '0;\n" : "");
  wgb_printf(o, "        if (coal_div) begin\n"
                "          dlc_cur <= touch_idx;\n"
                "          dlc_ref <= (ref_set == '1) ? touch_oh : ref_set;  // NRU: all used -> start over\n"
                "          dlc_valid <= dlc_valid | touch_oh;\n"
                "        end\n"
                "      end else if (done) begin  // its last access: the load is finished\n"
                "        div <= 1'b0;\n        fcl <= 1'b0;\n        sets <= '0;\n"
                "%s"
                "      end else if (acc_ok) begin\n"
                "        fcl <= fcl || acc_miss;\n        sets <= sets_now;\n"
                "%s"
                "      end\n", d.pipe ? "        nsets <= '0;\n" : "", d.pipe ? "        nsets <= touched;\n" : "");
  wgb_printf(o, "    end\n  end\n");
  if (d.pipe)
    wgb_printf(o, "  always_ff @(posedge clk) tr_fully <= fully;  // read only with tr_v: no reset needed\n");
  wgb_printf(o, "  // entry payload: written on insert/update (coal) or #sets update (train); no reset needed\n");
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_dlc\n"
                "    always_ff @(posedge clk) begin\n"
                "      if (dlc_touch && touch_oh[i]) begin\n"
                "        dlc_pc[i] <= coal_pc;\n        dlc_inst[i] <= n_inst;\n"
                "        dlc_acc[i] <= n_acc;\n        dlc_sets[i] <= n_sets;\n"
                "      end else if (train && cur_oh[i]) begin\n"
                "        dlc_inst[i] <= d_inst;\n        dlc_acc[i] <= d_acc;\n        dlc_sets[i] <= d_sets;\n"
                "      end\n    end\n  end\n", N);
}

/* The block's function restated from the paper's rules, for the proofs (issue 20's
** "properties with teeth"): every output and every register's next value computed again from
** the registers and inputs -- GTO ranks as counts of older live warps in the launch order's
** ghost ranks (wg_emit_age_ghost, which the age matrix is asserted to agree with), the
** predictions as a search for the smallest v with 100 v >= active x pct where the RTL has
** threshold tables, the DLC's reads by index where it has AND-OR muxes -- and compared
** with the RTL's.  Arithmetic is as narrow as the values: 32-bit arithmetic made the proof's
** SAT problem 14x the RTL's. */
static const char oaws_spec_head[] =
  "\n"
  "`ifndef WG_COVERS  // (the covers leave it out: docs/formal.md)\n"
  "  // ---- the function, restated from the paper's rules (docs/blocks/oaws.md) ----\n"
  "  // Every output and every register's next value computed again from the registers and inputs:\n"
  "  // GTO ranks as counts of older live warps (launch order from the ghost ranks f_rank, which the\n"
  "  // age matrix is asserted to agree with),\n"
  "  // the predictions as the smallest v with 100 v >= min(active, THREADS) x pct (at most MSHRS),\n"
  "  // Eq. 1 as a sum, the DLC read by index; the asserts compare them with the RTL's.\n";
static const char oaws_spec_tmpl_a[] =
  "  // a stored prediction (4.4): ceil(min(active, THREADS) x pct / 100), at most MSHRS\n"
  "  function automatic logic [@@PB@@-1:0] s_base(input logic [@@TB@@-1:0] active, input logic [6:0] pct);\n"
  "    logic [15:0] need;\n"
  "    need = 16'(active) * 16'(pct);\n"
  "    if (need > 16'(@@T@@) * 16'(pct)) need = 16'(@@T@@) * 16'(pct);   // active above THREADS: THREADS\n"
  "    s_base = @@PB@@'(@@M@@);\n"
  "    for (int v = @@M@@; v >= 0; v--) if (16'(v) * 16'd100 >= need) s_base = @@PB@@'(v);\n"
  "  endfunction\n"
  "  // per warp: GTO rank (live warps older), head instruction, Miss_pred, Eq. 1\n"
  "  logic [@@RB@@-1:0] s_rank [@@W@@];\n"
  "  logic [@@MB@@-1:0] s_pred [@@W@@];\n"
  "  logic [@@W@@-1:0] s_loc, s_occ, s_hld, s_qual;\n"
  "  logic [@@PB@@-1:0] s_hb;\n"
  "  logic [@@PW@@-1:0] s_thr;\n"
  "  logic [@@WB@@-1:0] s_pick;\n"
  "  logic s_hdv, s_old;\n"
  "  always @(*) begin\n"
  "    for (int w = 0; w < @@W@@; w++) begin\n"
;
/* PIPE=0: this cycle's GTO ranks and locality test */
static const char oaws_spec_rank0[] =
  "      s_rank[w] = '0;\n"
  "      for (int v = 0; v < @@W@@; v++) if (v != w && live[v] && (f_rank[v*@@WB@@ +: @@WB@@] < f_rank[w*@@WB@@ +: @@WB@@])) s_rank[w] = s_rank[w] + 1'b1;\n"
  "      s_loc[w] = dyn_mode && live[w] && s_rank[w] < ocw;\n"
;
/* PIPE=1: the last cycle's (live warps, launch order and OCW of the cycle before; after a reset
** slot order with every warp live and OCW 2) */
static const char oaws_spec_rank1[] =
  "      s_rank[w] = '0;\n"
  "      for (int v = 0; v < @@W@@; v++) if (v != w && f_p_live[v] && (f_p_rank[v*@@WB@@ +: @@WB@@] < f_p_rank[w*@@WB@@ +: @@WB@@])) s_rank[w] = s_rank[w] + 1'b1;\n"
  "      s_inocw[w] = s_rank[w] < f_p_ocw;\n"
  "      if (f_p_rst) begin s_rank[w] = @@RB@@'(w); s_inocw[w] = w < 2; end\n"
  "      s_loc[w] = dyn_mode && live[w] && s_inocw[w];\n";
static const char oaws_spec_tmpl_b[] =
  "      s_hld[w] = ib_head[w] ? ib_ld[2*w+1] : ib_ld[2*w];\n"
  "      s_hdv = ib_head[w] ? ib_div[2*w+1] : ib_div[2*w];\n"
  "      s_hb = ib_head[w] ? ib_base[(2*w+1)*@@PB@@ +: @@PB@@] : ib_base[2*w*@@PB@@ +: @@PB@@];\n"
  "      // not a load: no entry; a coherent load: one; static: the stored active x SMR; dynamic: a\n"
  "      // locality warp none, a thrashing warp active x 50% + its rank, at most MSHRS\n"
  "      s_thr = @@PW@@'(s_rank[w]) + @@PW@@'(s_hb);\n"
  "      s_pred[w] = !s_hld[w] ? '0 : !s_hdv ? @@MB@@'(1) : !dyn_mode ? @@MB@@'(s_hb) : s_loc[w] ? '0\n"
  "                : (s_thr > @@PW@@'(@@M@@) ? @@MB@@'(@@M@@) : @@MB@@'(s_thr));\n"
  "      // Eq. 1: Miss_pred <= Avail_mshr - Miss_inflight, or the warp is occluded\n"
  "      s_occ[w] = ready[w] && s_pred[w] != '0 && @@PW@@'(s_pred[w]) + @@PW@@'(miss_inflight) > @@PW@@'(avail_mshr);\n"
  "    end\n"
  "    // GTO over the ready, occlusion-free warps: the last issued one, else the oldest\n"
  "    s_qual = ready & ~s_occ;\n"
  "    s_pick = '0;\n"
  "    for (int w = 0; w < @@W@@; w++) begin\n"
  "      s_old = s_qual[w];\n"
  "      for (int v = 0; v < @@W@@; v++) if (v != w && s_qual[v] && !(f_rank[w*@@WB@@ +: @@WB@@] < f_rank[v*@@WB@@ +: @@WB@@])) s_old = 1'b0;\n"
  "      if (s_old) s_pick = @@WB@@'(w);\n"
  "    end\n"
  "    for (int w = 0; w < @@W@@; w++) if (greedy_valid && greedy == @@WB@@'(w) && s_qual[w]) s_pick = greedy;\n"
  "  end\n"
  "  logic s_pload;\n"
  "  logic [@@MB@@-1:0] s_ppred;\n"
  "  always @(*) begin\n"
  "    s_pload = 1'b0; s_ppred = '0;\n"
  "    for (int w = 0; w < @@W@@; w++) if (s_qual != '0 && s_pick == @@WB@@'(w)) begin s_pload = s_hld[w]; s_ppred = s_pred[w]; end\n"
  "  end\n"
  "  always @(*) if (f_past_valid) begin\n"
  "    assert(occlude == s_occ);\n"
  "    assert(locality == (s_loc & ready));\n"
  "    assert(pick_valid == (s_qual != '0));\n"
  "    assert(!pick_valid || pick_warp == s_pick);\n"
  "    assert(pick_load == s_pload);\n"
  "    assert(pick_pred == s_ppred);\n"
  "    assert(dlc_full == (dlc_valid == '1));\n"
  "  end\n"
  "  // the DLC (4.3.1): the coalesced load's entry (hit, else the victim: the first invalid entry,\n"
  "  // else the first decayed one (#inst = 0), else the first not recently used)\n"
  "  logic s_fhit, s_chit, s_cdiv, s_vfound, s_ok, s_done, s_train, s_fully, s_assoc, s_shalve;\n"
  "  logic [@@DB@@-1:0] s_touch;\n"
  "  logic [11:0] s_inst, s_acc, s_sets, s_cacc, s_csets, s_nsets, s_touched;\n"
  "  logic [@@CB@@-1:0] s_cnt, s_delta, s_up, s_dn;\n"
  "  logic [@@OB@@-1:0] s_ocw;\n"
  "  logic [@@S@@-1:0] s_snow;\n"
  "  always @(*) begin\n"
  "    s_fhit = 1'b0; s_chit = 1'b0; s_touch = '0; s_vfound = 1'b0;\n"
  "    for (int i = 0; i < @@N@@; i++) begin\n"
  "      if (dlc_valid[i] && dlc_pc[i] == fill_pc) s_fhit = 1'b1;\n"
  "      if (dlc_valid[i] && dlc_pc[i] == coal_pc) begin s_chit = 1'b1; s_touch = @@DB@@'(i); end\n"
  "    end\n"
  "    if (!s_chit) begin\n"
  "      for (int i = 0; i < @@N@@; i++) if (!s_vfound && !dlc_valid[i]) begin s_vfound = 1'b1; s_touch = @@DB@@'(i); end\n"
  "      for (int i = 0; i < @@N@@; i++) if (!s_vfound && dlc_inst[i] == '0) begin s_vfound = 1'b1; s_touch = @@DB@@'(i); end\n"
  "      for (int i = 0; i < @@N@@; i++) if (!s_vfound && !dlc_ref[i]) begin s_vfound = 1'b1; s_touch = @@DB@@'(i); end\n"
  "    end\n"
  "    s_cdiv = coal_nacc > @@TB@@'(2);\n"
  "    // the touched entry + this instance: #inst + 1, #acc + accesses; an overflow halves all three\n"
  "    s_inst = '0; s_acc = '0; s_sets = '0; s_cacc = '0; s_csets = '0;\n"
  "    for (int i = 0; i < @@N@@; i++) begin\n"
  "      if (s_touch == @@DB@@'(i)) begin s_inst = 12'(dlc_inst[i]); s_acc = 12'(dlc_acc[i]); s_sets = 12'(dlc_sets[i]); end\n"
  "      if (dlc_cur == @@DB@@'(i)) begin s_cacc = 12'(dlc_acc[i]); s_csets = 12'(dlc_sets[i]); end\n"
  "    end\n"
  "    s_inst = s_inst + 12'd1; s_acc = s_acc + 12'(coal_nacc);\n"
  "    if (s_inst >= 12'd128 || s_acc >= 12'd1024) begin s_inst = s_inst >> 1; s_acc = s_acc >> 1; s_sets = s_sets >> 1; end\n"
  "    if (!s_chit) begin s_inst = 12'd1; s_acc = 12'(coal_nacc); s_sets = '0; end\n"
  "    // the load in service: its accesses (none in a cycle with a coalesce), its last one\n"
  "    s_ok = acc && !coal;\n"
  "    s_done = s_ok && acc_last;\n"
  "    s_snow = sets;\n"
  "    for (int k = 0; k < @@S@@; k++) if (acc_set == @@SB@@'(k)) s_snow[k] = 1'b1;\n"
  "    s_touched = '0;\n"
  "    for (int k = 0; k < @@S@@; k++) s_touched = s_touched + 12'(s_snow[k]);\n"
  "    s_fully = !fcl && !acc_miss;\n"
  "    s_train = s_done && div;\n"
  "    s_nsets = s_csets + s_touched;\n"
  "    s_shalve = s_nsets >= 12'd1024;\n"
  "    // associativity-sensitive: #acc > 1.5 x #sets\n"
  "    s_assoc = 12'd2 * (s_shalve ? s_cacc >> 1 : s_cacc) > 12'd3 * (s_shalve ? s_nsets >> 1 : s_nsets);\n"
  "    // the OCW estimator (Fig. 7): CNT up on a fully cached divergent load, down by Delta (CNT/2,\n"
  "    // at least 1, when associativity-sensitive; else 1); OCW moves at CNT's ends, within [2, W]\n"
  "    s_cnt = cnt; s_ocw = ocw;\n"
;
/* PIPE=0: the estimator moves on this cycle's load end */
static const char oaws_spec_est0[] =
  "    s_delta = (s_assoc && (cnt >> 1) != '0) ? cnt >> 1 : @@CB@@'(1);\n"
  "    s_up = (cnt == @@CB@@'(@@CMAX@@)) ? cnt : cnt + 1'b1;\n"
  "    s_dn = (cnt > s_delta) ? cnt - s_delta : '0;\n"
  "    if (s_train && s_fully && !(cnt == @@CB@@'(@@CMAX@@) && ocw == @@OB@@'(@@W@@))) begin\n"
  "      s_cnt = s_up;\n"
  "      if (s_up == @@CB@@'(@@CMAX@@) && ocw < @@OB@@'(@@W@@)) begin s_ocw = ocw + 1'b1; s_cnt = '0; end\n"
  "    end else if (s_train && !s_fully && !(cnt == '0 && ocw == @@OB@@'(2))) begin\n"
  "      s_cnt = s_dn;\n"
  "      if (s_dn == '0 && ocw > @@OB@@'(2)) begin s_ocw = ocw - 1'b1; s_cnt = @@CB@@'(@@CMAX@@); end\n"
  "    end\n"
;
/* PIPE=1: on the load that ended in the last cycle (its training dropped by a reset or kernel
** launch in that cycle), with its associativity test as computed then */
static const char oaws_spec_est1[] =
  "    s_delta = (f_p_assoc && (cnt >> 1) != '0) ? cnt >> 1 : @@CB@@'(1);\n"
  "    s_up = (cnt == @@CB@@'(@@CMAX@@)) ? cnt : cnt + 1'b1;\n"
  "    s_dn = (cnt > s_delta) ? cnt - s_delta : '0;\n"
  "    if (f_p_train && f_p_fully && !(cnt == @@CB@@'(@@CMAX@@) && ocw == @@OB@@'(@@W@@))) begin\n"
  "      s_cnt = s_up;\n"
  "      if (s_up == @@CB@@'(@@CMAX@@) && ocw < @@OB@@'(@@W@@)) begin s_ocw = ocw + 1'b1; s_cnt = '0; end\n"
  "    end else if (f_p_train && !f_p_fully && !(cnt == '0 && ocw == @@OB@@'(2))) begin\n"
  "      s_cnt = s_dn;\n"
  "      if (s_dn == '0 && ocw > @@OB@@'(2)) begin s_ocw = ocw - 1'b1; s_cnt = @@CB@@'(@@CMAX@@); end\n"
  "    end\n"
;
static const char oaws_spec_tmpl_c[] =
  "  end\n"
  "  // every register's next value\n"
  "  logic [@@NP@@-1:0] s_nx_age;\n"
  "  logic [2*@@W@@-1:0] s_nx_ibld, s_nx_ibdiv;\n"
  "  logic [2*@@W@@*@@PB@@-1:0] s_nx_ibbase;\n"
  "  logic [@@MB@@-1:0] s_nx_avail, s_nx_infl;\n"
  "  logic [@@MB@@:0] s_add;\n"
  "  logic [@@N@@-1:0] s_refset, s_nx_valid, s_nx_ref;\n"
  "  always @(*) begin\n"
  "    // a launched warp becomes the youngest\n"
  "    for (int i = 0; i < @@W@@; i++)\n"
  "      for (int j = i + 1; j < @@W@@; j++)\n"
  "        s_nx_age[i*@@W@@ - i*(i+1)/2 + j - i - 1] = (launch && launch_warp == @@WB@@'(j)) ? 1'b1\n"
  "            : (launch && launch_warp == @@WB@@'(i)) ? 1'b0 : age[i*@@W@@ - i*(i+1)/2 + j - i - 1];\n"
  "    // the I-buffer entry filled: a load, divergent when its PC is in the DLC, its prediction\n"
  "    s_nx_ibld = ib_ld; s_nx_ibdiv = ib_div; s_nx_ibbase = ib_base;\n"
  "    for (int e = 0; e < 2*@@W@@; e++) if (fill && {fill_warp, fill_slot} == @@WB1@@'(e)) begin\n"
  "      s_nx_ibld[e] = fill_load; s_nx_ibdiv[e] = fill_load && s_fhit;\n"
  "      s_nx_ibbase[e*@@PB@@ +: @@PB@@] = !fill_load ? '0 : s_base(fill_active, dyn_mode ? 7'd50 : 7'd@@SMR@@);\n"
  "    end\n"
  "    // Avail_mshr: an allocation takes one, a release gives one back, within 0..MSHRS\n"
  "    s_nx_avail = (mshr_alloc && !mshr_free && avail_mshr != '0) ? avail_mshr - 1'b1\n"
  "               : (mshr_free && !mshr_alloc && avail_mshr != @@MB@@'(@@M@@)) ? avail_mshr + 1'b1 : avail_mshr;\n"
  "    // Miss_inflight: + the issued pick's prediction, - a retired load's, within 0..MSHRS\n"
  "    s_add = {1'b0, miss_inflight} + ((issue && s_qual != '0) ? {1'b0, s_ppred} : '0);\n"
  "    s_add = !retire ? s_add : (s_add < {1'b0, retire_pred}) ? '0 : s_add - {1'b0, retire_pred};\n"
  "    s_nx_infl = (s_add > {1'b0, @@MB@@'(@@M@@)}) ? @@MB@@'(@@M@@) : s_add[@@MB@@-1:0];\n"
  "    // the DLC's valid and NRU bits: a divergent load's entry becomes valid and referenced (all\n"
  "    // referenced: only it stays)\n"
  "    s_refset = dlc_ref;\n"
  "    for (int i = 0; i < @@N@@; i++) if (s_touch == @@DB@@'(i)) s_refset[i] = 1'b1;\n"
  "    s_nx_valid = dlc_valid; s_nx_ref = dlc_ref;\n"
  "    if (coal && s_cdiv) begin\n"
  "      for (int i = 0; i < @@N@@; i++) if (s_touch == @@DB@@'(i)) s_nx_valid[i] = 1'b1;\n"
  "      s_nx_ref = (s_refset == '1) ? (@@N@@'(1) << s_touch) : s_refset;\n"
  "    end\n"
  "  end\n"
  "  logic f_chk = 1'b0, f_chk2 = 1'b0, f_rst, f_kl, f_gv, f_div, f_fcl;\n"
  "  logic [@@NP@@-1:0] f_age;\n"
  "  logic [@@WB@@-1:0] f_g;\n"
  "  logic [2*@@W@@-1:0] f_ibld, f_ibdiv;\n"
  "  logic [2*@@W@@*@@PB@@-1:0] f_ibbase;\n"
  "  logic [@@MB@@-1:0] f_avail, f_infl;\n"
  "  logic [@@CB@@-1:0] f_cnt;\n"
  "  logic [@@OB@@-1:0] f_ocw;\n"
  "  logic [@@DB@@-1:0] f_cur;\n"
  "  logic [@@N@@-1:0] f_valid, f_ref;\n"
  "  logic [@@S@@-1:0] f_sets;\n"
  "  logic [@@N@@*@@PCB@@-1:0] f_pc;\n"
  "  logic [@@N@@*7-1:0] f_inst;\n"
  "  logic [@@N@@*10-1:0] f_acc, f_dsets;\n"
  "  always @(posedge clk) begin\n"
  "    f_chk <= 1'b1; f_chk2 <= f_chk; f_rst <= rst; f_kl <= kernel_launch;\n"
  "    f_age <= launch ? s_nx_age : age;\n"
  "    f_gv <= greedy_valid || (issue && s_qual != '0);\n"
  "    f_g <= (issue && s_qual != '0) ? s_pick : greedy;\n"
  "    f_ibld <= s_nx_ibld; f_ibdiv <= s_nx_ibdiv; f_ibbase <= s_nx_ibbase;\n"
  "    f_avail <= s_nx_avail; f_infl <= s_nx_infl;\n"
  "    f_cnt <= s_cnt; f_ocw <= s_ocw;\n"
  "    f_div <= coal ? s_cdiv : s_done ? 1'b0 : div;\n"
  "    f_fcl <= (coal || s_done) ? 1'b0 : s_ok ? (fcl || acc_miss) : fcl;\n"
  "    f_sets <= (coal || s_done) ? '0 : s_ok ? s_snow : sets;\n"
  "    f_cur <= (coal && s_cdiv) ? s_touch : dlc_cur;\n"
  "    f_valid <= s_nx_valid; f_ref <= s_nx_ref;\n"
  "    // the entries' counters (not reset): written on an insert or update, or the #sets update\n"
  "    for (int i = 0; i < @@N@@; i++) begin\n"
  "      f_pc[i*@@PCB@@ +: @@PCB@@] <= dlc_pc[i]; f_inst[i*7 +: 7] <= dlc_inst[i];\n"
  "      f_acc[i*10 +: 10] <= dlc_acc[i]; f_dsets[i*10 +: 10] <= dlc_sets[i];\n"
  "      if (coal && s_cdiv && s_touch == @@DB@@'(i)) begin\n"
  "        f_pc[i*@@PCB@@ +: @@PCB@@] <= coal_pc; f_inst[i*7 +: 7] <= s_inst[6:0];\n"
  "        f_acc[i*10 +: 10] <= s_acc[9:0]; f_dsets[i*10 +: 10] <= s_sets[9:0];\n"
  "      end else if (s_train && dlc_cur == @@DB@@'(i)) begin\n"
  "        f_inst[i*7 +: 7] <= s_shalve ? dlc_inst[i] >> 1 : dlc_inst[i];\n"
  "        f_acc[i*10 +: 10] <= s_shalve ? dlc_acc[i] >> 1 : dlc_acc[i];\n"
  "        f_dsets[i*10 +: 10] <= s_shalve ? s_nsets[10:1] : s_nsets[9:0];\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "  always @(*) if (f_past_valid && f_chk) begin\n"
  "    // the counters are not reset: their first edge starts from the state before reset, where\n"
  "    // the DLC's uniqueness does not hold yet, so they are checked from the second\n"
  "    if (f_chk2) for (int i = 0; i < @@N@@; i++) begin\n"
  "      assert(dlc_pc[i] == f_pc[i*@@PCB@@ +: @@PCB@@]); assert(dlc_inst[i] == f_inst[i*7 +: 7]);\n"
  "      assert(dlc_acc[i] == f_acc[i*10 +: 10]); assert(dlc_sets[i] == f_dsets[i*10 +: 10]);\n"
  "    end\n"
  "    if (f_rst) begin   // reset: MSHRs free, nothing in flight, the I-buffer's predictions 0\n"
  "      assert(age == '1 && !greedy_valid && greedy == '0 && ib_ld == '0 && ib_div == '0 && ib_base == '0);\n"
  "      assert(avail_mshr == @@MB@@'(@@M@@) && miss_inflight == '0);\n"
  "    end else begin\n"
  "      assert(age == f_age && greedy_valid == f_gv && greedy == f_g);\n"
  "      assert(ib_ld == f_ibld && ib_div == f_ibdiv && ib_base == f_ibbase);\n"
  "      assert(avail_mshr == f_avail && miss_inflight == f_infl);\n"
  "    end\n"
  "    if (f_rst || f_kl) begin   // reset or a kernel launch: the DLC and the estimator start over\n"
  "      assert(dlc_valid == '0 && dlc_ref == '0 && dlc_cur == '0 && !div && !fcl && sets == '0);\n"
  "      assert(cnt == @@CB@@'(@@CINIT@@) && ocw == @@OB@@'(2));\n"
  "    end else begin\n"
  "      assert(dlc_valid == f_valid && dlc_ref == f_ref && dlc_cur == f_cur);\n"
  "      assert(div == f_div && fcl == f_fcl && sets == f_sets);\n"
  "      assert(cnt == f_cnt && ocw == f_ocw);\n"
  "    end\n"
  "  end\n"
  "`endif  // WG_COVERS\n";

static void oaws_spec_props(wg_buf *o, oa_dims d) {
  const wg_tmpl_var v[] = {
    {"W", d.W}, {"NP", d.W * (d.W - 1) / 2}, {"M", d.M}, {"T", d.T}, {"N", d.N}, {"S", d.S}, {"SMR", d.smr},
    {"PB", d.PB}, {"TB", d.TB}, {"RB", d.RB}, {"MB", d.MB}, {"PW", wg_bits_for(d.W + 2 * d.M)},
    {"WB", d.WB}, {"WB1", d.WB + 1}, {"DB", d.DB}, {"SB", d.SB}, {"CB", d.CB}, {"OB", d.OB},
    {"CMAX", d.cmax}, {"CINIT", d.cinit}, {"PCB", d.PCB},
  };
  const int nv = (int)(sizeof v / sizeof v[0]);
  wgb_printf(o, "%s", oaws_spec_head);
  if (d.pipe) {   /* what the restated ranks and estimator need of the last cycle */
    wgb_printf(o, "  // PIPE=1: the last cycle's live warps, launch order, OCW and reset (ranks, locality test)\n");
    wgb_printf(o, "  logic f_p_rst = 1'b1;\n  logic [%d:0] f_p_live, s_inocw;\n  logic [%d:0] f_p_rank;\n  logic [%d:0] f_p_ocw;\n",
               d.W - 1, d.W * d.WB - 1, d.OB - 1);
    wgb_printf(o, "  always @(posedge clk) begin\n    f_p_rst <= rst; f_p_live <= live; f_p_rank <= f_rank; f_p_ocw <= ocw;\n  end\n");
    wgb_printf(o, "  logic f_p_train, f_p_fully, f_p_assoc;  // the restated estimator's inputs of the last cycle\n");
  }
  wg_emit_tmpl(o, oaws_spec_tmpl_a, v, nv);
  wg_emit_tmpl(o, d.pipe ? oaws_spec_rank1 : oaws_spec_rank0, v, nv);
  wg_emit_tmpl(o, oaws_spec_tmpl_b, v, nv);
  wg_emit_tmpl(o, d.pipe ? oaws_spec_est1 : oaws_spec_est0, v, nv);
  wg_emit_tmpl(o, oaws_spec_tmpl_c, v, nv);
  if (d.pipe) {
    wgb_printf(o, "`ifndef WG_COVERS\n");
    wgb_printf(o, "  always @(posedge clk) begin\n"
                  "    f_p_train <= s_train && !rst && !kernel_launch; f_p_fully <= s_fully; f_p_assoc <= s_assoc;\n"
                  "  end\n");
    wgb_printf(o, "  always @(*) if (f_past_valid) begin\n"
                  "    // the registered ranks and locality tests are the last cycle's\n");
    for (int w = 0; w < d.W; w++)
      wgb_printf(o, "    assert(%d'(rank_%d) == s_rank[%d] && in_ocw_%d == s_inocw[%d]);\n", d.RB, w, w, w, w);
    wgb_printf(o, "  end\n`endif  // WG_COVERS\n");
  }
}

static void oaws_props(wg_buf *o, wg_pv p) {
  oa_dims d = oa_dims_of(p);
  const int W = d.W, N = d.N;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // registers within their ranges\n");
  if (d.M < (1 << d.MB) - 1) wgb_printf(o, "    assert(avail_mshr <= %d'd%d);\n", d.MB, d.M);
  /* an upper bound equal to the register's all-ones value holds by width (and would be a
  ** constant comparison to Verilator): emitted only when it says something */
  if (d.M < (1 << d.MB) - 1) wgb_printf(o, "    assert(miss_inflight <= %d'd%d);\n", d.MB, d.M);
  if (W < (1 << d.OB) - 1) wgb_printf(o, "    assert(ocw >= %d'd2 && ocw <= %d'd%d);\n", d.OB, d.OB, W);
  else wgb_printf(o, "    assert(ocw >= %d'd2);\n", d.OB);
  {
    int vs = oa_min(oa_ceil_pct(d.T, d.smr), d.M), vd = oa_min(oa_ceil_pct(d.T, 50), d.M);
    int vmax = vs > vd ? vs : vd;
    if (vmax < (1 << d.PB) - 1) {
      wgb_printf(o, "    // a stored prediction is a table value: at most %d (<= MSHRS)\n", vmax);
      for (int i = 0; i < 2 * W; i++)
        wgb_printf(o, "    assert(ib_base[%d:%d] <= %d'd%d);\n", (i + 1) * d.PB - 1, i * d.PB, d.PB, vmax);
    }
  }
  wgb_printf(o, "    // the pick is a ready, occlusion-free warp; there is one whenever one qualifies\n");
  wgb_printf(o, "    assert(pick_valid == ((ready & ~occlude) != '0));\n");
  wgb_printf(o, "    assert(!pick_valid || (pick_oh == (%d'd1 << pick_warp) && (pick_oh & ready & ~occlude) != '0));\n", W);
  wgb_printf(o, "    // Eq. 1 holds for every issued load: it never over-commits the MSHRs\n");
  if (d.pipe) {
    wgb_printf(o, "    assert(!pick_valid || pick_pred == '0 || ({1'b0, pick_pred} + {1'b0, miss_inflight} <= {1'b0, avail_mshr}));\n");
    wgb_printf(o, "    // PIPE=1: the registered right-hand side is Avail_mshr - mi_rest, and mi_rest + mi_issued\n"
                  "    // never exceeds MSHRS (so Miss_inflight's upper clamp never acts and rhs is exact)\n");
    wgb_printf(o, "    assert(rhs_rest == $signed({2'b0, avail_mshr}) - mi_rest);\n");
    wgb_printf(o, "    assert(mi_total <= %d'sd%d);\n", d.MB + 2, d.M);
    wgb_printf(o, "    // PIPE=1: Sets' count is its ones\n    assert(32'(nsets) == $countones(sets));\n");
  } else {
    wgb_printf(o, "    assert(!pick_valid || pick_pred == '0 || (!rhs_neg && pick_pred <= rhs));\n");
  }
  if (d.M < (1 << d.MB) - 1) wgb_printf(o, "    assert(pick_pred <= %d'd%d);\n", d.MB, d.M);
  wgb_printf(o, "    // FORWARD PROGRESS: all MSHRs free and nothing in flight -> nothing is occluded\n");
  wgb_printf(o, "    assert(!(avail_mshr == %d'd%d && miss_inflight == '0) || occlude == '0);\n", d.MB, d.M);
  wgb_printf(o, "    // non-loads and locality warps' divergent loads are never occluded\n");
  wgb_printf(o, "    assert((occlude & ~hd_ld) == '0);\n");
  wgb_printf(o, "    assert((occlude & loc & hd_div) == '0);\n");
  wgb_printf(o, "    // the oldest live warp is always a locality warp in dynamic mode (OCW >= 2)\n");
  for (int w = 0; w < W; w++)
    wgb_printf(o, "    assert(!(dyn_mode && live[%d] && rank_%d == '0) || loc[%d]);\n", w, w, w);
  if (d.pipe) {
    wgb_printf(o, "    // PIPE=1: a registered rank below 2 passed the locality test (OCW >= 2)\n");
    for (int w = 0; w < W; w++) wgb_printf(o, "    assert(%d'(rank_%d) >= %d'd2 || in_ocw_%d);\n", d.RB, w, d.RB, w);
  }
  wgb_printf(o, "    // DLC: a PC is held by at most one entry (the CAM reads one-hot)\n");
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++)
      wgb_printf(o, "    assert(!(dlc_valid[%d] && dlc_valid[%d] && dlc_pc[%d] == dlc_pc[%d]));\n", i, j, i, j);
  wgb_printf(o, "    // the load in service updates a valid entry\n");
  wgb_printf(o, "    assert(!div || (dlc_valid & cur_oh) != '0);\n");
  if (N > 1) wgb_printf(o, "    // NRU: some entry is always unreferenced\n    assert(dlc_ref != '1);\n");
  wgb_printf(o, "  end\n");
  if (W > 1) {   /* the launch order, inductive at every W (ranks, not 3-cycles) */
    static const char *const sets[] = {"qual"}, *const oldest[] = {"oldest_oh"};
    wg_emit_age_ghost(o, W, d.WB, "launch", "launch_warp", "older", sets, oldest, 1);
  }
  wgb_printf(o, "\n");

  wgb_printf(o, "  // step properties: a blocked scheduler never makes Miss_inflight grow\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_issue_load;\n  logic [%d:0] f_prev_mi;\n", d.MB - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n    f_prev_rst <= rst;\n"
                "    f_prev_issue_load <= do_issue && pick_pred != '0;\n    f_prev_mi <= miss_inflight;\n  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n"
                "    assert(f_prev_issue_load || miss_inflight <= f_prev_mi);\n  end\n");
  /* for the proof sizes (small); at 48 warps only the invariants' bounded check runs */
  if (d.W <= 8) oaws_spec_props(o, d);
  wgb_printf(o, "\n");

  wgb_printf(o, "  // reachability\n  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    cover(dlc_full);\n");
  wgb_printf(o, "    cover(avail_mshr == '0);  // MSHR exhaustion\n");
  wgb_printf(o, "    cover(ocw == %d'd%d);  // OCW at its upper bound\n", d.OB, W > 3 ? 3 : W);
  wgb_printf(o, "    cover(ocw_next < ocw);  // OCW comes down\n");
  wgb_printf(o, "    cover(occlude != '0 && pick_valid);  // a warp occluded while another issues\n");
  wgb_printf(o, "    cover(pick_valid && pick_pred == %d'd%d);  // a whole-MSHR prediction issues\n", d.MB, d.M);
  if (d.pipe) wgb_printf(o, "    cover(tr_v && assoc && !tr_fully);  // Delta = CNT/2\n");
  else wgb_printf(o, "    cover(train && assoc && !fully);  // Delta = CNT/2\n");
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_oaws = {
  "oaws", "OAWS occlusion-aware issue check: DLC, Avail_mshr/Miss_inflight, Eq. 1, static/dynamic OCW, GTO pick",
  "OAWS (Wang, Zhu, Yu, PACT'16)", "sections 4.1-4.4, Eq. 1, Fig. 6, Fig. 7",
  oaws_params, OA_NPARAMS, oaws_presets, 4, "oaws",
  "348 bytes + five registers per SM: DLC 32 x 9 bytes = 288 bytes (40+7+10+10 = 67 bits per entry, "
  "rounded up to 9 bytes); predictions 5 bits x 48 warps x 2 instructions = 480 bits = 60 bytes; "
  "registers Avail_mshr 5, Miss_inflight 5, Div 1, FCL 8, Sets 32 bits.  Ours: DLC 32 x 67 bits = 2144 "
  "bits (268 bytes, unrounded) and 480 bits of predictions (= 2624 bits); Avail_mshr/Miss_inflight 6 bits "
  "each (5 cannot hold 32), FCL 1 bit.  Not counted by the paper and listed here: CNT, OCW, DLC "
  "valid and NRU bits, the DLC index of the load in service, the I-buffer's load/DLC-hit class bits, "
  "the GTO age matrix and greedy warp",
  oaws_check, oaws_ports, oaws_storage, oaws_rtl, oaws_props,
  "Eq. 1 compares with >= instead of > (a warp whose prediction equals the free MSHRs is occluded)",
  "W=8,16,24,32,40,48,56,64",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "dlc_entry miss_pred avail_mshr miss_inflight div fcl sets",
};
