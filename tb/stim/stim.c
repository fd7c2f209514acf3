/*
** stim.c -- what the blocks' stimulus generators share (stim.h): the random
** generators' unbounded length, the directed tables' step allocation and
** expectations.  Each <block>_stim.c keeps only its block's scenarios and
** random regimes.
*/
#include "stim.h"

#include <stdio.h>
#include <string.h>

uint64_t wg_stim_unbounded(const void *st) {
  (void)st;
  return 0;
}

int wg_stim_report_due(uint64_t c) {
  uint64_t p = 10000;
  while (p < c && p <= UINT64_MAX / 10) p *= 10;
  return c == p || (c % 5 == 0 && c / 5 * 10 == p && c >= 50000);
}

void *wg_dir_step(void *steps, int *count, int max, size_t size) {
  char *s = (char *)steps + size * (size_t)(*count < max ? (*count)++ : max - 1);
  memset(s, 0, size);
  return s;
}

int wg_dir_overflow(char *msg, size_t n, const char *block, int count, int max) {
  if (count < max) return 0;
  snprintf(msg, n, "%s directed: more than %d steps", block, max);
  return 1;
}

int wg_expect(char *msg, size_t n, uint64_t cycle, const char *what, const char *field,
              int64_t got, int64_t want, int64_t dont_care) {
  if (want == dont_care || got == want) return 0;
  snprintf(msg, n, "step %llu (%s): %s = %lld, expected %lld", (unsigned long long)cycle, what, field,
           (long long)got, (long long)want);
  return 1;
}
