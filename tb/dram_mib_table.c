/*
** dram_mib_table.c -- the row-score table (ROW_TABLE=1) picks what the exact
** row scores (ROW_TABLE=0) pick.  Two C models of block 'dram_mib', equal but
** for ROW_TABLE, run on the same random stimulus (the block's own random
** generator: fills, drains, dummies, ages near the maximum, policy changes);
** every output is compared every cycle.
**
** The one documented difference (docs/blocks/dram_mib.md, "The row-score
** table"): under MSHR-S+A a row's age sum counts its reads' ages as if they
** never saturated, so once a read of a row has reached 2^AGE_BITS - 1 the
** table's score of that row is larger than the exact one until the row is
** empty.  The test tracks that condition itself, from the exact model's
** queue: a row is "saturated" from the cycle one of its reads holds the
** maximum age until no read of the row is queued.  An output that differs
** is accepted only if this cycle's policy is MSHR-S+A and the issued bank
** holds a saturated row; both models are then reset (the next cycle's
** input has rst) and the comparison goes on.  Any other difference fails.
** Each run must compare enough issues, and the runs whose ages saturate
** must show the difference at least once (the condition is real).  Every set
** runs twice: with the one-cycle pick (PIPE=0) and the pipelined one (PIPE=1,
** whose bank stage ranks the rows three cycles before the issue: a difference
** is then accepted if MSHR-S+A ran in the issue's cycle or any of the three
** before it).
**
** Usage: dram_mib_table [SEED]   Ends with 'N passed, N failed'.
*/
#include "dram_mib.h"
#include "stim.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct taint { uint32_t bank, row; } taint;

static int npass, nfail;

/* the (bank, row) rows of the exact model with a saturated read, kept until empty */
static void taint_update(const dram_mib_model *x, taint *t, int *nt) {
  int k = 0;
  for (int j = 0; j < *nt; j++) {   /* drop rows with no queued read */
    int live = 0;
    for (int i = 0; i < x->n; i++)
      if ((x->valid >> i & 1) && x->q[i].bank == t[j].bank && x->q[i].row == t[j].row) live = 1;
    if (live) t[k++] = t[j];
  }
  *nt = k;
  for (int i = 0; i < x->n; i++) {
    if (!(x->valid >> i & 1) || x->q[i].age != x->age_max) continue;
    int have = 0;
    for (int j = 0; j < *nt; j++) have |= t[j].bank == x->q[i].bank && t[j].row == x->q[i].row;
    if (!have) t[(*nt)++] = (taint){x->q[i].bank, x->q[i].row};
  }
}

