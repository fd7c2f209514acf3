/*
** l2mib_stim.c -- stimulus for block 'l2mib' (the L2 Merge Information
** Buffer and the dummy-first multiplexer, the MIB thesis (Li, UBC 2015) 4.4).
**
** random:   "regimes" redrawn every 8..200 cycles: congested (the L2 -> DRAM
**           path mostly refuses, merges frequent: the MIB fills up and the
**           ages saturate), draining (the path accepts, few merges), churn
**           (merges into a small pool of entries, fills), stalled (the
**           path refuses for 1..3 x ENTRIES cycles while merges sweep every
**           entry in order: the MIB fills) or anything.  Merge
**           ages come from a small, a medium or a near-saturation range;
**           merge lengths are 1..MAX_MERGE (rarely an out-of-range value,
**           which both sides truncate the same way); indices cover every
**           idx value (>= ENTRIES is ignored).  The MSHR block-address bus
**           changes one entry per cycle.  Rare resets.  The check callback
**           counts (MIB full, saturated-age dummies, dummies offered,
**           miss-queue pops, dummies that held back a waiting miss) and
**           prints them at 10^k and 5x10^k cycles; after 100,000 cycles it
**           fails if the MIB never filled or no saturated age was seen.
** directed: scenarios with the outputs written by hand from the thesis'
**           rules (not from the model), each starting with a reset:
**           A. the miss-queue head goes when no MIB entry is valid; back
**              pressure holds it; a merge makes the next cycle a dummy.
**           B. the dummy is the valid entry with the highest request score
**              (age for SCORE=1, merge length for SCORE=0), ties to the
**              lowest index; sending clears valid; the order of three.
**           C. sending clears the age: the next merge starts afresh; a merge
**              in the cycle its entry is sent re-arms it with its own age.
**           D. a fill clears the entry (its pending dummy is dropped); a
**              fill and a merge to one entry in one cycle: the fill wins.
**           E. age saturation at AGE_W bits: 16 merges of 2^(AGE_W-4) each
**              (the thesis' 16 x 2048 = 2^15 example at AGE_W = 15) give
**              2^AGE_W - 1; the merge length reaches MAX_MERGE.
**           With the registered pick (PIPE=1) a merge is seen by the pick
**           one cycle later: A-E run with a settling cycle (no events, the
**           path refusing; only the pending state checked) after every
**           step with a merge, after which their one-cycle expectations
**           hold unchanged, and F tests the pipeline itself:
**           F. a merge's dummy two cycles later, the miss-queue head going
**              in between; back-to-back dummies (the sent entry is left out
**              of the next pick); a filled entry left out; an entry
**              re-armed in its send cycle offered a cycle later; a pick
**              made by the scores of the last edge, offered with the
**              fields of now.
**           Needs ENTRIES >= 4, MAX_MERGE >= 3, AGE_W >= 4.
*/
#include "l2mib_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static uint32_t l2s_low(int bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1; }
static int l2s_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }
static int l2s_bits_for(int64_t v) { int n = 1; while (((int64_t)1 << n) <= v) n++; return n; }

/* widths of one parameter set */
typedef struct l2s_dims {
  int N, MM, AW, BW, FW, score_age, pipe, IW, LW;
  uint32_t age_max;
} l2s_dims;

static void l2s_dims_of(l2s_dims *d, const l2mib_params *p) {
  d->N = (int)p->ENTRIES;
  d->MM = (int)p->MAX_MERGE;
  d->AW = (int)p->AGE_W;
  d->BW = (int)p->BLK_W;
  d->FW = (int)p->INFO_W;
  d->score_age = (int)p->SCORE;
  d->pipe = (int)p->PIPE;
  d->IW = l2s_clog2(p->ENTRIES);
  d->LW = l2s_bits_for(p->MAX_MERGE);
  d->age_max = l2s_low(d->AW);
}

static void l2s_set_blk(l2mib_in *in, int i, int bw, uint32_t blk) {
  for (int b = 0; b < bw; b++) {
    int bit = i * bw + b;
    uint32_t mk = 1u << (bit % 32);
    if (blk >> b & 1) in->mshr_blk[bit / 32] |= mk;
    else in->mshr_blk[bit / 32] &= ~mk;
  }
}

