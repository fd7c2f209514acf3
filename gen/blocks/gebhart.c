/*
** gebhart.c -- Gebhart, Johnson et al., "Energy-efficient Mechanisms for
** Managing Thread Context in Throughput Processors" (ISCA'11).  This file
** holds the paper's two blocks:
**   'tls'  the two-level warp scheduler (paper 3.2, 5.2): W
**          resident warps in the pending level, A active slots, greedy issue
**          within the active set, demotion at an instruction marked as
**          consuming a long-latency result, round-robin promotion;
**   'rfc'  the register-file cache (paper 3.1, 3.3,
**          5.3-5.4): E entries per thread for each of the A active slots,
**          FIFO replacement, allocate every result, write back evicted live
**          values, none for values the last-read bit marked dead, flush of a
**          slot on demotion.
** The two line up: tls' demote/retire event names the active slot (0..A-1)
** that rfc's flush input takes, and the A of both is the same parameter.
** Choices the paper leaves open are documented in docs/blocks/{tls,rfc}.md;
** the C models sim/models/{tls,rfc}.c implement the same rules.
*/
#include "../wg.h"

#include <string.h>

/* A rotating-priority pick over an n-bit request vector: the first request
** at or after 'ptr', else the first one overall (wg_emit_rr_pick with the
** entries at or after 'ptr' as its mask).  Emits the one-hot 'oh' and its
** index 'idx' (ib bits).  Declares the two signals. */
static void gb_emit_rr_pick(wg_buf *o, const char *oh, const char *idx, int ib,
                            const char *req, const char *ptr, int n) {
  char from[64];
  snprintf(from, sizeof from, "%s_from", oh);
  wgb_printf(o, "  logic [%d:0] %s;\n  logic [%d:0] %s;\n", n - 1, oh, ib - 1, idx);
  if (n == 1) {
    wgb_printf(o, "  assign %s = %s;  // one requester\n  assign %s = '0;\n", oh, req, idx);
    return;
  }
  wgb_printf(o, "  logic [%d:0] %s;  // the entries at or after %s\n", n - 1, from, ptr);
  wgb_printf(o, "  assign %s = ~((%d'd1 << %s) - %d'd1);\n", from, n, ptr, n);
  wg_emit_rr_pick(o, oh, req, from, n);
  wg_emit_onehot_encode(o, idx, ib, oh, n);
}

/* ================================================================ tls */

enum { TLS_WARPS, TLS_ACTIVE, TLS_INNER, TLS_CAPS, TLS_NPARAMS };

static const wg_param_def tls_params[] = {
  {"WARPS",  32, 2, 64, 0, "resident warps, all of them in the outer (pending) level at first (paper 2.1: 32)"},
  {"ACTIVE",  8, 1, 32, 0, "active slots of the inner level, issued from greedily (paper 5.2: 4, 6, 8; design point 8; ACTIVE = WARPS = 32: the single-level baseline)"},
  {"INNER",   0, 0, 1, 0, "inner-level policy: 0 greedy (3.2), 1 round robin (the search starts after the slot picked last; 5.2 evaluates both)"},
  {"CAPS",    0, 0, 1, 0, "1: CAPS' scheduler inputs are built (Jeon et al. 4.1, 4.4): warp_prio (the CTA-aware order) and the eager wake-up; 0: Gebhart's scheduler, those inputs unused"},
};

static const wg_preset tls_presets[] = {
  {"gebhart", "WARPS=32 ACTIVE=8", "the paper's design point: 32 resident warps, 8 active (5.2, 5.4)", 0},
  {"small",   "WARPS=5 ACTIVE=2 CAPS=1",  "5 warps (3-bit ids, three of them illegal), 2 active slots, CAPS' inputs built: fast tests and formal proofs", 0},
  {"single_level", "WARPS=32 ACTIVE=32", "the paper's baseline: all 32 warps active, one level (5.2, Fig. 10)", 0},
  {"gebhart_rr", "WARPS=32 ACTIVE=8 INNER=1", "the design point with a round-robin inner level (5.2)", 0},
  {"caps", "WARPS=48 ACTIVE=8 CAPS=1", "CAPS' two-level scheduler (Jeon et al. Table 3): 48 warps (Fermi), 8 ready warps, CTA-aware order and eager wake-up", 0},
};

typedef struct tls_dims {
  int W, A;
  int rr;        /* INNER = 1: round-robin inner level */
  int caps;      /* CAPS = 1: priority and wake-up inputs built */
  int WB, AB;    /* warp id bits, slot index bits */
  int all_ids;   /* every WB-bit id names a warp */
} tls_dims;

static tls_dims tls_dims_of(wg_pv p) {
  tls_dims d;
  d.W = (int)p[TLS_WARPS];
  d.A = (int)p[TLS_ACTIVE];
  d.rr = (int)p[TLS_INNER];
  d.caps = (int)p[TLS_CAPS];
  d.WB = wg_clog2(d.W);
  d.AB = wg_clog2(d.A);
  d.all_ids = d.W == (1 << d.WB);
  return d;
}

static int tls_check(wg_pv p, char *err, size_t n) {
  if (p[TLS_ACTIVE] <= p[TLS_WARPS]) return 0;
  snprintf(err, n, "ACTIVE=%lld > WARPS=%lld: the active set is a subset of the resident warps (ACTIVE <= WARPS)",
           (long long)p[TLS_ACTIVE], (long long)p[TLS_WARPS]);
  return 1;
}

static int tls_ports(wg_pv p, wg_port *o) {
  tls_dims d = tls_dims_of(p);
  int n = 0;
#define TLS_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  TLS_PORT("rst",          WG_IN,  1, 1, "synchronous reset: warps 0..ACTIVE-1 active in slots 0..ACTIVE-1, the others pending");
  TLS_PORT("slot_ready",   WG_IN,  d.A, 32, "per active slot: its warp's next instruction can issue (operands ready, unit free)");
  TLS_PORT("slot_llc",     WG_IN,  d.A, 32, "per active slot: the next instruction is marked as consuming a long-latency result (demotes)");
  TLS_PORT("slot_exit",    WG_IN,  d.A, 32, "per active slot: the next instruction is the warp's exit (issuing it frees the slot)");
  TLS_PORT("warp_ready",   WG_IN,  d.W, 64, "per warp: its long-latency results have returned (a pending warp may be promoted)");
  TLS_PORT("launch",       WG_IN,  1, 1, "a new warp is launched into a free warp id (ignored unless the id is free and < WARPS)");
  TLS_PORT("launch_warp",  WG_IN,  d.WB, 6, "the launched warp's id");
  TLS_PORT("warp_prio",    WG_IN,  d.W, 64, "CAPS = 1, per warp: promoted before the others (CAPS' CTA-aware order, Fig. 7); all 0: plain round robin");
  TLS_PORT("wake",         WG_IN,  1, 1, "CAPS = 1, eager wake-up (CAPS 4.4): a prefetch for warp wake_warp arrived; a pending, ready warp is promoted at once");
  TLS_PORT("wake_warp",    WG_IN,  d.WB, 6, "the warp to wake (ignored unless pending and ready)");
  TLS_PORT("issue",        WG_OUT, 1, 1, "the picked slot's instruction issues this cycle");
  TLS_PORT("demote",       WG_OUT, 1, 1, "the picked slot's warp is demoted to the pending level (rfc: flush pick_slot, write back live values)");
  TLS_PORT("retire",       WG_OUT, 1, 1, "the issued instruction is the warp's exit: the slot frees (rfc: flush pick_slot, nothing written back)");
  TLS_PORT("pick_slot",    WG_OUT, d.AB, 5, "the greedy pick (issue or demote), 0 when neither");
  TLS_PORT("pick_warp",    WG_OUT, d.WB, 6, "the warp in pick_slot, 0 when neither");
  TLS_PORT("promote",      WG_OUT, 1, 1, "a ready pending warp enters a slot this cycle (the woken warp, else round robin over the prioritised, else over all)");
  TLS_PORT("promote_slot", WG_OUT, d.AB, 5, "the slot it enters (the lowest free one; a wake-up's evicted slot), 0 when none");
  TLS_PORT("promote_warp", WG_OUT, d.WB, 6, "the promoted warp, 0 when none");
  TLS_PORT("wake_evict",   WG_OUT, 1, 1, "CAPS = 1: the woken warp found every slot held: it takes the lowest stalled slot (not ready, not picked), whose warp goes to pending");
  TLS_PORT("evict_warp",   WG_OUT, d.WB, 6, "that slot's warp (rfc: flush promote_slot), 0 when none");
  TLS_PORT("active_valid", WG_OUT, d.A, 32, "per slot: it holds a warp");
  TLS_PORT("active_warp",  WG_OUT, d.A * d.WB, 192, "per slot s: its warp at [s*WB +: WB] (0 when the slot is free)");
  TLS_PORT("active_full",  WG_OUT, 1, 1, "every slot holds a warp");
  TLS_PORT("pending",      WG_OUT, d.W, 64, "per warp: it is in the pending (outer) level");
#undef TLS_PORT
  return n;
}

static int tls_storage(wg_pv p, wg_field *o) {
  tls_dims d = tls_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"slot_warp", d.WB, d.A, "active slot: the warp it holds"};
  o[n++] = (wg_field){"slot_valid", 1, d.A, "active slot: holds a warp"};
  o[n++] = (wg_field){"slot_resume", 1, d.A, "active slot: promoted and not issued since, so a marked instruction issues instead of demoting (the paper is silent on re-suspension; our choice)"};
  o[n++] = (wg_field){"pend", 1, d.W, "per warp: in the pending level (the outer scheduler's entry)"};
  o[n++] = (wg_field){"act", 1, d.W, "per warp: in the active level (a free warp id has neither bit)"};
  if (d.A > 1) o[n++] = (wg_field){"cur", d.AB, 1, d.rr ? "round robin: the slot after the one picked last; the search starts there"
                                                        : "greedy: the slot picked last; the search starts there"};
  o[n++] = (wg_field){"rr", d.WB, 1, "round robin: the warp the next promotion search starts at"};
  return n;
}

