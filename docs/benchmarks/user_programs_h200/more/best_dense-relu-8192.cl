float multAndSumUp(float acc, float l, float r) { return acc + l * r; }
float add(float x, float y) { return x + y; }
float max_(float x, float y) { return fmax(x, y); }

kernel void dense_relu(const global float* restrict W, const global float* restrict v, const global float* restrict bias, global float* tmp0, global float* out) {
  local float local_buf[4096];
  {  // mapWrg(0)
    int wg_id_0 = get_group_id(0);
    {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      for (int i = 0; i < 16; i++) {  // mapSeq
        float acc = 0.0f;
        for (int j = 0; j < 32; j++) {  // reduceSeq
          acc = multAndSumUp(acc, W[l_id_0 + 256 * j + 8192 * i + 131072 * wg_id_0], v[l_id_0 + 256 * j]);
        }
        local_buf[i + 16 * l_id_0] = acc;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 16) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc2 = 0.0f;
      for (int i = 0; i < 256; i++) {  // reduceSeq
        acc2 = add(acc2, local_buf[l_id_0 + 16 * i]);
      }
      tmp0[l_id_0 + 16 * wg_id_0] = add(acc2, bias[l_id_0 + 16 * wg_id_0]);
      out[l_id_0 + 16 * wg_id_0] = max_(0.0f, tmp0[l_id_0 + 16 * wg_id_0]);
    }
  }
}
