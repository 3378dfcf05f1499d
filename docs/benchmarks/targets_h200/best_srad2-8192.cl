float srad2Update(float cc, float cs, float ce, float n, float s, float w, float e, float c) { return c + 0.125f * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c)); }

kernel void srad2(const global float* restrict image, const global float* restrict coeff, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float4 vld_0 = ((const global float4*)coeff)[gl_id_0 + 4096 * gl_id_1 + 2048];
      float4 vld_1 = ((const global float4*)coeff)[gl_id_0 + 4096 * gl_id_1];
      float4 vld_2 = ((const global float4*)image)[gl_id_0 + 4096 * gl_id_1 + 2048];
      float4 vld_3 = ((const global float4*)image)[gl_id_0 + 4096 * gl_id_1];
      float4 vld_4 = ((gl_id_1 < 1) ? ((float4)(0.0f)) : ((const global float4*)image)[gl_id_0 + 4096 * gl_id_1 - 2048]);
      float4 vld_5 = ((gl_id_1 >= 4095) ? ((float4)(0.0f)) : ((const global float4*)coeff)[gl_id_0 + 4096 * gl_id_1 + 4096]);
      float4 vld_6 = ((gl_id_1 >= 4095) ? ((float4)(0.0f)) : ((const global float4*)image)[gl_id_0 + 4096 * gl_id_1 + 4096]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_1.s1;
      float ld_2 = vld_2.s0;
      float ld_3 = vld_3.s1;
      float ld_4 = vld_3.s0;
      float4 vst_6;
      vst_6.s0 = srad2Update(vld_1.s0, ld_0, ld_1, vld_4.s0, ld_2, ((gl_id_0 < 1) ? 0.0f : image[4 * gl_id_0 + 16384 * gl_id_1 - 1]), ld_3, ld_4);
      float ld_5 = vld_0.s1;
      float ld_6 = vld_1.s2;
      float ld_7 = vld_2.s1;
      float ld_8 = vld_3.s2;
      vst_6.s1 = srad2Update(ld_1, ld_5, ld_6, vld_4.s1, ld_7, ld_4, ld_8, ld_3);
      float ld_9 = vld_0.s2;
      float ld_10 = vld_1.s3;
      float ld_11 = vld_2.s2;
      float ld_12 = vld_3.s3;
      vst_6.s2 = srad2Update(ld_6, ld_9, ld_10, vld_4.s2, ld_11, ld_3, ld_12, ld_8);
      float ld_13 = vld_0.s3;
      float ld_14 = vld_2.s3;
      vst_6.s3 = srad2Update(ld_10, ld_13, ((gl_id_0 >= 2047) ? 0.0f : coeff[4 * gl_id_0 + 16384 * gl_id_1 + 4]), vld_4.s3, ld_14, ld_8, ((gl_id_0 >= 2047) ? 0.0f : image[4 * gl_id_0 + 16384 * gl_id_1 + 4]), ld_12);
      ((global float4*)out)[gl_id_0 + 4096 * gl_id_1] = vst_6;
      float4 vst_7;
      vst_7.s0 = srad2Update(ld_0, vld_5.s0, ld_5, ld_4, vld_6.s0, ((gl_id_0 < 1) ? 0.0f : image[4 * gl_id_0 + 16384 * gl_id_1 + 8191]), ld_7, ld_2);
      vst_7.s1 = srad2Update(ld_5, vld_5.s1, ld_9, ld_3, vld_6.s1, ld_2, ld_11, ld_7);
      vst_7.s2 = srad2Update(ld_9, vld_5.s2, ld_13, ld_8, vld_6.s2, ld_7, ld_14, ld_11);
      vst_7.s3 = srad2Update(ld_13, vld_5.s3, ((gl_id_0 >= 2047) ? 0.0f : coeff[4 * gl_id_0 + 16384 * gl_id_1 + 8196]), ld_12, vld_6.s3, ld_11, ((gl_id_0 >= 2047) ? 0.0f : image[4 * gl_id_0 + 16384 * gl_id_1 + 8196]), ld_14);
      ((global float4*)out)[gl_id_0 + 4096 * gl_id_1 + 2048] = vst_7;
    }
  }
}
