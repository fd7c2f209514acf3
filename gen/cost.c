/*
** cost.c -- 'warpgen cost': area and timing of one parameter set from open
** synthesis.  Yosys 'synth' -> dfflibmap + abc (timing-driven, with buffering)
** against the OSU 0.18 um standard cells -> 'stat -liberty'; OpenSTA on the
** mapped netlist for the worst register-to-register, input-to-register and
** register-to-output paths.  The flow fails on any latch.  A block whose
** replicated part is a module of its own (rfc's clusters of lanes) keeps its
** hierarchy: each module is synthesized and mapped once, 'stat' sums the
** instances, OpenSTA times the hierarchical netlist (--flatten: one module).
**
** Numbers are pre-layout: no wire load model (the liberty file has none), no
** placement, inputs driven by BUFX2, outputs loaded with 0.02 pF, and input
** and output delays of 0 against a 10 ns clock.  See docs/cost.md.
*/
#define _POSIX_C_SOURCE 200809L
#include "cost.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_LIBERTY "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
#define CLOCK_NS 10.0
#define ABC_TARGET_PS 4000   /* abc -D: the mapping's delay target */
/* Yosys 0.23's own script for 'abc -D -constr -liberty', with two changes.  Its SAT sweep
** (&fraig -x) gives up on a node after 1,000 conflicts instead of 1,000,000: on the wide
** comparator and adder trees (dram_mib's exact row scores, APOGEE's arithmetic, the L2 MIB's
** picks) the unbounded sweep was 97 % of a run (dram_mib QUEUE=8: 426 of 435 s in ABC,
** 17 s bounded).  And the structural choices come from '&dch -f -x' instead of '&dch -f': on
** CAMs and comparator trees random simulation cannot tell the equality signals apart, so
** '&dch -f' refuted nearly every candidate pair with SAT and re-simulated each counterexample
** (mshr l2_part: 48 of ABC's 56 s; apogee 290 of 339 s); '-x' leaves those pairs out.  Both
** move a mapping by ABC's usual few percent (docs/cost.md has the before/after table). */
#define ABC_SCRIPT "+strash;&get,-n;&fraig,-x,-C,1000;&put;scorr;dc2;dretime;retime,-o,-D,%d;strash;" \
                   "&get,-n;&dch,-f,-x;&nf,-D,%d;&put;buffer;upsize,-D,%d;dnsize,-D,%d;stime,-p"

const char *wg_cost_liberty(void) {
  const char *l = getenv("WG_LIBERTY");
  return l && *l ? l : DEFAULT_LIBERTY;
}

/* Areas of the liberty's cells and which are sequential (hold an ff or latch group). */
typedef struct lib_cell { char name[32]; double area; int seq; } lib_cell;

static int read_liberty(const char *path, lib_cell *cells, int max, char *err, size_t n) {
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(err, n, "%s: cannot read the liberty file: %s (set WG_LIBERTY)", path, strerror(errno)); return -1; }
  char line[512];
  int k = -1;
  while (fgets(line, sizeof line, f)) {
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    char name[32];
    if (sscanf(s, "cell (%31[^)])", name) == 1 && k + 1 < max) {
      k++;
      snprintf(cells[k].name, sizeof cells[k].name, "%s", name);
      cells[k].area = 0; cells[k].seq = 0;
    } else if (k >= 0 && !strncmp(s, "area", 4)) {
      char *c = strchr(s, ':');
      if (c) cells[k].area = strtod(c + 1, NULL);
    } else if (k >= 0 && (!strncmp(s, "ff (", 4) || !strncmp(s, "ff(", 3) || !strncmp(s, "latch", 5))) {
      cells[k].seq = 1;
    }
  }
  fclose(f);
  return k + 1;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int write_text(const char *path, const char *text, char *err, size_t n) {
  FILE *f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) { snprintf(err, n, "%s: cannot write: %s", path, strerror(errno)); return 1; }
  return 0;
}

