/*
** oaws_stim.c -- stimulus for block 'oaws' (OAWS occlusion-aware issue check).
**
** random:   two independent streams.
**   memory side (DLC and OCW training): regimes "climb" (back-to-back
**     divergent loads, all fully cached: CNT saturates again and again and
**     OCW walks up to W; the regime lasts long enough to get there from 2),
**     "fall" (divergent, partially cached loads whose accesses all hit one
**     set: associativity-sensitive, Delta = CNT/2, OCW walks down to 2),
**     "mixed" (random probabilities, PC pools of 1 .. 2 x DLC + 2 PCs so the
**     DLC fills and replaces, rare kernel launches) -- the stimulus does not
**     read the outputs, it times its regimes from the parameters.
**   scheduler side: regimes redrawn every 64..4096 cycles: ready/live
**     densities, fills (mostly loads, PCs from the same pool), active counts
**     (full, random, few), issue and retire rates and retire_pred sizes, MSHR
**     "exhaust" (allocations outrun frees: Avail_mshr = 0), "drain" and
**     balanced, static or dynamic mode, warp launches.
**   The check callback counts the corner events from the outputs (DLC full,
**   MSHR exhaustion, OCW at 2 and at W, occlusion, a load issued with its
**   prediction equal to the free MSHRs) and prints them at 10^k and 5x10^k
**   cycles; after 100,000 cycles it fails if the DLC was never full or the
**   MSHRs never exhausted.
** directed: see below (dir_*).
*/
#include "oaws_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static uint64_t oa_low(int n) { return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1; }
static int oa_clog2(int64_t v) { int n = 1; while (((int64_t)1 << n) < v) n++; return n; }
static int oa_bits_for(int64_t v) { int n = 1; while (((int64_t)1 << n) <= v) n++; return n; }
static uint64_t oa_mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

typedef struct oa_dims {
  int W, M, T, N, S, PCB, cmax, cntb, pipe;
  uint64_t wmask, pcmask;
} oa_dims;

static void oa_dims_of(oa_dims *d, const oaws_params *p) {
  d->W = (int)p->W; d->M = (int)p->MSHRS; d->T = (int)p->THREADS; d->N = (int)p->DLC;
  d->S = (int)p->SETS; d->PCB = (int)p->PCB; d->cmax = (1 << p->CNTB) - 1; d->cntb = (int)p->CNTB;
  d->pipe = (int)p->PIPE;
  d->wmask = oa_low(d->W);
  d->pcmask = oa_low(d->PCB);
}

/* ---------------------------------------------------------------- random */
enum { OA_CLIMB, OA_FALL, OA_MIXED };

typedef struct oa_rand {
  oa_dims  d;
  uint64_t rng, pool_seed;
  /* memory side */
  int      mreg;
  uint64_t mleft;
  unsigned k_coal, k_div, k_fully, k_acc, k_launch_k;
  int      contended, pool;
  int      since_fill;                 /* memory regimes since the last one that can fill the DLC */
  int      filling;                    /* this regime was forced to fill the DLC: no kernel launch */
  int      left_acc, fully, miss_seen, cur_set;
  /* scheduler side */
  uint64_t sleft;
  unsigned k_ready, k_live, k_fill, k_load, k_issue, k_retire, k_alloc, k_free, k_wl;
  int      active_mode, pred_mode, dyn;
  /* coverage */
  uint64_t dlc_full, mshr_empty, ocw_lo, ocw_hi, occ_cycles, boundary, cnt_sat;
  uint32_t was_full, was_empty, last_ocw;
} oa_rand;


static uint64_t oa_pc(const oa_dims *d, uint64_t seed, int i) {
  uint64_t pc = oa_mix(seed + (uint64_t)i) & d->pcmask;
  if (d->PCB <= 12) pc = ((uint64_t)(i * 5 + (int)(seed & 7))) & d->pcmask;   /* distinct in small spaces */
  return pc;
}

static void oa_mregime(oa_rand *r) {
  const oa_dims *d = &r->d;
  unsigned x = wg_rand_below(&r->rng, 8);
  r->mreg = x < 3 ? OA_CLIMB : x < 5 ? OA_FALL : OA_MIXED;
  r->contended = 0;
  r->pool = 1 + (int)wg_rand_below(&r->rng, 3);
  if (r->mreg == OA_CLIMB) {          /* 2.5 cycles per load, (cmax+1) loads per OCW step */
    r->mleft = (uint64_t)(d->W - 1) * (uint64_t)(d->cmax + 1) * 3 + 64;
    r->k_coal = 8; r->k_div = 8; r->k_fully = 8; r->k_acc = 8;
  } else if (r->mreg == OA_FALL) {    /* about 9 loads per OCW step down */
    r->mleft = (uint64_t)(d->W - 1) * (uint64_t)(d->cntb + 2) * 3 + 64;
    r->k_coal = 8; r->k_div = 8; r->k_fully = 0; r->k_acc = 8; r->contended = 1;
  } else {
    r->mleft = 2000 + wg_rand_below(&r->rng, 20000);
    r->k_coal = wg_rand_in(&r->rng, 1, 8); r->k_div = wg_rand_in(&r->rng, 2, 8);
    r->k_fully = wg_rand_in(&r->rng, 0, 8); r->k_acc = wg_rand_in(&r->rng, 3, 8);
    r->contended = (int)wg_rand_below(&r->rng, 2);
    switch (wg_rand_below(&r->rng, 4)) {
    case 0: r->pool = 1; break;
    case 1: r->pool = d->N > 1 ? d->N / 2 : 1; break;
    default: r->pool = 2 * d->N + 2;
    }
    r->pool_seed = wg_rand(&r->rng);
  }
  /* Only a mixed regime over the large PC pool fills the DLC, and a kernel
  ** launch empties it.  The first regime of a run is one (the climb regime
  ** alone lasts ~48,000 cycles at W=64 CNTB=8), without launches, and then
  ** never six regimes pass without one: drawn at random, a 100,000-cycle run
  ** (W=6 DLC=41 CNTB=8, seed 1146) once had none and its coverage check failed. */
  int first = r->since_fill < 0;
  r->filling = 0;
  if (!first && r->mreg == OA_MIXED && r->pool == 2 * d->N + 2) r->since_fill = 0;
  else if (first || ++r->since_fill >= 6) {
    r->mreg = OA_MIXED;
    r->mleft = 2000 + wg_rand_below(&r->rng, 20000);
    r->k_coal = 8; r->k_div = wg_rand_in(&r->rng, 6, 8);
    r->k_fully = wg_rand_in(&r->rng, 0, 8); r->k_acc = wg_rand_in(&r->rng, 3, 8);
    r->contended = 0;
    r->pool = 2 * d->N + 2;
    r->pool_seed = wg_rand(&r->rng);
    r->since_fill = 0;
    r->filling = 1;
  }
}

