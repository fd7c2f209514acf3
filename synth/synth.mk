# synth.mk -- the cost flow over every preset ('make synth') and every block's
# declared sweep ('make synth-sweep'), one 'warpgen cost' per row, so 'make -j'
# runs them in parallel.  Blocks join by themselves (warpgen list).
B     ?= build
W     := $(B)/warpgen
OUT   := $(B)/synth
# QUICK=1 (make test) leaves out the presets marked slow:synth
ROWS  := $(shell $(W) list --presets | awk -v q=$(QUICK) '!(q == 1 && $$4 ~ /synth/) {print "$(OUT)/rows/" $$1 "__" $$2 ".csv"}')
# QUICK=1 (make test): the first four points of the sweeps whose main preset
# synthesizes in under 20 s (synth/baselines.csv), enough to see the growth
QUICK_BLOCKS := $(shell awk -F, 'NR > 1 && $$16 < 20 {print $$1 "," $$2}' synth/baselines.csv)
SWEEP := $(shell $(W) list --sweeps | awk -v q=$(QUICK) -v ok=" $(QUICK_BLOCKS) " \
           'q == 1 && !index(ok, " " $$1 "," $$2 " ") {next} {split($$3, a, "="); n = split(a[2], v, ","); if (q == 1 && n > 4) n = 4; \
           for (i = 1; i <= n; i++) print "$(OUT)/sweep/" $$1 "__" $$2 "__" a[1] "__" v[i] ".csv"}')

.PHONY: presets sweep joblist
# the same rows as a job list for experiments/run.sh (make synth-sweep ENGINE=parallel|slurm):
# 'ID<TAB>COMMAND', each command writing its row where the rules above would
joblist:
	@for f in $(SWEEP); do n=$${f##*/}; n=$${n%.csv}; set -- $$(echo $$n | sed 's/__/ /g'); \
	  printf 'sweep-%s\tmkdir -p %s && %s cost %s --preset %s -p %s=%s --csv --no-header > %s.tmp && mv %s.tmp %s\n' \
	    "$$n" "$(OUT)/sweep" "$(W)" "$$1" "$$2" "$$3" "$$4" "$$f" "$$f" "$$f"; done
presets: $(ROWS)
	@synth/report.sh $(OUT) $(ROWS)
sweep: $(SWEEP)
	@synth/plot.sh $(OUT) $(SWEEP)

# rows/BLOCK__PRESET.csv
$(OUT)/rows/%.csv: $(W)
	@mkdir -p $(dir $@)
	@set -- $(subst __, ,$*); echo "synth $$1 --preset $$2"; \
	$(W) cost $$1 --preset $$2 --csv --no-header > $@.tmp && mv $@.tmp $@

# sweep/BLOCK__PRESET__PARAM__VALUE.csv
$(OUT)/sweep/%.csv: $(W)
	@mkdir -p $(dir $@)
	@set -- $(subst __, ,$*); echo "synth $$1 --preset $$2 -p $$3=$$4"; \
	$(W) cost $$1 --preset $$2 -p $$3=$$4 --csv --no-header > $@.tmp && mv $@.tmp $@
