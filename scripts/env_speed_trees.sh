#!/usr/bin/env bash
# Env speed of several commits side by side, on one machine: lift_gym.speed with the analytical and the predicted
# reward over the same four benchmarks, every tree in each round at once (one core each), rounds repeated.
#   scripts/env_speed_trees.sh ROUNDS TREE_DIR...    (each TREE_DIR a checkout or `git archive` of a commit)
# The predicted reward's model: `lift-gym fit` on the PoCL measurements of tests/agents/data/pocl_measurements.json,
# loaded into a store by the first tree. Prints one line per (round, tree, reward).
set -euo pipefail
rounds=$1; shift
work=$(mktemp -d)
B=("benchmark://lift/gemv?M=512&N=512" "benchmark://lift/mm?M=128&N=128&K=128" benchmark://lift/stencil2d/512
   benchmark://lift/gaussian/512)
(cd "$1" && PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} python3 - "$work/store.sqlite" <<'PY'
import json, sys
from compiler.perf.store import MeasurementStore
data = json.load(open("tests/agents/data/pocl_measurements.json"))
store = MeasurementStore(sys.argv[1])
for r in data["rows"]:
    store.put(key=r["key"], benchmark=r["benchmark"], program_key=r["program_key"], kernel_key=r["kernel_key"],
              device=r["device"], report={k: r[k] for k in ("status", "median_s", "iqr_s")}, features=r["features"])
store.close()
PY
mkdir -p "$work/model" && PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} python3 -m agents fit "$work/store.sqlite" --out "$work/model" --quiet)
model=$(ls "$work"/model/*.npz | head -1)
for r in $(seq "$rounds"); do
  core=2
  for tree in "$@"; do
    (cd "$tree" && for reward in analytical predicted; do
       extra=(); [ "$reward" = predicted ] && extra=(--model "$model")
       line=$(PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} taskset -c $core python3 -W ignore -m lift_gym.speed --reward $reward "${extra[@]}" \
              --max-rewrites 2 --episodes 10 --warmup 2 "${B[@]}" | tail -1)
       echo "round $r  $(basename "$tree")  $reward  $line"
     done) &
    core=$((core + 2))
  done
  wait
done
