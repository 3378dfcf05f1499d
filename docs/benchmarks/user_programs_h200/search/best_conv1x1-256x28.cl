float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void pointwise(const global float* restrict x, const global float* restrict coeffs, global float* out) {
  local float local_buf[512] __attribute__((aligned(16)));
  local float local_buf2[256] __attribute__((aligned(8)));
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7;
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
        }
      }
      float2 pf_0;
      float2 pf_1;
      float2 pf_2;
      float2 pf_3;
      float2 pf_4;
      float2 pf_5;
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_0 = ((const global float2*)coeffs)[l_id_0 + 128 * l_id_1 + 4096 * wg_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_1 = ((const global float2*)coeffs)[l_id_0 + 128 * l_id_1 + 4096 * wg_id_1 + 1024];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_2 = ((const global float2*)coeffs)[l_id_0 + 128 * l_id_1 + 4096 * wg_id_1 + 2048];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_3 = ((const global float2*)coeffs)[l_id_0 + 128 * l_id_1 + 4096 * wg_id_1 + 3072];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_4 = ((const global float2*)x)[l_id_0 + 8 * wg_id_0 + 392 * l_id_1];
        }
      }
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          pf_5 = ((const global float2*)x)[l_id_0 + 8 * wg_id_0 + 392 * l_id_1 + 3136];
        }
      }
      for (int i = 0; i < 16; i++) {  // reduceSeq
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
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1 + 64] = pf_1;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1 + 128] = pf_2;
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float2*)local_buf)[l_id_0 + 8 * l_id_1 + 192] = pf_3;
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
            ((local float2*)local_buf2)[l_id_0 + 8 * l_id_1 + 64] = pf_5;
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < 15) {
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_0 = ((const global float2*)coeffs)[l_id_0 + 8 * i + 128 * l_id_1 + 4096 * wg_id_1 + 8];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_1 = ((const global float2*)coeffs)[l_id_0 + 8 * i + 128 * l_id_1 + 4096 * wg_id_1 + 1032];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_2 = ((const global float2*)coeffs)[l_id_0 + 8 * i + 128 * l_id_1 + 4096 * wg_id_1 + 2056];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_3 = ((const global float2*)coeffs)[l_id_0 + 8 * i + 128 * l_id_1 + 4096 * wg_id_1 + 3080];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_4 = ((const global float2*)x)[l_id_0 + 8 * wg_id_0 + 392 * l_id_1 + 6272 * i + 6272];
            }
          }
          {  // mapLcl(1)
            int l_id_1 = get_local_id(1);
            {  // mapLcl(0)
              int l_id_0 = get_local_id(0);
              pf_5 = ((const global float2*)x)[l_id_0 + 8 * wg_id_0 + 392 * l_id_1 + 6272 * i + 9408];
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
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 32];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 64];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 96];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0];
                priv2_1 = local_buf2[l_id_0 + 8];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s0, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s0, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s0, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s0, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s0, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s0, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 16];
                priv2_1 = local_buf2[l_id_0 + 24];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s1, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s1, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s1, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s1, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s1, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s1, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 32];
                priv2_1 = local_buf2[l_id_0 + 40];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s2, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s2, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s2, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s2, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s2, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s2, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 48];
                priv2_1 = local_buf2[l_id_0 + 56];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s3, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s3, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s3, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s3, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s3, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s3, priv2_1);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 33];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 65];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 97];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 64];
                priv2_1 = local_buf2[l_id_0 + 72];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s0, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s0, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s0, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s0, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s0, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s0, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 80];
                priv2_1 = local_buf2[l_id_0 + 88];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s1, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s1, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s1, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s1, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s1, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s1, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 96];
                priv2_1 = local_buf2[l_id_0 + 104];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s2, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s2, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s2, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s2, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s2, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s2, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 112];
                priv2_1 = local_buf2[l_id_0 + 120];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s3, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s3, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s3, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s3, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s3, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s3, priv2_1);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 2];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 34];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 66];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 98];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 128];
                priv2_1 = local_buf2[l_id_0 + 136];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s0, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s0, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s0, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s0, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s0, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s0, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 144];
                priv2_1 = local_buf2[l_id_0 + 152];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s1, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s1, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s1, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s1, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s1, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s1, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 160];
                priv2_1 = local_buf2[l_id_0 + 168];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s2, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s2, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s2, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s2, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s2, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s2, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 176];
                priv2_1 = local_buf2[l_id_0 + 184];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s3, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s3, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s3, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s3, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s3, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s3, priv2_1);
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 3];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 35];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 67];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 99];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 192];
                priv2_1 = local_buf2[l_id_0 + 200];
                acc_0 = multAndSumUp(acc_0, priv_0.s0, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s0, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s0, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s0, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s0, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s0, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s0, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s0, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 208];
                priv2_1 = local_buf2[l_id_0 + 216];
                acc_0 = multAndSumUp(acc_0, priv_0.s1, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s1, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s1, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s1, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s1, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s1, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s1, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s1, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 224];
                priv2_1 = local_buf2[l_id_0 + 232];
                acc_0 = multAndSumUp(acc_0, priv_0.s2, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s2, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s2, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s2, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s2, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s2, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s2, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s2, priv2_1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 240];
                priv2_1 = local_buf2[l_id_0 + 248];
                acc_0 = multAndSumUp(acc_0, priv_0.s3, priv2_0);
                acc_1 = multAndSumUp(acc_1, priv_0.s3, priv2_1);
                acc_2 = multAndSumUp(acc_2, priv_1.s3, priv2_0);
                acc_3 = multAndSumUp(acc_3, priv_1.s3, priv2_1);
                acc_4 = multAndSumUp(acc_4, priv_2.s3, priv2_0);
                acc_5 = multAndSumUp(acc_5, priv_2.s3, priv2_1);
                acc_6 = multAndSumUp(acc_6, priv_3.s3, priv2_0);
                acc_7 = multAndSumUp(acc_7, priv_3.s3, priv2_1);
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
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1] = acc_0;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 8] = acc_1;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 6272] = acc_2;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 6280] = acc_3;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 12544] = acc_4;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 12552] = acc_5;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 18816] = acc_6;
          out[l_id_0 + 16 * wg_id_0 + 784 * l_id_1 + 25088 * wg_id_1 + 18824] = acc_7;
        }
      }
    }
  }
}
