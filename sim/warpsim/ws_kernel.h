/*
** ws_kernel.h -- warpsim's workloads: kernels in a small text format
** (grammar in docs/warpsim.md) and the built-in kernels for the papers'
** benchmark classes.
**
** A kernel is a grid of CTAs of 'cta' threads each; every warp runs the body
** 'iterations' times, in order, one instruction after another.  Loads and
** stores carry an address expression over the thread's ids, the iteration
** and constants; any instruction may carry an active-mask expression
** (divergence as predication: an instruction whose mask is empty still issues).
*/
#ifndef WS_KERNEL_H
#define WS_KERNEL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* "PATH:LINE: message" into ERR (N bytes), for the workload readers (ws_kernel.c, ws_trace.c).
** Returns -1, so a reader can 'return ws_vfail_at(...)'. */
static inline int ws_vfail_at(char *err, size_t n, const char *path, int line, const char *fmt, va_list ap) {
  if (err && n) {
    int k = snprintf(err, n, "%s:%d: ", path, line);
    if (k >= 0 && (size_t)k < n) vsnprintf(err + k, n - (size_t)k, fmt, ap);
  }
  return -1;
}

#define WS_MAX_INST     256   /* instructions in a kernel body */
#define WS_MAX_REGS     64    /* registers r0..r63 */
#define WS_MAX_SRC      3
#define WS_EXPR_MAX     64    /* bytecode slots of one expression */

enum ws_op { WS_OP_ALU = 0, WS_OP_SFU, WS_OP_LD, WS_OP_ST, WS_OP_BAR };

/* The variables an expression may read (one thread's view). */
enum ws_var {
  WS_VAR_TID = 0,   /* thread index in its CTA, 0..cta-1 */
  WS_VAR_CTAID,     /* CTA index in the grid, 0..grid-1 */
  WS_VAR_ITER,      /* loop iteration, 0..iterations-1 */
  WS_VAR_LANE,      /* tid % 32 */
  WS_VAR_WARP,      /* tid / 32: warp index in its CTA */
  WS_VAR_GTID,      /* ctaid * cta + tid */
  WS_VAR_NTID,      /* cta (threads per CTA) */
  WS_VAR_NCTAID,    /* grid (CTAs) */
  WS_VAR_N
};

/* A compiled expression: postfix bytecode over 64-bit signed integers.
** Division or remainder by zero evaluates to 0 (never traps). */
typedef struct ws_expr {
  int      n;                       /* slots used; 0 = no expression */
  uint8_t  op[WS_EXPR_MAX];         /* implementation-defined opcodes */
  int64_t  arg[WS_EXPR_MAX];        /* constant or variable index */
  uint8_t  lane_affine;             /* set by the parser: affine in the lane (ws_expr_eval_warp's shortcut) */
} ws_expr;

int64_t ws_expr_eval(const ws_expr *e, const int64_t vars[WS_VAR_N]);
/* An expression as c0 + sum of k[v] * var v, in 64-bit wrapping arithmetic (where that is what
** it computes: ws_expr_linear) */
typedef struct ws_lin {
  int      ok;
  uint64_t c0, k[WS_VAR_N];
} ws_lin;
/* E with the variables in FIXED (bits) at their values in VARS (a run's NTID and NCTAID) as a
** linear form: out->ok = 1, or 0 where E is not one (ws_expr_eval_warp then) */
void    ws_expr_linear(const ws_expr *e, uint32_t fixed, const int64_t vars[WS_VAR_N], ws_lin *out);
/* the linear form over a warp: lane l's value is v0 + l * d (64-bit wrapping) */
void    ws_lin_lanes(const ws_lin *l, const int64_t base[WS_VAR_N], uint64_t *v0, uint64_t *d);
/* ws_expr_eval_warp's values from the linear form */
void    ws_lin_eval_warp(const ws_lin *l, const int64_t base[WS_VAR_N], int64_t out[32]);
/* the 32 lanes of a warp: base holds lane 0's variables; out[l] is lane l's value */
void    ws_expr_eval_warp(const ws_expr *e, const int64_t base[WS_VAR_N], int64_t out[32]);

#define WS_INST_SRC     8     /* source registers an instruction holds (a traced one up to this many) */

