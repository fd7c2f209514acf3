/*
** ws_sm.h -- one SM of warpsim, as data: warp slots with their scoreboard,
** CTAs, the schedulers, the load/store unit, the L1 (tag array and the
** 'mshr' block) and each mechanism's state beside its blocks' slots (Mascar,
** OAWS, the two-level scheduler with the register-file cache, Equalizer's
** counters, the L1 prefetcher).  Its cycle and the mechanisms' code, which
** need the whole GPU, are declared in ws_gpu.h.
*/
#ifndef WS_SM_H
#define WS_SM_H

#include <stdint.h>
#include "ws_kernel.h"
#include "ws_units.h"
#include "ws_mem.h"
#include "ws_slot.h"
#include "mshr_io.h"
#include "memsat_io.h"
#include "wst_io.h"
#include "rexq_io.h"
#include "oaws_io.h"
#include "tls_io.h"
#include "rfc_io.h"
#include "eqctr_io.h"
#include "apogee_io.h"
#include "caps_io.h"

#define WS_WHEEL        64          /* slots of the SM's ready-time wheel (a power of two) */

/* ---- one warp slot ---- */
typedef struct ws_warp {
  int      live;                /* holds a warp of a resident CTA */
  int      cta_slot;            /* its CTA's slot on the SM */
  int      warp_in_cta;
  uint32_t exists;              /* lanes that are threads of the CTA */
  const ws_inst *code;          /* its instructions: the kernel's body, or its traced stream */
  int      n_code;
  int      pc;                  /* next instruction (index in code) */
  int64_t  iter;
  int      issued_all;          /* past the last instruction of the last iteration */
  int      at_barrier;
  int64_t  resume;              /* after a barrier: the first cycle it may issue again */
  int      outstanding;         /* load line requests in flight */
  int      rfc_wb;              /* rfc = on: returned loads whose write waits for the register-file cache's port */
  int64_t  age;                 /* launch order (GTO's "oldest") */
  int64_t  last_wb;             /* last cycle one of its results is written */
  int64_t  reg_ready[WS_MAX_REGS];  /* first cycle a reader may issue; WS_NEVER while a load is out */
  uint16_t reg_pending[WS_MAX_REGS];/* load line requests still to return for the register */
  uint8_t  reg_long[WS_MAX_REGS];   /* long-latency bit: the pending write is a load's (Mascar) */
} ws_warp;

typedef struct ws_cta {
  int     live;
  int     paused;               /* Equalizer paused it: its warps issue nothing */
  int64_t ctaid;
  int     warps, warps_done, at_barrier;
  int8_t  warp_slot[32];        /* the warp slot of its k-th warp */
  int     lead_loaded;          /* its first warp issued a load (CAPS' CTA-aware order) */
} ws_cta;

enum { WS_PIPE_MEM = 0, WS_PIPE_ALU, WS_PIPE_SFU, WS_PIPES };

typedef struct ws_sched {
  int      rr[WS_PIPES];        /* LRR: the warp (index in this scheduler) after the last issue, per pipe */
  int      greedy[WS_PIPES];    /* GTO: the last warp issued, -1 none */
  int64_t  sfu_free;            /* first cycle the SFU takes another instruction */
  uint64_t issued;              /* warp-instructions issued */
} ws_sched;

/* the load/store unit: one instruction at a time, one line per cycle to the L1 */
typedef struct ws_lsu {
  int      busy;
  int      warp, reg, is_store;
  int      n_lines, next;       /* coalesced lines and the next to present */
  uint32_t active;
  int      held;                /* Mascar: line 'next' was NACKed; it waits to enter the re-execution queue */
  int      tail;                /* OAWS: the cycle after a load's last line, in which OAWS hears that access */
  uint32_t oaws_pred;           /* OAWS: the prediction the load carries from issue to retire */
  int      pc;                  /* the instruction's index in the kernel (the prefetcher's PC) */
  int      pf_shown;            /* prefetch = apogee: the load was shown to the prefetch table */
  int      queued_any;          /* Mascar: a line of this instruction is in the re-execution queue */
  int      missed;              /* a line of this instruction was not an L1 hit (a miss, a merge, refused) */
  int      addr_lazy;           /* addr[] not written yet: lane l's address is addr_v0 + l * addr_d */
  uint64_t addr_v0, addr_d;
  uint64_t lines[32];
  uint64_t addr[32];            /* the active threads' byte addresses, 0 for the others (ws_lsu_addr) */
} ws_lsu;

