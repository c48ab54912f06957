"""The template for activated abilities (CR 602.1) whose cost the game pays and whose effect it
performs: "[Cost]: [Effect.]" with the cost's parts read by
:func:`pyengine.model.activated.parse_cost` (mana symbols, {T}, {Q}, sacrifice, life, discard,
counters removed) and the effect's sentences by :func:`pyengine.oracle.effects.effect`.

It becomes ``{activated: {cost, do, targets, timing, limit}, text}`` (docs/effect-language.md,
"Activated abilities"); "Activate only as a sorcery." (or "any time you could cast a
sorcery", 602.5d), "only during your turn", "only during combat" and "Activate only once each
turn." (602.5b), joined by "and", are the ability's restrictions, not its effect (602.1b). A planeswalker's
loyalty ability "+1: ...", "−2: ...", "0: ..." (606.1, 606.4) is one with a loyalty cost
(its timing is 606.3's, the game's); "+X" and abilities whose cost or effect isn't read stay
seen as present or absent.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.model.activated import parse_cost
from pyengine.oracle import effects as E
from pyengine.oracle.common import Abilities

_HEAD = re.compile(r"([^.\"]+?): (.+)")
# 602.1b: restrictions on when it may be activated (text after the colon, not its effect):
# "Activate only as a sorcery and only once each turn.", "Activate only during your turn.", ...
_RESTRICTION = re.compile(r" Activate only ([^.]+?)\.$")
_WORDS = {"as a sorcery": ("timing", "sorcery"),  # 602.5d
          "any time you could cast a sorcery": ("timing", "sorcery"),
          "during your turn": ("timing", "your_turn"), "during combat": ("timing", "combat"),
          "once each turn": ("limit", "once_each_turn")}  # 602.5b


def activated(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"{T}: SELF deals 1 damage to any target.", "Sacrifice SELF: It deals 1 damage to any
    target.", "{2}, {T}: Draw a card. Activate only as a sorcery." (CR 602.1, 602.5b, 602.5d)."""
    m = _HEAD.fullmatch(par)
    if not m:
        return None
    head, body = m.group(1), m.group(2)
    try:
        cost = parse_cost(head)  # a loyalty cost too (606.2: a loyalty ability, whatever its permanent)
    except ValueError:
        return None
    if {"Instant", "Sorcery"} & set(card.get("types", ())) and cost.zone == "battlefield":
        return None  # an instant's ability that functions on the stack (113.6): not followed
    if cost.x:  # 107.3a: X announced as it is activated
        from pyengine.oracle.activated_x import with_x

        return with_x(par, text, card, head, activated)
    found: dict[str, str] = {}
    r = _RESTRICTION.search(body)
    if r:
        for words in re.split(r",? and (?:only )?", r.group(1)):
            kind, value = _WORDS.get(words, ("?", ""))
            if kind == "?" or kind in found:
                return None  # another restriction (602.1b) the game doesn't follow
            found[kind] = value
        body = body[:r.start()]
    timing, limit = found.get("timing", "any"), found.get("limit")
    if "Activate" in body:  # another restriction (602.1b) the game doesn't follow
        return None
    body = re.sub(r"^It deals", "SELF deals", body)  # "it": the ability's source (113.7a)
    made: dict[str, Any] = {"cost": head}
    pump = _self_pump(body)
    if pump is None:
        from pyengine.oracle.effects_regenerate import self_shield

        pump = self_shield(body)  # 701.19a: a regeneration shield on its source
    if pump is None:
        from pyengine.oracle.effects_pumps import self_pump

        pump = self_pump(body)  # "... for each Elf you control", "... where X is ...": 608.2h
    from pyengine.oracle.effects_graveyard_cards import self_from_graveyard

    # 113.6m: "Return this card from your graveyard to ...": activated from the graveyard
    back = self_from_graveyard(body, tuple(card.get("subtypes", ()))) if pump is None else None
    copied = re.match(r"Create a token that's a copy of (?:this card|SELF), except", body)
    if back is None and pump is None and copied:
        from pyengine.oracle.keyword_graveyard import copy_token

        back = copy_token(body, card)  # embalm, eternalize (702.128a, 702.129a)
        if back is None:
            return None
    from pyengine.oracle.mana_activated import mana_do

    # 605.1a: "{1}, {T}: Add {W}{U}.": a mana ability with a cost the mana template doesn't read
    adds = mana_do(body, str(card.get("text", ""))) if body.startswith("Add ") and not cost.is_loyalty else None
    if body.startswith("Add ") and adds is None:
        return None  # 605.1a: a mana ability whose mana the game can't add stays text
    if adds is not None:
        from pyengine.oracle.templates import mana

        if mana(par, text, card) is not None:
            return None  # the mana ability template's: paid by a cast's payment too (601.2g)
        made["do"] = adds
    elif pump is not None:  # 611.2c: on the source, until end of turn (514.2)
        made.update(resolves=pump, duration="end_of_turn")
    elif back is not None:
        made.update(back)
    else:
        eff = E.effect(body, spell=True, ability=True)  # "target creature gets +N/+N until end of turn": on its target
        if eff is None or not eff.do and eff.resolves is None:
            return None
        if eff.targets:  # chosen as the ability is put on the stack (602.2b, 601.2c)
            made["targets"] = eff.targets
        if eff.do:
            made["do"] = eff.do
        if eff.resolves is not None and "affects" in eff.resolves:  # a group, locked in (611.2c)
            ops = {k: v for k, v in eff.resolves.items() if k != "affects"}
            made["do"] = [*made.get("do", []), {"kind": "continuous", "affects": eff.resolves["affects"],
                                                "duration": eff.lasts, "effect": ops}]
        elif eff.resolves is not None:
            made.update(resolves=eff.resolves, duration=eff.lasts)
    if (cost.sacrifice_self or cost.exile_source) and \
            any(f"{w}_of" in str(made) for w in ("power", "toughness", "mana_value")):
        return None  # its power once sacrificed: last known information, not read here (608.2h)
    if cost.exile_self and "power_of" in str(made) and not str(card.get("power", "")).isdigit():
        # scavenge (702.97a) of a card whose power a characteristic-defining ability gives in the
        # graveyard (604.3), or of a granted ability: not read
        return None
    if any(isinstance(ev, dict) and ev.get("kind") == "delayed" for ev in made.get("do", ())):
        return None  # an activated ability's delayed triggered ability (603.7) is not followed
    if timing != "any":
        made["timing"] = timing
    if limit is not None:
        made["limit"] = limit
    return [{"activated": made, "text": text}]


_PUMP = re.compile(r"SELF (?:gets ([+-]\d+)/([+-]\d+)(?: and gains (.+?))?|gains (.+?)) until end of turn\.")


def _self_pump(body: str) -> dict[str, Any] | None:
    """"SELF gets +1/+0 until end of turn.", "SELF gains flying until end of turn." (one
    sentence): the continuous effect's operations, or None."""
    from pyengine.oracle.effects_continuous import pump_ops

    if body == "SELF becomes an artifact creature until end of turn.":
        # crew's effect (702.122a): it keeps its other card types and subtypes (205.1b: an
        # "artifact creature"), with its printed power and toughness (301.7a-b, 208.3)
        return {"add_types": ["Artifact", "Creature"]}
    m = _PUMP.fullmatch(body)
    return None if not m else pump_ops(m.group(1), m.group(2), m.group(3) or m.group(4))
