/*
** rexq_stim.c -- stimulus for block 'rexq' (Mascar's re-execution queue).
**
** random:   "regimes" redrawn every 2..16 x ENTRIES cycles: fill (pushes
**           often, the L1 mostly NACKs), drain (no pushes, the L1 ACKs, the
**           LSU idle so the queue issues), churn (NACK recycling) or
**           anything; the pushing warps come from a pool of 1, 2, 4 or all
**           warps, sometimes including ids >= WARPS, with push_more from
**           never to always -- so the queue runs full and empty all the
**           time, pushes are refused for both reasons, and results arrive
**           with and without a request in flight.  Rare resets.  The check
**           callback only counts (full, empty after full, NACK recycles,
**           refusals) and prints the counts at 10^k and 5x10^k cycles;
**           after 100,000 cycles it fails if the queue was never filled and
**           drained, because then the random test would be toothless.
** directed: scenarios built in dir_init, each starting with a reset, with
**           the outputs expected at each cycle written by hand from the
**           thesis (not from the model):
**           A. Fig. 4.6(b): W0 NACKed into the queue, W1 proceeds (hit under
**              miss), W2's NACK meets a full queue: LSU stall, the queue
**              drains through the L1 until an MSHR frees, then W2 is queued
**              and W3 enters the LSU.  The thesis' queue has 1 entry; with
**              ENTRIES > 1 an uncoalesced load of W4 fills the other
**              ENTRIES-1 entries first, so the queue is full at the same
**              moment.  (-p ENTRIES=1 runs the thesis' exact example.)
**           B. one instruction per warp: a store then a load of W5 (the
**              load is refused until the store leaves), a two-request
**              (uncoalesced) load that keeps W5 busy until its last
**              request leaves, a refused second instruction of W1, an
**              illegal warp id, an answer with nothing in flight.
**           C. head-to-tail recycling (MP mode: non-owner misses NACKed):
**              W1, W2, W3 queued; NACK / ACK answers rotate the order
**              W1 W2 W3 -> W2 W3 W1 (W0) -> ... with every field intact; a
**              push in the NACK's cycle waits one cycle (one write port).
**           D. a full queue: the LSU keeps the L1 while it is not stalled,
**              a refused push makes the queue's access exclusive, a NACK
**              on a full queue rotates it, and a reset in mid-stall.
**           Needs WARPS >= 6; C needs ENTRIES >= 4 and B ENTRIES >= 3
**           (skipped otherwise, A and D run for any ENTRIES).
*/
#include "rexq_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

#define RQ_OFFS_WORDS ((int)(sizeof(((rexq_in *)0)->push_offs) / sizeof(uint32_t)))

static uint64_t rq_low(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }
static int rq_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }

/* widths of one parameter set */
typedef struct rq_dims {
  int N, W, WB, T, OB, AB, RB, ow_words;
  uint32_t ow_last;   /* mask of the last offsets word */
} rq_dims;

static void rq_dims_of(rq_dims *d, const rexq_params *p) {
  d->N = (int)p->ENTRIES;
  d->W = (int)p->WARPS;
  d->WB = rq_clog2(p->WARPS);
  d->T = (int)p->THREADS;
  d->OB = (int)p->OFFSET_BITS;
  d->AB = (int)p->ADDR_BITS;
  d->RB = (int)p->REG_BITS;
  int ow = d->T * d->OB;
  d->ow_words = (ow + 31) / 32;
  d->ow_last = (uint32_t)rq_low(ow - 32 * (d->ow_words - 1));
}

/* ---------------------------------------------------------------- random */
typedef struct rq_rand {
  rq_dims  d;
  uint64_t rng;
  uint64_t left;              /* cycles until the next regime */
  unsigned k_push, k_res, k_ack, k_lsu, k_more;   /* probabilities k/8 */
  uint32_t pool;              /* warps pushes come from: 0 .. pool-1 (may exceed WARPS) */
  /* coverage, counted by rand_check from the model's outputs */
  uint64_t fulls, drained, full_cycles, empty_cycles, ref_full, ref_conflict;
  uint32_t was_full, seen_full;
} rq_rand;


