"""Probe (not product; it opens OpenCL itself to read the PTX): mm kernels of the tiled lowering beside a
hand-written reference.

    NOVAR=1 NOHAND=1 python3 mm_probe.py '[[4096, {"TM": 128, "TN": 128, "TK": 8, "RM": 8, "RN": 8, "VW": 4, "CB": 1}]]'

For each [M, point] (M = N = K): the lowering's kernel as generated ("gen"); unless NOVAR, the same text with
every vloadn/vstoren rewritten as an aligned vector element ("aligned", NOALIGNED skips timing it), with UNROLL
the step loop marked `#pragma unroll` (UNROLLONLY: only that), with REGCAP a 128-register cap and a required
work-group size. A point's "_vs": 1 compiles it with vector stores (`vector_loads=4`). Unless NOHAND, the
hand-written 128 x 128 kernel of `hand_mm.cl` (-DTK, -DDB double buffering, -DROWS strided rows and A as read,
-DATS / -DATM A copied by scalars) at 4096 and 1024 (SMALL: 256). Each kernel is built with -cl-nv-verbose on
NVIDIA (ptxas registers, the PTX's load and store counts), checked against float64 NumPy (max error relative to
the largest |C|, 1e-4), and timed with events: 3 warm-up launches, then 15 batches of about 20 ms, the median.
cuBLAS SGEMM (TF32 off, through torch) at the same sizes last. Writes mm_probe.json to $OUT.
"""

import json
import os
import re
import sys
from pathlib import Path

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.getcwd())
from compiler.lowering.catalog import lowerings
from compiler.suite import resolve

OUT = os.environ.get("OUT", "/tmp/probe_out")
os.makedirs(OUT, exist_ok=True)
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
dev = ctx.devices[0]
print(dev.name, dev.platform.name, flush=True)


def split_args(s, start):
    """args of a call whose '(' is at s[start]; returns (args, end index after ')')"""
    depth, i, args, cur = 0, start, [], start + 1
    while True:
        c = s[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                args.append(s[cur:i])
                return args, i + 1
        elif c == "," and depth == 1:
            args.append(s[cur:i])
            cur = i + 1
        i += 1


def aligned(src, spaces):
    src = re.sub(r"local float (\w+)\[(\d+)\];", r"local float \1[\2] __attribute__((aligned(16)));", src)
    src = src.replace("(const global float4*)A)[", "(const global float4*)A)[")
    out, i = [], 0
    pat = re.compile(r"\b(vload|vstore)(\d+)\(")
    while True:
        m = pat.search(src, i)
        if not m:
            out.append(src[i:])
            break
        args, end = split_args(src, m.end() - 1)
        ptr = args[-1].strip()
        if not re.fullmatch(r"\w+", ptr):
            out.append(src[i:end])
            i = end
            continue
        w = m.group(2)
        sp = spaces.get(ptr, "global")
        out.append(src[i : m.start()])
        a = [aligned(x, spaces) for x in args]
        if m.group(1) == "vload":
            out.append(f"(({sp} float{w}*){ptr})[{a[0].strip()}]")
        else:
            out.append(f"(({sp} float{w}*){ptr})[{a[1].strip()}] = {a[0].strip()}")
        i = end
    return "".join(out)


def ptx_counts(prg):
    ptx = prg.get_info(cl.program_info.BINARIES)[0].decode(errors="replace")
    keys = [
        "ld.shared.v4.f32",
        "ld.shared.v2.f32",
        "ld.shared.f32",
        "st.shared.v4.f32",
        "st.shared.f32",
        "ld.global.nc.v4.f32",
        "ld.global.v4.f32",
        "ld.global.nc.f32",
        "ld.global.f32",
        "st.global.v4.f32",
        "st.global.f32",
        "fma.rn.f32",
    ]
    return {k: ptx.count(k + " ") + ptx.count(k + "\t") for k in keys}, ptx


def time_kernel(knl, gsize, lsize, args, flops, reps=None):
    for _ in range(3):
        knl(q, gsize, lsize, *args)
    q.finish()
    ev = knl(q, gsize, lsize, *args)
    ev.wait()
    one = (ev.profile.end - ev.profile.start) * 1e-9
    n = max(1, int(0.02 / one))
    samples = []
    for _ in range(15):
        e0 = knl(q, gsize, lsize, *args)
        for _ in range(n - 2):
            knl(q, gsize, lsize, *args)
        e1 = knl(q, gsize, lsize, *args) if n > 1 else e0
        e1.wait()
        samples.append((e1.profile.end - e0.profile.start) * 1e-9 / n)
    med = float(np.median(samples))
    q75, q25 = np.percentile(samples, [75, 25])
    return {"median_ms": med * 1e3, "iqr_pct": 100 * (q75 - q25) / med, "gflops": flops / med / 1e9}


results = []


def run_case(label, src, gsize, lsize, M, N, K, extra_args=(), opts=""):
    rng = np.random.default_rng(0)
    A = rng.standard_normal((M, K), dtype=np.float32)
    B = rng.standard_normal((K, N), dtype=np.float32)
    mf = cl.mem_flags
    dA = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A)
    dB = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=B)
    dC = cl.Buffer(ctx, mf.WRITE_ONLY, M * N * 4)
    row = {"label": label, "M": M, "N": N, "K": K}
    try:
        prg = cl.Program(ctx, src).build(options=opts + (" -cl-nv-verbose" if "NVIDIA" in dev.platform.name else ""))
        log = prg.get_build_info(dev, cl.program_build_info.LOG)
        row["ptxas"] = [l.strip() for l in log.splitlines() if "ptxas" in l and ("Used" in l or "spill" in l)]
        row["ptx"] = ptx_counts(prg)[0] if "NVIDIA" in dev.platform.name else {}
        knl = prg.mm
        args = (dA, dB, dC, *extra_args)
        knl(q, gsize, lsize, *args)
        q.finish()
        C = np.empty((M, N), np.float32)
        cl.enqueue_copy(q, C, dC)
        q.finish()
        ref = A.astype(np.float64) @ B.astype(np.float64)
        err = float(np.max(np.abs(C - ref)) / np.max(np.abs(ref)))
        row["max_err_rel"] = err
        if err > 1e-4:
            row["status"] = "wrong"
        else:
            row.update(time_kernel(knl, gsize, lsize, args, 2.0 * M * N * K))
            row["status"] = "ok"
    except Exception as e:
        row["status"] = f"error: {type(e).__name__}: {str(e)[:300]}"
    print(json.dumps({k: v for k, v in row.items()}), flush=True)
    results.append(row)


