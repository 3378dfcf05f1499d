"""Your own programs as benchmarks: a text-form file or a `Program`, with size presets and an optional reference.

    bench = user_benchmark("stencil.lift")                  # stencil.npz beside it, when present, is its reference
    bench = user_benchmark(program, presets={"small": {"N": 64}}, reference=lambda inputs, sizes: ...)
    bench = load_benchmark("stencil.lift")                  # the file's benchmark, cached until the file changes

A user benchmark is a `Benchmark` like the suite's, so every command and the environment take it. Its URI is
`file:///abs/path/prog.lift` for a file (`?N=64` or `?size=PRESET` in the query), `benchmark://DATASET/NAME` once
registered (`compiler.suite.register_benchmark`, `register_dataset`).

References, what correctness is checked against (`Benchmark.reference_name`):
- a Python callable `reference(inputs, sizes) -> np.ndarray`, registered from Python (`reference=`);
- a NumPy archive beside the file, `prog.npz` for `prog.lift`: one array per program parameter (named after it,
  0-d for a scalar) and `expected`, the output. It is read with `allow_pickle=False` (data only: nothing in it
  runs). The sizes are inferred from the input shapes: at those sizes the archive is the reference; at any other
  sizes the interpreter is, on random inputs, and a `ReferenceSizesWarning` says so in one line (once per file
  and sizes);
- none: the NumPy interpreter of the program itself (`INTERPRETER`); inputs are then uniform random values.

Size presets: `presets=` from Python, or lines `# preset NAME: K=V, ...` in the file (`#` starts a comment in the
text form). Without a `default` preset the sizes must be given (URI query, `--sizes`).

Work counts: `flops` is a static count over the program (each user-function application counts the arithmetic
operators of its C body, at least 1, `id` none; a map multiplies by its length, a reduce by its input's), `bytes`
the inputs read once and the output written once (4 bytes a scalar). Both can be given from Python.
"""

from __future__ import annotations

import math
import os
import re
import warnings
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from .. import arith
from ..errors import CompilerError, ParseError
from ..ir.interpret import bind_inputs, interpret
from ..ir.macros import expand_program
from ..ir.node import FunCall, Lambda, Node, Prim, Program, UserFun
from ..ir.ops import MAPS, REDUCES, Op
from ..ir.parser import MAX_SOURCE_BYTES, parse_program
from ..ir.typecheck import typecheck
from ..types import ArrayType, ScalarType, TupleType, Type, VectorType, size_names
from .common import INTERPRETER, TOLERANCE, Benchmark, input_size_error

PROGRAM_SUFFIX = ".lift"
REFERENCE_SUFFIX = ".npz"
EXPECTED = "expected"  # the output's key in a reference archive
MAX_REFERENCE_BYTES = 1 << 32  # the arrays of a reference archive, decompressed (headers checked before loading)
REFERENCE_BYTES_ENV = "LIFT_GYM_MAX_REFERENCE_BYTES"

_PRESET = re.compile(r"^\s*#\s*preset\s+([A-Za-z0-9_.-]+)\s*:(.*)$")


class UserBenchmarkError(CompilerError):
    """A program file, reference archive or preset that cannot make a benchmark (one line: what and where)."""


