"""Start-up stays cheap: what a command does not need is not imported, and the replacements
made for that behave as what they replaced."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine import api, cli, hardlimit
from pyengine.scc import strongly_connected
from pyengine.scenario import runner

REPO = Path(__file__).resolve().parents[2]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=40),
       st.lists(st.integers(0, 12), max_size=5))
def test_strongly_connected_components_are_networkx_s(edges: list[tuple[int, int]], alone: list[int]) -> None:
    graph: dict[int, list[int]] = {n: [] for n in alone}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
    g = nx.DiGraph()
    g.add_nodes_from(alone)
    g.add_edges_from(edges)
    want = sorted(sorted(c) for c in nx.strongly_connected_components(g))
    assert sorted(sorted(c) for c in strongly_connected(graph)) == want


def test_a_long_chain_needs_no_recursion() -> None:
    n = 20_000
    graph = {i: [i + 1] for i in range(n)} | {n: [0]}
    assert [len(c) for c in strongly_connected(graph)] == [n + 1]


def _imported_by(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True,
                         check=True, timeout=120)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_cli_imports_neither_networkx_nor_the_oracle_compiler() -> None:
    # the CLI with its parser, the solver, and a layer query's loading: networkx is for combat
    # and damage only, the compiler for cards not in the catalog, the runner for check
    loaded = _imported_by("import pyengine.cli, pyengine.solver\npyengine.cli._build_parser()\n"
                          "from pyengine.queries import base\nbase.get('characteristics')")
    assert "pyengine.solver" in loaded
    assert "pyengine.scenario.runner" not in loaded
    assert not {m for m in loaded if m == "networkx" or m.startswith("networkx.")}
    assert not {m for m in loaded if m.startswith("pyengine.oracle.")} - {"pyengine.oracle.data"}
    # one query kind loads its own engine, not the others
    assert "pyengine.queries.characteristics" in loaded and "pyengine.combat" not in loaded


def test_the_stored_catalog_is_the_parsed_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyengine import catalog
    from pyengine.catalog import stored

    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    files = catalog._files()
    parsed = catalog.catalog.__wrapped__()  # parses (no entry yet), then stores
    assert stored.load(files) == parsed and len(parsed) == len(files)
    # another text of one card is another entry: never the stored catalog
    changed = [(files[0][0], files[0][1] + "\n# changed\n")] + files[1:]
    assert stored.load(changed) is None
    monkeypatch.setenv("PYENGINE_CACHE_DIR", "off")
    assert stored.load(files) is None


# a layer query about catalog cards (CR 205.1b, 613.1d)
SCENARIO = REPO / "scenarios" / "layers" / "all-artifacts-are-artifact-creatures.yaml"
LEFT_OUT = ("pyengine.scenario.runner", "multiprocessing", "sqlite3", "importlib.resources", "zipfile")


def test_solve_imports_neither_the_runner_nor_the_card_data_store() -> None:
    code = ("import sys\nfrom pyengine import cli\n"
            f"rc = cli.main(['solve', {str(SCENARIO)!r}])\n"
            f"print(rc, [m for m in {LEFT_OUT!r} if m in sys.modules])\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout


def test_the_default_time_limit_is_the_runners() -> None:
    assert hardlimit.DEFAULT_TIMEOUT == runner.DEFAULT_TIMEOUT
    assert api.solve.__kwdefaults__["timeout"] == runner.DEFAULT_TIMEOUT
    parser = cli._build_parser()
    for command in (["solve", "x"], ["check", "x"], ["play", "x"], ["facts", "x"]):
        assert parser.parse_args(command).timeout == runner.DEFAULT_TIMEOUT


def test_the_api_still_names_the_runners_outcome_and_status() -> None:
    assert api.Outcome is runner.Outcome
    assert api.Status is runner.Status
    assert set(api.__all__) <= set(dir(api)) | {"Outcome", "Status"}
