// srad1/default at size small: 1 kernel(s)

// kernel srad1: global (16, 4), local (16, 4)
float srad1Coeff(float n, float s, float w, float e, float c) {
  float dN = n - c, dS = s - c, dW = w - c, dE = e - c;
  float g2 = (dN * dN + dS * dS + dW * dW + dE * dE) / (c * c);
  float l = (dN + dS + dW + dE) / c;
  float num = 0.5f * g2 - 0.0625f * (l * l);
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den);
  den = (qsqr - 0.053787220269f) / (0.053787220269f * (1.0f + 0.053787220269f));
  return clamp(1.0f / (1.0f + den), 0.0f, 1.0f);
}

kernel void srad1(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = grid[gl_id_0 + 64 * gl_id_1 + 16];
      float ld_1 = grid[gl_id_0 + 64 * gl_id_1];
      out[gl_id_0 + 64 * gl_id_1] = srad1Coeff(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 16]), ld_0, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 1]), ld_1);
      float ld_2 = grid[gl_id_0 + 64 * gl_id_1 + 32];
      out[gl_id_0 + 64 * gl_id_1 + 16] = srad1Coeff(ld_1, ld_2, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 15]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 17]), ld_0);
      float ld_3 = grid[gl_id_0 + 64 * gl_id_1 + 48];
      out[gl_id_0 + 64 * gl_id_1 + 32] = srad1Coeff(ld_0, ld_3, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 31]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 33]), ld_2);
      out[gl_id_0 + 64 * gl_id_1 + 48] = srad1Coeff(ld_2, ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 64]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 47]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 49]), ld_3);
    }
  }
}
