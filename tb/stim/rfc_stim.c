/*
** rfc_stim.c -- stimulus for block 'rfc' (Gebhart's register-file cache).
**
** random:   "regimes" redrawn every 16..256 cycles choose the register pool
**           (from fewer registers than entries -- hits -- to all 2^REG_BITS --
**           evictions), how many slots are in use, how often results are
**           written, are full-mask, long-latency (bypass) or of warps not
**           active, how often operands carry the last-read bit, and how often
**           a slot is flushed (demotion) or killed (exit).  Data is random.
**           Rare resets.  The check callback counts read hits and misses,
**           live evictions written back, victims dropped dead or empty, flush
**           write-backs and the MRF requests, printed at 10^k and 5x10^k
**           cycles; after 100,000 cycles it fails if there was no eviction,
**           no flush write-back or no hit.
** directed: one scenario, outputs written by hand from the paper's rules
**           (3.1, 3.2, 3.3), for ENTRIES >= 3, ACTIVE >= 2,
**           THREADS >= 2, REG_BITS >= 3 (registers r1..rE+3 need E+4 ids):
**           H. read miss (an MRF read), allocate, read hit with the value;
**           F. FIFO victim: after E allocations the oldest entry is the
**              victim, its live value written back (ev_reg, ev_data);
**           D. a value read with its last-read bit is dead: evicting it
**              writes nothing back;
**           W. a divergent write to a cached register updates it in place
**              (merged lanes); a duplicate operand is read once; a
**              long-latency result bypasses to the MRF and invalidates the
**              cached copy; a partial write that misses and a result of a
**              warp not active go to the MRF;
**           L. flush on demotion: exactly the live entries of the slot are
**              written back (dead and invalid ones not), the slot is empty
**              afterwards; a flush at exit (kill) writes nothing back.
*/
#include "rfc_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

#define RF_WORDS ((int)(sizeof(((rfc_in *)0)->wr_data) / sizeof(uint32_t)))

typedef struct rf_dims { int A, E, T, DB, RB, AB, DW, words; uint32_t last_mask, tmask; } rf_dims;

static int rf_clog2(int64_t v) { int n = 1; while (v > 2 && ((int64_t)1 << n) < v) n++; return n; }

static void rf_dims_of(rf_dims *d, const rfc_params *p) {
  d->A = (int)p->ACTIVE; d->E = (int)p->ENTRIES; d->T = (int)p->THREADS;
  d->DB = (int)p->DATA_BITS; d->RB = (int)p->REG_BITS; d->AB = rf_clog2(p->ACTIVE);
  d->DW = d->T * d->DB; d->words = (d->DW + 31) / 32;
  int r = d->DW - 32 * (d->words - 1);
  d->last_mask = r >= 32 ? ~0u : (1u << r) - 1;
  d->tmask = d->T >= 32 ? ~0u : (1u << d->T) - 1;
}

/* ---------------------------------------------------------------- random */
typedef struct rf_rand {
  rf_dims  d;
  uint64_t rng, left;
  uint32_t pool, slots;
  unsigned k_rd, k_use, k_last, k_wr, k_full, k_byp, k_act, k_fl, k_kill;
  uint64_t hits, misses, evicts, drops, flushwb, flushes, mrf_rd, mrf_wr, wr_hits;
} rf_rand;


static void rf_regime(rf_rand *r) {
  uint32_t ids = 1u << r->d.RB;
  r->left = 16 + wg_rand_below(&r->rng, 241);
  switch (wg_rand_below(&r->rng, 4)) {
  case 0: r->pool = (uint32_t)r->d.E > 1 ? (uint32_t)r->d.E - 1 : 1; break;   /* fits: hits */
  case 1: r->pool = (uint32_t)r->d.E + 1 + wg_rand_below(&r->rng, 3); break;  /* just too many: FIFO churn */
  default: r->pool = ids;
  }
  if (r->pool > ids) r->pool = ids;
  r->slots = wg_rand_below(&r->rng, 2) ? 1 + wg_rand_below(&r->rng, (uint32_t)r->d.A) : 1u << r->d.AB;
  r->k_rd = wg_rand_in(&r->rng, 2, 8); r->k_use = wg_rand_in(&r->rng, 3, 8); r->k_last = wg_rand_in(&r->rng, 0, 5);
  r->k_wr = wg_rand_in(&r->rng, 3, 8); r->k_full = wg_rand_in(&r->rng, 5, 8); r->k_byp = wg_rand_in(&r->rng, 0, 2);
  r->k_act = wg_rand_in(&r->rng, 6, 8); r->k_fl = wg_rand_below(&r->rng, 3) ? 1 : wg_rand_in(&r->rng, 0, 3); r->k_kill = wg_rand_in(&r->rng, 0, 3);
}

