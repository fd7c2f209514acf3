/*
** rexq.c -- C reference model of block 'rexq' (see rexq.h and
** docs/blocks/rexq.md).  The combinational decisions of a cycle (ACK/NACK,
** push accepted or refused, LSU stall, issue) are computed once, by
** rexq_decide(), for both eval and tick, so the two cannot disagree.
*/
#include "rexq.h"
#include "models.h"

#include <string.h>

static uint64_t rexq_low(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }
static int rexq_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }

int rexq_init(rexq_model *m, const rexq_params *p) {
  /* the descriptor's ranges (rexq_io.h) */
  if (rexq_params_check(p, NULL, 0)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->n = (int)p->ENTRIES;
  int ow = (int)(p->THREADS * p->OFFSET_BITS);
  m->offs_words = (ow + 31) / 32;
  m->offs_last_mask = (uint32_t)rexq_low(ow - 32 * (m->offs_words - 1));
  m->base_mask = rexq_low((int)p->ADDR_BITS);
  m->thread_mask = rexq_low((int)p->THREADS);
  m->warp_mask = (uint32_t)rexq_low(rexq_clog2(p->WARPS));
  m->reg_mask = (uint32_t)rexq_low((int)p->REG_BITS);
  rexq_reset(m);
  return 0;
}

/* Reset empties the queue; the entries' contents stay (the RTL does not
** reset them either) and are never visible while free. */
void rexq_reset(rexq_model *m) {
  m->head = m->tail = m->count = m->in_flight = 0;
  memset(m->warp_n, 0, sizeof m->warp_n);
  m->busy = 0;
}

static uint32_t rexq_next(const rexq_model *m, uint32_t ptr) {
  return ptr + 1 == (uint32_t)m->n ? 0 : ptr + 1;
}

typedef struct rexq_decision {
  uint64_t busy;
  int full, empty, ack, nack, conflict, push_ok, stall, issue;
} rexq_decision;

static void rexq_decide(const rexq_model *m, const rexq_in *in, rexq_decision *d) {
  int push = in->push & 1, res = in->res_valid & 1;
  d->busy = m->busy;   /* per warp: has a request in the queue */
  d->full = m->count == (uint32_t)m->n;
  d->empty = m->count == 0;
  d->ack = m->in_flight && res && (in->res_ack & 1);
  d->nack = m->in_flight && res && !(in->res_ack & 1);
  uint32_t w = in->push_warp & m->warp_mask;
  int legal = w < (uint32_t)m->p.WARPS;
  int warp_busy = legal && (d->busy >> w & 1);
  /* one memory instruction per warp: only further requests of the queued one join */
  d->conflict = push && (!legal || (warp_busy && !(in->push_more & 1)));
  /* one write port: a cycle whose NACK recycles the head takes no push */
  d->push_ok = push && !d->full && !d->conflict && !d->nack;
  d->stall = push && !d->push_ok;
  /* thesis' two conditions: the LSU has no new request, or it is stalled */
  d->issue = !d->empty && !m->in_flight && (!(in->lsu_req & 1) || d->stall);
}

/* every field set on every path, D read through its pointer: a memset of the output struct and a
** copy of the decision were most of the step (block moves, every cycle) */
static void rexq_outputs(const rexq_model *m, const rexq_in *in, const rexq_decision *d, rexq_out *out) {
  (void)in;
  out->issue = (uint32_t)d->issue;
  out->in_flight = m->in_flight;
  if (!d->empty) {
    const rexq_entry *e = &m->q[m->head];
    out->head_warp = e->warp;
    out->head_base = e->base;
    memcpy(out->head_offs, e->offs, sizeof e->offs);
    out->head_mask = e->mask;
    out->head_reg = e->reg;
    out->head_st = e->st;
  } else {   /* head_* are 0 when the queue is empty */
    out->head_warp = 0;
    out->head_base = 0;
    memset(out->head_offs, 0, sizeof out->head_offs);
    out->head_mask = 0;
    out->head_reg = 0;
    out->head_st = 0;
  }
  out->count = m->count;
  out->full = (uint32_t)d->full;
  out->empty = (uint32_t)d->empty;
  out->warp_busy = d->busy;
  out->push_ok = (uint32_t)d->push_ok;
  out->push_conflict = (uint32_t)d->conflict;
  out->lsu_stall = (uint32_t)d->stall;
}

static void rexq_apply(rexq_model *m, const rexq_in *in, const rexq_decision *d) {
  (void)in;
  if (d->nack) m->q[m->tail] = m->q[m->head];   /* the head moves to the tail */
  if (d->push_ok) {
    rexq_entry *e = &m->q[m->tail];
    e->base = in->push_base & m->base_mask;
    memset(e->offs, 0, sizeof e->offs);
    for (int k = 0; k < m->offs_words; k++)
      e->offs[k] = in->push_offs[k] & (k == m->offs_words - 1 ? m->offs_last_mask : ~0u);
    e->warp = in->push_warp & m->warp_mask;
    e->reg = in->push_reg & m->reg_mask;
    e->mask = in->push_mask & m->thread_mask;
    e->st = in->push_st & 1;
  }
  if (d->ack) {   /* the head leaves the queue (a NACKed head only moves to the tail) */
    uint32_t w = m->q[m->head].warp;
    if (--m->warp_n[w] == 0) m->busy &= ~((uint64_t)1 << w);
  }
  if (d->push_ok) {
    uint32_t w = m->q[m->tail].warp;   /* a queued id is always < WARPS <= 64 */
    m->warp_n[w]++;
    m->busy |= (uint64_t)1 << w;
  }
  if (d->ack || d->nack) m->head = rexq_next(m, m->head);
  if (d->nack || d->push_ok) m->tail = rexq_next(m, m->tail);
  m->count = m->count + (uint32_t)d->push_ok - (uint32_t)d->ack;
  m->in_flight = (uint32_t)(d->issue || (m->in_flight && !(in->res_valid & 1)));
}

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(rexq, rexq_decision, rexq_decide);
