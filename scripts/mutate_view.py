#!/usr/bin/env python3
"""`make mutate`: a seeded, reproducible mutation test of `gallery view`.

Mutants of the JPEG photos in ../shared/photos (1080 px wide, decoded through libjpeg-turbo, and
4000 px wide, decoded by gallery's own 1/8-scale DC decoder) go through
`gallery view --size 24x8 --render sixel MUTANT` with a timeout. Each run is one of:

- crash:   killed by a signal, or exit status >= 128;
- hang:    still running at the timeout;
- refused: exit 1 with exactly one stderr line, starting `gallery:`;
- shown:   exit 0 with a sixel, and the picture gallery decoded within PSNR 30 dB of libjpeg-turbo's
           decode of the same bytes (djpeg) at the DCT scale gallery decodes at, area-averaged to
           the sixel's own size. The decoded picture is read from a second run with
           `--render kitty`, which sends the pixels as they are: a sixel's 256-colour palette alone
           costs 8 to 15 dB on the noise that damaged files decode to (its PSNR is reported too);
- wrong:   exit 0 but below 30 dB, or shown although libjpeg-turbo refuses the bytes;
- failure: anything else (exit 1 with several stderr lines, another exit status, exit 0 with no
           sixel).

Each shown mutant's PSNR against libjpeg-turbo's full decode is reported too: for out-of-range
coefficients (extreme quantisers, bit flips) libjpeg-turbo's own scaled IDCTs clip differently from
its full one, so a picture libjpeg-turbo shows at 1/8 can be far from its full decode.

Every mutant comes from `random.Random` seeded with (--seed, its index) alone, so `--seed N --count M`
makes the same mutants on every run and `--only INDEX --keep` remakes one of them to look at.
Exits 1 if any run is a crash, hang, wrong or failure.

Needs, beyond the standard library: numpy (`pip install numpy`) and djpeg, libjpeg-turbo's own
command-line decoder (`apt-get install -y libjpeg-turbo-progs`). The sixel is decoded here, in
Python, so that libsixel is not needed.
"""
import argparse
import math
import multiprocessing
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PHOTOS = REPO.parent / "shared" / "photos"
CELLS = "24x8"
PSNR_FLOOR = 30.0
BAD_CLASSES = ("crash", "hang", "failure", "wrong", "wrong: libjpeg-turbo refuses")
CLASSES = ("shown", "refused") + BAD_CLASSES
# A full decode of a mutant whose frame header claims a huge picture can take long; past this the
# mutant is reported as unchecked rather than holding a worker.
REFERENCE_TIMEOUT = 60

SOF_MARKERS = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
SOS, DQT, DHT, DRI = 0xDA, 0xDB, 0xC4, 0xDD


# ---------------------------------------------------------------------------------------------
# Where things are in a JPEG (possibly an already mutated one: never raises)

class Layout:
    """Header segments as (marker, start, end) with `end` past the segment, and the entropy-coded
    data after each SOS as (start, end)."""

    def __init__(self, data):
        self.segments, self.scans = [], []
        i = 2 if data[:2] == b"\xff\xd8" else 0
        while i + 4 <= len(data):
            if data[i] != 0xFF:  # garbage between segments: look for the next marker like a decoder
                i += 1
                continue
            marker = data[i + 1]
            if marker == 0xFF:  # fill byte
                i += 1
                continue
            # Markers without a length, and a stuffed zero met after a scan ended early.
            if marker in (0x00, 0x01, 0xD8) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            if marker == 0xD9:
                break
            length = data[i + 2] << 8 | data[i + 3]
            if length < 2:
                break
            end = min(i + 2 + length, len(data))
            self.segments.append((marker, i, end))
            i = end
            if marker == SOS:
                i = entropy_end(data, i)
                self.scans.append((end, i))

    def of(self, *markers):
        return [segment for segment in self.segments if segment[0] in markers]


def entropy_end(data, start):
    """Where the entropy-coded data starting at `start` ends: at the first marker that is neither
    a stuffed zero nor a restart marker."""
    i = data.find(b"\xff", start)
    while i != -1 and i + 1 < len(data):
        following = data[i + 1]
        if following != 0 and not 0xD0 <= following <= 0xD7:
            return i
        i = data.find(b"\xff", i + 1)
    return len(data)


