/*
** caps.c -- C reference model of block 'caps', the CTA-aware prefetcher
** (see caps.h and docs/blocks/caps.md).  The combinational decisions of a
** cycle (lookup, stride check, verification, triggers, the generator's
** group, the FIFO's push and pop) are computed once, by caps_decide(), for
** both eval and tick, so the two cannot disagree.
**
** PIPE=0 decides a load in the cycle it arrives.  PIPE=1 decides it in three
** stages, as the RTL does: L (the cycle it arrives: lookup, k, the request
** differences, a PerCTA allocation), X (the next: the stride check, k x
** stride, the Case 1 search) and V (the one after: verification, throttle,
** trigger, every event output).  A load sees the tables as every older load
** left them: the only older write that has not landed when a load is in L
** is the X load's (an invalidation, a learnt stride), and L forwards it.
*/
#include "caps.h"
#include "models.h"

#include <string.h>

static uint32_t caps_low(int bits) { return bits >= 32 ? 0xffffffffu : (1u << bits) - 1; }
static int caps_bits_for(int64_t v) { int n = 1; while (n < 63 && ((int64_t)1 << n) <= v) n++; return n; }
static int caps_clog2(int64_t v) { return v <= 2 ? 1 : caps_bits_for(v - 1); }

int caps_init(caps_model *m, const caps_params *p) {
  /* the descriptor's ranges (caps_io.h), then its cross-parameter rules */
  if (caps_params_check(p, NULL, 0) || p->THRESH >= ((int64_t)1 << p->MISP_W) - 1 || p->GEN > p->REQS || p->GEN > p->FIFO) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->nc = (int)p->NCTA;
  m->r = (int)p->REQS;
  m->d = (int)p->FIFO;
  m->g = (int)p->GEN;
  m->q = (int)p->TQ;
  m->pipe = (int)p->PIPE;
  m->pc_mask = caps_low((int)p->PC_BITS);
  m->addr_mask = caps_low((int)p->ADDR_BITS);
  m->wid_mask = caps_low((int)p->WID_BITS);
  m->mis_max = caps_low((int)p->MISP_W);
  m->th = (uint32_t)p->THRESH;
  caps_reset(m);
  return 0;
}

/* Reset frees every entry (PC 0), empties the generator and the FIFO and
** cancels the loads in flight; payload fields keep their values, as in the
** RTL (never read while free or invalid). */
void caps_reset(caps_model *m) {
  for (int s = 0; s < CAPS_MAX_NCTA; s++) {
    m->pct[s][0].pc = m->pct[s][1].pc = 0;
    m->pct_lru[s] = 0;
  }
  m->dist[0].pc = m->dist[1].pc = 0;
  m->dist_lru = 0;
  m->g_pend = 0;
  m->g_ri = 0;
  m->tq_head = m->tq_count = 0;
  m->head = m->tail = m->count = 0;
  m->x.valid = m->v.valid = 0;
}

typedef struct caps_dec {
  /* the load's event outputs (PIPE=0: this cycle's load; PIPE=1: the load in V) */
  int target, hit, dhit, alloc, evict, stride_ev, invalid, throttled, trig1, trig2, drop;
  uint32_t nmis;
  /* PIPE=0: the load's decision */
  int cta, p_e, d_e, learn, verify, vict, k_zero, want1, want2;
  uint32_t d_lcta;
  uint32_t a[CAPS_MAX_REQS], k, diff0, new_stride, kstride, mis_new, d_mis, d_stride;
  uint32_t c1_vec, m_sel;
  int first_up;
  /* the trigger of this cycle (acc1: Case 1, acc2: Case 2); taken at once, queued, or the queue's head loaded */
  int acc1, acc2, direct, push_tq, load_tq;
  caps_trig t;
  /* the PerCTA entries written at this edge: an allocation and an invalidation (slot, entry) */
  int wa, wa_s, wa_e, wi, wi_s, wi_e;
  uint32_t launch_oh;
  uint32_t tq_kill[CAPS_MAX_TQ];              /* per queued trigger: slots whose entries this edge rewrites */
  /* PIPE=1: L (the arriving load), X, V */
  int l_tgt, l_hit, l_m1, l_dhit, l_de, l_vict, l_evict, l_samen;
  uint32_t l_k, l_diff[CAPS_MAX_REQS], l_pn;
  int x_go, x_learn, x_inval, x_stride, x_verify, x_dv, x_first_up;
  uint32_t x_nstride, x_dstride, x_dlcta, x_kst, x_c1, x_msel, x_pend, x_sel, x_kill;
  int v_go, v_verify;
  uint32_t v_dmis;
  /* the generator */
  int busy, cs, emit, last, cur_killed, up_more;
  uint32_t kill, pend_next, grp, push, tgt, cur_lead, cur_n, gaddr[CAPS_MAX_REQS];
  int pop;
} caps_dec;