static void tail_of(const char *path, char *dst, size_t n) {   /* last line of a log, for errors */
  FILE *f = fopen(path, "r");
  dst[0] = 0;
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f))
    if (line[0] != '\n') {
      size_t l = strlen(line) < n - 1 ? strlen(line) : n - 1;
      memcpy(dst, line, l);
      dst[l] = 0;
    }
  fclose(f);
  size_t l = strlen(dst);
  if (l && dst[l - 1] == '\n') dst[l - 1] = 0;
}

/* Slack of the first endpoint row after 'Endpoint' in the report_checks section 'tag'. */
static int parse_sta(const char *path, wg_cost_row *r) {
  FILE *f = fopen(path, "r");
  if (!f) return 1;
  char line[512];
  int section = -1, got = 0;
  double *dst[3] = {&r->reg2reg_ns, &r->in2reg_ns, &r->reg2out_ns};
  r->reg2reg_ns = r->in2reg_ns = r->reg2out_ns = 0;
  while (fgets(line, sizeof line, f)) {
    double ws;
    if (sscanf(line, "worst slack %lf", &ws) == 1) { r->crit_path_ns = CLOCK_NS - ws; got = 1; continue; }
    if (!strncmp(line, "WG_SECTION ", 11)) { section = atoi(line + 11); continue; }
    double req, act, slack;
    char ep[200];
    if (section >= 0 && section < 3 && sscanf(line, "%199s %*s %lf %lf %lf", ep, &req, &act, &slack) == 4) {
      *dst[section] = CLOCK_NS - slack;
      section = -1;
    }
  }
  fclose(f);
  return !got;
}

