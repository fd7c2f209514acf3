/*
** test_config.c -- unit test of ws_config (sim/warpsim/ws_config.h): the key
** table, the named configurations and their print/read round trip, every
** error message, and GPGPU-Sim's GTX480 gpgpusim.config (the fixture
** tb/warpsim/gtx480.gpgpusim.config).  Run from the repository root:
**   gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined \
**     -fno-sanitize-recover=all -Isim/warpsim sim/warpsim/ws_config.c \
**     tb/warpsim/test_config.c -o /tmp/test_config && /tmp/test_config
** One line per failed check, then "N passed, N failed"; exit 1 on a failure.
*/
#define _POSIX_C_SOURCE 200809L   /* mkdtemp */

#include "ws_config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FIXTURE "tb/warpsim/gtx480.gpgpusim.config"

static int n_pass, n_fail;

#define CHECK(cond, ...)                                           \
  do {                                                             \
    if (cond) n_pass++;                                            \
    else {                                                         \
      n_fail++;                                                    \
      printf("FAIL test_config.c:%d: ", __LINE__);                 \
      printf(__VA_ARGS__);                                         \
      putchar('\n');                                               \
    }                                                              \
  } while (0)

#define CHECK_STR(got, want) \
  CHECK(strcmp((got), (want)) == 0, "got '%s', want '%s'", (got), (want))

static char tmpdir[64];
static char paths[32][160];   /* tmpdir + "/" + a name of up to 63 characters */
static int  n_paths;

/* a file in the test's temporary directory holding 'text' */
static const char *write_file(const char *name, const char *text) {
  char *p = paths[n_paths++];
  snprintf(p, sizeof paths[0], "%s/%s", tmpdir, name);
  FILE *f = fopen(p, "w");
  if (!f) { printf("FAIL cannot write %s\n", p); exit(1); }
  fputs(text, f);
  fclose(f);
  return p;
}

static int64_t get(const ws_config *c, const ws_key *k) {
  const char *p = (const char *)c + k->offset;
  return k->is_int64 ? *(const int64_t *)(const void *)p : *(const int *)(const void *)p;
}

/* the whole of a small file (ignored-option lists) */
static void slurp(FILE *f, char *buf, size_t n) {
  rewind(f);
  size_t got = fread(buf, 1, n - 1, f);
  buf[got] = '\0';
}

/* ws_config_set must fail with exactly 'want' */
static void set_fails(const char *key, const char *value, const char *want) {
  ws_config c;
  char err[256] = "";
  ws_config_named(&c, "tiny", err, sizeof err);
  ws_config save = c;
  int rc = ws_config_set(&c, key, value, err, sizeof err);
  CHECK(rc == -1, "set %s = '%s' succeeded", key, value);
  CHECK_STR(err, want);
  CHECK(memcmp(&c, &save, sizeof c) == 0, "a failed set %s changed the configuration", key);
}

/* ws_config_file on 'text' must fail with exactly "PATH:want" (want starts at the line number) */
static void file_fails(const char *name, const char *text, const char *want) {
  const char *path = write_file(name, text);
  ws_config c, save;
  char err[512] = "", full[512];
  ws_config_named(&c, "fermi", err, sizeof err);
  save = c;
  int rc = ws_config_file(&c, path, NULL, err, sizeof err);
  snprintf(full, sizeof full, "%s:%s", path, want);
  CHECK(rc == -1, "%s: read succeeded, want '%s'", name, full);
  CHECK_STR(err, full);
  CHECK(memcmp(&c, &save, sizeof c) == 0, "%s: a failed read changed the configuration", name);
}

