/*
** caps_stim.c -- stimulus for block 'caps' (the CTA-aware prefetcher).
**
** random:   a small GPU kernel per "kernel" (ended by a flush every 2,000 ..
**           30,000 cycles): cta_warps warps per CTA, 1..4 load PCs, each
**           with a request count (mostly 1..REQS, sometimes more) and a
**           pattern -- strided per warp and per request with one base per
**           CTA (the paper's case), scalar (stride 0), non-striding (the
**           per-request differences differ) or random.  Every cycle a load
**           may leave the coalescer from a random CTA slot and warp (lead
**           warps first in some regimes), its addresses from the pattern,
**           with regime-dependent noise (mispredictions) and illegal loads
**           (PC 0, 0 or too many requests, slot >= NCTA, warp >= cta_warps).
**           CTAs are relaunched into slots (launch), the L1 takes prefetches
**           at a regime-dependent rate so the FIFO runs full and empty.
**           The check callback counts the event outputs (leading warps,
**           evictions, strides learnt, invalidations, mispredicted
**           requests, throttled loads, Case 1 / Case 2 triggers, dropped
**           triggers, generator stalls, FIFO full) and prints them at 10^k
**           and 5x10^k cycles; after 100,000 cycles it fails if one of them
**           never happened (the random test would be toothless).
** directed: the paper's rules one by one, expected outputs written by hand
**           (not from the model), and every prefetch the FIFO delivers
**           checked in order against the expected (address, CTA, warp):
**           A. Fig. 7 / Fig. 9a (Case 1): leading warps W0, W4, W8 of CTA0..2
**              register their bases; W1 computes the stride from W0;
**              prefetches B1+D for W5 and B2+D for W9; W2 and W3 right behind
**              it find the generator busy and wait in the trigger queue:
**              B1+2D (W6), B2+2D (W10), B1+3D (W7), B2+3D (W11), in that
**              order; W5 (a trailing warp of CTA1, not the leading CTA)
**              triggers no Case 1 (4.3).  Small preset only: with the FIFO
**              blocked, two triggers fill the 2-entry queue, the third is
**              dropped.
**           B. Fig. 9b (Case 2): a new CTA in slot 1: its leading warp, with
**              the stride known, prefetches for warps 1..3 of its CTA; a
**              CTA in slot 2 whose first warp to reach the load is warp 2:
**              warps 3, then 1, 0 (offsets +D, -D, -2D).
**           C. non-striding: per-request differences differ -> the entry is
**              invalidated and the next warp becomes the leading warp;
**              request counts differ -> invalidated; a third PC evicts the
**              least recently updated entry; untargeted loads.
**           D. throttling: mispredicted requests counted one by one; at the
**              threshold (128 at the caps preset) prefetching continues,
**              one more mismatch stops it (Case 1 and Case 2); a flush
**              frees DIST and the stride is learnt again.
**           Needs NCTA >= 3, REQS >= 2, WID_BITS >= 2, THRESH <= 1000.
*/
#include "caps_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

#define CS_WORDS ((int)(sizeof(((caps_in *)0)->ld_addr) / sizeof(uint32_t)))

static uint32_t cs_low(int bits) { return bits >= 32 ? 0xffffffffu : (1u << bits) - 1; }
static int cs_bits_for(int64_t v) { int n = 1; while (n < 63 && ((int64_t)1 << n) <= v) n++; return n; }
static int cs_clog2(int64_t v) { return v <= 2 ? 1 : cs_bits_for(v - 1); }

static void cs_set_addr(uint32_t *v, int i, int ab, uint32_t a) {
  for (int b = 0; b < ab; b++) {
    int bit = i * ab + b;
    uint32_t m = 1u << (bit % 32);
    if (a >> b & 1) v[bit / 32] |= m;
    else v[bit / 32] &= ~m;
  }
}

typedef struct cs_dims {
  int NC, R, PB, AB, WB, CB, D, G, Q, pipe;
  uint32_t amask, pmask, TH;
} cs_dims;

static void cs_dims_of(cs_dims *d, const caps_params *p) {
  d->NC = (int)p->NCTA;
  d->R = (int)p->REQS;
  d->PB = (int)p->PC_BITS;
  d->AB = (int)p->ADDR_BITS;
  d->WB = (int)p->WID_BITS;
  d->CB = cs_clog2(p->NCTA);
  d->D = (int)p->FIFO;
  d->G = (int)p->GEN;
  d->Q = (int)p->TQ;
  d->pipe = (int)p->PIPE;
  d->amask = cs_low(d->AB);
  d->pmask = cs_low(d->PB);
  d->TH = (uint32_t)p->THRESH;
}

/* ---------------------------------------------------------------- random */
enum { CS_STRIDE, CS_SCALAR, CS_NONSTRIDE, CS_RANDOM };
#define CS_NPC 4
#define CS_NEV 11

static const char *const cs_ev_name[CS_NEV] = {
  "leading warps", "evictions", "strides learnt", "invalidations", "loads mispredicted",
  "loads throttled", "Case 1", "Case 2", "triggers dropped", "generator stalls", "FIFO-full cycles"};

typedef struct cs_rand {
  cs_dims  d;
  uint64_t rng;
  uint64_t left, kernel_left;
  /* the kernel */
  uint32_t cta_warps, npc;
  uint32_t pc[CS_NPC], kind[CS_NPC], nreq[CS_NPC], stride[CS_NPC], line[CS_NPC];
  uint32_t base[16][CS_NPC];    /* per slot and PC: the CTA's base */
  uint32_t pc_hot;              /* the PC noise goes to */
  /* the regime */
  unsigned k_ld, k_ready, noisy, noise_bg, k_bad, k_launch, lead_first, narrow;
  uint32_t next_warp[16];       /* lead-first order: next warp per slot */
  /* coverage */
  uint64_t ev[CS_NEV];
} cs_rand;

