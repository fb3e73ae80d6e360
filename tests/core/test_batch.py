"""Batch runs: the same findings in the same order whether computed here, in a pool of
processes or on Dask; crashes of a record or of a whole worker are reported, and the rest goes on."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from kifu.app import cli

from tests.faults import chess_record_fails

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "chess"


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Several files, one of them with many games (so that it is split into chunks)."""
    bad = (FIXTURES / "bad" / "rules.pgn").read_text()
    good = (FIXTURES / "good" / "opera-game.pgn").read_text()
    (tmp_path / "a-big.pgn").write_text("\n".join([good, bad] * 30))
    (tmp_path / "b.pgn").write_text(bad)
    (tmp_path / "c.pgn").write_text(bad + "\n" + good)
    (tmp_path / "d-empty.pgn").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "e.pgn").write_text(good)
    return tmp_path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def report(*args: str) -> dict[str, object]:
    code, out, _ = run("--format", "json", "-q", *args)
    document: dict[str, object] = json.loads(out)
    document["exit"] = code
    return document


def test_processes_give_the_same_report_in_the_same_order(archive: Path) -> None:
    serial = report("-r", "--jobs", "1", str(archive))
    parallel = report("-r", "--jobs", "2", str(archive))
    assert parallel == serial
    files = [f["path"] for f in serial["files"]]  # type: ignore[index]
    assert files == sorted(files)
    big = serial["files"][0]["records"]  # type: ignore[index]
    assert [r["index"] for r in big] == list(range(1, 30 * 17 + 1))


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="the dask extra is not installed")
def test_dask_gives_the_same_report(archive: Path) -> None:
    assert report("-r", "--executor", "dask", str(archive)) == report("-r", "--jobs", "1", str(archive))


