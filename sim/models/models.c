/*
** models.c -- the model registry, in the order of gen/blocks.def (copied to
** build/include/): each model defines its ops with WG_MODEL_OPS (models.h),
** so a block listed there without a model fails to link.
*/
#include "models.h"

#include <string.h>

#define WG_BLOCK(name) extern const wg_model_ops name##_model_ops;
#include "blocks.def"
#undef WG_BLOCK

static const wg_model_ops *const all_models[] = {
#define WG_BLOCK(name) &name##_model_ops,
#include "blocks.def"
#undef WG_BLOCK
};

const wg_model_ops *wg_find_model(const char *block) {
  for (size_t i = 0; i < sizeof all_models / sizeof all_models[0]; i++)
    if (strcmp(all_models[i]->block, block) == 0) return all_models[i];
  return NULL;
}
