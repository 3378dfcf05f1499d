// gaussian/tiled at size small: 1 kernel(s)

// kernel gaussian: global (16, 16), local (16, 8)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void gaussian(const global float* restrict grid, constant float* restrict weights, global float* out) {
  local float local_buf[240];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      for (int l_id_1 = get_local_id(1); l_id_1 < 12; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 20; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          local_buf[l_id_0 + 20 * l_id_1] = ((l_id_0 + 16 * wg_id_0 < 2 || l_id_0 + 16 * wg_id_0 >= 18) ? 0.0f : ((l_id_1 + 8 * wg_id_1 < 2 || l_id_1 + 8 * wg_id_1 >= 18) ? 0.0f : grid[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1 - 34]));
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc = 0.0f;
          // reduceSeqUnroll unrolled
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1], weights[0]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 1], weights[1]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 2], weights[2]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 3], weights[3]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 4], weights[4]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 20], weights[5]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 21], weights[6]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 22], weights[7]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 23], weights[8]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 24], weights[9]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 40], weights[10]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 41], weights[11]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 42], weights[12]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 43], weights[13]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 44], weights[14]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 60], weights[15]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 61], weights[16]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 62], weights[17]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 63], weights[18]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 64], weights[19]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 80], weights[20]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 81], weights[21]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 82], weights[22]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 83], weights[23]);
          acc = multAndSumUp(acc, local_buf[l_id_0 + 20 * l_id_1 + 84], weights[24]);
          out[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1] = acc;
        }
      }
    }
  }
}
