"""Where one measured evaluation's time goes: the gold, the worker's build/check/timing, in process with the
correctness checks on the device and on the host (two measurements each), and in process under cProfile.

    python3 scripts/profile_measure.py --device nvidia 'benchmark://lift/jacobi2d-5pt?N=8192&M=8192' [--out FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.lowering import stages
from compiler.lowering.presets import baseline
from compiler.runtime import cl
from compiler.runtime.measure import MeasureConfig, measure_in_process
from compiler.runtime.worker import MeasureWorker
from lift_gym.rewards import _inputs_and_gold


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("uri")
    ap.add_argument("--device", default=None)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    _, sizes = stages.resolve(args.uri)
    report: dict = {"uri": args.uri}
    t = time.perf_counter()
    inputs, gold = _inputs_and_gold(args.uri, tuple(sorted(sizes.items())), 0)
    report["gold_s"] = time.perf_counter() - t
    kernel = baseline(args.uri).kernel
    golds = dict(zip(kernel.outputs, gold if isinstance(gold, tuple) else (gold,), strict=True))
    arrays = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items() if k in kernel.inputs}
    dev = cl.open_device(args.device)  # opened once per process: the worker opens its own
    device_checks = report["device_checks"] = dev.device_checks
    with MeasureWorker(args.device) as worker:
        for i in range(2):
            t = time.perf_counter()
            m = worker.measure(kernel, arrays, golds, MeasureConfig())
            report[f"worker_{i}_s"] = time.perf_counter() - t
            report[f"worker_{i}"] = {k: getattr(m, k, None) for k in ("status", "median_s", "build_s", "probe_s")}
    for checks in (True, False):  # the correctness checks on the device (where it has doubles), then on the host
        dev.device_checks = checks and device_checks
        for i in range(2):
            t = time.perf_counter()
            m = measure_in_process(kernel, arrays, golds, MeasureConfig(), device=dev)
            key = f"in_process_{'device' if dev.device_checks else 'host'}_checks_{i}"
            report[key + "_s"] = time.perf_counter() - t
            report[key] = {k: getattr(m, k, None) for k in ("status", "median_s", "build_s")}
    dev.device_checks = device_checks
    pr = cProfile.Profile()
    t = time.perf_counter()
    pr.enable()
    m = measure_in_process(kernel, arrays, golds, MeasureConfig(), device=dev)
    pr.disable()
    report["in_process_s"] = time.perf_counter() - t
    buf = io.StringIO()
    pstats.Stats(pr, stream=buf).sort_stats("cumulative").print_stats(30)
    report["profile"] = buf.getvalue()
    text = json.dumps(report, indent=1, default=str)
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
