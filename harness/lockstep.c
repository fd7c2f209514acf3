/*
** lockstep.c -- runs a block's Verilator RTL and its C model in lockstep.
**
** Linked once per parameter set with that set's generated glue ('wg_rtl').
** Each cycle: the stimulus fills the input struct; the RTL is driven with
** clk low and settles; the model's step() computes the same cycle's outputs
** and takes its clock edge (eval then tick); every output bit is compared
** (the glue's differs() reads the RTL's ports against the model's output
** struct; outputs are copied out and looked at port by port only on a difference);
** then the RTL is clocked.  Cycle 0 is the reset cycle:
** outputs are compared from cycle 1, once reset has defined the state.
**
** On the first mismatch: report cycle, port, expected (model) and actual
** (RTL) in hex, seed, parameters and a one-line reproduction command; rerun
** to that cycle with an FST trace and write a .gtkw layout; exit 1.
** Nothing is allocated or formatted inside the cycle loop.
*/
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../sim/models/models.h"
#include "../tb/stim/stim.h"
#include "replay.h"
#include "steps.h"
#include "wg_rtl.h"

typedef struct run_opts {
  uint64_t    cycles, seed, x_seed;
  const char *stim_name;
  const char *trace;          /* FST path or NULL */
  int         compare;        /* 0: bare RTL (bench) */
  int64_t     fault_cycle;    /* -1: none */
  int         coverage;       /* count output toggles and cycles at 1, per port */
  const char *replay;         /* bench: pre-generated inputs, replayed cyclically */
  uint64_t    replay_n;       /* number of input structs in 'replay' */
  int         fault_port;     /* index into wg_rtl.ports */
} run_opts;

typedef struct run_result {
  uint64_t cycles;            /* cycles simulated */
  int      failed;            /* 1 mismatch, 2 directed check */
  uint64_t fail_cycle;
  int      fail_port;
  char     msg[512];
  double   seconds;
} run_result;

static const char *usage =
  "usage: lockstep [--cycles N] [--seed S] [--stim random|directed] [--trace F.fst]\n"
  "                [--x-seed K] [--bench] [--inject-fault CYCLE:PORT] [--fail-dir DIR]\n"
  "                [--repro-prefix CMD] [--quiet] [--coverage] [--steps FILE] [--replay FILE]\n"
  "Runs this build's RTL against the C model; see 'cosim --help'.\n";

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}


/* --coverage: per output port, how often it changed and (1-bit ports) how
** many cycles it was 1 -- "did the stimulus reach full / MP mode / a new
** owner, and how often?" without block-specific code. */
#define MAX_COV 64
static uint64_t cov_toggles[MAX_COV], cov_high[MAX_COV];

static void cover_outputs(const void *prev, const void *cur) {
  for (int i = 0; i < wg_rtl.n_ports && i < MAX_COV; i++) {
    const wg_port_info *p = &wg_rtl.ports[i];
    if (p->dir != 1) continue;
    const char *a = (const char *)prev + p->offset, *b = (const char *)cur + p->offset;
    if (memcmp(a, b, 4 * (size_t)p->words)) cov_toggles[i]++;
    if (p->width == 1 && (*(const uint32_t *)b & 1)) cov_high[i]++;
  }
}

static void print_coverage(uint64_t cycles) {
  printf("  coverage over %" PRIu64 " cycles (output: changes; 1-bit outputs: cycles at 1):\n", cycles);
  for (int i = 0; i < wg_rtl.n_ports && i < MAX_COV; i++) {
    const wg_port_info *p = &wg_rtl.ports[i];
    if (p->dir != 1) continue;
    printf("    %-14s %10" PRIu64 " changes", p->name, cov_toggles[i]);
    if (p->width == 1) printf(", 1 in %5.1f%% of cycles", 100.0 * (double)cov_high[i] / (double)(cycles ? cycles : 1));
    printf("\n");
  }
}

