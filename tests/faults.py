"""Bugs injected on purpose, so that what kifu reports on an internal error is tested."""

from __future__ import annotations

import pytest


def chess_record_fails(monkeypatch: pytest.MonkeyPatch, index: int) -> None:
    """kifu fails ("boom") on record ``index`` of every chess file (a stand-in for a bug)."""
    import kifu.chess.checker as checker

    original = checker.check_game

    def flaky(game, number, *rest):  # type: ignore[no-untyped-def]
        if number == index:
            raise RuntimeError("boom")
        return original(game, number, *rest)

    monkeypatch.setattr(checker, "check_game", flaky)


def chess_record_2_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """kifu fails on the second record of every chess file."""
    chess_record_fails(monkeypatch, 2)
