/*
** ws_config.h -- warpsim's machine configuration: named configurations
** (fermi, tiny, fig4_2), 'key = value' files, --set key=value, and the
** options of a GPGPU-Sim gpgpusim.config that warpsim models.
**
** Every key is one field below; ws_config_keys() lists them with their legal
** ranges and docs (warpsim --list-keys prints that table).  Errors are one
** line naming the key (and file:line) and the legal range.
*/
#ifndef WS_CONFIG_H
#define WS_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WS_MAX_SM       64   /* SMs */
#define WS_MAX_WARPS    64   /* resident warps per SM (64-bit masks) */
#define WS_MAX_SCHED    4    /* warp schedulers per SM */
#define WS_MAX_PART     32   /* L2 partitions = DRAM channels */

/* mascar: the memsat, wst and rexq blocks (Mascar, Sethia's thesis Ch. IV);
** oaws_static, oaws_dynamic: the oaws block (OAWS, PACT'16) in its two modes;
** two_level: the tls block (Gebhart et al., ISCA'11), one per scheduler */
enum ws_sched_policy { WS_SCHED_LRR = 0, WS_SCHED_GTO = 1, WS_SCHED_MASCAR = 2, WS_SCHED_OAWS_STATIC = 3,
                       WS_SCHED_OAWS_DYNAMIC = 4, WS_SCHED_TWO_LEVEL = 5 };
#define WS_SCHED_IS_OAWS(s) ((s) == WS_SCHED_OAWS_STATIC || (s) == WS_SCHED_OAWS_DYNAMIC)
/* one: a scheduler issues at most one instruction per cycle (GPGPU-Sim);
** per_pipe: at most one per execution pipe (memory, ALU, SFU) per cycle, from
** different warps -- the timing convention of the thesis' Fig. 4.2 example */
enum ws_issue_mode  { WS_ISSUE_ONE = 0, WS_ISSUE_PER_PIPE = 1 };
/* hier: L1 -> interconnect -> L2 partitions -> DRAM; fixed: every L1 miss is
** filled mem_latency - 1 cycles after it allocates an MSHR (Fig. 4.2's
** "load instruction takes five cycles") */
enum ws_mem_model   { WS_MEM_HIER = 0, WS_MEM_FIXED = 1 };
/* Mascar in MP mode: hold: a non-owner's memory instruction waits (the wst
** block's stall bit); issue: the non-owner warps that were memory-ready when
** the owner took over may still send their next memory instruction to the L1
** (thesis 4.3.4: a hit commits, a miss is NACKed) */
enum ws_mascar_nonowner { WS_NONOWNER_HOLD = 0, WS_NONOWNER_ISSUE = 1 };
/* the DRAM read scheduler (the dram_mib block's POLICY): FR-FCFS, or the MIB
** thesis' inter-core locality aware policies with an l2mib block beside
** every L2 MSHR file sending dummy requests (Li, UBC 2015, Ch. 4) */
enum ws_dram_sched { WS_DRAM_FRFCFS = 0, WS_DRAM_MSHR_M = 1, WS_DRAM_MSHR_S = 2, WS_DRAM_MSHR_SA = 3 };
/* the L1 prefetcher: none, APOGEE's prefetch table (the apogee block, Sethia's thesis Ch. V) or
** the CTA-aware prefetcher (the caps block, Jeon et al., CAPS/CTAA) */
enum ws_prefetch { WS_PF_OFF = 0, WS_PF_APOGEE = 1, WS_PF_CAPS = 2 };
/* Equalizer (Sethia's thesis Ch. III): off, or on with Table 3.1's objective */
enum ws_equalizer { WS_EQ_OFF = 0, WS_EQ_ENERGY = 1, WS_EQ_PERFORMANCE = 2 };

