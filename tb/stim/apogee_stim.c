/*
** apogee_stim.c -- stimulus for block 'apogee' (APOGEE's prefetch table).
**
** random:   "regimes" redrawn every 256..4096 cycles.  A regime is a small
**           kernel: a loop body of 1..4 load PCs (sometimes more PCs than
**           table entries, to force evictions), each PC strided per thread
**           (address = base + (iteration x n + warp x THREADS + lane) x
**           offset, the Fig. 5.5 pattern, n = WARPS x THREADS), scalar
**           (one address for every lane: TIA), or random; warps take turns
**           round-robin (or at random); masks are full, random or 2-4 lanes; lane
**           addresses get noise; loads hit or miss at a regime's rate;
**           fills come back with tags from the low entries and any warp;
**           the L1 takes queue lines at a regime's rate (so the queue runs
**           full).  The stream never depends on the outputs.  The check
**           callback counts the events (confirmed, mismatch, distance up /
**           down, evictions, TIA create / fire / slow / move, merges, drops,
**           queue full) and prints them at 10^k and 5x10^k cycles; after
**           100,000 cycles it fails if no load was confirmed or none
**           mismatched (the stimulus would be toothless).
** directed: scenarios with hand-computed expected outputs (see ag_dir_init).
*/
#include "apogee_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static uint32_t ag_low(int bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }
static int ag_log2(int64_t v) { int n = 0; while (((int64_t)1 << n) < v) n++; return n; }

static void ag_set_addr(uint32_t *a, int j, int ab, uint32_t v) {
  for (int b = 0; b < ab; b++) {
    int bit = j * ab + b;
    uint32_t m = 1u << (bit % 32);
    if (v >> b & 1) a[bit / 32] |= m;
    else a[bit / 32] &= ~m;
  }
}

typedef struct ag_dims {
  int E, W, T, PCB, AB, OB, LB, Q, EB;
  int lat;   /* cycles from a load's inputs to its outputs: 0, or 7 with PIPE=1 (docs/blocks/apogee.md) */
  uint32_t amask;
} ag_dims;

static void ag_dims_of(ag_dims *d, const apogee_params *p) {
  d->E = (int)p->ENTRIES; d->W = (int)p->WARPS; d->T = (int)p->THREADS;
  d->PCB = (int)p->PC_BITS; d->AB = (int)p->ADDR_BITS; d->OB = (int)p->OFF_BITS;
  d->LB = (int)p->LINE_BITS; d->Q = (int)p->PFQ;
  d->EB = d->E <= 2 ? 1 : ag_log2(d->E);
  d->lat = p->PIPE ? 7 : 0;
  d->amask = ag_low(d->AB);
}

/* ---------------------------------------------------------------- random */
#define AG_MAX_PCS 72
enum { AG_STRIDED, AG_SCALAR, AG_RANDOM };

typedef struct ag_rand {
  ag_dims  d;
  uint64_t rng, left;
  int      npc, rr, nw;                  /* PCs in the loop body; warps round-robin; active warps */
  uint32_t pc[AG_MAX_PCS], kind[AG_MAX_PCS], base[AG_MAX_PCS], off[AG_MAX_PCS];
  uint32_t pos[32], iter[32];            /* per warp: next PC of the body, iteration */
  uint32_t turn;
  unsigned k_load, k_div, k_hit, k_fill, k_ready, k_noise, k_last, k_present;
  /* coverage */
  uint64_t n_load, n_conf, n_mis, n_up, n_down, n_evict, n_tcre, n_tfire, n_tslow, n_tmove,
           n_merge, n_drop, n_full, n_scalar, n_late, n_back;
} ag_rand;


static void ag_regime(ag_rand *r) {
  const ag_dims *d = &r->d;
  r->left = 256 + wg_rand_below(&r->rng, 3841);
  uint32_t npcs_max = 1u << d->PCB;
  if (wg_rand_below(&r->rng, 5) == 0) r->npc = d->E + 2;          /* more PCs than entries */
  else r->npc = 1 + (int)wg_rand_below(&r->rng, 4);
  if ((uint32_t)r->npc > npcs_max) r->npc = (int)npcs_max;
  if (r->npc > AG_MAX_PCS) r->npc = AG_MAX_PCS;
  uint32_t first = wg_rand_below(&r->rng, npcs_max);
  int hmax = 1 << (d->OB - 1);
  for (int i = 0; i < r->npc; i++) {
    r->pc[i] = (first + (uint32_t)i) & (npcs_max - 1);
    unsigned c = wg_rand_below(&r->rng, 8);
    r->kind[i] = c < 5 ? AG_STRIDED : c < 7 ? AG_SCALAR : AG_RANDOM;
    r->base[i] = (uint32_t)wg_rand(&r->rng) & d->amask;
    int o;
    switch (wg_rand_below(&r->rng, 4)) {   /* element sizes, then anything */
    case 0: o = 4 < hmax ? 4 : 1; break;
    case 1: o = 1; break;
    case 2: o = -(4 < hmax ? 4 : 1); break;
    default: o = (int)wg_rand_below(&r->rng, (uint32_t)(2 * hmax)) - hmax; if (o == 0) o = 2;
    }
    r->off[i] = (uint32_t)o;
  }
  r->rr = wg_rand_below(&r->rng, 4) != 0;
  /* active warps (n = nw x THREADS): all of them mostly; the port's 0 reads as WARPS */
  r->nw = wg_rand_below(&r->rng, 4) != 0 ? d->W : (int)wg_rand_below(&r->rng, (uint32_t)d->W + 1);
  r->k_load = wg_rand_in(&r->rng, 2, 8);
  r->k_div = wg_rand_in(&r->rng, 0, 3);
  r->k_hit = wg_rand_in(&r->rng, 0, 7);
  r->k_fill = wg_rand_in(&r->rng, 0, 6);
  r->k_ready = wg_rand_in(&r->rng, 0, 8);
  r->k_noise = wg_rand_below(&r->rng, 3) == 0 ? wg_rand_in(&r->rng, 1, 3) : 0;
  r->k_last = wg_rand_in(&r->rng, 0, 8);
  r->k_present = wg_rand_in(&r->rng, 0, 5);
  memset(r->pos, 0, sizeof r->pos);
  memset(r->iter, 0, sizeof r->iter);
}

