/*
** test_kernel.c -- unit tests of ws_kernel, warpsim's workload format: the
** expression language (every operator, precedence, variables, overflow,
** division by zero), the exact text of the parse errors, the built-in
** kernels (each checked for the access pattern of its class) and the
** thesis' Fig. 4.2 workload.  It prints one line per failed check, then
** "N passed, N failed", and exits non-zero if any check failed.
**
**   gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined \
**     -fno-sanitize-recover=all -Isim/warpsim sim/warpsim/ws_kernel.c \
**     tb/warpsim/test_kernel.c -o /tmp/test_kernel && /tmp/test_kernel
*/
#define _POSIX_C_SOURCE 200809L   /* mkstemp, getpid */

#include "ws_kernel.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE_BYTES 128                      /* the coalescing unit the checks assume */

static int n_pass, n_fail;
static ws_kernel K;                         /* ~300 KB: too big for the stack under ASan */

/* Count one check; on failure print "FAIL test_kernel.c:LINE: message". */
__attribute__((format(printf, 3, 4)))
static void check(int ok, int line, const char *fmt, ...) {
  if (ok) {
    n_pass++;
    return;
  }
  n_fail++;
  va_list ap;
  va_start(ap, fmt);
  printf("FAIL test_kernel.c:%d: ", line);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
}
#define CHECK(cond, ...) check((cond) != 0, __LINE__, __VA_ARGS__)

/* {=====================================================================
** Expressions
** ====================================================================== */

/* One thread's view, every value distinct and consistent:
** tid 37 = warp 1, lane 5; gtid = ctaid * ntid + tid = 3 * 64 + 37. */
static const int64_t VARS[WS_VAR_N] = {
  [WS_VAR_TID] = 37, [WS_VAR_CTAID] = 3, [WS_VAR_ITER] = 2, [WS_VAR_LANE] = 5,
  [WS_VAR_WARP] = 1, [WS_VAR_GTID] = 229, [WS_VAR_NTID] = 64, [WS_VAR_NCTAID] = 7,
};

/* Compile 'src' as the address of "ld r1, [src]" and evaluate it with VARS. */
static void check_expr(int line, const char *src, int64_t want) {
  char text[4096], err[256];
  snprintf(text, sizeof text, "grid 1\ncta 1\nld r1, [%s]\n", src);
  if (ws_kernel_parse(&K, text, "e.k", err, sizeof err) != 0) {
    check(0, line, "'%s' does not parse: %s", src, err);
    return;
  }
  int64_t got = ws_expr_eval(&K.addr[0], VARS);
  check(got == want, line, "'%s' = %" PRId64 ", want %" PRId64, src, got, want);
}
#define EXPR(src, want) check_expr(__LINE__, src, want)

static void test_expressions(void) {
  /* precedence and associativity, C's */
  EXPR("1+2*3", 7);
  EXPR("2*3+1", 7);
  EXPR("(1+2)*3", 9);
  EXPR("10-3-2", 5);                        /* left-associative */
  EXPR("100/10/5", 2);
  EXPR("2*3%4", 2);                         /* (2*3)%4 */
  EXPR("1<<2+1", 8);                        /* + binds tighter than << */
  EXPR("1+1<3", 1);                         /* + tighter than < */
  EXPR("1<<1<3", 1);                        /* << tighter than < */
  EXPR("1<2==1", 1);                        /* < tighter than == */
  EXPR("2==2<3", 0);                        /* 2 == (2<3) */
  EXPR("6&3==3", 0);                        /* == tighter than &: 6 & 1 */
  EXPR("1|2^3&4", 3);                       /* & over ^ over | */
  EXPR("6^3|8", 13);
  EXPR("1|0&&0", 0);                        /* | tighter than && */
  EXPR("1||0&&0", 1);                       /* && tighter than || */
  EXPR("(1||0)&&0", 0);
  EXPR("-2*3", -6);                         /* unary binds tightest */
  EXPR("-(2+3)", -5);
  EXPR("- -4", 4);
  EXPR("!0+1", 2);
  EXPR("  1 +\t2 ", 3);
  EXPR("((((7))))", 7);
  /* every operator */
  EXPR("~0", -1);
  EXPR("~5", -6);
  EXPR("!0", 1);
  EXPR("!7", 0);
  EXPR("!!7", 1);
  EXPR("6*7", 42);
  EXPR("7/2", 3);
  EXPR("-7/2", -3);                         /* truncates toward zero, as C */
  EXPR("7/-2", -3);
  EXPR("7%4", 3);
  EXPR("-7%2", -1);
  EXPR("5+6", 11);
  EXPR("5-6", -1);
  EXPR("1<<4", 16);
  EXPR("256>>4", 16);
  EXPR("-256>>4", -16);                     /* arithmetic shift */
  EXPR("-1>>63", -1);
  EXPR("1<<63>>63", -1);
  EXPR("1<<64", 1);                         /* shift count modulo 64 */
  EXPR("1<<65", 2);
  EXPR("1<<-1", INT64_MIN);
  EXPR("3<5", 1);
  EXPR("5<3", 0);
  EXPR("3<=3", 1);
  EXPR("4<=3", 0);
  EXPR("5>3", 1);
  EXPR("3>5", 0);
  EXPR("3>=3", 1);
  EXPR("2>=3", 0);
  EXPR("-1<0", 1);                          /* signed comparison */
  EXPR("3==3", 1);
  EXPR("3==4", 0);
  EXPR("3!=4", 1);
  EXPR("3!=3", 0);
  EXPR("6&3", 2);
  EXPR("6^3", 5);
  EXPR("6|3", 7);
  EXPR("5&&3", 1);
  EXPR("5&&0", 0);
  EXPR("0||0", 0);
  EXPR("0||7", 1);
  /* literals */
  EXPR("0", 0);
  EXPR("010", 10);                          /* decimal: no octal */
  EXPR("0x10", 16);
  EXPR("0XfF", 255);
  EXPR("4K", 4096);
  EXPR("4k", 4096);
  EXPR("3M", 3 << 20);
  EXPR("2G", (int64_t)1 << 31);
  EXPR("0x1K", 1024);
  EXPR("9223372036854775807", INT64_MAX);
  EXPR("8589934591G", INT64_MAX - ((int64_t)1 << 30) + 1);
  /* overflow wraps, division by zero is 0 */
  EXPR("9223372036854775807+1", INT64_MIN);
  EXPR("-9223372036854775807-1", INT64_MIN);
  EXPR("-9223372036854775807-2", INT64_MAX);
  EXPR("9223372036854775807*2", -2);
  EXPR("-(-9223372036854775807-1)", INT64_MIN);
  EXPR("(-9223372036854775807-1)/-1", INT64_MIN);
  EXPR("(-9223372036854775807-1)%-1", 0);
  EXPR("5/0", 0);
  EXPR("5%0", 0);
  EXPR("0/0", 0);
  EXPR("-5/0", 0);
  EXPR("5/(tid-tid)", 0);
  EXPR("7%(lane-5)", 0);
  /* every variable */
  EXPR("tid", 37);
  EXPR("ctaid", 3);
  EXPR("iter", 2);
  EXPR("lane", 5);
  EXPR("warp", 1);
  EXPR("gtid", 229);
  EXPR("ntid", 64);
  EXPR("nctaid", 7);
  EXPR("gtid - ctaid*ntid - tid", 0);
  EXPR("4*gtid + 0x100000*iter", 4 * 229 + 0x200000);
  EXPR("tid % 2 == 1", 1);

  /* The evaluator never trusts the bytecode: empty or malformed gives 0. */
  ws_expr e;
  memset(&e, 0, sizeof e);
  CHECK(ws_expr_eval(&e, VARS) == 0, "empty expression should evaluate to 0");
  e.n = 1;
  e.op[0] = 200;
  CHECK(ws_expr_eval(&e, VARS) == 0, "unknown opcode should evaluate to 0");
  e.op[0] = 0;
  CHECK(ws_expr_eval(&e, VARS) == 0, "opcode 0 should evaluate to 0");
  e.n = WS_EXPR_MAX + 1;
  CHECK(ws_expr_eval(&e, VARS) == 0, "n > WS_EXPR_MAX should evaluate to 0");
}

