/*
** caps.c -- C reference model of block 'caps', the CTA-aware prefetcher
** (see caps.h and docs/blocks/caps.md).  The combinational decisions of a
** cycle (lookup, stride check, verification, triggers, the generator's
** group, the FIFO's push and pop) are computed once, by caps_decide(), for
** both eval and tick, so the two cannot disagree.
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
  m->pc_mask = caps_low((int)p->PC_BITS);
  m->addr_mask = caps_low((int)p->ADDR_BITS);
  m->wid_mask = caps_low((int)p->WID_BITS);
  m->mis_max = caps_low((int)p->MISP_W);
  m->th = (uint32_t)p->THRESH;
  caps_reset(m);
  return 0;
}

/* Reset frees every entry (PC 0) and empties the generator and the FIFO;
** payload fields keep their values, as in the RTL (never read while free). */
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
}

typedef struct caps_dec {
  /* the load */
  int target, cta, hit, p_e, dhit, d_e, learn, invalid, stride_ev, verify, alloc, vict, evict;
  int k_zero, throttled, want1, want2, trig1, trig2, drop;
  int acc1, acc2, direct, push_tq, load_tq;   /* a trigger to take; taken at once; queued; the queue's head loaded */
  uint32_t d_lcta;
  uint32_t tq_kill[CAPS_MAX_TQ];              /* per queued trigger: slots whose entries this cycle rewrites */
  uint32_t a[CAPS_MAX_REQS], k, diff0, new_stride, kstride, nmis, mis_new, d_mis, d_stride;
  uint32_t c1_vec, m_sel, launch_oh;
  int first_up;
  /* the generator */
  int busy, cs, emit, last, cur_killed, up_more;
  uint32_t kill, pend_next, grp, push, tgt, cur_lead, cur_n, gaddr[CAPS_MAX_REQS];
  int pop;
} caps_dec;

/* The slots whose selected PerCTA entries (SEL: one bit per slot) this cycle's load rewrites
** (allocation, invalidation) or whose slot is launched: the generator's and every waiting
** trigger's prefetches for them stop. */
static uint32_t caps_kill(const caps_model *m, const caps_dec *d, uint32_t cta, uint32_t sel_mask) {
  uint32_t kill = 0;
  for (int s = 0; s < m->nc; s++) {
    int sel = (int)(sel_mask >> s & 1);
    int wr = (int)cta == s && ((d->alloc && d->vict == sel) || (d->invalid && d->p_e == sel));
    if ((d->launch_oh >> s & 1) || wr) kill |= 1u << s;
  }
  return kill;
}