/* a FIFO of warp slots, each at most once (a block port that takes one warp a cycle) */
typedef struct ws_warpq {
  uint8_t  q[WS_MAX_WARPS];
  int      head, count;
  uint64_t pending;             /* slots in the queue */
} ws_warpq;
static inline void ws_warpq_push(ws_warpq *q, int slot) {
  if (q->pending >> slot & 1) return;
  q->pending |= (uint64_t)1 << slot;
  q->q[(q->head + q->count) % WS_MAX_WARPS] = (uint8_t)slot;
  q->count++;
}
static inline int ws_warpq_pop(ws_warpq *q) {
  if (!q->count) return -1;
  int slot = q->q[q->head];
  q->head = (q->head + 1) % WS_MAX_WARPS;
  q->count--;
  q->pending &= ~((uint64_t)1 << slot);
  return slot;
}

/* Mascar (sched = mascar) on one SM: the memsat, wst and rexq blocks and what
** warpsim keeps between their clock edges, all learned from their outputs */
typedef struct ws_mascar {
  ws_slot    memsat, wst, rexq;
  int        has_rexq;          /* mascar_rexq > 0 */
  memsat_out sat;               /* this cycle's outputs (registered in the block) */
  wst_out    pick;              /* this cycle's outputs: mode, owner, the two picks */
  rexq_out   q;                 /* this cycle's outputs */
  uint64_t   valid;             /* this cycle's warp_valid (the picks' input) */
  int        alu_issue, mem_issue;/* this cycle's picks were issued */
  uint32_t   occ_mshr, occ_missq;/* the L1's occupancies during this cycle (memsat's inputs) */
  int        res_valid, res_ack;/* the L1's answer to the queue's access of the last cycle */
  uint8_t    queued[WS_MAX_WARPS];  /* each warp's requests in the queue (push_ok + 1, ACK - 1) */
  ws_warpq   launches;          /* warps waiting for the wst's one launch a cycle */
  uint64_t   mem_ready;         /* warps memory-ready this cycle: next is memory, operands ready */
  uint64_t   nonowner_ok;       /* mascar_nonowner = issue: warps that may still send one memory instruction */
  int        prev_owner;        /* last cycle's owner, -1 none */
  /* statistics */
  uint64_t   mp_cycles, mode_switches, owner_changes;
  uint64_t   nacks, nacks_nonowner, pushes, push_stall_cycles, reexec, reexec_ack, nonowner_issues;
} ws_mascar;

/* OAWS (sched = oaws_static, oaws_dynamic) on one SM: the oaws block, the
** instruction buffer it reads (two entries per warp; warpsim fills the entry
** of a warp's next instruction, one fill a cycle), and the events of the
** LSU and the L1 it hears, all from warpsim's own units */
typedef struct ws_oaws {
  ws_slot   slot;
  oaws_out  o;                  /* this cycle's outputs */
  uint64_t  live, ready;        /* this cycle's inputs of the picks */
  uint64_t  ib_head;            /* per warp: which I-buffer entry holds its next instruction */
  uint64_t  ib_filled;          /* per warp: that entry is filled */
  uint64_t  head_in;            /* ib_head as this cycle's picks saw it */
  uint64_t  ib_load[2];         /* per entry (0, 1) and warp: it holds a load (a non-load entry is all zero in
                                ** the block, so a non-load needs no fill into an entry that holds none) */
  ws_warpq  fills, launches;    /* warps waiting for the fill port, for the launch port */
  int       issued;             /* the block's pick issued this cycle */
  int       coal, coal_nacc;    /* a load entered L1D service this cycle, its coalesced accesses */
  uint32_t  coal_pc;
  int       acc, acc_set, acc_miss, acc_last;   /* last cycle's L1D access of the load in service */
  int       acc_now, acc_now_set, acc_now_miss, acc_now_last;
  uint32_t  acc_pred;           /* the prediction the load in service carries (retired with its last access) */
  int       retire_now;         /* a load without active threads retires at its issue */
  uint32_t  retire_now_pred;
  int       mshr_alloc, mshr_free;/* this cycle's L1 MSHR events */
  /* statistics */
  uint64_t  occluded_slots;     /* cycles a warp was ready but every ready warp was occluded */
  uint64_t  occluded_warps;     /* ready warps occluded, summed over cycles */
  uint64_t  gated_loads;        /* loads issued with a prediction above 1 (divergent, as the DLC knew them) */
  uint64_t  locality_cycles;    /* dynamic: ready locality warps, summed over cycles */
  uint64_t  ocw_sum, ocw_samples;/* dynamic: OCW averaged over the kernel's cycles */
} ws_oaws;

