/*
** dram_mib.c -- C reference model of block 'dram_mib' (see dram_mib.h and
** docs/blocks/dram_mib.md).  The pick of a cycle is computed once, by
** dram_mib_decide(), for both eval and tick.
*/
#include "dram_mib.h"
#include "models.h"

#include <stdint.h>
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
  if (p->PIPE && p->ROW_TABLE && (m->pol == DRAM_MIB_POL_SA || m->pol == DRAM_MIB_POL_RUNTIME)) {
    /* the descriptor's: room for a row's age sum with the issued read's share still in it, with
    ** the change of a dummy to that read applied at its issue */
    int w = dram_mib_bits_for((int64_t)(m->n - 1) * (m->age_max - 1) + 2 * (int64_t)m->age_max + p->MAX_MERGE);
    if (w > asw) asw = w;
  }
  switch (m->pol) {
  case DRAM_MIB_POL_FRFCFS: m->rsw = 0; m->rqw = 0; break;
  case DRAM_MIB_POL_M: m->rsw = m->mlb; m->rqw = m->mlb; break;
  case DRAM_MIB_POL_S: m->rsw = ssw; m->rqw = m->mlb; break;
  case DRAM_MIB_POL_SA: m->rsw = asw; m->rqw = 0; break;
  default: m->rsw = asw > ssw ? asw : ssw; m->rqw = m->mlb;
  }
  m->table = (int)p->ROW_TABLE;
  m->pipe = (int)p->PIPE;
  m->rows = m->pol != DRAM_MIB_POL_FRFCFS;
  m->lazy = m->pol == DRAM_MIB_POL_FRFCFS;
  if (m->table && m->pol == DRAM_MIB_POL_FRFCFS) return -1;   /* the descriptor's check: no scores to keep */
  m->ssw = ssw;
  m->asum_max = ((uint64_t)1 << asw) - 1;
  m->tw = dram_mib_bits_for((int64_t)m->asum_max + (int64_t)m->n * p->MAX_MERGE + 2 * (int64_t)m->age_max);
  dram_mib_reset(m);
  return 0;
}

/* Reset empties the queue, closes every row and restarts the round-robin;
** the slots' contents stay (the RTL does not reset them) and are never
** visible while free. */
void dram_mib_reset(dram_mib_model *m) {
  m->valid = 0;
  m->count = 0;
  m->rt_valid = 0;
  m->bb_v = m->sb_v = m->pk_v = m->du_v = m->pend_v = 0;
  m->open_valid = 0;
  m->rr = 0;
  memset(m->bank_slots, 0, sizeof m->bank_slots);
  m->has = 0;
  m->sat = 0;
  m->born_min = INT64_MAX;
}

/* queue slot i's age (Age_MSHR, Age_Req under FR-FCFS) */
static uint32_t dram_mib_age(const dram_mib_model *m, int i) {
  if (!m->lazy) return m->q[i].age;
  int64_t a = m->clock - m->born[i];
  return a >= (int64_t)m->age_max ? m->age_max : (uint32_t)a;
}

typedef struct dram_mib_decision {
  int policy;          /* this cycle's policy */
  int issue, slot;     /* the pick */
  uint32_t bank;       /* the picked bank */
  uint64_t hit;        /* row hits of the picked bank */
  int dsel;            /* the slot the dummy names (the lowest with its block), -1: none */
  int dupd;            /* the slot a dummy updates at this edge, -1: none (PIPE=1: last cycle's dsel) */
  uint32_t dml, dage;  /* ... with this merge length - 1 and age */
} dram_mib_decision;

/* ROW_TABLE=1: the row score of table entry r under this cycle's policy */
static uint64_t dram_mib_row_score(const dram_mib_model *m, int r, int policy) {
  const dram_mib_row *t = &m->rt[r];
  switch (policy) {
  case DRAM_MIB_POL_M: return t->max;
  case DRAM_MIB_POL_S: return t->msum;
  case DRAM_MIB_POL_SA: return t->asum;
  default: return 0;
  }
}

