/*
** memsat_stim.c -- stimulus for block 'memsat'.
**
** random:   per memory space, the MSHR and miss-queue occupancies each walk
**           toward a target that is redrawn every few dozen cycles: half of
**           the targets sit within two entries of the raise or the clear
**           threshold, others at full, empty or anywhere, and a +-1 jitter
**           makes the walk hover there.  Every few hundred cycles a new set
**           of "hot" spaces is drawn (none, one -- the thesis saw one space
**           saturate at a time -- or any mix); the others aim below their
**           clear threshold.  So flags rise, clear and sit in the hysteresis
**           band (and in the hold) all the time, EP mode is common too, and
**           several spaces saturate at once; occasional jumps to any legal
**           value; rare resets.
** directed: the tables below for the 'mascar' and the 'small' preset; each
**           line is one cycle's occupancies and the outputs expected on the
**           next cycle, worked out by hand from the thresholds.
*/
#include "memsat_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static int bits_for(int64_t maxval) {
  int n = 1;
  while (n < 31 && ((int64_t)1 << n) <= maxval) n++;
  return n;
}

/* ---------------------------------------------------------------- random */
typedef struct ms_walk {
  uint32_t occ, target;
} ms_walk;

typedef struct ms_rand {
  memsat_params p;
  uint64_t rng;
  int spaces, w[2];              /* [0] MSHRs, [1] miss queue: field widths */
  uint32_t n[2];                 /* capacities */
  uint32_t set[2], keep[2];      /* occupancy >= set: almost full; >= keep: not relieved */
  ms_walk walk[3][2];
  uint32_t hot;                  /* spaces whose targets may be high */
} ms_rand;

static uint32_t near(ms_rand *r, uint32_t t, uint32_t n) {   /* t-2 .. t+1, within 0..n */
  int64_t v = (int64_t)t - 2 + wg_rand_below(&r->rng, 4);
  return v < 0 ? 0 : v > (int64_t)n ? n : (uint32_t)v;
}

static void new_target(ms_rand *r, ms_walk *wk, int s, int k) {
  uint32_t n = r->n[k];
  if (!(r->hot >> s & 1)) {   /* quiet space: somewhere the flag clears */
    wk->target = wg_rand_below(&r->rng, r->keep[k]);
    return;
  }
  switch (wg_rand_below(&r->rng, 8)) {
    case 0: case 1: wk->target = near(r, r->set[k], n); break;    /* at the raise threshold */
    case 2: case 3: wk->target = near(r, r->keep[k], n); break;   /* at the clear threshold */
    case 4: wk->target = n; break;                                /* full */
    case 5: wk->target = 0; break;                                /* empty */
    default: wk->target = wg_rand_below(&r->rng, n + 1); break;
  }
}

static void new_hot(ms_rand *r) {
  uint32_t x = wg_rand_below(&r->rng, 4);
  if (x == 0) r->hot = 0;                                                   /* EP phase */
  else if (x == 3) r->hot = wg_rand_below(&r->rng, 1u << r->spaces);       /* any mix */
  else r->hot = 1u << wg_rand_below(&r->rng, (uint32_t)r->spaces);          /* one space */
  for (int s = 0; s < r->spaces; s++)
    for (int k = 0; k < 2; k++) new_target(r, &r->walk[s][k], s, k);
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  ms_rand *r = vs;
  memset(r, 0, sizeof *r);
  r->p = *(const memsat_params *)vp;
  r->rng = seed;
  r->spaces = (int)r->p.SPACES;
  r->n[0] = (uint32_t)r->p.MSHRS;
  r->n[1] = (uint32_t)r->p.MISSQ;
  r->w[0] = bits_for(r->p.MSHRS);
  r->w[1] = bits_for(r->p.MISSQ);
  r->set[0] = (uint32_t)(r->p.MSHRS - r->p.SET_FREE_MSHR);
  r->keep[0] = (uint32_t)(r->p.MSHRS - r->p.CLR_FREE_MSHR + 1);
  r->set[1] = (uint32_t)(r->p.MISSQ - r->p.SET_FREE_MISSQ);
  r->keep[1] = (uint32_t)(r->p.MISSQ - r->p.CLR_FREE_MISSQ + 1);
  new_hot(r);
  return 0;
}

