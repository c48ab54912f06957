"""Trigger heads and intervening "if" clauses that read what happened earlier in the turn
(pyengine.triggers.history): "Whenever you cast your second spell each turn", "Whenever you
draw your second card each turn" (the event is the player's Nth of its kind this turn, 603.2:
the first and the third don't trigger it), "if you gained life this turn", "if you gained 5 or
more life this turn", "if an opponent lost life this turn" (603.4: checked as the event
happens and again as the ability resolves).

Each gives the effect language's trigger part, or None (the paragraph then stays unread).
"if you attacked this turn" (you declared one or more attackers this turn, 508.1). Heads and
conditions of the same family this module doesn't read ("your first instant spell each turn",
"if a creature died this turn") are left to the text template.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import NUMBERS
from pyengine.oracle.common import fullmatch as _fm

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
_WHO = {"you": ("you", "your"), "an opponent": ("opponent", "their"), "a player": ("any", "their")}


def when(head: str) -> tuple[dict[str, Any], bool] | None:
    """"Whenever you cast your second spell each turn", "Whenever an opponent casts their
    second spell each turn", "Whenever you draw your second card each turn", "Whenever you
    gain life for the first time each turn", "... lose life for the first time each turn",
    "Whenever you cast your first spell during each opponent's turn", "Whenever you cast a
    [quality] spell during an opponent's turn"."""
    m = _fm(r"Whenever you cast (your first spell during each|an? .+? during an) opponent's turn", head)
    if m:  # 102.1: the turn is the active player's
        from pyengine.oracle.trigger_heads import spell_selector

        w: dict[str, Any] = {"kind": "cast", "player": "you"}
        if m.group(1).startswith("your first"):
            w["nth"] = 1  # the first spell cast this turn, this turn being an opponent's
        else:
            sel = spell_selector(m.group(1).split(" ", 1)[1].removesuffix(" during an"))
            if sel is None:
                return None
            if sel:
                w["obj"] = sel
        return {"when": {**w, "turn": "opponent"}}, False
    m = _fm(r"Whenever (you|an opponent) (gains?|loses?) life for the (\w+) time each turn", head)
    if m and m.group(3) in _ORDINALS and (m.group(2) in ("gain", "lose")) == (m.group(1) == "you"):
        kind = "life_gain" if m.group(2).startswith("gain") else "life_loss"  # 119.3
        return {"when": {"kind": kind, "player": _WHO[m.group(1)][0], "nth": _ORDINALS[m.group(3)]}}, False
    m = _fm(r"Whenever (you|an opponent|a player) (casts?|draws?) (your|their) (\w+) "
            r"(spell|card) each turn", head)
    if not m:
        return None
    who, verb, whose, ordinal, noun = m.groups()
    player, poss = _WHO[who]
    kind = "cast" if verb.startswith("cast") else "draw"
    if whose != poss or ordinal not in _ORDINALS or (kind == "cast") != (noun == "spell") or \
            (verb in ("cast", "draw")) != (who == "you"):  # "you cast", "an opponent casts"
        return None
    return {"when": {"kind": kind, "player": player, "nth": _ORDINALS[ordinal]}}, False


def condition(text: str) -> dict[str, Any] | None:
    """"you gained life this turn", "you gained N or more life this turn", "an opponent lost
    life this turn", "you lost life this turn": what a player did this turn, at least once or
    at least N (119.3; damage dealt to a player is life lost, 120.3a)."""
    if text == "you attacked this turn":  # 508.1: you declared one or more attackers ("raid")
        return {"compare": [{"this_turn": {"what": "attacked", "player": "you"}}, ">=", 1]}
    got = _zones(text)
    if got is not None:
        return got
    m = _fm(r"(you|an opponent) (gained|lost) (?:(\w+) or more )?life this turn", text)
    if not m:
        return None
    n = 1
    if m.group(3):
        n = NUMBERS.get(m.group(3)) or (int(m.group(3)) if m.group(3).isdigit() else 0)
        if n < 1:
            return None
    what = "life_gained" if m.group(2) == "gained" else "life_lost"
    player = "you" if m.group(1) == "you" else "opponent"
    return {"compare": [{"this_turn": {"what": what, "player": player}}, ">=", n]}


ONCE = " This ability triggers only once each turn."


def once_each_turn(body: str) -> tuple[str, bool]:
    """The effect without its last sentence "This ability triggers only once each turn.", and
    whether it had it (the pattern's ``once_each_turn``: it doesn't trigger again this turn
    once it has, as this object)."""
    if body.endswith(ONCE) and "\n" not in body:
        return body[: -len(ONCE)], True
    return body, False


# zone changes this turn (pyengine.triggers.history.ZONES_WHAT): the words -> (what, player)
_ZONES = {
    "a creature died this turn": ("creatures_died", "any"),  # morbid (700.4)
    "a creature died under your control this turn": ("creatures_died", "you"),
    "a permanent left the battlefield under your control this turn": ("permanents_left", "you"),  # revolt
    "a permanent you controlled left the battlefield this turn": ("permanents_left", "you"),
    "you descended this turn": ("descended", "you"),  # 700.11
}


def _zones(text: str) -> dict[str, Any] | None:
    """"a creature died this turn", "N or more creatures died this turn", "a permanent left the
    battlefield under your control this turn", "you descended this turn", "N or more nonland
    permanents entered the battlefield under your control this turn": counted from the turn's
    zone changes (603.4)."""
    if text in _ZONES:
        what, player = _ZONES[text]
        return {"compare": [{"this_turn": {"what": what, "player": player}}, ">=", 1]}
    m = _fm(r"(\w+) or more (creatures died|nonland permanents entered the battlefield under your control) "
            r"this turn", text)
    n = m and (NUMBERS.get(m.group(1)) or (int(m.group(1)) if m.group(1).isdigit() else 0))
    if not m or not n:
        return None
    what, player = ("creatures_died", "all") if m.group(2) == "creatures died" else ("nonland_entered", "you")
    return {"compare": [{"this_turn": {"what": what, "player": player}}, ">=", n]}
