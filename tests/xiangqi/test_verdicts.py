"""Verdicts an arbiter can trust (issue 13): each case replayed move by move with pyffish, judged
by the CXA articles the reference quotes, its report compared with a golden file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kifu.core.game import Options
from kifu.core.results import RecordReport
from kifu.xiangqi.checker import check_record
from kifu.xiangqi.reader import read_records

from tests.golden import assert_golden

GOLDEN = Path(__file__).parent / "golden" / "verdicts"


def _fsf(move: str) -> str:
    """ICCS ``a0i0`` as Fairy-Stockfish writes it (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def _pgn(fen: str, moves: list[str], result: str) -> bytes:
    tokens = ["..."] if fen.split()[1] == "b" else []
    tokens += moves
    first = int(fen.split()[5])
    body = " ".join(f"{first + i // 2}. {' '.join(tokens[i : i + 2])}" for i in range(0, len(tokens), 2))
    body = body.replace("... ", "...")
    return f'[Game "Chinese Chess"]\n[FEN "{fen}"]\n[Result "{result}"]\n\n{body} {result}\n'.encode()


def report(
    fen: str, moves: str, result: str, rules: str | None = None, legal: int | None = None, **settings: object
) -> RecordReport:
    """The checker's report on the record of ``moves`` from ``fen``, the first ``legal`` moves (all
    by default) first checked legal by pyffish (an independent move generator), which also
    writes the position before each ply that a finding names."""
    sf = pytest.importorskip("pyffish")
    played: list[str] = []
    for move in moves.split()[:legal]:
        assert _fsf(move) in sf.legal_moves("xiangqi", fen, played), (move, played)
        played.append(_fsf(move))
    items, _ = read_records(_pgn(fen, moves.split(), result), "pgn")
    record, findings = next(items)
    rep = check_record(record, findings, Options(rules=rules, settings=dict(settings)))
    for finding in rep.findings:
        if finding.ply is not None:  # every finding on a move has the position before it
            assert finding.position == sf.get_fen("xiangqi", fen, played[: finding.ply - 1]), finding
    return rep


def golden(name: str, rep: RecordReport) -> None:
    """Outcome, plies, claims and findings (code, severity, ply, position, message) as JSON."""
    data = {
        "outcome": rep.outcome,
        "plies": rep.plies,
        "claims": rep.claims,
        "findings": [
            {k: v for k, v in f.to_dict().items() if k in ("code", "severity", "ply", "position", "message")}
            for f in rep.findings
        ],
    }
    assert_golden(GOLDEN / f"{name}.json", json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def test_chariot_alternately_chasing_two_unprotected_horses_is_a_perpetual_chase_red_loses() -> None:
    """28.12: the long catch is catching "one or more" pieces; Black is idle, so Red loses (26.4)."""
    rep = report("3ak4/9/9/9/n7n/9/9/9/3K5/R8 w - - 0 1", "a0i0 d9e8 i0a0 e8d9 a0i0 d9e8 i0a0 e8d9", "0-1")
    assert rep.outcome == {"result": "0-1", "reason": "perpetual-chase", "ply": 8}
    assert "Red perpetual chase of the horse a5 and the horse i5 (forbidden)" in rep.findings[0].message
    assert all(f.severity.label != "error" for f in rep.findings)
    golden("chase_of_two_horses_alternately", rep)


def test_one_sided_perpetual_check_loses_against_a_perpetual_chase() -> None:
    """26.1: perpetual check is not allowed under any circumstances; 26.3 draws both-forbidden
    cycles "excluding one party as a general". Black's soldier checks at every move, each Red
    king move uncovers the cannon against the crossed soldier (a chase): Black loses."""
    fen = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1"
    rep = report(fen, "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2", "1-0")
    assert rep.outcome == {"result": "1-0", "reason": "perpetual-check", "ply": 8}
    assert "Red perpetual chase" in rep.findings[0].message
    assert "Black perpetual check (forbidden)" in rep.findings[0].message
    golden("perpetual_check_against_perpetual_chase", rep)
    draw = report(fen, "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2", "1/2-1/2")
    assert [f.code for f in draw.findings if f.severity.label == "error"] == ["XQ302"]


def test_a_horse_retreat_under_a_standing_mate_threat_is_idle_not_a_new_threat() -> None:
    """The threat stood before each horse move (Red's rook and cannon), so no move creates it:
    both sides idle, a draw; before, each move was a "mate threat" and Red lost."""
    from kifu.xiangqi.fen import parse_fen
    from kifu.xiangqi.protection import mate_threat

    fen = "3a1a3/5k3/9/9/9/9/5N3/R8/7C1/4K4 w - - 0 1"
    board = parse_fen(fen)
    board.set_side(-board.side)
    assert mate_threat(board, -board.side)  # the threat is there before the first move
    rep = report(fen, "f3e5 d9e8 e5f3 e8d9 f3e5 d9e8 e5f3 e8d9", "1/2-1/2")
    assert rep.outcome == {"result": "1/2-1/2", "reason": "repetition-draw", "ply": 8}
    assert "Red idle, Black idle" in rep.findings[0].message
    golden("standing_mate_threat_is_idle", rep)


def test_moves_after_a_checkmate_keep_the_outcome_and_every_ply_and_stay_an_error() -> None:
    """Like chess: the mate at ply 1 decides the game (1-0 agrees), plies counts all 3 plies,
    and the moves after the mate are XQ201 errors."""
    rep = report("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1", "i0i9 e9e8 a8a7", "1-0", legal=1)
    assert rep.outcome == {"result": "1-0", "reason": "checkmate", "ply": 1}
    assert rep.plies == 3
    assert [(f.code, f.severity.label, f.ply) for f in rep.findings] == [("XQ201", "error", 2)]
    golden("moves_after_checkmate", rep)
    wrong = report("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1", "i0i9 e9e8 a8a7", "0-1", legal=1)
    assert [f.code for f in wrong.findings] == ["XQ201", "XQ202"]


QUIET = "3ak4/9/9/9/9/9/9/9/9/3K1A3 w - - 116 80"  # 116 plies without a capture before the record


def test_natural_limit_is_a_claim_a_game_played_on_and_won_keeps_its_result() -> None:
    """23.3, 4.2.4: the natural limit is a draw on a claim; the record goes on past it to 1-0, so
    nobody claimed: no outcome, no XQ302, the claim reported valid with an info."""
    rep = report(QUIET, "f0e1 d9e8 e1d2 e8f7 d2e1 f7e8", "1-0")
    assert rep.outcome is None
    assert rep.claims == [{"reason": "natural-limit", "ply": 4, "reached_ply": 4, "valid": True}]
    assert [(f.code, f.severity.label) for f in rep.findings] == [("XQ303", "info")]
    assert "not claimed" in rep.findings[0].message
    golden("natural_limit_not_claimed_won", rep)


def test_natural_limit_ends_the_game_where_the_record_ends_with_the_draw() -> None:
    rep = report(QUIET, "f0e1 d9e8 e1d2 e8f7 d2e1 f7e8", "1/2-1/2")
    assert rep.outcome == {"result": "1/2-1/2", "reason": "natural-limit", "ply": 6}
    assert rep.claims == [{"reason": "natural-limit", "ply": 4, "reached_ply": 4, "valid": True}]
    assert [(f.code, f.severity.label) for f in rep.findings] == [("XQ303", "info")]
    golden("natural_limit_claimed_draw", rep)


def test_natural_limit_undone_by_a_capture_is_an_invalid_claim() -> None:
    """The limit was reached at ply 4, then a capture: the claim no longer holds at the end."""
    fen = "3ak4/9/9/9/9/9/9/9/r8/R2K1A3 w - - 116 80"
    rep = report(fen, "f0e1 d9e8 e1f0 e8d9 a0a1", "1-0")
    assert rep.claims == [{"reason": "natural-limit", "ply": 4, "reached_ply": None, "valid": False}]
    assert rep.outcome is None and not rep.findings