static void rq_regime(rq_rand *r) {
  uint32_t N = (uint32_t)r->d.N, ids = 1u << r->d.WB;
  r->left = N * (2 + wg_rand_below(&r->rng, 15)) + 8;
  switch (wg_rand_below(&r->rng, 4)) {
  case 0:   /* fill: memory saturated, the L1 NACKs nearly everything */
    r->k_push = wg_rand_in(&r->rng, 5, 8); r->k_res = wg_rand_in(&r->rng, 1, 5); r->k_ack = wg_rand_in(&r->rng, 0, 2); r->k_lsu = wg_rand_in(&r->rng, 3, 8);
    break;
  case 1:   /* drain: back pressure relieved, the LSU idle */
    r->k_push = wg_rand_in(&r->rng, 0, 1); r->k_res = wg_rand_in(&r->rng, 5, 8); r->k_ack = wg_rand_in(&r->rng, 6, 8); r->k_lsu = wg_rand_in(&r->rng, 0, 3);
    break;
  case 2:   /* churn: MP mode, non-owner requests NACKed and recycled */
    r->k_push = wg_rand_in(&r->rng, 2, 5); r->k_res = wg_rand_in(&r->rng, 4, 8); r->k_ack = wg_rand_in(&r->rng, 0, 3); r->k_lsu = wg_rand_in(&r->rng, 0, 8);
    break;
  default:
    r->k_push = wg_rand_in(&r->rng, 0, 8); r->k_res = wg_rand_in(&r->rng, 0, 8); r->k_ack = wg_rand_in(&r->rng, 0, 8); r->k_lsu = wg_rand_in(&r->rng, 0, 8);
  }
  r->k_more = wg_rand_in(&r->rng, 0, 8);
  switch (wg_rand_below(&r->rng, 5)) {
  case 0: r->pool = 1; break;
  case 1: r->pool = 2; break;
  case 2: r->pool = 4; break;
  case 3: r->pool = ids; break;              /* may include ids >= WARPS */
  default: r->pool = (uint32_t)r->d.W;
  }
  if (r->pool > ids) r->pool = ids;
  /* few warps cannot fill the queue without multi-request instructions */
  if (r->pool < N && r->k_more < 6 && wg_rand_below(&r->rng, 2)) r->k_more = 7;
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  rq_rand *r = vs;
  memset(r, 0, sizeof *r);
  rq_dims_of(&r->d, vp);
  r->rng = seed;
  rq_regime(r);
  return 0;
}


static void rand_next(void *vs, uint64_t cycle, void *vin) {
  rq_rand *r = vs;
  rexq_in *in = vin;
  if (--r->left == 0) rq_regime(r);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 17) == 0;
  in->lsu_req = (uint32_t)wg_rand_k8(&r->rng, r->k_lsu);
  in->push = (uint32_t)wg_rand_k8(&r->rng, r->k_push);
  in->push_more = (uint32_t)wg_rand_k8(&r->rng, r->k_more);
  in->push_warp = wg_rand_below(&r->rng, r->pool);
  in->push_base = wg_rand(&r->rng) & rq_low(r->d.AB);
  for (int k = 0; k < RQ_OFFS_WORDS; k++)
    in->push_offs[k] = k < r->d.ow_words ? (uint32_t)wg_rand(&r->rng) & (k == r->d.ow_words - 1 ? r->d.ow_last : ~0u) : 0;
  in->push_mask = wg_rand(&r->rng) & rq_low(r->d.T);
  in->push_reg = (uint32_t)wg_rand(&r->rng) & (uint32_t)rq_low(r->d.RB);
  in->push_st = (uint32_t)wg_rand_k8(&r->rng, 2);
  in->res_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_res);
  in->res_ack = (uint32_t)wg_rand_k8(&r->rng, r->k_ack);
}

