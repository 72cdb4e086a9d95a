"""`make build`'s output: glibc's static-link warnings are left out, everything else is shown, and
the build's own failure is the target's. A stand-in for swift prints what a release link prints."""
import os
import stat
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

LINK_OUTPUT = """Building for production...
[3/4] Linking gallery
/x/CHEIF.build/heif_decode.c.o:heif_decode.c:function load: warning: Using 'dlopen' in statically linked applications requires at runtime the shared libraries from the glibc version used for linking
/x/libFoundation.a(x.o):function f: warning: the use of `mktemp' is dangerous, better use `mkstemp' or `mkdtemp'
main.swift:3:5: warning: variable 'x' was never mutated
Build complete! (9.89s)
"""


class BuildOutputTests(unittest.TestCase):
    def build(self, status):
        with tempfile.TemporaryDirectory() as scratch:
            swift = Path(scratch) / "swift"
            swift.write_text(f"#!/bin/sh\ncat <<'END'\n{LINK_OUTPUT}END\nexit {status}\n")
            swift.chmod(swift.stat().st_mode | stat.S_IEXEC)
            return subprocess.run(["make", "-s", "-C", str(REPO), "build", f"SWIFT={swift}"],
                                  capture_output=True, text=True, timeout=60)

    def test_static_link_warnings_are_left_out_and_the_rest_shown(self):
        result = self.build(0)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("dlopen", result.stdout + result.stderr)
        self.assertNotIn("mktemp", result.stdout + result.stderr)
        self.assertIn("variable 'x' was never mutated", result.stdout)
        self.assertIn("Build complete!", result.stdout)

    def test_a_failed_build_fails_the_target(self):
        self.assertNotEqual(self.build(3).returncode, 0)


if __name__ == "__main__":
    unittest.main()
