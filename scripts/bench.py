#!/usr/bin/env python3
"""`make bench`: `gallery view` against chafa, img2sixel and timg, as whole processes, in one run.

Over ../shared/photos/*.jpg (1080 and 4000 px wide), every tool draws every photo at 24x8 cells
(sixel tools at 10x20 pixels a cell, so inside 240x160 pixels). Measured:

- speed: wall-clock milliseconds per image (median of --runs runs after --warmup runs, tools
  interleaved run by run so machine load hits them alike) and the child's CPU time (user + sys);
  then each gallery mode's speed-up over the fastest peer, photo by photo;
- sixel quality: PSNR of each tool's sixel output, decoded back by ImageMagick, against an area
  (Box filter) downscale of the original to the same pixel size;
- scrolling: the bytes the full-screen app writes to scroll a screen of sixel thumbnails, and
  whether any was encoded anew (scroll_bench.py). `--only scroll` measures just this and replaces
  only its section of the report;
- a slow link: the time from a key press to the frame complete when the app's output crosses a
  10 and a 2 Mbit/s link into a terminal's parser, in sixel, kitty and half-block modes
  (slow_link_bench.py; `--only slow-link`);
- the first screen of a folder of 15 photos, cold and warm (freedesktop thumbnails cached), against
  chafa's and timg's grids, and of a folder of 100,000 files (first_screen_bench.py; `--only
  first-screen`). chafa ≥ 1.14 has `--grid` (Debian's 1.12 does not): give one with `--chafa PATH`;
- `gallery view` per format (JPEG, PNG, WebP, GIF, TIFF, BMP, HEIC, AVIF, made from the 1080 px
  photos) against that chafa (formats_bench.py; `--only formats`);
- sixel bytes per thumbnail (the 1080 px photos at 24x8, 29x12 and 80x30 cells) against that chafa and
  img2sixel at equal PSNR, decoded by libsixel (sixel_size_bench.py; `--only sixel-size`).
- inside tmux: the bytes and time of the app's first screen, a one-row scroll and Enter then Esc
  inside tmux 3.6a against outside tmux (tmux_bench.py; `--only tmux`).
- the detail pane: Enter and ←/→ flips over 15 photos of 4000 px and of 1080 px, key to last byte,
  a key every 1.5 s and in a burst (detail_bench.py; `--only detail`; `--before BINARY` runs that
  build interleaved with --gallery and reports both and their ratios).
- videos: posters of 15 clips made by ffmpeg against ffmpegthumbnailer and timg, a folder of them's
  first screen, and playback in the detail pane in kitty, half-block and sixel modes
  (video_bench.py; `--only video`; `--clips DIR` keeps the clips between runs);
- zoom in the detail pane: `=` (100 %) and pans on a 4000 px JPEG, key to picture complete, against
  djpeg decoding the whole photo, with the ratio and the target (zoom_bench.py; `--only zoom`);
- camera RAW and JPEG XL: `gallery view` against dcraw, exiftool and djxl (raw_jxl_bench.py;
  `--only raw`).
- a library of 100,000 photos by date taken (`-R --sort taken`): the first screen cold and on a
  second launch, peak memory, and `t` jumps, against the issue's targets (dates_bench.py;
  `--only dates`; needs exiftool).

Prints the tables and writes them to BENCHMARKS.md with the date, the machine and tool versions.
Peers missing from the machine are installed with apt-get (chafa, timg, libsixel-bin, imagemagick,
libheif-examples); the video and RAW sections leave out a peer that is missing (ffmpegthumbnailer,
dcraw, exiftool) and say which to install.
"""
import argparse
import datetime
import shlex
import os
import platform
import shutil
import statistics
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np

import dates_bench
import detail_bench
import first_screen_bench
import formats_bench
import raw_jxl_bench
import scroll_bench
import sixel_size_bench
import slow_link_bench
import tmux_bench
import video_bench
import zoom_bench
from process_timing import TOOL_ENV, run_once
from terminal_pty import WindowPty

