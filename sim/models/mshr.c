/*
** mshr.c -- C reference model of block 'mshr' (see mshr.h and
** docs/blocks/mshr.md).  The combinational decisions of a cycle (the
** request's outcome, the fill's entry, the entry on the drain port) are
** computed once, by mshr_decide(), for both eval and tick.
*/
#include "mshr.h"
#include "models.h"

#include <string.h>

static uint64_t mshr_low(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }

int mshr_init(mshr_model *m, const mshr_params *p) {
  /* the descriptor's ranges (mshr_io.h), then its cross-parameter rule */
  if (mshr_params_check(p, NULL, 0) || p->AF_FREE >= p->ENTRIES) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->n = (int)p->ENTRIES;
  m->m = (int)p->MERGES;
  m->addr_mask = mshr_low((int)p->ADDR_BITS);
  m->all_mask = mshr_low(m->n);
  m->pay_mask = (uint32_t)mshr_low((int)p->PAYLOAD_BITS);
  m->af_occ = (uint32_t)(p->ENTRIES - p->AF_FREE);
  mshr_reset(m);
  return 0;
}

/* Reset frees every entry; addresses and waiters stay (the RTL does not
** reset them either) and are never visible while free. */
void mshr_reset(mshr_model *m) {
  for (int i = 0; i < MSHR_MAX_ENTRIES; i++) {
    m->e[i].state = MSHR_FREE;
    m->e[i].len = 0;
  }
  m->drain_ptr = 0;
  m->rr_mask = 0;
  m->occ = 0;
  m->used = m->ready = m->draining = 0;
  memset(m->head, -1, sizeof m->head);
}

static unsigned mshr_hash(uint64_t addr) {
  return (unsigned)(addr ^ addr >> 7 ^ addr >> 14 ^ addr >> 21) & (MSHR_HASH - 1);
}

/* the entry in use for line 'addr', or -1 (at most one: invariant) */
static int mshr_match(const mshr_model *m, uint64_t addr) {
  for (int i = m->head[mshr_hash(addr)]; i >= 0; i = m->e[i].next)
    if (m->e[i].addr == addr) return i;
  return -1;
}

static int mshr_first_free(const mshr_model *m) {
  uint64_t f = ~m->used & m->all_mask;
  return f ? __builtin_ctzll(f) : -1;
}

mshr_result mshr_lookup(const mshr_model *m, uint64_t addr, int noalloc, int *entry) {
  int e = mshr_match(m, addr & m->addr_mask);
  mshr_result r;
  if (e >= 0) {
    if (m->e[e].state != MSHR_PENDING) r = MSHR_REJ_DRAINING;
    else r = m->e[e].len == m->m ? MSHR_REJ_LIST_FULL : MSHR_MERGE;
  } else if (m->occ == (uint32_t)m->n) {
    r = MSHR_REJ_TABLE_FULL;
  } else if (noalloc) {
    r = MSHR_REJ_NOALLOC;
  } else {
    r = MSHR_ALLOC;
    e = mshr_first_free(m);
  }
  if (entry) *entry = e;
  return r;
}

/* the entry on the drain port: the draining one, else round robin among the ready */
static int mshr_drain_sel(const mshr_model *m) {
  if (m->draining) return __builtin_ctzll(m->draining);
  uint64_t after = m->ready & m->rr_mask;
  if (after) return __builtin_ctzll(after);
  return m->ready ? __builtin_ctzll(m->ready) : -1;
}

typedef struct mshr_decision {
  mshr_result res;
  int touch;      /* entry merged into or allocated, or -1 */
  int fill;       /* pending entry the fill hits, or -1 */
  int dsel;       /* entry on the drain port, or -1 */
  int last, pop, done;
} mshr_decision;

static void mshr_decide(const mshr_model *m, const mshr_in *in, mshr_decision *d) {
  int e = -1;
  d->res = MSHR_NONE;
  d->touch = -1;
  if (in->req_valid & 1) {
    d->res = mshr_lookup(m, in->req_addr, (int)(in->req_noalloc & 1), &e);
    if (d->res == MSHR_ALLOC || d->res == MSHR_MERGE) d->touch = e;
  }
  d->fill = -1;
  if (in->fill_valid & 1) {
    int f = mshr_match(m, in->fill_addr & m->addr_mask);
    if (f >= 0 && m->e[f].state == MSHR_PENDING) d->fill = f;
  }
  d->dsel = mshr_drain_sel(m);
  d->last = d->dsel >= 0 && m->drain_ptr + 1 == m->e[d->dsel].len;
  d->pop = d->dsel >= 0 && (in->drain_ready & 1);
  d->done = d->pop && d->last;
}

