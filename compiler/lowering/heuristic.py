"""Learned decisions of the lowerings: a heuristic exported as data (JSON) and its evaluator.

A heuristic file answers one decision (today `stencil.rowsPerItem`, the rows per work item of the 2-D stencils'
default lowering) from a program's static features. It is written by compiler.perf.heuristic (measure, select a
model by cross-validation, export) and holds only numbers: the feature names in order, the choices, and the model
as data ("tree": the nodes of a decision tree; "logistic": standardisation and a linear decision function;
"naive_bayes": per-class Gaussian means, variances and priors). No code is ever loaded from it.

    h = load("stencil_rows.json")                  # HeuristicError (one line: file and field) when malformed
    h.decide(stencil_features(bench, form, sizes), legal=(1, 2, 4))

The stencil lowering consults the file named by $LIFT_GYM_HEURISTICS when one is set (`active`); without it the
fixed rule stays the default. This module reads no measurements (compiler.perf stands below the lowerings).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .. import arith
from ..errors import CompilerError
from ..ir.typecheck import typecheck
from ..types import ArrayType

FORMAT = "lift-gym-heuristic"
VERSION = 1
PATH_ENV = "LIFT_GYM_HEURISTICS"
ROWS_DECISION = "stencil.rowsPerItem"
STENCIL_FEATURES = ("log2_rows", "log2_cols", "window_h", "window_w", "grids", "windows", "flops_per_point",
                    "bytes_per_point")
KINDS = ("tree", "logistic", "naive_bayes")


class HeuristicError(CompilerError):
    """A heuristic file that cannot be used: names the file and the field at fault. Not a LoweringError, which
    `Lowering.valid` reads as "this lowering does not apply": a broken file must surface, not hide a lowering."""


def stencil_features(bench, form, sizes: Mapping[str, int]) -> dict[str, float]:
    """Static features of a 2-D stencil (its `stencil.StencilForm`) at `sizes`: the output shape (log2), the
    largest window, the grids read and how many of them through a window, the work per output point."""
    t = typecheck(bench.program).result
    assert isinstance(t, ArrayType) and isinstance(t.elem, ArrayType), "a 2-D stencil's output is a 2-D array"
    rows, cols = arith.evaluate(t.n, sizes), arith.evaluate(t.elem.n, sizes)
    windows = [o.window for o in form.operands if o.window]
    points = rows * cols
    return {"log2_rows": math.log2(rows), "log2_cols": math.log2(cols),
            "window_h": float(max(w[0] for w in windows)), "window_w": float(max(w[1] for w in windows)),
            "grids": float(len(form.operands)), "windows": float(len(windows)),
            "flops_per_point": bench.flops(sizes) / points, "bytes_per_point": bench.bytes(sizes) / points}


@dataclass(frozen=True)
class Heuristic:
    """One exported decision: `decide(features, legal)` is the model's choice, or the largest legal choice
    below it when the model's choice is not legal for these sizes."""

    decision: str
    features: tuple[str, ...]
    choices: tuple[int, ...]
    kind: str
    model: Mapping
    path: str = ""

    def predict(self, x: Sequence[float]) -> int:
        """The model's choice for one feature vector (in `features` order)."""
        v = np.asarray(x, dtype=float)
        m = self.model
        if self.kind == "tree":
            nodes, i = m["nodes"], 0
            while "value" not in nodes[i]:
                n = nodes[i]
                i = n["left"] if v[n["feature"]] <= n["threshold"] else n["right"]
            return int(nodes[i]["value"])
        z = (v - np.asarray(m["mean"])) / np.asarray(m["scale"])
        classes = m["classes"]
        if self.kind == "logistic":
            score = np.asarray(m["coef"]) @ z + np.asarray(m["intercept"])
            return int(classes[int(score[0] > 0)] if len(score) == 1 else classes[int(np.argmax(score))])
        theta, var = np.asarray(m["theta"]), np.asarray(m["var"])  # naive_bayes: Gaussian log-likelihoods
        joint = np.log(np.asarray(m["prior"])) - 0.5 * np.sum(np.log(2 * np.pi * var) + (z - theta) ** 2 / var, 1)
        return int(classes[int(np.argmax(joint))])

    def decide(self, features: Mapping[str, float], legal: Sequence[int]) -> int:
        missing = [f for f in self.features if f not in features]
        if missing:
            raise HeuristicError(f"{self.path}: the program has no feature(s) {', '.join(missing)}")
        choice = self.predict([features[f] for f in self.features])
        return max((c for c in legal if c <= choice), default=min(legal))


def _need(cond: bool, path: str, field: str, what: str) -> None:
    if not cond:
        raise HeuristicError(f"{path}: field {field!r} {what}")


def _numbers(v, path: str, field: str, shape: tuple[int, ...]) -> None:
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        a = None
    _need(a is not None and a.shape == shape and bool(np.all(np.isfinite(a))), path, field,
          f"must be finite numbers of shape {list(shape)}")


