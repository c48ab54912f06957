"""The query-kind plug-in interface: how a scenario's query and expectation are read, how the
query is answered, and how an answer is compared with the expectation."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.objects import GameState


class Answer(Protocol):
    """A typed, immutable answer to a query."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the answer."""

    def render(self) -> str:
        """A human-readable, multi-line account of the answer and why."""


@dataclass(frozen=True)
class QueryKind:
    """How one query kind is read, answered and checked."""

    name: str
    parse_query: Callable[[Cursor, GameState, Ctx], Any]
    parse_expect: Callable[[Cursor, Any, GameState], Any]
    solve: Callable[[GameState, Any, float], Answer] | None
    compare: Callable[[Any, Answer], list[str]]
    planned: str = ""  # where the engine will come from, if ``solve`` is None
    query_schema: dict[str, Any] | None = None  # JSON Schema of the query mapping
    expect_schema: dict[str, Any] | None = None  # JSON Schema of the expect mapping


REGISTRY: dict[str, QueryKind] = {}
_MODULES = ("characteristics", "attack", "block", "replacement", "sba", "triggers", "cast", "game",
            "damage")


def register(kind: QueryKind) -> QueryKind:
    """Add a query kind to the registry."""
    REGISTRY[kind.name] = kind
    return kind


def load_all() -> dict[str, QueryKind]:
    """Import every query module (each registers itself) and return the registry."""
    for name in _MODULES:
        importlib.import_module(f"pyengine.queries.{name}")
    return REGISTRY


def supported() -> list[str]:
    """The names of the query kinds whose engine exists, sorted."""
    return sorted(name for name, kind in load_all().items() if kind.solve is not None)


def get(name: str) -> QueryKind | None:
    """The query kind called ``name``, or None. A kind of this package is in the module of
    its name: only that module is imported (each imports its engine; a process answering one
    kind of query does not load the others)."""
    if name not in REGISTRY and name in _MODULES:
        importlib.import_module(f"pyengine.queries.{name}")
    return REGISTRY.get(name) or load_all().get(name)