/* The slots whose selected PerCTA entries (SEL: one bit per slot) this edge rewrites
** (allocation, invalidation) or whose slot is launched: the generator's, every waiting
** trigger's and (PIPE=1) the pipeline's prefetches for them stop. */
static uint32_t caps_kill(const caps_model *m, const caps_dec *d, uint32_t sel_mask) {
  uint32_t kill = 0;
  for (int s = 0; s < m->nc; s++) {
    int sel = (int)(sel_mask >> s & 1);
    int wr = (d->wa && d->wa_s == s && d->wa_e == sel) || (d->wi && d->wi_s == s && d->wi_e == sel);
    if ((d->launch_oh >> s & 1) || wr) kill |= 1u << s;
  }
  return kill;
}

/* k x stride, modulo 2^ADDR_BITS; k has WID_BITS + 1 bits, two's complement */
static uint32_t caps_kstride(const caps_model *m, uint32_t k, uint32_t stride) {
  const int WB = (int)m->p.WID_BITS;
  int ks = (k >> WB & 1) ? (int)k - (1 << (WB + 1)) : (int)k;
  return (uint32_t)((uint64_t)(uint32_t)ks * stride) & m->addr_mask;
}

/* ---------------------------------------------------------------- PIPE=0 */

static void caps_decide_flat(const caps_model *m, const caps_in *in, caps_dec *d) {
  const int R = m->r, WB = (int)m->p.WID_BITS, CB = caps_clog2(m->p.NCTA);
  const uint32_t kmask = caps_low(WB + 1), cbm = caps_low(CB);
  uint32_t flush = in->flush & 1, launch = in->launch & 1;
  uint32_t launch_cta = in->launch_cta & cbm, cta_warps = in->cta_warps & kmask;
  if (cta_warps > (1u << WB)) cta_warps = 1u << WB;   /* the id field's limit */
  uint32_t pc = in->ld_pc & m->pc_mask, cta = in->ld_cta & cbm, warp = in->ld_warp & m->wid_mask;
  uint32_t n = in->ld_n & 63u;
  for (int i = 0; i < R; i++) d->a[i] = caps_get_addr(in->ld_addr, i, (int)m->p.ADDR_BITS);

  /* targeted: 1..REQS requests, PC != 0, a legal slot and warp */
  d->target = (in->ld_valid & 1) && !flush && pc != 0 && n >= 1 && n <= (uint32_t)R &&
              cta < (uint32_t)m->nc && warp < cta_warps;
  d->cta = (int)cta;
  const caps_pct_entry *ce = d->target ? m->pct[cta] : NULL;
  int hit0 = d->target && ce[0].pc == pc, hit1 = d->target && ce[1].pc == pc;
  d->hit = hit0 || hit1;
  d->p_e = hit1;
  int dh0 = d->target && m->dist[0].pc == pc, dh1 = d->target && m->dist[1].pc == pc;
  d->dhit = dh0 || dh1;
  d->d_e = dh1;
  d->d_stride = m->dist[d->d_e].stride;
  d->d_mis = m->dist[d->d_e].mis;
  d->d_lcta = m->dist[d->d_e].lcta;

  if (d->hit) {
    const caps_pct_entry *p = &ce[d->p_e];
    d->k = (warp - p->lead) & kmask;
    uint32_t diff[CAPS_MAX_REQS] = {0};
    for (int i = 0; i < R; i++) diff[i] = (d->a[i] - p->base[i]) & m->addr_mask;
    d->diff0 = diff[0];
    int all_eq = 1;
    for (int i = 1; i < R; i++)
      if (!(n <= (uint32_t)i || diff[i] == diff[0])) all_eq = 0;
    int same_n = n == p->n;
    d->k_zero = d->k == 0;
    int k_p1 = d->k == 1, k_m1 = d->k == kmask;
    d->learn = !d->dhit && !d->k_zero;
    d->invalid = d->learn && !(same_n && all_eq);
    d->stride_ev = d->learn && same_n && all_eq && (k_p1 || k_m1);
    d->new_stride = (k_p1 ? d->diff0 : 0u - d->diff0) & m->addr_mask;
    d->verify = d->dhit;
    d->kstride = caps_kstride(m, d->k, d->d_stride);
    if (d->verify) {
      for (int i = 0; i < R; i++) {
        int pv = p->n > (uint32_t)i, dv = n > (uint32_t)i;
        uint32_t pred = (p->base[i] + d->kstride) & m->addr_mask;
        if (pv != dv || (pv && pred != d->a[i])) d->nmis++;
      }
    }
  }
  uint32_t sum = d->d_mis + d->nmis;
  d->mis_new = sum > m->mis_max ? m->mis_max : sum;
  d->alloc = d->target && !d->hit;
  if (d->target) {
    int free0 = ce[0].pc == 0, free1 = ce[1].pc == 0;
    d->vict = free0 ? 0 : free1 ? 1 : (int)m->pct_lru[cta];
    d->evict = d->alloc && !free0 && !free1;
  }
  d->throttled = (d->verify && d->mis_new > m->th) || (d->alloc && d->dhit && d->d_mis > m->th);

  /* Case 1 broadcast over every slot */
  int ks = (d->k >> WB & 1) ? (int)d->k - (1 << (WB + 1)) : (int)d->k;
  for (int s = 0; s < m->nc; s++) {
    const caps_pct_entry *e = m->pct[s];
    int mh = e[0].pc == pc || e[1].pc == pc, ms = e[1].pc == pc;
    if (ms) d->m_sel |= 1u << s;
    int t = (int)e[ms].lead + ks;
    if (mh && s != (int)cta && !(d->launch_oh >> s & 1) && t >= 0 && (uint32_t)t < cta_warps)
      d->c1_vec |= 1u << s;
  }
  /* Case 1 only for the trailing warps of the leading CTA: the slot the stride was learnt in (4.3) */
  d->want1 = d->stride_ev || (d->verify && !d->k_zero && d->mis_new <= m->th && cta == d->d_lcta);
  d->want2 = d->alloc && d->dhit && d->d_mis <= m->th;
  d->acc1 = d->want1 && d->c1_vec != 0;
  d->acc2 = d->want2 && cta_warps >= 2 && !(launch && launch_cta == cta);
  d->first_up = warp + 1 < cta_warps;

  /* the trigger, as the generator takes it */
  caps_trig *t = &d->t;
  if (d->acc1) {
    t->pend = d->c1_vec; t->sel = d->m_sel; t->k = d->k & m->wid_mask;
    t->off = d->stride_ev ? d->diff0 : d->kstride;
  } else if (d->acc2) {
    t->pend = 1u << d->cta; t->sel = d->vict ? caps_low(m->nc) : 0; t->case2 = 1; t->stride = d->d_stride;
    t->down = (uint32_t)!d->first_up;
    t->t = (d->first_up ? warp + 1 : warp - 1) & m->wid_mask;
    t->off = (d->first_up ? d->d_stride : 0u - d->d_stride) & m->addr_mask;
  }
  /* this edge's PerCTA writes */
  d->wa = d->alloc; d->wa_s = d->cta; d->wa_e = d->vict;
  d->wi = d->invalid; d->wi_s = d->cta; d->wi_e = d->p_e;
}

