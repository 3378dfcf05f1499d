"""Hardware limits the tuning constraints are checked against (thesis §4.3.1.2, the Table of §7.3 in the spec).

`DeviceLimits` is plain data: presets are values, and `from_device_info` reads any object with the attributes
of `compiler.runtime.device.DeviceInfo` (duck-typed; nothing here imports pyopencl).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace


def vendor_defaults(info) -> tuple[int, int]:
    """(private memory bytes per work item, warp size) by vendor, for what DeviceInfo does not report:
    a CPU 65536 / 1, NVIDIA 1020 / 32, AMD 1024 / 64, anything else 1024 / 32."""
    text = " ".join(str(getattr(info, a, "")) for a in ("platform_name", "device_name")).lower()
    if str(getattr(info, "device_type", "gpu")).lower() == "cpu":
        return 65536, 1
    if "nvidia" in text:
        return 255 * 4, 32
    if "amd" in text or "advanced micro" in text:
        return 1024, 64
    return 1024, 32


@dataclass(frozen=True)
class DeviceLimits:
    """What one OpenCL device allows.

    `private_mem_bytes_per_item` is a heuristic, not an OpenCL query: past it a kernel still runs but spills
    registers (NVIDIA: 255 registers of 4 bytes per work item). `warp_size` is the SIMD width threads run in
    lockstep (NVIDIA warp, AMD wavefront, 1 for a CPU device). `max_unrolled_calls` is a code-size heuristic: the
    user-function calls one kernel may contain once its unrolled loops are expanded. `max_private_bytes_per_item`
    is a hard limit (inferred, the same for every profile): a kernel whose work items declare more private memory
    is not offered, because it does not launch: NVIDIA's driver reserves that much local memory for every
    work item the device can hold at once, and on the H200 a contraction whose random memory decisions made
    16 MB private arrays per work item failed every launch with OUT_OF_RESOURCES; on a CPU device each work
    item's arrays live on a thread's stack.
    """

    name: str
    max_work_group_size: int
    max_work_item_sizes: tuple[int, int, int]
    local_mem_bytes: int
    max_alloc_bytes: int
    global_mem_bytes: int
    private_mem_bytes_per_item: int
    warp_size: int
    compute_units: int = 0
    preferred_vector_width: int = 1
    # heuristic (code size, not an OpenCL limit): user-function calls per kernel after mapSeqUnroll /
    # reduceSeqUnroll are expanded; past it the OpenCL compiler (PoCL's LLVM above all) takes minutes
    max_unrolled_calls: int = 4096
    max_private_bytes_per_item: int = 64 * 1024

    def __post_init__(self):
        sizes = tuple(int(s) for s in self.max_work_item_sizes)
        sizes = (*sizes, 1, 1, 1)[:3]
        object.__setattr__(self, "max_work_item_sizes", sizes)

    @staticmethod
    def from_device_info(info, *, private_mem_bytes_per_item: int | None = None,
                         warp_size: int | None = None) -> DeviceLimits:
        """Limits of a queried device (anything with DeviceInfo's attributes). The private-memory heuristic and
        the warp size are not in DeviceInfo: they default by vendor (NVIDIA 1020 bytes / 32, AMD 1024 / 64,
        a CPU 65536 / 1, anything else 1024 / 32) unless given."""
        priv, warp = vendor_defaults(info)
        return DeviceLimits(
            name=str(getattr(info, "device_name", "device")),
            max_work_group_size=int(info.max_work_group_size),
            max_work_item_sizes=tuple(int(s) for s in info.max_work_item_sizes),
            local_mem_bytes=int(getattr(info, "local_mem_size", getattr(info, "local_mem_bytes", 0))),
            max_alloc_bytes=int(getattr(info, "max_alloc", getattr(info, "max_alloc_bytes", 0))),
            global_mem_bytes=int(getattr(info, "global_mem_size", getattr(info, "global_mem_bytes", 0))),
            private_mem_bytes_per_item=private_mem_bytes_per_item or priv,
            warp_size=warp_size or warp,
            compute_units=int(getattr(info, "compute_units", 0) or 0),
            preferred_vector_width=int(getattr(info, "preferred_float_vector_width", 1) or 1),
        )

    def with_(self, **changes) -> DeviceLimits:
        return replace(self, **changes)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["max_work_item_sizes"] = list(self.max_work_item_sizes)
        return d


# NVIDIA H100 80GB HBM3 through OpenCL (shared/spec/h100_opencl.md). Global memory is not in that table: NVIDIA's
# OpenCL reports CL_DEVICE_MAX_MEM_ALLOC_SIZE as a quarter of CL_DEVICE_GLOBAL_MEM_SIZE, so it is 4 x max alloc.
# The work group: the device reports 1024 work items, but the driver (580.159.04) reports CL_KERNEL_WORK_GROUP_SIZE
# 256 for every kernel this compiler built (docs/benchmarks/build_report_h100.md) and refuses larger launches, so the
# profile offers what launches.
H100 = DeviceLimits(
    name="NVIDIA H100 80GB HBM3",
    max_work_group_size=256,
    max_work_item_sizes=(1024, 1024, 64),
    local_mem_bytes=49152,
    max_alloc_bytes=21254373376,
    global_mem_bytes=4 * 21254373376,
    private_mem_bytes_per_item=255 * 4,
    warp_size=32,
    compute_units=132,
    preferred_vector_width=1,
)

# NVIDIA H200 (141 GB HBM3e) through OpenCL, as driver 580.159.04 reports it: 132 compute units at 1980 MHz, 48 KiB
# of local memory per work group, CL_DEVICE_MAX_MEM_ALLOC_SIZE 37527470080 and CL_DEVICE_GLOBAL_MEM_SIZE
# 150109880320 bytes. As on the H100 the device reports 1024 work items per group but CL_KERNEL_WORK_GROUP_SIZE is
# 256 for every kernel this compiler built (mm tiled, scal, stencil2d), so the profile offers what launches. Measured
# through OpenCL with compiler.runtime.peaks: a float4 device-to-device copy at 4143 GB/s and FP32 FMA at
# 62.9 TFLOP/s (docs/device_profiles.md).
H200 = DeviceLimits(
    name="NVIDIA H200",
    max_work_group_size=256,
    max_work_item_sizes=(1024, 1024, 64),
    local_mem_bytes=49152,
    max_alloc_bytes=37527470080,
    global_mem_bytes=150109880320,
    private_mem_bytes_per_item=255 * 4,
    warp_size=32,
    compute_units=132,
    preferred_vector_width=1,
)

# A generic PoCL CPU device (the pthread driver, as CI has it): work-group limits and local memory as PoCL
# reports them; allocation and global memory depend on the host (PoCL reports about the host's memory), these are
# conservative values for a small machine.
POCL_CPU = DeviceLimits(
    name="PoCL CPU (pthread)",
    max_work_group_size=4096,
    max_work_item_sizes=(4096, 4096, 4096),
    local_mem_bytes=2 * 1024 * 1024,
    max_alloc_bytes=4 * 1024**3,
    global_mem_bytes=16 * 1024**3,
    private_mem_bytes_per_item=65536,
    warp_size=1,
    compute_units=2,
    preferred_vector_width=16,
)

# A GPU in general: the limits every current NVIDIA and AMD GPU meets (what the environment assumes until it is
# given a device).
GENERIC_GPU = DeviceLimits(
    name="generic-gpu",
    max_work_group_size=1024,
    max_work_item_sizes=(1024, 1024, 64),
    local_mem_bytes=48 * 1024,
    max_alloc_bytes=4 * 1024**3,
    global_mem_bytes=16 * 1024**3,
    private_mem_bytes_per_item=255 * 4,
    warp_size=32,
)

# The device profiles an environment is configured with: they fix the tuning slots' limits and the analytical
# reward's device, whatever OpenCL device the host has.
PROFILES: dict[str, DeviceLimits] = {"generic": GENERIC_GPU, "h100": H100, "h200": H200, "pocl": POCL_CPU}

# The profile read from the OpenCL device in use (`device_profile(AUTO, info)`): host-dependent by design.
AUTO = "auto"
PROFILE_NAMES: tuple[str, ...] = (*PROFILES, AUTO)

# Devices whose OpenCL report is not what launches (NVIDIA: 1024 work items per group reported, 256 per kernel
# granted): `auto` uses their preset when the device's name is the preset's.
_PRESET_BY_DEVICE_NAME = {H100.name.lower(): H100, H200.name.lower(): H200}


def device_profile(name: str, info=None) -> DeviceLimits:
    """The limits of a device profile ("generic", "h100", "h200" or "pocl"), or with `auto` those of the OpenCL
    device `info` describes (a `compiler.runtime.DeviceInfo`, e.g. `compiler.runtime.cl.open_device(sel).info`):
    the preset of a device whose name is a preset's (the H100 and H200, whose kernels launch with fewer work items
    than the device reports), else `DeviceLimits.from_device_info(info)`. A ValueError names an unknown profile,
    or `auto` without a device."""
    if name == AUTO:
        if info is None:
            raise ValueError("device profile 'auto' reads the OpenCL device in use, and none was given (pass its "
                             "DeviceInfo, or name a profile: " + ", ".join(PROFILES) + ")")
        preset = _PRESET_BY_DEVICE_NAME.get(str(getattr(info, "device_name", "")).strip().lower())
        return preset if preset is not None else DeviceLimits.from_device_info(info)
    if name not in PROFILES:
        raise ValueError(f"device profile {name!r} is not one of {', '.join(PROFILE_NAMES)}")
    return PROFILES[name]


def profile_for_device(info) -> str:
    """The name of the profile that follows a device: a preset's name when `auto` would give that preset (the
    H100, the H200, or "pocl" for a PoCL CPU device), else `auto`; "generic" without a device."""
    if info is None:
        return "generic"
    limits = device_profile(AUTO, info)
    for key, preset in PROFILES.items():
        if preset is limits:
            return key
    text = " ".join(str(getattr(info, a, "")) for a in ("platform_name", "device_name")).lower()
    if str(getattr(info, "device_type", "")).lower() == "cpu" and ("portable computing language" in text
                                                                   or "pocl" in text):
        return "pocl"
    return AUTO
