/*
** registry.c -- the list of blocks.  Adding a block is one descriptor file
** under gen/blocks/ and one line here (ORDER BLOCKS: keep sim/models/models.c
** and tb/stim/stims.c in the same order).
*/
#include "wg.h"

#include <string.h>

extern const wg_block wg_block_eqctr, wg_block_eqvote;
extern const wg_block wg_block_memsat;
extern const wg_block wg_block_wst;
extern const wg_block wg_block_rexq;
extern const wg_block wg_block_apogee;
extern const wg_block wg_block_l2mib;
extern const wg_block wg_block_caps;
extern const wg_block wg_block_mshr;
extern const wg_block wg_block_tls;
extern const wg_block wg_block_rfc;
extern const wg_block wg_block_dram_mib;
extern const wg_block wg_block_oaws;

const wg_block *const wg_blocks[] = {
  &wg_block_eqctr,
  &wg_block_eqvote,
  &wg_block_memsat,
  &wg_block_wst,
  &wg_block_rexq,
  &wg_block_apogee,
  &wg_block_l2mib,
  &wg_block_caps,
  &wg_block_mshr,
  &wg_block_tls,
  &wg_block_rfc,
  &wg_block_dram_mib,
  &wg_block_oaws,
};
const int wg_n_blocks = (int)(sizeof wg_blocks / sizeof wg_blocks[0]);

const wg_block *wg_find_block(const char *name) {
  for (int i = 0; i < wg_n_blocks; i++)
    if (strcmp(wg_blocks[i]->name, name) == 0) return wg_blocks[i];
  return NULL;
}
