/*
** ws_slot.h -- a block slot: one instance of one block at one parameter set,
** owned by an SM or a partition (its 'owner', e.g. "SM 3"; its name on the
** command line "mshr:sm3").  warpsim drives a block only through a slot: the
** block's generated I/O structs and its model's wg_model_ops (init, eval,
** tick), never the model's state.  What warpsim needs to know of a block (how
** many entries are held, which slot a request went to) it learns from the
** block's outputs.
**
** This is the seam where a block's Verilated RTL takes the model's place:
** warpsim-rtl (harness/ws_rtl.c) installs an RTL backend, which attaches the
** RTL of the slot's parameter set to each slot of the blocks named by --rtl;
** warpsim itself has no backend and knows nothing of Verilator.  A slot can
** also record its inputs, cycle by cycle, for 'cosim BLOCK --replay'
** (ws_record.h).
**
** Stepping a slot only in cycles where it has work is exact where the block,
** idle and without input, neither changes state nor shows anything on its
** outputs; each caller says why that holds for its block.
*/
#ifndef WS_SLOT_H
#define WS_SLOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "models.h"

struct ws_record;

typedef struct ws_slot {
  /* (what a step reads first) */
  const wg_model_ops *ops;
  void    *state;             /* the model's state, allocated once by ws_slot_init */
  uint64_t steps;             /* cycles this slot was stepped */
  int      hooked;            /* an RTL is attached or the inputs are recorded */
  void    *rtl;               /* the RTL backend's instance, NULL: the C model */
  struct ws_record *rec;      /* --record: this slot's inputs, or NULL */
  const int64_t *clock;       /* the owner's clock: the cycle being simulated */
  const void *params;         /* a copy of the block's _params (int64 fields) */
  size_t   params_size, in_size, out_size;
  char     owner[24];         /* "SM 3", "partition 1": who holds this instance */
  char     name[48];          /* "mshr:sm3": how the command line names the slot */
} ws_slot;

/* What warpsim-rtl installs (harness/ws_rtl.c).  attach is called for every
** slot ws_slot_init builds, with the model built but not yet reset: it sets
** s->rtl for a slot that runs as RTL (leaves it NULL otherwise); eval and tick
** then stand for the model's.  0 ok; -1 with a message naming the slot. */
typedef struct ws_rtl_backend {
  int  (*attach)(ws_slot *s, char *err, size_t n);
  void (*eval)(ws_slot *s, const void *in, void *out);
  void (*tick)(ws_slot *s, const void *in);
  void (*detach)(ws_slot *s);
  /* after the machine is built: -1 (message) when a block --rtl names has no slot */
  int  (*check)(char *err, size_t n);
} ws_rtl_backend;

/* The process's slot options, set by the command line before the machine is
** built: the RTL backend (NULL in warpsim), --record requests, --list-slots. */
#define WS_MAX_RECORD 16
typedef struct ws_slot_options {
  const ws_rtl_backend *rtl;
  const char *rtl_list;       /* --rtl BLOCK[,BLOCK...] or "all" */
  int   rtl_no_check;         /* --rtl-no-check */
  const char *rtl_fault;      /* --inject-fault SLOT:CYCLE:PORT */
  int   argc;                 /* the command line, for a failure's reproduction */
  char **argv;
  struct { const char *slot, *file; int used; } record[WS_MAX_RECORD];
  int   n_record;
  FILE *list;                 /* --list-slots: one line per slot built */
  char  failed[300];          /* a recording that could not be written, or "" */
} ws_slot_options;
extern ws_slot_options ws_slot_opts;

/* Builds the model of BLOCK at PARAMS (a const BLOCK_params *, PARAMS_SIZE
** bytes), then steps one reset cycle (rst = 1, every other input 0) as the
** RTL would see it.  IN_SIZE and OUT_SIZE are sizeof(BLOCK_in) and
** sizeof(BLOCK_out); CLOCK is the owner's cycle counter.  0 ok; -1 with a
** message naming the owner otherwise.  WS_SLOT_INIT fills in the sizes. */
int  ws_slot_init(ws_slot *s, const char *block, const void *params, size_t params_size,
                  size_t in_size, size_t out_size, const int64_t *clock, const char *owner,
                  char *err, size_t n);
#define WS_SLOT_INIT(s, blk, params, clock, owner, err, n)                                    \
  ws_slot_init((s), #blk, (params), sizeof *(params), sizeof(blk##_in), sizeof(blk##_out), \
               (clock), (owner), (err), (n))
/* ends a recording (header completed; a failure to write it is printed and
** kept in ws_slot_opts.failed) and frees the slot */
void ws_slot_free(ws_slot *s);
/* after the machine is built: a --record request that named no slot is an error */
int  ws_slot_check_requests(char *err, size_t n);

void ws_slot_hooked_tick(ws_slot *s, const void *in);

/* this cycle's outputs for IN, no clock edge (a block whose outputs a
** caller needs before it knows all of the cycle's inputs) */
static inline void ws_slot_eval(ws_slot *s, const void *in, void *out) {
  if (s->rtl) ws_slot_opts.rtl->eval(s, in, out);
  else s->ops->eval(s->state, in, out);
}

/* the clock edge with IN.  A caller that read the outputs earlier in the
** cycle (ws_slot_eval) with other inputs must know that those outputs do not
** depend on the inputs that changed since (e.g. registered outputs); an RTL
** slot settles IN before the edge. */
static inline void ws_slot_tick(ws_slot *s, const void *in) {
  if (s->hooked) ws_slot_hooked_tick(s, in);
  else s->ops->tick(s->state, in);
  s->steps++;
}

/* one cycle: the outputs of this cycle for IN, then the clock edge */
static inline void ws_slot_step(ws_slot *s, const void *in, void *out) {
  if (s->hooked) {
    ws_slot_eval(s, in, out);
    ws_slot_tick(s, in);
    return;
  }
  s->ops->step(s->state, in, out);   /* a fused model decides once */
  s->steps++;
}

#endif