static void oa_sregime(oa_rand *r) {
  uint64_t *g = &r->rng;
  r->sleft = 64 + wg_rand_below(g, 4033);
  r->k_ready = wg_rand_in(g, 1, 8); r->k_live = wg_rand_in(g, 5, 8); r->k_fill = wg_rand_in(g, 2, 8);
  r->k_load = wg_rand_in(g, 4, 8); r->k_issue = wg_rand_in(g, 2, 8); r->k_retire = wg_rand_in(g, 1, 7);
  r->k_wl = wg_rand_below(g, 4) == 0 ? 2 : 0;
  switch (wg_rand_below(g, 3)) {
  case 0: r->k_alloc = wg_rand_in(g, 5, 8); r->k_free = wg_rand_in(g, 0, 2); break;   /* exhaust */
  case 1: r->k_alloc = wg_rand_in(g, 0, 2); r->k_free = wg_rand_in(g, 5, 8); break;   /* drain */
  default: r->k_alloc = wg_rand_in(g, 1, 6); r->k_free = wg_rand_in(g, 1, 6);
  }
  r->active_mode = (int)wg_rand_below(g, 3);
  r->pred_mode = (int)wg_rand_below(g, 3);
  if (wg_rand_below(g, 3) == 0) r->dyn = !r->dyn;
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  oa_rand *r = vs;
  memset(r, 0, sizeof *r);
  oa_dims_of(&r->d, vp);
  r->rng = seed;
  r->pool_seed = wg_rand(&r->rng);
  r->dyn = 1;
  r->since_fill = -1;                  /* the first memory regime fills the DLC */
  oa_mregime(r);
  oa_sregime(r);
  return 0;
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  oa_rand *r = vs;
  oaws_in *in = vin;
  const oa_dims *d = &r->d;
  uint64_t *g = &r->rng;
  memset(in, 0, sizeof *in);
  if (--r->mleft == 0) oa_mregime(r);
  if (--r->sleft == 0) oa_sregime(r);
  in->rst = cycle == 0 || wg_rand_below(g, 1u << 19) == 0;
  in->kernel_launch = r->mreg == OA_MIXED && !r->filling && wg_rand_below(g, 1500) == 0;
  in->dyn_mode = (uint32_t)r->dyn;

  /* ---- scheduler side ---- */
  in->launch = r->k_wl && wg_rand_k8(g, r->k_wl);
  in->launch_warp = wg_rand_below(g, 1u << oa_clog2(d->W));
  in->live = ~wg_rand_bits8(g, 8 - r->k_live) & d->wmask;
  in->ready = wg_rand_bits8(g, r->k_ready) & d->wmask;
  in->ib_head = wg_rand(g) & d->wmask;
  in->fill = (uint32_t)wg_rand_k8(g, r->k_fill);
  in->fill_warp = wg_rand_below(g, (uint32_t)d->W);
  in->fill_slot = (uint32_t)(wg_rand(g) & 1);
  in->fill_load = (uint32_t)wg_rand_k8(g, r->k_load);
  in->fill_pc = oa_pc(d, r->pool_seed, (int)wg_rand_below(g, (uint32_t)r->pool));
  if (wg_rand_below(g, 16) == 0) in->fill_pc = wg_rand(g) & d->pcmask;
  switch (r->active_mode) {
  case 0: in->fill_active = (uint32_t)d->T; break;
  case 1: in->fill_active = wg_rand_below(g, (uint32_t)d->T + 1); break;
  default: in->fill_active = wg_rand_below(g, 4);
  }
  if (wg_rand_below(g, 64) == 0) in->fill_active = (uint32_t)oa_low(oa_bits_for(d->T));   /* above THREADS */
  in->issue = (uint32_t)wg_rand_k8(g, r->k_issue);
  in->retire = (uint32_t)wg_rand_k8(g, r->k_retire);
  switch (r->pred_mode) {
  case 0: in->retire_pred = wg_rand_below(g, 3); break;
  case 1: in->retire_pred = wg_rand_below(g, (uint32_t)d->M / 2 + 2); break;
  default: in->retire_pred = wg_rand_below(g, 1u << oa_bits_for(d->M));
  }
  in->mshr_alloc = (uint32_t)wg_rand_k8(g, r->k_alloc);
  in->mshr_free = (uint32_t)wg_rand_k8(g, r->k_free);

  /* ---- memory side: one load at a time through the L1D ---- */
  if (r->left_acc == 0 || wg_rand_below(g, 512) == 0) {   /* rarely: a new load abandons the old */
    if (wg_rand_k8(g, r->k_coal)) {
      in->coal = 1;
      int dv = wg_rand_k8(g, r->k_div);
      in->coal_pc = oa_pc(d, r->pool_seed, (int)wg_rand_below(g, (uint32_t)r->pool));
      in->coal_nacc = dv ? (r->contended ? (uint32_t)d->T : 3 + wg_rand_below(g, (uint32_t)d->T - 2))
                         : wg_rand_below(g, 3);
      r->left_acc = r->mreg == OA_MIXED ? 1 + (int)wg_rand_below(g, 4) : 1 + (int)wg_rand_below(g, 2);
      r->fully = wg_rand_k8(g, r->k_fully);
      r->miss_seen = 0;
      r->cur_set = (int)wg_rand_below(g, (uint32_t)d->S);
    } else if (wg_rand_below(g, 8) == 0) {   /* a stray access outside a load */
      in->acc = 1; in->acc_set = wg_rand_below(g, 1u << oa_clog2(d->S)); in->acc_miss = (uint32_t)(wg_rand(g) & 1);
      in->acc_last = (uint32_t)(wg_rand(g) & 1);
    }
  } else if (wg_rand_k8(g, r->k_acc)) {
    in->acc = 1;
    in->acc_last = r->left_acc == 1;
    in->acc_set = r->contended ? (uint32_t)r->cur_set : wg_rand_below(g, 1u << oa_clog2(d->S));
    int miss = r->fully ? 0 : (int)(wg_rand(g) & 1);
    if (!r->fully && in->acc_last && !r->miss_seen) miss = 1;   /* partially cached: at least one miss */
    r->miss_seen |= miss;
    in->acc_miss = (uint32_t)miss;
    r->left_acc--;
  }
}

