"""Channels-first convolutions of tests/data/user_programs/ on a GPU: the CHW strategy's `tiled` lowering at given
parameter points (and the default lowering), against cuDNN FP32 (torch.nn.functional.conv2d, TF32 off,
cudnn.benchmark on) in the same run.

    python3 scripts/conv_chw_gpu.py --device nvidia --out DIR [--case chw3x3] [--points "TM=32,TN=28;TM=64"]
        [--budget-s 400] [--no-default]

Every kernel is checked against a float64 NumPy reference (written here, independently of the IR) before it is
timed (the runtime's protocol: events, warm-up, batching, median). FLOPs: 2 M C kH kW outH outW. Writes
conv_chw.json to --out.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from gpu_bench import cuda_time, parse_points  # noqa: E402

from compiler.lowering.catalog import lowerings  # noqa: E402
from compiler.runtime.gold import Gold  # noqa: E402
from compiler.runtime.measure import MeasureConfig  # noqa: E402
from compiler.runtime.worker import MeasureWorker  # noqa: E402
from compiler.suite.user import load_benchmark  # noqa: E402

PROGRAMS = ROOT / "tests" / "data" / "user_programs"
# case -> (file, sizes, (image name, filter name), (C, H, W, M, kH, kW, stride, pad))
CASES = {
    "chw3x3": ("conv_chw.lift", {"chans": 128, "ht": 28, "wd": 28, "feats": 128}, (128, 28, 28, 128, 3, 3, 1, 1)),
    "chw1x1": ("conv1x1.lift", {"cin": 256, "rows": 28, "cols": 28, "cout": 256}, (256, 28, 28, 256, 1, 1, 1, 0)),
    "chw3x3s2": ("conv_s2.lift", {"c": 128, "n": 55, "k": 256}, (128, 55, 55, 256, 3, 3, 2, 1)),
    "tiny": ("conv_chw.lift", {"chans": 4, "ht": 6, "wd": 6, "feats": 8}, (4, 6, 6, 8, 3, 3, 1, 1)),
    "tiny1x1": ("conv1x1.lift", {"cin": 8, "rows": 4, "cols": 8, "cout": 8}, (8, 4, 8, 8, 1, 1, 1, 0)),
}


def reference(x: np.ndarray, w: np.ndarray, stride: int, pad: int) -> tuple[np.ndarray, np.ndarray]:
    """The convolution in float64 and the bound of a float32 evaluation (|w| |x| summed, times K eps)."""
    c, h, wd = x.shape
    m = w.shape[0]
    w4 = w.reshape(m, c, *(w.shape[2:] or (1, 1))).astype(np.float64)
    kh, kw = w4.shape[2:]
    xp = np.pad(x.astype(np.float64), ((0, 0), (pad, pad), (pad, pad)))
    oh, ow = (h + 2 * pad - kh) // stride + 1, (wd + 2 * pad - kw) // stride + 1
    out = np.zeros((m, oh, ow))
    mag = np.zeros((m, oh, ow))
    for a in range(kh):
        for b in range(kw):
            patch = xp[:, a:a + stride * (oh - 1) + 1:stride, b:b + stride * (ow - 1) + 1:stride]
            out += np.einsum("mc,chw->mhw", w4[:, :, a, b], patch)
            mag += np.einsum("mc,chw->mhw", np.abs(w4[:, :, a, b]), np.abs(patch))
    return out, mag * (c * kh * kw + 2) * np.finfo(np.float32).eps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None)
    ap.add_argument("--case", default=",".join(CASES))
    ap.add_argument("--points", default="", help="'k=v,k=v;k=v' or @FILE holding such a text")
    ap.add_argument("--budget-s", type=float, default=400.0)
    ap.add_argument("--no-default", action="store_true")
    ap.add_argument("--out", default=os.environ.get("OUT", "bench-out"))
    args = ap.parse_args(argv)
    if args.points.startswith("@"):
        args.points = Path(args.points[1:]).read_text().strip()
    end = time.time() + args.budget_s
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    rows: list[dict] = []
    result = {"command": " ".join(["python3", "scripts/conv_chw_gpu.py", *(argv or sys.argv[1:])]), "rows": rows}
    config = MeasureConfig()
    with MeasureWorker(args.device) as worker:
        result["device"] = f"{worker.info.device_name} ({worker.info.platform_name})"
        for case in args.case.split(","):
            f, sizes, (c, h, wd, m, kh, kw, stride, pad) = CASES[case]
            bench = load_benchmark(PROGRAMS / f)
            img, filt = (p.name for p in bench.program.params)
            x = rng.uniform(-1, 1, (c, h, wd)).astype(np.float32)
            w = rng.uniform(-1, 1, (m, c, kh, kw) if kh * kw > 1 else (m, c)).astype(np.float32)
            ref, bound = reference(x, w, stride, pad)
            oh, ow = ref.shape[1:]
            flops = 2.0 * m * c * kh * kw * oh * ow
            gold = Gold(ref.astype(np.float32).reshape(-1), bound.reshape(-1))
            lows = lowerings(bench)
            runs = [("tiled", p) for p in [{}, *parse_points(args.points)]]
            if not args.no_default:
                runs.insert(0, ("default", None))
            for name, point in runs:
                row = {"case": case, "lowering": name, "point": point}
                if time.time() > end:
                    rows.append({**row, "status": "skipped"})
                    continue
                try:
                    lowered = lows[name](sizes, point)
                    row["params"] = dict(lowered.params)
                    kp = dataclasses.replace(lowered.compile(), flops=flops)
                    meas = worker.measure(kp, {img: x.reshape(-1), filt: w.reshape(-1)},
                                          {kp.outputs[0]: gold}, config)
                    d = meas.to_dict()
                    row.update({k: v for k, v in d.items() if k in ("status", "median_s", "iqr_s", "message")})
                    if d.get("median_s"):
                        row["gflops"] = flops / d["median_s"] / 1e9
                except Exception as e:  # a failing point is recorded, the others go on
                    row.update(status="error", message=f"{type(e).__name__}: {e}"[:400])
                rows.append(row)
                print(json.dumps(row), flush=True)
            try:
                import torch
                torch.backends.cuda.matmul.allow_tf32 = False
                torch.backends.cudnn.allow_tf32 = False
                torch.backends.cudnn.benchmark = True
                tx = torch.from_numpy(x).cuda()[None]
                tw = torch.from_numpy(w.reshape(m, c, kh, kw)).cuda()
                med, iqr = cuda_time(lambda: torch.nn.functional.conv2d(tx, tw, stride=stride, padding=pad))  # noqa: B023
                row = {"case": case, "lowering": "cudnn", "median_s": med, "iqr_s": iqr, "gflops": flops / med / 1e9}
            except Exception as e:
                row = {"case": case, "lowering": "cudnn", "status": "error", "message": str(e)[:300]}
            rows.append(row)
            print(json.dumps(row), flush=True)
    (out / "conv_chw.json").write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