static int rf_rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  rf_rand *r = vs;
  memset(r, 0, sizeof *r);
  rf_dims_of(&r->d, vp);
  r->rng = seed;
  rf_regime(r);
  return 0;
}

static void rf_rand_next(void *vs, uint64_t cycle, void *vin) {
  rf_rand *r = vs;
  rfc_in *in = vin;
  if (--r->left == 0) rf_regime(r);
  memset(in, 0, sizeof *in);
  uint32_t smask = (1u << r->d.AB) - 1;
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 16) == 0;
  in->rd_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_rd);
  in->rd_slot = wg_rand_below(&r->rng, r->slots) & smask;
  for (int k = 0; k < 3; k++) {
    in->rd_use |= (uint32_t)wg_rand_k8(&r->rng, r->k_use) << k;
    in->rd_last |= (uint32_t)wg_rand_k8(&r->rng, r->k_last) << k;
    in->rd_reg |= wg_rand_below(&r->rng, r->pool) << (k * r->d.RB);
  }
  in->wr_valid = (uint32_t)wg_rand_k8(&r->rng, r->k_wr);
  in->wr_active = (uint32_t)wg_rand_k8(&r->rng, r->k_act);
  in->wr_slot = wg_rand_below(&r->rng, r->slots) & smask;
  in->wr_reg = wg_rand_below(&r->rng, r->pool);
  in->wr_bypass = (uint32_t)wg_rand_k8(&r->rng, r->k_byp);
  in->wr_mask = wg_rand_k8(&r->rng, r->k_full) ? r->d.tmask : (uint32_t)wg_rand(&r->rng) & r->d.tmask;
  for (int w = 0; w < r->d.words; w++)
    in->wr_data[w] = (uint32_t)wg_rand(&r->rng) & (w == r->d.words - 1 ? r->d.last_mask : ~0u);
  in->fl_valid = wg_rand_below(&r->rng, 32) < r->k_fl;
  in->fl_slot = wg_rand_below(&r->rng, r->slots) & smask;
  in->fl_kill = (uint32_t)wg_rand_k8(&r->rng, r->k_kill);
}

static int rf_rand_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  rf_rand *r = vs;
  const rfc_out *o = vout;
  for (int k = 0; k < 3; k++) r->hits += o->rd_hit >> k & 1;
  r->misses += o->mrf_rd_n;
  r->evicts += o->ev_wb;
  r->drops += o->wr_alloc && !o->ev_wb;
  r->wr_hits += o->wr_hit;
  r->flushwb += (uint64_t)__builtin_popcount(o->fl_wb);
  r->flushes += o->fl_wb != 0;
  r->mrf_rd += o->mrf_rd_n;
  r->mrf_wr += o->mrf_wr_n;
  uint64_t c = cycle + 1;
  if (wg_stim_report_due(c))
    fprintf(stderr, "rfc random coverage, %llu cycles: %llu operand hits, %llu MRF reads; %llu write hits; "
            "%llu evictions written back, %llu victims dead or empty; %llu flushes wrote back %llu values; "
            "%llu MRF writes in all\n",
            (unsigned long long)c, (unsigned long long)r->hits, (unsigned long long)r->mrf_rd,
            (unsigned long long)r->wr_hits, (unsigned long long)r->evicts, (unsigned long long)r->drops,
            (unsigned long long)r->flushes, (unsigned long long)r->flushwb, (unsigned long long)r->mrf_wr);
  if (c == 100000 && (!r->evicts || !r->flushwb || !r->hits || !r->drops)) {
    snprintf(msg, n, "random stimulus: in 100000 cycles %llu evictions, %llu flush write-backs, %llu hits, %llu dead/empty victims "
             "(the stimulus is broken for this parameter set)", (unsigned long long)r->evicts,
             (unsigned long long)r->flushwb, (unsigned long long)r->hits, (unsigned long long)r->drops);
    return 1;
  }
  return 0;
}

const wg_stim_ops rfc_random_stim = {"rfc", "random", sizeof(rf_rand), rf_rand_init,
                                     rf_rand_next, rf_rand_check, wg_stim_unbounded};

/* -------------------------------------------------------------- directed */
#define RF_MAX_STEPS 64
#define RF_X (-1)

