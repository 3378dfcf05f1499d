"""The `lift-gym` command line.

    lift-gym benchmarks [--dataset NAME|DIR ...] [--split S] [--json]   datasets: URIs, presets, default and small sizes
    lift-gym show URI|FILE [--size NAME] [--sizes K=V,...]     a program's text form and its type
    lift-gym show EPISODE.json [--opencl]                      an episode record's final program (or its OpenCL)
    lift-gym check URI|FILE [--size NAME] [--sizes K=V,...] [--seed N] [--json]
    lift-gym check --all [--size NAME]                         every suite program (at `small` unless --size)

`check` type-checks a program and runs the NumPy interpreter on fresh random inputs; for a benchmark URI it
compares with the benchmark's float64 reference (`compiler.runtime.compare.compare_arrays`, the comparison `run`
makes: rtol/atol, the summation bound, a NaN or an infinity matched only by itself) and prints PASS or FAIL (exit
1 on FAIL). A FILE holds a program in text form (compiler.ir.parser), a user
benchmark (compiler.suite.user, docs/datasets.md): with a `.npz` reference beside it (inputs and expected output)
check compares with that; without one it only type-checks and interprets it (status RAN) with sizes from
`--sizes` or its `# preset` lines. `--size` picks a preset (it replaces a preset named in the URI; sizes in the
URI's query and `--sizes` still override).

Errors (unknown URI, unparsable file, ill-typed program, bad size) print one line `lift-gym: error: ...` and exit 2.

A subcommand is an `agents.subcommand.Command` made with `@command(name, help, configure)`: `configure(parser)`
adds the arguments and the decorated `run(args) -> int` executes. `COMMANDS` lists them all, in `--help` order,
from `agents.subcommand.CATALOG`: a command's module is imported only when that command is configured, so
`lift-gym --help` imports neither the compiler's heavy parts nor scikit-learn, torch or pyopencl.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from compiler.errors import CompilerError, InterpretError, ParseError, TypeCheckError

from .subcommand import (
    CATALOG,
    CliError,
    Command,
    Target,
    command,
    load_target,
    random_inputs,
    seed,
)

if TYPE_CHECKING:
    import numpy as np

    from compiler import suite

PROG = "lift-gym"


class _ArgParser(argparse.ArgumentParser):
    def error(self, message: str):  # one line instead of usage + message
        raise CliError(f"{message} (see {self.prog} --help)")


def build_parser(only: str | None = None, *, configure_all: bool = True) -> argparse.ArgumentParser:
    """The `lift-gym` parser: every subcommand, each configured (its module imported) when `configure_all`, else
    only `only` (so that `lift-gym --help` and `lift-gym NAME ...` import what they use, nothing more)."""
    parser = _ArgParser(prog=PROG, description="LIFT-style GPU code generation as a reinforcement-learning problem.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_ArgParser)
    for name, cmd in COMMANDS.items():
        # argparse %-formats a subcommand's help line (not its description): a literal % is written %%
        p = sub.add_parser(name, help=cmd.help.replace("%", "%%"), description=cmd.help)
        if configure_all or name == only:
            cmd.configure(p)
            p.set_defaults(_run=cmd.run)
    return parser


def _command_of(argv: list[str]) -> str | None:
    """The subcommand an argument list names: its first argument that is not an option (the top level has
    only -h/--help)."""
    return next((a for a in argv if not a.startswith("-")), None)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser(_command_of(argv), configure_all=False)
        args = parser.parse_args(argv)
        if args.command is None:  # a bare `lift-gym`: what it can do
            parser.print_help()
            return 0
        if getattr(args, "_run", None) is None:  # named where _command_of did not look: configure it, parse again
            args = build_parser(args.command, configure_all=False).parse_args(argv)
        args.command_line = shlex.join([PROG, *argv])  # recorded by the commands that write reports
        return int(args._run(args) or 0)
    except CliError as e:
        return _error(str(e))
    except BrokenPipeError:  # `lift-gym benchmarks | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except ParseError as e:  # the first line has the position; the rest is a caret picture
        return _error(str(e).splitlines()[0])
    except CompilerError as e:
        return _error(f"{_kind(e)}{e}")


def _error(msg: str) -> int:
    line = " ".join(msg.split()) or "unknown error"
    print(f"{PROG}: error: {line}", file=sys.stderr)
    return 2


def _kind(e: Exception) -> str:
    if isinstance(e, TypeCheckError):
        return "ill-typed program: "
    if isinstance(e, InterpretError):
        return "interpreter: "
    return ""


def _type_text(prog, result) -> str:
    params = ", ".join(f"{p.name}: {p.type}" for p in prog.params)
    return f"({params}) -> {result}"


# --- benchmarks ----------------------------------------------------------------------------------------------
def _configure_benchmarks(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dataset", metavar="NAME|DIR", action="append", default=[],
                   help="list only this dataset (generated-v1, lift, ...), or also the programs (*.lift, with a .npz "
                        "reference beside each) of a folder, as benchmark://NAME/STEM where NAME is the folder's "
                        "name (repeatable)")
    p.add_argument("--split", choices=("train", "validation", "test"),
                   help="only this split of a generated dataset (--dataset generated-v1)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _benchmark_row(b: suite.Benchmark, dataset: str) -> dict:
    from compiler import suite

    small = b.sizes("small") if "small" in b.presets else None
    return {
        "name": b.name, "dataset": dataset, "family": b.family, "uri": b.uri, "description": b.description,
        "size_keys": list(b.size_keys), "presets": list(b.presets),
        "default": b.sizes("default"), "small": small,
        "default_uri": suite.uri(b, None, **b.sizes("default")),
        "small_uri": suite.uri(b, "small") if small is not None else None,
        "reference": b.reference_name,
    }


def _generated_row(name: str) -> dict:
    """A generated program's row, from its spec alone (the program is not parsed: a split lists in a second)."""
    from compiler.suite import generate

    spec = generate.program_spec(*generate.parse_name(name))
    uri = f"benchmark://{generate.DATASET}/{name}"
    return {"name": name, "dataset": generate.DATASET, "family": spec.family, "uri": uri, "split": spec.split,
            "description": spec.description, "size_keys": sorted(spec.presets["small"]),
            "presets": ["default", *spec.presets], "default": spec.presets["small"], "small": spec.presets["small"],
            "default_uri": uri, "small_uri": f"{uri}/small", "reference": "NumPy reference"}


