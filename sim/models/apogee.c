/*
** apogee.c -- C reference model of block 'apogee' (see apogee.h and
** docs/blocks/apogee.md).  Everything a cycle decides -- the table look-up,
** the FOA offset check, confidence, distance, TIA, the victim, the
** generator and queue handshakes -- is computed once by apogee_decide()
** from the registers and the inputs, for both eval and tick, so the two
** cannot disagree.  Arithmetic on addresses is modulo 2^ADDR_BITS, as in
** the RTL.
**
** PIPE=1 (docs/blocks/apogee.md, "The pipeline"): a load is decided
** APOGEE_PIPE_STAGES + 1 cycles after it arrives, by the same rules on the
** table as it is then, with three differences the RTL's timing makes: the
** victim is picked in the cycle before (by the rules of ap_lookup), an FOA
** entry keeps G instead of its last lane's address (the recomputed address
** of the distance rule without a multiply), and a started burst waits a
** cycle in the report before the generator walks it.  The outputs are the
** decision's, registered: they show one cycle after it.
*/
#include "apogee.h"
#include "models.h"

#include <string.h>

static uint32_t ap_low(int bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }
static int ap_log2(int64_t v) { int n = 0; while (((int64_t)1 << n) < v) n++; return n; }

int apogee_init(apogee_model *m, const apogee_params *p) {
  /* the descriptor's ranges (apogee_io.h), then its cross-parameter rules */
  if (apogee_params_check(p, NULL, 0) || p->OFF_BITS >= p->ADDR_BITS || p->LINE_BITS >= p->ADDR_BITS) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->E = (int)p->ENTRIES; m->W = (int)p->WARPS; m->T = (int)p->THREADS;
  m->AB = (int)p->ADDR_BITS; m->OB = (int)p->OFF_BITS; m->CB = (int)p->CONF_BITS;
  m->DB = (int)p->DIST_BITS; m->LB = (int)p->LINE_BITS; m->Q = (int)p->PFQ;
  m->WB = ap_log2(m->W);
  m->TLB = ap_log2(m->T);
  m->TALL = (1 << (m->TLB + 1)) - 1;
  m->amask = ap_low(m->AB);
  m->omask = ap_low(m->OB);
  m->pcmask = ap_low((int)p->PC_BITS);
  apogee_reset(m);
  return 0;
}

/* Reset clears every register (the RTL resets the whole table). */
void apogee_reset(apogee_model *m) {
  memset(m->e, 0, sizeof m->e);
  memset(m->lal, 0, sizeof m->lal);
  m->lal_v = 0;
  m->g_busy = m->g_cur = m->g_step = m->g_last = m->g_entry = m->g_warp = 0;
  memset(m->q_line, 0, sizeof m->q_line);
  memset(m->q_entry, 0, sizeof m->q_entry);
  memset(m->q_warp, 0, sizeof m->q_warp);
  memset(m->q_last, 0, sizeof m->q_last);
  m->q_count = 0;
  memset(m->pl, 0, sizeof m->pl);
  memset(&m->u, 0, sizeof m->u);
  m->u_vic = m->u_vok = m->u_vvalid = 0;
  memset(&m->r, 0, sizeof m->r);
  m->r_gcur = m->r_gstep = m->r_glast = m->r_gent = m->r_gw = 0;
  memset(m->cf_v, 0, sizeof m->cf_v); memset(m->cf_e, 0, sizeof m->cf_e); memset(m->cf_w, 0, sizeof m->cf_w);
  memset(m->cd_v, 0, sizeof m->cd_v); memset(m->cd_e, 0, sizeof m->cd_e); memset(m->cd_w, 0, sizeof m->cd_w);
}

/* x * (the OB-bit offset, sign-extended), modulo 2^AB */
static uint32_t ap_mul_off(const apogee_model *m, uint32_t x, uint32_t off) {
  int64_t so = (int64_t)(off & m->omask);
  if (so >> (m->OB - 1) & 1) so -= (int64_t)1 << m->OB;
  return (uint32_t)((uint64_t)x * (uint64_t)so) & m->amask;
}

/* the load a decision is about: this cycle's inputs (PIPE=0) or the table-cycle load (PIPE=1) */
typedef struct ap_load {
  uint32_t valid, pc, warp, mask, hit, n_warps;
  const uint32_t *addr;
} ap_load;

