"""Pumps and computed amounts in effect sentences (CR 611.2a, 611.2c, 613.4c, 608.2h).

Continuous effects "until end of turn" that pyengine.oracle.effects_continuous does not read:

- amounts: "SELF gets +1/+1 until end of turn for each Elf you control", "target creature gets
  -X/-X until end of turn, where X is the number of Swamps you control", "... where X is
  SELF's power" / "its power": ``modify_pt`` with an expression (``count``, ``power_of`` ...),
  which the game computes once as the spell or ability resolves (608.2h,
  pyengine.game.amounts);
- "gains KEYWORDS and gets +N/+N" (the other order);
- the permanent an Aura or Equipment is attached to: "enchanted creature gains hexproof until
  end of turn", "{R}: Enchanted creature gets +1/+0 until end of turn" (``affects: {enchanted:
  true}``: the creature it is attached to as the ability resolves, locked in, 611.2c);
- groups with a quality the selector reads ("creatures you control with flying", "nonblack
  creatures"), with an amount too.

Read by :func:`pyengine.oracle.effects.sentence` after the other readers. A spell's effect is
its ``resolves:`` (one target, or a group); a triggered ability's is a ``{kind: continuous}``
entry of its ``do:``. What this module can't read exactly (an amount of a quality the selectors
lack, "attacking", "blocking it", the mana spent, devotion) gives False: the ability stays seen
as present or absent.
"""

from __future__ import annotations

import copy
from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import NUMBERS
from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.effects import Effect, target

_SIGNED = r"[+-](?:\d+|X)"
_VERB = (rf"(?:gets? (?P<p1>{_SIGNED})/(?P<t1>{_SIGNED})(?:,? and gains? (?P<kw1>.+?))?|"
         rf"gains? (?P<kw2>.+?)(?: and gets? (?P<p2>{_SIGNED})/(?P<t2>{_SIGNED}))?)")
_SENTENCE = (rf"(?P<subj>.+?) (?P<verb>{_VERB}) until end of turn"
             r"(?:, where X is (?P<x>.+)| for each (?P<each>.+))?")
# the selector keys a group or a count may have: what FinalState and the layer engine read
_GROUP_KEYS = {"types", "not_types", "controller", "not_controller", "other", "colors", "not_colors",
               "subtypes", "any_subtypes", "not_subtypes", "supertypes", "not_supertypes", "token",
               "abilities", "not_abilities", "power", "toughness", "tapped", "multicolored", "colorless"}
_COUNT_KEYS = _GROUP_KEYS | {"zone", "owner"}
_ATTRS = {"power": "power_of", "toughness": "toughness_of", "mana value": "mana_value_of"}


def count_of(phrase: str) -> dict[str, Any] | None:
    """"Elf you control", "other creature you control", "creature card in your graveyard",
    "card in your hand": the expression counting them (as the layer engine counts, 611.3a;
    fixed at resolution, 608.2h), or None."""
    phrase = phrase.strip().removesuffix(" on the battlefield")
    if phrase in ("card in your hand", "cards in your hand"):
        return {"count": {"zone": "hand", "owner": "you"}}
    if phrase in ("card in your graveyard", "cards in your graveyard"):
        return {"count": {"zone": "graveyard", "owner": "you"}}
    sel = P.selector(phrase)
    if sel is None or set(sel) - _COUNT_KEYS:
        return None
    if sel.get("zone") not in (None, "graveyard", "hand") or ("zone" in sel) != ("owner" in sel):
        return None
    if "zone" not in sel and not sel.get("types") and not sel.get("subtypes") and not sel.get("any_subtypes"):
        return None  # "for each permanent": every permanent type, not read here
    return {"count": sel}


def _blockers(phrase: str, subj: str) -> dict[str, Any] | None:
    """"for each creature blocking it [beyond the first]" of SELF or "it" (rampage, 702.23a):
    the creatures blocking it as the ability resolves (509.1a, 608.2h; 702.23b: once)."""
    m = _fm(r"creature blocking (it|SELF)( beyond the first)?", phrase)
    if not m or m.group(1) != subj:
        return None  # "SELF gets ... blocking it": which "it" is not read
    ref = "self" if m.group(1) == "SELF" else "it"
    return {"blockers_of": {"object": ref, "beyond": 1} if m.group(2) else {"object": ref}}


