// srad2/default at size small: 1 kernel(s)

// kernel srad2: global (16, 16), local (16, 16)
float srad2Update(float cc, float cs, float ce, float n, float s, float w, float e, float c) { return c + 0.125f * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c)); }

kernel void srad2(const global float* restrict image, const global float* restrict coeff, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      out[gl_id_0 + 16 * gl_id_1] = srad2Update(coeff[gl_id_0 + 16 * gl_id_1], ((gl_id_1 >= 15) ? 0.0f : coeff[gl_id_0 + 16 * gl_id_1 + 16]), ((gl_id_0 >= 15) ? 0.0f : coeff[gl_id_0 + 16 * gl_id_1 + 1]), ((gl_id_1 < 1) ? 0.0f : image[gl_id_0 + 16 * gl_id_1 - 16]), ((gl_id_1 >= 15) ? 0.0f : image[gl_id_0 + 16 * gl_id_1 + 16]), ((gl_id_0 < 1) ? 0.0f : image[gl_id_0 + 16 * gl_id_1 - 1]), ((gl_id_0 >= 15) ? 0.0f : image[gl_id_0 + 16 * gl_id_1 + 1]), image[gl_id_0 + 16 * gl_id_1]);
    }
  }
}
