/*
** cosim.c -- 'cosim BLOCK [PARAMS] [run options]': resolve the parameter set
** exactly as warpgen does, generate the module into its own build folder,
** have make verilate and link a lockstep binary for it (cached: a second run
** with the same parameters builds nothing), and run that binary.
**
** Where its pieces are.  In a checkout, a cosim that is WG_BUILD/cosim uses the
** compiled-in checkout (WG_ROOT: harness/cosim.mk, harness/wg_rtl.h) and build
** tree (WG_BUILD: the harness objects and libraries, and the built sets).  An
** installed cosim ('make install', PREFIX/bin/cosim, relocatable) finds them
** beside itself: PREFIX/share/warpgen/harness and PREFIX/lib/warpgen, and keeps
** the sets it builds, Verilator's runtime and failure waveforms in a per-user
** cache: $WARPGEN_CACHE, else $XDG_CACHE_HOME/warpgen, else ~/.cache/warpgen.
*/
#define _XOPEN_SOURCE 700
#include "../gen/cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef WG_ROOT
#error "build with -DWG_ROOT=\"/path/to/checkout\""
#endif
#ifndef WG_BUILD
#error "build with -DWG_BUILD=\"/path/to/build\""
#endif
#ifndef WG_SAN
#define WG_SAN 0
#endif

static const char *usage =
  "usage: cosim BLOCK [PARAMS] [--cycles N] [--seed S] [--stim random|directed]\n"
  "             [--trace F.fst] [--x-seed K] [--bench] [--inject-fault CYCLE:PORT] [--quiet]\n"
  "             [--coverage] [--steps FILE] [--rtl-file FILE]\n"
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
  "exit status: 0 pass, 1 mismatch or failed check, 2 bad input\n";

#define WG_PATH (PATH_MAX + 64)   /* a path and the few folders added to it */
static char g_root[WG_PATH], g_objs[WG_PATH], g_cache[WG_PATH];

static int mkdir_p(const char *path) {
  char p[2 * WG_PATH];
  snprintf(p, sizeof p, "%s", path);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') { *s = 0; if (mkdir(p, 0777) && errno != EEXIST) return -1; *s = '/'; }
  return mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
}

/* the checkout's paths, or the installation's beside the executable (see the top) */
static int resolve_paths(void) {
  char exe[PATH_MAX], build[PATH_MAX];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (k <= 0) { fprintf(stderr, "cosim: cannot read /proc/self/exe\n"); return -1; }
  exe[k] = 0;
  char *slash = strrchr(exe, '/');
  *slash = 0;                                       /* exe: the folder holding cosim */
  char dir[PATH_MAX], mk[2 * WG_PATH];
  snprintf(dir, sizeof dir, "%s", exe);
  slash = strrchr(dir, '/');
  if (slash) *slash = 0;                            /* dir: PREFIX, if installed */
  snprintf(mk, sizeof mk, "%s/share/warpgen/harness/cosim.mk", dir);
  /* the build tree's cosim (also through a symbolic link), unless an installation is beside it;
  ** an installed cosim never looks at the checkout it was built in */
  int in_build = !strcmp(exe, WG_BUILD) || (access(mk, R_OK) && realpath(WG_BUILD, build) && !strcmp(build, exe));
  if (in_build) {
    snprintf(g_root, sizeof g_root, "%s", WG_ROOT);
    snprintf(g_objs, sizeof g_objs, "%s", WG_BUILD);
    snprintf(g_cache, sizeof g_cache, "%s", WG_BUILD);
    return 0;
  }
  if (access(mk, R_OK)) {
    fprintf(stderr, "cosim: not in its build tree (%s) and no installation beside it: %s is missing "
            "(run 'make install PREFIX=...' again)\n", WG_BUILD, mk);
    return -1;
  }
  snprintf(g_root, sizeof g_root, "%s/share/warpgen", dir);
  snprintf(g_objs, sizeof g_objs, "%s/lib/warpgen", dir);
  const char *c = getenv("WARPGEN_CACHE"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
  if (c && *c) snprintf(g_cache, sizeof g_cache, "%s", c);
  else if (x && *x) snprintf(g_cache, sizeof g_cache, "%s/warpgen", x);
  else if (h && *h) snprintf(g_cache, sizeof g_cache, "%s/.cache/warpgen", h);
  else { fprintf(stderr, "cosim: no cache folder: set WARPGEN_CACHE (or HOME)\n"); return -1; }
  if (mkdir_p(g_cache)) { fprintf(stderr, "cosim: cannot create the cache %s\n", g_cache); return -1; }
  return 0;
}

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
                    !strcmp(a, "--steps");
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
  snprintf(c.module, sizeof c.module, "%s", b->name);

  if (resolve_paths()) return 3;
  char ps[512], dir[2 * WG_PATH];
  wg_config_string(&c, ps, sizeof ps, "_");
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
  snprintf(dir, sizeof dir, "%s/sets/%s/%s%s%s", g_cache, b->name, ps, rtl_tag, xunique ? "_xu" : "");
  /* Parallel test jobs may pick the same parameter set: one generates and
     builds it while the others wait (POSIX record lock, released at exit). */
  char lockpath[3 * WG_PATH];
  snprintf(lockpath, sizeof lockpath, "%s/sets/%s", g_cache, b->name);
  if (mkdir_p(lockpath)) { fprintf(stderr, "cosim: cannot create %s\n", lockpath); return 3; }
  snprintf(lockpath, sizeof lockpath, "%s.lock", dir);
  int lockfd = open(lockpath, O_RDWR | O_CREAT, 0666);
  struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
  if (lockfd < 0 || fcntl(lockfd, F_SETLKW, &lk) != 0) {
    fprintf(stderr, "cosim: cannot lock %s\n", lockpath);
    return 3;
  }
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
  char cmd[10 * WG_PATH];
  snprintf(cmd, sizeof cmd, "make -s --no-print-directory -f '%s/harness/cosim.mk' ROOT='%s' BUILD='%s' CACHE='%s' "
           "DIR='%s' MODULE=%s XU=%d SAN=%d USER_RTL=%d", g_root, g_root, g_objs, g_cache, dir, b->name, xunique, WG_SAN,
           rtl_file != NULL);
  if (system(cmd) != 0) { fprintf(stderr, "cosim: building %s failed (%s)\n", dir, cmd); return 3; }
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
  snprintf(faildir, sizeof faildir, "%s/fail", g_cache);
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