/* }===================================================================== */

/* {=====================================================================
** Parse errors: exact messages
** ====================================================================== */

/* 'text' must fail with exactly 'want' (one line). */
static void check_err(int line, const char *text, const char *want) {
  char err[512];
  memset(err, 'X', sizeof err);
  int rc = ws_kernel_parse(&K, text, "k.txt", err, sizeof err);
  if (rc != -1) {
    check(0, line, "parse should fail with \"%s\"", want);
    return;
  }
  check(strcmp(err, want) == 0, line, "message \"%s\", want \"%s\"", err, want);
  CHECK(strchr(err, '\n') == NULL, "message \"%s\" is more than one line", err);
}
#define ERR(text, want) check_err(__LINE__, text, want)
#define HDR "grid 1\ncta 32\n"              /* two lines of header, so the body starts at line 3 */

static void test_errors(void) {
  /* opcodes */
  ERR(HDR "lod r1, [0]\n", "k.txt:3: unknown opcode 'lod' (ld, st, alu, add, mul, mad, sfu, bar)");
  ERR(HDR "LD r1, [0]\n", "k.txt:3: unknown opcode 'LD' (ld, st, alu, add, mul, mad, sfu, bar)");
  ERR(HDR "gird 3\n", "k.txt:3: unknown opcode 'gird' (ld, st, alu, add, mul, mad, sfu, bar)");
  ERR(HDR "[0]\n", "k.txt:3: expected an opcode (ld, st, alu, add, mul, mad, sfu, bar), found '['");
  ERR(HDR "@(1)\n", "k.txt:3: missing an opcode (ld, st, alu, add, mul, mad, sfu, bar)");
  /* registers */
  ERR(HDR "ld x1, [0]\n", "k.txt:3: bad register 'x1' (r0..r63)");
  ERR(HDR "ld r1x, [0]\n", "k.txt:3: bad register 'r1x' (r0..r63)");
  ERR(HDR "ld r, [0]\n", "k.txt:3: bad register 'r' (r0..r63)");
  ERR(HDR "alu r1, r64\n", "k.txt:3: register r64 is out of range (r0..r63)");
  ERR(HDR "alu r99999999999999999999, r1\n", "k.txt:3: register r99999999999999999999 is out of range (r0..r63)");
  ERR(HDR "ld 1, [0]\n", "k.txt:3: expected a register (r0..r63), found '1'");
  ERR(HDR "st [0],\n", "k.txt:3: missing a register (r0..r63)");
  ERR(HDR "alu r1, r2, r3, r4, r5\n", "k.txt:3: too many source registers (at most 3)");
  /* punctuation */
  ERR(HDR "ld r1, [4*tid\n", "k.txt:3: missing ']' after the address");
  ERR(HDR "ld r1, 4*tid]\n", "k.txt:3: expected '[' before the address, found '4'");
  ERR(HDR "ld r1, [4*tid foo]\n", "k.txt:3: expected ']' after the address, found 'foo'");
  ERR(HDR "ld r1 [0]\n", "k.txt:3: expected ',' after the destination register, found '['");
  ERR(HDR "st [0] r1\n", "k.txt:3: expected ',' after the address, found 'r1'");
  ERR(HDR "ld r1, [(1+2]\n", "k.txt:3: expected ')', found ']'");
  ERR(HDR "ld r1, [(1+2\n", "k.txt:3: missing ')'");
  ERR(HDR "@tid bar\n", "k.txt:3: expected '(' after '@', found 'tid'");
  ERR(HDR "@(tid < 4 ld r1, [0]\n", "k.txt:3: expected ')' after the active mask, found 'ld'");
  /* expressions */
  ERR(HDR "ld r1, [4*tidx]\n",
      "k.txt:3: unknown variable 'tidx' (tid, ctaid, iter, lane, warp, gtid, ntid, nctaid)");
  ERR(HDR "ld r1, [r2]\n",
      "k.txt:3: unknown variable 'r2' (tid, ctaid, iter, lane, warp, gtid, ntid, nctaid)");
  ERR(HDR "ld r1, [4*]\n", "k.txt:3: expected a number, a variable or '(', found ']'");
  ERR(HDR "ld r1, [4*\n", "k.txt:3: expression ends early (expected a number, a variable or '(')");
  ERR(HDR "ld r1, []\n", "k.txt:3: expected a number, a variable or '(', found ']'");
  ERR(HDR "@(tid = 1) bar\n", "k.txt:3: '=' is not an operator (did you mean '=='?)");
  ERR(HDR "ld r1, [12abc]\n", "k.txt:3: bad number '12abc'");
  ERR(HDR "ld r1, [0x]\n", "k.txt:3: bad number '0x'");
  ERR(HDR "ld r1, [4KB]\n", "k.txt:3: bad number '4KB'");
  ERR(HDR "ld r1, [99999999999999999999]\n",
      "k.txt:3: number '99999999999999999999' is too large (at most 2^63-1)");
  ERR(HDR "ld r1, [8589934592G]\n", "k.txt:3: number '8589934592G' is too large (at most 2^63-1)");
  /* trailing junk */
  ERR(HDR "ld r1, [0] r2\n", "k.txt:3: unexpected 'r2' after the instruction");
  ERR(HDR "bar 1\n", "k.txt:3: unexpected '1' after the instruction");
  ERR(HDR "alu r1, r2;\n", "k.txt:3: unexpected ';' after the instruction");
  ERR(HDR "ld r1, [4\xc3\x97tid]\n", "k.txt:3: expected ']' after the address, found '\xc3\x97'");
  ERR("grid 1 2\n", "k.txt:1: unexpected '2' after 'grid'");
  ERR("kernel a b\n", "k.txt:1: unexpected 'b' after 'kernel'");
  /* header keys */
  ERR("cta 32\nld r1, [0]\n",
      "k.txt:2: missing 'grid N' (the number of CTAs; required before the first instruction)");
  ERR("grid 2\n\nbar\n",
      "k.txt:3: missing 'cta N' (threads per CTA; required before the first instruction)");
  ERR("# nothing but a comment\n",
      "k.txt:1: missing 'grid N' (the number of CTAs; required before the first instruction)");
  ERR("", "k.txt:1: missing 'grid N' (the number of CTAs; required before the first instruction)");
  ERR("grid 4\n\n\n",
      "k.txt:3: missing 'cta N' (threads per CTA; required before the first instruction)");
  ERR("grid 1\ncta 1\n", "k.txt:2: no instructions (a kernel needs at least one)");
  ERR("grid 1\ncta 0\n", "k.txt:2: cta 0 is out of range (legal: 1..1024)");
  ERR("grid 1\ncta 2000\n", "k.txt:2: cta 2000 is out of range (legal: 1..1024)");
  ERR("grid 1\ncta 1025\n", "k.txt:2: cta 1025 is out of range (legal: 1..1024)");
  ERR("grid 0\n", "k.txt:1: grid 0 is out of range (legal: 1..2147483648)");
  ERR("grid 2147483649\n", "k.txt:1: grid 2147483649 is out of range (legal: 1..2147483648)");
  ERR("iterations 0\n", "k.txt:1: iterations 0 is out of range (legal: 1..2147483648)");
  ERR("iterations 4G\n", "k.txt:1: iterations 4294967296 is out of range (legal: 1..2147483648)");
  ERR("grid x\n", "k.txt:1: unknown name 'x' in a header value (numbers and the kernel's parameters)");
  ERR("cta -1\n", "k.txt:1: cta -1 is out of range (legal: 1..1024)");
  ERR("cta\n", "k.txt:1: missing a number after 'cta'");
  ERR("grid 1\ncta 32\ngrid 2\n", "k.txt:3: duplicate 'grid' (first given on line 1)");
  ERR("kernel a\n# c\nkernel b\n", "k.txt:3: duplicate 'kernel' (first given on line 1)");
  ERR(HDR "bar\niterations 2\n",
      "k.txt:4: 'iterations' after the first instruction (header keys come first)");
  ERR("@(1) grid 2\n", "k.txt:1: 'grid' is a header key and takes no active mask");
  ERR("kernel\n", "k.txt:1: missing a kernel name (letters, digits, '_', '.', '-')");
  ERR("kernel a_name_that_is_longer_than_31_chars\n",
      "k.txt:1: kernel name 'a_name_that_is_longer_th...' is too long (at most 31 characters)");

  /* limits: 256 instructions and 64 expression slots fit, one more does not */
  static char text[8192];
  strcpy(text, HDR);
  for (int i = 0; i < WS_MAX_INST; i++)
    strcat(text, "bar\n");
  CHECK(ws_kernel_parse(&K, text, "k.txt", NULL, 0) == 0 && K.n_inst == WS_MAX_INST,
        "%d instructions should parse", WS_MAX_INST);
  strcat(text, "bar\n");
  ERR(text, "k.txt:259: too many instructions (at most 256)");

  char expr[512] = "";                      /* 32 ones and 31 '+': 63 slots */
  for (int i = 0; i < 32; i++)
    strcat(expr, i ? "+1" : "1");
  snprintf(text, sizeof text, HDR "ld r1, [-(%s)]\n", expr);   /* 64 slots */
  CHECK(ws_kernel_parse(&K, text, "k.txt", NULL, 0) == 0 && K.addr[0].n == WS_EXPR_MAX &&
        ws_expr_eval(&K.addr[0], VARS) == -32, "a %d-slot expression should parse", WS_EXPR_MAX);
  snprintf(text, sizeof text, HDR "ld r1, [%s+1]\n", expr);     /* 65 slots */
  ERR(text, "k.txt:3: expression too long (more than 64 terms and operators)");
  snprintf(text, sizeof text, HDR "@(%s+1) bar\n", expr);
  ERR(text, "k.txt:3: expression too long (more than 64 terms and operators)");

  strcpy(text, HDR "ld r1, [");              /* 65 nested parentheses */
  for (int i = 0; i < 65; i++)
    strcat(text, "(");
  strcat(text, "1");
  for (int i = 0; i < 65; i++)
    strcat(text, ")");
  strcat(text, "]\n");
  ERR(text, "k.txt:3: expression nested too deeply (more than 64 levels)");

  /* messages are truncated to the buffer, never overrun it */
  char small[12];
  memset(small, 'X', sizeof small);
  CHECK(ws_kernel_parse(&K, HDR "lod\n", "k.txt", small, sizeof small) == -1 &&
        strcmp(small, "k.txt:3: un") == 0, "truncated message \"%s\"", small);
  CHECK(ws_kernel_parse(&K, HDR "lod\n", "k.txt", NULL, 0) == -1, "NULL err buffer");
  CHECK(ws_kernel_parse(&K, NULL, "k.txt", small, sizeof small) == -1, "NULL text");
}