typedef struct ap_dec {
  int go, hit_f, pairs, learning, div_ok, all_match, scalar, confirmed, entry_ok;
  uint32_t w, pc, mask, f0, f1, ll, n_act, a_f0, a_ll;
  uint64_t foa_hit, tia_hit, lal_hit, adr_hit, vic_oh, fill_oh;
  int tia_any, lal_any, adr_any, lal_vw, vic_ok, vic_valid;
  uint32_t lal_w, hit_idx, vic_idx, tia_idx;
  uint32_t o_addr, o_off, o_conf, o_tidx, o_dist, o_pend, o_run, o_lw, nw;
  int t_slow;
  uint32_t t_addr;
  uint32_t ref_off, conf_new, off_new, tidx_new, dist_new;
  int judged, slow_ev, early_ev, dist_chg;
  uint32_t pf0, pfl, step;
  int foa_want, tia_want, foa_start, tia_start;
  int do_move, smiss, cre_ok, tia_refresh, tia_alloc, foa_alloc;
  uint32_t fw, de, dw;          /* the filled burst's warp; the dropped burst's entry and warp */
  int done_fill, done_drop;     /* a burst of (fill_entry, fill_warp) / (head entry, head warp) completes */
  /* generator and queue */
  uint32_t g_line;
  int g_end, merge, pop, push;
  /* PIPE=1 */
  int gen_free, upd_g;
  uint32_t g_new;
} ap_dec;

