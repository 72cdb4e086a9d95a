"""The index of dates taken (issue 28): `gallery --sort taken -R` on a generated library of COUNT
photos in Year/Month folders, each a copy of a ../shared/photos 1080 px JPEG with an Exif date of
its own.

`make bench`'s section (`bench.py --only dates`, `measure_section`): a library of 100,000 photos
(LINKS files, the others hard links to them), a first launch cold (an empty cache folder: no index,
no thumbnails; the page cache dropped where the machine allows it) and a second launch as a user
makes it (the index and the thumbnails the first wrote), each timed to its first screen's last byte
with its peak memory; in the second, `t` jumps to dates anywhere in the library, each timed from
Enter to the last byte of the screen showing the photo it selected; against the issue's targets.

By hand, the first screen cold and with the index only, the thumbnails removed before each run so
that only the index differs, and by name:

    python3 scripts/dates_bench.py --gallery .build/release/gallery [--count 5000] [--runs 3]
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import first_screen_bench  # noqa: E402
import scroll_bench  # noqa: E402
from terminal_pty import WindowPty  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
PLACEHOLDER = b"2000:01:01 00:00:00"
ARGUMENTS = ["--render", "sixel", "--thumb-size", "23x12", "-R"]
HEADING = "## 100,000 photos by date taken"
COUNT = 100_000
LINKS = 2_000
RUNS = 3
# Anywhere: the library's end, back to its start, its middle (2015 to 2024), each a screen not shown before.
JUMPS = ("2024-11", "2015-03", "2019-07")
# The same, the date and Enter sent at once (pasted, or typed faster than a screen is made): the app
# makes the landing's screen while a date is typed, which a pause before Enter leaves it time for.
JUMPS_AT_ONCE = ("2016-08", "2022-02", "2018-12")
TARGETS = {"second launch ms": 1000.0, "peak MB": 150.0, "t jump ms": 100.0}
PROMPT = b"jump to date"


def bases(photos, scratch):
    """Each 1080 px photo with the placeholder date, an offset and a camera written by exiftool."""
    made = []
    for photo in sorted(photos.glob("*-1080.jpg")):
        base = scratch / f"base-{photo.name}"
        shutil.copyfile(photo, base)
        subprocess.run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={PLACEHOLDER.decode()}",
                        "-OffsetTimeOriginal=+02:00", "-Make=Apple", "-Model=iPhone 12", str(base)], check=True)
        data = base.read_bytes()
        assert data.count(PLACEHOLDER) == 1, photo
        made.append(data)
    return made


def library(photos, folder, count, scratch, links=0):
    """`count` photos over 2015…2024 in YEAR/MONTH folders, named in an order unlike their dates;
    with `links`, that many files of their own, the others hard links to them (dates repeat)."""
    rng = random.Random(28)
    datas = bases(photos, scratch)
    made = []
    for index in range(count):
        seconds = rng.randrange(1_420_070_400, 1_735_689_600)  # 2015-01-01 … 2025-01-01
        taken = time.gmtime(seconds)
        path = folder / f"{taken.tm_year}" / f"{taken.tm_mon:02d}" / f"DSC{index:06d}.jpg"
        path.parent.mkdir(parents=True, exist_ok=True)
        if links and index >= links:
            os.link(made[index % links], path)
            continue
        path.write_bytes(datas[index % len(datas)].replace(PLACEHOLDER, time.strftime("%Y:%m:%d %H:%M:%S", taken).encode()))
        made.append(path)


def drop_page_cache():
    """Whether the kernel's page cache could be dropped (root outside a container)."""
    subprocess.run(["sync"], check=False)
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def first_screen(gallery, folder, home, order="taken"):
    """(ms to the first screen's last byte, sixels on it, peak MB), as first_screen_bench times it."""
    with WindowPty(scroll_bench.SCREEN[0], scroll_bench.SCREEN[1], scroll_bench.CELL_PIXELS) as window:
        started = time.monotonic()
        argv = [gallery, *ARGUMENTS, "--sort", order, str(folder)]
        session = scroll_bench.AppSession(argv, window, first_screen_bench.environment(home))
        output = first_screen_bench.wait_first_screen(session)
        milliseconds = (session.last_output - started) * 1000
        sixels = len(scroll_bench.SIXEL.findall(output))
        peak = first_screen_bench.peak_rss_mb(session.process.pid)
        status, _, _ = session.quit()
        if status != 0 or not sixels:
            raise RuntimeError(f"gallery exited {status} with {sixels} sixels; its output began {output[:300]!r}")
        return milliseconds, sixels, peak


