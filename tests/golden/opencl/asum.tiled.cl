// asum/tiled at size small: 1 kernel(s)

// kernel asum_k0: global (16,), local (4,)
float4 abs__v4(float4 x) { return fabs(x); }
float4 add_v4(float4 x, float4 y) { return x + y; }
float add(float x, float y) { return x + y; }

kernel void asum_k0(const global float* restrict x, global float* tmp0, global float* out, global int* group_count) {
  local float local_buf[4];
  local float local_buf_2[4];
  local int is_last_group[1];
  {  // mapWrg(0)
    int wg_id_0 = get_group_id(0);
    {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc[4];
      vstore4((float4)(0.0f), 0, acc);
      float4 priv = abs__v4(((const global float4*)x)[l_id_0 + 4 * wg_id_0]);
      vstore4(add_v4(vload4(0, acc), priv), 0, acc);
      float acc2 = 0.0f;
      for (int i = 0; i < 4; i++) {  // reduceSeq
        acc2 = add(acc2, acc[i]);
      }
      local_buf[l_id_0] = acc2;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 1) {  // mapLcl(0)
      int l_id_0 = get_local_id(0);
      float acc3 = 0.0f;
      for (int i = 0; i < 4; i++) {  // reduceSeq
        acc3 = add(acc3, local_buf[i + 4 * l_id_0]);
      }
      tmp0[l_id_0 + wg_id_0] = acc3;
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
        acc_2 = add(acc_2, tmp0[l_id_0]);
        local_buf_2[l_id_0] = acc_2;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(0) < 1) {  // mapLcl(0)
        int l_id_0 = get_local_id(0);
        float acc2_2 = 0.0f;
        for (int i = 0; i < 4; i++) {  // reduceSeq
          acc2_2 = add(acc2_2, local_buf_2[i + 4 * l_id_0]);
        }
        out[l_id_0] = acc2_2;
      }
    }
    if (get_local_id(0) == 0) group_count[0] = 0;
  }
}
