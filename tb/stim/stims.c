/*
** stims.c -- the stimulus registry, in the order of gen/blocks.def (copied to
** build/include/): every block has a random and a directed generator, so a
** block listed there without them fails to link.
*/
#include "stim.h"

#include <string.h>

#define WG_BLOCK(name) extern const wg_stim_ops name##_random_stim, name##_directed_stim;
#include "blocks.def"
#undef WG_BLOCK

static const wg_stim_ops *const all_stims[] = {
#define WG_BLOCK(name) &name##_random_stim, &name##_directed_stim,
#include "blocks.def"
#undef WG_BLOCK
};

const wg_stim_ops *wg_find_stim(const char *block, const char *name) {
  for (size_t i = 0; i < sizeof all_stims / sizeof all_stims[0]; i++)
    if (!strcmp(all_stims[i]->block, block) && !strcmp(all_stims[i]->name, name))
      return all_stims[i];
  return NULL;
}
