"""The first screen of a folder (issue 12): the full-screen app on a folder of 15 photos of 4000 px
in a 120x40 pty with sixel, cold (an empty freedesktop thumbnail cache: every original decoded) and
warm (the thumbnails the cold run wrote), against `chafa --grid 5x3` and `timg --grid=5x3` drawing
the same 15 photos; and a folder of 100,000 files: the time to the first screen and the app's peak
memory (VmHWM).

The app runs as in scroll_bench.py (AppSession: a pty whose window says its cell size, the start-up
probe answered as xterm -ti vt340 does); its first screen ends with its last byte before
QUIET_SECONDS of silence, the photos' sixels written. chafa and timg are timed as whole processes
writing to the same kind of pty.
"""
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import scroll_bench
from terminal_pty import WindowPty

HEADING = "## First screen of a folder"
SCREEN = scroll_bench.SCREEN
CELL_PIXELS = scroll_bench.CELL_PIXELS
PHOTOS = 15
MANY_FILES = 100_000
# Runs of the 100,000-file folder: the median is reported, with the fewest sixels and the most memory.
MANY_FILES_RUNS = 3
QUIET_SECONDS = 1.0
# Cells of at least 23x12: 5 thumbnails a row and 3 rows in 120x40, the 15 photos of chafa's 5x3 grid.
APP_ARGUMENTS = ["--render", "sixel", "--thumb-size", "23x12"]
TARGETS = {"cold speed-up over chafa": 5.0, "warm ms": 100.0, "many files ms": 1000.0, "many files MB": 150.0}


def photo_folder(photos, folder, count=PHOTOS):
    """`count` copies of `photos` (cycled) named 01-NAME … in `folder`: distinct files, as a real folder
    would hold, each with its own thumbnail."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        source = photos[index % len(photos)]
        path = folder / f"{index + 1:02d}-{source.name}"
        shutil.copyfile(source, path)
        paths.append(path)
    return paths


def many_files_folder(photos, folder, count=MANY_FILES):
    """`count` hard links to `photos` in turn: a folder of that many files at no disk cost (a file
    system allows some 65,000 links to one file)."""
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        os.link(photos[index % len(photos)], folder / f"img{index:06d}.jpg")


def environment(home):
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_STATE_HOME": str(home / "state")}


def app_first_screen(gallery, folder, home, on_first_screen=None):
    """(milliseconds from the start to the first screen's last byte, sixels on it, peak RSS in MB,
    the app's CPU milliseconds by then and the quiet QUIET_SECONDS after it, in which it writes the
    thumbnails it made). `on_first_screen` is given the app's pid then, before it quits."""
    with WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        started = time.monotonic()
        session = scroll_bench.AppSession([gallery, *APP_ARGUMENTS, str(folder)], window, environment(home))
        output = wait_first_screen(session)
        # Before quitting, whose output would count as the screen's.
        milliseconds = (session.last_output - started) * 1000
        sixels = len(scroll_bench.SIXEL.findall(output))
        peak = peak_rss_mb(session.process.pid)
        cpu = cpu_ms(session.process.pid)
        if on_first_screen is not None:
            on_first_screen(session.process.pid)
        status, _, _ = session.quit()
        if status != 0 or not sixels:
            raise RuntimeError(f"gallery exited {status} with {sixels} sixels; its output began {output[:300]!r}")
        return milliseconds, sixels, peak, cpu


def cpu_ms(pid):
    """User + system milliseconds a process (all its threads) has run, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def wait_first_screen(session):
    """The output once it holds a sixel and nothing came for QUIET_SECONDS (or the app exited, or
    the time ran out). Polled, not woken by every read: waking for each 4 KB a pty passes made the
    reader thread, and so the app's writes, several times slower."""
    began = time.monotonic()
    while True:
        time.sleep(0.02)
        with session.changed:
            quiet_for = time.monotonic() - max(session.last_output, began)
            done = quiet_for >= QUIET_SECONDS and scroll_bench.SIXEL.search(session.output)
            if done or time.monotonic() - began >= scroll_bench.FIRST_SCREEN_TIMEOUT or session.process.poll() is not None:
                return bytes(session.output)


