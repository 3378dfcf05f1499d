float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void mm(const global float* restrict A, const global float* restrict B, global float* out) {
  local float local_buf[1024] __attribute__((aligned(16)));
  local float local_buf2[1024] __attribute__((aligned(16)));
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11, acc_12, acc_13, acc_14, acc_15, acc_16, acc_17, acc_18, acc_19, acc_20, acc_21, acc_22, acc_23, acc_24, acc_25, acc_26, acc_27, acc_28, acc_29, acc_30, acc_31, acc_32, acc_33, acc_34, acc_35, acc_36, acc_37, acc_38, acc_39, acc_40, acc_41, acc_42, acc_43, acc_44, acc_45, acc_46, acc_47, acc_48, acc_49, acc_50, acc_51, acc_52, acc_53, acc_54, acc_55, acc_56, acc_57, acc_58, acc_59, acc_60, acc_61, acc_62, acc_63;
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
          acc_32 = 0.0f;
          acc_33 = 0.0f;
          acc_34 = 0.0f;
          acc_35 = 0.0f;
          acc_36 = 0.0f;
          acc_37 = 0.0f;
          acc_38 = 0.0f;
          acc_39 = 0.0f;
          acc_40 = 0.0f;
          acc_41 = 0.0f;
          acc_42 = 0.0f;
          acc_43 = 0.0f;
          acc_44 = 0.0f;
          acc_45 = 0.0f;
          acc_46 = 0.0f;
          acc_47 = 0.0f;
          acc_48 = 0.0f;
          acc_49 = 0.0f;
          acc_50 = 0.0f;
          acc_51 = 0.0f;
          acc_52 = 0.0f;
          acc_53 = 0.0f;
          acc_54 = 0.0f;
          acc_55 = 0.0f;
          acc_56 = 0.0f;
          acc_57 = 0.0f;
          acc_58 = 0.0f;
          acc_59 = 0.0f;
          acc_60 = 0.0f;
          acc_61 = 0.0f;
          acc_62 = 0.0f;
          acc_63 = 0.0f;
        }
      }
      float4 pf_0;
      float4 pf_1;
      float4 pf_2;
      float4 pf_3;
      float4 pf_4;
      float4 pf_5;
      float4 pf_6;
      float4 pf_7;
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_0 = ((const global float4*)A)[l_id_0 % 4 + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_1 = ((const global float4*)A)[l_id_0 % 4 + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 16384];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_2 = ((const global float4*)A)[l_id_0 % 4 + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 32768];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_3 = ((const global float4*)A)[l_id_0 % 4 + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 49152];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_4 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16)];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_5 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 4096];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_6 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 8192];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_7 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 12288];
        }
      }
      for (int i = 0; i < 256; i++) {  // reduceSeq
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 8 * l_id_1] = pf_0;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 8 * l_id_1 + 64] = pf_1;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 8 * l_id_1 + 128] = pf_2;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 8 * l_id_1 + 192] = pf_3;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 8 * l_id_1] = pf_4;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 8 * l_id_1 + 64] = pf_5;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 8 * l_id_1 + 128] = pf_6;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 8 * l_id_1 + 192] = pf_7;
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < 255) {
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_0 = ((const global float4*)A)[l_id_0 % 4 + 4 * i + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 4];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_1 = ((const global float4*)A)[l_id_0 % 4 + 4 * i + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 16388];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_2 = ((const global float4*)A)[l_id_0 % 4 + 4 * i + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 32772];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_3 = ((const global float4*)A)[l_id_0 % 4 + 4 * i + 1024 * (l_id_0 / 4) + 2048 * l_id_1 + 65536 * wg_id_1 + 49156];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_4 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 16384 * i + 16384];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_5 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 16384 * i + 20480];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_6 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 16384 * i + 24576];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_7 = ((const global float4*)B)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 1024 * ((l_id_0 + 8 * l_id_1) / 16) + 16384 * i + 28672];
            }
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            // reduceSeqUnroll unrolled
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 32];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 64];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 96];
              priv_4 = ((local float4*)local_buf)[4 * l_id_1 + 128];
              priv_5 = ((local float4*)local_buf)[4 * l_id_1 + 160];
              priv_6 = ((local float4*)local_buf)[4 * l_id_1 + 192];
              priv_7 = ((local float4*)local_buf)[4 * l_id_1 + 224];
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 8];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s0, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s0, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s0, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s0, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s0, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s0, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s0, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s0, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s0, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s0, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s0, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s0, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s0, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s0, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s0, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s0, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s0, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s0, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s0, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s0, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s0, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s0, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s0, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s0, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s0, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s0, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s0, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s0, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s0, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s0, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s0, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s0, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s0, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s0, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s0, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s0, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s0, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s0, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s0, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s0, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s0, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s0, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s0, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s0, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s0, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s0, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s0, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s0, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s0, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s0, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s0, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s0, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s0, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s0, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s0, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s0, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s0, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s0, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s0, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s0, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 16];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 24];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s1, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s1, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s1, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s1, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s1, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s1, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s1, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s1, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s1, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s1, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s1, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s1, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s1, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s1, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s1, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s1, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s1, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s1, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s1, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s1, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s1, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s1, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s1, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s1, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s1, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s1, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s1, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s1, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s1, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s1, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s1, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s1, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s1, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s1, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s1, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s1, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s1, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s1, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s1, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s1, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s1, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s1, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s1, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s1, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s1, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s1, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s1, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s1, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s1, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s1, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s1, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s1, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s1, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s1, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s1, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s1, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s1, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s1, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s1, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s1, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 32];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 40];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s2, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s2, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s2, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s2, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s2, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s2, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s2, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s2, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s2, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s2, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s2, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s2, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s2, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s2, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s2, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s2, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s2, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s2, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s2, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s2, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s2, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s2, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s2, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s2, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s2, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s2, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s2, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s2, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s2, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s2, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s2, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s2, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s2, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s2, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s2, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s2, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s2, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s2, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s2, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s2, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s2, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s2, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s2, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s2, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s2, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s2, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s2, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s2, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s2, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s2, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s2, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s2, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s2, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s2, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s2, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s2, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s2, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s2, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s2, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s2, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 48];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 56];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s3, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s3, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s3, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s3, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s3, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s3, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s3, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s3, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s3, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s3, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s3, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s3, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s3, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s3, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s3, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s3, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s3, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s3, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s3, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s3, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s3, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s3, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s3, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s3, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s3, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s3, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s3, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s3, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s3, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s3, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s3, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s3, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s3, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s3, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s3, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s3, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s3, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s3, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s3, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s3, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s3, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s3, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s3, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s3, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s3, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s3, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s3, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s3, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s3, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s3, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s3, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s3, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s3, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s3, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s3, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s3, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s3, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s3, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s3, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s3, priv2_1.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 33];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 65];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 97];
              priv_4 = ((local float4*)local_buf)[4 * l_id_1 + 129];
              priv_5 = ((local float4*)local_buf)[4 * l_id_1 + 161];
              priv_6 = ((local float4*)local_buf)[4 * l_id_1 + 193];
              priv_7 = ((local float4*)local_buf)[4 * l_id_1 + 225];
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 64];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 72];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s0, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s0, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s0, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s0, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s0, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s0, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s0, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s0, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s0, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s0, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s0, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s0, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s0, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s0, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s0, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s0, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s0, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s0, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s0, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s0, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s0, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s0, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s0, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s0, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s0, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s0, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s0, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s0, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s0, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s0, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s0, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s0, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s0, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s0, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s0, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s0, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s0, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s0, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s0, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s0, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s0, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s0, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s0, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s0, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s0, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s0, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s0, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s0, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s0, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s0, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s0, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s0, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s0, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s0, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s0, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s0, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s0, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s0, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s0, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s0, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 80];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 88];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s1, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s1, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s1, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s1, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s1, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s1, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s1, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s1, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s1, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s1, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s1, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s1, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s1, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s1, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s1, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s1, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s1, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s1, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s1, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s1, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s1, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s1, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s1, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s1, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s1, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s1, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s1, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s1, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s1, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s1, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s1, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s1, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s1, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s1, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s1, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s1, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s1, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s1, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s1, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s1, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s1, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s1, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s1, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s1, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s1, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s1, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s1, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s1, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s1, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s1, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s1, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s1, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s1, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s1, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s1, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s1, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s1, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s1, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s1, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s1, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 96];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 104];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s2, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s2, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s2, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s2, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s2, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s2, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s2, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s2, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s2, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s2, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s2, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s2, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s2, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s2, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s2, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s2, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s2, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s2, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s2, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s2, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s2, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s2, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s2, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s2, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s2, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s2, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s2, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s2, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s2, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s2, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s2, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s2, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s2, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s2, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s2, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s2, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s2, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s2, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s2, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s2, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s2, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s2, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s2, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s2, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s2, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s2, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s2, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s2, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s2, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s2, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s2, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s2, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s2, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s2, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s2, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s2, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s2, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s2, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s2, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s2, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 112];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 120];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s3, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s3, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s3, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s3, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s3, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s3, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s3, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s3, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s3, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s3, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s3, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s3, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s3, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s3, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s3, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s3, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s3, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s3, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s3, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s3, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s3, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s3, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s3, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s3, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s3, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s3, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s3, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s3, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s3, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s3, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s3, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s3, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s3, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s3, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s3, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s3, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s3, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s3, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s3, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s3, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s3, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s3, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s3, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s3, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s3, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s3, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s3, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s3, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s3, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s3, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s3, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s3, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s3, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s3, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s3, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s3, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s3, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s3, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s3, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s3, priv2_1.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 2];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 34];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 66];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 98];
              priv_4 = ((local float4*)local_buf)[4 * l_id_1 + 130];
              priv_5 = ((local float4*)local_buf)[4 * l_id_1 + 162];
              priv_6 = ((local float4*)local_buf)[4 * l_id_1 + 194];
              priv_7 = ((local float4*)local_buf)[4 * l_id_1 + 226];
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 128];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 136];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s0, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s0, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s0, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s0, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s0, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s0, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s0, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s0, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s0, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s0, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s0, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s0, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s0, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s0, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s0, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s0, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s0, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s0, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s0, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s0, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s0, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s0, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s0, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s0, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s0, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s0, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s0, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s0, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s0, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s0, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s0, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s0, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s0, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s0, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s0, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s0, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s0, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s0, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s0, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s0, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s0, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s0, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s0, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s0, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s0, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s0, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s0, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s0, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s0, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s0, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s0, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s0, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s0, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s0, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s0, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s0, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s0, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s0, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s0, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s0, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 144];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 152];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s1, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s1, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s1, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s1, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s1, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s1, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s1, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s1, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s1, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s1, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s1, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s1, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s1, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s1, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s1, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s1, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s1, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s1, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s1, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s1, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s1, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s1, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s1, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s1, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s1, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s1, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s1, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s1, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s1, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s1, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s1, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s1, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s1, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s1, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s1, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s1, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s1, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s1, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s1, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s1, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s1, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s1, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s1, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s1, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s1, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s1, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s1, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s1, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s1, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s1, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s1, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s1, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s1, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s1, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s1, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s1, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s1, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s1, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s1, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s1, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 160];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 168];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s2, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s2, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s2, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s2, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s2, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s2, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s2, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s2, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s2, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s2, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s2, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s2, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s2, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s2, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s2, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s2, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s2, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s2, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s2, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s2, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s2, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s2, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s2, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s2, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s2, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s2, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s2, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s2, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s2, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s2, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s2, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s2, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s2, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s2, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s2, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s2, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s2, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s2, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s2, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s2, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s2, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s2, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s2, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s2, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s2, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s2, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s2, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s2, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s2, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s2, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s2, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s2, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s2, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s2, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s2, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s2, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s2, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s2, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s2, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s2, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 176];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 184];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s3, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s3, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s3, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s3, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s3, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s3, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s3, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s3, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s3, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s3, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s3, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s3, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s3, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s3, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s3, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s3, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s3, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s3, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s3, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s3, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s3, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s3, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s3, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s3, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s3, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s3, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s3, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s3, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s3, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s3, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s3, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s3, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s3, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s3, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s3, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s3, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s3, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s3, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s3, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s3, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s3, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s3, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s3, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s3, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s3, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s3, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s3, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s3, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s3, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s3, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s3, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s3, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s3, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s3, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s3, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s3, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s3, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s3, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s3, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s3, priv2_1.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 3];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 35];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 67];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 99];
              priv_4 = ((local float4*)local_buf)[4 * l_id_1 + 131];
              priv_5 = ((local float4*)local_buf)[4 * l_id_1 + 163];
              priv_6 = ((local float4*)local_buf)[4 * l_id_1 + 195];
              priv_7 = ((local float4*)local_buf)[4 * l_id_1 + 227];
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 192];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 200];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s0, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s0, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s0, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s0, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s0, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s0, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s0, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s0, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s0, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s0, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s0, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s0, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s0, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s0, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s0, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s0, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s0, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s0, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s0, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s0, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s0, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s0, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s0, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s0, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s0, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s0, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s0, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s0, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s0, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s0, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s0, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s0, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s0, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s0, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s0, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s0, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s0, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s0, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s0, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s0, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s0, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s0, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s0, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s0, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s0, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s0, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s0, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s0, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s0, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s0, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s0, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s0, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s0, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s0, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s0, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s0, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s0, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s0, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s0, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s0, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 208];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 216];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s1, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s1, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s1, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s1, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s1, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s1, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s1, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s1, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s1, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s1, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s1, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s1, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s1, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s1, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s1, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s1, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s1, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s1, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s1, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s1, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s1, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s1, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s1, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s1, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s1, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s1, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s1, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s1, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s1, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s1, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s1, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s1, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s1, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s1, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s1, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s1, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s1, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s1, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s1, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s1, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s1, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s1, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s1, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s1, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s1, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s1, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s1, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s1, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s1, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s1, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s1, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s1, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s1, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s1, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s1, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s1, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s1, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s1, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s1, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s1, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 224];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 232];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s2, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s2, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s2, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s2, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s2, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s2, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s2, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s2, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s2, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s2, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s2, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s2, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s2, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s2, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s2, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s2, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s2, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s2, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s2, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s2, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s2, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s2, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s2, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s2, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s2, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s2, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s2, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s2, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s2, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s2, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s2, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s2, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s2, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s2, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s2, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s2, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s2, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s2, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s2, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s2, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s2, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s2, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s2, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s2, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s2, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s2, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s2, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s2, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s2, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s2, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s2, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s2, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s2, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s2, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s2, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s2, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s2, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s2, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s2, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s2, priv2_1.s3);
              }
              {
                float4 priv2_0, priv2_1;
                priv2_0 = ((local float4*)local_buf2)[l_id_0 + 240];
                priv2_1 = ((local float4*)local_buf2)[l_id_0 + 248];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_0.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2_0.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2_0.s3);
                acc_4 = multAndSumUp(acc_4, priv_0.s3, priv2_1.s0);
                acc_5 = multAndSumUp(acc_5, priv_0.s3, priv2_1.s1);
                acc_6 = multAndSumUp(acc_6, priv_0.s3, priv2_1.s2);
                acc_7 = multAndSumUp(acc_7, priv_0.s3, priv2_1.s3);
                acc_8 = multAndSumUp(acc_8, priv_1.s3, priv2_0.s0);
                acc_9 = multAndSumUp(acc_9, priv_1.s3, priv2_0.s1);
                acc_10 = multAndSumUp(acc_10, priv_1.s3, priv2_0.s2);
                acc_11 = multAndSumUp(acc_11, priv_1.s3, priv2_0.s3);
                acc_12 = multAndSumUp(acc_12, priv_1.s3, priv2_1.s0);
                acc_13 = multAndSumUp(acc_13, priv_1.s3, priv2_1.s1);
                acc_14 = multAndSumUp(acc_14, priv_1.s3, priv2_1.s2);
                acc_15 = multAndSumUp(acc_15, priv_1.s3, priv2_1.s3);
                acc_16 = multAndSumUp(acc_16, priv_2.s3, priv2_0.s0);
                acc_17 = multAndSumUp(acc_17, priv_2.s3, priv2_0.s1);
                acc_18 = multAndSumUp(acc_18, priv_2.s3, priv2_0.s2);
                acc_19 = multAndSumUp(acc_19, priv_2.s3, priv2_0.s3);
                acc_20 = multAndSumUp(acc_20, priv_2.s3, priv2_1.s0);
                acc_21 = multAndSumUp(acc_21, priv_2.s3, priv2_1.s1);
                acc_22 = multAndSumUp(acc_22, priv_2.s3, priv2_1.s2);
                acc_23 = multAndSumUp(acc_23, priv_2.s3, priv2_1.s3);
                acc_24 = multAndSumUp(acc_24, priv_3.s3, priv2_0.s0);
                acc_25 = multAndSumUp(acc_25, priv_3.s3, priv2_0.s1);
                acc_26 = multAndSumUp(acc_26, priv_3.s3, priv2_0.s2);
                acc_27 = multAndSumUp(acc_27, priv_3.s3, priv2_0.s3);
                acc_28 = multAndSumUp(acc_28, priv_3.s3, priv2_1.s0);
                acc_29 = multAndSumUp(acc_29, priv_3.s3, priv2_1.s1);
                acc_30 = multAndSumUp(acc_30, priv_3.s3, priv2_1.s2);
                acc_31 = multAndSumUp(acc_31, priv_3.s3, priv2_1.s3);
                acc_32 = multAndSumUp(acc_32, priv_4.s3, priv2_0.s0);
                acc_33 = multAndSumUp(acc_33, priv_4.s3, priv2_0.s1);
                acc_34 = multAndSumUp(acc_34, priv_4.s3, priv2_0.s2);
                acc_35 = multAndSumUp(acc_35, priv_4.s3, priv2_0.s3);
                acc_36 = multAndSumUp(acc_36, priv_4.s3, priv2_1.s0);
                acc_37 = multAndSumUp(acc_37, priv_4.s3, priv2_1.s1);
                acc_38 = multAndSumUp(acc_38, priv_4.s3, priv2_1.s2);
                acc_39 = multAndSumUp(acc_39, priv_4.s3, priv2_1.s3);
                acc_40 = multAndSumUp(acc_40, priv_5.s3, priv2_0.s0);
                acc_41 = multAndSumUp(acc_41, priv_5.s3, priv2_0.s1);
                acc_42 = multAndSumUp(acc_42, priv_5.s3, priv2_0.s2);
                acc_43 = multAndSumUp(acc_43, priv_5.s3, priv2_0.s3);
                acc_44 = multAndSumUp(acc_44, priv_5.s3, priv2_1.s0);
                acc_45 = multAndSumUp(acc_45, priv_5.s3, priv2_1.s1);
                acc_46 = multAndSumUp(acc_46, priv_5.s3, priv2_1.s2);
                acc_47 = multAndSumUp(acc_47, priv_5.s3, priv2_1.s3);
                acc_48 = multAndSumUp(acc_48, priv_6.s3, priv2_0.s0);
                acc_49 = multAndSumUp(acc_49, priv_6.s3, priv2_0.s1);
                acc_50 = multAndSumUp(acc_50, priv_6.s3, priv2_0.s2);
                acc_51 = multAndSumUp(acc_51, priv_6.s3, priv2_0.s3);
                acc_52 = multAndSumUp(acc_52, priv_6.s3, priv2_1.s0);
                acc_53 = multAndSumUp(acc_53, priv_6.s3, priv2_1.s1);
                acc_54 = multAndSumUp(acc_54, priv_6.s3, priv2_1.s2);
                acc_55 = multAndSumUp(acc_55, priv_6.s3, priv2_1.s3);
                acc_56 = multAndSumUp(acc_56, priv_7.s3, priv2_0.s0);
                acc_57 = multAndSumUp(acc_57, priv_7.s3, priv2_0.s1);
                acc_58 = multAndSumUp(acc_58, priv_7.s3, priv2_0.s2);
                acc_59 = multAndSumUp(acc_59, priv_7.s3, priv2_0.s3);
                acc_60 = multAndSumUp(acc_60, priv_7.s3, priv2_1.s0);
                acc_61 = multAndSumUp(acc_61, priv_7.s3, priv2_1.s1);
                acc_62 = multAndSumUp(acc_62, priv_7.s3, priv2_1.s2);
                acc_63 = multAndSumUp(acc_63, priv_7.s3, priv2_1.s3);
              }
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
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1] = acc_0;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 1] = acc_1;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 2] = acc_2;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 3] = acc_3;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32] = acc_4;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 33] = acc_5;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 34] = acc_6;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 35] = acc_7;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32768] = acc_8;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32769] = acc_9;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32770] = acc_10;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32771] = acc_11;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32800] = acc_12;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32801] = acc_13;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32802] = acc_14;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 32803] = acc_15;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65536] = acc_16;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65537] = acc_17;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65538] = acc_18;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65539] = acc_19;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65568] = acc_20;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65569] = acc_21;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65570] = acc_22;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 65571] = acc_23;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98304] = acc_24;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98305] = acc_25;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98306] = acc_26;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98307] = acc_27;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98336] = acc_28;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98337] = acc_29;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98338] = acc_30;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 98339] = acc_31;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131072] = acc_32;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131073] = acc_33;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131074] = acc_34;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131075] = acc_35;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131104] = acc_36;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131105] = acc_37;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131106] = acc_38;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 131107] = acc_39;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163840] = acc_40;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163841] = acc_41;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163842] = acc_42;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163843] = acc_43;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163872] = acc_44;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163873] = acc_45;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163874] = acc_46;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 163875] = acc_47;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196608] = acc_48;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196609] = acc_49;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196610] = acc_50;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196611] = acc_51;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196640] = acc_52;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196641] = acc_53;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196642] = acc_54;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 196643] = acc_55;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229376] = acc_56;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229377] = acc_57;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229378] = acc_58;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229379] = acc_59;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229408] = acc_60;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229409] = acc_61;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229410] = acc_62;
          out[4 * l_id_0 + 64 * wg_id_0 + 4096 * l_id_1 + 262144 * wg_id_1 + 229411] = acc_63;
        }
      }
    }
  }
}
