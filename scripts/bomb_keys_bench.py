"""How fast the app answers a key while decompression bombs decode (issue 25: "in the app, a key
answered within 100 ms while any of them is being read").

    python3 scripts/bomb_keys_bench.py GALLERY [--photos DIR] [--presses N] [--interval S]

A folder holds issue 25's small bombs (`scripts/make_bombs.py`) and the shared photos; the app
(`GALLERY FOLDER --render halfblock`) runs in a 120x40 pty with a fresh HOME and cache, so every
cell is decoded. As soon as its first screen is up, → and ← are pressed in turn every INTERVAL
seconds while the cells decode. A key is answered by the first synchronized update
(`CSI ? 2026 h` … `l`) after it that draws the selection's frame (its corner `▗` in cyan; a
thumbnail arriving is 24-bit colour); its latency is from the key's write to that update's end. Then
the script waits for every cell to settle and reports how long the screen took and what the bombs'
cells say.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

from terminal_pty import WindowPty

COLUMNS, ROWS = 120, 40
KEYS = (b"\x1bOC", b"\x1bOD")
END_UPDATE = b"\x1b[?2026l"
BEGIN_UPDATE = b"\x1b[?2026h"
# The selection's frame: its top-left corner in the theme's cyan (thumbnails are 24-bit colour).
SELECTION_CORNER = b"\x1b[36m\xe2\x96\x97"


class App:
    """The app on a pty, every chunk of its output kept with the time it came."""

    def __init__(self, argv, environment):
        self.window = WindowPty(COLUMNS, ROWS, (10, 20))
        self.chunks = []  # (monotonic time, bytes)
        self.lock = threading.Lock()
        self.process = subprocess.Popen(argv, stdin=self.window.slave, stdout=self.window.slave,
                                        stderr=subprocess.DEVNULL, env=environment, start_new_session=True,
                                        close_fds=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            try:
                chunk = os.read(self.window.master, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.chunks.append((time.monotonic(), chunk))

    def output_since(self, start):
        """The bytes that came at or after `start`, each byte's arrival time beside it by chunk."""
        with self.lock:
            return [(t, c) for t, c in self.chunks if t >= start]

    def all_output(self):
        with self.lock:
            return b"".join(c for _, c in self.chunks)

    def send(self, data):
        sent = time.monotonic()
        os.write(self.window.master, data)
        return sent

    def quit(self):
        self.send(b"q")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.window.close()


def answer_time(chunks):
    """The end of the first synchronized update in `chunks` that draws the selection's frame."""
    stream, times = b"", []
    for t, chunk in chunks:
        stream += chunk
        times.append((len(stream), t))
        start = 0
        while True:
            begin = stream.find(BEGIN_UPDATE, start)
            if begin < 0:
                break
            end = stream.find(END_UPDATE, begin)
            if end < 0:
                break
            if stream.find(SELECTION_CORNER, begin, end) >= 0:
                done = end + len(END_UPDATE)
                return next(t for length, t in times if length >= done)
            start = end
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gallery")
    parser.add_argument("--photos", default=os.environ.get("GALLERY_PHOTOS", "/work/shared/photos"))
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--interval", type=float, default=0.25)
    arguments = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="bomb-keys-")
    try:
        folder = os.path.join(scratch, "pictures")
        subprocess.run(["python3", os.path.join(os.path.dirname(__file__), "make_bombs.py"), folder],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        bombs = sorted(os.listdir(folder))
        for name in sorted(os.listdir(arguments.photos)):
            if name.lower().endswith((".jpg", ".png", ".heic", ".webp")):
                # After the bombs by name: the bombs fill the first screen.
                shutil.copy(os.path.join(arguments.photos, name), os.path.join(folder, "z-" + name))
        home = os.path.join(scratch, "home")
        os.makedirs(home)
        environment = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
                       "COLORTERM": "truecolor", "LANG": "C.UTF-8"}
        started = time.monotonic()
        app = App([arguments.gallery, folder, "--render", "halfblock"], environment)
        # The first screen: the grid's selection drawn.
        while SELECTION_CORNER not in app.all_output():
            if time.monotonic() - started > 60:
                raise SystemExit("no first screen in 60 s")
            time.sleep(0.005)
        first = time.monotonic() - started
        latencies, unanswered = [], 0
        for press in range(arguments.presses):
            sent = app.send(KEYS[press % 2])
            deadline = sent + 2
            answered = None
            while answered is None and time.monotonic() < deadline:
                time.sleep(0.002)
                answered = answer_time(app.output_since(sent))
            if answered is None:
                unanswered += 1
            else:
                latencies.append((answered - sent) * 1000)
                if latencies[-1] > 100:
                    print(f"press {press + 1} at {sent - started:.2f} s: {latencies[-1]:.1f} ms")
            time.sleep(max(0, sent + arguments.interval - time.monotonic()))
        pressing = time.monotonic() - started
        # Settled: no output for 2 s (a spinner turns while a cell decodes).
        while True:
            with app.lock:
                last = app.chunks[-1][0]
            if time.monotonic() - last > 2 or time.monotonic() - started > 120:
                break
            time.sleep(0.1)
        settled = last - started
        app.quit()
        print(f"{len(bombs)} bomb files, {len(os.listdir(folder)) - len(bombs)} photos; first screen {first * 1000:.0f} ms")
        print(f"{len(latencies)} keys answered while the cells decoded (pressed from {first:.1f} s to {pressing:.1f} s), "
              f"{unanswered} unanswered in 2 s")
        if latencies:
            ordered = sorted(latencies)
            print(f"key to screen: median {statistics.median(ordered):.1f} ms, 90th {ordered[int(len(ordered) * 0.9)]:.1f} ms, "
                  f"max {ordered[-1]:.1f} ms; over 100 ms: {sum(1 for x in ordered if x > 100)}")
        print(f"last output at {settled:.1f} s")
        # What was not drawn, and why, as the app's log says.
        log = os.path.join(home, ".local/state/gallery/gallery.log")
        for line in open(log, encoding="utf-8", errors="replace") if os.path.exists(log) else []:
            found = re.search(r'photo="(.*?)" reason=(.*) not drawn$', line.rstrip())
            if found:
                print(f"not drawn: {os.path.basename(found.group(1))}: {found.group(2)}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
