"""Playing a land (CR 305.1, 116.2a): a special action of the player holding priority, during a
main phase of their turn with an empty stack; it puts a land card from their hand (or from exile,
when an effect lets them play it: pyengine.game.impulse) onto the battlefield (through the replacement engine: "enters tapped" applies) without using the stack.

How many lands a player may play this turn is the layer engine's answer (305.2, 613.11:
"additional lands", "any number", and "can't play lands", which wins over every permission,
101.2); the lands already played this turn are those the log shows played since the turn's
untap step began (305.2a). A play the rules forbid raises :class:`IllegalAction` naming the
rule, and the game is unchanged (732.1)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pyengine.budget import Budget
from pyengine.game.impulse import exiled_lands, may_play_land
from pyengine.game.model import Game, IllegalAction
from pyengine.game.perform import layers, perform
from pyengine.model.enums import Step, Zone
from pyengine.replacement.event import Event

MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
CAUSE = "play_land"  # the cause of a played land's zone change in the log


@dataclass(frozen=True)
class PlayLand:
    """116.2a, 305.1: ``player`` plays the land card ``card`` from their hand."""

    player: str
    card: str


def played_this_turn(game: Game, player: str) -> int:
    """The lands ``player`` played this turn (305.2a): the log's land plays since the last
    untap step began (or since the game began, when it began during this turn)."""
    n = 0
    for e in reversed(game.log):
        if e.kind in ("step_begins", "step_skipped") and e.step == Step.UNTAP.value:
            break
        if e.kind == "zone_change" and e.cause == CAUSE and e.player == player:
            n += 1
    return n


def play_land(game: Game, a: PlayLand, budget: Budget | float) -> Game:
    """The game after ``a.player`` plays ``a.card`` (305.1); the player receives priority
    afterwards (116.3, given by the caller)."""
    if a.player != game.active:
        raise IllegalAction("305.3", f"{a.player} can't play a land: it isn't their turn")
    if game.priority != a.player:
        raise IllegalAction("116.2a", f"{a.player} plays a land only while holding priority")
    if game.step not in MAIN or game.stack:
        raise IllegalAction("305.1", "a land is played during a main phase of its player's turn, with the "
                                     "stack empty")
    o = game.state.object(a.card)
    # 305.1: from the hand, or from exile when an effect lets the player play it (pyengine.game.impulse)
    from_exile = o.zone == Zone.EXILE and o.owner == a.player and may_play_land(game, a.player, o.id, budget)
    if (o.zone != Zone.HAND or o.owner != a.player) and not from_exile:
        raise IllegalAction("305.1", f"{a.card} is not a card in {a.player}'s hand, nor one an effect "
                                     "lets them play")
    if "Land" not in o.printed.types:
        raise IllegalAction("305.1", f"{a.card} is not a land card")
    allowed = layers(game.state, budget).players[a.player].land_plays  # None: any number
    played = played_this_turn(game, a.player)
    if allowed is not None and played >= allowed:
        why = ("an effect says they can't play lands (101.2: the prohibition wins over any permission)"
               if allowed == 0 else f"they may play {allowed} land(s) this turn and have played {played}")
        raise IllegalAction("305.2b", f"{a.player} can't play a land: {why}")
    fields = (("object", ("o", o.id)), ("count", 1), ("from", o.zone.value), ("to", "battlefield"),
              ("cause", "rule"), ("position", None), ("control", ("p", a.player)), ("as", ("o", o.id)),
              ("tapped", False), ("face", "front"), ("choice", None))
    before = len(game.log)
    game = perform(game, [Event("move", fields)], rule="305.1", budget=budget)
    log = tuple(replace(e, cause=CAUSE, rule="305.1")
                if i >= before and e.kind == "zone_change" and e.obj == o.id and e.to_zone == "battlefield"
                else e for i, e in enumerate(game.log))
    return game.clone(log=log, passes=0)  # 117.4: passes in succession only


def land_plays(game: Game, budget: Budget | float = 30.0) -> tuple[PlayLand, ...]:
    """The land plays the player holding priority may make now (305.1, 305.2a): one per land
    card in their hand, when it is their main phase with an empty stack and they may play
    another land this turn."""
    pid = game.priority
    if pid is None or pid != game.active or game.step not in MAIN or game.stack or game.pending:
        return ()
    cards = [o.id for o in game.state.objects
             if o.zone == Zone.HAND and o.owner == pid and "Land" in o.printed.types]
    cards += exiled_lands(game, pid, budget)  # 305.1: an effect lets them play these
    if not cards:
        return ()
    allowed = layers(game.state, budget).players[pid].land_plays
    if allowed is not None and played_this_turn(game, pid) >= allowed:
        return ()
    return tuple(PlayLand(pid, c) for c in cards)
