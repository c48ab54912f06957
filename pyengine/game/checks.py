"""What happens each time a player would receive priority (CR 117.5): state-based actions are
performed (704.3: all that apply at once, as one event) and checked again until none apply;
then the abilities that triggered since the last time go on the stack (603.3), each player's
in APNAP order (603.3b); the two repeat until neither happens. In the cleanup step, whether
anything did decides if players get priority and another cleanup step follows (514.3a).

The rules are other engines': state-based actions are :func:`pyengine.sba.service.check`'s,
the zone changes they cause go through the replacement engine (a destroyed creature may
regenerate, 701.19); triggered abilities are :func:`pyengine.triggers.service.match`'s, and
their stack order :func:`pyengine.triggers.service.orders`'.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.cast_forms import ceases_bestowed, is_bestowed
from pyengine.game.model import Game, IllegalAction, Outcome
from pyengine.game.perform import layers, perform
from pyengine.replacement.event import Event

MAX_ROUNDS = 1000  # checks in one go before the repetition is a loop (104.4b)


def checks(game: Game, budget: Budget | float) -> tuple[Game, bool]:
    """Perform the checks of CR 117.5; whether anything happened. No player chooses anything
    between two rounds, so a round that comes back to a moment already seen, or rounds that
    never stop, are a loop of mandatory actions: the game is a draw (104.4b, 731.4)."""
    from pyengine.game import loops

    happened = False
    seen: set[Any] = set()
    first = game
    for n in range(MAX_ROUNDS):
        if game.outcome.over:
            return game, happened
        if n:  # (moments are compared only once something happened: most checks find nothing)
            if n == 1:
                seen.add(loops.moment(first))
            key = loops.moment(game)
            if key in seen:
                return loops.draw(game, f"state-based actions and triggered abilities bring the game back to "
                                        f"{loops.describe(game)} without any player receiving priority"), True
            seen.add(key)
        game = collect(game, budget)  # judged immediately after the events (603.10)
        game, sba = state_based(game, budget)
        game, trig = put_triggers(game, budget)
        happened = happened or sba or trig
        if not sba and not trig:
            return game, happened
    return loops.draw(game, f"state-based actions and triggered abilities go on for {MAX_ROUNDS:,} rounds "
                            "without any player receiving priority"), True


def give_priority(game: Game, player: str, budget: Budget | float) -> Game:
    """``player`` would receive priority: the checks first (117.5), then they have it."""
    from pyengine.game.combat import remove_from_combat  # combat gives priority through here

    game, _ = checks(remove_from_combat(game, budget), budget)
    game = remove_from_combat(game, budget)  # what the state-based actions changed
    if game.outcome.over:
        return game.clone(priority=None, pending=None)
    return game.clone(priority=player)


def after_cleanup(game: Game, budget: Budget | float) -> Game:
    """CR 514.3a: if state-based actions were performed or abilities triggered in the cleanup
    step, the active player gets priority and another cleanup step follows; else no one
    gets priority (514.3) and the step ends."""
    game, happened = checks(game, budget)
    if game.outcome.over:
        return game.clone(priority=None, pending=None)
    if happened:
        return game.clone(priority=game.active, cleanup_again=True)
    return game.clone(priority=None, cleanup_again=False)


# --- state-based actions (704) -------------------------------------------------------------

def state_based(game: Game, budget: Budget | float) -> tuple[Game, bool]:
    """One check of state-based actions and, if any apply, their performing (704.3)."""
    from pyengine.game import variants
    from pyengine.sba.model import SinceLastCheck
    from pyengine.sba.service import check

    game, done = variants.state_based(game)  # 704.6e-f, in a Planechase or Archenemy game
    ids = {o.id for o in game.state.objects}
    since = SinceLastCheck(drew_from_empty=game.drew_from_empty,
                           deathtouch_damaged=game.deathtouch_damaged & ids, stack_empty=not game.stack)
    res = layers(game.state, budget)
    result = check(game.state, since=since, budget=Budget.of(budget, "the state-based-action check"),
                   layers=res)
    groups = {(g.controller, g.name) for g in result.legend_groups}
    chosen = {k: v for k, v in game.legend_choices if k in groups}
    if chosen:  # the choices the script made for the groups there are now (704.5j)
        result = check(game.state, since=since, legend_choices=chosen,
                       budget=Budget.of(budget, "the state-based-action check"), layers=res)
    if result.legend_groups:
        g = result.legend_groups[0]
        raise IllegalAction("704.5j", f"{g.controller} chooses which {g.name} to keep "
                                      f"({', '.join(g.candidates)}): give {{legend: {{controller: "
                                      f"{g.controller}, name: {g.name}, keep: ID}}}} before this action")
    game = game.clone(drew_from_empty=frozenset(), deathtouch_damaged=frozenset())
    from pyengine.game import commander

    game, events = commander.returning(game)  # 704.6d: with the others, as one event (704.3)
    if not result.actions and not events:
        return game, done
    rules: dict[str, str] = {}
    objs = {o.id: o for o in game.state.objects}
    gone: list[GameEvent] = []
    unattached = False
    for a in result.actions:
        key = a.obj or a.player or ""
        rules.setdefault(key, a.rule)
        if a.kind == "draw_game":  # 104.4a
            return game.clone(outcome=Outcome((), (), True, a.rule)).emit(
                GameEvent("draw_game", rule=a.rule)), True
        if a.kind == "lose_game" and a.player:
            events.append(Event("lose_game", (("player", ("p", a.player)),)))
        elif a.kind == "put_into_graveyard" and a.rule == "704.5m" and a.obj and is_bestowed(objs[a.obj]):
            # 702.103f, an exception to 704.5m: it becomes unattached and ceases to be bestowed
            objs[a.obj] = ceases_bestowed(objs[a.obj])
            unattached = True
        elif a.kind in ("put_into_graveyard", "destroy") and a.obj:
            o = objs[a.obj]
            cause = "destroy" if a.kind == "destroy" else "sba"
            events.append(Event("move", _move(a.obj, o.zone.value, cause)))
        elif a.kind == "remove_counters" and a.obj:
            events.append(Event("remove_counters", (("target", ("o", a.obj)), ("counter", a.counter),
                                                    ("amount", a.amount))))
        elif a.kind == "unattach" and a.obj:
            objs[a.obj] = replace(objs[a.obj], attached_to=None)
            unattached = True
        elif a.kind == "cease_to_exist" and a.obj:  # 704.5d, 111.7
            gone.append(GameEvent("zone_change", obj=a.obj, from_zone=objs[a.obj].zone.value,
                                  to_zone="none", cause="sba", rule=a.rule))
    state = game.state.clone(objects=tuple(objs[o.id] for o in game.state.objects
                                           if o.id not in {g.obj for g in gone}))
    game = game.clone(state=state).emit(*gone)
    before = len(game.log)
    game = perform(game, events, rule="704.3", cause="sba", budget=budget)
    fixed = tuple(replace(e, rule=rules.get(e.obj or e.player or "", e.rule)) if i >= before else e
                  for i, e in enumerate(game.log))
    # 704.3: the check is repeated only if an action was performed. An action that a "can't"
    # effect stops (614.17: Platinum Angel's "You can't lose the game") is not performed:
    # nothing happened, so checking again would find the same and loop.
    performed = bool(gone) or unattached or len(game.log) > before or done
    return game.clone(log=fixed, drew_from_empty=frozenset(), deathtouch_damaged=frozenset()), performed


def _move(oid: str, frm: str, cause: str) -> tuple[tuple[str, Any], ...]:
    return (("object", ("o", oid)), ("count", 1), ("from", frm), ("to", "graveyard"), ("cause", cause),
            ("position", None), ("control", None), ("as", None), ("tapped", False), ("face", "front"),
            ("choice", None))


# --- triggered abilities (603) -------------------------------------------------------------

def collect(game: Game, budget: Budget | float) -> Game:
    """The abilities the events since the last look triggered, kept to go on the stack."""
    from pyengine.game import triggered

    return triggered.collect(game, budget)


def put_triggers(game: Game, budget: Budget | float) -> tuple[Game, bool]:
    """The abilities triggered since the last check go on the stack (603.3): see
    :mod:`pyengine.game.triggered`."""
    from pyengine.game import triggered

    return triggered.put_triggers(game, budget)
