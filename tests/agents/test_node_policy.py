"""The per-node action head (`policy.head: node`): layout, masking, per-node scoring, save/load, learning."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch as th
from agent_fixtures import SMALL, tiny_config

from agents.config import ConfigError, config_from_dict
from agents.node_policy import NodeHeadPolicy, NodeMessageExtractor, layout_order
from lift_gym.episode import ENV_ID

MAX_NODES, N_SLOTS = 24, 8


@pytest.fixture(scope="module")
def env():
    e = gym.make(ENV_ID, benchmark=SMALL, reward="analytical", max_rewrites=2, max_nodes=MAX_NODES, n_slots=N_SLOTS)
    yield e
    e.close()


def _policy(env, seed: int = 0) -> NodeHeadPolicy:
    th.manual_seed(seed)
    return NodeHeadPolicy(env.observation_space, env.action_space, lambda _: 1e-3, net_arch=[32],
                          features_extractor_kwargs={"features_dim": 32, "node_dim": 16}, head_hidden=32)


def _batch(obs: dict) -> dict[str, th.Tensor]:
    return {k: th.as_tensor(v).unsqueeze(0) for k, v in obs.items()}


def _layout(env):
    return env.unwrapped.layout


def test_layout_order_places_each_scorer_at_its_actions(env):
    lay = _layout(env)
    order = layout_order(lay)
    assert sorted(order.tolist()) == list(range(lay.n))
    # the head's concatenation: R x N rewrite scores (rule-major), stop, codes, slots, named lowerings
    r, s = lay.n_rules - 1, 5
    assert order[lay.rewrite(r, s)] == r * lay.max_nodes + s
    assert order[lay.done] == lay.n_rules * lay.max_nodes
    assert order[lay.map_base + 2] == lay.n_rules * lay.max_nodes + 1 + 2
    assert order[lay.tune_base + 3] == lay.n_rules * lay.max_nodes + 1 + lay.n_codes + 3


def test_rewrite_logits_are_the_node_scores(env):
    policy = _policy(env)
    obs = _batch(env.reset(seed=0)[0])
    lay = _layout(env)
    with th.no_grad():
        logits = policy.action_logits(obs)
        h, _, pooled = policy.features_extractor.encode(obs)
        scores = policy.action_net.rewrite_scores(h, policy.mlp_extractor.forward_actor(pooled))
    assert logits.shape == (1, lay.n)
    for rule, site in ((0, 0), (lay.n_rules - 1, 3), (2, MAX_NODES - 1)):
        assert logits[0, lay.rewrite(rule, site)] == pytest.approx(float(scores[0, site, rule]), abs=1e-6)


def test_illegal_actions_get_zero_probability_in_every_phase(env):
    policy = _policy(env)
    rng = np.random.default_rng(0)
    phases: set[str] = set()
    for episode in range(6):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            mask = env.unwrapped.action_masks()
            with th.no_grad():
                dist = policy.get_distribution(_batch(obs), action_masks=mask[None])
                probs = dist.distribution.probs[0].numpy()
            assert probs[~mask].max(initial=0.0) == 0.0
            assert probs[mask].sum() == pytest.approx(1.0, abs=1e-5) and (probs[mask] > 0).all()
            phases.add(info["phase"])
            obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if {"REWRITE", "MAPPING", "TUNING"} <= phases:
            break
    assert {"REWRITE", "MAPPING", "TUNING"} <= phases


def _relabel(obs: dict, perm: np.ndarray) -> dict:
    """`obs` with node i moved to site perm[i] (parents relabelled); the flat vectors unchanged."""
    out = {k: v.copy() for k, v in obs.items()}
    for key in ("nodes", "node_mask"):
        out[key][perm] = obs[key]
    parents = obs["parents"].astype(int)
    out["parents"][perm] = np.where(parents >= 0, perm[np.maximum(parents, 0)], -1)
    return out


def test_rewrite_scores_follow_the_node_not_its_site(env):
    policy = _policy(env)
    lay = _layout(env)
    obs = env.reset(seed=0)[0]
    n = int(obs["node_mask"].sum())
    perm = np.arange(MAX_NODES)
    perm[:n] = np.random.default_rng(0).permutation(n)
    with th.no_grad():
        a = policy.action_logits(_batch(obs))[0].numpy()
        b = policy.action_logits(_batch(_relabel(obs, perm)))[0].numpy()
    rewrite_a = a[:lay.done].reshape(lay.n_rules, lay.max_nodes)[:, :n]
    rewrite_b = b[:lay.done].reshape(lay.n_rules, lay.max_nodes)[:, perm[:n]]
    np.testing.assert_allclose(rewrite_b, rewrite_a, atol=1e-5)
    np.testing.assert_allclose(b[lay.done:], a[lay.done:], atol=1e-5)  # the context is order-free
    assert np.ptp(rewrite_a, axis=1).max() > 1e-4  # different nodes get different scores


def test_same_subtree_at_two_sites_gets_the_same_rewrite_scores(env):
    policy = _policy(env, seed=1)
    lay = _layout(env)
    obs = {k: np.zeros_like(v) for k, v in env.reset(seed=0)[0].items()}
    rng = np.random.default_rng(1)
    root, a, a_child, b = (rng.uniform(-1, 1, obs["nodes"].shape[1]).astype(np.float32) for _ in range(4))
    # root(0) -> a(1) -> a_child(2);  root -> a(3) -> a_child(4);  root -> b(5) -> a_child(6)
    rows = [root, a, a_child, a, a_child, b, a_child]
    obs["nodes"][:len(rows)] = rows
    obs["parents"][:] = -1
    obs["parents"][1:len(rows)] = [0, 1, 0, 3, 0, 5]
    obs["node_mask"][:len(rows)] = 1
    with th.no_grad():
        logits = policy.action_logits(_batch(obs))[0].numpy()
    scores = logits[:lay.done].reshape(lay.n_rules, lay.max_nodes)
    np.testing.assert_allclose(scores[:, 3], scores[:, 1], atol=1e-5)
    np.testing.assert_allclose(scores[:, 4], scores[:, 2], atol=1e-5)
    assert np.abs(scores[:, 5] - scores[:, 1]).max() > 1e-4  # another subtree scores differently


def test_node_head_save_load_round_trip(tmp_path, env):
    from sb3_contrib import MaskablePPO

    from agents.untrusted import load_maskable_ppo

    cfg = config_from_dict(tiny_config(env={"max_nodes": MAX_NODES, "n_slots": N_SLOTS, "max_rewrites": 2},
                                       policy={"head": "node"}))
    from agents.policy import policy_class, policy_kwargs

    model = MaskablePPO(policy_class(cfg.policy), env, policy_kwargs=policy_kwargs(cfg.policy), seed=0, device="cpu")
    model.save(tmp_path / "m.zip")
    obs = _batch(env.reset(seed=2)[0])
    with th.no_grad():
        want = model.policy.action_logits(obs)
        for loaded in (MaskablePPO.load(tmp_path / "m.zip", device="cpu"),
                       load_maskable_ppo(tmp_path / "m.zip", cfg, device="cpu")):
            assert isinstance(loaded.policy, NodeHeadPolicy)
            assert isinstance(loaded.policy.features_extractor, NodeMessageExtractor)
            th.testing.assert_close(loaded.policy.action_logits(obs), want)
            th.testing.assert_close(loaded.policy.predict_values(obs), model.policy.predict_values(obs))


def test_node_head_learns_256_steps_and_acts_legally(tmp_path):
    from sb3_contrib import MaskablePPO

    from agents.envs import make_vec_env
    from agents.train import train

    cfg = config_from_dict(tiny_config(policy={"head": "node"}, env={"max_nodes": 32, "n_slots": 8, "max_rewrites": 2}))
    r = train(cfg, out_dir=tmp_path / "run", log=lambda s: None)
    assert r.num_timesteps >= 256 and r.episodes > 0
    model = MaskablePPO.load(r.model_path, device="cpu")
    assert isinstance(model.policy, NodeHeadPolicy)
    venv = make_vec_env(cfg.env, cfg.reward, seed=5)
    obs = venv.reset()
    for _ in range(20):
        masks = np.stack(venv.env_method("action_masks"))
        action, _ = model.predict(obs, action_masks=masks, deterministic=False)
        assert masks[0, int(action[0])]
        obs, _, _, _ = venv.step(action)
    venv.close()


def test_node_head_config_is_checked():
    assert config_from_dict({"policy": {"head": "node"}}).policy.head == "node"
    assert config_from_dict({}).policy.head == "flat"
    with pytest.raises(ConfigError, match=r"policy\.head: expected one of flat, node, got \"nod\" \(did you mean"):
        config_from_dict({"policy": {"head": "nod"}})
    with pytest.raises(ConfigError, match=r"policy\.head: node .* needs extractor: nodes"):
        config_from_dict({"policy": {"head": "node", "extractor": "combined"}})
