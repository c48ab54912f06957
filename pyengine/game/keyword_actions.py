"""Keyword actions a game script performs (CR 701): proliferate (701.34), populate (701.36),
monstrosity (701.37), bolster (701.39), detain (701.35), manifest (701.40) and turning a
manifested permanent face up (701.40b), transform (701.27); planeswalk, set in motion and
abandon (701.31-701.33) exist only in Planechase and Archenemy games (:mod:`pyengine.game.variants`).

Counters, tokens and zone changes are events through the replacement engine
(:func:`pyengine.game.perform.perform`); toughness, types and control are the layer engine's.
A choice the rules forbid raises :class:`IllegalAction` naming the rule; a malformed action is
a one-line error of the script's reader (:func:`read`). The actions as values are
:mod:`pyengine.game.keyword_model`'s, their reading :mod:`pyengine.game.keyword_read`'s; those of
faces (manifest, turning face up, transform) are performed by :mod:`pyengine.game.keyword_faces`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game import checks, keyword_faces, variants
from pyengine.game import keyword_model as M
from pyengine.game.keyword_faces import manifest, transform, turn_face_up
from pyengine.game.keyword_model import KEYS, KINDS, KeywordAction, permanent
from pyengine.game.keyword_read import read
from pyengine.game.lands import PlayLand, land_plays, play_land
from pyengine.game.model import Game, IllegalAction
from pyengine.game.perform import layers, perform
from pyengine.lang.effects import Ctx, parse_effect
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Duration, Zone
from pyengine.replacement.event import Event

__all__ = ["KEYS", "KINDS", "KeywordAction", "apply", "read", "special_actions"]


def apply(game: Game, action: KeywordAction, budget: Budget | float) -> Game:
    """The game after the keyword action; :class:`IllegalAction` if the rules forbid it. The
    player holding priority receives it again: state-based actions and triggers first (117.5)."""
    holder = game.priority
    if isinstance(action, M.VariantAction):  # 701.31-701.33, refused outside those games
        do: Any = {"planeswalk": variants.planeswalk, "set_in_motion": variants.set_in_motion,
              "abandon": variants.abandon}[action.word]
        game = do(game, action.player)
        return checks.give_priority(game, holder, budget) if holder is not None and game.pending is None \
            else game
    game = _DO[type(action)](game, action, budget)
    if isinstance(action, (M.TurnFaceUp, M.PlayLand)):  # 116.3: after a special action, the player
        # receives priority
        holder = action.player
        game = game.clone(passes=0)  # 117.4: passes in succession only
    if holder is not None and game.pending is None:
        game = checks.give_priority(game, holder, budget)
    return game


def special_actions(game: Game, budget: Budget | float = 30.0) -> tuple[M.TurnFaceUp | PlayLand, ...]:
    """The special actions the player holding priority may take now (116.2): turning a
    manifested permanent face up (116.2b, 701.40b) and playing a land (116.2a, 305.1)."""
    return keyword_faces.special_actions(game, budget) + land_plays(game, budget)


def _counters(on: tuple[str, str], kind: str, n: int, by: str) -> Event:
    return Event("counters", (("target", on), ("counter", kind), ("amount", n), ("by", ("p", by)),
                              ("cause", "effect")))


def _proliferate(game: Game, a: M.Proliferate, budget: Budget | float) -> Game:
    events = []
    players = set(game.state.player_ids)
    for c in a.chosen:
        if c in players:  # the game follows a player's poison counters (122.1f)
            if game.state.player(c).poison <= 0:
                raise IllegalAction("701.34a", f"{c} has no counters to proliferate")
            events.append(_counters(("p", c), "poison", 1, a.player))
            continue
        o = permanent(game, c, "701.34a", "or player with counters can be chosen")
        if not o.counters:
            raise IllegalAction("701.34a", f"{c} has no counters to proliferate")
        events += [_counters(("o", c), kind, 1, a.player) for kind, _ in o.counters]  # each kind
    return perform(game, events, rule="701.34a", budget=budget)


def _creatures(game: Game, player: str, budget: Budget | float, tokens: bool = False) -> dict[str, Any]:
    """The creatures ``player`` controls (layer engine: types and control, 613), by id."""
    res = layers(game.state, budget)
    out = {}
    for o in game.state.objects:
        ch = res.objects.get(o.id)
        if (o.zone == Zone.BATTLEFIELD and ch is not None and "Creature" in ch.types
                and ch.controller == player and (o.token or not tokens)):
            out[o.id] = ch
    return out


def _populate(game: Game, a: M.Populate, budget: Budget | float) -> Game:
    tokens = _creatures(game, a.player, budget, tokens=True)
    if a.token is not None and a.token not in tokens:
        raise IllegalAction("701.36a", f"{a.token} is not a creature token {a.player} controls"
                            + (f" (they control: {', '.join(sorted(tokens))})" if tokens else ""))
    if not tokens:
        return game  # 701.36b: no token is created
    token = a.token
    if token is None:
        if len(tokens) > 1:
            raise IllegalAction("701.36a", f"{a.player} chooses which creature token to copy: "
                                           f"{', '.join(sorted(tokens))}")
        token = next(iter(tokens))
    ev = Event("create_tokens", (("control", ("p", a.player)), ("as", ("o", token)), ("count", 1),
                                 ("tapped", False)))
    return perform(game, [ev], rule="701.36a", cause="create", budget=budget, token_ids=(a.new_id,))


def _monstrosity(game: Game, a: M.Monstrosity, budget: Budget | float) -> Game:
    o = permanent(game, a.obj, "701.37b", "can be or become monstrous")
    if o.monstrous:
        return game  # 701.37a: "if this permanent isn't monstrous"
    if a.n > 0:
        game = perform(game, [_counters(("o", o.id), "+1/+1", a.n, o.controller)], rule="701.37a",
                       budget=budget)
    now = game.state.object(o.id)
    if now.zone != Zone.BATTLEFIELD:
        return game
    objs = tuple(replace(x, monstrous=True) if x.id == o.id else x for x in game.state.objects)
    return game.with_state(objects=objs).emit(GameEvent("becomes_monstrous", obj=o.id, amount=a.n,
                                                        rule="701.37a"))


def _bolster(game: Game, a: M.Bolster, budget: Budget | float) -> Game:
    mine = _creatures(game, a.player, budget)
    if not mine:
        if a.choice is not None:
            raise IllegalAction("701.39a", f"{a.player} controls no creature to bolster")
        return game
    least = min(ch.toughness if ch.toughness is not None else 0 for ch in mine.values())
    tied = sorted(i for i, ch in mine.items() if (ch.toughness if ch.toughness is not None else 0) == least)
    choice = a.choice
    if choice is not None and choice not in tied:
        raise IllegalAction("701.39a", f"{choice} doesn't have the least toughness ({least}) among the "
                                       f"creatures {a.player} controls: {', '.join(tied)}")
    if choice is None:
        if len(tied) > 1:
            raise IllegalAction("701.39a", f"{a.player} chooses among the creatures tied for least "
                                           f"toughness ({least}): {', '.join(tied)}")
        choice = tied[0]
    return perform(game, [_counters(("o", choice), "+1/+1", a.n, a.player)], rule="701.39a", budget=budget)


def _detain(game: Game, a: M.Detain, budget: Budget | float) -> Game:
    for oid in a.objects:
        permanent(game, oid, "701.35a", "can be detained")
    text = "can't attack or block until its detainer's next turn"
    definition = parse_effect(Cursor({"text": text, "cant_attack": True, "cant_block": True}, "detain",
                                     None, None), Ctx(players=game.state.player_ids), allow_no_affects=True)
    ts = game.next_timestamp
    eff = ResolvedEffect(f"detain@{ts}", definition, ts, a.controller, Duration.UNTIL_YOUR_NEXT_TURN,
                         locked=a.objects)
    game = game.with_state(effects=game.state.effects + (eff,)).clone(next_timestamp=ts + 1)
    return game.emit(*(GameEvent("detain", obj=o, player=a.controller, rule="701.35a") for o in a.objects))


_DO: dict[type, Any] = {M.Proliferate: _proliferate, M.Populate: _populate,
                        M.Monstrosity: _monstrosity, M.Bolster: _bolster, M.Detain: _detain,
                        M.Manifest: manifest, M.TurnFaceUp: turn_face_up, M.Transform: transform,
                        M.PlayLand: play_land}
