float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void jacobi2d_9pt(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float2 vld_0 = ((gl_id_1 < 1) ? ((float2)(0.0f)) : ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 - 4096]);
      float2 vld_1 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1];
      float2 vld_2 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 4096];
      float2 vld_3 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 8192];
      float2 vld_4 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 12288];
      float2 vld_5 = ((gl_id_1 >= 2047) ? ((float2)(0.0f)) : ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 16384]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_0.s1;
      float ld_2 = ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 - 1]);
      float ld_3 = vld_1.s0;
      float ld_4 = vld_1.s1;
      float ld_5 = ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 8191]);
      float ld_6 = vld_2.s0;
      float ld_7 = vld_2.s1;
      float2 vst_5;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 - 8193])), weights[0]);
        acc = multAndSumUp(acc, ld_0, weights[1]);
        acc = multAndSumUp(acc, ld_1, weights[2]);
        acc = multAndSumUp(acc, ld_2, weights[3]);
        acc = multAndSumUp(acc, ld_3, weights[4]);
        acc = multAndSumUp(acc, ld_4, weights[5]);
        acc = multAndSumUp(acc, ld_5, weights[6]);
        acc = multAndSumUp(acc, ld_6, weights[7]);
        acc = multAndSumUp(acc, ld_7, weights[8]);
        vst_5.s0 = acc;
      }
      float ld_8 = ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 2]);
      float ld_9 = ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 8194]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_0, weights[0]);
        acc = multAndSumUp(acc, ld_1, weights[1]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 4095) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 - 8190])), weights[2]);
        acc = multAndSumUp(acc, ld_3, weights[3]);
        acc = multAndSumUp(acc, ld_4, weights[4]);
        acc = multAndSumUp(acc, ld_8, weights[5]);
        acc = multAndSumUp(acc, ld_6, weights[6]);
        acc = multAndSumUp(acc, ld_7, weights[7]);
        acc = multAndSumUp(acc, ld_9, weights[8]);
        vst_5.s1 = acc;
      }
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1] = vst_5;
      float ld_10 = ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 16383]);
      float ld_11 = vld_3.s0;
      float ld_12 = vld_3.s1;
      float2 vst_6;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_2, weights[0]);
        acc = multAndSumUp(acc, ld_3, weights[1]);
        acc = multAndSumUp(acc, ld_4, weights[2]);
        acc = multAndSumUp(acc, ld_5, weights[3]);
        acc = multAndSumUp(acc, ld_6, weights[4]);
        acc = multAndSumUp(acc, ld_7, weights[5]);
        acc = multAndSumUp(acc, ld_10, weights[6]);
        acc = multAndSumUp(acc, ld_11, weights[7]);
        acc = multAndSumUp(acc, ld_12, weights[8]);
        vst_6.s0 = acc;
      }
      float ld_13 = ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 16386]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_3, weights[0]);
        acc = multAndSumUp(acc, ld_4, weights[1]);
        acc = multAndSumUp(acc, ld_8, weights[2]);
        acc = multAndSumUp(acc, ld_6, weights[3]);
        acc = multAndSumUp(acc, ld_7, weights[4]);
        acc = multAndSumUp(acc, ld_9, weights[5]);
        acc = multAndSumUp(acc, ld_11, weights[6]);
        acc = multAndSumUp(acc, ld_12, weights[7]);
        acc = multAndSumUp(acc, ld_13, weights[8]);
        vst_6.s1 = acc;
      }
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 4096] = vst_6;
      float ld_14 = ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 24575]);
      float ld_15 = vld_4.s0;
      float ld_16 = vld_4.s1;
      float2 vst_7;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_5, weights[0]);
        acc = multAndSumUp(acc, ld_6, weights[1]);
        acc = multAndSumUp(acc, ld_7, weights[2]);
        acc = multAndSumUp(acc, ld_10, weights[3]);
        acc = multAndSumUp(acc, ld_11, weights[4]);
        acc = multAndSumUp(acc, ld_12, weights[5]);
        acc = multAndSumUp(acc, ld_14, weights[6]);
        acc = multAndSumUp(acc, ld_15, weights[7]);
        acc = multAndSumUp(acc, ld_16, weights[8]);
        vst_7.s0 = acc;
      }
      float ld_17 = ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 24578]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_6, weights[0]);
        acc = multAndSumUp(acc, ld_7, weights[1]);
        acc = multAndSumUp(acc, ld_9, weights[2]);
        acc = multAndSumUp(acc, ld_11, weights[3]);
        acc = multAndSumUp(acc, ld_12, weights[4]);
        acc = multAndSumUp(acc, ld_13, weights[5]);
        acc = multAndSumUp(acc, ld_15, weights[6]);
        acc = multAndSumUp(acc, ld_16, weights[7]);
        acc = multAndSumUp(acc, ld_17, weights[8]);
        vst_7.s1 = acc;
      }
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 8192] = vst_7;
      float ld_18 = vld_5.s0;
      float ld_19 = vld_5.s1;
      float2 vst_8;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_10, weights[0]);
        acc = multAndSumUp(acc, ld_11, weights[1]);
        acc = multAndSumUp(acc, ld_12, weights[2]);
        acc = multAndSumUp(acc, ld_14, weights[3]);
        acc = multAndSumUp(acc, ld_15, weights[4]);
        acc = multAndSumUp(acc, ld_16, weights[5]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 32767])), weights[6]);
        acc = multAndSumUp(acc, ld_18, weights[7]);
        acc = multAndSumUp(acc, ld_19, weights[8]);
        vst_8.s0 = acc;
      }
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_11, weights[0]);
        acc = multAndSumUp(acc, ld_12, weights[1]);
        acc = multAndSumUp(acc, ld_13, weights[2]);
        acc = multAndSumUp(acc, ld_15, weights[3]);
        acc = multAndSumUp(acc, ld_16, weights[4]);
        acc = multAndSumUp(acc, ld_17, weights[5]);
        acc = multAndSumUp(acc, ld_18, weights[6]);
        acc = multAndSumUp(acc, ld_19, weights[7]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 4095) ? 0.0f : ((gl_id_1 >= 2047) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 32770])), weights[8]);
        vst_8.s1 = acc;
      }
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 12288] = vst_8;
    }
  }
}
