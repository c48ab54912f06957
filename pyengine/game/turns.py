"""Steps, phases and their turn-based actions (CR 500-514, 703).

A step begins (its turn-based actions happen, then the active player gets priority, 117.3a),
and ends when all players pass in succession with an empty stack (117.4, 500.2): its "until
end of" effects expire and mana pools empty (500.5). The next step is the next of
:data:`pyengine.game.model.ORDER`, except that the declare blockers and combat damage steps are
skipped without attackers (508.8), the first-strike combat damage step exists only when an
attacking or blocking creature has first or double strike (510.4), and after the cleanup step
comes another one when something happened in it (514.3a), else the next player's turn.
"""

from __future__ import annotations

from dataclasses import replace

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game import checks
from pyengine.game.model import PHASE, CombatState, Game, IllegalAction
from pyengine.game.perform import layers, perform
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Duration, Step, Zone
from pyengine.model.objects import TurnContext
from pyengine.replacement.event import Event
from pyengine.replacement.service import analyse

STRIKERS = ("first strike", "double strike")


def next_step(game: Game, budget: Budget | float) -> tuple[Step, bool]:
    """The step after the current one, and whether it begins a new turn."""
    step = game.step
    if step == Step.CLEANUP:
        return (Step.CLEANUP, False) if game.cleanup_again else (Step.UNTAP, True)
    if step == Step.DECLARE_ATTACKERS and not game.combat.attackers:
        return Step.END_OF_COMBAT, False  # 508.8
    if step == Step.DECLARE_BLOCKERS:
        return (Step.FIRST_STRIKE_DAMAGE if _first_strike(game, budget) else Step.COMBAT_DAMAGE), False
    if step == Step.FIRST_STRIKE_DAMAGE:
        return Step.COMBAT_DAMAGE, False
    order = list(_ORDER)
    natural = order[order.index(step) + 1]
    from pyengine.game import extra_phases

    if extra_phases.ends_phase(step) and (game.extra_phases or game.resume_step is not None):
        return extra_phases.after_phase(game, natural), False  # 500.8: additional phases
    return natural, False


_ORDER = (Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT,
          Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT,
          Step.POSTCOMBAT_MAIN, Step.END, Step.CLEANUP)


def _first_strike(game: Game, budget: Budget | float) -> bool:
    """CR 510.4: an attacking or blocking creature has first strike or double strike as the
    combat damage step begins."""
    res = layers(game.state, budget)
    ids = game.combat.attacking() + game.combat.blocking()
    return any(res.objects[i].has_keyword(k) for i in ids if i in res.objects for k in STRIKERS)


def end_step(game: Game, budget: Budget | float) -> Game:
    """The current step ends (CR 500.5): "until end of combat" effects expire at the end of
    the combat phase (500.5a, 511.2) and creatures leave combat (511.3); mana pools empty."""
    if game.stack:
        raise IllegalAction("117.4", "a step ends only when all players pass with an empty stack")
    state = game.state
    combat = game.combat
    notes: list[GameEvent] = []
    if game.step == Step.END_OF_COMBAT:  # 500.5a: "until end of combat" effects end
        state = state.clone(effects=tuple(e for e in state.effects if e.duration != Duration.END_OF_COMBAT))
        notes = ended(game.state.effects, state.effects, "500.5a")
        combat = CombatState()
    if any(p.mana for p in state.players):  # 500.5, 106.4: mana pools empty
        state = state.clone(players=tuple(replace(p, mana="") for p in state.players))
    return game.clone(state=state, combat=combat, pools=(), passes=0, priority=None).note(*notes)


def ended(before: tuple[ResolvedEffect, ...], after: tuple[ResolvedEffect, ...],
          rule: str) -> list[GameEvent]:
    """Notes for the effects in ``before`` that are not in ``after`` (their duration is over)."""
    return [GameEvent("effect_ends", obj=e.source, target=e.id, cause=e.duration.value, rule=rule)
            for e in before if e not in after]


