/*
** ws_gpgpusim.c -- GPGPU-Sim's gpgpusim.config as a warpsim configuration
** (ws_config_file reads it when its first line starts with '-').
**
** The file is mapped option by option (gs_options).  Options that depend on
** each other (clusters x cores, the clock domains that convert DRAM timing,
** the sub-partitions folded into a warpsim partition, the line size that
** scales the address mapping) are collected first and applied when the whole
** file has been read (gs_finish).  Options warpsim does not model are listed.
*/
#include "ws_cfgread.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#define WS_GS_MAX_TOKENS 64      /* tokens on one gpgpusim.config line */

#define GS_UNSET INT64_MIN      /* a timing not in the file (parse_int never yields it) */

typedef struct gs_cache {        /* a -gpgpu_cache:dl1 / dl2 value, applied by gs_finish */
  int     line;                  /* 0: not in the file */
  int     none;                  /* "none": no such cache */
  int64_t sets, bsize, ways, mshr, merge, mq;
} gs_cache;

typedef struct gs_ctx {
  ws_config  *w;
  ws_reader     *r;
  FILE       *ignored;
  char       *err;
  size_t      n;
  /* collected for gs_finish; a line of 0 = the option is not in the file */
  int64_t  clusters, cores;            int clusters_line, cores_line;
  int64_t  core_khz, dram_khz;         int clock_line;
  int64_t  nbk, rcd, rp, cl, ccd;      int timing_line;   /* GS_UNSET: not in the timing string */
  gs_cache dl1, dl2;
  int64_t  n_sub;                      int n_sub_line;
  int64_t  in_queue;                   int in_queue_line;
  int      skip_l1_line;
  int64_t  chan_bit, col_bits;         int mapping_line;  /* chan_bit -1: no channel bits */
} gs_ctx;

typedef struct gs_option gs_option;
typedef int (*gs_map_fn)(gs_ctx *g, const gs_option *o, const char *v, int line);

struct gs_option {
  const char *name;              /* "-gpgpu_n_mem" */
  gs_map_fn   map;
  const char *key;               /* the key a one-to-one mapping sets */
};

WS_PRINTF(3, 4)
static int gs_fail(gs_ctx *g, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ws_cfg_vline_fail(g->err, g->n, g->r->path, line, fmt, ap);
  va_end(ap);
  return -1;
}

/* one line on 'ignored': "PATH:LINE: ignored -option [sub-option]" or a note */
WS_PRINTF(3, 4)
static void gs_list(gs_ctx *g, int line, const char *fmt, ...) {
  if (!g->ignored) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(g->ignored, "%s:%d: ", g->r->path, line);
  vfprintf(g->ignored, fmt, ap);
  fputc('\n', g->ignored);
  va_end(ap);
}

/* set 'key' from an option's number; range errors name the option */
static int gs_set(gs_ctx *g, int line, const char *opt, const char *key, int64_t v) {
  char text[24], msg[256];
  snprintf(text, sizeof text, "%" PRId64, v);
  if (ws_config_set(g->w, key, text, msg, sizeof msg) != 0) return gs_fail(g, line, "%s: %s", opt, msg);
  return 0;
}

/* as gs_set, but a value above 'max' (a block's structural limit) becomes 'max', with a note */
static int gs_set_clamped(gs_ctx *g, int line, const char *opt, const char *key, int64_t v, int64_t max) {
  if (v > max) {
    gs_list(g, line, "note %s: %s = %" PRId64 " is above warpsim's limit %" PRId64 ": using %" PRId64,
            opt, key, v, max, max);
    v = max;
  }
  return gs_set(g, line, opt, key, v);
}

static int gs_number(gs_ctx *g, int line, const char *opt, const char *s, size_t len, int64_t *v) {
  if (ws_cfg_parse_int(s, len, v) != 0) return gs_fail(g, line, "%s: '%.*s' is not an integer", opt, (int)len, s);
  return 0;
}

/* a plain number mapped to o->key */
static int gs_direct(gs_ctx *g, const gs_option *o, const char *v, int line) {
  int64_t x;
  if (gs_number(g, line, o->name, v, strlen(v), &x)) return -1;
  return gs_set(g, line, o->name, o->key, x);
}