/* Counts only; reports at 10^k and 5x10^k cycles (k >= 4). */
static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  rq_rand *r = vs;
  const rexq_out *o = vout;
  if (o->full && !r->was_full) { r->fulls++; r->seen_full = 1; }
  if (o->empty && r->seen_full) { r->drained++; r->seen_full = 0; }
  r->was_full = o->full;
  r->full_cycles += o->full;
  r->empty_cycles += o->empty;
  r->ref_full += o->lsu_stall && !o->push_conflict;
  r->ref_conflict += o->push_conflict;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    fprintf(stderr, "rexq random coverage, %llu cycles: filled %llu times and drained after full %llu times "
            "(full %.1f%%, empty %.1f%% of cycles); push refused in %llu cycles for a full queue, in %llu for "
            "one-instruction-per-warp or an illegal id\n",
            (unsigned long long)c, (unsigned long long)r->fulls, (unsigned long long)r->drained,
            100.0 * (double)r->full_cycles / (double)c, 100.0 * (double)r->empty_cycles / (double)c,
            (unsigned long long)r->ref_full, (unsigned long long)r->ref_conflict);
  }
  if (c == 100000 && (r->fulls == 0 || r->drained == 0)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles the queue was filled %llu and drained %llu times "
             "(the stimulus is broken for this parameter set)",
             (unsigned long long)r->fulls, (unsigned long long)r->drained);
    return 1;
  }
  return 0;
}

const wg_stim_ops rexq_random_stim = {"rexq", "random", sizeof(rq_rand), rand_init,
                                      rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define RQ_MAX_STEPS 256
#define RQ_X (-1)        /* don't care */
#define RQ_EMPTY (-2)    /* e_head: the queue is empty, head_* must be 0 */

/* One cycle: the inputs, and what the outputs must be in that cycle.  A
** request is named by its warp and a sequence number 'seg'; its payload
** (address, offsets, mask, register) is a fixed function of the two. */
typedef struct rq_step {
  int8_t rst, lsu_req, push, more, st, res_valid, res_ack;
  int8_t warp, seg;                           /* the pushed request */
  int8_t issue, ok, conflict, stall, full, empty, in_flight;   /* RQ_X: don't care */
  int16_t count;
  int8_t head_warp, head_seg, head_st;        /* RQ_X, RQ_EMPTY, or the expected head request */
  uint64_t busy_set, busy_clr;                /* warp_busy bits that must be 1 / 0 */
  const char *what;
} rq_step;

typedef struct rq_dir {
  rq_dims d;
  int     n;
  rq_step s[RQ_MAX_STEPS];
} rq_dir;

/* the payload of request (warp, seg): fixed, distinct, all bit positions used */
static uint64_t rq_mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}
static uint64_t rq_pay(int warp, int seg, int field) { return rq_mix((uint64_t)(warp * 4096 + seg * 16 + field)); }

static rq_step *rq_add(rq_dir *d, const char *what) {
  rq_step *s = wg_dir_step(d->s, &d->n, RQ_MAX_STEPS, sizeof *s);
  s->issue = s->ok = s->conflict = s->stall = s->full = s->empty = s->in_flight = RQ_X;
  s->count = RQ_X;
  s->head_warp = s->head_seg = s->head_st = RQ_X;
  s->warp = s->seg = 0;
  s->what = what;
  return s;
}
static rq_step *rq_reset(rq_dir *d, const char *what) {
  rq_step *s = rq_add(d, what);
  s->rst = 1;
  return s;
}
static void rq_push(rq_step *s, int warp, int seg, int st, int more) {
  s->push = 1; s->warp = (int8_t)warp; s->seg = (int8_t)seg; s->st = (int8_t)st; s->more = (int8_t)more;
}
static void rq_head(rq_step *s, int warp, int seg, int st) {
  s->head_warp = (int8_t)warp; s->head_seg = (int8_t)seg; s->head_st = (int8_t)st;
}
static void rq_res(rq_step *s, int ack) { s->res_valid = 1; s->res_ack = (int8_t)ack; }
static uint64_t rq_w(int w) { return (uint64_t)1 << w; }

enum { RQ_FILL = 4, RQ_W5 = 5 };   /* warps: W0..W3 as in Fig. 4.6, the filler, the store/load warp */

