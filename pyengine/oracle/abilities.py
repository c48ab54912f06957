"""Templates for triggered abilities (CR 603.1) and instants' and sorceries' spell abilities
(113.3a) whose effect the game performs: the trigger event or step, then effect sentences
(pyengine.oracle.effects).

A triggered ability becomes ``{trigger, targets, do, text}`` (docs/effect-language.md,
"Triggered abilities"): its targets are chosen as it is put on the stack (603.3d). A spell
ability stays ``{spell: text}`` and carries what it does as it resolves (608.2c) under the
private key ``SPELL_KEY``: pyengine.oracle.compile makes the card's ``does:``, ``resolves:``
and ``casting: targets`` from it.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle import effects as E
from pyengine.oracle import effects_modal as M
from pyengine.oracle import phrases as P
from pyengine.oracle import trigger_compound as TC
from pyengine.oracle import trigger_heads as TH
from pyengine.oracle import trigger_target as TT
from pyengine.oracle.common import Abilities
from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.common import sub as _sub

SPELL_KEY = "_does"

# "your upkeep", "each opponent's end step" -> (step, player)
_STEPS = {"upkeep": "upkeep", "draw step": "draw", "end step": "end",
          "combat": "beginning_of_combat"}
_WHOSE = {"your": "you", "each": "any", "each player's": "any", "each opponent's": "opponent",
          "the": "any"}
_SPELLS = {"spell": {}, "creature spell": {"types": ["Creature"]},
           "noncreature spell": {"not_types": ["Creature"]},
           "instant or sorcery spell": {"any_types": ["Instant", "Sorcery"]},
           "artifact spell": {"types": ["Artifact"]}, "enchantment spell": {"types": ["Enchantment"]}}


def _at(head: str) -> dict[str, Any] | None:
    m = _fm(r"At the beginning of (your|each|each player's|each opponent's|the) "
                     r"(upkeep|draw step|end step)", head)
    if m:
        return {"at": {"step": _STEPS[m.group(2)], "player": _WHOSE[m.group(1)]}}
    if head == "At the beginning of combat on your turn":
        return {"at": {"step": "beginning_of_combat", "player": "you"}}
    return TH.at(head)


def _fits_self(sel: dict[str, Any], card: dict[str, Any]) -> bool:
    """Whether the card itself fits a selector of types, subtypes and controller only."""
    if set(sel) - {"types", "subtypes", "controller"} or sel.get("controller", "you") != "you":
        return False
    return set(sel.get("types", ())) <= set(card.get("types", ())) and \
        set(sel.get("subtypes", ())) <= set(card.get("subtypes", ()))


def _object(phrase: str, card: dict[str, Any]) -> Any | None:
    """The object of a trigger event: SELF, or "a land you control", "another creature"
    ("the chosen type" is not read by the trigger engine: docs/effect-language.md)."""
    if "chosen" in phrase:
        return None
    if phrase == "SELF":
        return "self"
    m = _fm(r"SELF or another (.+)", phrase)
    if m:  # the object itself or another that fits: whichever fits, when the object fits too
        sel = P.selector(m.group(1))
        if sel is None or "other" in sel or not _fits_self(sel, card):
            return None
        return sel
    other = phrase.startswith("another ")
    sel = P.selector(phrase.removeprefix("another "))
    if sel is None or "other" in sel or not phrase.startswith(("a ", "an ", "another ")):
        return None
    return {"other": True, **sel} if other else sel


def _when(head: str, card: dict[str, Any]) -> tuple[dict[str, Any], bool] | None:
    """The trigger event of "When SELF enters", "Whenever a creature you control dies", ...,
    and whether it is about the ability's own object ("it" is then SELF)."""
    got = TC.compound(head, card) or TC.attached(head, card) or TC.single(head, card)  # 603.2
    if got is not None:
        return got
    m = _fm(r"(?:When|Whenever) (.+?) (enters(?: the battlefield)?|dies|attacks|blocks|"
                     r"becomes blocked|leaves the battlefield|is put into a graveyard from the "
                     r"battlefield|deals combat damage to a player)", head)
    if m:
        obj = _object(m.group(1), card)
        if obj is None:
            return None
        verb = m.group(2)
        kind = {"dies": "dies", "attacks": "attacks", "blocks": "blocks",
                "becomes blocked": "becomes_blocked", "leaves the battlefield": "leaves",
                "is put into a graveyard from the battlefield": "dies"}.get(verb, "enters")
        if verb == "deals combat damage to a player":
            return {"when": {"kind": "damage", "source": obj, "to": "player", "combat": True}}, obj == "self"
        return {"when": {"kind": kind, "obj": obj}}, obj == "self"
    if head == "When you cast this spell":  # CR 603.2f: it triggers as the spell is cast
        return {"when": {"kind": "cast", "obj": "self", "player": "you"}}, False
    if head == "Whenever SELF becomes tapped":
        return {"when": {"kind": "tap", "obj": "self"}}, True
    if head == "Whenever you draw a card":
        return {"when": {"kind": "draw", "player": "you"}}, False
    m = _fm(r"Whenever you cast an? (.+)", head)
    if m and m.group(1) in _SPELLS:
        when: dict[str, Any] = {"kind": "cast", "player": "you"}
        if _SPELLS[m.group(1)]:
            when["obj"] = {k: list(v) for k, v in _SPELLS[m.group(1)].items()}
        return {"when": when}, False
    if head == "Whenever you gain life":
        return {"when": {"kind": "life_gain", "player": "you"}}, False
    from pyengine.oracle.trigger_faces import when as face_when

    return face_when(head, card) or TH.when(head, card)  # turned face up, transforms (708.8, 701.27a)


