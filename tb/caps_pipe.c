/*
** caps_pipe.c -- the pipelined load (PIPE=1) decides every load as the one-cycle
** block (PIPE=0) does, two cycles later.  Two C models of block 'caps', equal but
** for PIPE, run on the same random stimulus (the block's own generator: strided,
** scalar, non-striding and random PCs, loads in the leading-warp-first order that
** puts a CTA's warps back to back, noisy PCs, launches, flushes, resets).
**
** The hazard rule under test (docs/blocks/caps.md, "The pipeline"): a load sees the
** tables as every older load left them, so its decision is the one-cycle block's.
** Per load, the pipelined model's event outputs in cycle c + 2 must equal the
** one-cycle model's in cycle c: ld_target, ld_hit, ld_dist_hit, ev_lead, ev_evict,
** ev_stride, ev_invalid, ev_mispred, ev_throttled, and whether it made a trigger
** (trig_case1 | trig_case2 | trig_drop; which case, when neither dropped it).  Whether
** a trigger is dropped may differ: the generator is busy at other times.  A load is
** left out when a reset comes in c or c + 1 (it was in L or X), or a flush in c + 1 or
** c + 2 (a flush cancels the loads in X and V; in one cycle those were decided before it).
** The one-cycle model is the reference here; the directed scenarios check it against
** the paper's rules.  A run must compare enough loads of every kind.
**
** Usage: caps_pipe [SEED]   Ends with 'N passed, N failed'.
*/
#include "caps.h"
#include "stim.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int npass, nfail;

/* one load's events, as the outputs show them */
typedef struct ev {
  uint32_t target, hit, dhit, lead, evict, stride, invalid, mispred, throttled, trig, t1, t2, drop;
} ev;

static ev events_of(const caps_out *o) {
  ev e = {o->ld_target, o->ld_hit, o->ld_dist_hit, o->ev_lead, o->ev_evict, o->ev_stride, o->ev_invalid,
          o->ev_mispred, o->ev_throttled, o->trig_case1 | o->trig_case2 | o->trig_drop, o->trig_case1,
          o->trig_case2, o->trig_drop};
  return e;
}

static int same(const ev *a, const ev *b) {
  if (a->target != b->target || a->hit != b->hit || a->dhit != b->dhit || a->lead != b->lead ||
      a->evict != b->evict || a->stride != b->stride || a->invalid != b->invalid ||
      a->mispred != b->mispred || a->throttled != b->throttled || a->trig != b->trig)
    return 0;
  if (!a->drop && !b->drop && (a->t1 != b->t1 || a->t2 != b->t2)) return 0;
  return 1;
}