static int cs_rare(cs_rand *r, unsigned per_1024) { return wg_rand_below(&r->rng, 1024) < per_1024; }

static void cs_new_base(cs_rand *r, int s) {
  for (int j = 0; j < CS_NPC; j++) r->base[s][j] = (uint32_t)wg_rand(&r->rng) & r->d.amask;
  r->next_warp[s] = 0;
}

static void cs_kernel(cs_rand *r) {
  uint32_t maxw = 1u << r->d.WB;
  switch (wg_rand_below(&r->rng, 5)) {
  case 0: r->cta_warps = 4; break;
  case 1: r->cta_warps = 8; break;
  case 2: r->cta_warps = 2; break;
  case 3: r->cta_warps = 1 + wg_rand_below(&r->rng, maxw); break;
  default: r->cta_warps = maxw;
  }
  if (r->cta_warps > maxw) r->cta_warps = maxw;
  if (wg_rand_below(&r->rng, 16) == 0)   /* beyond the id field: acts as 2^WID_BITS */
    r->cta_warps = maxw + 1 + wg_rand_below(&r->rng, maxw - 1 + (maxw == 1));
  r->npc = wg_rand_below(&r->rng, 4) == 0 ? 1 + wg_rand_below(&r->rng, 2) : 3 + wg_rand_below(&r->rng, CS_NPC - 2);
  for (uint32_t j = 0; j < CS_NPC; j++) {
    do r->pc[j] = (uint32_t)wg_rand(&r->rng) & r->d.pmask; while (r->pc[j] == 0);
    unsigned x = wg_rand_below(&r->rng, 8);
    r->kind[j] = x < 5 ? CS_STRIDE : x == 5 ? CS_SCALAR : x == 6 ? CS_NONSTRIDE : CS_RANDOM;
    r->nreq[j] = 1 + wg_rand_below(&r->rng, (uint32_t)r->d.R);
    r->line[j] = (r->d.AB >= 12 ? 128u : 4u) << wg_rand_below(&r->rng, 2);
    r->stride[j] = r->kind[j] == CS_SCALAR ? 0 : r->line[j] * r->nreq[j] * (1 + wg_rand_below(&r->rng, 3));
    if (wg_rand_below(&r->rng, 4) == 0) r->stride[j] = (0u - r->stride[j]) & r->d.amask;  /* descending */
  }
  for (int s = 0; s < 16; s++) cs_new_base(r, s);
  r->pc_hot = wg_rand_below(&r->rng, r->npc);
  r->kernel_left = 500 + wg_rand_below(&r->rng, 8000);
}

static void cs_regime(cs_rand *r) {
  r->left = 64 + wg_rand_below(&r->rng, 2000);
  r->k_ld = wg_rand_in(&r->rng, 1, 8);
  r->k_ready = wg_rand_below(&r->rng, 3) == 0 ? wg_rand_in(&r->rng, 0, 2) : wg_rand_in(&r->rng, 3, 8);
  r->noisy = wg_rand_below(&r->rng, 3) == 0;              /* the hot PC mispredicts often */
  r->noise_bg = wg_rand_below(&r->rng, 2) ? 0 : 1 + wg_rand_below(&r->rng, 8);   /* per 1024 requests */
  r->k_bad = wg_rand_below(&r->rng, 4) == 0 ? 2 : 0;
  r->k_launch = wg_rand_below(&r->rng, 4) ? 1 + wg_rand_below(&r->rng, 60) : 0;   /* per 1024 cycles */
  r->lead_first = wg_rand_below(&r->rng, 2);
  r->narrow = wg_rand_below(&r->rng, 3) == 0;   /* loads from 1..2 slots: counterparts, drops */
}

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  cs_rand *r = vs;
  memset(r, 0, sizeof *r);
  cs_dims_of(&r->d, vp);
  r->rng = seed;
  cs_kernel(r);
  cs_regime(r);
  return 0;
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  cs_rand *r = vs;
  caps_in *in = vin;
  memset(in, 0, sizeof *in);
  if (--r->left == 0) cs_regime(r);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 18) == 0;
  if (--r->kernel_left == 0) { cs_kernel(r); in->flush = 1; }
  in->cta_warps = r->cta_warps;
  in->pf_ready = (uint32_t)wg_rand_k8(&r->rng, r->k_ready);
  if (r->k_launch && cs_rare(r, r->k_launch)) {
    uint32_t ids = 1u << r->d.CB, s = wg_rand_below(&r->rng, ids);
    in->launch = 1;
    in->launch_cta = s;
    if (s < 16) cs_new_base(r, (int)s);
  }
  if (!wg_rand_k8(&r->rng, r->k_ld)) return;
  in->ld_valid = 1;
  uint32_t nslots = r->narrow ? (r->d.NC < 2 ? 1u : 2u) : (uint32_t)r->d.NC;
  uint32_t s = wg_rand_below(&r->rng, nslots);
  uint32_t j = wg_rand_below(&r->rng, r->npc);
  if (r->noisy && wg_rand_below(&r->rng, 2)) j = r->pc_hot;
  unsigned noise = r->noisy && j == r->pc_hot ? 512 : r->noise_bg;
  uint32_t w;
  if (r->lead_first) {   /* the CTAA schedule: each slot's warps in order */
    w = r->next_warp[s]++;
    if (r->next_warp[s] >= r->cta_warps) r->next_warp[s] = 0;
  } else {
    w = wg_rand_below(&r->rng, r->cta_warps);
  }
  uint32_t nreq = r->nreq[j];
  if (wg_rand_below(&r->rng, 64) == 0) nreq = 1 + wg_rand_below(&r->rng, (uint32_t)r->d.R);
  in->ld_pc = r->pc[j];
  in->ld_cta = s;
  in->ld_warp = w;
  in->ld_n = nreq;
  for (uint32_t i = 0; i < (uint32_t)r->d.R; i++) {
    uint32_t a;
    switch (r->kind[j]) {
    case CS_RANDOM: a = (uint32_t)wg_rand(&r->rng); break;
    case CS_NONSTRIDE: a = r->base[s][j] + w * r->stride[j] * (i + 1) + i * r->line[j]; break;
    default: a = r->base[s][j] + w * r->stride[j] + i * r->line[j];
    }
    if (i < nreq && cs_rare(r, noise)) a += r->line[j] * (1 + wg_rand_below(&r->rng, 7));
    if (i >= nreq) a = (uint32_t)wg_rand(&r->rng);   /* beyond the count: garbage */
    cs_set_addr(in->ld_addr, (int)i, r->d.AB, a & r->d.amask);
  }
  if (r->k_bad && wg_rand_k8(&r->rng, r->k_bad)) {   /* loads the prefetcher must ignore */
    switch (wg_rand_below(&r->rng, 5)) {
    case 0: in->ld_pc = 0; break;
    case 1: in->ld_n = 0; break;
    case 2: in->ld_n = (uint32_t)r->d.R + 1 + wg_rand_below(&r->rng, 63 - (uint32_t)r->d.R); break;
    case 3: in->ld_cta = wg_rand_below(&r->rng, 1u << r->d.CB); break;
    default: in->ld_warp = wg_rand_below(&r->rng, 1u << r->d.WB); break;
    }
  }
}