static void ap_decide_load(const apogee_model *m, const ap_load *ld, const apogee_in *in, ap_dec *d) {
  memset(d, 0, sizeof *d);
  const int T = m->T, AB = m->AB, OB = m->OB, E = m->E, pipe = (int)m->p.PIPE;
  d->w = ld->warp & (uint32_t)(m->W - 1);
  d->pc = ld->pc & m->pcmask;
  d->mask = ld->mask & ap_low(T);
  d->go = (ld->valid & 1) && d->mask != 0;
  d->pairs = (d->mask & (d->mask - 1)) != 0;
  /* first, second, last active lane (0 when none) */
  int k = 0;
  for (int j = 0; j < T; j++)
    if (d->mask >> j & 1) {
      if (k == 0) d->f0 = (uint32_t)j;
      else if (k == 1) d->f1 = (uint32_t)j;
      d->ll = (uint32_t)j;
      k++;
    }
  d->n_act = (uint32_t)k;
  d->a_f0 = d->mask ? apogee_get_addr(ld->addr, (int)d->f0, AB) : 0;
  uint32_t a_f1 = d->pairs ? apogee_get_addr(ld->addr, (int)d->f1, AB) : 0;
  d->a_ll = d->mask ? apogee_get_addr(ld->addr, (int)d->ll, AB) : 0;

  /* look-up */
  d->lal_w = m->lal[d->w];
  d->lal_vw = (int)(m->lal_v >> d->w & 1);
  for (int i = 0; i < E; i++) {
    const apogee_entry *e = &m->e[i];
    uint64_t b = (uint64_t)1 << i;
    if (e->type == 1 && e->pc == d->pc) { d->foa_hit |= b; d->hit_idx |= (uint32_t)i; }
    if (e->type == 2 && e->pc == d->pc) { d->tia_hit |= b; d->tia_idx |= (uint32_t)i; }
    if (e->type == 2 && e->pc == d->lal_w) d->lal_hit |= b;
    if (e->type == 2 && e->addr == d->a_f0) d->adr_hit |= b;
  }
  d->hit_f = d->foa_hit != 0;
  d->tia_any = d->tia_hit != 0;
  d->lal_any = d->lal_vw && d->lal_hit != 0;
  d->adr_any = d->adr_hit != 0;
  for (int i = 0; i < E; i++) {
    const apogee_entry *e = &m->e[i];
    if (d->foa_hit >> i & 1) {
      d->o_addr |= e->addr; d->o_off |= e->off; d->o_conf |= e->conf; d->o_tidx |= e->tidx;
      d->o_dist |= e->dist; d->o_lw |= e->lw;
      d->o_pend |= e->pend[d->w]; d->o_run |= e->run[d->w];
    }
    if (d->tia_hit >> i & 1) { d->t_addr |= e->addr; d->t_slow |= (int)e->slow; }
  }

  /* victim: not hit by this load; invalid first, else the lowest confidence, lowest index
  ** (PIPE=1: picked by the look-up a cycle earlier, ap_lookup) */
  if (pipe) {
    d->vic_ok = (int)m->u_vok;
    d->vic_idx = m->u_vic;
    d->vic_valid = (int)m->u_vvalid;
    if (d->vic_ok) d->vic_oh = (uint64_t)1 << d->vic_idx;
  } else {
    uint32_t best = 0;
    for (int i = 0; i < E; i++) {
      if ((d->foa_hit | d->tia_hit) >> i & 1) continue;
      uint32_t key = ((uint32_t)(m->e[i].type != 0) << m->CB) | m->e[i].conf;
      if (!d->vic_ok || key < best) { d->vic_ok = 1; d->vic_idx = (uint32_t)i; best = key; }
    }
    if (d->vic_ok) {
      d->vic_oh = (uint64_t)1 << d->vic_idx;
      d->vic_valid = m->e[d->vic_idx].type != 0;
    }
  }

  /* FOA: the first pair's ratio (exact, within OB signed bits) */
  uint32_t dlt = (a_f1 - d->a_f0) & m->amask;
  int neg = (int)(dlt >> (AB - 1) & 1);
  uint32_t mag = neg ? (uint32_t)(-dlt) & m->amask : dlt;
  uint32_t dtid = (d->f1 - d->f0) & ap_low(m->TLB);
  uint32_t q = 0, rem = 1;
  int in_range = dtid != 0 && (uint64_t)mag < ((uint64_t)dtid << OB);
  if (in_range) { q = mag / dtid; rem = mag % dtid; }
  d->div_ok = in_range && rem == 0 && (neg ? q <= (1u << (OB - 1)) : q < (1u << (OB - 1)));
  uint32_t q1 = (neg ? (uint32_t)(-q) : q) & m->omask;

  d->learning = !d->hit_f || (d->o_conf == 0 && d->o_off == 0);   /* no offset: learn from the first pair */
  d->ref_off = d->learning ? q1 : d->o_off;
  int ref_ok = d->learning ? d->div_ok : 1;
  uint32_t base = (d->a_f0 - ap_mul_off(m, d->f0, d->ref_off)) & m->amask;
  int lanes_ok = 1;
  for (int j = 0; j < T; j++)
    if ((d->mask >> j & 1) &&
        apogee_get_addr(ld->addr, j, AB) != ((base + ap_mul_off(m, (uint32_t)j, d->ref_off)) & m->amask))
      lanes_ok = 0;
  d->all_match = d->pairs && ref_ok && lanes_ok;
  uint32_t cmax = ap_low(m->CB);
  if (!d->pairs) d->conf_new = d->hit_f ? d->o_conf : 0;
  else if (!d->all_match) d->conf_new = 0;   /* a mismatch resets the confidence */
  else {
    uint32_t sum = (d->hit_f ? d->o_conf : 0) + d->n_act - 1 - (uint32_t)d->learning;
    d->conf_new = sum > cmax ? cmax : sum;
  }
  /* the offset checked; a mismatch clears it, so the next access learns again */
  d->off_new = !d->pairs ? (d->hit_f ? d->o_off : 0) : d->all_match ? d->ref_off : 0;
  d->scalar = d->all_match && d->ref_off == 0;
  d->tidx_new = d->scalar ? (uint32_t)m->TALL : d->ll;
  d->confirmed = d->all_match && d->conf_new != 0 && d->conf_new + 2 >= d->n_act && d->ref_off != 0;
  d->entry_ok = d->hit_f || d->vic_ok;

  /* dynamic distance, judged on the burst meant for this access: it left with this warp's load
  ** d loads ago, so it exists when the warp's last d loads all sent bursts at this distance
  ** (run >= d) and is back unless d or more of the warp's bursts are pending (they complete in order) */
  d->judged = d->hit_f && d->o_run >= d->o_dist;
  d->slow_ev = d->judged && d->o_pend >= d->o_dist;
  uint32_t nwi = ld->n_warps & ap_low(ap_log2((int64_t)m->W + 1));   /* the port's bits */
  d->nw = (nwi == 0 || nwi > (uint32_t)m->W) ? (uint32_t)m->W : nwi;
  int early_at;
  if (!pipe) {
    /* warp w runs k = w - lw warps after the entry's last access (+ n_warps: the next iteration) */
    uint32_t kk = (d->w - d->o_lw + (d->w > d->o_lw ? 0 : d->nw)) & m->amask;
    uint32_t x = (kk * (uint32_t)T + d->f0 - d->o_tidx) & m->amask;
    uint32_t early_addr = (d->o_addr + ap_mul_off(m, x, d->o_off)) & m->amask;
    early_at = d->a_f0 == early_addr;
  } else {
    /* the entry holds G = A - (t + lw x T) x offset, the recomputed address G + (w x T + f0 [+ n]) x
    ** offset; the load's own G (its first lane moved back by its measured offset) is compared instead,
    ** so a load off a nonzero offset of the entry is not judged too early */
    uint32_t gq = (d->a_f0 - ap_mul_off(m, d->w * (uint32_t)T + d->f0, d->ref_off)) & m->amask;
    uint32_t z2 = (d->a_f0 - ap_mul_off(m, (d->w + d->nw) * (uint32_t)T + d->f0, d->ref_off)) & m->amask;
    if (d->o_off == 0) early_at = d->a_f0 == d->o_addr;
    else early_at = d->all_match && (d->w > d->o_lw ? gq == d->o_addr : z2 == d->o_addr);
    /* G and the last warp as written: a one-lane load on an entry with an offset leaves them */
    d->upd_g = d->pairs || !d->hit_f || d->o_off == 0;
    d->g_new = !d->upd_g ? d->o_addr : d->all_match ? gq : d->a_ll;
  }
  d->early_ev = d->judged && d->o_pend < d->o_dist && !(ld->hit & 1) && early_at;
  uint32_t dmax = ap_low(m->DB), dist_old = d->hit_f ? d->o_dist : 1;
  if (d->slow_ev) d->dist_new = dist_old == dmax ? dist_old : dist_old + 1;
  else if (d->early_ev) d->dist_new = dist_old <= 1 ? 1 : dist_old - 1;
  else d->dist_new = dist_old;
  d->dist_chg = d->dist_new != dist_old;

  /* the burst, n = n_warps x THREADS */
  uint32_t xd = ((uint32_t)((uint64_t)d->dist_new * d->nw * (uint64_t)T) - d->ll) & m->amask;
  d->pf0 = (d->a_ll + ap_mul_off(m, xd, d->ref_off)) & m->amask;
  d->pfl = (d->pf0 + ap_mul_off(m, (uint32_t)(T - 1), d->ref_off)) & m->amask;
  int rneg = (int)(d->ref_off >> (OB - 1) & 1);
  uint32_t off_mag = rneg ? (uint32_t)(-d->ref_off) & m->omask : d->ref_off;
  uint32_t L = 1u << m->LB;
  if (off_mag >= L) d->step = ap_mul_off(m, 1, d->ref_off);
  else d->step = rneg ? (uint32_t)(-L) & m->amask : L;
  d->foa_want = d->go && d->entry_ok && d->confirmed;
  d->tia_want = d->go && d->tia_any;
  /* the generator takes a burst when it is idle; PIPE=1: after the burst's report cycle, so when none
  ** waits in the report and it is idle or leaves its burst's last line now */
  d->g_line = m->g_cur >> m->LB;
  d->g_end = d->g_line == m->g_last;
  if (m->g_busy && !d->g_end)
    for (uint32_t i = 0; i < m->q_count; i++)
      if (m->q_line[i] == d->g_line) d->merge = 1;
  d->pop = m->q_count != 0 && (in->pf_ready & 1);
  d->push = m->g_busy && !d->merge && (m->q_count != (uint32_t)m->Q || d->pop);
  if (pipe) d->gen_free = !(m->r.pf_start || m->r.tia_fire) && (!m->g_busy || (d->g_end && (d->merge || d->push)));
  else d->gen_free = !m->g_busy;
  d->foa_start = d->foa_want && d->gen_free;
  d->tia_start = d->tia_want && d->gen_free && !d->foa_want;

  /* TIA */
  d->do_move = d->go && d->tia_any && d->t_slow && d->lal_vw && !d->lal_any;
  d->smiss = d->go && d->hit_f && d->o_tidx == (uint32_t)m->TALL && !(ld->hit & 1);
  d->cre_ok = d->smiss && !d->adr_any && d->lal_vw && d->lal_w != d->pc;
  d->tia_refresh = d->cre_ok && d->lal_any;
  d->tia_alloc = d->cre_ok && !d->lal_any && !d->do_move && d->vic_ok;
  d->foa_alloc = d->go && !d->hit_f && d->vic_ok;

  /* (the generator and the queue: above; a burst's last line is pushed even if queued: it carries
  ** the completion) */

  /* completed bursts: a last line filled, or the last line at the head dropped as present (PIPE=1:
  ** those the L1 saw 6 cycles ago, as the load) */
  const int cl = APOGEE_PIPE_STAGES;
  uint32_t fv = pipe ? m->cf_v[cl] : (in->fill_valid & 1) && (in->fill_last & 1);
  uint32_t fe = (pipe ? m->cf_e[cl] : in->fill_entry) & ap_low(E <= 2 ? 1 : ap_log2(E));   /* EB = clog2(ENTRIES) bits */
  d->fw = (pipe ? m->cf_w[cl] : in->fill_warp) & (uint32_t)(m->W - 1);
  if (fv && fe < (uint32_t)E && m->e[fe].type == 1) { d->fill_oh = (uint64_t)1 << fe; d->done_fill = 1; }
  uint32_t dv = pipe ? m->cd_v[cl] : d->pop && (in->pf_present & 1) && m->q_last[0];
  d->de = pipe ? m->cd_e[cl] : m->q_entry[0];
  d->dw = pipe ? m->cd_w[cl] : m->q_warp[0];
  d->done_drop = dv && d->de < (uint32_t)E && m->e[d->de].type == 1;
}

