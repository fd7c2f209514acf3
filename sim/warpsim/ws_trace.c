/*
** ws_trace.c -- the Accel-Sim SASS trace reader (see ws_trace.h and
** docs/trace_format.md): the opcode class table, kernelslist.g and
** kernel-N.traceg.
**
** Files are read line by line through a chunked reader (traces run to
** gigabytes; nothing holds a whole file).  A line is cut into blank-separated
** tokens and each field goes through a strict parser of its own, so a
** malformed field is reported where it is, not three fields later.  The first
** error stops the load, frees everything the load allocated and leaves one
** line, "PATH:LINE: what is wrong (what was expected)", in the caller's buffer.
*/
#include "ws_trace.h"
#include "ws_kernel.h"   /* ws_vfail_at */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TR_CHUNK       (1 << 16)     /* bytes read at a time */
#define TR_LINE_MAX    (1 << 20)     /* longer lines are refused (the longest real ones are a few KB) */
#define TR_SHOW        24            /* at most this many characters of a token in a message */
#define TR_OPCODE_MAX  63            /* longest opcode string accepted */
#define TR_VERSION_MAX 6             /* newest '-accelsim tracer version' whose layout is known */
#define TR_BLOCK_MAX   1024          /* threads per CTA (CUDA's limit) */
#define TR_GRID_YZ_MAX 65535         /* grid y and z (CUDA's limit; keeps a CTA's linear index in int64) */

/* {=====================================================================
** Opcode classes
** ====================================================================== */

/* Where this comes from: Accel-Sim's opcode maps, gpu-simulator/ISA_Def/
** {kepler,pascal,volta,turing,ampere}_opcode.h (accel-sim-framework, dev
** branch, 2024-10) and hopper_opcode.h (upstream, 2025), which give every base
** opcode a GPGPU-Sim op_type; trace_driven.cc then gives some a memory space.
** The union of the maps, folded into warpsim's classes: SP_OP, INTP_OP,
** ALU_OP and the uniform datapath (SPECIALIZED_UNIT_4) are ALU; SFU_OP is
** SFU, and so is DP_OP (GPGPU-Sim's sfu unit takes DP_OP when a config has no
** DP units, as on Fermi); LOAD_OP/STORE_OP split by space and atomicity
** (Accel-Sim files atomics under STORE_OP and runs them as loads);
** BRANCH_OP, CALL_OPS, RET_OPS, EXIT_OPS and the branch unit
** (SPECIALIZED_UNIT_1) are BRANCH.  UNMODELLED: what warpsim has no unit or
** semantics for -- tensor cores, texture and surface, memory and dependency
** barriers, cache control, Hopper's TMA and cluster synchronisation -- even
** where Accel-Sim files it under ALU_OP (CCTL, DEPBAR, the Kepler SU* ops).
** Deviations from Accel-Sim's category: IMMA (INTP_OP on Volta, tensor
** later) is tensor; STSM (a NOP in Accel-Sim) is a shared store; KILL
** (branch on Pascal, SPECIALIZED_UNIT_3 on Ampere) is control flow.
** Each list is blank-separated with a blank at both ends. */
static const struct { int cls; const char *names; } tr_class_table[] = {
  { WS_TC_ALU,    /* SP_OP */
    " FADD FADD32I FCHK FCMP FFMA FFMA32I FMNMX FMUL FMUL32I FSEL FSET FSETP FSWZ FSWZADD"
    " HADD2 HADD2_32I HFMA2 HFMA2_32I HMNMX2 HMUL2 HMUL2_32I HSET2 HSETP2 RRO VIMNMX VIMNMX3 " },
  { WS_TC_ALU,    /* INTP_OP */
    " BFE BFI BMSK BREV FLO IABS IADD IADD3 IADD32I ICMP IDP IDP4A IMAD IMADSP IMNMX IMUL IMUL32I"
    " ISAD ISCADD ISCADD32I ISET ISETP ISUB LEA LOP LOP3 LOP32I POPC SHF SHL SHR VABSDIFF"
    " VABSDIFF4 VADD VIADD VIADDMNMX VMNMX XMAD " },
  { WS_TC_ALU,    /* ALU_OP: conversion, move, predicate, special registers, constant loads (LDC) */
    " B2R CS2R CSET CSETP CSMTEST F2F F2FP F2I F2IP FRND GETLMEMBASE I2F I2FP I2I I2IP LDC LEPC"
    " MATCH MOV MOV32I MOVM NOP P2R PLOP3 PMTRIG PRMT PSET PSETP QSPC R2B R2P S2R SEL SETCTAID"
    " SETLMEMBASE SGXT SHFL VOTE VOTE_VTG PREEXIT USETMAXREG USETSHMSZ " },
  { WS_TC_ALU,    /* SPECIALIZED_UNIT_4_OP: the uniform datapath */
    " R2UR REDUX S2UR UBMSK UBREV UCLEA UF2FP UFLO UIADD3 UIMAD UISETP ULDC ULEA ULOP ULOP3"
    " ULOP32I UMOV UP2UR UPLOP3 UPOPC UPRMT UPSETP UR2UP USEL USGXT USHF USHL USHR VOTEU " },
  { WS_TC_SFU,    /* SFU_OP, DP_OP */
    " MUFU DADD DFMA DMNMX DMUL DSET DSETP " },
  { WS_TC_LD,     /* LOAD_OP, global/local/generic */
    " LD LDG LDL LDGSTS " },
  { WS_TC_ST,     /* STORE_OP, global/local/generic */
    " ST STG STL " },
  { WS_TC_SHARED, /* LOAD_OP/STORE_OP, shared space */
    " LDS STS LDSM STSM LDSLK STSCUL " },
  { WS_TC_ATOMIC, /* STORE_OP, atomic */
    " ATOM ATOMG ATOMS RED REDG " },
  { WS_TC_BAR,    /* BARRIER_OP: every BAR.* is a full-CTA barrier in Accel-Sim */
    " BAR " },
  { WS_TC_BRANCH, /* BRANCH_OP, CALL_OPS, RET_OPS, EXIT_OPS, SPECIALIZED_UNIT_1_OP */
    " BMOV BPT BRA BREAK BRK BRX BRXU BSSY BSYNC CAL CALL CONT ELECT EXIT JCAL JMP JMX JMXU KILL"
    " NANOSLEEP PBK PCNT PEXIT PRET RET RPCMOV RTT SSY SYNC WARPSYNC YIELD " },
  { WS_TC_UNMODELLED,  /* tensor (SPECIALIZED_UNIT_3/5), texture (SPECIALIZED_UNIT_2), surface */
    " BMMA DMMA HMMA IMMA HGMMA IGMMA QGMMA WARPGROUP"
    " TEX TEXS TLD TLD4 TLD4S TLDS TMML TXD TXQ"
    " SUATOM SUBFM SUCLAMP SUEAU SULD SULDGA SUQUERY SURED SUST SUSTGA " },
  { WS_TC_UNMODELLED,  /* fences, dependency barriers, cache control, Hopper TMA and cluster sync */
    " MEMBAR ERRBAR CGAERRBAR DEPBAR LDGDEPBAR CCTL CCTLL CCTLT FENCE SYNCS ARRIVES ACQBULK"
    " UCGABAR_ARV UCGABAR_WAIT UBLKCP UBLKPF UBLKRED UTMACCTL UTMACMDFLUSH UTMALDG UTMAPF"
    " UTMAREDG UTMASTG STAS " },
};

/* Hopper TMA opcodes: their address block has a layout of its own (not read). */
static const char tr_tma_names[] = " UTMALDG UTMASTG UTMAPF UTMAREDG UBLKCP UBLKPF UBLKRED ";

static const char *const tr_class_names[WS_TC_N] = {
  "alu", "sfu", "ld", "st", "shared", "atomic", "bar", "branch", "unmodelled"
};

