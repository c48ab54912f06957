"""Trigger heads about cycling, discarding and sacrificing (CR 702.29c-d, 701.9a, 701.21a):

- "When you cycle this card" / "When you cycle SELF": the card is discarded to pay the cost
  of its cycling ability (702.29c; the game's ``cycle`` event, after the discard); the ability
  triggers from the zone the card went to (its graveyard);
- "Whenever you cycle a card", "Whenever you cycle another card", "Whenever a player cycles
  a card": a ``cycle`` event of any card (702.29f: typecycling is cycling);
- "Whenever you discard a card", "Whenever you discard a creature card", "Whenever an
  opponent discards a card": a card moved from its owner's hand by being discarded (701.9a;
  ``{kind: discard}``, a zone change whose cause is the discard);
- "Whenever you cycle or discard a card": cycling a card discards it (702.29a), and such an
  ability triggers only once when a card is cycled (702.29d): it is the discard event alone;
- "Whenever you sacrifice a permanent / another creature / a Clue / a nontoken permanent": a
  permanent of yours moved from the battlefield by being sacrificed (701.21a; ``{kind:
  sacrifice}``, a zone change whose cause is the sacrifice, read as it was on the battlefield,
  603.10a).

Left to the text template: "one or more cards" (701.9a: the discards of one instruction are
one batch; the game's counting of "that many" isn't read), "this card" of a discard ("When
you discard this card": the ability would function in the graveyard, not followed here),
"cycle this card or cycle another card while SELF is on the battlefield", "sacrifice an
artifact or creature", "during your turn", and effects naming "it" (the event's object).

Each gives ``(trigger, about_self)`` as pyengine.oracle.abilities reads it, or None.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm

Found = tuple[dict[str, Any], bool]
_WHO = {"you": "you", "a player": "any", "an opponent": "opponent"}


def when(head: str, card: dict[str, Any]) -> Found | None:
    """The cycle and discard heads this module reads, or None."""
    if head in ("When you cycle this card", "When you cycle SELF"):
        if not cycles(card):
            return None
        return {"when": {"kind": "cycle", "obj": "self", "player": "you"}}, False
    m = _fm(r"Whenever (you|a player) cycles? (a|another) card", head)
    if m and (m.group(1) == "you") == head.startswith("Whenever you cycle "):
        w: dict[str, Any] = {"kind": "cycle", "player": _WHO[m.group(1)]}
        if m.group(2) == "another":
            w["obj"] = {"other": True}
        return {"when": w}, False
    m = _fm(r"Whenever (you|an opponent) (?:cycle or )?discards? (a|another|an?) (.*?)card", head)
    if m and (m.group(1) == "you") == (" discard " in head):
        sel: dict[str, Any] = {}
        phrase = m.group(3).strip()
        if phrase:
            got = P.selector(phrase)  # "creature", "land": the card's types (205.2a)
            if got is None or set(got) - {"types", "not_types"}:
                return None
            sel = dict(got)
        if m.group(2) == "another":
            sel["other"] = True
        w = {"kind": "discard", "player": _WHO[m.group(1)]}
        if sel:
            w["obj"] = sel
        return {"when": w}, False
    m = _fm(r"Whenever you sacrifice (a|an|another) (.+)", head)
    if m:  # 701.21a: a permanent of yours moved from the battlefield by being sacrificed
        got = P.selector(m.group(2))
        if got is None or set(got) - {"types", "subtypes", "colors", "token"} or "chosen" in repr(got):
            return None
        w = {"kind": "sacrifice", "player": "you"}
        got = {**got, "other": True} if m.group(1) == "another" else got
        if got:
            w["obj"] = got
        return {"when": w}, False
    return None


def names_it(trigger: dict[str, Any], body: str) -> bool:
    """Whether the effect names "it" (the card cycled, discarded, the permanent sacrificed:
    the event's object, not the ability's own): not read here. "When you cycle this card,
    ... it" is the card itself."""
    w = trigger.get("when", {})
    if w.get("kind") not in ("cycle", "discard", "sacrifice") or w.get("obj") == "self":
        return False
    return re.search(r"\b(it|its)\b", body) is not None


def cycles(card: dict[str, Any]) -> bool:
    """Whether the card has one cycling ability (702.29a; "Cycling {2}", held by name: the
    game activates it from its owner's hand) and no other way to be cycled (typecycling)."""
    lines = _lines(card)
    once = sum(1 for t in lines if t.lower().split(" ", 1)[0].endswith("cycling")) == 1
    return once and cost(card) is not None


def _lines(card: dict[str, Any]) -> list[str]:
    """The card's paragraphs: its Oracle text (as compiled) or its abilities' texts."""
    if isinstance(card.get("text"), str):
        return [t.strip() for t in card["text"].split("\n")]
    return [a if isinstance(a, str) else str(a.get("text", "")) for a in card.get("abilities", ())
            if isinstance(a, (str, dict))]


def cost(card: dict[str, Any]) -> str | None:
    """The mana cost of the card's cycling ability ("{2}" of "Cycling {2}"), or None."""
    for text in _lines(card):
        text = text.split(" (", 1)[0].strip()
        if text.startswith("Cycling {"):
            rest = text[len("Cycling "):]
            return rest if _fm(r"(?:\{[0-9WUBRGC]\})+", rest) else None
    return None
