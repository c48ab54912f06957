"""Templates for replacement and prevention (CR 614, 615), how permanents enter (614.1c-d),
players' abilities and rules (613.10, 613.11), control (613.1b) and skipping (614.10)."""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import NUMBERS, Abilities
from pyengine.oracle.common import static as _static
from pyengine.oracle.common import subject as _subject


def enters(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"SELF enters tapped", "SELF enters with N +1/+1 counters on it" (CR 614.1c-d),
    "Creatures your opponents control enter tapped"."""
    if re.fullmatch(r"SELF enters (?:the battlefield )?tapped\.", par):
        return [_static(text, {"enters_tapped": True})]
    from pyengine.oracle.effects_counters import enters_with

    ops = enters_with(par)  # with counters (122.1, 614.1c)
    if ops is not None:
        return [_static(text, ops)]
    from pyengine.oracle.kicker import enters_with as kicked_enters_with

    ops = kicked_enters_with(par, card)  # "If this creature was kicked, it enters with ..." (702.33d)
    if ops is not None:
        return [_static(text, ops)]
    if re.fullmatch(r"SELF enters (?:the battlefield )?(?:tapped )?with .+ counters? on it\.", par):
        return None
    m = re.fullmatch(r"(.+?) enter tapped\.", par)
    if m:
        sel = P.selector(m.group(1))
        if sel is None:
            return None
        who = sel.pop("controller", None)
        event: dict[str, Any] = {"kind": "enter"}
        if sel:
            event["object"] = sel
        if who:
            event["control"] = who
        return [_static(text, {"enters_tapped": event})]
    return None


def players(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """Player abilities and rules (CR 613.10, 402.2, 305.2)."""
    m = re.fullmatch(r"You have (hexproof|shroud)\.", par)
    if m:
        return [_static(text, {"players_gain": {"players": "you", "abilities": [m.group(1)]}})]
    if par == "You have no maximum hand size.":
        return [_static(text, {"max_hand_size": {"players": "you", "no_maximum": True}})]
    if par == "Players have no maximum hand size.":
        return [_static(text, {"max_hand_size": {"players": "each", "no_maximum": True}})]
    m = re.fullmatch(r"(Your|Each opponent's) maximum hand size is (increased|reduced) by (\w+)\.", par)
    if m and m.group(3) in NUMBERS:
        n = NUMBERS[m.group(3)] * (1 if m.group(2) == "increased" else -1)
        who = "you" if m.group(1) == "Your" else "opponent"
        return [_static(text, {"max_hand_size": {"players": who, "modify": n}})]
    m = re.fullmatch(r"Your maximum hand size is (\w+)\.", par)
    if m and m.group(1) in NUMBERS:
        return [_static(text, {"max_hand_size": {"players": "you", "set": NUMBERS[m.group(1)]}})]
    m = re.fullmatch(r"You may play (an|two|three) additional lands? on each of your turns\.", par)
    if m:
        n = {"an": 1, "two": 2, "three": 3}[m.group(1)]
        return [_static(text, {"land_plays": {"players": "you", "add": n}})]
    return None


def replacement(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"If ... would ..., ... instead" (CR 614.1) and prevention (615.1)."""
    m = re.fullmatch(r"If a (card|card or token) would be put into (a|an opponent's|your) graveyard "
                     r"from anywhere, exile it instead\.", par)
    if m:
        event: dict[str, Any] = {"kind": "to_graveyard"}
        obj: dict[str, Any] = {}
        if m.group(2) != "a":
            obj["owner"] = "opponent" if m.group(2) == "an opponent's" else "you"
        if m.group(1) == "card":
            obj["token"] = False
        if obj:
            event["object"] = obj
        return [_static(text, {"replace": {"event": event, "to": "exile"}})]
    m = re.fullmatch(r"If a source would deal damage to a permanent or player, it deals double "
                     r"that damage to that permanent or player instead\.", par)
    if m:
        return [_static(text, {"replace": {"event": {"kind": "damage"}, "amount": {"times": 2}}})]
    m = re.fullmatch(r"If one or more \+1/\+1 counters would be put on (.+?), (that many plus one|"
                     r"twice that many) \+1/\+1 counters are put on (?:it|that creature) instead\.", par)
    if m:
        sel = P.selector(m.group(1))
        if sel is None:
            return None
        amount = {"plus": 1} if m.group(2) == "that many plus one" else {"times": 2}
        return [_static(text, {"replace": {"event": {"kind": "counters", "counter": "+1/+1",
                                                     "target": {"objects": sel}},
                                           "amount": amount}})]
    m = re.fullmatch(r"If an effect would create one or more tokens under your control, it creates "
                     r"twice that many of those tokens instead\.", par)
    if m:
        return [_static(text, {"replace": {"event": {"kind": "create_tokens", "control": "you"},
                                           "count": {"times": 2}}})]
    m = re.fullmatch(r"If a source would deal damage to (.+?), prevent (\d+|that) (?:of that )?damage\.", par)
    if m:
        sel = _subject(m.group(1))
        if sel is None or sel in ("enchanted", "equipped"):
            return None
        target = "self" if sel == "self" else {"objects": {**sel, "zone": "battlefield"}}
        amount: Any = "all" if m.group(2) == "that" else int(m.group(2))
        return [_static(text, {"prevent": {"event": {"target": target}, "amount": amount}})]
    m = re.fullmatch(r"Prevent all (combat )?damage that would be dealt to (SELF|you)\.", par)
    if m:
        event = {"kind": "damage", "target": "self" if m.group(2) == "SELF" else "you"}
        if m.group(1):
            event["combat"] = True
        return [_static(text, {"prevent": {"event": event, "amount": "all"}})]
    return None


def control(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"You control enchanted creature." (CR 613.1b: layer 2)."""
    m = re.fullmatch(r"You control enchanted (creature|permanent|land|artifact)\.", par)
    return [_static(text, {"affects": "enchanted", "control": "you"})] if m else None


def skip_step(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"Skip your draw step." (CR 614.1b, 614.10)."""
    m = re.fullmatch(r"Skip your (untap|upkeep|draw) step\.", par)
    if not m:
        return None
    return [_static(text, {"skip": {"event": {"kind": "step", "which": m.group(1), "player": "you"}}})]


def self_to_graveyard(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"If SELF would be put into a graveyard from anywhere, exile it / shuffle it into its
    owner's library instead." (CR 614.1a; "from anywhere": every zone, 113.6b-c)."""
    m = re.fullmatch(r"If SELF would be put into a graveyard from anywhere, (exile it|(?:reveal (?:it|SELF) "
                     r"and )?shuffle (?:it|SELF) into its owner's library) "
                     r"instead\.", par)
    if not m:
        return None
    rep: dict[str, Any] = {"event": {"kind": "to_graveyard", "object": "self"}}
    if m.group(1) == "exile it":
        rep["to"] = "exile"
    else:
        rep.update({"to": "library", "position": "shuffle"})
    rep["zones"] = "any"
    return [_static(text, {"replace": rep})]


def pay_life_or_tapped(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"As SELF enters, you may pay 2 life. If you don't, it enters tapped." (CR 614.1c,
    614.12: a choice as it enters)."""
    m = re.fullmatch(r"As SELF enters, you may pay (\d+) life\. If you don't, it enters tapped\.", par)
    if not m:
        return None
    n = int(m.group(1))
    return [_static(text, {"replace": {"event": {"kind": "enter", "object": "self"}, "choose": [
        {"label": f"pay {n} life", "also": [{"kind": "pay_life", "player": "you", "amount": n}]},
        {"label": "don't pay", "tapped": True}]}})]
