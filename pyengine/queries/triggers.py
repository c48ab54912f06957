"""Query ``triggers``: which triggered abilities a batch of game events triggered (CR 603.2,
603.4, 603.6, 603.10), and the order they go on the stack in (603.3b). Format:
scenarios/triggers/README.md.

The scenario's state is the game *after* the events. The game before them is that state with
each zone-changing object back in the zone it left (``from_zone``), and with the differences
``before:`` lists (objects that were tapped or untapped, controlled by someone else, absent,
or in another zone).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pyengine import walk
from pyengine.budget import Budget
from pyengine.errors import ScenarioError
from pyengine.events import KINDS, GameEvent
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import ObjRef, Selector
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameState
from pyengine.queries.base import QueryKind, register
from pyengine.triggers import service
from pyengine.triggers.model import StackOrders, Triggered

EVENT_FIELDS = ("kind", "index", "batch", "obj", "player", "source", "target", "from_zone", "to_zone",
                "amount", "counter", "combat", "step", "cause")
BEFORE_FIELDS = ("zone", "tapped", "controller", "absent")
_ID = {"type": "string", "minLength": 1}


@dataclass(frozen=True)
class TriggersQuery:
    """The events (the log's batch), the state before them, and players' chosen orders."""

    events: tuple[GameEvent, ...]
    before: GameState
    chosen: tuple[tuple[str, tuple[str, ...]], ...] = ()
    kind: str = "triggers"
    chosen_at: tuple[str | None, int | None] = (None, None)  # file and line of `chosen`
    pending: tuple[str, ...] = ()  # sources whose state triggers wait or are on the stack (603.8)


@dataclass(frozen=True)
class TriggersExpect:
    """Expected triggered abilities ``(source, event, controller, ability or None)`` and
    optionally the stack order: ``fixed`` (ids, or None) and ``count``."""

    triggered: tuple[tuple[str, int, str, int | None], ...] | None
    fixed: tuple[str, ...] | None = None
    has_fixed: bool = False
    count: int | None = None


@dataclass(frozen=True)
class TriggersAnswer:
    """The triggered abilities and their stack orders."""

    triggered: tuple[Triggered, ...]
    orders: StackOrders

    def to_json(self) -> dict[str, Any]:
        return {"triggered": [{"id": t.id, "source": t.source, "ability": t.ability, "event": t.event_index,
                               "controller": t.controller, "rule": t.rule, "text": t.text}
                              for t in self.triggered],
                "order": {"fixed": list(self.orders.fixed) if self.orders.fixed is not None else None,
                          "count": self.orders.count, "count_exact": self.orders.count_exact,
                          "per_player": {p: list(ids) for p, ids in self.orders.per_player}}}

    def render(self) -> str:
        lines = [f"{t.id}: {t.source}'s ability {t.ability} ({t.text}) triggered on event "
                 f"{t.event_index}, controlled by {t.controller} (CR {t.rule})" for t in self.triggered]
        if not self.triggered:
            lines.append("nothing triggered")
        o = self.orders
        if o.fixed is not None:
            lines.append("put on the stack in this order (CR 603.3b): " + ", ".join(o.fixed))
        else:
            many = f"{o.count}" if o.count_exact else f"more than {o.count:,}"
            lines.append(f"{many} possible stack orders (CR 603.3b); APNAP: "
                         + "; ".join(f"{p}: {', '.join(ids)}" for p, ids in o.per_player))
        return "\n".join(lines)


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> TriggersQuery:
    """``events`` (GameEvent-shaped mappings), optional ``before`` and ``chosen``."""
    cur.mapping({"kind", "events", "before", "chosen", "pending"}, "a triggers query")
    items = cur.req("events").seq("a list of events")
    if not items:
        cur.get("events").fail("expected at least one event")
    objects = {o.id for o in state.objects}
    events = tuple(_event(c, n, objects, state) for n, c in enumerate(items, 1))
    seen: set[int] = set()
    for c, e in zip(items, events, strict=True):
        if e.index in seen:
            c.fail(f"two events have the index {e.index}")
        seen.add(e.index)
    before = _before(cur.get("before"), state, events, items)
    chosen: list[tuple[str, tuple[str, ...]]] = []
    at = (cur.get("chosen").file, cur.get("chosen").line)
    if cur.has("chosen"):
        sub = cur.get("chosen").mapping(set(state.player_ids), "{PLAYER: [triggered ability ids...]}")
        for player, ids in sub.items():
            chosen.append((player, tuple(ids.strings("a list of triggered ability ids"))))
    pending = tuple(cur.get("pending").strings("a list of object ids")) if cur.has("pending") else ()
    listed = cur.get("pending").seq("a list of object ids") if pending else []
    for oid, sub in zip(pending, listed, strict=True):
        if oid not in objects:
            sub.fail(f"dangling object id {oid!r}: no object has this id")
    return TriggersQuery(events, before, tuple(chosen), chosen_at=at, pending=pending)


def _event(cur: Cursor, n: int, objects: set[str], state: GameState) -> GameEvent:
    cur.mapping(set(EVENT_FIELDS), "a game event such as {kind: zone_change, obj: bears, "
                "from_zone: battlefield, to_zone: graveyard}")
    kind = cur.req("kind").choice(sorted(KINDS), "an event kind:")
    values: dict[str, Any] = {"kind": kind, "index": n, "batch": 1}
    zones = [z.value for z in Zone]
    for key, sub in cur.items():
        if key in ("kind",):
            continue
        if key in ("index", "batch", "amount"):
            values[key] = sub.integer(f"an integer {key}", 0)
        elif key == "combat":
            values[key] = sub.boolean()
        elif key in ("from_zone", "to_zone"):
            values[key] = sub.choice(zones, "a zone:")
        elif key == "step":
            values[key] = sub.choice(Step.words(), "a step:")
        elif key in ("obj", "source"):
            values[key] = sub.choice(sorted(objects), "an object id:")
        elif key == "player":
            values[key] = sub.choice(list(state.player_ids), "a player id:")
        elif key == "target":
            values[key] = sub.choice(sorted(objects | set(state.player_ids)), "an object or player id:")
        else:
            values[key] = sub.string(f"a {key}")
    if kind == "zone_change" and ("obj" not in values or "to_zone" not in values):
        cur.fail("a zone_change event needs obj and to_zone (and from_zone: the zone it left)")
    if kind == "zone_change" and values.get("from_zone") == values.get("to_zone"):
        cur.fail("a zone change goes from one zone to another")
    if kind == "zone_change" and state.object(values["obj"]).zone.value != values["to_zone"]:
        cur.get("to_zone").fail(f"the state is the game after the events, where {values['obj']} is in the "
                                f"{state.object(values['obj']).zone.value}, not the {values['to_zone']}")
    return GameEvent(**values)


def _before(cur: Cursor, state: GameState, events: tuple[GameEvent, ...], items: list[Cursor]) -> GameState:
    """The game before the events: zone-changed objects back where they were (their
    ``from_zone``), then ``before:``'s differences for each object named."""
    changes: dict[str, dict[str, Any]] = {}
    for e in events:
        if e.kind == "zone_change" and e.obj is not None and e.from_zone is not None:
            changes.setdefault(e.obj, {})["zone"] = Zone(e.from_zone)
        if e.kind == "create_token" and e.obj is not None:
            changes.setdefault(e.obj, {})["absent"] = True
    absent: set[str] = set()
    if cur.value is not None:
        cur.mapping({"objects"}, "{objects: {ID: {zone, tapped, controller, absent}}}")
        objs = cur.req("objects")
        objs.mapping({o.id for o in state.objects}, "{ID: {zone, tapped, controller, absent}}")
        for oid, sub in objs.items():
            sub.mapping(set(BEFORE_FIELDS), "{zone, tapped, controller, absent}")
            for key, v in sub.items():
                if key == "zone":
                    changes.setdefault(oid, {})["zone"] = Zone(v.choice([z.value for z in Zone], "a zone:"))
                elif key == "controller":
                    changes.setdefault(oid, {})["controller"] = v.choice(list(state.player_ids), "a player:")
                elif key == "absent":
                    if not v.boolean():
                        v.fail("expected true (the object did not exist before the events)")
                    changes.setdefault(oid, {})["absent"] = True
                else:
                    changes.setdefault(oid, {})["tapped"] = v.boolean()
    for oid, change in changes.items():
        if change.pop("absent", False):
            absent.add(oid)
    objects = tuple(dataclasses.replace(o, **changes.get(o.id, {}))
                    for o in state.objects if o.id not in absent)
    before = state.clone(objects=objects)
    named = _named_ids(before) & absent
    if named:
        at = cur if cur.value is not None else items[0]
        at.fail(f"{sorted(named)[0]!r} did not exist before the events (a token created by them, or "
                "absent: true), but an object or effect of the game before names it; the game "
                "before can't be built")
    return before


def _named_ids(state: GameState) -> set[str]:
    """The object ids the state's objects and effects name (in selectors, references, the
    objects an effect locked in, what an object is attached to)."""
    found: set[str] = set()
    for x in walk.values([[o.printed for o in state.objects], list(state.effects)]):
        if isinstance(x, ObjRef) and x.kind == "id" and x.obj:
            found.add(x.obj)
        elif isinstance(x, Selector):
            found.update(x.ids)
    found.update(o.attached_to for o in state.objects if o.attached_to)
    found.update(e.source for e in state.effects if e.source)
    for e in state.effects:
        found.update(e.locked or ())
    return found


def parse_expect(cur: Cursor, query: TriggersQuery, state: GameState) -> TriggersExpect:
    """``triggered``: [{source, event, controller, ability?}]; ``order``: {fixed, count}."""
    cur.mapping({"triggered", "order"}, "a triggers expectation")
    triggered = None
    if cur.has("triggered"):
        out = []
        indexes = {e.index for e in query.events}
        for c in cur.get("triggered").seq("a list of triggered abilities"):
            c.mapping({"source", "event", "controller", "ability"}, "{source, event, controller, ability}")
            source = c.req("source").choice(sorted(o.id for o in state.objects), "an object id:")
            event = c.req("event").integer("an event index (0: a state trigger)", 0)
            if event not in indexes and event != 0:
                c.get("event").fail(f"no event of the query has the index {event}")
            controller = c.req("controller").choice(list(state.player_ids), "a player id:")
            ability = c.get("ability").integer("an ability index", 0) if c.has("ability") else None
            out.append((source, event, controller, ability))
        triggered = tuple(out)
    fixed, has_fixed, count = None, False, None
    if cur.has("order"):
        o = cur.get("order").mapping({"fixed", "count"}, "{fixed: [ids] or null, count: N}")
        if o.has("fixed"):
            has_fixed = True
            fixed = None if o.get("fixed").value is None else tuple(o.get("fixed").strings("a list of ids"))
        if o.has("count"):
            count = o.get("count").integer("a number of stack orders", 1)
    return TriggersExpect(triggered, fixed, has_fixed, count)


def solve(state: GameState, query: TriggersQuery, timeout: float | Budget) -> TriggersAnswer:
    """Run the trigger engine, then order what triggered."""
    budget = Budget.of(timeout, "the triggers query")
    got = service.match(query.before, state, query.events, budget=budget)
    got += _state_triggers(state, query.pending, budget)
    mine = {t.controller for t in got}
    chosen = {p: ids for p, ids in query.chosen if p in mine or ids}
    try:
        return TriggersAnswer(got, service.orders(got, state.turn.active, state.player_ids, chosen))
    except ValueError as exc:  # a chosen order that doesn't name what triggered
        file, line = query.chosen_at
        raise ScenarioError(f"{exc} (the ids of what triggered: {', '.join(t.id for t in got) or 'none'})",
                            file=file, line=line, path="query.chosen") from None


def _state_triggers(state: GameState, pending: tuple[str, ...], budget: Budget) -> tuple[Triggered, ...]:
    """CR 603.8: the state triggers the state after the events matches; the sources in
    ``pending`` have theirs waiting or on the stack already."""
    from pyengine.triggers.special import state_triggers

    waiting = {(oid, a.name) for oid in pending for a in state.object(oid).printed.abilities
               if a.trigger is not None and a.trigger.state is not None}
    return state_triggers(state, waiting, budget=budget)


def facts(state: GameState, query: TriggersQuery, timeout: float) -> tuple[list[Any], str]:
    """The trigger engine's input facts for the query's events (``pyengine facts``)."""
    from pyengine import encodings

    symbols = service.match_facts(query.before, state, query.events, timeout=timeout)
    return symbols, (f"clingo {encodings.path('triggers')} FACTS: one answer set; triggered/6 is "
                     "what triggered (CR 603)")


def compare(expect: TriggersExpect, answer: Any) -> list[str]:
    """Missing and unexpected triggered abilities; the stack order (``answer`` is a
    :class:`TriggersAnswer`)."""
    diffs = []
    if expect.triggered is not None:
        left = [(t.source, t.event_index, t.controller, t.ability) for t in answer.triggered]
        missing = []
        for want in sorted(expect.triggered, key=lambda w: w[3] is None):
            hit = next((g for g in left if g[:3] == want[:3] and want[3] in (None, g[3])), None)
            if hit is None:
                missing.append(want)
            else:
                left.remove(hit)
        for s, e, c, a in missing:
            diffs.append(f"triggered: expected {s}'s ability{'' if a is None else f' {a}'} on event {e} "
                         f"(controlled by {c}), did not trigger")
        for s, e, c, a in left:
            diffs.append(f"triggered: {s}'s ability {a} triggered on event {e} (controlled by {c}), "
                         "not expected")
    if expect.has_fixed and expect.fixed != answer.orders.fixed:
        diffs.append(f"order.fixed: expected {list(expect.fixed) if expect.fixed is not None else None}, "
                     f"got {list(answer.orders.fixed) if answer.orders.fixed is not None else None}")
    if expect.count is not None and (expect.count != answer.orders.count or not answer.orders.count_exact):
        got = answer.orders.count if answer.orders.count_exact else f"more than {answer.orders.count:,}"
        diffs.append(f"order.count: expected {expect.count}, got {got}")
    return diffs


def _query_schema() -> dict[str, Any]:
    event = {"type": "object", "additionalProperties": False, "required": ["kind"],
             "properties": {"kind": {"enum": sorted(KINDS)}, "index": {"type": "integer", "minimum": 0},
                            "batch": {"type": "integer", "minimum": 0}, "obj": _ID, "player": _ID,
                            "source": _ID, "target": _ID, "from_zone": {"enum": [z.value for z in Zone]},
                            "to_zone": {"enum": [z.value for z in Zone]},
                            "amount": {"type": "integer", "minimum": 0}, "counter": _ID,
                            "combat": {"type": "boolean"}, "step": {"enum": Step.words()}, "cause": _ID}}
    change = {"type": "object", "additionalProperties": False,
              "properties": {"zone": {"enum": [z.value for z in Zone]}, "tapped": {"type": "boolean"},
                             "controller": _ID, "absent": {"const": True}}}
    return {"type": "object", "additionalProperties": False, "required": ["kind", "events"],
            "properties": {"kind": {"const": "triggers"},
                           "events": {"type": "array", "minItems": 1, "items": event},
                           "before": {"type": "object", "additionalProperties": False,
                                      "properties": {"objects": {"type": "object",
                                                                 "additionalProperties": change}}},
                           "pending": {"type": "array", "items": _ID},
                           "chosen": {"type": "object",
                                      "additionalProperties": {"type": "array", "items": _ID}}}}


def _expect_schema() -> dict[str, Any]:
    entry = {"type": "object", "additionalProperties": False, "required": ["source", "event", "controller"],
             "properties": {"source": _ID, "event": {"type": "integer", "minimum": 0}, "controller": _ID,
                            "ability": {"type": "integer", "minimum": 0}}}
    return {"type": "object", "additionalProperties": False,
            "properties": {"triggered": {"type": "array", "items": entry},
                           "order": {"type": "object", "additionalProperties": False,
                                     "properties": {"fixed": {"anyOf": [{"type": "null"},
                                                                        {"type": "array", "items": _ID}]},
                                                    "count": {"type": "integer", "minimum": 1}}}}}


register(QueryKind("triggers", parse_query, parse_expect, solve, compare,
                   query_schema=_query_schema(), expect_schema=_expect_schema()))