static void tls_rtl(wg_buf *o, wg_pv p, int mutant) {
  tls_dims d = tls_dims_of(p);
  const int W = d.W, A = d.A, WB = d.WB, AB = d.AB;

  wgb_printf(o, "  // ---- state ----\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] slot_warp [0:%d];  // active slot: the warp it holds\n", WB - 1, A - 1);
  wgb_printf(o, "  logic [%d:0] slot_valid;   // active slot holds a warp\n", A - 1);
  wgb_printf(o, "  logic [%d:0] slot_resume;  // promoted, not issued since: a marked instruction issues\n", A - 1);
  wgb_printf(o, "  logic [%d:0] pend;         // per warp: in the pending (outer) level\n", W - 1);
  wgb_printf(o, "  logic [%d:0] act;          // per warp: in the active (inner) level\n", W - 1);
  if (A > 1) wgb_printf(o, "  logic [%d:0] cur;          // greedy: the slot issued from last\n", AB - 1);
  else wgb_printf(o, "  // ACTIVE = 1: one slot, no greedy pointer\n");
  wgb_printf(o, "  logic [%d:0] rr;           // round robin: where the promotion search starts\n", WB - 1);

  wgb_printf(o, "\n  // ---- inner level: greedy pick over the active slots (3.2) ----\n");
  wgb_printf(o, "  // A slot is eligible when its instruction can issue, or when it is marked as\n"
                "  // consuming a long-latency result and the warp has not just been promoted:\n"
                "  // picking it then demotes the warp (preemptive, 3.2) instead of issuing.\n");
  wgb_printf(o, "  logic [%d:0] must_demote, elig;\n", A - 1);
  wgb_printf(o, "  assign must_demote = slot_valid & slot_llc & ~slot_resume;\n");
  wgb_printf(o, "  assign elig = (slot_valid & slot_ready) | must_demote;\n");
  wgb_printf(o, "  // greedy: keep the slot issued from last while it can go on, else the next\n"
                "  // eligible slot after it (rotating search)\n");
  gb_emit_rr_pick(o, "pick_oh", "pick_idx", AB, "elig", "cur", A);
  wgb_printf(o, "  logic picked, pick_demote;\n");
  wgb_printf(o, "  assign picked = (elig != '0);\n");
  wgb_printf(o, "  assign pick_demote = (pick_oh & must_demote) != '0;\n");
  wgb_printf(o, "  assign issue  = picked && !pick_demote;\n");
  wgb_printf(o, "  assign demote = picked && pick_demote;\n");
  wgb_printf(o, "  assign retire = issue && ((pick_oh & slot_exit) != '0);\n");
  wgb_printf(o, "  assign pick_slot = pick_idx;\n");
  wgb_printf(o, "  always_comb begin\n    pick_warp = '0;\n    for (int s = 0; s < %d; s++) pick_warp = pick_warp | (slot_warp[s] & {%d{pick_oh[s]}});\n  end\n",
             A, WB);

  wgb_printf(o, "\n  // ---- outer level: round-robin promotion into the lowest free slot (3.2) ----\n");
  wgb_printf(o, "  // Slots free at the start of the cycle only: a slot freed by this cycle's\n"
                "  // demotion or exit takes a warp in the next cycle at the earliest.\n");
  wgb_printf(o, "  logic [%d:0] cand;  // pending warps whose long-latency results are back\n", W - 1);
  wgb_printf(o, "  logic wake_ok;     // CAPS: a wake-up for a pending, ready warp\n");
  if (d.caps) {
    wgb_printf(o, "  logic [%d:0] cand_all, cand_pri;\n", W - 1);
    wgb_printf(o, "  assign cand_all = pend & warp_ready;\n");
    wgb_printf(o, "  assign cand_pri = cand_all & warp_prio;\n");
    wgb_printf(o, "  // eager wake-up (CAPS 4.4): the woken warp, when it is pending and ready\n");
    wgb_printf(o, "  logic [%d:0] wake_oh;\n", W - 1);
    wgb_printf(o, "  always_comb for (int w = 0; w < %d; w++) wake_oh[w] = wake && wake_warp == %d'(w);\n", W, WB);
    wgb_printf(o, "  assign wake_ok = (wake_oh & cand_all) != '0;\n");
    wgb_printf(o, "  // the woken warp, else the prioritised ready warps (CTA-aware order), else all of them\n");
    wgb_printf(o, "  assign cand = wake_ok ? wake_oh : ((cand_pri != '0) ? cand_pri : cand_all);\n");
  } else {
    wgb_printf(o, "  assign cand = pend & warp_ready;\n");
    wgb_printf(o, "  assign wake_ok = 1'b0;  // CAPS = 0: no priority, no wake-up\n");
    wgb_printf(o, "  wire unused_caps = &{1'b0, warp_prio, wake, wake_warp};\n");
  }
  gb_emit_rr_pick(o, "prom_oh", "prom_idx", WB, "cand", "rr", W);
  wgb_printf(o, "  logic [%d:0] slot_free, free_oh;  // free slots; the lowest one\n", A - 1);
  wgb_printf(o, "  assign slot_free = ~slot_valid;\n");
  wg_emit_prio_pick(o, "free_oh", "slot_free", A);
  wgb_printf(o, "  assign active_full = (slot_valid == '1);\n");
  wgb_printf(o, "  logic prom_free;  // a promotion into a free slot\n");
  wgb_printf(o, "  assign prom_free = !active_full && (cand != '0);\n");
  if (d.caps) {
    wgb_printf(o, "  // a wake-up with every slot held takes the lowest stalled slot: not ready, not picked\n");
    wgb_printf(o, "  logic [%d:0] stalled, evict_oh;\n", A - 1);
    wgb_printf(o, "  assign stalled = slot_valid & ~slot_ready & ~pick_oh;\n");
    wg_emit_prio_pick(o, "evict_oh", "stalled", A);
    wgb_printf(o, "  assign wake_evict = wake_ok && active_full && (stalled != '0);\n");
    wgb_printf(o, "  always_comb begin\n    evict_warp = '0;\n"
                  "    for (int s = 0; s < %d; s++) if (wake_evict) evict_warp = evict_warp | (slot_warp[s] & {%d{evict_oh[s]}});\n  end\n",
               A, WB);
  } else {
    wgb_printf(o, "  logic [%d:0] evict_oh;\n  assign evict_oh = '0;\n", A - 1);
    wgb_printf(o, "  assign wake_evict = 1'b0;\n  assign evict_warp = '0;\n");
  }
  wgb_printf(o, "  assign promote = prom_free || wake_evict;\n");
  wgb_printf(o, "  logic [%d:0] prom_slot_oh;\n", A - 1);
  wgb_printf(o, "  assign prom_slot_oh = prom_free ? free_oh : (wake_evict ? evict_oh : '0);\n");
  wg_emit_onehot_encode(o, "promote_slot", AB, "prom_slot_oh", A);
  wgb_printf(o, "  assign promote_warp = promote ? prom_idx : '0;\n");
  char e[96];
  wgb_printf(o, "  logic [%d:0] rr_next;  // the warp after the promoted one\n", WB - 1);
  wgb_printf(o, "  assign rr_next = %s;\n", wg_ring_inc(e, sizeof e, "prom_idx", WB, W));

  wgb_printf(o, "\n  // ---- launch: a free warp id enters the pending level ----\n");
  wgb_printf(o, "  logic [%d:0] launch_oh;\n", W - 1);
  wgb_printf(o, "  always_comb for (int w = 0; w < %d; w++) launch_oh[w] = launch && launch_warp == %d'(w) && !pend[w] && !act[w];\n",
             W, WB);

  wgb_printf(o, "\n  // ---- per-warp level bits ----\n");
  wgb_printf(o, "  logic [%d:0] pick_w_oh;  // the picked slot's warp, one-hot\n", W - 1);
  wgb_printf(o, "  always_comb for (int w = 0; w < %d; w++) pick_w_oh[w] = picked && pick_warp == %d'(w);\n", W, WB);
  wgb_printf(o, "  logic [%d:0] leave, down;  // leaves the active level; of those, demoted\n", W - 1);
  wgb_printf(o, "  assign leave = (demote || retire) ? pick_w_oh : '0;\n");
  wgb_printf(o, "  assign down  = demote ? pick_w_oh : '0;\n");
  wgb_printf(o, "  logic [%d:0] up, evicted;  // promoted; pushed out by a wake-up\n", W - 1);
  if (d.caps) wgb_printf(o, "  always_comb for (int w = 0; w < %d; w++) evicted[w] = wake_evict && evict_warp == %d'(w);\n", W, WB);
  else wgb_printf(o, "  assign evicted = '0;\n");
  if (mutant)
    wgb_printf(o, "  assign up = '0;  // MUTANT: the promoted warp keeps its pending bit and never gets its active bit\n");
  else
    wgb_printf(o, "  assign up = promote ? prom_oh : '0;\n");

  wgb_printf(o, "\n  always_ff @(posedge clk) begin\n    if (rst) begin\n");
  for (int s = 0; s < A; s++) wgb_printf(o, "      slot_warp[%d] <= %d'd%d;\n", s, WB, s);
  wgb_printf(o, "      slot_valid <= '1;\n      slot_resume <= '0;\n");
  wgb_printf(o, "      act  <= %d'h%llx;\n", W, (unsigned long long)(A >= 64 ? ~0ULL : (1ULL << A) - 1));
  wgb_printf(o, "      pend <= ~%d'h%llx;\n", W, (unsigned long long)(A >= 64 ? ~0ULL : (1ULL << A) - 1));
  wgb_printf(o, "%s      rr   <= %d'd%d;\n", A > 1 ? "      cur  <= '0;\n" : "", WB, A % W);
  wgb_printf(o, "    end else begin\n");
  wgb_printf(o, "      act  <= (act & ~leave & ~evicted) | up;\n");
  wgb_printf(o, "      pend <= (pend & ~up) | down | evicted | launch_oh;\n");
  if (A > 1 && !d.rr) wgb_printf(o, "      if (picked) cur <= pick_idx;\n");
  if (A > 1 && d.rr)   /* round robin: the search starts after the slot picked last */
    wgb_printf(o, "      if (picked) cur <= %s;\n", wg_ring_inc(e, sizeof e, "pick_idx", AB, A));
  wgb_printf(o, "      if (promote && !wake_ok) rr <= rr_next;  // a wake-up leaves the round robin where it was\n");
  wgb_printf(o, "      for (int s = 0; s < %d; s++) begin\n", A);
  wgb_printf(o, "        if (pick_oh[s] && (demote || retire)) slot_valid[s] <= 1'b0;\n");
  wgb_printf(o, "        if (pick_oh[s] && issue) slot_resume[s] <= 1'b0;\n");
  wgb_printf(o, "        if (prom_slot_oh[s]) begin\n");
  wgb_printf(o, "          slot_valid[s] <= 1'b1;\n          slot_warp[s] <= prom_idx;\n          slot_resume[s] <= 1'b1;\n");
  wgb_printf(o, "        end\n      end\n    end\n  end\n");

  wgb_printf(o, "\n  // ---- the active set ----\n");
  wgb_printf(o, "  assign active_valid = slot_valid;\n");
  wgb_printf(o, "  always_comb for (int s = 0; s < %d; s++) active_warp[s*%d +: %d] = slot_warp[s] & {%d{slot_valid[s]}};\n",
             A, WB, WB, WB);
  wgb_printf(o, "  assign pending = pend;\n");
}

