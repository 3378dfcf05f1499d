float4 sq_v4(float4 v) { return v * v; }
float4 add_v4(float4 x, float4 y) { return x + y; }
float add(float x, float y) { return x + y; }
float sqrt_(float x) { return sqrt(x); }

kernel void l2norm_k0(const global float* restrict vec, global float* tmp0, global float* out, global int* group_count) {
  local float local_buf[128];
  local float local_buf2[32];
  local float local_buf_2[128];
  local float local_buf2_2[32];
  local int is_last_group[1];
  {  // mapWrg(0)
    int wg_id_0 = get_group_id(0);
    {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc[4];
      vstore4((float4)(0.0f), 0, acc);
      for (int i = 0; i < 32; i++) {  // reduceSeq
        float4 priv = sq_v4(((const global float4*)vec)[l_id_0 + 128 * i + 4096 * wg_id_0]);
        vstore4(add_v4(vload4(0, acc), priv), 0, acc);
      }
      float acc2 = 0.0f;
      for (int i = 0; i < 4; i++) {  // reduceSeq
        acc2 = add(acc2, acc[i]);
      }
      local_buf[l_id_0] = acc2;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 32) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc3 = 0.0f;
      for (int i = 0; i < 4; i++) {  // reduceSeq
        acc3 = add(acc3, local_buf[l_id_0 + 32 * i]);
      }
      local_buf2[l_id_0] = acc3;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 1) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc4 = 0.0f;
      for (int i = 0; i < 32; i++) {  // reduceSeq
        acc4 = add(acc4, local_buf2[i + 32 * l_id_0]);
      }
      tmp0[l_id_0 + wg_id_0] = acc4;
    }
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) is_last_group[0] = atomic_inc(group_count) == (int)get_num_groups(0) - 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (is_last_group[0]) {  // the last work group to finish
    {
      {  // mapLcl(0)
        int l_id_0 = get_local_id(0);
        float acc_2 = 0.0f;
        for (int i = 0; i < 8; i++) {  // reduceSeq
          acc_2 = add(acc_2, tmp0[l_id_0 + 128 * i]);
        }
        local_buf_2[l_id_0] = acc_2;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) < 32) {  // mapLcl(0)
        int l_id_0 = get_local_id(0);
        float acc2_2 = 0.0f;
        for (int i = 0; i < 4; i++) {  // reduceSeq
          acc2_2 = add(acc2_2, local_buf_2[l_id_0 + 32 * i]);
        }
        local_buf2_2[l_id_0] = acc2_2;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) < 1) {  // mapLcl(0)
        int l_id_0 = get_local_id(0);
        float acc3_2 = 0.0f;
        for (int i = 0; i < 32; i++) {  // reduceSeq
          acc3_2 = add(acc3_2, local_buf2_2[i + 32 * l_id_0]);
        }
        out[l_id_0] = sqrt_(acc3_2);
      }
    }
    if (get_local_id(0) == 0) group_count[0] = 0;
  }
}