class Launch:
    """One launch of the app on the library: its first screen (ms, sixels, the CPU ms the app had
    run by then on all its threads), its peak memory then and at its end, and each jump's (date, ms
    from Enter to the last byte, sixels drawn, whether the status bar then named the month)."""

    def __init__(self, milliseconds, sixels, peak, peak_at_end, jumps, cpu=float("nan"), jumps_at_once=()):
        self.milliseconds, self.sixels, self.peak, self.peak_at_end, self.jumps = milliseconds, sixels, peak, peak_at_end, jumps
        self.cpu, self.jumps_at_once = cpu, list(jumps_at_once)


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def month_words(date):
    """What the screen says of the month of "YYYY-MM" (its headings and the status bar): "July 2019"."""
    year, month = date.split("-")
    return f"{MONTHS[int(month) - 1]} {year}".encode()


def jump(session, date, at_once=False):
    """`t`, the date typed, then after 0.2 s of quiet Enter (`at_once`: the date and Enter in one
    write): (ms from Enter, or from that write, to the frame's last byte, sixels in it, whether the
    month's name is in it)."""
    with session.changed:
        start = len(session.output)
    session.send(b"t")
    if PROMPT not in session.wait_quiet(start, 0.2, scroll_bench.FRAME_TIMEOUT, ready=lambda output: PROMPT in output):
        raise RuntimeError(f"`t` showed no prompt for {date}")
    if at_once:
        frame = session.press(f"t {date} at once", date.encode() + b"\r", set())
    else:
        session.send(date.encode())
        session.wait_quiet(start, 0.2, scroll_bench.FRAME_TIMEOUT)
        frame = session.press(f"t {date}", b"\r", set())
    return frame.seconds * 1000, len(frame.sixels), month_words(date) in frame.output


def launch(gallery, folder, home, jumps=(), jumps_at_once=()):
    """One launch of `gallery --sort taken -R` on `folder` with `home`'s cache, the `jumps` made
    once its first screen is up, then the `jumps_at_once`."""
    with WindowPty(scroll_bench.SCREEN[0], scroll_bench.SCREEN[1], scroll_bench.CELL_PIXELS) as window:
        started = time.monotonic()
        argv = [gallery, *ARGUMENTS, "--sort", "taken", str(folder)]
        session = scroll_bench.AppSession(argv, window, first_screen_bench.environment(home))
        output = first_screen_bench.wait_first_screen(session)
        milliseconds = (session.last_output - started) * 1000
        sixels = len(scroll_bench.SIXEL.findall(output))
        peak = first_screen_bench.peak_rss_mb(session.process.pid)
        cpu = first_screen_bench.cpu_ms(session.process.pid)
        made = [(date, *jump(session, date)) for date in jumps] if sixels else []
        made_at_once = [(date, *jump(session, date, at_once=True)) for date in jumps_at_once] if sixels else []
        peak_at_end = first_screen_bench.peak_rss_mb(session.process.pid)
        status, _, _ = session.quit()
        if status != 0 or not sixels:
            raise RuntimeError(f"gallery exited {status} with {sixels} sixels; its output began {output[:300]!r}")
        return Launch(milliseconds, sixels, peak, peak_at_end, made, cpu, made_at_once)


