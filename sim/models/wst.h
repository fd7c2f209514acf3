/*
** wst.h -- C reference model of Mascar's warp status table, warp readiness
** checker and issue pick (block 'wst'; thesis 4.3.1, 4.3.4).  Cycle-exact
** against the generated RTL; callable directly by a performance model.
*/
#ifndef WST_MODEL_H
#define WST_MODEL_H

#include "wst_io.h"

typedef struct wst_model {
  wst_params p;
  uint64_t   warp_mask;
  /* state = the RTL's registers */
  uint32_t   mode_mp, owner_valid, owner;
  uint64_t   wst_mem, wst_stall;
  uint64_t   older[64];            /* older[i] bit j: warp i launched before warp j */
  uint32_t   greedy_valid[2], greedy[2];   /* [0] compute, [1] memory */
} wst_model;

int  wst_init (wst_model *m, const wst_params *p);
void wst_reset(wst_model *m);
void wst_eval (const wst_model *m, const wst_in *in, wst_out *out);
void wst_tick (wst_model *m, const wst_in *in);
/* the oldest warp of 'set' by launch order, or -1 */
int  wst_oldest(const wst_model *m, uint64_t set);

#endif