@command("benchmarks", configure=_configure_benchmarks)
def cmd_benchmarks(args: argparse.Namespace) -> int:
    from compiler import suite
    from compiler.errors import UnknownBenchmark

    known = {d.name: d for d in suite.datasets()}
    chosen = [d for d in args.dataset if d in known]
    for folder in (d for d in args.dataset if d not in known):
        name = os.path.basename(os.path.normpath(folder)).lower().replace(" ", "-")
        try:
            suite.register_dataset(name, folder)
        except (ValueError, UnknownBenchmark) as err:
            raise CliError(f"--dataset {folder}: {err} (datasets: {', '.join(known)})") from None
        chosen.append(name)
    named = [d for d in args.dataset if d in known]  # a named dataset restricts the listing; a folder adds to it
    sets = [d for d in suite.datasets() if not named or d.name in chosen]
    if args.split and not args.dataset:
        raise CliError("--split lists a split of a generated dataset: give --dataset generated-v1 with it")
    if args.split and not any(d.splits for d in sets):
        raise CliError(f"--split: {', '.join(d.name for d in sets)} has no splits (--dataset generated-v1 has)")
    rows, summaries = [], []
    for d in sets:
        if d.names is not None and d.name not in named:  # a generated dataset is listed when asked for
            summaries.append(f"# dataset {d.name}: {d.description} (list it: --dataset {d.name} [--split SPLIT])")
        elif d.names is not None:
            rows += [_generated_row(n) for n in d.names(args.split)]
        elif not args.split:
            rows += [_benchmark_row(b, d.name) for b in d.benchmarks()]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    dataset, width = None, max((len(r["uri"]) for r in rows), default=0)  # the URI column fits the longest
    for r in rows:
        if r["dataset"] != dataset:
            dataset = r["dataset"]
            print(f"# dataset {dataset}")
        default = " ".join(f"{k}={v}" for k, v in r["default"].items()) or "(none: give --sizes)"
        small = " ".join(f"{k}={v}" for k, v in (r["small"] or {}).items())
        extra = [p for p in r["presets"] if p not in ("default", "small")]
        print(f"{r['uri']:{width}s} [{r['family']}] {r['description']}")
        print(f"    default: {default}" + (f"    small: {small}" if small else "")
              + (f"    presets: {', '.join(extra)}" if extra else "")
              + ("" if r["reference"] == "NumPy reference" else f"    reference: {r['reference']}"))
    for line in summaries:
        print(line)
    return 0


