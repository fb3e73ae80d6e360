"""``make fuzz``: run the fuzzers over a process pool and say what they found.

    python -m tests.fuzz.run [--format NAME ...] [--count N | --seconds S] [--seed N] [--jobs N]

Input ``i`` of a format is made from ``random.Random(f"{seed}:{format}:{i}")`` alone, so a run
repeats exactly, and one input is remade with ``--format F --seed S --only I``. Reproducers go
to ``tests/fuzz/found/<format>/`` (at most three per distinct failure, the first minimised),
with a ``.txt`` beside each saying what it did; ``summary-<format>.json`` holds the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tests.fuzz.formats import FORMATS, ROOT
from tests.fuzz.minimise import minimise
from tests.fuzz.oracle import Failure, make_input, peak_rss_mib, run, sampled_ops

FOUND = ROOT / "tests" / "fuzz" / "found"
BATCH = 20
#: a worker's address space is capped, so that a blow-up is a MemoryError, not a dead machine
MEMORY_CAP = 4 << 30
#: an input that takes a worker's peak RSS past this (MiB) is a failure of kind ``memory``
MEMORY_FAILURE = 200
_WORKDIR: list[str] = []


@dataclass(slots=True)
class Hit:
    """A failing input, as a worker sends it back."""

    index: int
    how: str
    data: bytes
    truth: str | None
    failures: list[Failure]
    minimised: bytes | None = None


@dataclass(slots=True)
class Batch:
    """What a worker did with a run of inputs."""

    inputs: int = 0
    seconds: float = 0.0
    slowest: tuple[float, int, str] = (0.0, -1, "")
    peak_rss_mib: float = 0.0
    hits: list[Hit] = field(default_factory=list)


def _init() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    _WORKDIR.append(tempfile.mkdtemp(prefix="kifu-fuzz-"))


def run_one(name: str, seed: int, index: int, workdir: str, all_targets: bool) -> tuple[Any, ...]:
    """Make input ``index`` and run the oracle on it: ``(data, how, truth, result)``."""
    data, how, truth = make_input(name, seed, index, workdir)
    ops = None if all_targets else sampled_ops(FORMATS[name], random.Random(f"{seed}:{name}:{index}:ops"))
    return data, how, truth, run(FORMATS[name], data, workdir, truth, ops)


def run_batch(name: str, seed: int, indices: list[int], all_targets: bool, seen: frozenset[str]) -> Batch:
    """Inputs ``indices`` of ``name`` (in a worker); new failures are minimised here."""
    workdir = _WORKDIR[0] if _WORKDIR else tempfile.mkdtemp(prefix="kifu-fuzz-")
    batch = Batch()
    minimised: set[str] = set(seen)
    for index in indices:
        before = peak_rss_mib()
        data, how, truth, result = run_one(name, seed, index, workdir, all_targets)
        after = peak_rss_mib()
        if after > MEMORY_FAILURE and after > before + 1:
            result.failures.append(Failure("memory", "all", f"peak RSS rose to {after:.0f} MiB"))
        batch.inputs += 1
        batch.seconds += result.seconds
        if result.seconds > batch.slowest[0]:
            batch.slowest = (result.seconds, index, result.slowest_op)
        if result.failures:
            hit = Hit(index, how, data, truth, result.failures)
            first = result.failures[0]
            if first.signature not in minimised:
                minimised.add(first.signature)
                hit.minimised = minimise(FORMATS[name], data, first, workdir, truth)
            batch.hits.append(hit)
    batch.peak_rss_mib = peak_rss_mib()
    return batch


@dataclass(slots=True)
class Report:
    """The figures of one format's run."""

    format: str
    seed: int
    inputs: int = 0
    wall_seconds: float = 0.0
    cpu_seconds: float = 0.0
    peak_rss_mib: float = 0.0
    slowest: tuple[float, int, str] = (0.0, -1, "")
    kinds: dict[str, int] = field(default_factory=dict)
    signatures: dict[str, dict[str, Any]] = field(default_factory=dict)
    died: list[list[int]] = field(default_factory=list)


def _save(report: Report, name: str, hit: Hit, out: Path) -> None:
    for kind in sorted({f.kind for f in hit.failures}):
        report.kinds[kind] = report.kinds.get(kind, 0) + 1
    spec = FORMATS[name]
    for failure in hit.failures:
        entry = report.signatures.setdefault(
            failure.signature,
            {
                "kind": failure.kind,
                "op": failure.op,
                "symptom": failure.symptom,
                "where": failure.where,
                "inputs": 0,
                "reproducers": [],
            },
        )
        entry["inputs"] += 1
        if len(entry["reproducers"]) >= 3:
            continue
        data = hit.minimised if hit.minimised is not None and not entry["reproducers"] else hit.data
        tag = hashlib.sha1(failure.signature.encode()).hexdigest()[:8]
        path = out / name / f"{failure.kind}-{tag}-{hit.index}{spec.extension}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        note = {
            "format": name,
            "seed": report.seed,
            "index": hit.index,
            "how": hit.how,
            "truth": hit.truth,
            "failure": asdict(failure),
            "signature": failure.signature,
            "bytes": len(data),
        }
        path.with_name(path.name + ".json").write_text(json.dumps(note, ensure_ascii=False, indent=1) + "\n")
        entry["reproducers"].append(os.path.relpath(path, ROOT))


