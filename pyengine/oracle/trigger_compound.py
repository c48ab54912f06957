"""Compound and attached trigger heads (CR 603.2): "Whenever SELF enters or attacks", "When
SELF enters or dies", "Whenever SELF blocks or becomes blocked" -- one ability with several
trigger events, which triggers once for each event that matches one of them (603.2; written
``when: {any_of: [EVENT, EVENT]}``, docs/effect-language.md) -- and the events of the creature
an Aura or Equipment is attached to: "Whenever equipped creature attacks", "When enchanted
creature dies" (the creature the source is attached to as the event happens; a leaves-the-
battlefield ability looks back in time, 603.10a, so the Aura is still attached then).

"Whenever SELF blocks a creature" triggers once for each attacker it blocks (509.3b): the
game's ``blocks`` events are one per blocker and attacker. "Whenever SELF blocks" triggers
once each combat however many creatures it blocks (509.3a), which those events don't say: it
is left to pyengine.oracle.abilities as before. "Becomes blocked by a creature" is a blocks event
whose attacker is SELF (509.3d: once for each blocker; "that creature" the blocker); "attacks
and isn't blocked" the unblocked event of the declare blockers step (509.1h, 509.3g).

Each gives ``(trigger, about_self)`` as pyengine.oracle.abilities reads it, or None.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.common import NUMBERS
from pyengine.oracle.common import fullmatch as _fm

Found = tuple[dict[str, Any], bool]

# a verb of a compound head about SELF -> its event (docs/effect-language.md, "when" kinds)
_VERBS: dict[str, dict[str, Any]] = {
    "enters": {"kind": "enters", "obj": "self"},  # 603.6a
    "enters the battlefield": {"kind": "enters", "obj": "self"},
    "attacks": {"kind": "attacks", "obj": "self"},  # 508.1m
    "blocks": {"kind": "blocks", "obj": "self"},  # 509.1i
    "becomes blocked": {"kind": "becomes_blocked", "obj": "self"},  # 509.1h, 509.3c
    "dies": {"kind": "dies", "obj": "self"},  # 700.4
    "is put into a graveyard from the battlefield": {"kind": "dies", "obj": "self"},
    "leaves the battlefield": {"kind": "leaves", "obj": "self"},  # 603.6c
    # 509.3d: once for each creature that blocks it (a blocks event whose attacker is SELF)
    "becomes blocked by a creature": {"kind": "blocks", "obj": {"types": ["Creature"]}, "attacker": "self"},
    "is turned face up": {"kind": "turned_face_up", "obj": "self"},  # 708.8 (pyengine.oracle.trigger_faces)
    "transforms into SELF": {"kind": "transforms", "obj": "self"},  # 701.27a: into this face
}
_GONE = ("dies", "leaves")
# "equipped creature" / "enchanted creature": the creature the source is attached to
_HOST = {"enchanted": True}
_HOST_VERBS: dict[str, dict[str, Any]] = {
    "attacks": {"kind": "attacks", "obj": _HOST},
    "blocks": {"kind": "blocks", "obj": _HOST},
    "becomes blocked": {"kind": "becomes_blocked", "obj": _HOST},
    "dies": {"kind": "dies", "obj": _HOST},  # 603.10a: it looks back, the source attached then
    "attacks and isn't blocked": {"kind": "unblocked", "obj": _HOST},  # 509.3g
    "deals combat damage to a player": {"kind": "damage", "source": _HOST, "to": "player", "combat": True},
    "deals combat damage to an opponent": {"kind": "damage", "source": _HOST, "to": {"player": "opponent"},
                                           "combat": True},
}


def compound(head: str, card: dict[str, Any]) -> Found | None:
    """"Whenever SELF enters or attacks": the events of each verb, about SELF (603.2)."""
    m = _fm(r"(?:When|Whenever) SELF (.+?) or (.+)", head)
    if not m or m.group(1) not in _VERBS or m.group(2) not in _VERBS or m.group(1) == m.group(2):
        return None
    alts = [dict(_VERBS[m.group(1)]), dict(_VERBS[m.group(2)])]
    if {"blocks", "becomes_blocked"} & {a["kind"] for a in alts} and \
            "Creature" not in card.get("types", ()):
        return None  # a Vehicle blocks only once crewed: no game made for it here
    return {"when": {"any_of": alts}}, True


def single(head: str, card: dict[str, Any]) -> Found | None:
    """"Whenever SELF attacks and isn't blocked" (509.3g: no creature declared as a blocker
    for it, an event of the declare blockers step, 509.1h); "Whenever SELF blocks a creature"
    (509.3b: once for each attacker it blocks)."""
    m = _fm(r"Whenever you attack with (\w+) or more creatures", head)
    n = NUMBERS.get(m.group(1)) if m else None
    if n is not None and n >= 2:  # 508.1: the attackers are declared at once, one batch (603.2c)
        return {"when": {"kind": "attacks", "obj": {"types": ["Creature"], "controller": "you"},
                         "one_or_more": True, "at_least": n}}, False
    if head == "Whenever SELF deals combat damage to a player or planeswalker" and \
            "Creature" in card.get("types", ()):  # 120.3, 510.2 (a Vehicle's: no game made for it)
        return {"when": {"any_of": [
            {"kind": "damage", "source": "self", "to": "player", "combat": True},
            {"kind": "damage", "source": "self", "to": {"types": ["Planeswalker"]}, "combat": True}]}}, True
    if head == "Whenever SELF attacks and isn't blocked":
        return {"when": {"kind": "unblocked", "obj": "self"}}, True
    if head == "Whenever SELF blocks a creature" and "Creature" in card.get("types", ()):
        return {"when": {"kind": "blocks", "obj": "self"}}, True
    if head == "Whenever SELF blocks a creature with flying" and "Creature" in card.get("types", ()):
        # 509.3b, 509.3f: the attacker has flying as blockers are declared
        return {"when": {"kind": "blocks", "obj": "self", "attacker": {"types": ["Creature"],
                                                                      "abilities": ["flying"]}}}, True
    m = _fm(r"Whenever SELF becomes blocked by a creature(?: without (\w+))?", head)
    if m and "Creature" in card.get("types", ()):  # flanking: "a creature without flanking" (702.25a)
        when = dict(_VERBS["becomes blocked by a creature"])
        if m.group(1):
            # the keyword held by name (its word) or compiled from its rule (its text, capitalised)
            kw = m.group(1)
            when["obj"] = {"types": ["Creature"], "not_abilities": [kw, kw[:1].upper() + kw[1:]]}
        return {"when": when}, True
    return None


def attached(head: str, card: dict[str, Any]) -> Found | None:
    """"Whenever equipped creature attacks", "When enchanted creature dies", "Whenever
    enchanted creature deals combat damage to a player": an Aura's or Equipment's ability
    about the creature it is attached to as the event happens."""
    m = _fm(r"(?:When|Whenever) (equipped|enchanted) creature (.+)", head)
    if not m or m.group(2) not in _HOST_VERBS:
        return None
    sub = "Equipment" if m.group(1) == "equipped" else "Aura"
    if sub not in card.get("subtypes", ()):
        return None  # "enchanted creature" of a card that is no Aura (a Licid, an ability granted)
    return {"when": dict(_HOST_VERBS[m.group(2)])}, False


def gone(trigger: dict[str, Any]) -> bool:
    """Whether one of a compound trigger's events is the object leaving the battlefield."""
    return any(a.get("kind") in _GONE for a in trigger.get("when", {}).get("any_of", ()))


