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
======================== ===================================================================

FILTER is a mapping of ``types`` (has all), ``any_types``, ``not_types``, ``colors`` (has all),
``any_colors``, ``not_colors`` over the spell's characteristics as it is being cast (after
layers); ``{}`` is every spell. P is ``you`` (the effect's controller), ``opponent`` or
``each``.

Keywords: ``convoke``, ``delve``, ``improvise``, ``fuse`` (words), ``{kicker: "{1}{R}"}``,
``{flashback: "{2}{R}"}``, ``{overload: "{3}{R}{R}"}``, ``{bestow: "{3}{G}{G}"}``,
``{morph: "{2}{W}{W}"}``, ``{disguise: "{X}{3}{W}"}`` (a mana cost each).
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
               "any_subtypes")
CASTERS = ("you", "opponent", "each")
COST_KEYWORDS = {"kicker": "702.33", "flashback": "702.34", "overload": "702.96", "bestow": "702.103",
                 "morph": "702.37", "disguise": "702.168"}
WORD_KEYWORDS = ("convoke", "delve", "improvise", "fuse")


def parse_filter(cur: Cursor) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A spell filter: ((key, words), ...) with types and colors in lower case."""
    cur.mapping(
        set(FILTER_KEYS),
        "a spell filter {types, any_types, not_types, colors, any_colors, not_colors, subtypes, "
        "any_subtypes}",
    )
    out = []
    for key in FILTER_KEYS:
        if cur.has(key):
            c = cur.get(key)
            words = _subtypes(c) if "subtypes" in key else _types(c) if "types" in key else _colors(c)
            out.append((key, tuple(sorted(w.lower() for w in words))))
    return tuple(out)


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

KEYWORDS.update(WORD_KEYWORDS)
for _word, _rule in COST_KEYWORDS.items():
    PARAM_KEYWORDS[_word] = f"a mana cost such as {{1}}{{R}} (CR {_rule})"


def check_cost_param(kind: str, param: str, cur: Cursor) -> str:
    """The cost of a kicker, flashback or overload keyword, as mana symbols."""
    try:
        cost = parse_cost(param)
    except ValueError as exc:
        cur.fail(f"{kind}: {exc}")
    if not cost.symbols:
        cur.fail(f"{kind} needs a mana cost such as {{1}}{{R}}")
    return "".join("{" + s + "}" for s in cost.symbols)
