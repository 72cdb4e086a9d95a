"""Unit tests of sixel_size_bench.py's pure parts (no tools run)."""
import unittest

import sixel_size_bench as bench


class PayloadTests(unittest.TestCase):
    def test_the_sixel_is_cut_from_the_escapes_around_it(self):
        self.assertEqual(bench.sixel_payload(b"\x1b[?25l\x1bPq#0!4~\x1b\\\x1b[?25h"), b"\x1bPq#0!4~\x1b\\")

    def test_an_unterminated_sixel_runs_to_the_end_and_none_is_none(self):
        self.assertEqual(bench.sixel_payload(b"x\x1bPq#0~"), b"\x1bPq#0~")
        self.assertIsNone(bench.sixel_payload(b"no picture"))


class SizeTests(unittest.TestCase):
    def test_a_photo_is_fitted_in_the_box_aspect_kept(self):
        self.assertEqual(bench.fitted((1080, 720), (240, 160)), (240, 160))
        self.assertEqual(bench.fitted((1080, 942), (240, 160)), (183, 160))
        self.assertEqual(bench.fitted((1080, 720), (290, 240)), (290, 193))

    def test_a_padded_picture_is_looked_for_within_a_pixel_of_the_fit(self):
        # chafa's 190x160 for a picture gallery fits in 183x160.
        self.assertEqual(bench.picture_sizes((190, 160), (183, 160)), [(182, 160), (183, 160), (184, 160)])
        self.assertEqual(bench.picture_sizes((290, 200), (290, 193)), [(290, 192), (290, 193), (290, 194)])
        # Not larger than the fit: compared at its own size.
        self.assertEqual(bench.picture_sizes((240, 156), (240, 160)), [(240, 156)])


class EqualPSNRTests(unittest.TestCase):
    def test_bytes_are_read_off_the_line_between_the_settings_either_side(self):
        # (dB, bytes): 36 dB lies halfway between 35 and 37.
        self.assertEqual(bench.bytes_at_psnr([(37.0, 60000), (33.0, 30000), (35.0, 40000)], 36.0), 50000)
        self.assertEqual(bench.bytes_at_psnr([(35.0, 40000), (37.0, 60000)], 37.0), 60000)

    def test_a_psnr_no_setting_reaches_or_all_exceed_has_no_bytes(self):
        self.assertIsNone(bench.bytes_at_psnr([(33.0, 30000), (35.0, 40000)], 36.0))
        self.assertIsNone(bench.bytes_at_psnr([(38.0, 30000), (40.0, 40000)], 36.0))
        self.assertIsNone(bench.bytes_at_psnr([], 36.0))


class ReportTests(unittest.TestCase):
    def setUp(self):
        self.settings = [bench.Setting("chafa", "chafa default", None, default=True),
                         bench.Setting("chafa", "chafa best", None),
                         bench.Setting("img2sixel", "img2sixel default", None, default=True),
                         bench.Setting("img2sixel", "img2sixel big", None)]
        self.summary = {"chafa default": (70000, 31.0), "chafa best": (56000, 36.5),
                        "img2sixel default": (49000, 34.0), "img2sixel big": (90000, 40.0)}

    def test_means_are_per_setting_over_the_photos(self):
        results = {("a", "p1"): (10, 30.0), ("a", "p2"): (20, 40.0), ("b", "p1"): (5, 20.0)}
        self.assertEqual(bench.summarise(results), {"a": (15, 35.0), "b": (5, 20.0)})

    def test_each_peer_gets_its_default_its_bytes_at_our_psnr_and_its_best(self):
        rows = bench.peer_rows((39000, 37.0), self.settings, self.summary)
        self.assertEqual(rows[0], ("chafa", (70000, 31.0), None, ("chafa best", 56000, 36.5)))
        self.assertEqual(rows[1][0:2], ("img2sixel", (49000, 34.0)))
        self.assertAlmostEqual(rows[1][2], 49000 + 3 / 6 * 41000)
        self.assertEqual(rows[1][3], ("img2sixel big", 90000, 40.0))

    def test_the_section_gives_ratios_and_the_change_from_the_build_before(self):
        box = (24, 8)
        rows = bench.peer_rows((39000, 37.0), self.settings, self.summary)
        lines = bench.report_section([box], ["p"] * 8, "Versions: x", {box: (39000, 37.0)}, {box: rows},
                                     {box: self.summary}, {box: (50000, 36.9)},
                                     {box: [("a.jpg", (30000, 35.5), (40000, 36.0))]})
        text = "\n".join(lines)
        self.assertEqual(lines[0], bench.HEADING)
        self.assertIn("| 24x8 cells (240x160 px) | 39,000 | 37.00 | 50,000 | 36.90 | -22.0% bytes, +0.10 dB |", text)
        # img2sixel needs 69,500 bytes at 37 dB: ours are 0.56 of them; chafa never gets there.
        self.assertIn("| img2sixel | 49,000 | 34.00 | 69,500 | 0.56 |", text)
        self.assertIn("| chafa | 70,000 | 31.00 | not reached (best 36.50 dB) | 0.70 at +0.50 dB |", text)
        self.assertIn("| a.jpg | 30,000 (-25%), 35.50 (-0.50) |", text)


if __name__ == "__main__":
    unittest.main()
