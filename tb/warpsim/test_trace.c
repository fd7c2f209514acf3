/*
** test_trace.c -- unit tests of ws_trace, the Accel-Sim SASS trace reader:
** the command list, one kernel per tracer version (1.2, 3, 4 with line
** numbers, 5, 6), every field of the instructions, the opcode classes, the
** addresses of each address form (expected values written here from the
** format's rules, lane by lane) and the exact PATH:LINE of each malformed
** fixture.  Fixtures: tb/warpsim/traces (another folder as argv[1]).  It
** prints one line per check, then "N passed, N failed", and exits non-zero
** if any check failed.
**
**   gcc -std=c11 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
**     -fno-sanitize-recover=all -Isim/warpsim sim/warpsim/ws_trace.c \
**     tb/warpsim/test_trace.c -o /tmp/test_trace && /tmp/test_trace
*/
#include "ws_trace.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define NO_ADDR ((uint64_t)0)               /* an inactive lane's address */

static int n_pass, n_fail;
static const char *dir = "tb/warpsim/traces";
static ws_trace_kernel K;
static ws_trace_list L;

/* Count one check and print it: "ok   message" or "FAIL test_trace.c:LINE: message". */
__attribute__((format(printf, 3, 4)))
static int check(int ok, int line, const char *fmt, ...) {
  va_list ap;
  if (ok) {
    n_pass++;
    printf("ok   ");
  } else {
    n_fail++;
    printf("FAIL test_trace.c:%d: ", line);
  }
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  return ok;
}
#define CHECK(cond, ...) check((cond) != 0, __LINE__, __VA_ARGS__)

/* DIR/NAME, in one of four rotating buffers. */
static const char *fixture(const char *name) {
  static char buf[4][1024];
  static int next;
  char *b = buf[next++ % 4];
  snprintf(b, sizeof buf[0], "%s/%s", dir, name);
  return b;
}

static uint16_t R(int n) { return WS_TRACE_REG(WS_TRACE_REG_R, n); }
static uint16_t UR(int n) { return WS_TRACE_REG(WS_TRACE_REG_UR, n); }

/* {=====================================================================
** Expected instructions
** ====================================================================== */

typedef struct want_inst {
  uint32_t    pc, mask;
  const char *opcode;
  int         cls;
  int         ndst;
  uint16_t    dst[WS_TRACE_MAX_DST];
  int         nsrc;
  uint16_t    src[WS_TRACE_MAX_SRC];
  int         width, form;
  int32_t     imm;
  uint32_t    line;
} want_inst;

/* Which field of 'in' differs from 'w' (NULL: none). */
static const char *inst_diff(const ws_trace_inst *in, const want_inst *w) {
  if (in->pc != w->pc) return "pc";
  if (in->mask != w->mask) return "mask";
  if (strcmp(in->opcode, w->opcode) != 0) return "opcode";
  if (in->cls != w->cls) return "class";
  if (in->ndst != w->ndst || memcmp(in->dst, w->dst, (size_t)w->ndst * sizeof w->dst[0])) return "destinations";
  if (in->nsrc != w->nsrc || memcmp(in->src, w->src, (size_t)w->nsrc * sizeof w->src[0])) return "sources";
  if (in->width != w->width) return "width";
  if (in->addr_form != w->form) return "address form";
  if ((in->addr != NULL) != (w->width > 0)) return "address array presence";
  if (in->imm != w->imm) return "immediate";
  if (in->line != w->line) return "source line";
  return NULL;
}

/* Every instruction of a warp against a table, one check each. */
static void check_warp(int line, const char *what, const ws_trace_warp *wp, const want_inst *w, int n) {
  check(wp->n_inst == n, line, "%s: %d instructions (got %d)", what, n, wp->n_inst);
  for (int i = 0; i < n && i < wp->n_inst; i++) {
    const ws_trace_inst *in = &wp->inst[i];
    const char *d = inst_diff(in, &w[i]);
    check(d == NULL, line, "%s inst %d: %04" PRIx32 " %08" PRIx32 " %s (%s)%s%s", what, i, w[i].pc, w[i].mask,
          w[i].opcode, ws_trace_class_name(w[i].cls), d ? ": wrong " : "", d ? d : "");
  }
}

/* The 32 addresses of an instruction against 'want'. */
static void check_addrs(int line, const char *what, const ws_trace_inst *in, const uint64_t want[32]) {
  if (!in->addr) {
    check(0, line, "%s: addresses (none stored)", what);
    return;
  }
  for (int l = 0; l < 32; l++)
    if (in->addr[l] != want[l]) {
      check(0, line, "%s: lane %d address 0x%" PRIx64 ", want 0x%" PRIx64, what, l, in->addr[l], want[l]);
      return;
    }
  check(1, line, "%s: 32 addresses", what);
}

static int load_kernel(int line, const char *name) {
  char err[512];
  int rc = ws_trace_load_kernel(&K, fixture(name), err, sizeof err);
  check(rc == 0, line, "load %s%s%s", name, rc ? ": " : "", rc ? err : "");
  return rc;
}