/* Whether the base of 'opcode' (up to the first '.') is a word of 'names'. */
static int tr_base_in(const char *opcode, const char *names) {
  char key[TR_OPCODE_MAX + 3];
  size_t len = strcspn(opcode, ".");
  if (len == 0 || len > TR_OPCODE_MAX)
    return 0;
  key[0] = ' ';
  memcpy(key + 1, opcode, len);
  key[len + 1] = ' ';
  key[len + 2] = '\0';
  return strstr(names, key) != NULL;
}

int ws_trace_opcode_class(const char *opcode) {
  for (size_t i = 0; opcode && i < sizeof tr_class_table / sizeof tr_class_table[0]; i++)
    if (tr_base_in(opcode, tr_class_table[i].names))
      return tr_class_table[i].cls;
  return WS_TC_UNMODELLED;
}

const char *ws_trace_class_name(int cls) {
  return cls >= 0 && cls < WS_TC_N ? tr_class_names[cls] : "?";
}

/* }===================================================================== */

/* {=====================================================================
** Source files: the line reader, errors, tokens and numbers
** ====================================================================== */

typedef struct tr_src {
  const char *path;
  char       *err;        /* caller's buffer ... */
  size_t      n;          /* ... and its size */
  FILE       *f;
  char       *chunk;      /* TR_CHUNK bytes read ahead */
  size_t      len, pos;   /* bytes in chunk, next unread */
  char       *line;       /* the current line, NUL-terminated, without its '\n' or '\r\n' */
  size_t      cap;        /* line's allocation */
  int         no;         /* the current line's number, from 1 */
} tr_src;

/* Write "PATH:LINE: message" into the caller's buffer.  Returns -1. */
__attribute__((format(printf, 2, 3)))
static int tr_fail(tr_src *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ws_vfail_at(s->err, s->n, s->path, s->no > 0 ? s->no : 1, fmt, ap);
  va_end(ap);
  return -1;
}

/* An error that is not at a line: "PATH: cannot read (reason)". */
static int tr_cannot(tr_src *s, const char *reason) {
  if (s->err && s->n)
    snprintf(s->err, s->n, "%s: cannot read (%s)", s->path, reason);
  return -1;
}

static int tr_open(tr_src *s, const char *path, char *err, size_t n) {
  memset(s, 0, sizeof *s);
  s->path = path ? path : "";
  s->err = err;
  s->n = n;
  if (err && n)
    err[0] = '\0';
  s->f = fopen(s->path, "rb");
  if (!s->f)
    return tr_cannot(s, strerror(errno));
  s->chunk = malloc(TR_CHUNK);
  s->cap = 256;
  s->line = malloc(s->cap);
  if (!s->chunk || !s->line)
    return tr_cannot(s, "out of memory");
  return 0;
}

static void tr_close(tr_src *s) {
  if (s->f)
    fclose(s->f);
  free(s->chunk);
  free(s->line);
  s->f = NULL;
  s->chunk = s->line = NULL;
}

/* Append 'take' bytes to the current line, growing it.  0 ok, -1 error. */
static int tr_append(tr_src *s, size_t *len, const char *p, size_t take) {
  if (*len + take + 1 > TR_LINE_MAX) {
    s->no++;
    return tr_fail(s, "line longer than %d bytes (a trace line is at most a few KB)", TR_LINE_MAX);
  }
  if (*len + take + 1 > s->cap) {
    size_t cap = s->cap;
    while (cap < *len + take + 1)
      cap *= 2;
    char *more = realloc(s->line, cap);
    if (!more) {
      s->no++;
      return tr_fail(s, "out of memory");
    }
    s->line = more;
    s->cap = cap;
  }
  memcpy(s->line + *len, p, take);
  *len += take;
  return 0;
}

/* The next line into s->line.  1: a line; 0: end of file; -1: error. */
static int tr_next(tr_src *s) {
  size_t len = 0;
  int any = 0;
  for (;;) {
    if (s->pos == s->len) {
      s->len = fread(s->chunk, 1, TR_CHUNK, s->f);
      s->pos = 0;
      if (s->len == 0) {
        if (ferror(s->f))
          return tr_cannot(s, strerror(errno));
        break;
      }
    }
    any = 1;
    const char *p = s->chunk + s->pos;
    const char *nl = memchr(p, '\n', s->len - s->pos);
    size_t take = nl ? (size_t)(nl - p) : s->len - s->pos;
    if (tr_append(s, &len, p, take))
      return -1;
    s->pos += take + (nl != NULL);
    if (nl)
      break;
  }
  if (!any)
    return 0;
  s->no++;
  if (memchr(s->line, '\0', len))
    return tr_fail(s, "not a text line (it holds a NUL byte)");
  if (len > 0 && s->line[len - 1] == '\r')
    len--;
  s->line[len] = '\0';
  return 1;
}

static int tr_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* A token: a run of non-blank characters of the current line. */
typedef struct tr_tok {
  const char *s;
  int         len;
} tr_tok;

/* The next token after *p; 0 at the end of the line. */
static int tr_token(const char **p, tr_tok *t) {
  const char *q = *p;
  while (tr_blank(*q))
    q++;
  t->s = q;
  while (*q && !tr_blank(*q))
    q++;
  t->len = (int)(q - t->s);
  *p = q;
  return t->len > 0;
}

static int tr_show(tr_tok t) { return t.len < TR_SHOW ? t.len : TR_SHOW; }

static int tr_is(tr_tok t, const char *word) {
  return (size_t)t.len == strlen(word) && memcmp(t.s, word, (size_t)t.len) == 0;
}

static int tr_hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decimal digits only, value <= max.  0 ok, -1 not such a number. */
static int tr_udec(const char *s, int len, uint64_t max, uint64_t *v) {
  uint64_t x = 0;
  if (len < 1)
    return -1;
  for (int i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return -1;
    unsigned d = (unsigned)(s[i] - '0');
    if (d > max || x > (max - d) / 10)
      return -1;
    x = x * 10 + d;
  }
  *v = x;
  return 0;
}

/* An optional '-', then decimal digits; min <= value <= max. */
static int tr_sdec(const char *s, int len, int64_t min, int64_t max, int64_t *v) {
  int neg = len > 0 && s[0] == '-';
  uint64_t mag;
  if (neg ? min >= 0 : max < 0)
    return -1;
  uint64_t lim = neg ? (uint64_t)(-(min + 1)) + 1 : (uint64_t)max;   /* |min|, without overflow */
  if (tr_udec(s + neg, len - neg, lim, &mag))
    return -1;
  if (!neg) {
    *v = (int64_t)mag;
    return *v >= min ? 0 : -1;
  }
  *v = mag == 0 ? 0 : -(int64_t)(mag - 1) - 1;
  return 0;
}

/* 1..max_digits hex digits, no prefix. */
static int tr_hex(const char *s, int len, int max_digits, uint64_t *v) {
  uint64_t x = 0;
  if (len < 1 || len > max_digits)
    return -1;
  for (int i = 0; i < len; i++) {
    int d = tr_hexval(s[i]);
    if (d < 0)
      return -1;
    x = x << 4 | (uint64_t)d;
  }
  *v = x;
  return 0;
}

static int tr_has_0x(tr_tok t) { return t.len > 2 && t.s[0] == '0' && (t.s[1] == 'x' || t.s[1] == 'X'); }

/* An address: "0x" and 1..16 hex digits (the tracer always writes the prefix). */
static int tr_addr(tr_tok t, uint64_t *v) {
  return tr_has_0x(t) ? tr_hex(t.s + 2, t.len - 2, 16, v) : -1;
}

/* "X,Y,Z" (or with parentheses, "(X,Y,Z)") of non-negative ints, blanks allowed around the numbers. */
static int tr_triple(const char *s, int parens, int64_t max, int v[3]) {
  const char *p = s;
  while (tr_blank(*p)) p++;
  if (parens && *p++ != '(')
    return -1;
  for (int i = 0; i < 3; i++) {
    uint64_t x;
    while (tr_blank(*p)) p++;
    const char *d = p;
    while (*p >= '0' && *p <= '9') p++;
    if (tr_udec(d, (int)(p - d), (uint64_t)max, &x))
      return -1;
    v[i] = (int)x;
    while (tr_blank(*p)) p++;
    if (*p++ != (i < 2 ? ',' : parens ? ')' : '\0'))
      return -1;
  }
  if (parens) {
    while (tr_blank(*p)) p++;
    if (*p)
      return -1;
  }
  return 0;
}

