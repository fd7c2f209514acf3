/*
** satctr.h -- C reference model of the example block 'satctr' (a counter
** held at 0 and MAX; README, How a block is made).
*/
#ifndef SATCTR_MODEL_H
#define SATCTR_MODEL_H

#include "satctr_io.h"

typedef struct satctr_model {
  satctr_params p;
  uint32_t count;
} satctr_model;

int  satctr_init (satctr_model *m, const satctr_params *p);
void satctr_reset(satctr_model *m);
void satctr_eval (const satctr_model *m, const satctr_in *in, satctr_out *out);
void satctr_tick (satctr_model *m, const satctr_in *in);

#endif
