"""Tests of tmux_bench.py's report (no app, no tmux needed): `python3 -m unittest discover scripts`."""
import unittest

import scroll_bench
import tmux_bench


def frame(size, seconds):
    return scroll_bench.Frame("key", b"x" * size, seconds, set())


class ReportTests(unittest.TestCase):
    def test_a_row_a_step_bytes_summed_over_its_presses_time_of_the_last(self):
        results = {
            "outside tmux": [[frame(300, 0.6)], [frame(10, 0.01), frame(100, 0.02)], [frame(70, 0.5)], [frame(280, 0.04)]],
            "tmux 3.6a": [[frame(200, 0.7)], [frame(20, 0.01), frame(120, 0.03)], [frame(90, 0.6)], [frame(150, 0.05)]],
        }
        lines = tmux_bench.report_section(results)
        self.assertEqual(lines[0], tmux_bench.HEADING)
        rows = [line for line in lines if line.startswith("| ") and not line.startswith("| step") and "---" not in line]
        self.assertEqual(rows[0], "| first screen, loading included | 300 | 200 | 600 | 700 |")
        self.assertEqual(rows[1], "| scroll down one row | 110 | 140 | 20 | 30 |")
        self.assertEqual(len(rows), len(tmux_bench.STEPS))

    def test_a_missing_tmux_is_said_in_the_section(self):
        self.assertIn("NOT MEASURED", "\n".join(tmux_bench.failure_section(RuntimeError("no tmux"))))


if __name__ == "__main__":
    unittest.main()
