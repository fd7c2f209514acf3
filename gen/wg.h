/*
** wg.h -- the block-descriptor contract of the warpgen generator.
**
** A block is described once (gen/blocks/<family>.c) by a 'wg_block': its
** parameters and presets, its ports and storage as functions of the
** parameters, and its RTL emitter.  Everything the generator writes -- the
** Verilog module, the C I/O header, the Verilator glue, the tables printed
** by 'warpgen describe' -- is derived from that one descriptor.
*/
#ifndef WG_H
#define WG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WG_VERSION    "0.1.0"
#define WG_MAX_PARAMS 16
#define WG_MAX_PORTS  64
#define WG_MAX_FIELDS 32

/* ---- growable text buffer, the target of every emitter ---- */
typedef struct wg_buf {
  char  *s;       /* NUL-terminated text */
  size_t len;     /* bytes used, without the NUL */
  size_t cap;     /* bytes allocated */
} wg_buf;

void wgb_init(wg_buf *b);
void wgb_free(wg_buf *b);
void wgb_printf(wg_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- descriptor ---- */
typedef struct wg_param_def {
  const char *name;     /* Verilog parameter / C field name */
  int64_t     def;      /* default value */
  int64_t     min, max; /* legal range, inclusive */
  int         pow2;     /* 1: value must be a power of two */
  const char *doc;      /* one line */
} wg_param_def;

/* A preset too big for 'make test' at full length says so (bit set in
** wg_preset.slow); 'make soak', 'make synth' and 'make formal' still run it
** in full, and 'make test' runs the shorter check the flag names. */
enum {
  WG_SLOW_SIM    = 1, /* lockstep under ~0.3M cycles/s or a build of minutes: make test runs 100,000 cycles */
  WG_SLOW_SYNTH  = 2, /* synthesis over ~1 min: make test's synth-check skips it */
  WG_SLOW_FORMAL = 4  /* induction infeasible: make formal runs a bounded check only */
};

typedef struct wg_preset {
  const char *name;
  const char *settings; /* "W=48 S=128"; parameters not named take defaults */
  const char *doc;
  unsigned    slow;     /* WG_SLOW_* bits, 0 for most presets */
} wg_preset;

enum { WG_IN = 0, WG_OUT = 1 };

typedef struct wg_port {
  const char *name;
  int         dir;      /* WG_IN or WG_OUT */
  int         width;    /* bits for this parameter set, >= 1 */
  int         max_width;/* bits over the whole legal range: fixes the C type */
  const char *doc;
} wg_port;

typedef struct wg_field {   /* one state field, for the storage table */
  const char *name;
  int         bits;     /* width of one instance */
  int         count;    /* instances */
  const char *doc;
} wg_field;

typedef const int64_t *wg_pv;  /* parameter values, in descriptor order */

/* A named encoding of a state field (e.g. an MSHR entry's FREE/PENDING/...):
** written once in the descriptor, emitted as the RTL's localparams and as a C
** enum BLOCK_NAME in the generated I/O header, which the model uses.  Value i
** is names[i]. */
typedef struct wg_encoding {
  const char *what;        /* e.g. "entry state" */
  int         width;       /* bits of the RTL localparams */
  const char *names[16];   /* NULL-terminated */
} wg_encoding;

typedef struct wg_block {
  const char *name;        /* e.g. "eqctr" */
  const char *summary;     /* one line */
  const char *paper;       /* e.g. "Equalizer (Sethia, MICRO'14; thesis Ch. III)" */
  const char *section;     /* e.g. "thesis 3.3-3.4, Algorithm 1" */
  const wg_param_def *params; int n_params;
  const wg_preset    *presets; int n_presets;
  const char *main_preset; /* the paper's configuration */
  const char *paper_storage; /* what the paper states the storage is, or NULL */
  /* Cross-parameter checks; on failure write one line naming the
  ** parameters and the legal relation into err and return nonzero. */
  int  (*check)(wg_pv p, char *err, size_t errlen);
  /* Ports; the list (names, order, directions) must not depend on p,
  ** only the widths may.  'clk' is implicit; 'rst' must be the first input. */
  int  (*ports)(wg_pv p, wg_port *out);
  int  (*storage)(wg_pv p, wg_field *out);
  /* Body between the port list and endmodule.  'mutant' 1 (tests only:
  ** 'warpgen gen --mutant') flips the one condition that mutant_doc names,
  ** so the formal flow can show its properties catch a real bug. */
  void (*emit_rtl)(wg_buf *o, wg_pv p, int mutant);
  /* Properties and covers, emitted inside `ifdef FORMAL: immediate
  ** assert/assume/cover, the first cycle assumed in reset. */
  void (*emit_props)(wg_buf *o, wg_pv p);
  const char *mutant_doc;
  /* The cost sweep: one parameter and its values, applied to the main
  ** preset, e.g. "W=8,16,24,32,40,48,56,64" ('make synth-sweep'). */
  const char *sweep;
  const wg_encoding *encodings; int n_encodings;   /* may be NULL, 0 */
  /* The storage fields the paper counts (space-separated names of the storage
  ** table), so that 'describe' can show the paper-comparable total beside the
  ** full one; NULL: the paper counts none.  Every other field is beyond the
  ** paper's count, and its doc says why it is there. */
  const char *paper_fields;
  /* Optional: the block's replicated part as a module of its own, instanced by the top (rfc's
  ** lanes: Yosys maps a module once however often it is instanced, so the lane's logic is
  ** synthesized once, not THREADS times; docs/cost.md).  The module is MODULE_<sub_suffix>,
  ** written into the same file after the top module by emit_sub (its whole text: comment,
  ** port list, body, endmodule).  A block with one emits its top's body with emit_rtl_sub,
  ** emit_rtl given that module's name for its instances; emit_rtl is then NULL. */
  const char *sub_suffix;
  void (*emit_sub)(wg_buf *o, wg_pv p, const char *sub, int mutant);
  void (*emit_rtl_sub)(wg_buf *o, wg_pv p, const char *sub, int mutant);
} wg_block;

/* '  localparam logic [W-1:0] A = W'd0, B = W'd1, ...;' for one encoding */
void wg_emit_encoding(wg_buf *o, const wg_encoding *e);

/* registry (gen/registry.c) */
extern const wg_block *const wg_blocks[];
extern const int wg_n_blocks;
const wg_block *wg_find_block(const char *name);

/* ---- a resolved parameter set ---- */
typedef struct wg_config {
  const wg_block *blk;
  int64_t     v[WG_MAX_PARAMS];
  const char *preset;     /* preset named, or NULL */
  int         mutant;     /* tests only: emit the descriptor's broken variant */
  char        module[64]; /* Verilog module name */
} wg_config;

/* Parameter handling (gen/params.c).  Each returns 0 or writes one
** line to err (naming the parameter or file:line and the legal range) and
** returns nonzero. */
int  wg_config_init(wg_config *c, const wg_block *b, const char *preset,
                    char *err, size_t errlen);
int  wg_config_set(wg_config *c, const char *key_eq_value, const char *where,
                   char *err, size_t errlen);
int  wg_config_file(wg_config *c, const char *path, char *err, size_t errlen);
int  wg_config_finish(wg_config *c, const char *module, char *err, size_t errlen);
int  wg_param_index(const wg_block *b, const char *name);
void wg_config_string(const wg_config *c, char *dst, size_t n, const char *sep);

/* Emission (gen/emit.c).  Render into buffers; write atomically. */
void wg_render_sv(const wg_config *c, wg_buf *o);
void wg_render_io_h(const wg_config *c, wg_buf *o);
void wg_render_glue(const wg_config *c, wg_buf *o);
int  wg_write_files(const char *dir, const char *const *names,
                    wg_buf *const *bufs, int n, char *err, size_t errlen);
/* wg_write_files for MODULE + each suffix (at most 8 files) */
int  wg_write_module_files(const char *dir, const char *module, const char *const *suffixes,
                           wg_buf *const *bufs, int n, char *err, size_t errlen);
/* writes MODULE.sv, MODULE_io.h, MODULE_glue.cpp (only the .sv if verilog_only) */
int  wg_generate(const wg_config *c, const char *dir, int verilog_only, char *err, size_t errlen);
/* FuseSoC (gen/fusesoc.c): MODULE.sv and the CAPI2 core MODULE.core, with STEPS (a steps file,
** docs/steps.md) also MODULE_tb.sv, a self-checking bench, and the core's 'sim' target */
int  wg_generate_fusesoc(const wg_config *c, const char *dir, const char *steps, const char *vlnv,
                         char *err, size_t errlen);
void wg_render_core(const wg_config *c, int bench, const char *vlnv, wg_buf *o);
/* SymbiYosys (gen/sby.c): MODULE.sv and MODULE.sby, the job file with the tasks prove
** (k-induction), bmc (the bounded fallback) and cover that formal/run.sh runs */
enum { WG_SBY_PROVE_DEPTH = 4, WG_SBY_BMC_DEPTH = 40, WG_SBY_BMC_DEPTH_SLOW = 10, WG_SBY_COVER_DEPTH = 40 };
int  wg_generate_sby(const wg_config *c, const char *dir, char *err, size_t errlen);
void wg_render_sby(const wg_config *c, wg_buf *o);
int  wg_render_bench(const wg_config *c, const char *steps, wg_buf *o, char *err, size_t errlen);
void wg_describe(const wg_config *c, FILE *f, int markdown);
/* the same as JSON, with each port's C field layout (for bindings) */
void wg_describe_json(const wg_config *c, FILE *f);
int64_t wg_storage_bits(const wg_config *c);

/* helpers for descriptors */
int  wg_clog2(int64_t v);              /* bits to hold values 0..v-1, >= 1 */
int  wg_bits_for(int64_t maxval);      /* bits to hold values 0..maxval, >= 1 */
int  wg_log2_exact(int64_t v);         /* v a power of two */

/* Shared RTL idioms, emitted as readable always_comb/always_ff code. */
void wg_emit_popcount(wg_buf *o, const char *dst, int dst_w,
                      const char *vec, int vec_w);
void wg_emit_vote_count(wg_buf *o, const char *dst, int dst_w,
                        const char *vec, int n, int field_w, int value);
const char *wg_zext(char *dst, size_t n, const char *sig, int from, int to);
/* An age matrix's full form from its stored upper triangle: declares 'older' (w rows of w bits;
** older[i][j]: warp i was launched before warp j) from 'age' (w*(w-1)/2 bits, pair
** (i, j), i < j, at i*w - i*(i+1)/2 + j - i - 1); the lower triangle is the complement. */
void wg_emit_age_older(wg_buf *o, const char *older, const char *age, int w);
/* Formal only: the order an age matrix keeps as ghost ranks and their inverse, asserted
** against 'older' pair by pair (1-inductive at any w), and each sets[k]'s one-hot oldest
** member oldest[k] as its first warp in rank order.  'launch' and 'launch_warp' (ib bits) are
** the launch inputs; reset is slot order.  Needs f_past_valid declared. */
void wg_emit_age_ghost(wg_buf *o, int w, int ib, const char *launch, const char *launch_warp,
                       const char *older, const char *const *sets, const char *const *oldest, int nsets);
/* Verilog text with '@@NAME@@' replaced by that variable's value: for long property blocks whose
** widths come from the parameters (names not found are an internal error, reported at once) */
typedef struct wg_tmpl_var { const char *name; long long value; } wg_tmpl_var;
void wg_emit_tmpl(wg_buf *o, const char *tmpl, const wg_tmpl_var *vars, int n);
/* Counter and pointer idioms as expressions (written into dst):
** ring_inc: the w-bit pointer ptr + 1 on a ring of count places (wraps by
** itself when count = 2^w); sat_inc: the w-bit counter x + 1, held at max. */
const char *wg_ring_inc(char *dst, size_t n, const char *ptr, int w, int count);
const char *wg_sat_inc(char *dst, size_t n, const char *x, int w, long long max);

/* Shared table idioms (gen/emit.c, added with block 'mshr'); the caller
** declares 'dst'.  cam_match: dst[i] = valid[i] && table[i] == key;
** onehot_index: the index of a one-hot vector (0 if none); prio_pick: the
** lowest set bit; rr_pick: the lowest set bit inside 'mask', else the lowest. */
void wg_emit_cam_match(wg_buf *o, const char *dst, const char *key, const char *table,
                       const char *valid, int n);
void wg_emit_onehot_index(wg_buf *o, const char *dst, int dst_w, const char *vec, int n);
/* the same function as a loop (dst = the OR of the indices of vec's set bits), readable at any n;
** onehot_index writes one mask per index bit instead (n <= 64, no loop for the simulator) */
void wg_emit_onehot_encode(wg_buf *o, const char *dst, int dst_w, const char *vec, int n);
void wg_emit_above(wg_buf *o, const char *dst, const char *vec, int n);
void wg_emit_prio_pick(wg_buf *o, const char *dst, const char *vec, int n);
/* win[0..g-1] of an all-pairs compare (v: valid, ge: each pair's "a >= c"; emit.c) */
void wg_emit_pairs_win(wg_buf *o, int g, const char *why);
/* dst (declared by the caller, w bits) = a + b + cin mod 2^w, a parallel-prefix (Sklansky) adder:
** for an add on a path that matters (the flow maps '+' to a ripple carry; docs/cost.md) */
void wg_emit_add(wg_buf *o, const char *dst, const char *a, const char *b, const char *cin, int w);
void wg_emit_rr_pick(wg_buf *o, const char *dst, const char *vec, const char *mask, int n);
/* dst = the largest of the n w-bit fields of the packed vector vec (a
** comparator tree, log2 n deep); the caller declares dst. */
void wg_emit_max_tree(wg_buf *o, const char *dst, const char *vec, int w, int n);
#endif
