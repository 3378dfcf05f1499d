// kmeans/default at size small: 1 kernel(s)

// kernel kmeans: global (32,), local None
float sub(float x, float y) { return x - y; }
float square(float x) { return x * x; }
float add(float x, float y) { return x + y; }
float min_(float x, float y) { return fmin(x, y); }
float selectIdx(float d, float i, float m) { return d == m ? i : 3.0e38f; }

kernel void kmeans(const global float* restrict points, constant float* restrict centres, constant float* restrict ids, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    float priv[5];
    for (int i = 0; i < 5; i++) {  // mapSeq
      priv[i] = 0.0f;
      for (int j = 0; j < 4; j++) {  // reduceSeq
        float priv2 = sub(points[j + 4 * gl_id_0], centres[j + 4 * i]);
        float priv3 = square(priv2);
        priv[i] = add(priv[i], priv3);
      }
    }
    float acc = 3e+38f;
    for (int i = 0; i < 5; i++) {  // reduceSeq
      acc = min_(acc, priv[i]);
    }
    float acc2 = 3e+38f;
    for (int j = 0; j < 5; j++) {  // reduceSeq
      float priv4 = selectIdx(priv[j], ids[j], acc);
      acc2 = min_(acc2, priv4);
    }
    out[gl_id_0] = acc2;
  }
}
