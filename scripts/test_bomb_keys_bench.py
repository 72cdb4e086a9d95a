"""Tests of how bomb_keys_bench.py finds a key's answer in the app's output (no app needed):
`python3 -m unittest discover scripts`."""
import unittest

import bomb_keys_bench as bench

SELECTED = bench.SELECTION_CORNER + "\u2584\u2584\u2596".encode()
THUMBNAIL = b"\x1b[38;2;10;20;30m\xe2\x96\x80\xe2\x96\x80"


def update(*parts):
    return bench.BEGIN_UPDATE + b"".join(parts) + bench.END_UPDATE


class AnswerTimeTests(unittest.TestCase):
    def test_a_thumbnail_arriving_is_no_answer_and_the_selections_frame_is(self):
        chunks = [(1.0, update(b"\x1b[3;1H", THUMBNAIL)), (1.5, update(b"\x1b[1;29H", SELECTED))]
        self.assertEqual(bench.answer_time(chunks), 1.5)

    def test_the_answer_is_when_its_update_ends_across_chunks(self):
        whole = update(b"\x1b[1;29H", SELECTED, b"\x1b[40;1H1 of 9")
        chunks = [(2.0, whole[:10]), (2.25, whole[10:-3]), (2.5, whole[-3:])]
        self.assertEqual(bench.answer_time(chunks), 2.5)

    def test_an_update_not_yet_ended_or_none_at_all_is_no_answer(self):
        self.assertIsNone(bench.answer_time([(1.0, bench.BEGIN_UPDATE + SELECTED)]))
        self.assertIsNone(bench.answer_time([(1.0, update(THUMBNAIL))]))
        self.assertIsNone(bench.answer_time([]))


if __name__ == "__main__":
    unittest.main()
