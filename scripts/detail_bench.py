"""The detail pane's Enter and ←/→ flips (issue 30: "Enter and ←/→ flips on 15 photos of 4000 px and
of 1080 px, key to last byte, before and after; target p50 ≤ 30 ms for a flip to a prefetched
photo").

`gallery FOLDER --render sixel` runs as in scroll_bench.py (a pty of SCREEN cells of CELL_PIXELS
pixels, a fresh HOME and cache, the start-up probe answered as xterm -ti vt340 does) over a folder
of 15 copies of the 4000 px (or 1080 px) photos. Once the grid's first screen is quiet:

- *look*: Enter, then → to the last photo and ← a few back, a key every LOOK_SECONDS (a person
  looks at a photo for a while; the app makes the neighbours' pictures meanwhile). A frame is the
  output from its key until the next key (it must end in QUIET_SECONDS without output); its time is
  key to the frame's last byte, split into the time before its first byte, before its picture's first
  byte (`ESC P … q`) and the writing after that;
- *burst*: in a second session, Enter, a look, then → to the last photo a key every BURST_SECONDS:
  for each key, the time until the next screen update (`CSI ? 2026 l`) ends after it, and from the
  last key to the last byte.

    python3 scripts/detail_bench.py --gallery .build/release/gallery
    python3 scripts/detail_bench.py --gallery AFTER/gallery --before BEFORE/gallery --runs 3

With `--before`, the two builds run interleaved, run by run, so the machine's load hits them alike;
`bench.py --only detail` writes the section into BENCHMARKS.md.
"""
import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import first_screen_bench
import scroll_bench
from terminal_pty import WindowPty

HEADING = "## The detail pane: Enter and ←/→ flips"
SCREEN = scroll_bench.SCREEN
CELL_PIXELS = scroll_bench.CELL_PIXELS
PHOTOS = 15
SIZES = ("4000", "1080")
LOOK_SECONDS = 1.5
BURST_SECONDS = 0.1
# A frame (or the burst) ends once nothing came for this long.
QUIET_SECONDS = 0.5
FIRST_SCREEN_QUIET = 1.0
FRAME_TIMEOUT = 30.0
# Presses of ← after the → ones: the first goes back to the photo just left.
BACK_FLIPS = 4
RUNS = 3
TARGET_FLIP_MS = 30.0
# What xterm sends for → and ← once gallery (curses) has set the cursor keys to application mode.
ENTER, RIGHT, LEFT = b"\r", b"\x1bOC", b"\x1bOD"
END_UPDATE = b"\x1b[?2026l"
# A program that only writes: each byte it reads from its terminal (set raw, as gallery sets it)
# writes the next of the files named, whole, in one write.
REPLAYER = ("import os, sys, tty\ntty.setraw(0)\nfor name in sys.argv[1:]:\n    os.read(0, 1)\n"
            "    data = open(name, 'rb').read()\n    os.write(1, data)\nos.read(0, 1)\n")
POLL_SECONDS = 0.01


class TimedSession(scroll_bench.AppSession):
    """An AppSession that keeps when each read arrived: `arrivals` holds (offset after the read,
    monotonic time), in order."""

    def __init__(self, *arguments, **keywords):
        self.arrivals = []
        super().__init__(*arguments, **keywords)

    def _receive(self, chunk):
        with self.changed:
            if chunk:
                self.arrivals.append((len(self.output) + len(chunk), time.monotonic()))
        return super()._receive(chunk)

    def mark(self):
        """The output's length now, to cut a frame at."""
        with self.changed:
            return len(self.output)

    def wait(self, at_least, quiet, timeout, ready=lambda output: True):
        """Waits until `at_least` seconds passed, `ready(output)` and nothing came for `quiet` seconds
        (or `timeout`, or the app exited). Polled: waking for every read a pty passes slows the reader,
        and so the app."""
        began = time.monotonic()
        while True:
            time.sleep(POLL_SECONDS)
            now = time.monotonic()
            with self.changed:
                quiet_for = now - max(self.last_output, began)
                done = now - began >= at_least and quiet_for >= quiet and ready(self.output)
            if done or now - began >= timeout or self.process.poll() is not None:
                return

    def snapshot(self):
        """(output, arrivals) so far, copied under the lock."""
        with self.changed:
            return bytes(self.output), list(self.arrivals)


