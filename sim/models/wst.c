/*
** wst.c -- C reference model of block 'wst' (see wst.h and docs/blocks/wst.md).
** Its twin is gen/blocks/mascar.c; the lockstep harness holds them to every
** output bit.
*/
#include "wst.h"
#include "models.h"

#include <string.h>

static uint32_t id_mask(int64_t w) { uint32_t b = 1; while (((int64_t)1 << b) < w) b++; return (1u << b) - 1; }

int wst_init(wst_model *m, const wst_params *p) {
  /* the descriptor's ranges (wst_io.h) */
  if (wst_params_check(p, NULL, 0)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->warp_mask = p->W == 64 ? ~(uint64_t)0 : (((uint64_t)1 << p->W) - 1);
  wst_reset(m);
  return 0;
}

void wst_reset(wst_model *m) {
  int w = (int)m->p.W;
  m->mode_mp = m->owner_valid = m->owner = 0;
  m->wst_mem = m->wst_stall = 0;
  for (int i = 0; i < w; i++)   /* slot order until warps are launched */
    m->older[i] = m->warp_mask & ~(((uint64_t)2 << i) - 1);
  m->greedy_valid[0] = m->greedy_valid[1] = 0;
  m->greedy[0] = m->greedy[1] = 0;
}

int wst_oldest(const wst_model *m, uint64_t set) {
  set &= m->warp_mask;
  for (uint64_t s = set; s; s &= s - 1) {     /* the members in slot order */
    int i = __builtin_ctzll(s);
    if ((set & ~m->older[i] & ~((uint64_t)1 << i)) == 0) return i;
  }
  return -1;
}

/* Greedy-then-oldest (EP) or oldest (MP) pick of one group; -1 if none. */
static int pick(const wst_model *m, uint64_t set, int group) {
  if (!m->mode_mp && m->greedy_valid[group] && (set >> m->greedy[group] & 1)) return (int)m->greedy[group];
  return wst_oldest(m, set);
}

typedef struct picks { int alu, mem; } picks;

static picks picks_of(const wst_model *m, const wst_in *in) {
  uint64_t eligible = in->warp_valid & m->warp_mask & ~m->wst_stall;
  picks k = {pick(m, eligible & ~m->wst_mem, 0), pick(m, eligible & m->wst_mem, 1)};
  return k;
}

void wst_eval(const wst_model *m, const wst_in *in, wst_out *out) {
  picks k = picks_of(m, in);
  out->mode_mp = m->mode_mp;
  out->owner_valid = m->owner_valid;
  out->owner = m->owner;
  out->wst_mem = m->wst_mem;
  out->wst_stall = m->wst_stall;
  out->alu_valid = k.alu >= 0;
  out->alu_warp = k.alu >= 0 ? (uint32_t)k.alu : 0;
  out->mem_valid = k.mem >= 0;
  out->mem_warp = k.mem >= 0 ? (uint32_t)k.mem : 0;
  out->mem_first = !m->mode_mp;
}

void wst_tick(wst_model *m, const wst_in *in) {
  if (in->rst & 1) { wst_reset(m); return; }
  uint32_t idm = id_mask(m->p.W);
  picks k = picks_of(m, in);
  uint32_t sat = in->sat & 1;
  /* Warp Readiness Checker */
  int relinquish = m->owner_valid &&
                   ((in->dep_ll >> m->owner & 1) || !(in->warp_valid >> m->owner & 1));
  int owner_free = sat && (!m->owner_valid || relinquish);
  int handover = owner_free && (in->mrq_empty & 1) && (in->rexq_valid & 1);
  int acquire = owner_free && !handover && m->mode_mp && (in->mem_issue & 1) && k.mem >= 0;
  uint32_t nvalid = m->owner_valid && !relinquish, nowner = m->owner;
  if (handover) { nvalid = 1; nowner = in->rexq_warp & idm; }
  else if (acquire) { nvalid = 1; nowner = (uint32_t)k.mem; }
  if (!sat) nvalid = 0;
  uint64_t owner_bit = nowner < 64 ? (uint64_t)1 << nowner : 0;
  uint64_t mascar_stall = (sat && nvalid) ? (in->mem_next & ~owner_bit) : 0;
  /* registers */
  m->mode_mp = sat;
  m->owner_valid = nvalid;
  m->owner = nowner;
  m->wst_mem = in->mem_next & m->warp_mask;
  m->wst_stall = (mascar_stall | ~in->ready) & m->warp_mask;
  if ((in->alu_issue & 1) && k.alu >= 0) { m->greedy_valid[0] = 1; m->greedy[0] = (uint32_t)k.alu; }
  if ((in->mem_issue & 1) && k.mem >= 0) { m->greedy_valid[1] = 1; m->greedy[1] = (uint32_t)k.mem; }
  uint32_t lw = in->launch_warp & idm;
  if ((in->launch & 1) && m->p.W > 1 && lw < (uint32_t)m->p.W) {   /* the launched warp becomes the youngest */
    uint32_t w = lw;
    for (int i = 0; i < (int)m->p.W; i++) {
      if ((uint32_t)i == w) m->older[i] = 0;
      else if (w < 64) m->older[i] |= (uint64_t)1 << w;
    }
  }
}

WG_MODEL_OPS(wst);