def amount(phrase: str, single: bool) -> dict[str, Any] | int | None:
    """What X is: "the number of Elves you control", "twice the number of ...", "N plus the
    number of ...", "SELF's power", "its power" (of the one object affected: ``it``)."""
    phrase = phrase.strip()
    m = _fm(r"(SELF's|its) (power|toughness|mana value)", phrase)
    if m:
        if m.group(1) == "its" and not single:
            return None
        return {_ATTRS[m.group(2)]: "self" if m.group(1) == "SELF's" else "it"}
    m = _fm(r"twice (.+)", phrase)
    if m:
        inner = amount(m.group(1), single)
        return {"times": [2, inner]} if isinstance(inner, dict) else None
    m = _fm(r"(\d+|one|two|three) plus (.+)", phrase)
    if m:
        inner = amount(m.group(2), single)
        n = int(m.group(1)) if m.group(1).isdigit() else NUMBERS[m.group(1)]
        return {"sum": [n, inner]} if isinstance(inner, dict) else None
    m = _fm(r"the number of (.+)", phrase)
    if m:
        return count_of(m.group(1))
    return None


def _side(word: str, x: Any) -> Any:
    """One side of "+X/+2", "-1/-1": an integer, or the amount (negated for -X)."""
    if word[1:] == "X":
        return x if word[0] == "+" else {"negate": x}
    return int(word)


def pump_effect(s: str, single: bool) -> tuple[str, dict[str, Any]] | None:
    """The subject and the operations of a pump sentence "SUBJECT gets +N/+N [and gains
    KEYWORDS] until end of turn [, where X is ...| for each ...]", or None."""
    m = _fm(_SENTENCE, s)
    if not m:
        return None
    p, t = (m.group("p1"), m.group("t1")) if m.group("p1") else (m.group("p2"), m.group("t2"))
    kws = m.group("kw1") or m.group("kw2")
    x: Any = None
    if m.group("x") is not None:
        if p is None or "X" not in p + t:
            return None
        x = amount(m.group("x"), single)
        if x is None:
            return None
    elif m.group("each") is not None:
        if p is None or "X" in p + t:
            return None
        count = count_of(m.group("each")) or _blockers(m.group("each"), m.group("subj"))
        if count is None:
            return None
        each = count
    elif p is not None and "X" in p + t:
        return None
    ops: dict[str, Any] = {}
    if kws is not None:
        got = P.keyword_list(kws)
        if not got or not all(isinstance(k, str) and _granted(k) for k in got):
            return None
        ops = {"add_abilities": got}
    if p is not None:
        if m.group("each") is not None:
            pt = {k: (0 if int(v) == 0 else copy.deepcopy(each) if int(v) == 1
                      else {"times": [int(v), copy.deepcopy(each)]})
                  for k, v in (("power", p), ("toughness", t))}
        else:
            pt = {"power": _side(p, copy.deepcopy(x)), "toughness": _side(t, copy.deepcopy(x))}
        ops = {"modify_pt": pt, **ops}
    return m.group("subj"), ops


_LANDWALK = ("islandwalk", "swampwalk", "mountainwalk", "forestwalk", "plainswalk")


def _granted(keyword: str) -> bool:
    """A keyword an effect may grant that the engines follow: their keyword words (702.9 ...),
    landwalk of a basic land type (702.14, the combat engine's), protection from a color
    (702.16, the targeting, combat and damage rules')."""
    if keyword in P.ENGINE_KEYWORDS or keyword in _LANDWALK:
        return True
    return keyword.startswith("protection from ") and keyword[len("protection from "):] in P.COLORS


def _group(subj: str) -> dict[str, Any] | None:
    """A group of creatures or the creature its source is attached to, as a selector."""
    low = subj.lower()
    if low in ("enchanted creature", "equipped creature"):
        return {"types": ["Creature"], "enchanted": True}
    if subj.startswith(("target ", "another target ", "SELF", "it ", "that ")) or subj == "it":
        return None
    from pyengine.oracle.common import subject

    # "each other attacking creature" (battle cry, 702.91a): the combat state (506.4) read on
    # the game's combat as the group is locked in (611.2c)
    m = _fm(r"(each )?(other )?(attacking|blocking) (creature)", subj)
    phrase = f"each {m.group(2) or ''}creature" if m and m.group(1) else subj
    sel = subject(phrase[:1].upper() + phrase[1:])
    if not isinstance(sel, dict) or "Creature" not in sel.get("types", ()) or set(sel) - _GROUP_KEYS:
        return None
    if m and m.group(1):
        return {**sel, "combat": [m.group(3)]} if sel.get("types") == ["Creature"] else None
    return sel