static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  oa_rand *r = vs;
  const oaws_out *o = vout;
  if (o->dlc_full && !r->was_full) r->dlc_full++;
  r->was_full = o->dlc_full;
  if (o->avail_mshr == 0 && !r->was_empty) r->mshr_empty++;
  r->was_empty = o->avail_mshr == 0;
  if (o->ocw != r->last_ocw) {
    if (o->ocw == 2 && r->last_ocw != 0) r->ocw_lo++;
    if ((int)o->ocw == r->d.W) r->ocw_hi++;
    r->last_ocw = o->ocw;
  }
  r->occ_cycles += o->occlude != 0;
  r->boundary += o->pick_valid && o->pick_pred != 0 && o->pick_pred + o->miss_inflight == o->avail_mshr;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    fprintf(stderr, "oaws random coverage, %llu cycles: DLC filled %llu times; MSHRs exhausted (Avail_mshr = 0) "
            "%llu times; OCW reached 2 %llu times and W=%d %llu times; some warp occluded in %.1f%% of cycles; "
            "%llu picks with Miss_pred = Avail_mshr - Miss_inflight (Eq. 1 boundary)\n",
            (unsigned long long)c, (unsigned long long)r->dlc_full, (unsigned long long)r->mshr_empty,
            (unsigned long long)r->ocw_lo, r->d.W, (unsigned long long)r->ocw_hi,
            100.0 * (double)r->occ_cycles / (double)c, (unsigned long long)r->boundary);
  }
  if (c == 100000 && (r->dlc_full == 0 || r->mshr_empty == 0 || r->occ_cycles == 0)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles DLC full %llu, MSHR exhaustion %llu, occlusion %llu "
             "(the stimulus is broken for this parameter set)", (unsigned long long)r->dlc_full,
             (unsigned long long)r->mshr_empty, (unsigned long long)r->occ_cycles);
    return 1;
  }
  return 0;
}

