kernel void conv_k0(const global float* restrict inputData, global float* tmp0) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 64; i++) {  // mapSeq
        tmp0[i + 64 * gl_id_0 + 7424 * gl_id_1] = ((gl_id_0 < 1 || gl_id_0 >= 113) ? 0.0f : ((gl_id_1 < 1 || gl_id_1 >= 113) ? 0.0f : inputData[i + 64 * gl_id_0 + 7168 * gl_id_1 - 7232]));
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38)];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 16];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 32];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 144];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 288];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 432];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 8];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 24];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 40];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 8];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 152];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 296];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 440];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 16];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 32];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 48];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 16];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 160];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 304];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 448];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 24];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 40];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 56];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 24];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 168];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 312];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 456];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 32];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 48];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 64];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 32];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 176];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 320];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 464];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 40];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 56];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 72];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 40];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 184];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 328];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 472];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1856];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1872];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1888];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 48];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 192];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 336];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 480];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1864];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1880];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1896];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 56];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 200];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 344];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 488];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1872];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1888];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1904];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 64];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 208];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 352];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 496];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1880];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1896];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1912];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 72];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 216];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 360];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 504];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1888];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1904];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1920];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 80];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 224];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 368];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 512];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1896];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1912];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 1928];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 88];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 232];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 376];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 520];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3712];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3728];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3744];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 96];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 240];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 384];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 528];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3720];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3736];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3752];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 104];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 248];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 392];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 536];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3728];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3744];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3760];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 112];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 256];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 400];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 544];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3736];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3752];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3768];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 120];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 264];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 408];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 552];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3744];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3760];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3776];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 128];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 272];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 416];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 560];
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
            priv_0 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3752];
            priv_1 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3768];
            priv_2 = ((const global float4*)tmp0)[l_id_0 + 48 * (wg_id_1 % 38) + 1856 * l_id_1 + 5568 * (wg_id_1 / 38) + 3784];
            float4 priv2_0, priv2_1, priv2_2, priv2_3;
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 136];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 280];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 424];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 576 * wg_id_0 + 568];
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
          if (l_id_0 % 3 + 3 * (wg_id_1 % 38) < 112 && l_id_0 / 3 + 3 * (wg_id_1 / 38) < 112) {
            out[l_id_1 + 4 * wg_id_0 + 128 * (l_id_0 % 3) + 384 * (wg_id_1 % 38) + 14336 * (l_id_0 / 3) + 43008 * (wg_id_1 / 38)] = acc2;
          }
        }
      }
    }
  }
}