/* ---------------------------------------------------------------- PIPE=1 */

/* X: the stride check, k x stride and the Case 1 search of the load registered at the end of
** its L cycle; its table writes (an invalidation, a learnt stride) land at this edge */
static void caps_decide_x(const caps_model *m, uint32_t flush, caps_dec *d) {
  const caps_stage_x *x = &m->x;
  const uint32_t cw = x->cw;
  const int R = m->r, WB = (int)m->p.WID_BITS;
  const uint32_t kmask = caps_low(WB + 1);
  d->x_go = x->valid && !flush;   /* a flush cancels the loads in flight */
  int kzero = x->k == 0, kp1 = x->k == 1, km1 = x->k == kmask;
  int all_eq = 1;
  for (int i = 1; i < R; i++)
    if (!(x->n <= (uint32_t)i || x->diff[i] == x->diff[0])) all_eq = 0;
  d->x_learn = d->x_go && x->hit && !x->dhit && !kzero;
  d->x_inval = d->x_learn && !(x->samen && all_eq);
  d->x_stride = d->x_learn && x->samen && all_eq && (kp1 || km1);
  d->x_nstride = (kp1 ? x->diff[0] : 0u - x->diff[0]) & m->addr_mask;
  d->x_verify = x->hit && x->dhit;
  /* DIST as every older load left it */
  d->x_dstride = m->dist[x->de].stride;
  d->x_dlcta = m->dist[x->de].lcta;
  d->x_dv = m->dist[0].pc == 0 ? 0 : m->dist[1].pc == 0 ? 1 : (int)m->dist_lru;
  d->x_kst = caps_kstride(m, x->k, d->x_dstride);
  /* Case 1: every other slot's tables as every older load left them */
  int ks = (x->k >> WB & 1) ? (int)x->k - (1 << (WB + 1)) : (int)x->k;
  for (int s = 0; s < m->nc; s++) {
    const caps_pct_entry *e = m->pct[s];
    int mh = e[0].pc == x->pc || e[1].pc == x->pc, ms = e[1].pc == x->pc;
    if (ms) d->x_msel |= 1u << s;
    int t = (int)e[ms].lead + ks;
    if (mh && s != (int)x->cta && t >= 0 && (uint32_t)t < cw) d->x_c1 |= 1u << s;
  }
  d->x_first_up = x->warp + 1 < cw;
  d->x_pend = x->hit ? d->x_c1 : x->relaunch ? 0 : 1u << x->cta;   /* relaunched: its entry is gone */
  d->x_sel = x->hit ? d->x_msel : (x->vict ? caps_low(m->nc) : 0);
}

