"""Working state of the brute-force layer oracle: objects' current characteristics and the
evaluation of selectors, expressions and conditions (docs/effect-language.md).

Plain Python written from the Comprehensive Rules; it imports only the data model, never the
layer engine. Everything here is read-only except :meth:`OState.copy`, which the oracle uses
for trial applications (CR 613.8a: "applying the other would change ...").
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable

from pyengine.model.effects import Ability, Condition, Expr, ObjRef, PlayerRef, Selector
from pyengine.model.objects import GameObject

from .cr_tables import BASIC_LAND_MANA, BASIC_LAND_TYPES, COMBAT_STEPS, subtype_category

BATTLEFIELD = "battlefield"

# CR 205.3c-d: which subtype categories (data/subtypes.json) each card type correlates with.
# Kindred shares creature types (CR 205.3g); instants and sorceries share spell types (205.3k).
TYPE_CATEGORIES: dict[str, frozenset[str]] = {
    "Artifact": frozenset({"artifact"}),
    "Battle": frozenset({"battle"}),
    "Creature": frozenset({"creature"}),
    "Kindred": frozenset({"creature"}),
    "Enchantment": frozenset({"enchantment"}),
    "Land": frozenset({"land"}),
    "Planeswalker": frozenset({"planeswalker"}),
    "Instant": frozenset({"spell"}),
    "Sorcery": frozenset({"spell"}),
}

# CR 122.1b: the keywords a keyword counter can be.
KEYWORD_COUNTERS = frozenset(
    {
        "flying",
        "first strike",
        "double strike",
        "deathtouch",
        "decayed",
        "exalted",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "shadow",
        "trample",
        "vigilance",
    }
)

def display_name(ab: Ability) -> str:
    """An ability's display name (docs/effect-language.md, "Abilities")."""
    if ab.kind == "keyword":
        if ab.name == "landwalk" and ab.param is not None:
            if subtype_category(ab.param) is not None:
                return ab.param.lower() + "walk"
            return ab.param.lower() + " landwalk"
        if ab.name == "protection" and ab.param is not None:
            return "protection from " + ab.param
        if ab.name == "ward" and ab.param is not None:  # CR 702.21a: "Ward {2}", "Ward—Pay 3 life"
            return "ward " + ab.param if ab.param.startswith("{") else "ward\u2014" + ab.param
    return ab.name


def intrinsic_mana(land_type: str) -> Ability:
    """CR 305.6: the intrinsic mana ability of a basic land type."""
    sym = BASIC_LAND_MANA[land_type]
    return Ability(
        "text", key=f"intrinsic:{land_type}", name=f"{{T}}: Add {{{sym}}}", text=f"{{T}}: Add {{{sym}}}."
    )


@dataclass(frozen=True)
class AbInst:
    """One ability an object currently has.

    ``origin`` is ``text`` (printed or acquired by a copy effect: part of the object's rules
    text), ``intrinsic`` (CR 305.6), ``grant`` (gained from an effect) or ``counter`` (a
    keyword counter, CR 122.1b). ``ident`` identifies the instance across trial copies;
    ``order`` breaks timestamp ties among one object's abilities (printed order, 613.7a);
    ``grant_ts`` is the timestamp of the effect that granted it (613.7a).
    """

    ability: Ability
    origin: str
    ident: tuple[Any, ...]
    order: tuple[Any, ...]
    grant_ts: int | None = None
    name: str = ""


def text_ability(ab: Ability, i: int) -> AbInst:
    """A printed (or copied) ability at position ``i`` of the rules text."""
    return AbInst(ab, "text", ("text", ab.key, i), (0, i), None, display_name(ab))


