#!/usr/bin/env python3
"""experiments.py -- the papers' claims measured with warpsim and the cost flow.

  experiments.py jobs [--tiny]      the sweep as a job list: 'ID<TAB>COMMAND' lines, one result file each
  experiments.py merge [--tiny]     the jobs' result files -> OUT/results.json and OUT/results.csv
  experiments.py report             OUT/results.json -> docs/results.md and its SVG plots (gnuplot)

OUT is build/experiments (EXP_OUT overrides).  Which engine runs the jobs (make -j, GNU parallel, a
Slurm job array) is experiments/run.sh's business: every job writes OUT/out/ID.json (a warpsim run)
or OUT/out/ID.csv (the cost flow), and the merge reads only those, sorted by ID, so the merged
results are the same whichever engine ran them.  Standard library only.
"""
import csv
import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.environ.get("EXP_OUT", os.path.join(ROOT, "build", "experiments"))
BUILD = os.environ.get("BUILD", "build")
WARPSIM = os.path.join(BUILD, "warpsim")
WARPGEN = os.path.join(BUILD, "warpgen")

# ---------------------------------------------------------------------------------------------
# The experiments.  A run is (id, config, settings, kernel, kernel options); every mechanism's
# rows name the paper's claim, and the analysis below turns the runs into measured numbers.
# Kernel sizes: a few hundred thousand warp-instructions on fermi, several waves of CTAs.
# ---------------------------------------------------------------------------------------------

K = {  # kernel -> warpsim options that size it for fermi
    "stream": ["--grid", "480", "--iterations", "32"],
    "uncoalesced": ["--grid", "240", "--iterations", "32"],
    "cache_reuse": ["--grid", "240", "--param", "passes=16"],
    "compute": ["--grid", "240", "--iterations", "64"],
    "tia": ["--grid", "240", "--iterations", "64"],
    "cta_stride": ["--grid", "240", "--iterations", "64"],
    "cta_tile": ["--grid", "240"],
    "shared_read": ["--grid", "480", "--iterations", "32"],
    "phases": ["--grid", "240", "--iterations", "256"],
}


CAPS_PROLOGUES = [1, 4, 10, 20, 40]   # cta_tile's iterations of index arithmetic before its loads
CAPS_MAIN = 20                        # the point the claims quote


