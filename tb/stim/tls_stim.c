/*
** tls_stim.c -- stimulus for block 'tls' (Gebhart's two-level scheduler).
**
** random:   "regimes" redrawn every 16..256 cycles set how often an active
**           slot can issue, how often its next instruction is a long-latency
**           consumer (demotion), an exit, how often pending warps become
**           ready, and how often warps are launched -- from a full, busy
**           active set with a backlog of ready pending warps to a drained
**           one.  Rare resets.  The check callback counts demotions,
**           promotions, exits, full-set cycles and cycles where a ready
**           pending warp waits for a slot, printed at 10^k and 5x10^k
**           cycles; after 100,000 cycles it fails if any never happened.
** directed: one scenario, the outputs written by hand from the paper's rules
**           (3.2) for any WARPS >= ACTIVE + 2, ACTIVE >= 2:
**           G. greedy issue: the slot issued from last keeps issuing while
**              it can, the next ready slot after it when it cannot, none
**              when no slot is ready;
**           D. demotion: a slot whose next instruction consumes a
**              long-latency result is picked and demoted (no issue), its
**              warp moves to the pending level, the slot frees;
**           P. round-robin promotion: ready pending warps enter the lowest
**              free slot in round-robin order from the warp after the last
**              one promoted (wrapping past WARPS-1 to 0), one per cycle,
**              none while the set is full or no pending warp is ready;
**           R. a promoted warp issues its marked instruction (resume) and is
**              demoted at its next one; an exit frees the slot without a
**              demotion; launch of a free id, a launch of a live id ignored.
**           (CAPS = 1 only)
**           C. CAPS' CTA-aware order as a priority: a prioritised ready warp
**              is promoted before the round robin's next.
**           W. CAPS' eager wake-up: with every slot held, the woken warp
**              takes the lowest stalled slot that is not the pick, whose warp
**              goes to pending; a warp that is not ready, an active warp, or
**              a full set with no stalled slot: nothing; with a free slot,
**              the woken warp goes before round robin.
*/
#include "tls_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

typedef struct tl_dims { int W, A, WB; uint64_t wmask; uint32_t amask; } tl_dims;

static int tl_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }

static void tl_dims_of(tl_dims *d, const tls_params *p) {
  d->W = (int)p->WARPS;
  d->A = (int)p->ACTIVE;
  d->WB = tl_clog2(p->WARPS);
  d->wmask = d->W >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << d->W) - 1;
  d->amask = (uint32_t)(((uint64_t)1 << d->A) - 1);
}

/* ---------------------------------------------------------------- random */
typedef struct tl_rand {
  tl_dims  d;
  uint64_t rng, left;
  unsigned k_ready, k_llc, k_exit, k_wready, k_launch, k_prio, k_wake;
  uint64_t demotes, promotes, retires, full_cycles, waits, issues, evicts;
} tl_rand;


static void tl_regime(tl_rand *r) {
  r->left = 16 + wg_rand_below(&r->rng, 241);
  switch (wg_rand_below(&r->rng, 4)) {
  case 0:   /* memory-bound: many long-latency consumers, results come back slowly */
    r->k_ready = wg_rand_in(&r->rng, 2, 6); r->k_llc = wg_rand_in(&r->rng, 2, 5); r->k_wready = wg_rand_in(&r->rng, 0, 2); break;
  case 1:   /* compute-bound: few demotions, a full active set */
    r->k_ready = wg_rand_in(&r->rng, 4, 8); r->k_llc = wg_rand_in(&r->rng, 0, 1); r->k_wready = wg_rand_in(&r->rng, 3, 8); break;
  case 2:   /* backlog: warps ready in the pending level, slots turn over */
    r->k_ready = wg_rand_in(&r->rng, 1, 8); r->k_llc = wg_rand_in(&r->rng, 1, 4); r->k_wready = wg_rand_in(&r->rng, 5, 8); break;
  default:
    r->k_ready = wg_rand_in(&r->rng, 0, 8); r->k_llc = wg_rand_in(&r->rng, 0, 8); r->k_wready = wg_rand_in(&r->rng, 0, 8);
  }
  r->k_exit = wg_rand_below(&r->rng, 3) == 0;     /* 1/8 of issues when on */
  r->k_launch = wg_rand_in(&r->rng, 0, 6);
  /* CAPS' inputs: half the regimes leave them 0 (the plain scheduler) */
  r->k_prio = wg_rand_below(&r->rng, 2) ? wg_rand_in(&r->rng, 1, 6) : 0;
  r->k_wake = wg_rand_below(&r->rng, 2) ? wg_rand_in(&r->rng, 1, 6) : 0;
}

