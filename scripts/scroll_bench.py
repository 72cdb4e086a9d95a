"""The bytes gallery writes to scroll a screen of sixel thumbnails (issue 3: "Scrolling a full screen
of sixel thumbnails by one row: the bytes written for that frame are reported by the bench; no
full-screen re-encode").

The full-screen app (`gallery --source demo --render sixel`) runs in a pty of SCREEN cells of
CELL_PIXELS pixels, with a fresh HOME and cache. A reader thread keeps everything it writes and
answers its start-up probe like a sixel terminal. After the first screen is complete, keys are
pressed one at a time and each frame (the output until the app is quiet again) is taken apart:
its bytes, its sixel images (`ESC P … q … ESC \\`), and which of those were never written before
in the session (equal bytes = re-sent from gallery's payload cache; new bytes = encoded anew).
"""
import hashlib
import os
import re
import subprocess
import tempfile
import threading
import time

from terminal_pty import WindowPty

SCREEN = (120, 40)
CELL_PIXELS = (10, 20)
# Output quiet this long ends a frame (the first screen: after sixels appeared).
QUIET_SECONDS = 1.0
FIRST_SCREEN_TIMEOUT = 60.0
FRAME_TIMEOUT = 30.0
# Presses of one key before giving up on seeing the grid scroll.
MAX_PRESSES = 12
HEADING = "## Scrolling a screen of sixel thumbnails by one row"

# What xterm -ti vt340 answers (DA1 with attribute 4 = sixel; the cell size for CSI 16 t; its name
# and patch for XTVERSION, which tells gallery the terminal moves sixel pixels with scrolled rows).
# The XTSMGRAPHICS colour-register query goes unanswered, so gallery uses 256 colours as in
# `gallery view`.
PROBE_REPLIES = {
    "DA1": (b"\x1b[c", b"\x1b[?63;1;2;4;6;9;15;16;22;28c"),
    "CSI 16 t": (b"\x1b[16t", f"\x1b[6;{CELL_PIXELS[1]};{CELL_PIXELS[0]}t".encode()),
    "XTVERSION": (b"\x1b[>0q", b"\x1bP>|XTerm(379)\x1b\\"),
}
SIXEL = re.compile(rb"\x1bP[0-9;]*q(?:\"([0-9;]*))?.*?\x1b\\", re.S)
CURSOR_POSITION = re.compile(rb"\x1b\[(\d+);(\d+)H$")
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
SHOW_CURSOR = b"\x1b[?25h"
# gallery wraps each screen update in a synchronized update (DEC mode 2026).
BEGIN_UPDATE = b"\x1b[?2026h"


