"""Tests of formats_bench.py's conversions and report (no tool timed)."""
import unittest
from pathlib import Path

import formats_bench as bench

OURS, PEER = "gallery view --render sixel", "chafa -f sixels"
FACTS = {"chafa_version": "Chafa version 1.18.2", "photos": 2, "runs": 9, "warmup": 2, "load": (1.0, 1.0, 1.0)}


class ConversionTests(unittest.TestCase):
    def test_every_format_has_an_extension_and_jpeg_is_the_photo_itself(self):
        self.assertEqual(list(bench.FORMATS), ["JPEG", "PNG", "WebP", "GIF", "TIFF", "BMP", "HEIC", "AVIF"])
        self.assertIsNone(bench.conversion("JPEG", Path("a.jpg"), Path("b.jpg")))

    def test_the_makers_write_the_target_named(self):
        for name, (extension, _) in bench.FORMATS.items():
            if name == "JPEG":
                continue
            argv = bench.conversion(name, Path("p/a-1080.jpg"), Path(f"t/a.{extension}"))
            self.assertIn(Path(argv[0]).name, bench.MAKERS)
            self.assertIn("p/a-1080.jpg", argv)
            self.assertTrue(argv[-1].endswith(f"t/a.{extension}"), argv)
        # 24-bit BMP (ImageMagick's default BMP4 would add alpha bit fields), AVIF through AV1.
        self.assertEqual(bench.conversion("BMP", "a.jpg", "a.bmp")[-1], "bmp3:a.bmp")
        self.assertIn("-A", bench.conversion("AVIF", "a.jpg", "a.avif"))


class RefusalTests(unittest.TestCase):
    def test_a_tool_that_draws_nothing_gives_its_reason_without_folders(self):
        argv = ["/bin/sh", "-c", 'echo "/bin/sh: Failed to open \'$0\': Unknown file format" >&2; exit 2', "/tmp/x/a.bmp"]
        self.assertEqual(bench.refusal(argv, None), "Failed to open 'a.bmp': Unknown file format")
        self.assertEqual(bench.refusal(["/bin/sh", "-c", "true", "a.bmp"], None), "exited 0 without a sixel")
        self.assertIsNone(bench.refusal(["/bin/sh", "-c", "printf '\\033Pq#0~\\033\\\\'", "a.bmp"], None))


class ReportTests(unittest.TestCase):
    def results(self):
        a, b = Path("a-1080.jpg"), Path("b-1080.jpg")
        return {
            ("JPEG", OURS): [(a, 4.0, 3.5, 100 * 1024), (b, 5.0, 4.5, 200 * 1024)],
            ("JPEG", PEER): [(a, 20.0, 19.0, 100 * 1024), (b, 45.0, 40.0, 200 * 1024)],
            ("BMP", OURS): [(a, 9.0, 8.0, 3000 * 1024), (b, 11.0, 10.0, 3000 * 1024)],
            ("BMP", PEER): "Failed to open 'a.bmp': Unknown file format",
            ("PNG", OURS): "decoder: corrupt",
            ("PNG", PEER): [(a, 30.0, 29.0, 900 * 1024)],
        }

    def test_speed_up_is_the_geometric_mean_of_each_photos_ratio(self):
        kb, wall, cpu, peer_wall, peer_cpu, speedup = bench.summary(self.results(), "JPEG", OURS, PEER)
        self.assertEqual((kb, wall, cpu, peer_wall, peer_cpu), (150.0, 4.5, 4.0, 32.5, 29.5))
        # 20/4 = 5 and 45/5 = 9: sqrt(45).
        self.assertAlmostEqual(speedup, 45 ** 0.5)

    def test_a_format_the_peer_cannot_read_says_so_with_its_reason(self):
        text = "\n".join(bench.report_section(self.results(), {}, [OURS, PEER], FACTS))
        self.assertIn("| BMP | 3,000 KB | 10.0 | 9.0 | cannot read: Failed to open 'a.bmp': Unknown file format | | |", text)
        self.assertIn("| JPEG | 150 KB | 4.5 | 4.0 | 32.5 | 29.5 | 6.7x |", text)
        self.assertIn("Chafa version 1.18.2", text)

    def test_our_failure_and_a_format_not_made_are_reported_not_hidden(self):
        text = "\n".join(bench.report_section(self.results(), {"HEIC": "heif-enc: not found"}, [OURS, PEER], FACTS))
        self.assertIn("| PNG | | FAILED: decoder: corrupt |", text)
        self.assertIn("| HEIC | not made: heif-enc: not found |", text)
        self.assertIn("| AVIF | not run |", text)


if __name__ == "__main__":
    unittest.main()
