/* replay.h -- the recorded-inputs stimulus of 'cosim BLOCK --replay FILE' (see replay.c). */
#ifndef WG_REPLAY_H
#define WG_REPLAY_H

#include <stddef.h>

#include "../tb/stim/stim.h"

/* reads and checks FILE against this build's block and parameter set; 0, or -1 with
** 'FILE: ...' in msg */
int wg_replay_load(const char *path, char *msg, size_t n);
/* the recording's slot and cycles, for the run's report */
const char *wg_replay_what(void);
extern const wg_stim_ops wg_replay_stim;

#endif
