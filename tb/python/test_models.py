"""test_models.py -- the C models through the Python binding (python/warpgen_models.py).
Expectations are the blocks' rules worked out by hand (docs/blocks/*.md), not runs.
Ends with 'N passed, N failed'."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from warpgen_models import Model, describe  # noqa: E402


class Mshr(unittest.TestCase):
    def test_alloc_merge_fill_drain(self):
        m = Model("mshr", preset="small")
        o = m.step(req_valid=1, req_addr=4, req_payload=5)           # first miss to line 4 (small: 3-bit lines and payloads): a new entry
        self.assertEqual((o["req_alloc"], o["req_merge"], o["req_entry"], o["req_merge_len"]), (1, 0, 0, 1))
        o = m.step(req_valid=1, req_addr=4, req_payload=6)           # the same line: merges, length 2
        self.assertEqual((o["req_alloc"], o["req_merge"], o["req_entry"], o["req_merge_len"]), (0, 1, 0, 2))
        o = m.step(req_valid=1, req_addr=5, req_payload=7)           # another line: the next entry
        self.assertEqual((o["req_alloc"], o["req_entry"]), (1, 1))
        m.clear()
        self.assertEqual(m.eval()["occupancy"], 2)
        o = m.step(fill_valid=1, fill_addr=4)                        # the line arrives
        self.assertEqual((o["fill_hit"], o["fill_entry"]), (1, 0))
        m.clear()
        m.set(drain_ready=1)
        payloads = []
        for _ in range(2):                                              # waiters leave in merge order
            o = m.step()
            self.assertEqual((o["drain_valid"], o["drain_addr"]), (1, 4))
            payloads.append((o["drain_payload"], o["drain_last"]))
        self.assertEqual(payloads, [(5, 0), (6, 1)])
        self.assertEqual(m.eval()["occupancy"], 1)                      # taking the last waiter freed the entry


class Eqvote(unittest.TestCase):
    def votes(self, n, ups, downs):
        v = 0
        for i in range(ups):
            v |= 1 << (2 * i)
        for i in range(ups, ups + downs):
            v |= 2 << (2 * i)
        return v

    def test_majority_small(self):
        m = Model("eqvote", preset="small")                             # N = 3, strict majority
        m.step(epoch=1, sm_req=self.votes(3, 2, 0))
        self.assertEqual(m.eval()["sm_level"], 2)                       # 2 * 2 > 3: normal -> high
        m.clear()
        m.step(epoch=1, sm_req=self.votes(3, 1, 1))                     # no majority: stays high
        self.assertEqual(m.eval()["sm_level"], 2)

    def test_maintain_wide_port(self):
        # N = 40: an 80-bit request port, packed into 32-bit words by the binding
        m = Model("eqvote", params={"N": 40, "MAINTAIN": 1})
        self.assertEqual(m.ports["sm_req"]["width"], 80)
        m.step(epoch=1, sm_req=self.votes(40, 21, 0))                   # 21 of 40 up: high
        self.assertEqual(m.eval()["sm_level"], 2)
        m.clear()
        m.step(epoch=1, sm_req=self.votes(40, 20, 0))                   # 20 up, 20 keep: no winner, stays
        self.assertEqual(m.eval()["sm_level"], 2)
        m.clear()
        m.step(epoch=1, sm_req=self.votes(40, 0, 19))                   # 21 keep win: toward normal
        self.assertEqual(m.eval()["sm_level"], 1)


class BadInput(unittest.TestCase):
    def test_errors_name_the_problem(self):
        with self.assertRaisesRegex(ValueError, "unknown block"):
            Model("nosuchblock")
        with self.assertRaisesRegex(ValueError, r"N = 65 is out of range \(legal: 1..64\)"):
            Model("eqvote", params={"N": 65})
        m = Model("eqvote", preset="small")
        with self.assertRaisesRegex(KeyError, "no input port 'sm_lvl'"):
            m.set(sm_lvl=1)
        with self.assertRaisesRegex(ValueError, "6 bits wide"):
            m.set(sm_req=1 << 6)

    def test_descriptor(self):
        d = describe("mshr", preset="small")
        self.assertEqual(d["block"], "mshr")
        self.assertTrue(all(p["c_type"] in ("u32", "u64") or p["c_type"].startswith("u32[") for p in d["ports"]))


if __name__ == "__main__":
    r = unittest.main(exit=False, verbosity=2).result
    n = r.testsRun
    bad = len(r.failures) + len(r.errors)
    print("%d passed, %d failed" % (n - bad, bad))
    sys.exit(1 if bad else 0)
