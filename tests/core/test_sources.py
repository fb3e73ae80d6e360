"""Sources and decoding: what kifu does with bytes before any game is parsed."""

from __future__ import annotations

import gzip
import io
import os
from pathlib import Path

import pytest
from kifu.application.detection import detect, sniff
from kifu.core import sources
from kifu.core.findings import REGISTRY, Severity
from kifu.core.lines import LineDecoder
from kifu.core.sources import Source, expand_paths, looks_binary, open_binary


def _read(source: Source) -> bytes:
    """All bytes of ``source``, as the readers get them."""
    with open_binary(source) as stream:
        return stream.read()


def lines(data: bytes) -> tuple[list[str], list[str]]:
    decoder = LineDecoder()
    text = list(decoder.lines(io.BytesIO(data), "x"))  # type: ignore[arg-type]
    decoder.finish("x")
    return text, [f.code for f in decoder.findings]


def test_utf8_with_bom_and_crlf() -> None:
    assert lines('\ufeff[Event "é"]\r\n1. e4 *\r\n'.encode()) == (['[Event "é"]', "1. e4 *"], [])


def test_latin1_lines_are_read_and_reported_once() -> None:
    text, codes = lines('[White "Müller"]\n[Black "Jörg"]\n'.encode("latin-1"))
    assert text == ['[White "Müller"]', '[Black "Jörg"]'] and codes == ["IO003"]


def test_windows_1252_punctuation_is_kept_where_latin1_has_c1_controls() -> None:
    """A name typed on Windows (O’Brien, cp1252) keeps its ’ “ ” – €: Latin-1 has C1 controls
    there, which no text holds; the other bytes read as Latin-1 reads them."""
    text, codes = lines(b'[White "O\x92Brien, Se\xe1n"]\n{ \x93good\x94 \x96 \x80 5 }\n')
    assert text == ['[White "O’Brien, Seán"]', "{ “good” – € 5 }"] and codes == ["IO003"]
    assert all(bytes([b]).decode("cp1252") == chr(b) for b in range(0xA0, 0x100))
    # a byte Windows-1252 leaves undefined: the line is read as Latin-1
    assert lines(b"a\x81\x92\n")[0] == ["a\x81\x92"]


