float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void matmul(const global float* restrict X, const global float* restrict Y, global float* out) {
  local float local_buf[2048] __attribute__((aligned(16)));
  local float local_buf2[2048] __attribute__((aligned(16)));
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
          pf_0 = ((const global float4*)X)[l_id_0 % 8 + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_1 = ((const global float4*)X)[l_id_0 % 8 + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 32768];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_2 = ((const global float4*)X)[l_id_0 % 8 + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 65536];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_3 = ((const global float4*)X)[l_id_0 % 8 + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 98304];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_4 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_5 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 1024];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_6 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 2048];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_7 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 3072];
        }
      }
      for (int i = 0; i < 256; i++) {  // reduceSeq
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 16 * l_id_1] = pf_0;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 16 * l_id_1 + 128] = pf_1;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 16 * l_id_1 + 256] = pf_2;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 16 * l_id_1 + 384] = pf_3;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 16 * l_id_1] = pf_4;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 16 * l_id_1 + 128] = pf_5;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 16 * l_id_1 + 256] = pf_6;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 16 * l_id_1 + 384] = pf_7;
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < 255) {
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_0 = ((const global float4*)X)[l_id_0 % 8 + 8 * i + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 8];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_1 = ((const global float4*)X)[l_id_0 % 8 + 8 * i + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 32776];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_2 = ((const global float4*)X)[l_id_0 % 8 + 8 * i + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 65544];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_3 = ((const global float4*)X)[l_id_0 % 8 + 8 * i + 2048 * (l_id_0 / 8) + 4096 * l_id_1 + 131072 * wg_id_1 + 98312];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_4 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 4096 * i + 4096];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_5 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 4096 * i + 5120];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_6 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 4096 * i + 6144];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_7 = ((const global float4*)Y)[l_id_0 + 16 * wg_id_0 + 128 * l_id_1 + 4096 * i + 7168];
            }
          }
        }
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
            // reduceSeqUnroll unrolled
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 64];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 128];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 192];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 256];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 320];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 384];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 448];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 16];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 32];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 48];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 1];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 65];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 129];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 193];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 257];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 321];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 385];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 449];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 64];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 80];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 96];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 112];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 2];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 66];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 130];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 194];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 258];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 322];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 386];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 450];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 128];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 144];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 160];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 176];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 3];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 67];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 131];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 195];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 259];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 323];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 387];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 451];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 192];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 208];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 224];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 240];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 4];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 68];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 132];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 196];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 260];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 324];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 388];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 452];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 256];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 272];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 288];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 304];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 5];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 69];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 133];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 197];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 261];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 325];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 389];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 453];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 320];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 336];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 352];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 368];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 6];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 70];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 134];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 198];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 262];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 326];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 390];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 454];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 384];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 400];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 416];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 432];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3, priv_4, priv_5, priv_6, priv_7;
              priv_0 = ((local float4*)local_buf)[8 * l_id_1 + 7];
              priv_1 = ((local float4*)local_buf)[8 * l_id_1 + 71];
              priv_2 = ((local float4*)local_buf)[8 * l_id_1 + 135];
              priv_3 = ((local float4*)local_buf)[8 * l_id_1 + 199];
              priv_4 = ((local float4*)local_buf)[8 * l_id_1 + 263];
              priv_5 = ((local float4*)local_buf)[8 * l_id_1 + 327];
              priv_6 = ((local float4*)local_buf)[8 * l_id_1 + 391];
              priv_7 = ((local float4*)local_buf)[8 * l_id_1 + 455];
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
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 448];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s0, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s0, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s0, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s0, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s0, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s0, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s0, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s0, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s0, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s0, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s0, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s0, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s0, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s0, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s0, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s0, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s0, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s0, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s0, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s0, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s0, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s0, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s0, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s0, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s0, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s0, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s0, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s0, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s0, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s0, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 464];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s1, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s1, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s1, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s1, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s1, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s1, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s1, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s1, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s1, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s1, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s1, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s1, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s1, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s1, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s1, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s1, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s1, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s1, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s1, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s1, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s1, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s1, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s1, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s1, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s1, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s1, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s1, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s1, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s1, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s1, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 480];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s2, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s2, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s2, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s2, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s2, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s2, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s2, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s2, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s2, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s2, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s2, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s2, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s2, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s2, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s2, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s2, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s2, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s2, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s2, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s2, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s2, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s2, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s2, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s2, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s2, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s2, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s2, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s2, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s2, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s2, priv2.s3);
              }
              {
                float4 priv2 = ((local float4*)local_buf2)[l_id_0 + 496];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2.s0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2.s1);
                acc_2 = multAndSumUp(acc_2, priv_0.s3, priv2.s2);
                acc_3 = multAndSumUp(acc_3, priv_0.s3, priv2.s3);
                acc_4 = multAndSumUp(acc_4, priv_1.s3, priv2.s0);
                acc_5 = multAndSumUp(acc_5, priv_1.s3, priv2.s1);
                acc_6 = multAndSumUp(acc_6, priv_1.s3, priv2.s2);
                acc_7 = multAndSumUp(acc_7, priv_1.s3, priv2.s3);
                acc_8 = multAndSumUp(acc_8, priv_2.s3, priv2.s0);
                acc_9 = multAndSumUp(acc_9, priv_2.s3, priv2.s1);
                acc_10 = multAndSumUp(acc_10, priv_2.s3, priv2.s2);
                acc_11 = multAndSumUp(acc_11, priv_2.s3, priv2.s3);
                acc_12 = multAndSumUp(acc_12, priv_3.s3, priv2.s0);
                acc_13 = multAndSumUp(acc_13, priv_3.s3, priv2.s1);
                acc_14 = multAndSumUp(acc_14, priv_3.s3, priv2.s2);
                acc_15 = multAndSumUp(acc_15, priv_3.s3, priv2.s3);
                acc_16 = multAndSumUp(acc_16, priv_4.s3, priv2.s0);
                acc_17 = multAndSumUp(acc_17, priv_4.s3, priv2.s1);
                acc_18 = multAndSumUp(acc_18, priv_4.s3, priv2.s2);
                acc_19 = multAndSumUp(acc_19, priv_4.s3, priv2.s3);
                acc_20 = multAndSumUp(acc_20, priv_5.s3, priv2.s0);
                acc_21 = multAndSumUp(acc_21, priv_5.s3, priv2.s1);
                acc_22 = multAndSumUp(acc_22, priv_5.s3, priv2.s2);
                acc_23 = multAndSumUp(acc_23, priv_5.s3, priv2.s3);
                acc_24 = multAndSumUp(acc_24, priv_6.s3, priv2.s0);
                acc_25 = multAndSumUp(acc_25, priv_6.s3, priv2.s1);
                acc_26 = multAndSumUp(acc_26, priv_6.s3, priv2.s2);
                acc_27 = multAndSumUp(acc_27, priv_6.s3, priv2.s3);
                acc_28 = multAndSumUp(acc_28, priv_7.s3, priv2.s0);
                acc_29 = multAndSumUp(acc_29, priv_7.s3, priv2.s1);
                acc_30 = multAndSumUp(acc_30, priv_7.s3, priv2.s2);
                acc_31 = multAndSumUp(acc_31, priv_7.s3, priv2.s3);
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
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1] = acc_0;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 1] = acc_1;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 2] = acc_2;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 3] = acc_3;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 4096] = acc_4;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 4097] = acc_5;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 4098] = acc_6;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 4099] = acc_7;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 8192] = acc_8;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 8193] = acc_9;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 8194] = acc_10;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 8195] = acc_11;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 12288] = acc_12;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 12289] = acc_13;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 12290] = acc_14;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 12291] = acc_15;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 16384] = acc_16;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 16385] = acc_17;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 16386] = acc_18;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 16387] = acc_19;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 20480] = acc_20;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 20481] = acc_21;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 20482] = acc_22;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 20483] = acc_23;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 24576] = acc_24;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 24577] = acc_25;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 24578] = acc_26;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 24579] = acc_27;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 28672] = acc_28;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 28673] = acc_29;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 28674] = acc_30;
          out[4 * l_id_0 + 64 * wg_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 28675] = acc_31;
        }
      }
    }
  }
}
