"""How a card is cast, as its rules text says (the ``casting`` field of a card or an inline
object; docs/effect-language.md, "Casting"): its targets (CR 115.1, 601.2c), modes (700.2),
X (107.3), division (601.2d) and additional costs (118.8). Only the shape is read here; what
is legal is decided by asp/cast/.

    casting:
      x: {min: 1}                        # "X can't be 0" (the mana cost has {X})
      targets:                           # each entry one instance of the word "target" (115.3)
        - {id: victim, count: 1, what: {any_types: [Creature]}}
        - {id: c1, count: {min: 0, max: 1}, group: g, what: {...}}   # "up to two target ...":
        - {id: c2, count: {min: 0, max: 1}, group: g, what: {...}}   # one word, distinct (115.3)
        - {id: split, count: {min: 1, max: 2}, what: {any_types: [Creature], players: true},
           divide: 2}                    # 601.2d: divided among them, at least 1 each
      modes: {choose: 1, list: [{text: "...", targets: [...]}]}
      kicker_targets: [...]              # only when kicked (702.33, 601.2c)
      additional_costs: [{sacrifice: {types: [Creature]}}, {life: 2}]
                                         # {life: x}, {sacrifice: ..., count: x}: the X
                                         # announced (107.3a), as in the mana cost
      cost_per_extra_target: "{1}"       # "This spell costs {1} more to cast for each target
                                         # beyond the first" (an increase, 601.2f; Fireball)
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.cast import qualities
from pyengine.lang.effects import _colors, _types
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.mana import parse_cost

TARGET_FILTERS = ("types", "any_types", "not_types", "colors", "not_colors")
WHAT_KEYS = frozenset(TARGET_FILTERS) | {"zone", "players", "objects", "controller"} | qualities.KEYS


@dataclass(frozen=True)
class TargetSpec:
    """One instance of the word "target": ``lo``..``hi`` distinct targets (115.3) matching
    ``what`` (filters over objects; players allowed or not), optionally dividing ``divide``
    (a number, or ``"x"``) among them (601.2d)."""

    id: str
    lo: int
    hi: int
    filters: tuple[tuple[str, tuple[str, ...]], ...] = ()
    zone: str = "battlefield"
    objects: bool = True
    players: bool = False
    controller: str | None = None  # you | opponent
    divide: int | str | None = None
    # subtypes, supertypes, keyword abilities, tapped, power/toughness (pyengine.cast.qualities)
    qualities: tuple[tuple[str, object], ...] = ()
    # "up to N target ...": the N entries of one group are one instance of the word "target"
    # (115.3: different objects); ``one_graveyard``: "from a single graveyard" (one owner)
    group: str | None = None
    one_graveyard: bool = False


@dataclass(frozen=True)
class Mode:
    """A mode of a modal spell (700.2) and the targets it requires (700.2c)."""

    text: str
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True)
class AdditionalCost:
    """A mandatory additional cost (118.8): sacrifice ``count`` permanents matching
    ``filters``, or pay ``count`` life; ``count`` ``"x"`` is the announced X (107.3a)."""

    kind: str  # sacrifice | life
    count: int | str = 1
    filters: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class CastingSpec:
    """Everything of a card's text that casting reads."""

    x_min: int | None = None  # None: no {X} in the mana cost or an additional cost
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[Mode, ...] = ()
    choose: tuple[int, int] = (1, 1)
    kicker_targets: tuple[TargetSpec, ...] = ()
    additional: tuple[AdditionalCost, ...] = ()
    cost_per_extra_target: str | None = None  # mana symbols, e.g. "{1}" (601.2f)

    def all_targets(self) -> tuple[TargetSpec, ...]:
        """Every target instance, wherever it is required."""
        return self.targets + tuple(t for m in self.modes for t in m.targets) + self.kicker_targets


EMPTY = CastingSpec()


def spec_of(casting: object, mana_cost: str | None) -> CastingSpec:
    """A card's spec; a card without one has none of these, and its {X} (if any) may be 0."""
    if isinstance(casting, CastingSpec):
        return casting
    has_x = mana_cost is not None and "X" in parse_cost(mana_cost).symbols
    return CastingSpec(x_min=0) if has_x else EMPTY


