"""Nothing outside the repository: no tracked source or documentation names a machine path
(an absolute path of one machine's file system, used as data) or a number of the issue
tracker; code and messages say what a thing is or what is planned instead, and
files next to the checkout are reached by paths relative to the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
AREAS = ("pyengine", "asp", "tests", "scenarios", "docs", "README.md")
SUFFIXES = {".py", ".lp", ".md", ".yaml", ".yml", ".txt", ".toml", ".json", ".cfg", ".ini", ".sh"}

# a path starting at the root of one of these folders, not inside a URL or a longer path
# (the pieces are joined so that this file does not name them itself)
MACHINE_PATH = re.compile(r"(?<![\w.~/-])/(?:" + "|".join(("wo" "rk", "ho" "me", "ro" "ot", "tm" "p"))
                          + r")/")
ISSUE = re.compile(r"\biss" r"ues?[ \t_-]*#?\d+", re.IGNORECASE)


def _tracked() -> list[Path]:
    """The repository's tracked files in AREAS (every file there when git can't say)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", *AREAS], cwd=REPO, capture_output=True,
                             check=True, timeout=60).stdout.decode("utf-8")
        files = [REPO / name for name in out.split("\0") if name]
    except (OSError, subprocess.SubprocessError):
        files = []
    if not files:  # not a git checkout (an unpacked source archive)
        for area in AREAS:
            root = REPO / area
            files += [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()]
    return sorted(p for p in files if p.is_file() and (p.suffix in SUFFIXES or p.name == "README"))


FILES = _tracked()


def _hits(pattern: re.Pattern[str]) -> list[str]:
    found = []
    for path in FILES:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            match = pattern.search(line)
            if match:
                found.append(f"{path.relative_to(REPO)}:{number}: {match.group(0)!r} in {line.strip()[:120]}")
    return found


def test_the_search_covers_the_repository() -> None:
    names = {p.relative_to(REPO).parts[0] for p in FILES}
    assert {"pyengine", "asp", "tests", "scenarios", "README.md"} <= names
    assert len(FILES) > 500


def test_no_machine_paths() -> None:
    assert _hits(MACHINE_PATH) == [], "use a path relative to the repository (../shared: the shared folder)"


def test_no_issue_numbers() -> None:
    assert _hits(ISSUE) == [], "say what the thing is or what is planned, not an issue number"


@pytest.mark.parametrize("text,path,issue", [
    ('CR = Path("/' + 'work/shared/reference/cr.txt")', True, False),
    ("see `/" + "home/alice/notes`", True, False),
    ("open('/" + "tmp/x.json')", True, False),
    ("(/" + "root/.cache)", True, False),
    ("https://example.org/" + "home/page", False, False),
    ("scenarios/" + "work/x.yaml", False, False),
    ("tmp_path / 'x'", False, False),
    ('"attack": "iss' + 'ue 4 (combat legality)"', False, True),
    ("Bad input (Iss" + "ue #8): one line", False, True),
    ("the issued token", False, False),
    ("an issuer", False, False),
])
def test_patterns_catch_what_they_should(text: str, path: bool, issue: bool) -> None:
    assert bool(MACHINE_PATH.search(text)) is path
    assert bool(ISSUE.search(text)) is issue


def test_one_conftest() -> None:
    """tests/ is no package, so every conftest.py is imported as the module "conftest": a second
    one would take the first's place in sys.modules, and the probe query kind's answers (classes
    of tests/conftest.py) could no longer be pickled back from a worker process."""
    root = Path(__file__).resolve().parent
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("conftest.py")) == ["conftest.py"]
