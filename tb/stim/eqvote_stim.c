/*
** eqvote_stim.c -- stimulus for block 'eqvote'.
**
** random:   vote regimes (share of up / down / keep / code-3 requests per
**           domain) held for a few epochs, so levels reach LOW and HIGH and
**           saturate; epoch strobes on about one cycle in four; rare resets.
** directed: the tables below for N = 15 (the 'equalizer' preset), strict
**           majority (VOTE=0) or plurality (VOTE=1), keep meaning "stay"
**           (MAINTAIN=0) or "toward normal" (MAINTAIN=1); each line is one
**           epoch and the levels expected after it, worked out by hand.
*/
#include "eqvote_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

#define WORDS 4   /* uint32_t words of sm_req / mem_req */

static void set_vote(uint32_t *req, int i, uint32_t v) {
  req[i / 16] = (req[i / 16] & ~(3u << (2 * (i % 16)))) | (v << (2 * (i % 16)));
}

/* ---------------------------------------------------------------- random */
typedef struct ev_rand {
  eqvote_params p;
  uint64_t rng;
  unsigned up[2], down[2];   /* per domain: probability /8 of up, of down */
} ev_rand;

static void regime(ev_rand *r) {
  for (int d = 0; d < 2; d++) {
    r->up[d] = wg_rand_below(&r->rng, 9);
    r->down[d] = wg_rand_below(&r->rng, 9 - r->up[d]);
  }
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  ev_rand *r = vs;
  memset(r, 0, sizeof *r);
  r->p = *(const eqvote_params *)vp;
  r->rng = seed;
  regime(r);
  return 0;
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  ev_rand *r = vs;
  eqvote_in *in = vin;
  memset(in, 0, sizeof *in);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 18) == 0;
  in->epoch = wg_rand_below(&r->rng, 4) == 0;
  if (in->epoch && wg_rand_below(&r->rng, 4) == 0) regime(r);
  uint32_t *req[2] = {in->sm_req, in->mem_req};
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < (int)r->p.N; i++) {
      uint32_t x = wg_rand_below(&r->rng, 8), v;
      if (x < r->up[d]) v = 1;
      else if (x < r->up[d] + r->down[d]) v = 2;
      else v = wg_rand_below(&r->rng, 4) == 0 ? 3 : 0;   /* 3 is also "keep" */
      set_vote(req[d], i, v);
    }
}

static uint64_t no_length(const void *s) { (void)s; return 0; }

const wg_stim_ops eqvote_random_stim = {"eqvote", "random", sizeof(ev_rand), rand_init,
                                        rand_next, NULL, no_length};

/* -------------------------------------------------------------- directed */
typedef struct ev_step {
  int epoch;
  int sm_up, sm_down, sm_three, mem_up, mem_down, mem_three;   /* the rest vote 0 */
  int sm_level, mem_level, sm_step, mem_step;                   /* expected after */
  const char *rule;
} ev_step;

static const ev_step majority[] = {
  {1, 8, 0, 0,  7, 7, 0,  2, 1,  1, 0, "8 of 15 up is a majority: SM normal -> high; 7/7/1 keeps memory"},
  {1, 8, 0, 0,  0, 8, 0,  2, 0,  0, -1, "SM stays at high (one level above normal at most); memory down"},
  {0, 0, 15, 0, 15, 0, 0, 2, 0,  0, 0, "no epoch strobe: votes ignored"},
  {1, 0, 15, 0, 0, 8, 0,  1, 0, -1, 0, "unanimous down is still one step; memory saturates at low"},
  {1, 0, 7, 8,  7, 0, 8,  1, 0,  0, 0, "7 of 15 is no majority; code 3 counts as keep"},
  {1, 0, 8, 0,  8, 0, 0,  0, 1, -1, 1, "8 down: SM normal -> low; 8 up: memory low -> normal"},
  {1, 15, 0, 0, 15, 0, 0, 1, 2,  1, 1, "both domains up one step"},
};

static const ev_step plurality[] = {
  {1, 6, 5, 0,  5, 5, 0,  2, 1,  1, 0, "plurality: 6 up > 5 down, 4 keep; 5/5/5 is a tie and keeps"},
  {1, 4, 4, 0,  3, 6, 2,  2, 1,  0, 0, "4/4/7: keep wins; 6 down ties 6 keep (incl. code 3): keep"},
  {1, 0, 0, 0,  4, 7, 0,  2, 0,  0, -1, "7 down beats 4 up and 4 keep without a majority"},
  {1, 2, 7, 3,  7, 1, 0,  1, 0, -1, 0, "7 down beats 2 up and 6 keep (3 of them code 3); 7 up ties 7 keep: keep"},
};