static void tls_props(wg_buf *o, wg_pv p) {
  tls_dims d = tls_dims_of(p);
  const int W = d.W, A = d.A, WB = d.WB, AB = d.AB;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // a warp is in one level at most\n    assert((act & pend) == '0);\n");
  wgb_printf(o, "    // the active level is exactly the warps in the slots: as many, each one marked active\n");
  for (int s = 0; s < A; s++) {
    wgb_printf(o, "    assert(!slot_valid[%d] || act[slot_warp[%d]]);\n", s, s);
    if (!d.all_ids) wgb_printf(o, "    assert(!slot_valid[%d] || slot_warp[%d] < %d'd%d);\n", s, s, WB, W);
  }
  for (int w = 0; w < W; w++) {
    wgb_printf(o, "    assert(!act[%d] || ", w);
    for (int s = 0; s < A; s++)
      wgb_printf(o, "%s(slot_valid[%d] && slot_warp[%d] == %d'd%d)", s ? " || " : "", s, s, WB, w);
    wgb_printf(o, ");\n");
  }
  wgb_printf(o, "    // no warp in two slots\n");
  for (int s = 0; s < A; s++)
    for (int t = s + 1; t < A; t++)
      wgb_printf(o, "    assert(!(slot_valid[%d] && slot_valid[%d]) || slot_warp[%d] != slot_warp[%d]);\n", s, t, s, t);
  if ((A & (A - 1)) != 0) wgb_printf(o, "    assert(cur < %d'd%d);\n", AB, A);
  if (!d.all_ids) wgb_printf(o, "    assert(rr < %d'd%d);\n", WB, W);
  wgb_printf(o, "    // the issued instruction retires its warp exactly when it is the warp's exit\n");
  wgb_printf(o, "    assert(retire == (issue && slot_exit[pick_slot]));\n");
  wgb_printf(o, "    // the pick is one eligible slot; issue and demote exclude each other\n");
  wgb_printf(o, "    assert((pick_oh & (pick_oh - 1'b1)) == '0 && (pick_oh & ~elig) == '0);\n");
  wgb_printf(o, "    assert(!(issue && demote) && (!retire || issue));\n");
  wgb_printf(o, "    // forward progress, inner level: work-conserving (an eligible slot is always picked)\n");
  wgb_printf(o, "    assert(picked == (issue || demote));\n");
  wgb_printf(o, "    // greedy: the slot issued from last keeps issuing while it is eligible\n");
  if (A > 1) wgb_printf(o, "    assert(!elig[cur] || pick_idx == cur);\n");
  wgb_printf(o, "    // a marked instruction of a warp that was not just promoted never issues\n");
  wgb_printf(o, "    assert(!issue || (pick_oh & must_demote) == '0);\n");
  wgb_printf(o, "    // forward progress, outer level: a free slot and a ready pending warp always promote\n");
  wgb_printf(o, "    assert(promote == (((slot_valid != '1) && ((pend & warp_ready) != '0)) || wake_evict));\n");
  wgb_printf(o, "    assert(!promote || (pend[promote_warp] && warp_ready[promote_warp] && (!slot_valid[promote_slot] || wake_evict)));\n");
  if (d.caps) {
    wgb_printf(o, "    // a wake-up promotes its warp; it evicts only from a full set, a stalled slot that is not the pick\n");
    wgb_printf(o, "    assert(!(wake_ok && promote) || promote_warp == wake_warp);\n");
    wgb_printf(o, "    assert(!wake_evict || (active_full && !slot_ready[promote_slot] && (pick_oh & evict_oh) == '0 && act[evict_warp]));\n");
    wgb_printf(o, "    // priority: a prioritised ready warp goes before the others\n");
    wgb_printf(o, "    assert(!(promote && !wake_ok && (pend & warp_ready & warp_prio) != '0) || warp_prio[promote_warp]);\n");
  } else {
    wgb_printf(o, "    // CAPS = 0: the priority and wake-up inputs change nothing\n");
    wgb_printf(o, "    assert(!wake_evict);\n");
  }
  wgb_printf(o, "  end\n\n");

  /* Round-robin fairness, bounded: a pending warp that stays ready is passed
  ** over by fewer than WARPS promotions.  Counted for one warp the solver
  ** chooses (f_w, an unconstrained register that never changes). */
  int CB = wg_bits_for(W);
  wgb_printf(o, "  // round-robin promotion: a warp that stays pending and ready is passed over\n"
                "  // by fewer than WARPS promotions of other warps (f_w: any warp, fixed) while\n"
                "  // no warp has priority and no wake-up comes\n");
  wgb_printf(o, "  (* keep *) logic [%d:0] f_w;\n  always @(posedge clk) f_w <= f_w;\n", WB - 1);
  wgb_printf(o, "  logic [%d:0] f_passed;\n", CB - 1);
  wgb_printf(o, "  always @(posedge clk)\n"
                "    if (rst || !(pend[f_w] && warp_ready[f_w]) || (promote && promote_warp == f_w)%s) f_passed <= '0;\n"
                "    else if (promote) f_passed <= f_passed + 1'b1;\n",
             d.caps ? " || wake_ok ||\n        (pend & warp_ready & warp_prio) != '0  /* priority and wake-ups may pass anyone */" : "");
  wgb_printf(o, "  // each promotion that passes f_w over moves rr closer to it: f_passed plus\n"
                "  // the distance from rr forward to f_w never exceeds WARPS - 1\n");
  wgb_printf(o, "  logic [7:0] f_to;  // warps from rr forward to f_w\n");
  wgb_printf(o, "  assign f_to = (f_w >= rr) ? 8'(f_w) - 8'(rr) : 8'(f_w) + 8'd%d - 8'(rr);\n", W);
  if (d.all_ids) wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  else wgb_printf(o, "  always @(*) if (f_past_valid && f_w < %d'd%d) begin  // f_w names a warp\n", WB, W);
  wgb_printf(o, "    assert(8'(f_passed) + f_to <= 8'd%d);\n", W - 1);
  wgb_printf(o, "    assert(f_passed < %d'd%d);\n", CB, W);
  wgb_printf(o, "  end\n\n");

  wgb_printf(o, "  // reachability\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !rst) begin\n");
  wgb_printf(o, "    cover(demote && promote);            // a demotion and a promotion in one cycle\n");
  wgb_printf(o, "    cover(retire);                       // a warp exits\n");
  wgb_printf(o, "    cover(slot_valid == '0);             // every slot free\n");
  wgb_printf(o, "    cover(active_full && (pend & warp_ready) != '0);  // a ready warp waits for a slot\n");
  wgb_printf(o, "    cover(issue && (pick_oh & slot_llc) != '0);       // a promoted warp issues its marked instruction\n");
  if (d.caps) {
    wgb_printf(o, "    cover(wake_evict);                   // a wake-up evicts a stalled warp\n");
    wgb_printf(o, "    cover(promote && !wake_ok && (cand_pri != '0) && (cand_pri != cand_all));  // priority decides\n");
  }
  if (A > 1) wgb_printf(o, "    cover(picked && pick_idx != cur);    // greedy moves on\n");
  wgb_printf(o, "  end\n");
  (void)AB;
}

