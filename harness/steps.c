/*
** steps.c -- 'cosim BLOCK --steps FILE': a text file of cycles, checked in
** lockstep.  Unit-testing a block without writing C.
**
**   # comment                                  (blank lines and comments are not cycles)
**   req_valid=1 req_addr=0x3 -> req_alloc=1 req_entry=0
**   req_valid=0 -> occupancy=1 full=x          (x: don't care; an output not named is one too)
**   repeat 3 drain_ready=1 -> drain_valid=0    (three cycles, checked on each)
**   ->                                         (a cycle that changes no input)
**
** One line is one clock cycle: the inputs named take their values before the
** edge and keep them until a later line changes them (signals in a test
** bench); the outputs after '->' are checked in that cycle, before the edge,
** against the C model (which the harness has already found equal to the RTL,
** bit for bit).  The file starts after one reset cycle (rst = 1, every input
** 0).  Values: decimal, 0x hex or 0b binary, of any width up to the port's.
** Ports are looked up by name in the generated glue's port table, so one
** engine serves every block and parameter set.  A bad line is refused with
** FILE:LINE before anything runs; a wrong expectation fails with FILE:LINE,
** the port, expected and actual values, and the usual waveform.
*/
#define _POSIX_C_SOURCE 200809L
#include "steps.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wg_rtl.h"

#define MAX_WORDS 64                 /* ports up to 2048 bits */

typedef struct step_set {            /* one 'PORT=VALUE' */
  int      port;                     /* index into wg_rtl.ports */
  int      word0;                    /* its value's first word in the pool */
} step_set;

typedef struct step_line {
  int      line;                     /* in the file, for messages */
  uint64_t repeat;
  int      first_in, n_in;           /* into sets[] */
  int      first_ex, n_ex;
} step_line;

/* The parsed file: built once, before any run (a failing run is re-run with a
** trace), so nothing is allocated per run or per cycle. */
static struct {
  const char *path;
  step_line  *lines;
  int         n_lines;
  step_set   *sets;
  int         n_sets;
  uint32_t   *pool;
  int         n_pool;
  uint64_t    cycles;                /* the reset cycle + every line's repeats */
  void       *held;                  /* the inputs as the file has set them so far */
} prog;

typedef struct steps_state {
  int      line;                     /* the line of the current cycle (-1: reset) */
  uint64_t left;                     /* cycles of it still to come */
  uint64_t rep;                      /* which repeat this cycle is (1-based) */
} steps_state;

static const char *port_list(int dir, char *buf, size_t n) {
  size_t l = 0;
  buf[0] = 0;
  for (int i = 0; i < wg_rtl.n_ports && l + 2 < n; i++)
    if (wg_rtl.ports[i].dir == dir)
      l += (size_t)snprintf(buf + l, n - l, "%s%s", l ? ", " : "", wg_rtl.ports[i].name);
  return buf;
}

static int find_port(const char *name) {
  for (int i = 0; i < wg_rtl.n_ports; i++)
    if (!strcmp(wg_rtl.ports[i].name, name)) return i;
  return -1;
}

/* VALUE into 32-bit words (little end first); 0 ok, -1 not a number, -2 too wide */
static int parse_value(const char *s, int width, uint32_t *w, int words) {
  memset(w, 0, sizeof(uint32_t) * (size_t)words);
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
  else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) { base = 2; s += 2; }
  if (!*s) return -1;
  for (; *s; s++) {
    if (*s == '_') continue;
    int d = isdigit((unsigned char)*s) ? *s - '0' : isxdigit((unsigned char)*s) ? tolower((unsigned char)*s) - 'a' + 10 : 99;
    if (d >= base) return -1;
    uint64_t carry = (uint64_t)d;   /* w = w * base + d, word by word */
    for (int i = 0; i < words; i++) {
      uint64_t v = (uint64_t)w[i] * (uint64_t)base + carry;
      w[i] = (uint32_t)v;
      carry = v >> 32;
    }
    if (carry) return -2;
  }
  for (int b = width; b < 32 * words; b++)   /* bits above the port's width must be 0 */
    if (w[b / 32] >> (b % 32) & 1) return -2;
  return 0;
}

