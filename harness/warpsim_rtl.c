/*
** warpsim_rtl.c -- warpsim-rtl: warpsim's command line (ws_cli.c) with an RTL
** backend installed, so that 'warpsim --rtl BLOCK[,BLOCK...]' runs each slot
** of those blocks as the Verilated RTL of exactly the slot's parameter set.
** warpsim execs this program when it sees --rtl; warpsim itself never links
** the harness or Verilator (the dependency is one-way: harness -> sim).
**
** A parameter set is generated and built on first use, as cosim builds one
** (sets.h: the same folder, lock and makefile), into a shared object rtl.so
** holding the set's generated glue ('wg_rtl', wg_rtl.h) and its Verilated
** model; this program loads it with dlopen.  A second run builds nothing.
**
** Checking (the default): the slot's C model runs beside its RTL on the same
** inputs, and every ws_slot_eval and every clock edge compares every output
** bit (from the slot's first cycle after reset, as lockstep does).  warpsim
** goes on with the RTL's outputs.  The first mismatch prints the slot, its
** owner, the cycle, the port, expected and actual values and the command that
** reproduces it, then runs that command again with the slot's RTL traced to
** the failing cycle (an FST and a .gtkw layout under the build's fail/), and
** exits 1.  --rtl-no-check runs the RTL alone.  Nothing is allocated per cycle.
*/
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../gen/wg.h"
#include "../sim/warpsim/ws_gpu.h"
#include "../sim/warpsim/ws_record.h"
#include "report.h"
#include "sets.h"
#include "wg_rtl.h"

/* a parameter set's shared object, loaded once whatever number of slots use it */
#define MAX_SETS 64
static struct { char dir[2 * WG_PATH]; const wg_rtl_ops *ops; } sets[MAX_SETS];
static int n_sets;

typedef struct rtl_inst {
  const wg_rtl_ops *ops;
  void     *h;                 /* the Verilated instance */
  int       check;
  void     *mout, *rout;       /* the model's and the RTL's outputs */
  void     *last_in;           /* the inputs the RTL last settled on */
  int       settled;           /* last_in is driven and the RTL's outputs are for it */
  int       compared;          /* and the outputs for them were compared */
  uint64_t  cycle;             /* the slot's cycles since its reset (0: the reset cycle) */
  int64_t   fault_cycle;       /* --inject-fault: the owner's cycle, -1 none */
  int       fault_port;
  uint64_t  trace_until;       /* the waveform rerun: the slot's failing cycle; 0 none */
} rtl_inst;

/* blocks named by --rtl, and how many slots of each were attached */
static char chosen[32][32];
static int  n_chosen, attached[32], all_blocks;
static int  fault_matched;                    /* --inject-fault named an RTL slot */
static const char *trace_slot, *trace_path;   /* the waveform rerun (WARPSIM_RTL_TRACE) */
static uint64_t trace_cycle;

static int chosen_index(const char *block) {
  for (int i = 0; i < n_chosen; i++) if (!strcmp(chosen[i], block)) return i;
  if (all_blocks && n_chosen < 32) {
    snprintf(chosen[n_chosen], sizeof chosen[0], "%s", block);
    return n_chosen++;
  }
  return -1;
}