def runs(tiny):
    """every warpsim run: (id, config, [settings], kernel, [options])"""
    r = []
    if tiny:  # make test's sweep: a few small runs on the tiny machine
        for s in ["gto", "lrr", "mascar"]:
            r.append((f"tiny-{s}-stream", "tiny", [f"sched={s}"], "stream", []))
        r.append(("tiny-mib-sa", "tiny", ["dram_sched=mshr_sa"], "shared_read", ["--param", "sharing=2"]))
        return r
    def kernels(*ks):
        return [(k, k, K[k]) for k in ks]

    def grid(prefix, points, variants):
        """a run per point and variant: points (label, kernel, options), variants (label, settings)"""
        for pl, kern, opts in points:
            for vl, sets in variants:
                r.append((f"{prefix}-{pl}-{vl}", "fermi", sets, kern, opts))

    # Mascar (thesis Ch. IV): LRR, GTO and Mascar on memory-intensive, cache-sensitive, compute kernels
    grid("mascar", kernels("stream", "uncoalesced", "cache_reuse", "compute"),
         [(s, [f"sched={s}"]) for s in ["lrr", "gto", "mascar"]])
    # APOGEE (thesis Ch. V): 32 warps without prefetching against 4 warps with and without APOGEE
    four = ["warps_per_sm=4", "ctas_per_sm=1"]
    grid("apogee", kernels("tia", "stream", "cta_stride"),
         [("simt32", ["warps_per_sm=32"]), ("simt4", four), ("apogee4", four + ["prefetch=apogee"])])
    # CAPS: its CTA-aware prefetcher beside the two-level scheduler it was designed with
    # (cta_tile, CAPS' class, as its index arithmetic before the loads grows: how far a CTA's trailing
    # warps fall behind its leading warp; then the looping kernels CAPS does not target)
    grid("caps", [(f"tile{n:02d}", "cta_tile", K["cta_tile"] + ["--param", f"prologue={n}"]) for n in CAPS_PROLOGUES]
         + kernels("cta_stride", "stream", "uncoalesced"),
         [("base", ["sched=two_level"]),
          ("caps", ["sched=two_level", "prefetch=caps", "caps_order=1", "caps_wakeup=1"])])
    # MIB (thesis' DRAM scheduling): FR-FCFS and the MSHR-aware policies as inter-core sharing grows
    grid("mib", [(f"share{n}", "shared_read", K["shared_read"] + ["--param", f"sharing={n}"])
                 for n in [1, 8, 1073741824]],
         [(p, [f"dram_sched={p}"]) for p in ["frfcfs", "mshr_m", "mshr_s", "mshr_sa"]])
    # OAWS: GTO, OAWS static and dynamic as the loads' divergence grows
    grid("oaws", [(f"lines{n:02d}", "uncoalesced", K["uncoalesced"] + ["--param", f"lines={n}"])
                  for n in [1, 4, 16, 32]],
         [(s, [f"sched={s}"]) for s in ["gto", "oaws_static", "oaws_dynamic"]])
    # Equalizer (thesis Ch. III): both objectives against the GPU at its normal V/F, per kernel class
    grid("eq", kernels("compute", "stream", "cache_reuse", "phases"),
         [(e, [f"equalizer={e}"]) for e in ["off", "energy", "performance"]])
    # Gebhart et al.: the two-level scheduler with and without the register-file cache (fermi: 2
    # schedulers of 24 warps)
    grid("tls", kernels("compute", "stream", "cache_reuse"),
         [("single", ["sched=gto"]), ("activeall", ["sched=two_level", "tls_active=24"]),
          ("active8", ["sched=two_level", "tls_active=8"]),
          ("active8rfc", ["sched=two_level", "tls_active=8", "rfc=on"])])
    return r


# which runs' slots are each mechanism's blocks (their parameter sets come from --list-slots)
MECH_SLOTS = {
    "mascar": ("mascar-stream-mascar", ["memsat", "wst", "rexq"]),
    "apogee": ("apogee-tia-apogee4", ["apogee"]),
    "caps": ("caps-tile20-caps", ["caps", "tls"]),
    "mib": ("mib-share8-mshr_sa", ["l2mib", "dram_mib"]),
    "oaws": ("oaws-lines32-oaws_dynamic", ["oaws"]),
    "equalizer": ("eq-stream-energy", ["eqctr", "eqvote"]),
    "tls": ("tls-compute-active8rfc", ["tls", "rfc"]),
}


def warpsim_cmd(run, json_out=None):
    rid, cfg, sets, kern, opts = run
    cmd = [WARPSIM] + (["--json", json_out] if json_out else []) + ["--named", cfg]
    for s in sets:
        cmd += ["--set", s]
    return cmd + ["--quiet", "--progress", "0"] + opts + [kern]


def slot_sets(run):
    """the distinct (block, parameters) of a run's slots, each with how many slots hold it"""
    out = subprocess.run(warpsim_cmd(run)[:-1] + ["--list-slots", run[3]], capture_output=True, text=True, check=True)
    sets = {}
    for line in out.stdout.splitlines()[1:]:
        f = line.split(None, 2)
        params = " ".join(w for w in f[2].split() if "=" in w)   # the owner ('SM 3', 'scheduler 1') has none
        sets[(f[1], params)] = sets.get((f[1], params), 0) + 1
    return sets


# Parameters warpsim's slots set for simulation only, and the hardware's value: warpsim models no
# register values, so its rfc slots hold 1 data bit a thread; the cache the paper sizes holds 32.
HW_PARAMS = {"rfc": {"DATA_BITS": "32"}}

