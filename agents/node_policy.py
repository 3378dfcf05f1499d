"""A MaskablePPO policy whose rewrite logits are scored per node, so that "rule r at this node" means the same
thing in every program (`policy.head: node`).

The flat head (SB3's) maps one pooled vector to every action of the layout: the logit of "rule r at site k" is a
weight of output unit r * max_nodes + k, which stands for whatever node has pre-order index k in the program at
hand, so nothing learnt about a site carries over to another program. `NodeHeadPolicy` scores actions from
the nodes themselves:

    h_i     = node embedding of node i after `rounds` rounds of message passing (parent and mean of children)
    c       = latent_pi: the policy MLP over the pooled features (mean, max, attention over nodes + flat vectors)
    t       = embedding of the decision's target node (the node features' "decision target" flag; 0 if none)

    logit[rule r, site i] = rewrite(h_i, c)[r]                 one shared MLP per node, R outputs
    logit[stop]           = stop(c)
    logit[map code k]     = mapping(c, t)[k]
    logit[tuning slot j]  = slot(c, t, value_j, j / n_slots)   one shared MLP per slot (value_j from `slots`)
    logit[named lowering] = template(c)

The scores are placed in the env's fixed Discrete layout through `transition.ActionLayout`'s own index methods
(`rewrite(rule, site)`, `done`, `map_base`, `tune_base`, `template(name)`), never hard-coded offsets; padding
nodes' logits are computed but always masked. The value head is SB3's (a linear layer after the value MLP over
the pooled features). The class is a plain `MaskableActorCriticPolicy` subclass: SB3's save and load record it
by its import path (`agents.node_policy.NodeHeadPolicy`) and its constructor keywords.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import torch as th
from gymnasium import spaces
from sb3_contrib.common.maskable.distributions import MaskableDistribution
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.preprocessing import preprocess_obs
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.type_aliases import Schedule
from torch import nn

from lift_gym import encode
from lift_gym.transition import ActionLayout, Config

NODE_KEYS = ("nodes", "parents", "node_mask")
TARGET_COLUMN = encode._TARGET  # the node feature that flags the node the current decision is about


class NodeMessageExtractor(BaseFeaturesExtractor):
    """Node embeddings after message passing, and pooled features for the MLPs after it.

    Each node is embedded by one shared MLP, then `rounds` residual rounds mix in its parent's embedding and the
    mean of its children's (so a node sees its subtree and its context up to `rounds` edges away). `forward`
    returns the pooled features (masked mean, max and learned attention over the real nodes, plus an embedding
    of the flat vectors): the input of the policy and value MLPs. `encode` also returns the node embeddings.

    Args:
        observation_space: LiftGym's Dict observation space.
        features_dim: size of the pooled features.
        node_dim: size of each node's embedding.
        rounds: rounds of message passing.
    """

    def __init__(self, observation_space: spaces.Dict, features_dim: int = 128, node_dim: int = 64, rounds: int = 2):
        super().__init__(observation_space, features_dim)
        n_node = int(observation_space["nodes"].shape[-1])
        self.flat_keys = tuple(k for k in sorted(observation_space.spaces) if k not in NODE_KEYS)
        n_flat = sum(int(observation_space[k].shape[0]) for k in self.flat_keys)
        self.node_dim = node_dim
        self.node_in = nn.Sequential(nn.Linear(n_node, node_dim), nn.ReLU(), nn.Linear(node_dim, node_dim), nn.ReLU())
        self.rounds = nn.ModuleList(nn.Sequential(nn.Linear(3 * node_dim, node_dim), nn.ReLU()) for _ in range(rounds))
        self.attend = nn.Linear(node_dim, 1)
        self.flat = nn.Sequential(nn.Linear(n_flat, node_dim), nn.ReLU())
        self.out = nn.Sequential(nn.Linear(4 * node_dim, features_dim), nn.ReLU())

    def encode(self, obs: dict[str, th.Tensor]) -> tuple[th.Tensor, th.Tensor, th.Tensor]:
        """(node embeddings (B, N, D), node mask (B, N) bool, pooled features (B, features_dim))."""
        mask = obs["node_mask"] > 0.5
        m = mask.unsqueeze(-1).to(obs["nodes"].dtype)
        h = self.node_in(obs["nodes"]) * m
        parents = obs["parents"].long()
        has_parent = ((parents >= 0) & mask).unsqueeze(-1).to(h.dtype)
        idx = parents.clamp(min=0).unsqueeze(-1).expand(-1, -1, h.shape[-1])
        n_children = th.zeros_like(m).scatter_add_(1, idx[..., :1], has_parent).clamp(min=1)
        for layer in self.rounds:
            up = th.gather(h, 1, idx) * has_parent
            down = th.zeros_like(h).scatter_add_(1, idx, h * has_parent) / n_children
            h = (h + layer(th.cat([h, up, down], dim=-1))) * m
        count = m.sum(dim=1).clamp(min=1)
        mean = h.sum(dim=1) / count
        maxed = h.masked_fill(~mask.unsqueeze(-1), -1e4).amax(dim=1) * (m.sum(dim=1) > 0)
        scores = self.attend(h).squeeze(-1).masked_fill(~mask, -1e4)
        attn = (th.softmax(scores, dim=1).unsqueeze(-1) * h).sum(dim=1)
        flat = self.flat(th.cat([obs[k].flatten(1) for k in self.flat_keys], dim=1))
        return h, mask, self.out(th.cat([mean, maxed, attn, flat], dim=1))

    def forward(self, obs: dict[str, th.Tensor]) -> th.Tensor:
        return self.encode(obs)[2]


def layout_of(observation_space: spaces.Dict, action_space: spaces.Discrete) -> ActionLayout:
    """The env's action layout for these spaces (max_nodes and n_slots read from the observation space)."""
    max_nodes = int(observation_space["nodes"].shape[0])
    n_slots = int(observation_space["slots"].shape[0])
    layout = Config(max_nodes=max_nodes, n_slots=n_slots).layout
    if layout.n != int(action_space.n):
        raise ValueError(f"action space Discrete({action_space.n}) is not the env layout of max_nodes={max_nodes}, "
                         f"n_slots={n_slots} (Discrete({layout.n})): the rewrite rules the env offers changed")
    return layout