def fuzz_format(
    name: str, seed: int, count: int | None, seconds: float | None, jobs: int, all_targets: bool, out: Path
) -> Report:
    """Run format ``name`` for ``count`` inputs or ``seconds`` (whichever ends first)."""
    report = Report(name, seed)
    start = time.monotonic()
    deadline = start + seconds if seconds else None
    next_index = 0
    pending: dict[Future[Batch], list[int]] = {}
    pool = ProcessPoolExecutor(jobs, initializer=_init)

    def more() -> bool:
        if count is not None and next_index >= count:
            return False
        return deadline is None or time.monotonic() < deadline

    try:
        while True:
            while len(pending) < jobs * 2 and more():
                stop = next_index + BATCH if count is None else min(count, next_index + BATCH)
                indices = list(range(next_index, stop))
                next_index = stop
                seen = frozenset(report.signatures)
                pending[pool.submit(run_batch, name, seed, indices, all_targets, seen)] = indices
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                indices = pending.pop(future)
                try:
                    batch = future.result()
                except BrokenProcessPool:
                    report.died.append(indices)  # a worker died on one of these: replay them with --only
                    for other in pending:
                        report.died.append(pending[other])
                    pending.clear()
                    pool.shutdown(cancel_futures=True)
                    pool = ProcessPoolExecutor(jobs, initializer=_init)
                    break
                report.inputs += batch.inputs
                report.cpu_seconds += batch.seconds
                report.peak_rss_mib = max(report.peak_rss_mib, batch.peak_rss_mib)
                report.slowest = max(report.slowest, batch.slowest)
                for hit in batch.hits:
                    _save(report, name, hit, out)
            if report.inputs and report.inputs % 2000 < BATCH:
                print(f"  {name}: {report.inputs} inputs, {time.monotonic() - start:.0f} s", file=sys.stderr)
    finally:
        pool.shutdown(cancel_futures=True)
    report.wall_seconds = time.monotonic() - start
    return report


def show(report: Report) -> str:
    """The report's lines for the terminal."""
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(report.kinds.items())) or "none"
    secs, index, op = report.slowest
    lines = [
        f"{report.format}: {report.inputs} inputs in {report.wall_seconds:.0f} s (seed {report.seed}); "
        f"failing inputs by kind: {kinds}; slowest: input {index} {secs:.2f} s ({op}); "
        f"peak RSS {report.peak_rss_mib:.0f} MiB"
    ]
    for _signature, entry in sorted(report.signatures.items(), key=lambda kv: -kv[1]["inputs"]):
        where = f" at {entry['where']}" if entry["where"] else ""
        lines.append(
            f"  {entry['inputs']:6d} × {entry['kind']} in {entry['op']}: {entry['symptom'][:110]}{where}"
        )
        lines.append(f"           e.g. {entry['reproducers'][0]}")
    if report.died:
        lines.append(f"  a worker died in batches {report.died}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """The command line; exit 1 when anything failed."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", action="append", choices=sorted(FORMATS), help="repeatable; default all")
    parser.add_argument("--count", type=int, help="inputs per format (default 1000 unless --seconds)")
    parser.add_argument("--seconds", type=float, help="time per format")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--all-targets", action="store_true", help="every convert target on every input")
    parser.add_argument("--only", type=int, help="run input ONLY alone and print what it did")
    parser.add_argument("--out", type=Path, default=FOUND)
    args = parser.parse_args(argv)
    names = args.format or list(FORMATS)
    if args.only is not None:
        workdir = tempfile.mkdtemp(prefix="kifu-fuzz-")
        for name in names:
            data, how, _truth, result = run_one(name, args.seed, args.only, workdir, args.all_targets)
            print(f"{name} input {args.only}: {how}; {len(data)} bytes; {result.seconds:.2f} s")
            for failure in result.failures:
                print(f"  {failure}")
        return 0
    count = args.count if args.count is not None else (None if args.seconds else 1000)
    failed = False
    for name in names:
        report = fuzz_format(name, args.seed, count, args.seconds, args.jobs, args.all_targets, args.out)
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / f"summary-{name}.json").write_text(
            json.dumps(asdict(report), ensure_ascii=False, indent=1) + "\n"
        )
        print(show(report), flush=True)
        failed = failed or bool(report.signatures or report.died)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
