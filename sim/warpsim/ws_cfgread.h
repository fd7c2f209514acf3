/*
** ws_cfgread.h -- reading warpsim's configuration files: the line reader
** ('#' comments, blank lines, a quoted value joined across lines, errors as
** "PATH:LINE: ..."), the integer parser and the tokenizer that 'key = value'
** files (ws_config.c) and GPGPU-Sim's gpgpusim.config (ws_gpgpusim.c) share.
** Internal to warpsim's configuration; ws_config.h is the interface.
*/
#ifndef WS_CFGREAD_H
#define WS_CFGREAD_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ws_config.h"

#define WS_LINE_CHARS 4096       /* the line buffer: one logical line (a quoted value may span lines) */

#if defined(__GNUC__)
#define WS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define WS_PRINTF(f, a)
#endif

typedef struct ws_reader {
  FILE       *f;
  const char *path;
  int         line;              /* physical lines read so far */
  int         start;             /* first physical line of the current logical line */
  char        buf[WS_LINE_CHARS];
} ws_reader;

/* "PATH:LINE: message" into err; returns -1 */
int         ws_cfg_vline_fail(char *err, size_t n, const char *path, int line, const char *fmt, va_list ap);
/* decimal or 0x hex, an optional sign, an optional K or M suffix (binary): 0 with *v, or -1 */
int         ws_cfg_parse_int(const char *s, size_t len, int64_t *v);
const char *ws_cfg_skip_space(const char *s);
size_t      ws_cfg_trimmed_len(const char *s);   /* without trailing white space */
/* the next non-blank line, comment cut, in r->buf (JOIN: an open '"' joins the next lines):
** 1 read, 0 end of file, -1 err */
int         ws_cfg_read_logical(ws_reader *r, int join, char *err, size_t n);
/* s split in place into tokens ('"' groups and is removed): the count, -1 when more than max */
int         ws_cfg_tokenize(char *s, char **tok, int max);

/* a gpgpusim.config from R into W (ws_gpgpusim.c); options warpsim ignores listed to IGNORED */
int         ws_gpgpusim_read(ws_config *w, ws_reader *r, FILE *ignored, char *err, size_t n);

#endif
