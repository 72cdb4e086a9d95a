"""Two gallery builds side by side, for a change that must not slow the app down: the first screen of
a folder of 15 photos of 4000 px (cold, then warm: first_screen_bench.py's measure), and the bytes and
time of the sixel scroll steps (scroll_bench.py's session), the builds interleaved run by run so that
the machine's load hits them alike. Absolute times on a shared machine are noise; the ratio is the
result.

    python3 scripts/compare_builds.py BEFORE/gallery AFTER/gallery [--runs 9]
"""
import argparse
import statistics
import tempfile
import time
from pathlib import Path

import first_screen_bench
import scroll_bench


def first_screens(builds, photos, runs):
    """{build: (cold medians ms, warm medians ms)} over `runs` interleaved runs."""
    times = {name: ([], []) for name in builds}
    with tempfile.TemporaryDirectory(prefix="gallery-compare-") as scratch:
        scratch = Path(scratch)
        first_screen_bench.photo_folder(photos, scratch / "photos")
        for run in range(runs):
            for name, gallery in builds.items():
                home = scratch / f"home-{name}-{run}"
                cold, _, _, _ = first_screen_bench.app_first_screen(gallery, scratch / "photos", home)
                # The thumbnails are written once the renders are done, after the first screen.
                time.sleep(1.5)
                warm, _, _, _ = first_screen_bench.app_first_screen(gallery, scratch / "photos", home)
                times[name][0].append(cold)
                times[name][1].append(warm)
            print(f"run {run + 1}: " + ", ".join(f"{name} cold {times[name][0][-1]:.0f} ms warm {times[name][1][-1]:.0f} ms"
                                             for name in builds), flush=True)
    return {name: (statistics.median(cold), statistics.median(warm)) for name, (cold, warm) in times.items()}


def scroll_steps(gallery):
    """(step, bytes, milliseconds) of each scroll step's last frame."""
    result = scroll_bench.measure(gallery)
    return [(step, len(frames[-1].output), frames[-1].seconds * 1000) for step, frames in result.steps]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--photos", default=str(Path(__file__).resolve().parent.parent.parent / "shared" / "photos"))
    args = parser.parse_args()
    builds = {"before": args.before, "after": args.after}
    photos = sorted(Path(args.photos).glob("*-4000.jpg"))
    medians = first_screens(builds, photos, args.runs)
    print("\n| build | first screen, cold | warm |\n| --- | ---: | ---: |")
    for name, (cold, warm) in medians.items():
        print(f"| {name} | {cold:.0f} ms | {warm:.0f} ms |")
    steps = {name: scroll_steps(gallery) for name, gallery in builds.items()}
    print("\n| step | before | after |\n| --- | ---: | ---: |")
    for (step, before_bytes, before_ms), (_, after_bytes, after_ms) in zip(steps["before"], steps["after"]):
        print(f"| {step} | {before_bytes:,} B, {before_ms:.0f} ms | {after_bytes:,} B, {after_ms:.0f} ms |")


if __name__ == "__main__":
    main()
