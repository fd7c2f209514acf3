/* steps.h -- the step-file stimulus of 'cosim --steps FILE' (see steps.c). */
#ifndef WG_STEPS_H
#define WG_STEPS_H

#include <stddef.h>

#include "../tb/stim/stim.h"

/* parse FILE against this build's port table; 0 ok, -1 with 'FILE:LINE: ...' in msg */
int wg_steps_load(const char *path, char *msg, size_t n);
extern const wg_stim_ops wg_steps_stim;

#include "report.h"

#endif
