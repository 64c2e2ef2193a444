#!/usr/bin/env python3
"""Draw the app icon: web/icons/icon.svg and its PNG renderings (192 and 512 px).

    python3 tools/make_icons.py

The icon is the favicon's purple hex with the Factory silhouette, on a paper-coloured
square. The hex sits inside the central 80 % circle, so the same files serve as
"maskable" icons (Android crops them to a circle or a rounded square).

Standard library only: each pixel's coverage comes from the signed distance to the
shapes, which gives smooth edges without a graphics library. The PNGs are committed;
run this again only after changing the drawing.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "web" / "icons"
PAPER = (0xF4, 0xEC, 0xDC)
PURPLE = (0x7A, 0x5C, 0x99)
CREAM = (0xF6, 0xEF, 0xE0)
#: The drawing in a -50..50 box (the favicon's coordinates), scaled by 0.76 into the icon.
HEX = [(43.3, -25), (43.3, 25), (0, 50), (-43.3, 25), (-43.3, -25), (0, -50)]
FACTORY = [
    (-26, 22), (-26, 0), (-12, -12), (-12, 0), (2, -12), (2, 0), (16, -12), (16, 0),
    (20, 0), (20, -24), (28, -24), (28, 22),
]  # fmt: skip
SCALE = 0.76


def svg() -> str:
    def points(poly):
        return " ".join(f"{x * SCALE:g},{y * SCALE:g}" for x, y in poly)

    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-50 -50 100 100">\n'
        '  <rect x="-50" y="-50" width="100" height="100" fill="#f4ecdc"/>\n'
        f'  <polygon points="{points(HEX)}" fill="#7a5c99"/>\n'
        f'  <polygon points="{points(FACTORY)}" fill="#f6efe0"/>\n'
        "</svg>\n"
    )


def signed_distance(px: float, py: float, poly: list[tuple[float, float]]) -> float:
    """Distance from the point to the polygon's outline: negative inside."""
    best = math.inf
    inside = False
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(px - ax - t * ex, py - ay - t * ey))
        if (ay > py) != (by > py) and px < ax + (py - ay) * ex / ey:
            inside = not inside
    return -best if inside else best


def coverage(px: float, py: float, poly, pixel: float) -> float:
    return max(0.0, min(1.0, 0.5 - signed_distance(px, py, poly) / pixel))


def mix(under, over, alpha: float):
    return tuple(round(u + (o - u) * alpha) for u, o in zip(under, over, strict=True))


def render(size: int) -> bytes:
    pixel = 100 / size  # drawing units per pixel
    hex_poly = [(x * SCALE, y * SCALE) for x, y in HEX]
    factory = [(x * SCALE, y * SCALE) for x, y in FACTORY]
    rows = []
    for j in range(size):
        y = -50 + (j + 0.5) * pixel
        row = bytearray(b"\0")  # PNG filter type 0 for the row
        for i in range(size):
            x = -50 + (i + 0.5) * pixel
            colour = mix(PAPER, PURPLE, coverage(x, y, hex_poly, pixel))
            if abs(x) < 25 and -20 < y < 19:
                colour = mix(colour, CREAM, coverage(x, y, factory, pixel))
            row += bytes(colour)
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(svg())
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(render(size))
        print(f"wrote web/icons/icon-{size}.png")


if __name__ == "__main__":
    main()
