// jacobi2d-5pt/default at size small: 1 kernel(s)

// kernel jacobi2d_5pt: global (16, 4), local (16, 4)
float jacobi5(float n, float s, float w, float e, float c) { return (5.0f * n + 12.0f * w + 15.0f * c + 5.0f * s + 12.0f * e) / 118.0f; }

kernel void jacobi2d_5pt(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = grid[gl_id_0 + 64 * gl_id_1 + 16];
      float ld_1 = grid[gl_id_0 + 64 * gl_id_1];
      out[gl_id_0 + 64 * gl_id_1] = jacobi5(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 16]), ld_0, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 1]), ld_1);
      float ld_2 = grid[gl_id_0 + 64 * gl_id_1 + 32];
      out[gl_id_0 + 64 * gl_id_1 + 16] = jacobi5(ld_1, ld_2, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 15]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 17]), ld_0);
      float ld_3 = grid[gl_id_0 + 64 * gl_id_1 + 48];
      out[gl_id_0 + 64 * gl_id_1 + 32] = jacobi5(ld_0, ld_3, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 31]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 33]), ld_2);
      out[gl_id_0 + 64 * gl_id_1 + 48] = jacobi5(ld_2, ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 64]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 47]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 49]), ld_3);
    }
  }
}
