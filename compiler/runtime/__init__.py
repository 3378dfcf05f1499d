"""Device selection, build, launch and the measurement protocol; pyopencl is imported only by `cl.py`,
and only when a device is opened, so importing this package needs no OpenCL."""

from __future__ import annotations

from compiler.runtime.device import ENV_VAR, DeviceInfo, DeviceSpec, resolve_spec, select_device
from compiler.runtime.measure import MeasureConfig, Measurement, NoiseFloor, measure_in_process, noise_floor
from compiler.runtime.worker import MeasureWorker

__all__ = [
    "ENV_VAR", "DeviceInfo", "DeviceSpec", "MeasureConfig", "MeasureWorker", "Measurement", "NoiseFloor",
    "measure_in_process", "noise_floor", "resolve_spec", "select_device",
]
