// asum/default at size small: 2 kernel(s)

// kernel asum_k0: global (8,), local None
float abs_(float x) { return fabs(x); }
float add(float x, float y) { return x + y; }

kernel void asum_k0(const global float* restrict x, global float* tmp0) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    float acc = 0.0f;
    // reduceSeqUnroll unrolled
    {
      float priv = abs_(x[gl_id_0]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 8]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 16]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 24]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 32]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 40]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 48]);
      acc = add(acc, priv);
    }
    {
      float priv = abs_(x[gl_id_0 + 56]);
      acc = add(acc, priv);
    }
    tmp0[gl_id_0] = acc;
  }
}

// kernel asum_k1: global (1,), local None
float add(float x, float y) { return x + y; }

kernel void asum_k1(const global float* restrict tmp0, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    float acc = 0.0f;
    for (int i = 0; i < 8; i++) {  // reduceSeq
      acc = add(acc, tmp0[i + 8 * gl_id_0]);
    }
    out[gl_id_0] = acc;
  }
}
