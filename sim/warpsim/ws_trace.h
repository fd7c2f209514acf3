/*
** ws_trace.h -- a reader for Accel-Sim's SASS traces (the files its NVBit
** tracer and post-processor write): the command list 'kernelslist.g' and
** one 'kernel-N.traceg' per traced launch.  The format, what is kept and
** what is dropped: docs/trace_format.md.
**
** A kernel loads whole into memory: per thread block (CTA), per warp, the
** warp's dynamic instructions in execution order, each with its PC, active
** mask, registers, opcode (and its class) and, for memory instructions, the
** 32 per-lane addresses.  Loading allocates; the free functions release
** everything.  A load that fails frees what it allocated and leaves the
** structure zeroed, with one line in 'err': "PATH:LINE: what is wrong (what
** was expected)", or "PATH: cannot read (reason)".
*/
#ifndef WS_TRACE_H
#define WS_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "ws_kernel.h"

#define WS_TRACE_MAX_DST  4     /* destination registers of one instruction (the tracer writes 0 or 1) */
#define WS_TRACE_MAX_SRC  8     /* source registers (the tracer writes at most 5) */
#define WS_TRACE_WARP     32    /* lanes per warp; masks and address arrays have this many */

/* What warpsim would do with an instruction, from its base opcode (the text
** before the first '.').  The table, and where it comes from, is in
** ws_trace.c; docs/trace_format.md lists it. */
enum ws_trace_class {
  WS_TC_ALU = 0,      /* integer, single-precision, conversion, move, uniform datapath */
  WS_TC_SFU,          /* MUFU and double precision (GPGPU-Sim's SFU takes DP_OP) */
  WS_TC_LD,           /* global, local and generic loads: LDG, LDL, LD, LDGSTS */
  WS_TC_ST,           /* global, local and generic stores: STG, STL, ST */
  WS_TC_SHARED,       /* shared-memory loads and stores: LDS, STS, LDSM, STSM */
  WS_TC_ATOMIC,       /* atomics and reductions in memory: ATOM, ATOMG, ATOMS, RED */
  WS_TC_BAR,          /* CTA barrier: BAR */
  WS_TC_BRANCH,       /* control flow: BRA, EXIT, CALL, RET, BSSY, BSYNC, WARPSYNC ... */
  WS_TC_UNMODELLED,   /* tensor, texture, surface, fences, and any opcode not in the table */
  WS_TC_N
};

/* A register operand: its kind in the high byte, its number in the low one.
** R255 is RZ and UR63 is URZ (always zero: no dependence). */
enum ws_trace_reg_kind { WS_TRACE_REG_R = 0, WS_TRACE_REG_UR, WS_TRACE_REG_P, WS_TRACE_REG_UP };
#define WS_TRACE_REG(kind, num)  ((uint16_t)(((unsigned)(kind) << 8) | ((unsigned)(num) & 0xffu)))
#define WS_TRACE_REG_KIND(r)     ((int)((r) >> 8))
#define WS_TRACE_REG_NUM(r)      ((int)((r) & 0xffu))

/* How the addresses were written (kept for statistics; the decoded
** addresses are the same whatever the form). */
enum ws_trace_addr_form {
  WS_TRACE_ADDR_LIST = 0,     /* one address per active lane */
  WS_TRACE_ADDR_STRIDE = 1,   /* base and a constant stride */
  WS_TRACE_ADDR_DELTA = 2,    /* base and one delta per further active lane */
  WS_TRACE_ADDR_NONE = 255    /* not a memory instruction */
};

typedef struct ws_trace_inst {
  uint32_t        pc;           /* byte offset of the instruction in its function */
  uint32_t        mask;         /* active and not predicated off; bit i = lane i */
  const char     *opcode;       /* full SASS opcode, e.g. "LDG.E.128"; interned in the kernel */
  const uint64_t *addr;         /* memory instructions: 32 addresses, 0 for inactive lanes; else NULL */
  int32_t         imm;          /* the tracer's immediate (tracer 4 late, 5, 6); 0 when absent */
  uint32_t        line;         /* source line with '-enable lineinfo = 1', else 0 */
  uint16_t        dst[WS_TRACE_MAX_DST];   /* WS_TRACE_REG values */
  uint16_t        src[WS_TRACE_MAX_SRC];
  uint8_t         ndst, nsrc;
  uint8_t         cls;          /* enum ws_trace_class */
  uint8_t         width;        /* bytes per lane as written (the tracer derives it from the opcode); 0 = not memory */
  uint8_t         addr_form;    /* enum ws_trace_addr_form */
} ws_trace_inst;