static int ag_rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  ag_rand *r = vs;
  memset(r, 0, sizeof *r);
  ag_dims_of(&r->d, vp);
  r->rng = seed;
  ag_regime(r);
  return 0;
}

static void ag_rand_next(void *vs, uint64_t cycle, void *vin) {
  ag_rand *r = vs;
  const ag_dims *d = &r->d;
  apogee_in *in = vin;
  memset(in, 0, sizeof *in);
  if (--r->left == 0) ag_regime(r);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 18) == 0;
  in->ld_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_load);
  uint32_t nw = r->nw ? (uint32_t)r->nw : (uint32_t)d->W;
  in->n_warps = (uint32_t)r->nw;
  uint32_t w = r->rr ? r->turn % nw : wg_rand_below(&r->rng, nw);
  if (in->ld_valid) r->turn++;
  int i = (int)r->pos[w];
  in->ld_warp = w;
  in->ld_pc = r->pc[i];
  uint32_t full = ag_low(d->T);
  if (wg_rand_k8(&r->rng, r->k_div)) {
    if (wg_rand_below(&r->rng, 2)) in->ld_mask = (uint32_t)wg_rand(&r->rng) & full;
    else {   /* 2..4 lanes: with a narrow confidence (CONF_BITS = 2) only a few active lanes confirm */
      in->ld_mask = 0;
      for (unsigned k = 2 + wg_rand_below(&r->rng, 3); k; k--) in->ld_mask |= 1u << wg_rand_below(&r->rng, (uint32_t)d->T);
    }
    if (wg_rand_below(&r->rng, 8) == 0) in->ld_mask = 0;   /* an empty mask is no load */
  } else {
    in->ld_mask = full;
  }
  uint32_t n = nw * (uint32_t)d->T;
  for (int j = 0; j < d->T; j++) {
    uint32_t a;
    switch (r->kind[i]) {
    case AG_STRIDED: a = r->base[i] + (r->iter[w] * n + w * (uint32_t)d->T + (uint32_t)j) * r->off[i]; break;
    case AG_SCALAR: a = r->base[i] + (r->iter[w] / 8) * 64; break;
    default: a = (uint32_t)wg_rand(&r->rng);
    }
    if (r->k_noise && wg_rand_below(&r->rng, 64) < r->k_noise) a ^= 1u << wg_rand_below(&r->rng, (uint32_t)d->AB);
    ag_set_addr(in->ld_addr, j, d->AB, a & d->amask);
  }
  in->ld_hit = (uint32_t)wg_rand_k8(&r->rng, r->k_hit);
  if (in->ld_valid) {
    if (++r->pos[w] == (uint32_t)r->npc) { r->pos[w] = 0; r->iter[w]++; }
  }
  in->fill_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_fill);
  uint32_t span = (uint32_t)(r->npc + 2 < d->E ? r->npc + 2 : d->E);
  in->fill_entry = wg_rand_below(&r->rng, span) & ag_low(d->EB);
  in->fill_warp = wg_rand_below(&r->rng, (uint32_t)d->W);
  in->fill_last = (uint32_t)wg_rand_k8(&r->rng, r->k_last);
  in->pf_ready = (uint32_t)wg_rand_k8(&r->rng, r->k_ready);
  in->pf_present = (uint32_t)wg_rand_k8(&r->rng, r->k_present);
}

