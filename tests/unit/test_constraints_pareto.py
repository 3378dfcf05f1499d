"""Pareto front of (runtime, memory) points (thesis Fig 4.5)."""

from __future__ import annotations

import random

from compiler.constraints.pareto import ParetoFront, pareto_front


def brute(points):
    return sorted({(r, m) for r, m in points
                   if not any(r2 <= r and m2 <= m and (r2 < r or m2 < m) for r2, m2 in points)})


def test_fig_4_5_example():
    f = ParetoFront()
    assert f.add(100.0, 25e6, "space-efficient")
    assert f.add(77.0, 31e6, "fast")
    assert not f.add(120.0, 40e6, "dominated")
    assert not f.add(77.0, 31e6, "equal")
    assert [p[2] for p in f.points] == ["fast", "space-efficient"]
    assert f.best_within(30e6)[2] == "space-efficient" and f.best_within(1e9)[2] == "fast"
    assert f.best_within(1e6) is None
    assert f.add(70.0, 20e6, "dominates both") and len(f) == 1


def test_random_points_match_brute_force():
    rng = random.Random(0)
    for _ in range(50):
        pts = [(rng.randint(1, 20), rng.randint(1, 20)) for _ in range(rng.randint(1, 40))]
        front = pareto_front(pts)
        assert [(r, m) for r, m, _ in front] == brute(pts)
        f = ParetoFront(pts)
        assert all(f.dominated(r, m) for r, m in pts)
