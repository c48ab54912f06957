"""Generated games for cascade (CR 702.85a; pyengine.oracle.keyword_cascade) and discover N
(701.57a; pyengine.game.cascade).

Cascade: alice casts the card from her hand from a pool holding its mana cost (601.2f-h); her
library's top cards are named (401.4: the named library cards are its top cards), a Forest on
top, then an Ornithopter (mana value 0, less than any cascade spell's but a {0} one's). Cascade
triggers as the spell becomes cast (601.2i, 603.2) and, as it resolves, exiles the Forest (a
land) and the Ornithopter (nonland, its mana value less), and she casts the Ornithopter without
paying its mana cost (608.2g, 118.9); the Forest goes to the bottom of her library. The
Ornithopter resolves first (it is above the spell, 405.5) and is on the battlefield; then:

- a permanent card with no other triggered ability and no target resolves and is on the
  battlefield (608.3);
- an instant's or sorcery's own generated game (pyengine.oracle.execute_game: the card put on
  the stack first thing) goes on with the card cast this way instead, its targets the same, so
  the same checks hold.

A card with several instances of cascade (702.85c), an {X} in its mana cost, a mana cost not
paid one way only, or another triggered ability gets no cascade game (None): its other games
run it.

Discover: a game whose instructions discover (once, as "you") names alice's top cards the same
way (a Forest, then an Ornithopter) and gives her choice ahead not to cast the Ornithopter: it
goes into her hand and the Forest to the bottom of her library (701.57a). Unless the discover is
optional ("you may ... If you do, discover N"), the game checks both. A game whose instructions
also draw, mill, look at, search, explore, connive or exile the top of the library gets none.
"""

from __future__ import annotations

import copy
from typing import Any

import yaml

from pyengine.oracle.compile import Compiled
from pyengine.oracle.keyword_cascade import is_cascade
from pyengine.oracle.kicker import pool_for

RULES = ["702.85a", "601.2i", "603.3", "608.2g", "118.9", "401.4"]
FOUND = "Ornithopter"  # a nonland card of mana value 0 with no target (catalog)
_OTHER = ("draw", "mill", "scry", "surveil", "search", "look", "exile_top", "explore", "connive", "cascade")


def _library(prefix: str) -> list[dict[str, Any]]:
    return [{"id": f"{prefix}-land", "card": "Forest", "owner": "alice", "zone": "library"},
            {"id": f"{prefix}-found", "card": FOUND, "owner": "alice", "zone": "library"}]


def _cascades(card: Compiled) -> int:
    return sum(1 for a in card.card.get("abilities", ()) if is_cascade(a))


def _cast(card: Compiled) -> tuple[dict[str, Any], str] | None:
    cost = str(card.card.get("mana_cost") or "")
    pool = pool_for(cost) if cost else None
    if pool is None or not pool:
        return None  # no mana cost, X, hybrid or Phyrexian; {0}: nothing of lesser mana value
    return {"player": "alice", "spell": "card", "payment": {"pool": pool}}, pool


