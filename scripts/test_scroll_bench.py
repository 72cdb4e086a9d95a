"""Tests of how scroll_bench.py takes the app's output apart (no app needed):
`python3 -m unittest discover scripts`."""
import os
import unittest

import scroll_bench
from terminal_pty import WindowPty


def sixel(width, height, body):
    return b'\x1bP0;1;0q"1;1;%d;%d' % (width, height) + body + b"\x1b\\"


def update(*parts):
    return scroll_bench.BEGIN_UPDATE + b"".join(parts) + b"\x1b[?2026l"


A = sixel(290, 240, b"#0~~")
B = sixel(290, 240, b"#1~~")
C = sixel(200, 240, b"#2~~")


class FrameTests(unittest.TestCase):
    def test_counts_new_and_repeated_sixels_against_the_session(self):
        seen = set()
        first = scroll_bench.Frame("start", update(b"\x1b[1;1H", A, b"\x1b[1;31H", B), 0.1, seen)
        self.assertEqual((len(first.sixels), first.new, first.repeated), (2, 2, 0))
        later = scroll_bench.Frame(
            "j", update(b"\x1b[1;1H", B, b"\x1b[14;1H", C) + update(b"\x1b[33;9H\x1b[1K\x1b[14;1H", C), 0.1, seen)
        self.assertEqual(later.new, 1)  # only C was never written before
        self.assertEqual(later.repeated, 1)  # C twice
        self.assertEqual(later.repeated_bytes, len(C))
        self.assertEqual(later.updates, 2)
        self.assertEqual(later.first_update_bytes, len(update(b"\x1b[1;1H", B, b"\x1b[14;1H", C)))
        self.assertEqual(later.sixel_bytes, len(B) + 2 * len(C))

    def test_reads_position_and_raster_size(self):
        found = scroll_bench.sixels_in(b"text\x1b[14;31H" + C + b"\x1b[2;2H" + A)
        self.assertEqual([(s.cell, s.pixels, s.cells()) for s in found],
                         [((14, 31), (200, 240), (12, 20)), ((2, 2), (290, 240), (12, 29))])


class GeometryTests(unittest.TestCase):
    def test_distinct_cells_make_the_grid(self):
        placements = b"".join(b"\x1b[%d;%dH" % (row, column) + A
                              for row in (1, 14) for column in (1, 31, 61) if (row, column) != (14, 61))
        geometry = scroll_bench.GridGeometry(scroll_bench.sixels_in(placements + b"\x1b[1;1H" + A))
        self.assertEqual(geometry.rows, [1, 14])
        self.assertEqual(geometry.columns, [1, 31, 61])
        self.assertEqual(geometry.per_row, [3, 2])
        self.assertEqual((geometry.cells, geometry.pixels), ((29, 12), (290, 240)))

    def test_centred_images_of_one_row_count_as_one_row(self):
        # C is 20x12 cells, centred lower and further right than A in the cell beside it.
        placements = b"\x1b[1;1H" + A + b"\x1b[2;36H" + C + b"\x1b[14;1H" + A
        geometry = scroll_bench.GridGeometry(scroll_bench.sixels_in(placements))
        self.assertEqual(geometry.rows, [1, 14])
        self.assertEqual(geometry.columns, [1, 36])
        self.assertEqual(geometry.per_row, [2, 1])


class SectionTests(unittest.TestCase):
    def test_replaces_only_its_section(self):
        text = f"# B\n\n## A\n\na\n\n{scroll_bench.HEADING}\n\nold\n\n## C\n\nc\n"
        replaced = scroll_bench.replace_section(text, scroll_bench.HEADING, [scroll_bench.HEADING, "", "new", ""])
        self.assertEqual(replaced, f"# B\n\n## A\n\na\n\n{scroll_bench.HEADING}\n\nnew\n\n## C\n\nc\n")

    def test_appends_a_missing_section(self):
        replaced = scroll_bench.replace_section("# B\n", scroll_bench.HEADING, [scroll_bench.HEADING, "", "new", ""])
        self.assertEqual(replaced, f"# B\n\n{scroll_bench.HEADING}\n\nnew\n")


class ProbeAnswerTests(unittest.TestCase):
    class Session:
        """What AppSession._answer uses of a session, the app's terminal replaced by a list."""
        def __init__(self):
            self.replies, self.probes_answered, self.sent = scroll_bench.PROBE_REPLIES, [], []

        def send(self, data):
            self.sent.append(data)

    def test_each_query_is_answered_once_even_split_across_reads(self):
        session = self.Session()
        # The probe's last query split between two reads, then a read after it: the bytes kept from
        # the read before hold the whole query again, which must not be answered twice.
        reads = [b"\x1b[16t\x1b[", b"c", b"\x1b[?1049h"]
        tail = b""
        for chunk in reads:
            scroll_bench.AppSession._answer(session, tail, chunk)
            tail = (tail + chunk)[-8:]
        self.assertEqual(session.probes_answered, ["CSI 16 t", "DA1"])
        self.assertEqual(session.sent, [scroll_bench.PROBE_REPLIES["CSI 16 t"][1], scroll_bench.PROBE_REPLIES["DA1"][1]])

    def test_replies_come_in_the_order_of_the_queries_in_one_write(self):
        session = self.Session()
        scroll_bench.AppSession._answer(session, b"", b"\x1b[?1;1;0S\x1b[16t\x1b[c")
        self.assertEqual(session.probes_answered, ["CSI 16 t", "DA1"])
        self.assertEqual(session.sent, [scroll_bench.PROBE_REPLIES["CSI 16 t"][1] + scroll_bench.PROBE_REPLIES["DA1"][1]])


class WindowPtyTests(unittest.TestCase):
    def test_the_window_tells_cells_and_pixels(self):
        import fcntl
        import struct
        import termios
        with WindowPty(120, 40, (10, 20)) as window:
            size = fcntl.ioctl(window.slave, termios.TIOCGWINSZ, b"\0" * 8)
            self.assertEqual(struct.unpack("HHHH", size), (40, 120, 1200, 800))
            self.assertTrue(os.isatty(window.slave))


if __name__ == "__main__":
    unittest.main()
