"""The template for static replacement and prevention effects on damage and life gain (CR 614.1a,
615, 616) that pyengine.oracle.rules_templates.replacement doesn't read: the event a source or a
recipient names, read by the replacement engine (asp/replacement; docs/effect-language.md,
``replace`` and ``prevent``):

- "If you would gain life, you gain twice that much life instead." / "... that much life plus
  1 instead.": ``replace: {event: {kind: gain_life, player: you}, amount: {times: 2}}``
  (``{plus: 1}``), 614.1a;
- "If a source you control would deal damage to a permanent or player, it deals double (triple)
  that damage to that permanent or player instead.", "If another red source you control would
  deal damage to ..., it deals that much damage plus 1 ... instead.": ``replace`` of the damage
  events that source and recipient name, ``amount: {times: 2|3}`` / ``{plus: N}`` (614.1a);
- "If a source an opponent controls would deal damage to you, prevent 1 of that damage.",
  "If a source would deal damage to you or a creature you control, prevent 1 of that damage.":
  ``prevent: {event, amount: N}`` (615.1a, 615.10: N of each such event);
- "Prevent all damage that would be dealt by enchanted creature.", "Prevent all combat damage
  that would be dealt to and dealt by enchanted creature.", "Prevent all damage that would be
  dealt to SELF by creatures.", "Prevent all noncombat damage that would be dealt to other
  creatures you control.": ``prevent: {event, amount: all}`` (615.1a; "to and dealt by": both
  events, two prevention effects of the one ability).

A source or recipient phrase this module doesn't read ("a source of your choice", "the chosen
player", a condition "as long as ...") leaves the paragraph unrecognised.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import Abilities
from pyengine.oracle.common import static as _static

_COLORS = ("white", "blue", "black", "red", "green")


def _source(phrase: str) -> Any | None:
    """What a damage event's ``source`` is for a phrase (None: any source; False: not read).
    The source may be a spell on the stack or a permanent: a pattern's selector without a
    zone reads any zone."""
    if phrase in ("a source", "damage"):
        return None
    if phrase == "SELF":
        return "self"
    if phrase in ("enchanted creature", "equipped creature"):
        return {"enchanted": True}
    m = re.fullmatch(r"(a|another) (?:(white|blue|black|red|green|noncreature|[A-Z][a-z]+) )?source"
                     r"(?: (you control|an opponent controls))?", phrase)
    if m:
        sel: dict[str, Any] = {}
        if m.group(1) == "another":
            sel["other"] = True
        word = m.group(2)
        if word in _COLORS:
            sel["colors"] = [word]
        elif word == "noncreature":
            sel["not_types"] = ["Creature"]
        elif word is not None:
            if P.subtype_table.category(word) is None:
                return False
            sel["subtypes"] = [word]
        if m.group(3):
            sel["controller"] = "you" if m.group(3) == "you control" else "opponent"
        if sel.get("other") and not sel.get("controller"):
            return False
        return sel or None
    if phrase in ("creatures", "artifact creatures", "artifact sources", "creatures your opponents control"):
        got = {"creatures": {"types": ["Creature"]},
               "artifact creatures": {"types": ["Artifact", "Creature"]},
               "artifact sources": {"types": ["Artifact"]},
               "creatures your opponents control": {"types": ["Creature"], "controller": "opponent"}}
        return got[phrase]
    return False


def _recipient(phrase: str) -> Any | None:
    """What a damage event's ``target`` is for a phrase (None: any; False: not read)."""
    if phrase in ("a permanent or player", "any target"):
        return None
    words = {"you": "you", "SELF": "self", "an opponent": "opponent", "a player": "any"}
    if phrase in words:
        return words[phrase]
    if phrase in ("enchanted creature", "equipped creature"):
        return {"objects": {"enchanted": True, "zone": "battlefield"}}
    m = re.fullmatch(r"(you|an opponent) or (.+)", phrase)
    player = None
    if m:
        player, phrase = ("you" if m.group(1) == "you" else "opponent"), m.group(2)
    phrase = {"a creature you control": "creatures you control",
              "a permanent an opponent controls": "permanents an opponent controls",
              "a permanent you control": "permanents you control",
              "a creature": "creatures", "a creature an opponent controls": "creatures an opponent controls"
              }.get(phrase, phrase)
    other = phrase.startswith("other ")
    sel = P.selector(phrase.removeprefix("other "))
    if not isinstance(sel, dict) or not sel or set(sel) - {"types", "any_types", "controller", "subtypes",
                                                           "token", "colors"}:
        return False
    if sel.get("controller") not in (None, "you", "opponent"):
        return False
    if not (sel.get("types") or sel.get("any_types")) and not phrase.startswith("permanents"):
        return False  # "permanents": any object on the battlefield (110.1)
    objects = {**({"other": True} if other else {}), **sel, "zone": "battlefield"}
    return {"objects": objects, **({"players": player} if player else {})}


