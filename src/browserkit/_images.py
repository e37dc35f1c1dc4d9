"""Reading an image's pixel size from its header (PNG and JPEG), without an image library."""

from __future__ import annotations

import base64
import struct

__all__ = ["b64decode", "size"]


def b64decode(text: str) -> bytes:
    return base64.b64decode(text)


def size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG or baseline/progressive JPEG; (0, 0) when unreadable."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:2] == b"\xff\xd8":
        i = 2
        n = len(data)
        while i + 9 < n:
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            length = struct.unpack(">H", data[i + 2 : i + 4])[0]
            # SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the size.
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return int(width), int(height)
            i += 2 + length
    return 0, 0
