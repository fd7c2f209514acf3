/*
** mshrfam_mshr.c -- block 'mshr': a merging MSHR file, usable as an L1 or
** an L2 MSHR (the MIB thesis, Li, UBC 2015: 2.2, Fig. 2.2, Table 5.1;
** semantics of GPGPU-Sim's 'mshr_table': probe, add, mark_ready on fill,
** next_access drains one merged request per call and frees the entry after
** the last).
**
** Every entry is FREE, PENDING (miss outstanding: requests merge into it),
** READY (filled, waiting for the drain port) or DRAINING (on the drain port
** until its last waiter has left).  A request to a line whose entry is READY
** or DRAINING never merges: it is rejected with reason 'draining' and the
** cache retries it, by then a hit (the fill installed the line) -- this is
** the FlashGPU-Sim deadlock (its PR #17) made impossible by construction.
** Invariant: at most one non-free entry per block address.  Choices are
** documented in docs/blocks/mshr.md; the C model sim/models/mshr.c
** implements the same rules and the lockstep harness holds them to every
** output bit.
**
** This file is concatenated with l2mib and dram_mib into one family file:
** every static symbol carries the prefix 'mshr_'.
*/
#include "../wg.h"

#include <string.h>

enum { MSHR_ENTRIES, MSHR_MERGES, MSHR_ADDR_BITS, MSHR_PAYLOAD_BITS, MSHR_AF_FREE, MSHR_NPARAMS };

static const wg_param_def mshr_params[] = {
  {"ENTRIES",      64, 1, 64, 0, "MSHR entries, fully associative (Table 5.1: 64 per memory sub-partition)"},
  {"MERGES",       16, 1, 32, 0, "requests one entry can hold, the first included (Table 5.1: 16 merges per entry)"},
  {"ADDR_BITS",    25, 1, 58, 0, "block address bits (32-bit address, 128-byte lines: 25; the thesis says 24)"},
  {"PAYLOAD_BITS", 16, 1, 32, 0, "bits of one waiter's record, returned on drain (e.g. core + warp + register)"},
  {"AF_FREE",       2, 0, 63, 0, "almost_full is set while at most this many entries are free (< ENTRIES)"},
};

static const wg_preset mshr_presets[] = {
  {"l2_part", "ENTRIES=64 MERGES=16 ADDR_BITS=25 PAYLOAD_BITS=16 AF_FREE=2",
   "the thesis' L2 MSHR per memory sub-partition (Table 5.1: 64 entries x 16 merges), 25-bit block "
   "addresses, 16-bit waiters (core 4 + warp 6 + register 6)", WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"fermi_l1", "ENTRIES=64 MERGES=8 ADDR_BITS=25 PAYLOAD_BITS=12 AF_FREE=2",
   "a Fermi-like L1D MSHR (GPGPU-Sim GTX480 style, 64 x 8), 12-bit waiters (warp 6 + register 6)", WG_SLOW_SIM | WG_SLOW_SYNTH},
  {"small", "ENTRIES=4 MERGES=2 ADDR_BITS=3 PAYLOAD_BITS=3 AF_FREE=1",
   "4 entries x 2 merges over 8 lines: every corner in a few cycles, fast tests and formal proofs", 0},
};

/* derived widths */
typedef struct mshr_dims {
  int N, M, AB, PB, AF;
  int IW;   /* entry index bits */
  int LW;   /* merge length bits, 0..MERGES */
  int DW;   /* drain pointer bits, 0..MERGES-1; 0 when MERGES = 1 (no pointer) */
  int CW;   /* occupancy bits, 0..ENTRIES */
} mshr_dims;

static mshr_dims mshr_dims_of(wg_pv p) {
  mshr_dims d;
  d.N = (int)p[MSHR_ENTRIES];
  d.M = (int)p[MSHR_MERGES];
  d.AB = (int)p[MSHR_ADDR_BITS];
  d.PB = (int)p[MSHR_PAYLOAD_BITS];
  d.AF = (int)p[MSHR_AF_FREE];
  d.IW = wg_clog2(d.N);
  d.LW = wg_bits_for(d.M);
  d.DW = d.M > 1 ? wg_clog2(d.M) : 0;
  d.CW = wg_bits_for(d.N);
  return d;
}

