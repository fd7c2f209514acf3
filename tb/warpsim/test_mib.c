/*
** test_mib.c -- the MIB thesis' L2 -> DRAM path composed in warpsim's
** partition: the mshr block (L2 MSHR file), the l2mib block (merge
** information, the dummy-first multiplexer) and the dram_mib block (read
** queue, DRAM MIB, the policy's pick), driven by requests injected into one
** partition's input queue at chosen memory cycles.  Expectations come from
** Dongdong Li's thesis (UBC 2015), never from a run:
**   - Fig. 3.1: W0's R0 and W2's R2 merge into one L2 MSHR entry; R1 (W1)
**     and R3 (W3) are alone.  FR-FCFS serves R1, R3, R0: dIPC = (1+3+1+2)/4
**     = 1.75 (Eq. 3.1); the locality-aware policies serve R0 first: dIPC =
**     (3+3+2+1)/4 = 2.25 (Eq. 3.2).  The test computes dIPC from the order
**     the DRAM issued (a request served k-th gives each of its warps 3 - k
**     instructions in the four cycles) and compares with the thesis' values.
**   - Fig. 4.1: R0 (score 4) in row 0; R7 (2) and R4 (3) in row 1; the
**     scores are merge lengths.  Rule 1: MSHR-S opens row 1 (4 < 2 + 3) and
**     serves R4, R7, then R0; MSHR-M opens row 0 (4 > max(2, 3)): R0, R4, R7;
**     FR-FCFS serves the oldest (R0), then R7, then R4.
**   - A dummy overtaking its own first miss (the thesis does not consider
**     it): with the DRAM read queue full, a merge's dummy leaves the L2
**     before the first miss it belongs to; the DRAM side finds no request
**     and drops it; it is counted as sent before its first miss.
**   - The row-score table (dram_row_table = 1, the dram_mib block's
**     ROW_TABLE): Fig. 3.1 and 4.1 again, and every kernel run of the closed
**     loop below repeated with it: a run in which no age saturated in the
**     read queue must be identical (cycles, DRAM reads, row hits), since the
**     table's picks differ from the exact scores' only after a saturation.
**   - The registered dummy pick (l2_mib_pipe = 1, the l2mib block's PIPE):
**     a dummy leaves a cycle later, which must not change the thesis' orders
**     (Fig. 3.1, 4.1: the bank is held until every request has arrived) nor
**     the dummy that overtakes its first miss; every kernel run on tiny again
**     with it finishes with the invariants and a drained MIB.
**   - The pipelined DRAM pick (dram_pipe = 1, the dram_mib block's PIPE): the
**     bank, its rows and the read are chosen three, two and one cycle before
**     the issue, and a dummy reaches the MIB a cycle later; the thesis' orders
**     (Fig. 3.1, 4.1, the bank held until every request is in) are the same,
**     the overtaking dummy is dropped the same, and every kernel under every
**     policy (FR-FCFS too) on tiny finishes with the invariants.
** Ends with 'N passed, N failed'.
*/
#include "ws_gpu.h"
#include "ws_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static ws_gpu gpu;
static ws_kernel kern;

/* a line of partition 0, bank 0, in DRAM row ROW (the n-th such line of the row) */
static uint64_t line_at(const ws_config *c, uint32_t row, int nth) {
  for (uint64_t l = 0; l < (UINT64_C(1) << 24); l++) {
    uint64_t local = ws_line_local(c, l);
    if (ws_line_part(c, l) == 0 && ws_local_bank(c, local) == 0 && ws_local_row(c, local) == row && nth-- == 0)
      return l;
  }
  return 0;
}

typedef struct inject {
  int64_t  at;      /* memory cycle it enters the L2's input queue */
  uint64_t line;
  int64_t  born;    /* creation time (its age at DRAM: Eq. 4.1) */
  int      sm;
} inject;

static int use_row_table;   /* 1: the dram_mib block keeps its row scores in the thesis' table */
static int use_mib_pipe;    /* 1: the l2mib block's registered pick (PIPE = 1) */
static int use_dram_pipe;   /* 1: the dram_mib block's pipelined pick (PIPE = 1) */

