"""How long a key press takes over a slow link (issue 14: "A slow link in `make bench`").

The full-screen app (`gallery --source demo --render MODE`) runs in scroll_bench's pty (SCREEN
cells of CELL_PIXELS pixels, a fresh HOME), but its output reaches the terminal through a link:
a thread takes bytes off the pty no faster than the link's rate (a token bucket), and they are
parsed `latency` seconds later by a terminal's parser (vt_parser.py), which answers gallery's
start-up probe as the mode's terminal does. Keys reach the app `latency` seconds after they are
pressed. The pty's kernel buffer pushes back on the app as a slow socket would.

A frame is everything a key (or the start) caused, until nothing arrived for QUIET_SECONDS; it is
complete when the parser has consumed its last byte, which ends a synchronized update
(`CSI ? 2026 l`). Measured per mode and rate: the first screen (from the start of the process), a
one-row scroll of the grid (`j` until pictures are drawn again), Enter on a photo, and Esc from the
detail pane back to the grid.
"""
import argparse
import bisect
import fcntl
import os
import select
import struct
import sys
import tempfile
import termios
import threading
import time
import tty
from collections import Counter, deque

import scroll_bench
import vt_parser
from scroll_bench import CELL_PIXELS, FIRST_SCREEN_TIMEOUT, QUIET_SECONDS, SCREEN, AppSession
from terminal_pty import WindowPty

HEADING = "## Over a slow link"
RATES = (10_000_000, 2_000_000)  # bits per second
LATENCY = 0.020  # one way, seconds
# Bytes taken off the pty at a time, and at most sent at once after an idle spell: small against
# what the link carries in a frame, large enough that a late wake-up (the bucket keeps what it
# missed, up to BURST) costs no throughput.
READ_SIZE = 1024
BURST = 4096
# The targets of issue 14.
SCROLL_SHARE_TARGET = 0.40
SCROLL_MS_TARGET = 150
TARGET_RATE = 10_000_000


class Terminal:
    """The terminal a mode is drawn on: its TERM and what it answers to gallery's probe."""

    def __init__(self, name, term, replies):
        self.name, self.term, self.replies = name, term, replies


# What kitty 0.35.2 answers (kitty/screen.c): OK to the graphics query, the cell size, its name for
# XTVERSION, DA2 (1; 4000 + major version; minor version), DA1 (no sixel); XTSMGRAPHICS goes unanswered.
KITTY_REPLIES = {
    "kitty graphics": (b"\x1b_Gi=31", b"\x1b_Gi=31;OK\x1b\\"),
    "CSI 16 t": (b"\x1b[16t", f"\x1b[6;{CELL_PIXELS[1]};{CELL_PIXELS[0]}t".encode()),
    "XTVERSION": (b"\x1b[>0q", b"\x1bP>|kitty(0.35.2)\x1b\\"),
    "DA2": (b"\x1b[>c", b"\x1b[>1;4000;35c"),
    "DA1": (b"\x1b[c", b"\x1b[?62;c"),
}
TERMINALS = {
    "sixel": Terminal("xterm -ti vt340", "xterm-256color", scroll_bench.PROBE_REPLIES),
    "kitty": Terminal("kitty", "xterm-kitty", KITTY_REPLIES),
    # gallery asks nothing in text modes; the replies are xterm's, should it ever ask.
    "halfblock": Terminal("xterm", "xterm-256color", scroll_bench.PROBE_REPLIES),
}
MODES = tuple(TERMINALS)
PIXEL_MODES = ("sixel", "kitty")


class TokenBucket:
    """A link of `rate` bytes a second: `delay` says how long `size` bytes must wait to go, `take`
    spends them. Unused time is saved up to `burst` bytes, so a late wake-up costs no throughput
    and after an idle spell at most `burst` bytes go at once."""

    def __init__(self, rate, burst, now):
        self.rate, self.burst = rate, burst
        self.tokens, self.updated = float(burst), now

    def _refill(self, now):
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now

    def delay(self, size, now):
        self._refill(now)
        return max(0.0, (min(size, self.burst) - self.tokens) / self.rate)

    def take(self, size, now):
        self._refill(now)
        self.tokens -= size


