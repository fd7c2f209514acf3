/*
** ws_gpu.c -- warpsim's top level: building the machine from a configuration
** and a kernel, the cycle loop, the end-of-run invariants and the reports
** (a human table and JSON).
*/
#include "ws_gpu.h"
#include "ws_trace.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define WS_DRAIN_LIMIT  10000000

static int ws_log2(int64_t v) { int n = 0; while (((int64_t)1 << n) < v) n++; return n; }

int ws_gpu_init(ws_gpu *g, const ws_config *c, const ws_kernel *k, char *err, size_t n) {
  memset(g, 0, sizeof *g);
  g->cfg = *c;
  g->kern = *k;
  g->line_shift = ws_log2(c->line_bytes);
  g->warps_per_cta = (k->cta + 31) / 32;
  /* a text kernel's compiler hints, in the machine's copy of its body (a traced kernel's come
  ** with its streams).  Last-read bits (rfc): source q of instruction i is the register's last
  ** read when, going on through the body as the loop does, the register is written before it
  ** is read again (a read by i itself one loop later keeps it live).  Long-latency mark (the
  ** two-level scheduler): a source is a register some load of the kernel writes. */
  ws_inst *body = g->kern.inst;
  for (int i = 0; !k->trace && i < k->n_inst; i++) {
    body[i].last_read = body[i].ll_mark = 0;
    for (int q = 0; q < body[i].nsrc; q++) {
      int r = body[i].src[q], dead = 0;
      for (int d = 1; d <= k->n_inst; d++) {
        const ws_inst *j = &body[(i + d) % k->n_inst];
        int reads = 0;
        for (int u = 0; u < j->nsrc; u++) reads |= j->src[u] == r;
        if (reads) break;
        if (j->dst == r) { dead = 1; break; }
      }
      if (dead) body[i].last_read |= (uint8_t)(1u << q);
      for (int j = 0; j < k->n_inst; j++) body[i].ll_mark |= body[j].op == WS_OP_LD && r == body[j].dst;
    }
  }
  /* the body's addresses and masks as linear forms of a thread's variables, NTID and NCTAID
  ** being this run's constants (stream's 4*ntid*nctaid*iter is linear in iter) */
  int64_t run_vars[WS_VAR_N] = {0};
  run_vars[WS_VAR_NTID] = k->cta;
  run_vars[WS_VAR_NCTAID] = k->grid;
  uint32_t fixed = 1u << WS_VAR_NTID | 1u << WS_VAR_NCTAID;
  for (int i = 0; !k->trace && i < k->n_inst; i++) {
    if (body[i].op == WS_OP_LD || body[i].op == WS_OP_ST) ws_expr_linear(&g->kern.addr[i], fixed, run_vars, &g->addr_lin[i]);
    if (g->kern.mask[i].n) ws_expr_linear(&g->kern.mask[i], fixed, run_vars, &g->mask_lin[i]);
  }
  if (g->warps_per_cta > c->warps_per_sm) {
    snprintf(err, n, "kernel %s: a CTA of %d threads needs %d warps, more than warps_per_sm = %d",
             k->name, k->cta, g->warps_per_cta, c->warps_per_sm);
    return -1;
  }
  g->sm_rest_ok = (c->sched == WS_SCHED_LRR || c->sched == WS_SCHED_GTO) && c->equalizer == WS_EQ_OFF &&
                 c->prefetch == WS_PF_OFF && !c->rfc;
  for (int w = 0; w < c->warps_per_sm; w++) {
    g->slot_index[w] = (uint8_t)(w / c->n_sched);
    g->sched_slots[w % c->n_sched]++;
  }
  g->ctas_fit = c->warps_per_sm / g->warps_per_cta;
  if (g->ctas_fit > c->ctas_per_sm) g->ctas_fit = c->ctas_per_sm;
  g->sm = calloc((size_t)c->n_sm, sizeof *g->sm);
  int bad = !g->sm;
  for (int i = 0; !bad && i < c->n_sm; i++) {
    ws_sm *s = &g->sm[i];
    s->id = i;
    s->warps = calloc((size_t)c->warps_per_sm, sizeof *s->warps);
    s->ctas = calloc((size_t)c->ctas_per_sm, sizeof *s->ctas);
    s->load_born = calloc((size_t)c->warps_per_sm * WS_MAX_REGS, sizeof *s->load_born);
    for (int k2 = 0; k2 < WS_MAX_SCHED; k2++)
      for (int p = 0; p < WS_PIPES; p++) s->sched[k2].greedy[p] = -1;
    for (int w = 0; w < c->warps_per_sm; w++) s->sched_warps[w % c->n_sched] |= (uint64_t)1 << w;
    bad |= !s->warps || !s->ctas || !s->load_born;
    bad |= ws_cache_init(&s->l1, c->l1_sets, c->l1_ways) != 0;
    bad |= ws_ring_init(&s->fixed_q, c->l1_mshr_entries) != 0;
    bad |= ws_ring_init(&s->hit_q, c->l1_hit_latency + 1) != 0;
    char owner[24];
    snprintf(owner, sizeof owner, "SM %d", i);
    s->l1m.entries = (uint32_t)c->l1_mshr_entries;
    if (!bad && ws_mshr_slot_init(&s->l1_mshr, c->l1_mshr_entries, c->l1_mshr_merges, &g->now, owner, err, n)) return -1;
    if (!bad && c->sched == WS_SCHED_MASCAR && ws_mascar_init(g, s, err, n)) return -1;
    if (!bad && WS_SCHED_IS_OAWS(c->sched) && ws_oaws_init(g, s, err, n)) return -1;
    if (!bad && c->sched == WS_SCHED_TWO_LEVEL && ws_tls_init(g, s, err, n)) return -1;
  }
  if (!bad && c->equalizer != WS_EQ_OFF && ws_eq_init(g, err, n)) return -1;
  if (!bad && c->prefetch != WS_PF_OFF && ws_pf_init(g, err, n)) return -1;
  /* the memory side's blocks after the SMs' (the order of --list-slots) */
  if (!bad && ws_mem_init(&g->mem, c, &g->mem_now, err, n)) return -1;
  for (int i = 0; !bad && i < c->n_sm; i++) g->sm[i].port = &g->mem.port[i];
  if (bad) {
    snprintf(err, n, "out of memory building the machine");
    return -1;
  }
  return 0;
}

