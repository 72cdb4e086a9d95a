"""Tests of how detail_bench.py times frames and reports them (no app needed):
`python3 -m unittest discover scripts`."""
import unittest

import detail_bench


def sixel(body):
    return b'\x1bP0;1;0q"1;1;800;600' + body + b"\x1b\\"


def update(*parts):
    return b"\x1b[?2026h" + b"".join(parts) + detail_bench.END_UPDATE


class ArrivalTests(unittest.TestCase):
    def test_a_byte_arrives_with_the_read_that_ends_past_it(self):
        arrivals = [(10, 1.0), (25, 1.5), (40, 2.0)]
        self.assertEqual(detail_bench.arrival_time(arrivals, 0), 1.0)
        self.assertEqual(detail_bench.arrival_time(arrivals, 9), 1.0)
        self.assertEqual(detail_bench.arrival_time(arrivals, 10), 1.5)
        self.assertEqual(detail_bench.arrival_time(arrivals, 39), 2.0)
        self.assertIsNone(detail_bench.arrival_time(arrivals, 40))


class FlipTests(unittest.TestCase):
    def test_first_byte_picture_and_last_byte_from_the_key(self):
        before = b"earlier frame"
        text = update(b"\x1b[1;1Hcaption")
        picture = update(b"\x1b[3;1H", sixel(b"#0~~~~"))
        output = before + text + picture
        start, end = len(before), len(output)
        # The text in one read 20 ms after the key, then the picture's cursor move and first bytes 50 ms
        # after it, the rest of the picture 70 ms after it, its update's end 80 ms after it.
        sixel_at = start + len(text) + picture.index(b"\x1bP")
        arrivals = [(start, 0.5), (start + len(text), 10.02), (sixel_at + 4, 10.05), (end - 3, 10.07), (end, 10.08)]
        flip = detail_bench.Flip("→", output, start, end, 10.0, arrivals)
        self.assertEqual(flip.bytes, len(text) + len(picture))
        self.assertEqual((flip.updates, flip.sixels), (2, 1))
        self.assertAlmostEqual(flip.first, 0.02)
        self.assertAlmostEqual(flip.picture, 0.05)
        self.assertAlmostEqual(flip.picture_end, 0.07)
        self.assertEqual(flip.frame, text + picture)
        self.assertAlmostEqual(flip.last, 0.08)

    def test_a_frame_without_output_has_no_times(self):
        flip = detail_bench.Flip("→", b"abc", 3, 3, 1.0, [(3, 0.5)])
        self.assertEqual((flip.bytes, flip.first, flip.picture, flip.last), (0, None, None, None))


class BurstTests(unittest.TestCase):
    def test_each_key_waits_for_the_first_update_ending_after_it(self):
        one, two = update(b"a"), update(b"bb")
        output = one + two
        base = 100
        arrivals = [(base + len(one), 1.03), (base + len(output), 1.25)]
        # The second key comes after the first update was written, the third after everything.
        presses = [(base, 1.0), (base + len(one), 1.1), (base + len(output), 1.2)]
        waits = detail_bench.update_waits(output, base, presses, arrivals)
        self.assertAlmostEqual(waits[0], 0.03)
        self.assertAlmostEqual(waits[1], 0.15)
        self.assertIsNone(waits[2])


def flip(last, picture=None, size=1000):
    made = detail_bench.Flip.__new__(detail_bench.Flip)
    made.key, made.bytes, made.updates, made.sixels = "→", size, 1, 1
    made.first, made.picture, made.picture_end, made.last = picture, picture, last, last
    return made


def run(enter, flips, waits=(0.05,), settle=0.2):
    made = detail_bench.Run([flip(enter)] + [flip(seconds, seconds / 2) for seconds in flips],
                            detail_bench.Burst(list(waits), settle, update(sixel(b"~"))))
    made.replayed = [seconds / 4 for seconds in flips]
    return made