static void test_key_table(void) {
  int n;
  const ws_key *k = ws_config_keys(&n);
  /* one row per field but 'name': the int fields n_sm..caps_wakeup, then max_cycles */
  size_t ints = (offsetof(ws_config, caps_wakeup) - offsetof(ws_config, n_sm)) / sizeof(int) + 1;
  CHECK((size_t)n == ints + 1, "%d keys for %zu fields", n, ints + 1);
  for (int i = 0; i < n; i++) {
    CHECK(k[i].doc && k[i].doc[0], "%s has no doc", k[i].name);
    for (int j = 0; j < i; j++) {
      CHECK(strcmp(k[i].name, k[j].name) != 0, "key %s twice", k[i].name);
      CHECK(k[i].offset != k[j].offset, "%s and %s share a field", k[i].name, k[j].name);
    }
    if (!k[i].is_int64)
      CHECK(k[i].offset >= offsetof(ws_config, n_sm) && k[i].offset <= offsetof(ws_config, caps_wakeup),
            "%s is not an int field", k[i].name);
    /* both ends of every range are legal; one beyond is not */
    ws_config c;
    char err[256], text[32];
    ws_config_named(&c, "fermi", err, sizeof err);
    snprintf(text, sizeof text, "%" PRId64, k[i].min);
    CHECK(ws_config_set(&c, k[i].name, text, err, sizeof err) == 0 && get(&c, &k[i]) == k[i].min,
          "%s = %s (its minimum) rejected: %s", k[i].name, text, err);
    snprintf(text, sizeof text, "%" PRId64, k[i].max);
    CHECK(ws_config_set(&c, k[i].name, text, err, sizeof err) == 0 && get(&c, &k[i]) == k[i].max,
          "%s = %s (its maximum) rejected: %s", k[i].name, text, err);
    snprintf(text, sizeof text, "%" PRId64, k[i].min - 1);
    CHECK(ws_config_set(&c, k[i].name, text, err, sizeof err) == -1, "%s = %s accepted", k[i].name, text);
    snprintf(text, sizeof text, "%" PRId64, k[i].max + 1);
    CHECK(ws_config_set(&c, k[i].name, text, err, sizeof err) == -1, "%s = %s accepted", k[i].name, text);
    if (k[i].pow2 && k[i].max >= 4) {
      snprintf(text, sizeof text, "%" PRId64, k[i].max - 1);
      CHECK(ws_config_set(&c, k[i].name, text, err, sizeof err) == -1, "%s = %s (not a power of two) accepted",
            k[i].name, text);
    }
    for (int v = 0; k[i].names && k[i].names[v]; v++)
      CHECK(ws_config_set(&c, k[i].name, k[i].names[v], err, sizeof err) == 0 && get(&c, &k[i]) == v,
            "%s = %s rejected: %s", k[i].name, k[i].names[v], err);
  }
}

static void test_named(void) {
  const char *const *names = ws_config_names();
  int n_names = 0;
  while (names[n_names]) n_names++;
  CHECK(n_names == 3, "%d named configurations", n_names);
  int n;
  const ws_key *k = ws_config_keys(&n);
  for (int i = 0; i < n_names; i++) {
    ws_config c, back;
    char err[256] = "";
    CHECK(ws_config_named(&c, names[i], err, sizeof err) == 0, "%s: %s", names[i], err);
    CHECK_STR(c.name, names[i]);
    CHECK(ws_config_check(&c, err, sizeof err) == 0, "%s fails its check: %s", names[i], err);
    /* print, read back into a different configuration: every key must come back */
    char name[64], first[128], want[128];
    snprintf(name, sizeof name, "print_%s.cfg", names[i]);
    const char *path = write_file(name, "");
    FILE *f = fopen(path, "w");
    ws_config_print(&c, f);
    fclose(f);
    f = fopen(path, "r");
    CHECK(f && fgets(first, sizeof first, f), "%s: no printout", names[i]);
    if (f) fclose(f);
    snprintf(want, sizeof want, "# warpsim configuration (from %s)\n", names[i]);
    CHECK_STR(first, want);
    ws_config_named(&back, names[(i + 1) % n_names], err, sizeof err);
    CHECK(ws_config_file(&back, path, NULL, err, sizeof err) == 0, "%s: reading its printout: %s", names[i], err);
    for (int j = 0; j < n; j++) {
      size_t size = k[j].is_int64 ? sizeof(int64_t) : sizeof(int);
      CHECK(memcmp((char *)&c + k[j].offset, (char *)&back + k[j].offset, size) == 0,
            "%s: %s = %" PRId64 " read back as %" PRId64, names[i], k[j].name, get(&c, &k[j]), get(&back, &k[j]));
    }
  }
  ws_config c;
  char err[256] = "";
  CHECK(ws_config_named(&c, "gtx480", err, sizeof err) == -1, "named 'gtx480' accepted");
  CHECK_STR(err, "unknown configuration 'gtx480' (known: fermi, tiny, fig4_2)");
}

