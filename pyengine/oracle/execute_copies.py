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
    """How many copies the generated game's storm or replicate makes: 1 for a card with storm
    or a replicate mana cost (paid once, 702.56a), else 0."""
    from pyengine.oracle.keyword_replicate import cost

    return sum(1 for a in card.card.get("abilities", ()) if is_storm(a)) or int(cost(card.card) is not None)


def replicated_pool(card: Compiled) -> str:
    """Alice's pool in a replicate card's game: its mana cost and its replicate cost once
    (601.2f), or "" for another card (or a cost not paid from a pool one way only)."""
    from pyengine.oracle.keyword_replicate import cost
    from pyengine.oracle.kicker import pool_for

    extra = cost(card.card)
    mana = str(card.card.get("mana_cost") or "")
    if extra is None or "{X}" in mana:
        return ""
    return pool_for(mana, extra) or ""


def storm_script(card: Compiled, extra: list[dict[str, Any]],
                 script: list[Any]) -> tuple[list[dict[str, Any]], list[Any]] | None:
    """The spell game's objects and script with the Bolt cast first and the storm trigger,
    the copy and the spell resolved; None when the game isn't that of the card cast once."""
    at = [i for i, a in enumerate(script) if isinstance(a, dict) and "stack" in a
          and a["stack"].get("object") == "card"]
    if len(at) != 1 or script[at[0] + 1:] != ["resolve"]:
        return None
    if not any(is_storm(a) for a in card.card.get("abilities", ())):  # replicate paid once (702.56a)
        pool = replicated_pool(card)
        stack = script[at[0]]["stack"]
        ids = [t["id"] for t in card.card.get("casting", {}).get("targets", [])]
        chosen = stack.get("targets", [])
        in_hand = any(o.get("id") == "card" and o.get("zone") == "hand" for o in extra)
        if not pool or not in_hand or len(ids) != len(chosen) or stack.get("controller", "alice") != "alice":
            return None
        cast: dict[str, Any] = {"spell": "card", "replicate": 1, "payment": {"pool": pool}}
        if chosen:
            cast["targets"] = {i: [t] for i, t in zip(ids, chosen, strict=True)}
        n = at[0]
        return extra, [*script[:n], {"cast": cast}, "resolve", "resolve", "resolve"]
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
