"""Tests of dates_bench.py's report and its wiring into bench.py (no app run)."""
import unittest
from unittest import mock

import bench
import dates_bench


def launch(ms, peak, jumps=(), at_once=()):
    return dates_bench.Launch(ms, 15, peak, peak + 5, list(jumps), cpu=ms / 2, jumps_at_once=at_once)


FACTS = {"count": 100_000, "links": 2_000, "runs": 2, "dropped": True, "index_bytes": 9_000_000,
         "load": (1.0, 2.0, 3.0), "cores": 2}


class ReportTests(unittest.TestCase):
    def section(self, second_ms, jump_ms, peak=120, at_once_ms=95):
        cold = [launch(5000, 180), launch(5200, 170)]
        at_once = [(date, at_once_ms, 15, True) for date in dates_bench.JUMPS_AT_ONCE]
        second = [launch(second_ms, peak, [(date, jump_ms, 15, True) for date in dates_bench.JUMPS], at_once),
                  launch(second_ms + 100, peak, [(date, jump_ms / 2, 15, date != "2019-07") for date in dates_bench.JUMPS], at_once)]
        return dates_bench.report_section(cold, second, FACTS, "python3 scripts/bench.py --only dates")

    def test_targets_that_hold(self):
        lines = self.section(800, 90)
        self.assertEqual(lines[0], dates_bench.HEADING)
        self.assertIn("- second launch, first screen: 850 ms, 0.85x the target of ≤ 1,000 ms: holds", lines)
        self.assertIn("- `t` jump, the slowest: 90 ms, 0.90x the target of ≤ 100 ms: holds", lines)
        self.assertIn("- `t` jump with the date and Enter at once, the slowest: 95 ms, 0.95x the target of ≤ 100 ms: holds", lines)
        self.assertTrue(any("`python3 scripts/bench.py --only dates`" in line for line in lines))

    def test_targets_missed_say_so_and_the_peak_is_the_highest_of_any_launch(self):
        lines = self.section(2500, 300, peak=140)
        self.assertIn("- second launch, first screen: 2,550 ms, 2.55x the target of ≤ 1,000 ms: MISSED", lines)
        # The cold launch's 180 MB is over the target, though every second launch was under it.
        self.assertIn("- peak memory, cold or second launch: 180 MB, 1.20x the target of ≤ 150 MB: MISSED", lines)
        self.assertIn("- `t` jump, the slowest: 300 ms, 3.00x the target of ≤ 100 ms: MISSED", lines)

    def test_each_run_is_a_row_and_a_jump_whose_month_was_not_shown_says_so(self):
        rows = [line for line in self.section(800, 90) if line.startswith("| 2 |")]
        self.assertEqual(len(rows), 1)
        self.assertIn("| 5,200 (2,600) ms | 170 MB | 900 (450) ms | 120 (125) MB | 45 ms | 45 ms | 45 ms (month not shown) "
                      "| 95 ms | 95 ms | 95 ms |", rows[0])

    def test_a_jump_typed_at_once_over_the_target_says_so(self):
        lines = self.section(800, 30, at_once_ms=130)
        self.assertIn("- `t` jump with the date and Enter at once, the slowest: 130 ms, 1.30x the target of ≤ 100 ms: MISSED", lines)

    def test_the_months_words_are_the_screens(self):
        self.assertEqual(dates_bench.month_words("2019-07"), b"July 2019")
        self.assertEqual(dates_bench.month_words("2024-11"), b"November 2024")

    def test_without_exiftool_the_section_says_so(self):
        with mock.patch.object(dates_bench.shutil, "which", lambda _: None):
            lines, measured = dates_bench.measure_section("/build/gallery", "/photos", "make bench", log=lambda _: None)
        self.assertFalse(measured)
        self.assertIn("NOT MEASURED: exiftool is not installed", lines[2])


class WiringTests(unittest.TestCase):
    def test_only_dates_writes_its_section_alone(self):
        written = {}
        with mock.patch.object(bench, "measure_dates", lambda args: (["## x", "measured"], True)), \
                mock.patch.object(bench, "write_section_only", lambda output, heading, section: written.update({heading: section})), \
                mock.patch.object(bench.os, "access", lambda *_: True), \
                mock.patch.object(bench.sys, "argv", ["bench.py", "--only", "dates", "--gallery", "/build/gallery"]):
            self.assertEqual(bench.main(), 0)
        self.assertEqual(written, {dates_bench.HEADING: ["## x", "measured"]})


if __name__ == "__main__":
    unittest.main()