static int mshr_check(wg_pv p, char *err, size_t n) {
  if (p[MSHR_AF_FREE] < p[MSHR_ENTRIES]) return 0;
  snprintf(err, n, "parameters AF_FREE=%lld and ENTRIES=%lld contradict: almost_full needs "
           "AF_FREE < ENTRIES (it would be set with the table empty)",
           (long long)p[MSHR_AF_FREE], (long long)p[MSHR_ENTRIES]);
  return 1;
}

static int mshr_ports(wg_pv p, wg_port *o) {
  mshr_dims d = mshr_dims_of(p);
  int n = 0;
#define MSHR_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  MSHR_PORT("rst",           WG_IN,  1, 1, "synchronous reset: every entry free");
  MSHR_PORT("req_valid",     WG_IN,  1, 1, "a missing request: merge into its line's pending entry, or allocate one, or be rejected (outcome on req_alloc, req_merge, rej_*)");
  MSHR_PORT("req_addr",      WG_IN,  d.AB, 58, "block address of the request (the CAM key)");
  MSHR_PORT("req_payload",   WG_IN,  d.PB, 32, "the waiter's record (e.g. core, warp, register), returned by the drain port");
  MSHR_PORT("req_noalloc",   WG_IN,  1, 1, "the request may merge but not allocate this cycle (e.g. the miss queue is full)");
  MSHR_PORT("fill_valid",    WG_IN,  1, 1, "the line fill_addr has arrived: its pending entry becomes ready (ignored if none is pending)");
  MSHR_PORT("fill_addr",     WG_IN,  d.AB, 58, "block address of the fill");
  MSHR_PORT("drain_ready",   WG_IN,  1, 1, "the consumer takes the waiter on the drain port this cycle");
  MSHR_PORT("req_alloc",     WG_OUT, 1, 1, "the request allocated a free entry (the first miss to its line: send it to memory)");
  MSHR_PORT("req_merge",     WG_OUT, 1, 1, "the request merged into its line's pending entry (no new memory request)");
  MSHR_PORT("rej_list_full", WG_OUT, 1, 1, "rejected: its line's pending entry already holds MERGES requests");
  MSHR_PORT("rej_table_full",WG_OUT, 1, 1, "rejected: its line has no entry and every entry is in use");
  MSHR_PORT("rej_draining",  WG_OUT, 1, 1, "rejected: its line's entry is filled (ready or draining) and never merges; retry, the line is now in the cache");
  MSHR_PORT("rej_noalloc",   WG_OUT, 1, 1, "rejected: it needs a new entry, a free one exists, but req_noalloc forbids allocating");
  MSHR_PORT("req_entry",     WG_OUT, d.IW, 6, "entry the request merged into or allocated (0 when rejected)");
  MSHR_PORT("req_merge_len", WG_OUT, d.LW, 6, "merge length of that entry after this request: 1 on allocate, old + 1 on merge, 0 when rejected (feeds the MIB)");
  MSHR_PORT("fill_hit",      WG_OUT, 1, 1, "the fill matched a pending entry, which becomes ready at this edge");
  MSHR_PORT("fill_entry",    WG_OUT, d.IW, 6, "that entry (0 when no fill hit)");
  MSHR_PORT("drain_valid",   WG_OUT, 1, 1, "a waiter of a filled entry is on the drain port (stable until drain_ready)");
  MSHR_PORT("drain_entry",   WG_OUT, d.IW, 6, "the entry being drained (0 when none)");
  MSHR_PORT("drain_addr",    WG_OUT, d.AB, 58, "its block address (0 when none)");
  MSHR_PORT("drain_payload", WG_OUT, d.PB, 32, "the waiter's record, in merge order (0 when none)");
  MSHR_PORT("drain_last",    WG_OUT, 1, 1, "it is the entry's last waiter: taking it frees the entry");
  MSHR_PORT("occupancy",     WG_OUT, d.CW, 7, "entries in use (pending, ready or draining), 0..ENTRIES");
  MSHR_PORT("full",          WG_OUT, 1, 1, "occupancy == ENTRIES");
  MSHR_PORT("almost_full",   WG_OUT, 1, 1, "at most AF_FREE entries free (feeds Mascar's saturation flag)");
#undef MSHR_PORT
  return n;
}