class ParseLog:
    """When each piece of the stream was parsed: its end offset and the time, in order; so when any
    byte was."""

    def __init__(self):
        self.ends, self.times = [], []

    def add(self, end, when):
        self.ends.append(end)
        self.times.append(when)

    def time_of(self, offset):
        """When the byte just before `offset` was parsed (None if not yet)."""
        index = bisect.bisect_left(self.ends, offset)
        return self.times[index] if index < len(self.times) else None


def split_frame(start, end, update_ends, log):
    """The synchronized updates that end within stream bytes [start, end), as (offset just past
    their `CSI ? 2026 l`, the time it was parsed)."""
    return [(offset, log.time_of(offset)) for offset in update_ends if start < offset <= end]


def draws_pictures(counts):
    """Whether parser counts include a picture drawn: a sixel, a kitty placement, or text cells
    coloured as a picture (half blocks set a 256-colour or 24-bit background per cell)."""
    return counts["sixels"] + counts["kitty_placements"] + counts["picture_backgrounds"] > 0


class LinkFrame:
    """One frame as the terminal got it: scroll_bench's Frame (bytes, seconds from the press to the
    last byte parsed) and what the parser saw in stream bytes [start, start + bytes)."""

    def __init__(self, frame, start, pressed, parser, log, counts_before, seen_pictures):
        self.frame, self.key, self.start = frame, frame.key, start
        end = start + frame.bytes
        updates = split_frame(start, end, parser.update_ends, log)
        self.updates = len(updates)
        self.first_update_seconds = updates[0][1] - pressed if updates else None
        # The last byte of the frame is the end of its last synchronized update.
        self.ends_with_update = bool(updates) and updates[-1][0] == end
        self.counts = parser.counts - counts_before
        self.state_at_end = parser.state_name
        pictures = [p for p in parser.pictures if start < p.end <= end]
        digests = [p.digest for p in pictures]
        self.pictures = len(pictures)
        self.resent = sum(1 for d in set(digests) if d in seen_pictures)
        self.repeated = len(digests) - len(set(digests))
        self.repeated_bytes = sum(p.length for p in pictures) - sum({p.digest: p.length for p in pictures}.values())
        seen_pictures.update(digests)

    @property
    def bytes(self):
        return self.frame.bytes

    @property
    def seconds(self):
        return self.frame.seconds

    @property
    def draws_pictures(self):
        return draws_pictures(self.counts)

    def describe(self):
        first = "-" if self.first_update_seconds is None else f"{self.first_update_seconds * 1000:.0f}"
        return (f"{self.key}: {self.bytes:,} bytes in {self.updates} updates, first at {first} ms, complete at "
                f"{self.seconds * 1000:.0f} ms; {self.pictures} pictures, {self.resent} sent before, "
                f"{self.repeated} twice in the frame")


