/*
** l2mib.c -- C reference model of block 'l2mib' (see l2mib.h and
** docs/blocks/l2mib.md).  The dummy pick of a cycle is computed once, by
** l2mib_pick(), for both eval and tick, so the two cannot disagree.
*/
#include "l2mib.h"
#include "models.h"

#include <string.h>

static uint32_t l2mib_low(int bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1; }
static int l2mib_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }
static int l2mib_bits_for(int64_t v) { int n = 1; while (((int64_t)1 << n) <= v) n++; return n; }

int l2mib_init(l2mib_model *m, const l2mib_params *p) {
  /* the descriptor's ranges (l2mib_io.h) */
  if (l2mib_params_check(p, NULL, 0)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->n = (int)p->ENTRIES;
  m->len_mask = l2mib_low(l2mib_clog2(p->MAX_MERGE));
  m->port_len_mask = l2mib_low(l2mib_bits_for(p->MAX_MERGE));
  m->age_max = l2mib_low((int)p->AGE_W);
  m->blk_mask = l2mib_low((int)p->BLK_W);
  m->info_mask = l2mib_low((int)p->INFO_W);
  m->idx_mask = l2mib_low(l2mib_clog2(p->ENTRIES));
  l2mib_reset(m);
  return 0;
}

void l2mib_reset(l2mib_model *m) {
  m->valid = 0;
  m->pick = -1;
  memset(m->len_m1, 0, sizeof m->len_m1);
  memset(m->age, 0, sizeof m->age);
}

/* the entry of 'v' with the highest score, the lowest index among equals; -1 if v is empty */
static int l2mib_argmax(const l2mib_model *m, uint64_t v) {
  const uint32_t *score = m->p.SCORE ? m->age : m->len_m1;
  int best = -1;
  for (; v; v &= v - 1) {                        /* lowest first */
    int i = __builtin_ctzll(v);
    if (best < 0 || score[i] > score[best]) best = i;   /* ties: lowest index */
  }
  return best;
}

int l2mib_pick(const l2mib_model *m) { return m->p.PIPE ? m->pick : l2mib_argmax(m, m->valid); }

static void l2mib_outputs(const l2mib_model *m, const l2mib_in *in, int k, l2mib_out *out) {
  memset(out, 0, sizeof *out);
  out->out_valid = (uint32_t)(k >= 0 || (in->mq_valid & 1));
  out->out_dummy = (uint32_t)(k >= 0);
  if (k >= 0) {
    out->out_idx = (uint32_t)k;
    out->out_blk = l2mib_get_blk(in->mshr_blk, k, (int)m->p.BLK_W);
    out->out_ml = m->len_m1[k];   /* length - 1, as dram_mib's dummy_ml takes it */
    out->out_age = m->age[k];
  } else {
    out->out_blk = in->mq_blk & m->blk_mask;
    out->out_info = in->mq_info & m->info_mask;
  }
  out->mq_pop = (uint32_t)(k < 0 && (in->mq_valid & 1) && (in->out_ready & 1));
  out->pending = m->valid;
  out->n_pending = (uint32_t)wg_popcount64(m->valid);
}

void l2mib_eval(const l2mib_model *m, const l2mib_in *in, l2mib_out *out) {
  l2mib_outputs(m, in, l2mib_pick(m), out);
}

/* The edge touches at most three entries: a fill releases one, a merge writes one, the
** dummy sent clears one; per entry the first of these that applies wins (fill, merge, sent). */
static void l2mib_apply(l2mib_model *m, const l2mib_in *in, int k) {
  int sent = (k >= 0 && (in->out_ready & 1)) ? k : -1;
  uint32_t mi = in->merge_idx & m->idx_mask, fi = in->fill_idx & m->idx_mask;
  int fill = (in->fill & 1) && fi < (uint32_t)m->n ? (int)fi : -1;
  int merge = (in->merge & 1) && mi < (uint32_t)m->n && (int)mi != fill ? (int)mi : -1;
  if (m->p.PIPE) {   /* the next pick: the entries that stay valid through this edge, by their scores now */
    uint64_t stay = m->valid;
    if (fill >= 0) stay &= ~((uint64_t)1 << fill);
    if (k >= 0 && (in->out_ready & 1)) stay &= ~((uint64_t)1 << k);
    m->pick = l2mib_argmax(m, stay);
  }
  if (sent == fill || sent == merge) sent = -1;
  uint32_t merge_age = in->merge_age & m->age_max;
  if (fill >= 0) {                               /* the MSHR entry is released */
    m->valid &= ~((uint64_t)1 << fill);
    m->len_m1[fill] = 0;
    m->age[fill] = 0;
  }
  if (merge >= 0) {                              /* new merge information */
    uint32_t base = (k >= 0 && (in->out_ready & 1) && k == merge) ? 0 : m->age[merge];
    uint32_t sum = base + merge_age;
    m->valid |= (uint64_t)1 << merge;
    m->len_m1[merge] = ((in->merge_len & m->port_len_mask) - 1) & m->len_mask;
    m->age[merge] = sum > m->age_max ? m->age_max : sum;
  }
  if (sent >= 0) {                               /* the dummy left: nothing pending */
    m->valid &= ~((uint64_t)1 << sent);
    m->age[sent] = 0;
  }
}

void l2mib_tick(l2mib_model *m, const l2mib_in *in) {
  if (in->rst & 1) { l2mib_reset(m); return; }
  l2mib_apply(m, in, l2mib_pick(m));
}

/* eval then tick with one pick */
void l2mib_step(l2mib_model *m, const l2mib_in *in, l2mib_out *out) {
  int k = l2mib_pick(m);
  l2mib_outputs(m, in, k, out);
  if (in->rst & 1) l2mib_reset(m);
  else l2mib_apply(m, in, k);
}

WG_MODEL_OPS_FUSED(l2mib);
