/*
** mshr_stim.c -- stimulus for block 'mshr' (merging MSHR file).
**
** random:   "regimes" redrawn every 2..16 x ENTRIES cycles.  Requests and
**           fills draw their block address from a pool of 1, 2, ENTRIES/2,
**           ENTRIES, 2 x ENTRIES or 4 x ENTRIES lines (capped by 2^ADDR_BITS),
**           so lines are hit again and again: a small pool with rare fills
**           fills merge lists, a large pool with rare fills fills the table,
**           frequent fills with requests to the same lines hit draining
**           lines; drain_ready from never to always stalls the drain port,
**           req_noalloc now and then.  Rare resets.  The check callback
**           counts outcomes (allocate, merge, each reject reason), full
**           tables, full lists, drained entries and port stalls, prints them
**           at 10^k and 5x10^k cycles, and after 100,000 cycles fails if a
**           reachable corner (full table, full list, draining reject) was
**           never reached.
** directed: scenarios built in dir_init, each starting with a reset, with
**           the outputs expected at each cycle written by hand from the
**           rules (docs/blocks/mshr.md), not from the model:
**           A. merge up to the limit: line A allocates entry 0 (length 1),
**              MERGES-1 merges (lengths 2..MERGES), one more is rejected
**              (list full); line B allocates entry 1.
**           B. fill and drain order: a merge and the fill of B in one cycle
**              (the merge is kept); A's fill; waiters leave one per cycle in
**              merge order with drain_last on the last, a stalled port keeps
**              its waiter; entries free after their last waiter.
**           C. a request to a draining line: rejected 'draining' while ready
**              and while draining, never merged; once freed, the same line
**              allocates a new entry.
**           D. a full table: ENTRIES lines allocate entries 0..ENTRIES-1,
**              almost_full at ENTRIES - AF_FREE, full at ENTRIES; a new line
**              is rejected (table full), a merge still works; req_noalloc
**              rejects an allocation but not a merge.
**           E. drain order: the port locks the entry it shows; after an
**              entry frees, the next ready entry above it goes first (round
**              robin), then the wrap-around.
**           Needs 2^ADDR_BITS >= ENTRIES + 2 and ENTRIES >= 3.
*/
#include "mshr_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static uint64_t ms_low(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }

/* ---------------------------------------------------------------- random */
#define MS_POOL_MAX 256

typedef struct ms_rand {
  int      N, M, AB, PB, AF;
  uint64_t rng;
  uint64_t left;                       /* cycles until the next regime */
  unsigned k_req, k_fill, k_drain, k_noalloc;   /* probabilities k/8 */
  /* Every address comes from a fixed universe of lines, so a line left
  ** pending by one regime is filled by a later one (fills draw from the
  ** universe half the time); a regime's pool is a window of it. */
  int      univ_n;
  uint64_t univ[MS_POOL_MAX];
  int      pool_n, pool_at;             /* the window: univ[pool_at ..], pool_n lines */
  int      table_can_fill;             /* enough lines to fill the table */
  uint32_t last_ready;                 /* drain_ready of the cycle being checked */
  /* coverage, counted by rand_check from the model's outputs */
  uint64_t n_alloc, n_merge, n_list_full, n_table_full, n_draining, n_noalloc;
  uint64_t n_full_cycles, n_fills, n_freed, n_stalls, n_full_lists;
} ms_rand;


