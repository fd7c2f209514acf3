/*
** eqvote.h -- C reference model of Equalizer's frequency manager vote
** (block 'eqvote'; thesis 3.3, 3.4.3).
*/
#ifndef EQVOTE_MODEL_H
#define EQVOTE_MODEL_H

#include "eqvote_io.h"

enum { EQV_LOW = 0, EQV_NORMAL = 1, EQV_HIGH = 2 };

typedef struct eqvote_model {
  eqvote_params p;
  uint32_t level[2];   /* [0] SM, [1] memory */
  uint32_t step[2];    /* 2'b01 up, 2'b11 down, 0 none */
} eqvote_model;

int  eqvote_init (eqvote_model *m, const eqvote_params *p);
void eqvote_reset(eqvote_model *m);
void eqvote_eval (const eqvote_model *m, const eqvote_in *in, eqvote_out *out);
void eqvote_tick (eqvote_model *m, const eqvote_in *in);
/* the step (+1, -1, 0) a domain at LEVEL takes for these vote counts */
int  eqvote_decide(const eqvote_params *p, int up, int down, uint32_t level);

#endif
