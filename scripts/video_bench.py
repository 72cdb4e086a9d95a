"""Videos in `make bench` (issue 27): poster frames against ffmpegthumbnailer and timg, a folder's
first screen of clips, and playback in the detail pane.

Fifteen clips are made by ffmpeg from ../shared/photos (a crop panning across each photo, so frames
differ): 1080p H.264 MP4s, 4K HEVC MP4s (when ffmpeg has libx265; Debian's libavcodec decodes HEVC
itself) and phone-like MOVs (1080p H.264 with an AAC track, a creation time and a display matrix
turning them upright to portrait, as a phone held upright writes them). On the same files, run
interleaved as whole processes with output to /dev/null, medians:

- *posters*: `gallery view --size 24x8` (sixel and half blocks; `gallery` hands a video to
  `gallery-app`, which loads FFmpeg) against `ffmpegthumbnailer -s 240` and timg's first frame
  (`timg -g24x8 -ph --frames=1`); and the poster alone, FFmpeg loaded: `gallery-app view` given the
  clip REPEATS times in one process against once, the difference divided by REPEATS - 1 (the warm
  cost of one more poster, which is what a grid cell pays);
- *first screen*: `gallery --render sixel --thumb-size 23x12 FOLDER` on the 15 clips in a 120x40 pty
  (first_screen_bench.py's measure: start to the first screen's last byte), cold (no thumbnails
  cached) and warm, against `timg --grid=5x3 -ps --frames=1` and ffmpegthumbnailer run on each clip;
- *playback*: the app on a folder holding one 1080p 30 fps clip, Enter, and the frames the detail
  pane draws a second over PLAY_SECONDS in kitty, half-block and sixel modes (each frame is one
  synchronized screen update with a picture in it).

    python3 scripts/video_bench.py --gallery .build/release/gallery [--clips DIR]

`bench.py --only video` writes the section into BENCHMARKS.md; `--clips DIR` keeps the clips made
there between runs (making the 4K ones takes a while).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import first_screen_bench
import scroll_bench
import slow_link_bench
from process_timing import interleaved
from terminal_pty import WindowPty

HEADING = "## Videos: posters, a folder's first screen, playback"
REPO = Path(__file__).resolve().parent.parent
CELLS = "24x8"
THUMBNAIL_PIXELS = 240
RUNS = 5
WARMUP = 1
# Posters in one process: the clip this many times, against once.
REPEATS = 6
PLAY_SECONDS = 5.0
SCREEN_RUNS = 3
PLAY_RUNS = 3
# From Enter until frames are counted: the poster drawn and the player started.
PLAY_SETTLE_SECONDS = 1.5
PLAYBACK_MODES = ("kitty", "halfblock", "sixel")
PLAY_RATE = 30
# The detail pane plays a video over and over: a short clip is enough.
PLAY_CLIP_SECONDS = 6
TARGETS = {"poster ms": 40.0, "speed-up over ffmpegthumbnailer": 3.0, "first screen cold ms": 600.0,
           # Real time: at least this share of the clip's frame rate drawn.
           "real time share": 0.95}
PEER_PACKAGES = {"ffmpegthumbnailer": "ffmpegthumbnailer", "timg": "timg"}
# A kitty picture shown: placed (`a=p`, after its transmission `a=t` and its chunks) or transmitted
# and shown at once (`a=T`).
KITTY_SHOWN = re.compile(rb"\x1b_G[^;\x1b]*a=[pT]")
END_UPDATE = b"\x1b[?2026l"


class Clip:
    """One clip to make: its file name, kind (a row of the report) and ffmpeg's encoding arguments."""

    def __init__(self, name, kind, size, codec, seconds, phone=False):
        self.name, self.kind, self.size, self.codec, self.seconds, self.phone = name, kind, size, codec, seconds, phone

    def commands(self, photo, path):
        """The ffmpeg command lines that make this clip from `photo` at `path`: the photo scaled once
        to cover the frame with room to pan, then a crop of it moving across."""
        width, height = self.size
        still = path.with_name("making-" + path.stem + ".png")
        scale = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(photo), "-vf",
                 f"scale={width * 5 // 4}:{height * 5 // 4}:force_original_aspect_ratio=increase", str(still)]
        # The still decoded once and repeated in memory (`-loop 1` would decode the file again each frame).
        frames = self.seconds * PLAY_RATE
        pan = (f"loop=loop={frames - 1}:size=1:start=0,setpts=N/{PLAY_RATE}/TB,"
               f"crop={width}:{height}:x='(iw-{width})*t/{self.seconds}':y='(ih-{height})/2',setsar=1")
        inputs = ["-i", str(still)]
        if self.phone:
            inputs += ["-f", "lavfi", "-i", f"sine=frequency=440:duration={self.seconds}"]
        codec = (["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "log-level=error"]
                 if self.codec == "hevc" else ["-c:v", "libx264", "-preset", "veryfast"])
        audio = ["-c:a", "aac", "-b:a", "96k"] if self.phone else []
        made = path.with_name("making-" + path.name) if self.phone else path
        encode = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", *inputs, "-t", str(self.seconds), "-vf", pan,
                  "-r", str(PLAY_RATE), "-g", str(PLAY_RATE), "-pix_fmt", "yuv420p", *codec, *audio, str(made)]
        if not self.phone:
            return [scale, encode]
        # ffmpeg 5.1 writes a display matrix for `rotate` only when copying the stream, not encoding it.
        return [scale, encode, ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(made), "-c", "copy",
                                "-metadata:s:v:0", "rotate=90", "-metadata", "creation_time=2026-06-01T12:00:00Z",
                                str(path)]]


