/*
** ws_kernel.c -- warpsim's workload format: the line parser, the expression
** compiler and its evaluator, and the built-in kernels (see ws_kernel.h and
** docs/warpsim.md, "Workload format").
**
** The parser reads one line at a time, with no copy and no allocation.  A
** cursor runs from the line's first character to its comment ('#') or its
** end.  The first error stops the parse and leaves one line,
** "FNAME:LINE: what is wrong", in the caller's buffer.  An expression
** compiles by precedence climbing into at most WS_EXPR_MAX postfix slots.
** The evaluator does its arithmetic in uint64_t, so overflow wraps
** (two's complement) and never reaches undefined behaviour.  Division or
** remainder by zero gives 0, and shift counts are taken modulo 64.
*/
#include "ws_kernel.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WS_GRID_MAX   ((int64_t)1 << 31)   /* grid and iterations: 1..2^31 */
#define WS_CTA_MAX    1024
#define WS_FILE_MAX   (1 << 20)            /* ws_kernel_load refuses larger files */
#define WS_SHOW       24                   /* at most this many characters of a token in a message */

/* {=====================================================================
** Expressions: bytecode and evaluator
** ====================================================================== */

/* Bytecode opcodes.  Slots 1-2 push, 3-5 are unary, the rest binary
** (ws_expr_eval relies on that order: ORDER XOP). */
enum {
  XOP_CONST = 1, XOP_VAR,
  XOP_NEG, XOP_NOT, XOP_LNOT,
  XOP_MUL, XOP_DIV, XOP_MOD, XOP_ADD, XOP_SUB, XOP_SHL, XOP_SHR,
  XOP_LT, XOP_LE, XOP_GT, XOP_GE, XOP_EQ, XOP_NE,
  XOP_AND, XOP_XOR, XOP_OR, XOP_LAND, XOP_LOR
};

/* uint64_t -> int64_t as two's complement, with no implementation-defined
** conversion (compilers reduce it to nothing). */
static int64_t ws_s64(uint64_t u) {
  return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)~u - 1;
}

static int64_t ws_binop(int op, int64_t a, int64_t b) {
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (op) {
  case XOP_MUL:  return ws_s64(ua * ub);
  /* b == -1 is negation: INT64_MIN / -1 would trap */
  case XOP_DIV:  return b == 0 ? 0 : b == -1 ? ws_s64(0 - ua) : a / b;
  case XOP_MOD:  return b == 0 || b == -1 ? 0 : a % b;
  case XOP_ADD:  return ws_s64(ua + ub);
  case XOP_SUB:  return ws_s64(ua - ub);
  case XOP_SHL:  return ws_s64(ua << (ub & 63));
  /* arithmetic shift, spelled so that it does not depend on the compiler */
  case XOP_SHR:  return a >= 0 ? (int64_t)(ua >> (ub & 63)) : ~(int64_t)(~ua >> (ub & 63));
  case XOP_LT:   return a < b;
  case XOP_LE:   return a <= b;
  case XOP_GT:   return a > b;
  case XOP_GE:   return a >= b;
  case XOP_EQ:   return a == b;
  case XOP_NE:   return a != b;
  case XOP_AND:  return a & b;
  case XOP_XOR:  return a ^ b;
  case XOP_OR:   return a | b;
  case XOP_LAND: return a && b;
  case XOP_LOR:  return a || b;
  default:       return 0;
  }
}

/* Run the postfix code on a stack.  Can't fail: an empty or malformed
** expression (not one the parser wrote) evaluates to 0. */
int64_t ws_expr_eval(const ws_expr *e, const int64_t vars[WS_VAR_N]) {
  int64_t s[WS_EXPR_MAX];
  int sp = 0;
  if (e->n < 1 || e->n > WS_EXPR_MAX)
    return 0;
  for (int i = 0; i < e->n; i++) {
    int op = e->op[i];
    if (op == XOP_CONST) {
      s[sp++] = e->arg[i];
    } else if (op == XOP_VAR) {
      s[sp++] = e->arg[i] >= 0 && e->arg[i] < WS_VAR_N ? vars[e->arg[i]] : 0;
    } else if (op <= XOP_LNOT) {
      if (sp < 1 || op < XOP_NEG)
        return 0;
      int64_t a = s[sp - 1];
      s[sp - 1] = op == XOP_NEG ? ws_s64(0 - (uint64_t)a) : op == XOP_NOT ? ~a : !a;
    } else {
      if (sp < 2)
        return 0;
      sp--;
      s[sp - 1] = ws_binop(op, s[sp - 1], s[sp]);
    }
  }
  return s[sp - 1];
}

/* The same code for the 32 lanes of a warp at once: the variables that differ
** by lane (tid, lane, gtid) are base + lane, the others base.  Each lane gets
** exactly what ws_expr_eval gives it; the interpreter's dispatch is paid once
** per warp instead of once per thread. */
static int ws_var_per_lane(int64_t v) { return v == WS_VAR_TID || v == WS_VAR_LANE || v == WS_VAR_GTID; }

/* Whether e is affine in the lane: built from constants, variables, +, -,
** negation, products with at most one lane-dependent factor and shifts by a
** lane-independent amount.  Then, in 64-bit wrapping arithmetic (a ring),
** lane l's value is exactly v0 + l * (v1 - v0). */
static int ws_expr_lane_affine(const ws_expr *e) {
  uint8_t dep[WS_EXPR_MAX];
  int sp = 0;
  if (e->n < 1 || e->n > WS_EXPR_MAX) return 0;
  for (int i = 0; i < e->n; i++) {
    int op = e->op[i];
    if (op == XOP_CONST) dep[sp++] = 0;
    else if (op == XOP_VAR) dep[sp++] = (uint8_t)ws_var_per_lane(e->arg[i]);
    else if (op <= XOP_LNOT) {
      if (sp < 1 || op < XOP_NEG || (dep[sp - 1] && op != XOP_NEG)) return 0;
    } else {
      if (sp < 2) return 0;
      sp--;
      int a = dep[sp - 1], b = dep[sp];
      if ((a || b) && !(op == XOP_ADD || op == XOP_SUB || (op == XOP_MUL && !(a && b)) || (op == XOP_SHL && !b)))
        return 0;
      dep[sp - 1] = (uint8_t)(a | b);
    }
  }
  return sp >= 1;
}

