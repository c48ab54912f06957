"""Reading printed characteristics (CR 109.3) shared by catalog cards and inline objects."""

from __future__ import annotations

from dataclasses import replace

from pyengine.lang.effects import Ctx, _colors, _subtypes, _supertypes, _types, parse_ability
from pyengine.lang.yamlread import Cursor, describe
from pyengine.model import subtypes as subtype_table
from pyengine.model.mana import parse_cost
from pyengine.model.objects import Characteristics

CHAR_FIELDS = frozenset({"name", "mana_cost", "mana_value", "colors", "color_indicator",
                         "supertypes", "types", "subtypes", "power", "toughness", "loyalty",
                         "defense", "abilities", "keywords", "casting", "layout", "faces"})
# CR 709 split cards, 712.3 modal double-faced cards, 715 adventurer cards
LAYOUTS = ("split", "modal_dfc", "adventure")
# what a face has of its own (a card's name, when it has faces, is the catalog's name only)
FACE_FIELDS = CHAR_FIELDS - {"layout", "faces"} | {"oracle"}
# what a face may say besides, when its card may (a catalog card: what the half does, 608.2c)
FACE_EXTRA = frozenset({"does"})


def parse_characteristics(cur: Cursor, ctx: Ctx, extra: frozenset[str] = frozenset(),
                          name: str = "") -> Characteristics:
    """Characteristics from a mapping; colors follow the mana cost (CR 202.2) unless a color
    indicator (CR 204) or explicit ``colors`` says otherwise."""
    cur.mapping(CHAR_FIELDS | extra, "a card or object mapping")
    if cur.has("faces") or cur.has("layout"):
        return _two_faced(cur, ctx, name, extra & FACE_EXTRA)
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


def _two_faced(cur: Cursor, ctx: Ctx, name: str, extra: frozenset[str] = frozenset()) -> Characteristics:
    """A card with two faces (``layout`` and ``faces``): each face its own characteristics; the
    card's outside the stack are the two halves combined for a split card (CR 709.4, 709.4b:
    the combined mana cost, its colors and mana value; 709.4c: every type and ability), the
    first face's for a modal double-faced card (712.8a) or an adventurer card (715.4)."""
    layout = cur.req("layout").choice(LAYOUTS, "a card layout:")
    stray = [k for k in cur.value if k in CHAR_FIELDS - {"name", "layout", "faces"}]
    if stray:
        cur.get(stray[0]).fail(f"a {layout} card has its characteristics in its faces: "
                               f"give {stray[0]!r} in a face")
    items = cur.req("faces").seq("a list of two faces")
    if len(items) != 2:
        cur.get("faces").fail(f"a {layout} card has two faces (CR 709.1, 712.3, 715.2), not {len(items)}")
    faces = []
    seen: set[str] = set()
    for c in items:
        c.mapping(FACE_FIELDS | extra, "a face {name, mana_cost, types, ..., oracle, casting}")
        face = parse_characteristics(c, ctx, extra=frozenset({"oracle"}) | extra,
                                     name=c.req("name").string("the face's name"))
        spec = face.casting
        if spec is not None and (getattr(spec, "modes", ()) or getattr(spec, "kicker_targets", ())
                                 or getattr(spec, "additional", ())):
            c.get("casting").fail("a face's casting gives its targets and x (modes, kicker targets and "
                                  "additional costs of a face are not modelled yet)")
        ids = {t.id for t in getattr(spec, "all_targets", lambda: ())()}
        if ids & seen:
            c.get("casting").fail(f"target id {sorted(ids & seen)[0]!r} is used by both faces")
        seen |= ids
        faces.append(face)
    first, second = faces
    if layout != "split":
        return replace(first, layout=layout, faces=tuple(faces))
    cost = None
    if first.mana_cost is not None or second.mana_cost is not None:
        cost = (first.mana_cost or "") + (second.mana_cost or "")
    parsed = parse_cost(cost or "")

    def union(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
        return a + tuple(x for x in b if x not in a)

    return Characteristics(
        name=f"{first.name} // {second.name}",
        mana_cost=cost,
        mana_value=parsed.mana_value,
        colors=tuple(c for c in ("white", "blue", "black", "red", "green")
                     if c in first.colors + second.colors),
        supertypes=union(first.supertypes, second.supertypes),
        types=union(first.types, second.types),
        subtypes=union(first.subtypes, second.subtypes),
        abilities=first.abilities + second.abilities,
        oracle=first.oracle + "\n//\n" + second.oracle,
        layout=layout,
        faces=tuple(faces),
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


def parse_token_definition(cur: Cursor, ctx: Ctx) -> Characteristics:
    """An inline token definition (CR 111.3: the characteristics the effect defines). Its name is
    the ``name`` given (an effect that names its token: Minsc's Boo, 111.4) or else its
    subtypes followed by the word "Token" (111.4: a 1/1 red Goblin creature token is named
    Goblin Token)."""
    chars = parse_characteristics(cur, ctx)
    if cur.has("name"):
        return chars
    if not chars.subtypes:
        cur.fail("a token definition needs a name or subtypes (CR 111.4: an unnamed token is named "
                 "by its subtypes and the word \"Token\")")
    return replace(chars, name=token_name(chars.subtypes))


def token_name(subtypes: tuple[str, ...] | list[str]) -> str:
    """CR 111.4: the name of a token its effect doesn't name: its subtypes plus "Token"."""
    return " ".join((*subtypes, "Token"))
