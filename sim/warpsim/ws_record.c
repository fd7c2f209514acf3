/* ws_record.c -- a slot's recorded inputs: writer and reader (format in ws_record.h). */
#define _POSIX_C_SOURCE 200809L
#include "ws_record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ws_record {
  FILE    *f;
  char     path[1024], tmp[1100];
  size_t   in_size, words;
  uint32_t *last;             /* the last stepped cycle's inputs */
  int64_t  clock;             /* the clock of the last step (or of the open) */
  uint64_t steps, skipped, bytes, hash;
  int      failed;
};

/* recordings not closed when the process exits (a stopped run): their
** temporary files are removed, so no file that looks whole is left */
#define WS_REC_OPEN_MAX 64
static ws_record *open_recs[WS_REC_OPEN_MAX];
void ws_record_abandon_all(void) {
  for (int i = 0; i < WS_REC_OPEN_MAX; i++)
    if (open_recs[i]) { fclose(open_recs[i]->f); remove(open_recs[i]->tmp); open_recs[i] = NULL; }
}

static const uint64_t fnv_basis = 1469598103934665603ull, fnv_prime = 1099511628211ull;

static void put(ws_record *r, const void *p, size_t k) {
  const unsigned char *b = p;
  for (size_t i = 0; i < k; i++) r->hash = (r->hash ^ b[i]) * fnv_prime;
  if (fwrite(p, 1, k, r->f) != k) r->failed = 1;
  r->bytes += k;
}

static void le32(unsigned char *d, uint32_t v) { for (int i = 0; i < 4; i++) d[i] = (unsigned char)(v >> 8 * i); }
static void le64(unsigned char *d, uint64_t v) { for (int i = 0; i < 8; i++) d[i] = (unsigned char)(v >> 8 * i); }
static uint32_t rd32(const unsigned char *s) { uint32_t v = 0; for (int i = 3; i >= 0; i--) v = v << 8 | s[i]; return v; }
static uint64_t rd64(const unsigned char *s) { uint64_t v = 0; for (int i = 7; i >= 0; i--) v = v << 8 | s[i]; return v; }

static void header(unsigned char *h, const char *block, const char *slot, const char *owner,
                   const int64_t *params, int np, size_t in_size, uint64_t steps, uint64_t skipped,
                   uint64_t bytes, uint64_t hash) {
  memset(h, 0, WS_REC_HEADER);
  memcpy(h, WS_REC_MAGIC, 8);
  le32(h + 8, WS_REC_VERSION);
  le32(h + 12, WS_REC_HEADER);
  strncpy((char *)h + 16, block, 32);
  strncpy((char *)h + 48, slot, 48);
  strncpy((char *)h + 96, owner, 32);
  le32(h + 128, (uint32_t)np);
  le32(h + 132, (uint32_t)in_size);
  le64(h + 136, steps);
  le64(h + 144, skipped);
  le64(h + 152, bytes);
  le64(h + 160, hash);
  for (int i = 0; i < np; i++) le64(h + 168 + 8 * i, (uint64_t)params[i]);
}

ws_record *ws_record_open(const char *path, const char *block, const char *slot, const char *owner,
                          const void *params, size_t params_size, size_t in_size, int64_t clock_now,
                          char *err, size_t n) {
  int np = (int)(params_size / sizeof(int64_t));
  if (np > WS_REC_MAX_PARAMS || in_size % 4 || in_size > 2048) {
    snprintf(err, n, "--record %s: block %s does not fit the recording format", slot, block);
    return NULL;
  }
  ws_record *r = calloc(1, sizeof *r);
  uint32_t *last = calloc(1, in_size ? in_size : 4);
  if (!r || !last) { free(r); free(last); snprintf(err, n, "out of memory"); return NULL; }
  snprintf(r->path, sizeof r->path, "%s", path);
  snprintf(r->tmp, sizeof r->tmp, "%s.tmp%ld", path, (long)getpid());
  r->f = fopen(r->tmp, "wb");
  if (!r->f) {
    snprintf(err, n, "--record %s: cannot write %s: %s", slot, path, strerror(errno));
    free(last); free(r);
    return NULL;
  }
  static int registered;
  if (!registered) registered = !atexit(ws_record_abandon_all);
  for (int i = 0; i < WS_REC_OPEN_MAX; i++) if (!open_recs[i]) { open_recs[i] = r; break; }
  r->in_size = in_size;
  r->words = in_size / 4;
  r->last = last;
  r->clock = clock_now;
  r->hash = fnv_basis;
  unsigned char h[WS_REC_HEADER];   /* counts zero until the close */
  header(h, block, slot, owner, params, np, in_size, 0, 0, 0, 0);
  if (fwrite(h, 1, sizeof h, r->f) != sizeof h) r->failed = 1;
  return r;
}