/* ---------------------------------------------------------------- random */
typedef struct l2s_rand {
  l2s_dims d;
  uint64_t rng;
  uint64_t left;                 /* cycles until the next regime */
  unsigned k_merge, k_fill, k_ready, k_mq;   /* probabilities k/8 */
  int      age_range;            /* 0 small, 1 medium, 2 near saturation, 3 any */
  uint32_t pool;                 /* merges go to entries 0 .. pool-1 */
  int      seq;                  /* 1: merges sweep the pool in order (fills the MIB fast) */
  uint32_t next_idx;
  l2mib_in bus;                  /* its mshr_blk: the MSHR block-address bus, kept between cycles */
  /* coverage, counted by rand_check from the model's outputs */
  uint64_t fulls, sat_dummies, dummies, pops, held_miss;
  uint32_t was_full;
} l2s_rand;


static void l2s_regime(l2s_rand *r) {
  uint32_t ids = 1u << r->d.IW;
  r->left = 8 + wg_rand_below(&r->rng, 193);
  r->seq = 0;
  switch (wg_rand_below(&r->rng, 5)) {
  case 4:   /* stalled: the DRAM path refuses for a while, merges sweep every entry: the MIB fills */
    r->k_merge = wg_rand_in(&r->rng, 6, 8); r->k_fill = 0; r->k_ready = 0; r->seq = 1;
    r->left = (uint64_t)r->d.N * (1 + wg_rand_below(&r->rng, 3)) + 8;
    break;
  case 0:   /* congested: DRAM path busy, merges pile up */
    r->k_merge = wg_rand_in(&r->rng, 5, 8); r->k_fill = wg_rand_in(&r->rng, 0, 1); r->k_ready = wg_rand_in(&r->rng, 0, 2); break;
  case 1:   /* draining */
    r->k_merge = wg_rand_in(&r->rng, 0, 2); r->k_fill = wg_rand_in(&r->rng, 0, 3); r->k_ready = wg_rand_in(&r->rng, 6, 8); break;
  case 2:   /* churn */
    r->k_merge = wg_rand_in(&r->rng, 3, 8); r->k_fill = wg_rand_in(&r->rng, 2, 6); r->k_ready = wg_rand_in(&r->rng, 2, 8); break;
  default:
    r->k_merge = wg_rand_in(&r->rng, 0, 8); r->k_fill = wg_rand_in(&r->rng, 0, 8); r->k_ready = wg_rand_in(&r->rng, 0, 8);
  }
  r->k_mq = wg_rand_in(&r->rng, 0, 8);
  r->age_range = (int)wg_rand_below(&r->rng, 4);
  if (r->seq) { r->pool = (uint32_t)r->d.N; return; }
  switch (wg_rand_below(&r->rng, 4)) {
  case 0: r->pool = 1; break;
  case 1: r->pool = 2 < ids ? 2 : ids; break;
  case 2: r->pool = (uint32_t)r->d.N; break;
  default: r->pool = ids; break;   /* may include ids >= ENTRIES */
  }
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  l2s_rand *r = vs;
  memset(r, 0, sizeof *r);
  l2s_dims_of(&r->d, vp);
  r->rng = seed;
  for (int i = 0; i < r->d.N; i++) l2s_set_blk(&r->bus, i, r->d.BW, (uint32_t)wg_rand(&r->rng) & l2s_low(r->d.BW));
  l2s_regime(r);
  return 0;
}