def clip_plan(photos, hevc=True):
    """The 15 clips and the photo each is made from (photos cycled): 9 1080p H.264 MP4s, 3 4K HEVC
    MP4s (1080p H.264 instead when ffmpeg cannot encode HEVC) and 3 phone-like MOVs."""
    kinds = (["h264"] * 9) + (["hevc" if hevc else "h264"] * 3) + (["phone"] * 3)
    plan = []
    for index, kind in enumerate(kinds):
        photo = photos[index % len(photos)]
        stem = f"{index + 1:02d}-{photo.stem.split('-')[0]}"
        if kind == "h264":
            clip = Clip(f"{stem}-h264-1080p.mp4", "1080p H.264 MP4", (1920, 1080), "h264", 2)
        elif kind == "hevc":
            clip = Clip(f"{stem}-hevc-4k.mp4", "4K HEVC MP4", (3840, 2160), "hevc", 1)
        else:
            clip = Clip(f"{stem}-phone.mov", "phone MOV (H.264 1080p, rotated, audio)", (1920, 1080), "h264", 2,
                        phone=True)
        plan.append((clip, photo))
    return plan


def can_encode_hevc():
    encoders = subprocess.run(["ffmpeg", "-hide_banner", "-encoders"], capture_output=True, text=True).stdout
    return "libx265" in encoders


def make_clip(clip, photo, path):
    """Makes `clip` from `photo` at `path`, through a name of its own so that a run cut short leaves
    no clip half made to be reused."""
    making = path.with_name("making-" + path.name)
    try:
        for command in clip.commands(photo, making):
            subprocess.run(command, check=True)
        making.rename(path)
    finally:
        for leftover in path.parent.glob("making-*"):
            leftover.unlink()


def make_clips(photos, folder, log=print):
    """[(Clip, path)] in `folder`, made unless a file of that name is there already."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for clip, photo in clip_plan(photos, can_encode_hevc()):
        path = folder / clip.name
        if not path.exists():
            log(f"    making {clip.name}")
            make_clip(clip, photo, path)
        made.append((clip, path))
    return made


def playback_clip(photos, folder):
    """A PLAY_CLIP_SECONDS 1080p 30 fps H.264 clip for playback, alone in a folder of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "play-h264-1080p.mp4"
    if not path.exists():
        make_clip(Clip(path.name, "", (1920, 1080), "h264", PLAY_CLIP_SECONDS), photos[0], path)
    return path


# ---------------------------------------------------------------------------------------------
# Posters, per clip

def poster_tools(gallery, scratch):
    """(label, argv(clip), ours) of every tool drawing or making one poster."""
    out = str(scratch / "thumbnail.png")
    return [
        ("gallery view sixel", lambda c: [gallery, "view", "--render", "sixel", "--size", CELLS, str(c)], True),
        ("gallery view halfblock", lambda c: [gallery, "view", "--render", "halfblock", "--size", CELLS, str(c)], True),
        (f"ffmpegthumbnailer -s {THUMBNAIL_PIXELS}",
         lambda c: ["ffmpegthumbnailer", "-s", str(THUMBNAIL_PIXELS), "-i", str(c), "-o", out], False),
        ("timg -ph --frames=1", lambda c: ["timg", f"-g{CELLS}", "-ph", "--frames=1", str(c)], False),
    ]


