/*
** models.c -- the model registry (ORDER BLOCKS: same order as gen/registry.c).
** The wrappers only convert pointers; each model keeps its typed contract.
*/
#include "models.h"
#include "apogee.h"
#include "l2mib.h"
#include "caps.h"
#include "mshr.h"
#include "tls.h"
#include "rfc.h"
#include "dram_mib.h"
#include "oaws.h"

#include <string.h>

#include "eqctr.h"
#include "eqvote.h"
#include "memsat.h"
#include "wst.h"
#include "rexq.h"

#define MODEL_OPS(blk)                                                          \
  static int blk##_init_v(void *m, const void *p) { return blk##_init(m, p); }   \
  static void blk##_reset_v(void *m) { blk##_reset(m); }                         \
  static void blk##_eval_v(const void *m, const void *i, void *o) { blk##_eval(m, i, o); } \
  static void blk##_tick_v(void *m, const void *i) { blk##_tick(m, i); }         \
  static const wg_model_ops blk##_ops = {#blk, sizeof(blk##_model), blk##_init_v, \
                                         blk##_reset_v, blk##_eval_v, blk##_tick_v};

MODEL_OPS(eqctr)
MODEL_OPS(eqvote)
MODEL_OPS(memsat)
MODEL_OPS(wst)
MODEL_OPS(rexq)
MODEL_OPS(apogee)
MODEL_OPS(l2mib)
MODEL_OPS(caps)
MODEL_OPS(mshr)
MODEL_OPS(tls)
MODEL_OPS(rfc)
MODEL_OPS(dram_mib)
MODEL_OPS(oaws)

static const wg_model_ops *const all_models[] = {&eqctr_ops, &eqvote_ops, &memsat_ops, &wst_ops, &rexq_ops,
                                                 &apogee_ops,
                                                 &l2mib_ops,
                                                 &caps_ops,
                                                 &mshr_ops,
                                                 &tls_ops,
                                                 &rfc_ops,
                                                 &dram_mib_ops,
                                                 &oaws_ops};

const wg_model_ops *wg_find_model(const char *block) {
  for (size_t i = 0; i < sizeof all_models / sizeof all_models[0]; i++)
    if (strcmp(all_models[i]->block, block) == 0) return all_models[i];
  return NULL;
}
