"""Searching a library for cards with a stated quality, then shuffling it (CR 701.23, 701.24):
"Search your library for a basic land card, put it onto the battlefield tapped, then shuffle."

The instruction ``{kind: search, player: you, for: "basic land", count: 1,
to: battlefield|hand, tapped: false, reveal: false}`` of a ``do:`` (docs/effect-language.md):
the player searches their library for up to ``count`` cards whose supertypes, card types and
subtypes include every word of ``for`` (of one of its alternatives: "Island or Swamp";
701.23a), puts them ``to`` their hand or onto the battlefield (``tapped``), then shuffles
(701.24a). The cards found are the script's choice, given ahead
(``{search_choice: {player: P, found: [IDS]}}``, used by that player's next search), and must be
named cards of that library: the quality is a stated one, so the player may find fewer or none
(701.23b), and the game never chooses (no default). A found card is revealed only when the
instruction says so (701.23e). The move goes through the replacement engine.

Shuffling (701.24a) puts the library in a random order that nobody knows: the game does not pick
one. The player's named library cards become unnamed cards again (``library_size`` still counts
them) and none is on the bottom any more, so no card of the library is known to be at any place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event

RULE = "701.23a"
DESTINATIONS = ("hand", "battlefield")


def words(quality: str) -> tuple[str, ...]:
    """The quality's words, lower case ("basic land" -> ("basic", "land"))."""
    return tuple(w.lower() for w in quality.split())


def read(doc: dict[str, Any], cur: Cursor, players: Sequence[str]) -> Event:
    """``{kind: search, player: P, for: WORDS, count: N, to: hand|battlefield, tapped, reveal}``."""
    cur.mapping({"kind", "player", "for", "count", "to", "tapped", "reveal"},
                "{kind: search, player: P, for: WORDS, count: N, to: hand|battlefield, tapped: BOOL, "
                "reveal: BOOL} (CR 701.23a)")
    player = cur.req("player").choice(tuple(players), "a player id:") if cur.has("player") else players[0]
    quality = cur.req("for").string("the quality searched for (supertype, card type, subtype words)")
    if not words(quality):
        cur.get("for").fail("the quality searched for names no supertype, card type or subtype")
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    to = cur.get("to").choice(DESTINATIONS, "where the cards found go:") if cur.has("to") else "hand"
    tapped = cur.get("tapped").boolean() if cur.has("tapped") else False
    reveal = cur.get("reveal").boolean() if cur.has("reveal") else False
    return Event("search", (("player", ("p", player)), ("for", quality), ("count", count), ("to", to),
                            ("tapped", tapped), ("reveal", reveal)))


def matches(game: Game, oid: str, quality: str) -> bool:
    """The card has every word of the quality (of one of its alternatives joined by "or":
    "Island or Swamp") among its supertypes, card types and subtypes (its printed
    characteristics: a card in a library)."""
    o = next((x for x in game.state.objects if x.id == oid), None)
    if o is None or o.printed is None:
        return False
    c = o.printed
    have = {w.lower() for w in (*c.supertypes, *c.types, *c.subtypes)}
    return any(set(words(alt)) <= have for alt in quality.split(" or "))


def search(game: Game, e: Event, budget: Budget | float) -> Game:
    """``player`` searches their library (701.23a), the cards found go where the instruction says,
    then the player shuffles (701.24a)."""
    from pyengine.game.perform import perform

    player = e.get("player")[1]
    quality, count, to = e.get("for"), e.get("count"), e.get("to")
    ask = (f"{{search_choice: {{player: {player}, found: [IDS]}}}} before it happens (up to {count} "
           f"{quality} card(s) of {player}'s library; none may be found, 701.23b)")
    choice = next((c for c in game.look_choices if c.player == player), None)
    if choice is None:
        raise IllegalAction(RULE, f"{player} searches their library: the player chooses the cards found; "
                                  f"give {ask}")
    if choice.kind != "search":
        raise IllegalAction(RULE, f"{player} searches their library, but the next choice given is a "
                                  f"{choice.kind}'s; give {ask}")
    found = choice.top
    objs = {o.id: o for o in game.state.objects}
    if len(found) > count or len(set(found)) != len(found):
        raise IllegalAction(RULE, f"{player} searches for up to {count} card(s), got {', '.join(found)}")
    for oid in found:
        o = objs.get(oid)
        if o is None or o.zone != Zone.LIBRARY or o.owner != player:
            raise IllegalAction(RULE, f"{oid} is not a card of {player}'s library")
        if not matches(game, oid, quality):
            raise IllegalAction(RULE, f"{oid} is not a {quality} card (701.23a: a card that matches "
                                      "the given description)")
    game = game.clone(look_choices=tuple(c for c in game.look_choices if c is not choice))
    revealed = " (revealed, 701.23e)" if e.get("reveal") and found else ""
    game = game.emit(GameEvent("search", player=player, amount=len(found),
                               cause=f"{quality}: {', '.join(found) or 'none found'}{revealed}", rule=RULE))
    moves = [Event("move", (("object", ("o", oid)), ("count", 1), ("from", "library"), ("to", to),
                            ("cause", "effect"), ("position", None), ("control", None), ("as", None),
                            ("tapped", bool(e.get("tapped")) and to == "battlefield"), ("face", "front"),
                            ("choice", None))) for oid in found]
    if moves:
        game = perform(game, moves, rule=RULE, budget=budget)
    return shuffle(game, player)


def shuffle(game: Game, player: str) -> Game:
    """701.24a: the library in a random order nobody knows: its named cards become unnamed ones
    (still counted by ``library_size``), none known to be on top or on the bottom."""
    kept = tuple(o for o in game.state.objects if not (o.zone == Zone.LIBRARY and o.owner == player))
    bottom = tuple((p, ids) for p, ids in game.library_bottom if p != player)
    game = game.with_state(objects=kept).clone(library_bottom=bottom)
    return game.emit(GameEvent("shuffle", player=player, rule="701.24a"))