/* the thesis' figures (Sethia's thesis Tables 3.3 / 4.1, the MIB thesis' Table 5.1) */
static void test_fermi(void) {
  ws_config c;
  char err[256];
  ws_config_named(&c, "fermi", err, sizeof err);
  CHECK(c.n_sm == 15 && c.warps_per_sm == 48 && c.ctas_per_sm == 8 && c.warp_size == 32,
        "fermi SM: %d SMs, %d warps, %d CTAs", c.n_sm, c.warps_per_sm, c.ctas_per_sm);
  CHECK(c.l1_sets == 64 && c.l1_ways == 4 && c.line_bytes == 128 && c.l1_sets * c.l1_ways * c.line_bytes == 32768,
        "fermi L1: %d x %d x %d B", c.l1_sets, c.l1_ways, c.line_bytes);
  CHECK(c.l1_mshr_entries == 64 && c.l1_mshr_merges == 8, "fermi L1 MSHRs %d x %d", c.l1_mshr_entries,
        c.l1_mshr_merges);
  CHECK(c.n_part == 6 && c.l2_sets == 128 && c.l2_ways == 8 &&
        c.n_part * c.l2_sets * c.l2_ways * c.line_bytes == 768 * 1024,
        "fermi L2: %d x %d x %d x %d B", c.n_part, c.l2_sets, c.l2_ways, c.line_bytes);
  CHECK(c.l2_mshr_entries == 64 && c.l2_mshr_merges == 16, "fermi L2 MSHRs %d x %d", c.l2_mshr_entries,
        c.l2_mshr_merges);
  CHECK(c.dram_banks == 16 && c.dram_queue == 32, "fermi DRAM: %d banks, queue %d", c.dram_banks, c.dram_queue);
  /* 12 and 2 DRAM cycles at 924 MHz in 1400 MHz core cycles, rounded up */
  CHECK(c.tRCD == (12 * 1400 + 923) / 924 && c.tRP == c.tRCD && c.tCL == c.tRCD && c.tCCD == (2 * 1400 + 923) / 924,
        "fermi DRAM timing %d %d %d %d", c.tRCD, c.tRP, c.tCL, c.tCCD);
  CHECK(c.sched == WS_SCHED_LRR && c.n_sched == 2 && c.issue_mode == WS_ISSUE_ONE && c.mem_model == WS_MEM_HIER,
        "fermi policies");
  ws_config_named(&c, "fig4_2", err, sizeof err);
  CHECK(c.n_sm == 1 && c.warps_per_sm == 3 && c.l1_sets == 0 && c.l1_mshr_entries == 2 &&
        c.mem_model == WS_MEM_FIXED && c.mem_latency == 5 && c.issue_mode == WS_ISSUE_PER_PIPE &&
        c.alu_latency == 1,
        "fig4_2 is not the Fig. 4.2 machine");
}