def test_a_crashing_record_is_reported_and_the_batch_goes_on(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chess_record_fails(monkeypatch, 5)
    for jobs in ("1", "2"):
        document = report("-r", "--jobs", jobs, str(archive))
        assert document["exit"] == 2
        records = [r for f in document["files"] for r in f["records"]]  # type: ignore[attr-defined]
        crashed = [r for r in records if any(x["code"] == "KIFU001" for x in r["findings"])]
        assert [(r["index"], "boom" in r["findings"][0]["message"]) for r in crashed] == [(5, True)] * 3
        assert len(records) == 30 * 17 + 16 + 17 + 1


def test_a_dying_worker_is_reported_per_record(archive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kifu.core.records as records

    original = records.check_chunk

    def dying(game, chunk, options):  # type: ignore[no-untyped-def]
        if chunk.records[0].index == 1 and len(chunk.records) == 16:  # b.pgn (rules.pgn: 16 games)
            os._exit(3)
        return original(game, chunk, options)

    whole = records.check_source

    def dying_whole(game, source, fmt, options):  # type: ignore[no-untyped-def]
        if source.path.endswith("b.pgn"):  # a small file goes to a worker whole
            os._exit(3)
        return whole(game, source, fmt, options)

    monkeypatch.setattr(records, "check_chunk", dying)
    monkeypatch.setattr(records, "check_source", dying_whole)
    document = report("-r", "--jobs", "2", str(archive))
    assert document["exit"] == 2
    files = {Path(f["path"]).name: f for f in document["files"]}  # type: ignore[attr-defined]
    b = files["b.pgn"]["records"]
    assert len(b) == 16 and all(r["findings"][0]["code"] == "KIFU001" for r in b)
    assert len(files["c.pgn"]["records"]) == 17
    assert not any(x["code"] == "KIFU001" for r in files["c.pgn"]["records"] for x in r["findings"])
    assert len(files["a-big.pgn"]["records"]) == 30 * 17


def test_include_exclude_and_globs(archive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(archive)
    names = lambda d: [Path(f["path"]).name for f in d["files"]]  # noqa: E731
    assert names(report("-r", "--exclude", "sub", ".")) == ["a-big.pgn", "b.pgn", "c.pgn", "d-empty.pgn"]
    assert names(report("-r", "--include", "[bc].pgn", ".")) == ["b.pgn", "c.pgn"]
    assert names(report("**/e.pgn")) == ["e.pgn"]
    code, out, err = run("nothing-*.pgn")  # a usage error (exit 2) naming the pattern, not IO001
    assert (code, out) == (2, "") and "no file matches nothing-*.pgn" in err


def test_statistics_and_summary(archive: Path) -> None:
    code, out, err = run("-r", "--statistics", str(archive))
    assert code == 1
    assert "kifu: 5 file(s), 544 record(s)" in err
    assert "CHESS101" in out and " IO005" in out


def test_workers_are_forked_before_this_process_reads_a_file_it_splits(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker forked after the parent read a large record counts the parent's pages in its
    RSS (a 10 MB DhtmlXQ line: 99 MiB before its own work). The flag below is set in the parent
    when it starts splitting a file; a worker that can see it was forked after that."""
    import kifu.application.batch.plan as plan
    import kifu.core.records as records

    reading = []
    chunks, check_chunk = records.chunks, records.check_chunk

    def marked_chunks(*args, **kwargs):  # type: ignore[no-untyped-def]
        reading.append(True)
        return chunks(*args, **kwargs)

    def checking(game, chunk, options):  # type: ignore[no-untyped-def]
        if reading:
            raise RuntimeError("this worker was forked after the parent started reading")
        return check_chunk(game, chunk, options)

    monkeypatch.setattr(plan, "WHOLE_FILE", 0)  # every file is split by this process
    monkeypatch.setattr(plan, "_parts", lambda source, package, batch: None)  # (as if compressed)
    monkeypatch.setattr(records, "chunks", marked_chunks)
    monkeypatch.setattr(records, "check_chunk", checking)
    document = report("-r", "--jobs", "2", str(archive))
    assert reading
    assert document["exit"] == 1, "a worker forked late"


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every file of more than 0 bytes read a part of 300 bytes per worker task (a file named
    *traps*: a part at each place chess's rule allows); the list says of each part whether the
    report took its records (or a worker read through it)."""
    import kifu.application.batch as batch
    import kifu.application.batch.plan as plan
    import kifu.chess.game as chess
    import kifu.core.parts as parts

    taken: list[bool] = []
    part_items = batch._part_items

    def counted(state, part, result):  # type: ignore[no-untyped-def]
        taken.append(part.number == state.next_part)
        return part_items(state, part, result)

    def cut(path: str, size: int) -> object:
        return parts.parts(path, 1 if "traps" in path else 300, chess._game_starts)

    monkeypatch.setattr(plan, "WHOLE_FILE", 0)
    monkeypatch.setattr(chess, "cut_parts", cut)
    monkeypatch.setattr(batch, "_part_items", counted)
    return taken


@pytest.fixture(params=["games", "anywhere"])
def cuts(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Parts cut by chess's rule, where a game starts, or at every ``[`` line after an empty
    line, where the workers must read on through the parts that start inside a game."""
    import kifu.chess.game as chess
    from kifu.core.parts import CutRule

    if request.param == "anywhere":
        monkeypatch.setattr(chess, "_game_starts", CutRule(lambda before, line: True))
    return str(request.param)


def test_workers_reading_parts_give_the_report_of_one_process(
    archive: Path, small_parts: list[bool], cuts: str
) -> None:
    """Parts that start inside a tag section (read through, when cut anywhere), Latin-1 lines
    and control characters in several parts (added up as one reader says them), CRLF."""
    good = (FIXTURES / "good" / "opera-game.pgn").read_bytes()
    spaced = b'[Event "a"]\n\n[Site "b"]\n\n[White "c"]\n\n[Black "d"]\n\n1. e4 *\n\n'
    latin1 = b'[Event "x"]\n[White "M\xfcller"]\n[Site "\x01"]\n\n1. d4 *\n\n'
    (archive / "f-traps.pgn").write_bytes((good + b"\n" + spaced + latin1) * 12)
    (archive / "g-crlf.pgn").write_bytes(((good + b"\n") * 6).replace(b"\n", b"\r\n"))
    serial = report("-r", "--jobs", "1", str(archive))
    assert small_parts == []
    parallel = report("-r", "--jobs", "2", str(archive))
    assert parallel == serial
    assert len(small_parts) > 100
    read_through = small_parts.count(False)
    assert read_through >= 12 if cuts == "anywhere" else read_through == 0
    files = {Path(f["path"]).name: f for f in serial["files"]}  # type: ignore[attr-defined]
    codes = [f["code"] for f in files["f-traps.pgn"]["findings"]]
    assert codes == ["IO003", "IO004"]


def test_a_crash_in_a_part_is_numbered_in_the_file(
    archive: Path, small_parts: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    import kifu.chess.checker as checker

    original = checker.check_game

    def flaky(game, index, lang=None, rules=None):  # type: ignore[no-untyped-def]
        if game.start_line == 614:  # a game of a-big.pgn far from its first part
            raise RuntimeError("boom")
        return original(game, index, lang, rules)

    monkeypatch.setattr(checker, "check_game", flaky)
    serial, parallel = (report("-r", "--jobs", jobs, str(archive)) for jobs in ("1", "2"))
    assert parallel == serial
    crashed = [r for r in serial["files"][0]["records"] if r["line"] == 614]  # type: ignore[index]
    assert crashed[0]["index"] > 10
    assert f"record {crashed[0]['index']} (line 614)" in crashed[0]["findings"][0]["message"]


def test_a_worker_dying_on_a_part_names_its_records(
    archive: Path, small_parts: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    import kifu.chess.checker as checker

    serial = report("-r", "--jobs", "1", str(archive))
    original = checker.check_game

    def dying(game, index, lang=None):  # type: ignore[no-untyped-def]
        if game.start_line == 614:
            os._exit(3)
        return original(game, index, lang)

    monkeypatch.setattr(checker, "check_game", dying)
    document = report("-r", "--jobs", "2", str(archive))
    records = document["files"][0]["records"]  # type: ignore[index]
    assert [r["index"] for r in records] == [r["index"] for r in serial["files"][0]["records"]]  # type: ignore[index]
    crashed = [r for r in records if r["findings"] and r["findings"][0]["code"] == "KIFU001"]
    assert 614 in [r["line"] for r in crashed]
    assert all(f"record {r['index']} (line {r['line']})" in r["findings"][0]["message"] for r in crashed)
    assert document["exit"] == 2


@pytest.mark.parametrize("uses_tags", [True, False])
def test_workers_send_tags_only_to_a_reporter_that_shows_them(
    archive: Path, small_parts: list[bool], uses_tags: bool
) -> None:
    from kifu import games
    from kifu.application import batch, detection
    from kifu.core.game import Options
    from kifu.core.sources import expand_paths

    class Collect:
        def __init__(self) -> None:
            self.uses_tags = uses_tags
            self.tags: list[dict[str, str]] = []

        def begin(self) -> None: ...
        def begin_file(self, path: str, game: str | None, fmt: str | None) -> None: ...
        def end_file(self, findings: object) -> None: ...
        def end(self, totals: object) -> None: ...

        def record(self, report) -> None:  # type: ignore[no-untyped-def]
            self.tags.append(report.tags)

    collect = Collect()
    sources = expand_paths([str(archive)], recursive=True, extensions=games.KNOWN_EXTENSIONS)
    totals = batch.run(sources, batch.Batch(detection.detect, games.load, jobs=2), Options(), collect)
    assert totals.records == len(collect.tags) == 544 and small_parts
    assert sum(bool(tags) for tags in collect.tags) == (544 if uses_tags else 0)


def test_a_pool_found_broken_when_a_task_is_submitted_is_replaced() -> None:
    """A worker died and the pool knew it before a result told this process: the next task goes
    to a fresh pool (it used to raise, and end the run with a traceback)."""
    from concurrent.futures.process import BrokenProcessPool

    from kifu.application.batch import executors, jobs

    pool = executors._ProcessPool(1)
    try:
        with pytest.raises(BrokenProcessPool):
            pool.pool.submit(os._exit, 3).result(timeout=60)
        task = jobs._Task(jobs._FileState("x.pgn", "chess"), int, ("7",), 1)
        assert pool.result(pool.submit(task), task) == 7
    finally:
        pool.close()


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="the dask extra is not installed")
def test_dask_workers_read_a_large_files_parts_and_give_the_report_of_one_process(
    archive: Path, small_parts: list[bool]
) -> None:
    """Dask's workers read the parts of a large file themselves, as the local pool's do (the
    files are where they see them), and the report is one process's."""
    serial = report("-r", "--jobs", "1", str(archive))
    assert small_parts == []
    assert report("-r", "--executor", "dask", str(archive)) == serial
    assert len(small_parts) > 100


def test_a_part_a_remote_worker_cannot_open_is_one_io001_on_the_file(tmp_path: Path) -> None:
    """A remote Dask worker reads a large file's parts where kifu names them: a part it cannot
    open (the file is not there on its machine) is one IO001 on the file, as a small file it
    cannot open, not an internal error on each record."""
    import kifu.chess.game as chess
    from kifu.application.batch.jobs import check_part_task
    from kifu.application.batch.plain import plain_task
    from kifu.core.game import Options
    from kifu.core.parts import parts

    path = tmp_path / "elsewhere.pgn"
    path.write_bytes((FIXTURES / "good" / "opera-game.pgn").read_bytes() * 4)
    part = next(iter(parts(str(path), 300, chess._game_starts)))
    path.unlink()
    read = json.loads(plain_task(check_part_task, chess.__name__, part, Options()))["result"]["part"]
    (finding,) = read["findings"]
    assert finding["code"] == "IO001" and read["records"] == []
    assert finding["message"].endswith("on the Dask worker: No such file or directory")