mshr_result mshr_outcome(const mshr_out *o) {
  if (o->req_alloc) return MSHR_ALLOC;
  if (o->req_merge) return MSHR_MERGE;
  if (o->rej_list_full) return MSHR_REJ_LIST_FULL;
  if (o->rej_table_full) return MSHR_REJ_TABLE_FULL;
  if (o->rej_draining) return MSHR_REJ_DRAINING;
  if (o->rej_noalloc) return MSHR_REJ_NOALLOC;
  return MSHR_NONE;
}

static void mshr_outputs(const mshr_model *m, const mshr_in *in, const mshr_decision *d, mshr_out *out) {
  (void)in;
  memset(out, 0, sizeof *out);
  out->req_alloc = d->res == MSHR_ALLOC;
  out->req_merge = d->res == MSHR_MERGE;
  out->rej_list_full = d->res == MSHR_REJ_LIST_FULL;
  out->rej_table_full = d->res == MSHR_REJ_TABLE_FULL;
  out->rej_draining = d->res == MSHR_REJ_DRAINING;
  out->rej_noalloc = d->res == MSHR_REJ_NOALLOC;
  if (d->touch >= 0) {
    out->req_entry = (uint32_t)d->touch;
    out->req_merge_len = d->res == MSHR_ALLOC ? 1u : (uint32_t)m->e[d->touch].len + 1;
  }
  if (d->fill >= 0) {
    out->fill_hit = 1;
    out->fill_entry = (uint32_t)d->fill;
  }
  if (d->dsel >= 0) {
    out->drain_valid = 1;
    out->drain_entry = (uint32_t)d->dsel;
    out->drain_addr = m->e[d->dsel].addr;
    out->drain_payload = m->wait[d->dsel][m->drain_ptr];
    out->drain_last = (uint32_t)d->last;
  }
  out->occupancy = m->occ;
  out->full = m->occ == (uint32_t)m->n;
  out->almost_full = m->occ >= m->af_occ;
}

static void mshr_apply(mshr_model *m, const mshr_in *in, const mshr_decision *d) {
  (void)in;
  if (d->touch >= 0) {
    int e = d->touch;
    if (d->res == MSHR_ALLOC) {
      m->e[e].state = MSHR_PENDING;
      m->used |= (uint64_t)1 << e;
      m->e[e].addr = in->req_addr & m->addr_mask;
      unsigned h = mshr_hash(m->e[e].addr);
      m->e[e].next = m->head[h];
      m->head[h] = (int8_t)e;
      m->occ++;
    }
    m->wait[e][m->e[e].len] = in->req_payload & m->pay_mask;
    m->e[e].len++;
  }
  if (d->fill >= 0) {                                 /* may coincide with a merge */
    m->e[d->fill].state = MSHR_READY;
    m->ready |= (uint64_t)1 << d->fill;
  }
  if (d->dsel >= 0) {
    if (d->done) {
      m->e[d->dsel].state = MSHR_FREE;
      m->used &= ~((uint64_t)1 << d->dsel);
      int8_t *link = &m->head[mshr_hash(m->e[d->dsel].addr)];
      while (*link != d->dsel) link = &m->e[*link].next;
      *link = m->e[d->dsel].next;
      m->ready &= ~((uint64_t)1 << d->dsel);
      m->draining &= ~((uint64_t)1 << d->dsel);
      m->e[d->dsel].len = 0;
      m->drain_ptr = 0;
      m->rr_mask = ~mshr_low(d->dsel + 1) & m->all_mask;
      m->occ--;
    } else {
      m->e[d->dsel].state = MSHR_DRAINING;   /* shown: locked until its last waiter */
      m->ready &= ~((uint64_t)1 << d->dsel);
      m->draining |= (uint64_t)1 << d->dsel;
      if (d->pop) m->drain_ptr++;
    }
  }
}

/* eval, tick and step around one decision a cycle, and the ops (models.h) */
WG_MODEL_FUSED(mshr, mshr_decision, mshr_decide);
