/*
** oaws.c -- C reference model of block 'oaws' (see oaws.h and
** docs/blocks/oaws.md).  Its twin is gen/blocks/oaws.c; the lockstep
** harness holds them to every output bit.
*/
#include "oaws.h"
#include "models.h"

#include <string.h>

enum { OA_INST_MAX = 127, OA_ACC_MAX = 1023, OA_SETS_MAX = 1023 };

static uint32_t oa_mask_bits(int bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }
static int oa_clog2(int64_t v) { int n = 1; while (((int64_t)1 << n) < v) n++; return n; }
static int oa_bits_for(int64_t v) { int n = 1; while (((int64_t)1 << n) <= v) n++; return n; }
static int oa_popc(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
static uint64_t oa_low(int n) { return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1; }

int oaws_init(oaws_model *m, const oaws_params *p) {
  /* the descriptor's ranges (oaws_io.h) */
  if (oaws_params_check(p, NULL, 0)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->W = (int)p->W; m->M = (int)p->MSHRS; m->T = (int)p->THREADS; m->N = (int)p->DLC;
  m->S = (int)p->SETS; m->smr = (int)p->SMR;
  m->cmax = (1 << p->CNTB) - 1;
  m->cinit = 1 << (p->CNTB - 1);
  m->wmask = oa_low(m->W);
  m->nmask = oa_low(m->N);
  m->pcmask = oa_low((int)p->PCB);
  m->wb_mask = oa_mask_bits(oa_clog2(m->W));
  m->mb_mask = oa_mask_bits(oa_bits_for(m->M));
  m->tb_mask = oa_mask_bits(oa_bits_for(m->T));
  m->sb_mask = oa_mask_bits(oa_clog2(m->S));
  oaws_reset(m);
  return 0;
}

void oaws_reset(oaws_model *m) {
  for (int i = 0; i < m->W; i++) {             /* slot order */
    m->older[i] = m->wmask & ~(((uint64_t)2 << i) - 1);
    m->elder[i] = ((uint64_t)1 << i) - 1;
  }
  m->greedy_valid = m->greedy = 0;
  memset(m->ib_ld, 0, sizeof m->ib_ld);
  memset(m->ib_div, 0, sizeof m->ib_div);
  memset(m->ib_base, 0, sizeof m->ib_base);
  m->avail = (uint32_t)m->M;
  m->inflight = 0;
  m->dlc_valid = m->dlc_ref = 0;
  m->dlc_cur = 0;
  m->div = m->fcl = 0;
  m->sets = 0;
  m->cnt = (uint32_t)m->cinit;
  m->ocw = 2;
  for (int i = 0; i < m->W; i++) {   /* slot order, every warp live, OCW 2 */
    m->rank[i] = (uint32_t)i;
    m->in_ocw[i] = i < 2;
  }
  m->tr_v = m->tr_fully = 0;
}

int oaws_rank(const oaws_model *m, uint64_t live, int w) {
  return wg_popcount64(live & m->elder[w]);
}

uint32_t oaws_base(const oaws_model *m, int dyn, uint32_t active) {
  uint32_t a = active > (uint32_t)m->T ? (uint32_t)m->T : active;
  uint32_t pct = dyn ? 50u : (uint32_t)m->smr;
  uint32_t v = (a * pct + 99) / 100;
  return v > (uint32_t)m->M ? (uint32_t)m->M : v;
}

/* everything combinational about the scheduler side, from state + inputs */
typedef struct oa_sched {
  uint64_t occ, loc, hd_ld;
  uint32_t pred[OAWS_MAX_W];
  int pick;
} oa_sched;

static void oa_schedule(const oaws_model *m, const oaws_in *in, oa_sched *s) {
  uint64_t live = in->live & m->wmask, ready = in->ready & m->wmask, head = in->ib_head & m->wmask;
  int dyn = in->dyn_mode & 1;
  int rhs_neg = m->inflight > m->avail;
  uint32_t rhs = m->avail - m->inflight;
  s->occ = s->loc = s->hd_ld = 0;
  /* every output looks at ready warps only (occlude, locality and the pick are masked by
  ** ready), so only they are classified */
  for (uint64_t r = ready; r; r &= r - 1) {
    int w = __builtin_ctzll(r);
    int e = 2 * w + (int)(head >> w & 1);
    uint32_t ld = m->ib_ld[e], dv = m->ib_div[e], base = m->ib_base[e];
    /* the rank matters in dynamic mode only; PIPE=1: last cycle's rank and locality test */
    int rank = !dyn ? 0 : m->p.PIPE ? (int)m->rank[w] : oaws_rank(m, live, w);
    int loc = dyn && (live >> w & 1) && (m->p.PIPE ? (int)m->in_ocw[w] : (uint32_t)rank < m->ocw);
    uint32_t thr = base + (uint32_t)rank, pred;
    if (!ld) pred = 0;
    else if (!dv) pred = 1;
    else if (!dyn) pred = base;
    else if (loc) pred = 0;
    else pred = thr > (uint32_t)m->M ? (uint32_t)m->M : thr;
    s->pred[w] = pred;
    if (ld) s->hd_ld |= (uint64_t)1 << w;
    if (loc) s->loc |= (uint64_t)1 << w;
    if (pred != 0 && (rhs_neg || pred > rhs)) s->occ |= (uint64_t)1 << w;
  }
  uint64_t qual = ready & ~s->occ;
  s->pick = -1;
  if (m->greedy_valid && m->greedy < (uint32_t)m->W && (qual >> m->greedy & 1)) s->pick = (int)m->greedy;
  else
    for (uint64_t q = qual; q; q &= q - 1) {   /* the qualified warps in slot order: the oldest */
      int i = __builtin_ctzll(q);
      if ((qual & ~m->older[i]) == ((uint64_t)1 << i)) { s->pick = i; break; }
    }
}

void oaws_eval(const oaws_model *m, const oaws_in *in, oaws_out *out) {
  oa_sched s;
  oa_schedule(m, in, &s);
  out->occlude = s.occ;
  out->locality = s.loc & in->ready & m->wmask;
  out->pick_valid = s.pick >= 0;
  out->pick_warp = s.pick >= 0 ? (uint32_t)s.pick : 0;
  out->pick_load = s.pick >= 0 ? (uint32_t)(s.hd_ld >> s.pick & 1) : 0;
  out->pick_pred = s.pick >= 0 ? s.pred[s.pick] : 0;
  out->avail_mshr = m->avail;
  out->miss_inflight = m->inflight;
  out->cnt = m->cnt;
  out->ocw = m->ocw;
  out->dlc_valid = m->dlc_valid;
  out->dlc_full = m->dlc_valid == m->nmask;
}

void oaws_tick(oaws_model *m, const oaws_in *in) {
  if (in->rst & 1) { oaws_reset(m); return; }
  oa_sched s;
  oa_schedule(m, in, &s);
  const int N = m->N;
  int dyn = in->dyn_mode & 1;
  if (m->p.PIPE)   /* this cycle's ranks and locality tests, for the next (from the state before the edge) */
    for (int i = 0; i < m->W; i++) {
      m->rank[i] = (uint32_t)oaws_rank(m, in->live, i);
      m->in_ocw[i] = m->rank[i] < m->ocw;
    }

  /* ---- DLC lookups and the combinational updates, from the old state ---- */
  uint64_t fill_pc = in->fill_pc & m->pcmask, coal_pc = in->coal_pc & m->pcmask;
  int fill_div = 0;
  uint64_t hit_v = 0, zero_inst = 0;
  uint32_t h_inst = 0, h_acc = 0, h_sets = 0;
  for (int i = 0; i < N; i++) {
    if (!(m->dlc_valid >> i & 1)) continue;
    if (m->dlc_pc[i] == fill_pc) fill_div = 1;
    if (m->dlc_pc[i] == coal_pc) {
      hit_v |= (uint64_t)1 << i;
      h_inst |= m->dlc_inst[i]; h_acc |= m->dlc_acc[i]; h_sets |= m->dlc_sets[i];
    }
    if (m->dlc_inst[i] == 0) zero_inst |= (uint64_t)1 << i;
  }
  int coal_hit = hit_v != 0;
  uint64_t pool = m->dlc_valid != m->nmask ? ~m->dlc_valid & m->nmask
                : zero_inst ? zero_inst
                : m->dlc_ref != m->nmask ? ~m->dlc_ref & m->nmask : 1;
  uint64_t victim = pool & (~pool + 1);
  uint64_t touch = coal_hit ? hit_v : victim;
  uint32_t touch_idx = 0;
  for (int i = 0; i < N; i++) if (touch >> i & 1) touch_idx |= (uint32_t)i;
  uint32_t nacc = in->coal_nacc & m->tb_mask;
  int coal = in->coal & 1, coal_div = nacc > 2;
  uint32_t u_inst = h_inst + 1, u_acc = h_acc + nacc;
  int u_halve = u_inst > OA_INST_MAX || u_acc > OA_ACC_MAX;
  uint32_t n_inst = coal_hit ? (u_halve ? u_inst >> 1 : u_inst) : 1;
  uint32_t n_acc = coal_hit ? (u_halve ? u_acc >> 1 : u_acc) : nacc;
  uint32_t n_sets = coal_hit ? (u_halve ? h_sets >> 1 : h_sets) : 0;

  int acc_ok = (in->acc & 1) && !coal, done = acc_ok && (in->acc_last & 1);
  uint32_t aset = in->acc_set & m->sb_mask;
  uint64_t sets_now = m->sets | (aset < (uint32_t)m->S ? (uint64_t)1 << aset : 0);
  int fully = !(m->fcl || (in->acc_miss & 1));
  uint32_t c_inst = 0, c_acc = 0, c_sets = 0;
  if (m->dlc_cur < (uint32_t)N) {
    c_inst = m->dlc_inst[m->dlc_cur]; c_acc = m->dlc_acc[m->dlc_cur]; c_sets = m->dlc_sets[m->dlc_cur];
  }
  uint32_t u_sets = c_sets + (uint32_t)oa_popc(sets_now);
  int s_halve = u_sets > OA_SETS_MAX;
  uint32_t d_inst = s_halve ? c_inst >> 1 : c_inst;
  uint32_t d_acc = s_halve ? c_acc >> 1 : c_acc;
  uint32_t d_sets = s_halve ? u_sets >> 1 : u_sets;
  int assoc = 2 * d_acc > 3 * d_sets;
  int train = done && m->div;

  /* ---- OCW estimator: PIPE=1 applies the training registered at the last edge ---- */
  int e_train = train, e_fully = fully, e_assoc = assoc;
  if (m->p.PIPE) {   /* the load that ended in the last cycle, its DLC entry as that cycle left it */
    e_train = (int)m->tr_v; e_fully = (int)m->tr_fully; e_assoc = 2 * c_acc > 3 * c_sets;
  }
  uint32_t cnt = m->cnt, ocw = m->ocw, cmax = (uint32_t)m->cmax, W = (uint32_t)m->W;
  uint32_t delta = (e_assoc && (cnt >> 1)) ? cnt >> 1 : 1;
  uint32_t cnt_up = cnt == cmax ? cnt : cnt + 1;
  uint32_t cnt_dn = cnt > delta ? cnt - delta : 0;
  uint32_t cnt_next = cnt, ocw_next = ocw;
  if (e_train && e_fully) {
    if (!(cnt == cmax && ocw == W)) {                               /* (D) */
      cnt_next = cnt_up;                                            /* (A) */
      if (cnt_up == cmax && ocw < W) { ocw_next = ocw + 1; cnt_next = 0; }   /* (B) */
    }
  } else if (e_train) {
    if (!(cnt == 0 && ocw == 2)) {                                  /* (D) */
      cnt_next = cnt_dn;                                          /* (C) */
      if (cnt_dn == 0 && ocw > 2) { ocw_next = ocw - 1; cnt_next = cmax; }   /* (E) */
    }
  }

  /* ---- DLC payload (written regardless of kernel_launch, as the RTL) ---- */
  for (int i = 0; i < N; i++) {
    if (coal && coal_div && (touch >> i & 1)) {
      m->dlc_pc[i] = coal_pc; m->dlc_inst[i] = n_inst; m->dlc_acc[i] = n_acc; m->dlc_sets[i] = n_sets;
    } else if (train && (uint32_t)i == m->dlc_cur) {
      m->dlc_inst[i] = d_inst; m->dlc_acc[i] = d_acc; m->dlc_sets[i] = d_sets;
    }
  }
  m->tr_fully = (uint32_t)fully;
  m->tr_v = (uint32_t)train && !(in->kernel_launch & 1);   /* a kernel launch drops it */
  if (in->kernel_launch & 1) {
    m->dlc_valid = m->dlc_ref = 0;
    m->dlc_cur = 0;
    m->div = m->fcl = 0;
    m->sets = 0;
    m->cnt = (uint32_t)m->cinit;
    m->ocw = 2;
  } else {
    m->cnt = cnt_next;
    m->ocw = ocw_next;
    if (coal) {
      m->div = (uint32_t)coal_div; m->fcl = 0; m->sets = 0;
      if (coal_div) {
        m->dlc_cur = touch_idx;
        uint64_t ref_set = m->dlc_ref | touch;
        m->dlc_ref = ref_set == m->nmask ? touch : ref_set;
        m->dlc_valid |= touch;
      }
    } else if (done) {
      m->div = m->fcl = 0; m->sets = 0;
    } else if (acc_ok) {
      m->fcl = m->fcl || (in->acc_miss & 1);
      m->sets = sets_now;
    }
  }

  /* ---- scheduler-side registers ---- */
  uint32_t lw = in->launch_warp & m->wb_mask;
  if ((in->launch & 1) && lw < W) {   /* the launched warp becomes the youngest */
    for (int i = 0; i < m->W; i++) {
      if ((uint32_t)i == lw) m->older[i] = 0;
      else m->older[i] |= (uint64_t)1 << lw;
      m->elder[i] &= ~((uint64_t)1 << lw);     /* lw is older than nobody now */
    }
    m->elder[lw] = m->wmask & ~((uint64_t)1 << lw);   /* every other warp is older than lw */
  }
  int do_issue = (in->issue & 1) && s.pick >= 0;
  if (do_issue) { m->greedy_valid = 1; m->greedy = (uint32_t)s.pick; }
  uint32_t fw = in->fill_warp & m->wb_mask;
  if ((in->fill & 1) && fw < W) {
    int e = 2 * (int)fw + (int)(in->fill_slot & 1), ld = in->fill_load & 1;
    m->ib_ld[e] = (uint32_t)ld;
    m->ib_div[e] = (uint32_t)(ld && fill_div);
    m->ib_base[e] = ld ? oaws_base(m, dyn, in->fill_active & m->tb_mask) : 0;
  }
  uint32_t alloc = in->mshr_alloc & 1, fr = in->mshr_free & 1;
  if (alloc && !fr && m->avail != 0) m->avail--;
  if (fr && !alloc && m->avail != (uint32_t)m->M) m->avail++;
  uint32_t add = m->inflight + (do_issue ? s.pred[s.pick] : 0);
  uint32_t rp = in->retire_pred & m->mb_mask;
  uint32_t sum = (in->retire & 1) ? (add < rp ? 0 : add - rp) : add;
  m->inflight = sum > (uint32_t)m->M ? (uint32_t)m->M : sum;
}

WG_MODEL_OPS(oaws);