/* One cycle.  A value is named by its register and a version; its data is a
** fixed function of the two.  A merged value (partial write) is named by two
** versions: lane 0 from 'ver', the other lanes from 'ver2'. */
typedef struct rf_step {
  int8_t rst;
  int8_t rd, rslot, use, last, reg[3];
  int8_t wr, wact, wslot, wreg, wver, byp, partial;
  int8_t fl, fslot, kill;
  /* expected (RF_X: don't care) */
  int8_t hit, mrf_rd, d0reg, d0ver, d0ver2;      /* d0reg: operand 0's value (RF_X: not checked) */
  int8_t wr_hit, alloc, wr_mrf, ev, evreg, evver;
  int16_t flwb;                                   /* fl_wb mask */
  int8_t mrf_wr_n;
  const char *what;
} rf_step;

typedef struct rf_dir { rf_dims d; int n; rf_step s[RF_MAX_STEPS]; } rf_dir;

static uint32_t rf_lane(int reg, int ver, int t, int db) {
  uint64_t x = (uint64_t)(reg * 131 + ver * 17 + t * 7 + 1) * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 29;
  return (uint32_t)x & (db >= 32 ? ~0u : (1u << db) - 1);
}
static void rf_value(const rf_dims *d, int reg, int ver, int ver2, uint32_t *v) {
  memset(v, 0, sizeof(uint32_t) * RF_WORDS);
  for (int t = 0; t < d->T; t++) {
    uint32_t x = rf_lane(reg, t == 0 || ver2 < 0 ? ver : ver2, t, d->DB);
    for (int b = 0; b < d->DB; b++) { int bit = t * d->DB + b; if (x >> b & 1) v[bit / 32] |= 1u << (bit % 32); }
  }
}

static rf_step *rf_add(rf_dir *d, const char *what) {
  rf_step *s = wg_dir_step(d->s, &d->n, RF_MAX_STEPS, sizeof *s);
  s->hit = s->mrf_rd = s->d0reg = s->d0ver = RF_X; s->d0ver2 = -1;
  s->wr_hit = s->alloc = s->wr_mrf = s->ev = s->evreg = s->evver = RF_X;
  s->flwb = RF_X; s->mrf_wr_n = RF_X;
  s->what = what;
  return s;
}
static void rf_read(rf_step *s, int slot, int r0, int r1, int r2, int last) {
  s->rd = 1; s->rslot = (int8_t)slot; s->last = (int8_t)last;
  s->reg[0] = (int8_t)r0; s->reg[1] = (int8_t)r1; s->reg[2] = (int8_t)r2;
  s->use = (int8_t)((r0 >= 0) | (r1 >= 0) << 1 | (r2 >= 0) << 2);
}
static void rf_write(rf_step *s, int slot, int reg, int ver) {
  s->wr = 1; s->wact = 1; s->wslot = (int8_t)slot; s->wreg = (int8_t)reg; s->wver = (int8_t)ver;
}
/* expected write outcome: 'a' allocated, 'h' hit in place, 'm' to the MRF; ev: reg/ver written back, or -1 */
static void rf_wexp(rf_step *s, char how, int evreg, int evver) {
  s->wr_hit = how == 'h'; s->alloc = how == 'a'; s->wr_mrf = how == 'm';
  s->ev = evreg >= 0; s->evreg = (int8_t)(evreg >= 0 ? evreg : 0); s->evver = (int8_t)evver;
}