/* V: verification, throttle and trigger of the load registered at the end of its X cycle;
** the counter is read as every older load left it */
static void caps_decide_v(const caps_model *m, uint32_t flush, caps_dec *d) {
  const caps_stage_v *v = &m->v;
  const int R = m->r;
  d->v_go = v->valid && !flush;
  d->v_verify = d->v_go && v->hit && v->dhit;
  if (d->v_verify)
    for (int i = 0; i < R; i++) {
      int pv = v->pn > (uint32_t)i, dv = v->n > (uint32_t)i;
      if (pv != dv || (pv && v->diff[i] != v->kst)) d->nmis++;   /* demand - base != k x stride */
    }
  d->v_dmis = m->dist[v->de].mis;
  uint32_t sum = d->v_dmis + d->nmis;
  d->mis_new = sum > m->mis_max ? m->mis_max : sum;
  d->alloc = d->v_go && !v->hit;
  d->throttled = (d->v_verify && d->mis_new > m->th) || (d->alloc && v->dhit && d->v_dmis > m->th);
  d->target = d->v_go;
  d->hit = d->v_go && v->hit;
  d->dhit = d->v_go && v->dhit;
  d->evict = d->v_go && v->evict;
  d->stride_ev = d->v_go && v->stride;
  d->invalid = d->v_go && v->inval;
  d->want1 = d->stride_ev || (d->v_verify && v->k != 0 && d->mis_new <= m->th && v->cta == v->dlcta);
  d->want2 = d->alloc && v->dhit && d->v_dmis <= m->th;
  d->acc1 = d->want1 && v->c1any;
  d->acc2 = d->want2 && v->cw >= 2 && !v->relaunch;
}

/* L: the arriving load's lookup, with the X load's writes of this edge forwarded */
static void caps_decide_l(const caps_model *m, const caps_in *in, uint32_t cw, caps_dec *d) {
  const int R = m->r, WB = (int)m->p.WID_BITS, CB = caps_clog2(m->p.NCTA);
  const uint32_t kmask = caps_low(WB + 1), cbm = caps_low(CB);
  const caps_stage_x *x = &m->x;
  uint32_t pc = in->ld_pc & m->pc_mask, cta = in->ld_cta & cbm, warp = in->ld_warp & m->wid_mask;
  uint32_t n = in->ld_n & 63u;
  d->l_tgt = (in->ld_valid & 1) && !(in->flush & 1) && pc != 0 && n >= 1 && n <= (uint32_t)R &&
             cta < (uint32_t)m->nc && warp < cw;
  if (!d->l_tgt) return;
  d->cta = (int)cta;
  const caps_pct_entry *ce = m->pct[cta];
  int fi0 = d->x_inval && x->cta == cta && !x->pe, fi1 = d->x_inval && x->cta == cta && x->pe;
  d->l_m1 = ce[1].pc == pc;
  int hit0 = ce[0].pc == pc && !fi0, hit1 = d->l_m1 && !fi1;
  d->l_hit = hit0 || hit1;
  const caps_pct_entry *p = &ce[d->l_m1];
  d->l_k = (warp - p->lead) & kmask;
  for (int i = 0; i < R; i++)
    d->l_diff[i] = (caps_get_addr(in->ld_addr, i, (int)m->p.ADDR_BITS) - p->base[i]) & m->addr_mask;
  d->l_samen = n == p->n;
  d->l_pn = p->n;
  /* DIST, with the stride the X load learns at this edge */
  int dh[2];
  for (int e = 0; e < 2; e++) dh[e] = (d->x_stride && d->x_dv == e) ? x->pc == pc : m->dist[e].pc == pc;
  d->l_dhit = dh[0] || dh[1];
  d->l_de = dh[1];
  /* a miss allocates at this edge: a free entry (the X load's invalidation frees one), else the older */
  int free0 = ce[0].pc == 0 || fi0, free1 = ce[1].pc == 0 || fi1;
  d->l_vict = free0 ? 0 : free1 ? 1 : (int)m->pct_lru[cta];
  d->l_evict = !d->l_hit && !free0 && !free1;
}

