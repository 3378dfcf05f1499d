#!/usr/bin/env python3
"""Print the selected OpenCL device's DeviceInfo and measured peaks as JSON.

Writes the same JSON to $OUT/peaks.json when OUT is set. Usage:
    python3 scripts/gpu_smoke.py [--device TEXT] [--copy-mib N] [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from compiler.runtime import cl
from compiler.runtime.measure import MeasureConfig, NoiseFloor, measure_in_process, noise_floor
from compiler.runtime.peaks import copy_program, default_copy_bytes, measure_peaks


def _summary(m) -> dict:
    keys = ("status", "message", "median_s", "min_s", "iqr_s", "n_samples", "n_inner", "probe_s",
            "warmup_launches", "build_s", "gflops", "gbs", "stop_reason")
    return {k: getattr(m, k) for k in keys}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None, help="selection string (default: LIFT_GYM_DEVICE or first GPU)")
    ap.add_argument("--copy-mib", type=int, default=None, help="copy buffer size (default 256 GPU, 16 CPU)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats of the copy for the noise floor")
    args = ap.parse_args(argv)

    dev = cl.open_device(args.device)
    config = MeasureConfig()
    copy_bytes = args.copy_mib << 20 if args.copy_mib else default_copy_bytes(dev.info)
    peaks = measure_peaks(dev, config, copy_bytes)
    floor = copy_noise_floor(dev, copy_bytes, config, args.repeats)
    report = {
        "device": dev.info.to_dict(),
        "candidates": [c.describe() for c in cl.list_candidates()],
        "profiling_timer_resolution_ns": int(dev.cl_device.profiling_timer_resolution),
        "copy_gbs": peaks.copy_gbs,
        "fma_gflops": peaks.fma_gflops,
        "copy_buffer_bytes": copy_bytes,
        "copy": _summary(peaks.copy),
        "fma": _summary(peaks.fma),
        "copy_noise_floor": {"medians_s": list(floor.medians), "rel_spread": floor.rel_spread},
        "config": config.to_dict(),
    }
    text = json.dumps(report, indent=2)
    print(text)
    out = os.environ.get("OUT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / "peaks.json").write_text(text + "\n")
    return 0


def copy_noise_floor(dev, copy_bytes: int, config: MeasureConfig, repeats: int) -> NoiseFloor:
    """Relative spread of the copy kernel's median over `repeats` full measurements."""
    program = copy_program(copy_bytes)
    src = {"src": np.ones(program.kernels[0].args[0].size, np.float32)}

    def measure(p, i, g, c):
        return measure_in_process(p, i, g, c, device=dev)

    return noise_floor(program, src, None, config, repeats=repeats, measure=measure)


if __name__ == "__main__":
    sys.exit(main())
