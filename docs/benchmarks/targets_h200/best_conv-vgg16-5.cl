float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void conv_k0(const global float* restrict inputData, const global float* restrict kernelsWeights, global float* out) {
  local float local_buf[256] __attribute__((aligned(16)));
  local float local_buf2[256];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11, acc_12, acc_13, acc_14, acc_15;
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
        }
      }
      for (int i = 0; i < 144; i++) {  // reduceSeq
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf[l_id_0 / 4 + 4 * l_id_1 + 64 * (l_id_0 % 4)] = (((l_id_0 / 4 + 4 * l_id_1 + 64 * wg_id_1) % 112 + ((l_id_0 % 4 + 4 * i) / 64) % 3 < 1 || (l_id_0 / 4 + 4 * l_id_1 + 64 * wg_id_1) % 112 + ((l_id_0 % 4 + 4 * i) / 64) % 3 >= 113) ? 0.0f : (((l_id_0 % 4 + 4 * i) / 192 + (l_id_0 / 4 + 4 * l_id_1 + 64 * wg_id_1) / 112 < 1 || (l_id_0 % 4 + 4 * i) / 192 + (l_id_0 / 4 + 4 * l_id_1 + 64 * wg_id_1) / 112 >= 113) ? 0.0f : inputData[(l_id_0 % 4 + 4 * i) % 192 + 64 * (l_id_0 / 4) + 256 * l_id_1 + 4096 * wg_id_1 + 7168 * ((l_id_0 % 4 + 4 * i) / 192) - 7232]));
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf2[l_id_0 / 4 + 4 * l_id_1 + 64 * (l_id_0 % 4)] = kernelsWeights[l_id_0 % 4 + 4 * i + 576 * (l_id_0 / 4) + 2304 * l_id_1 + 36864 * wg_id_0];
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            #pragma unroll
            for (int j = 0; j < 4; j++) {  // reduceSeq
              float4 priv = ((local float4*)local_buf)[l_id_1 + 16 * j];
              float priv2_0, priv2_1, priv2_2, priv2_3;
              // mapSeqUnroll unrolled
              priv2_0 = local_buf2[l_id_0 + 64 * j];
              priv2_1 = local_buf2[l_id_0 + 64 * j + 16];
              priv2_2 = local_buf2[l_id_0 + 64 * j + 32];
              priv2_3 = local_buf2[l_id_0 + 64 * j + 48];
              // mapSeqUnroll unrolled
              acc_0 = multAndSumUp(acc_0, priv.s0, priv2_0);
              acc_1 = multAndSumUp(acc_1, priv.s0, priv2_1);
              acc_2 = multAndSumUp(acc_2, priv.s0, priv2_2);
              acc_3 = multAndSumUp(acc_3, priv.s0, priv2_3);
              acc_4 = multAndSumUp(acc_4, priv.s1, priv2_0);
              acc_5 = multAndSumUp(acc_5, priv.s1, priv2_1);
              acc_6 = multAndSumUp(acc_6, priv.s1, priv2_2);
              acc_7 = multAndSumUp(acc_7, priv.s1, priv2_3);
              acc_8 = multAndSumUp(acc_8, priv.s2, priv2_0);
              acc_9 = multAndSumUp(acc_9, priv.s2, priv2_1);
              acc_10 = multAndSumUp(acc_10, priv.s2, priv2_2);
              acc_11 = multAndSumUp(acc_11, priv.s2, priv2_3);
              acc_12 = multAndSumUp(acc_12, priv.s3, priv2_0);
              acc_13 = multAndSumUp(acc_13, priv.s3, priv2_1);
              acc_14 = multAndSumUp(acc_14, priv.s3, priv2_2);
              acc_15 = multAndSumUp(acc_15, priv.s3, priv2_3);
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
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1] = acc_0;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 16] = acc_1;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 32] = acc_2;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 48] = acc_3;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 128] = acc_4;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 144] = acc_5;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 160] = acc_6;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 176] = acc_7;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 256] = acc_8;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 272] = acc_9;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 288] = acc_10;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 304] = acc_11;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 384] = acc_12;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 400] = acc_13;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 416] = acc_14;
          out[l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 432] = acc_15;
        }
      }
    }
  }
}