def sentence(s: str, eff: Effect, spell: bool) -> bool:
    """Read one pump sentence into ``eff`` (a spell's ``resolves``, or a triggered ability's
    ``{kind: continuous}``); False if it isn't one this module reads."""
    head = _fm(r"(.+?) (?:gets?|gains?) .+", s)
    if not head:
        return False
    subj = head.group(1)
    single = subj in ("SELF", "it") or subj.startswith("target ")
    got = pump_effect(s, single)
    if got is None:
        return False
    subj, ops = got
    if " other " in s[len(subj):] and subj != "SELF" and _group(subj) is None:
        return False  # "for each other ...": other than what, for a target or "it", not read
    group = _group(subj)
    if group is not None:
        if spell:
            if eff.resolves is not None or "other" in group:
                return False  # "other" means nothing of a spell on the stack
            eff.group_at = len(eff.do) if eff.group_at is None else eff.group_at
            eff.resolves = {"affects": group, **ops}
            return True
        eff.group_at = len(eff.do) if eff.group_at is None else eff.group_at
        eff.do.append({"kind": "continuous", "affects": group, "duration": "end_of_turn", "effect": ops})
        return True
    if subj.startswith("another target ") and not spell:
        return _another(subj, eff, ops)
    if subj.startswith("target "):
        if spell and (eff.resolves is not None or eff.targets):
            return False
        ref = target(subj, eff, ("object",))
        if ref is None:
            return False
        if "Creature" not in eff.targets[-1]["obj"].get("types", ()):  # P/T of a creature (208.1)
            eff.targets.pop()
            eff.casting.pop()
            return False
        if spell:
            eff.resolves = ops
        else:
            eff.do.append({"kind": "continuous", "object": ref, "duration": "end_of_turn", "effect": ops})
        return True
    if subj in ("it", "that creature") and _the_target(eff):
        if spell:
            if eff.resolves is not None:
                return False
            eff.resolves = ops  # on the spell's only target (611.2c)
        else:
            eff.do.append({"kind": "continuous", "object": eff.ref(), "duration": "end_of_turn",
                           "effect": ops})
        return True
    if spell:
        return False  # SELF of an activated ability: pyengine.oracle.activated reads it
    if subj == "it" and (not eff.it or eff.do or eff.targets):
        return False
    if subj == "SELF" and eff.from_graveyard:
        return False
    if subj not in ("SELF", "it"):
        return False
    eff.do.append({"kind": "continuous", "object": "self" if subj == "SELF" else "it",
                   "duration": "end_of_turn", "effect": ops})
    return True


def _the_target(eff: Effect) -> bool:
    """Whether "it" / "that creature" after an instruction is the effect's one target: a
    creature the instruction just before put counters on, tapped or untapped (it stays on the
    battlefield, the same object, 400.7)."""
    if len(eff.targets) != 1 or not eff.do:
        return False
    if "Creature" not in eff.targets[0].get("obj", {}).get("types", ()):
        return False
    last = eff.do[-1]
    return last.get("kind") in ("counters", "tap", "untap") and \
        eff.ref() in (last.get("target"), last.get("object"))


def _another(subj: str, eff: Effect, ops: dict[str, Any]) -> bool:
    """A triggered ability's "another target creature [you control] gets ...": a creature
    other than the ability's source (``other: true``, as the trigger engine reads a target's
    selector); only as its first target (after another target, "another" would mean other
    than that one too, 115.3)."""
    if eff.targets:
        return False
    rest = subj[len("another target "):]
    if target("target " + rest, eff, ("object",)) is None:
        return False
    sel = eff.targets[-1]["obj"]
    if "Creature" not in sel.get("types", ()):
        eff.targets.pop()
        eff.casting.pop()
        return False
    eff.targets[-1] = {"obj": {"other": True, **sel}}
    eff.do.append({"kind": "continuous", "object": eff.ref(), "duration": "end_of_turn", "effect": ops})
    return True


def self_pump(body: str) -> dict[str, Any] | None:
    """An activated ability's one sentence "SELF gets +1/+1 until end of turn for each ...":
    the operations of its continuous effect on its source, or None."""
    if not body.endswith("."):
        return None
    got = pump_effect(body[:-1], True)
    if got is None or got[0] != "SELF":
        return None
    return got[1]