static void test_set(void) {
  set_fails("l1_mshr_entries", "65", "l1_mshr_entries = 65 is out of range (legal: 1..64)");
  set_fails("line_bytes", "96", "line_bytes = 96 is out of range (legal: 32..256, a power of two)");
  set_fails("l1_sets", "48", "l1_sets = 48 is out of range (legal: 0..4096, 0 or a power of two)");
  set_fails("dram_queue", "48", "dram_queue = 48 is out of range (legal: 2..64, a power of two)");
  set_fails("dram_banks", "1", "dram_banks = 1 is out of range (legal: 2..16, a power of two)");
  set_fails("sched", "fifo", "sched: 'fifo' is not one of lrr, gto, mascar, oaws_static, oaws_dynamic, two_level");
  set_fails("sched", "6",
            "sched = 6 is out of range (legal: lrr, gto, mascar, oaws_static, oaws_dynamic, two_level or 0..5)");
  set_fails("l1_mshrs", "4", "unknown key 'l1_mshrs'");
  set_fails("n_sm", "x12", "n_sm: 'x12' is not an integer (legal: 1..64)");
  set_fails("n_sm", "", "n_sm: '' is not an integer (legal: 1..64)");
  set_fails("n_sm", "12x", "n_sm: '12x' is not an integer (legal: 1..64)");
  set_fails("n_sm", "-1", "n_sm = -1 is out of range (legal: 1..64)");
  set_fails("n_sm", "99999999999999999999999", "n_sm = 99999999999999999999999 is out of range (legal: 1..64)");
  set_fails("n_sm", "1K", "n_sm = 1K is out of range (legal: 1..64)");
  set_fails("max_cycles", "4398046511105M",      /* 2^62 + 2^20 */
            "max_cycles = 4398046511105M is out of range (legal: 0..4611686018427387904)");

  ws_config c;
  char err[256] = "";
  ws_config_named(&c, "tiny", err, sizeof err);
  CHECK(ws_config_set(&c, "l2_sets", "64K", err, sizeof err) == 0 && c.l2_sets == 65536, "64K: %s", err);
  CHECK(ws_config_set(&c, "l1_mshr_entries", "0x20", err, sizeof err) == 0 && c.l1_mshr_entries == 32,
        "0x20: %s", err);
  CHECK(ws_config_set(&c, "max_cycles", "10M", err, sizeof err) == 0 && c.max_cycles == 10485760, "10M: %s", err);
  CHECK(ws_config_set(&c, "max_cycles", "4398046511104M", err, sizeof err) == 0 && c.max_cycles == (int64_t)1 << 62,
        "2^62: %s", err);
  CHECK(ws_config_set(&c, "n_sm", "  12  ", err, sizeof err) == 0 && c.n_sm == 12, "' 12 ': %s", err);
  CHECK(ws_config_set(&c, "sched", "1", err, sizeof err) == 0 && c.sched == WS_SCHED_GTO, "sched 1: %s", err);
  CHECK(ws_config_set(&c, "issue_mode", "per_pipe", err, sizeof err) == 0 && c.issue_mode == WS_ISSUE_PER_PIPE,
        "per_pipe: %s", err);
  CHECK(ws_config_set(&c, "mem_model", "fixed", err, sizeof err) == 0 && c.mem_model == WS_MEM_FIXED,
        "fixed: %s", err);
}

