/*
** satctr.c -- C reference model of block 'satctr' (see satctr.h).
*/
#include "satctr.h"
#include "models.h"

#include <string.h>

int satctr_init(satctr_model *m, const satctr_params *p) {
  /* the descriptor's ranges (satctr_io.h), and its cross-parameter rule */
  if (satctr_params_check(p, NULL, 0) || (p->WIDTH < 32 && p->MAX >> p->WIDTH)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  satctr_reset(m);
  return 0;
}

void satctr_reset(satctr_model *m) { m->count = 0; }

void satctr_eval(const satctr_model *m, const satctr_in *in, satctr_out *out) {
  (void)in;
  out->count = m->count;
  out->at_max = m->count == (uint32_t)m->p.MAX;
  out->at_zero = m->count == 0;
}

void satctr_tick(satctr_model *m, const satctr_in *in) {
  int inc = in->inc & 1, dec = in->dec & 1;
  if (in->rst & 1) satctr_reset(m);
  else if (inc && !dec && m->count != (uint32_t)m->p.MAX) m->count++;
  else if (dec && !inc && m->count != 0) m->count--;
}

WG_MODEL_OPS(satctr);
