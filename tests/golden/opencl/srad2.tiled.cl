// srad2/tiled at size small: 1 kernel(s)

// kernel srad2: global (16, 16), local (16, 8)
float srad2Update(float cc, float cs, float ce, float n, float s, float w, float e, float c) { return c + 0.125f * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c)); }

kernel void srad2(const global float* restrict image, const global float* restrict coeff, global float* out) {
  local float local_buf[180];
  local float local_buf2[180];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      for (int l_id_1 = get_local_id(1); l_id_1 < 10; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 18; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          local_buf[l_id_0 + 18 * l_id_1] = ((l_id_0 + 16 * wg_id_0 < 1 || l_id_0 + 16 * wg_id_0 >= 17) ? 0.0f : ((l_id_1 + 8 * wg_id_1 < 1 || l_id_1 + 8 * wg_id_1 >= 17) ? 0.0f : image[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1 - 17]));
        }
      }
      for (int l_id_1 = get_local_id(1); l_id_1 < 10; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 18; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          local_buf2[l_id_0 + 18 * l_id_1] = ((l_id_0 + 16 * wg_id_0 < 1 || l_id_0 + 16 * wg_id_0 >= 17) ? 0.0f : ((l_id_1 + 8 * wg_id_1 < 1 || l_id_1 + 8 * wg_id_1 >= 17) ? 0.0f : coeff[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1 - 17]));
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          out[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1] = srad2Update(local_buf2[l_id_0 + 18 * l_id_1 + 19], local_buf2[l_id_0 + 18 * l_id_1 + 37], local_buf2[l_id_0 + 18 * l_id_1 + 20], local_buf[l_id_0 + 18 * l_id_1 + 1], local_buf[l_id_0 + 18 * l_id_1 + 37], local_buf[l_id_0 + 18 * l_id_1 + 18], local_buf[l_id_0 + 18 * l_id_1 + 20], local_buf[l_id_0 + 18 * l_id_1 + 19]);
        }
      }
    }
  }
}
