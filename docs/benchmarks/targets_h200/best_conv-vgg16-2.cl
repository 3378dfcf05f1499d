float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void conv_k0(const global float* restrict inputData, const global float* restrict kernelsWeights, global float* out) {
  local float local_buf[2048];
  local float local_buf2[1024] __attribute__((aligned(16)));
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11, acc_12, acc_13, acc_14, acc_15, acc_16, acc_17, acc_18, acc_19, acc_20, acc_21, acc_22, acc_23, acc_24, acc_25, acc_26, acc_27, acc_28, acc_29, acc_30, acc_31;
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
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
          acc_24 = 0.0f;
          acc_25 = 0.0f;
          acc_26 = 0.0f;
          acc_27 = 0.0f;
          acc_28 = 0.0f;
          acc_29 = 0.0f;
          acc_30 = 0.0f;
          acc_31 = 0.0f;
        }
      }
      for (int i = 0; i < 36; i++) {  // reduceSeq
        for (int l_id_1 = get_local_id(1); l_id_1 < 128; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf[l_id_0 + 16 * l_id_1] = (((l_id_1 + 128 * wg_id_1) % 224 + ((l_id_0 + 16 * i) / 64) % 3 < 1 || (l_id_1 + 128 * wg_id_1) % 224 + ((l_id_0 + 16 * i) / 64) % 3 >= 225) ? 0.0f : (((l_id_0 + 16 * i) / 192 + (l_id_1 + 128 * wg_id_1) / 224 < 1 || (l_id_0 + 16 * i) / 192 + (l_id_1 + 128 * wg_id_1) / 224 >= 225) ? 0.0f : inputData[(l_id_0 + 16 * i) % 192 + 64 * l_id_1 + 8192 * wg_id_1 + 14336 * ((l_id_0 + 16 * i) / 192) - 14400]));
          }
        }
        for (int l_id_1 = get_local_id(1); l_id_1 < 64; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf2[l_id_1 + 64 * l_id_0] = kernelsWeights[l_id_0 + 16 * i + 576 * l_id_1 + 36864 * wg_id_0];
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            for (int j = 0; j < 16; j++) {  // reduceSeq
              float priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              // mapSeqUnroll unrolled
              priv_0 = local_buf[j + 16 * l_id_1];
              priv_1 = local_buf[j + 16 * l_id_1 + 256];
              priv_2 = local_buf[j + 16 * l_id_1 + 512];
              priv_3 = local_buf[j + 16 * l_id_1 + 768];
              priv_4 = local_buf[j + 16 * l_id_1 + 1024];
              priv_5 = local_buf[j + 16 * l_id_1 + 1280];
              priv_6 = local_buf[j + 16 * l_id_1 + 1536];
              priv_7 = local_buf[j + 16 * l_id_1 + 1792];
              float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 16 * j];
              // mapSeqUnroll unrolled
              acc_0 = multAndSumUp(acc_0, priv_0, priv2.s0);
              acc_1 = multAndSumUp(acc_1, priv_0, priv2.s1);
              acc_2 = multAndSumUp(acc_2, priv_0, priv2.s2);
              acc_3 = multAndSumUp(acc_3, priv_0, priv2.s3);
              acc_4 = multAndSumUp(acc_4, priv_1, priv2.s0);
              acc_5 = multAndSumUp(acc_5, priv_1, priv2.s1);
              acc_6 = multAndSumUp(acc_6, priv_1, priv2.s2);
              acc_7 = multAndSumUp(acc_7, priv_1, priv2.s3);
              acc_8 = multAndSumUp(acc_8, priv_2, priv2.s0);
              acc_9 = multAndSumUp(acc_9, priv_2, priv2.s1);
              acc_10 = multAndSumUp(acc_10, priv_2, priv2.s2);
              acc_11 = multAndSumUp(acc_11, priv_2, priv2.s3);
              acc_12 = multAndSumUp(acc_12, priv_3, priv2.s0);
              acc_13 = multAndSumUp(acc_13, priv_3, priv2.s1);
              acc_14 = multAndSumUp(acc_14, priv_3, priv2.s2);
              acc_15 = multAndSumUp(acc_15, priv_3, priv2.s3);
              acc_16 = multAndSumUp(acc_16, priv_4, priv2.s0);
              acc_17 = multAndSumUp(acc_17, priv_4, priv2.s1);
              acc_18 = multAndSumUp(acc_18, priv_4, priv2.s2);
              acc_19 = multAndSumUp(acc_19, priv_4, priv2.s3);
              acc_20 = multAndSumUp(acc_20, priv_5, priv2.s0);
              acc_21 = multAndSumUp(acc_21, priv_5, priv2.s1);
              acc_22 = multAndSumUp(acc_22, priv_5, priv2.s2);
              acc_23 = multAndSumUp(acc_23, priv_5, priv2.s3);
              acc_24 = multAndSumUp(acc_24, priv_6, priv2.s0);
              acc_25 = multAndSumUp(acc_25, priv_6, priv2.s1);
              acc_26 = multAndSumUp(acc_26, priv_6, priv2.s2);
              acc_27 = multAndSumUp(acc_27, priv_6, priv2.s3);
              acc_28 = multAndSumUp(acc_28, priv_7, priv2.s0);
              acc_29 = multAndSumUp(acc_29, priv_7, priv2.s1);
              acc_30 = multAndSumUp(acc_30, priv_7, priv2.s2);
              acc_31 = multAndSumUp(acc_31, priv_7, priv2.s3);
            }
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          // mapSeqUnroll unrolled
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1] = acc_0;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 1] = acc_1;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 2] = acc_2;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 3] = acc_3;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 1024] = acc_4;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 1025] = acc_5;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 1026] = acc_6;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 1027] = acc_7;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 2048] = acc_8;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 2049] = acc_9;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 2050] = acc_10;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 2051] = acc_11;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 3072] = acc_12;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 3073] = acc_13;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 3074] = acc_14;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 3075] = acc_15;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 4096] = acc_16;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 4097] = acc_17;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 4098] = acc_18;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 4099] = acc_19;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 5120] = acc_20;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 5121] = acc_21;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 5122] = acc_22;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 5123] = acc_23;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 6144] = acc_24;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 6145] = acc_25;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 6146] = acc_26;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 6147] = acc_27;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 7168] = acc_28;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 7169] = acc_29;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 7170] = acc_30;
          out[4 * l_id_0 + 64 * l_id_1 + 64 * wg_id_0 + 8192 * wg_id_1 + 7171] = acc_31;
        }
      }
    }
  }
}