/* A symbolic run of the postfix code over linear forms: a product needs a constant factor, a
** shift a constant amount (a product by 2^(amount & 63), as ws_binop shifts); any operator on
** two constants is folded by ws_binop itself.  Anything else is not linear. */
void ws_expr_linear(const ws_expr *e, uint32_t fixed, const int64_t vars[WS_VAR_N], ws_lin *out) {
  ws_lin st[WS_EXPR_MAX];
  int sp = 0;
  memset(out, 0, sizeof *out);
  if (e->n < 1 || e->n > WS_EXPR_MAX) return;
  for (int i = 0; i < e->n; i++) {
    int op = e->op[i];
    if (op == XOP_CONST || op == XOP_VAR) {
      ws_lin *t = &st[sp++];
      memset(t, 0, sizeof *t);
      int v = op == XOP_VAR && e->arg[i] >= 0 && e->arg[i] < WS_VAR_N ? (int)e->arg[i] : -1;
      if (op == XOP_CONST) t->c0 = (uint64_t)e->arg[i];
      else if (v >= 0 && (fixed >> v & 1)) t->c0 = (uint64_t)vars[v];
      else if (v >= 0) t->k[v] = 1;          /* (an unknown variable reads 0, as in ws_expr_eval) */
      continue;
    }
    if (op <= XOP_LNOT) {
      if (sp < 1 || op < XOP_NEG) return;
      ws_lin *a = &st[sp - 1];
      int konst = 1;
      for (int v = 0; v < WS_VAR_N; v++) konst &= a->k[v] == 0;
      if (op == XOP_NEG) {
        a->c0 = 0 - a->c0;
        for (int v = 0; v < WS_VAR_N; v++) a->k[v] = 0 - a->k[v];
      } else if (!konst) return;
      else a->c0 = op == XOP_NOT ? ~a->c0 : (uint64_t)!a->c0;
      continue;
    }
    if (sp < 2) return;
    sp--;
    ws_lin *a = &st[sp - 1], *b = &st[sp];
    int ka = 1, kb = 1;
    for (int v = 0; v < WS_VAR_N; v++) { ka &= a->k[v] == 0; kb &= b->k[v] == 0; }
    if (ka && kb) a->c0 = (uint64_t)ws_binop(op, (int64_t)a->c0, (int64_t)b->c0);
    else if (op == XOP_ADD || op == XOP_SUB) {
      uint64_t sg = op == XOP_ADD ? 1 : (uint64_t)-1;
      a->c0 += sg * b->c0;
      for (int v = 0; v < WS_VAR_N; v++) a->k[v] += sg * b->k[v];
    } else if (op == XOP_MUL || (op == XOP_SHL && kb)) {
      uint64_t f;
      if (op == XOP_SHL) f = (uint64_t)1 << (b->c0 & 63);
      else if (kb) f = b->c0;
      else if (ka) { f = a->c0; *a = *b; }
      else return;
      a->c0 *= f;
      for (int v = 0; v < WS_VAR_N; v++) a->k[v] *= f;
    } else return;
  }
  *out = st[sp - 1];
  out->ok = 1;
}

void ws_lin_lanes(const ws_lin *l, const int64_t base[WS_VAR_N], uint64_t *v0, uint64_t *d) {
  uint64_t a = l->c0, step = 0;
  for (int v = 0; v < WS_VAR_N; v++) {
    a += l->k[v] * (uint64_t)base[v];
    if (ws_var_per_lane(v)) step += l->k[v];
  }
  *v0 = a;
  *d = step;
}

void ws_lin_eval_warp(const ws_lin *l, const int64_t base[WS_VAR_N], int64_t out[32]) {
  uint64_t v0, d;
  ws_lin_lanes(l, base, &v0, &d);
  for (int lane = 0; lane < 32; lane++) out[lane] = ws_s64(v0 + (uint64_t)lane * d);
}

void ws_expr_eval_warp(const ws_expr *e, const int64_t base[WS_VAR_N], int64_t out[32]) {
  if (e->lane_affine) {
    int64_t next[WS_VAR_N];
    for (int v = 0; v < WS_VAR_N; v++) next[v] = ws_var_per_lane(v) ? ws_s64((uint64_t)base[v] + 1) : base[v];
    uint64_t v0 = (uint64_t)ws_expr_eval(e, base), d = (uint64_t)ws_expr_eval(e, next) - v0;
    for (int l = 0; l < 32; l++) out[l] = ws_s64(v0 + (uint64_t)l * d);
    return;
  }
  int64_t s[WS_EXPR_MAX][32];
  int sp = 0;
  if (e->n < 1 || e->n > WS_EXPR_MAX) {
    memset(out, 0, 32 * sizeof *out);
    return;
  }
  for (int i = 0; i < e->n; i++) {
    int op = e->op[i];
    if (op == XOP_CONST) {
      for (int l = 0; l < 32; l++) s[sp][l] = e->arg[i];
      sp++;
    } else if (op == XOP_VAR) {
      int v = e->arg[i] >= 0 && e->arg[i] < WS_VAR_N ? (int)e->arg[i] : -1;
      int64_t b = v < 0 ? 0 : base[v];
      int per_lane = ws_var_per_lane(v);
      for (int l = 0; l < 32; l++) s[sp][l] = per_lane ? ws_s64((uint64_t)b + (uint64_t)l) : b;
      sp++;
    } else if (op <= XOP_LNOT) {
      if (sp < 1 || op < XOP_NEG) {
        memset(out, 0, 32 * sizeof *out);
        return;
      }
      int64_t *a = s[sp - 1];
      for (int l = 0; l < 32; l++) a[l] = op == XOP_NEG ? ws_s64(0 - (uint64_t)a[l]) : op == XOP_NOT ? ~a[l] : !a[l];
    } else {
      if (sp < 2) {
        memset(out, 0, 32 * sizeof *out);
        return;
      }
      sp--;
      int64_t *a = s[sp - 1], *b = s[sp];
      switch (op) {   /* the common operators as plain loops; the rest through ws_binop */
      case XOP_ADD: for (int l = 0; l < 32; l++) a[l] = ws_s64((uint64_t)a[l] + (uint64_t)b[l]); break;
      case XOP_SUB: for (int l = 0; l < 32; l++) a[l] = ws_s64((uint64_t)a[l] - (uint64_t)b[l]); break;
      case XOP_MUL: for (int l = 0; l < 32; l++) a[l] = ws_s64((uint64_t)a[l] * (uint64_t)b[l]); break;
      default:      for (int l = 0; l < 32; l++) a[l] = ws_binop(op, a[l], b[l]); break;
      }
    }
  }
  memcpy(out, s[sp - 1], 32 * sizeof *out);
}

/* }===================================================================== */

/* {=====================================================================
** The parser: cursor, errors, tokens
** ====================================================================== */