def parse_casting(cur: Cursor, mana_cost: str | None) -> CastingSpec:
    """The ``casting`` mapping (see the module's documentation)."""
    cur.mapping(
        {"x", "targets", "modes", "kicker_targets", "additional_costs", "cost_per_extra_target"},
        "a casting mapping {x, targets, modes, kicker_targets, additional_costs, cost_per_extra_target}",
    )
    additional = tuple(_additional(c) for c in cur.get("additional_costs").seq("a list of costs"))
    # 107.3a: X is announced when the mana cost or an additional cost has it
    has_x = (mana_cost is not None and "X" in parse_cost(mana_cost).symbols) or any(
        a.count == "x" for a in additional)
    x_min = 0 if has_x else None
    if cur.has("x"):
        if not has_x:
            cur.get("x").fail("the mana cost has no {X} and no additional cost has an X (CR 107.3)")
        x = cur.get("x").mapping({"min"}, "{min: N}")
        x_min = x.req("min").integer("the least X allowed", minimum=0)
    seen: set[str] = set()
    targets = _targets(cur.get("targets"), seen) if cur.has("targets") else ()
    modes: tuple[Mode, ...] = ()
    choose = (1, 1)
    if cur.has("modes"):
        m = cur.get("modes").mapping({"choose", "list"}, "{choose: N or {min, max}, list: [MODE...]}")
        modes = tuple(_mode(c, seen) for c in m.req("list").seq("a list of modes"))
        if len(modes) < 2:
            m.get("list").fail("a modal spell has at least two modes (CR 700.2)")
        choose = _count(m.req("choose"))
        if choose[1] > len(modes):
            m.get("choose").fail(f"only {len(modes)} modes to choose from")
    kicked = _targets(cur.get("kicker_targets"), seen) if cur.has("kicker_targets") else ()
    extra = None
    if cur.has("cost_per_extra_target"):
        from pyengine.lang.ops_casting import _mana_amount

        extra = _mana_amount(cur.get("cost_per_extra_target"))
    return CastingSpec(x_min, targets, modes, choose, kicked, additional, extra)


def _count(cur: Cursor) -> tuple[int, int]:
    if isinstance(cur.value, int) and not isinstance(cur.value, bool):
        n = cur.integer("a number", minimum=1)
        return (n, n)
    cur.mapping({"min", "max"}, "a number or {min: N, max: M}")
    lo = cur.req("min").integer("the least number", minimum=0)
    hi = cur.req("max").integer("the greatest number", minimum=max(lo, 1))
    return (lo, hi)


def _mode(cur: Cursor, seen: set[str]) -> Mode:
    cur.mapping({"text", "targets"}, "a mode {text, targets}")
    text = cur.req("text").string("the mode's text")
    return Mode(text, _targets(cur.get("targets"), seen) if cur.has("targets") else ())


def _targets(cur: Cursor, seen: set[str]) -> tuple[TargetSpec, ...]:
    out = []
    for c in cur.seq("a list of targets"):
        c.mapping({"id", "count", "what", "divide", "group", "one_graveyard"},
                  "a target {id, count, what, divide, group, one_graveyard}")
        tid = c.req("id").string('a target id (a word naming this instance of "target")')
        if tid in seen:
            c.get("id").fail(f"target id {tid!r} is used twice")
        seen.add(tid)
        lo, hi = _count(c.req("count")) if c.has("count") else (1, 1)
        divide: int | str | None = None
        if c.has("divide"):
            d = c.get("divide")
            divide = "x" if d.value == "x" else d.integer("an amount to divide, or x", minimum=1)
        w = c.req("what").mapping(
            set(WHAT_KEYS),
            "what can be targeted {types, any_types, not_types, "
            "colors, not_colors, zone, players, objects, controller, subtypes, not_subtypes, "
            "supertypes, not_supertypes, abilities, not_abilities, tapped, power, toughness, "
            "mana_value}",
        )
        filters = []
        for key in TARGET_FILTERS:
            if w.has(key):
                words = _types(w.get(key)) if "types" in key else _colors(w.get(key))
                filters.append((key, tuple(sorted(x.lower() for x in words))))
        zone = w.get("zone").choice([z.value for z in Zone], "a zone:") if w.has("zone") else "battlefield"
        players = w.get("players").boolean() if w.has("players") else False
        objects = w.get("objects").boolean() if w.has("objects") else True
        controller = w.get("controller").choice(["you", "opponent"], "") if w.has("controller") else None
        if not players and not objects:
            w.fail("a target is an object or a player: objects and players can't both be false")
        group = c.get("group").string("a group id (entries that are one word \"target\")") \
            if c.has("group") else None
        one = c.get("one_graveyard").boolean() if c.has("one_graveyard") else False
        if one and (group is None or zone != "graveyard"):
            c.get("one_graveyard").fail("one_graveyard belongs to a group of graveyard targets")
        out.append(TargetSpec(tid, lo, hi, tuple(filters), zone, objects, players, controller, divide,
                              qualities.read(w), group, one))
    return tuple(out)


def _additional(cur: Cursor) -> AdditionalCost:
    cur.mapping({"sacrifice", "life", "count"}, "an additional cost {sacrifice: FILTER} or {life: N}")
    if cur.has("life") == cur.has("sacrifice"):
        cur.fail("an additional cost is one of: sacrifice, life")
    if cur.has("life"):
        if cur.has("count"):
            cur.get("count").fail("count belongs to a sacrifice; pay X life is {life: x}")
        life = cur.get("life")
        return AdditionalCost("life", "x" if life.value == "x" else life.integer("an amount of life, or x",
                                                                               minimum=1))
    s = cur.get("sacrifice").mapping(set(TARGET_FILTERS), "what is sacrificed {types, any_types, ...}")
    filters = []
    for key in TARGET_FILTERS:
        if s.has(key):
            words = _types(s.get(key)) if "types" in key else _colors(s.get(key))
            filters.append((key, tuple(sorted(x.lower() for x in words))))
    count: int | str = 1
    if cur.has("count"):
        c = cur.get("count")
        count = "x" if c.value == "x" else c.integer("how many, or x", minimum=1)
    return AdditionalCost("sacrifice", count, tuple(filters))