def test_a_windows_1252_name_survives_check_and_convert(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from kifu.app import cli

    path = tmp_path / "cp1252.pgn"
    path.write_bytes(b'[Event "x"]\n[White "O\x92Brien"]\n[Black "b"]\n[Result "*"]\n\n1. e4 *\n')
    checked = CliRunner().invoke(cli, ["check", "-v", str(path)])
    assert checked.exit_code == 0 and "Windows-1252" in checked.stdout
    converted = CliRunner().invoke(cli, ["convert", "--to", "pgn", str(path)])
    assert converted.exit_code == 0 and '[White "O’Brien"]' in converted.stdout


def test_control_bytes_are_replaced_and_reported() -> None:
    text, codes = lines(b"1. e4\x00 *\n")
    assert text == ["1. e4\ufffd *"] and codes == ["IO004"]


def test_binary_detection() -> None:
    assert looks_binary(bytes(range(256)))
    assert not looks_binary(b"1. e4 e5\n")
    assert not looks_binary("(;GM[1])".encode("utf-16"))


def test_sniffing() -> None:
    assert sniff(b'[Event "x"]\n1. e4 *') == "chess"
    assert sniff(b"(;FF[4]GM[1]SZ[19])") == "go"
    assert sniff('[Game "Chinese Chess"]\n1. 炮二平五 马８进７'.encode()) == "xiangqi"
    assert sniff(bytes(range(256))) is None
    assert sniff("1. 炮二平五 馬８進７".encode("big5")) == "xiangqi"  # Big5, no tags
    assert sniff(b"1. C2.5 H8+7\n2. H2+3 R9.8\n3. R1.2 C8.6\n") == "xiangqi"  # ASCII WXF
    assert sniff(b"h2e2 h9g7\nh0g2 i9h9\n") == "xiangqi"  # UCCI: rank 0 and 9, file i
    assert sniff(b"e2e4 e7e5 g1f3 b8c6") == "chess"  # UCI
    assert sniff('[Event "x"]\n{马 is the knight}\n1. e4 e5 2. Nf3 *'.encode()) == "chess"  # Chinese comment
    assert sniff("1. 炮2 5  马8 7\n".encode()) == "xiangqi"  # abridged score sheet


def test_detect_by_extension_then_content(tmp_path: Path) -> None:
    chess = tmp_path / "a.pgn"
    chess.write_text('[Event "x"]\n\n1. e4 *\n')
    xiangqi = tmp_path / "b.pgn"
    xiangqi.write_text('[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ *\n', encoding="utf-8")
    assert detect(Source(str(chess))) == ("chess", "pgn")
    assert detect(Source(str(xiangqi))) == ("xiangqi", "pgn")
    assert detect(Source(str(chess)), "go") == ("go", "sgf")


def _opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths :func:`kifu.core.sources.open_binary` opens on disk from now on."""
    opened: list[str] = []
    real = sources._open_file

    def counting(path: str) -> io.BufferedReader:
        opened.append(path)
        return real(path)

    monkeypatch.setattr(sources, "_open_file", counting)
    return opened


def test_a_small_file_is_read_once_for_its_detection_and_its_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Detection reads the whole of a small file: the reader takes those bytes, once."""
    game = tmp_path / "a.sgf"
    game.write_bytes(b"(;GM[1]SZ[9];B[aa];W[bb])\n")
    opened = _opened(monkeypatch)
    source = Source(str(game))
    assert detect(source) == ("go", "sgf")
    assert _read(source) == game.read_bytes()
    assert opened == [str(game)]
    assert _read(source) == game.read_bytes()  # taken: a second reading opens the file
    assert opened == [str(game)] * 2


@pytest.mark.parametrize("change", ["rewritten", "replaced", "removed"])
def test_a_file_changed_after_its_detection_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    game = tmp_path / "a.sgf"
    game.write_bytes(b"(;GM[1]SZ[9];B[aa])")
    source = Source(str(game))
    assert detect(source) == ("go", "sgf")
    if change == "rewritten":  # (the same size, and maybe the same time stamp: the ctime differs)
        game.write_bytes(b"(;GM[1]SZ[9];B[bb])")
        os.utime(game, ns=(0, 0))
    elif change == "replaced":
        other = tmp_path / "b.sgf"
        other.write_bytes(b"(;GM[1]SZ[9];B[cc])")
        other.replace(game)
    else:
        game.unlink()
    opened = _opened(monkeypatch)
    if change == "removed":
        with pytest.raises(sources.SourceError):
            _read(source)
    else:
        assert _read(source) == game.read_bytes()
    assert opened == [str(game)]


def test_what_detection_does_not_keep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file longer than the head, and a compressed one, are read from the disk."""
    large = tmp_path / "large.sgf"
    large.write_bytes(b"(;GM[1]SZ[19]" + b";B[aa]" * 2000 + b")")
    packed = tmp_path / "packed.sgf.gz"
    packed.write_bytes(gzip.compress(b"(;GM[1]SZ[9];B[aa])"))
    for path in (large, packed):
        source = Source(str(path))
        assert detect(source) == ("go", "sgf")
        opened = _opened(monkeypatch)
        assert _read(source) == (gzip.decompress(path.read_bytes()) if path == packed else path.read_bytes())
        assert opened == [str(path)]


def test_the_heads_kept_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "KEPT_HEADS", 3)
    sources._HEADS.update({f"/elsewhere/{n}": ((0,), b"") for n in range(5)})  # kept by earlier tests
    paths = []
    for number in range(5):
        path = tmp_path / f"{number}.sgf"
        path.write_bytes(b"(;GM[1])")
        paths.append(str(path))
        detect(Source(str(path)))
    assert list(sources._HEADS)[-3:] == paths[2:] and len(sources._HEADS) <= 3
    opened = _opened(monkeypatch)
    for path in paths:
        _read(Source(path))
    assert opened == paths[:2]


def test_expand_paths_reports_what_it_cannot_use(tmp_path: Path) -> None:
    items = list(
        expand_paths(
            [str(tmp_path / "missing.pgn"), str(tmp_path)], recursive=False, extensions=frozenset({".pgn"})
        )
    )
    assert [item[1].code for item in items if isinstance(item, tuple)] == ["IO001", "IO001"]


def test_every_code_is_documented() -> None:
    from kifu.games import load_all_codes

    load_all_codes()
    for code, entry in REGISTRY.items():
        assert entry.code == code and entry.title and len(entry.doc) > 30, code
        assert code.rstrip("0123456789") in {"IO", "KIFU", "PGN", "CHESS", "SGF", "GO", "XQN", "XQ"}, code
        assert isinstance(entry.severity, Severity)


def test_records_with_odd_bytes_are_not_taken_for_binary(corpus) -> None:  # type: ignore[no-untyped-def]
    """UTF-16 without BOM and SGFC's mixed-encoding file (UTF-16 inside UTF-8) are records."""
    for name in ("go/libsgfcplusplus/encoding-utf16-nobom.sgf", "go/sgfc/mixed-encoding.sgf"):
        assert detect(Source(str(corpus / name))) == ("go", "sgf")


def test_a_line_longer_than_the_limit_is_cut_and_its_rest_skipped_when_the_reader_goes_on() -> None:
    decoder = LineDecoder()
    stream = io.BufferedReader(io.BytesIO(b"short\n" + b"x" * 5000 + b"\nnext\n"))
    read = decoder.lines(stream, "x", longest=100)
    assert next(read) == "short"
    assert next(read) == "x" * 101  # one more than the limit: a reader sees the line pass it
    assert stream.tell() < 1000  # the rest of the line is not read yet
    assert list(read) == ["next"] and decoder.findings == []


def test_a_line_of_multibyte_characters_is_measured_in_characters() -> None:
    decoder = LineDecoder()
    data = ("象" * 60 + "\n" + "象" * 101 + "\nend\n").encode()  # 180 and 303 bytes
    assert list(decoder.lines(io.BufferedReader(io.BytesIO(data)), "x", longest=100)) == [
        "象" * 60,  # more bytes than the limit, fewer characters: read whole
        "象" * 101,
        "end",
    ]
    assert decoder.findings == []


def test_runs_of_blank_lines_come_as_one_string_when_asked_for() -> None:
    data = b"a\n\n\n\r\n\nb\n\nc\n   \n\n"
    plain = list(LineDecoder().lines(io.BufferedReader(io.BytesIO(data)), "x"))
    assert plain == ["a", "", "", "", "", "b", "", "c", "   ", ""]
    runs = list(LineDecoder().lines(io.BufferedReader(io.BytesIO(data)), "x", blank_runs=True))
    assert runs == ["a", "", "\n\n", "b", "", "c", "   ", ""]  # from the second empty line on
    assert "\n".join(runs) == "\n".join(plain)  # the same text, the same lines


def test_a_chosen_encoding_decodes_every_line_with_it_and_drops_nothing() -> None:
    data = "\ufeff炮二平五\n".encode() + b"\xff\n" + "马８进７\n".encode("gb18030")
    decoder = LineDecoder(encoding="utf-8")
    read = list(decoder.lines(io.BufferedReader(io.BytesIO(data)), "x"))
    # the BOM is the caller's to drop; no Latin-1: undecodable bytes are U+FFFD
    assert read[:2] == ["\ufeff炮二平五", "\ufffd"] and "\ufffd" in read[2]
    assert decoder.findings == [] and decoder.latin1_lines == 0
    decoder = LineDecoder(encoding="gb18030")
    assert list(decoder.lines(io.BytesIO("马８进７\r\n\u3000\n".encode("gb18030")), "x")) == [  # type: ignore[arg-type]
        "马８进７",
        "\u3000",
    ]
