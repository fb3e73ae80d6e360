"""Cheap shrinking of a failing input: drop chunks of lines, then chunks of bytes, as long as
the same failure (same signature) remains."""

from __future__ import annotations

from tests.fuzz.formats import Format
from tests.fuzz.oracle import Failure, run


def minimise(
    spec: Format, data: bytes, failure: Failure, workdir: str, truth: str | None, budget: int = 120
) -> bytes:
    """A smaller input that still fails with ``failure.signature`` (``data`` itself at worst)."""
    if failure.kind in ("slow", "memory", "detect"):
        return data  # each try would take seconds; a detection needs the whole game
    ops = {failure.op}
    tries = [0]

    def fails(candidate: bytes) -> bool:
        if tries[0] >= budget:
            return False
        tries[0] += 1
        result = run(spec, candidate, workdir, truth, ops)
        return any(f.signature == failure.signature for f in result.failures)

    if not spec.binary:
        data = b"".join(_reduce(data.splitlines(keepends=True), lambda parts: fails(b"".join(parts))))
    return bytes(_reduce(list(data), lambda parts: fails(bytes(parts)), granularity=64 if spec.binary else 8))


def _reduce(parts: list, fails, granularity: int = 2) -> list:  # type: ignore[type-arg]
    """Remove chunks of ``parts`` (halves first, then smaller) while ``fails`` holds."""
    chunks = granularity
    while parts and chunks <= len(parts):
        size = max(1, len(parts) // chunks)
        removed = False
        start = 0
        while start < len(parts):
            candidate = parts[:start] + parts[start + size :]
            if candidate and fails(candidate):
                parts = candidate
                removed = True
            else:
                start += size
        if not removed:
            if size == 1:
                break
            chunks *= 2
    return parts
