/*
** replay.c -- 'cosim BLOCK --replay FILE': the inputs a warpsim slot saw,
** cycle by cycle ('warpsim --record SLOT:FILE', format in
** sim/warpsim/ws_record.h), as the stimulus of a lockstep run: RTL against
** model on the traffic of a real kernel.  Cycle 0 is the reset cycle (rst = 1,
** every other input 0, as warpsim's slot had it); the recording follows.
** Cycles the slot was not stepped in are not stepped here either (warpsim
** skips them only where a skipped cycle equals a stepped idle one).  A file
** of another block or parameter set, or a truncated or corrupt one, is
** refused before anything runs.
*/
#include "replay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/warpsim/ws_record.h"
#include "wg_rtl.h"

static ws_replay rec;
static char what[200];

int wg_replay_load(const char *path, char *msg, size_t n) {
  if (ws_replay_open(&rec, path, msg, n)) return -1;
  if (strcmp(rec.block, wg_rtl.block)) {
    snprintf(msg, n, "%s: a recording of block %s (slot %s), not of %s", path, rec.block, rec.slot, wg_rtl.block);
    return -1;
  }
  if (rec.n_params != wg_rtl.n_params || rec.in_size != wg_rtl.in_size ||
      memcmp(rec.params, wg_rtl.params, sizeof(int64_t) * (size_t)rec.n_params)) {
    char got[300] = "";
    for (int i = 0; i < rec.n_params && strlen(got) + 24 < sizeof got; i++)
      snprintf(got + strlen(got), sizeof got - strlen(got), "%s%lld", i ? " " : "", (long long)rec.params[i]);
    snprintf(msg, n, "%s: recorded at another parameter set of %s (values %s), not %s (without parameter options "
             "cosim takes the recording's)", path, rec.block, got, wg_rtl.params_text);
    return -1;
  }
  snprintf(what, sizeof what, "replay of %s (%s): %" PRIu64 " cycles stepped, %" PRIu64 " skipped", rec.slot,
           rec.owner, rec.steps, rec.skipped);
  return 0;
}

const char *wg_replay_what(void) { return what; }

typedef struct replay_state { uint64_t done; } replay_state;

static int replay_init(void *st, const void *params, uint64_t seed, char *msg, size_t n) {
  (void)st; (void)params; (void)seed; (void)msg; (void)n;
  rec.pos = 0;                      /* a rerun (the failure's waveform) starts again */
  memset(rec.cur, 0, rec.in_size);
  return 0;
}

static void replay_next(void *st, uint64_t cycle, void *in) {
  (void)st;
  if (cycle == 0) {                 /* the reset cycle */
    memset(in, 0, rec.in_size);
    *(uint32_t *)in = 1;
    return;
  }
  ws_replay_next(&rec, in);
}

static uint64_t replay_length(const void *st) { (void)st; return rec.steps + 1; }

const wg_stim_ops wg_replay_stim = {"*", "replay", sizeof(replay_state), replay_init, replay_next, NULL,
                                    replay_length};
