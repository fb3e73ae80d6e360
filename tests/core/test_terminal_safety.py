"""No control character from a stranger's file reaches the terminal (issue 26, "Security").

Every command runs on records of the three games whose file names hold ESC, BEL, CR, an OSC 52
sequence (which sets the clipboard), a C1 CSI (``\\x9b``), DEL and U+202E, and whose tags,
comments and player names hold them too. Nothing that a terminal obeys may come out on stdout
or stderr: no byte below 0x20 but line feed and tab, no DEL, no C1 control, no bidirectional
override. Each is shown as a visible escape (``\\x1b``) instead (:mod:`kifu.core.escape`).
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from kifu.app import cli
from kifu.core.escape import json_text

#: an OSC 52 sequence: "put SGVsbG8= (Hello) on the clipboard"
OSC52 = "\x1b]52;c;SGVsbG8=\x07"
#: what a file name holds: OSC 52, clear screen, BEL, a lone CR, C1 CSI, DEL, right-to-left override
NAME = OSC52 + "\x1b[2J\x07\r\x9b31m\x7f\u202e"
#: what a tag, a comment or a player's name holds
TEXT = "\x1b[2J\r\x9b31m\x7f\u202e" + OSC52
#: enough ordinary text that the file is still read as text (a few control bytes in 8 KiB)
PADDING = "padding " * 500

#: C0 but line feed and tab, DEL, C1, the bidirectional controls: what must not come out
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: in a converted record (data, not a message) a right-to-left name is legitimate text
UNSAFE_IN_DATA = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _sgf_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


CHESS = (
    f'[Event "E{TEXT}"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "1"]\n'
    f'[White "W{TEXT}"]\n[Black "B{TEXT}"]\n[Result "1-0"]\n\n'
    f"{{{PADDING}}}\n1. e4 {{c{TEXT}}} e5 2. Qh5 Zz9{TEXT} 1-0\n"
)
XIANGQI = (
    f'[Game "Chinese Chess"]\n[Event "E{TEXT}"]\n[Round "1"]\n[Red "R{TEXT}"]\n[Black "B{TEXT}"]\n'
    f'[Result "1-0"]\n\n{{{PADDING}}}\n1. C2.5 {{c{TEXT}}} h8+7 2. Z9.9 1-0\n'
)
GO = (
    f"(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese]PB[B{_sgf_value(TEXT)}]PW[W{_sgf_value(TEXT)}]RO[1]"
    f"EV[E{_sgf_value(TEXT)}]GC[{PADDING}]RE[B+R]C[c{_sgf_value(TEXT)}]"
    f";B[ee]C[x{_sgf_value(TEXT)}];W[cc];B[zz])\n"
)
FILES = {"chess": ("pgn", CHESS), "xiangqi": ("pgn", XIANGQI), "go": ("sgf", GO)}


@pytest.fixture()
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """One record file per game, named with :data:`NAME`, in the current directory; and a file
    whose name is not UTF-8 (the byte 0x9b, a C1 CSI once written raw)."""
    monkeypatch.chdir(tmp_path)
    paths = {}
    for game, (extension, text) in FILES.items():
        path = f"{game}{NAME}.{extension}"
        Path(path).write_text(text, encoding="utf-8")
        paths[game] = path
    with open(os.path.join(os.fsencode(tmp_path), b"bytes\x9b\x1b.pgn"), "wb") as handle:
        handle.write(CHESS.encode("utf-8"))
    paths["bytes"] = os.fsdecode(b"bytes\x9b\x1b.pgn")
    return paths


def run(*arguments: str) -> Result:
    """``kifu ARGUMENTS`` in-process; stdout and stderr apart, as bytes."""
    return CliRunner().invoke(cli, list(arguments), catch_exceptions=False)


def assert_safe(result: Result, *, stdout_is_data: bool = False, line_end: str = "\n") -> None:
    """Nothing a terminal obeys in stdout or stderr (of a converted record: no control); the
    lines of stdout may end in ``line_end`` (TRF-16's CR LF)."""
    stdout = result.stdout_bytes.replace(line_end.encode(), b"\n")
    for name, data, pattern in (
        ("stdout", stdout, UNSAFE_IN_DATA if stdout_is_data else UNSAFE),
        ("stderr", result.stderr_bytes, UNSAFE),
    ):
        text = data.decode("utf-8")  # (undecodable bytes would fail here: a raw 0x9b byte is one)
        found = sorted({f"U+{ord(ch):04X}" for ch in pattern.findall(text)})
        assert not found, f"{name} of kifu holds {found}:\n{text}"


# --- check ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [[], ["-v"], ["--format", "github"], ["--statistics"]])
def test_check_in_every_text_format_shows_controls_as_escapes(
    hostile: dict[str, str], options: list[str]
) -> None:
    result = run("check", *options, *hostile.values())
    assert result.exit_code == 1, result.output
    assert_safe(result)
    if options == ["--statistics"]:  # the counts only: no file name, no message
        return
    assert "\\x1b]52;c;SGVsbG8=\\x07" in result.stdout  # the file names, shown
    assert "\\x9b" in result.stdout  # an undecodable byte of a name: its value, not the byte
    if options == ["-v"]:
        assert "W\\x1b[2J\\r\\x9b31m\\x7f\\u202e" in result.stdout.replace("\ufffd", "\\x1b")  # a player


def test_check_of_a_directory_and_its_status_lines(hostile: dict[str, str]) -> None:
    result = run("check", "-r", ".", "--color", "always")  # colours are kifu's own escapes
    assert result.exit_code == 1
    assert "kifu: 4 file(s)" in result.stderr
    for text in (result.stdout, result.stderr):
        assert UNSAFE.search(re.sub(r"\x1b\[[0-9;]*m", "", text)) is None  # (kifu's own styles aside)


def test_the_source_line_under_a_finding_is_escaped_and_the_caret_still_points_at_the_move(
    hostile: dict[str, str],
) -> None:
    result = run("check", hostile["chess"])
    lines = result.stdout.splitlines()
    finding = next(i for i, line in enumerate(lines) if "cannot read 'Zz9" in line)
    source, caret = lines[finding + 1], lines[finding + 2]
    assert "\\x9b31m" in source
    assert caret.index("^") == source.index("Zz9")


def test_ci_reports_are_well_formed_and_hold_no_raw_control(hostile: dict[str, str]) -> None:
    for fmt in ("junit", "sarif", "json", "jsonl"):
        result = run("check", "--format", fmt, *hostile.values())
        assert_safe(result)
        if fmt == "junit":
            suites = ET.fromstring(result.stdout).findall("testsuite")
            assert any("\\x1b]52" in (suite.get("name") or "") for suite in suites)
        elif fmt == "jsonl":
            lines = [json.loads(line) for line in result.stdout.splitlines()]
            assert any(line["path"] == hostile["chess"] for line in lines)  # the same text, escaped
        else:
            json.loads(result.stdout)


# --- the other commands --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "target"),
    [
        ("chess", "pgn"),
        ("chess", "json"),
        ("chess", "diagram"),
        ("xiangqi", "pgn"),
        ("xiangqi", "wxf"),
        ("xiangqi", "json"),
        ("go", "sgf"),
        ("go", "json"),
        ("go", "diagram"),
    ],
)
def test_convert_writes_no_control_in_the_record(hostile: dict[str, str], game: str, target: str) -> None:
    result = run("convert", "--lenient", "--to", target, hostile[game])
    assert result.stdout
    assert UNSAFE_IN_DATA.search(result.stdout) is None
    if target in ("pgn", "sgf", "wxf"):
        assert "\ufffd" in result.stdout  # a control character in a value is written U+FFFD …
        assert "control characters" in result.stderr  # … and convert says so