/* One instruction as the SM sees it: a text kernel's body instruction, or one dynamic
** instruction of a traced warp (ws_tstream.c).  The body's expressions are in the kernel
** (addr[], mask[] by body index); a traced instruction carries its lanes and addresses. */
typedef struct ws_inst {
  int     op;                       /* enum ws_op */
  int     dst;                      /* destination register, -1 for none (st, bar) */
  int     nsrc;                     /* source registers */
  int     src[WS_INST_SRC];
  uint8_t last_read;                /* bit q: source q is the register's last read (the RFC's compiler hint) */
  uint8_t ll_mark;                  /* a source is some load's destination (the two-level scheduler's mark) */
  uint8_t cls;                      /* traced: its opcode's class (enum ws_trace_class); text: 0 */
  uint32_t pc;                      /* the PC the prefetchers and OAWS see: the body index, or the traced
                                    ** PC over the instruction size */
  uint32_t lanes;                   /* traced: the active lanes */
  const uint64_t *addr;             /* traced loads and stores: the 32 lanes' byte addresses */
  int     line;                     /* source line (for messages); traced: 0 */
} ws_inst;

/* A traced kernel's instructions, per CTA (in the trace's order) and warp (ws_tstream.c). */
typedef struct ws_streams {
  int        warps_per_cta;
  ws_inst  **warp;                  /* [cta * warps_per_cta + w]: the warp's instructions in order */
  int       *n;                     /* their counts */
  ws_inst   *store;                 /* everything the above point into */
  uint64_t  *addr_store;
  int64_t    n_inst;                /* all warps' instructions */
  uint64_t   by_class[16];          /* warp-instructions per enum ws_trace_class */
  uint64_t   shared_regs;           /* destinations that found no free register of the 64 and shared one */
  int        inst_bytes;            /* bytes per SASS instruction (16 from Volta on, else 8) */
} ws_streams;

#define WS_MAX_KPARAMS  8     /* 'param' lines of a kernel */
#define WS_MAX_KARGS    16    /* --param NAME=VALUE of one run */

/* A kernel parameter: 'param NAME DEFAULT LO..HI' in the header; expressions and the header's
** numbers may use NAME, and --param NAME=VALUE sets it for a run. */
typedef struct ws_kparam {
  char    name[24];
  int64_t value, def, lo, hi;
} ws_kparam;

/* The parameter values of one run, "NAME=VALUE" each, as given (--param) */
typedef struct ws_kargs {
  int         n;
  const char *kv[WS_MAX_KARGS];
} ws_kargs;

typedef struct ws_kernel {
  char    name[32];
  int       n_param;
  ws_kparam param[WS_MAX_KPARAMS];
  int64_t grid;                     /* CTAs, >= 1 */
  int     cta;                      /* threads per CTA, 1..1024 */
  int64_t iterations;               /* body repetitions per warp, >= 1 (a traced kernel: 1) */
  int     n_regs;                   /* highest register used + 1 */
  int     n_inst;
  ws_inst inst[WS_MAX_INST];
  ws_expr addr[WS_MAX_INST];        /* ld/st: byte address of the thread's access */
  ws_expr mask[WS_MAX_INST];        /* active when non-zero; n == 0: every thread of the CTA active */
  const ws_streams *trace;          /* a traced kernel: its warps' instructions (inst[] unused); else NULL */
} ws_kernel;

/* Parse kernel text; 'fname' names it in messages ("FNAME:LINE: ...").  ARGS (NULL: none) set
** its parameters: a value out of the parameter's range, or a name it does not declare, is an
** error naming --param.  0 ok; -1 with a one-line err. */
int ws_kernel_parse(ws_kernel *k, const char *text, const char *fname, char *err, size_t n);
int ws_kernel_parse_args(ws_kernel *k, const char *text, const char *fname, const ws_kargs *args,
                         char *err, size_t n);
/* Read and parse a file.  0 ok; -1 with err ("PATH: cannot read ..." or a parse error). */
int ws_kernel_load(ws_kernel *k, const char *path, const ws_kargs *args, char *err, size_t n);
/* A built-in kernel by name.  0 ok; -1: unknown (err lists the names). */
int ws_kernel_builtin(ws_kernel *k, const char *name, const ws_kargs *args, char *err, size_t n);
/* NULL-terminated names of the built-in kernels, and the text of one (NULL if unknown). */
const char *const *ws_kernel_builtins(void);
const char *ws_kernel_builtin_text(const char *name);
/* Warp-instructions one CTA executes: warps per CTA x iterations x n_inst. */
int64_t ws_kernel_cta_insts(const ws_kernel *k, int warp_size);
/* Warp-instructions of the whole kernel (warps of 32): every CTA's, or the traced warps'. */
int64_t ws_kernel_insts(const ws_kernel *k);

#endif