/* the load's own outputs (everything but the queue's head and the generator's state) */
static void ap_load_outputs(const ap_dec *d, apogee_out *out) {
  int ok = d->go && d->entry_ok;
  out->ld_entry = ok ? (d->hit_f ? d->hit_idx : d->vic_idx) : 0;
  out->ld_alloc = (uint32_t)d->foa_alloc;
  out->evict = (uint32_t)((d->foa_alloc || d->tia_alloc) && d->vic_valid);
  out->ld_match = (uint32_t)(ok && d->all_match);
  out->ld_mismatch = (uint32_t)(ok && d->pairs && !d->all_match);
  out->ld_conf = ok ? d->conf_new : 0;
  out->ld_offset = ok ? d->off_new : 0;
  out->ld_confirmed = (uint32_t)d->foa_want;
  out->ld_scalar = (uint32_t)(ok && d->scalar);
  out->ld_state = ok && d->judged ? (d->o_pend >= d->o_dist ? 1 : 2) : 0;
  out->dist_up = (uint32_t)(ok && d->slow_ev);
  out->dist_down = (uint32_t)(ok && d->early_ev);
  out->ld_dist = ok ? d->dist_new : 0;
  out->ld_pf_addr = d->foa_want ? d->pf0 : 0;
  out->pf_start = (uint32_t)d->foa_start;
  out->tia_fire = (uint32_t)d->tia_start;
  out->pf_drop = (uint32_t)((d->foa_want && !d->gen_free) || (d->tia_want && !d->tia_start));
  out->tia_create = (uint32_t)(d->tia_refresh || d->tia_alloc);
  out->tia_slow = (uint32_t)(d->smiss && d->adr_any);
  out->tia_move = (uint32_t)d->do_move;
}

