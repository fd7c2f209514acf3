/*
** ws_slot.h -- a block slot: one instance of one block at one parameter set,
** owned by an SM or a partition (its 'owner', e.g. "SM 3").  warpsim drives
** a block only through a slot: the block's generated I/O structs and its
** model's wg_model_ops (init, eval, tick), never the model's state.  What
** warpsim needs to know of a block (how many entries are held, which slot a
** request went to) it learns from the block's outputs.  This is the seam
** where a block's Verilated RTL can take the model's place.
**
** Stepping a slot only in cycles where it has work is exact where the block,
** idle and without input, neither changes state nor shows anything on its
** outputs; each caller says why that holds for its block.
*/
#ifndef WS_SLOT_H
#define WS_SLOT_H

#include <stddef.h>
#include <stdint.h>

#include "models.h"

typedef struct ws_slot {
  const wg_model_ops *ops;
  void    *state;             /* the model's state, allocated once by ws_slot_init */
  char     owner[24];         /* "SM 3", "partition 1": who holds this instance */
  uint64_t steps;             /* cycles this slot was stepped */
} ws_slot;

/* Builds the model of BLOCK at PARAMS (a const BLOCK_params *), then steps one
** reset cycle (rst = 1, every other input 0) as the RTL would see it.  IN_SIZE
** and OUT_SIZE are sizeof(BLOCK_in) and sizeof(BLOCK_out).  0 ok; -1 with a
** message naming the owner otherwise. */
int  ws_slot_init(ws_slot *s, const char *block, const void *params, size_t in_size,
                  size_t out_size, const char *owner, char *err, size_t n);
void ws_slot_free(ws_slot *s);

/* this cycle's outputs for IN, no clock edge (a block whose outputs a
** caller needs before it knows all of the cycle's inputs) */
static inline void ws_slot_eval(ws_slot *s, const void *in, void *out) {
  s->ops->eval(s->state, in, out);
}

/* the clock edge with IN.  A caller that read the outputs earlier in the
** cycle (ws_slot_eval) with other inputs must know that those outputs do not
** depend on the inputs that changed since (e.g. registered outputs); an RTL
** slot settles IN before the edge. */
static inline void ws_slot_tick(ws_slot *s, const void *in) {
  s->ops->tick(s->state, in);
  s->steps++;
}

/* one cycle: the outputs of this cycle for IN, then the clock edge */
static inline void ws_slot_step(ws_slot *s, const void *in, void *out) {
  s->ops->eval(s->state, in, out);
  s->ops->tick(s->state, in);
  s->steps++;
}

#endif
