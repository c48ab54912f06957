"""The generated game of a spell with storm (CR 702.40a; pyengine.oracle.keyword_storm): alice
casts Lightning Bolt at bob first and it resolves, so one spell was cast before hers this turn;
she casts the card, storm triggers (603.2) and goes on the stack above it; as it resolves it
puts one copy of the spell on the stack (707.10), with the spell's targets (no new ones chosen,
707.10c); the copy resolves, then the spell. What the spell does then happens twice, so the
game's checks are made of its instructions twice (the copy's, then the original's)."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled
from pyengine.oracle.keyword_storm import is_storm

FIRST = {"id": "storm1", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}


def copies(card: Compiled) -> int:
    """How many copies the generated game's storm makes: 1 for a card with storm, else 0."""
    return sum(1 for a in card.card.get("abilities", ()) if is_storm(a))


def storm_script(card: Compiled, extra: list[dict[str, Any]],
                 script: list[Any]) -> tuple[list[dict[str, Any]], list[Any]] | None:
    """The spell game's objects and script with the Bolt cast first and the storm trigger,
    the copy and the spell resolved; None when the game isn't that of the card cast once."""
    at = [i for i, a in enumerate(script) if isinstance(a, dict) and "stack" in a
          and a["stack"].get("object") == "card"]
    if len(at) != 1 or script[at[0] + 1:] != ["resolve"]:
        return None
    first = [{"stack": {"object": FIRST["id"], "controller": "alice", "targets": ["bob"]}}, "resolve"]
    n = at[0]
    return [*extra, dict(FIRST)], [*script[:n], *first, script[n], "resolve", "resolve", "resolve"]


def copies_target(card: Compiled) -> bool:
    """Whether the spell copies its target spell (707.10: "Copy target instant or sorcery spell")."""
    return any(isinstance(ev, dict) and ev.get("kind") == "copy_spell" and ev.get("object") == "target"
               for ev in card.card.get("does", {}).get("do", ()))


def copy_target_script(script: list[Any]) -> list[Any]:
    """bob's spell copied by alice's (pyengine.oracle.execute_game's counter game): after hers
    resolves, the copy is on top of bob's spell with its targets (707.10, no new ones chosen,
    707.10c); the copy resolves, then bob's spell."""
    return [*script, "resolve", "resolve"]