static void dram_mib_decide(const dram_mib_model *m, const dram_mib_in *in, dram_mib_decision *d) {
  d->policy = m->pol == DRAM_MIB_POL_RUNTIME ? (int)(in->policy_sel & 3) : m->pol;
  d->issue = 0; d->slot = 0; d->bank = 0; d->hit = 0; d->dsel = -1;
  if ((in->dummy_valid & 1) && d->policy != DRAM_MIB_POL_FRFCFS)
    for (uint64_t v = m->valid; v && d->dsel < 0; v &= v - 1)
      if (m->q[__builtin_ctzll(v)].blk == (in->dummy_blk & m->blk_mask)) d->dsel = __builtin_ctzll(v);
  /* PIPE=1: the DEMUX registers a dummy found in its cycle; it updates its read at the next edge */
  d->dupd = m->pipe ? (m->du_v ? m->du_slot : -1) : d->dsel;
  d->dml = m->pipe ? m->du_ml : in->dummy_ml & m->ml_mask;
  d->dage = m->pipe ? m->du_age : in->dummy_age & m->age_max;
  if (m->pipe) {   /* the request stage's pick, issued if its bank takes it now */
    d->issue = m->pk_v && (in->bank_ready >> m->pk_bank & 1);
    if (d->issue) {
      d->slot = m->pk_slot;
      d->bank = m->pk_bank;
      d->hit = (uint64_t)((m->open_valid >> d->bank & 1) && m->q[d->slot].row == m->open_row[d->bank]) << d->slot;
    }
    return;
  }
  uint32_t ok = m->has & in->bank_ready & dram_mib_low(m->nb);
  /* the first ready bank with a request from the round-robin pointer on (ok rotated right by rr) */
  uint32_t rot = m->rr ? (ok >> m->rr | ok << (m->nb - (int)m->rr)) & dram_mib_low(m->nb) : ok;
  d->bank = (m->rr + (rot ? (uint32_t)__builtin_ctz(rot) : 0)) & m->bank_mask;
  if (!ok) return;
  d->issue = 1;
  int open = m->open_valid >> d->bank & 1;
  uint32_t orow = m->open_row[d->bank];
  uint64_t cand = m->bank_slots[d->bank];
  for (uint64_t c = open ? cand : 0; c; c &= c - 1)
    if (m->q[__builtin_ctzll(c)].row == orow) d->hit |= (uint64_t)1 << __builtin_ctzll(c);
  if (m->table) {
    /* the best row key {in the bank, open row, row score} over the table; the
    ** request key {row key is the best, request score, age} over the slots */
    uint64_t rbest = 0, tied = 0;
    uint64_t rkey[DRAM_MIB_MAX_QUEUE];
    for (int r = 0; r < m->n; r++) {
      if (!(m->rt_valid >> r & 1)) continue;
      int inb = m->rt[r].bank == d->bank;
      int op = inb && open && m->rt[r].row == orow;
      rkey[r] = (uint64_t)inb << (m->rsw + 1) | (uint64_t)op << m->rsw | dram_mib_row_score(m, r, d->policy);
      if (rkey[r] > rbest) rbest = rkey[r];
    }
    for (int r = 0; r < m->n; r++)
      if ((m->rt_valid >> r & 1) && rkey[r] == rbest) tied |= (uint64_t)1 << r;
    uint64_t best = 0;
    int kw = 1 + m->rqw + m->ab;
    for (int s = 0; s < m->n; s++) {
      const dram_mib_entry *e = &m->q[s];
      int ts = (m->valid >> s & 1) && (tied >> e->rid & 1);
      uint64_t rq = (d->policy == DRAM_MIB_POL_M || d->policy == DRAM_MIB_POL_S) ? e->ml : 0;
      uint64_t key = (uint64_t)ts << (kw - 1) | rq << m->ab | e->age;
      if (key > best) { best = key; d->slot = s; }
    }
    return;
  }
  /* key = {cand, hit, row score, request score, age}: largest wins, ties the lowest slot */
  int kw = 2 + m->rsw + m->rqw + m->ab;
  uint64_t best = 0;
  for (uint64_t c = cand; c; c &= c - 1) {
    int s = __builtin_ctzll(c);
    const dram_mib_entry *e = &m->q[s];
    uint64_t rs = 0, rq = 0;
    if (d->policy != DRAM_MIB_POL_FRFCFS) {
      for (uint64_t c2 = cand; c2; c2 &= c2 - 1) {
        const dram_mib_entry *f = &m->q[__builtin_ctzll(c2)];
        if (f->row != e->row) continue;
        if (d->policy == DRAM_MIB_POL_M) { if (f->ml > rs) rs = f->ml; }
        else if (d->policy == DRAM_MIB_POL_S) rs += (uint64_t)f->ml + 1;
        else rs += f->age;
      }
      if (d->policy != DRAM_MIB_POL_SA) rq = e->ml;
    }
    uint64_t key = (uint64_t)1 << (kw - 1) | (uint64_t)(d->hit >> s & 1) << (kw - 2) |
                   rs << (m->rqw + m->ab) | rq << m->ab | dram_mib_age(m, s);
    if (key > best) { best = key; d->slot = s; }
  }
}

