"""Tests of raw_jxl_bench.py's rows and report (no tools run)."""
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import raw_jxl_bench as bench


def files(folder):
    made = {name: folder / f"{name}.file" for name in ("dng", "bare", "jxl", "lossy", "jpeg")}
    for path in made.values():
        path.write_bytes(b"x" * 2048)
    return made


class RowTests(unittest.TestCase):
    def rows(self, which):
        with tempfile.TemporaryDirectory() as scratch, mock.patch.object(bench.shutil, "which", which):
            return bench.rows("/build/gallery", files(Path(scratch)), ["/f/a.dng", "/f/b.dng"], Path(scratch))

    def test_previews_against_dcraw_and_exiftool_on_the_same_file(self):
        row = self.rows(lambda program: "/usr/bin/" + program)[0]
        self.assertEqual(row.ours[-1], row.peers[0][1][-1])
        self.assertEqual([label for label, _ in row.peers], ["dcraw -e", "exiftool -b -PreviewImage"])
        self.assertEqual(row.peers[1][1][:3], ["exiftool", "-b", "-PreviewImage"])

    def test_a_folder_is_drawn_by_one_gallery_app_too_and_pulled_out_one_file_at_a_time(self):
        folder = self.rows(lambda program: "/usr/bin/" + program)[-1]
        peers = dict(folder.peers)
        self.assertEqual(peers["gallery-app view on them all"][0], "/build/gallery-app")
        self.assertEqual(peers["dcraw -e each"][-2:], ["/f/a.dng", "/f/b.dng"])
        self.assertEqual(peers["exiftool -b -PreviewImage each"][4], "exiftool -b -PreviewImage")

    def test_peers_not_installed_are_left_out(self):
        rows = self.rows(lambda program: None if program == "exiftool" else "/usr/bin/" + program)
        labels = [label for row in rows for label, _ in row.peers]
        self.assertFalse(any("exiftool" in label for label in labels), labels)
        self.assertIn("dcraw -e", labels)
        self.assertIn("gallery-app view on them all", labels)


class ReportTests(unittest.TestCase):
    def test_each_peer_with_its_ratio(self):
        results = [("DNG", (100.0, 50.0), [("dcraw -e", (8.0, 5.0)), ("exiftool -b -PreviewImage", (250.0, 200.0))]),
                   ("JXL", (50.0, 40.0), []), ("big JXL", "gallery view exited 1", [])]
        lines = bench.report_section(results, {"command": "make bench", "runs": 7, "load": (1, 2, 3), "cores": 2})
        self.assertEqual(lines[0], bench.HEADING)
        self.assertIn("| DNG | 100.0 / 50.0 | dcraw -e: 8.0 / 5.0 (0.08x; 0.10x); "
                      "exiftool -b -PreviewImage: 250.0 / 200.0 (2.50x; 4.00x) |", lines)
        self.assertIn("| JXL | 50.0 / 40.0 | not installed |", lines)
        self.assertIn("| big JXL | failed | gallery view exited 1 |", lines)
        self.assertIn("`make bench`", lines[2])


if __name__ == "__main__":
    unittest.main()