void ws_gpu_free(ws_gpu *g) {
  ws_pf_free(g);
  for (int i = 0; g->sm && i < g->cfg.n_sm; i++) {
    ws_sm *s = &g->sm[i];
    free(s->warps);
    free(s->ctas);
    free(s->load_born);
    ws_cache_free(&s->l1);
    ws_ring_free(&s->fixed_q);
    ws_ring_free(&s->hit_q);
    ws_slot_free(&s->l1_mshr);
    ws_mascar_free(s);
    ws_slot_free(&s->oaws.slot);
    ws_tls_free(s);
    ws_slot_free(&s->eq.slot);
  }
  ws_mem_free(&g->mem);
  ws_slot_free(&g->eq.vote);
  free(g->sm);
  memset(g, 0, sizeof *g);
}

/* The end of cycle g->now: the CTAs of the next cycle are placed, then the
** clock edge of the blocks that look at them (Mascar's WST decodes each
** warp's next instruction the cycle before it may issue). */
static void ws_cycle_end(ws_gpu *g) {
  if (g->cfg.equalizer != WS_EQ_OFF) ws_eq_edge(g);   /* numBlocks and pausing before the CTAs are placed */
  if (g->next_cta < g->kern.grid) ws_dispatch(g);
  if (g->cfg.sched == WS_SCHED_MASCAR)
    for (int i = 0; i < g->cfg.n_sm; i++) ws_mascar_edge(g, &g->sm[i]);
  if (WS_SCHED_IS_OAWS(g->cfg.sched))
    for (int i = 0; i < g->cfg.n_sm; i++) ws_oaws_edge(g, &g->sm[i]);
  if (g->cfg.sched == WS_SCHED_TWO_LEVEL)
    for (int i = 0; i < g->cfg.n_sm; i++) ws_tls_edge(g, &g->sm[i]);
}

/* every resting SM's counters up to the cycle just simulated (they stay resting), and the
** occupancy histograms' runs */
void ws_gpu_settle(ws_gpu *g) {
  for (uint64_t r = g->sm_resting; r; r &= r - 1) ws_sm_settle(g, &g->sm[__builtin_ctzll(r)], g->now + 1);
  for (int i = 0; i < g->cfg.n_sm; i++) ws_mshr_occupancy_flush(&g->sm[i].l1m, &g->sm[i].l1_occ);
  for (int i = 0; i < g->mem.n_part; i++) ws_mshr_occupancy_flush(&g->mem.part[i].l2m, &g->mem.part[i].l2_occ);
}

void ws_gpu_cycle(ws_gpu *g) {
  int eq = g->cfg.equalizer != WS_EQ_OFF;
  if (g->now == 0) ws_cycle_end(g);              /* cycle 0: the first CTAs are placed */
  if (eq) ws_eq_cycle(g, 1);                     /* two clocks: the memory edges before this SM edge */
  g->now++;
  ws_sms_cycle(g);
  if (eq) ws_eq_cycle(g, 0);
  else {
    g->mem_now++;
    if (g->cfg.mem_model == WS_MEM_HIER) ws_mem_cycle(&g->mem, &g->cfg, g->mem_now, !g->finished);
  }
  ws_cycle_end(g);
  if (!g->finished && g->ctas_done == g->kern.grid) {
    ws_gpu_settle(g);                           /* the kernel's counters of the resting SMs */
    g->finished = 1;
    g->kernel_end = g->last_wb;                 /* the last cycle any warp was busy */
    g->eq.kernel_time = g->eq.time;
  }
}

/* nothing left anywhere in the memory system */
static int ws_mem_empty(const ws_gpu *g) {
  for (int i = 0; i < g->cfg.n_sm; i++) {
    const ws_sm *s = &g->sm[i];
    if (s->fixed_q.count || s->hit_q.count || s->l1_mshr_held) return 0;
  }
  return ws_mem_idle(&g->mem);
}

int ws_gpu_run(ws_gpu *g, FILE *progress, int64_t every) {
  int64_t max = g->cfg.max_cycles;
  while (!g->finished && (max == 0 || g->now < max)) {
    ws_gpu_cycle(g);
    if (progress && every > 0 && g->now % every == 0) {
      uint64_t insts = 0;
      for (int i = 0; i < g->cfg.n_sm; i++) insts += g->sm[i].insts;
      fprintf(progress, "warpsim: cycle %" PRId64 ", %" PRIu64 " warp-instructions, CTAs %" PRId64 "/%" PRId64 " done\n",
              g->now, insts, g->ctas_done, g->kern.grid);
      fflush(progress);
    }
  }
  if (!g->finished) {
    ws_gpu_settle(g);
    return 1;
  }
  /* stores still on their way to the L2: let them land (statistics, invariants) */
  for (int64_t k = 0; k < WS_DRAIN_LIMIT && !ws_mem_empty(g); k++) ws_gpu_cycle(g);
  ws_gpu_settle(g);
  g->drain_end = g->now;
  return 0;
}

