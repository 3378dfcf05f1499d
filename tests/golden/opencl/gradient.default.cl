// gradient/default at size small: 1 kernel(s)

// kernel gradient2: global (16, 4), local (16, 4)
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
      float ld_0 = grid[gl_id_0 + 64 * gl_id_1 + 16];
      float ld_1 = grid[gl_id_0 + 64 * gl_id_1];
      out[gl_id_0 + 64 * gl_id_1] = gradient(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 16]), ld_0, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 1]), ld_1);
      float ld_2 = grid[gl_id_0 + 64 * gl_id_1 + 32];
      out[gl_id_0 + 64 * gl_id_1 + 16] = gradient(ld_1, ld_2, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 15]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 17]), ld_0);
      float ld_3 = grid[gl_id_0 + 64 * gl_id_1 + 48];
      out[gl_id_0 + 64 * gl_id_1 + 32] = gradient(ld_0, ld_3, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 31]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 33]), ld_2);
      out[gl_id_0 + 64 * gl_id_1 + 48] = gradient(ld_2, ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 64]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 47]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 49]), ld_3);
    }
  }
}
