"""The typed input and output of the damage service (CR 510.1, 510.4): one combat damage
step's attacking and blocking creatures, a proposed assignment, and the answers.

Only the shape of the input is validated here (ids, numbers, references); every rules
question is decided by the encodings under asp/damage/.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum


class Step(Enum):
    """The combat damage step judged (CR 510.4)."""

    FIRST_STRIKE = "first_strike"  # the first of two combat damage steps
    REGULAR = "regular"  # the only combat damage step, or the second one


class Keyword(Enum):
    """The keyword abilities that change how combat damage is assigned."""

    DEATHTOUCH = "deathtouch"  # CR 702.2c
    TRAMPLE = "trample"  # CR 702.19
    FIRST_STRIKE = "first_strike"  # CR 702.7
    DOUBLE_STRIKE = "double_strike"  # CR 702.4


@dataclass(frozen=True, order=True)
class Recipient:
    """What damage is assigned to: a player, or a creature, planeswalker or battle."""

    id: str
    player: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise ValueError(f"a recipient's id must be a non-empty string, got {self.id!r}")


@dataclass(frozen=True)
class Creature:
    """An attacking or blocking creature as the step begins (values after layers).

    ``damage``: damage already marked on it (CR 120.6). ``had_first_strike``: it had first
    strike or double strike as the first combat damage step began (CR 510.4; read only in the
    regular step)."""

    id: str
    power: int
    toughness: int
    damage: int = 0
    keywords: frozenset[Keyword] = frozenset()
    had_first_strike: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise ValueError(f"a creature's id must be a non-empty string, got {self.id!r}")
        for name in ("power", "toughness", "damage"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"creature {self.id}: {name} must be an integer, got {value!r}")
        if self.damage < 0:
            raise ValueError(f"creature {self.id}: damage marked must be 0 or more, got {self.damage}")
        if not all(isinstance(k, Keyword) for k in self.keywords):
            raise ValueError(f"creature {self.id}: keywords must be damage Keyword values")


@dataclass(frozen=True)
class Attacker:
    """An attacking creature: what it attacks (None: nothing any more, CR 506.4c) and whether
    it is blocked (CR 509.1h; it stays blocked when its blockers leave combat). A creature
    some blocker is blocking is blocked whatever ``blocked`` says."""

    creature: Creature
    attacking: Recipient | None
    blocked: bool = False


@dataclass(frozen=True)
class Blocker:
    """A blocking creature and the attacking creatures it is blocking (possibly none)."""

    creature: Creature
    blocking: tuple[str, ...] = ()


@dataclass(frozen=True)
class Combat:
    """One combat damage step: its creatures still in combat and which step it is."""

    step: Step
    attackers: tuple[Attacker, ...]
    blockers: tuple[Blocker, ...] = ()

    def __post_init__(self) -> None:
        ids = [a.creature.id for a in self.attackers] + [b.creature.id for b in self.blockers]
        if len(set(ids)) != len(ids):
            raise ValueError("a creature appears twice among the attackers and blockers")
        attackers = {a.creature.id for a in self.attackers}
        for b in self.blockers:
            if len(set(b.blocking)) != len(b.blocking):
                raise ValueError(f"blocker {b.creature.id} names an attacker twice")
            for a in b.blocking:
                if a not in attackers:
                    raise ValueError(f"blocker {b.creature.id} blocks {a!r}, which is not an attacker")

    def creatures(self) -> tuple[Creature, ...]:
        """Every creature in combat."""
        return tuple(a.creature for a in self.attackers) + tuple(b.creature for b in self.blockers)


@dataclass(frozen=True, order=True)
class Share:
    """One part of an assignment: ``source`` assigns ``amount`` combat damage to ``recipient``."""

    source: str
    recipient: Recipient
    amount: int


Assignment = tuple[Share, ...]  # sorted, one share per source and recipient


def assignment(shares: Iterable[Share]) -> Assignment:
    """A proposal as an :data:`Assignment`: sorted, zero amounts left out (they assign
    nothing); a second amount for the same source and recipient is refused."""
    out: dict[tuple[str, Recipient], Share] = {}
    for s in shares:
        if not isinstance(s, Share):
            raise ValueError(f"an assignment is made of Share values, got {s!r}")
        if not isinstance(s.amount, int) or isinstance(s.amount, bool):
            raise ValueError(f"{s.source} -> {s.recipient.id}: the amount must be an integer")
        if (s.source, s.recipient) in out:
            raise ValueError(f"{s.source} -> {s.recipient.id}: two amounts for one recipient")
        out[(s.source, s.recipient)] = s
    return tuple(sorted(s for s in out.values() if s.amount != 0))


@dataclass(frozen=True, order=True)
class Violation:
    """A rule a proposed assignment breaks: the CR number, the check and its arguments
    (creature ids, recipients and numbers)."""

    rule: str
    check: str
    args: tuple[str | int | Recipient, ...]


@dataclass(frozen=True)
class Verdict:
    """The verdict on a proposed assignment (CR 510.1e)."""

    legal: bool
    violations: tuple[Violation, ...]
    assigning: tuple[tuple[str, int], ...]  # the creatures that assign damage this step, and how much


@dataclass(frozen=True)
class Listing:
    """The legal assignments of one step: all of them when there are at most ``limit``,
    else only their number. ``exact`` is False when counting stopped at the count cap (then
    ``count`` is a lower bound)."""

    count: int
    exact: bool
    limit: int
    assignments: tuple[Assignment, ...] = field(default=())

    @property
    def listed(self) -> bool:
        """Whether ``assignments`` holds every legal assignment."""
        return self.exact and self.count <= self.limit
