"""Charsets: CA, BOMs, UTF-16, and detection of undeclared legacy encodings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kifu.go.encoding import _ASCII_CONTROLS, _CONTROL, _CONTROL_BYTES, codec_for, decode

from tests.go.helpers import check_file, check_text

# file stem → words its last comment holds once decoded right
EXPECTED = {
    "chinese-gb18030": "围棋是一种古老的游戏",
    "chinese-gbk": "围棋是一种古老的游戏",
    "simplifiedchinese-gb2312": "围棋是一种古老的游戏",
    "simplifiedchinese-macos": "围棋是一种古老的游戏",
    "traditionalchinese-big5": "圍棋是一種古老的遊戲",
    "traditionalchinese-macos": "圍棋是一種古老的遊戲",
    "japanese-iso2022jp": "Goは古代のゲーム",
    "japanese-macos": "Goは古代のゲーム",
    "japanese-shiftjis": "Goは古代のゲーム",
    "korean-macos": "바둑은 중국에서",
    "cyrillic-windows": "Го - древняя игра",
    "utf16-nobom": "गो एक प्राचीन खेल",
    "utf16-withbom": "गो एक प्राचीन खेल",
    "utf8-nobom": "गो एक प्राचीन खेल",
    "utf8-withbom": "गो एक प्राचीन खेल",
    "western-isolatin1": "Ää Àà Ââ Åå",
    "western-isolatin9": "Šš Žž",
    "western-macosroman": "ƒ ‰ ™",
    "western-windowslatin1": "ƒ ‰ ™",
}


def files(corpus: Path) -> list[Path]:
    found = sorted((corpus / "go" / "libsgfcplusplus").glob("encoding-*.sgf"))
    assert len(found) == len(EXPECTED) == 19
    return found


@pytest.mark.corpus
def test_every_libsgfcplusplus_encoding_decodes_with_its_ca(corpus: Path) -> None:
    for path in files(corpus):
        stem = path.stem.removeprefix("encoding-")
        decoded = decode(path.read_bytes())
        assert EXPECTED[stem] in decoded.text, stem
        checked = check_file(path)
        assert not {"SGF041", "SGF043", "KIFU001"} & set(checked.all_codes()), stem


@pytest.mark.corpus
def test_undeclared_legacy_encodings_are_detected(corpus: Path) -> None:
    for path in files(corpus):
        data = path.read_bytes()
        undeclared = re.sub(rb"CA\[[^\]]*\]", b"", data)
        decoded = decode(undeclared)
        assert EXPECTED[path.stem.removeprefix("encoding-")] in decoded.text, (path.name, decoded.encoding)


@pytest.mark.corpus
def test_real_files_without_or_with_wrong_ca(corpus: Path) -> None:
    nihon = check_file(corpus / "go" / "sabaki" / "nihon-kiin.sgf")
    assert "SGF042" in nihon.all_codes() and "shift_jis" in nihon.first("SGF042").message
    assert "黒" in nihon.records[0].tags.get("BR", "") + str(nihon.records[0].tags)
    bad = check_file(corpus / "go" / "sabaki" / "japanese_bad.sgf")
    assert "SGF043" in bad.all_codes()
    utf16 = check_file(corpus / "go" / "sabaki" / "utf16le.sgf")
    assert utf16.records and "KIFU001" not in utf16.all_codes()


def test_charset_names() -> None:
    assert codec_for("EUC-CN") == "gb2312"
    assert codec_for("macintosh") == "mac_roman"
    assert codec_for("Windows-1251") == "cp1251"
    assert codec_for("Shift_JIS") == "shift_jis"
    assert codec_for("xyz-123") is None


def test_wrong_charset_is_a_finding_not_a_crash() -> None:
    checked = check_text("(;FF[4]CA[UTF-8]PB[Ren\xe9 Dupont];B[aa])".encode("latin-1"))
    assert "SGF043" in checked.all_codes()
    assert checked.records[0].tags["PB"] == "René Dupont"
    checked = check_text("(;FF[4]CA[Big5]C[\u68cb];B[aa])".encode("big5"))
    assert checked.all_codes() == [] and checked.records[0].plies == 1
    # a Shift_JIS second byte that is "\\" or "]" does not end the value
    checked = check_text("(;FF[4]CA[Shift_JIS]PB[表示];B[aa])".encode("shift_jis"))
    assert checked.all_codes() == [] and checked.records[0].tags["PB"] == "表示"


def test_charset_name_with_embedded_nul_is_an_unknown_charset_not_a_crash() -> None:
    # issue 16: `(;CA[\0])` was KIFU001 "embedded null character" (codecs.lookup raises on NUL)
    checked = check_text(b"(;CA[\0])")
    assert "SGF041" in checked.all_codes() and "KIFU001" not in checked.all_codes()


#: bytes of every kind: controls, ASCII, lead and trail bytes of the multibyte charsets, escapes
BYTES = st.binary(max_size=24) | st.lists(
    st.sampled_from(
        [b"\x00", b"\x1b", b"\x7f", b"\x1b$B", b"\x1b(B", b"a", b"\\", b"\x81", b"\xa4", b"\xe3\x81"]
    ),
    max_size=10,
).map(b"".join)


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(sorted(_ASCII_CONTROLS)), BYTES)
def test_the_charsets_that_skip_the_control_search_make_controls_only_of_control_bytes(
    codec: str, data: bytes
) -> None:
    """The test :func:`decode` runs on the bytes instead of searching the text: under these
    charsets, bytes without a control byte decode to text without a control character."""
    if len(data.translate(None, _CONTROL_BYTES)) == len(data):
        assert _CONTROL.search(data.decode(codec, errors="replace")) is None


def test_a_control_character_made_of_other_bytes_is_still_found() -> None:
    # EBCDIC: 0x2F is BEL, and no byte of the text is an ASCII control
    data = b"(;FF[4]CA[cp037]C[" + "x\a".encode("cp037") + b"])"
    assert not set(data) & set(_CONTROL_BYTES)
    decoded = decode(data)
    assert decoded.encoding == "cp037" and "cp037" not in _ASCII_CONTROLS
    assert "SGF044" in [f.code for f in decoded.findings] and _CONTROL.search(decoded.text) is None