def advance_step(game: Game, budget: Budget | float) -> Game:
    """End the current step and begin the next one (a new turn after the cleanup step)."""
    step, new_turn = next_step(game, budget)
    from pyengine.game import extra_phases

    if extra_phases.ends_phase(game.step) and (game.extra_phases or game.resume_step is not None):
        game = extra_phases.taken(game)  # 500.8
    game = end_step(game, budget)
    if new_turn:
        ids = game.state.player_ids
        nxt = ids[(ids.index(game.active) + 1) % len(ids)]
        turn = TurnContext(active=nxt, number=game.state.turn.number + 1, step=Step.UNTAP)
        # "until your next turn" (701.35a, 611.2a): the effects of its controller end as it begins
        kept = tuple(e for e in game.state.effects
                     if not (e.duration == Duration.UNTIL_YOUR_NEXT_TURN and e.controller == nxt))
        notes = ended(game.state.effects, kept, "611.2a")
        # "until the end of your next turn" (611.2a): from now on an "until end of turn" effect
        kept = tuple(replace(e, duration=Duration.END_OF_TURN)
                     if e.duration == Duration.END_OF_YOUR_NEXT_TURN and e.controller == nxt else e for e in kept)
        # 702.54a: damage dealt to a player "this turn" is the turn's
        fresh = tuple(replace(p, dealt_damage=False) for p in game.state.players)
        game = game.with_state(turn=turn, effects=kept, players=fresh).clone(
            combat=CombatState(), cleanup_again=False, extra_phases=(), resume_step=None).note(*notes)
    return begin_step(game, step, budget)


def begin_step(game: Game, step: Step, budget: Budget | float) -> Game:
    """Step ``step`` begins: its turn-based actions, then priority (or a pending declaration)."""
    turn = replace(game.state.turn, step=step)
    game = game.with_state(turn=turn).clone(cleanup_again=step == Step.CLEANUP and game.cleanup_again)
    if skipped(game, step, budget):  # 614.10: proceed directly to the next step
        game = game.emit(GameEvent("step_skipped", step=step.value, player=game.active, rule="614.10"))
        return advance_step(game, budget)
    rule = PHASE_RULE[step]
    game = game.emit(GameEvent("step_begins", step=step.value, player=game.active, rule=rule))
    if step == Step.UNTAP:  # 502.2 day and night, then 502.3; 502.4: no priority
        from pyengine.game.day_night import untap_check

        return begin_step(untap(untap_check(game, budget)), Step.UPKEEP, budget)
    if step == Step.DRAW and not skips_first_draw(game):
        game = perform(game, [Event("draw", (("player", ("p", game.active)), ("count", 1)))],
                       rule="504.1", budget=budget)
    if step == Step.PRECOMBAT_MAIN:  # 505.3: in an Archenemy game, the archenemy's scheme
        from pyengine.game.variants import begin_main

        game = begin_main(game)
    if step == Step.DECLARE_ATTACKERS:
        return game.clone(pending="declare_attackers")
    if step == Step.DECLARE_BLOCKERS:
        return game.clone(pending="declare_blockers")
    if step == Step.FIRST_STRIKE_DAMAGE:
        res = layers(game.state, budget)
        ids = game.combat.attacking() + game.combat.blocking()
        fs = frozenset(i for i in ids if i in res.objects
                       and any(res.objects[i].has_keyword(k) for k in STRIKERS))
        game = game.clone(combat=replace(game.combat, first_strikers=fs, first_strike_step=True))
        return game.clone(pending="combat_damage")
    if step == Step.COMBAT_DAMAGE:
        return game.clone(pending="combat_damage")
    if step == Step.CLEANUP:
        return cleanup(game, budget)
    return checks.give_priority(game, game.active, budget)


def skipped(game: Game, step: Step, budget: Budget | float) -> bool:
    """CR 614.1b, 614.10: an effect that says to skip this step ("Skip your draw step") is a
    replacement effect replacing its beginning with nothing; the replacement engine says
    whether the step's beginning (a ``begin`` event) is replaced so. Asked only when such an
    effect exists after layers."""
    if not any(a.op.kind == "skip" for a in layers(game.state, budget).active):
        return False
    begin = Event("begin", (("player", ("p", game.active)), ("what", "step"), ("which", step.value)))
    outcomes = analyse(game.state, [begin], timeout=budget).outcomes
    return bool(outcomes) and not any(e.kind == "begin" for o in outcomes for e in o.events)


PHASE_RULE = {Step.UPKEEP: "503", Step.DRAW: "504", Step.PRECOMBAT_MAIN: "505",
              Step.BEGINNING_OF_COMBAT: "507", Step.DECLARE_ATTACKERS: "508",
              Step.DECLARE_BLOCKERS: "509", Step.FIRST_STRIKE_DAMAGE: "510.4",
              Step.COMBAT_DAMAGE: "510", Step.END_OF_COMBAT: "511", Step.POSTCOMBAT_MAIN: "505",
              Step.END: "513", Step.CLEANUP: "514", Step.UNTAP: "502"}