def triggered(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"When SELF enters, draw a card.", "At the beginning of your upkeep, you lose 1 life.",
    "Whenever SELF attacks, put a +1/+1 counter on it." (CR 603.1, 603.2, 603.6a, 700.4)."""
    from pyengine.oracle.mana_triggers import mana_trigger

    made = mana_trigger(par, text, card)  # 605.1b: a triggered mana ability (no stack, 605.4a)
    if made is not None:
        return made
    m = _fm(r"(?s)((?:When|Whenever|At) [^,\n]+?), (.+)", par)  # a modal ability's modes on their lines
    if not m:
        return None
    head, body = m.group(1), m.group(2)
    at = _at(head)
    found = (at, False) if at is not None else _when(head, card)
    if found is None or found[0] is None:
        return None
    trigger, about_self = found
    from pyengine.oracle.trigger_history import once_each_turn

    body, once = once_each_turn(body)
    if once:  # "This ability triggers only once each turn." (an event's trigger only)
        if "when" not in trigger:
            return None
        trigger = {**trigger, "when": {**trigger["when"], "once_each_turn": True}}
    m = _fm(r"if ([^,]+), (.+)", body)
    if m and "state" not in trigger:  # the intervening "if" clause (CR 603.4)
        cond = TH.condition(m.group(1))
        if cond is None or not TH.kicker_castable(cond, trigger, card):
            return None
        trigger = {**trigger, "if": cond}
        body = m.group(2)
    gone = about_self and trigger.get("when", {}).get("kind") in ("dies", "leaves")
    if TC.gone(trigger) and TC.names_self(body) or TC.names_other(head, body):
        return None  # "enters or dies, ... it": on the battlefield or not, by the event
    from pyengine.oracle.trigger_cycle import names_it

    if trigger.get("when", {}).get("kind") in ("becomes_target", "cycle", "discard", "sacrifice") and \
            (TT.names_event(_sub(r"\bthat player\b", "", body) if trigger["when"]["kind"] != "sacrifice"
                            else body) or names_it(trigger, body)):  # "that player": ``that_player``
        return None  # "that spell", "that card": the event's other parts, not read here
    body = TT.self_it(trigger, body)
    if gone and trigger["when"]["kind"] == "dies":  # "When SELF dies, it deals ...": the card as it
        body = _sub(r"^[Ii]t deals (\d+) damage", r"SELF deals \1 damage", body)  # last existed (608.2h)
    if about_self and not gone:  # "it" is the object the event is about: the ability's own
        body = _sub(r"^[Ii]t deals", "SELF deals", body)
        # "create a 0/0 token. Put a +1/+1 counter on it": "it" is the token, not SELF
        if not re.search(r"\bcreates? .*\btokens?\b", body):
            body = _sub(r"counters? on it\.$", lambda x: x.group(0)[:-3] + "SELF.", body)
        body = _sub(r"^you may sacrifice it\. ", "you may sacrifice SELF. ", body)  # 118.12
        # renown (702.112a): "put N +1/+1 counters on it and it becomes renowned"
        body = _sub(r"counters? on it and it becomes renowned", lambda x: x.group(0).replace(" it", " SELF"), body)
        # fabricate (702.123a): "you may put N +1/+1 counters on it. If you don't, create ..."
        body = _sub(r"^(you may put \S+ \S+ counters? on )it(\. If you don't, )", r"\1SELF\2", body)
    dies = gone and trigger["when"]["kind"] == "dies"
    # "it": the permanent the event is about, still there as the ability resolves (603.7c)
    it = trigger.get("when", {}).get("kind") in ("enters", "attacks", "blocks", "becomes_blocked",
                                                 "unblocked", "becomes_target") or \
        TC.on_battlefield(trigger)
    if it and not about_self and isinstance(trigger["when"].get("obj"), dict) and \
            "Creature" in trigger["when"]["obj"].get("types", ()):  # the creature the event is about
        body = _sub(r"^that creature ", "it ", body)
    body = TC.blocker_it(head, body)  # "becomes blocked by a creature": "that creature" the blocker
    from pyengine.oracle.effects_pronouns import damaged_it  # "deals combat damage to a creature"

    body, dealt = damaged_it(trigger, body)
    it = it or dealt
    if M.is_modal(body):  # "choose one —" and its bulleted modes (CR 700.2, 603.3c)
        return M.triggered(trigger, body, text, card, about_self=about_self and not gone, dies=dies, it=it)
    eff = E.effect(body[:1].upper() + body[1:], dies=dies, it=it)
    if eff is None:
        return None
    if re.search(r"for mana|\badds? ", head) and any(ev["kind"] == "add_mana" for ev in eff.do):
        return None  # 605.1b: a triggered mana ability (no stack, 605.4a): not read as one on the stack
    if gone and any(ev.get("object") == "self" and ev.get("from") == "battlefield" for ev in eff.do):
        return None  # it has left the battlefield: SELF is elsewhere (603.6c, 603.10a)
    made: dict[str, Any] = {"trigger": trigger}
    if eff.targets:  # chosen as the ability is put on the stack (CR 603.3d, 115.1)
        made["targets"] = eff.targets
    made = {**made, "do": eff.do, "text": text}
    from pyengine.oracle.effects_pronouns import refused as unbound

    if unbound(trigger, eff.do):  # "that player" after an event about no player (603.7c)
        return None
    if "if" in trigger and TH.refused(made, card):
        return None  # a condition the trigger engine doesn't read: the ability stays text
    return [made]


def spell(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """An instant's or sorcery's spell ability whose effect the game performs: "SELF deals 3
    damage to any target.", "Destroy target artifact.", "Target creature gets +3/+3 until end
    of turn." (CR 113.3a, 608.2c)."""
    if not {"Instant", "Sorcery"} & set(card.get("types", ())):
        return None
    if any(line.startswith("Overload ") for line in str(card.get("text", "")).split("\n")):
        return None  # overloaded, its text says "each" for "target" (702.96b): two effects
    if "{X}" in str(card.get("mana_cost", "")) and re.search(r"\bX\b", par):
        from pyengine.oracle.activated_x import spell_x

        eff = spell_x(par)  # 107.3a: the X announced as it is cast
    else:
        eff = E.effect(par, spell=True)
    if eff is None:
        return None
    return [{"spell": text, SPELL_KEY: eff}]
