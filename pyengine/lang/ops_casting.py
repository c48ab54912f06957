"""Casting operations and keywords of the effect language (CR 601.2f, 601.3, 702.33, 702.34,
702.51, 702.66, 702.96, 702.126), registered in :data:`pyengine.lang.effects.OPS` (area
``casting``) and :data:`pyengine.lang.effects.KEYWORDS`; read by the casting engine
(pyengine/cast/, asp/cast/).

======================== ===================================================================
operation                meaning
======================== ===================================================================
``cost_more``            ``{spells: FILTER, players: P, mana: "{1}"}``: spells matching FILTER
                         that P cast cost that much more (601.2f; Thalia, Guardian of Thraben)
``cost_less``            ``{spells: FILTER, players: P, mana: "{1}"}``: they cost that much
                         less (601.2f). A generic amount reduces only the generic part, never
                         below zero; a colored symbol reduces that color's requirement (and,
                         where the cost has less of it, the generic part by the difference)
``cost_minimum``         ``{spells: FILTER, players: P, mana: 3}``: a spell that would cost
                         less than N mana costs N, the difference as generic mana (Trinisphere;
                         applied after every increase and reduction, 601.2f)
``cant_cast``            ``{spells: FILTER, players: P}``: P can't cast such spells (101.2;
                         Steel Golem)
``flash_permission``     ``{spells: FILTER, players: P}``: P may cast such spells as though
                         they had flash (Vedalken Orrery)
``cast_from``            ``{spells: FILTER, players: P, zone: library | graveyard | exile,
                         play: true}``: P may cast such spells from the top of their library
                         (Future Sight, Garruk's Horde), their graveyard or exile (601.3);
                         ``play: true`` ("you may play that card"): a land card among them may
                         be played from exile too (305.1, 305.9; the glossary's "Play")
======================== ===================================================================

FILTER is a mapping of ``types`` (has all), ``any_types``, ``not_types``, ``colors`` (has all),
``any_colors``, ``not_colors``, ``subtypes``, ``any_subtypes`` over the spell's characteristics
as it is being cast (after layers; 601.3e), ``mana_value: {at_least: N, at_most: N, parity:
even | odd}`` (its mana value on the stack, X counted, 202.3e), ``names: [NAME...]`` (its name
is one of them, 201.2), ``from: [ZONE...]`` (the zone it is cast from) and ``self: true``
(the card with the ability itself: "you may cast this card from exile", 113.6f), ``objects: [ID...]``
(the spell is one of these cards: "you may play that card", the cards an effect exiled, 611.2c,
400.7); ``{}`` is every
spell. P is ``you`` (the effect's controller), ``opponent`` or ``each``.

Keywords: ``convoke``, ``delve``, ``improvise``, ``fuse`` (words), ``{kicker: "{1}{R}"}``,
``{flashback: "{2}{R}"}``, ``{overload: "{3}{R}{R}"}``, ``{bestow: "{3}{G}{G}"}``,
``{morph: "{2}{W}{W}"}``, ``{megamorph: "{1}{G}"}`` (702.37b: morph, and a +1/+1 counter as it is
turned face up for it), ``{disguise: "{X}{3}{W}"}`` (a mana cost each).
"""

from __future__ import annotations

from typing import Any

from pyengine.lang.effects import KEYWORDS, OPS, PARAM_KEYWORDS, Ctx, OpSpec, _colors, _subtypes, _types
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Arg
from pyengine.model.mana import parse_cost

AREA = "casting"
Args = tuple[tuple[str, Arg], ...]
FILTER_KEYS = ("types", "any_types", "not_types", "colors", "any_colors", "not_colors", "subtypes",
               "any_subtypes", "mana_value", "names", "from", "self", "objects")
