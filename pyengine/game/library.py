"""Looking at the top of a library and putting the cards back: scry (CR 701.22) and surveil
(701.25), instructions of a resolving spell or ability (``{kind: scry, player: you, count: 2}``
in a ``do:``, docs/effect-language.md) or the script's ``events:``.

The library: a player's named library cards are its top cards, in the order of the state's
objects; below them its unnamed cards (``library_size`` counts all); below those the named cards
put on the bottom (``Game.library_bottom``, top first, the last the bottom-most card) by a scry
or by a move to the library with ``position: bottom`` (``position: top`` makes a card the top
card; 401.4). A card
looked at that is not a named object becomes one as it is looked at, its face unknown (no
characteristics), with the id ``PLAYER-card-N`` (N the first number unused: alice's first is
``alice-card-1``), so a choice can name it.

The choice is the script's, given ahead (``{scry_choice: {player, top, bottom}}``,
``{surveil_choice: {player, top, graveyard}}``) and used by that player's next scry or surveil;
without one the game stops rather than choose (no default), unless nothing is looked at. Scry
and surveil are performed in order with the events around them (608.2c), the cards a surveil
puts into a graveyard through the replacement engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.objects import Characteristics, GameObject, Player
from pyengine.replacement.event import Event

# kind -> (rule, where the cards not kept on top go, the script's choice key)
# search (701.23a, pyengine.game.search): performed in order with the events too; its choice
# keeps the cards found in ``top``
LOOK = {"scry": ("701.22a", "bottom", "scry_choice"), "surveil": ("701.25a", "graveyard", "surveil_choice"),
        "search": ("701.23a", "found", "search_choice"),
        "look": ("701.20e", "rest", "look_choice"),  # look at / reveal the top N: pyengine.game.look
        # exiling the top cards, then the permission to play them (pyengine.game.impulse): no choice
        "exile_top": ("701.13a", "exile", "")}
NO_EVENT = {"scry": "701.22b", "surveil": "701.25c"}  # scry 0 / surveil 0: no event
CHOICE_KEYS = frozenset(v[2] for v in LOOK.values() if v[2])


@dataclass(frozen=True)
class LookChoice:
    """Where a player puts the cards their next scry or surveil looks at: ``top`` kept on top
    in this order (top first), ``away`` the others (scry: on the bottom in this order, the last
    the bottom-most, 701.22a; surveil: into the graveyard, 701.25a)."""

    player: str
    kind: str
    top: tuple[str, ...]
    away: tuple[str, ...]


def look_event(kind: str, player: str, count: int) -> Event:
    """The instruction as an event of a resolving spell or ability (kept out of the replacement
    engine: the game performs it, :func:`perform_in_order`)."""
    return Event(kind, (("player", ("p", player)), ("count", count)))


def read_look(doc: dict[str, Any], cur: Cursor, players: Sequence[str]) -> Event:
    """``{kind: scry|surveil, player: P, count: N}`` (player ids filled in); a search's
    (pyengine.game.search)."""
    if doc.get("kind") == "search":
        from pyengine.game import search

        return search.read(doc, cur, players)
    if doc.get("kind") == "look":
        from pyengine.game import look

        return look.read(doc, cur, players)
    if doc.get("kind") == "exile_top":
        from pyengine.game import impulse

        return impulse.read(doc, cur, players)
    cur.mapping({"kind", "player", "count"}, f"a {doc.get('kind')} instruction {{kind, player, count}}")
    player = cur.req("player").choice(tuple(players), "a player id:")
    count = cur.get("count").integer("a count", 0) if cur.has("count") else 1
    return look_event(str(doc["kind"]), player, count)


def read_choice(reader: Any, key: str, cur: Cursor) -> LookChoice:
    """The script's ``{scry_choice: {player, top: [IDS], bottom: [IDS]}}`` or
    ``{surveil_choice: {player, top: [IDS], graveyard: [IDS]}}``, or
    ``{search_choice: {player, found: [IDS]}}`` (701.23a; the cards found kept in ``top``)."""
    kind = next(k for k, v in LOOK.items() if v[2] == key)
    if kind == "search":
        cur.mapping({"player", "found"}, "{player: P, found: [IDS]} (CR 701.23a)")
        player = reader.player(cur.req("player"))
        found = tuple(cur.get("found").strings("a list of card ids")) if cur.has("found") else ()
        for oid in found:
            if oid not in reader.ids:
                cur.get("found").fail(f"dangling card id {oid!r}: not an object")
        return LookChoice(player, kind, found, ())
    if kind == "look":  # the cards taken, and the rest (top first) (pyengine.game.look)
        cur.mapping({"player", "take", "rest"}, "{player: P, take: [IDS], rest: [IDS]} (CR 701.20e)")
        player = reader.player(cur.req("player"))
        got = []
        for field in ("take", "rest"):
            ids = tuple(cur.get(field).strings("a list of card ids")) if cur.has(field) else ()
            for oid in ids:
                if oid not in reader.ids:
                    cur.get(field).fail(f"dangling card id {oid!r}: neither an object nor an unnamed "
                                        "library card's id (PLAYER-card-N)")
            got.append(ids)
        return LookChoice(player, kind, got[0], got[1])
    away = LOOK[kind][1]
    cur.mapping({"player", "top", away}, f"{{player: P, top: [IDS], {away}: [IDS]}} (CR {LOOK[kind][0]})")
    player = reader.player(cur.req("player"))
    lists = []
    for field in ("top", away):
        ids = tuple(cur.get(field).strings("a list of card ids")) if cur.has(field) else ()
        for oid in ids:
            if oid not in reader.ids:
                cur.get(field).fail(f"dangling card id {oid!r}: neither an object nor an unnamed library "
                                    "card's id (PLAYER-card-N)")
        lists.append(ids)
    return LookChoice(player, kind, lists[0], lists[1])


def choose(game: Game, action: LookChoice) -> Game:
    """The choice kept until that player's next scry or surveil."""
    return game.clone(look_choices=game.look_choices + (action,))


