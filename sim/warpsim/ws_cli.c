/*
** ws_cli.c -- the command line of warpsim, the cycle-level GPU performance
** model built from warpgen's block models (docs/warpsim.md); main() is in
** warpsim.c, and warpsim-rtl (harness/warpsim_rtl.c) runs the same command
** line with its RTL backend installed.
**
** Configuration: a named configuration < --config FILE and --set KEY=VALUE,
** applied in command-line order.  Bad input: one line naming the key or
** file:line and the legal range, exit 2, no output file written.
*/
#define _POSIX_C_SOURCE 200809L   /* isatty, access, getpid, clock_gettime */
#include "ws_gpu.h"
#include "ws_trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WS_VERSION "0.1.0"

static void usage(FILE *f) {
  fprintf(f,
    "usage: warpsim [OPTIONS] [KERNEL]\n"
    "Cycle-level GPU model (SMs, L1 + MSHRs, interconnect, L2 partitions, DRAM) built from\n"
    "warpgen's block models; runs KERNEL to its end and prints its statistics.\n"
    "\n"
    "  KERNEL                a built-in kernel (stream, compute, cache_reuse, uncoalesced, tia,\n"
    "                        cta_stride, cta_tile, shared_read, phases, fig4_2; --list), a kernel\n"
    "                        file, or Accel-Sim traces:\n"
    "                        a kernelslist.g (its kernels in order), a folder holding one, or one\n"
    "                        kernel-N.traceg (docs/trace_format.md); default stream\n"
    "  --named NAME          start from a named configuration: fermi (default), tiny, fig4_2\n"
    "  --config FILE         'key = value' lines, or a GPGPU-Sim gpgpusim.config (its options\n"
    "                        warpsim does not model are listed on stderr)\n"
    "  --set KEY=VALUE       one configuration key (--list-keys); --config and --set apply in order\n"
    "  --param NAME=VALUE    a kernel parameter ('param' lines; --print-kernel shows a built-in's)\n"
    "  --grid N              override the kernel's CTA count\n"
    "  --iterations N        override the kernel's loop count\n"
    "  --json FILE           also write the statistics as JSON\n"
    "  --progress N          a progress line on stderr every N cycles (default 1000000 on a terminal, 0 = none)\n"
    "  --check               check the end-of-run invariants (every load completed, no MSHR\n"
    "                        entry held, instruction count as the kernel says); exit 1 if one fails\n"
    "  --quiet               no table on stdout\n"
    "  --speed               print the simulation speed (wall clock; not part of the statistics)\n"
    "  --every-cycle         visit every SM in every cycle (no resting SM: docs/warpsim.md); the\n"
    "                        same statistics, slower (the check that resting is exact)\n"
    "  --trace-issue FILE    one line per issued instruction: cycle sm scheduler slot ctaid warp iter pc op\n"
    "  --rtl BLOCK[,BLOCK...] each slot of these blocks (or 'all') runs as the Verilated RTL of its\n"
    "                        parameter set, checked against its C model every cycle (a mismatch\n"
    "                        stops the run with a report and a waveform); sets are built on demand\n"
    "                        and cached (runs warpsim-rtl)\n"
    "  --rtl-no-check        with --rtl: the RTL alone, no model beside it\n"
    "  --inject-fault SLOT:CYCLE:PORT  with --rtl: flip bit 0 of the model's output PORT of SLOT\n"
    "                        at CYCLE (the harness's self-test)\n"
    "  --record SLOT:FILE    write SLOT's inputs, every cycle, to FILE (for cosim BLOCK --replay FILE);\n"
    "                        SLOT as --list-slots names it, e.g. mshr:sm0, dram_mib:partition1\n"
    "  --list-slots          the block slots this configuration builds (name, block, owner,\n"
    "                        parameters) and exit\n"
    "  --print-config        print the resolved configuration ('key = value') and exit\n"
    "  --print-kernel        print the kernel's text (built-ins) and exit\n"
    "  --list                named configurations and built-in kernels\n"
    "  --list-keys           every configuration key with its legal range\n"
    "  --version, --help\n"
    "\n"
    "exit: 0 finished (and checks passed), 1 a check failed or max_cycles stopped the kernel, 2 bad input\n");
}

static int bad(const char *msg) {
  fprintf(stderr, "warpsim: %s\n", msg);
  return 2;
}

static int parse_count(const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 0);
  if (errno || end == s || *end || v < lo || v > hi) {
    fprintf(stderr, "warpsim: %s '%s' is out of range (legal: %" PRId64 "..%" PRId64 ")\n", opt, s, lo, hi);
    return -1;
  }
  *out = v;
  return 0;
}

