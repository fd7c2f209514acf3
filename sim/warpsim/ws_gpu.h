/*
** ws_gpu.h -- warpsim's GPU model: the SMs (ws_sm.h) and the memory side
** (ws_mem.h), which meet at one port per SM; CTA dispatch, the two clocks,
** Equalizer's chip-wide vote, the cycle loop, the reports.  The layers:
** ws_units.h (rings, tag arrays, coalescer) <- ws_mem.h <- ws_sm.h <- this.
** Timing rules: docs/warpsim.md.
**
** Everything is allocated by ws_gpu_init; ws_gpu_cycle allocates nothing.
*/
#ifndef WS_GPU_H
#define WS_GPU_H
#include <stdint.h>
#include <stdio.h>
#include "ws_config.h"
#include "ws_kernel.h"
#include "ws_units.h"
#include "ws_mem.h"
#include "ws_sm.h"
#include "eqvote_io.h"

#define WS_LAT_BUCKETS  16      /* load latency histogram: [0,2) [2,4) [4,8) ... 2^15 and above */

/* Equalizer's V/F levels (the eqvote block's encoding) and the two clock
** domains: a period is 460, 391 or 340 time units (a normal cycle is 391:
** 391 x 20/17 = 460, 391 x 20/23 = 340, so -15 % and +15 % are exact) */
enum { WS_EQ_LOW = 0, WS_EQ_NORMAL = 1, WS_EQ_HIGH = 2, WS_EQ_LEVELS = 3 };
enum { WS_DOM_SM = 0, WS_DOM_MEM = 1 };
#define WS_EQ_UNIT 391          /* time units in a cycle at the normal level */
typedef struct ws_eq {
  ws_slot    vote;              /* the eqvote block */
  eqvote_out o;                 /* its outputs this cycle */
  int        level[2];          /* the level each domain's clock runs at */
  int        target[2];         /* the vote's level, in effect at apply_at */
  int64_t    apply_at[2];       /* SM cycle the target takes effect; WS_NEVER: none pending */
  int64_t    time;              /* the current SM edge, in time units */
  int64_t    mem_edge;          /* the memory clock's next edge */
  int64_t    kernel_time;       /* time of the SM cycle the last CTA retired */
  uint64_t   cycles[2][WS_EQ_LEVELS];   /* per domain and level: cycles while the kernel ran */
  uint64_t   events[3][WS_EQ_LEVELS];   /* per level: warp-instructions (SM level), L2 accesses, DRAM lines (memory level) */
  uint64_t   snap[3];           /* those totals at the last level change */
  uint64_t   epochs, changes[2];
} ws_eq;

typedef struct ws_gpu {
  ws_config  cfg;
  ws_kernel  kern;
  ws_lin     addr_lin[WS_MAX_INST], mask_lin[WS_MAX_INST];   /* its body's expressions as linear forms, where they are */
  int64_t    now;               /* the cycle being simulated (the first is 1): the SMs' clock */
  int64_t    mem_now;           /* the memory system's cycle (= now but with Equalizer's clocks) */
  ws_eq      eq;                /* equalizer != off only */
  ws_sm     *sm;
  ws_mem     mem;               /* the interconnect, the partitions, and the SMs' ports */
  int64_t    next_cta;          /* next CTA to dispatch */
  int        dispatch_rr;       /* the SM offered the next CTA first */
  uint8_t    slot_index[WS_MAX_WARPS];   /* a warp slot's index among its scheduler's (slot / n_sched) */
  int        sched_slots[WS_MAX_SCHED];  /* each scheduler's warp slots */
  uint64_t   sm_full;           /* SMs a CTA did not fit on, since none of their warps retired (bits) */
  int        finished;          /* every CTA has retired */
  int64_t    ctas_done;
  int64_t    warp_age;
  int64_t    kernel_end;        /* cycle of the last result of the kernel (0 while running) */
  int64_t    last_wb;           /* latest result cycle of any finished warp */
  int64_t    drain_end;         /* cycle the memory system was empty after the kernel */
  int        warps_per_cta, ctas_fit; /* a CTA's warps; CTAs resident per SM */
  int        line_shift;
  int        sm_rest_ok;        /* an SM may rest (ws_sm_rest_arm): LRR or GTO, no mechanism */
  uint64_t   sm_resting;        /* SMs resting (bits) */
  int64_t    sm_rest_until[WS_MAX_SM];   /* a resting SM's wake-up time */
  int64_t    sm_rest_soonest;   /* no resting SM's time comes before it */
  uint64_t   lat_hist[WS_LAT_BUCKETS];
  uint64_t   lat_sum, lat_count, lat_max;
  FILE      *issue_trace;       /* when set: one line per issued instruction ("cycle sm sched slot ctaid warp iter pc op") */
} ws_gpu;

/* Build the machine for a kernel.  0 ok; -1 with err (a block model refused
** its parameters, or memory ran out). */
int     ws_gpu_init(ws_gpu *g, const ws_config *c, const ws_kernel *k, char *err, size_t n);
void    ws_gpu_free(ws_gpu *g);
/* Simulate one cycle.  A resting SM's counters lag until ws_gpu_settle (ws_gpu_run calls it). */
void    ws_gpu_cycle(ws_gpu *g);
void    ws_gpu_settle(ws_gpu *g);
/* Run to the kernel's end (or max_cycles), then let the memory system drain.
** progress: print a line to it every 'every' cycles (NULL: quiet).  Returns
** 0 when the kernel finished, 1 when max_cycles stopped it. */
int     ws_gpu_run(ws_gpu *g, FILE *progress, int64_t every);
/* the command line (ws_cli.c): warpsim's main, and warpsim-rtl's with its backend installed */
int     ws_cli_main(int argc, char **argv);
/* Every issued load completed, no MSHR entry held, no packet in flight,
** instruction counts as the kernel says.  0 ok; -1 with err. */
int     ws_gpu_check_invariants(const ws_gpu *g, char *err, size_t n);
/* Reports: a human table, and JSON. */
void    ws_gpu_report(const ws_gpu *g, FILE *f);
void    ws_gpu_json(const ws_gpu *g, FILE *f);

