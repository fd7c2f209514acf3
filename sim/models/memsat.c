/*
** memsat.c -- C reference model of block 'memsat' (see memsat.h).
*/
#include "memsat.h"
#include "models.h"

#include <string.h>

static int bits_for(int64_t maxval) {   /* bits to hold 0..maxval, as wg_bits_for */
  int n = 1;
  while (n < 31 && ((int64_t)1 << n) <= maxval) n++;
  return n;
}

int memsat_init(memsat_model *m, const memsat_params *p) {
  /* the descriptor's ranges (memsat_io.h), then its cross-parameter rule: set below clear,
  ** clear within the table */
  if (memsat_params_check(p, NULL, 0)) return -1;
  if (p->SET_FREE_MSHR >= p->CLR_FREE_MSHR || p->CLR_FREE_MSHR > p->MSHRS) return -1;
  if (p->SET_FREE_MISSQ >= p->CLR_FREE_MISSQ || p->CLR_FREE_MISSQ > p->MISSQ) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->spaces = (int)p->SPACES;
  m->mw = bits_for(p->MSHRS);
  m->qw = bits_for(p->MISSQ);
  m->mmask = (1u << m->mw) - 1;
  m->qmask = (1u << m->qw) - 1;
  m->mset = (uint32_t)(p->MSHRS - p->SET_FREE_MSHR);        /* free <= SET  <=> occ >= N - SET */
  m->mkeep = (uint32_t)(p->MSHRS - p->CLR_FREE_MSHR + 1);   /* free >= CLR  <=> occ <  N - CLR + 1 */
  m->qset = (uint32_t)(p->MISSQ - p->SET_FREE_MISSQ);
  m->qkeep = (uint32_t)(p->MISSQ - p->CLR_FREE_MISSQ + 1);
  m->hold_load = p->HOLD >= 2 ? (uint32_t)(p->HOLD - 1) : 0;
  memsat_reset(m);
  return 0;
}

void memsat_reset(memsat_model *m) {
  memset(m->sat, 0, sizeof m->sat);
  memset(m->hold, 0, sizeof m->hold);
}

void memsat_eval(const memsat_model *m, const memsat_in *in, memsat_out *out) {
  (void)in;   /* the flags are registered: outputs depend on state only */
  uint32_t v = 0;   /* flags of spaces beyond SPACES stay 0 (reset, never ticked) */
  for (int s = 0; s < MEMSAT_MAX_SPACES; s++) v |= m->sat[s] << s;
  out->sat_space = v;
  out->sat = v != 0;
  out->sat_cause = v & (~v + 1u);   /* lowest set bit: global before texture before constant */
}

void memsat_tick(memsat_model *m, const memsat_in *in) {
  if (in->rst & 1) { memsat_reset(m); return; }
  for (int s = 0; s < MEMSAT_MAX_SPACES && s < m->spaces; s++) {
    uint32_t mo = memsat_field(in->mshr_occ, s, m->mw, m->mmask);
    uint32_t qo = memsat_field(in->missq_occ, s, m->qw, m->qmask);
    int almost_full = mo >= m->mset || qo >= m->qset;
    int relieved = mo < m->mkeep && qo < m->qkeep;
    uint32_t hold = m->hold[s];
    if (almost_full && !m->sat[s]) m->hold[s] = m->hold_load;   /* rising: start the hold */
    else if (hold) m->hold[s] = hold - 1;
    if (almost_full) m->sat[s] = 1;
    else if (relieved && hold == 0) m->sat[s] = 0;
    /* else: hysteresis band (or hold running): keep */
  }
}

WG_MODEL_OPS(memsat);
