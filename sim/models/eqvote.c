/*
** eqvote.c -- C reference model of block 'eqvote' (see eqvote.h).
*/
#include "eqvote.h"
#include "models.h"

#include <string.h>

int eqvote_init(eqvote_model *m, const eqvote_params *p) {
  /* the descriptor's ranges (eqvote_io.h) */
  if (eqvote_params_check(p, NULL, 0)) return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  eqvote_reset(m);
  return 0;
}

void eqvote_reset(eqvote_model *m) {
  m->level[0] = m->level[1] = EQV_NORMAL;
  m->step[0] = m->step[1] = 0;
}

void eqvote_eval(const eqvote_model *m, const eqvote_in *in, eqvote_out *out) {
  (void)in;
  out->sm_level = m->level[0];
  out->mem_level = m->level[1];
  out->sm_step = m->step[0];
  out->mem_step = m->step[1];
}

int eqvote_decide(const eqvote_params *p, int up, int down, uint32_t level) {
  int n = (int)p->N, keep = n - up - down, go_up, go_down, go_keep;
  if (p->VOTE == 0) {                     /* strict majority of all SMs */
    go_up = 2 * up > n;
    go_down = 2 * down > n;
    go_keep = 2 * keep > n;
  } else {                                /* plurality; ties keep */
    go_up = up > down && up > keep;
    go_down = down > up && down > keep;
    go_keep = keep > up && keep > down;
  }
  if (go_up || (p->MAINTAIN && go_keep && level == EQV_LOW)) return 1;   /* MAINTAIN: keep = toward NORMAL */
  if (go_down || (p->MAINTAIN && go_keep && level == EQV_HIGH)) return -1;
  return 0;
}

static void count(const uint32_t *req, int n, int *up, int *down) {
  *up = *down = 0;
  for (int i = 0; i < n; i++) {
    uint32_t v = (req[i / 16] >> (2 * (i % 16))) & 3;
    *up += v == 1;
    *down += v == 2;
  }
}

void eqvote_tick(eqvote_model *m, const eqvote_in *in) {
  if (in->rst) { eqvote_reset(m); return; }
  const uint32_t *req[2] = {in->sm_req, in->mem_req};
  for (int d = 0; d < 2; d++) {
    int up, down, s = 0;
    if (in->epoch & 1) {
      count(req[d], (int)m->p.N, &up, &down);
      s = eqvote_decide(&m->p, up, down, m->level[d]);
    }
    if (s > 0 && m->level[d] != EQV_HIGH) { m->level[d]++; m->step[d] = 1; }
    else if (s < 0 && m->level[d] != EQV_LOW) { m->level[d]--; m->step[d] = 3; }
    else m->step[d] = 0;
  }
}

WG_MODEL_OPS(eqvote);
