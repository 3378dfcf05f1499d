"""2-D convolution (thesis Listing 4.1) and the nine unique VGG-16 layers of Table 4.3.

The program follows Listing 4.1 with the spec's inferred fixes:

    def conv(inputData: [[[float]inChs]inW]inH, kernelsWeights: [[[[float]inChs]kerW]kerH]outChs) =
      toHost << oclKernel((windows, weights) =>
          mapND(2, slideWin => join o map(singleK =>
              reduce(0, add) o map(t => mult(t._0, t._1)) << zip(slideWin, singleK)) << weights) << windows)
        ( mapND(2, joinND(3)) o slideND(kerH, kerW, 1, 1) o padND(1, 1, 1, 1, value(0)) o toGPU << inputData,
          map(joinND(3)) o toGPU << kernelsWeights )

- Layout: input H x W x C with channels innermost, output [[[float]outChs]outW]outH (trust the listing's type).
- Flattening: windows and kernels are flattened with joinND(3) (= join o join), so `slideWin` and `singleK` are
  [float](kerH * kerW * inChs), as the listing's annotations say (its joinND2 does not type-check).
- `reduce` returns a one-element array (Fig 2.8), so the per-window map over the kernels gives
  [[float]1]outChs; one `join` makes it [float]outChs and the result has the listing's declared type.
- padSize is (top, bottom, left, right) = (1, 1, 1, 1) and kernelStride = (1, 1): the VGG-16 configuration.
  They are constants of the program; kerH, kerW, inH, inW, inChs and outChs are size variables, so
  outH = inH + 3 - kerH and outW = inW + 3 - kerW (= inH, inW for 3x3 kernels).
- The listing's primed lambda parameters (slideWindows', kernelsWeights') are called `windows`, `weights`.

Named sizes `vgg16-0 ... vgg16-24` are the rows of Table 4.3 (its input C x H x W becomes our H x W x C);
`default` is layer 7, the layer of Table 4.4.
"""

from __future__ import annotations

import numpy as np

from ..ir.build import (
    get,
    join,
    join_nd,
    map_,
    map_nd,
    ocl_kernel,
    pad_nd,
    program,
    reduce_,
    slide_nd,
    to_gpu,
    to_host,
    zip_,
)
from ..ir.userfuns import ADD, MULT
from ..types import FLOAT, array
from .common import ZERO, Benchmark, Summation, on_magnitudes, uniform

F = FLOAT
PAD = (1, 1, 1, 1)  # top, bottom, left, right
STRIDE = (1, 1)


def _body(inputData, kernelsWeights):
    kernel = ocl_kernel(
        lambda windows, weights: map_nd(
            2,
            lambda slideWin: join() @ map_(
                lambda singleK: reduce_(ZERO, ADD) @ map_(lambda t: MULT(get(0) << t, get(1) << t))
                << zip_(slideWin, singleK)
            ) << weights,
        ) << windows
    )
    windows = map_nd(2, join_nd(3)) @ slide_nd(("kerH", "kerW"), STRIDE) @ pad_nd(PAD, ZERO) @ to_gpu() << inputData
    weights = map_(join_nd(3)) @ to_gpu() << kernelsWeights
    return to_host() << kernel(windows, weights)


CONV = program(
    "conv",
    {"inputData": array(F, "inH", "inW", "inChs"), "kernelsWeights": array(F, "outChs", "kerH", "kerW", "inChs")},
    _body,
)

# Table 4.3: layer -> (input channels, input height = width, output channels); kernels 3x3, pad 1, stride 1
VGG16_LAYERS = {0: (3, 224, 64), 2: (64, 224, 64), 5: (64, 112, 128), 7: (128, 112, 128), 10: (128, 56, 256),
                12: (256, 56, 256), 17: (256, 28, 512), 19: (512, 28, 512), 24: (512, 14, 512)}


def _vgg(layer: int) -> dict[str, int]:
    c, hw, m = VGG16_LAYERS[layer]
    return {"inH": hw, "inW": hw, "inChs": c, "outChs": m, "kerH": 3, "kerW": 3}


PRESETS = {
    "default": _vgg(7),
    "small": {"inH": 8, "inW": 8, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3},
    "small2": {"inH": 6, "inW": 10, "inChs": 3, "outChs": 5, "kerH": 3, "kerW": 3},
    **{f"vgg16-{layer}": _vgg(layer) for layer in VGG16_LAYERS},
}


def out_size(s) -> tuple[int, int]:
    """(outH, outW) for padding (1, 1, 1, 1) and stride (1, 1)."""
    return s["inH"] + PAD[0] + PAD[1] - s["kerH"] + 1, s["inW"] + PAD[2] + PAD[3] - s["kerW"] + 1


def _check(s) -> str | None:
    if s["kerH"] > s["inH"] + PAD[0] + PAD[1] or s["kerW"] > s["inW"] + PAD[2] + PAD[3]:
        return f"the {s['kerH']}x{s['kerW']} kernel is larger than the padded {s['inH']}x{s['inW']} input"
    return None


def _reference(inp, s):
    x = inp["inputData"].astype(np.float64)  # H x W x C
    w = inp["kernelsWeights"].astype(np.float64)  # M x kH x kW x C
    p = np.pad(x, ((PAD[0], PAD[1]), (PAD[2], PAD[3]), (0, 0)))
    oh, ow = out_size(s)
    out = np.zeros((oh, ow, w.shape[0]))
    for i in range(w.shape[1]):
        for j in range(w.shape[2]):
            out += np.einsum("hwc,mc->hwm", p[i: i + oh, j: j + ow, :], w[:, i, j, :], optimize=True)
    return out


def _inputs(s, rng):
    # positive activations and weights: no cancellation in sums of up to 9 * 512 products
    return {"inputData": uniform(rng, 0, 1, s["inH"], s["inW"], s["inChs"]),
            "kernelsWeights": uniform(rng, 0, 1, s["outChs"], s["kerH"], s["kerW"], s["inChs"])}


def _flops(s) -> int:
    oh, ow = out_size(s)
    return 2 * oh * ow * s["outChs"] * s["kerH"] * s["kerW"] * s["inChs"]


def _bytes(s) -> int:
    oh, ow = out_size(s)
    return 4 * (s["inH"] * s["inW"] * s["inChs"] + s["outChs"] * s["kerH"] * s["kerW"] * s["inChs"]
                + oh * ow * s["outChs"])


BENCHMARKS = [
    Benchmark(
        name="conv", family="conv", program=CONV, reference=_reference, make_inputs=_inputs, presets=PRESETS,
        flops=_flops, bytes=_bytes, check_sizes=_check,
        # a product per window element, kerH * kerW * inChs - 1 additions
        summation=Summation(lambda s: s["kerH"] * s["kerW"] * s["inChs"], on_magnitudes(_reference)),
        description="direct 2-D convolution (thesis Listing 4.1), H x W x C layout, pad 1, stride 1; "
                    "presets vgg16-N are the VGG-16 layers of Table 4.3",
    ),
]