static void step(ms_rand *r, ms_walk *wk, int s, int k) {
  uint32_t n = r->n[k], x = wg_rand_below(&r->rng, 64);
  if (x == 0) new_target(r, wk, s, k);
  if (x == 1 && wg_rand_below(&r->rng, 8) == 0) { wk->occ = wg_rand_below(&r->rng, n + 1); return; }
  /* fills free entries and allocations take them: up to two a cycle */
  uint32_t d = wg_rand_below(&r->rng, 3);
  if (wk->occ < wk->target) wk->occ = wk->occ + d > wk->target ? wk->target : wk->occ + d;
  else if (wk->occ > wk->target) wk->occ = wk->occ < wk->target + d ? wk->target : wk->occ - d;
  else {   /* at the target: jitter, so a threshold is crossed back and forth */
    uint32_t j = wg_rand_below(&r->rng, 4);
    if (j == 0 && wk->occ < n) wk->occ++;
    else if (j == 1 && wk->occ > 0) wk->occ--;
  }
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  ms_rand *r = vs;
  memsat_in *in = vin;
  memset(in, 0, sizeof *in);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 16) == 0;
  if (wg_rand_below(&r->rng, 256) == 0) new_hot(r);
  for (int s = 0; s < r->spaces; s++) {
    step(r, &r->walk[s][0], s, 0);
    step(r, &r->walk[s][1], s, 1);
    in->mshr_occ |= r->walk[s][0].occ << (s * r->w[0]);
    in->missq_occ |= r->walk[s][1].occ << (s * r->w[1]);
  }
}

static uint64_t no_length(const void *s) { (void)s; return 0; }

const wg_stim_ops memsat_random_stim = {"memsat", "random", sizeof(ms_rand), rand_init,
                                        rand_next, NULL, no_length};

/* -------------------------------------------------------------- directed */
typedef struct ms_step {
  int rst;
  int mshr[3], missq[3];          /* occupancy per space: global, texture, constant */
  int sat, space, cause;          /* expected on the next cycle; space/cause: bit 0 global */
  const char *rule;
} ms_step;

/* mascar: 64 MSHRs (raise at >= 62 in use, relieved at <= 60), 8-entry
** miss queue (raise at >= 6, relieved at <= 4), three spaces, no hold. */
static const ms_step mascar_tab[] = {
  {0, {0, 0, 0},  {0, 0, 0}, 0, 0, 0, "idle: EP mode"},
  {0, {61, 0, 0}, {0, 0, 0}, 0, 0, 0, "3 free MSHRs are not almost full"},
  {0, {62, 0, 0}, {0, 0, 0}, 1, 1, 1, "2 free MSHRs: almost full, global raises the flag"},
  {0, {61, 0, 0}, {0, 0, 0}, 1, 1, 1, "3 free: in the hysteresis band, the flag stays"},
  {0, {60, 0, 0}, {0, 0, 0}, 0, 0, 0, "4 free MSHRs and an empty miss queue: relieved, cleared"},
  {0, {61, 0, 0}, {0, 0, 0}, 0, 0, 0, "band entered from below: the flag stays clear"},
  {0, {0, 0, 0},  {6, 0, 0}, 1, 1, 1, "2 free miss-queue entries raise it alone"},
  {0, {0, 0, 0},  {5, 0, 0}, 1, 1, 1, "3 free miss-queue entries: band, held"},
  {0, {61, 0, 0}, {4, 0, 0}, 1, 1, 1, "miss queue relieved but MSHRs in their band: held"},
  {0, {60, 0, 0}, {4, 0, 0}, 0, 0, 0, "both relieved: cleared"},
  {0, {63, 0, 0}, {8, 0, 0}, 1, 1, 1, "both structures almost full: one flag"},
  {0, {0, 64, 0}, {0, 0, 0}, 1, 2, 2, "global relieved at once; texture full: texture is the cause"},
  {0, {63, 64, 0}, {0, 0, 0}, 1, 3, 1, "global and texture: global is the cause"},
  {0, {63, 60, 0}, {0, 0, 0}, 1, 1, 1, "texture relieved, global still saturated"},
  {0, {0, 0, 0},  {0, 0, 8}, 1, 4, 4, "constant cache's full miss queue; global cleared"},
  {1, {64, 64, 64}, {8, 8, 8}, 0, 0, 0, "reset clears every flag even when all are full"},
  {0, {0, 0, 0},  {0, 0, 7}, 1, 4, 4, "raised again after reset"},
  {0, {64, 64, 0}, {0, 0, 5}, 1, 7, 1, "every space saturated (constant in its band): global first"},
  {0, {0, 62, 0}, {0, 0, 4}, 1, 2, 2, "texture left: the cause moves to texture"},
  {0, {0, 61, 0}, {0, 0, 0}, 1, 2, 2, "texture in its band"},
  {0, {0, 0, 0},  {0, 0, 0}, 0, 0, 0, "all relieved: EP mode"},
};

