/*
** oaws.h -- C reference model of OAWS' occlusion-aware issue check (block
** 'oaws'; Wang, Zhu, Yu, PACT'16, sections 4.1-4.4): the Divergent Load
** Classifier, Avail_mshr / Miss_inflight, the per-instruction predictions,
** the OCW estimator, Eq. 1 and the GTO pick.  Cycle-exact against the
** generated RTL (gen/blocks/oaws.c); rules in docs/blocks/oaws.md.
**
** PIPE=1 (the 5 ns clock) is modelled too: the GTO ranks and locality tests
** of the last cycle (rank[], in_ocw[]), and CNT/OCW trained the cycle after a
** divergent load's last access (tr_v, tr_fully; the associativity test then
** reads the load's DLC entry); its registered Eq. 1 right-hand side is exact,
** so the model keeps Eq. 1 as written.
**
** A performance model drives it once per cycle:
**   oaws_eval(&s, &in, &out);  // occlude, locality, pick_warp, pick_pred, ...
**   oaws_tick(&s, &in);        // the clock edge
*/
#ifndef OAWS_MODEL_H
#define OAWS_MODEL_H

#include "oaws_io.h"

#define OAWS_MAX_W   OAWS_W_MAX   /* from oaws_io.h */
#define OAWS_MAX_DLC OAWS_DLC_MAX

typedef struct oaws_model {
  oaws_params p;
  /* derived */
  int      W, M, T, N, S, cmax, cinit, smr;
  uint64_t wmask, nmask, pcmask;
  uint32_t wb_mask, mb_mask, tb_mask, sb_mask;
  /* state = the RTL's registers */
  uint64_t older[OAWS_MAX_W];           /* bit j of older[i]: warp i launched before j */
  uint64_t elder[OAWS_MAX_W];           /* its transpose: bit i of elder[j]: warp i launched before j (the rank's popcount) */
  uint32_t greedy_valid, greedy;
  uint32_t ib_ld[2 * OAWS_MAX_W], ib_div[2 * OAWS_MAX_W], ib_base[2 * OAWS_MAX_W];
  uint32_t avail, inflight;
  uint64_t dlc_valid, dlc_ref;
  uint64_t dlc_pc[OAWS_MAX_DLC];
  uint32_t dlc_inst[OAWS_MAX_DLC], dlc_acc[OAWS_MAX_DLC], dlc_sets[OAWS_MAX_DLC];
  uint32_t dlc_cur;
  uint32_t div, fcl;
  uint64_t sets;
  uint32_t cnt, ocw;
  /* PIPE=1 only (docs/blocks/oaws.md, "The 5 ns clock") */
  uint32_t rank[OAWS_MAX_W];            /* each warp's GTO rank of the last cycle */
  uint32_t in_ocw[OAWS_MAX_W];          /* ... and its locality test then (rank < OCW) */
  uint32_t tr_v, tr_fully;              /* a divergent load ended in the last cycle (fully cached?): it trains now */
} oaws_model;

int  oaws_init (oaws_model *m, const oaws_params *p);
void oaws_reset(oaws_model *m);
void oaws_eval (const oaws_model *m, const oaws_in *in, oaws_out *out);
void oaws_tick (oaws_model *m, const oaws_in *in);

/* helpers for performance models and tests */
int      oaws_rank(const oaws_model *m, uint64_t live, int w);   /* GTO age rank among live warps, now */
uint32_t oaws_base(const oaws_model *m, int dyn, uint32_t active); /* stored prediction at fill */

#endif
