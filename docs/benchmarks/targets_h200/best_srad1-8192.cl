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
      float ld_0 = grid[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_1 = grid[gl_id_0 + 32768 * gl_id_1];
      out[gl_id_0 + 32768 * gl_id_1] = srad1Coeff(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8192]), ld_0, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 1]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 1]), ld_1);
      float ld_2 = grid[gl_id_0 + 32768 * gl_id_1 + 16384];
      out[gl_id_0 + 32768 * gl_id_1 + 8192] = srad1Coeff(ld_1, ld_2, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8191]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8193]), ld_0);
      float ld_3 = grid[gl_id_0 + 32768 * gl_id_1 + 24576];
      out[gl_id_0 + 32768 * gl_id_1 + 16384] = srad1Coeff(ld_0, ld_3, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16383]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16385]), ld_2);
      out[gl_id_0 + 32768 * gl_id_1 + 24576] = srad1Coeff(ld_2, ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32768]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24575]), ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24577]), ld_3);
    }
  }
}