int ws_gpu_check_invariants(const ws_gpu *g, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  if (!g->finished) { snprintf(err, n, "the kernel did not finish"); return -1; }
  if (!ws_mem_empty(g)) { snprintf(err, n, "the memory system did not drain"); return -1; }
  uint64_t insts = 0, loads = 0, loads_done = 0;
  for (int i = 0; i < c->n_sm; i++) {
    const ws_sm *s = &g->sm[i];
    insts += s->insts;
    loads += s->loads;
    loads_done += s->loads_done;
    if (s->l1_mshr_held) { snprintf(err, n, "SM %d: L1 MSHR entries still held", i); return -1; }
    if (s->live_warps || s->live_ctas || s->lsu.busy) { snprintf(err, n, "SM %d: warps still resident", i); return -1; }
    for (int w = 0; w < c->warps_per_sm; w++)
      if (s->mascar.queued[w]) { snprintf(err, n, "SM %d: warp slot %d still has requests in the re-execution queue", i, w); return -1; }
  }
  int64_t want = ws_kernel_insts(&g->kern);
  if ((int64_t)insts != want) {
    snprintf(err, n, "%" PRIu64 " warp-instructions issued, the kernel has %" PRId64, insts, want);
    return -1;
  }
  if (loads != loads_done) {
    snprintf(err, n, "%" PRIu64 " loads issued, %" PRIu64 " completed", loads, loads_done);
    return -1;
  }
  for (int i = 0; i < c->n_part; i++)
    if (g->mem.part[i].l2_mshr_held) { snprintf(err, n, "partition %d: L2 MSHR entries still held", i); return -1; }
  return 0;
}

/* ---- reports ---------------------------------------------------------------------- */

typedef struct ws_totals {
  uint64_t insts, thread_insts, loads, stores, lines, lsu_stall, l1_hits, l1_misses, l2_hits, l2_misses, loads_cached;
  uint64_t operand_reads, mrf_reads, mrf_writes, rfc_hits;
  uint64_t dram_reads, dram_row_hits, dram_writes;
  ws_mshr_stats l1m, l2m;
} ws_totals;

static void ws_add_mshr(ws_mshr_stats *a, const ws_mshr_stats *b) {
  a->alloc += b->alloc; a->merge += b->merge; a->rej_list_full += b->rej_list_full;
  a->rej_table_full += b->rej_table_full; a->rej_draining += b->rej_draining; a->rej_noalloc += b->rej_noalloc;
  a->entries = b->entries;   /* every SM's (every partition's) block has the same */
  for (uint32_t i = 0; i <= b->entries; i++) a->cycles_at[i] += b->cycles_at[i];
}

static ws_totals ws_sum(const ws_gpu *g) {
  ws_totals t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < g->cfg.n_sm; i++) {
    const ws_sm *s = &g->sm[i];
    t.insts += s->insts; t.thread_insts += s->thread_insts; t.loads += s->loads; t.stores += s->stores;
    t.lines += s->lines_requested; t.lsu_stall += s->lsu_stall_cycles;
    t.operand_reads += s->operand_reads; t.mrf_reads += s->mrf_reads; t.mrf_writes += s->mrf_writes;
    t.rfc_hits += s->rfc_hits;
    t.l1_hits += s->l1s.load_hits; t.l1_misses += s->l1s.load_misses; t.loads_cached += s->loads_cached;
    ws_add_mshr(&t.l1m, &s->l1m);
  }
  for (int i = 0; i < g->cfg.n_part; i++) {
    const ws_part *p = &g->mem.part[i];
    t.l2_hits += p->l2s.load_hits; t.l2_misses += p->l2s.load_misses;
    t.dram_reads += p->dram_reads; t.dram_row_hits += p->dram_row_hits; t.dram_writes += p->dram_writes;
    ws_add_mshr(&t.l2m, &p->l2m);
  }
  return t;
}

static double ws_ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static const char *const ws_sched_label[] = {"lrr", "gto", "mascar", "oaws_static", "oaws_dynamic", "two_level"};   /* ORDER enum ws_sched_policy */

/* the two-level schedulers' demotions and promotions over every SM */
static void ws_tls_sum(const ws_gpu *g, uint64_t *dem, uint64_t *pro) {
  *dem = *pro = 0;
  for (int i = 0; i < g->cfg.n_sm; i++)
    for (int k = 0; k < g->cfg.n_sched; k++) { *dem += g->sm[i].tls[k].demotions; *pro += g->sm[i].tls[k].promotions; }
}

typedef struct ws_oaws_totals {
  uint64_t occluded_slots, occluded_warps, gated_loads, locality_cycles, ocw_sum, ocw_samples;
} ws_oaws_totals;

static ws_oaws_totals ws_oaws_sum(const ws_gpu *g) {
  ws_oaws_totals t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < g->cfg.n_sm; i++) {
    const ws_oaws *o = &g->sm[i].oaws;
    t.occluded_slots += o->occluded_slots; t.occluded_warps += o->occluded_warps; t.gated_loads += o->gated_loads;
    t.locality_cycles += o->locality_cycles; t.ocw_sum += o->ocw_sum; t.ocw_samples += o->ocw_samples;
  }
  return t;
}

/* Mascar's counters over every SM (docs/warpsim.md, "Mascar") */
typedef struct ws_mascar_totals {
  uint64_t mp_cycles, mode_switches, owner_changes, nacks, nacks_nonowner, pushes, push_stall_cycles;
  uint64_t reexec, reexec_ack, nonowner_issues;
} ws_mascar_totals;

static ws_mascar_totals ws_mascar_sum(const ws_gpu *g) {
  ws_mascar_totals t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < g->cfg.n_sm; i++) {
    const ws_mascar *m = &g->sm[i].mascar;
    t.mp_cycles += m->mp_cycles; t.mode_switches += m->mode_switches; t.owner_changes += m->owner_changes;
    t.nacks += m->nacks; t.nacks_nonowner += m->nacks_nonowner; t.pushes += m->pushes;
    t.push_stall_cycles += m->push_stall_cycles; t.reexec += m->reexec; t.reexec_ack += m->reexec_ack;
    t.nonowner_issues += m->nonowner_issues;
  }
  return t;
}

static const char *const ws_dram_sched_label[] = {"frfcfs", "MSHR-M", "MSHR-S", "MSHR-S+A"};   /* ORDER ws_dram_sched */

