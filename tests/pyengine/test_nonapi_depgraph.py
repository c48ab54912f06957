"""The networkx dependency graphs, DOT output, and the explain/graph commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.depgraph import graphs, to_dot
from pyengine.layers import compute
from pyengine.scenario.loader import load_file

REPO = Path(__file__).resolve().parents[2]
LAYERS = REPO / "scenarios" / "layers"
LOOP = LAYERS / "dependency" / "loop-blood-moon-life-and-limb-moon-first.yaml"


def test_loop_is_a_strongly_connected_component() -> None:
    g = graphs(compute(load_file(LOOP).state))
    layer4 = [x for x in g if x.layer == "4"][0]
    assert len(layer4.loops) == 1 and len(layer4.loops[0]) == 2


@pytest.mark.parametrize("path", sorted((LAYERS / "dependency").glob("*.yaml")), ids=lambda p: p.stem)
def test_static_order_matches_engine_when_graph_is_initial(path: Path) -> None:
    """Where applying effects did not change dependencies (613.8c), the timestamp-keyed
    topological order of the initial graph's condensation is the engine's order."""
    result = compute(load_file(path).state)
    for lg in graphs(result):
        engine_order = list(lg.order)
        static = [n for n in lg.static_order() if n in engine_order]
        later_edges = any(a.depends_on and not lg.graph.has_edge(a.effect, a.depends_on[0])
                          for a in result.applications if a.layer == lg.layer)
        if not later_edges and all(lg.graph.nodes[n].get("applied") for n in lg.graph):
            assert static == engine_order


def test_dot_marks_loops_and_numbers_order() -> None:
    dot = to_dot(graphs(compute(load_file(LOOP).state)), title="t")
    assert dot.startswith("digraph") and 'color="red"' in dot and "#1 " in dot and "depends on" in dot


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyengine", *args], capture_output=True, text=True,
                          timeout=300, check=False)


def test_explain_prints_layers_reasons_and_changes() -> None:
    proc = run("explain", str(LOOP))
    assert proc.returncode == 0, proc.stderr
    assert "Layer 4 (type, CR 613.1d)" in proc.stdout
    assert "dependency loop" in proc.stdout and "changed:" in proc.stdout and "Result:" in proc.stdout


def test_graph_writes_dot(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    proc = run("graph", str(LOOP), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text().startswith("digraph")


def test_graph_rejects_unknown_extension(tmp_path: Path) -> None:
    proc = run("graph", str(LOOP), "-o", str(tmp_path / "g.txt"))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


def test_explain_says_a_copy_effect_gives_the_values_it_fixed() -> None:
    # CR 707.2b: the reason a copy effect gives is about when its values were fixed
    from pyengine.layers import compute

    scenario = load_file(Path(__file__).resolve().parents[2] / "scenarios" / "layers"
                         / "copy-values-fixed-when-copied.yaml")
    reasons = {a.effect: a.reason for a in compute(scenario.state).applications}
    assert "the copiable values the original had when this copy effect began" in reasons["clone-copy"]
    assert "CR 707.2b-c" in reasons["shape"]
