"""Mana added by a spell or an ability that isn't a mana ability (CR 106.3, 106.4, 605.5):
Dark Ritual's "Add {B}{B}{B}." (a spell, 605.5b), "When this creature enters, add {R}{R}{R}."
(a triggered ability that triggers from an event other than a mana ability, 605.5a).

The instruction ``{kind: add_mana, player: you, mana: "{B}{B}{B}"}`` is bound as the spell or
ability is put on the stack (one event per player it names) and followed in order as it
resolves (608.2c): the mana goes into the player's mana pool (106.4), from which they can pay
costs in the same step; the pool empties at the end of the step (500.5,
:func:`pyengine.game.turns.end_step`).

``mana`` may also be a choice, as a mana ability's product is (pyengine/cast/mana.py): ``"{R}
or {G}"``, ``"one mana of any color"``, ``"two mana of any one color"``. The player adding the
mana chooses it as the instruction is followed (106.1a, 608.2d); the script gives the choice
ahead, ``{mana_choice: {KEY: "{G}"}}`` (the mana added, KEY as ``may``'s), and the game stops
naming what to give when it is missing. ``times`` (an amount counted as it resolves, 608.2h):
the mana is added that many times ("Add {G} for each creature you control"; "X mana of any one
color" is ``one mana of any color`` added X times, the color chosen once). ``"one mana of any
color in your commander's color identity"``: one of the colors of the player's commanders'
color identity (903.4, pyengine.game.identity), none without a commander (903.4f).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pyengine.game import identity
from pyengine.game.model import Game, IllegalAction
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


CHOSEN = "one mana of the chosen color"  # 607.2d: the color chosen as its source entered
_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def chosen_ways(mana: str, color: str | None) -> list[tuple[str, ...]] | None:
    """The ways ``"one mana of the chosen color"`` or ``"{B} or one mana of the chosen color"``
    adds mana when its source's chosen color is ``color`` (a color word; None: no color was
    chosen, so that part adds nothing, 607.2d); None for another ``mana``."""
    if not mana.endswith(CHOSEN):
        return None
    head = mana[:-len(CHOSEN)]
    m = re.fullmatch(r"\{([WUBRGC])\} or ", head)
    if head and not m:
        return None
    ways = ([(m.group(1),)] if m else []) + ([(_LETTER[color],)] if color in _LETTER else [])
    return list(dict.fromkeys(ways))


def options(mana: str) -> list[tuple[str, ...]] | None:
    """The ways ``mana`` can be added: one (symbols) or several (a choice, 106.1a); None if
    it is neither."""
    from pyengine.cast.mana import product_options

    fixed = symbols(mana) if mana.startswith("{") and " or " not in mana else None
    return [fixed] if fixed is not None else product_options(mana)


def bind(ins: Any, named: Any, source: str | None = None) -> list[Event]:
    """The instruction as one ``add_mana`` event per player its word names; its ``times`` (an
    amount) held to be counted as it resolves (608.2h: pyengine.game.amounts); ``source``, the
    object whose chosen color "the chosen color" names (607.2d)."""
    from pyengine.game.amounts import Deferred

    times = dict(ins.fields).get("times")
    more: tuple[Any, ...] = (("times", Deferred(times)),) if times is not None else ()
    if chosen_ways(str(ins.get("mana")), None) is not None and source is not None:
        more += (("source", ("o", source)),)
    return [Event("add_mana", (("player", ("p", pid)), ("mana", ins.get("mana")), *more))
            for pid in named(ins.get("player"))]


def perform(game: Game, e: Event, take: Any, key: str) -> Game:
    """106.4: the mana goes into the player's mana pool; a choice of mana is the player's,
    given ahead (``take(game, "mana")`` returns the game and the choice or None)."""
    pid = e.get("player")[1]
    times = max(int(dict(e.fields).get("times", 1)), 0)  # 608.2h: counted as it resolved
    if times == 0:
        return game  # no mana to add, nothing to choose (107.1b)
    ways = options(e.get("mana")) or []
    src = dict(e.fields).get("source")
    if src is not None:  # 607.2d: the color chosen as it entered, read as it resolves
        obj = next((o for o in game.state.objects if o.id == src[1]), None)
        color = dict(obj.chosen).get("color") if obj is not None else None
        ways = chosen_ways(e.get("mana"), color) or []
        if not ways:
            return game  # no color was chosen: the ability adds no mana
    if e.get("mana") == identity.PRODUCT:  # 903.4, 903.4f: read from the game as it resolves
        ways = identity.ways(game, pid)
        if not ways:
            return game  # no commander, or a colorless identity: no mana (903.4f)
    added: tuple[str, ...] = ways[0] if len(ways) == 1 else ()
    if len(ways) > 1:
        game, chosen = take(game, "mana")
        if chosen is None:
            raise IllegalAction("106.1a", f"{pid} chooses the mana {e.get('mana')!r} adds: give "
                                          f"{{mana_choice: {{{key}: MANA}}}} before it resolves")
        picked = symbols(str(chosen)) if not isinstance(chosen, bool) else None
        if picked is None or sorted(picked) not in [sorted(w) for w in ways]:
            raise IllegalAction("106.1a", f"{chosen!r} is not mana that {e.get('mana')!r} adds")
        added = picked
    have = Pool.parse(game.state.player(pid).mana)
    pool = have.plus(Pool.of(list(added) * times))  # a choice made once for all of it
    players = tuple(replace(p, mana=pool.render()) if p.id == pid else p for p in game.state.players)
    return game.with_state(players=players)
