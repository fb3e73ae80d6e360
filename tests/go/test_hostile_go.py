"""Issue 16 (Go): the cost of findings is linear and a record's memory is bounded.

``cases/fuzz-memory-522-nesting.sgf`` is the fuzz campaign's reproducer (seed 1, input 522):
425 MiB peak before each finding kept its own copy of its source line was replaced by one
copy per line.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

from kifu.go.index import TextIndex

from tests.go.helpers import check_text

CASES = Path(__file__).with_name("cases")
LIMIT = 300 * 1024 * 1024  # address space of the child: Python itself takes ~100 MiB of it


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def run_capped(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kifu", "check", "-q", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_capped,
    )


def test_fuzz_reproducer_with_thousands_of_findings_fits_in_300_mib() -> None:
    done = run_capped(CASES / "fuzz-memory-522-nesting.sgf")
    assert done.returncode == 1, done.stderr[-1000:]
    assert "KIFU001" not in done.stdout + done.stderr


def test_findings_on_one_long_line_share_one_copy_of_it(tmp_path: Path) -> None:
    path = tmp_path / "one-line.sgf"
    path.write_text("(;FF[4]GM[1]SZ[19]" + ";B[aa]x" * 12_000 + ")")  # 84 KB, 12,000 findings
    done = run_capped(path)
    assert done.returncode == 1 and "KIFU001" not in done.stdout + done.stderr, done.stderr[-1000:]


def test_twenty_thousand_findings_on_short_lines_cost_linear_time() -> None:
    text = "(;FF[4]GM[1]SZ[19]" + "\n".join(";B[aa]x" for _ in range(20_000)) + ")"
    began = time.process_time()
    checked = check_text(text)
    assert "SGF001" in checked.codes()
    assert time.process_time() - began < 4.0  # 9.6 s when each finding searched for its line


def test_many_positions_on_one_long_line_cost_linear_time() -> None:
    text = "x" * 1_000_000 + "\n" + "y" * 10
    index = TextIndex(text, 3, 0)
    began = time.process_time()
    for offset in range(0, 1_000_000, 5):  # in order, as findings come
        assert index.position(offset) == (4, offset + 1)
    for offset in range(999_999, 0, -4999):  # and out of order
        assert index.position(offset)[1] == offset + 1
    assert time.process_time() - began < 3.0  # each column searched back to the line start: minutes
    assert index.position(1_000_003) == (5, 3)
    assert TextIndex("abc\ndef", 0, 7).position(2) == (1, 10)  # a window that starts inside a line
    assert TextIndex("abc\ndef", 0, 7).position(5) == (2, 2)