static int run(const run_opts *o, const wg_model_ops *mops, const wg_stim_ops *sops,
               uint64_t stop_after, run_result *r) {
  memset(r, 0, sizeof *r);
  void *in = calloc(1, wg_rtl.in_size), *in0 = in, *mout = calloc(1, wg_rtl.out_size);
  void *rout = calloc(1, wg_rtl.out_size), *model = calloc(1, mops->size);
  void *prev = calloc(1, wg_rtl.out_size);
  void *st = calloc(1, sops->size);
  if (!in || !mout || !rout || !model || !st || !prev) { fprintf(stderr, "lockstep: out of memory\n"); exit(3); }
  char msg[480] = "";
  if (mops->init(model, wg_rtl.params)) {
    fprintf(stderr, "lockstep: the %s model rejects parameters %s\n", wg_rtl.block, wg_rtl.params_text);
    exit(3);
  }
  if (sops->init(st, wg_rtl.params, o->seed, msg, sizeof msg)) {
    fprintf(stderr, "lockstep: %s\n", msg);
    exit(2);
  }
  /* a directed table runs to its end; random stimulus for o->cycles */
  uint64_t n = sops->length(st) ? sops->length(st) : o->cycles;
  if (stop_after && n > stop_after) n = stop_after;
  void *h = wg_rtl.create(o->trace, o->x_seed);
  const wg_port_info *fp = o->fault_cycle >= 0 ? &wg_rtl.ports[o->fault_port] : NULL;
  /* the loop's choices, read once: the work lockstep adds per cycle is what the bench's ratio
  ** measures, and loads of o-> fields after each indirect call were part of it */
  const uint64_t fault_at = fp ? (uint64_t)o->fault_cycle : UINT64_MAX;
  const int compare = o->compare, coverage = o->coverage;
  const char *replay = o->replay;
  const uint64_t replay_n = o->replay_n;
  int (*check)(void *, uint64_t, const void *, char *, size_t) = replay ? NULL : sops->check;
  void (*step)(void *, const void *, void *) = mops->step;
  double t0 = now();
  uint64_t c, k = 0;
  for (c = 0; c < n; c++) {
    if (replay) { in = (void *)(replay + k * wg_rtl.in_size); if (++k == replay_n) k = 0; }
    else sops->next(st, c, in);
    wg_rtl.drive(h, in);
    if (compare) {
      step(model, in, mout);   /* this cycle's outputs, then the model's edge */
      if (c == fault_at) *(uint32_t *)((char *)mout + fp->offset) ^= 1u;
      if (wg_rtl.differs(h, mout) && c > 0) {
        wg_rtl.sample(h, rout);
        r->failed = 1;
        r->fail_cycle = c;
        r->fail_port = wg_diff_report(&wg_rtl, mout, rout, r->msg, sizeof r->msg);
        c++;
        break;
      }
      if (coverage) {
        if (c > 1) cover_outputs(prev, mout);
        memcpy(prev, mout, wg_rtl.out_size);
      }
      /* a bench replays pre-generated inputs: the generator did not produce this cycle, so its
      ** check (which follows its own next() calls) does not apply */
      if (check && check(st, c, mout, msg, sizeof msg)) {
        r->failed = 2;
        r->fail_cycle = c;
        r->fail_port = -1;
        snprintf(r->msg, sizeof r->msg, "%s check: %s", sops->name, msg);
        c++;
        break;
      }
    }
    wg_rtl.posedge(h);
  }
  r->seconds = now() - t0;
  r->cycles = c;
  wg_rtl.destroy(h);
  free(prev);
  free(in0); free(mout); free(rout); free(model); free(st);
  return r->failed;
}

static int port_index(const char *name) {
  for (int i = 0; i < wg_rtl.n_ports; i++)
    if (wg_rtl.ports[i].dir == 1 && !strcmp(wg_rtl.ports[i].name, name)) return i;
  return -1;
}