def arrival_time(arrivals, offset):
    """When the byte at `offset` arrived: the time of the first read that ended past it; None when it
    has not."""
    return next((at for end, at in arrivals if end > offset), None)


class Flip:
    """One key's frame: its bytes and, in seconds from the key, when its first byte, its picture's
    first and last bytes and its own last byte arrived (None: not in the frame). `frame` keeps the
    bytes, for a replay through the pty alone, until dropped."""

    def __init__(self, key, output, start, end, pressed, arrivals):
        self.key = key
        self.frame = output[start:end]
        self.bytes = len(self.frame)
        self.updates = self.frame.count(END_UPDATE)
        self.sixels = len(scroll_bench.SIXEL.findall(self.frame))
        picture = scroll_bench.SIXEL.search(self.frame)
        since = lambda offset: None if (at := arrival_time(arrivals, offset)) is None else at - pressed
        self.first = since(start) if self.frame else None
        self.picture = since(start + picture.start()) if picture else None
        self.picture_end = since(start + picture.end() - 1) if picture else None
        self.last = since(end - 1) if self.frame else None

    def describe(self):
        ms = lambda seconds: "-" if seconds is None else f"{seconds * 1000:.0f}"
        return (f"{self.key}: {self.bytes:,} bytes, {self.updates} updates, {self.sixels} sixels; first byte "
                f"{ms(self.first)} ms, picture {ms(self.picture)} to {ms(self.picture_end)} ms, last byte "
                f"{ms(self.last)} ms")


def update_waits(output, start, presses, arrivals):
    """For each (offset, time) of a key in `presses`, seconds until the first screen update that
    ended after it (None: none did), from `output`, whose offsets count from `start`."""
    ends, at = [], output.find(END_UPDATE)
    while at >= 0:
        ends.append(start + at + len(END_UPDATE) - 1)
        at = output.find(END_UPDATE, at + 1)
    waits = []
    for offset, pressed in presses:
        end = next((e for e in ends if e >= offset), None)
        arrived = None if end is None else arrival_time(arrivals, end)
        waits.append(None if arrived is None else arrived - pressed)
    return waits


class Burst:
    """Keys every BURST_SECONDS: the wait for the next screen update after each, from the last key to
    the last byte, the bytes and sixels written."""

    def __init__(self, waits, settle, output):
        self.waits, self.settle = waits, settle
        self.bytes, self.sixels = len(output), len(scroll_bench.SIXEL.findall(output))

    def describe(self):
        done = [w for w in self.waits if w is not None]
        return (f"burst of {len(self.waits)}: next update p50 {statistics.median(done) * 1000:.0f} ms, "
                f"last key to last byte {self.settle * 1000:.0f} ms, {self.bytes:,} bytes, {self.sixels} sixels"
                if done else f"burst of {len(self.waits)}: no update")


def start_session(gallery, folder, home, window):
    """The app on `folder` with its grid's first screen drawn and quiet."""
    argv = [gallery, str(folder), "--render", "sixel"]
    session = TimedSession(argv, window, first_screen_bench.environment(home))
    session.wait(0, FIRST_SCREEN_QUIET, scroll_bench.FIRST_SCREEN_TIMEOUT, ready=scroll_bench.SIXEL.search)
    output, _ = session.snapshot()
    if session.process.poll() is not None or not scroll_bench.SIXEL.search(output):
        session.process.kill()
        session.process.wait()
        raise RuntimeError(f"{' '.join(argv)}: no first screen with a sixel; its output began {output[:300]!r}")
    return session


