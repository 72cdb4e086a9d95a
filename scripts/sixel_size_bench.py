#!/usr/bin/env python3
"""Sixel bytes per thumbnail: `gallery view --render sixel` against chafa and img2sixel at equal PSNR.

Every tool draws each ../shared/photos/*-1080.jpg fitted in a box of cells of 10x20 pixels (24x8
cells: 240x160 pixels, a `gallery view` thumbnail; 29x12: 290x240, the app's grid cell; 80x30:
800x600, a detail pane). Each sixel
is decoded by libsixel (`sixel_decode_raw`, through ctypes) and compared with the original
(decoded by ImageMagick) area-averaged exactly to the decoded size (bench.py's `reference`): PSNR
over r, g and b, peak 255, averaged over the photos in dB. chafa pads a picture out to whole cells
(we place it at the top left): it is compared at the size within a pixel of gallery's that scores
best.

gallery is run as it is (its defaults). A peer is run at each of its settings (palette size,
dither): its default, and then the bytes it needs for our PSNR, read off the line between its two
settings whose PSNR is either side of ours; when no setting reaches our PSNR, its best is shown.
The ratio is ours over theirs: below 1, we send fewer bytes.

    python3 scripts/sixel_size_bench.py --gallery .build/release/gallery --chafa /opt/chafa/bin/chafa

Run by `make bench` (bench.py `--only sixel-size` runs just this part and replaces its section
of BENCHMARKS.md).
"""
import argparse
import ctypes
import ctypes.util
import subprocess
import sys
from pathlib import Path

HEADING = "## Sixel bytes per thumbnail"
CELL_PIXELS = (10, 20)
# Boxes in cells: a `gallery view` thumbnail, the app's grid cell, a detail pane.
BOXES = [(24, 8), (29, 12), (80, 30)]
PHOTOS_GLOB = "*-1080.jpg"


class Setting:
    """One command line of a tool: `argv(photo, cells, pixels)` gives it, for a box of `cells`
    whose pixels are `pixels` (the photo fitted in it, aspect kept). `tty_stdin`: the tool reads
    the cell size from a terminal on stdin (chafa)."""

    def __init__(self, tool, name, argv, default=False, tty_stdin=False):
        self.tool, self.name, self.argv, self.default, self.tty_stdin = tool, name, argv, default, tty_stdin


def settings(gallery, chafa):
    """gallery's one setting, then chafa's and img2sixel's, each tool's default first."""
    def cells_text(cells):
        return f"{cells[0]}x{cells[1]}"

    ours = [Setting("gallery", "gallery view --render sixel",
                    lambda p, c, px: [gallery, "view", "--render", "sixel", "--size", cells_text(c), str(p)], default=True)]
    # chafa pads a picture to whole cells: placed at the top left, the picture is found in the padding.
    chafas = [Setting("chafa", "chafa -f sixels", lambda p, c, px: [chafa, "-f", "sixels", "--align", "top,left",
                                                                     "-s", cells_text(c), str(p)], default=True, tty_stdin=True)]
    for dither, work in [("none", 5), ("none", 9), ("diffusion", 9)]:
        chafas.append(Setting("chafa", f"chafa -f sixels --dither {dither} -w {work}",
                              lambda p, c, px, d=dither, w=work: [chafa, "-f", "sixels", "--align", "top,left", "--dither", d,
                                                                  "-w", str(w), "-s", cells_text(c), str(p)], tty_stdin=True))
    img2sixels = [Setting("img2sixel", "img2sixel", lambda p, c, px: ["img2sixel", "-w", str(px[0]), "-h", str(px[1]), str(p)],
                          default=True)]
    # No diffusion (it costs PSNR and bytes), the best palette, the encoding that favours size.
    for colours in [32, 64, 128, 256]:
        img2sixels.append(Setting("img2sixel", f"img2sixel -p {colours} -d none -q full -E size",
                                  lambda p, c, px, n=colours: ["img2sixel", "-p", str(n), "-d", "none", "-q", "full", "-E", "size",
                                                               "-w", str(px[0]), "-h", str(px[1]), str(p)]))
    return ours + chafas + img2sixels


# ---------------------------------------------------------------------------------------------
# Pure parts (unit-tested)

def sixel_payload(output):
    """The first sixel sequence (`ESC P … ESC \\`) in a tool's output, or None."""
    start = output.find(b"\x1bP")
    if start < 0:
        return None
    end = output.find(b"\x1b\\", start)
    return output[start:] if end < 0 else output[start:end + 2]