/* A copy of s[0..len) as a C string; NULL when out of memory. */
static char *tr_strndup(const char *s, size_t len) {
  char *c = malloc(len + 1);
  if (c) {
    memcpy(c, s, len);
    c[len] = '\0';
  }
  return c;
}

static int tr_popcount(uint32_t m) {
  int c = 0;
  for (; m; m &= m - 1)
    c++;
  return c;
}

/* }===================================================================== */

/* {=====================================================================
** kernelslist.g
** ====================================================================== */

/* Arrays that grow by doubling keep no capacity: they are full exactly when
** their count is 0 or a power of two. */
static int tr_full(int count) { return (count & (count - 1)) == 0; }

static int tr_list_push(tr_src *s, ws_trace_list *l, const ws_trace_cmd *c) {
  if (tr_full(l->n_cmd)) {
    size_t cap = l->n_cmd ? 2 * (size_t)l->n_cmd : 1;
    ws_trace_cmd *more = realloc(l->cmd, cap * sizeof *more);
    if (!more)
      return tr_fail(s, "out of memory");
    l->cmd = more;
  }
  l->cmd[l->n_cmd++] = *c;
  return 0;
}

/* 'MemcpyHtoD,0xADDRESS,BYTES' (the tracer's "MemcpyHtoD,0x%016lx,%lld"). */
static int tr_list_memcpy(tr_src *s, ws_trace_list *l, const char *line) {
  static const char expect[] = "(expected MemcpyHtoD,0xADDRESS,BYTES)";
  const char *c1 = strchr(line, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
  ws_trace_cmd c = { WS_TRACE_CMD_MEMCPY, s->no, NULL, 0, 0 };
  if (!c1 || !c2 || strchr(c2 + 1, ',') || c1 - line != 10)
    return tr_fail(s, "bad memcpy line '%.*s' %s", TR_SHOW, line, expect);
  const char *a = c1 + 1;
  int alen = (int)(c2 - a);
  if (alen > 2 && a[0] == '0' && (a[1] == 'x' || a[1] == 'X')) {
    a += 2;
    alen -= 2;
  }
  if (tr_hex(a, alen, 16, &c.addr)) {
    tr_tok t = { c1 + 1, (int)(c2 - c1 - 1) };
    return tr_fail(s, "bad memcpy address '%.*s' %s", tr_show(t), t.s, expect);
  }
  if (tr_udec(c2 + 1, (int)strlen(c2 + 1), UINT64_MAX, &c.bytes))
    return tr_fail(s, "bad memcpy byte count '%.*s' %s", TR_SHOW, c2 + 1, expect);
  l->n_memcpy++;
  return tr_list_push(s, l, &c);
}

static int tr_ends_with(const char *s, const char *tail) {
  size_t a = strlen(s), b = strlen(tail);
  return a >= b && strcmp(s + a - b, tail) == 0;
}

/* 'kernel-N.traceg' (or .traceg.xz): a path relative to the list's folder. */
static int tr_list_kernel(tr_src *s, ws_trace_list *l, const char *line) {
  if (!tr_ends_with(line, ".traceg") && !tr_ends_with(line, ".xz"))
    return tr_fail(s, "kernel line '%.*s' names no .traceg or .traceg.xz file "
                   "(a raw list names .trace files: run Accel-Sim's post-traces-processing on it)", TR_SHOW, line);
  const char *slash = strrchr(s->path, '/');
  size_t dir = slash ? (size_t)(slash - s->path) + 1 : 0, len = strlen(line);
  ws_trace_cmd c = { WS_TRACE_CMD_KERNEL, s->no, malloc(dir + len + 1), 0, 0 };
  if (!c.path)
    return tr_fail(s, "out of memory");
  memcpy(c.path, s->path, dir);
  memcpy(c.path + dir, line, len + 1);
  if (tr_list_push(s, l, &c)) {
    free(c.path);
    return -1;
  }
  l->n_kernel++;
  return 0;
}

static int tr_list_line(tr_src *s, ws_trace_list *l) {
  char *line = s->line;
  size_t len = strlen(line);
  while (len > 0 && tr_blank(line[len - 1]))
    line[--len] = '\0';
  if (len == 0)
    return 0;
  /* the prefixes Accel-Sim's parse_commandlist_file() tests; it ignores every other line */
  if (strncmp(line, "MemcpyHtoD", 10) == 0)
    return tr_list_memcpy(s, l, line);
  if (strncmp(line, "kernel", 6) == 0)
    return tr_list_kernel(s, l, line);
  if (l->n_ignored++ == 0)
    l->first_ignored = s->no;
  return 0;
}

void ws_trace_list_free(ws_trace_list *l) {
  if (!l)
    return;
  for (int i = 0; i < l->n_cmd; i++)
    free(l->cmd[i].path);
  free(l->cmd);
  memset(l, 0, sizeof *l);
}

int ws_trace_load_list(ws_trace_list *l, const char *path, char *err, size_t n) {
  tr_src s;
  int rc;
  memset(l, 0, sizeof *l);
  rc = tr_open(&s, path, err, n);
  while (rc == 0) {
    int got = tr_next(&s);
    if (got <= 0) {
      rc = got;
      break;
    }
    rc = tr_list_line(&s, l);
  }
  tr_close(&s);
  if (rc)
    ws_trace_list_free(l);
  return rc;
}

/* }===================================================================== */

/* {=====================================================================
** kernel-N.traceg: the header
** ====================================================================== */

enum {  /* ORDER HK */
  HK_NAME, HK_ID, HK_GRID, HK_BLOCK, HK_SHMEM, HK_NREGS, HK_BINARY, HK_STREAM,
  HK_SHMEM_BASE, HK_LOCAL_BASE, HK_NVBIT, HK_TRACER, HK_LINEINFO, HK_N
};
/* the keys the tracer writes (tracer_tool.cu, nvbit_at_cuda_event); others are ignored */
static const char *const tr_header_keys[HK_N] = {
  "kernel name", "kernel id", "grid dim", "block dim", "shmem", "nregs", "binary version",
  "cuda stream id", "shmem base_addr", "local mem base_addr", "nvbit version",
  "accelsim tracer version", "enable lineinfo"
};

enum { S_OUT, S_TB_HEAD, S_TB, S_WARP_HEAD, S_WARP };   /* where the body parser is */

typedef struct tr_kparse {
  tr_src           src;
  ws_trace_kernel *k;
  int              key_line[HK_N];  /* line of each header key, 0 = absent */
  int              threads;         /* threads per CTA */
  /* the body */
  int              state;
  int64_t          last_linear;     /* linear index of the previous CTA, -1 before the first */
  ws_trace_cta    *cta;             /* the CTA being read (in k->cta) */
  int              warps_seen;      /* 'warp = ' lines of the CTA so far */
  ws_trace_warp   *w;               /* the warp being read */
  int              want;            /* its 'insts = N' */
  int              inst_cap, n_mem, mem_cap;
  uint32_t         lanes;           /* the lanes its CTA has threads for */
  /* opcode interning: open addressing over k->opcode, -1 = empty */
  int             *hash;
  uint8_t         *op_class;        /* class of k->opcode[i] */
  int              hash_cap, op_cap;
} tr_kparse;

/* The value of a header line: after '=', blanks trimmed at both ends. */
static int tr_header_value(tr_kparse *ps, const char *eq, int key, const char **v, int *len) {
  const char *p = eq + 1, *e;
  while (tr_blank(*p)) p++;
  e = p + strlen(p);
  while (e > p && tr_blank(e[-1])) e--;
  *v = p;
  *len = (int)(e - p);
  if (*len == 0)
    return tr_fail(&ps->src, "'-%s' has no value", tr_header_keys[key]);
  return 0;
}

static int tr_bad_value(tr_kparse *ps, int key, const char *v, int len, const char *expected) {
  return tr_fail(&ps->src, "bad '-%s' value '%.*s' (expected %s)", tr_header_keys[key],
                 len < TR_SHOW ? len : TR_SHOW, v, expected);
}

/* A one-token string value into a fixed buffer. */
static int tr_header_text(tr_kparse *ps, int key, const char *v, int len, char *out, size_t size) {
  if ((size_t)len >= size || memchr(v, ' ', (size_t)len) || memchr(v, '\t', (size_t)len))
    return tr_bad_value(ps, key, v, len, "one word");
  memcpy(out, v, (size_t)len);
  out[len] = '\0';
  return 0;
}

static int tr_header_uint(tr_kparse *ps, int key, const char *v, int len, int *out) {
  uint64_t x;
  if (tr_udec(v, len, INT32_MAX, &x))
    return tr_bad_value(ps, key, v, len, "a non-negative decimal number");
  *out = (int)x;
  return 0;
}

/* '-grid dim' and '-block dim': "(X,Y,Z)", each at least 1. */
static int tr_header_dim(tr_kparse *ps, int key, const char *v, int len, int out[3]) {
  char buf[64];
  if (len >= (int)sizeof buf)
    return tr_bad_value(ps, key, v, len, "(X,Y,Z)");
  memcpy(buf, v, (size_t)len);
  buf[len] = '\0';
  if (tr_triple(buf, 1, INT32_MAX, out) || out[0] < 1 || out[1] < 1 || out[2] < 1)
    return tr_bad_value(ps, key, v, len, "(X,Y,Z), each at least 1");
  if (key == HK_GRID && (out[1] > TR_GRID_YZ_MAX || out[2] > TR_GRID_YZ_MAX))
    return tr_bad_value(ps, key, v, len, "Y and Z at most 65535, CUDA's limit");
  if (key == HK_BLOCK && (int64_t)out[0] * out[1] * out[2] > TR_BLOCK_MAX)
    return tr_fail(&ps->src, "block dim (%d,%d,%d) has more than %d threads", out[0], out[1], out[2], TR_BLOCK_MAX);
  return 0;
}

/* '-cuda stream id': "%lu" of the stream handle; tracers before 2022 wrote "%d" (maybe negative). */
static int tr_header_stream(tr_kparse *ps, const char *v, int len, uint64_t *out) {
  int64_t neg;
  if (len > 0 && v[0] == '-') {
    if (tr_sdec(v, len, INT32_MIN, 0, &neg))
      return tr_bad_value(ps, HK_STREAM, v, len, "a decimal number");
    *out = (uint64_t)neg;                 /* as the %d writer's 32-bit value, sign-extended */
    return 0;
  }
  if (tr_udec(v, len, UINT64_MAX, out))
    return tr_bad_value(ps, HK_STREAM, v, len, "a decimal number");
  return 0;
}

/* '-accelsim tracer version': "5", or "1.2" (read as 1, as Accel-Sim's %d does). */
static int tr_header_version(tr_kparse *ps, const char *v, int len) {
  ws_trace_kernel *k = ps->k;
  uint64_t major, minor;
  const char *dot = memchr(v, '.', (size_t)len);
  int mlen = dot ? (int)(dot - v) : len;
  if (tr_udec(v, mlen, 1000, &major) || (dot && tr_udec(dot + 1, len - mlen - 1, 1000, &minor)))
    return tr_bad_value(ps, HK_TRACER, v, len, "a version number such as 5 or 1.2");
  if (major > TR_VERSION_MAX)
    return tr_fail(&ps->src, "accelsim tracer version %.*s is not supported (this reader knows versions up to %d)",
                   len < TR_SHOW ? len : TR_SHOW, v, TR_VERSION_MAX);
  k->tracer_version = (int)major;
  return tr_header_text(ps, HK_TRACER, v, len, k->tracer_version_text, sizeof k->tracer_version_text);
}

static int tr_header_set(tr_kparse *ps, int key, const char *v, int len) {
  ws_trace_kernel *k = ps->k;
  switch (key) {
  case HK_NAME:
    free(k->name);
    k->name = tr_strndup(v, (size_t)len);
    return k->name ? 0 : tr_fail(&ps->src, "out of memory");
  case HK_ID:         return tr_header_uint(ps, key, v, len, &k->id);
  case HK_GRID:       return tr_header_dim(ps, key, v, len, k->grid);
  case HK_BLOCK:      return tr_header_dim(ps, key, v, len, k->block);
  case HK_SHMEM:      return tr_header_uint(ps, key, v, len, &k->shmem);
  case HK_NREGS:      return tr_header_uint(ps, key, v, len, &k->nregs);
  case HK_BINARY:     return tr_header_uint(ps, key, v, len, &k->binary_version);
  case HK_STREAM:     return tr_header_stream(ps, v, len, &k->stream_id);
  case HK_SHMEM_BASE:
  case HK_LOCAL_BASE: {
    tr_tok t = { v, len };
    if (tr_addr(t, key == HK_SHMEM_BASE ? &k->shmem_base : &k->local_base))
      return tr_bad_value(ps, key, v, len, "0x and up to 16 hex digits");
    return 0;
  }
  case HK_NVBIT:      return tr_header_text(ps, key, v, len, k->nvbit_version, sizeof k->nvbit_version);
  case HK_TRACER:     return tr_header_version(ps, v, len);
  default:            /* HK_LINEINFO */
    if (len != 1 || (v[0] != '0' && v[0] != '1'))
      return tr_bad_value(ps, key, v, len, "0 or 1");
    k->lineinfo = v[0] == '1';
    return 0;
  }
}

/* '-key = value'.  Unknown keys are ignored (newer tracers may add some). */
static int tr_header_line(tr_kparse *ps, const char *line) {
  const char *eq = strchr(line, '='), *ks = line + 1, *ke;
  if (!eq)
    return tr_fail(&ps->src, "header line '%.*s' has no '=' (expected '-key = value')", TR_SHOW, line);
  while (tr_blank(*ks)) ks++;
  for (ke = eq; ke > ks && tr_blank(ke[-1]); ke--)
    ;
  for (int key = 0; key < HK_N; key++) {
    if ((size_t)(ke - ks) != strlen(tr_header_keys[key]) || memcmp(ks, tr_header_keys[key], (size_t)(ke - ks)))
      continue;
    const char *v;
    int len;
    if (ps->key_line[key])
      return tr_fail(&ps->src, "duplicate '-%s' (first on line %d)", tr_header_keys[key], ps->key_line[key]);
    ps->key_line[key] = ps->src.no;
    if (tr_header_value(ps, eq, key, &v, &len))
      return -1;
    return tr_header_set(ps, key, v, len);
  }
  return 0;
}

/* After the header: the required keys and what follows from them. */
static int tr_header_done(tr_kparse *ps) {
  ws_trace_kernel *k = ps->k;
  if (!ps->key_line[HK_GRID])
    return tr_fail(&ps->src, "the header has no '-grid dim = (X,Y,Z)' (expected before the first '#' line)");
  if (!ps->key_line[HK_BLOCK])
    return tr_fail(&ps->src, "the header has no '-block dim = (X,Y,Z)' (expected before the first '#' line)");
  if (!k->name && !(k->name = tr_strndup("", 0)))
    return tr_fail(&ps->src, "out of memory");
  ps->threads = k->block[0] * k->block[1] * k->block[2];
  k->warps_per_cta = (ps->threads + WS_TRACE_WARP - 1) / WS_TRACE_WARP;
  return 0;
}

/* }===================================================================== */

/* {=====================================================================
** kernel-N.traceg: instruction lines
** ====================================================================== */

/* The next token of an instruction line, or an error naming the field. */
static int tr_field(tr_kparse *ps, const char **p, tr_tok *t, const char *what) {
  if (!tr_token(p, t))
    return tr_fail(&ps->src, "instruction line ends before its %s", what);
  return 0;
}

static int tr_bad(tr_kparse *ps, tr_tok t, const char *what, const char *expected) {
  return tr_fail(&ps->src, "bad %s '%.*s' (expected %s)", what, tr_show(t), t.s, expected);
}

static int tr_field_udec(tr_kparse *ps, const char **p, const char *what, uint64_t max, uint64_t *v) {
  tr_tok t;
  char expected[64];
  if (tr_field(ps, p, &t, what))
    return -1;
  if (tr_udec(t.s, t.len, max, v)) {
    snprintf(expected, sizeof expected, "a decimal number, at most %" PRIu64, max);
    return tr_bad(ps, t, what, expected);
  }
  return 0;
}

static int tr_field_sdec(tr_kparse *ps, const char **p, const char *what, int64_t min, int64_t max, int64_t *v) {
  tr_tok t;
  if (tr_field(ps, p, &t, what))
    return -1;
  if (tr_sdec(t.s, t.len, min, max, v))
    return tr_bad(ps, t, what, max == INT32_MAX ? "a signed 32-bit decimal number" : "a signed decimal number");
  return 0;
}

static int tr_field_hex(tr_kparse *ps, const char **p, const char *what, uint64_t *v) {
  tr_tok t;
  if (tr_field(ps, p, &t, what))
    return -1;
  if (tr_hex(t.s, t.len, 8, v))
    return tr_bad(ps, t, what, "up to 8 hex digits");
  return 0;
}

static int tr_field_addr(tr_kparse *ps, const char **p, const char *what, uint64_t *v) {
  tr_tok t;
  if (tr_field(ps, p, &t, what))
    return -1;
  if (tr_addr(t, v))
    return tr_bad(ps, t, what, "0x and up to 16 hex digits");
  return 0;
}

/* Tracer versions before 3 start every line with "tb_x tb_y tb_z warp": they must match the TB and warp. */
static int tr_inst_prefix(tr_kparse *ps, const char **p) {
  static const char *const what[4] = { "thread block x", "thread block y", "thread block z", "warp index" };
  const ws_trace_cta *c = ps->cta;
  int want[4] = { c->x, c->y, c->z, ps->warps_seen - 1 };
  for (int i = 0; i < 4; i++) {
    uint64_t v;
    if (tr_field_udec(ps, p, what[i], INT32_MAX, &v))
      return -1;
    if (v != (uint64_t)want[i])
      return tr_fail(&ps->src, "line's prefix is for %s %" PRIu64 ", but it is in thread block (%d,%d,%d) warp %d "
                     "(expected the line's own thread block and warp)", what[i], v, c->x, c->y, c->z, want[3]);
  }
  return 0;
}

/* "R<n>", "UR<n>", "P<n>" or "UP<n>", n = 0..255. */
static int tr_reg(tr_kparse *ps, tr_tok t, const char *what, uint16_t *r) {
  static const struct { const char *pfx; int kind; } kinds[] = {
    { "UR", WS_TRACE_REG_UR }, { "UP", WS_TRACE_REG_UP }, { "R", WS_TRACE_REG_R }, { "P", WS_TRACE_REG_P },
  };
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    int pl = (int)strlen(kinds[i].pfx);
    uint64_t num;
    if (t.len > pl && memcmp(t.s, kinds[i].pfx, (size_t)pl) == 0 && tr_udec(t.s + pl, t.len - pl, 255, &num) == 0) {
      *r = WS_TRACE_REG(kinds[i].kind, num);
      return 0;
    }
  }
  return tr_bad(ps, t, what, "R<n>, UR<n>, P<n> or UP<n> with n in 0..255");
}