/* A. Fig. 4.6(b) (thesis 4.3.3), timed as documented: an L1 access at t is
** answered at t+1, and a NACKed request is pushed in its answer's cycle. */
static void rq_fig46(rq_dir *d) {
  const int N = d->d.N;
  rq_step *s = rq_reset(d, "A: reset");
  for (int k = 0; k < N - 1; k++) {
    s = rq_add(d, "A: an uncoalesced load of W4 waits in the queue (MSHRs full), one request per cycle");
    rq_push(s, RQ_FILL, k, 0, k > 0);
    s->lsu_req = 1;   /* the LSU is busy with its next requests: the queue waits */
    s->ok = 1; s->conflict = 0; s->stall = 0; s->issue = 0; s->count = (int16_t)k;
  }
  /* the head during the example: W0 itself when the queue has one entry,
  ** else a W4 request (N >= 4; N = 2, 3 are not written out) */
  int big = N >= 4;
  s = rq_add(d, "A t0: W0 enters the LSU and accesses the L1; a new LSU request keeps the L1 (condition 1 fails)");
  s->lsu_req = 1;
  s->issue = 0; s->count = (int16_t)(N - 1); s->full = 0; s->empty = N == 1; s->stall = 0;
  if (big) rq_head(s, RQ_FILL, 0, 0);
  s = rq_add(d, "A t1: the L1 NACKs W0 (no MSHR): W0 moves into the queue; the LSU has no new request, so the queue's head goes to the L1");
  rq_push(s, 0, 0, 0, 0);
  s->ok = 1; s->conflict = 0; s->stall = 0; s->issue = N > 1; s->count = (int16_t)(N - 1);
  s->busy_clr = rq_w(0);
  s = rq_add(d, "A t2: W0 is queued (the queue is now full); W1 enters the LSU and has the L1");
  s->lsu_req = 1;
  if (N > 1) rq_res(s, 0);   /* the head (W4's) is NACKed again: still no MSHR */
  s->full = 1; s->count = (int16_t)N; s->issue = 0; s->stall = 0; s->busy_set = rq_w(0);
  if (N == 1) rq_head(s, 0, 0, 0);
  else if (big) rq_head(s, RQ_FILL, 0, 0);
  s = rq_add(d, "A t3: W1 hits under W0's miss and commits (nothing to queue); W2 enters the LSU: the queue is full but the LSU is not stalled, so W2 has the L1");
  s->lsu_req = 1;
  s->full = 1; s->issue = 0; s->stall = 0; s->in_flight = 0; s->busy_clr = rq_w(1) | rq_w(2);
  if (N == 1) rq_head(s, 0, 0, 0);
  else if (big) rq_head(s, RQ_FILL, 1, 0);
  s = rq_add(d, "A t4: W2 misses (NACK) and the queue is full: the push is refused, the LSU stalls and only the queue uses the L1");
  rq_push(s, 2, 0, 0, 0);
  s->ok = 0; s->conflict = 0; s->stall = 1; s->issue = 1; s->full = 1; s->count = (int16_t)N;
  if (N == 1) rq_head(s, 0, 0, 0);
  else if (big) rq_head(s, RQ_FILL, 1, 0);
  s = rq_add(d, "A t5: the queue's request is NACKed (MSHRs still full): recycled to the tail; the LSU still stalls");
  rq_push(s, 2, 0, 0, 0); rq_res(s, 0);
  s->stall = 1; s->issue = 0; s->in_flight = 1; s->count = (int16_t)N; s->busy_clr = rq_w(2);
  s = rq_add(d, "A t6: the new head goes to the L1 (stall: exclusive)");
  rq_push(s, 2, 0, 0, 0);
  s->stall = 1; s->issue = 1; s->in_flight = 0; s->count = (int16_t)N;
  if (N == 1) rq_head(s, 0, 0, 0);
  else if (big) rq_head(s, RQ_FILL, 2, 0);
  s = rq_add(d, "A t7: an MSHR frees: the head is accepted (sent toward L2) and leaves the queue");
  rq_push(s, 2, 0, 0, 0); rq_res(s, 1);
  s->stall = 1; s->ok = 0; s->full = 1; s->in_flight = 1;
  s = rq_add(d, "A t8: a free entry: W2 is queued, the LSU stall ends; the LSU has no new request, so the head goes to the L1");
  rq_push(s, 2, 0, 0, 0);
  s->ok = 1; s->stall = 0; s->conflict = 0; s->count = (int16_t)(N - 1); s->full = 0;
  s->issue = N > 1; s->in_flight = 0;
  if (N == 1) { rq_head(s, RQ_EMPTY, 0, 0); s->busy_clr = rq_w(0); }
  else if (N == 4) rq_head(s, 0, 0, 0);
  else if (N >= 5) rq_head(s, RQ_FILL, 3, 0);
  s = rq_add(d, "A t9: W3 is issued to the LSU, earlier than in the baseline");
  s->lsu_req = 1;
  s->stall = 0; s->issue = 0; s->count = (int16_t)N; s->full = 1; s->in_flight = N > 1;
  s->busy_set = rq_w(2) | (big ? rq_w(0) : 0);   /* N = 3: W0 was the head freed at t7 */
  if (N == 1) rq_head(s, 2, 0, 0);
}

