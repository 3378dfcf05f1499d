float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void mm(const global float* restrict A, const global float* restrict B, global float* out) {
  local float local_buf[1024] __attribute__((aligned(16)));
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
      float2 pf_0;
      float2 pf_1;
      float2 pf_2;
      float2 pf_3;
      float2 pf_4;
      float2 pf_5;
      float2 pf_6;
      float2 pf_7;
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_0 = ((const global float2*)A)[l_id_0 + 512 * l_id_1 + 32768 * wg_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_1 = ((const global float2*)A)[l_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 8192];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_2 = ((const global float2*)A)[l_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 16384];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_3 = ((const global float2*)A)[l_id_0 + 512 * l_id_1 + 32768 * wg_id_1 + 24576];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_4 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32)];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_5 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 2048];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_6 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 4096];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_7 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 6144];
        }
      }
      for (int i = 0; i < 64; i++) {  // reduceSeq
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1] = pf_0;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1 + 128] = pf_1;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1 + 256] = pf_2;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1 + 384] = pf_3;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf2)[l_id_0 + 8 * l_id_1] = pf_4;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf2)[l_id_0 + 8 * l_id_1 + 128] = pf_5;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf2)[l_id_0 + 8 * l_id_1 + 256] = pf_6;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf2)[l_id_0 + 8 * l_id_1 + 384] = pf_7;
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < 63) {
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_0 = ((const global float2*)A)[l_id_0 + 8 * i + 512 * l_id_1 + 32768 * wg_id_1 + 8];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_1 = ((const global float2*)A)[l_id_0 + 8 * i + 512 * l_id_1 + 32768 * wg_id_1 + 8200];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_2 = ((const global float2*)A)[l_id_0 + 8 * i + 512 * l_id_1 + 32768 * wg_id_1 + 16392];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_3 = ((const global float2*)A)[l_id_0 + 8 * i + 512 * l_id_1 + 32768 * wg_id_1 + 24584];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_4 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 8192 * i + 8192];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_5 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 8192 * i + 10240];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_6 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 8192 * i + 12288];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_7 = ((const global float2*)B)[(l_id_0 + 8 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 8 * l_id_1) / 32) + 8192 * i + 14336];
            }
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            // reduceSeqUnroll unrolled
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 64];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 128];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 192];
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
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 65];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 129];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 193];
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
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 2];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 66];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 130];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 194];
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
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 3];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 67];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 131];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 195];
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
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1] = acc_0;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 1] = acc_1;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 2] = acc_2;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 3] = acc_3;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32] = acc_4;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 33] = acc_5;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 34] = acc_6;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 35] = acc_7;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16384] = acc_8;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16385] = acc_9;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16386] = acc_10;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16387] = acc_11;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16416] = acc_12;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16417] = acc_13;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16418] = acc_14;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16419] = acc_15;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32768] = acc_16;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32769] = acc_17;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32770] = acc_18;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32771] = acc_19;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32800] = acc_20;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32801] = acc_21;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32802] = acc_22;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32803] = acc_23;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49152] = acc_24;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49153] = acc_25;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49154] = acc_26;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49155] = acc_27;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49184] = acc_28;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49185] = acc_29;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49186] = acc_30;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49187] = acc_31;
        }
      }
    }
  }
}