/* small: 4 MSHRs (raise at >= 3 in use, relieved at <= 1), 2-entry miss
** queue (raise when full, relieved at <= 1: no band), three spaces, and a
** flag once raised stays at least HOLD = 3 cycles. */
static const ms_step small_tab[] = {
  {0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, "idle"},
  {0, {2, 0, 0}, {0, 0, 0}, 0, 0, 0, "2 in use (2 free) is not almost full"},
  {0, {3, 0, 0}, {0, 0, 0}, 1, 1, 1, "1 free MSHR raises the flag; hold starts"},
  {0, {0, 0, 0}, {0, 0, 0}, 1, 1, 1, "relieved, but held: 2nd cycle of HOLD"},
  {0, {0, 0, 0}, {0, 0, 0}, 1, 1, 1, "held: 3rd cycle"},
  {0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, "hold over and relieved: cleared"},
  {0, {3, 0, 0}, {0, 0, 0}, 1, 1, 1, "raised"},
  {0, {2, 0, 0}, {0, 0, 0}, 1, 1, 1, "band (2 free)"},
  {0, {2, 0, 0}, {0, 0, 0}, 1, 1, 1, "band; hold runs out"},
  {0, {2, 0, 0}, {0, 0, 0}, 1, 1, 1, "the band alone holds the flag after the hold"},
  {0, {1, 0, 0}, {0, 0, 0}, 0, 0, 0, "3 free MSHRs: relieved"},
  {0, {0, 0, 0}, {2, 0, 0}, 1, 1, 1, "full miss queue raises (SET_FREE_MISSQ = 0)"},
  {0, {0, 0, 0}, {1, 0, 0}, 1, 1, 1, "the miss queue has no band: only the hold keeps it"},
  {0, {0, 0, 0}, {1, 0, 0}, 1, 1, 1, "hold, 3rd cycle"},
  {0, {0, 0, 0}, {1, 0, 0}, 0, 0, 0, "cleared"},
  {0, {3, 0, 0}, {0, 0, 0}, 1, 1, 1, "raised, hold 3 cycles"},
  {0, {3, 0, 0}, {0, 0, 0}, 1, 1, 1, "almost full again while set: the hold is not restarted"},
  {0, {0, 0, 0}, {0, 0, 0}, 1, 1, 1, "hold's last cycle"},
  {0, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, "cleared 3 cycles after the rise, not after the last almost-full cycle"},
  {0, {0, 3, 0}, {0, 0, 2}, 1, 6, 2, "texture and constant: texture is the cause"},
  {0, {3, 0, 0}, {0, 0, 0}, 1, 7, 1, "global joins (texture and constant held): global is the cause"},
  {1, {3, 3, 3}, {2, 2, 2}, 0, 0, 0, "reset during the hold clears every flag"},
  {0, {1, 1, 1}, {1, 1, 1}, 0, 0, 0, "relieved everywhere"},
};

typedef struct ms_dir {
  memsat_params p;
  const ms_step *t;
  int n, mw, qw;
} ms_dir;

static int same(const memsat_params *a, const memsat_params *b) {
  return a->MSHRS == b->MSHRS && a->MISSQ == b->MISSQ && a->SET_FREE_MSHR == b->SET_FREE_MSHR &&
         a->CLR_FREE_MSHR == b->CLR_FREE_MSHR && a->SET_FREE_MISSQ == b->SET_FREE_MISSQ &&
         a->CLR_FREE_MISSQ == b->CLR_FREE_MISSQ && a->SPACES == b->SPACES && a->HOLD == b->HOLD;
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  static const memsat_params mascar = {64, 8, 2, 4, 2, 4, 3, 0}, small = {4, 2, 1, 3, 0, 1, 3, 3};
  ms_dir *d = vs;
  memset(d, 0, sizeof *d);
  d->p = *(const memsat_params *)vp;
  if (same(&d->p, &mascar)) {
    d->t = mascar_tab;
    d->n = (int)(sizeof mascar_tab / sizeof mascar_tab[0]);
  } else if (same(&d->p, &small)) {
    d->t = small_tab;
    d->n = (int)(sizeof small_tab / sizeof small_tab[0]);
  } else {
    snprintf(msg, n, "the memsat directed tables are for the presets (use --preset mascar or --preset small)");
    return 1;
  }
  d->mw = bits_for(d->p.MSHRS);
  d->qw = bits_for(d->p.MISSQ);
  return 0;
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  ms_dir *d = vs;
  memsat_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle == 0) { in->rst = 1; return; }
  if (cycle > (uint64_t)d->n) return;
  const ms_step *s = &d->t[cycle - 1];
  in->rst = (uint32_t)s->rst;
  for (int k = 0; k < 3; k++) {
    in->mshr_occ |= (uint32_t)s->mshr[k] << (k * d->mw);
    in->missq_occ |= (uint32_t)s->missq[k] << (k * d->qw);
  }
}

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  ms_dir *d = vs;
  const memsat_out *o = vout;
  if (cycle < 2 || cycle > (uint64_t)d->n + 1) return 0;
  const ms_step *s = &d->t[cycle - 2];
  if (o->sat != (uint32_t)s->sat || o->sat_space != (uint32_t)s->space ||
      o->sat_cause != (uint32_t)s->cause) {
    snprintf(msg, n, "step %d (%s): got sat %u space %u cause %u; expected %d %d %d",
             (int)cycle - 1, s->rule, o->sat, o->sat_space, o->sat_cause, s->sat, s->space, s->cause);
    return 1;
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const ms_dir *)vs)->n + 2; }

const wg_stim_ops memsat_directed_stim = {"memsat", "directed", sizeof(ms_dir), dir_init,
                                          dir_next, dir_check, dir_length};
