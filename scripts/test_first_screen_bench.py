"""Tests of first_screen_bench.py's folders and report (no app run)."""
import os
import tempfile
import unittest
from pathlib import Path

import first_screen_bench as bench


class FolderTests(unittest.TestCase):
    def test_photos_are_copied_in_turn_under_numbered_names(self):
        with tempfile.TemporaryDirectory() as scratch:
            a, b = Path(scratch, "a-4000.jpg"), Path(scratch, "b-4000.jpg")
            a.write_bytes(b"a")
            b.write_bytes(b"bb")
            paths = bench.photo_folder([a, b], Path(scratch, "photos"), count=3)
            self.assertEqual([p.name for p in paths], ["01-a-4000.jpg", "02-b-4000.jpg", "03-a-4000.jpg"])
            self.assertEqual(paths[2].read_bytes(), b"a")

    def test_many_files_are_links_spread_over_the_photos(self):
        with tempfile.TemporaryDirectory() as scratch:
            a, b = Path(scratch, "a"), Path(scratch, "b")
            a.write_bytes(b"a")
            b.write_bytes(b"b")
            bench.many_files_folder([a, b], Path(scratch, "many"), count=5)
            self.assertEqual(len(os.listdir(Path(scratch, "many"))), 5)
            self.assertEqual((a.stat().st_nlink, b.stat().st_nlink), (4, 3))


class PeerTimingTests(unittest.TestCase):
    def test_a_peer_busy_for_a_while_shows_its_cpu_time(self):
        import sys
        busy = "import time\nend = time.process_time() + 0.1\nwhile time.process_time() < end: pass"
        wall, cpu = bench.peer_timing([sys.executable, "-c", busy], tty_stdin=True)
        self.assertGreaterEqual(cpu, 90)
        self.assertGreaterEqual(wall, cpu / 2)

    def test_a_peer_that_fails_is_an_error(self):
        with self.assertRaises(RuntimeError):
            bench.peer_timing(["sh", "-c", "exit 3"], tty_stdin=False)


class ReportTests(unittest.TestCase):
    def results(self, cold, warm, chafa, many_ms, many_mb):
        return ({"gallery, cold (no thumbnails)": cold, "gallery, warm (thumbnails cached)": warm,
                 "chafa --grid 5x3 -f sixels": chafa, "timg --grid=5x3 -ps": None, "gallery, 100,000 files": many_ms},
                {"cold": (15, 70.0), "warm": (15, 40.0), "many": (15, many_mb)})

    def test_targets_are_judged_from_the_figures(self):
        text = "\n".join(bench.report_section(*self.results(300, 90, 1800, 700, 90), "chafa 1.18", "timg 1.4"))
        self.assertIn("| timg --grid=5x3 -ps | not run |", text)
        self.assertIn("6.0x faster (target ≥ 5x: holds)", text)
        self.assertIn("Warm: 90 ms (target ≤ 100 ms: holds)", text)
        self.assertNotIn("DOES NOT HOLD", text)

    def test_a_missed_target_says_so(self):
        text = "\n".join(bench.report_section(*self.results(600, 140, 1800, 1500, 200), "chafa 1.18", "timg 1.4"))
        self.assertIn("3.0x faster (target ≥ 5x: DOES NOT HOLD)", text)
        self.assertEqual(text.count("DOES NOT HOLD"), 4)


if __name__ == "__main__":
    unittest.main()
