"""The policy network's front: a `BaseFeaturesExtractor` for LiftGym's Dict observation, via `policy_kwargs`.

`NodePoolExtractor` embeds every node of the current program with one shared MLP (so one policy reads programs
of any size up to `max_nodes`), adds each node's parent embedding (one round of message passing along
`parents`), pools over the real nodes (`node_mask`) by mean, max and a learned attention (which can learn to
look at the node the decision is about: the node features carry a "decision target" flag), and concatenates
the pooled vector with an embedding of the flat vectors (phase, decision, slots, assigned, summary, features).
Its size does not depend on `max_nodes`; SB3's `CombinedExtractor` (extractor: combined) flattens the
(256 x 86) node matrix instead.

`policy_class(cfg)` is the policy MaskablePPO is built with: SB3's MultiInputPolicy (`head: flat`, one linear
layer from the policy MLP to every action) or `agents.node_policy.NodeHeadPolicy` (`head: node`, rewrite actions
scored per node; it brings its own extractor, `NodeMessageExtractor`).
"""

from __future__ import annotations

from typing import Any

import torch as th
from gymnasium import spaces
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, CombinedExtractor
from torch import nn

from .config import PolicyConfig

NODE_KEYS = ("nodes", "parents", "node_mask")


class NodePoolExtractor(BaseFeaturesExtractor):
    """Per-node MLP + parent message + masked mean/max/attention pooling, plus the flat vectors.

    Args:
        observation_space: LiftGym's Dict observation space.
        features_dim: size of the output features.
        node_dim: size of each node's embedding.
    """

    def __init__(self, observation_space: spaces.Dict, features_dim: int = 128, node_dim: int = 64):
        super().__init__(observation_space, features_dim)
        n_node = int(observation_space["nodes"].shape[-1])
        self.flat_keys = tuple(k for k in sorted(observation_space.spaces) if k not in NODE_KEYS)
        n_flat = sum(int(observation_space[k].shape[0]) for k in self.flat_keys)
        self.node_in = nn.Sequential(nn.Linear(n_node, node_dim), nn.ReLU(), nn.Linear(node_dim, node_dim), nn.ReLU())
        self.message = nn.Sequential(nn.Linear(2 * node_dim, node_dim), nn.ReLU())
        self.attend = nn.Linear(node_dim, 1)
        self.flat = nn.Sequential(nn.Linear(n_flat, node_dim), nn.ReLU())
        self.out = nn.Sequential(nn.Linear(4 * node_dim, features_dim), nn.ReLU())

    def forward(self, obs: dict[str, th.Tensor]) -> th.Tensor:
        mask = obs["node_mask"] > 0.5  # (B, N)
        h = self.node_in(obs["nodes"])  # (B, N, D)
        parents = obs["parents"].long()
        has_parent = (parents >= 0).unsqueeze(-1)
        idx = parents.clamp(min=0).unsqueeze(-1).expand(-1, -1, h.shape[-1])
        h = self.message(th.cat([h, th.gather(h, 1, idx) * has_parent], dim=-1))
        m = mask.unsqueeze(-1)
        count = m.sum(dim=1).clamp(min=1)
        mean = (h * m).sum(dim=1) / count
        maxed = h.masked_fill(~m, -1e4).amax(dim=1) * (count > 0)
        scores = self.attend(h).squeeze(-1).masked_fill(~mask, -1e4)
        attn = (th.softmax(scores, dim=1).unsqueeze(-1) * h).sum(dim=1)
        flat = self.flat(th.cat([obs[k].flatten(1) for k in self.flat_keys], dim=1))
        return self.out(th.cat([mean, maxed, attn, flat], dim=1))


def policy_class(cfg: PolicyConfig) -> type:
    """The policy class MaskablePPO is built with for a policy section (`head`: flat | node)."""
    if cfg.head == "node":
        from .node_policy import NodeHeadPolicy  # sb3_contrib's policies: imported with the network

        return NodeHeadPolicy
    from sb3_contrib import MaskablePPO

    return MaskablePPO.policy_aliases["MultiInputPolicy"]


def policy_kwargs(cfg: PolicyConfig) -> dict[str, Any]:
    """MaskablePPO's `policy_kwargs` for a policy section (the algorithm is never subclassed)."""
    act = {"tanh": nn.Tanh, "relu": nn.ReLU}[cfg.activation]
    kw: dict[str, Any] = {"net_arch": list(cfg.net_arch), "activation_fn": act}
    if cfg.head == "node":
        from .node_policy import NodeMessageExtractor

        kw["features_extractor_class"] = NodeMessageExtractor
        kw["features_extractor_kwargs"] = {"features_dim": cfg.features_dim, "node_dim": cfg.node_dim}
    elif cfg.extractor == "nodes":
        kw["features_extractor_class"] = NodePoolExtractor
        kw["features_extractor_kwargs"] = {"features_dim": cfg.features_dim, "node_dim": cfg.node_dim}
    else:
        kw["features_extractor_class"] = CombinedExtractor
    return kw


def optimizer_kwargs(algorithm: str) -> dict[str, Any]:
    """The `policy_kwargs` entries of the optimiser `algorithm` trains with: RMSprop as SB3's A2C for MaskableA2C,
    none (SB3's Adam) otherwise."""
    if algorithm != "MaskableA2C":
        return {}
    import torch

    return {"optimizer_class": torch.optim.RMSprop, "optimizer_kwargs": {"alpha": 0.99, "eps": 1e-5, "weight_decay": 0}}


__all__ = ["NodePoolExtractor", "optimizer_kwargs", "policy_class", "policy_kwargs"]