static void skip(ws_record *r, uint64_t k) {
  while (k) {
    uint32_t c = k > UINT32_MAX ? UINT32_MAX : (uint32_t)k;
    unsigned char b[5] = {WS_REC_SKIP};
    le32(b + 1, c);
    put(r, b, 5);
    r->skipped += c;
    k -= c;
  }
}

void ws_record_step(ws_record *r, const void *in, int64_t clock) {
  if (clock > r->clock + 1) skip(r, (uint64_t)(clock - r->clock - 1));
  r->clock = clock;
  r->steps++;
  const uint32_t *w = in;
  unsigned char mask[64] = {0};   /* up to 512 words of inputs */
  size_t changed = 0, mbytes = (r->words + 7) / 8;
  for (size_t i = 0; i < r->words; i++)
    if (w[i] != r->last[i]) { mask[i / 8] |= (unsigned char)(1u << (i % 8)); changed++; }
  unsigned char tag = changed ? WS_REC_DIFF : WS_REC_SAME;
  put(r, &tag, 1);
  if (!changed) return;
  put(r, mask, mbytes);
  for (size_t i = 0; i < r->words; i++)
    if (mask[i / 8] >> (i % 8) & 1) {
      unsigned char b[4];
      le32(b, w[i]);
      put(r, b, 4);
      r->last[i] = w[i];
    }
}

int ws_record_close(ws_record *r, char *err, size_t n) {
  if (!r) return 0;
  for (int i = 0; i < WS_REC_OPEN_MAX; i++) if (open_recs[i] == r) open_recs[i] = NULL;
  int rc = 0;
  unsigned char h[WS_REC_HEADER];
  if (!r->failed && fseek(r->f, 136, SEEK_SET) == 0) {   /* the counts, now known */
    le64(h, r->steps); le64(h + 8, r->skipped); le64(h + 16, r->bytes); le64(h + 24, r->hash);
    if (fwrite(h, 1, 32, r->f) != 32) r->failed = 1;
  } else r->failed = 1;
  if (fclose(r->f) || r->failed || rename(r->tmp, r->path)) {
    snprintf(err, n, "--record: cannot write %s: %s", r->path, strerror(errno));
    remove(r->tmp);
    rc = -1;
  }
  free(r->last);
  free(r);
  return rc;
}

/* ---- reading ---- */