def _check_tree(m: Mapping, path: str, nf: int, choices: Sequence[int]) -> None:
    nodes = m.get("nodes")
    _need(isinstance(nodes, list) and len(nodes) > 0, path, "model.nodes", "must be a non-empty list")
    for i, n in enumerate(nodes):
        f = f"model.nodes[{i}]"
        _need(isinstance(n, dict), path, f, "must be an object")
        if "value" in n:
            _need(n["value"] in choices, path, f + ".value", f"must be one of the choices {list(choices)}")
            continue
        _need(isinstance(n.get("feature"), int) and 0 <= n["feature"] < nf, path, f + ".feature",
              f"must be a feature index in [0, {nf})")
        _numbers(n.get("threshold"), path, f + ".threshold", ())
        for side in ("left", "right"):  # children after their parent: every walk ends at a leaf
            _need(isinstance(n.get(side), int) and i < n[side] < len(nodes), path, f"{f}.{side}",
                  f"must be a node index in ({i}, {len(nodes)})")


def _check_dense(m: Mapping, kind: str, path: str, nf: int, choices: Sequence[int]) -> None:
    classes = m.get("classes")
    _need(isinstance(classes, list) and len(classes) >= 2 and all(c in choices for c in classes), path,
          "model.classes", f"must list at least two of the choices {list(choices)}")
    nc = len(classes)
    _numbers(m.get("mean"), path, "model.mean", (nf,))
    _numbers(m.get("scale"), path, "model.scale", (nf,))
    _need(all(s > 0 for s in m["scale"]), path, "model.scale", "must be positive")
    if kind == "logistic":
        rows = 1 if nc == 2 else nc
        _numbers(m.get("coef"), path, "model.coef", (rows, nf))
        _numbers(m.get("intercept"), path, "model.intercept", (rows,))
    else:
        _numbers(m.get("theta"), path, "model.theta", (nc, nf))
        _numbers(m.get("var"), path, "model.var", (nc, nf))
        _numbers(m.get("prior"), path, "model.prior", (nc,))
        _need(all(v > 0 for row in m["var"] for v in row) and all(p > 0 for p in m["prior"]), path,
              "model.var", "and model.prior must be positive")


def from_dict(d, path: str = "<heuristic>") -> Heuristic:
    """A validated `Heuristic` from the parsed JSON of a heuristic file."""
    _need(isinstance(d, dict), path, "(top level)", "must be a JSON object")
    _need(d.get("format") == FORMAT, path, "format", f"must be {FORMAT!r}")
    _need(d.get("version") == VERSION, path, "version", f"must be {VERSION} (got {d.get('version')!r})")
    _need(isinstance(d.get("decision"), str), path, "decision", "must be a string")
    feats = d.get("features")
    _need(isinstance(feats, list) and len(feats) > 0 and all(isinstance(f, str) for f in feats), path, "features",
          "must be a non-empty list of names")
    choices = d.get("choices")
    _need(isinstance(choices, list) and len(choices) > 0
          and all(isinstance(c, int) and not isinstance(c, bool) and c >= 1 for c in choices), path, "choices",
          "must be a non-empty list of positive integers")
    _need(d.get("kind") in KINDS, path, "kind", f"must be one of {', '.join(KINDS)}")
    m = d.get("model")
    _need(isinstance(m, dict), path, "model", "must be an object")
    if d["kind"] == "tree":
        _check_tree(m, path, len(feats), choices)
    else:
        _check_dense(m, d["kind"], path, len(feats), choices)
    return Heuristic(d["decision"], tuple(feats), tuple(choices), d["kind"], m, path)


def load(path: str | os.PathLike) -> Heuristic:
    """Read and validate a heuristic file (JSON); `HeuristicError` with the file and field when it is malformed."""
    p = Path(path)
    try:
        d = json.loads(p.read_text())
    except OSError as err:
        raise HeuristicError(f"{p}: cannot read the heuristic file ({err.strerror or err})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise HeuristicError(f"{p}: not JSON ({err})") from None
    return from_dict(d, str(p))


_LOADED: dict[tuple[str, int], Heuristic] = {}


def active(decision: str) -> Heuristic | None:
    """The heuristic for `decision` from the file named by $LIFT_GYM_HEURISTICS (re-read when the file changes),
    or None when the variable is unset; a file made for another decision is an error."""
    name = os.environ.get(PATH_ENV, "").strip()
    if not name:
        return None
    try:
        key = (name, os.stat(name).st_mtime_ns)
    except OSError as err:
        raise HeuristicError(f"{name} (${PATH_ENV}): cannot read the heuristic file ({err.strerror})") from None
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = load(name)
    h = _LOADED[key]
    if h.decision != decision:
        raise HeuristicError(f"{name}: field 'decision' is {h.decision!r}, this lowering decides {decision!r}")
    return h
