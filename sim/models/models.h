/*
** models.h -- every block's C model behind one generic interface, so the
** lockstep harness and warpsim's block slots can hold any block.
*/
#ifndef WG_MODELS_H
#define WG_MODELS_H

#include <stddef.h>

typedef struct wg_model_ops {
  const char *block;
  size_t      size;                                   /* bytes of model state */
  int  (*init)(void *m, const void *params);          /* <block>_params */
  void (*reset)(void *m);
  void (*eval)(const void *m, const void *in, void *out);
  void (*tick)(void *m, const void *in);
} wg_model_ops;

const wg_model_ops *wg_find_model(const char *block);

#endif
