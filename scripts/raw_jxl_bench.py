"""`gallery view` on camera RAW and JPEG XL files against the tools that do the decoding part alone
(issue 27): `dcraw -e` and `exiftool -b -PreviewImage` (the embedded preview extracted, not drawn),
`dcraw -h` (half-size develop) and `djxl` (decoded to PPM, not drawn), and `gallery view` on the
preview as a JPEG of its own (what reading the RAW adds), run interleaved as whole processes on the
same files, medians.
The files are made from ../shared/photos: DNGs by Tests/ImagingTests/Fixtures/make-dng.py with a
photo as their full-size preview over a sensor of its size (as cameras store them), or without a
preview; JPEG XL by cjxl (the JPEG recompressed losslessly, and a lossy one at distance 1).

    python3 scripts/raw_jxl_bench.py --gallery .build/release/gallery [--runs 7]

`bench.py --only raw` writes the section into BENCHMARKS.md.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from process_timing import interleaved

HEADING = "## Camera RAW and JPEG XL in `gallery view`"
REPO = Path(__file__).resolve().parent.parent
MAKE_DNG = REPO / "Tests" / "ImagingTests" / "Fixtures" / "make-dng.py"
RUNS = 7
WARMUP = 1
PEER_PACKAGES = {"dcraw": "dcraw", "exiftool": "libimage-exiftool-perl", "cjxl": "libjxl-tools", "djxl": "libjxl-tools"}
# Each file handed to a shell loop of its own, as a folder's previews are pulled out one by one.
EACH = 'cmd="$1"; shift; for f in "$@"; do $cmd "$f" || exit 1; done'


class Row:
    """One line of the table: gallery's command and the others', timed together."""

    def __init__(self, label, ours, peers):
        self.label, self.ours, self.peers = label, ours, peers


def make_files(photos, folder):
    """{name: path} of the files the rows read, made in `folder`."""
    files = {"dng": folder / "coffee-4000.dng", "bare": folder / "bare-4000.dng", "jxl": folder / "coffee-4000.jxl",
             "lossy": folder / "coffee-1080.jxl", "jpeg": photos / "coffee-4000.jpg"}
    subprocess.run([sys.executable, MAKE_DNG, files["dng"], f"preview={photos / 'coffee-4000.jpg'}"], check=True)
    subprocess.run([sys.executable, MAKE_DNG, files["bare"], f"preview={photos / 'coffee-4000.jpg'}", "nopreview"],
                   check=True)
    subprocess.run(["cjxl", photos / "coffee-4000.jpg", files["jxl"]], check=True, capture_output=True)
    png = folder / "coffee-1080.png"
    subprocess.run(["convert", photos / "coffee-1080.jpg", png], check=True)
    subprocess.run(["cjxl", png, files["lossy"], "-d", "1"], check=True, capture_output=True)
    dngs = []
    for photo in sorted(photos.glob("*-1080.jpg")):
        dng = folder / (photo.stem + ".dng")
        subprocess.run([sys.executable, MAKE_DNG, dng, f"preview={photo}"], check=True)
        dngs.append(str(dng))
    return files, dngs


def rows(gallery, files, dngs, folder):
    """The table's rows, peers not installed left out."""
    view = [gallery, "view", "--render", "sixel"]
    app = [str(Path(gallery).parent / "gallery-app"), "view", "--render", "sixel"]
    dng, bare = str(files["dng"]), str(files["bare"])
    preview_peers = lambda path: [("dcraw -e", ["dcraw", "-e", "-c", path]),
                                  ("exiftool -b -PreviewImage", ["exiftool", "-b", "-PreviewImage", path])]
    made = [
        Row(f"DNG 4000x2666, JPEG preview ({files['dng'].stat().st_size >> 20} MB), 80x24 cells",
            view + ["--size", "80x24", dng], preview_peers(dng)),
        # What reading a RAW adds to drawing its preview: the preview JPEG alone, as a file of its own.
        Row("DNG 4000x2666, JPEG preview, 80x24 cells, against its preview as a JPEG", view + ["--size", "80x24", dng],
            [("gallery view on the JPEG", view + ["--size", "80x24", str(files["jpeg"])])]),
        Row("DNG 4000x2666, JPEG preview, 24x8 cells (a thumbnail)", view + ["--size", "24x8", dng], preview_peers(dng)),
        Row("DNG 4000x2666 without a preview (half-size develop), 80x24 cells", view + ["--size", "80x24", bare],
            [("dcraw -h -w", ["dcraw", "-h", "-w", "-c", bare])]),
        Row(f"JPEG XL 4000x2667 (the JPEG recompressed, {files['jxl'].stat().st_size >> 10} KB), 80x24 cells",
            view + ["--size", "80x24", str(files["jxl"])], [("djxl to PPM", ["djxl", str(files["jxl"]), str(folder / "out.ppm")])]),
        Row(f"JPEG XL 1080x720 (lossy, distance 1, {files['lossy'].stat().st_size >> 10} KB), 80x24 cells",
            view + ["--size", "80x24", str(files["lossy"])],
            [("djxl to PPM", ["djxl", str(files["lossy"]), str(folder / "out.ppm")])]),
        # A folder's thumbnails: every DNG at a grid cell's size, by `gallery view` (a gallery-app
        # process each) and by one gallery-app, against the previews pulled out one file at a time.
        Row(f"{len(dngs)} DNGs of 1080 px, 24x8 cells each, `gallery view` on them all", view + ["--size", "24x8", *dngs],
            [("gallery-app view on them all", app + ["--size", "24x8", *dngs]),
             ("dcraw -e each", ["sh", "-c", EACH, "sh", "dcraw -e -c", *dngs]),
             ("exiftool -b -PreviewImage each", ["sh", "-c", EACH, "sh", "exiftool -b -PreviewImage", *dngs]),
             ("exiftool -b -PreviewImage on them all", ["exiftool", "-b", "-PreviewImage", *dngs])]),
    ]
    for row in made:
        row.peers = [(label, argv) for label, argv in row.peers if installed(argv)]
    return made