def _event(source: Any, target: Any, combat: str | None) -> dict[str, Any]:
    event: dict[str, Any] = {"kind": "damage"}
    if source is not None:
        event["source"] = source
    if target is not None:
        event["target"] = target
    if combat:
        event["combat"] = combat == "combat"
    return event


_DEAL = (r"If (.+?) would deal (combat |noncombat )?damage to (.+?), "
         r"(?:it|that source) deals (double|triple|that much damage plus (\d+))(?: that damage)?"
         r"(?: to (?:that permanent or player|that player|that creature|it))? instead\.")
_PREVENT_N = r"If (.+?) would deal (combat |noncombat )?damage to (.+?), prevent (\d+|that) (?:of that )?damage\."
_PREVENT_ALL = (r"Prevent all (combat |noncombat )?damage that would be dealt( to (?!and )(?:.+?))?"
                r"( and dealt)?(?: by (.+?))?\.")
_LIFE = r"If you would gain life, you gain (twice that much life|that much life plus (\d+)) instead\."


def shield(s: str, eff: Any) -> bool:
    """"Prevent the next 2 damage that would be dealt to target creature this turn" in a spell
    or an activated ability: a prevention shield on its one target (615.7) until end of turn
    (514.2): the resolved effect's ``prevent`` of the damage dealt to what it affects, the
    object or, for "any target", the player chosen (the game's resolved prevention effect
    affects a target player too)."""
    from pyengine.oracle.effects import target

    m = re.fullmatch(r"prevent the next (\d+) damage that would be dealt to (any target|target (?:creature|"
                     r"artifact creature)(?: you control)?) this turn", s)
    if not m or eff.targets or eff.resolves is not None:
        return False
    if target(m.group(2), eff, ("object", "any")) is None:
        return False
    eff.resolves = {"prevent": {"event": {"target": "affected"}, "shield": int(m.group(1))}}  # damage (615.1)
    return True


def damage_replacement(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """The abilities of one such paragraph, or None (an instant's or sorcery's paragraph is
    an instruction, not a static ability: 113.3a)."""
    if {"Instant", "Sorcery"} & set(card.get("types", ())):
        return None
    m = re.fullmatch(_LIFE, par)
    if m:
        amount = {"times": 2} if m.group(2) is None else {"plus": int(m.group(2))}
        return [_static(text, {"replace": {"event": {"kind": "gain_life", "player": "you"}, "amount": amount}})]
    m = re.fullmatch(_DEAL, par)
    if m:
        if m.group(4) in ("double", "triple") and "that damage" not in par:
            return None
        source, target = _source(m.group(1)), _recipient(m.group(3))
        if source is False or target is False or m.group(1) == "damage":
            return None
        how = m.group(4)
        amount = {"times": 2} if how == "double" else {"times": 3} if how == "triple" else {"plus": int(m.group(5))}
        event = _event(source, target, (m.group(2) or "").strip() or None)
        return [_static(text, {"replace": {"event": event, "amount": amount}})]
    m = re.fullmatch(_PREVENT_N, par)
    if m:
        source, target = _source(m.group(1)), _recipient(m.group(3))
        if source is False or target is False:
            return None
        n: Any = "all" if m.group(4) == "that" else int(m.group(4))
        event = _event(source, target, (m.group(2) or "").strip() or None)
        return [_static(text, {"prevent": {"event": event, "amount": n}})]
    m = re.fullmatch(_PREVENT_ALL, par)
    if m:
        combat = (m.group(1) or "").strip() or None
        to = m.group(2)[len(" to "):] if m.group(2) else None
        by = m.group(4)
        if m.group(3):  # "to and dealt by X": the damage dealt to X and the damage X deals
            if to is not None or by is None:
                return None
            source = _source(by)
            target = _recipient(by)
            if source in (False, None) or target in (False, None):
                return None
            return [_static(text, [{"prevent": {"event": _event(None, target, combat), "amount": "all"}},
                                   {"prevent": {"event": _event(source, None, combat), "amount": "all"}}])]
        source = _source(by) if by is not None else None
        target = _recipient(to) if to is not None else None
        if source is False or target is False or source is None and target is None:
            return None  # "prevent all damage that would be dealt" with neither: not a static ability here
        return [_static(text, {"prevent": {"event": _event(source, target, combat), "amount": "all"}})]
    return None
