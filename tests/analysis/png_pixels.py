#!/usr/bin/env python3
"""png_pixels.py PNG [#rrggbb ...]: decodes an 8-bit RGB or RGBA PNG (rsvg-convert's) with zlib
alone and prints, on one line, the pixels that are not white (alpha-blended on white), then for
each colour given the pixels within 40 of it (sum of the channels' differences)."""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def rows(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG: " + path)
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6) or interlace:
        sys.exit("unsupported PNG: depth %d, colour type %d" % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev, i = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            line[x] = (line[x] + (0, a, b, (a + b) // 2, paeth(a, b, c))[f]) & 255
        yield line, bpp, w
        prev = line


def main():
    want = [tuple(int(c[k:k + 2], 16) for k in (1, 3, 5)) for c in sys.argv[2:]]
    other, near = 0, [0] * len(want)
    for line, bpp, w in rows(sys.argv[1]):
        for x in range(w):
            px = line[x * bpp:x * bpp + 3]
            al = line[x * bpp + 3] if bpp == 4 else 255
            rgb = [(v * al + 255 * (255 - al)) // 255 for v in px]
            if rgb != [255, 255, 255]:
                other += 1
            for k, c in enumerate(want):
                if sum(abs(rgb[j] - c[j]) for j in range(3)) <= 40:
                    near[k] += 1
    print(other, *near)


main()
