"""The device record of the static estimator (compiler.perf.estimate): `DeviceLimits` (compiler.constraints.device,
the one definition of what a device allows) plus `PerfParams`, the performance parameters that exist nowhere
else (Wang et al., TPDS 2019, Table 1 rows 5-17 and 19), with presets for an H100, PoCL on a CPU and a generic GPU.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from compiler.constraints.device import GENERIC_GPU, H100, H200, POCL_CPU, DeviceLimits


@dataclass(frozen=True)
class PerfParams:
    """What the estimator needs beyond `DeviceLimits` (paper Table 1 rows 5-17 and 19). Cycles at `clock_hz`."""

    name: str
    clock_hz: float
    groups_per_cu: int  # B_wg_SM
    warps_per_cu: int  # B_warp_SM
    regs_per_cu: int  # B_reg_SM; 0: no register limit (a CPU)
    reg_granularity: int  # G_reg
    local_per_cu: int  # B_sm_SM, bytes
    local_granularity: int  # G_sm, bytes
    fpu_lanes: float  # FP32 lanes per compute unit: a warp operation holds the FPU warp / fpu_lanes cycles
    sfu_lanes: float
    fpu_latency: float
    sfu_latency: float
    local_latency: float
    local_delay: float  # per warp access
    global_latency: float  # a miss
    global_delay: float  # per cache line, per compute unit (the device's bandwidth shared by its units)
    line_bytes: int
    launch_s: float  # per kernel
    cache_latency: float = 40.0  # a global access whose lines a compute unit's first-level cache holds
    cache_bytes: int = 0  # last-level cache (the reuse model's capacity)
    cache_delay: float = 0.0  # per cache line served by the last-level cache, per compute unit
    group_s: float = 0.0  # per work group a compute unit runs
    l1_delay: float = 1.0  # per cache line a warp access requests from the compute unit's first-level cache
    l2_latency: float = 200.0  # a global access served by the last-level cache
    groups_overlap: bool = True  # the per-group cost overlaps execution (a GPU's dispatcher), else adds to it

    def calibrated(self, compute_units: int, copy_gbs: float | None = None, fma_gflops: float | None = None,
                   launch_s: float | None = None, group_s: float | None = None,
                   cache_gbs: float | None = None) -> PerfParams:
        """These parameters with the global delay from a measured copy bandwidth (`cache_gbs`: of a copy that
        fits in the cache), the FPU lanes from a measured FMA peak (`compiler.runtime.peaks`) and measured
        overheads; None keeps a value."""
        changes: dict = {}
        if copy_gbs:
            changes["global_delay"] = self.line_bytes * self.clock_hz * compute_units / (copy_gbs * 1e9)
        if cache_gbs:
            changes["cache_delay"] = self.line_bytes * self.clock_hz * compute_units / (cache_gbs * 1e9)
        if fma_gflops:
            changes["fpu_lanes"] = fma_gflops * 1e9 / (2.0 * self.clock_hz * compute_units)
        if launch_s is not None:
            changes["launch_s"] = launch_s
        if group_s is not None:
            changes["group_s"] = group_s
        return replace(self, **changes)


@dataclass(frozen=True)
class EstimatorDevice:
    limits: DeviceLimits
    perf: PerfParams

    @property
    def warp(self) -> int:
        """Work items issued together: the warp on a GPU, the SIMD lanes on a CPU (warp_size 1)."""
        w = self.limits.warp_size
        return w if w > 1 else max(int(self.limits.preferred_vector_width), 1)

    @property
    def compute_units(self) -> int:
        return max(int(self.limits.compute_units), 1)

    def to_dict(self) -> dict:
        return {"limits": self.limits.to_dict(), "perf": self.perf.__dict__.copy()}


# H100 SXM: SM limits of compute capability 9.0 (32 blocks, 64 warps, 64K registers, 228 KB shared memory per SM),
# 128 FP32 lanes and 16 SFU lanes per SM, 50 MB L2; global delay from the 2995 GB/s copy of
# shared/spec/h100_opencl.md. Latencies (cycles), the L2 delay (half the DRAM one) and the launch overhead are
# assumed values, not measurements: scripts/estimate_table.py calibrates delays, FPU lanes and overheads on the
# device it runs on.
H100_PERF = PerfParams(
    "h100", clock_hz=1.98e9, groups_per_cu=32, warps_per_cu=64, regs_per_cu=65536, reg_granularity=256,
    local_per_cu=233472, local_granularity=128, fpu_lanes=128, sfu_lanes=16, fpu_latency=4, sfu_latency=18,
    local_latency=30, local_delay=1, global_latency=500, global_delay=128 * 1.98e9 * 132 / 2995e9, line_bytes=128,
    launch_s=5e-6, cache_latency=40, cache_bytes=50 << 20, cache_delay=128 * 1.98e9 * 132 / 2995e9 / 2,
    l1_delay=1.0, l2_latency=260)
# H200: the H100's chip (GH100: 132 SMs, 50 MB L2) with HBM3e; global delay from the 4143 GB/s float4 copy of
# docs/device_profiles.md, the rest as the H100's (assumed, calibrated by scripts/estimate_table.py).
H200_PERF = replace(H100_PERF, name="h200", global_delay=128 * 1.98e9 * 132 / 4143e9,
                    cache_delay=128 * 1.98e9 * 132 / 4143e9 / 2)
# PoCL on a CPU: one work group per core at a time, the SIMD lanes as the warp; FPU lanes, delays and overheads
# from one calibration by scripts/estimate_table.py on the development machine (2-core AMD EPYC, PoCL 3.0; FMA
# 13.4 GFLOP/s, copies 5.6 and 54 GB/s, launch 2.6 us, 0.02 us per group; each run of the script records its own
# calibration, docs/benchmarks/estimation_pocl.json); latencies assumed.
POCL_PERF = PerfParams(
    "pocl-cpu", clock_hz=2.445e9, groups_per_cu=1, warps_per_cu=4096, regs_per_cu=0, reg_granularity=1,
    local_per_cu=2 * 1024 * 1024, local_granularity=1, fpu_lanes=1.37, sfu_lanes=1, fpu_latency=4, sfu_latency=20,
    local_latency=4, local_delay=1, global_latency=40, global_delay=56.0, line_bytes=64, launch_s=2.6e-6,
    cache_latency=4, group_s=2e-8, cache_bytes=32 << 20, cache_delay=5.8, l1_delay=1.0, l2_latency=12,
    groups_overlap=False)
GENERIC_PERF = PerfParams(
    "generic-gpu", clock_hz=1.5e9, groups_per_cu=32, warps_per_cu=64, regs_per_cu=65536, reg_granularity=256,
    local_per_cu=98304, local_granularity=128, fpu_lanes=64, sfu_lanes=16, fpu_latency=4, sfu_latency=20,
    local_latency=30, local_delay=1, global_latency=500, global_delay=10.0, line_bytes=128, launch_s=5e-6,
    cache_latency=40)
H100_DEVICE = EstimatorDevice(H100, H100_PERF)
H200_DEVICE = EstimatorDevice(H200, H200_PERF)
POCL_DEVICE = EstimatorDevice(POCL_CPU, POCL_PERF)
GENERIC_DEVICE = EstimatorDevice(GENERIC_GPU.with_(compute_units=80), GENERIC_PERF)
DEVICES: dict[str, EstimatorDevice] = {"h100": H100_DEVICE, "h200": H200_DEVICE, "pocl-cpu": POCL_DEVICE,
                                       "generic-gpu": GENERIC_DEVICE}


def device_for(info, profile: str | None = None) -> EstimatorDevice:
    """The profile for a queried device (`compiler.runtime.DeviceInfo`; None: the generic GPU), with its limits:
    `profile` (a key of DEVICES) when given, else the H100's or H200's by the device name, PoCL's on a CPU."""
    if profile is not None and profile not in DEVICES:
        raise ValueError(f"estimator profile {profile!r} is not one of {', '.join(DEVICES)}")
    if info is None:
        return DEVICES[profile] if profile else GENERIC_DEVICE
    limits = DeviceLimits.from_device_info(info)
    name = str(getattr(info, "device_name", "")).lower()
    if profile == "pocl-cpu" or (profile is None and str(getattr(info, "device_type", "gpu")).lower() == "cpu"):
        clock = float(getattr(info, "max_clock_mhz", 0) or 0) * 1e6 or POCL_PERF.clock_hz
        return EstimatorDevice(limits, replace(POCL_PERF, clock_hz=clock))
    perf = DEVICES[profile].perf if profile else next(
        (d.perf for key, d in DEVICES.items() if key in ("h100", "h200") and key in name), GENERIC_PERF)
    return EstimatorDevice(limits if limits.compute_units else limits.with_(compute_units=80), perf)


def device_for_limits(limits: DeviceLimits) -> EstimatorDevice:
    """The profile for a device given by its limits alone (an environment's device profile): the H100, H200 or PoCL
    parameters when the limits are those presets (by name), else the generic GPU's, with these limits."""
    perf = {H100.name: H100_PERF, H200.name: H200_PERF, POCL_CPU.name: POCL_PERF}.get(limits.name, GENERIC_PERF)
    return EstimatorDevice(limits if limits.compute_units else limits.with_(compute_units=80), perf)


__all__ = ["DEVICES", "GENERIC_DEVICE", "GENERIC_PERF", "H100_DEVICE", "H100_PERF", "H200_DEVICE", "H200_PERF",
           "POCL_DEVICE", "POCL_PERF",
           "EstimatorDevice", "PerfParams", "device_for", "device_for_limits"]
