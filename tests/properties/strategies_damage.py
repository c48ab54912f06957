"""Hypothesis strategies for random small combat damage steps (plain data, in the shape of
tests/oracles/damage_oracle.py) and their conversion to pyengine.damage's model."""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from pyengine.damage import Assignment, Attacker, Blocker, Combat, Creature, Keyword, Recipient, Share, Step
from tests.oracles.damage_oracle import size_estimate

KEYWORDS = ("deathtouch", "trample", "first_strike", "double_strike")
MAX_COMBINATIONS = 400  # the oracle's brute force stays fast
TARGETS = (("player", "bob"), ("permanent", "pw"))


@st.composite
def _creature(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "power": draw(st.sampled_from([-1, 0, 1, 1, 2, 2, 3, 3, 3])),
        "toughness": draw(st.integers(1, 4)),
        "damage": draw(st.sampled_from([0, 0, 0, 1, 2, 3])),
        "keywords": sorted(k for k in KEYWORDS if draw(st.integers(0, 9)) < (5 if k == "trample" else 3)),
        "had_first_strike": draw(st.integers(0, 3)) == 0,
    }


@st.composite
def combats(draw: st.DrawFn) -> dict[str, Any]:
    """1-3 attackers, 0-4 blockers each blocking 0-3 of them (at most 3 per attacker)."""
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 3)))]
    blockers = [f"b{i}" for i in range(draw(st.integers(0, 4)))]
    blocks = {b: sorted(draw(st.sets(st.sampled_from(attackers), max_size=len(attackers)))) for b in blockers}
    for a in attackers:
        assume(sum(a in blocked for blocked in blocks.values()) <= 3)
    attacks: dict[str, dict[str, Any]] = {}
    for a in attackers:
        target = draw(st.sampled_from([*TARGETS, TARGETS[0], None]))
        attacks[a] = {"attacking": None if target is None else list(target), "blocked": draw(st.booleans())}
    plain = {
        "step": draw(st.sampled_from(["first_strike", "regular", "regular"])),
        "creatures": {oid: draw(_creature()) for oid in attackers + blockers},
        "attackers": attacks,
        "blockers": blocks,
    }
    assume(size_estimate(plain) <= MAX_COMBINATIONS)
    return plain


@st.composite
def proposals(draw: st.DrawFn, plain: dict[str, Any], legal: list[frozenset[Any]]) -> frozenset[Any]:
    """A legal assignment, one changed by a little, or random shares (one per source and
    recipient)."""
    how = draw(st.integers(0, 2))
    if how == 0 and legal:
        return draw(st.sampled_from(legal))
    base = dict(((s, k, r), n) for s, k, r, n in draw(st.sampled_from(legal))) if how == 1 and legal else {}
    sources = sorted(plain["creatures"]) + ["zz"]
    recipients = [("permanent", o) for o in sorted(plain["creatures"])] + list(TARGETS)
    for _ in range(draw(st.integers(1, 3))):
        s = draw(st.sampled_from(sources))
        k, r = draw(st.sampled_from(recipients))
        base[(s, k, r)] = draw(st.integers(-1, 4))
    return frozenset((s, k, r, n) for (s, k, r), n in base.items() if n != 0)


def to_combat(plain: dict[str, Any]) -> Combat:
    """The model of a plain combat."""
    def creature(oid: str) -> Creature:
        c = plain["creatures"][oid]
        return Creature(oid, c["power"], c["toughness"], c["damage"],
                        frozenset(Keyword(k) for k in c["keywords"]), c["had_first_strike"])

    def target(t: list[str] | None) -> Recipient | None:
        return None if t is None else Recipient(t[1], player=t[0] == "player")

    return Combat(
        Step(plain["step"]),
        tuple(Attacker(creature(a), target(v["attacking"]), v["blocked"])
              for a, v in plain["attackers"].items()),
        tuple(Blocker(creature(b), tuple(v)) for b, v in plain["blockers"].items()),
    )


def to_plain(assignment: Assignment) -> frozenset[tuple[str, str, str, int]]:
    """An engine assignment in the oracle's shape."""
    return frozenset((s.source, "player" if s.recipient.player else "permanent", s.recipient.id, s.amount)
                     for s in assignment)


def to_shares(proposal: frozenset[tuple[str, str, str, int]]) -> Assignment:
    """An oracle-shaped proposal as engine shares."""
    return tuple(sorted(Share(s, Recipient(r, player=k == "player"), n) for s, k, r, n in proposal))