/* the SMs' cycle (ws_core.c): every SM's, resting ones skipped; one SM's in full; a resting
** SM's counters brought up to cycle UPTO; a resting SM woken before cycle UPTO */
void    ws_sms_cycle(ws_gpu *g);
void    ws_sm_cycle(ws_gpu *g, ws_sm *s);
void    ws_sm_settle(ws_gpu *g, ws_sm *s, int64_t upto);
void    ws_sm_wake(ws_gpu *g, ws_sm *s, int64_t upto);
void    ws_dispatch(ws_gpu *g);   /* CTAs to free SM slots, round robin */
/* Mascar: the blocks' slots of SM s (ws_gpu_init), and the clock edge of its
** memsat and wst at the end of a cycle, after the next cycle's CTAs are placed */
int     ws_mascar_init(ws_gpu *g, ws_sm *s, char *err, size_t n);
void    ws_mascar_free(ws_sm *s);
void    ws_mascar_edge(ws_gpu *g, ws_sm *s);
int     ws_oaws_init(ws_gpu *g, ws_sm *s, char *err, size_t n);
void    ws_oaws_edge(ws_gpu *g, ws_sm *s);
void    ws_schedule_oaws(ws_gpu *g, ws_sm *s);
void    ws_oaws_placed(ws_gpu *g, ws_sm *s, int slot);
int     ws_tls_init(ws_gpu *g, ws_sm *s, char *err, size_t n);
void    ws_tls_free(ws_sm *s);
void    ws_schedule_tls(ws_gpu *g, ws_sm *s);
void    ws_tls_edge(ws_gpu *g, ws_sm *s);
/* the L1 prefetcher (ws_pf.c): its slots; this cycle's outputs for LOAD (NULL: none), and the
** head it offers (*valid, *line, *payload: the L1 MSHR waiter); the head taken (PRESENT: it was
** cached and dropped); the L1 MSHR's answer (ws_pf_mshr); a prefetch's waiter drained; the edge;
** a CTA placed in slot CS */
int     ws_pf_init(ws_gpu *g, char *err, size_t n);
void    ws_pf_free(ws_gpu *g);
void    ws_pf_eval(ws_gpu *g, ws_sm *s, const ws_pf_load *load, int *valid, uint64_t *line, uint32_t *payload);
void    ws_pf_taken(ws_gpu *g, ws_sm *s, int present);
void    ws_pf_mshr(ws_gpu *g, ws_sm *s, const mshr_in *in, const mshr_out *out, int req, int pf_req);
void    ws_pf_filled(ws_gpu *g, ws_sm *s, uint32_t payload);
void    ws_pf_tick(ws_gpu *g, ws_sm *s);
void    ws_pf_placed(ws_gpu *g, ws_sm *s, int cs);
#define WS_PF_BIT 0x8000u       /* an L1 MSHR waiter that is a prefetch (payloads: ws_pf.c) */
/* rfc = on: a load's value is back: it waits for the cache's write port */
void    ws_rfc_returned(ws_gpu *g, ws_sm *s, int slot, int reg);
void    ws_schedule_mascar(ws_gpu *g, ws_sm *s);
/* Equalizer (ws_eq.c): the slots; the issue stage's view on a sample cycle, before and
** after the issue; the clock edge of the blocks with the pausing and the levels; a CTA
** placed or retired; the two clocks' step; the reports */
int     ws_eq_init(ws_gpu *g, char *err, size_t n);
void    ws_eq_free(ws_gpu *g);
void    ws_eq_before_issue(ws_gpu *g, ws_sm *s);
void    ws_eq_edge(ws_gpu *g);
int     ws_eq_may_place(const ws_gpu *g, const ws_sm *s);
void    ws_eq_cta_retired(ws_gpu *g, ws_sm *s, ws_cta *cta);
void    ws_eq_cycle(ws_gpu *g, int before_sm);
void    ws_eq_report(const ws_gpu *g, FILE *f);
void    ws_eq_json(const ws_gpu *g, FILE *f);
/* the SM's issue rules, shared by the schedulers (ws_core.c) */
int     ws_pipe_of(int op);
int     ws_pipe_free(const ws_sm *s, const ws_sched *sc, int pipe, int64_t now);
void    ws_issue(ws_gpu *g, ws_sm *s, ws_sched *sc, int slot);
uint32_t ws_active_mask(const ws_gpu *g, const ws_sm *s, const ws_warp *w, const ws_inst *in);
const uint64_t *ws_lsu_addr(ws_lsu *l);   /* the LSU's lanes' byte addresses, inactive lanes 0 */
/* bring ready_at, next_valid, next_mem and next_ll up to date for the warps that changed */
void    ws_sm_look(const ws_gpu *g, ws_sm *s);
/* warps whose next instruction's pipe cannot take it now: the LSU is busy, or their
** scheduler's SFU is within its interval (after ws_sm_look) */
uint64_t ws_pipe_blocked(const ws_gpu *g, const ws_sm *s);

#endif