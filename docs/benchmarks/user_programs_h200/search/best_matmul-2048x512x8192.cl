float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void matmul_k0(const global float* restrict X, const global float* restrict Y, global float* tmp0) {
  local float local_buf[1024] __attribute__((aligned(16)));
  local float local_buf2[1024] __attribute__((aligned(16)));
  {  // mapWrg(2)
    int wg_id_2 = get_group_id(2);
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
            pf_0 = ((const global float4*)X)[l_id_0 % 4 + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_1 = ((const global float4*)X)[l_id_0 % 4 + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 32768];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_2 = ((const global float4*)X)[l_id_0 % 4 + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 65536];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_3 = ((const global float4*)X)[l_id_0 % 4 + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 98304];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_4 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 524288 * wg_id_2];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_5 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 524288 * wg_id_2 + 512];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_6 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 524288 * wg_id_2 + 1024];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            pf_7 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 524288 * wg_id_2 + 1536];
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
                pf_0 = ((const global float4*)X)[l_id_0 % 4 + 4 * i + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 4];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_1 = ((const global float4*)X)[l_id_0 % 4 + 4 * i + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 32772];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_2 = ((const global float4*)X)[l_id_0 % 4 + 4 * i + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 65540];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_3 = ((const global float4*)X)[l_id_0 % 4 + 4 * i + 1024 * wg_id_2 + 2048 * (l_id_0 / 4) + 4096 * l_id_1 + 131072 * wg_id_1 + 98308];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_4 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 2048 * i + 524288 * wg_id_2 + 2048];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_5 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 2048 * i + 524288 * wg_id_2 + 2560];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_6 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 2048 * i + 524288 * wg_id_2 + 3072];
              }
            }
            {  // mapLcl(1)
              int l_id_1 = get_local_id(1);
              {  // mapLcl(0)
                int l_id_0 = get_local_id(0);
                pf_7 = ((const global float4*)Y)[(l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 128 * ((l_id_0 + 8 * l_id_1) / 16) + 2048 * i + 524288 * wg_id_2 + 3584];
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
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2] = acc_0;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 1] = acc_1;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 2] = acc_2;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 3] = acc_3;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 32] = acc_4;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 33] = acc_5;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 34] = acc_6;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 35] = acc_7;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4096] = acc_8;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4097] = acc_9;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4098] = acc_10;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4099] = acc_11;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4128] = acc_12;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4129] = acc_13;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4130] = acc_14;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 4131] = acc_15;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8192] = acc_16;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8193] = acc_17;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8194] = acc_18;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8195] = acc_19;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8224] = acc_20;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8225] = acc_21;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8226] = acc_22;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 8227] = acc_23;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12288] = acc_24;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12289] = acc_25;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12290] = acc_26;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12291] = acc_27;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12320] = acc_28;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12321] = acc_29;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12322] = acc_30;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 12323] = acc_31;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16384] = acc_32;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16385] = acc_33;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16386] = acc_34;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16387] = acc_35;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16416] = acc_36;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16417] = acc_37;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16418] = acc_38;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 16419] = acc_39;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20480] = acc_40;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20481] = acc_41;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20482] = acc_42;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20483] = acc_43;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20512] = acc_44;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20513] = acc_45;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20514] = acc_46;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 20515] = acc_47;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24576] = acc_48;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24577] = acc_49;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24578] = acc_50;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24579] = acc_51;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24608] = acc_52;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24609] = acc_53;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24610] = acc_54;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 24611] = acc_55;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28672] = acc_56;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28673] = acc_57;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28674] = acc_58;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28675] = acc_59;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28704] = acc_60;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28705] = acc_61;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28706] = acc_62;
            tmp0[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1048576 * wg_id_2 + 28707] = acc_63;
          }
        }
      }
    }
  }
}


float add(float x, float y) { return x + y; }

kernel void matmul_k1(const global float* restrict tmp0, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float acc = 0.0f;
      // reduceSeqUnroll unrolled
      acc = add(acc, tmp0[gl_id_0 + 512 * gl_id_1]);
      acc = add(acc, tmp0[gl_id_0 + 512 * gl_id_1 + 1048576]);
      out[gl_id_0 + 512 * gl_id_1] = acc;
    }
  }
}