/* A register count and that many registers. */
static int tr_regs(tr_kparse *ps, const char **p, int dst, uint16_t *out, uint8_t *n) {
  const char *what = dst ? "destination register count" : "source register count";
  int max = dst ? WS_TRACE_MAX_DST : WS_TRACE_MAX_SRC;
  uint64_t cnt;
  if (tr_field_udec(ps, p, what, 255, &cnt))
    return -1;
  if (cnt > (uint64_t)max)
    return tr_fail(&ps->src, "%d %s registers (this reader keeps at most %d)", (int)cnt,
                   dst ? "destination" : "source", max);
  for (int i = 0; i < (int)cnt; i++) {
    tr_tok t;
    if (tr_field(ps, p, &t, dst ? "destination registers" : "source registers") ||
        tr_reg(ps, t, dst ? "destination register" : "source register", &out[i]))
      return -1;
  }
  *n = (uint8_t)cnt;
  return 0;
}

/* The index of opcode 'o' in k->opcode, added if new; -1 when out of memory. */
static int tr_intern(tr_kparse *ps, tr_tok o) {
  ws_trace_kernel *k = ps->k;
  uint32_t h = 2166136261u;                     /* FNV-1a */
  for (int i = 0; i < o.len; i++)
    h = (h ^ (uint8_t)o.s[i]) * 16777619u;
  if (2 * (k->n_opcode + 1) > ps->hash_cap) {   /* keep the table at most half full */
    int cap = ps->hash_cap ? 2 * ps->hash_cap : 64;
    int *t = malloc((size_t)cap * sizeof *t);
    if (!t)
      return -1;
    memset(t, 0xff, (size_t)cap * sizeof *t);
    for (int i = 0; i < k->n_opcode; i++) {     /* rehash */
      uint32_t g = 2166136261u;
      for (const char *c = k->opcode[i]; *c; c++)
        g = (g ^ (uint8_t)*c) * 16777619u;
      uint32_t j = g & (uint32_t)(cap - 1);
      while (t[j] >= 0)
        j = (j + 1) & (uint32_t)(cap - 1);
      t[j] = i;
    }
    free(ps->hash);
    ps->hash = t;
    ps->hash_cap = cap;
  }
  uint32_t j = h & (uint32_t)(ps->hash_cap - 1);
  for (; ps->hash[j] >= 0; j = (j + 1) & (uint32_t)(ps->hash_cap - 1)) {
    const char *s = k->opcode[ps->hash[j]];
    if (strncmp(s, o.s, (size_t)o.len) == 0 && s[o.len] == '\0')
      return ps->hash[j];
  }
  if (k->n_opcode == ps->op_cap) {
    int cap = ps->op_cap ? 2 * ps->op_cap : 32;
    char **ops = realloc(k->opcode, (size_t)cap * sizeof *ops);
    if (ops)
      k->opcode = ops;
    uint8_t *cls = realloc(ps->op_class, (size_t)cap);
    if (cls)
      ps->op_class = cls;
    if (!ops || !cls)
      return -1;
    ps->op_cap = cap;
  }
  char *copy = tr_strndup(o.s, (size_t)o.len);
  if (!copy)
    return -1;
  k->opcode[k->n_opcode] = copy;
  ps->op_class[k->n_opcode] = (uint8_t)ws_trace_opcode_class(copy);
  ps->hash[j] = k->n_opcode;
  return k->n_opcode++;
}

