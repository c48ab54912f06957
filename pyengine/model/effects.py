"""The effect language as typed, immutable data (see scenarios/README.md, "Effect language").

A card's static ability or a resolved spell's effect is an :class:`EffectDef`: a selector of
what it affects, an optional condition, and one or more operations, each of which belongs to a
layer (CR 613.1) or to a rules area (combat restrictions and requirements, replacement).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Union

from pyengine.model.enums import Duration, Layer

# --- Values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRef:
    """A player named relative to an effect: ``you`` (the effect's controller), ``opponent``
    (each opponent of ``you``), ``owner`` (of the affected object), ``active``, ``defending``
    (in combat), or a player id."""

    kind: str  # you | opponent | owner | active | defending | id
    player: str | None = None


@dataclass(frozen=True)
class ObjRef:
    """An object named relative to an effect: ``self`` (the source), ``it`` (the object being
    affected or counted), ``attached`` (what the source is attached to), or an object id."""

    kind: str  # self | it | attached | id
    obj: str | None = None


@dataclass(frozen=True)
class Expr:
    """An integer expression: ``const``, ``count`` (objects matching a selector),
    ``card_types`` (card types among objects matching a selector, CR 205.2a),
    ``attr`` (power/toughness/mana_value of a referenced object), ``sum``, ``neg``, ``times``,
    ``this_turn`` (what ``player`` did this turn: ``attr`` names it, pyengine.game.history;
    read by the trigger engine only), ``last_turn`` (the same of the previous turn; a player ref
    ``any``: the most of any player's), ``counters`` (the ``attr`` counters on ``ref``, or on it
    as it last left the battlefield: an instruction's amount only, pyengine.game.lki),
    ``blockers`` (the creatures blocking ``ref`` in the game's combat beyond the first ``value``,
    never below 0: a resolving ability's amount only, 702.23a, 608.2h)."""

    op: str
    value: int = 0
    selector: "Selector | None" = None
    attr: str | None = None
    ref: ObjRef | None = None
    args: tuple["Expr", ...] = ()
    player: "PlayerRef | None" = None


@dataclass(frozen=True)
class Compare:
    """``attr`` (power, toughness, mana_value) compared with an expression: lt lte eq gte gt."""

    attr: str
    op: str
    rhs: Expr


@dataclass(frozen=True)
class Selector:
    """A conjunction of literals over an object's current characteristics and state.

    ``lits`` are (positive, attribute, value) triples: attribute in type, subtype, supertype,
    color, ability, name, zone, token, tapped, colorless, multicolored; ``players`` relate
    controller/owner to a :class:`PlayerRef`; ``objs`` relate the object to an :class:`ObjRef`
    (is, is_not, attached_to, attached_by); each of ``any_of`` is a disjunction (a tuple of
    selectors, at least one of which must match) and each of ``none_of`` must not match.
    """

    lits: tuple[tuple[bool, str, str], ...] = ()
    players: tuple[tuple[bool, str, PlayerRef], ...] = ()
    objs: tuple[tuple[str, ObjRef], ...] = ()
    ids: tuple[str, ...] = ()
    compares: tuple[Compare, ...] = ()
    any_of: tuple[tuple["Selector", ...], ...] = ()
    none_of: tuple["Selector", ...] = ()
    zone: str | None = "battlefield"  # None means any zone


@dataclass(frozen=True)
class Condition:
    """A condition: ``cmp`` (lhs op rhs), ``all``, ``any``, ``not``, ``turn`` (it is the turn
    of ``player``: "during your turn"), ``new_control`` (the source came under its
    controller's control since the beginning of that player's last upkeep, 702.30a: read by
    the trigger engine), ``had_counters`` (the object a leaves-the-battlefield trigger's event
    was about had one or more ``counter`` counters immediately before the event, 603.10a:
    pyengine.lang.lookback), ``has_counters`` (the source has one or more ``counter`` counters
    on it, 122.1: "as long as it has a +1/+1 counter on it"); ``exists`` is sugar for
    ``count(selector) >= 1``."""

    op: str
    lhs: Expr | None = None
    cmp: str | None = None
    rhs: Expr | None = None
    args: tuple["Condition", ...] = ()
    player: "PlayerRef | None" = None
    counter: str | None = None


# --- Operations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    """One operation of an effect. ``layer`` is set for characteristic-changing operations
    (CR 613.1); ``area`` names the engine that reads other operations (``combat``,
    ``replacement``, ``rules``). ``args`` holds the operation's typed arguments."""

    kind: str
    layer: Layer | None
    area: str
    args: tuple[tuple[str, "Arg"], ...] = ()

    def arg(self, name: str) -> "Arg":
        """The argument called ``name`` (KeyError if absent)."""
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    def has(self, name: str) -> bool:
        """Whether the operation has an argument called ``name``."""
        return any(key == name for key, _ in self.args)


Arg = Union[str, int, bool, Expr, PlayerRef, ObjRef, Selector, tuple, "Ability", None]


@dataclass(frozen=True)
class EffectDef:
    """A continuous effect's definition (shared by every instance of the ability)."""

    ops: tuple[Op, ...]
    affects: Selector | None = None  # None: the effect affects no object (rules/player effects)
    condition: Condition | None = None
    cda: bool = False  # CR 604.3: characteristic-defining
    text: str = ""
    # a spell's resolved effect on the objects matching this that its instructions dealt damage
    # to as it resolved ("a creature dealt damage this way"), locked in then (611.2c)
    dealt_damage: Selector | None = None

    @property
    def layers(self) -> tuple[Layer, ...]:
        """The layers this effect has parts in, in application order (CR 613.6)."""
        found = {op.layer for op in self.ops if op.layer is not None}
        return tuple(layer for layer in Layer if layer in found)


@dataclass(frozen=True)
class Ability:
    """An ability an object has.

    ``keyword`` abilities carry an optional parameter (landwalk's land type, protection's
    quality, "can't be blocked except by N"); ``static`` abilities carry effect definitions;
    ``text`` abilities are modelled only as present or absent (activated and triggered abilities
    until their engines exist); ``mana`` is a mana ability "{T}: Add ..." (CR 605.1a; ``param``
    the mana symbols it adds), an activated ability; ``spell`` is a spell ability of an instant
    or sorcery (CR 113.3a): an ability of the card in every zone, followed as instructions
    while the spell resolves (113.6), never an activated ability.
    ``key`` is the ability's identity in facts; two objects with the same card share keys.
    """

    kind: str  # keyword | static | text | mana | spell
    key: str
    name: str
    param: str | None = None
    effects: tuple[EffectDef, ...] = ()
    text: str = ""
    # the zones a static ability says it functions in (CR 113.6b; an emblem's: command, 113.6p);
    # empty: on the battlefield (113.6)
    zones: tuple[str, ...] = ()
    # a triggered ability's trigger event, condition and effect (CR 603; a
    # :class:`pyengine.model.triggers.TriggerDef`); the layer engine sees it as a ``text``
    # ability, present or absent
    trigger: Any = None
    # an activated ability's cost, effect and restrictions (CR 602; a
    # :class:`pyengine.model.activated.ActivatedDef`); the layer engine sees it as a ``text``
    # ability, present or absent, and an activated one (113.3b)
    activated: Any = None


# CR 702: keyword abilities that are activated abilities ("Equip [cost]" means "[Cost]: ...");
# a first word ending in "cycling" is cycling or a typecycling variant (702.29e)
ACTIVATED_KEYWORDS = ("equip", "fortify", "reinforce", "transmute", "ninjutsu", "unearth",
                      "level up", "outlast", "scavenge", "embalm", "eternalize", "forecast",
                      "transfigure", "aura swap", "crew", "encore", "craft", "saddle", "station",
                      "commander ninjutsu")


# CR 702: keyword abilities that are triggered abilities ("702.108a Prowess is a triggered
# ability"); each names when it triggers in its rule, not in the card's text (603.1)
TRIGGERED_KEYWORDS = ("ward", "rampage", "cumulative upkeep", "flanking", "echo", "provoke", "storm",
                      "bushido", "soulshift", "haunt", "recover", "ripple", "frenzy", "gravestorm",
                      "poisonous", "hideaway", "persist", "exalted", "cascade", "annihilator",
                      "battle cry", "living weapon", "undying", "evolve", "extort", "dethrone",
                      "prowess", "exploit", "renown", "ingest", "myriad", "melee", "fabricate",
                      "afflict", "mentor", "afterlife", "demonstrate", "training", "backup",
                      "mobilize", "job select", "firebending")


def triggered_keyword(ab: Ability) -> str | None:
    """The CR 702 triggered keyword ``ab`` is when the engines hold it only as a name (a keyword
    word, or a text ability without its ``trigger``): e.g. "Bushido 2" -> "bushido"; else None."""
    if ab.trigger is not None or ab.kind not in ("keyword", "text"):
        return None
    low = (ab.text or ab.name).strip().lower()
    for k in TRIGGERED_KEYWORDS:
        if low == k or low.startswith(k + " ") or low.startswith(k + "\u2014"):
            return k
    return None


def is_activated(ab: Ability) -> bool:
    """CR 113.3b, 602.1: an activated ability is written "[Cost]: [Effect.]" (a colon outside
    quotation marks, after the cost); CR 702: some keywords are activated abilities (equip,
    cycling, unearth ...); a basic land type's mana ability is one (305.6)."""
    if ab.kind == "mana":  # CR 605.1a: a mana ability is an activated ability
        return True
    if ab.kind != "text":
        return False
    if ab.activated is not None:
        return True
    text = (ab.text or ab.name).strip()
    low = text.lower()
    first = low.split(" ", 1)[0].rstrip(",.")
    if first.endswith("cycling") or any(low == k or low.startswith(k + " ") or low.startswith(k + "\u2014")
                                        for k in ACTIVATED_KEYWORDS):
        return True
    before = low.split('"', 1)[0]  # a colon inside a quoted ability is the quoted ability's
    if ":" not in before:
        return False
    cost = before.split(":", 1)[0]
    # the cost is one clause: no sentence ends before the colon ("... . Then: ..." is no cost)
    return bool(cost.strip()) and "." not in cost


@dataclass(frozen=True)
class ResolvedEffect:
    """A continuous effect created by a resolved spell or ability (CR 611.2)."""

    id: str
    definition: EffectDef
    timestamp: int
    controller: str
    duration: Duration = Duration.PERMANENT
    source: str | None = None
    locked: tuple[str, ...] | None = None  # CR 611.2c: set fixed at resolution
    line: int | None = field(default=None, compare=False)

    @property
    def in_force(self) -> EffectDef:
        """The definition with its duration's "for as long as" as a condition of existence
        (CR 611.2b): a ``while_controlled`` effect exists only while its controller controls
        its source, as the continuous effects leave it (613.1b), so it depends on an effect
        that would change that control (613.8a). Its source being on the battlefield, and the
        other durations, are facts of the state the scenario lists (an ended effect is left
        out), checked when it is loaded."""
        if self.duration != Duration.WHILE_CONTROLLED or self.source is None:
            return self.definition
        yours = Selector(players=((True, "controller", PlayerRef("you")),), ids=(self.source,))
        held = Condition("cmp", lhs=Expr("count", selector=yours), cmp="gte", rhs=Expr("const", value=1))
        now = self.definition.condition
        both = held if now is None else Condition("all", args=(now, held))
        return replace(self.definition, condition=both)
