float srad2Update(float cc, float cs, float ce, float n, float s, float w, float e, float c) { return c + 0.125f * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c)); }

kernel void srad2(const global float* restrict image, const global float* restrict coeff, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      // mapSeqUnroll unrolled
      float ld_0 = coeff[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_1 = image[gl_id_0 + 32768 * gl_id_1 + 8192];
      float ld_2 = image[gl_id_0 + 32768 * gl_id_1];
      out[gl_id_0 + 32768 * gl_id_1] = srad2Update(coeff[gl_id_0 + 32768 * gl_id_1], ld_0, ((gl_id_0 >= 8191) ? 0.0f : coeff[gl_id_0 + 32768 * gl_id_1 + 1]), ((gl_id_1 < 1) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 - 8192]), ld_1, ((gl_id_0 < 1) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 - 1]), ((gl_id_0 >= 8191) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 1]), ld_2);
      float ld_3 = coeff[gl_id_0 + 32768 * gl_id_1 + 16384];
      float ld_4 = image[gl_id_0 + 32768 * gl_id_1 + 16384];
      out[gl_id_0 + 32768 * gl_id_1 + 8192] = srad2Update(ld_0, ld_3, ((gl_id_0 >= 8191) ? 0.0f : coeff[gl_id_0 + 32768 * gl_id_1 + 8193]), ld_2, ld_4, ((gl_id_0 < 1) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 8191]), ((gl_id_0 >= 8191) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 8193]), ld_1);
      float ld_5 = coeff[gl_id_0 + 32768 * gl_id_1 + 24576];
      float ld_6 = image[gl_id_0 + 32768 * gl_id_1 + 24576];
      out[gl_id_0 + 32768 * gl_id_1 + 16384] = srad2Update(ld_3, ld_5, ((gl_id_0 >= 8191) ? 0.0f : coeff[gl_id_0 + 32768 * gl_id_1 + 16385]), ld_1, ld_6, ((gl_id_0 < 1) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 16383]), ((gl_id_0 >= 8191) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 16385]), ld_4);
      out[gl_id_0 + 32768 * gl_id_1 + 24576] = srad2Update(ld_5, ((gl_id_1 >= 2047) ? 0.0f : coeff[gl_id_0 + 32768 * gl_id_1 + 32768]), ((gl_id_0 >= 8191) ? 0.0f : coeff[gl_id_0 + 32768 * gl_id_1 + 24577]), ld_4, ((gl_id_1 >= 2047) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 32768]), ((gl_id_0 < 1) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 24575]), ((gl_id_0 >= 8191) ? 0.0f : image[gl_id_0 + 32768 * gl_id_1 + 24577]), ld_6);
    }
  }
}
