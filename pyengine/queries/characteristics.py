"""Query ``characteristics``: every queried object's characteristics after all continuous
effects (CR 613), with the layer-by-layer account of how they came about."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import CardType, Color, Supertype
from pyengine.model.objects import GameState
from pyengine.queries.base import QueryKind, register

FIELDS = ("name", "mana_value", "colors", "types", "subtypes", "supertypes", "abilities",
          "power", "toughness", "loyalty", "defense", "controller")
LIST_FIELDS = ("colors", "types", "subtypes", "supertypes", "abilities")
INT_FIELDS = ("mana_value", "power", "toughness", "loyalty", "defense")


@dataclass(frozen=True)
class CharacteristicsQuery:
    """Which objects and which characteristics to report."""

    objects: tuple[str, ...]
    fields: tuple[str, ...]
    kind: str = "characteristics"


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> CharacteristicsQuery:
    """``objects`` (default: every permanent) and ``fields`` (default: all of FIELDS)."""
    cur.mapping({"kind", "objects", "fields"}, "a characteristics query")
    ids = {o.id for o in state.objects}
    if cur.has("objects"):
        objs = tuple(cur.get("objects").strings("a list of object ids"))
        for i, oid in enumerate(objs):
            if oid not in ids:
                (cur.get("objects").seq()[i] if isinstance(cur.get("objects").value, list)
                 else cur.get("objects")).fail(f"dangling object id {oid!r}: no object has this id")
    else:
        objs = tuple(o.id for o in state.objects if o.zone.value == "battlefield")
    fields: tuple[str, ...] = FIELDS
    if cur.has("fields"):
        fields = tuple(c.choice(FIELDS, "a characteristic:") for c in cur.get("fields").seq())
    return CharacteristicsQuery(objs, fields)


def _norm(field: str, cur: Cursor) -> Any:
    """Read one expected value in its canonical form."""
    if field in LIST_FIELDS:
        words = cur.strings(f"a list for {field}") if cur.value != [] else []
        if field == "colors":
            words = [_canon(c, Color.words(), cur) for c in words]
        elif field == "types":
            words = [_canon(c, CardType.words(), cur) for c in words]
        elif field == "supertypes":
            words = [_canon(c, Supertype.words(), cur) for c in words]
        return tuple(sorted(set(words)))
    if field in INT_FIELDS:
        if cur.value is None:
            return None
        return cur.integer(f"an integer {field} (or null for none)")
    if field == "name" and cur.value is None:
        return ""  # no name: a face-down permanent (CR 708.2a) or a copy of one (707.2)
    return cur.string(f"a {field}" + (" (or null for no name)" if field == "name" else ""))


def _canon(word: str, options: list[str], cur: Cursor) -> str:
    for opt in options:
        if opt.lower() == word.lower():
            return opt
    cur.fail(f"expected one of {', '.join(options)}, got {word!r}")


def parse_expect(cur: Cursor, query: CharacteristicsQuery, state: GameState) -> dict[str, dict[str, Any]]:
    """A mapping object id -> {characteristic: value}; every queried object and field must
    be given (expectations are complete for the query)."""
    cur.mapping(set(query.objects), "a mapping from each queried object id to its characteristics")
    out: dict[str, dict[str, Any]] = {}
    for oid in query.objects:
        if not cur.has(oid):
            cur.fail(f"missing expectation for object {oid!r} (the query asks for it)")
        sub = cur.get(oid).mapping(set(query.fields), "a mapping of characteristics")
        vals = {}
        for field in query.fields:
            if not sub.has(field):
                sub.fail(f"missing {field!r}: the query asks for {', '.join(query.fields)}")
            vals[field] = _norm(field, sub.get(field))
        out[oid] = vals
    return out


def solve(state: GameState, query: CharacteristicsQuery, timeout: float) -> Any:
    """Run the layer engine."""
    from pyengine.layers import compute

    return compute(state, timeout=timeout).select(query.objects, query.fields)


def compare(expect: dict[str, dict[str, Any]], answer: Any) -> list[str]:
    """Lines ``object.field: expected X, got Y`` for every difference."""
    diffs = []
    got = answer.values()
    for oid, fields in expect.items():
        for field, want in fields.items():
            have = got.get(oid, {}).get(field)
            if have != want:
                diffs.append(f"{oid}.{field}: expected {_show(want)}, got {_show(have)}")
    return diffs


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return "none" if value is None or value == "" else str(value)


register(QueryKind("characteristics", parse_query, parse_expect, solve, compare))
