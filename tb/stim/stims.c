/* stims.c -- the stimulus registry (ORDER BLOCKS as gen/registry.c). */
#include "stim.h"

#include <string.h>

extern const wg_stim_ops eqctr_random_stim, eqctr_directed_stim;
extern const wg_stim_ops eqvote_random_stim, eqvote_directed_stim;
extern const wg_stim_ops memsat_random_stim, memsat_directed_stim;
extern const wg_stim_ops wst_random_stim, wst_directed_stim;
extern const wg_stim_ops rexq_random_stim, rexq_directed_stim;
extern const wg_stim_ops apogee_random_stim, apogee_directed_stim;
extern const wg_stim_ops l2mib_random_stim, l2mib_directed_stim;
extern const wg_stim_ops caps_random_stim, caps_directed_stim;
extern const wg_stim_ops mshr_random_stim, mshr_directed_stim;
extern const wg_stim_ops tls_random_stim, tls_directed_stim;
extern const wg_stim_ops rfc_random_stim, rfc_directed_stim;
extern const wg_stim_ops dram_mib_random_stim, dram_mib_directed_stim;
extern const wg_stim_ops oaws_random_stim, oaws_directed_stim;

static const wg_stim_ops *const all_stims[] = {
  &eqctr_random_stim, &eqctr_directed_stim,
  &eqvote_random_stim, &eqvote_directed_stim,
  &memsat_random_stim, &memsat_directed_stim,
  &wst_random_stim, &wst_directed_stim,
  &rexq_random_stim, &rexq_directed_stim,
  &apogee_random_stim, &apogee_directed_stim,
  &l2mib_random_stim, &l2mib_directed_stim,
  &caps_random_stim, &caps_directed_stim,
  &mshr_random_stim, &mshr_directed_stim,
  &tls_random_stim, &tls_directed_stim,
  &rfc_random_stim, &rfc_directed_stim,
  &dram_mib_random_stim, &dram_mib_directed_stim,
  &oaws_random_stim, &oaws_directed_stim,
};

const wg_stim_ops *wg_find_stim(const char *block, const char *name) {
  for (size_t i = 0; i < sizeof all_stims / sizeof all_stims[0]; i++)
    if (!strcmp(all_stims[i]->block, block) && !strcmp(all_stims[i]->name, name))
      return all_stims[i];
  return NULL;
}
