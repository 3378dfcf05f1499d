"""Best-so-far plots: one panel per benchmark, one line per method, speedup against evaluations.

    path = plot_best_so_far(panels, out_dir / "best_so_far")   # .png with matplotlib, else a dependency-free .svg

`panels` maps a title to {method: [best-so-far speedup after evaluation 1, 2, ...]}.
"""

from __future__ import annotations

import html
import importlib.util
from collections.abc import Mapping, Sequence
from pathlib import Path

from .runs import write_text

Panels = Mapping[str, Mapping[str, Sequence[float]]]
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")


def matplotlib_available() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def plot_best_so_far(panels: Panels, stem: str | Path, xlabel: str = "evaluations",
                     ylabel: str = "best speedup over the default lowering") -> Path:
    """Write `stem.png` (matplotlib) or `stem.svg` (built-in writer) and return its path."""
    stem = Path(stem)
    if matplotlib_available():
        return _png(panels, stem.with_suffix(".png"), xlabel, ylabel)
    return write_text(stem.with_suffix(".svg"), svg(panels, xlabel, ylabel))


def _png(panels: Panels, path: Path, xlabel: str, ylabel: str) -> Path:
    import matplotlib  # optional: without it the plot is an SVG (matplotlib_available)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = max(len(panels), 1)
    fig, axes = plt.subplots(n, 1, figsize=(7, 3.2 * n), squeeze=False)
    for ax, (title, lines) in zip(axes[:, 0], panels.items(), strict=False):
        for i, (name, ys) in enumerate(lines.items()):
            ax.step(range(1, len(ys) + 1), ys, where="post", label=name, color=COLORS[i % len(COLORS)])
        ax.set_title(title, fontsize=9)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel, fontsize=8)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp, dpi=120)
    plt.close(fig)
    tmp.replace(path)
    return path


def svg(panels: Panels, xlabel: str, ylabel: str, width: int = 640, panel_h: int = 240) -> str:
    """The plot as an SVG document: step lines, axes with min/max ticks, a legend per panel."""
    left, right, top, bottom = 64, 150, 28, 40
    n = max(len(panels), 1)
    height = n * panel_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for p, (title, lines) in enumerate(panels.items()):
        y0 = p * panel_h
        pw, ph = width - left - right, panel_h - top - bottom
        values = [v for ys in lines.values() for v in ys]
        xmax = max((len(ys) for ys in lines.values()), default=1)
        lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
        if hi - lo < 1e-9:
            lo, hi = lo - 0.5, hi + 0.5

        def sx(x: float, pw: int = pw, xmax: int = xmax) -> float:
            return left + (x - 1) / max(xmax - 1, 1) * pw

        def sy(y: float, y0: int = y0, ph: int = ph, lo: float = lo, hi: float = hi) -> float:
            return y0 + top + (1 - (y - lo) / (hi - lo)) * ph

        out.append(f'<text x="{left}" y="{y0 + 16}" font-weight="bold">{html.escape(title)}</text>')
        out.append(f'<rect x="{left}" y="{y0 + top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>')
        for val in (lo, hi):
            out.append(f'<text x="{left - 4}" y="{sy(val) + 4:.1f}" text-anchor="end">{val:.3g}</text>')
        for val in (1, xmax):
            out.append(f'<text x="{sx(val):.1f}" y="{y0 + top + ph + 14}" text-anchor="middle">{val}</text>')
        out.append(f'<text x="{left + pw / 2:.1f}" y="{y0 + panel_h - 8}" text-anchor="middle">'
                   f'{html.escape(xlabel)}</text>')
        out.append(f'<text transform="translate(14,{y0 + top + ph / 2:.1f}) rotate(-90)" text-anchor="middle" '
                   f'font-size="9">{html.escape(ylabel)}</text>')
        for i, (name, ys) in enumerate(lines.items()):
            color = COLORS[i % len(COLORS)]
            pts: list[str] = []
            for k, y in enumerate(ys, start=1):
                if pts:
                    pts.append(f"{sx(k):.1f},{sy(ys[k - 2]):.1f}")
                pts.append(f"{sx(k):.1f},{sy(y):.1f}")
            if pts:
                out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.6" points="{" ".join(pts)}"/>')
            ly = y0 + top + 14 * i + 8
            out.append(f'<line x1="{left + pw + 10}" y1="{ly}" x2="{left + pw + 28}" y2="{ly}" stroke="{color}" '
                       f'stroke-width="2"/>')
            out.append(f'<text x="{left + pw + 32}" y="{ly + 4}">{html.escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["matplotlib_available", "plot_best_so_far", "svg"]
