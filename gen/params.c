/*
** params.c -- resolving a parameter set: defaults, a preset, -p KEY=VALUE
** overrides and '-c FILE' config lines, each checked against the
** descriptor's legal range, then the block's cross-parameter check.
** Every error is one line that names the parameter (or file:line) and the
** legal range, so the CLI can print it as is.
*/
#include "wg.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- text buffer ---- */
void wgb_init(wg_buf *b) { b->s = NULL; b->len = b->cap = 0; }
void wgb_free(wg_buf *b) { free(b->s); wgb_init(b); }

void wgb_printf(wg_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int need = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (need < 0) return;
  if (b->len + (size_t)need + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + (size_t)need + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) { fprintf(stderr, "warpgen: out of memory\n"); exit(3); }
    b->s = s; b->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)need;
}

/* ---- small integer helpers ---- */
int wg_bits_for(int64_t maxval) {
  int n = 1;
  while (n < 63 && ((int64_t)1 << n) <= maxval) n++;
  return n;
}
int wg_clog2(int64_t v) { return v <= 2 ? 1 : wg_bits_for(v - 1); }
int wg_log2_exact(int64_t v) {
  int n = 0;
  while (((int64_t)1 << n) < v) n++;
  return n;
}
static int is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

int wg_param_index(const wg_block *b, const char *name) {
  for (int i = 0; i < b->n_params; i++)
    if (strcmp(b->params[i].name, name) == 0) return i;
  return -1;
}

static void range_text(const wg_param_def *d, char *dst, size_t n) {
  snprintf(dst, n, "%lld..%lld%s", (long long)d->min, (long long)d->max,
           d->pow2 ? ", a power of two" : "");
}

static void param_names(const wg_block *b, char *dst, size_t n) {
  dst[0] = 0;
  for (int i = 0; i < b->n_params; i++) {
    size_t l = strlen(dst);
    snprintf(dst + l, n - l, "%s%s", i ? ", " : "", b->params[i].name);
  }
}

/* Apply "KEY=VALUE" (spaces around '=' allowed); 'where' prefixes errors. */
int wg_config_set(wg_config *c, const char *kv, const char *where,
                  char *err, size_t errlen) {
  char key[64], val[64];
  const char *eq = strchr(kv, '=');
  if (!eq) {
    snprintf(err, errlen, "%s'%s': expected KEY=VALUE", where, kv);
    return 1;
  }
  size_t kl = (size_t)(eq - kv);
  while (kl && isspace((unsigned char)kv[kl - 1])) kl--;
  const char *k0 = kv;
  while (k0 < eq && isspace((unsigned char)*k0)) { k0++; kl--; }
  const char *v0 = eq + 1;
  while (isspace((unsigned char)*v0)) v0++;
  size_t vl = strlen(v0);
  while (vl && isspace((unsigned char)v0[vl - 1])) vl--;
  if (kl == 0 || kl >= sizeof key || vl >= sizeof val) {
    snprintf(err, errlen, "%s'%s': expected KEY=VALUE", where, kv);
    return 1;
  }
  memcpy(key, k0, kl); key[kl] = 0;
  memcpy(val, v0, vl); val[vl] = 0;
  int i = wg_param_index(c->blk, key);
  if (i < 0) {
    char names[512];
    param_names(c->blk, names, sizeof names);
    snprintf(err, errlen, "%sunknown parameter '%s' for block %s (parameters: %s)",
             where, key, c->blk->name, names);
    return 1;
  }
  const wg_param_def *d = &c->blk->params[i];
  char rng[64];
  range_text(d, rng, sizeof rng);
  char *end;
  errno = 0;
  long long x = strtoll(val, &end, 0);
  if (vl == 0 || *end || errno) {
    snprintf(err, errlen, "%sparameter %s: '%s' is not an integer (legal: %s)",
             where, key, val, rng);
    return 1;
  }
  if (x < d->min || x > d->max || (d->pow2 && !is_pow2(x))) {
    snprintf(err, errlen, "%sparameter %s = %lld is out of range (legal: %s)",
             where, key, x, rng);
    return 1;
  }
  c->v[i] = x;
  return 0;
}

int wg_config_init(wg_config *c, const wg_block *b, const char *preset,
                   char *err, size_t errlen) {
  memset(c, 0, sizeof *c);
  c->blk = b;
  for (int i = 0; i < b->n_params; i++) c->v[i] = b->params[i].def;
  if (!preset) return 0;
  for (int i = 0; i < b->n_presets; i++) {
    if (strcmp(b->presets[i].name, preset) != 0) continue;
    c->preset = b->presets[i].name;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", b->presets[i].settings);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
      if (wg_config_set(c, t, "preset: ", err, errlen)) return 1;
    return 0;
  }
  char names[256] = "";
  for (int i = 0; i < b->n_presets; i++) {
    size_t l = strlen(names);
    snprintf(names + l, sizeof names - l, "%s%s", i ? ", " : "", b->presets[i].name);
  }
  snprintf(err, errlen, "unknown preset '%s' for block %s (presets: %s)",
           preset, b->name, names);
  return 1;
}

/* '-c FILE': one 'key = value' per line, '#' starts a comment. */
int wg_config_file(wg_config *c, const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot read config file: %s", path, strerror(errno));
    return 1;
  }
  char line[512];
  int lineno = 0, rc = 0;
  while (!rc && fgets(line, sizeof line, f)) {
    lineno++;
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    size_t l = strlen(s);
    while (l && isspace((unsigned char)s[l - 1])) s[--l] = 0;
    if (!*s) continue;
    char where[300];
    snprintf(where, sizeof where, "%s:%d: ", path, lineno);
    rc = wg_config_set(c, s, where, err, errlen);
  }
  fclose(f);
  return rc;
}

static int module_name_ok(const char *m) {
  if (!m[0] || !(isalpha((unsigned char)m[0]) || m[0] == '_')) return 0;
  for (const char *p = m; *p; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_')) return 0;
  return strlen(m) < 60;
}

int wg_config_finish(wg_config *c, const char *module, char *err, size_t errlen) {
  if (c->blk->check && c->blk->check(c->v, err, errlen)) return 1;
  if (module) {
    if (!module_name_ok(module)) {
      snprintf(err, errlen, "--name '%s': a module name is a Verilog identifier "
               "([A-Za-z_][A-Za-z0-9_]*, under 60 characters)", module);
      return 1;
    }
    snprintf(c->module, sizeof c->module, "%s", module);
  } else if (c->preset) {
    snprintf(c->module, sizeof c->module, "%s_%s", c->blk->name, c->preset);
  } else {
    snprintf(c->module, sizeof c->module, "%s", c->blk->name);
  }
  return 0;
}

/* "W=48 S=128 ..." (sep " ") or "W48_S128" style for directory names. */
void wg_config_string(const wg_config *c, char *dst, size_t n, const char *sep) {
  dst[0] = 0;
  for (int i = 0; i < c->blk->n_params; i++) {
    size_t l = strlen(dst);
    snprintf(dst + l, n - l, "%s%s%s%lld", i ? sep : "", c->blk->params[i].name,
             strcmp(sep, "_") == 0 ? "" : "=", (long long)c->v[i]);
  }
}
