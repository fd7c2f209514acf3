/*
** apogee.h -- C reference model of APOGEE's prefetch table, line generator
** and prefetch queue (block 'apogee'; thesis 5.3, Fig. 5.5-5.9, Table 5.3b).
** Cycle-exact against the generated RTL; the model contract is in docs/design.md
** ("C model contract"), the rules and every open choice in
** docs/blocks/apogee.md.
**
** A performance model's L1 controller drives it directly, once per cycle:
**   apogee_eval(&pf, &in, &out);  // in: this cycle's load (pc, warp, mask,
**                                 // lane addresses, hit), the active warps,
**                                 // a prefetch fill, whether the L1 takes
**                                 // the queue head and already holds it
**   ... if (out.pf_valid && in.pf_ready) send line out.pf_line, tagged
**       (out.pf_entry, out.pf_warp, out.pf_last), and return the tag on
**       its fill; a line the L1 holds is dropped with pf_present = 1 ...
**   apogee_tick(&pf, &in);        // the clock edge
** apogee_set_addr() / apogee_get_addr() pack a lane's address into ld_addr.
** With PIPE=1 a load's outputs come APOGEE_PIPE_LAT cycles after its inputs
** (docs/blocks/apogee.md, "The pipeline"); with PIPE=0 in the same cycle.
*/
#ifndef APOGEE_MODEL_H
#define APOGEE_MODEL_H

#include "apogee_io.h"

#define APOGEE_MAX_ENTRIES APOGEE_ENTRIES_MAX   /* from apogee_io.h */
#define APOGEE_MAX_WARPS   APOGEE_WARPS_MAX
#define APOGEE_MAX_PFQ     APOGEE_PFQ_MAX
#define APOGEE_PIPE_STAGES 5   /* PIPE=1: the load's stages before its look-up (the look-up is the 6th) */
#define APOGEE_PIPE_LAT    7   /* PIPE=1: cycles from a load's inputs to its outputs */

typedef struct apogee_entry {   /* one table entry, as the RTL stores it */
  uint32_t pc, addr, off, conf, tidx, dist, type, lw;  /* type 0 invalid, 1 FOA, 2 TIA */
  uint32_t slow;                /* TIA: the trigger was too late */
  uint8_t  pend[APOGEE_WARPS_MAX];  /* FOA, per warp: bursts sent and not complete */
  uint8_t  run[APOGEE_WARPS_MAX];   /* FOA, per warp: bursts sent in a row at the current distance */
} apogee_entry;

typedef struct apogee_ld {      /* PIPE=1: a load in the pipeline, as it arrived */
  uint32_t valid, pc, warp, mask, hit, n_warps;
  uint32_t addr[sizeof ((apogee_in *)0)->ld_addr / sizeof(uint32_t)];
} apogee_ld;

typedef struct apogee_model {
  apogee_params p;
  /* derived at init */
  int E, W, T, AB, OB, CB, DB, LB, Q, WB, TLB, TALL;
  uint32_t amask, omask, pcmask;
  /* state = the RTL's registers */
  apogee_entry e[APOGEE_MAX_ENTRIES];
  uint32_t lal[APOGEE_MAX_WARPS], lal_v;
  uint32_t g_busy, g_cur, g_step, g_last, g_entry, g_warp;
  uint32_t q_line[APOGEE_MAX_PFQ], q_entry[APOGEE_MAX_PFQ], q_warp[APOGEE_MAX_PFQ], q_last[APOGEE_MAX_PFQ], q_count;
  /* PIPE=1: the loads of stages 1..4 (pl[0] arrived last), the table-cycle load with the victim its
  ** look-up picked, and the report of the load decided in the last cycle (its outputs and its burst) */
  apogee_ld pl[APOGEE_PIPE_STAGES], u;
  uint32_t u_vic, u_vok, u_vvalid;
  apogee_out r;
  uint32_t r_gcur, r_gstep, r_glast, r_gent, r_gw;
  /* PIPE=1: the bursts' completions on their way to the table, as the loads (c_*[0] newest): a fill
  ** of a last line (valid, entry, warp), a last line dropped as present (valid, entry, warp) */
  uint32_t cf_v[APOGEE_PIPE_STAGES + 1], cf_e[APOGEE_PIPE_STAGES + 1], cf_w[APOGEE_PIPE_STAGES + 1];
  uint32_t cd_v[APOGEE_PIPE_STAGES + 1], cd_e[APOGEE_PIPE_STAGES + 1], cd_w[APOGEE_PIPE_STAGES + 1];
} apogee_model;

int  apogee_init (apogee_model *m, const apogee_params *p);   /* 0 ok, -1 illegal p */
void apogee_reset(apogee_model *m);
void apogee_eval (const apogee_model *m, const apogee_in *in, apogee_out *out);
void apogee_tick (apogee_model *m, const apogee_in *in);
void apogee_step(apogee_model *m, const apogee_in *in, apogee_out *out);   /* eval, then tick, one decision */

/* lane j's address field (ab bits) in the packed ld_addr array */
static inline uint32_t apogee_get_addr(const uint32_t *a, int j, int ab) {
  int bit = j * ab, w = bit / 32, s = bit % 32;
  uint64_t v = a[w] >> s;
  if (s + ab > 32) v |= (uint64_t)a[w + 1] << (32 - s);
  return (uint32_t)(v & ((((uint64_t)1) << ab) - 1));
}
static inline void apogee_set_addr(uint32_t *a, int j, int ab, uint32_t v) {
  for (int b = 0; b < ab; b++) {
    int bit = j * ab + b;
    uint32_t m = 1u << (bit % 32);
    if (v >> b & 1) a[bit / 32] |= m;
    else a[bit / 32] &= ~m;
  }
}

#endif