def app_path(gallery):
    return str(Path(gallery).parent / "gallery-app")


def in_process_label():
    return f"gallery-app view sixel, one more poster in one process"


def measure_posters(gallery, clips, scratch, runs=RUNS, warmup=WARMUP, log=print):
    """({(label, clip name): (wall ms, CPU ms)}, [failure]): each tool on each clip, and the
    one-more-poster cost in one process (the clip REPEATS times against once); a clip on which a
    command failed is left out and its failure listed (under heavy load a 4K poster can pass the
    time budget)."""
    tools = [tool for tool in poster_tools(gallery, scratch) if tool[2] or shutil.which(tool[1](Path("x"))[0])]
    app = [app_path(gallery), "view", "--render", "sixel", "--size", CELLS]
    results, failures = {}, []
    for clip, path in clips:
        commands = {label: argv(path) for label, argv, _ in tools}
        commands["once"] = app + [str(path)]
        commands["repeated"] = app + [str(path)] * REPEATS
        try:
            medians = interleaved(commands, runs, warmup)
        except RuntimeError as error:
            log(f"    {clip.name}: {error}")
            failures.append(f"{clip.name}: {error}")
            continue
        for label, _, _ in tools:
            results[(label, clip.name)] = medians[label]
        results[(in_process_label(), clip.name)] = tuple((repeated - once) / (REPEATS - 1) for repeated, once
                                                         in zip(medians["repeated"], medians["once"]))
        log(f"    {clip.name}: " + ", ".join(f"{label} {wall:.0f} ({cpu:.0f} CPU)"
                                              for (label, name), (wall, cpu) in results.items() if name == clip.name))
    return results, failures


# ---------------------------------------------------------------------------------------------
# A folder's first screen

def peer_first_screens(clips, scratch):
    """(label, argv, tty_stdin) of the peers drawing or making the 15 posters."""
    names = [str(path) for _, path in clips]
    view = f"{first_screen_bench.SCREEN[0]}x{first_screen_bench.SCREEN[1]}"
    loop = 'out="$1"; shift; for f in "$@"; do ffmpegthumbnailer -s 240 -i "$f" -o "$out" || exit 1; done'
    return [
        ("timg --grid=5x3 -ps --frames=1", ["timg", "--grid=5x3", "-ps", "--frames=1", f"-g{view}"] + names, False),
        (f"ffmpegthumbnailer -s {THUMBNAIL_PIXELS}, each clip", ["sh", "-c", loop, "sh", str(scratch / "t.png"), *names],
         False),
    ]


def measure_first_screen(gallery, folder, clips, scratch, runs=SCREEN_RUNS, log=print):
    """({label: (median wall ms, median CPU ms) or None}, the fewest posters on a first screen): the
    app's first screen on `folder`, cold and warm, and the peers'. The app's CPU is what it used
    until a second after its first screen (writing the thumbnails it made in that second)."""
    cold, warm, sixels, ffmpeg = [], [], [], {"cold": [], "warm": []}
    for run in range(runs):
        home = scratch / f"home-{run}"
        ms, count, _, cpu = first_screen_bench.app_first_screen(gallery, folder, home,
                                                                lambda pid: ffmpeg["cold"].append(loaded_ffmpeg(pid)))
        cold.append((ms, cpu))
        sixels.append(count)
        # The thumbnails are written once the renders are done, after the first screen.
        time.sleep(1.5)
        ms, count, _, cpu = first_screen_bench.app_first_screen(gallery, folder, home,
                                                                lambda pid: ffmpeg["warm"].append(loaded_ffmpeg(pid)))
        warm.append((ms, cpu))
        log(f"    run {run + 1}: cold {cold[-1][0]:.0f} ms ({cold[-1][1]:.0f} CPU), warm {warm[-1][0]:.0f} ms "
            f"({warm[-1][1]:.0f} CPU), {count} sixels, FFmpeg loaded: cold {ffmpeg['cold'][-1]}, warm {ffmpeg['warm'][-1]}")
    medians = lambda timings: tuple(statistics.median(column) for column in zip(*timings))
    results = {"gallery, cold (no thumbnails)": medians(cold), "gallery, warm (thumbnails cached)": medians(warm),
               "FFmpeg loaded": {run: any(loaded) for run, loaded in ffmpeg.items()}}
    for label, argv, tty_stdin in peer_first_screens(clips, scratch):
        if shutil.which(argv[0]) is None or (argv[0] == "sh" and shutil.which("ffmpegthumbnailer") is None):
            results[label] = None
            continue
        results[label] = medians([first_screen_bench.peer_timing(argv, tty_stdin) for _ in range(runs)])
        log(f"    {label}: {results[label][0]:.0f} ms ({results[label][1]:.0f} CPU)")
    return results, min(sixels)


