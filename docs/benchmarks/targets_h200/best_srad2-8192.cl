float srad2Update(float cc, float cs, float ce, float n, float s, float w, float e, float c) { return c + 0.125f * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c)); }

kernel void srad2(const global float* restrict image, const global float* restrict coeff, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float2 vld_0 = ((const global float2*)coeff)[gl_id_0 + 8192 * gl_id_1 + 4096];
      float2 vld_1 = ((const global float2*)coeff)[gl_id_0 + 8192 * gl_id_1];
      float2 vld_2 = ((const global float2*)image)[gl_id_0 + 8192 * gl_id_1 + 4096];
      float2 vld_3 = ((const global float2*)image)[gl_id_0 + 8192 * gl_id_1];
      float2 vld_4 = ((gl_id_1 < 1) ? ((float2)(0.0f)) : ((const global float2*)image)[gl_id_0 + 8192 * gl_id_1 - 4096]);
      float2 vld_5 = ((gl_id_1 >= 4095) ? ((float2)(0.0f)) : ((const global float2*)coeff)[gl_id_0 + 8192 * gl_id_1 + 8192]);
      float2 vld_6 = ((gl_id_1 >= 4095) ? ((float2)(0.0f)) : ((const global float2*)image)[gl_id_0 + 8192 * gl_id_1 + 8192]);
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_1.s1;
      float ld_2 = vld_2.s0;
      float ld_3 = vld_3.s1;
      float ld_4 = vld_3.s0;
      float2 vst_6;
      vst_6.s0 = srad2Update(vld_1.s0, ld_0, ld_1, vld_4.s0, ld_2, ((gl_id_0 < 1) ? 0.0f : image[2 * gl_id_0 + 16384 * gl_id_1 - 1]), ld_3, ld_4);
      float ld_5 = vld_0.s1;
      float ld_6 = vld_2.s1;
      vst_6.s1 = srad2Update(ld_1, ld_5, ((gl_id_0 >= 4095) ? 0.0f : coeff[2 * gl_id_0 + 16384 * gl_id_1 + 2]), vld_4.s1, ld_6, ld_4, ((gl_id_0 >= 4095) ? 0.0f : image[2 * gl_id_0 + 16384 * gl_id_1 + 2]), ld_3);
      ((global float2*)out)[gl_id_0 + 8192 * gl_id_1] = vst_6;
      float2 vst_7;
      vst_7.s0 = srad2Update(ld_0, vld_5.s0, ld_5, ld_4, vld_6.s0, ((gl_id_0 < 1) ? 0.0f : image[2 * gl_id_0 + 16384 * gl_id_1 + 8191]), ld_6, ld_2);
      vst_7.s1 = srad2Update(ld_5, vld_5.s1, ((gl_id_0 >= 4095) ? 0.0f : coeff[2 * gl_id_0 + 16384 * gl_id_1 + 8194]), ld_3, vld_6.s1, ld_2, ((gl_id_0 >= 4095) ? 0.0f : image[2 * gl_id_0 + 16384 * gl_id_1 + 8194]), ld_6);
      ((global float2*)out)[gl_id_0 + 8192 * gl_id_1 + 4096] = vst_7;
    }
  }
}