static int mshr_storage(wg_pv p, wg_field *o) {
  mshr_dims d = mshr_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"block_addr", d.AB, d.N,
                      "the paper's 'Block Addr.' per entry (Fig. 2.2; thesis: 24 bits, 32 - log2 128 = 25 needed)"};
  o[n++] = (wg_field){"waiter", d.PB, d.N * d.M,
                      "the paper's waiting-request slots, MERGES per entry ('Dest. Reg'; record width the thesis leaves open)"};
  o[n++] = (wg_field){"merge_len", d.LW, d.N,
                      "requests held, 0..MERGES; replaces the paper's per-slot valid bits (16 V bits -> 5 bits)"};
  o[n++] = (wg_field){"state", 2, d.N, "not in the paper: FREE / PENDING / READY / DRAINING (explicit, FlashGPU-Sim #17)"};
  if (d.DW) o[n++] = (wg_field){"drain_ptr", d.DW, 1, "not in the paper: next waiter of the draining entry (one entry drains at a time)"};
  o[n++] = (wg_field){"rr_mask", d.N, 1, "not in the paper: entries after the last one drained (round-robin drain order)"};
  o[n++] = (wg_field){"occupancy", d.CW, 1, "not in the paper: entries in use"};
  return n;
}

/* "sel ? table[i] : 0" OR-ed over i: a one-hot AND-OR read of a table */
static void mshr_read(wg_buf *o, const char *dst, const char *table, const char *sel, int n, int w) {
  wgb_printf(o, "  always_comb begin\n    %s = '0;\n    for (int i = 0; i < %d; i++) %s = %s | (%s[i] & {%d{%s[i]}});\n  end\n",
             dst, n, dst, dst, table, w, sel);
}

/* the entry state, for the RTL and (through mshr_io.h) the model */
static const wg_encoding mshr_encodings[] = {
  {"entry state", 2, {"FREE", "PENDING", "READY", "DRAINING", NULL}},
};