static void ms_regime(ms_rand *r) {
  uint32_t N = (uint32_t)r->N;
  r->left = N * (2 + wg_rand_below(&r->rng, 15)) + 8;
  int sizes[6] = {1, 2, r->N / 2 > 0 ? r->N / 2 : 1, r->N, 2 * r->N, 4 * r->N};
  int n = sizes[wg_rand_below(&r->rng, 6)];
  if (n > r->univ_n) n = r->univ_n;
  r->pool_n = n;
  r->pool_at = (int)wg_rand_below(&r->rng, (uint32_t)r->univ_n);
  switch (wg_rand_below(&r->rng, 4)) {
  case 0:   /* build up: many misses, fills rare (full lists, full table) */
    r->k_req = wg_rand_in(&r->rng, 5, 8); r->k_fill = wg_rand_in(&r->rng, 0, 1); r->k_drain = wg_rand_in(&r->rng, 2, 8);
    break;
  case 1:   /* drain: fills frequent, requests to the same lines hit draining entries */
    r->k_req = wg_rand_in(&r->rng, 2, 6); r->k_fill = wg_rand_in(&r->rng, 5, 8); r->k_drain = wg_rand_in(&r->rng, 4, 8);
    break;
  case 2:   /* back pressure on the drain port */
    r->k_req = wg_rand_in(&r->rng, 2, 8); r->k_fill = wg_rand_in(&r->rng, 2, 8); r->k_drain = wg_rand_in(&r->rng, 0, 2);
    break;
  default:
    r->k_req = wg_rand_in(&r->rng, 0, 8); r->k_fill = wg_rand_in(&r->rng, 0, 8); r->k_drain = wg_rand_in(&r->rng, 0, 8);
  }
  r->k_noalloc = wg_rand_below(&r->rng, 3) ? 0 : wg_rand_in(&r->rng, 1, 4);
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  ms_rand *r = vs;
  const mshr_params *p = vp;
  memset(r, 0, sizeof *r);
  r->N = (int)p->ENTRIES; r->M = (int)p->MERGES; r->AB = (int)p->ADDR_BITS;
  r->PB = (int)p->PAYLOAD_BITS; r->AF = (int)p->AF_FREE;
  r->table_can_fill = r->AB >= 8 || ((int64_t)1 << r->AB) >= 2 * r->N;
  r->rng = seed;
  r->univ_n = 4 * r->N;
  if (r->AB < 8 && r->univ_n > (1 << r->AB)) r->univ_n = 1 << r->AB;
  uint64_t base = wg_rand(&r->rng);
  for (int k = 0; k < r->univ_n; k++)   /* distinct: an odd stride, or every line of a small space */
    r->univ[k] = (base + (uint64_t)k * (r->AB < 8 && r->univ_n == (1 << r->AB) ? 1 : 0x9E3779B1u)) & ms_low(r->AB);
  ms_regime(r);
  return 0;
}


static void rand_next(void *vs, uint64_t cycle, void *vin) {
  ms_rand *r = vs;
  mshr_in *in = vin;
  if (--r->left == 0) ms_regime(r);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 17) == 0;
  in->req_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_req);
  in->req_addr = r->univ[(r->pool_at + (int)wg_rand_below(&r->rng, (uint32_t)r->pool_n)) % r->univ_n];
  in->req_payload = (uint32_t)(wg_rand(&r->rng) & ms_low(r->PB));
  in->req_noalloc = (uint32_t)wg_rand_k8(&r->rng, r->k_noalloc);
  in->fill_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_fill);
  if (wg_rand_below(&r->rng, 2))
    in->fill_addr = r->univ[(r->pool_at + (int)wg_rand_below(&r->rng, (uint32_t)r->pool_n)) % r->univ_n];
  else
    in->fill_addr = r->univ[wg_rand_below(&r->rng, (uint32_t)r->univ_n)];
  in->drain_ready = (uint32_t)wg_rand_k8(&r->rng, r->k_drain);
  r->last_ready = in->drain_ready;
}

