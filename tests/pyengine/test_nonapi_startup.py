"""Start-up stays cheap: what a command does not need is not imported, and the replacements
made for that behave as what they replaced."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]
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


def test_the_cli_does_not_import_networkx() -> None:
    loaded = _imported_by("import pyengine.cli, pyengine.scenario.runner, pyengine.solver")
    assert "pyengine.scenario.runner" in loaded and "pyengine.solver" in loaded
    assert not {m for m in loaded if m == "networkx" or m.startswith("networkx.")}
