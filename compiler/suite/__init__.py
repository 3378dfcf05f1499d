"""The benchmark suite and its URIs.

    benchmark://lift/NAME                      the default sizes
    benchmark://lift/NAME/PRESET               a named preset (small, small2, vgg16-7, ...)
    benchmark://lift/NAME?size=PRESET          the same
    benchmark://lift/NAME?M=1024&N=512         preset sizes (default unless size= or /PRESET) with overrides

`resolve(uri)` gives the Benchmark and its complete size binding; a wrong name, preset or size key raises
`UnknownBenchmark` naming what is wrong and the close or valid alternatives. Families: blas (scal, asum, dot,
gemv, mm), stencil (the eight stencils of P000 Table 2), conv (thesis Listing 4.1 with the VGG-16 layers), lift
(nbody, kmeans). See each module's docstring for the formulation and the decisions taken.
"""

from __future__ import annotations

import difflib
import re
from urllib.parse import parse_qsl, urlsplit

from ..errors import UnknownBenchmark
from . import annotated, blas, conv, lift, stencils
from .common import TOLERANCE, Benchmark, rel_error

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
    text = f"{SCHEME}://{SUITE}/{name}"
    if preset and preset != "default":
        text += f"/{preset}"
    if sizes:
        text += "?" + "&".join(f"{k}={v}" for k, v in sizes.items())
    return text


def resolve(text: str) -> tuple[Benchmark, dict[str, int]]:
    """(benchmark, sizes) of a benchmark URI; query sizes override the preset's, unknown keys are errors."""
    parts = urlsplit(text.strip())
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

    overrides: dict[str, int] = {}
    seen: set[str] = set()
    for key, val in parse_qsl(parts.query, keep_blank_values=True, strict_parsing=False):
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
    sizes = preset_sizes(bench, preset or "default")
    sizes.update(overrides)
    err = bench.size_error(sizes)
    if err:
        raise UnknownBenchmark(f"{bench.name}: {err}")
    return bench, sizes


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


__all__ = ["TOLERANCE", "Benchmark", "get", "list_benchmarks", "preset_sizes", "rel_error", "resolve", "uri"]
