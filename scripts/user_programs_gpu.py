"""Programs written as a user would, searched on a GPU with measured rewards, against the vendor library or the
copy bandwidth of the same run.

    python3 scripts/user_programs_gpu.py --device nvidia --budget 64 --out DIR [--only matmul,box5] [--search-s 200]

Each case is a program file of tests/data/user_programs/ at GPU sizes. `agents.search.search(FILE?SIZES, "sweep",
budget, reward=measured)` searches LiftGym-Rewrite's space: the named lowerings whose shape the program has
first, then coordinate sweeps over the best one's parameters (the same route as `lift-gym search FILE --strategy
sweep --reward measured`). The best kernel's rate is set against, measured in the same run:
- a program with a vendor operation (mm, bmm, a convolution, softmax, layer norm): the same operation through
  PyTorch (cuBLAS, cuDNN; TF32 off) on tensors of the program's shapes; the ratio is the vendor's time over ours;
- a memory-bound program: the copy bandwidth (compiler.runtime.peaks), by the program's compulsory bytes (every
  row also shows its fraction of the copy bandwidth).
Every trial is recorded, a failed one with its reason. The best episode of each case is written as a replayable
record (`lift-gym replay DIR/best_CASE.json`) with its OpenCL beside it. Writes user_programs.json and
user_programs.md to --out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from gpu_bench import cuda_time  # noqa: E402

from agents.search import search  # noqa: E402
from compiler import arith  # noqa: E402
from compiler.lowering import shape  # noqa: E402
from compiler.runtime.peaks import measure_peaks  # noqa: E402
from compiler.suite import resolve  # noqa: E402
from lift_gym import transition  # noqa: E402
from lift_gym.rewards import RewardConfig  # noqa: E402
from tests.user_programs import PROGRAMS as PROGRAMS_SPECS  # noqa: E402

PROGRAMS = ROOT / "tests" / "data" / "user_programs"
CASES = {  # case -> (program file, sizes, the vendor operation it is set against, or "copy")
    "matmul-2048x512x8192": ("matmul.lift", {"r": 2048, "c": 512, "d": 8192}, "mm"),
    "matmul-4096x4096x1024": ("matmul.lift", {"r": 4096, "c": 4096, "d": 1024}, "mm"),
    "box5-4096": ("box5.lift", {"w": 4096, "h": 4096}, "copy"),
    "box5-8192": ("box5.lift", {"w": 8192, "h": 8192}, "copy"),
    "sumsq-16M": ("sumsq.lift", {"len": 1 << 24}, "copy"),
    "scale-16M": ("scale.lift", {"len": 1 << 24}, "copy"),
    "abt-2048x512x8192": ("abt.lift", {"m": 2048, "n": 512, "k": 8192}, "mm_bt"),
    "bmm-64x256": ("bmm.lift", {"b": 64, "m": 256, "n": 256, "k": 256}, "bmm"),
    "conv-chw-128x28": ("conv_chw.lift", {"chans": 128, "feats": 128, "ht": 28, "wd": 28}, "conv_p1"),
    "conv1x1-256x28": ("conv1x1.lift", {"cin": 256, "cout": 256, "rows": 28, "cols": 28}, "conv_p0"),
    "heat3d-512": ("heat3d.lift", {"nx": 512, "ny": 512, "nz": 512}, "copy"),
    "softmax-4096": ("softmax.lift", {"cols": 4096, "rows": 4096}, "softmax"),
    "layernorm-4096": ("layernorm.lift", {"features": 4096, "tokens": 4096}, "layer_norm"),
    "dense-relu-8192": ("dense_relu.lift", {"fanIn": 8192, "fanOut": 8192}, "copy"),
    "l2norm-16M": ("l2norm.lift", {"n": 1 << 24}, "copy"),
}


def uri_of(case: str) -> str:
    f, sizes, _ = CASES[case]
    return (PROGRAMS / f).as_uri() + "?" + "&".join(f"{k}={v}" for k, v in sizes.items())


def _operands(bench, sizes) -> list:
    """Random CUDA tensors of the program's parameter shapes (outermost first), for the vendor operation."""
    import torch

    out = []
    for p in bench.program.params:
        d = [arith.evaluate(arith.size(n), sizes) for n in shape.dims(p.type)]
        out.append(torch.rand(*d, device="cuda") if d else torch.rand((), device="cuda"))
    return out


