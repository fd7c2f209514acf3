/*
** ws_units.c -- the pieces the SM and the memory side are built of (see
** ws_units.h): packet rings, tag arrays with true LRU, the coalescer, and the
** statistics around an 'mshr' block.
*/
#include "ws_units.h"

#include <stdlib.h>
#include <string.h>

/* ---- rings ---------------------------------------------------------------- */

int ws_ring_init(ws_ring *r, int cap) {
  r->buf = calloc((size_t)(cap > 0 ? cap : 1), sizeof *r->buf);
  r->cap = cap;
  r->head = r->count = 0;
  return r->buf ? 0 : -1;
}

void ws_ring_free(ws_ring *r) {
  free(r->buf);
  r->buf = NULL;
}

/* ---- tag arrays (true LRU by a use stamp) --------------------------------- */

int ws_cache_init(ws_cache *c, int sets, int ways) {
  memset(c, 0, sizeof *c);
  c->sets = sets;
  c->ways = ways;
  if (sets == 0) return 0;                       /* no cache: every access misses */
  c->set_mask = sets - 1;
  size_t n = (size_t)sets * (size_t)ways;
  c->set_data = aligned_alloc(64, (2 * n * sizeof *c->set_data + 63) / 64 * 64);   /* (a set's tags in as few lines as can be) */
  c->pf = calloc(n, sizeof *c->pf);
  if (!c->set_data || !c->pf) return -1;
  for (size_t s = 0; s < (size_t)sets; s++)
    for (int w = 0; w < ways; w++) {
      c->set_data[2 * (size_t)ways * s + (size_t)w] = WS_WAY_EMPTY;
      c->set_data[2 * (size_t)ways * s + (size_t)ways + (size_t)w] = 0;
    }
  return 0;
}

void ws_cache_free(ws_cache *c) {
  free(c->set_data);
  free(c->pf);
  c->set_data = NULL;
  c->pf = NULL;
}

/* LINE's set: its tags (its stamps at tags + ways); *way0: the set's first way's index */
static uint64_t *ws_cache_set(const ws_cache *c, uint64_t line, size_t *way0) {
  size_t s = (size_t)(line & (uint64_t)c->set_mask);
  *way0 = s * (size_t)c->ways;
  return &c->set_data[2 * *way0];
}

/* the way of LINE in SET (its tags), or -1 */
static int ws_cache_find_in(const ws_cache *c, const uint64_t *set, uint64_t line) {
  for (int w = 0; w < c->ways; w++)              /* (an invalid way's tag matches no line) */
    if ((set[w] & ~WS_WAY_DIRTY) == line) return w;
  return -1;
}

/* the index (set x ways + way) of LINE, or -1 */
static int ws_cache_find(const ws_cache *c, uint64_t line) {
  size_t way0;
  const uint64_t *set = ws_cache_set(c, line, &way0);
  int w = ws_cache_find_in(c, set, line);
  return w < 0 ? -1 : (int)way0 + w;
}

int ws_cache_access(ws_cache *c, uint64_t line, int write) {
  if (c->sets == 0) return 0;
  size_t way0;
  uint64_t *set = ws_cache_set(c, line, &way0);
  int w = ws_cache_find_in(c, set, line);
  if (w < 0) return 0;
  set[c->ways + w] = ++c->clock;
  if (write) set[w] |= WS_WAY_DIRTY;
  return 1;
}

int ws_cache_fill(ws_cache *c, uint64_t line, int dirty, uint64_t *victim, int *victim_dirty) {
  if (c->sets == 0) return 0;
  size_t way0;
  uint64_t *set = ws_cache_set(c, line, &way0), *stamp = set + c->ways;
  int w = ws_cache_find_in(c, set, line);
  if (w >= 0) {                                  /* already there (a write allocated it) */
    stamp[w] = ++c->clock;
    if (dirty) set[w] |= WS_WAY_DIRTY;
    return 0;
  }
  /* the first invalid way (stamp 0), else the least recently used */
  int v = 0;
  uint64_t least = stamp[0];
  for (int k = 1; k < c->ways && least; k++)
    if (stamp[k] < least) { least = stamp[k]; v = k; }
  int evicted = stamp[v] != 0;
  if (evicted) { *victim = set[v] & ~WS_WAY_DIRTY; *victim_dirty = (set[v] & WS_WAY_DIRTY) != 0; }
  c->victim_pf = 0;
  if (c->pf_used) {                              /* (a prefetcher's marks: untouched without one) */
    c->victim_pf = evicted && c->pf[way0 + (size_t)v] != 0;
    c->pf[way0 + (size_t)v] = 0;
  }
  set[v] = line | (dirty ? WS_WAY_DIRTY : 0);
  stamp[v] = ++c->clock;
  c->changes++;
  return evicted;
}

void ws_cache_invalidate(ws_cache *c, uint64_t line) {
  if (c->sets == 0) return;
  size_t way0;
  uint64_t *set = ws_cache_set(c, line, &way0);
  int w = ws_cache_find_in(c, set, line);
  if (w < 0) return;
  set[c->ways + w] = 0;
  set[w] = WS_WAY_EMPTY;
  if (c->pf_used) c->pf[way0 + (size_t)w] = 0;
  c->changes++;
}

