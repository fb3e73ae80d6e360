"""The pixels of a PNG file, read without an imaging library: what a test measures in a
screenshot of headless Chromium (8-bit greyscale, RGB or RGBA, with or without alpha, not
interlaced: what Chromium writes)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: channels per pixel by colour type (greyscale, RGB, greyscale and alpha, RGBA)
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


@dataclass(frozen=True)
class Picture:
    """``width`` × ``height`` pixels, rows of ``channels`` bytes a pixel from the top."""

    width: int
    height: int
    channels: int
    rows: list[bytes]

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour of the pixel at (x, y) (alpha ignored)."""
        at = x * self.channels
        pixel = self.rows[y][at : at + self.channels]
        return (pixel[0], pixel[0], pixel[0]) if self.channels < 3 else (pixel[0], pixel[1], pixel[2])

    def where(self, colour: tuple[int, int, int], tolerance: int) -> list[tuple[int, int]]:
        """The (x, y) of every pixel within ``tolerance`` of ``colour`` on each channel."""
        red, green, blue = colour
        found = []
        step = self.channels
        for y, row in enumerate(self.rows):
            for x in range(self.width):
                at = x * step
                r, g, b = (row[at], row[at], row[at]) if step < 3 else (row[at], row[at + 1], row[at + 2])
                if abs(r - red) <= tolerance and abs(g - green) <= tolerance and abs(b - blue) <= tolerance:
                    found.append((x, y))
        return found


def read_png(data: bytes) -> Picture:
    """The pixels of the PNG ``data``."""
    assert data.startswith(SIGNATURE), "not a PNG file"
    at, header, compressed = len(SIGNATURE), b"", bytearray()
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in CHANNELS and interlace == 0, (depth, colour, interlace)
    channels = CHANNELS[colour]
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    rows: list[bytes] = []
    previous = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        _unfilter(kind, line, previous, channels)
        previous = bytes(line)
        rows.append(previous)
    return Picture(width, height, channels, rows)


def _unfilter(kind: int, line: bytearray, previous: bytes, step: int) -> None:
    """Undo the filter ``kind`` of a scanline in place (PNG 1.2, 6: None, Sub, Up, Average, Paeth)."""
    if kind == 0:
        return
    if kind == 2:
        for i, above in enumerate(previous):
            line[i] = (line[i] + above) & 0xFF
        return
    for i in range(len(line)):
        left = line[i - step] if i >= step else 0
        above = previous[i]
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + above) // 2) & 0xFF
        elif kind == 4:
            corner = previous[i - step] if i >= step else 0
            estimate = left + above - corner
            pa, pb, pc = abs(estimate - left), abs(estimate - above), abs(estimate - corner)
            nearest = left if pa <= pb and pa <= pc else above if pb <= pc else corner
            line[i] = (line[i] + nearest) & 0xFF
        else:
            raise ValueError(f"unknown PNG filter {kind}")