def user_benchmark(source: Program | str | os.PathLike, *, name: str | None = None, dataset: str = "user",
                   presets: Mapping[str, Mapping[str, int]] | None = None,
                   reference: Callable | str | os.PathLike | None = None,
                   make_inputs: Callable | None = None, flops: Callable | None = None,
                   bytes: Callable | None = None, tolerance: float = TOLERANCE, description: str = "",
                   uri: str = "") -> Benchmark:
    """A benchmark of your own program: `source` is a `Program` or the path of a text-form file.

    `reference` is a callable `(inputs, sizes) -> array`, the path of a `.npz` archive (see the module
    docstring), or None: for a file, `prog.npz` beside `prog.lift` when it exists, else the interpreter.
    `presets` add to (and override) the file's `# preset` lines. `uri` is the benchmark's URI base (a file's
    `file://` URI by default; `register_benchmark` gives `benchmark://DATASET/NAME`)."""
    path: Path | None = None
    file_presets: dict[str, dict[str, int]] = {}
    if isinstance(source, Program):
        program = source
    else:
        path = Path(source).expanduser().resolve()
        text = read_program(path)
        program = parse_program(text)
        file_presets = _file_presets(text, path)
        if reference is None and path.with_suffix(REFERENCE_SUFFIX).is_file():
            reference = path.with_suffix(REFERENCE_SUFFIX)
    typecheck(program)
    all_presets = {**file_presets, **{k: dict(v) for k, v in (presets or {}).items()}}
    name = name or (path.stem if path is not None else program.name)
    ref_fn, inputs_fn, ref_name, check, ref_sizes = _reference(program, reference, make_inputs, all_presets)
    return Benchmark(
        name=name, family="user", program=program, reference=ref_fn, make_inputs=inputs_fn, presets=all_presets,
        flops=flops or (lambda s: program_flops(program, s)), bytes=bytes or (lambda s: program_bytes(program, s)),
        description=description or (f"{path}" if path is not None else f"program {program.name}"),
        tolerance=tolerance, check_sizes=check, dataset=dataset,
        uri_base=uri or (path.as_uri() if path is not None else f"benchmark://{dataset}/{name}"),
        reference_name=ref_name, path=str(path) if path is not None else "", reference_sizes=ref_sizes)


_FILE_CACHE: dict[tuple, Benchmark] = {}


def load_benchmark(path: str | os.PathLike, dataset: str = "file", uri: str = "") -> Benchmark:
    """`user_benchmark(path)`, cached while neither the file nor its reference archive changes."""
    p = Path(path).expanduser().resolve()
    key = (str(p), dataset, uri, _stamp(p), _stamp(p.with_suffix(REFERENCE_SUFFIX)))
    if key not in _FILE_CACHE:
        if len(_FILE_CACHE) > 256:
            _FILE_CACHE.clear()
        _FILE_CACHE[key] = user_benchmark(p, dataset=dataset, uri=uri)
    return _FILE_CACHE[key]


