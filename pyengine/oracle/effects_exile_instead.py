"""A spell's "if ... would die this turn, exile it instead" (CR 614.1a, 611.2a, 700.4).

- "If that creature would die this turn, exile it instead." (Lava Coil, Magma Spray) and "If
  that creature or planeswalker would die this turn, exile it instead." (Obliterating Bolt),
  after an instruction on the spell's one target: a replacement effect the spell creates as it
  resolves, on that target only (the resolved effect's ``affected``: the target, if still
  legal, 608.2b), lasting until the cleanup step ("this turn", 514.2). The effect language's
  card ``resolves: {replace: {event: {kind: dies, object: affected}, to: exile}}``; the game
  reads the duration from the words. After "Target creature gets -5/-5 until end of turn."
  (Ob Nixilis's Cruelty) both are one resolved effect on the target, ``{modify_pt, replace}``:
  the same object, the same duration (514.2), so the creature its toughness kills is exiled.
- "If a creature dealt damage this way would die this turn, exile it instead." (Anger of the
  Gods, Pillar of Flame) and "a permanent dealt damage this way": the same replacement on the
  creatures (permanents) the spell's instructions dealt damage to as it resolved
  (``dealt_damage: {types: [Creature]}``, locked in then, 611.2c): damage that was prevented
  was not dealt (615.1), and a player dealt damage is not affected.

The replacement changes where the permanent goes: it is exiled instead of put into a graveyard,
so it doesn't die (700.4) and "when ... dies" abilities don't trigger; it doesn't keep the
permanent from being destroyed or its damage from being lethal (704.5g still puts it into a
graveyard, replaced).

Not read here (stay text): "If a creature would die this turn" with no spell target (a group
effect of the whole turn: Flaying Tendrils, beside a -2/-2 effect that is the card's other
continuous effect), "If it's a creature, it can't be regenerated this turn, and if it would
die ..." (Disintegrate), "the creature you don't control" (a fight's second target), and the
form in abilities (the ability's source would be "this way" for the turn's later damage too).
"""

from __future__ import annotations

import re
from typing import Any

EXILE = {"event": {"kind": "dies", "object": "affected"}, "to": "exile"}
_THAT = r"if that (creature|creature or planeswalker) would die this turn, exile it instead"
_WAY = r"if a (creature|permanent) dealt damage this way would die this turn, exile it instead"


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """Read the sentence into a spell's ``resolves``; False when it is not one read here."""
    if not spell or eff.ability:
        return False
    m = re.fullmatch(_THAT, s)
    if m:
        return _that(m.group(1), eff)
    m = re.fullmatch(_WAY, s)
    if m and eff.resolves is None:
        return _way(m.group(1), eff)
    return False


def _that(noun: str, eff: Any) -> bool:
    """On the spell's one target, named by an instruction before (608.2c)."""
    pump = eff.resolves is not None
    if pump and (set(eff.resolves) != {"modify_pt"} or eff.do):
        return False  # "target creature gets -5/-5 until end of turn" only: one effect on it
    if len(eff.targets) != 1 or not pump and not any(_names_target(ev) for ev in eff.do):
        return False
    obj = eff.targets[0].get("obj")
    if not isinstance(obj, dict) or "zone" in obj:
        return False  # "any target" (a player too) or a card in a zone: not a permanent named so
    kinds = set(obj.get("types", ())) | set(obj.get("any_types", ()))
    allowed = {"Creature"} if noun == "creature" else {"Creature", "Planeswalker"}
    if not kinds or not kinds <= allowed:
        return False  # "that creature" of a target that may be another permanent
    eff.resolves = {**(eff.resolves or {}), "replace": dict(EXILE)}
    return True


def _way(noun: str, eff: Any) -> bool:
    """On what the spell's damage instructions dealt damage to (the objects locked in after
    them: ``dealt_damage: SELECTOR``)."""
    flat = [inner for ev in eff.do for inner in (ev.get("do", ()) if ev.get("kind") == "each" else (ev,))]
    if not flat or any(ev.get("kind") != "damage" or ev.get("source") != "self" for ev in flat):
        return False  # another instruction, or damage dealt by another source
    which: dict[str, Any] = {"types": ["Creature"]} if noun == "creature" else {}
    eff.resolves = {"replace": dict(EXILE), "dealt_damage": which}
    return True


def _names_target(ev: dict[str, Any]) -> bool:
    return any(v == "target" for v in ev.values())
