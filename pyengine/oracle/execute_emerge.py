"""Generated games for emerge (CR 702.119a; asp/cast/emerge.lp): the card's own generated game
(pyengine.oracle.execute_game: the card, in alice's hand, put on the stack, its "when you cast
this spell" ability and the spell resolving) goes on with the card cast for its emerge cost
instead (118.9), sacrificing a Grizzly Bears of hers (mana value 2: the total cost reduced by
{2}, 702.119a, 601.2f) as the cost is paid (702.119c, 601.2h), from a pool holding just the
reduced cost. The same checks hold (the Bears are gone before anything resolves), and the Bears
are in her graveyard, the card on the battlefield (608.3).

None for a card whose game doesn't put it on the stack that way, or whose emerge cost has less
than {2} generic or isn't paid from a pool one way only."""

from __future__ import annotations

import re
from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.kicker import pool_for

RULES = ["702.119a", "702.119c", "118.9", "601.2f", "601.2h", "701.21a"]
FODDER = "emerge-bears"


def emerge_cost(card: Compiled) -> str | None:
    costs = [a["emerge"] for a in card.card.get("abilities", ())
             if isinstance(a, dict) and set(a) == {"emerge"} and isinstance(a["emerge"], str)]
    return costs[0] if len(costs) == 1 else None


def emerge_game(card: Compiled) -> str | None:
    """The game's text, or None."""
    from pyengine.oracle.execute_game import game_text

    cost = emerge_cost(card)
    generic = re.match(r"\{(\d+)\}", cost or "")
    if cost is None or generic is None or int(generic.group(1)) < 2 \
            or "Creature" not in card.card.get("types", ()):
        return None
    reduced = re.sub(r"^\{\d+\}", f"{{{int(generic.group(1)) - 2}}}", cost)
    pool = pool_for(reduced)
    text = game_text(card)
    doc: dict[str, Any] | None = yaml.safe_load(text) if text is not None and pool else None
    if doc is None or not any(o.get("id") == "card" and o.get("zone") == "hand" for o in doc["objects"]):
        return None
    script = doc["query"]["script"]
    at = [i for i, s in enumerate(script)
          if isinstance(s, dict) and s.get("stack", {}).get("object") == "card"]
    checks = doc["expect"]["checkpoints"]
    alice = doc["players"][0]
    if len(at) != 1 or set(script[at[0]]["stack"]) - {"object", "controller"} or alice.get("mana") \
            or any("mana" in c for c in checks.values()) or script[-1] != {"checkpoint": "done"} \
            or any(o.get("id") == FODDER for o in doc["objects"]):
        return None
    stamp = 1 + max((o.get("timestamp", 0) for o in doc["objects"]), default=0)
    doc["objects"].append({"id": FODDER, "card": "Grizzly Bears", "controller": "alice", "timestamp": stamp})
    alice["mana"] = pool
    script[at[0]] = {"cast": {"spell": "card", "alternative": "emerge", "sacrifice": [FODDER],
                              "payment": {"pool": pool}}}
    objects = checks["done"].setdefault("objects", {})
    objects[FODDER] = {"zone": "graveyard"}
    objects["card"] = {**objects.get("card", {}), "zone": "battlefield"}
    doc["cr"] = [*doc["cr"], *RULES]
    doc["title"] = f"{card.name} cast for its emerge cost"
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run_emerge(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's emerge game run (whether it ran, and why not), or None when it has none."""
    from pyengine.oracle.execute import run_generated

    text = emerge_game(card)
    if text is None:
        return None
    scenario, why = run_generated(text, f"<generated emerge: {card.name}>", timeout)
    return scenario is not None, why
