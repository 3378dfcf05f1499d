float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void conv_chw(const global float* restrict img, const global float* restrict filt, global float* out) {
  local float local_buf[512] __attribute__((aligned(16)));
  local float local_buf2[256];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      float acc_0, acc_1;
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          // mapSeqUnroll unrolled
          acc_0 = 0.0f;
          acc_1 = 0.0f;
        }
      }
      for (int i = 0; i < 72; i++) {  // reduceSeq
        for (int l_id_1 = get_local_id(1); l_id_1 < 64; l_id_1 += get_local_size(1)) {  // mapLcl(1)
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf[l_id_0 + 8 * l_id_1] = filt[(l_id_0 + 8 * l_id_1) % 16 + 16 * i + 1152 * ((l_id_0 + 8 * l_id_1) / 16) + 36864 * wg_id_1];
          }
        }
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            local_buf2[l_id_0 + 8 * l_id_1] = ((((l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0) % 28 + (i + (l_id_0 + 8 * l_id_1) / 16) % 3 < 1 || ((l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0) % 28 + (i + (l_id_0 + 8 * l_id_1) / 16) % 3 >= 29) ? 0.0f : ((((i + (l_id_0 + 8 * l_id_1) / 16) / 3 + 2 * i) % 3 + ((l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0) / 28 < 1 || ((i + (l_id_0 + 8 * l_id_1) / 16) / 3 + 2 * i) % 3 + ((l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0) / 28 >= 29) ? 0.0f : img[(i + (l_id_0 + 8 * l_id_1) / 16) % 3 + (l_id_0 + 8 * l_id_1) % 16 + 16 * wg_id_0 + 28 * (((i + (l_id_0 + 8 * l_id_1) / 16) / 3 + 2 * i) % 3) + 784 * i + 784 * (((i + (l_id_0 + 8 * l_id_1) / 16) / 3 + 2 * i) / 3) - 29]));
          }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {  // mapLcl(1)
          int l_id_1 = get_local_id(1);
          {  // mapLcl(0)
            int l_id_0 = get_local_id(0);
            // reduceSeqUnroll unrolled
            {
              float4 priv = ((local float4*)local_buf)[4 * l_id_1];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0];
                priv2_1 = local_buf2[l_id_0 + 8];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s0);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s0);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 16];
                priv2_1 = local_buf2[l_id_0 + 24];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s1);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 32];
                priv2_1 = local_buf2[l_id_0 + 40];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s2);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s2);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 48];
                priv2_1 = local_buf2[l_id_0 + 56];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s3);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s3);
              }
            }
            {
              float4 priv = ((local float4*)local_buf)[4 * l_id_1 + 1];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 64];
                priv2_1 = local_buf2[l_id_0 + 72];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s0);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s0);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 80];
                priv2_1 = local_buf2[l_id_0 + 88];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s1);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 96];
                priv2_1 = local_buf2[l_id_0 + 104];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s2);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s2);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 112];
                priv2_1 = local_buf2[l_id_0 + 120];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s3);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s3);
              }
            }
            {
              float4 priv = ((local float4*)local_buf)[4 * l_id_1 + 2];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 128];
                priv2_1 = local_buf2[l_id_0 + 136];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s0);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s0);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 144];
                priv2_1 = local_buf2[l_id_0 + 152];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s1);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 160];
                priv2_1 = local_buf2[l_id_0 + 168];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s2);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s2);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 176];
                priv2_1 = local_buf2[l_id_0 + 184];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s3);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s3);
              }
            }
            {
              float4 priv = ((local float4*)local_buf)[4 * l_id_1 + 3];
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 192];
                priv2_1 = local_buf2[l_id_0 + 200];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s0);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s0);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 208];
                priv2_1 = local_buf2[l_id_0 + 216];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s1);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s1);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 224];
                priv2_1 = local_buf2[l_id_0 + 232];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s2);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s2);
              }
              {
                float priv2_0, priv2_1;
                priv2_0 = local_buf2[l_id_0 + 240];
                priv2_1 = local_buf2[l_id_0 + 248];
                acc_0 = multAndSumUp(acc_0, priv2_0, priv.s3);
                acc_1 = multAndSumUp(acc_1, priv2_1, priv.s3);
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
        }
      }
    }
  }
}