def layout_order(layout: ActionLayout) -> np.ndarray:
    """For each action of the layout, its index in the head's concatenated scores
    [rewrite (rule-major, R x N), stop, map codes, tuning slots, named lowerings]."""
    positions = [layout.rewrite(r, s) for r in range(layout.n_rules) for s in range(layout.max_nodes)]
    positions.append(layout.done)
    positions += [layout.map_base + k for k in range(layout.n_codes)]
    positions += [layout.tune_base + j for j in range(layout.n_slots)]
    positions += [layout.template_base + k for k in range(layout.n_templates)]
    pos = np.asarray(positions, dtype=np.int64)
    if pos.size != layout.n or not np.array_equal(np.sort(pos), np.arange(layout.n)):
        raise ValueError(f"the action layout ({layout}) is not covered once by its rewrite, stop, mapping, slot and "
                         "named-lowering actions")
    order = np.empty(layout.n, dtype=np.int64)
    order[pos] = np.arange(layout.n)
    return order


class NodeActionHead(nn.Module):
    """The per-node, per-slot and global scorers (see the module docstring); `forward` gives layout-ordered logits."""

    def __init__(self, layout: ActionLayout, context_dim: int, node_dim: int, hidden: int = 64):
        super().__init__()
        self.layout = layout
        self.register_buffer("order", th.as_tensor(layout_order(layout)), persistent=False)
        self.rewrite_hidden = nn.Sequential(nn.Linear(node_dim + context_dim, hidden), nn.ReLU())
        self.rewrite_out = nn.Linear(hidden, layout.n_rules)
        self.stop_out = nn.Linear(context_dim, 1)
        self.map_hidden = nn.Sequential(nn.Linear(context_dim + node_dim, hidden), nn.ReLU())
        self.map_out = nn.Linear(hidden, layout.n_codes)
        self.slot_hidden = nn.Sequential(nn.Linear(context_dim + node_dim + 2, hidden), nn.ReLU())
        self.slot_out = nn.Linear(hidden, 1)
        self.template_out = nn.Linear(context_dim, layout.n_templates)

    def output_layers(self) -> tuple[nn.Module, ...]:
        return (self.rewrite_out, self.stop_out, self.map_out, self.slot_out, self.template_out)

    def rewrite_scores(self, h: th.Tensor, context: th.Tensor) -> th.Tensor:
        """(B, N, R): rule scores of every node from its embedding and the context."""
        c = context.unsqueeze(1).expand(-1, h.shape[1], -1)
        return self.rewrite_out(self.rewrite_hidden(th.cat([h, c], dim=-1)))

    def forward(self, h: th.Tensor, mask: th.Tensor, context: th.Tensor, obs: dict[str, th.Tensor]) -> th.Tensor:
        b = h.shape[0]
        rewrite = self.rewrite_scores(h, context).transpose(1, 2).reshape(b, -1)  # rule-major, as layout.rewrite
        flag = obs["nodes"][..., TARGET_COLUMN].clamp(min=0) * mask
        target = (flag.unsqueeze(-1) * h).sum(dim=1) / flag.sum(dim=1, keepdim=True).clamp(min=1)
        ct = th.cat([context, target], dim=-1)
        n_slots = self.layout.n_slots
        slot_in = th.cat([ct.unsqueeze(1).expand(-1, n_slots, -1), obs["slots"].unsqueeze(-1),
                          th.linspace(0, 1, n_slots, device=h.device).expand(b, -1).unsqueeze(-1)], dim=-1)
        parts = [rewrite, self.stop_out(context), self.map_out(self.map_hidden(ct)),
                 self.slot_out(self.slot_hidden(slot_in)).squeeze(-1), self.template_out(context)]
        return th.cat(parts, dim=1)[:, self.order]


class NodeHeadPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's actor-critic with per-node rewrite scoring (see the module docstring).

    The features extractor must be a `NodeMessageExtractor` (the default here); `net_arch` builds SB3's policy
    and value MLPs over its pooled features, the policy MLP's output being the context `c`. `head_hidden` is the
    hidden width of the scorers.
    """

    def __init__(self, observation_space: spaces.Dict, action_space: spaces.Discrete, lr_schedule: Schedule,
                 *args: Any, features_extractor_class: type[BaseFeaturesExtractor] = NodeMessageExtractor,
                 head_hidden: int = 64, **kwargs: Any):
        if not (isinstance(features_extractor_class, type) and issubclass(features_extractor_class,
                                                                          NodeMessageExtractor)):
            raise ValueError(f"NodeHeadPolicy needs a NodeMessageExtractor, got {features_extractor_class!r}")
        self.layout = layout_of(observation_space, action_space)
        self.head_hidden = head_hidden
        super().__init__(observation_space, action_space, lr_schedule, *args,
                         features_extractor_class=features_extractor_class, **kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data["head_hidden"] = self.head_hidden
        data["share_features_extractor"] = self.share_features_extractor
        return data

    def _build(self, lr_schedule: Schedule) -> None:
        self._build_mlp_extractor()
        node_dim = self.pi_features_extractor.node_dim
        self.action_net = NodeActionHead(self.layout, self.mlp_extractor.latent_dim_pi, node_dim, self.head_hidden)
        self.value_net = nn.Linear(self.mlp_extractor.latent_dim_vf, 1)
        if self.ortho_init:  # SB3's gains: sqrt(2) for hidden layers, 0.01 for the action outputs, 1 for the value
            gains: dict[nn.Module, float] = {self.pi_features_extractor: np.sqrt(2), self.mlp_extractor: np.sqrt(2),
                                             self.action_net: np.sqrt(2), self.value_net: 1.0}
            gains[self.vf_features_extractor] = np.sqrt(2)
            for layer in self.action_net.output_layers():
                gains[layer] = 0.01
            for module, gain in gains.items():
                module.apply(partial(self.init_weights, gain=gain))
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    # --- the forward passes (SB3's, with the observation reaching the action head) ---
    def _preprocess(self, obs) -> dict[str, th.Tensor]:
        return preprocess_obs(obs, self.observation_space, normalize_images=self.normalize_images)

    def _logits(self, obs: dict[str, th.Tensor]) -> tuple[th.Tensor, th.Tensor]:
        """The unmasked logits (B, n) in the env's layout and the pooled features of the policy's extractor."""
        h, mask, pooled = self.pi_features_extractor.encode(obs)
        latent_pi = self.mlp_extractor.forward_actor(pooled)
        return self.action_net(h, mask, latent_pi, obs), pooled

    def _actor(self, obs: dict[str, th.Tensor]) -> tuple[MaskableDistribution, th.Tensor]:
        logits, pooled = self._logits(obs)
        return self.action_dist.proba_distribution(action_logits=logits), pooled

    def _critic(self, obs: dict[str, th.Tensor], pooled: th.Tensor | None = None) -> th.Tensor:
        if pooled is None or not self.share_features_extractor:
            pooled = self.vf_features_extractor(obs)
        return self.value_net(self.mlp_extractor.forward_critic(pooled))

    def forward(self, obs, deterministic: bool = False, action_masks: np.ndarray | None = None):
        obs = self._preprocess(obs)
        distribution, pooled = self._actor(obs)
        if action_masks is not None:
            distribution.apply_masking(action_masks)
        actions = distribution.get_actions(deterministic=deterministic)
        log_prob = distribution.log_prob(actions)
        return actions.reshape((-1, *self.action_space.shape)), self._critic(obs, pooled), log_prob

    def evaluate_actions(self, obs, actions: th.Tensor, action_masks: th.Tensor | None = None):
        obs = self._preprocess(obs)
        distribution, pooled = self._actor(obs)
        if action_masks is not None:
            distribution.apply_masking(action_masks)
        return self._critic(obs, pooled), distribution.log_prob(actions), distribution.entropy()

    def get_distribution(self, obs, action_masks: np.ndarray | None = None) -> MaskableDistribution:
        distribution, _ = self._actor(self._preprocess(obs))
        if action_masks is not None:
            distribution.apply_masking(action_masks)
        return distribution

    def predict_values(self, obs) -> th.Tensor:
        return self._critic(self._preprocess(obs))

    def action_logits(self, obs) -> th.Tensor:
        """The unmasked logits (B, n) in the env's layout."""
        return self._logits(self._preprocess(obs))[0]


__all__ = ["NodeActionHead", "NodeHeadPolicy", "NodeMessageExtractor", "layout_of", "layout_order"]
