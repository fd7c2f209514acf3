/* cli.h -- parameter options shared by warpgen and cosim (see cli.c). */
#ifndef WG_CLI_H
#define WG_CLI_H

#include "wg.h"

#define WG_CLI_MAX 64

typedef struct wg_cli {
  const char *preset;              /* --preset NAME */
  const char *name;                /* --name MODULE */
  const char *sets[WG_CLI_MAX];    /* -p KEY=VALUE, in order */
  int         n_sets;
  const char *files[WG_CLI_MAX];   /* -c FILE, in order */
  int         n_files;
  char        err[512];            /* one-line message after a failure */
} wg_cli;

/* If argv[*i] is a parameter option, consume it (and its value) and return
** 1; return 0 if it is not one, -1 (message in c->err) if malformed. */
int wg_cli_take(wg_cli *c, int argc, char **argv, int *i);
/* Build the configuration: defaults < preset < -c files < -p. */
int wg_cli_resolve(wg_cli *c, const wg_block *b, wg_config *cfg);
const wg_block *wg_cli_block(const char *name, char *err, size_t n);

#endif
