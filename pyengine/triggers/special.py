"""Triggered abilities that don't wait for an object's ability to see an event: delayed
triggered abilities (CR 603.7), created by an effect, which trigger once on a later event;
and state triggers (603.8), which trigger when the game state matches a condition, once until
the ability has left the stack. Decided by asp/triggers/ (match.lp for delayed ones,
states.lp for state triggers)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pyengine import encodings, layers
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.errors import EncodingError
from pyengine.events import GameEvent
from pyengine.model.objects import GameState
from pyengine.model.triggers import TriggerDef
from pyengine.registry import read
from pyengine.solver import solve
from pyengine.triggers import quiet
from pyengine.triggers.facts import Builder, keyed, triggered_abilities
from pyengine.triggers.model import Triggered

encodings.register("triggers_state", "triggers/state_triggers.lp")


@dataclass(frozen=True)
class Delayed:
    """A delayed triggered ability (CR 603.7): ``id``; ``controller`` (who controlled the
    effect that created it, 603.7d-e); ``source`` (the object whose effect created it, if
    any); ``text``; ``ability`` (its trigger event and effect); ``refs``: the references its
    effect makes, bound when it was created (word -> ids, 603.7c); ``created``: the index of
    the last log event before it existed (it triggers only on later ones)."""

    id: str
    controller: str
    source: str | None
    text: str
    ability: TriggerDef
    refs: tuple[tuple[str, tuple[str, ...]], ...]
    created: int


def match_delayed(before: GameState, after: GameState, events: Sequence[GameEvent],
                  delayed: Sequence[Delayed], *, budget: Budget) -> tuple[tuple[Delayed, Triggered], ...]:
    """The delayed triggered abilities ``events`` trigger, each once (603.7b: at the first
    matching event), with the :class:`Triggered` that goes on the stack."""
    if not delayed or not events or not quiet.meets((d.ability.pattern for d in delayed), events):
        return ()
    b = Builder()
    b.players(after)
    b.world("before", before, layers.compute(before, timeout=budget).objects, {})
    b.world("after", after, layers.compute(after, timeout=budget).objects, {})
    b.events(events)
    for k, d in enumerate(delayed):
        b.definition(k, d.ability)
        b.fs.add("t_delayed", d.id, k, d.controller, d.created)
    result = solve([encodings.path("triggers")], b.fs, what="match delayed triggered abilities",
                   budget=budget)
    if not result.satisfiable:
        raise EncodingError("triggers: the matching encoding has no answer (it has one answer set)")
    first: dict[str, tuple[int, str]] = {}
    for t in read(result.model, O.Triggered, ordered=False):
        if t.event < first.get(t.source, (t.event + 1, ""))[0]:
            first[t.source] = (t.event, t.rule)
    its = {e.index: e.obj for e in events}
    out = []
    for d in delayed:
        if d.id in first:
            ev, rule = first[d.id]
            out.append((d, Triggered(f"{d.id}@{ev}", d.source or d.id, 0, d.controller, ev, d.text, rule,
                                     its.get(ev))))
    return tuple(out)


def state_triggers(state: GameState, pending: Collection[tuple[str, str]], *,
                   budget: Budget) -> tuple[Triggered, ...]:
    """The state triggers (603.8) ``state`` matches: ``pending`` holds (source, ability text)
    of those that triggered and have not left the stack yet (they don't trigger again)."""
    defs = {text: d for text, d in triggered_abilities(state).items() if d.state is not None}
    if not defs:
        return ()
    keys, by_key = keyed(defs)
    chars = layers.compute(state, timeout=budget).objects
    b = Builder()
    b.players(state)
    b.world("after", state, chars, keys)
    for k, (_text, d) in by_key.items():
        b.definition(k, d)
    for src, text in pending:
        if text in keys:
            b.fs.add("t_pending", src, keys[text])
    result = solve([encodings.path("triggers_state")], b.fs, what="check state triggers", budget=budget)
    out = []
    for t in read(result.model, O.StateTriggered, ordered=False):
        text = by_key[t.ability][0]
        printed = [a.name for a in state.object(t.source).printed.abilities]
        index = printed.index(text) if text in printed else len(printed)
        out.append(Triggered(f"{t.source}:{index}@state", t.source, index, t.controller, 0, text, "603.8"))
    return tuple(sorted(out))