/* the set's shared object: generated, built (cached) and loaded on first use */
static const wg_rtl_ops *load_set(const wg_config *c, char *err, size_t n) {
  char dir[2 * WG_PATH];
  wg_set_dir(c, "", dir, sizeof dir);
  for (int i = 0; i < n_sets; i++) if (!strcmp(sets[i].dir, dir)) return sets[i].ops;
  if (n_sets == MAX_SETS) { snprintf(err, n, "more than %d parameter sets in one run", MAX_SETS); return NULL; }
  char so[3 * WG_PATH], ps[512];
  snprintf(so, sizeof so, "%s/rtl.so", dir);
  wg_config_string(c, ps, sizeof ps, " ");
  int lock = wg_set_lock(dir);
  if (lock < 0) { snprintf(err, n, "cannot lock %s.lock", dir); return NULL; }
  struct stat st;
  if (stat(so, &st)) fprintf(stderr, "warpsim-rtl: building the RTL of %s %s (once; cached in %s)\n",
                             c->blk->name, ps, dir);
  int rc = wg_generate(c, dir, 0, err, n) ? -1 : wg_set_make(dir, c->blk->name, "rtl.so", 0, 0, err, n);
  close(lock);
  if (rc) return NULL;
  void *dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
  const wg_rtl_ops *ops = dl ? dlsym(dl, "wg_rtl") : NULL;
  if (!ops) { snprintf(err, n, "%s: %s", so, dlerror()); return NULL; }
  snprintf(sets[n_sets].dir, sizeof sets[0].dir, "%s", dir);
  sets[n_sets++].ops = ops;
  return ops;
}

static int out_port(const wg_rtl_ops *o, const char *name) {
  for (int i = 0; i < o->n_ports; i++)
    if (o->ports[i].dir == 1 && !strcmp(o->ports[i].name, name)) return i;
  return -1;
}

static int rtl_attach(ws_slot *s, char *err, size_t n) {
  const char *block = s->ops->block;
  int k = chosen_index(block);
  if (k < 0) return 0;
  const wg_block *b = wg_find_block(block);
  wg_config c;
  if (!b || wg_config_init(&c, b, NULL, err, n)) {
    if (!b) snprintf(err, n, "%s: block %s has no descriptor", s->name, block);
    return -1;
  }
  if (s->params_size != (size_t)b->n_params * sizeof(int64_t)) {
    snprintf(err, n, "%s: the parameter struct does not match block %s's descriptor", s->name, block);
    return -1;
  }
  memcpy(c.v, s->params, s->params_size);
  if (wg_config_finish(&c, block, err, n)) return -1;
  /* a failure names the slot that wanted the set, then what failed (the command, for a build) */
  size_t k0 = (size_t)snprintf(err, n, "%s: the RTL of block %s: ", s->name, block);
  const wg_rtl_ops *o = k0 < n ? load_set(&c, err + k0, n - k0) : NULL;
  if (!o) return -1;
  if (o->in_size != s->in_size || o->out_size != s->out_size || memcmp(o->params, s->params, s->params_size)) {
    char dir[2 * WG_PATH];
    wg_set_dir(&c, "", dir, sizeof dir);
    snprintf(err, n, "%s: the built set's I/O or parameters differ from the slot's (stale build? remove %s)",
             s->name, dir);
    return -1;
  }
  int64_t fault_cycle = -1;
  int fault_port = -1;
  if (ws_slot_opts.rtl_fault) {   /* SLOT:CYCLE:PORT, SLOT itself BLOCK:OWNER */
    const char *f = ws_slot_opts.rtl_fault, *pc = strrchr(f, ':');
    const char *cc = pc ? pc - 1 : NULL;
    while (cc && cc > f && *cc != ':') cc--;
    if (!pc || !cc || cc == f) {
      snprintf(err, n, "--inject-fault '%s': expected SLOT:CYCLE:PORT, e.g. mshr:sm0:100:req_alloc", f);
      return -1;
    }
    if ((size_t)(cc - f) == strlen(s->name) && !strncmp(f, s->name, (size_t)(cc - f))) {
      char *end;
      fault_matched = 1;
      fault_cycle = strtoll(cc + 1, &end, 10);
      fault_port = out_port(o, pc + 1);
      if (end != pc || fault_cycle < 1 || fault_port < 0) {
        snprintf(err, n, "--inject-fault '%s': CYCLE must be a cycle >= 1 and PORT an output of %s", f, block);
        return -1;
      }
    }
  }
  rtl_inst *r = calloc(1, sizeof *r);
  if (r) { r->mout = calloc(1, o->out_size); r->rout = calloc(1, o->out_size); r->last_in = calloc(1, o->in_size); }
  if (!r || !r->mout || !r->rout || !r->last_in) {
    if (r) { free(r->mout); free(r->rout); free(r->last_in); free(r); }
    snprintf(err, n, "out of memory");
    return -1;
  }
  r->ops = o;
  r->check = !ws_slot_opts.rtl_no_check;
  r->fault_cycle = fault_cycle;
  r->fault_port = fault_port;
  int traced = trace_slot && !strcmp(trace_slot, s->name);
  if (traced) r->trace_until = trace_cycle;
  r->h = o->create(traced ? trace_path : NULL, 0);
  s->rtl = r;
  attached[k]++;
  return 0;
}