static void caps_decide_pipe(const caps_model *m, const caps_in *in, caps_dec *d) {
  const int WB = (int)m->p.WID_BITS;
  const uint32_t kmask = caps_low(WB + 1);
  uint32_t flush = in->flush & 1, cw = in->cta_warps & kmask;
  if (cw > (1u << WB)) cw = 1u << WB;
  d->cta = 0;
  d->l_tgt = d->l_hit = d->l_m1 = d->l_dhit = d->l_de = d->l_vict = d->l_evict = d->l_samen = 0;
  d->l_k = d->l_pn = 0;
  d->x_c1 = d->x_msel = 0;
  caps_decide_x(m, flush, d);
  caps_decide_v(m, flush, d);
  caps_decide_l(m, in, cw, d);
  /* this edge's PerCTA writes: L's allocation, X's invalidation */
  d->wa = d->l_tgt && !d->l_hit; d->wa_s = d->cta; d->wa_e = d->l_vict;
  d->wi = d->x_inval; d->wi_s = (int)m->x.cta; d->wi_e = (int)m->x.pe;
  d->x_kill = caps_kill(m, d, d->x_sel);
  /* the V load's trigger, its fields whether or not it is accepted (as the RTL: the accept comes
  ** late); this edge's rewrites stop its slots */
  caps_trig *t = &d->t;
  const caps_stage_v *v = &m->v;
  t->pend = v->pend & ~caps_kill(m, d, v->sel); t->sel = v->sel;
  t->case2 = !v->hit; t->k = v->k & m->wid_mask; t->down = v->c2down; t->t = v->c2t; t->stride = v->dstride;
  t->off = v->hit ? (v->stride ? v->diff[0] : v->kst) : ((v->c2down ? 0u - v->dstride : v->dstride) & m->addr_mask);
}

/* ---------------------------------------------------------------- both */

