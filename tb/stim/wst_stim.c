/*
** wst_stim.c -- stimulus for block 'wst'.
**
** random:   warps launched in a random order, exiting and relaunching; the
**           saturation flag held for random phases (MP/EP toggling); memory,
**           ready and dependence bits per warp; the re-execution queue's head
**           and the memory-ready-queue-empty flag; issue accepts.  Run with
**           'cosim --coverage' to see how often mode, owner and picks changed.
** directed: W = 4 (the 'small' preset): one line per cycle, the rule it
**           exercises, and the outputs expected on the next cycle, worked out
**           by hand from thesis 4.3.1 / 4.3.4 (not by the model).
*/
#include "wst_io.h"
#include "stim.h"

#include <stdio.h>
#include <string.h>

static uint32_t idmask(int64_t w) { uint32_t b = 1; while (((int64_t)1 << b) < w) b++; return (1u << b) - 1; }

/* ---------------------------------------------------------------- random */
typedef struct wst_rand {
  wst_params p;
  uint64_t   rng, wmask, valid;
  uint32_t   idm, sat, hold;
  unsigned   k_mem, k_ready, k_dep;
  int        next_launch;          /* warps launched in order at the start */
  uint32_t   order[64];
} wst_rand;

static int rand_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)msg; (void)n;
  wst_rand *r = vs;
  memset(r, 0, sizeof *r);
  r->p = *(const wst_params *)vp;
  r->rng = seed;
  r->wmask = r->p.W == 64 ? ~(uint64_t)0 : (((uint64_t)1 << r->p.W) - 1);
  r->idm = idmask(r->p.W);
  for (int i = 0; i < (int)r->p.W; i++) r->order[i] = (uint32_t)i;
  for (int i = (int)r->p.W - 1; i > 0; i--) {   /* a random launch order */
    uint32_t j = wg_rand_below(&r->rng, (uint32_t)i + 1), t = r->order[i];
    r->order[i] = r->order[j]; r->order[j] = t;
  }
  r->k_mem = 4; r->k_ready = 7; r->k_dep = 1;
  return 0;
}

static void rand_next(void *vs, uint64_t cycle, void *vin) {
  wst_rand *r = vs;
  wst_in *in = vin;
  memset(in, 0, sizeof *in);
  in->rst = cycle == 0 || wg_rand_below(&r->rng, 1u << 18) == 0;
  if (in->rst) { r->valid = 0; r->next_launch = 0; r->sat = 0; }
  if (r->next_launch < (int)r->p.W && !in->rst) {
    uint32_t w = r->order[r->next_launch++];
    in->launch = 1; in->launch_warp = w;
    r->valid |= (uint64_t)1 << w;
  } else if (!in->rst && wg_rand_below(&r->rng, 48) == 0) {   /* a warp exits or is relaunched */
    uint32_t w = wg_rand_below(&r->rng, (uint32_t)r->p.W);
    if (r->valid >> w & 1) r->valid &= ~((uint64_t)1 << w);
    else { in->launch = 1; in->launch_warp = w; r->valid |= (uint64_t)1 << w; }
  } else if (wg_rand_below(&r->rng, 256) == 0) {   /* out-of-range ids are harmless */
    in->launch = 1; in->launch_warp = wg_rand_below(&r->rng, r->idm + 1);
  }
  if (r->hold == 0) {   /* saturation phases; regimes change with them */
    r->sat ^= 1;
    r->hold = 1 + wg_rand_below(&r->rng, 64);
    r->k_mem = 1 + wg_rand_below(&r->rng, 7);
    r->k_ready = 4 + wg_rand_below(&r->rng, 5);
    r->k_dep = wg_rand_below(&r->rng, 3);
  }
  r->hold--;
  in->warp_valid = r->valid & r->wmask;
  in->sat = r->sat;
  in->mem_next = wg_rand_bits8(&r->rng, r->k_mem) & r->wmask;
  in->ready = wg_rand_bits8(&r->rng, r->k_ready) & r->wmask;
  in->dep_ll = wg_rand_bits8(&r->rng, r->k_dep) & r->wmask;
  in->mrq_empty = wg_rand_below(&r->rng, 4) == 0;
  in->rexq_valid = wg_rand_below(&r->rng, 2);
  in->rexq_warp = wg_rand_below(&r->rng, 16) == 0 ? wg_rand_below(&r->rng, r->idm + 1)
                                                  : wg_rand_below(&r->rng, (uint32_t)r->p.W);
  in->alu_issue = wg_rand_below(&r->rng, 8) != 0;
  in->mem_issue = wg_rand_below(&r->rng, 8) != 0;
}

