"""Effect sentences that look at the top of a library: "Scry N" (CR 701.22a) and "Surveil N"
(701.25a), alone or joined to another instruction of the sentence ("You gain 2 life and scry 1",
"Draw a card, then scry 1", "Scry 2, then draw a card"), each part in order (608.2c).

They become ``{kind: scry, count: N}`` / ``{kind: surveil, count: N}`` instructions (player
``you``, docs/effect-language.md), performed by the game with the player's choice
(pyengine.game.library). "Target player scries", "each player scries" and the like are not made.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.common import fullmatch as _fm

_LOOK = r"(scry|surveil) (\d+|x)"


def look(s: str, eff: Any) -> bool:
    """"scry 2", "surveil 1" (the sentence's only instruction)."""
    m = _fm(_LOOK, s)
    if not m or not m.group(2).isdigit():
        return False
    ev: dict[str, Any] = {"kind": m.group(1)}
    if int(m.group(2)) != 1:
        ev["count"] = int(m.group(2))
    eff.do.append(ev)
    return True


def joined(s: str, eff: Any, spell: bool) -> bool:
    """A scry or surveil joined to another instruction of one sentence: "X, then scry N",
    "X and scry N", "scry N, then X" (608.2c: in order). The other part must be a known
    sentence; nothing is added unless both parts are read."""
    from pyengine.oracle.effects import Effect, sentence

    m = _fm(rf"(.+?),? (?:and|then|and then) {_LOOK}", s)
    parts: list[str]
    if m and m.group(3).isdigit():
        parts = [m.group(1), f"{m.group(2)} {m.group(3)}"]
    else:
        m = _fm(rf"{_LOOK}, then (.+)", s)
        if not m or not m.group(2).isdigit():
            return False
        parts = [f"{m.group(1)} {m.group(2)}", m.group(3)]
    trial = Effect(from_graveyard=eff.from_graveyard, it=eff.it, targets=list(eff.targets),
                   casting=list(eff.casting), do=list(eff.do), resolves=eff.resolves, group_at=eff.group_at)
    for p in parts:
        if not (look(p, trial) or sentence(p, trial, spell)):
            return False
    eff.do[:], eff.targets[:], eff.casting[:] = trial.do, trial.targets, trial.casting
    eff.resolves, eff.group_at = trial.resolves, trial.group_at
    return True


# "Search your library for a basic land card, put it onto the battlefield tapped, then shuffle."
# (CR 701.23a, 701.24a): the qualities read are supertype/card type/subtype words the game
# matches (pyengine.game.search), or basic land types joined by "or" ("a Plains, Island, Swamp,
# or Mountain card": any of them, "basic" applying to each); "a card" (701.23d: must be found),
# other "or"s, names, mana values, planeswalker cards (their loyalty as they enter, 306.5b, is
# not generated) stay text.
_BASIC_TYPES = "plains|island|swamp|mountain|forest"
_ALTERNATIVES = rf"(?:basic )?(?:{_BASIC_TYPES})(?:, (?:{_BASIC_TYPES}))*,? or (?:{_BASIC_TYPES})"
_PERMANENT = rf"{_ALTERNATIVES}|(?:basic )?(?:land|{_BASIC_TYPES})|creature|artifact|enchantment"
_ANY = rf"{_PERMANENT}|instant|sorcery"
_UP_TO = {"two": 2, "three": 3}
_SEARCH = (r"search your library for (?:an?|up to (two|three)) ((?i:{q})) cards?, "
           r"(reveal (?:it|them|that card|those cards), )?"
           r"put (?:it|them|that card|those cards) (onto the battlefield( tapped)?|into your hand), "
           r"then shuffle")


def search(s: str, eff: Any) -> bool:
    """"Search your library for a basic land card, [reveal it, ]put it onto the battlefield
    [tapped] / into your hand, then shuffle" and "up to two basic land cards ... them"."""
    m = _fm(_SEARCH.format(q=_ANY), s)
    if not m:
        return False
    count = _UP_TO[m.group(1)] if m.group(1) else 1
    plural = "them" in s or "those cards" in s
    if plural != (count > 1):
        return False
    to = "hand" if m.group(4) == "into your hand" else "battlefield"
    if to == "battlefield" and not _fm(_PERMANENT, m.group(2).lower()):
        return False  # an instant or sorcery card can't be put onto the battlefield (110.4a)
    quality = re.sub(rf"\b({_BASIC_TYPES})\b", lambda t: t.group(1).capitalize(),
                     m.group(2).lower())
    if " or " in quality:  # "basic Forest, Plains, or Island": basic Forest or basic Plains or ...
        basic = "basic " if quality.startswith("basic ") else ""
        names = re.split(r",? or |, ", quality.removeprefix("basic "))
        quality = " or ".join(basic + n for n in names)
    ev: dict[str, Any] = {"kind": "search", "for": quality}
    if count != 1:
        ev["count"] = count
    ev["to"] = to
    if m.group(5):
        ev["tapped"] = True
    if m.group(3):
        ev["reveal"] = True
    eff.do.append(ev)
    return True
