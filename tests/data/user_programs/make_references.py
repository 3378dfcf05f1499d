"""Writes the `.npz` reference beside each program here: its inputs (named after the parameters) and `expected`,
computed by the NumPy functions of tests/user_programs.py (float64, independent of the IR).

    python3 tests/data/user_programs/make_references.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from user_programs import PROGRAMS  # noqa: E402  (tests/user_programs.py)


def main() -> None:
    for name, spec in PROGRAMS.items():
        inputs = spec.inputs(np.random.default_rng(0))
        expected = np.asarray(spec.reference(inputs), dtype=np.float32)
        np.savez(HERE / f"{name}.npz", expected=expected, **inputs)
        print(f"{name}.npz: {', '.join(f'{k}{list(np.shape(v))}' for k, v in inputs.items())} -> {expected.shape}")


if __name__ == "__main__":
    main()