typedef struct ws_parser {
  const char *fname;        /* for messages */
  int         line;         /* current line, from 1 */
  const char *p, *end;      /* cursor; 'end' is the line's '#', newline or NUL */
  char       *err;          /* caller's buffer ... */
  size_t      n;            /* ... and its size */
  ws_expr    *e;            /* expression being compiled */
  int         depth;        /* nesting of '(' and unary operators in it */
  int         key_line[4];  /* line of each header key (ORDER KEY), 0 = not yet */
  int         header;       /* compiling a header value: parameters only, no thread variables */
  const ws_kernel *k;       /* its parameters, for expressions */
  const ws_kargs  *args;    /* --param NAME=VALUE (NULL: none) */
  int         arg_used[WS_MAX_KARGS];
} ws_parser;

enum { KEY_KERNEL = 0, KEY_GRID, KEY_CTA, KEY_ITERATIONS };       /* ORDER KEY */
static const char *const ws_keys[] = { "kernel", "grid", "cta", "iterations" };

/* Opcodes; 'add', 'mul' and 'mad' are spellings of 'alu'.  The message list
** WS_OPCODE_LIST follows the table (ORDER OPC). */
static const struct { const char *s; int op; } ws_opcodes[] = {
  { "ld", WS_OP_LD }, { "st", WS_OP_ST }, { "alu", WS_OP_ALU }, { "add", WS_OP_ALU },
  { "mul", WS_OP_ALU }, { "mad", WS_OP_ALU }, { "sfu", WS_OP_SFU }, { "bar", WS_OP_BAR },
};
#define WS_OPCODE_LIST "ld, st, alu, add, mul, mad, sfu, bar"

/* Variable names, indexed by enum ws_var (ORDER VAR). */
static const char *const ws_vars[WS_VAR_N] = {
  "tid", "ctaid", "iter", "lane", "warp", "gtid", "ntid", "nctaid"
};
#define WS_VAR_LIST "tid, ctaid, iter, lane, warp, gtid, ntid, nctaid"

/* Binary operators with C's precedence (higher binds tighter).  A spelling
** comes before any shorter one it starts with ("<<" and "<=" before "<"). */
static const struct { const char *s; int op, prec; } ws_binops[] = {
  { "||", XOP_LOR, 1 }, { "&&", XOP_LAND, 2 }, { "|", XOP_OR, 3 }, { "^", XOP_XOR, 4 },
  { "&", XOP_AND, 5 }, { "==", XOP_EQ, 6 }, { "!=", XOP_NE, 6 },
  { "<=", XOP_LE, 7 }, { ">=", XOP_GE, 7 }, { "<<", XOP_SHL, 8 }, { ">>", XOP_SHR, 8 },
  { "<", XOP_LT, 7 }, { ">", XOP_GT, 7 }, { "+", XOP_ADD, 9 }, { "-", XOP_SUB, 9 },
  { "*", XOP_MUL, 10 }, { "/", XOP_DIV, 10 }, { "%", XOP_MOD, 10 },
};

/* Write "FNAME:LINE: message" into the caller's buffer.  Returns -1. */
__attribute__((format(printf, 2, 3)))
static int ws_fail(ws_parser *ps, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ws_vfail_at(ps->err, ps->n, ps->fname, ps->line, fmt, ap);
  va_end(ap);
  return -1;
}

/* An error that is not at a line of the text (file, unknown built-in). */
__attribute__((format(printf, 3, 4)))
static int ws_err(char *err, size_t n, const char *fmt, ...) {
  if (err && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static int ws_isid(int c) { return isalnum((unsigned char)c) || c == '_'; }

static void ws_skip(ws_parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' ||
                             *ps->p == '\v' || *ps->p == '\f'))
    ps->p++;
}

static int ws_at_end(ws_parser *ps) { ws_skip(ps); return ps->p >= ps->end; }

static int ws_accept(ws_parser *ps, char c) {
  ws_skip(ps);
  if (ps->p < ps->end && *ps->p == c) {
    ps->p++;
    return 1;
  }
  return 0;
}

/* Length of the token at the cursor, for quoting it: a run of name
** characters, a run of non-ASCII bytes (one UTF-8 character is not cut in
** half), or else one character; at most WS_SHOW. */
static int ws_toklen(const ws_parser *ps) {
  const char *q = ps->p;
  int high = q < ps->end && (unsigned char)*q >= 0x80;
  if (q < ps->end && !high && !ws_isid(*q))
    return 1;
  while (q < ps->end && q - ps->p < WS_SHOW &&
         (high ? (unsigned char)*q >= 0x80 : ws_isid(*q)))
    q++;
  return (int)(q - ps->p);
}

/* "missing WHAT" at the end of the line, else "expected WHAT, found 'TOKEN'". */
static int ws_fail_at(ws_parser *ps, const char *what) {
  if (ws_at_end(ps))
    return ws_fail(ps, "missing %s", what);
  return ws_fail(ps, "expected %s, found '%.*s'", what, ws_toklen(ps), ps->p);
}

/* A name ([A-Za-z_][A-Za-z0-9_]*) at the cursor: its length (0: none) and start. */
static int ws_word(ws_parser *ps, const char **w) {
  ws_skip(ps);
  *w = ps->p;
  if (ps->p < ps->end && (isalpha((unsigned char)*ps->p) || *ps->p == '_'))
    while (ps->p < ps->end && ws_isid(*ps->p))
      ps->p++;
  return (int)(ps->p - *w);
}

static int ws_is(const char *w, int len, const char *s) {
  return (size_t)len == strlen(s) && memcmp(w, s, (size_t)len) == 0;
}

/* A literal at the cursor (which is on a digit): decimal or 0x hex, then an
** optional K, M or G (x 2^10, 2^20, 2^30).  0 ok; -1: too large for int64_t,
** or letters glued to it. */
static int ws_number(ws_parser *ps, int64_t *v) {
  const char *s = ps->p, *q = ps->p;
  uint64_t x = 0, base = 10;
  int digits = 0, big = 0;
  if (ps->end - q > 1 && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
    base = 16;
    q += 2;
  }
  for (; q < ps->end; q++, digits++) {
    int c = (unsigned char)*q, d;
    if (isdigit(c))
      d = c - '0';
    else if (base == 16 && isxdigit(c))
      d = tolower(c) - 'a' + 10;
    else
      break;
    if (x > ((uint64_t)INT64_MAX - (uint64_t)d) / base)
      big = 1;
    else
      x = x * base + (uint64_t)d;
  }
  if (digits && q < ps->end && strchr("KkMmGg", *q)) {
    int shift = *q == 'K' || *q == 'k' ? 10 : *q == 'M' || *q == 'm' ? 20 : 30;
    if (x > (uint64_t)INT64_MAX >> shift)
      big = 1;
    else
      x <<= shift;
    q++;
  }
  const char *t = q;
  while (t < ps->end && ws_isid(*t))
    t++;
  int shown = t - s < WS_SHOW ? (int)(t - s) : WS_SHOW;
  if (!digits || t != q)
    return ws_fail(ps, "bad number '%.*s'", shown, s);
  if (big)
    return ws_fail(ps, "number '%.*s' is too large (at most 2^63-1)", shown, s);
  ps->p = q;
  *v = (int64_t)x;
  return 0;
}

