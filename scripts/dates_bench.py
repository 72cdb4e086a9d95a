"""The index of dates taken (issue 28): `gallery --sort taken -R` on a generated library of COUNT
photos in Year/Month folders, each a copy of a ../shared/photos 1080 px JPEG with an Exif date of
its own, its first screen timed cold (no index: every file's Exif read) and with the index the
first launch wrote, the freedesktop thumbnails removed before each run so that only the index
differs. The page cache is dropped before each run where the machine allows it.

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