/* "-ptx_opcode_latency_int 4,13,4,5,145,32": the first value (ADD) maps to o->key */
static int gs_first(gs_ctx *g, const gs_option *o, const char *v, int line) {
  static const char *const op[] = { "ADD", "MAX", "MUL", "MAD", "DIV", "SHFL" };   /* GPGPU-Sim's order */
  int64_t x;
  size_t len = strcspn(v, ",");
  if (gs_number(g, line, o->name, v, len, &x) || gs_set(g, line, o->name, o->key, x)) return -1;
  for (int i = 1; v[len] == ','; i++) {
    v += len + 1;
    len = strcspn(v, ",");
    if (i < 6) gs_list(g, line, "ignored %s %s", o->name, op[i]);
    else gs_list(g, line, "ignored %s value %d", o->name, i + 1);
  }
  return 0;
}

static int gs_clusters(gs_ctx *g, const gs_option *o, const char *v, int line) {
  int64_t x;
  if (gs_number(g, line, o->name, v, strlen(v), &x)) return -1;
  if (x < 1 || x > WS_MAX_SM)
    return gs_fail(g, line, "%s %s is out of range (legal: 1..%d)", o->name, v, WS_MAX_SM);
  if (strcmp(o->name, "-gpgpu_n_clusters") == 0) { g->clusters = x; g->clusters_line = line; }
  else { g->cores = x; g->cores_line = line; }
  return 0;
}

/* "T:W": threads per SM and warp size */
static int gs_pipeline(gs_ctx *g, const gs_option *o, const char *v, int line) {
  int64_t t, w;
  size_t len = strcspn(v, ":");
  if (v[len] != ':') return gs_fail(g, line, "%s '%s': expected THREADS:WARP_SIZE", o->name, v);
  if (gs_number(g, line, o->name, v, len, &t) || gs_number(g, line, o->name, v + len + 1, strlen(v + len + 1), &w))
    return -1;
  if (gs_set(g, line, o->name, "warp_size", w)) return -1;
  if (t % w != 0) return gs_fail(g, line, "%s %s: %" PRId64 " threads are not whole warps", o->name, v, t);
  return gs_set(g, line, o->name, "warps_per_sm", t / w);
}

static int gs_scheduler(gs_ctx *g, const gs_option *o, const char *v, int line) {
  if (strcmp(v, "lrr") == 0) return gs_set(g, line, o->name, "sched", WS_SCHED_LRR);
  if (strcmp(v, "gto") == 0) return gs_set(g, line, o->name, "sched", WS_SCHED_GTO);
  return gs_fail(g, line, "%s %s is not one of lrr, gto", o->name, v);
}

/* split s at 'sep' in place into at most max fields; returns the count, or max + 1 if more */
static int split(char *s, char sep, char **f, int max) {
  int nf = 0;
  for (;;) {
    if (nf == max) return max + 1;
    f[nf++] = s;
    char *e = strchr(s, sep);
    if (!e) return nf;
    *e = '\0';
    s = e + 1;
  }
}

static int is_letter(const char *s) {
  return isalpha((unsigned char)s[0]) && s[1] == '\0';
}

