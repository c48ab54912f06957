"""Mana added by a spell or an ability that isn't a mana ability (CR 106.3, 106.4, 605.5):
Dark Ritual's "Add {B}{B}{B}." (a spell, 605.5b), "When this creature enters, add {R}{R}{R}."
(a triggered ability that triggers from an event other than a mana ability, 605.5a).

The instruction ``{kind: add_mana, player: you, mana: "{B}{B}{B}"}`` is bound as the spell or
ability is put on the stack (one event per player it names) and followed in order as it
resolves (608.2c): the mana goes into the player's mana pool (106.4), from which they can pay
costs in the same step; the pool empties at the end of the step (500.5,
:func:`pyengine.game.turns.end_step`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.game.model import Game
from pyengine.game.pool import Pool
from pyengine.replacement.event import Event

MANA_TYPES = ("W", "U", "B", "R", "G", "C")  # 106.1: no generic mana is added


def symbols(mana: str) -> tuple[str, ...] | None:
    """The mana symbols of ``"{B}{B}{B}"`` (each one mana of a type, 106.1), or None."""
    from pyengine.model.mana import parse_cost

    try:
        got = parse_cost(mana).symbols
    except ValueError:
        return None
    if not got or any(s not in MANA_TYPES for s in got):
        return None
    return tuple(got)


def bind(ins: Any, named: Any) -> list[Event]:
    """The instruction as one ``add_mana`` event per player its word names."""
    return [Event("add_mana", (("player", ("p", pid)), ("mana", ins.get("mana"))))
            for pid in named(ins.get("player"))]


def perform(game: Game, e: Event) -> Game:
    """106.4: the mana goes into the player's mana pool."""
    pid = e.get("player")[1]
    have = Pool.parse(game.state.player(pid).mana)
    pool = have.plus(Pool.of(list(symbols(e.get("mana")) or ())))
    players = tuple(replace(p, mana=pool.render()) if p.id == pid else p for p in game.state.players)
    return game.with_state(players=players)
