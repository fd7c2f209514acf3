/*
** satctr_stim.c -- stimulus for the example block 'satctr'.
**
** random:   regimes of a few hundred cycles that mostly count up, mostly
**           down, or wander, so the count reaches both ends and is held
**           there; rare resets.  With MAX <= 20,000 it fails after 100,000
**           cycles if the count never saturated at either end.
** directed: the rule walked from reset to MAX and back, the expected count
**           after each step computed from the rule (up one, held at MAX;
**           down one, held at 0; inc with dec, or neither: no change).
*/
#include "satctr_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- random */
typedef struct sc_rand {
  satctr_params p;
  uint64_t rng, left;
  unsigned k_inc, k_dec;          /* probability /8 of inc, of dec */
  uint64_t held_max, held_zero;   /* cycles that asked to pass an end */
} sc_rand;

static void regime(sc_rand *r) {
  uint64_t span = r->p.MAX < 1000 ? (uint64_t)r->p.MAX : 1000;
  r->left = 16 + wg_rand_below(&r->rng, (uint32_t)(3 * span + 16));
  switch (wg_rand_below(&r->rng, 3)) {
  case 0:  r->k_inc = 7; r->k_dec = 1; break;   /* climb to MAX and push on it */
  case 1:  r->k_inc = 1; r->k_dec = 7; break;   /* fall to 0 and push on it */
  default: r->k_inc = wg_rand_in(&r->rng, 0, 8); r->k_dec = wg_rand_in(&r->rng, 0, 8); break;
  }
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  sc_rand *r = vs;
  memset(r, 0, sizeof *r);
  r->p = *(const satctr_params *)vp;
  r->rng = seed;
  regime(r);
  return 0;
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  sc_rand *r = vs;
  satctr_in *in = vin;
  if (--r->left == 0) regime(r);
  memset(in, 0, sizeof *in);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 14) == 0;
  in->inc = (uint32_t)wg_rand_k8(&r->rng, r->k_inc);
  in->dec = (uint32_t)wg_rand_k8(&r->rng, r->k_dec);
}

static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  sc_rand *r = vs;
  const satctr_out *o = vout;
  /* cycles the count sits at an end, where a push further is held */
  r->held_max += o->at_max;
  r->held_zero += o->at_zero;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c))
    fprintf(stderr, "satctr random coverage, %llu cycles: at MAX %.1f%%, at 0 %.1f%% of cycles\n",
            (unsigned long long)c, 100.0 * (double)r->held_max / (double)c,
            100.0 * (double)r->held_zero / (double)c);
  if (c == 100000 && r->p.MAX <= 20000 && (!r->held_max || !r->held_zero)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles the count sat at MAX %llu and at 0 %llu cycles "
             "(the stimulus is broken for this parameter set)", (unsigned long long)r->held_max,
             (unsigned long long)r->held_zero);
    return 1;
  }
  return 0;
}

const wg_stim_ops satctr_random_stim = {"satctr", "random", sizeof(sc_rand), rand_init,
                                        rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define SC_MAX_STEPS 2200
#define SC_X (-1)

typedef struct sc_step {
  uint8_t rst, inc, dec;
  int64_t count;           /* expected after the step, or SC_X */
  const char *what;
} sc_step;

typedef struct sc_dir { satctr_params p; int n; sc_step s[SC_MAX_STEPS]; } sc_dir;

/* one step; its expected count follows the rule from the previous step's */
static void add(sc_dir *d, int rst, int inc, int dec, const char *what) {
  int64_t before = d->n ? d->s[d->n - 1].count : 0, max = d->p.MAX, after = before;
  if (rst) after = 0;
  else if (inc && !dec) after = before < max ? before + 1 : max;
  else if (dec && !inc) after = before > 0 ? before - 1 : 0;
  sc_step *s = wg_dir_step(d->s, &d->n, SC_MAX_STEPS, sizeof *s);
  *s = (sc_step){(uint8_t)rst, (uint8_t)inc, (uint8_t)dec, after, what};
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  sc_dir *d = vs;
  memset(d, 0, sizeof *d);
  d->p = *(const satctr_params *)vp;
  if (d->p.MAX > 1000) {
    snprintf(msg, n, "the satctr directed table walks to MAX and back: MAX <= 1000 (use --preset small or byte)");
    return 1;
  }
  add(d, 1, 0, 0, "reset: count 0");
  add(d, 0, 0, 1, "dec at 0: held at 0");
  add(d, 0, 1, 1, "inc with dec: no change");
  for (int64_t k = 0; k < d->p.MAX; k++) add(d, 0, 1, 0, "inc: up one");
  add(d, 0, 1, 0, "inc at MAX: held at MAX");
  add(d, 0, 1, 0, "inc at MAX again: held");
  add(d, 0, 1, 1, "inc with dec at MAX: no change");
  add(d, 0, 0, 0, "neither: no change");
  add(d, 0, 0, 1, "dec: down one from MAX");
  add(d, 0, 1, 0, "inc: back to MAX");
  for (int64_t k = 0; k < d->p.MAX; k++) add(d, 0, 0, 1, "dec: down one");
  add(d, 0, 0, 1, "dec at 0: held at 0");
  add(d, 0, 1, 0, "inc: 1");
  add(d, 1, 1, 0, "reset wins over inc: count 0");
  return wg_dir_overflow(msg, n, "satctr", d->n, SC_MAX_STEPS);
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  sc_dir *d = vs;
  satctr_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle >= (uint64_t)d->n) return;
  const sc_step *s = &d->s[cycle];
  in->rst = s->rst;
  in->inc = s->inc;
  in->dec = s->dec;
}

/* the outputs at cycle c show the count after step c-1 */
static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  sc_dir *d = vs;
  const satctr_out *o = vout;
  if (cycle < 1 || cycle > (uint64_t)d->n) return 0;
  const sc_step *s = &d->s[cycle - 1];
  WG_EXPECT(s, count, o->count, SC_X);
  if (wg_expect(msg, n, cycle, s->what, "at_max", o->at_max, s->count == d->p.MAX, SC_X)) return 1;
  if (wg_expect(msg, n, cycle, s->what, "at_zero", o->at_zero, s->count == 0, SC_X)) return 1;
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const sc_dir *)vs)->n + 1; }

const wg_stim_ops satctr_directed_stim = {"satctr", "directed", sizeof(sc_dir), dir_init,
                                          dir_next, dir_check, dir_length};
