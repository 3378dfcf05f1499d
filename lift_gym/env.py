"""`LiftGymEnv`: the Gymnasium shell over `lift_gym.transition` (see the class docstring)."""

from __future__ import annotations

import copy
import dataclasses
import gc
import os
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from compiler import suite
from compiler.errors import UnknownBenchmark
from compiler.ir.node import Program
from compiler.ir.printer import print_program
from compiler.lowering import stages
from compiler.perf.features import FEATURE_NAMES, program_features
from compiler.suite import Benchmark

from . import encode, transition
from .episode import EpisodeState, env_version
from .rewards import Evaluation, RewardConfig, RewardFunction
from .transition import Config, Phase, State

DEFAULT_BENCHMARK = "benchmark://lift/mm/small"
RESET_OPTIONS = ("benchmark",)  # the keys `reset(options=...)` reads
_HW_CACHE_SIZE = 4096  # decided kernels whose observation features an env keeps
BenchmarkLike = str | os.PathLike | Program | Benchmark


def benchmark_uri(benchmark: BenchmarkLike, sizes: Mapping[str, int] | None = None) -> str:
    """The URI an episode is started from: a URI as given; a program file's path as its `file://` URI (its
    `.npz` reference beside it, when present); a `Program` registered as a user benchmark
    (`benchmark://user/NAME-HASH`, checked against its interpreter); a `Benchmark` (compiler.suite.user_benchmark)
    registered unless its URI already resolves to it. `sizes` are added to the URI's query."""
    if isinstance(benchmark, Program):
        uri = suite.register_benchmark(benchmark, f"{benchmark.name}-{benchmark.key[:8]}", replace=True).uri
    elif isinstance(benchmark, Benchmark):
        uri = benchmark.uri
        try:
            known = suite.lookup(uri)[0]
        except UnknownBenchmark:
            known = None
        if known is not benchmark and known != benchmark:
            uri = suite.register_benchmark(benchmark, dataset=benchmark.dataset if benchmark.dataset not in (
                suite.SUITE, "file") else "user").uri
    elif isinstance(benchmark, os.PathLike) or "://" not in benchmark:
        path = Path(benchmark).expanduser()
        if not path.is_file():
            raise UnknownBenchmark(f"{str(benchmark)!r} is neither a benchmark URI nor a program file")
        uri = path.resolve().as_uri()
    else:
        uri = benchmark
    if sizes:
        uri += ("&" if "?" in uri else "?") + "&".join(f"{k}={v}" for k, v in sizes.items())
    return uri


class MaskedDiscrete(spaces.Discrete):
    """A Discrete space whose `sample()` without a mask draws from the env's current legal actions.

    `sample(mask=...)` and `sample(probability=...)` behave as in `spaces.Discrete`; the env reference is weak and
    is dropped when the space is pickled (a saved model keeps a plain Discrete(n))."""

    def __init__(self, n: int, env: LiftGymEnv | None = None, seed: int | None = None):
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env) if env is not None else None

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.int64:
        env = self._env() if self._env is not None else None
        if mask is None and probability is None and env is not None and env._state is not None:
            mask = env.action_masks().astype(np.int8)
            if not mask.any():  # the episode is over: nothing is legal, any action is as good
                mask = None
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_env"] = None
        return state


