/*
** cosim.c -- 'cosim BLOCK [PARAMS] [run options]': resolve the parameter set
** exactly as warpgen does, generate the module into its own build folder,
** have make verilate and link a lockstep binary for it (cached: a second run
** with the same parameters builds nothing), and run that binary.  Where its
** pieces are, in a checkout or an installation: sets.h.
*/
#define _XOPEN_SOURCE 700
#include "../gen/cli.h"
#include "sets.h"
#include "../sim/warpsim/ws_record.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *usage =
  "usage: cosim BLOCK [PARAMS] [--cycles N] [--seed S] [--stim random|directed]\n"
  "             [--trace F.fst] [--x-seed K] [--bench] [--inject-fault CYCLE:PORT] [--quiet]\n"
  "             [--coverage] [--steps FILE] [--replay FILE] [--rtl-file FILE]\n"
  "\n"
  "Lockstep co-simulation of a block's generated RTL (Verilator) against its C\n"
  "model, every output bit every cycle.  The first mismatch prints the cycle,\n"
  "port, expected/actual values and a reproduction command, and writes an FST\n"
  "waveform with a .gtkw layout under build/fail/ (installed: the cache's fail/).\n"
  "\n"
  "PARAMS: --preset NAME, -p KEY=VALUE (repeatable), -c FILE, as for warpgen.\n"
  "  --cycles N        cycles to run (default 100000; directed runs stop at their end)\n"
  "  --seed S          stimulus seed (default 1); the same seed gives the same run\n"
  "  --stim KIND       random (default) or directed (the paper's rules, checked)\n"
  "  --trace F.fst     write an FST waveform of the whole run\n"
  "  --x-seed K        X-hunting build: --x-assign/--x-initial unique, random\n"
  "                    initial state from seed K; reset must define every output\n"
  "  --bench           print 'block preset cycles lockstep/s bare/s ratio'\n"
  "  --inject-fault C:PORT  flip bit 0 of the model's PORT at cycle C (harness self-test)\n"
  "  --coverage        after a pass, per output port: changes, and cycles at 1\n"
  "  --rtl-file FILE   run FILE instead of the generated Verilog: a modified copy of this\n"
  "                    set's module (named after the block), e.g. a mutant\n"
  "                    (formal/mutants.sh); built in a set folder of its own\n"
  "  --steps FILE      run a text file of cycles instead of a stimulus: one line per\n"
  "                    cycle, 'in=V ... -> out=V ...' (x: don't care), 'repeat N',\n"
  "                    '#' comments; inputs hold until changed; after one reset\n"
  "                    cycle; a wrong expectation fails with FILE:LINE (docs/steps.md)\n"
  "  --replay FILE     run the inputs a warpsim slot saw (warpsim --record SLOT:FILE); without\n"
  "                    parameter options the recording's parameter set is used\n"
  "exit status: 0 pass, 1 mismatch or failed check, 2 bad input\n";

