float gradient(float n, float s, float w, float e, float c) {
  float dn = c - n, ds = c - s, dw = c - w, de = c - e;
  return c + 1.0f / sqrt(0.0001f + dn * dn + ds * ds + de * de + dw * dw);
}

kernel void gradient2(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float2 vld_0 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 4096];
      float2 vld_1 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1];
      float2 vld_2 = ((gl_id_1 < 1) ? ((float2)(0.0f)) : ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 - 4096]);
      float2 vld_3 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 8192];
      float2 vld_4 = ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 12288];
      float2 vld_5 = ((gl_id_1 >= 2047) ? ((float2)(0.0f)) : ((const global float2*)grid)[gl_id_0 + 16384 * gl_id_1 + 16384]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_1.s1;
      float ld_2 = vld_1.s0;
      float2 vst_5;
      vst_5.s0 = gradient(vld_2.s0, ld_0, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 - 1]), ld_1, ld_2);
      float ld_3 = vld_0.s1;
      vst_5.s1 = gradient(vld_2.s1, ld_3, ld_2, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 2]), ld_1);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1] = vst_5;
      float ld_4 = vld_3.s0;
      float2 vst_6;
      vst_6.s0 = gradient(ld_2, ld_4, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 8191]), ld_3, ld_0);
      float ld_5 = vld_3.s1;
      vst_6.s1 = gradient(ld_1, ld_5, ld_0, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 8194]), ld_3);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 4096] = vst_6;
      float ld_6 = vld_4.s0;
      float2 vst_7;
      vst_7.s0 = gradient(ld_0, ld_6, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 16383]), ld_5, ld_4);
      float ld_7 = vld_4.s1;
      vst_7.s1 = gradient(ld_3, ld_7, ld_4, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 16386]), ld_5);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 8192] = vst_7;
      float2 vst_8;
      vst_8.s0 = gradient(ld_4, vld_5.s0, ((gl_id_0 < 1) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 24575]), ld_7, ld_6);
      vst_8.s1 = gradient(ld_5, vld_5.s1, ld_6, ((gl_id_0 >= 4095) ? 0.0f : grid[2 * gl_id_0 + 32768 * gl_id_1 + 24578]), ld_7);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 12288] = vst_8;
    }
  }
}