static void check_header_common(int line, const char *what, int tracer, const char *text, int binary) {
  check(K.tracer_version == tracer && strcmp(K.tracer_version_text, text) == 0, line,
        "%s: tracer version %d ('%s')", what, tracer, text);
  check(K.binary_version == binary, line, "%s: binary version %d", what, binary);
}

/* }===================================================================== */

/* {=====================================================================
** kernelslist.g and the two kernels it names (tracer version 5)
** ====================================================================== */

static void test_kernel1_warp0(void) {
  const ws_trace_warp *w = &K.cta[0].warp[0];
  const want_inst want[] = {
    { 0x00, 0xffffffff, "MOV", WS_TC_ALU, 1, { R(1) }, 0, { 0 }, 0, 255, 0, 0 },
    { 0x10, 0xffffffff, "S2R", WS_TC_ALU, 1, { R(0) }, 0, { 0 }, 0, 255, 0, 0 },
    { 0x20, 0xffffffff, "IMAD.WIDE", WS_TC_ALU, 1, { R(6) }, 2, { R(0), R(1) }, 0, 255, 0, 0 },
    { 0x30, 0xffffffff, "LDG.E", WS_TC_LD, 1, { R(4) }, 1, { R(6) }, 4, 1, 0, 0 },
    { 0x40, 0xffffffff, "LDG.E.64", WS_TC_LD, 1, { R(5) }, 1, { R(6) }, 8, 1, 0, 0 },
    { 0x50, 0xffffffff, "FADD", WS_TC_ALU, 1, { R(7) }, 2, { R(4), R(5) }, 0, 255, 0, 0 },
    { 0x60, 0xffffffff, "MUFU.RSQ", WS_TC_SFU, 1, { R(8) }, 1, { R(7) }, 0, 255, 0, 0 },
    { 0x70, 0x0000ffff, "STG.E", WS_TC_ST, 0, { 0 }, 2, { R(6), R(8) }, 4, 1, 0, 0 },
    { 0x80, 0xffffffff, "BAR.SYNC", WS_TC_BAR, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
    { 0x90, 0xf0f0f0f0, "LDS.U.32", WS_TC_SHARED, 1, { R(9) }, 1, { R(2) }, 4, 2, 0, 0 },
    { 0xa0, 0x0000000f, "LDG.E", WS_TC_LD, 1, { R(10) }, 1, { R(6) }, 4, 2, 0, 0 },
    { 0xb0, 0x00000000, "BRA", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 3856, 0 },
    { 0xc0, 0x00000000, "LDG.E", WS_TC_LD, 1, { R(11) }, 1, { R(6) }, 4, 1, 0, 0 },
    { 0xd0, 0x00000001, "RED.E.ADD.STRONG.GPU", WS_TC_ATOMIC, 0, { 0 }, 2, { R(6), R(9) }, 4, 2, -1, 0 },
    { 0xe0, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  check_warp(__LINE__, "kernel-1 cta 0 warp 0", w, want, 15);
  if (w->n_inst != 15)
    return;
  const ws_trace_inst *in = w->inst;
  /* register dependences: each consumer reads what its producers write */
  CHECK(in[5].src[0] == in[3].dst[0] && in[5].src[1] == in[4].dst[0], "kernel-1: FADD reads both LDG results");
  CHECK(in[6].src[0] == in[5].dst[0] && in[7].src[1] == in[6].dst[0], "kernel-1: MUFU reads FADD, STG stores MUFU");
  CHECK(in[0].opcode == K.cta[0].warp[1].inst[0].opcode, "kernel-1: equal opcodes share one interned string");

  uint64_t a[32];
  for (int l = 0; l < 32; l++) a[l] = 0x7f0000100000u + 4u * (uint64_t)l;
  check_addrs(__LINE__, "kernel-1 LDG.E base+stride 4, full mask", &in[3], a);
  for (int l = 0; l < 32; l++) a[l] = 0x7f0000200000u + 8u * (uint64_t)l;
  check_addrs(__LINE__, "kernel-1 LDG.E.64 base+stride 8", &in[4], a);
  for (int l = 0; l < 32; l++) a[l] = l < 16 ? 0x7f0000300000u + 4u * (uint64_t)l : NO_ADDR;
  check_addrs(__LINE__, "kernel-1 STG.E base+stride, lanes 0-15 (divergent)", &in[7], a);
  for (int l = 0; l < 32; l++) a[l] = (l / 4) % 2 ? 0x100u + 4u * (uint64_t)(l - 4) : NO_ADDR;
  check_addrs(__LINE__, "kernel-1 LDS base+delta, mask f0f0f0f0", &in[9], a);
  const uint64_t gather[32] = { 0x7f0000103000u, 0x7f0000102f00u, 0x7f0000104000u, 0x7f0000104000u };
  check_addrs(__LINE__, "kernel-1 LDG.E base+delta, negative and zero deltas", &in[10], gather);
  memset(a, 0, sizeof a);
  check_addrs(__LINE__, "kernel-1 LDG.E with an empty mask ('1 0x0 0')", &in[12], a);
  a[0] = 0x7f0000400000u;
  check_addrs(__LINE__, "kernel-1 RED base+delta, one lane, no delta", &in[13], a);
}

static void test_kernel1(const char *path) {
  char err[512];
  if (!CHECK(ws_trace_load_kernel(&K, path, err, sizeof err) == 0, "load %s (from the list)", path)) {
    printf("     %s\n", err);
    return;
  }
  CHECK(strcmp(K.name, "_Z9vectorAddPKfS0_Pfi") == 0 && K.id == 1, "kernel-1: name and id");
  CHECK(K.grid[0] == 2 && K.grid[1] == 1 && K.grid[2] == 1, "kernel-1: grid dim (2,1,1)");
  CHECK(K.block[0] == 64 && K.block[1] == 1 && K.block[2] == 1, "kernel-1: block dim (64,1,1)");
  CHECK(K.shmem == 256 && K.nregs == 16 && K.stream_id == 0, "kernel-1: shmem 256, nregs 16, stream 0");
  CHECK(K.shmem_base == 0x7fb139000000u && K.local_base == 0x7fb137000000u, "kernel-1: shared and local bases");
  CHECK(strcmp(K.nvbit_version, "1.7") == 0 && K.lineinfo == 0, "kernel-1: nvbit 1.7, no line info");
  check_header_common(__LINE__, "kernel-1", 5, "5", 80);
  CHECK(K.warps_per_cta == 2 && K.n_cta == 2, "kernel-1: 2 CTAs of 2 warps");
  CHECK(K.n_inst == 15 + 6 + 2 + 0, "kernel-1: 23 warp-instructions (got %" PRId64 ")", K.n_inst);
  CHECK(K.n_opcode == 13, "kernel-1: 13 distinct opcodes (got %d)", K.n_opcode);
  if (K.n_cta != 2)
    return;
  CHECK(K.cta[0].x == 0 && K.cta[1].x == 1 && K.cta[1].y == 0 && !K.cta[0].has_cluster, "kernel-1: CTAs (0,0,0), (1,0,0)");
  test_kernel1_warp0();
  const want_inst w1[] = {
    { 0x00, 0xffffffff, "MOV", WS_TC_ALU, 1, { R(1) }, 0, { 0 }, 0, 255, 0, 0 },
    { 0x10, 0xffffffff, "S2R", WS_TC_ALU, 1, { R(0) }, 0, { 0 }, 0, 255, 0, 0 },
    { 0x20, 0xffffffff, "IMAD.WIDE", WS_TC_ALU, 1, { R(6) }, 2, { R(0), R(1) }, 0, 255, 0, 0 },
    { 0x30, 0xffffffff, "LDG.E", WS_TC_LD, 1, { R(4) }, 1, { R(6) }, 4, 1, 0, 0 },
    { 0x80, 0xffffffff, "BAR.SYNC", WS_TC_BAR, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
    { 0xe0, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  check_warp(__LINE__, "kernel-1 cta 0 warp 1", &K.cta[0].warp[1], w1, 6);
  uint64_t a[32];
  for (int l = 0; l < 32; l++) a[l] = 0x7f0000100080u + 4u * (uint64_t)l;
  if (K.cta[0].warp[1].n_inst == 6)
    check_addrs(__LINE__, "kernel-1 cta 0 warp 1 LDG.E", &K.cta[0].warp[1].inst[3], a);
  const want_inst c1[] = {
    { 0x30, 0xffffffff, "LDG.E", WS_TC_LD, 1, { R(4) }, 1, { R(6) }, 4, 1, 0, 0 },
    { 0xe0, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  check_warp(__LINE__, "kernel-1 cta 1 warp 0", &K.cta[1].warp[0], c1, 2);
  CHECK(K.cta[1].warp[1].n_inst == 0 && K.cta[1].warp[1].inst == NULL, "kernel-1: cta 1 warp 1 is empty ('insts = 0')");
  ws_trace_kernel_free(&K);
}

static void test_kernel2(const char *path) {
  char err[512];
  if (!CHECK(ws_trace_load_kernel(&K, path, err, sizeof err) == 0, "load %s (from the list)", path)) {
    printf("     %s\n", err);
    return;
  }
  CHECK(strcmp(K.name, "_Z6scalePfS_i") == 0 && K.id == 2, "kernel-2: name and id");
  CHECK(K.grid[0] == 3 && K.block[0] == 40 && K.warps_per_cta == 2, "kernel-2: grid 3, block 40: 2 warps per CTA");
  CHECK(K.n_cta == 2 && K.n_inst == 4 + 4 + 2 + 1, "kernel-2: 2 CTAs (one empty CTA not in the file), 11 instructions");
  if (K.n_cta != 2)
    return;
  CHECK(K.cta[0].x == 0 && K.cta[1].x == 2, "kernel-2: CTAs (0,0,0) and (2,0,0)");
  const want_inst w1[] = {
    { 0x00, 0x000000ff, "LD.E", WS_TC_LD, 1, { R(2) }, 1, { R(4) }, 4, 1, 0, 0 },
    { 0x10, 0x000000ff, "FMUL", WS_TC_ALU, 1, { R(3) }, 2, { R(2), R(2) }, 0, 255, 0, 0 },
    { 0x20, 0x000000ff, "ST.E", WS_TC_ST, 0, { 0 }, 2, { R(4), R(3) }, 4, 1, 0, 0 },
    { 0x30, 0x000000ff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  check_warp(__LINE__, "kernel-2 cta 0 warp 1 (8 threads)", &K.cta[0].warp[1], w1, 4);
  uint64_t a[32];
  for (int l = 0; l < 32; l++) a[l] = l < 8 ? 0x7f0000600080u + 4u * (uint64_t)l : NO_ADDR;
  if (K.cta[0].warp[1].n_inst == 4)
    check_addrs(__LINE__, "kernel-2 generic ST.E, 8 lanes", &K.cta[0].warp[1].inst[2], a);
  ws_trace_kernel_free(&K);
}

static void test_list(void) {
  char err[512];
  if (!CHECK(ws_trace_load_list(&L, fixture("kernelslist.g"), err, sizeof err) == 0, "load kernelslist.g")) {
    printf("     %s\n", err);
    return;
  }
  CHECK(L.n_cmd == 5 && L.n_kernel == 2 && L.n_memcpy == 3, "kernelslist.g: 5 commands, 2 kernels, 3 copies");
  CHECK(L.n_ignored == 1 && L.first_ignored == 4, "kernelslist.g: the cudaMalloc line (4) ignored");
  if (L.n_cmd != 5)
    return;
  const ws_trace_cmd *c = L.cmd;
  CHECK(c[0].kind == WS_TRACE_CMD_MEMCPY && c[0].addr == 0x7f0000100000u && c[0].bytes == 4096 && c[0].line == 1,
        "kernelslist.g: line 1 MemcpyHtoD 0x7f0000100000, 4096 bytes");
  CHECK(c[1].kind == WS_TRACE_CMD_MEMCPY && c[1].addr == 0x7f0000200000u && c[1].bytes == 2048,
        "kernelslist.g: line 2 MemcpyHtoD 0x7f0000200000, 2048 bytes");
  CHECK(c[2].kind == WS_TRACE_CMD_KERNEL && strcmp(c[2].path, fixture("kernel-1.traceg")) == 0 && c[2].line == 3,
        "kernelslist.g: line 3 kernel, path relative to the list's folder");
  CHECK(c[3].kind == WS_TRACE_CMD_MEMCPY && c[3].addr == 0x7f0000500000u && c[3].bytes == 1024 && c[3].line == 5,
        "kernelslist.g: line 5 MemcpyHtoD between the kernels, in order");
  CHECK(c[4].kind == WS_TRACE_CMD_KERNEL && strcmp(c[4].path, fixture("kernel-2.traceg")) == 0 && c[4].line == 7,
        "kernelslist.g: line 7 kernel-2 (after a blank line)");
  test_kernel1(c[2].path);
  test_kernel2(c[4].path);
  ws_trace_list_free(&L);
  CHECK(L.cmd == NULL && L.n_cmd == 0, "ws_trace_list_free zeroes the list");
}

/* }===================================================================== */

/* {=====================================================================
** The other tracer versions
** ====================================================================== */

static void test_v3(void) {
  if (load_kernel(__LINE__, "kernel-v3.traceg"))
    return;
  check_header_common(__LINE__, "kernel-v3", 3, "3", 70);
  CHECK(strcmp(K.nvbit_version, "1.5") == 0 && K.lineinfo == 0 && K.n_cta == 1, "kernel-v3: nvbit 1.5, one CTA");
  const uint16_t RZ = R(255);
  const want_inst w[] = {
    { 0x00, 0xffffffff, "IMAD.MOV.U32", WS_TC_ALU, 1, { R(1) }, 2, { RZ, RZ }, 0, 255, 0, 0 },
    { 0x10, 0x00000000, "SHFL.IDX", WS_TC_ALU, 0, { 0 }, 4, { RZ, RZ, RZ, RZ }, 0, 255, 0, 0 },
    { 0x20, 0xffffffff, "LDG.E.128.CONSTANT.SYS", WS_TC_LD, 1, { R(24) }, 1, { R(44) }, 16, 2, 0, 0 },
    { 0x30, 0xffffffff, "DFMA", WS_TC_SFU, 1, { R(2) }, 3, { R(24), R(26), R(28) }, 0, 255, 0, 0 },
    { 0x40, 0xffffffff, "HMMA.884.F32.F32.STEP0", WS_TC_UNMODELLED, 1, { R(8) }, 3, { R(24), R(26), R(8) }, 0, 255, 0, 0 },
    { 0x50, 0x0000ff00, "LDG.E.64", WS_TC_LD, 1, { R(3) }, 1, { R(44) }, 8, 1, 0, 0 },
    { 0x60, 0x00000001, "STG.E.U8", WS_TC_ST, 0, { 0 }, 2, { R(4), RZ }, 1, 2, 0, 0 },
    { 0x70, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  if (K.n_cta != 1)
    return;
  const ws_trace_warp *wp = &K.cta[0].warp[0];
  check_warp(__LINE__, "kernel-v3 warp 0 (no immediates)", wp, w, 8);
  if (wp->n_inst != 8)
    return;
  uint64_t a[32];
  /* lanes in groups of 4 read 16 B each; the groups are 2048 B apart */
  for (int l = 0; l < 32; l++) a[l] = 0x7efe7b60c300u + 2048u * (uint64_t)(l / 4) + 16u * (uint64_t)(l % 4);
  check_addrs(__LINE__, "kernel-v3 LDG.E.128 base+delta, 31 deltas", &wp->inst[2], a);
  for (int l = 0; l < 32; l++) a[l] = l >= 8 && l < 16 ? 0x7efe7b700040u - 8u * (uint64_t)(l - 8) : NO_ADDR;
  check_addrs(__LINE__, "kernel-v3 LDG.E.64 base+stride, negative stride, lanes 8-15", &wp->inst[5], a);
  memset(a, 0, sizeof a);
  a[0] = 0x7fc841520000u;
  check_addrs(__LINE__, "kernel-v3 STG.E.U8 base+delta, one lane", &wp->inst[6], a);
  ws_trace_kernel_free(&K);
}

static void test_v4_lineinfo(void) {
  if (load_kernel(__LINE__, "kernel-v4-lineinfo.traceg"))
    return;
  check_header_common(__LINE__, "kernel-v4", 4, "4", 61);
  CHECK(K.lineinfo == 1 && strcmp(K.nvbit_version, "1.5.5") == 0, "kernel-v4: line info on, nvbit 1.5.5");
  if (K.n_cta != 1)
    return;
  const want_inst w0[] = {
    { 0x08, 0xffffffff, "S2R", WS_TC_ALU, 1, { R(0) }, 0, { 0 }, 0, 255, 0, 12 },
    { 0x10, 0xffffffff, "STS", WS_TC_SHARED, 0, { 0 }, 2, { R(0), R(25) }, 4, 1, 0, 13 },
    { 0x18, 0xffffffff, "BAR.SYNC", WS_TC_BAR, 0, { 0 }, 0, { 0 }, 0, 255, 0, 14 },
    { 0x28, 0xffffffff, "MEMBAR.CTA", WS_TC_UNMODELLED, 0, { 0 }, 0, { 0 }, 0, 255, 0, 14 },
    { 0x30, 0xffffffff, "LDS.U.32", WS_TC_SHARED, 1, { R(10) }, 1, { R(5) }, 4, 1, 0, 15 },
    { 0x38, 0xffffffff, "XMAD", WS_TC_ALU, 1, { R(11) }, 2, { R(10), R(0) }, 0, 255, 0, 16 },
    { 0x48, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 17 },
  };
  check_warp(__LINE__, "kernel-v4 warp 0 (Pascal PCs, line numbers)", &K.cta[0].warp[0], w0, 7);
  const want_inst w1[] = {
    { 0x08, 0x0000ffff, "S2R", WS_TC_ALU, 1, { R(0) }, 0, { 0 }, 0, 255, 0, 12 },
    { 0x10, 0x0000ffff, "STS", WS_TC_SHARED, 0, { 0 }, 2, { R(0), R(25) }, 4, 1, 0, 13 },
    { 0x18, 0x0000ffff, "BAR.SYNC", WS_TC_BAR, 0, { 0 }, 0, { 0 }, 0, 255, 0, 14 },
    { 0x48, 0x0000ffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 17 },
  };
  check_warp(__LINE__, "kernel-v4 warp 1 (16 threads)", &K.cta[0].warp[1], w1, 4);
  uint64_t a[32];
  if (K.cta[0].warp[0].n_inst == 7) {
    for (int l = 0; l < 32; l++) a[l] = 4u * (uint64_t)l;
    check_addrs(__LINE__, "kernel-v4 STS shared offsets from 0x0", &K.cta[0].warp[0].inst[1], a);
    for (int l = 0; l < 32; l++) a[l] = 0x1000u + 4u * (uint64_t)l;
    check_addrs(__LINE__, "kernel-v4 LDS shared offsets from 0x1000", &K.cta[0].warp[0].inst[4], a);
  }
  if (K.cta[0].warp[1].n_inst == 4) {
    for (int l = 0; l < 32; l++) a[l] = l < 16 ? 0x80u + 4u * (uint64_t)l : NO_ADDR;
    check_addrs(__LINE__, "kernel-v4 warp 1 STS, 16 lanes", &K.cta[0].warp[1].inst[1], a);
  }
  ws_trace_kernel_free(&K);
}

static void test_v1_2(void) {
  if (load_kernel(__LINE__, "kernel-v1_2.traceg"))
    return;
  check_header_common(__LINE__, "kernel-v1_2", 1, "1.2", 70);
  CHECK(K.n_cta == 1 && K.n_inst == 5, "kernel-v1_2: one CTA (CTA 0 not in the file), 5 instructions");
  if (K.n_cta != 1)
    return;
  CHECK(K.cta[0].x == 1 && K.cta[0].y == 0 && K.cta[0].z == 0, "kernel-v1_2: thread block (1,0,0)");
  const want_inst w0[] = {
    { 0x00, 0xffffffff, "LDG.E.SYS", WS_TC_LD, 1, { R(2) }, 1, { R(4) }, 4, 1, 0, 0 },
    { 0x10, 0x0000f00f, "LDG.E.SYS", WS_TC_LD, 1, { R(3) }, 1, { R(4) }, 4, 0, 0, 0 },
    { 0x20, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  const ws_trace_warp *wp = &K.cta[0].warp[0];
  check_warp(__LINE__, "kernel-v1_2 warp 0 (tb/warp prefix)", wp, w0, 3);
  uint64_t a[32];
  if (wp->n_inst == 3) {
    for (int l = 0; l < 32; l++) a[l] = 0x7f1200000000u + 4u * (uint64_t)l;
    check_addrs(__LINE__, "kernel-v1_2 base+stride, zero-padded base", &wp->inst[0], a);
    for (int l = 0; l < 32; l++) a[l] = l < 4 || (l >= 12 && l < 16) ? 0x7f1200001000u + 4u * (uint64_t)l : NO_ADDR;
    check_addrs(__LINE__, "kernel-v1_2 address list, mask 0000f00f", &wp->inst[1], a);
  }
  wp = &K.cta[0].warp[1];
  if (CHECK(wp->n_inst == 2, "kernel-v1_2 warp 1: 2 instructions")) {
    for (int l = 0; l < 32; l++) a[l] = 0x7f1200000080u + 4u * (uint64_t)l;
    check_addrs(__LINE__, "kernel-v1_2 warp 1 base+stride", &wp->inst[0], a);
  }
  ws_trace_kernel_free(&K);
}

static void test_v6(void) {
  if (load_kernel(__LINE__, "kernel-v6.traceg"))
    return;
  check_header_common(__LINE__, "kernel-v6", 6, "6", 90);
  CHECK(K.stream_id == 94345234123344u, "kernel-v6: a stream handle as the stream id");
  CHECK(K.shmem_base == 0x7f1300000000u && K.local_base == 0x7f12a5000000u, "kernel-v6: shared base above local base");
  if (!CHECK(K.n_cta == 2, "kernel-v6: 2 CTAs"))
    return;
  const ws_trace_cta *c0 = &K.cta[0], *c1 = &K.cta[1];
  CHECK(c0->has_cluster && c0->cluster_cta[0] == 0 && c0->cluster_rank == 0 && c0->cluster_id[0] == 0,
        "kernel-v6: CTA 0 cluster lines");
  CHECK(c1->has_cluster && c1->cluster_cta[0] == 1 && c1->cluster_cta[1] == 0 && c1->cluster_rank == 1,
        "kernel-v6: CTA 1 cluster cta (1,0,0), rank 1");
  const want_inst w[] = {
    { 0x020, 0xffffffff, "S2UR", WS_TC_ALU, 1, { UR(4) }, 0, { 0 }, 0, 255, 0, 0 },
    { 0x050, 0xffffffff, "IMAD", WS_TC_ALU, 1, { R(10) }, 3, { R(10), UR(4), R(3) }, 0, 255, 0, 0 },
    { 0x130, 0xffffffff, "LDG.E", WS_TC_LD, 1, { R(11) }, 1, { R(2) }, 4, 1, 0, 0 },
    { 0x0e0, 0xffffffff, "LOP3.LUT", WS_TC_ALU, 1, { R(0) }, 2, { R(5), R(255) }, 0, 255, 3, 0 },
    { 0x140, 0xffffffff, "IADD3", WS_TC_ALU, 1, { R(12) }, 2, { R(11), UR(4) }, 0, 255, 0, 0 },
    { 0x200, 0xffffffff, "HGMMA.64x128x16.F32", WS_TC_UNMODELLED, 1, { R(24) }, 2, { UR(8), UR(12) }, 0, 255, 0, 0 },
    { 0x300, 0xffffffff, "EXIT", WS_TC_BRANCH, 0, { 0 }, 0, { 0 }, 0, 255, 0, 0 },
  };
  check_warp(__LINE__, "kernel-v6 cta 0 warp 0 (UR registers, Val/NoVal, GMMA flag)", &c0->warp[0], w, 7);
  uint64_t a[32];
  for (int l = 0; l < 32; l++) a[l] = 0x7f7b7dc40880u + 4u * (uint64_t)l;
  if (CHECK(c1->warp[0].n_inst == 2, "kernel-v6 cta 1: 2 instructions"))
    check_addrs(__LINE__, "kernel-v6 cta 1 LDG.E (two immediates after the addresses)", &c1->warp[0].inst[0], a);
  ws_trace_kernel_free(&K);
}

/* }===================================================================== */

/* {=====================================================================
** Opcode classes
** ====================================================================== */

static void test_classes(void) {
  static const struct { const char *op; int cls; } cases[] = {
    { "FFMA", WS_TC_ALU }, { "IMAD.WIDE.U32", WS_TC_ALU }, { "XMAD.MRG", WS_TC_ALU }, { "UIADD3", WS_TC_ALU },
    { "S2UR", WS_TC_ALU }, { "LDC.64", WS_TC_ALU }, { "REDUX.SUM", WS_TC_ALU }, { "VIADD", WS_TC_ALU },
    { "MUFU.EX2", WS_TC_SFU }, { "DADD", WS_TC_SFU }, { "DSETP.GT.AND", WS_TC_SFU },
    { "LDG.E.128", WS_TC_LD }, { "LDL", WS_TC_LD }, { "LD.E.64", WS_TC_LD }, { "LDGSTS.E.BYPASS.128", WS_TC_LD },
    { "STG.E", WS_TC_ST }, { "STL.64", WS_TC_ST }, { "ST.E", WS_TC_ST },
    { "LDS.U.32", WS_TC_SHARED }, { "STS.128", WS_TC_SHARED }, { "LDSM.16.M88.4", WS_TC_SHARED },
    { "ATOM.E.ADD", WS_TC_ATOMIC }, { "ATOMG.E.EXCH.STRONG.GPU", WS_TC_ATOMIC }, { "ATOMS.ADD", WS_TC_ATOMIC },
    { "RED.E.ADD.F32.FTZ.RN.STRONG.GPU", WS_TC_ATOMIC },
    { "BAR.SYNC.DEFER_BLOCKING", WS_TC_BAR }, { "BAR", WS_TC_BAR },
    { "BRA.DIV", WS_TC_BRANCH }, { "EXIT", WS_TC_BRANCH }, { "BSSY", WS_TC_BRANCH }, { "WARPSYNC", WS_TC_BRANCH },
    { "RET.REL.NODEC", WS_TC_BRANCH }, { "SSY", WS_TC_BRANCH },
    { "HMMA.16816.F32", WS_TC_UNMODELLED }, { "IMMA.8816.S8.S8", WS_TC_UNMODELLED }, { "TEX.SCR", WS_TC_UNMODELLED },
    { "MEMBAR.SC.GPU", WS_TC_UNMODELLED }, { "DEPBAR.LE", WS_TC_UNMODELLED }, { "SULD.P.2D", WS_TC_UNMODELLED },
    /* not in the table: whole base names only */
    { "FOO.BAR", WS_TC_UNMODELLED }, { "MUFUX", WS_TC_UNMODELLED }, { "MUF", WS_TC_UNMODELLED },
    { "", WS_TC_UNMODELLED }, { ".LDG", WS_TC_UNMODELLED },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int got = ws_trace_opcode_class(cases[i].op);
    CHECK(got == cases[i].cls, "class of '%s' is %s (got %s)", cases[i].op, ws_trace_class_name(cases[i].cls),
          ws_trace_class_name(got));
  }
  CHECK(ws_trace_opcode_class(NULL) == WS_TC_UNMODELLED, "class of NULL is unmodelled");
  CHECK(strcmp(ws_trace_class_name(WS_TC_SHARED), "shared") == 0 && strcmp(ws_trace_class_name(WS_TC_N), "?") == 0,
        "class names");
}

/* }===================================================================== */

/* {=====================================================================
** Malformed files: refused with PATH:LINE, nothing left allocated
** ====================================================================== */

static int zeroed_kernel(const ws_trace_kernel *k) {
  return !k->name && !k->cta && !k->opcode && k->n_cta == 0 && k->n_inst == 0 && k->n_opcode == 0;
}

/* 'err' starts with "PATH:LINE: " and holds 'text'. */
static void check_err(int line, const char *err, const char *path, int at, const char *text) {
  char prefix[1100];
  snprintf(prefix, sizeof prefix, "%s:%d: ", path, at);
  check(strncmp(err, prefix, strlen(prefix)) == 0 && strstr(err, text) != NULL, line, "refused at %s'%s'%s%s", prefix,
        text, strstr(err, text) && strncmp(err, prefix, strlen(prefix)) == 0 ? "" : ", got: ",
        strstr(err, text) && strncmp(err, prefix, strlen(prefix)) == 0 ? "" : err);
}

static void test_bad_kernels(void) {
  static const struct { const char *file; int line; const char *text; } cases[] = {
    { "bad_mask.traceg", 15, "bad active mask 'fffffffg' (expected up to 8 hex digits)" },
    { "truncated_warp.traceg", 17, "warp 0 of thread block (0,0,0) has 2 instruction lines, but 'insts = 3' (found 'warp')" },
    { "truncated_eof.traceg", 15, "has 2 instruction lines, but 'insts = 3' (found the end of the file)" },
    { "addr_count.traceg", 14, "address list has 3 addresses, but mask 0000000f has 4 active lanes" },
    { "addr_form.traceg", 14, "bad address form '7' (expected 0 = list, 1 = base+stride or 2 = base+delta)" },
    { "delta_count.traceg", 14, "base+delta form has 2 deltas, but mask 0000000f has 4 active lanes" },
    { "mask_lanes.traceg", 17, "active mask 0000ffff has lanes the warp does not have" },
    { "too_many_insts.traceg", 15, "warp 0 has more instruction lines than its 'insts = 1'" },
    { "no_end_tb.traceg", 14, "the file ends inside thread block (0,0,0) (expected 'warp = W' or #END_TB)" },
    { "missing_warp.traceg", 15, "thread block (0,0,0) ends after 1 warps (expected 2: block dim (64,1,1))" },
    { "tma.traceg", 14, "UTMALDG.2D is a Hopper TMA instruction" },
    { "missing_imm.traceg", 14, "ends before its immediate (tracer version 5 lines end with one)" },
    { "version.traceg", 5, "accelsim tracer version 7 is not supported" },
    { "prefix.traceg", 14, "line's prefix is for warp index 1, but it is in thread block (0,0,0) warp 0" },
    { "bad_reg.traceg", 14, "bad destination register 'X1'" },
    { "order.traceg", 17, "thread block (0,0,0) comes after a later or equal one" },
    { "bad_header.traceg", 2, "bad '-grid dim' value '(2,1)' (expected (X,Y,Z), each at least 1)" },
    { "dup_key.traceg", 4, "duplicate '-grid dim' (first on line 2)" },
  };
  char name[128], err[512];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    snprintf(name, sizeof name, "bad/%s", cases[i].file);
    const char *path = fixture(name);
    memset(err, 0, sizeof err);
    int rc = ws_trace_load_kernel(&K, path, err, sizeof err);
    CHECK(rc == -1 && zeroed_kernel(&K), "%s: refused, nothing left allocated", name);
    check_err(__LINE__, err, path, cases[i].line, cases[i].text);
    if (rc == 0)
      ws_trace_kernel_free(&K);             /* wrongly accepted: the check above failed, no leak on top */
  }
  const char *path = fixture("bad/nonexistent.traceg");
  CHECK(ws_trace_load_kernel(&K, path, err, sizeof err) == -1 && strstr(err, ": cannot read (") &&
        strncmp(err, path, strlen(path)) == 0, "a missing file: 'PATH: cannot read (...)' (got '%s')", err);
  path = fixture("kernel-1.traceg.xz");
  CHECK(ws_trace_load_kernel(&K, path, err, sizeof err) == -1 && strstr(err, "cannot read (xz-compressed"),
        "a .xz trace: refused with how to decompress it (got '%s')", err);
}

static void test_bad_lists(void) {
  char err[512];
  const char *path = fixture("bad/bad_memcpy.g");
  CHECK(ws_trace_load_list(&L, path, err, sizeof err) == -1 && L.cmd == NULL && L.n_cmd == 0,
        "bad_memcpy.g: refused after two good commands, nothing left allocated");
  check_err(__LINE__, err, path, 3, "bad memcpy address '0x00007f00zz100000' (expected MemcpyHtoD,0xADDRESS,BYTES)");
  path = fixture("bad/bad_kernel_line.g");
  CHECK(ws_trace_load_list(&L, path, err, sizeof err) == -1 && L.cmd == NULL, "bad_kernel_line.g: refused");
  check_err(__LINE__, err, path, 2, "kernel line 'kernel-1.trace' names no .traceg or .traceg.xz file");
  path = fixture("bad/nonexistent.g");
  CHECK(ws_trace_load_list(&L, path, err, sizeof err) == -1 && strstr(err, ": cannot read ("),
        "a missing list: 'PATH: cannot read (...)'");
  ws_trace_kernel_free(&K);                 /* on a zeroed kernel: nothing to do */
  ws_trace_list_free(&L);
  CHECK(zeroed_kernel(&K) && L.cmd == NULL, "the free functions accept zeroed structures");
}

/* }===================================================================== */

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);         /* a sanitizer's exit does not flush stdio: keep every line */
  if (argc > 1)
    dir = argv[1];
  test_classes();
  test_list();
  test_v3();
  test_v4_lineinfo();
  test_v1_2();
  test_v6();
  test_bad_kernels();
  test_bad_lists();
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}
