/*
** ws_test.h -- what warpsim's closed-loop tests share: a check that counts
** (the test ends with 'N passed, N failed'), and the lines of the issue trace
** (--trace-issue: "cycle sm scheduler slot ctaid warp iter pc op").
*/
#ifndef WS_TEST_H
#define WS_TEST_H

#include <inttypes.h>
#include <stdio.h>

#include "ws_gpu.h"

static int passed, failed;

#define CHECK(cond, ...)                                               \
  do {                                                                 \
    if (cond) passed++;                                                \
    else {                                                             \
      failed++;                                                        \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                       \
      printf(__VA_ARGS__);                                             \
      printf("\n");                                                    \
    }                                                                  \
  } while (0)

/* one issued instruction of the trace */
typedef struct ws_trace_ev {
  int64_t cycle, ctaid, iter;
  int     sm, sched, slot, warp, pc;
  char    op[8];
} ws_trace_ev;

/* the next issued instruction of trace F; 0 at its end */
static inline int ws_trace_next(FILE *f, ws_trace_ev *e) {
  char line[256];
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "%" SCNd64 " %d %d %d %" SCNd64 " %d %" SCNd64 " %d %7s", &e->cycle, &e->sm, &e->sched, &e->slot,
               &e->ctaid, &e->warp, &e->iter, &e->pc, e->op) == 9)
      return 1;
  return 0;
}

/* Kernel K (a built-in name) on C to its end, then the end-of-run invariants
** (every load back, nothing held or in flight, the instruction count).  0 ok;
** otherwise -1 with ERR.  G and KERN are the caller's (freed by it). */
static inline int ws_test_run(ws_gpu *g, ws_kernel *kern, const ws_config *c, const char *k, char *err, size_t n) {
  if (ws_kernel_builtin(kern, k, NULL, err, n) || ws_gpu_init(g, c, kern, err, n)) return -1;
  if (ws_gpu_run(g, NULL, 0)) { snprintf(err, n, "did not finish"); return -1; }
  return ws_gpu_check_invariants(g, err, n) ? -1 : 0;
}

/* the last line of every test binary; its exit status */
static inline int ws_test_end(void) {
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}

#endif
