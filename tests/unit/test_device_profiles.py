"""Device profiles: the presets (generic, h100, h200, pocl) and `auto`, the limits read from the OpenCL device in
use (the preset of a device whose report is not what launches, else its own report)."""

from __future__ import annotations

import dataclasses

import pytest

from compiler.constraints.device import (
    AUTO,
    H100,
    H200,
    PROFILE_NAMES,
    PROFILES,
    DeviceLimits,
    device_profile,
    profile_for_device,
)
from compiler.runtime.device import DeviceInfo
from tests.opencl_once import opencl_available

# what the H200's OpenCL driver reports (580.159.04)
H200_INFO = DeviceInfo(platform_name="NVIDIA CUDA", device_name="NVIDIA H200", driver_version="580.159.04",
                       opencl_version="OpenCL 3.0 CUDA", device_type="gpu", compute_units=132, max_clock_mhz=1980,
                       max_work_group_size=1024, max_work_item_sizes=(1024, 1024, 64), local_mem_size=49152,
                       max_alloc=37527470080, global_mem_size=150109880320, preferred_float_vector_width=1)
POCL_INFO = dataclasses.replace(H200_INFO, platform_name="Portable Computing Language", device_name="pthread-AMD EPYC",
                                device_type="cpu", compute_units=2, max_work_group_size=4096,
                                max_work_item_sizes=(4096, 4096, 4096), local_mem_size=4 << 20,
                                max_alloc=8 << 30, global_mem_size=16 << 30, preferred_float_vector_width=8)


def test_h200_profile_holds_what_launches_on_the_h200():
    h200 = device_profile("h200")
    assert h200 is H200 and PROFILES["h100"] is H100
    assert (h200.compute_units, h200.max_work_group_size, h200.local_mem_bytes) == (132, 256, 48 * 1024)
    assert h200.max_work_item_sizes == (1024, 1024, 64) and h200.warp_size == 32
    assert h200.global_mem_bytes > H100.global_mem_bytes and h200.max_alloc_bytes > H100.max_alloc_bytes
    assert set(dataclasses.asdict(h200)) == set(dataclasses.asdict(H100))


def test_auto_profile_gives_the_preset_of_a_known_device():
    assert device_profile(AUTO, H200_INFO) is H200
    assert device_profile(AUTO, dataclasses.replace(H200_INFO, device_name="NVIDIA H100 80GB HBM3")) is H100
    assert profile_for_device(H200_INFO) == "h200"


def test_auto_profile_reads_any_other_device():
    got = device_profile(AUTO, POCL_INFO)
    assert got == DeviceLimits.from_device_info(POCL_INFO)
    assert (got.max_work_group_size, got.local_mem_bytes, got.compute_units) == (4096, 4 << 20, 2)
    other_gpu = dataclasses.replace(H200_INFO, device_name="NVIDIA L4", compute_units=58)
    assert device_profile(AUTO, other_gpu).max_work_group_size == 1024
    assert profile_for_device(POCL_INFO) == "pocl" and profile_for_device(other_gpu) == AUTO
    assert profile_for_device(None) == "generic"


def test_auto_profile_without_a_device_and_unknown_profiles_are_errors():
    with pytest.raises(ValueError, match="device profile 'auto' reads the OpenCL device in use"):
        device_profile(AUTO)
    with pytest.raises(ValueError, match=r"device profile 'h300' is not one of generic, h100, h200, pocl, auto$"):
        device_profile("h300")
    assert PROFILE_NAMES == ("generic", "h100", "h200", "pocl", "auto")


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
def test_auto_profile_reads_the_opencl_device_in_use():
    from compiler.runtime.cl import open_device

    info = open_device().info
    limits = device_profile(AUTO, info)
    if limits not in (H100, H200):
        assert limits.max_work_group_size == info.max_work_group_size
        assert limits.local_mem_bytes == info.local_mem_size and limits.compute_units == info.compute_units


def test_env_takes_the_h200_profile():
    import gymnasium as gym

    from lift_gym.episode import ENV_ID

    env = gym.make(ENV_ID, benchmark="benchmark://lift/scal/small", reward="analytical", max_nodes=32, n_slots=8,
                   profile="h200")
    assert env.unwrapped.config.limits is H200
    env.close()


def test_reward_commands_offer_every_profile_name():
    from agents.cli import build_parser

    for name in PROFILE_NAMES:
        args = build_parser("search").parse_args(["search", "benchmark://lift/scal/small", "--profile", name])
        assert args.profile == name


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
def test_the_auto_profile_of_a_reward_context_is_the_limits_of_the_device_it_opens():
    from lift_gym.rewards import RewardConfig, RewardFunction

    fn = RewardFunction(RewardConfig(source="analytical", device="pocl", profile=AUTO))
    try:
        info = fn.ctx.device_info
        assert info is not None and fn.ctx.limits == device_profile(AUTO, info)
        assert fn.ctx.limits.max_work_group_size == info.max_work_group_size
    finally:
        fn.close()


def test_the_auto_profile_without_an_opencl_device_is_one_line(monkeypatch):
    from lift_gym import rewards

    monkeypatch.setattr(rewards, "_open_info", lambda selection: None)
    fn = rewards.RewardFunction(rewards.RewardConfig(source="analytical", profile=AUTO))
    try:
        with pytest.raises(rewards.RewardUnavailable, match=r"^device profile 'auto' reads the OpenCL device in "
                                                            r"use, and none opens for .*: name a profile instead$"):
            _ = fn.ctx.limits
    finally:
        fn.close()
