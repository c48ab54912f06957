"""Effect sentences that create continuous effects as a spell or ability resolves (CR 611.2a):
"target creature gets +3/+3 until end of turn" (a spell's ``resolves:`` on its target), "SELF
gets +1/+1 until end of turn" / "it gains flying until end of turn" (a triggered ability's
``{kind: continuous}``), and groups ("creatures you control get +1/+1 until end of turn"), the
affected objects locked in (611.2c). Read by :func:`pyengine.oracle.effects.sentence`."""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.effects import PT, Effect, target


def pump_ops(power: str | None, toughness: str | None, keywords: str | None) -> dict[str, Any] | None:
    """The operations of "gets +N/+M [and gains KEYWORDS]" / "gains KEYWORDS" (CR 613.4c,
    613.1f): None when a keyword is not one the engines follow."""
    ops: dict[str, Any] = {}
    if power is not None and toughness is not None:
        ops["modify_pt"] = {"power": int(power), "toughness": int(toughness)}
    if keywords is not None and '"' in keywords:  # a quoted ability (113.1; effects_quoted)
        from pyengine.oracle.effects_quoted import with_abilities

        got = with_abilities(keywords, {"types": ["Creature"]})
        if not got:
            return None
        ops["add_abilities"] = got
    elif keywords is not None:
        got = P.keyword_list(keywords)
        if not got or not all(isinstance(k, str) and k in P.ENGINE_KEYWORDS for k in got):
            return None
        ops["add_abilities"] = got
    return ops


def _pump(s: str, eff: Effect) -> bool:
    """"Target creature gets +3/+3 until end of turn" (and "gains flying"): the spell's
    continuous effect on its target (CR 611.2a, 611.2c: the affected object is locked in)."""
    m = _fm(rf"(target creature(?: you control| an opponent controls)?) (gets {PT}(?: and gains (.+))?|"
            rf"gains (.+)) until end of turn", s)
    if not m or eff.resolves is not None or eff.targets:
        return False
    ops = pump_ops(m.group(3), m.group(4), m.group(5) or m.group(6))
    if ops is None:
        return False
    if target(m.group(1), eff, ("object",)) is None:
        return False
    eff.resolves = ops
    return True


def _lasting(s: str, eff: Effect) -> bool:
    """"SELF gets +1/+1 until end of turn", "it gains flying until end of turn", "target
    creature gets -2/-2 until end of turn" in a triggered ability: a continuous effect the
    ability creates as it resolves (CR 611.2a), on the object it names, locked in (611.2c),
    ending in the cleanup step (514.2). "It" is the trigger event's object only as the
    effect's first words (later, "it" may be an object the effect named)."""
    m = _fm(rf"(SELF|it|target .+?) (gets {PT}(?: and gains (.+))?|gains (.+)) until end of turn", s)
    if not m:
        return False
    who = m.group(1)
    if who == "it" and (not eff.it or eff.do or eff.targets):
        return False
    if who == "SELF" and eff.from_graveyard:
        return False
    ops = pump_ops(m.group(3), m.group(4), m.group(5) or m.group(6))
    if ops is None:
        return False
    if who.startswith("target "):
        ref = target(who, eff, ("object",))
        if ref is None:
            return False
        sel = eff.targets[-1]["obj"]
        if "Creature" not in sel.get("types", ()):  # P/T and keywords of a creature (208.1)
            eff.targets.pop()
            eff.casting.pop()
            return False
    else:
        ref = "self" if who == "SELF" else "it"
    eff.do.append({"kind": "continuous", "object": ref, "duration": "end_of_turn", "effect": ops})
    return True


# "target spell", "target creature spell" ...: a spell on the stack (CR 115.1, 112.1) and what
# casting reads of it (its zone and card types)
def _group_ops(s: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """"Creatures you control get +1/+1 [and gain trample] until end of turn", "all creatures
    get -1/-1 until end of turn": the selector of the group and the operations."""
    m = _fm(rf"(.+?) (get {PT}(?: and gain (.+))?|gain (.+)) until end of turn", s)
    if not m or m.group(1) in ("SELF", "it") or m.group(1).startswith("target "):
        return None
    from pyengine.oracle.common import subject

    group, combat = _combat_group(m.group(1))
    sel = subject(group[:1].upper() + group[1:])
    if not isinstance(sel, dict) or "Creature" not in sel.get("types", ()) or \
            set(sel) - {"types", "controller", "other", "colors", "subtypes", "token"}:
        return None
    if combat:
        if sel.get("types") != ["Creature"]:
            return None
        sel = {**sel, "combat": combat}
    ops = pump_ops(m.group(3), m.group(4), m.group(5) or m.group(6))
    if ops is None:
        return None
    return sel, ops


def _combat_group(phrase: str) -> tuple[str, list[str] | None]:
    """"Attacking creatures [you control]", "other attacking creatures", "blocking creatures"
    (CR 506.4): the group's phrase without the combat word, and the combat state it names."""
    m = _fm(r"(?i)(other )?(attacking|blocking) (creatures\b.*)", phrase)
    if not m:
        return phrase, None
    return (m.group(1) or "") + m.group(3), [m.group(2).lower()]


def _group(s: str, eff: Effect) -> bool:
    """A triggered ability's "creatures you control get +1/+1 until end of turn": a continuous
    effect on the creatures the group names as it resolves, locked in (CR 611.2a, 611.2c)."""
    got = _group_ops(s)
    if got is None:
        return False
    sel, ops = got
    eff.group_at = len(eff.do) if eff.group_at is None else eff.group_at
    eff.do.append({"kind": "continuous", "affects": sel, "duration": "end_of_turn", "effect": ops})
    return True


def _group_pump(s: str, eff: Effect) -> bool:
    """A spell's "creatures you control get +1/+1 until end of turn": its continuous effect
    (the card's ``resolves:`` with ``affects``), on the creatures that match as it resolves,
    locked in (611.2c). "Other" means nothing of a spell on the stack: not read."""
    got = _group_ops(s)
    if got is None or eff.resolves is not None or "other" in got[0]:
        return False
    sel, ops = got
    eff.group_at = len(eff.do)
    eff.resolves = {"affects": sel, **ops}
    return True
