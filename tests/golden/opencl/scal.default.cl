// scal/default at size small: 1 kernel(s)

// kernel scal: global (64,), local None
float mult(float x, float y) { return x * y; }

kernel void scal(constant float* restrict alpha, const global float* restrict x, global float* out) {
  {  // mapGlb(0)
    int gl_id_0 = get_global_id(0);
    out[gl_id_0] = mult(alpha[0], x[gl_id_0]);
  }
}
