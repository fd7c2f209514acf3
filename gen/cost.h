/* cost.h -- area and timing of a parameter set from open synthesis (cost.c). */
#ifndef WG_COST_H
#define WG_COST_H

#include "wg.h"

typedef struct wg_cost_row {
  int64_t storage_bits;   /* what the descriptor declares */
  long    flops, cells;
  double  area_um2, seq_area_um2, comb_area_um2, kge;
  double  crit_path_ns, fmax_mhz;            /* worst path of any kind */
  double  reg2reg_ns, in2reg_ns, reg2out_ns; /* worst path per group */
  double  synth_s;                           /* Yosys wall time */
  double  dff_area;                          /* the library's DFFPOSX1, for the storage floor */
} wg_cost_row;

enum { WG_COST_TEXT, WG_COST_CSV, WG_COST_JSON };

const char *wg_cost_liberty(void);
/* Runs the flow in keep_dir (kept) or a temporary folder (removed); flatten: one module
** (Yosys synth -flatten), else each module of the hierarchy synthesized once. */
int  wg_cost(const wg_config *c, const char *keep_dir, int flatten, wg_cost_row *r, char *err, size_t n);
void wg_cost_print(const wg_config *c, const wg_cost_row *r, FILE *f, int format, int header);

#endif
