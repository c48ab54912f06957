"""The independent parts of a combat board and of a damage step: the same components as
networkx finds, without importing it (about 0.1 s of CPU in every process that splits)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]
import pytest

from pyengine.scc import connected

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("seed", range(40))
def test_connected_components_are_networkx_s(seed: int) -> None:
    rnd = random.Random(seed)
    nodes = [f"n{i}" for i in range(rnd.randint(0, 30))]
    others = [f"m{i}" for i in range(5)]  # ends of edges that are not listed as nodes
    ends = nodes + others
    edges = [(rnd.choice(ends), rnd.choice(ends)) for _ in range(rnd.randint(0, 25) if nodes else 0)]
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    assert sorted(map(sorted, connected(nodes, edges))) == sorted(map(sorted, nx.connected_components(graph)))


def test_splitting_imports_no_networkx() -> None:
    # a block query whose board splits into parts, and a damage listing counted by parts
    code = (
        "import sys\n"
        "from pyengine.scenario import runner\n"
        "for path in ('scenarios/combat/block/menace-must-be-blocked-ten-blockers.yaml',\n"
        "             'scenarios/damage/six-damage-three-blockers-counted-past-the-limit.yaml'):\n"
        "    assert runner.run_one(path).status.name == 'PASS', path\n"
        "print(sorted(m for m in sys.modules if m == 'networkx' or m.startswith('networkx.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
