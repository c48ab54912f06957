"""The actions a game takes (players' choices and a script's instructions) and
:func:`apply`: an action either gives the next game, whose ``previous`` is this one, or raises
:class:`IllegalAction` naming the rule, and the game is unchanged (it is immutable).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from pyengine.budget import Budget
from pyengine.damage.model import Share
from pyengine.events import GameEvent
from pyengine.game import (
    activation,
    activation_list,
    casting,
    checks,
    choice,
    combat,
    commander,
    keyword_actions,
    library,
    loops,
    stack,
    triggered,
    turns,
)
from pyengine.game.model import Game, IllegalAction, Outcome, StackItem
from pyengine.game.perform import perform
from pyengine.game.triggered import ChooseOptional, TargetTriggers
from pyengine.model.enums import Step
from pyengine.replacement.event import Event


@dataclass(frozen=True)
class Pass:
    """The player with priority passes (CR 117.3d); ``player`` checks who it is."""

    player: str | None = None


@dataclass(frozen=True)
class DeclareAttackers:
    """CR 508.1: (creature, player or planeswalker attacked) pairs; () declares none."""

    pairs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class DeclareBlockers:
    """CR 509.1: (blocking creature, attacker) pairs; () declares none."""

    pairs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class AssignDamage:
    """CR 510.1: this step's assignment (None: the only legal one), and replacement choices
    for dealing it (616.1)."""

    shares: tuple[Share, ...] | None = None
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class PutOnStack:
    """A spell or ability put on the stack directly (casting itself is not modelled)."""

    item: StackItem


@dataclass(frozen=True)
class Perform:
    """Events that happen now (the script deals damage, puts counters, makes a player draw
    or discard), through the replacement engine."""

    events: tuple[Event, ...]
    rule: str = "script"
    cause: str = "effect"
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Discard:
    """The cleanup step's discard to hand size (CR 514.1): which named cards."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Choose:
    """A sequence of replacement choices for the next events with several outcomes (616.1)."""

    choices: tuple[Any, ...]


@dataclass(frozen=True)
class ChooseLegend:
    """CR 704.5j: ``controller`` keeps ``keep`` of their legendary permanents named ``name``."""

    controller: str
    name: str
    keep: str


@dataclass(frozen=True)
class OrderTriggers:
    """CR 603.3b: the order ``player`` puts their triggered abilities on the stack in (the first
    goes on the stack first)."""

    player: str
    ids: tuple[str, ...]


@dataclass(frozen=True)
class Concede:
    """CR 104.3a: a player concedes (at any time)."""

    player: str


@dataclass(frozen=True)
class Advance:
    """Take the default action until the game reaches ``step`` (of turn ``turn``, default
    the current or the next turn): pass priority, resolve what is on the stack, declare no
    attackers and no blockers, assign combat damage the only legal way."""

    step: Step
    turn: int | None = None


Action = Union[Pass, DeclareAttackers, DeclareBlockers, AssignDamage, PutOnStack, casting.CastSpell,
               casting.ActivateMana, activation.ActivateAbility, Perform,
               Discard, Choose, ChooseLegend, OrderTriggers, TargetTriggers, ChooseOptional, Concede,
               library.LookChoice,
               Advance,
               keyword_actions.KeywordAction]


def apply(game: Game, action: Action, budget: Budget | float = 60.0) -> Game:
    """The game after ``action``; :class:`IllegalAction` if the rules forbid it."""
    if game.outcome.over and not isinstance(action, Advance):
        raise IllegalAction("104.1", "the game is over")
    nxt = _apply(game, action, budget)
    from pyengine.game.day_night import settle  # 702.145c-d, f-g: any time, immediately

    return settle(nxt, budget).clone(previous=game)


def _apply(game: Game, action: Action, budget: Budget | float) -> Game:
    if isinstance(action, Pass):
        return stack.pass_priority(game, action.player, budget)
    if isinstance(action, DeclareAttackers):
        return combat.declare_attackers(game, action.pairs, budget)
    if isinstance(action, DeclareBlockers):
        return combat.declare_blockers(game, action.pairs, budget)
    if isinstance(action, AssignDamage):
        return combat.assign_damage(game, action.shares, budget, action.choices)
    if isinstance(action, PutOnStack):
        return stack.put_on_stack(game, action.item, budget)
    if isinstance(action, casting.CastSpell):
        return casting.cast(game, action, budget)
    if isinstance(action, casting.ActivateMana):
        return casting.activate_mana(game, action, budget)
    if isinstance(action, activation.ActivateAbility):
        return activation.activate(game, action, budget)
    if isinstance(action, Perform):
        game = perform(game, action.events, rule=action.rule, cause=action.cause,
                       choices=action.choices, budget=budget)
        if game.priority is not None and game.pending is None:  # the holder receives it again (117.5)
            game = checks.give_priority(game, game.priority, budget)
        return game
    if isinstance(action, Discard):
        if game.pending != "discard" or action.player != game.active:
            raise IllegalAction("514.1", "the active player discards to hand size in the cleanup step")
        return turns.cleanup(game, budget, discard=action.cards)
    if isinstance(action, Choose):
        return game.clone(choices=action.choices)
    if isinstance(action, ChooseLegend):
        kept = dict(game.legend_choices)
        kept[(action.controller, action.name)] = action.keep
        return game.clone(legend_choices=tuple(sorted(kept.items())))
    if isinstance(action, OrderTriggers):
        orders = dict(game.trigger_orders)
        orders[action.player] = action.ids
        return game.clone(trigger_orders=tuple(sorted(orders.items())))
    if isinstance(action, TargetTriggers):
        return triggered.choose(game, action)
    if isinstance(action, ChooseOptional):
        return triggered.choose_optional(game, action)
    if isinstance(action, commander.ChooseCommandZone):  # 903.9a: chosen ahead
        return commander.choose(game, action)
    if isinstance(action, library.LookChoice):  # 701.22a, 701.25a: chosen ahead
        return library.choose(game, action)
    if isinstance(action, choice.ChooseAhead):
        return choice.choose(game, action)
    if isinstance(action, Concede):
        if action.player not in game.state.player_ids:
            raise IllegalAction("104.3a", f"{action.player} is not a player of this game")
        outcome = Outcome(tuple(p for p in game.state.player_ids if p != action.player), (action.player,),
                          False, "104.3a")
        return game.clone(outcome=outcome, priority=None, pending=None).emit(
            GameEvent("lose_game", player=action.player, cause="concede", rule="104.3a"))
    if isinstance(action, Advance):
        return advance(game, action.step, action.turn, budget)
    if isinstance(action, keyword_actions.KINDS):  # 701: proliferate, populate, manifest...
        return keyword_actions.apply(game, action, budget)
    raise TypeError(f"not an action: {action!r}")


