// mm/default at size small: 1 kernel(s)

// kernel mm: global (16, 16), local (16, 16)
float mult(float x, float y) { return x * y; }
float add(float x, float y) { return x + y; }

kernel void mm(const global float* restrict A, const global float* restrict B, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float acc = 0.0f;
      for (int i = 0; i < 16; i++) {  // reduceSeq
        float priv = mult(A[i + 16 * gl_id_1], B[gl_id_0 + 16 * i]);
        acc = add(acc, priv);
      }
      out[gl_id_0 + 16 * gl_id_1] = acc;
    }
  }
}
