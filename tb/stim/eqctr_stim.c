/*
** eqctr_stim.c -- stimulus for block 'eqctr'.
**
** random:   per-epoch "regimes" (probabilities of active / waiting / X_alu /
**           X_mem warps, biased to 0 and 1) that persist for a few epochs so
**           the three-epoch hysteresis fires; kernel launches with legal and
**           out-of-range W_cta / max_blocks; rare resets; mode changes.
** directed: one epoch per line of the table below, each naming the rule of
**           Algorithm 1 / the hysteresis it exercises and the outputs
**           expected after the epoch, worked out by hand from the thesis
**           (not by the model).  Needs W >= 48, MAX_CTAS >= 6, HYST = 3,
**           MEM_E_DRAM = 0: the 'equalizer' preset.
*/
#include "eqctr_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static uint64_t mask_w(int64_t w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }
static uint32_t bits_for(int64_t v) { uint32_t n = 1; while (((int64_t)1 << n) <= v) n++; return n; }

/* ---------------------------------------------------------------- random */
typedef struct eq_rand {
  eqctr_params p;
  uint64_t rng, wmask;
  uint32_t wcta_mask, nb_mask;
  unsigned k[4];          /* active, waiting, xalu, xmem: probability k/8 */
  uint32_t w_cta, max_blocks, perf;
  uint64_t local;         /* cycles since the last kernel start */
} eq_rand;

static unsigned pick_k(uint64_t *s) {   /* extremes are where the branches are */
  uint32_t r = wg_rand_below(s, 12);
  return r < 3 ? 0 : r < 6 ? 8 : r - 3;   /* 0,8 often; 3..8 otherwise */
}

static void new_regime(eq_rand *r) {
  for (int i = 0; i < 4; i++) r->k[i] = pick_k(&r->rng);
  if (wg_rand_below(&r->rng, 4) == 0) r->k[0] = 8;
}

static void new_kernel(eq_rand *r) {
  int legal = wg_rand_below(&r->rng, 10) != 0;
  r->w_cta = legal ? 1 + wg_rand_below(&r->rng, (uint32_t)r->p.W)
                   : wg_rand_below(&r->rng, r->wcta_mask + 1);
  legal = wg_rand_below(&r->rng, 10) != 0;
  r->max_blocks = legal ? 1 + wg_rand_below(&r->rng, (uint32_t)r->p.MAX_CTAS)
                        : wg_rand_below(&r->rng, r->nb_mask + 1);
  r->perf = wg_rand_below(&r->rng, 2);
  r->local = 0;
  new_regime(r);
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  eq_rand *r = vs;
  memset(r, 0, sizeof *r);
  r->p = *(const eqctr_params *)vp;
  r->rng = seed;
  r->wmask = mask_w(r->p.W);
  r->wcta_mask = (1u << bits_for(r->p.W)) - 1;
  r->nb_mask = (1u << bits_for(r->p.MAX_CTAS)) - 1;
  new_kernel(r);
  return 0;
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  eq_rand *r = vs;
  eqctr_in *in = vin;
  uint64_t E = (uint64_t)r->p.E;
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 20) == 0;
  in->kstart = cycle == 1 || wg_rand_below(&r->rng, (uint32_t)(8 * E)) == 0;
  if (in->kstart) new_kernel(r);
  else {
    r->local++;
    if (r->local % E == 0 && wg_rand_below(&r->rng, 3) == 0) new_regime(r);
    if (wg_rand_below(&r->rng, (uint32_t)(4 * E)) == 0) r->perf ^= 1;
  }
  in->perf_mode = r->perf;
  in->w_cta = r->w_cta;
  in->max_blocks = r->max_blocks;
  in->warp_active = wg_rand_bits8(&r->rng, r->k[0]) & r->wmask;
  in->warp_waiting = wg_rand_bits8(&r->rng, r->k[1]) & r->wmask;
  in->warp_xalu = wg_rand_bits8(&r->rng, r->k[2]) & r->wmask;
  in->warp_xmem = wg_rand_bits8(&r->rng, r->k[3]) & r->wmask;
}

