"""The combat board as the combat engine sees it after layers (typed, immutable), and its
declarations.

A :class:`Board` is everything CR 508.1 / 509.1 needs: who attacks and who defends, the
permanents with their characteristics after all continuous effects (CR 613), and the
restrictions, requirements and costs in force, each as a ground :class:`Item` (an operation of
the effect language applied to concrete objects). ``pyengine.combat.build`` makes a board from
a game state; the benchmark and the property tests build boards directly.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pyengine.errors import PyengineError


class Kind(str, enum.Enum):
    """Which declaration is judged."""

    ATTACK = "attack"  # CR 508.1
    BLOCK = "block"  # CR 509.1


@dataclass(frozen=True, order=True)
class Target:
    """Something that can be attacked (CR 506.3): a player or a permanent (planeswalker, battle)."""

    kind: str  # "player" | "object"
    id: str

    def __post_init__(self) -> None:
        if self.kind not in ("player", "object"):
            raise PyengineError(f"a target is a player or an object, not {self.kind!r}")


@dataclass(frozen=True)
class Permanent:
    """A permanent's characteristics after layers and the state the combat rules read."""

    id: str
    controller: str
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()  # CR 702 keywords the rules read: flying, menace, ...
    landwalk: tuple[tuple[str, str], ...] = ()  # (subtype|nonbasic|supertype, value)
    protection: tuple[tuple[str, str], ...] = ()  # qualities (kind, value): pyengine.qualities
    power: int | None = None
    tapped: bool = False
    summoning_sick: bool = False  # not controlled continuously since the turn began (CR 302.6)
    protector: str | None = None  # a battle's protector (CR 310.8)
    name: str = ""  # a quality protection may name (CR 702.16a)

    @property
    def is_creature(self) -> bool:
        """Whether it is a creature (CR 506.3)."""
        return "Creature" in self.types


# item kind -> (fields it uses, CR rule, one-line meaning). Fields: subject, other, target, player, n
ITEM_KINDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "cant_attack": (("subject",), "508.1c", "can't attack"),
    "cant_attack_target": (("subject", "target"), "508.1c", "can't attack this target"),
    "cant_attack_alone": (("subject",), "508.1c", "can't attack alone"),
    "attack_only_alone": (("subject",), "508.1c", "can only attack alone"),
    "max_attackers": (("n",), "508.1c", "no more than N creatures can attack"),
    "max_attackers_player": (("player", "n"), "508.1c", "no more than N creatures can attack this player"),
    "max_attackers_turn": (("n",), "508.1c", "no more than N creatures can attack each turn"),
    "attack_unless_others": (
        ("subject", "n"),
        "508.1c",
        "can't attack unless N other creatures the effect counts also attack",
    ),
    "attack_helper": (("other",), "508.1c", "counts as another attacking creature for the effect"),
    "attack_cost": (("subject", "target"), "508.1d", "can't attack this target unless a cost is paid"),
    "must_attack": (("subject",), "508.1d", "attacks each combat if able"),
    "must_attack_target": (("subject", "target"), "508.1d", "attacks this target if able"),
    "goaded": (("subject", "player"), "701.15b", "goaded by the player"),
    "player_must_attack": (
        ("player", "target"),
        "508.1d",
        "the player attacks this target with a creature if able",
    ),
    "cant_block": (("subject",), "509.1b", "can't block"),
    "cant_block_attacker": (("subject", "other"), "509.1b", "can't block this attacker"),
    "cant_block_alone": (("subject",), "509.1b", "can't block alone"),
    "block_only_alone": (("subject",), "509.1b", "can block only alone"),
    "max_blockers": (("n",), "509.1b", "no more than N creatures can block"),
    "max_blockers_turn": (("n",), "509.1b", "no more than N creatures can block each turn"),
    "block_unless_others": (
        ("subject", "n"),
        "509.1b",
        "can't block unless N other creatures the effect counts also block",
    ),
    "block_helper": (("other",), "509.1b", "counts as another blocking creature for the effect"),
    "block_cost": (("subject",), "509.1d", "can't block unless a cost is paid"),
    "cant_be_blocked": (("subject",), "509.1b", "can't be blocked"),
    "cant_be_blocked_by": (("subject", "other"), "509.1b", "can't be blocked by this creature"),
    "min_blockers": (("subject", "n"), "509.1b", "can't be blocked except by N or more creatures"),
    "max_blocked_by": (("subject", "n"), "509.1b", "can't be blocked by more than N creatures"),
    "blocked_only_by_all": (
        ("subject",),
        "509.1b",
        "can't be blocked unless all creatures defending player controls block it",
    ),
    "extra_blocks": (("subject", "n"), "509.1a", "can block N additional creatures"),
    "block_any_number": (("subject",), "509.1a", "can block any number of creatures"),
    "must_block": (("subject",), "509.1c", "blocks each combat if able"),
    "must_block_attacker": (("subject", "other"), "509.1c", "blocks this attacker if able"),
    "must_be_blocked": (("subject",), "509.1c", "must be blocked if able"),
    "lure": (("subject",), "509.1c", "all creatures able to block it do so"),
}