def measure(gallery, photos, count=COUNT, links=LINKS, runs=RUNS, log=print):
    """(cold launches, second launches, facts): each run a home of its own, cold then second."""
    with tempfile.TemporaryDirectory(prefix="gallery-dates-") as scratch:
        scratch = Path(scratch)
        folder = scratch / "library"
        started = time.monotonic()
        library(photos, folder, count, scratch, links)
        log(f"  a library of {count:,} photos ({links:,} files, the others hard links) made in {time.monotonic() - started:.0f} s")
        cold, second, dropped, index_bytes = [], [], True, 0
        for run in range(runs):
            home = scratch / f"home-{run}"
            dropped = drop_page_cache() and dropped
            cold.append(launch(gallery, folder, home))
            # The index is written with the first screen's listing, the thumbnails after it: wait for them.
            time.sleep(2)
            index_bytes = (home / "cache" / "gallery" / "dates.index").stat().st_size
            second.append(launch(gallery, folder, home, JUMPS, JUMPS_AT_ONCE))
            jumps = ", ".join(f"t {date} {ms:.0f} ms" for date, ms, _, _ in second[-1].jumps)
            jumps += "; at once " + ", ".join(f"t {date} {ms:.0f} ms" for date, ms, _, _ in second[-1].jumps_at_once)
            log(f"  run {run + 1}: cold {cold[-1].milliseconds:.0f} ms (CPU {cold[-1].cpu:.0f} ms, {cold[-1].peak:.0f} MB), second launch "
                f"{second[-1].milliseconds:.0f} ms (CPU {second[-1].cpu:.0f} ms, {second[-1].peak:.0f} MB, "
                f"{second[-1].peak_at_end:.0f} MB after the jumps); {jumps}")
    facts = {"count": count, "links": links, "runs": runs, "dropped": dropped, "index_bytes": index_bytes,
             "load": os.getloadavg(), "cores": os.cpu_count()}
    return cold, second, facts


def ratio_line(label, value, target, unit):
    """A measure against its target: "second launch 812 ms: 0.81x the target of ≤ 1000 ms, holds"."""
    return (f"- {label}: {value:,.0f} {unit}, {value / target:.2f}x the target of ≤ {target:,.0f} {unit}: "
            + ("holds" if value <= target else "MISSED"))