def _stamp(p: Path) -> tuple[int, int] | None:
    try:
        st = p.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def read_program(path: str | os.PathLike) -> str:
    """The text of a program file: at most MAX_SOURCE_BYTES bytes of UTF-8 (a ParseError with the position, or a
    UserBenchmarkError, otherwise; checked before the whole file is read)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_SOURCE_BYTES + 1)
    except OSError as err:
        raise UserBenchmarkError(f"cannot read {path}: {err.strerror}") from None
    if len(data) > MAX_SOURCE_BYTES:
        raise ParseError(f"{path} is longer than the limit of {MAX_SOURCE_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[:err.start]
        line, col = before.count(b"\n") + 1, err.start - before.rfind(b"\n")
        raise ParseError(f"{path} is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})",
                         line, col) from None


def _file_presets(text: str, path: Path) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for lineno, line in enumerate(text.splitlines(), 1):
        m = _PRESET.match(line)
        if m is None:
            continue
        sizes: dict[str, int] = {}
        for item in re.split(r"[,\s]+", m.group(2).strip()):
            if not item:
                continue
            key, eq, val = item.partition("=")
            if not eq or not key.isidentifier() or not val.strip().isdigit() or int(val) < 1:
                raise UserBenchmarkError(f"{path}:{lineno}: bad size {item!r} in preset {m.group(1)} "
                                         "(expected K=V with V a positive integer)")
            sizes[key] = int(val)
        out[m.group(1)] = sizes
    return out


# --- references --------------------------------------------------------------------------------------------------
def _reference(program: Program, reference, make_inputs, presets: dict):
    """(reference, make_inputs, reference_name, check_sizes, reference_sizes) for the kind of reference given."""
    if reference is None:
        return ((lambda inputs, sizes: interpret(program, inputs, sizes)),
                make_inputs or (lambda sizes, rng: random_inputs(program, sizes, rng)), INTERPRETER, None, None)
    if callable(reference):
        return (reference, make_inputs or (lambda sizes, rng: random_inputs(program, sizes, rng)),
                getattr(reference, "__qualname__", "callable"), None, None)
    return _archive_reference(program, Path(reference), presets)


def _archive_reference(program: Program, path: Path, presets: dict):
    """The reference of a `.npz` archive: its inputs, its `expected` output, and the sizes they fix."""
    arrays = read_reference_arrays(path)
    if EXPECTED not in arrays:
        raise UserBenchmarkError(f"{path}: no array {EXPECTED!r} (the expected output); arrays: "
                                 f"{', '.join(sorted(arrays)) or 'none'}")
    expected = arrays.pop(EXPECTED)
    try:
        _, sizes = bind_inputs(program, arrays, None)
    except CompilerError as err:
        raise UserBenchmarkError(f"{path}: the inputs do not fit {program.name}: {err}") from None
    keys = sorted(set().union(*(size_names(p.type) for p in program.params if p.type is not None)))
    sizes = {k: int(sizes[k]) for k in keys}
    check_expected_shape(program, expected, sizes, path)
    inputs = {p.name: _as_param(arrays[p.name], p.type) for p in program.params}
    presets.setdefault("default", dict(sizes))
    presets.setdefault("small", dict(sizes))

    def own(s) -> bool:  # the archive's sizes: its inputs and expected output; other sizes: the interpreter
        return dict(s) == sizes

    def reference(inputs_, s):
        if own(s):
            return expected.copy()
        _note_other_sizes(program, path, sizes, s)
        return interpret(program, inputs_, s)

    def make(s, rng):
        if own(s):
            return {k: v.copy() for k, v in inputs.items()}
        _note_other_sizes(program, path, sizes, s)
        return random_inputs(program, s, rng)

    return reference, make, path.name, None, dict(sizes)


class ReferenceSizesWarning(UserWarning):
    """A benchmark with a `.npz` reference is used at sizes other than the archive's: the interpreter is the
    reference there."""


_NOTED: set[tuple] = set()  # (archive, its sizes, the sizes used) already noted


def _note_other_sizes(program: Program, path: Path, own: Mapping[str, int], sizes: Mapping[str, int]) -> None:
    """One ReferenceSizesWarning per archive and sizes: the archive is for `own`, at `sizes` the interpreter is the
    reference. Reported at the program file (line 0, so the warning is one line without a source line)."""
    key = (str(path), tuple(sorted(own.items())), tuple(sorted(sizes.items())))
    if key in _NOTED:
        return
    _NOTED.add(key)

    def shown(s: Mapping[str, int]) -> str:
        return ", ".join(f"{k}={v}" for k, v in sorted(s.items())) or "no sizes"

    warnings.warn_explicit(f"{program.name}: the reference {path.name} is for {shown(own)}; at {shown(sizes)} the "
                           f"interpreter is the reference (on random inputs)", ReferenceSizesWarning,
                           str(path.with_suffix(PROGRAM_SUFFIX)), 0)


def max_reference_bytes() -> int:
    """The most bytes a reference archive may decompress to: `$LIFT_GYM_MAX_REFERENCE_BYTES`, else
    MAX_REFERENCE_BYTES."""
    text = os.environ.get(REFERENCE_BYTES_ENV, "").strip().replace("_", "")
    return int(text) if text.isdigit() and int(text) > 0 else MAX_REFERENCE_BYTES


def read_reference_arrays(path: str | os.PathLike) -> dict[str, np.ndarray]:
    """The arrays of a `.npz` reference archive, each member's header (dtype and shape) checked before any array
    is read: numbers only (no strings, objects or structured dtypes), and at most `max_reference_bytes()` bytes
    decompressed in all. Anything else is a one-line UserBenchmarkError naming the file and the member."""
    path = Path(path)
    if not path.is_file():
        what = "a folder" if path.is_dir() else "not a regular file" if path.exists() else "missing"
        raise UserBenchmarkError(f"{path}: the reference archive is {what}")
    limit = max_reference_bytes()
    try:
        with open(path, "rb") as fh:
            magic = fh.read(6)
        if magic == b"\x93NUMPY":
            raise UserBenchmarkError(f"{path}: a single .npy array, not a .npz archive (save the inputs and "
                                     f"{EXPECTED!r} with numpy.savez)")
        if not zipfile.is_zipfile(path):
            raise UserBenchmarkError(f"{path}: not a NumPy .npz archive of arrays (not a zip file)")
        total = 0
        with zipfile.ZipFile(path) as z:
            members = z.infolist()
            for info in members:
                name = info.filename
                if not name.endswith(".npy"):
                    raise UserBenchmarkError(f"{path}: not a NumPy .npz archive of arrays (member {name!r} is not "
                                             "a .npy array)")
                with z.open(info) as member:
                    version = np.lib.format.read_magic(member)
                    read = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                            else np.lib.format.read_array_header_2_0)
                    shape, _, dtype = read(member)
                if dtype.kind not in "biuf" or dtype.hasobject or dtype.fields is not None:
                    raise UserBenchmarkError(f"{path}: not a NumPy .npz archive of arrays of numbers (array "
                                             f"{name[:-4]!r} has dtype {dtype}; bool, int and float only)")
                total += math.prod(shape) * dtype.itemsize
                if total > limit:
                    raise UserBenchmarkError(f"{path}: its arrays decompress to more than {limit} bytes (array "
                                             f"{name[:-4]!r} has shape {tuple(shape)}); set {REFERENCE_BYTES_ENV} "
                                             "to raise the limit")
        with np.load(path, allow_pickle=False) as archive:
            return {k: np.array(archive[k]) for k in archive.files}
    except UserBenchmarkError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as err:
        reason = " ".join(str(err).split())[:200]
        raise UserBenchmarkError(f"{path}: not a NumPy .npz archive of arrays ({reason})") from None


def check_expected_shape(program: Program, expected: np.ndarray, sizes: Mapping[str, int], path: Path) -> None:
    """A UserBenchmarkError when a reference's `expected` array does not have the shape of the program's output at
    the reference's sizes (outputs of tuples are not checked here)."""
    t, dims = typecheck(program).result, []
    while isinstance(t, ArrayType):
        dims.append(t.n)
        t = t.elem
    if isinstance(t, VectorType):
        dims.append(t.n)
    if not isinstance(t, ScalarType | VectorType):
        return
    try:
        want = tuple(int(arith.evaluate(d, sizes)) for d in dims)
    except (KeyError, ValueError, TypeError):
        return
    got = tuple(expected.shape)
    if math.prod(got) != math.prod(want):  # the same elements in another layout (a 0-d scalar, [x]1) is fine
        raise UserBenchmarkError(f"{path}: array {EXPECTED!r} has shape {got}; the output of {program.name} at "
                                 f"{', '.join(f'{k}={v}' for k, v in sizes.items()) or 'its sizes'} has shape {want}")


