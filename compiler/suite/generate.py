"""Generated programs: a seeded, deterministic generator of valid programs in the families users write, and the
dataset `generated-v1` of them with fixed train / validation / test splits.

    spec = program_spec("stencil2d", 42)        # the same program on every machine, for every call
    spec.text                                   # the program in the project's text form
    bench = benchmark("stencil2d-00042")        # a Benchmark: presets small (PoCL, CI) and gpu, a NumPy reference
    names("train")                              # the names of a split (8,000 of 10,500)
    resolve("benchmark://generated-v1/stencil2d-00042/small")   # through compiler.suite, like any URI

A program is built from its family and seed alone (a `numpy.random.Generator` seeded with both), as text in the
project's syntax, then parsed and type-checked like a user's file: valid by construction, and checked (the test
suite runs samples of every family and split through `lift-gym check --size small`). Nothing is stored: a URI
names a program, which is generated when it is asked for.

Families (`FAMILIES`: name -> (count, builder)):
- `ewise`: an elementwise function of one to three arrays (a random expression of +, -, *, min, max, abs and
  constants);
- `reduce`: a reduction (sum, sum of squares, sum of absolute values or of products of two arrays, maximum of
  absolute values) with, or without, an epilogue on its scalar (sqrt, scale, divide by the length);
- `rowreduce`: row by row of a matrix: a row sum, mean, maximum or sum of squares, or every row divided by its
  norm (1 + the sum of absolute values);
- `stencil1d`, `stencil2d`, `stencil3d`: a random neighbourhood (a subset of a 3- or 5-wide window, always with
  its centre) with random weights and a zero, clamp, mirror or wrap boundary;
- `contract`: a matrix product with either operand transposed in the data or none, a batched matrix product, or a
  matrix-vector product, at rectangular sizes;
- `conv`: a multi-channel 2-D convolution in HWC layout with 1x1, 3x3 or 5x5 filters, stride 1 or 2, with or
  without zero padding;
- `compose` (held out: all of it is in the test split): an elementwise epilogue on a 1-D stencil, or a reduction
  of an elementwise function of two arrays.

Splits: every program of a held-out family is in `test`; of the others, seed % 10 == 8 is `validation`, seed %
10 == 9 is `test`, the rest `train`. Sizes are named like a user's (n, m, k, h, w, ...), never like a tuning
parameter. To add a family: write a builder `(rng, name) -> Spec` below and give it a count in `FAMILIES`
(counts only grow in a version: a new family or count is a new dataset version, `generated-v2`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

DATASET = "generated-v1"
SPLITS = ("train", "validation", "test")
HELD_OUT = ("compose",)


@dataclass(frozen=True)
class Spec:
    """A generated program: its text, family, size presets and NumPy reference `(inputs, sizes) -> array`."""

    name: str
    family: str
    text: str
    presets: dict[str, dict[str, int]]
    reference: Callable[[dict, dict], np.ndarray] = field(compare=False)
    description: str = ""

    @property
    def split(self) -> str:
        return split_of(self.name)


# --- random expressions: one tree, rendered to C, to a NumPy expression and evaluated in float64 ------------
def _expr(rng: np.random.Generator, leaves: list[str], depth: int):
    """A random expression over `leaves`: ("leaf", name) | ("const", c) | (op, a[, b])."""
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.8 or not leaves:
            return ("leaf", leaves[int(rng.integers(len(leaves)))])
        return ("const", float(rng.choice([0.5, 1.5, 2.0, 0.25, 3.0])))
    op = str(rng.choice(["+", "-", "*", "max", "min", "abs", "scale"]))
    if op == "abs":
        return ("abs", _expr(rng, leaves, depth - 1))
    if op == "scale":
        return ("*", ("const", float(rng.choice([0.5, 2.0, 0.125]))), _expr(rng, leaves, depth - 1))
    return (op, _expr(rng, leaves, depth - 1), _expr(rng, leaves, depth - 1))


def _uses_all(e, leaves: list[str]) -> bool:
    found: set[str] = set()

    def walk(t):
        if t[0] == "leaf":
            found.add(t[1])
        elif t[0] != "const":
            for a in t[1:]:
                walk(a)

    walk(e)
    return found == set(leaves)


def _c(e) -> str:
    kind = e[0]
    if kind == "leaf":
        return e[1]
    if kind == "const":
        return f"{e[1]!r}f"
    if kind == "abs":
        return f"fabs({_c(e[1])})"
    if kind in ("max", "min"):
        return f"f{kind}({_c(e[1])}, {_c(e[2])})"
    return f"({_c(e[1])} {kind} {_c(e[2])})"


def _py(e) -> str:
    kind = e[0]
    if kind == "leaf":
        return e[1]
    if kind == "const":
        return repr(e[1])
    if kind == "abs":
        return f"np.abs({_py(e[1])})"
    if kind in ("max", "min"):
        return f"np.{kind}imum({_py(e[1])}, {_py(e[2])})"
    return f"({_py(e[1])} {kind} {_py(e[2])})"


def _eval(e, env: dict[str, np.ndarray]) -> np.ndarray:
    kind = e[0]
    if kind == "leaf":
        return env[e[1]]
    if kind == "const":
        return np.float64(e[1])
    if kind == "abs":
        return np.abs(_eval(e[1], env))
    a, b = _eval(e[1], env), _eval(e[2], env)
    return {"+": np.add, "-": np.subtract, "*": np.multiply, "max": np.maximum, "min": np.minimum}[kind](a, b)


def _userfun(name: str, params: list[str], e) -> str:
    sig = ", ".join(f"{p}: float" for p in params)
    return f'userfun {name}({sig}): float =\n  "return {_c(e)};"\n  | "{_py(e)}"\n'


def _random_expr(rng, leaves: list[str], depth: int = 3):
    for _ in range(64):
        e = _expr(rng, leaves, depth)
        if _uses_all(e, leaves):
            return e
    return ("+", ("leaf", leaves[0]), ("leaf", leaves[0])) if len(leaves) == 1 else \
        ("+", ("leaf", leaves[0]), _random_expr(rng, leaves[1:], depth))


def _f64(inputs: dict, name: str) -> np.ndarray:
    return np.asarray(inputs[name], dtype=np.float64)


def _gets(n: int, var: str = "t") -> str:
    return ", ".join(f"get({i}) << {var}" for i in range(n))


# --- families ---------------------------------------------------------------------------------------------
def _ewise(rng, name: str) -> Spec:
    k = int(rng.integers(1, 4))
    arrays = ["a", "b", "c"][:k]
    leaves = [f"x{i}" for i in range(k)]
    e = _random_expr(rng, leaves)
    params = ", ".join(f"{a}: [float]n" for a in arrays)
    body = "map(x0 => f(x0)) << a" if k == 1 else f"map(t => f({_gets(k)})) << zip({', '.join(arrays)})"
    text = _userfun("f", leaves, e) + f"def {name.replace('-', '_')}({params}) =\n  {body}\n"
    n = int(rng.choice([64, 96, 128, 256]))

    def reference(inputs, sizes):
        return _eval(e, {leaf: _f64(inputs, a) for leaf, a in zip(leaves, arrays)})

    return Spec(name, "ewise", text, {"small": {"n": n}, "gpu": {"n": 1 << 24}}, reference,
                f"elementwise {_py(e)} over {k} array(s)")


_REDUCTIONS = {  # kind -> (element function on (x[, y]), init, combine, numpy)
    "sum": ("x", "0", "add", lambda v: np.sum(v)),
    "sumsq": ("x * x", "0", "add", lambda v: np.sum(v)),
    "asum": ("fabs(x)", "0", "add", lambda v: np.sum(v)),
    "amax": ("fabs(x)", "0", "max_", lambda v: np.max(v)),
}


def _element(kind: str, x: np.ndarray) -> np.ndarray:
    return {"sum": x, "sumsq": x * x, "asum": np.abs(x), "amax": np.abs(x)}[kind]


def _reduce(rng, name: str) -> Spec:
    kind = str(rng.choice(["sum", "sumsq", "asum", "amax", "dot"]))
    epilogue = str(rng.choice(["none", "none", "sqrt", "scale", "mean"]))
    if epilogue == "sqrt" and kind in ("sum", "dot"):
        epilogue = "scale"
    fname = name.replace("-", "_")
    if kind == "dot":
        text = ("def {}(u: [float]n, v: [float]n) =\n"
                "  {}reduce(value(0, float), add) o map(t => mult({})) << zip(u, v)\n")
        init_combine = None
    else:
        c_el = _REDUCTIONS[kind][0]
        py_el = {"x": "x", "x * x": "x * x", "fabs(x)": "np.abs(x)"}[c_el]
        init_combine = _REDUCTIONS[kind][1:3]
    post = {"none": "", "sqrt": "map(s => sqrt_(s)) o ", "scale": "map(s => mult(value(0.5, float), s)) o ",
            "mean": "map(s => div(s, value(n, float))) o "}[epilogue]
    if kind == "dot":
        text = text.format(fname, post, _gets(2))
    else:
        init, combine = init_combine
        el = f'userfun g(x: float): float =\n  "return {c_el};"\n  | "{py_el}"\n'
        text = (el + f"def {fname}(u: [float]n) =\n  {post}reduce(value({init}, float), {combine}) o map(x => g(x)) "
                     f"<< u\n")
    n = int(rng.choice([256, 512, 1024]))

    def reference(inputs, sizes):
        u = _f64(inputs, "u")
        s = np.sum(u * _f64(inputs, "v")) if kind == "dot" else _REDUCTIONS[kind][3](_element(kind, u))
        s = {"none": s, "sqrt": np.sqrt(s), "scale": 0.5 * s, "mean": s / u.shape[0]}[epilogue]
        return np.asarray([s])

    return Spec(name, "reduce", text, {"small": {"n": n}, "gpu": {"n": 1 << 24}}, reference,
                f"reduction {kind}, epilogue {epilogue}")


def _rowreduce(rng, name: str) -> Spec:
    kind = str(rng.choice(["sum", "mean", "max", "sumsq", "normalize"]))
    fname = name.replace("-", "_")
    if kind == "normalize":
        body = ("join o map(row =>\n      join o map(s => map(x => div(x, s)) << row)\n"
                "      o map(s => add(value(1, float), s)) o reduce(value(0, float), add) o map(x => abs_(x)) << row\n"
                "    ) << rows")
    else:
        post = "map(s => div(s, value(n, float))) o " if kind == "mean" else ""
        red = ("reduce(value(0, float), max_) o map(x => abs_(x))" if kind == "max" else
               "reduce(value(0, float), add) o map(x => square(x))" if kind == "sumsq" else
               "reduce(value(0, float), add)")
        body = f"join o map(row => {post}{red} << row) << rows"
    text = f"def {fname}(rows: [[float]n]m) =\n  {body}\n"
    m, n = int(rng.choice([8, 16])), int(rng.choice([32, 64]))

    def reference(inputs, sizes):
        a = _f64(inputs, "rows")
        return {"sum": lambda: a.sum(1), "mean": lambda: a.mean(1), "max": lambda: np.abs(a).max(1),
                "sumsq": lambda: (a * a).sum(1),
                "normalize": lambda: (a / (1 + np.abs(a).sum(1, keepdims=True))).reshape(-1)}[kind]()

    return Spec(name, "rowreduce", text, {"small": {"m": m, "n": n}, "gpu": {"m": 4096, "n": 4096}}, reference,
                f"row-wise {kind}")


_BOUNDARIES = ("zero", "clamp", "mirror", "wrap")
_NP_MODE = {"clamp": "edge", "mirror": "symmetric", "wrap": "wrap"}


def _pad_text(boundary: str, halo: int, dims: int) -> str:
    widths = ", ".join([str(halo)] * (2 * dims))
    nd = "ND" if dims > 1 else ""
    if boundary == "zero":
        return f"pad{nd}({widths}, value(0, float))"
    return f"pad{boundary.capitalize()}{nd}({widths})"


def _np_pad(a: np.ndarray, boundary: str, halo: int) -> np.ndarray:
    if boundary == "zero":
        return np.pad(a, halo)
    return np.pad(a, halo, mode=_NP_MODE[boundary])


def _neighbourhood(rng, dims: int) -> tuple[int, list[tuple[int, ...]], list[float]]:
    """(window width, points as offsets in the window, weights): a random subset of the window with its centre."""
    k = 3 if dims == 3 else int(rng.choice([3, 5]))
    cells = [tuple(int(v) for v in idx) for idx in np.ndindex(*([k] * dims))]
    centre = tuple([k // 2] * dims)
    others = [c for c in cells if c != centre]
    count = int(rng.integers(1, min(len(others), 8) + 1))
    chosen = [others[int(i)] for i in rng.choice(len(others), size=count, replace=False)]
    points = sorted([centre, *chosen])
    weights = [float(w) for w in rng.choice([0.5, 0.25, 0.125, 1.0, -0.25, 0.75], size=len(points))]
    return k, points, weights


def _stencil(rng, name: str, dims: int) -> Spec:
    k, points, weights = _neighbourhood(rng, dims)
    boundary = str(rng.choice(_BOUNDARIES))
    halo, cells = k // 2, k ** dims
    leaves = [f"p{i}" for i in range(len(points))]
    c_body = " + ".join(f"{w!r}f * {p}" for w, p in zip(weights, leaves))
    py_body = " + ".join(f"{w!r} * {p}" for w, p in zip(weights, leaves))
    sig = ", ".join(f"{p}: float" for p in leaves)
    uf = f'userfun wsum({sig}): float =\n  "return {c_body};"\n  | "{py_body}"\n'
    flat = "join o join << nbh" if dims == 3 else "join << nbh" if dims == 2 else "nbh"
    picks = []
    for pt in points:
        i = int(np.ravel_multi_index(pt, [k] * dims))
        picks.append(f"pad(-{i}, -{cells - 1 - i}, value(0, float)) o {flat}" if dims > 1 else
                     f"pad(-{i}, -{cells - 1 - i}, value(0, float)) << nbh")
    apply = f"map(nb => wsum({_gets(len(points), 'nb')})) << zip({', '.join(picks)})"
    fname = name.replace("-", "_")
    sizes_names = {1: ["n"], 2: ["h", "w"], 3: ["d", "h", "w"]}[dims]
    grid_t = "float"
    for s in reversed(sizes_names):
        grid_t = f"[{grid_t}]{s}"
    pad = _pad_text(boundary, halo, dims)
    if dims == 1:
        body = f"join o map(nbh => {apply}) o slide({k}, 1) o {pad} << x"
        param = f"x: {grid_t}"
    else:
        joins = {2: "map(join)", 3: "map(map(join))"}[dims]
        slide = f"slideND({', '.join([str(k)] * dims)}, {', '.join(['1'] * dims)})"
        body = f"{joins}\n  o mapND({dims}, nbh => {apply})\n  o {slide}\n  o {pad}\n  << x"
        param = f"x: {grid_t}"
    text = uf + f"def {fname}({param}) =\n  {body}\n"
    small = {1: {"n": int(rng.choice([32, 64]))}, 2: {"h": int(rng.choice([8, 12])), "w": int(rng.choice([8, 16]))},
             3: {"d": 4, "h": int(rng.choice([4, 6])), "w": int(rng.choice([6, 8]))}}[dims]
    gpu = {1: {"n": 1 << 24}, 2: {"h": 4096, "w": 4096}, 3: {"d": 256, "h": 256, "w": 256}}[dims]

    def reference(inputs, sizes):
        x = _f64(inputs, "x")
        g = _np_pad(x, boundary, halo)
        out = np.zeros_like(x)
        for w, pt in zip(weights, points):
            out = out + w * g[tuple(slice(o, o + n) for o, n in zip(pt, x.shape))]
        return out

    return Spec(name, f"stencil{dims}d", text, {"small": small, "gpu": gpu}, reference,
                f"{dims}-D stencil, {len(points)} of {cells} points, {boundary} boundary")


def _contract(rng, name: str) -> Spec:
    kind = str(rng.choice(["ab", "abt", "atb", "batched", "matvec"]))
    fname = name.replace("-", "_")
    dot = "reduce(value(0, float), add) o map(t => mult(get(0) << t, get(1) << t)) << zip({}, {})"
    if kind == "ab":
        text = (f"def {fname}(a: [[float]k]m, b: [[float]n]k) =\n"
                f"  map(ra => join o map(cb => {dot.format('ra', 'cb')}) o transpose << b) << a\n")
    elif kind == "abt":
        text = (f"def {fname}(a: [[float]k]m, bt: [[float]k]n) =\n"
                f"  map(ra => join o map(rb => {dot.format('ra', 'rb')}) << bt) << a\n")
    elif kind == "atb":
        text = (f"def {fname}(at: [[float]m]k, b: [[float]n]k) =\n"
                f"  map(ca => join o map(cb => {dot.format('ca', 'cb')}) o transpose << b) o transpose << at\n")
    elif kind == "batched":
        text = (f"def {fname}(a: [[[float]k]m]q, b: [[[float]n]k]q) =\n"
                f"  map(p => map(ra => join o map(cb => {dot.format('ra', 'cb')}) o transpose << get(1) << p)"
                f" << get(0) << p) << zip(a, b)\n")
    else:
        text = f"def {fname}(a: [[float]k]m, v: [float]k) =\n  join o map(ra => {dot.format('ra', 'v')}) << a\n"
    m, n, k = (int(rng.choice(c)) for c in ([8, 12, 16], [8, 16, 24], [8, 16, 32]))
    small = {"m": m, "k": k} if kind == "matvec" else {"m": m, "n": n, "k": k}
    gpu = {"m": 8192, "k": 8192} if kind == "matvec" else {"m": 2048, "n": 512, "k": 8192}
    if kind == "batched":
        small, gpu = {**small, "q": 3}, {"q": 64, "m": 256, "n": 256, "k": 256}

    def reference(inputs, sizes):
        if kind == "ab":
            return _f64(inputs, "a") @ _f64(inputs, "b")
        if kind == "abt":
            return _f64(inputs, "a") @ _f64(inputs, "bt").T
        if kind == "atb":
            return _f64(inputs, "at").T @ _f64(inputs, "b")
        if kind == "batched":
            return np.einsum("qmk,qkn->qmn", _f64(inputs, "a"), _f64(inputs, "b"))
        return _f64(inputs, "a") @ _f64(inputs, "v")

    return Spec(name, "contract", text, {"small": small, "gpu": gpu}, reference, f"contraction {kind}")


def _conv(rng, name: str) -> Spec:
    k = int(rng.choice([1, 3, 3, 5]))
    stride = int(rng.choice([1, 1, 2]))
    pad = k // 2 if rng.random() < 0.7 else 0
    fname = name.replace("-", "_")
    padding = f"\n  o padND({pad}, {pad}, {pad}, {pad}, value(0, float))" if pad else ""
    text = (f"def {fname}(img: [[[float]c]w]h, filters: [[[[float]c]{k}]{k}]f) =\n"
            f"  mapND(2, win =>\n"
            f"      join o map(flt => reduce(value(0, float), add) o map(t => mult(get(0) << t, get(1) << t))"
            f" << zip(win, flt)) o map(joinND(3)) << filters\n"
            f"    )\n"
            f"  o mapND(2, joinND(3))\n"
            f"  o slideND({k}, {k}, {stride}, {stride}){padding}\n"
            f"  << img\n")
    side = int(rng.choice([6, 8])) if k < 5 else 8
    small = {"h": side, "w": side + stride * 2, "c": int(rng.choice([2, 3, 4])), "f": int(rng.choice([2, 4]))}
    gpu = {"h": 56, "w": 56, "c": 64, "f": 64}

    def reference(inputs, sizes):
        img, flt = _f64(inputs, "img"), _f64(inputs, "filters")
        g = np.pad(img, ((pad, pad), (pad, pad), (0, 0)))
        oh, ow = (g.shape[0] - k) // stride + 1, (g.shape[1] - k) // stride + 1
        out = np.zeros((oh, ow, flt.shape[0]))
        for a in range(k):
            for b in range(k):
                win = g[a:a + stride * (oh - 1) + 1:stride, b:b + stride * (ow - 1) + 1:stride, :]
                out += np.einsum("hwc,fc->hwf", win, flt[:, a, b, :])
        return out

    return Spec(name, "conv", text, {"small": small, "gpu": gpu}, reference,
                f"HWC convolution {k}x{k}, stride {stride}, padding {pad}")


def _compose(rng, name: str) -> Spec:
    if rng.random() < 0.5:
        inner = _stencil(rng, name, 1)
        e = _random_expr(rng, ["y"], 2)
        text = inner.text.replace(f"def {name.replace('-', '_')}(x: [float]n) =\n  ",
                                  f"{_userfun('post', ['y'], e)}def {name.replace('-', '_')}(x: [float]n) =\n"
                                  f"  map(y => post(y)) o ")

        def reference(inputs, sizes):
            return _eval(e, {"y": inner.reference(inputs, sizes)})

        return Spec(name, "compose", text, inner.presets, reference, f"epilogue {_py(e)} on a {inner.description}")
    e = _random_expr(rng, ["x0", "x1"], 2)
    fname = name.replace("-", "_")
    text = (_userfun("f", ["x0", "x1"], e) + f"def {fname}(a: [float]n, b: [float]n) =\n"
            f"  reduce(value(0, float), add) o map(t => f({_gets(2)})) << zip(a, b)\n")
    n = int(rng.choice([256, 512]))

    def reference(inputs, sizes):
        return np.asarray([np.sum(_eval(e, {"x0": _f64(inputs, "a"), "x1": _f64(inputs, "b")}))])

    return Spec(name, "compose", text, {"small": {"n": n}, "gpu": {"n": 1 << 24}}, reference,
                f"sum of {_py(e)} over two arrays")


FAMILIES: dict[str, tuple[int, Callable[[np.random.Generator, str], Spec]]] = {
    "ewise": (1500, _ewise),
    "reduce": (1500, _reduce),
    "rowreduce": (1000, _rowreduce),
    "stencil1d": (1000, lambda r, n: _stencil(r, n, 1)),
    "stencil2d": (1500, lambda r, n: _stencil(r, n, 2)),
    "stencil3d": (1000, lambda r, n: _stencil(r, n, 3)),
    "contract": (1500, _contract),
    "conv": (1000, _conv),
    "compose": (500, _compose),
}
_FAMILY_INDEX = {f: i for i, f in enumerate(FAMILIES)}


def name_of(family: str, seed: int) -> str:
    return f"{family}-{seed:05d}"


def parse_name(name: str) -> tuple[str, int]:
    """(family, seed) of a generated program's name; KeyError naming what is wrong."""
    family, _, seed = name.rpartition("-")
    if family not in FAMILIES or not seed.isdigit() or len(seed) != 5:
        raise KeyError(f"{name!r} is not a {DATASET} program (expected FAMILY-NNNNN, families: "
                       f"{', '.join(FAMILIES)})")
    if int(seed) >= FAMILIES[family][0]:
        raise KeyError(f"{name!r}: family {family} has seeds 00000..{FAMILIES[family][0] - 1:05d}")
    return family, int(seed)


