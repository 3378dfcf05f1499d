"""The benchmark suite and its URIs.

    benchmark://lift/NAME                      the default sizes
    benchmark://lift/NAME/PRESET               a named preset (small, small2, vgg16-7, ...)
    benchmark://lift/NAME?size=PRESET          the same
    benchmark://lift/NAME?M=1024&N=512         preset sizes (default unless size= or /PRESET) with overrides

`resolve(uri)` gives the Benchmark and its complete size binding; a wrong name, preset or size key raises
`UnknownBenchmark` naming what is wrong and the close or valid alternatives.

Your own programs (compiler.suite.user) are addressed the same way:

    file:///abs/path/prog.lift[?size=PRESET][&N=64]   a program file (a plain path works too)
    benchmark://generated-v1/FAMILY-NNNNN[/PRESET]     a generated program (compiler.suite.generate; presets
                                                       small, the default, and gpu; splits train, validation, test)
    benchmark://DATASET/NAME[/PRESET][?N=64]           a registered benchmark (`register_benchmark`, dataset
                                                       "user" by default) or a file of a registered folder
                                                       (`register_dataset(name, folder)`: every *.lift in it)

`datasets()` lists the named datasets: `lift` (the suite), `lift-annotated` (the programs annotated with rewrite
points), then the registered ones. `$LIFT_GYM_DATASETS` (folders separated by `os.pathsep`, each `DIR` or
`NAME=DIR`) registers folders in every process that reads it (worker processes, training runs).

Families: blas (scal, asum, dot, gemv, mm), stencil (the eight stencils of P000 Table 2), conv (thesis Listing 4.1
with the VGG-16 layers), lift (nbody, kmeans). See each module's docstring for the formulation and the decisions taken.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from ..errors import UnknownBenchmark
from ..ir.node import Program
from . import annotated, blas, conv, generate, lift, stencils
from .common import TOLERANCE, Benchmark, rel_error
from .user import INTERPRETER, PROGRAM_SUFFIX, load_benchmark, user_benchmark

SCHEME = "benchmark"
SUITE = "lift"

_ALL: dict[str, Benchmark] = {b.name: b for b in (*blas.BENCHMARKS, *stencils.BENCHMARKS, *conv.BENCHMARKS,
                                                  *lift.BENCHMARKS)}
# programs annotated with rewrite points (thesis Ch6): addressable by URI, not part of the list (their rewrite points
# must be applied before any lowering; compiler.rewrite.points)
_ANNOTATED: dict[str, Benchmark] = {b.name: b for b in annotated.BENCHMARKS}


def list_benchmarks() -> list[Benchmark]:
    """Every benchmark of the suite, grouped by family (blas, stencil, conv, lift)."""
    return list(_ALL.values())


# --- datasets: the suite, the annotated programs, registered benchmarks and folders ---------------------------
@dataclass(frozen=True)
class Dataset:
    """A named set of benchmarks: `benchmarks()` lists them (a folder's are read when listed)."""

    name: str
    description: str
    benchmarks: Callable[[], list[Benchmark]]
    folder: str = ""
    splits: tuple[str, ...] = ()  # a generated dataset's splits (`names(split)` lists one without building it)
    names: Callable[[str | None], list[str]] | None = None


_USER: dict[str, dict[str, Benchmark]] = {}  # dataset -> name -> benchmark (register_benchmark)
_FOLDERS: dict[str, Path] = {}  # dataset -> folder (register_dataset)


def register_benchmark(source: Benchmark | Program | str | os.PathLike, name: str | None = None, *,
                       dataset: str = "user", replace: bool = False, **kwargs) -> Benchmark:
    """Make a benchmark of your own addressable as `benchmark://DATASET/NAME` (and listed by `datasets()`).

    `source` is a `Benchmark` (from `compiler.suite.user.user_benchmark`), a `Program` or a program file;
    `kwargs` go to `user_benchmark` (presets, reference, make_inputs, flops, bytes, tolerance, description).
    Registering a name twice raises ValueError unless `replace`. Returns the registered benchmark."""
    _check_dataset_name(dataset)
    if isinstance(source, Benchmark):
        if kwargs:
            raise TypeError(f"register_benchmark: {', '.join(kwargs)} apply to a program or file, not a Benchmark")
        name = name or source.name
        bench = _replace_uri(source, dataset, name)
    else:
        bench = user_benchmark(source, name=name, dataset=dataset, **kwargs)
        name = bench.name
        bench = _replace_uri(bench, dataset, name)
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        raise ValueError(f"benchmark name {name!r}: use letters, digits, '_', '.' and '-'")
    table = _USER.setdefault(dataset, {})
    if name in table and not replace and table[name] is not bench:
        raise ValueError(f"benchmark://{dataset}/{name} is already registered (replace=True replaces it)")
    table[name] = bench
    return bench


def unregister_benchmark(uri_or_name: str, dataset: str = "user") -> None:
    """Remove a registered benchmark (`benchmark://DATASET/NAME` or NAME of `dataset`); KeyError if absent."""
    parts = urlsplit(uri_or_name)
    if parts.scheme == SCHEME:
        dataset, uri_or_name = parts.netloc, parts.path.strip("/").split("/")[0]
    del _USER[dataset][uri_or_name]


def register_dataset(name: str, folder: str | os.PathLike) -> Dataset:
    """Every `*.lift` file of `folder` (with its `.npz` reference beside it, when present) as
    `benchmark://NAME/STEM`. Returns the dataset."""
    _check_dataset_name(name)
    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise UnknownBenchmark(f"dataset {name}: {folder} is not a folder")
    _FOLDERS[name] = path
    return _dataset(name)


def _check_dataset_name(name: str) -> None:
    if name in (SUITE, ANNOTATED, generate.DATASET):
        raise ValueError(f"dataset name {name!r} is the suite's")
    if not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", name):
        raise ValueError(f"dataset name {name!r}: use lowercase letters, digits, '_', '.' and '-'")


def _replace_uri(bench: Benchmark, dataset: str, name: str) -> Benchmark:
    import dataclasses

    return dataclasses.replace(bench, name=name, dataset=dataset, uri_base=f"{SCHEME}://{dataset}/{name}")


def _folder_files(path: Path) -> list[Path]:
    return sorted(p for p in path.glob(f"*{PROGRAM_SUFFIX}") if p.is_file())


def _folder_benchmark(dataset: str, name: str) -> Benchmark:
    path = _FOLDERS[dataset] / f"{name}{PROGRAM_SUFFIX}"
    if not path.is_file():
        names = [p.stem for p in _folder_files(_FOLDERS[dataset])]
        raise UnknownBenchmark(f"dataset {dataset} ({_FOLDERS[dataset]}) has no program {name!r}"
                               f"{_close(name, names)}; programs: {', '.join(names) or 'none'}")
    return load_benchmark(path, dataset, f"{SCHEME}://{dataset}/{name}")


def _dataset(name: str) -> Dataset:
    if name in _FOLDERS:
        folder = _FOLDERS[name]
        return Dataset(name, f"the programs of {folder}",
                       lambda: [_folder_benchmark(name, p.stem) for p in _folder_files(folder)], str(folder))
    return Dataset(name, "registered from Python", lambda: list(_USER.get(name, {}).values()))


ANNOTATED = "lift-annotated"


def datasets() -> list[Dataset]:
    """The named datasets: the suite, the annotated programs, then every registered dataset and folder."""
    _env_datasets()
    out = [Dataset(SUITE, "the benchmark suite (blas, stencil, conv, lift)", list_benchmarks),
           Dataset(ANNOTATED, "programs annotated with rewrite points (thesis Ch6; LiftGym-RewritePoints-v7)",
                   lambda: list(_ANNOTATED.values())),
           Dataset(generate.DATASET, f"{len(generate.names())} generated programs in {len(generate.FAMILIES)} "
                                     f"families (compiler.suite.generate), split train / validation / test",
                   lambda: [generate.benchmark(n) for n in generate.names()], splits=generate.SPLITS,
                   names=generate.names)]
    return out + [_dataset(n) for n in sorted(set(_USER) | set(_FOLDERS))]


def get(name: str) -> Benchmark:
    """The benchmark called `name`; UnknownBenchmark with close names otherwise."""
    if name in _ANNOTATED:
        return _ANNOTATED[name]
    if name not in _ALL:
        raise UnknownBenchmark(f"unknown benchmark {name!r}{_close(name, _ALL)}; "
                               f"benchmarks: {', '.join(_ALL)}")
    return _ALL[name]


def uri(bench: Benchmark | str, preset: str | None = None, **sizes: int) -> str:
    """The URI of a benchmark, optionally with a preset and size overrides."""
    name = bench.name if isinstance(bench, Benchmark) else bench
    query = [f"{k}={v}" for k, v in sizes.items()]
    if isinstance(bench, Benchmark) and bench.dataset != SUITE:  # a user benchmark: the preset in the query
        text = bench.uri
        query = ([f"size={preset}"] if preset and preset != "default" else []) + query
    else:
        text = f"{SCHEME}://{SUITE}/{name}"
        if preset and preset != "default":
            text += f"/{preset}"
    if query:
        text += "?" + "&".join(query)
    return text


def _user_target(text: str, parts) -> tuple[Benchmark, str | None]:
    """(benchmark, preset in the path) of a file URI, a plain path or a registered dataset's URI."""
    if parts.scheme == "file" or not parts.scheme:
        path = unquote(parts.path) if parts.scheme == "file" else text.split("?")[0]
        if parts.scheme == "file" and parts.netloc not in ("", "localhost"):
            raise UnknownBenchmark(f"{text!r}: a file URI names a local file (file:///abs/path{PROGRAM_SUFFIX})")
        if not os.path.isfile(path):
            raise UnknownBenchmark(f"{text!r}: no program file {path}")
        return load_benchmark(path), None
    dataset = parts.netloc
    segments = [s for s in parts.path.split("/") if s]
    if not segments or len(segments) > 2:
        raise UnknownBenchmark(f"{text!r}: expected {SCHEME}://{dataset}/NAME[/PRESET]")
    name = segments[0]
    if dataset == generate.DATASET:
        try:
            bench = generate.benchmark(name)
        except KeyError as err:
            raise UnknownBenchmark(f"{text!r}: {err.args[0]}") from None
    elif dataset in _USER and name in _USER[dataset]:
        bench = _USER[dataset][name]
    elif dataset in _FOLDERS:
        bench = _folder_benchmark(dataset, name)
    else:
        names = list(_USER.get(dataset, {}))
        raise UnknownBenchmark(f"{text!r}: no benchmark {name!r} in dataset {dataset}{_close(name, names)}"
                               + (f"; benchmarks: {', '.join(names)}" if names else ""))
    return bench, segments[1] if len(segments) == 2 else None


_ENV_FOLDERS: dict[str, Path] = {}  # dataset -> folder, from $LIFT_GYM_DATASETS
_ENV_READ: list[str] = []


def _env_datasets() -> None:
    """The folders of $LIFT_GYM_DATASETS (read again when it changes; a folder that is missing is skipped),
    registered unless `register_dataset` named the dataset."""
    text = os.environ.get("LIFT_GYM_DATASETS", "")
    if [text] == _ENV_READ:
        return
    _ENV_READ[:] = [text]
    for name in _ENV_FOLDERS:
        if _FOLDERS.get(name) == _ENV_FOLDERS[name]:
            del _FOLDERS[name]
    _ENV_FOLDERS.clear()
    for item in filter(None, (x.strip() for x in text.split(os.pathsep))):
        name, eq, folder = item.partition("=")
        if not eq:
            name, folder = Path(item).name.lower(), item
        if Path(folder).expanduser().is_dir() and re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", name) \
                and name not in (SUITE, ANNOTATED) and name not in _FOLDERS:
            _ENV_FOLDERS[name] = _FOLDERS[name] = Path(folder).expanduser().resolve()


def _is_user_uri(parts, text: str) -> bool:
    _env_datasets()
    if parts.scheme == "file":
        return True
    if parts.scheme == SCHEME:
        return parts.netloc in _USER or parts.netloc in _FOLDERS or parts.netloc == generate.DATASET
    return not parts.scheme and text.split("?")[0].endswith(PROGRAM_SUFFIX)


def resolve(text: str) -> tuple[Benchmark, dict[str, int]]:
    """(benchmark, sizes) of a benchmark URI; query sizes override the preset's, unknown keys are errors."""
    bench, preset, overrides = lookup(text)
    sizes = preset_sizes(bench, preset) if preset else bench.sizes("default")
    sizes.update(overrides)
    err = bench.size_error(sizes)
    if err:
        hint = ""
        if bench.dataset != SUITE and err.startswith("missing size"):
            hint = (f" (give them in the URI, {bench.uri}?{'&'.join(f'{k}=64' for k in bench.size_keys)}; "
                    f"presets: {', '.join(bench.presets) or 'none'})")
        raise UnknownBenchmark(f"{bench.name}: {err}{hint}")
    return bench, sizes


def lookup(text: str) -> tuple[Benchmark, str | None, dict[str, int]]:
    """(benchmark, preset named or None, sizes given in the query) of a URI or program path, without completing
    or checking the sizes (`resolve` does)."""
    parts = urlsplit(text.strip())
    if _is_user_uri(parts, text.strip()):
        bench, preset = _user_target(text.strip(), parts)
        return _query(text, bench, preset, parts.query)
    if parts.scheme != SCHEME or parts.netloc != SUITE:
        hint = ""
        name = text.strip().rsplit("/", 1)[-1].split("?")[0]
        if name in _ALL:
            hint = f" (did you mean {uri(name)}?)"
        raise UnknownBenchmark(f"{text!r} is not a benchmark URI: expected {SCHEME}://{SUITE}/NAME[/PRESET]"
                               f"[?KEY=VALUE&...]{hint}")
    segments = [s for s in parts.path.split("/") if s]
    if not segments:
        raise UnknownBenchmark(f"{text!r} names no benchmark; benchmarks: {', '.join(_ALL)}")
    if len(segments) > 2:
        raise UnknownBenchmark(f"{text!r}: too many path segments, expected /NAME or /NAME/PRESET")
    bench = get(segments[0])
    preset = segments[1] if len(segments) == 2 else None
    return _query(text, bench, preset, parts.query)


def _query(text: str, bench: Benchmark, preset: str | None, query: str):
    """(bench, preset, sizes) with the query's size= and KEY=VALUE items read and checked."""
    overrides: dict[str, int] = {}
    seen: set[str] = set()
    for key, val in parse_qsl(query, keep_blank_values=True, strict_parsing=False):
        if key in seen:
            raise UnknownBenchmark(f"{text!r}: {key} is given twice")
        seen.add(key)
        if key == "size":
            if preset is not None and preset != val:
                raise UnknownBenchmark(f"{text!r}: preset {preset!r} in the path and size={val} in the query")
            preset = val
            continue
        if key not in bench.size_keys:
            raise UnknownBenchmark(f"{bench.name} has no size {key!r}{_close(key, bench.size_keys)}; valid keys: "
                                   f"{', '.join(bench.size_keys)} (or size=PRESET)")
        if not re.fullmatch(r"\+?\d+", val.strip()) or int(val) < 1:
            raise UnknownBenchmark(f"{bench.name}: size {key}={val!r} is not a positive integer")
        overrides[key] = int(val)
    if preset is not None:
        preset_sizes(bench, preset)  # an unknown preset is an error here
    return bench, preset, overrides


def preset_sizes(bench: Benchmark, preset: str) -> dict[str, int]:
    """A copy of the sizes of a named preset; UnknownBenchmark listing the presets otherwise."""
    if preset not in bench.presets:
        raise UnknownBenchmark(f"{bench.name} has no size preset {preset!r}{_close(preset, bench.presets)}; "
                               f"presets: {', '.join(bench.presets)}")
    return dict(bench.presets[preset])


def _close(word: str, options) -> str:
    """' (did you mean X?)' for the options closest to `word` (case-insensitive), or ''."""
    by_lower: dict[str, str] = {}
    for o in options:
        by_lower.setdefault(o.lower(), o)
    close = [by_lower[c] for c in difflib.get_close_matches(word.lower(), list(by_lower), n=3, cutoff=0.5)]
    return f" (did you mean {' or '.join(close)}?)" if close else ""


__all__ = ["ANNOTATED", "INTERPRETER", "TOLERANCE", "Benchmark", "Dataset", "datasets", "get", "list_benchmarks",
           "load_benchmark", "lookup", "preset_sizes", "register_benchmark", "register_dataset", "rel_error", "resolve",
           "unregister_benchmark", "uri", "user_benchmark"]
