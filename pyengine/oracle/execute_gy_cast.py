"""Generated games for retrace (CR 702.81a) and jump-start (702.133a): the instant's or sorcery's
own generated game (pyengine.oracle.execute_game, the card put on the stack first thing) goes on
with the card in alice's graveyard instead of her hand and a Mountain in her hand in its place
(her hand as large), and the card cast from her graveyard paying its mana cost from her pool and
discarding the Mountain as the additional cost (601.2b, 601.2f-h; 701.9a: a land card, as
retrace needs), its targets the same, so the same checks hold. Then the card is in her graveyard
again (retrace: 608.2n) or in exile (jump-start: "exile this card instead of putting it anywhere
else any time it would leave the stack"), the Mountain in her graveyard.

None for a card the spell game doesn't put on the stack that way (pyengine.oracle.execute_rebound),
one with {X} or a mana cost that isn't only colored and generic symbols, or one whose checks
name her pool."""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.kicker import pool_for

RULES = {"retrace": ["702.81a", "601.2f", "601.3", "701.9a", "608.2n"],
         "jump-start": ["702.133a", "601.2f", "601.3", "701.9a", "614.1a"]}


def keyword(card: Compiled) -> str | None:
    """The card's retrace or jump-start keyword held (by name; the cast engine reads it)."""
    words = {str(a["text"]).strip().lower() for a in card.card.get("abilities", ())
             if isinstance(a, dict) and set(a) == {"text"}} & set(RULES)
    return next(iter(words)) if len(words) == 1 else None


def gy_cast_game(card: Compiled) -> str | None:
    """The game's text, or None."""
    from pyengine.oracle.execute_rebound import _spell_doc

    word = keyword(card)
    if word is None or not set(card.card.get("types", ())) & {"Instant", "Sorcery"}:
        return None
    cost = str(card.card.get("mana_cost") or "")
    pool = pool_for(cost) if cost and "{X}" not in cost else None
    doc = _spell_doc(card) if pool else None
    if doc is None or any(o.get("id") == "discarded" for o in doc["objects"]):
        return None
    script = doc["query"]["script"]
    at = next(i for i, s in enumerate(script) if isinstance(s, dict) and "stack" in s)
    chosen = script[at]["stack"].get("targets", [])
    ids = [t["id"] for t in card.card.get("casting", {}).get("targets", [])]
    checks = doc["expect"]["checkpoints"]
    alice = doc["players"][0]
    if len(ids) != len(chosen) or script[at]["stack"].get("controller", "alice") != "alice" \
            or alice.get("mana") or any("mana" in c for c in checks.values()) \
            or script[-1] != {"checkpoint": "done"}:
        return None
    alice["mana"] = pool
    for o in doc["objects"]:
        if o.get("id") == "card":
            o["zone"] = "graveyard"
    doc["objects"].append({"id": "discarded", "card": "Mountain", "owner": "alice", "zone": "hand"})
    cast: dict[str, Any] = {"spell": "card", "discard": ["discarded"], "payment": {"pool": pool}}
    if chosen:
        cast["targets"] = {i: [t] for i, t in zip(ids, chosen, strict=True)}
    script[at] = {"cast": cast}
    done = checks["done"]
    objects = done.setdefault("objects", {})
    objects["card"] = {**objects.get("card", {}), "zone": "graveyard" if word == "retrace" else "exile"}
    objects["discarded"] = {"zone": "graveyard"}
    doc["cr"] = [*doc["cr"], *RULES[word]]
    doc["title"] = f"{card.name} cast from the graveyard ({word})"
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run_gy_cast(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's retrace or jump-start game run (whether it ran, and why not), or None."""
    from pyengine.oracle.execute import run_generated

    text = gy_cast_game(card)
    if text is None:
        return None
    scenario, why = run_generated(text, f"<generated graveyard cast: {card.name}>", timeout)
    return scenario is not None, why
