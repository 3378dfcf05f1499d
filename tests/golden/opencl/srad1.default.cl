// srad1/default at size small: 1 kernel(s)

// kernel srad1: global (16, 16), local (16, 16)
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
      out[gl_id_0 + 16 * gl_id_1] = srad1Coeff(((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 16]), ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 16]), ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 1]), grid[gl_id_0 + 16 * gl_id_1]);
    }
  }
}