/* }===================================================================== */

/* {=====================================================================
** Good input: fields, defaults, files
** ====================================================================== */

static void test_parse(void) {
  char err[256] = "";
  const char *text =
    "# comment\n"
    "kernel stream          # optional name\n"
    "grid 120               # CTAs\n"
    "cta 256\r\n"
    "\titerations 16\n"
    "\n"
    "ld  r1, [4*gtid + 0x100000*iter]\n"
    "alu r2, r1, r1         # ALU op\n"
    "sfu r3,r2\n"
    "st  [ 4*gtid + 0x4000000 ] , r3\n"
    "bar\n"
    "@(tid % 2 == 0) ld r4, [8*gtid]   # active-mask prefix\n"
    "mad r5, r1, r2, r3\n"
    "@ ( lane < 4 ) alu r6\n"
    "add r7, r6\n"
    "mul r63, r7, r7";                      /* no newline at the end */
  int rc = ws_kernel_parse(&K, text, "x.k", err, sizeof err);
  CHECK(rc == 0, "example should parse: %s", err);
  if (rc != 0)
    return;
  CHECK(strcmp(K.name, "stream") == 0, "name '%s'", K.name);
  CHECK(K.grid == 120 && K.cta == 256 && K.iterations == 16, "header %" PRId64 " %d %" PRId64,
        K.grid, K.cta, K.iterations);
  CHECK(K.n_inst == 10 && K.n_regs == 64, "n_inst %d n_regs %d", K.n_inst, K.n_regs);
  const ws_inst *in = K.inst;
  CHECK(in[0].op == WS_OP_LD && in[0].dst == 1 && in[0].nsrc == 0 && K.mask[0].n == 0 &&
        in[0].line == 7 && ws_expr_eval(&K.addr[0], VARS) == 4 * 229 + 0x200000, "ld");
  CHECK(in[1].op == WS_OP_ALU && in[1].dst == 2 && in[1].nsrc == 2 && in[1].src[0] == 1 &&
        in[1].src[1] == 1 && K.addr[1].n == 0, "alu");
  CHECK(in[2].op == WS_OP_SFU && in[2].dst == 3 && in[2].nsrc == 1 && in[2].src[0] == 2, "sfu");
  CHECK(in[3].op == WS_OP_ST && in[3].dst == -1 && in[3].nsrc == 1 && in[3].src[0] == 3 &&
        ws_expr_eval(&K.addr[3], VARS) == 4 * 229 + 0x4000000, "st");
  CHECK(in[4].op == WS_OP_BAR && in[4].dst == -1 && in[4].nsrc == 0 && in[4].line == 11, "bar");
  int64_t even[WS_VAR_N], odd[WS_VAR_N];
  memcpy(even, VARS, sizeof even);
  memcpy(odd, VARS, sizeof odd);
  even[WS_VAR_TID] = 36;
  CHECK(in[5].op == WS_OP_LD && in[5].dst == 4 && K.mask[5].n > 0 &&
        ws_expr_eval(&K.mask[5], even) != 0 && ws_expr_eval(&K.mask[5], odd) == 0, "masked ld");
  CHECK(in[6].op == WS_OP_ALU && in[6].nsrc == 3 && in[6].src[0] == 1 && in[6].src[1] == 2 &&
        in[6].src[2] == 3, "mad is a 3-source alu");
  CHECK(in[7].op == WS_OP_ALU && in[7].dst == 6 && in[7].nsrc == 0 && K.mask[7].n > 0 &&
        ws_expr_eval(&K.mask[7], VARS) == 0, "masked alu with no sources");
  CHECK(in[8].op == WS_OP_ALU && in[9].op == WS_OP_ALU && in[9].dst == 63 && in[9].line == 16,
        "add, mul are alu");

  /* defaults: name from the file's base name, iterations 1, no registers */
  CHECK(ws_kernel_parse(&K, "grid 1\ncta 1\nbar\n", "dir/sub/my.kern.txt", err, sizeof err) == 0 &&
        strcmp(K.name, "my.kern") == 0 && K.iterations == 1 && K.n_regs == 0,
        "defaults: name '%s' iterations %" PRId64 " n_regs %d", K.name, K.iterations, K.n_regs);
  CHECK(ws_kernel_parse(&K, "grid 1\ncta 1\nbar\n", NULL, err, sizeof err) == 0 &&
        strcmp(K.name, "kernel") == 0, "no file name: name '%s'", K.name);
  CHECK(ws_kernel_parse(&K, "grid 1\ncta 1\nbar\n", ".hidden", err, sizeof err) == 0 &&
        strcmp(K.name, ".hidden") == 0, "dot file: name '%s'", K.name);
  CHECK(ws_kernel_parse(&K, "grid 1\ncta 1\nbar\n", "a_base_name_much_longer_than_31_characters.k",
                        err, sizeof err) == 0 && strlen(K.name) == 31, "long base name '%s'", K.name);
  CHECK(ws_kernel_parse(&K, "grid 2G\ncta 1024\niterations 2G\nbar\n", "k", err, sizeof err) == 0 &&
        K.grid == (int64_t)1 << 31 && K.cta == 1024 && K.iterations == (int64_t)1 << 31,
        "largest header values: %s", err);
  CHECK(ws_kernel_parse(&K, "kernel a-b.c_1\ngrid 1\ncta 1\nbar\n", "k", err, sizeof err) == 0 &&
        strcmp(K.name, "a-b.c_1") == 0, "kernel name with '-' and '.': %s", err);

  /* warp-instructions per CTA */
  CHECK(ws_kernel_parse(&K, "grid 5\ncta 33\niterations 3\nbar\nbar\n", "k", err, sizeof err) == 0 &&
        ws_kernel_cta_insts(&K, 32) == 2 * 3 * 2 && ws_kernel_cta_insts(&K, 1) == 33 * 3 * 2 &&
        ws_kernel_cta_insts(&K, 0) == 0, "ws_kernel_cta_insts");
  K.iterations = INT64_MAX;
  CHECK(ws_kernel_cta_insts(&K, 32) == INT64_MAX, "ws_kernel_cta_insts saturates");

  /* files */
  char path[64];
  snprintf(path, sizeof path, "/tmp/test_kernel_%ld_XXXXXX", (long)getpid());
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  CHECK(f != NULL, "cannot create a temporary file");
  if (f) {
    fputs("grid 2\ncta 64\nld r1, [4*gtid]\nst [4*gtid], r1\n", f);
    fclose(f);
    CHECK(ws_kernel_load(&K, path, NULL, err, sizeof err) == 0 && K.n_inst == 2 && K.grid == 2 &&
          strncmp(K.name, "test_kernel_", 12) == 0, "load: %s", err);
    f = fopen(path, "w");
    if (f) {
      fputs("grid 2\ncta 64\nlod r1\n", f);
      fclose(f);
    }
    char want[256];
    snprintf(want, sizeof want, "%s:3: unknown opcode 'lod' (ld, st, alu, add, mul, mad, sfu, bar)", path);
    CHECK(ws_kernel_load(&K, path, NULL, err, sizeof err) == -1 && strcmp(err, want) == 0,
          "load error \"%s\", want \"%s\"", err, want);
    f = fopen(path, "wb");
    if (f) {
      fwrite("grid 2\0\n", 1, 8, f);
      fclose(f);
    }
    snprintf(want, sizeof want, "%s: cannot read (not a text file: it holds a NUL byte)", path);
    CHECK(ws_kernel_load(&K, path, NULL, err, sizeof err) == -1 && strcmp(err, want) == 0,
          "NUL byte: \"%s\"", err);
    remove(path);
  }
  CHECK(ws_kernel_load(&K, "/nonexistent/x.k", NULL, err, sizeof err) == -1 &&
        strcmp(err, "/nonexistent/x.k: cannot read (No such file or directory)") == 0,
        "missing file: \"%s\"", err);
  CHECK(ws_kernel_load(&K, "/tmp", NULL, err, sizeof err) == -1 && strncmp(err, "/tmp: cannot read (", 19) == 0,
        "directory: \"%s\"", err);
}