WORD_FILTERS = FILTER_KEYS[:8]
MV_KEYS = ("at_least", "at_most", "parity")
CAST_ZONES = ("hand", "library", "graveyard", "exile", "command")
FROM_ZONES = ("library", "graveyard", "exile")
CASTERS = ("you", "opponent", "each")
COST_KEYWORDS = {"kicker": "702.33", "buyback": "702.27", "flashback": "702.34", "overload": "702.96",
                 "bestow": "702.103", "evoke": "702.74", "dash": "702.109",
                 "blitz": "702.152", "entwine": "702.42",
                 "surge": "702.117", "spectacle": "702.137", "madness": "702.35",
                 "replicate": "702.56", "emerge": "702.119",
                 "morph": "702.37", "disguise": "702.168",
                 "megamorph": "702.37b"}  # a megamorph cost is a morph cost (pyengine.game.keyword_faces)
WORD_KEYWORDS = ("convoke", "delve", "improvise", "fuse")


def parse_filter(cur: Cursor) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A spell filter: ((key, words), ...) with types and colors in lower case; a mana value
    bound as ("mv_at_least", ("N",)), ("mv_at_most", ("N",)) or ("mv_parity", ("even",)), names
    as written (compared case-insensitively) and zones as words."""
    cur.mapping(
        set(FILTER_KEYS),
        "a spell filter {types, any_types, not_types, colors, any_colors, not_colors, subtypes, "
        "any_subtypes, mana_value, names, from, self, objects}",
    )
    out: list[tuple[str, tuple[str, ...]]] = []
    for key in WORD_FILTERS:
        if cur.has(key):
            c = cur.get(key)
            words = _subtypes(c) if "subtypes" in key else _types(c) if "types" in key else _colors(c)
            out.append((key, tuple(sorted(w.lower() for w in words))))
    if cur.has("mana_value"):
        mv = cur.get("mana_value").mapping(set(MV_KEYS), "a mana value {at_least: N, at_most: N, parity: "
                                                         "even or odd} (CR 202.3)")
        if not any(mv.has(k) for k in MV_KEYS):
            mv.fail("expected at least one of at_least, at_most, parity")
        for k in ("at_least", "at_most"):
            if mv.has(k):
                out.append(("mv_" + k, (str(mv.get(k).integer("a mana value", minimum=0)),)))
        if mv.has("parity"):
            out.append(("mv_parity", (mv.get("parity").choice(("even", "odd"), "a parity:"),)))
    if cur.has("names"):
        names = cur.get("names").strings("a list of card names (CR 201.2)")
        out.append(("names", tuple(sorted({n.strip() for n in names}))))
    if cur.has("from"):
        zones = [c.choice(CAST_ZONES, "a zone a spell is cast from:") for c in _listish_cur(cur.get("from"))]
        out.append(("from", tuple(sorted(set(zones)))))
    if cur.has("self"):
        if not cur.get("self").boolean():
            cur.get("self").fail("self: true is the only value (this card; leave it out otherwise)")
        out.append(("self", ()))
    if cur.has("objects"):  # the cards an effect named (611.2c)
        out.append(("objects", tuple(cur.get("objects").strings("a list of card ids"))))
    return tuple(out)


def _listish_cur(cur: Cursor) -> list[Cursor]:
    return [cur] if isinstance(cur.value, str) else cur.seq("a list of zones")


def _caster(cur: Cursor) -> str:
    return cur.choice(CASTERS, "the players who cast the spells:")


def _common(cur: Cursor, extra: set[str]) -> list[tuple[str, Arg]]:
    cur.mapping(
        {"spells", "players"} | extra,
        "{spells: FILTER, players: P" + "".join(f", {k}: ..." for k in sorted(extra)) + "}",
    )
    spells = parse_filter(cur.get("spells")) if cur.has("spells") else ()
    players = _caster(cur.req("players"))
    return [("spells", spells), ("players", players)]


def _mana_amount(cur: Cursor) -> str:
    text = cur.string('mana symbols such as "{1}" or "{W}"')
    try:
        cost = parse_cost(text)
    except ValueError as exc:
        cur.fail(str(exc))
    bad = [s for s in cost.symbols if not (s.isdigit() or s in ("W", "U", "B", "R", "G", "C"))]
    if bad or not cost.symbols:
        cur.fail(f'expected generic or colored mana symbols such as "{{1}}" or "{{W}}", got {text!r}')
    return "".join("{" + s + "}" for s in cost.symbols)


def _p_cost(cur: Cursor, ctx: Ctx) -> Args:
    args = _common(cur, {"mana"})
    return (*args, ("mana", _mana_amount(cur.req("mana"))))


def _p_minimum(cur: Cursor, ctx: Ctx) -> Args:
    args = _common(cur, {"mana"})
    return (*args, ("mana", cur.req("mana").integer("a number of mana", minimum=1)))


def _p_plain(cur: Cursor, ctx: Ctx) -> Args:
    return tuple(_common(cur, set()))


def _p_from(cur: Cursor, ctx: Ctx) -> Args:
    args = _common(cur, {"zone", "play"})
    play = cur.get("play").boolean() if cur.has("play") else False
    if play and cur.req("zone").value != "exile":
        cur.get("play").fail("play: true is read for a permission to play cards from exile (305.1)")
    return (*args, ("zone", cur.req("zone").choice(FROM_ZONES, "the zone the spells may be cast from:")),
            ("play", play))


_FILTER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {k: {} for k in FILTER_KEYS},
}


def _schema(extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["players", *extra],
        "properties": {"spells": _FILTER_SCHEMA, "players": {"enum": list(CASTERS)}, **extra},
    }


def _register(name: str, parse: Any, schema: dict[str, Any], doc: str) -> None:
    OPS[name] = OpSpec(None, AREA, parse, False, schema, doc)


_register(
    "cost_more",
    _p_cost,
    _schema({"mana": {"type": "string"}}),
    "CR 601.2f: matching spells the players cast cost this much more.",
)
_register(
    "cost_less",
    _p_cost,
    _schema({"mana": {"type": "string"}}),
    "CR 601.2f: matching spells the players cast cost this much less (generic never below 0).",
)
_register(
    "cost_minimum",
    _p_minimum,
    _schema({"mana": {"type": "integer", "minimum": 1}}),
    "CR 601.2f: a matching spell that would cost less than N mana costs N (Trinisphere).",
)
_register("cant_cast", _p_plain, _schema({}), "CR 101.2: the players can't cast matching spells.")
_register(
    "flash_permission",
    _p_plain,
    _schema({}),
    "CR 601.3: the players may cast matching spells as though they had flash.",
)

_register(
    "cast_from",
    _p_from,
    {**_schema({"zone": {"enum": list(FROM_ZONES)}}),
     "properties": {**_schema({})["properties"], "zone": {"enum": list(FROM_ZONES)}, "play": {"type": "boolean"}}},
    "CR 601.3: the players may cast matching spells from the top of their library or from their graveyard.",
)

KEYWORDS.update(WORD_KEYWORDS)
for _word, _rule in COST_KEYWORDS.items():
    PARAM_KEYWORDS[_word] = f"a mana cost such as {{1}}{{R}} (CR {_rule})"
PARAM_KEYWORDS["affinity"] = ("what the spell costs {1} less for each of: artifacts (a card type's plural) "
                              "or a subtype's plural (CR 702.41a)")


def check_affinity(param: str, cur: Cursor) -> str:
    """Affinity's parameter: ``artifacts`` or a subtype's plural (702.41a)."""
    from pyengine.cast.affinity import what

    if what(param) is None:
        cur.fail(f"affinity for artifacts, or for a subtype's plural (Equipment, Islands), not {param!r} "
                 "(CR 702.41a)")
    return param.strip()


def check_cost_param(kind: str, param: str, cur: Cursor) -> str:
    """The cost of a kicker, flashback or overload keyword, as mana symbols."""
    try:
        cost = parse_cost(param)
    except ValueError as exc:
        cur.fail(f"{kind}: {exc}")
    if not cost.symbols:
        cur.fail(f"{kind} needs a mana cost such as {{1}}{{R}}")
    return "".join("{" + s + "}" for s in cost.symbols)