int main(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    fputs(usage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  char err[512];
  const wg_block *b = wg_cli_block(argv[1], err, sizeof err);
  if (!b) { fprintf(stderr, "cosim: %s\n", err); return 2; }
  wg_cli cli;
  memset(&cli, 0, sizeof cli);
  const char *pass[64];
  int npass = 0, xunique = 0;
  const char *rtl_file = NULL;
  for (int i = 2; i < argc; i++) {
    int t = wg_cli_take(&cli, argc, argv, &i);
    if (t < 0) { fprintf(stderr, "cosim: %s\n", cli.err); return 2; }
    if (t) continue;
    const char *a = argv[i];
    if (!strcmp(a, "--help")) { fputs(usage, stdout); return 0; }
    if (!strcmp(a, "--rtl-file")) {
      if (i + 1 >= argc) { fprintf(stderr, "cosim: option --rtl-file needs a value\n"); return 2; }
      rtl_file = argv[++i];
      continue;
    }
    int has_value = !strcmp(a, "--cycles") || !strcmp(a, "--seed") || !strcmp(a, "--stim") ||
                    !strcmp(a, "--trace") || !strcmp(a, "--x-seed") || !strcmp(a, "--inject-fault") ||
                    !strcmp(a, "--steps") || !strcmp(a, "--replay");
    int flag = !strcmp(a, "--bench") || !strcmp(a, "--quiet") || !strcmp(a, "--coverage");
    if (!has_value && !flag) {
      fprintf(stderr, "cosim: unknown option '%s' (see 'cosim --help')\n", a);
      return 2;
    }
    if (has_value && i + 1 >= argc) { fprintf(stderr, "cosim: option %s needs a value\n", a); return 2; }
    if (!strcmp(a, "--x-seed")) xunique = 1;
    if (npass + 2 >= 60) { fprintf(stderr, "cosim: too many options\n"); return 2; }
    pass[npass++] = a;
    if (has_value) pass[npass++] = argv[++i];
  }
  if (cli.name) { fprintf(stderr, "cosim: --name is not used here (the module is named after the block)\n"); return 2; }
  wg_config c;
  if (wg_cli_resolve(&cli, b, &c)) { fprintf(stderr, "cosim: %s\n", cli.err); return 2; }
  for (int i = 0; i + 1 < npass; i++) {
    if (strcmp(pass[i], "--replay")) continue;
    /* a recording: checked whole here (one line and exit 2 if bad); its parameter set
    ** unless parameter options chose one (the lockstep binary refuses a mismatch) */
    ws_replay rec;
    if (ws_replay_open(&rec, pass[i + 1], err, sizeof err)) { fprintf(stderr, "cosim: %s\n", err); return 2; }
    ws_replay_free(&rec);
    if (strcmp(rec.block, b->name)) {
      fprintf(stderr, "cosim: %s: a recording of block %s (slot %s), not of %s\n", pass[i + 1], rec.block, rec.slot,
              b->name);
      return 2;
    }
    if (!cli.preset && !cli.n_sets && !cli.n_files) {
      if (rec.n_params != b->n_params) {
        fprintf(stderr, "cosim: %s: %d parameters, block %s has %d\n", pass[i + 1], rec.n_params, b->name, b->n_params);
        return 2;
      }
      for (int k = 0; k < b->n_params; k++) c.v[k] = rec.params[k];
      if (wg_config_finish(&c, b->name, err, sizeof err)) { fprintf(stderr, "cosim: %s: %s\n", pass[i + 1], err); return 2; }
    }
  }
  snprintf(c.module, sizeof c.module, "%s", b->name);

  if (wg_paths_resolve("cosim")) return 3;
  char dir[2 * WG_PATH];
  /* a user's RTL file: its own folder, named by a hash of its text */
  char *rtl_text = NULL;
  size_t rtl_len = 0;
  char rtl_tag[32] = "";
  if (rtl_file) {
    FILE *rf = fopen(rtl_file, "rb");
    if (!rf) { fprintf(stderr, "cosim: %s: cannot read the RTL file\n", rtl_file); return 2; }
    size_t cap = 1 << 16;
    rtl_text = malloc(cap);
    for (size_t k; rtl_text && (k = fread(rtl_text + rtl_len, 1, cap - rtl_len, rf)) > 0;) {
      rtl_len += k;
      if (rtl_len == cap) rtl_text = realloc(rtl_text, cap *= 2);
    }
    fclose(rf);
    if (!rtl_text) { fprintf(stderr, "cosim: out of memory reading %s\n", rtl_file); return 3; }
    uint64_t h = 1469598103934665603ull;   /* FNV-1a */
    for (size_t k = 0; k < rtl_len; k++) h = (h ^ (unsigned char)rtl_text[k]) * 1099511628211ull;
    snprintf(rtl_tag, sizeof rtl_tag, "_rtl%016llx", (unsigned long long)h);
  }
  strcat(rtl_tag, xunique ? "_xu" : "");
  wg_set_dir(&c, rtl_tag, dir, sizeof dir);
  int lockfd = wg_set_lock(dir);
  if (lockfd < 0) { fprintf(stderr, "cosim: cannot lock %s.lock\n", dir); return 3; }
  if (wg_generate(&c, dir, 0, err, sizeof err)) { fprintf(stderr, "cosim: %s\n", err); return 2; }
  if (rtl_text) {   /* the user's module replaces the generated one (same name, ports and glue) */
    char sv[3 * WG_PATH];
    snprintf(sv, sizeof sv, "%s/%s.sv", dir, b->name);
    FILE *wf = fopen(sv, "wb");
    if (!wf || fwrite(rtl_text, 1, rtl_len, wf) != rtl_len || fclose(wf)) {
      fprintf(stderr, "cosim: cannot write %s\n", sv);
      return 3;
    }
    free(rtl_text);
  }
  if (wg_set_make(dir, b->name, "lockstep", xunique, rtl_file != NULL, err, sizeof err)) {
    fprintf(stderr, "cosim: %s\n", err);
    return 3;
  }
  close(lockfd);   /* built: later runs of this set find nothing to redo */

  /* the reproduction command a failure prints */
  char repro[2048];
  int l = snprintf(repro, sizeof repro, "%s %s", argv[0], b->name);
  for (int i = 0; i < b->n_params && l < (int)sizeof repro; i++)
    l += snprintf(repro + l, sizeof repro - (size_t)l, " -p %s=%lld", b->params[i].name, (long long)c.v[i]);
  if (rtl_file && l < (int)sizeof repro) l += snprintf(repro + l, sizeof repro - (size_t)l, " --rtl-file %s", rtl_file);
  for (int i = 0; i < npass && l < (int)sizeof repro; i++)
    if (!strcmp(pass[i], "--x-seed") || !strcmp(pass[i], "--inject-fault"))
      l += snprintf(repro + l, sizeof repro - (size_t)l, " %s %s", pass[i], pass[i + 1]);

  char exe[3 * WG_PATH], faildir[2 * WG_PATH];
  snprintf(exe, sizeof exe, "%s/lockstep", dir);
  snprintf(faildir, sizeof faildir, "%s/fail", wg_cache);
  char *args[80];
  int n = 0;
  args[n++] = exe;
  for (int i = 0; i < npass; i++) args[n++] = (char *)pass[i];
  args[n++] = "--repro-prefix"; args[n++] = repro;
  args[n++] = "--fail-dir"; args[n++] = faildir;
  args[n] = NULL;
  fflush(stdout);
  execv(exe, args);
  perror("cosim: exec lockstep");
  return 3;
}
