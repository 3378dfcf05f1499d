float hotspotStep(float n, float s, float w, float e, float c, float p) { return c + 0.34133333f * (p + (s + n - 2.0f * c) * 0.1f + (e + w - 2.0f * c) * 0.1f + (80.0f - c) * 0.0001953125f); }

kernel void hotspot2d(const global float* restrict temp, const global float* restrict power, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = temp[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_1 = temp[gl_id_0 + 32768 * gl_id_1];
      out[gl_id_0 + 32768 * gl_id_1] = hotspotStep(((gl_id_1 < 1) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 - 8192]), ld_0, ((gl_id_0 < 1) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 - 1]), ((gl_id_0 >= 8191) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 1]), ld_1, power[gl_id_0 + 32768 * gl_id_1]);
      float ld_2 = temp[gl_id_0 + 32768 * gl_id_1 + 16384];
      out[gl_id_0 + 32768 * gl_id_1 + 8192] = hotspotStep(ld_1, ld_2, ((gl_id_0 < 1) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 8191]), ((gl_id_0 >= 8191) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 8193]), ld_0, power[gl_id_0 + 32768 * gl_id_1 + 8192]);
      float ld_3 = temp[gl_id_0 + 32768 * gl_id_1 + 24576];
      out[gl_id_0 + 32768 * gl_id_1 + 16384] = hotspotStep(ld_0, ld_3, ((gl_id_0 < 1) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 16383]), ((gl_id_0 >= 8191) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 16385]), ld_2, power[gl_id_0 + 32768 * gl_id_1 + 16384]);
      out[gl_id_0 + 32768 * gl_id_1 + 24576] = hotspotStep(ld_2, ((gl_id_1 >= 2047) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 32768]), ((gl_id_0 < 1) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 24575]), ((gl_id_0 >= 8191) ? 80.0f : temp[gl_id_0 + 32768 * gl_id_1 + 24577]), ld_3, power[gl_id_0 + 32768 * gl_id_1 + 24576]);
    }
  }
}