static void dram_mib_outputs(const dram_mib_model *m, const dram_mib_in *in, const dram_mib_decision *d, dram_mib_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  uint64_t all = m->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->n) - 1;
  out->req_ready = m->valid != all;
  out->count = (uint32_t)m->count;
  if (d->issue) {
    const dram_mib_entry *e = &m->q[d->slot];
    out->issue_valid = 1;
    out->issue_slot = (uint32_t)d->slot;
    out->issue_bank = e->bank;
    out->issue_row = e->row;
    out->issue_blk = e->blk;
    out->issue_ml = m->mib ? e->ml : 0;
    out->issue_age = dram_mib_age(m, d->slot);
    out->issue_hit = (uint32_t)(d->hit >> d->slot & 1);
  }
  out->dummy_hit = d->dsel >= 0;
  out->age_sat = m->lazy ? m->valid && m->clock - m->born_min >= (int64_t)m->age_max : (uint32_t)m->sat;
}

/* ROW_TABLE=1: the table's updates of this cycle, from the state before the
** edge (the RTL's g_rt): a read joins (enq_rid), the issued read leaves, the
** dummy changes one read's merge length and age, every read that stays ages */
static void dram_mib_table_tick(dram_mib_model *m, const dram_mib_in *in, const dram_mib_decision *d, int enq,
                                int *enq_rid) {
  uint32_t bank = in->req_bank & m->bank_mask, row = in->req_row & m->row_mask;
  int add = -1, sub = -1, dum = -1;
  if (enq) {
    for (int r = 0; r < m->n && add < 0; r++)
      if ((m->rt_valid >> r & 1) && m->rt[r].bank == bank && m->rt[r].row == row) add = r;
    if (add < 0) add = __builtin_ctzll(~m->rt_valid);   /* a free entry exists: rows <= reads < QUEUE */
  }
  *enq_rid = add < 0 ? 0 : add;
  if (d->issue) sub = (int)m->q[d->slot].rid;
  if (d->dupd >= 0 && !(d->issue && d->dupd == d->slot)) dum = (int)m->q[d->dupd].rid;
  uint32_t dml = d->dml;
  /* PIPE=1: the registered dummy's change to its row's age sum, applied even if its read leaves
  ** now (the read's share taken out at the next edge holds it then: off the age sums' path) */
  int dua = m->pipe && d->dupd >= 0 ? (int)m->q[d->dupd].rid : -1;
  int64_t dd = dua < 0 ? 0 : (int64_t)d->dage + dml - m->q[d->dupd].ml;
  /* MSHR-M: the maxima of the rows that lose or change a merge length, over the reads that stay */
  uint32_t mx_iss = 0, mx_dum = 0;
  for (int t = 0; t < m->n; t++) {
    if (!(m->valid >> t & 1) || (d->issue && t == d->slot)) continue;
    uint32_t ml = t == d->dupd ? dml : m->q[t].ml;
    if ((int)m->q[t].rid == sub && ml > mx_iss) mx_iss = ml;
    if ((int)m->q[t].rid == dum && ml > mx_dum) mx_dum = ml;
  }
  uint32_t smask = dram_mib_low(m->ssw);
  uint64_t tmask = m->tw >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->tw) - 1;
  uint64_t nvalid = 0;
  for (int r = 0; r < m->n; r++) {
    dram_mib_row *t = &m->rt[r];
    int v = m->rt_valid >> r & 1;
    if (!v && r != add) continue;   /* a free entry stays free */
    if (!v) { t->bank = bank; t->row = row; t->cnt = 0; t->msum = 0; t->asum = 0; t->max = 0; }
    t->cnt = t->cnt + (r == add) - (r == sub);
    uint32_t stay = t->msum;
    if (r == sub) stay -= m->q[d->slot].ml + 1;
    if (r == dum) stay += dml - m->q[d->dupd].ml;
    stay &= smask;
    uint64_t a;
    if (m->pipe) {   /* the issued read's share leaves at the next edge (pend): its row is in no stage then */
      a = t->asum + t->msum;
      if (!v) a = 0;
      if (r == dua) a += (uint64_t)dd;
      if (r == add) a += in->req_age & m->age_max;
      if (v && m->pend_v && r == m->pend_rid) a -= m->pend_amt;
    } else {
      a = t->asum + stay;
      if (r == dum) a += d->dage;
      if (r == add) a += in->req_age & m->age_max;
      if (r == sub) a -= m->q[d->slot].age;
    }
    a &= tmask;
    t->asum = a > m->asum_max ? m->asum_max : a;
    t->msum = (stay + (r == add)) & smask;
    t->max = r == sub ? mx_iss : r == dum ? mx_dum : t->max;
    if (t->cnt) nvalid |= (uint64_t)1 << r;
  }
  m->rt_valid = nvalid;
  m->pend_v = d->issue;
  if (d->issue) {
    m->pend_rid = (int)m->q[d->slot].rid;
    m->pend_amt = m->q[d->slot].age + m->q[d->slot].ml + 1 + (uint64_t)(d->dupd == d->slot ? dd : 0);
  }
}

