"""`gallery view` per format against chafa (issue 11): every 1080 px photo of ../shared/photos made
into JPEG (the photo itself), PNG, WebP, GIF, TIFF, BMP, HEIC and AVIF with ImageMagick and heif-enc,
then drawn by `gallery view --render sixel` and `chafa -f sixels` at the same 24x8 cells (10x20
pixels a cell) as whole processes, interleaved run by run as bench.py times its tools. A format
that a tool refuses (chafa 1.18 has no BMP loader) is reported as "cannot read" with its reason.
`bench.py --only formats` runs just this part and replaces only its section of the report.
"""
import math
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from process_timing import TOOL_ENV, run_once
from terminal_pty import WindowPty

HEADING = "## `gallery view` per format"
CELLS = (24, 8)
CELL_PIXELS = (10, 20)
IMAGEMAGICK = "/usr/bin/convert"
# Each format: its file name extension and how it is made from the JPEG (None: the JPEG itself).
FORMATS = {
    "JPEG": ("jpg", None),
    "PNG": ("png", lambda source, target: [IMAGEMAGICK, source, target]),
    "WebP": ("webp", lambda source, target: [IMAGEMAGICK, source, "-quality", "80", target]),
    "GIF": ("gif", lambda source, target: [IMAGEMAGICK, source, target]),
    "TIFF": ("tif", lambda source, target: [IMAGEMAGICK, source, "-compress", "lzw", target]),
    "BMP": ("bmp", lambda source, target: [IMAGEMAGICK, source, "-type", "truecolor", f"bmp3:{target}"]),
    "HEIC": ("heic", lambda source, target: ["heif-enc", "-q", "80", source, "-o", target]),
    "AVIF": ("avif", lambda source, target: ["heif-enc", "-A", "-q", "80", source, "-o", target]),
}
# Programs the files are made with, and the Debian packages that hold them.
MAKERS = {"convert": "imagemagick", "heif-enc": "libheif-examples"}


def conversion(format_name, source, target):
    """The command that makes `target` in `format_name` from the JPEG `source`; None to copy it."""
    make = FORMATS[format_name][1]
    return None if make is None else make(str(source), str(target))


def make_files(photos, folder):
    """{format: [(photo, file)]} in `folder`; a format whose maker fails is left out, with why in
    the second dict."""
    files, failures = {}, {}
    for format_name, (extension, _) in FORMATS.items():
        made = []
        for photo in photos:
            target = folder / f"{photo.stem}.{extension}"
            argv = conversion(format_name, photo, target)
            if argv is None:
                shutil.copyfile(photo, target)
            else:
                result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if result.returncode != 0 or not target.exists():
                    failures[format_name] = first_line(result.stderr) or f"{argv[0]} exited {result.returncode}"
                    break
            made.append((photo, target))
        else:
            files[format_name] = made
    return files, failures


def first_line(text):
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def tools(gallery, chafa):
    """(label, argv for a file, whether stdin is the pty): chafa reads the cell size there."""
    size = f"{CELLS[0]}x{CELLS[1]}"
    return [
        ("gallery view --render sixel", lambda f: [gallery, "view", "--render", "sixel", "--size", size, str(f)], False),
        (f"{Path(chafa).name} -f sixels", lambda f: [chafa, "-f", "sixels", "-s", size, str(f)], True),
    ]


def refusal(argv, stdin):
    """None when the tool draws the file, its last argument (exit 0 and a sixel out); else its
    reason, in one line, without the program's and the file's folders."""
    result = subprocess.run(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=TOOL_ENV)
    if result.returncode == 0 and b"\x1bP" in result.stdout:
        return None
    reason = first_line(result.stderr.decode(errors="replace")) or f"exited {result.returncode} without a sixel"
    return reason.replace(argv[-1], Path(argv[-1]).name).removeprefix(f"{argv[0]}: ").replace("|", "/")