/* Run the partition with the injections (one a cycle at most), the bank held until
** RELEASE; the lines the DRAM issued, in order, go to ORDER (returns how many).
** DRAM_QUEUE: the read queue's slots (0: tiny's 8). */
static int run_partition(int sched, const inject *inj, int n, int64_t release, uint64_t *order, int max,
                         int dram_queue) {
  ws_config c;
  char err[512];
  CHECK(ws_config_named(&c, "tiny", err, sizeof err) == 0, "%s", err);
  c.dram_sched = sched;
  if (dram_queue) c.dram_queue = dram_queue;
  c.dram_row_table = use_row_table;
  c.l2_mib_pipe = use_mib_pipe;
  c.dram_pipe = use_dram_pipe;
  CHECK(ws_config_check(&c, err, sizeof err) == 0, "config: %s", err);
  CHECK(ws_kernel_builtin(&kern, "stream", NULL, err, sizeof err) == 0, "%s", err);
  if (ws_gpu_init(&gpu, &c, &kern, err, sizeof err)) { CHECK(0, "init: %s", err); ws_gpu_free(&gpu); return 0; }
  ws_part *p = &gpu.mem.part[0];
  ws_dram_hold(p, 0, release);                  /* the bank takes no command before then */
  int got = 0, k = 0;
  uint64_t reads = 0;
  for (int64_t t = 1; t < release + 400 && got < max; t++) {
    if (k < n && inj[k].at == t) {
      ws_pkt pk = {.line = inj[k].line, .born = inj[k].born, .sm = (uint16_t)inj[k].sm};
      CHECK(!ws_ring_full(&p->in_q), "the L2 input queue is full at cycle %" PRId64, t);
      ws_ring_push(&p->in_q, &pk);
      k++;
    }
    gpu.mem_now = t;
    ws_mem_cycle(&gpu.mem, &gpu.cfg, gpu.mem_now, !gpu.finished);
    if (p->dram_reads > reads) {                  /* an issue appends its fill */
      reads = p->dram_reads;
      order[got++] = p->fill_line[p->fill_count - 1];
    }
  }
  return got;
}

static const char *const names[] = {"FR-FCFS", "MSHR-M", "MSHR-S", "MSHR-S+A"};

/* Fig. 3.1 */
static void test_fig3_1(void) {
  ws_config c;
  char err[512];
  ws_config_named(&c, "tiny", err, sizeof err);
  /* three lines of bank 0 in three rows: no row hit can reorder them */
  uint64_t l_r0 = line_at(&c, 3, 0), l_r1 = line_at(&c, 1, 0), l_r3 = line_at(&c, 2, 0);
  const inject inj[] = {
    {1, l_r1, 0, 0},   /* R1 (W1, SM 0) */
    {2, l_r3, 1, 1},   /* R3 (W3, SM 1) */
    {3, l_r0, 2, 0},   /* R0 (W0, SM 0): allocates the entry */
    {4, l_r0, 3, 1},   /* R2 (W2, SM 1): merges into R0's entry (length 2) */
  };
  for (int s = WS_DRAM_FRFCFS; s <= WS_DRAM_MSHR_SA; s++) {
    uint64_t order[8];
    int got = run_partition(s, inj, 4, 30, order, 3, 0);
    CHECK(got == 3, "Fig. 3.1 %s: %d requests issued, expected 3", names[s], got);
    /* dIPC over cycles 0..3: the k-th served request lets each of its warps run 3 - k instructions */
    int insts = 0;
    for (int k = 0; k < got; k++) insts += (3 - k) * (order[k] == l_r0 ? 2 : 1);
    double dipc = insts / 4.0, want = s == WS_DRAM_FRFCFS ? 1.75 : 2.25;
    CHECK(dipc == want, "Fig. 3.1 %s: order %s %s %s gives dIPC %.2f; the thesis: %.2f", names[s],
          order[0] == l_r0 ? "R0" : order[0] == l_r1 ? "R1" : "R3", got > 1 ? (order[1] == l_r0 ? "R0" : order[1] == l_r1 ? "R1" : "R3") : "-",
          got > 2 ? (order[2] == l_r0 ? "R0" : order[2] == l_r1 ? "R1" : "R3") : "-", dipc, want);
    if (s != WS_DRAM_FRFCFS)
      CHECK(gpu.mem.part[0].dummies == 1 && gpu.mem.part[0].dummy_hits == 1 && gpu.mem.part[0].dummies_early == 0,
            "Fig. 3.1 %s: one dummy (R2's merge), found at DRAM: sent %" PRIu64 ", hits %" PRIu64, names[s],
            gpu.mem.part[0].dummies, gpu.mem.part[0].dummy_hits);
    ws_gpu_free(&gpu);
  }
}