class SlowLinkSession(AppSession):
    """AppSession whose output comes through a link of `rate` bytes a second and `latency` seconds
    into a terminal's parser; `last_output` is when the parser consumed the last byte."""

    def __init__(self, argv, window, environment, replies, rate, latency):
        self.rate, self.latency = rate, latency
        self.parser = vt_parser.Parser()
        self.log = ParseLog()
        self.parse_seconds = 0.0
        self.seen_pictures = set()
        self.in_flight = deque()
        self.flight_changed = threading.Condition()
        super().__init__(argv, window, environment, replies)

    def _read(self):
        """The terminal's end (AppSession's reader thread): parses what the link delivers."""
        threading.Thread(target=self._carry, daemon=True).start()
        while True:
            with self.flight_changed:
                while not self.in_flight:
                    self.flight_changed.wait()
                due, chunk = self.in_flight.popleft()
            time.sleep(max(0.0, due - time.monotonic()))
            if not self._receive(chunk):
                return

    def _receive(self, chunk):
        """Parses `chunk`, then keeps it: `last_output` is when its last byte was parsed."""
        began = time.perf_counter()
        self.parser.feed(chunk)
        self.parse_seconds += time.perf_counter() - began
        if not super()._receive(chunk):
            return False
        # Only this thread adds output, so reading it outside the lock is safe.
        self.log.add(len(self.output), self.last_output)
        return True

    def _carry(self):
        """The link: takes bytes off the pty as fast as the rate allows; they arrive `latency` later."""
        master = self.window.master
        bucket = TokenBucket(self.rate, BURST, time.monotonic())
        while True:
            try:
                select.select([master], [], [])
                size = min(max(1, bytes_waiting(master)), READ_SIZE)
                time.sleep(bucket.delay(size, time.monotonic()))
                chunk = os.read(master, size)
            except OSError:  # EIO: every slave descriptor is closed
                chunk = b""
            now = time.monotonic()
            bucket.take(len(chunk), now)
            with self.flight_changed:
                self.in_flight.append((now + self.latency, chunk))
                self.flight_changed.notify()
            if not chunk:
                return

    def send(self, data):
        """Keys and replies travel the link too."""
        if self.latency:
            threading.Timer(self.latency, os.write, (self.window.master, data)).start()
        else:
            super().send(data)

    def press(self, label, key, seen):
        """Presses `key`; the LinkFrame it caused."""
        with self.changed:
            start = len(self.output)
        counts = self.parser.counts.copy()
        pressed = time.monotonic()
        frame = super().press(label, key, seen)
        return LinkFrame(frame, start, pressed, self.parser, self.log, counts, self.seen_pictures)


def bytes_waiting(descriptor):
    """Bytes the pty holds for us to read (FIONREAD)."""
    return struct.unpack("i", fcntl.ioctl(descriptor, termios.FIONREAD, b"\0" * 4))[0]


def pty_buffer_bytes():
    """How many bytes a program can write to a pty in raw mode that no one reads before its write
    blocks: the buffering of the link the benchmark models, besides what is in flight."""
    with WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        tty.setraw(window.slave)
        os.set_blocking(window.slave, False)
        written = 0
        try:
            while True:
                written += os.write(window.slave, b"x" * 256)
        except BlockingIOError:
            return written


FIRST_SCREEN = "first screen"
SCROLL = "one-row scroll"
ENTER = "Enter: detail pane"
ESCAPE = "Esc: back to the grid"


class Run:
    """One mode over one link: its frames by step ([(step, [LinkFrame])]), the parser's cost, and
    how the session ended."""

    def __init__(self, mode, rate, latency, steps, session, status, reset, modes_restored):
        self.mode, self.rate, self.latency, self.steps = mode, rate, latency, steps
        self.status, self.reset, self.modes_restored = status, reset, modes_restored
        self.probes = list(session.probes_answered)
        self.bytes = len(session.output)
        self.parse_seconds = session.parse_seconds
        self.whole_parse_seconds, self.same_events = parse_again(session)

    def step(self, name):
        return next(frames for step, frames in self.steps if step == name)

    def frame(self, name):
        """The frame a step is about: the last of its presses (the one that scrolled)."""
        return self.step(name)[-1]

    def frames(self):
        return [frame for _, frames in self.steps for frame in frames]


def parse_again(session):
    """The session's output parsed again in one piece: (the seconds it took, whether the parser saw
    the same as when the link delivered it in pieces)."""
    whole = vt_parser.Parser()
    began = time.perf_counter()
    whole.feed(bytes(session.output))
    seconds = time.perf_counter() - began
    live = session.parser
    same = (whole.counts == live.counts and whole.update_ends == live.update_ends
            and [p.digest for p in whole.pictures] == [p.digest for p in live.pictures])
    return seconds, same


