"""The typed input and output of the casting service (CR 601.2): a proposed cast (every part
optional except the spell: a part left out is chosen freely, so a partial proposal asks
"can the rest be chosen legally?") and the verdict.

Only the shape of a proposal is checked here; every rules question is decided by asp/cast/.
"""

from __future__ import annotations

from dataclasses import dataclass, field

STEPS = ("601.3", "601.2a", "601.2b", "601.2c", "601.2d", "601.2e", "601.2f", "601.2g", "601.2h")
COLORS = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Payment:
    """How the total cost is paid (601.2g-h): permanents whose mana ability is activated
    (with the ability's mana, when it has several), pool mana spent (symbol -> amount),
    creatures tapped for convoke (702.51), cards exiled for delve (702.66), artifacts tapped
    for improvise (702.126)."""

    tap: tuple[tuple[str, str | None], ...] = ()
    pool: tuple[tuple[str, int], ...] = ()
    convoke: tuple[str, ...] = ()
    delve: tuple[str, ...] = ()
    improvise: tuple[str, ...] = ()


@dataclass(frozen=True)
class Proposal:
    """A proposed cast. ``None`` parts are free (any legal choice)."""

    spell: str
    player: str
    # flashback | overload | free | evoke | dash | blitz | surge | spectacle (118.9); () none
    alternative: tuple[str, ...] | None = None
    kicked: bool | None = None
    modes: tuple[int, ...] | None = None  # 1-based
    x: int | None = None
    hybrid: tuple[str, ...] | None = None  # per hybrid symbol: a color letter, or "2"
    phyrexian: tuple[str, ...] | None = None  # per Phyrexian symbol: a color letter, or "life"
    targets: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # instance -> o:ID / p:ID
    divide: tuple[tuple[str, int], ...] | None = None
    sacrifice: tuple[str, ...] | None = None
    payment: Payment | None = None
    # the characteristics it is cast with (asp/cast/forms.lp): whole (the card's own), face1 /
    # face2 (a split card's half 709.3, a modal double-faced card's face 712.11b, an Adventure
    # 715.3), fused (702.102), bestowed (702.103), morph / disguise (face down, 702.37, 702.168)
    form: str | None = None
    # 702.27a: the buyback cost is paid (an optional additional cost, 601.2b, 601.2f)
    buyback: bool | None = None
    # 702.42a: the entwine cost is paid and every mode chosen (an optional additional cost)
    entwined: bool | None = None
    # 702.81a retrace, 702.133a jump-start: the cards discarded for the additional cost of
    # casting the card from its owner's graveyard this way (601.2b, 601.2f-h)
    discard: tuple[str, ...] | None = None
    # 702.56a: how many times the replicate cost is paid (an additional cost, 601.2b, 601.2f)
    replicate: int | None = None


@dataclass(frozen=True, order=True)
class Violation:
    """A rule the proposed cast breaks: the step of 601.2 (or 601.3) it fails at, the rule,
    the check and its arguments."""

    order: int
    step: str
    rule: str
    check: str
    args: tuple[str | int, ...]

    def render(self) -> str:
        args = ", ".join(str(a) for a in self.args)
        return f"{self.step} (CR {self.rule}) {self.check}({args})"


@dataclass(frozen=True)
class TotalCost:
    """The total cost locked in at 601.2f: mana by symbol and life."""

    mana: tuple[tuple[str, int], ...]  # ("generic", N), ("W", N), ...
    life: int = 0

    def symbols(self) -> str:
        """The mana part in symbol notation, generic first (``{0}`` when none)."""
        amounts = dict(self.mana)
        out = f"{{{amounts['generic']}}}" if amounts.get("generic") else ""
        for c in COLORS:
            out += f"{{{c}}}" * amounts.get(c, 0)
        return out or "{0}"


@dataclass(frozen=True)
class AsCast:
    """The spell as the completion casts it (asp/cast/forms.lp): its form, card types and
    colors on the stack; where the card goes as it resolves; and, if every target is illegal
    as it would resolve, where it goes (with the card types it resolves with, 702.103e)."""

    form: str
    name: str  # the name of the face cast ("" face down: no name, 708.2a)
    types: tuple[str, ...]
    colors: tuple[str, ...]
    resolves_to: str
    unresolved_to: str | None = None
    unresolved_types: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None


@dataclass(frozen=True)
class CastVerdict:
    """The verdict on a (possibly partial) proposed cast: legal when some completion of its
    free parts breaks no rule; otherwise the violations of the completion that gets furthest
    (fewest violations at the earliest steps), ``first`` the earliest. The total cost locked
    in (601.2f), the spell's mana value on the stack (202.3e) and the choices (``witness``)
    are the completion's (for an illegal cast, of the one that gets furthest)."""

    legal: bool
    violations: tuple[Violation, ...]
    total: TotalCost | None = None
    mana_value: int | None = None
    witness: tuple[str, ...] = ()
    legal_targets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    as_cast: "AsCast | None" = None

    @property
    def first(self) -> Violation | None:
        return min(self.violations) if self.violations else None


@dataclass(frozen=True)
class PaymentListing:
    """The legal payments of a cast whose other choices are fixed: all of them (sorted) when
    at most ``limit``, else their number (``exact`` False: counting stopped at the cap)."""

    count: int
    exact: bool
    limit: int
    payments: tuple[tuple[str, ...], ...] = field(default=())