# --- show ----------------------------------------------------------------------------------------------------
def _configure_show(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="URI|FILE|EPISODE.json",
                   help="benchmark URI (benchmark://lift/NAME...), program file, or an episode record (the JSON "
                        "that search, pipeline and the env write): its final program")
    p.add_argument("--size", metavar="NAME", help="size preset of the benchmark (default, small, vgg16-7, ...)")
    p.add_argument("--sizes", metavar="K=V,...",
                   help="size overrides (used by --opencl; the program text keeps symbolic sizes)")
    p.add_argument("--opencl", action="store_true", help="print the generated OpenCL instead of the program")
    p.add_argument("--lowering", metavar="NAME", default="default", help="lowering for --opencl (default: default)")


def is_episode_file(text: str) -> bool:
    """Whether a target names an episode record: an existing `.json` file."""
    return text.lower().endswith(".json") and os.path.isfile(text)


def _print_kernels(kp, params: dict) -> None:
    for k in kp.kernels:
        print(f"// kernel {k.name}: global {k.global_size}, local {k.local_size}")
        print(k.source.rstrip("\n"))
    if params:
        print("// parameters: " + " ".join(f"{k}={v}" for k, v in params.items()))


def _show_episode(args: argparse.Namespace) -> int:
    from compiler.ir.printer import print_program

    from .commands import final_state, read_record

    if args.size or args.sizes or args.lowering != "default":
        raise CliError(f"{args.target} is an episode record: its sizes and lowering are the record's "
                       "(--size, --sizes and --lowering do not apply)")
    rec = read_record(args.target)
    s = final_state(rec)
    if s.kernel is None or s.lowered is None:
        raise CliError(f"{args.target}: the episode is not complete (it stops in phase {s.phase.name}): it has no "
                       "final program")
    if args.opencl:
        print(f"// episode {args.target}: {rec.benchmark}, {len(rec.actions)} actions")
        _print_kernels(s.kernel, dict(s.assignment or {}))
        return 0
    print(print_program(s.lowered).rstrip("\n"))
    print(f"# episode: {args.target}  ({len(rec.actions)} actions)")
    print(f"# benchmark: {rec.benchmark}")
    if s.assignment:
        print("# tuning: " + " ".join(f"{k}={v}" for k, v in s.assignment.items()))
    if rec.reward is not None:
        print(f"# recorded reward: {rec.reward:.6f} ({rec.reward_source})")
    return 0


@command("show", configure=_configure_show)
def cmd_show(args: argparse.Namespace) -> int:
    if is_episode_file(args.target):
        return _show_episode(args)
    from compiler.ir.printer import print_program
    from compiler.ir.typecheck import typecheck

    from . import run_cmd

    t = load_target(args.target, args.size, args.sizes, need_sizes=args.opencl)
    if args.opencl:
        _print_kernels(*run_cmd.generate(t, args.lowering))
        return 0
    result = typecheck(t.program).result
    text = print_program(t.program).rstrip("\n")
    print(text)
    print(f"# type: {_type_text(t.program, result)}")
    if t.benchmark is not None and all(k in t.sizes for k in t.benchmark.size_keys):
        print(f"# benchmark: {t.label}")
        print("# sizes: " + " ".join(f"{k}={v}" for k, v in t.sizes.items()))
    return 0


