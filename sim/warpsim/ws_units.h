/*
** ws_units.h -- the pieces warpsim's SM and memory side are both built of:
** memory packets and bounded rings of them, set-associative tag arrays with
** true LRU, the coalescer, and the statistics kept around an 'mshr' block.
** They know nothing of an SM or a partition (ws_units.c; unit tests in
** tb/warpsim/test_model.c).
*/
#ifndef WS_UNITS_H
#define WS_UNITS_H

#include <stdint.h>
#include "mshr_io.h"

#define WS_NEVER        INT64_MAX
#define WS_LINE_MASK    ((UINT64_C(1) << 58) - 1)   /* line indices: the mshr block's ADDR_BITS limit */
#define WS_OCC_BUCKETS  9       /* MSHR occupancy histogram: 0, 1-12.5 %, ..., 87.5-100 % of the entries */

/* ---- a memory packet: a line request or response ---- */
typedef struct ws_pkt {
  uint64_t line;          /* global line index (byte address / line_bytes) */
  int64_t  ready;         /* cycle from which it may leave the queue it is in */
  int64_t  born;          /* cycle the L1 sent it (DRAM request age) */
  uint32_t tag;           /* SM side: the waiter (warp << 6 | register) of an L1 hit */
  uint16_t sm;            /* requesting SM */
  uint8_t  is_store;
} ws_pkt;

/* a bounded FIFO of packets (capacity fixed at init) */
typedef struct ws_ring {
  ws_pkt *buf;
  int     cap, head, count;
} ws_ring;

/* one way of a set: its line and last use (beside each other: a look-up reads both, and a
** set's ways share cache lines of the simulator's own memory) */
#define WS_WAY_DIRTY (UINT64_C(1) << 63)   /* in a way's tag: the line is dirty (a line index never reaches it) */
#define WS_WAY_EMPTY (UINT64_C(1) << 62)   /* an invalid way's tag: no line index equals it */

/* a set-associative tag array with true LRU */
typedef struct ws_cache {
  int       sets, ways, set_mask;
  /* per set, its ways' tags then their LRU stamps: a look-up reads the tags alone (one cache line
  ** up to 8 ways), a hit or a fill the stamps beside them.  A tag is the line (| WS_WAY_DIRTY),
  ** WS_WAY_EMPTY when invalid; a stamp the last use (LRU: the smallest is the victim), 0 when
  ** invalid.  Way i of set s: tag at set_data[2 * ways * s + i], stamp 'ways' further on. */
  uint64_t *set_data;
  int64_t  *pf;           /* a prefetch brought the line and no demand load has used it yet: the cycle it
                          ** was sent + 1 (0: none) */
  int       pf_used;      /* a mark was ever set (without a prefetcher the marks are never read or cleared) */
  uint64_t  clock;
  uint64_t  changes;      /* lines that entered or left: a line that missed misses again until this moves */
  int       victim_pf;    /* the last ws_cache_fill evicted such a line */
} ws_cache;

typedef struct ws_cache_stats {
  uint64_t load_hits, load_misses, store_hits, store_misses, evictions, dirty_evictions;
} ws_cache_stats;

typedef struct ws_mshr_stats {
  uint64_t alloc, merge, rej_list_full, rej_table_full, rej_draining, rej_noalloc;
  /* cycles at each occupancy: a counter per value, not per bucket (the bucket's division was 4 %
  ** of a memory-bound run), added a run at a time (ws_occ_run); ws_mshr_hist folds them */
  uint32_t entries;                        /* the block's ENTRIES */
  uint64_t cycles_at[MSHR_ENTRIES_MAX + 1];
} ws_mshr_stats;

/* ---- rings ---- */
int     ws_ring_init(ws_ring *r, int cap);
void    ws_ring_free(ws_ring *r);
static inline int     ws_ring_full(const ws_ring *r) { return r->count == r->cap; }
static inline ws_pkt *ws_ring_head(ws_ring *r) { return r->count ? &r->buf[r->head] : 0; }
/* (inline, wrapping by a compare: a division per push and pop was 4 % of a memory-bound run) */
static inline void ws_ring_push(ws_ring *r, const ws_pkt *p) {   /* caller checks room */
  int i = r->head + r->count;
  r->buf[i >= r->cap ? i - r->cap : i] = *p;
  r->count++;
}
static inline void ws_ring_pop(ws_ring *r) {
  r->head = r->head + 1 == r->cap ? 0 : r->head + 1;
  r->count--;
}

