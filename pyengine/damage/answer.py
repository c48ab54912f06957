"""The ``damage`` query's typed query, expectation and answer (pyengine.queries.damage), and
how violations and assignments are compared and shown: a violation by its rule, check, source
creature and recipient; an assignment as sorted (source, recipient, amount) triples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.damage.model import Assignment, Combat, Listing, Recipient, Step, Verdict, Violation

LIST_LIMIT = 1000

# a violation as compared: (rule, check, source, recipient id or None)
VKey = tuple[str, str, str, str | None]
# an assignment as compared: sorted (source, recipient id, amount)
AKey = tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class DamageQuery:
    """One combat damage step as the scenario states it, and a proposed assignment or None."""

    step: Step
    attackers: tuple[tuple[str, str | None], ...]  # attacking creature -> what it attacks (None: nothing)
    blocked: tuple[str, ...]  # attackers blocked (509.1h) whose blockers may all be gone
    blockers: tuple[tuple[str, tuple[str, ...]], ...]  # blocking creature -> the attackers it blocks
    had_first_strike: tuple[str, ...]
    proposal: Assignment | None
    list_limit: int = LIST_LIMIT
    kind: str = "damage"


@dataclass(frozen=True)
class DamageExpect:
    """What the scenario expects (None: not stated)."""

    legal: bool | None = None
    violations: frozenset[VKey] | None = None
    assigning: frozenset[tuple[str, int]] | None = None
    count: int | None = None
    assignments: frozenset[AKey] | None = None


@dataclass(frozen=True)
class DamageAnswer:
    """The verdict on the proposal, or the listing of the legal assignments."""

    combat: Combat
    verdict: Verdict | None = None
    listing: Listing | None = None
    proposal: Assignment = ()

    def to_json(self) -> dict[str, Any]:
        if self.verdict is not None:
            v = self.verdict
            return {"legal": v.legal, "violations": [_vjson(x) for x in v.violations],
                    "assigning": dict(v.assigning)}
        assert self.listing is not None
        out: dict[str, Any] = {"count": self.listing.count, "count_exact": self.listing.exact}
        if self.listing.listed:
            out["assignments"] = [_ajson(a) for a in self.listing.assignments]
        return out

    def render(self) -> str:
        if self.verdict is not None:
            v = self.verdict
            if v.legal:
                return "the assignment is legal (CR 510.1e)"
            return "\n".join(["the assignment is illegal (CR 510.1e):"] +
                             [f"  CR {x.rule}: {x.check} {vshow(vkey(x))}" for x in v.violations])
        assert self.listing is not None
        n = self.listing
        head = f"{n.count}{'' if n.exact else '+'} legal assignment(s)"
        if not n.listed:
            return head + f" (more than the list limit {n.limit}: counted, not listed)"
        return "\n".join([head + ":"] + [f"  {show_assignment(akey(a))}" for a in n.assignments])


def _vjson(v: Violation) -> dict[str, Any]:
    rule, check, source, recipient = vkey(v)
    out: dict[str, Any] = {"rule": rule, "check": check, "source": source}
    if recipient is not None:
        out["recipient"] = recipient
    return out


def _ajson(a: Assignment) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for s in a:
        out.setdefault(s.source, {})[s.recipient.id] = s.amount
    return out


def vkey(v: Violation) -> VKey:
    """A violation as compared: its rule, check, source creature and recipient (if any)."""
    source = next((a for a in v.args if isinstance(a, str)), "")
    recipient = next((a.id for a in v.args if isinstance(a, Recipient)), None)
    return (v.rule, v.check, source, recipient)


def akey(a: Assignment) -> AKey:
    return tuple(sorted((s.source, s.recipient.id, s.amount) for s in a if s.amount))


def vshow(k: VKey) -> str:
    return k[2] + (f" -> {k[3]}" if k[3] is not None else "")


def show_assignment(a: AKey) -> str:
    """``src -> rcp: N, ...`` (``no damage`` for the empty assignment)."""
    return ", ".join(f"{s} -> {r}: {n}" for s, r, n in a) or "no damage"
