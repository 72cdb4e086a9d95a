#!/usr/bin/env python3
"""Seed inputs for `make fuzz`, one directory per fuzz target (named as `FuzzTarget`'s raw values).

- jpeg: small JPEGs (16 to 512 px a side) re-encoded with cjpeg from ../shared/photos (decoded with
  djpeg, cropped) and from generated pictures, in every chroma subsampling the decoders meet
  (4:4:4, 4:2:2, 4:2:0, 4:4:0, 4:1:1, grey, and odd ones), with and without restart markers,
  progressive, arithmetic, optimised tables; then a few damaged copies (truncated, bytes flipped in
  the scan, restart markers dropped or repeated).
- png: small PNGs written here (no tool makes every kind): grey 1 to 16 bits, RGB 8 and 16, palette
  1 to 8 bits with tRNS, grey+alpha, RGBA, interlaced, every row filter, several IDAT chunks; a
  crop of a photo; a few damaged copies.
- exif: the TIFF data of Exif blocks: the orientation fixtures' (written by exiftool) and small
  ones written here (each orientation, both byte orders, dates good and bad).
- webp (and the other formats of MAGICK_VARIANTS): the pictures above, made small, in a few of the
  format's encodings by ImageMagick; a few damaged copies.
- encoders: pseudo-random bytes (the target reads its image and sizes from them).
- unsplash-json, picsum-json: the response fixtures of the tests (Tests/GalleryTests/*Fixtures.swift),
  read from there so they stay the shapes the tests use, and variants of them.
- http-headers, terminal-replies: header blocks and terminal answers as they arrive.
- folder-names: file names separated by NUL bytes: look-alikes, other encodings, controls, long names.
- date-index: indexes of dates taken as the cache folder keeps them.

Deterministic: the same photos give the same seeds. Without the photos the JPEG and PNG seeds come
from generated pictures only, fewer of them, and the script says so.
"""
import argparse
import random
import re
import shutil
import struct
import subprocess
import tempfile
import sys
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# cjpeg -sample: 4:4:4, 4:2:2, 4:2:0, 4:4:0, 4:1:1, then ratios libjpeg-turbo decodes but our DC
# decoder leaves to it (4:1:0, chroma sampled finer than luma, non-integer ratios).
SAMPLINGS = ["1x1", "2x1", "2x2", "1x2", "4x1", "4x2", "1x1,2x2,1x1", "2x2,1x2,2x1", "3x1"]


class Picture:
    """An 8-bit RGB raster (bytes, row-major), as PPM for cjpeg."""

    def __init__(self, width, height, pixels):
        assert len(pixels) == width * height * 3
        self.width, self.height, self.pixels = width, height, bytes(pixels)

    @staticmethod
    def from_ppm(data):
        # djpeg writes "P6\n<w> <h>\n255\n" and then the samples (which may start with whitespace).
        header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
        assert header, "not an 8-bit binary PPM"
        width, height = int(header.group(1)), int(header.group(2))
        return Picture(width, height, data[header.end():header.end() + width * height * 3])

    def ppm(self):
        return b"P6\n%d %d\n255\n" % (self.width, self.height) + self.pixels

    def crop(self, x, y, width, height):
        width, height = min(width, self.width - x), min(height, self.height - y)
        rows = (self.pixels[((y + r) * self.width + x) * 3:((y + r) * self.width + x + width) * 3] for r in range(height))
        return Picture(width, height, b"".join(rows))