/* }===================================================================== */

/* {=====================================================================
** Built-in kernels: sizes and each class's access pattern
** ====================================================================== */

static void set_vars(int64_t v[WS_VAR_N], const ws_kernel *k, int64_t ctaid, int tid, int64_t iter) {
  v[WS_VAR_TID] = tid;
  v[WS_VAR_CTAID] = ctaid;
  v[WS_VAR_ITER] = iter;
  v[WS_VAR_LANE] = tid % 32;
  v[WS_VAR_WARP] = tid / 32;
  v[WS_VAR_GTID] = ctaid * k->cta + tid;
  v[WS_VAR_NTID] = k->cta;
  v[WS_VAR_NCTAID] = k->grid;
}

/* One warp's access: its active threads, distinct lines, and whether every
** active thread uses the same address; addr[] gets each lane's (or -1). */
typedef struct warp_access {
  int     active, lines, same, aligned;
  int64_t addr[32];
} warp_access;

static warp_access access_of(const ws_kernel *k, const ws_inst *in, int64_t ctaid, int warp, int64_t iter) {
  warp_access a;
  int64_t v[WS_VAR_N], line[32], first = 0;
  memset(&a, 0, sizeof a);
  a.same = a.aligned = 1;
  for (int lane = 0; lane < 32; lane++) {
    int tid = 32 * warp + lane;
    a.addr[lane] = -1;
    set_vars(v, k, ctaid, tid, iter);
    const ws_expr *mask = &k->mask[in->pc];
    if (tid >= k->cta || (mask->n && ws_expr_eval(mask, v) == 0))
      continue;
    int64_t addr = ws_expr_eval(&k->addr[in->pc], v), l = addr / LINE_BYTES;
    a.addr[lane] = addr;
    a.aligned &= addr >= 0 && addr % 4 == 0;
    if (a.active == 0)
      first = addr;
    else if (addr != first)
      a.same = 0;
    int seen = 0;
    for (int i = 0; i < a.lines; i++)
      seen |= line[i] == l;
    if (!seen)
      line[a.lines++] = l;
    a.active++;
  }
  return a;
}