def scan_offset(rng, data, layout):
    """A random offset inside the entropy-coded data, or anywhere after SOI if there is none."""
    scans = [scan for scan in layout.scans if scan[1] > scan[0]]
    if not scans:
        return rng.randrange(2, len(data)) if len(data) > 2 else len(data)
    start, end = rng.choice(scans)
    return rng.randrange(start, end)


# ---------------------------------------------------------------------------------------------
# Mutations: each takes (rng, bytearray, Layout), changes the bytes in place and says what it did.

def insert_restart_marker(rng, data, layout):
    at = scan_offset(rng, data, layout)
    marker = 0xD0 + rng.randrange(8)
    data[at:at] = bytes((0xFF, marker))
    return f"FF{marker:02X} inserted at {at}"


def change_restart_interval(rng, data, layout):
    interval = rng.choice((0, 1, 2, 3, rng.randint(4, 64), rng.randint(65, 65535), 65535))
    existing = layout.of(DRI)
    if existing and rng.random() < 0.7:
        _, start, end = rng.choice(existing)
        if end - start >= 6:
            data[start + 4:start + 6] = interval.to_bytes(2, "big")
            return f"DRI at {start} set to {interval}"
    # A DRI only counts before the scan it applies to: put it before a SOS (or right after SOI).
    sos = layout.of(SOS)
    at = rng.choice(sos)[1] if sos else 2
    data[at:at] = b"\xff\xdd\x00\x04" + interval.to_bytes(2, "big")
    return f"DRI {interval} added at {at}"


def extreme_quantisation(rng, data, layout):
    tables = []  # (offset of the first entry, entries are 16-bit, end of the segment)
    for _, start, end in layout.of(DQT):
        i = start + 4
        while i < end:
            wide = data[i] >> 4 != 0
            tables.append((i + 1, wide, end))
            i += 1 + 64 * (2 if wide else 1)
    if not tables:
        return "no DQT table to change"
    first, wide, end = rng.choice(tables)
    value = rng.choice((255, 255, 0, 1, rng.randint(128, 255)))
    if wide:
        value = rng.choice((0xFFFF, value))
    width = 2 if wide else 1
    entries = 64 if rng.random() < 0.8 else rng.randint(1, 8)  # mostly a whole table, else its first ones
    for at in range(first, min(first + entries * width, end - width + 1), width):
        data[at:at + width] = value.to_bytes(width, "big")
    return f"DQT table at {first - 1}: {entries} entries set to {value}"


def truncate(rng, data, layout):
    at = scan_offset(rng, data, layout) if rng.random() < 0.75 else rng.randrange(2, max(3, len(data)))
    del data[at:]
    return f"cut at {at}"


def flip_scan_bits(rng, data, layout):
    flips = []
    for _ in range(rng.randint(1, 8)):
        at = scan_offset(rng, data, layout)
        if at < len(data):
            bit = rng.randrange(8)
            data[at] ^= 1 << bit
            flips.append(f"{at}.{bit}")
    return "bits flipped at " + " ".join(flips)


def change_scan_bytes(rng, data, layout):
    changes = []
    for _ in range(rng.randint(1, 4)):
        at = scan_offset(rng, data, layout)
        if at < len(data):
            data[at] = rng.choice((0x00, 0xFF, rng.randrange(256)))
            changes.append(f"{at}={data[at]:02X}")
    return "scan bytes " + " ".join(changes)


