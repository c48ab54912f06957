"""Differential test of the ``damage`` query kind: random small combat damage steps written as
scenarios (inline creatures, their power, toughness, damage already marked and keywords read
through the layer engine, CR 613) give the brute-force oracle's legal assignments
(tests/oracles/damage_oracle.py, CR 510.1, 510.4, 702.19b), and a random proposal the
oracle's verdict (CR 510.1e).

``PYENGINE_DAMAGE_QUERY_EXAMPLES`` sets the number of random combats (default 25: each is two
scenarios through the layer engine and the damage engine)."""

from __future__ import annotations

import os
from typing import Any

import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import pyengine.api as pe
from tests.oracles import damage_oracle
from tests.properties.strategies_damage import combats, proposals

EXAMPLES = int(os.environ.get("PYENGINE_DAMAGE_QUERY_EXAMPLES", "25"))
TIMEOUT = 30.0
_WORDS = {"deathtouch": "deathtouch", "trample": "trample", "first_strike": "first strike",
          "double_strike": "double strike"}


def _scenario(plain: dict[str, Any], proposal: frozenset[Any] | None) -> pe.Scenario:
    objects: list[dict[str, Any]] = [
        {"id": "pw", "name": "Walker", "types": ["Planeswalker"], "loyalty": 5, "counters": {"loyalty": 5},
         "controller": "bob", "timestamp": 1},
        {"id": "zz", "name": "Bystander", "types": ["Creature"], "power": 1, "toughness": 1,
         "controller": "alice", "timestamp": 2}]
    for n, (oid, c) in enumerate(sorted(plain["creatures"].items())):
        objects.append({"id": oid, "name": f"C{oid}", "types": ["Creature"], "power": c["power"],
                        "toughness": c["toughness"], "damage": c["damage"],
                        "keywords": [_WORDS[k] for k in c["keywords"]],
                        "controller": "alice" if oid in plain["attackers"] else "bob", "timestamp": 3 + n})
    query: dict[str, Any] = {
        "kind": "damage", "step": plain["step"],
        "attackers": {a: (v["attacking"][1] if v["attacking"] else None)
                      for a, v in plain["attackers"].items()},
        "blocked": sorted(a for a, v in plain["attackers"].items() if v["blocked"]),
        "blockers": {b: list(v) for b, v in plain["blockers"].items()},
    }
    if plain["step"] == "regular":
        query["had_first_strike"] = sorted(o for o, c in plain["creatures"].items() if c["had_first_strike"])
    expect: dict[str, Any] = {"count": 1}
    if proposal is not None:
        shares: dict[str, dict[str, int]] = {}
        for s, _kind, r, n in proposal:
            shares.setdefault(s, {})[r] = n
        query["assignment"] = shares
        expect = {"legal": True}
    doc = {"id": "damage/generated", "title": "generated", "cr": ["510.1"], "rationale": "510.1",
           "players": ["alice", "bob"], "turn": {"active": "alice", "number": 3, "step": "combat_damage"},
           "objects": objects, "query": query, "expect": expect}
    return pe.loads(yaml.safe_dump(doc, sort_keys=False), "<generated>")


@settings(deadline=None, max_examples=EXAMPLES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.data_too_large])
@given(st.data(), combats())
def test_damage_query_equals_oracle(data: st.DataObject, plain: dict[str, Any]) -> None:
    """CR 510.1, 510.4, 702.19b: the query's legal assignments are exactly the oracle's (kind
    of recipient read from the scenario: a player id or a permanent id); a proposal's verdict
    agrees (510.1e)."""
    note(repr(plain))
    want = damage_oracle.legal_assignments(plain)
    listing = pe.solve(_scenario(plain, None), timeout=TIMEOUT).listing
    assert listing.count == len(want) and listing.exact
    if listing.listed:
        got = {frozenset((s.source, "player" if s.recipient.player else "permanent", s.recipient.id, s.amount)
                         for s in a) for a in listing.assignments}
        assert got == want
    proposal = data.draw(proposals(plain, sorted(want, key=sorted)), label="proposal")
    verdict = pe.solve(_scenario(plain, proposal), timeout=TIMEOUT).verdict
    assert verdict.legal == damage_oracle.is_legal(plain, proposal), verdict.violations
