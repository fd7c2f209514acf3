/*
** ws_pf.c -- the L1 prefetcher of each SM (prefetch = apogee | caps): the
** apogee or the caps block in a slot, fed with the loads as the L1 sees them;
** its head takes the L1 port the LSU leaves free and becomes an L1 MSHR
** request whose waiter is the prefetch's tags (bit 15 of the payload set):
**   apogee: last << 14 | entry << 5 | warp   (the block's fill tags)
**   caps:   the destination warp's slot       (eager wake-up, §4.4)
** What warpsim knows of a prefetch's use it learns from the L1 MSHR and the
** L1 tags: a demand load merging into a prefetch's MSHR entry came before the
** data (late); a prefetch's fill marks its L1 line, and the first demand hit
** on a marked line is on time; a marked line evicted or written before any
** use is "evicted unused".  docs/warpsim.md, "APOGEE" and "CAPS".
*/
#include "ws_gpu.h"

#include <string.h>

#define WS_PF_APOGEE_PAYLOAD(entry, warp, last) \
  (WS_PF_BIT | (uint32_t)(last) << 14 | (uint32_t)(entry) << 5 | (uint32_t)(warp))

int ws_pf_init(ws_gpu *g, char *err, size_t n) {
  const ws_config *c = &g->cfg;
  for (int i = 0; i < c->n_sm; i++) {
    char owner[24];
    snprintf(owner, sizeof owner, "SM %d", i);
    ws_slot *sl = &g->sm[i].pf.slot;
    if (c->prefetch == WS_PF_APOGEE) {
      apogee_params ap;
      ws_apogee_params(c, &ap);
      if (WS_SLOT_INIT(sl, apogee, &ap, &g->now, owner, err, n)) return -1;
    } else {
      caps_params cp;
      ws_caps_params(c, &cp);
      if (WS_SLOT_INIT(sl, caps, &cp, &g->now, owner, err, n)) return -1;
    }
  }
  return 0;
}

void ws_pf_free(ws_gpu *g) {
  for (int i = 0; g->sm && i < g->cfg.n_sm; i++) ws_slot_free(&g->sm[i].pf.slot);
}

void ws_pf_placed(ws_gpu *g, ws_sm *s, int cs) {
  /* the reset state has every PerCTA table clear: cycle 0's placements need no launch */
  if (g->cfg.prefetch == WS_PF_CAPS && g->now > 0) ws_warpq_push(&s->pf.launches, cs);
}

/* APOGEE: the load's lanes, its PC and warp, the active warps; the per-load statistics */
static void ws_pf_eval_apogee(ws_gpu *g, ws_sm *s, const ws_pf_load *ld) {
  ws_pf *p = &s->pf;
  apogee_in *in = &p->ai;
  apogee_out *o = &p->ao;
  memset(in, 0, sizeof *in);
  if (ld) {
    ws_lsu *l = ld->lsu;
    const uint64_t *addr = ws_lsu_addr(l);
    in->ld_valid = 1;
    in->ld_pc = (uint32_t)ld->pc & 1023;         /* PC_BITS = 10 */
    in->ld_warp = (uint32_t)ld->slot;
    in->ld_mask = l->active;
    for (int lane = 0; lane < 32; lane++) in->ld_addr[lane] = (uint32_t)addr[lane];   /* ADDR_BITS = 32 */
    in->ld_hit = (uint32_t)ld->hit;
    /* n = the threads of the SM's resident CTAs: their warps, finished ones included (a warp
    ** that finished early does not shorten the others' stride) */
    for (int k = 0; k < g->cfg.ctas_per_sm; k++)
      if (s->ctas[k].live) in->n_warps += (uint32_t)s->ctas[k].warps;
  }
  ws_slot_eval(&p->slot, in, o);   /* no output depends on pf_ready, pf_present or a fill */
  if (ld) p->loads++;
  /* the outputs of a decided load: this cycle's (PIPE = 0), or the one the pipelined block decided
  ** 6 cycles after it was shown (pf_apogee_pipe = 1: reported when it had an entry, ld_dist != 0) */
  if (g->cfg.pf_apogee_pipe ? o->ld_dist != 0 : ld != NULL) p->state[o->ld_state < 3 ? o->ld_state : 0]++;
  if (o->ld_confirmed) {
    p->confirmed++;
    p->dist_sum += o->ld_dist;
    p->dist_last = o->ld_dist;
  }
  p->bursts += o->pf_start;
  p->bursts_dropped += o->pf_drop;
  p->dist_up += o->dist_up;
  p->dist_down += o->dist_down;
  p->tia_fires += o->tia_fire;
}

