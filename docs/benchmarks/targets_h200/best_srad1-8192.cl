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
      float2 vld_0 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 4096];
      float2 vld_1 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1];
      float2 vld_2 = ((gl_id_1 < 1) ? ((float2)(0.0f)) : ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 - 4096]);
      float2 vld_3 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 8192];
      float2 vld_4 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 12288];
      float2 vld_5 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 16384];
      float2 vld_6 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 20480];
      float2 vld_7 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 24576];
      float2 vld_8 = ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 28672];
      float2 vld_9 = ((gl_id_1 >= 1023) ? ((float2)(0.0f)) : ((const global float2*)grid)[gl_id_0 + 32768 * gl_id_1 + 32768]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_1.s1;
      float ld_2 = vld_1.s0;
      float2 vst_9;
      vst_9.s0 = srad1Coeff(vld_2.s0, ld_0, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 - 1]), ld_1, ld_2);
      float ld_3 = vld_0.s1;
      vst_9.s1 = srad1Coeff(vld_2.s1, ld_3, ld_2, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 2]), ld_1);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1] = vst_9;
      float ld_4 = vld_3.s0;
      float2 vst_10;
      vst_10.s0 = srad1Coeff(ld_2, ld_4, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 8191]), ld_3, ld_0);
      float ld_5 = vld_3.s1;
      vst_10.s1 = srad1Coeff(ld_1, ld_5, ld_0, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 8194]), ld_3);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 4096] = vst_10;
      float ld_6 = vld_4.s0;
      float2 vst_11;
      vst_11.s0 = srad1Coeff(ld_0, ld_6, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 16383]), ld_5, ld_4);
      float ld_7 = vld_4.s1;
      vst_11.s1 = srad1Coeff(ld_3, ld_7, ld_4, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 16386]), ld_5);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 8192] = vst_11;
      float ld_8 = vld_5.s0;
      float2 vst_12;
      vst_12.s0 = srad1Coeff(ld_4, ld_8, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 24575]), ld_7, ld_6);
      float ld_9 = vld_5.s1;
      vst_12.s1 = srad1Coeff(ld_5, ld_9, ld_6, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 24578]), ld_7);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 12288] = vst_12;
      float ld_10 = vld_6.s0;
      float2 vst_13;
      vst_13.s0 = srad1Coeff(ld_6, ld_10, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 32767]), ld_9, ld_8);
      float ld_11 = vld_6.s1;
      vst_13.s1 = srad1Coeff(ld_7, ld_11, ld_8, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 32770]), ld_9);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 16384] = vst_13;
      float ld_12 = vld_7.s0;
      float2 vst_14;
      vst_14.s0 = srad1Coeff(ld_8, ld_12, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 40959]), ld_11, ld_10);
      float ld_13 = vld_7.s1;
      vst_14.s1 = srad1Coeff(ld_9, ld_13, ld_10, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 40962]), ld_11);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 20480] = vst_14;
      float ld_14 = vld_8.s0;
      float2 vst_15;
      vst_15.s0 = srad1Coeff(ld_10, ld_14, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 49151]), ld_13, ld_12);
      float ld_15 = vld_8.s1;
      vst_15.s1 = srad1Coeff(ld_11, ld_15, ld_12, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 49154]), ld_13);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 24576] = vst_15;
      float2 vst_16;
      vst_16.s0 = srad1Coeff(ld_12, vld_9.s0, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 57343]), ld_15, ld_14);
      vst_16.s1 = srad1Coeff(ld_13, vld_9.s1, ld_14, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 65536 * gl_id_1 + 57346]), ld_15);
      ((global float2*)out)[gl_id_0 + 32768 * gl_id_1 + 28672] = vst_16;
    }
  }
}
