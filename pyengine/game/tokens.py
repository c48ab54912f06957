"""Tokens in a game (CR 111): the inline token definitions an effect may create, and the id a
new token gets.

A token is created on the battlefield (111.1) by an event the replacement engine follows
(``create_tokens``, which may become several or other tokens, 614); its owner is the player
who created it (111.2). It is an ordinary permanent afterwards; one that leaves the
battlefield ceases to exist at the next check of state-based actions (111.7, 704.5d).
"""

from __future__ import annotations

import re
from typing import Any

from pyengine import catalog, walk
from pyengine.model.objects import Characteristics, GameState
from pyengine.model.triggers import Instruction
from pyengine.replacement import spec as S
from pyengine.replacement.event import state_token_defs


def known_defs(state: GameState, extra: Any = ()) -> dict[str, Characteristics]:
    """Token definitions by name: those of the state's effects (the replacement engine's) and
    those written inline in the ``create_tokens`` instructions of the objects' triggered
    abilities, of the catalog spells' ``does:`` and of ``extra`` (delayed abilities, and the
    events a script makes happen)."""
    found: dict[str, Any] = {}
    for name, chars in _defs(state, extra):
        found.setdefault(name, chars)
    return found


def ambiguous_names(state: GameState, extra: Any = ()) -> set[str]:
    """The names two different token definitions share (two unnamed 1/1 and 2/2 Goblin tokens
    are both Goblin Token, CR 111.4): the game, which knows a definition by its name, can't
    tell which one an event creates."""
    from pyengine.replacement.event import _unkeyed

    seen: dict[str, Any] = {}
    out = set()
    for name, chars in _defs(state, extra):
        if name in seen and _unkeyed(seen[name]) != _unkeyed(chars):
            out.add(name)
        seen.setdefault(name, chars)
    return out


def _defs(state: GameState, extra: Any) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = list(state_token_defs(state).items())
    cards = [catalog.lookup(o.card) for o in state.objects if o.card]
    does = [c.does.effects for c in cards if c is not None and c.does is not None]
    does += [f.effects for c in cards if c is not None for f in c.face_does if f is not None]
    does += [m for c in cards if c is not None and c.does is not None for m in c.does.modes]  # 700.2a
    faces = [o.other_face.abilities for o in state.objects if o.other_face is not None]  # 712.2
    for part in [*(o.printed.abilities for o in state.objects), *faces, *does]:
        out += _kept(part)
    out += _found(list(extra))
    return out


# the definitions found in a tuple of abilities or effects, by the tuple itself (kept with it,
# so that its id is not reused): a state's objects keep their printed abilities from one batch
# of events to the next, and a game looks for definitions at every batch
_PARTS: dict[int, tuple[Any, list[tuple[str, Any]]]] = {}


def _kept(part: Any) -> list[tuple[str, Any]]:
    if not isinstance(part, tuple):  # only what can't change is kept
        return _found(part)
    hit = _PARTS.get(id(part))
    if hit is not None and hit[0] is part:
        return hit[1]
    found = _found(part)
    if len(_PARTS) >= 4096:
        _PARTS.clear()
    _PARTS[id(part)] = (part, found)
    return found


def _found(part: Any) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for x in walk.values(part):
        if isinstance(x, Instruction) and x.kind == "create_tokens":
            chars = dict(x.fields).get("as")
            if isinstance(chars, Characteristics) and chars.name:
                out.append((chars.name, chars))
        elif isinstance(x, S.Value) and x.kind == "tokendef" and x.word is not None:
            out.append((x.word, x.chars))  # a token written inline in a script's events
    return out


TOKEN_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*-token-[1-9][0-9]*")
# an unnamed library card a scry or surveil looked at (pyengine.game.library)
CARD_ID = re.compile(r"[a-z0-9_]+(-[a-z0-9_]+)*-card-[1-9][0-9]*")


class ScriptIds(set[str]):
    """The object ids a script may name: the state's, the ids the game gives the tokens it
    creates (``NAME-token-N``) and the unnamed library cards a scry or surveil looks at
    (``PLAYER-card-N``); a token that doesn't exist when the action is taken makes the
    action illegal then (400.7), not the script malformed."""

    def __contains__(self, oid: object) -> bool:
        return super().__contains__(oid) or isinstance(oid, str) and (
            TOKEN_ID.fullmatch(oid) is not None or CARD_ID.fullmatch(oid) is not None)


def new_id(name: str, taken: set[str]) -> str:
    """``NAME-token-N``: the name in lower case with dashes (without the word "Token" that ends
    the name of a token its effect doesn't name, CR 111.4: a Goblin Token is ``goblin-token-1``),
    N the first number unused."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    slug = slug.removesuffix("-token") or "token"
    n = 1
    while f"{slug}-token-{n}" in taken:
        n += 1
    return f"{slug}-token-{n}"
