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


REGISTRY: dict[str, QueryKind] = {}
_MODULES = ("characteristics", "attack", "block", "replacement", "cast", "game")


def register(kind: QueryKind) -> QueryKind:
    """Add a query kind to the registry."""
    REGISTRY[kind.name] = kind
    return kind


def load_all() -> dict[str, QueryKind]:
    """Import every query module (each registers itself) and return the registry."""
    for name in _MODULES:
        importlib.import_module(f"pyengine.queries.{name}")
    return REGISTRY


def get(name: str) -> QueryKind | None:
    """The query kind called ``name``, or None."""
    return load_all().get(name)


_PLANNED = {
    "attack": "issue 4 (combat legality)",
    "block": "issue 4 (combat legality)",
    "replacement": "issue 5 (replacement and prevention)",
    "cast": "a later issue (casting, CR 601)",
    "game": "a later issue (turns, CR 500-514)",
}


def planned(name: str) -> QueryKind:
    """Register a query kind whose engine does not exist yet: any scenario asking it is
    rejected with a one-line error saying so."""
    from pyengine.errors import UnsupportedQuery

    def refuse(cur: Cursor, state: GameState, ctx: Ctx) -> Any:
        raise UnsupportedQuery(f"query kind {name!r} is not supported yet (planned: {_PLANNED[name]})",
                               file=cur.file, line=cur.line, path=cur.path + ".kind")

    def never(*_: Any) -> Any:
        raise AssertionError("unreachable")

    return register(QueryKind(name, refuse, never, None, never, planned=_PLANNED[name]))