const wg_block wg_block_tls = {
  "tls", "Gebhart two-level warp scheduler: greedy issue over the active slots, demotion at long-latency consumers, round-robin promotion",
  "Gebhart, Johnson et al., ISCA'11 (Energy-efficient Mechanisms for Managing Thread Context)", "3.2, 5.2",
  tls_params, TLS_NPARAMS, tls_presets, 5, "gebhart",
  "not stated: the paper gives no scheduler storage (3.2); our state is listed field by field",
  tls_check, tls_ports, tls_storage, tls_rtl, tls_props,
  "a promoted warp keeps its pending bit and never gets its active bit",
  "ACTIVE=2,4,6,8,12,16,24,32",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = NULL,   /* the paper counts none of its storage */
};

/* ================================================================ rfc */

enum { RFC_ACTIVE, RFC_ENTRIES, RFC_THREADS, RFC_DATA_BITS, RFC_REG_BITS, RFC_NPARAMS };

static const wg_param_def rfc_params[] = {
  {"ACTIVE",     8, 1, 32, 0, "active warp slots holding RFC entries (= tls ACTIVE; paper 5.4: 8; 32: every warp, the paper's RFC without the two-level scheduler, 3.1)"},
  {"ENTRIES",    6, 1,  8, 0, "RFC entries per thread, FIFO-replaced (paper 5.4: 6; Fig. 12 sweeps 4, 6, 8)"},
  {"THREADS",   32, 1, 32, 0, "threads (lanes) per warp, one DATA_BITS value each per entry (paper: 32)"},
  {"DATA_BITS", 32, 1, 32, 0, "bits of one thread's register value (paper: 32)"},
  {"REG_BITS",   6, 1,  8, 0, "register id bits of a tag (the paper: 32 registers per thread on average; 6 bits allow 64)"},
};

static const wg_preset rfc_presets[] = {
  {"gebhart", "ACTIVE=8 ENTRIES=6 THREADS=32 DATA_BITS=32 REG_BITS=6",
   "the paper's design point: 6 entries x 8 active warps x 32 threads x 32 bits = 6,144 bytes (5.4)",
   WG_SLOW_SIM | WG_SLOW_SYNTH | WG_SLOW_FORMAL},
  {"small",   "ACTIVE=2 ENTRIES=3 THREADS=2 DATA_BITS=4 REG_BITS=3",
   "2 slots of 3 entries (a FIFO that is not a power of two), 2 lanes of 4 bits, 8 registers: fast tests and formal", 0},
};

typedef struct rfc_dims {
  int A, E, T, DB, RB;
  int AB;     /* slot index bits */
  int PB;     /* FIFO pointer bits, 0 when ENTRIES = 1 */
  int N;      /* entries in all: A x E */
  int DW;     /* bits of one entry's data: THREADS x DATA_BITS */
  int CW;     /* bits of the MRF write count, 0..ENTRIES+1 */
  int LC;     /* lanes per cluster: 4 as in the paper (2.1, Fig. 5b), else 2 or 1 (what divides THREADS) */
  int NC;     /* clusters: THREADS / LC */
  int XW;     /* bits of one entry in a cluster: LC x DATA_BITS */
} rfc_dims;

static rfc_dims rfc_dims_of(wg_pv p) {
  rfc_dims d;
  d.A = (int)p[RFC_ACTIVE];
  d.E = (int)p[RFC_ENTRIES];
  d.T = (int)p[RFC_THREADS];
  d.DB = (int)p[RFC_DATA_BITS];
  d.RB = (int)p[RFC_REG_BITS];
  d.AB = wg_clog2(d.A);
  d.PB = d.E > 1 ? wg_clog2(d.E) : 0;
  d.N = d.A * d.E;
  d.DW = d.T * d.DB;
  d.CW = wg_bits_for(d.E + 1);
  d.LC = d.T % 4 == 0 ? 4 : d.T % 2 == 0 ? 2 : 1;
  d.NC = d.T / d.LC;
  d.XW = d.LC * d.DB;
  return d;
}

static int rfc_check(wg_pv p, char *err, size_t n) {
  if (((int64_t)1 << p[RFC_REG_BITS]) > p[RFC_ENTRIES]) return 0;
  snprintf(err, n, "REG_BITS=%lld names %lld registers, not more than ENTRIES=%lld: the cache would hold every register "
           "of a thread (2^REG_BITS > ENTRIES)", (long long)p[RFC_REG_BITS], (long long)1 << p[RFC_REG_BITS],
           (long long)p[RFC_ENTRIES]);
  return 1;
}

static int rfc_ports(wg_pv p, wg_port *o) {
  rfc_dims d = rfc_dims_of(p);
  int n = 0;
#define RFC_PORT(nm, dir, w, mw, doc) o[n++] = (wg_port){nm, dir, w, mw, doc}
  RFC_PORT("rst",       WG_IN,  1, 1, "synchronous reset: every entry invalid, FIFO pointers at entry 0");
  RFC_PORT("rd_valid",  WG_IN,  1, 1, "an instruction of the warp in rd_slot reads its source operands (tag check and data read this cycle)");
  RFC_PORT("rd_slot",   WG_IN,  d.AB, 5, "its active slot (tls pick_slot)");
  RFC_PORT("rd_use",    WG_IN,  3, 3, "per source operand k: operand k is a register");
  RFC_PORT("rd_reg",    WG_IN,  3 * d.RB, 24, "per source operand k: its register at [k*REG_BITS +: REG_BITS]");
  RFC_PORT("rd_last",   WG_IN,  3, 3, "per source operand k: the compiler's last-read bit (the value is dead after this read)");
  RFC_PORT("wr_valid",  WG_IN,  1, 1, "a result is written back this cycle");
  RFC_PORT("wr_active", WG_IN,  1, 1, "its warp holds wr_slot (0: a warp not active, the result goes to the MRF)");
  RFC_PORT("wr_slot",   WG_IN,  d.AB, 5, "the warp's active slot");
  RFC_PORT("wr_reg",    WG_IN,  d.RB, 8, "destination register");
  RFC_PORT("wr_bypass", WG_IN,  1, 1, "a long-latency result (3.3): straight to the MRF, a cached copy is invalidated");
  RFC_PORT("wr_mask",   WG_IN,  d.T, 32, "threads written (divergence); a partial write that misses goes around the RFC to the MRF");
  RFC_PORT("wr_data",   WG_IN,  d.DW, 1024, "the result: thread t at [t*DATA_BITS +: DATA_BITS]");
  RFC_PORT("fl_valid",  WG_IN,  1, 1, "flush fl_slot at this edge, after this cycle's read and write (tls demote or retire)");
  RFC_PORT("fl_slot",   WG_IN,  d.AB, 5, "the slot flushed (tls pick_slot)");
  RFC_PORT("fl_kill",   WG_IN,  1, 1, "the warp exited (tls retire): every value is dead, nothing is written back");
  RFC_PORT("rd_hit",    WG_OUT, 3, 3, "per operand: found in the RFC (read from it)");
  RFC_PORT("rd_data0",  WG_OUT, d.DW, 1024, "operand 0's value on a hit, else 0 (the MRF supplies it)");
  RFC_PORT("rd_data1",  WG_OUT, d.DW, 1024, "operand 1's value on a hit, else 0");
  RFC_PORT("rd_data2",  WG_OUT, d.DW, 1024, "operand 2's value on a hit, else 0");
  RFC_PORT("mrf_rd",    WG_OUT, 3, 3, "per operand: an MRF read request (a miss; a register named by an earlier operand is read once)");
  RFC_PORT("wr_hit",    WG_OUT, 1, 1, "the result's register is cached: updated in place (its FIFO position kept)");
  RFC_PORT("wr_alloc",  WG_OUT, 1, 1, "the result is allocated the slot's FIFO victim entry");
  RFC_PORT("wr_mrf",    WG_OUT, 1, 1, "the result itself is an MRF write request (bypass, warp not active, or a partial write that missed)");
  RFC_PORT("ev_wb",     WG_OUT, 1, 1, "the victim held a live value: MRF write request (register ev_reg of the warp in wr_slot)");
  RFC_PORT("ev_reg",    WG_OUT, d.RB, 8, "the evicted register (0 without ev_wb)");
  RFC_PORT("ev_data",   WG_OUT, d.DW, 1024, "the evicted value (0 without ev_wb)");
  RFC_PORT("fl_wb",     WG_OUT, d.E, 8, "per entry of fl_slot: a live value written back by the flush (MRF write request)");
  RFC_PORT("fl_reg",    WG_OUT, d.E * d.RB, 64, "per entry e: its register at [e*REG_BITS +: REG_BITS] (0 without fl_wb[e])");
  RFC_PORT("fl_data",   WG_OUT, d.E * d.DW, 8192, "per entry e: its value at [e*THREADS*DATA_BITS +: THREADS*DATA_BITS] (0 without fl_wb[e])");
  RFC_PORT("mrf_rd_n",  WG_OUT, 2, 2, "MRF read requests this cycle (ones in mrf_rd)");
  RFC_PORT("mrf_wr_n",  WG_OUT, d.CW, 4, "MRF write requests this cycle: wr_mrf + ev_wb + ones in fl_wb");
#undef RFC_PORT
  return n;
}

