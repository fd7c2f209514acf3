/*
** ws_config.c -- warpsim's machine configuration (see ws_config.h): the key
** table, the named configurations, and reading 'key = value' files (GPGPU-Sim's
** gpgpusim.config: ws_gpgpusim.c, with the line reader of ws_cfgread.h).
**
** One table, 'keys', drives everything: ws_config_set parses and range-checks
** through it, ws_config_check re-checks every field against it, and
** ws_config_print and warpsim --list-keys walk it.  A named configuration is
** a list of 'key = value' rows set through ws_config_set, exactly as a file
** would set them, and ws_config_named refuses one that does not set every key
** exactly once: no field is ever left at 0 by accident.  Files are read into
** a copy, so on error the caller's configuration is unchanged.
*/
#include "ws_config.h"
#include "ws_cfgread.h"
#include "eqctr_io.h"
#include "l2mib_io.h"
#include "mshr_io.h"       /* the blocks' legal ranges: keys that are block parameters use them */
#include "dram_mib_io.h"
#include "memsat_io.h"
#include "rexq_io.h"   /* line_bytes <= 256 keeps a line offset within its OFFSET_BITS <= 8 */
#include "oaws_io.h"
#include "tls_io.h"
#include "rfc_io.h"
#include "apogee_io.h"
#include "caps_io.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>


/*
** {=====================================================================
** The key table
** ======================================================================
*/

/* ORDER enum ws_sched_policy, ws_issue_mode, ws_mem_model */
static const char *const sched_names[] = { "lrr", "gto", "mascar", "oaws_static", "oaws_dynamic", "two_level",
                                           NULL };
static const char *const issue_names[] = { "one", "per_pipe", NULL };
static const char *const mem_names[]   = { "hier", "fixed", NULL };
static const char *const nonowner_names[] = { "hold", "issue", NULL };
static const char *const inner_names[] = { "greedy", "rr", NULL };    /* the tls block's INNER */
static const char *const onoff_names[] = { "off", "on", NULL };
static const char *const eq_names[]    = { "off", "energy", "performance", NULL };   /* ORDER ws_equalizer */
static const char *const vote_names[]  = { "majority", "plurality", NULL };         /* the eqvote block's VOTE */
static const char *const maintain_names[] = { "keep", "normal", NULL };            /* its MAINTAIN */
static const char *const dram_sched_names[] = { "frfcfs", "mshr_m", "mshr_s", "mshr_sa", NULL };   /* ORDER ws_dram_sched */
static const char *const prefetch_names[] = { "off", "apogee", "caps", NULL };                  /* ORDER ws_prefetch */

void ws_apogee_params(const ws_config *c, apogee_params *p) {
  int warps = 2, lb = 0;
  while (warps < c->warps_per_sm) warps *= 2;   /* a power of two, at least 2: warp slots are its warp ids */
  while ((1 << lb) < c->line_bytes) lb++;
  /* the thesis' field widths (Table 5.3b) but 32-bit addresses: warpsim's lane addresses, modulo 2^32 */
  *p = (apogee_params){.ENTRIES = c->pf_entries, .WARPS = warps, .THREADS = 32, .PC_BITS = 10, .ADDR_BITS = 32,
                       .OFF_BITS = 8, .CONF_BITS = 8, .DIST_BITS = 6, .LINE_BITS = lb, .PFQ = c->pf_queue,
                       .PIPE = c->pf_apogee_pipe};
}

void ws_caps_params(const ws_config *c, caps_params *p) {
  /* the paper's widths (Table 2: 4 B PC, address and stride, 1 B warp id and counter), NCTA = the SM's
  ** CTA slots, the FIFO = pf_queue; GEN and TQ as the block's caps preset; PIPE = caps_pipe */
  *p = (caps_params){.NCTA = c->ctas_per_sm, .REQS = 4, .PC_BITS = 32, .ADDR_BITS = 32, .WID_BITS = 8,
                     .MISP_W = 8, .THRESH = 128, .FIFO = c->pf_queue, .GEN = 4, .TQ = 4, .PIPE = c->caps_pipe};
  if (p->GEN > p->FIFO) p->GEN = p->FIFO;   /* the block's rule GEN <= FIFO */
}

#define KEY(f, lo, hi, p2, doc)  { #f, offsetof(ws_config, f), 0, lo, hi, p2, NULL, doc }
#define KEYN(f, names, doc)      { #f, offsetof(ws_config, f), 0, 0, \
                                   (int64_t)(sizeof names / sizeof names[0]) - 2, 0, names, doc }

