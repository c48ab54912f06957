"""The generated games of the keyword abilities that function from a graveyard (CR 113.6m;
pyengine.oracle.keyword_graveyard), run for a card whatever template sampled it:

- an activated one (unearth 702.84a, scavenge 702.97a) when it is the card's first activated
  ability: the card in alice's graveyard, activated and resolved (the game of
  pyengine.oracle.execute_activated: the card on the battlefield, or exiled with the counters
  on the target; unearth's end step exile checked at ``later``, 603.7);
- dredge (702.52a): the card in alice's graveyard and ten cards in her library, she chooses
  the replacement (616.1) and draws: she has milled N cards instead (121.2: one draw, 702.52a)
  and the card is in her hand.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def _own(card: Compiled) -> list[dict[str, Any]]:
    return [a for a in card.card.get("abilities", ()) if isinstance(a, dict)]


def _graveyard_activated(card: Compiled) -> bool:
    from pyengine.model.activated import parse_cost

    mine = [a for a in _own(card) if "activated" in a]
    if not mine:
        return False
    first = mine[0]["activated"]
    return first.get("zone") == "graveyard" or parse_cost(first["cost"]).exile_self


def _dredge(card: Compiled) -> int | None:
    for a in _own(card):
        rep = a.get("static", {}).get("replace", {}) if isinstance(a.get("static"), dict) else {}
        if rep.get("zones") == ["graveyard"] and rep.get("event", {}).get("kind") == "draw" and rep.get("optional"):
            return int(rep["event"]["library"]["gte"])
    return None


def dredge_text(card: Compiled, n: int) -> str:
    """The dredge game's scenario (see the module's documentation)."""
    import yaml

    doc = {"id": "cards/generated", "title": f"{card.name}: dredge {n}", "cr": ["702.52a", "616.1"],
           "rationale": "generated",
           "players": [{"id": "alice", "library_size": 10}, {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [{"id": "card", "card": card.name, "owner": "alice", "zone": "graveyard"}],
           "query": {"kind": "game", "script": [{"choose": [{"effect": "card", "choice": "main"}]},
                                                {"draw": "alice"}, {"checkpoint": "dredged"}]},
           "expect": {"checkpoints": {"dredged": {"library": {"alice": 10 - n},
                                                  "objects": {"card": {"zone": "hand"}}}}}}
    return yaml.safe_dump(doc, sort_keys=False)


def run(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's graveyard-keyword game run (whether it ran, and why not), or None when the
    card has none this module generates."""
    n = _dredge(card)
    if n is not None:
        from pyengine.oracle.execute import run_generated

        scenario, why = run_generated(dredge_text(card, n), f"<generated dredge: {card.name}>", timeout)
        return scenario is not None, why
    if _graveyard_activated(card):
        from pyengine.oracle.execute_triggers import run_game

        return run_game(card, timeout, template="activated ability")
    return None