static int rfc_storage(wg_pv p, wg_field *o) {
  rfc_dims d = rfc_dims_of(p);
  int n = 0;
  o[n++] = (wg_field){"data", d.DW, d.N, "the paper's RFC: one entry = THREADS x DATA_BITS, ENTRIES per slot x ACTIVE slots "
                                         "(gebhart: 6 x 8 x 32 x 32 bits = 6,144 bytes, paper 5.4)"};
  o[n++] = (wg_field){"tag", d.RB, d.N, "not in the paper's count: register id of each entry (tags sit near the scheduler, 3.1)"};
  o[n++] = (wg_field){"valid", 1, d.N, "not in the paper's count: entry holds a value"};
  o[n++] = (wg_field){"dead", 1, d.N, "not in the paper's count: the value was read by its last reader (no write-back)"};
  if (d.PB) o[n++] = (wg_field){"fifo", d.PB, d.A, "not in the paper's count: per slot, the next FIFO victim"};
  return n;
}

/* The data of the cache is in clusters of SIMT lanes, each the same module: the paper's SM is
** "a cluster of 4 SIMT lanes ... Eight clusters form a complete 32-wide SM" (2.1, Fig. 1c and
** 5b), each lane with its own RFC bank (3.1).  The top keeps what every thread shares -- the
** tags, valid and dead bits and FIFO pointers, the lookups, the write's way, the victim and the
** flush's choice -- and sends each cluster the decoded entry selects; a cluster holds its lanes'
** DATA_BITS of every entry and reads and writes them.  One module instanced THREADS/4 times is
** synthesized once (Yosys maps a module once however often it is instanced): the gebhart
** preset's 49,152 data bits are a 6,144-bit cluster, 8 times (docs/cost.md, docs/blocks/rfc.md).
** Clusters of 4 and not single lanes: a select that the top broadcasts reaches 8 module pins, not
** 32, and each cluster buffers it to its own lanes (a module's synthesis does not know the load
** of the instances its outputs drive). */
static void rfc_rtl(wg_buf *o, wg_pv p, const char *sub, int mutant) {
  rfc_dims d = rfc_dims_of(p);
  const int A = d.A, E = d.E, N = d.N, DW = d.DW, RB = d.RB, AB = d.AB, PB = d.PB;

  wgb_printf(o, "  // ---- the cache: ACTIVE slots x ENTRIES entries; entry i = slot*%d + e ----\n", E);
  wgb_printf(o, "  // The tags and flags are here; the data is in the clusters of lanes (%s, below).\n", sub);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] tag [0:%d];   // register id\n", RB - 1, N - 1);
  wgb_printf(o, "  logic [%d:0] valid;  // entry holds a value\n", N - 1);
  wgb_printf(o, "  logic [%d:0] dead;   // its last reader has read it: never written back\n", N - 1);
  if (PB) wgb_printf(o, "  (* mem2reg *) logic [%d:0] fifo [0:%d];  // per slot: the next FIFO victim\n", PB - 1, A - 1);
  else wgb_printf(o, "  // ENTRIES = 1: the single entry is always the victim, no FIFO pointer\n");

  wgb_printf(o, "\n  // ---- slot decode ----\n");
  wgb_printf(o, "  logic [%d:0] rd_slot_oh, wr_slot_oh, fl_slot_oh;\n", A - 1);
  wgb_printf(o, "  always_comb for (int s = 0; s < %d; s++) begin\n", A);
  wgb_printf(o, "    rd_slot_oh[s] = rd_valid && rd_slot == %d'(s);\n", AB);
  wgb_printf(o, "    wr_slot_oh[s] = wr_valid && wr_active && wr_slot == %d'(s);\n", AB);
  wgb_printf(o, "    fl_slot_oh[s] = fl_valid && fl_slot == %d'(s);\n  end\n", AB);

  wgb_printf(o, "\n  // ---- read: tag check of the three source operands (3.1); the clusters read the data ----\n");
  wgb_printf(o, "  logic [%d:0] rd_reg0, rd_reg1, rd_reg2;\n", RB - 1);
  wgb_printf(o, "  assign rd_reg0 = rd_reg[%d:0];\n  assign rd_reg1 = rd_reg[%d:%d];\n  assign rd_reg2 = rd_reg[%d:%d];\n",
             RB - 1, 2 * RB - 1, RB, 3 * RB - 1, 2 * RB);
  wgb_printf(o, "  logic rd_use0, rd_use1, rd_use2;\n");
  wgb_printf(o, "  assign rd_use0 = rd_use[0];\n  assign rd_use1 = rd_use[1];\n  assign rd_use2 = rd_use[2];\n");
  wgb_printf(o, "  logic [%d:0] rd_match0, rd_match1, rd_match2;  // one-hot: the entry holding the operand\n", N - 1);
  wgb_printf(o, "  always_comb for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++) begin\n", A, E);
  for (int k = 0; k < 3; k++)
    wgb_printf(o, "    rd_match%d[s*%d+e] = rd_slot_oh[s] && rd_use%d && valid[s*%d+e] && tag[s*%d+e] == rd_reg%d;\n",
               k, E, k, E, E, k);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  assign rd_hit = {rd_match2 != '0, rd_match1 != '0, rd_match0 != '0};\n");
  wgb_printf(o, "  // a register named by an earlier operand of the same instruction is read once\n");
  wgb_printf(o, "  logic [2:0] rd_dup;\n");
  wgb_printf(o, "  assign rd_dup[0] = 1'b0;\n");
  wgb_printf(o, "  assign rd_dup[1] = rd_use[0] && rd_reg1 == rd_reg0;\n");
  wgb_printf(o, "  assign rd_dup[2] = (rd_use[0] && rd_reg2 == rd_reg0) || (rd_use[1] && rd_reg2 == rd_reg1);\n");
  wgb_printf(o, "  assign mrf_rd = {3{rd_valid}} & rd_use & ~rd_hit & ~rd_dup;\n");
  wgb_printf(o, "  assign mrf_rd_n = {1'b0, mrf_rd[0]} + {1'b0, mrf_rd[1]} + {1'b0, mrf_rd[2]};\n");
  wgb_printf(o, "  // the last read of a cached value marks it dead (3.1: static liveness)\n");
  wgb_printf(o, "  logic [%d:0] dead_rd;  // dead after this cycle's reads\n", N - 1);
  wgb_printf(o, "  assign dead_rd = dead | (rd_match0 & {%d{rd_last[0]}}) | (rd_match1 & {%d{rd_last[1]}}) | (rd_match2 & {%d{rd_last[2]}});\n",
             N, N, N);

  wgb_printf(o, "\n  // ---- write: allocate every result (3.1), update a cached register in place ----\n");
  wgb_printf(o, "  logic [%d:0] wr_match;  // the entry caching wr_reg in wr_slot\n", N - 1);
  wgb_printf(o, "  always_comb for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++)\n", A, E);
  wgb_printf(o, "    wr_match[s*%d+e] = wr_slot_oh[s] && valid[s*%d+e] && tag[s*%d+e] == wr_reg;\n", E, E, E);
  wgb_printf(o, "  logic wr_full;  // every thread writes\n  assign wr_full = (wr_mask == '1);\n");
  wgb_printf(o, "  logic wr_act;   // the warp holds a (legal) slot\n  assign wr_act = (wr_slot_oh != '0);\n");
  if (mutant)
    wgb_printf(o, "  assign wr_hit   = 1'b0;  // MUTANT: a cached register is allocated again instead of updated in place\n");
  else
    wgb_printf(o, "  assign wr_hit   = wr_act && !wr_bypass && wr_match != '0;\n");
  wgb_printf(o, "  assign wr_alloc = wr_act && !wr_bypass && !wr_hit && wr_full;\n");
  wgb_printf(o, "  assign wr_mrf   = wr_valid && !wr_hit && !wr_alloc;\n");
  wgb_printf(o, "  logic [%d:0] vict;  // the entry allocated: the slot's FIFO victim\n", N - 1);
  wgb_printf(o, "  always_comb for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++)\n", A, E);
  if (PB) wgb_printf(o, "    vict[s*%d+e] = wr_alloc && wr_slot_oh[s] && fifo[s] == %d'(e);\n", E, PB);
  else wgb_printf(o, "    vict[s*%d+e] = wr_alloc && wr_slot_oh[s];\n", E);
  wgb_printf(o, "  logic [%d:0] upd, inval, evict;  // updated in place; invalidated by a bypass; written back\n", N - 1);
  wgb_printf(o, "  assign upd   = wr_hit ? wr_match : '0;\n");
  wgb_printf(o, "  assign inval = (wr_valid && wr_bypass) ? wr_match : '0;\n");
  wgb_printf(o, "  // the victim's value is written back unless dead (3.1); a read's last-read mark in\n"
                "  // this same cycle counts\n");
  wgb_printf(o, "  assign evict = vict & valid & ~dead_rd;\n");
  wgb_printf(o, "  assign ev_wb = (evict != '0);\n");
  wgb_printf(o, "  always_comb begin\n    ev_reg = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) ev_reg = ev_reg | (tag[i] & {%d{evict[i]}});\n  end\n", N, RB);

  wgb_printf(o, "\n  // ---- the state after this cycle's read and write, before the flush ----\n");
  wgb_printf(o, "  logic [%d:0] valid_w, dead_w, wen;\n", N - 1);
  wgb_printf(o, "  assign wen     = vict | upd;  // data written (the lanes of the threads in wr_mask)\n");
  wgb_printf(o, "  assign valid_w = (valid & ~inval) | vict;\n");
  wgb_printf(o, "  assign dead_w  = dead_rd & ~wen;  // a new value is live\n");
  wgb_printf(o, "  logic [%d:0] tag_w [0:%d];\n", RB - 1, N - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++) tag_w[i] = vict[i] ? wr_reg : tag[i];\n", N);

  wgb_printf(o, "\n  // ---- flush at demotion (3.2): live values of fl_slot written back, entries freed ----\n");
  wgb_printf(o, "  logic [%d:0] fl_ent;  // entries of the flushed slot\n", N - 1);
  wgb_printf(o, "  always_comb for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++) fl_ent[s*%d+e] = fl_slot_oh[s];\n", A, E, E);
  wgb_printf(o, "  logic [%d:0] fl_sel;  // the entries written back: live in fl_slot after this cycle's write\n", N - 1);
  wgb_printf(o, "  assign fl_sel = fl_kill ? '0 : (fl_ent & valid_w & ~dead_w);\n");
  wgb_printf(o, "  logic [%d:0] fl_reg_v;\n", E * RB - 1);
  wgb_printf(o, "  always_comb begin\n    fl_wb = '0;\n    fl_reg_v = '0;\n");
  wgb_printf(o, "    for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++) begin\n", A, E);
  wgb_printf(o, "      fl_wb[e] = fl_wb[e] | fl_sel[s*%d+e];\n", E);
  wgb_printf(o, "      fl_reg_v[e*%d +: %d] = fl_reg_v[e*%d +: %d] | (tag_w[s*%d+e] & {%d{fl_sel[s*%d+e]}});\n",
             RB, RB, RB, RB, E, RB, E);
  wgb_printf(o, "    end\n  end\n");
  wgb_printf(o, "  assign fl_reg = fl_reg_v;\n");
  wgb_printf(o, "  logic [%d:0] fl_n;  // flush write-backs\n", d.CW - 1);
  wgb_printf(o, "  always_comb begin\n    fl_n = '0;\n    for (int e = 0; e < %d; e++) fl_n = fl_n + %d'(fl_wb[e]);\n  end\n", E, d.CW);
  wgb_printf(o, "  assign mrf_wr_n = fl_n + %d'(wr_mrf) + %d'(ev_wb);\n", d.CW, d.CW);

  wgb_printf(o, "\n  // ---- the data: THREADS/%d = %d cluster%s of %d lanes (%s below; 2.1: \"a cluster of\n"
                "  // 4 SIMT lanes\", each lane with its RFC bank, 3.1).  Cluster k holds threads %d*k .. %d*k+%d,\n"
                "  // bits [k*%d +: %d] of every entry: it reads the operands' entries (rd_match), the victim\n"
                "  // (evict) and the flushed entries (fl_sel), and writes wen's entry in its threads in wr_mask ----\n",
             d.LC, d.NC, d.NC > 1 ? "s" : "", d.LC, sub, d.LC, d.LC, d.LC - 1, d.XW, d.XW);
  wgb_printf(o, "`ifdef FORMAL\n  logic [%d:0] f_cl_data;  // the clusters' entries, for the properties (cluster k at [k*%d +: %d])\n`endif\n",
             d.NC * N * d.XW - 1, N * d.XW, N * d.XW);
  wgb_printf(o, "  for (genvar k = 0; k < %d; k++) begin : g_cl\n", d.NC);
  wgb_printf(o, "    logic [%d:0] fl_data_k;  // entry e of the flush at [e*%d +: %d]\n", E * d.XW - 1, d.XW, d.XW);
  wgb_printf(o, "    %s u_cl (\n", sub);
  wgb_printf(o, "`ifdef FORMAL\n      .f_data   (f_cl_data[k*%d +: %d]),\n`endif\n", N * d.XW, N * d.XW);
  wgb_printf(o, "      .clk      (clk),\n");
  wgb_printf(o, "      .rd_match0(rd_match0),\n      .rd_match1(rd_match1),\n      .rd_match2(rd_match2),\n");
  wgb_printf(o, "      .evict    (evict),\n      .wen      (wen),\n      .fl_sel   (fl_sel),\n");
  wgb_printf(o, "      .wr_mask  (wr_mask[k*%d +: %d]),\n      .wr_data  (wr_data[k*%d +: %d]),\n", d.LC, d.LC, d.XW, d.XW);
  wgb_printf(o, "      .rd_data0 (rd_data0[k*%d +: %d]),\n      .rd_data1 (rd_data1[k*%d +: %d]),\n"
                "      .rd_data2 (rd_data2[k*%d +: %d]),\n", d.XW, d.XW, d.XW, d.XW, d.XW, d.XW);
  wgb_printf(o, "      .ev_data  (ev_data[k*%d +: %d]),\n      .fl_data  (fl_data_k)\n    );\n", d.XW, d.XW);
  wgb_printf(o, "    for (genvar e = 0; e < %d; e++) begin : g_fl\n", E);
  wgb_printf(o, "      assign fl_data[e*%d + k*%d +: %d] = fl_data_k[e*%d +: %d];\n", DW, d.XW, d.XW, d.XW, d.XW);
  wgb_printf(o, "    end\n  end\n");

  wgb_printf(o, "\n  // ---- registers ----\n");
  /* one process per entry (a generate loop): Verilator does not take delayed assignments to an
  ** array in a procedural loop it cannot unroll (ACTIVE x ENTRIES above its 64-iteration limit) */
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_entry\n"
                "    always_ff @(posedge clk) if (vict[i]) tag[i] <= wr_reg;\n  end\n", N);
  wgb_printf(o, "  always_ff @(posedge clk) begin\n    if (rst) begin\n      valid <= '0;\n      dead <= '0;\n");
  if (PB) wgb_printf(o, "      for (int s = 0; s < %d; s++) fifo[s] <= '0;\n", A);
  wgb_printf(o, "    end else begin\n");
  wgb_printf(o, "      valid <= valid_w & ~fl_ent;\n      dead <= dead_w;\n");
  if (PB) {
    char e[96];
    wgb_printf(o, "      for (int s = 0; s < %d; s++)\n", A);
    wgb_printf(o, "        if (fl_slot_oh[s]) fifo[s] <= '0;  // a promoted warp starts at entry 0\n");
    wgb_printf(o, "        else if (wr_alloc && wr_slot_oh[s]) fifo[s] <= %s;\n", wg_ring_inc(e, sizeof e, "fifo[s]", PB, E));
  }
  wgb_printf(o, "    end\n  end\n");
}