/* exact scores: the row score of queue slot s's row, over the valid reads of its bank */
static uint64_t dram_mib_exact_row_score(const dram_mib_model *m, int s, int policy) {
  uint64_t rs = 0;
  const dram_mib_entry *e = &m->q[s];
  for (uint64_t c = m->bank_slots[e->bank]; c; c &= c - 1) {
    const dram_mib_entry *f = &m->q[__builtin_ctzll(c)];
    if (f->row != e->row) continue;
    if (policy == DRAM_MIB_POL_M) { if (f->ml > rs) rs = f->ml; }
    else if (policy == DRAM_MIB_POL_S) rs += (uint64_t)f->ml + 1;
    else if (policy == DRAM_MIB_POL_SA) rs += f->age;
  }
  return rs;
}

/* PIPE=1: the three stages of the pick at this edge, from the state before it.  The request
** stage picks the read of the row stage's bank (sb_bank) with the largest {row hit, in a chosen
** row, request score, age}, the lowest slot among equals; the row stage passes on the rows the
** bank stage ranked; the bank stage chooses the next bank, round-robin among the ready ones with
** a read that hold no pick in the pipeline, and ranks its rows by {open row, row score} now,
** keeping all that tie (docs/blocks/dram_mib.md, "The pipelined pick"). */
static void dram_mib_stages(dram_mib_model *m, const dram_mib_in *in, const dram_mib_decision *d) {
  /* the request stage */
  int pk = -1;
  if (m->sb_v) {
    uint32_t b = m->sb_bank;
    int open = m->open_valid >> b & 1;
    uint64_t best = 0;
    for (uint64_t v = m->bank_slots[b]; v; v &= v - 1) {   /* lowest first: ties keep it */
      int s = __builtin_ctzll(v);
      const dram_mib_entry *e = &m->q[s];
      uint64_t hit = open && e->row == m->open_row[b], ts = 0, rq = 0;
      if (m->rows) {
        if (m->table) ts = m->sb_tied >> e->rid & 1;
        else for (uint64_t t = m->sb_tied; t && !ts; t &= t - 1) ts = m->q[__builtin_ctzll(t)].row == e->row;
      }
      if (d->policy == DRAM_MIB_POL_M || d->policy == DRAM_MIB_POL_S) rq = e->ml;
      uint64_t key = hit << (m->rows + m->rqw + m->ab) | ts << (m->rqw + m->ab) | rq << m->ab | dram_mib_age(m, s);
      if (pk < 0 || key > best) { best = key; pk = s; }
    }
  }
  /* the bank stage: the banks in the pipeline are the bank stage's, the row stage's and the pick's;
  ** the chosen bank's rows ranked by the row keys {open row, row score} of now, all that equal the
  ** largest (the row stage passes them on) */
  uint32_t pipe = (m->bb_v ? 1u << m->bb_bank : 0) | (m->sb_v ? 1u << m->sb_bank : 0) | (m->pk_v ? 1u << m->pk_bank : 0);
  uint32_t ok = m->has & in->bank_ready & ~pipe & dram_mib_low(m->nb);
  uint32_t rot = m->rr ? (ok >> m->rr | ok << (m->nb - (int)m->rr)) & dram_mib_low(m->nb) : ok;
  uint32_t b = (m->rr + (rot ? (uint32_t)__builtin_ctz(rot) : 0)) & m->bank_mask;
  uint64_t tied = 0;
  if (ok && m->rows) {
    int open = m->open_valid >> b & 1;
    uint64_t key[DRAM_MIB_MAX_QUEUE], best = 0;
    uint64_t cands = m->table ? 0 : m->bank_slots[b];
    if (m->table)
      for (uint64_t v = m->rt_valid; v; v &= v - 1)
        if (m->rt[__builtin_ctzll(v)].bank == b) cands |= (uint64_t)1 << __builtin_ctzll(v);
    for (uint64_t v = cands; v; v &= v - 1) {
      int r = __builtin_ctzll(v);
      uint32_t row = m->table ? m->rt[r].row : m->q[r].row;
      uint64_t sc = m->table ? dram_mib_row_score(m, r, d->policy) : dram_mib_exact_row_score(m, r, d->policy);
      key[r] = (uint64_t)(open && row == m->open_row[b]) << m->rsw | sc;
      if (key[r] > best) best = key[r];
    }
    for (uint64_t v = cands; v; v &= v - 1)
      if (key[__builtin_ctzll(v)] == best) tied |= (uint64_t)1 << __builtin_ctzll(v);
  }
  m->pk_v = pk >= 0;
  m->pk_bank = m->sb_bank;
  m->pk_slot = pk < 0 ? 0 : pk;
  m->sb_v = m->bb_v;
  m->sb_bank = m->bb_bank;
  m->sb_tied = m->bb_tied;
  m->bb_v = ok != 0;
  m->bb_bank = b;
  m->bb_tied = tied;
  if (ok) m->rr = (m->rr + 1) & m->bank_mask;
}

