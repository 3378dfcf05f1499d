"""Which OpenCL device to use, and what it is: pure selection logic and the frozen `DeviceInfo`.

Nothing here imports pyopencl; `cl.py` enumerates the platforms into `DeviceCandidate`s and asks
`select_device` which one a `DeviceSpec` names.

Selection strings (explicit argument, else the `LIFT_GYM_DEVICE` environment variable, else the default):
  ""/"default"/"auto"      first GPU of any platform, else a PoCL CPU, else any CPU, else anything
  "P:D" or "P"             platform index P, device index D (0 when omitted)
  "gpu"/"cpu"/"accelerator"  first device of that type
  "TEXT"                   first device whose platform (name, vendor, version) or device name contains
                           TEXT, case-insensitively ("pocl", "nvidia", "h100"); GPUs are preferred
  "PLAT:DEV"               platform text and device text must both match
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from compiler.errors import DeviceNotFound

ENV_VAR = "LIFT_GYM_DEVICE"
DEVICE_TYPES = ("gpu", "cpu", "accelerator")
_DEFAULT_WORDS = ("", "default", "auto")


@dataclass(frozen=True)
class DeviceSpec:
    """A parsed device selection: `kind` is "default", "index", "type", "match" (one text matched
    against platform or device) or "pair" (platform text and device text)."""

    kind: str = "default"
    platform_index: int = 0
    device_index: int = 0
    device_type: str = ""
    platform_match: str = ""
    device_match: str = ""
    text: str = ""
    source: str = "default"  # where the text came from: "argument", "env LIFT_GYM_DEVICE" or "default"

    @staticmethod
    def parse(text: str | None, source: str = "argument") -> DeviceSpec:
        raw = (text or "").strip()
        low = raw.lower()
        if low in _DEFAULT_WORDS:
            return DeviceSpec(text=raw, source=source if raw else "default")
        if low in DEVICE_TYPES:
            return DeviceSpec(kind="type", device_type=low, text=raw, source=source)
        m = re.fullmatch(r"(\d+)(?::(\d+))?", low)
        if m:
            return DeviceSpec(kind="index", platform_index=int(m.group(1)),
                              device_index=int(m.group(2) or 0), text=raw, source=source)
        plat, sep, dev = low.partition(":")
        if sep:
            if not plat.strip() and not dev.strip():
                raise DeviceNotFound(f"device selection {raw!r} ({source}) names neither a platform nor a device")
            return DeviceSpec(kind="pair", platform_match=plat.strip(), device_match=dev.strip(),
                              text=raw, source=source)
        return DeviceSpec(kind="match", platform_match=low, text=raw, source=source)

    def describe(self) -> str:
        return f"{self.text!r} ({self.source})" if self.text else "the default device"


def resolve_spec(selection: str | DeviceSpec | None = None,
                 env: Mapping[str, str] | None = None) -> DeviceSpec:
    """The explicit selection if given, else `LIFT_GYM_DEVICE`, else the default policy."""
    if isinstance(selection, DeviceSpec):
        return selection
    if selection is not None and selection.strip():
        return DeviceSpec.parse(selection, "argument")
    env_text = (os.environ if env is None else env).get(ENV_VAR, "")
    if env_text.strip():
        return DeviceSpec.parse(env_text, f"env {ENV_VAR}")
    return DeviceSpec()


@dataclass(frozen=True)
class DeviceCandidate:
    """One enumerated device, as the selection logic sees it."""

    platform_index: int
    device_index: int
    platform_name: str
    platform_vendor: str
    platform_version: str
    device_name: str
    device_type: str  # "gpu" | "cpu" | "accelerator" | "other"

    @property
    def index(self) -> str:
        return f"{self.platform_index}:{self.device_index}"

    def platform_text(self) -> str:
        return " ".join((self.platform_name, self.platform_vendor, self.platform_version)).lower()

    def describe(self) -> str:
        return f"{self.index} {self.platform_name} / {self.device_name} ({self.device_type})"

    def is_pocl(self) -> bool:
        return "pocl" in self.platform_text() or "portable computing language" in self.platform_text()


def _first(cands: Sequence[DeviceCandidate], pred) -> DeviceCandidate | None:
    return next((c for c in cands if pred(c)), None)


def _matches(spec: DeviceSpec, c: DeviceCandidate) -> bool:
    if spec.kind == "pair":
        return spec.platform_match in c.platform_text() and spec.device_match in c.device_name.lower()
    needle = spec.platform_match
    return needle in c.platform_text() or needle in c.device_name.lower()


def _available(cands: Sequence[DeviceCandidate]) -> str:
    return "; ".join(c.describe() for c in cands) or "none (no OpenCL platform is installed)"


def select_device(spec: DeviceSpec, cands: Sequence[DeviceCandidate]) -> DeviceCandidate:
    """The candidate `spec` names; raises DeviceNotFound listing what is available."""
    found: DeviceCandidate | None
    if spec.kind == "default":
        found = (_first(cands, lambda c: c.device_type == "gpu")
                 or _first(cands, lambda c: c.device_type == "cpu" and c.is_pocl())
                 or _first(cands, lambda c: c.device_type == "cpu")
                 or _first(cands, lambda c: True))
    elif spec.kind == "index":
        found = _first(cands, lambda c: (c.platform_index, c.device_index)
                       == (spec.platform_index, spec.device_index))
    elif spec.kind == "type":
        found = _first(cands, lambda c: c.device_type == spec.device_type)
    elif spec.kind in ("match", "pair"):
        found = (_first(cands, lambda c: _matches(spec, c) and c.device_type == "gpu")
                 or _first(cands, lambda c: _matches(spec, c)))
    else:
        raise DeviceNotFound(f"unknown device selection kind {spec.kind!r}")
    if found is None:
        raise DeviceNotFound(f"no OpenCL device matches {spec.describe()}; available: {_available(cands)}")
    return found


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-") or "unknown"


@dataclass(frozen=True)
class DeviceInfo:
    """Static facts about one OpenCL device (queried once by `cl.py`)."""

    platform_name: str
    device_name: str
    driver_version: str
    opencl_version: str
    device_type: str
    compute_units: int
    max_clock_mhz: int
    max_work_group_size: int
    max_work_item_sizes: tuple[int, ...]
    local_mem_size: int
    max_alloc: int
    global_mem_size: int
    preferred_float_vector_width: int
    platform_index: int = 0
    device_index: int = 0

    @property
    def fingerprint(self) -> str:
        """Stable identity for caches: platform, device, driver and compute units.

        Memory sizes stay out: PoCL reports the host's currently available memory, which changes."""
        parts = (_slug(self.platform_name), _slug(self.device_name), _slug(self.driver_version),
                 f"{self.compute_units}cu")
        return "/".join(parts)

    @property
    def is_gpu(self) -> bool:
        return self.device_type == "gpu"

    def to_dict(self) -> dict:
        d = asdict(self)
        d["max_work_item_sizes"] = list(self.max_work_item_sizes)
        d["fingerprint"] = self.fingerprint
        return d

    @staticmethod
    def from_dict(d: Mapping) -> DeviceInfo:
        fields = {k: v for k, v in d.items() if k in DeviceInfo.__dataclass_fields__}
        fields["max_work_item_sizes"] = tuple(fields.get("max_work_item_sizes", ()))
        return DeviceInfo(**fields)
