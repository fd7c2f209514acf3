/*
** rfc.h -- C reference model of Gebhart's register-file cache (block 'rfc';
** ISCA'11 3.1, 3.3, 5.3-5.4).  Cycle-exact against
** the generated RTL; the contract is docs/design.md's "C model contract", the
** rules in docs/blocks/rfc.md.
**
** A performance model drives it once per cycle:
**   rfc_eval(&c, &in, &out);  // this cycle: rd_hit / rd_data*, mrf_rd, wr_*, ev_*, fl_*,
**                             // mrf_rd_n and mrf_wr_n (the MRF traffic it causes)
**   rfc_tick(&c, &in);        // the clock edge
** The in/out structs are the generated rfc_in/rfc_out (rfc_io.h).  Slots are
** tls' active slots: flush slot tls.pick_slot on tls.demote (fl_kill = 0) or
** tls.retire (fl_kill = 1).  rfc_set_data/rfc_get_data pack one thread's value.
*/
#ifndef RFC_MODEL_H
#define RFC_MODEL_H

#include "rfc_io.h"

#define RFC_MAX_ACTIVE  RFC_ACTIVE_MAX   /* from rfc_io.h */
#define RFC_MAX_ENTRIES RFC_ENTRIES_MAX
#define RFC_WORDS 32                     /* 32-bit words of one entry (THREADS x DATA_BITS <= 1024) */
#define RFC_MAX_N (RFC_MAX_ACTIVE * RFC_MAX_ENTRIES)

typedef struct rfc_model {
  rfc_params p;
  int      A, E, T, DB, RB, AB, N, DW, words;
  uint32_t last_mask;                   /* valid bits of an entry's last word */
  /* state = the RTL's registers */
  uint8_t  valid[RFC_MAX_N], dead[RFC_MAX_N];
  uint32_t tag[RFC_MAX_N];
  uint32_t fifo[RFC_MAX_ACTIVE];
  uint32_t data[RFC_MAX_N][RFC_WORDS];
} rfc_model;

int  rfc_init (rfc_model *m, const rfc_params *p);   /* 0 ok, -1 illegal p */
void rfc_reset(rfc_model *m);
void rfc_eval (const rfc_model *m, const rfc_in *in, rfc_out *out);
void rfc_tick (rfc_model *m, const rfc_in *in);
void rfc_step (rfc_model *m, const rfc_in *in, rfc_out *out);   /* eval, then tick, one decision */

/* Thread t's value (db bits) in a packed THREADS x DATA_BITS vector. */
static inline uint32_t rfc_get_data(const uint32_t *v, int t, int db) {
  uint32_t x = 0;
  for (int b = 0; b < db; b++) { int bit = t * db + b; x |= (v[bit / 32] >> (bit % 32) & 1u) << b; }
  return x;
}
static inline void rfc_set_data(uint32_t *v, int t, int db, uint32_t x) {
  for (int b = 0; b < db; b++) {
    int bit = t * db + b;
    if (x >> b & 1) v[bit / 32] |= 1u << (bit % 32);
    else v[bit / 32] &= ~(1u << (bit % 32));
  }
}

#endif
