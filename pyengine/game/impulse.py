"""Exiling the top cards of a library, and the permission to play them ("impulse draw"):
"Exile the top card of your library. You may play that card this turn." (CR 701.13a, 406.1,
611.2a, 601.3, 305.1).

The instruction ``{kind: exile_top, player: you, count: N, may: play|cast, duration:
end_of_turn|end_of_your_next_turn}`` of a ``do:`` (docs/effect-language.md): the player exiles
the top ``count`` cards of their library (all of them when it has fewer, 609.3), the named top
cards first, then unnamed ones made card objects with an unknown face (pyengine.game.library),
each moved through the replacement engine (701.13a). With ``may``, the resolving spell or ability
then creates a continuous effect (611.2a) with that duration: the player may cast those cards
(``cast_from`` with ``spells: {objects: [IDS]}``, zone exile, 601.3), and with ``may: play``
play a land card among them (305.1; "play" is to play a land or cast a spell, the glossary's
"Play"). The cards are those that were exiled (a card a replacement effect put elsewhere is not
among them); a card that leaves exile is a new object (400.7) the permission no longer names.
The permission ends with its duration (514.2: "this turn" and "until end of turn" in the cleanup
step; "until the end of your next turn" in the cleanup step of its controller's next turn); a
card not played stays exiled (406.1). A land played this way is the turn's land play (305.2a).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import EffectDef, Op, ResolvedEffect
from pyengine.model.enums import Duration, Zone
from pyengine.replacement.event import Event

RULE = "701.13a"
MAYS = ("play", "cast")
DURATIONS = ("end_of_turn", "end_of_your_next_turn")


def read(doc: dict[str, Any], cur: Cursor, players: Sequence[str]) -> Event:
    """``{kind: exile_top, player: P, count: N, may: play|cast, duration: ...}``."""
    cur.mapping({"kind", "player", "count", "may", "duration"},
                "{kind: exile_top, player: P, count: N, may: play|cast, duration: end_of_turn|"
                "end_of_your_next_turn} (CR 701.13a, 611.2a)")
    def given(k: str) -> bool:  # an instruction's fields left empty are absent
        return cur.has(k) and cur.get(k).value is not None

    player = cur.req("player").choice(tuple(players), "a player id:") if given("player") else players[0]
    count = cur.get("count").integer("a count", 1) if given("count") else 1
    may = cur.get("may").choice(MAYS, "what the player may do with the cards:") if given("may") else None
    duration = cur.get("duration").choice(DURATIONS, "how long the permission lasts:") \
        if given("duration") else None
    if (may is None) != (duration is None):
        cur.fail("give both 'may' and 'duration' (the permission and how long it lasts, 611.2a), or neither")
    return Event("exile_top", (("player", ("p", player)), ("count", count), ("may", may),
                               ("duration", duration)))


def exile_top(game: Game, e: Event, budget: Budget | float) -> Game:
    """``e``'s player exiles the top cards of their library, then the permission begins."""
    from pyengine.game.library import _top_cards
    from pyengine.game.perform import perform

    player, n = e.get("player")[1], int(e.get("count"))
    if n <= 0:
        return game
    game, top = _top_cards(game, player, n)
    moves = [Event("move", (("object", ("o", oid)), ("count", 1), ("from", "library"), ("to", "exile"),
                            ("cause", "effect"), ("position", None), ("control", None), ("as", None),
                            ("tapped", False), ("face", "front"), ("choice", None))) for oid in top]
    if moves:
        game = perform(game, moves, rule=RULE, budget=budget)
    exiled = tuple(oid for oid in top if game.state.object(oid).zone == Zone.EXILE)
    game = game.emit(GameEvent("exile_top", player=player, amount=n,
                               cause=", ".join(exiled) or "nothing exiled", rule=RULE))
    may = e.get("may")
    if may is None or not exiled:
        return game
    op = Op("cast_from", None, "casting", (("spells", (("objects", exiled),)), ("players", "you"),
                                           ("zone", "exile"), ("play", may == "play")))
    text = f"{player} may {may} {', '.join(exiled)} from exile"
    ts = game.next_timestamp
    eff = ResolvedEffect(f"{may}@{ts}", EffectDef((op,), text=text), ts, player, Duration(e.get("duration")))
    return game.with_state(effects=game.state.effects + (eff,)).clone(next_timestamp=ts + 1)


def may_play_land(game: Game, player: str, card: str, budget: Budget | float) -> bool:
    """Whether an effect lets ``player`` play the land card ``card`` from exile (305.1): a
    ``cast_from`` permission with ``play: true`` naming the card, its controller ``player``."""
    from pyengine.game.perform import layers

    for a in layers(game.state, budget).active:
        op = a.op
        if op.kind != "cast_from" or a.controller != player or op.arg("zone") != "exile":
            continue
        if not (op.has("play") and op.arg("play")):
            continue
        spells = dict(op.arg("spells"))  # type: ignore[arg-type]
        if set(spells) == {"objects"} and card in spells["objects"]:
            return True
    return False


def exiled_lands(game: Game, player: str, budget: Budget | float) -> list[str]:
    """The land cards ``player`` owns in exile that an effect lets them play (305.1)."""
    cards = [o.id for o in game.state.objects
             if o.zone == Zone.EXILE and o.owner == player and "Land" in o.printed.types]
    return [c for c in cards if may_play_land(game, player, c, budget)]
