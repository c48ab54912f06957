"""Trigger heads about the faces of a permanent (CR 603.2): "When SELF is turned face up"
(708.8: turning a permanent face up doesn't use the stack; the ability triggers as it happens,
the event ``turned_face_up``, 701.40b, 702.37e) and "When SELF transforms into SELF" /
"Whenever SELF transforms" (701.27a, the event ``transform``). An ability printed on one face
of a double-faced card exists only while that face is up (712.8d-e), and a transform trigger
is judged after the event (603.10 makes no exception for it), so "transforms into SELF" on a
face triggers exactly when the permanent transforms into that face. "Transforms into" another
name stays text.

Each gives ``(trigger, about_self)`` as pyengine.oracle.abilities reads it, or None.
"""

from __future__ import annotations

from typing import Any

Found = tuple[dict[str, Any], bool]

_HEADS = {
    "When SELF is turned face up": {"kind": "turned_face_up", "obj": "self"},  # 708.8
    "Whenever SELF is turned face up": {"kind": "turned_face_up", "obj": "self"},
    "When SELF transforms into SELF": {"kind": "transforms", "obj": "self"},  # 701.27a
    "Whenever SELF transforms into SELF": {"kind": "transforms", "obj": "self"},
    "Whenever SELF transforms": {"kind": "transforms", "obj": "self"},
    "When SELF transforms": {"kind": "transforms", "obj": "self"},
}


def when(head: str, card: dict[str, Any]) -> Found | None:
    """The face event of ``head`` about SELF, or None."""
    got = _HEADS.get(head)
    return None if got is None else ({"when": dict(got)}, True)


def face_kind(trigger: dict[str, Any]) -> str | None:
    """``turned_face_up`` or ``transforms`` when the trigger is one of these (else None)."""
    kind = trigger.get("when", {}).get("kind")
    return kind if kind in ("turned_face_up", "transforms") else None


def last_turn(text: str) -> dict[str, Any] | None:
    """An intervening "if" clause about the previous turn (603.4; the werewolves' "At the
    beginning of each upkeep, if no spells were cast last turn, transform SELF"): "no spells
    were cast last turn" (no player cast one: the most any player cast is 0) and "a player cast
    two or more spells last turn" (one player cast N or more), as ``{last_turn: {what:
    spells_cast, player: any}}`` (pyengine.triggers.history)."""
    from pyengine.oracle.common import NUMBERS
    from pyengine.oracle.common import fullmatch as _fm

    most = {"last_turn": {"what": "spells_cast", "player": "any"}}
    if text == "no spells were cast last turn":
        return {"compare": [most, "==", 0]}
    m = _fm(r"a player cast (\w+) or more spells last turn", text)
    n = (NUMBERS.get(m.group(1)) or (int(m.group(1)) if m.group(1).isdigit() else 0)) if m else 0
    return {"compare": [most, ">=", n]} if n >= 1 else None
