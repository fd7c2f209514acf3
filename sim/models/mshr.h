/*
** mshr.h -- C reference model of the merging MSHR file (block 'mshr'; the
** MIB thesis, Li, UBC 2015: 2.2, Fig. 2.2, Table 5.1; GPGPU-Sim's
** 'mshr_table').  Cycle-exact against the generated RTL; the contract is
** docs/design.md's ("C model contract"), the rules are in docs/blocks/mshr.md.
**
** Entry states: FREE -> PENDING (allocated by a first miss; later misses to
** the line merge) -> READY (filled) -> DRAINING (on the drain port) -> FREE
** after its last waiter.  A request to a READY or DRAINING line never merges:
** it is rejected with MSHR_REJ_DRAINING (retry: the line is in the cache).
**
** A performance model uses it as its L1 or L2 MSHR, once per cycle:
**   mshr_in in; mshr_out out;
**   mshr_in_clear(&in);
**   r = mshr_lookup(&m, blk, noalloc, &e);  // optional: what a miss would get now
**   mshr_in_request(&in, blk, waiter, noalloc);  // a miss (at most one per cycle)
**   mshr_in_fill(&in, blk);                      // a line arrived from below
**   mshr_in_drain(&in, 1);                       // the response port can take a waiter
**   mshr_step(&m, &in, &out);                    // outputs of this cycle, then the edge
**   out.req_alloc: send the miss down; out.req_merge: nothing to send;
**   out.rej_*: retry later; out.drain_valid && drain_ready: out.drain_payload
**   is served (out.drain_last: the entry is free after this cycle).
** mshr_step is exactly mshr_eval followed by mshr_tick, with the one
** decision both make (no second implementation).
*/
#ifndef MSHR_MODEL_H
#define MSHR_MODEL_H

#include "mshr_io.h"

#define MSHR_MAX_ENTRIES MSHR_ENTRIES_MAX   /* the descriptor's ranges, from mshr_io.h */
#define MSHR_MAX_MERGES  MSHR_MERGES_MAX

/* the entry state: MSHR_FREE, MSHR_PENDING, MSHR_READY, MSHR_DRAINING, from mshr_io.h (the descriptor's encoding) */

typedef enum mshr_result {   /* outcome of a request */
  MSHR_NONE = 0,             /* no request */
  MSHR_ALLOC,                /* first miss to the line: a free entry is taken */
  MSHR_MERGE,                /* joins the line's pending entry */
  MSHR_REJ_LIST_FULL,        /* the pending entry holds MERGES requests */
  MSHR_REJ_TABLE_FULL,       /* no entry for the line, none free */
  MSHR_REJ_DRAINING,         /* the line's entry is filled (ready/draining): never merges */
  MSHR_REJ_NOALLOC           /* would allocate, but the caller forbade it (miss queue full) */
} mshr_result;

#define MSHR_HASH 128                       /* chains of the address hash (a power of two) */

/* one entry: what a look-up, a fill and a drain read of it, side by side (one cache line holds
** four), its waiters after the entries */
typedef struct mshr_entry {
  uint64_t addr;
  int8_t   next;                            /* next entry of its address chain, -1: last */
  uint8_t  state;
  uint8_t  len;                             /* merge length, 0 when free */
} mshr_entry;

/* (the fields a cycle reads first come first: a performance model steps many of these, and
** each cache line a step touches counts) */
typedef struct mshr_model {
  /* derived at init */
  int      n, m;                            /* ENTRIES, MERGES */
  uint64_t addr_mask, all_mask;             /* ADDR_BITS ones; ENTRIES ones */
  uint32_t pay_mask;
  uint32_t af_occ;                          /* almost_full when occ >= this */
  /* state = the RTL's registers: the scalars, then the per-entry arrays */
  uint32_t drain_ptr;                       /* next waiter of the draining entry */
  uint32_t occ;
  uint64_t rr_mask;                         /* entries after the last one drained */
  /* derived from the state, for speed: the states as bit masks, and the entries in
  ** use chained by a hash of their address (the RTL's CAM as a lookup that visits
  ** one chain, not every entry) */
  uint64_t used, ready, draining;           /* entries not FREE; READY; DRAINING */
  int8_t   head[MSHR_HASH];                 /* first entry of each chain, -1: none */
  mshr_entry e[MSHR_MAX_ENTRIES];
  uint32_t wait[MSHR_MAX_ENTRIES][MSHR_MAX_MERGES];   /* waiters in merge order */
  mshr_params p;
} mshr_model;

int  mshr_init (mshr_model *m, const mshr_params *p);   /* 0 ok, -1 illegal p */
void mshr_reset(mshr_model *m);
void mshr_eval (const mshr_model *m, const mshr_in *in, mshr_out *out);
void mshr_tick (mshr_model *m, const mshr_in *in);

/* ---- the performance model's API (all built on eval/tick) ---- */

/* What a request to block 'addr' gets this cycle (pure; the rule eval
** applies); *entry is the entry it would merge into or allocate, or the
** matching entry when rejected on a hit, else -1.  Can't fail. */
mshr_result mshr_lookup(const mshr_model *m, uint64_t addr, int noalloc, int *entry);

static inline void mshr_in_clear(mshr_in *in) {
  *in = (mshr_in){0};
}
static inline void mshr_in_request(mshr_in *in, uint64_t addr, uint32_t waiter, int noalloc) {
  in->req_valid = 1; in->req_addr = addr; in->req_payload = waiter; in->req_noalloc = (uint32_t)(noalloc != 0);
}
static inline void mshr_in_fill(mshr_in *in, uint64_t addr) { in->fill_valid = 1; in->fill_addr = addr; }
static inline void mshr_in_drain(mshr_in *in, int ready) { in->drain_ready = (uint32_t)(ready != 0); }

/* One cycle: this cycle's outputs, then the clock edge (one decision for both). */
void mshr_step(mshr_model *m, const mshr_in *in, mshr_out *out);

/* The outcome a cycle's outputs report for its request. */
mshr_result mshr_outcome(const mshr_out *out);

/* Inspection (statistics, debugging). */
static inline int      mshr_state(const mshr_model *m, int e) { return m->e[e].state; }
static inline int      mshr_merge_len(const mshr_model *m, int e) { return m->e[e].len; }
static inline uint32_t mshr_occupancy(const mshr_model *m) { return m->occ; }
static inline int      mshr_full(const mshr_model *m) { return m->occ == (uint32_t)m->n; }

#endif