/* One cluster of lanes: their DATA_BITS of every entry, read and written by the top's decoded
** selects.  What it does is the data path of the whole cache restricted to the cluster's
** threads: the write (wen's entry, the threads in wr_mask), the operands' and the victim's
** AND-OR reads, and the flush's read of the entries after this cycle's write. */
static void rfc_cluster(wg_buf *o, wg_pv p, const char *sub, int mutant) {
  rfc_dims d = rfc_dims_of(p);
  const int A = d.A, E = d.E, N = d.N, DB = d.DB, LC = d.LC, XW = d.XW;
  (void)mutant;
  char w[5][16];   /* the port list's ranges, aligned */
  snprintf(w[0], sizeof w[0], "[%d:0]", N * XW - 1);
  snprintf(w[1], sizeof w[1], "[%d:0]", N - 1);
  snprintf(w[2], sizeof w[2], "[%d:0]", LC - 1);
  snprintf(w[3], sizeof w[3], "[%d:0]", XW - 1);
  snprintf(w[4], sizeof w[4], "[%d:0]", E * XW - 1);
  wgb_printf(o, "// A cluster of %d SIMT lanes of the register-file cache (2.1: \"a cluster of 4 SIMT lanes\";\n"
                "// 3.1: an RFC bank per lane): the lanes' %d bits of each of the %d entries, lane c's at\n"
                "// [c*%d +: %d].  Instanced THREADS/%d times by the module above, which keeps the tags and\n"
                "// sends the decoded entry selects.  Entry i = slot*%d + e.\n", LC, XW, N, DB, DB, LC, E);
  wgb_printf(o, "/* verilator lint_off DECLFILENAME */\n");
  wgb_printf(o, "module %s (\n", sub);
  wgb_printf(o, "`ifdef FORMAL\n  output logic %-8s f_data,    // formal only: entry i's value at [i*%d +: %d]\n`endif\n", w[0], XW, XW);
  wgb_printf(o, "  input  logic %-8s clk,       // clock (rising edge)\n", "");
  wgb_printf(o, "  input  logic %-8s rd_match0, // operand 0's entry (one-hot; 0 on a miss)\n", w[1]);
  wgb_printf(o, "  input  logic %-8s rd_match1, // operand 1's entry\n", w[1]);
  wgb_printf(o, "  input  logic %-8s rd_match2, // operand 2's entry\n", w[1]);
  wgb_printf(o, "  input  logic %-8s evict,     // the victim written back (one-hot or 0)\n", w[1]);
  wgb_printf(o, "  input  logic %-8s wen,       // the entry the result is written to (one-hot or 0)\n", w[1]);
  wgb_printf(o, "  input  logic %-8s fl_sel,    // the entries the flush writes back (live, of fl_slot)\n", w[1]);
  wgb_printf(o, "  input  logic %-8s wr_mask,   // the cluster's threads written\n", w[2]);
  wgb_printf(o, "  input  logic %-8s wr_data,   // their values of the result\n", w[3]);
  wgb_printf(o, "  output logic %-8s rd_data0,  // their values of operand 0 (0 on a miss)\n", w[3]);
  wgb_printf(o, "  output logic %-8s rd_data1,  // of operand 1\n", w[3]);
  wgb_printf(o, "  output logic %-8s rd_data2,  // of operand 2\n", w[3]);
  wgb_printf(o, "  output logic %-8s ev_data,   // of the victim (0 without evict)\n", w[3]);
  wgb_printf(o, "  output logic %-8s fl_data    // of flushed entry e at [e*%d +: %d] (0 without fl_sel)\n", w[4], XW, XW);
  wgb_printf(o, ");\n\n");
  wgb_printf(o, "  // Data is not reset: an invalid entry's data is never shown (the selects are 0).\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] data [0:%d];  // the lanes' values of each entry\n", XW - 1, N - 1);
  wgb_printf(o, "  logic [%d:0] wr_bits;  // wr_mask, one bit per data bit\n", XW - 1);
  wgb_printf(o, "  always_comb for (int c = 0; c < %d; c++) wr_bits[c*%d +: %d] = {%d{wr_mask[c]}};\n", LC, DB, DB, DB);
  wgb_printf(o, "\n  // ---- reads: the operands' entries and the victim ----\n");
  wgb_printf(o, "  always_comb begin\n    rd_data0 = '0;\n    rd_data1 = '0;\n    rd_data2 = '0;\n    ev_data = '0;\n");
  wgb_printf(o, "    for (int i = 0; i < %d; i++) begin\n", N);
  for (int k = 0; k < 3; k++)
    wgb_printf(o, "      rd_data%d = rd_data%d | (data[i] & {%d{rd_match%d[i]}});\n", k, k, XW, k);
  wgb_printf(o, "      ev_data  = ev_data  | (data[i] & {%d{evict[i]}});\n", XW);
  wgb_printf(o, "    end\n  end\n");
  wgb_printf(o, "\n  // ---- write: the threads written of wen's entry; the flush reads the entries after it ----\n");
  wgb_printf(o, "  logic [%d:0] data_w [0:%d];\n", XW - 1, N - 1);
  wgb_printf(o, "  always_comb for (int i = 0; i < %d; i++)\n"
                "    data_w[i] = wen[i] ? ((data[i] & ~wr_bits) | (wr_data & wr_bits)) : data[i];\n", N);
  wgb_printf(o, "  always_comb begin\n    fl_data = '0;\n");
  wgb_printf(o, "    for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++)\n", A, E);
  wgb_printf(o, "      fl_data[e*%d +: %d] = fl_data[e*%d +: %d] | (data_w[s*%d+e] & {%d{fl_sel[s*%d+e]}});\n",
             XW, XW, XW, XW, E, XW, E);
  wgb_printf(o, "  end\n");
  wgb_printf(o, "\n  // ---- registers (one process per entry, as the tags above) ----\n");
  wgb_printf(o, "  for (genvar i = 0; i < %d; i++) begin : g_entry\n"
                "    always_ff @(posedge clk) if (wen[i]) data[i] <= data_w[i];\n  end\n", N);
  wgb_printf(o, "`ifdef FORMAL\n  always_comb for (int i = 0; i < %d; i++) f_data[i*%d +: %d] = data[i];\n`endif\n", N, XW, XW);
  wgb_printf(o, "\nendmodule\n");
  wgb_printf(o, "/* verilator lint_on DECLFILENAME */\n");
}

