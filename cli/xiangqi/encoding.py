"""Detecting the text encoding of xiangqi records: UTF-8/16, GBK/GB18030 or Big5."""

from __future__ import annotations

import codecs
import io
import itertools
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from kifu.core.lines import Controls, LineDecoder
from kifu.core.sources import wide_encoding

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

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


def lines(
    head: bytes,
    rest: Iterable[bytes],
    encoding: str,
    controls: Controls | None = None,
    longest: int | None = None,
) -> Iterator[str]:
    """The lines (terminators removed) of ``head`` followed by the chunks of ``rest``, decoded
    with ``encoding`` (undecodable bytes replaced by U+FFFD).

    The splitting is :meth:`kifu.core.lines.LineDecoder.lines` with ``blank_runs`` (the text
    goes to it as UTF-8, since the byte ``\\n`` is not always a line break in UTF-16): no line is
    held longer than ``longest`` characters (default ``limits().record``; ``0``: no limit), a
    run of ``n`` empty lines may come as one string of ``n - 1`` line breaks (the caller counts
    ``line.count("\\n") + 1`` lines for an empty or all-newline string), and control characters
    are read as U+FFFD and counted in ``controls`` (not in a line longer than ``longest``, which
    is not read).
    As with ``str.split("\\n")``, a text that ends with a line break (or is empty) ends with an
    empty line.
    """
    decoder = LineDecoder(encoding="utf-8", controls=Controls() if controls is None else controls)
    text = _Utf8(itertools.chain([head], rest), encoding)
    yield from decoder.lines(io.BufferedReader(text, 1 << 16), "", longest, blank_runs=True)
    if text.ends_line:
        yield ""


class _Utf8(io.RawIOBase):
    """The text of ``chunks`` in ``encoding`` (undecodable bytes replaced by U+FFFD), as UTF-8."""

    def __init__(self, chunks: Iterator[bytes], encoding: str) -> None:
        self._chunks = chunks
        self._decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        self._pending = memoryview(b"")
        self._done = False
        self.ends_line = True  # the text read so far is empty or ends with a line break

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        while not self._pending and not self._done:
            chunk = next(self._chunks, None)
            self._done = chunk is None
            text = self._decoder.decode(chunk or b"", final=self._done)
            if text:
                self._pending = memoryview(text.encode("utf-8", "surrogatepass"))
                self.ends_line = text.endswith("\n")
        view = memoryview(buffer).cast("B")
        size = min(len(view), len(self._pending))
        view[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size