/* }===================================================================== */

/* {=====================================================================
** Expression compiler: precedence climbing into postfix slots
** ====================================================================== */

static int ws_emit(ws_parser *ps, int op, int64_t arg) {
  ws_expr *e = ps->e;
  if (e->n >= WS_EXPR_MAX)
    return ws_fail(ps, "expression too long (more than %d terms and operators)", WS_EXPR_MAX);
  e->op[e->n] = (uint8_t)op;
  e->arg[e->n] = arg;
  e->n++;
  return 0;
}

static int ws_ex_binary(ws_parser *ps, int minprec);

/* unary := ('-' | '~' | '!') unary | '(' expr ')' | number | variable */
static int ws_ex_unary(ws_parser *ps) {
  ws_skip(ps);
  if (ps->p >= ps->end)
    return ws_fail(ps, "expression ends early (expected a number, a variable or '(')");
  char c = *ps->p;
  if (c == '-' || c == '~' || c == '!' || c == '(') {
    int rc;
    if (++ps->depth > WS_EXPR_MAX)
      return ws_fail(ps, "expression nested too deeply (more than %d levels)", WS_EXPR_MAX);
    ps->p++;
    if (c == '(') {
      rc = ws_ex_binary(ps, 1);
      if (rc == 0 && !ws_accept(ps, ')'))
        rc = ws_fail_at(ps, "')'");
    } else {
      rc = ws_ex_unary(ps);
      if (rc == 0)
        rc = ws_emit(ps, c == '-' ? XOP_NEG : c == '~' ? XOP_NOT : XOP_LNOT, 0);
    }
    ps->depth--;
    return rc;
  }
  if (isdigit((unsigned char)c)) {
    int64_t v;
    return ws_number(ps, &v) ? -1 : ws_emit(ps, XOP_CONST, v);
  }
  const char *w;
  int len = ws_word(ps, &w);
  if (len == 0)
    return ws_fail(ps, "expected a number, a variable or '(', found '%.*s'", ws_toklen(ps), ps->p);
  for (int i = 0; ps->k && i < ps->k->n_param; i++)
    if (ws_is(w, len, ps->k->param[i].name))
      return ws_emit(ps, XOP_CONST, ps->k->param[i].value);   /* a constant of this run */
  int shown = len < WS_SHOW ? len : WS_SHOW;
  if (ps->header) {
    for (int i = 0; i < WS_VAR_N; i++)
      if (ws_is(w, len, ws_vars[i]))
        return ws_fail(ps, "'%s' in a header value (numbers and parameters only)", ws_vars[i]);
    return ws_fail(ps, "unknown name '%.*s' in a header value (numbers and the kernel's parameters)", shown, w);
  }
  for (int i = 0; i < WS_VAR_N; i++)
    if (ws_is(w, len, ws_vars[i]))
      return ws_emit(ps, XOP_VAR, i);
  return ws_fail(ps, "unknown variable '%.*s' (" WS_VAR_LIST "%s)", shown, w,
                 ps->k && ps->k->n_param ? ", or a parameter" : "");
}

/* Operands and operators of precedence >= minprec; left-associative. */
static int ws_ex_binary(ws_parser *ps, int minprec) {
  if (ws_ex_unary(ps))
    return -1;
  for (;;) {
    int i, found = -1;
    ws_skip(ps);
    for (i = 0; i < (int)(sizeof ws_binops / sizeof ws_binops[0]); i++) {
      size_t len = strlen(ws_binops[i].s);
      if ((size_t)(ps->end - ps->p) >= len && memcmp(ps->p, ws_binops[i].s, len) == 0) {
        found = i;
        break;
      }
    }
    if (found < 0) {
      if (ps->p < ps->end && *ps->p == '=')
        return ws_fail(ps, "'=' is not an operator (did you mean '=='?)");
      return 0;
    }
    if (ws_binops[found].prec < minprec)
      return 0;
    ps->p += strlen(ws_binops[found].s);
    if (ws_ex_binary(ps, ws_binops[found].prec + 1) || ws_emit(ps, ws_binops[found].op, 0))
      return -1;
  }
}

static int ws_expr_compile(ws_parser *ps, ws_expr *e) {
  memset(e, 0, sizeof *e);
  ps->e = e;
  ps->depth = 0;
  int rc = ws_ex_binary(ps, 1);
  e->lane_affine = (uint8_t)(rc == 0 && ws_expr_lane_affine(e));   /* once per expression, not per warp */
  return rc;
}

/* }===================================================================== */

/* {=====================================================================
** Lines: header keys and instructions
** ====================================================================== */

/* register := 'r' digits, r0..r63 */
static int ws_reg(ws_parser *ps, int *r) {
  const char *w;
  int len = ws_word(ps, &w), v = 0;
  if (len == 0)
    return ws_fail_at(ps, "a register (r0..r63)");
  int shown = len < WS_SHOW ? len : WS_SHOW;
  if (len < 2 || w[0] != 'r')
    return ws_fail(ps, "bad register '%.*s' (r0..r%d)", shown, w, WS_MAX_REGS - 1);
  for (int i = 1; i < len; i++) {
    if (!isdigit((unsigned char)w[i]))
      return ws_fail(ps, "bad register '%.*s' (r0..r%d)", shown, w, WS_MAX_REGS - 1);
    if (v < WS_MAX_REGS)           /* saturate: r99999999999 is out of range, not wrapped */
      v = v * 10 + (w[i] - '0');
  }
  if (v >= WS_MAX_REGS)
    return ws_fail(ps, "register %.*s is out of range (r0..r%d)", shown, w, WS_MAX_REGS - 1);
  *r = v;
  return 0;
}

/* address := '[' expr ']' */
static int ws_addr(ws_parser *ps, ws_expr *e) {
  if (!ws_accept(ps, '['))
    return ws_fail_at(ps, "'[' before the address");
  if (ws_expr_compile(ps, e))
    return -1;
  if (!ws_accept(ps, ']'))
    return ws_fail_at(ps, "']' after the address");
  return 0;
}

/* A header key's number: 'grid', 'cta' and 'iterations' take lo..hi; a constant expression
** over the kernel's parameters ('iterations passes*footprint/1024'). */
static int ws_key_number(ws_parser *ps, const char *key, int64_t lo, int64_t hi, int64_t *v) {
  ws_skip(ps);
  if (ps->p >= ps->end) {
    char what[48];
    snprintf(what, sizeof what, "a number after '%s'", key);
    return ws_fail_at(ps, what);
  }
  ws_expr e;
  int64_t none[WS_VAR_N] = {0};
  ps->header = 1;
  int rc = ws_expr_compile(ps, &e);
  ps->header = 0;
  if (rc)
    return -1;
  *v = ws_expr_eval(&e, none);
  if (*v < lo || *v > hi)
    return ws_fail(ps, "%s %" PRId64 " is out of range (legal: %" PRId64 "..%" PRId64 ")", key, *v, lo, hi);
  return 0;
}

