"""Cards exiled with an object (CR 607.2a) and exile "until" it leaves the battlefield (610.3).

An ability of an object that exiles cards is linked to the object's abilities that refer to
"the exiled card" or cards "exiled with" it (607.2a): they name only the cards in exile that
an instruction of the first ability put there, and only while that object is the same object
(400.7: a permanent that left the battlefield and came back is a new object, whose abilities
exiled nothing yet). The game keeps an :class:`ExileLink` per card exiled that way.

"Exile target creature until SELF leaves the battlefield" (610.3): the card is exiled and a
second one-shot effect is created immediately after SELF leaves the battlefield: it returns the
card to the battlefield under its owner's control (610.3c), not using the stack; cards several
sources exiled that return after simultaneous events return simultaneously (610.3d). If SELF
already left the battlefield after its triggered ability triggered (or after its activated
ability was put on the stack), the card isn't exiled at all (610.3a-b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game.model import Game, StackItem
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event


@dataclass(frozen=True)
class ExileLink:
    """``card`` was exiled by an ability of ``source`` (607.2a) while ``source`` was the object
    it became at log index ``born`` (its last zone change then; 0: never moved in this game);
    ``since``: the log's length right after the card was exiled (a card that changes zones
    after it is a new object, 400.7); ``until``: it returns when ``source`` leaves the
    battlefield (610.3)."""

    card: str
    source: str
    born: int
    since: int
    until: bool


def incarnation(game: Game, oid: str, before: int | None = None) -> int:
    """The index of ``oid``'s last zone change among the log events with index below
    ``before`` (all of them by default): which object it is (400.7). 0 if it never moved."""
    last = 0
    for e in game.log:
        if before is not None and e.index >= before:
            break
        if e.kind == "zone_change" and e.obj == oid:
            last = e.index
    return last


def _moved_since(game: Game, oid: str, since: int) -> bool:
    return any(e.kind == "zone_change" and e.obj == oid for e in game.log[since:])


def exiled_with(game: Game, source: str, born: int) -> tuple[str, ...]:
    """The cards exiled with ``source`` while it was the object born at ``born`` and still in
    exile as the same objects (607.2a, 400.7)."""
    objs = {o.id: o for o in game.state.objects}
    return tuple(link.card for link in game.exile_links
                 if link.source == source and link.born == born and link.card in objs
                 and objs[link.card].zone == Zone.EXILE and not _moved_since(game, link.card, link.since))


def trigger_born(game: Game, source: str, event_index: int) -> int:
    """Which object ``source`` was for an ability that triggered on log event ``event_index``:
    the object it was as the event happened; for its own move from the battlefield ("leaves
    the battlefield", "dies"), the permanent it was (603.10a: such abilities look back)."""
    ev = next((e for e in game.log if e.index == event_index), None)
    if ev is not None and ev.kind == "zone_change" and ev.obj == source and ev.from_zone == "battlefield":
        return incarnation(game, source, before=event_index)
    return incarnation(game, source, before=event_index + 1)


def started(game: Game, item: StackItem) -> int:
    """The log index after which 610.3a-b look for the source leaving: when the triggered
    ability triggered, or when the ability or spell was put on the stack."""
    if item.trigger is not None:
        return item.trigger[0].event_index
    at = next((n.index for n in reversed(game.notes)
               if n.kind == "put_on_stack" and n.target == item.id), None)
    if at is not None:
        return at
    return next((e.index for e in reversed(game.log)
                 if e.kind == "cast" and e.obj == item.obj), len(game.log))


def bind(ins: Any, refs: dict[str, tuple[str, ...]], plain: Callable[[Any], list[Event]]) -> list[Event]:
    """``{kind: exile_until, move: INSTRUCTION}`` as one event holding the move's events."""
    return [Event("exile_until", (("events", tuple(plain(ins.get("move")))), ("source", refs["self"][0])))]


def perform_until(game: Game, item: StackItem, e: Event, keep: Callable[[Game, Event], bool],
                  budget: Budget | float) -> Game:
    """Exile "until SELF leaves the battlefield" (610.3): not at all if the source left the
    battlefield since it started (610.3a-b); else the cards, each linked to the source."""
    from pyengine.game.perform import perform

    source = e.get("source")
    src = next((o for o in game.state.objects if o.id == source), None)
    start = started(game, item)
    left = src is None or src.zone != Zone.BATTLEFIELD or any(
        x.kind == "zone_change" and x.obj == source and x.index > start for x in game.log)
    if left:
        why = "610.3b" if item.trigger is not None else "610.3a"
        return game.note(GameEvent("not_resolved", obj=source, player=item.controller, target=item.id,
                                   detail="its source left the battlefield: the card isn't exiled",
                                   rule=why, cause="until"))
    events = [x for x in e.get("events") if keep(game, x)]
    before = len(game.log)
    game = perform(game, events, rule="610.3", budget=budget)
    return record(game, source, incarnation(game, source), events, before, until=True)


def record(game: Game, source: str, born: int, events: list[Event] | tuple[Event, ...], before: int,
           until: bool = False) -> Game:
    """Links for the cards ``events`` told to move to exile that did, in the log since
    ``before`` (607.2a: "put there as a result of an instruction to exile them")."""
    told = {f["object"][1] for x in events if x.kind == "move"
            for f in [dict(x.fields)] if f.get("to") == "exile" and isinstance(f.get("object"), tuple)
            and f["object"][0] == "o"}
    went = [x.obj for x in game.log[before:]
            if x.kind == "zone_change" and x.to_zone == "exile" and x.obj in told]
    if not went:
        return game
    made = tuple(ExileLink(c, source, born, len(game.log), until) for c in dict.fromkeys(went))
    return game.clone(exile_links=game.exile_links + made)


def returns(game: Game, before: int, budget: Budget | float) -> Game:
    """610.3: the cards exiled until a source leaves the battlefield, returned to the
    battlefield under their owners' control (610.3c) immediately after events since log
    length ``before`` moved their source from it, all at once (610.3d)."""
    if not any(link.until for link in game.exile_links):
        return game
    left = {x.obj for x in game.log[before:] if x.kind == "zone_change" and x.from_zone == "battlefield"}
    due = [link for link in game.exile_links if link.until and link.source in left]
    if not due:
        return game
    objs = {o.id: o for o in game.state.objects}
    back = [link.card for link in due if link.card in objs and objs[link.card].zone == Zone.EXILE
            and not _moved_since(game, link.card, link.since)]
    game = game.clone(exile_links=tuple(link for link in game.exile_links if link not in due))
    if not back:
        return game
    from pyengine.game.perform import perform

    events = [Event("move", (("object", ("o", c)), ("count", 1), ("from", "exile"), ("to", "battlefield"),
                             ("cause", "effect"), ("position", None), ("control", ("p", objs[c].owner)),
                             ("as", ("o", c)), ("tapped", False), ("face", "front"), ("choice", None)))
              for c in dict.fromkeys(back)]
    return perform(game, events, rule="610.3c", budget=budget)


def flat(events: tuple[Event, ...] | list[Event]) -> list[Event]:
    """The events and those the choices among them hold ("you may exile ..."), except those
    of an exile "until" (linked by :func:`perform_until`)."""
    out: list[Event] = []
    for e in events:
        if e.kind == "exile_until":
            continue
        out.append(e)
        for _k, v in e.fields:
            if isinstance(v, tuple) and v and all(isinstance(x, Event) for x in v):
                out += flat(v)
    return out


def born_of(game: Game, item: StackItem) -> int:
    """Which object the source of ability ``item`` is for its links (607.2a, 400.7)."""
    assert item.source is not None
    if item.trigger is not None:
        return trigger_born(game, item.source, item.trigger[0].event_index)
    return incarnation(game, item.source)