static int grow(void **p, int *cap, int need, size_t elem) {
  if (need <= *cap) return 0;
  int c = *cap ? *cap * 2 : 64;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * elem);
  if (!q) return -1;
  *p = q;
  *cap = c;
  return 0;
}

int wg_steps_load(const char *path, char *msg, size_t n) {
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(msg, n, "%s: cannot read the steps file", path); return -1; }
  prog.path = path;
  prog.cycles = 1;
  int cap_l = 0, cap_s = 0, cap_p = 0, lineno = 0, rc = -1;
  char buf[8192], names[1024];
  while (fgets(buf, sizeof buf, f)) {
    lineno++;
    if (!strchr(buf, '\n') && !feof(f)) {
      snprintf(msg, n, "%s:%d: line longer than %zu characters", path, lineno, sizeof buf - 2); goto out;
    }
    char *hash = strchr(buf, '#');
    if (hash) *hash = 0;
    step_line L = {.line = lineno, .repeat = 1, .first_in = prog.n_sets, .first_ex = -1};
    int side = 0, words_seen = 0;    /* side 0: inputs, 1: after '->' */
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
      words_seen++;
      if (!strcmp(tok, "->")) {
        if (side) { snprintf(msg, n, "%s:%d: a second '->'", path, lineno); goto out; }
        side = 1; L.first_ex = prog.n_sets; continue;
      }
      if (!strcmp(tok, "repeat") && words_seen == 1) {
        char *cnt = strtok_r(NULL, " \t\r\n", &save), *end = NULL;
        unsigned long long r = cnt ? strtoull(cnt, &end, 0) : 0;
        if (!cnt || *end || r < 1 || r > 100000000ULL) {
          snprintf(msg, n, "%s:%d: 'repeat' wants a count of cycles, 1..100000000", path, lineno); goto out;
        }
        L.repeat = r; continue;
      }
      char *eq = strchr(tok, '=');
      if (!eq || eq == tok || !eq[1]) {
        snprintf(msg, n, "%s:%d: '%s': expected PORT=VALUE (or 'repeat N', '->')", path, lineno, tok); goto out;
      }
      *eq = 0;
      int p = find_port(tok);
      if (p < 0 || (!side && wg_rtl.ports[p].dir != 0)) {
        if (p >= 0) snprintf(msg, n, "%s:%d: '%s' is an output of %s: expectations go after '->'", path, lineno, tok, wg_rtl.block);
        else snprintf(msg, n, "%s:%d: '%s' is not an input of %s (inputs: %s)", path, lineno, tok, wg_rtl.block,
                      port_list(0, names, sizeof names));
        goto out;
      }
      if (side && wg_rtl.ports[p].dir != 1) {
        snprintf(msg, n, "%s:%d: '%s' is not an output of %s (outputs: %s)", path, lineno, tok, wg_rtl.block,
                 port_list(1, names, sizeof names));
        goto out;
      }
      if (side && (!strcmp(eq + 1, "x") || !strcmp(eq + 1, "X"))) continue;   /* don't care */
      const wg_port_info *pi = &wg_rtl.ports[p];
      if (pi->words > MAX_WORDS) { snprintf(msg, n, "%s:%d: port %s is too wide for steps", path, lineno, tok); goto out; }
      if (grow((void **)&prog.sets, &cap_s, prog.n_sets + 1, sizeof *prog.sets) ||
          grow((void **)&prog.pool, &cap_p, prog.n_pool + pi->words, sizeof *prog.pool)) {
        snprintf(msg, n, "%s: out of memory", path); goto out;
      }
      int v = parse_value(eq + 1, pi->width, prog.pool + prog.n_pool, pi->words);
      if (v == -1) {
        snprintf(msg, n, "%s:%d: %s=%s: not a number (decimal, 0x hex or 0b binary%s)", path, lineno, tok, eq + 1,
                 side ? ", or x for don't care" : "");
        goto out;
      }
      if (v == -2) { snprintf(msg, n, "%s:%d: %s=%s does not fit the port's %d bits", path, lineno, tok, eq + 1, pi->width); goto out; }
      prog.sets[prog.n_sets++] = (step_set){.port = p, .word0 = prog.n_pool};
      prog.n_pool += pi->words;
    }
    if (!words_seen) continue;      /* blank or comment: not a cycle */
    if (side) L.n_ex = prog.n_sets - L.first_ex;
    L.n_in = (side ? L.first_ex : prog.n_sets) - L.first_in;
    if (grow((void **)&prog.lines, &cap_l, prog.n_lines + 1, sizeof *prog.lines)) { snprintf(msg, n, "%s: out of memory", path); goto out; }
    prog.lines[prog.n_lines++] = L;
    prog.cycles += L.repeat;
  }
  if (!prog.n_lines) { snprintf(msg, n, "%s: no steps (one line per cycle: PORT=VALUE ... -> PORT=VALUE ...)", path); goto out; }
  prog.held = calloc(1, wg_rtl.in_size);
  if (!prog.held) { snprintf(msg, n, "%s: out of memory", path); goto out; }
  rc = 0;
