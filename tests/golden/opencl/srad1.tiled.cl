// srad1/tiled at size small: 1 kernel(s)

// kernel srad1: global (16, 16), local (16, 8)
float srad1Coeff(float n, float s, float w, float e, float c) {
  float dN = n - c, dS = s - c, dW = w - c, dE = e - c;
  float g2 = (dN * dN + dS * dS + dW * dW + dE * dE) / (c * c);
  float l = (dN + dS + dW + dE) / c;
  float num = 0.5f * g2 - 0.0625f * (l * l);
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den);
  den = (qsqr - 0.053787220269f) / (0.053787220269f * (1.0f + 0.053787220269f));
  return clamp(1.0f / (1.0f + den), 0.0f, 1.0f);
}

kernel void srad1(const global float* restrict grid, global float* out) {
  local float local_buf[180];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      for (int l_id_1 = get_local_id(1); l_id_1 < 10; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 18; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          local_buf[l_id_0 + 18 * l_id_1] = ((l_id_0 + 16 * wg_id_0 < 1 || l_id_0 + 16 * wg_id_0 >= 17) ? 0.0f : ((l_id_1 + 8 * wg_id_1 < 1 || l_id_1 + 8 * wg_id_1 >= 17) ? 0.0f : grid[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1 - 17]));
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          out[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1] = srad1Coeff(local_buf[l_id_0 + 18 * l_id_1 + 1], local_buf[l_id_0 + 18 * l_id_1 + 37], local_buf[l_id_0 + 18 * l_id_1 + 18], local_buf[l_id_0 + 18 * l_id_1 + 20], local_buf[l_id_0 + 18 * l_id_1 + 19]);
        }
      }
    }
  }
}