/* B. one memory instruction per warp (4.3.3: store -> load order) */
static void rq_one_per_warp(rq_dir *d) {
  const int N = d->d.N;
  rq_step *s = rq_reset(d, "B: reset");
  s = rq_add(d, "B: W5's store is NACKed and queued");
  rq_push(s, RQ_W5, 0, 1, 0); s->lsu_req = 1;
  s->ok = 1; s->conflict = 0; s->count = 0; s->empty = 1; s->issue = 0;
  s = rq_add(d, "B: W5's next instruction, a load, is NACKed: refused while the store is queued; the LSU stalls and the store goes to the L1");
  rq_push(s, RQ_W5, 1, 0, 0); s->lsu_req = 1;
  s->ok = 0; s->conflict = 1; s->stall = 1; s->issue = 1; s->count = 1; s->busy_set = rq_w(RQ_W5);
  rq_head(s, RQ_W5, 0, 1);
  s = rq_add(d, "B: the store is accepted by the L1 (ACK); the load is still refused this cycle");
  rq_push(s, RQ_W5, 1, 0, 0); rq_res(s, 1); s->lsu_req = 1;
  s->ok = 0; s->conflict = 1; s->stall = 1; s->issue = 0; s->in_flight = 1; s->count = 1;
  s = rq_add(d, "B: the store has left: now W5's load is queued, after the store");
  rq_push(s, RQ_W5, 1, 0, 0); s->lsu_req = 1;
  s->ok = 1; s->conflict = 0; s->stall = 0; s->count = 0; s->empty = 1; s->busy_clr = rq_w(RQ_W5);
  s = rq_add(d, "B: the load is uncoalesced: its second request joins (push_more) although W5 is busy");
  rq_push(s, RQ_W5, 2, 0, 1); s->lsu_req = 1;
  s->ok = 1; s->conflict = 0; s->count = 1; s->busy_set = rq_w(RQ_W5); rq_head(s, RQ_W5, 1, 0);
  s = rq_add(d, "B: W1's load is NACKed and queued (another warp)");
  rq_push(s, 1, 0, 0, 0); s->lsu_req = 1;
  s->ok = 1; s->conflict = 0; s->count = 2; s->busy_clr = rq_w(1);
  s = rq_add(d, "B: W1's next instruction is refused (W1 is queued); the LSU stalls; the head (W5's first request) goes to the L1");
  rq_push(s, 1, 1, 1, 0); s->lsu_req = 1;
  s->ok = 0; s->conflict = 1; s->stall = 1; s->issue = 1; s->count = 3; s->full = N == 3;
  s->busy_set = rq_w(1) | rq_w(RQ_W5); rq_head(s, RQ_W5, 1, 0);
  s = rq_add(d, "B: W5's first request hits (ACK)");
  rq_res(s, 1); s->lsu_req = 1;
  s->issue = 0; s->in_flight = 1; s->stall = 0;
  s = rq_add(d, "B: W5 stays busy: its second request is still queued; it goes to the L1 (LSU idle)");
  s->issue = 1; s->count = 2; s->busy_set = rq_w(1) | rq_w(RQ_W5); rq_head(s, RQ_W5, 2, 0);
  s = rq_add(d, "B: W5's second request hits");
  rq_res(s, 1); s->lsu_req = 1;
  s->issue = 0; s->in_flight = 1;
  s = rq_add(d, "B: W5's instruction has left: W5 free, W1 at the head");
  s->lsu_req = 1;
  s->count = 1; s->issue = 0; s->in_flight = 0; s->busy_set = rq_w(1); s->busy_clr = rq_w(RQ_W5);
  rq_head(s, 1, 0, 0);
  s = rq_add(d, "B: a later request of an instruction whose earlier requests already left (push_more, W5 not busy) is taken");
  rq_push(s, RQ_W5, 3, 0, 1); s->lsu_req = 1;
  s->ok = 1; s->conflict = 0; s->count = 1;
  if (d->d.W < (1 << d->d.WB)) {
    s = rq_add(d, "B: an id >= WARPS is refused even as push_more; an answer with nothing in flight is ignored");
    rq_push(s, d->d.W, 0, 0, 1); rq_res(s, 1); s->lsu_req = 1;
    s->ok = 0; s->conflict = 1; s->stall = 1; s->in_flight = 0; s->count = 2; s->issue = 1;
    s = rq_add(d, "B: nothing changed but the issued head");
    rq_res(s, 0);
    s->count = 2; s->in_flight = 1; rq_head(s, 1, 0, 0);
  } else {
    s = rq_add(d, "B: an answer with nothing in flight is ignored");
    rq_res(s, 1); s->lsu_req = 1;
    s->count = 2; s->in_flight = 0; s->issue = 0;
    s = rq_add(d, "B: nothing changed");
    s->lsu_req = 1;
    s->count = 2; s->in_flight = 0; rq_head(s, 1, 0, 0);
  }
}

