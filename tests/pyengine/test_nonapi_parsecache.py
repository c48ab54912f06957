"""The cache on disk of parsed, transformed and analysed encodings (pyengine/parsecache.py):
a second process reads what the first computed, gets the same statements and analyses, and
never uses an entry made for other encodings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine import encodings, parsecache, solver
from pyengine.layers import worlds
from pyengine.relevance import analyse

REPO = Path(__file__).resolve().parents[2]


def _fresh(path: str, transform: object) -> tuple:
    solver._parsed.cache_clear()
    return solver._parsed(path, transform)


def test_a_cached_encoding_reads_back_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    path = str(encodings.layer("l7d"))
    try:
        first = _fresh(path, worlds.split)
        assert list(tmp_path.glob("*/*.pickle")), "nothing was stored"
        second = _fresh(path, worlds.split)
        assert second is not first and [str(s) for s in second] == [str(s) for s in first]
        assert [analyse(s) for s in second] == [analyse(s) for s in first]
        assert second[1].location.begin.filename == first[1].location.begin.filename
        assert second[1].location.begin.line == first[1].location.begin.line
    finally:
        solver._parsed.cache_clear()


def test_an_entry_for_other_encodings_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    path = str(encodings.path("final"))
    parsecache.store(path, None, (), [])  # an entry with no statements, for these encodings
    assert parsecache.load(path, None) == ((), [])
    monkeypatch.setattr(parsecache, "_fingerprint", lambda: "other encodings")
    assert parsecache.load(path, None) is None


def test_off_and_files_outside_the_encodings_are_not_cached(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYENGINE_CACHE_DIR", "off")
    assert parsecache.folder() is None
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path / "cache"))
    mine = tmp_path / "mine.lp"
    mine.write_text("a.\n")
    parsecache.store(str(mine), None, (), [])
    assert not (tmp_path / "cache").exists()


def test_a_second_process_skips_the_work(tmp_path: Path) -> None:
    """The layer engine's preloading in a second process reads every encoding from the cache:
    it parses none (clingo's parser is made to fail there) and loads as many encodings."""
    count = ("from pyengine import solver; from pyengine.layers import engine\n"
             "engine.preload()\n"
             "print(solver._parsed.cache_info().currsize)\n")
    refuse = "import clingo.ast as A\ndef no(*a, **k): raise SystemExit('parsed again')\nA.parse_files = no\n"
    env = {"PYENGINE_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", count], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", refuse + count], env=env, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert int(second.stdout) == int(first.stdout) > 0


def test_only_the_latest_versions_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    path = str(encodings.path("final"))
    for n in range(parsecache.KEEP + 2):
        monkeypatch.setattr(parsecache, "_fingerprint", lambda n=n: f"version{n}")
        parsecache.store(path, None, (), [])
        os.utime(tmp_path / f"version{n}", (n, n))  # written in this order
    kept = sorted(d.name for d in tmp_path.iterdir())
    assert kept == [f"version{n}" for n in range(2, parsecache.KEEP + 2)]
