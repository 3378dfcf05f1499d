// conv/default at size small: 1 kernel(s)

// kernel conv: global (4, 8, 8), local None
float mult(float x, float y) { return x * y; }
float add(float x, float y) { return x + y; }

kernel void conv(const global float* restrict inputData, const global float* restrict kernelsWeights, global float* out) {
  {  // mapGlb(2)
    int gl_id_2 = get_global_id(2);
    {  // mapGlb(1)
      int gl_id_1 = get_global_id(1);
      {  // mapGlb(0)
        int gl_id_0 = get_global_id(0);
        float acc = 0.0f;
        for (int i = 0; i < 36; i++) {  // reduceSeq
          float priv = mult((((i / 4) % 3 + gl_id_1 < 1 || (i / 4) % 3 + gl_id_1 >= 9) ? 0.0f : ((gl_id_2 + i / 12 < 1 || gl_id_2 + i / 12 >= 9) ? 0.0f : inputData[i % 12 + 4 * gl_id_1 + 32 * gl_id_2 + 32 * (i / 12) - 36])), kernelsWeights[i + 36 * gl_id_0]);
          acc = add(acc, priv);
        }
        out[gl_id_0 + 4 * gl_id_1 + 32 * gl_id_2] = acc;
      }
    }
  }
}