class ReportTests(unittest.TestCase):
    def results(self):
        return {"4000": {"before": [run(0.4, [0.10, 0.12]), run(0.5, [0.11, 0.30])],
                         "after": [run(0.4, [0.02, 0.03]), run(0.3, [0.025, 0.04])]},
                "1080": {"before": [run(0.2, [0.05, 0.06]), run(0.2, [0.05, 0.06])],
                         "after": [run(0.2, [0.04, 0.04]), run(0.2, [0.04, 0.05])]}}

    def test_flips_are_pooled_over_the_runs(self):
        summary = detail_bench.Summary(self.results()["4000"]["before"])
        self.assertAlmostEqual(summary.flip[0], 115.0)  # median of 100, 110, 120, 300
        self.assertAlmostEqual(summary.flip[1], 300.0)
        self.assertAlmostEqual(summary.enter[0], 450.0)
        self.assertAlmostEqual(summary.writing, 57.5)  # half of each flip is writing here
        self.assertAlmostEqual(summary.replayed, 28.75)
        self.assertEqual(summary.flips, 4)

    def test_a_row_per_build_and_size_and_their_ratio(self):
        lines = detail_bench.report_section(self.results(), "make it", {"load": (1.0, 2.0, 3.0), "cores": 2})
        self.assertEqual(lines[0], detail_bench.HEADING)
        self.assertIn("`make it`", lines[2])
        rows = [line for line in lines if line.startswith("| 4000 px")]
        self.assertEqual(len(rows), 3)
        self.assertTrue(rows[0].startswith("| 4000 px | before | 450 | 500 | 115 | 300 |"))
        self.assertTrue(rows[1].startswith("| 4000 px | after | 350 | 400 | 28 | 40 |"))
        self.assertTrue(rows[2].startswith("| 4000 px | after / before | 0.78 | 0.80 | 0.24 | 0.13 |"))

    def test_the_target_is_judged_on_the_last_build(self):
        text = "\n".join(detail_bench.report_section(self.results(), "m", {"load": (0, 0, 0), "cores": 2}))
        self.assertIn("4000 px, after: flip p50 28 ms (target ≤ 30 ms for a flip to a photo made ahead: holds)", text)
        self.assertIn("1080 px, after: flip p50 40 ms (target ≤ 30 ms for a flip to a photo made ahead: DOES NOT HOLD)",
                      text)

    def test_one_build_has_no_ratio_row(self):
        one = {size: {"gallery": by_build["after"]} for size, by_build in self.results().items()}
        lines = detail_bench.report_section(one, "m", {"load": (0, 0, 0), "cores": 2})
        self.assertEqual(len([line for line in lines if line.startswith("| 4000 px")]), 1)
        self.assertIn("- 4000 px, gallery: flip p50 28 ms", "\n".join(lines))
        self.assertNotIn("interleaved", lines[2])

    def test_a_failure_is_said_in_the_section(self):
        self.assertIn("NOT MEASURED", "\n".join(detail_bench.failure_section(RuntimeError("no photos"))))


class ReplayTests(unittest.TestCase):
    def test_each_frame_is_written_after_its_key_and_timed_to_its_last_byte(self):
        import tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as scratch:
            times = detail_bench.replay([b"short", b"\x1bPq" + b"~" * 300_000 + b"\x1b\\"], Path(scratch))
            self.assertEqual(len(times), 2)
            self.assertTrue(all(seconds is not None and 0 <= seconds < detail_bench.QUIET_SECONDS for seconds in times),
                            times)
            self.assertEqual(list(Path(scratch).glob("frame-*")), [])


class KeyTests(unittest.TestCase):
    def test_enter_then_to_the_last_photo_and_back(self):
        keys = [label for label, _ in detail_bench.look_keys(15, back=4)]
        self.assertEqual(keys, ["Enter"] + ["→"] * 14 + ["←"] * 4)


if __name__ == "__main__":
    unittest.main()
