#!/usr/bin/env python3
"""`make fuzz`: runs each fuzz target under libFuzzer for a set time, from its corpus.

Per target: inputs from .fuzz/corpus/TARGET (what earlier runs found interesting; new ones are
added there) and .fuzz/seeds/TARGET (fuzz_corpus.py); anything that crashes, fails a check, times
out or runs out of memory is written to .fuzz/findings/TARGET/, and libFuzzer's output to
.fuzz/logs/TARGET.log. Exits with 1 when any target found something, after naming each file, its
first error line and how to replay it.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FUZZ = REPO / ".fuzz"

# The longest input per target: room for the largest seed and for the fuzzer to grow it, small
# enough that each run is quick and a finding is easy to read.
MAX_LENGTHS = {
    "jpeg": 65536,
    "png": 16384,
    "exif": 16384,
    "webp": 32768,
    "gif": 32768,
    "tiff": 65536,
    "bmp": 32768,
    "heif": 32768,
    "video": 16384,
    # A DNG seed is some 40 KB: its sensor's data follows the preview.
    "raw": 65536,
    "jxl": 32768,
    "encoders": 8192,
    "unsplash-json": 16384,
    "picsum-json": 4096,
    "http-headers": 4096,
    "terminal-replies": 1024,
    # Eight names of up to 255 bytes each, and their separators.
    "folder-names": 2048,
    # A few entries of an index of dates taken.
    "date-index": 2048,
    "xmp": 8192,
}
# libFuzzer dictionaries (Fuzz/Dictionaries): tokens the fuzzer could not find on its own.
DICTIONARIES = {"unsplash-json": "json.dict", "picsum-json": "json.dict"}
# The first line of the report that says what went wrong.
ERROR_LINE = re.compile(r"Fatal error: .*|ERROR: (AddressSanitizer|libFuzzer): .*|SUMMARY: .*")


def run(binary, target, seconds, extra):
    """Fuzzes `target`; returns its summary line and the findings it wrote."""
    corpus, seeds, findings = FUZZ / "corpus" / target, FUZZ / "seeds" / target, FUZZ / "findings" / target
    for directory in (corpus, seeds, findings, FUZZ / "logs"):
        directory.mkdir(parents=True, exist_ok=True)
    log = FUZZ / "logs" / f"{target}.log"
    command = [binary, str(corpus), str(seeds), f"-max_total_time={seconds}", f"-max_len={MAX_LENGTHS[target]}",
               "-timeout=10", "-rss_limit_mb=2048", f"-artifact_prefix={findings}/", "-print_final_stats=1", *extra]
    if target in DICTIONARIES:
        command.append(f"-dict={REPO / 'Fuzz' / 'Dictionaries' / DICTIONARIES[target]}")
    # Swift's own crash reporter reads memory ASan has poisoned and dies in it: leave crashes to ASan.
    environment = {**os.environ, "FUZZ_TARGET": target, "SWIFT_BACKTRACE": "enable=no",
                   "LSAN_OPTIONS": f"suppressions={REPO / 'Fuzz' / 'LeakSuppressions.txt'}"}
    with open(log, "w") as output:
        status = subprocess.run(command, env=environment, stdout=output, stderr=subprocess.STDOUT).returncode
    text = log.read_text(errors="replace")
    stats = dict(re.findall(r"stat::(\w+):\s*(\d+)", text))
    summary = (f"{target}: {stats.get('number_of_executed_units', '?')} runs, "
               f"{stats.get('average_exec_per_sec', '?')}/s, corpus {sum(1 for _ in corpus.iterdir())} files")
    # From the log rather than the directory: an input found again has the name it had before.
    found = sorted(set(Path(path) for path in re.findall(r"Test unit written to (\S+)", text)))
    if status != 0 and not found:
        summary += f" (libFuzzer exited with {status}, see {log})"
    errors = [m.group(0) for m in ERROR_LINE.finditer(text)]
    return summary, status, found, errors[:2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="GalleryFuzz built with -sanitize=fuzzer")
    parser.add_argument("--seconds", type=int, default=60, help="per target")
    parser.add_argument("--jobs", type=int, default=1, help="targets fuzzed at once")
    parser.add_argument("targets", nargs="*", help=f"default: all ({', '.join(MAX_LENGTHS)})")
    arguments, extra = parser.parse_known_args()
    unknown = [t for t in arguments.targets if t not in MAX_LENGTHS]
    if unknown:
        parser.error(f"unknown targets: {', '.join(unknown)}")
    targets = arguments.targets or list(MAX_LENGTHS)
    print(f"fuzzing {', '.join(targets)}: {arguments.seconds} s each, {arguments.jobs} at a time", flush=True)

    failed = False
    with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        runs = [pool.submit(run, arguments.binary, target, arguments.seconds, extra) for target in targets]
        for target, result in zip(targets, runs):
            summary, status, found, errors = result.result()
            print(summary + ("" if status == 0 and not found else ": FOUND"), flush=True)
            for line in errors:
                print(f"    {line}")
            for path in found:
                print(f"    {path.relative_to(REPO)}")
                print(f"    replay: FUZZ_TARGET={target} SWIFT_BACKTRACE=enable=no {arguments.binary} {path}")
            failed |= status != 0 or bool(found)
    if failed:
        print("fuzzing found problems: fix them, then add each input to Fuzz/Regressions/TARGET/")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