/* The opcode: a capital letter, then letters, digits, '_' and '.'. */
static int tr_opcode(tr_kparse *ps, const char **p, ws_trace_inst *in) {
  tr_tok t;
  if (tr_field(ps, p, &t, "opcode"))
    return -1;
  int ok = t.len <= TR_OPCODE_MAX && t.s[0] >= 'A' && t.s[0] <= 'Z';
  for (int i = 1; ok && i < t.len; i++)
    ok = (t.s[i] >= 'A' && t.s[i] <= 'Z') || (t.s[i] >= 'a' && t.s[i] <= 'z') ||
         (t.s[i] >= '0' && t.s[i] <= '9') || t.s[i] == '_' || t.s[i] == '.';
  if (!ok)
    return tr_bad(ps, t, "opcode", "a SASS opcode such as LDG.E.64, at most 63 characters");
  int id = tr_intern(ps, t);
  if (id < 0)
    return tr_fail(&ps->src, "out of memory");
  in->opcode = ps->k->opcode[id];
  in->cls = ps->op_class[id];
  if (tr_base_in(in->opcode, tr_tma_names))
    return tr_fail(&ps->src, "%s is a Hopper TMA instruction, whose address block this reader does not read "
                   "(expected no TMA instructions)", in->opcode);
  return 0;
}