static void rf_scenario(rf_dir *d) {
  const int E = d->d.E;
  rf_step *s = rf_add(d, "reset");
  s->rst = 1;
  /* H */
  s = rf_add(d, "H: read r1: a miss, one MRF read");
  rf_read(s, 0, 1, -1, -1, 0); s->hit = 0; s->mrf_rd = 1; s->mrf_wr_n = 0;
  s = rf_add(d, "H: the result r1 (v1) is allocated (every result is, 3.1); entry 0, empty: nothing written back");
  rf_write(s, 0, 1, 1); rf_wexp(s, 'a', -1, 0); s->mrf_wr_n = 0;
  s = rf_add(d, "H: read r1: a hit, the value from the RFC, no MRF read");
  rf_read(s, 0, 1, -1, -1, 0); s->hit = 1; s->mrf_rd = 0; s->d0reg = 1; s->d0ver = 1;
  /* F */
  for (int r = 2; r <= E; r++) {
    s = rf_add(d, "F: results r2..rE fill the slot's other entries, nothing evicted");
    rf_write(s, 0, r, 1); rf_wexp(s, 'a', -1, 0); s->mrf_wr_n = 0;
  }
  s = rf_add(d, "F: the slot is full: result rE+1 takes the FIFO victim, the oldest entry (r1, live): r1 written back");
  rf_write(s, 0, E + 1, 1); rf_wexp(s, 'a', 1, 1); s->mrf_wr_n = 1;
  s = rf_add(d, "F: r1 was evicted: a miss; r2 and rE+1 hit");
  rf_read(s, 0, 1, 2, E + 1, 0); s->hit = 6; s->mrf_rd = 1;
  /* D */
  s = rf_add(d, "D: r2 read with its last-read bit: a hit, the value is now dead");
  rf_read(s, 0, 2, -1, -1, 1); s->hit = 1; s->mrf_rd = 0; s->d0reg = 2; s->d0ver = 1;
  s = rf_add(d, "D: result rE+2 takes the next victim, r2's entry: dead, so nothing is written back");
  rf_write(s, 0, E + 2, 1); rf_wexp(s, 'a', -1, 0); s->mrf_wr_n = 0;
  s = rf_add(d, "D: rE+3 takes r3's entry; r3 is live (read without the bit): written back");
  rf_write(s, 0, E + 3, 1); rf_wexp(s, 'a', 3, 1); s->mrf_wr_n = 1;
  /* W */
  s = rf_add(d, "W: a divergent result for the cached rE+1 (lane 0 only, v2): updated in place, no allocation, no MRF write");
  rf_write(s, 0, E + 1, 2); s->partial = 1; rf_wexp(s, 'h', -1, 0); s->mrf_wr_n = 0;
  s = rf_add(d, "W: read rE+1, rE+1, r1: lane 0 new, the others old; the duplicate operand is not read again; r1 misses");
  rf_read(s, 0, E + 1, E + 1, 1, 0); s->hit = 3; s->mrf_rd = 4; s->d0reg = (int8_t)(E + 1); s->d0ver = 2; s->d0ver2 = 1;
  s = rf_add(d, "W: a long-latency result for rE+2 bypasses to the MRF (3.3) and invalidates the cached copy");
  rf_write(s, 0, E + 2, 2); s->byp = 1; rf_wexp(s, 'm', -1, 0); s->mrf_wr_n = 1;
  s = rf_add(d, "W: rE+2 now misses (the MRF has the new value)");
  rf_read(s, 0, E + 2, -1, -1, 0); s->hit = 0; s->mrf_rd = 1;
  s = rf_add(d, "W: a divergent result for the uncached r1 goes around the RFC to the MRF");
  rf_write(s, 0, 1, 3); s->partial = 1; rf_wexp(s, 'm', -1, 0); s->mrf_wr_n = 1;
  s = rf_add(d, "W: a result of a warp not active goes to the MRF");
  rf_write(s, 1, 1, 3); s->wact = 0; rf_wexp(s, 'm', -1, 0); s->mrf_wr_n = 1;
  /* L: slot 0 now holds, by entry: e0 rE+1 (live), e1 rE+2 (invalid), e2 rE+3 (live), e3.. r4..rE (live) */
  s = rf_add(d, "L: rE+3 read with its last-read bit and slot 0 flushed in the same cycle (demotion): "
                "rE+1 and r4..rE written back, rE+3 (dead) and rE+2 (invalid) not");
  rf_read(s, 0, E + 3, -1, -1, 1); s->hit = 1; s->fl = 1; s->fslot = 0;
  s->flwb = (int16_t)(((1 << E) - 1) & ~6); s->mrf_wr_n = (int8_t)(E - 2);
  s = rf_add(d, "L: the flushed slot is empty: rE+1 misses");
  rf_read(s, 0, E + 1, -1, -1, 0); s->hit = 0; s->mrf_rd = 1; s->mrf_wr_n = 0;
  s = rf_add(d, "L: the promoted warp's slot starts at entry 0 again: r1 allocated, nothing evicted");
  rf_write(s, 0, 1, 4); rf_wexp(s, 'a', -1, 0);
  s = rf_add(d, "L: slot 1 gets r2 and r3");
  rf_write(s, 1, 2, 5); rf_wexp(s, 'a', -1, 0);
  s = rf_add(d, "L: ...");
  rf_write(s, 1, 3, 5); rf_wexp(s, 'a', -1, 0);
  s = rf_add(d, "L: slot 1's warp exits (kill): nothing written back; slot 0 untouched");
  s->fl = 1; s->fslot = 1; s->kill = 1; s->flwb = 0; s->mrf_wr_n = 0;
  s = rf_add(d, "L: slot 1 empty (r2 misses); slot 0 still has r1 (v4)");
  rf_read(s, 0, 1, -1, -1, 0); s->hit = 1; s->d0reg = 1; s->d0ver = 4;
  s = rf_add(d, "L: ...");
  rf_read(s, 1, 2, -1, -1, 0); s->hit = 0; s->mrf_rd = 1;
  s = rf_add(d, "L: a flush of slot 0 with a result for it in the same cycle: the result is allocated, then written back with r1");
  rf_write(s, 0, 5 <= E ? E + 2 : E + 2, 6); rf_wexp(s, 'a', -1, 0); s->fl = 1; s->fslot = 0; s->flwb = 3; s->mrf_wr_n = 2;
}