/* A full warp's access covers exactly one line, 32 consecutive words. */
static int coalesced(const warp_access *a) {
  if (a->active != 32 || a->lines != 1 || a->addr[0] % LINE_BYTES != 0)
    return 0;
  for (int lane = 1; lane < 32; lane++)
    if (a->addr[lane] != a->addr[0] + 4 * lane)
      return 0;
  return 1;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

static int is_mem(const ws_inst *in) { return in->op == WS_OP_LD || in->op == WS_OP_ST; }

static void check_builtin_common(const char *name) {
  char err[256] = "";
  const char *text = ws_kernel_builtin_text(name);
  CHECK(text && strncmp(text, "# ", 2) == 0, "%s: text should start with a comment line", name);
  if (ws_kernel_builtin(&K, name, NULL, err, sizeof err) != 0) {
    CHECK(0, "%s does not parse: %s", name, err);
    return;
  }
  CHECK(strcmp(K.name, name) == 0, "%s: name '%s'", name, K.name);
  CHECK(K.grid >= 1 && K.cta >= 1 && K.cta <= 1024 && K.iterations >= 1 && K.n_inst >= 1 &&
        K.n_regs >= 1, "%s: sizes", name);
  int64_t total = K.grid * ws_kernel_cta_insts(&K, 32);
  CHECK(total >= 18 && total <= 5000, "%s: %" PRId64 " warp-instructions (want a few thousand at most)",
        name, total);
  /* every access of every thread: 4-byte aligned, non-negative */
  int ok = 1;
  for (int64_t c = 0; c < K.grid; c++)
    for (int w = 0; w * 32 < K.cta; w++)
      for (int64_t it = 0; it < K.iterations; it++)
        for (int i = 0; i < K.n_inst; i++)
          if (is_mem(&K.inst[i]))
            ok &= access_of(&K, &K.inst[i], c, w, it).aligned;
  CHECK(ok, "%s: every address should be >= 0 and 4-byte aligned", name);
}

static void count_ops(const ws_kernel *k, int n[5]) {
  memset(n, 0, 5 * sizeof n[0]);
  for (int i = 0; i < k->n_inst; i++)
    n[k->inst[i].op]++;
}

static void test_builtins(void) {
  char err[256];
  const char *const *names = ws_kernel_builtins();
  static const char *const want[] = {
    "stream", "compute", "cache_reuse", "uncoalesced", "tia", "cta_stride", "cta_tile", "shared_read", "phases",
    "fig4_2"
  };
  int count = 0;
  while (names[count])
    count++;
  CHECK(count == 10, "%d built-in kernels, want 10", count);
  for (int i = 0; i < 10 && i < count; i++)
    CHECK(strcmp(names[i], want[i]) == 0, "built-in %d is '%s', want '%s'", i, names[i], want[i]);
  for (int i = 0; i < count; i++)
    check_builtin_common(names[i]);
  CHECK(ws_kernel_builtin(&K, "nope", NULL, err, sizeof err) == -1 &&
        strcmp(err, "unknown kernel 'nope' (stream, compute, cache_reuse, uncoalesced, tia, "
                    "cta_stride, cta_tile, shared_read, phases, fig4_2)") == 0, "unknown built-in: \"%s\"", err);
  CHECK(ws_kernel_builtin_text("nope") == NULL && ws_kernel_builtin_text(NULL) == NULL,
        "unknown built-in text should be NULL");

  int n[5];
  /* stream: loads and stores all coalesced, at least two loads and a store, little ALU */
  if (ws_kernel_builtin(&K, "stream", NULL, err, sizeof err) == 0) {
    int ok = 1;
    count_ops(&K, n);
    for (int64_t c = 0; c < K.grid; c++)
      for (int64_t it = 0; it < K.iterations; it++)
        for (int i = 0; i < K.n_inst; i++) {
          warp_access a = access_of(&K, &K.inst[i], c, 0, it);
          if (is_mem(&K.inst[i]))
            ok &= coalesced(&a);
        }
    CHECK(ok, "stream: every warp access should be one 128-byte line");
    CHECK(n[WS_OP_LD] >= 2 && n[WS_OP_ST] >= 1 && n[WS_OP_ALU] + n[WS_OP_SFU] <= 2, "stream: mix");
  }
  /* compute: ALU/SFU >= 4x memory, SFU present, dependent chains */
  if (ws_kernel_builtin(&K, "compute", NULL, err, sizeof err) == 0) {
    int deps = 0;
    count_ops(&K, n);
    for (int i = 1; i < K.n_inst; i++)
      for (int j = 0; j < K.inst[i].nsrc; j++)
        for (int back = 1; back <= 2 && back <= i; back++)
          deps += K.inst[i].src[j] == K.inst[i - back].dst;
    CHECK(n[WS_OP_ALU] + n[WS_OP_SFU] >= 4 * (n[WS_OP_LD] + n[WS_OP_ST]) && n[WS_OP_SFU] >= 2,
          "compute: ALU %d SFU %d LD %d ST %d", n[WS_OP_ALU], n[WS_OP_SFU], n[WS_OP_LD], n[WS_OP_ST]);
    CHECK(deps >= 8, "compute: %d back-to-back dependences, want chains", deps);
    /* the load is active in the first iteration only */
    int active_later = 0;
    for (int i = 0; i < K.n_inst; i++)
      if (K.inst[i].op == WS_OP_LD)
        for (int64_t it = 1; it < K.iterations; it++)
          active_later += access_of(&K, &K.inst[i], 0, 0, it).active;
    CHECK(active_later == 0, "compute: the load should be predicated off after iteration 0");
  }
  /* cache_reuse: CTA 0's lines form a small set, each read many times */
  if (ws_kernel_builtin(&K, "cache_reuse", NULL, err, sizeof err) == 0) {
    static int64_t lines[4096];
    int n_lines = 0, touches = 0;
    for (int w = 0; w * 32 < K.cta; w++)
      for (int64_t it = 0; it < K.iterations; it++)
        for (int i = 0; i < K.n_inst; i++) {
          if (!is_mem(&K.inst[i]))
            continue;
          warp_access a = access_of(&K, &K.inst[i], 0, w, it);
          CHECK(a.lines == 1, "cache_reuse: warp access should be coalesced");
          int64_t l = a.addr[0] / LINE_BYTES;
          int seen = 0;
          for (int j = 0; j < n_lines; j++)
            seen |= lines[j] == l;
          if (!seen && n_lines < 4096)
            lines[n_lines++] = l;
          touches++;
        }
    CHECK(n_lines >= 8 && n_lines * LINE_BYTES <= 8192, "cache_reuse: working set %d lines", n_lines);
    CHECK(touches >= 4 * n_lines, "cache_reuse: %d touches of %d lines, want >= 4 each", touches, n_lines);
  }
  /* uncoalesced: a load that becomes 32 lines, and a masked instruction */
  if (ws_kernel_builtin(&K, "uncoalesced", NULL, err, sizeof err) == 0) {
    int max_lines = 0, masked = 0;
    for (int i = 0; i < K.n_inst; i++) {
      masked += K.mask[i].n > 0;
      if (K.inst[i].op == WS_OP_LD) {
        warp_access a = access_of(&K, &K.inst[i], 1, 1, 3);
        if (a.lines > max_lines)
          max_lines = a.lines;
      }
    }
    CHECK(max_lines == 32, "uncoalesced: widest load touches %d lines, want 32", max_lines);
    CHECK(masked >= 1, "uncoalesced: want an instruction with an active mask");
  }
  /* tia: a load where the whole grid reads one address; plus a coalesced load */
  if (ws_kernel_builtin(&K, "tia", NULL, err, sizeof err) == 0) {
    int invariant = 0, strided = 0;
    for (int i = 0; i < K.n_inst; i++) {
      if (K.inst[i].op != WS_OP_LD)
        continue;
      warp_access a = access_of(&K, &K.inst[i], 0, 0, 2), b = access_of(&K, &K.inst[i], 3, 2, 2);
      invariant += a.same && b.same && a.addr[0] == b.addr[0];
      strided += coalesced(&a) && coalesced(&b);
    }
    CHECK(invariant >= 1 && strided >= 1, "tia: %d invariant and %d coalesced loads", invariant, strided);
  }
  /* cta_stride: CTA c's address = CTA 0's + c * a constant tile size, coalesced */
  if (ws_kernel_builtin(&K, "cta_stride", NULL, err, sizeof err) == 0) {
    int ok = 1;
    int64_t tile = -1;
    for (int i = 0; i < K.n_inst; i++) {
      if (!is_mem(&K.inst[i]))
        continue;
      for (int64_t c = 0; c < K.grid; c++)
        for (int64_t it = 0; it < K.iterations; it++)
          for (int w = 0; w * 32 < K.cta; w++) {
            warp_access a = access_of(&K, &K.inst[i], c, w, it), z = access_of(&K, &K.inst[i], 0, w, it);
            if (c == 1 && tile < 0)
              tile = a.addr[0] - z.addr[0];
            ok &= coalesced(&a) && a.addr[0] - z.addr[0] == c * tile;
          }
    }
    CHECK(ok && tile >= 4096, "cta_stride: per-CTA bases (tile %" PRId64 ")", tile);
  }
  /* shared_read: a load whose lines are the same for every CTA */
  if (ws_kernel_builtin(&K, "shared_read", NULL, err, sizeof err) == 0) {
    int shared = 0;
    for (int i = 0; i < K.n_inst; i++) {
      if (K.inst[i].op != WS_OP_LD)
        continue;
      int same = 1;
      for (int64_t c = 1; c < K.grid; c++)
        for (int w = 0; w * 32 < K.cta; w++) {
          warp_access a = access_of(&K, &K.inst[i], c, w, 1), z = access_of(&K, &K.inst[i], 0, w, 1);
          same &= memcmp(a.addr, z.addr, sizeof a.addr) == 0;
        }
      shared += same;
    }
    CHECK(shared >= 1, "shared_read: want a load every CTA shares");
  }
}

/* Fig. 4.2: grid 3, cta 32, one iteration; ld A, ld B, four dependent adds;
** A and B coalesced, all six lines distinct. */
static void test_fig4_2(void) {
  char err[256] = "";
  if (ws_kernel_builtin(&K, "fig4_2", NULL, err, sizeof err) != 0) {
    CHECK(0, "fig4_2 does not parse: %s", err);
    return;
  }
  CHECK(K.grid == 3 && K.cta == 32 && K.iterations == 1 && K.n_inst == 6 && K.n_regs == 7,
        "fig4_2: grid %" PRId64 " cta %d iterations %" PRId64 " n_inst %d n_regs %d",
        K.grid, K.cta, K.iterations, K.n_inst, K.n_regs);
  CHECK(ws_kernel_cta_insts(&K, 32) == 6, "fig4_2: 6 warp-instructions per CTA");
  const ws_inst *in = K.inst;
  CHECK(in[0].op == WS_OP_LD && in[0].dst == 1 && in[0].nsrc == 0 &&
        in[1].op == WS_OP_LD && in[1].dst == 2 && in[1].nsrc == 0, "fig4_2: ld r1, ld r2");
  CHECK(in[2].op == WS_OP_ALU && in[2].dst == 3 && in[2].nsrc == 2 && in[2].src[0] == 1 && in[2].src[1] == 2,
        "fig4_2: add r3, r1, r2");
  for (int i = 3; i < 6; i++)
    CHECK(in[i].op == WS_OP_ALU && in[i].dst == i + 1 && in[i].nsrc == 2 && in[i].src[0] == i &&
          in[i].src[1] == i, "fig4_2: add r%d, r%d, r%d", i + 1, i, i);
  int masked = 0;
  for (int i = 0; i < 6; i++)
    masked += K.mask[i].n != 0;
  CHECK(masked == 0, "fig4_2: no active masks");
  int64_t lines[6];
  for (int c = 0; c < 3; c++)
    for (int ld = 0; ld < 2; ld++) {
      warp_access a = access_of(&K, &in[ld], c, 0, 0);
      CHECK(coalesced(&a), "fig4_2: warp %d's load %c should be coalesced", c, "AB"[ld]);
      CHECK(a.addr[0] == 4 * 32 * c + (ld ? 0x100000 : 0), "fig4_2: warp %d's %c at 0x%" PRIx64,
            c, "AB"[ld], (uint64_t)a.addr[0]);
      lines[2 * c + ld] = a.addr[0] / LINE_BYTES;
    }
  int distinct = 1;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < i; j++)
      distinct &= lines[i] != lines[j];
  CHECK(distinct, "fig4_2: the six A and B lines should be distinct");
}