def look_keys(photos, back=BACK_FLIPS):
    """(label, key) pressed one look apart: Enter on the first photo, → to the last, ← `back` times."""
    return [("Enter", ENTER)] + [("→", RIGHT)] * (photos - 1) + [("←", LEFT)] * back


def press_and_look(session, label, key, look):
    """Presses `key`, waits `look` seconds and until the output is quiet; its Flip."""
    start = session.mark()
    pressed = time.monotonic()
    session.send(key)
    session.wait(look, QUIET_SECONDS, FRAME_TIMEOUT)
    end = session.mark()
    output, arrivals = session.snapshot()
    return Flip(label, output, start, end, pressed, arrivals)


def look_session(gallery, folder, home, photos=PHOTOS):
    """[Flip] of the look keys, Enter first."""
    with WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        session = start_session(gallery, folder, home, window)
        flips = [press_and_look(session, label, key, LOOK_SECONDS) for label, key in look_keys(photos)]
        session.quit()
    return flips


def burst_session(gallery, folder, home, photos=PHOTOS):
    """The Burst of → from the first photo to the last, after Enter and a look."""
    with WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        session = start_session(gallery, folder, home, window)
        press_and_look(session, "Enter", ENTER, LOOK_SECONDS)
        start = session.mark()
        presses = []
        for _ in range(photos - 1):
            presses.append((session.mark(), time.monotonic()))
            session.send(RIGHT)
            time.sleep(BURST_SECONDS)
        session.wait(0, QUIET_SECONDS, FRAME_TIMEOUT)
        output, arrivals = session.snapshot()
        session.quit()
    last = arrival_time(arrivals, len(output) - 1) if len(output) > start else None
    settle = max(0.0, last - presses[-1][1]) if last is not None else 0.0
    return Burst(update_waits(output[start:], start, presses, arrivals), settle, output[start:])


def replay(frames, scratch):
    """Seconds from a key to the last byte of each of `frames` written by REPLAYER in the same kind of
    pty, a key every QUIET_SECONDS: what the bytes alone cost, the app's work taken out."""
    names = []
    for index, frame in enumerate(frames):
        names.append(scratch / f"frame-{index}")
        names[-1].write_bytes(frame)
    with WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        session = TimedSession([sys.executable, "-c", REPLAYER, *map(str, names)], window,
                               first_screen_bench.environment(scratch), replies={})
        time.sleep(QUIET_SECONDS)
        flips = [press_and_look(session, "replay", b"x", 0) for _ in names]
        session.send(b"x")
        session.process.wait(timeout=10)
        window.close_slave()
        session.reader.join(timeout=5)
    for name in names:
        name.unlink()
    return [flip.last for flip in flips]


class Run:
    """One build's sessions on one folder: the look flips and the burst; `replayed`, the seconds its
    look flips' frames took written by a program that only writes them (None: not replayed)."""

    def __init__(self, flips, burst):
        self.enter, self.flips, self.burst = flips[0], flips[1:], burst
        self.replayed = None

    def replay(self, scratch):
        """Replays the look flips' frames and forgets their bytes."""
        self.replayed = replay([flip.frame for flip in self.flips], scratch)
        for flip in [self.enter, *self.flips]:
            flip.frame = None


def measure_run(gallery, folder, home_root, label):
    run = Run(look_session(gallery, folder, home_root / f"{label}-look"),
              burst_session(gallery, folder, home_root / f"{label}-burst"))
    for flip in [run.enter, *run.flips]:
        print(f"      {flip.describe()}", flush=True)
    print(f"      {run.burst.describe()}", flush=True)
    run.replay(home_root)
    print(f"      the same frames written alone: p50 {statistics.median(run.replayed) * 1000:.0f} ms, "
          f"max {max(run.replayed) * 1000:.0f} ms", flush=True)
    return run