/* the MIB's dummies over the partitions: sent, found at DRAM, sent before their first miss */
static void ws_mib_sum(const ws_gpu *g, uint64_t d[3]) {
  d[0] = d[1] = d[2] = 0;
  for (int i = 0; i < g->cfg.n_part; i++) {
    d[0] += g->mem.part[i].dummies;
    d[1] += g->mem.part[i].dummy_hits;
    d[2] += g->mem.part[i].dummies_early;
  }
}

/* the prefetcher's counters over every SM, and the measures built from them (docs/warpsim.md,
** "APOGEE", "CAPS") */
typedef struct ws_pf_totals {
  ws_pf    p;
  uint64_t demand_misses, demand_allocs;
  double   accuracy, coverage, traffic, mean_dist, lead;
} ws_pf_totals;

static ws_pf_totals ws_pf_sum(const ws_gpu *g) {
  ws_pf_totals t;
  memset(&t, 0, sizeof t);
  ws_pf *a = &t.p;
  for (int i = 0; i < g->cfg.n_sm; i++) {
    const ws_pf *p = &g->sm[i].pf;
    a->loads += p->loads; a->confirmed += p->confirmed; a->bursts += p->bursts;
    a->bursts_dropped += p->bursts_dropped; a->dist_up += p->dist_up; a->dist_down += p->dist_down;
    a->dist_sum += p->dist_sum;
    for (int k = 0; k < 3; k++) a->state[k] += p->state[k];
    a->lines_present += p->lines_present; a->lines_sent += p->lines_sent; a->lines_merged += p->lines_merged;
    a->lines_retried += p->lines_retried; a->used_timely += p->used_timely; a->used_late += p->used_late;
    a->evicted_unused += p->evicted_unused; a->tia_fires += p->tia_fires;
    a->trig_case1 += p->trig_case1; a->trig_case2 += p->trig_case2; a->trig_drop += p->trig_drop;
    a->mispred += p->mispred; a->throttled += p->throttled; a->strides += p->strides;
    a->wakeups += p->wakeups; a->lead_sum += p->lead_sum;
    if (i == 0) a->dist_last = p->dist_last;
    t.demand_misses += g->sm[i].l1s.load_misses;
    t.demand_allocs += g->sm[i].l1m.alloc;
  }
  t.demand_allocs -= a->lines_sent;              /* the L1 MSHR's allocations less the prefetches' */
  t.accuracy = ws_ratio(a->used_timely + a->used_late, a->lines_sent);
  t.coverage = ws_ratio(a->used_timely, a->used_timely + t.demand_misses);
  t.traffic = ws_ratio(a->lines_sent, a->lines_sent + t.demand_allocs);
  t.mean_dist = ws_ratio(a->dist_sum, a->confirmed);
  t.lead = ws_ratio(a->lead_sum, a->used_timely + a->used_late);
  return t;
}

static const char *const ws_occ_names[WS_OCC_BUCKETS] = {
  "0", "<=1/8", "<=2/8", "<=3/8", "<=4/8", "<=5/8", "<=6/8", "<=7/8", "<=8/8"};

