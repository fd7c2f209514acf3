/*
** memsat.c -- C reference model of block 'memsat' (see memsat.h).
*/
#include "memsat.h"
#include "models.h"

#include <string.h>

_Static_assert(MEMSAT_MSHRS_MAX < MEMSAT_OCC_VALUES && MEMSAT_MISSQ_MAX < MEMSAT_OCC_VALUES,
               "an occupancy field indexes the class tables");

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
  m->spaces_mask = (1u << m->spaces) - 1;
  /* an occupancy's class: almost full (bit 0: free <= SET) and not relieved (bit 4: free < CLR) */
  for (uint32_t v = 0; v <= m->mmask; v++) m->mclass[v] = (uint8_t)((v >= m->mset) | (v >= m->mkeep) << 4);
  for (uint32_t v = 0; v <= m->qmask; v++) m->qclass[v] = (uint8_t)((v >= m->qset) | (v >= m->qkeep) << 4);
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

/* The flags as bit masks over the spaces, and each occupancy's class looked up rather than
** compared: the occupancies are the least predictable inputs a model gets (random stimulus, a
** GPU's L1). With a jump per compare a step cost 23 ns on its own; with a loop of 0/1 compares
** 8 ns, still a quarter of what lockstep added to the RTL's cycle; the lookups of one
** straight-line expression halved that again (cosim's bench, memsat mascar, side by side). */
void memsat_tick(memsat_model *m, const memsat_in *in) {
  if (in->rst & 1) { memsat_reset(m); return; }
  uint32_t mo = in->mshr_occ, qo = in->missq_occ, mw = (uint32_t)m->mw, qw = (uint32_t)m->qw;
  /* space s's class at bit s (almost full) and bit 4 + s (not relieved); spaces beyond SPACES
  ** are masked off below (their input bits are outside the ports) */
  uint32_t cls = m->mclass[mo & m->mmask] | (uint32_t)m->mclass[mo >> mw & m->mmask] << 1
               | (uint32_t)m->mclass[mo >> 2 * mw & m->mmask] << 2
               | m->qclass[qo & m->qmask] | (uint32_t)m->qclass[qo >> qw & m->qmask] << 1
               | (uint32_t)m->qclass[qo >> 2 * qw & m->qmask] << 2;
  uint32_t full = cls & m->spaces_mask, relieved = ~cls >> 4 & m->spaces_mask;
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