class LiftGymEnv(gym.Env):
    """Generate a fast OpenCL kernel for a LIFT program, one compiler decision per step.

    ## Description
    An episode starts from a benchmark's high-level program (`benchmark://lift/NAME[/PRESET][?SIZE=...]`) and
    walks the compiler: rewrite decisions (a rule of the rewrite catalogue at a site, or "stop rewriting"),
    then the parallel mapping of each map (Ch5 codes: mapSeq, mapGlb/mapWrg/mapLcl in dimension 0-2, fusion),
    then the value of each tuning parameter, then the program is lowered, compiled to OpenCL and evaluated.
    Every action the mask allows leads to a valid program: an episode always ends in a kernel that compiles.

    ## Action Space
    One `Discrete(n)` for every benchmark (`transition.ActionLayout`):
    `[0, R*S)` rewrite rule r at site s (s = the node's pre-order index, S = `max_nodes`), `R*S` stop rewriting,
    the next 11 the mapping codes (0, 1, 10-12, 20-22, 30-32), the last `n_slots` tuning slots (slot i = the
    i-th smallest valid value, listed in the observation's `slots`). Masks are exact: `action_masks()` (bool,
    for sb3-contrib's MaskablePPO) and `info["action_mask"]` (int8, for `action_space.sample(mask=...)`); an
    action outside the mask raises `gymnasium.error.InvalidAction`. `action_space.sample()` without a mask
    draws a legal action.

    ## Observation Space
    A flat `Dict` of float32 Boxes in [-1, 1] (see `lift_gym.encode`): per-node features of the current program
    (kind, primitive, user function, depth, type lengths, static parameters, mapping code, decision target),
    parent indices and a node mask; the phase; the decision asked; the values of the tuning slots; the codes and
    values assigned so far; the program's high-level summary (sizes, work, primitive counts); and the P000
    high-level hardware features of the kernel as decided so far (from phase TUNING on; zero before).

    ## Rewards
    0 on every step but the last; at the end, log(throughput(final) / throughput(default lowering)) from the
    configured source: `measured` (OpenCL, sqlite store first), `predicted` (kNN on P000 features),
    `replay` (store only) or `analytical` (roofline estimate). `info["reward_source"]` says which source
    produced it; `info["final"]`/`info["baseline"]` carry the reports and `info["noise"]` the tolerance.

    ## Starting State
    The benchmark's program in normal form, phase REWRITE. With several benchmarks, `reset` picks one with
    `self.np_random` unless `options={"benchmark": URI}` names it; any other option key is a ValueError naming
    it and the known keys (`RESET_OPTIONS`).

    ## Episode End
    Terminates when the kernel is compiled and evaluated (after at most `max_rewrites` rewrites, one decision
    per map and one per tuning parameter). The registered `max_episode_steps` is a safety net above that bound.

    ## Arguments
    `benchmark` (a URI, a program file's path, a `Program` or a `compiler.suite` Benchmark, or a list of them;
    see `benchmark_uri`), `sizes` (sizes added to every benchmark's URI, e.g. {"N": 64}),
    `reward` (measured | predicted | replay | analytical | estimated),
    `device` (an OpenCL selection such as "pocl" or "gpu:0"; one that is absent is an error when the env is made),
    `profile` (the device profile of the tuning slots and the analytical reward: "generic" (default), "h100" or
    "pocl"; results do not depend on the host's device), `store` (sqlite path), `model` (a saved kNN model; a
    missing or unreadable one is an error when the env is made), `reward_fallback`, `max_rewrites`,
    `max_nodes`, `n_slots`, `render_mode` ("ansi"; another mode raises TypeError, so SB3's `make_vec_env`,
    which asks for "rgb_array" and retries without a mode on a TypeError, works on the env id),
    `rewrite_points`, `prune_work_groups` (offer only the work-group sizes the static estimator's pruning keeps,
    compiler.perf.prune; opt-in), `split_k` (mm tiled's SK, slices of K summed by a second kernel, a tuning
    decision: opt-in, off it is 1 as in the records made before it), `freeze_gc` (opt-in, for a process the env
    owns, such as a training worker: every `reset` ends with `gc.freeze()`, so the garbage collector's full
    collections no longer walk the modules and the compiler's memo tables filled so far; process-wide, and objects
    frozen are never collected).

        >>> import gymnasium, lift_gym
        >>> env = gymnasium.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/scal/small", reward="analytical")
        >>> obs, info = env.reset(seed=0)
        >>> bool(info["action_mask"][env.unwrapped.layout.done])
        True

    ## Version History
    * v0: rewrite rules (algorithmic group of catalogue version 1), mapping, work-group sizes; log-speedup reward.
    * `rewrite_points=True` (LiftGym-RewritePoints): a first phase on programs annotated with rewrite points
      (thesis Ch6): one decision per rewrite-point parameter through the tuning slots
      (compiler.lowering.point_stages), then mapping and tuning of the rewritten program (no rule rewrites on
      annotated programs); other programs as without it.
    * v1: the named lowerings with tuning parameters as actions before the first rewrite
      (compiler.lowering.templates), their parameters decided through the tuning slots.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, benchmark: BenchmarkLike | Sequence[BenchmarkLike] = DEFAULT_BENCHMARK,
                 reward: str | RewardConfig = "measured", device: str | None = None, *,
                 sizes: Mapping[str, int] | None = None, store: str | None = None, model: str | None = None,
                 reward_fallback: str | None = None, max_rewrites: int = 6, max_nodes: int = 256, n_slots: int = 32,
                 render_mode: str | None = None, rewrite_points: bool = False, profile: str | None = None,
                 prune_work_groups: bool = False, freeze_gc: bool = False, split_k: bool = False):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            # a TypeError, as for an argument the env does not take: SB3's make_vec_env then retries without one
            raise TypeError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        one = isinstance(benchmark, str | os.PathLike | Program | Benchmark)
        self.benchmarks = tuple(benchmark_uri(b, sizes) for b in ((benchmark,) if one else benchmark))
        if not self.benchmarks:
            raise ValueError("LiftGymEnv needs at least one benchmark URI")
        for uri in self.benchmarks:
            stages.resolve(uri)  # fail early on a wrong URI
        cfg = reward if isinstance(reward, RewardConfig) else RewardConfig(
            source=reward, fallback=reward_fallback, store=store, device=device, model=model)
        if profile is not None:
            cfg = dataclasses.replace(cfg, profile=profile)
        self.reward_fn = RewardFunction(cfg)
        self.reward_fn.check()  # an absent device or model file fails here, not at an episode's last step
        self.config = Config(max_rewrites=max_rewrites, max_nodes=max_nodes, n_slots=n_slots,
                             limits=self.reward_fn.ctx.limits, rewrite_points=bool(rewrite_points),
                             prune_work_groups=bool(prune_work_groups), split_k=bool(split_k))
        self.layout = self.config.layout
        self.action_space = MaskedDiscrete(self.layout.n, self)
        self.observation_space = encode.observation_space(max_nodes, n_slots)
        self.render_mode = render_mode
        self._state: State | None = None
        self._evaluation: Evaluation | None = None
        self._hw_cache: dict[tuple, tuple[float, ...]] = {}
        self.freeze_gc = bool(freeze_gc)

    # --- Gymnasium API ---
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        unknown = sorted(str(k) for k in (options or {}) if k not in RESET_OPTIONS)
        if unknown:
            raise ValueError(f"LiftGymEnv.reset: unknown option(s) {', '.join(map(repr, unknown))}; "
                             f"known options: {', '.join(RESET_OPTIONS)}")
        uri = (options or {}).get("benchmark")
        if uri is None:
            uri = self.benchmarks[int(self.np_random.integers(len(self.benchmarks)))]
        episode_seed = int(self.np_random.integers(2**31 - 1))
        self._state = transition.initial(uri, episode_seed, self.config)
        self._evaluation = None
        out = self._obs(), self._info()
        if self.freeze_gc:
            # the memo tables and modules filled so far are moved out of the collector's generations, so that
            # its full collections no longer walk them (process-wide: for a process the env owns)
            gc.freeze()
        return out

    def step(self, action):
        if self._state is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if transition.is_terminal(self._state):
            raise gym.error.ResetNeeded("the episode is over: call reset()")
        self._state = transition.step(self._state, int(action))
        reward, terminated = 0.0, transition.is_terminal(self._state)
        if terminated:
            self._evaluation = self.reward_fn.evaluate(self._state)
            reward = float(self._evaluation.reward)
        return self._obs(), reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions (bool), as sb3-contrib's MaskablePPO asks for them."""
        assert self._state is not None, "call reset() first"
        return np.array(transition.legal_actions(self._state), dtype=bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self._state is None:
            return None
        s = self._state
        lines = [f"{s.uri}  phase {s.phase.name}: {s.decision}", print_program(s.program)]
        if s.rp:
            lines.append("rewrite points: " + ", ".join(f"{k}={v}" for k, v in s.rp))
        if s.phase is Phase.MAPPING and s.codes:
            lines.append("mapping so far: " + ", ".join(stages.MAP_CODE_NAMES[c] for c in s.codes))
        if s.lowered is not None and s.values:
            lines.append("tuning so far: " + ", ".join(f"{k}={v}" for k, v in s.assignment.items()))
        if s.kernel is not None:
            lines.append("// OpenCL")
            lines.append(s.kernel.source)
        if self._evaluation is not None:
            lines.append(f"reward {self._evaluation.reward:.4f} ({self._evaluation.source})")
        return "\n".join(lines) + "\n"

    def close(self) -> None:
        self.reward_fn.close()
        super().close()

    # --- extras ---
    @property
    def state(self) -> State:
        """The current transition state (frozen)."""
        assert self._state is not None, "call reset() first"
        return self._state

    def episode_state(self) -> EpisodeState:
        """The episode so far as a serialisable record (JSON with `.to_json()`); see lift_gym.episode."""
        return EpisodeState.from_state(self.state, self._evaluation, self.reward_fn)

    def _obs(self) -> dict[str, np.ndarray]:
        return encode.encode(self.state, self._hw_features())

    def _hw_features(self) -> np.ndarray | None:
        """P000 features of the kernel as decided so far: from phase TUNING on (the values chosen so far, the
        code generator's defaults for the rest); None before (no lowered program yet)."""
        s = self.state
        if self._evaluation is not None and self._evaluation.final.features:
            return np.array([self._evaluation.final.features.get(n, 0.0) for n in FEATURE_NAMES])
        if s.lowered is None:
            return None
        program, sizes, local = s.decided()
        key = (program, tuple(sorted(sizes.items())), None if local is None else tuple(local))
        feats = self._hw_cache.get(key)
        if feats is None:  # the features are a pure function of the decided kernel: episodes reach the same ones
            if len(self._hw_cache) >= _HW_CACHE_SIZE:
                self._hw_cache.clear()
            feats = self._hw_cache[key] = program_features(program, sizes, local, self.reward_fn.ctx.profile_model)
        return np.array(feats)

    def _info(self) -> dict[str, Any]:
        s = self.state
        mask = transition.legal_actions(s)
        info: dict[str, Any] = {
            "action_mask": mask.astype(np.int8),
            "phase": s.phase.name,
            "decision": s.decision,
            "benchmark": s.uri,
            "env_version": env_version(self.config.rewrite_points),
        }
        if self._evaluation is not None:
            info.update(copy.deepcopy(self._evaluation.info()))
            info["program_key"] = s.lowered.key if s.lowered is not None else None
            info["kernel_key"] = s.kernel.key if s.kernel is not None else None
        if s.phase is not Phase.REWRITE:
            info["mapping_source"] = s.mapping.source
            info["mapping_search_exhausted"] = s.mapping.exhausted
        return info
