/*
** ws_tstream.c -- a traced kernel (ws_trace.h) as warpsim runs it: per CTA
** and warp, each dynamic SASS instruction one ws_inst on warpsim's pipes,
** with its active lanes, its per-lane addresses and its register
** dependences.  The mapping and what it drops: docs/trace_format.md.
**
** Registers.  A warp in warpsim has 64 registers (the block slots' payloads
** and the register-file cache name them with 6 bits); a SASS kernel names up
** to 255 R, 63 UR and 7 P/UP registers.  Each warp's stream is renamed:
** every value (a write, or a register read before any write) gets one of the
** 64 from its first event to its last read, and a register whose value is
** dead is free for the next value -- least recently freed first, so a slot
** still being written is taken last.  True dependences (read after write)
** are all kept; more than 64 values alive at once share a register, which
** can only add waiting (counted as 'shared_regs').
*/
#include "ws_trace.h"

#include <stdlib.h>
#include <string.h>

#define UREGS   (4 * 256)          /* a register's unified id: kind * 256 + number */
#define NO_REG  (-1)

/* the unified id of a trace operand; NO_REG for the zero registers (no dependence) */
static int ws_ureg(uint16_t r) {
  int kind = WS_TRACE_REG_KIND(r), num = WS_TRACE_REG_NUM(r);
  if ((kind == WS_TRACE_REG_R && num == 255) || (kind == WS_TRACE_REG_UR && num == 63) ||
      ((kind == WS_TRACE_REG_P || kind == WS_TRACE_REG_UP) && num == 7))
    return NO_REG;                                /* RZ, URZ, PT, UPT */
  return kind * 256 + num;
}

/* warpsim's pipe for an opcode class: what it does not model issues on the ALU */
static int ws_op_of(const ws_trace_inst *t) {
  switch (t->cls) {
  case WS_TC_SFU: return WS_OP_SFU;
  case WS_TC_LD:  return t->addr && t->ndst ? WS_OP_LD : WS_OP_ALU;   /* LDGSTS: no register written */
  case WS_TC_ST:  return t->addr ? WS_OP_ST : WS_OP_ALU;
  case WS_TC_BAR: return WS_OP_BAR;
  default:        return WS_OP_ALU;                 /* ALU, and shared, atomic, branch, unmodelled */
  }
}

/* an instruction's operands as unified ids: the first destination, and the distinct sources; OP
** becomes ALU for a load whose only destination is a zero register (nothing to wait for) */
typedef struct ws_ops {
  int dst, nsrc, src[WS_TRACE_MAX_SRC];
} ws_ops;

static void ws_operands(const ws_trace_inst *t, int *op, ws_ops *o) {
  o->dst = NO_REG;
  for (int d = 0; d < t->ndst && o->dst == NO_REG; d++) o->dst = ws_ureg(t->dst[d]);
  if (*op == WS_OP_ST || *op == WS_OP_BAR) o->dst = NO_REG;
  if (*op == WS_OP_LD && o->dst == NO_REG) *op = WS_OP_ALU;
  o->nsrc = 0;
  for (int q = 0; q < t->nsrc; q++) {
    int r = ws_ureg(t->src[q]), dup = r == NO_REG;
    for (int u = 0; u < o->nsrc && !dup; u++) dup = o->src[u] == r;
    if (!dup) o->src[o->nsrc++] = r;
  }
}

/* the 64 registers not holding a value, least recently freed first */
typedef struct ws_free {
  uint8_t  q[WS_MAX_REGS];
  int      head, count;
  uint64_t in;                    /* bit r: register r is in the queue */
} ws_free;

static void ws_free_put(ws_free *f, int r) {
  if (f->in >> r & 1) return;
  f->in |= (uint64_t)1 << r;
  f->q[(f->head + f->count++) % WS_MAX_REGS] = (uint8_t)r;
}

