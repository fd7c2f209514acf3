/*
** memsat.h -- C reference model of Mascar's memory saturation flag (block
** 'memsat'; thesis 4.3.1).  Cycle-exact against the generated RTL; the
** model contract is in docs/design.md ("C model contract"), the rules in
** docs/blocks/memsat.md.
*/
#ifndef MEMSAT_MODEL_H
#define MEMSAT_MODEL_H

#include "memsat_io.h"

enum { MEMSAT_GLOBAL = 0, MEMSAT_TEXTURE = 1, MEMSAT_CONSTANT = 2 };
#define MEMSAT_MAX_SPACES MEMSAT_SPACES_MAX   /* the descriptor's range of SPACES (memsat_io.h) */
#define MEMSAT_OCC_VALUES 512                 /* an occupancy field's values: 9 bits hold 0..256 */

typedef struct memsat_model {
  memsat_params p;
  /* derived at init: field widths and the thresholds as occupancy compares */
  int      spaces, mw, qw;
  uint32_t mmask, qmask;
  uint32_t mset, mkeep;      /* MSHR occupancy >= mset: almost full; < mkeep: relieved */
  uint32_t qset, qkeep;      /* the same for the miss queue */
  uint32_t hold_load;        /* HOLD - 1 when HOLD >= 2, else 0 (no counter) */
  uint32_t spaces_mask;      /* bits 0..SPACES-1 */
  uint8_t  mclass[MEMSAT_OCC_VALUES], qclass[MEMSAT_OCC_VALUES];   /* per occupancy: bit 0 almost
                                                                    ** full, bit 4 not relieved */
  /* state = the RTL's registers */
  uint32_t sat;                       /* bit s: sat_<space s> (global, texture, constant): sat_space */
  uint32_t hold[MEMSAT_MAX_SPACES];   /* hold_<space> */
} memsat_model;

int  memsat_init (memsat_model *m, const memsat_params *p);   /* 0 ok, -1 illegal p */
void memsat_reset(memsat_model *m);
void memsat_eval (const memsat_model *m, const memsat_in *in, memsat_out *out);
void memsat_tick (memsat_model *m, const memsat_in *in);

#endif
