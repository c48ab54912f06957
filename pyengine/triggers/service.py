"""The trigger service (CR 603): which triggered abilities a batch of game events triggered,
whether an intervening if clause still holds on resolution, and the APNAP order they go on
the stack in.

Every rules decision is made by the encodings under asp/triggers/; this module computes the
characteristics of both states with the layer engine (once each), builds facts, calls
:func:`pyengine.solver.solve` and reads the answers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import clingo

from pyengine import encodings, layers
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.errors import EncodingError
from pyengine.events import GameEvent
from pyengine.facts import Const, FactSet
from pyengine.layers.result import ObjectChars
from pyengine.model.objects import GameState
from pyengine.model.triggers import TriggerDef
from pyengine.registry import read
from pyengine.solver import solve
from pyengine.triggers import quiet
from pyengine.triggers.facts import Builder, keyed, merged, triggered_abilities
from pyengine.triggers.history import TurnHistory
from pyengine.triggers.history import of as of_log
from pyengine.triggers.model import COUNT_CAP, StackOrders, Triggered

encodings.register("triggers", "triggers/triggers.lp")
encodings.register("triggers_check_if", "triggers/check_if.lp")
encodings.register("triggers_orders", "triggers/orders.lp")

TIMEOUT = 10.0
_WHAT = "the trigger engine"


def _check_events(before: GameState, after: GameState, events: Sequence[GameEvent]) -> None:
    seen: set[int] = set()
    objects = {o.id for o in before.objects} | {o.id for o in after.objects}
    players = set(after.player_ids)
    for e in events:
        if not isinstance(e, GameEvent):
            raise ValueError(f"an event must be a GameEvent, got {e!r}")
        if e.index in seen:
            raise ValueError(f"two events have the index {e.index}; each event of the log has its own")
        seen.add(e.index)
        for field in ("obj", "source"):
            oid = getattr(e, field)
            if oid is not None and oid not in objects:
                raise ValueError(f"event {e.index}: {field} {oid!r} is no object of either state")
        if e.player is not None and e.player not in players:
            raise ValueError(f"event {e.index}: {e.player!r} is no player")
    if set(before.player_ids) != players:
        raise ValueError("the states before and after the events have different players")


def match(before: GameState, after: GameState, events: Sequence[GameEvent], *,
          budget: Budget | None = None, timeout: float = TIMEOUT,
          history: TurnHistory | None = None) -> tuple[Triggered, ...]:
    """The triggered abilities ``events`` triggered (CR 603.2), sorted by event, source and
    ability. ``before``/``after``: the game just before and just after the events (abilities
    that look back in time read ``before``, 603.10; the others ``after``). An intervening if
    clause is checked against ``after`` (603.4). ``history``: the turn so far, the events
    included (pyengine.triggers.history; by default only ``events`` themselves)."""
    _check_events(before, after, events)
    if not events:
        return ()
    budget = budget or Budget(timeout, _WHAT)
    defs = merged(triggered_abilities(before), triggered_abilities(after))
    if not defs or not quiet.meets((p for d in defs.values() for p in (d.pattern, *d.also)), events):
        return ()  # 603.2: no ability's trigger event is of these events' kinds
    fs, by_key, chars = _facts(before, after, events, defs, budget, history)
    result = solve([encodings.path("triggers")], fs, what="match triggered abilities", budget=budget)
    if not result.satisfiable:
        raise EncodingError("triggers: the matching encoding has no answer (it has one answer set)")
    its = {e.index: e.obj for e in events}
    out: dict[str, Triggered] = {}
    for t in sorted(read(result.model, O.Triggered, ordered=False), key=lambda t: t.ability):
        text, _d = by_key[t.ability]
        index = _index(before if t.world == "before" else after, chars[t.world][t.source].abilities,
                       t.source, text)
        tid = f"{t.source}:{index}@{t.event}"  # 603.2: once per event, whichever of its events it is
        out.setdefault(tid, Triggered(tid, t.source, index, t.controller, t.event, text, t.rule,
                                      its.get(t.event)))
    return tuple(sorted(out.values(), key=lambda x: (x.event_index, x.source, x.ability)))


_Keyed = dict[int, tuple[str, TriggerDef]]
_Worlds = dict[str, dict[str, ObjectChars]]


def _facts(before: GameState, after: GameState, events: Sequence[GameEvent], defs: Mapping[str, TriggerDef],
           budget: Budget, history: TurnHistory | None = None) -> tuple[FactSet, _Keyed, _Worlds]:
    """The facts of one matching call, the definitions by key, and both worlds'
    characteristics after the layers (one layer computation each)."""
    keys, by_key = keyed(defs)
    chars = {"before": layers.compute(before, timeout=budget).objects,
             "after": layers.compute(after, timeout=budget).objects}
    b = Builder()
    b.players(after)
    b.world("before", before, chars["before"], keys)
    b.world("after", after, chars["after"], keys)
    b.events(events)
    b.history(history if history is not None else of_log(events), events, keys)
    for k, (_text, d) in list(by_key.items()):
        b.definition(k, d)
        for alt in d.also:  # one more key for each other event the ability triggers on (603.2)
            k2 = len(by_key)
            by_key[k2] = (_text, replace(d, pattern=alt, also=()))
            b.definition(k2, by_key[k2][1])
            b.fs.add("t_alt", k2, k)
    return b.fs, by_key, chars


def match_facts(before: GameState, after: GameState, events: Sequence[GameEvent], *,
                timeout: float = TIMEOUT) -> list[clingo.Symbol]:
    """The input facts :func:`match` gives clingo (``pyengine facts``)."""
    _check_events(before, after, events)
    defs = merged(triggered_abilities(before), triggered_abilities(after))
    return _facts(before, after, events, defs, Budget(timeout, _WHAT))[0].symbols()


def _index(state: GameState, names: Sequence[str], source: str, text: str) -> int:
    """The ability's index among the source's printed abilities; an ability an effect grants
    comes after them, in the order of the granted triggered abilities' names."""
    printed = [a.name for a in state.object(source).printed.abilities]
    if text in printed:
        return printed.index(text)
    granted = sorted(n for n in set(names) if n not in printed)
    return len(printed) + granted.index(text)


