"""Independent parts of a board, so that legal declarations are enumerated part by
part: the legal declarations of the whole board are the product of the parts' (CR 508.1d and
509.1c compare sums of requirements, and a part's share can only reach its own maximum).

Two creatures are in the same part when one may block the other (a pair the encodings let the
generator choose); restrictions and requirements that count the whole declaration ("can't
attack alone", "can only attack alone", "can't be blocked unless all creatures defending player
controls block it", "can't attack unless two other creatures also attack", "no more than N
creatures" in all or attacking one player, a player's requirement) or a shared mana pool
(costs) keep the board whole.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pyengine.combat.model import Board, Kind
from pyengine.scc import connected

# items that read the whole declaration, not a pair
_GLOBAL = {
    "cant_attack_alone",
    "attack_only_alone",
    "attack_unless_others",
    "max_attackers",
    "max_attackers_player",
    "max_attackers_turn",
    "player_must_attack",
    "cant_block_alone",
    "block_only_alone",
    "blocked_only_by_all",
    "block_unless_others",
    "max_blockers",
    "max_blockers_turn",
}
_COSTS = {"attack_cost", "block_cost"}


@dataclass(frozen=True)
class Component:
    """A part of a board: the sub-board and its actors (``whole``: the board itself)."""

    board: Board
    actors: frozenset[str]
    whole: bool = False


def has_costs(board: Board) -> bool:
    """Whether some creature's attack or block has a cost (then the board is not split)."""
    return any(item.kind in _COSTS for item in board.items)


def parts_of(board: Board, options: tuple[tuple[str, str], ...]) -> list[frozenset[str]]:
    """The parts of the interaction graph: a node per creature that may be declared (or
    blocked), an edge per pair a block may use (attacks: each attacker alone)."""
    edges = options if board.kind == Kind.BLOCK else ()
    return connected((a for a, _ in options), edges)


def split(board: Board, options: tuple[tuple[str, str], ...]) -> list[Component]:
    """The independent parts of ``board`` given the pairs that may be declared, in a fixed
    order (by smallest creature id); the whole board when something couples them."""
    if has_costs(board) or any(item.kind in _GLOBAL for item in board.items) or not options:
        return [Component(board, frozenset(), whole=True)]
    parts = sorted(parts_of(board, options), key=min)
    if len(parts) == 1:
        return [Component(board, parts[0], whole=True)]
    actors = frozenset().union(*parts)
    return [Component(_restrict(board, part, actors - part), part) for part in parts]


def _restrict(board: Board, keep: frozenset[str], drop: frozenset[str]) -> Board:
    perms = tuple(p for p in board.permanents if p.id not in drop)
    items = tuple(i for i in board.items if i.subject not in drop and i.other not in drop)
    attacks = tuple((a, t) for a, t in board.attacks if a not in drop)
    return replace(board, permanents=perms, items=items, attacks=attacks)


def owns(part: Component, subjects: tuple[str, ...]) -> bool:
    """Whether a requirement about ``subjects`` belongs to ``part``."""
    return part.whole or any(s in part.actors for s in subjects)