/* ORDER ws_config: one row per field but 'name', in the struct's order */
static const ws_key keys[] = {
  /* ---- SM ---- */
  KEY(n_sm,            1,  WS_MAX_SM,    0, "SMs"),
  KEY(warps_per_sm,    1,  WS_MAX_WARPS, 0, "resident warps per SM"),
  KEY(ctas_per_sm,     1,  32,           0, "resident CTAs per SM"),
  KEY(warp_size,       32, 32,           0, "threads per warp: 32 (the only legal value today)"),
  KEY(n_sched,         1,  WS_MAX_SCHED, 0, "warp schedulers per SM; warp w belongs to scheduler w % n_sched"),
  KEYN(sched,          sched_names,       "lrr: loose round-robin; gto: greedy-then-oldest; mascar: Mascar's "
                                          "memsat, wst and rexq blocks (EP/MP modes, owner warp, re-execution); oaws_static, "
                                          "oaws_dynamic: the oaws block's occlusion check (Eq. 1) before GTO; two_level: the tls "
                                          "block per scheduler (greedy active set, demotion, round-robin promotion)"),
  KEYN(issue_mode,     issue_names,       "one: a scheduler issues at most one instruction per cycle (GPGPU-Sim); "
                                          "per_pipe: at most one per pipe (memory, ALU, SFU) per cycle, from "
                                          "different warps (the thesis' Fig. 4.2)"),
  KEY(alu_latency,     1,  10000,        0, "ALU: cycles from issue until a dependent may issue (1: back to back)"),
  KEY(sfu_latency,     1,  10000,        0, "SFU: cycles from issue until a dependent may issue"),
  KEY(sfu_interval,    1,  64,           0, "cycles between two SFU issues of one scheduler (initiation interval)"),
  /* ---- LSU and L1 data cache ---- */
  KEY(line_bytes,      32, 256,          1, "cache line of L1 and L2 in bytes; also the coalescing unit"),
  KEY(l1_sets,         0,  4096,         1, "L1 sets (LRU); 0 = no L1: every access misses"),
  KEY(l1_ways,         1,  32,           0, "L1 ways"),
  KEY(l1_hit_latency,  1,  1000,         0, "cycles from the L1 access until a hit's data is written back"),
  KEY(l1_mshr_entries, MSHR_ENTRIES_MIN, MSHR_ENTRIES_MAX, 0, "L1 MSHRs: the mshr block's ENTRIES"),
  KEY(l1_mshr_merges,  MSHR_MERGES_MIN, MSHR_MERGES_MAX, 0, "requests one L1 MSHR holds: the mshr block's MERGES"),
  KEY(l1_miss_queue,   1,  256,          0, "L1 miss queue: misses waiting for the interconnect"),
  /* ---- interconnect (both directions) ---- */
  KEY(icnt_latency,    1,  10000,        0, "interconnect: cycles in flight, each direction"),
  KEY(icnt_bandwidth,  1,  64,           0, "interconnect: packets per cycle per direction, over all sources"),
  /* ---- L2 partitions ---- */
  KEY(n_part,          1,  WS_MAX_PART,  0, "L2 partitions = DRAM channels; line L goes to partition "
                                            "(L / part_interleave) % n_part"),
  KEY(part_interleave, 1,  64,           1, "consecutive lines per partition"),
  KEY(l2_sets,         0,  65536,        1, "L2 sets per partition (LRU); 0 = no L2: every access goes to DRAM"),
  KEY(l2_ways,         1,  64,           0, "L2 ways"),
  KEY(l2_latency,      1,  10000,        0, "cycles from the L2 access until a hit's response enters the icnt"),
  KEY(l2_mshr_entries, MSHR_ENTRIES_MIN, MSHR_ENTRIES_MAX, 0, "L2 MSHRs per partition: the mshr block's ENTRIES"),
  KEY(l2_mshr_merges,  MSHR_MERGES_MIN, MSHR_MERGES_MAX, 0, "requests one L2 MSHR holds: the mshr block's MERGES"),
  KEY(l2_in_queue,     1,  256,          0, "requests from the interconnect waiting for the L2"),
  KEY(l2_miss_queue,   1,  256,          0, "L2 misses waiting for the DRAM read queue"),
  /* ---- DRAM channel (one per partition) ---- */
  KEY(dram_banks,      DRAM_MIB_BANKS_MIN, DRAM_MIB_BANKS_MAX, 1, "banks per DRAM channel: the dram_mib block's BANKS"),
  KEY(dram_row_lines,  1,  1024,         1, "lines per DRAM row; line l of a channel is in bank l / dram_row_lines "
                                            "% dram_banks, row l / (dram_row_lines * dram_banks)"),
  KEY(dram_queue,      DRAM_MIB_QUEUE_MIN, DRAM_MIB_QUEUE_MAX, 1, "DRAM read queue, FR-FCFS: the dram_mib block's QUEUE"),
  KEY(dram_latency,    0,  10000,        0, "fixed cycles added to every DRAM access (controller, pins, return)"),
  KEYN(dram_sched,     dram_sched_names,  "DRAM read scheduling (the dram_mib block's POLICY): frfcfs (the baseline), "
                                          "or the MIB thesis' mshr_m, mshr_s, mshr_sa, with an l2mib block beside every "
                                          "L2 MSHR file sending its merge information to DRAM as dummy requests"),
  KEY(dram_row_table,  0,  1,            0, "with dram_sched = mshr_*: 1 keeps the row scores in the thesis' row-score "
                                            "table (the dram_mib block's ROW_TABLE), 0 computes them exactly; the picks "
                                            "differ only after a read's age saturates (docs/blocks/dram_mib.md)"),
  KEY(l2_mib_pipe,     0,  1,            0, "with dram_sched = mshr_*: 1 registers the l2mib block's dummy pick (its "
                                            "PIPE, the RTL that meets a 5 ns clock: a merge reaches the pick a cycle "
                                            "later), 0 picks and sends in one cycle as the thesis describes"),
  KEY(dram_pipe,       0,  1,            0, "1 pipelines the dram_mib block's pick (its PIPE, the RTL that meets a 5 ns "
                                            "clock: a ready bank and its best rows two cycles before the issue, the read "
                                            "one cycle before; a dummy reaches the MIB a cycle later), 0 picks and "
                                            "issues in one cycle as the thesis describes"),
  KEY(tRCD,            1,  1000,         0, "DRAM activate to read, core cycles (a gpgpusim.config's DRAM cycles "
                                            "are converted with its clock domains, rounded up)"),
  KEY(tRP,             1,  1000,         0, "DRAM precharge, core cycles (converted like tRCD)"),
  KEY(tCL,             1,  1000,         0, "DRAM read to data (CAS latency), core cycles (converted like tRCD)"),
  KEY(tCCD,            1,  1000,         0, "DRAM column to column: cycles between two reads of one bank, core "
                                            "cycles (converted like tRCD)"),
  /* ---- fixed-latency memory ---- */
  KEYN(mem_model,      mem_names,         "hier: L1 -> interconnect -> L2 partitions -> DRAM; fixed: every L1 "
                                          "miss is filled mem_latency - 1 cycles after it allocates an MSHR"),
  KEY(mem_latency,     2,  10000,        0, "mem_model fixed: issue to data return of a missing load, cycles"),
  /* ---- Mascar ---- */
  KEY(mascar_set_free_mshr, MEMSAT_SET_FREE_MSHR_MIN, MEMSAT_SET_FREE_MSHR_MAX, 0,
      "sched mascar: MP mode when at most this many L1 MSHRs are free (memsat SET_FREE_MSHR)"),
  KEY(mascar_clr_free_mshr, MEMSAT_CLR_FREE_MSHR_MIN, MEMSAT_CLR_FREE_MSHR_MAX, 0,
      "sched mascar: back to EP mode needs at least this many free L1 MSHRs (memsat CLR_FREE_MSHR)"),
  KEY(mascar_set_free_missq, MEMSAT_SET_FREE_MISSQ_MIN, MEMSAT_SET_FREE_MISSQ_MAX, 0,
      "sched mascar: MP mode when at most this many L1 miss-queue entries are free (memsat SET_FREE_MISSQ)"),
  KEY(mascar_clr_free_missq, MEMSAT_CLR_FREE_MISSQ_MIN, MEMSAT_CLR_FREE_MISSQ_MAX, 0,
      "sched mascar: back to EP mode needs at least this many free miss-queue entries (memsat CLR_FREE_MISSQ)"),
  KEY(mascar_hold,     MEMSAT_HOLD_MIN, MEMSAT_HOLD_MAX, 0,
      "sched mascar: MP mode lasts at least this many cycles (memsat HOLD)"),
  KEY(mascar_rexq,     0, REXQ_ENTRIES_MAX, 0,
      "sched mascar: re-execution queue entries (rexq ENTRIES); 0 = none: a NACKed request blocks the LSU"),
  KEYN(mascar_nonowner, nonowner_names,   "sched mascar, MP mode: hold: non-owner memory instructions wait; "
                                          "issue: warps memory-ready when the owner took over still send one"),
  /* ---- OAWS ---- */
  KEY(oaws_smr,        OAWS_SMR_MIN, OAWS_SMR_MAX, 0,
      "sched oaws_static: a divergent load predicts this percentage of its active threads as misses (oaws SMR)"),
  KEY(oaws_dlc,        OAWS_DLC_MIN, OAWS_DLC_MAX, 0, "sched oaws_*: Divergent Load Classifier entries (oaws DLC)"),
  KEY(oaws_cntb,       OAWS_CNTB_MIN, OAWS_CNTB_MAX, 0, "sched oaws_dynamic: bits of the OCW estimator's counter (oaws CNTB)"),
  KEY(oaws_pipe,       0, 1,            0, "sched oaws_*: 1 builds the oaws block with its 5 ns pipeline (its PIPE: the "
                                            "GTO ranks and locality test a cycle late, OCW trained a cycle after a load's "
                                            "last access), 0 computes them in the cycle as the paper describes"),
  /* ---- two-level scheduler ---- */
  KEY(tls_active,      TLS_ACTIVE_MIN, TLS_ACTIVE_MAX, 0,
      "sched two_level: active warps of each scheduler's inner level (tls ACTIVE, at most its warps)"),
  KEYN(tls_inner,      inner_names,       "sched two_level: the inner level's pick (tls INNER): greedy (the paper's "
                                          "design) or rr (round robin, the paper's comparison)"),
  KEYN(rfc,            onoff_names,       "sched two_level: a register-file cache per scheduler (the rfc block, "
                                          "ACTIVE = tls_active) holding the active warps' recent results"),
  KEY(rfc_entries,     RFC_ENTRIES_MIN, RFC_ENTRIES_MAX, 0, "rfc = on: entries per thread (rfc ENTRIES)"),
  /* ---- Equalizer ---- */
  KEYN(equalizer,      eq_names,          "Equalizer (Sethia's thesis Ch. III): an eqctr block per SM samples the warp "
                                          "states and runs Algorithm 1 every epoch (numBlocks: CTA pausing), the eqvote "
                                          "block votes the SM and memory V/F levels, whose clocks follow them; energy or "
                                          "performance is Table 3.1's objective (needs sched gto or lrr, mem_model hier)"),
  KEY(eq_sample,       EQCTR_S_MIN, EQCTR_S_MAX, 1, "equalizer: sample period, SM cycles (eqctr S; thesis: 128)"),
  KEY(eq_epoch,        EQCTR_E_MIN, EQCTR_E_MAX, 1, "equalizer: epoch, SM cycles, at least eq_sample (eqctr E; thesis: 4096)"),
  KEY(eq_hyst,         EQCTR_HYST_MIN, EQCTR_HYST_MAX, 0,
      "equalizer: identical epoch decisions before numBlocks changes (eqctr HYST; thesis: 3)"),
  KEYN(eq_vote,        vote_names,        "equalizer: the frequency manager's vote (eqvote VOTE): a majority of all SMs "
                                          "(the thesis), or plurality"),
  KEYN(eq_maintain,    maintain_names,    "equalizer: a winning 'keep' vote (Table 3.1's Maintain) keeps a domain's level, "
                                          "or steps it toward normal (eqvote MAINTAIN)"),
  KEY(eq_mem_e_dram,   EQCTR_MEM_E_DRAM_MIN, EQCTR_MEM_E_DRAM_MAX, 0,
      "equalizer, energy objective: 1 = a memory-intensive epoch also votes the memory V/F down (Table 3.1 "
      "literally; eqctr MEM_E_DRAM), 0 = the SM's only (the prose)"),
  KEY(eq_vrm_delay,    0,  1000000,      0, "equalizer: SM cycles from a vote until the new level's clock runs "
                                            "(the voltage regulator settling; thesis: 512)"),
  KEY(eq_clock_mhz,    1,  100000,       0, "equalizer energy proxy: the SM clock at the normal level, MHz"),
  KEY(eq_inst_pj,      0,  100000000,    0, "equalizer energy proxy: a warp-instruction's dynamic energy at the normal level, pJ"),
  KEY(eq_l2_pj,        0,  100000000,    0, "equalizer energy proxy: an L2 access's dynamic energy at the normal level, pJ"),
  KEY(eq_dram_pj,      0,  100000000,    0, "equalizer energy proxy: a DRAM line read or write at the normal level, pJ"),
  KEY(eq_static_sm_mw, 0,  100000000,    0, "equalizer energy proxy: static power of one SM at the normal level, mW"),
  KEY(eq_static_mem_mw, 0, 100000000,    0, "equalizer energy proxy: static power of the memory system "
                                            "(interconnect, L2, DRAM) at the normal level, mW"),
  /* ---- the L1 prefetcher ---- */
  KEYN(prefetch,       prefetch_names,    "the L1 prefetcher, one block per SM in the L1 controller: off; apogee (APOGEE's "
                                          "prefetch table, the apogee block: needs sched gto or lrr, warps_per_sm <= 32); "
                                          "caps (the CTA-aware prefetcher, the caps block: needs sched gto, lrr or "
                                          "two_level, ctas_per_sm <= 16)"),
  KEY(pf_entries,      APOGEE_ENTRIES_MIN, APOGEE_ENTRIES_MAX, 0, "prefetch = apogee: table entries (apogee ENTRIES; thesis: 64)"),
  KEY(pf_queue,        CAPS_FIFO_MIN, APOGEE_PFQ_MAX, 0, "prefetch queue entries (apogee PFQ, caps FIFO)"),
  KEY(pf_apogee_pipe,  0,  1,            0, "prefetch = apogee: 1 builds the apogee blocks pipelined (their PIPE, the RTL "
                                            "that meets a 5 ns clock: a load is decided 6 cycles after the L1 shows it, a "
                                            "burst starts walking 2 cycles after that), 0 decides each load in its cycle"),
  KEY(caps_pipe,       0,  1,            0, "prefetch = caps: 1 builds the caps block with its load in three stages (its "
                                            "PIPE, the RTL that meets a 5 ns clock: a load's events and trigger two cycles "
                                            "later), 0 decides a load in the cycle it arrives"),
  KEYN(caps_order,     onoff_names,       "prefetch = caps with sched = two_level: CAPS' CTA-aware order (Fig. 7): the "
                                          "leading warp of each CTA and the leading CTA's warps are promoted first"),
  KEYN(caps_wakeup,    onoff_names,       "prefetch = caps with sched = two_level: eager wake-up (4.4): a prefetch's fill "
                                          "promotes its destination warp, evicting a stalled one from a full active set"),
  /* ---- run ---- */
  { "max_cycles", offsetof(ws_config, max_cycles), 1, 0, (int64_t)1 << 62, 0, NULL,
    "stop (and report) after this many cycles; 0 = no limit" },
};