int wg_cost(const wg_config *c, const char *keep_dir, int flatten, wg_cost_row *r, char *err, size_t n) {
  memset(r, 0, sizeof *r);
  const char *lib = wg_cost_liberty();
  lib_cell cells[256];
  int ncells = read_liberty(lib, cells, 256, err, n);
  if (ncells < 0) return 1;
  double nand2 = 0, dff = 0;
  for (int i = 0; i < ncells; i++) {
    if (!strcmp(cells[i].name, "NAND2X1")) nand2 = cells[i].area;
    if (!strcmp(cells[i].name, "DFFPOSX1")) dff = cells[i].area;
  }
  if (nand2 <= 0) { snprintf(err, n, "%s: no NAND2X1 cell to normalise kGE", lib); return 1; }
  r->dff_area = dff;

  char dir[1024];
  if (keep_dir) {
    snprintf(dir, sizeof dir, "%s", keep_dir);
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0) { snprintf(err, n, "%s: cannot create", dir); return 1; }
  } else {
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/warpgen-cost-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir)) { snprintf(err, n, "%s: cannot create a temporary folder: %s", dir, strerror(errno)); return 1; }
  }
  char path[1200], cmd[4096];
  int rc;
  wg_buf sv;
  wgb_init(&sv);
  wg_render_sv(c, &sv);
  snprintf(path, sizeof path, "%s/%s.sv", dir, c->module);
  rc = write_text(path, sv.s, err, n);
  wgb_free(&sv);
  if (rc) return 1;
  snprintf(path, sizeof path, "%s/abc.constr", dir);
  if (write_text(path, "set_driving_cell BUFX2\nset_load 0.02\n", err, n)) return 1;

  /* Yosys: synthesize, refuse latches, map to the library, report.  A block whose replicated
  ** part is a module of its own (rfc's clusters of lanes) keeps its hierarchy: Yosys
  ** synthesizes and ABC maps each module once however often it is instanced, 'stat' sums the
  ** instances (its "design hierarchy" section), and OpenSTA times the hierarchical netlist,
  ** paths through the instances' pins included.  ABC maps each module alone: a net the top
  ** drives into the instances is sized for an output's load, not for the pins it reaches,
  ** and OpenSTA reports what that costs (docs/cost.md).  'flatten' (cost --flatten) maps the
  ** design as one module instead. */
  snprintf(path, sizeof path, "%s/synth.ys", dir);
  wg_buf ys;
  wgb_init(&ys);
  wgb_printf(&ys,
           "read_verilog -sv %s/%s.sv\n"
           "synth -top %s%s\n"
           "select -assert-none t:$dlatch t:$adlatch t:$_DLATCH_* t:$_DLATCHSR_*\n"
           "check -assert\n"
           "dfflibmap -liberty %s\n"
           "abc -D %d -constr %s/abc.constr -liberty %s -script " ABC_SCRIPT "\n"
           "opt_clean -purge\n"
           "tee -o %s/stat.txt stat -liberty %s\n"
           "write_verilog -noattr -noexpr -nohex -simple-lhs %s/netlist.v\n",
           dir, c->module, c->module, flatten ? " -flatten" : "", lib, ABC_TARGET_PS, dir, lib,
           ABC_TARGET_PS, ABC_TARGET_PS, ABC_TARGET_PS, ABC_TARGET_PS, dir, lib, dir);
  rc = write_text(path, ys.s, err, n);
  wgb_free(&ys);
  if (rc) return 1;
  double t0 = now();
  snprintf(cmd, sizeof cmd, "yosys -q -l '%s/yosys.log' -s '%s/synth.ys' >/dev/null 2>&1", dir, dir);
  if (system(cmd) != 0) {
    char last[300];
    snprintf(path, sizeof path, "%s/yosys.log", dir);
    tail_of(path, last, sizeof last);
    snprintf(err, n, "yosys failed on %s (%s); log: %s/yosys.log", c->module, last, dir);
    return 1;
  }
  r->synth_s = now() - t0;

  /* stat: total area and per-cell counts; with a hierarchy, its "design hierarchy" section
  ** (every module's cells times its instances) replaces the per-module sections before it */
  snprintf(path, sizeof path, "%s/stat.txt", dir);
  FILE *f = fopen(path, "r");
  if (!f) { snprintf(err, n, "%s: missing", path); return 1; }
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char name[64];
    long cnt;
    double a;
    if (strstr(line, "=== design hierarchy ===")) { r->cells = r->flops = 0; r->seq_area_um2 = r->area_um2 = 0; }
    else if (sscanf(line, " Number of cells: %ld", &cnt) == 1) r->cells = cnt;
    else if ((strstr(line, "Chip area for module") || strstr(line, "Chip area for top module")) &&
             sscanf(strrchr(line, ':') + 1, "%lf", &a) == 1) r->area_um2 = a;
    else if (sscanf(line, " %63s %ld", name, &cnt) == 2)
      for (int i = 0; i < ncells; i++)
        if (cells[i].seq && !strcmp(cells[i].name, name)) { r->flops += cnt; r->seq_area_um2 += (double)cnt * cells[i].area; }
  }
  fclose(f);
  r->comb_area_um2 = r->area_um2 - r->seq_area_um2;
  r->kge = r->area_um2 / nand2 / 1000.0;

  /* OpenSTA: worst slack overall and per path group */
  snprintf(path, sizeof path, "%s/sta.tcl", dir);
  wg_buf tcl;
  wgb_init(&tcl);
  wgb_printf(&tcl,
           "read_liberty %s\nread_verilog %s/netlist.v\nlink_design %s\n"
           "create_clock -name clk -period %.1f [get_ports clk]\n"
           "set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk]]\n"
           "set_output_delay 0 -clock clk [all_outputs]\n"
           "set_driving_cell -lib_cell BUFX2 -pin Y [delete_from_list [all_inputs] [get_ports clk]]\n"
           "set_load 0.02 [all_outputs]\n"
           "report_worst_slack\n"
           "puts \"WG_PATH (the worst path, in full)\"\n"
           "report_checks -path_delay max -fields {fanout capacitance nets input_pins}\n"
           "puts \"WG_SECTION 0\"\n"
           "report_checks -path_delay max -from [all_registers -clock_pins] -to [all_registers -data_pins] -format end\n"
           "puts \"WG_SECTION 1\"\n"
           "report_checks -path_delay max -from [delete_from_list [all_inputs] [get_ports clk]] -to [all_registers -data_pins] -format end\n"
           "puts \"WG_SECTION 2\"\n"
           "report_checks -path_delay max -from [all_registers -clock_pins] -to [all_outputs] -format end\n"
           "exit\n", lib, dir, c->module, CLOCK_NS);
  rc = write_text(path, tcl.s, err, n);
  wgb_free(&tcl);
  if (rc) return 1;
  snprintf(cmd, sizeof cmd, "sta -no_splash '%s/sta.tcl' > '%s/sta.log' 2>&1", dir, dir);
  snprintf(path, sizeof path, "%s/sta.log", dir);
  if (system(cmd) != 0 || parse_sta(path, r)) {
    char last[300];
    tail_of(path, last, sizeof last);
    snprintf(err, n, "OpenSTA failed on %s (%s); log: %s", c->module, last, path);
    return 1;
  }
  r->fmax_mhz = r->crit_path_ns > 0 ? 1000.0 / r->crit_path_ns : 0;
  r->storage_bits = wg_storage_bits(c);
  if (!keep_dir) {
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) { /* a temporary folder left behind is harmless */ }
  }
  return 0;
}

