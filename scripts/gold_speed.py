"""The time of one benchmark's gold output (the interpreter of its high-level program) and of its NumPy
reference and summation bound, as `lift-gym check` computes them, at one size preset, URI sizes or --sizes:

    python3 scripts/gold_speed.py 'benchmark://lift/mm?M=4096&N=4096&K=4096'
    python3 scripts/gold_speed.py benchmark://lift/conv --size vgg16-7
    python3 scripts/gold_speed.py tests/data/user_programs/heat3d.lift --sizes nx=512,ny=512,nz=512

Prints one line: the sizes, the seconds of each part (wall clock) and the largest absolute difference between
the interpreter's float32 output and the float64 reference. CPU only (no device).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents.cli import load_target
from compiler.ir.interpret import interpret


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("uri", metavar="URI|FILE", help="benchmark URI (sizes in the query or by --size) or program file")
    ap.add_argument("--size", default=None, help="size preset (default, small, vgg16-7, 8192, ...)")
    ap.add_argument("--sizes", default=None, metavar="K=V,...", help="sizes, replacing the preset's")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t = load_target(args.uri, args.size, args.sizes)
    b = t.benchmark
    if b is None:
        raise SystemExit(f"{args.uri}: not a benchmark with a reference")
    inputs = b.make_inputs(t.sizes, np.random.default_rng(args.seed))
    t0 = time.perf_counter()
    out = interpret(t.program, inputs, t.sizes)
    t1 = time.perf_counter()
    ref = b.reference(inputs, t.sizes)
    t2 = time.perf_counter()
    b.error_bound(inputs, t.sizes)
    t3 = time.perf_counter()
    diff = float(np.max(np.abs(np.asarray(out, np.float64) - ref)))
    print(f"{args.uri} {args.size or ''} sizes={t.sizes} interpret {t1 - t0:.2f}s reference {t2 - t1:.2f}s "
          f"bound {t3 - t2:.2f}s max|out - ref| {diff:.3g}", flush=True)


if __name__ == "__main__":
    main()