def generated_pictures(rng):
    """Pictures that need no photo: gradients, noise, stripes, flat colour, at awkward sizes."""
    pictures = []
    for width, height in [(16, 16), (17, 9), (64, 48), (100, 75), (8, 200), (255, 33)]:
        kind = len(pictures) % 4
        pixels = bytearray()
        for y in range(height):
            for x in range(width):
                if kind == 0:
                    pixels += bytes((x * 255 // width, y * 255 // height, (x + y) * 127 // (width + height)))
                elif kind == 1:
                    pixels += bytes(rng.randrange(256) for _ in range(3))
                elif kind == 2:
                    pixels += b"\xff\x20\x20" if (x // 3 + y // 5) % 2 else b"\x10\x40\xf0"
                else:
                    pixels += b"\x80\x80\x80"
        pictures.append(Picture(width, height, pixels))
    return pictures


def photo_pictures(photos, rng):
    """Crops of the 1080 px photos decoded at 1/4 and 1/2 scale: 16 to 512 px a side."""
    pictures = []
    for path in sorted(photos.glob("*-1080.jpg")):
        for scale in ["1/4", "1/2"]:
            decoded = Picture.from_ppm(subprocess.run(["djpeg", "-rgb", "-scale", scale, "-ppm", str(path)],
                                                      check=True, capture_output=True).stdout)
            sides = [16, 23, 40, 64, 97, 128, 200, 256, 360, 512]
            width, height = min(rng.choice(sides), decoded.width), min(rng.choice(sides), decoded.height)
            x, y = rng.randrange(decoded.width - width + 1), rng.randrange(decoded.height - height + 1)
            pictures.append(decoded.crop(x, y, width, height))
    if pictures:
        pictures.append(decoded.crop(0, 0, 512, 512))  # the largest side, from the last half-scale photo
    return pictures


def cjpeg(picture, *options):
    return subprocess.run(["cjpeg", *options], input=picture.ppm(), check=True, capture_output=True).stdout


def jpeg_seeds(pictures, rng):
    """Every picture in a few encodings, each encoding used several times over the pictures."""
    seeds = {}
    for index, picture in enumerate(pictures):
        sampling = SAMPLINGS[index % len(SAMPLINGS)]
        # Big pictures at lower quality, so seeds stay under the target's -max_len.
        quality = "50" if picture.width * picture.height > 200 * 200 else rng.choice(["30", "75", "95"])
        variants = {
            "": ["-sample", sampling],
            "restart": ["-sample", sampling, "-restart", rng.choice(["1", "2", "1B", "3B", "7B"])],
            "grey": ["-grayscale", "-restart", "2B"] if index % 3 == 0 else ["-grayscale"],
        }
        if index % 4 == 0:
            variants["progressive"] = ["-sample", sampling, "-progressive"]
        if index % 5 == 1:
            variants["arithmetic"] = ["-sample", sampling, "-arithmetic"]
        if index % 5 == 2:
            variants["optimized"] = ["-sample", sampling, "-optimize", "-restart", "1"]
        for suffix, options in variants.items():
            name = f"{index:02}-{picture.width}x{picture.height}-{sampling.replace(',', '_')}{'-' + suffix if suffix else ''}.jpg"
            if suffix == "grey":
                name = f"{index:02}-{picture.width}x{picture.height}-grey.jpg"
            seeds[name] = cjpeg(picture, "-quality", quality, *options)
    return seeds


def damaged_jpegs(seeds, rng):
    """A few seeds cut short, with bytes of the scan changed, or with restart markers tampered with."""
    damaged = {}
    for name in sorted(seeds)[::4]:
        data = seeds[name]
        scan = data.find(b"\xff\xda")
        if scan < 0 or scan + 64 >= len(data):
            continue
        stem = name[:-4]
        damaged[f"{stem}-truncated.jpg"] = data[: scan + (len(data) - scan) * 3 // 5]
        flipped = bytearray(data)
        for _ in range(3):
            flipped[rng.randrange(scan + 20, len(data) - 2)] ^= 1 << rng.randrange(8)
        damaged[f"{stem}-flipped.jpg"] = bytes(flipped)
        restart = data.find(b"\xff\xd0", scan)
        if restart > 0:
            damaged[f"{stem}-restart-dropped.jpg"] = data[:restart] + data[restart + 2:]
            damaged[f"{stem}-restart-repeated.jpg"] = data[:restart] + b"\xff\xd0" + data[restart:]
    return damaged


# --- PNG ---------------------------------------------------------------------------------------

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def filtered(rows, bytes_per_pixel, first_filter):
    """Each packed row with a filter byte, the filter changing from row to row (0 to 4)."""
    out, previous = bytearray(), bytes(len(rows[0])) if rows else b""
    for index, row in enumerate(rows):
        kind = (first_filter + index) % 5
        line = bytearray([kind])
        for i, value in enumerate(row):
            left = row[i - bytes_per_pixel] if i >= bytes_per_pixel else 0
            up, corner = previous[i], previous[i - bytes_per_pixel] if i >= bytes_per_pixel else 0
            predictor = [0, left, up, (left + up) // 2, paeth(left, up, corner)][kind]
            line.append((value - predictor) & 0xFF)
        out += line
        previous = row
    return bytes(out)


def packed_row(samples, depth):
    """Samples (ints below 2**depth) of one row as bytes: several to a byte below 8 bits, big-endian at 16."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, per_byte = bytearray(), 8 // depth
    for start in range(0, len(samples), per_byte):
        group = samples[start:start + per_byte]
        value = 0
        for i in range(per_byte):
            value = value << depth | (group[i] if i < len(group) else 0)
        out.append(value)
    return bytes(out)


def png(width, height, color_type, depth, sample, interlaced=False, palette=None, transparency=None, idat_chunks=1):
    """A PNG whose sample at (x, y, channel) is `sample(x, y, channel)`."""
    channels = CHANNELS[color_type]
    bytes_per_pixel = max(1, channels * depth // 8)

    def rows(xs, ys):
        return [packed_row([sample(x, y, c) for x in xs for c in range(channels)], depth) for y in ys]

    if interlaced:
        data = b""
        for number, (x0, y0, dx, dy) in enumerate(ADAM7):
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                data += filtered(rows(xs, ys), bytes_per_pixel, number)
    else:
        data = filtered(rows(range(width), range(height)), bytes_per_pixel, 0)
    compressed = zlib.compress(data, 9)
    step = max(1, -(-len(compressed) // idat_chunks))
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, int(interlaced)))
    out += chunk(b"gAMA", struct.pack(">I", 45455)) + chunk(b"tEXt", b"Comment\0fuzz seed")
    if palette:
        out += chunk(b"PLTE", bytes(palette))
    if transparency is not None:
        out += chunk(b"tRNS", transparency)
    for start in range(0, len(compressed), step):
        out += chunk(b"IDAT", compressed[start:start + step])
    return out + chunk(b"IEND", b"")


def png_seeds(pictures, rng):
    seeds = {}
    kinds = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
             (4, 8), (4, 16), (6, 8), (6, 16)]
    for index, (color_type, depth) in enumerate(kinds):
        width, height = rng.choice([(1, 1), (3, 2), (7, 5), (16, 16), (33, 9)])
        top = (1 << depth) - 1
        palette = transparency = None
        if color_type == 3:
            palette = [rng.randrange(256) for _ in range(3 << depth)]
            transparency = bytes(rng.randrange(256) for _ in range(min(4, 1 << depth)))
        elif color_type == 0 and index % 2:
            transparency = struct.pack(">H", top // 2)
        elif color_type == 2:
            transparency = struct.pack(">HHH", top, 0, top)

        def sample(x, y, c, top=top, salt=index):
            return (x * 7 + y * 13 + c * 29 + salt) * 2654435761 % (top + 1)

        for interlaced in (False, True):
            name = f"type{color_type}-{depth}bit-{width}x{height}{'-interlaced' if interlaced else ''}.png"
            seeds[name] = png(width, height, color_type, depth, sample, interlaced, palette, transparency,
                              idat_chunks=1 + index % 3)
    for index, picture in enumerate(p for p in pictures if p.width * p.height <= 64 * 64):
        def from_picture(x, y, c, picture=picture):
            return picture.pixels[(y * picture.width + x) * 3 + c]
        seeds[f"picture-{index:02}-{picture.width}x{picture.height}.png"] = png(
            picture.width, picture.height, 2, 8, from_picture, interlaced=index % 2 == 1)
    for name in sorted(seeds)[::5]:
        data = seeds[name]
        seeds[name[:-4] + "-truncated.png"] = data[: len(data) * 2 // 3]
        corrupt = bytearray(data)
        corrupt[len(data) // 2] ^= 0x40
        seeds[name[:-4] + "-flipped.png"] = bytes(corrupt)
    return seeds


# --- Text targets ------------------------------------------------------------------------------

def swift_fixtures(path):
    """The `static let NAME = #\"\"\"...\"\"\"#` literals of a fixtures file, indentation removed."""
    text = path.read_text()
    fixtures = {}
    for match in re.finditer(r'static let (\w+) = #"""\n(.*?)\n( *)"""#', text, re.S):
        indent = len(match.group(3))
        fixtures[match.group(1)] = "\n".join(line[indent:] for line in match.group(2).split("\n"))
    return fixtures


def json_seeds(fixtures):
    seeds = {f"{name}.json": text.encode() for name, text in fixtures.items()}
    for name, text in fixtures.items():
        # Hostile and edge values the decoders must take (or refuse) calmly.
        seeds[f"{name}-escapes.json"] = re.sub(r'("id":\s*")', r"\g<1>\\u001b[2J\\u202e\\ud83d\\ude00\\u0000", text).encode()
        seeds[f"{name}-numbers.json"] = re.sub(r'("(?:width|height|likes|total|total_pages)":\s*)\d+',
                                               r"\g<1>9223372036854775807", text).encode()
        seeds[f"{name}-compact.json"] = re.sub(r"\s*\n\s*", "", text).encode()
    return seeds


HTTP_HEADERS = {
    "ok": "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1234\r\nX-Ratelimit-Remaining: 42\r\n\r\n",
    "rate-limited": "HTTP/2 429\r\nretry-after: 12\r\nx-ratelimit-limit: 50\r\nx-ratelimit-remaining: 0\r\n\r\n",
    "retry-date": "HTTP/1.1 503 Service Unavailable\r\nRetry-After: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n",
    "retry-future": "HTTP/1.1 503 Service Unavailable\r\nRetry-After: Fri, 31 Dec 2100 23:59:60 GMT\r\n\r\n",
    "redirect": "HTTP/1.1 302 Found\r\nLocation: /id/1/200/300\r\n\r\nHTTP/1.1 100 Continue\r\n\r\nHTTP/2 200\r\nETag: \"x\"\r\nVary: Accept\r\nvary: Origin\r\n\r\n",
    "link-next": 'HTTP/1.1 200 OK\r\nLink: <https://picsum.photos/v2/list?page=1&limit=30>; rel="prev", '
                 '<https://picsum.photos/v2/list?page=3&limit=30>; rel="next"\r\n\r\n',
    "link-last": 'HTTP/1.1 200 OK\r\nlink: <https://api.unsplash.com/photos?page=1>; rel="first", '
                 '<https://api.unsplash.com/photos?page=9>; rel=prev\r\n\r\n',
    "link-odd": 'HTTP/1.1 200 OK\r\nLink: <a;b,c>; REL = "Next Last" ; title="x,y"\r\nLink: <z>;rel=next\r\n\r\n',
    "whitespace": "HTTP/1.1 200 OK\r\n  Spaced-Name :\t value \t\r\n: no name\r\nno colon\r\nRetry-After:   7  \r\n\r\n",
}

TERMINAL_REPLIES = {
    "xterm-vt340": "\x1b[?1;0;256S\x1b[?63;1;2;4;6;9;15;16;22;28c",
    "kitty": "\x1b_Gi=31;OK\x1b\\\x1b[6;20;10t\x1b[?62;22c",
    "kitty-refused": "\x1b_Gi=31;ENOTSUPPORTED:no\x1b\\\x1b[?62c",
    "failed": "\x1b[?1;3;0S\x1b[6;1;1t\x1b[?62;4c",
    "mixed-with-keys": "jk\x1b[A\x1b_Gi=31;OK\x1b\\x\x1b[?1;0;1024S\x1b[6;17;8tq\x1b[?6\x1bO\x1b[12;\x07\x1b[?63;4c",
    "mlterm": "\x1b[?1;0;1024S\x1b[6;16;8t\x1b[?63;1;2;3;4;7;29c",
    "huge-numbers": "\x1b[?1;0;99999999999999999999S\x1b[6;99999999999;99999999999t\x1b[?;;;c",
}


# Names separated by NUL, as the target reads them.
FOLDER_NAMES = {
    "twins": b"c\xff.jpg\0c\xef\xbf\xbd.jpg",
    "other-encodings": b"\xe9t\xe9.jpg\0\x9bdir\0bad\xff\xfeutf8.jpg\0\xc3(.png\0\xed\xa0\x80.gif",
    "escapes-spelled": b"c\\xFF.jpg\0c\xff.jpg\0a\\\\b.jpg\0a\\b.jpg\0c\\u{FFFD}.jpg\0c\xef\xbf\xbd.jpg",
    "controls": b"clip\x1b]52;c;aGVsbG8=\x07.jpg\0two\nlines.jpg\0tab\t.jpg\0\x7f.jpg",
    "dots-and-slashes": b".\0..\0.hidden.jpg\0a/b.jpg\0...\0 .jpg",
    "long": b"L" * 255 + b"\0" + b"M" * 256 + b".jpg\0" + b"\xff" * 255,
}


def date_index(entries, version=2):
    """An index of dates taken as DateIndex.encode writes it: (path, size, seconds, nanoseconds,
    day seen, kind, record) each, kind 1 a photo, 2 a video, 3 neither, record None (not read) or
    (date seconds or None, offset minutes or None, camera, lens). Version 1, the first, has no kind
    and a record in every entry."""
    out = f"GLDATES{version}".encode() + struct.pack("<I", len(entries))
    for path, size, seconds, nanoseconds, day, kind, record in entries:
        out += struct.pack("<H", len(path)) + path + struct.pack("<QqII", size, seconds, nanoseconds, day)
        if version >= 2:
            out += bytes([kind])
        if record is None:
            out += bytes([0])
            continue
        date, offset, camera, lens = record
        flags = (1 if date is not None else 0) | (2 if offset is not None else 0) | (4 if version >= 2 else 0)
        out += bytes([flags])
        if date is not None:
            out += struct.pack("<q", date)
        if offset is not None:
            out += struct.pack("<h", offset)
        for text in (camera, lens):
            out += bytes([len(text)]) + text
    return out


SEVERAL_DATES = [(b"/p/a.jpg", 1, -1, 999999999, 0, 1, (None, None, b"", b"")),
                 (b"/p/\xe9t\xe9 \xff.jpg", 2**40, 2**33, 0, 20000, 1, (-2208988800, -570, b"Canon EOS 40D", b"")),
                 (b"/p/b.jpg", 0, 0, 0, 1, 1, (253402300799, None, b"", b"EF-S17-85mm"))]

DATE_INDEXES = {
    "empty": date_index([]),
    "one": date_index([(b"/home/u/IMG_20230714_101500.jpg", 123456, 1689322500, 5, 19700, 1,
                        (1689329700, 120, b"Apple iPhone 12", b"iPhone 12 back camera 4.2mm f/1.6"))]),
    "several": date_index(SEVERAL_DATES),
    "kinds": date_index([(b"/p/clip.mp4", 10, 5, 0, 20000, 2, None), (b"/p/notes.txt", 3, 5, 1, 20000, 3, None),
                         (b"/p/unread.jpg", 99, 5, 2, 20000, 1, None),
                         (b"/p/read.jpg", 99, 5, 3, 20000, 1, (1689329700, None, b"", b""))]),
    "first-version": date_index(SEVERAL_DATES, version=1),
}

XMP_SIDECARS = {
    "darktable": b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                 b'<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/"'
                 b' xmp:Rating="2"><darktable:colorlabels><rdf:Seq><rdf:li>2</rdf:li></rdf:Seq></darktable:colorlabels>'
                 b'</rdf:Description></rdf:RDF></x:xmpmeta>',
    "exiftool": b"<?xpacket begin='\xef\xbb\xbf' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'>"
                b"<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description rdf:about=''"
                b" xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:subject><rdf:Bag><rdf:li>keep</rdf:li></rdf:Bag></dc:subject>"
                b"</rdf:Description><rdf:Description rdf:about='' xmlns:xmp='http://ns.adobe.com/xap/1.0/'>"
                b"<xmp:Label>Purple</xmp:Label><xmp:Rating>-1</xmp:Rating></rdf:Description></rdf:RDF></x:xmpmeta>",
    "digikam": b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
               b'<rdf:Description xmlns:digiKam="http://www.digikam.org/ns/1.0/" digiKam:PickLabel="3" digiKam:ColorLabel="4"/>'
               b'</rdf:RDF></x:xmpmeta>',
    "no-description": b'<r:RDF xmlns:r="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><!-- <r:Description/> --></r:RDF>',
}


def tiff(entries, exif_entries=(), little_endian=False):
    """An Exif block's TIFF data: IFD0 with `entries` (tag, type, count, value bytes) and, when
    given, an Exif IFD with `exif_entries`; values longer than 4 bytes after the IFDs."""
    order = "<" if little_endian else ">"
    ifd0 = list(entries) + ([(0x8769, 4, 1, None)] if exif_entries else [])
    exif_at = 8 + 2 + 12 * len(ifd0) + 4
    data_at = exif_at + (2 + 12 * len(exif_entries) + 4 if exif_entries else 0)
    data = bytearray()

    def ifd(items):
        nonlocal data_at
        out = struct.pack(order + "H", len(items))
        for tag, kind, count, value in items:
            if value is None:
                value = struct.pack(order + "I", exif_at)
            if len(value) <= 4:
                out += struct.pack(order + "HHI", tag, kind, count) + value.ljust(4, b"\0")
            else:
                out += struct.pack(order + "HHII", tag, kind, count, data_at)
                data.extend(value)
                data_at += len(value)
        return out + b"\0\0\0\0"

    head = (b"II*\0" if little_endian else b"MM\0*") + struct.pack(order + "I", 8)
    body = ifd(ifd0) + (ifd(list(exif_entries)) if exif_entries else b"")
    return head + body + bytes(data)


def exif_seeds(fixtures):
    """TIFF data of Exif blocks: the orientation fixtures' (exiftool's, Tests/ImagingTests/Fixtures)
    and small ones written here in both byte orders, with dates good and bad."""
    seeds = {}
    for path in sorted(fixtures.glob("orientation-*.jpg")):
        data = path.read_bytes()
        at = data.find(b"\xff\xe1")
        if at >= 0 and data[at + 4:at + 10] == b"Exif\0\0":
            length = struct.unpack(">H", data[at + 2:at + 4])[0]
            seeds[path.stem + "-exiftool"] = data[at + 10:at + 2 + length]
    for orientation in range(1, 9):
        for little in (False, True):
            order = "<" if little else ">"
            seeds[f"orientation-{orientation}-{'le' if little else 'be'}"] = tiff(
                [(0x0112, 3, 1, struct.pack(order + "H", orientation))],
                [(0x9003, 2, 20, b"2021:07:08 09:10:11\0")], little_endian=little)
    seeds["dates-only"] = tiff([(0x0132, 2, 20, b"2019:03:04 05:06:07\0")])
    seeds["date-with-escape"] = tiff([(0x0132, 2, 20, b"2019:03:04\x1b[2J:07\0")])
    seeds["orientation-as-long"] = tiff([(0x0112, 4, 1, struct.pack(">I", 6))])
    return seeds


# ImageMagick's encodings of each format the libraries decode: the option lists per seed.
MAGICK_VARIANTS = {
    # The last of gif's and webp's: a two-frame animation (the picture, then its negative, half size).
    "gif": [[], ["-interlace", "GIF"], ["-colors", "4"], ["-fuzz", "20%", "-transparent", "black"], ["-crop", "50%x50%+5+5"],
            ["(", "+clone", "-negate", "-resize", "50%", "-set", "dispose", "Background", ")", "-loop", "0"]],
    "tiff": [["-compress", "lzw"], ["-compress", "zip", "-orient", "RightTop"], ["-compress", "none", "-colors", "16"],
             ["-compress", "jpeg"], ["-compress", "rle", "-alpha", "set"], ["-type", "grayscale", "-depth", "16"],
             # Samples libtiff's RGBA reader refuses, which TIFFCodec reads itself.
             ["-depth", "12"], ["-depth", "32"], ["-colorspace", "CMYK", "-depth", "16"]],
    "bmp": [["-type", "truecolor"], ["-colors", "16", "-type", "palette", "-compress", "none"], ["-colors", "200", "-compress", "rle"],
            ["-define", "bmp:subtype=RGB565"], ["-alpha", "set"], ["-monochrome"]],
    # ImageMagick writes HEIC through libheif (x265); "heif" seeds are HEIC and AVIF.
    "heif": [["-quality", "50"], ["-quality", "90", "-define", "heic:chroma=444"]],
    "webp": [["-quality", "40"], ["-quality", "90"], ["-define", "webp:lossless=true"], ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel"],
             ["(", "+clone", "-negate", "-resize", "50%", ")", "-loop", "0"]],
}


def magick_seeds(pictures, fmt):
    """Small pictures (at most 96 px a side, so seeds stay small) in each of `fmt`'s variants, then
    truncated and bit-flipped copies."""
    seeds = {}
    for index, picture in enumerate(pictures):
        variant = MAGICK_VARIANTS[fmt][index % len(MAGICK_VARIANTS[fmt])]
        name = f"{index:02}-{picture.width}x{picture.height}.{fmt}"
        # bmp3: the 40-byte header that palettes and RLE need (plain bmp: ImageMagick's V5 one).
        coder = "bmp3" if fmt == "bmp" and "-alpha" not in variant and "-define" not in variant else fmt
        coder = ("avif" if index % 2 else "heic") if fmt == "heif" else coder
        seeds[name] = subprocess.run(["convert", "ppm:-", "-resize", "96x96>", *variant, f"{coder}:-"],
                                     input=picture.ppm(), check=True, capture_output=True).stdout
    seeds.update(damaged(list(seeds.items())[::3], random.Random(fmt), flips=4))
    return seeds


def damaged(seeds, rng, flips):
    """A truncated and a bit-flipped copy (`flips` bits past the first 12 bytes) of each seed."""
    copies = {}
    for name, data in seeds:
        copies[name + "-truncated"] = data[: len(data) * 2 // 3]
        corrupt = bytearray(data)
        for _ in range(flips):
            corrupt[rng.randrange(12, len(corrupt))] ^= 1 << rng.randrange(8)
        copies[name + "-flipped"] = bytes(corrupt)
    return copies


def video_seeds(fixtures):
    """The video fixtures (Tests/ImagingTests/Fixtures/make-video-fixtures.sh: MP4 with its index
    first and last, a rotated MOV, a cover, WebM, Matroska, AVI, 3GP), then truncated and
    bit-flipped copies."""
    seeds = {path.name: path.read_bytes() for path in sorted(fixtures.iterdir())
             if path.suffix in (".mp4", ".mov", ".webm", ".mkv", ".avi", ".3gp")}
    seeds.update(damaged(list(seeds.items()), random.Random("video"), flips=8))
    return seeds


def raw_seeds(fixtures):
    """DNG files (Tests/ImagingTests/Fixtures/make-dng.py): with a JPEG preview and without one,
    then truncated and bit-flipped copies."""
    seeds = {}
    with tempfile.TemporaryDirectory() as folder:
        for variant in ([], ["nopreview"]):
            out = Path(folder) / "made.dng"
            subprocess.run([sys.executable, str(fixtures / "make-dng.py"), str(out), *variant], check=True)
            seeds["preview.dng" if not variant else "no-preview.dng"] = out.read_bytes()
    seeds.update(damaged(list(seeds.items()), random.Random("raw"), flips=8))
    return seeds


def jxl_seeds(pictures):
    """Small pictures through cjxl, lossy and lossless, then truncated and bit-flipped copies."""
    seeds = {}
    with tempfile.TemporaryDirectory() as folder:
        for index, picture in enumerate(pictures[:6]):
            source, out = Path(folder) / "in.ppm", Path(folder) / "out.jxl"
            source.write_bytes(subprocess.run(["convert", "ppm:-", "-resize", "64x64>", "ppm:-"], input=picture.ppm(),
                                              check=True, capture_output=True).stdout)
            subprocess.run(["cjxl", str(source), str(out), "-d", "0" if index % 2 else "2"], check=True, capture_output=True)
            seeds[f"{index:02}.jxl"] = out.read_bytes()
    seeds.update(damaged(list(seeds.items()), random.Random("jxl"), flips=4))
    return seeds


def write(directory, seeds):
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    for name, data in seeds.items():
        (directory / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    return len(seeds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / ".fuzz" / "seeds", help="one directory per target goes here")
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "photos")
    arguments = parser.parse_args()
    rng = random.Random(1)

    pictures = generated_pictures(rng)
    if any(arguments.photos.glob("*-1080.jpg")):
        pictures += photo_pictures(arguments.photos, rng)
    else:
        print(f"fuzz_corpus: no photos in {arguments.photos}: JPEG and PNG seeds from generated pictures only")
    jpegs = jpeg_seeds(pictures, rng)
    jpegs.update(damaged_jpegs(jpegs, rng))
    fixtures = REPO / "Tests" / "GalleryTests"
    counts = {
        "jpeg": write(arguments.out / "jpeg", jpegs),
        "png": write(arguments.out / "png", png_seeds(pictures, rng)),
        "exif": write(arguments.out / "exif", exif_seeds(REPO / "Tests" / "ImagingTests" / "Fixtures")),
        **{fmt: write(arguments.out / fmt, magick_seeds(pictures, fmt)) for fmt in MAGICK_VARIANTS},
        "video": write(arguments.out / "video", video_seeds(REPO / "Tests" / "ImagingTests" / "Fixtures")),
        "raw": write(arguments.out / "raw", raw_seeds(REPO / "Tests" / "ImagingTests" / "Fixtures")),
        "jxl": write(arguments.out / "jxl", jxl_seeds(pictures)),
        "encoders": write(arguments.out / "encoders", {
            f"random-{n:02}": bytes(rng.randrange(256) for _ in range(rng.choice([8, 64, 512, 3000])))
            for n in range(12)}),
        "unsplash-json": write(arguments.out / "unsplash-json", json_seeds(swift_fixtures(fixtures / "UnsplashFixtures.swift"))),
        "picsum-json": write(arguments.out / "picsum-json", json_seeds(swift_fixtures(fixtures / "PicsumFixtures.swift"))),
        "http-headers": write(arguments.out / "http-headers", HTTP_HEADERS),
        "terminal-replies": write(arguments.out / "terminal-replies", TERMINAL_REPLIES),
        "folder-names": write(arguments.out / "folder-names", FOLDER_NAMES),
        "date-index": write(arguments.out / "date-index", DATE_INDEXES),
        "xmp": write(arguments.out / "xmp", XMP_SIDECARS),
    }
    print("fuzz_corpus: " + ", ".join(f"{target} {count}" for target, count in counts.items()) + f" seeds in {arguments.out}")


if __name__ == "__main__":
    sys.exit(main())
