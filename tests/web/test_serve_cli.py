"""`pyengine serve` from the command line, with or without the optional extra 'web' (this file
needs neither): without it, one line says what to install (exit 2), never a traceback."""

from __future__ import annotations

import io
import sys

import pytest

from pyengine.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_serve_without_the_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    code, out, err = run("serve", "--port", "0")
    assert (code, out) == (2, "")
    assert err == ("pyengine serve needs the optional extra 'web' (pip install 'pyengine[web]'): "
                   "uvicorn is not installed\n")


@pytest.mark.parametrize("argv,says", [
    (["--port", "http"], "expected a port number, got 'http'"),
    (["--port", "70000"], "expected a port from 0 to 65535, got '70000'"),
    (["--scenarios", "no/such/folder"], "no/such/folder: no such folder of scenarios"),
    (["--jobs", "0"], "--jobs must be at least 1"),
])
def test_serve_bad_options_are_one_line(argv: list[str], says: str) -> None:
    pytest.importorskip("uvicorn", reason="the optional extra 'web' is not installed")
    code, out, err = run("serve", *argv)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and says in err