/* Counts only; reports at 10^k and 5x10^k cycles (k >= 4). */
static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  ms_rand *r = vs;
  const mshr_out *o = vout;
  r->n_alloc += o->req_alloc;
  r->n_merge += o->req_merge;
  r->n_list_full += o->rej_list_full;
  r->n_table_full += o->rej_table_full;
  r->n_draining += o->rej_draining;
  r->n_noalloc += o->rej_noalloc;
  r->n_full_cycles += o->full;
  r->n_fills += o->fill_hit;
  r->n_freed += o->drain_valid && o->drain_last && r->last_ready;
  r->n_stalls += o->drain_valid && !r->last_ready;
  r->n_full_lists += o->req_merge_len == (uint32_t)r->M && (o->req_merge || o->req_alloc);
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    fprintf(stderr, "mshr random coverage, %llu cycles: alloc %llu, merge %llu (%llu filled a list), rejected: "
            "list full %llu, table full %llu, draining %llu, noalloc %llu; table full in %.1f%% of cycles; "
            "%llu fills hit, %llu entries drained, drain port stalled %llu cycles\n",
            (unsigned long long)c, (unsigned long long)r->n_alloc, (unsigned long long)r->n_merge,
            (unsigned long long)r->n_full_lists, (unsigned long long)r->n_list_full,
            (unsigned long long)r->n_table_full, (unsigned long long)r->n_draining,
            (unsigned long long)r->n_noalloc, 100.0 * (double)r->n_full_cycles / (double)c,
            (unsigned long long)r->n_fills, (unsigned long long)r->n_freed, (unsigned long long)r->n_stalls);
  }
  if (c == 100000 && ((r->table_can_fill && r->n_table_full == 0) || r->n_list_full == 0 ||
                      r->n_draining == 0 || (r->M > 1 && r->n_merge == 0))) {
    snprintf(msg, n, "random stimulus: in 100000 cycles %llu table-full, %llu list-full, %llu draining rejects "
             "and %llu merges (the stimulus is broken for this parameter set)",
             (unsigned long long)r->n_table_full, (unsigned long long)r->n_list_full,
             (unsigned long long)r->n_draining, (unsigned long long)r->n_merge);
    return 1;
  }
  return 0;
}

