float add(float x, float y) { return x + y; }
float div(float x, float y) { return x / y; }
float centred_square(float x, float mean) { return (x - mean) * (x - mean); }
float normalise(float x, float mean, float variance) { return (x - mean) / sqrt(variance + 1e-5f); }

kernel void layernorm(const global float* restrict acts, global float* out) {
  local float local_buf[128];
  local float local_buf2[32];
  local float local_buf3[1];
  local float local_buf4[128];
  local float local_buf5[32];
  local float local_buf6[1];
  {  // mapWrg(0)
    int wg_id_0 = get_group_id(0);
    {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc = 0.0f;
      for (int i = 0; i < 32; i++) {  // reduceSeq
        acc = add(acc, acts[l_id_0 + 128 * i + 4096 * wg_id_0]);
      }
      local_buf[l_id_0] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 32) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc2 = 0.0f;
      for (int i = 0; i < 4; i++) {  // reduceSeq
        acc2 = add(acc2, local_buf[l_id_0 + 32 * i]);
      }
      local_buf2[l_id_0] = acc2;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 1) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc3 = 0.0f;
      // reduceSeqUnroll unrolled
      acc3 = add(acc3, local_buf2[32 * l_id_0]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 1]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 2]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 3]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 4]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 5]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 6]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 7]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 8]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 9]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 10]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 11]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 12]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 13]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 14]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 15]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 16]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 17]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 18]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 19]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 20]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 21]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 22]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 23]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 24]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 25]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 26]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 27]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 28]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 29]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 30]);
      acc3 = add(acc3, local_buf2[32 * l_id_0 + 31]);
      local_buf3[l_id_0] = div(acc3, 4096.0f);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc4 = 0.0f;
      for (int j = 0; j < 32; j++) {  // reduceSeq
        float priv = centred_square(acts[l_id_0 + 128 * j + 4096 * wg_id_0], local_buf3[0]);
        acc4 = add(acc4, priv);
      }
      local_buf4[l_id_0] = acc4;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 32) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc5 = 0.0f;
      for (int j = 0; j < 4; j++) {  // reduceSeq
        acc5 = add(acc5, local_buf4[l_id_0 + 32 * j]);
      }
      local_buf5[l_id_0] = acc5;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 1) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc6 = 0.0f;
      // reduceSeqUnroll unrolled
      acc6 = add(acc6, local_buf5[32 * l_id_0]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 1]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 2]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 3]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 4]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 5]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 6]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 7]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 8]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 9]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 10]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 11]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 12]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 13]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 14]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 15]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 16]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 17]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 18]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 19]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 20]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 21]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 22]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 23]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 24]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 25]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 26]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 27]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 28]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 29]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 30]);
      acc6 = add(acc6, local_buf5[32 * l_id_0 + 31]);
      local_buf6[l_id_0] = div(acc6, 4096.0f);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 32; k++) {  // mapSeq
      {  // mapLcl(0)
        int l_id_0 = get_local_id(0);
        out[l_id_0 + 128 * k + 4096 * wg_id_0] = normalise(acts[l_id_0 + 128 * k + 4096 * wg_id_0], local_buf3[0], local_buf6[0]);
      }
    }
  }
}
