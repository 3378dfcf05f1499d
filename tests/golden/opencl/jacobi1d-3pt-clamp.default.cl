// jacobi1d-3pt-clamp/default at size small: 1 kernel(s)

// kernel jacobi1d_3pt_clamp: global (64,), local None
float jacobi3(float l, float c, float r) { return 0.33333f * (l + c + r); }

kernel void jacobi1d_3pt_clamp(const global float* restrict line, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    out[gl_id_0] = jacobi3(line[max(gl_id_0 - 1, 0)], line[gl_id_0], line[min(gl_id_0 + 1, 63)]);
  }
}
