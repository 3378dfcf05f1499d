"""OpenCL code generation: views, memory allocation, barriers, rendering. Never compiles."""