def _as_param(a: np.ndarray, t: Type | None) -> np.ndarray:
    scalar = t
    while isinstance(scalar, ArrayType):
        scalar = scalar.elem
    if isinstance(scalar, ScalarType):
        return np.array(a, dtype=_DTYPES.get(scalar.name, a.dtype), order="C")
    return a


_DTYPES = {"float": np.float32, "double": np.float64, "int": np.int32, "bool": np.bool_}


def random_inputs(program: Program, sizes: Mapping[str, int], rng: np.random.Generator) -> dict:
    """Uniform [0, 1) floats (ints in [0, 10), random bools) for every parameter of a program; a
    UserBenchmarkError before any allocation when the inputs would be too large (`input_size_error`)."""
    err = input_size_error(program, sizes)
    if err:
        raise UserBenchmarkError(f"{program.name}: {err}")

    def gen(t, dims: list[int]):
        if isinstance(t, ArrayType | VectorType):
            return gen(t.elem, [*dims, arith.evaluate(t.n, sizes)])
        if isinstance(t, TupleType):
            return tuple(gen(e, dims) for e in t.elems)
        if isinstance(t, ScalarType):
            if t.name in ("float", "double"):
                return rng.uniform(0, 1, size=dims).astype(np.float32 if t.name == "float" else np.float64)
            if t.name == "int":
                return rng.integers(0, 10, size=dims).astype(np.int32)
            return rng.integers(0, 2, size=dims).astype(bool)
        raise UserBenchmarkError(f"{program.name}: cannot generate random inputs of type {t}")

    return {p.name: gen(p.type, []) for p in program.params}