/* }===================================================================== */

/* ws_expr_eval_warp (a warp's 32 lanes at once, with its affine shortcut)
** against ws_expr_eval lane by lane, on random expressions: the per-thread
** evaluation is the definition. */
static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng_state >> 33) % n;
}
static void random_expr(char *buf, size_t n, int depth) {
  static const char *const leaf[] = {"tid", "lane", "gtid", "iter", "ctaid", "warp", "ntid", "nctaid",
                                     "3", "4096", "128", "7", "9223372036854775807", "0"};
  static const char *const binop[] = {"+", "-", "*", "+", "*", "/", "%", "<<", ">>", "&", "|", "^",
                                      "<", "==", "&&", "||"};
  if (depth == 0 || rnd(4) == 0) { snprintf(buf, n, "%s", leaf[rnd(14)]); return; }
  char a[512], b[512];
  random_expr(a, sizeof a, depth - 1);
  random_expr(b, sizeof b, depth - 1);
  switch (rnd(8)) {
  case 0: snprintf(buf, n, "-(%s)", a); break;
  case 1: snprintf(buf, n, "~(%s)", a); break;
  default: snprintf(buf, n, "(%s)%s(%s)", a, binop[rnd(16)], b); break;
  }
}
static void test_warp_eval(void) {
  uint64_t seed = 1;
  const char *env = getenv("TEST_SEED");
  if (env) seed = strtoull(env, NULL, 10);
  rng_state = seed;
  printf("warp evaluation: seed %" PRIu64 " (TEST_SEED)\n", seed);
  int bad = 0, affine = 0, linear = 0;
  for (int t = 0; t < 3000 && !bad; t++) {
    char e[1024], text[1200];
    random_expr(e, sizeof e, 1 + (int)rnd(4));
    snprintf(text, sizeof text, "grid 9\ncta 256\nld r1, [%s]\n", e);
    if (ws_kernel_parse(&K, text, "e.k", NULL, 0) != 0) continue;   /* too long for WS_EXPR_MAX */
    int64_t base[WS_VAR_N] = {[WS_VAR_CTAID] = rnd(9), [WS_VAR_ITER] = rnd(100), [WS_VAR_WARP] = rnd(8),
                              [WS_VAR_NTID] = 256, [WS_VAR_NCTAID] = 9};
    base[WS_VAR_TID] = base[WS_VAR_WARP] * 32;
    base[WS_VAR_GTID] = base[WS_VAR_CTAID] * 256 + base[WS_VAR_TID];
    int64_t warp[32];
    ws_expr_eval_warp(&K.addr[0], base, warp);
    /* the linear form with the run's NTID and NCTAID fixed, where there is one (ws_gpu's shortcut) */
    ws_lin lin;
    ws_expr_linear(&K.addr[0], 1u << WS_VAR_NTID | 1u << WS_VAR_NCTAID, base, &lin);
    if (lin.ok) {
      int64_t byform[32];
      ws_lin_eval_warp(&lin, base, byform);
      linear++;
      for (int l = 0; l < 32 && !bad; l++)
        if (byform[l] != warp[l]) {
          check(0, __LINE__, "'%s' lane %d: linear form %" PRId64 ", warp evaluation %" PRId64, e, l, byform[l], warp[l]);
          bad = 1;
        }
    }
    int64_t one[WS_VAR_N];
    memcpy(one, base, sizeof one);
    for (int l = 0; l < 32 && !bad; l++) {
      one[WS_VAR_TID] = base[WS_VAR_TID] + l;
      one[WS_VAR_LANE] = l;
      one[WS_VAR_GTID] = base[WS_VAR_GTID] + l;
      int64_t want = ws_expr_eval(&K.addr[0], one);
      if (warp[l] != want) {
        check(0, __LINE__, "'%s' lane %d: warp evaluation %" PRId64 ", thread evaluation %" PRId64, e, l, warp[l], want);
        bad = 1;
      }
    }
    affine += strchr(e, '/') == NULL && strchr(e, '%') == NULL;
  }
  CHECK(!bad && affine > 100, "3000 random expressions: every lane as the thread evaluation (%d without / or %%)", affine);
  printf("warp evaluation: %d of 3000 expressions without / or %%, %d with a linear form\n", affine, linear);
  CHECK(!bad && linear > 100, "of them %d linear forms, every lane as the warp evaluation", linear);
}

