"""The README's "Building by hand" names every Debian package `make deps` installs."""
import re
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


class ReadmePackagesTest(unittest.TestCase):
    def test_building_by_hand_lists_every_package_of_deb_packages(self):
        makefile = (REPO / "Makefile").read_text()
        packages = re.search(r"^DEB_PACKAGES = (.*)$", makefile, re.M).group(1).split()
        readme = (REPO / "README.md").read_text()
        section = readme.split("## Building by hand", 1)[1].split("\n## ", 1)[0]
        named = set(re.findall(r"[a-z0-9][a-z0-9.+-]+", section))
        self.assertEqual([p for p in packages if p not in named], [], "README's Building by hand lacks these")


if __name__ == "__main__":
    unittest.main()