const wg_stim_ops oaws_random_stim = {"oaws", "random", sizeof(oa_rand), rand_init,
                                      rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed
** Scenarios built in dir_init, each starting with a reset; the outputs
** expected at chosen cycles are written from the paper's rules (section
** refs in each 'what'), not from the model:
**   A. static OAWS at the MSHR boundary (4.2, Eq. 1): a divergent load with
**      Miss_pred = ceil(THREADS x SMR) is admitted with exactly that many
**      free MSHRs and occluded with one fewer; a coherent load (DLC miss)
**      predicts 1; a non-load is never gated.
**   B. Miss_inflight over issue and retire (4.1): += the pick's prediction
**      on issue, -= the retiring load's prediction, both in one cycle, and
**      a retire larger than the count stops at 0; while a load is in flight
**      the next divergent load is occluded.
**   C. OCW up (4.3.1, Fig. 7 (A)(B)): fully cached divergent loads count CNT
**      up from Cmax/2+1 .. Cmax; at Cmax OCW + 1 and CNT = 0; at small
**      sizes on to OCW = W, where CNT stays at Cmax (D).
**   D. OCW down: a partially cached load at CNT = 0 drops OCW by 1 and sets
**      CNT = Cmax (E); then CNT - 1 for a load spread over its sets (Delta=1)
**      and CNT - CNT/2 for one whose accesses all map to one set
**      (#acc > 1.5 #sets: Delta = CNT/2).
**   E. locality vs thrashing (4.3.2): slot-order ages, OCW = 2: warps 0, 1
**      are locality warps (prediction 0, never occluded), warp w >= 2
**      predicts min(ceil(THREADS/2) + w, MSHRS) and is occluded exactly when
**      that exceeds the free MSHRs; ranks follow 'live' and warp launch.
**   F. forward progress: the youngest thrashing warp's prediction is
**      clamped to MSHRS, so with all MSHRs free and nothing in flight it
**      issues; until its retire every other load is occluded.
**   G. DLC: DLC distinct divergent PCs fill it, one more replaces an entry
**      (it stays full), a coherent load inserts nothing, kernel launch
**      clears it and restarts CNT and OCW.
*/
#define OA_MAX_STEPS 6000
#define OA_X INT64_MIN
enum { E_OCC, E_LOC, E_PV, E_PW, E_PP, E_AV, E_MI, E_CNT, E_OCW, E_DLCV, E_NE };
static const char *const oa_ename[E_NE] = {"occlude", "locality", "pick_valid", "pick_warp", "pick_pred",
                                           "avail_mshr", "miss_inflight", "cnt", "ocw", "dlc_valid"};

typedef struct oa_step {
  oaws_in in;
  int64_t e[E_NE];
  const char *what;
} oa_step;

typedef struct oa_dir {
  oa_dims d;
  int     n;
  oaws_in tin;          /* the levels carried from step to step */
  oa_step s[OA_MAX_STEPS];
} oa_dir;

static oa_step *oa_add(oa_dir *d, const char *what) {
  oa_step *s = wg_dir_step(d->s, &d->n, OA_MAX_STEPS, sizeof *s);
  s->in = d->tin;
  for (int i = 0; i < E_NE; i++) s->e[i] = OA_X;
  s->what = what;
  return s;
}
static void oa_reset(oa_dir *d, int dyn, const char *what) {
  memset(&d->tin, 0, sizeof d->tin);
  d->tin.dyn_mode = (uint32_t)dyn;
  d->tin.live = d->d.wmask;
  oa_add(d, what)->in.rst = 1;
}
static oa_step *oa_idle(oa_dir *d, const char *what) { return oa_add(d, what); }
/* PIPE=1: a cycle with nothing new, after which a one-cycle expectation of A-G holds again (the
** ranks and locality tests have seen a change of 'live' or a launch; the estimator has trained on
** a load's last access): its outputs are left open */
static void oa_settle(oa_dir *d, const char *what) {
  if (d->d.pipe) oa_add(d, what);
}
/* a load through the L1D: coal, then 'na' accesses; sets: one (contended) or
** 0,1,2,... (spread); miss on the last access if !fully */
static void oa_load(oa_dir *d, uint64_t pc, int nacc, int na, int contended, int fully, const char *what) {
  oa_step *s = oa_add(d, what);
  s->in.coal = 1; s->in.coal_pc = pc; s->in.coal_nacc = (uint32_t)nacc;
  for (int k = 0; k < na; k++) {
    s = oa_add(d, what);
    s->in.acc = 1;
    s->in.acc_set = contended ? 1u : (uint32_t)(k % d->d.S);
    s->in.acc_last = k == na - 1;
    s->in.acc_miss = !fully && k == na - 1;
  }
  oa_settle(d, "(PIPE=1: the estimator trains a cycle after the load's last access)");
}
static void oa_fill(oa_dir *d, oa_step *s, int w, int slot, int load, uint64_t pc, int active) {
  (void)d;
  s->in.fill = 1; s->in.fill_warp = (uint32_t)w; s->in.fill_slot = (uint32_t)slot;
  s->in.fill_load = (uint32_t)load; s->in.fill_pc = pc; s->in.fill_active = (uint32_t)active;
}
static void oa_allocs(oa_dir *d, int k, const char *what) {
  for (int i = 0; i < k; i++) oa_add(d, what)->in.mshr_alloc = 1;
}
static int oa_ceilpct(int a, int pct) { return (a * pct + 99) / 100; }
static int oa_imin(int a, int b) { return a < b ? a : b; }

enum { PC_DIV = 0x5, PC_COH = 0x9, PC_SPREAD = 0xA, PC_CONT = 0xC };

static void dir_static_boundary(oa_dir *d, oaws_params const *p) {
  const int M = d->d.M, T = d->d.T;
  const int q = oa_imin(M, oa_ceilpct(T, (int)p->SMR));   /* static prediction, all threads active */
  oa_reset(d, 0, "A: reset, static mode");
  oa_load(d, PC_DIV, T, 1, 0, 1, "A: a divergent load (THREADS accesses) enters the DLC");
  oa_step *s = oa_idle(d, "A: warp 0 decodes that load (DLC hit), warp 1 a coherent load, warp 2 an ALU op");
  oa_fill(d, s, 0, 0, 1, PC_DIV, T);
  s = oa_idle(d, "A: fill warp 1");
  oa_fill(d, s, 1, 0, 1, PC_COH, T);
  s = oa_idle(d, "A: fill warp 2");
  oa_fill(d, s, 2 % d->d.W, 0, 0, PC_DIV, T);
  s->e[E_DLCV] = 1;
  if (q == 0) return;   /* SMR = 0: nothing is gated */
  oa_allocs(d, M - q, "A: allocate MSHRs until exactly Miss_pred are free");
  d->tin.ready = 1;
  s = oa_idle(d, "A: Avail_mshr - Miss_inflight == Miss_pred: admitted (Eq. 1 holds with equality)");
  s->e[E_AV] = q; s->e[E_MI] = 0; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PW] = 0; s->e[E_PP] = q;
  s->in.mshr_alloc = 1;
  s = oa_idle(d, "A: one MSHR fewer: Miss_pred = RHS + 1: occluded, nothing to pick");
  s->e[E_AV] = q - 1; s->e[E_OCC] = 1; s->e[E_PV] = 0; s->e[E_PP] = 0;
  oa_allocs(d, q - 1, "A: allocate the rest");
  d->tin.ready = 2;
  s = oa_idle(d, "A: MSHRs exhausted: the coherent load (DLC miss, predicts 1) is occluded");
  s->e[E_AV] = 0; s->e[E_OCC] = 2; s->e[E_PV] = 0;
  s->in.mshr_free = 1;
  s = oa_idle(d, "A: one MSHR free: the coherent load is admitted with Miss_pred 1");
  s->e[E_AV] = 1; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PW] = 1; s->e[E_PP] = 1;
  if (d->d.W > 2) {
    d->tin.ready = 4; d->tin.mshr_alloc = 0;
    s = oa_idle(d, "A: (one alloc) ...");
    s->in.mshr_alloc = 1;
    s = oa_idle(d, "A: MSHRs exhausted: a non-load is never gated");
    s->e[E_AV] = 0; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PW] = 2; s->e[E_PP] = 0;
  }

  /* ---- B: Miss_inflight ---- */
  d->tin.ready = 0;
  for (int i = 0; i < M; i++) oa_add(d, "B: free every MSHR")->in.mshr_free = 1;
  d->tin.ready = 1;
  s = oa_idle(d, "B: warp 0's divergent load issues: Miss_inflight += Miss_pred");
  s->e[E_AV] = M; s->e[E_MI] = 0; s->e[E_PV] = 1; s->e[E_PW] = 0; s->e[E_PP] = q;
  s->in.issue = 1;
  oaws_in keep = d->tin;
  d->tin.ready = 3;
  s = oa_idle(d, "B: in flight; warp 1's coherent load issues too (greedy warp 0 still a load)");
  s->e[E_MI] = q;
  if (M - q >= q) {   /* warp 0's next instance is admitted again: greedy keeps it */
    s->e[E_PW] = 0;
  }
  d->tin.ready = 2;
  s = oa_idle(d, "B: only warp 1 ready: its coherent load (1) issues");
  s->e[E_MI] = q;
  if (M - q >= 1) { s->e[E_PV] = 1; s->e[E_PW] = 1; s->e[E_PP] = 1; s->in.issue = 1; }
  d->tin.ready = 0;
  int mi = q + (M - q >= 1 ? 1 : 0);
  s = oa_idle(d, "B: warp 0's load retires in the same cycle as nothing issues: -= its prediction");
  s->e[E_MI] = mi;
  s->in.retire = 1; s->in.retire_pred = (uint32_t)q;
  mi -= q;
  s = oa_idle(d, "B: retire of a larger prediction than is counted stops at 0");
  s->e[E_MI] = mi;
  s->in.retire = 1; s->in.retire_pred = (uint32_t)(mi + 1);
  s = oa_idle(d, "B: Miss_inflight back to 0");
  s->e[E_MI] = 0;
  d->tin = keep;
  d->tin.ready = 1;
  s = oa_idle(d, "B: issue and retire in one cycle: += q and -= 1 together");
  s->e[E_MI] = 0; s->e[E_PP] = q; s->in.issue = 1; s->in.retire = 1; s->in.retire_pred = 1;
  d->tin.ready = 0;
  s = oa_idle(d, "B: Miss_inflight = q - 1 (the retire had nothing to take but is applied after the issue)");
  s->e[E_MI] = q - 1;
}