# --- work counts -------------------------------------------------------------------------------------------------
_OPERATOR = re.compile(r"(?<=[\w)\]])\s*[-+*/]\s*(?=[\w(.])")


def user_fun_ops(f: UserFun) -> int:
    """Arithmetic operations of one application of a user function: the binary operators of its C body, at
    least 1 (`id` and other functions returning an argument: 0)."""
    body = re.sub(r"//.*|/\*.*?\*/", "", f.c_body)
    if re.fullmatch(r"\s*return\s+\w+\s*;\s*", body):
        return 0
    return max(1, len(_OPERATOR.findall(body)))


def program_flops(program: Program, sizes: Mapping[str, int]) -> int:
    """A static count of a high-level program's arithmetic (see the module docstring)."""
    p = expand_program(program)
    typing = typecheck(p)
    counter = _Flops(typing.of, sizes)
    return int(counter.expr(p.body, (len(p.params),)))


class _Flops:
    def __init__(self, types: Mapping, sizes: Mapping[str, int]):
        self.types, self.sizes = types, sizes

    def length(self, t) -> int:
        return int(arith.evaluate(t.n, self.sizes)) if isinstance(t, ArrayType | VectorType) else 1

    def expr(self, e: Node, path) -> int:
        if not isinstance(e, FunCall):
            return 0
        total = sum(self.expr(a, (*path, i + 1)) for i, a in enumerate(e.args))
        arg_types = [self.types.get((*path, i + 1)) for i in range(len(e.args))]
        return total + self.fun(e.f, (*path, 0), arg_types)

    def fun(self, f: Node, path, arg_types: list) -> int:
        if isinstance(f, UserFun):
            return user_fun_ops(f)
        if isinstance(f, Lambda):
            return self.expr(f.body, (*path, len(f.params)))
        if not isinstance(f, Prim) or not f.funs:
            return 0
        if f.op in MAPS and arg_types:
            t = arg_types[0]
            return self.length(t) * self.fun(f.funs[0], (*path, 0), [getattr(t, "elem", None)])
        if f.op in REDUCES and len(arg_types) > 1:
            t = arg_types[1]
            return self.length(t) * self.fun(f.funs[0], (*path, 0), [arg_types[0], getattr(t, "elem", None)])
        reps = int(arith.evaluate(f.static[0], self.sizes)) if f.op is Op.ITERATE and f.static else 1
        return reps * sum(self.fun(g, (*path, i), arg_types) for i, g in enumerate(f.funs))


def program_bytes(program: Program, sizes: Mapping[str, int]) -> int:
    """4 bytes per scalar of the inputs and of the output."""
    result = typecheck(program).result
    return 4 * (sum(_scalars(p.type, sizes) for p in program.params) + _scalars(result, sizes))


def _scalars(t, sizes) -> int:
    if isinstance(t, TupleType):
        return sum(_scalars(e, sizes) for e in t.elems)
    if isinstance(t, ArrayType | VectorType):
        return int(arith.evaluate(t.n, sizes)) * _scalars(t.elem, sizes)
    return 1


__all__ = ["EXPECTED", "INTERPRETER", "PROGRAM_SUFFIX", "REFERENCE_SUFFIX", "ReferenceSizesWarning",
           "UserBenchmarkError", "load_benchmark", "program_bytes", "program_flops", "random_inputs", "read_program",
           "user_benchmark"]
