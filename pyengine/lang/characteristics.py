"""Reading printed characteristics (CR 109.3) shared by catalog cards and inline objects."""

from __future__ import annotations

from pyengine.lang.effects import Ctx, _colors, _subtypes, _supertypes, _types, parse_ability
from pyengine.lang.yamlread import Cursor, describe
from pyengine.model import subtypes as subtype_table
from pyengine.model.mana import parse_cost
from pyengine.model.objects import Characteristics

CHAR_FIELDS = frozenset({"name", "mana_cost", "mana_value", "colors", "color_indicator",
                         "supertypes", "types", "subtypes", "power", "toughness", "loyalty",
                         "defense", "abilities", "keywords", "casting"})


def parse_characteristics(cur: Cursor, ctx: Ctx, extra: frozenset[str] = frozenset(),
                          name: str = "") -> Characteristics:
    """Characteristics from a mapping; colors follow the mana cost (CR 202.2) unless a color
    indicator (CR 204) or explicit ``colors`` says otherwise."""
    cur.mapping(CHAR_FIELDS | extra, "a card or object mapping")
    mana_cost = None
    mana_value = 0
    colors: tuple[str, ...] = ()
    if cur.has("mana_cost") and cur.get("mana_cost").value is not None:
        mc = cur.get("mana_cost")
        try:
            cost = parse_cost(mc.string("a mana cost such as {1}{W}"))
        except ValueError as exc:
            mc.fail(str(exc))
        mana_cost = mc.value
        mana_value = cost.mana_value
        colors = cost.colors
    if cur.has("mana_value"):
        mv = cur.get("mana_value").integer("a mana value", minimum=0)
        if mana_cost is not None and mv != mana_value:
            cur.get("mana_value").fail(f"mana cost {mana_cost} has mana value {mana_value} "
                                       f"(CR 202.3), not {mv}")
        mana_value = mv
    for key in ("color_indicator", "colors"):
        if cur.has(key):
            # none or an empty list is colorless; anything else must be colors (0, false are mistakes)
            colors = tuple(_colors(cur.get(key))) if cur.get(key).value not in (None, []) else ()
    types = tuple(_types(cur.get("types"))) if cur.has("types") else ()
    subtypes = tuple(_subtypes(cur.get("subtypes"))) if cur.has("subtypes") else ()
    for word in subtypes:
        if not subtype_table.corresponds(word, types):
            need = " or ".join(sorted(subtype_table.CORRESPONDS[subtype_table.category(word) or ""]))
            cur.get("subtypes").fail(f"{word} is a {subtype_table.category(word)} type, so the object "
                                     f"must be a {need} (CR 205.3d), not {list(types)}")
    abilities = [parse_ability(c, ctx) for c in cur.get("abilities").seq()]
    abilities += [parse_ability(c, ctx) for c in cur.get("keywords").seq()]

    def num(key: str) -> int | None:
        if not cur.has(key) or cur.get(key).value is None:
            return None
        return cur.get(key).integer(f"an integer {key}")

    return Characteristics(
        name=cur.get("name").string("a name") if cur.has("name") else name,
        mana_cost=mana_cost,
        mana_value=mana_value,
        colors=colors,
        supertypes=tuple(_supertypes(cur.get("supertypes"))) if cur.has("supertypes") else (),
        types=types,
        subtypes=subtypes,
        power=num("power"),
        toughness=num("toughness"),
        loyalty=num("loyalty"),
        defense=num("defense"),
        abilities=tuple(abilities),
        oracle=_oracle(cur.get("oracle")) if cur.has("oracle") else "",
        casting=_casting(cur, mana_cost),
    )


def _casting(cur: Cursor, mana_cost: str | None) -> object:
    """The ``casting`` field (pyengine/cast/spec.py), read by the casting engine."""
    if not cur.has("casting"):
        return None
    from pyengine.cast.spec import parse_casting

    return parse_casting(cur.get("casting"), mana_cost)


def _oracle(cur: Cursor) -> str:
    """The rules text, for readers: a string ("" for none); anything else is a mistake."""
    if not isinstance(cur.value, str):
        cur.fail(f"expected the rules text as a string (\"\" for none), got {describe(cur.value)}")
    return cur.value
