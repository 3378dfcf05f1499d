float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void jacobi2d_9pt(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 - 1]);
      float ld_1 = grid[gl_id_0 + 65536 * gl_id_1];
      float ld_2 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 1]);
      float ld_3 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 8191]);
      float ld_4 = grid[gl_id_0 + 65536 * gl_id_1 + 8192];
      float ld_5 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 8193]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 - 8193])), weights[0]);
        acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 - 8192]), weights[1]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 - 8191])), weights[2]);
        acc = multAndSumUp(acc, ld_0, weights[3]);
        acc = multAndSumUp(acc, ld_1, weights[4]);
        acc = multAndSumUp(acc, ld_2, weights[5]);
        acc = multAndSumUp(acc, ld_3, weights[6]);
        acc = multAndSumUp(acc, ld_4, weights[7]);
        acc = multAndSumUp(acc, ld_5, weights[8]);
        out[gl_id_0 + 65536 * gl_id_1] = acc;
      }
      float ld_6 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 16383]);
      float ld_7 = grid[gl_id_0 + 65536 * gl_id_1 + 16384];
      float ld_8 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 16385]);
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
        out[gl_id_0 + 65536 * gl_id_1 + 8192] = acc;
      }
      float ld_9 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 24575]);
      float ld_10 = grid[gl_id_0 + 65536 * gl_id_1 + 24576];
      float ld_11 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 24577]);
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
        out[gl_id_0 + 65536 * gl_id_1 + 16384] = acc;
      }
      float ld_12 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 32767]);
      float ld_13 = grid[gl_id_0 + 65536 * gl_id_1 + 32768];
      float ld_14 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 32769]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_6, weights[0]);
        acc = multAndSumUp(acc, ld_7, weights[1]);
        acc = multAndSumUp(acc, ld_8, weights[2]);
        acc = multAndSumUp(acc, ld_9, weights[3]);
        acc = multAndSumUp(acc, ld_10, weights[4]);
        acc = multAndSumUp(acc, ld_11, weights[5]);
        acc = multAndSumUp(acc, ld_12, weights[6]);
        acc = multAndSumUp(acc, ld_13, weights[7]);
        acc = multAndSumUp(acc, ld_14, weights[8]);
        out[gl_id_0 + 65536 * gl_id_1 + 24576] = acc;
      }
      float ld_15 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 40959]);
      float ld_16 = grid[gl_id_0 + 65536 * gl_id_1 + 40960];
      float ld_17 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 40961]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_9, weights[0]);
        acc = multAndSumUp(acc, ld_10, weights[1]);
        acc = multAndSumUp(acc, ld_11, weights[2]);
        acc = multAndSumUp(acc, ld_12, weights[3]);
        acc = multAndSumUp(acc, ld_13, weights[4]);
        acc = multAndSumUp(acc, ld_14, weights[5]);
        acc = multAndSumUp(acc, ld_15, weights[6]);
        acc = multAndSumUp(acc, ld_16, weights[7]);
        acc = multAndSumUp(acc, ld_17, weights[8]);
        out[gl_id_0 + 65536 * gl_id_1 + 32768] = acc;
      }
      float ld_18 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 49151]);
      float ld_19 = grid[gl_id_0 + 65536 * gl_id_1 + 49152];
      float ld_20 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 49153]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_12, weights[0]);
        acc = multAndSumUp(acc, ld_13, weights[1]);
        acc = multAndSumUp(acc, ld_14, weights[2]);
        acc = multAndSumUp(acc, ld_15, weights[3]);
        acc = multAndSumUp(acc, ld_16, weights[4]);
        acc = multAndSumUp(acc, ld_17, weights[5]);
        acc = multAndSumUp(acc, ld_18, weights[6]);
        acc = multAndSumUp(acc, ld_19, weights[7]);
        acc = multAndSumUp(acc, ld_20, weights[8]);
        out[gl_id_0 + 65536 * gl_id_1 + 40960] = acc;
      }
      float ld_21 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 57343]);
      float ld_22 = grid[gl_id_0 + 65536 * gl_id_1 + 57344];
      float ld_23 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 57345]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_15, weights[0]);
        acc = multAndSumUp(acc, ld_16, weights[1]);
        acc = multAndSumUp(acc, ld_17, weights[2]);
        acc = multAndSumUp(acc, ld_18, weights[3]);
        acc = multAndSumUp(acc, ld_19, weights[4]);
        acc = multAndSumUp(acc, ld_20, weights[5]);
        acc = multAndSumUp(acc, ld_21, weights[6]);
        acc = multAndSumUp(acc, ld_22, weights[7]);
        acc = multAndSumUp(acc, ld_23, weights[8]);
        out[gl_id_0 + 65536 * gl_id_1 + 49152] = acc;
      }
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_18, weights[0]);
        acc = multAndSumUp(acc, ld_19, weights[1]);
        acc = multAndSumUp(acc, ld_20, weights[2]);
        acc = multAndSumUp(acc, ld_21, weights[3]);
        acc = multAndSumUp(acc, ld_22, weights[4]);
        acc = multAndSumUp(acc, ld_23, weights[5]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 1023) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 65535])), weights[6]);
        acc = multAndSumUp(acc, ((gl_id_1 >= 1023) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 65536]), weights[7]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 >= 1023) ? 0.0f : grid[gl_id_0 + 65536 * gl_id_1 + 65537])), weights[8]);
        out[gl_id_0 + 65536 * gl_id_1 + 57344] = acc;
      }
    }
  }
}
