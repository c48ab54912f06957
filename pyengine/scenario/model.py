"""A loaded scenario: metadata, game state, query and expectation (all immutable)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyengine.model.objects import GameState


@dataclass(frozen=True)
class Disputed:
    """The rules are unclear for this scenario: why, and which rules."""

    reason: str
    cr: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scenario:
    """One scenario file, parsed. ``query`` and ``expect`` are typed by the query kind."""

    id: str
    title: str
    file: str
    cr: tuple[str, ...]
    tags: tuple[str, ...]
    rationale: str
    state: GameState
    query: Any
    expect: Any
    disputed: Disputed | None = None
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @property
    def kind(self) -> str:
        """The query kind (characteristics, attack, block, replacement, cast, game)."""
        return str(self.query.kind)