static void apogee_outputs(const apogee_model *m, const apogee_in *in, const ap_dec *d, apogee_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  if (m->p.PIPE) *out = m->r;   /* the load decided in the last cycle */
  else ap_load_outputs(d, out);
  out->pf_valid = m->q_count != 0;
  out->pf_line = out->pf_entry = out->pf_warp = out->pf_last = 0;
  if (out->pf_valid) {
    out->pf_line = m->q_line[0]; out->pf_entry = m->q_entry[0]; out->pf_warp = m->q_warp[0]; out->pf_last = m->q_last[0];
  }
  out->pfq_count = m->q_count;
  out->gen_busy = m->g_busy | (m->p.PIPE ? m->r.pf_start | m->r.tia_fire : 0);
  out->gen_merge = (uint32_t)d->merge;
}

/* PIPE=1, the look-up stage: the victim for the load entering its table cycle at this edge, picked
** on the table before the edge.  Left out: the entries that load hits (FOA or TIA) and those the
** load deciding now (d) may change at this edge -- its FOA entry, its victim when it allocates or
** misses on a scalar entry, its TIA trigger -- so every candidate's key is the same after the edge.
** The lowest key {valid, confidence}, the lowest index among equals. */
static void ap_lookup(apogee_model *m, const apogee_ld *ld, const ap_dec *d) {
  uint32_t pc = ld->pc & m->pcmask;
  uint64_t x = 0;
  if (d->go) {
    if (d->hit_f) x |= d->foa_hit;
    if (!d->hit_f || d->smiss) x |= d->vic_oh;
    x |= d->tia_hit;
  }
  uint32_t best = 0;
  m->u_vok = 0; m->u_vic = 0; m->u_vvalid = 0;
  for (int i = 0; i < m->E; i++) {
    const apogee_entry *e = &m->e[i];
    if ((x >> i & 1) || ((e->type == 1 || e->type == 2) && e->pc == pc)) continue;
    uint32_t key = ((uint32_t)(e->type != 0) << m->CB) | e->conf;
    if (!m->u_vok || key < best) { m->u_vok = 1; m->u_vic = (uint32_t)i; best = key; }
  }
  if (m->u_vok) m->u_vvalid = m->e[m->u_vic].type != 0;
}

