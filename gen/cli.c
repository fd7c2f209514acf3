/*
** cli.c -- the options every parameter-taking command shares
** (warpgen describe/gen, cosim): --preset, -p KEY=VALUE, -c FILE, --name.
** Precedence, low to high: defaults, preset, config files, -p, whatever
** their order on the command line.
*/
#include "cli.h"

#include <stdio.h>
#include <string.h>

int wg_cli_take(wg_cli *c, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  const char *val = NULL;
  int kind = 0;
  if (!strcmp(a, "--preset")) kind = 1;
  else if (!strcmp(a, "-p")) kind = 2;
  else if (!strcmp(a, "-c")) kind = 3;
  else if (!strcmp(a, "--name")) kind = 4;
  else if (!strncmp(a, "--preset=", 9)) { kind = 1; val = a + 9; }
  else if (!strncmp(a, "-p", 2) && a[2]) { kind = 2; val = a + 2; }
  else if (!strncmp(a, "--name=", 7)) { kind = 4; val = a + 7; }
  else return 0;
  if (!val) {
    if (*i + 1 >= argc) {
      snprintf(c->err, sizeof c->err, "option %s needs a value", a);
      return -1;
    }
    val = argv[++*i];
  }
  switch (kind) {
  case 1: c->preset = val; break;
  case 2:
    if (c->n_sets >= WG_CLI_MAX) { snprintf(c->err, sizeof c->err, "too many -p options"); return -1; }
    c->sets[c->n_sets++] = val;
    break;
  case 3:
    if (c->n_files >= WG_CLI_MAX) { snprintf(c->err, sizeof c->err, "too many -c options"); return -1; }
    c->files[c->n_files++] = val;
    break;
  default: c->name = val; break;
  }
  return 1;
}

int wg_cli_resolve(wg_cli *c, const wg_block *b, wg_config *cfg) {
  if (wg_config_init(cfg, b, c->preset, c->err, sizeof c->err)) return 1;
  for (int k = 0; k < c->n_files; k++)
    if (wg_config_file(cfg, c->files[k], c->err, sizeof c->err)) return 1;
  for (int k = 0; k < c->n_sets; k++)
    if (wg_config_set(cfg, c->sets[k], "-p ", c->err, sizeof c->err)) return 1;
  return wg_config_finish(cfg, c->name, c->err, sizeof c->err);
}

const wg_block *wg_cli_block(const char *name, char *err, size_t n) {
  const wg_block *b = wg_find_block(name);
  if (b) return b;
  char names[512] = "";
  for (int i = 0; i < wg_n_blocks; i++) {
    size_t l = strlen(names);
    snprintf(names + l, sizeof names - l, "%s%s", i ? ", " : "", wg_blocks[i]->name);
  }
  snprintf(err, n, "unknown block '%s' (blocks: %s; see 'warpgen list')", name, names);
  return NULL;
}
