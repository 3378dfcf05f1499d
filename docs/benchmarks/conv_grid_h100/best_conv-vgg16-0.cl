float multAndSumUp(float acc, float l, float r) { return acc + l * r; }
float add(float x, float y) { return x + y; }

kernel void conv_k0(const global float* restrict inputData, const global float* restrict kernelsWeights, global float* out) {
  local float local_buf[1536];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7;
          // mapSeqUnroll unrolled
          acc_0 = 0.0f;
          acc_1 = 0.0f;
          acc_2 = 0.0f;
          acc_3 = 0.0f;
          acc_4 = 0.0f;
          acc_5 = 0.0f;
          acc_6 = 0.0f;
          acc_7 = 0.0f;
          for (int i = 0; i < 9; i++) {  // reduceSeq
            float priv = ((i % 3 + l_id_1 % 8 + 8 * (wg_id_1 % 28) < 1 || i % 3 + l_id_1 % 8 + 8 * (wg_id_1 % 28) >= 225) ? 0.0f : ((i / 3 + l_id_1 / 8 + 8 * (wg_id_1 / 28) < 1 || i / 3 + l_id_1 / 8 + 8 * (wg_id_1 / 28) >= 225) ? 0.0f : inputData[l_id_0 + 3 * (i % 3) + 3 * (l_id_1 % 8) + 24 * (wg_id_1 % 28) + 672 * (i / 3) + 672 * (l_id_1 / 8) + 5376 * (wg_id_1 / 28) - 675]));
            float priv2_0, priv2_1, priv2_2, priv2_3, priv2_4, priv2_5, priv2_6, priv2_7;
            // mapSeqUnroll unrolled
            priv2_0 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0];
            priv2_1 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 27];
            priv2_2 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 54];
            priv2_3 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 81];
            priv2_4 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 108];
            priv2_5 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 135];
            priv2_6 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 162];
            priv2_7 = kernelsWeights[l_id_0 + 3 * i + 216 * wg_id_0 + 189];
            // mapSeqUnroll unrolled
            acc_0 = multAndSumUp(acc_0, priv, priv2_0);
            acc_1 = multAndSumUp(acc_1, priv, priv2_1);
            acc_2 = multAndSumUp(acc_2, priv, priv2_2);
            acc_3 = multAndSumUp(acc_3, priv, priv2_3);
            acc_4 = multAndSumUp(acc_4, priv, priv2_4);
            acc_5 = multAndSumUp(acc_5, priv, priv2_5);
            acc_6 = multAndSumUp(acc_6, priv, priv2_6);
            acc_7 = multAndSumUp(acc_7, priv, priv2_7);
          }
          // mapSeqUnroll unrolled
          local_buf[8 * l_id_0 + 24 * l_id_1] = acc_0;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 1] = acc_1;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 2] = acc_2;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 3] = acc_3;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 4] = acc_4;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 5] = acc_5;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 6] = acc_6;
          local_buf[8 * l_id_0 + 24 * l_id_1 + 7] = acc_7;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (get_local_id(1) < 8) {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        for (int l_id_0 = get_local_id(0); l_id_0 < 64; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          float acc2 = 0.0f;
          for (int i = 0; i < 3; i++) {  // reduceSeq
            acc2 = add(acc2, local_buf[l_id_1 + 8 * i + 24 * l_id_0]);
          }
          out[l_id_1 + 8 * wg_id_0 + 64 * (l_id_0 % 8) + 512 * (wg_id_1 % 28) + 14336 * (l_id_0 / 8) + 114688 * (wg_id_1 / 28)] = acc2;
        }
      }
    }
  }
}
