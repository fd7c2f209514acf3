/*
** ws_gpu.h -- warpsim's GPU model: SMs (warps, scoreboard, schedulers, ALU
** and SFU pipes, LSU with coalescer, L1 with the 'mshr' block as its MSHR
** file), an interconnect, L2 partitions (cache, the 'mshr' block, miss
** queue) and DRAM channels (banks, rows, timing) whose read queue and pick
** are the 'dram_mib' block in FR-FCFS mode.  Timing rules: docs/warpsim.md.
**
** Everything is allocated by ws_gpu_init; ws_gpu_cycle allocates nothing.
*/
#ifndef WS_GPU_H
#define WS_GPU_H

#include <stdint.h>
#include <stdio.h>

#include "ws_config.h"
#include "ws_kernel.h"
#include "mshr_io.h"
#include "dram_mib_io.h"
#include "memsat_io.h"
#include "wst_io.h"
#include "rexq_io.h"
#include "oaws_io.h"
#include "tls_io.h"
#include "rfc_io.h"
#include "eqctr_io.h"
#include "eqvote_io.h"
#include "l2mib_io.h"
#include "apogee_io.h"
#include "caps_io.h"
#include "ws_slot.h"

#define WS_NEVER        INT64_MAX
#define WS_WHEEL        64          /* slots of the SM's ready-time wheel (a power of two) */
#define WS_DRAM_MAX_QUEUE DRAM_MIB_QUEUE_MAX   /* dram_mib's largest QUEUE (dram_mib_io.h) */
#define WS_DRAM_AGE_BITS  15   /* dram_mib's AGE_BITS here: the thesis' 15-bit age (Table 4.2) */
#define WS_DRAM_AGE_MAX   ((INT64_C(1) << WS_DRAM_AGE_BITS) - 1)
#define WS_LINE_MASK    ((UINT64_C(1) << 58) - 1)   /* line indices: the mshr block's ADDR_BITS limit */
#define WS_LAT_BUCKETS  16      /* load latency histogram: [0,2) [2,4) [4,8) ... 2^15 and above */
#define WS_OCC_BUCKETS  9       /* MSHR occupancy histogram: 0, 1-12.5 %, ..., 87.5-100 % of the entries */

/* ---- a memory packet: a line request or response ---- */
typedef struct ws_pkt {
  uint64_t line;          /* global line index (byte address / line_bytes) */
  int64_t  ready;         /* cycle from which it may leave the queue it is in */
  int64_t  born;          /* cycle the L1 sent it (DRAM request age) */
  uint32_t tag;           /* SM side: the waiter (warp << 6 | register) of an L1 hit */
  uint16_t sm;            /* requesting SM */
  uint8_t  is_store;
} ws_pkt;

/* a bounded FIFO of packets (capacity fixed at init) */
typedef struct ws_ring {
  ws_pkt *buf;
  int     cap, head, count;
} ws_ring;

/* a set-associative tag array with true LRU */
typedef struct ws_cache {
  int       sets, ways, set_mask;
  uint64_t *tag;          /* sets x ways; valid when stamp != 0 */
  uint64_t *stamp;        /* last use (LRU: smallest is the victim) */
  uint8_t  *dirty;
  int64_t  *pf;           /* a prefetch brought the line and no demand load has used it yet: the cycle it
                          ** was sent + 1 (0: none) */
  uint64_t  clock;
  int       victim_pf;    /* the last ws_cache_fill evicted such a line */
} ws_cache;

typedef struct ws_cache_stats {
  uint64_t load_hits, load_misses, store_hits, store_misses, evictions, dirty_evictions;
} ws_cache_stats;

