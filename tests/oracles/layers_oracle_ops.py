"""What each operation of the effect language does to one object in its layer
(docs/effect-language.md, "Effects"), for the brute-force layer oracle.

Application is two-phase so that an effect changes all its objects simultaneously: first
:func:`params` evaluates, for every affected object, what the operation will do (this is also
"what it does" in CR 613.8a), then :func:`apply_op` writes it.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any, cast

from pyengine.model.effects import Ability, EffectDef, Expr, ObjRef, Op, PlayerRef, Selector

from .cr_tables import BASIC_LAND_TYPES, COLORS, is_activated_text, op_layer, subtype_category, subtypes
from .layers_oracle_state import (
    AbInst,
    Ctx,
    OObj,
    OState,
    display_name,
    eval_expr,
    obj_of,
    players_of,
    select,
    text_ability,
)

# Order of an effect's operations inside one layer: an effect's changes are one application,
# so "becomes a Goblin creature" checks CR 205.3d against the types it sets, and "loses all
# abilities and has flying" removes before it adds.
OP_ORDER = (
    "copy",
    "control",
    "text_change",
    "set_types",
    "add_types",
    "remove_types",
    "set_subtypes",
    "remove_all_creature_types",
    "remove_subtypes",
    "add_subtypes",
    "add_all_creature_types",
    "set_supertypes",
    "add_supertypes",
    "remove_supertypes",
    "set_colors",
    "add_colors",
    "lose_all_abilities",
    "remove_abilities",
    "cant_have",
    "add_abilities",
    "add_activated_abilities_of",
    "set_pt",
    "modify_pt",
    "switch_pt",
)


def ops_in(definition: EffectDef, layer: str) -> list[Op]:
    """The operations of ``definition`` in ``layer`` (CR 613.1, 613.4a), in application order."""
    chosen = [op for op in definition.ops if op_layer(op.kind, definition.cda) == layer]
    return sorted(chosen, key=lambda op: OP_ORDER.index(op.kind) if op.kind in OP_ORDER else 99)


# --- Copiable values (CR 707.2, 708.2a) --------------------------------------------------

FACE_DOWN = dict(
    name="",
    mana_cost=None,
    mana_value=0,
    colors=frozenset(),
    types=frozenset({"Creature"}),
    subtypes=frozenset(),
    supertypes=frozenset(),
    abilities=(),
    power=2,
    toughness=2,
    loyalty=None,
    defense=None,
)


# CR 702.168a (disguise), 701.58a (cloak): "a 2/2 face-down creature with ward {2}, no name,
# no subtypes, and no mana cost"; morph (702.37a) and manifest (701.40a) list no abilities
WARDED = ("disguise", "cloak")


def face_down_values(o: OObj) -> dict[str, Any]:
    """The characteristics the rule or ability that turned ``o`` face down lists (CR 708.2,
    708.2a); they are its copiable values."""
    vals = dict(FACE_DOWN)
    if o.face_down_kind in WARDED:
        vals["abilities"] = (Ability("keyword", key="ward:{2}", name="ward", param="{2}"),)
    return vals


def copiable(o: OObj) -> dict[str, Any]:
    """``o``'s copiable values now (during layer 1a: after the copy effects applied so far,
    and with its face-down status, CR 707.2)."""
    if o.face_down:
        return face_down_values(o)
    return dict(
        name=o.name,
        mana_cost=o.mana_cost,
        mana_value=o.mana_value,
        colors=o.colors,
        types=o.types,
        subtypes=o.subtypes,
        supertypes=o.supertypes,
        abilities=tuple(a.ability for a in o.abilities if a.origin == "text"),
        power=o.power,
        toughness=o.toughness,
        loyalty=o.loyalty,
        defense=o.defense,
    )


def set_copiable(o: OObj, vals: dict[str, Any]) -> None:
    """Overwrite ``o``'s copiable values (its rules text brings its abilities, 707.2a)."""
    for key, value in vals.items():
        if key == "abilities":
            o.abilities = tuple(text_ability(ab, i) for i, ab in enumerate(value))
        else:
            setattr(o, key, value)
    o.sync_intrinsic()


def _freeze(vals: dict[str, Any] | None) -> Any:
    return None if vals is None else tuple(sorted(vals.items(), key=lambda kv: kv[0]))


# --- Parameters ("what it does") -----------------------------------------------------------


def _words(op: Op) -> tuple[str, ...]:
    """An operation's ``values`` as words."""
    return cast("tuple[str, ...]", op.arg("values"))


