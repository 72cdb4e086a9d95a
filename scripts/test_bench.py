"""Unit tests of bench.py's report handling (no tools run)."""
import tempfile
import unittest
from pathlib import Path

import bench


class AreaAverageTests(unittest.TestCase):
    def setUp(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            self.skipTest("needs numpy")

    def test_each_output_is_the_mean_of_what_it_covers(self):
        import numpy as np
        self.assertEqual(bench.area_average(np.array([0.0, 2.0, 4.0, 6.0]), 2, 0).tolist(), [1.0, 5.0])
        # Three into two: the middle pixel is split between both outputs.
        self.assertEqual(bench.area_average(np.array([0.0, 3.0, 6.0]), 2, 0).tolist(), [1.0, 5.0])

    def test_a_partial_last_pixel_counts_for_its_fraction(self):
        import numpy as np
        # 2.5 pixels of picture into one: (0 + 4 + 0.5 * 8) / 2.5.
        self.assertAlmostEqual(bench.area_average(np.array([0.0, 4.0, 8.0]), 1, 0, 0.5)[0], 3.2)
        # Into five: every output covers half a pixel, so the last one is the partial pixel alone.
        self.assertEqual(bench.area_average(np.array([0.0, 4.0, 8.0]), 5, 0, 0.5).tolist(), [0.0, 0.0, 4.0, 4.0, 8.0])


class KeptSectionsTests(unittest.TestCase):
    def test_sections_the_run_does_not_write_are_kept(self):
        with tempfile.TemporaryDirectory() as folder:
            old = Path(folder) / "BENCHMARKS.md"
            old.write_text("# Benchmarks\n\nold\n\n## Speed\n\nold speed\n\n## By hand\n\nmeasured\n")
            new = "# Benchmarks\n\nnew\n\n## Speed\n\nnew speed\n"
            self.assertEqual(bench.kept_sections(old, new), "\n## By hand\n\nmeasured\n")

    def test_nothing_is_kept_without_an_old_report(self):
        self.assertEqual(bench.kept_sections(Path("/nonexistent/BENCHMARKS.md"), "# B\n"), "")


if __name__ == "__main__":
    unittest.main()