def cascade_game(card: Compiled) -> str | None:
    """The card cast from alice's hand, cascading into an Ornithopter, or None."""
    if _cascades(card) != 1:
        return None
    made = _cast(card)
    if made is None:
        return None
    cast, pool = made
    others = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a
              and not is_cascade(a)]
    if others:
        return None
    ahead = {"cascade_choice": {"player": "alice", "cast": {"spell": "casc-found"}}}
    checks_first = {"objects": {"casc-found": {"zone": "battlefield"}, "casc-land": {"zone": "library"}}}
    types = set(card.card.get("types", ()))
    if types & {"Instant", "Sorcery"}:
        return _spell_game(card, cast, pool, ahead, checks_first)
    if not types & {"Creature", "Artifact", "Enchantment", "Planeswalker", "Battle"} \
            or "Aura" in card.card.get("subtypes", ()) or card.card.get("casting"):
        return None
    script: list[Any] = [ahead, {"cast": cast}, "resolve", {"checkpoint": "cascaded"}, "resolve",
                         {"checkpoint": "found"}, "resolve", {"checkpoint": "done"}]
    checks = {
        "cascaded": {"objects": {"casc-found": {"zone": "stack"}, "casc-land": {"zone": "library"},
                                 "card": {"zone": "stack"}}, "mana": {"alice": ""}},
        "found": checks_first,
        "done": {"stack": [], "objects": {"card": {"zone": "battlefield"}}},
    }
    doc = {
        "id": "cards/generated-cascade",
        "title": f"{card.name} cascades",
        "cr": RULES,
        "rationale": "generated: the game must run it",
        "players": [{"id": "alice", "hand_size": 1, "library_size": 10, "mana": pool},
                    {"id": "bob", "library_size": 10}],
        "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
        "objects": [{"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}, *_library("casc")],
        "query": {"kind": "game", "script": script},
        "expect": {"checkpoints": checks},
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def _spell_game(card: Compiled, cast: dict[str, Any], pool: str, ahead: dict[str, Any],
                found: dict[str, Any]) -> str | None:
    """The instant's or sorcery's own game (its cascade declined there, :func:`with_cascade`),
    the card cast from a pool instead of put on the stack, and the card found cast."""
    from pyengine.oracle.execute_alt import spell_game_cast

    got = spell_game_cast(card, cast)
    if got is None or got[1][1:3] != [_DECLINE, "resolve"]:
        return None
    doc, script, cast = got
    alice = doc["players"][0]
    if alice.get("mana"):
        return None
    for check in doc["expect"]["checkpoints"].values():
        if "mana" in check:
            return None  # what is left in her pool: not predicted here
    alice["mana"] = pool
    doc["query"]["script"] = [{"cast": cast}, ahead, "resolve", "resolve", {"checkpoint": "found"},
                              *script[3:]]
    doc["expect"]["checkpoints"] = {"found": found, **doc["expect"]["checkpoints"]}
    done = doc["expect"]["checkpoints"]["done"]
    done["objects"] = {**done.get("objects", {}), **copy.deepcopy(found["objects"])}
    doc["cr"] = [*doc["cr"], *RULES]
    doc["title"] = f"{card.name} cast, cascading"
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


_DECLINE = {"cascade_choice": {"player": "alice", "cast": False}}


def with_cascade(doc: dict[str, Any] | None, card: Compiled, about: bool = False) -> dict[str, Any] | None:
    """A generated game ``doc`` that casts the card (``cast`` or ``stack``, 601.2i) with its one
    cascade: alice's top cards named (a Forest, an Ornithopter), her choice not to cast the
    Ornithopter given as the spell is cast and the cascade resolved at once (both cards then on
    the bottom of her library, 702.85a); ``doc`` itself for a card without cascade or a game that
    doesn't cast it; None when the game can't follow it (several instances, another ability
    triggering on the cast, named library cards of hers already). ``about``: the game is the
    cascade ability's own (pyengine.oracle.execute_game: it resolves it already)."""
    k = _cascades(card)
    if doc is None or not k:
        return doc
    script = doc["query"]["script"]
    at = next((i for i, a in enumerate(script) if isinstance(a, dict) and (
        a.get("stack", {}).get("object") == "card" or a.get("cast", {}).get("spell") == "card")), None)
    if at is None:
        return doc
    others = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a
              and not is_cascade(a) and a["trigger"].get("when", {}).get("kind") == "cast"]
    if k != 1 or others or any(o.get("zone") == "library" and o.get("owner", "alice") == "alice"
                               for o in doc.get("objects", [])):
        return None
    doc.setdefault("objects", []).extend(_library("casc"))
    doc["query"]["script"] = [*script[:at + 1], dict(_DECLINE), *([] if about else ["resolve"]),
                              *script[at + 1:]]
    done = list(doc["expect"]["checkpoints"].values())[-1]
    done.setdefault("objects", {}).update({"casc-found": {"zone": "library"},
                                           "casc-land": {"zone": "library"}})
    return doc


def run_cascade(card: Compiled, timeout: float = 60.0) -> tuple[bool, str] | None:
    """The card's cascade game run (whether it ran, and why not), or None when it has none."""
    from pyengine.oracle.execute import run_generated

    text = cascade_game(card) if _cascades(card) else None
    if text is None:
        return None
    scenario, why = run_generated(text, f"<generated cascade: {card.name}>", timeout)
    return (True, "") if scenario is not None else (False, why)


def with_discover(doc: dict[str, Any], do: list[dict[str, Any]]) -> dict[str, Any] | None:
    """``doc`` with alice's top cards named and her choice given for the one discover of ``do``
    (``may`` ones included); ``doc`` itself when ``do`` doesn't discover; None when the game
    can't follow it."""
    flat = [(inner, ev.get("kind") == "may") for ev in do
            for inner in (ev.get("do", []) + ev.get("then", []) if ev.get("kind") == "may" else [ev])]
    found = [(ev, may) for ev, may in flat if ev.get("kind") == "discover"]
    if not found:
        return doc
    if len(found) != 1 or found[0][0].get("player", "you") != "you" or any(
            ev.get("kind") in _OTHER for ev, _ in flat):
        return None
    if any(o.get("zone") == "library" and o.get("owner", "alice") == "alice" for o in doc.get("objects", [])):
        return None
    doc.setdefault("objects", []).extend(_library("disc"))
    choice = {"discover_choice": {"player": "alice", "cast": False}}
    doc["query"]["script"] = [choice, *doc["query"]["script"]]
    if found[0][1]:
        return doc  # optional: whether it happens is the may's choice
    done = doc["expect"]["checkpoints"]["done"]
    done.setdefault("objects", {}).update({"disc-found": {"zone": "hand"}, "disc-land": {"zone": "library"}})
    if "library" in done:
        done["library"]["alice"] -= 1
    if "hand" in done and "alice" in done["hand"]:
        done["hand"]["alice"] += 1
    return doc