static void dir_ocw(oa_dir *d) {
  const int W = d->d.W, cm = d->d.cmax, ci = 1 << (d->d.cntb - 1), T = d->d.T;
  oa_reset(d, 1, "C: reset, dynamic mode");
  oa_step *s = oa_idle(d, "C: CNT starts at Cmax/2+1... (paper: 128), OCW at 2");
  s->e[E_CNT] = ci; s->e[E_OCW] = 2;
  oa_load(d, PC_SPREAD, 3, 3, 0, 1, "C: a fully cached divergent load (3 accesses, 3 sets)");
  s = oa_idle(d, "C: CNT + 1 (A) (at CNTB = 2 that is Cmax already: (B) on the same load)");
  s->e[E_CNT] = ci + 1 < cm ? ci + 1 : 0; s->e[E_OCW] = ci + 1 < cm ? 2 : 3;
  for (int k = ci + 1; k < cm; k++) oa_load(d, PC_SPREAD, 3, 3, 0, 1, "C: fully cached divergent loads up to Cmax");
  s = oa_idle(d, "C: CNT reached Cmax: OCW + 1 and CNT = 0 (B)");
  s->e[E_CNT] = 0; s->e[E_OCW] = 3;
  oa_load(d, PC_SPREAD, 3, 1, 0, 1, "C: a divergent load, fully cached (one access)");
  s = oa_idle(d, "C: CNT 1");
  s->e[E_CNT] = 1; s->e[E_OCW] = 3;
  /* a coherent load (2 accesses) does not train */
  oa_load(d, PC_COH, 2, 2, 0, 0, "C: a coherent load with a miss: no training (only divergent loads train OCW)");
  s = oa_idle(d, "C: CNT unchanged");
  s->e[E_CNT] = 1; s->e[E_OCW] = 3;
  /* ---- D ---- */
  oa_load(d, PC_SPREAD, 3, 3, 0, 0, "D: a partially cached load, #acc = #sets (Delta = 1)");
  s = oa_idle(d, "D: CNT 1 - 1 = 0: OCW - 1 and CNT = Cmax (E)");
  s->e[E_CNT] = cm; s->e[E_OCW] = 2;
  oa_load(d, PC_SPREAD, 3, 3, 0, 0, "D: partially cached, spread over 3 sets (Delta = 1)");
  s = oa_idle(d, "D: CNT - 1");
  s->e[E_CNT] = cm - 1; s->e[E_OCW] = 2;
  oa_load(d, PC_CONT, T, 2, 1, 0, "D: partially cached, THREADS accesses all in one set: #acc > 1.5 #sets");
  int c = cm - 1 - ((cm - 1) >> 1);
  s = oa_idle(d, "D: CNT - CNT/2 (associativity-sensitive, Delta = CNT/2)");
  s->e[E_CNT] = c; s->e[E_OCW] = 2;
  while (c > 0) {
    oa_load(d, PC_CONT, T, 1, 1, 0, "D: more contended partial loads: CNT halves down to 0");
    c -= (c >> 1) ? (c >> 1) : 1;
  }
  s = oa_idle(d, "D: CNT 0 at OCW = 2: a floor (D)");
  s->e[E_CNT] = 0; s->e[E_OCW] = 2;
  oa_load(d, PC_CONT, T, 1, 1, 0, "D: one more partial load at the floor");
  s = oa_idle(d, "D: no change at (CNT 0, OCW 2)");
  s->e[E_CNT] = 0; s->e[E_OCW] = 2;
  if (W <= 8) {   /* climb to the top: (W - 2) x (Cmax + 1) loads from here */
    for (int o = 2; o < W; o++)
      for (int k = 0; k < cm; k++) oa_load(d, PC_SPREAD, 3, 1, 0, 1, "C: fully cached loads up to OCW = W (Cmax per step)");
    s = oa_idle(d, "C: OCW = W = Wmax, CNT 0");
    s->e[E_CNT] = 0; s->e[E_OCW] = W;
    for (int k = 0; k < cm + 3; k++) oa_load(d, PC_SPREAD, 3, 1, 0, 1, "C: fully cached loads at the top");
    s = oa_idle(d, "C: at OCW = W, CNT stays at Cmax (D)");
    s->e[E_CNT] = cm; s->e[E_OCW] = W;
  }
}