typedef struct ws_mshr_stats {
  uint64_t alloc, merge, rej_list_full, rej_table_full, rej_draining, rej_noalloc;
  uint64_t full_cycles;                    /* cycles with every entry in use */
  uint64_t occ_hist[WS_OCC_BUCKETS];       /* cycles per occupancy bucket */
} ws_mshr_stats;

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
  uint64_t lines[32];
  uint64_t addr[32];            /* the active threads' byte addresses (a queued request's offsets) */
  uint32_t active;
  int      held;                /* Mascar: line 'next' was NACKed; it waits to enter the re-execution queue */
  int      tail;                /* OAWS: the cycle after a load's last line, in which OAWS hears that access */
  uint32_t oaws_pred;           /* OAWS: the prediction the load carries from issue to retire */
  int      pc;                  /* the instruction's index in the kernel (the prefetcher's PC) */
  int      pf_shown;            /* prefetch = apogee: the load was shown to the prefetch table */
  int      queued_any;          /* Mascar: a line of this instruction is in the re-execution queue */
  int      missed;              /* a line of this instruction was not an L1 hit (a miss, a merge, refused) */
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
  const ws_lsu   *lsu;
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

typedef struct ws_sm {
  int        id;
  ws_warp   *warps;             /* warps_per_sm */
  ws_cta    *ctas;              /* ctas_per_sm */
  ws_sched   sched[WS_MAX_SCHED];
  uint64_t   sched_warps[WS_MAX_SCHED];   /* the warp slots of each scheduler (w % n_sched) */
  ws_lsu     lsu;
  ws_cache   l1;
  ws_slot    l1_mshr;           /* the mshr block */
  ws_mascar  mascar;            /* sched = mascar only */
  ws_oaws    oaws;              /* sched = oaws_* only */
  ws_tls     tls[WS_MAX_SCHED]; /* sched = two_level only */
  ws_eq_sm   eq;                /* equalizer != off only */
  ws_pf      pf;                /* prefetch = apogee only */
  uint32_t   l1_mshr_held;      /* its entries in use after the last edge (from its outputs) */
  uint32_t   l1_mshr_drainable; /* of them, filled and not yet drained (ws_mshr_drainable_after) */
  ws_ring    miss_q;            /* L1 misses and stores waiting for the interconnect */
  ws_ring    fixed_q;           /* mem_model fixed: allocated misses waiting for their fill */
  ws_ring    resp_q;            /* responses from the interconnect, one fill per cycle */
  ws_ring    hit_q;             /* L1 hits waiting for their return cycle */
  int64_t   *load_born;         /* per warp x register: cycle the load issued (latency stats) */
  int        live_ctas, live_warps;
  uint64_t   warp_changed;      /* warps whose next instruction or its operands changed (issue, a load's
                                ** last line back, barrier, placed, retired) since the last ws_sm_look */
  uint64_t   finishing;         /* live warps that issued their last instruction (ws_retire's candidates) */
  /* LRR/GTO's ready set, kept by a timing wheel: a warp's ready_at only changes with the warp */
  uint64_t   ready_mask;        /* valid warps whose ready_at has come (as of ready_last) */
  uint64_t   ready_stale;       /* warps changed since (ws_sm_look collects them) */
  uint64_t   ready_wheel[WS_WHEEL];   /* warps whose ready_at is t (ready_last < t < ready_last + WS_WHEEL) at t % WS_WHEEL */
  uint64_t   ready_far;         /* warps whose ready_at is further out (WS_NEVER: in no set) */
  int64_t    ready_far_min;     /* the least ready_at among them */
  int64_t    ready_last;        /* the cycle the sets are up to date for */
  int64_t    ready_placed[WS_MAX_WARPS];   /* the ready_at each warp was filed under */
  /* each warp's next instruction as of the last ws_sm_look (the mechanisms' schedulers) */
  int64_t    ready_at[WS_MAX_WARPS];   /* first cycle its operands are ready; WS_NEVER: not before an event */
  uint64_t   next_valid;        /* warps resident with instructions left */
  uint64_t   next_mem, next_ll; /* its next instruction accesses memory; waits on the warp's own load */
  uint64_t   next_sfu, next_bar;/* it uses the SFU; the warp waits at a barrier */
  uint64_t   next_mark, next_exit;/* it is marked (sources a load's destination); it is the warp's last */
  /* statistics */
  uint64_t   insts, thread_insts, loads, stores, loads_done, lines_requested;
  uint64_t   loads_cached;      /* loads with lines whose every line hit in the L1 (OAWS' fully cached loads) */
  uint64_t   mrf_reads, mrf_writes; /* main register file accesses (with rfc = on: what the cache lets through) */
  uint64_t   operand_reads, rfc_hits;   /* register operands read; of them found in the register-file cache */
  uint64_t   lsu_stall_cycles, active_cycles;
  ws_cache_stats l1s;
  ws_mshr_stats  l1m;
} ws_sm;

