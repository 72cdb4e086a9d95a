"""`make install` and `make uninstall` into a temporary PREFIX.

Installs the debug build (`make test` has just made it) with NO_BUILD=1 instead of building the
release one, which takes minutes; the rules are the same, only BIN_DIR differs. Skipped when there
is no debug build.
"""
import os
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEBUG_BIN = REPO / ".build" / "debug"

INSTALLED = {
    "bin/gallery",
    "bin/gallery-app",
    "share/man/man1/gallery.1",
    "share/bash-completion/completions/gallery",
    "share/zsh/site-functions/_gallery",
    "share/fish/vendor_completions.d/gallery.fish",
}


def make(*arguments):
    return subprocess.run(["make", "-s", "-C", str(REPO), *arguments], capture_output=True, text=True,
                          timeout=120)


def files_under(prefix):
    return {str(path.relative_to(prefix)) for path in Path(prefix).rglob("*") if path.is_file()}


class InstallTests(unittest.TestCase):
    def setUp(self):
        if not all(os.access(DEBUG_BIN / name, os.X_OK) for name in ("gallery", "gallery-app")):
            self.skipTest(f"no debug build in {DEBUG_BIN}: run swift build first")

    def install(self, prefix, target="install"):
        result = make(target, f"PREFIX={prefix}", "NO_BUILD=1", f"BIN_DIR={DEBUG_BIN}")
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def test_install_puts_binaries_man_page_and_completions_in_prefix_and_uninstall_removes_them(self):
        with tempfile.TemporaryDirectory() as prefix:
            # Someone else's file in the same folders, which uninstall must leave alone.
            (Path(prefix) / "bin").mkdir()
            (Path(prefix) / "bin" / "other").write_text("not ours")
            self.install(prefix)
            self.assertEqual(files_under(prefix), INSTALLED | {"bin/other"})
            for name in ("gallery", "gallery-app"):
                self.assertTrue(os.access(Path(prefix) / "bin" / name, os.X_OK), name)

            # The installed launcher finds the installed app beside it.
            version = subprocess.run([str(Path(prefix) / "bin" / "gallery"), "--version"],
                                     capture_output=True, text=True, timeout=30)
            self.assertEqual(version.returncode, 0, version.stderr)
            self.assertTrue(version.stdout.strip(), "no version printed")

            man = (Path(prefix) / "share/man/man1/gallery.1").read_text()
            self.assertEqual(man, (REPO / "docs/gallery.1").read_text())
            self.assertIn(".Dt GALLERY 1", man)
            # The completions are gallery's: its options, for the command `gallery`.
            for path, marker in [("share/bash-completion/completions/gallery", "complete -o filenames"),
                                 ("share/zsh/site-functions/_gallery", "#compdef gallery"),
                                 ("share/fish/vendor_completions.d/gallery.fish", "complete -c 'gallery'")]:
                text = (Path(prefix) / path).read_text()
                self.assertIn("halfblock", text, path)  # --render's values
                self.assertIn(marker, text, path)

            self.install(prefix, "uninstall")
            self.assertEqual(files_under(prefix), {"bin/other"})

    def test_a_prefix_starting_with_a_tilde_is_the_home_folder(self):
        with tempfile.TemporaryDirectory() as home:
            result = subprocess.run(["make", "-s", "-n", "-C", str(REPO), "install", "PREFIX=~/.local", "NO_BUILD=1",
                                     f"BIN_DIR={DEBUG_BIN}", f"HOME={home}"],
                                    capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn(f'"{home}/.local/bin/"', result.stdout)
            self.assertNotIn("~", result.stdout)


if __name__ == "__main__":
    unittest.main()
