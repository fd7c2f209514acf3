/*
** tls.c -- C reference model of block 'tls' (see tls.h, docs/blocks/tls.md).
** One function, tls_decide(), makes the cycle's choices (the greedy pick,
** demote or issue, the promotion) for both eval and tick.
*/
#include "tls.h"
#include "models.h"

#include <string.h>

static int tls_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }

int tls_init(tls_model *m, const tls_params *p) {
  /* the descriptor's ranges (tls_io.h), then its cross-parameter rules */
  if (tls_params_check(p, NULL, 0) || p->ACTIVE > p->WARPS) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->W = (int)p->WARPS;
  m->A = (int)p->ACTIVE;
  m->WB = tls_clog2(p->WARPS);
  m->wmask = m->W >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->W) - 1;
  m->amask = (uint32_t)(((uint64_t)1 << m->A) - 1);
  tls_reset(m);
  return 0;
}

/* Warps 0..A-1 start active in slots 0..A-1 (the paper does not say; our
** choice), the rest pending. */
void tls_reset(tls_model *m) {
  for (int s = 0; s < m->A; s++) m->slot_warp[s] = (uint32_t)s;
  m->slot_valid = m->amask;
  m->slot_resume = 0;
  m->act = (uint64_t)m->amask;
  m->pend = m->wmask & ~m->act;
  m->cur = 0;
  m->rr = (uint32_t)(m->A % m->W);
}

/* first set bit of 'req' (n bits) at or after 'ptr', else the first one; -1 if none */
static int tls_rr_pick(uint64_t req, int n, uint32_t ptr) {
  if (!req) return -1;
  if (ptr < (uint32_t)n) {                /* the requests at or after ptr first (n <= 64) */
    uint64_t hi = req & ~(((uint64_t)1 << ptr) - 1);
    if (hi) return __builtin_ctzll(hi);
  }
  return __builtin_ctzll(req);            /* else (or a pointer out of range, as the RTL mask) the lowest */
}

typedef struct tls_decision {
  int pick;            /* slot, -1 none */
  int issue, demote, retire;
  int prom_warp;       /* -1 none */
  int prom_slot;
  int wake_ok;         /* the woken warp is pending and ready */
  int evict;           /* it takes slot prom_slot from a stalled warp */
} tls_decision;

static void tls_decide(const tls_model *m, const tls_in *in, tls_decision *d) {
  uint32_t must = m->slot_valid & in->slot_llc & ~m->slot_resume & m->amask;
  uint32_t elig = ((m->slot_valid & in->slot_ready) | must) & m->amask;
  d->pick = tls_rr_pick(elig, m->A, m->cur);
  int dem = d->pick >= 0 && (must >> d->pick & 1);
  d->issue = d->pick >= 0 && !dem;
  d->demote = d->pick >= 0 && dem;
  d->retire = d->issue && (in->slot_exit >> d->pick & 1);
  /* CAPS = 0: Gebhart's scheduler, the priority and wake-up inputs unused */
  int caps = m->p.CAPS != 0;
  uint64_t all = m->pend & in->warp_ready & m->wmask, pri = caps ? all & in->warp_prio : 0;
  uint32_t ww = in->wake_warp & ((1u << m->WB) - 1);
  uint64_t woh = caps && (in->wake & 1) && ww < 64 ? (uint64_t)1 << ww : 0;
  d->wake_ok = (woh & all) != 0;
  /* the woken warp, else the prioritised ready warps (CTA-aware order), else all of them */
  uint64_t cand = d->wake_ok ? woh : pri ? pri : all;
  d->prom_warp = -1;
  d->prom_slot = 0;
  d->evict = 0;
  if (m->slot_valid != m->amask && cand) {
    d->prom_warp = tls_rr_pick(cand, m->W, m->rr);
    for (int s = 0; s < m->A; s++)
      if (!(m->slot_valid >> s & 1)) { d->prom_slot = s; break; }
  } else if (d->wake_ok) {   /* every slot held: the lowest stalled one (not ready, not picked) */
    uint32_t stalled = m->slot_valid & ~in->slot_ready & m->amask;
    if (d->pick >= 0) stalled &= ~(1u << d->pick);
    if (stalled) {
      d->evict = 1;
      d->prom_warp = (int)ww;
      d->prom_slot = __builtin_ctz(stalled);
    }
  }
}

