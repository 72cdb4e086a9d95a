"""The full-screen app inside tmux 3.6a against the same app outside tmux, in one run (issue 26):
the bytes the terminal receives and the time of the first screen, a one-row scroll, and Enter then
Esc. Inside tmux those are what tmux writes to its client, once it has read each sixel gallery sent
into pixels and written it again.

Both run `gallery --source demo` (no `--render`) in a pty of scroll_bench's size and cell pixels,
with a fresh HOME and cache, answered as xterm -ti vt340 answers: gallery's probe outside, tmux's
questions to its client's terminal inside (DA1 with sixel is how tmux learns the terminal has it).
tmux is `../shared/tools/tmux-3.6a/bin/tmux` on a socket of its own, with no status line, so the
pane is the whole window; the section says so when it is absent.
"""
import os
import sys
import tempfile
import time
from pathlib import Path

from scroll_bench import (CELL_PIXELS, FIRST_SCREEN_TIMEOUT, PROBE_REPLIES, QUIET_SECONDS, SCREEN, SIXEL, AppSession,
                          Frame, app_environment, press_until_scroll)
from terminal_pty import WindowPty

HEADING = "## Inside tmux"
TMUX = Path(__file__).resolve().parent.parent.parent / "shared/tools/tmux-3.6a/bin/tmux"
# tmux asks its client's terminal DA1, DA2 and XTVERSION when it attaches.
TMUX_REPLIES = {**PROBE_REPLIES, "DA2": (b"\x1b[>c", b"\x1b[>41;379;0c")}
STEPS = ("first screen, loading included", "scroll down one row", "Enter (the detail pane)", "Esc (the grid again)")


def session_steps(session, started):
    """Frames of the four steps: the first screen once quiet with a sixel drawn, `j` until the grid
    scrolls (the presses that only moved the selection included), Enter, Esc."""
    seen = set()
    output = session.wait_quiet(0, QUIET_SECONDS, FIRST_SCREEN_TIMEOUT, ready=lambda out: SIXEL.search(out))
    if session.process.poll() is not None or not SIXEL.search(output):
        session.process.kill()
        session.process.wait()
        raise RuntimeError(f"no sixel in the first screen; its output began {output[:300]!r}")
    first = [Frame("(start)", output, session.last_output - started, seen)]
    scroll = press_until_scroll(session, b"j", seen)
    enter = [session.press("Enter", b"\r", seen)]
    escape = [session.press("Esc", b"\x1b", seen)]
    session.quit()
    return [first, scroll, enter, escape]


def run(argv, replies):
    """The steps' frames of `argv` in a fresh pty and HOME."""
    with tempfile.TemporaryDirectory(prefix="gallery-tmux-") as home, \
            WindowPty(SCREEN[0], SCREEN[1], CELL_PIXELS) as window:
        environment = app_environment(home)
        environment["TMUX_TMPDIR"] = home
        config = Path(home) / "tmux.conf"
        config.write_text("set -g status off\n")
        argv = [str(config) if part == "{config}" else part for part in argv]
        print(f"  {' '.join(argv)}", flush=True)
        session = AppSession(argv, window, environment, replies)
        return session_steps(session, time.monotonic())


def measure(gallery):
    """{"outside": [frames per step], "tmux 3.6a": [...]}."""
    if not os.access(TMUX, os.X_OK):
        raise RuntimeError(f"{TMUX} is not there (../shared/tools/build-tmux.sh builds it)")
    app = [gallery, "--source", "demo"]
    return {"outside tmux": run(app, PROBE_REPLIES),
            "tmux 3.6a": run([str(TMUX), "-L", f"gallery-bench-{os.getpid()}", "-f", "{config}", "new-session", *app],
                             TMUX_REPLIES)}


def report_section(results):
    """The BENCHMARKS.md section, as lines."""
    names = list(results)
    lines = [
        HEADING,
        "",
        "Measured by `make bench` (`--only tmux` runs just this part): `gallery --source demo` with no `--render` in "
        f"a pty of {SCREEN[0]}x{SCREEN[1]} cells of {CELL_PIXELS[0]}x{CELL_PIXELS[1]} pixels, outside tmux and "
        "inside tmux 3.6a (no status line), answered as xterm -ti vt340 answers. Bytes are what the terminal "
        "receives (inside tmux: from tmux, which writes every sixel again from its own copy, and draws a pane "
        "again whole when it deletes a picture); time is from the key to the last byte, a step ending after "
        f"{QUIET_SECONDS:g} s without output. The scroll counts every `j` until the grid moved.",
        "",
        "Why tmux costs more: outside, a one-row scroll has the terminal move the rows and sends the row coming "
        "in; tmux deletes every picture on a scrolled line, so inside it the rows are drawn again, and when "
        "text deletes a picture tmux draws the whole pane again from its copies, the new rows included. The "
        "first screen is sent row by row as thumbnails arrive, each row again when one more of its thumbnails "
        "is there. Moving the selection costs a few hundred bytes in both.",
        "",
        "| step | " + " | ".join(f"{name}: bytes" for name in names) + " | "
        + " | ".join(f"{name}: ms" for name in names) + " |",
        "| --- | " + " | ".join("---:" for _ in names * 2) + " |",
    ]
    for index, step in enumerate(STEPS):
        frames = [results[name][index] for name in names]
        byte_counts = [f"{sum(frame.bytes for frame in step_frames):,}" for step_frames in frames]
        times = [f"{step_frames[-1].seconds * 1000:.0f}" for step_frames in frames]
        lines.append(f"| {step} | " + " | ".join(byte_counts) + " | " + " | ".join(times) + " |")
    return lines + [""]


def failure_section(error):
    return [HEADING, "", f"NOT MEASURED: {error}", ""]


def measure_section(gallery):
    """(the section as lines, whether it was measured); a failure is reported in it."""
    print("measuring the app inside tmux 3.6a against outside", flush=True)
    try:
        return report_section(measure(gallery)), True
    except (OSError, RuntimeError) as error:
        print(f"bench: tmux not measured: {error}", file=sys.stderr)
        return failure_section(error), False
