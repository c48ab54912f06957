"""Generated games that cast a card for its alternative cost (CR 118.9, 601.2b, 601.2f-h) and
check what its keyword's rule then does (pyengine.oracle.keyword_alt):

- evoke (702.74a): alice casts the card from her hand for its evoke cost, from a pool holding
  just that cost; as it enters, its "when this enters" abilities and evoke's sacrifice trigger
  trigger together and she orders them (603.3b: evoke's put on the stack first, so it
  resolves last); every one resolves, and the card is in her graveyard (701.21a), its own "when
  this leaves the battlefield" abilities triggered and resolved too (603.6c, 603.10a).
- dash (702.109a): alice casts it for its dash cost; a card with no triggered ability then
  attacks the turn it entered (it has haste, 302.6, 702.10b); at the beginning of her end step
  the delayed triggered ability returns it to her hand (603.7a-b).
- blitz (702.152a): the same, cast for its blitz cost; at her end step the delayed triggered
  ability sacrifices it (701.21a), and the ability it has while blitzed, "When this permanent is
  put into a graveyard from the battlefield, draw a card", triggers (looking back in time,
  603.10a) and resolves: her hand holds the card drawn.

A card whose other abilities would trigger with targets, modes or conditions, or at other
events, gets no such game (None): its other games run it."""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.keyword_alt import alt_cost, is_evoke_sacrifice
from pyengine.oracle.kicker import pool_for

# the log index of the event the cast card enters with, in a game that casts it from alice's
# hand paying from her pool and resolves it (the triggered abilities' ids SOURCE:N@EVENT)
_ENTERED_AT = 4


def _plain(ability: dict[str, Any], kinds: tuple[str, ...]) -> bool:
    """A triggered ability of the card about itself (``kinds`` of event), with no targets, modes
    or intervening "if"."""
    when = ability["trigger"].get("when", {})
    return when.get("obj") == "self" and when.get("kind") in kinds and "if" not in ability["trigger"] \
        and not ability.get("targets") and "modes" not in ability


def _doc(card: Compiled, pool: str, script: list[Any], checks: dict[str, Any], cr: list[str]) -> str:
    doc = {"id": "cards/generated-alt-cost", "title": f"{card.name} cast for its alternative cost",
           "cr": cr, "rationale": "generated: the game must run it",
           "players": [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": pool},
                       {"id": "bob", "library_size": 10}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [{"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}],
           "query": {"kind": "game", "script": script}, "expect": {"checkpoints": checks}}
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def evoke_game(card: Compiled) -> str | None:
    """The evoked game (702.74a), or None."""
    cost = alt_cost(card.card, "evoke")
    pool = pool_for(cost) if cost is not None else None
    if not pool or "Creature" not in card.card.get("types", ()):
        return None
    enters: list[int] = []
    leaves = 0
    for i, a in enumerate(card.card.get("abilities", ())):
        if not isinstance(a, dict) or "trigger" not in a:
            continue
        if is_evoke_sacrifice(a):
            enters.insert(0, i)  # put on the stack first: it resolves last (603.3b)
        elif _plain(a, ("enters",)) and "when" in a["trigger"]:
            enters.append(i)
        elif _plain(a, ("dies", "leaves")):
            leaves += 1
        else:
            return None
    if not enters or not is_evoke_sacrifice(card.card["abilities"][enters[0]]):
        return None
    script: list[Any] = [{"cast": {"spell": "card", "alternative": "evoke", "payment": {"pool": pool}}}]
    if len(enters) > 1:
        script.append({"order_triggers": {"alice": [f"card:{i}@{_ENTERED_AT}" for i in enters]}})
    script += ["resolve", {"checkpoint": "entered"}, *["resolve"] * (len(enters) + leaves),
               {"checkpoint": "done"}]
    checks = {"entered": {"objects": {"card": {"zone": "battlefield"}}},
              "done": {"stack": [], "objects": {"card": {"zone": "graveyard"}}}}
    return _doc(card, pool, script, checks, ["702.74a", "603.3b", "603.4", "701.21a"])


def dash_game(card: Compiled, word: str = "dash") -> str | None:
    """The dashed (702.109a) or blitzed (``word`` blitz, 702.152a) game, or None."""
    cost = alt_cost(card.card, word)
    pool = pool_for(cost) if cost is not None else None
    if not pool or "Creature" not in card.card.get("types", ()):
        return None
    abilities = card.card.get("abilities", ())
    if any(isinstance(a, dict) and "trigger" in a for a in abilities):
        return None  # its attack, enter or end-step abilities would trigger: their own games run them
    words = {a for a in abilities if isinstance(a, str)}
    if words & {"defender", "vigilance", "can't attack", "can't attack alone", "can't attack or block alone"} \
            or any(isinstance(a, dict) and "cant_attack" in str(a) for a in abilities):
        return None
    script: list[Any] = [{"cast": {"spell": "card", "alternative": word, "payment": {"pool": pool}}},
                         "resolve", {"advance": "declare_attackers"}, {"attack": {"card": "bob"}},
                         {"checkpoint": "attacked"}, {"advance": "end"}, "resolve"]
    checks: dict[str, Any] = {"attacked": {"objects": {"card": {"zone": "battlefield", "tapped": True}}}}
    if word == "blitz":  # sacrificed, then its "when it dies, draw a card" resolves (603.10a)
        script += ["resolve", {"checkpoint": "done"}]
        checks["done"] = {"stack": [], "hand": {"alice": 1}, "library": {"alice": 9},
                          "objects": {"card": {"zone": "graveyard"}}}
        return _doc(card, pool, script, checks, ["702.152a", "302.6", "608.3g", "701.21a", "603.10a"])
    script.append({"checkpoint": "done"})
    checks["done"] = {"stack": [], "objects": {"card": {"zone": "hand"}}}
    return _doc(card, pool, script, checks, ["702.109a", "302.6", "608.3g", "603.7c"])


def run_alt(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's alternative-cost game run (whether it ran, and why not), or None when the card
    has none."""
    from pyengine.oracle.execute import run_generated

    text = evoke_game(card) or dash_game(card) or dash_game(card, "blitz")
    if text is None:
        return None
    scenario, why = run_generated(text, f"<generated alternative cost: {card.name}>", timeout)
    return scenario is not None, why
