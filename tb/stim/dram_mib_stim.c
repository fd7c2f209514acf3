/*
** dram_mib_stim.c -- stimulus for block 'dram_mib' (the DRAM-controller side
** of the inter-core locality aware scheduler, Li thesis 2015, Ch. 4).
**
** random:   "regimes" redrawn every 2..16 x QUEUE cycles: fill (reads often,
**           banks rarely ready), drain (no reads, banks ready), churn, or
**           anything; reads go to a few banks and a pool of 1..4 rows per
**           bank (row hits and misses both common); block addresses come
**           from a small pool, and dummies name recently sent blocks (CAM
**           hits) or any block (drops), with any merge length; arrival and
**           dummy ages are small, large or near the maximum, so ages
**           saturate; under POLICY=4 the policy is redrawn per regime.
**           Rare resets.  The check callback counts (full queue, dummy
**           hits / drops, saturated ages, row hits / misses, merged requests
**           issued) and prints the counts at 10^k and 5x10^k cycles; after
**           100,000 cycles it fails if the queue never filled or (with a
**           MIB) no dummy ever hit.
** directed: scenarios built in dir_init, each starting with a reset, with
**           the outputs expected at chosen cycles written from the thesis'
**           rules (not from the model):
**           F. Fig. 4.1 (thesis 4.2): R0 in row 0 (merge length 4), R7 and
**              R4 in row 1 (2 and 3, the figure's values; the text says R4 =
**              4), one bank, no row open; expected orders: FR-FCFS R0 R7 R4,
**              MSHR-M R0 R4 R7 (row scores 4 vs 3), MSHR-S R4 R7 R0 (4 vs 5),
**              MSHR-S+A R7 R4 R0 (ages 14 vs 26 + 5, R7 got a dummy age of 20).
**           D. a dummy overwrites the merge length (3 then 2: the result is
**              2, not 5 or 3) and adds its age; a dummy naming no queued
**              block is dropped (MSHR-* only).
**           A. age saturation: a merge length of MAX_MERGE saturates a
**              15-bit age after 2^15 / 16 = 2048 cycles (4.3), exactly; the
**              issued age is 2^AGE_BITS - 1.
**           E. FR-FCFS equivalence: QUEUE requests with merge length 1 (no
**              dummies) in one bank, four rows, distinct ages; the issue
**              order, row hits included, is checked against FR-FCFS (row
**              hits first, then the oldest) under FR-FCFS and under MSHR-M.
**           T. MSHR-S+A, a saturated age (docs/blocks/dram_mib.md, "The
**              row-score table"): R_a (row 0) arrives at age 2^AGE_BITS - 2 and
**              saturates; R_b, R_c (row 1) at 2^(AGE_BITS-1) - 2; two cycles
**              later row 1's ages sum to max + 2 and row 0's exact score is
**              max: the exact scores open row 1 (R_b, the older); the table
**              counts R_a's age on past the maximum (max + 3) and opens row 0.
**           Under POLICY=4 every scenario runs under every policy it applies
**           to (policy_sel); a fixed POLICY runs its own.  Needs QUEUE >= 4,
**           ROW_BITS >= 2, BLK_BITS >= 3, MAX_MERGE >= 4, AGE_BITS >= 6.
*/
#include "dram_mib_io.h"
#include "stim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int dm_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }
static uint32_t dm_low(int bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }

typedef struct dm_dims {
  int N, NB, BB, RB, KB, MM, MLB, AB, POL, RT, PIPE;
  uint32_t amax;
} dm_dims;

static void dm_dims_of(dm_dims *d, const dram_mib_params *p) {
  d->N = (int)p->QUEUE;
  d->NB = (int)p->BANKS;
  d->BB = dm_clog2(p->BANKS);
  d->RB = (int)p->ROW_BITS;
  d->KB = (int)p->BLK_BITS;
  d->MM = (int)p->MAX_MERGE;
  d->MLB = dm_clog2(p->MAX_MERGE);
  d->AB = (int)p->AGE_BITS;
  d->POL = (int)p->POLICY;
  d->RT = (int)p->ROW_TABLE;
  d->PIPE = (int)p->PIPE;
  d->amax = dm_low(d->AB);
}

/* ---------------------------------------------------------------- random */
#define DM_POOL 128
typedef struct dm_rand {
  dm_dims  d;
  uint64_t rng;
  uint64_t left;
  unsigned k_req, k_dummy, k_ready, k_known, age_mode;
  uint32_t banks_used, rows, blks, policy;
  uint32_t sent[DM_POOL];     /* recently sent block addresses */
  uint32_t nsent, psent;
  uint64_t full, dhit, ddrop, sat, hits, misses, merged, issues;
  int      last_dummy;         /* a dummy the MIB looks at was sent this cycle */
} dm_rand;


