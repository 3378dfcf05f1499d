// gaussian/default at size small: 1 kernel(s)

// kernel gaussian: global (16, 4), local (16, 4)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void gaussian(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 18]));
      float ld_1 = ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 17]));
      float ld_2 = ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 16]);
      float ld_3 = ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 15]));
      float ld_4 = ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 14]));
      float ld_5 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 2]);
      float ld_6 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 1]);
      float ld_7 = grid[gl_id_0 + 64 * gl_id_1];
      float ld_8 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 1]);
      float ld_9 = ((gl_id_0 >= 14) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 2]);
      float ld_10 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 14]);
      float ld_11 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 15]);
      float ld_12 = grid[gl_id_0 + 64 * gl_id_1 + 16];
      float ld_13 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 17]);
      float ld_14 = ((gl_id_0 >= 14) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 18]);
      float ld_15 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 30]);
      float ld_16 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 31]);
      float ld_17 = grid[gl_id_0 + 64 * gl_id_1 + 32];
      float ld_18 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 33]);
      float ld_19 = ((gl_id_0 >= 14) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 34]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 34])), weights[0]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 33])), weights[1]);
        acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 32]), weights[2]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 31])), weights[3]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 30])), weights[4]);
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
        out[gl_id_0 + 64 * gl_id_1] = acc;
      }
      float ld_20 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 46]);
      float ld_21 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 47]);
      float ld_22 = grid[gl_id_0 + 64 * gl_id_1 + 48];
      float ld_23 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 49]);
      float ld_24 = ((gl_id_0 >= 14) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 50]);
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
        out[gl_id_0 + 64 * gl_id_1 + 16] = acc;
      }
      float ld_25 = ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 62]));
      float ld_26 = ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 63]));
      float ld_27 = ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 64]);
      float ld_28 = ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 65]));
      float ld_29 = ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 66]));
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
        out[gl_id_0 + 64 * gl_id_1 + 32] = acc;
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
        acc = multAndSumUp(acc, ((gl_id_0 < 2) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 78])), weights[20]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 79])), weights[21]);
        acc = multAndSumUp(acc, ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 80]), weights[22]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 81])), weights[23]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 14) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 82])), weights[24]);
        out[gl_id_0 + 64 * gl_id_1 + 48] = acc;
      }
    }
  }
}
