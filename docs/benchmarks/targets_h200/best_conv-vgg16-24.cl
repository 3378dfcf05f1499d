kernel void conv_k0(const global float* restrict inputData, global float* tmp0) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 512; i++) {  // mapSeq
        tmp0[i + 512 * gl_id_0 + 9216 * gl_id_1] = ((gl_id_0 < 1 || gl_id_0 >= 15) ? 0.0f : ((gl_id_1 < 1 || gl_id_1 >= 15) ? 0.0f : inputData[i + 512 * gl_id_0 + 7168 * gl_id_1 - 7680]));
      }
    }
  }
}


float dotAndSumUp_float_float4_float4(float acc, float4 l, float4 r) { return acc + dot(l, r); }
float add(float x, float y) { return x + y; }

kernel void conv_k1(const global float* restrict kernelsWeights, const global float* restrict tmp0, global float* out) {
  local float local_buf[512];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7;
          // mapSeqUnroll unrolled
          acc_0 = 0.0f;
          acc_1 = 0.0f;
          acc_2 = 0.0f;
          acc_3 = 0.0f;
          acc_4 = 0.0f;
          acc_5 = 0.0f;
          acc_6 = 0.0f;
          acc_7 = 0.0f;
          for (int i = 0; i < 144; i++) {  // reduceSeq
            float4 priv_0, priv_1;
            // mapSeqUnroll unrolled
            priv_0 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 256 * (l_id_1 % 2) + 512 * (wg_id_1 % 4) + 2304 * ((l_id_0 + 8 * i) / 384) + 2304 * (l_id_1 / 2) + 9216 * (wg_id_1 / 4)];
            priv_1 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 256 * (l_id_1 % 2) + 512 * (wg_id_1 % 4) + 2304 * ((l_id_0 + 8 * i) / 384) + 2304 * (l_id_1 / 2) + 9216 * (wg_id_1 / 4) + 128];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            // mapSeqUnroll unrolled
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 1152];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 2304];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 3456];
            // mapSeqUnroll unrolled
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_0, priv2_1);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_1, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_0, priv2_2);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_1, priv2_2);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_3);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_3);
          }
          // mapSeqUnroll unrolled
          local_buf[8 * l_id_0 + 64 * l_id_1] = acc_0;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 1] = acc_1;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 2] = acc_2;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 3] = acc_3;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 4] = acc_4;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 5] = acc_5;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 6] = acc_6;
          local_buf[8 * l_id_0 + 64 * l_id_1 + 7] = acc_7;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(1) < 4) {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        for (int l_id_0 = get_local_id(0); l_id_0 < 16; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          float acc2 = 0.0f;
          for (int i = 0; i < 8; i++) {  // reduceSeq
            acc2 = add(acc2, local_buf[l_id_0 % 2 + 2 * l_id_1 + 8 * i + 64 * (l_id_0 / 2)]);
          }
          if (l_id_0 % 4 + 4 * (wg_id_1 % 4) < 14 && l_id_0 / 4 + 4 * (wg_id_1 / 4) < 14) {
            out[l_id_1 + 4 * wg_id_0 + 512 * (l_id_0 % 4) + 2048 * (wg_id_1 % 4) + 7168 * (l_id_0 / 4) + 28672 * (wg_id_1 / 4)] = acc2;
          }
        }
      }
    }
  }
}