static void rfc_props(wg_buf *o, wg_pv p) {
  rfc_dims d = rfc_dims_of(p);
  const int A = d.A, E = d.E, PB = d.PB, T = d.T, DB = d.DB;
  wgb_printf(o, "  logic f_past_valid = 1'b0;\n  always @(posedge clk) f_past_valid <= 1'b1;\n"
                "  always @(*) if (!f_past_valid) assume(rst);\n\n");
  /* the properties speak of whole entries (THREADS x DATA_BITS), as the C model does: the
  ** entries' data gathered from the lanes */
  wgb_printf(o, "  // each entry's data, gathered from the clusters: cluster k's lanes at [k*%d +: %d]\n", d.XW, d.XW);
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] data [0:%d];\n", d.DW - 1, d.N - 1);
  wgb_printf(o, "  always @(*) for (int i = 0; i < %d; i++) for (int k = 0; k < %d; k++)\n"
                "    data[i][k*%d +: %d] = f_cl_data[k*%d + i*%d +: %d];\n", d.N, d.NC, d.XW, d.XW, d.N * d.XW, d.XW, d.XW);
  wgb_printf(o, "  logic [%d:0] wr_bits;  // wr_mask, one bit per data bit\n", d.DW - 1);
  wgb_printf(o, "  always @(*) for (int t = 0; t < %d; t++) wr_bits[t*%d +: %d] = {%d{wr_mask[t]}};\n\n", T, DB, DB, DB);
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // a register is cached at most once per slot (a CAM without duplicates)\n");
  for (int s = 0; s < A; s++)
    for (int e = 0; e < E; e++)
      for (int f = e + 1; f < E; f++)
        wgb_printf(o, "    assert(!(valid[%d] && valid[%d]) || tag[%d] != tag[%d]);\n", s * E + e, s * E + f, s * E + e, s * E + f);
  if (PB && (E & (E - 1)))
    for (int s = 0; s < A; s++) wgb_printf(o, "    assert(fifo[%d] < %d'd%d);\n", s, PB, E);
  wgb_printf(o, "    // lookups are one-hot\n");
  wgb_printf(o, "    assert((rd_match0 & (rd_match0 - 1'b1)) == '0 && (wr_match & (wr_match - 1'b1)) == '0);\n");
  wgb_printf(o, "    // every result goes exactly one way: in place, allocated, or to the MRF\n");
  wgb_printf(o, "    assert(!wr_valid || (32'(wr_hit) + 32'(wr_alloc) + 32'(wr_mrf) == 1));\n");
  wgb_printf(o, "    assert(wr_valid || !(wr_hit || wr_alloc || wr_mrf || ev_wb));\n");
  wgb_printf(o, "    // only a live value is written back, and only on an allocation\n");
  wgb_printf(o, "    assert(!ev_wb || wr_alloc);\n");
  wgb_printf(o, "    assert((evict & dead_rd) == '0);\n");
  wgb_printf(o, "    // a killed flush writes nothing back\n");
  wgb_printf(o, "    assert(!(fl_valid && fl_kill) || fl_wb == '0);\n");
  wgb_printf(o, "    // a miss is an MRF read unless an earlier operand names the register\n");
  wgb_printf(o, "    assert(!rd_valid || !rd_use[0] || (rd_hit[0] != mrf_rd[0]));\n");
  if (E + 1 < (1 << d.CW) - 1) wgb_printf(o, "    assert(mrf_wr_n <= %d'd%d);\n", d.CW, E + 1);
  wgb_printf(o, "  end\n\n");

  wgb_printf(o, "  // the previous cycle, for the step properties\n");
  wgb_printf(o, "  logic f_prev_rst = 1'b1;\n  logic f_prev_fl;\n  logic [%d:0] f_prev_fl_slot;\n", d.AB - 1);
  wgb_printf(o, "  logic f_prev_alloc;\n  logic [%d:0] f_prev_wr_reg;\n  logic [%d:0] f_prev_wr_slot;\n", d.RB - 1, d.AB - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n    f_prev_rst <= rst;\n    f_prev_fl <= fl_valid;\n    f_prev_fl_slot <= fl_slot;\n"
                "    f_prev_alloc <= wr_alloc;\n    f_prev_wr_reg <= wr_reg;\n    f_prev_wr_slot <= wr_slot;\n  end\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) begin\n");
  wgb_printf(o, "    // a flushed slot is empty afterwards\n");
  for (int s = 0; s < A; s++) {
    wgb_printf(o, "    assert(!(f_prev_fl && f_prev_fl_slot == %d'd%d) || valid[%d:%d] == '0);\n", d.AB, s, s * E + E - 1, s * E);
  }
  wgb_printf(o, "    // an allocated result is cached afterwards (unless its slot was flushed)\n");
  wgb_printf(o, "    if (f_prev_alloc && !(f_prev_fl && f_prev_fl_slot == f_prev_wr_slot)) begin\n");
  for (int s = 0; s < A; s++) {
    wgb_printf(o, "      if (f_prev_wr_slot == %d'd%d) assert(", d.AB, s);
    for (int e = 0; e < E; e++)
      wgb_printf(o, "%s(valid[%d] && tag[%d] == f_prev_wr_reg)", e ? " || " : "", s * E + e, s * E + e);
    wgb_printf(o, ");\n");
  }
  wgb_printf(o, "    end\n  end\n\n");

  /* What each output is, from the entries (3.1): the operands' hits and values, the MRF
  ** requests, the write's way, the victim, the flush; and what a write leaves in the entry.
  ** The lookups are written again here as loops over the slot's entries. */
  const int N = d.N, DW = d.DW, RB = d.RB;
  wgb_printf(o, "  // the lookups, from the state: the operands' and the result's entries in their slot\n");
  const int IW = wg_clog2(N);
  wgb_printf(o, "  logic [2:0] f_hit;\n  logic [%d:0] f_val [0:2];\n  logic f_whit;\n  logic [%d:0] f_wi, f_vi;\n", DW - 1, IW - 1);
  wgb_printf(o, "  logic [%d:0] f_last_rd;  // entries read by their last reader this cycle\n", N - 1);
  wgb_printf(o, "  always @(*) begin\n    f_hit = '0; f_whit = 1'b0; f_wi = 0; f_vi = 0; f_last_rd = '0;\n"
                "    for (int k = 0; k < 3; k++) f_val[k] = '0;\n");
  wgb_printf(o, "    for (int s = 0; s < %d; s++) for (int e = 0; e < %d; e++) begin\n", A, E);
  wgb_printf(o, "      for (int k = 0; k < 3; k++)\n"
                "        if (rd_valid && rd_slot == %d'(s) && rd_use[k] && valid[s*%d+e] && tag[s*%d+e] == rd_reg[k*%d +: %d]) begin\n"
                "          f_hit[k] = 1'b1; f_val[k] = data[s*%d+e];\n          if (rd_last[k]) f_last_rd[s*%d+e] = 1'b1;\n        end\n",
             d.AB, E, E, RB, RB, E, E);
  wgb_printf(o, "      if (wr_valid && wr_active && wr_slot == %d'(s) && valid[s*%d+e] && tag[s*%d+e] == wr_reg) begin\n"
                "        f_whit = 1'b1; f_wi = %d'(s*%d + e);\n      end\n", d.AB, E, E, IW, E);
  if (PB) wgb_printf(o, "      if (wr_slot == %d'(s) && fifo[s] == %d'(e)) f_vi = %d'(s*%d + e);\n", d.AB, PB, IW, E);
  else wgb_printf(o, "      if (wr_slot == %d'(s)) f_vi = %d'(s*%d + e);\n", d.AB, IW, E);
  wgb_printf(o, "    end\n  end\n");
  wgb_printf(o, "  // each entry after this cycle's write: the allocated entry holds the result, the updated\n"
                "  // one the threads written, every other entry what it held\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] f_data_w [0:%d];\n", DW - 1, N - 1);
  wgb_printf(o, "  always @(*) for (int i = 0; i < %d; i++)\n"
                "    f_data_w[i] = ((wr_alloc && %d'(i) == f_vi) || (wr_hit && %d'(i) == f_wi)) ?\n"
                "                  ((data[i] & ~wr_bits) | (wr_data & wr_bits)) : data[i];\n", N, IW, IW);
  wgb_printf(o, "  always @(*) if (f_past_valid) begin\n");
  wgb_printf(o, "    // an operand hits when its slot caches its register, and reads that value; else 0\n");
  wgb_printf(o, "    assert(rd_hit == f_hit);\n");
  wgb_printf(o, "    assert(rd_data0 == f_val[0] && rd_data1 == f_val[1] && rd_data2 == f_val[2]);\n");
  wgb_printf(o, "    // a value read by its last reader is dead from now on (3.1)\n");
  wgb_printf(o, "    assert(dead_rd == (dead | f_last_rd));\n");
  wgb_printf(o, "    // a miss reads the MRF once per register\n");
  wgb_printf(o, "    assert(mrf_rd[0] == (rd_valid && rd_use[0] && !f_hit[0]));\n");
  wgb_printf(o, "    assert(mrf_rd[1] == (rd_valid && rd_use[1] && !f_hit[1] && !(rd_use[0] && rd_reg[%d +: %d] == rd_reg[0 +: %d])));\n", RB, RB, RB);
  wgb_printf(o, "    assert(mrf_rd[2] == (rd_valid && rd_use[2] && !f_hit[2] && !(rd_use[0] && rd_reg[%d +: %d] == rd_reg[0 +: %d])"
                " && !(rd_use[1] && rd_reg[%d +: %d] == rd_reg[%d +: %d])));\n", 2 * RB, RB, RB, 2 * RB, RB, RB, RB);
  wgb_printf(o, "    assert(32'(mrf_rd_n) == 32'(mrf_rd[0]) + 32'(mrf_rd[1]) + 32'(mrf_rd[2]));\n");
  wgb_printf(o, "    // the result: in place on a hit, allocated when every thread writes, else to the MRF\n");
  wgb_printf(o, "    assert(wr_hit == (f_whit && !wr_bypass));\n");
  wgb_printf(o, "    assert(wr_alloc == (wr_valid && wr_active && 32'(wr_slot) < %d && !wr_bypass && !f_whit && wr_mask == '1));\n", A);
  wgb_printf(o, "    // the victim: the slot's FIFO entry, written back when it holds a live value\n");
  wgb_printf(o, "    assert(ev_wb == (wr_alloc && valid[f_vi] && !dead_rd[f_vi]));\n");
  wgb_printf(o, "    assert(ev_wb ? (ev_reg == tag[f_vi] && ev_data == data[f_vi]) : (ev_reg == '0 && ev_data == '0));\n");
  wgb_printf(o, "    // the flush: each live entry of the slot after this cycle's write, with its register and value\n");
  wgb_printf(o, "    for (int e = 0; e < %d; e++) begin\n", E);
  wgb_printf(o, "      assert(fl_wb[e] == (fl_valid && !fl_kill && 32'(fl_slot) < %d && valid_w[32'(fl_slot)*%d+e] && !dead_w[32'(fl_slot)*%d+e]));\n", A, E, E);
  wgb_printf(o, "      assert(fl_wb[e] ? (fl_reg[e*%d +: %d] == tag_w[32'(fl_slot)*%d+e] && fl_data[e*%d +: %d] == f_data_w[32'(fl_slot)*%d+e])"
                " : (fl_reg[e*%d +: %d] == '0 && fl_data[e*%d +: %d] == '0));\n", RB, RB, E, DW, DW, E, RB, RB, DW, DW);
  wgb_printf(o, "    end\n");
  wgb_printf(o, "    assert(32'(mrf_wr_n) == 32'(wr_mrf) + 32'(ev_wb) + 32'($countones(fl_wb)));\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  // what a write leaves: an allocation the result and its register, an update the threads written\n");
  wgb_printf(o, "  logic f_p_alloc, f_p_hit, f_p_fl;\n  logic [%d:0] f_p_vi, f_p_wi;\n  logic [%d:0] f_p_reg;\n", IW - 1, RB - 1);
  wgb_printf(o, "  logic [%d:0] f_p_data, f_p_bits, f_p_old;\n", DW - 1);
  wgb_printf(o, "  always @(posedge clk) begin\n"
                "    f_p_alloc <= wr_alloc; f_p_hit <= wr_hit; f_p_vi <= f_vi; f_p_wi <= f_wi; f_p_reg <= wr_reg;\n"
                "    f_p_data <= wr_data; f_p_bits <= wr_bits; f_p_old <= data[f_wi];\n"
                "    f_p_fl <= fl_valid && fl_slot == wr_slot;\n  end\n");
  if (PB) {   /* the FIFO: an allocation advances its slot's pointer, a flush rewinds it, nothing else moves it */
    char inc[96];
    wgb_printf(o, "  logic [%d:0] f_p_fifo [0:%d];\n", PB - 1, A - 1);
    wgb_printf(o, "  always @(posedge clk) for (int s = 0; s < %d; s++) f_p_fifo[s] <= fifo[s];\n", A);
    wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst)\n    for (int s = 0; s < %d; s++)\n", A);
    wgb_printf(o, "      assert(fifo[s] == ((f_prev_fl && f_prev_fl_slot == %d'(s)) ? '0 :\n"
                  "                         (f_p_alloc && f_prev_wr_slot == %d'(s)) ? %s : f_p_fifo[s]));\n",
               d.AB, d.AB, wg_ring_inc(inc, sizeof inc, "f_p_fifo[s]", PB, E));
  }
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst && !f_p_fl) begin\n");
  wgb_printf(o, "    if (f_p_alloc) assert(valid[f_p_vi] && tag[f_p_vi] == f_p_reg && data[f_p_vi] == f_p_data);\n");
  wgb_printf(o, "    if (f_p_hit) assert(data[f_p_wi] == ((f_p_old & ~f_p_bits) | (f_p_data & f_p_bits)));\n");
  wgb_printf(o, "  end\n");
  wgb_printf(o, "  // every entry holds what the last cycle's write left in it (no other entry changes)\n");
  wgb_printf(o, "  (* mem2reg *) logic [%d:0] f_p_data_w [0:%d];\n", DW - 1, N - 1);
  wgb_printf(o, "  always @(posedge clk) for (int i = 0; i < %d; i++) f_p_data_w[i] <= f_data_w[i];\n", N);
  wgb_printf(o, "  always @(*) if (f_past_valid && !f_prev_rst) for (int i = 0; i < %d; i++) assert(data[i] == f_p_data_w[i]);\n\n", N);
  wgb_printf(o, "  // reachability\n");
  wgb_printf(o, "  always @(*) if (f_past_valid && !rst) begin\n");
  wgb_printf(o, "    cover(ev_wb);                                  // a live victim written back\n");
  wgb_printf(o, "    cover(wr_alloc && (vict & valid & dead_rd) != '0);  // a dead victim dropped\n");
  wgb_printf(o, "    cover(fl_valid && !fl_kill && fl_wb == '1);    // a flush writes back every entry\n");
  wgb_printf(o, "    cover(rd_hit == 3'b111);                       // three hits\n");
  wgb_printf(o, "    cover(wr_hit && wr_mask != '1);                // a divergent write updates in place\n");
  wgb_printf(o, "    cover(valid[%d:0] == '1);                        // slot 0 full\n", E - 1);
  wgb_printf(o, "  end\n");
}

const wg_block wg_block_rfc = {
  "rfc", "Gebhart register-file cache: E entries per thread for each active warp slot, FIFO, last-read liveness, flush on demotion",
  "Gebhart, Johnson et al., ISCA'11 (Energy-efficient Mechanisms for Managing Thread Context)",
  "3.1, 3.3, 5.3-5.4",
  rfc_params, RFC_NPARAMS, rfc_presets, 2, "gebhart",
  "6 entries x 8 active warps x 32 threads x 32 bits = 6,144 bytes per SM (192 bytes per lane, 5.4); "
  "tags, valid/dead bits and FIFO pointers not counted by the paper (listed separately)",
  rfc_check, rfc_ports, rfc_storage, NULL, rfc_props,
  "a write to a cached register allocates a new entry instead of updating the cached one",
  "ENTRIES=2,4,6,8",
  NULL, 0,   /* no named encodings yet */
  .paper_fields = "data",
  .sub_suffix = "cluster", .emit_sub = rfc_cluster, .emit_rtl_sub = rfc_rtl,
};
