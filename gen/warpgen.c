/*
** warpgen.c -- the generator's command line: list, describe, gen.
** Exit codes: 0 success, 2 bad input (one line on stderr naming the
** parameter or file:line and its legal range; no file written), 3 internal.
*/
#include "cli.h"
#include "cost.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

static const char *usage =
  "usage: warpgen COMMAND [options]\n"
  "\n"
  "Generate synthesizable SystemVerilog, C I/O headers and Verilator glue for\n"
  "GPU micro-architecture blocks from research papers.\n"
  "\n"
  "commands:\n"
  "  list [--presets]          every block: name, summary, paper and section\n"
  "                            (--presets: one 'BLOCK PRESET [main|-] [slow:WHAT,]' line per preset;\n"
  "                             --sweeps: 'BLOCK MAIN_PRESET PARAM=V1,V2,...' per block)\n"
  "  describe BLOCK [PARAMS] [--markdown|--json]\n"
  "                            parameters, ports and storage table of a parameter set\n"
  "  gen BLOCK [PARAMS] [--name MODULE] -o DIR\n"
  "                            write MODULE.sv, MODULE_io.h and MODULE_glue.cpp\n"
  "  gen --all-presets -o DIR  the same for every preset of every block\n"
  "                            (module names BLOCK_PRESET)\n"
  "      --verilog-only        write only the .sv files (what rtl/ holds)\n"
  "      --fusesoc [--bench STEPS] [--vlnv V:L:N:VER]\n"
  "                            write MODULE.sv and a FuseSoC core MODULE.core (targets\n"
  "                            default, lint); with --bench, MODULE_tb.sv, a self-checking\n"
  "                            bench from a steps file (docs/steps.md), and a 'sim' target;\n"
  "                            --vlnv names the core (default warpgen:blocks:BLOCK-PARAMS)\n"
  "      --sby                 write MODULE.sv and a SymbiYosys job MODULE.sby (tasks prove,\n"
  "                            bmc, cover: what 'make formal' runs, docs/formal.md)\n"
  "      --mutant              tests only: the block's deliberately broken variant,\n"
  "                            which the formal properties must catch\n"
  "  cost BLOCK [PARAMS] [--csv|--json] [--no-header] [--keep DIR] [--flatten]\n"
  "                            area (um2, kGE), flip-flops and critical path from\n"
  "                            Yosys + OSU 0.18 um cells + OpenSTA (WG_LIBERTY overrides);\n"
  "                            a block with a module of its own (rfc's lanes) is synthesized\n"
  "                            module by module, each once; --flatten: as one module\n"
  "  random BLOCK [--seed S] [--count N] [--corners] [--small]\n"
  "                            legal parameter sets for tests, one '-p K=V ...' line each\n"
  "  BLOCK --help              the block's parameters and presets\n"
  "\n"
  "PARAMS (precedence: defaults < --preset < -c files < -p):\n"
  "  --preset NAME             start from a named preset (the paper's configuration)\n"
  "  -p KEY=VALUE              set one parameter (repeatable)\n"
  "  -c FILE                   read 'key = value' lines; '#' starts a comment\n"
  "\n"
  "  --help, --version\n"
  "exit status: 0 ok, 2 bad input (nothing written), 3 internal error\n";

static int bad(const char *msg) {
  fprintf(stderr, "warpgen: %s\n", msg);
  return 2;
}