static void reproduce_line(char *dst, size_t n) {
  size_t l = (size_t)snprintf(dst, n, "warpsim");
  for (int i = 1; i < ws_slot_opts.argc && l < n; i++) {
    const char *a = ws_slot_opts.argv[i];
    int plain = a[strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,:=/+")] == 0;
    l += (size_t)snprintf(dst + l, n - l, plain ? " %s" : " '%s'", a);
  }
}

/* the first mismatch: report, rerun with the slot traced, exit 1 */
static void fail(ws_slot *s, rtl_inst *r, const void *rout) {
  char msg[512];
  int port = wg_diff_report(r->ops, r->mout, rout, msg, sizeof msg);
  int64_t clock = s->clock ? *s->clock : 0;
  if (r->trace_until) {   /* the waveform rerun has reached the failure: close the trace */
    r->ops->destroy(r->h);
    ws_record_abandon_all();
    _exit(0);
  }
  char repro[4096], ps[512];
  reproduce_line(repro, sizeof repro);
  wg_params_tag(r->ops->params_text, ps, sizeof ps);
  char dir[WG_PATH + 8], fst[2 * WG_PATH], gtkw[2 * WG_PATH + 8], slot[64];
  snprintf(slot, sizeof slot, "%s", s->name);
  for (char *q = slot; *q; q++) if (*q == ':' || *q == '.') *q = '_';
  snprintf(dir, sizeof dir, "%s/fail", wg_cache);
  snprintf(fst, sizeof fst, "%s/warpsim_%s_%s_cycle%" PRId64 ".fst", dir, slot, ps, clock);
  snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)strlen(fst) - 4, fst);
  printf("FAIL %s (%s, block %s) at cycle %" PRId64 " (the slot's cycle %" PRIu64 " after reset): %s\n",
         s->name, s->owner, r->ops->block, clock, r->cycle, msg);
  printf("  parameters: %s\n  reproduce:  %s\n", r->ops->params_text, repro);
  fflush(stdout);
  /* the same run again, this slot's RTL traced, stopped at the failing cycle */
  wg_mkdir_p(dir);
  remove(fst);
  char env[3 * WG_PATH];
  snprintf(env, sizeof env, "%s %" PRIu64 " %s", s->name, r->cycle, fst);
  pid_t pid = fork();
  if (pid == 0) {
    setenv("WARPSIM_RTL_TRACE", env, 1);
    int nul = open("/dev/null", O_WRONLY);
    if (nul >= 0) { dup2(nul, 1); dup2(nul, 2); }
    execv("/proc/self/exe", ws_slot_opts.argv);
    _exit(127);
  }
  int status = 0;
  if (pid > 0) waitpid(pid, &status, 0);
  struct stat st;
  if (pid > 0 && !stat(fst, &st)) {
    char title[800];
    snprintf(title, sizeof title, "warpsim --rtl failure: %s (%s) at cycle %" PRId64 ": %s", s->name, s->owner,
             clock, msg);
    wg_write_gtkw(gtkw, fst, r->ops, title, r->cycle, port);
    printf("  waveform:   %s (gtkwave %s)\n", fst, gtkw);
  } else printf("  waveform:   not written (the traced rerun failed)\n");
  fflush(stdout);
  exit(1);
}

