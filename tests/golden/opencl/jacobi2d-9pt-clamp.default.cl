// jacobi2d-9pt-clamp/default at size small: 1 kernel(s)

// kernel jacobi2d_9pt_clamp: global (16, 16), local (16, 16)
float multAndSumUp(float acc, float l, float r) { return acc + l * r; }

kernel void jacobi2d_9pt_clamp(const global float* restrict grid, constant float* restrict weights, global float* out) {
  {  // mapGlb(1)
    int gl_id_1 = get_global_id(1);
    {  // mapGlb(0)
      int gl_id_0 = get_global_id(0);
      float acc = 0.0f;
      // reduceSeqUnroll unrolled
      acc = multAndSumUp(acc, grid[max(gl_id_0 - 1, 0) + 16 * max(gl_id_1 - 1, 0)], weights[0]);
      acc = multAndSumUp(acc, grid[gl_id_0 + 16 * max(gl_id_1 - 1, 0)], weights[1]);
      acc = multAndSumUp(acc, grid[min(gl_id_0 + 1, 15) + 16 * max(gl_id_1 - 1, 0)], weights[2]);
      acc = multAndSumUp(acc, grid[max(gl_id_0 - 1, 0) + 16 * gl_id_1], weights[3]);
      acc = multAndSumUp(acc, grid[gl_id_0 + 16 * gl_id_1], weights[4]);
      acc = multAndSumUp(acc, grid[min(gl_id_0 + 1, 15) + 16 * gl_id_1], weights[5]);
      acc = multAndSumUp(acc, grid[max(gl_id_0 - 1, 0) + 16 * min(gl_id_1 + 1, 15)], weights[6]);
      acc = multAndSumUp(acc, grid[gl_id_0 + 16 * min(gl_id_1 + 1, 15)], weights[7]);
      acc = multAndSumUp(acc, grid[min(gl_id_0 + 1, 15) + 16 * min(gl_id_1 + 1, 15)], weights[8]);
      out[gl_id_0 + 16 * gl_id_1] = acc;
    }
  }
}