void ws_gpu_report(const ws_gpu *g, FILE *f) {
  const ws_config *c = &g->cfg;
  ws_totals t = ws_sum(g);
  int64_t cyc = g->finished ? g->kernel_end : g->now;
  char kp[WS_MAX_KPARAMS * 48] = "";
  for (int i = 0; i < g->kern.n_param; i++)
    snprintf(kp + strlen(kp), sizeof kp - strlen(kp), "%s%s=%" PRId64 "%s", i ? " " : " (", g->kern.param[i].name,
             g->kern.param[i].value, i + 1 < g->kern.n_param ? "" : ")");
  fprintf(f, "warpsim: kernel %s%s on %s: %d SMs x %d warps, %d scheduler%s (%s), %s memory\n", g->kern.name, kp,
          c->name, c->n_sm, c->warps_per_sm, c->n_sched, c->n_sched > 1 ? "s" : "",
          ws_sched_label[c->sched], c->mem_model == WS_MEM_FIXED ? "fixed-latency" : "hierarchical");
  if (g->kern.trace) {                           /* what the trace held, and what warpsim does not model */
    const ws_streams *tr = g->kern.trace;
    fprintf(f, "  %-26s", "traced instructions");
    for (int k = 0; k < WS_TC_N; k++)
      if (tr->by_class[k]) fprintf(f, " %s %" PRIu64, ws_trace_class_name(k), tr->by_class[k]);
    fprintf(f, " (shared, atomic, branch, unmodelled: on the ALU pipe)\n");
    if (tr->shared_regs)
      fprintf(f, "  %-26s %" PRIu64 " values shared one of the 64 registers\n", "register pressure", tr->shared_regs);
  }
  fprintf(f, "  %-26s %" PRId64 "%s\n", "cycles", cyc, g->finished ? "" : " (stopped by max_cycles)");
  fprintf(f, "  %-26s %" PRIu64 " (%" PRIu64 " thread-instructions)\n", "warp-instructions", t.insts, t.thread_insts);
  fprintf(f, "  %-26s %.3f warp, %.2f thread\n", "IPC", ws_ratio(t.insts, (uint64_t)cyc),
          ws_ratio(t.thread_insts, (uint64_t)cyc));
  fprintf(f, "  %-26s %" PRIu64 " loads, %" PRIu64 " stores, %" PRIu64 " line requests\n", "memory instructions",
          t.loads, t.stores, t.lines);
  fprintf(f, "  %-26s %.1f %% (%" PRIu64 " hits, %" PRIu64 " misses)\n", "L1 load hit rate",
          100 * ws_ratio(t.l1_hits, t.l1_hits + t.l1_misses), t.l1_hits, t.l1_misses);
  if (c->mem_model == WS_MEM_HIER) {
    fprintf(f, "  %-26s %.1f %% (%" PRIu64 " hits, %" PRIu64 " misses)\n", "L2 load hit rate",
            100 * ws_ratio(t.l2_hits, t.l2_hits + t.l2_misses), t.l2_hits, t.l2_misses);
    fprintf(f, "  %-26s %" PRIu64 " reads, %.1f %% row hits; %" PRIu64 " write-backs\n", "DRAM", t.dram_reads,
            100 * ws_ratio(t.dram_row_hits, t.dram_reads), t.dram_writes);
  }
  fprintf(f, "  %-26s avg %.1f, max %" PRIu64 " cycles (issue to last line back)\n", "load latency",
          ws_ratio(g->lat_sum, g->lat_count), g->lat_max);
  fprintf(f, "  %-26s %" PRIu64 " cycles (all SMs)\n", "LSU stall", t.lsu_stall);
  fprintf(f, "  %-26s %" PRIu64 " operand reads; MRF %" PRIu64 " reads, %" PRIu64 " writes", "register file",
          t.operand_reads, t.mrf_reads, t.mrf_writes);
  if (c->rfc) fprintf(f, "; register-file cache %" PRIu64 " hits (%.1f %% of operand reads)", t.rfc_hits,
                      100 * ws_ratio(t.rfc_hits, t.operand_reads));
  fprintf(f, "\n");
  fprintf(f, "  %-26s alloc %" PRIu64 ", merge %" PRIu64 ", refused: list full %" PRIu64 ", table full %" PRIu64
             ", draining %" PRIu64 ", miss queue full %" PRIu64 "; full %" PRIu64 " SM-cycles\n",
          "L1 MSHR", t.l1m.alloc, t.l1m.merge, t.l1m.rej_list_full, t.l1m.rej_table_full, t.l1m.rej_draining,
          t.l1m.rej_noalloc, ws_mshr_full_cycles(&t.l1m));
  if (c->mem_model == WS_MEM_HIER)
    fprintf(f, "  %-26s alloc %" PRIu64 ", merge %" PRIu64 ", refused: list full %" PRIu64 ", table full %" PRIu64
               ", draining %" PRIu64 ", miss queue full %" PRIu64 "; full %" PRIu64 " partition-cycles\n",
            "L2 MSHR", t.l2m.alloc, t.l2m.merge, t.l2m.rej_list_full, t.l2m.rej_table_full, t.l2m.rej_draining,
            t.l2m.rej_noalloc, ws_mshr_full_cycles(&t.l2m));
  if (c->sched == WS_SCHED_MASCAR) {
    ws_mascar_totals m = ws_mascar_sum(g);
    fprintf(f, "  %-26s %" PRIu64 " SM-cycles in MP mode (%.1f %%), %" PRIu64 " mode switches, %" PRIu64
               " owner changes, %" PRIu64 " non-owner issues\n", "Mascar scheduler", m.mp_cycles,
            100 * ws_ratio(m.mp_cycles, (uint64_t)cyc * (uint64_t)c->n_sm), m.mode_switches, m.owner_changes,
            m.nonowner_issues);
    fprintf(f, "  %-26s %" PRIu64 " NACKs (%" PRIu64 " non-owner misses), %" PRIu64 " queued, %" PRIu64
               " re-executions (%" PRIu64 " ACKed), LSU stalled on a full queue %" PRIu64 " cycles\n",
            "Mascar L1 and queue", m.nacks, m.nacks_nonowner, m.pushes, m.reexec, m.reexec_ack, m.push_stall_cycles);
  }
  if (c->sched == WS_SCHED_TWO_LEVEL) {
    uint64_t dem, pro;
    ws_tls_sum(g, &dem, &pro);
    fprintf(f, "  %-26s %d active of each scheduler's warps; %" PRIu64 " demotions, %" PRIu64 " promotions\n",
            "two-level scheduler", c->tls_active, dem, pro);
  }
  if (c->equalizer != WS_EQ_OFF) ws_eq_report(g, f);
  if (c->dram_sched != WS_DRAM_FRFCFS) {
    uint64_t d[3];
    ws_mib_sum(g, d);
    fprintf(f, "  %-26s %s; %" PRIu64 " dummy requests, %" PRIu64 " found their request at DRAM, %" PRIu64
               " dropped (%" PRIu64 " sent before their first miss left the L2)\n", "DRAM scheduler (MIB)",
            ws_dram_sched_label[c->dram_sched], d[0], d[1], d[0] - d[1], d[2]);
  }
  if (c->prefetch == WS_PF_CAPS) {
    ws_pf_totals p = ws_pf_sum(g);
    fprintf(f, "  %-26s %" PRIu64 " targeted loads, %" PRIu64 " with a stride; %" PRIu64 " strides learnt, triggers: "
               "Case 1 %" PRIu64 ", Case 2 %" PRIu64 ", dropped %" PRIu64 "; %" PRIu64 " mispredicted requests, %"
               PRIu64 " throttled loads; %" PRIu64 " prefetches generated\n",
            "CAPS tables", p.p.loads, p.p.confirmed, p.p.strides, p.p.trig_case1, p.p.trig_case2, p.p.trig_drop,
            p.p.mispred, p.p.throttled, p.p.bursts);
  }
  if (c->prefetch != WS_PF_OFF) {
    ws_pf_totals p = ws_pf_sum(g);
    fprintf(f, "  %-26s %" PRIu64 " lines sent, %" PRIu64 " merged into misses in flight, %" PRIu64
               " already cached; used on time %" PRIu64 ", late %" PRIu64 ", evicted unused %" PRIu64
               "; accuracy %.1f %%, coverage %.1f %%, lead %.1f cycles, %.1f %% of L1 miss traffic\n",
            c->prefetch == WS_PF_CAPS ? "CAPS prefetches" : "APOGEE prefetches", p.p.lines_sent, p.p.lines_merged,
            p.p.lines_present, p.p.used_timely, p.p.used_late, p.p.evicted_unused, 100 * p.accuracy,
            100 * p.coverage, p.lead, 100 * p.traffic);
  }
  if (c->prefetch == WS_PF_APOGEE) {
    ws_pf_totals p = ws_pf_sum(g);
    fprintf(f, "  %-26s %" PRIu64 " loads seen, %" PRIu64 " confirmed (mean distance %.2f), %" PRIu64
               " bursts (%" PRIu64 " dropped: generator busy), %" PRIu64 " TIA fires; distance +%" PRIu64 " -%" PRIu64
               "; the burst meant for a load: none %" PRIu64 ", pending %" PRIu64 ", back %" PRIu64 "\n",
            "APOGEE table", p.p.loads, p.p.confirmed, p.mean_dist, p.p.bursts, p.p.bursts_dropped, p.p.tia_fires,
            p.p.dist_up, p.p.dist_down, p.p.state[0], p.p.state[1], p.p.state[2]);
  }
  if (WS_SCHED_IS_OAWS(c->sched)) {
    ws_oaws_totals o = ws_oaws_sum(g);
    fprintf(f, "  %-26s %" PRIu64 " issue slots lost (every ready warp occluded), %" PRIu64
               " occluded warp-cycles, %" PRIu64 " loads predicted divergent",
            "OAWS", o.occluded_slots, o.occluded_warps, o.gated_loads);
    if (c->sched == WS_SCHED_OAWS_DYNAMIC)
      fprintf(f, ", OCW avg %.2f, %" PRIu64 " locality warp-cycles", ws_ratio(o.ocw_sum, o.ocw_samples),
              o.locality_cycles);
    fprintf(f, "\n");
  }

  fprintf(f, "\n  %-10s", "occupancy");
  for (int b = 0; b < WS_OCC_BUCKETS; b++) fprintf(f, " %7s", ws_occ_names[b]);
  fprintf(f, "\n  %-10s", "L1 MSHR %");
  uint64_t tot = 0, hist[WS_OCC_BUCKETS];
  ws_mshr_hist(&t.l1m, hist);
  for (int b = 0; b < WS_OCC_BUCKETS; b++) tot += hist[b];
  for (int b = 0; b < WS_OCC_BUCKETS; b++) fprintf(f, " %7.2f", 100 * ws_ratio(hist[b], tot));
  if (c->mem_model == WS_MEM_HIER) {
    fprintf(f, "\n  %-10s", "L2 MSHR %");
    tot = 0;
    ws_mshr_hist(&t.l2m, hist);
    for (int b = 0; b < WS_OCC_BUCKETS; b++) tot += hist[b];
    for (int b = 0; b < WS_OCC_BUCKETS; b++) fprintf(f, " %7.2f", 100 * ws_ratio(hist[b], tot));
  }
  fprintf(f, "\n\n  load latency  ");
  for (int b = 0; b < WS_LAT_BUCKETS; b++) {
    if (!g->lat_hist[b]) continue;
    if (b == WS_LAT_BUCKETS - 1) fprintf(f, " [%u,inf): %" PRIu64, 2u << (b - 1), g->lat_hist[b]);
    else fprintf(f, " [%u,%u): %" PRIu64, b ? 2u << (b - 1) : 0u, 2u << b, g->lat_hist[b]);
  }
  fprintf(f, "\n\n  %3s %8s %10s %7s %8s %10s %10s %s\n", "SM", "cycles", "warp-inst", "IPC", "L1 hit%", "LSU stall",
          "MSHR full", "issued per scheduler");
  for (int i = 0; i < c->n_sm; i++) {
    const ws_sm *s = &g->sm[i];
    fprintf(f, "  %3d %8" PRIu64 " %10" PRIu64 " %7.3f %8.1f %10" PRIu64 " %10" PRIu64 "  ", i, s->active_cycles,
            s->insts, ws_ratio(s->insts, (uint64_t)cyc),
            100 * ws_ratio(s->l1s.load_hits, s->l1s.load_hits + s->l1s.load_misses), s->lsu_stall_cycles,
            ws_mshr_full_cycles(&s->l1m));
    for (int k = 0; k < c->n_sched; k++) fprintf(f, "%s%" PRIu64, k ? " / " : "", s->sched[k].issued);
    fprintf(f, "\n");
  }
  if (c->mem_model == WS_MEM_FIXED) return;
  fprintf(f, "\n  %4s %8s %8s %8s %8s %10s %10s %10s %10s\n", "part", "L2 hit%", "st hits", "st miss", "evict",
          "MSHR full", "DRAM rd", "row hit%", "DRAM wb");
  for (int i = 0; i < c->n_part; i++) {
    const ws_part *p = &g->mem.part[i];
    fprintf(f, "  %4d %8.1f %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %10" PRIu64 " %10" PRIu64 " %10.1f %10" PRIu64 "\n", i,
            100 * ws_ratio(p->l2s.load_hits, p->l2s.load_hits + p->l2s.load_misses), p->l2s.store_hits,
            p->l2s.store_misses, p->l2s.evictions, ws_mshr_full_cycles(&p->l2m), p->dram_reads,
            100 * ws_ratio(p->dram_row_hits, p->dram_reads), p->dram_writes);
  }
}

