"""A state in which no state-based action applies, recognised without the encodings.

Most checks of a game (CR 117.5: each time a player would receive priority) find nothing:
every player above 0 life, every creature alive, every attachment legal. :func:`nothing`
says, from the same inputs as :func:`pyengine.sba.facts.sba_factset`, that asp/sba/sba.lp
would answer with no ``sba/4``, no ``sba_counters/4`` and no ``legend_member/3`` — only
when each item of 704.5 (and 704.6c) the encoding decides provably does not apply. It is a
one-sided test: anything it was not written for (a fact it cannot follow exactly, a
quality it would have to interpret, a value the fact builder would refuse) answers False,
and the encoding decides as before. Each test below names the encoding's rule it follows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pyengine import qualities
from pyengine.facts import Value
from pyengine.layers.result import LayerResult, ObjectChars
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.sba.facts import chapters, counter_limit, enchant
from pyengine.sba.model import SinceLastCheck

SHORTCUT = True  # tests switch it off to compare every answer with the encoding's
_IDENT = re.compile(r"^[a-z][A-Za-z0-9_]*$")  # what pyengine.facts.Const accepts


class _Unsure(Exception):
    """Something the encoding must decide (or refuse)."""


@lru_cache(maxsize=4096)
def _ability(ab: str, pids: tuple[str, ...]) -> tuple[tuple[Value, bool] | None, tuple[int, ...],
                                                      tuple[str, int] | None]:
    """(enchant, chapters, counter limit) of one ability's words, as the fact builder reads
    them; an ability it would refuse raises (the encoding's path then refuses it)."""
    return enchant(ab, pids), chapters(ab), counter_limit(ab)


@lru_cache(maxsize=1024)
def _protection(param: str, pids: tuple[str, ...]) -> object:
    return qualities.term(qualities.parse(param, pids), lambda p: p)


def nothing(state: GameState, layers: LayerResult, since: SinceLastCheck,
            legend_choices: Mapping[tuple[str, str], str]) -> bool:
    """True only if asp/sba/sba.lp finds no action and no legend-rule group in this check."""
    if not SHORTCUT or legend_choices:
        return False
    try:
        return _nothing(state, layers, since)
    except Exception:  # noqa: BLE001 (whatever the fact builder would make of it, the encoding answers)
        return False


def _nothing(state: GameState, layers: LayerResult, since: SinceLastCheck) -> bool:
    pids = state.player_ids
    # players.lp: 704.5a-c, 704.6c (a draw, 104.4a, needs a loser first)
    if since.drew_from_empty or since.deathtouch_damaged:
        return False
    for p in state.players:
        if type(p.life) is not int or p.life <= 0 or type(p.poison) is not int or p.poison >= 10:
            return False
        if any(type(n) is not int or n >= 21 for _c, n in p.commander_damage):
            return False
        chars = layers.players.get(p.id)
        for ab in chars.abilities if chars else ():
            if ab.startswith("protection from "):
                _protection(ab[16:], pids)  # (the fact builder parses it: an error is its)
    objs = {o.id: o for o in state.objects}
    legends: set[tuple[str, str]] = set()
    worlds = 0
    for o in state.objects:
        zone = o.zone
        if type(o.token) is not bool or type(o.damage) is not int:
            return False
        # zones.lp: 704.5d, 704.5e
        if o.token and zone != Zone.BATTLEFIELD:
            return False
        if o.copy is not None:
            if o.copy == "spell":
                if zone != Zone.STACK:
                    return False
            elif o.copy == "card":
                if zone not in (Zone.STACK, Zone.BATTLEFIELD):
                    return False
            else:
                return False
        if zone != Zone.BATTLEFIELD:
            continue
        ch = layers.objects.get(o.id)
        if ch is None:
            return False
        if not _permanent_quiet(o, ch, objs, layers, pids):
            return False
        supers = _lower(ch.supertypes)
        if "legendary" in supers and ch.name:  # legend.lp: 704.5j
            key = (ch.controller, ch.name)
            if key in legends:
                return False
            legends.add(key)
        if "world" in supers:  # 704.5k
            worlds += 1
            if worlds > 1:
                return False
    return True


def _lower(words: tuple[str, ...]) -> set[str]:
    """The constants the fact builder makes of card types or supertypes."""
    out = set()
    for t in words:
        low = t.lower()
        if not _IDENT.match(low):
            raise _Unsure(t)  # the fact builder's Const refuses it
        out.add(low)
    return out


def _strict(values) -> set[tuple[type, object]]:  # type: ignore[no-untyped-def]
    """Values as clingo tells them apart: a constant is not the string of the same letters."""
    return {(v.__class__, v) for v in values}


def _key(q: object) -> tuple:
    """An enchant quality term as a hashable key (Fn compares by identity)."""
    if isinstance(q, str):
        return (q.__class__, q)
    return (getattr(q, "name", None), tuple((a.__class__, a) for a in getattr(q, "args", ())))


def _permanent_quiet(o, ch: ObjectChars, objs: dict, layers: LayerResult, pids: tuple[str, ...]) -> bool:
    """No action of creatures.lp, counters.lp, legend.lp's Roles or attach.lp on ``o``."""
    low = _lower(ch.types)
    _lower(ch.supertypes)
    if type(ch.controller) is not str:
        return False
    for k, param in ch.keywords:
        if k == "protection" and param is not None:
            _protection(param, pids)
    enchants: list[tuple[Value, bool]] = []
    final = 0
    limits: dict[str, int] = {}
    for ab in ch.abilities:
        ench, chs, limit = _ability(ab, pids)
        if ench is not None:
            enchants.append(ench)
        if chs:
            final = max(final, max(chs))
        if limit is not None:
            limits[limit[0]] = min(limits.get(limit[0], limit[1]), limit[1])
    counts: dict[str, int] = {}
    for kind, n in o.counters:
        if type(n) is not int or type(kind) is not str or kind in counts:
            return False
        if n > 0:
            counts[kind] = n
    creature = "creature" in low
    # creatures.lp: 704.5f, 704.5g (toughness only for "Creature", as the fact builder adds it)
    if creature:
        tough = ch.toughness if "Creature" in ch.types else None
        if type(tough) is not int or tough <= 0:
            return False
        if o.damage and o.damage >= tough:
            return False
    # counters.lp: 704.5i, 704.5v, 704.5q, 704.5r, 704.5s
    if "planeswalker" in low and "loyalty" not in counts:
        return False
    if "battle" in low and "defense" not in counts:
        return False
    if "+1/+1" in counts and "-1/-1" in counts:
        return False
    if any(counts.get(k, 0) > n for k, n in limits.items()):
        return False
    if "Saga" in ch.subtypes and final and counts.get("lore", 0) >= final:
        return False
    # attach.lp: 704.5m, 704.5n, 704.5p; legend.lp: 704.5y
    aura = "Aura" in ch.subtypes
    equipment = not aura and "Equipment" in ch.subtypes
    fortification = not aura and not equipment and "Fortification" in ch.subtypes
    if "Role" in ch.subtypes and o.attached_to is not None:
        return False  # (two Roles on one permanent: the encoding compares them)
    if o.attached_to is None:
        return not aura  # 704.5m: an Aura attached to nothing
    if creature or "battle" in low or not (aura or equipment or fortification):
        return False  # 704.5p, 303.4d, 301.5c
    if o.attached_to in pids or o.attached_to == o.id:
        return False
    host = objs.get(o.attached_to)
    if host is None or host.zone != Zone.BATTLEFIELD:
        return False
    hch = layers.objects.get(host.id)
    if hch is None or any(k == "protection" and p is not None for k, p in hch.keywords):
        return False  # (protection: qualities.lp decides, 702.16c-d)
    hlow = _lower(hch.types)
    if equipment:
        return "creature" in hlow
    if fortification:
        return "land" in hlow
    yours = {_key(q) for q, y in enchants if y}  # enchant_yours/2 is per quality
    return all(_enchant_ok(q, _key(q) in yours, ch, hch) for q, _y in enchants)


def _enchant_ok(q: object, yours: bool, ch: ObjectChars, hch: ObjectChars) -> bool:
    """attach.lp's ``enchant_ok`` for an Aura on a permanent (702.5a, 702.5c)."""
    if yours and ch.controller != hch.controller:
        return False
    if q.__class__ is not str and q == "permanent":  # a constant (Const), not a string
        return True
    name = getattr(q, "name", None)
    args: tuple[Any, ...] = getattr(q, "args", ())
    if len(args) != 1:
        return False
    value = args[0]
    if name == "type":
        words = hch.types
    elif name == "subtype":
        words = hch.subtypes
    elif name == "supertype":
        words = hch.supertypes
    elif name == "color":
        words = hch.colors
    else:
        return False
    made = (lambda w: w) if name == "subtype" else qualities.word  # qualities.object_facts
    return (value.__class__, value) in _strict(made(w) for w in words)