def generated(M, N, K, params):
    params = dict(params)
    vs = params.pop("_vs", 0)
    _, sizes = resolve(f"benchmark://lift/mm?M={M}&N={N}&K={K}")
    kp = lowerings("mm")["tiled"](sizes, params).compile(**({"vector_loads": 4} if vs else {}))
    k = kp.kernels[0]
    return k.source, k.global_size, k.local_size


SPACES = {"A": "const global", "B": "const global", "out": "global", "local_buf": "local", "local_buf2": "local"}
cases = json.loads(sys.argv[1]) if len(sys.argv) > 1 else []
for M, params in cases:
    src, g, l = generated(M, M, M, params)
    tag = ",".join(f"{k}{v}" for k, v in params.items())
    run_case(f"gen {M} {tag}", src, g, l, M, M, M)
    if os.environ.get("NOVAR"):
        continue
    src2 = aligned(src, SPACES)
    if not os.environ.get("NOALIGNED"):
        run_case(f"aligned {M} {tag}", src2, g, l, M, M, M)
    if os.environ.get("UNROLL"):
        src4 = re.sub(r"(\n\s*)(for \(int j = 0; j < \d+; j\+\+\) \{  // reduceSeq)", r"\1#pragma unroll\1\2", src2)
        if src4 == src2:
            continue
        run_case(f"aligned+unroll {M} {tag}", src4, g, l, M, M, M)
        if os.environ.get("UNROLLONLY"):
            continue
        src5 = src4.replace(
            "kernel void mm(", f"kernel __attribute__((reqd_work_group_size({l[0]}, {l[1]}, 1))) void mm("
        )
        run_case(f"unroll+reqd {M} {tag}", src5, g, l, M, M, M)
        src6 = re.sub(r"(\n\s*)(for \(int l_id_1 = get_local_id\(1\);)", r"\1#pragma unroll\1\2", src4)
        run_case(f"unroll+copyunroll {M} {tag}", src6, g, l, M, M, M)
        src7 = src6.replace(
            "kernel void mm(", f"kernel __attribute__((reqd_work_group_size({l[0]}, {l[1]}, 1))) void mm("
        )
        run_case(f"unroll+copyunroll+reqd {M} {tag}", src7, g, l, M, M, M)
    if os.environ.get("REGCAP"):
        run_case(f"aligned+cap128 {M} {tag}", src2, g, l, M, M, M, opts="-cl-nv-maxrregcount=128")
        src3 = src2.replace(
            "kernel void mm(", f"kernel __attribute__((reqd_work_group_size({l[0]}, {l[1]}, 1))) void mm("
        )
        run_case(f"aligned+reqd {M} {tag}", src3, g, l, M, M, M)

hand = (Path(__file__).parent / "hand_mm.cl").read_text()
SIZES = (256,) if os.environ.get("SMALL") else (4096, 1024)
SIZES_H = () if os.environ.get("NOHAND") else SIZES
for M in SIZES_H:
    for tk, db, mode in (
        (16, 0, ""),
        (16, 0, "ATS"),
        (16, 0, "ATM"),
        (8, 0, ""),
        (8, 0, "ATS"),
        (8, 0, "ATM"),
        (8, 1, ""),
        (8, 1, "ATS"),
        (8, 1, "ATM"),
        (32, 0, "ATM"),
    ):
        opts = f"-DTK={tk}" + (" -DDB" if db else "") + (f" -D{mode}" if mode else "")
        run_case(
            f"hand {M} TK{tk} DB{db} {mode}",
            hand,
            (M // 8, M // 8),
            (16, 16),
            M,
            M,
            M,
            (np.int32(M), np.int32(M)),
            opts,
        )

try:
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    for M in SIZES:
        a = torch.randn(M, M, device="cuda")
        b = torch.randn(M, M, device="cuda")
        for _ in range(5):
            a @ b
        torch.cuda.synchronize()
        ts = []
        for _ in range(15):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            n = 20
            s.record()
            for _ in range(n):
                a @ b
            e.record()
            e.synchronize()
            ts.append(s.elapsed_time(e) / n * 1e-3)
        med = float(np.median(ts))
        row = {"label": f"cuBLAS {M}", "median_ms": med * 1e3, "gflops": 2.0 * M**3 / med / 1e9}
        print(json.dumps(row), flush=True)
        results.append(row)
except Exception as e:
    print("torch", e)
Path(OUT, "mm_probe.json").write_text(json.dumps(results, indent=1))