static int ws_header(ws_parser *ps, ws_kernel *k, int key) {
  const char *name = ws_keys[key];
  int64_t v;
  if (k->n_inst > 0)
    return ws_fail(ps, "'%s' after the first instruction (header keys come first)", name);
  if (ps->key_line[key])
    return ws_fail(ps, "duplicate '%s' (first given on line %d)", name, ps->key_line[key]);
  ps->key_line[key] = ps->line;
  switch (key) {
  case KEY_KERNEL: {
    ws_skip(ps);
    const char *s = ps->p;
    while (ps->p < ps->end && (ws_isid(*ps->p) || *ps->p == '.' || *ps->p == '-'))
      ps->p++;
    int len = (int)(ps->p - s);
    if (len == 0)
      return ws_fail_at(ps, "a kernel name (letters, digits, '_', '.', '-')");
    if (len >= (int)sizeof k->name)
      return ws_fail(ps, "kernel name '%.*s...' is too long (at most %d characters)",
                     WS_SHOW, s, (int)sizeof k->name - 1);
    memcpy(k->name, s, (size_t)len);
    k->name[len] = '\0';
    break;
  }
  case KEY_GRID:
    if (ws_key_number(ps, name, 1, WS_GRID_MAX, &v))
      return -1;
    k->grid = v;
    break;
  case KEY_CTA:
    if (ws_key_number(ps, name, 1, WS_CTA_MAX, &v))
      return -1;
    k->cta = (int)v;
    break;
  default:
    if (ws_key_number(ps, name, 1, WS_GRID_MAX, &v))
      return -1;
    k->iterations = v;
    break;
  }
  if (!ws_at_end(ps))
    return ws_fail(ps, "unexpected '%.*s' after '%s'", ws_toklen(ps), ps->p, name);
  return 0;
}

static int ws_param_number(ws_parser *ps, const char *what, int64_t *v) {
  ws_skip(ps);
  if (ps->p >= ps->end || !isdigit((unsigned char)*ps->p))
    return ws_fail_at(ps, what);
  return ws_number(ps, v);
}

/* param := 'param' NAME DEFAULT LO '..' HI: the run's value is DEFAULT unless --param NAME=V */
static int ws_param(ws_parser *ps, ws_kernel *k) {
  const char *w;
  if (k->n_inst > 0)
    return ws_fail(ps, "'param' after the first instruction (header keys come first)");
  if (k->n_param == WS_MAX_KPARAMS)
    return ws_fail(ps, "too many parameters (at most %d)", WS_MAX_KPARAMS);
  int len = ws_word(ps, &w);
  if (len == 0 || isdigit((unsigned char)w[0]))
    return ws_fail_at(ps, "a parameter name after 'param'");
  if (len >= (int)sizeof k->param[0].name)
    return ws_fail(ps, "parameter name '%.*s...' is too long (at most %d characters)", WS_SHOW, w,
                   (int)sizeof k->param[0].name - 1);
  for (int i = 0; i < WS_VAR_N; i++)
    if (ws_is(w, len, ws_vars[i]))
      return ws_fail(ps, "parameter '%s' has a variable's name (" WS_VAR_LIST ")", ws_vars[i]);
  for (int i = 0; i < k->n_param; i++)
    if (ws_is(w, len, k->param[i].name))
      return ws_fail(ps, "duplicate parameter '%s'", k->param[i].name);
  ws_kparam *pm = &k->param[k->n_param];
  memset(pm, 0, sizeof *pm);
  memcpy(pm->name, w, (size_t)len);
  if (ws_param_number(ps, "a default value after the parameter's name", &pm->def) ||
      ws_param_number(ps, "its legal range LO..HI after the default", &pm->lo))
    return -1;
  if (!(ps->end - ps->p >= 2 && ps->p[0] == '.' && ps->p[1] == '.'))
    return ws_fail_at(ps, "'..' in the legal range LO..HI");
  ps->p += 2;
  if (ws_param_number(ps, "the range's upper end after '..'", &pm->hi))
    return -1;
  if (pm->lo > pm->hi || pm->def < pm->lo || pm->def > pm->hi)
    return ws_fail(ps, "parameter %s: default %" PRId64 " is not in %" PRId64 "..%" PRId64, pm->name, pm->def,
                   pm->lo, pm->hi);
  if (!ws_at_end(ps))
    return ws_fail(ps, "unexpected '%.*s' after the parameter's range", ws_toklen(ps), ps->p);
  pm->value = pm->def;
  for (int a = 0; ps->args && a < ps->args->n; a++) {   /* this run's value */
    const char *kv = ps->args->kv[a], *eq = strchr(kv, '=');
    if (!eq || (size_t)(eq - kv) != strlen(pm->name) || memcmp(kv, pm->name, (size_t)(eq - kv)))
      continue;
    char *end;
    errno = 0;
    long long v = strtoll(eq + 1, &end, 0);
    if (errno || end == eq + 1 || *end || v < pm->lo || v > pm->hi)
      return ws_err(ps->err, ps->n, "--param %s: %s = '%s' is out of range (legal: %" PRId64 "..%" PRId64 ")",
                    kv, pm->name, eq + 1, pm->lo, pm->hi);
    pm->value = v;
    ps->arg_used[a] = 1;
  }
  k->n_param++;
  return 0;
}

/* 'grid' and 'cta' are required; checked at the first instruction and at the end. */
static int ws_need_keys(ws_parser *ps) {
  if (!ps->key_line[KEY_GRID])
    return ws_fail(ps, "missing 'grid N' (the number of CTAs; required before the first instruction)");
  if (!ps->key_line[KEY_CTA])
    return ws_fail(ps, "missing 'cta N' (threads per CTA; required before the first instruction)");
  return 0;
}