/* C. head-to-tail recycling (4.3.4, Fig. 4.7) */
static void rq_recycle(rq_dir *d) {
  const int N = d->d.N;
  rq_step *s = rq_reset(d, "C: reset");
  for (int w = 1; w <= 3; w++) {
    s = rq_add(d, "C: W1, W2 (a store), W3 NACKed and queued in that order");
    rq_push(s, w, 0, w == 2, 0); s->lsu_req = 1;
    s->ok = 1; s->count = (int16_t)(w - 1); s->issue = 0;
  }
  s = rq_add(d, "C: the LSU is idle: the head W1 goes to the L1");
  s->issue = 1; s->count = 3; rq_head(s, 1, 0, 0); s->busy_set = rq_w(1) | rq_w(2) | rq_w(3);
  s = rq_add(d, "C: W1 is NACKed (non-owner miss in MP mode) and goes to the tail; W0's NACKed request waits a cycle (one write port)");
  rq_res(s, 0); rq_push(s, 0, 0, 0, 0); s->lsu_req = 1;
  s->ok = 0; s->conflict = 0; s->stall = 1; s->issue = 0; s->in_flight = 1; s->count = 3; rq_head(s, 1, 0, 0);
  s = rq_add(d, "C: order W2 W3 W1: W0 is queued behind W1, and W2 goes to the L1");
  rq_push(s, 0, 0, 0, 0);
  s->ok = 1; s->stall = 0; s->count = 3; s->issue = 1; rq_head(s, 2, 0, 1);
  s = rq_add(d, "C: W2 hits (ACK): it leaves");
  rq_res(s, 1); s->lsu_req = 1;
  s->issue = 0; s->count = 4; s->full = N == 4; s->busy_set = rq_w(0) | rq_w(1) | rq_w(2) | rq_w(3);
  s = rq_add(d, "C: W3 at the head goes to the L1");
  s->count = 3; s->issue = 1; rq_head(s, 3, 0, 0); s->busy_clr = rq_w(2);
  s = rq_add(d, "C: W3 is NACKed: to the tail");
  rq_res(s, 0); s->lsu_req = 1; s->issue = 0;
  s = rq_add(d, "C: order W1 W0 W3: W1 comes back with every field intact and goes to the L1");
  s->count = 3; s->issue = 1; rq_head(s, 1, 0, 0);
  s = rq_add(d, "C: W1 is NACKed again");
  rq_res(s, 0); s->lsu_req = 1;
  s = rq_add(d, "C: order W0 W3 W1");
  s->count = 3; s->issue = 1; rq_head(s, 0, 0, 0);
  s = rq_add(d, "C: W0 ACKed");
  rq_res(s, 1);
  s = rq_add(d, "C: W3 at the head");
  s->count = 2; s->issue = 1; rq_head(s, 3, 0, 0); s->busy_clr = rq_w(0);
  s = rq_add(d, "C: W3 ACKed");
  rq_res(s, 1);
  s = rq_add(d, "C: W1 at the head");
  s->count = 1; s->issue = 1; rq_head(s, 1, 0, 0); s->busy_clr = rq_w(3);
  s = rq_add(d, "C: W1 ACKed");
  rq_res(s, 1);
  s = rq_add(d, "C: empty again: no head, no busy warp, nothing to issue");
  s->count = 0; s->empty = 1; s->issue = 0; s->in_flight = 0; rq_head(s, RQ_EMPTY, 0, 0);
  s->busy_clr = rq_w(0) | rq_w(1) | rq_w(2) | rq_w(3) | rq_w(4) | rq_w(5);
}

