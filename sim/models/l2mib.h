/*
** l2mib.h -- C reference model of the L2 Merge Information Buffer and the
** dummy-first multiplexer to DRAM (block 'l2mib'; Li, UBC MASc thesis 2015,
** §4.4, Fig. 4.2).  Cycle-exact against the generated RTL; the model
** contract is in docs/design.md ("C model contract"), the rules in
** docs/blocks/l2mib.md.
**
** A performance model (warpsim's L2 sub-partition) drives it once per cycle:
**   in.merge/merge_idx/merge_len/merge_age  <- the L2 MSHR merged a read miss
**   in.fill/fill_idx                        <- the MSHR entry was filled and freed
**   l2mib_set_blk(&in, i, blk)              <- the MSHR's block address of entry i
**   in.mq_valid/mq_blk/mq_info              <- the miss queue's head
**   in.out_ready                            <- the L2 -> DRAM path has room
**   l2mib_eval(&mib, &in, &out);   // out.out_valid/out_dummy/out_blk/out_ml/out_age
**   ... send the request to DRAM if out.out_valid && in.out_ready;
**       pop the miss queue if out.mq_pop ...
**   l2mib_tick(&mib, &in);         // the clock edge
** The in/out structs are the generated l2mib_in/l2mib_out (l2mib_io.h).
*/
#ifndef L2MIB_MODEL_H
#define L2MIB_MODEL_H

#include "l2mib_io.h"

#define L2MIB_MAX_ENTRIES L2MIB_ENTRIES_MAX   /* from l2mib_io.h */

typedef struct l2mib_model {
  l2mib_params p;
  /* derived at init */
  int      n;            /* ENTRIES */
  uint32_t len_mask;     /* stored merge length - 1: clog2(MAX_MERGE) bits */
  uint32_t port_len_mask;/* merge length on the ports: bits_for(MAX_MERGE) bits */
  uint32_t age_max;      /* 2^AGE_W - 1 */
  uint32_t blk_mask, info_mask, idx_mask;
  /* state = the RTL's registers */
  uint64_t valid;                      /* bit i: entry i holds unsent merge information */
  uint32_t len_m1[L2MIB_MAX_ENTRIES];  /* merge length - 1 */
  uint32_t age[L2MIB_MAX_ENTRIES];     /* summed age of the merges since the last dummy */
  int      pick;                       /* PIPE=1: the registered pick, the dummy's entry or -1 */
} l2mib_model;

int  l2mib_init (l2mib_model *m, const l2mib_params *p);   /* 0 ok, -1 illegal p */
void l2mib_reset(l2mib_model *m);
void l2mib_eval (const l2mib_model *m, const l2mib_in *in, l2mib_out *out);
void l2mib_tick (l2mib_model *m, const l2mib_in *in);
void l2mib_step(l2mib_model *m, const l2mib_in *in, l2mib_out *out);   /* eval, then tick, one pick */

/* The entry the multiplexer offers a dummy from now, or -1: PIPE=0 the
** valid entry with the highest request score (lowest index among equals);
** PIPE=1 the registered pick, chosen so at the last edge from the entries
** that stayed valid through it (docs/blocks/l2mib.md). */
int l2mib_pick(const l2mib_model *m);

/* Block address of MSHR entry i in the mshr_blk bus (BLK_W bits each). */
static inline void l2mib_set_blk(l2mib_in *in, int i, int blk_w, uint32_t blk) {
  for (int b = 0; b < blk_w; b++) {
    int bit = i * blk_w + b;
    uint32_t mk = 1u << (bit % 32);
    if (blk >> b & 1) in->mshr_blk[bit / 32] |= mk;
    else in->mshr_blk[bit / 32] &= ~mk;
  }
}
static inline uint32_t l2mib_get_blk(const uint32_t *bus, int i, int blk_w) {
  int bit = i * blk_w, w = bit / 32, s = bit % 32;
  uint64_t v = bus[w] >> s;
  if (s + blk_w > 32) v |= (uint64_t)bus[w + 1] << (32 - s);
  return (uint32_t)(v & (blk_w >= 32 ? 0xFFFFFFFFu : (1u << blk_w) - 1));
}

#endif