def loaded_ffmpeg(pid):
    """Whether the process has FFmpeg's libavformat mapped (the app loads it at the first video it
    probes or decodes)."""
    return "libavformat" in Path(f"/proc/{pid}/maps").read_text()


# ---------------------------------------------------------------------------------------------
# Playback in the detail pane

def frames_in(output, mode):
    """Pictures drawn in `output`: each frame is a screen update holding a sixel, a kitty placement
    or (half blocks) the picture's coloured text."""
    if mode == "sixel":
        return len(scroll_bench.SIXEL.findall(output))
    if mode == "kitty":
        return len(KITTY_SHOWN.findall(output))
    # Half blocks: every update with the picture in it is large; the caption's alone are small.
    updates = output.split(END_UPDATE)
    return sum(1 for update in updates[:-1] if update.count(b"\xe2\x96\x80") + update.count(b"\xe2\x96\x84") > 100)


def play(gallery, folder, mode, home):
    """(frames drawn a second, output bytes a second, the app's CPU ms a frame drawn) of the detail
    pane playing the clip in `folder` in `mode`, over PLAY_SECONDS once PLAY_SETTLE_SECONDS passed
    after Enter. The CPU a frame tells what a loaded machine's frame rate cannot: whether a core of
    its own would keep up."""
    terminal = slow_link_bench.TERMINALS[mode]
    environment = dict(first_screen_bench.environment(home), TERM=terminal.term)
    argv = [gallery, "--render", mode, str(folder)]
    with WindowPty(scroll_bench.SCREEN[0], scroll_bench.SCREEN[1], scroll_bench.CELL_PIXELS) as window:
        session = scroll_bench.AppSession(argv, window, environment, terminal.replies)
        session.wait_quiet(0, first_screen_bench.QUIET_SECONDS, scroll_bench.FIRST_SCREEN_TIMEOUT)
        session.send(b"\r")
        time.sleep(PLAY_SETTLE_SECONDS)
        with session.changed:
            start, began, cpu = len(session.output), time.monotonic(), first_screen_bench.cpu_ms(session.process.pid)
        time.sleep(PLAY_SECONDS)
        with session.changed:
            output, seconds = bytes(session.output[start:]), time.monotonic() - began
            cpu = first_screen_bench.cpu_ms(session.process.pid) - cpu
        status, _, _ = session.quit()
    if status != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {status}")
    frames = frames_in(output, mode)
    return frames / seconds, len(output) / seconds, cpu / frames if frames else None


def measure_playback(gallery, folder, scratch, runs=PLAY_RUNS, log=print):
    """{mode: (median frames a second, median bytes a second, median CPU ms a frame)}, the modes
    taking turns."""
    samples = {mode: [] for mode in PLAYBACK_MODES}
    for run in range(runs):
        for mode in PLAYBACK_MODES:
            samples[mode].append(play(gallery, folder, mode, scratch / f"home-play-{mode}-{run}"))
            fps, rate, cpu = samples[mode][-1]
            log(f"    run {run + 1}, {mode}: {fps:.1f} frames a second, {rate / 1e6:.1f} MB a second, "
                f"{cpu or 0:.1f} ms CPU a frame")
    median = lambda values: statistics.median(values) if values else None
    return {mode: (median([f for f, _, _ in values]), median([b for _, b, _ in values]),
                   median([c for _, _, c in values if c is not None])) for mode, values in samples.items()}


# ---------------------------------------------------------------------------------------------
# Report

def verdict(ok):
    return "holds" if ok else "DOES NOT HOLD"