@pytest.mark.parametrize("game", ["chess", "xiangqi", "go"])
def test_convert_messages_on_stderr_show_controls_as_escapes(hostile: dict[str, str], game: str) -> None:
    result = run("convert", "--to", "json", hostile[game])
    assert result.stderr
    assert_safe(result, stdout_is_data=True)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_score(hostile: dict[str, str], fmt: str) -> None:
    result = run("score", "--format", fmt, hostile["go"], hostile["bytes"])
    assert_safe(result)
    if fmt == "text":
        assert "\\x9b" in result.stdout
    else:  # the same names, read back (a name that is not UTF-8 as its surrogate escapes)
        paths = [game["path"] for game in json.loads(result.stdout)["games"]]
        assert paths == [hostile["go"], hostile["bytes"]]


@pytest.mark.parametrize("game", ["chess", "xiangqi", "go"])
def test_show(hostile: dict[str, str], game: str) -> None:
    result = run("show", "--ply", "1", hostile[game])
    assert result.exit_code == 0, result.output
    assert_safe(result)
    missing = run("show", "--ply", "99", hostile[game])  # a usage error that names the file
    assert missing.exit_code == 2 and "\\x1b]52" in missing.stderr
    assert_safe(missing)
    written = run("show", "--ply", "1", "-o", f"out{NAME}.txt", hostile[game])
    assert written.exit_code == 0 and "kifu: wrote out\\x1b]52" in written.stderr
    assert_safe(written)


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "trf"])
def test_standings(hostile: dict[str, str], fmt: str) -> None:
    result = run("standings", "--format", fmt, *(hostile[game] for game in ("chess", "xiangqi", "go")))
    assert result.exit_code == 0, result.output
    assert_safe(result, line_end="\r\n" if fmt == "trf" else "\n")
    assert "kifu: warning: chess\\x1b]52" in result.stderr