/* {=====================================================================
** Kernel parameters: 'param' lines, --param values, and the built-ins' sweeps
** ====================================================================== */

static int with(ws_kernel *k, const char *name, const char *a0, const char *a1, char *err, size_t n) {
  ws_kargs a = {0};
  if (a0) a.kv[a.n++] = a0;
  if (a1) a.kv[a.n++] = a1;
  return ws_kernel_builtin(k, name, &a, err, n);
}

/* the distinct lines warp W of CTA C touches with load I over the whole kernel, each touch counted */
static int line_touches(const ws_kernel *k, int i, int64_t c, int w, int64_t *lines, int *count, int cap) {
  int n = 0;
  for (int64_t it = 0; it < k->iterations; it++) {
    warp_access a = access_of(k, &k->inst[i], c, w, it);
    for (int lane = 0; lane < 32; lane++) {
      if (a.addr[lane] < 0) continue;
      int64_t l = a.addr[lane] / LINE_BYTES;
      int j = 0;
      while (j < n && lines[j] != l) j++;
      if (j == n && n < cap) { lines[n] = l; count[n++] = 0; }
      if (j < n && (lane == 0 || a.addr[lane - 1] / LINE_BYTES != l)) count[j]++;   /* once per warp access */
    }
  }
  return n;
}