/* Address form 0: one address per active lane, in lane order. */
static int tr_addr_list(tr_kparse *ps, const char **p, uint32_t mask, uint64_t a[WS_TRACE_WARP]) {
  int want = tr_popcount(mask), got = 0;
  for (int lane = 0; lane < WS_TRACE_WARP; lane++) {
    if (!(mask >> lane & 1))
      continue;
    tr_tok t;
    const char *q = *p;
    if (!tr_token(&q, &t) || !tr_has_0x(t))
      return tr_fail(&ps->src, "address list has %d addresses, but mask %08" PRIx32 " has %d active lanes "
                     "(expected one 0x address per active lane)", got, mask, want);
    if (tr_addr(t, &a[lane]))
      return tr_bad(ps, t, "address", "0x and up to 16 hex digits");
    *p = q;
    got++;
  }
  tr_tok t;
  const char *q = *p;
  if (tr_token(&q, &t) && tr_has_0x(t))
    return tr_fail(&ps->src, "address list has more than the %d addresses of mask %08" PRIx32 "'s active lanes "
                   "(expected one 0x address per active lane)", want, mask);
  return 0;
}

/* Address form 1: base and stride (a C int).  The tracer writes it only for
** one contiguous run of active lanes (or an empty mask); lane l gets
** base + (l - first) * stride, which is the writer's address for every such
** line (see docs/trace_format.md for a mask with gaps). */
static int tr_addr_stride(tr_kparse *ps, const char **p, uint32_t mask, uint64_t a[WS_TRACE_WARP]) {
  uint64_t base;
  int64_t stride;
  if (tr_field_addr(ps, p, "base address", &base) ||
      tr_field_sdec(ps, p, "address stride", INT32_MIN, INT32_MAX, &stride))
    return -1;
  int first = -1;
  for (int lane = 0; lane < WS_TRACE_WARP; lane++) {
    if (!(mask >> lane & 1))
      continue;
    if (first < 0)
      first = lane;
    a[lane] = base + (uint64_t)(lane - first) * (uint64_t)stride;   /* wraps like the writer's arithmetic */
  }
  return 0;
}

/* Address form 2: base for the first active lane, then for each further
** active lane its difference from the previous active lane's address. */
static int tr_addr_delta(tr_kparse *ps, const char **p, uint32_t mask, uint64_t a[WS_TRACE_WARP]) {
  uint64_t addr;
  int want = tr_popcount(mask) - 1, got = 0, first = 1;
  if (tr_field_addr(ps, p, "base address", &addr))
    return -1;
  for (int lane = 0; lane < WS_TRACE_WARP; lane++) {
    if (!(mask >> lane & 1))
      continue;
    if (!first) {
      int64_t d;
      tr_tok t;
      const char *q = *p;
      if (!tr_token(&q, &t))
        return tr_fail(&ps->src, "base+delta form has %d deltas, but mask %08" PRIx32 " has %d active lanes "
                       "(expected one delta per active lane after the first)", got, mask, want + 1);
      if (tr_sdec(t.s, t.len, INT64_MIN, INT64_MAX, &d))
        return tr_bad(ps, t, "address delta", "a signed decimal number");
      *p = q;
      addr += (uint64_t)d;
      got++;
    }
    a[lane] = addr;
    first = 0;
  }
  return 0;
}

/* The memory block after a non-zero width: the form, then its addresses. */
static int tr_addr_block(tr_kparse *ps, const char **p, ws_trace_inst *in, uint64_t a[WS_TRACE_WARP]) {
  tr_tok t;
  if (tr_field(ps, p, &t, "address form"))
    return -1;
  if (tr_is(t, "3") || tr_is(t, "4"))
    return tr_fail(&ps->src, "address form %.*s is Hopper TMA's (expected 0, 1 or 2)", t.len, t.s);
  if (!tr_is(t, "0") && !tr_is(t, "1") && !tr_is(t, "2"))
    return tr_bad(ps, t, "address form", "0 = list, 1 = base+stride or 2 = base+delta");
  in->addr_form = (uint8_t)(t.s[0] - '0');
  memset(a, 0, WS_TRACE_WARP * sizeof a[0]);
  if (in->addr_form == WS_TRACE_ADDR_LIST)
    return tr_addr_list(ps, p, in->mask, a);
  if (in->addr_form == WS_TRACE_ADDR_STRIDE)
    return tr_addr_stride(ps, p, in->mask, a);
  return tr_addr_delta(ps, p, in->mask, a);
}

/* Version 6 register values, dropped: 'NoVal', or 'Val' and, for each
** destination then each source register, n (1 or 32) then n hex values. */
static int tr_reg_values(tr_kparse *ps, const char **p, const ws_trace_inst *in) {
  tr_tok t;
  if (tr_field(ps, p, &t, "register values (Val or NoVal)"))
    return -1;
  if (tr_is(t, "NoVal"))
    return 0;
  if (!tr_is(t, "Val"))
    return tr_bad(ps, t, "register values", "Val or NoVal");
  for (int r = 0; r < in->ndst + in->nsrc; r++) {
    uint64_t cnt, v;
    if (tr_field_udec(ps, p, "register value count", 32, &cnt))
      return -1;
    if (cnt != 1 && cnt != 32)
      return tr_fail(&ps->src, "register value count %d (expected 1 or 32)", (int)cnt);
    for (int i = 0; i < (int)cnt; i++) {
      if (tr_field(ps, p, &t, "register values"))
        return -1;
      if (tr_hex(t.s + 2 * tr_has_0x(t), t.len - 2 * tr_has_0x(t), 16, &v))
        return tr_bad(ps, t, "register value", "hex digits");
    }
  }
  return 0;
}

/* After the address block: the immediates the version writes (none before
** late version 4; one in version 4 since 2023-09 and in 5; a second one in
** 2025's version 5 and in 6), then version 6's register values. */
static int tr_trailer(tr_kparse *ps, const char **p, ws_trace_inst *in) {
  int v = ps->k->tracer_version;
  int min_imm = v >= 5, max_imm = v <= 3 ? 0 : v == 4 ? 1 : 2, n_imm = 0;
  tr_tok t;
  const char *q = *p;
  while (n_imm < max_imm && tr_token(&q, &t)) {
    int64_t imm;
    if (tr_sdec(t.s, t.len, INT32_MIN, INT32_MAX, &imm))
      break;
    if (n_imm++ == 0)
      in->imm = (int32_t)imm;
    *p = q;
  }
  if (n_imm < min_imm)
    return tr_fail(&ps->src, "instruction line ends before its immediate (tracer version %d lines end with one)", v);
  if (v >= 6 && tr_reg_values(ps, p, in))
    return -1;
  if (tr_token(p, &t))
    return tr_fail(&ps->src, "unexpected '%.*s' after the instruction (expected the end of the line%s)",
                   tr_show(t), t.s, max_imm ? ", after at most the immediates of this tracer version" : "");
  return 0;
}

/* Room for one more instruction (and its addresses) in the warp being read. */
static int tr_warp_room(tr_kparse *ps, int mem) {
  ws_trace_warp *w = ps->w;
  if (w->n_inst == ps->inst_cap) {
    int cap = ps->inst_cap ? 2 * ps->inst_cap : 16;
    if (cap > ps->want)
      cap = ps->want;
    ws_trace_inst *more = realloc(w->inst, (size_t)cap * sizeof *more);
    if (!more)
      return tr_fail(&ps->src, "out of memory");
    w->inst = more;
    ps->inst_cap = cap;
  }
  if (mem && ps->n_mem == ps->mem_cap) {
    int cap = ps->mem_cap ? 2 * ps->mem_cap : 4;
    uint64_t *more = realloc(w->addr_store, (size_t)cap * WS_TRACE_WARP * sizeof *more);
    if (!more)
      return tr_fail(&ps->src, "out of memory");
    w->addr_store = more;
    ps->mem_cap = cap;
  }
  return 0;
}

