// jacobi2d-5pt-clamp/default at size small: 1 kernel(s)

// kernel jacobi2d_5pt_clamp: global (16, 16), local (16, 16)
float jacobi5(float n, float s, float w, float e, float c) { return (5.0f * n + 12.0f * w + 15.0f * c + 5.0f * s + 12.0f * e) / 118.0f; }

kernel void jacobi2d_5pt_clamp(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      out[gl_id_0 + 16 * gl_id_1] = jacobi5(grid[gl_id_0 + 16 * max(gl_id_1 - 1, 0)], grid[gl_id_0 + 16 * min(gl_id_1 + 1, 15)], grid[max(gl_id_0 - 1, 0) + 16 * gl_id_1], grid[min(gl_id_0 + 1, 15) + 16 * gl_id_1], grid[gl_id_0 + 16 * gl_id_1]);
    }
  }
}