typedef struct ws_config {
  char name[32];            /* the named configuration it started from */
  /* ---- SM ---- */
  int n_sm;                 /* SMs */
  int warps_per_sm;         /* resident warps per SM, 1..WS_MAX_WARPS */
  int ctas_per_sm;          /* resident CTAs per SM */
  int warp_size;            /* threads per warp: 32 (the only legal value today) */
  int n_sched;              /* warp schedulers per SM; warp w belongs to scheduler w % n_sched */
  int sched;                /* enum ws_sched_policy */
  int issue_mode;           /* enum ws_issue_mode */
  int alu_latency;          /* cycles from an ALU issue until a dependent may issue (1 = back to back) */
  int sfu_latency;          /* same for the SFU */
  int sfu_interval;         /* SFU initiation interval: cycles between two SFU issues of one scheduler */
  /* ---- LSU and L1 data cache ---- */
  int line_bytes;           /* cache line (L1 and L2), a power of two; also the coalescing unit */
  int l1_sets, l1_ways;     /* L1: sets (power of two) x ways, LRU; l1_sets = 0: no L1 (every access misses) */
  int l1_hit_latency;       /* cycles from the L1 access until the hit's data is written back */
  int l1_mshr_entries;      /* the mshr block's ENTRIES (1..64) */
  int l1_mshr_merges;       /* its MERGES (1..32) */
  int l1_miss_queue;        /* L1 miss queue depth (misses waiting for the interconnect) */
  /* ---- interconnect (both directions) ---- */
  int icnt_latency;         /* cycles in flight */
  int icnt_bandwidth;       /* packets injected per cycle per direction, over all sources */
  /* ---- L2 partitions ---- */
  int n_part;               /* partitions = DRAM channels; a line goes to (line index / part_interleave) % n_part */
  int part_interleave;      /* consecutive lines per partition, a power of two */
  int l2_sets, l2_ways;     /* per partition; l2_sets = 0: no L2 cache (every access goes to DRAM) */
  int l2_latency;           /* cycles from the L2 access until a hit's response enters the interconnect */
  int l2_mshr_entries;      /* L2 mshr block ENTRIES (1..64) */
  int l2_mshr_merges;       /* its MERGES (1..32) */
  int l2_in_queue;          /* requests from the interconnect waiting for the L2 */
  int l2_miss_queue;        /* L2 misses waiting for the DRAM read queue */
  /* ---- DRAM channel (one per partition) ---- */
  int dram_banks;           /* banks per channel (2..16, a power of two: the dram_mib block's BANKS) */
  int dram_row_lines;       /* lines per DRAM row (a power of two); row = line / (dram_row_lines * banks) */
  int dram_queue;           /* read request queue = the dram_mib block's QUEUE (2..64, a power of two) */
  int dram_latency;         /* fixed cycles added to every DRAM access (controller, pins, return path) */
  int dram_sched;           /* enum ws_dram_sched */
  int dram_row_table;       /* mshr_*: the dram_mib block's ROW_TABLE (0: exact row scores) */
  int l2_mib_pipe;          /* mshr_*: the l2mib block's PIPE (0: the one-cycle pick) */
  int dram_pipe;            /* the dram_mib block's PIPE (0: the one-cycle pick) */
  int tRCD, tRP, tCL, tCCD; /* bank timing in core cycles */
  /* ---- fixed-latency memory (mem_model = fixed) ---- */
  int mem_model;            /* enum ws_mem_model */
  int mem_latency;          /* issue to data return of a missing load, cycles (>= 2) */
  /* ---- Mascar (sched = mascar): the memsat and rexq blocks' parameters ---- */
  int mascar_set_free_mshr; /* memsat SET_FREE_MSHR: saturated when at most this many L1 MSHRs are free */
  int mascar_clr_free_mshr; /* memsat CLR_FREE_MSHR: relieved when at least this many are free */
  int mascar_set_free_missq;/* memsat SET_FREE_MISSQ, for the L1 miss queue */
  int mascar_clr_free_missq;/* memsat CLR_FREE_MISSQ */
  int mascar_hold;          /* memsat HOLD: a raised flag stays at least this many cycles */
  int mascar_rexq;          /* rexq ENTRIES; 0: no re-execution queue (a NACKed request blocks the LSU) */
  int mascar_nonowner;      /* enum ws_mascar_nonowner */
  /* ---- OAWS (sched = oaws_static, oaws_dynamic): the oaws block's parameters ---- */
  int oaws_smr;             /* oaws SMR: static OAWS's predicted miss rate, percent */
  int oaws_dlc;             /* oaws DLC: Divergent Load Classifier entries */
  int oaws_cntb;            /* oaws CNTB: bits of the OCW estimator's counter */
  int oaws_pipe;            /* oaws PIPE: the block's 5 ns pipeline (0: the paper's one-cycle timing) */
  /* ---- the two-level scheduler (sched = two_level) ---- */
  int tls_active;           /* tls ACTIVE: active warps of each scheduler's inner level */
  int tls_inner;            /* tls INNER: 0 greedy, 1 round robin */
  int rfc;                  /* 1: a register-file cache (the rfc block) per scheduler beside the tls block */
  int rfc_entries;          /* rfc ENTRIES: entries per thread */
  /* ---- Equalizer: the eqctr block per SM, the eqvote block, the two clock domains ---- */
  int equalizer;            /* enum ws_equalizer */
  int eq_sample;            /* eqctr S: sample period, SM cycles */
  int eq_epoch;             /* eqctr E: epoch, SM cycles */
  int eq_hyst;              /* eqctr HYST: identical decisions before numBlocks changes */
  int eq_vote;              /* eqvote VOTE: 0 majority, 1 plurality */
  int eq_maintain;          /* eqvote MAINTAIN: 0 a keep win keeps the level, 1 it steps toward normal */
  int eq_mem_e_dram;        /* eqctr MEM_E_DRAM */
  int eq_vrm_delay;         /* SM cycles from a vote until the new level's clock runs */
  /* the energy proxy (docs/warpsim.md, "Equalizer"): constants at the normal level */
  int eq_clock_mhz;         /* the SM clock at the normal level */
  int eq_inst_pj;           /* dynamic energy of a warp-instruction */
  int eq_l2_pj;             /* of an L2 access */
  int eq_dram_pj;           /* of a DRAM line read or written */
  int eq_static_sm_mw;      /* static power of one SM */
  int eq_static_mem_mw;     /* static power of the memory system */
  /* ---- the L1 prefetcher ---- */
  int prefetch;             /* enum ws_prefetch */
  int pf_entries;           /* apogee ENTRIES: prefetch table entries */
  int pf_queue;             /* apogee PFQ, caps FIFO: prefetch queue entries */
  int pf_apogee_pipe;       /* prefetch = apogee: the apogee block's PIPE (0: each load decided in its cycle) */
  int caps_pipe;            /* prefetch = caps: the caps block's PIPE (0: the load decided in its cycle) */
  int caps_order;           /* prefetch = caps, sched = two_level: CAPS' CTA-aware promotion order (tls warp_prio) */
  int caps_wakeup;          /* prefetch = caps, sched = two_level: eager wake-up of a prefetch's warp (tls wake) */
  /* ---- run ---- */
  int64_t max_cycles;       /* stop (and report) after this many cycles; 0 = no limit */
} ws_config;