static void dir_locality(oa_dir *d) {
  const int W = d->d.W, M = d->d.M, T = d->d.T, base = oa_imin(M, oa_ceilpct(T, 50));
  oa_reset(d, 1, "E: reset, dynamic mode, OCW = 2, slot-order ages");
  oa_load(d, PC_DIV, T, 1, 0, 0, "E: the divergent load enters the DLC (partially cached: OCW stays 2)");
  for (int w = 0; w < W; w++) oa_fill(d, oa_idle(d, "E: every warp decodes the divergent load, all threads active"), w, 0, 1, PC_DIV, T);
  int k = M / 2;   /* allocate k MSHRs: RHS = M - k */
  oa_allocs(d, k, "E: allocate MSHRs");
  d->tin.ready = d->d.wmask;
  uint64_t occ = 0;
  for (int w = 2; w < W; w++) if (oa_imin(base + w, M) > M - k) occ |= (uint64_t)1 << w;
  oa_step *s = oa_idle(d, "E: warps 0,1 locality (never occluded); warp w >= 2 thrashing, Miss_pred = min(base + w, MSHRS)");
  s->e[E_LOC] = 3; s->e[E_OCC] = (int64_t)occ; s->e[E_PV] = 1; s->e[E_PW] = 0; s->e[E_PP] = 0; s->e[E_AV] = M - k;
  d->tin.live = d->d.wmask & ~(uint64_t)3;
  d->tin.ready = d->tin.live;
  oa_settle(d, "E: (PIPE=1: the ranks see the barrier a cycle later)");
  occ = 0;
  for (int w = 4; w < W; w++) if (oa_imin(base + w - 2, M) > M - k) occ |= (uint64_t)1 << w;
  s = oa_idle(d, "E: warps 0,1 at a barrier (not live): warps 2,3 rank 0,1 and become the locality warps");
  s->e[E_LOC] = 0xC & (int64_t)d->d.wmask; s->e[E_OCC] = (int64_t)occ;
  d->tin.live = d->d.wmask;
  d->tin.ready = d->d.wmask;
  s = oa_idle(d, "E: warp 0 is relaunched: it becomes the youngest");
  s->in.launch = 1; s->in.launch_warp = 0;
  oa_settle(d, "E: (PIPE=1: the ranks see the launch a cycle later)");
  s = oa_idle(d, "E: locality warps now 1 and 2; warp 0 ranks W-1");
  s->e[E_LOC] = 0x6 & (int64_t)d->d.wmask;
  d->tin.ready = 1;
  s = oa_idle(d, "E: warp 0 alone ready: thrashing with rank W-1");
  s->e[E_LOC] = 0; s->e[E_OCC] = (oa_imin(base + W - 1, M) > M - k) ? 1 : 0;

  /* ---- F: forward progress ---- */
  for (int i = 0; i < k; i++) oa_add(d, "F: free the MSHRs again")->in.mshr_free = 1;
  s = oa_idle(d, "F: all MSHRs free, nothing in flight: warp 0's clamped prediction (MSHRS at most) is admitted and issues");
  s->e[E_AV] = M; s->e[E_MI] = 0; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PW] = 0;
  s->e[E_PP] = oa_imin(base + W - 1, M);
  s->in.issue = 1;
  int p0 = oa_imin(base + W - 1, M);
  d->tin.ready = d->d.wmask & ~(uint64_t)7;   /* thrashing warps 3.. */
  s = oa_idle(d, "F: in flight; thrashing loads wait while Miss_pred > MSHRS - Miss_inflight");
  s->e[E_MI] = p0;
  s->in.retire = 1; s->in.retire_pred = (uint32_t)p0;
  s = oa_idle(d, "F: the load retired: MSHRs all free, nothing in flight: no warp is occluded");
  s->e[E_MI] = 0; s->e[E_OCC] = 0; s->e[E_PV] = W > 3;
}

static void dir_dlc(oa_dir *d) {
  const int N = d->d.N, T = d->d.T;
  oa_reset(d, 1, "G: reset");
  for (int i = 0; i < N; i++) oa_load(d, (uint64_t)(0x10 + i) & d->d.pcmask ? (uint64_t)(0x10 + i) & d->d.pcmask : 1,
                                      T, 1, 0, 1, "G: a new divergent PC per load");
  oa_step *s = oa_idle(d, "G: DLC full");
  s->e[E_DLCV] = (int64_t)oa_low(N);
  oa_load(d, 0x3, 2, 1, 0, 1, "G: a coherent load (2 accesses) inserts nothing");
  s = oa_idle(d, "G: still full");
  s->e[E_DLCV] = (int64_t)oa_low(N);
  oa_load(d, 0x2, T, 1, 0, 1, "G: one more divergent PC replaces an entry");
  s = oa_idle(d, "G: still full");
  s->e[E_DLCV] = (int64_t)oa_low(N);
  s = oa_idle(d, "G: kernel launch");
  s->in.kernel_launch = 1;
  s = oa_idle(d, "G: DLC cleared, CNT and OCW back to their start");
  s->e[E_DLCV] = 0; s->e[E_CNT] = 1 << (d->d.cntb - 1); s->e[E_OCW] = 2;
}

