kernel void conv_k0(const global float* restrict inputData, global float* tmp0) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 512; i++) {  // mapSeq
        tmp0[i + 512 * gl_id_0 + 16384 * gl_id_1] = ((gl_id_0 < 1 || gl_id_0 >= 29) ? 0.0f : ((gl_id_1 < 1 || gl_id_1 >= 29) ? 0.0f : inputData[i + 512 * gl_id_0 + 14336 * gl_id_1 - 14848]));
      }
    }
  }
}


float dotAndSumUp_float_float4_float4(float acc, float4 l, float4 r) { return acc + dot(l, r); }
float add(float x, float y) { return x + y; }

kernel void conv_k1(const global float* restrict kernelsWeights, const global float* restrict tmp0, global float* out) {
  local float local_buf[288];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11;
          // mapSeqUnroll unrolled
          acc_0 = 0.0f;
          acc_1 = 0.0f;
          acc_2 = 0.0f;
          acc_3 = 0.0f;
          acc_4 = 0.0f;
          acc_5 = 0.0f;
          acc_6 = 0.0f;
          acc_7 = 0.0f;
          acc_8 = 0.0f;
          acc_9 = 0.0f;
          acc_10 = 0.0f;
          acc_11 = 0.0f;
          for (int i = 0; i < 144; i++) {  // reduceSeq
            float4 priv_0, priv_1, priv_2;
            // mapSeqUnroll unrolled
            priv_0 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 384 * (wg_id_1 % 10) + 4096 * l_id_1 + 4096 * ((l_id_0 + 8 * i) / 384) + 12288 * (wg_id_1 / 10)];
            priv_1 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 384 * (wg_id_1 % 10) + 4096 * l_id_1 + 4096 * ((l_id_0 + 8 * i) / 384) + 12288 * (wg_id_1 / 10) + 128];
            priv_2 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 384 * (wg_id_1 % 10) + 4096 * l_id_1 + 4096 * ((l_id_0 + 8 * i) / 384) + 12288 * (wg_id_1 / 10) + 256];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            // mapSeqUnroll unrolled
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 1152];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 2304];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 3456];
            // mapSeqUnroll unrolled
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          // mapSeqUnroll unrolled
          local_buf[12 * l_id_0 + 96 * l_id_1] = acc_0;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 1] = acc_1;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 2] = acc_2;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 3] = acc_3;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 4] = acc_4;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 5] = acc_5;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 6] = acc_6;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 7] = acc_7;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 8] = acc_8;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 9] = acc_9;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 10] = acc_10;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 11] = acc_11;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int l_id_1 = get_local_id(1); l_id_1 < 4; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 9; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          float acc2 = 0.0f;
          for (int i = 0; i < 8; i++) {  // reduceSeq
            acc2 = add(acc2, local_buf[l_id_0 % 3 + 3 * l_id_1 + 12 * i + 96 * (l_id_0 / 3)]);
          }
          if (l_id_0 % 3 + 3 * (wg_id_1 % 10) < 28 && l_id_0 / 3 + 3 * (wg_id_1 / 10) < 28) {
            out[l_id_1 + 4 * wg_id_0 + 512 * (l_id_0 % 3) + 1536 * (wg_id_1 % 10) + 14336 * (l_id_0 / 3) + 43008 * (wg_id_1 / 10)] = acc2;
          }
        }
      }
    }
  }
}
