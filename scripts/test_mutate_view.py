"""Tests of mutate_view.py's pure parts (no gallery, no numpy, no photos needed):
`python3 -m unittest discover -s scripts`."""
import random
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

import mutate_view as mv


def segment(marker, body):
    return bytes((0xFF, marker)) + (len(body) + 2).to_bytes(2, "big") + body


QUANTISATION = bytes(range(1, 65))
# Structure only, not a decodable picture: the mutations look at segments and the scan, nothing else.
SCAN = bytes(range(0x10, 0x40)) + b"\xff\x00" + bytes(range(0x40, 0x70)) + b"\xff\xd0" + bytes(range(0x70, 0xA0))
JPEG = (b"\xff\xd8"
        + segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
        + segment(mv.DQT, b"\x00" + QUANTISATION)
        + segment(0xC0, b"\x08\x00\x10\x00\x20\x03\x01\x22\x00\x02\x11\x00\x03\x11\x00")
        + segment(mv.DHT, b"\x00" + bytes([0, 1] + [0] * 14) + b"\x05")
        + segment(mv.SOS, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00")
        + SCAN + b"\xff\xd9")


class LayoutTests(unittest.TestCase):
    def test_finds_segments_and_the_scan_through_stuffed_bytes_and_restart_markers(self):
        layout = mv.Layout(JPEG)
        self.assertEqual([marker for marker, _, _ in layout.segments], [0xE0, mv.DQT, 0xC0, mv.DHT, mv.SOS])
        start, end = layout.scans[0]
        self.assertEqual(JPEG[start:end], SCAN)

    def test_survives_any_cut(self):
        for length in range(len(JPEG)):
            mv.Layout(JPEG[:length])


class MutationTests(unittest.TestCase):
    def test_same_seed_and_index_make_the_same_mutant(self):
        for index in range(50):
            self.assertEqual(mv.mutant(JPEG, 7, index), mv.mutant(JPEG, 7, index))

    def test_other_seeds_make_other_mutants(self):
        first = [mv.mutant(JPEG, 1, index)[0] for index in range(20)]
        second = [mv.mutant(JPEG, 2, index)[0] for index in range(20)]
        self.assertNotEqual(first, second)

    def test_every_kind_is_drawn_one_to_three_times(self):
        seen = set()
        for index in range(300):
            data, done = mv.mutant(JPEG, 1, index)
            self.assertIn(len(done), (1, 2, 3))
            seen.update(kind for kind, _ in done)
        self.assertEqual(seen, set(mv.MUTATIONS))

    def apply(self, kind, seed=0):
        data = bytearray(JPEG)
        what = mv.MUTATIONS[kind](random.Random(seed), data, mv.Layout(data))
        return bytes(data), what

    def test_restart_markers_go_into_the_scan(self):
        start, end = mv.Layout(JPEG).scans[0]
        for seed in range(20):
            data, what = self.apply("restart marker", seed)
            at = int(what.rsplit(" ", 1)[1])
            self.assertTrue(start <= at < end, what)
            self.assertIn(data[at:at + 2], [bytes((0xFF, 0xD0 + n)) for n in range(8)], what)
            self.assertEqual(data[:at] + data[at + 2:], JPEG)

    def test_a_restart_interval_is_added_before_the_scan(self):
        data, what = self.apply("restart interval")
        layout = mv.Layout(data)
        self.assertEqual([marker for marker, _, _ in layout.segments][-2:], [mv.DRI, mv.SOS], what)
        self.assertEqual(len(data), len(JPEG) + 6)

    def test_extreme_quantisation_sets_entries_to_one_value(self):
        for seed in range(20):
            data, what = self.apply("extreme DQT", seed)
            _, start, end = mv.Layout(data).of(mv.DQT)[0]
            table = data[start + 5:end]
            changed = [value for value, old in zip(table, QUANTISATION) if value != old]
            self.assertTrue(changed, what)
            self.assertEqual(len(set(table[:len(changed)])), 1, what)
            self.assertIn(f"set to {table[0]}", what)

    def test_truncation_shortens(self):
        for seed in range(20):
            data, what = self.apply("truncation", seed)
            self.assertEqual(data, JPEG[:len(data)])
            self.assertEqual(what, f"cut at {len(data)}")

    def test_duplicated_segments_are_whole(self):
        for seed in range(20):
            data, what = self.apply("duplicated segment", seed)
            markers = [marker for marker, _, _ in mv.Layout(data).segments]
            self.assertEqual(len(markers), 6, what)


class ClassifyTests(unittest.TestCase):
    def test_classes(self):
        cases = [
            ((0, False, b"", 100), "shown"),
            ((1, False, b"gallery: x.jpg: corrupt image\n", 0), "refused"),
            ((0, True, b"", 0), "hang"),
            ((-11, False, b"", 0), "crash"),
            ((134, False, b"Fatal error\n", 0), "crash"),
            ((1, False, b"gallery: one\ngallery: two\n", 0), "failure"),
            ((1, False, b"error: not ours\n", 0), "failure"),
            ((1, False, b"", 0), "failure"),
            ((2, False, b"gallery: usage\n", 0), "failure"),
            ((0, False, b"", 0), "failure"),
        ]
        for arguments, expected in cases:
            self.assertEqual(mv.classify(*arguments)[0], expected, arguments)

    def test_a_signal_is_named(self):
        self.assertEqual(mv.classify(-6, False, b"", 0), ("crash", "signal 6"))


class PixelTests(unittest.TestCase):
    def test_psnr_of_identical_images_is_infinite(self):
        self.assertEqual(mv.psnr(b"\x10\x20\x30" * 4, b"\x10\x20\x30" * 4), float("inf"))

    def test_psnr_of_a_known_difference(self):
        # One sample of 100 off by 255: MSE 255^2 / 100, so PSNR 10 log10(100) = 20 dB.
        self.assertAlmostEqual(mv.psnr(bytes(100), b"\xff" + bytes(99)), 20.0)
        # Every sample off by 1: MSE 1, so 20 log10(255).
        self.assertAlmostEqual(mv.psnr(bytes(30), b"\x01" * 30), 48.1308, places=4)

    def test_psnr_refuses_different_sizes(self):
        with self.assertRaises(ValueError):
            mv.psnr(bytes(3), bytes(6))

    def test_decodes_a_sixel(self):
        # 3x7: colour 0 red paints band 1 column 0 fully and columns 1-2 in the top row (repeat);
        # colour 1 blue over-paints column 2 fully after `$`; `-` moves to band 2, one row tall.
        sixel = b'noise\x1bPq"1;1;3;7#0;2;100;0;0#1;2;0;0;100#0~!2@$#1??~-#0@\x1b\\more'
        width, height, pixels = mv.decode_sixel(sixel)
        self.assertEqual((width, height), (3, 7))

        def pixel(x, y):
            return pixels[(y * width + x) * 3:(y * width + x) * 3 + 3]
        red, blue, black = b"\xff\x00\x00", b"\x00\x00\xff", b"\x00\x00\x00"
        self.assertEqual([pixel(x, 0) for x in range(3)], [red, red, blue])
        self.assertEqual([pixel(x, 5) for x in range(3)], [red, black, blue])
        self.assertEqual([pixel(x, 6) for x in range(3)], [red, black, black])

    def test_no_sixel_is_an_error(self):
        for output in (b"", b"\x1bPq#0;2;0;0;0~", b"plain text"):
            with self.assertRaises(ValueError):
                mv.decode_sixel(output)

    def test_decodes_a_kitty_image_sent_in_chunks(self):
        import base64
        pixels = bytes(range(2 * 2 * 3))
        encoded = base64.b64encode(pixels)
        output = (b"\x1b_Ga=T,f=24,s=2,v=2,m=1;" + encoded[:8] + b"\x1b\\"
                  + b"\x1b_Gm=0;" + encoded[8:] + b"\x1b\\")
        self.assertEqual(mv.decode_kitty(output), (2, 2, pixels))

    def test_a_kitty_image_of_the_wrong_length_or_none_is_an_error(self):
        with self.assertRaises(ValueError):
            mv.decode_kitty(b"\x1b_Ga=T,f=24,s=2,v=2;AAAA\x1b\\")
        with self.assertRaises(ValueError):
            mv.decode_kitty(b"plain text")

    def test_pnm_header(self):
        header = b"P6\n# by djpeg\n4 3\n255\n"
        self.assertEqual(mv.pnm_header(header + b"\x00\x01"), (b"P6", 4, 3, 255, len(header)))
        self.assertIsNone(mv.pnm_header(b"P6\n4 3\n25"))


class DecodeScaleTests(unittest.TestCase):
    @staticmethod
    def jpeg_header(width, height):
        sof = bytes((0xFF, 0xC0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0))
        return b"\xff\xd8" + sof + b"\xff\xd9"

    def test_the_smallest_scale_that_covers_the_picture(self):
        # As ImageDecoder.decodeSize and JPEGCodec.scaleNumerator: twice the size shown, so
        # 240x160 of a 4000x2667 photo needs 480x320, which 1/8 (500x333) covers.
        self.assertEqual(mv.decode_scale(self.jpeg_header(4000, 2667), 240, 160), 1)
        self.assertEqual(mv.decode_scale(self.jpeg_header(1080, 720), 120, 80), 2)
        self.assertEqual(mv.decode_scale(self.jpeg_header(1080, 720), 240, 160), 4)
        self.assertEqual(mv.decode_scale(self.jpeg_header(1080, 720), 300, 200), 8)

    def test_no_frame_header_is_a_full_decode(self):
        self.assertEqual(mv.decode_scale(b"\xff\xd8\xff\xd9", 240, 160), 8)


@unittest.skipUnless(shutil.which("djpeg") and shutil.which("cjpeg"), "needs djpeg and cjpeg (libjpeg-turbo-progs)")
class ReferenceTests(unittest.TestCase):
    def test_reference_is_the_area_average_of_the_decode(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            self.skipTest("needs numpy")
        # Left half black, right half white, 32x16: at 2x1 pixels, one black and one white pixel.
        row = bytes(16 * 3) + b"\xff" * (16 * 3)
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "halves.jpg"
            path.write_bytes(subprocess.run(["cjpeg", "-quality", "100"], input=b"P6\n32 16\n255\n" + row * 16,
                                            stdout=subprocess.PIPE, check=True).stdout)
            pixels = mv.reference(path, 2, 1)
            self.assertEqual(len(pixels), 6)
            self.assertTrue(all(value < 4 for value in pixels[:3]) and all(value > 251 for value in pixels[3:]), pixels)
            path.write_bytes(b"\xff\xd8\xff\xc4\x00\x02garbage")
            self.assertIsNone(mv.reference(path, 2, 1))


if __name__ == "__main__":
    unittest.main()
