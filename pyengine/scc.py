"""Strongly connected components of a small directed graph, and connected components of an
undirected one, without a graph library (the program analysis needs one such call per
program, and importing networkx for it cost a fifth of a process's start-up; the combat and
damage splits one per query, and importing networkx costs about 0.1 s of CPU)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

N = TypeVar("N", bound=Hashable)


def strongly_connected(graph: Mapping[N, Iterable[N]]) -> list[set[N]]:
    """The strongly connected components of ``graph`` (node -> its successors; a successor
    need not be a key), every node in exactly one. Tarjan's algorithm, iterative (no
    recursion limit on long chains)."""
    index: dict[N, int] = {}
    low: dict[N, int] = {}
    on_stack: set[N] = set()
    stack: list[N] = []
    out: list[set[N]] = []
    nodes: dict[N, None] = dict.fromkeys(graph)
    for succ in graph.values():
        nodes.update(dict.fromkeys(succ))
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(graph.get(root, ())))]
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph.get(nxt, ()))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    part: set[N] = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.add(member)
                        if member == node:
                            break
                    out.append(part)
    return out


def connected(nodes: Iterable[N], edges: Iterable[tuple[N, N]]) -> list[frozenset[N]]:
    """The connected components of the undirected graph of ``nodes`` and ``edges`` (an edge's
    ends are nodes too), in no particular order. (What networkx's ``connected_components``
    gives; importing networkx costs about 0.1 s of CPU, once in each process that splits.)"""
    parent: dict[N, N] = {}

    def root(x: N) -> N:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]  # halve the path
            x = parent[x]
        return x

    for x in nodes:
        root(x)
    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
    parts: dict[N, set[N]] = {}
    for x in parent:
        parts.setdefault(root(x), set()).add(x)
    return [frozenset(part) for part in parts.values()]