def skips_first_draw(game: Game) -> bool:
    """CR 103.8a: in a two-player game the starting player skips the draw step of their
    first turn (turn 1 is the starting player's; 103.8c: no one skips in other multiplayer
    games)."""
    return game.state.turn.number == 1 and len(game.state.players) == 2


def untap(game: Game) -> Game:
    """CR 502.3: the active player untaps their permanents (502.1 phasing is refused when the
    game is set up; 502.2 day and night is pyengine.game.day_night.untap_check); 302.6: the
    permanents they control have now been controlled continuously since their most recent turn
    began. 502.3: an effect can keep
    a permanent from untapping (the operation ``doesnt_untap``, on the objects it affects after
    layers)."""
    res = layers(game.state)
    held = {i for a in res.active if a.op.kind == "doesnt_untap" for i in a.affected}
    objs, events = [], []
    mine = set()
    for o in game.state.objects:
        ctl = res.objects[o.id].controller if o.id in res.objects else o.controller
        if o.zone == Zone.BATTLEFIELD and ctl == game.active:
            mine.add(o.id)
            if o.tapped and o.id not in held:
                events.append(GameEvent("untap", obj=o.id, rule="502.3"))
            # 702.30a: the upkeep about to begin is one more they began controlling it
            o = replace(o, tapped=o.tapped and o.id in held, controlled_since_turn_start=True,
                        upkeeps_controlled=min(o.upkeeps_controlled + 1, 2))
        objs.append(o)
    # "doesn't untap during its controller's next untap step": that untap step has happened
    # for the permanents of the active player it affects (611.2a: its duration is over)
    kept = tuple(e for e in game.state.effects
                 if not (e.duration == Duration.NEXT_UNTAP_STEP and set(e.locked or ()) & mine))
    return game.with_state(objects=tuple(objs), effects=kept).emit(*events).note(
        *ended(game.state.effects, kept, "502.3"))


def hand(game: Game, pid: str) -> tuple[str, ...]:
    """The named cards in ``pid``'s hand."""
    return tuple(o.id for o in game.state.objects if o.zone == Zone.HAND and o.owner == pid)


def cleanup(game: Game, budget: Budget | float, discard: tuple[str, ...] | None = None) -> Game:
    """CR 514.1: the active player discards down to their maximum hand size (the layer
    engine's, 402.2, 613.10); 514.2: damage is removed and "until end of turn" effects end;
    514.3: no one gets priority unless something happened (514.3a)."""
    pid = game.active
    res = layers(game.state, budget)
    most = res.players[pid].max_hand_size if pid in res.players else 7
    have = game.state.player(pid).hand_size
    excess = 0 if most is None else max(0, have - most)
    if excess and discard is None:
        named = hand(game, pid)
        if named and excess < have:  # which cards: the player's choice
            return game.clone(pending="discard", priority=None)
        discard = tuple(named)
    if excess:
        chosen = tuple(discard or ())
        if len(chosen) > excess:
            raise IllegalAction("514.1", f"{pid} discards {excess} card(s), not {len(chosen)}")
        unnamed_count = excess - len(chosen)
        if unnamed_count > game.state.player(pid).hand_size - len(hand(game, pid)):
            raise IllegalAction("514.1", f"{pid} must discard {excess} card(s); name which")
        events = [Event("move", _discard_fields(("o", c), "hand", "graveyard")) for c in chosen]
        events += [Event("move", _discard_fields(("card", pid, "hand"), "hand", "graveyard"))] * unnamed_count
        game = perform(game, events, rule="514.1", cause="discard", budget=budget)
    objs = tuple(replace(o, damage=0) if o.zone == Zone.BATTLEFIELD else o for o in game.state.objects)
    effects = tuple(e for e in game.state.effects if e.duration not in (Duration.END_OF_TURN,))
    removed = [GameEvent("damage_removed", obj=o.id, amount=o.damage, rule="514.2")
               for o in game.state.objects if o.zone == Zone.BATTLEFIELD and o.damage]
    game = game.with_state(objects=objs, effects=effects).clone(pending=None).note(
        *removed, *ended(game.state.effects, effects, "514.2"))
    return checks.after_cleanup(game, budget)


def _discard_fields(obj: object, frm: str, to: str) -> tuple[tuple[str, object], ...]:
    return (("object", obj), ("count", 1), ("from", frm), ("to", to), ("cause", "discard"),
            ("position", None), ("control", None), ("as", None), ("tapped", False),
            ("face", "front"), ("choice", None))


__all__ = ["PHASE", "advance_step", "begin_step", "cleanup", "end_step", "next_step"]