def first_screen(session, started):
    """Waits for the first screen (pictures drawn, then quiet) and returns its LinkFrame."""
    output = session.wait_quiet(0, QUIET_SECONDS, FIRST_SCREEN_TIMEOUT,
                                ready=lambda _: draws_pictures(session.parser.counts))
    if session.process.poll() is not None or not draws_pictures(session.parser.counts):
        exited = session.process.poll()
        session.process.kill()
        session.process.wait()
        why = f"exited with status {exited}" if exited is not None else "drew no picture in time"
        raise RuntimeError(f"gallery {why}; its output began {output[:300]!r}")
    frame = scroll_bench.Frame("(start)", output, session.last_output - started, set())
    return LinkFrame(frame, 0, started, session.parser, session.log, Counter(), session.seen_pictures)


# What sshd sets on the far side of a connection (client address and port, server address and
# port): gallery then spends CPU to send fewer bytes (kitty pictures as PNG).
SSH_CONNECTION = "192.0.2.10 50022 192.0.2.1 22"


def remote_environment(home, term):
    """scroll_bench's app environment as a session over SSH has it."""
    return {**scroll_bench.app_environment(home, term), "SSH_CONNECTION": SSH_CONNECTION}


def measure_run(gallery, mode, rate, latency):
    """One session of `mode` over a link of `rate` bits a second and `latency` seconds one way."""
    terminal = TERMINALS[mode]
    with tempfile.TemporaryDirectory(prefix="gallery-slow-link-") as home, \
            WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        argv = [gallery, "--source", "demo", "--render", mode]
        print(f"  {' '.join(argv)} as {terminal.name} over {rate / 1e6:g} Mbit/s, {latency * 1000:g} ms one way",
              flush=True)
        started = time.monotonic()
        session = SlowLinkSession(argv, window, remote_environment(home, terminal.term), terminal.replies,
                                  rate / 8, latency)
        first = first_screen(session, started)
        print(f"    {first.describe()}", flush=True)
        seen = set()
        steps = [(FIRST_SCREEN, [first]),
                 (SCROLL, scroll_bench.press_until_scroll(session, b"j", seen, lambda frame: frame.draws_pictures))]
        for name, label, key in ((ENTER, "Enter", b"\r"), (ESCAPE, "Esc", b"\x1b")):
            steps.append((name, [session.press(label, key, seen)]))
            print(f"    {steps[-1][1][0].describe()}", flush=True)
        status, tail, modes_restored = session.quit()
    reset = scroll_bench.LEAVE_ALTERNATE_SCREEN in tail and scroll_bench.SHOW_CURSOR in tail
    return Run(mode, rate, latency, steps, session, status, reset, modes_restored)


def measure(gallery, rates=RATES, modes=MODES, latency=LATENCY):
    """Every mode over every link: [Run]."""
    return [measure_run(gallery, mode, rate, latency) for rate in rates for mode in modes]


def milliseconds(seconds):
    return "-" if seconds is None else f"{seconds * 1000:,.0f}"


def verdict(holds):
    return "holds" if holds else "does not hold"


def target_lines(runs):
    """The issue's targets, computed from the sixel runs."""
    sixel = [run for run in runs if run.mode == "sixel"]
    if not sixel:
        return ["- Targets: not measured (no sixel run)."]
    lines = []
    for run in sixel:
        scroll, first = run.frame(SCROLL), run.frame(FIRST_SCREEN)
        if not scroll.draws_pictures:
            lines.append(f"- {rate_name(run.rate)}: the grid did not scroll within {scroll_bench.MAX_PRESSES} presses "
                         "of `j`: targets not measured.")
            continue
        share = scroll.bytes / first.bytes
        lines.append(f"- One-row sixel scroll ≤ {SCROLL_SHARE_TARGET:.0%} of the first screen's bytes "
                     f"({rate_name(run.rate)} run): {scroll.bytes:,} / {first.bytes:,} = {share:.0%}: "
                     f"**{verdict(share <= SCROLL_SHARE_TARGET)}**.")
        if run.rate == TARGET_RATE:
            lines.append(f"- At {rate_name(TARGET_RATE)} a one-row sixel scroll completes in ≤ {SCROLL_MS_TARGET} ms: "
                         f"{milliseconds(scroll.seconds)} ms, of which {2 * run.latency * 1000:g} ms are the round "
                         f"trip: **{verdict(scroll.seconds * 1000 <= SCROLL_MS_TARGET)}**.")
    return lines