const wg_stim_ops mshr_random_stim = {"mshr", "random", sizeof(ms_rand), rand_init,
                                      rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define MS_MAX_STEPS 1024
#define MS_X (-1)       /* don't care */

enum { O_NONE = 0, O_ALLOC, O_MERGE, O_LIST_FULL, O_TABLE_FULL, O_DRAINING, O_NOALLOC };
static const char *const ms_oname[] = {"none", "alloc", "merge", "list full", "table full", "draining", "noalloc"};

/* One cycle: the inputs, and what the outputs must be in that cycle. */
typedef struct ms_step {
  int8_t  rst, req, noalloc, fill, ready;
  int32_t line, seq, fline;        /* request line, its waiter's sequence number; fill line */
  int8_t  outcome;                 /* O_*, or MS_X */
  int16_t entry, len;              /* req_entry, req_merge_len (MS_X: don't care) */
  int16_t fill_entry;              /* -2: no fill hit; MS_X; else the entry */
  int8_t  dvalid, dlast;
  int16_t dentry;
  int32_t dline, dseq;             /* drained waiter: its line and sequence number */
  int16_t occ;
  int8_t  full, afull;
  const char *what;
} ms_step;

typedef struct ms_dir {
  int     N, M, AB, PB, AF;
  int     n;
  int32_t seq;                     /* next waiter sequence number */
  ms_step s[MS_MAX_STEPS];
} ms_dir;

/* line k's block address and waiter q's record: fixed, distinct */
static uint64_t ms_addr(const ms_dir *d, int line) { return ((uint64_t)line * 0x2F5u + 3) & ms_low(d->AB); }
static uint32_t ms_pay(const ms_dir *d, int seq) { return (uint32_t)((uint64_t)(seq * 5 + 1) & ms_low(d->PB)); }

static ms_step *ms_add(ms_dir *d, const char *what) {
  ms_step *s = wg_dir_step(d->s, &d->n, MS_MAX_STEPS, sizeof *s);
  s->outcome = MS_X;
  s->entry = s->len = s->fill_entry = MS_X;
  s->dvalid = s->dlast = MS_X;
  s->dentry = MS_X; s->dline = s->dseq = MS_X;
  s->occ = MS_X; s->full = s->afull = MS_X;
  s->ready = 1;
  s->what = what;
  return s;
}
static ms_step *ms_reset(ms_dir *d, const char *what) {
  ms_step *s = ms_add(d, what);
  s->rst = 1;
  s->ready = 0;
  return s;
}
/* a request of 'line' with a new waiter; returns the waiter's number */
static int ms_req(ms_dir *d, ms_step *s, int line, int outcome, int entry, int len) {
  s->req = 1; s->line = line; s->seq = d->seq++;
  s->outcome = (int8_t)outcome;
  s->entry = (int16_t)entry; s->len = (int16_t)len;
  return s->seq;
}
static void ms_fill(ms_step *s, int line, int entry) { s->fill = 1; s->fline = line; s->fill_entry = (int16_t)entry; }
static void ms_drain(ms_step *s, int entry, int line, int seq, int last) {
  s->dvalid = 1; s->dentry = (int16_t)entry; s->dline = line; s->dseq = seq; s->dlast = (int8_t)last;
}
static void ms_occ(const ms_dir *d, ms_step *s, int occ) {
  s->occ = (int16_t)occ; s->full = occ == d->N; s->afull = occ >= d->N - d->AF;
}

/* A + B + C: merge to the limit, fill and drain order, the draining line */
static void ms_merge_fill_drain(ms_dir *d) {
  const int M = d->M;
  int wa[64], wb[2];
  ms_step *s = ms_reset(d, "A: reset");
  s = ms_add(d, "A: idle after reset: empty, nothing on the drain port");
  ms_occ(d, s, 0); s->dvalid = 0; s->outcome = O_NONE; s->fill_entry = -2;
  s = ms_add(d, "A: the first miss to line A allocates entry 0 (merge length 1)");
  wa[0] = ms_req(d, s, 1, O_ALLOC, 0, 1); ms_occ(d, s, 0); s->dvalid = 0;
  for (int k = 1; k < M; k++) {
    s = ms_add(d, "A: a later miss to line A merges (no new memory request), the length grows");
    wa[k] = ms_req(d, s, 1, O_MERGE, 0, k + 1); ms_occ(d, s, 1);
  }
  s = ms_add(d, "A: line A's list is full: the next miss is rejected (list full), the length stays");
  ms_req(d, s, 1, O_LIST_FULL, 0, 0); ms_occ(d, s, 1);
  s = ms_add(d, "A: a miss to line B allocates entry 1");
  wb[0] = ms_req(d, s, 2, O_ALLOC, 1, 1); ms_occ(d, s, 1);
  s = ms_add(d, "B: a merge into B and B's fill in the same cycle: the merge is kept (B had been pending)");
  if (M >= 2) wb[1] = ms_req(d, s, 2, O_MERGE, 1, 2);
  else ms_req(d, s, 2, O_LIST_FULL, 0, 0);
  ms_fill(s, 2, 1); ms_occ(d, s, 2); s->dvalid = 0;
  int nb = M >= 2 ? 2 : 1;
  s = ms_add(d, "B/C: B is ready and shown on the drain port, the consumer is not ready; a miss to B is rejected (draining); A's fill");
  ms_req(d, s, 2, O_DRAINING, 0, 0); s->ready = 0;
  ms_fill(s, 1, 0);
  ms_drain(s, 1, 2, wb[0], nb == 1);
  s = ms_add(d, "B: the port keeps B's first waiter (locked: A became ready but does not take the port)");
  s->ready = 0; ms_drain(s, 1, 2, wb[0], nb == 1); s->fill_entry = -2;
  for (int k = 0; k < nb; k++) {
    s = ms_add(d, "B: B's waiters leave one per cycle, in merge order; drain_last on the last");
    ms_drain(s, 1, 2, wb[k], k == nb - 1);
    if (k == 0) { ms_req(d, s, 2, O_DRAINING, 0, 0); s->what = "B/C: a miss to the draining line B: rejected (draining), never merged"; }
  }
  s = ms_add(d, "B: B is free; A (ready) takes the port; a miss to A while ready is rejected (draining)");
  ms_occ(d, s, 1); ms_drain(s, 0, 1, wa[0], M == 1);
  ms_req(d, s, 1, O_DRAINING, 0, 0);
  s->ready = 0;
  s = ms_add(d, "C: a miss to line B, freed: allocates again (entry 1, the lowest free)");
  int wb2 = ms_req(d, s, 2, O_ALLOC, 1, 1);
  ms_occ(d, s, 1); ms_drain(s, 0, 1, wa[0], M == 1);
  for (int k = 1; k < M; k++) {
    s = ms_add(d, "B: A's waiters leave in merge order");
    ms_drain(s, 0, 1, wa[k], k == M - 1);
    if (k == 1) { ms_req(d, s, 1, O_DRAINING, 0, 0); s->what = "C: a miss to the draining line A: rejected (draining)"; }
  }
  s = ms_add(d, "C: A is free; B is pending again, nothing on the drain port");
  ms_occ(d, s, 1); s->dvalid = 0;
  s = ms_add(d, "C: a miss to A now allocates (entry 0); B's fill");
  int wa2 = ms_req(d, s, 1, O_ALLOC, 0, 1); ms_fill(s, 2, 1);
  s = ms_add(d, "C: B drains its new waiter");
  ms_occ(d, s, 2); ms_drain(s, 1, 2, wb2, 1);
  s = ms_add(d, "C: a fill of a line with no entry is ignored; A's fill");
  ms_fill(s, 7, -2); s->dvalid = 0; ms_occ(d, s, 1);
  s = ms_add(d, "C: A's fill");
  ms_fill(s, 1, 0); s->dvalid = 0;
  s = ms_add(d, "C: a second fill of A (already ready) is ignored; A drains");
  ms_fill(s, 1, -2); ms_drain(s, 0, 1, wa2, 1);
  s = ms_add(d, "C: empty");
  ms_occ(d, s, 0); s->dvalid = 0;
}

/* D: a full table, almost_full, req_noalloc */
static void ms_full(ms_dir *d) {
  const int N = d->N;
  ms_step *s = ms_reset(d, "D: reset");
  for (int k = 0; k < N; k++) {
    if (k == 1) {
      s = ms_add(d, "D: req_noalloc (miss queue full): a miss that needs an entry is rejected (noalloc)");
      ms_req(d, s, 10 + k, O_NOALLOC, 0, 0); s->noalloc = 1; ms_occ(d, s, k); s->dvalid = 0;
    }
    s = ms_add(d, "D: distinct lines allocate entries 0, 1, ... in order (the lowest free); almost_full, full");
    ms_req(d, s, 10 + k, O_ALLOC, k, 1); ms_occ(d, s, k); s->dvalid = 0;
  }
  s = ms_add(d, "D: the table is full: a new line is rejected (table full), even with req_noalloc clear");
  ms_req(d, s, 9, O_TABLE_FULL, 0, 0); ms_occ(d, s, N);
  if (d->M >= 2) {
    s = ms_add(d, "D: a full table still merges a miss to a pending line, with req_noalloc set");
    ms_req(d, s, 10 + N - 1, O_MERGE, N - 1, 2); s->noalloc = 1; ms_occ(d, s, N);
  }
  s = ms_add(d, "D: the first line's fill");
  ms_fill(s, 10, 0); ms_occ(d, s, N);
  s = ms_add(d, "D: entry 0 drains its single waiter; a new line is still rejected (table full)");
  ms_drain(s, 0, 10, 0, 1); ms_occ(d, s, N);
  ms_req(d, s, 9, O_TABLE_FULL, 0, 0);
  s->dseq = MS_X;   /* its number was fixed at allocation; checked by line */
  s = ms_add(d, "D: entry 0 is free: the new line allocates it");
  ms_req(d, s, 9, O_ALLOC, 0, 1); ms_occ(d, s, N - 1);
  s = ms_add(d, "D: full again");
  ms_occ(d, s, N);
}

/* E: round-robin drain order */
static void ms_order(ms_dir *d) {
  ms_step *s = ms_reset(d, "E: reset");
  int w[3];
  for (int k = 0; k < 3; k++) {
    s = ms_add(d, "E: lines 20, 21, 22 allocate entries 0, 1, 2");
    w[k] = ms_req(d, s, 20 + k, O_ALLOC, k, 1);
  }
  s = ms_add(d, "E: entry 1's fill");
  ms_fill(s, 21, 1); s->dvalid = 0;
  s = ms_add(d, "E: entry 1 drains; entries 0 and 2 filled in the same cycle");
  ms_drain(s, 1, 21, w[1], 1); ms_fill(s, 20, 0);
  /* two fills in one cycle are impossible (one fill port): fill 2 next cycle */
  s = ms_add(d, "E: entry 0 is the only ready entry: shown; the consumer waits, entry 2's fill arrives");
  ms_fill(s, 22, 2); s->ready = 0; ms_drain(s, 0, 20, w[0], 1);
  s = ms_add(d, "E: entry 0 stays on the port (locked) although entry 2 (above the last drained) is now ready");
  ms_drain(s, 0, 20, w[0], 1);
  s = ms_add(d, "E: entry 2 next");
  ms_drain(s, 2, 22, w[2], 1);
  s = ms_add(d, "E: empty");
  ms_occ(d, s, 0); s->dvalid = 0;
  /* the round-robin proper: after entry 1 frees, entry 2 goes before entry 0 */
  s = ms_add(d, "E: lines 30, 31, 32 allocate entries 0, 1, 2");
  w[0] = ms_req(d, s, 30, O_ALLOC, 0, 1);
  s = ms_add(d, "E: ...");
  w[1] = ms_req(d, s, 31, O_ALLOC, 1, 1);
  s = ms_add(d, "E: ...");
  w[2] = ms_req(d, s, 32, O_ALLOC, 2, 1);
  s = ms_add(d, "E: entry 1's fill");
  ms_fill(s, 31, 1);
  s = ms_add(d, "E: entry 1 on the port, the consumer waits; entry 0's fill");
  s->ready = 0; ms_drain(s, 1, 31, w[1], 1); ms_fill(s, 30, 0);
  s = ms_add(d, "E: entry 1 still shown (locked); entry 2's fill");
  s->ready = 0; ms_drain(s, 1, 31, w[1], 1); ms_fill(s, 32, 2);
  s = ms_add(d, "E: entry 1 drains");
  ms_drain(s, 1, 31, w[1], 1);
  s = ms_add(d, "E: round robin: entry 2 (after entry 1) goes before entry 0");
  ms_drain(s, 2, 32, w[2], 1);
  s = ms_add(d, "E: then the wrap-around to entry 0");
  ms_drain(s, 0, 30, w[0], 1);
  s = ms_add(d, "E: empty");
  ms_occ(d, s, 0); s->dvalid = 0;
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  ms_dir *d = vs;
  const mshr_params *p = vp;
  memset(d, 0, sizeof *d);
  d->N = (int)p->ENTRIES; d->M = (int)p->MERGES; d->AB = (int)p->ADDR_BITS;
  d->PB = (int)p->PAYLOAD_BITS; d->AF = (int)p->AF_FREE;
  if (d->N < 3 || d->AB < 3 || (d->AB < 7 && (1 << d->AB) < d->N + 1)) {
    snprintf(msg, n, "the mshr directed scenarios need ENTRIES >= 3, ADDR_BITS >= 3 and 2^ADDR_BITS > ENTRIES "
             "(use --preset small, fermi_l1 or l2_part)");
    return 1;
  }
  ms_merge_fill_drain(d);
  ms_full(d);
  ms_order(d);
  if (wg_dir_overflow(msg, n, "mshr", d->n, MS_MAX_STEPS)) return 1;
  return 0;
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  ms_dir *d = vs;
  mshr_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle >= (uint64_t)d->n) return;
  const ms_step *s = &d->s[cycle];
  in->rst = (uint32_t)s->rst;
  in->req_valid = (uint32_t)s->req;
  in->req_noalloc = (uint32_t)s->noalloc;
  if (s->req) { in->req_addr = ms_addr(d, s->line); in->req_payload = ms_pay(d, s->seq); }
  in->fill_valid = (uint32_t)s->fill;
  if (s->fill) in->fill_addr = ms_addr(d, s->fline);
  in->drain_ready = (uint32_t)s->ready;
}

