"""Tests of fuzz_corpus.py's pieces that could break silently (no tools needed):
`python3 -m unittest discover scripts`."""
import json
import struct
import unittest
import zlib

import fuzz_corpus


class FixtureTests(unittest.TestCase):
    def test_reads_every_json_fixture_of_the_tests(self):
        # A change of the fixtures' layout would otherwise leave the JSON targets without seeds.
        unsplash = fuzz_corpus.swift_fixtures(fuzz_corpus.REPO / "Tests/GalleryTests/UnsplashFixtures.swift")
        picsum = fuzz_corpus.swift_fixtures(fuzz_corpus.REPO / "Tests/GalleryTests/PicsumFixtures.swift")
        self.assertEqual(sorted(unsplash), ["photoDetail", "photoList", "searchResults", "statistics"])
        self.assertEqual(sorted(picsum), ["info", "list"])
        for text in list(unsplash.values()) + list(picsum.values()):
            json.loads(text)


class PNGTests(unittest.TestCase):
    def test_packs_samples_below_a_byte_most_significant_first(self):
        self.assertEqual(fuzz_corpus.packed_row([1, 0, 1], 1), bytes([0b10100000]))
        self.assertEqual(fuzz_corpus.packed_row([3, 1], 2), bytes([0b11010000]))
        self.assertEqual(fuzz_corpus.packed_row([258], 16), b"\x01\x02")

    def test_interlaced_data_holds_every_pass(self):
        data = fuzz_corpus.png(5, 3, 0, 8, lambda x, y, c: x + 10 * y, interlaced=True)
        idat = data.index(b"IDAT")
        length = struct.unpack(">I", data[idat - 4:idat])[0]
        raw = zlib.decompress(data[idat + 4:idat + 4 + length])
        # Adam7 passes of a 5x3 picture: 1x1, 1x1, none (no row 4), 1x1, 3x1, 2x2, 5x1 pixels; a
        # filter byte starts each row.
        self.assertEqual(len(raw), 2 + 2 + 0 + 2 + 4 + 2 * 3 + 6)


class ExifTests(unittest.TestCase):
    def test_tiff_offsets_point_at_the_values(self):
        for little in (False, True):
            order = "<" if little else ">"
            data = fuzz_corpus.tiff([(0x0112, 3, 1, struct.pack(order + "H", 6))],
                                    [(0x9003, 2, 20, b"2021:07:08 09:10:11\0")], little_endian=little)
            ifd0 = struct.unpack(order + "I", data[4:8])[0]
            entries = [struct.unpack(order + "HHI4s", data[ifd0 + 2 + 12 * n:ifd0 + 14 + 12 * n])
                       for n in range(struct.unpack(order + "H", data[ifd0:ifd0 + 2])[0])]
            self.assertEqual(entries[0][:3], (0x0112, 3, 1))
            self.assertEqual(struct.unpack(order + "H", entries[0][3][:2])[0], 6)
            exif = struct.unpack(order + "I", entries[1][3])[0]
            tag, kind, count, at = struct.unpack(order + "HHII", data[exif + 2:exif + 14])
            self.assertEqual((tag, kind, count), (0x9003, 2, 20))
            self.assertEqual(data[at:at + 20], b"2021:07:08 09:10:11\0")


if __name__ == "__main__":
    unittest.main()
