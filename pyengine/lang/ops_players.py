"""Player operations of the effect language (CR 613.10, 613.11): effects that give players
abilities or change the rules for a player, registered in :data:`pyengine.lang.effects.OPS`
with area ``players``. None has ``affects``: ``players`` says whom the effect is about.

======================== ===================================================================
operation                meaning
======================== ===================================================================
``players_gain``         ``{players: P, abilities: [A...]}``: each player P has the abilities
                         (613.10; "You have hexproof": Leyline of Sanctity; "you gain
                         protection from everything": Teferi's Protection)
``players_lose``         ``{players: P, abilities: [A...]}``: each player P loses them (613.10)
``max_hand_size``        ``{players: P, set: N}`` "P's maximum hand size is N" (Null Profusion),
                         ``{players: P, no_maximum: true}`` "P has no maximum hand size"
                         (Spellbook, Reliquary Tower), ``{players: P, modify: N}`` "P's maximum
                         hand size is increased (N > 0) or reduced (N < 0) by |N|" (Jin-Gitaxias,
                         Core Augur); 402.2, 613.11
``land_plays``           ``{players: P, add: N}`` "P may play N additional lands on each of
                         their turns" (Exploration, Azusa), ``{players: P, any_number: true}``
                         "any number of lands" (Fastbond); 305.2, 613.11
``cant_play_lands``      ``{players: P}`` "P can't play lands" (this turn, with a duration):
                         P may play no land whatever else lets them play lands; the "can't"
                         effect wins over every permission (101.2, 305.2b), whatever the
                         timestamps
======================== ===================================================================

P is ``you`` (the effect's controller), ``opponent`` (each opponent), ``each`` (every
player), ``active``, ``nonactive`` or a player id. A player ability A is ``hexproof``,
``shroud``, ``protection from everything`` or ``protection from COLOR`` (702.11, 702.18,
702.16).

The layer engine applies them after every object's characteristics are known, in timestamp
order (613.7, 613.10, 613.11; asp/layers/players.lp).
"""

from __future__ import annotations

from typing import Any

from pyengine.lang.effects import OPS, Ctx, OpSpec, parse_player_ref
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Arg, PlayerRef
from pyengine.model.enums import Color

AREA = "players"
Args = tuple[tuple[str, Arg], ...]

# the player selectors: PlayerRef kinds, plus "each" (every player)
PLAYER_WORDS = ("you", "opponent", "each", "active", "nonactive")
PLAYER_ABILITIES = ("hexproof", "shroud", "protection from everything",
                    *(f"protection from {c}" for c in Color.words()))


def parse_players(cur: Cursor, ctx: Ctx) -> PlayerRef:
    """``you``, ``opponent``, ``each``, ``active``, ``nonactive`` or a player id."""
    word = cur.string("the players: you, opponent, each, active, nonactive or a player id")
    if word == "each":
        return PlayerRef("each")
    if word in ("owner", "defending"):
        cur.fail(f"'{word}' names no player here: an effect on players has no affected object "
                 "and no combat; expected you, opponent, each, active, nonactive or a player id")
    return parse_player_ref(cur, ctx)


def _abilities(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"players", "abilities"}, "{players: PLAYERS, abilities: [ABILITY...]}")
    players = parse_players(cur.req("players"), ctx)
    items = cur.req("abilities").seq("a list of player abilities")
    if not items:
        cur.get("abilities").fail("expected at least one player ability: " + ", ".join(PLAYER_ABILITIES))
    names = []
    for item in items:
        word = " ".join(item.string("a player ability").lower().split())
        if word not in PLAYER_ABILITIES:
            item.fail(f"unknown player ability {word!r}; expected one of: " + ", ".join(PLAYER_ABILITIES))
        names.append(word)
    return (("players", players), ("abilities", tuple(dict.fromkeys(names))))


def _one_of(cur: Cursor, keys: tuple[str, ...], what: str) -> str:
    given = [k for k in keys if cur.has(k)]
    if len(given) != 1:
        cur.fail(f"expected exactly one of {', '.join(keys)} ({what})")
    return given[0]


def _hand_size(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"players", "set", "no_maximum", "modify"},
                "{players: PLAYERS, set: N | no_maximum: true | modify: N}")
    players = parse_players(cur.req("players"), ctx)
    key = _one_of(cur, ("set", "no_maximum", "modify"), "how the maximum hand size changes")
    sub = cur.get(key)
    if key == "set":
        return (("players", players), ("set", sub.integer("a maximum hand size", minimum=0)))
    if key == "modify":
        n = sub.integer("the change of the maximum hand size (negative: reduced)")
        if n == 0:
            sub.fail("expected a nonzero change (negative: reduced)")
        return (("players", players), ("modify", n))
    if sub.value is not True:
        sub.fail("expected true")
    return (("players", players), ("no_maximum", True))


def _land_plays(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"players", "add", "any_number"}, "{players: PLAYERS, add: N | any_number: true}")
    players = parse_players(cur.req("players"), ctx)
    key = _one_of(cur, ("add", "any_number"), "how many more lands the players may play")
    sub = cur.get(key)
    if key == "add":
        return (("players", players), ("add", sub.integer("a number of additional lands", minimum=1)))
    if sub.value is not True:
        sub.fail("expected true")
    return (("players", players), ("any_number", True))


def _cant_play_lands(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"players"}, "{players: PLAYERS}")
    return (("players", parse_players(cur.req("players"), ctx)), ("cant", True))


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


PLAYERS_SCHEMA: dict[str, Any] = {
    "type": "string", "pattern": r"\S",
    "description": "you, opponent, each, active, nonactive or a player id",
}
_ABILITIES_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["players", "abilities"],
    "properties": {"players": PLAYERS_SCHEMA,
                   "abilities": {"type": "array", "minItems": 1,
                                 "items": {"type": "string", "enum": list(PLAYER_ABILITIES)}}},
}


def _exactly_one(props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object", "additionalProperties": False, "required": ["players"],
        "properties": {"players": PLAYERS_SCHEMA, **props},
        "oneOf": [{"required": [k]} for k in props],
    }


def _register(name: str, parse: Any, schema: dict[str, Any], doc: str) -> None:
    OPS[name] = OpSpec(None, AREA, parse, False, schema, doc)


_register("players_gain", _abilities, _ABILITIES_SCHEMA,
          "CR 613.10: each of the players has these abilities (hexproof, shroud, protection).")
_register("players_lose", _abilities, _ABILITIES_SCHEMA,
          "CR 613.10: each of the players loses these abilities.")
_register("max_hand_size",
          _hand_size,
          _exactly_one({"set": {"type": "integer", "minimum": 0}, "no_maximum": _ref("true"),
                        "modify": {"type": "integer", "not": {"const": 0}}}),
          "CR 402.2, 613.11: the players' maximum hand size is N (set), has no maximum "
          "(no_maximum) or is increased or reduced by N (modify), in timestamp order.")
_register("land_plays",
          _land_plays,
          _exactly_one({"add": {"type": "integer", "minimum": 1}, "any_number": _ref("true")}),
          "CR 305.2, 613.11: the players may play N additional lands (add) or any number of "
          "lands (any_number) on each of their turns.")
_register("cant_play_lands",
          _cant_play_lands,
          {"type": "object", "additionalProperties": False, "required": ["players"],
           "properties": {"players": PLAYERS_SCHEMA}},
          "CR 101.2, 305.2b: the players can't play lands; this wins over every effect that lets "
          "them play lands (additional lands, any number).")