def installed(argv):
    program = argv[4].split()[0] if argv[0] == "sh" else argv[0]
    return os.path.isabs(program) or shutil.which(program) is not None


def measure(gallery, photos, runs=RUNS, log=print):
    """[(label, gallery (wall, CPU) ms, [(peer label, (wall, CPU) ms)])], each row's commands
    interleaved; a row whose command failed has the failure in place of gallery's times, and no peers
    (under heavy load a JPEG XL of 4000 px can pass `gallery view`'s time budget)."""
    results = []
    with tempfile.TemporaryDirectory(prefix="gallery-raw-jxl-") as scratch:
        folder = Path(scratch)
        files, dngs = make_files(Path(photos), folder)
        for row in rows(gallery, files, dngs, folder):
            try:
                medians = interleaved({"gallery": row.ours, **dict(row.peers)}, runs, WARMUP)
            except RuntimeError as error:
                log(f"    {row.label}: {error}")
                results.append((row.label, str(error), []))
                continue
            results.append((row.label, medians["gallery"], [(label, medians[label]) for label, _ in row.peers]))
            log(f"    {row.label}: gallery {medians['gallery'][0]:.1f} ms, "
                + ", ".join(f"{label} {medians[label][0]:.1f} ms" for label, _ in row.peers))
    return results


def report_section(results, facts):
    """The BENCHMARKS.md section as lines; `facts`: command, runs, load, cores."""
    lines = [
        HEADING,
        "",
        f"Measured by `{facts['command']}` (scripts/raw_jxl_bench.py): medians of {facts['runs']} interleaved "
        f"whole-process runs after {WARMUP} warm-up, output to /dev/null, wall time and CPU time (user + system, "
        "children included); load average at the end "
        f"{' / '.join(f'{x:.2f}' for x in facts['load'])} on {facts['cores']} cores (shared with other builds: compare "
        "the tools side by side). The DNGs are made by `Tests/ImagingTests/Fixtures/make-dng.py` with a photo of "
        "`../shared/photos` as the full-size JPEG preview over a 16-bit sensor of its size, as cameras store them; "
        "the JPEG XL files by cjxl. `gallery view` is static and hands RAW and JPEG XL files to `gallery-app view` "
        "(LibRaw and libjxl cannot be loaded in a static executable), so every `gallery view` includes a second "
        "process start and loading the library. `dcraw -e` and `exiftool -b -PreviewImage` only copy the "
        "preview's bytes out and `djxl` only decodes to PPM: none draws anything, so a ratio below 1 is what "
        "drawing costs beyond them.",
        "",
        "| file | gallery view ms, wall / CPU | other tools ms, wall / CPU (ratio other / gallery: wall; CPU) |",
        "| --- | ---: | --- |",
    ]
    for label, ours, peers in results:
        if isinstance(ours, str):
            lines.append(f"| {label} | failed | {ours} |")
            continue
        wall, cpu = ours
        others = "; ".join(f"{peer}: {peer_wall:.1f} / {peer_cpu:.1f} ({peer_wall / wall:.2f}x; {peer_cpu / cpu:.2f}x)"
                           for peer, (peer_wall, peer_cpu) in peers) or "not installed"
        lines.append(f"| {label} | {wall:.1f} / {cpu:.1f} | {others} |")
    return lines + [""]


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def missing_peers():
    return sorted({package for exe, package in PEER_PACKAGES.items() if shutil.which(exe) is None})


def measure_section(gallery, photos, command, runs=RUNS, log=print):
    """(the section as lines, whether it was measured); a failure is reported in it."""
    log("timing camera RAW and JPEG XL files against dcraw, exiftool and djxl")
    missing = missing_peers()
    if "libjxl-tools" in missing:
        return failure_section("cjxl is needed to make the JPEG XL files: `apt-get install libjxl-tools`"), False
    if missing:
        log(f"bench: peers missing, not compared: install them with `apt-get install {' '.join(missing)}`")
    try:
        results = measure(gallery, photos, runs, log)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        log(f"bench: RAW and JPEG XL not measured: {error}")
        return failure_section(error), False
    facts = {"command": command, "runs": runs, "load": os.getloadavg(), "cores": os.cpu_count()}
    return report_section(results, facts), True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", required=True)
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "photos")
    parser.add_argument("--runs", type=int, default=RUNS)
    arguments = parser.parse_args()
    command = "python3 scripts/" + " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])
    section, measured = measure_section(arguments.gallery, arguments.photos, command, arguments.runs)
    print("\n".join(section))
    return 0 if measured else 1


if __name__ == "__main__":
    sys.exit(main())
