"""listgen's icon (listgen/static/favicon.svg: a tick on a dark rounded square) as PNG, for the site's web manifest and
the iPhone's Home Screen, which takes no SVG. Drawn here from the same shapes, with the edges smoothed by their
distance, and written with zlib: no imaging library for three small pictures. Deterministic, so the site's hashes
hold from build to build."""

from __future__ import annotations

import functools
import math
import struct
import zlib

BACKGROUND = (0x1F, 0x2D, 0x3A)  # favicon.svg's fill
TICK = (0x7F, 0xD1, 0x91)  # its stroke
TICK_POINTS = ((4.0, 8.5), (6.5, 11.0), (12.0, 5.0))  # its path, on its 16 x 16 grid
TICK_HALF_WIDTH = 1.0  # stroke-width 2
CORNER = 3.0  # rx 3


def _segment_distance(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def _corner_outside(x: float, y: float) -> float:
    """How far (in grid units) a point lies outside the rounded square (negative: inside)."""
    cx, cy = min(max(x, CORNER), 16 - CORNER), min(max(y, CORNER), 16 - CORNER)
    return math.hypot(x - cx, y - cy) - CORNER


@functools.lru_cache(maxsize=8)
def icon_png(size: int, maskable: bool = False) -> bytes:
    """The icon, size x size pixels. A maskable icon fills its square (the system cuts its own shape) and keeps the
    tick inside the middle 60%, within the safe zone a mask may leave."""
    unit = 16 / size  # grid units a pixel
    scale, offset = (0.6, 16 * 0.2) if maskable else (1.0, 0.0)
    rows = []
    for py in range(size):
        row = bytearray([0])  # no filter
        for px in range(size):
            x, y = (px + 0.5) * unit, (py + 0.5) * unit
            cover = 1.0 if maskable else min(1.0, max(0.0, 0.5 - _corner_outside(x, y) / unit))
            gx, gy = (x - offset) / scale, (y - offset) / scale  # the point on the tick's own grid
            near = min(_segment_distance(gx, gy, a, b) for a, b in zip(TICK_POINTS, TICK_POINTS[1:]))
            tick = min(1.0, max(0.0, 0.5 - (near - TICK_HALF_WIDTH) * scale / unit))
            colour = [round(bg + (fg - bg) * tick) for bg, fg in zip(BACKGROUND, TICK)]
            row += bytes([*colour, round(255 * cover)])
        rows.append(bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