# Expected synthesis seconds by block (docs/cost.md's Yosys times at the papers' sizes): the sweep
# starts the longest jobs first, so that two cores finish together.
SYNTH_GUESS = {"apogee": 800, "rfc": 630, "dram_mib": 270, "oaws": 60, "rexq": 35, "l2mib": 25, "caps": 25,
               "wst": 15}


def hw_params(block, params):
    kv = [w.split("=", 1) for w in params.split()]
    over = HW_PARAMS.get(block, {})
    return " ".join(f"{k}={over.get(k, v)}" for k, v in kv)


def cost_id(block, params):
    import hashlib
    return f"cost-{block}-{hashlib.sha1(params.encode()).hexdigest()[:10]}"


COST_FIELDS = ["block", "preset", "params", "storage_bits", "flops", "cells", "area_um2", "seq_area_um2",
               "comb_area_um2", "kge", "crit_path_ns", "fmax_mhz", "reg2reg_ns", "in2reg_ns", "reg2out_ns", "synth_s"]
CACHE_FIELDS = [f for f in COST_FIELDS if f != "synth_s"]   # wall time is not a result


# The cost flow's rows for the parameter sets the experiments synthesize, kept in the repository:
# some take minutes (apogee, the RFC at its paper's size, dram_mib), so a run synthesizes
# only the sets this file does not hold yet, and the merge adds their rows (EXP_FRESH_COST=1:
# synthesize every set again).  Rows are written by the flow only, sorted, without wall time.
COST_CACHE = os.path.join(ROOT, "experiments", "cost.csv")
COST_TIMEOUT = int(os.environ.get("EXP_COST_TIMEOUT", "600"))   # seconds a synthesis may take (a run from nothing fits in 30 min)


def cost_cache():
    if os.environ.get("EXP_FRESH_COST") == "1" or not os.path.exists(COST_CACHE):
        return {}
    with open(COST_CACHE, newline="") as f:
        return {(r["block"], r["params"]): r for r in csv.DictReader(f)}


def write_cost_cache(rows):
    cache = cost_cache() if os.environ.get("EXP_FRESH_COST") != "1" else {}
    for r in rows:
        if "area_um2" in r:                      # a synthesis that timed out is not a result
            cache[(r["block"], r["params"])] = {k: r[k] for k in CACHE_FIELDS}
    with open(COST_CACHE + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, CACHE_FIELDS, lineterminator="\n")
        w.writeheader()
        for key in sorted(cache):
            w.writerow(cache[key])
    os.replace(COST_CACHE + ".tmp", COST_CACHE)


def jobs(tiny):
    by_id = {r[0]: r for r in runs(tiny)}
    out = []
    for r in runs(tiny):
        out.append((r[0], " ".join(warpsim_cmd(r, "{out}"))))
    if not tiny:
        seen = set(cost_cache())                 # the sets the cache holds need no job
        costs = []
        for block, params in cost_sets(by_id):
            if (block, params) in seen:
                continue
            seen.add((block, params))
            args = " ".join(f"-p {kv}" for kv in params.split())
            # a synthesis past the time limit leaves a row that says so (the report shows it; the
            # cache keeps only finished rows); any other failure fails the job
            costs.append((-SYNTH_GUESS.get(block, 5), cost_id(block, params),
                          f"timeout {COST_TIMEOUT} {WARPGEN} cost {block} {args} --csv --no-header >{{out}}; "
                          f"rc=$?; [ $rc = 0 ] || {{ [ $rc = 124 ] && echo '{block},-,{params},timeout' >{{out}}; }}"))
        out = [(jid, cmd) for _, jid, cmd in sorted(costs)] + sorted(out)   # the longest first
    return out


def mech_blocks(by_id):
    """per mechanism, its blocks as its experiment's slots hold them: (block, hardware parameters,
    instances in the GPU), in MECH_SLOTS' order"""
    out = {}
    for mech, (rid, blocks) in sorted(MECH_SLOTS.items()):
        sets = slot_sets(by_id[rid])
        out[mech] = [(b, hw_params(b, p), n) for b in blocks for (sb, p), n in sets.items() if sb == b]
    return out


