float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void mm(const global float* restrict A, const global float* restrict B, global float* out) {
  local float local_buf[1024] __attribute__((aligned(8)));
  local float local_buf2[1024] __attribute__((aligned(16)));
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
      float2 pf_0;
      float2 pf_1;
      float2 pf_2;
      float2 pf_3;
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_0 = ((const global float2*)A)[l_id_0 % 8 + 512 * (l_id_0 / 8) + 1024 * l_id_1 + 32768 * wg_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_1 = ((const global float2*)A)[l_id_0 % 8 + 512 * (l_id_0 / 8) + 1024 * l_id_1 + 32768 * wg_id_1 + 16384];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_2 = ((const global float2*)B)[(l_id_0 + 16 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 16 * l_id_1) / 32)];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_3 = ((const global float2*)B)[(l_id_0 + 16 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 16 * l_id_1) / 32) + 4096];
        }
      }
      for (int i = 0; i < 64; i++) {  // reduceSeq
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 16 * l_id_1] = pf_0;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 16 * l_id_1 + 256] = pf_1;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf2)[l_id_0 + 16 * l_id_1] = pf_2;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf2)[l_id_0 + 16 * l_id_1 + 256] = pf_3;
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < 63) {
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_0 = ((const global float2*)A)[l_id_0 % 8 + 8 * i + 512 * (l_id_0 / 8) + 1024 * l_id_1 + 32768 * wg_id_1 + 8];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_1 = ((const global float2*)A)[l_id_0 % 8 + 8 * i + 512 * (l_id_0 / 8) + 1024 * l_id_1 + 32768 * wg_id_1 + 16392];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_2 = ((const global float2*)B)[(l_id_0 + 16 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 16 * l_id_1) / 32) + 8192 * i + 8192];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_3 = ((const global float2*)B)[(l_id_0 + 16 * l_id_1) % 32 + 32 * wg_id_0 + 512 * ((l_id_0 + 16 * l_id_1) / 32) + 8192 * i + 12288];
            }
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            for (int j = 0; j < 16; j++) {  // reduceSeq
              float priv_0, priv_1, priv_2, priv_3;
              // mapSeqUnroll unrolled
              priv_0 = local_buf[j + 16 * l_id_1];
              priv_1 = local_buf[j + 16 * l_id_1 + 256];
              priv_2 = local_buf[j + 16 * l_id_1 + 512];
              priv_3 = local_buf[j + 16 * l_id_1 + 768];
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
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16384] = acc_4;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16385] = acc_5;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16386] = acc_6;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 16387] = acc_7;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32768] = acc_8;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32769] = acc_9;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32770] = acc_10;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 32771] = acc_11;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49152] = acc_12;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49153] = acc_13;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49154] = acc_14;
          out[4 * l_id_0 + 64 * wg_id_0 + 1024 * l_id_1 + 65536 * wg_id_1 + 49155] = acc_15;
        }
      }
    }
  }
}
