"""Loops (CR 104.4b, 731.4): a game that returns to a moment it was already in, taking the same
actions, repeats that sequence forever.

A moment is the board, the stack, the step, who holds priority and how many players passed, a
pending turn-based action, combat, the events no triggered ability has been matched against
yet, what state-based actions remember since the last check (704.5b, 704.5h), the delayed
triggered abilities waiting and the choices the script gave ahead. Ids that carry the log's
growing index (a triggered or activated ability's ``SOURCE:N@EVENT``, a delayed ability's
``delayedN``) and the log indices an object on the stack keeps are left out: the same ability
of the same source triggered again by the same kind of event is the same stack object for this
purpose.

When a moment repeats, the actions between its two occurrences form the loop. If no player had
another choice at any moment of it (no activation or special action the game accepts, no
instant or flash card named in their hand: conceding is no way out, 731.5), the loop consists
of mandatory actions only and the game is a draw (104.4b, 731.4). Otherwise the loop contains
an optional action and is no draw (104.4b): the script, which keeps making the same choices, is
what repeats; it must say how many times (731.2a) or choose differently (731.3).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, IllegalAction, Outcome, StackItem
from pyengine.model.enums import Zone

_INDEX = re.compile(r"@\d+$")
_DELAYED = re.compile(r"^delayed\d+")


def normal_id(sid: str) -> str:
    """A stack object's id without the log index it carries (``rock:0@12`` -> ``rock:0@``)."""
    return _DELAYED.sub("delayed", _INDEX.sub("@", sid))


def _item(s: StackItem) -> StackItem:
    trig = s.trigger
    if trig is not None:
        t = trig[0]
        t = replace(t, id=normal_id(t.id), event_index=0) if hasattr(t, "event_index") else t
        trig = (t,) + tuple(trig[1:])
    return replace(s, id=normal_id(s.id), trigger=trig, refers=tuple((o, z, 0) for o, z, _ in s.refers))


def moment(game: Game) -> Any:
    """What makes two moments of a game the same (the log, its indices and undo aside)."""
    delayed = tuple(sorted(repr(replace(d, id=normal_id(d.id), created=0)) for d in game.delayed))
    # the events no triggered ability has been matched against yet, as a set: they are matched
    # at the next check, and between two moments with different numbers of the same events no
    # player received priority, so the turn moved on and the moments differ in their step
    pending = frozenset(replace(e, index=0, batch=0) for e in game.log[game.trigger_mark:])
    key = (game.state, game.priority, game.passes, tuple(_item(s) for s in game.stack), game.pending,
           game.combat, delayed, pending, game.waiting, game.trigger_state, game.drew_from_empty, game.deathtouch_damaged,
           game.choices, game.trigger_targets, game.optional_choices, game.legend_choices, game.command_choices,
           game.cleanup_again,
           game.resolution_choices, game.look_choices, game.library_bottom, game.protectors, game.variants)
    try:
        hash(key)
    except TypeError:  # a value the effect language keeps in a list or mapping
        return repr(key)
    return key


def choices_in(cycle: list[Game], budget: Budget | float) -> list[str]:
    """The optional actions the players had at the moments of ``cycle`` besides passing
    priority (and conceding, 731.5), as sentences."""
    from pyengine.game.activation_list import activations
    from pyengine.game.keyword_actions import special_actions

    out: list[str] = []
    for g in cycle:
        pid = g.priority
        if pid is None or g.pending is not None:
            continue
        for a in special_actions(g, budget):
            out.append(f"{pid} may turn {a.obj} face up")
        for act in activations(g, budget):
            out.append(f"{pid} may activate an ability of {act.source}")
        for o in g.state.objects:
            flash = any(a.name.lower() == "flash" for a in o.printed.abilities)
            if o.zone == Zone.HAND and o.owner == pid and ("Instant" in o.printed.types or flash):
                out.append(f"{pid} may cast {o.id}")
    return list(dict.fromkeys(out))


def describe(game: Game) -> str:
    """The moment in words: turn, step, priority and the stack (top first)."""
    holder = f"{game.priority} holding priority" if game.priority else "no one holding priority"
    stack = ", ".join(normal_id(s.id) for s in reversed(game.stack)) or "empty"
    from pyengine.game.log import step_name

    return f"turn {game.state.turn.number}'s {step_name(game.step.value)}, {holder}, stack: {stack}"


def loop_found(game: Game, cycle: list[Game], budget: Budget | float) -> Game:
    """``game`` repeats the first moment of ``cycle`` (the moments since): a draw if the loop
    has only mandatory actions (104.4b, 731.4), else :class:`IllegalAction` (731.2a, 731.3)."""
    optional = choices_in(cycle, budget)
    n = len(cycle)
    if not optional:
        return draw(game, f"after {n} action(s) the game is back at {describe(game)}: "
                          "a loop of mandatory actions")
    raise IllegalAction("731.2a", f"after {n} action(s) the game is back at {describe(game)} and would "
                                  f"repeat forever; the loop contains optional actions "
                                  f"({'; '.join(optional[:4])}), "
                                  "so it is no draw (104.4b): the script must say how many times to repeat "
                                  "it or choose differently (731.3)")


def draw(game: Game, why: str) -> Game:
    """The game ends in a draw by a loop (104.4b), recorded in the log with why."""
    return game.clone(outcome=Outcome((), (), True, "104.4b"), priority=None, pending=None).emit(
        GameEvent("draw_game", cause="loop", rule="104.4b", detail=why))
