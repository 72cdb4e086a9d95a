"""Unit tests of bench.py's report handling (no tools run)."""
import tempfile
import unittest
from pathlib import Path

import bench


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