def names_other(head: str, body: str) -> bool:
    """Whether the effect of "SELF blocks a creature" or "SELF blocks or becomes blocked"
    names the other creature ("that creature", the one it blocks or that blocks it): the
    event is about SELF, the other creature isn't "it" here; not compiled."""
    if head.startswith("Whenever SELF block") and re.search(r"\b(that|blocked|blocking) creatures?\b", body):
        return True
    # "becomes blocked by a creature": "it" of the effect is SELF, the event's object the
    # blocker ("that creature", 603.7c): only "it deals" is read as SELF (pyengine.oracle.abilities)
    return head.startswith("Whenever SELF becomes blocked by a creature") and \
        re.search(r"\b(it|its)\b", re.sub(r"^[Ii]t deals", "", body)) is not None


def blocker_it(head: str, body: str) -> str:
    """"Whenever SELF becomes blocked by a creature, destroy that creature": "that creature" is
    the blocker, the object of the blocks event ("it" of the effect language, 603.7c)."""
    if not head.startswith("Whenever SELF becomes blocked by a creature"):
        return body
    return re.sub(r"\b(that|the blocking) creature\b", "it", body)


def on_battlefield(trigger: dict[str, Any]) -> bool:
    """Whether every event of a compound trigger leaves its object on the battlefield (enters,
    attacks, blocks, becomes blocked): "it" is then the object (SELF), as it resolves (603.7c)."""
    alts = trigger.get("when", {}).get("any_of", ())
    return bool(alts) and all(a.get("kind") in ("enters", "attacks", "blocks", "becomes_blocked")
                              and a.get("obj") == "self" for a in alts)


def names_self(body: str) -> bool:
    """Whether an effect names the ability's own object ("it", "its", SELF): after "enters or
    dies" it is on the battlefield or not, by the event (603.6c, 603.10a): not compiled."""
    return re.search(r"\b(it|its|SELF)\b", body) is not None
