/*
** ws_mem.h -- warpsim's memory side: the interconnect (the packets in flight in
** one ring in send order, a fixed latency, credits), L2 partitions (tag array,
** the 'mshr' block as the L2 MSHR file, miss queue) and their DRAM channels
** (banks with tRCD/tRP/tCL/tCCD; the 'dram_mib' block as read queue and pick,
** the 'l2mib' block between them with dram_sched = mshr_*).  It meets each SM
** at a port: two rings, requests in and responses out; it knows nothing else
** of the SMs (ws_mem.c; timing rules: docs/warpsim.md).
*/
#ifndef WS_MEM_H
#define WS_MEM_H

#include <stdint.h>
#include "ws_config.h"
#include "ws_units.h"
#include "ws_slot.h"
#include "dram_mib_io.h"
#include "l2mib_io.h"

#define WS_DRAM_MAX_QUEUE DRAM_MIB_QUEUE_MAX   /* dram_mib's largest QUEUE (dram_mib_io.h) */
#define WS_DRAM_AGE_BITS  15   /* dram_mib's AGE_BITS here: the thesis' 15-bit age (Table 4.2) */
#define WS_DRAM_AGE_MAX   ((INT64_C(1) << WS_DRAM_AGE_BITS) - 1)

/* an SM's end of the interconnect: the L1's misses and stores going out, the responses coming back
** (one fill per cycle into the L1) */
typedef struct ws_port {
  ws_ring    to_mem;            /* L1 misses and stores waiting for the interconnect (ws_port_send) */
  ws_ring    from_mem;          /* responses from the interconnect */
  uint64_t  *busy, bit;         /* the memory side's mask of ports with a packet to send, and this port's bit */
} ws_port;

/* an SM's packet into its miss queue (not full): the interconnect looks at busy ports only */
static inline void ws_port_send(ws_port *pt, const ws_pkt *p) {
  ws_ring_push(&pt->to_mem, p);
  *pt->busy |= pt->bit;
}

/* ---- an L2 partition and its DRAM channel ---- */
typedef struct ws_dram_bank {
  int64_t  free_at;             /* first cycle it takes another command */
  int      open;                /* a row is open */
  uint32_t row;
} ws_dram_bank;

typedef struct ws_part {
  int            id;
  /* (the fields a cycle reads first; the arrays and the histogram after them) */
  uint32_t       l2_mshr_held;  /* the L2 MSHR's entries in use after the last edge (from its outputs) */
  uint32_t       l2_mshr_drainable;   /* of them, filled and not yet drained */
  ws_occ_run     l2_occ;        /* l2m's occupancy histogram: its current run */
  ws_ring        in_q;          /* requests from the interconnect */
  ws_ring        hit_q;         /* L2 hits waiting l2_latency */
  ws_ring        miss_q;        /* L2 misses waiting for the DRAM read queue */
  ws_ring        resp_q;        /* responses waiting for the interconnect */
  int64_t        fill_next;     /* the earliest fill's ready cycle (the heap's top), WS_NEVER: none */
  int            fill_count;    /* DRAM data on its way back (fill_line, fill_ready) */
  uint64_t       dram_used;     /* the DRAM read queue's slots in use, mirrored from its outputs */
  uint32_t       bank_all;      /* the channel's banks */
  uint32_t       bank_ready;    /* the banks whose free_at has come, as of the last look */
  int64_t        bank_wake;     /* the least free_at still to come (WS_NEVER: none): until then bank_ready holds */
  uint64_t       mib_pending;   /* the MIB's valid entries after the last edge (from its outputs) */
  ws_cache       l2;
  ws_slot        l2_mshr;       /* the mshr block */
  ws_slot        dram;          /* the dram_mib block: read queue and pick */
  /* statistics */
  uint64_t       dram_reads, dram_row_hits, dram_writes, dram_busy_cycles;
  uint64_t       dram_age_sat;   /* DRAM cycles with a saturated age in the read queue (dram_mib age_sat) */
  uint64_t       dummies, dummy_hits, dummies_early;   /* dummies sent, found at DRAM, sent before their first miss */
  ws_cache_stats l2s;
  ws_mshr_stats  l2m;           /* (its counters first, its histogram after them) */
  ws_dram_bank   bank[DRAM_MIB_BANKS_MAX];
  struct {                      /* the fills as a heap by (ready, position): the cycle each is back */
    int64_t      ready;         /* and its position in fill_line (keys side by side: a sift reads */
    int32_t      pos;           /* the heap alone) */
  }              fill_heap[MSHR_ENTRIES_MAX];
  uint8_t        fill_where[MSHR_ENTRIES_MAX];  /* each position's place in the heap */
  uint64_t       fill_line[MSHR_ENTRIES_MAX];   /* an unordered array: the fills' lines */
  uint64_t       slot_line[WS_DRAM_MAX_QUEUE];   /* the line of each read-queue slot */
  /* dram_sched = mshr_*: the l2mib block between the L2 MSHR file, its miss queue and the DRAM read
  ** queue, and what warpsim knows of the MSHR from its outputs */
  ws_slot        mib;
  uint32_t       mshr_blk[64];  /* each L2 MSHR entry's line in this partition (req_entry at its allocation) */
} ws_part;

