float gradient(float n, float s, float w, float e, float c) {
  float dn = c - n, ds = c - s, dw = c - w, de = c - e;
  return c + 1.0f / sqrt(0.0001f + dn * dn + ds * ds + de * de + dw * dw);
}

kernel void gradient2(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = grid[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_1 = grid[gl_id_0 + 32768 * gl_id_1];
      out[gl_id_0 + 32768 * gl_id_1] = gradient(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8192]), ld_0, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 1]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 1]), ld_1);
      float ld_2 = grid[gl_id_0 + 32768 * gl_id_1 + 16384];
      out[gl_id_0 + 32768 * gl_id_1 + 8192] = gradient(ld_1, ld_2, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8191]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8193]), ld_0);
      float ld_3 = grid[gl_id_0 + 32768 * gl_id_1 + 24576];
      out[gl_id_0 + 32768 * gl_id_1 + 16384] = gradient(ld_0, ld_3, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16383]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16385]), ld_2);
      out[gl_id_0 + 32768 * gl_id_1 + 24576] = gradient(ld_2, ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32768]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24575]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24577]), ld_3);
    }
  }
}
