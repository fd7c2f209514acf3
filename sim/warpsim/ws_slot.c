/* ws_slot.c -- block slots (see ws_slot.h). */
#include "ws_slot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ws_slot_init(ws_slot *s, const char *block, const void *params, size_t in_size,
                 size_t out_size, const char *owner, char *err, size_t n) {
  memset(s, 0, sizeof *s);
  snprintf(s->owner, sizeof s->owner, "%s", owner);
  s->ops = wg_find_model(block);
  if (!s->ops) { snprintf(err, n, "%s: no model of block '%s'", owner, block); return -1; }
  s->state = calloc(1, s->ops->size);
  /* the reset cycle's input and a place for its outputs (every block's first input is rst) */
  uint32_t *in = calloc(1, in_size < sizeof(uint32_t) ? sizeof(uint32_t) : in_size);
  void *out = calloc(1, out_size);
  if (!s->state || !in || !out) {
    free(in); free(out);
    snprintf(err, n, "%s: out of memory for the %s block", owner, block);
    return -1;
  }
  if (s->ops->init(s->state, params)) {
    free(in); free(out);
    snprintf(err, n, "%s: the %s block refuses this parameter set", owner, block);
    return -1;
  }
  in[0] = 1;
  ws_slot_step(s, in, out);
  s->steps = 0;
  free(in);
  free(out);
  return 0;
}

void ws_slot_free(ws_slot *s) {
  free(s->state);
  s->state = NULL;
}