def measure(builds, photos_folder, runs=RUNS):
    """{size: {build: [Run]}} over `runs` rounds, the builds taking turns within each round."""
    results = {size: {name: [] for name in builds} for size in SIZES}
    with tempfile.TemporaryDirectory(prefix="gallery-detail-") as scratch:
        scratch = Path(scratch)
        folders = {}
        for size in SIZES:
            photos = sorted(Path(photos_folder).glob(f"*-{size}.jpg"))
            if not photos:
                raise RuntimeError(f"no *-{size}.jpg in {photos_folder}")
            folders[size] = scratch / f"photos-{size}"
            first_screen_bench.photo_folder(photos, folders[size])
        for round_ in range(runs):
            for size in SIZES:
                for name, gallery in builds.items():
                    print(f"  run {round_ + 1}, {size} px, {name}", flush=True)
                    results[size][name].append(measure_run(gallery, folders[size], scratch, f"{size}-{name}-{round_}"))
    return results


def percentile_50(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def maximum(values):
    values = [v for v in values if v is not None]
    return max(values) if values else None


class Summary:
    """One build and size over its runs: p50 and max (ms) of Enter and of the look flips (all flips of
    all runs pooled), the flips' bytes, where their time went and their frames replayed alone, and
    the bursts'."""

    def __init__(self, runs):
        flips = [flip for run in runs for flip in run.flips]
        ms = lambda seconds: None if seconds is None else seconds * 1000
        enters = [ms(run.enter.last) for run in runs]
        self.enter = (percentile_50(enters), maximum(enters))
        lasts = [ms(flip.last) for flip in flips]
        self.flip = (percentile_50(lasts), maximum(lasts))
        self.flip_bytes = percentile_50([flip.bytes for flip in flips])
        self.first_byte = percentile_50([ms(flip.first) for flip in flips])
        self.picture = percentile_50([ms(flip.picture) for flip in flips])
        self.writing = percentile_50([ms(flip.picture_end - flip.picture) for flip in flips
                                      if flip.picture_end is not None and flip.picture is not None])
        self.replayed = percentile_50([ms(seconds) for run in runs for seconds in run.replayed or []])
        self.updates = percentile_50([flip.updates for flip in flips])
        waits = [ms(w) for run in runs for w in run.burst.waits]
        self.burst = (percentile_50(waits), maximum(waits))
        self.settle = percentile_50([ms(run.burst.settle) for run in runs])
        self.burst_sixels = percentile_50([run.burst.sixels for run in runs])
        self.flips = len(flips)


def number(value, unit=""):
    return "-" if value is None else f"{value:,.0f}{unit}"


def ratio(after, before):
    return "-" if not after or not before else f"{after / before:.2f}"


def report_section(results, command, facts):
    """The BENCHMARKS.md section, as lines. `results`: {size: {build: [Run]}}; `facts`: load and
    cores at the end of the run."""
    builds = list(next(iter(results.values())))
    summaries = {size: {name: Summary(runs) for name, runs in by_build.items()} for size, by_build in results.items()}
    runs = len(next(iter(next(iter(results.values())).values())))
    lines = [
        HEADING,
        "",
        f"Measured with `{command}`: `gallery FOLDER --render sixel` over {PHOTOS} copies of the 4000 px and of the "
        f"1080 px photos of ../shared/photos, in a pty of {SCREEN[0]}x{SCREEN[1]} cells of "
        f"{CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels, a fresh HOME and cache, the start-up probe answered as xterm -ti "
        f"vt340 does; {runs} run{'s' if runs != 1 else ''} of each build and size"
        f"{', the builds interleaved run by run' if len(builds) > 1 else ''}. Once the grid's first screen is quiet: "
        f"Enter on the first photo, then → to the last and ← {BACK_FLIPS} times back, a key every {LOOK_SECONDS:g} s "
        f"(a person looking; the app makes the neighbours' pictures meanwhile), {PHOTOS - 1 + BACK_FLIPS} flips a "
        "run, pooled over the runs. ms: from the key to the last byte of its frame (the output until the next key, "
        f"ending in {QUIET_SECONDS:g} s without output). *first byte*, *picture*: from the key to the frame's first "
        "byte and to its sixel's first byte; *writing*: from that to the sixel's last byte; *alone*: the same "
        "frames written by a program that does nothing else (a Python script, one write a frame, a key every "
        f"{QUIET_SECONDS:g} s) into the same kind of pty, key to last byte: what the bytes cost here without "
        "the app. *burst*: a second session, → "
        f"from the first photo to the last a key every {BURST_SECONDS * 1000:.0f} ms: from each key to the end of "
        "the next screen update (`CSI ? 2026 l`), and from the last key to the last byte. "
        f"Load average at the end: {' / '.join(f'{x:.2f}' for x in facts['load'])} on {facts['cores']} cores "
        "(other builds running: compare the builds' ratios, not absolute times).",
        "",
        "| photos | build | Enter p50 | Enter max | flip p50 | flip max | bytes a flip | first byte | picture "
        "| writing | alone | updates | burst: next update p50 | max | last key to last byte | sixels drawn |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for size, by_build in summaries.items():
        for name, s in by_build.items():
            lines.append(
                f"| {size} px | {name} | {number(s.enter[0])} | {number(s.enter[1])} | {number(s.flip[0])} | "
                f"{number(s.flip[1])} | {number(s.flip_bytes)} | {number(s.first_byte)} | {number(s.picture)} | "
                f"{number(s.writing)} | {number(s.replayed)} | {number(s.updates)} | {number(s.burst[0])} | {number(s.burst[1])} | "
                f"{number(s.settle)} | {number(s.burst_sixels)} |")
        if len(builds) == 2:
            before, after = (by_build[name] for name in builds)
            lines.append(
                f"| {size} px | {builds[1]} / {builds[0]} | {ratio(after.enter[0], before.enter[0])} | "
                f"{ratio(after.enter[1], before.enter[1])} | {ratio(after.flip[0], before.flip[0])} | "
                f"{ratio(after.flip[1], before.flip[1])} | {ratio(after.flip_bytes, before.flip_bytes)} | "
                f"{ratio(after.first_byte, before.first_byte)} | {ratio(after.picture, before.picture)} | "
                f"{ratio(after.writing, before.writing)} | {ratio(after.replayed, before.replayed)} | | {ratio(after.burst[0], before.burst[0])} | "
                f"{ratio(after.burst[1], before.burst[1])} | {ratio(after.settle, before.settle)} | |")
    last = builds[-1]
    lines.append("")
    for size, by_build in summaries.items():
        s = by_build[last]
        held = s.flip[0] is not None and s.flip[0] <= TARGET_FLIP_MS
        lines.append(f"- {size} px, {last}: flip p50 {number(s.flip[0], ' ms')} (target ≤ {TARGET_FLIP_MS:g} ms for a "
                     f"flip to a photo made ahead: {'holds' if held else 'DOES NOT HOLD'}).")
    return lines + [""]


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def measure_section(builds, photos_folder, command, runs=RUNS):
    """(the section as lines, whether it was measured); a failure is reported in it."""
    print("measuring the detail pane's Enter and flips", flush=True)
    try:
        results = measure(builds, photos_folder, runs)
    except (OSError, RuntimeError) as error:
        print(f"bench: detail pane not measured: {error}", file=sys.stderr)
        return failure_section(error), False
    return report_section(results, command, {"load": scroll_bench.os.getloadavg(), "cores": scroll_bench.os.cpu_count()}), True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", required=True, help="the build measured (\"after\" with --before)")
    parser.add_argument("--before", help="a build to compare with, run interleaved")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--photos", default=str(Path(__file__).resolve().parent.parent.parent / "shared" / "photos"))
    args = parser.parse_args()
    builds = {"before": args.before, "after": args.gallery} if args.before else {"gallery": args.gallery}
    section, measured = measure_section(builds, args.photos, "python3 scripts/" + " ".join(
        [Path(sys.argv[0]).name, *sys.argv[1:]]), args.runs)
    print("\n".join(section))
    return 0 if measured else 1


if __name__ == "__main__":
    sys.exit(main())