/* Fig. 4.1 */
static void test_fig4_1(void) {
  ws_config c;
  char err[512];
  ws_config_named(&c, "tiny", err, sizeof err);
  uint64_t r0 = line_at(&c, 0, 0), r7 = line_at(&c, 1, 0), r4 = line_at(&c, 1, 1);
  /* first misses R0, R7, R4, then merges: R0 to length 4, R4 to 3, R7 to 2 (tiny: 4 merges an entry) */
  const inject inj[] = {
    {1, r0, 0, 0}, {2, r7, 1, 0}, {3, r4, 2, 0},
    {4, r0, 3, 1}, {5, r0, 4, 1}, {6, r0, 5, 1}, {7, r4, 6, 1}, {8, r4, 7, 1}, {9, r7, 8, 1},
  };
  static const struct { int sched; const char *want; } cases[] = {
    {WS_DRAM_FRFCFS, "R0 R7 R4"}, {WS_DRAM_MSHR_M, "R0 R4 R7"}, {WS_DRAM_MSHR_S, "R4 R7 R0"},
  };
  for (int i = 0; i < 3; i++) {
    uint64_t order[8];
    int got = run_partition(cases[i].sched, inj, 9, 40, order, 3, 0);
    char seen[32] = "";
    for (int k = 0; k < got; k++)
      snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%s%s", k ? " " : "",
               order[k] == r0 ? "R0" : order[k] == r7 ? "R7" : order[k] == r4 ? "R4" : "?");
    CHECK(strcmp(seen, cases[i].want) == 0, "Fig. 4.1 %s: issued %s; Rule 1 gives %s", names[cases[i].sched], seen,
          cases[i].want);
    if (cases[i].sched != WS_DRAM_FRFCFS)
      CHECK(gpu.mem.part[0].dummy_hits == gpu.mem.part[0].dummies && gpu.mem.part[0].dummies >= 3,
            "Fig. 4.1 %s: every dummy found its request (%" PRIu64 " of %" PRIu64 ")", names[cases[i].sched],
            gpu.mem.part[0].dummy_hits, gpu.mem.part[0].dummies);
    ws_gpu_free(&gpu);
  }
}

/* a dummy ahead of its own first miss: the read queue (4 slots here; the L2 MSHR file has 8
** entries) is full, so the first miss waits in the L2's miss queue while its merge's dummy leaves */
static void test_dummy_first(void) {
  ws_config c;
  char err[512];
  ws_config_named(&c, "tiny", err, sizeof err);
  inject inj[16];
  int n = 0;
  for (int k = 0; k < 4; k++) inj[n++] = (inject){1 + k, line_at(&c, (uint32_t)(10 + k), 0), k, 0};
  uint64_t a = line_at(&c, 30, 0);
  inj[n++] = (inject){5, a, 5, 0};      /* its first miss: allocates, waits in the miss queue */
  inj[n++] = (inject){6, a, 6, 1};      /* a merge: the MIB entry is valid, its dummy leaves first */
  uint64_t order[16];
  int got = run_partition(WS_DRAM_MSHR_S, inj, n, 30, order, 5, 4);
  CHECK(got == 5, "dummy first: %d requests issued, expected 5", got);
  const ws_part *p = &gpu.mem.part[0];
  CHECK(p->dummies == 1 && p->dummy_hits == 0 && p->dummies_early == 1,
        "dummy first: sent %" PRIu64 ", found %" PRIu64 ", before its first miss %" PRIu64 "; expected 1, 0, 1",
        p->dummies, p->dummy_hits, p->dummies_early);
  ws_gpu_free(&gpu);
}

/* the closed loop: every built-in kernel under every policy on tiny and fermi finishes with the
** invariants; the dummies found at DRAM never exceed those sent */
static int row_table_equal;   /* runs compared with the row-score table */
static int mib_pipe_runs;     /* runs with the registered dummy pick */
static int dram_pipe_runs;    /* runs with the pipelined DRAM pick */

