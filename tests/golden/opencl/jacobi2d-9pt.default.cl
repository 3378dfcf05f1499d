// jacobi2d-9pt/default at size small: 1 kernel(s)

// kernel jacobi2d_9pt: global (16, 4), local (16, 4)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void jacobi2d_9pt(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 1]);
      float ld_1 = grid[gl_id_0 + 64 * gl_id_1];
      float ld_2 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 1]);
      float ld_3 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 15]);
      float ld_4 = grid[gl_id_0 + 64 * gl_id_1 + 16];
      float ld_5 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 17]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 17])), weights[0]);
        acc = multAndSumUp(acc, ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 16]), weights[1]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 - 15])), weights[2]);
        acc = multAndSumUp(acc, ld_0, weights[3]);
        acc = multAndSumUp(acc, ld_1, weights[4]);
        acc = multAndSumUp(acc, ld_2, weights[5]);
        acc = multAndSumUp(acc, ld_3, weights[6]);
        acc = multAndSumUp(acc, ld_4, weights[7]);
        acc = multAndSumUp(acc, ld_5, weights[8]);
        out[gl_id_0 + 64 * gl_id_1] = acc;
      }
      float ld_6 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 31]);
      float ld_7 = grid[gl_id_0 + 64 * gl_id_1 + 32];
      float ld_8 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 33]);
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
        out[gl_id_0 + 64 * gl_id_1 + 16] = acc;
      }
      float ld_9 = ((gl_id_0 < 1) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 47]);
      float ld_10 = grid[gl_id_0 + 64 * gl_id_1 + 48];
      float ld_11 = ((gl_id_0 >= 15) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 49]);
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
        out[gl_id_0 + 64 * gl_id_1 + 32] = acc;
      }
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_6, weights[0]);
        acc = multAndSumUp(acc, ld_7, weights[1]);
        acc = multAndSumUp(acc, ld_8, weights[2]);
        acc = multAndSumUp(acc, ld_9, weights[3]);
        acc = multAndSumUp(acc, ld_10, weights[4]);
        acc = multAndSumUp(acc, ld_11, weights[5]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 63])), weights[6]);
        acc = multAndSumUp(acc, ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 64]), weights[7]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 15) ? 0.0f : ((gl_id_1 >= 3) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 65])), weights[8]);
        out[gl_id_0 + 64 * gl_id_1 + 48] = acc;
      }
    }
  }
}