static void apogee_apply(apogee_model *m, const apogee_in *in, const ap_dec *d) {
  const int pipe = (int)m->p.PIPE;
  int ok = d->go && d->entry_ok;
  uint64_t ent_oh = d->hit_f ? d->foa_hit : d->vic_oh;
  const uint32_t cmax = ap_low(m->DB);   /* counters saturate at 2^DIST_BITS - 1 */
  if (pipe) ap_lookup(m, &m->pl[APOGEE_PIPE_STAGES - 1], d);
  for (int i = 0; i < m->E; i++) {
    apogee_entry *e = &m->e[i];
    int ent_ld = ok && (ent_oh >> i & 1), ent_new = ent_ld && !d->hit_f;
    /* the per-warp counters: + a started burst, - the bursts completed (clamped at 0) */
    for (int k = 0; k < m->W; k++) {
      int own = ent_ld && (uint32_t)k == d->w, start = own && d->foa_start;
      int dn = (d->done_fill && (d->fill_oh >> i & 1) && (uint32_t)k == d->fw) +
               (d->done_drop && d->de == (uint32_t)i && d->dw == (uint32_t)k);
      int up = e->pend[k] + start;
      uint32_t pn;
      if (ent_new) pn = (uint32_t)start;                 /* stale completions are dropped */
      else if (up <= dn) pn = 0;
      else pn = (uint32_t)(up - dn) > cmax ? cmax : (uint32_t)(up - dn);
      uint32_t rn = e->run[k];
      if (ent_ld && (ent_new || d->dist_chg)) rn = (uint32_t)start;
      else if (own) rn = !start ? 0 : rn == cmax ? rn : rn + 1;
      e->pend[k] = (uint8_t)pn;
      e->run[k] = (uint8_t)rn;
    }
    if (ent_ld) {   /* the load's FOA entry */
      e->pc = d->pc; e->off = d->off_new; e->conf = d->conf_new;
      e->tidx = d->tidx_new; e->dist = d->dist_new; e->type = 1; e->slow = 0;
      if (pipe) { e->addr = d->g_new; e->lw = d->upd_g ? d->w : d->o_lw; }
      else { e->addr = d->a_ll; e->lw = d->w; }
    }
    if (d->do_move && (d->tia_hit >> i & 1)) { e->pc = d->lal_w; e->slow = 0; }
    if (d->tia_refresh && (d->lal_hit >> i & 1)) { e->addr = d->a_f0; e->slow = 0; }
    if (d->smiss && (d->adr_hit >> i & 1)) e->slow = 1;
    if (d->tia_alloc && (d->vic_oh >> i & 1)) {
      e->pc = d->lal_w; e->addr = d->a_f0; e->off = 0; e->conf = d->o_conf; e->tidx = (uint32_t)m->TALL;
      e->dist = 0; e->type = 2; e->slow = 0; e->lw = d->w;
      memset(e->pend, 0, sizeof e->pend);
      memset(e->run, 0, sizeof e->run);
    }
  }
  if (d->go) { m->lal[d->w] = d->pc; m->lal_v |= 1u << d->w; }

  /* generator (a push happens only while busy, so its tags are the old ones) */
  uint32_t gl = d->g_line, ge = m->g_entry, gw = m->g_warp, gend = (uint32_t)d->g_end;
  if (pipe && (m->r.pf_start || m->r.tia_fire)) {   /* the burst reported this cycle (the generator is idle) */
    m->g_busy = 1; m->g_cur = m->r_gcur; m->g_step = m->r_gstep; m->g_last = m->r_glast;
    m->g_entry = m->r_gent; m->g_warp = m->r_gw;
  } else if (!m->g_busy) {
    if (!pipe && d->foa_start) {
      m->g_busy = 1; m->g_cur = d->pf0; m->g_step = d->step; m->g_last = d->pfl >> m->LB;
      m->g_entry = d->hit_f ? d->hit_idx : d->vic_idx; m->g_warp = d->w;
    } else if (!pipe && d->tia_start) {
      m->g_busy = 1; m->g_cur = d->t_addr; m->g_step = 0; m->g_last = d->t_addr >> m->LB;
      m->g_entry = d->tia_idx; m->g_warp = d->w;
    }
  } else if (d->merge || d->push) {
    if (d->g_end) m->g_busy = 0;
    else m->g_cur = (m->g_cur + m->g_step) & m->amask;
  }
  /* PIPE=1: this cycle's completions start their way to the table (the head before the pop) */
  if (pipe) {
    for (int k = APOGEE_PIPE_STAGES; k > 0; k--) {
      m->cf_v[k] = m->cf_v[k - 1]; m->cf_e[k] = m->cf_e[k - 1]; m->cf_w[k] = m->cf_w[k - 1];
      m->cd_v[k] = m->cd_v[k - 1]; m->cd_e[k] = m->cd_e[k - 1]; m->cd_w[k] = m->cd_w[k - 1];
    }
    m->cf_v[0] = (in->fill_valid & 1) && (in->fill_last & 1); m->cf_e[0] = in->fill_entry; m->cf_w[0] = in->fill_warp;
    m->cd_v[0] = d->pop && (in->pf_present & 1) && m->q_last[0]; m->cd_e[0] = m->q_entry[0]; m->cd_w[0] = m->q_warp[0];
  }
  /* queue: shift on pop, the push behind the lines that stay */
  if (d->pop) {
    for (int i = 0; i + 1 < m->Q; i++) {
      m->q_line[i] = m->q_line[i + 1]; m->q_entry[i] = m->q_entry[i + 1]; m->q_warp[i] = m->q_warp[i + 1];
      m->q_last[i] = m->q_last[i + 1];
    }
  }
  if (d->push) {
    uint32_t wi = m->q_count - (uint32_t)d->pop;
    m->q_line[wi] = gl; m->q_entry[wi] = ge; m->q_warp[wi] = gw; m->q_last[wi] = gend;
  }
  m->q_count = m->q_count + (uint32_t)d->push - (uint32_t)d->pop;
  if (!pipe) return;

  /* PIPE=1: the report of this decision and its burst; the loads move one stage on */
  memset(&m->r, 0, sizeof m->r);
  ap_load_outputs(d, &m->r);
  if (d->foa_start) {
    m->r_gcur = d->pf0; m->r_gstep = d->step; m->r_glast = d->pfl >> m->LB;
    m->r_gent = d->hit_f ? d->hit_idx : d->vic_idx; m->r_gw = d->w;
  } else if (d->tia_start) {
    m->r_gcur = d->t_addr; m->r_gstep = 0; m->r_glast = d->t_addr >> m->LB; m->r_gent = d->tia_idx; m->r_gw = d->w;
  }
  m->u = m->pl[APOGEE_PIPE_STAGES - 1];
  for (int k = APOGEE_PIPE_STAGES - 1; k > 0; k--) m->pl[k] = m->pl[k - 1];
  apogee_ld *n = &m->pl[0];
  n->valid = in->ld_valid & 1; n->pc = in->ld_pc; n->warp = in->ld_warp; n->mask = in->ld_mask;
  n->hit = in->ld_hit & 1; n->n_warps = in->n_warps;
  memcpy(n->addr, in->ld_addr, sizeof n->addr);
}

/* the decision of this cycle: about this cycle's load (PIPE=0) or the table-cycle load (PIPE=1) */
static void ap_decide(const apogee_model *m, const apogee_in *in, ap_dec *d) {
  ap_load l;
  if (m->p.PIPE) {
    l = (ap_load){m->u.valid, m->u.pc, m->u.warp, m->u.mask, m->u.hit, m->u.n_warps, m->u.addr};
  } else {
    l = (ap_load){in->ld_valid, in->ld_pc, in->ld_warp, in->ld_mask, in->ld_hit, in->n_warps, in->ld_addr};
  }
  ap_decide_load(m, &l, in, d);
}

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(apogee, ap_dec, ap_decide);
