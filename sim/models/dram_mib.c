/*
** dram_mib.c -- C reference model of block 'dram_mib' (see dram_mib.h and
** docs/blocks/dram_mib.md).  The pick of a cycle is computed once, by
** dram_mib_decide(), for both eval and tick.
*/
#include "dram_mib.h"
#include "models.h"

#include <string.h>

static int dram_mib_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }
static int dram_mib_bits_for(int64_t maxval) { int n = 1; while ((maxval >> n) != 0) n++; return n; }
static uint32_t dram_mib_low(int bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }

int dram_mib_init(dram_mib_model *m, const dram_mib_params *p) {
  if (dram_mib_params_check(p, NULL, 0)) return -1;   /* the descriptor's ranges (dram_mib_io.h) */
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->n = (int)p->QUEUE;
  m->nb = (int)p->BANKS;
  m->pol = (int)p->POLICY;
  m->mib = m->pol != DRAM_MIB_POL_FRFCFS;
  m->bank_mask = dram_mib_low(dram_mib_clog2(p->BANKS));
  m->row_mask = dram_mib_low((int)p->ROW_BITS);
  m->blk_mask = dram_mib_low((int)p->BLK_BITS);
  m->mlb = dram_mib_clog2(p->MAX_MERGE);
  m->ml_mask = dram_mib_low(m->mlb);
  m->ab = (int)p->AGE_BITS;
  m->age_max = dram_mib_low(m->ab);
  int ssw = dram_mib_bits_for((int64_t)m->n * p->MAX_MERGE);
  int asw = dram_mib_bits_for((int64_t)m->n * m->age_max);
  switch (m->pol) {
  case DRAM_MIB_POL_FRFCFS: m->rsw = 0; m->rqw = 0; break;
  case DRAM_MIB_POL_M: m->rsw = m->mlb; m->rqw = m->mlb; break;
  case DRAM_MIB_POL_S: m->rsw = ssw; m->rqw = m->mlb; break;
  case DRAM_MIB_POL_SA: m->rsw = asw; m->rqw = 0; break;
  default: m->rsw = asw > ssw ? asw : ssw; m->rqw = m->mlb;
  }
  dram_mib_reset(m);
  return 0;
}

/* Reset empties the queue, closes every row and restarts the round-robin;
** the slots' contents stay (the RTL does not reset them) and are never
** visible while free. */
void dram_mib_reset(dram_mib_model *m) {
  m->valid = 0;
  m->open_valid = 0;
  m->rr = 0;
}

typedef struct dram_mib_decision {
  int policy;          /* this cycle's policy */
  int issue, slot;     /* the pick */
  uint32_t bank;       /* the picked bank */
  uint64_t hit;        /* row hits of the picked bank */
} dram_mib_decision;

static void dram_mib_decide(const dram_mib_model *m, const dram_mib_in *in, dram_mib_decision *d) {
  d->policy = m->pol == DRAM_MIB_POL_RUNTIME ? (int)(in->policy_sel & 3) : m->pol;
  d->issue = 0; d->slot = 0; d->bank = 0; d->hit = 0;
  uint32_t has = 0;
  for (int i = 0; i < m->n; i++)
    if (m->valid >> i & 1) has |= 1u << m->q[i].bank;
  uint32_t ok = has & in->bank_ready & dram_mib_low(m->nb);
  /* the first ready bank with a request from the round-robin pointer on */
  uint32_t off = 0;
  for (int k = m->nb - 1; k >= 0; k--)
    if (ok >> ((m->rr + (uint32_t)k) & m->bank_mask) & 1) off = (uint32_t)k;
  d->bank = (m->rr + off) & m->bank_mask;
  if (!ok) return;
  d->issue = 1;
  int open = m->open_valid >> d->bank & 1;
  uint32_t orow = m->open_row[d->bank];
  uint64_t cand = 0;
  for (int i = 0; i < m->n; i++)
    if ((m->valid >> i & 1) && m->q[i].bank == d->bank) {
      cand |= (uint64_t)1 << i;
      if (open && m->q[i].row == orow) d->hit |= (uint64_t)1 << i;
    }
  /* key = {cand, hit, row score, request score, age}: largest wins, ties the lowest slot */
  int kw = 2 + m->rsw + m->rqw + m->ab;
  uint64_t best = 0;
  for (int s = 0; s < m->n; s++) {
    if (!(cand >> s & 1)) continue;
    const dram_mib_entry *e = &m->q[s];
    uint64_t rs = 0, rq = 0;
    if (d->policy != DRAM_MIB_POL_FRFCFS) {
      for (int t = 0; t < m->n; t++) {
        if (!(cand >> t & 1) || m->q[t].row != e->row) continue;
        const dram_mib_entry *f = &m->q[t];
        if (d->policy == DRAM_MIB_POL_M) { if (f->ml > rs) rs = f->ml; }
        else if (d->policy == DRAM_MIB_POL_S) rs += (uint64_t)f->ml + 1;
        else rs += f->age;
      }
      if (d->policy != DRAM_MIB_POL_SA) rq = e->ml;
    }
    uint64_t key = (uint64_t)1 << (kw - 1) | (uint64_t)(d->hit >> s & 1) << (kw - 2) |
                   rs << (m->rqw + m->ab) | rq << m->ab | e->age;
    if (key > best) { best = key; d->slot = s; }
  }
}