/* MAINTAIN = 1: a keep win (Table 3.1's "Maintain") steps the level toward NORMAL */
static const ev_step maintain[] = {
  {1, 8, 0, 0,  0, 0, 0,  2, 1,  1, 0, "8 of 15 up: SM normal -> high; 15 keep at normal: no step"},
  {1, 0, 0, 0,  0, 8, 0,  1, 0, -1, -1, "15 keep bring SM from high back to normal; 8 down: memory low"},
  {1, 0, 0, 8,  0, 0, 0,  1, 1,  0, 1, "code 3 counts as keep: SM stays normal; memory low -> normal"},
  {1, 8, 0, 0,  7, 7, 0,  2, 1,  1, 0, "7 up, 7 down, 1 keep: no majority of any kind, memory keeps"},
  {1, 0, 7, 0,  8, 0, 0,  1, 2, -1, 1, "7 down, 8 keep: keep wins, SM steps toward normal, not down"},
  {0, 0, 15, 0, 0, 15, 0, 1, 2,  0, 0, "no epoch strobe: votes ignored"},
  {1, 0, 0, 0,  0, 0, 0,  1, 1,  0, -1, "all keep: SM at normal stays, memory high -> normal"},
};

static const ev_step plurality_maintain[] = {
  {1, 6, 5, 0,  5, 5, 0,  2, 1,  1, 0, "6 up > 5 down, 4 keep: SM high; 5/5/5 tie keeps memory"},
  {1, 4, 4, 0,  3, 6, 0,  1, 1, -1, 0, "4/4/7: keep wins, SM high -> normal; 6 down ties 6 keep: no step"},
  {1, 0, 7, 0,  4, 7, 0,  1, 0,  0, -1, "8 keep > 7 down: SM at normal stays; 7 down > 4 up, 4 keep: memory low"},
  {1, 2, 3, 0,  2, 3, 0,  1, 1,  0, 1, "10 keep win both: SM stays; memory low -> normal"},
};

typedef struct ev_dir {
  eqvote_params p;
  const ev_step *t;
  int n;
} ev_dir;

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  ev_dir *d = vs;
  d->p = *(const eqvote_params *)vp;
  if (d->p.N != 15) {
    snprintf(msg, n, "the eqvote directed tables are for N = 15 (use --preset equalizer)");
    return 1;
  }
#define TABLE(tab) do { d->t = tab; d->n = (int)(sizeof tab / sizeof tab[0]); } while (0)
  if (d->p.MAINTAIN && d->p.VOTE) TABLE(plurality_maintain);
  else if (d->p.MAINTAIN) TABLE(maintain);
  else if (d->p.VOTE) TABLE(plurality);
  else TABLE(majority);
#undef TABLE
  return 0;
}

static void fill(uint32_t *req, int up, int down, int three) {
  int i = 0;
  for (int k = 0; k < up; k++) set_vote(req, i++, 1);
  for (int k = 0; k < down; k++) set_vote(req, i++, 2);
  for (int k = 0; k < three; k++) set_vote(req, i++, 3);
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  ev_dir *d = vs;
  eqvote_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle == 0) { in->rst = 1; return; }
  if (cycle > (uint64_t)d->n) return;
  const ev_step *s = &d->t[cycle - 1];
  in->epoch = (uint32_t)s->epoch;
  fill(in->sm_req, s->sm_up, s->sm_down, s->sm_three);
  fill(in->mem_req, s->mem_up, s->mem_down, s->mem_three);
}

static uint32_t enc(int v) { return v > 0 ? 1u : v < 0 ? 3u : 0u; }

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  ev_dir *d = vs;
  const eqvote_out *o = vout;
  if (cycle < 2 || cycle > (uint64_t)d->n + 1) return 0;
  const ev_step *s = &d->t[cycle - 2];
  if (o->sm_level != (uint32_t)s->sm_level || o->mem_level != (uint32_t)s->mem_level ||
      o->sm_step != enc(s->sm_step) || o->mem_step != enc(s->mem_step)) {
    snprintf(msg, n, "step %d (%s): got levels sm %u mem %u steps %u %u; expected %d %d steps %u %u",
             (int)cycle - 1, s->rule, o->sm_level, o->mem_level, o->sm_step, o->mem_step,
             s->sm_level, s->mem_level, enc(s->sm_step), enc(s->mem_step));
    return 1;
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const ev_dir *)vs)->n + 2; }

const wg_stim_ops eqvote_directed_stim = {"eqvote", "directed", sizeof(ev_dir), dir_init,
                                          dir_next, dir_check, dir_length};
