kernel void conv_k0(const global float* restrict inputData, global float* tmp0) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 256; i++) {  // mapSeq
        tmp0[i + 256 * gl_id_0 + 8192 * gl_id_1] = ((gl_id_0 < 1 || gl_id_0 >= 29) ? 0.0f : ((gl_id_1 < 1 || gl_id_1 >= 29) ? 0.0f : inputData[i + 256 * gl_id_0 + 7168 * gl_id_1 - 7424]));
      }
    }
  }
}


float dotAndSumUp_float_float4_float4(float acc, float4 l, float4 r) { return acc + dot(l, r); }
float add(float x, float y) { return x + y; }

kernel void conv_k1(const global float* restrict kernelsWeights, const global float* restrict tmp0, global float* out) {
  local float local_buf[288];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11;
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
          // reduceSeqUnroll unrolled
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10)];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 64];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 128];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 576];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1152];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1728];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 8];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 72];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 136];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 8];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 584];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1160];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1736];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 16];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 80];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 144];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 16];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 592];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1168];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1744];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 24];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 88];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 152];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 24];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 600];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1176];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1752];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 32];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 96];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 160];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 32];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 608];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1184];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1760];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 40];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 104];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 168];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 40];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 616];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1192];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1768];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 48];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 112];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 176];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 48];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 624];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1200];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1776];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 56];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 120];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 184];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 56];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 632];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1208];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1784];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 64];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 128];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 192];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 64];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 640];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1216];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1792];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 72];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 136];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 200];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 72];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 648];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1224];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1800];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 80];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 144];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 208];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 80];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 656];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1232];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1808];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 88];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 152];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 216];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 88];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 664];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1240];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1816];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 96];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 160];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 224];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 96];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 672];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1248];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1824];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 104];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 168];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 232];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 104];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 680];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1256];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1832];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 112];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 176];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 240];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 112];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 688];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1264];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1840];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 120];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 184];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 248];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 120];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 696];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1272];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1848];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 128];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 192];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 256];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 128];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 704];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1280];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1856];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 136];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 200];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 264];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 136];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 712];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1288];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1864];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 144];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 208];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 272];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 144];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 720];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1296];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1872];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 152];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 216];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 280];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 152];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 728];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1304];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1880];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 160];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 224];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 288];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 160];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 736];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1312];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1888];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 168];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 232];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 296];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 168];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 744];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1320];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1896];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 176];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 240];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 304];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 176];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 752];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1328];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1904];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 184];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 248];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 312];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 184];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 760];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1336];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1912];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2048];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2112];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2176];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 192];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 768];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1344];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1920];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2056];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2120];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2184];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 200];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 776];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1352];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1928];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2064];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2128];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2192];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 208];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 784];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1360];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1936];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2072];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2136];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2200];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 216];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 792];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1368];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1944];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2080];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2144];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2208];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 224];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 800];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1376];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1952];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2088];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2152];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2216];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 232];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 808];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1384];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1960];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2096];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2160];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2224];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 240];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 816];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1392];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1968];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2104];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2168];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2232];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 248];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 824];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1400];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1976];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2112];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2176];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2240];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 256];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 832];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1408];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1984];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2120];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2184];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2248];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 264];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 840];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1416];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1992];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2128];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2192];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2256];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 272];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 848];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1424];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2000];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2136];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2200];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2264];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 280];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 856];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1432];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2008];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2144];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2208];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2272];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 288];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 864];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1440];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2016];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2152];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2216];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2280];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 296];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 872];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1448];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2024];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2160];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2224];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2288];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 304];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 880];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1456];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2032];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2168];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2232];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2296];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 312];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 888];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1464];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2040];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2176];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2240];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2304];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 320];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 896];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1472];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2048];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2184];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2248];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2312];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 328];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 904];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1480];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2056];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2192];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2256];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2320];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 336];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 912];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1488];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2064];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2200];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2264];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2328];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 344];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 920];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1496];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2072];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2208];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2272];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2336];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 352];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 928];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1504];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2080];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2216];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2280];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2344];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 360];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 936];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1512];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2088];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2224];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2288];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2352];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 368];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 944];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1520];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2096];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2232];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2296];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 2360];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 376];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 952];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1528];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2104];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4096];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4160];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4224];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 384];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 960];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1536];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2112];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4104];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4168];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4232];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 392];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 968];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1544];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2120];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4112];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4176];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4240];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 400];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 976];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1552];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2128];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4120];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4184];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4248];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 408];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 984];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1560];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2136];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4128];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4192];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4256];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 416];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 992];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1568];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2144];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4136];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4200];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4264];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 424];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1000];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1576];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2152];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4144];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4208];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4272];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 432];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1008];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1584];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2160];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4152];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4216];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4280];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 440];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1016];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1592];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2168];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4160];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4224];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4288];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 448];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1024];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1600];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2176];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4168];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4232];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4296];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 456];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1032];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1608];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2184];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4176];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4240];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4304];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 464];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1040];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1616];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2192];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4184];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4248];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4312];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 472];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1048];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1624];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2200];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4192];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4256];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4320];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 480];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1056];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1632];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2208];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4200];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4264];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4328];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 488];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1064];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1640];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2216];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4208];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4272];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4336];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 496];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1072];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1648];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2224];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4216];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4280];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4344];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 504];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1080];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1656];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2232];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4224];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4288];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4352];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 512];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1088];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1664];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2240];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4232];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4296];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4360];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 520];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1096];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1672];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2248];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4240];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4304];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4368];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 528];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1104];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1680];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2256];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4248];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4312];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4376];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 536];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1112];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1688];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2264];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4256];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4320];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4384];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 544];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1120];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1696];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2272];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4264];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4328];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4392];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 552];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1128];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1704];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2280];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4272];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4336];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4400];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 560];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1136];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1712];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2288];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          {
            float4 priv_0, priv_1, priv_2;
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4280];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4344];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 192 * (wg_id_1 % 10) + 2048 * l_id_1 + 6144 * (wg_id_1 / 10) + 4408];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 568];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1144];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 1720];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 2304 * wg_id_0 + 2296];
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_0, priv2_1);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_1, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_2, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_0, priv2_2);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_1, priv2_2);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_2, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_0, priv2_3);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_1, priv2_3);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_2, priv2_3);
          }
          // mapSeqUnroll unrolled
          local_buf[12 * l_id_0 + 96 * l_id_1] = acc_0;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 1] = acc_1;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 2] = acc_2;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 3] = acc_3;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 4] = acc_4;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 5] = acc_5;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 6] = acc_6;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 7] = acc_7;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 8] = acc_8;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 9] = acc_9;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 10] = acc_10;
          local_buf[12 * l_id_0 + 96 * l_id_1 + 11] = acc_11;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int l_id_1 = get_local_id(1); l_id_1 < 4; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 9; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          float acc2 = 0.0f;
          for (int i = 0; i < 8; i++) {  // reduceSeq
            acc2 = add(acc2, local_buf[l_id_0 % 3 + 3 * l_id_1 + 12 * i + 96 * (l_id_0 / 3)]);
          }
          if (l_id_0 % 3 + 3 * (wg_id_1 % 10) < 28 && l_id_0 / 3 + 3 * (wg_id_1 / 10) < 28) {
            out[l_id_1 + 4 * wg_id_0 + 512 * (l_id_0 % 3) + 1536 * (wg_id_1 % 10) + 14336 * (l_id_0 / 3) + 43008 * (wg_id_1 / 10)] = acc2;
          }
        }
      }
    }
  }
}