def poster_rows(results, clips):
    """Mean (wall, CPU) ms per kind of clip and tool: {kind: {label: (wall, CPU)}}, kinds in the
    clips' order."""
    rows = {}
    for clip, _ in clips:
        rows.setdefault(clip.kind, {})
    labels = sorted({label for label, _ in results}, key=lambda label: list(dict.fromkeys(l for l, _ in results)).index(label))
    for kind in rows:
        names = [clip.name for clip, _ in clips if clip.kind == kind]
        for label in labels:
            values = [results[(label, name)] for name in names if (label, name) in results]
            if values:
                rows[kind][label] = tuple(statistics.mean(column) for column in zip(*values))
    return rows


def report_section(posters, first_screen, playback, clips, facts):
    """The BENCHMARKS.md section as lines. `posters`: {(label, clip name): (wall, CPU) ms}; `first_screen`:
    ({label: ms or None}, sixels); `playback`: {mode: (frames a second, bytes a second, CPU ms a
    frame)}; `facts`:
    command, load, cores, versions, runs."""
    kinds = list(dict.fromkeys(clip.kind for clip, _ in clips))
    lines = [
        HEADING,
        "",
        f"Measured by `{facts['command']}` (scripts/video_bench.py). {len(clips)} clips made "
        "by ffmpeg from `../shared/photos`, a crop panning across a photo, 30 fps, a keyframe a second: "
        + ", ".join(f"{sum(1 for c, _ in clips if c.kind == kind)} × {kind}" for kind in kinds)
        + f". Versions: {facts['versions']}. Load average at the end: "
        f"{' / '.join(f'{x:.2f}' for x in facts['load'])} on {facts['cores']} cores (shared with other builds: "
        "compare the tools measured side by side, not the times alone).",
        "",
    ]
    if isinstance(posters, str):
        lines += ["### Posters, per clip", "", f"NOT MEASURED: {posters}"]
    else:
        lines += poster_lines(posters, clips, facts)
    lines += ["", "### A folder's first screen of 15 clips", ""]
    if isinstance(first_screen, str):
        lines += [f"NOT MEASURED: {first_screen}"]
    else:
        lines += first_screen_lines(*first_screen, facts)
    lines += ["", "### Playback in the detail pane", ""]
    if isinstance(playback, str):
        lines += [f"NOT MEASURED: {playback}"]
    else:
        lines += playback_lines(playback, facts)
    return lines + [""]


def poster_lines(posters, clips, facts):
    rows = poster_rows(posters, clips)
    labels = list(dict.fromkeys(label for label, _ in posters))
    lines = [
        f"### Posters, per clip (ms wall / CPU, median of {facts['runs']} interleaved runs after {WARMUP} warm-up, mean over the clips of a kind)",
        "",
        f"Whole processes, output to /dev/null, the clip in the page cache; CPU is user + system of the process and "
        f"its children (`gallery view` hands a video to a `gallery-app` of its own). *one more poster*: `gallery-app view "
        f"--render sixel --size {CELLS}` given the clip {REPEATS} times in one process minus given it once, "
        f"divided by {REPEATS - 1}: a poster's cost once FFmpeg is loaded, as a grid cell pays it. "
        f"ffmpegthumbnailer writes a {THUMBNAIL_PIXELS} px PNG; timg draws the first frame in half blocks.",
        "",
        "| clips | " + " | ".join(labels) + " |",
        "|---|" + "---:|" * len(labels),
    ]
    for kind, by_label in rows.items():
        if not by_label:
            continue
        lines.append(f"| {kind} | " + " | ".join("-" if label not in by_label else "%.1f / %.1f" % by_label[label]
                                                 for label in labels) + " |")
    h264 = rows.get("1080p H.264 MP4", {})
    warm = h264.get(in_process_label())
    whole = h264.get("gallery view sixel")
    thumbnailer = h264.get(f"ffmpegthumbnailer -s {THUMBNAIL_PIXELS}")
    lines.append("")
    for failure in facts.get("failures", []):
        lines.append(f"- Left out, a command failed: {failure}.")
    target = TARGETS["poster ms"]
    if warm is not None:
        lines.append(f"- 1080p H.264, one more poster in one process (warm): {warm[0]:.1f} ms wall, {warm[1]:.1f} ms CPU "
                     f"(target ≤ {target:g} ms: {verdict(warm[0] <= target)} in wall time, {verdict(warm[1] <= target)} in "
                     f"CPU time); as a whole `gallery view` process: {whole[0]:.1f} ms wall, {whole[1]:.1f} ms CPU.")
    speedup = TARGETS["speed-up over ffmpegthumbnailer"]
    if thumbnailer and whole:
        wall, cpu = thumbnailer[0] / whole[0], thumbnailer[1] / whole[1]
        lines.append(f"- 1080p H.264 against ffmpegthumbnailer, whole processes: {wall:.2f}x faster in wall time, "
                     f"{cpu:.2f}x in CPU time (target ≥ {speedup:g}x: {verdict(wall >= speedup)} in wall time, "
                     f"{verdict(cpu >= speedup)} in CPU time); one more poster in one process against it: "
                     f"{thumbnailer[0] / warm[0]:.1f}x in wall time, {thumbnailer[1] / warm[1]:.1f}x in CPU time.")
    else:
        lines.append("- ffmpegthumbnailer: not installed (`apt-get install ffmpegthumbnailer`), not compared.")
    return lines