static int rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  cs_rand *r = vs;
  const caps_out *o = vout;
  r->ev[0] += o->ev_lead;
  r->ev[1] += o->ev_evict;
  r->ev[2] += o->ev_stride;
  r->ev[3] += o->ev_invalid;
  r->ev[4] += o->ev_mispred != 0;
  r->ev[5] += o->ev_throttled;
  r->ev[6] += o->trig_case1;
  r->ev[7] += o->trig_case2;
  r->ev[8] += o->trig_drop;
  r->ev[9] += o->gen_stall;
  r->ev[10] += o->pf_count == (uint32_t)r->d.D;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c)) {
    char line[600];
    int k = snprintf(line, sizeof line, "caps random coverage, %llu cycles:", (unsigned long long)c);
    for (int i = 0; i < CS_NEV && k < (int)sizeof line; i++)
      k += snprintf(line + k, sizeof line - (size_t)k, "%s %s %llu", i ? "," : "", cs_ev_name[i],
                    (unsigned long long)r->ev[i]);
    fprintf(stderr, "%s\n", line);
  }
  if (c == 100000) {
    for (int i = 0; i < CS_NEV; i++) {
      if (i == 6 && r->d.NC < 2) continue;          /* Case 1 needs another CTA slot */
      /* one CTA slot: only Case 2 triggers, one per launch and PC; they seldom meet a busy
      ** generator and a full queue (soak 2026-11-25: none in 100,000 cycles at NCTA=1 TQ=1) */
      if (i == 8 && r->d.NC < 2) continue;
      if (i == 5 && r->d.TH > 1000) continue;       /* a high threshold takes longer */
      if (i == 3 && r->d.R < 2) continue;           /* one request: differences cannot differ */
      if (r->ev[i] == 0) {
        snprintf(msg, n, "random stimulus: no %s in 100000 cycles (the stimulus is broken for this parameter set)",
                 cs_ev_name[i]);
        return 1;
      }
    }
  }
  return 0;
}