REPO = Path(__file__).resolve().parent.parent
CELLS = (24, 8)
CELL_PIXELS = (10, 20)
BOX = (CELLS[0] * CELL_PIXELS[0], CELLS[1] * CELL_PIXELS[1])
PEER_PACKAGES = {"chafa": "chafa", "timg": "timg", "img2sixel": "libsixel-bin", "convert": "imagemagick",
                 **formats_bench.MAKERS}
# Debian's ImageMagick; /usr/local/bin may hold a stand-in that only converts to PPM.
IMAGEMAGICK = "/usr/bin/convert"


class Tool:
    """One command line to time; `sixel` tools also get their output's PSNR measured. Only chafa
    reads the cell pixel size from a terminal on stdin (`tty_stdin`); the others get /dev/null,
    because timg, given a terminal, waits for answers to its queries (1.5 s a run)."""

    def __init__(self, name, argv, sixel, ours, tty_stdin=False):
        self.name, self.argv, self.sixel, self.ours, self.tty_stdin = name, argv, sixel, ours, tty_stdin

    def command(self, photo):
        return self.argv(photo)


def tools(gallery):
    size = f"{CELLS[0]}x{CELLS[1]}"
    return [
        Tool("gallery view --render sixel", lambda p: [gallery, "view", "--render", "sixel", "--size", size, str(p)], True, True),
        Tool("gallery view --render halfblock", lambda p: [gallery, "view", "--render", "halfblock", "--size", size, str(p)], False, True),
        Tool("chafa -f sixels", lambda p: ["chafa", "-f", "sixels", "-s", size, str(p)], True, False, tty_stdin=True),
        Tool("chafa -f symbols", lambda p: ["chafa", "-f", "symbols", "-s", size, str(p)], False, False, tty_stdin=True),
        Tool("img2sixel -w -h", lambda p: ["img2sixel", "-w", str(fitted(p)[0]), "-h", str(fitted(p)[1]), str(p)], True, False),
        Tool("timg -ph (half blocks)", lambda p: ["timg", f"-g{size}", "-ph", str(p)], False, False),
        Tool("timg -pq (quarter blocks)", lambda p: ["timg", f"-g{size}", "-pq", str(p)], False, False),
    ]


# ---------------------------------------------------------------------------------------------
# Set-up