static uint64_t no_length(const void *s) { (void)s; return 0; }

const wg_stim_ops eqctr_random_stim = {"eqctr", "random", sizeof(eq_rand), rand_init,
                                       rand_next, NULL, no_length};

/* -------------------------------------------------------------- directed */
typedef struct eq_step {
  int ks;                         /* >0: kernel start first, max_blocks = ks */
  int perf, wcta, act, wait, alu, mem, extra, overlap;
  int cls, dec, chg, nb, hy, smr, memr;   /* expected after the epoch */
  const char *rule;
} eq_step;

/* per-sample counts; extra = X_mem warps added to the epoch's last sample */
static const eq_step steps[] = {
/* ks perf wcta act wait alu mem ex ov | cls dec chg nb hy smr memr  rule */
  {6, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 6, 1, 0, 1, "l.7 nMem > W_cta: memory intensive, MemAction, perf -> memory V/F up"},
  {0, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 6, 2, 0, 1, "hysteresis: second identical decision"},
  {0, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1, -1, 5, 0, 0, 1, "hysteresis: third identical decision lowers numBlocks"},
  {0, 1, 8, 40,  0, 0, 8, 0, 0,   3,  0,  0, 5, 0, 0, 1, "l.7 boundary nMem == W_cta is not >, falls to l.12"},
  {0, 1, 8, 40,  0, 0, 8, 1, 0,   1, -1,  0, 5, 1, 0, 1, "scaled threshold: sum = 32*W_cta + 1 is memory intensive"},
  {0, 1, 8, 40,  0, 8, 0, 0, 0,   2,  0,  0, 5, 0, 1, 0, "l.10 nALU >= W_cta (equal): compute, perf -> SM V/F up"},
  {0, 1, 8, 40, 21, 7, 2, 0, 0,   4,  1,  0, 5, 1, 1, 0, "l.14 nWaiting > nActive/2, l.16 nALU > nMem: +1, CompAction"},
  {0, 1, 8, 40, 21, 7, 2, 0, 0,   4,  1,  0, 5, 2, 1, 0, "hysteresis on +1"},
  {0, 1, 8, 40, 21, 1, 2, 0, 0,   5,  1,  1, 6, 0, 0, 1, "l.18 memory inclination; third +1 raises numBlocks"},
  {0, 1, 8, 40,  0, 0, 3, 0, 0,   3,  0,  0, 6, 0, 0, 1, "l.12 nMem > 2 (3): likely memory intensive, MemAction only"},
  {0, 1, 8, 40, 21, 2, 2, 0, 0,   5,  1,  0, 6, 1, 0, 1, "l.16 tie nALU == nMem goes to memory inclination"},
  {0, 1, 8, 40, 21, 2, 2, 0, 0,   5,  1,  0, 6, 2, 0, 1, "hysteresis: two +1 so far"},
  {0, 1, 8, 40, 20, 0, 0, 0, 0,   0,  0,  0, 6, 0, 0, 0, "l.14 boundary 2*nWaiting == nActive: degenerate, and a 0 decision resets the count"},
  {0, 1, 8,  0,  0, 0, 0, 0, 0,   6,  0,  0, 6, 0, 1, 0, "l.21 nActive == 0: load imbalance, CompAction, perf -> SM up"},
  {0, 0, 8,  0,  0, 0, 0, 0, 0,   6,  0,  0, 6, 0, 0, 2, "energy mode: CompAction -> memory V/F down"},
  {0, 0, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 6, 1, 2, 0, "energy mode: MemAction -> SM V/F down, memory kept (prose over Table 3.1)"},
  {0, 0, 8, 40,  0, 8, 0, 0, 0,   2,  0,  0, 6, 0, 0, 2, "energy mode: compute intensive -> memory V/F down"},
  {0, 1, 8, 40,  0, 0, 0, 0, 1,   5,  1,  0, 6, 1, 0, 1, "state precedence: waiting over X_alu over X_mem (all set: only Waiting counts)"},
  {0, 1, 8, 40, 21, 7, 2, 0, 0,   4,  1,  0, 6, 2, 1, 0, "hysteresis: mixed classes 5 then 4 are the same +1 decision"},
  {0, 1, 8, 40, 21, 7, 2, 0, 0,   4,  1,  0, 6, 0, 1, 0, "clamp: third +1 at numBlocks == max_blocks changes nothing"},
  {1, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 1, 1, 0, 1, "kernel start: numBlocks := max_blocks = 1"},
  {0, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 1, 2, 0, 1, "hysteresis toward the lower clamp"},
  {0, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 1, 0, 0, 1, "clamp: numBlocks never drops below 1"},
  {0, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 1, 1, 0, 1, "count restarts after an application"},
  {0, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 1, 2, 0, 1, "two -1 pending"},
  {4, 1, 8, 40,  0, 0, 9, 0, 0,   1, -1,  0, 4, 1, 0, 1, "kernel start clears the pending hysteresis count"},
  {0, 1, 4, 40,  0, 0, 5, 0, 0,   1, -1,  0, 4, 2, 0, 1, "W_cta is an input: 5 > 4 is memory intensive"},
  {0, 1, 8, 40,  0, 0, 5, 0, 0,   3,  0,  0, 4, 0, 0, 1, "same counts with W_cta = 8: likely memory only"},
};
#define N_STEPS ((int)(sizeof steps / sizeof steps[0]))

