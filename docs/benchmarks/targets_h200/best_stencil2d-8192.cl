float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void stencil2d(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float4 vld_0 = ((gl_id_1 < 1) ? ((float4)(0.0f)) : ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1 - 2048]);
      float4 vld_1 = ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1];
      float4 vld_2 = ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1 + 2048];
      float4 vld_3 = ((gl_id_1 >= 4095) ? ((float4)(0.0f)) : ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1 + 4096]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_0.s1;
      float ld_2 = ((gl_id_0 < 1) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 - 1]);
      float ld_3 = vld_1.s0;
      float ld_4 = vld_1.s1;
      float ld_5 = ((gl_id_0 < 1) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 8191]);
      float ld_6 = vld_2.s0;
      float ld_7 = vld_2.s1;
      float4 vst_3;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 - 8193])), weights[0]);
        acc = multAndSumUp(acc, ld_0, weights[1]);
        acc = multAndSumUp(acc, ld_1, weights[2]);
        acc = multAndSumUp(acc, ld_2, weights[3]);
        acc = multAndSumUp(acc, ld_3, weights[4]);
        acc = multAndSumUp(acc, ld_4, weights[5]);
        acc = multAndSumUp(acc, ld_5, weights[6]);
        acc = multAndSumUp(acc, ld_6, weights[7]);
        acc = multAndSumUp(acc, ld_7, weights[8]);
        vst_3.s0 = acc;
      }
      float ld_8 = vld_0.s2;
      float ld_9 = vld_1.s2;
      float ld_10 = vld_2.s2;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_0, weights[0]);
        acc = multAndSumUp(acc, ld_1, weights[1]);
        acc = multAndSumUp(acc, ld_8, weights[2]);
        acc = multAndSumUp(acc, ld_3, weights[3]);
        acc = multAndSumUp(acc, ld_4, weights[4]);
        acc = multAndSumUp(acc, ld_9, weights[5]);
        acc = multAndSumUp(acc, ld_6, weights[6]);
        acc = multAndSumUp(acc, ld_7, weights[7]);
        acc = multAndSumUp(acc, ld_10, weights[8]);
        vst_3.s1 = acc;
      }
      float ld_11 = vld_0.s3;
      float ld_12 = vld_1.s3;
      float ld_13 = vld_2.s3;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_1, weights[0]);
        acc = multAndSumUp(acc, ld_8, weights[1]);
        acc = multAndSumUp(acc, ld_11, weights[2]);
        acc = multAndSumUp(acc, ld_4, weights[3]);
        acc = multAndSumUp(acc, ld_9, weights[4]);
        acc = multAndSumUp(acc, ld_12, weights[5]);
        acc = multAndSumUp(acc, ld_7, weights[6]);
        acc = multAndSumUp(acc, ld_10, weights[7]);
        acc = multAndSumUp(acc, ld_13, weights[8]);
        vst_3.s2 = acc;
      }
      float ld_14 = ((gl_id_0 >= 2047) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 4]);
      float ld_15 = ((gl_id_0 >= 2047) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 8196]);
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_8, weights[0]);
        acc = multAndSumUp(acc, ld_11, weights[1]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 2047) ? 0.0f : ((gl_id_1 < 1) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 - 8188])), weights[2]);
        acc = multAndSumUp(acc, ld_9, weights[3]);
        acc = multAndSumUp(acc, ld_12, weights[4]);
        acc = multAndSumUp(acc, ld_14, weights[5]);
        acc = multAndSumUp(acc, ld_10, weights[6]);
        acc = multAndSumUp(acc, ld_13, weights[7]);
        acc = multAndSumUp(acc, ld_15, weights[8]);
        vst_3.s3 = acc;
      }
      ((global float4*)out)[gl_id_0 + 4096 * gl_id_1] = vst_3;
      float ld_16 = vld_3.s0;
      float ld_17 = vld_3.s1;
      float4 vst_4;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_2, weights[0]);
        acc = multAndSumUp(acc, ld_3, weights[1]);
        acc = multAndSumUp(acc, ld_4, weights[2]);
        acc = multAndSumUp(acc, ld_5, weights[3]);
        acc = multAndSumUp(acc, ld_6, weights[4]);
        acc = multAndSumUp(acc, ld_7, weights[5]);
        acc = multAndSumUp(acc, ((gl_id_0 < 1) ? 0.0f : ((gl_id_1 >= 4095) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 16383])), weights[6]);
        acc = multAndSumUp(acc, ld_16, weights[7]);
        acc = multAndSumUp(acc, ld_17, weights[8]);
        vst_4.s0 = acc;
      }
      float ld_18 = vld_3.s2;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_3, weights[0]);
        acc = multAndSumUp(acc, ld_4, weights[1]);
        acc = multAndSumUp(acc, ld_9, weights[2]);
        acc = multAndSumUp(acc, ld_6, weights[3]);
        acc = multAndSumUp(acc, ld_7, weights[4]);
        acc = multAndSumUp(acc, ld_10, weights[5]);
        acc = multAndSumUp(acc, ld_16, weights[6]);
        acc = multAndSumUp(acc, ld_17, weights[7]);
        acc = multAndSumUp(acc, ld_18, weights[8]);
        vst_4.s1 = acc;
      }
      float ld_19 = vld_3.s3;
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_4, weights[0]);
        acc = multAndSumUp(acc, ld_9, weights[1]);
        acc = multAndSumUp(acc, ld_12, weights[2]);
        acc = multAndSumUp(acc, ld_7, weights[3]);
        acc = multAndSumUp(acc, ld_10, weights[4]);
        acc = multAndSumUp(acc, ld_13, weights[5]);
        acc = multAndSumUp(acc, ld_17, weights[6]);
        acc = multAndSumUp(acc, ld_18, weights[7]);
        acc = multAndSumUp(acc, ld_19, weights[8]);
        vst_4.s2 = acc;
      }
      {
        float acc = 0.0f;
        acc = multAndSumUp(acc, ld_9, weights[0]);
        acc = multAndSumUp(acc, ld_12, weights[1]);
        acc = multAndSumUp(acc, ld_14, weights[2]);
        acc = multAndSumUp(acc, ld_10, weights[3]);
        acc = multAndSumUp(acc, ld_13, weights[4]);
        acc = multAndSumUp(acc, ld_15, weights[5]);
        acc = multAndSumUp(acc, ld_18, weights[6]);
        acc = multAndSumUp(acc, ld_19, weights[7]);
        acc = multAndSumUp(acc, ((gl_id_0 >= 2047) ? 0.0f : ((gl_id_1 >= 4095) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 16388])), weights[8]);
        vst_4.s3 = acc;
      }
      ((global float4*)out)[gl_id_0 + 4096 * gl_id_1 + 2048] = vst_4;
    }
  }
}
