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
  m->sat = 0;
  memset(m->hold, 0, sizeof m->hold);
}

void memsat_eval(const memsat_model *m, const memsat_in *in, memsat_out *out) {
  (void)in;   /* the flags are registered: outputs depend on state only */
  uint32_t v = m->sat;   /* flags of spaces beyond SPACES stay 0 (reset, never set) */
  out->sat_space = v;
  out->sat = v != 0;
  out->sat_cause = v & (~v + 1u);   /* lowest set bit: global before texture before constant */
}

/* The flags as bit masks over the spaces, compares as 0/1 values rather than branches: the
** occupancies are the least predictable inputs a model gets (random stimulus, a GPU's L1), and
** with a jump per compare a step cost three times as much on its own (23 ns against 8 ns on
** random occupancies; inside cosim's lockstep loop the ratio to bare RTL did not move). */
void memsat_tick(memsat_model *m, const memsat_in *in) {
  if (in->rst & 1) { memsat_reset(m); return; }
  uint32_t mocc = in->mshr_occ, qocc = in->missq_occ, full = 0, relieved = 0;
  for (int s = 0; s < m->spaces; s++, mocc >>= m->mw, qocc >>= m->qw) {   /* field s of each */
    uint32_t mo = mocc & m->mmask, qo = qocc & m->qmask;
    full |= ((uint32_t)(mo >= m->mset) | (uint32_t)(qo >= m->qset)) << s;
    relieved |= ((uint32_t)(mo < m->mkeep) & (uint32_t)(qo < m->qkeep)) << s;
  }
  uint32_t holding = 0;   /* spaces whose hold counter still runs (HOLD >= 2 only) */
  if (m->hold_load) {
    uint32_t rising = full & ~m->sat;   /* EP -> MP: start the hold */
    for (int s = 0; s < m->spaces; s++) {
      uint32_t h = m->hold[s];
      holding |= (uint32_t)(h != 0) << s;
      m->hold[s] = (rising >> s & 1) ? m->hold_load : h - (h != 0);
    }
  }
  /* raise when almost full; clear when relieved and no hold runs; else keep (hysteresis) */
  m->sat = full | (m->sat & ~(relieved & ~holding));
}

WG_MODEL_OPS(memsat);
