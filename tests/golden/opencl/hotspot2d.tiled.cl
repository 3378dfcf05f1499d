// hotspot2d/tiled at size small: 1 kernel(s)

// kernel hotspot2d: global (16, 16), local (16, 8)
float hotspotStep(float n, float s, float w, float e, float c, float p) { return c + 0.34133333f * (p + (s + n - 2.0f * c) * 0.1f + (e + w - 2.0f * c) * 0.1f + (80.0f - c) * 0.0001953125f); }

kernel void hotspot2d(const global float* restrict temp, const global float* restrict power, global float* out) {
  local float local_buf[180];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      for (int l_id_1 = get_local_id(1); l_id_1 < 10; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 18; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          local_buf[l_id_0 + 18 * l_id_1] = ((l_id_0 + 16 * wg_id_0 < 1 || l_id_0 + 16 * wg_id_0 >= 17) ? 80.0f : ((l_id_1 + 8 * wg_id_1 < 1 || l_id_1 + 8 * wg_id_1 >= 17) ? 80.0f : temp[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1 - 17]));
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          out[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1] = hotspotStep(local_buf[l_id_0 + 18 * l_id_1 + 1], local_buf[l_id_0 + 18 * l_id_1 + 37], local_buf[l_id_0 + 18 * l_id_1 + 18], local_buf[l_id_0 + 18 * l_id_1 + 20], local_buf[l_id_0 + 18 * l_id_1 + 19], power[l_id_0 + 16 * l_id_1 + 16 * wg_id_0 + 128 * wg_id_1]);
        }
      }
    }
  }
}