def definition(state: GameState, triggered: Triggered) -> TriggerDef:
    """The definition of ``triggered`` (its pattern, condition, targets and effect), found by
    its text among the abilities the state's objects and effects have or grant."""
    found = triggered_abilities(state).get(triggered.text)
    if found is None:
        raise ValueError(f"no object or effect of the state has the triggered ability {triggered.text!r}")
    return found


def intervening_if_holds(state: GameState, triggered: Triggered, *, ability: TriggerDef | None = None,
                         budget: Budget | None = None, timeout: float = TIMEOUT,
                         history: TurnHistory | None = None) -> bool:
    """CR 603.4: whether the ability's intervening if clause holds in ``state`` (as it
    resolves); True for an ability without one. ``ability``: its definition, when the state
    no longer has it (else :func:`definition` finds it); ``history``: the turn so far (none
    by default)."""
    d = ability if ability is not None else definition(state, triggered)
    if d.condition is None:
        return True
    budget = budget or Budget(timeout, _WHAT)
    chars = layers.compute(state, timeout=budget).objects
    b = Builder()
    b.players(state)
    b.world("after", state, chars, {})
    b.history(history if history is not None else TurnHistory())
    b.definition(0, d)
    b.fs.add("t_check", triggered.source, 0, triggered.controller,
             triggered.it if triggered.it is not None else Const("none"))
    result = solve([encodings.path("triggers_check_if")], b.fs, what="check an intervening if clause",
                   budget=budget)
    return any(h.source == triggered.source for h in read(result.model, O.IfHolds, ordered=False))


def orders(triggered: Sequence[Triggered], active: str, turn_order: Sequence[str],
           chosen: Mapping[str, Sequence[str]] = {}) -> StackOrders:
    """CR 603.3b: the order the abilities go on the stack in. ``turn_order``: the players in
    turn order (``active`` among them); ``chosen``: a player's chosen order of the abilities
    they control (the first is put on the stack first), which must name each of them once."""
    order = list(turn_order)
    if active not in order or len(set(order)) != len(order):
        raise ValueError(f"the active player {active!r} must be one of the players in turn order, each once")
    ids = [t.id for t in triggered]
    if len(set(ids)) != len(ids):
        raise ValueError("two triggered abilities have one id")
    mine: dict[str, list[str]] = {}
    for t in triggered:
        if t.controller not in order:
            raise ValueError(f"{t.id}: its controller {t.controller!r} is not in the turn order")
        mine.setdefault(t.controller, []).append(t.id)
    for player, seq in chosen.items():
        if sorted(seq) != sorted(mine.get(player, [])):
            raise ValueError(f"{player}'s chosen order must name each ability {player} controls once: "
                             f"{', '.join(sorted(mine.get(player, []))) or 'none'}")
    i = order.index(active)
    apnap = order[i:] + order[:i]  # CR 101.4
    fs = FactSet()
    for rank, p in enumerate(apnap):
        fs.add("t_rank", p, rank)
    for t in triggered:
        fs.add("t_ord", t.id, t.controller)
    for player, seq in chosen.items():
        for n, tid in enumerate(seq):
            fs.add("t_chosen", player, tid, n)
    result = solve([encodings.path("triggers_orders")], fs, what="order triggered abilities",
                   timeout=TIMEOUT)
    pos = {s.triggered: s.position for s in read(result.model, O.StackPos, ordered=False)}
    choosing = [c.count for c in read(result.model, O.Chooses, ordered=False)]
    # 10! is past the cap already: the product is taken only of smaller factorials
    count = math.prod(math.factorial(min(n, 10)) for n in choosing)
    exact = count <= COUNT_CAP and all(n < 10 for n in choosing)
    fixed = tuple(sorted(pos, key=lambda tid: pos[tid])) if len(pos) == len(ids) else None
    per_player = tuple((p, tuple(chosen[p]) if p in chosen else tuple(sorted(mine[p])))
                       for p in apnap if p in mine)
    return StackOrders(fixed, per_player, count if exact else COUNT_CAP, exact)