static void dm_regime(dm_rand *r) {
  uint32_t N = (uint32_t)r->d.N;
  r->left = N * (2 + wg_rand_below(&r->rng, 15)) + 8;
  switch (wg_rand_below(&r->rng, 4)) {
  case 0: r->k_req = wg_rand_in(&r->rng, 5, 8); r->k_ready = wg_rand_in(&r->rng, 0, 2); break;   /* fill */
  case 1: r->k_req = wg_rand_in(&r->rng, 0, 1); r->k_ready = wg_rand_in(&r->rng, 4, 8); break;   /* drain */
  case 2: r->k_req = wg_rand_in(&r->rng, 3, 6); r->k_ready = wg_rand_in(&r->rng, 2, 6); break;   /* churn */
  default: r->k_req = wg_rand_in(&r->rng, 0, 8); r->k_ready = wg_rand_in(&r->rng, 0, 8);
  }
  r->k_dummy = wg_rand_in(&r->rng, 0, 8);
  r->k_known = wg_rand_in(&r->rng, 4, 8);
  r->age_mode = wg_rand_below(&r->rng, 4);
  uint32_t nb = (uint32_t)r->d.NB;
  r->banks_used = wg_rand_below(&r->rng, 2) ? 1 + wg_rand_below(&r->rng, nb < 3 ? nb : 3) : nb;
  uint32_t maxrows = r->d.RB >= 2 ? 4 : 2;
  r->rows = 1 + wg_rand_below(&r->rng, maxrows);
  uint32_t kb = r->d.KB >= 20 ? 1u << 20 : 1u << r->d.KB;
  r->blks = wg_rand_below(&r->rng, 2) ? 2 * N : kb;
  if (r->blks > kb) r->blks = kb;
  r->policy = wg_rand_below(&r->rng, 4);
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  dm_rand *r = vs;
  memset(r, 0, sizeof *r);
  dm_dims_of(&r->d, vp);
  r->rng = seed;
  dm_regime(r);
  return 0;
}

static uint32_t dm_age(dm_rand *r) {
  uint32_t amax = r->d.amax;
  switch (r->age_mode) {
  case 0: return 0;
  case 1: return wg_rand_below(&r->rng, 8) & amax;
  case 2: return amax - (wg_rand_below(&r->rng, 4) & amax);
  default: return (uint32_t)wg_rand(&r->rng) & amax;
  }
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  dm_rand *r = vs;
  dram_mib_in *in = vin;
  memset(in, 0, sizeof *in);
  if (--r->left == 0) dm_regime(r);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 17) == 0;
  in->policy_sel = r->policy;
  in->req_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_req);
  in->req_bank = wg_rand_below(&r->rng, r->banks_used) & dm_low(r->d.BB);
  in->req_row = wg_rand_below(&r->rng, r->rows) & dm_low(r->d.RB);
  in->req_blk = wg_rand_below(&r->rng, r->blks) & dm_low(r->d.KB);
  in->req_age = dm_age(r);
  if (in->req_valid) {
    r->sent[r->psent] = in->req_blk;
    r->psent = (r->psent + 1) % DM_POOL;
    if (r->nsent < DM_POOL) r->nsent++;
  }
  in->dummy_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_dummy);
  uint32_t window = r->nsent < (uint32_t)r->d.N * 2 ? r->nsent : (uint32_t)r->d.N * 2;
  if (window && wg_rand_k8(&r->rng, r->k_known))
    in->dummy_blk = r->sent[(r->psent + DM_POOL - 1 - wg_rand_below(&r->rng, window)) % DM_POOL];
  else
    in->dummy_blk = (uint32_t)wg_rand(&r->rng) & dm_low(r->d.KB);
  in->dummy_ml = wg_rand_below(&r->rng, 2) ? dm_low(r->d.MLB) & (uint32_t)wg_rand(&r->rng) : dm_low(r->d.MLB);
  in->dummy_age = dm_age(r);
  r->last_dummy = in->dummy_valid && r->d.POL != 0 && (r->d.POL != 4 || r->policy != 0);
  uint32_t ready = 0;
  for (int b = 0; b < r->d.NB; b++) ready |= (uint32_t)wg_rand_k8(&r->rng, r->k_ready) << b;
  in->bank_ready = ready;
}

static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  dm_rand *r = vs;
  const dram_mib_out *o = vout;
  r->full += !o->req_ready;
  r->dhit += o->dummy_hit;
  r->ddrop += r->last_dummy && !o->dummy_hit;
  r->sat += o->age_sat;
  if (o->issue_valid) {
    r->issues++;
    if (o->issue_hit) r->hits++; else r->misses++;
    r->merged += o->issue_ml != 0;
  }
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    fprintf(stderr, "dram_mib random coverage, %llu cycles: queue full %llu cycles; dummy hits %llu, dropped %llu; "
            "saturated age present %llu cycles; issued %llu (row hits %llu, row misses %llu, merged %llu)\n",
            (unsigned long long)c, (unsigned long long)r->full, (unsigned long long)r->dhit,
            (unsigned long long)r->ddrop, (unsigned long long)r->sat, (unsigned long long)r->issues, (unsigned long long)r->hits,
            (unsigned long long)r->misses, (unsigned long long)r->merged);
  }
  if (c == 100000 && (r->full == 0 || r->sat == 0 || r->hits == 0 || r->misses == 0 ||
                      (r->d.POL != 0 && r->dhit == 0))) {
    snprintf(msg, n, "random stimulus: in 100000 cycles full %llu, saturated %llu, hits %llu, misses %llu, "
             "dummy hits %llu (the stimulus is broken for this parameter set)",
             (unsigned long long)r->full, (unsigned long long)r->sat, (unsigned long long)r->hits,
             (unsigned long long)r->misses, (unsigned long long)r->dhit);
    return 1;
  }
  return 0;
}