/*
** GPGPU-Sim's cache string:
**   [T:]<nsets>:<bsize>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<set_index_fn>],
**   <mshr>:<N>:<merge>,<mq>[:<fifo_entry>][,<data_port_width>]
** warpsim models sets, line, ways (LRU), an associative MSHR file and the miss queue;
** the rest is listed as ignored.
*/
static int gs_cache_opt(gs_ctx *g, const gs_option *o, const char *v, int line) {
  static const char form[] =
    "[T:]nsets:bsize:assoc,rep:wr:alloc:wr_alloc[:set_index_fn],mshr:N:merge,mq[:fifo_entry][,data_port_width]";
  gs_cache *c = o->name[strlen(o->name) - 1] == '1' ? &g->dl1 : &g->dl2;
  char tmp[256], *grp[6], *f[6];
  memset(c, 0, sizeof *c);
  c->line = line;
  if (strcmp(v, "none") == 0) { c->none = 1; return 0; }
  if (strlen(v) >= sizeof tmp) return gs_fail(g, line, "%s '%.40s...': too long", o->name, v);
  strcpy(tmp, v);
  int ng = split(tmp, ',', grp, 5);
  if (ng < 4 || ng > 5) goto bad;
  /* geometry */
  int nf = split(grp[0], ':', f, 4), i = 0;
  if (nf == 4) {
    if (!is_letter(f[0]) || (f[0][0] != 'N' && f[0][0] != 'S')) goto bad;
    if (f[0][0] == 'S') gs_list(g, line, "ignored %s sector", o->name);
    i = 1;
  } else if (nf != 3) goto bad;
  if (gs_number(g, line, o->name, f[i], strlen(f[i]), &c->sets) ||
      gs_number(g, line, o->name, f[i + 1], strlen(f[i + 1]), &c->bsize) ||
      gs_number(g, line, o->name, f[i + 2], strlen(f[i + 2]), &c->ways)) return -1;
  /* policies */
  nf = split(grp[1], ':', f, 5);
  if (nf < 4 || nf > 5) goto bad;
  for (int k = 0; k < nf; k++) if (!is_letter(f[k])) goto bad;
  if (f[0][0] != 'L') gs_list(g, line, "ignored %s rep", o->name);            /* warpsim: LRU */
  gs_list(g, line, "ignored %s wr", o->name);
  gs_list(g, line, "ignored %s alloc", o->name);
  gs_list(g, line, "ignored %s wr_alloc", o->name);
  if (nf == 5 && f[4][0] != 'L') gs_list(g, line, "ignored %s set_index_fn", o->name);   /* warpsim: linear */
  /* MSHRs */
  if (split(grp[2], ':', f, 3) != 3 || !is_letter(f[0])) goto bad;
  if (f[0][0] != 'A') gs_list(g, line, "ignored %s mshr_type", o->name);    /* warpsim: associative */
  if (gs_number(g, line, o->name, f[1], strlen(f[1]), &c->mshr) ||
      gs_number(g, line, o->name, f[2], strlen(f[2]), &c->merge)) return -1;
  /* miss queue */
  nf = split(grp[3], ':', f, 2);
  if (nf > 2) goto bad;
  if (gs_number(g, line, o->name, f[0], strlen(f[0]), &c->mq)) return -1;
  if (nf == 2) gs_list(g, line, "ignored %s fifo_entry", o->name);
  if (ng == 5) gs_list(g, line, "ignored %s data_port_width", o->name);
  return 0;
bad:
  return gs_fail(g, line, "%s '%s': expected %s", o->name, v, form);
}

static int gs_skip_l1(gs_ctx *g, const gs_option *o, const char *v, int line) {
  int64_t x;
  if (gs_number(g, line, o->name, v, strlen(v), &x)) return -1;
  if (x != 0 && x != 1) return gs_fail(g, line, "%s %s is not 0 or 1", o->name, v);
  g->skip_l1_line = x ? line : 0;
  return 0;
}

static int gs_n_sub(gs_ctx *g, const gs_option *o, const char *v, int line) {
  int64_t x;
  if (gs_number(g, line, o->name, v, strlen(v), &x)) return -1;
  if (x < 1 || x > 64) return gs_fail(g, line, "%s %s is out of range (legal: 1..64)", o->name, v);
  g->n_sub = x;
  g->n_sub_line = line;
  return 0;
}

/* "icnt_to_L2:L2_to_dram:dram_to_L2:L2_to_icnt" */
static int gs_part_queues(gs_ctx *g, const gs_option *o, const char *v, int line) {
  static const char *const q[] = { "icnt_to_L2", "L2_to_dram", "dram_to_L2", "L2_to_icnt" };
  char tmp[128], *f[4];
  if (strlen(v) >= sizeof tmp) return gs_fail(g, line, "%s '%.40s...': too long", o->name, v);
  strcpy(tmp, v);
  int nf = split(tmp, ':', f, 4);
  if (nf != 4) return gs_fail(g, line, "%s '%s': expected %s:%s:%s:%s", o->name, v, q[0], q[1], q[2], q[3]);
  if (gs_number(g, line, o->name, f[0], strlen(f[0]), &g->in_queue)) return -1;
  g->in_queue_line = line;
  for (int i = 1; i < 4; i++) gs_list(g, line, "ignored %s %s", o->name, q[i]);
  return 0;
}

static int gs_dram_sched(gs_ctx *g, const gs_option *o, const char *v, int line) {
  if (strcmp(v, "1") == 0) return 0;
  if (strcmp(v, "0") == 0)
    return gs_fail(g, line, "%s 0 (FIFO) is not modelled: warpsim's DRAM scheduler is FR-FCFS (1)", o->name);
  return gs_fail(g, line, "%s %s is not 1 (FR-FCFS), the DRAM scheduler warpsim models", o->name, v);
}