static void caps_decide(const caps_model *m, const caps_in *in, caps_dec *d) {
  const int R = m->r, WB = (int)m->p.WID_BITS, CB = caps_clog2(m->p.NCTA);
  const int NRB = caps_bits_for(R);
  const uint32_t kmask = caps_low(WB + 1), cbm = caps_low(CB);
  /* the fields only some paths set start at 0; every other field is set below on every path
  ** (a memset of the whole decision was a fifth of the step) */
  d->k = d->diff0 = d->new_stride = d->kstride = d->nmis = 0;
  d->target = d->hit = d->dhit = d->alloc = d->evict = d->throttled = 0;
  d->k_zero = d->learn = d->invalid = d->stride_ev = d->verify = d->vict = 0;
  d->launch_oh = d->c1_vec = d->m_sel = 0;
  d->cs = d->emit = d->last = d->cur_killed = d->up_more = 0;
  d->cur_lead = d->cur_n = d->tgt = d->grp = d->push = 0;
  memset(&d->t, 0, sizeof d->t);
  uint32_t flush = in->flush & 1, launch = in->launch & 1;
  uint32_t launch_cta = in->launch_cta & cbm, cta_warps = in->cta_warps & kmask;
  if (cta_warps > (1u << WB)) cta_warps = 1u << WB;   /* the id field's limit */
  for (int s = 0; s < m->nc; s++)
    if (launch && launch_cta == (uint32_t)s) d->launch_oh |= 1u << s;
  if (m->pipe) caps_decide_pipe(m, in, d);
  else caps_decide_flat(m, in, d);

  /* the generator takes a trigger at once when idle with nothing queued; else it queues (the
  ** queue's head leaves for the generator in the same edge when the generator is idle) */
  d->busy = m->g_pend != 0;
  d->load_tq = !d->busy && m->tq_count != 0 && !flush;
  d->direct = !d->busy && m->tq_count == 0;
  int room = m->tq_count - (uint32_t)d->load_tq < (uint32_t)m->q;
  d->push_tq = (d->acc1 || d->acc2) && !d->direct && room;
  d->drop = (d->acc1 || d->acc2) && !d->direct && !room;
  d->trig1 = d->acc1 && !d->drop;
  d->trig2 = d->acc2 && !d->drop;

  /* the generator */
  d->kill = caps_kill(m, d, m->g_sel);
  d->pend_next = m->g_pend & ~d->kill;
  for (uint32_t j = 0; j < m->tq_count; j++)
    d->tq_kill[j] = caps_kill(m, d, m->tq[(m->tq_head + j) % (uint32_t)m->q].sel);
  if (d->busy) {
    int s = 0;
    while (!(m->g_pend >> s & 1)) s++;
    d->cs = s;
    const caps_pct_entry *e = &m->pct[s][m->g_sel >> s & 1];
    d->cur_lead = e->lead;
    d->cur_n = e->n;
    d->tgt = m->g_case2 ? m->g_t : (e->lead + m->g_k) & m->wid_mask;
    uint32_t rem = (e->n - m->g_ri) & caps_low(NRB);
    d->grp = rem > (uint32_t)m->g ? (uint32_t)m->g : rem;
    d->emit = d->grp <= (uint32_t)m->d - m->count;
    d->last = rem <= (uint32_t)m->g;
    d->push = d->emit ? d->grp : 0;
    for (int j = 0; j < m->g; j++) {
      uint32_t idx = m->g_ri + (uint32_t)j;
      uint32_t b = idx < (uint32_t)R ? e->base[idx] : 0;
      d->gaddr[j] = (b + m->g_off) & m->addr_mask;
    }
    d->cur_killed = (int)(d->kill >> s & 1);
    d->up_more = m->g_t + 1 < cta_warps;
    if (d->emit && d->last && !d->cur_killed) {
      if (!m->g_case2) d->pend_next &= ~(1u << s);
      else if (m->g_down ? m->g_t == 0 : (!d->up_more && e->lead == 0)) d->pend_next = 0;
    }
  }
  if (flush) d->pend_next = 0;
  d->pop = m->count != 0 && (in->pf_ready & 1);
}

static void caps_outputs(const caps_model *m, const caps_in *in, const caps_dec *d, caps_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  out->pf_valid = m->count != 0;
  if (m->count) {
    out->pf_addr = m->f[m->head].addr;
    out->pf_cta = m->f[m->head].cta;
    out->pf_warp = m->f[m->head].warp;
  }
  out->pf_count = m->count;
  out->pf_push = d->push;
  out->gen_busy = (uint32_t)d->busy;
  out->gen_case2 = (uint32_t)(d->busy && m->g_case2);
  out->gen_stall = (uint32_t)(d->busy && !d->emit);
  out->ld_target = (uint32_t)d->target;
  out->ld_hit = (uint32_t)d->hit;
  out->ld_dist_hit = (uint32_t)d->dhit;
  out->ev_lead = (uint32_t)d->alloc;
  out->ev_evict = (uint32_t)d->evict;
  out->ev_stride = (uint32_t)d->stride_ev;
  out->ev_invalid = (uint32_t)d->invalid;
  out->ev_mispred = d->nmis;
  out->ev_throttled = (uint32_t)d->throttled;
  out->trig_case1 = (uint32_t)d->trig1;
  out->trig_case2 = (uint32_t)d->trig2;
  out->trig_drop = (uint32_t)d->drop;
  out->tq_count = m->tq_count;
}