#define MS_EXPECT(field, got) WG_EXPECT(s, field, got, MS_X)

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  ms_dir *d = vs;
  const mshr_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const ms_step *s = &d->s[cycle];
  int got = o->req_alloc ? O_ALLOC : o->req_merge ? O_MERGE : o->rej_list_full ? O_LIST_FULL :
            o->rej_table_full ? O_TABLE_FULL : o->rej_draining ? O_DRAINING : o->rej_noalloc ? O_NOALLOC : O_NONE;
  int flags = (int)(o->req_alloc + o->req_merge + o->rej_list_full + o->rej_table_full + o->rej_draining + o->rej_noalloc);
  if (flags > 1 || (s->outcome != MS_X && got != s->outcome)) {
    snprintf(msg, n, "step %llu (%s): the request got '%s'%s, expected '%s'", (unsigned long long)cycle, s->what,
             ms_oname[got], flags > 1 ? " (and more outcomes)" : "", s->outcome == MS_X ? "?" : ms_oname[s->outcome]);
    return 1;
  }
  MS_EXPECT(entry, o->req_entry);
  MS_EXPECT(len, o->req_merge_len);
  if (s->fill_entry == -2) { MS_EXPECT(fill_entry, o->fill_hit ? (int)o->fill_entry : -2); }
  else if (s->fill_entry != MS_X) {
    if (!o->fill_hit || (int)o->fill_entry != s->fill_entry) {
      snprintf(msg, n, "step %llu (%s): fill_hit %u fill_entry %u, expected a hit on entry %d",
               (unsigned long long)cycle, s->what, o->fill_hit, o->fill_entry, s->fill_entry);
      return 1;
    }
  }
  MS_EXPECT(dvalid, o->drain_valid);
  MS_EXPECT(occ, o->occupancy);
  MS_EXPECT(full, o->full);
  MS_EXPECT(afull, o->almost_full);
  if (s->dvalid == 1) {
    MS_EXPECT(dentry, o->drain_entry);
    MS_EXPECT(dlast, o->drain_last);
    if (s->dline != MS_X && o->drain_addr != ms_addr(d, s->dline)) {
      snprintf(msg, n, "step %llu (%s): drain_addr 0x%llx, expected line %d (0x%llx)", (unsigned long long)cycle,
               s->what, (unsigned long long)o->drain_addr, s->dline, (unsigned long long)ms_addr(d, s->dline));
      return 1;
    }
    if (s->dseq != MS_X && o->drain_payload != ms_pay(d, s->dseq)) {
      snprintf(msg, n, "step %llu (%s): drain_payload 0x%x, expected waiter #%d (0x%x)", (unsigned long long)cycle,
               s->what, o->drain_payload, s->dseq, ms_pay(d, s->dseq));
      return 1;
    }
  } else if (s->dvalid == 0 && (o->drain_entry || o->drain_addr || o->drain_payload || o->drain_last)) {
    snprintf(msg, n, "step %llu (%s): nothing to drain but drain_* are not 0", (unsigned long long)cycle, s->what);
    return 1;
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const ms_dir *)vs)->n; }

const wg_stim_ops mshr_directed_stim = {"mshr", "directed", sizeof(ms_dir), dir_init,
                                        dir_next, dir_check, dir_length};
