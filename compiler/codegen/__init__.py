"""OpenCL code generation: views, memory allocation, barriers, rendering. Never compiles.

    compile_program(program, sizes, local_size=None, global_size=None) -> KernelProgram
"""

from .kernel import Kernel, KernelArg, KernelProgram
from .pipeline import PASSES, clear_caches, compile_program, kernel_ir

__all__ = ["PASSES", "Kernel", "KernelArg", "KernelProgram", "clear_caches", "compile_program", "kernel_ir"]