static void test_check(void) {
  struct { const char *key, *value, *want; } bad[] = {
    { "n_sched", "4", "n_sched = 4 exceeds warps_per_sm = 3: every scheduler needs a warp" },
    { "ctas_per_sm", "4", "ctas_per_sm = 4 exceeds warps_per_sm = 3: every CTA holds at least one warp" },
    { "dram_row_lines", "1024", "dram_row_lines x line_bytes = 1024 x 128 bytes exceeds a 65536-byte DRAM row" },
    { "l2_sets", "65536", "l2_sets x l2_ways = 65536 x 1 lines exceeds 65536 lines per partition" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ws_config c;
    char err[256] = "";
    ws_config_named(&c, "fig4_2", err, sizeof err);
    if (strcmp(bad[i].key, "l2_sets") == 0) ws_config_set(&c, "l2_ways", "2", err, sizeof err);
    CHECK(ws_config_set(&c, bad[i].key, bad[i].value, err, sizeof err) == 0, "%s", err);
    CHECK(ws_config_check(&c, err, sizeof err) == -1, "check passed %s = %s", bad[i].key, bad[i].value);
    if (strcmp(bad[i].key, "l2_sets") == 0) {
      CHECK_STR(err, "l2_sets x l2_ways = 65536 x 2 lines exceeds 65536 lines per partition");
    } else {
      CHECK_STR(err, bad[i].want);
    }
  }
  ws_config c;
  char err[256] = "";
  ws_config_named(&c, "fig4_2", err, sizeof err);
  ws_config_set(&c, "l1_sets", "4", err, sizeof err);
  ws_config_set(&c, "l1_hit_latency", "5", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "a fixed-memory L1 hit as slow as a miss passed");
  CHECK_STR(err, "l1_hit_latency = 5 is not below mem_latency = 5: an L1 hit would be no faster than a miss");
  ws_config_named(&c, "fermi", err, sizeof err);
  c.l1_mshr_entries = 65;        /* set behind the table's back */
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "l1_mshr_entries = 65 passed the check");
  CHECK_STR(err, "l1_mshr_entries = 65 is out of range (legal: 1..64)");
  /* Mascar's flag thresholds must fit the L1 they watch (memsat's own rule, in the keys' names) */
  ws_config_named(&c, "fig4_2", err, sizeof err);
  ws_config_set(&c, "sched", "mascar", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == 0, "fig4_2 with mascar: %s", err);
  ws_config_set(&c, "mascar_clr_free_mshr", "3", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "clearing with 3 free of 2 MSHRs passed");
  CHECK_STR(err, "sched = mascar needs mascar_set_free_mshr < mascar_clr_free_mshr <= l1_mshr_entries (the flag "
                 "rises with fewer free MSHRs than clear it); have 1, 3, 2");
  ws_config_set(&c, "sched", "gto", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == 0, "the Mascar keys are checked only with sched = mascar: %s", err);
  ws_config_named(&c, "fig4_2", err, sizeof err);
  ws_config_set(&c, "sched", "mascar", err, sizeof err);
  ws_config_set(&c, "mascar_set_free_missq", "2", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "raising with 2 free of 2 miss-queue entries, clearing at 2, passed");
  CHECK_STR(err, "sched = mascar needs mascar_set_free_missq < mascar_clr_free_missq <= l1_miss_queue; have 2, 2, 2");
  /* OAWS watches the L1's sets: fig4_2 has no L1 */
  ws_config_named(&c, "fig4_2", err, sizeof err);
  ws_config_set(&c, "sched", "oaws_static", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "oaws without an L1 passed");
  CHECK_STR(err, "sched = oaws_static needs l1_sets in 2..64 (the oaws block's SETS); have 0");
  /* the two-level scheduler's active set fits in a scheduler's warps: fig4_2 has 3 warps, one scheduler */
  ws_config_named(&c, "fig4_2", err, sizeof err);
  ws_config_set(&c, "sched", "two_level", err, sizeof err);
  ws_config_set(&c, "tls_active", "4", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "4 active of 3 warps passed");
  CHECK_STR(err, "sched = two_level: tls_active = 4 exceeds the 3 warps of a scheduler (warps_per_sm = 3, n_sched = 1)");
  ws_config_named(&c, "fig4_2", err, sizeof err);
  ws_config_set(&c, "rfc", "on", err, sizeof err);
  CHECK(ws_config_check(&c, err, sizeof err) == -1, "a register-file cache without the two-level scheduler passed");
  CHECK_STR(err, "rfc = on needs sched = two_level: the register-file cache holds the active warps' values (set "
                 "tls_active to a scheduler's warps for the cache without a two-level scheduler)");
}

static void test_file(void) {
  const char *path = write_file("good.cfg",
    "# a comment\n"
    "\n"
    "n_sm = 4            # trailing comment\n"
    "  sched=gto\n"
    "l2_sets = 0x40\r\n"
    "max_cycles = 2M");
  ws_config c;
  char err[256] = "";
  ws_config_named(&c, "fermi", err, sizeof err);
  CHECK(ws_config_file(&c, path, NULL, err, sizeof err) == 0, "good.cfg: %s", err);
  CHECK(c.n_sm == 4 && c.sched == WS_SCHED_GTO && c.l2_sets == 64 && c.max_cycles == 2097152 &&
        c.warps_per_sm == 48,
        "good.cfg read wrong");
  CHECK_STR(c.name, "fermi");

  file_fails("noeq.cfg", "n_sm = 4\n\nn_sm 4   # no equals\n", "3: 'n_sm 4' : expected KEY = VALUE");
  file_fails("nokey.cfg", "= 4\n", "1: '= 4' : expected KEY = VALUE");
  file_fails("range.cfg", "# x\nl1_mshr_entries = 65\n", "2: l1_mshr_entries = 65 is out of range (legal: 1..64)");
  file_fails("unknown.cfg", "n_sm = 2\nl1_mshrs = 4\n", "2: unknown key 'l1_mshrs'");
  file_fails("notint.cfg", "n_sm = x12\n", "1: n_sm: 'x12' is not an integer (legal: 1..64)");

  char missing[128], want[160];
  snprintf(missing, sizeof missing, "%s/no_such.cfg", tmpdir);
  snprintf(want, sizeof want, "%s: cannot read config file", missing);
  CHECK(ws_config_file(&c, missing, NULL, err, sizeof err) == -1, "a missing file read");
  CHECK_STR(err, want);
  snprintf(want, sizeof want, "%s: cannot read config file", tmpdir);
  CHECK(ws_config_file(&c, tmpdir, NULL, err, sizeof err) == -1, "a directory read");
  CHECK_STR(err, want);
}