def cost_sets(by_id):
    """(block, hardware parameters) of every mechanism's blocks"""
    return [(b, p) for sets in mech_blocks(by_id).values() for b, p, _ in sets]


# ---------------------------------------------------------------------------------------------
# merge
# ---------------------------------------------------------------------------------------------


def merge(tiny):
    res = {"runs": {}, "cost": {}, "mechanisms": {}}
    missing = []
    cache = cost_cache()
    if not tiny:
        by_id = {r[0]: r for r in runs(tiny)}
        res["mechanisms"] = {m: [{"block": b, "params": p, "instances": n, "cost": cost_id(b, p)} for b, p, n in sets]
                             for m, sets in mech_blocks(by_id).items()}
        for block, params in cost_sets(by_id):
            if (block, params) in cache:
                res["cost"][cost_id(block, params)] = dict(cache[(block, params)], preset="-")
    for jid, _ in jobs(tiny):
        if jid.startswith("cost-"):
            p = os.path.join(OUT, "out", jid + ".csv")
            if not os.path.exists(p):
                missing.append(jid)
                continue
            row = next(csv.reader(open(p)))
            d = dict(zip(COST_FIELDS, row))
            if row[3:] == ["timeout"]:
                d = {"block": row[0], "preset": "-", "params": row[2], "timeout_s": COST_TIMEOUT}
            d.pop("synth_s", None)   # wall time: not a result (the same jobs give the same merge)
            d["preset"] = "-"
            res["cost"][jid] = d
        else:
            p = os.path.join(OUT, "out", jid + ".json")
            if not os.path.exists(p):
                missing.append(jid)
                continue
            res["runs"][jid] = json.load(open(p))
    if missing:
        sys.exit(f"experiments: {len(missing)} job(s) have no result: {', '.join(missing[:5])}"
                 f"{' ...' if len(missing) > 5 else ''} (run them: experiments/run.sh)")
    if res["cost"]:
        write_cost_cache(list(res["cost"].values()))
    with open(os.path.join(OUT, "results.json.tmp"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(os.path.join(OUT, "results.json.tmp"), os.path.join(OUT, "results.json"))
    with open(os.path.join(OUT, "results.csv.tmp"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "config", "kernel", "kernel_params", "cycles", "warp_instructions", "ipc_warp",
                    "l1_hit_rate", "l2_hit_rate", "dram_row_hit_rate", "load_latency_avg", "lsu_stall_cycles",
                    "mrf_reads", "mrf_writes"])
        for jid, d in sorted(res["runs"].items()):
            kp = " ".join(f"{k}={v}" for k, v in d.get("kernel_params", {}).items())
            w.writerow([jid, d["config"], d["kernel"], kp, d["cycles"], d["warp_instructions"], d["ipc_warp"],
                        d["l1"]["hit_rate"], d["l2"]["hit_rate"], d["dram"]["row_hit_rate"], d["load_latency"]["avg"],
                        d["lsu_stall_cycles"], d["register_file"]["mrf_reads"], d["register_file"]["mrf_writes"]])
    os.replace(os.path.join(OUT, "results.csv.tmp"), os.path.join(OUT, "results.csv"))
    print(f"experiments: merged {len(res['runs'])} runs and {len(res['cost'])} cost results into "
          f"{os.path.relpath(OUT, ROOT)}/results.json and results.csv")


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) >= 2 else 2)
    tiny = "--tiny" in sys.argv[2:]
    if sys.argv[1] == "jobs":
        for jid, cmd in jobs(tiny):
            print(f"{jid}\t{cmd}")
    elif sys.argv[1] == "merge":
        merge(tiny)
    elif sys.argv[1] == "report":
        import report
        report.write(os.path.join(OUT, "results.json"))
    else:
        sys.exit(f"experiments: unknown command '{sys.argv[1]}' (jobs, merge, report)")
