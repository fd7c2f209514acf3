/* report.h -- what a lockstep failure report prints and writes, shared by the
** lockstep binary, step files and warpsim-rtl (see report.c). */
#ifndef WG_REPORT_H
#define WG_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "wg_rtl.h"

/* WIDTH bits of the 32-bit words W (word 0 lowest) as zero-padded hex into DST */
void wg_hex(const uint32_t *w, int width, char *dst, size_t n);
/* the first output port whose fields differ (the structs' padding is not compared); -1 none */
int  wg_first_diff_port(const wg_rtl_ops *o, const void *model_out, const void *rtl_out);
/* "port P (W bits): expected (model) 0x.., actual (RTL) 0x.." for the first output
** port where MODEL_OUT and RTL_OUT differ; returns that port's index (-1: none) */
int  wg_diff_report(const wg_rtl_ops *o, const void *model_out, const void *rtl_out, char *msg, size_t n);
/* "A=1 B=2" (a set's params_text) as "A1_B2", for failure file names */
void wg_params_tag(const char *params_text, char *dst, size_t n);
/* a GTKWave layout for FST: the failing port first, then every port, marker at CYCLE */
void wg_write_gtkw(const char *path, const char *fst, const wg_rtl_ops *o, const char *title,
                   uint64_t cycle, int fail_port);

#endif
