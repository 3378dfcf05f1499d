"""The user programs of tests/data/user_programs/: their sizes, seeded inputs and NumPy references (float64,
written independently of the IR). `make_references.py` there writes each `.npz` from these."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FOLDER = Path(__file__).resolve().parent / "data" / "user_programs"


@dataclass(frozen=True)
class Spec:
    sizes: dict[str, int]
    inputs: Callable[[np.random.Generator], dict[str, np.ndarray]]
    reference: Callable[[dict[str, np.ndarray]], np.ndarray]

    @property
    def sizes_text(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.sizes.items())


def _f32(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.uniform(-1, 1, size=shape).astype(np.float32)


def _stencil1d(i):
    x = np.pad(i["x"].astype(np.float64), 1)
    return 0.25 * x[:-2] + 0.5 * x[1:-1] + 0.25 * x[2:]


def _box3d(i):
    g = np.pad(i["g"].astype(np.float64), 1)
    z, y, x = i["g"].shape
    return sum(g[a:a + z, b:b + y, c:c + x] for a in range(3) for b in range(3) for c in range(3))


def _heat3d(i):
    u = i["temp"].astype(np.float64)
    p = np.pad(u, 1)
    near = (p[1:-1, 1:-1, :-2] + p[1:-1, 1:-1, 2:] + p[1:-1, :-2, 1:-1] + p[1:-1, 2:, 1:-1] + p[:-2, 1:-1, 1:-1]
            + p[2:, 1:-1, 1:-1])
    return u + 0.125 * (near - 6.0 * u)


def _conv3x3(i):
    img, w = i["img"].astype(np.float64), i["weights"].astype(np.float64).reshape(3, 3)
    h, wd = img.shape
    return sum(w[a, b] * img[a:a + h - 2, b:b + wd - 2] for a in range(3) for b in range(3))


def _softmax(i):
    x = i["scores"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _layernorm(i):
    x = i["acts"].astype(np.float64)
    m = x.mean(axis=1, keepdims=True)
    return (x - m) / np.sqrt(((x - m) ** 2).mean(axis=1, keepdims=True) + 1e-5)


def _box5(i):
    img = np.pad(i["img"].astype(np.float64), 2)
    h, w = i["img"].shape
    return 0.04 * sum(img[a:a + h, b:b + w] for a in range(5) for b in range(5))


def _conv_chw(x, w, stride, pad):
    """out[m, i, j] = sum over c, a, b of w[m, c, a, b] xpad[c, stride i + a, stride j + b] (channels first)."""
    xp = np.pad(x.astype(np.float64), ((0, 0), (pad, pad), (pad, pad)))
    kh, kw = w.shape[2:]
    oh, ow = (x.shape[1] + 2 * pad - kh) // stride + 1, (x.shape[2] + 2 * pad - kw) // stride + 1
    return sum(np.einsum("mc,chw->mhw", w[:, :, a, b].astype(np.float64),
                         xp[:, a:a + stride * (oh - 1) + 1:stride, b:b + stride * (ow - 1) + 1:stride])
               for a in range(kh) for b in range(kw))


def _depthwise(x, taps):
    xp = np.pad(x.astype(np.float64), ((0, 0), (1, 1), (1, 1)))
    h, w = x.shape[1:]
    return sum(taps[:, a, b, None, None].astype(np.float64) * xp[:, a:a + h, b:b + w]
               for a in range(3) for b in range(3))


PROGRAMS: dict[str, Spec] = {
    "stencil1d": Spec({"N": 32}, lambda r: {"x": _f32(r, 32)}, _stencil1d),
    "box3d": Spec({"X": 6, "Y": 5, "Z": 4}, lambda r: {"g": _f32(r, 4, 5, 6)}, _box3d),
    "saxpy": Spec({"N": 64}, lambda r: {"alpha": np.float32(1.5), "x": _f32(r, 64), "y": _f32(r, 64)},
                  lambda i: 1.5 * i["x"].astype(np.float64) + i["y"]),
    "transpose": Spec({"M": 8, "N": 16}, lambda r: {"A": _f32(r, 8, 16)}, lambda i: i["A"].T),
    "flatten": Spec({"M": 4, "N": 8}, lambda r: {"A": _f32(r, 4, 8)}, lambda i: i["A"].reshape(-1)),
    "conv3x3": Spec({"H": 10, "W": 12}, lambda r: {"img": _f32(r, 10, 12), "weights": _f32(r, 9)}, _conv3x3),
    "matmul": Spec({"r": 16, "c": 8, "d": 32}, lambda r: {"X": _f32(r, 16, 32), "Y": _f32(r, 32, 8)},
                   lambda i: i["X"].astype(np.float64) @ i["Y"]),
    "matvec": Spec({"rows": 8, "cols": 32}, lambda r: {"A": _f32(r, 8, 32), "x": _f32(r, 32)},
                   lambda i: i["A"].astype(np.float64) @ i["x"]),
    "sumsq": Spec({"len": 256}, lambda r: {"x": _f32(r, 256)}, lambda i: np.sum(i["x"].astype(np.float64) ** 2,
                                                                                     keepdims=True)),
    "scale": Spec({"len": 64}, lambda r: {"x": _f32(r, 64)}, lambda i: 3.0 * i["x"].astype(np.float64)),
    "l2norm": Spec({"n": 392}, lambda r: {"vec": _f32(r, 392)},
                   lambda i: np.sqrt(np.sum(i["vec"].astype(np.float64) ** 2, keepdims=True))),
    "mean": Spec({"count": 384}, lambda r: {"samples": _f32(r, 384)},
                 lambda i: np.mean(i["samples"].astype(np.float64), keepdims=True)),
    "dense_relu": Spec({"fanIn": 32, "fanOut": 8},
                       lambda r: {"W": _f32(r, 8, 32), "v": _f32(r, 32), "bias": _f32(r, 8)},
                       lambda i: np.maximum(0.0, i["W"].astype(np.float64) @ i["v"] + i["bias"])),
    "scaled_matvec": Spec({"k": 24, "n": 6},
                          lambda r: {"gain": np.float32(0.75), "M": _f32(r, 6, 24), "v": _f32(r, 24)},
                          lambda i: 0.75 * (i["M"].astype(np.float64) @ i["v"])),
    "box5": Spec({"w": 12, "h": 10}, lambda r: {"img": _f32(r, 10, 12)}, _box5),
    "heat3d": Spec({"nx": 8, "ny": 6, "nz": 4}, lambda r: {"temp": _f32(r, 4, 6, 8)}, _heat3d),
    "abt": Spec({"m": 8, "n": 8, "k": 16}, lambda r: {"A": _f32(r, 8, 16), "Bt": _f32(r, 8, 16)},
                lambda i: i["A"].astype(np.float64) @ i["Bt"].astype(np.float64).T),
    "atb": Spec({"m": 8, "n": 4, "k": 16}, lambda r: {"At": _f32(r, 16, 8), "B": _f32(r, 16, 4)},
                lambda i: i["At"].astype(np.float64).T @ i["B"].astype(np.float64)),
    "bmm": Spec({"b": 2, "m": 8, "n": 4, "k": 8}, lambda r: {"L": _f32(r, 2, 8, 8), "R": _f32(r, 2, 8, 4)},
                lambda i: np.einsum("bmk,bkn->bmn", i["L"].astype(np.float64), i["R"].astype(np.float64))),
    "rowmax": Spec({"width": 32, "height": 6}, lambda r: {"table": _f32(r, 6, 32)},
                   lambda i: i["table"].astype(np.float64).max(axis=1, keepdims=True)),
    "softmax": Spec({"cols": 64, "rows": 4}, lambda r: {"scores": _f32(r, 4, 64)}, _softmax),
    "layernorm": Spec({"features": 48, "tokens": 5}, lambda r: {"acts": _f32(r, 5, 48)}, _layernorm),
    "conv_chw": Spec({"chans": 4, "ht": 6, "wd": 6, "feats": 4},
                     lambda r: {"img": _f32(r, 4, 6, 6), "filt": _f32(r, 4, 4, 3, 3)},
                     lambda i: _conv_chw(i["img"], i["filt"], 1, 1)),
    "conv1x1": Spec({"cin": 8, "rows": 4, "cols": 6, "cout": 4},
                    lambda r: {"x": _f32(r, 8, 4, 6), "coeffs": _f32(r, 4, 8)},
                    lambda i: np.einsum("oc,chw->ohw", i["coeffs"].astype(np.float64), i["x"].astype(np.float64))),
    "conv_s2": Spec({"c": 3, "n": 7, "k": 4}, lambda r: {"src": _f32(r, 3, 7, 7), "ker": _f32(r, 4, 3, 3, 3)},
                    lambda i: _conv_chw(i["src"], i["ker"], 2, 1)),
    "conv_hwc": Spec({"chans": 4, "ht": 6, "wd": 6, "feats": 8},
                     lambda r: {"img": _f32(r, 6, 6, 4), "filt": _f32(r, 8, 3, 3, 4)},
                     lambda i: _conv_chw(i["img"].transpose(2, 0, 1), i["filt"].transpose(0, 3, 1, 2), 1, 1)
                     .transpose(1, 2, 0)),
    "depthwise": Spec({"ch": 4, "h": 6, "w": 6}, lambda r: {"img": _f32(r, 4, 6, 6), "taps": _f32(r, 4, 3, 3)},
                      lambda i: _depthwise(i["img"], i["taps"])),
}