def split_of(name: str) -> str:
    family, seed = parse_name(name)
    if family in HELD_OUT:
        return "test"
    return {8: "validation", 9: "test"}.get(seed % 10, "train")


def names(split: str | None = None) -> list[str]:
    """The program names of a split (every program when None), family by family, in seed order."""
    if split is not None and split not in SPLITS:
        raise KeyError(f"no split {split!r}; splits: {', '.join(SPLITS)}")
    out = [name_of(f, s) for f, (count, _) in FAMILIES.items() for s in range(count)]
    return out if split is None else [n for n in out if split_of(n) == split]


@lru_cache(maxsize=4096)
def program_spec(family: str, seed: int) -> Spec:
    """The program of this family and seed (deterministic: the generator is seeded with both)."""
    count, build = FAMILIES[family]
    if not 0 <= seed < count:
        raise KeyError(f"family {family} has seeds 0..{count - 1}, not {seed}")
    rng = np.random.default_rng([_FAMILY_INDEX[family], seed, 1])
    return build(rng, name_of(family, seed))


def benchmark(name: str):
    """The Benchmark of a generated program (`compiler.suite.user.user_benchmark` of its text), URI
    `benchmark://generated-v1/NAME`, presets `small` (= default) and `gpu`, its NumPy reference."""
    return _benchmark(*parse_name(name))


@lru_cache(maxsize=1024)
def _benchmark(family: str, seed: int):
    import dataclasses

    from ..ir.parser import parse_program
    from .user import user_benchmark

    spec = program_spec(family, seed)
    presets = {"default": spec.presets["small"], **spec.presets}
    bench = user_benchmark(parse_program(spec.text), name=spec.name, dataset=DATASET, presets=presets,
                           reference=spec.reference, description=spec.description,
                           uri=f"benchmark://{DATASET}/{spec.name}")
    return dataclasses.replace(bench, family=spec.family, reference_name=f"NumPy reference ({spec.family})")


__all__ = ["DATASET", "FAMILIES", "HELD_OUT", "SPLITS", "Spec", "benchmark", "name_of", "names", "parse_name",
           "program_spec", "split_of"]
