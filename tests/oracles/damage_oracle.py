"""Brute-force oracle for combat damage assignment (CR 510.1, 510.4, 702.2c, 702.19).

Written from the Comprehensive Rules, independently of the engine: it never imports pyengine.
It enumerates every way each creature that assigns combat damage in the step could divide
its power among everything it could possibly assign to, and keeps the whole-step
assignments that trample's rule allows (CR 510.1e: the total assignment is what is checked).

A combat is plain data (dicts, lists, strings)::

    {"step": "first_strike" | "regular",
     "creatures": {id: {"power": int, "toughness": int, "damage": int,
                        "keywords": [deathtouch | trample | first_strike | double_strike],
                        "had_first_strike": bool}},
     "attackers": {id: {"attacking": ["player" | "permanent", id] | None, "blocked": bool}},
     "blockers": {id: [attacker id, ...]}}

An assignment is a frozenset of ``(source, recipient kind, recipient id, amount)`` with
amounts above 0 (an amount of 0 is nothing assigned).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any

Plain = dict[str, Any]
Target = tuple[str, str]  # (kind, id)
Assignment = frozenset[tuple[str, str, str, int]]


def assigns_this_step(combat: Plain, oid: str) -> bool:
    """CR 510.4: in the first-strike step, creatures with first strike or double strike; in
    the second (or only) step, those that had neither as the first step began, and those
    with double strike now."""
    keywords = set(combat["creatures"][oid]["keywords"])
    if combat["step"] == "first_strike":
        return bool(keywords & {"first_strike", "double_strike"})
    return not combat["creatures"][oid]["had_first_strike"] or "double_strike" in keywords


def blockers_of(combat: Plain, attacker: str) -> list[str]:
    """The creatures blocking ``attacker``."""
    return sorted(b for b, blocked in combat["blockers"].items() if attacker in blocked)


def amount_assigned(combat: Plain, oid: str) -> int:
    """CR 510.1a: its power, or nothing when that is 0 or less or it does not assign now."""
    power = combat["creatures"][oid]["power"]
    return power if assigns_this_step(combat, oid) and power > 0 else 0


def possible_recipients(combat: Plain, oid: str) -> list[Target]:
    """Everything ``oid`` may assign some of its damage to (CR 510.1b-d, 702.19b, 702.19d)."""
    if oid in combat["blockers"]:  # 510.1d
        return [("permanent", a) for a in sorted(combat["blockers"][oid])]
    attack = combat["attackers"][oid]
    target = [tuple(attack["attacking"])] if attack["attacking"] is not None else []
    blockers = blockers_of(combat, oid)
    if not blockers and not attack["blocked"]:  # 510.1b: unblocked
        return target
    out: list[Target] = [("permanent", b) for b in blockers]  # 510.1c
    if "trample" in combat["creatures"][oid]["keywords"]:  # 702.19b, 702.19d
        out += target
    return out


def _divisions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` amounts of 0 or more, in order."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _divisions(total - first, parts - 1):
            yield (first, *rest)


def _trample_allows(combat: Plain, shares: dict[str, dict[Target, int]]) -> bool:
    """CR 702.19b: an attacker with trample assigns to the player, planeswalker or battle it
    attacks only once every creature blocking it is assigned lethal damage, counting damage
    marked and what every creature assigns it in this step (702.2c: any nonzero amount from
    a deathtouch source is lethal)."""
    for attacker, attack in combat["attackers"].items():
        if "trample" not in combat["creatures"][attacker]["keywords"] or attack["attacking"] is None:
            continue
        if shares.get(attacker, {}).get(tuple(attack["attacking"]), 0) == 0:
            continue
        for blocker in blockers_of(combat, attacker):
            got = [(src, part.get(("permanent", blocker), 0)) for src, part in shares.items()]
            info = combat["creatures"][blocker]
            deathtouched = any(n > 0 and "deathtouch" in combat["creatures"][src]["keywords"]
                               for src, n in got)
            if not deathtouched and info["damage"] + sum(n for _, n in got) < info["toughness"]:
                return False
    return True


def legal_assignments(combat: Plain) -> set[Assignment]:
    """Every legal whole-step assignment."""
    choices: list[list[tuple[str, dict[Target, int]]]] = []
    for oid in sorted(combat["creatures"]):
        power = amount_assigned(combat, oid)
        targets = possible_recipients(combat, oid)
        if power == 0 or not targets:
            continue
        choices.append([(oid, dict(zip(targets, d, strict=True))) for d in _divisions(power, len(targets))])
    out: set[Assignment] = set()
    for combo in itertools.product(*choices):
        shares = dict(combo)
        if _trample_allows(combat, shares):
            out.add(frozenset((src, kind, rid, n) for src, part in shares.items()
                              for (kind, rid), n in part.items() if n > 0))
    return out


def is_legal(combat: Plain, proposal: Assignment) -> bool:
    """Whether ``proposal`` (amounts of 0 left out) is a legal assignment."""
    return frozenset(s for s in proposal if s[3] != 0) in legal_assignments(combat)


def size_estimate(combat: Plain) -> int:
    """How many combinations :func:`legal_assignments` goes through."""
    total = 1
    for oid in combat["creatures"]:
        power, parts = amount_assigned(combat, oid), len(possible_recipients(combat, oid))
        if power and parts:
            total *= math.comb(power + parts - 1, parts - 1)
    return total
