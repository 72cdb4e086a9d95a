"""`gallery view` on camera RAW and JPEG XL files against the tools that do the decoding part alone
(issue 27): `dcraw -e` (the embedded preview extracted, not drawn), `dcraw -h` (half-size develop)
and `djxl` (decoded to PPM, not drawn), and `gallery view` on the preview as a JPEG of its own (what
reading the RAW adds), run interleaved as whole processes on the same files, medians.
The files are made from ../shared/photos: DNGs by Tests/ImagingTests/Fixtures/make-dng.py with a
photo as their full-size preview over a sensor of its size (as cameras store them), or without a
preview; JPEG XL by cjxl (the JPEG recompressed losslessly, and a lossy one at distance 1).
Usage: python3 scripts/raw_jxl_bench.py --gallery .build/release/gallery [--runs 7]"""
import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from process_timing import run_once

REPO = Path(__file__).resolve().parent.parent
MAKE_DNG = REPO / "Tests" / "ImagingTests" / "Fixtures" / "make-dng.py"


def median_ms(argv, runs, warmup=1):
    times = [run_once(argv, subprocess.DEVNULL, subprocess.DEVNULL)[0] for _ in range(warmup + runs)][warmup:]
    return statistics.median(times)


def compare(label, ours, peer_label, theirs, runs):
    """Interleaved medians of two commands; prints a table row."""
    mine, peer = [], []
    for _ in range(runs + 1):
        mine.append(run_once(ours, subprocess.DEVNULL, subprocess.DEVNULL)[0])
        peer.append(run_once(theirs, subprocess.DEVNULL, subprocess.DEVNULL)[0])
    a, b = statistics.median(mine[1:]), statistics.median(peer[1:])
    print(f"| {label} | {a:.1f} | {peer_label}: {b:.1f} | {b / a:.2f}x |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gallery", required=True)
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "photos")
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    gallery, runs = arguments.gallery, arguments.runs
    view = [gallery, "view", "--render", "sixel"]
    with tempfile.TemporaryDirectory(prefix="gallery-raw-jxl-") as scratch:
        folder = Path(scratch)
        big = folder / "coffee-4000.dng"
        subprocess.run([sys.executable, MAKE_DNG, big, f"preview={arguments.photos / 'coffee-4000.jpg'}"], check=True)
        bare = folder / "bare-4000.dng"
        subprocess.run([sys.executable, MAKE_DNG, bare, f"preview={arguments.photos / 'coffee-4000.jpg'}", "nopreview"], check=True)
        jxl = folder / "coffee-4000.jxl"
        subprocess.run(["cjxl", arguments.photos / "coffee-4000.jpg", jxl], check=True, capture_output=True)
        lossy = folder / "coffee-1080.jxl"
        png = folder / "coffee-1080.png"
        subprocess.run(["convert", arguments.photos / "coffee-1080.jpg", png], check=True)
        subprocess.run(["cjxl", png, lossy, "-d", "1"], check=True, capture_output=True)
        print(f"| file | gallery view ms | other tool ms | ratio (other / gallery) |\n| --- | --- | --- | --- |")
        compare(f"DNG 4000x2666, JPEG preview ({big.stat().st_size >> 20} MB), 80x24 cells",
                view + ["--size", "80x24", str(big)], "dcraw -e", ["dcraw", "-e", "-c", str(big)], runs)
        # What reading a RAW adds to drawing its preview: the preview JPEG alone, as a file of its own.
        compare("DNG 4000x2666, JPEG preview, 80x24 cells, against its preview as a JPEG",
                view + ["--size", "80x24", str(big)], "gallery view on the JPEG",
                view + ["--size", "80x24", str(arguments.photos / "coffee-4000.jpg")], runs)
        compare("DNG 4000x2666, JPEG preview, 24x8 cells (a thumbnail)",
                view + ["--size", "24x8", str(big)], "dcraw -e", ["dcraw", "-e", "-c", str(big)], runs)
        compare("DNG 4000x2666 without a preview (half-size develop), 80x24 cells",
                view + ["--size", "80x24", str(bare)], "dcraw -h -w", ["dcraw", "-h", "-w", "-c", str(bare)], runs)
        compare(f"JPEG XL 4000x2667 (the JPEG recompressed, {jxl.stat().st_size >> 10} KB), 80x24 cells",
                view + ["--size", "80x24", str(jxl)], "djxl to PPM", ["djxl", str(jxl), str(folder / "out.ppm")], runs)
        compare(f"JPEG XL 1080x720 (lossy, distance 1, {lossy.stat().st_size >> 10} KB), 80x24 cells",
                view + ["--size", "80x24", str(lossy)], "djxl to PPM", ["djxl", str(lossy), str(folder / "out.ppm")], runs)
        # A folder's thumbnails: one `gallery view` process drawing every DNG at a grid cell's size.
        dngs = []
        for photo in sorted(arguments.photos.glob("*-1080.jpg")):
            dng = folder / (photo.stem + ".dng")
            subprocess.run([sys.executable, MAKE_DNG, dng, f"preview={photo}"], check=True)
            dngs.append(str(dng))
        compare(f"{len(dngs)} DNGs of 1080 px, one process, 24x8 cells each",
                view + ["--size", "24x8", *dngs], "dcraw -e each", ["sh", "-c", 'for f in "$@"; do dcraw -e -c "$f"; done', "sh", *dngs], runs)


if __name__ == "__main__":
    main()
