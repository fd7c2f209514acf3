/*
** eqctr.c -- C reference model of block 'eqctr'.  Every rule here has its
** twin in gen/blocks/equalizer.c; docs/blocks/eqctr.md states them.
*/
#include "eqctr.h"
#include "models.h"

#include <string.h>

enum { SUM_ACTIVE, SUM_WAITING, SUM_XALU, SUM_XMEM };
enum { DEC_NONE = 0, DEC_INC = 1, DEC_DEC = 3 };   /* 2-bit two's complement */
enum { VF_KEEP = 0, VF_UP = 1, VF_DOWN = 2 };

static int log2i(int64_t v) { int n = 0; while (((int64_t)1 << n) < v) n++; return n; }
static uint32_t bits_for(int64_t maxval) { int n = 1; while (((int64_t)1 << n) <= maxval) n++; return (uint32_t)n; }

int eqctr_init(eqctr_model *m, const eqctr_params *p) {
  /* the descriptor's ranges (eqctr_io.h), then its cross-parameter rules */
  if (eqctr_params_check(p, NULL, 0) || p->E < p->S) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->warp_mask = p->W == 64 ? ~(uint64_t)0 : (((uint64_t)1 << p->W) - 1);
  m->cycle_mask = (uint32_t)p->E - 1;
  m->sample_mask = (uint32_t)p->S - 1;
  m->wcta_mask = (1u << bits_for(p->W)) - 1;
  m->nb_mask = (1u << bits_for(p->MAX_CTAS)) - 1;
  m->lns = log2i(p->E) - log2i(p->S);
  eqctr_reset(m);
  return 0;
}

void eqctr_reset(eqctr_model *m) {
  m->cycle = 0;
  memset(m->sum, 0, sizeof m->sum);
  memset(m->cnt, 0, sizeof m->cnt);
  m->cnt_valid = m->ended = m->decide = 0;
  m->epoch_done = m->kclass = m->comp_action = m->mem_action = 0;
  m->blocks_dec = m->blocks_change = m->num_blocks = m->hyst_cnt = 0;
  m->sm_vf_req = m->mem_vf_req = 0;
}

void eqctr_eval(const eqctr_model *m, const eqctr_in *in, eqctr_out *out) {
  (void)in;   /* every output is a register */
  out->cycle = m->cycle;
  out->sum_active = m->sum[SUM_ACTIVE];
  out->sum_waiting = m->sum[SUM_WAITING];
  out->sum_xalu = m->sum[SUM_XALU];
  out->sum_xmem = m->sum[SUM_XMEM];
  out->epoch_done = m->epoch_done;
  out->kclass = m->kclass;
  out->comp_action = m->comp_action;
  out->mem_action = m->mem_action;
  out->blocks_dec = m->blocks_dec;
  out->blocks_change = m->blocks_change;
  out->num_blocks = m->num_blocks;
  out->hyst_cnt = m->hyst_cnt;
  out->sm_vf_req = m->sm_vf_req;
  out->mem_vf_req = m->mem_vf_req;
}

int eqctr_classify(uint32_t act, uint32_t wait, uint32_t alu, uint32_t mem,
                   uint32_t w_cta, uint32_t ns) {
  uint64_t thr = (uint64_t)w_cta * ns;                 /* per-sample W_cta on a sum */
  if (mem > thr) return 1;                             /* l.7  definitely memory */
  if (alu >= thr) return 2;                            /* l.10 definitely compute */
  if (mem > 2 * ns) return 3;                          /* l.12 likely memory */
  if (2 * (uint64_t)wait > act) return alu > mem ? 4 : 5;  /* l.14-19 unsaturated */
  if (act == 0) return 6;                              /* l.21 load imbalance */
  return 0;                                            /* degenerate */
}