static int ws_free_take(ws_free *f, int ureg, uint64_t *shared) {
  if (!f->count) { (*shared)++; return ureg % WS_MAX_REGS; }   /* all 64 hold live values: share one */
  int r = f->q[f->head];
  f->head = (f->head + 1) % WS_MAX_REGS;
  f->count--;
  f->in &= ~((uint64_t)1 << r);
  return r;
}

enum { EV_NONE = 0, EV_READ, EV_WRITE };

/* scratch of one conversion: per unified register, its next event (backward pass) and its
** register (forward pass); per instruction of the longest warp, its write is never read */
typedef struct ws_scratch {
  uint8_t next[UREGS];
  int     map[UREGS];
  uint8_t load_dst[UREGS];        /* some load of the kernel writes it */
  int16_t alias[UREGS];           /* the register whose value a read of this one reads (wide loads) */
  uint8_t *dead;
} ws_scratch;

/* one warp: its trace instructions into OUT[0..n_inst) */
static void ws_stream_warp(const ws_trace_warp *tw, ws_inst *out, int inst_bytes, ws_scratch *x, ws_streams *s) {
  int m = tw->n_inst;
  ws_ops o;
  /* forward: the operands as unified ids.  A wide load writes consecutive registers and the tracer
  ** lists the first (LDG.E.128 R4 writes R4..R7): a later read of R5 reads what the load wrote */
  for (int r = 0; r < UREGS; r++) x->alias[r] = (int16_t)r;
  for (int i = 0; i < m; i++) {
    const ws_trace_inst *t = &tw->inst[i];
    ws_inst *in = &out[i];
    int op = ws_op_of(t);
    ws_operands(t, &op, &o);
    memset(in, 0, sizeof *in);
    in->op = op;
    in->cls = t->cls;
    in->lanes = t->mask;
    in->pc = t->pc / (uint32_t)inst_bytes;
    in->addr = op == WS_OP_LD || op == WS_OP_ST ? t->addr : NULL;
    for (int q = 0; q < o.nsrc; q++) {
      int u = x->alias[o.src[q]], dup = 0;
      for (int v = 0; v < in->nsrc && !dup; v++) dup = in->src[v] == u;
      if (!dup) in->src[in->nsrc++] = u;
    }
    in->dst = o.dst;
    if (o.dst != NO_REG) {
      x->alias[o.dst] = (int16_t)o.dst;
      int parts = op == WS_OP_LD && o.dst < 256 && t->width > 4 ? t->width / 4 : 1;   /* R registers only */
      for (int j = 1; j < parts && o.dst + j < 255; j++) x->alias[o.dst + j] = (int16_t)o.dst;
    }
  }
  /* backward: which reads are a value's last, which writes are never read */
  memset(x->next, EV_NONE, sizeof x->next);
  for (int i = m - 1; i >= 0; i--) {
    ws_inst *in = &out[i];
    for (int q = 0; q < in->nsrc; q++) {
      if (x->next[in->src[q]] != EV_READ) in->last_read |= (uint8_t)(1u << q);
      in->ll_mark |= x->load_dst[in->src[q]];
    }
    x->dead[i] = in->dst != NO_REG && x->next[in->dst] != EV_READ;
    if (in->dst != NO_REG) x->next[in->dst] = EV_WRITE;
    for (int q = 0; q < in->nsrc; q++) x->next[in->src[q]] = EV_READ;   /* read before the write */
  }
  /* forward: each value to one of the 64 registers */
  ws_free f = {.head = 0};
  for (int r = 0; r < WS_MAX_REGS; r++) ws_free_put(&f, r);
  for (int r = 0; r < UREGS; r++) x->map[r] = NO_REG;
  for (int i = 0; i < m; i++) {
    ws_inst *in = &out[i];
    int u;
    for (int q = 0; q < in->nsrc; q++) {
      u = in->src[q];
      if (x->map[u] == NO_REG) x->map[u] = ws_free_take(&f, u, &s->shared_regs);   /* read before any write */
      in->src[q] = x->map[u];
      if (in->last_read >> q & 1) x->map[u] = NO_REG;   /* its value is dead after this read */
    }
    for (int q = 0; q < in->nsrc; q++)            /* free after all reads: the write may take one */
      if (in->last_read >> q & 1) ws_free_put(&f, in->src[q]);
    if ((u = in->dst) != NO_REG) {
      /* its old value still read by this instruction keeps its register (the same register) */
      if (x->map[u] == NO_REG) x->map[u] = ws_free_take(&f, u, &s->shared_regs);
      in->dst = x->map[u];
      if (x->dead[i]) { x->map[u] = NO_REG; ws_free_put(&f, in->dst); }
    }
    s->by_class[in->cls]++;
  }
}