typedef struct eq_dir {
  eqctr_params p;
  uint64_t start[N_STEPS];   /* first epoch cycle of each step */
  uint32_t maxb[N_STEPS];    /* max_blocks input: held from the last kernel start */
  uint64_t E;
  int      cur;
} eq_dir;

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  eq_dir *d = vs;
  memset(d, 0, sizeof *d);
  d->p = *(const eqctr_params *)vp;
  if (d->p.W < 48 || d->p.MAX_CTAS < 6 || d->p.HYST != 3 || d->p.MEM_E_DRAM != 0) {
    snprintf(msg, n, "the eqctr directed table needs W >= 48, MAX_CTAS >= 6, HYST = 3, "
             "MEM_E_DRAM = 0 (use --preset equalizer)");
    return 1;
  }
  d->E = (uint64_t)d->p.E;
  uint64_t c = 1;                 /* cycle 0 is the reset */
  for (int i = 0; i < N_STEPS; i++) {
    d->maxb[i] = steps[i].ks ? (uint32_t)steps[i].ks : i ? d->maxb[i - 1] : 0;
    /* one kernel-start cycle; after an epoch, two idle cycles first: an epoch is decided in the
    ** second cycle after its end, and a kernel start would cancel the pending decision */
    if (steps[i].ks) c += i ? 3 : 1;
    d->start[i] = c;
    c += d->E;
  }
  return 0;
}