/* ---- tag arrays ---- */
int     ws_cache_init(ws_cache *c, int sets, int ways);
void    ws_cache_free(ws_cache *c);
/* 1 hit (LRU updated, dirty set if 'write'), 0 miss */
int     ws_cache_access(ws_cache *c, uint64_t line, int write);
/* insert (or refresh) a line; returns 1 and *victim when a valid line was
** evicted (*victim_dirty says if it was dirty) */
int     ws_cache_fill(ws_cache *c, uint64_t line, int dirty, uint64_t *victim, int *victim_dirty);
void    ws_cache_invalidate(ws_cache *c, uint64_t line);
/* the prefetch mark: is the line there (no LRU update); mark a line a prefetch
** sent at cycle SENT filled; a demand access takes the mark (SENT + 1, or 0 if
** the line has none) */
int     ws_cache_probe(const ws_cache *c, uint64_t line);
/* LINE's set on its way into the host's cache (a fill or look-up known a cycle ahead) */
static inline void ws_cache_prefetch(const ws_cache *c, uint64_t line) {
  if (c->sets == 0) return;
  const uint64_t *set = &c->set_data[2 * (size_t)(line & (uint64_t)c->set_mask) * (size_t)c->ways];
  __builtin_prefetch(set, 1);
  __builtin_prefetch(set + c->ways, 1);
}
void    ws_cache_mark_pf(ws_cache *c, uint64_t line, int64_t sent);
int64_t ws_cache_take_pf(ws_cache *c, uint64_t line);

/* The coalescer: active lanes' byte addresses -> distinct line indices in
** order of first appearance.  Returns the number of lines (0..32). */
int     ws_coalesce(const uint64_t addr[32], uint32_t active, int line_shift, uint64_t lines[32]);
/* its one-line case for the lanes' addresses v0 + lane * d, without them: 1 and the line, or -1
** where it cannot tell that way (then ws_coalesce) */
int     ws_coalesce_affine(uint64_t v0, uint64_t d, uint32_t active, int line_shift, uint64_t lines[32]);

/* ---- around an mshr block: its statistics, and what its outputs say of its entries ---- */
/* the histogram's current run: the occupancy being counted and its cycles not yet in cycles_at.
** A cycle adds to the run, kept beside the owner's other hot fields; the histogram's line is
** touched when the occupancy changes (and by ws_mshr_occupancy_flush before a report) */
typedef struct ws_occ_run {
  uint32_t held;
  uint64_t cycles;
} ws_occ_run;
static inline void ws_mshr_occupancy(ws_mshr_stats *s, ws_occ_run *r, uint32_t held, uint64_t cycles) {
  if (held != r->held) {
    s->cycles_at[r->held] += r->cycles;
    r->held = held;
    r->cycles = 0;
  }
  r->cycles += cycles;
}
static inline void ws_mshr_occupancy_flush(ws_mshr_stats *s, ws_occ_run *r) {
  s->cycles_at[r->held] += r->cycles;
  r->cycles = 0;
}
void    ws_mshr_hist(const ws_mshr_stats *s, uint64_t hist[WS_OCC_BUCKETS]);   /* 0, then eighths of the table */
static inline uint64_t ws_mshr_full_cycles(const ws_mshr_stats *s) { return s->cycles_at[s->entries]; }
uint32_t ws_mshr_held_after(const mshr_in *in, const mshr_out *out);
uint32_t ws_mshr_drainable_after(uint32_t before, const mshr_in *in, const mshr_out *out);
/* the outcome O of REQS requests (0: none, 1: this cycle's, n: n cycles repeating it) */
void    ws_mshr_count(ws_mshr_stats *s, const mshr_out *o, uint64_t reqs);

#endif