static void caps_decide(const caps_model *m, const caps_in *in, caps_dec *d) {
  const int R = m->r, WB = (int)m->p.WID_BITS, CB = caps_clog2(m->p.NCTA);
  const int NRB = caps_bits_for(R);
  const uint32_t kmask = caps_low(WB + 1), cbm = caps_low(CB);
  /* the fields only some paths set start at 0; every other field is set below on every path
  ** (a memset of the whole decision was a fifth of the step) */
  d->k = d->diff0 = d->new_stride = d->kstride = d->nmis = 0;
  d->k_zero = d->learn = d->invalid = d->stride_ev = d->verify = d->vict = d->evict = 0;
  d->launch_oh = d->c1_vec = d->m_sel = 0;
  d->cs = d->emit = d->last = d->cur_killed = d->up_more = 0;
  d->cur_lead = d->cur_n = d->tgt = d->grp = d->push = 0;
  uint32_t flush = in->flush & 1, launch = in->launch & 1;
  uint32_t launch_cta = in->launch_cta & cbm, cta_warps = in->cta_warps & kmask;
  if (cta_warps > (1u << WB)) cta_warps = 1u << WB;   /* the id field's limit */
  uint32_t pc = in->ld_pc & m->pc_mask, cta = in->ld_cta & cbm, warp = in->ld_warp & m->wid_mask;
  uint32_t n = in->ld_n & 63u;
  for (int s = 0; s < m->nc; s++)
    if (launch && launch_cta == (uint32_t)s) d->launch_oh |= 1u << s;
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
    int ks = (d->k >> WB & 1) ? (int)d->k - (1 << (WB + 1)) : (int)d->k;
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
    d->kstride = (uint32_t)((uint64_t)(uint32_t)ks * d->d_stride) & m->addr_mask;
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
  d->busy = m->g_pend != 0;
  /* Case 1 only for the trailing warps of the leading CTA: the slot the stride was learnt in (4.3) */
  d->want1 = d->stride_ev || (d->verify && !d->k_zero && d->mis_new <= m->th && cta == d->d_lcta);
  d->want2 = d->alloc && d->dhit && d->d_mis <= m->th;
  d->acc1 = d->want1 && d->c1_vec != 0;
  d->acc2 = d->want2 && cta_warps >= 2 && !(launch && launch_cta == cta);
  /* the generator takes a trigger at once when idle with nothing queued; else it queues (the
  ** queue's head leaves for the generator in the same edge when the generator is idle) */
  d->load_tq = !d->busy && m->tq_count != 0 && !flush;
  d->direct = !d->busy && m->tq_count == 0;
  int room = m->tq_count - (uint32_t)d->load_tq < (uint32_t)m->q;
  d->push_tq = (d->acc1 || d->acc2) && !d->direct && room;
  d->drop = (d->acc1 || d->acc2) && !d->direct && !room;
  d->trig1 = d->acc1 && !d->drop;
  d->trig2 = d->acc2 && !d->drop;
  d->first_up = warp + 1 < cta_warps;

  /* the generator */
  d->kill = caps_kill(m, d, cta, m->g_sel);
  d->pend_next = m->g_pend & ~d->kill;
  for (uint32_t j = 0; j < m->tq_count; j++)
    d->tq_kill[j] = caps_kill(m, d, cta, m->tq[(m->tq_head + j) % (uint32_t)m->q].sel);
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

/* D is read through its pointer: a local copy of the decision was a block move every cycle */
static void caps_apply(caps_model *m, const caps_in *in, const caps_dec *d) {
  (void)in;
  const int RIB = caps_clog2(m->r);
  const uint32_t flush = in->flush & 1, pc = in->ld_pc & m->pc_mask;
  const uint32_t warp = in->ld_warp & m->wid_mask;

  /* this cycle's trigger, as the generator takes it */
  caps_trig t;
  memset(&t, 0, sizeof t);
  if (d->acc1) {
    t.pend = d->c1_vec; t.sel = d->m_sel; t.k = d->k & m->wid_mask;
    t.off = d->stride_ev ? d->diff0 : d->kstride;
  } else if (d->acc2) {
    t.pend = 1u << d->cta; t.sel = d->vict ? caps_low(m->nc) : 0; t.case2 = 1; t.stride = d->d_stride;
    t.down = (uint32_t)!d->first_up;
    t.t = (d->first_up ? warp + 1 : warp - 1) & m->wid_mask;
    t.off = (d->first_up ? d->d_stride : 0u - d->d_stride) & m->addr_mask;
  }
  /* the trigger queue: this edge's rewrites stop the queued triggers' slots too */
  for (uint32_t j = 0; j < m->tq_count; j++) m->tq[(m->tq_head + j) % (uint32_t)m->q].pend &= ~d->tq_kill[j];
  const caps_trig *ld = NULL;
  caps_trig head;
  if (d->load_tq) { head = m->tq[m->tq_head]; ld = &head; }
  else if (d->direct && (d->acc1 || d->acc2)) ld = &t;

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
    if (d->push_tq) { m->tq[(m->tq_head + m->tq_count) % (uint32_t)m->q] = t; m->tq_count++; }
  }

  /* FIFO pointers */
  m->tail = (m->tail + d->push) % (uint32_t)m->d;
  if (d->pop) m->head = (m->head + 1) % (uint32_t)m->d;
  m->count = m->count + d->push - (uint32_t)d->pop;

  /* PerCTA tables */
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
  /* DIST */
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

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(caps, caps_dec, caps_decide);