/* the L1 prefetcher (prefetch = apogee | caps) on one SM: its block in the L1
** controller, this cycle's inputs and outputs, and what warpsim learns of its
** prefetches from the L1's MSHR (ws_pf.c) */
typedef struct ws_pf {
  ws_slot    slot;
  apogee_in  ai;                /* prefetch = apogee: this cycle's inputs and outputs */
  apogee_out ao;
  caps_in    ci;                /* prefetch = caps */
  caps_out   co;
  ws_warpq   launches;          /* caps: CTA slots placed, waiting for the block's launch port */
  int        wake;              /* caps_wakeup: a prefetch's destination warp slot + 1, for next cycle's tls */
  uint8_t    mshr_pf[64];       /* per L1 MSHR entry: a prefetch allocated it and no demand load merged yet */
  int64_t    mshr_sent[64];     /* the cycle it was sent */
  /* statistics */
  uint64_t   loads, confirmed, bursts, bursts_dropped, dist_up, dist_down, dist_sum, dist_last;
  uint64_t   state[3];          /* apogee: loads that found the burst meant for them none, pending (01), back (10) */
  uint64_t   trig_case1, trig_case2, trig_drop, mispred, throttled, strides;   /* caps */
  uint64_t   wakeups, wake_evicts;  /* caps_wakeup: warps the wake-up promoted; of them, into a stalled warp's slot */
  uint64_t   lines_present, lines_sent, lines_merged, lines_retried;
  uint64_t   used_timely, used_late, evicted_unused, tia_fires;
  uint64_t   lead_sum;          /* cycles from sending a prefetch to its first demand use, summed */
} ws_pf;

/* a load as the L1 prefetcher sees it, in the cycle its first line reaches the L1 */
typedef struct ws_pf_load {
  int             pc, slot, hit;
  ws_lsu         *lsu;            /* (its addresses are written out when first read: ws_lsu_addr) */
} ws_pf_load;

/* the two-level scheduler (sched = two_level): one tls block per scheduler;
** scheduler k's warp id i is the SM's warp slot k + i * n_sched */
typedef struct ws_tls {
  ws_slot   slot;
  int       warps, wb;          /* the block's WARPS; bits of a warp id */
  int8_t    slot_warp[32];      /* this cycle: the warp id in each active slot, -1 none (from active_valid, active_warp) */
  tls_out   o;                  /* this cycle's outputs */
  tls_in    in;                 /* this cycle's inputs */
  ws_warpq  launches;           /* warp ids waiting for the launch port */
  /* rfc = on: the register-file cache beside it, and the returned loads waiting for its write port */
  ws_slot   rfc;
  uint16_t *wb_q;               /* (warp slot << 6 | register), a ring of wb_cap */
  int       wb_head, wb_count, wb_cap;
  /* statistics */
  uint64_t  demotions, promotions, ghost_exits;
} ws_tls;

/* Equalizer (equalizer = energy | performance) on one SM: the eqctr block,
** what its samples see, and the CTAs it pauses (all from its outputs) */
typedef struct ws_eq_sm {
  ws_slot    slot;
  eqctr_out  o;                 /* this cycle's outputs (all registered in the block) */
  int        sample;            /* this cycle is a sample cycle (o.cycle % eq_sample = eq_sample - 1) */
  uint64_t   head, ready, mem;  /* sample cycles, as the issue stage saw them: warps with a next instruction
                                ** (not paused, not at a barrier), its operands ready, it is a memory one */
  int        lsu_busy;          /* sample cycles: the LD/ST unit was busy as the cycle began */
  uint64_t   issued;            /* sample cycles: warps that issued */
  int        running, paused;   /* CTAs resident and not paused; paused */
  uint64_t   paused_warps;      /* the paused CTAs' warp slots */
  /* statistics */
  uint64_t   pauses, unpauses, paused_cta_cycles, kclass[8];
} ws_eq_sm;

