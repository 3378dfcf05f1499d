// stencil2d/default at size small: 1 kernel(s)

// kernel stencil2d: global (16, 16), local (16, 16)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void stencil2d(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float acc = 0.0f;
      // reduceSeqUnroll unrolled
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 17])), weights[0]);
      acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 16]), weights[1]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 15])), weights[2]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 1]), weights[3]);
      acc = multAndSumUp(acc, grid[gl_id_0 + 16 * gl_id_1], weights[4]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 1]), weights[5]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 15])), weights[6]);
      acc = multAndSumUp(acc, ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 16]), weights[7]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 17])), weights[8]);
      out[gl_id_0 + 16 * gl_id_1] = acc;
    }
  }
}
