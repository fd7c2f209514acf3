/*
** stim.h -- stimulus generators, generic over blocks.  A generator fills
** the whole <block>_in struct every cycle (never reads the outputs, so the
** same stream drives RTL and model), and a directed one also states what
** the outputs must be at chosen cycles: 'check' sees the model's outputs
** (which the harness has already proven equal to the RTL's).
*/
#ifndef WG_STIM_H
#define WG_STIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct wg_stim_ops {
  const char *block, *name;   /* name: "random" or "directed" */
  size_t      size;           /* bytes of generator state */
  /* 0 ok; nonzero if this generator cannot drive this parameter set (msg) */
  int      (*init)(void *st, const void *params, uint64_t seed, char *msg, size_t n);
  void     (*next)(void *st, uint64_t cycle, void *in);
  int      (*check)(void *st, uint64_t cycle, const void *out, char *msg, size_t n);  /* may be NULL */
  uint64_t (*length)(const void *st);   /* cycles a directed run needs; 0: unbounded */
} wg_stim_ops;

const wg_stim_ops *wg_find_stim(const char *block, const char *name);

/* splitmix64: small, fast, and reproducible from one 64-bit seed */
static inline uint64_t wg_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static inline uint32_t wg_rand_below(uint64_t *s, uint32_t n) {
  return (uint32_t)(((wg_rand(s) >> 32) * n) >> 32);
}
/* 64 independent bits, each 1 with probability k/8 (k in 0..8) */
static inline uint64_t wg_rand_bits8(uint64_t *s, unsigned k) {
  if (k == 0) return 0;
  if (k >= 8) return ~(uint64_t)0;
  uint64_t r0 = wg_rand(s), r1 = wg_rand(s), r2 = wg_rand(s), m = 0;
  for (unsigned v = 0; v < k; v++)   /* bit set where the 3-bit value r < k */
    m |= ((v & 4) ? r2 : ~r2) & ((v & 2) ? r1 : ~r1) & ((v & 1) ? r0 : ~r0);
  return m;
}

#endif
