float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void mm(const global float* restrict A, const global float* restrict B, global float* out) {
  local float local_buf[1024] __attribute__((aligned(16)));
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
      for (int i = 0; i < 64; i++) {  // reduceSeq
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf)[l_id_0 + 16 * l_id_1] = ((const global float4*)A)[l_id_0 % 4 + 4 * i + 256 * (l_id_0 / 4) + 1024 * l_id_1 + 16384 * wg_id_1];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            ((local float4*)local_buf2)[l_id_0 + 16 * l_id_1] = ((const global float4*)B)[l_id_0 + 16 * wg_id_0 + 256 * l_id_1 + 4096 * i];
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
            // reduceSeqUnroll unrolled
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 64];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 128];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 192];
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
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 1];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 65];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 129];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 193];
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
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 2];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 66];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 130];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 194];
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
              }
            }
            {
              float4 priv_0, priv_1, priv_2, priv_3;
              priv_0 = ((local float4*)local_buf)[4 * l_id_1 + 3];
              priv_1 = ((local float4*)local_buf)[4 * l_id_1 + 67];
              priv_2 = ((local float4*)local_buf)[4 * l_id_1 + 131];
              priv_3 = ((local float4*)local_buf)[4 * l_id_1 + 195];
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