/* ---- an L2 partition and its DRAM channel ---- */
typedef struct ws_dram_bank {
  int64_t  free_at;             /* first cycle it takes another command */
  int      open;                /* a row is open */
  uint32_t row;
} ws_dram_bank;

typedef struct ws_part {
  int            id;
  ws_cache       l2;
  ws_slot        l2_mshr;       /* the mshr block */
  uint32_t       l2_mshr_held;  /* its entries in use after the last edge (from its outputs) */
  uint32_t       l2_mshr_drainable;   /* of them, filled and not yet drained */
  ws_ring        in_q;          /* requests from the interconnect */
  ws_ring        hit_q;         /* L2 hits waiting l2_latency */
  ws_ring        miss_q;        /* L2 misses waiting for the DRAM read queue */
  ws_ring        resp_q;        /* responses waiting for the interconnect */
  ws_ring        fill_q;        /* DRAM data on its way back: an unordered array (buf[0..count)) */
  int64_t        fill_due;      /* the earliest ready among them (WS_NEVER: none): no scan before it */
  ws_slot        dram;          /* the dram_mib block: read queue and pick */
  uint64_t       dram_used;     /* its queue slots in use, mirrored from its outputs */
  uint64_t       slot_line[WS_DRAM_MAX_QUEUE];   /* the line of each read-queue slot */
  ws_dram_bank   bank[DRAM_MIB_BANKS_MAX];
  /* dram_sched = mshr_*: the l2mib block between the L2 MSHR file, its miss queue and the DRAM read
  ** queue, and what warpsim knows of the MSHR from its outputs */
  ws_slot        mib;
  uint32_t       mshr_blk[64];  /* each L2 MSHR entry's line in this partition (req_entry at its allocation) */
  uint64_t       mib_pending;   /* the MIB's valid entries after the last edge (from its outputs) */
  /* statistics */
  uint64_t       dram_reads, dram_row_hits, dram_writes, dram_busy_cycles;
  uint64_t       dram_age_sat;   /* DRAM cycles with a saturated age in the read queue (dram_mib age_sat) */
  uint64_t       dummies, dummy_hits, dummies_early;   /* dummies sent, found at DRAM, sent before their first miss */
  ws_cache_stats l2s;
  ws_mshr_stats  l2m;
} ws_part;

/* one direction of the interconnect: packets in flight to each destination */
typedef struct ws_icnt {
  ws_ring *flight;              /* per destination, in order of arrival (fixed latency) */
  int      rr;                  /* the source served first next cycle */
  uint64_t packets;
} ws_icnt;

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
  int64_t    now;               /* the cycle being simulated (the first is 1): the SMs' clock */
  int64_t    mem_now;           /* the memory system's cycle (= now but with Equalizer's clocks) */
  ws_eq      eq;                /* equalizer != off only */
  ws_sm     *sm;
  ws_part   *part;
  ws_icnt    req_net, resp_net; /* SM -> partition, partition -> SM */
  int64_t    next_cta;          /* next CTA to dispatch */
  int        dispatch_rr;       /* the SM offered the next CTA first */
  int        finished;          /* every CTA has retired */
  int64_t    ctas_done;
  int64_t    warp_age;
  int64_t    kernel_end;        /* cycle of the last result of the kernel (0 while running) */
  int64_t    last_wb;           /* latest result cycle of any finished warp */
  int64_t    drain_end;         /* cycle the memory system was empty after the kernel */
  int        warps_per_cta, ctas_fit; /* a CTA's warps; CTAs resident per SM */
  int        line_shift;
  uint64_t   lat_hist[WS_LAT_BUCKETS];
  uint64_t   lat_sum, lat_count, lat_max;
  FILE      *issue_trace;       /* when set: one line per issued instruction ("cycle sm sched slot ctaid warp iter pc op") */
} ws_gpu;

