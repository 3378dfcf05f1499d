float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void conv_k0(const global float* restrict inputData, const global float* restrict kernelsWeights, global float* out) {
  local float local_buf[512] __attribute__((aligned(16)));
  local float local_buf2[512] __attribute__((aligned(16)));
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
        for (int l_id_1 = get_local_id(1); l_id_1 < 32; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf[l_id_0 / 8 + 2 * l_id_1 + 64 * (l_id_0 % 8)] = (((l_id_0 / 8 + 2 * l_id_1 + 64 * wg_id_1) % 112 + ((l_id_0 % 8 + 8 * i) / 128) % 3 < 1 || (l_id_0 / 8 + 2 * l_id_1 + 64 * wg_id_1) % 112 + ((l_id_0 % 8 + 8 * i) / 128) % 3 >= 113) ? 0.0f : (((l_id_0 % 8 + 8 * i) / 384 + (l_id_0 / 8 + 2 * l_id_1 + 64 * wg_id_1) / 112 < 1 || (l_id_0 % 8 + 8 * i) / 384 + (l_id_0 / 8 + 2 * l_id_1 + 64 * wg_id_1) / 112 >= 113) ? 0.0f : inputData[(l_id_0 % 8 + 8 * i) % 384 + 128 * (l_id_0 / 8) + 256 * l_id_1 + 8192 * wg_id_1 + 14336 * ((l_id_0 % 8 + 8 * i) / 384) - 14464]));
          }
        }
        for (int l_id_1 = get_local_id(1); l_id_1 < 32; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf2[l_id_0 / 8 + 2 * l_id_1 + 64 * (l_id_0 % 8)] = kernelsWeights[l_id_0 % 8 + 8 * i + 1152 * (l_id_0 / 8) + 2304 * l_id_1 + 73728 * wg_id_0];
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            #pragma unroll
            for (int j = 0; j < 8; j++) {  // reduceSeq
              float4 priv = ((local float4*)local_buf)[l_id_1 + 16 * j];
              float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 16 * j];
              // mapSeqUnroll unrolled
              acc_0 = multAndSumUp(acc_0, priv.s0, priv2.s0);
              acc_1 = multAndSumUp(acc_1, priv.s0, priv2.s1);
              acc_2 = multAndSumUp(acc_2, priv.s0, priv2.s2);
              acc_3 = multAndSumUp(acc_3, priv.s0, priv2.s3);
              acc_4 = multAndSumUp(acc_4, priv.s1, priv2.s0);
              acc_5 = multAndSumUp(acc_5, priv.s1, priv2.s1);
              acc_6 = multAndSumUp(acc_6, priv.s1, priv2.s2);
              acc_7 = multAndSumUp(acc_7, priv.s1, priv2.s3);
              acc_8 = multAndSumUp(acc_8, priv.s2, priv2.s0);
              acc_9 = multAndSumUp(acc_9, priv.s2, priv2.s1);
              acc_10 = multAndSumUp(acc_10, priv.s2, priv2.s2);
              acc_11 = multAndSumUp(acc_11, priv.s2, priv2.s3);
              acc_12 = multAndSumUp(acc_12, priv.s3, priv2.s0);
              acc_13 = multAndSumUp(acc_13, priv.s3, priv2.s1);
              acc_14 = multAndSumUp(acc_14, priv.s3, priv2.s2);
              acc_15 = multAndSumUp(acc_15, priv.s3, priv2.s3);
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
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1] = acc_0;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 1] = acc_1;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 2] = acc_2;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 3] = acc_3;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 128] = acc_4;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 129] = acc_5;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 130] = acc_6;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 131] = acc_7;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 256] = acc_8;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 257] = acc_9;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 258] = acc_10;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 259] = acc_11;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 384] = acc_12;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 385] = acc_13;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 386] = acc_14;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 8192 * wg_id_1 + 387] = acc_15;
        }
      }
    }
  }
}
