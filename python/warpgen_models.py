"""warpgen_models -- warpgen's C reference models from Python (ctypes, no compiled extension).

A Model is one instance of one block at one parameter set, driven the way the
lockstep harness and warpsim drive it: set input ports by name, eval() for this
cycle's outputs, tick() for the clock edge (step() does both).  Every name, width,
legal range and the C layout of the I/O structs comes from the block's descriptor
('warpgen describe BLOCK --json'); nothing about a block is typed here.

    from warpgen_models import Model
    m = Model("mshr", preset="small")          # or params={"ENTRIES": 8, ...}
    m.set(req_valid=1, req_addr=0x40, req_payload=3)
    out = m.step()                             # {"req_alloc": 1, "req_entry": 0, ...}

Where the files are: WARPGEN (the warpgen binary) and WGSIM_LIB (libwgsim.so) in
the environment, else a checkout's build/ beside this file's python/, else an
installation's PREFIX/bin/warpgen and PREFIX/lib/libwgsim.so ('make install').
docs/python.md walks through it.
"""

import ctypes
import json
import os
import shutil
import subprocess

_HERE = os.path.dirname(os.path.abspath(__file__))


def _first(candidates, what, env):
    for c in candidates:
        if c and os.path.exists(c):
            return c
    raise FileNotFoundError("warpgen_models: no %s found (set %s; tried %s)" % (what, env, ", ".join(c for c in candidates if c)))


def _warpgen_path():
    return _first([os.environ.get("WARPGEN"), os.path.join(_HERE, "..", "build", "warpgen"),
                   os.path.join(_HERE, "..", "..", "..", "bin", "warpgen"), shutil.which("warpgen")],
                  "warpgen binary", "WARPGEN")


def _lib_path():
    return _first([os.environ.get("WGSIM_LIB"), os.path.join(_HERE, "..", "build", "lib", "libwgsim.so"),
                   os.path.join(_HERE, "..", "..", "libwgsim.so")], "libwgsim.so", "WGSIM_LIB")


class _Ops(ctypes.Structure):
    """wg_model_ops (sim/models/models.h)"""
    _fields_ = [("block", ctypes.c_char_p), ("size", ctypes.c_size_t),
                ("init", ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)),
                ("reset", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
                ("eval", ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)),
                ("tick", ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p))]


_lib = None


def _library():
    global _lib
    if _lib is None:
        _lib = ctypes.CDLL(_lib_path())
        _lib.wg_find_model.restype = ctypes.POINTER(_Ops)
        _lib.wg_find_model.argtypes = [ctypes.c_char_p]
    return _lib


def describe(block, preset=None, params=None):
    """The descriptor of BLOCK at a parameter set, as 'warpgen describe --json' gives it.
    Bad input (unknown block or parameter, out of range) raises ValueError with warpgen's message."""
    cmd = [_warpgen_path(), "describe", block, "--json"]
    if preset:
        cmd += ["--preset", preset]
    for k, v in (params or {}).items():
        cmd += ["-p", "%s=%d" % (k, v)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise ValueError(r.stderr.strip() or r.stdout.strip())
    return json.loads(r.stdout)


def _ctype(c_type):
    if c_type == "u32":
        return ctypes.c_uint32
    if c_type == "u64":
        return ctypes.c_uint64
    words = int(c_type[len("u32["):-1])
    return ctypes.c_uint32 * words


class Model:
    """One block instance at one parameter set; reset on construction (one cycle with rst = 1)."""

    def __init__(self, block, preset=None, params=None):
        self.desc = describe(block, preset, params)
        self.block = block
        self.params = {p["name"]: p["value"] for p in self.desc["params"]}
        self.ports = {p["name"]: p for p in self.desc["ports"]}
        ops = _library().wg_find_model(block.encode())
        if not ops:
            raise ValueError("libwgsim.so has no model of block '%s'" % block)
        self._ops = ops.contents
        fields = {d: [(p["name"], _ctype(p["c_type"])) for p in self.desc["ports"] if p["dir"] == d] for d in ("in", "out")}
        self._In = type(block + "_in", (ctypes.Structure,), {"_fields_": fields["in"]})
        self._Out = type(block + "_out", (ctypes.Structure,), {"_fields_": fields["out"]})
        Params = type(block + "_params", (ctypes.Structure,),
                      {"_fields_": [(p["name"], ctypes.c_int64) for p in self.desc["params"]]})
        self._params = Params(*[p["value"] for p in self.desc["params"]])
        self._state = ctypes.create_string_buffer(self._ops.size)
        if self._ops.init(self._state, ctypes.byref(self._params)) != 0:
            raise ValueError("the %s model refuses the parameter set %s (a cross-parameter rule: see "
                             "docs/blocks/%s.md)" % (block, self.desc["parameter_set"], block))
        self.inp = self._In()
        self.out = self._Out()
        self.cycle = 0
        self.reset()

    # -- ports ---------------------------------------------------------------------
    def _port(self, name, direction):
        p = self.ports.get(name)
        if p is None or p["dir"] != direction:
            names = ", ".join(n for n, q in self.ports.items() if q["dir"] == direction)
            raise KeyError("%s has no %s port '%s' (%s ports: %s)" % (self.block, "input" if direction == "in" else "output",
                                                                      name, direction, names))
        return p

    def set(self, **values):
        """Set input ports by name; an integer of any width (wide ports are packed into 32-bit words).
        A value wider than the port at this parameter set raises ValueError."""
        for name, v in values.items():
            p = self._port(name, "in")
            v = int(v)
            if v < 0 or v >> p["width"]:
                raise ValueError("%s.%s is %d bits wide at %s; %d does not fit" % (self.block, name, p["width"],
                                                                                   self.desc["parameter_set"], v))
            if p["c_type"].startswith("u32["):
                arr = getattr(self.inp, name)
                for i in range(len(arr)):
                    arr[i] = (v >> (32 * i)) & 0xFFFFFFFF
            else:
                setattr(self.inp, name, v)

    def clear(self):
        """Every input port to 0."""
        self.inp = self._In()

    def get(self, name):
        """An output port's value after the last eval()/step(), as an integer."""
        p = self._port(name, "out")
        f = getattr(self.out, name)
        if p["c_type"].startswith("u32["):
            return sum(int(w) << (32 * i) for i, w in enumerate(f))
        return int(f)

    def outputs(self):
        return {name: self.get(name) for name, p in self.ports.items() if p["dir"] == "out"}

    # -- the clock -----------------------------------------------------------------
    def eval(self):
        """This cycle's outputs for the current inputs (no state change); returns them as a dict."""
        self._ops.eval(self._state, ctypes.byref(self.inp), ctypes.byref(self.out))
        return self.outputs()

    def tick(self):
        """The rising clock edge with the current inputs."""
        self._ops.tick(self._state, ctypes.byref(self.inp))
        self.cycle += 1

    def step(self, **values):
        """Set the given inputs, eval, tick; returns the outputs of the cycle (before the edge)."""
        if values:
            self.set(**values)
        out = self.eval()
        self.tick()
        return out

    def reset(self):
        """One cycle with rst = 1 and every other input 0, as the RTL's reset (then inputs are cleared)."""
        self.clear()
        self.set(rst=1)
        self.step()
        self.clear()