out:
  fclose(f);
  return rc;
}

static int steps_init(void *st, const void *params, uint64_t seed, char *msg, size_t n) {
  (void)params; (void)seed;
  if (!prog.held) { snprintf(msg, n, "no steps file loaded"); return 1; }
  steps_state *s = st;
  s->line = -1; s->left = 0; s->rep = 0;
  memset(prog.held, 0, wg_rtl.in_size);
  return 0;
}

static void put(void *in, const step_set *a) {
  const wg_port_info *p = &wg_rtl.ports[a->port];
  memcpy((char *)in + p->offset, prog.pool + a->word0, 4 * (size_t)p->words);
}

static void steps_next(void *st, uint64_t cycle, void *in) {
  steps_state *s = st;
  if (cycle == 0) {                  /* the reset cycle */
    memset(in, 0, wg_rtl.in_size);
    *(uint32_t *)in = 1;             /* rst is every block's first input */
    return;
  }
  if (s->left == 0) {                /* the next line: its inputs from this cycle on */
    s->line++;
    const step_line *L = &prog.lines[s->line];
    for (int i = 0; i < L->n_in; i++) put(prog.held, &prog.sets[L->first_in + i]);
    s->left = L->repeat;
    s->rep = 0;
  }
  s->left--;
  s->rep++;
  memcpy(in, prog.held, wg_rtl.in_size);
}

static int steps_check(void *st, uint64_t cycle, const void *out, char *msg, size_t n) {
  steps_state *s = st;
  if (cycle == 0 || s->line < 0) return 0;
  const step_line *L = &prog.lines[s->line];
  for (int i = 0; i < L->n_ex; i++) {
    const step_set *e = &prog.sets[L->first_ex + i];
    const wg_port_info *p = &wg_rtl.ports[e->port];
    const uint32_t *got = (const uint32_t *)((const char *)out + p->offset), *want = prog.pool + e->word0;
    int bad = 0;
    for (int w = 0; w < p->words; w++) {
      int bits = p->width - 32 * w;
      uint32_t mask = bits >= 32 ? ~0u : bits <= 0 ? 0 : (1u << bits) - 1;
      bad |= (got[w] & mask) != (want[w] & mask);
    }
    if (bad) {
      char a[160], b[160];
      wg_hex(want, p->width, a, sizeof a);
      wg_hex(got, p->width, b, sizeof b);
      if (L->repeat > 1)
        snprintf(msg, n, "%s:%d: %s expected 0x%s, got 0x%s (repeat %" PRIu64 " of %" PRIu64 ")",
                 prog.path, L->line, p->name, a, b, s->rep, L->repeat);
      else snprintf(msg, n, "%s:%d: %s expected 0x%s, got 0x%s", prog.path, L->line, p->name, a, b);
      return 1;
    }
  }
  return 0;
}

static uint64_t steps_length(const void *st) { (void)st; return prog.cycles; }

const wg_stim_ops wg_steps_stim = {"*", "steps", sizeof(steps_state), steps_init, steps_next, steps_check,
                                   steps_length};
