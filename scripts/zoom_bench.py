"""The detail pane's zoom (issue 29: "zoom in and pan on a 4000 px JPEG in the detail pane, key to
picture complete (target <= 60 ms at 120x40), against decoding the whole photo").

`gallery FOLDER --render sixel` in a pty of 120x40 cells of 10x20 pixels, as detail_bench.py runs
it (the start-up probe answered as xterm -ti vt340 does), over a folder holding one 4000 px photo.
Enter, a look, then PRESSES times: `=` (100 %), a look, `w` (fit again), a look; then PRESSES pans
at 100 %, `l` and `h` in turns of three (never at an edge, where a pan draws nothing). Each key's
time is key to the last byte of its picture (`ESC P … ESC \\`). Against: `djpeg` (the same
libjpeg-turbo) decoding the whole photo at full size, and only the region 100 % shows
(`djpeg -crop`, which crops and skips as the zoom does), PRESSES times each.

    python3 scripts/zoom_bench.py --gallery .build/release/gallery
"""
import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import detail_bench
import first_screen_bench
import scroll_bench
from terminal_pty import WindowPty

PHOTO = "chelsea-4000.jpg"
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


def ms(values):
    """p50 and max of the last bytes' times, and the p50 of the first bytes'."""
    firsts = [first for first, _ in values if first is not None]
    values = [last for _, last in values]
    done = [v for v in values if v is not None]
    missing = len(values) - len(done)
    text = f"p50 {statistics.median(done) * 1000:.0f} ms, max {max(done) * 1000:.0f} ms" if done else "none"
    if firsts:
        text += f" (its first byte p50 {statistics.median(firsts) * 1000:.0f} ms)"
    return text + (f" ({missing} of {len(values)} drew no picture)" if missing else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", required=True)
    parser.add_argument("--photos", default=str(Path(__file__).resolve().parent.parent.parent / "shared" / "photos"))
    arguments = parser.parse_args()
    photo = Path(arguments.photos) / PHOTO
    enter, zooms, pans, decodes, crops = measure(arguments.gallery, photo)
    print(f"Enter (fitted): {ms([enter])}")
    print(f"= (100 %), key to picture: {ms(zooms)} over {len(zooms)}")
    print(f"pan at 100 %, key to picture: {ms(pans)} over {len(pans)}")
    print(f"djpeg, the whole photo at full size (process): {ms(decodes)} over {len(decodes)}")
    print(f"djpeg -crop {CROP}, the region alone (process): {ms(crops)} over {len(crops)}")


if __name__ == "__main__":
    main()
