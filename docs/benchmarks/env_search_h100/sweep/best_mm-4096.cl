float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void mm(const global float* restrict A, const global float* restrict B, global float* out) {
  local float local_buf[2048];
  local float local_buf2[4096];
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
      for (int i = 0; i < 128; i++) {  // reduceSeq
        for (int l_id_1 = get_local_id(1); l_id_1 < 32; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            vstore2(vload2(l_id_0 % 16 + 16 * i + 2048 * (l_id_0 / 16) + 4096 * l_id_1 + 131072 * wg_id_1, A), l_id_0 + 32 * l_id_1, local_buf);
          }
        }
        for (int l_id_1 = get_local_id(1); l_id_1 < 64; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            vstore2(vload2((l_id_0 + 32 * l_id_1) % 64 + 64 * wg_id_0 + 2048 * ((l_id_0 + 32 * l_id_1) / 64) + 65536 * i, B), l_id_0 + 32 * l_id_1, local_buf2);
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            // mapSeqUnroll unrolled
            acc_0 = acc_0;
            acc_1 = acc_1;
            acc_2 = acc_2;
            acc_3 = acc_3;
            acc_4 = acc_4;
            acc_5 = acc_5;
            acc_6 = acc_6;
            acc_7 = acc_7;
            acc_8 = acc_8;
            acc_9 = acc_9;
            acc_10 = acc_10;
            acc_11 = acc_11;
            acc_12 = acc_12;
            acc_13 = acc_13;
            acc_14 = acc_14;
            acc_15 = acc_15;
            acc_16 = acc_16;
            acc_17 = acc_17;
            acc_18 = acc_18;
            acc_19 = acc_19;
            acc_20 = acc_20;
            acc_21 = acc_21;
            acc_22 = acc_22;
            acc_23 = acc_23;
            acc_24 = acc_24;
            acc_25 = acc_25;
            acc_26 = acc_26;
            acc_27 = acc_27;
            acc_28 = acc_28;
            acc_29 = acc_29;
            acc_30 = acc_30;
            acc_31 = acc_31;
            for (int j = 0; j < 32; j++) {  // reduceSeq
              float priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              // mapSeqUnroll unrolled
              priv_0 = local_buf[j + 32 * l_id_1];
              priv_1 = local_buf[j + 32 * l_id_1 + 256];
              priv_2 = local_buf[j + 32 * l_id_1 + 512];
              priv_3 = local_buf[j + 32 * l_id_1 + 768];
              priv_4 = local_buf[j + 32 * l_id_1 + 1024];
              priv_5 = local_buf[j + 32 * l_id_1 + 1280];
              priv_6 = local_buf[j + 32 * l_id_1 + 1536];
              priv_7 = local_buf[j + 32 * l_id_1 + 1792];
              float priv2_0, priv2_1, priv2_2, priv2_3;
              // mapSeqUnroll unrolled
              priv2_0 = local_buf2[l_id_0 + 128 * j];
              priv2_1 = local_buf2[l_id_0 + 128 * j + 32];
              priv2_2 = local_buf2[l_id_0 + 128 * j + 64];
              priv2_3 = local_buf2[l_id_0 + 128 * j + 96];
              // mapSeqUnroll unrolled
              acc_0 = multAndSumUp(acc_0, priv_0, priv2_0);
              acc_1 = multAndSumUp(acc_1, priv_0, priv2_1);
              acc_2 = multAndSumUp(acc_2, priv_0, priv2_2);
              acc_3 = multAndSumUp(acc_3, priv_0, priv2_3);
              acc_4 = multAndSumUp(acc_4, priv_1, priv2_0);
              acc_5 = multAndSumUp(acc_5, priv_1, priv2_1);
              acc_6 = multAndSumUp(acc_6, priv_1, priv2_2);
              acc_7 = multAndSumUp(acc_7, priv_1, priv2_3);
              acc_8 = multAndSumUp(acc_8, priv_2, priv2_0);
              acc_9 = multAndSumUp(acc_9, priv_2, priv2_1);
              acc_10 = multAndSumUp(acc_10, priv_2, priv2_2);
              acc_11 = multAndSumUp(acc_11, priv_2, priv2_3);
              acc_12 = multAndSumUp(acc_12, priv_3, priv2_0);
              acc_13 = multAndSumUp(acc_13, priv_3, priv2_1);
              acc_14 = multAndSumUp(acc_14, priv_3, priv2_2);
              acc_15 = multAndSumUp(acc_15, priv_3, priv2_3);
              acc_16 = multAndSumUp(acc_16, priv_4, priv2_0);
              acc_17 = multAndSumUp(acc_17, priv_4, priv2_1);
              acc_18 = multAndSumUp(acc_18, priv_4, priv2_2);
              acc_19 = multAndSumUp(acc_19, priv_4, priv2_3);
              acc_20 = multAndSumUp(acc_20, priv_5, priv2_0);
              acc_21 = multAndSumUp(acc_21, priv_5, priv2_1);
              acc_22 = multAndSumUp(acc_22, priv_5, priv2_2);
              acc_23 = multAndSumUp(acc_23, priv_5, priv2_3);
              acc_24 = multAndSumUp(acc_24, priv_6, priv2_0);
              acc_25 = multAndSumUp(acc_25, priv_6, priv2_1);
              acc_26 = multAndSumUp(acc_26, priv_6, priv2_2);
              acc_27 = multAndSumUp(acc_27, priv_6, priv2_3);
              acc_28 = multAndSumUp(acc_28, priv_7, priv2_0);
              acc_29 = multAndSumUp(acc_29, priv_7, priv2_1);
              acc_30 = multAndSumUp(acc_30, priv_7, priv2_2);
              acc_31 = multAndSumUp(acc_31, priv_7, priv2_3);
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
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1] = acc_0;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32] = acc_1;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 64] = acc_2;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 96] = acc_3;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32768] = acc_4;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32800] = acc_5;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32832] = acc_6;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32864] = acc_7;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65536] = acc_8;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65568] = acc_9;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65600] = acc_10;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65632] = acc_11;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98304] = acc_12;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98336] = acc_13;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98368] = acc_14;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98400] = acc_15;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131072] = acc_16;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131104] = acc_17;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131136] = acc_18;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131168] = acc_19;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163840] = acc_20;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163872] = acc_21;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163904] = acc_22;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163936] = acc_23;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196608] = acc_24;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196640] = acc_25;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196672] = acc_26;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196704] = acc_27;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229376] = acc_28;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229408] = acc_29;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229440] = acc_30;
          out[l_id_0 + 128 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229472] = acc_31;
        }
      }
    }
  }
}