def library(objs: dict[str, GameObject], order: list[str], pid: str,
            bottom: frozenset[str] = frozenset()) -> list[str]:
    """The named cards on top of ``pid``'s library, top first (as the scenario lists them, or
    as a scry or surveil put them back): those not put on its bottom (``bottom``)."""
    return [i for i in order if i in objs and objs[i].zone == Zone.LIBRARY and objs[i].owner == pid
            and i not in bottom]


def top_card(objs: dict[str, GameObject], order: list[str], players: dict[str, Player], pid: str,
             bottom: dict[str, tuple[str, ...]]) -> str | None:
    """The library's top card when it is a named object: the first named top card; with no
    unnamed card left above the named cards put on the bottom (pyengine.game.library), the
    first of those; else None (an unnamed card)."""
    below = bottom.get(pid, ())
    named = library(objs, order, pid, frozenset(below))
    if named:
        return named[0]
    under = [i for i in below if i in objs and objs[i].zone == Zone.LIBRARY]
    return under[0] if under and players[pid].library_size <= len(under) else None


def placed(oid: str, owner: str, f: dict[str, Any], order: list[str],
            bottom: dict[str, tuple[str, ...]]) -> None:
    """An object that changed zones is a new object (400.7): no longer a card put on the bottom
    of a library. A card put on top of a library is its top card; on the bottom, its bottom
    card (401.4; any other position: among its named cards, as before)."""
    for p, ids in list(bottom.items()):
        if oid in ids:
            bottom[p] = tuple(i for i in ids if i != oid)
    if f["to"] == "library" and f.get("position") == "bottom":
        bottom[owner] = bottom.get(owner, ()) + (oid,)
    elif f["to"] == "library" and f.get("position") == "top":
        order.remove(oid)
        order.insert(0, oid)


def bottom_of(game: Game, player: str) -> tuple[str, ...]:
    """The named cards on the bottom of ``player``'s library, top first."""
    return dict(game.library_bottom).get(player, ())


def perform_in_order(game: Game, events: Sequence[Event], perform: Any, **kw: Any) -> Game:
    """Events in order (608.2c): the runs of other events through ``perform`` (the replacement
    engine), each scry or surveil performed between them."""
    run: list[Event] = []
    choices = kw.pop("choices", ())
    ids = list(kw.pop("token_ids", ()))
    for e in [*events, None]:
        if e is not None and e.kind not in LOOK:
            run.append(e)
            continue
        if run:
            since = len(game.log)
            game = perform(game, run, choices=choices, token_ids=ids, **kw)
            made = sum(1 for g in game.log[since:] if g.kind == "create_token")
            choices, run, ids = (), [], ids[made:]  # the replacement choices: the first run's
        if e is not None and e.kind == "search":
            from pyengine.game.search import search

            game = search(game, e, kw.get("budget", 30.0))
        elif e is not None and e.kind == "look":
            from pyengine.game.look import look as look_at

            game = look_at(game, e, kw.get("budget", 30.0))
        elif e is not None and e.kind == "exile_top":
            from pyengine.game.impulse import exile_top

            game = exile_top(game, e, kw.get("budget", 30.0))
        elif e is not None:
            game = look(game, e.kind, e.get("player")[1], e.get("count"), kw.get("budget", 30.0))
    return game


