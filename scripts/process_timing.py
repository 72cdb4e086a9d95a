"""Timing a tool as a whole process, the way every part of `make bench` times one."""
import os
import statistics
import subprocess
import time

# The environment every tool runs in: a truecolor xterm, as far as variables tell.
TOOL_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "COLORTERM": "truecolor",
            "LANG": "C.UTF-8"}


def run_once(argv, stdin, stdout):
    """Wall milliseconds and child CPU milliseconds (user + sys) of one whole process."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL, env=TOOL_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {process.returncode}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def interleaved(commands, runs, warmup, stdin=subprocess.DEVNULL):
    """{label: (median wall ms, median CPU ms)} of `commands` ({label: argv}), taking turns run by
    run so the machine's load hits them alike; the first `warmup` rounds are not counted. The CPU
    time is the process's and its waited-for children's (a launcher's handed-over process too)."""
    samples = {label: [] for label in commands}
    for round_ in range(warmup + runs):
        for label, argv in commands.items():
            timing = run_once(argv, stdin, subprocess.DEVNULL)
            if round_ >= warmup:
                samples[label].append(timing)
    return {label: (statistics.median(wall for wall, _ in values), statistics.median(cpu for _, cpu in values))
            for label, values in samples.items()}