static void list_keys(FILE *f) {
  int n;
  const ws_key *k = ws_config_keys(&n);
  fprintf(f, "%-21s %-22s %s\n", "key", "legal", "doc");
  for (int i = 0; i < n; i++) {
    char legal[64];
    if (k[i].names) {
      legal[0] = 0;
      for (int j = 0; k[i].names[j]; j++)
        snprintf(legal + strlen(legal), sizeof legal - strlen(legal), "%s%s", j ? "|" : "", k[i].names[j]);
    } else
      snprintf(legal, sizeof legal, "%" PRId64 "..%" PRId64 "%s", k[i].min, k[i].max, k[i].pow2 ? " pow2" : "");
    fprintf(f, "%-21s %-22s %s\n", k[i].name, legal, k[i].doc);
  }
}

/* --rtl in warpsim, which has no RTL backend: run warpsim-rtl, beside this binary */
static int exec_rtl(char **argv) {
  char exe[4096];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 16);
  if (k <= 0) return bad("--rtl: cannot find this program's folder (/proc/self/exe)");
  exe[k] = 0;
  char *slash = strrchr(exe, '/');
  snprintf(slash + 1, sizeof exe - (size_t)(slash + 1 - exe), "warpsim-rtl");
  fflush(stdout);
  execv(exe, argv);
  char err[4200];
  snprintf(err, sizeof err, "--rtl needs %s ('make tools' builds it): %s", exe, strerror(errno));
  return bad(err);
}

/* 'BLOCK[,BLOCK...]' or 'all': every name a block with a model */
static int check_rtl_list(const char *list, char *err, size_t n) {
  if (!strcmp(list, "all")) return 0;
  char name[64];
  for (const char *p = list; *p;) {
    size_t k = strcspn(p, ",");
    snprintf(name, sizeof name, "%.*s", (int)(k < 63 ? k : 63), p);
    if (!k || !wg_find_model(name)) {
      snprintf(err, n, "--rtl '%s': '%s' is not a block (warpgen list; or 'all')", list, name);
      return -1;
    }
    p += k + (p[k] == ',');
  }
  return 0;
}

/* an Accel-Sim trace: a kernelslist.g (any '.g' file), a kernel-N.traceg, or a folder holding a
** kernelslist.g */
static int ws_is_trace(const char *arg) {
  size_t n = strlen(arg);
  if ((n > 2 && !strcmp(arg + n - 2, ".g")) || (n > 7 && !strcmp(arg + n - 7, ".traceg"))) return 1;
  char list[4096];
  snprintf(list, sizeof list, "%s/kernelslist.g", arg);
  return access(list, F_OK) == 0;
}

/* the commands to run: the list itself, or a one-kernel list for a .traceg */
static int ws_trace_list_of(ws_trace_list *l, const char *arg, char *err, size_t n) {
  size_t len = strlen(arg);
  if (len > 7 && !strcmp(arg + len - 7, ".traceg")) {
    memset(l, 0, sizeof *l);
    l->cmd = calloc(1, sizeof *l->cmd);
    char *path = malloc(len + 1);
    if (!l->cmd || !path) { free(l->cmd); free(path); snprintf(err, n, "out of memory"); return -1; }
    memcpy(path, arg, len + 1);
    l->cmd[0] = (ws_trace_cmd){.kind = WS_TRACE_CMD_KERNEL, .line = 0, .path = path};
    l->n_cmd = l->n_kernel = 1;
    return 0;
  }
  char list[4096];
  snprintf(list, sizeof list, len > 2 && !strcmp(arg + len - 2, ".g") ? "%s" : "%s/kernelslist.g", arg);
  return ws_trace_load_list(l, list, err, n);
}

typedef struct ws_run_opts {
  int     check, quiet, speed, list_slots, every_cycle;
  int64_t progress_every;
  FILE   *issue_trace;
} ws_run_opts;

