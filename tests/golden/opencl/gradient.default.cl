// gradient/default at size small: 1 kernel(s)

// kernel gradient2: global (16, 16), local (16, 16)
float gradient(float n, float s, float w, float e, float c) {
  float dn = c - n, ds = c - s, dw = c - w, de = c - e;
  return c + 1.0f / sqrt(0.0001f + dn * dn + ds * ds + de * de + dw * dw);
}

kernel void gradient2(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      out[gl_id_0 + 16 * gl_id_1] = gradient(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 16]), ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 16]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 1]), grid[gl_id_0 + 16 * gl_id_1]);
    }
  }
}
