"""Delayed triggered abilities an effect creates (CR 603.7): "Sacrifice it at the beginning of
the next end step", "At the beginning of the next end step, exile that token", "Return that card
to the battlefield under its owner's control at the beginning of the next end step", "Draw a
card at the beginning of the next turn's upkeep".

The sentence becomes ``{kind: delayed, at: {step: STEP}, do: [EVENT]}`` (docs/effect-language.md):
created as the spell or ability resolves (603.7a), it triggers once, at the first such step after
(603.7b), and the object it refers to is the one the earlier instruction made or named, bound
then (603.7c: if it has left the zone it was in, it is left alone). The referent is read from the
instruction just before: the tokens created (``created``), the target or the source an event
moved or affected. A referent this module can't name, a sacrifice of what the ability's
controller may not control (701.21a), or another wording leaves the sentence unread: the card
stays text-only, never guessed.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import fullmatch as _fm

NEXT_END = "at the beginning of the next end step"
NEXT_UPKEEP = "at the beginning of the next turn's upkeep"

SINGULAR = ("it", "that creature", "that token", "the token", "that card", "the creature",
            "that permanent", "the exiled card")
PLURAL = ("them", "those tokens", "the tokens", "those creatures", "those cards")
_REF = "|".join(sorted((*SINGULAR, *PLURAL, "SELF"), key=len, reverse=True))


def _timing(s: str) -> tuple[str, str] | None:
    """The instruction and the step of "X at the beginning of the next end step" / "At the
    beginning of the next end step, X" (the sentence's first letter already lowered)."""
    for words, step in ((NEXT_END, "end"), (NEXT_UPKEEP, "upkeep")):
        if s.endswith(" " + words):
            return s[: -len(words) - 1], step
        if s.startswith(words + ", "):
            return s[len(words) + 2:], step
    return None


def _antecedent(phrase: str, eff: Any, spell: bool = False) -> tuple[str, dict[str, Any] | None] | None:
    """The reference of the object ``phrase`` names and the event that named it (None for the
    source): the instruction just before, its tokens or the object it moved or affected."""
    if phrase == "SELF":
        return None if eff.from_graveyard or (spell and not eff.ability) else ("self", None)
    before = [ev for ev in eff.do if ev.get("kind") != "delayed"]
    if not before:
        return None
    last = before[-1]
    plural = phrase in PLURAL
    if last.get("kind") == "create_tokens":
        if "control" in last or plural != (last.get("count", 1) != 1) or not isinstance(last.get("count", 1), int):
            return None
        if phrase not in ("it", "that token", "the token", "them", "those tokens", "the tokens",
                          "that creature", "those creatures") or \
                (phrase.endswith(("creature", "creatures")) and "Creature" not in last["token"].get("types", ())):
            return None
        return "created", last
    obj = last.get("object")
    if plural or not isinstance(obj, str) or last.get("kind") not in ("move", "continuous", "tap", "untap"):
        return None
    if obj not in ("self",) and not obj.startswith("target"):
        return None
    if phrase in ("that card", "the exiled card") and last.get("to") != "exile":
        return None
    if phrase == "that token":
        return None
    return obj, last


def _controlled(ref: str, ev: dict[str, Any] | None, eff: Any) -> bool:
    """Whether the ability's controller controls ``ref`` when it is sacrificed (701.21a): its
    source, the tokens it created, a target it chose among the permanents it controls."""
    if ref in ("self", "created"):
        return ev is None or ev.get("to", "battlefield") == "battlefield"
    n = 1 if ref == "target" else int(ref[len("target"):])
    spec = eff.targets[n - 1] if 0 < n <= len(eff.targets) else {}
    return spec.get("obj", {}).get("controller") == "you" and ev is not None and ev.get("kind") != "move"


def _later(act: str, eff: Any, spell: bool) -> dict[str, Any] | None:
    """The event of the delayed ability's instruction, or None."""
    m = _fm(rf"(sacrifice|exile|destroy) ({_REF})", act)
    if m:
        got = _antecedent(m.group(2), eff, spell)
        if got is None:
            return None
        ref, ev = got
        if ev is not None and ev.get("to") not in (None, "battlefield"):
            return None  # the object is no longer a permanent (400.7)
        if m.group(1) == "sacrifice":
            return {"kind": "sacrifice", "object": ref} if _controlled(ref, ev, eff) else None
        if m.group(1) == "destroy":
            return {"kind": "destroy", "object": ref}
        return {"kind": "move", "object": ref, "from": "battlefield", "to": "exile"}
    m = _fm(rf"return ({_REF}) to (?:its|their) owner's hand", act)
    if m:
        got = _antecedent(m.group(1), eff, spell)
        if got is None or (got[1] is not None and got[1].get("to") not in (None, "battlefield")):
            return None
        return {"kind": "move", "object": got[0], "from": "battlefield", "to": "hand"}
    m = _fm(rf"return ({_REF}) to the battlefield under (?:its|their) owner's control", act)
    if m:
        got = _antecedent(m.group(1), eff, spell)
        if got is None or got[1] is None or got[1].get("kind") != "move" or got[1].get("to") != "exile" \
                or got[1].get("from") != "battlefield":
            return None
        return {"kind": "move", "object": got[0], "from": "exile", "to": "battlefield"}
    return None


def delayed(s: str, eff: Any, spell: bool = False) -> bool:
    """Read a sentence creating a delayed triggered ability (603.7a) into ``eff``."""
    got = _timing(s)
    if got is None:
        return False
    act, step = got
    if step == "upkeep":
        m = _fm(r"(?:you )?draw (a|two) cards?", act)
        if not m or (m.group(1) == "a") != act.endswith("card"):
            return False
        ev: dict[str, Any] | None = {"kind": "draw", "player": "you"}
        if m.group(1) == "two":
            ev = {**ev, "count": 2}
    else:
        ev = _later(act, eff, spell)
    if ev is None:
        return False
    eff.do.append({"kind": "delayed", "at": {"step": step}, "do": [ev]})
    return True