/* H. the 5 ns pipeline (PIPE=1; docs/blocks/oaws.md, "The 5 ns clock"), written from its rules,
** with the one-cycle block's expectations (PIPE=0) beside them where the two differ:
**   - the GTO ranks and the locality test (rank < OCW) of a cycle are those of the cycle before:
**     a barrier, a warp coming back and a relaunch reach the locality warps a cycle later;
**   - CNT and OCW train at the edge after a divergent load's last access, on its DLC entry as
**     that access left it (a coalesce of the same PC in between does not count), and the
**     locality test sees a new OCW a cycle after that; a kernel launch in the last access's
**     cycle drops the training;
**   - Eq. 1's registered right-hand side is exact: Miss_inflight stops at 0 below (a retire of
**     more than is in flight adds no room), and a load issued in the last cycle counts. */
static void dir_pipe(oa_dir *d, oaws_params const *p) {
  const int W = d->d.W, M = d->d.M, T = d->d.T, P = d->d.pipe;
  const int cm = d->d.cmax, ci = 1 << (d->d.cntb - 1);
  const int base = oa_imin(M, oa_ceilpct(T, 50));
  const uint64_t all = d->d.wmask;
  oa_step *s;

  /* ---- ranks and the locality test ---- */
  oa_reset(d, 1, "H: reset, dynamic mode, OCW 2, slot-order ages");
  oa_load(d, PC_DIV, T, 1, 0, 0, "H: the divergent load enters the DLC (partially cached: OCW stays 2)");
  for (int w = 0; w < W; w++) oa_fill(d, oa_idle(d, "H: every warp decodes the divergent load"), w, 0, 1, PC_DIV, T);
  d->tin.ready = all;
  s = oa_idle(d, "H: all live: warps 0, 1 are the locality warps; the oldest, 0, is picked (prediction 0)");
  s->e[E_LOC] = 3; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PW] = 0; s->e[E_PP] = 0;
  d->tin.live = d->tin.ready = all & ~(uint64_t)3;
  s = oa_idle(d, "H: warps 0, 1 at a barrier: PIPE=1 ranks 2, 3 by the last cycle's live warps (2, 3: thrashing, "
                 "warp 2 predicts base + 2); PIPE=0 at once (0, 1: locality)");
  s->e[E_LOC] = P ? 0 : 0xC; s->e[E_PV] = 1; s->e[E_PW] = 2; s->e[E_PP] = P ? oa_imin(base + 2, M) : 0;
  s = oa_idle(d, "H: a cycle later warps 2, 3 rank 0, 1: the locality warps");
  s->e[E_LOC] = 0xC; s->e[E_PW] = 2; s->e[E_PP] = 0;
  d->tin.live = d->tin.ready = all;
  s = oa_idle(d, "H: warps 0, 1 live again: PIPE=1 ranks them by the last cycle (no live warp older: 0) and 2, 3 as "
                 "0, 1: four locality warps for one cycle; PIPE=0: 0, 1");
  s->e[E_LOC] = P ? 0xF : 3; s->e[E_PW] = 0; s->e[E_PP] = 0;
  s = oa_idle(d, "H: then warps 0, 1");
  s->e[E_LOC] = 3;
  s = oa_idle(d, "H: warp 0 is relaunched (the youngest from the next cycle)");
  s->in.launch = 1; s->in.launch_warp = 0;
  s->e[E_LOC] = 3; s->e[E_PW] = 0;
  s = oa_idle(d, "H: warp 1 is the oldest and is picked; PIPE=1 still ranks warp 0 first (the last cycle's order): "
                 "locality 0, 1; PIPE=0: 1, 2");
  s->e[E_LOC] = P ? 3 : 6; s->e[E_PV] = 1; s->e[E_PW] = 1; s->e[E_PP] = 0;
  s = oa_idle(d, "H: then warp 0 ranks W-1: locality 1, 2");
  s->e[E_LOC] = 6;
  d->tin.ready = 1;
  s = oa_idle(d, "H: warp 0 alone ready: thrashing with rank W-1");
  s->e[E_LOC] = 0; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PW] = 0; s->e[E_PP] = oa_imin(base + W - 1, M);

  /* ---- the OCW estimator ---- */
  oa_reset(d, 1, "H: reset: CNT Cmax/2+1.., OCW 2");
  d->tin.ready = all;
  for (int k = ci; k < cm - 1; k++) oa_load(d, PC_SPREAD, 3, 1, 0, 1, "H: fully cached divergent loads up to CNT = Cmax - 1");
  s = oa_add(d, "H: one more divergent load coalesced");
  s->in.coal = 1; s->in.coal_pc = PC_SPREAD; s->in.coal_nacc = 3;
  s = oa_add(d, "H: its last access, fully cached");
  s->in.acc = 1; s->in.acc_set = 0; s->in.acc_last = 1;
  s->e[E_CNT] = cm - 1; s->e[E_OCW] = 2; s->e[E_LOC] = 3;
  s = oa_add(d, "H: PIPE=1 has not trained yet (CNT Cmax - 1, OCW 2); PIPE=0 trained at the last access: CNT reached "
                "Cmax, so OCW 3 and CNT 0 (B)");
  s->e[E_CNT] = P ? cm - 1 : 0; s->e[E_OCW] = P ? 2 : 3; s->e[E_LOC] = P ? 3 : 7;
  s = oa_add(d, "H: PIPE=1 trained at the last edge: OCW 3, CNT 0; its locality test still saw OCW 2");
  s->e[E_CNT] = 0; s->e[E_OCW] = 3; s->e[E_LOC] = P ? 3 : 7;
  s = oa_add(d, "H: three locality warps");
  s->e[E_LOC] = 7;
  s = oa_add(d, "H: a divergent load coalesced");
  s->in.coal = 1; s->in.coal_pc = PC_SPREAD; s->in.coal_nacc = 3;
  s = oa_add(d, "H: its last access, fully cached, in the cycle of a kernel launch");
  s->in.acc = 1; s->in.acc_set = 0; s->in.acc_last = 1; s->in.kernel_launch = 1;
  s = oa_add(d, "H: the kernel launch restarted CNT and OCW");
  s->e[E_CNT] = ci; s->e[E_OCW] = 2;
  s = oa_add(d, "H: and dropped the load's training (PIPE=1 would train at the last edge)");
  s->e[E_CNT] = ci; s->e[E_OCW] = 2;
  if (cm >= 7) {   /* CNTB >= 3: Delta = CNT/2 differs from 1 */
    const int c1 = ci - 1, c2 = c1 - (c1 >> 1);
    oa_reset(d, 1, "H: reset");
    s = oa_add(d, "H: a divergent load of 3 accesses coalesced (a new DLC entry: #acc 3)");
    s->in.coal = 1; s->in.coal_pc = PC_CONT; s->in.coal_nacc = 3;
    for (int k = 0; k < 3; k++) {
      s = oa_add(d, "H: its accesses to sets 0, 1, 2, the last one a miss");
      s->in.acc = 1; s->in.acc_set = (uint32_t)k; s->in.acc_last = k == 2; s->in.acc_miss = k == 2;
      s->e[E_CNT] = ci;
    }
    s = oa_add(d, "H: its entry is #acc 3, #sets 3 (2 x 3 > 3 x 3 fails: Delta 1); the same PC with THREADS accesses "
                  "coalesced now, making #acc 3 + THREADS");
    s->in.coal = 1; s->in.coal_pc = PC_CONT; s->in.coal_nacc = (uint32_t)T;
    s->e[E_CNT] = P ? ci : c1;
    s = oa_add(d, "H: its one access (set 0, a miss); PIPE=1 trained at the last edge on the entry as the first load "
                  "left it: Delta 1");
    s->in.acc = 1; s->in.acc_set = 0; s->in.acc_last = 1; s->in.acc_miss = 1;
    s->e[E_CNT] = c1; s->e[E_OCW] = 2;
    s = oa_add(d, "H: the second load's entry, #acc 3 + THREADS, #sets 4: associativity-sensitive, Delta = CNT/2 "
                  "(PIPE=0 now, PIPE=1 a cycle later)");
    s->e[E_CNT] = P ? c1 : c2;
    s = oa_add(d, "H: CNT - CNT/2");
    s->e[E_CNT] = c2; s->e[E_OCW] = 2;
  }

  /* ---- Eq. 1's right-hand side ---- */
  const int q = oa_imin(M, oa_ceilpct(T, (int)p->SMR));   /* static prediction, all threads active */
  if (q == 0) return;
  const int a = oa_imin(M, 2 * q);
  oa_reset(d, 0, "H: reset, static mode");
  oa_load(d, PC_DIV, T, 1, 0, 1, "H: the divergent load enters the DLC");
  oa_fill(d, oa_idle(d, "H: warp 0 decodes it"), 0, 0, 1, PC_DIV, T);
  oa_allocs(d, M - q, "H: allocate MSHRs until exactly Miss_pred are free");
  d->tin.ready = 1;
  s = oa_idle(d, "H: Miss_pred = Avail_mshr - 0: admitted; a retire of MSHRS with nothing in flight, an allocation");
  s->e[E_AV] = q; s->e[E_MI] = 0; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PP] = q;
  s->in.retire = 1; s->in.retire_pred = (uint32_t)M; s->in.mshr_alloc = 1;
  s = oa_idle(d, "H: Miss_inflight stopped at 0, so the right-hand side is Avail_mshr = q - 1 (the retire adds no room): "
                 "occluded; a retire of 1, a release");
  s->e[E_AV] = q - 1; s->e[E_MI] = 0; s->e[E_OCC] = 1; s->e[E_PV] = 0;
  s->in.retire = 1; s->in.retire_pred = 1; s->in.mshr_free = 1;
  s = oa_idle(d, "H: q free, nothing in flight: admitted");
  s->e[E_AV] = q; s->e[E_MI] = 0; s->e[E_OCC] = 0; s->e[E_PV] = 1; s->e[E_PP] = q;
  d->tin.ready = 0;
  for (int i = q; i < a; i++) oa_add(d, "H: release MSHRs until min(MSHRS, 2 Miss_pred) are free")->in.mshr_free = 1;
  d->tin.ready = 1;
  s = oa_idle(d, "H: warp 0's load issues");
  s->e[E_AV] = a; s->e[E_MI] = 0; s->e[E_PV] = 1; s->e[E_PP] = q; s->in.issue = 1;
  s = oa_idle(d, "H: the next cycle Eq. 1 counts it: its next load is admitted iff q <= Avail_mshr - q; it issues, "
                 "with an allocation");
  s->e[E_AV] = a; s->e[E_MI] = q; s->e[E_OCC] = q > a - q; s->e[E_PV] = q <= a - q;
  if (q <= a - q) { s->e[E_PP] = q; s->in.issue = 1; }
  s->in.mshr_alloc = 1;
  int mi = q <= a - q ? 2 * q : q;
  s = oa_idle(d, "H: both in flight (or the one), an MSHR fewer: Eq. 1 with both");
  s->e[E_AV] = a - 1; s->e[E_MI] = mi; s->e[E_OCC] = q > a - 1 - mi; s->e[E_PV] = q <= a - 1 - mi;
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  oa_dir *d = vs;
  memset(d, 0, sizeof *d);
  oa_dims_of(&d->d, vp);
  if (d->d.W < 4 || d->d.PCB < 5 || d->d.S < 3) {
    snprintf(msg, n, "the oaws directed scenarios need W >= 4, PCB >= 5, SETS >= 3 (use --preset oaws or small)");
    return 1;
  }
  dir_static_boundary(d, vp);
  dir_ocw(d);
  dir_locality(d);
  dir_dlc(d);
  dir_pipe(d, vp);
  oa_idle(d, "end");
  if (wg_dir_overflow(msg, n, "oaws", d->n, OA_MAX_STEPS)) return 1;
  return 0;
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  oa_dir *d = vs;
  oaws_in *in = vin;
  if (cycle >= (uint64_t)d->n) { memset(in, 0, sizeof *in); return; }
  *in = d->s[cycle].in;
}

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  oa_dir *d = vs;
  const oaws_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const oa_step *s = &d->s[cycle];
  const int64_t got[E_NE] = {(int64_t)o->occlude, (int64_t)o->locality, o->pick_valid, o->pick_warp, o->pick_pred,
                             o->avail_mshr, o->miss_inflight, o->cnt, o->ocw, (int64_t)o->dlc_valid};
  for (int i = 0; i < E_NE; i++)
    if (wg_expect(msg, n, cycle, s->what, oa_ename[i], got[i], s->e[i], OA_X)) return 1;
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const oa_dir *)vs)->n; }

const wg_stim_ops oaws_directed_stim = {"oaws", "directed", sizeof(oa_dir), dir_init,
                                        dir_next, dir_check, dir_length};