const wg_stim_ops dram_mib_random_stim = {"dram_mib", "random", sizeof(dm_rand), rand_init,
                                          rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define DM_MAX_STEPS 1024
#define DM_X (-1)

typedef struct dm_step {
  uint32_t rep;                    /* the step lasts rep cycles (inputs and checks each cycle) */
  int rst, pol;
  int req, bank, row, blk, age;    /* a read request */
  int dummy, dblk, dml, dage;      /* a dummy request */
  uint32_t ready;
  /* expected, DM_X: don't care */
  int e_issue, e_slot, e_hit, e_blk, e_row, e_ml, e_age, e_dhit, e_sat, e_count;
  const char *what;
} dm_step;

typedef struct dm_dir {
  dm_dims  d;
  int      n;
  uint64_t total;
  uint64_t start[DM_MAX_STEPS + 1];
  dm_step  s[DM_MAX_STEPS];
  int      cur;
} dm_dir;

static dm_step *dm_add(dm_dir *d, int pol, const char *what) {
  dm_step *s = wg_dir_step(d->s, &d->n, DM_MAX_STEPS, sizeof *s);
  s->rep = 1;
  s->pol = pol;
  s->e_issue = s->e_slot = s->e_hit = s->e_blk = s->e_row = s->e_ml = s->e_age = DM_X;
  s->e_dhit = s->e_sat = s->e_count = DM_X;
  s->what = what;
  return s;
}
static void dm_req(dm_step *s, int bank, int row, int blk, int age) {
  s->req = 1; s->bank = bank; s->row = row; s->blk = blk; s->age = age;
}
static void dm_dummy(dm_step *s, int blk, int len, int age) {
  s->dummy = 1; s->dblk = blk; s->dml = len - 1; s->dage = age;
}
static void dm_expect_issue(dm_step *s, int blk, int hit) {
  s->e_issue = 1; s->e_blk = blk; s->e_hit = hit;
}

static const char *const dm_pname[4] = {"FR-FCFS", "MSHR-M", "MSHR-S", "MSHR-S+A"};

/* PIPE=1: the pick takes DM_LAG cycles before its issue: in a bank's first ready cycle the bank
** stage chooses it, in the next the row stage ranks its rows, in the next the request stage
** picks its read, which leaves in the fourth; the bank stays out of the bank stage until then,
** so one bank issues at most every DM_LAG + 1 cycles.  dm_lag() adds those cycles before an expected issue (the
** bank ready, nothing issued); the ages expected at the issue grow by DM_LAG increments.
** And a dummy found in cycle c updates its read at the edge after c + 1, not after c (the
** DEMUX registers it): a read ages one more cycle at its old merge length first. */
#define DM_LAG 3
static int dm_lag(dm_dir *d, int pol, uint32_t ready) {
  if (!d->d.PIPE) return 0;
  dm_step *s = dm_add(d, pol, "(PIPE=1: the row stage, then the request stage, before the issue)");
  s->rep = DM_LAG; s->ready = ready; s->e_issue = 0;
  return DM_LAG;
}

/* F. Fig. 4.1: R0 (row 0, merge length 4), R7 and R4 (row 1, 2 and 3) */
static void dm_fig41(dm_dir *d, int pol) {
  enum { B0 = 1, B7 = 2, B4 = 3 };   /* block addresses of R0, R7, R4 */
  dm_step *s = dm_add(d, pol, "F: reset");
  s->rst = 1;
  s = dm_add(d, pol, "F: R0 arrives (bank 0, row 0), the bank is busy");
  dm_req(s, 0, 0, B0, 0); s->e_count = 0;
  s = dm_add(d, pol, "F: R7 arrives (row 1)");
  dm_req(s, 0, 1, B7, 0); s->e_count = 1;
  s = dm_add(d, pol, "F: R4 arrives (row 1)");
  dm_req(s, 0, 1, B4, 0); s->e_count = 2;
  int fr = pol == 0;
  s = dm_add(d, pol, "F: dummy: R0's MSHR entry holds 4 requests");
  dm_dummy(s, B0, 4, 0); s->e_count = 3; s->e_dhit = !fr; s->e_issue = 0;
  s = dm_add(d, pol, "F: dummy: R7's holds 2, with an age of 20 (matters to S+A only)");
  dm_dummy(s, B7, 2, 20); s->e_dhit = !fr;
  s = dm_add(d, pol, "F: dummy: R4's holds 3 (the figure's value)");
  dm_dummy(s, B4, 3, 0); s->e_dhit = !fr;
  /* ages now (written out in the file header): FR-FCFS R0 5, R7 4, R4 3;
  ** with the MIB R0 14, R7 26, R4 5 */
  static const int order[4][3] = {{B0, B7, B4}, {B0, B4, B7}, {B4, B7, B0}, {B7, B4, B0}};
  static const int hits[4][3] = {{0, 0, 1}, {0, 0, 1}, {0, 1, 0}, {0, 1, 0}};
  static const int age0[4] = {5, 14, 5, 26};   /* the first pick's age */
  static const int ml0[4] = {0, 3, 2, 1};      /* the first pick's merge length - 1 */
  static const char *const first[4] = {
    "F: bank free, no row open: FR-FCFS issues the oldest, R0",
    "F: MSHR-M: row scores 4 (row 0) vs max(2,3) = 3: row 0 opened, R0",
    "F: MSHR-S: row scores 4 vs 2 + 3 = 5: row 1 opened, its best request R4 (3)",
    "F: MSHR-S+A: row scores 14 vs 26 + 5 = 31: row 1 opened, its oldest R7 (Age_MSHR 26)"};
  /* PIPE=1: a cycle for R4's dummy to reach the MIB, then the two stages; the first pick's
  ** age grows by its merge length L in each, less L - 1: its dummy came a cycle later */
  int settle = 0;
  if (d->d.PIPE) {
    s = dm_add(d, pol, "F: (PIPE=1: R4's dummy reaches the MIB at this edge)");
    settle = 1;
  }
  int lag = dm_lag(d, pol, 1), L = ml0[pol] + 1;
  s = dm_add(d, pol, first[pol]);
  s->ready = 1; dm_expect_issue(s, order[pol][0], hits[pol][0]);
  s->e_age = age0[pol] + (settle + lag) * L - (d->d.PIPE && pol ? L - 1 : 0);
  s->e_ml = ml0[pol]; s->e_count = 3;
  dm_lag(d, pol, 1);
  s = dm_add(d, pol, "F: the second pick (see the scenario's expected orders)");
  s->ready = 1; dm_expect_issue(s, order[pol][1], hits[pol][1]); s->e_count = 2;
  dm_lag(d, pol, 1);
  s = dm_add(d, pol, "F: the third pick");
  s->ready = 1; dm_expect_issue(s, order[pol][2], hits[pol][2]); s->e_count = 1;
  s = dm_add(d, pol, "F: empty");
  s->ready = 1; s->e_issue = 0; s->e_count = 0;
}

/* D. dummies: overwrite the merge length, add the age, drop when not queued */
static void dm_dummies(dm_dir *d, int pol) {
  dm_step *s = dm_add(d, pol, "D: reset");
  s->rst = 1;
  s = dm_add(d, pol, "D: a read of block 5 arrives (bank 1, row 2), bank 1 busy");
  dm_req(s, 1, 2, 5, 0);
  s = dm_add(d, pol, "D: dummy: merge length 3, age 4 -> age 0 + 4 + 3 = 7");
  dm_dummy(s, 5, 3, 4); s->e_dhit = 1; s->e_count = 1;
  s = dm_add(d, pol, "D: dummy: merge length 2 overwrites (not 3 + 2, not max) -> age 7 + 0 + 2 = 9");
  dm_dummy(s, 5, 2, 0); s->e_dhit = 1;
  s = dm_add(d, pol, "D: a dummy for block 6, which is not queued, is dropped -> age 11");
  dm_dummy(s, 6, 4, 7); s->e_dhit = 0; s->e_count = 1;
  int lag = dm_lag(d, pol, 2);
  /* PIPE=1: two more cycles at length 2; each dummy a cycle later: one cycle at length 1, not 3
  ** (-2), one at 3, not 2 (+1): 11 + 4 - 1 = 14 */
  s = dm_add(d, pol, "D: bank 1 free: the read leaves with merge length 2 and age 11 (PIPE=1: 14)");
  s->ready = 2; dm_expect_issue(s, 5, 0); s->e_ml = 1; s->e_age = 11 + 2 * lag - (lag ? 1 : 0); s->e_row = 2; s->e_slot = 0;
  s = dm_add(d, pol, "D: empty");
  s->ready = 3; s->e_issue = 0; s->e_count = 0;
}

/* A. age saturation */
static void dm_saturate(dm_dir *d, int pol) {
  int L = pol == 0 ? 1 : d->d.MM;                       /* the increment per cycle */
  uint32_t k = (d->d.amax + (uint32_t)L - 1) / (uint32_t)L;   /* cycles to saturate */
  if (d->d.PIPE && pol)   /* the dummy lands a cycle later, after one cycle at + 1 */
    k = 1 + (d->d.amax - 1 + (uint32_t)L - 1) / (uint32_t)L;
  dm_step *s = dm_add(d, pol, "A: reset");
  s->rst = 1;
  s = dm_add(d, pol, "A: a read of block 7 arrives, age 0, its bank stays busy");
  dm_req(s, 0, 0, 7, 0);
  s = dm_add(d, pol, pol ? "A: dummy: merge length MAX_MERGE (the MSHR entry is full), age 0"
                         : "A: FR-FCFS: the age grows by 1 per cycle");
  if (pol) { dm_dummy(s, 7, d->d.MM, 0); s->e_dhit = 1; }
  s->e_sat = 0;
  s = dm_add(d, pol, "A: the age grows by the merge length each cycle, not yet saturated");
  s->rep = k - 1; s->e_sat = 0; s->e_issue = 0;
  if (s->rep == 0) { d->n--; }
  s = dm_add(d, pol, "A: saturated at 2^AGE_BITS-1 after ceil((2^AGE_BITS-1)/merge length) cycles (2048 at the thesis' 15 bits, 16 merges)");
  s->e_sat = 1;
  s = dm_add(d, pol, "A: stays saturated");
  s->rep = 3; s->e_sat = 1;
  dm_lag(d, pol, 1);
  s = dm_add(d, pol, "A: issued with the saturated age");
  s->ready = 1; dm_expect_issue(s, 7, 0); s->e_age = (int)d->d.amax; s->e_ml = pol ? d->d.MM - 1 : 0; s->e_sat = 1;
  s = dm_add(d, pol, "A: empty, nothing saturated");
  s->e_sat = 0; s->e_count = 0;
}

/* T. MSHR-S+A with a saturated age: the exact sums against the table's */
static void dm_satdiff(dm_dir *d) {
  const int pol = 3, W = 2;
  int a = (int)d->d.amax, x = (a + 1) / 2 - 2;   /* x = 2^(AGE_BITS-1) - 2 */
  dm_step *s = dm_add(d, pol, "T: reset");
  s->rst = 1;
  s = dm_add(d, pol, "T: R_a (bank 0, row 0) arrives one below the maximum age, the bank is busy");
  dm_req(s, 0, 0, 1, a - 1);
  s = dm_add(d, pol, "T: R_b (row 1) arrives at 2^(AGE_BITS-1) - 2; R_a reaches the maximum");
  dm_req(s, 0, 1, 2, x);
  s = dm_add(d, pol, "T: R_c (row 1) arrives at the same age; R_a stays at the maximum (the table counts on)");
  dm_req(s, 0, 1, 3, x);
  s = dm_add(d, pol, "T: wait two cycles");
  s->rep = W; s->e_sat = 1;
  /* PIPE=1: the bank ready from here: the row stage ranks the rows by these scores */
  int lag = dm_lag(d, pol, 1);
  s = dm_add(d, pol, d->d.RT ? "T: the table: row 0 scores max + 3 > row 1's max + 2: R_a (its age saturated)"
                             : "T: exact: row 1 scores max + 2 > row 0's max: R_b, row 1's older read");
  s->ready = 1;
  if (d->d.RT) { dm_expect_issue(s, 1, 0); s->e_age = a; }
  else { dm_expect_issue(s, 2, 0); s->e_age = x + 1 + W + lag; }
  s = dm_add(d, pol, "T: drain");
  s->ready = 1; s->rep = 2 * (1 + lag);
  s = dm_add(d, pol, "T: empty");
  s->e_count = 0; s->e_issue = 0;
}

/* E. FR-FCFS equivalence with merge length 1: an independent FR-FCFS */
static uint32_t dm_hash(uint32_t x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; return x ^ (x >> 16); }

static void dm_equiv(dm_dir *d, int pol) {
  const int N = d->d.N;
  int row[64], age[64], live[64];
  dm_step *s = dm_add(d, pol, "E: reset");
  s->rst = 1;
  /* no age reaches the maximum: the drain takes N cycles (PIPE=1: 3N) */
  uint32_t span = d->d.amax - (d->d.PIPE ? 5u : 3u) * (uint32_t)N - 4;
  for (int k = 0; k < N; k++) {
    row[k] = (int)(dm_hash((uint32_t)k * 7 + 1) % 4);
    age[k] = (int)(dm_hash((uint32_t)k * 13 + 5) % span);
    live[k] = 1;
    s = dm_add(d, pol, "E: fill the queue, merge length 1 (no dummies), bank 0 busy");
    dm_req(s, 0, row[k], k & (int)dm_low(d->d.KB), age[k]); s->e_count = k;
  }
  /* the drain starts at cycle c0 = N + 1 (the reset is cycle 0); request k
  ** arrived in cycle k + 1, so in cycle c its age is age[k] + c - k - 2; PIPE=1: the c-th
  ** issue comes DM_LAG + 1 cycles after the one before, the first DM_LAG cycles in */
  int open = -1;
  for (int c = 0; c < N; c++) {
    int best = -1, bhit = 0;
    long bage = -1;
    for (int k = 0; k < N; k++) {
      if (!live[k]) continue;
      int h = row[k] == open;
      long a = (long)age[k] - k;    /* + the same cycle offset for all */
      if (best < 0 || h > bhit || (h == bhit && a > bage)) { best = k; bhit = h; bage = a; }
    }
    live[best] = 0;
    open = row[best];
    int lag = dm_lag(d, pol, 1);
    s = dm_add(d, pol, pol ? "E: MSHR-M with every merge length 1 issues exactly FR-FCFS' pick (row hit first, then oldest)"
                           : "E: FR-FCFS: row hit first, then the oldest");
    s->ready = 1; s->e_issue = 1; s->e_slot = best; s->e_hit = bhit; s->e_row = row[best]; s->e_ml = 0;
    s->e_age = age[best] + (N + 1 + c * (1 + lag) + lag) - best - 2;
  }
  s = dm_add(d, pol, "E: empty");
  s->e_count = 0; s->e_issue = 0;
}


/* P. PIPE=1, the pipelined pick, from its rule (docs/blocks/dram_mib.md, "The pipelined pick"):
** in a cycle c the bank stage chooses a ready bank with a queued read and ranks its rows by the
** scores of then; the row stage passes them on in c + 1; in c + 2 the request stage picks the
** bank's read by {row hit, in a chosen row, request score, age} of then (a read sent in c or
** c + 1 is there, as a row hit or in a chosen row); the read leaves in c + 3 if its bank is
** still ready.  A dummy sent in cycle c reaches the MIB at the
** edge after c + 1.  Cycle numbers count from the reset (cycle 0); a read sent in cycle c is
** queued from c + 1 with its age then, + 1 a cycle (no dummy).  Ages stay below 63. */
static dm_step *dm_at_cycle(dm_dir *d, int pol, const char *what, uint32_t ready) {
  dm_step *s = dm_add(d, pol, what);
  s->ready = ready;
  return s;
}
static void dm_stages(dm_dir *d, int pol, uint32_t ready, const char *first) {
  dm_step *s = dm_at_cycle(d, pol, first, ready);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P: the row stage", ready);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P: the request stage", ready);
  s->e_issue = 0;
}
static void dm_pipe(dm_dir *d, int pol) {
  dm_step *s = dm_add(d, pol, "P: reset");
  s->rst = 1;
  /* P1: cycles 1-5 */
  s = dm_at_cycle(d, pol, "P1: read A (bank 0, row 0) sent, bank 0 ready: nothing queued to choose", 1);
  dm_req(s, 0, 0, 1, 0); s->e_issue = 0; s->e_count = 0;
  dm_stages(d, pol, 1, "P1: the bank stage chooses bank 0 (A queued)");
  s = dm_at_cycle(d, pol, "P1: A leaves, four cycles after it was sent (the one-cycle pick: the next cycle)", 1);
  dm_expect_issue(s, 1, 0); s->e_slot = 0;
  /* P2: cycles 6-11 */
  s = dm_at_cycle(d, pol, "P2: B (bank 0, row 0) sent, both banks ready", 3);
  dm_req(s, 0, 0, 2, 0); s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P2: C (bank 1, row 0) sent; the bank stage chooses bank 0 (B)", 3);
  dm_req(s, 1, 0, 3, 0); s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P2: bank 0 is in the pipeline: the bank stage chooses bank 1 (C)", 3);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P2: bank 0's request stage, bank 1's row stage", 3);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P2: B leaves (a hit: A opened row 0)", 3);
  dm_expect_issue(s, 2, 1);
  s = dm_at_cycle(d, pol, "P2: C leaves the next cycle: two banks back to back", 3);
  dm_expect_issue(s, 3, 0);
  /* P3: cycles 12-20 */
  s = dm_at_cycle(d, pol, "P3: D (bank 0, row 0) sent", 1);
  dm_req(s, 0, 0, 4, 0); s->e_issue = 0;
  dm_stages(d, pol, 1, "P3: the bank stage chooses bank 0");
  s = dm_at_cycle(d, pol, "P3: bank 0 busy in the issue cycle: the pick is dropped", 0);
  s->e_issue = 0; s->e_count = 1;
  dm_stages(d, pol, 1, "P3: bank 0 ready again: chosen again");
  s = dm_at_cycle(d, pol, "P3: D leaves (a hit)", 1);
  dm_expect_issue(s, 4, 1);
  /* P4: bank 0's row 1 (row 0 open): ages decide under every policy (merge lengths 1) */
  s = dm_at_cycle(d, pol, "P4: E (bank 0, row 1, age 12) sent, bank 0 busy", 0);
  dm_req(s, 0, 1, 5, 12);
  s = dm_at_cycle(d, pol, "P4: F (row 1, age 6) sent", 0);
  dm_req(s, 0, 1, 6, 6);
  s = dm_at_cycle(d, pol, "P4: bank 0 ready: the bank stage chooses it and its row 1", 1);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P4: the row stage; G (row 1, age 24) sent", 1);
  dm_req(s, 0, 1, 7, 24); s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P4: the request stage sees G (24 > E 15 > F 8) in the chosen row; H (row 1, age 36) sent", 1);
  dm_req(s, 0, 1, 0, 36); s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P4: G leaves, not H (sent in the request stage's cycle: not seen), not E (younger)", 1);
  dm_expect_issue(s, 7, 0); s->e_count = 4;
  dm_lag(d, pol, 1);
  s = dm_at_cycle(d, pol, "P4: then H, the oldest, a hit now (G opened row 1)", 1);
  dm_expect_issue(s, 0, 1);
  dm_lag(d, pol, 1);
  s = dm_at_cycle(d, pol, "P4: then E", 1);
  dm_expect_issue(s, 5, 1);
  dm_lag(d, pol, 1);
  s = dm_at_cycle(d, pol, "P4: then F", 1);
  dm_expect_issue(s, 6, 1);
  s = dm_at_cycle(d, pol, "P4: empty", 1);
  s->e_issue = 0; s->e_count = 0;
  /* P5: bank 1's row 0 open (C): a row hit sent in the row stage's cycle goes before the chosen row */
  s = dm_at_cycle(d, pol, "P5: N (bank 1, row 2, age 30) sent", 0);
  dm_req(s, 1, 2, 6, 30); s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P5: the bank stage chooses bank 1 and its row 2 (no read in the open row 0)", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P5: the row stage; O (row 0, age 0) sent", 2);
  dm_req(s, 1, 0, 7, 0); s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P5: the request stage: O is a row hit (Rule 1.1), N is not", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P5: O leaves (a hit) before the older N", 2);
  dm_expect_issue(s, 7, 1);
  dm_lag(d, pol, 2);
  s = dm_at_cycle(d, pol, "P5: then N (a miss: row 2 opened)", 2);
  dm_expect_issue(s, 6, 0);
  s = dm_at_cycle(d, pol, "P5: empty", 2);
  s->e_issue = 0; s->e_count = 0;
  if (pol == 0) return;   /* FR-FCFS has no MIB: P6 and P7 need dummies */
  /* A dummy sent in cycle c reaches the MIB at the edge after c + 1: the request stage of c + 2
  ** is the first to see it, the bank stage of c + 2 the first to rank rows by it. */
  int sa = pol == 3;
  /* P6: bank 1's row 3 (row 2 open); M, S: merge lengths decide, S+A: ages */
  s = dm_at_cycle(d, pol, "P6: I (bank 1, row 3, age 8) sent, bank 1 busy", 0);
  dm_req(s, 1, 3, 1, 8);
  s = dm_at_cycle(d, pol, sa ? "P6: J (row 3, age 4) sent" : "P6: J (row 3, age 4) sent; a dummy: I's merge length 2 (J's 1)", 0);
  dm_req(s, 1, 3, 2, 4);
  if (!sa) { dm_dummy(s, 1, 2, 0); s->e_dhit = 1; }
  s = dm_at_cycle(d, pol, sa ? "P6: a dummy adds 30 to J's age (J 37, I 12 when the request stage looks)"
                             : "P6: a dummy sets J's merge length to 3", 0);
  if (sa) dm_dummy(s, 2, 1, 30); else dm_dummy(s, 2, 3, 0);
  s->e_dhit = 1;
  s = dm_at_cycle(d, pol, "P6: the bank stage chooses bank 1", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, sa ? "P6: the row stage's cycle: a dummy adds 40 to I's age (too late for the request stage)"
                             : "P6: the row stage's cycle: a dummy sets I's merge length to 4 (too late for the request stage)", 2);
  if (sa) dm_dummy(s, 1, 1, 40); else dm_dummy(s, 1, 4, 0);
  s->e_issue = 0; s->e_dhit = 1;
  s = dm_at_cycle(d, pol, "P6: the request stage: J leads by the dummy found three cycles ago; I's last one is not in", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P6: J leaves", 2);
  dm_expect_issue(s, 2, 0); s->e_ml = sa ? 0 : 2;
  dm_lag(d, pol, 2);
  s = dm_at_cycle(d, pol, "P6: then I, a hit, with the last dummy's merge length", 2);
  dm_expect_issue(s, 1, 1); s->e_ml = sa ? 0 : 3;
  /* P7: bank 1's rows 0 and 1 (row 3 open): the rows by the bank stage's cycle's scores */
  s = dm_at_cycle(d, pol, "P7: K (bank 1, row 0, age 4) sent", 0);
  dm_req(s, 1, 0, 3, 4);
  s = dm_at_cycle(d, pol, "P7: L (row 1, age 2) sent", 0);
  dm_req(s, 1, 1, 4, 2);
  s = dm_at_cycle(d, pol, sa ? "P7: M (row 1, age 2) sent; a dummy adds 20 to K's age: row 0 scores 27, row 1 7 "
                               "in the bank stage's cycle"
                             : "P7: M (row 1, age 2) sent; a dummy sets K's merge length to 3: row 0 scores 3, row 1 "
                               "1 (M) or 2 (S) in the bank stage's cycle", 0);
  dm_req(s, 1, 1, 5, 2);
  if (sa) dm_dummy(s, 3, 1, 20); else dm_dummy(s, 3, 3, 0);
  s = dm_at_cycle(d, pol, sa ? "P7: a dummy adds 40 to M's age: row 1 scores 49 from the row stage's cycle on"
                             : "P7: a dummy sets M's merge length to 4: row 1 scores 4 (M) or 5 (S) from the row "
                               "stage's cycle on", 0);
  if (sa) dm_dummy(s, 5, 1, 40); else dm_dummy(s, 5, 4, 0);
  s = dm_at_cycle(d, pol, "P7: the bank stage chooses bank 1 and its row 0", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P7: the row stage, though row 1 scores higher now", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P7: the request stage takes row 0's read", 2);
  s->e_issue = 0;
  s = dm_at_cycle(d, pol, "P7: K leaves (a miss: row 0 opened)", 2);
  dm_expect_issue(s, 3, 0);
  dm_lag(d, pol, 2);
  s = dm_at_cycle(d, pol, "P7: then M (row 1: the only row left; its larger request score)", 2);
  dm_expect_issue(s, 5, 0);
  dm_lag(d, pol, 2);
  s = dm_at_cycle(d, pol, "P7: then L, a hit", 2);
  dm_expect_issue(s, 4, 1);
  s = dm_at_cycle(d, pol, "P7: empty", 2);
  s->e_issue = 0; s->e_count = 0;
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  dm_dir *d = vs;
  memset(d, 0, sizeof *d);
  dm_dims_of(&d->d, vp);
  if (d->d.N < 4 || d->d.RB < 2 || d->d.KB < 3 || d->d.MM < 4 || d->d.AB < 6) {
    snprintf(msg, n, "the dram_mib directed scenarios need QUEUE >= 4, ROW_BITS >= 2, BLK_BITS >= 3, "
             "MAX_MERGE >= 4, AGE_BITS >= 6 (use a preset)");
    return 1;
  }
  int pols[4], np = 0;
  if (d->d.POL == 4) for (int p = 0; p < 4; p++) pols[np++] = p;
  else pols[np++] = d->d.POL;
  for (int i = 0; i < np; i++) dm_fig41(d, pols[i]);
  for (int i = 0; i < np; i++) if (pols[i]) dm_dummies(d, pols[i]);
  for (int i = 0; i < np; i++) dm_saturate(d, pols[i]);
  for (int i = 0; i < np; i++) if (pols[i] == 3) dm_satdiff(d);
  if (d->d.amax > (d->d.PIPE ? 5u : 3u) * (uint32_t)d->d.N + 16)
    for (int i = 0; i < np; i++) if (pols[i] <= 1) dm_equiv(d, pols[i]);
  if (d->d.PIPE) for (int i = 0; i < np; i++) dm_pipe(d, pols[i]);
  if (wg_dir_overflow(msg, n, "dram_mib", d->n, DM_MAX_STEPS)) return 1;
  d->start[0] = 0;
  for (int i = 0; i < d->n; i++) d->start[i + 1] = d->start[i] + d->s[i].rep;
  d->total = d->start[d->n];
  fprintf(stderr, "dram_mib directed: %d steps, %llu cycles, policies:", d->n, (unsigned long long)d->total);
  for (int i = 0; i < np; i++) fprintf(stderr, " %s", dm_pname[pols[i]]);
  fprintf(stderr, "\n");
  return 0;
}

