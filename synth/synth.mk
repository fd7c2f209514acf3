# synth.mk -- the cost flow over every preset ('make synth') and every block's
# declared sweep ('make synth-sweep'), one 'warpgen cost' per row, so 'make -j'
# runs them in parallel.  Blocks join by themselves (warpgen list).
B     ?= build
W     := $(B)/warpgen
OUT   := $(B)/synth
# QUICK=1 (make test) leaves out the presets marked slow:synth
ROWS  := $(shell $(W) list --presets | awk -v q=$(QUICK) '!(q == 1 && $$4 ~ /synth/) {print "$(OUT)/rows/" $$1 "__" $$2 ".csv"}')
SWEEP := $(shell $(W) list --sweeps | awk '{split($$3, a, "="); n = split(a[2], v, ","); \
           for (i = 1; i <= n; i++) print "$(OUT)/sweep/" $$1 "__" $$2 "__" a[1] "__" v[i] ".csv"}')

.PHONY: presets sweep
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
