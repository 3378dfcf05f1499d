// nbody/default at size small: 1 kernel(s)

// kernel nbody: global (16,), local None
float sub(float x, float y) { return x - y; }
float square(float x) { return x * x; }
float add(float x, float y) { return x + y; }
float nbodyWeight(float r2, float m) {
  float d = r2 + 0.01f;
  return m / (d * sqrt(d));
}
float mult(float x, float y) { return x * y; }

kernel void nbody(const global float* restrict pos, constant float* restrict mass, global float* tmp0, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    for (int i = 0; i < 16; i++) {  // mapSeq
      float acc = 0.0f;
      // reduceSeqUnroll unrolled
      {
        float priv = sub(pos[3 * i], pos[3 * gl_id_0]);
        float priv2 = square(priv);
        acc = add(acc, priv2);
      }
      {
        float priv = sub(pos[3 * i + 1], pos[3 * gl_id_0 + 1]);
        float priv2 = square(priv);
        acc = add(acc, priv2);
      }
      {
        float priv = sub(pos[3 * i + 2], pos[3 * gl_id_0 + 2]);
        float priv2 = square(priv);
        acc = add(acc, priv2);
      }
      tmp0[i + 16 * gl_id_0] = nbodyWeight(acc, mass[i]);
    }
    for (int i = 0; i < 3; i++) {  // mapSeq
      float acc2 = 0.0f;
      for (int j = 0; j < 16; j++) {  // reduceSeq
        float priv3 = sub(pos[i + 3 * j], pos[i + 3 * gl_id_0]);
        float priv4 = mult(tmp0[j + 16 * gl_id_0], priv3);
        acc2 = add(acc2, priv4);
      }
      out[i + 3 * gl_id_0] = acc2;
    }
  }
}
