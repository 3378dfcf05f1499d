"""CPU cost of applying a strategy: the env's route up to its first tuning decision of a named lowering.

    python3 scripts/strategy_cost.py                      # every case, each in a fresh interpreter
    python3 scripts/strategy_cost.py --only mm-thin,mm-thin-sk --json

Each case runs in its own Python process (cold caches, imports excluded from the times): the REWRITE decision,
which offers the named lowerings whose space has a point (`templates.available_templates`), then the template
chosen and its first TUNING decision with exactly its valid values (`decisions.next_decision`). A case whose
name ends in `-sk` offers mm tiled's split-K (SK) as a decision (`Config(split_k=True)`); the others pin SK = 1
as the env does by default. Times are CPU seconds of the process (`time.process_time`).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "tests" / "data" / "user_programs"
CASES = {  # case -> (benchmark URI, template, split-K offered)
    "mm-thin": ((PROGRAMS / "matmul.lift").as_uri() + "?r=2048&c=512&d=8192", "tiled", False),
    "mm-thin-sk": ((PROGRAMS / "matmul.lift").as_uri() + "?r=2048&c=512&d=8192", "tiled", True),
    "mm-4096": ("benchmark://lift/mm?M=4096&N=4096&K=4096", "tiled", False),
    "mm-4096-sk": ("benchmark://lift/mm?M=4096&N=4096&K=4096", "tiled", True),
    "conv-chw-128x28": ((PROGRAMS / "conv_chw.lift").as_uri() + "?chans=128&feats=128&ht=28&wd=28", None, False),
    "conv-vgg16-7": ("benchmark://lift/conv/vgg16-7", "conv42", False),
}


def measure(case: str) -> dict:
    """The CPU seconds of the case's two decisions, in this process."""
    from compiler.lowering import catalog, decisions

    uri, template, split_k = CASES[case]
    pinned = tuple(p for key, values in catalog.PINNED_WHEN_OFF.items() if key == "split_k" and not split_k
                   for p in values)
    t0 = time.process_time()
    s = decisions.start(uri, decisions.Options(pinned=pinned))
    d = decisions.next_decision(s)
    offered = [v[1] for v in d.values if isinstance(v, tuple) and v[0] == "template"]
    t1 = time.process_time()
    template = template or (offered[0] if offered else None)
    row = {"case": case, "uri": uri, "offered": offered, "offer_s": round(t1 - t0, 3), "template": template}
    if template is None:
        return row
    s = decisions.decide(s, ("template", template))
    d = decisions.next_decision(s)
    t2 = time.process_time()
    row.update(first_tuning=d.key if d else None, values=list(d.values) if d else [], tuning_s=round(t2 - t1, 3),
               total_s=round(t2 - t0, 3))
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help=f"comma-separated cases ({', '.join(CASES)})")
    ap.add_argument("--json", action="store_true", help="one JSON object per case")
    ap.add_argument("--in-process", metavar="CASE", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.in_process:
        print(json.dumps(measure(args.in_process)))
        return 0
    cases = [c for c in args.only.split(",") if c] or list(CASES)
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        ap.error(f"--only: no case {', '.join(unknown)}; cases: {', '.join(CASES)}")
    for case in cases:
        out = subprocess.run([sys.executable, __file__, "--in-process", case], capture_output=True, text=True,
                             cwd=ROOT, check=True)
        row = json.loads(out.stdout.strip().splitlines()[-1])
        if args.json:
            print(json.dumps(row))
        else:
            vals = row.get("values", [])
            shown = vals if len(vals) <= 8 else [*vals[:4], "...", *vals[-2:]]
            print(f"{case:18s} offer {row['offer_s']:6.2f}s  {row.get('template')}: first tuning "
                  f"{row.get('first_tuning')} {shown} {row.get('tuning_s', 0):6.2f}s  total "
                  f"{row.get('total_s', row['offer_s']):6.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