static int ag_rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  ag_rand *r = vs;
  const apogee_out *o = vout;
  r->n_load += o->ld_match || o->ld_mismatch;
  r->n_conf += o->ld_confirmed;
  r->n_mis += o->ld_mismatch;
  r->n_up += o->dist_up;
  r->n_down += o->dist_down;
  r->n_evict += o->evict;
  r->n_tcre += o->tia_create;
  r->n_tfire += o->tia_fire;
  r->n_tslow += o->tia_slow;
  r->n_tmove += o->tia_move;
  r->n_merge += o->gen_merge;
  r->n_drop += o->pf_drop;
  r->n_full += o->pfq_count == (uint32_t)r->d.Q;
  r->n_scalar += o->ld_scalar;
  r->n_late += o->ld_state == 1;
  r->n_back += o->ld_state == 2;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    fprintf(stderr, "apogee random coverage, %llu cycles: %llu checked loads, %llu confirmed, %llu mismatches, "
            "%llu scalar; bursts found pending %llu, back %llu; distance up %llu, down %llu; %llu evictions; TIA create %llu, fire %llu, slow %llu, "
            "move %llu; %llu merges, %llu drops, queue full %llu cycles\n",
            (unsigned long long)c, (unsigned long long)r->n_load, (unsigned long long)r->n_conf,
            (unsigned long long)r->n_mis, (unsigned long long)r->n_scalar, (unsigned long long)r->n_late,
            (unsigned long long)r->n_back, (unsigned long long)r->n_up,
            (unsigned long long)r->n_down, (unsigned long long)r->n_evict, (unsigned long long)r->n_tcre,
            (unsigned long long)r->n_tfire, (unsigned long long)r->n_tslow, (unsigned long long)r->n_tmove,
            (unsigned long long)r->n_merge, (unsigned long long)r->n_drop, (unsigned long long)r->n_full);
  }
  if (c == 100000 && (r->n_conf == 0 || r->n_mis == 0)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles %llu loads were confirmed and %llu mismatched "
             "(the stimulus is broken for this parameter set)",
             (unsigned long long)r->n_conf, (unsigned long long)r->n_mis);
    return 1;
  }
  return 0;
}