def fitted(size, box):
    """`size` (width, height) fitted inside `box`, aspect kept, rounded as gallery resizes."""
    (w, h), (bw, bh) = size, box
    if w * bh > h * bw:
        return bw, max(1, (h * bw + w // 2) // w)
    return max(1, (w * bh + h // 2) // h), bh


def picture_sizes(decoded, fit):
    """The sizes (width, height) the picture in a decoded sixel of size `decoded` may have when the
    tool was asked to fit it in a box where it is `fit`: its own size, or, when it is larger (chafa
    pads a picture to whole cells, the picture at the top left with `--align top,left`), the sizes
    within a pixel of `fit` inside it (tools round differently; the best is taken)."""
    (w, h), (fw, fh) = decoded, fit
    if w <= fw and h <= fh:
        return [(w, h)]
    widths = [x for x in (fw - 1, fw, fw + 1) if 0 < x <= w] if w > fw else [w]
    heights = [y for y in (fh - 1, fh, fh + 1) if 0 < y <= h] if h > fh else [h]
    return [(x, y) for x in widths for y in heights]


def bytes_at_psnr(points, target):
    """The bytes a tool would need for `target` dB, read off the line through its settings'
    (psnr, bytes) `points` between the two whose PSNR is either side of `target`; None if no
    setting reaches it, or all are above it (then its cheapest setting is better than needed)."""
    ordered = sorted(points)
    for (low_psnr, low_bytes), (high_psnr, high_bytes) in zip(ordered, ordered[1:]):
        if low_psnr <= target <= high_psnr:
            if high_psnr == low_psnr:
                return min(low_bytes, high_bytes)
            return low_bytes + (target - low_psnr) / (high_psnr - low_psnr) * (high_bytes - low_bytes)
    exact = [b for p, b in ordered if p == target]
    return min(exact) if exact else None


def mean(values):
    values = list(values)
    return sum(values) / len(values)


def summarise(results):
    """{setting name: (mean bytes, mean dB)} from {(setting name, photo): (bytes, dB)}."""
    by_setting = {}
    for (name, _), value in results.items():
        by_setting.setdefault(name, []).append(value)
    return {name: (mean(b for b, _ in values), mean(p for _, p in values)) for name, values in by_setting.items()}


def peer_rows(ours, peer_settings, summary):
    """For one box: per peer, (tool, default setting's (bytes, dB), bytes at our PSNR or None,
    its best setting (name, bytes, dB))."""
    rows = []
    for tool in dict.fromkeys(s.tool for s in peer_settings):
        mine = [s for s in peer_settings if s.tool == tool and s.name in summary]
        if not mine:
            continue
        default = next(s for s in mine if s.default)
        best = max(mine, key=lambda s: (summary[s.name][1], -summary[s.name][0]))
        matched = bytes_at_psnr([(summary[s.name][1], summary[s.name][0]) for s in mine], ours[1])
        rows.append((tool, summary[default.name], matched, (best.name, *summary[best.name])))
    return rows


def report_section(boxes, photos, versions, ours_by_box, rows_by_box, settings_by_box, baseline_by_box=None,
                   per_photo_by_box=None):
    """The report's section as lines. `ours_by_box[box]` = (bytes, dB); `rows_by_box[box]` from
    `peer_rows`; `settings_by_box[box]` = {setting name: (bytes, dB)}; `baseline_by_box[box]` =
    (bytes, dB) of another gallery build (before the change), if measured, and then
    `per_photo_by_box[box]` = [(photo name, ours (bytes, dB), before (bytes, dB))]."""
    lines = [HEADING, "",
             f"Measured by `make bench` (`--only sixel-size` runs just this part; scripts/sixel_size_bench.py): "
             f"{len(photos)} photos (`{PHOTOS_GLOB}`) fitted in boxes of cells of {CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels. "
             "Each sixel is decoded by libsixel (`sixel_decode_raw` through ctypes) and compared with the original "
             "(decoded by ImageMagick) area-averaged exactly to the decoded size: PSNR over r, g and b (peak 255), "
             "averaged over the photos in dB; bytes are the sixel sequence's, averaged over the photos. chafa pads "
             "a picture out to whole cells (placed at the top left, `--align top,left`): it is compared at the size, "
             "within a pixel of gallery's, that scores best. A peer's bytes at our PSNR are read off the line "
             "between its two settings whose PSNR is either side of ours (settings below); ratio = ours / theirs. "
             f"{versions}", ""]
    head = "| box | gallery bytes | gallery dB |"
    if baseline_by_box:
        head += " before (main) bytes | before dB | change |"
    lines += [head, "|" + "---|" * (head.count("|") - 1)]
    for box in boxes:
        bytes_, db = ours_by_box[box]
        row = f"| {box_text(box)} | {bytes_:,.0f} | {db:.2f} |"
        if baseline_by_box:
            before_bytes, before_db = baseline_by_box[box]
            row += f" {before_bytes:,.0f} | {before_db:.2f} | {100 * (bytes_ / before_bytes - 1):+.1f}% bytes, {db - before_db:+.2f} dB |"
        lines.append(row)
    lines += ["", "| box | peer | default bytes | default dB | bytes at our PSNR | ours / theirs | best setting | its bytes | its dB |",
              "|---|---|---:|---:|---:|---:|---|---:|---:|"]
    for box in boxes:
        ours = ours_by_box[box]
        for tool, (default_bytes, default_db), matched, (best, best_bytes, best_db) in rows_by_box[box]:
            at_ours = f"{matched:,.0f}" if matched is not None else f"not reached (best {best_db:.2f} dB)"
            ratio = f"{ours[0] / matched:.2f}" if matched is not None else f"{ours[0] / best_bytes:.2f} at {ours[1] - best_db:+.2f} dB"
            lines.append(f"| {box_text(box)} | {tool} | {default_bytes:,.0f} | {default_db:.2f} | {at_ours} | {ratio} | "
                         f"`{best}` | {best_bytes:,.0f} | {best_db:.2f} |")
    if per_photo_by_box:
        lines += ["", "Per photo, gallery against the build before: bytes (change), dB (change).", "",
                  "| photo | " + " | ".join(box_text(box) for box in boxes) + " |", "|---|" + "---|" * len(boxes)]
        names = [name for name, _, _ in per_photo_by_box[boxes[0]]]
        for i, name in enumerate(names):
            cells = []
            for box in boxes:
                _, (bytes_, db), (before_bytes, before_db) = per_photo_by_box[box][i]
                cells.append(f"{bytes_:,} ({100 * (bytes_ / before_bytes - 1):+.0f}%), {db:.2f} ({db - before_db:+.2f})")
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "Every setting, mean bytes / mean dB:", ""]
    for box in boxes:
        lines.append(f"- {box_text(box)}: " + "; ".join(f"`{name}` {b:,.0f} / {p:.2f}"
                                                        for name, (b, p) in settings_by_box[box].items()))
    return lines + [""]


def box_text(box):
    return f"{box[0]}x{box[1]} cells ({box[0] * CELL_PIXELS[0]}x{box[1] * CELL_PIXELS[1]} px)"


# ---------------------------------------------------------------------------------------------
# Measuring

class Libsixel:
    """libsixel's decoder through ctypes: sixel bytes to an (h, w, 3) uint8 array."""

    def __init__(self):
        name = ctypes.util.find_library("sixel") or "libsixel.so.1"
        self.lib = ctypes.CDLL(name)
        byte_pointer = ctypes.POINTER(ctypes.c_ubyte)
        self.lib.sixel_decode_raw.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(byte_pointer),
                                              ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                                              ctypes.POINTER(byte_pointer), ctypes.POINTER(ctypes.c_int), ctypes.c_void_p]
        self.lib.sixel_decode_raw.restype = ctypes.c_int
        # Without an allocator, libsixel allocates what it returns with malloc.
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"))
        self.libc.free.argtypes = [ctypes.c_void_p]

    def decode(self, data):
        import numpy as np
        pixels, palette = ctypes.POINTER(ctypes.c_ubyte)(), ctypes.POINTER(ctypes.c_ubyte)()
        width, height, colours = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        buffer = ctypes.create_string_buffer(data, len(data))
        status = self.lib.sixel_decode_raw(buffer, len(data), ctypes.byref(pixels), ctypes.byref(width), ctypes.byref(height),
                                           ctypes.byref(palette), ctypes.byref(colours), None)
        if status != 0 or width.value <= 0 or height.value <= 0:
            raise RuntimeError(f"libsixel could not decode a sixel (status {status:#x})")
        count = width.value * height.value
        indices = np.ctypeslib.as_array(pixels, shape=(count,)).copy()
        table = np.ctypeslib.as_array(palette, shape=(max(1, colours.value) * 3,)).reshape(-1, 3).copy()
        # An index past the palette is drawn as entry 0, as the Swift tests' decoder does.
        indices[indices >= max(1, colours.value)] = 0
        self.libc.free(pixels)
        self.libc.free(palette)
        return table[indices].reshape(height.value, width.value, 3)


def run(argv, stdin):
    """The tool's stdout; RuntimeError (which bench.py reports in the section) if it fails."""
    import bench
    try:
        return subprocess.run(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True,
                              env=bench.TOOL_ENV, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise RuntimeError(f"{' '.join(argv)}: {error}") from error


def measure(gallery, chafa, photos, boxes, baseline=None, log=print):
    """({box: ours (bytes, dB)}, {box: peer rows}, {box: {setting: (bytes, dB)}}, and with a `baseline`
    build {box: its (bytes, dB)} and {box: per photo (name, ours, baseline's)}, else None and None)."""
    import bench
    from terminal_pty import WindowPty

    decoder = Libsixel()
    all_settings = settings(gallery, chafa)
    if baseline:
        all_settings.append(Setting("baseline", "baseline", lambda p, c, px: [baseline, "view", "--render", "sixel", "--size",
                                                                               f"{c[0]}x{c[1]}", str(p)]))
    results = {box: {} for box in boxes}
    with WindowPty(120, 40, CELL_PIXELS) as terminal:
        for box in boxes:
            pixel_box = (box[0] * CELL_PIXELS[0], box[1] * CELL_PIXELS[1])
            for photo in photos:
                size = fitted(bench.jpeg_size(photo), pixel_box)
                for setting in all_settings:
                    output = run(setting.argv(photo, box, size), terminal.slave if setting.tty_stdin else subprocess.DEVNULL)
                    payload = sixel_payload(output)
                    if payload is None:
                        raise RuntimeError(f"{setting.name} wrote no sixel for {photo.name}")
                    decoded = decoder.decode(payload)
                    psnr = max(bench.psnr(decoded[:h, :w], bench.reference(photo, w, h))
                               for w, h in picture_sizes((decoded.shape[1], decoded.shape[0]), size))
                    results[box][(setting.name, photo)] = (len(payload), psnr)
                log(f"  {box_text(box)}: {photo.name}")
    ours_by_box, rows_by_box, settings_by_box = {}, {}, {}
    baseline_by_box, per_photo_by_box = ({}, {}) if baseline else (None, None)
    for box in boxes:
        summary = summarise(results[box])
        ours_by_box[box] = summary["gallery view --render sixel"]
        if baseline:
            baseline_by_box[box] = summary.pop("baseline")
            per_photo_by_box[box] = [(photo.name, results[box][("gallery view --render sixel", photo)],
                                      results[box][("baseline", photo)]) for photo in photos]
        peers = [s for s in all_settings if s.tool in ("chafa", "img2sixel")]
        rows_by_box[box] = peer_rows(ours_by_box[box], peers, summary)
        settings_by_box[box] = summary
    return ours_by_box, rows_by_box, settings_by_box, baseline_by_box, per_photo_by_box


def versions(chafa):
    import bench
    return (f"Versions: {bench.version([chafa, '--version'])}; img2sixel {bench.version(['img2sixel', '-V'], 'img2sixel')}"
            .replace("\n", " "))


def section(gallery, chafa, photo_folder, boxes=BOXES, baseline=None, log=print):
    """Measures and returns the report section as lines."""
    photos = sorted(Path(photo_folder).glob(PHOTOS_GLOB))
    if not photos:
        return [HEADING, "", f"NOT MEASURED: no {PHOTOS_GLOB} in {photo_folder}", ""]
    ours, rows, all_settings, before, per_photo = measure(gallery, chafa, photos, boxes, baseline, log)
    return report_section(boxes, photos, versions(chafa), ours, rows, all_settings, before, per_photo)


def main():
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    repo = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", default=str(repo / ".build/release/gallery"), help="the gallery binary")
    parser.add_argument("--chafa", default="chafa", help="the chafa to compare with (1.18: /opt/chafa/bin/chafa)")
    parser.add_argument("--photos", default=str(repo.parent / "shared/photos"), help=f"folder of {PHOTOS_GLOB}")
    parser.add_argument("--baseline", help="another gallery binary (a build of main) to report as 'before'")
    parser.add_argument("--output", help="replace this section of this report (BENCHMARKS.md)")
    args = parser.parse_args()
    lines = section(args.gallery, args.chafa, args.photos, baseline=args.baseline)
    print("\n".join(lines))
    if args.output:
        import scroll_bench
        path = Path(args.output)
        text = path.read_text() if path.exists() else "# Benchmarks\n"
        path.write_text(scroll_bench.replace_section(text, HEADING, lines))
        print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