def params(st: OState, op: Op, o: OObj, ctx: Ctx) -> Any:
    """What ``op`` does to ``o`` in the current state (a hashable value)."""
    sub = ctx.with_it(o.id)
    if op.kind == "copy":
        ref = obj_of(st, cast(ObjRef, op.arg("of")), sub)
        return _freeze(copiable(ref)) if ref is not None else None
    if op.kind == "control":
        who = sorted(players_of(st, cast(PlayerRef, op.arg("player")), sub, o))
        if not who:
            return None
        if len(who) > 1:  # "opponent" among several: the next one in turn order
            you = ctx.you
            seq = list(st.players)
            start = seq.index(you) if you in seq else 0
            who = [p for p in seq[start + 1 :] + seq[: start + 1] if p in who][:1]
        return who[0]
    if op.kind in ("set_pt", "modify_pt"):
        return tuple((k, eval_expr(st, cast(Expr, v), sub)) for k, v in op.args)
    if op.kind == "add_activated_abilities_of":
        # "has all activated abilities of [objects]": the activated abilities (CR 113.3b, 602.1)
        # the matching objects have now, one per distinct ability (two objects printed with
        # the same ability give it once)
        found: dict[Any, AbInst] = {}
        for oid in sorted(select(st, cast(Selector, op.arg("of")), ctx)):
            for a in st.objects[oid].abilities:
                if _activated(a.ability):
                    found.setdefault(ability_term(a), a)
        return tuple(sorted(found.items(), key=lambda kv: repr(kv[0])))
    return op.args


def _activated(ab: Ability) -> bool:
    """CR 113.3b, 602.1: an ability modelled by its text is activated when its text says so
    (keyword, static and mana-less abilities of the language are not; a basic land type's
    intrinsic mana ability is written as text, 305.6)."""
    return ab.kind == "text" and is_activated_text(ab.text or ab.name)


def ability_term(a: AbInst) -> Any:
    """Which ability an instance is, across objects: a printed (or copied, or intrinsic)
    ability by its key; an instance an effect granted by what it is an instance of and the
    granting effect (CR 113.2c)."""
    if a.origin == "grant":
        if a.ident[0] == "grantof":
            return ("gr", a.ident[2], a.ident[1])
        return ("gr", ("k", a.ability.key), a.ident[1])
    if a.origin == "counter":
        return ("counter", a.ability.key)
    return ("k", a.ability.key)


# --- Application -------------------------------------------------------------------------


def apply_op(st: OState, op: Op, o: OObj, value: Any, grant: tuple[Any, ...] | None) -> None:
    """Write what ``op`` does (``value`` from :func:`params`) into ``o``.

    ``grant`` is (effect id, timestamp) for abilities an effect adds (CR 613.7a)."""
    kind = op.kind
    if kind == "copy":
        if value is not None:
            set_copiable(o, dict(value))
    elif kind == "control":
        if value is not None:
            o.controller = value
    elif kind == "text_change":
        _text_change(o, cast(str, op.arg("from")), cast(str, op.arg("to")))
    elif kind in ("set_types", "add_types", "remove_types"):
        vals = frozenset(_words(op))
        if kind == "set_types":  # CR 205.1a: an instant or sorcery keeps that type
            o.types = vals | (o.types & {"Instant", "Sorcery"})
        elif kind == "add_types":
            o.types = o.types | vals
        else:
            o.types = o.types - vals
        o.sync_intrinsic()
    elif kind in ("set_subtypes", "add_subtypes", "remove_subtypes", "remove_all_creature_types",
                  "add_all_creature_types"):
        _subtypes(o, kind, _words(op) if op.has("values") else ())
    elif kind in ("set_supertypes", "add_supertypes", "remove_supertypes"):
        vals = frozenset(_words(op))
        o.supertypes = (
            vals
            if kind == "set_supertypes"
            else o.supertypes | vals
            if kind == "add_supertypes"
            else o.supertypes - vals
        )
    elif kind == "set_colors":
        o.colors = frozenset(_words(op))
    elif kind == "add_colors":
        o.colors = o.colors | frozenset(_words(op))
    elif kind == "lose_all_abilities":
        o.abilities = ()
    elif kind == "remove_abilities":
        names = set(_words(op))
        o.abilities = tuple(a for a in o.abilities if a.name not in names)
    elif kind == "cant_have":
        banned = frozenset(_words(op))
        o.abilities = tuple(a for a in o.abilities if a.name not in banned)
        o.forbidden = o.forbidden | banned
    elif kind == "add_abilities":
        assert grant is not None
        eid, ts = grant
        added = []
        for i, ab in enumerate(cast("tuple[Ability, ...]", op.arg("values"))):
            name = display_name(ab)
            if name in o.forbidden:
                continue
            added.append(AbInst(ab, "grant", ("grant", eid, i, ab.key), (1, ts, i), ts, name))
        o.abilities = o.abilities + tuple(added)
    elif kind == "add_activated_abilities_of":
        assert grant is not None
        eid, ts = grant
        gained = []
        for term, inst in value:
            if inst.name in o.forbidden:
                continue
            gained.append(AbInst(inst.ability, "grant", ("grantof", eid, term), (1, ts, len(gained)), ts,
                                 inst.name))
        o.abilities = o.abilities + tuple(gained)
    elif kind == "set_pt":
        for key, v in value:
            setattr(o, key, v)
    elif kind == "modify_pt":
        for key, v in value:
            cur = getattr(o, key)
            setattr(o, key, (0 if cur is None else cur) + v)
    elif kind == "switch_pt":
        o.power, o.toughness = o.toughness, o.power
    else:
        raise ValueError(f"oracle: no layer meaning for operation {kind!r}")


