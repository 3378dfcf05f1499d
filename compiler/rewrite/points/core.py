"""Rewrite points (thesis Ch6): the kind record, the parameters, and Algorithm 4 (top-down application).

A rewrite point (RP) is a `RewritePoint(kind, label, fun, args)` node (compiler.ir.node): a typed identity
whose `fun` is replaced by a rewritten version of itself, steered by structural parameters (skip and the kind's
own, with finite domains) and tuning parameters (sizes left symbolic when not given, for compiler.constraints).
Parameters are named "<label>.<param>"; an RP inserted by another gets the label "<parent label>/<role>".

Application (`apply_rewrite_points`) is Algorithm 4 in top-down order: the first RP in pre-order is applied,
its result replaces it, and the walk starts again from the root, so an outer RP is applied before the RPs nested
in it and the inserted RPs are met after their parent. An RP either captures the RPs wrapped directly around its
core (`nestedRPs(...)` in the thesis' patterns) and re-places them in its rewrite (Fig 6.2), or (the default of
Listing 6.1) rewrites its innermost function and re-wraps the result in them. Each application is type-checked:
the rewritten function applied to the RP's argument types, in its environment, must have the RP's result type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import sympy

from ... import arith
from ...errors import RewritePointError, TypeCheckError
from ...ir.node import FunCall, FunDecl, Node, Param, Program, RewritePoint, at, replace_at, walk, with_children
from ...ir.printer import show
from ...ir.terms import Fresh, all_names, by_identity
from ...ir.typecheck import infer, typecheck
from ...types import Type, same_type
from ..apply import specialise

SKIP = "skip"


@dataclass(frozen=True)
class RPParam:
    """One rewrite-point parameter: `name` is "<label>.<param>", `role` "struct" or "tuning", `domain` the
    finite values of a structural parameter (None for tuning parameters: their constraints are inferred)."""

    name: str
    role: str
    domain: tuple | None
    label: str


@dataclass
class RPResult:
    """`program` has no RewritePoint left; `applied` lists (label, kind) in application order; `eliminated`
    (label, reason) the RPs removed without rewriting because their pattern did not match (the thesis' warning)."""

    program: Program
    applied: list[tuple[str, str]] = field(default_factory=list)
    eliminated: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


class NoMatch(Exception):
    """Raised by a kind's `match` with the reason its pattern does not match the input function."""


@dataclass(frozen=True)
class Shell:
    """A nested RP without its function: what `nestedRPs(...)` captures."""

    kind: str
    label: str
    args: tuple

    def around(self, f: FunDecl) -> RewritePoint:
        return RewritePoint(self.kind, self.label, f, self.args)


def wrap(nested: tuple[Shell, ...], f: FunDecl) -> FunDecl:
    """nested[0](nested[1](...(f)))."""
    for s in reversed(nested):
        f = s.around(f)
    return f


def peel(f: FunDecl) -> tuple[tuple[Shell, ...], FunDecl]:
    """(the RPs wrapped directly around f, outermost first; the function inside them)."""
    shells: list[Shell] = []
    while isinstance(f, RewritePoint):
        shells.append(Shell(f.kind, f.label, f.args))
        f = f.fun
    return tuple(shells), f


@dataclass
class PointSite:
    """What a kind's match and rewrite see: the RP, its core and nested RPs, its types and parameter values."""

    rp: RewritePoint
    nested: tuple[Shell, ...]
    core: FunDecl
    ins: tuple[Type, ...]
    out: Type
    env: dict[str, Type]
    fresh: Fresh
    values: Mapping[str, object]

    @property
    def label(self) -> str:
        return self.rp.label

    @property
    def args(self) -> tuple:
        return self.rp.args

    def value(self, param: str):
        """A parameter's value: the given one, or for a tuning parameter its symbol (a positive integer)."""
        name = f"{self.label}.{param}"
        if name in self.values:
            v = self.values[name]
            return arith.size(v) if isinstance(v, int | sympy.Basic) and not isinstance(v, bool) else v
        return arith.var(name)

    def insert(self, kind: str, role: str, f: FunDecl, *args) -> RewritePoint:
        """An RP this one inserts (labelled "<label>/<role>")."""
        return RewritePoint(kind, f"{self.label}/{role}", f, tuple(args))

    def type_of(self, f: FunDecl, ins: tuple[Type, ...]) -> Type:
        """The result type of f applied to arguments of types `ins`, in the RP's environment."""
        ps = tuple(Param(self.fresh("tyArg")) for _ in ins)
        env = dict(self.env)
        env.update({p.name: t for p, t in zip(ps, ins, strict=True)})
        return infer(FunCall(f, ps), env)


@dataclass(frozen=True)
class Kind:
    """A rewrite point as data (Listing 6.1).

    - `struct(args)`: the structural parameters besides skip, as (name, domain) pairs;
    - `tuning(args)`: the tuning parameter names;
    - `captures`: whether the pattern captures nested RPs (`nestedRPs(...)`); if not, the rewrite gets the
      innermost function and its result is re-wrapped in the nested RPs (Listing 6.1 lines 12-13);
    - `match(site)`: the pattern; returns the components `rewrite` needs or raises NoMatch(reason);
    - `rewrite(site, components)`: the rewritten function (of the RP's type);
    - `inserts`: role -> kind of the RPs the rewrite inserts (the composition graph);
    - `restrict`: role -> {param: domain} narrowing the domains of inserted RPs (kernelFission: global only).
    """

    name: str
    struct: Callable[[tuple], tuple[tuple[str, tuple], ...]]
    tuning: Callable[[tuple], tuple[str, ...]]
    captures: bool
    match: Callable[[PointSite], object]
    rewrite: Callable[[PointSite, object], FunDecl]
    inserts: Mapping[str, str] = field(default_factory=dict)
    restrict: Mapping[str, Mapping[str, tuple]] = field(default_factory=dict)
    arg_check: Callable[[tuple], str | None] = lambda args: None if not args else "takes no arguments"
    doc: str = ""


KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    KINDS[kind.name] = kind
    return kind


def kind_of(rp: RewritePoint) -> Kind:
    k = KINDS.get(rp.kind)
    if k is None:
        raise RewritePointError(rp.label, f"unknown rewrite point kind {rp.kind!r} (known: {', '.join(KINDS)})",
                                show(rp, limit=200))
    problem = k.arg_check(rp.args)
    if problem:
        raise RewritePointError(rp.label, f"{rp.kind} {problem}, given {rp.args!r}", show(rp, limit=200))
    return k


# --- Algorithm 4 -----------------------------------------------------------------------------------------------
@by_identity
def _has_rp(n: Node) -> bool:
    return isinstance(n, RewritePoint) or any(_has_rp(c) for c in n.children())


def _first_rp(p: Program) -> tuple[tuple[int, ...], RewritePoint] | None:
    """The first RP in pre-order and its path (descending only into subtrees that hold one)."""
    if not _has_rp(p):
        return None
    path: list[int] = []
    n: Node = p
    while not isinstance(n, RewritePoint):
        for i, c in enumerate(n.children()):
            if _has_rp(c):
                path.append(i)
                n = c
                break
    return tuple(path), n


def _domains(rp: RewritePoint, kind: Kind, met: Mapping[str, str]) -> list[tuple[str, tuple]]:
    doms = [(SKIP, (0, 1)), *kind.struct(rp.args)]
    if "/" in rp.label:
        parent, role = rp.label.rsplit("/", 1)
        pk = KINDS.get(met.get(parent, ""))
        narrowed = pk.restrict.get(role, {}) if pk else {}
        doms = [(n, narrowed.get(n, d)) for n, d in doms]
    return doms


def _site(rp_types, path, rp: RewritePoint, values, fresh: Fresh) -> PointSite:
    if path not in rp_types:
        raise RewritePointError(rp.label, "the type checker never applies this rewrite point's function",
                                show(rp, limit=200))
    ins, out, env = rp_types[path]
    nested, core = peel(rp.fun)
    return PointSite(rp, nested, core, ins, out, env, fresh, values)


def _unwrap_types(rp_types: dict, path: tuple[int, ...]) -> dict:
    """The RP types of the program after the RP at `path` is replaced by its function: a typed identity, so every
    type stays; the RP's entry goes and the paths under it lose the RP's child index 0."""
    n = len(path)
    out = {}
    for k, v in rp_types.items():
        if k[:n] != path:
            out[k] = v
        elif len(k) > n:
            out[(*path, *k[n + 1:])] = v
    return out


def _check(site: PointSite, new: FunDecl) -> None:
    """Algorithm 4 lines 15-16: the rewritten function must type-check and keep the RP's type."""
    try:
        u = site.type_of(new, site.ins)
    except TypeCheckError as err:
        raise RewritePointError(site.label, f"the rewrite does not type-check ({err.prim}: {err.detail})",
                                err.expr or show(new, limit=240)) from None
    if not same_type(u, site.out):
        raise RewritePointError(site.label, f"the rewrite changes the result type {site.out} into {u}",
                                show(new, limit=240))


def _run(program: Program, values: Mapping[str, object], sizes, listing: list[RPParam] | None) -> RPResult:
    """Algorithm 4. With `listing`, RPs whose structural values are missing are listed and left unapplied
    (treated as skipped) instead of raising."""
    if sizes:  # early substitution of the constants (§6.3.1): lengths and guards are decided exactly
        program = specialise(program, dict(sizes))
    res = RPResult(program)
    fresh = Fresh(all_names(program))
    met: dict[str, str] = {}
    p = program
    rp_types = None  # Typing.rewrite_points of p (recomputed after each application)
    while (found := _first_rp(p)) is not None:
        path, rp = found
        if rp_types is None:
            rp_types = typecheck(p).rewrite_points
        kind = kind_of(rp)
        met[rp.label] = rp.kind
        doms = _domains(rp, kind, met)
        site_values = values
        if listing is not None:  # the structure does not depend on tuning values: list with them symbolic
            site_values = {f"{rp.label}.{n}": values[f"{rp.label}.{n}"] for n, _ in doms if f"{rp.label}.{n}" in values}
        site = _site(rp_types, path, rp, site_values, fresh)
        try:
            comps = kind.match(site)
            reason = None
        except NoMatch as nm:
            comps, reason = None, str(nm)
        if listing is not None:
            _list_params(listing, rp, kind, doms, values, matched=reason is None)
        chosen, missing = _chosen(rp, doms, values)
        if chosen.get(SKIP) == 1:
            res.skipped.append(rp.label)
            p = replace_at(p, path, rp.fun)  # type: ignore[assignment]
            rp_types = _unwrap_types(rp_types, path)
            continue
        if SKIP in chosen and reason is not None:
            res.eliminated.append((rp.label, reason))
            p = replace_at(p, path, rp.fun)  # type: ignore[assignment]
            rp_types = _unwrap_types(rp_types, path)
            continue
        if missing:
            if listing is None:
                raise RewritePointError(rp.label, f"no value for structural parameter(s) {', '.join(missing)}")
            p = replace_at(p, path, rp.fun)  # type: ignore[assignment]  # listed; not applied yet
            rp_types = _unwrap_types(rp_types, path)
            continue
        new = kind.rewrite(site, comps)
        if not kind.captures:
            new = wrap(site.nested, new)
        _check(site, new)
        res.applied.append((rp.label, rp.kind))
        p = replace_at(p, path, new)  # type: ignore[assignment]
        rp_types = None
    res.program = p
    return res


def _list_params(listing: list[RPParam], rp: RewritePoint, kind, doms, values: Mapping[str, object],
                 matched: bool) -> None:
    """The parameters an RP contributes to a listing: skip, then (unless skipped or unmatched) the others."""
    skip_name = f"{rp.label}.{SKIP}"
    listing.append(RPParam(skip_name, "struct", (0, 1), rp.label))
    if matched and values.get(skip_name) != 1:
        listing.extend(RPParam(f"{rp.label}.{n}", "struct", d, rp.label) for n, d in doms[1:])
        listing.extend(RPParam(f"{rp.label}.{n}", "tuning", None, rp.label) for n in kind.tuning(rp.args))


def _chosen(rp: RewritePoint, doms, values: Mapping[str, object]) -> tuple[dict, list[str]]:
    """(the RP's structural values given, by parameter; the full names of those missing); a value outside its
    domain raises."""
    chosen = {}
    missing = []
    for n, d in doms:
        full = f"{rp.label}.{n}"
        if full not in values:
            missing.append(full)
            continue
        v = values[full]
        v = tuple(v) if isinstance(v, list) else v
        if v not in d:
            raise RewritePointError(rp.label, f"parameter {full} = {v!r} is outside its domain {d}")
        chosen[n] = v
    return chosen, missing


def apply_rewrite_points(program: Program, values: Mapping[str, object], *,
                         sizes: Mapping[str, int] | None = None) -> RPResult:
    """Apply every rewrite point top-down (Algorithm 4) with the given parameter values.

    Every structural parameter of every RP met must be in `values` (skip included; an RP with skip=1 needs no
    other value); tuning parameters missing from `values` stay symbolic (`arith.var("<label>.<param>")`).
    `sizes` binds size variables: the program is specialised to them first (the thesis substitutes the layer
    constants before RP application, §6.3.1), so a tile size that does not divide a length is reported against
    the RP, and the result has those sizes substituted. Raises RewritePointError naming the RP label.
    """
    return _run(program, values, sizes, None)


def parameters(program: Program, values: Mapping[str, object] | None = None, *,
               sizes: Mapping[str, int] | None = None) -> list[RPParam]:
    """The RP parameters met in Algorithm 4's top-down order given the values chosen so far.

    An RP contributes `skip`; unless skip=1 is chosen or its pattern does not match, also its other structural
    and its tuning parameters. RPs inserted by an RP appear once that RP's structural values are all in
    `values` (it is then applied); an RP with missing structural values is left in place as if skipped, so the
    RPs nested in it are still listed.
    """
    out: list[RPParam] = []
    _run(program, dict(values or {}), sizes, out)
    seen: set[str] = set()
    uniq = []
    for q in out:
        if q.name not in seen:
            seen.add(q.name)
            uniq.append(q)
    return uniq


def strip_rewrite_points(node: Node) -> Node:
    """Every RP replaced by its input function (all skipped)."""
    kids = node.children()
    if isinstance(node, RewritePoint):
        return strip_rewrite_points(node.fun)
    if not kids:
        return node
    new = [strip_rewrite_points(k) for k in kids]
    if all(a is b for a, b in zip(new, kids, strict=True)):
        return node
    return with_children(node, new)


def rewrite_point_labels(node: Node) -> list[str]:
    """Labels of the RPs in `node`, in pre-order."""
    return [n.label for _, n in walk(node) if isinstance(n, RewritePoint)]


def at_label(node: Node, label: str) -> RewritePoint | None:
    for path, n in walk(node):
        if isinstance(n, RewritePoint) and n.label == label:
            return at(node, path)  # type: ignore[return-value]
    return None
