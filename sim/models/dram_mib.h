/*
** dram_mib.h -- C reference model of the DRAM-controller side of the inter-core
** locality aware scheduler (block 'dram_mib'; Li, UBC MASc thesis 2015,
** 4.1-4.5, Rule 1, Fig. 4.2): the read request queue, the DRAM-side Merge
** Information Buffer (one entry per queue slot), the row scores and the
** scheduler's pick under FR-FCFS, MSHR-M, MSHR-S or MSHR-S+A.  Cycle-exact
** against the generated RTL; rules and timing in docs/blocks/dram_mib.md.
**
** A performance model uses it directly as its DRAM read scheduler, once per
** DRAM-controller cycle (POLICY=0 is the baseline FR-FCFS scheduler):
**   dram_mib_in in = {0};
**   in.req_valid = ...; in.req_bank/row/blk/age = ...;  // a read from the L2 (taken if out.req_ready)
**   in.dummy_valid = ...;                               // a dummy request (MSHR-*)
**   in.bank_ready = mask of banks whose command queue is free;
**   dram_mib_eval(&m, &in, &out);     // out.issue_valid: out.issue_* goes to bank out.issue_bank
**   dram_mib_tick(&m, &in);           // the clock edge
** The in/out structs are the generated dram_mib_in/dram_mib_out (dram_mib_io.h).
*/
#ifndef DRAM_MIB_MODEL_H
#define DRAM_MIB_MODEL_H

#include "dram_mib_io.h"

#define DRAM_MIB_MAX_QUEUE DRAM_MIB_QUEUE_MAX   /* the descriptor's ranges, from dram_mib_io.h */
#define DRAM_MIB_MAX_BANKS DRAM_MIB_BANKS_MAX

enum { DRAM_MIB_POL_FRFCFS = 0, DRAM_MIB_POL_M = 1, DRAM_MIB_POL_S = 2, DRAM_MIB_POL_SA = 3,
       DRAM_MIB_POL_RUNTIME = 4 };

typedef struct dram_mib_entry {  /* one queue slot + its DRAM MIB entry, as the RTL stores it */
  uint32_t bank, row, blk;
  uint32_t ml;                   /* merge length - 1 (always 0 under a fixed FR-FCFS) */
  uint32_t age;                  /* Age_MSHR (Age_Req under FR-FCFS), saturating */
  uint32_t rid;                  /* ROW_TABLE=1: its row-table entry */
} dram_mib_entry;

typedef struct dram_mib_row {    /* ROW_TABLE=1: one entry of the row-score table (4.5) */
  uint32_t bank, row;
  uint32_t cnt;                  /* queued reads in the row */
  uint32_t msum;                 /* sum of their merge lengths (MSHR-S) */
  uint32_t max;                  /* largest merge length - 1 (MSHR-M) */
  uint64_t asum;                 /* sum of their ages (MSHR-S+A), saturating at 2^asw - 1 */
} dram_mib_row;

/* (the fields every cycle reads come first, the per-slot and per-row arrays after them: a
** performance model steps the block every DRAM cycle, and each cache line a step touches counts) */
typedef struct dram_mib_model {
  /* derived at init */
  int      n, nb, pol, mib;
  uint32_t bank_mask, row_mask, blk_mask, ml_mask, age_max;
  int      ab, mlb, rsw, rqw;    /* widths of the pick key's fields */
  int      table;                /* ROW_TABLE */
  int      pipe, rows;           /* PIPE: the pipelined pick; with a row stage (POLICY >= 1) */
  int      ssw, tw;              /* widths: the merge-length sum, the unclipped age sum */
  uint64_t asum_max;             /* 2^asw - 1: the table's age sum saturates there */
  /* state = the RTL's registers (the scalars; the arrays below) */
  uint64_t valid;
  uint32_t open_valid;
  uint32_t rr;                   /* round-robin: the bank tried first */
  uint64_t rt_valid;             /* ROW_TABLE=1: the row-score table's valid entries */
  /* PIPE=1: the bank stage's bank; the row stage's bank and best rows (table entries, or slots
  ** with exact scores); the request stage's pick (docs/blocks/dram_mib.md, "The pipelined pick") */
  int      bb_v, sb_v, pk_v;
  uint32_t bb_bank, sb_bank, pk_bank;
  uint64_t bb_tied, sb_tied;
  int      pk_slot;
  int      du_v, du_slot;         /* PIPE=1: the DEMUX's register: a dummy found last cycle ... */
  uint32_t du_ml, du_age;        /* ... with its merge length - 1 and age */
  int      pend_v, pend_rid;     /* PIPE=1, ROW_TABLE=1: the read issued last cycle, its row-table entry ... */
  uint64_t pend_amt;             /* ... and its share of the row's age sum (age + merge length, + a dummy's change to it applied at its issue), out at this edge */
  /* derived from the state, kept up to date beside it (a performance model steps the block
  ** every DRAM cycle, mostly with no bank ready) */
  uint32_t has;                  /* banks with a valid slot */
  int      count;                /* valid slots (the count output, without a popcount a cycle) */
  int      sat;                  /* a valid slot's age is saturated (age_sat) */
  /* POLICY=0 (FR-FCFS): every queued read ages by one a cycle, so a read's age is
  ** min(age_max, clock - born) and no cycle visits the queue (q[].age is not kept) */
  int      lazy;
  int64_t  clock;                /* clock edges since init */
  int64_t  born_min;             /* the least born over the valid slots */
  uint64_t bank_slots[DRAM_MIB_MAX_BANKS];  /* the valid slots of each bank */
  uint32_t open_row[DRAM_MIB_MAX_BANKS];
  dram_mib_entry q[DRAM_MIB_MAX_QUEUE];
  int64_t  born[DRAM_MIB_MAX_QUEUE];
  dram_mib_row rt[DRAM_MIB_MAX_QUEUE];
  dram_mib_params p;
} dram_mib_model;

int  dram_mib_init (dram_mib_model *m, const dram_mib_params *p);   /* 0 ok, -1 illegal p */
void dram_mib_reset(dram_mib_model *m);
void dram_mib_eval (const dram_mib_model *m, const dram_mib_in *in, dram_mib_out *out);
void dram_mib_tick (dram_mib_model *m, const dram_mib_in *in);
void dram_mib_step(dram_mib_model *m, const dram_mib_in *in, dram_mib_out *out);   /* eval, then tick, one decision */

/* requests in the read queue */
static inline int dram_mib_count(const dram_mib_model *m) { return __builtin_popcountll(m->valid); }

#endif