typedef struct ws_trace_warp {
  int            n_inst;
  ws_trace_inst *inst;          /* in execution order */
  uint64_t      *addr_store;    /* 32 addresses per memory instruction; inst[i].addr points in here */
} ws_trace_warp;

typedef struct ws_trace_cta {
  int            x, y, z;       /* 'thread block = X,Y,Z' */
  int            has_cluster;   /* any 'cluster ...' line (Hopper traces, 2025 post-processor) */
  int            cluster_id[3], cluster_cta[3], cluster_rank;
  int            n_warp;        /* always the kernel's warps_per_cta */
  ws_trace_warp *warp;          /* warp[i] is 'warp = i' */
} ws_trace_cta;

typedef struct ws_trace_kernel {
  /* the header ('-key = value' lines); absent keys leave 0 or "" */
  char          *name;          /* '-kernel name': the mangled name ("" if absent) */
  int            id;            /* '-kernel id': the launch ordinal N of kernel-N */
  int            grid[3];       /* '-grid dim' (required) */
  int            block[3];      /* '-block dim' (required; at most 1024 threads) */
  int            shmem;         /* '-shmem': shared bytes per CTA, static + dynamic */
  int            nregs;         /* '-nregs': registers per thread */
  int            binary_version;   /* '-binary version': SM major*10+minor (70, 75, 80, 86, 90 ...) */
  uint64_t       stream_id;     /* '-cuda stream id' */
  uint64_t       shmem_base;    /* '-shmem base_addr': generic address of the shared window */
  uint64_t       local_base;    /* '-local mem base_addr' */
  char           nvbit_version[16];
  char           tracer_version_text[16];   /* '-accelsim tracer version' as written, e.g. "1.2" */
  int            tracer_version;   /* its integer part: 0 (absent), 1, 3, 4, 5, 6 */
  int            lineinfo;      /* '-enable lineinfo': lines start with a source line number */
  /* the body */
  int            warps_per_cta; /* ceil(block threads / 32) */
  int            n_cta;         /* thread blocks in the file (empty ones are not written) */
  ws_trace_cta  *cta;           /* in file order, which is the grid's linear order */
  int64_t        n_inst;        /* warp-instructions in all CTAs */
  int            n_opcode;      /* distinct opcode strings */
  char         **opcode;
} ws_trace_kernel;

enum ws_trace_cmd_kind { WS_TRACE_CMD_KERNEL = 0, WS_TRACE_CMD_MEMCPY };

/* One command of kernelslist.g, in file order. */
typedef struct ws_trace_cmd {
  int       kind;               /* enum ws_trace_cmd_kind */
  int       line;               /* its line in the list */
  char     *path;               /* kernel: the trace file, the list's folder + '/' + the line; memcpy: NULL */
  uint64_t  addr, bytes;        /* memcpy: 'MemcpyHtoD,ADDR,BYTES' (a host-to-device copy) */
} ws_trace_cmd;

typedef struct ws_trace_list {
  int           n_cmd;
  ws_trace_cmd *cmd;
  int           n_kernel, n_memcpy;
  int           n_ignored;      /* other lines, ignored as Accel-Sim does (e.g. 'cudaMalloc,...' of some forks) */
  int           first_ignored;  /* line of the first of them; 0 if none */
} ws_trace_list;

/* Read kernelslist.g.  0 ok; -1 with err and *l zeroed. */
int  ws_trace_load_list(ws_trace_list *l, const char *path, char *err, size_t n);
void ws_trace_list_free(ws_trace_list *l);

/* Read one kernel-N.traceg (not .xz: decompress first).  0 ok; -1 with err
** and *k zeroed. */
int  ws_trace_load_kernel(ws_trace_kernel *k, const char *path, char *err, size_t n);
void ws_trace_kernel_free(ws_trace_kernel *k);

/* The class of a SASS opcode, with or without modifiers ("MUFU.RSQ" or
** "MUFU"); WS_TC_UNMODELLED for an opcode the table does not know. */
int         ws_trace_opcode_class(const char *opcode);
/* "alu", "sfu", "ld", "st", "shared", "atomic", "bar", "branch", "unmodelled" */
const char *ws_trace_class_name(int cls);

/* The kernel as warpsim runs it (ws_tstream.c): K gets T's CTAs, threads and name, and S each
** warp's instructions (K->trace = S; S points into T, which must outlive both).  0 ok; -1 with
** err (out of memory). */
int  ws_streams_build(ws_streams *s, ws_kernel *k, const ws_trace_kernel *t, char *err, size_t n);
void ws_streams_free(ws_streams *s);

#endif
