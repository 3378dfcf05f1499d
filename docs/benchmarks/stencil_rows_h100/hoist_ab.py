"""The 2-D stencils' default lowering with the vector loads of a block at the top of the block (hoist 1, what the
code generator does) or where their first lane is used (hoist 0), at several blocks and work-group shapes, with
the copy bandwidth; run from the repository root on the device (`OUT` is where hoist.json goes)."""

import dataclasses
import json
import os
import time
from pathlib import Path

import numpy as np

from compiler.codegen import pipeline, vecload
from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.peaks import measure_copy
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve

DEV = os.environ.get("DEV", "nvidia")
GAUSSIAN = [(8, 1, 1, None), (4, 2, 1, None), (4, 2, 0, None), (8, 2, 1, None), (8, 2, 0, None), (2, 4, 1, None),
            (2, 4, 0, None), (4, 4, 1, None), (8, 4, 1, None), (2, 2, 1, None), (16, 2, 1, None), (4, 2, 1, (64, 4)),
            (4, 2, 1, (16, 16)), (8, 2, 1, (64, 4)), (2, 4, 1, (64, 4)), (8, 4, 1, (64, 4))]
OTHERS = [(4, 1, 1, None), (4, 2, 1, None), (4, 2, 0, None), (2, 4, 1, None)]
PLAN = [("gaussian", GAUSSIAN)] + [(n, OTHERS) for n in ("stencil2d", "jacobi2d-9pt", "jacobi2d-5pt", "srad1", "srad2",
                                                         "hotspot2d", "gradient")]


def compiled(low, sizes, rows, cols, hoist, wg):
    plain = vecload.vector_loads
    pipeline.vector_loads = lambda stmts, width: plain(stmts, width, hoist=bool(hoist))
    try:
        kp = low(sizes, {"rowsPerItem": rows, "colsPerItem": cols}).compile()
    finally:
        pipeline.vector_loads = plain
    if wg:
        kp = dataclasses.replace(kp, kernels=(dataclasses.replace(kp.kernels[0], local_size=wg),))
    return kp


def main():
    out = Path(os.environ.get("OUT", "/tmp/hoist")) / "hoist.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    start, copy = time.time(), measure_copy(DEV)
    rows = [{"copy_gbs": copy.gbs}]
    with MeasureWorker(DEV) as worker:
        for name, points in PLAN:
            bench, sizes = resolve(f"benchmark://lift/{name}?N=8192&M=8192")
            inputs = bench.make_inputs(sizes, np.random.default_rng(0))
            ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
            flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
            low = lowerings(bench)["default"]
            for r, c, hoist, wg in points:
                if time.time() - start > 500:
                    break
                kp = compiled(low, sizes, r, c, hoist, wg)
                kp = dataclasses.replace(kp, bytes=float(bench.bytes(sizes)), flops=float(bench.flops(sizes)))
                m = worker.measure(kp, flat, {kp.outputs[0]: ref}, MeasureConfig())
                rows.append({"bench": name, "rows": r, "cols": c, "hoist": hoist, "wg": wg or kp.kernels[0].local_size,
                             "status": m.status, "msg": m.message[:160], "gbs": m.gbs,
                             "pct": (m.gbs or 0) / copy.gbs * 100, "us": (m.median_s or 0) * 1e6})
                print(json.dumps(rows[-1]), flush=True)
                out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
