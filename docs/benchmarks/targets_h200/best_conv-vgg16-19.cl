kernel void conv_k0(const global float* restrict inputData, global float* tmp0) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 512; i++) {  // mapSeq
        tmp0[i + 512 * gl_id_0 + 15360 * gl_id_1] = ((gl_id_0 < 1 || gl_id_0 >= 29) ? 0.0f : ((gl_id_1 < 1 || gl_id_1 >= 29) ? 0.0f : inputData[i + 512 * gl_id_0 + 14336 * gl_id_1 - 14848]));
      }
    }
  }
}


float dotAndSumUp_float_float4_float4(float acc, float4 l, float4 r) { return acc + dot(l, r); }
float add(float x, float y) { return x + y; }

kernel void conv_k1(const global float* restrict kernelsWeights, const global float* restrict tmp0, global float* tmp1) {
  local float local_buf[2048];
  {  // mapWrg(1)
    int wg_id_1 = get_group_id(1);
    {  // mapWrg(0)
      int wg_id_0 = get_group_id(0);
      {  // mapLcl(1)
        int l_id_1 = get_local_id(1);
        {  // mapLcl(0)
          int l_id_0 = get_local_id(0);
          float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11, acc_12, acc_13, acc_14, acc_15, acc_16, acc_17, acc_18, acc_19, acc_20, acc_21, acc_22, acc_23, acc_24, acc_25, acc_26, acc_27, acc_28, acc_29, acc_30, acc_31, acc_32, acc_33, acc_34, acc_35, acc_36, acc_37, acc_38, acc_39, acc_40, acc_41, acc_42, acc_43, acc_44, acc_45, acc_46, acc_47, acc_48, acc_49, acc_50, acc_51, acc_52, acc_53, acc_54, acc_55, acc_56, acc_57, acc_58, acc_59, acc_60, acc_61, acc_62, acc_63;
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
          for (int i = 0; i < 144; i++) {  // reduceSeq
            float4 priv_0, priv_1, priv_2, priv_3;
            // mapSeqUnroll unrolled
            priv_0 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 512 * (wg_id_1 % 7) + 3840 * l_id_1 + 3840 * ((l_id_0 + 8 * i) / 384) + 15360 * (wg_id_1 / 7)];
            priv_1 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 512 * (wg_id_1 % 7) + 3840 * l_id_1 + 3840 * ((l_id_0 + 8 * i) / 384) + 15360 * (wg_id_1 / 7) + 128];
            priv_2 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 512 * (wg_id_1 % 7) + 3840 * l_id_1 + 3840 * ((l_id_0 + 8 * i) / 384) + 15360 * (wg_id_1 / 7) + 256];
            priv_3 = ((const global float4*)tmp0)[(l_id_0 + 8 * i) % 384 + 512 * (wg_id_1 % 7) + 3840 * l_id_1 + 3840 * ((l_id_0 + 8 * i) / 384) + 15360 * (wg_id_1 / 7) + 384];
            float4 priv2_0, priv2_1, priv2_2, priv2_3, priv2_4, priv2_5, priv2_6, priv2_7, priv2_8, priv2_9, priv2_10, priv2_11, priv2_12, priv2_13, priv2_14, priv2_15;
            // mapSeqUnroll unrolled
            priv2_0 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0];
            priv2_1 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 1152];
            priv2_2 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 2304];
            priv2_3 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 3456];
            priv2_4 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 4608];
            priv2_5 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 5760];
            priv2_6 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 6912];
            priv2_7 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 8064];
            priv2_8 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 9216];
            priv2_9 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 10368];
            priv2_10 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 11520];
            priv2_11 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 12672];
            priv2_12 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 13824];
            priv2_13 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 14976];
            priv2_14 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 16128];
            priv2_15 = ((const global float4*)kernelsWeights)[l_id_0 + 8 * i + 18432 * wg_id_0 + 17280];
            // mapSeqUnroll unrolled
            acc_0 = dotAndSumUp_float_float4_float4(acc_0, priv_0, priv2_0);
            acc_1 = dotAndSumUp_float_float4_float4(acc_1, priv_1, priv2_0);
            acc_2 = dotAndSumUp_float_float4_float4(acc_2, priv_2, priv2_0);
            acc_3 = dotAndSumUp_float_float4_float4(acc_3, priv_3, priv2_0);
            acc_4 = dotAndSumUp_float_float4_float4(acc_4, priv_0, priv2_1);
            acc_5 = dotAndSumUp_float_float4_float4(acc_5, priv_1, priv2_1);
            acc_6 = dotAndSumUp_float_float4_float4(acc_6, priv_2, priv2_1);
            acc_7 = dotAndSumUp_float_float4_float4(acc_7, priv_3, priv2_1);
            acc_8 = dotAndSumUp_float_float4_float4(acc_8, priv_0, priv2_2);
            acc_9 = dotAndSumUp_float_float4_float4(acc_9, priv_1, priv2_2);
            acc_10 = dotAndSumUp_float_float4_float4(acc_10, priv_2, priv2_2);
            acc_11 = dotAndSumUp_float_float4_float4(acc_11, priv_3, priv2_2);
            acc_12 = dotAndSumUp_float_float4_float4(acc_12, priv_0, priv2_3);
            acc_13 = dotAndSumUp_float_float4_float4(acc_13, priv_1, priv2_3);
            acc_14 = dotAndSumUp_float_float4_float4(acc_14, priv_2, priv2_3);
            acc_15 = dotAndSumUp_float_float4_float4(acc_15, priv_3, priv2_3);
            acc_16 = dotAndSumUp_float_float4_float4(acc_16, priv_0, priv2_4);
            acc_17 = dotAndSumUp_float_float4_float4(acc_17, priv_1, priv2_4);
            acc_18 = dotAndSumUp_float_float4_float4(acc_18, priv_2, priv2_4);
            acc_19 = dotAndSumUp_float_float4_float4(acc_19, priv_3, priv2_4);
            acc_20 = dotAndSumUp_float_float4_float4(acc_20, priv_0, priv2_5);
            acc_21 = dotAndSumUp_float_float4_float4(acc_21, priv_1, priv2_5);
            acc_22 = dotAndSumUp_float_float4_float4(acc_22, priv_2, priv2_5);
            acc_23 = dotAndSumUp_float_float4_float4(acc_23, priv_3, priv2_5);
            acc_24 = dotAndSumUp_float_float4_float4(acc_24, priv_0, priv2_6);
            acc_25 = dotAndSumUp_float_float4_float4(acc_25, priv_1, priv2_6);
            acc_26 = dotAndSumUp_float_float4_float4(acc_26, priv_2, priv2_6);
            acc_27 = dotAndSumUp_float_float4_float4(acc_27, priv_3, priv2_6);
            acc_28 = dotAndSumUp_float_float4_float4(acc_28, priv_0, priv2_7);
            acc_29 = dotAndSumUp_float_float4_float4(acc_29, priv_1, priv2_7);
            acc_30 = dotAndSumUp_float_float4_float4(acc_30, priv_2, priv2_7);
            acc_31 = dotAndSumUp_float_float4_float4(acc_31, priv_3, priv2_7);
            acc_32 = dotAndSumUp_float_float4_float4(acc_32, priv_0, priv2_8);
            acc_33 = dotAndSumUp_float_float4_float4(acc_33, priv_1, priv2_8);
            acc_34 = dotAndSumUp_float_float4_float4(acc_34, priv_2, priv2_8);
            acc_35 = dotAndSumUp_float_float4_float4(acc_35, priv_3, priv2_8);
            acc_36 = dotAndSumUp_float_float4_float4(acc_36, priv_0, priv2_9);
            acc_37 = dotAndSumUp_float_float4_float4(acc_37, priv_1, priv2_9);
            acc_38 = dotAndSumUp_float_float4_float4(acc_38, priv_2, priv2_9);
            acc_39 = dotAndSumUp_float_float4_float4(acc_39, priv_3, priv2_9);
            acc_40 = dotAndSumUp_float_float4_float4(acc_40, priv_0, priv2_10);
            acc_41 = dotAndSumUp_float_float4_float4(acc_41, priv_1, priv2_10);
            acc_42 = dotAndSumUp_float_float4_float4(acc_42, priv_2, priv2_10);
            acc_43 = dotAndSumUp_float_float4_float4(acc_43, priv_3, priv2_10);
            acc_44 = dotAndSumUp_float_float4_float4(acc_44, priv_0, priv2_11);
            acc_45 = dotAndSumUp_float_float4_float4(acc_45, priv_1, priv2_11);
            acc_46 = dotAndSumUp_float_float4_float4(acc_46, priv_2, priv2_11);
            acc_47 = dotAndSumUp_float_float4_float4(acc_47, priv_3, priv2_11);
            acc_48 = dotAndSumUp_float_float4_float4(acc_48, priv_0, priv2_12);
            acc_49 = dotAndSumUp_float_float4_float4(acc_49, priv_1, priv2_12);
            acc_50 = dotAndSumUp_float_float4_float4(acc_50, priv_2, priv2_12);
            acc_51 = dotAndSumUp_float_float4_float4(acc_51, priv_3, priv2_12);
            acc_52 = dotAndSumUp_float_float4_float4(acc_52, priv_0, priv2_13);
            acc_53 = dotAndSumUp_float_float4_float4(acc_53, priv_1, priv2_13);
            acc_54 = dotAndSumUp_float_float4_float4(acc_54, priv_2, priv2_13);
            acc_55 = dotAndSumUp_float_float4_float4(acc_55, priv_3, priv2_13);
            acc_56 = dotAndSumUp_float_float4_float4(acc_56, priv_0, priv2_14);
            acc_57 = dotAndSumUp_float_float4_float4(acc_57, priv_1, priv2_14);
            acc_58 = dotAndSumUp_float_float4_float4(acc_58, priv_2, priv2_14);
            acc_59 = dotAndSumUp_float_float4_float4(acc_59, priv_3, priv2_14);
            acc_60 = dotAndSumUp_float_float4_float4(acc_60, priv_0, priv2_15);
            acc_61 = dotAndSumUp_float_float4_float4(acc_61, priv_1, priv2_15);
            acc_62 = dotAndSumUp_float_float4_float4(acc_62, priv_2, priv2_15);
            acc_63 = dotAndSumUp_float_float4_float4(acc_63, priv_3, priv2_15);
          }
          // mapSeqUnroll unrolled
          local_buf[64 * l_id_0 + 512 * l_id_1] = acc_0;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 1] = acc_1;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 2] = acc_2;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 3] = acc_3;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 4] = acc_4;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 5] = acc_5;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 6] = acc_6;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 7] = acc_7;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 8] = acc_8;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 9] = acc_9;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 10] = acc_10;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 11] = acc_11;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 12] = acc_12;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 13] = acc_13;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 14] = acc_14;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 15] = acc_15;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 16] = acc_16;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 17] = acc_17;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 18] = acc_18;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 19] = acc_19;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 20] = acc_20;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 21] = acc_21;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 22] = acc_22;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 23] = acc_23;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 24] = acc_24;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 25] = acc_25;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 26] = acc_26;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 27] = acc_27;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 28] = acc_28;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 29] = acc_29;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 30] = acc_30;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 31] = acc_31;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 32] = acc_32;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 33] = acc_33;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 34] = acc_34;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 35] = acc_35;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 36] = acc_36;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 37] = acc_37;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 38] = acc_38;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 39] = acc_39;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 40] = acc_40;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 41] = acc_41;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 42] = acc_42;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 43] = acc_43;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 44] = acc_44;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 45] = acc_45;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 46] = acc_46;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 47] = acc_47;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 48] = acc_48;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 49] = acc_49;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 50] = acc_50;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 51] = acc_51;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 52] = acc_52;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 53] = acc_53;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 54] = acc_54;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 55] = acc_55;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 56] = acc_56;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 57] = acc_57;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 58] = acc_58;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 59] = acc_59;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 60] = acc_60;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 61] = acc_61;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 62] = acc_62;
          local_buf[64 * l_id_0 + 512 * l_id_1 + 63] = acc_63;
        }
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int l_id_1 = get_local_id(1); l_id_1 < 16; l_id_1 += get_local_size(1)) {  // mapLcl(1)
        for (int l_id_0 = get_local_id(0); l_id_0 < 16; l_id_0 += get_local_size(0)) {  // mapLcl(0)
          float acc2 = 0.0f;
          for (int i = 0; i < 8; i++) {  // reduceSeq
            acc2 = add(acc2, local_buf[l_id_0 % 4 + 4 * l_id_1 + 64 * i + 512 * (l_id_0 / 4)]);
          }
          tmp1[l_id_0 + 16 * l_id_1 + 256 * wg_id_0 + 8192 * wg_id_1] = acc2;
        }
      }
    }
  }
}


kernel void conv_k2(const global float* restrict tmp1, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      for (int i = 0; i < 512; i++) {  // mapSeq
        out[i + 512 * gl_id_0 + 14336 * gl_id_1] = tmp1[gl_id_0 % 4 + 4 * (gl_id_1 % 4) + 16 * i + 8192 * (gl_id_0 / 4) + 57344 * (gl_id_1 / 4)];
      }
    }
  }
}
