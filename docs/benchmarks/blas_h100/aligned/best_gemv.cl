float multAndSumUp(float acc, float l, float r) { return acc + l * r; }
float add(float x, float y) { return x + y; }
float axpby(float a, float x, float b, float y) { return a * x + b * y; }

kernel void gemv(const global float* restrict A, const global float* restrict x, const global float* restrict y, constant float* restrict alpha, constant float* restrict beta, global float* out) {
  local float local_buf[128];
  {  // mapWrg(0)
    int wg_id_0 = get_group_id(0);
    {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc = 0.0f;
      for (int j = 0; j < 32; j++) {  // reduceSeq
        acc = multAndSumUp(acc, A[l_id_0 + 128 * j + 4096 * wg_id_0], x[l_id_0 + 128 * j]);
      }
      local_buf[l_id_0] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 1) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc2 = 0.0f;
      for (int i = 0; i < 128; i++) {  // reduceSeq
        acc2 = add(acc2, local_buf[i + l_id_0]);
      }
      out[l_id_0 + wg_id_0] = axpby(alpha[0], acc2, beta[0], y[l_id_0 + wg_id_0]);
    }
  }
}