static int tl_rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  tl_rand *r = vs;
  memset(r, 0, sizeof *r);
  tl_dims_of(&r->d, vp);
  r->rng = seed;
  tl_regime(r);
  return 0;
}

static void tl_rand_next(void *vs, uint64_t cycle, void *vin) {
  tl_rand *r = vs;
  tls_in *in = vin;
  if (--r->left == 0) tl_regime(r);
  memset(in, 0, sizeof *in);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 16) == 0;
  in->slot_ready = (uint32_t)wg_rand_bits8(&r->rng, r->k_ready) & r->d.amask;
  in->slot_llc = (uint32_t)wg_rand_bits8(&r->rng, r->k_llc) & r->d.amask;
  in->slot_exit = r->k_exit ? (uint32_t)wg_rand_bits8(&r->rng, 1) & r->d.amask : 0;
  in->warp_ready = wg_rand_bits8(&r->rng, r->k_wready) & r->d.wmask;
  in->launch = wg_rand_below(&r->rng, 8) < r->k_launch;
  in->launch_warp = wg_rand_below(&r->rng, 1u << r->d.WB);   /* ids >= WARPS too */
  in->warp_prio = r->k_prio ? wg_rand_bits8(&r->rng, r->k_prio) & r->d.wmask : 0;
  in->wake = wg_rand_below(&r->rng, 8) < r->k_wake;
  in->wake_warp = wg_rand_below(&r->rng, 1u << r->d.WB);      /* ids >= WARPS too */
}

static int tl_rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  tl_rand *r = vs;
  const tls_out *o = vout;
  r->demotes += o->demote;
  r->promotes += o->promote;
  r->retires += o->retire;
  r->issues += o->issue;
  r->evicts += o->wake_evict;
  r->full_cycles += o->active_full;
  r->waits += o->active_full && o->pending;   /* pending warps queue for a slot */
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c))
    fprintf(stderr, "tls random coverage, %llu cycles: %llu issues, %llu demotions, %llu promotions, %llu exits, "
            "%llu wake-up evictions; active set full %.1f%% of cycles, full with warps in the pending level %.1f%%\n",
            (unsigned long long)c, (unsigned long long)r->issues, (unsigned long long)r->demotes,
            (unsigned long long)r->promotes, (unsigned long long)r->retires, (unsigned long long)r->evicts,
            100.0 * (double)r->full_cycles / (double)c, 100.0 * (double)r->waits / (double)c);
  if (c == 100000 && (!r->demotes || !r->promotes || !r->retires || !r->full_cycles)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles %llu demotions, %llu promotions, %llu exits, %llu full cycles "
             "(the stimulus is broken for this parameter set)", (unsigned long long)r->demotes,
             (unsigned long long)r->promotes, (unsigned long long)r->retires, (unsigned long long)r->full_cycles);
    return 1;
  }
  return 0;
}