static int rf_dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  rf_dir *d = vs;
  memset(d, 0, sizeof *d);
  rf_dims_of(&d->d, vp);
  if (d->d.E < 3 || d->d.A < 2 || d->d.T < 2 || (1 << d->d.RB) < d->d.E + 4) {
    snprintf(msg, n, "the rfc directed scenario needs ENTRIES >= 3, ACTIVE >= 2, THREADS >= 2 and 2^REG_BITS >= ENTRIES + 4 "
             "(use --preset gebhart or small)");
    return 1;
  }
  rf_scenario(d);
  if (wg_dir_overflow(msg, n, "rfc", d->n, RF_MAX_STEPS)) return 1;
  return 0;
}

static void rf_dir_next(void *vs, uint64_t cycle, void *vin) {
  rf_dir *d = vs;
  rfc_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle >= (uint64_t)d->n) return;
  const rf_step *s = &d->s[cycle];
  in->rst = (uint32_t)s->rst;
  in->rd_valid = (uint32_t)s->rd;
  in->rd_slot = (uint32_t)s->rslot;
  in->rd_use = (uint32_t)s->use;
  in->rd_last = s->last ? (uint32_t)s->use : 0;
  for (int k = 0; k < 3; k++)
    if (s->reg[k] > 0) in->rd_reg |= (uint32_t)s->reg[k] << (k * d->d.RB);
  in->wr_valid = (uint32_t)s->wr;
  in->wr_active = (uint32_t)s->wact;
  in->wr_slot = (uint32_t)s->wslot;
  in->wr_reg = (uint32_t)s->wreg;
  in->wr_bypass = (uint32_t)s->byp;
  in->wr_mask = s->partial ? 1u : d->d.tmask;
  if (s->wr) rf_value(&d->d, s->wreg, s->wver, -1, in->wr_data);
  in->fl_valid = (uint32_t)s->fl;
  in->fl_slot = (uint32_t)s->fslot;
  in->fl_kill = (uint32_t)s->kill;
}

#define RF_EXPECT(field, got) WG_EXPECT(s, field, got, RF_X)

static int rf_dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  rf_dir *d = vs;
  const rfc_out *o = vout;
  if (cycle >= (uint64_t)d->n) return 0;
  const rf_step *s = &d->s[cycle];
  if (s->rst) return 0;
  RF_EXPECT(hit, o->rd_hit);
  RF_EXPECT(mrf_rd, o->mrf_rd);
  RF_EXPECT(wr_hit, o->wr_hit);
  RF_EXPECT(alloc, o->wr_alloc);
  RF_EXPECT(wr_mrf, o->wr_mrf);
  RF_EXPECT(ev, o->ev_wb);
  RF_EXPECT(flwb, o->fl_wb);
  RF_EXPECT(mrf_wr_n, o->mrf_wr_n);
  if (s->ev == 1) RF_EXPECT(evreg, o->ev_reg);
  uint32_t v[RF_WORDS];
  if (s->ev == 1) {
    rf_value(&d->d, s->evreg, s->evver, -1, v);
    if (memcmp(v, o->ev_data, sizeof v)) {
      snprintf(msg, n, "step %llu (%s): ev_data is not r%d v%d", (unsigned long long)cycle, s->what, s->evreg, s->evver);
      return 1;
    }
  }
  if (s->d0reg != RF_X) {
    rf_value(&d->d, s->d0reg, s->d0ver, s->d0ver2, v);
    if (memcmp(v, o->rd_data0, sizeof v)) {
      snprintf(msg, n, "step %llu (%s): rd_data0 is not r%d v%d", (unsigned long long)cycle, s->what, s->d0reg, s->d0ver);
      return 1;
    }
  }
  return 0;
}

static uint64_t rf_dir_length(const void *vs) { return (uint64_t)((const rf_dir *)vs)->n; }

const wg_stim_ops rfc_directed_stim = {"rfc", "directed", sizeof(rf_dir), rf_dir_init,
                                       rf_dir_next, rf_dir_check, rf_dir_length};
