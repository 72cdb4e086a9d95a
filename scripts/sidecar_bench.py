"""The first screen of a folder of 1,000 photos with an XMP sidecar beside each (issue 29), against
the same photos alone and the same photos beside 1,000 other files (text files of the sidecars'
size): what reading sidecars adds to a folder's first screen. Warm (thumbnails cached), as
first_screen_bench.py measures a first screen; the three folders interleaved run by run.

    python3 scripts/sidecar_bench.py --gallery .build/release/gallery --runs 9
"""
import argparse
import os
import statistics
import tempfile
from pathlib import Path

import first_screen_bench as fsb

FILES = 1000
SIDECAR = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
           ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
           '  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n'
           '    xmlns:darktable="http://darktable.sf.net/" xmp:Rating="3" xmp:Label="Red" darktable:xmp_version="5"/>\n'
           ' </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gallery", required=True)
    parser.add_argument("--photos", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "photos"))
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args()
    photos = sorted(Path(options.photos).glob("*.jpg"))
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        folders = {name: scratch / name for name in ("photos alone", "beside other files", "beside sidecars")}
        for folder in folders.values():
            fsb.many_files_folder(photos, folder, FILES)
        for path in folders["beside sidecars"].glob("*.jpg"):
            (path.parent / (path.name + ".xmp")).write_text(SIDECAR)
            (folders["beside other files"] / (path.name + ".txt")).write_text(SIDECAR)
        home = scratch / "home"
        for folder in folders.values():
            fsb.app_first_screen(options.gallery, folder, home)  # its thumbnails written
        times = {name: [] for name in folders}
        for _ in range(options.runs):
            for name, folder in folders.items():
                times[name].append(fsb.app_first_screen(options.gallery, folder, home)[0])
        print(f"| 1,000 photos | first screen, warm, median of {options.runs} (ms) |\n| --- | ---: |")
        for name, runs in times.items():
            print(f"| {name} | {statistics.median(runs):.0f} |")
        print("load average at the end: " + " / ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