MAX_ADVANCE = 10_000


def advance(game: Game, step: Step, turn: int | None, budget: Budget | float) -> Game:
    """Default actions until ``step`` of ``turn`` begins (or the game ends). A moment that
    comes back is a loop (:mod:`pyengine.game.loops`): a draw if it has only mandatory
    actions (104.4b, 731.4), else an illegal action of the script (731.2a)."""
    from pyengine.game.extra_phases import still_to_come

    target_turn = turn if turn is not None else (
        game.state.turn.number if _order(step) > _order(game.step) or step in still_to_come(game)
        else game.state.turn.number + 1)
    if turn is not None and (turn, _order(step)) <= (game.state.turn.number, _order(game.step)):
        raise IllegalAction("500.1", f"turn {turn}'s {step.value} step is not ahead of the game")
    seen: dict[Any, int] = {}
    moments: list[Game] = []
    no_attackers = False  # the target turn's declaration had no attackers (508.8)
    for _ in range(MAX_ADVANCE):
        if game.outcome.over or (game.step == step and game.state.turn.number == target_turn):
            return game
        if game.state.turn.number == target_turn and game.step == Step.DECLARE_ATTACKERS \
                and game.combat.declared_attackers and not game.combat.attackers:
            no_attackers = True
        if (game.state.turn.number, _order(game.step)) > (target_turn, _order(step)) \
                and not (game.extra_phases or game.resume_step is not None):  # 500.8: steps again
            # a step that didn't happen: 508.8 skipped it, or no first-strike step (510.4)
            now = f"turn {game.state.turn.number}'s {game.step.value}"
            raise IllegalAction(_skipped_by(step, no_attackers),
                                f"turn {target_turn} had no {step.value} step (now: {now})")
        key = loops.moment(game)
        if key in seen:
            return loops.loop_found(game, moments[seen[key]:], budget)
        seen[key] = len(moments)
        moments.append(game)
        game = _default(game, budget)
    raise IllegalAction("731.2a", f"no {step.value} step of turn {target_turn} within {MAX_ADVANCE:,} "
                                  "default actions, and no moment repeated (a loop whose state grows, "
                                  "104.4b, or a very long game): advance to an earlier step")


def _skipped_by(step: Step, no_attackers: bool) -> str:
    """The rule by which a step of the turn didn't happen: 508.8 (no attackers: no declare
    blockers and combat damage steps), 510.4 (a first-strike damage step only with a first or
    double striker in combat), else the order of steps and phases (500.1)."""
    if no_attackers and step in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        return "508.8"
    if step == Step.FIRST_STRIKE_DAMAGE:
        return "510.4"
    return "500.1"


def _order(step: Step) -> int:
    from pyengine.game.model import ORDER

    return ORDER.index(step)


def _default(game: Game, budget: Budget | float) -> Game:
    if game.pending == "declare_attackers":
        return combat.declare_attackers(game, (), budget)
    if game.pending == "declare_blockers":
        return combat.declare_blockers(game, (), budget)
    if game.pending == "combat_damage":
        return combat.assign_damage(game, None, budget)
    if game.pending == "discard":
        raise IllegalAction("514.1", f"{game.active} chooses which cards to discard to hand size")
    if game.priority is None:  # a cleanup step in which nothing happened (514.3)
        return turns.advance_step(game, budget)
    return stack.pass_priority(game, None, budget)


def legal_actions(game: Game) -> tuple[Action, ...]:
    """The player choices available now, as actions (declarations are listed as the empty
    one; the combat engine lists the others): what a script or a random player picks from."""
    if game.outcome.over:
        return ()
    if game.pending == "declare_attackers":
        return (DeclareAttackers(),)
    if game.pending == "declare_blockers":
        return (DeclareBlockers(),)
    if game.pending == "combat_damage":
        return (AssignDamage(),)
    if game.pending == "discard":
        return tuple(Discard(game.active, (c,)) for c in turns.hand(game, game.active))
    out: list[Action] = []
    if game.priority is not None:
        out.append(Pass(game.priority))
        out += keyword_actions.special_actions(game)  # 116.2b: turning a manifested permanent face up
        out += activation_list.activations(game)  # 602.2: the activated abilities the game accepts now
    elif game.step == Step.CLEANUP:
        out.append(Advance(Step.UPKEEP))  # the next turn: its untap step gives no priority (502.4)
    out += [Concede(p) for p in game.state.player_ids]
    return tuple(out)