static const dm_step *dm_at(dm_dir *d, uint64_t cycle) {
  if (cycle >= d->total) return NULL;
  while (d->cur > 0 && d->start[d->cur] > cycle) d->cur--;
  while (d->start[d->cur + 1] <= cycle) d->cur++;
  return &d->s[d->cur];
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  dm_dir *d = vs;
  dram_mib_in *in = vin;
  memset(in, 0, sizeof *in);
  const dm_step *s = dm_at(d, cycle);
  if (!s) return;
  in->rst = (uint32_t)s->rst;
  in->policy_sel = (uint32_t)s->pol;
  in->req_valid = (uint32_t)s->req;
  in->req_bank = (uint32_t)s->bank;
  in->req_row = (uint32_t)s->row;
  in->req_blk = (uint32_t)s->blk;
  in->req_age = (uint32_t)s->age;
  in->dummy_valid = (uint32_t)s->dummy;
  in->dummy_blk = (uint32_t)s->dblk;
  in->dummy_ml = (uint32_t)s->dml;
  in->dummy_age = (uint32_t)s->dage;
  in->bank_ready = s->ready;
}

/* the policy the step runs under is part of what it shows */
#define DM_EXPECT(field, got) \
  do { if (wg_expect(msg, n, cycle, what, #field + 2, (int64_t)(got), s->field, DM_X)) return 1; } while (0)

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  dm_dir *d = vs;
  const dram_mib_out *o = vout;
  const dm_step *s = dm_at(d, cycle);
  if (!s) return 0;
  char what[200];
  snprintf(what, sizeof what, "%s: %s", dm_pname[s->pol], s->what);
  DM_EXPECT(e_issue, o->issue_valid);
  DM_EXPECT(e_count, o->count);
  DM_EXPECT(e_dhit, o->dummy_hit);
  DM_EXPECT(e_sat, o->age_sat);
  if (o->issue_valid) {
    DM_EXPECT(e_slot, o->issue_slot);
    DM_EXPECT(e_hit, o->issue_hit);
    DM_EXPECT(e_blk, o->issue_blk);
    DM_EXPECT(e_row, o->issue_row);
    DM_EXPECT(e_ml, o->issue_ml);
    DM_EXPECT(e_age, o->issue_age);
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return ((const dm_dir *)vs)->total; }

const wg_stim_ops dram_mib_directed_stim = {"dram_mib", "directed", sizeof(dm_dir), dir_init,
                                            dir_next, dir_check, dir_length};