def rate_name(rate):
    return f"{rate / 1e6:g} Mbit/s"


def parser_lines(runs):
    """The parser's own cost, against the time the fastest link takes for the same bytes."""
    parsed = sum(run.bytes for run in runs)
    live = sum(run.parse_seconds for run in runs)
    whole = sum(run.whole_parse_seconds for run in runs)
    fastest = max(run.rate for run in runs) / 8
    share = live / (parsed / fastest) if parsed else 0.0
    same = all(run.same_events for run in runs)
    return [
        f"- The parser: {live / parsed * 1e9:.1f} ms per MB as the link delivered it (pieces of at most "
        f"{READ_SIZE:,} bytes), {whole / parsed * 1e9:.1f} ms per MB in one piece, over {parsed / 1e6:.1f} MB; "
        f"{share:.1%} of the time {rate_name(fastest * 8)} takes for the same bytes: it "
        f"{'keeps up' if share < 0.1 else 'DOES NOT keep up (times include parsing)'}. The same output parsed in "
        f"one piece gave {'the same' if same else 'DIFFERENT'} counts, update ends and pictures.",
    ]


def oddity_lines(runs):
    """What in the output is worth a look: frames that do not end with the end of a synchronized
    update or leave the parser inside a sequence, pictures sent twice in one frame."""
    lines = []
    for run in runs:
        where = f"{run.mode} at {rate_name(run.rate)}"
        for step, frames in run.steps:
            for frame in frames:
                if not frame.ends_with_update or frame.state_at_end != vt_parser.STATE_NAMES[vt_parser.GROUND]:
                    lines.append(f"- {where}, {step} ({frame.key}): the last byte is not the end of a synchronized "
                                 f"update (parser in {frame.state_at_end}).")
                if frame.repeated:
                    pictures = "a picture" if frame.repeated == 1 else f"{frame.repeated} pictures"
                    lines.append(f"- {where}, {step} ({frame.key}): {pictures} written twice in the frame, the same "
                                 f"bytes ({frame.repeated_bytes:,} bytes again).")
        if run.status != 0 or not run.reset or not run.modes_restored:
            lines.append(f"- {where}: quit with status {run.status}, terminal reset "
                         f"{'written' if run.reset else 'NOT written'}, pty modes "
                         f"{'restored' if run.modes_restored else 'NOT restored'}.")
    return lines or ["- Every frame ends with the end of a synchronized update, the parser back in its ground state; "
                     "no picture is written twice within a frame; every session quit cleanly."]


def probe_line(runs):
    """The replies each mode's first session gave, in order (a query answered twice shows twice)."""
    first = {}
    for run in runs:
        first.setdefault(run.mode, run.probes)
    return f"- Probes answered: {'; '.join(f'{mode}: ' + (', '.join(probes) or 'none') for mode, probes in first.items())}."