def first_screen_lines(results, sixels, facts):
    lines = [
        f"`gallery {' '.join(first_screen_bench.APP_ARGUMENTS)} FOLDER` as in \"First screen of a folder\" (a "
        f"{first_screen_bench.SCREEN[0]}x{first_screen_bench.SCREEN[1]} pty, start to the first screen's last byte), "
        f"median of {facts['screen_runs']} runs; *cold*: an empty `XDG_CACHE_HOME`. {sixels} posters on the first "
        "screen (the fewest of the runs). The app's CPU: user + system, every thread, from its start until a second "
        "after its first screen (in which it writes the thumbnails it made). The peers as whole processes (CPU: "
        "theirs and their children's).",
        "",
        "| what | ms wall | ms CPU |",
        "|---|---:|---:|",
    ]
    ffmpeg = results.get("FFmpeg loaded", {})
    for label, timing in results.items():
        if label == "FFmpeg loaded":
            continue
        lines.append(f"| {label} | " + ("not run | |" if timing is None else "%.0f | %.0f |" % timing))
    cold, target = results["gallery, cold (no thumbnails)"], TARGETS["first screen cold ms"]
    warm, poster_target = results["gallery, warm (thumbnails cached)"], TARGETS["poster ms"]
    said = lambda run: {True: "FFmpeg loaded", False: "FFmpeg never loaded"}.get(ffmpeg.get(run), "FFmpeg not checked")
    lines += ["", f"- Cold: {cold[0]:.0f} ms wall (target ≤ {target:g} ms: {verdict(cold[0] <= target)}); the app's CPU "
                  f"until a second after it: {cold[1]:.0f} ms (on 2 cores, ≤ {2 * target:g} ms of CPU could fit in "
                  f"{target:g} ms: {verdict(cold[1] <= 2 * target)}); {said('cold')}.",
              f"- Warm (each poster from its desktop thumbnail, the clips' lengths too): {warm[0]:.0f} ms wall, "
              f"{warm[1]:.0f} ms CPU for the {sixels} posters, {warm[1] / max(1, sixels):.1f} ms CPU a poster "
              f"(target ≤ {poster_target:g} ms a 1080p poster warm: {verdict(warm[1] / max(1, sixels) <= poster_target)}); "
              f"{said('warm')} (`/proc/PID/maps` at the first screen)."]
    return lines


def playback_lines(playback, facts):
    lines = [
        f"A {PLAY_CLIP_SECONDS} s 1080p 30 fps H.264 clip alone in a folder: `gallery --render MODE FOLDER` in a "
        f"{scroll_bench.SCREEN[0]}x{scroll_bench.SCREEN[1]} pty of {scroll_bench.CELL_PIXELS[0]}x"
        f"{scroll_bench.CELL_PIXELS[1]} pixel cells answered as the mode's terminal answers (slow_link_bench's: "
        f"kitty 0.35.2, xterm -ti vt340, xterm), Enter, then the pictures drawn over {PLAY_SECONDS:g} s from "
        f"{PLAY_SETTLE_SECONDS:g} s after Enter; median of {facts['play_runs']} runs, the modes taking turns. The "
        "terminal here is a Python reader that only keeps the bytes. *CPU a frame*: the app's user + system time "
        "over the window (every thread: decoding, scaling, encoding, writing) divided by the frames drawn; below "
        f"{1000 / PLAY_RATE:.1f} ms a core of its own keeps real time, whatever the load here (a frame dropped was "
        "decoded all the same, so when many are dropped this overstates a frame's cost). *% of a core*: the app's CPU "
        "a second of the window; well under 100 while frames are dropped, the app was kept waiting: for a core "
        "(the load) or for the terminal to take its bytes.",
        "",
        "| mode | frames shown a second | MB written a second | app CPU ms a frame | app CPU, % of a core |",
        "|---|---:|---:|---:|---:|",
    ]
    for mode, (fps, rate, cpu) in playback.items():
        lines.append(f"| {mode} | {fps:.1f} | {rate / 1e6:.1f} | " +
                     ("- | - |" if cpu is None else f"{cpu:.1f} | {cpu * fps / 10:.0f} |"))
    lines.append("")
    for mode in ("kitty", "halfblock"):
        if mode in playback:
            fps, _, cpu = playback[mode]
            lines.append(f"- {mode}: {fps:.1f} of {PLAY_RATE} frames a second (target: real time, ≥ "
                         f"{TARGETS['real time share'] * PLAY_RATE:.1f}: {verdict(fps >= TARGETS['real time share'] * PLAY_RATE)})"
                         + ("." if cpu is None else f"; {cpu:.1f} ms CPU a frame, {cpu * PLAY_RATE / 10:.0f}% of a core "
                                                    f"at {PLAY_RATE} frames a second."))
    return lines


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def part(measure, log):
    """What `measure()` returns, or its failure as a sentence: one part failing leaves the others."""
    try:
        return measure()
    except (OSError, RuntimeError) as error:
        log(f"bench: not measured: {error}")
        return str(error)