static uint64_t low_bits(int k) { return k <= 0 ? 0 : mask_w(k); }

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  eq_dir *d = vs;
  eqctr_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle == 0) { in->rst = 1; return; }
  while (d->cur + 1 < N_STEPS && cycle >= d->start[d->cur + 1] - (steps[d->cur + 1].ks ? 1 : 0))
    d->cur++;
  const eq_step *s = &steps[d->cur];
  /* the mode and W_cta are read when an epoch is decided, two cycles after its end: the last
  ** step's stay for the first two cycles of this one (none of them samples) */
  const eq_step *dec = d->cur > 0 && !s->ks && cycle < d->start[d->cur] + 2 ? &steps[d->cur - 1] : s;
  in->perf_mode = (uint32_t)dec->perf;
  in->w_cta = (uint32_t)dec->wcta;
  in->max_blocks = d->maxb[d->cur];
  if (cycle < d->start[d->cur]) { in->kstart = 1; return; }
  if (cycle >= d->start[d->cur] + d->E) return;   /* past the table: idle */
  uint64_t act = low_bits(s->act);
  in->warp_active = act;
  if (s->overlap) {
    in->warp_waiting = in->warp_xalu = in->warp_xmem = act;
    return;
  }
  int mem = s->mem + (cycle == d->start[d->cur] + d->E - 1 ? s->extra : 0);
  in->warp_waiting = low_bits(s->wait);
  in->warp_xalu = low_bits(s->wait + s->alu) & ~low_bits(s->wait);
  in->warp_xmem = low_bits(s->wait + s->alu + mem) & ~low_bits(s->wait + s->alu);
}

static uint32_t enc(int d) { return d > 0 ? 1u : d < 0 ? 3u : 0u; }

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  eq_dir *d = vs;
  const eqctr_out *o = vout;
  uint64_t ns = (uint64_t)(d->p.E / d->p.S);
  for (int i = 0; i < N_STEPS; i++) {
    const eq_step *s = &steps[i];
    if (cycle == d->start[i] + d->E - 1) {   /* sums before the last sample */
      uint64_t wait = s->overlap ? (uint64_t)s->act : (uint64_t)s->wait;
      uint64_t alu = s->overlap ? 0 : (uint64_t)s->alu, mem = s->overlap ? 0 : (uint64_t)s->mem;
      if (o->sum_active != (ns - 1) * (uint64_t)s->act || o->sum_waiting != (ns - 1) * wait ||
          o->sum_xalu != (ns - 1) * alu || o->sum_xmem != (ns - 1) * mem) {
        snprintf(msg, n, "step %d (%s): counters %u/%u/%u/%u, expected %llu/%llu/%llu/%llu",
                 i + 1, s->rule, o->sum_active, o->sum_waiting, o->sum_xalu, o->sum_xmem,
                 (unsigned long long)((ns - 1) * (uint64_t)s->act), (unsigned long long)((ns - 1) * wait),
                 (unsigned long long)((ns - 1) * alu), (unsigned long long)((ns - 1) * mem));
        return 1;
      }
    }
    if (cycle != d->start[i] + d->E + 2) continue;   /* decided at +1, shown from +2 */
    int comp = s->cls == 2 || s->cls == 4 || s->cls == 6, memk = s->cls == 1 || s->cls == 3 || s->cls == 5;
    if (!o->epoch_done || o->kclass != (uint32_t)s->cls || o->blocks_dec != enc(s->dec) ||
        o->blocks_change != enc(s->chg) || o->num_blocks != (uint32_t)s->nb ||
        o->hyst_cnt != (uint32_t)s->hy || o->sm_vf_req != (uint32_t)s->smr ||
        o->mem_vf_req != (uint32_t)s->memr || o->comp_action != (uint32_t)comp ||
        o->mem_action != (uint32_t)memk) {
      snprintf(msg, n, "step %d (%s): got class %u dec %u change %u numBlocks %u hyst %u sm %u mem %u; "
               "expected class %d dec %u change %u numBlocks %d hyst %d sm %d mem %d",
               i + 1, s->rule, o->kclass, o->blocks_dec, o->blocks_change, o->num_blocks, o->hyst_cnt,
               o->sm_vf_req, o->mem_vf_req, s->cls, enc(s->dec), enc(s->chg), s->nb, s->hy, s->smr, s->memr);
      return 1;
    }
  }
  return 0;
}

static uint64_t dir_length(const void *vs) {
  const eq_dir *d = vs;
  return d->start[N_STEPS - 1] + d->E + 3;
}

const wg_stim_ops eqctr_directed_stim = {"eqctr", "directed", sizeof(eq_dir), dir_init,
                                         dir_next, dir_check, dir_length};