def change_header_byte(rng, data, layout):
    """A byte of the frame header (size, component count, sampling factors, table numbers), a
    Huffman table, the scan header or any other segment."""
    target = rng.choice(("frame", "frame", "huffman", "scan header", "any"))
    segments = layout.of(*{"frame": SOF_MARKERS, "huffman": (DHT,), "scan header": (SOS,)}.get(target, ()))
    if target == "any" or not segments:
        segments = layout.segments
    if not segments:
        return "no header to change"
    marker, start, end = rng.choice(segments)
    if marker in SOF_MARKERS and end - start >= 10:
        components = (end - start - 10) // 3
        field = rng.choice(("height", "width", "precision", "components", "sampling", "sampling", "table")
                           if components else ("height", "width", "precision", "components"))
        if field in ("height", "width"):
            at = start + (5 if field == "height" else 7)
            old = int.from_bytes(data[at:at + 2], "big")
            value = rng.choice((0, 1, old + 1, old - 1, old * 2, rng.randint(1, 65535), 65535)) & 0xFFFF
            data[at:at + 2] = value.to_bytes(2, "big")
            return f"SOF {field} {old} -> {value}"
        if field in ("precision", "components"):
            at = start + (4 if field == "precision" else 9)
            value = rng.choice((0, 1, 2, 3, 4, 12, 16, 255))
        else:
            at = start + 10 + 3 * rng.randrange(components) + (1 if field == "sampling" else 2)
            value = rng.choice((0x11, 0x12, 0x21, 0x22, 0x41, 0x14, 0x44, 0x00, 0xFF, rng.randrange(256))
                               if field == "sampling" else (0, 1, 2, 3, 4, 255))
        data[at] = value
        return f"SOF {field} byte at {at} = {value:02X}"
    if end - start <= 4:
        return "no header byte to change"
    at = rng.randrange(start + 4, end)
    old, data[at] = data[at], rng.randrange(256)
    return f"{describe_marker(marker)} byte at {at}: {old:02X} -> {data[at]:02X}"


def insert_bytes(rng, data, layout):
    at = rng.randrange(2, len(data) + 1) if len(data) > 2 else len(data)
    inserted = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    data[at:at] = inserted
    return f"{len(inserted)} bytes inserted at {at}"


def delete_bytes(rng, data, layout):
    if len(data) <= 2:
        return "nothing to delete"
    at = rng.randrange(2, len(data))
    count = rng.randint(1, 16)
    del data[at:at + count]
    return f"{count} bytes deleted at {at}"


def duplicate_segment(rng, data, layout):
    if not layout.segments:
        return "no segment to duplicate"
    marker, start, end = rng.choice(layout.segments)
    copy = bytes(data[start:end])
    at = rng.choice([end] + [s for _, s, _ in layout.segments])  # right after itself, or before any segment
    data[at:at] = copy
    return f"{describe_marker(marker)} at {start} copied to {at}"


MUTATIONS = {
    "restart marker": insert_restart_marker,
    "restart interval": change_restart_interval,
    "extreme DQT": extreme_quantisation,
    "truncation": truncate,
    "scan bit flips": flip_scan_bits,
    "scan bytes": change_scan_bytes,
    "header byte": change_header_byte,
    "inserted bytes": insert_bytes,
    "deleted bytes": delete_bytes,
    "duplicated segment": duplicate_segment,
}


def describe_marker(marker):
    names = {SOS: "SOS", DQT: "DQT", DHT: "DHT", DRI: "DRI", 0xFE: "COM"}
    if marker in SOF_MARKERS:
        return f"SOF{marker - 0xC0}"
    if 0xE0 <= marker <= 0xEF:
        return f"APP{marker - 0xE0}"
    return names.get(marker, f"FF{marker:02X}")


def mutant(original, seed, index):
    """(bytes, [(kind, what)]) of mutant `index`: 1-3 mutations drawn from (seed, index) alone, so
    one mutant can be made again without the others."""
    rng = random.Random(f"{seed}/{index}")
    data = bytearray(original)
    done = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(list(MUTATIONS))
        done.append((kind, MUTATIONS[kind](rng, data, Layout(data))))
    return bytes(data), done


def photo_for(photos, index):
    """Mutants take the photos in turn, so every count covers 1080 and 4000 px ones alike."""
    return photos[index % len(photos)]


def photo_size(photo):
    """'1080' or '4000', from the file name (astronaut-4000.jpg)."""
    return Path(photo).stem.rsplit("-", 1)[-1]


# ---------------------------------------------------------------------------------------------
# What one run of gallery was