def _subtypes(o: OObj, kind: str, vals: tuple[str, ...]) -> None:
    """Layer-4 subtype operations (CR 205.1a, 205.3d, 305.7)."""
    cats = o.categories()
    if kind == "remove_all_creature_types":
        o.subtypes = frozenset(s for s in o.subtypes if subtype_category(s) != "creature")
    elif kind == "add_all_creature_types":
        # CR 205.3m "every creature type"; 205.3d: only an object whose types have creature types
        if "creature" in cats:
            o.subtypes = o.subtypes | subtypes()["creature"]
    elif kind == "remove_subtypes":
        o.subtypes = o.subtypes - frozenset(vals)
    elif kind == "add_subtypes":
        # CR 205.3d: an object can't gain a subtype that doesn't correspond to its types.
        o.subtypes = o.subtypes | frozenset(v for v in vals if subtype_category(v) in cats)
    else:
        replaced = {subtype_category(v) for v in vals}
        land_vals = [v for v in vals if subtype_category(v) == "land"]
        if "Land" in o.types and land_vals and all(v in BASIC_LAND_TYPES for v in land_vals):
            # CR 305.7: the land loses the abilities of its rules text, old land types and
            # copy effects (abilities granted by other effects stay).
            o.abilities = tuple(a for a in o.abilities if a.origin not in ("text", "intrinsic"))
        kept = frozenset(s for s in o.subtypes if subtype_category(s) not in replaced)
        o.subtypes = kept | frozenset(v for v in vals if subtype_category(v) in cats)
    o.sync_intrinsic()


# --- Text change (CR 612) -----------------------------------------------------------------


def _text_change(o: OObj, frm: str, to: str) -> None:
    """CR 612.2: change the word in the object's rules text and type line (not in abilities
    granted by effects, 612.3)."""
    if frm not in COLORS:
        if frm in o.subtypes:
            o.subtypes = (o.subtypes - {frm}) | {to}
    new = []
    for a in o.abilities:
        if a.origin == "text":
            ab = _subst(a.ability, frm, to)
            a = AbInst(ab, a.origin, a.ident, a.order, a.grant_ts, display_name(ab))
        new.append(a)
    o.abilities = tuple(new)
    o.sync_intrinsic()


def _word_sub(text: str, frm: str, to: str) -> str:
    out = re.sub(rf"\b{re.escape(frm)}\b", to, text)
    return re.sub(rf"\b{re.escape(frm.capitalize())}\b", to.capitalize(), out)


def _subst(x: Any, frm: str, to: str) -> Any:
    """``x`` with every word ``frm`` replaced by ``to`` (ability keys kept); an ability name
    that says the word ("plainswalk" for Plains, "protection from red") says the new one
    (CR 612.2)."""
    if isinstance(x, str):
        if x == frm:
            return to
        if frm in COLORS and x.lower() == f"protection from {frm}":
            return f"protection from {to}"
        if x.lower() == f"{frm.lower()}walk" and frm not in COLORS:
            return f"{to.lower()}walk"
        return x
    if isinstance(x, tuple):
        return tuple(_subst(v, frm, to) for v in x)
    if is_dataclass(x) and not isinstance(x, type):
        changes = {}
        for f in fields(x):
            v = getattr(x, f.name)
            if f.name == "key":
                continue
            if isinstance(x, Ability) and f.name in ("name", "text") and isinstance(v, str):
                changes[f.name] = _word_sub(v, frm, to)
            else:
                changes[f.name] = _subst(v, frm, to)
        return replace(x, **changes)
    return x