static void test_kernels(void) {
  static const char *const cfgs[] = {"tiny", "fermi"};
  for (int ci = 0; ci < 2; ci++)
    for (const char *const *k = ws_kernel_builtins(); *k; k++) {
      if (!strcmp(*k, "fig4_2")) continue;
      for (int s = WS_DRAM_FRFCFS; s <= WS_DRAM_MSHR_SA; s++) {
        ws_config c;
        char err[512];
        CHECK(ws_config_named(&c, cfgs[ci], err, sizeof err) == 0, "%s", err);
        c.dram_sched = s;
        int r;
        if (ci == 0) {   /* the pipelined DRAM pick: tiny, every policy */
          c.dram_pipe = 1;
          r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
          CHECK(r == 0, "%s on %s, %s, pipelined DRAM pick: %s", *k, cfgs[ci], names[s], err);
          for (int i = 0; r == 0 && s != WS_DRAM_FRFCFS && i < c.n_part; i++)
            CHECK(gpu.mem.part[i].dummy_hits <= gpu.mem.part[i].dummies && gpu.mem.part[i].mib_pending == 0,
                  "%s on %s, %s, pipelined DRAM pick: partition %d's MIB", *k, cfgs[ci], names[s], i);
          if (r == 0) dram_pipe_runs++;
          ws_gpu_free(&gpu);
          c.dram_pipe = 0;
        }
        if (s == WS_DRAM_FRFCFS) continue;
        r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
        CHECK(r == 0, "%s on %s, %s: %s", *k, cfgs[ci], names[s], err);
        uint64_t sat = 0, reads = 0, hits = 0;
        for (int i = 0; r == 0 && i < c.n_part; i++) {
          CHECK(gpu.mem.part[i].dummy_hits <= gpu.mem.part[i].dummies && gpu.mem.part[i].mib_pending == 0,
                "%s on %s, %s: partition %d's MIB", *k, cfgs[ci], names[s], i);
          sat += gpu.mem.part[i].dram_age_sat; reads += gpu.mem.part[i].dram_reads; hits += gpu.mem.part[i].dram_row_hits;
        }
        int64_t cycles = gpu.now;
        ws_gpu_free(&gpu);
        /* the thesis' row-score table picks the same reads unless an age saturated
        ** (docs/blocks/dram_mib.md): then the whole run is the same */
        if (r != 0) continue;
        c.dram_row_table = 1;
        r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
        CHECK(r == 0, "%s on %s, %s, row table: %s", *k, cfgs[ci], names[s], err);
        uint64_t treads = 0, thits = 0;
        for (int i = 0; r == 0 && i < c.n_part; i++) {
          treads += gpu.mem.part[i].dram_reads; thits += gpu.mem.part[i].dram_row_hits;
        }
        if (r == 0 && sat == 0) {
          row_table_equal++;
          CHECK(gpu.now == cycles && treads == reads && thits == hits,
                "%s on %s, %s: the row-score table ran %" PRId64 " cycles, %" PRIu64 " reads, %" PRIu64 " row hits; "
                "exact scores %" PRId64 ", %" PRIu64 ", %" PRIu64 " (no age saturated)", *k, cfgs[ci], names[s],
                gpu.now, treads, thits, cycles, reads, hits);
        }
        ws_gpu_free(&gpu);
        if (ci != 0) continue;   /* the registered pick: tiny only (it only delays a dummy a cycle) */
        c.dram_row_table = 0;
        c.l2_mib_pipe = 1;
        r = ws_test_run(&gpu, &kern, &c, *k, err, sizeof err);
        CHECK(r == 0, "%s on %s, %s, registered pick: %s", *k, cfgs[ci], names[s], err);
        for (int i = 0; r == 0 && i < c.n_part; i++)
          CHECK(gpu.mem.part[i].dummy_hits <= gpu.mem.part[i].dummies && gpu.mem.part[i].mib_pending == 0,
                "%s on %s, %s, registered pick: partition %d's MIB", *k, cfgs[ci], names[s], i);
        if (r == 0) mib_pipe_runs++;
        ws_gpu_free(&gpu);
      }
    }
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  test_fig3_1();
  test_fig4_1();
  use_row_table = 1;   /* the same orders with the thesis' row-score table (no age saturates here) */
  test_fig3_1();
  test_fig4_1();
  use_row_table = 0;
  use_mib_pipe = 1;   /* the same orders with the registered dummy pick */
  test_fig3_1();
  test_fig4_1();
  test_dummy_first();
  use_mib_pipe = 0;
  use_dram_pipe = 1;   /* the same orders with the pipelined DRAM pick */
  test_fig3_1();
  test_fig4_1();
  test_dummy_first();
  use_dram_pipe = 0;
  test_dummy_first();
  test_kernels();
  printf("registered dummy pick: %d kernel runs with the invariants\n", mib_pipe_runs);
  printf("pipelined DRAM pick: %d kernel runs with the invariants\n", dram_pipe_runs);
  CHECK(dram_pipe_runs >= 20, "only %d runs with the pipelined DRAM pick", dram_pipe_runs);
  printf("row-score table: %d of the kernel runs compared (no saturated age), identical\n", row_table_equal);
  CHECK(row_table_equal >= 10, "only %d runs without a saturated age", row_table_equal);
  return ws_test_end();
}
