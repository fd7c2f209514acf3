#!/usr/bin/env python3
"""FuseSoC generator: run warpgen for the block and parameter set a core asks for.

FuseSoC calls it with one argument, its GAPI input file (YAML: files_root,
parameters, vlnv), in the directory where the generated core must appear.
warpgen writes the module, the core (named the VLNV FuseSoC chose) and, with
'steps', a self-checking bench.  Errors name the parameter and exit non-zero.
"""
import os
import shutil
import subprocess
import sys

import yaml


def fail(msg):
    sys.stderr.write("warpgen generator: " + msg + "\n")
    sys.exit(1)


def find_warpgen():
    exe = os.environ.get("WARPGEN") or shutil.which("warpgen")
    if exe:
        return exe
    here = os.path.dirname(os.path.abspath(__file__))
    for exe in (os.path.join(here, "..", "build", "warpgen"),               # a checkout
                os.path.join(here, "..", "..", "..", "bin", "warpgen")):    # PREFIX/share/warpgen/fusesoc
        if os.access(exe, os.X_OK):
            return exe
    fail("no warpgen: set WARPGEN, put warpgen on PATH, or run 'make' in the checkout")


def main():
    if len(sys.argv) != 2:
        fail("usage: warpgen_gen.py GAPI_INPUT.yml (FuseSoC calls it)")
    with open(sys.argv[1]) as f:
        gapi = yaml.safe_load(f)
    p = gapi.get("parameters") or {}
    unknown = set(p) - {"block", "preset", "params", "module", "steps"}
    if unknown:
        fail("unknown parameter(s) %s (known: block, preset, params, module, steps)" % ", ".join(sorted(unknown)))
    if "block" not in p:
        fail("parameter 'block' is missing (e.g. block: mshr; 'warpgen list' lists them)")
    cmd = [find_warpgen(), "gen", str(p["block"])]
    if "preset" in p:
        cmd += ["--preset", str(p["preset"])]
    params = p.get("params") or {}
    if not isinstance(params, dict):
        fail("parameter 'params' must be a map NAME: VALUE")
    for k in sorted(params):
        cmd += ["-p", "%s=%s" % (k, params[k])]
    if "module" in p:
        cmd += ["--name", str(p["module"])]
    cmd += ["--fusesoc", "--vlnv", gapi["vlnv"], "-o", "."]
    if "steps" in p:
        cmd += ["--bench", os.path.join(gapi["files_root"], str(p["steps"]))]
    r = subprocess.run(cmd)
    if r.returncode:
        fail("'%s' failed (exit %d)" % (" ".join(cmd), r.returncode))


if __name__ == "__main__":
    main()