static void mshr_rtl(wg_buf *o, wg_pv p, int mutant) {
  mshr_dims d = mshr_dims_of(p);
  const int N = d.N, M = d.M;
  char a[160], b[160];

  wgb_printf(o, "  // ---- the MSHR file: %d entries x %d merges (thesis Fig. 2.2) ----\n", N, M);
  wgb_printf(o, "  // Entry states: a request merges only into a PENDING entry; a fill moves\n"
                "  // PENDING to READY; the drain port takes READY entries one at a time\n"
                "  // (DRAINING) and frees each after its last waiter.\n");
  wg_emit_encoding(o, &mshr_encodings[0]);
  wgb_printf(o, "  logic [1:0] e_state [0:%d];  // per entry\n", N - 1);
  wgb_printf(o, "  logic [%d:0] e_len [0:%d];    // merge length: requests held, 0 when free\n", d.LW - 1, N - 1);
  wgb_printf(o, "  // Free entries hold stale addresses and waiters that nothing reads (every\n"
                "  // match and read is qualified by the state), so these need no reset.\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] e_addr [0:%d];  // block address\n", d.AB - 1, N - 1);
  if (M == 1) wgb_printf(o, "  (* mem2reg *) logic [%d:0] e_wait [0:%d];  // the waiter of entry i\n", d.PB - 1, N - 1);
  else wgb_printf(o, "  // each entry's waiters, in merge order: g_entry[i].wait_q (below)\n");
  if (d.DW) wgb_printf(o, "  logic [%d:0] drain_ptr;  // next waiter of the draining entry\n", d.DW - 1);
  wgb_printf(o, "  logic [%d:0] rr_mask;  // entries after the last one drained: they drain first\n", N - 1);

  wgb_printf(o, "\n  // ---- state vectors ----\n");
  wgb_printf(o, "  logic [%d:0] valid, pending, filled, ready, draining, free_vec;\n", N - 1);
  wgb_printf(o, "  always_comb begin\n    for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "      valid[i]    = (e_state[i] != FREE);\n"
                "      pending[i]  = (e_state[i] == PENDING);\n"
                "      ready[i]    = (e_state[i] == READY);\n"
                "      draining[i] = (e_state[i] == DRAINING);\n"
                "    end\n  end\n");
  wgb_printf(o, "  assign filled   = ready | draining;\n  assign free_vec = ~valid;\n");
  wgb_printf(o, "  assign full        = (occupancy == %d'd%d);\n", d.CW, N);
  wgb_printf(o, "  assign almost_full = (occupancy >= %d'd%d);  // at most %d free\n", d.CW, N - d.AF, d.AF);

  wgb_printf(o, "\n  // ---- the request: CAM lookup on the block address ----\n");
  wgb_printf(o, "  logic [%d:0] req_match;  // at most one entry per line (invariant)\n", N - 1);
  wg_emit_cam_match(o, "req_match", "req_addr", "e_addr", "valid", N);
  wgb_printf(o, "  logic [%d:0] match_len;  // merge length of the matched entry\n", d.LW - 1);
  mshr_read(o, "match_len", "e_len", "req_match", N, d.LW);
  wgb_printf(o, "  logic hit_pending, hit_filled, list_full;\n");
  if (mutant) {
    wgb_printf(o, "  assign hit_pending = |req_match;  // MUTANT: merges into ready/draining lines\n");
    wgb_printf(o, "  assign hit_filled  = 1'b0;\n");
  } else {
    wgb_printf(o, "  assign hit_pending = |(req_match & pending);\n");
    wgb_printf(o, "  assign hit_filled  = |(req_match & filled);  // filled lines never merge\n");
  }
  wgb_printf(o, "  assign list_full   = (match_len == %d'd%d);\n", d.LW, M);
  wgb_printf(o, "  // exactly one outcome per request\n");
  wgb_printf(o, "  assign req_merge      = req_valid && hit_pending && !list_full;\n");
  wgb_printf(o, "  assign rej_list_full  = req_valid && hit_pending && list_full;\n");
  wgb_printf(o, "  assign rej_draining   = req_valid && hit_filled;\n");
  wgb_printf(o, "  assign rej_table_full = req_valid && !(|req_match) && full;\n");
  wgb_printf(o, "  assign rej_noalloc    = req_valid && !(|req_match) && !full && req_noalloc;\n");
  wgb_printf(o, "  assign req_alloc      = req_valid && !(|req_match) && !full && !req_noalloc;\n");
  wgb_printf(o, "  logic [%d:0] free_sel, touch;  // the entry to allocate; the entry written\n", N - 1);
  wg_emit_prio_pick(o, "free_sel", "free_vec", N);
  wgb_printf(o, "  assign touch = req_merge ? req_match : (req_alloc ? free_sel : '0);\n");
  wg_emit_onehot_index(o, "req_entry", d.IW, "touch", N);
  wgb_printf(o, "  assign req_merge_len = req_merge ? match_len + %d'd1 : %s;\n", d.LW,
             wg_zext(a, sizeof a, "req_alloc", 1, d.LW));

  wgb_printf(o, "\n  // ---- the fill: CAM lookup among the pending entries ----\n");
  wgb_printf(o, "  logic [%d:0] fill_match, fill_sel;\n", N - 1);
  wg_emit_cam_match(o, "fill_match", "fill_addr", "e_addr", "pending", N);
  wgb_printf(o, "  assign fill_sel = fill_valid ? fill_match : '0;\n");
  wgb_printf(o, "  assign fill_hit = |fill_sel;\n");
  wg_emit_onehot_index(o, "fill_entry", d.IW, "fill_sel", N);

  wgb_printf(o, "\n  // ---- the drain port: the DRAINING entry, else a round-robin pick of the READY ones ----\n");
  wgb_printf(o, "  logic [%d:0] pick, dsel;\n", N - 1);
  wg_emit_rr_pick(o, "pick", "ready", "rr_mask", N);
  wgb_printf(o, "  assign dsel = (|draining) ? draining : pick;  // locked once shown (valid/ready)\n");
  wgb_printf(o, "  assign drain_valid = |dsel;\n");
  wgb_printf(o, "  logic [%d:0] dsel_above;  // the entries above dsel: the next round-robin mask\n", N - 1);
  wg_emit_above(o, "dsel_above", "dsel", N);
  wg_emit_onehot_index(o, "drain_entry", d.IW, "dsel", N);
  mshr_read(o, "drain_addr", "e_addr", "dsel", N, d.AB);
  wgb_printf(o, "  logic [%d:0] drain_len;\n", d.LW - 1);
  mshr_read(o, "drain_len", "e_len", "dsel", N, d.LW);
  if (d.DW) {
    /* each entry's waiter drain_ptr (slot_payload, g_entry below), then the entry the drain
    ** picked: N x M one-hot terms in hardware as before, N reads for a simulator */
    wgb_printf(o, "  logic [%d:0] slot_payload [0:%d];  // entry i's waiter drain_ptr\n", d.PB - 1, N - 1);
    mshr_read(o, "drain_payload", "slot_payload", "dsel", N, d.PB);
    wgb_printf(o, "  assign drain_last = drain_valid && (%s + %d'd1 == drain_len);\n",
               wg_zext(a, sizeof a, "drain_ptr", d.DW, d.LW), d.LW);
  } else {
    mshr_read(o, "drain_payload", "e_wait", "dsel", N, d.PB);
    wgb_printf(o, "  assign drain_last = drain_valid;  // one waiter per entry\n");
  }
  wgb_printf(o, "  logic pop, done;\n");
  wgb_printf(o, "  assign pop  = drain_valid && drain_ready;\n");
  wgb_printf(o, "  assign done = pop && drain_last;  // the entry frees at this edge\n");

  wgb_printf(o, "\n  // ---- entry updates ----\n");
  wgb_printf(o, "  // the address at allocation; the request's waiter at slot e_len (slot 0 when allocating)\n");
  /* per entry its own waiter array written at slot e_len[i] (registered: the decode is off the
  ** request's path), one process each, so every tool sees one write port per entry */
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_entry\n", N);
  if (M > 1)
    wgb_printf(o, "    (* mem2reg *) logic [%d:0] wait_q [0:%d];  // entry i's waiters, in merge order\n", d.PB - 1, M - 1);
  wgb_printf(o, "    always_ff @(posedge clk) begin\n");
  wgb_printf(o, "      if (req_alloc && free_sel[i]) e_addr[i] <= req_addr;\n");
  if (M > 1)   /* a touched entry holds fewer than M waiters: e_len fits the slot index */
    wgb_printf(o, "      if (touch[i]) wait_q[%d'(e_len[i])] <= req_payload;\n", d.DW);
  else wgb_printf(o, "      if (touch[i]) e_wait[i] <= req_payload;\n");
  wgb_printf(o, "    end\n");
  if (M > 1) wgb_printf(o, "    assign slot_payload[i] = wait_q[drain_ptr];\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++) begin\n        e_state[i] <= FREE;\n        e_len[i] <= '0;\n      end\n", N);
  if (d.DW) wgb_printf(o, "      drain_ptr <= '0;\n");
  wgb_printf(o, "      rr_mask <= '0;\n      occupancy <= '0;\n    end else begin\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++) begin\n", N);
  wgb_printf(o, "        if (req_alloc && free_sel[i]) e_state[i] <= PENDING;\n");
  wgb_printf(o, "        if (fill_sel[i]) e_state[i] <= READY;        // may coincide with a merge\n");
  wgb_printf(o, "        if (touch[i]) e_len[i] <= e_len[i] + %d'd1;\n", d.LW);
  wgb_printf(o, "        if (dsel[i]) begin\n"
                "          if (done) begin\n            e_state[i] <= FREE;\n            e_len[i] <= '0;\n          end else begin\n"
                "            e_state[i] <= DRAINING;                  // shown: locked until its last waiter\n"
                "          end\n        end\n      end\n");
  if (d.DW) wgb_printf(o, "      if (done) drain_ptr <= '0;\n      else if (pop) drain_ptr <= drain_ptr + %d'd1;\n", d.DW);
  wgb_printf(o, "      if (done) rr_mask <= dsel_above;  // the entries above the one just freed\n");
  wgb_printf(o, "      occupancy <= occupancy + %s - %s;\n", wg_zext(a, sizeof a, "req_alloc", 1, d.CW),
             wg_zext(b, sizeof b, "done", 1, d.CW));
  wgb_printf(o, "    end\n  end\n");
}

