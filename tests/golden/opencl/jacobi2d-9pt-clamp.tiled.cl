// jacobi2d-9pt-clamp/tiled at size small: 1 kernel(s)

// kernel jacobi2d_9pt_clamp: global (16, 16), local (16, 8)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void jacobi2d_9pt_clamp(const global float* restrict grid, constant float* restrict weights, global float* out) {
  local float local_buf[180];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      for (int l_id_1 = get_local_id(1); l_id_1 < 10; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 18; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          local_buf[l_id_0 + 18 * l_id_1] = grid[min(max(l_id_0 + 16 * wg_id_0 - 1, 0), 15) + 16 * min(max(l_id_1 + 8 * wg_id_1 - 1, 0), 15)];
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc = 0.0f;
          // reduceSeqUnroll unrolled
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1], weights[0]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 1], weights[1]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 2], weights[2]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 18], weights[3]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 19], weights[4]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 20], weights[5]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 36], weights[6]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 37], weights[7]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 18 * l_id_1 + 38], weights[8]);
          out[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1] = acc;
        }
      }
    }
  }
}