static void dram_mib_apply(dram_mib_model *m, const dram_mib_in *in, const dram_mib_decision *d) {
  if (m->pipe) {
    dram_mib_stages(m, in, d);
    /* the DEMUX's register: this cycle's dummy, unless its read leaves now */
    m->du_v = d->dsel >= 0 && !(d->issue && d->dsel == d->slot);
    m->du_slot = d->dsel < 0 ? 0 : d->dsel;
    m->du_ml = in->dummy_ml & m->ml_mask;
    m->du_age = in->dummy_age & m->age_max;
  }
  uint64_t all = m->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->n) - 1;
  int enq = (in->req_valid & 1) && m->valid != all;
  int fslot = enq ? __builtin_ctzll(~m->valid) : -1;
  int enq_rid = 0;
  if (m->table) dram_mib_table_tick(m, in, d, enq, &enq_rid);
  /* the DRAM MIB: a dummy overwrites the merge length and adds its age (the
  ** lowest slot with its block); every queued request ages by its merge
  ** length (after the dummy's update) */
  uint64_t stays = m->valid & ~(d->issue ? (uint64_t)1 << d->slot : 0);
  m->sat = 0;
  for (uint64_t v = m->lazy ? 0 : m->valid; v; v &= v - 1) {   /* (lazy: the clock ages them) */
    int i = __builtin_ctzll(v);
    dram_mib_entry *e = &m->q[i];
    uint64_t sum = e->age;
    if (i == d->dupd) {
      e->ml = d->dml;
      sum += d->dage;
    }
    sum += (uint64_t)(m->mib ? e->ml : 0) + 1;
    e->age = sum > m->age_max ? m->age_max : (uint32_t)sum;
    m->sat |= e->age == m->age_max && (stays >> i & 1);
  }
  if (d->issue) {
    m->valid = stays;
    m->count--;
    m->open_row[d->bank] = m->q[d->slot].row;
    m->open_valid |= 1u << d->bank;
    if (!m->pipe) m->rr = (m->rr + 1) & m->bank_mask;
    uint32_t b = m->q[d->slot].bank;
    if (!(m->bank_slots[b] &= ~((uint64_t)1 << d->slot))) m->has &= ~(1u << b);
    if (m->lazy && m->born[d->slot] == m->born_min) {
      m->born_min = INT64_MAX;
      for (uint64_t v = stays; v; v &= v - 1)
        if (m->born[__builtin_ctzll(v)] < m->born_min) m->born_min = m->born[__builtin_ctzll(v)];
    }
  }
  m->clock++;
  if (enq) {
    dram_mib_entry *e = &m->q[fslot];
    e->bank = in->req_bank & m->bank_mask;
    e->row = in->req_row & m->row_mask;
    e->blk = in->req_blk & m->blk_mask;
    e->ml = 0;
    e->age = in->req_age & m->age_max;
    e->rid = (uint32_t)enq_rid;
    m->valid |= (uint64_t)1 << fslot;
    m->count++;
    m->bank_slots[e->bank] |= (uint64_t)1 << fslot;
    m->has |= 1u << e->bank;
    m->sat |= e->age == m->age_max;
    m->born[fslot] = m->clock - e->age;         /* its age now, one a cycle from here */
    if (m->born[fslot] < m->born_min) m->born_min = m->born[fslot];
  }
}