void dram_mib_eval(const dram_mib_model *m, const dram_mib_in *in, dram_mib_out *out) {
  dram_mib_decision d;
  dram_mib_decide(m, in, &d);
  memset(out, 0, sizeof *out);
  uint64_t all = m->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->n) - 1;
  out->req_ready = m->valid != all;
  out->count = (uint32_t)__builtin_popcountll(m->valid);
  if (d.issue) {
    const dram_mib_entry *e = &m->q[d.slot];
    out->issue_valid = 1;
    out->issue_slot = (uint32_t)d.slot;
    out->issue_bank = e->bank;
    out->issue_row = e->row;
    out->issue_blk = e->blk;
    out->issue_ml = m->mib ? e->ml : 0;
    out->issue_age = e->age;
    out->issue_hit = (uint32_t)(d.hit >> d.slot & 1);
  }
  int dummy = (in->dummy_valid & 1) && d.policy != DRAM_MIB_POL_FRFCFS;
  uint32_t dblk = in->dummy_blk & m->blk_mask;
  for (int i = 0; i < m->n; i++) {
    if (!(m->valid >> i & 1)) continue;
    if (dummy && m->q[i].blk == dblk) out->dummy_hit = 1;
    if (m->q[i].age == m->age_max) out->age_sat = 1;
  }
}

void dram_mib_tick(dram_mib_model *m, const dram_mib_in *in) {
  if (in->rst & 1) { dram_mib_reset(m); return; }
  dram_mib_decision d;
  dram_mib_decide(m, in, &d);
  uint64_t all = m->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->n) - 1;
  int enq = (in->req_valid & 1) && m->valid != all;
  int fslot = enq ? __builtin_ctzll(~m->valid) : -1;
  int dummy = (in->dummy_valid & 1) && d.policy != DRAM_MIB_POL_FRFCFS;
  uint32_t dblk = in->dummy_blk & m->blk_mask;
  /* the DRAM MIB: dummies overwrite the merge length and add their age; every
  ** queued request ages by its merge length (after the dummy's update) */
  for (int i = 0; i < m->n; i++) {
    if (!(m->valid >> i & 1)) continue;
    dram_mib_entry *e = &m->q[i];
    uint64_t sum = e->age;
    if (dummy && e->blk == dblk) {
      e->ml = in->dummy_ml & m->ml_mask;
      sum += in->dummy_age & m->age_max;
    }
    sum += (uint64_t)(m->mib ? e->ml : 0) + 1;
    e->age = sum > m->age_max ? m->age_max : (uint32_t)sum;
  }
  if (d.issue) {
    m->valid &= ~((uint64_t)1 << d.slot);
    m->open_row[d.bank] = m->q[d.slot].row;
    m->open_valid |= 1u << d.bank;
    m->rr = (m->rr + 1) & m->bank_mask;
  }
  if (enq) {
    dram_mib_entry *e = &m->q[fslot];
    e->bank = in->req_bank & m->bank_mask;
    e->row = in->req_row & m->row_mask;
    e->blk = in->req_blk & m->blk_mask;
    e->ml = 0;
    e->age = in->req_age & m->age_max;
    m->valid |= (uint64_t)1 << fslot;
  }
}

WG_MODEL_OPS(dram_mib);