/* (the fields an SM's cycle reads come first, in the order it reads them, so that a visit
** touches few cache lines; the statistics it counts, the LSU's line list, then the per-warp
** arrays, the histogram and the mechanisms' state) */
typedef struct ws_sm {
  int        id;
  int        live_ctas, live_warps;
  ws_warp   *warps;             /* warps_per_sm */
  ws_cta    *ctas;              /* ctas_per_sm */
  ws_port   *port;              /* its end of the interconnect (the memory side's): misses out, responses in */
  int64_t   *load_born;         /* per warp x register: cycle the load issued (latency stats) */
  uint64_t   warp_changed;      /* warps whose next instruction or its operands changed (issue, a load's
                                ** last line back, barrier, placed, retired) since the last ws_sm_look */
  uint64_t   finishing;         /* live warps that issued their last instruction (ws_retire's candidates) */
  /* LRR/GTO's ready set, kept by a timing wheel: a warp's ready_at only changes with the warp */
  uint64_t   ready_mask;        /* valid warps whose ready_at has come (as of ready_last) */
  uint64_t   ready_stale;       /* warps changed since (ws_sm_look collects them) */
  uint64_t   ready_far;         /* warps whose ready_at is further out (WS_NEVER: in no set) */
  int64_t    ready_far_min;     /* the least ready_at among them */
  int64_t    ready_last;        /* the cycle the sets are up to date for */
  uint64_t   ready_wheel_used;  /* bit t % WS_WHEEL: that slot of the wheel holds a warp */
  /* each warp's next instruction as of the last ws_sm_look */
  uint64_t   next_valid;        /* warps resident with instructions left */
  uint64_t   next_mem, next_ll; /* its next instruction accesses memory; waits on the warp's own load */
  uint64_t   next_sfu, next_bar;/* it uses the SFU; the warp waits at a barrier */
  uint64_t   next_mark, next_exit;/* it is marked (sources a load's destination); it is the warp's last */
  uint64_t   sched_warps[WS_MAX_SCHED];   /* the warp slots of each scheduler (w % n_sched) */
  ws_sched   sched[WS_MAX_SCHED];
  struct {                      /* the SM rests (ws_sm_rest_arm; g->sm_resting, g->sm_rest_until) */
    int64_t  since;             /* the first cycle whose counters are not yet added (ws_sm_settle) */
    int      stalled, refused;  /* a rested cycle's counters: an LSU stall; the mshr's refusal (l1_refusal.out) */
  } rest;
  /* the L1 and its MSHR file */
  uint32_t   l1_mshr_held;      /* its entries in use after the last edge (from its outputs) */
  uint32_t   l1_mshr_drainable; /* of them, filled and not yet drained (ws_mshr_drainable_after) */
  ws_occ_run l1_occ;            /* l1m's occupancy histogram: its current run */
  struct {                      /* the L1's last load miss (ws_l1_access) */
    uint64_t line, changes;     /* the line, and the L1's 'changes' then */
  } l1_miss;
  ws_cache   l1;
  struct {                      /* the mshr's last answer to a lone request it refused (ws_lsu_cycle) */
    uint64_t steps;             /* the slot's step count after that answer (0: none) */
    uint64_t addr;
    uint32_t payload, noalloc;
    mshr_out out;
  } l1_refusal;
  ws_ring    hit_q;             /* L1 hits waiting for their return cycle */
  ws_ring    fixed_q;           /* mem_model fixed: allocated misses waiting for their fill */
  /* statistics */
  uint64_t   insts, thread_insts, loads, stores, loads_done, lines_requested;
  uint64_t   loads_cached;      /* loads with lines whose every line hit in the L1 (OAWS' fully cached loads) */
  uint64_t   mrf_reads, mrf_writes; /* main register file accesses (with rfc = on: what the cache lets through) */
  uint64_t   operand_reads, rfc_hits;   /* register operands read; of them found in the register-file cache */
  uint64_t   lsu_stall_cycles, active_cycles;
  ws_cache_stats l1s;
  ws_slot    l1_mshr;           /* the mshr block (what a step reads first, its names last) */
  ws_lsu     lsu;               /* (its scalars and line list; its lanes' addresses last) */
  ws_mshr_stats  l1m;           /* (its counters first, its histogram after them) */
  int64_t    warp_age[WS_MAX_WARPS];   /* each slot's warp's age (its ws_warp's), side by side for GTO's pick */
  /* the per-warp arrays and the mechanisms' state after the fields every cycle reads */
  uint64_t   ready_wheel[WS_WHEEL];   /* warps whose ready_at is t (ready_last < t < ready_last + WS_WHEEL) at t % WS_WHEEL */
  int64_t    ready_placed[WS_MAX_WARPS];   /* the ready_at each warp was filed under */
  int64_t    ready_at[WS_MAX_WARPS];   /* first cycle its operands are ready; WS_NEVER: not before an event */
  ws_mascar  mascar;            /* sched = mascar only */
  ws_oaws    oaws;              /* sched = oaws_* only */
  ws_tls     tls[WS_MAX_SCHED]; /* sched = two_level only */
  ws_eq_sm   eq;                /* equalizer != off only */
  ws_pf      pf;                /* prefetch = apogee only */
} ws_sm;

/* a warp's next instruction */
static inline const ws_inst *ws_next_inst(const ws_warp *w) { return &w->code[w->pc]; }
/* the scoreboard: the warp may issue IN at NOW (its sources and its
** destination have no pending write) */
static inline int ws_can_issue(const ws_warp *w, const ws_inst *in, int64_t now) {
  if (!w->live || w->issued_all || w->at_barrier || w->resume > now) return 0;
  for (int k = 0; k < in->nsrc; k++)
    if (w->reg_ready[in->src[k]] > now) return 0;
  return in->dst < 0 || w->reg_ready[in->dst] <= now;   /* no write over a pending write */
}

#endif
