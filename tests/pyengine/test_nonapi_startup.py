"""Start-up stays cheap: what a command does not need is not imported, and the replacements
made for that behave as what they replaced."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.scc import strongly_connected

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
    # the CLI with its parser (which reads the runner), the solver, and a layer query's
    # loading: networkx is for combat and damage only, the compiler for cards not in the catalog
    loaded = _imported_by("import pyengine.cli, pyengine.solver\npyengine.cli._build_parser()\n"
                          "from pyengine.queries import base\nbase.get('characteristics')")
    assert {"pyengine.scenario.runner", "pyengine.solver", "pyengine.oracle.data"} <= loaded
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