static int gs_dram_queue(gs_ctx *g, const gs_option *o, const char *v, int line) {
  int64_t x;
  if (gs_number(g, line, o->name, v, strlen(v), &x)) return -1;
  if (x == 0) {                  /* GPGPU-Sim: unlimited */
    gs_list(g, line, "note %s 0 (unlimited): dram_queue = 64", o->name);
    x = 64;
  } else if (x > 2 && x < 64 && (x & (x - 1))) {   /* the dram_mib block's QUEUE is a power of two */
    int64_t up = 2;
    while (up < x) up *= 2;
    gs_list(g, line, "note %s %" PRId64 ": dram_queue = %" PRId64 ", the next power of two", o->name, x, up);
    x = up;
  }
  return gs_set_clamped(g, line, o->name, "dram_queue", x, 64);
}

/* "nbk=16:CCD=2:RRD=6:RCD=12:...": banks and the four timings warpsim models */
static int gs_timing(gs_ctx *g, const gs_option *o, const char *v, int line) {
  char tmp[512], *f[64];
  if (strlen(v) >= sizeof tmp) return gs_fail(g, line, "%s '%.40s...': too long", o->name, v);
  strcpy(tmp, v);
  int nf = split(tmp, ':', f, 63);
  if (nf > 63) return gs_fail(g, line, "%s: more than 63 timing parameters", o->name);
  for (int i = 0; i < nf; i++) {
    char *s = (char *)ws_cfg_skip_space(f[i]);
    s[ws_cfg_trimmed_len(s)] = '\0';
    if (!*s) continue;           /* "a=1:" */
    char *eq = strchr(s, '=');
    int64_t x;
    if (!eq || eq == s) return gs_fail(g, line, "%s: '%s' is not NAME=VALUE", o->name, s);
    *eq = '\0';
    const char *val = ws_cfg_skip_space(eq + 1);
    size_t nlen = ws_cfg_trimmed_len(s);
    s[nlen] = '\0';
    if (gs_number(g, line, o->name, val, strlen(val), &x)) return -1;
    if      (strcmp(s, "nbk") == 0) g->nbk = x;
    else if (strcmp(s, "RCD") == 0) g->rcd = x;
    else if (strcmp(s, "RP")  == 0) g->rp = x;
    else if (strcmp(s, "CL")  == 0) g->cl = x;
    else if (strcmp(s, "CCD") == 0) g->ccd = x;
    else gs_list(g, line, "ignored %s %s", o->name, s);
  }
  g->timing_line = line;
  return 0;
}

/* "700.0" MHz -> 700000 kHz; -1 if not a positive decimal (3 decimals kept) */
static int64_t parse_khz(const char *s, size_t len) {
  int64_t khz = 0;
  size_t i = 0;
  int frac = -1, digits = 0;
  for (; i < len; i++) {
    if (s[i] == '.' && frac < 0) { frac = 0; continue; }
    if (s[i] < '0' || s[i] > '9' || khz > INT64_MAX / 100) return -1;
    if (frac >= 3) continue;
    khz = khz * 10 + (s[i] - '0');
    digits++;
    if (frac >= 0) frac++;
  }
  for (frac = frac < 0 ? 0 : frac; frac < 3; frac++) khz *= 10;
  return digits && khz > 0 && khz <= 100000000 ? khz : -1;   /* up to 100 GHz */
}

/* "core:icnt:l2:dram" in MHz; warpsim runs everything but DRAM timing at the core clock */
static int gs_clocks(gs_ctx *g, const gs_option *o, const char *v, int line) {
  static const char *const dom[] = { "core", "icnt", "l2", "dram" };
  int64_t khz[4];
  const char *s = v;
  for (int i = 0; i < 4; i++) {
    size_t len = strcspn(s, ":");
    if ((i < 3) != (s[len] == ':') || (khz[i] = parse_khz(s, len)) < 0)
      return gs_fail(g, line, "%s '%s': expected CORE:ICNT:L2:DRAM clocks in MHz", o->name, v);
    s += len + (i < 3);
  }
  for (int i = 1; i < 3; i++)
    if (khz[i] != khz[0]) gs_list(g, line, "ignored %s %s", o->name, dom[i]);
  g->core_khz = khz[0];
  g->dram_khz = khz[3];
  g->clock_line = line;
  return 0;
}