@dataclass
class OObj:
    """An object's current characteristics during the layer computation."""

    id: str
    owner: str
    controller: str
    zone: str
    timestamp: int
    token: bool
    tapped: bool
    attached_to: str | None
    face_down: bool
    face_down_kind: str  # CR 708.2: what turned it face down (true, morph, manifest, disguise, cloak)
    counters: tuple[tuple[str, int], ...]
    counter_timestamps: tuple[tuple[str, int], ...]  # CR 613.7c, when later than the object's
    name: str
    mana_cost: str | None
    mana_value: int
    colors: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]  # stored; see visible_subtypes (CR 205.1a)
    supertypes: frozenset[str]
    abilities: tuple[AbInst, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    forbidden: frozenset[str] = frozenset()  # CR 613.1f "can't have"
    copiable_pt: bool = True  # CR 208.3: whether its copiable values include P/T

    @staticmethod
    def from_object(obj: GameObject) -> "OObj":
        """The object as printed (CR 613.1: start with the actual object)."""
        p = obj.printed
        return OObj(
            id=obj.id,
            owner=obj.owner,
            controller=obj.controller,
            zone=obj.zone.value,
            timestamp=obj.timestamp,
            token=obj.token,
            tapped=obj.tapped,
            attached_to=obj.attached_to,
            face_down=obj.face_down,
            face_down_kind=obj.face_down_kind.value,
            counters=obj.counters,
            counter_timestamps=obj.counter_timestamps,
            name=p.name,
            mana_cost=p.mana_cost,
            mana_value=p.mana_value,
            colors=frozenset(p.colors),
            types=frozenset(p.types),
            subtypes=frozenset(p.subtypes),
            supertypes=frozenset(p.supertypes),
            abilities=tuple(text_ability(ab, i) for i, ab in enumerate(p.abilities)),
            power=p.power,
            toughness=p.toughness,
            loyalty=p.loyalty,
            defense=p.defense,
        )

    # --- derived values ---------------------------------------------------------------

    def categories(self) -> frozenset[str]:
        """Subtype categories correlated with the object's current card types."""
        out: set[str] = set()
        for t in self.types:
            out |= TYPE_CATEGORIES.get(t, frozenset())
        return frozenset(out)

    def visible_subtypes(self) -> frozenset[str]:
        """CR 205.1a, 205.3d: a subtype counts only while the object has a card type it
        correlates with."""
        cats = self.categories()
        return frozenset(s for s in self.subtypes if subtype_category(s) in cats)

    def ability_names(self) -> frozenset[str]:
        """Display names of the abilities the object has now."""
        return frozenset(a.name for a in self.abilities)

    def pt(self, which: str) -> int | None:
        """Power or toughness as the rules see it now (CR 208.3, 208.5)."""
        value = self.power if which == "power" else self.toughness
        if "Creature" in self.types:
            return 0 if value is None else value
        if self.zone == BATTLEFIELD or not self.copiable_pt:
            return None
        return value

    def sync_intrinsic(self) -> None:
        """CR 305.6: a land with a basic land type has that type's mana ability."""
        basics = set()
        if "Land" in self.types:
            basics = {t for t in self.visible_subtypes() if t in BASIC_LAND_TYPES}
        keep = tuple(a for a in self.abilities if a.origin != "intrinsic" or a.ident[1] in basics)
        have = {a.ident[1] for a in keep if a.origin == "intrinsic"}
        extra = tuple(
            AbInst(
                intrinsic_mana(t),
                "intrinsic",
                ("intrinsic", t),
                (0, 1000 + BASIC_LAND_TYPES.index(t)),
                None,
                display_name(intrinsic_mana(t)),
            )
            for t in BASIC_LAND_TYPES
            if t in basics and t not in have
        )
        self.abilities = keep + extra


@dataclass
class OState:
    """All objects plus the players and turn, as the oracle sees them mid-computation."""

    objects: dict[str, OObj]
    players: tuple[str, ...]
    active: str
    step: str  # the step's scenario word (CR 500.1)
    order: tuple[str, ...] = field(default=())

    def copy(self) -> "OState":
        """An independent copy for a trial application (objects' fields are immutable)."""
        return OState(
            {k: copy.copy(v) for k, v in self.objects.items()},
            self.players,
            self.active,
            self.step,
            self.order,
        )

    def get(self, oid: str | None) -> OObj | None:
        """The object ``oid`` or None."""
        return None if oid is None else self.objects.get(oid)


# --- Evaluation context ----------------------------------------------------------------


@dataclass(frozen=True)
class Ctx:
    """Who ``you`` and ``self`` are for an effect, and which object ``it`` is."""

    source: str | None
    you: str | None
    it: str | None = None

    def with_it(self, oid: str | None) -> "Ctx":
        """The same context with ``it`` bound to ``oid``."""
        return Ctx(self.source, self.you, oid)


def players_of(st: OState, ref: PlayerRef, ctx: Ctx, obj: OObj | None) -> frozenset[str]:
    """The players a :class:`PlayerRef` names (``obj`` is the object being tested or
    affected, for ``owner``)."""
    if ref.kind == "you":
        return frozenset({ctx.you}) if ctx.you is not None else frozenset()
    if ref.kind == "opponent":
        return frozenset(p for p in st.players if p != ctx.you)
    if ref.kind == "owner":
        return frozenset({obj.owner}) if obj is not None else frozenset()
    if ref.kind == "active":
        return frozenset({st.active})
    if ref.kind == "nonactive":
        return frozenset(p for p in st.players if p != st.active)
    if ref.kind == "defending":
        if st.step in COMBAT_STEPS:
            return frozenset(p for p in st.players if p != st.active)
        return frozenset()
    return frozenset({ref.player}) if ref.player is not None else frozenset()


def obj_of(st: OState, ref: ObjRef, ctx: Ctx) -> OObj | None:
    """The object an :class:`ObjRef` names, or None."""
    if ref.kind == "self":
        return st.get(ctx.source)
    if ref.kind == "it":
        return st.get(ctx.it)
    if ref.kind == "attached":
        src = st.get(ctx.source)
        return st.get(src.attached_to) if src is not None else None
    return st.get(ref.obj)


# --- Selectors ---------------------------------------------------------------------------


def _lit(o: OObj, attr: str, value: str) -> bool:
    if attr == "type":
        return value in o.types
    if attr == "subtype":
        return value in o.visible_subtypes()
    if attr == "supertype":
        return value in o.supertypes
    if attr == "color":
        return value in o.colors
    if attr == "ability":
        return value in o.ability_names()
    if attr == "name":
        return o.name == value
    if attr == "zone":
        return o.zone == value
    if attr == "token":
        return o.token == (value == "true")
    if attr == "tapped":
        return o.tapped == (value == "true")
    if attr == "colorless":
        return (len(o.colors) == 0) == (value == "true")
    if attr == "multicolored":
        return (len(o.colors) >= 2) == (value == "true")
    raise ValueError(f"oracle: unknown selector attribute {attr!r}")


def attribute(o: OObj, attr: str) -> int | None:
    """power, toughness or mana_value of an object (None: it has none)."""
    if attr == "mana_value":
        return o.mana_value
    return o.pt(attr)


def compare(lhs: int, op: str, rhs: int) -> bool:
    """lt lte eq ne gte gt."""
    return {
        "lt": lhs < rhs,
        "lte": lhs <= rhs,
        "eq": lhs == rhs,
        "ne": lhs != rhs,
        "gte": lhs >= rhs,
        "gt": lhs > rhs,
    }[op]


def matches(st: OState, sel: Selector, o: OObj, ctx: Ctx) -> bool:
    """Whether ``o`` matches ``sel`` now (a conjunction of all its entries)."""
    if sel.zone is not None and o.zone != sel.zone:
        return False
    if sel.ids and o.id not in sel.ids:
        return False
    for positive, attr, word in sel.lits:
        if _lit(o, attr, word) != positive:
            return False
    sub = ctx.with_it(o.id)
    for positive, rel, pref in sel.players:
        who = o.controller if rel == "controller" else o.owner
        if (who in players_of(st, pref, sub, o)) != positive:
            return False
    for rel, oref in sel.objs:
        ref = obj_of(st, oref, sub)
        if rel == "is" and (ref is None or ref.id != o.id):
            return False
        if rel == "is_not" and ref is not None and ref.id == o.id:
            return False
        if rel == "attached_to" and (ref is None or o.attached_to != ref.id):
            return False
        if rel == "attached_by" and (ref is None or ref.attached_to != o.id):
            return False
    for cmp in sel.compares:
        value = attribute(o, cmp.attr)
        if value is None or not compare(value, cmp.op, eval_expr(st, cmp.rhs, sub)):
            return False
    for alts in sel.any_of:
        if not any(matches(st, alt, o, ctx) for alt in alts):
            return False
    for neg in sel.none_of:
        if matches(st, neg, o, ctx):
            return False
    return True


def select(st: OState, sel: Selector, ctx: Ctx) -> frozenset[str]:
    """Ids of every object matching ``sel``."""
    return frozenset(o.id for o in st.objects.values() if matches(st, sel, o, ctx))


# --- Expressions and conditions -----------------------------------------------------------


def eval_expr(st: OState, e: Expr, ctx: Ctx) -> int:
    """An expression's value now (CR 208.2a: an undeterminable number is 0)."""
    if e.op == "const":
        return e.value
    if e.op == "count":
        assert e.selector is not None
        return len(select(st, e.selector, ctx))
    if e.op == "card_types":
        assert e.selector is not None
        found: set[str] = set()
        for oid in select(st, e.selector, ctx):
            found |= st.objects[oid].types
        return len(found)
    if e.op == "attr":
        assert e.ref is not None and e.attr is not None
        o = obj_of(st, e.ref, ctx)
        value = attribute(o, e.attr) if o is not None else None
        return 0 if value is None else value
    if e.op == "sum":
        return sum(eval_expr(st, a, ctx) for a in e.args)
    if e.op == "neg":
        return -eval_expr(st, e.args[0], ctx)
    if e.op == "times":
        return e.value * eval_expr(st, e.args[0], ctx)
    raise ValueError(f"oracle: unknown expression {e.op!r}")


def eval_cond(st: OState, c: Condition, ctx: Ctx) -> bool:
    """A condition's truth now (CR 611.3)."""
    if c.op == "cmp":
        assert c.lhs is not None and c.rhs is not None and c.cmp is not None
        return compare(eval_expr(st, c.lhs, ctx), c.cmp, eval_expr(st, c.rhs, ctx))
    if c.op == "all":
        return all(eval_cond(st, a, ctx) for a in c.args)
    if c.op == "any":
        return any(eval_cond(st, a, ctx) for a in c.args)
    if c.op == "not":
        return not eval_cond(st, c.args[0], ctx)
    if c.op == "turn":  # whose turn it is
        assert c.player is not None
        return st.active in players_of(st, c.player, ctx, None)
    raise ValueError(f"oracle: unknown condition {c.op!r}")


def sorted_tuple(values: Iterable[str]) -> tuple[str, ...]:
    """A sorted tuple of distinct values (the shape of LayerResult.values())."""
    return tuple(sorted(set(values)))
