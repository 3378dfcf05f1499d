
import dataclasses
import os
import sys

import numpy as np

sys.path.insert(0, os.getcwd())
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe_gaussian as g

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve


def main():
    bench, sizes = resolve("benchmark://lift/gaussian?N=8192&M=8192")
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
    flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    low = lowerings(bench)["default"]
    progs = []
    for p, vec in (
        ({"rowsPerItem": 8, "colsPerItem": 1}, 0),
        ({"rowsPerItem": 4, "colsPerItem": 4}, 4),
        ({"rowsPerItem": 8, "colsPerItem": 4}, 4),
    ):
        kp = low(sizes, p).compile(vector_loads=vec)
        progs.append((f"{p} vec={vec}", kp))
    k = Kernel(
        "g4",
        g.src(8, 8192, 8192),
        (
            KernelArg("grid", "in", "float", 8192 * 8192),
            KernelArg("weights", "in", "float", 25),
            KernelArg("out", "out", "float", 8192 * 8192),
        ),
        (2048, 1024),
        (32, 8),
    )
    progs.append(("probe R=8", KernelProgram((k,), inputs=("grid", "weights"), outputs=("out",))))
    with MeasureWorker("nvidia") as w:
        for name, kp in progs:
            kp = dataclasses.replace(
                kp,
                bytes=float(bench.bytes(sizes)),
                kernels=tuple(dataclasses.replace(k, build_options=("-cl-nv-verbose",)) for k in kp.kernels),
            )
            m = w.measure(kp, flat, {kp.outputs[0]: ref}, MeasureConfig())
            print(
                name,
                m.status,
                m.gbs,
                [l for l in m.build_log.splitlines() if "registers" in l or "spill" in l or "stack" in l][:6],
                flush=True,
            )


if __name__ == "__main__":
    main()