def test_explain_and_the_usage_errors_of_click(hostile: dict[str, str]) -> None:
    for arguments in (
        ["explain", NAME],
        ["explain"],
        [NAME],  # no such command
        ["check", "--game", NAME, "x.pgn"],  # not one of the choices
        ["show", hostile["chess"], hostile["go"]],  # an extra argument
        ["score", f"missing{NAME}.sgf"],
        ["standings", "--team-file", f"missing{NAME}.csv", hostile["chess"]],  # click.Path(exists)
        ["check", "--config", f"missing{NAME}.toml", hostile["chess"]],
    ):
        result = run(*arguments)
        assert_safe(result)
        assert result.exit_code in (0, 1, 2)


def test_config_in_a_directory_whose_name_holds_controls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / f"club{NAME}"
    directory.mkdir()
    (directory / "kifu.toml").write_text('exclude = ["drafts\\u009b\\u001b[2J/"]\n', encoding="utf-8")
    monkeypatch.chdir(directory)
    result = run("config", "--isolated")
    assert_safe(result)
    result = run("config")
    assert result.exit_code == 0, result.output
    assert_safe(result)
    assert "club\\x1b]52" in result.stdout and "drafts\\x9b" in result.stdout


@pytest.mark.parametrize("command", [("check", "--format", "html"), ("standings", "--format", "html")])
def test_a_page_shows_bidirectional_controls_instead_of_obeying_them(
    hostile: dict[str, str], command: tuple[str, ...]
) -> None:
    """A U+202E in a name would turn the rest of its line around on the page; the HTML shows it
    as ``\\u202e``, as the terminal does (HTML-escaping alone keeps the character)."""
    result = run(*command, *(hostile[game] for game in ("chess", "xiangqi", "go")))
    assert result.exit_code in (0, 1), result.output
    assert "\\u202e" in result.stdout
    assert re.search("[\u202a-\u202e\u2066-\u2069]", result.stdout) is None


@pytest.mark.parametrize(
    ("document", "escaped"),
    [
        ('{"a": "plain"}', '{"a": "plain"}'),
        ('{"a": "del\x7f"}', '{"a": "del\\u007f"}'),  # ASCII, yet one of them
        ('{"a": "é\x85\u2028\u202e"}', '{"a": "é\\u0085\\u2028\\u202e"}'),
    ],
)
def test_json_text_escapes_what_a_terminal_would_obey(document: str, escaped: str) -> None:
    assert json_text(document) == escaped
    assert json.loads(json_text(document)) == json.loads(document)