def measure(gallery, chafa, photos, runs=9, warmup=2):
    """({(format, tool label): [(photo, wall ms, cpu ms, file bytes)] or the reason it cannot read
    the format}, {format: why it could not be made}, [tool labels]). Medians per photo, tools
    interleaved run by run."""
    tool_list = tools(gallery, chafa)
    results = {}
    with tempfile.TemporaryDirectory(prefix="gallery-formats-") as scratch, \
            WindowPty(80, 24, CELL_PIXELS) as terminal, open(os.devnull, "r+b") as sink:
        files, failures = make_files(photos, Path(scratch))
        stdin = lambda tty: terminal.slave if tty else subprocess.DEVNULL
        for format_name, made in files.items():
            readers = []
            for label, argv, tty in tool_list:
                reason = next(filter(None, (refusal(argv(f), stdin(tty)) for _, f in made)), None)
                if reason:
                    results[(format_name, label)] = reason
                else:
                    results[(format_name, label)] = []
                    readers.append((label, argv, tty))
            for photo, path in made:
                samples = {label: [] for label, _, _ in readers}
                for round_ in range(warmup + runs):
                    for label, argv, tty in readers:
                        wall, cpu = run_once(argv(path), stdin(tty), sink)
                        if round_ >= warmup:
                            samples[label].append((wall, cpu))
                for label, timed in samples.items():
                    results[(format_name, label)].append(
                        (photo, statistics.median(w for w, _ in timed), statistics.median(c for _, c in timed),
                         path.stat().st_size))
            print(f"  timed {format_name}", flush=True)
    return results, failures, [label for label, _, _ in tool_list]


def geometric_mean(values):
    return math.exp(statistics.mean(math.log(v) for v in values))


def summary(results, format_name, ours, peer):
    """One row's figures: (mean KB, our wall, our CPU, peer wall or its reason, peer CPU, speed-up:
    the geometric mean over the photos of peer wall / ours), None where not measured."""
    mine, theirs = results.get((format_name, ours)), results.get((format_name, peer))
    if not isinstance(mine, list) or not mine:
        return None
    kb = statistics.mean(size for *_, size in mine) / 1024
    wall, cpu = statistics.mean(w for _, w, _, _ in mine), statistics.mean(c for _, _, c, _ in mine)
    if not isinstance(theirs, list) or not theirs:
        return kb, wall, cpu, theirs or "not run", None, None
    by_photo = {photo: w for photo, w, _, _ in theirs}
    speedup = geometric_mean([by_photo[photo] / w for photo, w, _, _ in mine if photo in by_photo])
    return (kb, wall, cpu, statistics.mean(w for _, w, _, _ in theirs), statistics.mean(c for _, _, c, _ in theirs),
            speedup)


def report_section(results, failures, labels, facts):
    """The section's lines. `facts`: the chafa version, how many photos, runs and warm-up runs."""
    ours, peer = labels
    lines = [
        HEADING,
        "",
        f"Measured by `make bench` (`--only formats` runs just this part): each of the {facts['photos']} 1080 px "
        "photos of `../shared/photos` made into each format (PNG, GIF, TIFF (LZW) and 24-bit BMP by ImageMagick, "
        "WebP by ImageMagick at quality 80, HEIC and AVIF by heif-enc at quality 80), then drawn at "
        f"{CELLS[0]}x{CELLS[1]} cells of {CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels by `{ours}` and `{peer}` "
        f"({facts['chafa_version']}) as whole processes, output to /dev/null (chafa's stdin a pty telling the cell "
        f"size); median of {facts['runs']} runs after {facts['warmup']} warm-up runs, the two interleaved run by run; "
        "means over the photos. `gallery view` is static and hands HEIC and AVIF to `gallery-app view` (libheif "
        "cannot be loaded in a static executable), which costs a second process start. "
        f"Load average at the end: {' / '.join(f'{x:.2f}' for x in facts['load'])} on {os.cpu_count()} cores.",
        "",
        f"| format | file (mean) | {ours} wall ms | CPU ms | {peer} wall ms | CPU ms | speed-up over chafa |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for format_name in FORMATS:
        if format_name in failures:
            lines.append(f"| {format_name} | not made: {failures[format_name]} | | | | | |")
            continue
        if (format_name, ours) not in results:
            lines.append(f"| {format_name} | not run | | | | | |")
            continue
        row = summary(results, format_name, ours, peer)
        if row is None:
            lines.append(f"| {format_name} | | FAILED: {results[(format_name, ours)]} | | | | |")
            continue
        kb, wall, cpu, peer_wall, peer_cpu, speedup = row
        if speedup is None:
            lines.append(f"| {format_name} | {kb:,.0f} KB | {wall:.1f} | {cpu:.1f} | cannot read: {peer_wall} | | |")
        else:
            lines.append(f"| {format_name} | {kb:,.0f} KB | {wall:.1f} | {cpu:.1f} | {peer_wall:.1f} | {peer_cpu:.1f} "
                         f"| {speedup:.1f}x |")
    lines += ["", "Speed-up: per photo, chafa's median wall time divided by gallery's; the geometric mean over the photos.",
              ""]
    return lines


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]
