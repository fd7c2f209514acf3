/* report.c -- a lockstep failure's report: port values in hex, the first
** differing port, and a GTKWave layout for the failure's waveform. */
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void wg_hex(const uint32_t *w, int width, char *dst, size_t n) {
  int words = (width + 31) / 32;
  size_t l = 0;
  for (int i = words - 1; i >= 0; i--) {
    int bits = i == words - 1 ? width - 32 * i : 32;
    int digits = (bits + 3) / 4;
    uint32_t v = w[i];
    if (bits < 32) v &= (1u << bits) - 1;
    l += (size_t)snprintf(dst + l, n - l, "%0*x", digits, v);
    if (l >= n) break;
  }
}

int wg_first_diff_port(const wg_rtl_ops *o, const void *model_out, const void *rtl_out) {
  for (int i = 0; i < o->n_ports; i++) {
    const wg_port_info *p = &o->ports[i];
    if (p->dir == 1 && memcmp((const char *)model_out + p->offset, (const char *)rtl_out + p->offset,
                              4 * (size_t)p->words))
      return i;
  }
  return -1;
}

int wg_diff_report(const wg_rtl_ops *o, const void *model_out, const void *rtl_out, char *msg, size_t n) {
  int i = wg_first_diff_port(o, model_out, rtl_out);
  if (i >= 0) {
    const wg_port_info *p = &o->ports[i];
    const char *a = (const char *)model_out + p->offset, *b = (const char *)rtl_out + p->offset;
    char e[80], g[80];
    wg_hex((const uint32_t *)a, p->width, e, sizeof e);
    wg_hex((const uint32_t *)b, p->width, g, sizeof g);
    snprintf(msg, n, "port %s (%d bits): expected (model) 0x%s, actual (RTL) 0x%s", p->name, p->width, e, g);
    return i;
  }
  snprintf(msg, n, "no output port differs");
  return -1;
}

void wg_params_tag(const char *params_text, char *dst, size_t n) {
  size_t k = 0;
  for (const char *q = params_text; *q && k + 1 < n; q++)
    if (*q != '=') dst[k++] = *q == ' ' ? '_' : *q;
  if (n) dst[k] = 0;
}

void wg_write_gtkw(const char *path, const char *fst, const wg_rtl_ops *o, const char *title,
                   uint64_t cycle, int fail_port) {
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "[*] %s\n", title);
  fprintf(f, "[dumpfile] \"%s\"\n", fst);
  uint64_t t = cycle * 10;
  fprintf(f, "[timestart] %" PRIu64 "\n[markertime] %" PRIu64 "\n", t > 200 ? t - 200 : 0, t);
  fprintf(f, "@28\nTOP.%s.clk\nTOP.%s.rst\n", o->module, o->module);
  if (fail_port >= 0) fprintf(f, "@22\nTOP.%s.%s\n", o->module, o->ports[fail_port].name);
  for (int i = 0; i < o->n_ports; i++) {
    const wg_port_info *p = &o->ports[i];
    if (i == fail_port || !strcmp(p->name, "rst")) continue;
    fprintf(f, "%s\nTOP.%s.%s\n", p->width == 1 ? "@28" : "@22", o->module, p->name);
  }
  fclose(f);
}
