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
/* the random regimes' dice: a number in lo..hi; a bit that is 1 with probability k/8 */
static inline unsigned wg_rand_in(uint64_t *s, unsigned lo, unsigned hi) {
  return lo + wg_rand_below(s, hi - lo + 1);
}
static inline int wg_rand_k8(uint64_t *s, unsigned k) { return k >= 8 || wg_rand_below(s, 8) < k; }
/* 64 independent bits, each 1 with probability k/8 (k in 0..8) */
static inline uint64_t wg_rand_bits8(uint64_t *s, unsigned k) {
  if (k == 0) return 0;
  if (k >= 8) return ~(uint64_t)0;
  uint64_t r0 = wg_rand(s), r1 = wg_rand(s), r2 = wg_rand(s), m = 0;
  for (unsigned v = 0; v < k; v++)   /* bit set where the 3-bit value r < k */
    m |= ((v & 4) ? r2 : ~r2) & ((v & 2) ? r1 : ~r1) & ((v & 1) ? r0 : ~r0);
  return m;
}

/* ---- what every block's generators share (stim.c) ---- */

/* a random generator runs as long as the harness asks */
uint64_t wg_stim_unbounded(const void *st);
/* a random generator's coverage line is due after C cycles: at 10,000, 100,000,
** 1,000,000, ... and the halves from 50,000 on (a long run reports a few times) */
int      wg_stim_report_due(uint64_t c);

/* Directed tables: an array of a block's step structs, each one cycle's inputs and
** expected outputs with a 'what' that says what the step shows.  wg_dir_step gives
** the next step, zeroed; once max are taken it gives the last one again and the
** table's init refuses it with wg_dir_overflow's message. */
void *wg_dir_step(void *steps, int *count, int max, size_t size);
int   wg_dir_overflow(char *msg, size_t n, const char *block, int count, int max);

/* One expectation: WANT is checked unless it equals DONT_CARE; on a mismatch MSG
** says the cycle, what the step shows, the field and both values, and 1 is returned. */
int wg_expect(char *msg, size_t n, uint64_t cycle, const char *what, const char *field,
              int64_t got, int64_t want, int64_t dont_care);
/* the same in a check function (msg, n and cycle in scope) for field FIELD of step
** S: returns 1 from it on a mismatch */
#define WG_EXPECT(s, field, got, dont_care)                                                  \
  do {                                                                                       \
    if (wg_expect(msg, n, cycle, (s)->what, #field, (int64_t)(got), (int64_t)(s)->field,     \
                  (dont_care)))                                                              \
      return 1;                                                                              \
  } while (0)

#endif