/* line := [ '@' '(' expr ')' ] ( key value | instruction ) ; the cursor is on
** the line's first non-blank character. */
static int ws_line(ws_parser *ps, ws_kernel *k) {
  ws_expr mask;
  const char *w;
  int has_mask = 0;
  memset(&mask, 0, sizeof mask);
  if (ws_accept(ps, '@')) {
    if (!ws_accept(ps, '('))
      return ws_fail_at(ps, "'(' after '@'");
    if (ws_expr_compile(ps, &mask))
      return -1;
    if (!ws_accept(ps, ')'))
      return ws_fail_at(ps, "')' after the active mask");
    has_mask = 1;
  }
  int len = ws_word(ps, &w);
  if (len == 0)
    return ws_fail_at(ps, "an opcode (" WS_OPCODE_LIST ")");
  int shown = len < WS_SHOW ? len : WS_SHOW;
  for (int key = 0; key < (int)(sizeof ws_keys / sizeof ws_keys[0]); key++)
    if (ws_is(w, len, ws_keys[key])) {
      if (has_mask)
        return ws_fail(ps, "'%s' is a header key and takes no active mask", ws_keys[key]);
      return ws_header(ps, k, key);
    }
  if (ws_is(w, len, "param")) {
    if (has_mask)
      return ws_fail(ps, "'param' is a header key and takes no active mask");
    return ws_param(ps, k);
  }
  int op = -1;
  for (int i = 0; i < (int)(sizeof ws_opcodes / sizeof ws_opcodes[0]); i++)
    if (ws_is(w, len, ws_opcodes[i].s))
      op = ws_opcodes[i].op;
  if (op < 0)
    return ws_fail(ps, "unknown opcode '%.*s' (" WS_OPCODE_LIST ")", shown, w);
  if (k->n_inst == WS_MAX_INST)
    return ws_fail(ps, "too many instructions (at most %d)", WS_MAX_INST);
  if (k->n_inst == 0 && ws_need_keys(ps))
    return -1;

  ws_inst *in = &k->inst[k->n_inst];
  memset(in, 0, sizeof *in);
  in->op = op;
  in->dst = -1;
  k->mask[k->n_inst] = mask;
  in->pc = (uint32_t)k->n_inst;
  in->line = ps->line;
  switch (op) {
  case WS_OP_LD:                                /* ld rD, [addr] */
    if (ws_reg(ps, &in->dst))
      return -1;
    if (!ws_accept(ps, ','))
      return ws_fail_at(ps, "',' after the destination register");
    if (ws_addr(ps, &k->addr[k->n_inst]))
      return -1;
    break;
  case WS_OP_ST:                                /* st [addr], rS */
    if (ws_addr(ps, &k->addr[k->n_inst]))
      return -1;
    if (!ws_accept(ps, ','))
      return ws_fail_at(ps, "',' after the address");
    if (ws_reg(ps, &in->src[0]))
      return -1;
    in->nsrc = 1;
    break;
  case WS_OP_ALU:                               /* alu rD {, rS} (0..3 sources) */
  case WS_OP_SFU:
    if (ws_reg(ps, &in->dst))
      return -1;
    while (ws_accept(ps, ',')) {
      if (in->nsrc == WS_MAX_SRC)
        return ws_fail(ps, "too many source registers (at most %d)", WS_MAX_SRC);
      if (ws_reg(ps, &in->src[in->nsrc]))
        return -1;
      in->nsrc++;
    }
    break;
  default:                                      /* bar */
    break;
  }
  if (!ws_at_end(ps))
    return ws_fail(ps, "unexpected '%.*s' after the instruction", ws_toklen(ps), ps->p);
  k->n_inst++;
  return 0;
}

/* The default name: the base name of 'fname' without its extension. */
static void ws_default_name(ws_kernel *k, const char *fname) {
  const char *base = fname, *s;
  for (s = fname; *s; s++)
    if (*s == '/' || *s == '\\')
      base = s + 1;
  const char *dot = strrchr(base, '.');
  size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
  if (len == 0) {
    base = "kernel";
    len = strlen(base);
  }
  if (len >= sizeof k->name)
    len = sizeof k->name - 1;
  memcpy(k->name, base, len);
  k->name[len] = '\0';
}

int ws_kernel_parse(ws_kernel *k, const char *text, const char *fname, char *err, size_t n) {
  return ws_kernel_parse_args(k, text, fname, NULL, err, n);
}

int ws_kernel_parse_args(ws_kernel *k, const char *text, const char *fname, const ws_kargs *args,
                         char *err, size_t n) {
  ws_parser ps;
  memset(&ps, 0, sizeof ps);
  ps.fname = fname && *fname ? fname : "kernel";
  ps.err = err;
  ps.n = n;
  ps.k = k;
  ps.args = args;
  memset(k, 0, sizeof *k);
  k->iterations = 1;
  ws_default_name(k, ps.fname);
  if (err && n)
    err[0] = '\0';

  const char *s = text ? text : "";
  while (*s) {
    const char *eol = strchr(s, '\n');
    if (!eol)
      eol = s + strlen(s);
    const char *hash = memchr(s, '#', (size_t)(eol - s));
    ps.line++;
    ps.p = s;
    ps.end = hash ? hash : eol;
    if (!ws_at_end(&ps) && ws_line(&ps, k))
      return -1;
    s = *eol ? eol + 1 : eol;
  }
  /* whole-text errors point at the last line */
  if (ps.line == 0)
    ps.line = 1;
  if (ws_need_keys(&ps))
    return -1;
  if (k->n_inst == 0)
    return ws_fail(&ps, "no instructions (a kernel needs at least one)");
  for (int a = 0; args && a < args->n; a++)   /* a --param this kernel does not declare */
    if (!ps.arg_used[a]) {
      size_t used = 0;
      ws_err(err, n, "--param %s: kernel %s has no such parameter (", args->kv[a], k->name);
      for (int i = 0; i < k->n_param; i++) {
        used = strlen(err);
        ws_err(err + used, n - used, "%s%s %" PRId64 "..%" PRId64, i ? ", " : "", k->param[i].name,
               k->param[i].lo, k->param[i].hi);
      }
      used = strlen(err);
      ws_err(err + used, n - used, "%s)", k->n_param ? "" : "it has none");
      return -1;
    }

  for (int i = 0; i < k->n_inst; i++) {
    const ws_inst *in = &k->inst[i];
    if (in->dst + 1 > k->n_regs)
      k->n_regs = in->dst + 1;
    for (int j = 0; j < in->nsrc; j++)
      if (in->src[j] + 1 > k->n_regs)
        k->n_regs = in->src[j] + 1;
  }
  return 0;
}