def look(game: Game, kind: str, player: str, n: int, budget: Budget | float) -> Game:
    """``player`` scries or surveils ``n``: looks at the top ``n`` cards of their library (all of
    them when it has fewer: 609.3, only as much as possible) and puts them where the script's
    choice says (701.22a, 701.25a). Scry 0 and surveil 0 are no event (701.22b, 701.25c); with
    nothing to look at the event still happens (701.22d, 701.25d) and there is nothing to choose."""
    rule, away_word, key = LOOK[kind]
    if n <= 0:
        return game
    game, looked = _top_cards(game, player, n)
    if not looked:
        game = _use_empty_choice(game, player, kind)
        return game.emit(GameEvent(kind, player=player, amount=n, cause="nothing to look at", rule=rule))
    choice = next((c for c in game.look_choices if c.player == player), None)
    verb = "scries" if kind == "scry" else "surveils"
    ask = (f"{{{key}: {{player: {player}, top: [IDS], {away_word}: [IDS]}}}} before it happens "
           f"(cards looked at, top first: {', '.join(looked)})")
    if choice is None:
        raise IllegalAction(rule, f"{player} {verb} {n}: the player chooses where the cards go; give {ask}")
    if choice.kind != kind:
        raise IllegalAction(rule, f"{player} {verb} {n}, but the next choice given is a {choice.kind}'s; "
                                  f"give {ask}")
    placed = choice.top + choice.away
    if sorted(placed) != sorted(looked) or len(set(placed)) != len(placed):
        got = ", ".join(placed) or "none"
        raise IllegalAction(rule, f"{player} {verb} {n}: the choice must put each card looked at "
                                  f"({', '.join(looked)}) in exactly one place, got {got}")
    game = game.clone(look_choices=tuple(c for c in game.look_choices if c is not choice))
    bottom = [i for i in bottom_of(game, player) if i not in looked]
    if kind == "scry":
        bottom += list(choice.away)
    game = _set_bottom(game, player, tuple(bottom))
    game = _order_top(game, player, choice.top)
    if kind == "surveil" and choice.away:
        from pyengine.game.perform import perform

        moves = [Event("move", (("object", ("o", oid)), ("count", 1), ("from", "library"),
                                ("to", "graveyard"), ("cause", "effect"), ("position", None),
                                ("control", None), ("as", None), ("tapped", False), ("face", "front"),
                                ("choice", None))) for oid in choice.away]
        game = perform(game, moves, rule=rule, budget=budget)
    where = f"top: {', '.join(choice.top) or 'none'}; {away_word}: {', '.join(choice.away) or 'none'}"
    return game.emit(GameEvent(kind, player=player, amount=n, cause=where, rule=rule))  # 701.22d


def _use_empty_choice(game: Game, player: str, kind: str) -> Game:
    """Nothing to look at: a choice given for this one (placing no card) is used up."""
    empty = next((c for c in game.look_choices if c.player == player), None)
    if empty is not None and empty.kind == kind and not empty.top and not empty.away:
        return game.clone(look_choices=tuple(c for c in game.look_choices if c is not empty))
    return game


def _top_cards(game: Game, player: str, n: int) -> tuple[Game, list[str]]:
    """The ids of the top ``n`` cards of the library (fewer if it has fewer), the unnamed ones
    made card objects with unknown faces."""
    objs = {o.id: o for o in game.state.objects}
    order = [o.id for o in game.state.objects]
    bottom = [i for i in bottom_of(game, player) if i in objs and objs[i].zone == Zone.LIBRARY]
    top = library(objs, order, player, frozenset(bottom))
    size = game.state.player(player).library_size
    unnamed = max(0, size - len(top) - len(bottom))
    looked = top[:n]
    new = []
    taken = set(objs) | {e.obj for e in game.log if e.obj}
    for _ in range(min(unnamed, n - len(looked))):
        k = 1
        while f"{player}-card-{k}" in taken:
            k += 1
        oid = f"{player}-card-{k}"
        taken.add(oid)
        new.append(GameObject(oid, Characteristics(), owner=player, controller=player, zone=Zone.LIBRARY))
        looked.append(oid)
    looked += bottom[:max(0, n - len(looked))]
    if new:
        game = game.with_state(objects=game.state.objects + tuple(new))
    return game, looked


def _set_bottom(game: Game, player: str, ids: tuple[str, ...]) -> Game:
    kept = dict(game.library_bottom)
    kept[player] = ids
    return game.clone(library_bottom=tuple(sorted((p, v) for p, v in kept.items() if v)))


def _order_top(game: Game, player: str, kept: tuple[str, ...]) -> Game:
    """The cards kept on top, in the chosen order, above the player's other named top cards:
    the library's named top cards are in the order of the state's objects."""
    objs = {o.id: o for o in game.state.objects}
    order = [o.id for o in game.state.objects]
    top = library(objs, order, player, frozenset(bottom_of(game, player)))
    seq = list(kept) + [i for i in top if i not in kept]
    members, slots = set(seq), iter(seq)
    placed = tuple(objs[next(slots)] if o.id in members else o for o in game.state.objects)
    return game.with_state(objects=placed)