const wg_stim_ops apogee_random_stim = {"apogee", "random", sizeof(ag_rand), ag_rand_init,
                                        ag_rand_next, ag_rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
/*
** Scenarios, each from a reset, with the outputs expected at each load
** computed by hand from the thesis' rules (formulas below, not the model).
** Elements are 4-byte words; n = WARPS x THREADS.
**   A. Fig. 5.5: warp 0 loads elements 0..T-1, warp 1 elements T..2T-1 of
**      one PC (with 'fig55': 16 threads, 2 warps of 8).  Warp 0's load
**      allocates the entry, learns offset 4 and is confirmed at once (T-2
**      matches = T-2 active lanes less two), prefetching elements n..n+T-1
**      (16-23); warp 1's load prefetches n+T..n+2T-1 (24-31).  The queue's
**      lines and warp tags are checked against those elements' lines.
**   B. divergence: offset -4 with lane 1 (and lane T/2+1) inactive: the
**      first pair spans two thread indices, the ratio still gives -4, the
**      load is confirmed and prefetches element n of a descending array;
**      warp 1 with lane 0 inactive adds its T-2 matching pairs.
**   C. a mismatch (one lane off by one byte) resets the confidence to 0;
**      the next access learns again from its first pair.
**   D. distance, judged on the burst meant for this access (sent d loads
**      ago; it exists when the warp's last d loads all sent bursts at this
**      distance; it is back when fewer than d of its bursts are pending):
**      pending -> 01, distance + 1 (a burst of distance 2 is for two
**      iterations on); the iteration skipped by the jump is not judged (a
**      miss there changes nothing); back and hit -> timely; a fill of a
**      non-last line completes nothing; a last line the L1 drops as present
**      completes its burst; back and a miss on the access's own address ->
**      too early, distance - 1; a miss elsewhere changes nothing.
**   F. n_warps = 1: n = THREADS, the burst starts THREADS elements on.
**   E. TIA: loop P3, P2, P1 (one lane each), P0 scalar.  P0 scalar (it. 0),
**      its miss creates the trigger keyed by the LAL P1 (it. 1); P1 fires,
**      P0 still misses: slow (it. 2); P1 fires and the trigger moves to P2,
**      slow again (it. 3); P2 fires, moves to P3, P0 hits (it. 4); P3 fires
**      and stays (it. 5).
** With PIPE=1 a load's outputs are checked 7 cycles after its inputs (the
** expectations above unchanged: the drains between loads are longer by the
** latency), and G tests the pipeline itself, from its rules:
**   G. one PC loaded by warps 0, 1, 0, 1 in consecutive cycles: each load
**      sees the one before it (no second allocation, the confidence adds
**      up, warp 0's next iteration finds its burst pending and raises the
**      distance, warp 1's run restarted by that); a started burst waits a
**      cycle in its report before the generator walks it, so the next load's
**      burst is dropped; the generator takes the next one in the cycle it
**      leaves the first burst's last line.
**      Then the victim: with every entry valid at one confidence, a new
**      one-lane PC takes entry 0 (confidence 0) and a new PC a cycle later
**      takes entry 1, not entry 0 (the entry the load ahead of it
**      allocated is never its victim); entry 0 still holds the first PC.
** Needs THREADS >= 4; with OFF_BITS = 3 elements are 2 bytes (offsets +-2).
** Addresses wrap modulo 2^ADDR_BITS (the expected values too).
*/
enum { CK_ALLOC, CK_MATCH, CK_MIS, CK_CONF, CK_OFF, CK_CONFD, CK_SCALAR, CK_STATE, CK_UP, CK_DOWN,
       CK_DIST, CK_PFADDR, CK_START, CK_TFIRE, CK_TCRE, CK_TSLOW, CK_TMOVE, CK_DROP, CK_ENTRY, CK_EVICT, CK_N };
static const char *const ag_ck_name[CK_N] = {"ld_alloc", "ld_match", "ld_mismatch", "ld_conf", "ld_offset",
  "ld_confirmed", "ld_scalar", "ld_state", "dist_up", "dist_down", "ld_dist", "ld_pf_addr", "pf_start",
  "tia_fire", "tia_create", "tia_slow", "tia_move", "pf_drop", "ld_entry", "evict"};

#define AG_MAX_STEPS 2048
#define AG_MAX_LINES 128
#define AG_X (-1)

typedef struct ag_step {
  uint8_t rst, ld, hit, fill, last, ready, present, verify;
  uint32_t pc, warp, mask, fe, fw, nw;
  uint32_t addr[32];
  int64_t exp[CK_N];
  const char *what;
} ag_step;

typedef struct ag_dir {
  ag_dims d;
  int n, n_exp, n_seen;
  ag_step s[AG_MAX_STEPS];
  uint32_t exp_line[AG_MAX_LINES], exp_warp[AG_MAX_LINES], exp_last[AG_MAX_LINES];
  uint32_t seen_line[AG_MAX_LINES], seen_warp[AG_MAX_LINES], seen_last[AG_MAX_LINES];
  int present;   /* while building: the drains' pf_present */
} ag_dir;

static ag_step *ag_new(ag_dir *g, const char *what) {
  ag_step *s = wg_dir_step(g->s, &g->n, AG_MAX_STEPS, sizeof *s);
  for (int k = 0; k < CK_N; k++) s->exp[k] = AG_X;
  s->ready = 1;
  s->present = (uint8_t)g->present;
  s->what = what;
  return s;
}
static void ag_reset(ag_dir *g) { ag_new(g, "reset")->rst = 1; }
static void ag_idle(ag_dir *g, int k) { while (k-- > 0) ag_new(g, "idle"); }
/* enough cycles for the generator's burst (<= THREADS lines) and the queue to empty; with PIPE=1
** the burst starts walking two cycles after the load's outputs, lat + 1 after its inputs */
static void ag_drain(ag_dir *g) { ag_idle(g, g->d.T + g->d.Q + 4 + (g->d.lat ? g->d.lat + 2 : 0)); }
static ag_step *ag_load(ag_dir *g, const char *what, uint32_t pc, uint32_t warp, uint32_t mask,
                        uint32_t base, int32_t stride, int hit) {
  ag_step *s = ag_new(g, what);
  s->ld = 1; s->pc = pc; s->warp = warp; s->mask = mask; s->hit = (uint8_t)hit;
  for (int j = 0; j < g->d.T; j++) s->addr[j] = (base + (uint32_t)(stride * j)) & g->d.amask;
  return s;
}
static void ag_fill(ag_dir *g, uint32_t entry, uint32_t warp, int last) {
  ag_step *s = ag_new(g, last ? "fill of a burst's last line" : "fill of a line that is not its burst's last");
  s->fill = 1; s->fe = entry; s->fw = warp; s->last = (uint8_t)last;
}
/* expected queue lines: the 4-byte elements first..last (addresses), in order */
static void ag_expect_lines(ag_dir *g, uint32_t a0, uint32_t a1, uint32_t warp) {
  for (uint32_t l = a0 >> g->d.LB; l <= a1 >> g->d.LB && g->n_exp < AG_MAX_LINES; l++) {
    g->exp_line[g->n_exp] = l; g->exp_warp[g->n_exp] = warp; g->exp_last[g->n_exp] = l == a1 >> g->d.LB; g->n_exp++;
  }
}

/* G. the pipeline (PIPE=1), written from its rules (docs/blocks/apogee.md, "The pipeline"): a
** load is decided 6 cycles after its inputs on the table as every load before it left it, and
** reported a cycle later; a started burst waits that cycle before the generator walks it, a line a
** cycle; a burst starts when none waits and the generator is idle or leaves its last line; a
** load's victim is picked a cycle ahead, never an entry the load ahead of it hits or allocates. */
static void ag_pipe(ag_dir *g, uint32_t es, uint32_t cmax) {
  const ag_dims *d = &g->d;
  const int T = d->T;
  const uint32_t N = (uint32_t)(d->W * T), full = ag_low(T), am = d->amask, B = 0x40;
#define CAP(x) ((uint32_t)(x) > cmax ? cmax : (uint32_t)(x))
  ag_step *s;
  ag_reset(g);
  s = ag_load(g, "G: warp 0, iteration 0: allocates, learns the offset, confirmed, starts a burst", 1, 0, full, B, (int32_t)es, 0);
  s->exp[CK_ALLOC] = 1; s->exp[CK_MATCH] = 1; s->exp[CK_CONF] = CAP(T - 2); s->exp[CK_OFF] = es; s->exp[CK_CONFD] = 1;
  s->exp[CK_START] = 1; s->exp[CK_DROP] = 0; s->exp[CK_STATE] = 0; s->exp[CK_DIST] = 1; s->exp[CK_PFADDR] = (B + es * N) & am;
  s = ag_load(g, "G: warp 1 a cycle later sees that entry: no allocation, the confidence adds up; the burst of "
              "warp 0 waits in its report, so this one is dropped", 1, 1, full, B + es * (uint32_t)T, (int32_t)es, 0);
  s->exp[CK_ALLOC] = 0; s->exp[CK_MATCH] = 1; s->exp[CK_CONF] = CAP(2 * T - 3); s->exp[CK_CONFD] = 1;
  s->exp[CK_START] = 0; s->exp[CK_DROP] = 1; s->exp[CK_STATE] = 0; s->exp[CK_DIST] = 1;
  s->exp[CK_PFADDR] = (B + es * (N + (uint32_t)T)) & am;
  /* warp 0's burst (n lines) walks a line a cycle from two cycles after its table cycle (its report
  ** in between); the generator takes the next burst in a cycle it leaves its last line: this load's
  ** (a cycle later) if the burst is one line, the next one's if it is two */
  uint32_t l0 = ((B + es * N) & am) >> d->LB, l1 = ((B + es * (N + (uint32_t)T - 1)) & am) >> d->LB;
  int lines = (int)(l1 - l0) + 1, start2 = lines == 1, start3 = !start2 && lines == 2;
  s = ag_load(g, "G: warp 0's next iteration a cycle later: its burst (two cycles ago) pending: 01, distance 2; "
              "the generator takes its burst only if warp 0's is one line, walked now", 1, 0, full, B + es * N, (int32_t)es, 0);
  s->exp[CK_ALLOC] = 0; s->exp[CK_CONF] = CAP(3 * T - 4); s->exp[CK_STATE] = 1; s->exp[CK_UP] = 1; s->exp[CK_DIST] = 2;
  s->exp[CK_CONFD] = 1; s->exp[CK_START] = start2; s->exp[CK_DROP] = !start2; s->exp[CK_PFADDR] = (B + es * 3 * N) & am;
  s = ag_load(g, "G: warp 1's next iteration: the new distance restarted its run: not judged; its burst starts only "
              "if warp 0's is two lines", 1, 1, full, B + es * (N + (uint32_t)T), (int32_t)es, 1);
  s->exp[CK_ALLOC] = 0; s->exp[CK_CONF] = CAP(4 * T - 5); s->exp[CK_STATE] = 0; s->exp[CK_UP] = 0; s->exp[CK_DIST] = 2;
  s->exp[CK_CONFD] = 1; s->exp[CK_START] = start3; s->exp[CK_DROP] = !start3;
  s->exp[CK_PFADDR] = (B + es * (3 * N + (uint32_t)T)) & am;
  ag_drain(g);

  /* the victim: fill every entry (PCs 1..ENTRIES, one a cycle: each takes the lowest invalid entry
  ** its look-up may pick, the one after its predecessor's), all at one confidence */
  ag_reset(g);
  for (int k = 0; k < d->E; k++) {
    s = ag_load(g, "G: a new PC fills the next entry", (uint32_t)(1 + k), 0, full, 0x100 + 0x80 * (uint32_t)k, (int32_t)es, 1);
    s->exp[CK_ALLOC] = 1; s->exp[CK_ENTRY] = (uint32_t)k; s->exp[CK_EVICT] = 0; s->exp[CK_CONF] = CAP(T - 2);
  }
  ag_drain(g);
  s = ag_load(g, "G: a new PC with one lane: the lowest confidence, the lowest index: entry 0, confidence 0", 0, 0, 1, 0x20, 0, 0);
  s->exp[CK_ALLOC] = 1; s->exp[CK_ENTRY] = 0; s->exp[CK_EVICT] = 1; s->exp[CK_CONF] = 0; s->exp[CK_MATCH] = 0;
  s->exp[CK_MIS] = 0;
  s = ag_load(g, "G: a new PC a cycle later: entry 0 (confidence 0) was allocated by the load ahead: entry 1", 1, 1, full,
              0x300, (int32_t)es, 1);
  s->exp[CK_ALLOC] = 1; s->exp[CK_ENTRY] = 1; s->exp[CK_EVICT] = 1; s->exp[CK_CONF] = CAP(T - 2);
  ag_drain(g);
  s = ag_load(g, "G: the one-lane PC again: still in entry 0", 0, 0, 1, 0x20, 0, 0);
  s->exp[CK_ALLOC] = 0; s->exp[CK_ENTRY] = 0;
  ag_drain(g);
#undef CAP
}

static int ag_dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  ag_dir *g = vs;
  memset(g, 0, sizeof *g);
  ag_dims_of(&g->d, vp);
  const ag_dims *d = &g->d;
  const apogee_params *p = vp;
  if (d->T < 4) {
    snprintf(msg, n, "directed apogee needs THREADS >= 4");
    return 1;
  }
  /* element size: 4-byte words, or 2 bytes when OFF_BITS = 3 cannot hold +-4 */
  const uint32_t es = d->OB >= 4 ? 4 : 2;
  const int T = d->T;
  const uint32_t N = (uint32_t)(d->W * T), full = ag_low(T), am = d->amask, om = ag_low(d->OB);
  const uint32_t cmax = ag_low((int)p->CONF_BITS);
#define CAP(x) ((uint32_t)(x) > cmax ? cmax : (uint32_t)(x))
  ag_step *s;

  /* ---- A. Fig. 5.5 ---- */
  uint32_t B0 = 0x40;
  ag_reset(g);
  s = ag_load(g, "A: warp 0 loads elements 0..T-1", 1, 0, full, B0, (int32_t)es, 0);
  s->exp[CK_ALLOC] = 1; s->exp[CK_MATCH] = 1; s->exp[CK_CONF] = CAP(T - 2); s->exp[CK_OFF] = es;
  s->exp[CK_CONFD] = 1; s->exp[CK_START] = 1; s->exp[CK_DIST] = 1; s->exp[CK_STATE] = 0;
  s->exp[CK_PFADDR] = (B0 + es * N) & am;                 /* element n: "tid 0 moves to the 17th element" */
  ag_expect_lines(g, (B0 + es * N) & am, (B0 + es * (N + (uint32_t)T - 1)) & am, 0);
  ag_drain(g);
  s = ag_load(g, "A: warp 1 loads elements T..2T-1", 1, 1, full, B0 + es * (uint32_t)T, (int32_t)es, 0);
  s->exp[CK_ALLOC] = 0; s->exp[CK_MATCH] = 1; s->exp[CK_CONF] = CAP(2 * T - 3); s->exp[CK_OFF] = es;
  s->exp[CK_CONFD] = 1; s->exp[CK_START] = 1; s->exp[CK_STATE] = 0;
  s->exp[CK_PFADDR] = (B0 + es * (N + (uint32_t)T)) & am;  /* element n+T (24 in Fig. 5.5) */
  ag_expect_lines(g, (B0 + es * (N + (uint32_t)T)) & am, (B0 + es * (N + 2 * (uint32_t)T - 1)) & am, 1);
  ag_drain(g);
  ag_new(g, "A: the queue sent the lines of elements n..n+2T-1, warp 0's then warp 1's")->verify = 1;

  /* ---- B. divergence, descending array ---- */
  uint32_t B1 = 0x80 + es * (N + (uint32_t)T);
  uint32_t m1 = full & ~2u, m2 = full & ~1u;
  if (T >= 8) m1 &= ~(1u << (T / 2 + 1));
  uint32_t a1 = (uint32_t)__builtin_popcount(m1), a2 = (uint32_t)__builtin_popcount(m2);
  ag_reset(g);
  s = ag_load(g, "B: lane 1 inactive, offset -4 from lanes 0 and 2", 2, 0, m1, B1, -(int32_t)es, 0);
  s->exp[CK_ALLOC] = 1; s->exp[CK_MATCH] = 1; s->exp[CK_MIS] = 0; s->exp[CK_CONF] = CAP(a1 - 2);
  s->exp[CK_OFF] = (uint32_t)-(int32_t)es & om; s->exp[CK_CONFD] = 1;
  s->exp[CK_PFADDR] = (B1 - es * N) & am;                 /* lane 0's element n iterations on */
  ag_drain(g);
  s = ag_load(g, "B: warp 1, lane 0 inactive, confidence accumulates", 2, 1, m2, B1 - es * (uint32_t)T, -(int32_t)es, 0);
  s->exp[CK_ALLOC] = 0; s->exp[CK_MATCH] = 1; s->exp[CK_CONF] = CAP(a1 - 2 + a2 - 1);
  s->exp[CK_OFF] = (uint32_t)-(int32_t)es & om; s->exp[CK_CONFD] = 1;
  s->exp[CK_PFADDR] = (B1 - es * (N + (uint32_t)T)) & am;
  ag_drain(g);

  /* ---- C. a mismatch resets the confidence ---- */
  s = ag_load(g, "C: lane 2 one byte off: mismatch", 2, 0, full, B1 - es * N, -(int32_t)es, 0);
  s->addr[2] = (s->addr[2] + 1) & am;
  s->exp[CK_MATCH] = 0; s->exp[CK_MIS] = 1; s->exp[CK_CONF] = 0; s->exp[CK_CONFD] = 0; s->exp[CK_START] = 0;
  ag_drain(g);
  s = ag_load(g, "C: the next access learns again", 2, 1, full, B1 - es * (N + (uint32_t)T), -(int32_t)es, 0);
  s->exp[CK_MATCH] = 1; s->exp[CK_MIS] = 0; s->exp[CK_CONF] = CAP(T - 2); s->exp[CK_OFF] = (uint32_t)-(int32_t)es & om;
  s->exp[CK_CONFD] = 1;
  ag_drain(g);

  /* ---- D. dynamic distance, judged on the burst meant for each access ---- */
  /* iteration i of warp 0 reads elements i*n .. i*n+T-1 (the entry: PC 3, index 0); a burst of
  ** distance d sent by iteration i is for iteration i+d: its first line is element (i+d)*n */
  uint32_t B3 = 0x20;
#define D_AT(i) ((B3 + es * (uint32_t)(i) * N) & am)
#define D_LOAD(what, i, hit) ag_load(g, what, 3, 0, full, D_AT(i), (int32_t)es, hit)
  ag_reset(g);
  s = D_LOAD("D: iteration 0 allocates, distance 1: the burst is for iteration 1", 0, 1);
  s->exp[CK_ALLOC] = 1; s->exp[CK_STATE] = 0; s->exp[CK_DIST] = 1; s->exp[CK_START] = 1; s->exp[CK_PFADDR] = D_AT(1);
  ag_drain(g);   /* sent, not filled: 1 pending */
  s = D_LOAD("D: iteration 1, its burst (from it. 0) pending: 01, too slow, distance 2", 1, 1);
  s->exp[CK_STATE] = 1; s->exp[CK_UP] = 1; s->exp[CK_DOWN] = 0; s->exp[CK_DIST] = 2; s->exp[CK_START] = 1;
  s->exp[CK_PFADDR] = D_AT(3);                            /* two iterations ahead */
  ag_drain(g);   /* 2 pending; the run restarts at the new distance */
  s = D_LOAD("D: iteration 2 was never prefetched (the distance jumped): 00, a miss changes nothing", 2, 0);
  s->exp[CK_STATE] = 0; s->exp[CK_UP] = 0; s->exp[CK_DOWN] = 0; s->exp[CK_DIST] = 2; s->exp[CK_START] = 1;
  s->exp[CK_PFADDR] = D_AT(4);
  ag_drain(g);   /* 3 pending */
  ag_fill(g, 0, 0, 1);
  ag_fill(g, 0, 0, 1);
  ag_fill(g, 0, 0, 0);   /* not a last line: completes nothing */
  ag_idle(g, 2);         /* 1 pending */
  s = D_LOAD("D: iteration 3, its burst (from it. 1) back: 10, a hit: timely", 3, 1);
  s->exp[CK_STATE] = 2; s->exp[CK_UP] = 0; s->exp[CK_DOWN] = 0; s->exp[CK_DIST] = 2; s->exp[CK_PFADDR] = D_AT(5);
  ag_drain(g);   /* 2 pending */
  ag_fill(g, 0, 0, 0);
  ag_idle(g, 2);
  s = D_LOAD("D: iteration 4, two bursts pending after a first-line fill: 01, distance 3", 4, 1);
  s->exp[CK_STATE] = 1; s->exp[CK_UP] = 1; s->exp[CK_DIST] = 3; s->exp[CK_PFADDR] = D_AT(7);
  g->present = 1;   /* the L1 holds every line: a dropped last line completes its burst */
  ag_drain(g);   /* 2 pending */
  s = D_LOAD("D: iteration 5, one burst in a row at distance 3: not judged", 5, 1);
  s->exp[CK_STATE] = 0; s->exp[CK_UP] = 0; s->exp[CK_DIST] = 3; s->exp[CK_PFADDR] = D_AT(8);
  ag_drain(g);   /* 2 pending */
  s = D_LOAD("D: iteration 6, two in a row: not judged", 6, 1);
  s->exp[CK_STATE] = 0; s->exp[CK_UP] = 0; s->exp[CK_DIST] = 3; s->exp[CK_PFADDR] = D_AT(9);
  ag_drain(g);   /* 2 pending */
  g->present = 0;
  ag_fill(g, 0, 0, 1);
  ag_fill(g, 0, 0, 1);
  ag_idle(g, 2);   /* 0 pending */
  s = D_LOAD("D: iteration 7 misses on its own address, its burst back: 10, too early, distance 2", 7, 0);
  s->exp[CK_STATE] = 2; s->exp[CK_UP] = 0; s->exp[CK_DOWN] = 1; s->exp[CK_DIST] = 2; s->exp[CK_PFADDR] = D_AT(9);
  ag_drain(g);
  ag_fill(g, 0, 0, 1);
  ag_idle(g, 2);
  s = D_LOAD("D: iteration 8, one burst in a row at distance 2: not judged", 8, 1);
  s->exp[CK_STATE] = 0; s->exp[CK_DIST] = 2; s->exp[CK_PFADDR] = D_AT(10);
  ag_drain(g);
  ag_fill(g, 0, 0, 1);
  ag_idle(g, 2);
  s = D_LOAD("D: a miss at iteration 10's address where 9's was predicted: 10, no change", 10, 0);
  s->exp[CK_STATE] = 2; s->exp[CK_UP] = 0; s->exp[CK_DOWN] = 0; s->exp[CK_DIST] = 2; s->exp[CK_MATCH] = 1;
  ag_drain(g);
#undef D_LOAD
#undef D_AT

  /* ---- F. n = n_warps x THREADS: one active warp prefetches its next element T on ---- */
  ag_reset(g);
  s = ag_load(g, "F: n_warps = 1: the burst starts one warp-width on", 1, 0, full, B0, (int32_t)es, 0);
  s->nw = 1;
  s->exp[CK_START] = 1; s->exp[CK_PFADDR] = (B0 + es * (uint32_t)T) & am;
  ag_drain(g);

  /* ---- E. TIA trigger migration ---- */
  const uint32_t P3 = 1, P2 = 2, P1 = 3, P0 = 0, S = 0x44 & am;   /* fit PC_BITS = 2 */
  /* it: P0 hit?, and expected (fire at P3, P2, P1), create, slow, move at (P3, P2, P1) */
  static const struct { uint8_t hit0, f3, f2, f1, cre, slow, m3, m2, m1; } it[6] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0},   /* 0: P0 becomes scalar */
    {0, 0, 0, 0, 1, 0, 0, 0, 0},   /* 1: miss: trigger keyed by the LAL, P1 */
    {0, 0, 0, 1, 0, 1, 0, 0, 0},   /* 2: P1 fires, P0 still misses: slow */
    {0, 0, 0, 1, 0, 1, 0, 0, 1},   /* 3: P1 fires and moves to P2; still too late */
    {1, 0, 1, 0, 0, 0, 0, 1, 0},   /* 4: P2 fires and moves to P3; P0 hits */
    {1, 1, 0, 0, 0, 0, 0, 0, 0},   /* 5: P3 fires, not slow: stays */
  };
  ag_reset(g);
  for (int i = 0; i < 6; i++) {
    const uint32_t pcs[3] = {P3, P2, P1};
    const uint8_t fire[3] = {it[i].f3, it[i].f2, it[i].f1}, mv[3] = {it[i].m3, it[i].m2, it[i].m1};
    for (int k = 0; k < 3; k++) {
      s = ag_load(g, "E: a one-lane load before the scalar one", pcs[k], 0, 1, 0x80 + 8 * pcs[k], 0, 1);
      s->exp[CK_TFIRE] = fire[k]; s->exp[CK_TMOVE] = mv[k]; s->exp[CK_TCRE] = 0;
      ag_idle(g, 3);
    }
    s = ag_load(g, "E: the scalar load P0", P0, 0, full, S, 0, it[i].hit0);
    s->exp[CK_TCRE] = it[i].cre; s->exp[CK_TSLOW] = it[i].slow; s->exp[CK_TFIRE] = 0;
    if (i == 0) s->exp[CK_SCALAR] = 1;
    ag_idle(g, 3);
  }
  if (d->lat) {
    ag_pipe(g, es, cmax);
    ag_idle(g, d->lat);   /* the last load's outputs */
  }
  if (wg_dir_overflow(msg, n, "apogee", g->n, AG_MAX_STEPS)) return 1;
  return 0;