/* the fixture: a real gpgpusim.config; every option line mapped or listed */
static void test_gtx480(void) {
  static const char *const mapped[] = {
    "-gpgpu_n_clusters", "-gpgpu_n_cores_per_cluster", "-gpgpu_n_mem", "-gpgpu_n_sub_partition_per_mchannel",
    "-gpgpu_clock_domains", "-gpgpu_shader_core_pipeline", "-gpgpu_shader_cta", "-ptx_opcode_latency_int",
    "-gpgpu_cache:dl1", "-gpgpu_gmem_skip_L1D", "-gpgpu_l1_latency", "-gpgpu_cache:dl2",
    "-gpgpu_dram_partition_queues", "-gpgpu_l2_rop_latency", "-dram_latency", "-gpgpu_dram_scheduler",
    "-gpgpu_frfcfs_dram_sched_queue_size", "-gpgpu_mem_addr_mapping", "-gpgpu_dram_timing_opt",
    "-gpgpu_num_sched_per_core", "-gpgpu_scheduler", NULL };
  ws_config c;
  char err[512] = "";
  static char list[16384];
  FILE *ign = tmpfile();
  ws_config_named(&c, "tiny", err, sizeof err);
  int rc = ws_config_file(&c, FIXTURE, ign, err, sizeof err);
  CHECK(rc == 0, "%s: %s", FIXTURE, err);
  slurp(ign, list, sizeof list);
  fclose(ign);
  CHECK(ws_config_check(&c, err, sizeof err) == 0, "%s fails the check: %s", FIXTURE, err);
  CHECK(c.n_sm == 15 && c.warps_per_sm == 48 && c.warp_size == 32 && c.ctas_per_sm == 8,
        "GTX480 SM: %d SMs, %d warps, %d CTAs", c.n_sm, c.warps_per_sm, c.ctas_per_sm);
  CHECK(c.n_sched == 2 && c.sched == WS_SCHED_GTO && c.alu_latency == 4 && c.l1_hit_latency == 35,
        "GTX480 scheduler and latencies");
  /* dl1 N:32:128:4,L:L:m:N:H,S:64:8,8 (16 KB: GPGPU-Sim's default 16 KB L1 / 48 KB shared split) */
  CHECK(c.l1_sets == 32 && c.l1_ways == 4 && c.line_bytes == 128, "GTX480 L1 %d x %d x %d", c.l1_sets, c.l1_ways,
        c.line_bytes);
  CHECK(c.l1_mshr_entries == 64 && c.l1_mshr_merges == 8 && c.l1_miss_queue == 8, "GTX480 L1 MSHRs %d x %d, mq %d",
        c.l1_mshr_entries, c.l1_mshr_merges, c.l1_miss_queue);
  /* dl2 S:64:128:8,L:B:m:L:L,A:256:4,4:0,32 per sub-partition, 2 per channel */
  CHECK(c.n_part == 6 && c.l2_sets == 128 && c.l2_ways == 8 && c.n_part * c.l2_sets * c.l2_ways * c.line_bytes ==
        768 * 1024, "GTX480 L2 %d x %d x %d", c.n_part, c.l2_sets, c.l2_ways);
  CHECK(c.l2_mshr_entries == 64 && c.l2_mshr_merges == 4 && c.l2_miss_queue == 8 && c.l2_in_queue == 128,
        "GTX480 L2 MSHRs %d x %d, queues %d %d", c.l2_mshr_entries, c.l2_mshr_merges, c.l2_miss_queue,
        c.l2_in_queue);
  /* 12 and 2 DRAM cycles at 924 MHz in 700 MHz core cycles, rounded up */
  CHECK(c.dram_banks == 16 && c.tRCD == 10 && c.tRP == 10 && c.tCL == 10 && c.tCCD == 2,
        "GTX480 DRAM timing: %d banks, %d %d %d %d", c.dram_banks, c.tRCD, c.tRP, c.tCL, c.tCCD);
  CHECK(c.dram_queue == 64 && c.l2_latency == 120 && c.dram_latency == 100, "GTX480 DRAM queue and latencies");
  CHECK(c.part_interleave == 2 && c.dram_row_lines == 32, "GTX480 mapping: interleave %d, row %d lines",
        c.part_interleave, c.dram_row_lines);
  /* what stays from the starting configuration */
  CHECK(c.icnt_latency == 4 && c.mem_model == WS_MEM_HIER && c.max_cycles == 10000000, "tiny's other keys changed");

  static const char *const listed[] = {
    "ignored -gpgpu_n_mem_per_ctrlr\n", "ignored -gpgpu_dram_timing_opt RRD\n", "ignored -gpgpu_shmem_size\n",
    "ignored -power_simulation_enabled\n", "ignored -gpgpu_cache:dl1 set_index_fn\n",
    "ignored -gpgpu_cache:dl2 sector\n", "ignored -ptx_opcode_latency_int MAX\n",
    "ignored -gpgpu_dram_partition_queues L2_to_icnt\n",
    "note -gpgpu_cache:dl2: l2_mshr_entries = 512 is above warpsim's limit 64: using 64\n",
    "note -gpgpu_dram_timing_opt: DRAM cycles x 700/924 MHz (-gpgpu_clock_domains, line",
    NULL };
  for (int i = 0; listed[i]; i++) CHECK(strstr(list, listed[i]) != NULL, "'%s' not listed", listed[i]);
  CHECK(strstr(list, "two_level") == NULL && strstr(list, "Write_Queue") == NULL, "a commented-out option listed");

  /* every option line of the fixture: mapped, or listed as ignored with its line */
  FILE *f = fopen(FIXTURE, "r");
  char line[512], opt[128], want[256];
  int ln = 0, options = 0;
  while (f && fgets(line, sizeof line, f)) {
    ln++;
    if (line[0] != '-' || sscanf(line, "%127s", opt) != 1) continue;
    options++;
    int is_mapped = 0;
    for (int i = 0; mapped[i]; i++) is_mapped |= strcmp(opt, mapped[i]) == 0;
    snprintf(want, sizeof want, "%s:%d: ignored %s\n", FIXTURE, ln, opt);
    if (is_mapped) CHECK(strstr(list, want) == NULL, "mapped %s listed as ignored", opt);
    else CHECK(strstr(list, want) != NULL, "%s (line %d) neither mapped nor listed", opt, ln);
  }
  if (f) fclose(f);
  CHECK(options >= 80, "%d option lines in the fixture", options);
}