def missing_peers():
    return [package for exe, package in PEER_PACKAGES.items() if shutil.which(exe) is None]


PARTS = ("posters", "screen", "playback")


def measure_section(gallery, photos_folder, command, clips_folder=None, runs=RUNS, log=print, parts=PARTS):
    """(the section as lines, whether it was measured); a failure is reported in it, and a part
    not in `parts` is said not measured."""
    log("measuring video posters, a folder of clips and playback")
    missing = missing_peers()
    if missing:
        log(f"bench: peers missing, not compared: install them with `apt-get install {' '.join(missing)}`")
    photos = sorted(Path(photos_folder).glob("*-4000.jpg"))
    if not photos:
        return failure_section(f"no *-4000.jpg in {photos_folder}"), False
    try:
        with tempfile.TemporaryDirectory(prefix="gallery-video-") as scratch:
            scratch = Path(scratch)
            folder = Path(clips_folder) if clips_folder else scratch / "clips"
            clips = make_clips(photos, folder / "posters", log)
            clip = playback_clip(photos, folder / "playback")
            skipped = "not in this run's --parts"
            posters, failures = (measure_posters(gallery, clips, scratch, runs, WARMUP, log) if "posters" in parts
                                 else (skipped, []))
            screen = (part(lambda: measure_first_screen(gallery, folder / "posters", clips, scratch, log=log), log)
                      if "screen" in parts else skipped)
            playback = part(lambda: measure_playback(gallery, clip.parent, scratch, log=log), log) if "playback" in parts else skipped
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        log(f"bench: videos not measured: {error}")
        return failure_section(error), False
    facts = {"command": command, "load": os.getloadavg(), "cores": os.cpu_count(), "runs": runs,
             "screen_runs": SCREEN_RUNS, "play_runs": PLAY_RUNS, "versions": versions(), "failures": failures}
    return report_section(posters, screen, playback, clips, facts), True


def versions():
    def first_line(argv):
        try:
            text = subprocess.run(argv, capture_output=True, text=True, timeout=10)
            return (text.stdout or text.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return None
    package = lambda name: subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True,
                                          text=True).stdout or "?"
    found = [f"libavcodec {package('libavcodec59')}", f"ffmpegthumbnailer {package('ffmpegthumbnailer')}",
             first_line(["timg", "--version"])]
    return "; ".join(item for item in found if item)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", required=True, help="the release gallery; gallery-app beside it")
    parser.add_argument("--photos", default=str(REPO.parent / "shared" / "photos"))
    parser.add_argument("--clips", help="keep the clips made in this folder (reused when there)")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"which to measure, of {','.join(PARTS)}")
    args = parser.parse_args()
    parts = args.parts.split(",")
    if any(name not in PARTS for name in parts):
        parser.error(f"--parts: each of {', '.join(PARTS)}")
    command = "python3 scripts/" + " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])
    section, measured = measure_section(args.gallery, args.photos, command, args.clips, args.runs, parts=parts)
    print("\n".join(section))
    return 0 if measured else 1


if __name__ == "__main__":
    sys.exit(main())
