float hotspotStep(float n, float s, float w, float e, float c, float p) { return c + 0.34133333f * (p + (s + n - 2.0f * c) * 0.1f + (e + w - 2.0f * c) * 0.1f + (80.0f - c) * 0.0001953125f); }

kernel void hotspot2d(const global float* restrict temp, const global float* restrict power, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float2 vld_0 = ((const global float2*)temp)[gl_id_0 + 16384 * gl_id_1 + 4096];
      float2 vld_1 = ((const global float2*)temp)[gl_id_0 + 16384 * gl_id_1];
      float2 vld_2 = ((gl_id_1 < 1) ? ((float2)(80.0f)) : ((const global float2*)temp)[gl_id_0 + 16384 * gl_id_1 - 4096]);
      float2 vld_3 = ((const global float2*)power)[gl_id_0 + 16384 * gl_id_1];
      float2 vld_4 = ((const global float2*)temp)[gl_id_0 + 16384 * gl_id_1 + 8192];
      float2 vld_5 = ((const global float2*)power)[gl_id_0 + 16384 * gl_id_1 + 4096];
      float2 vld_6 = ((const global float2*)temp)[gl_id_0 + 16384 * gl_id_1 + 12288];
      float2 vld_7 = ((const global float2*)power)[gl_id_0 + 16384 * gl_id_1 + 8192];
      float2 vld_8 = ((gl_id_1 >= 2047) ? ((float2)(80.0f)) : ((const global float2*)temp)[gl_id_0 + 16384 * gl_id_1 + 16384]);
      float2 vld_9 = ((const global float2*)power)[gl_id_0 + 16384 * gl_id_1 + 12288];
      // mapSeqUnroll unrolled
      float ld_0 = vld_0.s0;
      float ld_1 = vld_1.s1;
      float ld_2 = vld_1.s0;
      float2 vst_9;
      vst_9.s0 = hotspotStep(vld_2.s0, ld_0, ((gl_id_0 < 1) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 - 1]), ld_1, ld_2, vld_3.s0);
      float ld_3 = vld_0.s1;
      vst_9.s1 = hotspotStep(vld_2.s1, ld_3, ld_2, ((gl_id_0 >= 4095) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 2]), ld_1, vld_3.s1);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1] = vst_9;
      float ld_4 = vld_4.s0;
      float2 vst_10;
      vst_10.s0 = hotspotStep(ld_2, ld_4, ((gl_id_0 < 1) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 8191]), ld_3, ld_0, vld_5.s0);
      float ld_5 = vld_4.s1;
      vst_10.s1 = hotspotStep(ld_1, ld_5, ld_0, ((gl_id_0 >= 4095) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 8194]), ld_3, vld_5.s1);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 4096] = vst_10;
      float ld_6 = vld_6.s0;
      float2 vst_11;
      vst_11.s0 = hotspotStep(ld_0, ld_6, ((gl_id_0 < 1) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 16383]), ld_5, ld_4, vld_7.s0);
      float ld_7 = vld_6.s1;
      vst_11.s1 = hotspotStep(ld_3, ld_7, ld_4, ((gl_id_0 >= 4095) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 16386]), ld_5, vld_7.s1);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 8192] = vst_11;
      float2 vst_12;
      vst_12.s0 = hotspotStep(ld_4, vld_8.s0, ((gl_id_0 < 1) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 24575]), ld_7, ld_6, vld_9.s0);
      vst_12.s1 = hotspotStep(ld_5, vld_8.s1, ld_6, ((gl_id_0 >= 4095) ? 80.0f : temp[2 * gl_id_0 + 32768 * gl_id_1 + 24578]), ld_7, vld_9.s1);
      ((global float2*)out)[gl_id_0 + 16384 * gl_id_1 + 12288] = vst_12;
    }
  }
}