static int cmd_list(int argc, char **argv) {
  int presets = argc > 2 && !strcmp(argv[2], "--presets");
  int sweeps = argc > 2 && !strcmp(argv[2], "--sweeps");
  if (argc > 2 + presets + sweeps) return bad("list: unexpected argument (usage: warpgen list [--presets|--sweeps])");
  for (int i = 0; i < wg_n_blocks; i++) {
    const wg_block *b = wg_blocks[i];
    if (sweeps) {
      if (b->sweep) printf("%s %s %s\n", b->name, b->main_preset, b->sweep);
      continue;
    }
    if (presets) {
      for (int k = 0; k < b->n_presets; k++) {
        const wg_preset *q = &b->presets[k];
        int is_main = !strcmp(q->name, b->main_preset);
        printf("%s %s%s", b->name, q->name, is_main ? " main" : q->slow ? " -" : "");
        if (q->slow)
          printf(" slow:%s%s%s", q->slow & WG_SLOW_SIM ? "sim," : "",
                 q->slow & WG_SLOW_SYNTH ? "synth," : "", q->slow & WG_SLOW_FORMAL ? "formal," : "");
        printf("\n");
      }
      continue;
    }
    printf("%-8s %s\n         %s; %s\n", b->name, b->summary, b->paper, b->section);
  }
  return 0;
}

static int block_help(const wg_block *b) {
  printf("%s -- %s\n%s; %s\n\n", b->name, b->summary, b->paper, b->section);
  printf("usage: warpgen describe %s [PARAMS]\n       warpgen gen %s [PARAMS] [--name MODULE] -o DIR\n\n",
         b->name, b->name);
  printf("parameters:\n");
  for (int i = 0; i < b->n_params; i++) {
    const wg_param_def *d = &b->params[i];
    printf("  %-11s default %-6lld legal %lld..%lld%s\n              %s\n", d->name,
           (long long)d->def, (long long)d->min, (long long)d->max,
           d->pow2 ? ", a power of two" : "", d->doc);
  }
  printf("\npresets:\n");
  for (int i = 0; i < b->n_presets; i++)
    printf("  %-11s %s%s\n              %s\n", b->presets[i].name, b->presets[i].settings,
           strcmp(b->presets[i].name, b->main_preset) ? "" : "   (main)", b->presets[i].doc);
  return 0;
}

/* 'random': legal parameter sets for tests, drawn from the descriptor's
** ranges (powers of two by exponent; three draws in four from the lower
** part of a wide range, so short epochs and small tables come up often),
** redrawn until the block's cross-parameter check passes.  --corners: the
** all-minimum and all-maximum sets, where legal.  --small: every draw from
** the lowest quarter of its range (of its exponents, for powers of two), so
** the sets build and run in seconds (make test; make soak draws everything). */
static uint64_t rnd_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static int64_t rnd_in(uint64_t *s, int64_t lo, int64_t hi) {
  return lo + (int64_t)(rnd_next(s) % (uint64_t)(hi - lo + 1));
}

static void print_set(const wg_config *c) {
  for (int i = 0; i < c->blk->n_params; i++)
    printf("%s-p %s=%lld", i ? " " : "", c->blk->params[i].name, (long long)c->v[i]);
  printf("\n");
}

static int cmd_random(int argc, char **argv) {
  const char *block = NULL;
  unsigned long long seed = 1, count = 1;
  int corners = 0, small = 0;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc) count = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--corners")) corners = 1;
    else if (!strcmp(argv[i], "--small")) small = 1;
    else if (argv[i][0] != '-' && !block) block = argv[i];
    else return bad("usage: warpgen random BLOCK [--seed S] [--count N] [--corners] [--small]");
  }
  char err[512];
  if (!block) return bad("random: missing BLOCK");
  const wg_block *b = wg_cli_block(block, err, sizeof err);
  if (!b) return bad(err);
  wg_config c;
  if (corners) {
    for (int k = 0; k < 2; k++) {
      wg_config_init(&c, b, NULL, err, sizeof err);
      for (int i = 0; i < b->n_params; i++) c.v[i] = k ? b->params[i].max : b->params[i].min;
      if (!b->check || !b->check(c.v, err, sizeof err)) print_set(&c);
    }
    return 0;
  }
  uint64_t st = seed * 0x2545F4914F6CDD1DULL + 1;
  for (unsigned long long n = 0; n < count; n++) {
    int tries = 0;
    do {
      if (++tries > 10000) { fprintf(stderr, "warpgen: random: no legal set found for %s\n", b->name); return 3; }
      wg_config_init(&c, b, NULL, err, sizeof err);
      for (int i = 0; i < b->n_params; i++) {
        const wg_param_def *d = &b->params[i];
        int narrow = rnd_next(&st) % 4 != 0;
        if (d->pow2) {
          int lo = wg_log2_exact(d->min), hi = wg_log2_exact(d->max);
          if (narrow && hi > lo + 8) hi = lo + 8;
          if (small) hi = lo + (hi - lo) / 4;
          c.v[i] = (int64_t)1 << rnd_in(&st, lo, hi);
        } else {
          int64_t hi = d->max;
          if (narrow && hi - d->min > 64) hi = d->min + 64;
          if (small) hi = d->min + (hi - d->min) / 4;
          c.v[i] = rnd_in(&st, d->min, hi);
        }
      }
    } while (b->check && b->check(c.v, err, sizeof err));
    print_set(&c);
  }
  return 0;
}

