// hotspot2d/default at size small: 1 kernel(s)

// kernel hotspot2d: global (16, 16), local (16, 16)
float hotspotStep(float n, float s, float w, float e, float c, float p) { return c + 0.34133333f * (p + (s + n - 2.0f * c) * 0.1f + (e + w - 2.0f * c) * 0.1f + (80.0f - c) * 0.0001953125f); }

kernel void hotspot2d(const global float* restrict temp, const global float* restrict power, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      out[gl_id_0 + 16 * gl_id_1] = hotspotStep(((gl_id_1 < 1) ? 80.0f : temp[gl_id_0 + 16 * gl_id_1 - 16]), ((gl_id_1 >= 15) ? 80.0f : temp[gl_id_0 + 16 * gl_id_1 + 16]), ((gl_id_0 < 1) ? 80.0f : temp[gl_id_0 + 16 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 80.0f : temp[gl_id_0 + 16 * gl_id_1 + 1]), temp[gl_id_0 + 16 * gl_id_1], power[gl_id_0 + 16 * gl_id_1]);
    }
  }
}
