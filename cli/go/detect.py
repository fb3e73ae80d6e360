"""How a file is recognised as Go, cheaply: an SGF collection's opening bytes.

The registry (:mod:`kifu.application.detection`) calls this without importing the rest of the package.
"""

from __future__ import annotations


def magic(head: bytes) -> str | None:
    """SGF has no binary format."""
    return None


def in_bytes(head: bytes) -> bool:
    """Whether the first bytes open an SGF game tree (in UTF-8, Latin-1 … or UTF-16)."""
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if stripped.startswith((b"(;", b"( ;", b"(\n;", b"(\r\n;")) or b"(;GM[" in head or b"(;FF[" in head:
        return True
    return (head.startswith((b"\xff\xfe", b"\xfe\xff")) and b"(\x00;\x00" in head) or b"\x00(\x00;" in head


def in_text(text: str, outside: object) -> bool:
    """SGF is told by its bytes alone."""
    return False