#define N_KEYS ((int)(sizeof keys / sizeof keys[0]))

const ws_key *ws_config_keys(int *n) {
  *n = N_KEYS;
  return keys;
}

static const ws_key *find_key(const char *name) {
  for (int i = 0; i < N_KEYS; i++)
    if (strcmp(keys[i].name, name) == 0) return &keys[i];
  return NULL;
}

static int64_t key_get(const ws_config *c, const ws_key *k) {
  const char *p = (const char *)c + k->offset;
  if (k->is_int64) return *(const int64_t *)(const void *)p;
  return *(const int *)(const void *)p;
}

static void key_put(ws_config *c, const ws_key *k, int64_t v) {
  char *p = (char *)c + k->offset;
  if (k->is_int64) *(int64_t *)(void *)p = v;
  else *(int *)(void *)p = (int)v;     /* in range: every int key's max fits an int */
}

static int key_legal(const ws_key *k, int64_t v) {
  if (v < k->min || v > k->max) return 0;
  return !k->pow2 || v == 0 || (v & (v - 1)) == 0;   /* v == 0 only gets here when min is 0 */
}

/* "lrr, gto" */
static void names_text(const ws_key *k, char *buf, size_t n) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; k->names[i]; i++) {
    int w = snprintf(buf + used, n - used, "%s%s", i ? ", " : "", k->names[i]);
    if (w < 0 || (size_t)w >= n - used) return;
    used += (size_t)w;
  }
}

/* the '(legal: ...)' text: "1..64", "32..256, a power of two", "lrr, gto or 0..1" */
static void legal_text(const ws_key *k, char *buf, size_t n) {
  if (k->names) {
    char nm[64];
    names_text(k, nm, sizeof nm);
    snprintf(buf, n, "%s or %" PRId64 "..%" PRId64, nm, k->min, k->max);
  } else {
    snprintf(buf, n, "%" PRId64 "..%" PRId64 "%s", k->min, k->max,
             !k->pow2 ? "" : k->min == 0 ? ", 0 or a power of two" : ", a power of two");
  }
}