/* one direction of the interconnect: the packets in flight, one ring in the order they were
** sent.  The latency is fixed, so they arrive in that order: a cycle's delivery reads the ring's
** head (each packet's arrival cycle is its 'ready'), and sending and delivering run through
** consecutive memory.  Credits: what is on its way to a destination counts against its queue */
typedef struct ws_icnt {
  ws_pkt   *fly;                /* the packets in flight, a ring of fly_cap in send order */
  uint8_t  *fly_dst;            /* beside each, its destination */
  int       fly_cap, fly_head, fly_count;
  int      *inflight;           /* per destination: packets on their way to it */
  ws_ring **dst;                /* per destination: the queue it arrives in */
  int       rr;                 /* the source served first next cycle */
  uint64_t  arrived;            /* destinations a packet arrived at (bits; the response net's wake resting SMs) */
  uint64_t  packets;
} ws_icnt;

/* the whole memory side */
typedef struct ws_mem {
  int        n_port, n_part;
  ws_port   *port;              /* per SM */
  ws_part   *part;
  ws_icnt    req_net, resp_net; /* SM -> partition, partition -> SM */
  uint64_t   port_taken;        /* ports whose miss queue the interconnect took from (bits; the reader clears them) */
  uint64_t   port_busy;         /* ports whose miss queue holds a packet (ws_port_send sets, the interconnect clears) */
  uint64_t   req_room;          /* partitions whose input queue has room beyond what is on its way to it */
  uint8_t    head_part1[WS_MAX_SM];   /* per port: the partition + 1 of its miss queue's head, 0: not yet known */
  uint64_t   head_known;        /* ports whose head's partition is known (head_part1) */
  uint64_t   heads_to[WS_MAX_PART];   /* per partition: the ports whose known head goes there */
} ws_mem;

/* Build it for configuration C: its blocks' slots run on CLOCK (the memory clock).  0 ok; -1
** with err.  ws_mem_free frees what a failed init built too. */
int      ws_mem_init(ws_mem *m, const ws_config *c, const int64_t *clock, char *err, size_t n);
void     ws_mem_free(ws_mem *m);
/* one cycle at memory cycle NOW; COUNT: the MSHR occupancy statistics count this cycle */
void     ws_mem_cycle(ws_mem *m, const ws_config *c, int64_t now, int count);
/* nothing held or in flight anywhere, ports included */
int      ws_mem_idle(const ws_mem *m);
/* an 'mshr' block in a slot (the L1's and the L2's): ENTRIES x MERGES, 16-bit payloads */
int      ws_mshr_slot_init(ws_slot *s, int entries, int merges, const int64_t *clock, const char *owner,
                           char *err, size_t n);
/* DRAM: which partition, bank and row a line maps to */
int      ws_line_part(const ws_config *c, uint64_t line);
uint64_t ws_line_local(const ws_config *c, uint64_t line);   /* line index within its partition */
int      ws_local_bank(const ws_config *c, uint64_t local);
uint32_t ws_local_row(const ws_config *c, uint64_t local);
/* the DRAM access a bank starts at 'now': returns the cycle its data is out
** of the bank, and updates the bank (open row, next free cycle) */
int64_t  ws_dram_access(const ws_config *c, ws_dram_bank *b, uint32_t row, int64_t now, int *row_hit);
/* bank B of P takes no command before cycle UNTIL (a test's hold; keeps bank_ready true) */
void     ws_dram_hold(ws_part *p, int b, int64_t until);


#endif
