"""`lift-gym fit STORE`: the predicted reward's kNN model, fitted on a measurement store, one model per device.

    lift-gym fit measurements.sqlite                          every device in the store -> knn-DEVICE.npz beside it
    lift-gym fit measurements.sqlite --device pocl --out models/        one device (a fingerprint, or text in one)
    lift-gym fit measurements.sqlite --json                   the models written, as JSON
    lift-gym fit measurements.sqlite --model gbt              gradient boosting -> gbt-DEVICE.npz beside it

Each model is `compiler.perf.model.KnnPerfModel` fitted on the store's successful measurements of one device
and its timed-out ones as censored rows (`KnnPerfModel.fit_store`; failed kernels stay out) and saved as its
.npz + JSON file (no pickle), written atomically as `OUT/knn-DEVICE.npz` (OUT: `--out`, else the store's folder;
DEVICE: the fingerprint with every character outside [A-Za-z0-9._-] replaced by "_", `model_file_name`). Per
device it prints the rows used (ok / censored), the benchmarks and the median relative IQR of the measurements
(the model's noise floor). Give the file, or the folder (the model of the reward's device is picked), to the
env: `gymnasium.make(ENV_ID, reward="predicted", model=PATH)`. A store that is missing or holds no usable
measurement, a `--device` that matches no device of the store (or several), and an `--out` that is not a folder
are one-line errors (exit 2).

`--model gbt` fits the gradient-boosting cost model instead (`compiler.perf.gbt.GbtPerfModel.fit_store`: the same
rows, log normalised throughput over the features and what they derive), saved as its .npz + JSON file (no pickle)
to `OUT/gbt-DEVICE.npz`; the predicted reward and the `model` and `evolution` searches read either kind of file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

from tqdm.auto import tqdm

from compiler.errors import StoreError
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.gbt import GbtPerfModel
from compiler.perf.gbt import model_file_name as gbt_file_name
from compiler.perf.model import KnnPerfModel, ModelUnavailable, model_file_name
from compiler.perf.store import MeasurementStore

from .pipeline import fit
from .subcommand import CliError, command


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("store", metavar="STORE", help="a measurement store (sqlite), as `lift-gym pipeline` writes it")
    p.add_argument("--device", metavar="DEVICE",
                   help="only this device: its fingerprint, or text found in exactly one of the store's devices")
    p.add_argument("--out", metavar="DIR", help="the folder the model files go to (default: the store's folder)")
    p.add_argument("--model", choices=("knn", "gbt"), default="knn",
                   help="the kind of model: knn (seed 000's kNN, default) or gbt (gradient boosting)")
    p.add_argument("--json", action="store_true", help="print the models written as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def store_devices(store: str) -> Counter:
    """Usable measurements (status ok, every P000 feature) per device fingerprint of a store."""
    path = Path(store)
    if not path.is_file():
        why = ("is a directory" if path.is_dir() else "is not a regular file" if path.exists()
               else "does not exist")
        raise CliError(f"measurement store {store} {why}")
    try:
        st = MeasurementStore(path, readonly=True)
        try:
            rows = [r for r in st.records(status="ok") if r.median_s and r.features]
        finally:
            st.close()
    except StoreError as err:
        raise CliError(str(err)) from None
    counts = Counter(r.device for r in rows if all(n in r.features for n in FEATURE_NAMES))
    if rows and not counts:
        missing = [n for n in FEATURE_NAMES if any(n not in r.features for r in rows)]
        raise CliError(f"measurement store {store}: its {len(rows)} measurements with features are of an older "
                       f"feature set (without {', '.join(missing)}); measure the kernels again or use a new store")
    return counts


def pick_devices(counts: Counter, wanted: str | None, store: str) -> list[str]:
    """The devices to fit: all of the store's, or the one `wanted` names (exactly, or as text in one)."""
    if not counts:
        raise CliError(f"measurement store {store} holds no usable measurement (status ok, with features)")
    if wanted is None:
        return sorted(counts)
    if wanted in counts:
        return [wanted]
    hits = [d for d in counts if wanted.lower() in d.lower()]
    if len(hits) == 1:
        return hits
    known = ", ".join(f"{d} ({n} rows)" for d, n in sorted(counts.items()))
    what = "matches several devices" if hits else "matches no device"
    raise CliError(f"--device {wanted!r} {what} of measurement store {store}; its devices: {known}")


@command("fit", configure=_configure)
def cmd_fit(args: argparse.Namespace) -> int:
    counts = store_devices(args.store)
    devices = pick_devices(counts, args.device, args.store)
    out = Path(args.out) if args.out else Path(args.store).resolve().parent
    if not out.is_dir():
        raise CliError(f"--out {out}: not a folder (it must exist)")
    quiet = args.quiet or args.json
    log = (lambda m: None) if quiet else (lambda m: print(m, file=sys.stderr))
    written = []
    for device in tqdm(devices, desc="fit", unit="device", disable=quiet or len(devices) < 2):
        if getattr(args, "model", "knn") == "gbt":
            written.append(fit_gbt(args.store, device, out / gbt_file_name(device)))
            continue
        path = out / model_file_name(device)
        try:
            info = fit(args.store, device, path, log=log)
        except (ModelUnavailable, StoreError) as err:
            raise CliError(str(err)) from None
        try:
            summary = KnnPerfModel.load(path, device).summary()
        except ModelUnavailable as err:
            raise CliError(str(err)) from None
        written.append({"path": str(path), **info, **summary})
    if args.json:
        print(json.dumps(written, indent=2))
    else:
        for w in written:
            print(describe(w))
    return 0


def fit_gbt(store: str, device: str, path: Path) -> dict:
    """The gradient-boosting model of `device` on the store, saved atomically to `path`: its summary."""
    try:
        st = MeasurementStore(store, readonly=True)
        try:
            model = GbtPerfModel.fit_store(st, device)
        finally:
            st.close()
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        model.save(tmp)
        os.replace(tmp, path)
        return {"path": str(path), **GbtPerfModel.load(path, device).summary()}
    except (ModelUnavailable, StoreError) as err:
        raise CliError(str(err)) from None


def describe(w: dict) -> str:
    """One line per device: rows used (ok / censored), benchmarks, median relative IQR, file."""
    if w.get("kind") == "gbt":
        noise = "no IQR recorded" if w["median_rel_iqr"] is None else f"median relative IQR {w['median_rel_iqr']:.3g}"
        return (f"{w['device']}: {w['rows']} rows ({w['ok']} ok / {w['censored']} censored), {w['benchmarks']} "
                f"benchmarks, {noise}, gradient boosting of {w['iterations']} trees -> {w['path']}")
    noise = "no IQR recorded" if w["median_rel_iqr"] is None else f"median relative IQR {w['median_rel_iqr']:.3g}"
    return (f"{w['device']}: {w['rows']} rows ({w['ok']} ok / {w['censored']} censored), {w['benchmarks']} "
            f"benchmarks, {noise}, {w['pca_components']} PCA components -> {w['path']}")


__all__ = ["cmd_fit", "describe", "model_file_name", "pick_devices", "store_devices"]