static uint32_t l2s_age(l2s_rand *r) {
  uint32_t mx = r->d.age_max;
  switch (r->age_range) {
  case 0: return wg_rand_below(&r->rng, mx < 16 ? mx + 1 : 16);
  case 1: return wg_rand_below(&r->rng, mx / 8 + 1);
  case 2: return mx - wg_rand_below(&r->rng, mx / 2 + 1);
  default: return (uint32_t)wg_rand(&r->rng) & mx;
  }
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  l2s_rand *r = vs;
  l2mib_in *in = vin;
  if (--r->left == 0) l2s_regime(r);
  uint32_t ids = 1u << r->d.IW;
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 17) == 0;
  in->merge = (uint32_t)wg_rand_k8(&r->rng, r->k_merge);
  if (r->seq) {
    in->merge_idx = r->next_idx % r->pool;
    r->next_idx = in->merge ? (r->next_idx + 1) % r->pool : r->next_idx;
  } else {
    in->merge_idx = wg_rand_below(&r->rng, r->pool);
  }
  in->merge_len = wg_rand_below(&r->rng, 64) == 0 ? (uint32_t)wg_rand(&r->rng) & l2s_low(r->d.LW)
                                                  : 1 + wg_rand_below(&r->rng, (uint32_t)r->d.MM);
  in->merge_age = l2s_age(r);
  in->fill = (uint32_t)wg_rand_k8(&r->rng, r->k_fill);
  in->fill_idx = wg_rand_below(&r->rng, wg_rand_below(&r->rng, 2) ? r->pool : ids);
  /* one MSHR entry's block address changes per cycle (an allocation) */
  uint32_t e = wg_rand_below(&r->rng, (uint32_t)r->d.N);
  l2s_set_blk(&r->bus, (int)e, r->d.BW, (uint32_t)wg_rand(&r->rng) & l2s_low(r->d.BW));
  memcpy(in->mshr_blk, r->bus.mshr_blk, sizeof in->mshr_blk);
  in->mq_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_mq);
  in->mq_blk = (uint32_t)wg_rand(&r->rng) & l2s_low(r->d.BW);
  in->mq_info = (uint32_t)wg_rand(&r->rng) & l2s_low(r->d.FW);
  in->out_ready = (uint32_t)wg_rand_k8(&r->rng, r->k_ready);
}

/* Counts only; reports at 10^k and 5x10^k cycles (k >= 4). */
static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  l2s_rand *r = vs;
  const l2mib_out *o = vout;
  uint32_t full = o->n_pending == (uint32_t)r->d.N;
  if (full && !r->was_full) r->fulls++;
  r->was_full = full;
  r->dummies += o->out_dummy;
  r->sat_dummies += o->out_dummy && o->out_age == r->d.age_max;
  r->pops += o->mq_pop;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    fprintf(stderr, "l2mib random coverage, %llu cycles: MIB full %llu times; dummies offered in %llu cycles, "
            "%llu of them with a saturated age; miss-queue head sent %llu times\n",
            (unsigned long long)c, (unsigned long long)r->fulls, (unsigned long long)r->dummies,
            (unsigned long long)r->sat_dummies, (unsigned long long)r->pops);
  }
  if (c == 100000 && (r->fulls == 0 || r->sat_dummies == 0 || r->pops == 0)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles the MIB was full %llu times, %llu saturated dummies, "
             "%llu miss-queue sends (the stimulus is broken for this parameter set)",
             (unsigned long long)r->fulls, (unsigned long long)r->sat_dummies, (unsigned long long)r->pops);
    return 1;
  }
  return 0;
}

