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
# what a player has after the effects on players (CR 613.10, 613.11)
PLAYER_FIELDS = ("abilities", "max_hand_size", "land_plays")
PLAYERS_KEY = "players"  # the key of the players' expectations in ``expect``


@dataclass(frozen=True)
class CharacteristicsQuery:
    """Which objects and which characteristics to report."""

    objects: tuple[str, ...]
    fields: tuple[str, ...]
    kind: str = "characteristics"
    players: tuple[str, ...] = ()
    player_fields: tuple[str, ...] = PLAYER_FIELDS


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> CharacteristicsQuery:
    """``objects`` (default: every permanent), ``fields`` (default: all of FIELDS),
    ``players`` (default: none) and ``player_fields`` (default: all of PLAYER_FIELDS)."""
    cur.mapping({"kind", "objects", "fields", "players", "player_fields"}, "a characteristics query")
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
    players: tuple[str, ...] = ()
    if cur.has("players"):
        players = tuple(c.choice(state.player_ids, "a player id:") for c in cur.get("players").seq())
        clash = [o for o in objs if o == PLAYERS_KEY or o in {_player_key(p) for p in players}]
        if clash:
            cur.get("objects").fail(f"an object called {clash[0]!r} can't be queried with players: "
                                    f"'{PLAYERS_KEY}' in expect is the players' expectations")
    player_fields: tuple[str, ...] = PLAYER_FIELDS
    if cur.has("player_fields"):
        if not players:
            cur.get("player_fields").fail("player_fields needs players: the players to report")
        player_fields = tuple(c.choice(PLAYER_FIELDS, "a player field:")
                              for c in cur.get("player_fields").seq())
    return CharacteristicsQuery(objs, fields, players=players, player_fields=player_fields)


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


def _complete(cur: Cursor, ids: tuple[str, ...], kind: str, fields: tuple[str, ...], what: str,
              norm: Any) -> dict[str, dict[str, Any]]:
    """id -> {field: expected value} for every id and field the query asks for (expectations
    are complete for the query), each read by ``norm``."""
    out: dict[str, dict[str, Any]] = {}
    for i in ids:
        if not cur.has(i):
            cur.fail(f"missing expectation for {kind} {i!r} (the query asks for it)")
        sub = cur.get(i).mapping(set(fields), what)
        vals = {}
        for field in fields:
            if not sub.has(field):
                sub.fail(f"missing {field!r}: the query asks for {', '.join(fields)}")
            vals[field] = norm(field, sub.get(field))
        out[i] = vals
    return out


def _norm_player(field: str, cur: Cursor) -> Any:
    """Read one expected player value in its canonical form (PlayerChars)."""
    if field == "abilities":
        from pyengine.lang.ops_players import PLAYER_ABILITIES

        words = cur.strings("a list of player abilities") if cur.value != [] else []
        return tuple(sorted({_canon(w, list(PLAYER_ABILITIES), cur) for w in words}))
    word = "none" if field == "max_hand_size" else "any"
    if cur.value == word:
        return None
    return cur.integer(f"an integer {field} or {word!r}")


def parse_expect(cur: Cursor, query: CharacteristicsQuery, state: GameState) -> dict[str, dict[str, Any]]:
    """A mapping object id -> {characteristic: value}, and under ``players`` (when the query
    names players) player id -> {field: value}; every queried object, player and field must
    be given (expectations are complete for the query)."""
    keys = set(query.objects) | ({PLAYERS_KEY} if query.players else set())
    cur.mapping(keys, "a mapping from each queried object id to its characteristics"
                + (", and players" if query.players else ""))
    out: dict[str, dict[str, Any]] = {}
    if query.players:
        if not cur.has(PLAYERS_KEY):
            cur.fail(f"missing {PLAYERS_KEY!r}: the query asks for players {', '.join(query.players)}")
        psub = cur.get(PLAYERS_KEY).mapping(set(query.players), "a mapping from each queried player id")
        players = _complete(psub, query.players, "player", query.player_fields,
                            "a mapping of player values", _norm_player)
        for pid, vals in players.items():
            out[_player_key(pid)] = vals
    out.update(_complete(cur, query.objects, "object", query.fields, "a mapping of characteristics", _norm))
    return out


def solve(state: GameState, query: CharacteristicsQuery, timeout: float) -> Any:
    """Run the layer engine."""
    from pyengine.layers import compute

    return compute(state, timeout=timeout).select(query.objects, query.fields, query.players,
                                                  query.player_fields)


def _player_key(pid: str) -> str:
    """The key of a player's expectations among the objects' (no object id has a space)."""
    return f"player {pid}"


def compare(expect: dict[str, dict[str, Any]], answer: Any) -> list[str]:
    """Lines ``object.field: expected X, got Y`` (``player P.field`` for a player) for every
    difference."""
    from pyengine.layers.result import player_value_text

    diffs = []
    got = answer.values() | {_player_key(p): v for p, v in answer.players.items()}
    for oid, fields in expect.items():
        player = oid.startswith("player ")
        for field, want in fields.items():
            have = got.get(oid, {}).get(field)
            if have != want:
                if player:
                    diffs.append(f"{oid}.{field}: expected {player_value_text(field, want)}, "
                                 f"got {player_value_text(field, have)}")
                else:
                    diffs.append(f"{oid}.{field}: expected {_show(want)}, got {_show(have)}")
    return diffs


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return "none" if value is None or value == "" else str(value)


register(QueryKind("characteristics", parse_query, parse_expect, solve, compare))