def report_section(cold, second, facts, command):
    """The BENCHMARKS.md section as lines: medians over the runs, each run, the targets."""
    median = lambda values: statistics.median(values)
    jumps = [ms for launch_ in second for _, ms, _, _ in launch_.jumps]
    at_once = [ms for launch_ in second for _, ms, _, _ in launch_.jumps_at_once]
    lines = [
        HEADING,
        "",
        f"Measured by `{command}` (scripts/dates_bench.py). A library of {facts['count']:,} photos in `YEAR/MONTH` "
        f"folders over 2015 to 2024: {facts['links']:,} copies of the 1080 px JPEGs of `../shared/photos`, each with an "
        "Exif date of its own, the others hard links to them (each path a photo of its own to gallery). "
        f"`gallery {' '.join(ARGUMENTS)} --sort taken LIBRARY` in a pty of {scroll_bench.SCREEN[0]}x{scroll_bench.SCREEN[1]} "
        f"cells; ms from the start to the first screen's last byte, and the CPU ms the app had used by then on all its "
        "threads (user + system: what the machine's other load does not inflate as much); peak memory is the process's "
        "VmHWM. *cold*: an empty "
        "cache folder (no index, no thumbnails), the page cache "
        + ("dropped before it" if facts["dropped"] else "not dropped (not allowed here: the library was just written, so its files are in memory)")
        + f"; *second launch*: the same cache folder (the index of {facts['index_bytes']:,} bytes and the thumbnails "
        f"the first wrote). In the second, `t` then {', '.join(JUMPS)} typed, and after 0.2 s of quiet Enter, as a person "
        f"types (the app makes the screen the date lands on while it is typed): ms from Enter to the last byte of the "
        f"screen that shows the photo it selected (its thumbnails made); then `t` and {', '.join(JUMPS_AT_ONCE)} with "
        "Enter in one write (pasted): ms from that write. Load average at the end: "
        f"{' / '.join(f'{x:.2f}' for x in facts['load'])} on {facts['cores']} cores (shared with other builds).",
        "",
        "| run | cold (CPU) | peak | second launch (CPU) | peak (after the jumps) | " + " | ".join(f"`t` {date}" for date in JUMPS)
        + " | " + " | ".join(f"`t` {date} at once" for date in JUMPS_AT_ONCE) + " |",
        "|---|---:|---:|---:|---:|" + "---:|" * (len(JUMPS) + len(JUMPS_AT_ONCE)),
    ]
    for run, (first, again) in enumerate(zip(cold, second), 1):
        cells = [f"{ms:.0f} ms" + ("" if named else " (month not shown)") for _, ms, _, named in again.jumps + again.jumps_at_once]
        lines.append(f"| {run} | {first.milliseconds:,.0f} ({first.cpu:,.0f}) ms | {first.peak:.0f} MB | "
                     f"{again.milliseconds:,.0f} ({again.cpu:,.0f}) ms | "
                     f"{again.peak:.0f} ({again.peak_at_end:.0f}) MB | " + " | ".join(cells) + " |")
    second_ms = median(launch_.milliseconds for launch_ in second)
    peak = max(max(launch_.peak_at_end for launch_ in second), max(launch_.peak for launch_ in cold))
    lines += [
        "",
        f"Medians over {len(second)} runs: cold {median(launch_.milliseconds for launch_ in cold):,.0f} ms, second launch "
        f"{second_ms:,.0f} ms ({median(launch_.milliseconds for launch_ in cold) / second_ms:.1f}x faster; CPU "
        f"{median(launch_.cpu for launch_ in cold):,.0f} and {median(launch_.cpu for launch_ in second):,.0f} ms); "
        f"`t` {median(jumps):.0f} ms (slowest {max(jumps):.0f} ms), at once {median(at_once):.0f} ms (slowest {max(at_once):.0f} ms).",
        "",
        ratio_line("second launch, first screen", second_ms, TARGETS["second launch ms"], "ms"),
        ratio_line("peak memory, cold or second launch", peak, TARGETS["peak MB"], "MB"),
        ratio_line("`t` jump, the slowest", max(jumps), TARGETS["t jump ms"], "ms"),
        ratio_line("`t` jump with the date and Enter at once, the slowest", max(at_once), TARGETS["t jump ms"], "ms"),
        "",
    ]
    return lines


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def measure_section(gallery, photos, command, log=print):
    """(the section as lines, whether it was measured); a failure is reported in it."""
    log(f"measuring {COUNT:,} photos by date taken: cold, a second launch, `t`")
    if shutil.which("exiftool") is None:
        return failure_section("exiftool is not installed (`apt-get install libimage-exiftool-perl`)"), False
    if not any(Path(photos).glob("*-1080.jpg")):
        return failure_section(f"no *-1080.jpg in {photos}"), False
    try:
        cold, second, facts = measure(gallery, Path(photos), log=log)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        log(f"bench: dates not measured: {error}")
        return failure_section(error), False
    return report_section(cold, second, facts, command), True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gallery", required=True)
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "photos")
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--links", type=int, default=0, help="make only this many files, the rest hard links to them")
    parser.add_argument("--keep-page-cache", action="store_true", help="do not drop the page cache before each run")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gallery-dates-") as scratch:
        scratch = Path(scratch)
        folder = scratch / "library"
        started = time.monotonic()
        library(arguments.photos, folder, arguments.count, scratch, arguments.links)
        print(f"library of {arguments.count} photos made in {time.monotonic() - started:.1f} s", flush=True)
        cold, indexed, by_name = [], [], []
        dropped = not arguments.keep_page_cache
        for run in range(arguments.runs):
            home = scratch / f"home-{run}"
            # The same listing by name, which reads no Exif: what the scan and the thumbnails cost.
            dropped = dropped and drop_page_cache()
            by_name.append(first_screen(arguments.gallery, folder, scratch / f"home-name-{run}", order="name"))
            dropped = dropped and drop_page_cache()
            cold.append(first_screen(arguments.gallery, folder, home))
            index = home / "cache" / "gallery" / "dates.index"
            # The thumbnails are written after the first screen: wait for them, then remove them.
            time.sleep(1.5)
            shutil.rmtree(home / "cache" / "thumbnails", ignore_errors=True)
            dropped = dropped and drop_page_cache()
            indexed.append(first_screen(arguments.gallery, folder, home))
            print(f"run {run + 1}: by name {by_name[-1][0]:.0f} ms, taken cold {cold[-1][0]:.0f} ms, with the index ({index.stat().st_size:,} bytes) "
                  f"{indexed[-1][0]:.0f} ms; peak {cold[-1][2]:.0f} / {indexed[-1][2]:.0f} MB", flush=True)
        print("page cache: " + ("kept" if arguments.keep_page_cache else "dropped before each run" if dropped
                                else "not dropped (not allowed here)"))
        print(f"median by name {statistics.median(ms for ms, _, _ in by_name):.0f} ms, "
              f"taken cold {statistics.median(ms for ms, _, _ in cold):.0f} ms, "
              f"with the index {statistics.median(ms for ms, _, _ in indexed):.0f} ms; "
              f"sixels {cold[0][1]} / {indexed[0][1]}")


if __name__ == "__main__":
    main()