def peak_rss_mb(pid):
    """VmHWM of a running process, in MB (the launcher execs the app: the same pid)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peer_ms(argv, tty_stdin):
    """Wall milliseconds of one whole peer process (`peer_timing`)."""
    return peer_timing(argv, tty_stdin)[0]


def peer_timing(argv, tty_stdin):
    """(wall, CPU) milliseconds of one whole peer process, as bench.py times them: output to
    /dev/null, and a pty of the screen's size on stdin for chafa, which reads the cell size there
    (timg, given a terminal, waits for answers to its queries). CPU: user + system of the process
    and the children it waited for."""
    with WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        started = time.perf_counter()
        process = subprocess.Popen(argv, stdin=window.slave if tty_stdin else subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
                                        "COLORTERM": "truecolor", "LANG": "C.UTF-8"})
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = (time.perf_counter() - started) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, (usage.ru_utime + usage.ru_stime) * 1000


def peers(chafa, paths):
    view = f"{SCREEN[0]}x{SCREEN[1]}"
    names = [str(p) for p in paths]
    return [
        (f"{Path(chafa).name} --grid 5x3 -f sixels", [chafa, "--grid", "5x3", "-f", "sixels", "--view-size", view] + names, True),
        ("timg --grid=5x3 -ps", ["timg", "--grid=5x3", "-ps", f"-g{view}"] + names, False),
    ]


def measure(gallery, photos, chafa="chafa", runs=5):
    """Medians over `runs`: {label: ms}, and the sixels and peak MB of each app case."""
    results = {}
    with tempfile.TemporaryDirectory(prefix="gallery-first-screen-") as scratch:
        scratch = Path(scratch)
        paths = photo_folder(photos, scratch / "photos")
        cold, warm, facts = [], [], {}
        for run in range(runs):
            home = scratch / f"home-{run}"
            ms, sixels, mb, _ = app_first_screen(gallery, scratch / "photos", home)
            cold.append(ms)
            facts["cold"] = (sixels, mb)
            # The thumbnails are written once the renders are done, after the first screen.
            time.sleep(1.5)
            ms, sixels, mb, _ = app_first_screen(gallery, scratch / "photos", home)
            warm.append(ms)
            facts["warm"] = (sixels, mb)
            print(f"    run {run + 1}: cold {cold[-1]:.0f} ms, warm {warm[-1]:.0f} ms", flush=True)
        results["gallery, cold (no thumbnails)"] = statistics.median(cold)
        results["gallery, warm (thumbnails cached)"] = statistics.median(warm)
        for label, argv, tty_stdin in peers(chafa, paths):
            if shutil.which(argv[0]) is None:
                results[label] = None
                continue
            try:
                results[label] = statistics.median(peer_ms(argv, tty_stdin) for _ in range(runs))
            except RuntimeError as error:
                print(f"    {label}: {error}", flush=True)
                results[label] = None
        print("    a folder of 100,000 files", flush=True)
        many = scratch / "many"
        many_files_folder(paths, many)
        # Each run cold (a home of its own): one run alone swung by ±100 ms on this shared machine.
        many_runs = [app_first_screen(gallery, many, scratch / f"home-many-{run}") for run in range(MANY_FILES_RUNS)]
        facts["many"] = (min(run[1] for run in many_runs), max(run[2] for run in many_runs))
        results["gallery, 100,000 files"] = statistics.median(run[0] for run in many_runs)
    return results, facts


def report_section(results, facts, chafa_version, timg_version):
    cold = results["gallery, cold (no thumbnails)"]
    warm = results["gallery, warm (thumbnails cached)"]
    chafa = next((v for k, v in results.items() if "--grid 5x3 -f sixels" in k), None)
    many_ms, (many_sixels, many_mb) = results["gallery, 100,000 files"], facts["many"]
    lines = [
        HEADING,
        "",
        f"Measured by `make bench` (`--only first-screen` runs just this part): `gallery {' '.join(APP_ARGUMENTS)} FOLDER` "
        f"(15 thumbnails on screen) in a pty of "
        f"{SCREEN[0]}x{SCREEN[1]} cells of {CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels, start-up probe answered as xterm "
        f"-ti vt340 does, over {PHOTOS} copies of the 4000 px photos; ms from the start to the first screen's last "
        f"byte (no output for {QUIET_SECONDS:g} s after it), median of the runs. *cold*: an empty `XDG_CACHE_HOME`, so "
        "every original is decoded (and its freedesktop thumbnail written in the background); *warm*: a second launch "
        "on the thumbnails the cold one wrote. The peers draw the same files in a 5x3 grid of a 120x40 view as whole "
        f"processes, timed as bench.py times them ({chafa_version}, built from its source release; {timg_version}). "
        f"Load average at the end: {' / '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores.",
        "",
        "| what | ms |",
        "|---|---:|",
    ]
    for label, ms in results.items():
        lines.append(f"| {label} | {'not run' if ms is None else f'{ms:.0f}'} |")
    verdict = lambda ok: "holds" if ok else "DOES NOT HOLD"
    speedup = chafa / cold if chafa and cold else None
    lines += [
        "",
        f"- Sixels on the first screen: {facts['cold'][0]} cold, {facts['warm'][0]} warm; peak memory "
        f"{facts['cold'][1]:.0f} MB cold, {facts['warm'][1]:.0f} MB warm.",
        f"- Cold against chafa's grid: {'not measured' if speedup is None else f'{speedup:.1f}x faster'} "
        f"(target ≥ {TARGETS['cold speed-up over chafa']:g}x: "
        f"{'NOT MEASURED' if speedup is None else verdict(speedup >= TARGETS['cold speed-up over chafa'])}).",
        f"- Warm: {warm:.0f} ms (target ≤ {TARGETS['warm ms']:g} ms: {verdict(warm <= TARGETS['warm ms'])}).",
        f"- 100,000 files (hard links to the 15 photos), cold, median of {MANY_FILES_RUNS} runs: first screen in {many_ms:.0f} ms with {many_sixels} sixels, "
        f"peak memory {many_mb:.0f} MB (targets ≤ {TARGETS['many files ms']:g} ms: "
        f"{verdict(many_ms <= TARGETS['many files ms'])}; ≤ {TARGETS['many files MB']:g} MB: "
        f"{verdict(many_mb <= TARGETS['many files MB'])}).",
        "",
    ]
    return lines