/* CAPS: the load after the coalescer (its requests in ascending order), a CTA launch; the events */
static void ws_pf_eval_caps(ws_gpu *g, ws_sm *s, const ws_pf_load *ld) {
  ws_pf *p = &s->pf;
  caps_in *in = &p->ci;
  caps_out *o = &p->co;
  memset(in, 0, sizeof *in);
  in->cta_warps = (uint32_t)g->warps_per_cta;
  if (p->launches.count) {                       /* one launch a cycle (the block's port) */
    in->launch = 1;
    in->launch_cta = (uint32_t)ws_warpq_pop(&p->launches);
  }
  if (ld) {
    const ws_lsu *l = ld->lsu;
    const ws_warp *w = &s->warps[ld->slot];
    in->ld_valid = 1;
    in->ld_pc = (uint32_t)ld->pc + 1;            /* PC 0 marks a free entry: instruction i is PC i + 1 */
    in->ld_cta = (uint32_t)w->cta_slot;
    in->ld_warp = (uint32_t)w->warp_in_cta;
    in->ld_n = (uint32_t)l->n_lines;
    if (l->n_lines <= CAPS_REQS_MAX) {           /* more requests: not targeted (the block ignores ld_addr) */
      uint32_t a[CAPS_REQS_MAX];
      int n = l->n_lines;
      for (int i = 0; i < n; i++) a[i] = (uint32_t)(l->lines[i] << g->line_shift);
      for (int i = 1; i < n; i++)                /* ascending, as the block pairs them */
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) { uint32_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t; }
      for (int i = 0; i < n; i++) in->ld_addr[i] = a[i];   /* ADDR_BITS = 32: a word a request */
    }
  }
  ws_slot_eval(&p->slot, in, o);   /* no output depends on pf_ready */
  p->loads += o->ld_target;
  p->confirmed += o->ld_dist_hit;
  p->trig_case1 += o->trig_case1;
  p->trig_case2 += o->trig_case2;
  p->trig_drop += o->trig_drop;
  p->mispred += o->ev_mispred;
  p->throttled += o->ev_throttled;
  p->strides += o->ev_stride;
  p->bursts += o->pf_push;
}

void ws_pf_eval(ws_gpu *g, ws_sm *s, const ws_pf_load *load, int *valid, uint64_t *line, uint32_t *payload) {
  ws_pf *p = &s->pf;
  if (g->cfg.prefetch == WS_PF_APOGEE) {
    ws_pf_eval_apogee(g, s, load);
    *valid = (int)p->ao.pf_valid;
    *line = p->ao.pf_line;                       /* 32-bit byte address >> log2(line_bytes) */
    *payload = WS_PF_APOGEE_PAYLOAD(p->ao.pf_entry, p->ao.pf_warp, p->ao.pf_last);
  } else {
    ws_pf_eval_caps(g, s, load);
    *valid = (int)p->co.pf_valid;
    *line = (uint64_t)p->co.pf_addr >> g->line_shift;
    const ws_cta *cta = &s->ctas[p->co.pf_cta];  /* the destination warp's slot */
    *payload = WS_PF_BIT | (uint32_t)cta->warp_slot[p->co.pf_warp & 31];
  }
}

void ws_pf_taken(ws_gpu *g, ws_sm *s, int present) {
  if (g->cfg.prefetch == WS_PF_APOGEE) {
    s->pf.ai.pf_ready = 1;
    s->pf.ai.pf_present = (uint32_t)present;
  } else s->pf.ci.pf_ready = 1;                   /* a cached line is dropped (§7 choice 5): taken all the same */
  if (present) s->pf.lines_present++;
}

void ws_pf_mshr(ws_gpu *g, ws_sm *s, const mshr_in *in, const mshr_out *out, int req, int pf_req) {
  const ws_config *c = &g->cfg;
  ws_pf *p = &s->pf;
  if (pf_req) {
    if (out->req_alloc) {
      ws_pkt pk = {.line = in->req_addr, .born = g->mem_now + 1, .sm = (uint16_t)s->id,
                   .ready = g->now + c->mem_latency - 1};
      if (c->mem_model == WS_MEM_FIXED) ws_ring_push(&s->fixed_q, &pk);
      else ws_port_send(s->port, &pk);
      p->mshr_pf[out->req_entry] = 1;
      p->mshr_sent[out->req_entry] = g->now;
      p->lines_sent++;
    }
    if (out->req_merge) p->lines_merged++;
    if (out->req_alloc || out->req_merge) ws_pf_taken(g, s, 0);
    else p->lines_retried++;                     /* refused: the head stays and tries again */
  }
  if (req && out->req_merge && p->mshr_pf[out->req_entry]) {   /* a demand load found the prefetch in flight */
    p->used_late++;
    p->lead_sum += (uint64_t)(g->now - p->mshr_sent[out->req_entry]);
    p->mshr_pf[out->req_entry] = 0;
  }
  if (in->fill_valid && out->fill_hit && p->mshr_pf[out->fill_entry]) {
    ws_cache_mark_pf(&s->l1, in->fill_addr, p->mshr_sent[out->fill_entry]);
    p->mshr_pf[out->fill_entry] = 0;
  }
}

void ws_pf_filled(ws_gpu *g, ws_sm *s, uint32_t payload) {
  ws_pf *p = &s->pf;
  if (g->cfg.prefetch == WS_PF_APOGEE) {         /* the tags back to the table */
    p->ai.fill_valid = 1;
    p->ai.fill_last = payload >> 14 & 1;
    p->ai.fill_entry = payload >> 5 & 63;
    p->ai.fill_warp = payload & 31;
  } else if (g->cfg.caps_wakeup) p->wake = (int)(payload & 63) + 1;   /* eager wake-up, next cycle (§4.4) */
}

void ws_pf_tick(ws_gpu *g, ws_sm *s) {
  if (g->cfg.prefetch == WS_PF_APOGEE) ws_slot_tick(&s->pf.slot, &s->pf.ai);
  else ws_slot_tick(&s->pf.slot, &s->pf.ci);
}