/* describe / gen / cost share everything but their action */
enum { CMD_DESCRIBE, CMD_GEN, CMD_COST };
static int cmd_block(int argc, char **argv, int cmd) {
  int gen = cmd == CMD_GEN, cost = cmd == CMD_COST, format = WG_COST_TEXT, header = 1;
  const char *keep = NULL;
  int flatten = 0;
  wg_cli cli;
  memset(&cli, 0, sizeof cli);
  const char *block = NULL, *outdir = NULL;
  int markdown = 0, json = 0, all = 0, vonly = 0, mutant = 0, fusesoc = 0, sby = 0;
  const char *bench = NULL, *vlnv = NULL;
  for (int i = 2; i < argc; i++) {
    int t = wg_cli_take(&cli, argc, argv, &i);
    if (t < 0) return bad(cli.err);
    if (t) continue;
    const char *a = argv[i];
    if (!strcmp(a, "-o") && gen) {
      if (i + 1 >= argc) return bad("option -o needs a directory");
      outdir = argv[++i];
    } else if (!strcmp(a, "--all-presets") && gen) all = 1;
    else if (!strcmp(a, "--verilog-only") && gen) vonly = 1;
    else if (!strcmp(a, "--mutant") && gen) mutant = 1;
    else if (!strcmp(a, "--fusesoc") && gen) fusesoc = 1;
    else if (!strcmp(a, "--sby") && gen) sby = 1;
    else if (!strcmp(a, "--vlnv") && gen) {
      if (i + 1 >= argc) return bad("option --vlnv needs VENDOR:LIBRARY:NAME:VERSION");
      vlnv = argv[++i];
    } else if (!strcmp(a, "--bench") && gen) {
      if (i + 1 >= argc) return bad("option --bench needs a steps file");
      bench = argv[++i];
    }
    else if (!strcmp(a, "--markdown") && cmd == CMD_DESCRIBE) markdown = 1;
    else if (!strcmp(a, "--json") && cmd == CMD_DESCRIBE) json = 1;
    else if (!strcmp(a, "--csv") && cost) format = WG_COST_CSV;
    else if (!strcmp(a, "--json") && cost) format = WG_COST_JSON;
    else if (!strcmp(a, "--no-header") && cost) header = 0;
    else if (!strcmp(a, "--flatten") && cost) flatten = 1;
    else if (!strcmp(a, "--keep") && cost) {
      if (i + 1 >= argc) return bad("option --keep needs a directory");
      keep = argv[++i];
    }
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(usage, stdout); return 0; }
    else if (a[0] == '-') {
      char m[300];
      snprintf(m, sizeof m, "%s: unknown option '%s' (see 'warpgen --help')", argv[1], a);
      return bad(m);
    } else if (!block) block = a;
    else {
      char m[300];
      snprintf(m, sizeof m, "%s: unexpected argument '%s'", argv[1], a);
      return bad(m);
    }
  }
  char err[512];
  if (gen && !outdir) return bad("gen: missing -o DIR");
  if ((bench || vlnv) && !fusesoc) return bad("gen: --bench and --vlnv go with --fusesoc");
  if (vlnv) {   /* four non-empty fields: vendor:library:name:version */
    int colons = 0, ok = vlnv[0] != ':';
    for (const char *p = vlnv; *p; p++) {
      if (*p == ':') { colons++; ok &= p[1] != ':' && p[1] != 0; }
      else ok &= isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '.';
    }
    if (!ok || colons != 3) return bad("gen: --vlnv must be VENDOR:LIBRARY:NAME:VERSION (letters, digits, _ - .)");
  }
  if (fusesoc && (all || vonly || mutant)) return bad("gen: --fusesoc writes one block's core: not with --all-presets, "
                                                       "--verilog-only or --mutant");
  if (sby && (all || vonly || fusesoc)) return bad("gen: --sby writes one module's job: not with --all-presets, "
                                                   "--verilog-only or --fusesoc");
  if (all) {
    if (block || cli.preset || cli.n_sets || cli.n_files || cli.name)
      return bad("gen --all-presets takes only -o DIR");
    /* validate every preset first, so a failure writes nothing */
    for (int i = 0; i < wg_n_blocks; i++)
      for (int k = 0; k < wg_blocks[i]->n_presets; k++) {
        wg_config c;
        if (wg_config_init(&c, wg_blocks[i], wg_blocks[i]->presets[k].name, err, sizeof err) ||
            wg_config_finish(&c, NULL, err, sizeof err)) return bad(err);
      }
    for (int i = 0; i < wg_n_blocks; i++)
      for (int k = 0; k < wg_blocks[i]->n_presets; k++) {
        wg_config c;
        wg_config_init(&c, wg_blocks[i], wg_blocks[i]->presets[k].name, err, sizeof err);
        wg_config_finish(&c, NULL, err, sizeof err);
        if (wg_generate(&c, outdir, vonly, err, sizeof err)) return bad(err);
      }
    return 0;
  }
  if (!block) {
    char m[100];
    snprintf(m, sizeof m, "%s: missing BLOCK (see 'warpgen list')", argv[1]);
    return bad(m);
  }
  const wg_block *b = wg_cli_block(block, err, sizeof err);
  if (!b) return bad(err);
  wg_config c;
  if (wg_cli_resolve(&cli, b, &c)) return bad(cli.err);
  if (cmd == CMD_DESCRIBE) {
    if (json) wg_describe_json(&c, stdout);
    else wg_describe(&c, stdout, markdown);
    return 0;
  }
  if (cost) {
    wg_cost_row r;
    if (wg_cost(&c, keep, flatten, &r, err, sizeof err)) { fprintf(stderr, "warpgen: cost: %s\n", err); return 3; }
    wg_cost_print(&c, &r, stdout, format, header);
    return 0;
  }
  c.mutant = mutant;
  if (fusesoc) return wg_generate_fusesoc(&c, outdir, bench, vlnv, err, sizeof err) ? bad(err) : 0;
  if (sby) return wg_generate_sby(&c, outdir, err, sizeof err) ? bad(err) : 0;
  if (wg_generate(&c, outdir, vonly, err, sizeof err)) return bad(err);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) { fputs(usage, stderr); return 2; }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) { fputs(usage, stdout); return 0; }
  if (!strcmp(cmd, "--version")) { printf("warpgen %s\n", WG_VERSION); return 0; }
  if (!strcmp(cmd, "list")) return cmd_list(argc, argv);
  if (!strcmp(cmd, "describe")) return cmd_block(argc, argv, CMD_DESCRIBE);
  if (!strcmp(cmd, "gen")) return cmd_block(argc, argv, CMD_GEN);
  if (!strcmp(cmd, "cost")) return cmd_block(argc, argv, CMD_COST);
  if (!strcmp(cmd, "random")) return cmd_random(argc, argv);
  const wg_block *b = wg_find_block(cmd);
  if (b && (argc == 2 || !strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) return block_help(b);
  char m[300];
  snprintf(m, sizeof m, "unknown command '%s' (commands: list, describe, gen, cost; see 'warpgen --help')", cmd);
  return bad(m);
}
