"""Character offsets of a decoded SGF text to lines and columns (for findings)."""

from __future__ import annotations

import bisect

from kifu.core.record import Span


class TextIndex:
    """Offsets to 1-based line and column, for one decoded text.

    Only the number of line breaks before each 64 KiB block, and where the line that holds the
    block's first character starts, are kept (built when a position is first needed), so a
    gigabyte archive costs a few thousand integers, not one per line, and a column costs at most
    one block's search however long its line (many findings on one long line stay linear).
    ``text`` may be a window of a big file that starts inside a line: ``column_base`` characters
    of its first line come before it; ``cut``: it stops inside its last line.
    """

    BLOCK = 1 << 16

    def __init__(self, text: str, line_base: int = 0, column_base: int = 0, cut: bool = False) -> None:
        self.text = text
        self.line_base = line_base  # lines before the start of ``text`` (a window of a big file)
        self.column_base = column_base  # characters of the first line before the start of ``text``
        self.cut = cut  # the last line goes on after the end of ``text``
        self._before: list[int] | None = None
        self._heads: list[int] = []
        self._last = (0, 1, 0)  # the last (offset, line, line start): findings mostly come in order

    def _blocks(self) -> list[int]:
        if self._before is None:
            text, block = self.text, self.BLOCK
            before = [0]
            heads = [0]
            for start in range(0, len(text), block):
                before.append(before[-1] + text.count("\n", start, start + block))
                newline = text.rfind("\n", start, start + block)
                heads.append(newline + 1 if newline >= 0 else heads[-1])
            self._before = before
            self._heads = heads
        return self._before

    def line_start(self, offset: int) -> int:
        """The offset where the line holding ``offset`` starts."""
        text = self.text
        offset = max(0, min(offset, len(text)))
        last_offset, _, last_head = self._last
        if last_offset <= offset < last_offset + 4096:
            newline = text.rfind("\n", last_offset, offset)
            return newline + 1 if newline >= 0 else last_head
        block = offset // self.BLOCK
        self._blocks()
        newline = text.rfind("\n", block * self.BLOCK, offset)
        return newline + 1 if newline >= 0 else self._heads[block]

    def position(self, offset: int) -> tuple[int, int]:
        """(line, column) of a character offset."""
        text = self.text
        offset = max(0, min(offset, len(text)))
        last_offset, last_line, last_head = self._last
        block = offset // self.BLOCK
        start = block * self.BLOCK
        # on from the last position when it is nearer than the block's start (findings come
        # mostly in order: a file's findings cost one pass over it, not one block each)
        if last_offset <= offset and (last_offset >= start or offset - last_offset < 4096):
            line = last_line + text.count("\n", last_offset, offset)
            newline = text.rfind("\n", last_offset, offset)
            head = newline + 1 if newline >= 0 else last_head
        else:
            line = self._blocks()[block] + text.count("\n", start, offset) + 1
            newline = text.rfind("\n", start, offset)
            head = newline + 1 if newline >= 0 else self._heads[block]
        self._last = (offset, line, head)
        return line + self.line_base, offset - head + 1 + (self.column_base if head == 0 else 0)

    def span(self, offset: int, length: int = 1) -> Span:
        """A span starting at ``offset``; multi-line lengths end on the last line."""
        line, column = self.position(offset)
        end_line, end_column = self.position(offset + max(length, 1))
        return Span(line, column, end_line, end_column)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its terminator."""
        line -= self.line_base
        before = self._blocks()
        text = self.text
        start = 0
        if line > 1:  # find the (line - 1)th line break, from the block that holds it
            block = max(0, bisect.bisect_left(before, line - 1) - 1)
            start = block * self.BLOCK
            for _ in range(line - 1 - before[block]):
                start = text.index("\n", start) + 1
        end = text.find("\n", start)
        return text[start : end if end >= 0 else len(text)].rstrip("\r")