@dataclass(frozen=True, order=True)
class Item:
    """One ground restriction, requirement or cost: ``kind`` (a key of :data:`ITEM_KINDS`)
    from effect ``effect`` about ``subject`` (a creature), ``other`` (a second creature),
    ``target``, ``player`` or a number ``n``."""

    kind: str
    effect: str
    subject: str = ""
    other: str = ""
    target: Target | None = None
    player: str = ""
    n: int = 0

    def __post_init__(self) -> None:
        spec = ITEM_KINDS.get(self.kind)
        if spec is None:
            raise PyengineError(f"unknown combat item {self.kind!r}")
        need = spec[0]
        for name in ("subject", "other", "player"):
            if (name in need) != bool(getattr(self, name)):
                raise PyengineError(
                    f"combat item {self.kind}: field {name} is "
                    + ("required" if name in need else "not used")
                )
        if ("target" in need) != (self.target is not None):
            raise PyengineError(
                f"combat item {self.kind}: field target is "
                + ("required" if "target" in need else "not used")
            )


@dataclass(frozen=True)
class EffectInfo:
    """Where an effect comes from, for explanations."""

    id: str
    source: str | None
    controller: str
    text: str = ""


MANA_SYMBOLS = ("generic", "W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Board:
    """One declaration problem.

    ``defending``: for an attack, the defending players (one, or several with the attack
    multiple players option, CR 802.2); for a block, the one player declaring blockers.
    ``attacks``: for a block, each attacking creature and what it attacks.
    ``costs``: the mana each cost-imposing effect asks per creature, as (symbol, amount) pairs,
    symbol in :data:`MANA_SYMBOLS`. ``mana``: each player's available mana, the same way.
    ``earlier``: the creatures that attacked (an attack board) or blocked (a block board) in an
    earlier combat phase of this turn (500.8), which an "each turn" limit counts once each
    (``max_attackers_turn``, ``max_blockers_turn``); ids of creatures no longer on the
    battlefield too.
    """

    kind: Kind
    players: tuple[str, ...]
    active: str
    defending: tuple[str, ...]
    permanents: tuple[Permanent, ...]
    items: tuple[Item, ...] = ()
    attacks: tuple[tuple[str, Target], ...] = ()
    costs: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    mana: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    effects: tuple[EffectInfo, ...] = ()
    earlier: tuple[str, ...] = ()

    def permanent(self, oid: str) -> Permanent:
        """The permanent with id ``oid`` (KeyError if none)."""
        for perm in self.permanents:
            if perm.id == oid:
                return perm
        raise KeyError(oid)

    @property
    def declaring_player(self) -> str:
        """The player who declares: the active player (attack) or the defending player (block)."""
        return self.active if self.kind == Kind.ATTACK else self.defending[0]

    def effect(self, eid: str) -> EffectInfo | None:
        """Where effect ``eid`` comes from, if known."""
        for info in self.effects:
            if info.id == eid:
                return info
        return None


@dataclass(frozen=True, order=True)
class Declaration:
    """An attack or block declaration.

    ``pairs``: (attacking creature, target id) for an attack; (blocker, attacker) for a block.
    ``paid``: (effect, creature) costs paid (CR 508.1h, 509.1d).
    """

    pairs: tuple[tuple[str, str], ...] = ()
    paid: tuple[tuple[str, str], ...] = ()

    @staticmethod
    def of(pairs: object = (), paid: object = ()) -> "Declaration":
        """A declaration with its pairs and payments sorted (the canonical form)."""
        return Declaration(tuple(sorted(set(pairs))), tuple(sorted(set(paid))))  # type: ignore[call-overload]

    def to_json(self) -> dict[str, object]:
        """{"pairs": [[a, b], ...], "paid": [[effect, creature], ...]}."""
        return {"pairs": [list(p) for p in self.pairs], "paid": [list(p) for p in self.paid]}


@dataclass(frozen=True)
class Violation:
    """A rule the proposed declaration breaks: ``rule`` (CR number), ``check`` (a word of the
    checks vocabulary, scenarios/combat/README.md), the objects involved and the effect."""

    rule: str
    check: str
    objects: tuple[str, ...] = ()
    effect: str | None = None
    source: str | None = None
    text: str = ""

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "rule": self.rule,
            "check": self.check,
            "objects": list(self.objects),
            "effect": self.effect,
            "source": self.source,
            "text": self.text,
        }


@dataclass(frozen=True)
class Requirement:
    """One requirement (CR 508.1d, 509.1c) and whether the proposed declaration and the witness
    obey it."""

    id: str
    kind: str
    rule: str
    effect: str | None
    subjects: tuple[str, ...]
    text: str
    given: bool | None
    witness: bool

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "id": self.id,
            "kind": self.kind,
            "rule": self.rule,
            "effect": self.effect,
            "subjects": list(self.subjects),
            "text": self.text,
            "given": self.given,
            "witness": self.witness,
        }


@dataclass(frozen=True)
class Verdict:
    """The answer: for a proposed declaration, legal or not and why; always the maximum number
    of requirements obeyable and a witness reaching it; without a proposal, the legal
    declarations (all of them, or their count and a sample)."""

    kind: Kind
    proposed: Declaration | None
    legal: bool | None
    violations: tuple[Violation, ...]
    obeyed: int | None
    maximum: int
    witness: Declaration
    requirements: tuple[Requirement, ...]
    legal_declarations: tuple[Declaration, ...] | None = None
    count: int | None = None
    count_exact: bool = True
    components: int = 1
    requirements_total: int = 0  # all requirements; ``requirements`` lists them all unless many
    clingo_version: str = ""
    stats: dict[str, float] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form of the verdict."""
        from pyengine.combat.explain import to_json

        return to_json(self)

    def render(self) -> str:
        """A human-readable account: legal or not, every broken rule, the requirements."""
        from pyengine.combat.explain import render

        return render(self)