/*
** "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS":
** the channel bits (dramid@N, or the pattern's lowest D) give part_interleave; the
** column and burst bits (C, S) of a channel's address give the row size.  Where bank
** and row bits sit is not modelled: warpsim's bank is line / dram_row_lines % dram_banks.
*/
static int gs_mapping(gs_ctx *g, const gs_option *o, const char *v, int line) {
  const char *pat = v;
  int64_t chan = -1;
  if (strncmp(v, "dramid@", 7) == 0) {
    size_t len = strcspn(v + 7, ";");
    if (v[7 + len] != ';' || gs_number(g, line, o->name, v + 7, len, &chan) || chan < 0 || chan > 40)
      return gs_fail(g, line, "%s '%s': expected [dramid@BIT;]PATTERN", o->name, v);
    pat = v + 8 + len;
  }
  int nbits = 0, cols = 0, lowest_d = -1;
  for (const char *p = pat; *p; p++) nbits += *p != '.';
  if (nbits == 0 || nbits > 64) return gs_fail(g, line, "%s '%s': expected a pattern of 64 bits", o->name, v);
  for (int bit = nbits - 1; *pat; pat++) {
    if (*pat == '.') continue;
    if (*pat == 'C' || *pat == 'S') cols++;
    if (*pat == 'D') lowest_d = bit;     /* scanning down: the last one is the lowest */
    bit--;
  }
  if (chan < 0) chan = lowest_d;
  g->chan_bit = chan > 40 ? 40 : chan;
  g->col_bits = cols > 40 ? 40 : cols;
  g->mapping_line = line;
  gs_list(g, line, "ignored %s bank and row bit positions", o->name);
  return 0;
}

/* the options warpsim maps; every other option is listed as ignored */
static const gs_option gs_options[] = {
  { "-gpgpu_n_clusters",                   gs_clusters,    NULL },
  { "-gpgpu_n_cores_per_cluster",          gs_clusters,    NULL },
  { "-gpgpu_shader_core_pipeline",         gs_pipeline,    NULL },
  { "-gpgpu_shader_cta",                   gs_direct,      "ctas_per_sm" },
  { "-gpgpu_num_sched_per_core",           gs_direct,      "n_sched" },
  { "-gpgpu_scheduler",                    gs_scheduler,   NULL },
  { "-ptx_opcode_latency_int",             gs_first,       "alu_latency" },
  { "-ptx_opcode_latency_sfu",             gs_first,       "sfu_latency" },
  { "-ptx_opcode_initiation_sfu",          gs_first,       "sfu_interval" },
  { "-gpgpu_cache:dl1",                    gs_cache_opt,   NULL },
  { "-gpgpu_gmem_skip_L1D",                gs_skip_l1,     NULL },
  { "-gpgpu_l1_latency",                   gs_direct,      "l1_hit_latency" },
  { "-gpgpu_n_mem",                        gs_direct,      "n_part" },
  { "-gpgpu_n_sub_partition_per_mchannel", gs_n_sub,       NULL },
  { "-gpgpu_cache:dl2",                    gs_cache_opt,   NULL },
  { "-gpgpu_dram_partition_queues",        gs_part_queues, NULL },
  { "-gpgpu_l2_rop_latency",               gs_direct,      "l2_latency" },
  { "-rop_latency",                        gs_direct,      "l2_latency" },
  { "-dram_latency",                       gs_direct,      "dram_latency" },
  { "-gpgpu_dram_scheduler",               gs_dram_sched,  NULL },
  { "-gpgpu_frfcfs_dram_sched_queue_size", gs_dram_queue,  NULL },
  { "-gpgpu_dram_timing_opt",              gs_timing,      NULL },
  { "-gpgpu_clock_domains",                gs_clocks,      NULL },
  { "-gpgpu_mem_addr_mapping",             gs_mapping,     NULL },
  { "-gpgpu_max_cycle",                    gs_direct,      "max_cycles" },
};

static const char *mhz_text(int64_t khz, char *buf, size_t n) {
  if (khz % 1000 == 0) snprintf(buf, n, "%" PRId64, khz / 1000);
  else snprintf(buf, n, "%" PRId64 ".%03" PRId64, khz / 1000, khz % 1000);
  return buf;
}