def _vendor_ops():
    """operation -> (library, fn(operands) -> thunk): the same computation through PyTorch's vendor libraries (TF32
    off), on tensors of the program's own parameter shapes."""
    import torch
    import torch.nn.functional as F

    def conv(stride: int, pad: int, groups: bool = False):
        def make(ts):
            img, w = ts  # CHW image, (M, C/groups, kH, kW) weights, or (M, C) of a 1x1 convolution
            x = img[None]
            w = w[:, :, None, None] if w.dim() == 2 else w.reshape(w.shape[0], -1, w.shape[-2], w.shape[-1])
            g = img.shape[0] if groups else 1
            return lambda: F.conv2d(x, w, stride=stride, padding=pad, groups=g)
        return make

    return {"mm": ("cuBLAS (torch.mm)", lambda ts: (lambda: torch.mm(ts[0], ts[1]))),
            "mm_bt": ("cuBLAS (torch.mm, B transposed)", lambda ts: (lambda: torch.mm(ts[0], ts[1].t()))),
            "bmm": ("cuBLAS (torch.bmm)", lambda ts: (lambda: torch.bmm(ts[0], ts[1]))),
            "conv_p1": ("cuDNN (conv2d, pad 1)", conv(1, 1)), "conv_p0": ("cuDNN (conv2d)", conv(1, 0)),
            "conv_s2": ("cuDNN (conv2d, stride 2, pad 1)", conv(2, 1)),
            "depthwise": ("cuDNN (conv2d, depthwise, pad 1)", conv(1, 1, groups=True)),
            "softmax": ("torch.softmax", lambda ts: (lambda: torch.softmax(ts[0], dim=-1))),
            "layer_norm": ("torch layer_norm", lambda ts: (lambda: F.layer_norm(ts[0], ts[0].shape[-1:])))}


def vendor(op: str, bench, sizes) -> dict:
    """The vendor operation's time on this machine's CUDA device (median and IQR by CUDA events)."""
    try:
        import torch
    except ImportError:
        return {"why": "no torch"}
    if not torch.cuda.is_available():
        return {"why": "no CUDA device for torch"}
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cudnn.benchmark = True
    library, make = _vendor_ops()[op]
    med, iqr = cuda_time(make(_operands(bench, sizes)))
    return {"library": library, "median_s": med, "iqr_s": iqr, "gflops": bench.flops(sizes) / med / 1e9,
            "gbs": bench.bytes(sizes) / med / 1e9, "device": torch.cuda.get_device_name(0)}


def run(case: str, args, out: Path, copy_gbs: float | None) -> dict:
    uri = uri_of(case)
    bench, sizes = resolve(uri)
    row: dict = {"case": case, "uri": uri, "sizes": sizes}
    reward = RewardConfig(source="measured", device=args.device, store=str(out / "store.sqlite"), profile=args.profile)
    t0 = time.perf_counter()
    res = search(uri, "sweep", args.budget, seed=args.seed, reward=reward, n_slots=args.n_slots,
                 time_limit_s=args.search_s, split_k=args.split_k)
    row["search_s"] = time.perf_counter() - t0
    row["evaluations"] = len(res.trials)
    row["notes"] = list(res.notes)
    row["trials"] = [t.to_dict() for t in res.trials]
    row["failed"] = sum(1 for t in res.trials if t.failure)
    rec = res.best_record
    if rec is not None and res.best is not None and res.best.gflops:
        state = transition.run(uri, rec.actions, rec.seed, rec.transition_config())
        median_s = bench.flops(sizes) / (res.best.gflops * 1e9)
        row["best"] = {"template": state.template, "values": dict(state.assignment), "evaluation": res.best.n,
                       "kernel_key": state.kernel.key, "median_s": median_s, "gflops": res.best.gflops,
                       "gbs": bench.bytes(sizes) / median_s / 1e9, "speedup_vs_default": res.best.speedup}
        (out / f"best_{case}.json").write_text(rec.to_json())
        (out / f"best_{case}.cl").write_text("\n\n".join(k.source for k in state.kernel.kernels))
    kind = CASES[case][2]
    if copy_gbs and "best" in row:
        row["copy"] = {"library": "copy bandwidth", "gbs": copy_gbs, "fraction": row["best"]["gbs"] / copy_gbs}
    if kind == "copy" and "copy" in row:
        row["vendor"], row["ratio"] = row["copy"], row["copy"]["fraction"]
    elif kind != "copy" and not args.no_torch:
        row["vendor"] = vendor(kind, bench, sizes)
        if "best" in row and "median_s" in row["vendor"]:
            row["ratio"] = row["vendor"]["median_s"] / row["best"]["median_s"]
    return row