/* Build the machine for a kernel.  0 ok; -1 with err (a block model refused
** its parameters, or memory ran out). */
int     ws_gpu_init(ws_gpu *g, const ws_config *c, const ws_kernel *k, char *err, size_t n);
void    ws_gpu_free(ws_gpu *g);
/* Simulate one cycle. */
void    ws_gpu_cycle(ws_gpu *g);
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

/* ---- pieces with unit tests (ws_mem.c) ---- */
/* The coalescer: active lanes' byte addresses -> distinct line indices in
** order of first appearance.  Returns the number of lines (0..32). */
int     ws_coalesce(const uint64_t addr[32], uint32_t active, int line_shift, uint64_t lines[32]);
int     ws_cache_init(ws_cache *c, int sets, int ways);
void    ws_cache_free(ws_cache *c);
/* 1 hit (LRU updated, dirty set if 'write'), 0 miss */
int     ws_cache_access(ws_cache *c, uint64_t line, int write);
/* insert (or refresh) a line; returns 1 and *victim when a valid line was
** evicted (*victim_dirty says if it was dirty) */
int     ws_cache_fill(ws_cache *c, uint64_t line, int dirty, uint64_t *victim, int *victim_dirty);
void    ws_cache_invalidate(ws_cache *c, uint64_t line);
/* the prefetch mark: is the line there (no LRU update); mark a line a prefetch
** sent at cycle SENT filled; a demand access takes the mark (SENT + 1, or 0 if
** the line has none) */
int     ws_cache_probe(const ws_cache *c, uint64_t line);
void    ws_cache_mark_pf(ws_cache *c, uint64_t line, int64_t sent);
int64_t ws_cache_take_pf(ws_cache *c, uint64_t line);
int     ws_ring_init(ws_ring *r, int cap);
void    ws_ring_free(ws_ring *r);
static inline int     ws_ring_full(const ws_ring *r) { return r->count == r->cap; }
static inline ws_pkt *ws_ring_head(ws_ring *r) { return r->count ? &r->buf[r->head] : 0; }
void    ws_ring_push(ws_ring *r, const ws_pkt *p);   /* caller checks room */
void    ws_ring_pop(ws_ring *r);
/* DRAM: which partition, bank and row a line maps to */
int      ws_line_part(const ws_config *c, uint64_t line);
uint64_t ws_line_local(const ws_config *c, uint64_t line);   /* line index within its partition */
int      ws_local_bank(const ws_config *c, uint64_t local);
uint32_t ws_local_row(const ws_config *c, uint64_t local);
/* the DRAM access a bank starts at 'now': returns the cycle its data is out
** of the bank, and updates the bank (open row, next free cycle) */
int64_t  ws_dram_access(const ws_config *c, ws_dram_bank *b, uint32_t row, int64_t now, int *row_hit);

/* the memory side's cycle (ws_mem.c) and the SM's (ws_core.c) */
void    ws_mem_cycle(ws_gpu *g);
void    ws_mshr_occupancy(ws_mshr_stats *s, uint32_t held, uint32_t entries);
uint32_t ws_mshr_held_after(const mshr_in *in, const mshr_out *out);
uint32_t ws_mshr_drainable_after(uint32_t before, const mshr_in *in, const mshr_out *out);
void    ws_mshr_count(ws_mshr_stats *s, const mshr_out *o, int req);
void    ws_sm_cycle(ws_gpu *g, ws_sm *s);
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
/* the SM's issue rules, shared by the schedulers (ws_core.c) */
int     ws_pipe_of(int op);
int     ws_pipe_free(const ws_sm *s, const ws_sched *sc, int pipe, int64_t now);
void    ws_issue(ws_gpu *g, ws_sm *s, ws_sched *sc, int slot);
uint32_t ws_active_mask(const ws_gpu *g, const ws_sm *s, const ws_warp *w, const ws_inst *in);
/* bring ready_at, next_valid, next_mem and next_ll up to date for the warps that changed */
void    ws_sm_look(const ws_gpu *g, ws_sm *s);
/* warps whose next instruction's pipe cannot take it now: the LSU is busy, or their
** scheduler's SFU is within its interval (after ws_sm_look) */
uint64_t ws_pipe_blocked(const ws_gpu *g, const ws_sm *s);

#endif
