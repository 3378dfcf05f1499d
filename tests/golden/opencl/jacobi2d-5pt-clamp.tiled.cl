// jacobi2d-5pt-clamp/tiled at size small: 1 kernel(s)

// kernel jacobi2d_5pt_clamp: global (16, 16), local (16, 8)
float jacobi5(float n, float s, float w, float e, float c) { return (5.0f * n + 12.0f * w + 15.0f * c + 5.0f * s + 12.0f * e) / 118.0f; }

kernel void jacobi2d_5pt_clamp(const global float* restrict grid, global float* out) {
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
          out[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1] = jacobi5(local_buf[l_id_0 + 18 * l_id_1 + 1], local_buf[l_id_0 + 18 * l_id_1 + 37], local_buf[l_id_0 + 18 * l_id_1 + 18], local_buf[l_id_0 + 18 * l_id_1 + 20], local_buf[l_id_0 + 18 * l_id_1 + 19]);
        }
      }
    }
  }
}