/* PIPE=0: the tables at the edge of the load's cycle */
static void caps_apply_tables_flat(caps_model *m, const caps_in *in, const caps_dec *d) {
  const uint32_t flush = in->flush & 1, pc = in->ld_pc & m->pc_mask;
  const uint32_t warp = in->ld_warp & m->wid_mask;
  for (int s = 0; s < m->nc; s++) {
    if (flush || (d->launch_oh >> s & 1)) {
      m->pct[s][0].pc = m->pct[s][1].pc = 0;
      m->pct_lru[s] = 0;
      continue;
    }
    if (s != d->cta) continue;
    if (d->alloc) {
      caps_pct_entry *e = &m->pct[s][d->vict];
      e->pc = pc; e->lead = warp; e->n = (in->ld_n & 63u) & caps_low(caps_bits_for(m->r));
      for (int i = 0; i < m->r; i++) e->base[i] = d->a[i];
      m->pct_lru[s] = (uint32_t)!d->vict;
    } else if (d->invalid) {
      m->pct[s][d->p_e].pc = 0;
    }
  }
  if (flush) {
    m->dist[0].pc = m->dist[1].pc = 0;
    m->dist_lru = 0;
  } else if (d->stride_ev) {
    int v = m->dist[0].pc == 0 ? 0 : m->dist[1].pc == 0 ? 1 : (int)m->dist_lru;
    m->dist[v].pc = pc; m->dist[v].stride = d->new_stride; m->dist[v].mis = 0; m->dist[v].lcta = (uint32_t)d->cta;
    m->dist_lru = (uint32_t)!v;
  } else if (d->verify) {
    m->dist[d->d_e].mis = d->mis_new;
    m->dist_lru = (uint32_t)!d->d_e;
  }
}

/* PIPE=1: L's allocation, X's invalidation and stride, V's counter; then the stages move on */
static void caps_apply_pipe(caps_model *m, const caps_in *in, const caps_dec *d) {
  const uint32_t flush = in->flush & 1, pc = in->ld_pc & m->pc_mask;
  const uint32_t warp = in->ld_warp & m->wid_mask;
  const int CB = caps_clog2(m->p.NCTA), WB = (int)m->p.WID_BITS;
  uint32_t cw = in->cta_warps & caps_low(WB + 1);
  if (cw > (1u << WB)) cw = 1u << WB;
  const caps_stage_x *x = &m->x;
  for (int s = 0; s < m->nc; s++) {
    if (flush || (d->launch_oh >> s & 1)) {
      m->pct[s][0].pc = m->pct[s][1].pc = 0;
      m->pct_lru[s] = 0;
      continue;
    }
    if (d->wi && d->wi_s == s) m->pct[s][d->wi_e].pc = 0;   /* X: not striding */
    if (d->wa && d->wa_s == s) {                           /* L: the younger load's allocation wins */
      m->pct[s][d->wa_e].pc = pc;
      m->pct_lru[s] = (uint32_t)!d->wa_e;
    }
  }
  if (d->wa) {   /* the payload, also under a launch or flush (as the RTL: read only while valid) */
    caps_pct_entry *e = &m->pct[d->wa_s][d->wa_e];
    e->lead = warp; e->n = (in->ld_n & 63u) & caps_low(caps_bits_for(m->r));
    for (int i = 0; i < m->r; i++) e->base[i] = caps_get_addr(in->ld_addr, i, (int)m->p.ADDR_BITS);
  }
  if (flush) {
    m->dist[0].pc = m->dist[1].pc = 0;
    m->dist_lru = 0;
  } else {
    if (d->v_verify) m->dist[m->v.de].mis = d->mis_new;
    if (d->x_stride) {
      int v = d->x_dv;
      m->dist[v].pc = x->pc; m->dist[v].stride = d->x_nstride; m->dist[v].mis = 0; m->dist[v].lcta = x->cta;
      m->dist_lru = (uint32_t)!v;
    } else if (d->x_go && d->x_verify) m->dist_lru = (uint32_t)!x->de;
  }
  /* X -> V */
  caps_stage_v *v = &m->v;
  v->valid = (uint32_t)d->x_go;
  v->cta = x->cta; v->k = x->k; v->n = x->n; v->pn = x->pn;
  memcpy(v->diff, x->diff, sizeof v->diff);
  v->kst = d->x_kst; v->hit = x->hit; v->dhit = x->dhit; v->de = x->de; v->evict = x->evict;
  v->stride = (uint32_t)d->x_stride; v->inval = (uint32_t)d->x_inval; v->dlcta = d->x_dlcta;
  v->pend = d->x_pend & ~d->x_kill; v->sel = d->x_sel; v->c1any = d->x_c1 != 0; v->relaunch = x->relaunch;
  v->c2t = (d->x_first_up ? x->warp + 1 : x->warp - 1) & m->wid_mask;
  v->c2down = (uint32_t)!d->x_first_up; v->dstride = d->x_dstride; v->cw = x->cw;
  /* L -> X */
  caps_stage_x *nx = &m->x;
  nx->valid = (uint32_t)d->l_tgt;
  if (d->l_tgt) {
    nx->pc = pc; nx->cta = in->ld_cta & caps_low(CB); nx->warp = warp;
    nx->hit = (uint32_t)d->l_hit; nx->pe = (uint32_t)d->l_m1; nx->dhit = (uint32_t)d->l_dhit; nx->de = (uint32_t)d->l_de;
    nx->vict = (uint32_t)d->l_vict; nx->evict = (uint32_t)d->l_evict; nx->k = d->l_k & caps_low(WB + 1);
    memcpy(nx->diff, d->l_diff, sizeof nx->diff);
    nx->samen = (uint32_t)d->l_samen; nx->n = (in->ld_n & 63u) & caps_low(caps_bits_for(m->r)); nx->pn = d->l_pn;
    nx->relaunch = (d->launch_oh >> nx->cta) & 1;
    nx->cw = cw;
  }
}