static void test_params(void) {
  static ws_kernel K;
  char err[512];
  static int64_t lines[8192];
  static int count[8192];
  /* cache_reuse: footprint 8 KB, 3 passes: 8 iterations a pass; CTA 1's loads cover exactly its
  ** 64 lines from 0x1000000 + 8192, each read once a pass by one of the two loads */
  CHECK(with(&K, "cache_reuse", "footprint=8192", "passes=3", err, sizeof err) == 0, "%s", err);
  CHECK(K.iterations == 3 * 8192 / 1024, "cache_reuse: iterations %" PRId64 ", want 24", K.iterations);
  CHECK(K.n_param == 2 && K.param[0].value == 8192 && K.param[1].value == 3, "cache_reuse: parameter values");
  {
    int per_line[64] = {0}, outside = 0;
    for (int i = 0; i < 2; i++)
      for (int w = 0; w < 4; w++) {
        int n = line_touches(&K, i, 1, w, lines, count, 8192);
        for (int j = 0; j < n; j++) {
          int64_t off = lines[j] * LINE_BYTES - (0x1000000 + 8192);
          if (off < 0 || off >= 8192) outside++;
          else per_line[off / LINE_BYTES] += count[j];
        }
      }
    int wrong = 0;
    for (int j = 0; j < 64; j++) wrong += per_line[j] != 3;
    CHECK(outside == 0 && wrong == 0, "cache_reuse footprint=8192 passes=3: %d lines outside, %d not read 3 times",
          outside, wrong);
  }
  /* the defaults are the kernel as it was: 4 KB, 8 passes, 32 iterations */
  CHECK(with(&K, "cache_reuse", NULL, NULL, err, sizeof err) == 0 && K.iterations == 32 &&
        K.param[0].value == 4096 && K.param[1].value == 8, "cache_reuse: defaults");
  /* uncoalesced: 'lines' distinct lines per warp load of the points, for each degree */
  for (int d = 1; d <= 32; d *= 2) {
    char kv[32];
    snprintf(kv, sizeof kv, "lines=%d", d);
    CHECK(with(&K, "uncoalesced", kv, NULL, err, sizeof err) == 0, "%s", err);
    warp_access a = access_of(&K, &K.inst[0], 2, 1, 5);
    CHECK(a.lines == d && a.active == 32, "uncoalesced lines=%d: the load touches %d lines", d, a.lines);
  }
  /* shared_read: CTAs in one group of 'sharing' read the same lines; other groups other lines */
  CHECK(with(&K, "shared_read", "sharing=2", NULL, err, sizeof err) == 0, "%s", err);
  {
    warp_access c0 = access_of(&K, &K.inst[0], 0, 1, 3), c1 = access_of(&K, &K.inst[0], 1, 1, 3),
                c2 = access_of(&K, &K.inst[0], 2, 1, 3), c3 = access_of(&K, &K.inst[0], 3, 1, 3);
    CHECK(c0.addr[5] == c1.addr[5] && c2.addr[5] == c3.addr[5] && c0.addr[5] / LINE_BYTES != c2.addr[5] / LINE_BYTES,
          "shared_read sharing=2: CTAs 0,1 and 2,3 share, the pairs do not");
  }
  CHECK(with(&K, "shared_read", NULL, NULL, err, sizeof err) == 0, "%s", err);
  {
    warp_access c0 = access_of(&K, &K.inst[0], 0, 0, 2), c7 = access_of(&K, &K.inst[0], 7, 0, 2);
    CHECK(c0.addr[9] == c7.addr[9], "shared_read: by default every CTA reads the same lines");
  }
  /* phases: the loads run in iterations 0..phase-1, 2*phase.., and are predicated off between */
  CHECK(with(&K, "phases", "phase=3", NULL, err, sizeof err) == 0, "%s", err);
  for (int64_t it = 0; it < K.iterations; it++) {
    warp_access a = access_of(&K, &K.inst[0], 1, 2, it);
    int memory_phase = (it / 3) % 2 == 0;
    CHECK(a.active == (memory_phase ? 32 : 0), "phases phase=3: iteration %" PRId64 " has %d active lanes", it, a.active);
  }
  /* cta_tile prologue=5: 8 dependent ALU ops an iteration; the memory instructions only in the
  ** last iteration, where warp w of CTA c loads one whole line at base_c + 128 w, base_c 4 KB
  ** apart and distinct over 4,096 CTAs, not a constant step from CTA to CTA (CAPS' theta_CTA) */
  CHECK(with(&K, "cta_tile", "prologue=5", NULL, err, sizeof err) == 0 && K.iterations == 5, "cta_tile: %s", err);
  {
    int alus = 0, chained = 1, mem = 0, wrong = 0;
    for (int i = 0; i < K.n_inst; i++) {
      const ws_inst *in = &K.inst[i];
      if (!is_mem(in)) {
        if (K.mask[i].n == 0) {
          chained &= alus == 0 || (in->nsrc >= 1 && in->src[0] == K.inst[i - 1].dst);
          alus++;
        }
        continue;
      }
      mem++;
      for (int64_t it = 0; it < K.iterations; it++)
        for (int64_t c = 0; c < 4096; c += it == 4 ? 1 : 512)
          for (int w = 0; w < 8; w++) {
            warp_access a = access_of(&K, in, c, w, it), z = access_of(&K, in, c, 0, it);
            if (it < 4) wrong += a.active != 0;
            else if (in->op == WS_OP_ST) wrong += !coalesced(&a);   /* the store: 4 x gtid */
            else wrong += !coalesced(&a) || a.addr[0] - z.addr[0] != 128 * w || z.addr[0] % 4096 != 0;
          }
    }
    CHECK(alus == 8 && chained && mem == 3 && wrong == 0,
          "cta_tile: %d chained ALU ops (want 8, chained %d), %d memory instructions (want 3), %d wrong accesses",
          alus, chained, mem, wrong);
    static int64_t base[4096];
    int dup = 0, steps_differ = 0, ld = 0;
    while (ld < K.n_inst - 1 && K.inst[ld].op != WS_OP_LD) ld++;   /* the first tile load */
    for (int64_t c = 0; c < 4096; c++) {
      base[c] = access_of(&K, &K.inst[ld], c, 0, 4).addr[0];
      if (c >= 2) steps_differ |= base[c] - base[c - 1] != base[1] - base[0];
    }
    qsort(base, 4096, sizeof base[0], cmp_i64);
    for (int c = 1; c < 4096; c++) dup += base[c] == base[c - 1];
    CHECK(dup == 0 && steps_differ, "cta_tile: %d repeated CTA bases, irregular steps %d", dup, steps_differ);
  }
  /* --param errors: a value out of range, a name the kernel does not declare */
  CHECK(with(&K, "cache_reuse", "footprint=512", NULL, err, sizeof err) == -1 &&
        strcmp(err, "--param footprint=512: footprint = '512' is out of range (legal: 1024..16777216)") == 0, "%s", err);
  CHECK(with(&K, "cache_reuse", "passes=x", NULL, err, sizeof err) == -1 &&
        strcmp(err, "--param passes=x: passes = 'x' is out of range (legal: 1..4096)") == 0, "%s", err);
  CHECK(with(&K, "cache_reuse", "reuse=2", NULL, err, sizeof err) == -1 &&
        strcmp(err, "--param reuse=2: kernel cache_reuse has no such parameter (footprint 1024..16777216, passes 1..4096)") == 0,
        "%s", err);
  CHECK(with(&K, "stream", "lines=2", NULL, err, sizeof err) == -1 &&
        strcmp(err, "--param lines=2: kernel stream has no such parameter (it has none)") == 0, "%s", err);
  /* 'param' lines and header expressions */
  const char *ok = "param n 4 1..8\ngrid n*2\ncta 32*n\niterations n - 1\nld r1, [4*gtid + n]\n";
  CHECK(ws_kernel_parse(&K, ok, "p.k", err, sizeof err) == 0 && K.grid == 8 && K.cta == 128 && K.iterations == 3 &&
        ws_expr_eval(&K.addr[0], VARS) == 4 * VARS[WS_VAR_GTID] + 4, "param in header and expression: %s", err);
  static const struct { const char *text, *want; } bad[] = {
    {"param n 4 1..8\nparam n 2 1..3\n", "p.k:2: duplicate parameter 'n'"},
    {"param n 9 1..8\n", "p.k:1: parameter n: default 9 is not in 1..8"},
    {"param n 4 1-8\n", "p.k:1: expected '..' in the legal range LO..HI"},
    {"param tid 4 1..8\n", "p.k:1: parameter 'tid' has a variable's name (tid, ctaid, iter, lane, warp, gtid, ntid, nctaid)"},
    {"grid 2\ncta 32\niterations tid\n", "p.k:3: 'tid' in a header value (numbers and parameters only)"},
    {"grid 2\ncta 32\nld r1, [4*gtid]\nparam n 1 1..2\n", "p.k:4: 'param' after the first instruction (header keys come first)"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int rc = ws_kernel_parse(&K, bad[i].text, "p.k", err, sizeof err);
    CHECK(rc == -1 && strncmp(err, bad[i].want, strlen(bad[i].want)) == 0, "want '%s', got '%s'", bad[i].want, err);
  }
}

int main(void) {
  test_params();
  test_expressions();
  test_warp_eval();
  test_errors();
  test_parse();
  test_builtins();
  test_fig4_2();
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}
