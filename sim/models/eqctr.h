/*
** eqctr.h -- C reference model of Equalizer's warp-state counter unit
** (block 'eqctr'; thesis 3.3-3.4, Algorithm 1).  Cycle-exact against the
** generated RTL; the model contract is in docs/design.md ("C model contract").
*/
#ifndef EQCTR_MODEL_H
#define EQCTR_MODEL_H

#include "eqctr_io.h"

typedef struct eqctr_model {
  eqctr_params p;
  /* derived at init */
  uint64_t warp_mask;     /* W low bits */
  uint32_t cycle_mask;    /* E - 1 */
  uint32_t sample_mask;   /* S - 1 */
  uint32_t wcta_mask, nb_mask;
  int      lns;           /* log2(E/S) */
  /* state = the RTL's registers, same names */
  uint32_t cycle;
  uint32_t sum[4];        /* active, waiting, xalu, xmem */
  uint32_t cnt[4], cnt_valid;   /* the last sample's counts, registered; they join sum next cycle */
  uint32_t ended, decide;       /* the first and second cycle after an epoch's end */
  uint32_t epoch_done, kclass, comp_action, mem_action;
  uint32_t blocks_dec, blocks_change, num_blocks, hyst_cnt;   /* blocks_dec: also the previous decision */
  uint32_t sm_vf_req, mem_vf_req;
} eqctr_model;

int  eqctr_init (eqctr_model *m, const eqctr_params *p);   /* 0 ok, -1 illegal p */
void eqctr_reset(eqctr_model *m);
void eqctr_eval (const eqctr_model *m, const eqctr_in *in, eqctr_out *out);
void eqctr_tick (eqctr_model *m, const eqctr_in *in);

/* Algorithm 1 on epoch sums of ns samples; returns kclass (0..6).
** Exposed for warpsim and the directed tests. */
int eqctr_classify(uint32_t sum_active, uint32_t sum_waiting, uint32_t sum_xalu,
                   uint32_t sum_xmem, uint32_t w_cta, uint32_t ns);

#endif