def table(result: dict) -> str:
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ",
             f"Copy bandwidth (same run): {result.get('copy_gbs') or 0:.0f} GB/s", "",
             "| case | best (lowering, values) | GFLOP/s | GB/s | of copy | against | ratio | evaluations (the "
             "best's) | failed |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        b, v = r.get("best", {}), r.get("vendor", {})
        against = (f"{v['library']} {v['gbs']:.0f} GB/s" if v.get("library") == "copy bandwidth" else
                   f"{v['library']} {v['gflops']:.0f} GFLOP/s, {v['gbs']:.0f} GB/s" if "gflops" in v else
                   v.get("why") or r.get("message", "—"))
        lines.append(f"| {r['case']} | {b.get('template') or 'rules'} {b.get('values', '')} | {b.get('gflops', 0):.0f}"
                     f" | {b.get('gbs', 0):.0f} | {r.get('copy', {}).get('fraction', 0):.0%} | {against}"
                     f" | {r.get('ratio', 0):.3f} | {r.get('evaluations', 0)}"
                     f" ({b.get('evaluation', '—')}) | {r.get('failed', 0)} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None)
    ap.add_argument("--profile", default="h100", help="device profile of the env's tuning limits")
    ap.add_argument("--budget", type=int, default=64, help="measured evaluations per case (at most 256)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-slots", type=int, default=64, help="tuning slots of the env's layout")
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("--search-s", type=float, default=None, help="each search starts no evaluation after this")
    ap.add_argument("--split-k", action="store_true", help="mm tiled's SK is a decision (slices of K summed by a "
                    "second kernel; as `lift-gym search --split-k`)")
    ap.add_argument("--no-torch", action="store_true", help="no vendor baseline")
    ap.add_argument("--small", action="store_true", help="each program at its test sizes (a smoke run on PoCL)")
    ap.add_argument("--out", default=os.environ.get("OUT") or tempfile.mkdtemp(prefix="user-programs-"))
    args = ap.parse_args(argv)
    cases = [c for c in args.only.split(",") if c] or list(CASES)
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        ap.error(f"--only: no case {', '.join(unknown)}; cases: {', '.join(CASES)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    peaks = measure_peaks(args.device)
    dev = peaks.device
    result: dict = {"command": " ".join(["python3", "scripts/user_programs_gpu.py", *(argv or sys.argv[1:])]),
                    "device": f"{dev.device_name} ({dev.platform_name}, driver {dev.driver_version})",
                    "copy_gbs": peaks.copy_gbs, "rows": []}
    for case in cases:
        if args.small:  # the test sizes of the same program (a smoke run on PoCL)
            CASES[case] = (CASES[case][0], PROGRAMS_SPECS[Path(CASES[case][0]).stem].sizes, CASES[case][2])
        try:
            row = run(case, args, out, peaks.copy_gbs)
        except Exception as e:  # recorded; the table goes on
            row = {"case": case, "uri": uri_of(case), "message": f"{type(e).__name__}: {e}"[:300]}
        result["rows"].append(row)
        print(json.dumps({k: row.get(k) for k in ("case", "best", "vendor", "ratio", "evaluations", "failed",
                                                   "message")}, default=str), flush=True)
        (out / "user_programs.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "user_programs.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