/* every field set on every path (a memset of the whole struct was a block store every cycle) */
static void tls_outputs(const tls_model *m, const tls_in *in, const tls_decision *d, tls_out *out) {
  (void)in;
  out->issue = (uint32_t)d->issue;
  out->demote = (uint32_t)d->demote;
  out->retire = (uint32_t)d->retire;
  out->pick_slot = d->pick >= 0 ? (uint32_t)d->pick : 0;
  out->pick_warp = d->pick >= 0 ? m->slot_warp[d->pick] : 0;
  out->promote = d->prom_warp >= 0;
  out->promote_slot = d->prom_warp >= 0 ? (uint32_t)d->prom_slot : 0;
  out->promote_warp = d->prom_warp >= 0 ? (uint32_t)d->prom_warp : 0;
  out->wake_evict = (uint32_t)d->evict;
  out->evict_warp = d->evict ? m->slot_warp[d->prom_slot] : 0;
  out->active_valid = m->slot_valid;
  /* slot s's warp at [s*WB +: WB] (0 when free), packed through a 64-bit window that writes each
  ** 32-bit word once */
  uint64_t window = 0;
  int bits = 0, w = 0;
  for (int s = 0; s < m->A; s++) {
    uint64_t v = (m->slot_valid >> s & 1) ? m->slot_warp[s] : 0;
    window |= v << bits;
    bits += m->WB;
    if (bits >= 32) { out->active_warp[w++] = (uint32_t)window; window >>= 32; bits -= 32; }
  }
  if (bits > 0) out->active_warp[w++] = (uint32_t)window;
  while (w < (int)(sizeof out->active_warp / sizeof out->active_warp[0])) out->active_warp[w++] = 0;
  out->active_full = m->slot_valid == m->amask;
  out->pending = m->pend;
}

static void tls_apply(tls_model *m, const tls_in *in, const tls_decision *d) {
  (void)in;
  uint64_t launch = 0;
  uint32_t lw = in->launch_warp & ((1u << m->WB) - 1);
  if ((in->launch & 1) && lw < (uint32_t)m->W && !((m->pend | m->act) >> lw & 1)) launch = (uint64_t)1 << lw;
  if (d->pick >= 0) {
    uint64_t w = (uint64_t)1 << m->slot_warp[d->pick];
    if (d->demote || d->retire) { m->act &= ~w; m->slot_valid &= ~(1u << d->pick); }
    if (d->demote) m->pend |= w;
    if (d->issue) m->slot_resume &= ~(1u << d->pick);
    /* greedy: the search starts at the slot picked last; round robin: after it */
    m->cur = m->p.INNER ? (uint32_t)((d->pick + 1) % m->A) : (uint32_t)d->pick;
  }
  if (d->evict) {                                 /* the stalled warp goes to pending */
    uint64_t v = (uint64_t)1 << m->slot_warp[d->prom_slot];
    m->act &= ~v;
    m->pend |= v;
  }
  if (d->prom_warp >= 0) {
    uint64_t w = (uint64_t)1 << d->prom_warp;
    m->pend &= ~w;
    m->act |= w;
    m->slot_valid |= 1u << d->prom_slot;
    m->slot_resume |= 1u << d->prom_slot;
    m->slot_warp[d->prom_slot] = (uint32_t)d->prom_warp;
    if (!d->wake_ok) m->rr = d->prom_warp + 1 == m->W ? 0 : (uint32_t)d->prom_warp + 1;   /* a wake-up leaves it */
  }
  m->pend |= launch;
}

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(tls, tls_decision, tls_decide);
