"""Keyword actions as instructions of a spell or ability (CR 701), followed in order as it
resolves (608.2c): bolster N (701.39a) and populate (701.36a).

Each has a choice its player makes as the instruction is followed (608.2d): the creature among
those tied for least toughness (bolster), the creature token to copy (populate). The script
gives it ahead as ``{keyword_choice: {KEY: ID}}`` (KEY as ``may``'s: the resolving object's
id, ``SOURCE:N`` or ``SOURCE``); without it the game stops naming the candidates, unless there
is only one (or none: 701.36b, nothing is created; bolster with no creature does nothing). The
counters and the copy are put and made as the script actions ``bolster`` and ``populate`` do
(pyengine.game.keyword_actions).
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.model.triggers import Instruction
from pyengine.replacement.event import Event

KIND = "keyword_instr"  # the bound event (pyengine.game.choice.KINDS)
WHAT = "keyword"  # the kind of the script's choice kept among the game's resolution choices
WORDS = ("bolster", "populate")
RULES = {"bolster": "701.39a", "populate": "701.36a"}


def bind(ins: Instruction, refs: dict[str, tuple[str, ...]]) -> list[Event]:
    """One event per player the instruction's ``player`` names (608.2c)."""
    from pyengine.game.choice import _named

    return [Event(KIND, (("word", ins.kind), ("player", ("p", pid)), ("amount", dict(ins.fields).get("amount"))))
            for pid in _named(refs, ins.get("player"))]


def read(reader: Any, cur: Any) -> Any:
    """``{KEY: ID}``: the creature (bolster) or creature token (populate) chosen."""
    from pyengine.game.choice import ChooseAhead

    cur.mapping(None, "{KEY: ID}: the resolving spell's or ability's id, SOURCE:N or SOURCE, and the "
                      "permanent chosen")
    if len(cur.value) != 1:
        cur.fail("expected one resolving object's choice")
    key, sub = next(iter(cur.items()))
    oid = sub.string("a permanent's id")
    if oid not in reader.ids:
        sub.fail(f"dangling object id {oid!r}: no object has this id")
    return ChooseAhead(WHAT, str(key), oid)


def perform(game: Game, item: StackItem, e: Event, budget: Budget | float) -> Game:
    """The keyword action, its choice the script's (608.2d)."""
    from pyengine.game import keyword_model as M
    from pyengine.game.choice import _keys, _take
    from pyengine.game.keyword_actions import _bolster, _creatures, _populate

    word, pid = e.get("word"), e.get("player")[1]
    game, chosen = _take(game, item, WHAT)
    if word == "bolster":  # 701.39a: among the creatures tied for least toughness
        mine = _creatures(game, pid, budget)
        least = min((ch.toughness or 0 for ch in mine.values()), default=None)
        tied = sorted(i for i, ch in mine.items() if (ch.toughness or 0) == least)
        candidates = tied
    else:  # 701.36a: a creature token they control
        candidates = sorted(_creatures(game, pid, budget, tokens=True))
    if chosen is None and len(candidates) > 1:
        raise IllegalAction(RULES[word], f"{item.text!r} ({item.id}): {pid} chooses among "
                                         f"{', '.join(candidates)}: give {{keyword_choice: "
                                         f"{{{_keys(item)[-1]}: ID}}}} before it resolves")
    if chosen is not None and chosen not in candidates:
        what = "the creatures tied for least toughness" if word == "bolster" else "the creature tokens"
        raise IllegalAction(RULES[word], f"{chosen} is not among {what} {pid} controls: "
                                         f"{', '.join(candidates) or 'none'}")
    pick = chosen if chosen is not None else (candidates[0] if candidates else None)
    if word == "bolster":
        return _bolster(game, M.Bolster(pid, e.get("amount"), pick), budget)
    if pick is None:  # 701.36b: no creature token, no token created
        return game
    from pyengine.game.tokens import new_id

    copied = game.state.object(pick)
    taken = {o.id for o in game.state.objects}
    name = copied.printed.name or pick
    return _populate(game, M.Populate(pid, pick, new_id(name, taken)), budget)
