"""Events as the replacement engine sees them (CR 614.1, 700.1): a kind and its fields.

Values: an object is ``("o", id)``, a player ``("p", id)``, the top cards of a player's
library ``("top", player)``, an unnamed card in a player's zone ``("card", player, zone)``,
a token being created ``("token",)``; integers, booleans, words (zones, causes, steps: str)
and texts (counter kinds) as themselves; ``None`` for "none".
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from pyengine import walk
from pyengine.lang.counters import counter_kind
from pyengine.lang.yamlread import Cursor
from pyengine.model.objects import GameState
from pyengine.replacement import spec as S

Value = Any
_WORD = re.compile(r"^[a-z][a-z0-9_]*$")

# the largest count of an event asked about (draws, tokens, cards moved)
MAX_COUNT = 100


@dataclass(frozen=True)
class Event:
    """One event: its kind (a base kind of :data:`spec.KIND_FIELDS`) and every field of that
    kind in signature order (``empty``: a draw from an empty library, outcomes only)."""

    kind: str
    fields: tuple[tuple[str, Value], ...]

    def get(self, name: str) -> Value:
        """The value of field ``name`` (KeyError if the kind has no such field)."""
        for k, v in self.fields:
            if k == name:
                return v
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """``{kind, field: value...}`` with objects and players as their ids."""
        out: dict[str, Any] = {"kind": self.kind}
        for k, v in self.fields:
            out[k] = show_value(v)
        return out

    def render(self) -> str:
        """A sentence saying what happens."""
        return render(self)


def show_value(v: Value) -> Any:
    """A JSON-ready form of a field value."""
    if isinstance(v, tuple):
        if v[0] in ("o", "p"):
            return v[1]
        if v[0] == "top":
            return {"top_of": v[1]}
        if v[0] == "card":
            return {"card_in": v[2], "owner": v[1]}
        if v[0] == "tokdef":
            return {"token": v[1]}
        return "token"
    return v


def _name(v: Value) -> str:
    if isinstance(v, tuple):
        if v[0] in ("o", "p"):
            return str(v[1])
        if v[0] == "top":
            return f"the top card(s) of {v[1]}'s library"
        if v[0] == "card":
            return f"a card from {v[1]}'s {v[2]}"
        if v[0] == "tokdef":
            return f"a {v[1]} token"
        return "a token"
    return "nothing" if v is None else str(v)


def render(e: Event) -> str:
    """A readable sentence for an event."""
    f = dict(e.fields)
    if e.kind == "damage":
        return (f"{_name(f['source'])} deals {f['amount']} {'combat ' if f['combat'] else ''}"
                f"damage to {_name(f['target'])}")
    if e.kind == "move":
        n = f"{f['count']} × " if f["count"] != 1 else ""
        if f["to"] == "battlefield":
            token = f["object"] == ("token",)
            what = (f" (a token: {_name(f['as'])})" if token else
                    f" as a copy of {_name(f['as'])}" if f["as"] not in (None, f["object"]) else "")
            extra = "".join([what, f" under {_name(f['control'])}'s control",
                             " tapped" if f["tapped"] else "", " back face up" if f["face"] == "back" else "",
                             f" ({f['choice']} chosen)" if f["choice"] else ""])
            frm = "" if f["from"] is None else f" from {f['from']}"
            return f"{n}{_name(f['object'])} enters the battlefield{frm}{extra} ({f['cause']})"
        pos = f" ({f['position']})" if f["position"] else ""
        return f"{n}{_name(f['object'])} moves from {f['from']} to {f['to']}{pos} ({f['cause']})"
    if e.kind == "regenerate":
        return f"{_name(f['object'])} regenerates: all damage is removed from it and it is tapped"
    if e.kind == "draw":
        return f"{_name(f['player'])} draws a card" + (" from an empty library" if f.get("empty") else "") \
            if f["count"] == 1 else f"{_name(f['player'])} draws {f['count']} cards"
    if e.kind in ("gain_life", "lose_life", "pay_life"):
        verb = {"gain_life": "gains", "lose_life": "loses", "pay_life": "pays"}[e.kind]
        return f"{_name(f['player'])} {verb} {f['amount']} life"
    if e.kind == "set_life":
        return f"{_name(f['player'])}'s life total becomes {f['amount']}"
    if e.kind == "counters":
        return f"{f['amount']} {f['counter']} counter(s) are put on {_name(f['target'])} by {_name(f['by'])}"
    if e.kind == "remove_counters":
        return f"{f['amount']} {f['counter']} counter(s) are removed from {_name(f['target'])}"
    if e.kind == "create_tokens":
        return f"{_name(f['control'])} creates {f['count']} token(s) ({_name(f['as'])})"
    if e.kind == "begin":
        return f"{_name(f['player'])}'s {f['which']} {f['what']} begins"
    if e.kind == "lose_game":
        return f"{_name(f['player'])} loses the game"
    if e.kind == "win_game":
        return f"{_name(f['player'])} wins the game"
    return f"{_name(f.get('player'))}: {f.get('text')}"


# --- Reading events from scenarios --------------------------------------------------------

class EventReader:
    """Reads event mappings against a game state (ids are checked; defaults filled in)."""

    def __init__(self, state: GameState, outcome: bool = False,
                 token_names: frozenset[str] | None = None) -> None:
        self.state = state
        self.outcome = outcome  # expectations: tokens and draws from empty libraries allowed
        self.objects = {o.id for o in state.objects}
        self.players = set(state.player_ids)
        # name -> Characteristics of inline tokens: those of the state's effects, then the query's
        self.known = state_token_defs(state)
        self.token_defs: dict[str, Any] = {}
        self.token_names = token_names  # outcomes: the names a token may have been defined by

    def event(self, cur: Cursor) -> Event:
        """``{kind: K, FIELD: VALUE...}``; sugar kinds (destroy, dies, enter...) imply fields."""
        cur.mapping(None, "an event such as {kind: damage, source: bolt, target: bears, amount: 3}")
        word = cur.req("kind").choice(tuple(S.KIND_FIELDS) + tuple(S.SUGAR), "an event kind:")
        kind = S.base_kind(word)
        names = S.KIND_FIELDS[kind] + (("empty",) if self.outcome and kind == "draw" else ())
        allowed = (set(names) | {"kind"} | ({"token"} if kind == "create_tokens" else set())
                   | ({"times"} if self.outcome else set()))
        cur.mapping(allowed, f"a {kind} event")
        given: dict[str, Value] = {k: str(v) for k, v in S.SUGAR.get(word, (kind, ()))[1]}
        for key, sub in cur.items():
            if key in ("kind", "times"):
                continue
            field = "as" if key == "token" else key
            given[field] = self.value(sub, field)
        event = Event(kind, tuple((f, self._default(kind, f, given, cur)) for f in names))
        obj = given.get("object")
        if kind == "move" and not self.outcome and isinstance(obj, tuple) and obj[0] == "o":
            zone = self.state.object(obj[1]).zone.value
            if event.get("from") != zone:
                at = cur.get("from") if cur.has("from") else cur.get("kind")
                at.fail(f"{obj[1]!r} is in the {zone}, so it can't move from the {event.get('from')} "
                        "(CR 400.7; to destroy, sacrifice or die, a permanent leaves the battlefield, "
                        "CR 701.8a, 701.21a, 700.4)")
        return event

    def value(self, cur: Cursor, field: str) -> Value:
        """One field value."""
        if field in S.INT_FIELDS:
            n = cur.integer(f"an integer {field}", 0)
            if field == "count" and not self.outcome and n > MAX_COUNT:
                # each draw (CR 121.2) or token is followed on its own: beyond this the
                # grounder alone outlasts any time limit
                cur.fail(f"expected a count from 0 to {MAX_COUNT} (the replacement engine follows "
                         f"each one separately), got {n}")
            return n
        if field in S.BOOL_FIELDS or field == "empty":
            return cur.boolean()
        if field in S.TEXT_FIELDS:
            text = cur.string(f"a {field}")
            return counter_kind(text, cur) if field == "counter" else text
        if field in S.WORD_FIELDS:
            if cur.value is None:
                return None
            options = S.WORD_FIELDS[field]
            word = cur.string(f"a {field}")
            if options and word not in options:
                cur.fail(f"expected a {field}: {', '.join(options)}; got {word!r}")
            if not _WORD.match(word):
                cur.fail(f"expected a lowercase word for {field}, got {word!r}")
            return None if word == "none" else word
        if isinstance(cur.value, dict) and field == "as":
            return self._token(cur)
        if field == "as" and type(cur.value).__name__ == "Characteristics":  # parsed already
            self.token_defs[cur.value.name] = cur.value
            return ("tokdef", cur.value.name)
        if isinstance(cur.value, dict):
            cur.mapping({"top_of", "card_in", "owner"}, "{top_of: PLAYER} or {card_in: ZONE, owner: PLAYER}")
            if cur.has("top_of"):
                return ("top", self._player(cur.get("top_of")))
            zone = cur.req("card_in").choice(S.ZONES, "a zone:")
            return ("card", self._player(cur.req("owner")), zone)
        if cur.value is None and field in ("control", "as"):
            return None
        word = cur.string(f"an id for {field}")
        # in an outcome, a token created by the event: the one that moves, or the one that
        # counters are put on as it enters (target)
        if word == "token" and self.outcome and (field == "object" or field in S.EITHER_FIELDS
                                                 and word not in self.objects and word not in self.players):
            return ("token",)
        if field in S.PLAYER_FIELDS:
            return ("p", self._player(cur))
        if field in S.EITHER_FIELDS:
            if word in self.players and word in self.objects:
                cur.fail(f"{word!r} is both a player and an object id; rename one")
            if word in self.players:
                return ("p", word)
        if word not in self.objects:
            cur.fail(f"dangling object id {word!r}: no object has this id")
        return ("o", word)

    def _token(self, cur: Cursor) -> Value:
        """``{token: NAME}`` (an inline token in an outcome) or an inline token definition."""
        if set(cur.value) == {"token"}:
            name = cur.get("token").string("a token name")
            if self.token_names is not None and name not in self.token_names:
                cur.get("token").fail(f"no token definition is named {name!r} (the query's and the "
                                      f"effects' are: {', '.join(sorted(self.token_names)) or 'none'})")
            return ("tokdef", name)
        if self.outcome:
            cur.fail("expected {token: NAME} or an object id")
        from pyengine.lang.characteristics import parse_token_definition
        from pyengine.lang.effects import Ctx

        ctx = Ctx(players=tuple(sorted(self.players)), key_prefix="token")
        chars = parse_token_definition(cur, ctx)
        for ref, at in ctx.object_refs:
            if ref not in self.objects:
                at.fail(f"dangling object id {ref!r}: no object has this id")
        for ref, at in ctx.player_refs:
            if ref not in self.players:
                at.fail(f"unknown player {ref!r}; expected one of: {', '.join(sorted(self.players))}")
        # a token definition is known by its name (the engines' tokdef(NAME), `token~NAME`)
        other = self.token_defs.get(chars.name, self.known.get(chars.name))
        if other is not None and _unkeyed(other) != _unkeyed(chars):
            at = cur.get("name") if cur.has("name") else cur
            at.fail(f"another token definition is already named {chars.name!r} (CR 111.4); "
                    "give each definition its own name")
        self.token_defs[chars.name] = chars
        return ("tokdef", chars.name)

    def _player(self, cur: Cursor) -> str:
        return cur.choice(sorted(self.players), "a player id:")

    def _default(self, kind: str, field: str, given: dict[str, Value], cur: Cursor) -> Value:
        if field in given:
            return given[field]
        simple = {"combat": False, "count": 1, "cause": "effect", "position": None, "tapped": False,
                  "face": "front", "choice": None, "damage": False, "what": "step", "empty": False}
        if kind == "gain_life" and field == "cause":
            return "effect"
        if field in simple:
            return simple[field]
        obj = given.get("object")
        if kind == "move" and field == "from":
            if isinstance(obj, tuple) and obj[0] == "o":
                return self.state.object(obj[1]).zone.value
            cur.fail("missing required field 'from' (the zone the object leaves)")
        if kind == "move" and field in ("control", "as"):
            if given.get("to") != "battlefield" or not (isinstance(obj, tuple) and obj[0] == "o"):
                return None
            o = self.state.object(obj[1])
            if field == "as":
                return obj
            # CR 608.3a: a resolving permanent spell enters under its controller's control;
            # a card from another zone has no controller: its owner puts it there.
            zone = given.get("from", o.zone.value)
            return ("p", o.controller if zone in ("stack", "battlefield") else o.owner)
        if kind == "counters" and field == "by":
            on = given.get("target")
            if isinstance(on, tuple) and on[0] == "p":
                return on
            if isinstance(on, tuple) and on[0] == "o":
                return ("p", self.state.object(on[1]).controller)
        if kind == "begin" and field == "player":
            return ("p", self.state.turn.active)
        cur.fail(f"missing required field {field!r} of a {kind} event")


def _unkeyed(chars: Any) -> Any:
    """Characteristics without their abilities' keys (which say where they were written)."""
    return dataclasses.replace(chars, abilities=tuple(dataclasses.replace(a, key="")
                                                      for a in chars.abilities))


def state_token_defs(state: GameState) -> dict[str, Any]:
    """The tokens defined inline in the state's effects (the abilities of its objects and its
    resolved effects): name -> characteristics. Found once per state (the states are
    immutable; a scenario's loading and query read the same one several times, and walking
    every ability costs about a millisecond on a board of a few cards)."""
    for seen, found in _TOKEN_DEFS:
        if seen is state:
            return dict(found)
    found = _state_token_defs(state)
    _TOKEN_DEFS.insert(0, (state, found))
    del _TOKEN_DEFS[4:]
    return dict(found)


# the last few states asked (kept by identity, with the state itself so its id is not reused)
_TOKEN_DEFS: list[tuple[GameState, dict[str, Any]]] = []


def _state_token_defs(state: GameState) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for x in walk.values([[o.printed.abilities for o in state.objects],
                          [e.definition for e in state.effects]]):
        if isinstance(x, S.Value) and x.kind == "tokendef" and x.word is not None:
            found.setdefault(x.word, x.chars)
    return found


def times(cur: Cursor) -> int:
    """``times: N`` on an expected event: it happens N times (default 1)."""
    return cur.get("times").integer("a number of times", 1) if cur.has("times") else 1
