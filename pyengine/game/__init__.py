"""A game that moves: turns, steps and phases with their turn-based actions (CR 500-514),
priority and the stack (117, 405, 608), combat (506-511), each judged by the clingo engines
(layers, combat, damage, replacement, targeting) and orchestrated here.

    game = new_game(state)              # the state's step begins
    game = game.apply(Advance(Step.DECLARE_ATTACKERS))
    game.legal_actions()
    game = game.apply(DeclareAttackers((("bears", "bob"),)))
    game.previous                       # the game before the last action (undo)
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.errors import UnsupportedQuery
from pyengine.game import actions as _actions
from pyengine.game import battles, turns
from pyengine.game.actions import (
    Action,
    Advance,
    AssignDamage,
    Choose,
    ChooseLegend,
    Concede,
    DeclareAttackers,
    DeclareBlockers,
    Discard,
    OrderTriggers,
    Pass,
    Perform,
    PutOnStack,
)
from pyengine.game.activation import ActivateAbility
from pyengine.game.model import CombatState, Game, IllegalAction, Outcome, StackItem
from pyengine.game.perform import layers
from pyengine.game.triggered import TargetTriggers
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState

# what the game engine refuses to play, by the word an object's ability or the state uses
UNSUPPORTED_KEYWORDS = {
    "phasing": "phasing (CR 702.26, 502.1)",
}


def new_game(state: GameState, budget: Budget | float = 60.0, ahead: tuple[Action, ...] = (),
             defined: tuple[Any, ...] = (), variants: Any = None) -> Game:
    """The game as the state's step begins (its turn-based actions happen, 500-514).
    ``ahead``: choices made before it starts (:class:`ChooseLegend`, :class:`OrderTriggers`,
    :class:`Choose`, :class:`TargetTriggers`), for the checks of its first priority (117.5);
    ``defined``: the tokens a script defines inline (:func:`pyengine.game.script.read_script`)."""
    refuse(state, budget)
    res = layers(state, budget)  # the result refuse computed (the layers don't read hand sizes)
    chars = {oid: (ch.types, ch.subtypes) for oid, ch in res.objects.items()}
    hands = []
    for p in state.players:  # a hand or library holds at least its named cards
        named_h = sum(1 for o in state.objects if o.zone == Zone.HAND and o.owner == p.id)
        named_l = sum(1 for o in state.objects if o.zone == Zone.LIBRARY and o.owner == p.id)
        hands.append(p.__class__(**{**p.__dict__, "hand_size": max(p.hand_size, named_h),
                                    "library_size": max(p.library_size, named_l)}))
    state = state.clone(players=tuple(hands))
    top = max([o.timestamp for o in state.objects] + [e.timestamp for e in state.effects] + [0])
    game = Game(state, next_timestamp=top + 1, defined=defined, protectors=battles.initial(state, chars),
                variants=variants)  # a Planechase or Archenemy game's (pyengine.game.variants)
    for action in ahead:
        game = _actions._apply(game, action, budget)
    from pyengine.game.day_night import settle  # 702.145c-d, f-g: as the game begins

    return turns.begin_step(settle(game, budget), state.turn.step, budget)


def refuse(state: GameState, budget: Budget | float = 60.0) -> None:
    """One line for what the game does not play: multiplayer games (range of influence,
    800), phasing (the monarch and the initiative have no state here)."""
    if len(state.players) != 2:
        raise UnsupportedQuery(f"the game engine plays two-player games; this one has {len(state.players)} "
                               "players (multiplayer rules, CR 800-810, are not modelled)")
    res = layers(state, budget)
    for oid, ch in sorted(res.objects.items()):
        for name, _ in ch.keywords:
            if name in UNSUPPORTED_KEYWORDS:
                raise UnsupportedQuery(f"{oid} has {name}: the game engine does not model "
                                       f"{UNSUPPORTED_KEYWORDS[name]}")


__all__ = ["Action", "ActivateAbility", "Advance", "AssignDamage", "Choose", "ChooseLegend", "CombatState",
           "OrderTriggers", "Concede", "DeclareAttackers",
           "DeclareBlockers", "Discard", "Game", "IllegalAction", "Outcome", "Pass", "Perform",
           "PutOnStack", "StackItem", "TargetTriggers", "new_game"]
