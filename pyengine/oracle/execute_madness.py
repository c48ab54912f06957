"""Generated games for madness (CR 702.35a; pyengine.oracle.keyword_madness): alice discards
the card from her hand (701.9a), madness's replacement effect exiles it instead (a discard still,
its trigger's event), and as the triggered ability resolves:

- she casts it for its madness cost (702.35b, 118.9, 608.2g) from a pool holding that cost: an
  instant or sorcery's own generated game (pyengine.oracle.execute_game: the card put on the
  stack first thing) goes on with the card cast this way instead, its targets the same, so the
  same checks hold; a permanent card with no other triggered ability and no target to choose
  resolves and is on the battlefield (608.3);
- or she declines, and the card is in her graveyard (702.35a), the stack empty.

A card whose other triggered abilities could trigger on these zone changes, or whose own game
casts it otherwise, gets no cast game (None): its other games run it."""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.kicker import pool_for

RULES = ["702.35a", "701.9a", "608.2g", "118.9"]


def madness_cost(card: Compiled) -> str | None:
    """The card's one madness mana cost, or None."""
    costs = [
        a["madness"]
        for a in card.card.get("abilities", ())
        if isinstance(a, dict) and set(a) == {"madness"} and isinstance(a["madness"], str)
    ]
    return costs[0] if len(costs) == 1 else None


def _other_triggers(card: Compiled) -> list[dict[str, Any]]:
    return [
        a
        for a in card.card.get("abilities", ())
        if isinstance(a, dict)
        and "trigger" in a
        and a["trigger"].get("when", {}).get("cause") != "madness"
    ]


def _quiet(card: Compiled) -> bool:
    """No other triggered ability of the card could trigger as it is discarded, exiled, put
    into the graveyard or cast (only those of a permanent's own kinds of events)."""
    for a in _other_triggers(card):
        when = a["trigger"].get("when", {})
        if when.get("kind") in ("zone_change", "cast") or not set(a["trigger"]) & {"when", "at"}:
            return False
    return True


def _base(card: Compiled, pool: str, script: list[Any], checks: dict[str, Any]) -> dict[str, Any]:
    alice: dict[str, Any] = {"id": "alice", "hand_size": 1, "library_size": 10}
    if pool:
        alice["mana"] = pool
    return {
        "id": "cards/generated-madness",
        "title": f"{card.name} discarded (madness)",
        "cr": RULES,
        "rationale": "generated: the game must run it",
        "players": [alice, {"id": "bob", "library_size": 10}],
        "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
        "objects": [{"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}],
        "query": {"kind": "game", "script": script},
        "expect": {"checkpoints": checks},
    }


def decline_game(card: Compiled) -> str | None:
    """Discarded, exiled, and the madness cast declined: the card in her graveyard."""
    if madness_cost(card) is None or not _quiet(card):
        return None
    script: list[Any] = [
        {"discard": {"player": "alice", "cards": ["card"]}},
        {"checkpoint": "exiled"},
        {"madness_choice": {"card": False}},
        "resolve",
        {"checkpoint": "done"},
    ]
    checks = {
        "exiled": {"objects": {"card": {"zone": "exile"}}, "hand": {"alice": 0}},
        "done": {"stack": [], "objects": {"card": {"zone": "graveyard"}}},
    }
    return yaml.safe_dump(_base(card, "", script, checks), sort_keys=False, allow_unicode=True)


def cast_game(card: Compiled) -> str | None:
    """Discarded, exiled, and cast for its madness cost, or None."""
    cost = madness_cost(card)
    pool = pool_for(cost) if cost is not None else None
    if pool is None or not _quiet(card) or "{X}" in str(card.card.get("mana_cost", "")):
        return None
    cast: dict[str, Any] = {"player": "alice", "spell": "card"}
    if pool:  # "Madness {0}": nothing to pay
        cast["payment"] = {"pool": pool}
    types = set(card.card.get("types", ()))
    if types & {"Instant", "Sorcery"}:
        return _spell_game(card, cast, pool)
    if not types & {"Creature", "Artifact", "Enchantment", "Planeswalker", "Battle"} \
            or "Aura" in card.card.get("subtypes", ()) or card.card.get("casting") or _other_triggers(card):
        return None
    script: list[Any] = [
        {"discard": {"player": "alice", "cards": ["card"]}},
        {"madness_choice": {"card": cast}},
        "resolve",
        {"checkpoint": "cast"},
        "resolve",
        {"checkpoint": "done"},
    ]
    checks = {
        "cast": {"objects": {"card": {"zone": "stack"}}, "mana": {"alice": ""}},
        "done": {"stack": [], "objects": {"card": {"zone": "battlefield"}}},
    }
    return yaml.safe_dump(_base(card, pool, script, checks), sort_keys=False, allow_unicode=True)


def _spell_game(card: Compiled, cast: dict[str, Any], pool: str) -> str | None:
    """The instant's or sorcery's own game, the card discarded then cast for its madness cost
    instead of put on the stack."""
    from pyengine.oracle.execute_alt import spell_game_cast

    got = spell_game_cast(card, cast)
    if got is None:
        return None
    doc, script, cast = got
    discard = {"discard": {"player": "alice", "cards": ["card"]}}
    doc["query"]["script"] = [discard, {"madness_choice": {"card": cast}}, "resolve", *script[1:]]
    alice = doc["players"][0]
    if alice.get("mana"):
        return None
    alice["mana"] = pool
    for check in doc["expect"]["checkpoints"].values():
        if "mana" in check:
            return None  # what is left in her pool: not predicted here
    doc["cr"] = [*doc["cr"], *RULES]
    doc["title"] = f"{card.name} cast for its madness cost"
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run_madness(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's madness games run (whether they ran, and why not), or None when it has no
    madness keyword read."""
    from pyengine.oracle.execute import run_generated

    if madness_cost(card) is None:
        return None
    texts = [t for t in (cast_game(card), decline_game(card)) if t is not None]
    if not texts:
        return None
    for text in texts:
        scenario, why = run_generated(text, f"<generated madness: {card.name}>", timeout)
        if scenario is None:
            return False, why
    return True, ""