# --- check ---------------------------------------------------------------------------------------------------
def _configure_check(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="URI|FILE", nargs="?", help="benchmark URI or program file")
    p.add_argument("--all", action="store_true", help="check every benchmark of the suite (at --size, default small)")
    p.add_argument("--size", metavar="NAME", help="size preset of the benchmark (default, small, vgg16-7, ...)")
    p.add_argument("--sizes", metavar="K=V,...", help="sizes, e.g. M=4,N=8 (required for a FILE's size variables)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the random inputs (default 0)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def check_target(t: Target, seed: int) -> dict:
    """Type-check and interpret one target; compare with the reference when it is a benchmark."""
    import numpy as np

    from compiler.ir.interpret import interpret
    from compiler.ir.typecheck import typecheck
    from compiler.runtime import compare
    from compiler.runtime.measure import MeasureConfig

    t0 = time.perf_counter()
    result_type = typecheck(t.program).result
    rng = np.random.default_rng(seed)
    report: dict = {"target": t.text, "program": t.program.name, "sizes": t.sizes, "seed": seed,
                    "type": _type_text(t.program, result_type)}
    if not t.checked:  # a program without a reference of its own: interpreted only
        inputs = random_inputs(t.program, t.sizes, rng)
        out = interpret(t.program, inputs, t.sizes)
        report.update(benchmark=None, shape=_shape(out), finite=all(np.all(np.isfinite(x)) for x in _leaves(out)),
                      status="RAN", max_rel_error=None, tolerance=None, reference=None)
    else:
        b = t.benchmark
        assert b is not None
        inputs = b.make_inputs(t.sizes, rng)
        out = interpret(t.program, inputs, t.sizes)
        ref = b.reference(inputs, t.sizes)
        cfg = MeasureConfig()
        report.update(benchmark=b.name, uri=t.label, shape=list(np.shape(out)), tolerance=cfg.rtol, atol=cfg.atol,
                      reference=b.reference_at(t.sizes))
        if np.shape(out) != np.shape(ref):
            report.update(max_rel_error=None, status="FAIL",
                          detail=f"output shape {np.shape(out)} differs from the reference shape {np.shape(ref)}")
        else:  # the comparison of `run` (NaN matches only NaN, an infinity only itself)
            cmp = compare.compare_arrays(t.program.name, np.asarray(out), np.asarray(ref), cfg.rtol, cfg.atol,
                                         bound=b.error_bound(inputs, t.sizes))
            report.update(max_rel_error=cmp.max_rel, status="PASS" if cmp.ok else "FAIL",
                          nan_matched=cmp.nan_matched)
            if cmp.message:
                report.update(detail=cmp.message)
    report["seconds"] = round(time.perf_counter() - t0, 3)
    return report


def _leaves(out) -> list[np.ndarray]:
    import numpy as np

    if isinstance(out, tuple):
        return [x for o in out for x in _leaves(o)]
    return [np.asarray(out, dtype=np.float64)]


def _shape(out):
    """The output's shape (a list), or nested lists of shapes for a tuple-valued result."""
    import numpy as np

    return [_shape(o) for o in out] if isinstance(out, tuple) else list(np.shape(out))


def _print_report(r: dict) -> None:
    label = r.get("uri") or r["target"]
    print(f"{label}  seed={r['seed']}")
    print(f"  type: {r['type']}")
    if r["benchmark"] is None:
        print(f"  no reference: interpreted on random inputs, output shape {r['shape']}, "
              f"{'all finite' if r['finite'] else 'NOT all finite'}: {r['status']} ({r['seconds']} s)")
        return
    if r["max_rel_error"] is None:
        print(f"  {r.get('detail', '')}: {r['status']}")
        return
    against = "" if r.get("reference") in (None, "NumPy reference") else f" against {r['reference']}"
    print(f"  max relative error {r['max_rel_error']:.3e}{against} (rtol {r['tolerance']:g}, atol {r['atol']:g}): "
          f"{r['status']} ({r['seconds']} s)")
    if r.get("detail"):
        print(f"  {r['detail']}")


@command("check", configure=_configure_check)
def cmd_check(args: argparse.Namespace) -> int:
    from compiler import suite

    if args.all:
        if args.target:
            raise CliError("give either a URI|FILE or --all, not both")
        if args.sizes:
            raise CliError("--sizes does not apply to --all (sizes differ per benchmark); use --size NAME")
        size = args.size or "small"
        targets = [load_target(b.uri, size) for b in suite.list_benchmarks() if size in b.presets]
        if not targets:
            raise CliError(f"no benchmark has a size preset {size!r}")
    else:
        if not args.target:
            raise CliError("check needs a URI|FILE (or --all)")
        targets = [load_target(args.target, args.size, args.sizes)]
    reports = []
    for t in targets:
        r = check_target(t, args.seed)
        reports.append(r)
        if not args.json:
            _print_report(r)
    failed = [r for r in reports if r["status"] == "FAIL"]
    if args.json:
        print(json.dumps(reports[0] if not args.all else reports, indent=2))
    elif args.all:
        print(f"{len(reports) - len(failed)}/{len(reports)} PASS")
    return 1 if failed else 0


@dataclass(frozen=True)
class _Listed:
    """A subcommand of `CATALOG`, its module imported on first use of `configure` or `run`."""

    name: str
    module: str
    help: str

    def load(self) -> Command:
        cmd = next((c for c in vars(import_module(self.module)).values()
                    if isinstance(c, Command) and c.name == self.name), None)
        if cmd is None:
            raise RuntimeError(f"{self.module} defines no subcommand {self.name!r}")
        return cmd

    @property
    def configure(self):
        return self.load().configure

    @property
    def run(self):
        return self.load().run


class _Commands(MutableMapping):
    """Every subcommand by name, in --help order: the listed ones (`CATALOG`), loaded when used, and any `Command`
    added."""

    def __init__(self, listed: dict[str, tuple[str, str]]):
        self._items: dict[str, Any] = {n: _Listed(n, mod, text) for n, (mod, text) in listed.items()}

    def __getitem__(self, name: str):
        return self._items[name]

    def __setitem__(self, name: str, cmd) -> None:
        self._items[name] = cmd

    def __delitem__(self, name: str) -> None:
        del self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


COMMANDS = _Commands(CATALOG)

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