const wg_stim_ops caps_random_stim = {"caps", "random", sizeof(cs_rand), rand_init,
                                      rand_next, rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define CS_MAX_STEPS 2048
#define CS_MAX_PF    256
#define CS_X (-1)

typedef struct cs_step {
  int8_t rst, flush, launch, launch_cta, ready;
  int8_t ld, cta, warp, n;
  uint32_t pc, addr[4];
  /* expected; CS_X: don't care */
  int8_t target, hit, dhit, lead, evict, stride, invalid, mispred, throttled, t1, t2, drop;
  /* PIPE=1: the expectations above are the load's, checked two cycles after its step */
  int8_t pfv, busy;    /* this cycle's pf_valid, gen_busy (E: the pipeline's timing) */
  int8_t drained;      /* every expected prefetch so far delivered, generator idle, FIFO empty */
  int16_t pf_upto;     /* expected prefetches registered before this step */
  const char *what;
} cs_step;

typedef struct cs_pf { uint32_t addr, cta, warp; } cs_pf;

typedef struct cs_dir {
  cs_dims d;
  int     n, npf, got;   /* steps; expected prefetches; prefetches delivered */
  uint32_t B[8], D, U, P, Q, Z;   /* bases, stride, request spacing, PCs */
  cs_step s[CS_MAX_STEPS];
  cs_pf   pf[CS_MAX_PF];
} cs_dir;

/* a step with no inputs but a ready L1D and every expectation a don't care */
static void cs_blank(cs_step *s, int16_t pf_upto, const char *what) {
  memset(s, 0, sizeof *s);
  s->ready = 1;
  s->target = s->hit = s->dhit = s->lead = s->evict = s->stride = s->invalid = CS_X;
  s->mispred = s->throttled = s->t1 = s->t2 = s->drop = CS_X;
  s->pfv = s->busy = CS_X;
  s->pf_upto = pf_upto;
  s->what = what;
}
static cs_step *cs_add(cs_dir *d, const char *what) {
  cs_step *s = wg_dir_step(d->s, &d->n, CS_MAX_STEPS, sizeof *s);
  cs_blank(s, (int16_t)d->npf, what);
  return s;
}

/* a load of 'n' requests: request i at a0 + i*U (+ extra*i: non-striding) */
static cs_step *cs_load(cs_dir *d, const char *what, uint32_t pc, int cta, int warp, int n, uint32_t a0,
                        uint32_t extra) {
  cs_step *s = cs_add(d, what);
  s->ld = 1; s->pc = pc; s->cta = (int8_t)cta; s->warp = (int8_t)warp; s->n = (int8_t)n;
  for (int i = 0; i < 4; i++) s->addr[i] = (a0 + (uint32_t)i * d->U + (uint32_t)i * extra) & d->d.amask;
  return s;
}

/* all quiet except the expected events: no trigger, no drop */
static void cs_events(cs_step *s, int lead, int stride, int invalid, int t1, int t2) {
  s->target = 1; s->lead = (int8_t)lead; s->stride = (int8_t)stride; s->invalid = (int8_t)invalid;
  s->t1 = (int8_t)t1; s->t2 = (int8_t)t2; s->drop = 0;
}

/* a prefetch the FIFO must deliver next: both requests of warp 'warp' in 'cta' at a0 */
static void cs_expect(cs_dir *d, uint32_t a0, int cta, int warp) {
  for (int i = 0; i < 2 && d->npf < CS_MAX_PF; i++) {
    cs_pf *p = &d->pf[d->npf++];
    p->addr = (a0 + (uint32_t)i * d->U) & d->d.amask;
    p->cta = (uint32_t)cta;
    p->warp = (uint32_t)warp;
  }
}

static void cs_drain(cs_dir *d, const char *what) {
  for (int i = 0; i < 24; i++) cs_add(d, what);
  cs_step *s = cs_add(d, what);
  s->drained = 1;
}

/* A. Fig. 7 / Fig. 9a: Case 1 */
static void cs_case1(cs_dir *d) {
  const uint32_t D = d->D, P = d->P;
  cs_step *s = cs_add(d, "A: reset");
  s->rst = 1;
  s = cs_add(d, "A: kernel launch (flush)");
  s->flush = 1;
  s = cs_load(d, "A: W0, leading warp of CTA0 (the leading CTA): base B0 registered", P, 0, 0, 2, d->B[0], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0; s->evict = 0;
  s = cs_load(d, "A: W4, leading warp of CTA1: base B1 registered", P, 1, 0, 2, d->B[1], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0;
  s = cs_load(d, "A: W8, leading warp of CTA2: base B2 registered", P, 2, 0, 2, d->B[2], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0;
  s = cs_load(d, "A: W1 (trailing warp of CTA0): stride D = (B0+D) - B0 -> DIST; Case 1: prefetch B1+D for W5, B2+D for W9",
              P, 0, 1, 2, d->B[0] + D, 0);
  cs_events(s, 0, 1, 0, 1, 0); s->hit = 1; s->dhit = 0; s->mispred = 0;
  cs_expect(d, d->B[1] + D, 1, 1);
  cs_expect(d, d->B[2] + D, 2, 1);
  /* the paper loses no trigger (4.2): W2 and W3 right behind W1 find the generator busy and wait */
  s = cs_load(d, "A: W2 back-to-back, the generator busy: verified; its Case 1 waits in the trigger queue (W6, W10)",
              P, 0, 2, 2, d->B[0] + 2 * D, 0);
  cs_events(s, 0, 0, 0, 1, 0); s->hit = 1; s->dhit = 1; s->mispred = 0; s->throttled = 0;
  cs_expect(d, d->B[1] + 2 * D, 1, 2);
  cs_expect(d, d->B[2] + 2 * D, 2, 2);
  s = cs_load(d, "A: W3 back-to-back: its Case 1 waits too (W7, W11)", P, 0, 3, 2, d->B[0] + 3 * D, 0);
  cs_events(s, 0, 0, 0, 1, 0); s->hit = 1; s->dhit = 1; s->mispred = 0; s->throttled = 0;
  cs_expect(d, d->B[1] + 3 * D, 1, 3);
  cs_expect(d, d->B[2] + 3 * D, 2, 3);
  cs_drain(d, "A: the FIFO delivers W5, W9, then W6, W10, then W7, W11, two requests each");
  /* 4.3: Case 1 is for the trailing warps of the leading CTA; W5 is a trailing warp of CTA1 */
  s = cs_load(d, "A: W5 (CTA1, k = 1): verified, no Case 1 (CTA1 is not the leading CTA: W1, W9 have theirs)",
              P, 1, 1, 2, d->B[1] + D, 0);
  cs_events(s, 0, 0, 0, 0, 0); s->hit = 1; s->dhit = 1; s->mispred = 0; s->throttled = 0;
  s = cs_load(d, "A: W0 again (k = 0): verified, nothing to prefetch", P, 0, 0, 2, d->B[0], 0);
  cs_events(s, 0, 0, 0, 0, 0); s->hit = 1; s->dhit = 1; s->mispred = 0;
  cs_drain(d, "A: nothing more");
  if (d->d.D == 3 && d->d.Q == 2 && d->d.G == 2) {
    /* small: the L1D stops taking prefetches; W1's Case 1 (4 requests) overfills the 3-entry FIFO, so
    ** the generator stays busy; two more triggers fill the 2-entry queue and the next is dropped */
    static const int warps[4] = {1, 2, 3, 1};
    for (int i = 0; i < 4; i++) {
      s = cs_load(d, i == 0 ? "A': FIFO blocked; W1 again: Case 1 (W5, W9 again: the block does not filter duplicates)"
                  : i < 3 ? "A': generator stuck behind the full FIFO: the trigger waits in the queue"
                          : "A': the queue is full (TQ = 2): the trigger is dropped and counted",
                  P, 0, warps[i], 2, d->B[0] + (uint32_t)warps[i] * D, 0);
      s->ready = 0;
      cs_events(s, 0, 0, 0, i < 3, 0); s->hit = 1; s->dhit = 1; s->mispred = 0; s->drop = (int8_t)(i == 3);
      if (i < 3) {
        cs_expect(d, d->B[1] + (uint32_t)warps[i] * D, 1, warps[i]);
        cs_expect(d, d->B[2] + (uint32_t)warps[i] * D, 2, warps[i]);
      }
    }
    /* PIPE=1: the triggers reach the generator two cycles after their loads; the L1D stays off
    ** until the last one has found the queue full */
    for (int i = 0; d->d.pipe && i < 2; i++) cs_add(d, "A': (PIPE=1) the last triggers on their way, the FIFO still blocked")->ready = 0;
    cs_drain(d, "A': the L1D takes prefetches again: W5, W9, W6, W10, W7, W11 in trigger order");
  }
}

/* B. Fig. 9b: Case 2 */
static void cs_case2(cs_dir *d) {
  const uint32_t D = d->D, P = d->P;
  cs_step *s = cs_add(d, "B: a new CTA (base B3) is launched into slot 1");
  s->launch = 1; s->launch_cta = 1;
  s = cs_load(d, "B: its warp 0 reaches the load first: leading warp, stride already known -> Case 2 for warps 1..3",
              P, 1, 0, 2, d->B[3], 0);
  cs_events(s, 1, 0, 0, 0, 1); s->hit = 0; s->dhit = 1; s->throttled = 0; s->evict = 0;
  cs_expect(d, d->B[3] + D, 1, 1);
  cs_expect(d, d->B[3] + 2 * D, 1, 2);
  cs_expect(d, d->B[3] + 3 * D, 1, 3);
  cs_drain(d, "B: the FIFO delivers B3+D, B3+2D, B3+3D for warps 1, 2, 3 of slot 1");
  s = cs_add(d, "B: a new CTA (base B4) is launched into slot 2");
  s->launch = 1; s->launch_cta = 2;
  s = cs_load(d, "B: its warp 2 reaches the load first: Case 2 for warp 3 (+D), then warps 1 (-D) and 0 (-2D)",
              P, 2, 2, 2, d->B[4], 0);
  cs_events(s, 1, 0, 0, 0, 1); s->hit = 0; s->dhit = 1;
  cs_expect(d, d->B[4] + D, 2, 3);
  cs_expect(d, d->B[4] - D, 2, 1);
  cs_expect(d, d->B[4] - 2 * D, 2, 0);
  cs_drain(d, "B: the FIFO delivers them");
}

/* C. non-striding invalidation, eviction, untargeted loads */
static void cs_nonstride(cs_dir *d) {
  const uint32_t D = d->D, Q = d->Q, P = d->P, Z = d->Z;
  uint32_t X = d->B[5];
  cs_step *s = cs_load(d, "C: W0 of CTA0 reaches load Q: leading warp for Q (second entry of CTA0's table)", Q, 0, 0, 2, X, 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0; s->evict = 0;
  s = cs_load(d, "C: W1: differences D and D+U+... differ across the two requests: not striding, entry invalidated",
              Q, 0, 1, 2, X + D, D);
  cs_events(s, 0, 0, 1, 0, 0); s->hit = 1; s->dhit = 0;
  s = cs_load(d, "C: W1 again: Q is gone, so W1 is the new leading warp (free entry, no eviction)", Q, 0, 1, 2, X + D, 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->evict = 0;
  s = cs_load(d, "C: W2 with one request instead of two: request counts differ, invalidated", Q, 0, 2, 1, X + 2 * D, 0);
  cs_events(s, 0, 0, 1, 0, 0); s->hit = 1;
  s = cs_load(d, "C: W3: new leading warp for Q", Q, 0, 3, 2, X + 3 * D, 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->evict = 0;
  s = cs_load(d, "C: a load of more than REQS requests is not targeted", Z, 0, 0, 2, X, 0);
  s->n = (int8_t)(d->d.R + 1);
  s->target = 0; s->lead = 0; s->t1 = 0; s->t2 = 0;
  s = cs_load(d, "C: a load at PC 0 is not targeted (PC 0 marks a free entry)", 0, 0, 0, 2, X, 0);
  s->target = 0; s->lead = 0;
  s = cs_load(d, "C: a third PC in CTA0: both entries valid, the least recently updated (P, from A) is evicted",
              Z, 0, 0, 2, X, 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->evict = 1;
  s = cs_load(d, "C: W3 of CTA0 at P: P was evicted (Q is older now and goes); stride known -> Case 2 for warps 2, 1, 0",
              P, 0, 3, 2, d->B[0] + 3 * D, 0);
  cs_events(s, 1, 0, 0, 0, 1); s->hit = 0; s->dhit = 1; s->evict = 1;
  cs_expect(d, d->B[0] + 2 * D, 0, 2);
  cs_expect(d, d->B[0] + D, 0, 1);
  cs_expect(d, d->B[0], 0, 0);
  cs_drain(d, "C: the FIFO delivers them");
}

/* D. throttling after THRESH mispredictions */
static void cs_throttle(cs_dir *d) {
  const uint32_t D = d->D, P = d->P, TH = d->d.TH, U = d->U;
  cs_step *s = cs_add(d, "D: slot 0 relaunched: only slot 1 holds P (no Case 1 targets)");
  s->launch = 1; s->launch_cta = 0;
  s = cs_add(d, "D: slot 2 relaunched");
  s->launch = 1; s->launch_cta = 2;
  uint32_t cnt = 0;
  while (cnt < TH) {
    int two = cnt + 2 <= TH;
    /* W1 of slot 1 (lead W0, base B3): request 0 wrong, request 1 wrong too when two */
    s = cs_load(d, two ? "D: W1 mispredicts both requests: counter += 2, still <= THRESH: not throttled"
                       : "D: W1 mispredicts one request: counter reaches THRESH exactly: not throttled",
                P, 1, 1, 2, d->B[3] + D + 7 * U, 0);
    if (!two) s->addr[1] = (d->B[3] + D + U) & d->d.amask;
    cs_events(s, 0, 0, 0, 0, 0); s->hit = 1; s->dhit = 1; s->mispred = (int8_t)(two ? 2 : 1); s->throttled = 0;
    cnt += two ? 2 : 1;
  }
  s = cs_load(d, "D: one more mismatch: the counter exceeds THRESH: throttled", P, 1, 2, 2, d->B[3] + 2 * D, 0);
  s->addr[1] = (d->B[3] + 2 * D + 5 * U) & d->d.amask;
  cs_events(s, 0, 0, 0, 0, 0); s->hit = 1; s->dhit = 1; s->mispred = 1; s->throttled = 1;
  s = cs_load(d, "D: a correct prediction does not lower the counter: still throttled", P, 1, 3, 2, d->B[3] + 3 * D, 0);
  cs_events(s, 0, 0, 0, 0, 0); s->mispred = 0; s->throttled = 1;
  s = cs_load(d, "D: a leading warp in slot 2 with P in DIST: Case 2 suppressed by the throttle", P, 2, 0, 2, d->B[6], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->dhit = 1; s->throttled = 1;
  s = cs_load(d, "D: W1 of slot 2: it would be a Case 1 for nobody; verified and throttled", P, 2, 1, 2, d->B[6] + D, 0);
  cs_events(s, 0, 0, 0, 0, 0); s->mispred = 0; s->throttled = 1;
  s = cs_add(d, "D: kernel launch: DIST and PerCTA freed");
  s->flush = 1;
  s = cs_load(d, "D: W0 of CTA0 leads again", P, 0, 0, 2, d->B[7], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->dhit = 0;
  s = cs_load(d, "D: W1 of CTA0: the stride is learnt again, counter 0", P, 0, 1, 2, d->B[7] - D, 0);
  cs_events(s, 0, 1, 0, 0, 0); s->dhit = 0;
  s = cs_load(d, "D: W2 of CTA0 (stride -D): verified, not throttled", P, 0, 2, 2, d->B[7] - 2 * D, 0);
  cs_events(s, 0, 0, 0, 0, 0); s->mispred = 0; s->throttled = 0;
  cs_drain(d, "D: done");
}

/* PIPE=1: a flush or reset cancels the loads in flight (in X and V): two idle cycles before
** each one let A-D's last loads finish, after which their expectations hold as written (each
** checked two cycles after its step).  In place, from the end, as l2mib's settling cycles. */
static void cs_settle(cs_dir *d) {
  int n = d->n, extra = 0;
  for (int j = 1; j < n; j++) extra += 2 * (d->s[j].flush || d->s[j].rst);
  if (n + extra > CS_MAX_STEPS) { d->n = CS_MAX_STEPS; return; }   /* wg_dir_overflow reports it */
  int k = n + extra;
  for (int j = n - 1; j >= 0; j--) {
    cs_step cur = d->s[j];
    d->s[--k] = cur;
    if (j > 0 && (cur.flush || cur.rst))
      for (int i = 0; i < 2; i++) cs_blank(&d->s[--k], cur.pf_upto, "(PIPE=1: the loads in flight finish before the flush)");
  }
  d->n = n + extra;
}

/* E. the pipeline (PIPE=1), from its rule: a load is looked up in its cycle (L), checked in the
** next (X), verified in the one after (V), where its events and its trigger come out; it sees
** the tables as every older load left them (the L allocation at the end of its own cycle, the
** X load's invalidation and learnt stride at the end of the next load's lookup cycle: that
** load sees them); a flush cancels the loads in X and V; a launch in a load's own cycle comes
** after it.  Every load here is right behind the one before it. */
static void cs_pipe(cs_dir *d) {
  const uint32_t D = d->D, P = d->P, Q = d->Q, Z = d->Z;
  cs_step *s = cs_add(d, "E: reset");
  s->rst = 1;
  s = cs_load(d, "E: W0 of slot 0 at P: leading warp (its events two cycles later)", P, 0, 0, 2, d->B[0], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0; s->evict = 0;
  s = cs_load(d, "E: W1 right behind: W0's entry was written at the end of W0's lookup: hit, stride D learnt (no "
                 "other slot holds P: no Case 1)", P, 0, 1, 2, d->B[0] + D, 0);
  cs_events(s, 0, 1, 0, 0, 0); s->hit = 1; s->dhit = 0;
  s = cs_load(d, "E: W2 right behind: D reaches DIST at the end of W1's X cycle, this lookup's edge (forwarded): "
                 "verified, no misprediction", P, 0, 2, 2, d->B[0] + 2 * D, 0);
  cs_events(s, 0, 0, 0, 0, 0); s->hit = 1; s->dhit = 1; s->mispred = 0; s->throttled = 0;
  s = cs_load(d, "E: W0 of slot 1 at Q: leading warp", Q, 1, 0, 2, d->B[1], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0; s->evict = 0;
  s = cs_load(d, "E: W1 of slot 1 at Q, differences D and 2D: not striding, invalidated", Q, 1, 1, 2, d->B[1] + D, D);
  cs_events(s, 0, 0, 1, 0, 0); s->hit = 1; s->dhit = 0;
  s = cs_load(d, "E: W2 of slot 1 at Q right behind: the entry W1 invalidates at the end of this lookup is free for "
                 "it (forwarded): W2 leads there, no eviction", Q, 1, 2, 2, d->B[1] + 2 * D, 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0; s->evict = 0;
  s = cs_load(d, "E: W3 of slot 1 at Q: k = 1 from W2: stride D learnt for Q (DIST's free entry)", Q, 1, 3, 2,
              d->B[1] + 3 * D, 0);
  cs_events(s, 0, 1, 0, 0, 0); s->hit = 1; s->dhit = 0;
  s = cs_load(d, "E: W0 of slot 2 at Z: leading warp", Z, 2, 0, 2, d->B[2], 0);
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 0; s->evict = 0;
  s = cs_load(d, "E: W1 of slot 2 at Z: stride learnt; DIST is full: P, least recently used (Q was learnt after "
                 "P's last verification), is evicted", Z, 2, 1, 2, d->B[2] + D, 0);
  cs_events(s, 0, 1, 0, 0, 0); s->hit = 1; s->dhit = 0;
  s = cs_load(d, "E: W3 of slot 0 at P right behind: P leaves DIST at the end of Z's X cycle, this lookup's edge: no "
                 "DIST hit, not verified; k = 3: not consecutive, the entry kept", P, 0, 3, 2, d->B[0] + 3 * D, 0);
  cs_events(s, 0, 0, 0, 0, 0); s->hit = 1; s->dhit = 0; s->mispred = 0;
  cs_drain(d, "E: no prefetch so far (no other slot held P, Q or Z)");
  s = cs_add(d, "E: slot 2 relaunched (a new CTA, base B4)");
  s->launch = 1; s->launch_cta = 2;
  s = cs_load(d, "E: W1 of slot 2 at Z, slot 2 relaunched in the same cycle: the load comes first: a leading warp "
                 "with Z's stride known, but its slot is launched: no Case 2; the launch clears its entry",
              Z, 2, 1, 2, d->B[4] + D, 0);
  s->launch = 1; s->launch_cta = 2;
  cs_events(s, 1, 0, 0, 0, 0); s->hit = 0; s->dhit = 1; s->throttled = 0;
  s = cs_load(d, "E: W2 of slot 2 at Z: W1's entry is gone: W2 leads; Case 2 for warps 3, then 1 and 0", Z, 2, 2, 2,
              d->B[4] + 2 * D, 0);
  cs_events(s, 1, 0, 0, 0, 1); s->hit = 0; s->dhit = 1; s->evict = 0; s->throttled = 0;
  cs_expect(d, d->B[4] + 3 * D, 2, 3);
  cs_expect(d, d->B[4] + D, 2, 1);
  cs_expect(d, d->B[4], 2, 0);
  /* the trigger comes out two cycles after W2's load, the generator takes it at that edge, writes
  ** warp 3's group at the end of the next cycle: the FIFO's head the cycle after */
  s = cs_add(d, "E: W2 in X: the generator idle, the FIFO empty");
  s->pfv = 0; s->busy = 0;
  s = cs_add(d, "E: W2 in V: its Case 2 trigger goes to the idle generator at this edge");
  s->pfv = 0; s->busy = 0;
  s = cs_add(d, "E: the generator writes warp 3's requests at the end of this cycle");
  s->pfv = 0; s->busy = 1;
  s = cs_add(d, "E: warp 3's first request at the FIFO's head, four cycles after W2's load");
  s->pfv = 1; s->busy = 1;
  cs_drain(d, "E: the FIFO delivers B4+3D, B4+D, B4 for warps 3, 1, 0 of slot 2");
  s = cs_load(d, "E: W0 of slot 0 at Q: a leading warp with Q's stride known (a Case 2 to make)", Q, 0, 0, 2, d->B[5], 0);
  s->target = 0; s->lead = 0; s->hit = 0; s->dhit = 0; s->t1 = 0; s->t2 = 0; s->drop = 0;   /* cancelled, below */
  s = cs_add(d, "E: a flush right behind it, in its X cycle: the load is cancelled: no events, no trigger");
  s->flush = 1;
  cs_drain(d, "E: no prefetch");
  for (int i = 0; i < 2; i++) cs_add(d, "E: the last steps' events");
}

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  cs_dir *d = vs;
  memset(d, 0, sizeof *d);
  cs_dims_of(&d->d, vp);
  if (d->d.NC < 3 || d->d.R < 2 || d->d.WB < 2 || d->d.TH > 1000) {
    snprintf(msg, n, "the caps directed scenarios need NCTA >= 3, REQS >= 2, WID_BITS >= 2, THRESH <= 1000 "
             "(use --preset caps or small)");
    return 1;
  }
  int wide = d->d.AB >= 20;
  d->U = wide ? 0x80 : 0x2;                   /* request spacing: one 128-byte line */
  d->D = wide ? 0x200 : 0x5;                  /* stride between consecutive warps */
  static const uint32_t bw[8] = {0x10000, 0x11440, 0x12cc0, 0x40000, 0x58000, 0x70000, 0x9a000, 0xc0000};
  static const uint32_t bn[8] = {0x20, 0x3c, 0x58, 0x90, 0xa8, 0xc4, 0x30, 0xe0};
  for (int i = 0; i < 8; i++) d->B[i] = (wide ? bw[i] : bn[i]) & d->d.amask;
  d->P = 0x400u & d->d.pmask;
  d->Q = 0x480u & d->d.pmask;
  d->Z = 0x520u & d->d.pmask;
  if (d->d.PB < 11) { d->P = 5 & d->d.pmask; d->Q = 3 & d->d.pmask; d->Z = 6 & d->d.pmask; }
  cs_case1(d);
  cs_case2(d);
  cs_nonstride(d);
  cs_throttle(d);
  if (d->d.pipe) {
    cs_settle(d);
    cs_pipe(d);
  }
  if (d->n >= CS_MAX_STEPS || d->npf >= CS_MAX_PF) {
    snprintf(msg, n, "caps directed: more than %d steps or %d prefetches", CS_MAX_STEPS, CS_MAX_PF);
    return 1;
  }
  return 0;
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  cs_dir *d = vs;
  caps_in *in = vin;
  memset(in, 0, sizeof *in);
  in->cta_warps = 4;
  if (cycle >= (uint64_t)d->n) return;
  const cs_step *s = &d->s[cycle];
  in->rst = (uint32_t)s->rst;
  in->flush = (uint32_t)s->flush;
  in->launch = (uint32_t)s->launch;
  in->launch_cta = (uint32_t)s->launch_cta;
  in->pf_ready = (uint32_t)s->ready;
  if (s->ld) {
    in->ld_valid = 1;
    in->ld_pc = s->pc;
    in->ld_cta = (uint32_t)s->cta;
    in->ld_warp = (uint32_t)s->warp;
    in->ld_n = (uint32_t)s->n;
    for (int i = 0; i < d->d.R; i++) cs_set_addr(in->ld_addr, i, d->d.AB, i < 4 ? s->addr[i] : 0);
  }
}

#define CS_EXPECT(field, got) WG_EXPECT(s, field, got, CS_X)

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  cs_dir *d = vs;
  const caps_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const cs_step *s = &d->s[cycle];
  /* the load's events: in its own cycle, or (PIPE=1) two cycles later, in its V stage */
  const cs_step *l = !d->d.pipe ? s : cycle >= 2 ? &d->s[cycle - 2] : NULL;
  if (l) {
    const cs_step *st = s;
    s = l;
    CS_EXPECT(target, o->ld_target);
    CS_EXPECT(hit, o->ld_hit);
    CS_EXPECT(dhit, o->ld_dist_hit);
    CS_EXPECT(lead, o->ev_lead);
    CS_EXPECT(evict, o->ev_evict);
    CS_EXPECT(stride, o->ev_stride);
    CS_EXPECT(invalid, o->ev_invalid);
    CS_EXPECT(mispred, o->ev_mispred);
    CS_EXPECT(throttled, o->ev_throttled);
    CS_EXPECT(t1, o->trig_case1);
    CS_EXPECT(t2, o->trig_case2);
    CS_EXPECT(drop, o->trig_drop);
    s = st;
  }
  CS_EXPECT(pfv, o->pf_valid);
  CS_EXPECT(busy, o->gen_busy);
  if (s->drained && (d->got != s->pf_upto || o->pf_valid || o->gen_busy)) {
    snprintf(msg, n, "step %llu (%s): %d of %d expected prefetches delivered, FIFO %s, generator %s",
             (unsigned long long)cycle, s->what, d->got, s->pf_upto, o->pf_valid ? "not empty" : "empty",
             o->gen_busy ? "busy" : "idle");
    return 1;
  }
  if (o->pf_valid && s->ready && !s->rst) {
    if (d->got >= d->npf) {
      snprintf(msg, n, "step %llu (%s): unexpected prefetch 0x%x for CTA %u warp %u", (unsigned long long)cycle,
               s->what, o->pf_addr, o->pf_cta, o->pf_warp);
      return 1;
    }
    const cs_pf *e = &d->pf[d->got++];
    if (o->pf_addr != e->addr || o->pf_cta != e->cta || o->pf_warp != e->warp) {
      snprintf(msg, n, "step %llu (%s): prefetch %d is 0x%x for CTA %u warp %u, expected 0x%x for CTA %u warp %u",
               (unsigned long long)cycle, s->what, d->got - 1, o->pf_addr, o->pf_cta, o->pf_warp, e->addr,
               e->cta, e->warp);
      return 1;
    }
  }
  return 0;
}

static uint64_t dir_length(const void *vs) { return (uint64_t)((const cs_dir *)vs)->n; }

const wg_stim_ops caps_directed_stim = {"caps", "directed", sizeof(cs_dir), dir_init,
                                        dir_next, dir_check, dir_length};