const wg_stim_ops l2mib_random_stim = {"l2mib", "random", sizeof(l2s_rand), rand_init,
                                       rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define L2S_MAX_STEPS 256
#define L2S_X (-1)        /* don't care */

/* One cycle: the inputs, and what the outputs must be in that cycle.  MSHR
** entry i's block address is l2s_blk(i); the miss-queue head's is MQ_BLK. */
typedef struct l2s_step {
  int8_t  rst, merge, fill, mq_valid, ready;
  int16_t midx, mlen, fidx;
  int32_t mage;
  /* expected; L2S_X: don't care */
  int8_t  valid, dummy, pop;
  int16_t idx, len, npend;
  int32_t age;
  int64_t blk, info;
  uint64_t pend_set, pend_clr;   /* pending bits that must be 1 / 0 */
  const char *what;
} l2s_step;

typedef struct l2s_dir {
  l2s_dims d;
  int      n;
  l2s_step s[L2S_MAX_STEPS];
} l2s_dir;

#define L2S_MQ_BLK  0x13579BDFu
#define L2S_MQ_INFO 0x2468ACE1u
static uint32_t l2s_blk(const l2s_dims *d, int i) { return (0x9E3779B1u * (uint32_t)(i + 1)) & l2s_low(d->BW); }

/* a step with no inputs and every expectation a don't care */
static void l2s_blank(l2s_step *s, const char *what) {
  memset(s, 0, sizeof *s);
  s->valid = s->dummy = s->pop = L2S_X;
  s->idx = s->len = s->npend = L2S_X;
  s->age = L2S_X;
  s->blk = s->info = L2S_X;
  s->what = what;
}
static l2s_step *l2s_add(l2s_dir *d, const char *what) {
  l2s_step *s = wg_dir_step(d->s, &d->n, L2S_MAX_STEPS, sizeof *s);
  l2s_blank(s, what);
  return s;
}
static void l2s_merge(l2s_step *s, int idx, int len, int age) {
  s->merge = 1; s->midx = (int16_t)idx; s->mlen = (int16_t)len; s->mage = age;
}
/* expect a dummy of entry idx with this length and age */
static void l2s_dummy(const l2s_dir *d, l2s_step *s, int idx, int len, int age) {
  s->valid = 1; s->dummy = 1; s->pop = 0;
  s->idx = (int16_t)idx; s->len = (int16_t)len; s->age = age;
  s->blk = l2s_blk(&d->d, idx); s->info = 0;
}
/* expect the miss-queue head (or nothing) */
static void l2s_normal(const l2s_dir *d, l2s_step *s) {
  s->dummy = 0; s->idx = 0; s->len = 0; s->age = 0;
  s->valid = s->mq_valid; s->pop = (int8_t)(s->mq_valid && s->ready);
  s->blk = s->mq_valid ? (int64_t)(L2S_MQ_BLK & l2s_low(d->d.BW)) : L2S_X;
  s->info = s->mq_valid ? (int64_t)(L2S_MQ_INFO & l2s_low(d->d.FW)) : L2S_X;
  s->npend = 0;
}
static uint64_t l2s_b(int i) { return (uint64_t)1 << i; }

/* A. no valid entry: the miss-queue head goes (4.4 "If there is no valid entry in the MIB") */
static void l2s_missq(l2s_dir *d) {
  l2s_step *s = l2s_add(d, "A: reset");
  s->rst = 1;
  s = l2s_add(d, "A: nothing anywhere: nothing offered");
  s->ready = 1; l2s_normal(d, s); s->valid = 0;
  s = l2s_add(d, "A: a miss-queue head and no valid MIB entry: the normal request is sent and popped");
  s->mq_valid = 1; s->ready = 1; l2s_normal(d, s);
  s = l2s_add(d, "A: back pressure: the head is offered but not popped");
  s->mq_valid = 1; s->ready = 0; l2s_normal(d, s);
  s = l2s_add(d, "A: still held; a read miss merges into MSHR entry 2 (length 2, age 3)");
  s->mq_valid = 1; s->ready = 0; l2s_normal(d, s); l2s_merge(s, 2, 2, 3);
  s = l2s_add(d, "A: entry 2 is valid: the dummy goes before the waiting miss, which is not popped");
  s->mq_valid = 1; s->ready = 1; l2s_dummy(d, s, 2, 2, 3); s->npend = 1; s->pend_set = l2s_b(2);
  s = l2s_add(d, "A: the dummy was sent, valid cleared: the miss-queue head goes now");
  s->mq_valid = 1; s->ready = 1; l2s_normal(d, s); s->pend_clr = l2s_b(2);
}

/* B. the highest request score goes first; ties to the lowest index */
static void l2s_score(l2s_dir *d) {
  int age_sc = d->d.score_age;
  l2s_step *s = l2s_add(d, "B: reset");
  s->rst = 1;
  s = l2s_add(d, "B: back pressure; merge into entry 1: length 3, age 2");
  l2s_merge(s, 1, 3, 2); s->mq_valid = 1; l2s_normal(d, s);
  s = l2s_add(d, "B: merge into entry 2: length 2, age 7");
  l2s_merge(s, 2, 2, 7); s->mq_valid = 1; l2s_dummy(d, s, 1, 3, 2);
  s = l2s_add(d, "B: merge into entry 3: length 3, age 7");
  l2s_merge(s, 3, 3, 7); s->mq_valid = 1;
  if (age_sc) l2s_dummy(d, s, 2, 2, 7);   /* age 7 > 2 */
  else l2s_dummy(d, s, 1, 3, 2);          /* length 3 > 2 */
  s->npend = 2;
  /* entries: 1 (3, 2), 2 (2, 7), 3 (3, 7) */
  s = l2s_add(d, age_sc ? "B: S+A: ages 2, 7, 7: entry 2 (tie with 3, lower index) is offered; the path accepts"
                        : "B: M/S: lengths 3, 2, 3: entry 1 (tie with 3, lower index) is offered; the path accepts");
  s->mq_valid = 1; s->ready = 1; s->npend = 3; s->pend_set = l2s_b(1) | l2s_b(2) | l2s_b(3);
  if (age_sc) l2s_dummy(d, s, 2, 2, 7); else l2s_dummy(d, s, 1, 3, 2);
  s = l2s_add(d, "B: the sent entry's valid is clear; entry 3 is next (S+A: age 7 > 2; M/S: length 3 > 2)");
  s->mq_valid = 1; s->ready = 1; s->npend = 2; l2s_dummy(d, s, 3, 3, 7);
  s->pend_clr = age_sc ? l2s_b(2) : l2s_b(1);
  s = l2s_add(d, "B: the last valid entry goes");
  s->mq_valid = 1; s->ready = 1; s->npend = 1;
  if (age_sc) l2s_dummy(d, s, 1, 3, 2); else l2s_dummy(d, s, 2, 2, 7);
  s->pend_clr = l2s_b(3);
  s = l2s_add(d, "B: no valid entry left: the miss-queue head goes");
  s->mq_valid = 1; s->ready = 1; l2s_normal(d, s);
  s = l2s_add(d, "B: the highest index can win: entry 0 (length 2, age 1) and the last entry (length 3, age 5)");
  l2s_merge(s, 0, 2, 1); l2s_normal(d, s);
  s = l2s_add(d, "B: (second merge)");
  l2s_merge(s, d->d.N - 1, 3, 5); l2s_dummy(d, s, 0, 2, 1);
  s = l2s_add(d, "B: the last entry scores higher under either score");
  s->ready = 1; l2s_dummy(d, s, d->d.N - 1, 3, 5); s->npend = 2;
  s = l2s_add(d, "B: then entry 0");
  s->ready = 1; l2s_dummy(d, s, 0, 2, 1); s->npend = 1;
}

/* C. sending clears valid and the age (delta ages, added at DRAM) */
static void l2s_send(l2s_dir *d) {
  l2s_step *s = l2s_add(d, "C: reset");
  s->rst = 1;
  s = l2s_add(d, "C: merge into entry 1: length 2, age 4");
  l2s_merge(s, 1, 2, 4);
  s = l2s_add(d, "C: merge again into entry 1 under back pressure: length 3, age 5 (ages add up)");
  l2s_merge(s, 1, 3, 5); l2s_dummy(d, s, 1, 2, 4);
  s = l2s_add(d, "C: the dummy carries the new length (overwrite) and the summed age 9; it is sent");
  s->ready = 1; l2s_dummy(d, s, 1, 3, 9); s->npend = 1;
  s = l2s_add(d, "C: sent: entry 1 is no longer valid, nothing offered");
  s->ready = 1; l2s_normal(d, s); s->valid = 0; s->pend_clr = l2s_b(1);
  s = l2s_add(d, "C: another merge into entry 1: length 3 (MSHR still holds 3 + 1), age 6");
  l2s_merge(s, 1, 3, 6); l2s_normal(d, s); s->valid = 0;
  s = l2s_add(d, "C: the age starts afresh (6, not 15); it is sent while a further merge (age 2) arrives");
  s->ready = 1; l2s_merge(s, 1, 3, 2); l2s_dummy(d, s, 1, 3, 6);
  s = l2s_add(d, "C: the merge in the send cycle re-arms entry 1 with only its own age");
  l2s_dummy(d, s, 1, 3, 2); s->npend = 1;
}

/* D. a fill clears the entry */
static void l2s_fill(l2s_dir *d) {
  l2s_step *s = l2s_add(d, "D: reset");
  s->rst = 1;
  s = l2s_add(d, "D: merges into entries 2 (length 2, age 3)");
  l2s_merge(s, 2, 2, 3);
  s = l2s_add(d, "D: ... and 3 (length 3, age 4), under back pressure");
  l2s_merge(s, 3, 3, 4);
  s = l2s_add(d, "D: entry 2 is filled from DRAM: its MIB entry is cleared, its pending dummy dropped");
  s->fill = 1; s->fidx = 2; s->npend = 2; s->pend_set = l2s_b(2) | l2s_b(3);
  s = l2s_add(d, "D: only entry 3 remains");
  s->npend = 1; s->pend_clr = l2s_b(2); l2s_dummy(d, s, 3, 3, 4);
  s = l2s_add(d, "D: a fill and a merge to entry 3 in one cycle: the fill wins (the MSHR frees the entry)");
  s->fill = 1; s->fidx = 3; l2s_merge(s, 3, 3, 9); l2s_dummy(d, s, 3, 3, 4);
  s = l2s_add(d, "D: entry 3 cleared; a new miss allocates entry 2 and a second request merges (length 2, age 1)");
  l2s_merge(s, 2, 2, 1); s->mq_valid = 1; s->ready = 0; l2s_normal(d, s);
  s = l2s_add(d, "D: the re-used entry starts from age 0: the dummy carries age 1");
  l2s_dummy(d, s, 2, 2, 1); s->npend = 1; s->pend_clr = l2s_b(3);
  s = l2s_add(d, "D: a fill of an entry with nothing pending changes nothing");
  s->fill = 1; s->fidx = 0; l2s_dummy(d, s, 2, 2, 1);
  s = l2s_add(d, "D: (still entry 2)");
  s->ready = 1; l2s_dummy(d, s, 2, 2, 1); s->npend = 1;
}

/* E. age saturation, and the merge length at MAX_MERGE */
static void l2s_sat(l2s_dir *d) {
  const int AW = d->d.AW, MM = d->d.MM;
  const int step = 1 << (AW - 4);   /* 16 x step = 2^AGE_W (thesis: 16 x 2048 = 2^15) */
  l2s_step *s = l2s_add(d, "E: reset");
  s->rst = 1;
  for (int k = 1; k <= 16; k++) {
    s = l2s_add(d, "E: 16 merges into entry 1 under back pressure, each with age 2^(AGE_W-4)");
    int len = 1 + k < MM ? 1 + k : MM;
    l2s_merge(s, 1, len, step);
    if (k == 1) l2s_normal(d, s);
    else l2s_dummy(d, s, 1, k < MM ? k : MM, (k - 1) * step);
  }
  s = l2s_add(d, "E: 16 x 2^(AGE_W-4) = 2^AGE_W does not fit: the age saturates at 2^AGE_W - 1; the length is MAX_MERGE");
  l2s_dummy(d, s, 1, MM, (int32_t)d->d.age_max);
  s = l2s_add(d, "E: a further merge keeps it saturated");
  l2s_merge(s, 1, MM, (int32_t)d->d.age_max); l2s_dummy(d, s, 1, MM, (int32_t)d->d.age_max);
  s = l2s_add(d, "E: still 2^AGE_W - 1; sent");
  s->ready = 1; l2s_dummy(d, s, 1, MM, (int32_t)d->d.age_max);
  s = l2s_add(d, "E: one maximal-age merge after the send: exactly 2^AGE_W - 1, then one more of age 1");
  l2s_merge(s, 1, MM, (int32_t)d->d.age_max); l2s_normal(d, s); s->valid = 0;
  s = l2s_add(d, "E: (the age-1 merge)");
  l2s_merge(s, 1, MM, 1); l2s_dummy(d, s, 1, MM, (int32_t)d->d.age_max);
  s = l2s_add(d, "E: saturated, not wrapped to 0");
  l2s_dummy(d, s, 1, MM, (int32_t)d->d.age_max);
}

/* PIPE=1: after each step with a merge, a cycle with no events and the path refusing.  Its
** pending state is the next step's (nothing changes in it); what it offers is left open.
** By the next step the pick has seen the merge, so A-E's expectations hold as written. */
static void l2s_settle(l2s_dir *d) {
  int n = d->n, extra = 0;
  for (int j = 0; j < n; j++) extra += d->s[j].merge && !d->s[j].rst;
  if (n + extra > L2S_MAX_STEPS) { d->n = L2S_MAX_STEPS; return; }   /* wg_dir_overflow reports it */
  /* in place, from the end: step j moves up by the merges before it, its settling cycle after it */
  l2s_step nxt = {0};
  int k = n + extra;
  for (int j = n - 1; j >= 0; j--) {
    l2s_step cur = d->s[j];
    if (cur.merge && !cur.rst) {
      l2s_step *st = &d->s[--k];
      l2s_blank(st, "(PIPE=1: a settling cycle, the pick sees the merge)");
      st->pop = 0;
      if (j + 1 < n && !nxt.rst) {
        st->npend = nxt.npend;
        st->pend_set = nxt.pend_set;
        st->pend_clr = nxt.pend_clr;
      }
    }
    d->s[--k] = cur;
    nxt = cur;
  }
  d->n = n + extra;
}

/* F. the registered pick (PIPE=1), written from its rule: the pick shown in a cycle was made
** at the edge before it, from the entries that stayed valid through that edge (a fill or
** the dummy sent leaves one out, a merge is not seen yet), by their scores then; the dummy
** carries the entry's fields of now.  Lengths are ordered like ages, so both SCOREs agree. */
static void l2s_pipe(l2s_dir *d) {
  l2s_step *s = l2s_add(d, "F: reset");
  s->rst = 1;
  s = l2s_add(d, "F: a merge into entry 1 (length 2, age 5); the pick is empty: the miss-queue head goes");
  l2s_merge(s, 1, 2, 5); s->mq_valid = 1; s->ready = 1; l2s_normal(d, s);
  s = l2s_add(d, "F: the pick made at the merge's edge did not see entry 1: the head goes again");
  s->mq_valid = 1; s->ready = 1; l2s_normal(d, s); s->npend = 1; s->pend_set = l2s_b(1);
  s = l2s_add(d, "F: entry 1's dummy two cycles after its merge (held); a merge into entry 2 (length 3, age 9)");
  s->mq_valid = 1; l2s_merge(s, 2, 3, 9); l2s_dummy(d, s, 1, 2, 5); s->npend = 1;
  s = l2s_add(d, "F: the pick of the last edge did not see entry 2: entry 1 again, sent");
  s->mq_valid = 1; s->ready = 1; l2s_dummy(d, s, 1, 2, 5); s->npend = 2;
  s = l2s_add(d, "F: the sent entry was left out of the pick: entry 2 follows without a gap; a merge into entry 3 (2, 1)");
  s->mq_valid = 1; s->ready = 1; l2s_merge(s, 3, 2, 1); l2s_dummy(d, s, 2, 3, 9); s->npend = 1;
  s->pend_clr = l2s_b(1);
  s = l2s_add(d, "F: entry 2 sent, entry 3 not seen yet: the miss-queue head goes");
  s->mq_valid = 1; s->ready = 1; l2s_normal(d, s); s->npend = 1; s->pend_set = l2s_b(3);
  s = l2s_add(d, "F: entry 3 (held); a merge into entry 0 (length 2, age 12)");
  l2s_merge(s, 0, 2, 12); l2s_dummy(d, s, 3, 2, 1); s->npend = 1;
  s = l2s_add(d, "F: still entry 3: the pick of the last edge did not see entry 0");
  l2s_dummy(d, s, 3, 2, 1); s->npend = 2;
  s = l2s_add(d, "F: entry 0 now (age 12 over 1; lengths tie, the lower index); entry 0 is filled in this cycle");
  s->fill = 1; s->fidx = 0; l2s_dummy(d, s, 0, 2, 12); s->npend = 2;
  s = l2s_add(d, "F: the filled entry was left out: entry 3, sent, and re-armed by a merge (length 1, age 2)");
  s->ready = 1; l2s_merge(s, 3, 1, 2); l2s_dummy(d, s, 3, 2, 1); s->npend = 1; s->pend_clr = l2s_b(0);
  s = l2s_add(d, "F: the re-armed entry was left out of the pick of its send cycle: nothing offered");
  s->ready = 1; l2s_normal(d, s); s->valid = 0; s->npend = 1; s->pend_set = l2s_b(3);
  s = l2s_add(d, "F: entry 3 with its own new information; merges into entry 1 (length 2, age 5)");
  l2s_merge(s, 1, 2, 5); l2s_dummy(d, s, 3, 1, 2); s->npend = 1;
  s = l2s_add(d, "F: ... and entry 2 (length 1, age 3)");
  l2s_merge(s, 2, 1, 3); l2s_dummy(d, s, 3, 1, 2); s->npend = 2;
  s = l2s_add(d, "F: entry 1 picked over 3; a merge raises entry 2 to length 3, age 3 + 7 = 10");
  l2s_merge(s, 2, 3, 7); l2s_dummy(d, s, 1, 2, 5); s->npend = 3;
  s = l2s_add(d, "F: the pick of the last edge ranked entry 2 by its old score: entry 1 first, sent");
  s->ready = 1; l2s_dummy(d, s, 1, 2, 5); s->npend = 3;
  s = l2s_add(d, "F: then entry 2 with its new fields, sent");
  s->ready = 1; l2s_dummy(d, s, 2, 3, 10); s->npend = 2; s->pend_clr = l2s_b(1);
  s = l2s_add(d, "F: then entry 3, sent");
  s->ready = 1; l2s_dummy(d, s, 3, 1, 2); s->npend = 1;
  s = l2s_add(d, "F: empty: the miss-queue head goes");
  s->mq_valid = 1; s->ready = 1; l2s_normal(d, s);
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  l2s_dir *d = vs;
  memset(d, 0, sizeof *d);
  l2s_dims_of(&d->d, vp);
  if (d->d.N < 4 || d->d.MM < 3 || d->d.AW < 4) {
    snprintf(msg, n, "the l2mib directed scenarios need ENTRIES >= 4, MAX_MERGE >= 3, AGE_W >= 4 "
             "(use --preset thesis, thesis_ms or small)");
    return 1;
  }
  l2s_missq(d);
  l2s_score(d);
  l2s_send(d);
  l2s_fill(d);
  l2s_sat(d);
  if (d->d.pipe) {
    l2s_settle(d);
    l2s_pipe(d);
  }
  if (wg_dir_overflow(msg, n, "l2mib", d->n, L2S_MAX_STEPS)) return 1;
  return 0;
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  l2s_dir *d = vs;
  l2mib_in *in = vin;
  memset(in, 0, sizeof *in);
  for (int i = 0; i < d->d.N; i++) l2s_set_blk(in, i, d->d.BW, l2s_blk(&d->d, i));
  if (cycle >= (uint64_t)d->n) return;
  const l2s_step *s = &d->s[cycle];
  in->rst = (uint32_t)s->rst;
  in->merge = (uint32_t)s->merge;
  in->merge_idx = (uint32_t)s->midx;
  in->merge_len = (uint32_t)s->mlen;
  in->merge_age = (uint32_t)s->mage;
  in->fill = (uint32_t)s->fill;
  in->fill_idx = (uint32_t)s->fidx;
  in->mq_valid = (uint32_t)s->mq_valid;
  in->mq_blk = L2S_MQ_BLK & l2s_low(d->d.BW);
  in->mq_info = L2S_MQ_INFO & l2s_low(d->d.FW);
  in->out_ready = (uint32_t)s->ready;
}

#define L2S_EXPECT(field, got) WG_EXPECT(s, field, got, L2S_X)

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  l2s_dir *d = vs;
  const l2mib_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const l2s_step *s = &d->s[cycle];
  L2S_EXPECT(valid, o->out_valid);
  L2S_EXPECT(dummy, o->out_dummy);
  L2S_EXPECT(pop, o->mq_pop);
  L2S_EXPECT(idx, o->out_idx);
  /* the tables speak in merge lengths (the thesis' terms); the port carries length - 1 */
  if (s->len != L2S_X && (int64_t)o->out_ml != (s->len ? s->len - 1 : 0)) {
    snprintf(msg, n, "step %llu (%s): out_ml = %u, expected %d (merge length %d)", (unsigned long long)cycle, s->what,
             o->out_ml, s->len ? s->len - 1 : 0, s->len);
    return 1;
  }
  L2S_EXPECT(age, o->out_age);
  L2S_EXPECT(blk, o->out_blk);
  L2S_EXPECT(info, o->out_info);
  L2S_EXPECT(npend, o->n_pending);
  if ((o->pending & s->pend_set) != s->pend_set || (o->pending & s->pend_clr)) {
    snprintf(msg, n, "step %llu (%s): pending = 0x%llx, expected bits 0x%llx set and 0x%llx clear",
             (unsigned long long)cycle, s->what, (unsigned long long)o->pending,
             (unsigned long long)s->pend_set, (unsigned long long)s->pend_clr);
    return 1;
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const l2s_dir *)vs)->n; }

const wg_stim_ops l2mib_directed_stim = {"l2mib", "directed", sizeof(l2s_dir), dir_init,
                                         dir_next, dir_check, dir_length};
