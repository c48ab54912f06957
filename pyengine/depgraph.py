"""Dependency graphs of the layer engine (CR 613.8) with networkx.

The encoding decides dependencies by trial application and re-evaluates them after every
application (613.8c); this module builds each layer's graph from those answers, finds the
dependency loops (strongly connected components, 613.8b), and computes the order a static
reading would give (613.8b on the initial graph, loops found as components), which tests
compare with the encoding's order where no re-evaluation changed the graph.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx  # type: ignore[import-untyped]

from pyengine.layers.result import Application, LayerResult


@dataclass(frozen=True)
class LayerGraph:
    """One layer's effects, dependencies (edge A -> B: A depends on B) and order."""

    layer: str
    graph: nx.DiGraph
    order: tuple[str, ...]

    @property
    def loops(self) -> list[set[str]]:
        """Dependency loops: strongly connected components with more than one effect."""
        return [c for c in nx.strongly_connected_components(self.graph) if len(c) > 1]

    def static_order(self) -> list[str]:
        """CR 613.8b applied to this (initial) graph without re-evaluation: the next effect is
        the earliest (CDA first, then timestamp) among those that depend on no remaining
        effect outside their own dependency loop (strongly connected component); a member of
        a loop does not wait for what another member waits for."""
        remaining = self.graph.copy()
        out: list[str] = []
        while remaining:
            component = {n: i for i, c in enumerate(nx.strongly_connected_components(remaining)) for n in c}
            free = [n for n in remaining
                    if all(component[m] == component[n] for m in remaining.successors(n))]
            chosen = min(free, key=self._key)
            out.append(chosen)
            remaining.remove_node(chosen)
        return out

    def _key(self, node: str) -> tuple[int, tuple[int, ...]]:
        data = self.graph.nodes[node]
        return (0 if data.get("cda") else 1, tuple(data.get("timestamp", ())))


def graphs(result: LayerResult) -> list[LayerGraph]:
    """One graph per layer that applied something, with every dependency the engine saw at
    the start of the layer."""
    by_layer: dict[str, list[Application]] = {}
    for app in result.applications:
        by_layer.setdefault(app.layer, []).append(app)
    out = []
    for layer, apps in by_layer.items():
        g = nx.DiGraph()
        for app in apps:
            g.add_node(app.effect, timestamp=app.timestamp, order=app.order, source=app.source,
                       applied=app.order > 0, reason=app.reason,
                       cda="characteristic-defining" in app.reason)
        for lay, a, b in result.dependencies:
            if lay == layer and a in g and b in g:
                g.add_edge(a, b)
        order = tuple(a.effect for a in sorted(apps, key=lambda a: a.order) if a.order > 0)
        out.append(LayerGraph(layer, g, order))
    return out


def to_dot(graphs_: list[LayerGraph], title: str = "") -> str:
    """Graphviz DOT text: a cluster per layer; nodes are effects labelled with source and
    timestamp and numbered in application order; edges read "depends on"; loops are red."""
    lines = ["digraph dependencies {", '  rankdir=LR;', '  node [shape=box, fontname="Helvetica"];']
    if title:
        lines.append(f"  label={_q(title)};")
    for i, lg in enumerate(graphs_):
        lines.append(f"  subgraph cluster_{i} {{")
        lines.append(f"    label={_q('layer ' + lg.layer)};")
        in_loop = set().union(*lg.loops) if lg.loops else set()
        for node, data in lg.graph.nodes(data=True):
            n = data.get("order", 0)
            ts = ".".join(str(x) for x in data.get("timestamp", ()))
            head = f"#{n} " if n else "(did not apply) "
            label = f"{head}{node}\\nsource: {data.get('source') or '-'}  timestamp: {ts}"
            style = ', color="red"' if node in in_loop else ""
            lines.append(f"    {_q(lg.layer + ':' + node)} [label={_q(label)}{style}];")
        for a, b in lg.graph.edges():
            style = ', color="red"' if a in in_loop and b in in_loop else ""
            lines.append(f"    {_q(lg.layer + ':' + a)} -> {_q(lg.layer + ':' + b)} "
                         f"[label=\"depends on\"{style}];")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\\\\n", "\\n") + '"'