static void mshr_props(wg_buf *o, wg_pv p) {
  mshr_dims d = mshr_dims_of(p);
  const int N = d.N, M = d.M;
  char a[96];
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  logic [%d:0] f_occ;\n", d.CW - 1);
  wg_emit_popcount(o, "f_occ", d.CW, "valid", N);
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // the occupancy counts the entries in use\n");
  wgb_printf(o, "    assert(occupancy == f_occ);\n");
  wgb_printf(o, "    // a free entry holds nothing; an entry in use holds 1..MERGES requests\n");
  /* properties over entries are loops, so the file grows with the RTL, not with ENTRIES^2 */
  if (M < (1 << d.LW) - 1)
    wgb_printf(o, "    for (int i = 0; i < %d; i++) assert(valid[i] ? (e_len[i] != %d'd0 && e_len[i] <= %d'd%d) : (e_len[i] == %d'd0));\n",
               N, d.LW, d.LW, M, d.LW);
  else   /* MERGES = 2^k - 1: the width bounds the length */
    wgb_printf(o, "    for (int i = 0; i < %d; i++) assert(valid[i] ? (e_len[i] != %d'd0) : (e_len[i] == %d'd0));\n", N, d.LW, d.LW);
  wgb_printf(o, "    // one entry drains at a time; its pointer stays inside its list\n");
  wgb_printf(o, "    assert((draining & (draining - %d'd1)) == '0);\n", N);
  if (d.DW)
    wgb_printf(o, "    assert((|draining) ? (%s < drain_len) : (drain_ptr == '0));\n",
               wg_zext(a, sizeof a, "drain_ptr", d.DW, d.LW));
  wgb_printf(o, "    // at most one entry per line: a filled line is never allocated again\n");
  if (N > 1)
    wgb_printf(o, "    for (int i = 0; i < %d; i++)\n"
                  "      for (int j = i + 1; j < %d; j++) assert(!(valid[i] && valid[j] && e_addr[i] == e_addr[j]));\n", N, N);
  wgb_printf(o, "    // a request gets exactly one outcome\n");
  wgb_printf(o, "    assert({1'b0, req_alloc} + {1'b0, req_merge} + {1'b0, rej_list_full} + {1'b0, rej_table_full}"
                " + {1'b0, rej_draining} + {1'b0, rej_noalloc} == {1'b0, req_valid});\n");
  wgb_printf(o, "  end\n\n");

  if (M > 1) {   /* the waiters as one array, for the properties */
    wgb_printf(o, "  logic [%d:0] e_wait [0:%d];  // waiter j of entry i at [i*%d + j]\n", d.PB - 1, N * M - 1, M);
    wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_f_wait\n"
                  "    for (genvar j = 0; j < %d; j++) begin : g_slot\n"
                  "      assign e_wait[i*%d + j] = g_entry[i].wait_q[j];\n    end\n  end\n", N, M, M);
  }
  wgb_printf(o, "  // the previous cycle, for the step properties\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_stall;\n  logic [%d:0] f_prev_filled;\n", N - 1);
  wgb_printf(o, "  logic [%d:0] f_prev_entry;\n  logic [%d:0] f_prev_payload;\n", d.IW - 1, d.PB - 1);
  wgb_printf(o, "  logic [%d:0] f_prev_len;  // entry i's merge length at [i*%d +: %d]\n", N * d.LW - 1, d.LW, d.LW);
  wgb_printf(o, "  logic [%d:0] f_prev_touch;\n  logic [%d:0] f_prev_req_payload;\n", N - 1, d.PB - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n    f_prev_rst <= rst;\n"
                "    f_prev_stall <= drain_valid && !drain_ready;\n    f_prev_filled <= filled;\n"
                "    f_prev_entry <= drain_entry;\n    f_prev_payload <= drain_payload;\n"
                "    f_prev_touch <= touch;\n    f_prev_req_payload <= req_payload;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) f_prev_len[i*%d +: %d] <= e_len[i];\n", N, d.LW, d.LW);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    // a filled (ready or draining) entry never grows: no merge into a draining line\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) assert(!f_prev_filled[i] || e_len[i] <= f_prev_len[i*%d +: %d]);\n", N, d.LW, d.LW);
  wgb_printf(o, "    // a request merged or allocated is the entry's next waiter, in merge order\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++)\n"
                "      if (f_prev_touch[i]) assert(e_wait[i*%d + 32'(f_prev_len[i*%d +: %d])] == f_prev_req_payload);\n",
             N, M, d.LW, d.LW);
  wgb_printf(o, "    // valid/ready: a waiter shown and not taken stays on the port unchanged\n");
  wgb_printf(o, "    assert(!f_prev_stall || (drain_valid && drain_entry == f_prev_entry && drain_payload == f_prev_payload));\n");
  wgb_printf(o, "  end\n\n");

  /* What each output is, from the entries' state: the indexed form of the RTL's one-hot
  ** muxes and CAMs, so a wrong select, operator or reduction in the datapath fails here. */
  wgb_printf(o, "  // each output's value, from the entries (the paper's MSHR: Fig. 2.2, the drain in merge order)\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    assert(full == (occupancy == %d'd%d));\n", d.CW, N);
  wgb_printf(o, "    assert(almost_full == (occupancy >= %d'd%d));\n", d.CW, N - d.AF);
  wgb_printf(o, "    // the drain port: the draining entry, else the first ready one after the last drained\n");
  wgb_printf(o, "    assert(drain_valid == ((draining | ready) != '0));\n");
  wgb_printf(o, "    if (drain_valid) begin\n");
  wgb_printf(o, "      assert(filled[drain_entry]);\n");
  wgb_printf(o, "      assert(draining == '0 || draining[drain_entry]);\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++)   // no ready entry the round robin prefers\n", N);
  wgb_printf(o, "        assert(draining != '0 || !ready[i] || %d'(i) == drain_entry ||\n"
                "               ((ready & rr_mask) != '0 ? (!rr_mask[i] || %d'(i) > drain_entry) : %d'(i) > drain_entry));\n",
             d.IW, d.IW, d.IW);
  wgb_printf(o, "      assert(drain_addr == e_addr[drain_entry]);\n");
  if (d.DW) {
    wgb_printf(o, "      assert(drain_payload == e_wait[%d'(drain_entry) * %d + %d'(drain_ptr)]);\n", d.IW + 8, M, d.IW + 8);
    wgb_printf(o, "      assert(drain_last == (%s + %d'd1 == e_len[drain_entry]));\n", wg_zext(a, sizeof a, "drain_ptr", d.DW, d.LW), d.LW);
  } else {
    wgb_printf(o, "      assert(drain_payload == e_wait[drain_entry]);\n");
    wgb_printf(o, "      assert(drain_last);\n");
  }
  wgb_printf(o, "    end\n");
  wgb_printf(o, "    assert(drain_valid || (drain_addr == '0 && drain_payload == '0 && !drain_last));\n");
  wgb_printf(o, "    // the request: merge into its pending line below MERGES, else the reason it is refused\n");
  wgb_printf(o, "    if (req_valid) begin\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++) if (valid[i] && e_addr[i] == req_addr) begin\n", N);
  wgb_printf(o, "        assert(req_merge == (pending[i] && e_len[i] != %d'd%d) && rej_list_full == (pending[i] && e_len[i] == %d'd%d));\n",
             d.LW, M, d.LW, M);
  wgb_printf(o, "        assert(rej_draining == filled[i]);\n");
  wgb_printf(o, "        assert(!req_merge || (req_entry == %d'(i) && req_merge_len == e_len[i] + %d'd1));\n", d.IW, d.LW);
  wgb_printf(o, "      end\n");
  wgb_printf(o, "      if ((valid & req_match) == '0) begin   // a new line: the lowest free entry, unless full or noalloc\n");
  wgb_printf(o, "        assert(req_alloc == (!full && !req_noalloc) && rej_table_full == full && rej_noalloc == (!full && req_noalloc));\n");
  wgb_printf(o, "        if (req_alloc) begin\n");
  wgb_printf(o, "          assert(!valid[req_entry] && req_merge_len == %d'd1);\n", d.LW);
  if (N > 1) wgb_printf(o, "          for (int i = 0; i < %d; i++) assert(valid[i] || %d'(i) >= req_entry);\n", N, d.IW);
  wgb_printf(o, "        end\n      end\n");
  wgb_printf(o, "      for (int i = 0; i < %d; i++) assert(req_match[i] == (valid[i] && e_addr[i] == req_addr));\n", N);
  wgb_printf(o, "    end\n");
  wgb_printf(o, "    assert(req_alloc || req_merge || (req_entry == '0 && req_merge_len == '0));\n");
  wgb_printf(o, "    // the fill: the pending entry of its line, if any\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++)\n", N);
  wgb_printf(o, "      if (fill_valid && pending[i] && e_addr[i] == fill_addr) assert(fill_hit && fill_entry == %d'(i));\n", d.IW);
  wgb_printf(o, "    assert(fill_hit ? (fill_valid && pending[fill_entry] && e_addr[fill_entry] == fill_addr) : (fill_entry == '0));\n");
  wgb_printf(o, "  end\n\n");
  wgb_printf(o, "  // reachability\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    cover(full);\n");
  wgb_printf(o, "    cover(rej_list_full);\n");
  wgb_printf(o, "    cover(rej_draining && |(req_match & draining));  // a request to the line on the drain port\n");
  wgb_printf(o, "    cover(rej_table_full);\n");
  wgb_printf(o, "    cover(req_merge && fill_hit && fill_sel == touch);  // merge and fill of one entry in one cycle\n");
  if (M > 1) wgb_printf(o, "    cover(done && drain_len == %d'd%d);  // a full list drained to its last waiter\n", d.LW, M);
  wgb_printf(o, "    cover(done && full);\n");
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_mshr = {
  "mshr", "merging MSHR file (L1 or L2): CAM lookup, merge / allocate / reject with reason, fill, drain one waiter per cycle",
  "the MIB thesis (Li, UBC 2015: its L2 MSHR baseline) and GPGPU-Sim's mshr_table", "2.2, Fig. 2.2, 6.2, Table 5.1",
  mshr_params, MSHR_NPARAMS, mshr_presets, 3, "l2_part",
  "the thesis gives no MSHR storage total.  Fig. 2.2: a block address (24 bits stated; a 32-bit address "
  "with 128-byte lines needs 25) and 16 (valid, destination) slots per entry, 64 entries (Table 5.1).  "
  "We keep a merge length (5 bits for 16) instead of 16 per-slot valid bits; the waiter width is ours",
  mshr_check, mshr_ports, mshr_storage, mshr_rtl, mshr_props,
  "a request to a filled (ready or draining) line merges into it (the FlashGPU-Sim #17 deadlock)",
  "ENTRIES=8,16,32,64",
  mshr_encodings, 1,
  .paper_fields = "block_addr waiter merge_len",
};