#undef CAP
}

static void ag_dir_next(void *vs, uint64_t cycle, void *vin) {
  ag_dir *g = vs;
  apogee_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle >= (uint64_t)g->n) return;
  const ag_step *s = &g->s[cycle];
  in->rst = s->rst;
  in->ld_valid = s->ld;
  in->ld_pc = s->pc;
  in->ld_warp = s->warp;
  in->ld_mask = s->mask;
  for (int j = 0; j < g->d.T; j++) ag_set_addr(in->ld_addr, j, g->d.AB, s->addr[j]);
  in->ld_hit = s->hit;
  in->fill_valid = s->fill;
  in->fill_entry = s->fe;
  in->fill_warp = s->fw;
  in->fill_last = s->last;
  in->pf_ready = s->ready;
  in->pf_present = s->present;
  in->n_warps = s->nw;
}

static int ag_dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  ag_dir *g = vs;
  const apogee_out *o = vout;
  if (cycle >= (uint64_t)g->n) return 0;
  const ag_step *s = &g->s[cycle];
  const uint32_t got[CK_N] = {o->ld_alloc, o->ld_match, o->ld_mismatch, o->ld_conf, o->ld_offset,
    o->ld_confirmed, o->ld_scalar, o->ld_state, o->dist_up, o->dist_down, o->ld_dist, o->ld_pf_addr,
    o->pf_start, o->tia_fire, o->tia_create, o->tia_slow, o->tia_move, o->pf_drop, o->ld_entry, o->evict};
  if (cycle >= (uint64_t)g->d.lat) {   /* the load whose outputs show now */
    const ag_step *ls = &g->s[cycle - (uint64_t)g->d.lat];
    for (int k = 0; k < CK_N; k++)
      if (wg_expect(msg, n, cycle, ls->what, ag_ck_name[k], got[k], ls->exp[k], AG_X)) return 1;
  }
  if (s->rst) g->n_seen = 0;
  if (o->pf_valid && s->ready && !s->rst && g->n_seen < AG_MAX_LINES) {
    g->seen_line[g->n_seen] = o->pf_line; g->seen_warp[g->n_seen] = o->pf_warp; g->seen_last[g->n_seen] = o->pf_last;
    g->n_seen++;
  }
  if (s->verify) {
    int bad = g->n_seen != g->n_exp;
    for (int i = 0; !bad && i < g->n_exp; i++)
      bad = g->seen_line[i] != g->exp_line[i] || g->seen_warp[i] != g->exp_warp[i] || g->seen_last[i] != g->exp_last[i];
    if (bad) {
      snprintf(msg, n, "step %llu (%s): the queue sent %d lines (first 0x%x, warp %u), expected %d (first 0x%x, warp %u; "
               "each burst's last line marked pf_last)",
               (unsigned long long)cycle, s->what, g->n_seen, g->n_seen ? g->seen_line[0] : 0,
               g->n_seen ? g->seen_warp[0] : 0, g->n_exp, g->exp_line[0], g->exp_warp[0]);
      return 1;
    }
    fprintf(stderr, "apogee directed: Fig. 5.5 prefetch lines 0x%x..0x%x (warp 0: %d, warp 1: %d lines) as expected\n",
            g->exp_line[0], g->exp_line[g->n_exp - 1], g->n_exp / 2, g->n_exp - g->n_exp / 2);
  }
  return 0;
}

static uint64_t ag_dir_length(const void *vs) { return (uint64_t)((const ag_dir *)vs)->n; }

const wg_stim_ops apogee_directed_stim = {"apogee", "directed", sizeof(ag_dir), ag_dir_init,
                                          ag_dir_next, ag_dir_check, ag_dir_length};