/* D is read through its pointer: a local copy of the decision was a block move every cycle */
static void caps_apply(caps_model *m, const caps_in *in, const caps_dec *d) {
  const int RIB = caps_clog2(m->r);
  const uint32_t flush = in->flush & 1;

  /* the trigger queue: this edge's rewrites stop the queued triggers' slots too */
  for (uint32_t j = 0; j < m->tq_count; j++) m->tq[(m->tq_head + j) % (uint32_t)m->q].pend &= ~d->tq_kill[j];
  const caps_trig *ld = NULL;
  caps_trig head;
  if (d->load_tq) { head = m->tq[m->tq_head]; ld = &head; }
  else if (d->direct && (d->acc1 || d->acc2)) ld = &d->t;

  /* generator (reads the tables before this edge's writes) */
  if (!d->busy) {
    m->g_ri = 0;
    if (ld && !ld->case2) {
      m->g_pend = ld->pend; m->g_sel = ld->sel; m->g_case2 = 0; m->g_down = 0; m->g_k = ld->k; m->g_off = ld->off;
    } else if (ld) {
      m->g_pend = ld->pend; m->g_sel = ld->sel; m->g_case2 = 1; m->g_stride = ld->stride; m->g_k = 0;
      m->g_down = ld->down; m->g_t = ld->t; m->g_off = ld->off;
    }
  } else {
    /* the FIFO write uses this cycle's group, before the generator moves on */
    for (uint32_t j = 0; j < d->push; j++) {
      caps_pf *f = &m->f[(m->tail + j) % (uint32_t)m->d];
      f->addr = d->gaddr[j]; f->cta = (uint32_t)d->cs; f->warp = d->tgt;
    }
    m->g_pend = d->pend_next;
    if (flush || d->cur_killed || (d->emit && d->last)) m->g_ri = 0;
    else if (d->emit) m->g_ri = (m->g_ri + (uint32_t)m->g) & caps_low(RIB);
    if (d->emit && d->last && m->g_case2) {
      if (!m->g_down && d->up_more) {
        m->g_t = (m->g_t + 1) & m->wid_mask; m->g_off = (m->g_off + m->g_stride) & m->addr_mask;
      } else if (!m->g_down) {
        m->g_down = 1; m->g_t = (d->cur_lead - 1) & m->wid_mask; m->g_off = (0u - m->g_stride) & m->addr_mask;
      } else {
        m->g_t = (m->g_t - 1) & m->wid_mask; m->g_off = (m->g_off - m->g_stride) & m->addr_mask;
      }
    }
  }

  /* trigger queue pointers */
  if (flush) m->tq_head = m->tq_count = 0;
  else {
    if (d->load_tq) { m->tq_head = (m->tq_head + 1) % (uint32_t)m->q; m->tq_count--; }
    if (d->push_tq) { m->tq[(m->tq_head + m->tq_count) % (uint32_t)m->q] = d->t; m->tq_count++; }
  }

  /* FIFO pointers */
  m->tail = (m->tail + d->push) % (uint32_t)m->d;
  if (d->pop) m->head = (m->head + 1) % (uint32_t)m->d;
  m->count = m->count + d->push - (uint32_t)d->pop;

  if (m->pipe) caps_apply_pipe(m, in, d);
  else caps_apply_tables_flat(m, in, d);
}

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(caps, caps_dec, caps_decide);
