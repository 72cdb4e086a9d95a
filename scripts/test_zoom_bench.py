"""Tests of zoom_bench.py's report and of `bench.py --only zoom` (no app run)."""
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import bench
import zoom_bench


def keys(*milliseconds):
    """(first, last) seconds a key, the first byte 10 ms before the last; None: no picture."""
    return [(None, None) if ms is None else ((ms - 10) / 1000, ms / 1000) for ms in milliseconds]


def processes(*milliseconds):
    """djpeg's times: a process has no first byte of a picture."""
    return [(None, ms / 1000) for ms in milliseconds]


FACTS = {"command": "python3 scripts/bench.py --only zoom", "load": (1.0, 2.0, 3.0), "cores": 2}


class ReportTests(unittest.TestCase):
    def section(self, zooms, pans):
        results = (keys(200)[0], zooms, pans, processes(100, 140, 120), processes(40, 50, 45))
        return "\n".join(zoom_bench.report_section(results, FACTS))

    def test_each_key_is_given_as_a_ratio_of_the_whole_decode(self):
        text = self.section(keys(50, 60, 70), keys(30, 30, 90))
        self.assertIn("| `=`, 100 % | 60 | 70 | 50 | 0.50 | 0 of 3 |", text)
        self.assertIn("| a pan at 100 % | 30 | 90 | 20 | 0.25 | 0 of 3 |", text)
        self.assertIn("| djpeg: the whole photo at full size | 120 | 140 | - | 1.00 | 0 of 3 |", text)
        self.assertIn("python3 scripts/bench.py --only zoom", text)

    def test_the_target_is_said_met_or_missed_by_the_median(self):
        text = self.section(keys(50, 60, 70), keys(61, 61, 10))
        self.assertIn("`=`: p50 60 ms key to picture complete, meets the target of 60 ms", text)
        self.assertIn("a pan: p50 61 ms key to picture complete, misses the target of 60 ms", text)

    def test_keys_that_drew_nothing_are_counted_and_never_meet_the_target(self):
        text = self.section(keys(50, None, 70), keys(None, None))
        self.assertIn("| `=`, 100 % | 60 | 70 | 50 | 0.50 | 1 of 3 |", text)
        self.assertIn("| a pan at 100 % | - | - | - | - | 2 of 2 |", text)
        self.assertIn("a pan: no picture drawn, the target of 60 ms not met", text)

    def test_a_missing_photo_is_a_failure_not_a_crash(self):
        lines, measured = zoom_bench.measure_section("/nonexistent/gallery", "/nonexistent/photos", "m", log=lambda _: None)
        self.assertFalse(measured)
        self.assertIn(f"NOT MEASURED: no {zoom_bench.PHOTO}", "\n".join(lines))


class OnlyZoomTests(unittest.TestCase):
    def test_only_zoom_replaces_just_its_section(self):
        with tempfile.TemporaryDirectory() as folder:
            output = Path(folder) / "BENCHMARKS.md"
            output.write_text("# Benchmarks\n\n## Speed\n\nkept\n")
            argv = ["bench.py", "--only", "zoom", "--gallery", sys.executable, "--photos", "/nonexistent",
                    "--output", str(output)]
            with mock.patch.object(sys, "argv", argv), mock.patch("builtins.print"):
                self.assertEqual(bench.main(), 1)
            text = output.read_text()
            self.assertIn("## Speed\n\nkept", text)
            self.assertIn(f"{zoom_bench.HEADING}\n\nNOT MEASURED: no {zoom_bench.PHOTO}", text)


if __name__ == "__main__":
    unittest.main()