static void run(const char *what, caps_params p, uint64_t cycles, uint64_t seed) {
  static caps_model flat, pipe;
  caps_params pf = p, pp = p;
  pf.PIPE = 0;
  pp.PIPE = 1;
  if (caps_init(&flat, &pf) || caps_init(&pipe, &pp)) { fprintf(stderr, "%s: bad parameters\n", what); exit(2); }
  const wg_stim_ops *st = wg_find_stim("caps", "random");
  static unsigned char state[1 << 16];
  char msg[256];
  if (!st || st->size > sizeof state || st->init(state, &pf, seed, msg, sizeof msg)) {
    fprintf(stderr, "%s: no random stimulus: %s\n", what, msg);
    exit(2);
  }
  ev hist[3];                 /* the one-cycle model's events of cycles c, c - 1, c - 2 */
  int cancel[3] = {1, 1, 1};  /* a load of that cycle is left out */
  uint64_t loads = 0, hits = 0, strides = 0, invals = 0, mispred = 0, throttled = 0, trigs = 0, left = 0, bad = 0;
  for (uint64_t c = 0; c < cycles && bad < 5; c++) {
    caps_in in;
    caps_out of, op;
    st->next(state, c, &in);
    caps_step(&flat, &in, &of);
    caps_step(&pipe, &in, &op);
    /* a reset now cancels the loads of this cycle and the last (in L and X; the one in V shows
    ** its events in the reset cycle); a flush now the loads of the last two cycles (X and V) */
    if (in.rst & 1) cancel[0] = 1;
    if (in.flush & 1) cancel[0] = cancel[1] = 1;
    memmove(&hist[1], &hist[0], 2 * sizeof hist[0]);
    memmove(&cancel[1], &cancel[0], 2 * sizeof cancel[0]);
    hist[0] = events_of(&of);
    cancel[0] = (in.rst & 1) != 0;
    /* the pipelined model's events now are the one-cycle model's of two cycles ago */
    ev e = events_of(&op);
    if (c < 2) continue;
    if (cancel[2]) {   /* a cancelled load shows nothing */
      left += hist[2].target;
      if (e.target) {
        bad++;
        printf("  %s, cycle %" PRIu64 ": a load cancelled by a reset or flush shows events\n", what, c);
      }
      continue;
    }
    if (!same(&hist[2], &e)) {
      bad++;
      printf("  %s, cycle %" PRIu64 ": one cycle (cycle %" PRIu64 ") target %u hit %u dhit %u lead %u evict %u stride %u "
             "invalid %u mispred %u throttled %u trigger %u (case1 %u case2 %u drop %u); pipelined: target %u hit %u "
             "dhit %u lead %u evict %u stride %u invalid %u mispred %u throttled %u trigger %u (case1 %u case2 %u drop %u)\n",
             what, c, c - 2, hist[2].target, hist[2].hit, hist[2].dhit, hist[2].lead, hist[2].evict, hist[2].stride,
             hist[2].invalid, hist[2].mispred, hist[2].throttled, hist[2].trig, hist[2].t1, hist[2].t2, hist[2].drop,
             e.target, e.hit, e.dhit, e.lead, e.evict, e.stride, e.invalid, e.mispred, e.throttled, e.trig, e.t1,
             e.t2, e.drop);
    }
    loads += e.target;
    hits += e.hit;
    strides += e.stride;
    invals += e.invalid;
    mispred += e.mispred != 0;
    throttled += e.throttled;
    trigs += e.trig;
  }
  /* enough of every kind, or the comparison says little */
  int ok = !bad && loads >= cycles / 8 && hits >= cycles / 40 && strides >= cycles / 1000 &&
           (invals >= cycles / 1000 || p.REQS < 2) &&   /* one request: differences cannot differ */
           mispred >= cycles / 1000 && throttled >= cycles / 1000 && trigs >= cycles / 1000;
  printf("%s %s (seed %" PRIu64 "): %" PRIu64 " cycles, %" PRIu64 " loads equal (%" PRIu64 " hits, %" PRIu64
         " strides, %" PRIu64 " invalidations, %" PRIu64 " mispredicted, %" PRIu64 " throttled, %" PRIu64
         " triggers), %" PRIu64 " cancelled by a reset or flush, %" PRIu64 " different\n",
         ok ? "PASS" : "FAIL", what, seed, cycles, loads, hits, strides, invals, mispred, throttled, trigs, left, bad);
  if (ok) npass++; else nfail++;
}

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
  printf("caps: the pipelined load (PIPE=1) against the one-cycle load (PIPE=0), seed %" PRIu64
         " (rerun: caps_pipe SEED)\n", seed);
  /* the presets' shapes, and a few more: one slot; 16 slots; one request; GEN = 1, TQ = 1 */
  run("small", (caps_params){.NCTA = 3, .REQS = 2, .PC_BITS = 3, .ADDR_BITS = 6, .WID_BITS = 2, .MISP_W = 3, .THRESH = 2,
                             .FIFO = 3, .GEN = 2, .TQ = 2}, 400000, seed);
  run("caps", (caps_params){.NCTA = 8, .REQS = 4, .PC_BITS = 32, .ADDR_BITS = 32, .WID_BITS = 8, .MISP_W = 8,
                            .THRESH = 128, .FIFO = 16, .GEN = 4, .TQ = 4}, 400000, seed);
  run("one slot", (caps_params){.NCTA = 1, .REQS = 4, .PC_BITS = 8, .ADDR_BITS = 12, .WID_BITS = 3, .MISP_W = 4,
                                .THRESH = 5, .FIFO = 4, .GEN = 2, .TQ = 1}, 200000, seed);
  run("16 slots, one request", (caps_params){.NCTA = 16, .REQS = 1, .PC_BITS = 5, .ADDR_BITS = 10, .WID_BITS = 4,
                                             .MISP_W = 2, .THRESH = 1, .FIFO = 2, .GEN = 1, .TQ = 1}, 200000, seed);
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail != 0;
}