/* The registers, opcode and width of an instruction: everything between the mask and the address block. */
static int tr_inst_ops(tr_kparse *ps, const char **p, ws_trace_inst *in) {
  uint64_t v;
  if (tr_regs(ps, p, 1, in->dst, &in->ndst) || tr_opcode(ps, p, in) || tr_regs(ps, p, 0, in->src, &in->nsrc))
    return -1;
  if (strstr(in->opcode, "GMMA") && tr_field_udec(ps, p, "GMMA commit-group flag", 1, &v))   /* Hopper, dropped */
    return -1;
  if (tr_field_udec(ps, p, "memory width", 255, &v))
    return -1;
  in->width = (uint8_t)v;
  return 0;
}

/* One instruction line:
**   [tbx tby tbz warp] [line] PC mask ndst {reg} opcode nsrc {reg} width [form addresses] [imm [imm2]] [values] */
static int tr_inst(tr_kparse *ps, const char *line) {
  ws_trace_inst in;
  uint64_t a[WS_TRACE_WARP], v = 0;
  const char *p = line;
  memset(&in, 0, sizeof in);
  in.addr_form = WS_TRACE_ADDR_NONE;
  if (ps->k->tracer_version < 3 && tr_inst_prefix(ps, &p))
    return -1;
  if (ps->k->lineinfo && tr_field_udec(ps, &p, "source line number", UINT32_MAX, &v))
    return -1;
  in.line = (uint32_t)v;
  if (tr_field_hex(ps, &p, "PC", &v))
    return -1;
  in.pc = (uint32_t)v;
  if (tr_field_hex(ps, &p, "active mask", &v))
    return -1;
  in.mask = (uint32_t)v;
  if (in.mask & ~ps->lanes)
    return tr_fail(&ps->src, "active mask %08" PRIx32 " has lanes the warp does not have (the block's %d threads "
                   "leave warp %d the lanes of mask %08" PRIx32 ")", in.mask, ps->threads, ps->warps_seen - 1, ps->lanes);
  if (tr_inst_ops(ps, &p, &in) || (in.width && tr_addr_block(ps, &p, &in, a)) || tr_trailer(ps, &p, &in) ||
      tr_warp_room(ps, in.width > 0))
    return -1;
  if (in.width)
    memcpy(ps->w->addr_store + (size_t)ps->n_mem++ * WS_TRACE_WARP, a, sizeof a);
  ps->w->inst[ps->w->n_inst++] = in;
  ps->k->n_inst++;
  return 0;
}

/* }===================================================================== */

/* {=====================================================================
** kernel-N.traceg: thread blocks and warps
** ====================================================================== */

/* The warp is complete: trim its addresses (the instructions fill their
** array exactly) and point each memory instruction at its 32. */
static int tr_warp_done(tr_kparse *ps) {
  ws_trace_warp *w = ps->w;
  int m = 0;
  if (ps->n_mem > 0 && ps->n_mem < ps->mem_cap) {
    uint64_t *fit = realloc(w->addr_store, (size_t)ps->n_mem * WS_TRACE_WARP * sizeof *fit);
    if (fit)
      w->addr_store = fit;
  }
  for (int i = 0; i < w->n_inst; i++)
    if (w->inst[i].width)
      w->inst[i].addr = w->addr_store + (size_t)m++ * WS_TRACE_WARP;
  ps->state = S_TB;
  return 0;
}

static void tr_cta_name(const tr_kparse *ps, char *buf, size_t n) {
  snprintf(buf, n, "(%d,%d,%d)", ps->cta->x, ps->cta->y, ps->cta->z);
}

/* "#BEGIN_TB": a new CTA with all its warps, empty. */
static int tr_begin_tb(tr_kparse *ps) {
  ws_trace_kernel *k = ps->k;
  if (tr_full(k->n_cta)) {
    size_t cap = k->n_cta ? 2 * (size_t)k->n_cta : 1;
    ws_trace_cta *more = realloc(k->cta, cap * sizeof *more);
    if (!more)
      return tr_fail(&ps->src, "out of memory");
    k->cta = more;
  }
  ws_trace_cta *c = &k->cta[k->n_cta];
  memset(c, 0, sizeof *c);
  c->warp = calloc((size_t)k->warps_per_cta, sizeof *c->warp);
  if (!c->warp)
    return tr_fail(&ps->src, "out of memory");
  c->n_warp = k->warps_per_cta;
  k->n_cta++;
  ps->cta = c;
  ps->warps_seen = 0;
  ps->state = S_TB_HEAD;
  return 0;
}

/* "thread block = X,Y,Z": inside the grid, after the previous CTA in linear order. */
static int tr_thread_block(tr_kparse *ps, const char *rest) {
  const ws_trace_kernel *k = ps->k;
  ws_trace_cta *c = ps->cta;
  int v[3];
  if (tr_triple(rest, 0, INT32_MAX, v))
    return tr_fail(&ps->src, "bad thread block line (expected 'thread block = X,Y,Z')");
  if (v[0] >= k->grid[0] || v[1] >= k->grid[1] || v[2] >= k->grid[2])
    return tr_fail(&ps->src, "thread block (%d,%d,%d) is outside grid dim (%d,%d,%d)", v[0], v[1], v[2],
                   k->grid[0], k->grid[1], k->grid[2]);
  int64_t linear = ((int64_t)v[2] * k->grid[1] + v[1]) * k->grid[0] + v[0];
  if (linear <= ps->last_linear)
    return tr_fail(&ps->src, "thread block (%d,%d,%d) comes after a later or equal one "
                   "(expected the grid's linear order, x fastest, each block once)", v[0], v[1], v[2]);
  ps->last_linear = linear;
  c->x = v[0];
  c->y = v[1];
  c->z = v[2];
  ps->state = S_TB;
  return 0;
}

/* "cluster id = X,Y,Z", "cluster cta = X,Y,Z", "cluster rank = R" (Hopper, 2025 post-processor). */
static int tr_cluster(tr_kparse *ps, tr_tok what, const char *rest) {
  ws_trace_cta *c = ps->cta;
  uint64_t r;
  const char *q = rest;
  tr_tok t;
  int ok;
  if (tr_is(what, "id"))
    ok = tr_triple(rest, 0, INT32_MAX, c->cluster_id) == 0;
  else if (tr_is(what, "cta"))
    ok = tr_triple(rest, 0, INT32_MAX, c->cluster_cta) == 0;
  else
    ok = tr_is(what, "rank") && tr_token(&q, &t) && tr_udec(t.s, t.len, INT32_MAX, &r) == 0 && !tr_token(&q, &t);
  if (!ok)
    return tr_fail(&ps->src, "bad cluster line (expected 'cluster id = X,Y,Z', 'cluster cta = X,Y,Z' "
                   "or 'cluster rank = R')");
  if (tr_is(what, "rank"))
    c->cluster_rank = (int)r;
  c->has_cluster = 1;
  return 0;
}

/* "warp = W": the CTA's warps come in order, all of them. */
static int tr_warp(tr_kparse *ps, const char *rest) {
  const char *q = rest;
  uint64_t w;
  tr_tok t;
  if (!tr_token(&q, &t) || tr_udec(t.s, t.len, INT32_MAX, &w) || tr_token(&q, &t))
    return tr_fail(&ps->src, "bad warp line (expected 'warp = W')");
  if (w != (uint64_t)ps->warps_seen || w >= (uint64_t)ps->k->warps_per_cta) {
    char cta[48];
    tr_cta_name(ps, cta, sizeof cta);
    return tr_fail(&ps->src, "warp %" PRIu64 " in thread block %s (expected warp %d of its %d, in order)", w, cta,
                   ps->warps_seen, ps->k->warps_per_cta);
  }
  int left = ps->threads - WS_TRACE_WARP * (int)w;
  ps->lanes = left >= WS_TRACE_WARP ? 0xffffffffu : (1u << left) - 1;
  ps->w = &ps->cta->warp[w];
  ps->warps_seen++;
  ps->state = S_WARP_HEAD;
  return 0;
}