int ws_cache_probe(const ws_cache *c, uint64_t line) {
  return c->sets != 0 && ws_cache_find(c, line) >= 0;
}

void ws_cache_mark_pf(ws_cache *c, uint64_t line, int64_t sent) {
  if (c->sets == 0) return;
  int i = ws_cache_find(c, line);
  if (i >= 0) {
    c->pf[i] = sent + 1;
    c->pf_used = 1;
  }
}

int64_t ws_cache_take_pf(ws_cache *c, uint64_t line) {
  if (c->sets == 0 || !c->pf_used) return 0;
  int i = ws_cache_find(c, line);
  if (i < 0 || !c->pf[i]) return 0;
  int64_t v = c->pf[i];
  c->pf[i] = 0;
  return v;
}

/* ---- the coalescer ---------------------------------------------------------- */

int ws_coalesce(const uint64_t addr[32], uint32_t active, int line_shift, uint64_t lines[32]) {
  if (!active) return 0;
  /* the common case first: every active lane in the first active lane's line (a loop without
  ** branches), else the lines in order of first appearance */
  uint64_t first = (addr[__builtin_ctz(active)] >> line_shift) & WS_LINE_MASK, differ = 0;
  for (int lane = 0; lane < 32; lane++)
    differ |= (((addr[lane] >> line_shift) & WS_LINE_MASK) ^ first) & -(uint64_t)(active >> lane & 1);
  if (!differ) {
    lines[0] = first;
    return 1;
  }
  int n = 0;
  for (int lane = 0; lane < 32; lane++) {
    if (!(active >> lane & 1)) continue;
    uint64_t line = (addr[lane] >> line_shift) & WS_LINE_MASK;   /* the MSHR block's 58-bit key */
    int seen = 0;
    for (int k = 0; k < n && !seen; k++) seen = lines[k] == line;
    if (!seen) lines[n++] = line;
  }
  return n;
}

/* Lanes at v0 + lane * d (64-bit wrapping): when the active lanes' addresses run from the first
** active one to the last without wrapping, they lie between those two, so both in one line means
** all in it: that line, as ws_coalesce finds it, without a look at each lane.  -1: not that case
** (ws_coalesce on the lanes' addresses decides). */
int ws_coalesce_affine(uint64_t v0, uint64_t d, uint32_t active, int line_shift, uint64_t lines[32]) {
  if (!active) return 0;
  int first = __builtin_ctz(active), last = 31 - __builtin_clz(active);
  uint64_t a = v0 + (uint64_t)first * d, up = d >> 63 ? 0 - d : d;   /* |d| */
  if (up > UINT32_MAX) return -1;
  uint64_t span = (uint64_t)(last - first) * up;                     /* < 2^37: no overflow */
  uint64_t lo = d >> 63 ? a - span : a;
  if (d >> 63 ? a < span : a > UINT64_MAX - span) return -1;          /* wraps */
  if (lo >> line_shift != (lo + span) >> line_shift) return -1;
  lines[0] = (a >> line_shift) & WS_LINE_MASK;
  return 1;
}

/* ---- statistics helpers ----------------------------------------------------- */

void ws_mshr_count(ws_mshr_stats *s, const mshr_out *o, uint64_t reqs) {
  if (!reqs) return;                             /* a fill or a drain alone: no request to count */
  s->alloc += reqs * o->req_alloc;
  s->merge += reqs * o->req_merge;
  s->rej_list_full += reqs * o->rej_list_full;
  s->rej_table_full += reqs * o->rej_table_full;
  s->rej_draining += reqs * o->rej_draining;
  s->rej_noalloc += reqs * o->rej_noalloc;
}

/* the mshr block's entries in use after this cycle's edge, from its outputs:
** those shown this cycle, one more on an allocation, one fewer when the last
** waiter of an entry is taken */
uint32_t ws_mshr_held_after(const mshr_in *in, const mshr_out *out) {
  return out->occupancy + out->req_alloc - (out->drain_valid & out->drain_last & in->drain_ready);
}

/* its entries that hold a line to drain (filled, waiters not all taken), from its outputs:
** a fill that hits adds one, the last waiter taken removes one.  With none, and no
** request or fill, the block's cycle changes nothing and shows nothing: the pending
** entries only wait.  Skipping that cycle is exact (and saves 21 steps a cycle while
** misses are out). */
uint32_t ws_mshr_drainable_after(uint32_t before, const mshr_in *in, const mshr_out *out) {
  return before + (in->fill_valid & out->fill_hit) - (out->drain_valid & out->drain_last & in->drain_ready);
}

void ws_mshr_hist(const ws_mshr_stats *s, uint64_t hist[WS_OCC_BUCKETS]) {
  for (int b = 0; b < WS_OCC_BUCKETS; b++) hist[b] = 0;
  for (uint32_t occ = 0; occ <= s->entries; occ++) {
    int b = occ == 0 ? 0 : 1 + (int)(((uint64_t)occ * 8 - 1) / s->entries);   /* 1..8: eighths of the table */
    hist[b] += s->cycles_at[occ];
  }
}

