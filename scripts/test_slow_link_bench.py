"""Tests of slow_link_bench.py's link, its terminal parser (vt_parser.py) and how frames are cut
(no app needed): `python3 -m unittest discover -s scripts`."""
import collections
import hashlib
import unittest

import scroll_bench
import slow_link_bench
import vt_parser
from slow_link_bench import ParseLog, TokenBucket

BEGIN, END = b"\x1b[?2026h", b"\x1b[?2026l"
SIXEL_BODY = b'"1;1;4;2#0;2;100;0;0#0~~~~'
SIXEL = b"\x1bP0;1;0q" + SIXEL_BODY + b"\x1b\\"


def parsed(*pieces):
    parser = vt_parser.Parser()
    for piece in pieces:
        parser.feed(piece)
    return parser


def events(parser):
    return (parser.counts, parser.update_begins, parser.update_ends, parser.pictures, parser.state)


def kitty(keys, payload=b""):
    return b"\x1b_G" + keys + (b";" + payload if payload else b"") + b"\x1b\\"


# A bit of everything gallery writes: updates, cursor moves, SGR (a half-block picture cell among
# them), UTF-8 text (U+2580 is E2 96 80: C1 values inside a character), a sixel, kitty commands, an
# OSC title ended by BEL, a charset designation.
STREAM = (BEGIN + b"\x1b[H\x1b(B\x1b[0;1m\x1b[36m\xe2\x96\x97\xe2\x96\x84 text\r\n"
          + b"\x1b[3;2H\x1b[38;2;1;2;3;48;2;4;5;6m\xe2\x96\x80\x1b7" + SIXEL + b"\x1b8" + END
          + BEGIN + kitty(b"a=T,f=24,i=7,s=1,v=1,m=1", b"AAAA") + kitty(b"m=0", b"BBBB")
          + kitty(b"a=p,i=7,c=2,r=1") + kitty(b"a=d,d=i,i=3,q=2") + b"\x1b]0;title\x07" + END)


class RemoteEnvironmentTests(unittest.TestCase):
    def test_the_app_runs_as_over_ssh(self):
        environment = slow_link_bench.remote_environment("/tmp/home", "xterm-kitty")
        self.assertEqual(environment["SSH_CONNECTION"].split()[-1], "22")
        self.assertEqual(environment["TERM"], "xterm-kitty")
        self.assertEqual(environment["HOME"], "/tmp/home")


class TokenBucketTests(unittest.TestCase):
    def transfer(self, total, rate, burst, oversleep=0.0):
        """Seconds to take `total` bytes off the link in READ_SIZE pieces, on a made-up clock that
        wakes `oversleep` late from every wait."""
        bucket, now, left = TokenBucket(rate, burst, 0.0), 0.0, total
        while left:
            size = min(left, slow_link_bench.READ_SIZE)
            delay = bucket.delay(size, now)
            now += delay + (oversleep if delay else 0.0)
            bucket.take(size, now)
            left -= size
        return now

    def test_a_full_bucket_sends_a_burst_at_once_then_the_rate(self):
        # 4 KB go at once, the other 6 KB at 1,000 bytes a second.
        self.assertAlmostEqual(self.transfer(10 * 1024, 1000.0, 4096), (10 * 1024 - 4096) / 1000.0)

    def test_late_wake_ups_cost_no_throughput(self):
        on_time = self.transfer(100 * 1024, 1000.0, 4096)
        # Waking 0.5 s late each time (less than the 3 KB the bucket keeps beyond a read): 0.5 s more
        # in all, the last wake-up's.
        self.assertAlmostEqual(self.transfer(100 * 1024, 1000.0, 4096, oversleep=0.5), on_time + 0.5)

    def test_more_than_the_burst_waits_only_for_a_full_bucket(self):
        bucket = TokenBucket(1000.0, 4096, 0.0)
        self.assertEqual(bucket.delay(8192, 0.0), 0.0)
        bucket.take(4096, 0.0)
        self.assertAlmostEqual(bucket.delay(8192, 0.0), 4.096)

    def test_idle_time_saves_no_more_than_the_burst(self):
        bucket = TokenBucket(1000.0, 4096, 0.0)
        bucket.take(4096, 0.0)
        self.assertAlmostEqual(bucket.delay(1024, 0.5), 0.524)
        # An hour later: the bucket is full, no more.
        bucket.take(4096, 3600.0)
        self.assertAlmostEqual(bucket.delay(1024, 3600.0), 1.024)