/* Build the machine for KERN, run it, report (table, JSON object into JF when set).  0 finished
** (and checks passed), 1 a check failed or max_cycles stopped it, 2 bad input with err. */
static int ws_run_kernel(const ws_config *cfg, const ws_kernel *kern, const ws_run_opts *o, FILE *jf,
                         char *err, size_t n) {
  static ws_gpu gpu;
  if (o->list_slots) {
    ws_slot_opts.rtl = NULL;                      /* only the machine's slots, no RTL built */
    ws_slot_opts.n_record = 0;
    ws_slot_opts.list = stdout;
    printf("%-28s %-9s %-22s %s\n", "slot", "block", "owner", "parameters");
  }
  if (ws_gpu_init(&gpu, cfg, kern, err, n) || ws_slot_check_requests(err, n)) {
    ws_gpu_free(&gpu);
    return 2;
  }
  if (o->list_slots) { ws_gpu_free(&gpu); return 0; }
  if (o->every_cycle) gpu.sm_rest_ok = 0;
  gpu.issue_trace = o->issue_trace;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int stopped = ws_gpu_run(&gpu, o->progress_every ? stderr : NULL, o->progress_every);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  gpu.issue_trace = NULL;
  if (o->speed) {
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    uint64_t insts = 0;
    for (int i = 0; i < cfg->n_sm; i++) insts += gpu.sm[i].insts;
    printf("speed: %s on %s: %" PRId64 " cycles, %" PRIu64 " warp-instructions in %.3f s: %.0f cycles/s, %.0f warp-instructions/s\n",
           kern->name, cfg->name, gpu.now, insts, s, s > 0 ? (double)gpu.now / s : 0, s > 0 ? (double)insts / s : 0);
  }
  if (!o->quiet) ws_gpu_report(&gpu, stdout);
  int rc = stopped;
  if (o->check && !stopped) {
    if (ws_gpu_check_invariants(&gpu, err, n)) {
      fprintf(stderr, "warpsim: check failed: %s\n", err);
      rc = 1;
    } else if (!o->quiet)
      printf("\n  checks: every load completed, no MSHR entry held, %" PRId64 " warp-instructions as the kernel says\n",
             ws_kernel_insts(kern));
  }
  if (stopped) fprintf(stderr, "warpsim: max_cycles = %" PRId64 " reached before the kernel's end\n", cfg->max_cycles);
  if (jf) ws_gpu_json(&gpu, jf);
  ws_gpu_free(&gpu);
  return rc;
}

