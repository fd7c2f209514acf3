/*
** rexq.h -- C reference model of Mascar's re-execution queue beside the LSU
** (block 'rexq'; thesis 4.3.3-4.3.4, Fig. 4.7, Table 4.2).  Cycle-exact
** against the generated RTL; the model contract is in docs/design.md ("C model
** contract"), the rules and the interface timing in docs/blocks/rexq.md.
**
** A performance model drives it directly, once per cycle:
**   rexq_eval(&q, &in, &out);   // this cycle's outputs: issue, lsu_stall, head_*, ...
**   ... act on out (send the head to the L1 when out.issue, ...) ...
**   rexq_tick(&q, &in);         // the clock edge
** The in/out structs are the generated rexq_in/rexq_out (rexq_io.h); the
** helpers below pack and unpack the per-thread offsets.
*/
#ifndef REXQ_MODEL_H
#define REXQ_MODEL_H

#include "rexq_io.h"

#define REXQ_MAX_ENTRIES REXQ_ENTRIES_MAX   /* from rexq_io.h */
/* 32-bit words of a request's per-thread offsets (THREADS x OFFSET_BITS <= 512) */
#define REXQ_OFFS_WORDS ((int)(sizeof(((rexq_in *)0)->push_offs) / sizeof(uint32_t)))

typedef struct rexq_entry {      /* one queued request, as the RTL stores it */
  uint64_t base;                 /* segment base address (paper) */
  uint32_t offs[REXQ_OFFS_WORDS];/* per-thread byte offsets (paper) */
  uint32_t warp;                 /* warp id (paper) */
  uint32_t reg;                  /* destination / data register (paper) */
  uint64_t mask;                 /* threads served (implementation) */
  uint32_t st;                   /* 1 store, 0 load (implementation) */
} rexq_entry;

typedef struct rexq_model {
  rexq_params p;
  /* derived at init */
  int      n;                    /* ENTRIES */
  int      offs_words;           /* words of offsets in use */
  uint32_t offs_last_mask;       /* valid bits of the last offsets word */
  uint64_t base_mask, thread_mask;
  uint32_t warp_mask, reg_mask;
  /* state = the RTL's registers */
  uint32_t head, tail, count, in_flight;
  rexq_entry q[REXQ_MAX_ENTRIES];
  /* derived from the queue, kept as it changes (a scan of the queue was a fifth of a
  ** lockstep cycle): queued requests per warp, and the warps with one */
  uint8_t  warp_n[64];
  uint64_t busy;
} rexq_model;

int  rexq_init (rexq_model *m, const rexq_params *p);   /* 0 ok, -1 illegal p */
void rexq_reset(rexq_model *m);
void rexq_eval (const rexq_model *m, const rexq_in *in, rexq_out *out);
void rexq_tick (rexq_model *m, const rexq_in *in);
void rexq_step (rexq_model *m, const rexq_in *in, rexq_out *out);   /* eval, then tick, one decision */

/* The k-th oldest queued request (k < count), for statistics and debugging. */
static inline const rexq_entry *rexq_at(const rexq_model *m, int k) {
  return &m->q[(m->head + (uint32_t)k) % (uint32_t)m->n];
}

/* Thread t's offset field (ob bits) in a packed offsets array. */
static inline uint32_t rexq_offset_get(const uint32_t *offs, int t, int ob) {
  int bit = t * ob, w = bit / 32, s = bit % 32;
  uint64_t v = offs[w] >> s;
  if (s + ob > 32) v |= (uint64_t)offs[w + 1] << (32 - s);
  return (uint32_t)(v & ((1u << ob) - 1));
}
static inline void rexq_offset_set(uint32_t *offs, int t, int ob, uint32_t v) {
  for (int b = 0; b < ob; b++) {
    int bit = t * ob + b;
    uint32_t m = 1u << (bit % 32);
    if (v >> b & 1) offs[bit / 32] |= m;
    else offs[bit / 32] &= ~m;
  }
}

#endif
