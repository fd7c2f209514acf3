/*
** wg_rtl.h -- what the generated Verilator glue exports to the C harness:
** the block's port table (widths for this parameter set, offsets into the
** C I/O structs) and six calls.  One call per direction per cycle; lockstep compares
** with differs() and copies the outputs out (sample) only to report.
*/
#ifndef WG_RTL_H
#define WG_RTL_H

#include <stddef.h>
#include <stdint.h>

typedef struct wg_port_info {
  const char *name;
  int         dir;      /* 0 in, 1 out */
  int         width;    /* bits in this parameter set */
  size_t      offset;   /* into <block>_in or <block>_out */
  int         words;    /* 32-bit words of the C field */
} wg_port_info;

typedef struct wg_rtl_ops {
  const char *block, *module, *params_text, *preset;
  const void *params;                 /* const <block>_params * */
  int         n_params;               /* its int64 fields */
  size_t      in_size, out_size;
  const wg_port_info *ports;
  int         n_ports;
  void *(*create)(const char *fst_path, uint64_t x_seed);  /* x_seed 0: no randomisation */
  void  (*drive)(void *h, const void *in);   /* inputs, clk low, eval */
  void  (*sample)(void *h, void *out);       /* outputs after drive */
  void  (*posedge)(void *h);                 /* rising edge */
  void  (*destroy)(void *h);
  int   (*differs)(void *h, const void *out);   /* model outputs OUT differ from the RTL's */
} wg_rtl_ops;

extern const wg_rtl_ops wg_rtl;

#endif