int ws_cli_main(int argc, char **argv) {
  const char *named = "fermi", *kernel_arg = "stream", *json = NULL, *trace = NULL;
  int64_t grid = 0, iters = 0, progress_every = isatty(2) ? 1000000 : 0;
  int check = 0, quiet = 0, print_config = 0, print_kernel = 0, speed = 0, kernel_given = 0, every_cycle = 0;
  int list_slots = 0;
  ws_kargs kargs = {0};
  char err[512];
  ws_slot_opts.argc = argc;
  ws_slot_opts.argv = argv;

  /* first pass: the named configuration and the plain options */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int has_val = i + 1 < argc;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("warpsim %s\n", WS_VERSION); return 0; }
    else if (!strcmp(a, "--list")) {
      printf("named configurations:");
      for (const char *const *p = ws_config_names(); *p; p++) printf(" %s", *p);
      printf("\nbuilt-in kernels:");
      for (const char *const *p = ws_kernel_builtins(); *p; p++) printf(" %s", *p);
      printf("\n");
      return 0;
    } else if (!strcmp(a, "--list-keys")) { list_keys(stdout); return 0; }
    else if (!strcmp(a, "--named") && has_val) named = argv[++i];
    else if ((!strcmp(a, "--config") || !strcmp(a, "--set")) && has_val) i++;
    else if (!strcmp(a, "--json") && has_val) json = argv[++i];
    else if (!strcmp(a, "--param") && has_val) {
      const char *kv = argv[++i], *eq = strchr(kv, '=');
      if (!eq || eq == kv || !eq[1] || kargs.n == WS_MAX_KARGS) {
        snprintf(err, sizeof err, "--param '%s': expected NAME=VALUE (at most %d)", kv, WS_MAX_KARGS);
        return bad(err);
      }
      kargs.kv[kargs.n++] = kv;
    }
    else if (!strcmp(a, "--trace-issue") && has_val) trace = argv[++i];
    else if (!strcmp(a, "--grid") && has_val) { if (parse_count("--grid", argv[++i], 1, INT32_MAX, &grid)) return 2; }
    else if (!strcmp(a, "--iterations") && has_val) { if (parse_count("--iterations", argv[++i], 1, INT64_MAX / 2, &iters)) return 2; }
    else if (!strcmp(a, "--progress") && has_val) { if (parse_count("--progress", argv[++i], 0, INT64_MAX, &progress_every)) return 2; }
    else if (!strcmp(a, "--check")) check = 1;
    else if (!strcmp(a, "--quiet")) quiet = 1;
    else if (!strcmp(a, "--speed")) speed = 1;
    else if (!strcmp(a, "--every-cycle")) every_cycle = 1;
    else if (!strcmp(a, "--print-config")) print_config = 1;
    else if (!strcmp(a, "--list-slots")) list_slots = 1;
    else if (!strcmp(a, "--rtl") && has_val) ws_slot_opts.rtl_list = argv[++i];
    else if (!strcmp(a, "--rtl-no-check")) ws_slot_opts.rtl_no_check = 1;
    else if (!strcmp(a, "--inject-fault") && has_val) ws_slot_opts.rtl_fault = argv[++i];
    else if (!strcmp(a, "--record") && has_val) {
      const char *v = argv[++i], *colon = strchr(v, ':');
      colon = colon ? strchr(colon + 1, ':') : NULL;       /* SLOT is BLOCK:OWNER */
      if (!colon || colon[1] == 0 || ws_slot_opts.n_record == WS_MAX_RECORD) {
        snprintf(err, sizeof err, "--record '%s': expected SLOT:FILE, e.g. mshr:sm0:l1.rec (at most %d)", v,
                 WS_MAX_RECORD);
        return bad(err);
      }
      static char slots[WS_MAX_RECORD][64];
      int r = ws_slot_opts.n_record++;
      snprintf(slots[r], sizeof slots[r], "%.*s", (int)(colon - v), v);
      ws_slot_opts.record[r].slot = slots[r];
      ws_slot_opts.record[r].file = colon + 1;
    }
    else if (!strcmp(a, "--print-kernel")) print_kernel = 1;
    else if (a[0] == '-') {
      snprintf(err, sizeof err, "%s: unknown option or missing value (warpsim --help)", a);
      return bad(err);
    } else if (kernel_given++) {
      snprintf(err, sizeof err, "'%s': one kernel at a time ('%s' was given first)", a, kernel_arg);
      return bad(err);
    } else kernel_arg = a;
  }

  if (ws_slot_opts.rtl_list && check_rtl_list(ws_slot_opts.rtl_list, err, sizeof err)) return bad(err);
  if ((ws_slot_opts.rtl_no_check || ws_slot_opts.rtl_fault) && !ws_slot_opts.rtl_list)
    return bad(ws_slot_opts.rtl_no_check ? "--rtl-no-check: only with --rtl" : "--inject-fault: only with --rtl");
  if (ws_slot_opts.rtl_no_check && ws_slot_opts.rtl_fault)
    return bad("--inject-fault: a fault in the model shows only where the model is checked (not with --rtl-no-check)");
  if (ws_slot_opts.rtl_list && !ws_slot_opts.rtl && !list_slots) return exec_rtl(argv);

  ws_config cfg;
  if (ws_config_named(&cfg, named, err, sizeof err)) return bad(err);
  /* second pass: files and keys in command-line order */
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--config") && i + 1 < argc) {
      if (ws_config_file(&cfg, argv[++i], stderr, err, sizeof err)) return bad(err);
    } else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
      const char *kv = argv[++i], *eq = strchr(kv, '=');
      char key[64];
      if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof key) {
        snprintf(err, sizeof err, "--set '%s': expected KEY=VALUE", kv);
        return bad(err);
      }
      memcpy(key, kv, (size_t)(eq - kv));
      key[eq - kv] = 0;
      if (ws_config_set(&cfg, key, eq + 1, err, sizeof err)) return bad(err);
    } else if (!strcmp(argv[i], "--named") || !strcmp(argv[i], "--json") || !strcmp(argv[i], "--grid") ||
               !strcmp(argv[i], "--trace-issue") || !strcmp(argv[i], "--rtl") || !strcmp(argv[i], "--param") ||
               !strcmp(argv[i], "--inject-fault") || !strcmp(argv[i], "--record") ||
               !strcmp(argv[i], "--iterations") || !strcmp(argv[i], "--progress"))
      i++;
  }
  if (ws_config_check(&cfg, err, sizeof err)) return bad(err);
  if (print_config) { ws_config_print(&cfg, stdout); return 0; }

  static ws_kernel kern;                         /* static: a kernel is ~300 KB */
  ws_trace_list list;
  memset(&list, 0, sizeof list);
  if (ws_is_trace(kernel_arg)) {                 /* Accel-Sim traces: every kernel of the list, in order */
    if (grid || iters || print_kernel || kargs.n)
      return bad(kargs.n ? "--param: only for text kernels (a trace has none)" :
                 grid ? "--grid: only for text kernels (a trace has its CTAs)" :
                 iters ? "--iterations: only for text kernels (a trace runs once)" :
                 "--print-kernel: only for text kernels (a trace is read as written)");
    if (ws_trace_list_of(&list, kernel_arg, err, sizeof err)) return bad(err);
    if (list.n_kernel == 0) {
      ws_trace_list_free(&list);
      snprintf(err, sizeof err, "%s: no kernel to run", kernel_arg);
      return bad(err);
    }
    if (ws_slot_opts.n_record && list.n_kernel > 1) {
      snprintf(err, sizeof err, "--record: one kernel at a time (%s lists %d; record one kernel-N.traceg)",
               kernel_arg, list.n_kernel);
      ws_trace_list_free(&list);
      return bad(err);
    }
  } else if (ws_kernel_builtin_text(kernel_arg)) {
    if (print_kernel) { fputs(ws_kernel_builtin_text(kernel_arg), stdout); return 0; }
    if (ws_kernel_builtin(&kern, kernel_arg, &kargs, err, sizeof err)) return bad(err);
  } else if (strchr(kernel_arg, '/') || strchr(kernel_arg, '.') || access(kernel_arg, F_OK) == 0) {
    if (ws_kernel_load(&kern, kernel_arg, &kargs, err, sizeof err)) return bad(err);
    if (print_kernel) {                          /* it parsed: show it as written */
      FILE *kf = fopen(kernel_arg, "r");
      int ch;
      while (kf && (ch = fgetc(kf)) != EOF) putchar(ch);
      if (kf) fclose(kf);
      return 0;
    }
  } else {
    if (ws_kernel_builtin(&kern, kernel_arg, &kargs, err, sizeof err)) return bad(err);   /* names the built-ins */
  }
  if (grid) kern.grid = grid;
  if (iters) kern.iterations = iters;

  ws_run_opts ro = {.check = check, .quiet = quiet, .speed = speed, .list_slots = list_slots,
                    .every_cycle = every_cycle, .progress_every = progress_every};
  if (trace && !(ro.issue_trace = fopen(trace, "w"))) {
    ws_trace_list_free(&list);
    snprintf(err, sizeof err, "%s: cannot write the issue trace", trace);
    return bad(err);
  }
  /* the JSON statistics: written whole or not at all (a trace list: an array, one object a kernel) */
  char tmp[4096];
  FILE *jf = NULL;
  if (json && !list_slots) {
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", json, (long)getpid());
    if (!(jf = fopen(tmp, "w"))) {
      if (ro.issue_trace) fclose(ro.issue_trace);
      ws_trace_list_free(&list);
      snprintf(err, sizeof err, "%s: cannot write", json);
      return bad(err);
    }
  }
  int rc = 0;
  if (list.n_kernel == 0) rc = ws_run_kernel(&cfg, &kern, &ro, jf, err, sizeof err);
  else {
    if (jf) fprintf(jf, "[\n");
    static ws_trace_kernel tk;
    static ws_streams streams;
    int done = 0;
    for (int i = 0; i < list.n_cmd && rc == 0; i++) {
      if (list.cmd[i].kind != WS_TRACE_CMD_KERNEL) continue;
      if (ro.progress_every && !list_slots)
        fprintf(stderr, "warpsim: kernel %d/%d: %s\n", done + 1, list.n_kernel, list.cmd[i].path);
      if (ws_trace_load_kernel(&tk, list.cmd[i].path, err, sizeof err)) { rc = 2; break; }
      if (ws_streams_build(&streams, &kern, &tk, err, sizeof err)) { ws_trace_kernel_free(&tk); rc = 2; break; }
      if (jf && done) fprintf(jf, ",\n");
      if (done && !quiet && !list_slots) printf("\n");
      rc = ws_run_kernel(&cfg, &kern, &ro, jf, err, sizeof err);
      ws_streams_free(&streams);
      ws_trace_kernel_free(&tk);
      done++;
      if (list_slots) break;                     /* the machine's slots: the first kernel shows them */
    }
    if (jf) fprintf(jf, "]\n");
    if (rc == 0 && !quiet && !list_slots && list.n_memcpy + list.n_ignored)
      printf("\n  %s: %d kernel%s run; %d memory copies and %d other commands are not timed\n", kernel_arg,
             done, done == 1 ? "" : "s", list.n_memcpy, list.n_ignored);
  }
  ws_trace_list_free(&list);
  if (ro.issue_trace) fclose(ro.issue_trace);
  if (jf) {
    int werr = fclose(jf);
    if (rc == 2 || werr || rename(tmp, json)) {
      remove(tmp);
      if (rc != 2) { snprintf(err, sizeof err, "%s: cannot write", json); rc = 2; }
    }
  }
  if (rc == 2) return bad(err);
  if (ws_slot_opts.failed[0]) return 2;   /* a recording that could not be written (printed) */
  return rc;
}
