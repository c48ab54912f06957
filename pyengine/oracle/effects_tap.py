"""Effect sentences that tap or untap permanents and that bind combat restrictions and
requirements to creatures for a duration, in spells and in triggered and activated abilities.
Read by :func:`pyengine.oracle.effects.sentence`.

- "Tap target creature", "untap target land", "untap SELF" (in an ability; a spell is not a
  permanent): ``{kind: tap|untap, object: REF}`` (CR 701.26a-b). The game taps only an
  untapped permanent and untaps only a tapped one.
- "Target creature can't block this turn", "target creature can't attack or block this turn",
  "target creature can't be blocked this turn" (509.1b),
  "target creature blocks this turn if able", "target creature attacks this turn if able",
  "creatures your opponents control can't block this turn", "creatures without flying can't
  block this turn": a continuous effect created as the spell or ability resolves (611.2a) that
  carries the combat engine's restriction (508.1c, 509.1b) or requirement (508.1d, 509.1c) and
  ends in the cleanup step (514.2): a spell's ``resolves:`` (its one target, or a group), an
  ability's ``{kind: continuous, duration: end_of_turn, effect: {...}}``. The group is the
  creatures that match whenever blocks or attacks are declared this turn: 611.2c locks in only
  an effect that changes characteristics or control, which a combat restriction doesn't.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P
from pyengine.oracle.common import fullmatch as _fm
from pyengine.oracle.effects import Effect, target

# the combat verb phrases, singular and plural, and the combat engine's operations (508.1c-d,
# 509.1b-c)
_COMBAT = {"can't block": {"cant_block": True}, "can't attack": {"cant_attack": True},
           "can't attack or block": {"cant_attack": True, "cant_block": True},
           "can't be blocked": {"cant_be_blocked": True},  # 509.1b
           "blocks if able": {"must_block": True}, "block if able": {"must_block": True},
           "attacks if able": {"must_attack": True}, "attack if able": {"must_attack": True}}
_VERB = (r"(can't attack or block|can't be blocked|can't block|can't attack|blocks?|attacks?)"
         r"( this turn)?( if able)?")


def sentence(s: str, eff: Effect, spell: bool) -> bool:
    """Read one sentence of these kinds into ``eff``; False if it is none of them."""
    from pyengine.oracle.damage_replacement import shield
    from pyengine.oracle.effects_prevent import prevent_all

    return _tap(s, eff, spell) or _combat(s, eff, spell) or _next_untap(s, eff, spell) or \
        _it_pump(s, eff, spell) or _tap_it(s, eff, spell) or _threaten(s, eff, spell) or \
        (spell and (shield(s, eff) or prevent_all(s, eff)))


def _one_target(eff: Effect) -> bool:
    """Whether the effect has exactly one target, a permanent (so that "it", "that creature"
    can only be it)."""
    return len(eff.targets) == 1 and "obj" in eff.targets[0] and "zone" not in eff.targets[0]["obj"] \
        and "player" not in eff.targets[0]


def _tap_it(s: str, eff: Effect, spell: bool) -> bool:
    """"Target creature gets +2/+2 and gains reach until end of turn. Untap it.": the effect's
    one target (701.26b); "Whenever SELF becomes blocked, untap it.": the permanent the trigger
    event is about (603.7c), said first."""
    m = _fm(r"(tap|untap) (it|that creature|that permanent)", s)
    if not m:
        return False
    if _one_target(eff):
        ref = eff.ref()
    elif not spell and eff.it and not eff.do and not eff.targets and m.group(2) == "it":
        ref = "it"
    else:
        return False
    eff.do.append({"kind": m.group(1), "object": ref})
    return True


def _threaten(s: str, eff: Effect, spell: bool) -> bool:
    """"Gain control of target creature until end of turn. Untap that creature. It gains haste
    until end of turn.": a control-changing effect on the target until end of turn (613.1b,
    611.2a, 514.2), read as one with the haste the last sentence grants (613.1f; both until
    end of turn, both on the one target)."""
    m = _fm(r"gain control of (target .+?) until end of turn", s)
    if m:
        if eff.targets or eff.resolves is not None or eff.do:
            return False
        ref = target(m.group(1), eff, ("object",))
        if ref is None:
            return False
        if spell:
            eff.resolves = {"control": "you"}
        else:
            eff.do.append({"kind": "continuous", "object": ref, "duration": "end_of_turn",
                           "effect": {"control": "you"}})
        return True
    m = _fm(r"(?:it|that creature) gains haste until end of turn", s)
    if not m or not _one_target(eff):
        return False
    if spell:
        if eff.resolves != {"control": "you"}:
            return False
        eff.resolves = {"control": "you", "add_abilities": ["haste"]}
        return True
    last = next((ev for ev in eff.do if ev.get("kind") == "continuous"), None)
    if last is None or last["effect"] != {"control": "you"} or last["object"] != eff.ref():
        return False
    last["effect"] = {"control": "you", "add_abilities": ["haste"]}
    return True


def _tapped_target(eff: Effect) -> bool:
    """Whether the instruction read last taps or untaps the effect's one target (so that "it",
    "that creature" in the next sentence is that permanent)."""
    return len(eff.targets) == 1 and "obj" in eff.targets[0] and "player" not in eff.targets[0] and \
        bool(eff.do) and \
        eff.do[-1].get("kind") in ("tap", "untap") and eff.do[-1].get("object") == eff.ref()


def _it_pump(s: str, eff: Effect, spell: bool) -> bool:
    """"Untap target creature. It gets +2/+2 until end of turn." (and "gains reach"): a
    continuous effect on the permanent just untapped (or tapped), its one target (611.2a,
    611.2c), until end of turn (514.2)."""
    from pyengine.oracle.effects import PT
    from pyengine.oracle.effects_continuous import pump_ops

    m = _fm(rf"(?:it|that creature) (?:gets {PT}(?: and gains (.+))?|gains (.+)) until end of turn", s)
    if not m or not _tapped_target(eff) or "Creature" not in eff.targets[0]["obj"].get("types", ()):
        return False
    ops = pump_ops(m.group(1), m.group(2), m.group(3) or m.group(4))
    if ops is None:
        return False
    if spell:
        if eff.resolves is not None:
            return False
        eff.resolves = ops
    else:
        eff.do.append({"kind": "continuous", "object": eff.ref(), "duration": "end_of_turn", "effect": ops})
    return True


_NEXT_UNTAP = (r"(.+?) (?:doesn't untap during (?:its controller's|your) next untap step|"
               r"don't untap during their controllers?'s? next untap steps?)")
_THAT = ("it", "that creature", "that permanent", "that land", "that artifact")


def _next_untap(s: str, eff: Effect, spell: bool) -> bool:
    """"Tap target creature. It doesn't untap during its controller's next untap step.",
    "target creature an opponent controls doesn't untap during its controller's next untap
    step", "SELF doesn't untap during your next untap step" (of an ability): a continuous effect
    on that permanent that keeps it from untapping during its controller's next untap step
    (502.3, 611.2a), ending once that step has happened (duration ``next_untap_step``)."""
    m = _fm(_NEXT_UNTAP, s)
    if not m:
        return False
    who = m.group(1)
    ops = {"doesnt_untap": True}
    if who == "SELF" and "your next" in s:
        if spell or eff.from_graveyard:  # a spell isn't a permanent; an activated one: not here
            return False
        eff.do.append({"kind": "continuous", "object": "self", "duration": "next_untap_step", "effect": ops})
        return True
    if who == "it" and not spell and eff.it and not eff.do and not eff.targets and "its controller's" in s:
        # "Whenever SELF attacks, it doesn't untap during its controller's next untap step"
        eff.do.append({"kind": "continuous", "object": "it", "duration": "next_untap_step", "effect": ops})
        return True
    if "your next" in s or " don't " in s:
        return False  # "those creatures": each its own controller's step, not read here
    if who in _THAT:  # the permanent the instruction before tapped (its one target)
        if not _tapped_target(eff) or eff.do[-1]["kind"] != "tap":
            return False
        ref = eff.ref()
    elif who.startswith("target "):
        if spell and eff.targets:
            return False
        ref = target(who, eff, ("object",))
        if ref is None:
            return False
    else:
        return False
    if spell:
        if eff.resolves is not None:
            return False
        eff.resolves, eff.lasts = ops, "next_untap_step"
    else:
        eff.do.append({"kind": "continuous", "object": ref, "duration": "next_untap_step", "effect": ops})
    return True


def _tap(s: str, eff: Effect, spell: bool) -> bool:
    """"Tap target creature an opponent controls", "untap target land", "untap SELF" (CR
    701.26a-b). In a spell, SELF is the spell on the stack, not a permanent: not read."""
    m = _fm(r"(tap|untap) (SELF|target .+|enchanted (?:creature|permanent|artifact|land))", s)
    if not m:
        return False
    if m.group(2).startswith("enchanted "):  # the permanent the Aura is attached to (303.4)
        if spell and not eff.ability or eff.from_graveyard:
            return False
        eff.do.append({"kind": m.group(1), "object": "enchanted"})
        return True
    if m.group(2) == "SELF":
        if eff.from_graveyard or spell and not getattr(eff, "ability", False):
            return False
        ref: str | None = "self"
    else:
        ref = _listed_target(m.group(2), eff) or target(m.group(2), eff, ("object",))
    if ref is None:
        return False
    eff.do.append({"kind": m.group(1), "object": ref})
    return True


def _listed_target(phrase: str, eff: Effect) -> str | None:
    """"target artifact, creature, or land": a permanent of one of the listed card types
    (115.1; Icy Manipulator)."""
    m = _fm(r"target (\w+), (\w+),? or (\w+)", phrase)
    if not m or not all(w in P.CARD_TYPES and P.CARD_TYPES[w] in P.PERMANENT_TYPES for w in m.groups()):
        return None
    kinds = [P.CARD_TYPES[w] for w in m.groups()]
    tid = kinds[0].lower()
    if tid in {c["id"] for c in eff.casting}:
        tid = f"{tid}{len(eff.casting) + 1}"
    eff.targets.append({"obj": {"any_types": kinds}})
    eff.casting.append({"id": tid, "what": {"any_types": kinds}})
    return eff.ref()


def combat_ops(verb: str) -> dict[str, Any] | None:
    """The operations of "can't block this turn", "blocks this turn if able" (None: another
    phrase, or one without its duration)."""
    m = _fm(_VERB, verb)
    if not m or not m.group(2):
        return None
    if m.group(1).startswith("can't") == bool(m.group(3)):
        return None  # "can't block ... if able" / "blocks this turn": not these phrases
    key = m.group(1) + (" if able" if m.group(3) else "")
    ops = _COMBAT.get(key)
    return None if ops is None else dict(ops)


def _combat(s: str, eff: Effect, spell: bool) -> bool:
    """"Target creature can't block this turn" and the like: a continuous effect until end of
    turn (611.2a, 514.2) on the spell's or ability's target, or on a group of creatures."""
    m = _fm(r"(.+?) ((?:can't attack or block|can't be blocked|can't block|can't attack|blocks?|attacks?) "
            r"this turn"
            r"(?: if able)?)", s)
    if not m:
        return False
    ops = combat_ops(m.group(2))
    if ops is None:
        return False
    who, verb = m.group(1), m.group(2).split()
    # a singular subject says "blocks"/"attacks", a group "block"/"attack" (can't: both)
    single = who.startswith("target ") or who in ("SELF", "it")
    if verb[0] in ("blocks", "attacks", "block", "attack") and verb[0].endswith("s") != single:
        return False
    if who.startswith("target "):
        if spell and (eff.resolves is not None or eff.targets):
            return False
        ref = target(who, eff, ("object",))
        if ref is None:
            return False
        if "Creature" not in eff.targets[-1]["obj"].get("types", ()):  # attacks and blocks: creatures (506.2)
            eff.targets.pop()
            eff.casting.pop()
            return False
        if spell:
            eff.resolves = ops
        else:
            eff.do.append({"kind": "continuous", "object": ref, "duration": "end_of_turn", "effect": ops})
        return True
    if who in ("SELF", "it"):
        if eff.from_graveyard or spell and not getattr(eff, "ability", False) or \
                who == "it" and (not eff.it or eff.do or eff.targets):
            return False
        if spell:  # an activated ability's effect on its own source: not read here
            return False
        eff.do.append({"kind": "continuous", "object": "self" if who == "SELF" else "it",
                       "duration": "end_of_turn", "effect": ops})
        return True
    from pyengine.oracle.common import subject

    sel = subject(who[:1].upper() + who[1:])
    if not isinstance(sel, dict) or "Creature" not in sel.get("types", ()) or \
            set(sel) - {"types", "controller", "colors", "subtypes", "abilities", "not_abilities", "power",
                        "toughness", "not_colors"}:
        return False
    if spell:
        if eff.resolves is not None or eff.ability:  # an activated ability's resolves: has no affects
            return False
        eff.resolves = {"affects": sel, **ops}
    else:
        eff.do.append({"kind": "continuous", "affects": sel, "duration": "end_of_turn", "effect": ops})
    return True


__all__ = ["sentence", "combat_ops", "P"]