/* D. a full queue: LSU priority, exclusive drain, full rotation, reset */
static void rq_full(rq_dir *d) {
  const int N = d->d.N;
  rq_step *s = rq_reset(d, "D: reset");
  for (int k = 0; k < N; k++) {
    s = rq_add(d, "D: an uncoalesced load of W3 fills the queue");
    rq_push(s, 3, k, 0, k > 0); s->lsu_req = 1;
    s->ok = 1; s->count = (int16_t)k; s->issue = 0;
  }
  s = rq_add(d, "D: full, but the LSU has a new request and is not stalled: the LSU keeps the L1");
  s->lsu_req = 1;
  s->full = 1; s->count = (int16_t)N; s->issue = 0; s->stall = 0; rq_head(s, 3, 0, 0); s->busy_set = rq_w(3);
  s = rq_add(d, "D: W1's NACKed request meets the full queue: refused, LSU stall, the queue takes the L1 although lsu_req is set");
  rq_push(s, 1, 0, 0, 0); s->lsu_req = 1;
  s->ok = 0; s->conflict = 0; s->stall = 1; s->issue = 1;
  s = rq_add(d, "D: NACK on a full queue: the head goes to the tail (a rotation)");
  rq_push(s, 1, 0, 0, 0); rq_res(s, 0); s->lsu_req = 1;
  s->stall = 1; s->issue = 0; s->in_flight = 1;
  s = rq_add(d, "D: the next request of W3 is at the head and goes to the L1");
  rq_push(s, 1, 0, 0, 0); s->lsu_req = 1;
  s->stall = 1; s->issue = 1; s->count = (int16_t)N; rq_head(s, 3, N > 1 ? 1 : 0, 0);
  s = rq_add(d, "D: ACK: it leaves");
  rq_push(s, 1, 0, 0, 0); rq_res(s, 1); s->lsu_req = 1;
  s->stall = 1; s->ok = 0;
  s = rq_add(d, "D: W1 is queued; the stall ends and the LSU's new request has the L1 again");
  rq_push(s, 1, 0, 0, 0); s->lsu_req = 1;
  s->ok = 1; s->stall = 0; s->issue = 0; s->count = (int16_t)(N - 1); s->full = 0;
  s = rq_add(d, "D: full again; a reset arrives together with a push");
  s->rst = 1; rq_push(s, 2, 0, 0, 0);
  s->count = (int16_t)N; s->full = 1; s->busy_set = rq_w(1);
  s = rq_add(d, "D: after the reset: empty, nothing in flight, no warp busy");
  s->count = 0; s->empty = 1; s->full = 0; s->in_flight = 0; s->issue = 0; rq_head(s, RQ_EMPTY, 0, 0);
  s->busy_clr = rq_w(1) | rq_w(2) | rq_w(3);
  s = rq_add(d, "D: done");
  s->count = 0;
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  rq_dir *d = vs;
  memset(d, 0, sizeof *d);
  rq_dims_of(&d->d, vp);
  if (d->d.W < 6) {
    snprintf(msg, n, "the rexq directed scenarios need WARPS >= 6 (use --preset mascar or small)");
    return 1;
  }
  rq_fig46(d);
  if (d->d.N >= 3) rq_one_per_warp(d);
  if (d->d.N >= 4) rq_recycle(d);
  rq_full(d);
  if (wg_dir_overflow(msg, n, "rexq", d->n, RQ_MAX_STEPS)) return 1;
  return 0;
}