int ws_kernel_load(ws_kernel *k, const char *path, const ws_kargs *args, char *err, size_t n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return ws_err(err, n, "%s: cannot read (%s)", path, strerror(errno));
  size_t cap = 4096, len = 0;
  char *buf = malloc(cap);
  int rc = 0;
  if (!buf)
    rc = ws_err(err, n, "%s: cannot read (out of memory)", path);
  while (rc == 0) {
    if (len + 1 == cap) {                       /* keep room for the NUL */
      if (cap > WS_FILE_MAX) {
        rc = ws_err(err, n, "%s: cannot read (larger than %d bytes)", path, WS_FILE_MAX);
        break;
      }
      char *more = realloc(buf, cap * 2);
      if (!more) {
        rc = ws_err(err, n, "%s: cannot read (out of memory)", path);
        break;
      }
      buf = more;
      cap *= 2;
    }
    size_t got = fread(buf + len, 1, cap - 1 - len, f);
    len += got;
    if (got == 0) {
      if (ferror(f))
        rc = ws_err(err, n, "%s: cannot read (%s)", path, strerror(errno));
      break;
    }
  }
  fclose(f);
  if (rc == 0 && len > WS_FILE_MAX)
    rc = ws_err(err, n, "%s: cannot read (larger than %d bytes)", path, WS_FILE_MAX);
  if (rc == 0 && memchr(buf, '\0', len))
    rc = ws_err(err, n, "%s: cannot read (not a text file: it holds a NUL byte)", path);
  if (rc == 0) {
    buf[len] = '\0';
    rc = ws_kernel_parse_args(k, buf, path, args, err, n);
  }
  free(buf);
  return rc;
}

int64_t ws_kernel_insts(const ws_kernel *k) {
  if (k->trace)
    return k->trace->n_inst;
  int64_t cta = ws_kernel_cta_insts(k, 32);
  return cta && k->grid > INT64_MAX / cta ? INT64_MAX : cta * k->grid;
}

int64_t ws_kernel_cta_insts(const ws_kernel *k, int warp_size) {
  if (warp_size < 1)
    return 0;
  int64_t per_iter = (int64_t)(k->cta + warp_size - 1) / warp_size * k->n_inst;
  if (per_iter == 0)
    return 0;
  if (k->iterations > INT64_MAX / per_iter)     /* iterations overridden absurdly high */
    return INT64_MAX;
  return per_iter * k->iterations;
}

/* }===================================================================== */

/* {=====================================================================
** Built-in kernels: one per benchmark class of the papers.  Each is small
** (a few thousand warp-instructions on the default text) so that it runs
** quickly on a tiny machine; warpsim lets the user scale grid and
** iterations.  Arrays live at distinct 16 MB bases (0x1000000,
** 0x2000000, ...) so two arrays never share a line.
** ====================================================================== */

static const char ws_k_stream[] =
  "# stream: coalesced and memory-bound, a STREAM-like vector add; each warp\n"
  "# reads two 128-byte lines and writes one per iteration, one ALU op between.\n"
  "# The grid walks the arrays in grid-sized steps (grid-stride loop).\n"
  "kernel stream\n"
  "grid 8\n"
  "cta 128\n"
  "iterations 8\n"
  "ld  r1, [0x1000000 + 4*gtid + 4*ntid*nctaid*iter]\n"
  "ld  r2, [0x2000000 + 4*gtid + 4*ntid*nctaid*iter]\n"
  "add r3, r1, r2\n"
  "st  [0x3000000 + 4*gtid + 4*ntid*nctaid*iter], r3\n";

static const char ws_k_compute[] =
  "# compute: ALU/SFU-bound; one load in the first iteration (later iterations\n"
  "# predicate it off), then two interleaved dependent chains of ALU and SFU ops.\n"
  "kernel compute\n"
  "grid 4\n"
  "cta 128\n"
  "iterations 8\n"
  "@(iter == 0) ld r1, [0x1000000 + 4*gtid]\n"
  "alu r2, r1, r1\n"
  "alu r10, r1\n"
  "mad r3, r2, r2, r1\n"
  "mul r11, r10, r10\n"
  "sfu r4, r3\n"
  "sfu r12, r11\n"
  "mad r5, r4, r3, r2\n"
  "alu r13, r12, r11\n"
  "sfu r6, r5\n"
  "mad r14, r13, r12, r11\n"
  "alu r1, r6, r14              # both chains meet and carry into the next iteration\n";

static const char ws_k_cache_reuse[] =
  "# cache_reuse: cache-sensitive; each CTA sweeps its own working set of\n"
  "# 'footprint' bytes (1 KB an iteration) 'passes' times, reading every line\n"
  "# once a pass: hits only while the L1 holds the sets of all resident CTAs\n"
  "# (the reuse distance is footprint x resident CTAs).\n"
  "kernel cache_reuse\n"
  "param footprint 4096 1024..16777216   # bytes per CTA (a multiple of 1024)\n"
  "param passes 8 1..4096                # sweeps over it\n"
  "grid 4\n"
  "cta 128\n"
  "iterations passes*footprint/1024\n"
  "ld  r1, [0x1000000 + footprint*ctaid + 4*((tid + 256*iter) % (footprint/4))]\n"
  "ld  r2, [0x1000000 + footprint*ctaid + 4*((tid + 256*iter + 128) % (footprint/4))]\n"
  "alu r3, r1, r2\n"
  "alu r4, r3, r4               # accumulate\n";

static const char ws_k_uncoalesced[] =
  "# uncoalesced: divergent, kmeans-like; lane l reads feature 'iter' of point\n"
  "# l % lines of its warp's 32 (128 bytes each), so one warp load touches\n"
  "# 'lines' lines (the divergence degree; re-touched by the next iterations:\n"
  "# intra-warp locality); the update is predicated.\n"
  "kernel uncoalesced\n"
  "param lines 32 1..32         # distinct lines per warp load\n"
  "grid 4\n"
  "cta 64\n"
  "iterations 8\n"
  "ld  r1, [0x1000000 + 4096*(gtid/32) + 128*(lane % lines) + 4*iter]\n"
  "ld  r2, [0x2000000 + 128*iter + 4*lane]   # a cluster centre: coalesced, shared\n"
  "alu r3, r1, r2\n"
  "@(lane % 4 == 0) alu r4, r3, r4\n"
  "@(lane < 8) st [0x3000000 + 4*gtid + 4*ntid*nctaid*iter], r4\n";

static const char ws_k_tia[] =
  "# tia: thread-invariant loads (APOGEE's TIA class); every thread of the grid\n"
  "# reads the same coefficient (the address has no thread id, only the\n"
  "# iteration), plus a coalesced load that strides by the grid's footprint.\n"
  "kernel tia\n"
  "grid 4\n"
  "cta 128\n"
  "iterations 8\n"
  "ld  r1, [0x1000000 + 8*iter]\n"
  "ld  r2, [0x2000000 + 4*gtid + 4*ntid*nctaid*iter]\n"
  "mul r3, r1, r2\n"
  "st  [0x3000000 + 4*gtid + 4*ntid*nctaid*iter], r3\n";

