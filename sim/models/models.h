/*
** models.h -- every block's C model behind one generic interface, so the
** lockstep harness and warpsim's block slots can hold any block.
*/
#ifndef WG_MODELS_H
#define WG_MODELS_H

#include <stddef.h>
#include <stdint.h>

/* Set bits of X.  __builtin_popcountll is a library call on a baseline x86-64
** build (no POPCNT), ten times slower than these few inline operations in a
** model's per-cycle loops. */
static inline int wg_popcount64(uint64_t x) {
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
  return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

typedef struct wg_model_ops {
  const char *block;
  size_t      size;                                   /* bytes of model state */
  int  (*init)(void *m, const void *params);          /* <block>_params */
  void (*reset)(void *m);
  void (*eval)(const void *m, const void *in, void *out);
  void (*tick)(void *m, const void *in);
  /* eval then tick on the same inputs: a model whose eval and tick share a decision makes
  ** it once (WG_MODEL_OPS_FUSED); otherwise the two calls */
  void (*step)(void *m, const void *in, void *out);
  const char *const *param_names;   /* the _params struct's fields, in order (BLOCK_io.h) */
} wg_model_ops;

const wg_model_ops *wg_find_model(const char *block);

/* WG_MODEL_OPS(blk), once at the end of sim/models/blk.c: the model's entry
** in the registry (models.c).  The wrappers only convert pointers; each model
** keeps its typed contract. */
#define WG_MODEL_OPS_(blk, stepfn)                                                   \
  static int blk##_init_v(void *m, const void *p) { return blk##_init(m, p); }        \
  static void blk##_reset_v(void *m) { blk##_reset(m); }                              \
  static void blk##_eval_v(const void *m, const void *i, void *o) { blk##_eval(m, i, o); } \
  static void blk##_tick_v(void *m, const void *i) { blk##_tick(m, i); }              \
  stepfn                                                                              \
  static const char *const blk##_param_names[] = blk##_param_names_init;             \
  const wg_model_ops blk##_model_ops = {#blk, sizeof(blk##_model), blk##_init_v,     \
                                        blk##_reset_v, blk##_eval_v, blk##_tick_v,   \
                                        blk##_step_v, blk##_param_names}
#define WG_MODEL_OPS(blk)                                                            \
  WG_MODEL_OPS_(blk, static void blk##_step_v(void *m, const void *i, void *o) {     \
                       blk##_eval(m, i, o); blk##_tick(m, i); })
/* A model written as blk_outputs and blk_apply around one decision, DECIDE(m, in, &d) into a
** DEC_T: its eval, tick (reset on rst) and step (eval then tick, one decision), and its ops.
** QUIET(m, in, out) takes a cycle that needs no decision (outputs and state exactly as the full
** cycle's) and returns 1, else 0; step tries it first. */
#define WG_MODEL_FUSED_QUIET(blk, dec_t, decide, quiet)                             \
  void blk##_eval(const blk##_model *m, const blk##_in *in, blk##_out *out) {        \
    dec_t d;                                                                         \
    decide(m, in, &d);                                                               \
    blk##_outputs(m, in, &d, out);                                                   \
  }                                                                                  \
  void blk##_tick(blk##_model *m, const blk##_in *in) {                              \
    if (in->rst & 1) { blk##_reset(m); return; }                                     \
    dec_t d;                                                                         \
    decide(m, in, &d);                                                               \
    blk##_apply(m, in, &d);                                                          \
  }                                                                                  \
  void blk##_step(blk##_model *m, const blk##_in *in, blk##_out *out) {              \
    if (!(in->rst & 1) && quiet(m, in, out)) return;                                 \
    dec_t d;                                                                         \
    decide(m, in, &d);                                                               \
    blk##_outputs(m, in, &d, out);                                                   \
    if (in->rst & 1) blk##_reset(m);                                                 \
    else blk##_apply(m, in, &d);                                                     \
  }                                                                                  \
  WG_MODEL_OPS_FUSED(blk)
/* the same without a quiet cycle (the check folds away) */
#define WG_MODEL_NOT_QUIET(m, in, out) 0
#define WG_MODEL_FUSED(blk, dec_t, decide) WG_MODEL_FUSED_QUIET(blk, dec_t, decide, WG_MODEL_NOT_QUIET)
/* the model has blk_step: eval and tick with one decision */
#define WG_MODEL_OPS_FUSED(blk)                                                      \
  WG_MODEL_OPS_(blk, static void blk##_step_v(void *m, const void *i, void *o) { blk##_step(m, i, o); })

#endif
