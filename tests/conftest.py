"""Shared fixtures: repository paths, scenario loading, and a probe query kind that lets the
runner and the CLI be tested independently of any rules engine."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import settings

from pyengine.errors import AmbiguousChoiceError, EncodingError, SolverTimeout
from pyengine.queries import base as queries
from pyengine.scenario.loader import load_file
from pyengine.scenario.model import Scenario

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "scenarios"
FIXTURES = REPO / "tests" / "pyengine" / "fixtures"

# Property tests draw their cases derandomized (each test from a seed of its own), so every run,
# CI's included, checks the same cases and a failure reproduces. PYENGINE_HYPOTHESIS_RANDOM=1
# explores new cases on each run (with the example database, to replay a failure found so).
settings.register_profile("pyengine", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("PYENGINE_HYPOTHESIS_RANDOM") == "1" else "pyengine")


def forget_answers() -> None:
    """Drop what the engines keep between queries of one process (solver answers, layer
    results), so that a test sees the calls a first query makes."""
    from pyengine import solver
    from pyengine.layers import engine  # noqa: F401 - registers its results with solver.forget

    solver.forget()


@pytest.fixture(autouse=True)
def _cold_engines() -> Iterator[None]:
    """Every test starts with no answers kept from an earlier test."""
    forget_answers()
    yield


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO


@pytest.fixture
def fixtures() -> Path:
    """tests/pyengine/fixtures: valid/, invalid/ (one bad-input twin each) and probe/."""
    return FIXTURES


@pytest.fixture
def load_scenario() -> Any:
    """Load a scenario file by path (relative to the repository root or absolute)."""
    def load(path: str | Path) -> Scenario:
        p = Path(path)
        return load_file(p if p.is_absolute() else REPO / p)

    return load


# --- The probe query kind -----------------------------------------------------------------
# query: {kind: probe, sleep: SECONDS, then: ok|solver_timeout|encoding_error|ambiguous|crash|raise
#         |allocate|clingo_hog}  (the last two use memory without bound: Python's, clingo's)
# expect: {objects: N}: the number of objects in the state (a real, if trivial, computation).


@dataclass(frozen=True)
class ProbeQuery:
    """What the probe does before answering."""

    sleep: float = 0.0
    then: str = "ok"
    kind: str = "probe"


@dataclass(frozen=True)
class ProbeAnswer:
    """The number of objects in the state."""

    objects: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"objects": self.objects}

    def render(self) -> str:
        """Text form."""
        return f"objects: {self.objects}"


def _probe_query(cur: Any, state: Any, ctx: Any) -> ProbeQuery:
    cur.mapping({"kind", "sleep", "then"}, "a probe query")
    sleep = float(cur.get("sleep").value or 0)
    then = cur.get("then").choice(("ok", "solver_timeout", "encoding_error", "ambiguous", "crash",
                                   "raise", "allocate", "clingo_hog"), "one of") if cur.has("then") else "ok"
    return ProbeQuery(sleep, then)


def _probe_expect(cur: Any, query: ProbeQuery, state: Any) -> int:
    cur.mapping({"objects"}, "{objects: N}")
    return cur.req("objects").integer("a number of objects", 0)


def _probe_solve(state: Any, query: ProbeQuery, timeout: float) -> ProbeAnswer:
    if query.sleep:
        time.sleep(query.sleep)
    if query.then == "solver_timeout":
        raise SolverTimeout("probe", timeout)
    if query.then == "encoding_error":
        raise EncodingError("probe: grounder reported: info: atom does not occur in any rule head")
    if query.then == "ambiguous":
        raise AmbiguousChoiceError("probe: the scenario does not say which object to choose")
    if query.then == "crash":
        sys.stdout.flush()
        os._exit(3)
    if query.then == "raise":
        raise RuntimeError("probe exploded")
    if query.then == "allocate":
        hog = [bytearray(64 * 1024 * 1024) for _ in range(1024)]  # 64 GiB, 64 MiB at a time
        return ProbeAnswer(len(hog))
    if query.then == "clingo_hog":
        import clingo

        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], "p(1..200000000).")
        ctl.ground([("base", [])])
    return ProbeAnswer(len(state.objects))


def _probe_compare(expect: int, answer: ProbeAnswer) -> list[str]:
    if expect == answer.objects:
        return []
    return [f"objects: expected {expect}, got {answer.objects}"]


PROBE = queries.QueryKind("probe", _probe_query, _probe_expect, _probe_solve, _probe_compare)


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Register the probe query kind for one test; yields the folder of probe scenarios.

    Worker processes are forked, so they inherit the registration."""
    queries.load_all()
    monkeypatch.setitem(queries.REGISTRY, "probe", PROBE)
    yield FIXTURES / "probe"


# --- Card data (tests/oracle): the fixture in MTGJSON AtomicCards format, with a cache of its
# own. Kept here, not in a conftest.py of tests/oracle: a second module named "conftest" would
# take this one's place in sys.modules, and the probe's answers could no longer be pickled.
CARD_FIXTURE = REPO / "tests" / "oracle" / "atomic-cards-fixture.json"


@pytest.fixture
def bundled_cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The card data bundled with the pyengine[cards] extra, whatever PYENGINE_CARDS says,
    nothing compiled kept from another test."""
    from pyengine import oracle

    monkeypatch.delenv("PYENGINE_CARDS", raising=False)
    oracle.reset()
    yield
    oracle.reset()


@pytest.fixture
def fixture_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):  # type: ignore[no-untyped-def]
    from pyengine import oracle

    monkeypatch.setenv("PYENGINE_CARDS", str(CARD_FIXTURE))
    monkeypatch.setenv("PYENGINE_CARDS_CACHE", str(tmp_path / "cache"))
    oracle.reset()
    yield tmp_path / "cache"
    oracle.reset()


@pytest.fixture
def no_data(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from pyengine import oracle
    from pyengine.oracle import data

    monkeypatch.delenv("PYENGINE_CARDS", raising=False)
    monkeypatch.setattr(data, "_corpus_path", lambda: None)
    oracle.reset()
    yield
    oracle.reset()


@pytest.fixture
def invented_cards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Point the card data at invented faces for one test: ``invented_cards(FACES)`` writes
    them as an MTGJSON AtomicCards file (faces by name) and forgets what was compiled."""
    import json

    from pyengine import oracle

    def use(faces: list[dict[str, Any]]) -> None:
        path = tmp_path / "cards.json"
        path.write_text(json.dumps({"meta": {"version": "test", "date": "2026-01-01"},
                                    "data": {c["name"]: [c] for c in faces}}), "utf-8")
        monkeypatch.setenv("PYENGINE_CARDS", str(path))
        monkeypatch.setenv("PYENGINE_CARDS_CACHE", str(tmp_path / "cache"))
        oracle.reset()

    yield use
    oracle.reset()
