#!/usr/bin/env python3
"""make-icons.py -- draw the web app's home-screen icons (static/icons/icon-192.png,
icon-512.png, maskable-512.png): a navy square with the gold stamp ring of the header's
brand mark. Pure Python (zlib), so no image library is needed; run it from the repo root."""
import math
import struct
import zlib

NAVY = (20, 54, 93)
GOLD = (244, 196, 48)
WHITE = (255, 255, 255)


def pixel(x, y, size, inner):
    """The colour at (x, y): a dashed gold ring and a white dot on navy."""
    c = (size - 1) / 2
    dx, dy = x - c, y - c
    r = math.hypot(dx, dy) / (size * inner / 2)
    if 0.62 <= r <= 0.86:
        a = (math.atan2(dy, dx) + math.pi) / (2 * math.pi)
        if int(a * 24) % 2 == 0:
            return GOLD
    if r <= 0.28:
        return WHITE
    return NAVY


def png(path, size, inner):
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel(x, y, size, inner))

    def chunk(kind, data):
        body = kind + data
        return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xFFFFFFFF)

    ihdr = struct.pack('>IIBBBBB', size, size, 8, 2, 0, 0, 0)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(bytes(rows), 9)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(data)


png('static/icons/icon-192.png', 192, 1.0)
png('static/icons/icon-512.png', 512, 1.0)
png('static/icons/maskable-512.png', 512, 0.72)  # the ring inside the safe zone