static const char ws_k_cta_stride[] =
  "# cta_stride: per-CTA base addresses (CAPS' class); each CTA owns a 64 KB\n"
  "# tile, a warp reads base + warp*128 + lane*4, and the tile advances by the\n"
  "# CTA's 512-byte footprint per iteration: a stride learnable once per CTA.\n"
  "kernel cta_stride\n"
  "grid 8\n"
  "cta 128\n"
  "iterations 8\n"
  "ld  r1, [0x1000000 + 0x10000*ctaid + 128*warp + 4*lane + 512*iter]\n"
  "ld  r2, [0x2000000 + 0x10000*ctaid + 128*warp + 4*lane + 512*iter]\n"
  "alu r3, r1, r2\n"
  "st  [0x3000000 + 0x10000*ctaid + 128*warp + 4*lane + 512*iter], r3\n";

static const char ws_k_cta_tile[] =
  "# cta_tile: CAPS' CTA-tiled class (a matrix multiply's tile loads): each warp\n"
  "# computes its tile's index ('prologue' iterations of 8 dependent ALU ops),\n"
  "# then loads one line of each of two tiles and stores one, once (predicated to\n"
  "# the last iteration: one PC each).  A CTA's tiles sit at irregular bases\n"
  "# (4 KB x (37 x ctaid mod 4096), distinct for 4,096 CTAs), its warps 128\n"
  "# bytes apart: CAPS' base + stride x warp id.  Warps that start the prologue\n"
  "# later (a two-level scheduler's pending warps) load later than their CTA's\n"
  "# leading warp: the loads CAPS prefetches for.\n"
  "kernel cta_tile\n"
  "param prologue 4 1..4096    # iterations of index arithmetic before the loads\n"
  "grid 4\n"
  "cta 256\n"
  "iterations prologue\n"
  "alu r5, r5, r6\n"
  "alu r6, r5\n"
  "alu r5, r6\n"
  "alu r6, r5\n"
  "alu r5, r6\n"
  "alu r6, r5\n"
  "alu r5, r6\n"
  "alu r6, r5\n"
  "@(iter == prologue - 1) ld r1, [0x1000000 + 0x1000*((37*ctaid) % 4096) + 128*warp + 4*lane]\n"
  "@(iter == prologue - 1) ld r2, [0x2000000 + 0x1000*((53*ctaid) % 4096) + 128*warp + 4*lane]\n"
  "@(iter == prologue - 1) alu r3, r1, r2\n"
  "@(iter == prologue - 1) st [0x3000000 + 4*gtid], r3\n";

static const char ws_k_shared_read[] =
  "# shared_read: inter-core locality (BFS-like, the MIB class); the CTAs of a\n"
  "# group of 'sharing' read the same two lines per iteration (by default every\n"
  "# CTA: one group), so misses from different SMs meet at the L2; plus\n"
  "# private data.  sharing = 1: nothing shared.\n"
  "kernel shared_read\n"
  "param sharing 1073741824 1..1073741824   # CTAs that read the same lines\n"
  "grid 8\n"
  "cta 128\n"
  "iterations 8\n"
  "ld  r1, [0x1000000 + 0x100000*(ctaid / sharing) + 4*(tid % 64) + 256*iter]\n"
  "ld  r2, [0x2000000 + 4*gtid + 4*ntid*nctaid*iter]\n"
  "alu r3, r1, r2\n"
  "st  [0x3000000 + 4*gtid + 4*ntid*nctaid*iter], r3\n";

static const char ws_k_phases[] =
  "# phases: memory-bound and compute-bound phases of 'phase' iterations each\n"
  "# (Equalizer's kernels that change character as they run): in even phases\n"
  "# the loads and the store run, in odd ones they are predicated off and a\n"
  "# chain of SFU and ALU work is what is left.\n"
  "kernel phases\n"
  "param phase 4 1..1048576     # iterations per phase\n"
  "grid 4\n"
  "cta 128\n"
  "iterations 16\n"
  "@((iter / phase) % 2 == 0) ld r1, [0x1000000 + 4*gtid + 4*ntid*nctaid*iter]\n"
  "@((iter / phase) % 2 == 0) ld r2, [0x2000000 + 4*gtid + 4*ntid*nctaid*iter]\n"
  "add r3, r1, r2\n"
  "sfu r4, r3\n"
  "mad r5, r4, r4, r3\n"
  "sfu r6, r5\n"
  "mad r7, r6, r6, r5\n"
  "sfu r8, r7\n"
  "alu r1, r8, r7\n"
  "@((iter / phase) % 2 == 0) st [0x3000000 + 4*gtid + 4*ntid*nctaid*iter], r1\n";

static const char ws_k_fig4_2[] =
  "# fig4_2: the workload of the thesis' Fig. 4.2 (Mascar); three warps, each\n"
  "# with two coalesced loads of its own lines (A, B) and four dependent adds.\n"
  "kernel fig4_2\n"
  "grid 3\n"
  "cta 32\n"
  "iterations 1\n"
  "ld  r1, [4*gtid]              # A\n"
  "ld  r2, [4*gtid + 0x100000]   # B\n"
  "add r3, r1, r2\n"
  "add r4, r3, r3\n"
  "add r5, r4, r4\n"
  "add r6, r5, r5\n";

/* ORDER BUILTIN: the names and the texts go in the same order */
static const char *const ws_builtin_names[] = {
  "stream", "compute", "cache_reuse", "uncoalesced", "tia", "cta_stride", "cta_tile", "shared_read", "phases", "fig4_2", NULL
};
static const char *const ws_builtin_texts[] = {
  ws_k_stream, ws_k_compute, ws_k_cache_reuse, ws_k_uncoalesced, ws_k_tia, ws_k_cta_stride, ws_k_cta_tile,
  ws_k_shared_read, ws_k_phases, ws_k_fig4_2
};
_Static_assert(sizeof ws_builtin_names / sizeof ws_builtin_names[0] ==
               sizeof ws_builtin_texts / sizeof ws_builtin_texts[0] + 1, "ORDER BUILTIN");

const char *const *ws_kernel_builtins(void) { return ws_builtin_names; }

const char *ws_kernel_builtin_text(const char *name) {
  for (int i = 0; name && ws_builtin_names[i]; i++)
    if (strcmp(name, ws_builtin_names[i]) == 0)
      return ws_builtin_texts[i];
  return NULL;
}

int ws_kernel_builtin(ws_kernel *k, const char *name, const ws_kargs *args, char *err, size_t n) {
  const char *text = ws_kernel_builtin_text(name);
  if (text)
    return ws_kernel_parse_args(k, text, name, args, err, n);
  if (err && n) {
    size_t used = 0;
    ws_err(err, n, "unknown kernel '%s' (", name ? name : "");
    for (int i = 0; ws_builtin_names[i]; i++) {
      used = strlen(err);
      ws_err(err + used, n - used, "%s%s", i ? ", " : "", ws_builtin_names[i]);
    }
    used = strlen(err);
    ws_err(err + used, n - used, ")");
  }
  return -1;
}

/* }===================================================================== */
