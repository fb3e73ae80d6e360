"""Detecting the text encoding of xiangqi records: UTF-8/16, GBK/GB18030 or Big5."""

from __future__ import annotations

import codecs
import itertools
import re
from collections.abc import Iterable, Iterator

from kifu.core.limits import limits
from kifu.core.sources import wide_encoding

_XIANGQI_CHARS = set(
    "帅帥将將仕士相象马馬傌车車俥炮砲包兵卒进進退平前后後中一二三四五六七八九红紅黑胜勝和棋局"
)
#: Frequent Chinese characters: text decoded with the wrong codec has few of them.
_COMMON = set(
    "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下"
    "过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都"
    "两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重"
    "新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想"
    "已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知"
    "较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质"
)


def detect(data: bytes, complete: bool = True) -> str:
    """The encoding of ``data`` (all of a file, or its first part when not ``complete``)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    wide = wide_encoding(data)
    if wide is not None:
        return wide
    if _decodes(data, "utf-8", complete):
        return "utf-8"
    best: tuple[int, str] | None = None
    for name in ("gb18030", "big5"):
        if not _decodes(data, name, complete):
            continue
        text = codecs.getincrementaldecoder(name)().decode(data, final=False)
        score = sum(1 for ch in text if ch in _XIANGQI_CHARS or ch in _COMMON)
        if best is None or score > best[0]:
            best = (score, name)
    return best[1] if best else "gb18030"


def _decodes(data: bytes, name: str, complete: bool) -> bool:
    try:
        codecs.getincrementaldecoder(name)().decode(data, final=complete)
    except UnicodeDecodeError:
        return False
    return True


def decode(data: bytes) -> tuple[str, str]:
    """The text of ``data`` and the name of the encoding used (undecodable bytes replaced)."""
    name = detect(data)
    return codecs.decode(data, name, errors="replace"), name


def lines(head: bytes, rest: Iterator[bytes], encoding: str, longest: int | None = None) -> Iterator[str]:
    """The lines (terminators removed) of ``head`` followed by the chunks of ``rest``.

    No line is held longer than ``longest`` characters (default ``limits().record``; ``0``: no
    limit): of a longer one, the first ``longest + 1`` characters are yielded (so that the game
    holding it passes the limit) and the rest is skipped, a chunk at a time, when the next line is
    asked for. A run of ``n`` empty lines within a chunk comes as one string of ``n - 1`` line
    breaks (``""`` for one empty line): the caller counts ``line.count("\\n") + 1`` lines for an
    empty or all-newline string, so that a flood of blank lines costs the speed of the bytes.
    """
    cap = limits().record if longest is None else longest
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    pending: list[str] = []  # the start of the current line, in pieces
    size = 0  # its characters
    skipping = False  # the current line passed the cap and was yielded: the rest is dropped
    for chunk in itertools.chain([head], rest, [None]):
        text = decoder.decode(b"" if chunk is None else chunk, final=chunk is None)
        end = text.find("\n")
        if end >= 0:  # the current line ends here
            if skipping:
                skipping = False
            else:
                pending.append(text[:end])
                yield _capped("".join(pending), cap)
            last = text.rfind("\n")
            if last > end:
                yield from _split_runs(text[end + 1 : last], cap)
            text = text[last + 1 :]
            pending, size = [], 0
        if skipping:
            continue
        pending.append(text)
        size += len(text)
        if cap and size > cap:
            yield "".join(pending)[: cap + 1]
            pending, size, skipping = [], 0, True
    if not skipping:
        yield "".join(pending)


def _capped(line: str, cap: int) -> str:
    return line[: cap + 1] if cap and len(line) > cap else line


_RUNS = re.compile("(\n{2,})")


def _split_runs(text: str, cap: int) -> Iterator[str]:
    """The lines of ``text`` (joined by line breaks), each run of empty lines as one string."""
    if "\n\n" not in text:
        parts: Iterable[str] = text.split("\n")
    else:
        parts = _with_runs(text)
    if cap:
        for part in parts:
            yield part[: cap + 1] if len(part) > cap and part.strip() else part
    else:
        yield from parts


def _with_runs(text: str) -> Iterator[str]:
    for i, piece in enumerate(_RUNS.split(text)):
        if i % 2:  # a run of r line breaks between two lines: r - 1 empty lines
            yield "\n" * (len(piece) - 2)
        else:
            yield from piece.split("\n")