def classify(returncode, timed_out, stderr, output_bytes):
    """(class, detail) of one run of `gallery view`, before its picture is checked."""
    if timed_out:
        return "hang", "timed out"
    if returncode < 0 or returncode >= 128:
        signal = -returncode if returncode < 0 else returncode - 128
        return "crash", f"signal {signal}" + (f": {last_line(stderr)}" if stderr.strip() else "")
    lines = stderr.decode("utf-8", "replace").splitlines()
    if returncode == 0:
        if output_bytes == 0:
            return "failure", "exit 0 with no output"
        return "shown", ""
    if returncode == 1:
        if len(lines) == 1 and lines[0].startswith("gallery:"):
            return "refused", lines[0]
        return "failure", f"exit 1 with {len(lines)} stderr lines" + (f": {last_line(stderr)}" if lines else "")
    return "failure", f"exit {returncode}" + (f": {last_line(stderr)}" if lines else "")


def last_line(stderr):
    lines = stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[-1][:160] if lines else ""


# ---------------------------------------------------------------------------------------------
# Pixels

# For each sixel character, the rows (0-5 within its band) it paints.
SIXEL_ROWS = [[row for row in range(6) if (value - 63) >> row & 1] for value in range(128)]


def decode_kitty(output):
    """(width, height, RGB bytes) of the first kitty graphics image in `output`, sent as raw RGB
    (f=24) in base64 chunks, as gallery sends it. Raises ValueError if there is none."""
    import base64
    width = height = None
    payload = b""
    for chunk in output.split(b"\x1b_G")[1:]:
        end = chunk.find(b"\x1b\\")
        if end == -1:
            raise ValueError("unterminated kitty graphics command")
        keys, _, data = chunk[:end].partition(b";")
        fields = dict(field.split(b"=", 1) for field in keys.split(b",") if b"=" in field)
        if width is None:
            if fields.get(b"f") != b"24":
                raise ValueError(f"kitty image format {fields.get(b'f')}, not raw RGB")
            width, height = int(fields[b"s"]), int(fields[b"v"])
        payload += data
        if fields.get(b"m", b"0") == b"0":
            break
    if width is None:
        raise ValueError("no kitty image")
    pixels = base64.b64decode(payload)
    if len(pixels) != width * height * 3:
        raise ValueError(f"kitty image of {len(pixels)} bytes for {width}x{height}")
    return width, height, pixels


