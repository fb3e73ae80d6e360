"""Regenerate ``events.json``: generated events ranked by FIDE's own tie-break checker.

The oracle is the FIDE Technical Commission's checker (TEC), the public repository
``OttoMilvang/TieBreakServer``. It is not part of kifu and is never copied into it. How it was
obtained and run for the stored file:

* fetched as a git snapshot (commit 14a34a2c2f36509b110e4f25d6247f31fc4bf2f5, 2026-07-21,
  "Add EDExx Tiebreaks, bug fixes"; ``version.py`` says 1.9.57) and unpacked outside the
  repository: ``git --git-dir=<snapshot> archive HEAD | tar x -C /work/tec``;
* run with the system Python 3.11 (``TEC_PYTHON``, default ``python3``), as
  ``python3 /work/tec/tiebreakchecker.py -i EVENT.trf -o OUT.json -s|-p -t PTS/V2024 BH/C1/V2024 …``:
  ``-s`` (Swiss rules) or ``-p`` (pre-determined pairing, a round robin), and every tie-break
  given its rules edition explicitly with the ``/V`` modifier: ``V2024`` is the checker's rules
  ``2024-08-01`` (C.07 as approved in 2023, in force from 1 August 2024: kifu's ``2023``
  edition), ``V2026`` its rules ``2026-03-01`` (the revision approved on 2 February 2026: kifu's
  ``2026``). Without ``/V`` the checker picks the edition by the event's start date, and
  without a date by today's, so the newest. (The ``rules`` field at the top of its output
  follows that date; the edition each tie-break used is its ``modifiers.ver``, stored here as
  ``versions``.) The checker stops on a player whose colour difference exceeds 4 (its colour
  bookkeeping indexes past a string), so the round robins below balance colours.

The checker reads kifu's own TRF-16 (``kifu standings EVENT.csv --format trf``). For each event
the file keeps the results table given to kifu and, per comparison (preset, edition), the
checker's tie-break list, and per starting number its rank and its values.

Usage (from the worktree)::

    TEC_CHECKER=/work/tec/tiebreakchecker.py .venv/bin/python tests/standings/tec/regenerate.py

or ``--checker PATH``; ``--seed`` (default 2028) and ``--out`` (default: next to this file).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from kifu.app import cli

HERE = Path(__file__).resolve().parent
PYTHON = os.environ.get("TEC_PYTHON", "python3")  # the interpreter the checker runs under
COMMIT = "14a34a2c2f36509b110e4f25d6247f31fc4bf2f5"

#: kifu's criteria and the checker's name for each (an edition modifier is added)
TEC_NAMES = {
    "points": "PTS",
    "buchholz-cut1": "BH/C1",
    "buchholz": "BH",
    "buchholz-median": "BH/M1",
    "sb": "SB",
    "de": "DE",
    "wins": "WIN",
    "won": "WON",
    "black": "BPG",
}
#: the comparisons made on every event: (preset, edition, --tiebreak list or None)
COMPARISONS: dict[str, list[tuple[str, str, str | None]]] = {
    "swiss": [
        ("fide", "2023", None),
        ("fide", "2026", None),
        ("fide", "2023", "buchholz-median,won,buchholz,sb"),
        ("fide", "2023", "de,won,buchholz-cut1"),
    ],
    "round-robin": [
        ("fide-rr", "2023", None),
        ("fide-rr", "2023", "buchholz,buchholz-cut1,won,de"),
    ],
}
PRESET_CRITERIA = {
    "fide": ("points", "buchholz-cut1", "buchholz", "sb", "de", "wins", "black"),
    "fide-rr": ("points", "de", "wins", "sb", "black"),
}


#: forty surnames, each far from the others (no near-duplicate a name check would warn about)
SURNAMES = [
    "Anand",
    "Botvinnik",
    "Capablanca",
    "Dvoretsky",
    "Euwe",
    "Fischer",
    "Gelfand",
    "Hou",
    "Ivanchuk",
    "Jobava",
    "Karpov",
    "Lasker",
    "Morphy",
    "Nimzowitsch",
    "Oparin",
    "Petrosian",
    "Quinteros",
    "Spassky",
    "Smyslov",
    "Tal",
    "Uhlmann",
    "Vachier",
    "Wei",
    "Xie",
    "Yusupov",
    "Zukertort",
    "Alekhine",
    "Bronstein",
    "Topalov",
    "Duda",
    "Eljanov",
    "Firouzja",
    "Giri",
    "Harikrishna",
    "Iturrizaga",
    "Korchnoi",
    "Rubinstein",
    "Mamedyarov",
    "Nakamura",
    "Polgar",
]


def names(count: int) -> list[str]:
    """``count`` of the surnames (kifu numbers unrated players by name)."""
    return SURNAMES[:count]


def result(rng: random.Random, forfeit: float, double: float) -> str:
    """A result: mostly games (draws included), some forfeits and double forfeits."""
    roll = rng.random()
    if roll < double:
        return "--"
    if roll < double + forfeit:
        return rng.choice(["+-", "-+"])
    return rng.choices(["1-0", "1/2-1/2", "0-1"], [4, 3, 3])[0]


def swiss(rng: random.Random) -> list[str]:
    """A Swiss event: pairing by score without rematches, a bye for the odd one out, absences,
    half- and zero-point byes, forfeits, double forfeits and one withdrawal. Rows of the results
    table."""
    players = names(rng.randint(8, 40))
    rounds = rng.randint(5, 9)
    points = dict.fromkeys(players, 0.0)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    leaver = rng.choice(players)
    leaves = rng.randint(2, rounds)
    rows = ["round,board,player 1,player 2,result"]
    for round_ in range(1, rounds + 1):
        active = [p for p in players if not (p == leaver and round_ >= leaves)]
        if round_ == leaves:
            rows.append(f"{round_},,{leaver},,withdrew")
        absent = [p for p in active if rng.random() < 0.03]
        asked = [p for p in active if p not in absent and rng.random() < 0.04]
        for player in asked:  # half-point and zero-point byes, asked for
            half = rng.random() < 0.6
            points[player] += 0.5 if half else 0
            rows.append(f"{round_},,{player},,{'½' if half else '0'}")
        active = [p for p in active if p not in absent and p not in asked]
        rng.shuffle(active)
        active.sort(key=lambda p: -points[p])
        if len(active) % 2:
            bye = next((p for p in reversed(active) if p not in had_bye), active[-1])
            active.remove(bye)
            had_bye.add(bye)
            points[bye] += 1
            rows.append(f"{round_},,{bye},,")
        board = 0
        while active:
            first = active.pop(0)
            second = next((p for p in active if frozenset((first, p)) not in met), active[0])
            active.remove(second)
            met.add(frozenset((first, second)))
            if rng.random() < 0.5:
                first, second = second, first
            outcome = result(rng, 0.05, 0.02)
            board += 1
            rows.append(f"{round_},{board},{first},{second},{outcome}")
            gain = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5), "+-": (1, 0), "-+": (0, 1)}
            a, b = gain.get(outcome, (0, 0))
            points[first] += a
            points[second] += b
    return rows


def round_robin(rng: random.Random) -> list[str]:
    """A round robin by Berger's circle (an odd number: a free round each), with forfeits."""
    players = names(rng.randint(4, 10))
    circle: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    size = len(circle)
    rows = ["round,board,player 1,player 2,result"]
    whites = dict.fromkeys(players, 0)
    for round_ in range(1, size):
        board = 0
        for index in range(size // 2):
            first, second = circle[index], circle[size - 1 - index]
            if first is None or second is None:
                continue
            # the one with fewer whites gets White (the checker's colour bookkeeping breaks on
            # a colour difference above 4)
            if (whites[second], rng.random()) < (whites[first], 0.5):
                first, second = second, first
            whites[first] += 1
            whites[second] -= 1
            board += 1
            rows.append(f"{round_},{board},{first},{second},{result(rng, 0.06, 0.0)}")
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rows


def kifu(table: Path, *arguments: str) -> str:
    """What ``kifu standings TABLE ARGUMENTS`` writes on stdout."""
    outcome = CliRunner().invoke(cli, ["standings", str(table), *arguments])
    if outcome.exit_code != 0:
        raise SystemExit(f"kifu failed on {table}: {outcome.output}{outcome.stderr}")
    return outcome.stdout


def tec(checker: str, trf: Path, system: str, specs: list[str]) -> dict[str, Any]:
    """The checker's ranks and values for ``specs`` on ``trf``."""
    out = trf.with_suffix(".json")
    mode = "-s" if system == "swiss" else "-p"
    command = [PYTHON, checker, "-i", str(trf), "-o", str(out), mode, "-t", *specs]
    done = subprocess.run(command, cwd=Path(checker).parent, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the checker failed on {trf}:\n{trf.read_text(encoding='latin-1')}\n{done.stderr}")
    document = json.loads(out.read_text(encoding="utf-8"))
    found: dict[str, Any] = document.get("tiebreakResult", document)
    return found


def compare(
    checker: str, table: Path, system: str, preset: str, edition: str, listed: str | None
) -> dict[str, Any]:
    """One comparison: the checker's values of the criteria kifu ranks by."""
    criteria = ("points", *listed.split(",")) if listed else PRESET_CRITERIA[preset]
    modifier = {"2023": "V2024", "2026": "V2026"}[edition]
    specs = [f"{TEC_NAMES[name]}/{modifier}" for name in criteria]
    trf = table.with_suffix(f".{preset}.{edition}.trf")
    arguments = ["--preset", preset, "--fide-edition", edition, "--format", "trf"]
    trf.write_text(kifu(table, *arguments, *(["--tiebreak", listed] if listed else [])), encoding="latin-1")
    found = tec(checker, trf, system, specs)
    return {
        "preset": preset,
        "edition": edition,
        "tiebreak": listed,
        "tec": specs,
        # the checker's rules version of each tie-break (1: 2024-08-01, 2: 2026-03-01)
        "versions": [tb["modifiers"]["ver"] for tb in found["tiebreaks"]],
        "competitors": {
            str(c["cid"]): {"rank": c["rank"], "values": [_number(v) for v in c["tiebreakScore"]]}
            for c in found["competitors"]
        },
    }


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checker", default=os.environ.get("TEC_CHECKER"), help="path of tiebreakchecker.py")
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--swiss", type=int, default=30)
    parser.add_argument("--round-robins", type=int, default=10)
    parser.add_argument("--out", type=Path, default=HERE / "events.json")
    options = parser.parse_args()
    if not options.checker:
        raise SystemExit("give the checker: --checker PATH or TEC_CHECKER=PATH (see the docstring)")
    rng = random.Random(options.seed)
    events = []
    with tempfile.TemporaryDirectory() as folder:
        kinds = ["swiss"] * options.swiss + ["round-robin"] * options.round_robins
        for number, system in enumerate(kinds, start=1):
            rows = swiss(rng) if system == "swiss" else round_robin(rng)
            name = f"{system}-{number:02d}"
            table = Path(folder) / f"{name}.csv"
            table.write_text("\n".join(rows) + "\n", encoding="utf-8")
            comparisons = [compare(options.checker, table, system, *c) for c in COMPARISONS[system]]
            events.append({"name": name, "system": system, "table": rows, "comparisons": comparisons})
    checker = {"repository": "OttoMilvang/TieBreakServer", "commit": COMMIT}
    document = {"checker": checker, "seed": options.seed, "events": events}
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    options.out.write_text(text + "\n", encoding="utf-8")
    print(f"{len(events)} events written to {options.out}")


if __name__ == "__main__":
    main()