static uint64_t no_length(const void *s) { (void)s; return 0; }

const wg_stim_ops wst_random_stim = {"wst", "random", sizeof(wst_rand), rand_init, rand_next, NULL, no_length};

/* -------------------------------------------------------------- directed */
typedef struct wst_step {
  int launch, lw, valid, mem, ready, dep, sat, mrqe, rqv, rqw, ai, mi;   /* inputs this cycle */
  int mode, ov, own, stall, av, aw, mv, mw, mf;                          /* next cycle; -1: don't care */
  const char *rule;
} wst_step;

#define X (-1)
static const wst_step steps[] = {
/* L lw valid mem ready dep sat mrqe rqv rqw ai mi | mode ov own stall av aw mv mw mf */
  {1, 3, 0x8, 0, 0xF, 0, 0, 0, 0, 0, 0, 0,   0, 0, X, 0x0, X, X, X, X, X, "launch warp 3 first"},
  {1, 1, 0xA, 0, 0xF, 0, 0, 0, 0, 0, 0, 0,   0, 0, X, 0x0, X, X, X, X, X, "then warp 1"},
  {1, 2, 0xE, 0, 0xF, 0, 0, 0, 0, 0, 0, 0,   0, 0, X, 0x0, X, X, X, X, X, "then warp 2"},
  {1, 0, 0xF, 0, 0xF, 0, 0, 0, 0, 0, 0, 0,   0, 0, X, 0x0, 1, 3, 0, X, 1, "then warp 0: the oldest is warp 3 (launch order, not the slot number)"},
  {0, 0, 0xF, 0, 0x1, 0, 0, 0, 0, 0, 0, 0,   0, 0, X, 0xE, 1, 0, 0, X, 1, "operands not ready stall warps 1-3 (scoreboard half of the stall bit)"},
  {0, 0, 0xF, 0, 0xF, 0, 0, 0, 0, 0, 1, 0,   0, 0, X, 0x0, 1, 0, 0, X, 1, "EP greedy: warp 0 issued and stays picked though warp 3 is older"},
  {0, 0, 0xF, 0x6, 0xF, 0, 0, 0, 0, 0, 0, 0, 0, 0, X, 0x0, 1, 0, 1, 1, 1, "EP: memory first; oldest memory warp is 1 (launched before 2)"},
  {0, 0, 0xF, 0x6, 0xF, 0, 0, 0, 0, 0, 0, 1, 0, 0, X, 0x0, 1, 0, 1, 1, 1, "EP greedy on the memory side: warp 1 again"},
  {0, 0, 0xF, 0x6, 0xF, 0, 1, 0, 0, 0, 0, 0, 1, 0, X, 0x0, 1, 3, 1, 1, 0, "saturation: MP mode, compute first, oldest (3, not greedy 0); no owner yet, nobody held"},
  {0, 0, 0xF, 0x6, 0xF, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0x4, 1, 3, 1, 1, 0, "the first memory warp to issue in MP (1) becomes the owner; warp 2 is held"},
  {0, 0, 0xF, 0x4, 0xF, 0x2, 1, 0, 0, 0, 0, 0, 1, 0, X, 0x0, 1, 3, 1, 2, 0, "the owner reaches a dependent instruction: it relinquishes, all stall bits reset"},
  {0, 0, 0xF, 0x4, 0xF, 0, 1, 0, 0, 0, 0, 1,  1, 1, 2, 0x0, X, X, 1, 2, 0, "MP still holds: the next memory warp (2) takes ownership"},
  {0, 0, 0xF, 0x4, 0xF, 0x4, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0x4, X, X, X, X, 0, "relinquish with the memory-ready queue empty: the re-execution queue's head warp (0) owns"},
  {0, 0, 0xF, 0x6, 0xF, 0, 0, 0, 0, 0, 0, 0,  0, 0, X, 0x0, X, X, 1, X, 1, "MP -> EP: no owner, every stall bit cleared"},
  {0, 0, 0xF, 0x6, 0xF, 0, 1, 0, 0, 0, 0, 0,  1, 0, X, 0x0, X, X, 1, 1, 0, "back to MP, no owner"},
  {0, 0, 0xF, 0x6, 0xF, 0, 1, 0, 0, 0, 0, 1,  1, 1, 1, 0x4, X, X, X, X, 0, "warp 1 issues and owns"},
  {0, 0, 0xD, 0x6, 0xF, 0, 1, 0, 0, 0, 0, 0,  1, 0, X, 0x0, X, X, X, X, 0, "the owner exits: ownership is released"},
  {0, 0, 0xF, 0x6, 0xF, 0, 1, 1, 1, 3, 0, 0,  1, 1, 3, 0x6, X, X, X, X, 0, "ownerless in MP with no memory-ready warp queued: the queue's head warp (3) owns"},
  {0, 0, 0xF, 0x6, 0xF, 0, 1, 0, 0, 0, 0, 0,  1, 1, 3, X, X, X, X, X, 0, "(idle)"},
};
#undef X
#define N_STEPS ((int)(sizeof steps / sizeof steps[0]))

