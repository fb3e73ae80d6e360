"""Hostile or odd inputs at the level of files: decompression bombs stop at a limit, names that
are not UTF-8 are shown escaped in every format, standard input is spooled (issue 16)."""

from __future__ import annotations

import gzip
import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from kifu.app import cli
from kifu.core.limits import limits, set_limits

ROOT = Path(__file__).resolve().parents[2]
GOOD = (ROOT / "fixtures/chess/good/opera-game.pgn").read_bytes()
BAD = (ROOT / "fixtures/chess/bad/rules.pgn").read_bytes()


@pytest.fixture(autouse=True)
def _restore_limits() -> object:
    saved = limits()
    yield
    set_limits(decompressed=saved.decompressed, record=saved.record, depth=saved.depth)


def check(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", "-q", "-j1", *args], input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_a_compressed_file_stops_at_the_decompression_limit_with_io008(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.pgn.gz"
    bomb.write_bytes(gzip.compress(GOOD + b"\n\n" + b"{" + b" " * (4 << 20) + b"}\n", 9))
    assert bomb.stat().st_size < 20_000
    code, out, _ = check("--max-decompressed", "1M", "--format", "json", str(bomb))
    document = json.loads(out)
    (file,) = document["files"]
    assert code == 1 and [f["code"] for f in file["findings"]] == ["IO008"]
    assert (
        "1 MiB" in file["findings"][0]["message"] and file["records"][0]["outcome"]["reason"] == "checkmate"
    )
    # no limit: read to the end, where the comment after the result stays with the game
    code, out, _ = check("--max-decompressed", "0", "--format", "json", str(bomb))
    (file,) = json.loads(out)["files"]
    assert code == 0 and not file["findings"] and len(file["records"]) == 1


def test_the_size_option_refuses_what_is_not_a_size() -> None:
    code, _, err = check("--max-decompressed", "lots", str(ROOT / "fixtures/chess/good/opera-game.pgn"))
    assert code == 2 and "not a size" in err


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names are bytes")
@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "sarif", "github", "junit", "html"])
def test_a_file_name_that_is_not_utf8_is_escaped_and_the_others_are_reported(
    tmp_path: Path, fmt: str
) -> None:
    directory = os.fsencode(tmp_path)
    with open(os.path.join(directory, b"bad\xff.pgn"), "wb") as handle:
        handle.write(BAD)
    (tmp_path / "good.pgn").write_bytes(GOOD)
    result = CliRunner().invoke(cli, ["check", "-q", "-j1", "-r", "--format", fmt, str(tmp_path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.stderr
    out = result.stdout_bytes.decode("utf-8")  # the report is valid UTF-8
    if fmt == "jsonl":
        assert {Path(json.loads(line)["path"]).name for line in out.splitlines()} == {"bad\\xff.pgn"}
    elif fmt == "json":
        paths = [Path(f["path"]).name for f in json.loads(out)["files"]]
        assert paths == ["bad\\xff.pgn", "good.pgn"]  # the good file beside it is still reported
    elif fmt == "sarif":
        uris = {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]
        }
        assert uris and all(uri.isascii() and uri.endswith("bad%5Cxff.pgn") for uri in uris)
    else:
        out = out.replace("<wbr>", "")  # (the HTML report's headings may break a path there)
        assert "bad\\xff.pgn" in out and ("good.pgn" in out or fmt != "junit")


def test_standard_input_is_read_once_and_checked(tmp_path: Path) -> None:
    big = b"\n\n".join([GOOD] * 400)  # larger than a pipe's buffer
    code, out, _ = check("--format", "json", "-", input=big)
    assert code == 0 and len(json.loads(out)["files"][0]["records"]) == 400


# --- what is not a file: FIFOs, unreadable directories and files, link loops ------------------


class Blocked(BaseException):
    """Raised out of a call that blocks: no ``except OSError`` or ``except Exception`` stops it."""


@pytest.fixture
def deadline() -> object:
    """Fail, rather than hang, a test that blocks (opening a FIFO waits for a writer)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise Blocked("blocked: kifu waited on something that is not a file")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def files_of(*args: str) -> tuple[int, dict[str, Any]]:
    """``kifu check --format json ARGS``: the exit status and each file's entry by path."""
    code, out, _ = check("--format", "json", *args)
    return code, {file["path"]: file for file in json.loads(out)["files"]}


def codes(file: dict[str, Any]) -> list[str]:
    return [finding["code"] for finding in file["findings"]]


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


@needs_fifo
@pytest.mark.usefixtures("deadline")
def test_a_fifo_named_on_the_command_line_is_refused_and_the_other_files_are_checked(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.pgn")
    (tmp_path / "good.pgn").write_bytes(GOOD)
    (tmp_path / "bad.pgn").write_bytes(BAD)
    fifo, good, bad = (str(tmp_path / name) for name in ("fifo.pgn", "good.pgn", "bad.pgn"))
    code, files = files_of(fifo, good, bad)
    assert code == 1 and list(files) == [fifo, good, bad]
    assert codes(files[fifo]) == ["IO001"] and files[fifo]["records"] == []
    message = files[fifo]["findings"][0]["message"]
    assert message.startswith(f"{fifo} is a FIFO (named pipe)") and "standard input: -" in message
    assert codes(files[good]) == [] and len(files[good]["records"]) == 1
    assert "CHESS101" in json.dumps(files[bad])


@needs_fifo
@pytest.mark.usefixtures("deadline")
def test_a_fifo_met_in_a_walk_or_a_glob_is_reported_and_never_opened(tmp_path: Path) -> None:
    archive = tmp_path / "archive"
    (archive / "sub").mkdir(parents=True)
    os.mkfifo(archive / "a-fifo.pgn")
    os.mkfifo(archive / "sub" / "notes")  # not a record's name: left alone, like any such file
    (archive / "b-good.pgn").write_bytes(GOOD)
    (archive / "sub" / "c-good.pgn").write_bytes(GOOD)
    fifo = str(archive / "a-fifo.pgn")
    code, files = files_of("-r", str(archive))
    assert code == 1 and list(files) == [
        fifo,
        str(archive / "b-good.pgn"),
        str(archive / "sub" / "c-good.pgn"),
    ]
    assert codes(files[fifo]) == ["IO001"] and "FIFO" in files[fifo]["findings"][0]["message"]
    assert all(len(files[path]["records"]) == 1 for path in list(files)[1:])
    # a glob names what it matches, whatever the name: both FIFOs are reported
    code, files = files_of(f"{archive}/**/*")
    assert code == 1 and [path for path, file in files.items() if codes(file) == ["IO001"]] == [
        fifo,
        str(archive / "sub" / "notes"),
    ]
    assert sum(len(file["records"]) for file in files.values()) == 2


@needs_fifo
@pytest.mark.usefixtures("deadline")
def test_a_fifo_put_in_the_place_of_a_file_is_refused_when_opened(tmp_path: Path) -> None:
    """The walk looked at a file; by the time it is read a FIFO stands there: the open, without
    waiting, sees it (the library API takes any path, too)."""
    from kifu.core.sources import Source, SourceError, open_binary

    os.mkfifo(tmp_path / "swapped.pgn")
    with pytest.raises(SourceError) as raised:
        open_binary(Source(str(tmp_path / "swapped.pgn")))
    assert raised.value.finding.code == "IO001" and "FIFO" in raised.value.finding.message


def _refuse(monkeypatch: pytest.MonkeyPatch, name: str, path: Path) -> None:
    """Make ``os.<name>`` (scandir, open) fail on ``path`` as it does without the permission
    (chmod 000 stops no one running as root)."""
    real = getattr(os, name)

    def refused(target: object = ".", *args: object, **kwargs: object) -> object:
        if isinstance(target, (str, bytes, os.PathLike)) and os.path.abspath(os.fsdecode(target)) == str(
            path
        ):
            raise PermissionError(13, "Permission denied", os.fsdecode(target))
        return real(target, *args, **kwargs)

    monkeypatch.setattr(os, name, refused)


def test_an_unreadable_directory_in_a_walk_is_a_finding_and_the_rest_is_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "archive"
    (archive / "locked").mkdir(parents=True)
    (archive / "locked" / "hidden.pgn").write_bytes(BAD)
    (archive / "good.pgn").write_bytes(GOOD)
    (archive / "z").mkdir()
    (archive / "z" / "good.pgn").write_bytes(GOOD)
    _refuse(monkeypatch, "scandir", archive / "locked")
    locked = str(archive / "locked")
    for pattern in (str(archive), f"{archive}/**/*.pgn"):
        code, files = files_of("-r", pattern)
        assert code == 1 and sorted(files) == sorted(
            [str(archive / "good.pgn"), locked, str(archive / "z" / "good.pgn")]
        ), pattern
        assert codes(files[locked]) == ["IO001"]
        assert files[locked]["findings"][0]["message"] == (
            f"cannot read the directory {locked}: Permission denied; the files in it are not checked"
        )
        assert [len(file["records"]) for path, file in files.items() if path != locked] == [1, 1]


def test_an_unreadable_walked_root_is_a_finding_not_zero_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.pgn").write_bytes(GOOD)
    _refuse(monkeypatch, "scandir", tmp_path)
    code, files = files_of("-r", str(tmp_path))
    assert code == 1 and list(files) == [str(tmp_path)] and codes(files[str(tmp_path)]) == ["IO001"]


def test_an_unreadable_file_is_a_finding_and_the_rest_is_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a-locked.pgn").write_bytes(GOOD)
    (tmp_path / "b-good.pgn").write_bytes(GOOD)
    locked = str(tmp_path / "a-locked.pgn")
    _refuse(monkeypatch, "open", tmp_path / "a-locked.pgn")
    code, files = files_of("-r", str(tmp_path))
    assert code == 1 and list(files) == [locked, str(tmp_path / "b-good.pgn")]
    assert [(f["code"], f["message"]) for f in files[locked]["findings"]] == [
        ("IO001", f"cannot open {locked}: Permission denied")
    ]
    assert len(files[str(tmp_path / "b-good.pgn")]["records"]) == 1


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="root reads a directory whatever its mode"
)
def test_a_directory_without_read_permission_is_a_finding(tmp_path: Path) -> None:
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "a.pgn").write_bytes(BAD)
    (tmp_path / "good.pgn").write_bytes(GOOD)
    (tmp_path / "locked").chmod(0)
    try:
        code, files = files_of("-r", str(tmp_path))
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert code == 1 and codes(files[str(tmp_path / "locked")]) == ["IO001"]
    assert len(files[str(tmp_path / "good.pgn")]["records"]) == 1


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
@pytest.mark.usefixtures("deadline")
def test_a_symbolic_link_loop_ends_neither_a_glob_nor_a_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``glob`` follows links in ``**`` until the path is too long: two links to ``.`` make 2**40
    paths. kifu's ``**``, like ``-r``, does not enter a link to a directory."""
    monkeypatch.chdir(tmp_path)
    loop = tmp_path / "loop"
    loop.mkdir()
    (loop / "bad.pgn").write_bytes(BAD)
    (loop / "good.pgn").write_bytes(GOOD)
    os.symlink(".", loop / "a")
    os.symlink(".", loop / "b")
    os.symlink("missing.pgn", loop / "c-broken.pgn")
    for args in (["loop/**/*.pgn"], ["-r", "loop"]):
        code, files = files_of(*args)
        assert code == 1 and list(files) == ["loop/bad.pgn", "loop/c-broken.pgn", "loop/good.pgn"], args
        assert "CHESS101" in json.dumps(files["loop/bad.pgn"]) and len(files["loop/good.pgn"]["records"]) == 1
        assert files["loop/c-broken.pgn"]["findings"][0]["message"] == (
            "cannot read loop/c-broken.pgn: No such file or directory"
        )


@needs_fifo
@pytest.mark.usefixtures("deadline")
@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "sarif", "github", "junit", "html"])
def test_findings_on_paths_that_are_not_utf8_are_escaped_in_every_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    """A FIFO and a directory that cannot be listed, both named in bytes that are not UTF-8:
    their findings (about the file, with the path in the message) are valid UTF-8 everywhere."""
    directory = os.fsencode(tmp_path)
    os.mkfifo(os.path.join(directory, b"pipe\xfe.pgn"))
    os.mkdir(os.path.join(directory, b"dir\xfd"))
    (tmp_path / "good.pgn").write_bytes(GOOD)
    _refuse(monkeypatch, "scandir", Path(os.fsdecode(os.path.join(directory, b"dir\xfd"))))
    result = CliRunner().invoke(cli, ["check", "-q", "-j1", "-r", "--format", fmt, str(tmp_path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.stderr
    out = result.stdout_bytes.decode("utf-8")  # the report is valid UTF-8
    if fmt in ("json", "jsonl"):
        if fmt == "json":
            files = json.loads(out)["files"]
            found = {Path(f["path"]).name: [(g["code"], g["message"]) for g in f["findings"]] for f in files}
            assert found["good.pgn"] == []
        else:  # one finding a line
            lines = [json.loads(line) for line in out.splitlines()]
            found = {Path(f["path"]).name: [(f["code"], f["message"])] for f in lines}
        unlistable = f"cannot read the directory {tmp_path}/dir\\xfd: Permission denied"
        assert found["dir\\xfd"] == [("IO001", f"{unlistable}; the files in it are not checked")]
        assert found["pipe\\xfe.pgn"][0][0] == "IO001"
        assert found["pipe\\xfe.pgn"][0][1].startswith(f"{tmp_path}/pipe\\xfe.pgn is a FIFO")
    elif fmt == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
        assert {uri.rsplit("/", 1)[-1] for uri in uris} == {"dir%5Cxfd", "pipe%5Cxfe.pgn"}
        assert all(uri.isascii() for uri in uris)
    else:
        assert "dir\\xfd: Permission denied" in out and "pipe\\xfe.pgn is a FIFO" in out
        assert "good.pgn" in out or fmt in ("text", "github")  # these two name files with findings


def test_gzip_bombs_stop_at_the_record_limit_in_little_memory(tmp_path: Path) -> None:
    """Three 1 MB .gz files inflating to 1 GiB each (one comment, blank lines, one line of moves),
    checked with a good file by ``python -m kifu`` in a subprocess: each stops where its game
    passes --max-record (16 MiB), long before --max-decompressed (512 MiB); the peak RSS of the
    command stays far under 200 MiB (it was 540 MiB, and the blank lines did not end in 60 s)."""
    from tests.fuzz.hostile import _gzip_members, run

    head = b'[Event "bomb"]\n\n1. e4 '
    _gzip_members(tmp_path / "comment.pgn.gz", head + b"{", b"a", 1 << 30, b"} *\n")
    _gzip_members(tmp_path / "newlines.pgn.gz", head + b"e5\n", b"\n", 1 << 30, b"*\n")
    _gzip_members(tmp_path / "line.pgn.gz", head, b"Nf3 Nf6 Ng1 Ng8 ", 1 << 30, b"*\n")
    (tmp_path / "good.pgn").write_bytes(GOOD)
    names = ["comment.pgn.gz", "newlines.pgn.gz", "line.pgn.gz", "good.pgn"]
    outcome = run(["--format", "json", "-j1", *names], tmp_path, 60)
    assert outcome.status == 1, outcome.measured() + outcome.stderr[-2000:]
    assert outcome.peak_mib < 200, outcome.measured()
    files = {file["path"]: file for file in json.loads(outcome.stdout)["files"]}
    assert list(files) == names
    for name in names[:3]:
        (stopped,) = [f["message"] for f in files[name]["findings"] if f["code"] == "IO008"]
        assert stopped.startswith(f"{name}: game 1 passes 16M characters (--max-record) at line ")
        assert "reading stops there" in stopped
        (record,) = files[name]["records"]
        assert "IO008" in [f["code"] for f in record["findings"]]  # the game says where it was cut
    assert files["good.pgn"]["findings"] == [] and len(files["good.pgn"]["records"]) == 1