const wg_stim_ops tls_random_stim = {"tls", "random", sizeof(tl_rand), tl_rand_init,
                                     tl_rand_next, tl_rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define TL_MAX_STEPS 96
#define TL_X (-1)

typedef struct tl_step {
  int8_t rst, launch, lw, wake, wwarp;
  uint32_t ready, llc, exit;
  uint64_t wready, prio;
  int8_t issue, demote, retire, pslot, pwarp, promote, prslot, prwarp, full, evict, ewarp;   /* TL_X: don't care */
  int64_t avalid;                   /* TL_X or the active_valid vector */
  uint64_t pend_set, pend_clr;      /* pending bits that must be 1 / 0 */
  int8_t slotw[2][2];               /* {slot, warp} pairs the active set must hold; slot -1: none */
  const char *what;
} tl_step;

typedef struct tl_dir { tl_dims d; int n; tl_step s[TL_MAX_STEPS]; } tl_dir;

static tl_step *tl_add(tl_dir *d, const char *what) {
  tl_step *s = wg_dir_step(d->s, &d->n, TL_MAX_STEPS, sizeof *s);
  s->issue = s->demote = s->retire = s->pslot = s->pwarp = s->promote = s->prslot = s->prwarp = s->full = TL_X;
  s->evict = s->ewarp = TL_X;
  s->avalid = TL_X;
  s->slotw[0][0] = s->slotw[1][0] = -1;
  s->what = what;
  return s;
}
static void tl_pick(tl_step *s, int issue, int slot, int warp) {
  s->issue = (int8_t)issue; s->demote = (int8_t)!issue; s->pslot = (int8_t)slot; s->pwarp = (int8_t)warp; s->retire = 0;
}
static void tl_none(tl_step *s) { s->issue = s->demote = s->retire = 0; s->pslot = s->pwarp = 0; }
static void tl_prom(tl_step *s, int slot, int warp) { s->promote = 1; s->prslot = (int8_t)slot; s->prwarp = (int8_t)warp; }
static void tl_noprom(tl_step *s) { s->promote = 0; s->prslot = s->prwarp = 0; }
static uint64_t tl_w(int w) { return (uint64_t)1 << w; }

static void tl_scenario(tl_dir *d, int caps) {
  const int A = d->d.A, W = d->d.W;
  const uint32_t all = d->d.amask;
  tl_step *s = tl_add(d, "reset: warps 0..A-1 active in slots 0..A-1");
  s->rst = 1;
  /* G. greedy issue */
  s = tl_add(d, "G: every slot can issue: greedy starts at slot 0 (warp 0)");
  s->ready = all; tl_pick(s, 1, 0, 0); tl_noprom(s); s->full = 1; s->avalid = all;
  s->pend_set = d->d.wmask & ~(uint64_t)all; s->pend_clr = all;
  s = tl_add(d, "G: slot 0 can still issue: greedy keeps it although the others are ready");
  s->ready = all; tl_pick(s, 1, 0, 0);
  s = tl_add(d, "G: slot 0 stalls: the next ready slot after it, slot 1");
  s->ready = all & ~1u; tl_pick(s, 1, 1, 1);
  s = tl_add(d, "G: slot 0 is ready again, but greedy stays on slot 1");
  s->ready = all; tl_pick(s, 1, 1, 1);
  s = tl_add(d, "G: only slot 0 can issue: the search wraps around to it");
  s->ready = 1; tl_pick(s, 1, 0, 0);
  s = tl_add(d, "G: no slot can issue: no pick");
  tl_none(s);
  /* D. demotion */
  s = tl_add(d, "D: slot 1's next instruction consumes a long-latency result: picked (slot 0 stalls) and demoted, not issued");
  s->llc = 2; tl_pick(s, 0, 1, 1); tl_noprom(s);
  s = tl_add(d, "D: warp 1 is pending now and slot 1 free; no pending warp is ready: no promotion");
  tl_none(s); tl_noprom(s); s->avalid = all & ~2u; s->full = 0; s->pend_set = tl_w(1);
  s = tl_add(d, "D: slot 0 demoted too (warp 0); a marked instruction demotes even when it is also ready");
  s->llc = 1; s->ready = 1; tl_pick(s, 0, 0, 0); tl_noprom(s);
  /* P. round-robin promotion, from warp A (rr starts after the warps active at reset) */
  s = tl_add(d, "P: warps 1, A, A+1 ready: round robin from warp A promotes warp A into the lowest free slot, 0");
  s->wready = tl_w(1) | tl_w(A) | tl_w(A + 1); tl_none(s); tl_prom(s, 0, A);
  s->avalid = all & ~3u; s->pend_set = tl_w(0) | tl_w(1) | tl_w(A) | tl_w(A + 1);
  s = tl_add(d, "P: next in round robin: warp A+1 into slot 1");
  s->wready = tl_w(1) | tl_w(A) | tl_w(A + 1); tl_none(s); tl_prom(s, 1, A + 1);
  s->avalid = all & ~2u; s->pend_clr = tl_w(A); s->slotw[0][0] = 0; s->slotw[0][1] = (int8_t)A;
  s = tl_add(d, "P: the active set is full again: warp 1 stays pending although ready");
  s->wready = tl_w(1); tl_none(s); tl_noprom(s); s->full = 1; s->avalid = all;
  s->pend_set = tl_w(1); s->pend_clr = tl_w(A) | tl_w(A + 1); s->slotw[1][0] = 1; s->slotw[1][1] = (int8_t)(A + 1);
  /* R. resume, re-demotion, exit, launch */
  s = tl_add(d, "R: warp A was promoted: its marked instruction issues (resume) instead of demoting again");
  s->llc = 1; s->ready = 1; tl_pick(s, 1, 0, A); tl_noprom(s);
  s = tl_add(d, "R: its next marked instruction demotes it");
  s->llc = 1; s->ready = 1; tl_pick(s, 0, 0, A);
  s = tl_add(d, "R: warps 0, 1, A ready: round robin from warp A+2 wraps past WARPS-1 to warp 0, into slot 0");
  s->wready = tl_w(0) | tl_w(1) | tl_w(A); tl_none(s); tl_prom(s, 0, W > A + 2 ? 0 : 0);
  s->pend_set = tl_w(A);
  s = tl_add(d, "R: slot 1's exit issues and frees the slot without a demotion (warp A+1 leaves both levels)");
  s->ready = 2; s->exit = 2; s->issue = 1; s->demote = 0; s->retire = 1; s->pslot = 1; s->pwarp = (int8_t)(A + 1); tl_noprom(s);
  s->slotw[0][0] = 0; s->slotw[0][1] = 0;
  s = tl_add(d, "R: slot 1 free, warp A+1 gone; launching warp A+1 again, and warp 0 (active: ignored)");
  s->launch = 1; s->lw = (int8_t)(A + 1); tl_none(s); tl_noprom(s);
  s->avalid = all & ~2u; s->pend_clr = tl_w(0) | tl_w(A + 1);
  s = tl_add(d, "R: warp A+1 is pending; a launch of the active warp 0 is ignored");
  s->launch = 1; s->lw = 0; tl_none(s); tl_noprom(s); s->pend_set = tl_w(A + 1); s->pend_clr = tl_w(0);
  s = tl_add(d, "R: warp A+1 ready: round robin from warp 1 reaches warp A (ready too) first: into slot 1");
  s->wready = tl_w(A) | tl_w(A + 1); tl_none(s); tl_prom(s, 1, A); s->pend_clr = tl_w(0);
  s = tl_add(d, "R: the set is full");
  tl_none(s); tl_noprom(s); s->full = 1; s->avalid = all; s->slotw[0][0] = 1; s->slotw[0][1] = (int8_t)A;
  if (!caps) return;
  /* C. CAPS' CTA-aware order (Fig. 7) as a promotion priority */
  s = tl_add(d, "reset");
  s->rst = 1;
  s = tl_add(d, "C: slot 0's warp 0 is demoted (marked instruction)");
  s->llc = 1; tl_pick(s, 0, 0, 0); tl_noprom(s);
  s = tl_add(d, "C: warps A and A+1 ready, A+1 prioritised: A+1 goes first although round robin starts at A");
  s->wready = tl_w(A) | tl_w(A + 1); s->prio = tl_w(A + 1); tl_none(s); tl_prom(s, 0, A + 1);
  s->evict = 0;
  /* W. eager wake-up (CAPS 4.4) */
  s = tl_add(d, "W: every slot held; a wake-up for pending, ready warp A: slot 0 issues, the lowest stalled slot 1 "
                "(warp 1) goes to pending and warp A takes it");
  s->ready = all & ~2u; s->wready = tl_w(A); s->wake = 1; s->wwarp = (int8_t)A;
  tl_pick(s, 1, 0, A + 1); tl_prom(s, 1, A); s->evict = 1; s->ewarp = 1; s->full = 1; s->pend_set = tl_w(A);
  s = tl_add(d, "W: warp 1 is pending, warp A in slot 1; a wake-up for warp 1, not ready: nothing");
  s->ready = 1; s->wake = 1; s->wwarp = 1; tl_pick(s, 1, 0, A + 1); tl_noprom(s); s->evict = 0; s->ewarp = 0;
  s->pend_set = tl_w(1); s->pend_clr = tl_w(A); s->slotw[0][0] = 1; s->slotw[0][1] = (int8_t)A;
  s = tl_add(d, "W: a wake-up for the active warp A: nothing");
  s->ready = 1; s->wake = 1; s->wwarp = (int8_t)A; s->wready = tl_w(A); tl_pick(s, 1, 0, A + 1); tl_noprom(s); s->evict = 0;
  s = tl_add(d, "W: every slot ready: no stalled slot, the wake-up of warp 1 (now ready) is dropped");
  s->ready = all; s->wake = 1; s->wwarp = 1; s->wready = tl_w(1); tl_pick(s, 1, 0, A + 1); tl_noprom(s); s->evict = 0;
  s->pend_set = tl_w(1);
  s = tl_add(d, "W: slot 0 demoted (warp A+1): a free slot next cycle");
  s->llc = 1; tl_pick(s, 0, 0, A + 1); tl_noprom(s);
  s = tl_add(d, "W: warps 1 and A+2.. ready; the wake-up of warp 1 takes the free slot 0 before round robin");
  s->wready = d->d.wmask & ~(uint64_t)all; s->wready |= tl_w(1); s->wake = 1; s->wwarp = 1; tl_none(s);
  tl_prom(s, 0, 1); s->evict = 0;
}

static int tl_dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  tl_dir *d = vs;
  memset(d, 0, sizeof *d);
  tl_dims_of(&d->d, vp);
  if (d->d.A < 2 || d->d.W < d->d.A + 2 || ((const tls_params *)vp)->INNER) {
    snprintf(msg, n, "the tls directed table needs ACTIVE >= 2, WARPS >= ACTIVE + 2 and the greedy inner level "
             "(INNER = 0; use --preset gebhart or small)");
    return 1;
  }
  tl_scenario(d, ((const tls_params *)vp)->CAPS != 0);
  if (wg_dir_overflow(msg, n, "tls", d->n, TL_MAX_STEPS)) return 1;
  return 0;
}

