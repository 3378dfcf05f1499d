// gaussian/default at size small: 1 kernel(s)

// kernel gaussian: global (16, 16), local (16, 16)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void gaussian(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float acc = 0.0f;
      // reduceSeqUnroll unrolled
      acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 < 2) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 34])), weights[0]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 2) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 33])), weights[1]);
      acc = multAndSumUp(acc, ((gl_id_1 < 2) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 32]), weights[2]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 2) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 31])), weights[3]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 < 2) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 30])), weights[4]);
      acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 18])), weights[5]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 17])), weights[6]);
      acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 16]), weights[7]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 15])), weights[8]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 14])), weights[9]);
      acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 2]), weights[10]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 - 1]), weights[11]);
      acc = multAndSumUp(acc, grid[gl_id_0 + 16 * gl_id_1], weights[12]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 1]), weights[13]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 2]), weights[14]);
      acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 14])), weights[15]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 15])), weights[16]);
      acc = multAndSumUp(acc, ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 16]), weights[17]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 17])), weights[18]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 >= 15) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 18])), weights[19]);
      acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 >= 14) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 30])), weights[20]);
      acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 14) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 31])), weights[21]);
      acc = multAndSumUp(acc, ((gl_id_1 >= 14) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 32]), weights[22]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 >= 14) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 33])), weights[23]);
      acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 >= 14) ? 0.0f : grid[gl_id_0 + 16 * gl_id_1 + 34])), weights[24]);
      out[gl_id_0 + 16 * gl_id_1] = acc;
    }
  }
}
