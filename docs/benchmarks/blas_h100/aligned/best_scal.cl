float mult(float x, float y) { return x * y; }

kernel void scal(constant float* restrict alpha, const global float* restrict x, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    float priv[4];
    vstore4(((const global float4*)x)[gl_id_0], 0, priv);
    float priv2[4];
    for (int i = 0; i < 4; i++) {  // mapSeq
      priv2[i] = mult(alpha[0], priv[i]);
    }
    ((global float4*)out)[gl_id_0] = vload4(0, priv2);
  }
}
