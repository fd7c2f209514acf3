/* ws_slot.c -- block slots (see ws_slot.h). */
#include "ws_slot.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ws_record.h"

ws_slot_options ws_slot_opts;

/* "mshr" and "SM 0 scheduler 1" -> "mshr:sm0.scheduler1": lower case, a word and its
** number joined, the pairs separated by '.' */
static void slot_name(char *dst, size_t n, const char *block, const char *owner) {
  size_t k = (size_t)snprintf(dst, n, "%s:", block);
  for (const char *p = owner; *p && k + 2 < n; p++) {
    if (*p == ' ') {
      if (isalpha((unsigned char)p[1]) && k && isdigit((unsigned char)dst[k - 1])) dst[k++] = '.';
      continue;
    }
    dst[k++] = (char)tolower((unsigned char)*p);
  }
  dst[k < n ? k : n - 1] = 0;
}

int ws_slot_init(ws_slot *s, const char *block, const void *params, size_t params_size,
                 size_t in_size, size_t out_size, const int64_t *clock, const char *owner,
                 char *err, size_t n) {
  memset(s, 0, sizeof *s);
  snprintf(s->owner, sizeof s->owner, "%s", owner);
  slot_name(s->name, sizeof s->name, block, owner);
  s->ops = wg_find_model(block);
  if (!s->ops) { snprintf(err, n, "%s: no model of block '%s'", owner, block); return -1; }
  s->params_size = params_size;
  s->in_size = in_size;
  s->out_size = out_size;
  s->clock = clock;
  s->state = calloc(1, s->ops->size);
  void *pcopy = malloc(params_size);
  /* the reset cycle's input and a place for its outputs (every block's first input is rst) */
  uint32_t *in = calloc(1, in_size < sizeof(uint32_t) ? sizeof(uint32_t) : in_size);
  void *out = calloc(1, out_size);
  if (!s->state || !in || !out || !pcopy) {
    free(in); free(out); free(pcopy);
    snprintf(err, n, "%s: out of memory for the %s block", owner, block);
    return -1;
  }
  memcpy(pcopy, params, params_size);
  s->params = pcopy;
  if (s->ops->init(s->state, params)) {
    free(in); free(out);
    snprintf(err, n, "%s: the %s block refuses this parameter set", owner, block);
    return -1;
  }
  if (ws_slot_opts.list) {
    fprintf(ws_slot_opts.list, "%-28s %-9s %-22s", s->name, block, owner);
    const int64_t *v = params;
    for (size_t i = 0; i < params_size / sizeof *v; i++)
      fprintf(ws_slot_opts.list, " %s=%lld", s->ops->param_names[i], (long long)v[i]);
    fprintf(ws_slot_opts.list, "\n");
  }
  if (ws_slot_opts.rtl && ws_slot_opts.rtl->attach(s, err, n)) { free(in); free(out); return -1; }
  s->hooked = s->rtl != NULL;       /* the reset cycle reaches the RTL too */
  in[0] = 1;
  ws_slot_step(s, in, out);
  s->steps = 0;
  free(in);
  free(out);
  /* recording starts after the reset cycle (a replay steps its own) */
  for (int i = 0; i < ws_slot_opts.n_record; i++) {
    if (strcmp(ws_slot_opts.record[i].slot, s->name)) continue;
    ws_slot_opts.record[i].used = 1;
    s->rec = ws_record_open(ws_slot_opts.record[i].file, block, s->name, owner, params, params_size, in_size,
                            clock ? *clock : 0, err, n);
    if (!s->rec) return -1;
  }
  s->hooked = s->rtl || s->rec;
  return 0;
}

void ws_slot_hooked_tick(ws_slot *s, const void *in) {
  if (s->rec) ws_record_step(s->rec, in, s->clock ? *s->clock : (int64_t)s->steps + 1);
  if (s->rtl) ws_slot_opts.rtl->tick(s, in);
  else s->ops->tick(s->state, in);
}

int ws_slot_check_requests(char *err, size_t n) {
  if (ws_slot_opts.rtl && ws_slot_opts.rtl->check && ws_slot_opts.rtl->check(err, n)) return -1;
  for (int i = 0; i < ws_slot_opts.n_record; i++)
    if (!ws_slot_opts.record[i].used) {
      snprintf(err, n, "--record %s: no such slot in this run (warpsim --list-slots shows them)",
               ws_slot_opts.record[i].slot);
      return -1;
    }
  return 0;
}

void ws_slot_free(ws_slot *s) {
  if (s->rec && ws_record_close(s->rec, ws_slot_opts.failed, sizeof ws_slot_opts.failed))
    fprintf(stderr, "warpsim: %s\n", ws_slot_opts.failed);
  if (s->rtl && ws_slot_opts.rtl) ws_slot_opts.rtl->detach(s);
  s->rec = NULL;
  s->rtl = NULL;
  s->hooked = 0;
  free(s->state);
  free((void *)s->params);
  s->state = NULL;
  s->params = NULL;
}