typedef struct wst_dir { wst_params p; } wst_dir;

static int dir_init(void *vs, const void *vp, uint64_t seed, char *msg, size_t n) {
  (void)seed;
  wst_dir *d = vs;
  d->p = *(const wst_params *)vp;
  if (d->p.W != 4) { snprintf(msg, n, "the wst directed table is for W = 4 (use --preset small)"); return 1; }
  return 0;
}

static void dir_next(void *vs, uint64_t cycle, void *vin) {
  (void)vs;
  wst_in *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle == 0) { in->rst = 1; return; }
  const wst_step *s = &steps[cycle - 1 < (uint64_t)N_STEPS ? cycle - 1 : N_STEPS - 1];
  in->launch = (uint32_t)s->launch; in->launch_warp = (uint32_t)s->lw;
  in->warp_valid = (uint64_t)s->valid; in->mem_next = (uint64_t)s->mem; in->ready = (uint64_t)s->ready;
  in->dep_ll = (uint64_t)s->dep; in->sat = (uint32_t)s->sat; in->mrq_empty = (uint32_t)s->mrqe;
  in->rexq_valid = (uint32_t)s->rqv; in->rexq_warp = (uint32_t)s->rqw;
  in->alu_issue = (uint32_t)s->ai; in->mem_issue = (uint32_t)s->mi;
}

static int dir_check(void *vs, uint64_t cycle, const void *vout, char *msg, size_t n) {
  (void)vs;
  const wst_out *o = vout;
  if (cycle < 2 || cycle > (uint64_t)N_STEPS) return 0;
  const wst_step *s = &steps[cycle - 2];
  struct { const char *name; int want; uint64_t got; } f[] = {
    {"mode_mp", s->mode, o->mode_mp}, {"owner_valid", s->ov, o->owner_valid},
    {"owner", s->ov == 1 ? s->own : -1, o->owner}, {"wst_stall", s->stall, o->wst_stall},
    {"alu_valid", s->av, o->alu_valid}, {"alu_warp", s->av == 1 ? s->aw : -1, o->alu_warp},
    {"mem_valid", s->mv, o->mem_valid}, {"mem_warp", s->mv == 1 ? s->mw : -1, o->mem_warp},
    {"mem_first", s->mf, o->mem_first},
  };
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    if (wg_expect(msg, n, cycle - 1, s->rule, f[i].name, (int64_t)f[i].got, f[i].want, -1)) return 1;   /* -1: not checked */
  return 0;
}

static uint64_t dir_length(const void *vs) { (void)vs; return (uint64_t)N_STEPS + 1; }

const wg_stim_ops wst_directed_stim = {"wst", "directed", sizeof(wst_dir), dir_init, dir_next, dir_check, dir_length};
