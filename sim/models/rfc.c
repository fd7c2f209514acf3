/*
** rfc.c -- C reference model of block 'rfc' (see rfc.h, docs/blocks/rfc.md).
** rfc_decide() makes the cycle's choices once (operand lookups, the write's
** way -- in place, allocated, or to the MRF --, the victim, the flush) for
** both eval and tick.  Order within a cycle: reads (and their last-read
** marks), then the write, then the flush at the edge.
*/
#include "rfc.h"
#include "models.h"

#include <string.h>

static int rfc_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }

int rfc_init(rfc_model *m, const rfc_params *p) {
  /* the descriptor's ranges (rfc_io.h) */
  if (rfc_params_check(p, NULL, 0)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->A = (int)p->ACTIVE;
  m->E = (int)p->ENTRIES;
  m->T = (int)p->THREADS;
  m->DB = (int)p->DATA_BITS;
  m->RB = (int)p->REG_BITS;
  m->AB = rfc_clog2(p->ACTIVE);
  m->N = m->A * m->E;
  m->DW = m->T * m->DB;
  m->words = (m->DW + 31) / 32;
  int r = m->DW - 32 * (m->words - 1);
  m->last_mask = r >= 32 ? ~0u : (1u << r) - 1;
  rfc_reset(m);
  return 0;
}

/* Reset invalidates; data and tags stay (the RTL does not reset them). */
void rfc_reset(rfc_model *m) {
  memset(m->valid, 0, sizeof m->valid);
  memset(m->dead, 0, sizeof m->dead);
  memset(m->fifo, 0, sizeof m->fifo);
}

typedef struct rfc_decision {
  int rs;              /* read slot, -1 none */
  int mi[3];           /* entry holding operand k, -1 miss */
  uint32_t hit, mrf_rd;
  uint8_t  kill[RFC_MAX_N];   /* marked dead by this cycle's reads */
  int ws;              /* write slot if the warp is active in a legal slot, else -1 */
  int wmatch;          /* entry caching wr_reg in ws, -1 none */
  int hit_w, alloc, mrf, vict, evict, inval, wen;
  uint32_t wreg;
  uint32_t wbits[RFC_WORDS], wdata[RFC_WORDS];
  int fs, kill_fl;     /* flushed slot (-1 none), kill */
} rfc_decision;

/* bits [at, at + n) of w set (word-level: a thread's DB bits, up to 32 threads x 32 bits) */
static void rfc_set_range(uint32_t *w, int at, int n) {
  while (n > 0) {
    int o = at % 32, k = 32 - o < n ? 32 - o : n;
    w[at / 32] |= (k == 32 ? ~0u : ((1u << k) - 1)) << o;
    at += k;
    n -= k;
  }
}

static void rfc_decide(const rfc_model *m, const rfc_in *in, rfc_decision *d) {
  const uint32_t amask = (1u << m->AB) - 1, rmask = (1u << m->RB) - 1;
  /* reads */
  uint32_t rs = in->rd_slot & amask;
  d->rs = (in->rd_valid & 1) && rs < (uint32_t)m->A ? (int)rs : -1;
  uint32_t reg[3], use = in->rd_use & 7, last = in->rd_last & 7;
  d->hit = d->mrf_rd = 0;
  memset(d->kill, 0, (size_t)m->N);
  for (int k = 0; k < 3; k++) {
    reg[k] = in->rd_reg >> (k * m->RB) & rmask;
    d->mi[k] = -1;
    if (d->rs >= 0 && (use >> k & 1))
      for (int e = 0; e < m->E; e++) {
        int i = d->rs * m->E + e;
        if (m->valid[i] && m->tag[i] == reg[k]) { d->mi[k] = i; break; }
      }
    if (d->mi[k] >= 0) {
      d->hit |= 1u << k;
      if (last >> k & 1) d->kill[d->mi[k]] = 1;
    }
  }
  int dup1 = (use & 1) && reg[1] == reg[0];
  int dup2 = ((use & 1) && reg[2] == reg[0]) || ((use & 2) && reg[2] == reg[1]);
  uint32_t dup = (uint32_t)dup1 << 1 | (uint32_t)dup2 << 2;
  d->mrf_rd = (in->rd_valid & 1) ? use & ~d->hit & ~dup & 7 : 0;
  /* the write */
  uint32_t wsl = in->wr_slot & amask;
  int wv = in->wr_valid & 1, byp = in->wr_bypass & 1;
  d->ws = wv && (in->wr_active & 1) && wsl < (uint32_t)m->A ? (int)wsl : -1;
  d->wreg = in->wr_reg & rmask;
  d->wmatch = -1;
  if (d->ws >= 0)
    for (int e = 0; e < m->E; e++) {
      int i = d->ws * m->E + e;
      if (m->valid[i] && m->tag[i] == d->wreg) { d->wmatch = i; break; }
    }
  uint32_t tmask = m->T >= 32 ? ~0u : (1u << m->T) - 1;
  int full = (in->wr_mask & tmask) == tmask;
  d->hit_w = d->ws >= 0 && !byp && d->wmatch >= 0;
  d->alloc = d->ws >= 0 && !byp && !d->hit_w && full;
  d->mrf = wv && !d->hit_w && !d->alloc;
  d->vict = d->alloc ? d->ws * m->E + (int)m->fifo[d->ws] : -1;
  d->evict = d->vict >= 0 && m->valid[d->vict] && !(m->dead[d->vict] || d->kill[d->vict]);
  d->inval = wv && byp ? d->wmatch : -1;
  d->wen = d->vict >= 0 ? d->vict : d->hit_w ? d->wmatch : -1;
  memset(d->wbits, 0, sizeof d->wbits);
  for (int t = 0; t < m->T; t++)   /* thread t's DB bits, set a word at a time */
    if (in->wr_mask >> t & 1) rfc_set_range(d->wbits, t * m->DB, m->DB);
  for (int w = 0; w < RFC_WORDS; w++)
    d->wdata[w] = w < m->words ? in->wr_data[w] & (w == m->words - 1 ? m->last_mask : ~0u) : 0;
  /* the flush */
  uint32_t fsl = in->fl_slot & amask;
  d->fs = (in->fl_valid & 1) && fsl < (uint32_t)m->A ? (int)fsl : -1;
  d->kill_fl = in->fl_kill & 1;
}

/* entry i after this cycle's read and write, before the flush */
static int rfc_valid_w(const rfc_model *m, const rfc_decision *d, int i) {
  return (m->valid[i] && i != d->inval) || i == d->vict;
}
static int rfc_dead_w(const rfc_model *m, const rfc_decision *d, int i) {
  return (m->dead[i] || d->kill[i]) && i != d->wen;
}
static void rfc_data_w(const rfc_model *m, const rfc_decision *d, int i, uint32_t *dst) {
  for (int w = 0; w < m->words; w++)
    dst[w] = i == d->wen ? (m->data[i][w] & ~d->wbits[w]) | (d->wdata[w] & d->wbits[w]) : m->data[i][w];
}

/* OR 'bits' bits from src (bit 0) into dst at bit offset 'at', a source word at a time */
static void rfc_put_bits(uint32_t *dst, int at, const uint32_t *src, int bits) {
  for (int k = 0; bits > 0; k++, bits -= 32, at += 32) {
    uint32_t v = bits >= 32 ? src[k] : src[k] & ((1u << bits) - 1);
    int o = at % 32;
    dst[at / 32] |= v << o;
    if (o && (v >> (32 - o))) dst[at / 32 + 1] |= v >> (32 - o);
  }
}

static void rfc_outputs(const rfc_model *m, const rfc_in *in, const rfc_decision *d, rfc_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  out->rd_hit = d->hit;
  uint32_t *rd[3] = {out->rd_data0, out->rd_data1, out->rd_data2};
  for (int k = 0; k < 3; k++)
    if (d->mi[k] >= 0) memcpy(rd[k], m->data[d->mi[k]], sizeof(uint32_t) * (size_t)m->words);
  out->mrf_rd = d->mrf_rd;
  out->mrf_rd_n = (d->mrf_rd & 1) + (d->mrf_rd >> 1 & 1) + (d->mrf_rd >> 2 & 1);
  out->wr_hit = (uint32_t)d->hit_w;
  out->wr_alloc = (uint32_t)d->alloc;
  out->wr_mrf = (uint32_t)d->mrf;
  if (d->evict) {
    out->ev_wb = 1;
    out->ev_reg = m->tag[d->vict];
    memcpy(out->ev_data, m->data[d->vict], sizeof(uint32_t) * (size_t)m->words);
  }
  uint32_t n = (uint32_t)d->mrf + (uint32_t)d->evict;
  if (d->fs >= 0 && !d->kill_fl)
    for (int e = 0; e < m->E; e++) {
      int i = d->fs * m->E + e;
      if (!rfc_valid_w(m, d, i) || rfc_dead_w(m, d, i)) continue;
      out->fl_wb |= 1u << e;
      uint32_t tg = i == d->vict ? d->wreg : m->tag[i];
      out->fl_reg |= (uint64_t)tg << (e * m->RB);
      uint32_t v[RFC_WORDS];
      rfc_data_w(m, d, i, v);
      rfc_put_bits(out->fl_data, e * m->DW, v, m->DW);
      n++;
    }
  out->mrf_wr_n = n;
}

static void rfc_apply(rfc_model *m, const rfc_in *in, const rfc_decision *d) {
  (void)in;
  for (int i = 0; i < m->N; i++) m->dead[i] = (uint8_t)rfc_dead_w(m, d, i);
  if (d->wen >= 0) {
    uint32_t v[RFC_WORDS];
    rfc_data_w(m, d, d->wen, v);
    memcpy(m->data[d->wen], v, sizeof(uint32_t) * (size_t)m->words);
    if (d->wen == d->vict) m->tag[d->wen] = d->wreg;
  }
  if (d->inval >= 0) m->valid[d->inval] = 0;
  if (d->vict >= 0) {
    m->valid[d->vict] = 1;
    m->fifo[d->ws] = m->fifo[d->ws] + 1 == (uint32_t)m->E ? 0 : m->fifo[d->ws] + 1;
  }
  if (d->fs >= 0) {
    for (int e = 0; e < m->E; e++) m->valid[d->fs * m->E + e] = 0;
    m->fifo[d->fs] = 0;
  }
}

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(rfc, rfc_decision, rfc_decide);