class ParserStateTests(unittest.TestCase):
    def assertState(self, data, state):
        self.assertEqual(vt_parser.STATE_NAMES[parsed(data).state], vt_parser.STATE_NAMES[state], data)

    def test_each_kind_of_sequence_enters_its_state(self):
        self.assertState(b"abc", vt_parser.GROUND)
        self.assertState(b"\x1b", vt_parser.ESCAPE)
        self.assertState(b"\x1b(", vt_parser.ESCAPE_INTERMEDIATE)
        self.assertState(b"\x1b[", vt_parser.CSI_ENTRY)
        self.assertState(b"\x1b[?20", vt_parser.CSI_PARAM)
        self.assertState(b"\x1b[1 ", vt_parser.CSI_INTERMEDIATE)
        self.assertState(b"\x1b[1?", vt_parser.CSI_IGNORE)
        self.assertState(b"\x1bP", vt_parser.DCS_ENTRY)
        self.assertState(b"\x1bP0;1", vt_parser.DCS_PARAM)
        self.assertState(b"\x1bP$", vt_parser.DCS_INTERMEDIATE)
        self.assertState(b"\x1bP0;1;0q#0~", vt_parser.DCS_PASSTHROUGH)
        self.assertState(b"\x1bP1?", vt_parser.DCS_IGNORE)
        self.assertState(b"\x1b]0;title", vt_parser.OSC_STRING)
        self.assertState(b"\x1b_Ga=p", vt_parser.APC_STRING)
        self.assertState(SIXEL + b"\x1b[?2026l", vt_parser.GROUND)

    def test_a_sixel_split_across_reads_is_one_picture(self):
        whole = parsed(SIXEL)
        for cut in range(1, len(SIXEL)):
            split = parsed(SIXEL[:cut], SIXEL[cut:])
            self.assertEqual(events(split), events(whole), cut)
        self.assertEqual(whole.counts["sixels"], 1)
        self.assertEqual(whole.counts["sixel_bytes"], len(SIXEL_BODY))
        self.assertEqual(whole.pictures[0].digest, hashlib.sha1(b"0;1;0" + SIXEL_BODY).digest())

    def test_the_stream_gives_the_same_events_whole_byte_by_byte_and_cut_anywhere(self):
        whole = parsed(STREAM)
        self.assertEqual(events(parsed(*(STREAM[i:i + 1] for i in range(len(STREAM))))), events(whole))
        for cut in range(1, len(STREAM)):
            self.assertEqual(events(parsed(STREAM[:cut], STREAM[cut:])), events(whole), cut)

    def test_what_the_stream_holds(self):
        parser = parsed(STREAM)
        counts = parser.counts
        self.assertEqual((counts["sixels"], counts["kitty_images"], counts["kitty_placements"], counts["kitty_deletes"],
                          counts["kitty_commands"], counts["osc"], counts["picture_backgrounds"]), (1, 1, 2, 1, 4, 1, 1))
        # Two updates, each end recorded just past its `l`.
        first_end = STREAM.index(END) + len(END)
        self.assertEqual(parser.update_ends, [first_end, len(STREAM)])
        self.assertEqual(parser.update_begins, [len(BEGIN), first_end + len(BEGIN)])
        # The kitty picture is its chunks' payloads together.
        self.assertEqual(parser.pictures[1].digest, hashlib.sha1(b"AAAABBBB").digest())
        self.assertEqual(parser.pictures[1].length, 8)
        # Text: the bytes drawn or executed in the ground state, UTF-8 continuation bytes included.
        self.assertEqual(counts["text"], len("\u2597\u2584 text\r\n".encode()) + 3)

    def test_cancel_ends_a_sixel_without_a_picture(self):
        parser = parsed(b"\x1bP0;1;0q#0~~\x18abc")
        self.assertEqual((parser.state, parser.counts["sixels"], parser.counts["cancelled"], parser.counts["text"]),
                         (vt_parser.GROUND, 0, 1, 3))
        self.assertEqual(parser.pictures, [])

    def test_a_malformed_csi_is_ignored_to_its_final_byte(self):
        parser = parsed(b"\x1b[2?026lx")
        self.assertEqual((parser.counts["csi"], parser.update_ends, parser.counts["text"]), (0, [], 1))

    def test_a_kitty_query_is_no_picture(self):
        parser = parsed(kitty(b"i=31,s=1,v=1,a=q,t=d,f=24", b"AAAA"))
        self.assertEqual((parser.counts["kitty_commands"], parser.counts["kitty_images"], parser.pictures), (1, 0, []))

    def test_colour_sequences_without_a_picture_background_are_not_pictures(self):
        parser = parsed(b"\x1b[30m\x1b[46m\x1b[38;5;48m\x1b[39;49m")
        self.assertEqual(parser.counts["picture_backgrounds"], 0)
        self.assertEqual(parsed(b"\x1b[48;5;17m").counts["picture_backgrounds"], 1)


