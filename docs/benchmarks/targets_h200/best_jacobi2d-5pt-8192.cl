float jacobi5(float n, float s, float w, float e, float c) { return (5.0f * n + 12.0f * w + 15.0f * c + 5.0f * s + 12.0f * e) / 118.0f; }

kernel void jacobi2d_5pt(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = grid[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_1 = grid[gl_id_0 + 32768 * gl_id_1];
      out[gl_id_0 + 32768 * gl_id_1] = jacobi5(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8192]), ld_0, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 1]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 1]), ld_1);
      float ld_2 = grid[gl_id_0 + 32768 * gl_id_1 + 16384];
      out[gl_id_0 + 32768 * gl_id_1 + 8192] = jacobi5(ld_1, ld_2, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8191]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8193]), ld_0);
      float ld_3 = grid[gl_id_0 + 32768 * gl_id_1 + 24576];
      out[gl_id_0 + 32768 * gl_id_1 + 16384] = jacobi5(ld_0, ld_3, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16383]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16385]), ld_2);
      out[gl_id_0 + 32768 * gl_id_1 + 24576] = jacobi5(ld_2, ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32768]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24575]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24577]), ld_3);
    }
  }
}
