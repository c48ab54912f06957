"""Typed specifications of replacement, prevention and "can't" effects (CR 614-616), as the
effect-language operations of :mod:`pyengine.lang.ops_replacement` read them.

An effect watches events matching a :class:`Pattern` and, when it applies, its controller
takes one of its :class:`Alternative` modifications (most effects have one). Every
:class:`~pyengine.model.effects.Selector` inside is also listed in the operation's
``selectors`` argument, so that the layer engine evaluates it after all layers
(:meth:`pyengine.layers.result.ActiveEffect.matching`).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, Union

from pyengine.model.effects import ObjRef, PlayerRef, Selector

# --- Event kinds and their fields -----------------------------------------------------------

# kind -> fields in signature order (asp/replacement/outcome.lp uses the same order)
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "damage": ("source", "target", "amount", "combat"),
    "move": ("object", "count", "from", "to", "cause", "position", "control", "as", "tapped",
             "face", "choice"),
    "regenerate": ("object",),
    "draw": ("player", "count"),
    "gain_life": ("player", "amount", "cause"),
    "lose_life": ("player", "amount", "damage"),
    "pay_life": ("player", "amount"),
    "set_life": ("player", "amount"),
    "counters": ("target", "counter", "amount", "by", "cause"),
    "remove_counters": ("target", "counter", "amount"),
    "create_tokens": ("control", "as", "count", "tapped"),
    "begin": ("player", "what", "which"),
    "lose_game": ("player",),
    "win_game": ("player",),
    "other": ("player", "text"),
}
# fields every event of the kind also carries, outside its signature
EXTRA_FIELDS: dict[str, tuple[str, ...]] = {}

# field -> what its values are
OBJECT_FIELDS = frozenset({"source", "object", "as"})
PLAYER_FIELDS = frozenset({"player", "by", "control"})
EITHER_FIELDS = frozenset({"target"})  # an object or a player
INT_FIELDS = frozenset({"amount", "count"})
BOOL_FIELDS = frozenset({"combat", "tapped", "damage"})
TEXT_FIELDS = frozenset({"counter", "text"})
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command", "none")
WORD_FIELDS: dict[str, tuple[str, ...]] = {
    "from": ZONES,
    "to": ZONES,
    "cause": ("effect", "destroy", "sacrifice", "discard", "mill", "sba", "counter", "cast",
              "create", "rule", "cost", "enters", "damage", "lifelink", "return",
              "madness"),  # a discard madness exiles instead (702.35a): still a discard
    "position": ("none", "top", "bottom", "shuffle", "any"),
    "face": ("front", "back"),
    "what": ("step", "phase", "turn"),
    "which": ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat",
              "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat",
              "postcombat_main", "end", "cleanup", "beginning", "combat", "main", "ending",
              "turn"),
    "choice": (),  # any word (a color, a mode)
}

# Pattern kinds accepted in effects and queries, as (kind, implied field values)
SUGAR: dict[str, tuple[str, tuple[tuple[str, object], ...]]] = {
    "destroy": ("move", (("from", "battlefield"), ("to", "graveyard"), ("cause", "destroy"))),
    "dies": ("move", (("from", "battlefield"), ("to", "graveyard"))),
    "sacrifice": ("move", (("from", "battlefield"), ("to", "graveyard"), ("cause", "sacrifice"))),
    "discard": ("move", (("from", "hand"), ("to", "graveyard"), ("cause", "discard"))),
    "mill": ("move", (("from", "library"), ("to", "graveyard"), ("cause", "mill"))),
    "enter": ("move", (("to", "battlefield"),)),
    "leave": ("move", (("from", "battlefield"),)),
    "to_graveyard": ("move", (("to", "graveyard"),)),
    "zone_change": ("move", ()),
    "step": ("begin", (("what", "step"),)),
    "phase": ("begin", (("what", "phase"),)),
    "turn": ("begin", (("what", "turn"), ("which", "turn"))),
}


def base_kind(word: str) -> str:
    """The event kind a pattern or event kind word stands for."""
    return SUGAR[word][0] if word in SUGAR else word


# --- Patterns --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """A set of objects and/or players a field may hold: objects matching ``objects`` (or the
    object ``ref``), and the players ``players`` (relative to the effect)."""

    objects: Selector | None = None
    ref: ObjRef | None = None
    players: tuple[PlayerRef, ...] = ()
    any_player: bool = False
    top_of: tuple[PlayerRef, ...] = ()  # the top cards of these players' libraries (mill)
    affected: bool = False  # the objects a resolved effect locked in (its `affected`, 611.2c)


@dataclass(frozen=True)
class Pattern:
    """The events an effect watches: a kind, and tests on fields.

    ``targets``: field -> allowed objects/players; ``words``: field -> allowed words
    (zones, causes, steps...); ``bools``: field -> value; ``ranges``: (field, op, n) with op
    ``gte``/``lte``; ``library``: ("min"|"max", n or a field name) on the affected player's
    library (CR 614.11, 702.52b); ``texts``: field -> allowed strings (counter kinds)."""

    kind: str
    targets: tuple[tuple[str, Target], ...] = ()
    words: tuple[tuple[str, tuple[str, ...]], ...] = ()
    bools: tuple[tuple[str, bool], ...] = ()
    ranges: tuple[tuple[str, str, int], ...] = ()
    texts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    library: tuple[tuple[str, Union[int, str]], ...] = ()


# --- Modifications ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Value:
    """A field value in a modification or a new event: ``same`` (the replaced event's field
    ``field``), ``player`` (a PlayerRef), ``object`` (an ObjRef), ``word``, ``int``,
    ``bool``, ``text``, ``top_of`` (a player's library top), ``card_in`` (an unnamed card in
    a player's zone: ``word`` the zone, ``player`` its owner), ``tokendef`` (a token defined
    inline: ``word`` its name, ``chars`` its characteristics), ``prevented`` (in a prevention
    effect's additional events: the damage it prevented, 615.5), ``controller_of`` (the
    controller of the object in the replaced event's field ``field``)."""

    kind: str
    field: str | None = None
    player: PlayerRef | None = None
    obj: ObjRef | None = None
    word: str | None = None
    number: int | None = None
    flag: bool | None = None
    chars: Any = None  # a token's definition (Characteristics) for kind ``tokendef``


@dataclass(frozen=True)
class Template:
    """An event a replacement effect puts in place of (or beside) the event (CR 614.6)."""

    kind: str
    fields: tuple[tuple[str, Value], ...]
    # where the scenario wrote it (file, line, field path), for errors found when the
    # template meets the event it replaces; not part of what the template is
    where: tuple[str | None, int | None, str] | None = dc_field(default=None, compare=False)


@dataclass(frozen=True)
class ChooseObjects:
    """"As this enters, [sacrifice|exile] any number of ..." (CR 614.13): every subset of the
    matching objects, except objects entering at the same time (614.13a), each moved to
    ``to`` by ``cause``; ``per`` counters of ``counter`` for each (devour)."""

    selector: Selector
    to: str
    cause: str
    counter: str | None = None
    per: int = 0


@dataclass(frozen=True)
class Alternative:
    """One way an effect modifies the event.

    ``changes``: (field, op, value) with op ``times``, ``plus``, ``half``, ``set``,
    ``cap_life``; ``redirect``: a new damage target (614.9); ``prevent``: ``all``, an amount,
    ``("all_but", N)`` (prevent all but N of it) or ``shield`` (615.7); ``instead``: the
    event is replaced by ``templates`` alone;
    ``copy``: enters as a copy of one object matching it (each is an alternative);
    ``choices``: words, each an alternative (``choice`` field); ``choose_objects``: 614.13."""

    label: str = "main"
    changes: tuple[tuple[str, str, Value], ...] = ()
    redirect: Value | None = None
    prevent: Union[str, int, tuple[str, int], None] = None
    instead: bool = False
    templates: tuple[Template, ...] = ()
    copy: Selector | ObjRef | None = None
    choices: tuple[str, ...] = ()
    choose_objects: ChooseObjects | None = None


@dataclass(frozen=True)
class ReplacementSpec:
    """A replacement or prevention effect (CR 614, 615).

    ``uses``: it applies to that many events in all ("the next time", 615.8, 701.19a);
    ``shield``: the next N damage (615.7); ``optional``: its controller may decline;
    ``self_replacement``: 614.15; ``each``: one separate shield per object of an ``ids``
    target (615.11); ``zones``: where a static ability with it functions (113.6, default
    the battlefield)."""

    pattern: Pattern
    alternatives: tuple[Alternative, ...]
    prevention: bool = False
    regeneration: bool = False
    optional: bool = False
    uses: int | None = None
    shield: int | None = None
    self_replacement: bool = False
    each: bool = False
    zones: tuple[str, ...] = ("battlefield",)
    # 702.33d: an effect of the permanent's own that applies only if the spell it was is kicked
    # ("If this creature was kicked, it enters with ...", 614.12)
    kicked: bool = False
    # 702.54a bloodthirst: only if an opponent of the player it enters under was dealt damage
    # this turn ("If an opponent was dealt damage this turn, this permanent enters with ...")
    bloodthirst: bool = False


@dataclass(frozen=True)
class CantSpec:
    """A "can't" effect (CR 614.17): events matching ``pattern`` can't happen
    (``regenerate``: the matching objects can't be regenerated, 701.19c; ``prevent``: damage
    matching can't be prevented, 615.12)."""

    pattern: Pattern
    what: str = "happen"  # happen | regenerate | prevent
    zones: tuple[str, ...] = ("battlefield",)


Spec = Union[ReplacementSpec, CantSpec]


def enters_self() -> Pattern:
    """The pattern of an ability modifying how its own permanent enters (CR 614.1c, 614.12)."""
    return Pattern("move", (("object", Target(ref=ObjRef("self"))),), (("to", ("battlefield",)),))


def enters_with_counters(counter: str, amount: int) -> ReplacementSpec:
    """"This permanent enters with AMOUNT COUNTER counters on it" (CR 614.1c). The counters are
    put on the permanent as it enters (122.6) by the player it enters under the control of
    (122.6a: the effect names no player)."""
    tmpl = Template("counters", (
        ("target", Value("same", field="object")), ("counter", Value("text", word=counter)),
        ("amount", Value("int", number=amount)), ("by", Value("same", field="control")),
        ("cause", Value("word", word="enters"))))
    return ReplacementSpec(enters_self(), (Alternative(templates=(tmpl,)),))


def selectors_of(spec: Spec) -> tuple[Selector, ...]:
    """Every selector inside a specification, in a fixed order (for the layer engine)."""
    found: list[Selector] = []

    def pattern(p: Pattern) -> None:
        for _, t in p.targets:
            if t.objects is not None:
                found.append(t.objects)

    pattern(spec.pattern)
    if isinstance(spec, ReplacementSpec):
        for alt in spec.alternatives:
            if isinstance(alt.copy, Selector):
                found.append(alt.copy)
            if alt.choose_objects is not None:
                found.append(alt.choose_objects.selector)
    out: list[Selector] = []
    for s in found:
        if s not in out:
            out.append(s)
    return tuple(out)