int main(int argc, char **argv) {
  run_opts o = {0};
  o.cycles = 100000; o.seed = 1; o.stim_name = "random"; o.compare = 1; o.fault_cycle = -1;
  const char *fail_dir = "build/fail", *repro = NULL, *steps = NULL, *replay = NULL;
  int bench = 0, quiet = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help")) { fputs(usage, stdout); return 0; }
    else if (!strcmp(a, "--bench")) { bench = 1; continue; }
    else if (!strcmp(a, "--quiet")) { quiet = 1; continue; }
    else if (!strcmp(a, "--coverage")) { o.coverage = 1; continue; }
    if (!v) { fprintf(stderr, "lockstep: option %s needs a value\n%s", a, usage); return 2; }
    i++;
    char *end = NULL;
    if (!strcmp(a, "--cycles")) o.cycles = strtoull(v, &end, 0);
    else if (!strcmp(a, "--seed")) o.seed = strtoull(v, &end, 0);
    else if (!strcmp(a, "--x-seed")) o.x_seed = strtoull(v, &end, 0);
    else if (!strcmp(a, "--stim")) o.stim_name = v;
    else if (!strcmp(a, "--steps")) steps = v;
    else if (!strcmp(a, "--replay")) replay = v;
    else if (!strcmp(a, "--trace")) o.trace = v;
    else if (!strcmp(a, "--fail-dir")) fail_dir = v;
    else if (!strcmp(a, "--repro-prefix")) repro = v;
    else if (!strcmp(a, "--inject-fault")) {
      char port[64];
      unsigned long long fc;
      if (sscanf(v, "%llu:%63s", &fc, port) != 2 || (o.fault_port = port_index(port)) < 0) {
        fprintf(stderr, "lockstep: --inject-fault wants CYCLE:OUTPUT_PORT, got '%s'\n", v);
        return 2;
      }
      o.fault_cycle = (int64_t)fc;
    } else { fprintf(stderr, "lockstep: unknown option '%s'\n%s", a, usage); return 2; }
    if (end && *end) { fprintf(stderr, "lockstep: %s: '%s' is not an integer\n", a, v); return 2; }
  }
  const wg_model_ops *mops = wg_find_model(wg_rtl.block);
  const wg_stim_ops *sops = wg_find_stim(wg_rtl.block, o.stim_name);
  if (steps) {   /* a step file: parsed once against this build's port table */
    char m[1200];
    if (wg_steps_load(steps, m, sizeof m)) { fprintf(stderr, "cosim: %s\n", m); return 2; }
    sops = &wg_steps_stim;
    o.stim_name = "steps";
  }
  if (replay) {  /* a warpsim slot's recorded inputs, checked against this set */
    char m[1200];
    if (wg_replay_load(replay, m, sizeof m)) { fprintf(stderr, "cosim: %s\n", m); return 2; }
    sops = &wg_replay_stim;
    o.stim_name = "replay";
  }
  if (!mops) { fprintf(stderr, "lockstep: no C model for block %s\n", wg_rtl.block); return 3; }
  if (!sops) {
    fprintf(stderr, "lockstep: --stim %s: no such stimulus for %s (random, directed)\n", o.stim_name, wg_rtl.block);
    return 2;
  }
  run_result r;
  if (bench) {
    /* Same inputs for both runs, generated before timing starts, so the ratio
    ** measures what the harness and model add to the RTL's own evaluation. */
    uint64_t k = o.cycles < 65536 ? o.cycles : 65536;
    char *buf = calloc(k ? k : 1, wg_rtl.in_size);
    void *st = calloc(1, sops->size);
    char m[256];
    if (!buf || !st || sops->init(st, wg_rtl.params, o.seed, m, sizeof m)) { fprintf(stderr, "lockstep: bench set-up failed\n"); return 3; }
    if (sops->length(st)) { fprintf(stderr, "lockstep: --bench needs random stimulus\n"); return 2; }
    for (uint64_t c = 0; c < k; c++) sops->next(st, c, buf + c * wg_rtl.in_size);
    free(st);
    o.replay = buf; o.replay_n = k;
    /* Five alternating rounds of a fifth of the cycles each, bare then lockstep, and the
    ** fastest round of each: the machine's other load only ever slows a round down, and
    ** alternating keeps a slow minute from landing on one side of the ratio. */
    run_opts b = o;
    b.compare = 0; b.trace = NULL;
    const int rounds = 5;
    uint64_t per = o.cycles / rounds ? o.cycles / rounds : 1;
    b.cycles = o.cycles = per;
    double bare = 0, lock = 0;
    uint64_t total = 0;
    for (int i = 0; i < rounds; i++) {
      run(&b, mops, sops, 0, &r);
      if ((double)r.cycles / r.seconds > bare) bare = (double)r.cycles / r.seconds;
      if (run(&o, mops, sops, 0, &r)) { fprintf(stderr, "lockstep: bench run failed: %s\n", r.msg); return 1; }
      if ((double)r.cycles / r.seconds > lock) lock = (double)r.cycles / r.seconds;
      total += r.cycles;
    }
    printf("%s %s %" PRIu64 " %.0f %.0f %.3f\n", wg_rtl.block, wg_rtl.preset ? wg_rtl.preset : "-",
           total, lock, bare, lock / bare);
    free(buf);
    return 0;
  }
  run(&o, mops, sops, 0, &r);
  const char *label = wg_rtl.preset ? wg_rtl.preset : wg_rtl.params_text;
  if (!r.failed) {
    if (!quiet) {
      char what[600];
      if (steps) snprintf(what, sizeof what, "steps %s", steps);
      else if (replay) snprintf(what, sizeof what, "%s", wg_replay_what());
      else snprintf(what, sizeof what, "stim=%s seed=%" PRIu64, o.stim_name, o.seed);
      printf("PASS %s (%s) %s: %" PRIu64 " cycles, 0 mismatches%s, %.2f M cycles/s%s%s\n",
             wg_rtl.module, label, what, r.cycles, steps ? ", every expectation met" : "",
             (double)r.cycles / r.seconds / 1e6, o.trace ? ", trace " : "", o.trace ? o.trace : "");
    }
    if (o.coverage) print_coverage(r.cycles);
    return 0;
  }
  printf("FAIL %s (%s) at cycle %" PRIu64 ": %s\n", wg_rtl.module, label, r.fail_cycle, r.msg);
  if (steps) printf("  parameters: %s; steps %s", wg_rtl.params_text, steps);
  else if (replay) printf("  parameters: %s; %s", wg_rtl.params_text, wg_replay_what());
  else printf("  parameters: %s; stim=%s seed=%" PRIu64, wg_rtl.params_text, o.stim_name, o.seed);
  if (o.x_seed) printf(" x-seed=%" PRIu64, o.x_seed);
  if (steps) printf("\n  reproduce:  %s --steps %s\n", repro ? repro : argv[0], steps);
  else if (replay) printf("\n  reproduce:  %s --replay %s\n", repro ? repro : argv[0], replay);
  else printf("\n  reproduce:  %s --stim %s --seed %" PRIu64 " --cycles %" PRIu64 "\n",
              repro ? repro : argv[0], o.stim_name, o.seed, r.fail_cycle + 1);
  /* rerun to the failing cycle with a trace */
  char fst[1024], gtkw[1100];
  if (o.trace) snprintf(fst, sizeof fst, "%s", o.trace);
  else {
    char ps[256];
    wg_params_tag(wg_rtl.params_text, ps, sizeof ps);
    snprintf(fst, sizeof fst, "%s/%s_%s_%s_seed%" PRIu64 ".fst", fail_dir, wg_rtl.module, ps,
             o.stim_name, o.seed);
  }
  if (!o.trace) {
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", fail_dir);
    if (system(cmd) != 0) fprintf(stderr, "lockstep: cannot create %s\n", fail_dir);
    run_opts t = o;
    t.trace = fst;
    run_result r2;
    run(&t, mops, sops, r.fail_cycle + 1, &r2);
  }
  snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(fst) > 4 ? strlen(fst) - 4 : strlen(fst)), fst);
  char title[700];
  snprintf(title, sizeof title, "warpgen lockstep failure: %s at cycle %" PRIu64 ": %s", wg_rtl.module,
           r.fail_cycle, r.msg);
  wg_write_gtkw(gtkw, fst, &wg_rtl, title, r.fail_cycle, r.fail_port);
  printf("  waveform:   %s (gtkwave %s)\n", fst, gtkw);
  return 1;
}