/* "insts = N": N instruction lines follow. */
static int tr_insts(tr_kparse *ps, const char *rest) {
  const char *q = rest;
  uint64_t n;
  tr_tok t;
  if (!tr_token(&q, &t) || tr_udec(t.s, t.len, INT32_MAX, &n) || tr_token(&q, &t))
    return tr_fail(&ps->src, "bad insts line (expected 'insts = N')");
  ps->want = (int)n;
  ps->inst_cap = ps->n_mem = ps->mem_cap = 0;
  ps->state = S_WARP;
  return n == 0 ? tr_warp_done(ps) : 0;
}

/* "#END_TB": every warp of the CTA was there. */
static int tr_end_tb(tr_kparse *ps) {
  if (ps->warps_seen != ps->k->warps_per_cta) {
    char cta[48];
    tr_cta_name(ps, cta, sizeof cta);
    return tr_fail(&ps->src, "thread block %s ends after %d warps (expected %d: block dim (%d,%d,%d))", cta,
                   ps->warps_seen, ps->k->warps_per_cta, ps->k->block[0], ps->k->block[1], ps->k->block[2]);
  }
  ps->state = S_OUT;
  return 0;
}

/* What the body parser expects next, for messages. */
static const char *tr_expected(const tr_kparse *ps) {
  switch (ps->state) {
  case S_OUT:       return "#BEGIN_TB";
  case S_TB_HEAD:   return "'thread block = X,Y,Z'";
  case S_WARP_HEAD: return "'insts = N'";
  default:          return ps->warps_seen ? "'warp = W' or #END_TB" : "'warp = W', a cluster line or #END_TB";
  }
}

/* A line that is not an instruction, or one outside a warp. */
static int tr_body_keyword(tr_kparse *ps, tr_tok t0, const char *rest) {
  const char *after = rest;
  tr_tok t1, eq;
  int two = tr_token(&after, &t1);
  int has_eq = tr_token(&after, &eq) && tr_is(eq, "=");
  if (tr_is(t0, "#BEGIN_TB") && ps->state == S_OUT)
    return tr_begin_tb(ps);
  if (tr_is(t0, "#END_TB") && ps->state == S_TB)
    return tr_end_tb(ps);
  if (tr_is(t0, "thread") && two && tr_is(t1, "block") && has_eq && ps->state == S_TB_HEAD)
    return tr_thread_block(ps, after);
  if (tr_is(t0, "cluster") && two && has_eq && ps->state == S_TB && ps->warps_seen == 0)
    return tr_cluster(ps, t1, after);
  if (tr_is(t0, "warp") && two && tr_is(t1, "=") && ps->state == S_TB)
    return tr_warp(ps, t1.s + t1.len);
  if (tr_is(t0, "insts") && two && tr_is(t1, "=") && ps->state == S_WARP_HEAD)
    return tr_insts(ps, t1.s + t1.len);
  if (ps->state == S_TB && ps->warps_seen > 0 && ps->w->n_inst == ps->want && t0.s[0] != '#' &&
      !tr_is(t0, "thread") && !tr_is(t0, "cluster") && !tr_is(t0, "warp") && !tr_is(t0, "insts"))
    return tr_fail(&ps->src, "warp %d has more instruction lines than its 'insts = %d' (expected %s)",
                   ps->warps_seen - 1, ps->want, tr_expected(ps));
  return tr_fail(&ps->src, "unexpected '%.*s' (expected %s)", tr_show(t0), t0.s, tr_expected(ps));
}

/* A warp ended before its 'insts = N' lines. */
static int tr_short_warp(tr_kparse *ps, const char *found) {
  char cta[48];
  tr_cta_name(ps, cta, sizeof cta);
  return tr_fail(&ps->src, "warp %d of thread block %s has %d instruction lines, but 'insts = %d' (found %s)",
                 ps->warps_seen - 1, cta, ps->w->n_inst, ps->want, found);
}

static int tr_body_line(tr_kparse *ps, const char *line) {
  const char *rest = line;
  tr_tok t0;
  if (!tr_token(&rest, &t0))
    return 0;                                   /* blank lines separate everything */
  int keyword = t0.s[0] == '#' || t0.s[0] == '-' || tr_is(t0, "thread") || tr_is(t0, "cluster") ||
                tr_is(t0, "warp") || tr_is(t0, "insts");
  if (ps->state != S_WARP)
    return tr_body_keyword(ps, t0, rest);
  if (keyword) {
    char found[TR_SHOW + 3];
    snprintf(found, sizeof found, "'%.*s'", tr_show(t0), t0.s);
    return tr_short_warp(ps, found);
  }
  if (tr_inst(ps, line))
    return -1;
  return ps->w->n_inst == ps->want ? tr_warp_done(ps) : 0;
}

/* The end of the file: not inside a CTA. */
static int tr_body_end(tr_kparse *ps) {
  char cta[48];
  if (ps->state == S_OUT)
    return 0;
  if (ps->state == S_WARP)
    return tr_short_warp(ps, "the end of the file");
  if (ps->state == S_TB_HEAD)
    return tr_fail(&ps->src, "the file ends after #BEGIN_TB (expected 'thread block = X,Y,Z' ... #END_TB)");
  tr_cta_name(ps, cta, sizeof cta);
  return tr_fail(&ps->src, "the file ends inside thread block %s (expected %s)", cta, tr_expected(ps));
}

/* }===================================================================== */

/* {=====================================================================
** kernel-N.traceg: the whole file
** ====================================================================== */

/* The header, up to its first '#' line; a '#BEGIN_TB' there starts the body at once. */
static int tr_header(tr_kparse *ps, int *begin_tb) {
  *begin_tb = 0;
  for (;;) {
    int got = tr_next(&ps->src);
    if (got < 0)
      return -1;
    if (got == 0)
      return tr_fail(&ps->src, "the file ends in its header (expected '#traces format = ...', then #BEGIN_TB)");
    const char *p = ps->src.line;
    tr_tok t;
    if (!tr_token(&p, &t))
      continue;
    if (t.s[0] == '#') {
      *begin_tb = tr_is(t, "#BEGIN_TB");
      return tr_header_done(ps);
    }
    if (t.s[0] != '-')
      return tr_fail(&ps->src, "unexpected '%.*s' in the header (expected '-key = value' lines, then "
                     "'#traces format = ...')", tr_show(t), t.s);
    if (tr_header_line(ps, t.s))
      return -1;
  }
}

static int tr_kernel(tr_kparse *ps) {
  int begin_tb;
  if (tr_header(ps, &begin_tb))
    return -1;
  ps->state = S_OUT;
  ps->last_linear = -1;
  if (begin_tb && tr_begin_tb(ps))
    return -1;
  for (;;) {
    int got = tr_next(&ps->src);
    if (got <= 0)
      return got < 0 ? -1 : tr_body_end(ps);
    if (tr_body_line(ps, ps->src.line))
      return -1;
  }
}

void ws_trace_kernel_free(ws_trace_kernel *k) {
  if (!k)
    return;
  for (int c = 0; c < k->n_cta; c++) {
    for (int w = 0; w < k->cta[c].n_warp; w++) {
      free(k->cta[c].warp[w].inst);
      free(k->cta[c].warp[w].addr_store);
    }
    free(k->cta[c].warp);
  }
  free(k->cta);
  for (int i = 0; i < k->n_opcode; i++)
    free(k->opcode[i]);
  free(k->opcode);
  free(k->name);
  memset(k, 0, sizeof *k);
}

int ws_trace_load_kernel(ws_trace_kernel *k, const char *path, char *err, size_t n) {
  tr_kparse ps;
  int rc;
  memset(k, 0, sizeof *k);
  memset(&ps, 0, sizeof ps);
  ps.k = k;
  if (path && tr_ends_with(path, ".xz")) {
    ps.src.path = path;
    ps.src.err = err;
    ps.src.n = n;
    return tr_cannot(&ps.src, "xz-compressed; decompress it first with 'xz -dk'");
  }
  rc = tr_open(&ps.src, path, err, n);
  if (rc == 0)
    rc = tr_kernel(&ps);
  tr_close(&ps.src);
  free(ps.hash);
  free(ps.op_class);
  if (rc)
    ws_trace_kernel_free(k);
  return rc;
}

/* }===================================================================== */
