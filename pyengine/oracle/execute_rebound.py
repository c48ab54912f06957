"""Generated games for rebound (CR 702.88a; pyengine.game.rebound): the instant's or sorcery's
own generated game (pyengine.oracle.execute_game, the card put on the stack first thing) goes on
with the card cast from alice's hand instead, paying its mana cost from her pool (601.2f-h), its
targets the same, so the same checks hold; as it resolves it is exiled instead of put into her
graveyard (702.88a). Then the game advances to her next upkeep (turn 5: bob's turn passes),
where rebound's delayed triggered ability triggers (603.7a) and resolves:

- when the first game was the plain one (put on the stack, resolved) and every target is a
  player (or there is none), she casts the card from exile without paying its mana cost (the
  alternative cost ``free``, 118.9, 702.88b; 608.2g: during the resolution), with the same
  targets; it resolves and is put into her graveyard (608.2n: it wasn't cast from her hand);
- else she declines (a target object may be gone by then), and the card stays in exile.

None for a card the spell game doesn't put on the stack that way, one with {X} or a mana cost
that isn't only colored and generic symbols, or one whose checks name her pool."""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.kicker import pool_for

RULES = ["702.88a", "603.7a", "608.2g", "118.9", "601.2f"]


def has_rebound(card: Compiled) -> bool:
    """Whether the card's rebound keyword is held (by name, the game follows it)."""
    return any(isinstance(a, dict) and set(a) == {"text"} and str(a["text"]).strip().lower() == "rebound"
               for a in card.card.get("abilities", ()))


def rebound_game(card: Compiled) -> str | None:
    """The rebound game's text, or None."""
    if not has_rebound(card) or not set(card.card.get("types", ())) & {"Instant", "Sorcery"}:
        return None
    cost = str(card.card.get("mana_cost") or "")
    pool = pool_for(cost) if cost and "{X}" not in cost else None
    doc = _spell_doc(card) if pool else None
    if doc is None:
        return None
    script = doc["query"]["script"]
    at = next(i for i, s in enumerate(script) if isinstance(s, dict) and "stack" in s)
    chosen = script[at]["stack"].get("targets", [])
    ids = [t["id"] for t in card.card.get("casting", {}).get("targets", [])]
    if len(ids) != len(chosen) or script[at]["stack"].get("controller", "alice") != "alice":
        return None
    checks = doc["expect"]["checkpoints"]
    if any("mana" in c for c in checks.values()) or not script or script[-1] != {"checkpoint": "done"}:
        return None  # what is left in her pool: not predicted here
    cast: dict[str, Any] = {"spell": "card", "payment": {"pool": pool}}
    if chosen:
        cast["targets"] = {i: [t] for i, t in zip(ids, chosen, strict=True)}
    alice = doc["players"][0]
    if alice.get("mana"):
        return None
    alice["mana"] = pool
    done = checks["done"]
    done.setdefault("objects", {})["card"] = {**done.get("objects", {}).get("card", {}), "zone": "exile"}
    plain = at == 0 and script[1:] == ["resolve", {"checkpoint": "done"}]
    players = {p["id"] for p in doc["players"]}
    again = plain and all(isinstance(t, str) and t in players for t in chosen)
    rest: list[Any] = [{"advance": {"step": "upkeep", "turn": 5}}, {"checkpoint": "upkeep"}]
    checks["upkeep"] = {"objects": {"card": {"zone": "exile"}}}
    if again:
        free: dict[str, Any] = {"player": "alice", "spell": "card"}
        if chosen:
            free["targets"] = {i: list(t) for i, t in cast["targets"].items()}
        rest += [{"rebound_choice": {"card": free}}, "resolve", {"checkpoint": "recast"}, "resolve",
                 {"checkpoint": "again"}]
        checks["recast"] = {"objects": {"card": {"zone": "stack"}}}
        checks["again"] = {"stack": [], "objects": {"card": {"zone": "graveyard"}}}
    else:
        rest += [{"rebound_choice": {"card": False}}, "resolve", {"checkpoint": "declined"}]
        checks["declined"] = {"stack": [], "objects": {"card": {"zone": "exile"}}}
    doc["query"]["script"] = [*script[:at], {"cast": cast}, *script[at + 1:], *rest]
    doc["cr"] = [*doc["cr"], *RULES]
    doc["title"] = f"{card.name} cast from the hand, rebound"
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run_rebound(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's rebound game run (whether it ran, and why not), or None when it has none."""
    from pyengine.oracle.execute import run_generated

    text = rebound_game(card)
    if text is None:
        return None
    scenario, why = run_generated(text, f"<generated rebound: {card.name}>", timeout)
    return scenario is not None, why


def _spell_doc(card: Compiled) -> dict[str, Any] | None:
    """The card's own generated game when it puts the card, in alice's hand, on the stack with
    no more than its targets, after choices made ahead only (608.2d: a search's, a look's), and
    orders no triggered abilities; None for a modal spell or another shape of game."""
    from pyengine.oracle.execute_game import game_text

    if card.card.get("does", {}).get("modes"):
        return None
    text = game_text(card)
    doc: dict[str, Any] | None = yaml.safe_load(text) if text is not None else None
    if doc is None or not any(o.get("id") == "card" and o.get("zone") == "hand" for o in doc["objects"]):
        return None
    script = doc["query"]["script"]
    stacks = [i for i, s in enumerate(script) if isinstance(s, dict) and "stack" in s]
    if len(stacks) != 1 or script[stacks[0]]["stack"].get("object") != "card" \
            or set(script[stacks[0]]["stack"]) - {"object", "controller", "targets"} \
            or any(not isinstance(s, dict) or not any(k.endswith("_choice") for k in s)
                   for s in script[:stacks[0]]) \
            or any(isinstance(a, dict) and "order_triggers" in a for a in script):
        return None
    return doc