/* a * b for b >= 1, saturated (what is out of range stays out of range) */
static int64_t mul_sat(int64_t a, int64_t b) {
  if (a > INT64_MAX / b) return INT64_MAX;
  if (a < INT64_MIN / b) return INT64_MIN;
  return a * b;
}

/* DRAM cycles to core cycles, rounded up */
static int64_t to_core(const gs_ctx *g, int64_t t) {
  if (!g->clock_line || t < 0 || t > 1000000) return t;   /* out of range either way */
  return (t * g->core_khz + g->dram_khz - 1) / g->dram_khz;
}

/* n_sm = clusters x cores per cluster, in either order in the file */
static int gs_apply_sm(gs_ctx *g) {
  if (!g->clusters_line && !g->cores_line) return 0;
  int line = g->clusters_line > g->cores_line ? g->clusters_line : g->cores_line;
  if (!g->clusters_line) { g->clusters = 1; gs_list(g, line, "note -gpgpu_n_clusters not given: taking 1"); }
  if (!g->cores_line) { g->cores = 1; gs_list(g, line, "note -gpgpu_n_cores_per_cluster not given: taking 1"); }
  return gs_set(g, line, "-gpgpu_n_clusters x -gpgpu_n_cores_per_cluster", "n_sm", g->clusters * g->cores);
}

/* one line size for both caches; a warpsim partition (a DRAM channel) holds the channel's
** GPGPU-Sim L2 sub-partitions, so their sets, MSHRs and queues add up */
static int gs_apply_caches(gs_ctx *g) {
  static const char dl1[] = "-gpgpu_cache:dl1", dl2[] = "-gpgpu_cache:dl2";
  const gs_cache *c1 = &g->dl1, *c2 = &g->dl2;
  int has1 = c1->line && !c1->none, has2 = c2->line && !c2->none;
  int64_t k = g->n_sub;
  if (has1 && gs_set(g, c1->line, dl1, "line_bytes", c1->bsize)) return -1;
  if (has2) {
    if (has1 && c2->bsize != c1->bsize)
      return gs_fail(g, c2->line, "%s: line size %" PRId64 " differs from %s's %" PRId64
                     " (warpsim has one line size)", dl2, c2->bsize, dl1, c1->bsize);
    if (gs_set(g, c2->line, dl2, "line_bytes", c2->bsize)) return -1;
  }
  if (c1->none && gs_set(g, c1->line, dl1, "l1_sets", 0)) return -1;
  if (has1 && (gs_set(g, c1->line, dl1, "l1_sets", c1->sets) || gs_set(g, c1->line, dl1, "l1_ways", c1->ways) ||
               gs_set_clamped(g, c1->line, dl1, "l1_mshr_entries", c1->mshr, 64) ||
               gs_set_clamped(g, c1->line, dl1, "l1_mshr_merges", c1->merge, 32) ||
               gs_set_clamped(g, c1->line, dl1, "l1_miss_queue", c1->mq, 256))) return -1;
  if (g->skip_l1_line && gs_set(g, g->skip_l1_line, "-gpgpu_gmem_skip_L1D", "l1_sets", 0)) return -1;
  if (k > 1 && (has2 || g->in_queue_line))
    gs_list(g, g->n_sub_line, "note -gpgpu_n_sub_partition_per_mchannel %" PRId64 ": a warpsim partition "
            "holds a channel's sub-partitions (dl2 sets, MSHRs and miss queue, -gpgpu_dram_partition_queues "
            "x %" PRId64 ")", k, k);
  if (c2->none && gs_set(g, c2->line, dl2, "l2_sets", 0)) return -1;
  if (has2 && (gs_set(g, c2->line, dl2, "l2_sets", mul_sat(c2->sets, k)) ||
               gs_set(g, c2->line, dl2, "l2_ways", c2->ways) ||
               gs_set_clamped(g, c2->line, dl2, "l2_mshr_entries", mul_sat(c2->mshr, k), 64) ||
               gs_set_clamped(g, c2->line, dl2, "l2_mshr_merges", c2->merge, 32) ||
               gs_set_clamped(g, c2->line, dl2, "l2_miss_queue", mul_sat(c2->mq, k), 256))) return -1;
  if (g->in_queue_line && gs_set_clamped(g, g->in_queue_line, "-gpgpu_dram_partition_queues", "l2_in_queue",
                                         mul_sat(g->in_queue, k), 256)) return -1;
  return 0;
}