/* drives IN unless the RTL has settled on it already (an eval earlier in the cycle) */
static void settle(rtl_inst *r, const void *in) {
  if (r->settled && !memcmp(r->last_in, in, r->ops->in_size)) return;
  r->ops->drive(r->h, in);
  memcpy(r->last_in, in, r->ops->in_size);
  r->settled = 1;
  r->compared = 0;
}

static void compare(ws_slot *s, rtl_inst *r, const void *in, const void *rout) {
  if (!r->check || r->cycle == 0) return;    /* outputs compared from the first cycle after reset */
  s->ops->eval(s->state, in, r->mout);
  if (r->fault_cycle >= 0 && s->clock && *s->clock >= r->fault_cycle) {
    const wg_port_info *p = &r->ops->ports[r->fault_port];
    *(uint32_t *)((char *)r->mout + p->offset) ^= 1u;
    r->fault_cycle = -1;
  }
  if (memcmp(r->mout, rout, r->ops->out_size) && wg_first_diff_port(r->ops, r->mout, rout) >= 0) fail(s, r, rout);
  r->compared = 1;
}

static void rtl_eval(ws_slot *s, const void *in, void *out) {
  rtl_inst *r = s->rtl;
  settle(r, in);
  r->ops->sample(r->h, out);
  compare(s, r, in, out);     /* the caller's OUT may hold anything in its padding: ports are compared */
}

static void rtl_tick(ws_slot *s, const void *in) {
  rtl_inst *r = s->rtl;
  settle(r, in);
  if (r->check) {
    if (!r->compared) {
      r->ops->sample(r->h, r->rout);
      compare(s, r, in, r->rout);
    }
    s->ops->tick(s->state, in);
  }
  r->ops->posedge(r->h);
  r->settled = 0;
  r->cycle++;
  if (r->trace_until && r->cycle > r->trace_until) {
    r->ops->destroy(r->h);
    ws_record_abandon_all();
    _exit(0);
  }
}

static void rtl_detach(ws_slot *s) {
  rtl_inst *r = s->rtl;
  if (!r) return;
  r->ops->destroy(r->h);
  free(r->mout);
  free(r->rout);
  free(r->last_in);
  free(r);
}

static int rtl_check(char *err, size_t n) {
  for (int i = 0; i < n_chosen; i++)
    if (!attached[i]) {
      snprintf(err, n, "--rtl %s: this run has no %s slot (warpsim --list-slots shows the slots)", chosen[i],
               chosen[i]);
      return -1;
    }
  if (ws_slot_opts.rtl_fault && !fault_matched) {
    snprintf(err, n, "--inject-fault %s: names no slot that runs as RTL (warpsim --list-slots; --rtl)",
             ws_slot_opts.rtl_fault);
    return -1;
  }
  return 0;
}

static const ws_rtl_backend backend = {rtl_attach, rtl_eval, rtl_tick, rtl_detach, rtl_check};

int main(int argc, char **argv) {
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) return ws_cli_main(argc, argv);
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--rtl")) continue;
    const char *list = argv[i + 1];
    all_blocks = !strcmp(list, "all");
    for (const char *p = list; !all_blocks && *p && n_chosen < 32;) {
      size_t k = strcspn(p, ",");
      snprintf(chosen[n_chosen++], sizeof chosen[0], "%.*s", (int)(k < 31 ? k : 31), p);
      p += k + (p[k] == ',');
    }
  }
  static char trace_env[3 * WG_PATH], slot_buf[64], path_buf[2 * WG_PATH];
  const char *te = getenv("WARPSIM_RTL_TRACE");
  if (te && snprintf(trace_env, sizeof trace_env, "%s", te) > 0 &&
      sscanf(trace_env, "%63s %" SCNu64 " %4095s", slot_buf, &trace_cycle, path_buf) == 3) {
    trace_slot = slot_buf;
    trace_path = path_buf;
    if (!trace_cycle) trace_cycle = 1;
  }
  if (wg_paths_resolve("warpsim-rtl")) return 3;
  ws_slot_opts.rtl = &backend;
  return ws_cli_main(argc, argv);
}