static void tl_dir_next(void *vs, uint64_t cycle, void *vin) {
  tl_dir *d = vs;
  tls_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle >= (uint64_t)d->n) return;
  const tl_step *s = &d->s[cycle];
  in->rst = (uint32_t)s->rst;
  in->slot_ready = s->ready;
  in->slot_llc = s->llc;
  in->slot_exit = s->exit;
  in->warp_ready = s->wready;
  in->launch = (uint32_t)s->launch;
  in->launch_warp = (uint32_t)s->lw;
  in->warp_prio = s->prio;
  in->wake = (uint32_t)s->wake;
  in->wake_warp = (uint32_t)s->wwarp;
}

#define TL_EXPECT(field, got) WG_EXPECT(s, field, got, TL_X)

static int tl_dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  tl_dir *d = vs;
  const tls_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const tl_step *s = &d->s[cycle];
  if (s->rst) return 0;
  TL_EXPECT(issue, o->issue);
  TL_EXPECT(demote, o->demote);
  TL_EXPECT(retire, o->retire);
  TL_EXPECT(pslot, o->pick_slot);
  TL_EXPECT(pwarp, o->pick_warp);
  TL_EXPECT(promote, o->promote);
  TL_EXPECT(prslot, o->promote_slot);
  TL_EXPECT(prwarp, o->promote_warp);
  TL_EXPECT(full, o->active_full);
  TL_EXPECT(evict, o->wake_evict);
  TL_EXPECT(ewarp, o->evict_warp);
  TL_EXPECT(avalid, o->active_valid);
  if ((o->pending & s->pend_set) != s->pend_set || (o->pending & s->pend_clr)) {
    snprintf(msg, n, "step %llu (%s): pending = 0x%llx, expected bits 0x%llx set and 0x%llx clear",
             (unsigned long long)cycle, s->what, (unsigned long long)o->pending,
             (unsigned long long)s->pend_set, (unsigned long long)s->pend_clr);
    return 1;
  }
  for (int k = 0; k < 2; k++) {
    int slot = s->slotw[k][0];
    if (slot < 0) continue;
    uint32_t w = 0;
    for (int b = 0; b < d->d.WB; b++) {
      int bit = slot * d->d.WB + b;
      w |= (o->active_warp[bit / 32] >> (bit % 32) & 1u) << b;
    }
    if (!(o->active_valid >> slot & 1) || w != (uint32_t)s->slotw[k][1]) {
      snprintf(msg, n, "step %llu (%s): slot %d holds warp %u (valid %u), expected warp %d",
               (unsigned long long)cycle, s->what, slot, w, o->active_valid >> slot & 1, s->slotw[k][1]);
      return 1;
    }
  }
  return 0;
}

static uint64_t tl_dir_length(const void *vs) { return (uint64_t)((const tl_dir *)vs)->n; }

const wg_stim_ops tls_directed_stim = {"tls", "directed", sizeof(tl_dir), tl_dir_init,
                                       tl_dir_next, tl_dir_check, tl_dir_length};
