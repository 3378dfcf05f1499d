float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void stencil2d(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 1]);
      float ld_1 = grid[gl_id_0 + 32768 * gl_id_1];
      float ld_2 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 1]);
      float ld_3 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8191]);
      float ld_4 = grid[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_5 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8193]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8193])), weights[0]);
        acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8192]), weights[1]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8191])), weights[2]);
        acc = multAndSumUp(acc, ld_0, weights[3]);
        acc = multAndSumUp(acc, ld_1, weights[4]);
        acc = multAndSumUp(acc, ld_2, weights[5]);
        acc = multAndSumUp(acc, ld_3, weights[6]);
        acc = multAndSumUp(acc, ld_4, weights[7]);
        acc = multAndSumUp(acc, ld_5, weights[8]);
        out[gl_id_0 + 32768 * gl_id_1] = acc;
      }
      float ld_6 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16383]);
      float ld_7 = grid[gl_id_0 + 32768 * gl_id_1 + 16384];
      float ld_8 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16385]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_0, weights[0]);
        acc = multAndSumUp(acc, ld_1, weights[1]);
        acc = multAndSumUp(acc, ld_2, weights[2]);
        acc = multAndSumUp(acc, ld_3, weights[3]);
        acc = multAndSumUp(acc, ld_4, weights[4]);
        acc = multAndSumUp(acc, ld_5, weights[5]);
        acc = multAndSumUp(acc, ld_6, weights[6]);
        acc = multAndSumUp(acc, ld_7, weights[7]);
        acc = multAndSumUp(acc, ld_8, weights[8]);
        out[gl_id_0 + 32768 * gl_id_1 + 8192] = acc;
      }
      float ld_9 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24575]);
      float ld_10 = grid[gl_id_0 + 32768 * gl_id_1 + 24576];
      float ld_11 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24577]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_3, weights[0]);
        acc = multAndSumUp(acc, ld_4, weights[1]);
        acc = multAndSumUp(acc, ld_5, weights[2]);
        acc = multAndSumUp(acc, ld_6, weights[3]);
        acc = multAndSumUp(acc, ld_7, weights[4]);
        acc = multAndSumUp(acc, ld_8, weights[5]);
        acc = multAndSumUp(acc, ld_9, weights[6]);
        acc = multAndSumUp(acc, ld_10, weights[7]);
        acc = multAndSumUp(acc, ld_11, weights[8]);
        out[gl_id_0 + 32768 * gl_id_1 + 16384] = acc;
      }
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_6, weights[0]);
        acc = multAndSumUp(acc, ld_7, weights[1]);
        acc = multAndSumUp(acc, ld_8, weights[2]);
        acc = multAndSumUp(acc, ld_9, weights[3]);
        acc = multAndSumUp(acc, ld_10, weights[4]);
        acc = multAndSumUp(acc, ld_11, weights[5]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32767])), weights[6]);
        acc = multAndSumUp(acc, ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32768]), weights[7]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32769])), weights[8]);
        out[gl_id_0 + 32768 * gl_id_1 + 24576] = acc;
      }
    }
  }
}
