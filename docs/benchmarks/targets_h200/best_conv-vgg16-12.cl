kernel void conv_k0(const global float* restrict inputData, global float* tmp0) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 256; i++) {  // mapSeq
        tmp0[i + 256 * gl_id_0 + 15104 * gl_id_1] = ((gl_id_0 < 1 || gl_id_0 >= 57) ? 0.0f : ((gl_id_1 < 1 || gl_id_1 >= 57) ? 0.0f : inputData[i + 256 * gl_id_0 + 14336 * gl_id_1 - 14592]));
      }
    }
  }
}


float dotAndSumUp_float_float4_float4(float acc, float4 l, float4 r) { return acc + dot(l, r); }
float add(float x, float y) { return x + y; }

kernel void conv_k1(const global float* restrict kernelsWeights, const global float* restrict tmp0, global float* out) {
  local float local_buf[576];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11, acc_12, acc_13, acc_14, acc_15, acc_16, acc_17, acc_18, acc_19, acc_20, acc_21, acc_22, acc_23;
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
          acc_12 = 0.0f;
          acc_13 = 0.0f;
          acc_14 = 0.0f;
          acc_15 = 0.0f;
          acc_16 = 0.0f;
          acc_17 = 0.0f;
          acc_18 = 0.0f;
          acc_19 = 0.0f;
          acc_20 = 0.0f;
          acc_21 = 0.0f;
          acc_22 = 0.0f;
          acc_23 = 0.0f;
          for (int i = 0; i < 72; i++) {  // reduceSeq
            float4 priv_0, priv_1, priv_2;
            // mapSeqUnroll unrolled
            priv_0 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 192 + 192 * (wg_id_1 % 19) + 3776 * l_id_1 + 3776 * ((l_id_0 + 8 * i) / 192) + 11328 * (wg_id_1 / 19)];
            priv_1 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 192 + 192 * (wg_id_1 % 19) + 3776 * l_id_1 + 3776 * ((l_id_0 + 8 * i) / 192) + 11328 * (wg_id_1 / 19) + 64];
            priv_2 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 192 + 192 * (wg_id_1 % 19) + 3776 * l_id_1 + 3776 * ((l_id_0 + 8 * i) / 192) + 11328 * (wg_id_1 / 19) + 128];
            float4 priv2_0, priv2_1, priv2_2, priv2_3, priv2_4, priv2_5, priv2_6, priv2_7;
            // mapSeqUnroll unrolled
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 576];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 1152];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 1728];
            priv2_4 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 2304];
            priv2_5 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 2880];
            priv2_6 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 3456];
            priv2_7 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 4608 * wg_id_0 + 4032];
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
            acc_12 = dotAndSumUp_float_float4_float4(acc_12, priv_0, priv2_4);
            acc_13 = dotAndSumUp_float_float4_float4(acc_13, priv_1, priv2_4);
            acc_14 = dotAndSumUp_float_float4_float4(acc_14, priv_2, priv2_4);
            acc_15 = dotAndSumUp_float_float4_float4(acc_15, priv_0, priv2_5);
            acc_16 = dotAndSumUp_float_float4_float4(acc_16, priv_1, priv2_5);
            acc_17 = dotAndSumUp_float_float4_float4(acc_17, priv_2, priv2_5);
            acc_18 = dotAndSumUp_float_float4_float4(acc_18, priv_0, priv2_6);
            acc_19 = dotAndSumUp_float_float4_float4(acc_19, priv_1, priv2_6);
            acc_20 = dotAndSumUp_float_float4_float4(acc_20, priv_2, priv2_6);
            acc_21 = dotAndSumUp_float_float4_float4(acc_21, priv_0, priv2_7);
            acc_22 = dotAndSumUp_float_float4_float4(acc_22, priv_1, priv2_7);
            acc_23 = dotAndSumUp_float_float4_float4(acc_23, priv_2, priv2_7);
          }
          // mapSeqUnroll unrolled
          local_buf[24 * l_id_0 + 192 * l_id_1] = acc_0;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 1] = acc_1;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 2] = acc_2;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 3] = acc_3;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 4] = acc_4;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 5] = acc_5;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 6] = acc_6;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 7] = acc_7;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 8] = acc_8;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 9] = acc_9;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 10] = acc_10;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 11] = acc_11;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 12] = acc_12;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 13] = acc_13;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 14] = acc_14;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 15] = acc_15;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 16] = acc_16;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 17] = acc_17;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 18] = acc_18;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 19] = acc_19;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 20] = acc_20;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 21] = acc_21;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 22] = acc_22;
          local_buf[24 * l_id_0 + 192 * l_id_1 + 23] = acc_23;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int l_id_1 = get_local_id(1); l_id_1 < 8; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 9; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          float acc2 = 0.0f;
          for (int i = 0; i < 8; i++) {  // reduceSeq
            acc2 = add(acc2, local_buf[l_id_0 % 3 + 3 * l_id_1 + 24 * i + 192 * (l_id_0 / 3)]);
          }
          if (l_id_0 % 3 + 3 * (wg_id_1 % 19) < 56 && l_id_0 / 3 + 3 * (wg_id_1 / 19) < 56) {
            out[l_id_1 + 8 * wg_id_0 + 256 * (l_id_0 % 3) + 768 * (wg_id_1 % 19) + 14336 * (l_id_0 / 3) + 43008 * (wg_id_1 / 19)] = acc2;
          }
        }
      }
    }
  }
}