def decode_sixel(output):
    """(width, height, RGB bytes) of the first sixel image in `output`. Pixels no colour paints
    stay black; colours are percent RGB (the only kind gallery writes). Raises ValueError if there
    is no complete sixel."""
    start = output.find(b"\x1bP")
    end = output.find(b"\x1b\\", start)
    introducer = output.find(b"q", start)
    if start < 0 or end < 0 or not start < introducer < end:
        raise ValueError("no complete sixel in the output")
    body = output[introducer + 1:end]
    i, size = 0, len(body)

    def number():
        nonlocal i
        begin = i
        while i < size and 48 <= body[i] <= 57:
            i += 1
        return int(body[begin:i]) if i > begin else 0

    def parameters():
        nonlocal i
        values = [number()]
        while i < size and body[i] == 59:  # ;
            i += 1
            values.append(number())
        return values

    width = height = 0
    if body[:1] == b'"':
        i = 1
        _, _, width, height = (parameters() + [0, 0, 0, 0])[:4]
    pixels = bytearray(width * height * 3)
    palette, colour = {}, b"\0\0\0"
    x = y = 0
    while i < size:
        byte = body[i]
        i += 1
        repeat = 1
        if byte == 33:  # ! count, then the character to repeat
            repeat = number()
            if i >= size:
                break
            byte = body[i]
            i += 1
        if 63 <= byte <= 126:
            rows = [y + row for row in SIXEL_ROWS[byte] if y + row < height]
            for column in range(x, min(x + repeat, width)):
                for row in rows:
                    at = (row * width + column) * 3
                    pixels[at:at + 3] = colour
            x += repeat
        elif byte == 35:  # #n selects colour n, #n;2;r;g;b defines it in percent RGB
            values = parameters()
            if len(values) >= 5:
                if values[1] != 2:
                    raise ValueError(f"colour space {values[1]} is not RGB")
                palette[values[0]] = bytes(min(255, (p * 255 + 50) // 100) for p in values[2:5])
            colour = palette.get(values[0], b"\0\0\0")
        elif byte == 36:  # $ back to the band's first column
            x = 0
        elif byte == 45:  # - next band
            x, y = 0, y + 6
    return width, height, bytes(pixels)


def psnr(a, b):
    """PSNR in dB of two equally long byte strings of 8-bit samples (plain Python: 240x160 RGB
    takes milliseconds, and the unit tests need no numpy)."""
    if len(a) != len(b) or not a:
        raise ValueError("PSNR of images of different sizes")
    squared = sum((p - q) ** 2 for p, q in zip(a, b))
    return math.inf if squared == 0 else 10 * math.log10(255 ** 2 * len(a) / squared)


def pnm_header(data):
    """(magic, width, height, maxval, header length) of a binary PNM, or None if incomplete."""
    fields, i = [], 0
    while len(fields) < 4:
        while i < len(data) and data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.find(b"\n", i)
            if i < 0:
                return None
            continue
        begin = i
        while i < len(data) and not data[i:i + 1].isspace():
            i += 1
        if i >= len(data):
            return None
        fields.append(data[begin:i])
    return fields[0], int(fields[1]), int(fields[2]), int(fields[3]), i + 1


def frame_size(data):
    """(width, height) from the first frame header, or None."""
    frames = Layout(data).of(*SOF_MARKERS)
    if not frames or frames[0][2] - frames[0][1] < 9:
        return None
    start = frames[0][1]
    return data[start + 7] << 8 | data[start + 8], data[start + 5] << 8 | data[start + 6]


def decode_scale(data, width, height):
    """The numerator of the DCT scale gallery decodes a JPEG at to show it width x height: as
    ImageDecoder, it decodes at twice the size it shows (never above the frame), at the smallest of
    1/8, 2/8, 4/8 whose whole pixels cover that, else 8/8; 8 without a frame header."""
    frame = frame_size(data)
    if frame is None:
        return 8
    frame_width, frame_height = frame
    scale = min(1, 2 * min(width / max(1, frame_width), height / max(1, frame_height)))
    target = (max(1, round(frame_width * scale)), max(1, round(frame_height * scale)))
    for numerator in (1, 2, 4):
        if max(1, frame_width * numerator // 8) >= target[0] and max(1, frame_height * numerator // 8) >= target[1]:
            return numerator
    return 8


def reference(mutant_path, width, height, scale=8, frame=None):
    """libjpeg-turbo's decode of the mutant (djpeg, RGB) at scale/8 (with gallery's fast integer
    IDCT when scaled), area-averaged to width x height, as RGB bytes; None if djpeg refuses the
    bytes. At a scale that does not divide the `frame`'s size, libjpeg-turbo's last row and column
    stand for part of a pixel, and count as such. Read band by band so that a mutant whose header
    claims a huge frame is never held whole."""
    import numpy as np
    from bench import area_average

    scaling = [] if scale == 8 else ["-scale", f"{scale}/8", "-dct", "fast"]
    last_column, last_row = ((side * scale % 8 or 8) / 8 for side in frame) if frame else (1.0, 1.0)
    process = subprocess.Popen(["djpeg", "-rgb", "-pnm", *scaling, str(mutant_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    try:
        head = b""
        while (header := pnm_header(head)) is None:
            chunk = process.stdout.read(4096)
            if not chunk:
                break
            head += chunk
        rows = []
        if header is not None:
            magic, source_width, source_height, maxval, length = header
            if magic != b"P6" or maxval != 255:
                raise ValueError(f"djpeg wrote {magic} maxval {maxval}")
            row_bytes = source_width * 3
            pending = head[length:]
            # Bands of about 1 MB stay in cache: a 4000 px photo is averaged 2x faster than in one piece.
            band = max(1, (1 << 20) // row_bytes)
            remaining = source_height
            while remaining:
                want = min(band, remaining) * row_bytes
                while len(pending) < want and (chunk := process.stdout.read(want - len(pending))):
                    pending += chunk
                count = len(pending) // row_bytes
                if count == 0:
                    break
                block = np.frombuffer(pending[:count * row_bytes], dtype=np.uint8).reshape(count, source_width, 3)
                # As float64: summed as uint8, numpy accumulates in uint64, ten times slower.
                rows.append(area_average(block.astype(np.float64), width, 1, last_column))
                pending, remaining = pending[count * row_bytes:], remaining - count
        process.stdout.close()
        status = process.wait(timeout=REFERENCE_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    # Exit 2 is a decode with warnings (corrupt data libjpeg-turbo decoded anyway): a reference.
    if status not in (0, 2) or not rows:
        return None
    averaged = area_average(np.concatenate(rows), height, 0, last_row)
    return np.clip(np.round(averaged), 0, 255).astype(np.uint8).tobytes()


# ---------------------------------------------------------------------------------------------
# Running mutants

class Result:
    def __init__(self, index, photo, mutations, kind, detail, seconds, psnr_db=None):
        self.index, self.photo, self.mutations = index, Path(photo).name, mutations
        self.kind, self.detail, self.seconds, self.psnr = kind, detail, seconds, psnr_db
        self.psnr_full = None  # against libjpeg-turbo's full decode

    @property
    def size(self):
        return photo_size(self.photo)


def run_mutant(job):
    """Makes mutant `index`, runs gallery on it and checks the picture it shows."""
    index, photo, seed, gallery, directory, timeout = job
    data, mutations = mutant(Path(photo).read_bytes(), seed, index)
    path = Path(directory) / f"{index:05d}-{Path(photo).stem}.jpg"
    path.write_bytes(data)
    output_path = path.with_suffix(".out")
    started = time.monotonic()
    with open(output_path, "wb") as output:
        process = subprocess.Popen([gallery, "view", "--size", CELLS, "--render", "sixel", str(path)],
                                   stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.PIPE)
        try:
            _, stderr = process.communicate(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            process.kill()
            _, stderr = process.communicate()
            timed_out = True
    seconds = time.monotonic() - started
    kind, detail = classify(process.returncode, timed_out, stderr, output_path.stat().st_size)
    result = Result(index, photo, mutations, kind, detail, seconds)
    if kind == "shown":
        try:
            width, height, shown = decode_sixel(output_path.read_bytes())
            decoded = subprocess.run([gallery, "view", "--size", CELLS, "--render", "kitty", str(path)],
                                     stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout).stdout
            kitty_width, kitty_height, pixels = decode_kitty(decoded)
            if (kitty_width, kitty_height) != (width, height):
                raise ValueError(f"kitty picture {kitty_width}x{kitty_height}, sixel {width}x{height}")
        except (ValueError, subprocess.TimeoutExpired) as error:
            result.kind, result.detail = "failure", f"exit 0 but {error}"
            return result
        scale = decode_scale(data, width, height)
        try:
            expected = reference(path, width, height, scale, frame_size(data))
            full = reference(path, width, height) if scale != 8 else expected
        except subprocess.TimeoutExpired:
            result.kind, result.detail = "failure", "libjpeg-turbo's reference decode timed out (unchecked)"
            return result
        if expected is None:
            result.kind, result.detail = "wrong: libjpeg-turbo refuses", f"shown at {width}x{height}"
        else:
            result.psnr = psnr(pixels, expected)
            result.psnr_full = psnr(pixels, full) if full is not None else None
            if result.psnr < PSNR_FLOOR:
                result.kind = "wrong"
            against_full = f"{result.psnr_full:.1f} dB" if result.psnr_full is not None else "refused"
            result.detail = (f"{width}x{height}, PSNR {result.psnr:.1f} dB against {scale}/8, "
                             f"{against_full} against the full decode, sixel {psnr(shown, expected):.1f} dB")
    return result


def check_tools():
    """Names what to install, before any mutant is made, rather than failing in a worker."""
    missing = []
    try:
        import numpy  # noqa: F401
    except ImportError:
        missing.append("numpy: pip install numpy")
    if not shutil.which("djpeg"):
        missing.append("djpeg (libjpeg-turbo): apt-get install -y libjpeg-turbo-progs")
    if missing:
        sys.exit("mutate_view.py needs:\n  " + "\n  ".join(missing))


# ---------------------------------------------------------------------------------------------
# Report

def table(title, rows, columns, cell):
    """A text table: one line per row, counts per column, blank for zero."""
    width = max([len(title)] + [len(str(row)) for row in rows])
    widths = [max(9, len(str(column)) + 2) for column in columns]
    lines = [title.ljust(width) + "".join(f"{column:>{w}}" for column, w in zip(columns, widths))]
    for row in rows:
        values = [cell(row, column) for column in columns]
        lines.append(str(row).ljust(width) + "".join(f"{value or '':>{w}}" for value, w in zip(values, widths)))
    return "\n".join(lines)


def report(results, worst):
    by_class = Counter((r.kind, r.size) for r in results)
    sizes = sorted({r.size for r in results})
    kinds = [k for k in CLASSES if any(r.kind == k for r in results)]
    print(table("class", kinds, ["all"] + [f"{s} px" for s in sizes],
                lambda k, c: sum(by_class[(k, s)] for s in sizes) if c == "all" else by_class[(k, c[:-3])]))
    print()
    by_mutation = defaultdict(Counter)
    for r in results:
        for mutation in {kind for kind, _ in r.mutations}:
            by_mutation[mutation][r.kind] += 1
    print(table("mutation kind", list(MUTATIONS), kinds, lambda m, k: by_mutation[m][k]))
    print("(a mutant counts once under each kind of mutation it had)")
    shown = [r for r in results if r.kind == "shown"]
    far = sum(1 for r in shown if r.psnr_full is None or r.psnr_full < PSNR_FLOOR)
    print(f"\nof the {len(shown)} shown, {far} are below {PSNR_FLOOR:.0f} dB against libjpeg-turbo's full decode "
          "(as libjpeg-turbo's own decode at that scale is)")
    bad = [r for r in results if r.kind in BAD_CLASSES]
    lowest_first = sorted(results, key=lambda r: (r.psnr if r.psnr is not None else -1, r.index))
    examples = [r for kind in BAD_CLASSES for r in [r for r in lowest_first if r.kind == kind][:worst]]
    examples += [r for r in lowest_first if r.kind == "shown"][:3]
    if examples:
        print(f"\nworst {worst} of each bad class, and the lowest PSNRs shown (remake one with --only INDEX --keep):")
    for r in examples:
        print(f"  #{r.index} {r.photo}: {r.kind} ({r.detail}) <- " + "; ".join(f"{k}: {what}" for k, what in r.mutations))
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gallery", default=str(REPO / ".build" / "release" / "gallery"), help="the binary to test")
    parser.add_argument("--photos", type=Path, default=PHOTOS, help="where the *-1080.jpg and *-4000.jpg seeds are")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--only", type=int, action="append", metavar="INDEX", help="just this mutant (repeatable)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=10, help="seconds before a run counts as a hang")
    parser.add_argument("--keep", action="store_true", help="keep the mutants and gallery's output")
    parser.add_argument("--worst", type=int, default=5, help="how many cases of each bad class to list")
    arguments = parser.parse_args()
    check_tools()

    photos = sorted(str(p) for p in arguments.photos.glob("*.jpg") if photo_size(p) in ("1080", "4000"))
    if not photos:
        sys.exit(f"no *-1080.jpg or *-4000.jpg photos in {arguments.photos}")
    indices = arguments.only or range(arguments.count)
    directory = tempfile.mkdtemp(prefix="gallery-mutants-")
    jobs = [(i, photo_for(photos, i), arguments.seed, arguments.gallery, directory, arguments.timeout) for i in indices]
    print(f"{len(jobs)} mutants (seed {arguments.seed}) of {len(photos)} photos through {arguments.gallery}, "
          f"{arguments.jobs} at a time", flush=True)
    started = time.monotonic()
    results = []
    try:
        with multiprocessing.Pool(arguments.jobs) as pool:
            for result in pool.imap_unordered(run_mutant, jobs):
                results.append(result)
                if not arguments.keep:
                    for suffix in (".jpg", ".out"):
                        Path(directory, f"{result.index:05d}-{Path(result.photo).stem}{suffix}").unlink()
                if len(results) % 250 == 0:
                    print(f"  {len(results)} done, {time.monotonic() - started:.0f} s", flush=True)
    finally:
        if not arguments.keep:
            shutil.rmtree(directory, ignore_errors=True)
    elapsed = time.monotonic() - started
    print(f"{len(results)} mutants in {elapsed:.0f} s ({1000 * elapsed / len(results):.0f} s per 1000)\n")
    results.sort(key=lambda r: r.index)
    bad = report(results, arguments.worst)
    if arguments.keep:
        print(f"\nmutants and outputs kept in {directory}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