/* banks, and the timing in core cycles */
static int gs_apply_dram(gs_ctx *g) {
  static const char opt[] = "-gpgpu_dram_timing_opt";
  static const char *const tkey[4] = { "tRCD", "tRP", "tCL", "tCCD" };
  const int64_t t[4] = { g->rcd, g->rp, g->cl, g->ccd };
  int line = g->timing_line, converted = 0;
  if (!line) return 0;
  if (g->nbk != GS_UNSET && gs_set(g, line, opt, "dram_banks", g->nbk)) return -1;
  for (int i = 0; i < 4; i++) {
    if (t[i] == GS_UNSET) continue;
    if (gs_set(g, line, opt, tkey[i], to_core(g, t[i]))) return -1;
    converted = g->clock_line != 0;
  }
  if (converted) {
    char core[24], dram[24];
    const ws_config *w = g->w;
    gs_list(g, line, "note %s: DRAM cycles x %s/%s MHz (-gpgpu_clock_domains, line %d), rounded up: "
            "tRCD = %d, tRP = %d, tCL = %d, tCCD = %d", opt, mhz_text(g->core_khz, core, sizeof core),
            mhz_text(g->dram_khz, dram, sizeof dram), g->clock_line, w->tRCD, w->tRP, w->tCL, w->tCCD);
  }
  return 0;
}

/* the address mapping, in lines of the final line size */
static int gs_apply_mapping(gs_ctx *g) {
  static const char opt[] = "-gpgpu_mem_addr_mapping";
  int line = g->mapping_line;
  int64_t lb = g->w->line_bytes;
  if (!line) return 0;
  if (g->chan_bit >= 0) {
    int64_t il = ((int64_t)1 << g->chan_bit) / lb;
    if (il < 1) {
      gs_list(g, line, "note %s: channels interleave every %" PRId64 " bytes, less than a line: "
              "part_interleave = 1", opt, (int64_t)1 << g->chan_bit);
      il = 1;
    }
    if (gs_set_clamped(g, line, opt, "part_interleave", il, 64)) return -1;
  }
  int64_t rl = ((int64_t)1 << g->col_bits) / lb;
  if (rl < 1) {
    gs_list(g, line, "note %s: a row of %" PRId64 " bytes is less than a line: dram_row_lines = 1",
            opt, (int64_t)1 << g->col_bits);
    rl = 1;
  }
  return gs_set_clamped(g, line, opt, "dram_row_lines", rl, 1024);
}

/* apply what depends on more than one option, once the whole file is read */
static int gs_finish(gs_ctx *g) {
  if (gs_apply_sm(g) || gs_apply_caches(g) || gs_apply_dram(g) || gs_apply_mapping(g)) return -1;
  return 0;
}

int ws_gpgpusim_read(ws_config *w, ws_reader *r, FILE *ignored, char *err, size_t n) {
  gs_ctx g;
  memset(&g, 0, sizeof g);
  g.w = w;
  g.r = r;
  g.ignored = ignored;
  g.err = err;
  g.n = n;
  g.nbk = g.rcd = g.rp = g.cl = g.ccd = GS_UNSET;
  g.chan_bit = -1;
  g.n_sub = 1;
  char *tok[WS_GS_MAX_TOKENS];
  int got;
  while ((got = ws_cfg_read_logical(r, 1, err, n)) > 0) {
    int nt = ws_cfg_tokenize(r->buf, tok, WS_GS_MAX_TOKENS), line = r->start;
    if (nt < 0) return gs_fail(&g, line, "more than %d words on one line", WS_GS_MAX_TOKENS);
    for (int i = 0; i < nt; i += 2) {
      if (tok[i][0] != '-') return gs_fail(&g, line, "'%.200s' : expected -option value", tok[i]);
      if (i + 1 == nt) return gs_fail(&g, line, "%.200s has no value", tok[i]);
      const gs_option *o = NULL;
      for (size_t j = 0; j < sizeof gs_options / sizeof gs_options[0] && !o; j++)
        if (strcmp(gs_options[j].name, tok[i]) == 0) o = &gs_options[j];
      if (!o) gs_list(&g, line, "ignored %.200s", tok[i]);
      else if (o->map(&g, o, tok[i + 1], line) != 0) return -1;
    }
  }
  return got < 0 ? -1 : gs_finish(&g);
}
