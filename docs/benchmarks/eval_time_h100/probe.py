"""Probe (not product): where the seconds of one measured evaluation go at mm n³ (4096³ by default). For a few
points of the tiled lowering: the code generator, the request's wall time in the measuring worker, and, from the
worker's own Measurement, the device build and the timed launches (warm-up + samples x inner launches x median).
What is left of the wall time is the request's transfer (inputs and gold through the pipe), the upload and the
check.

    python3 docs/benchmarks/eval_time_h100/probe.py [--device nvidia] [--n 4096]
"""

import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve


def main() -> None:
    device = sys.argv[sys.argv.index("--device") + 1] if "--device" in sys.argv else None
    n = int(sys.argv[sys.argv.index("--n") + 1]) if "--n" in sys.argv else 4096
    bench, sizes = resolve(f"benchmark://lift/mm?M={n}&N={n}&K={n}")
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    t0 = time.perf_counter()
    gold = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
    print(json.dumps({"reference_s": time.perf_counter() - t0}), flush=True)
    flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    base = {"TM": 128, "TN": 128, "TK": 8, "RM": 8, "RN": 8, "VW": 4, "KU": 0, "CB": 1, "AT": 1}
    points = [{**base, "PF": 1}, {**base, "PF": 0}, {**base, "KU": 1, "PF": 1},
              {"TM": 64, "TN": 64, "TK": 16, "RM": 4, "RN": 4, "VW": 4}, {"TM": 32, "TN": 32, "TK": 8, "RM": 2, "RN": 2,
                                                                          "VW": 1}]
    with MeasureWorker(device) as worker:
        for point in points:
            t0 = time.perf_counter()
            kp = lowerings("mm")["tiled"](sizes, point).compile()
            codegen_s = time.perf_counter() - t0
            for attempt in (1, 2):  # the second: the device's build cache may answer
                t0 = time.perf_counter()
                m = worker.measure(kp, flat, {kp.outputs[0]: gold}, MeasureConfig())
                wall = time.perf_counter() - t0
                timed = (m.warmup_launches + (m.n_samples or 0) * (m.n_inner or 0)) * (m.median_s or 0)
                print(json.dumps({"point": point, "attempt": attempt, "status": m.status, "codegen_s": codegen_s,
                                  "wall_s": wall, "build_s": m.build_s, "timed_launches_s": timed,
                                  "rest_s": wall - (m.build_s or 0) - timed, "median_ms": (m.median_s or 0) * 1e3,
                                  "samples": m.n_samples, "inner": m.n_inner, "warmup": m.warmup_launches}), flush=True)


if __name__ == "__main__":
    main()