class Sixel:
    """One sixel image in the output: where (1-based cell of the CUP just before it, if any), its
    pixel size from the raster attributes, and a digest of its bytes."""

    def __init__(self, match, output):
        self.length = match.end() - match.start()
        self.digest = hashlib.sha256(match.group(0)).digest()
        before = CURSOR_POSITION.search(output, max(0, match.start() - 16), match.start())
        self.cell = (int(before.group(1)), int(before.group(2))) if before else None
        raster = (match.group(1) or b"").split(b";")
        self.pixels = (int(raster[2]), int(raster[3])) if len(raster) == 4 and all(raster) else None

    def cells(self):
        """Rows and columns of cells the image covers (rounded up), None without raster attributes."""
        if not self.pixels:
            return None
        return (-(-self.pixels[1] // CELL_PIXELS[1]), -(-self.pixels[0] // CELL_PIXELS[0]))


def sixels_in(output):
    return [Sixel(match, output) for match in SIXEL.finditer(output)]


class Frame:
    """The output after one key press (or the start) until the app was quiet again: one or more
    screen updates (the key's, then one per thumbnail that arrived later)."""

    def __init__(self, key, output, seconds, seen):
        self.key, self.output, self.seconds = key, output, seconds
        self.sixels = sixels_in(output)
        self.updates = output.count(BEGIN_UPDATE)
        second = output.find(BEGIN_UPDATE, output.find(BEGIN_UPDATE) + 1)
        self.first_update_bytes = len(output) if second < 0 else second
        digests = [s.digest for s in self.sixels]
        self.new = sum(1 for d in set(digests) if d not in seen)
        # The same image written twice in one frame: a frame drawn twice, or a needless resend.
        self.repeated = len(digests) - len(set(digests))
        self.repeated_bytes = self.sixel_bytes - sum({s.digest: s.length for s in self.sixels}.values())
        seen.update(digests)

    @property
    def bytes(self):
        return len(self.output)

    @property
    def sixel_bytes(self):
        return sum(s.length for s in self.sixels)

    def describe(self):
        return (f"{self.key}: {self.bytes:,} bytes in {self.updates} updates (first {self.first_update_bytes:,}), "
                f"{len(self.sixels)} sixels ({self.sixel_bytes:,} bytes), {self.new} new, {self.repeated} repeated, "
                f"{self.seconds * 1000:.0f} ms")


class AppSession:
    """The full-screen app in a pty; a reader thread collects its output and answers its probe with
    `replies` ({name: (query, reply)}, xterm -ti vt340's by default)."""

    def __init__(self, argv, window, environment, replies=PROBE_REPLIES):
        self.window = window
        self.replies = replies
        self.output = bytearray()
        self.last_output = time.monotonic()
        self.probes_answered = []
        self.changed = threading.Condition()
        self.modes_before = window.modes()
        self.process = subprocess.Popen(argv, stdin=window.slave, stdout=window.slave, stderr=window.slave,
                                        env=environment, start_new_session=True, close_fds=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            try:
                chunk = os.read(self.window.master, 65536)
            except OSError:  # EIO: every slave descriptor is closed
                chunk = b""
            if not self._receive(chunk):
                return

    def _receive(self, chunk):
        """Keeps `chunk` of the output and answers the queries in it; False at the end (b"")."""
        with self.changed:
            if not chunk:
                self.changed.notify_all()
                return False
            tail = bytes(self.output[-8:])
            self.output += chunk
            self.last_output = time.monotonic()
            self.changed.notify_all()
        self._answer(tail, chunk)
        return True

    def _answer(self, tail, chunk):
        """Answers each query that ends in `chunk` (`tail`, the bytes before it, catches a query
        split between reads; one wholly in `tail` was answered with the read before). The replies go
        in one write, in the order of the queries, as a terminal answers: DA1, asked last, tells
        gallery that every other reply has come."""
        recent = tail + chunk
        found = sorted((at, name) for name, (query, _) in self.replies.items()
                       if (at := recent.find(query, max(0, len(tail) - len(query) + 1))) >= 0)
        found = found[:max(0, 2 * len(self.replies) - len(self.probes_answered))]
        if found:
            self.send(b"".join(self.replies[name][1] for _, name in found))
            self.probes_answered += [name for _, name in found]

    def send(self, data):
        """Writes `data` (a key, a reply) to the app's terminal."""
        os.write(self.window.master, data)

    def wait_quiet(self, start, quiet, timeout, ready=lambda output: True):
        """Waits until `ready(output since start)` and nothing came for `quiet` seconds (or `timeout`
        passed, or the app exited); returns the output since `start`."""
        began = time.monotonic()
        with self.changed:
            while True:
                now = time.monotonic()
                since = bytes(self.output[start:])
                quiet_for = now - max(self.last_output, began)
                if (ready(since) and quiet_for >= quiet) or now - began >= timeout or self.process.poll() is not None:
                    return since
                self.changed.wait(max(0.01, quiet - quiet_for if ready(since) else 0.1))

    def press(self, label, key, seen):
        """Presses `key` and returns the frame it caused."""
        with self.changed:
            start = len(self.output)
        pressed = time.monotonic()
        self.send(key)
        output = self.wait_quiet(start, QUIET_SECONDS, FRAME_TIMEOUT)
        # From the press to the frame's last byte.
        seconds = max(0.0, self.last_output - pressed) if output else 0.0
        return Frame(label, output, seconds, seen)

    def quit(self):
        """Presses q; (exit status, output after q, whether the pty's modes are back as they were)."""
        with self.changed:
            start = len(self.output)
        os.write(self.window.master, b"q")
        try:
            status = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        modes_after = self.window.modes()
        # The reader gets everything the app wrote before exiting, then EIO once no one holds the slave.
        self.window.close_slave()
        self.reader.join(timeout=5)
        with self.changed:
            tail = bytes(self.output[start:])
        return status, tail, modes_after == self.modes_before


def overlapping_groups(spans):
    """Groups (start, length) spans, sorted, into runs that overlap; returns the groups' first starts.
    Thumbnails in one grid row overlap in rows even when centred at different heights."""
    starts, end = [], None
    for start, length in sorted(spans):
        if end is None or start >= end:
            starts.append(start)
            end = start + length
        else:
            end = max(end, start + length)
    return starts


class GridGeometry:
    """Where one screen's thumbnails are: the 1-based cells its grid rows and columns start at
    (images that overlap share a row or column), thumbnails per row, and the largest image."""

    def __init__(self, sixels):
        placed = {(s.cell, s.cells(), s.pixels) for s in sixels if s.cell and s.pixels}
        self.rows = overlapping_groups({(cell[0], size[0]) for cell, size, _ in placed})
        self.columns = overlapping_groups({(cell[1], size[1]) for cell, size, _ in placed})

        def group_of(value, starts):
            return max(start for start in starts if start <= value)

        self.per_row = [len({group_of(cell[1], self.columns) for cell, _, _ in placed
                             if group_of(cell[0], self.rows) == row}) for row in self.rows]
        self.cells = (max((size[1] for _, size, _ in placed), default=0), max((size[0] for _, size, _ in placed), default=0))
        self.pixels = (max((px[0] for _, _, px in placed), default=0), max((px[1] for _, _, px in placed), default=0))

    def describe(self):
        return (f"{max(self.per_row, default=0)} thumbnails a row, {len(self.rows)} rows "
                f"({sum(self.per_row)} on screen), images up to {self.cells[0]}x{self.cells[1]} cells "
                f"({self.pixels[0]}x{self.pixels[1]} px), grid rows from cell rows {', '.join(map(str, self.rows))}, "
                f"columns from {', '.join(map(str, self.columns))}")


class ScrollResult:
    """What a session measured: `steps` are (what was done, [Frame per key press]), the first
    screen first."""

    def __init__(self, steps, geometry, status, reset, modes_restored, probes):
        self.steps, self.geometry = steps, geometry
        self.status, self.reset, self.modes_restored, self.probes = status, reset, modes_restored, probes

    def frames(self):
        return [frame for _, frames in self.steps for frame in frames]

    def step(self, name):
        return next(frames for step, frames in self.steps if step == name)


FIRST_SCREEN = "first screen, loading included"
SCROLL_DOWN = "scroll down one row"
SCROLL_DOWN_CACHED = "scroll down one row again, its thumbnails cached"
SELECTION = "move the selection right, no scrolling"


def press_until_scroll(session, key, seen, scrolled=lambda frame: frame.sixels):
    """Presses `key` until a frame holds sixels (the grid scrolled), or what `scrolled` looks for,
    at most MAX_PRESSES times."""
    frames = []
    for press in range(1, MAX_PRESSES + 1):
        frame = session.press(f"`{key.decode()}` press {press}", key, seen)
        frames.append(frame)
        print(f"    {frame.describe()}", flush=True)
        if scrolled(frame):
            break
    return frames


def app_environment(home, term="xterm-256color"):
    """The app's environment: TERM, a UTF-8 locale, and a fresh HOME with its cache, config and state
    folders inside (nothing the user has set leaks in)."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": term, "LANG": "C.UTF-8", "HOME": home,
            "XDG_CACHE_HOME": os.path.join(home, "cache"), "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_STATE_HOME": os.path.join(home, "state")}


def measure(gallery, extra_arguments=()):
    """Runs the session and returns a ScrollResult."""
    seen = set()
    with tempfile.TemporaryDirectory(prefix="gallery-scroll-") as home, \
            WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        environment = app_environment(home)
        argv = [gallery, "--source", "demo", "--render", "sixel", *extra_arguments]
        print(f"  {' '.join(argv)} in a {SCREEN[0]}x{SCREEN[1]} pty of {CELL_PIXELS[0]}x{CELL_PIXELS[1]} px cells",
              flush=True)
        session = AppSession(argv, window, environment)
        started = time.monotonic()
        output = session.wait_quiet(0, QUIET_SECONDS, FIRST_SCREEN_TIMEOUT, ready=lambda out: SIXEL.search(out))
        if session.process.poll() is not None or not SIXEL.search(output):
            exited = session.process.poll()
            session.process.kill()
            session.process.wait()
            why = f"exited with status {exited}" if exited is not None else f"drew no sixel in {FIRST_SCREEN_TIMEOUT:g} s"
            raise RuntimeError(f"gallery {why}; its output began {output[:300]!r}")
        first = Frame("(start)", output, session.last_output - started, seen)
        geometry = GridGeometry(first.sixels)
        print(f"    {first.describe()}\n    {geometry.describe()}", flush=True)
        steps = [(FIRST_SCREEN, [first]),
                 (SCROLL_DOWN, press_until_scroll(session, b"j", seen)),
                 ("scroll back up one row", press_until_scroll(session, b"k", seen))]
        for name, key in (("`G` to the bottom", b"G"), ("`g` back to the top", b"g")):
            steps.append((name, [session.press(f"`{key.decode()}`", key, seen)]))
            print(f"    {steps[-1][1][0].describe()}", flush=True)
        steps.append((SCROLL_DOWN_CACHED, press_until_scroll(session, b"j", seen)))
        steps.append((SELECTION, [session.press("`l`", b"l", seen)]))
        print(f"    {steps[-1][1][0].describe()}", flush=True)
        status, tail, modes_restored = session.quit()
    reset = LEAVE_ALTERNATE_SCREEN in tail and SHOW_CURSOR in tail
    return ScrollResult(steps, geometry, status, reset, modes_restored, sorted(set(session.probes_answered)))


def report_section(result):
    """The BENCHMARKS.md section, as lines."""
    geometry = result.geometry
    row_length = max(geometry.per_row, default=0)
    lines = [
        HEADING,
        "",
        f"Measured by `make bench` (`--only scroll` runs just this part): `gallery --source demo --render sixel` "
        f"in a pty of {SCREEN[0]}x{SCREEN[1]} cells of {CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels (set with "
        "`TIOCSWINSZ`), TERM=xterm-256color, a fresh HOME and cache; the script answers the start-up probe as "
        "xterm -ti vt340 does (DA1 with sixel, the cell size). Once the first screen is complete (no output for "
        f"{QUIET_SECONDS:g} s), keys are pressed one at a time; a frame is everything written until there is no "
        f"output for {QUIET_SECONDS:g} s again. gallery writes each screen update as a synchronized update "
        "(`CSI ? 2026 h` … `l`); a key's frame holds several when thumbnails arrive after it. A sixel is *new* "
        "when its bytes were not written before in the session (it was encoded for this frame, or ahead of it), "
        "else it was re-sent from the payload cache; *again* counts images written a second time within the "
        "same frame. ms: from the key press to the frame's last byte.",
        "",
        f"Grid: {geometry.describe()}.",
        "",
        "| frame | key | bytes | updates | first update bytes | sixels | new | again | ms |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, frames in result.steps:
        for frame in frames:
            lines.append(f"| {name} | {frame.key} | {frame.bytes:,} | {frame.updates} | "
                         f"{frame.first_update_bytes:,} | {len(frame.sixels)} | {frame.new} | {frame.repeated} | "
                         f"{frame.seconds * 1000:.0f} |")
    scroll = result.step(SCROLL_DOWN)[-1]
    cached = result.step(SCROLL_DOWN_CACHED)[-1]
    on_screen = sum(geometry.per_row)
    if not scroll.sixels:
        verdict = f"the grid did not scroll within {MAX_PRESSES} presses of `j`: NOT MEASURED"
    elif scroll.new <= row_length and scroll.new < on_screen:
        verdict = "holds"
    else:
        verdict = "DOES NOT HOLD"
    sixels = [s for frame in result.frames() for s in frame.sixels]
    again = [frame for frame in result.frames() if frame.repeated]
    lines += [
        "",
        f"- Scroll down by one row ({scroll.key}): {scroll.bytes:,} bytes in {scroll.updates} updates, the scroll's "
        f"own update {scroll.first_update_bytes:,} bytes; {len(scroll.sixels)} sixels written, {scroll.new} of them "
        f"new (a row holds {row_length}, the screen {on_screen}). No full-screen re-encode: {verdict}. "
        f"Once the row's thumbnails are cached ({cached.key} after `g`): {cached.bytes:,} bytes in "
        f"{cached.updates} update{'s' if cached.updates != 1 else ''}, {len(cached.sixels)} sixels, {cached.new} new.",
        f"- Sixels average {sum(s.length for s in sixels) / max(1, len(sixels)):,.0f} bytes. Written again within "
        f"one frame (by a later update of it): {sum(f.repeated for f in again)} images, "
        f"{sum(f.repeated_bytes for f in again):,} bytes "
        f"({', '.join(f'{f.repeated} in {f.key}' for f in again) or 'none'}).",
        f"- Quit with `q`: exit status {result.status}; "
        f"{'terminal reset written (alternate screen left, cursor shown)' if result.reset else 'NO terminal reset seen'}, "
        f"pty modes {'restored' if result.modes_restored else 'NOT restored'}; "
        f"probes answered: {', '.join(result.probes) or 'none'}.",
        "",
    ]
    return lines


def failure_section(error):
    """The section when the session could not be measured."""
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def replace_section(text, heading, section):
    """`text` with the section under `heading` (up to the next `## ` heading) replaced by `section`,
    appended when missing."""
    lines = text.splitlines()
    if heading not in lines:
        return "\n".join(lines + [""] + section).rstrip("\n") + "\n"
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[:start] + section + lines[end:]).rstrip("\n") + "\n"