def install_peers():
    missing = [pkg for exe, pkg in PEER_PACKAGES.items()
               if not (Path(IMAGEMAGICK).exists() if exe == "convert" else shutil.which(exe))]
    if not missing:
        return
    print(f"installing {' '.join(missing)}", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = sudo + ["apt-get", "install", "-y", "-qq"] + missing
    if subprocess.run(install, env=env).returncode != 0:
        subprocess.run(sudo + ["apt-get", "update", "-qq"], env=env, check=True)
        subprocess.run(install, env=env, check=True)


def jpeg_size(path):
    """(width, height) from the first SOFn marker of a JPEG."""
    data = path.read_bytes()
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    raise ValueError(f"{path}: no JPEG frame header")


_fitted = {}


def fitted(path):
    """The photo's size fitted inside BOX, aspect kept, rounded like gallery's resize."""
    if path not in _fitted:
        w, h = jpeg_size(path)
        bw, bh = BOX
        if w * bh > h * bw:
            _fitted[path] = (bw, max(1, (h * bw + w // 2) // w))
        else:
            _fitted[path] = (max(1, (w * bh + h // 2) // h), bh)
    return _fitted[path]


# ---------------------------------------------------------------------------------------------
# Speed

def time_all(photos, tool_list, stdins, runs, warmup):
    """{(tool name, photo): (median wall ms, median cpu ms)}"""
    results = {}
    with open(os.devnull, "r+b") as sink:
        for photo in photos:
            samples = {tool.name: [] for tool in tool_list}
            for round_ in range(warmup + runs):
                for tool in tool_list:
                    wall, cpu = run_once(tool.command(photo), stdins(tool, sink), sink)
                    if round_ >= warmup:
                        samples[tool.name].append((wall, cpu))
            for tool in tool_list:
                walls = [w for w, _ in samples[tool.name]]
                cpus = [c for _, c in samples[tool.name]]
                results[(tool.name, photo)] = (statistics.median(walls), statistics.median(cpus))
            print(f"  timed {photo.name}", flush=True)
    return results


# ---------------------------------------------------------------------------------------------
# Quality

def read_ppm(data):
    """An (h, w, 3) uint8 array from binary PPM (P6, maxval 255) bytes."""
    parts, offset = [], 0
    while len(parts) < 4:
        while data[offset:offset + 1].isspace():
            offset += 1
        if data[offset:offset + 1] == b"#":
            offset = data.index(b"\n", offset) + 1
            continue
        end = offset
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[offset:end])
        offset = end
    magic, width, height, maxval = parts[0], int(parts[1]), int(parts[2]), int(parts[3])
    if magic != b"P6" or maxval != 255:
        raise ValueError(f"unexpected PPM {magic} maxval {maxval}")
    pixels = np.frombuffer(data[offset + 1:offset + 1 + width * height * 3], dtype=np.uint8)
    return pixels.reshape(height, width, 3)


def magick(args, stdin=None):
    return subprocess.run([IMAGEMAGICK] + args, input=stdin, stdout=subprocess.PIPE, check=True).stdout


_originals = {}


def original(photo):
    """The photo's full-size pixels as float64, decoded by ImageMagick (libjpeg), kept for reuse."""
    if photo not in _originals:
        _originals.clear()
        _originals[photo] = read_ppm(magick([str(photo), "-depth", "8", "ppm:-"])).astype(np.float64)
    return _originals[photo]


def area_average(pixels, length, axis, last_fraction=1.0):
    """Exact area averaging along `axis` to `length` samples: each output is the mean of the source
    interval it covers, partly covered source pixels weighted by the covered fraction. The running
    integral of a piecewise-constant signal is piecewise linear, so it is the cumulative sum
    interpolated at the (fractional) interval edges. `last_fraction` is how much of the last source
    pixel is picture (a JPEG decoded at a scale that does not divide its size, as libjpeg-turbo
    makes it and gallery reads it)."""
    source = pixels.shape[axis] - 1 + last_fraction
    integral = np.concatenate([np.zeros_like(np.take(pixels, [0], axis=axis)), np.cumsum(pixels, axis=axis)], axis=axis)
    edges = np.arange(length + 1) * (source / length)
    whole = np.minimum(np.floor(edges).astype(int), pixels.shape[axis] - 1)
    fraction = (edges - whole).reshape([-1 if a == axis else 1 for a in range(pixels.ndim)])
    at = np.take(integral, whole, axis=axis) + fraction * (np.take(integral, whole + 1, axis=axis)
                                                           - np.take(integral, whole, axis=axis))
    return np.diff(at, axis=axis) / (source / length)


def reference(photo, width, height):
    """The original area-averaged to width x height, in sRGB values like the tools, rounded."""
    averaged = area_average(area_average(original(photo), height, 0), width, 1)
    return np.clip(np.round(averaged), 0, 255).astype(np.uint8)


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def sixel_quality(photo, tool, stdin):
    """(PSNR dB, decoded size, sixel bytes) of one tool's sixel output for one photo."""
    output = subprocess.run(tool.command(photo), stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=TOOL_ENV, check=True).stdout
    start = output.find(b"\x1bP")
    # ImageMagick 6.9.11 writes a decoded sixel as all black straight to PPM; through PNG it is right.
    png = magick(["sixel:-", "png:-"], stdin=output[start:])
    decoded = read_ppm(magick(["png:-", "-depth", "8", "ppm:-"], stdin=png))
    height, width = decoded.shape[:2]
    w, h = jpeg_size(photo)
    if abs((width / height) / (w / h) - 1) > 0.05:
        # Padded (or cropped) output: compare the picture at the size it should have had.
        width, height = fitted(photo)
        decoded = read_ppm(magick(["ppm:-", "-filter", "Box", "-resize", f"{width}x{height}!", "ppm:-"],
                                  stdin=ppm_bytes(decoded)))
    return psnr(decoded, reference(photo, width, height)), (width, height), len(output)


def ppm_bytes(pixels):
    height, width = pixels.shape[:2]
    return f"P6\n{width} {height}\n255\n".encode() + pixels.tobytes()


# ---------------------------------------------------------------------------------------------
# Report

def version(argv, pattern=None):
    try:
        out = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    if pattern:
        lines = [line for line in lines if pattern in line] or lines
    return lines[0] if lines else "?"


def package_version(name):
    return version(["dpkg-query", "-W", "-f=${Version}", name])


def machine_facts(gallery, load_start):
    cpu = "?"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return [
        f"- CPU: {cpu}; `nproc` = {version(['nproc'])}",
        f"- Kernel: {platform.release()}; load average at start {' / '.join(f'{x:.2f}' for x in load_start)}",
        f"- gallery: {version([gallery, '--version'])} (release, `--static-swift-stdlib`), "
        f"libjpeg-turbo {package_version('libjpeg62-turbo')} (linked statically; gallery links no libsixel)",
        f"- {version(['chafa', '--version'])}; {version(['timg', '--version'])}; "
        f"{version(['img2sixel', '--version'])}; {version([IMAGEMAGICK, '-version'])}",
    ]


def geometric_mean(values):
    return float(np.exp(np.mean(np.log(values))))


def build_report(photos, tool_list, timings, quality, runs, warmup, gallery, load_start, load_end, app_sections):
    classes = {label: [p for p in photos if p.stem.endswith(f"-{label}")] for label in ("1080", "4000")}
    peers = [t for t in tool_list if not t.ours]
    lines = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (scripts/bench.py) on {datetime.date.today().isoformat()}. "
        f"Every tool draws each photo of `../shared/photos/*.jpg` at {CELLS[0]}x{CELLS[1]} cells "
        f"(pixel tools at {CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels a cell: inside {BOX[0]}x{BOX[1]}), "
        "as a whole process with stdout to /dev/null; stdin is /dev/null, except for chafa, which gets a pty that tells it the cell size (timg, given a terminal, waits for answers to its queries). "
        f"Times are the median of {runs} runs after {warmup} warm-up runs, tools interleaved run by run.",
        "",
        "## Machine",
        "",
        *machine_facts(gallery, load_start),
        f"- Load average at the end {' / '.join(f'{x:.2f}' for x in load_end)} "
        "(the machine is shared: wall times are noisy, CPU times less so)",
        "",
        "## Speed: milliseconds per image",
        "",
        "| tool | " + " | ".join(f"{c} px wall | {c} px CPU" for c in classes) + " |",
        "|---|" + "---:|---:|" * len(classes),
    ]
    for tool in tool_list:
        cells = []
        for members in classes.values():
            walls = [timings[(tool.name, p)][0] for p in members]
            cpus = [timings[(tool.name, p)][1] for p in members]
            cells += [f"{statistics.mean(walls):.1f}", f"{statistics.mean(cpus):.1f}"]
        name = f"**{tool.name}**" if tool.ours else tool.name
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "Means over the photos of each size of the per-photo medians. CPU = user + system time of the process.",
        "",
        "## Speed-up over the fastest peer",
        "",
        "Per photo: the fastest peer's median wall time (any of chafa, img2sixel, timg, any mode) divided by "
        "gallery's; the worst photo and the geometric mean over the photos; last, the mean against the fastest "
        "peer drawing the same kind of output (sixel against sixel, text against text). Targets from issue 3: "
        "≥ 3x per 1080 px image, ≥ 5x per 4000 px image.",
        "",
        "| gallery mode | " + " | ".join(f"{c} px worst | {c} px mean | {c} px fastest peer | {c} px mean vs same kind"
                                         for c in classes) + " |",
        "|---|" + "---:|---:|---|---:|" * len(classes),
    ]
    verdicts = []
    for tool in (t for t in tool_list if t.ours):
        cells = []
        for label, members in classes.items():
            ratios, fastest_names = [], {}
            for p in members:
                best = min(peers, key=lambda t: timings[(t.name, p)][0])
                fastest_names[best.name] = fastest_names.get(best.name, 0) + 1
                ratios.append(timings[(best.name, p)][0] / timings[(tool.name, p)][0])
            target = 3 if label == "1080" else 5
            worst = min(ratios)
            verdicts.append(f"- `{tool.name}`, {label} px: worst photo {worst:.1f}x, mean {geometric_mean(ratios):.1f}x "
                            f"(target {target}x: {'met' if worst >= target else 'MISSED'})")
            usual = max(fastest_names, key=fastest_names.get)
            kind = [t for t in peers if t.sixel == tool.sixel]
            same = [min(timings[(t.name, p)][0] for t in kind) / timings[(tool.name, p)][0] for p in members]
            cells += [f"{worst:.1f}x", f"{geometric_mean(ratios):.1f}x", usual, f"{geometric_mean(same):.1f}x"]
        lines.append(f"| {tool.name} | " + " | ".join(cells) + " |")
    lines += ["", *verdicts, "", "## Sixel quality: PSNR against an area downscale of the original", "",
              "Each tool's sixel output decoded back by ImageMagick, compared with the original (decoded by "
              "ImageMagick) area-averaged exactly, in numpy, to the decoded size. (ImageMagick's own "
              "`-filter Box -resize` is not an exact area average: against exact 8x8 block means it scores "
              "33 dB.) chafa rounds the height down to a multiple of 6 (240x156 instead of 240x160), so it is "
              "compared at its own size.",
              "",
              "| tool | " + " | ".join(f"{c} px PSNR" for c in classes) + " | sizes (1080 px photos) | bytes per image |",
              "|---|" + "---:|" * len(classes) + "---|---:|"]
    sixel_tools = [t for t in tool_list if t.sixel]
    for tool in sixel_tools:
        cells = []
        for members in classes.values():
            cells.append(f"{statistics.mean(quality[(tool.name, p)][0] for p in members):.2f} dB")
        sizes = sorted({"%dx%d" % quality[(tool.name, p)][1] for p in classes["1080"]})
        size_bytes = statistics.mean(quality[(tool.name, p)][2] for p in photos)
        lines.append(f"| {tool.name} | " + " | ".join(cells) + f" | {', '.join(sizes)} | {size_bytes:,.0f} |")
    ours = next(t for t in sixel_tools if t.ours)
    chafa = next(t for t in sixel_tools if t.name.startswith("chafa"))
    for label, members in classes.items():
        diff = statistics.mean(quality[(ours.name, p)][0] - quality[(chafa.name, p)][0] for p in members)
        lines.append("")
        lines.append(f"- {label} px: gallery − chafa = {diff:+.2f} dB "
                     f"(target: no worse than −0.5 dB: {'met' if diff >= -0.5 else 'MISSED'})")
    lines += [
        "",
        "## Per photo (median wall ms)",
        "",
        "| photo | " + " | ".join(t.name for t in tool_list) + " |",
        "|---|" + "---:|" * len(tool_list),
    ]
    for p in photos:
        lines.append(f"| {p.name} | " + " | ".join(f"{timings[(t.name, p)][0]:.1f}" for t in tool_list) + " |")
    lines += [
        "",
        "## Where gallery's time goes",
        "",
        "Profiled by hand with `perf` on 2026-11-23 (same machine), for orientation when the numbers above move:",
        "",
        "- start-up, about 1.3 ms for a tiny picture (a static Swift hello-world takes 0.8 ms here): `gallery` "
        "is a static executable without Foundation, and parses `view`'s options by hand. Dynamic linking cost "
        "~3 ms a run and ArgumentParser's reflection ~0.8 ms. The full-screen app (`gallery-app`, which "
        "`gallery` becomes for anything but `view`) loads Foundation, libcurl and ~30 libraries.",
        "- the file is mapped, not read: reading a 4000 px photo into fresh memory cost ~0.6 ms of page faults "
        "and copying (a page fault costs about 1.6 µs on this VM).",
        "- 1080 px JPEG: libjpeg-turbo at 1/2 scale, 1.2 to 3.4 ms. Only the scales with SIMD IDCTs (1/8, 2/8, "
        "4/8, 8/8) are used; a partial last pixel is kept as a fraction for the one resize that makes the "
        "picture (a separate resample pass cost 1.5 ms). Splitting that decode in two files decoded on two "
        "threads (exact; branch `rowsplit`) was slower here: two busy threads each ran much slower than one.",
        "- 4000 px JPEG: our own 1/8-scale decode from the DC coefficients, bit-exact with libjpeg-turbo's; on "
        "one thread about half libjpeg-turbo's time (astronaut-4000.jpg 12.6 ms against 21.9 ms, in process, "
        "warm). On two threads the second starts where sampling says the work balances (a block costs about "
        "as much as 3.6 bytes): 0.61 to 0.73 of the one-thread time, where perfect scaling would give about "
        "0.56. The scan is read in place (no de-stuffed copy). Cold, in a new process, the decode takes about "
        "1.2 to 1.4 times its warm time (fresh pages, cold caches, the thread's start).",
        "- sixel: our own encoder (Wu's quantiser, at most 160 registers; short stretches of a colour that cost "
        "more bytes than their error is worth given to the colours around them), 0.3 to 1.5 ms for 240x160 "
        "pixels in process (about twice the time it took before that pruning); libsixel took 5 to 7 ms.",
        "",
        *app_sections,
    ]
    return "\n".join(lines)


def measure_scroll(gallery):
    """(the scroll section of the report as lines, whether it was measured). A failure is reported
    in the section rather than thrown, so it cannot cost the rest of a run that took minutes."""
    print("measuring the bytes of scroll frames", flush=True)
    try:
        return scroll_bench.report_section(scroll_bench.measure(gallery)), True
    except (OSError, RuntimeError) as error:
        print(f"bench: scrolling not measured: {error}", file=sys.stderr)
        return scroll_bench.failure_section(error), False


def kept_sections(output, report):
    """The `## ` sections of the existing report that this run does not write: measurements made
    by hand (two builds compared, say), which a new run must not drop."""
    if not output.exists():
        return ""
    written = {line for line in report.splitlines() if line.startswith("## ")}
    sections = output.read_text().split("\n## ")[1:]
    kept = ["## " + section.rstrip("\n") for section in sections if "## " + section.splitlines()[0] not in written]
    return "".join("\n" + section + "\n" for section in kept)


def write_section_only(output, heading, section):
    """Replaces just the section under `heading` of `output` (made when missing) with `section`."""
    path = Path(output)
    text = path.read_text() if path.exists() else "# Benchmarks\n"
    path.write_text(scroll_bench.replace_section(text, heading, section))
    print("\n".join(section))
    print(f"written to {output}")


def write_scroll_only(gallery, output):
    """Measures scrolling alone and replaces just its section of `output`."""
    section, measured = measure_scroll(gallery)
    write_section_only(output, scroll_bench.HEADING, section)
    return 0 if measured else 1


def write_slow_link_only(gallery, output):
    """Measures the frames over a slow link alone and replaces just their section of `output`."""
    section, measured = slow_link_bench.measure_section(gallery)
    write_section_only(output, slow_link_bench.HEADING, section)
    return 0 if measured else 1


def measure_first_screen(gallery, photos, chafa):
    """The first-screen section as lines; a failure is reported in it, as for scrolling."""
    print("measuring the first screen of a folder", flush=True)
    try:
        results, facts = first_screen_bench.measure(gallery, photos, chafa)
        return first_screen_bench.report_section(results, facts, version([chafa, "--version"]), version(["timg", "--version"]))
    except (OSError, RuntimeError) as error:
        print(f"bench: first screen not measured: {error}", file=sys.stderr)
        return [first_screen_bench.HEADING, "", f"NOT MEASURED: {error}", ""]


def write_first_screen_only(gallery, photos, chafa, output):
    """Measures the first screen alone and replaces just its section of `output`."""
    write_section_only(output, first_screen_bench.HEADING, measure_first_screen(gallery, photos, chafa))
    return 0


def measure_formats(gallery, photos, chafa, runs, warmup):
    """The per-format section as lines; a failure is reported in it, as for scrolling."""
    print("timing gallery view and chafa per format", flush=True)
    try:
        results, failures, labels = formats_bench.measure(gallery, chafa, photos, runs, warmup)
    except (OSError, RuntimeError) as error:
        print(f"bench: formats not measured: {error}", file=sys.stderr)
        return formats_bench.failure_section(error)
    facts = {"chafa_version": version([chafa, "--version"]), "photos": len(photos), "runs": runs, "warmup": warmup,
             "load": os.getloadavg()}
    return formats_bench.report_section(results, failures, labels, facts)


def measure_sixel_size(gallery, chafa, photo_folder):
    """The sixel-bytes section as lines; a failure is reported in it, as for scrolling."""
    print("measuring sixel bytes per thumbnail against chafa and img2sixel", flush=True)
    try:
        return sixel_size_bench.section(gallery, chafa, photo_folder, log=lambda line: print(line, flush=True))
    except (OSError, RuntimeError) as error:
        print(f"bench: sixel bytes not measured: {error}", file=sys.stderr)
        return [sixel_size_bench.HEADING, "", f"NOT MEASURED: {error}", ""]


def measure_detail(args):
    """(the detail-pane section as lines, whether it was measured): --gallery alone, or against
    --before; the section names the command that made it."""
    builds = {"before": args.before, "after": args.gallery} if args.before else {"gallery": args.gallery}
    command = "python3 scripts/bench.py " + shlex.join(sys.argv[1:])
    return detail_bench.measure_section(builds, args.photos, command, args.detail_runs)


def measure_video(args):
    """(the video section as lines, whether it was measured). Its own number of runs
    (video_bench.RUNS), not --runs: 15 clips by six commands each take a while."""
    command = "python3 scripts/bench.py " + shlex.join(sys.argv[1:])
    return video_bench.measure_section(args.gallery, args.photos, command, args.clips,
                                       log=lambda line: print(line, flush=True))


def measure_zoom(args):
    """(the zoom section as lines, whether it was measured)."""
    command = "python3 scripts/bench.py " + shlex.join(sys.argv[1:])
    return zoom_bench.measure_section(args.gallery, args.photos, command, log=lambda line: print(line, flush=True))


def measure_raw(args):
    """(the RAW and JPEG XL section as lines, whether it was measured)."""
    command = "python3 scripts/bench.py " + shlex.join(sys.argv[1:])
    return raw_jxl_bench.measure_section(args.gallery, Path(args.photos), command, args.runs,
                                         log=lambda line: print(line, flush=True))


def measure_dates(args):
    """(the section of 100,000 photos by date taken as lines, whether it was measured)."""
    command = "python3 scripts/bench.py " + shlex.join(sys.argv[1:])
    return dates_bench.measure_section(args.gallery, Path(args.photos), command, log=lambda line: print(line, flush=True))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", default=str(REPO / ".build/release/gallery"), help="the gallery binary")
    parser.add_argument("--photos", default=str(REPO.parent / "shared/photos"), help="folder of NAME-1080/4000.jpg")
    parser.add_argument("--runs", type=int, default=9, help="timed runs per tool and photo")
    parser.add_argument("--warmup", type=int, default=2, help="untimed runs first")
    parser.add_argument("--output", default=str(REPO / "BENCHMARKS.md"), help="where to write the report")
    parser.add_argument("--chafa", default="chafa", help="the chafa for the grid comparison (≥ 1.14 has --grid)")
    parser.add_argument("--only", choices=["scroll", "slow-link", "tmux", "first-screen", "formats", "sixel-size", "detail", "video",
                                           "zoom", "raw", "dates"],
                        help="measure only this part (no peers, no photos) and replace only its section of --output")
    parser.add_argument("--before", help="the detail section: a build to compare --gallery with, run interleaved")
    parser.add_argument("--detail-runs", type=int, default=detail_bench.RUNS, help="runs of each build in the detail section")
    parser.add_argument("--clips", help="the video section: keep the clips it makes in this folder, reused when there")
    args = parser.parse_args()

    if not os.access(args.gallery, os.X_OK):
        print(f"bench: {args.gallery} is not built (run `make bench`)", file=sys.stderr)
        return 1
    if args.only == "scroll":
        return write_scroll_only(args.gallery, args.output)
    if args.only == "slow-link":
        return write_slow_link_only(args.gallery, args.output)
    if args.only == "tmux":
        section, measured = tmux_bench.measure_section(args.gallery)
        write_section_only(args.output, tmux_bench.HEADING, section)
        return 0 if measured else 1
    for only, measure, heading in (("detail", measure_detail, detail_bench.HEADING),
                                   ("video", measure_video, video_bench.HEADING),
                                   ("zoom", measure_zoom, zoom_bench.HEADING),
                                   ("raw", measure_raw, raw_jxl_bench.HEADING),
                                   ("dates", measure_dates, dates_bench.HEADING)):
        if args.only == only:
            section, measured = measure(args)
            write_section_only(args.output, heading, section)
            return 0 if measured else 1
    photos = sorted(Path(args.photos).glob("*-1080.jpg")) + sorted(Path(args.photos).glob("*-4000.jpg"))
    if not photos:
        print(f"bench: no photos in {args.photos} (expected NAME-1080.jpg / NAME-4000.jpg): skipped")
        return 0
    large = [photo for photo in photos if photo.name.endswith("-4000.jpg")]
    if args.only == "first-screen":
        return write_first_screen_only(args.gallery, large, args.chafa, args.output)
    install_peers()
    medium = [photo for photo in photos if photo.name.endswith("-1080.jpg")]
    if args.only == "formats":
        write_section_only(args.output, formats_bench.HEADING,
                           measure_formats(args.gallery, medium, args.chafa, args.runs, args.warmup))
        return 0
    if args.only == "sixel-size":
        write_section_only(args.output, sixel_size_bench.HEADING, measure_sixel_size(args.gallery, args.chafa, args.photos))
        return 0
    load_start = os.getloadavg()
    tool_list = tools(args.gallery)
    # chafa reads the cell size in pixels from a terminal on stdin when stdout is not one.
    with WindowPty(80, 24, CELL_PIXELS) as chafa_terminal:
        def stdin(tool, devnull=subprocess.DEVNULL):
            return chafa_terminal.slave if tool.tty_stdin else devnull

        print(f"timing {len(tool_list)} tools on {len(photos)} photos, {args.runs} runs each", flush=True)
        timings = time_all(photos, tool_list, stdin, args.runs, args.warmup)
        print("measuring sixel quality", flush=True)
        quality = {(t.name, p): sixel_quality(p, t, stdin(t)) for p in photos for t in tool_list if t.sixel}
    app_sections, _ = measure_scroll(args.gallery)
    app_sections += slow_link_bench.measure_section(args.gallery)[0]
    app_sections += tmux_bench.measure_section(args.gallery)[0]
    app_sections += measure_first_screen(args.gallery, large, args.chafa)
    app_sections += measure_formats(args.gallery, medium, args.chafa, args.runs, args.warmup)
    app_sections += measure_sixel_size(args.gallery, args.chafa, args.photos)
    app_sections += measure_detail(args)[0]
    app_sections += measure_video(args)[0]
    app_sections += measure_zoom(args)[0]
    app_sections += measure_raw(args)[0]
    app_sections += measure_dates(args)[0]
    report = build_report(photos, tool_list, timings, quality, args.runs, args.warmup, args.gallery, load_start,
                          os.getloadavg(), app_sections)
    report += kept_sections(Path(args.output), report)
    Path(args.output).write_text(report)
    print(report)
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
