/*
** caps.h -- C reference model of the CTA-aware prefetcher (block 'caps';
** CAPS/CTAA, Jeon et al., USC CENG-2014-08, 4.2-4.4, Fig. 9, Table 2).
** Cycle-exact against the generated RTL; the model contract is in docs/design.md,
** the rules and every choice the paper leaves open in docs/blocks/caps.md.
**
** A performance model drives it from its load/store unit, once per cycle:
**   in.ld_valid = 1; in.ld_pc = pc; in.ld_cta = slot; in.ld_warp = index in CTA;
**   in.ld_n = requests; in.ld_addr[...] = caps_set_addr(...);   // after the coalescer
**   in.pf_ready = L1D can take a prefetch;
**   caps_eval(&m, &in, &out);   // out.pf_valid/pf_addr/pf_cta/pf_warp, events
**   ... send the prefetch when out.pf_valid && in.pf_ready; tag it with the warp ...
**   caps_tick(&m, &in);         // the clock edge
** 'flush' at a kernel launch, 'launch' when a CTA enters a slot.
*/
#ifndef CAPS_MODEL_H
#define CAPS_MODEL_H

#include "caps_io.h"

#define CAPS_MAX_NCTA CAPS_NCTA_MAX   /* from caps_io.h */
#define CAPS_MAX_REQS CAPS_REQS_MAX
#define CAPS_MAX_FIFO CAPS_FIFO_MAX
#define CAPS_ADDR_WORDS ((int)(sizeof(((caps_in *)0)->ld_addr) / sizeof(uint32_t)))

typedef struct caps_pct_entry {  /* PerCTA entry (Table 2 + request count) */
  uint32_t pc;                   /* 0 = free */
  uint32_t lead;                 /* leading warp, its index in the CTA */
  uint32_t base[CAPS_MAX_REQS];
  uint32_t n;                    /* valid bases, 1..REQS */
} caps_pct_entry;

typedef struct caps_dist_entry { /* DIST entry (Table 2) + the slot the stride was learnt in */
  uint32_t pc, stride, mis, lcta;
} caps_dist_entry;

#define CAPS_MAX_TQ CAPS_TQ_MAX

typedef struct caps_trig {       /* a trigger waiting for the generator: what loading it sets */
  uint32_t pend, sel, case2, down, k, off, stride, t;
} caps_trig;

typedef struct caps_pf {         /* one prefetch request in the FIFO */
  uint32_t addr, cta, warp;
} caps_pf;

/* PIPE=1: the load in its X stage (registered at the end of its lookup cycle, L) */
typedef struct caps_stage_x {
  uint32_t valid, pc, cta, warp;
  uint32_t hit, pe, dhit, de;    /* its PerCTA hit and entry, its DIST hit and entry */
  uint32_t vict, evict;          /* a miss: the entry it allocated, whether that evicted one */
  uint32_t k;                    /* warp - leading warp, WID_BITS + 1 bits */
  uint32_t diff[CAPS_MAX_REQS];  /* request i's address - base i */
  uint32_t samen, n, pn;         /* request counts equal; the load's; the entry's */
  uint32_t relaunch;             /* its slot was launched in its L cycle */
  uint32_t cw;                   /* cta_warps of its L cycle (at most 2^WID_BITS): its decisions use it */
} caps_stage_x;

/* PIPE=1: the load in its V stage (registered at the end of its X cycle) */
typedef struct caps_stage_v {
  uint32_t valid, cta, k, n, pn;
  uint32_t diff[CAPS_MAX_REQS];
  uint32_t kst;                  /* k x stride */
  uint32_t hit, dhit, de, evict, stride, inval;
  uint32_t dlcta;                /* the DIST entry's leading CTA */
  uint32_t pend, sel, c1any;     /* its trigger's slots and entries; Case 1 found a counterpart */
  uint32_t relaunch, c2t, c2down, dstride;   /* Case 2: no trigger; first target, direction; the stride */
  uint32_t cw;
} caps_stage_v;

typedef struct caps_model {
  caps_params p;
  /* derived at init */
  int      nc, r, d, g, q, pipe;
  uint32_t pc_mask, addr_mask, wid_mask, mis_max, th;
  /* state = the RTL's registers */
  caps_pct_entry pct[CAPS_MAX_NCTA][2];
  uint32_t pct_lru[CAPS_MAX_NCTA];
  caps_dist_entry dist[2];
  uint32_t dist_lru;
  /* generator */
  uint32_t g_pend, g_sel, g_case2, g_down, g_k, g_off, g_stride, g_t, g_ri;
  /* trigger queue */
  caps_trig tq[CAPS_MAX_TQ];
  uint32_t tq_head, tq_count;
  /* prefetch FIFO */
  caps_pf  f[CAPS_MAX_FIFO];
  uint32_t head, tail, count;
  /* PIPE=1: the loads in X and V */
  caps_stage_x x;
  caps_stage_v v;
} caps_model;

int  caps_init (caps_model *m, const caps_params *p);   /* 0 ok, -1 illegal p */
void caps_reset(caps_model *m);
void caps_eval (const caps_model *m, const caps_in *in, caps_out *out);
void caps_tick (caps_model *m, const caps_in *in);
void caps_step (caps_model *m, const caps_in *in, caps_out *out);   /* eval, then tick, one decision */

/* Request i's address (ab bits) in the packed ld_addr array. */
static inline uint32_t caps_get_addr(const uint32_t *v, int i, int ab) {
  int bit = i * ab, w = bit / 32, s = bit % 32;
  uint64_t x = v[w] >> s;
  if (s + ab > 32) x |= (uint64_t)v[w + 1] << (32 - s);
  return (uint32_t)(x & ((ab >= 32) ? 0xffffffffu : ((1u << ab) - 1)));
}
static inline void caps_set_addr(uint32_t *v, int i, int ab, uint32_t a) {
  for (int b = 0; b < ab; b++) {
    int bit = i * ab + b;
    uint32_t m = 1u << (bit % 32);
    if (a >> b & 1) v[bit / 32] |= m;
    else v[bit / 32] &= ~m;
  }
}

#endif
