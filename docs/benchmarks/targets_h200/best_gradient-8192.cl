float gradient(float n, float s, float w, float e, float c) {
  float dn = c - n, ds = c - s, dw = c - w, de = c - e;
  return c + 1.0f / sqrt(0.0001f + dn * dn + ds * ds + de * de + dw * dw);
}

kernel void gradient2(const global float* restrict grid, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float4 vld_0 = ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1 + 2048];
      float4 vld_1 = ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1];
      float4 vld_2 = ((gl_id_1 < 1) ? ((float4)(0.0f)) : ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1 - 2048]);
      float4 vld_3 = ((gl_id_1 >= 4095) ? ((float4)(0.0f)) : ((const global float4*)grid)[gl_id_0 + 4096 * gl_id_1 + 4096]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_1.s1;
      float ld_2 = vld_1.s0;
      float4 vst_3;
      vst_3.s0 = gradient(vld_2.s0, ld_0, ((gl_id_0 < 1) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 - 1]), ld_1, ld_2);
      float ld_3 = vld_0.s1;
      float ld_4 = vld_1.s2;
      vst_3.s1 = gradient(vld_2.s1, ld_3, ld_2, ld_4, ld_1);
      float ld_5 = vld_0.s2;
      float ld_6 = vld_1.s3;
      vst_3.s2 = gradient(vld_2.s2, ld_5, ld_1, ld_6, ld_4);
      float ld_7 = vld_0.s3;
      vst_3.s3 = gradient(vld_2.s3, ld_7, ld_4, ((gl_id_0 >= 2047) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 4]), ld_6);
      ((global float4*)out)[gl_id_0 + 4096 * gl_id_1] = vst_3;
      float4 vst_4;
      vst_4.s0 = gradient(ld_2, vld_3.s0, ((gl_id_0 < 1) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 8191]), ld_3, ld_0);
      vst_4.s1 = gradient(ld_1, vld_3.s1, ld_0, ld_5, ld_3);
      vst_4.s2 = gradient(ld_4, vld_3.s2, ld_3, ld_7, ld_5);
      vst_4.s3 = gradient(ld_6, vld_3.s3, ld_5, ((gl_id_0 >= 2047) ? 0.0f : grid[4 * gl_id_0 + 16384 * gl_id_1 + 8196]), ld_7);
      ((global float4*)out)[gl_id_0 + 4096 * gl_id_1 + 2048] = vst_4;
    }
  }
}
