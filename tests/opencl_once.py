"""One correctness launch of a kernel program on the OpenCL device the tests use (PoCL in CI)."""

from __future__ import annotations

import numpy as np


def run_once(kernel_program, inputs: dict[str, np.ndarray]) -> np.ndarray:
    """Build, upload, poison the output, launch once, read back (the runtime's correctness launch)."""
    from compiler.runtime.cl import open_device
    from compiler.runtime.plan import plan_buffers, validate_inputs

    prepared = open_device().prepare(kernel_program)
    try:
        arrays = validate_inputs(kernel_program, plan_buffers(kernel_program),
                                 {n: inputs[n] for n in kernel_program.inputs})
        prepared.write_inputs(arrays)
        prepared.poison_outputs()
        prepared.launch(1)
        (out,) = prepared.read_outputs().values()
    finally:
        prepared.release()
    return out


def opencl_available() -> bool:
    """Whether the tests have an OpenCL device (False where pyopencl is not installed)."""
    try:
        from compiler.runtime.cl import opencl_available as available
    except ImportError:
        return False
    return available()
