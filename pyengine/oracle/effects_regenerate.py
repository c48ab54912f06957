"""Regeneration (CR 701.19) in activated abilities and spells.

- "Regenerate SELF." as an activated ability's effect: the ability's resolved effect on its
  source, a regeneration shield until end of turn (701.19a, 614.8, 514.2): the effect
  language's ``resolves: {regenerate: {object: affected}}`` with ``duration: end_of_turn``,
  locked to the source (no target). The next time the permanent would be destroyed this
  turn, instead all damage is removed from it, it is tapped and removed from combat.
- "Regenerate target creature." in a spell or an activated ability: the same shield on its
  one target (the resolved effect's ``affected``, 608.2b).

"Regenerate SELF" in a triggered ability, "regenerate each creature you control", "regenerate
enchanted creature", "They can't be regenerated." and "It can't be regenerated." after
anything but "Destroy target ..." (damage, "this turn", a triggered ability) stay text.

- "Destroy target creature. It can't be regenerated." in a spell or an activated ability:
  later text modifying earlier text (608.2c): the destruction of its one target can't be
  replaced by a regeneration shield (701.19c).
"""

from __future__ import annotations

from typing import Any

SHIELD: dict[str, Any] = {"regenerate": {"object": "affected"}}
CANT: dict[str, Any] = {"cant_be_regenerated": "affected"}


def self_shield(body: str) -> dict[str, Any] | None:
    """The resolved effect of an activated ability whose effect is "Regenerate SELF.", or None."""
    return dict(SHIELD) if body == "Regenerate SELF." else None


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """"regenerate target creature" (the effect's only target, said first): a shield on it;
    "it can't be regenerated" right after "destroy target ..." (the effect's only target)."""
    from pyengine.oracle.common import fullmatch

    m = fullmatch(r"regenerate (target .+)", s)
    if m:
        return _shield(m.group(1), eff)
    if s == "it can't be regenerated":
        return _cant(eff)
    return False


def _shield(words: str, eff: Any) -> bool:
    from pyengine.oracle.effects import target

    if eff.targets or eff.resolves is not None or eff.do:
        return False
    if target(words, eff, ("object",)) is None:
        return False
    got = eff.targets[0].get("obj") if len(eff.targets) == 1 else None
    if not isinstance(got, dict) or "zone" in got:  # a permanent (701.19a)
        return False
    eff.resolves = dict(SHIELD)
    eff.lasts = "end_of_turn"  # 514.2
    return True


def _cant(eff: Any) -> bool:
    """"Destroy target creature. It can't be regenerated.": later text modifying earlier text
    (608.2c): the destruction of the one target can't be replaced by a regeneration shield
    (701.19c). The resolved effect ``cant_be_regenerated: affected``: a game applies an
    effect of only such operations while the instructions are followed, and it ends then
    (pyengine.game.stack; the destroyed permanent is a new object afterwards, 400.7)."""
    if len(eff.targets) != 1 or eff.resolves is not None or len(eff.do) != 1:
        return False
    ev = eff.do[0]
    if ev.get("kind") != "destroy" or ev.get("object") != eff.ref():
        return False
    eff.resolves = dict(CANT)
    return True
