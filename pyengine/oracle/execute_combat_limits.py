"""Generated combat runs for "No more than N creatures can attack / block each combat / each
turn" (pyengine/oracle/combat_limits.py; CR 508.1c, 509.1b, 500.8).

The card is on bob's battlefield; alice attacks with three Grizzly Bears at her declare
attackers step, or bob blocks her attacking Gray Ogre with his three Grizzly Bears. The attack
or block query lists every legal declaration; with a limit of N each combat they are the sets
of at most N creatures (one target, one attacker: nothing else to choose), counted here from
the rule itself: the sum of C(3, k) for k up to N. With "each turn", one Bears (``x1``) attacked
(blocked) in an earlier combat of the turn: a declaration is legal when it is empty or the
creatures in it and ``x1``, each counted once, are at most N. Only a noncreature card whose
every paragraph is such a limit runs here (a creature card would itself be a blocker, and other
abilities would change the count).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import yaml

from pyengine.oracle.compile import Compiled

TEMPLATE = "no more than N creatures can attack / block"
BEARS = ("x1", "x2", "x3")


def limits(card: Compiled) -> list[tuple[str, int, bool]] | None:
    """(``attack`` | ``block``, N, each turn) of each limit, or None when the card doesn't run here."""
    if "Creature" in card.card.get("types", ()) or any(c.template != TEMPLATE for c in card.clauses):
        return None
    out = []
    for ab in card.card.get("abilities", ()):
        static = ab.get("static", {}) if isinstance(ab, dict) else {}
        for key, verb in (("max_attackers", "attack"), ("max_blockers", "block")):
            if key in static:
                v = static[key]
                n = v["n"] if isinstance(v, dict) else v
                out.append((verb, n, isinstance(v, dict) and v.get("per") == "turn"))
    return out or None


def expected(n: int, turn: bool) -> int:
    """The legal declarations of three creatures under a limit of N (508.1c, 509.1b)."""
    earlier = {"x1"} if turn else set()
    return sum(1 for k in range(4) for s in combinations(BEARS, k)
               if not s or len(set(s) | earlier) <= n)


def scenario(card: Compiled, verb: str, turn: bool, n: int) -> str:
    """The generated attack or block scenario."""
    objects: list[dict[str, Any]] = [
        {"id": b, "card": "Grizzly Bears", "controller": "alice" if verb == "attack" else "bob",
         "timestamp": i + 1} for i, b in enumerate(BEARS)]
    objects.append({"id": "card", "card": card.name, "controller": "bob", "timestamp": 5})
    query: dict[str, Any] = {"kind": verb}
    if verb == "block":
        objects.append({"id": "ogre", "card": "Gray Ogre", "controller": "alice", "timestamp": 4})
        query["attackers"] = {"ogre": "bob"}
    if turn:
        query["attacked_this_turn" if verb == "attack" else "blocked_this_turn"] = ["x1"]
    doc = {"id": "cards/generated", "title": f"{card.name}: no more than {n} creatures {verb}",
           "cr": ["508.1c" if verb == "attack" else "509.1b"],
           "rationale": "generated: legal declarations counted from the limit",
           "players": ["alice", "bob"],
           "turn": {"active": "alice", "number": 6,
                    "step": "declare_attackers" if verb == "attack" else "declare_blockers"},
           "objects": objects, "query": query,
           "expect": {"maximum": 0, "count": expected(n, turn)}}
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run(card: Compiled, timeout: float = 30.0) -> tuple[bool, str] | None:
    """Each limit's generated run: (True, "") when every one answers as the rule says, None
    when the card doesn't run here."""
    from pyengine.oracle.execute import run_generated

    found = limits(card)
    if found is None:
        return None
    for verb, n, turn in found:
        got, why = run_generated(scenario(card, verb, turn, n), f"<generated {verb}: {card.name}>", timeout)
        if got is None:
            return False, why
    return True, ""
