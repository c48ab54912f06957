"""The generated game of a spell that prevents all combat damage this turn (Fog; pyengine.oracle.
effects_prevent): bob attacks alice with his Gray Ogre (2/2) and she blocks nothing; in the
declare blockers step, bob (the active player, who receives priority first: 117.3a) passes,
alice casts the card (an instant: 117.1a) and it resolves; then combat damage
(510.2) would be dealt and all of it is prevented (615.1a): alice stays at 20 life."""

from __future__ import annotations

from typing import Any


def is_fog(card: Any) -> bool:
    """Whether the card's spell only prevents all combat damage this turn (no other instruction)."""
    res = card.card.get("resolves")
    return res == {"prevent": {"event": {"kind": "damage", "combat": True}, "amount": "all"}} \
        and "does" not in card.card and not card.card.get("casting")


def combat_script(script: list[Any]) -> tuple[list[Any], str, str, dict[str, Any]]:
    """The script (its cast action first) moved into bob's attack: (script, active player,
    starting step, the checkpoint after combat damage)."""
    cast = script[0]
    return ([{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
             {"advance": "declare_blockers"}, {"block": {}}, {"pass": "bob"}, cast, "resolve",
             {"advance": "combat_damage"}, {"assign": "default"}, {"checkpoint": "combat"}],
            "bob", "precombat_main",
            # 615.1a, 510.2: the Ogre's combat damage to alice is prevented
            {"combat": {"life": {"alice": 20, "bob": 20}, "objects": {"card": {"zone": "graveyard"}}}})