WS_PRINTF(3, 4)
static int fail(char *err, size_t n, const char *fmt, ...) {
  if (err && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/*
** An integer: decimal or 0x hex, an optional sign, an optional K (x 1024) or
** M (x 1048576) suffix -- binary, so "64K" l2_sets is the largest legal value.
** Returns 0 with *v (saturated at +-INT64_MAX, which no key allows) or -1.
*/
int ws_cfg_parse_int(const char *s, size_t len, int64_t *v) {
  const char *e = s + len;
  int neg = 0, base = 10, digits = 0;
  uint64_t acc = 0, lim = (uint64_t)INT64_MAX;
  if (s < e && (*s == '+' || *s == '-')) neg = *s++ == '-';
  if (e - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
  for (; s < e; s++, digits++) {
    int d;
    if (*s >= '0' && *s <= '9') d = *s - '0';
    else if (base == 16 && isxdigit((unsigned char)*s)) d = tolower((unsigned char)*s) - 'a' + 10;
    else break;
    acc = acc > (lim - (uint64_t)d) / (uint64_t)base ? lim : acc * (uint64_t)base + (uint64_t)d;
  }
  if (!digits) return -1;
  if (s < e) {
    uint64_t mul = (*s == 'K' || *s == 'k') ? 1024u : (*s == 'M' || *s == 'm') ? 1048576u : 0;
    if (!mul || s + 1 != e) return -1;
    acc = acc > lim / mul ? lim : acc * mul;
  }
  *v = neg ? -(int64_t)acc : (int64_t)acc;
  return 0;
}

const char *ws_cfg_skip_space(const char *s) {
  while (isspace((unsigned char)*s)) s++;
  return s;
}

/* length of s[0..n) without trailing white space */
static size_t trimmed_len_n(const char *s, size_t n) {
  while (n && isspace((unsigned char)s[n - 1])) n--;
  return n;
}

size_t ws_cfg_trimmed_len(const char *s) {
  return trimmed_len_n(s, strlen(s));
}

int ws_config_set(ws_config *c, const char *key, const char *value, char *err, size_t n) {
  const ws_key *k = find_key(key);
  if (!k) return fail(err, n, "unknown key '%s'", key);
  const char *s = ws_cfg_skip_space(value);
  size_t len = ws_cfg_trimmed_len(s);
  int vl = (int)(len > 200 ? 200 : len);   /* value as quoted in messages */
  char legal[96];
  legal_text(k, legal, sizeof legal);
  int64_t v = -1;
  int found = 0;
  if (k->names)
    for (int i = 0; k->names[i] && !found; i++)
      if (strlen(k->names[i]) == len && strncmp(k->names[i], s, len) == 0) { v = i; found = 1; }
  if (!found && ws_cfg_parse_int(s, len, &v) != 0) {
    if (k->names) {
      char nm[64];
      names_text(k, nm, sizeof nm);
      return fail(err, n, "%s: '%.*s' is not one of %s", k->name, vl, s, nm);
    }
    return fail(err, n, "%s: '%.*s' is not an integer (legal: %s)", k->name, vl, s, legal);
  }
  if (!key_legal(k, v))
    return fail(err, n, "%s = %.*s is out of range (legal: %s)", k->name, vl, s, legal);
  key_put(c, k, v);
  return 0;
}

/*
** {=====================================================================
** Named configurations
** ======================================================================
*/

/* one 'key = value' of a named configuration, and where the number comes from */
typedef struct named_row {
  const char *key, *value, *why;
} named_row;

/*
** fermi: the thesis' GTX 480 baseline.  Tables 3.3 / 4.1 of Sethia's thesis
** (Mascar and Equalizer, U. Michigan 2015); Table 5.1 of the MIB thesis (Li,
** UBC 2015).  INFERRED rows are not stated by either thesis; they follow
** GPGPU-Sim's GTX480 configuration.  The three latencies marked 'calibrated'
** belong to the timing model: ws_gpu.c's test makes an unloaded L2 hit take
** 200 cycles and a DRAM row miss 440, as Table 4.1 states.
*/
#define CALIBRATED "calibrated: an unloaded L2 hit takes 2 x 40 + 118 + 2 = 200 cycles and a DRAM access 2 x 40 + 19 + 19 + 318 + 4 = 440 (Table 4.1; checked by tb/warpsim/test_model.c)"

static const named_row fermi_rows[] = {
  { "n_sm",            "15",   "Table 4.1: \"Fermi (GTX 480, 15 SMs, 32 PEs/SM)\"" },
  { "warps_per_sm",    "48",   "Table 3.3: Max Thread Blocks:Warps \"8:48\"" },
  { "ctas_per_sm",     "8",    "Table 3.3: Max Thread Blocks:Warps \"8:48\"" },
  { "warp_size",       "32",   "Fermi: 32 threads per warp" },
  { "n_sched",         "2",    "INFERRED (the thesis does not say): GPGPU-Sim's GTX480 config, -gpgpu_num_sched_per_core 2" },
  { "sched",           "lrr",  "Table 4.1: the baseline scheduler is loose round-robin" },
  { "issue_mode",      "one",  "GPGPU-Sim: one instruction per scheduler per cycle" },
  { "alu_latency",     "4",    "INFERRED: GPGPU-Sim GTX480 -ptx_opcode_latency_int ADD = 4" },
  { "sfu_latency",     "20",   "INFERRED: GPGPU-Sim GTX480-like SFU latency" },
  { "sfu_interval",    "4",    "INFERRED: GPGPU-Sim GTX480-like SFU initiation interval" },
  { "line_bytes",      "128",  "Table 4.1: \"128 B/Line\"" },
  { "l1_sets",         "64",   "Table 4.1: L1 \"32kB, 64 Sets, 4 way, 128 B/Line\"" },
  { "l1_ways",         "4",    "Table 4.1" },
  { "l1_hit_latency",  "35",   "INFERRED: GPGPU-Sim SM2_GTX480 -gpgpu_l1_latency 35 (3.2.2 had no such option)" },
  { "l1_mshr_entries", "64",   "Table 4.1: \"64 MSHRs\"" },
  { "l1_mshr_merges",  "8",    "INFERRED: GPGPU-Sim GTX480 dl1 MSHR 64:8" },
  { "l1_miss_queue",   "8",    "INFERRED: GPGPU-Sim GTX480 dl1 miss queue 8" },
  { "icnt_latency",    "40",   CALIBRATED },
  { "icnt_bandwidth",  "6",    "INFERRED: a crossbar, one packet per partition port per cycle" },
  { "n_part",          "6",    "Table 4.1: \"6 partitions\"" },
  { "part_interleave", "2",    "INFERRED: GPGPU-Sim GTX480 -gpgpu_mem_addr_mapping dramid@8 (256 B per channel)" },
  { "l2_sets",         "128",  "Table 4.1: \"768kB, 8 way, 6 partitions\" = 6 x 128 sets x 8 ways x 128 B" },
  { "l2_ways",         "8",    "Table 4.1" },
  { "l2_latency",      "118",  CALIBRATED },
  { "l2_mshr_entries", "64",   "Table 4.1: \"64 MSHRs/partition\"" },
  { "l2_mshr_merges",  "16",   "MIB Table 5.1: \"16 merges / Entry\"" },
  { "l2_in_queue",     "8",    "INFERRED: GPGPU-Sim 3.x default -gpgpu_dram_partition_queues 8:8:8:8" },
  { "l2_miss_queue",   "8",    "INFERRED: GPGPU-Sim GTX480 dl2 miss queue 4 per sub-partition, 2 sub-partitions" },
  { "dram_banks",      "16",   "MIB Table 5.1: \"16, 4 / Bank Group\"" },
  { "dram_row_lines",  "32",   "INFERRED: GPGPU-Sim GTX480 address mapping: 12 column bits, 4 KB rows" },
  { "dram_queue",      "32",   "Table 4.1: DRAM \"32 requests/partition\"" },
  { "dram_latency",    "318",  CALIBRATED },
  { "dram_sched",      "frfcfs", "MIB Table 5.1: the baseline's FR-FCFS" },
  { "dram_row_table",  "0",    "exact row scores (1: the MIB thesis' row-score table, 4.5)" },
  { "l2_mib_pipe",     "0",    "the thesis' one-cycle dummy multiplexer (1: the registered pick, docs/blocks/l2mib.md)" },
  { "dram_pipe",       "0",    "the thesis' one-cycle DRAM scheduler (1: the pipelined pick, docs/blocks/dram_mib.md)" },
  { "tRCD",            "19",   "MIB Table 5.1: tRCD = 12 DRAM cycles x 1400/924 MHz, rounded up" },
  { "tRP",             "19",   "MIB Table 5.1: tRP = 12 DRAM cycles x 1400/924 MHz, rounded up" },
  { "tCL",             "19",   "MIB Table 5.1: tCL = 12 DRAM cycles x 1400/924 MHz, rounded up" },
  { "tCCD",            "4",    "MIB Table 5.1: tCCDS = 2 DRAM cycles x 1400/924 MHz, rounded up" },
  { "mem_model",       "hier", "the full hierarchy" },
  { "mem_latency",     "440",  "unused under hier; Table 4.1's unloaded DRAM latency if mem_model = fixed" },
  { "mascar_set_free_mshr",  "2", "INFERRED (thesis: \"almost full\"): memsat preset mascar" },
  { "mascar_clr_free_mshr",  "4", "INFERRED: memsat preset mascar" },
  { "mascar_set_free_missq", "2", "INFERRED: memsat preset mascar" },
  { "mascar_clr_free_missq", "4", "INFERRED: memsat preset mascar" },
  { "mascar_hold",           "0", "INFERRED: no minimum" },
  { "mascar_rexq",           "32", "thesis 4.4.3: \"a 32 entry re-execution queue\"" },
  { "mascar_nonowner",       "issue", "thesis 4.3.4: \"Mascar allows these non-owner, memory-ready warps to issue to the L1\"" },
  { "oaws_smr",        "50",   "OAWS 4.2: SMR = 50 %" },
  { "oaws_dlc",        "32",   "OAWS 4.4: a 32-entry DLC" },
  { "oaws_cntb",       "8",    "OAWS 4.4: an 8-bit counter" },
  { "oaws_pipe",       "0",    "the paper's one-cycle qualification (1: the block's 5 ns pipeline, docs/blocks/oaws.md)" },
  { "tls_active",      "8",    "Gebhart et al. 5.2: the design point, 8 active warps" },
  { "tls_inner",       "greedy", "Gebhart et al. 3.2: a greedy inner level" },
  { "rfc",             "off",  "the baseline has no register-file cache" },
  { "rfc_entries",     "6",    "Gebhart et al. 5.4: 6 entries per thread" },
  { "equalizer",       "off",  "the baseline has no Equalizer" },
  { "eq_sample",       "128",  "thesis 3.4.1: \"Every 128 cycles\"" },
  { "eq_epoch",        "4096", "thesis 3.4.1: \"a 4096 cycle epoch window\"" },
  { "eq_hyst",         "3",    "thesis 3.4.2: \"three consecutive epoch window\"" },
  { "eq_vote",         "majority", "thesis 3.4.3: \"the majority vote amongst all the SM requests\"" },
  { "eq_maintain",     "normal", "INFERRED (the thesis does not say): Maintain as the nominal level, so levels follow "
                                 "phases (Fig. 3.9); keep never lowers a raised domain" },
  { "eq_mem_e_dram",   "0",    "thesis 3.3.2 prose: a memory-intensive kernel in energy mode lowers the SM V/F only" },
  { "eq_vrm_delay",    "512",  "thesis 3.4.3: \"can change the VF level of the SMs in 512 SM cycles\"" },
  { "eq_clock_mhz",    "1400", "GPGPU-Sim GTX480 -gpgpu_clock_domains 700:1400:700:924: warpsim's fermi cycles are "
                               "1400 MHz core cycles (the DRAM timings are converted at 1400/924)" },
  { "eq_inst_pj",      "1000", "INFERRED: 32 lanes x about 30 pJ (operand reads, ALU, result write) per warp-instruction" },
  { "eq_l2_pj",        "500",  "INFERRED: a 128-byte L2 line access and its crossbar transfer" },
  { "eq_dram_pj",      "14336", "INFERRED: a 128-byte line at 14 pJ/bit, the GDDR5 access energy O'Connor et al. "
                                "(MICRO'17) cite" },
  { "eq_static_sm_mw", "1862", "thesis 3.5: 41.9 W baseline leakage; our split: two thirds over 15 SMs" },
  { "eq_static_mem_mw", "13970", "thesis 3.5: 41.9 W baseline leakage; our split: one third for the memory system" },
  { "prefetch",        "off",  "the baseline has no prefetcher" },
  { "pf_entries",      "64",   "APOGEE Table 5.3a: \"Prefetch Table 64 Entry\"" },
  { "pf_queue",        "8",    "INFERRED: the thesis gives no depth (the apogee block's preset)" },
  { "pf_apogee_pipe",  "0",    "each load decided in the cycle the L1 shows it, as the thesis describes (1: the "
                               "pipelined block, docs/blocks/apogee.md)" },
  { "caps_pipe",       "0",    "the paper's decision in the load's cycle (1: the pipelined load, docs/blocks/caps.md)" },
  { "caps_order",      "off",  "the baseline's two-level scheduler: round robin" },
  { "caps_wakeup",     "off",  "the baseline has no prefetcher to wake warps" },
  { "max_cycles",      "0",    "no limit" },
};

/* tiny: small enough that tests fill every queue and MSHR in a few hundred cycles */
static const named_row tiny_rows[] = {
  { "n_sm", "2", NULL }, { "warps_per_sm", "8", NULL }, { "ctas_per_sm", "4", NULL },
  { "warp_size", "32", NULL }, { "n_sched", "2", NULL }, { "sched", "gto", NULL },
  { "issue_mode", "one", NULL }, { "alu_latency", "2", NULL }, { "sfu_latency", "6", NULL },
  { "sfu_interval", "2", NULL },
  { "line_bytes", "128", NULL }, { "l1_sets", "4", NULL }, { "l1_ways", "2", NULL },
  { "l1_hit_latency", "2", NULL }, { "l1_mshr_entries", "4", NULL }, { "l1_mshr_merges", "4", NULL },
  { "l1_miss_queue", "4", NULL },
  { "icnt_latency", "4", NULL }, { "icnt_bandwidth", "1", NULL },
  { "n_part", "2", NULL }, { "part_interleave", "1", NULL }, { "l2_sets", "8", NULL },
  { "l2_ways", "4", NULL }, { "l2_latency", "4", NULL }, { "l2_mshr_entries", "8", NULL },
  { "l2_mshr_merges", "4", NULL }, { "l2_in_queue", "4", NULL }, { "l2_miss_queue", "4", NULL },
  { "dram_banks", "4", NULL }, { "dram_row_lines", "8", NULL }, { "dram_queue", "8", NULL },
  { "dram_latency", "4", NULL }, { "dram_sched", "frfcfs", NULL }, { "dram_row_table", "0", NULL }, { "l2_mib_pipe", "0", NULL }, { "dram_pipe", "0", NULL },
  { "tRCD", "3", NULL }, { "tRP", "3", NULL }, { "tCL", "3", NULL },
  { "tCCD", "1", NULL },
  { "mem_model", "hier", NULL }, { "mem_latency", "10", NULL },
  { "mascar_set_free_mshr", "1", NULL }, { "mascar_clr_free_mshr", "2", NULL },
  { "mascar_set_free_missq", "1", NULL }, { "mascar_clr_free_missq", "2", NULL },
  { "mascar_hold", "0", NULL }, { "mascar_rexq", "8", NULL }, { "mascar_nonowner", "issue", NULL },
  { "oaws_smr", "50", NULL }, { "oaws_dlc", "8", NULL }, { "oaws_cntb", "4", NULL }, { "oaws_pipe", "0", NULL }, { "tls_active", "2", NULL },
  { "tls_inner", "greedy", NULL }, { "rfc", "off", NULL }, { "rfc_entries", "6", NULL },
  { "equalizer", "off", NULL }, { "eq_sample", "128", NULL }, { "eq_epoch", "4096", NULL }, { "eq_hyst", "3", NULL },
  { "eq_vote", "majority", NULL }, { "eq_maintain", "normal", NULL }, { "eq_mem_e_dram", "0", NULL },
  { "eq_vrm_delay", "512", NULL }, { "eq_clock_mhz", "1400", NULL }, { "eq_inst_pj", "1000", NULL },
  { "eq_l2_pj", "500", NULL }, { "eq_dram_pj", "14336", NULL }, { "eq_static_sm_mw", "1862", NULL },
  { "eq_static_mem_mw", "13970", NULL },
  { "prefetch", "off", NULL }, { "pf_entries", "8", NULL }, { "pf_queue", "4", NULL }, { "pf_apogee_pipe", "0", NULL },
  { "caps_pipe", "0", NULL },
  { "caps_order", "off", NULL }, { "caps_wakeup", "off", NULL },
  { "max_cycles", "10000000", NULL },
};

/*
** fig4_2: the thesis' Fig. 4.2 example (Sethia's thesis 4.2.1; the code is
** only in the figure, the workload is our reconstruction): three warps,
** 1-cycle adds, 5-cycle loads, "two outstanding requests".  The hierarchy
** keys are small legal values; mem_model fixed never uses them.
*/
static const named_row fig4_2_rows[] = {
  { "n_sm", "1", NULL }, { "warps_per_sm", "3", "\"there are three warps\"" },
  { "ctas_per_sm", "3", "one warp per CTA" },
  { "warp_size", "32", NULL }, { "n_sched", "1", NULL }, { "sched", "lrr", "round-robin" },
  { "issue_mode", "per_pipe", "one memory and one arithmetic issue per cycle (Mascar t = 8)" },
  { "alu_latency", "1", "\"each arithmetic instruction takes one cycle\"" },
  { "sfu_latency", "1", NULL }, { "sfu_interval", "1", NULL },
  { "line_bytes", "128", NULL }, { "l1_sets", "0", "every load misses" }, { "l1_ways", "1", NULL },
  { "l1_hit_latency", "1", NULL },
  { "l1_mshr_entries", "2", "\"2 outstanding requests\"" }, { "l1_mshr_merges", "1", NULL },
  { "l1_miss_queue", "2", "never binds before the MSHRs do" },
  { "icnt_latency", "1", NULL }, { "icnt_bandwidth", "1", NULL },
  { "n_part", "1", NULL }, { "part_interleave", "1", NULL }, { "l2_sets", "0", NULL },
  { "l2_ways", "1", NULL }, { "l2_latency", "1", NULL }, { "l2_mshr_entries", "2", NULL },
  { "l2_mshr_merges", "1", NULL }, { "l2_in_queue", "2", NULL }, { "l2_miss_queue", "2", NULL },
  { "dram_banks", "2", NULL }, { "dram_row_lines", "1", NULL }, { "dram_queue", "2", NULL },
  { "dram_latency", "0", NULL }, { "dram_sched", "frfcfs", NULL }, { "dram_row_table", "0", NULL }, { "l2_mib_pipe", "0", NULL }, { "dram_pipe", "0", NULL },
  { "tRCD", "1", NULL }, { "tRP", "1", NULL }, { "tCL", "1", NULL },
  { "tCCD", "1", NULL },
  { "mem_model", "fixed", NULL }, { "mem_latency", "5", "\"load instruction takes five cycles\"" },
  { "mascar_set_free_mshr", "1", "with sched = mascar: MP mode once an MSHR is in use (the figure shows MP mode)" },
  { "mascar_clr_free_mshr", "2", "EP mode again when both are free" },
  { "mascar_set_free_missq", "1", "fixed memory has no miss queue: never binds" },
  { "mascar_clr_free_missq", "2", NULL }, { "mascar_hold", "0", NULL },
  { "mascar_rexq", "0", "Fig. 4.2 shows Mascar's scheduling alone; the re-execution queue is Fig. 4.6's" },
  { "mascar_nonowner", "hold", "\"W1 and W2 ... cannot be issued\" while W0 owns" },
  { "oaws_smr", "50", NULL }, { "oaws_dlc", "32", NULL }, { "oaws_cntb", "8", NULL }, { "oaws_pipe", "0", NULL }, { "tls_active", "2", NULL },
  { "tls_inner", "greedy", NULL }, { "rfc", "off", NULL }, { "rfc_entries", "6", NULL },
  { "equalizer", "off", NULL }, { "eq_sample", "128", NULL }, { "eq_epoch", "4096", NULL }, { "eq_hyst", "3", NULL },
  { "eq_vote", "majority", NULL }, { "eq_maintain", "normal", NULL }, { "eq_mem_e_dram", "0", NULL },
  { "eq_vrm_delay", "512", NULL }, { "eq_clock_mhz", "1400", NULL }, { "eq_inst_pj", "1000", NULL },
  { "eq_l2_pj", "500", NULL }, { "eq_dram_pj", "14336", NULL }, { "eq_static_sm_mw", "1862", NULL },
  { "eq_static_mem_mw", "13970", NULL },
  { "prefetch", "off", NULL }, { "pf_entries", "64", NULL }, { "pf_queue", "8", NULL }, { "pf_apogee_pipe", "0", NULL },
  { "caps_pipe", "0", NULL },
  { "caps_order", "off", NULL }, { "caps_wakeup", "off", NULL },
  { "max_cycles", "1000", "the example ends at t = 26" },
};

typedef struct named_config {
  const char      *name;
  const named_row *rows;
  int              n;
} named_config;

#define NAMED(nm, rows)  { nm, rows, (int)(sizeof rows / sizeof rows[0]) }

/* ORDER named */
static const named_config named[] = {
  NAMED("fermi", fermi_rows),
  NAMED("tiny", tiny_rows),
  NAMED("fig4_2", fig4_2_rows),
};
static const char *const named_names[] = { "fermi", "tiny", "fig4_2", NULL };   /* ORDER named */

const char *const *ws_config_names(void) {
  return named_names;
}

int ws_config_named(ws_config *c, const char *name, char *err, size_t n) {
  const named_config *nc = NULL;
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
    if (strcmp(named[i].name, name) == 0) nc = &named[i];
  if (!nc) {
    char known[96] = "";
    for (int i = 0; named_names[i]; i++) {
      if (i) strcat(known, ", ");
      strcat(known, named_names[i]);
    }
    return fail(err, n, "unknown configuration '%s' (known: %s)", name, known);
  }
  ws_config w;
  memset(&w, 0, sizeof w);
  snprintf(w.name, sizeof w.name, "%s", nc->name);
  unsigned char seen[N_KEYS] = {0};
  char msg[256];
  for (int i = 0; i < nc->n; i++) {
    const ws_key *k = find_key(nc->rows[i].key);
    if (k && seen[k - keys]++)
      return fail(err, n, "named configuration '%s' sets '%s' twice", nc->name, k->name);
    if (ws_config_set(&w, nc->rows[i].key, nc->rows[i].value, msg, sizeof msg) != 0)
      return fail(err, n, "named configuration '%s': %s", nc->name, msg);
  }
  for (int i = 0; i < N_KEYS; i++)
    if (!seen[i]) return fail(err, n, "named configuration '%s' does not set '%s'", nc->name, keys[i].name);
  *c = w;
  return 0;
}

/*
** {=====================================================================
** Cross-key checks and printing
** ======================================================================
*/

#define MAX_L1_LINES  16384      /* per SM: 2 MB of 128-byte lines */
#define MAX_L2_LINES  65536      /* per partition: 8 MB of 128-byte lines */
#define MAX_ROW_BYTES 65536

int ws_config_check(const ws_config *c, char *err, size_t n) {
  char legal[96];
  for (int i = 0; i < N_KEYS; i++) {
    int64_t v = key_get(c, &keys[i]);
    if (!key_legal(&keys[i], v)) {
      legal_text(&keys[i], legal, sizeof legal);
      return fail(err, n, "%s = %" PRId64 " is out of range (legal: %s)", keys[i].name, v, legal);
    }
  }
  if (c->n_sched > c->warps_per_sm)
    return fail(err, n, "n_sched = %d exceeds warps_per_sm = %d: every scheduler needs a warp",
                c->n_sched, c->warps_per_sm);
  if (c->ctas_per_sm > c->warps_per_sm)
    return fail(err, n, "ctas_per_sm = %d exceeds warps_per_sm = %d: every CTA holds at least one warp",
                c->ctas_per_sm, c->warps_per_sm);
  if ((int64_t)c->l1_sets * c->l1_ways > MAX_L1_LINES)
    return fail(err, n, "l1_sets x l1_ways = %d x %d lines exceeds %d lines per SM",
                c->l1_sets, c->l1_ways, MAX_L1_LINES);
  if ((int64_t)c->l2_sets * c->l2_ways > MAX_L2_LINES)
    return fail(err, n, "l2_sets x l2_ways = %d x %d lines exceeds %d lines per partition",
                c->l2_sets, c->l2_ways, MAX_L2_LINES);
  if ((int64_t)c->dram_row_lines * c->line_bytes > MAX_ROW_BYTES)
    return fail(err, n, "dram_row_lines x line_bytes = %d x %d bytes exceeds a %d-byte DRAM row",
                c->dram_row_lines, c->line_bytes, MAX_ROW_BYTES);
  if (c->sched == WS_SCHED_MASCAR) {
    /* memsat's own rule (its model refuses the set otherwise), in the keys' names */
    if (!(c->mascar_set_free_mshr < c->mascar_clr_free_mshr && c->mascar_clr_free_mshr <= c->l1_mshr_entries))
      return fail(err, n, "sched = mascar needs mascar_set_free_mshr < mascar_clr_free_mshr <= l1_mshr_entries "
                  "(the flag rises with fewer free MSHRs than clear it); have %d, %d, %d",
                  c->mascar_set_free_mshr, c->mascar_clr_free_mshr, c->l1_mshr_entries);
    if (!(c->mascar_set_free_missq < c->mascar_clr_free_missq && c->mascar_clr_free_missq <= c->l1_miss_queue))
      return fail(err, n, "sched = mascar needs mascar_set_free_missq < mascar_clr_free_missq <= l1_miss_queue; "
                  "have %d, %d, %d", c->mascar_set_free_missq, c->mascar_clr_free_missq, c->l1_miss_queue);
  }
  if (WS_SCHED_IS_OAWS(c->sched)) {
    /* the oaws block's SETS (its Sets register) and W (at least two warps: OCW >= 2) */
    if (c->l1_sets < OAWS_SETS_MIN || c->l1_sets > OAWS_SETS_MAX)
      return fail(err, n, "sched = %s needs l1_sets in %d..%d (the oaws block's SETS); have %d",
                  sched_names[c->sched], OAWS_SETS_MIN, OAWS_SETS_MAX, c->l1_sets);
    if (c->warps_per_sm < OAWS_W_MIN)
      return fail(err, n, "sched = %s needs warps_per_sm >= %d (the oaws block's W); have %d",
                  sched_names[c->sched], OAWS_W_MIN, c->warps_per_sm);
  }
  if (c->rfc && c->sched != WS_SCHED_TWO_LEVEL)
    return fail(err, n, "rfc = on needs sched = two_level: the register-file cache holds the active warps' "
                "values (set tls_active to a scheduler's warps for the cache without a two-level scheduler)");
  if (c->sched == WS_SCHED_TWO_LEVEL) {
    /* the tls block per scheduler: WARPS = the scheduler's warps, ACTIVE <= WARPS */
    int per = c->warps_per_sm / c->n_sched;   /* the scheduler with the fewest warps */
    if (per < TLS_WARPS_MIN)
      return fail(err, n, "sched = two_level needs at least %d warps per scheduler (the tls block's WARPS); "
                  "warps_per_sm = %d over n_sched = %d gives %d", TLS_WARPS_MIN, c->warps_per_sm, c->n_sched, per);
    if (c->tls_active > per)
      return fail(err, n, "sched = two_level: tls_active = %d exceeds the %d warps of a scheduler "
                  "(warps_per_sm = %d, n_sched = %d)", c->tls_active, per, c->warps_per_sm, c->n_sched);
  }
  if (c->dram_sched != WS_DRAM_FRFCFS) {
    if (c->mem_model != WS_MEM_HIER)
      return fail(err, n, "dram_sched = %s needs mem_model = hier", dram_sched_names[c->dram_sched]);
    if (c->l2_mshr_merges < L2MIB_MAX_MERGE_MIN)
      return fail(err, n, "dram_sched = %s needs l2_mshr_merges >= %d (the l2mib block's MAX_MERGE: an entry that "
                  "cannot merge has no merge information); have %d", dram_sched_names[c->dram_sched],
                  L2MIB_MAX_MERGE_MIN, c->l2_mshr_merges);
  }
  if (c->equalizer != WS_EQ_OFF) {
    if (c->sched != WS_SCHED_GTO && c->sched != WS_SCHED_LRR)
      return fail(err, n, "equalizer = %s needs sched = gto or lrr (the thesis' baseline schedulers); have %s",
                  eq_names[c->equalizer], sched_names[c->sched]);
    if (c->mem_model != WS_MEM_HIER)
      return fail(err, n, "equalizer = %s needs mem_model = hier: the memory clock domain is the interconnect, "
                  "the L2 and the DRAM", eq_names[c->equalizer]);
    if (c->eq_epoch < c->eq_sample)   /* the eqctr block's own rule, in the keys' names */
      return fail(err, n, "equalizer: eq_epoch = %d is shorter than eq_sample = %d (an epoch holds whole samples)",
                  c->eq_epoch, c->eq_sample);
  }
  if (c->prefetch == WS_PF_CAPS) {
    if (c->sched != WS_SCHED_GTO && c->sched != WS_SCHED_LRR && c->sched != WS_SCHED_TWO_LEVEL)
      return fail(err, n, "prefetch = caps needs sched = gto, lrr or two_level (its FIFO uses the L1 port the LSU "
                  "leaves free); have %s", sched_names[c->sched]);
    caps_params cp;
    ws_caps_params(c, &cp);
    char why[256];
    if (caps_params_check(&cp, why, sizeof why))   /* the block's own ranges: NCTA from ctas_per_sm */
      return fail(err, n, "prefetch = caps: ctas_per_sm = %d, pf_queue = %d give an illegal caps block: %s",
                  c->ctas_per_sm, c->pf_queue, why);
  }
  if ((c->caps_order || c->caps_wakeup) && (c->prefetch != WS_PF_CAPS || c->sched != WS_SCHED_TWO_LEVEL))
    return fail(err, n, "caps_order and caps_wakeup need prefetch = caps and sched = two_level (they drive the tls "
                "block's priority and wake-up inputs); have prefetch = %s, sched = %s",
                prefetch_names[c->prefetch], sched_names[c->sched]);
  if (c->caps_wakeup && c->rfc)
    return fail(err, n, "caps_wakeup needs rfc = off: a wake-up that evicts a warp would flush a second register-file "
                "cache slot in a cycle (the rfc block has one flush port)");
  if (c->prefetch == WS_PF_APOGEE) {
    if (c->sched != WS_SCHED_GTO && c->sched != WS_SCHED_LRR)
      return fail(err, n, "prefetch = apogee needs sched = gto or lrr (its L1 port is the one the LSU leaves free); "
                  "have %s", sched_names[c->sched]);
    apogee_params ap;
    ws_apogee_params(c, &ap);
    char why[256];
    if (apogee_params_check(&ap, why, sizeof why))   /* the block's own ranges: WARPS from warps_per_sm, LINE_BITS */
      return fail(err, n, "prefetch = apogee: warps_per_sm = %d, line_bytes = %d give an illegal apogee block: %s",
                  c->warps_per_sm, c->line_bytes, why);
  }
  if (c->mem_model == WS_MEM_FIXED && c->l1_sets > 0 && c->l1_hit_latency >= c->mem_latency)
    return fail(err, n, "l1_hit_latency = %d is not below mem_latency = %d: an L1 hit would be no faster "
                "than a miss", c->l1_hit_latency, c->mem_latency);
  return 0;
}

void ws_config_print(const ws_config *c, FILE *f) {
  fprintf(f, "# warpsim configuration (from %.*s)\n", (int)sizeof c->name, c->name[0] ? c->name : "?");
  for (int i = 0; i < N_KEYS; i++) {
    const ws_key *k = &keys[i];
    int64_t v = key_get(c, k);
    if (k->names && key_legal(k, v)) fprintf(f, "%s = %s\n", k->name, k->names[v]);
    else fprintf(f, "%s = %" PRId64 "\n", k->name, v);
  }
}

/*
** {=====================================================================
** Reading files: lines, comments, tokens
** ======================================================================
*/

/* "PATH:LINE: message" */
int ws_cfg_vline_fail(char *err, size_t n, const char *path, int line, const char *fmt, va_list ap) {
  char msg[320];
  vsnprintf(msg, sizeof msg, fmt, ap);
  return fail(err, n, "%s:%d: %s", path, line, msg);
}

WS_PRINTF(4, 5)
static int file_fail(char *err, size_t n, const ws_reader *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ws_cfg_vline_fail(err, n, r->path, r->start, fmt, ap);
  va_end(ap);
  return -1;
}

/* One physical line into dst (no newline, '#' comment cut).  1 read, 0 end of file, -1 err. */
static int read_physical(ws_reader *r, char *dst, size_t cap, char *err, size_t n) {
  if (!fgets(dst, (int)cap, r->f)) {
    dst[0] = '\0';
    if (ferror(r->f)) return fail(err, n, "%s: cannot read config file", r->path);
    return 0;
  }
  r->line++;
  size_t len = strlen(dst);
  if (len && dst[len - 1] == '\n') dst[--len] = '\0';
  else if (!feof(r->f)) {
    r->start = r->line;
    return file_fail(err, n, r, "line longer than %d characters", WS_LINE_CHARS - 2);
  }
  if (len && dst[len - 1] == '\r') dst[--len] = '\0';
  char *hash = strchr(dst, '#');
  if (hash) *hash = '\0';
  return 1;
}

/* The next non-blank line, comment cut, in r->buf.  With 'join', where a '"' is left
** open the next physical lines are joined to it: GPGPU-Sim reads a file as one token
** stream, and -gpgpu_dram_timing_opt's quoted value spans two lines in its configs. */
int ws_cfg_read_logical(ws_reader *r, int join, char *err, size_t n) {
  for (;;) {
    size_t len = 0;
    int quote = 0, got;
    r->start = r->line + 1;
    for (;;) {
      got = read_physical(r, r->buf + len, sizeof r->buf - len, err, n);
      if (got < 0) return -1;
      if (got == 0) {
        if (quote) return file_fail(err, n, r, "unterminated '\"'");
        break;
      }
      for (const char *p = r->buf + len; join && *p; p++) quote ^= *p == '"';
      len = strlen(r->buf);
      if (!quote) break;
      if (len + 2 >= sizeof r->buf) return file_fail(err, n, r, "quoted value longer than %d characters",
                                                     WS_LINE_CHARS - 2);
      r->buf[len++] = ' ';
      r->buf[len] = '\0';
    }
    if (*ws_cfg_skip_space(r->buf)) return 1;
    if (got == 0) return 0;
  }
}

/* Split s in place into whitespace-separated tokens; '"' groups and is removed.
** Returns the count, or -1 when there are more than max. */
int ws_cfg_tokenize(char *s, char **tok, int max) {
  int nt = 0;
  char *out = s;
  for (;;) {
    while (isspace((unsigned char)*s)) s++;
    if (!*s) return nt;
    if (nt == max) return -1;
    tok[nt++] = out;
    int quote = 0;
    while (*s && (quote || !isspace((unsigned char)*s))) {
      if (*s == '"') quote = !quote;
      else *out++ = *s;
      s++;
    }
    if (*s) s++;                  /* out is behind s: ending the token here is safe */
    *out++ = '\0';
  }
}

/* 'key = value' lines */
static int read_keys(ws_config *w, ws_reader *r, char *err, size_t n) {
  char msg[256];
  int got;
  while ((got = ws_cfg_read_logical(r, 0, err, n)) > 0) {
    char *s = (char *)ws_cfg_skip_space(r->buf);
    s[ws_cfg_trimmed_len(s)] = '\0';
    char *eq = strchr(s, '=');
    char *key = s;
    size_t klen = eq ? trimmed_len_n(key, (size_t)(eq - key)) : 0;
    if (!eq || klen == 0) return file_fail(err, n, r, "'%.200s' : expected KEY = VALUE", s);
    key[klen] = '\0';
    if (ws_config_set(w, key, eq + 1, msg, sizeof msg) != 0) return file_fail(err, n, r, "%s", msg);
  }
  return got;
}

/*
** {=====================================================================
** ws_config_file
** ======================================================================
*/

int ws_config_file(ws_config *c, const char *path, FILE *ignored, char *err, size_t n) {
  ws_reader r;
  r.f = fopen(path, "r");
  if (!r.f) return fail(err, n, "%s: cannot read config file", path);
  r.path = path;
  r.line = r.start = 0;
  /* the format: does the first line that is not blank or a comment start with '-'? */
  int gpgpusim = 0, got;
  while ((got = read_physical(&r, r.buf, sizeof r.buf, err, n)) > 0) {
    const char *s = ws_cfg_skip_space(r.buf);
    if (*s) { gpgpusim = *s == '-'; break; }
  }
  ws_config w = *c;               /* on error c stays as it was */
  int rc = got < 0 ? -1 : 0;
  if (rc == 0) {
    rewind(r.f);
    r.line = r.start = 0;
    rc = gpgpusim ? ws_gpgpusim_read(&w, &r, ignored, err, n) : read_keys(&w, &r, err, n);
  }
  fclose(r.f);
  if (rc == 0) *c = w;
  return rc;
}
