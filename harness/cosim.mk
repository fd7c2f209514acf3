# cosim.mk -- builds one parameter set's lockstep binary; run by 'cosim'.
# Inputs: ROOT (checkout, or an installation's share/warpgen: harness/), BUILD
# (build tree, or an installation's lib/warpgen: obj/harness/*.o, lib/*.a),
# CACHE (writable: Verilator's runtime; the build tree in a checkout), DIR (this
# set's folder, which holds MODULE.sv, MODULE_io.h and MODULE_glue.cpp), XU (1:
# X-hunting build), SAN (1: link with the sanitizers the C objects were built with),
# USER_RTL (1: DIR's Verilog is a user's file, cosim --rtl-file).
# Targets: DIR/lockstep (cosim), DIR/rtl.so (warpsim-rtl loads a set as a shared
# object: everything is compiled position-independent, and Verilator's runtime is
# one shared library, CACHE/vlt-rt-pic/libwgvlt.so, so that every set loaded into
# one process shares it).

VERILATOR ?= verilator
VROOT     := $(shell $(VERILATOR) --getenv VERILATOR_ROOT)
CACHE     ?= $(BUILD)
RT        := $(CACHE)/vlt-rt-pic
VOBJ      := $(DIR)/obj-pic
# fast builds by default; unique X assignment and initial values when hunting
XFLAGS    := $(if $(filter 1,$(XU)),--x-assign unique --x-initial unique,--x-assign fast --x-initial fast)
SANFLAGS  := $(if $(filter 1,$(SAN)),-fsanitize=address -fsanitize=undefined,)
# The sanitizer build is the test build: there the sanitized C model and stimulus
# set the pace, so the Verilated C++ is compiled at -O1 (half the compile time of
# -O2, measured on dram_mib thesis: 47 s against 95 s, and 10 % slower to run).
# The release build (make, bench, soak) compiles it for speed.
VOPT      := $(if $(filter 1,$(SAN)),OPT_FAST=-O1 OPT_GLOBAL=-O1 OPT_SLOW=-O0,OPT_FAST=-O2 OPT_GLOBAL=-O2 OPT_SLOW=-O1) USER_CPPFLAGS=-fPIC
# same defines and warnings as Verilator's own makefile uses for the model
VCXXFLAGS := -O2 -fPIC -std=gnu++17 -faligned-new -fcf-protection=none -Wno-unused-parameter \
             -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 \
             -I$(VOBJ) -I$(VROOT)/include -I$(VROOT)/include/vltstd -I$(ROOT)/harness -I$(DIR)
RTOBJS    := $(RT)/verilated.o $(RT)/verilated_threads.o $(RT)/verilated_fst_c.o
LSOBJS    := $(BUILD)/obj/harness/lockstep.o $(BUILD)/obj/harness/steps.o $(BUILD)/obj/harness/report.o \
             $(BUILD)/obj/harness/replay.o $(BUILD)/obj/harness/ws_record.o
HARNESS   := $(LSOBJS) $(BUILD)/lib/libwgtb.a $(BUILD)/lib/libwgsim.a

$(DIR)/lockstep: $(DIR)/glue.o $(VOBJ)/V$(MODULE)__ALL.a $(HARNESS) $(RT)/stamp
	g++ $(SANFLAGS) -o $@ $(LSOBJS) $(DIR)/glue.o \
	  $(BUILD)/lib/libwgtb.a $(BUILD)/lib/libwgsim.a $(VOBJ)/V$(MODULE)__ALL.a $(RTOBJS) \
	  -lz -pthread -latomic

# the set as a shared object for warpsim-rtl: the glue's 'wg_rtl' and the model; the
# runtime from libwgvlt.so (found by its run path), references inside the set bound
# to the set itself (-Bsymbolic: every set has a class V<block>)
$(DIR)/rtl.so: $(DIR)/glue.o $(VOBJ)/V$(MODULE)__ALL.a $(RT)/stamp
	g++ -shared -Wl,-Bsymbolic -o $@ $(DIR)/glue.o $(VOBJ)/V$(MODULE)__ALL.a -L$(RT) -lwgvlt \
	  -Wl,-rpath,$(abspath $(RT)) -lz -pthread -latomic

# -Wall here too: the generated Verilog must verilate without a warning (a user's
# --rtl-file, e.g. a mutant, may warn: USER_RTL=1 keeps the warnings in verilator.log)
$(VOBJ)/V$(MODULE)__ALL.a: $(DIR)/$(MODULE).sv
	@rm -rf $(VOBJ)
	$(VERILATOR) -Wall $(if $(filter 1,$(USER_RTL)),-Wno-fatal,) --cc --trace-fst -O3 $(XFLAGS) --Mdir $(VOBJ) $< $(if $(filter 1,$(USER_RTL)),>$(DIR)/verilator.log 2>&1 || { cat $(DIR)/verilator.log; false; },)
	$(MAKE) -s -C $(VOBJ) -f V$(MODULE).mk V$(MODULE)__ALL.a $(VOPT) >/dev/null

$(DIR)/glue.o: $(DIR)/$(MODULE)_glue.cpp $(DIR)/$(MODULE)_io.h $(ROOT)/harness/wg_rtl.h $(VOBJ)/V$(MODULE)__ALL.a
	g++ $(VCXXFLAGS) -c $< -o $@

# Verilator's runtime does not depend on the design: built once per build
# tree, under a lock so parallel cosim runs do not race.
$(RT)/stamp:
	@mkdir -p $(RT)
	flock $(RT)/.lock $(MAKE) -s -f $(ROOT)/harness/cosim.mk RT_INNER=1 ROOT=$(ROOT) BUILD=$(BUILD) CACHE=$(CACHE) $(RT)/stamp.inner
	@touch $@

$(RT)/stamp.inner:
	@if [ ! -f $(RT)/stamp ]; then \
	  printf 'module wg_rt(input logic clk, output logic q);\n  always_ff @(posedge clk) q <= ~q;\nendmodule\n' > $(RT)/wg_rt.sv && \
	  cd $(RT) && $(VERILATOR) --cc --trace-fst --Mdir . wg_rt.sv && \
	  $(MAKE) -s -f Vwg_rt.mk verilated.o verilated_threads.o verilated_fst_c.o OPT_FAST=-O2 OPT_GLOBAL=-O2 USER_CPPFLAGS=-fPIC && \
	  g++ -shared -o libwgvlt.so verilated.o verilated_threads.o verilated_fst_c.o -lz -pthread -latomic; \
	fi
