// probe only: 128x128 tile, 256 work items, 8x8 per item in runs of 4 (rows and columns), A transposed in local
#ifndef TK
#define TK 8
#endif
#define TM 128
#define TN 128
kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void mm(const global float* restrict A, const global float* restrict B, global float* out, int K, int N) {
  local float4 As[2][TK][TM / 4];
  local float4 Bs[2][TK][TN / 4];
  const int tx = get_local_id(0), ty = get_local_id(1), t = ty * 16 + tx;
  const int row0 = get_group_id(1) * TM, col0 = get_group_id(0) * TN;
  float acc[8][8];
  for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) acc[i][j] = 0.0f;
  // A tile: TM rows x TK cols = TM*TK/4 float4; B tile: TK rows x TN cols
  const int a_per = TM * TK / 4 / 256, b_per = TK * TN / 4 / 256;
  float4 ra[TM * TK / 4 / 256], rb[TK * TN / 4 / 256];
#if defined(ATS) || defined(ATM)
  float sa[TM * TK / 256];
  #ifdef ATS
    #define AIDX(p) int f = t + 256 * (p); int r = f / TK, c = f % TK;
  #else
    #define AIDX(p) int f = t + 256 * (p); int r = f % TM, c = f / TM;
  #endif
  #define LOADA(kt) for (int p = 0; p < TM * TK / 256; p++) { AIDX(p) sa[p] = A[(row0 + r) * K + (kt) * TK + c]; }
  #define STOREA(buf) for (int p = 0; p < TM * TK / 256; p++) { AIDX(p) ((local float*)As[buf])[c * TM + r] = sa[p]; }
#else
  #define LOADA(kt) for (int p = 0; p < a_per; p++) { int f = t + 256 * p; int r = f / (TK / 4), c = f % (TK / 4); \
      ra[p] = ((const global float4*)A)[((row0 + r) * K + (kt) * TK) / 4 + c]; }
  #define STOREA(buf) for (int p = 0; p < a_per; p++) { int f = t + 256 * p; int r = f / (TK / 4), c = f % (TK / 4); \
      ASTORE(buf) }
#endif
  #define LOAD(kt) LOADA(kt) \
    for (int p = 0; p < 0; p++) { int f = t + 256 * p; int r = f / (TK / 4), c = f % (TK / 4); \
      ra[p] = ((const global float4*)A)[((row0 + r) * K + (kt) * TK) / 4 + c]; } \
    for (int p = 0; p < b_per; p++) { int f = t + 256 * p; int r = f / (TN / 4), c = f % (TN / 4); \
      rb[p] = ((const global float4*)B)[(((kt) * TK + r) * N + col0) / 4 + c]; }
  #define STORE(buf) STOREA(buf) \
    for (int p = 0; p < 0; p++) { int f = t + 256 * p; int r = f / (TK / 4), c = f % (TK / 4); \
      ASTORE(buf) } \
    for (int p = 0; p < b_per; p++) { int f = t + 256 * p; int r = f / (TN / 4), c = f % (TN / 4); Bs[buf][r][c] = rb[p]; }
#ifdef ROWS
  #define ASTORE(buf) ((local float4*)As[buf])[r * (TK / 4) + c] = ra[p];
  #define ROW(i) ((i) * 16 + ty)
#else
  #define ASTORE(buf) local float* as = (local float*)As[buf]; \
      as[(4 * c + 0) * TM + r] = ra[p].x; as[(4 * c + 1) * TM + r] = ra[p].y; \
      as[(4 * c + 2) * TM + r] = ra[p].z; as[(4 * c + 3) * TM + r] = ra[p].w;
  #define ROW(i) (4 * (((i) / 4) * 16 + ty) + ((i) % 4))
#endif
  const int nk = K / TK;
  LOAD(0)
  STORE(0)
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int kt = 0; kt < nk; kt++) {
    const int cur = kt & 1;
#ifdef DB
    if (kt + 1 < nk) { LOAD(kt + 1) }
#endif
    #pragma unroll
    for (int k = 0; k < TK; k++) {
      float4 b0 = Bs[cur][k][tx], b1 = Bs[cur][k][16 + tx];
#ifdef ROWS
      local float* as = (local float*)As[cur];
      float a[8];
      for (int i = 0; i < 8; i++) a[i] = as[ROW(i) * TK + k];
#else
      float4 a0 = As[cur][k][ty], a1 = As[cur][k][16 + ty];
      float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
#endif
      float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
      #pragma unroll
      for (int i = 0; i < 8; i++)
        #pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
#ifdef DB
    if (kt + 1 < nk) { STORE(1 - cur) }
    barrier(CLK_LOCAL_MEM_FENCE);
#else
    barrier(CLK_LOCAL_MEM_FENCE);
    if (kt + 1 < nk) { LOAD(kt + 1) STORE(1 - cur) }
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
  }
  for (int i = 0; i < 8; i++) {
    int r = row0 + ROW(i);
    for (int q = 0; q < 2; q++)
      ((global float4*)out)[(r * N + col0) / 4 + q * 16 + tx] =
          (float4)(acc[i][4 * q], acc[i][4 * q + 1], acc[i][4 * q + 2], acc[i][4 * q + 3]);
  }
}