static void run(const char *what, const char *params, uint64_t cycles, uint64_t seed, int want_explained) {
  dram_mib_params p = {.QUEUE = 4, .BANKS = 2, .ROW_BITS = 2, .BLK_BITS = 3, .MAX_MERGE = 4, .AGE_BITS = 6, .POLICY = 4};
  char buf[256];
  snprintf(buf, sizeof buf, "%s", params);
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
    long long v;
    char k[32];
    if (sscanf(tok, "%31[A-Z_]=%lld", k, &v) != 2) { fprintf(stderr, "bad parameter %s\n", tok); exit(2); }
    if (!strcmp(k, "QUEUE")) p.QUEUE = v;
    else if (!strcmp(k, "BANKS")) p.BANKS = v;
    else if (!strcmp(k, "AGE_BITS")) p.AGE_BITS = v;
    else if (!strcmp(k, "MAX_MERGE")) p.MAX_MERGE = v;
    else if (!strcmp(k, "POLICY")) p.POLICY = v;
    else if (!strcmp(k, "ROW_BITS")) p.ROW_BITS = v;
    else if (!strcmp(k, "BLK_BITS")) p.BLK_BITS = v;
    else if (!strcmp(k, "PIPE")) p.PIPE = v;
    else { fprintf(stderr, "unknown parameter %s\n", k); exit(2); }
  }
  static dram_mib_model ex, tb;   /* static: no per-run stack arrays of 64 rows */
  dram_mib_params pt = p;
  p.ROW_TABLE = 0;
  pt.ROW_TABLE = 1;
  if (dram_mib_init(&ex, &p) || dram_mib_init(&tb, &pt)) { fprintf(stderr, "%s: bad parameters\n", what); exit(2); }
  const wg_stim_ops *st = wg_find_stim("dram_mib", "random");
  static unsigned char state[1 << 16];
  char msg[256];
  if (!st || st->size > sizeof state || st->init(state, &p, seed, msg, sizeof msg)) {
    fprintf(stderr, "%s: no random stimulus: %s\n", what, msg);
    exit(2);
  }
  taint t[DRAM_MIB_MAX_QUEUE];
  int nt = 0, resync = 0;
  unsigned sa_recent = 0;   /* bit k: MSHR-S+A k cycles ago (k = 0..3: the bank stage's cycle is 3) */
  uint64_t issues = 0, explained = 0, bad = 0;
  for (uint64_t c = 0; c < cycles && !bad; c++) {
    dram_mib_in in;
    st->next(state, c, &in);
    int skip = resync;   /* the reset cycle's outputs still come from the diverged states */
    if (resync) { in.rst = 1; resync = 0; }
    dram_mib_out ox, ot;
    dram_mib_eval(&ex, &in, &ox);
    dram_mib_eval(&tb, &in, &ot);
    int pol = p.POLICY == DRAM_MIB_POL_RUNTIME ? (int)(in.policy_sel & 3) : (int)p.POLICY;
    sa_recent = (sa_recent << 1 | (pol == DRAM_MIB_POL_SA)) & 15;
    if (!skip && memcmp(&ox, &ot, sizeof ox)) {
      int sat_row = 0;
      for (int j = 0; j < nt; j++) sat_row |= ox.issue_valid && t[j].bank == ox.issue_bank;
      if ((p.PIPE ? sa_recent != 0 : pol == DRAM_MIB_POL_SA) && sat_row) {
        explained++;
        resync = 1;
      } else {
        bad++;
        if (getenv("DEBUG"))
          for (int r = 0; r < tb.n; r++) {
            if (!(tb.rt_valid >> r & 1) || tb.rt[r].bank != ox.issue_bank) continue;
            uint64_t sum = 0, ms = 0;
            int cnt = 0;
            for (int i = 0; i < ex.n; i++)
              if ((ex.valid >> i & 1) && ex.q[i].bank == tb.rt[r].bank && ex.q[i].row == tb.rt[r].row) {
                sum += ex.q[i].age; ms += ex.q[i].ml + 1; cnt++;
              }
            printf("    row %u: table cnt %u msum %u asum %" PRIu64 "; exact cnt %d msum %" PRIu64 " asum %" PRIu64 "\n",
                   tb.rt[r].row, tb.rt[r].cnt, tb.rt[r].msum, tb.rt[r].asum, cnt, ms, sum);
          }
        printf("  %s, cycle %" PRIu64 ": exact issues %s slot %u (row %u), the table %s slot %u (row %u); policy %d, "
               "%d saturated rows\n", what, c, ox.issue_valid ? "" : "nothing,", ox.issue_slot, ox.issue_row,
               ot.issue_valid ? "" : "nothing,", ot.issue_slot, ot.issue_row, pol, nt);
      }
    }
    issues += ox.issue_valid && !resync;
    dram_mib_tick(&ex, &in);
    dram_mib_tick(&tb, &in);
    if (in.rst & 1) nt = 0;
    else taint_update(&ex, t, &nt);
  }
  int ok = !bad && issues >= cycles / 20 && (!want_explained || explained > 0);
  printf("%s %s (%s, seed %" PRIu64 "): %" PRIu64 " cycles, %" PRIu64 " issues equal, %" PRIu64
         " differences after a saturated age (reset), %" PRIu64 " others\n", ok ? "PASS" : "FAIL", what, params, seed,
         cycles, issues, explained, bad);
  if (ok) npass++; else nfail++;
}

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
  printf("dram_mib row-score table vs exact row scores, seed %" PRIu64 " (rerun: dram_mib_table SEED)\n", seed);
  for (int pipe = 0; pipe <= 1; pipe++) {
    char ps[200];
#define DMT_RUN(what, params, cycles, want)                                        \
    do { snprintf(ps, sizeof ps, "%s%sPIPE=%d", params, *params ? " " : "", pipe); \
         run(what, ps, cycles, seed, want); } while (0)
    /* small: every policy at run time, 6-bit ages that saturate often */
    DMT_RUN("small, all policies", "", 300000, 1);
    /* fixed policies, more slots and banks; 16-bit ages that the stimulus saturates (near-maximum arrivals) */
    DMT_RUN("MSHR-M", "QUEUE=16 BANKS=4 ROW_BITS=4 BLK_BITS=8 MAX_MERGE=16 AGE_BITS=16 POLICY=1", 200000, 0);
    DMT_RUN("MSHR-S", "QUEUE=16 BANKS=4 ROW_BITS=4 BLK_BITS=8 MAX_MERGE=16 AGE_BITS=16 POLICY=2", 200000, 0);
    DMT_RUN("MSHR-S+A", "QUEUE=16 BANKS=4 ROW_BITS=4 BLK_BITS=8 MAX_MERGE=16 AGE_BITS=16 POLICY=3", 200000, 1);
    /* the thesis' sizes */
    DMT_RUN("thesis", "QUEUE=64 BANKS=16 ROW_BITS=12 BLK_BITS=25 MAX_MERGE=16 AGE_BITS=15 POLICY=3", 100000, 0);
#undef DMT_RUN
  }
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail != 0;
}