static void ws_json_mshr(FILE *f, const char *name, const ws_mshr_stats *m) {
  fprintf(f, "\"%s\": {\"alloc\": %" PRIu64 ", \"merge\": %" PRIu64 ", \"rej_list_full\": %" PRIu64
             ", \"rej_table_full\": %" PRIu64 ", \"rej_draining\": %" PRIu64 ", \"rej_miss_queue_full\": %" PRIu64
             ", \"full_cycles\": %" PRIu64 ", \"occupancy_hist\": [",
          name, m->alloc, m->merge, m->rej_list_full, m->rej_table_full, m->rej_draining, m->rej_noalloc,
          ws_mshr_full_cycles(m));
  uint64_t hist[WS_OCC_BUCKETS];
  ws_mshr_hist(m, hist);
  for (int b = 0; b < WS_OCC_BUCKETS; b++) fprintf(f, "%s%" PRIu64, b ? ", " : "", hist[b]);
  fprintf(f, "]}");
}

/* a JSON string (names come from file names: quote and escape) */
static void ws_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
    else fputc(ch, f);
  }
  fputc('"', f);
}

void ws_gpu_json(const ws_gpu *g, FILE *f) {
  const ws_config *c = &g->cfg;
  ws_totals t = ws_sum(g);
  int64_t cyc = g->finished ? g->kernel_end : g->now;
  fprintf(f, "{\n  \"config\": ");
  ws_json_str(f, c->name);
  fprintf(f, ", \"kernel\": ");
  ws_json_str(f, g->kern.name);
  fprintf(f, ", \"finished\": %s,\n", g->finished ? "true" : "false");
  for (int i = 0; i < g->kern.n_param; i++)      /* the kernel's parameters as this run set them */
    fprintf(f, "%s\"%s\": %" PRId64 "%s", i ? ", " : "  \"kernel_params\": {", g->kern.param[i].name,
            g->kern.param[i].value, i + 1 < g->kern.n_param ? "" : "},\n");
  if (g->kern.trace) {
    fprintf(f, "  \"trace\": {");
    for (int k = 0; k < WS_TC_N; k++) fprintf(f, "\"%s\": %" PRIu64 ", ", ws_trace_class_name(k), g->kern.trace->by_class[k]);
    fprintf(f, "\"shared_regs\": %" PRIu64 "},\n", g->kern.trace->shared_regs);
  }
  fprintf(f, "  \"cycles\": %" PRId64 ", \"drain_cycles\": %" PRId64 ",\n", cyc, g->drain_end ? g->drain_end - cyc : 0);
  fprintf(f, "  \"warp_instructions\": %" PRIu64 ", \"thread_instructions\": %" PRIu64
             ", \"ipc_warp\": %.6f, \"ipc_thread\": %.6f,\n",
          t.insts, t.thread_insts, ws_ratio(t.insts, (uint64_t)cyc), ws_ratio(t.thread_insts, (uint64_t)cyc));
  fprintf(f, "  \"loads\": %" PRIu64 ", \"stores\": %" PRIu64 ", \"line_requests\": %" PRIu64
             ", \"lsu_stall_cycles\": %" PRIu64 ",\n", t.loads, t.stores, t.lines, t.lsu_stall);
  fprintf(f, "  \"register_file\": {\"operand_reads\": %" PRIu64 ", \"mrf_reads\": %" PRIu64 ", \"mrf_writes\": %"
             PRIu64 ", \"rfc_hits\": %" PRIu64 "},\n", t.operand_reads, t.mrf_reads, t.mrf_writes, t.rfc_hits);
  fprintf(f, "  \"l1\": {\"load_hits\": %" PRIu64 ", \"load_misses\": %" PRIu64 ", \"hit_rate\": %.6f},\n",
          t.l1_hits, t.l1_misses, ws_ratio(t.l1_hits, t.l1_hits + t.l1_misses));
  fprintf(f, "  \"fully_cached_loads\": %" PRIu64 ",\n", t.loads_cached);   /* every line an L1 hit */
  fprintf(f, "  \"l2\": {\"load_hits\": %" PRIu64 ", \"load_misses\": %" PRIu64 ", \"hit_rate\": %.6f},\n",
          t.l2_hits, t.l2_misses, ws_ratio(t.l2_hits, t.l2_hits + t.l2_misses));
  fprintf(f, "  \"dram\": {\"reads\": %" PRIu64 ", \"row_hits\": %" PRIu64 ", \"row_hit_rate\": %.6f, \"writes\": %" PRIu64 "},\n",
          t.dram_reads, t.dram_row_hits, ws_ratio(t.dram_row_hits, t.dram_reads), t.dram_writes);
  fprintf(f, "  ");
  ws_json_mshr(f, "l1_mshr", &t.l1m);
  fprintf(f, ",\n  ");
  ws_json_mshr(f, "l2_mshr", &t.l2m);
  if (c->sched == WS_SCHED_MASCAR) {
    ws_mascar_totals m = ws_mascar_sum(g);
    fprintf(f, ",\n  \"mascar\": {\"mp_cycles\": %" PRIu64 ", \"mode_switches\": %" PRIu64 ", \"owner_changes\": %"
               PRIu64 ", \"nonowner_issues\": %" PRIu64 ", \"nacks\": %" PRIu64 ", \"nacks_nonowner\": %" PRIu64
               ", \"queued\": %" PRIu64 ", \"reexecutions\": %" PRIu64 ", \"reexecutions_acked\": %" PRIu64
               ", \"lsu_queue_full_cycles\": %" PRIu64 "}",
            m.mp_cycles, m.mode_switches, m.owner_changes, m.nonowner_issues, m.nacks, m.nacks_nonowner, m.pushes,
            m.reexec, m.reexec_ack, m.push_stall_cycles);
  }
  if (c->sched == WS_SCHED_TWO_LEVEL) {
    uint64_t dem, pro;
    ws_tls_sum(g, &dem, &pro);
    fprintf(f, ",\n  \"two_level\": {\"active\": %d, \"demotions\": %" PRIu64 ", \"promotions\": %" PRIu64 "}",
            c->tls_active, dem, pro);
  }
  if (WS_SCHED_IS_OAWS(c->sched)) {
    ws_oaws_totals o = ws_oaws_sum(g);
    fprintf(f, ",\n  \"oaws\": {\"occluded_slots\": %" PRIu64 ", \"occluded_warp_cycles\": %" PRIu64
               ", \"divergent_loads\": %" PRIu64 ", \"locality_warp_cycles\": %" PRIu64 ", \"ocw_avg\": %.6f}",
            o.occluded_slots, o.occluded_warps, o.gated_loads, o.locality_cycles, ws_ratio(o.ocw_sum, o.ocw_samples));
  }
  if (c->equalizer != WS_EQ_OFF) ws_eq_json(g, f);
  if (c->prefetch != WS_PF_OFF) {
    ws_pf_totals p = ws_pf_sum(g);
    fprintf(f, ",\n  \"prefetch\": {\"kind\": \"%s\", \"loads\": %" PRIu64 ", ",
            c->prefetch == WS_PF_CAPS ? "caps" : "apogee", p.p.loads);
    if (c->prefetch == WS_PF_APOGEE)
      fprintf(f, "\"confirmed\": %" PRIu64 ", \"mean_distance\": %.6f, \"last_distance_sm0\": %" PRIu64
                 ", \"bursts\": %" PRIu64 ", \"bursts_dropped\": %" PRIu64 ", \"tia_fires\": %" PRIu64
                 ", \"distance_up\": %" PRIu64 ", \"distance_down\": %" PRIu64 ", \"state_none\": %" PRIu64
                 ", \"state_pending\": %" PRIu64 ", \"state_back\": %" PRIu64 ", ",
              p.p.confirmed, p.mean_dist, p.p.dist_last, p.p.bursts, p.p.bursts_dropped, p.p.tia_fires,
              p.p.dist_up, p.p.dist_down, p.p.state[0], p.p.state[1], p.p.state[2]);
    else
      fprintf(f, "\"with_stride\": %" PRIu64 ", \"strides_learnt\": %" PRIu64 ", \"case1_triggers\": %" PRIu64
                 ", \"case2_triggers\": %" PRIu64 ", \"triggers_dropped\": %" PRIu64 ", \"mispredicted\": %" PRIu64
                 ", \"throttled\": %" PRIu64 ", \"generated\": %" PRIu64 ", \"wakeups\": %" PRIu64 ", ",
              p.p.confirmed, p.p.strides, p.p.trig_case1, p.p.trig_case2, p.p.trig_drop, p.p.mispred,
              p.p.throttled, p.p.bursts, p.p.wakeups);
    fprintf(f, "\"lines_sent\": %" PRIu64 ", \"lines_merged\": %" PRIu64 ", \"lines_present\": %" PRIu64
               ", \"lines_retried\": %" PRIu64 ", \"used_on_time\": %" PRIu64 ", \"used_late\": %" PRIu64
               ", \"evicted_unused\": %" PRIu64 ", \"accuracy\": %.6f, \"coverage\": %.6f, \"lead_cycles\": %.6f"
               ", \"traffic_share\": %.6f}",
            p.p.lines_sent, p.p.lines_merged, p.p.lines_present, p.p.lines_retried, p.p.used_timely,
            p.p.used_late, p.p.evicted_unused, p.accuracy, p.coverage, p.lead, p.traffic);
  }
  if (c->dram_sched != WS_DRAM_FRFCFS) {
    uint64_t d[3];
    ws_mib_sum(g, d);
    fprintf(f, ",\n  \"mib\": {\"policy\": \"%s\", \"dummies\": %" PRIu64 ", \"dummy_hits\": %" PRIu64
               ", \"dummies_dropped\": %" PRIu64 ", \"dummies_before_first_miss\": %" PRIu64 "}",
            ws_dram_sched_label[c->dram_sched], d[0], d[1], d[0] - d[1], d[2]);
  }
  fprintf(f, ",\n  \"load_latency\": {\"count\": %" PRIu64 ", \"avg\": %.3f, \"max\": %" PRIu64 ", \"log2_hist\": [",
          g->lat_count, ws_ratio(g->lat_sum, g->lat_count), g->lat_max);
  for (int b = 0; b < WS_LAT_BUCKETS; b++) fprintf(f, "%s%" PRIu64, b ? ", " : "", g->lat_hist[b]);
  fprintf(f, "]},\n  \"sms\": [\n");
  for (int i = 0; i < c->n_sm; i++) {
    const ws_sm *s = &g->sm[i];
    fprintf(f, "    {\"sm\": %d, \"active_cycles\": %" PRIu64 ", \"warp_instructions\": %" PRIu64
               ", \"l1_load_hits\": %" PRIu64 ", \"l1_load_misses\": %" PRIu64 ", \"lsu_stall_cycles\": %" PRIu64
               ", \"stores\": %" PRIu64 ", \"issued_per_scheduler\": [",
            i, s->active_cycles, s->insts, s->l1s.load_hits, s->l1s.load_misses, s->lsu_stall_cycles, s->stores);
    for (int k = 0; k < c->n_sched; k++) fprintf(f, "%s%" PRIu64, k ? ", " : "", s->sched[k].issued);
    fprintf(f, "], ");
    ws_json_mshr(f, "l1_mshr", &s->l1m);
    fprintf(f, "}%s\n", i + 1 < c->n_sm ? "," : "");
  }
  fprintf(f, "  ],\n  \"partitions\": [\n");
  for (int i = 0; c->mem_model == WS_MEM_HIER && i < c->n_part; i++) {
    const ws_part *p = &g->mem.part[i];
    fprintf(f, "    {\"partition\": %d, \"l2_load_hits\": %" PRIu64 ", \"l2_load_misses\": %" PRIu64
               ", \"l2_store_hits\": %" PRIu64 ", \"l2_store_misses\": %" PRIu64 ", \"l2_evictions\": %" PRIu64
               ", \"dram_reads\": %" PRIu64 ", \"dram_row_hits\": %" PRIu64 ", \"dram_writes\": %" PRIu64 ", ",
            i, p->l2s.load_hits, p->l2s.load_misses, p->l2s.store_hits, p->l2s.store_misses, p->l2s.evictions,
            p->dram_reads, p->dram_row_hits, p->dram_writes);
    ws_json_mshr(f, "l2_mshr", &p->l2m);
    fprintf(f, "}%s\n", i + 1 < c->n_part ? "," : "");
  }
  fprintf(f, "  ]\n}\n");
}
