"""Registers and spills (`-cl-nv-verbose`) of the 2-D stencils' column-block kernels with the vector loads at the
top of the block (hoist 1, what the code generator does) and at their first use (hoist 0), measured beside; run
from the repository root on the device (prints one line per kernel)."""

import dataclasses
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hoist_ab import compiled

from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve

KERNELS = [("gaussian", 8, 1, 1), ("gaussian", 8, 4, 1), ("gaussian", 8, 4, 0), ("gaussian", 8, 2, 1),
           ("gaussian", 8, 2, 0), ("srad1", 4, 1, 1), ("srad1", 4, 2, 1), ("srad1", 4, 2, 0), ("stencil2d", 8, 4, 1),
           ("stencil2d", 8, 4, 0)]


def main():
    with MeasureWorker(os.environ.get("DEV", "nvidia")) as worker:
        for name, r, c, hoist in KERNELS:
            bench, sizes = resolve(f"benchmark://lift/{name}?N=8192&M=8192")
            inputs = bench.make_inputs(sizes, np.random.default_rng(0))
            ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
            flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
            kp = compiled(lowerings(bench)["default"], sizes, r, c, hoist, None)
            kp = dataclasses.replace(kp, bytes=float(bench.bytes(sizes)), kernels=tuple(
                dataclasses.replace(k, build_options=("-cl-nv-verbose",)) for k in kp.kernels))
            m = worker.measure(kp, flat, {kp.outputs[0]: ref}, MeasureConfig())
            log = [line.strip() for line in m.build_log.splitlines() if "registers" in line or "spill" in line]
            print(name, (r, c), f"hoist={hoist}", m.status, f"{m.gbs or 0:.0f} GB/s", log[:4], flush=True)


if __name__ == "__main__":
    main()
