"""A loaded scenario: metadata, game state, query and expectation (all immutable)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyengine.model.objects import GameState


@dataclass(frozen=True)
class Reading:
    """One acceptable reading of a disputed scenario: why the rules can be read this way,
    which rules, and the full answer that reading gives (typed like ``expect``)."""

    reason: str
    cr: tuple[str, ...]
    expect: Any
    line: int | None = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Scenario:
    """One scenario file, parsed. ``query`` and ``expect`` are typed by the query kind.

    A disputed scenario (the rules can be read more than one way) has no single ``expect``:
    ``disputed`` lists its acceptable readings, each with its own expectation, and the answer
    must match one of them; ``expect`` is then the first reading's."""

    id: str
    title: str
    file: str
    cr: tuple[str, ...]
    tags: tuple[str, ...]
    rationale: str
    state: GameState
    query: Any
    expect: Any
    disputed: tuple[Reading, ...] = ()
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @property
    def kind(self) -> str:
        """The query kind (characteristics, attack, block, replacement, cast, game)."""
        return str(self.query.kind)

    @property
    def expectations(self) -> tuple[Any, ...]:
        """Every acceptable answer: the one ``expect``, or each reading's."""
        return tuple(r.expect for r in self.disputed) if self.disputed else (self.expect,)