/* One key of the table: where it lives, its range, its doc. */
typedef struct ws_key {
  const char *name;         /* e.g. "l1_mshr_entries" */
  size_t      offset;       /* offsetof(ws_config, field): an int, or int64_t for max_cycles */
  int         is_int64;
  int64_t     min, max;
  int         pow2;         /* must be a power of two (0 allowed where min is 0) */
  const char *const *names; /* symbolic values (index = value), NULL-terminated, or NULL */
  const char *doc;
} ws_key;

/* The key table (n entries). */
const ws_key *ws_config_keys(int *n);
/* NULL-terminated list of the named configurations. */
const char *const *ws_config_names(void);

/* Start from a named configuration.  0 ok; -1: unknown name (err lists the names). */
int  ws_config_named(ws_config *c, const char *name, char *err, size_t n);
/* Set one key from text ("64", "0x40", "64K" (x 1024), "1M" (x 1048576), "gto",
** "per_pipe").  0 ok; -1, c unchanged, with err = "KEY = VALUE is out of range
** (legal: MIN..MAX)", "unknown key 'KEY'", ... */
int  ws_config_set(ws_config *c, const char *key, const char *value, char *err, size_t n);
/* Read a file: 'key = value' lines ('#' comments, blank lines), or a GPGPU-Sim
** gpgpusim.config (when its first line that is not blank or a comment starts
** with '-'; the mapping is in docs/warpsim_config.md).  Errors are
** "PATH:LINE: ..."; on error c is unchanged.  For a gpgpusim.config every
** option warpsim does not model is listed on 'ignored' (one line each:
** "PATH:LINE: ignored -option [sub-option]"), with "PATH:LINE: note ..." lines
** for values warpsim derived or clamped, when ignored is not NULL. */
int  ws_config_file(ws_config *c, const char *path, FILE *ignored, char *err, size_t n);
/* Cross-key checks (e.g. ctas_per_sm, warps vs schedulers).  0 ok, -1 with err. */
int  ws_config_check(const ws_config *c, char *err, size_t n);
/* Every key as 'key = value' lines (loadable by ws_config_file). */
void ws_config_print(const ws_config *c, FILE *f);

/* the apogee block's parameters for prefetch = apogee (legal when ws_config_check passes) */
struct apogee_params;
void ws_apogee_params(const ws_config *c, struct apogee_params *p);
/* the caps block's parameters for prefetch = caps */
struct caps_params;
void ws_caps_params(const ws_config *c, struct caps_params *p);

#endif
