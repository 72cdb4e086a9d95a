"""The detail pane's zoom (issue 29: "zoom in and pan on a 4000 px JPEG in the detail pane, key to
picture complete (target <= 60 ms at 120x40), against decoding the whole photo").

`gallery FOLDER --render sixel` in a pty of 120x40 cells of 10x20 pixels, as detail_bench.py runs
it (the start-up probe answered as xterm -ti vt340 does), over a folder holding one 4000 px photo.
Enter, a look, then PRESSES times: `=` (100 %), a look, `w` (fit again), a look; then PRESSES pans
at 100 %, `l` and `h` in turns of three (never at an edge, where a pan draws nothing). Each key's
time is key to the last byte of its picture (`ESC P … ESC \\`). Against: `djpeg` (the same
libjpeg-turbo) decoding the whole photo at full size, and only the region 100 % shows
(`djpeg -crop`, which crops and skips as the zoom does), PRESSES times each. The report gives each
key's time as a ratio of the whole decode's and says whether it meets the target.

    python3 scripts/bench.py --only zoom        (its section of BENCHMARKS.md)
    python3 scripts/zoom_bench.py --gallery .build/release/gallery
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import detail_bench
import first_screen_bench
import scroll_bench
from terminal_pty import WindowPty

HEADING = "## Zoom and pan in the detail pane"
PHOTO = "chelsea-4000.jpg"
# The target, key to picture complete at 120x40 cells.
TARGET_MS = 60
PRESSES = 20
LOOK_SECONDS = 0.6
# What 100 % shows of the 4000x2661 photo in the pane (79x39 cells of 10x20 pixels, whole sixel
# bands): 790x780 pixels about its middle, as `djpeg -crop` decodes it.
CROP = "790x780+1605+940"
ENTER, ZOOM, FIT, RIGHT, LEFT = b"\r", b"=", b"w", b"l", b"h"


def key_to_picture(session, key):
    """Seconds from `key` to the first and to the last byte of the picture it made (None: it made
    none): decode and encode, then writing."""
    flip = detail_bench.press_and_look(session, key.decode(), key, LOOK_SECONDS)
    return flip.picture, flip.picture_end


def measure(gallery, photo):
    with tempfile.TemporaryDirectory(prefix="gallery-zoom-") as scratch:
        scratch = Path(scratch)
        folder = scratch / "photos"
        first_screen_bench.photo_folder([photo], folder, count=1)
        with WindowPty(scroll_bench.SCREEN[0], scroll_bench.SCREEN[1], scroll_bench.CELL_PIXELS) as window:
            session = detail_bench.start_session(gallery, folder, scratch / "home", window)
            enter = key_to_picture(session, ENTER)
            zooms = []
            for _ in range(PRESSES):
                zooms.append(key_to_picture(session, ZOOM))
                key_to_picture(session, FIT)
            key_to_picture(session, ZOOM)
            pans = [key_to_picture(session, RIGHT if (index // 3) % 2 == 0 else LEFT) for index in range(PRESSES)]
            session.quit()
    return enter, zooms, pans, djpeg(photo, []), djpeg(photo, ["-crop", CROP])


def djpeg(photo, options):
    """Seconds of `djpeg` (the same libjpeg-turbo) decoding `photo`, PRESSES times."""
    times = []
    for _ in range(PRESSES):
        began = time.monotonic()
        subprocess.run(["djpeg", "-rgb", *options, "-outfile", "/dev/null", str(photo)], check=True)
        times.append((None, time.monotonic() - began))
    return times


def last_ms(values):
    """The last bytes' times in ms, of the keys that drew a picture."""
    return [last * 1000 for _, last in values if last is not None]


def first_ms(values):
    return [first * 1000 for first, _ in values if first is not None]