static const char *csv_header =
  "block,preset,params,storage_bits,flops,cells,area_um2,seq_area_um2,comb_area_um2,kge,"
  "crit_path_ns,fmax_mhz,reg2reg_ns,in2reg_ns,reg2out_ns,synth_s";

void wg_cost_print(const wg_config *c, const wg_cost_row *r, FILE *f, int format, int header) {
  char ps[512];
  wg_config_string(c, ps, sizeof ps, " ");
  const char *pre = c->preset ? c->preset : "-";
  if (format == WG_COST_CSV) {
    if (header) fprintf(f, "%s\n", csv_header);
    fprintf(f, "%s,%s,%s,%lld,%ld,%ld,%.1f,%.1f,%.1f,%.3f,%.3f,%.1f,%.3f,%.3f,%.3f,%.2f\n",
            c->blk->name, pre, ps, (long long)r->storage_bits, r->flops, r->cells, r->area_um2,
            r->seq_area_um2, r->comb_area_um2, r->kge, r->crit_path_ns, r->fmax_mhz,
            r->reg2reg_ns, r->in2reg_ns, r->reg2out_ns, r->synth_s);
  } else if (format == WG_COST_JSON) {
    fprintf(f, "{\"block\": \"%s\", \"preset\": \"%s\", \"params\": \"%s\", \"storage_bits\": %lld, "
               "\"flops\": %ld, \"cells\": %ld, \"area_um2\": %.1f, \"seq_area_um2\": %.1f, "
               "\"comb_area_um2\": %.1f, \"kge\": %.3f, \"crit_path_ns\": %.3f, \"fmax_mhz\": %.1f, "
               "\"reg2reg_ns\": %.3f, \"in2reg_ns\": %.3f, \"reg2out_ns\": %.3f, \"synth_s\": %.2f}\n",
            c->blk->name, pre, ps, (long long)r->storage_bits, r->flops, r->cells, r->area_um2,
            r->seq_area_um2, r->comb_area_um2, r->kge, r->crit_path_ns, r->fmax_mhz,
            r->reg2reg_ns, r->in2reg_ns, r->reg2out_ns, r->synth_s);
  } else {
    fprintf(f, "%s (%s)%s%s%s\n", c->blk->name, ps, c->preset ? ", preset " : "", c->preset ? c->preset : "", "");
    fprintf(f, "  storage        %lld bits; %ld flip-flops after synthesis\n", (long long)r->storage_bits, r->flops);
    fprintf(f, "  area           %.0f um2 = %.2f kGE (%ld cells; sequential %.0f, combinational %.0f)\n",
            r->area_um2, r->kge, r->cells, r->seq_area_um2, r->comb_area_um2);
    fprintf(f, "  critical path  %.2f ns = %.0f MHz (reg->reg %.2f, in->reg %.2f, reg->out %.2f ns)\n",
            r->crit_path_ns, r->fmax_mhz, r->reg2reg_ns, r->in2reg_ns, r->reg2out_ns);
    fprintf(f, "  storage floor  %.0f um2 (storage bits x DFFPOSX1 %.0f um2)\n", (double)r->storage_bits * r->dff_area, r->dff_area);
    fprintf(f, "  flow           Yosys + OSU 0.18 um cells + OpenSTA, %.1f s of synthesis; pre-layout (docs/cost.md)\n", r->synth_s);
    if (c->blk->paper_storage) fprintf(f, "  paper          %s\n", c->blk->paper_storage);
  }
}
