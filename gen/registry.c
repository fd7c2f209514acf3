/*
** registry.c -- the blocks' descriptors, in the order of gen/blocks.def
** (the one list: adding a block there without its descriptor fails to link).
*/
#include "wg.h"

#include <string.h>

#define WG_BLOCK(name) extern const wg_block wg_block_##name;
#include "blocks.def"
#undef WG_BLOCK

const wg_block *const wg_blocks[] = {
#define WG_BLOCK(name) &wg_block_##name,
#include "blocks.def"
#undef WG_BLOCK
};
const int wg_n_blocks = (int)(sizeof wg_blocks / sizeof wg_blocks[0]);

const wg_block *wg_find_block(const char *name) {
  for (int i = 0; i < wg_n_blocks; i++)
    if (strcmp(wg_blocks[i]->name, name) == 0) return wg_blocks[i];
  return NULL;
}
