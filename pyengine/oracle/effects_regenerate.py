"""Regeneration (CR 701.19) in activated abilities and spells.

- "Regenerate SELF." as an activated ability's effect: the ability's resolved effect on its
  source, a regeneration shield until end of turn (701.19a, 614.8, 514.2): the effect
  language's ``resolves: {regenerate: {object: affected}}`` with ``duration: end_of_turn``,
  locked to the source (no target). The next time the permanent would be destroyed this
  turn, instead all damage is removed from it, it is tapped and removed from combat.
- "Regenerate target creature." in a spell or an activated ability: the same shield on its
  one target (the resolved effect's ``affected``, 608.2b).

"Regenerate SELF" in a triggered ability, "regenerate each creature you control", "regenerate
enchanted creature" and "It can't be regenerated." after a destruction (701.19c; a game
starts a resolved effect after its events, so the destroy would not see it) stay text.
"""

from __future__ import annotations

from typing import Any

SHIELD: dict[str, Any] = {"regenerate": {"object": "affected"}}


def self_shield(body: str) -> dict[str, Any] | None:
    """The resolved effect of an activated ability whose effect is "Regenerate SELF.", or None."""
    return dict(SHIELD) if body == "Regenerate SELF." else None


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """"regenerate target creature" (one sentence, the effect's only target): a shield on it."""
    from pyengine.oracle.effects import target

    if s not in ("regenerate target creature", "regenerate target artifact creature") or eff.targets \
            or eff.resolves is not None or eff.do:
        return False
    if target(s.removeprefix("regenerate "), eff, ("object",)) is None:
        return False
    eff.resolves = dict(SHIELD)
    eff.lasts = "end_of_turn"  # 514.2
    return True