def report_section(runs, buffer_bytes):
    """The BENCHMARKS.md section, as lines."""
    latency = runs[0].latency if runs else LATENCY
    lines = [
        HEADING,
        "",
        "Measured by `make bench` (`--only slow-link` runs just this part; scripts/slow_link_bench.py): "
        f"`gallery --source demo --render MODE` in scroll_bench's pty ({SCREEN[0]}x{SCREEN[1]} cells of "
        f"{CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels, a fresh HOME and cache, no COLORTERM, SSH_CONNECTION set, as over SSH). Its output "
        "crosses a link into a terminal's escape-sequence parser (scripts/vt_parser.py: the DEC state machine, "
        "ground, escape, CSI, DCS passthrough for sixel, APC for kitty, OSC), which answers the start-up probe "
        "as the mode's terminal does: sixel as xterm -ti vt340 (TERM=xterm-256color, XTVERSION `XTerm(379)`: a "
        "terminal that moves sixel pictures with scrolled rows), kitty as kitty 0.35.2 (TERM=xterm-kitty, an OK "
        "to the graphics query, DA1 `?62;c`), halfblock in an xterm (gallery asks nothing in text modes). "
        f"The link: a token bucket takes bytes off the pty no faster than the rate (at most {READ_SIZE:,} bytes "
        f"a read, {BURST:,} at once after an idle spell), so the pty's kernel buffer ({buffer_bytes:,} bytes "
        "here, measured) pushes back on the app as a slow socket would; bytes reach the parser, and keys and "
        f"probe replies reach the app, {latency * 1000:g} ms after they leave (one way): a round trip of "
        f"{2 * latency * 1000:g} ms is in every time below. A frame is everything a key caused until nothing "
        f"arrived for {QUIET_SECONDS:g} s (that quiet tail is not counted); *complete*: from the key press (for "
        "the first screen: the start of the process) to the parser consuming the frame's last byte; *first "
        "update*: to the end of its first synchronized update (`CSI ? 2026 l`), the key's own screen before "
        "thumbnails rendered later arrive. The one-row scroll is the press of `j` that scrolled the grid (the "
        "presses before it only move the selection); Enter opens the selected photo, Esc goes back. "
        "*link ms*: bytes ÷ rate, what the link alone needs. Pictures: sixel images and kitty transmissions; "
        "*sent before*: the same bytes were sent earlier in the session (halfblock draws none: its pictures are "
        "coloured text).",
        "",
        "| mode | link | frame | key | bytes | updates | first update ms | complete ms | link ms | pictures | sent before |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run in runs:
        for step, _ in run.steps:
            frame = run.frame(step)
            lines.append(f"| {run.mode} | {rate_name(run.rate)} | {step} | {frame.key} | {frame.bytes:,} | "
                         f"{frame.updates} | {milliseconds(frame.first_update_seconds)} | "
                         f"{milliseconds(frame.seconds)} | {milliseconds(frame.bytes * 8 / run.rate)} | "
                         + (f"{frame.pictures} | {frame.resent} |" if run.mode in PIXEL_MODES else "- | - |"))
    lines += ["", *target_lines(runs), *(parser_lines(runs) if runs else []), *oddity_lines(runs),
              probe_line(runs),
              ""]
    return lines


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def measure_section(gallery, rates=RATES, modes=MODES, latency=LATENCY):
    """(the section as lines, whether it was measured): a failure is reported in the section rather
    than thrown, so it cannot cost the rest of a long `make bench`."""
    print(f"measuring frames over a slow link ({', '.join(map(rate_name, rates))})", flush=True)
    try:
        return report_section(measure(gallery, rates, modes, latency), pty_buffer_bytes()), True
    except (OSError, RuntimeError) as error:
        print(f"bench: slow link not measured: {error}", file=sys.stderr)
        return failure_section(error), False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallery", required=True, help="the gallery binary")
    parser.add_argument("--rates", default=",".join(f"{rate / 1e6:g}" for rate in RATES), help="Mbit/s, comma-separated")
    parser.add_argument("--modes", default=",".join(MODES), help=f"comma-separated, of {', '.join(MODES)}")
    parser.add_argument("--latency-ms", type=float, default=LATENCY * 1000, help="one-way latency")
    args = parser.parse_args()
    modes = args.modes.split(",")
    unknown = [mode for mode in modes if mode not in TERMINALS]
    if unknown:
        parser.error(f"unknown mode {', '.join(unknown)}")
    rates = [float(rate) * 1e6 for rate in args.rates.split(",")]
    section, measured = measure_section(args.gallery, rates, modes, args.latency_ms / 1000)
    print("\n".join(section))
    return 0 if measured else 1


if __name__ == "__main__":
    sys.exit(main())