int ws_replay_open(ws_replay *r, const char *path, char *err, size_t n) {
  memset(r, 0, sizeof *r);
  FILE *f = fopen(path, "rb");
  if (!f) { snprintf(err, n, "%s: cannot read: %s", path, strerror(errno)); return -1; }
  unsigned char h[WS_REC_HEADER];
  size_t got = fread(h, 1, sizeof h, f);
  if (got < 16 || memcmp(h, WS_REC_MAGIC, 8)) {
    fclose(f);
    snprintf(err, n, "%s: not a warpsim slot recording (no %s header)", path, WS_REC_MAGIC);
    return -1;
  }
  if (rd32(h + 8) != WS_REC_VERSION || rd32(h + 12) != WS_REC_HEADER) {
    fclose(f);
    snprintf(err, n, "%s: recording format version %u, this cosim reads version %d", path, rd32(h + 8), WS_REC_VERSION);
    return -1;
  }
  if (got != sizeof h) { fclose(f); snprintf(err, n, "%s: truncated header", path); return -1; }
  memcpy(r->block, h + 16, 32);
  memcpy(r->slot, h + 48, 48);
  memcpy(r->owner, h + 96, 32);
  r->n_params = (int)rd32(h + 128);
  r->in_size = rd32(h + 132);
  r->steps = rd64(h + 136);
  r->skipped = rd64(h + 144);
  uint64_t bytes = rd64(h + 152), hash = rd64(h + 160);
  if (r->n_params < 0 || r->n_params > WS_REC_MAX_PARAMS || !r->in_size || r->in_size % 4 || r->in_size > 2048) {
    fclose(f);
    snprintf(err, n, "%s: corrupt header (parameters or input size out of range)", path);
    return -1;
  }
  for (int i = 0; i < r->n_params; i++) r->params[i] = (int64_t)rd64(h + 168 + 8 * i);
  if (!r->steps && !bytes) {
    fclose(f);
    snprintf(err, n, "%s: the recording was not finished (its run stopped before the end)", path);
    return -1;
  }
  r->body = malloc(bytes ? bytes : 1);
  r->cur = calloc(1, r->in_size);
  if (!r->body || !r->cur) { fclose(f); ws_replay_free(r); snprintf(err, n, "%s: out of memory", path); return -1; }
  r->body_len = fread(r->body, 1, bytes, f);
  int extra = fgetc(f) != EOF;
  fclose(f);
  if (r->body_len != bytes) {
    snprintf(err, n, "%s: truncated: %zu of %llu body bytes", path, r->body_len, (unsigned long long)bytes);
    ws_replay_free(r);
    return -1;
  }
  uint64_t hh = fnv_basis;
  for (size_t i = 0; i < r->body_len; i++) hh = (hh ^ r->body[i]) * fnv_prime;
  if (extra || hh != hash) {
    snprintf(err, n, "%s: corrupt: %s", path, extra ? "bytes after the body" : "the body's checksum does not match");
    ws_replay_free(r);
    return -1;
  }
  /* walk every record once: counts and structure */
  size_t words = r->in_size / 4, mbytes = (words + 7) / 8;
  uint64_t steps = 0, skipped = 0;
  for (size_t p = 0; p < r->body_len;) {
    unsigned char t = r->body[p++];
    if (t == WS_REC_SAME) steps++;
    else if (t == WS_REC_SKIP && p + 4 <= r->body_len) { skipped += rd32(r->body + p); p += 4; }
    else if (t == WS_REC_DIFF && p + mbytes <= r->body_len) {
      size_t k = 0;
      for (size_t i = 0; i < words; i++) k += r->body[p + i / 8] >> (i % 8) & 1;
      p += mbytes + 4 * k;
      if (p > r->body_len) break;
      steps++;
    } else { steps = UINT64_MAX; break; }
  }
  if (steps != r->steps || skipped != r->skipped) {
    snprintf(err, n, "%s: corrupt: the records do not match the header's counts", path);
    ws_replay_free(r);
    return -1;
  }
  return 0;
}

int ws_replay_next(ws_replay *r, void *in) {
  size_t words = r->in_size / 4, mbytes = (words + 7) / 8;
  while (r->pos < r->body_len) {
    unsigned char t = r->body[r->pos++];
    if (t == WS_REC_SKIP) { r->pos += 4; continue; }
    if (t == WS_REC_DIFF) {
      const unsigned char *m = r->body + r->pos, *w = m + mbytes;
      for (size_t i = 0; i < words; i++)
        if (m[i / 8] >> (i % 8) & 1) { r->cur[i] = rd32(w); w += 4; }
      r->pos = (size_t)(w - r->body);
    }
    memcpy(in, r->cur, r->in_size);
    return 1;
  }
  return 0;
}

void ws_replay_free(ws_replay *r) {
  free(r->body);
  free(r->cur);
  r->body = NULL;
  r->cur = NULL;
}