static void test_gpgpusim(void) {
  file_fails("two_level.config",
             "# a gpgpusim.config\n-gpgpu_n_clusters 15\n-gpgpu_scheduler two_level_active:6:0:1\n",
             "3: -gpgpu_scheduler two_level_active:6:0:1 is not one of lrr, gto");
  file_fails("fifo.config", "-gpgpu_dram_scheduler 0\n",
             "1: -gpgpu_dram_scheduler 0 (FIFO) is not modelled: warpsim's DRAM scheduler is FR-FCFS (1)");
  file_fails("warp16.config", "-gpgpu_shader_core_pipeline 1024:16\n",
             "1: -gpgpu_shader_core_pipeline: warp_size = 16 is out of range (legal: 32..32)");
  file_fails("nsm.config", "-gpgpu_n_cores_per_cluster 8\n-gpgpu_n_clusters 16\n",
             "2: -gpgpu_n_clusters x -gpgpu_n_cores_per_cluster: n_sm = 128 is out of range (legal: 1..64)");
  file_fails("badcache.config", "\n-gpgpu_cache:dl1 32:128\n",
             "2: -gpgpu_cache:dl1 '32:128': expected [T:]nsets:bsize:assoc,rep:wr:alloc:wr_alloc[:set_index_fn],"
             "mshr:N:merge,mq[:fifo_entry][,data_port_width]");
  file_fails("lines.config",
             "-gpgpu_cache:dl1 32:128:4,L:L:m:N,A:32:8,8\n-gpgpu_cache:dl2 64:64:8,L:B:m:W,A:32:4,4\n",
             "2: -gpgpu_cache:dl2: line size 64 differs from -gpgpu_cache:dl1's 128 (warpsim has one line size)");
  file_fails("word.config", "-gpgpu_n_mem 6\ngpgpu_n_mem 6\n", "2: 'gpgpu_n_mem' : expected -option value");
  file_fails("novalue.config", "-gpgpu_n_mem\n", "1: -gpgpu_n_mem has no value");
  file_fails("quote.config", "-gpgpu_n_mem 6\n-gpgpu_dram_timing_opt \"nbk=16:CCD=2\n", "2: unterminated '\"'");
  file_fails("banks.config", "-gpgpu_dram_timing_opt nbk=32:CCD=2\n",
             "1: -gpgpu_dram_timing_opt: dram_banks = 32 is out of range (legal: 2..16, a power of two)");

  /* no clock domains: timing as is; clusters after cores; dl1 none; queue 0; a quoted value over lines */
  const char *path = write_file("small.config",
    "  # GPGPU-Sim style\n"
    "-gpgpu_n_cores_per_cluster 2\n"
    "-gpgpu_n_clusters 3   # six SMs\n"
    "-gpgpu_cache:dl1 none\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 0\n"
    "-gpgpu_dram_timing_opt \"nbk=8:CCD=1:\n"
    "     RCD=5:RP=6:CL=7\"  -gpgpu_n_mem 3\n");
  ws_config c;
  char err[256] = "";
  static char list[4096];
  FILE *ign = tmpfile();
  ws_config_named(&c, "fermi", err, sizeof err);
  CHECK(ws_config_file(&c, path, ign, err, sizeof err) == 0, "small.config: %s", err);
  slurp(ign, list, sizeof list);
  fclose(ign);
  CHECK(c.n_sm == 6 && c.l1_sets == 0 && c.dram_queue == 64 && c.dram_banks == 8 && c.tCCD == 1 && c.tRCD == 5 &&
        c.tRP == 6 && c.tCL == 7 && c.n_part == 3, "small.config read wrong");
  char want[256];
  snprintf(want, sizeof want, "%s:5: note -gpgpu_frfcfs_dram_sched_queue_size 0 (unlimited): dram_queue = 64\n",
           path);
  CHECK(strstr(list, want) != NULL, "no note for the unlimited DRAM queue in:\n%s", list);

  /* the dram_mib block's QUEUE is a power of two: GPGPU-Sim's 20 becomes 32 */
  path = write_file("queue20.config", "-gpgpu_frfcfs_dram_sched_queue_size 20\n");
  ign = tmpfile();
  CHECK(ws_config_file(&c, path, ign, err, sizeof err) == 0 && c.dram_queue == 32, "queue20.config: %s", err);
  slurp(ign, list, sizeof list);
  fclose(ign);
  snprintf(want, sizeof want, "%s:1: note -gpgpu_frfcfs_dram_sched_queue_size 20: dram_queue = 32, the next "
           "power of two\n", path);
  CHECK_STR(list, want);
}

int main(void) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/test_config.XXXXXX");
  if (!mkdtemp(tmpdir)) { printf("FAIL cannot make a temporary directory\n"); return 1; }
  test_key_table();
  test_named();
  test_fermi();
  test_set();
  test_check();
  test_file();
  test_gtx480();
  test_gpgpusim();
  for (int i = 0; i < n_paths; i++) remove(paths[i]);
  rmdir(tmpdir);
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}