def row(label, values, whole_p50):
    """A table row: p50 and max key to last byte, p50 to first byte, the p50 over the whole
    decode's, and how many keys drew nothing."""
    lasts, firsts = last_ms(values), first_ms(values)
    if not lasts:
        return f"| {label} | - | - | - | - | {len(values)} of {len(values)} |"
    p50 = statistics.median(lasts)
    first = f"{statistics.median(firsts):.0f}" if firsts else "-"
    ratio = f"{p50 / whole_p50:.2f}" if whole_p50 else "-"
    return (f"| {label} | {p50:.0f} | {max(lasts):.0f} | {first} | {ratio} | "
            f"{len(values) - len(lasts)} of {len(values)} |")


def verdict(label, values):
    lasts = last_ms(values)
    if not lasts:
        return f"- {label}: no picture drawn, the target of {TARGET_MS} ms not met."
    p50 = statistics.median(lasts)
    return (f"- {label}: p50 {p50:.0f} ms key to picture complete, "
            f"{'meets' if p50 <= TARGET_MS else 'misses'} the target of {TARGET_MS} ms.")


def report_section(results, facts):
    """The section of BENCHMARKS.md as lines. `results`: (enter, zooms, pans, whole, crops), each
    a list of (first, last) seconds as `measure` returns them."""
    enter, zooms, pans, whole, crops = results
    whole_p50 = statistics.median(last_ms(whole)) if last_ms(whole) else None
    return [
        HEADING,
        "",
        f"Measured by `{facts['command']}` (scripts/zoom_bench.py). `gallery FOLDER --render sixel` in a "
        f"pty of {scroll_bench.SCREEN[0]}x{scroll_bench.SCREEN[1]} cells of "
        f"{scroll_bench.CELL_PIXELS[0]}x{scroll_bench.CELL_PIXELS[1]} pixels (the probe answered as xterm -ti "
        f"vt340 does) on one photo, {PHOTO}: Enter, then {len(zooms)} times `=` (100 %) and `w`, then "
        f"{len(pans)} pans at 100 % (`l` and `h`, three each way in turn, never at an edge). ms: key to the last "
        "byte of the picture the key made (*first byte*: to its first, the decode and encode done). "
        "Against: `djpeg -rgb` (the same libjpeg-turbo) decoding the whole photo at full size, and the region "
        f"100 % shows alone (`-crop {CROP}`), each a process. `/ whole`: the p50 over the whole decode's. "
        f"Load average at the end: {' / '.join(f'{x:.2f}' for x in facts['load'])} on {facts['cores']} cores.",
        "",
        "| | p50 | max | first byte p50 | / whole | drew nothing |",
        "|---|---:|---:|---:|---:|---:|",
        row("Enter, the photo fitted (once)", [enter], whole_p50),
        row("`=`, 100 %", zooms, whole_p50),
        row("a pan at 100 %", pans, whole_p50),
        row("djpeg: the whole photo at full size", whole, whole_p50),
        row(f"djpeg -crop {CROP}: the region alone", crops, whole_p50),
        "",
        verdict("`=`", zooms),
        verdict("a pan", pans),
        "",
    ]


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def measure_section(gallery, photos_folder, command, log=print):
    """(the section as lines, whether it was measured); a failure is reported in it."""
    log("measuring zoom and pan in the detail pane")
    photo = Path(photos_folder) / PHOTO
    if not photo.exists():
        return failure_section(f"no {PHOTO} in {photos_folder}"), False
    try:
        results = measure(gallery, photo)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        log(f"bench: zoom not measured: {error}")
        return failure_section(error), False
    return report_section(results, {"command": command, "load": os.getloadavg(), "cores": os.cpu_count()}), True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", required=True)
    parser.add_argument("--photos", default=str(Path(__file__).resolve().parent.parent.parent / "shared" / "photos"))
    arguments = parser.parse_args()
    section, measured = measure_section(arguments.gallery, arguments.photos,
                                        "python3 scripts/" + " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]))
    print("\n".join(section))
    return 0 if measured else 1


if __name__ == "__main__":
    sys.exit(main())
