"""A cocotb bench for any generated warpgen block, with warpgen's C model as the scoreboard.

Every cycle the bench drives the same inputs into the RTL (under cocotb's simulator) and
into the block's C model (through the ctypes binding, python/warpgen_models.py) and compares
every output, before the clock edge.  Two tests:

  directed  a steps file (the format of 'cosim --steps', docs/steps.md): its inputs, its
            expectations checked against the RTL, and the model checked against the RTL
  random    random inputs in regimes (how often each 1-bit input is set changes every
            64..512 cycles), rare resets; WG_SEED picks the run and is printed

Environment: WG_BLOCK, WG_PRESET (or WG_PARAMS "K=V,K=V"), WG_STEPS (directed; optional),
WG_CYCLES (random, default 20000), WG_SEED (default 1).  docs/cocotb.md is the recipe.
"""
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge, Timer

from warpgen_models import Model


def _model():
    params = {}
    for kv in filter(None, os.environ.get("WG_PARAMS", "").split(",")):
        k, v = kv.split("=")
        params[k.strip()] = int(v, 0)
    return Model(os.environ["WG_BLOCK"], preset=os.environ.get("WG_PRESET") or None, params=params or None)


async def _start(dut, m):
    """Clock, then one reset cycle with every input 0 (the model was reset the same way)."""
    cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())
    ins = [p["name"] for p in m.desc["ports"] if p["dir"] == "in"]
    for name in ins:
        getattr(dut, name).value = 0
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    return ins, [p["name"] for p in m.desc["ports"] if p["dir"] == "out"]


def _compare(dut, m, outs, cycle, what):
    exp = m.eval()
    for name in outs:
        got = int(getattr(dut, name).value)
        if got != exp[name]:
            raise AssertionError("%s, cycle %d: %s = 0x%x in the RTL, 0x%x in the C model (%s)" %
                                 (what, cycle, name, got, exp[name], m.desc["parameter_set"]))
    return exp


def _steps(path):
    """(line number, repeat, inputs, expectations) per line of a steps file."""
    out = []
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            toks = line.split("#")[0].split()
            if not toks:
                continue
            rep = 1
            if toks[0] == "repeat":
                rep, toks = int(toks[1]), toks[2:]
            ins, exp, side = {}, {}, True
            for t in toks:
                if t == "->":
                    side = False
                    continue
                k, v = t.split("=")
                if side:
                    ins[k] = int(v, 0)
                elif v != "x":
                    exp[k] = int(v, 0)
            out.append((ln, rep, ins, exp))
    return out


@cocotb.test()
async def directed(dut):
    path = os.environ.get("WG_STEPS")
    if not path:
        dut._log.info("directed: no WG_STEPS, nothing to play")
        return
    m = _model()
    ins, outs = await _start(dut, m)
    cycle = 0
    for ln, rep, vals, exp in _steps(path):
        for name, v in vals.items():
            getattr(dut, name).value = v
        m.set(**vals)
        for _ in range(rep):
            await Timer(4, "ns")
            got = _compare(dut, m, outs, cycle, "%s:%d" % (path, ln))
            for name, v in exp.items():
                if got[name] != v:
                    raise AssertionError("%s:%d: %s = 0x%x, expected 0x%x" % (path, ln, name, got[name], v))
            m.tick()
            await FallingEdge(dut.clk)
            cycle += 1
    dut._log.info("directed: %d cycles of %s, every output equal to the C model and to the file", cycle, path)


@cocotb.test()
async def random_traffic(dut):
    seed = int(os.environ.get("WG_SEED") or "1")
    cycles = int(os.environ.get("WG_CYCLES") or "20000")
    rng = random.Random(seed)
    m = _model()
    ins, outs = await _start(dut, m)
    width = {p["name"]: p["width"] for p in m.desc["ports"]}
    dut._log.info("random: seed %d, %d cycles (WG_SEED=%d reproduces it)", seed, cycles, seed)
    left, p1 = 0, {}
    for cycle in range(cycles):
        if left == 0:   # a new regime: how often each 1-bit input is 1
            left = rng.randint(64, 512)
            p1 = {name: rng.choice((0.05, 0.3, 0.7, 0.95)) for name in ins}
        left -= 1
        vals = {}
        for name in ins:
            if name == "rst":
                vals[name] = 1 if rng.random() < 1.0 / 5000 else 0
            elif width[name] == 1:
                vals[name] = 1 if rng.random() < p1[name] else 0
            else:
                vals[name] = rng.getrandbits(width[name])
        for name, v in vals.items():
            getattr(dut, name).value = v
        m.set(**vals)
        await Timer(4, "ns")
        _compare(dut, m, outs, cycle, "random, seed %d" % seed)
        m.tick()
        await FallingEdge(dut.clk)
    dut._log.info("random: %d cycles, every output equal to the C model", cycles)
