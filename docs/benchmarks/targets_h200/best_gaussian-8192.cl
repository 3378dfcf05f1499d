float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void gaussian(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8194]));
      float ld_1 = ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8193]));
      float ld_2 = ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8192]);
      float ld_3 = ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8191]));
      float ld_4 = ((gl_id_0 >= 8190) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 8190]));
      float ld_5 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 2]);
      float ld_6 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 1]);
      float ld_7 = grid[gl_id_0 + 32768 * gl_id_1];
      float ld_8 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 1]);
      float ld_9 = ((gl_id_0 >= 8190) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 2]);
      float ld_10 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8190]);
      float ld_11 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8191]);
      float ld_12 = grid[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_13 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8193]);
      float ld_14 = ((gl_id_0 >= 8190) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 8194]);
      float ld_15 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16382]);
      float ld_16 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16383]);
      float ld_17 = grid[gl_id_0 + 32768 * gl_id_1 + 16384];
      float ld_18 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16385]);
      float ld_19 = ((gl_id_0 >= 8190) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 16386]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 16386])), weights[0]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 16385])), weights[1]);
        acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 16384]), weights[2]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 16383])), weights[3]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8190) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 - 16382])), weights[4]);
        acc = multAndSumUp(acc, ld_0, weights[5]);
        acc = multAndSumUp(acc, ld_1, weights[6]);
        acc = multAndSumUp(acc, ld_2, weights[7]);
        acc = multAndSumUp(acc, ld_3, weights[8]);
        acc = multAndSumUp(acc, ld_4, weights[9]);
        acc = multAndSumUp(acc, ld_5, weights[10]);
        acc = multAndSumUp(acc, ld_6, weights[11]);
        acc = multAndSumUp(acc, ld_7, weights[12]);
        acc = multAndSumUp(acc, ld_8, weights[13]);
        acc = multAndSumUp(acc, ld_9, weights[14]);
        acc = multAndSumUp(acc, ld_10, weights[15]);
        acc = multAndSumUp(acc, ld_11, weights[16]);
        acc = multAndSumUp(acc, ld_12, weights[17]);
        acc = multAndSumUp(acc, ld_13, weights[18]);
        acc = multAndSumUp(acc, ld_14, weights[19]);
        acc = multAndSumUp(acc, ld_15, weights[20]);
        acc = multAndSumUp(acc, ld_16, weights[21]);
        acc = multAndSumUp(acc, ld_17, weights[22]);
        acc = multAndSumUp(acc, ld_18, weights[23]);
        acc = multAndSumUp(acc, ld_19, weights[24]);
        out[gl_id_0 + 32768 * gl_id_1] = acc;
      }
      float ld_20 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24574]);
      float ld_21 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24575]);
      float ld_22 = grid[gl_id_0 + 32768 * gl_id_1 + 24576];
      float ld_23 = ((gl_id_0 >= 8191) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24577]);
      float ld_24 = ((gl_id_0 >= 8190) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 24578]);
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
        acc = multAndSumUp(acc, ld_9, weights[9]);
        acc = multAndSumUp(acc, ld_10, weights[10]);
        acc = multAndSumUp(acc, ld_11, weights[11]);
        acc = multAndSumUp(acc, ld_12, weights[12]);
        acc = multAndSumUp(acc, ld_13, weights[13]);
        acc = multAndSumUp(acc, ld_14, weights[14]);
        acc = multAndSumUp(acc, ld_15, weights[15]);
        acc = multAndSumUp(acc, ld_16, weights[16]);
        acc = multAndSumUp(acc, ld_17, weights[17]);
        acc = multAndSumUp(acc, ld_18, weights[18]);
        acc = multAndSumUp(acc, ld_19, weights[19]);
        acc = multAndSumUp(acc, ld_20, weights[20]);
        acc = multAndSumUp(acc, ld_21, weights[21]);
        acc = multAndSumUp(acc, ld_22, weights[22]);
        acc = multAndSumUp(acc, ld_23, weights[23]);
        acc = multAndSumUp(acc, ld_24, weights[24]);
        out[gl_id_0 + 32768 * gl_id_1 + 8192] = acc;
      }
      float ld_25 = ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32766]));
      float ld_26 = ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32767]));
      float ld_27 = ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32768]);
      float ld_28 = ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32769]));
      float ld_29 = ((gl_id_0 >= 8190) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 32770]));
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_5, weights[0]);
        acc = multAndSumUp(acc, ld_6, weights[1]);
        acc = multAndSumUp(acc, ld_7, weights[2]);
        acc = multAndSumUp(acc, ld_8, weights[3]);
        acc = multAndSumUp(acc, ld_9, weights[4]);
        acc = multAndSumUp(acc, ld_10, weights[5]);
        acc = multAndSumUp(acc, ld_11, weights[6]);
        acc = multAndSumUp(acc, ld_12, weights[7]);
        acc = multAndSumUp(acc, ld_13, weights[8]);
        acc = multAndSumUp(acc, ld_14, weights[9]);
        acc = multAndSumUp(acc, ld_15, weights[10]);
        acc = multAndSumUp(acc, ld_16, weights[11]);
        acc = multAndSumUp(acc, ld_17, weights[12]);
        acc = multAndSumUp(acc, ld_18, weights[13]);
        acc = multAndSumUp(acc, ld_19, weights[14]);
        acc = multAndSumUp(acc, ld_20, weights[15]);
        acc = multAndSumUp(acc, ld_21, weights[16]);
        acc = multAndSumUp(acc, ld_22, weights[17]);
        acc = multAndSumUp(acc, ld_23, weights[18]);
        acc = multAndSumUp(acc, ld_24, weights[19]);
        acc = multAndSumUp(acc, ld_25, weights[20]);
        acc = multAndSumUp(acc, ld_26, weights[21]);
        acc = multAndSumUp(acc, ld_27, weights[22]);
        acc = multAndSumUp(acc, ld_28, weights[23]);
        acc = multAndSumUp(acc, ld_29, weights[24]);
        out[gl_id_0 + 32768 * gl_id_1 + 16384] = acc;
      }
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_10, weights[0]);
        acc = multAndSumUp(acc, ld_11, weights[1]);
        acc = multAndSumUp(acc, ld_12, weights[2]);
        acc = multAndSumUp(acc, ld_13, weights[3]);
        acc = multAndSumUp(acc, ld_14, weights[4]);
        acc = multAndSumUp(acc, ld_15, weights[5]);
        acc = multAndSumUp(acc, ld_16, weights[6]);
        acc = multAndSumUp(acc, ld_17, weights[7]);
        acc = multAndSumUp(acc, ld_18, weights[8]);
        acc = multAndSumUp(acc, ld_19, weights[9]);
        acc = multAndSumUp(acc, ld_20, weights[10]);
        acc = multAndSumUp(acc, ld_21, weights[11]);
        acc = multAndSumUp(acc, ld_22, weights[12]);
        acc = multAndSumUp(acc, ld_23, weights[13]);
        acc = multAndSumUp(acc, ld_24, weights[14]);
        acc = multAndSumUp(acc, ld_25, weights[15]);
        acc = multAndSumUp(acc, ld_26, weights[16]);
        acc = multAndSumUp(acc, ld_27, weights[17]);
        acc = multAndSumUp(acc, ld_28, weights[18]);
        acc = multAndSumUp(acc, ld_29, weights[19]);
        acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 40958])), weights[20]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 40959])), weights[21]);
        acc = multAndSumUp(acc, ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 40960]), weights[22]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8191) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 40961])), weights[23]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 8190) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[gl_id_0 + 32768 * gl_id_1 + 40962])), weights[24]);
        out[gl_id_0 + 32768 * gl_id_1 + 24576] = acc;
      }
    }
  }
}