class FrameSplittingTests(unittest.TestCase):
    def test_a_byte_was_parsed_with_the_piece_that_held_it(self):
        log = ParseLog()
        for end, when in ((100, 1.0), (200, 2.0), (300, 3.0)):
            log.add(end, when)
        self.assertEqual([log.time_of(offset) for offset in (1, 100, 101, 300, 301)], [1.0, 1.0, 2.0, 3.0, None])

    def test_a_frame_holds_the_updates_that_end_within_it(self):
        log = ParseLog()
        log.add(50, 1.0)
        log.add(120, 1.5)
        log.add(200, 2.0)
        self.assertEqual(slow_link_bench.split_frame(40, 200, [30, 60, 110, 200], log), [(60, 1.5), (110, 1.5), (200, 2.0)])

    def frames_of(self, *outputs, pieces=7):
        """LinkFrames for consecutive key presses, the output parsed in `pieces`-byte pieces one
        second apart after each press at whole seconds."""
        parser, log, seen, frames, start = vt_parser.Parser(), ParseLog(), set(), [], 0
        clock = 0.0
        for number, output in enumerate(outputs):
            pressed = float(number * 100)
            counts = parser.counts.copy()
            clock = pressed
            for i in range(0, len(output), pieces):
                parser.feed(output[i:i + pieces])
                clock += 1.0
                log.add(start + min(len(output), i + pieces), clock)
            frame = scroll_bench.Frame(f"key {number}", output, clock - pressed, set())
            frames.append(slow_link_bench.LinkFrame(frame, start, pressed, parser, log, counts, seen))
            start += len(output)
        return frames

    def test_frames_are_timed_to_their_first_update_and_last_byte(self):
        first_update = BEGIN + b"\x1b[Hselection" + END
        frame, = self.frames_of(first_update + BEGIN + SIXEL + END)
        self.assertEqual(frame.updates, 2)
        self.assertEqual(frame.first_update_seconds, -(-len(first_update) // 7))
        self.assertEqual(frame.seconds, -(-frame.bytes // 7))
        self.assertTrue(frame.ends_with_update)
        self.assertTrue(frame.draws_pictures)
        self.assertEqual(frame.state_at_end, "ground")

    def test_pictures_sent_again_and_twice_in_a_frame_are_told_apart(self):
        other = SIXEL.replace(b"~~~~", b"????")
        first, second = self.frames_of(BEGIN + SIXEL + END, BEGIN + SIXEL + other + END + BEGIN + other + END + b"\x1b[H")
        self.assertEqual((first.pictures, first.resent, first.repeated), (1, 0, 0))
        self.assertEqual((second.pictures, second.resent, second.repeated), (3, 1, 1))
        self.assertEqual(second.repeated_bytes, len(SIXEL_BODY))
        self.assertFalse(second.ends_with_update)
        self.assertEqual(second.counts["sixels"], 3)

    def test_a_selection_move_draws_no_picture(self):
        frame, = self.frames_of(BEGIN + b"\x1b[13d\x1b(B\x1b[0;1m\x1b[36m\xe2\x96\x97\xe2\x96\x84\xe2\x96\x96" + END)
        self.assertFalse(frame.draws_pictures)


class TargetTests(unittest.TestCase):
    class Run:
        def __init__(self, rate, first_bytes, scroll_bytes, scroll_seconds):
            Frame = collections.namedtuple("Frame", "bytes seconds draws_pictures")
            self.mode, self.rate, self.latency = "sixel", rate, 0.02
            self.frames = {slow_link_bench.FIRST_SCREEN: Frame(first_bytes, 1.0, True),
                           slow_link_bench.SCROLL: Frame(scroll_bytes, scroll_seconds, True)}

        def frame(self, name):
            return self.frames[name]

    def test_targets_are_judged_from_the_figures(self):
        today = "\n".join(slow_link_bench.target_lines([self.Run(10_000_000, 484_000, 496_000, 0.444)]))
        self.assertIn("= 102%: **does not hold**", today)
        self.assertIn("444 ms, of which 40 ms are the round trip: **does not hold**", today)
        better = "\n".join(slow_link_bench.target_lines([self.Run(10_000_000, 484_000, 150_000, 0.15)]))
        self.assertIn("= 31%: **holds**", better)
        self.assertIn("150 ms, of which 40 ms are the round trip: **holds**", better)

    def test_the_time_target_is_judged_at_its_rate_only(self):
        lines = slow_link_bench.target_lines([self.Run(2_000_000, 484_000, 150_000, 0.6)])
        self.assertEqual(len(lines), 1)
        self.assertIn("2 Mbit/s run", lines[0])


class SectionTests(unittest.TestCase):
    def test_a_failure_is_reported_in_the_section(self):
        self.assertEqual(slow_link_bench.failure_section("gallery exited"),
                         [slow_link_bench.HEADING, "", "NOT MEASURED: gallery exited", ""])


if __name__ == "__main__":
    unittest.main()