int ws_streams_build(ws_streams *s, ws_kernel *k, const ws_trace_kernel *t, char *err, size_t n) {
  memset(s, 0, sizeof *s);
  int wpc = t->warps_per_cta;
  int64_t warps = (int64_t)t->n_cta * wpc;
  s->warps_per_cta = wpc;
  s->inst_bytes = t->binary_version > 0 && t->binary_version < 70 ? 8 : 16;
  s->n_inst = t->n_inst;
  s->warp = calloc((size_t)(warps ? warps : 1), sizeof *s->warp);
  s->n = calloc((size_t)(warps ? warps : 1), sizeof *s->n);
  s->store = calloc((size_t)(t->n_inst ? t->n_inst : 1), sizeof *s->store);
  int longest = 1;
  for (int c = 0; c < t->n_cta; c++)
    for (int w = 0; w < wpc; w++)
      if (t->cta[c].warp[w].n_inst > longest) longest = t->cta[c].warp[w].n_inst;
  ws_scratch *x = calloc(1, sizeof *x);
  if (x) x->dead = malloc((size_t)longest);
  if (!s->warp || !s->n || !s->store || !x || !x->dead) {
    if (x) free(x->dead);
    free(x);
    ws_streams_free(s);
    snprintf(err, n, "%s: out of memory for its %lld warp-instructions", t->name && *t->name ? t->name : "kernel",
             (long long)t->n_inst);
    return -1;
  }
  /* the long-latency mark: registers some load of the kernel writes (as the compiler knows them) */
  for (int c = 0; c < t->n_cta; c++)
    for (int w = 0; w < wpc; w++)
      for (int i = 0; i < t->cta[c].warp[w].n_inst; i++) {
        const ws_trace_inst *ti = &t->cta[c].warp[w].inst[i];
        ws_ops o;
        int op = ws_op_of(ti);
        ws_operands(ti, &op, &o);
        if (op == WS_OP_LD && o.dst != NO_REG) x->load_dst[o.dst] = 1;
      }
  ws_inst *at = s->store;
  for (int c = 0; c < t->n_cta; c++)
    for (int w = 0; w < wpc; w++) {
      const ws_trace_warp *tw = &t->cta[c].warp[w];
      int64_t wi = (int64_t)c * wpc + w;
      s->warp[wi] = at;
      s->n[wi] = tw->n_inst;
      ws_stream_warp(tw, at, s->inst_bytes, x, s);
      at += tw->n_inst;
    }
  free(x->dead);
  free(x);
  /* the kernel as the SMs see it */
  memset(k, 0, sizeof *k);
  const char *name = t->name && *t->name ? t->name : "trace";
  snprintf(k->name, sizeof k->name, "%s", name);
  k->grid = t->n_cta;
  k->cta = t->block[0] * t->block[1] * t->block[2];
  k->iterations = 1;
  k->n_regs = WS_MAX_REGS;
  k->trace = s;
  return 0;
}

void ws_streams_free(ws_streams *s) {
  free(s->warp);
  free(s->n);
  free(s->store);
  memset(s, 0, sizeof *s);
}