void eqctr_tick(eqctr_model *m, const eqctr_in *in) {
  if (in->rst || in->kstart) {
    uint32_t nb = in->rst ? 0 : (in->max_blocks & m->nb_mask);
    eqctr_reset(m);
    m->num_blocks = nb;
    return;
  }
  /* a sample (the last cycle of each period of S) registers its counts, which join the sums at
  ** the next edge; an epoch is decided in the second cycle after its end, when its last sample
  ** has joined, and that edge starts the next epoch's sums */
  int sample = (m->cycle & m->sample_mask) == m->sample_mask;
  int decide = (int)m->decide;
  uint32_t add[4] = {0, 0, 0, 0}, sum[4];
  if (m->cnt_valid) memcpy(add, m->cnt, sizeof add);
  memcpy(sum, m->sum, sizeof sum);   /* the epoch's sums, when deciding */
  if (sample) {
    uint64_t act = in->warp_active & m->warp_mask;
    uint64_t wait = act & in->warp_waiting;
    uint64_t alu = act & ~in->warp_waiting & in->warp_xalu;
    uint64_t mem = act & ~in->warp_waiting & ~in->warp_xalu & in->warp_xmem;
    m->cnt[SUM_ACTIVE] = (uint32_t)__builtin_popcountll(act);
    m->cnt[SUM_WAITING] = (uint32_t)__builtin_popcountll(wait);
    m->cnt[SUM_XALU] = (uint32_t)__builtin_popcountll(alu);
    m->cnt[SUM_XMEM] = (uint32_t)__builtin_popcountll(mem);
  }
  m->cnt_valid = (uint32_t)sample;
  m->epoch_done = m->decide;
  m->decide = m->ended;
  m->ended = m->cycle == m->cycle_mask;
  m->cycle = (m->cycle + 1) & m->cycle_mask;
  for (int i = 0; i < 4; i++) m->sum[i] = (decide ? 0 : sum[i]) + add[i];
  if (!decide) return;
  /* the decision: Algorithm 1, Table 3.1, hysteresis */
  uint32_t ns = 1u << m->lns;
  int k = eqctr_classify(sum[SUM_ACTIVE], sum[SUM_WAITING], sum[SUM_XALU], sum[SUM_XMEM],
                         in->w_cta & m->wcta_mask, ns);
  int comp = k == 2 || k == 4 || k == 6, memk = k == 1 || k == 3 || k == 5;
  uint32_t dec = k == 1 ? DEC_DEC : (k == 4 || k == 5) ? DEC_INC : DEC_NONE;
  uint32_t smr = VF_KEEP, memr = VF_KEEP;
  if (in->perf_mode & 1) {
    if (comp) smr = VF_UP;
    if (memk) memr = VF_UP;
  } else {
    if (comp) memr = VF_DOWN;
    if (memk) { smr = VF_DOWN; if (m->p.MEM_E_DRAM) memr = VF_DOWN; }
  }
  uint32_t hyst = (uint32_t)m->p.HYST, hn;
  if (dec != DEC_NONE && dec == m->blocks_dec) hn = m->hyst_cnt == hyst ? hyst : m->hyst_cnt + 1;
  else hn = dec != DEC_NONE ? 1 : 0;
  int apply = hn == hyst;
  uint32_t maxb = in->max_blocks & m->nb_mask, change = DEC_NONE;
  if (apply && dec == DEC_INC && m->num_blocks < maxb) change = DEC_INC;
  if (apply && dec == DEC_DEC && m->num_blocks > 1) change = DEC_DEC;
  m->kclass = (uint32_t)k;
  m->comp_action = (uint32_t)comp;
  m->mem_action = (uint32_t)memk;
  m->blocks_dec = dec;
  m->blocks_change = change;
  m->hyst_cnt = apply ? 0 : hn;
  m->sm_vf_req = smr;
  m->mem_vf_req = memr;
  if (change == DEC_INC) m->num_blocks = (m->num_blocks + 1) & m->nb_mask;
  if (change == DEC_DEC) m->num_blocks = (m->num_blocks - 1) & m->nb_mask;
}

WG_MODEL_OPS(eqctr);