/* FR-FCFS (the clock ages the queue) with no request and no ready bank holding a read: nothing
** issues or joins, and the cycle only moves the clock.  Most DRAM cycles of a memory-bound run
** are such (every bank with reads busy), so step takes them without the pick: the outputs and
** the state the full cycle gives (dram_mib_decide, _outputs, _apply), in a few operations. */
static int dram_mib_quiet(dram_mib_model *m, const dram_mib_in *in, dram_mib_out *out) {
  if (!m->lazy || m->table || (in->req_valid & 1) || (m->has & in->bank_ready & dram_mib_low(m->nb))) return 0;
  if (m->pipe && (m->bb_v | m->sb_v | m->pk_v)) return 0;   /* PIPE=1: a stage holds a bank */
  uint64_t all = m->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->n) - 1;
  memset(out, 0, sizeof *out);
  out->req_ready = m->valid != all;
  out->count = (uint32_t)m->count;
  out->age_sat = m->valid && m->clock - m->born_min >= (int64_t)m->age_max;
  m->sat = 0;
  m->du_ml = in->dummy_ml & m->ml_mask;      /* PIPE=1: the DEMUX's register (du_v stays 0) */
  m->du_age = in->dummy_age & m->age_max;
  m->clock++;
  return 1;
}

/* eval, tick and step around one decision a cycle (step: quiet cycles without it), and the
** ops (models.h) */
WG_MODEL_FUSED_QUIET(dram_mib, dram_mib_decision, dram_mib_decide, dram_mib_quiet);
