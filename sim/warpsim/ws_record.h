/*
** ws_record.h -- a slot's per-cycle inputs as a file: 'warpsim --record
** SLOT:FILE' writes one, 'cosim BLOCK --replay FILE' runs the block's RTL
** against its model on it.  The format (version 1, little-endian):
**
**   header (WS_REC_HEADER bytes)
**     0   8  magic "WGSLOTRC"
**     8   4  version (1)
**    12   4  header size
**    16  32  block name (NUL-padded)
**    48  48  slot name, e.g. "mshr:sm3"
**    96  32  owner, e.g. "SM 3"
**   128   4  number of parameters P (at most WS_REC_MAX_PARAMS)
**   132   4  bytes of the block's input struct
**   136   8  stepped cycles
**   144   8  cycles not stepped (warpsim skips a block's idle cycles where exact)
**   152   8  body bytes
**   160   8  FNV-1a 64 of the body
**   168 8·32 the parameters, int64 in the descriptor's order (P used)
**   body, one record after another:
**     0x01                  a stepped cycle, same inputs as the last one
**     0x02 MASK WORDS       a stepped cycle; MASK: one bit per 32-bit word of the
**                           input struct (ceil(words / 8) bytes), set for each word
**                           that differs from the last inputs; WORDS: those words
**     0x03 N (4 bytes)      N cycles in which the block was not stepped
**   The inputs before the first record are all zero.  Each stepped cycle's
**   inputs are the ones of its clock edge (ws_slot_tick).
**
** The writer keeps the counts in the header at zero until the file is closed,
** and writes to FILE.tmpPID, renamed at the end: a crashed run leaves no file
** that looks whole.  The reader checks everything (magic, version, sizes,
** counts, hash, every record) before the first cycle runs.
*/
#ifndef WS_RECORD_H
#define WS_RECORD_H

#include <stddef.h>
#include <stdint.h>

#define WS_REC_MAGIC      "WGSLOTRC"
#define WS_REC_VERSION    1
#define WS_REC_MAX_PARAMS 32
#define WS_REC_HEADER     (168 + 8 * WS_REC_MAX_PARAMS)
#define WS_REC_SAME       0x01
#define WS_REC_DIFF       0x02
#define WS_REC_SKIP       0x03

typedef struct ws_record ws_record;

/* opens PATH for a recording of SLOT (the block's params struct: int64 fields);
** NULL with a message on failure */
ws_record *ws_record_open(const char *path, const char *block, const char *slot, const char *owner,
                          const void *params, size_t params_size, size_t in_size, int64_t clock_now,
                          char *err, size_t n);
/* one stepped cycle at CLOCK (cycles since the last step are recorded as not stepped) */
void ws_record_step(ws_record *r, const void *in, int64_t clock);
/* completes the header and renames the file into place; 0 or -1 (message) */
int  ws_record_close(ws_record *r, char *err, size_t n);
/* removes the temporary files of recordings not closed (run at exit; a process that ends
** with _exit calls it itself) */
void ws_record_abandon_all(void);

/* reading a recording (cosim --replay): the whole file is read and checked by open */
typedef struct ws_replay {
  char     block[33], slot[49], owner[33];
  int      n_params;
  int64_t  params[WS_REC_MAX_PARAMS];
  size_t   in_size;
  uint64_t steps, skipped;
  unsigned char *body;
  size_t   body_len, pos;
  uint32_t *cur;              /* the inputs of the last stepped cycle */
} ws_replay;

int  ws_replay_open(ws_replay *r, const char *path, char *err, size_t n);
/* the next stepped cycle's inputs into IN (in_size bytes); 1, or 0 at the end */
int  ws_replay_next(ws_replay *r, void *in);
void ws_replay_free(ws_replay *r);

#endif