static void dir_payload(const rq_dims *dd, int warp, int seg, uint64_t *base, uint32_t *offs,
                        uint64_t *mask, uint32_t *reg) {
  *base = rq_pay(warp, seg, 0) & rq_low(dd->AB);
  for (int k = 0; k < RQ_OFFS_WORDS; k++)
    offs[k] = k < dd->ow_words ? (uint32_t)rq_pay(warp, seg, 1 + k) & (k == dd->ow_words - 1 ? dd->ow_last : ~0u) : 0;
  *mask = rq_pay(warp, seg, 15) & rq_low(dd->T);
  *reg = (uint32_t)rq_pay(warp, seg, 14) & (uint32_t)rq_low(dd->RB);
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  rq_dir *d = vs;
  rexq_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle >= (uint64_t)d->n) return;
  const rq_step *s = &d->s[cycle];
  in->rst = (uint32_t)s->rst;
  in->lsu_req = (uint32_t)s->lsu_req;
  in->push = (uint32_t)s->push;
  in->push_more = (uint32_t)s->more;
  in->push_st = (uint32_t)s->st;
  in->res_valid = (uint32_t)s->res_valid;
  in->res_ack = (uint32_t)s->res_ack;
  if (s->push) {
    in->push_warp = (uint32_t)s->warp;
    dir_payload(&d->d, s->warp, s->seg, &in->push_base, in->push_offs, &in->push_mask, &in->push_reg);
  }
}

#define RQ_EXPECT(field, got) WG_EXPECT(s, field, got, RQ_X)

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  rq_dir *d = vs;
  const rexq_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const rq_step *s = &d->s[cycle];
  RQ_EXPECT(issue, o->issue);
  RQ_EXPECT(ok, o->push_ok);
  RQ_EXPECT(conflict, o->push_conflict);
  RQ_EXPECT(stall, o->lsu_stall);
  RQ_EXPECT(full, o->full);
  RQ_EXPECT(empty, o->empty);
  RQ_EXPECT(in_flight, o->in_flight);
  RQ_EXPECT(count, o->count);
  if ((o->warp_busy & s->busy_set) != s->busy_set || (o->warp_busy & s->busy_clr)) {
    snprintf(msg, n, "step %llu (%s): warp_busy = 0x%llx, expected bits 0x%llx set and 0x%llx clear",
             (unsigned long long)cycle, s->what, (unsigned long long)o->warp_busy,
             (unsigned long long)s->busy_set, (unsigned long long)s->busy_clr);
    return 1;
  }
  if (s->head_warp == RQ_X) return 0;
  uint64_t base = 0, mask = 0;
  uint32_t offs[RQ_OFFS_WORDS], reg = 0, warp = 0, st = 0;
  memset(offs, 0, sizeof offs);
  if (s->head_warp != RQ_EMPTY) {
    warp = (uint32_t)s->head_warp;
    st = (uint32_t)s->head_st;
    dir_payload(&d->d, s->head_warp, s->head_seg, &base, offs, &mask, &reg);
  }
  if (o->head_warp != warp || o->head_base != base || memcmp(o->head_offs, offs, sizeof offs) ||
      o->head_mask != mask || o->head_reg != reg || o->head_st != st) {
    if (s->head_warp == RQ_EMPTY)
      snprintf(msg, n, "step %llu (%s): the queue is empty but the head shows warp %u base 0x%llx",
               (unsigned long long)cycle, s->what, o->head_warp, (unsigned long long)o->head_base);
    else
      snprintf(msg, n, "step %llu (%s): head is warp %u (base 0x%llx, st %u), expected W%d request %d "
               "(base 0x%llx, st %u) with its offsets, mask and register",
               (unsigned long long)cycle, s->what, o->head_warp, (unsigned long long)o->head_base, o->head_st,
               s->head_warp, s->head_seg, (unsigned long long)base, st);
    return 1;
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const rq_dir *)vs)->n; }

const wg_stim_ops rexq_directed_stim = {"rexq", "directed", sizeof(rq_dir), dir_init,
                                        dir_next, dir_check, dir_length};
