// gemv/default at size small: 1 kernel(s)

// kernel gemv: global (16,), local None
float mult(float x, float y) { return x * y; }
float add(float x, float y) { return x + y; }
float axpby(float a, float x, float b, float y) { return a * x + b * y; }

kernel void gemv(const global float* restrict A, constant float* restrict x, const global float* restrict y, constant float* restrict alpha, constant float* restrict beta, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    float acc = 0.0f;
    for (int i = 0; i < 32; i++) {  // reduceSeq
      float priv = mult(A[i + 32 * gl_id_0], x[i]);
      acc = add(acc, priv);
    }
    out[gl_id_0] = axpby(alpha[0], acc, beta[0], y[gl_id_0]);
  }
}
