"""Query ``replacement``: every outcome an event can reach under the replacement and prevention
effects present (CR 614-616), each with one legal sequence of choices reaching it; or, for a
proposed sequence, whether it is legal and why not. Format: scenarios/replacement/README.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pyengine.errors import UnsupportedQuery
from pyengine.lang.bounds import MAX_SEQUENCE
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor, describe
from pyengine.model.objects import GameState
from pyengine.queries.base import QueryKind, register
from pyengine.replacement import spec as S
from pyengine.replacement.answer import Outcome, ReplacementAnswer
from pyengine.replacement.event import Event, EventReader, state_token_defs, times
from pyengine.replacement.service import Proposal, analyse

QUERY_FIELDS = {"kind", "event", "events", "at", "sequence"}
EXPECT_FIELDS = {"outcomes", "legal", "violations", "outcome"}
OUTCOME_FIELDS = {"events", "blocked", "used", "shields"}


@dataclass(frozen=True)
class ReplacementQuery:
    """The event (one or more simultaneous events), its moment, and a proposed sequence."""

    events: tuple[Event, ...]
    at: int | None = None
    sequence: tuple[tuple[str, str | None, str | None], ...] | None = None
    token_defs: tuple[tuple[str, Any], ...] = ()
    kind: str = "replacement"


@dataclass(frozen=True)
class ReplacementExpect:
    """The expected set of outcome keys (with readable forms) and, for a proposal, the
    verdict: legal, the violated rules (``616.1a`` or ``616.1a:must_choose_first``), and
    optionally the outcome it leads to."""

    outcomes: tuple[tuple[Any, str], ...] | None
    legal: bool | None = None
    violations: tuple[str, ...] | None = None
    outcome: tuple[Any, str] | None = None


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> ReplacementQuery:
    """``event`` (or ``events``: simultaneous events), ``at`` and ``sequence``."""
    cur.mapping(QUERY_FIELDS, "a replacement query")
    for i, permanent in enumerate(state.objects):
        for kind, _n in permanent.counters:
            if permanent.zone.value == "battlefield" and kind.lower() in RULE_COUNTERS:
                raise UnsupportedQuery(
                    f"{kind} counters create a replacement effect (CR {RULE_COUNTERS[kind.lower()]}) "
                    "the replacement engine does not model yet", file=cur.file, line=permanent.line,
                    path=f"objects[{i}].counters.{kind}")
    reader = EventReader(state)
    if cur.has("event") == cur.has("events"):
        cur.fail("give exactly one of 'event' (one event) and 'events' (simultaneous events)")
    items = [cur.get("event")] if cur.has("event") else cur.get("events").seq("a list of events")
    if not items:
        cur.get("events").fail("expected at least one event")
    events = tuple(reader.event(c) for c in items)
    moved: set[Any] = set()
    for c, e in zip(items, events, strict=True):
        obj = dict(e.fields).get("object")
        if e.kind == "move" and isinstance(obj, tuple) and obj[0] == "o":
            if obj in moved:
                c.fail(f"{obj[1]} already changes zones in this event (an object moves once)")
            moved.add(obj)
    at = cur.get("at").integer("a timestamp", 0) if cur.has("at") else None
    seq = None
    if cur.has("sequence"):
        steps = cur.get("sequence").seq("a list of steps")
        if len(steps) > MAX_SEQUENCE:
            cur.get("sequence").fail(f"a proposed sequence of at most {MAX_SEQUENCE} steps is supported, "
                                     f"got {len(steps)}")
        seq = tuple(_step(c, state) for c in steps)
    return ReplacementQuery(events, at, seq, tuple(sorted(reader.token_defs.items())))


# counters that create replacement effects (CR 122.1c, 122.1d, 122.1h): the engine would ignore them
RULE_COUNTERS = {"shield": "122.1c", "stun": "122.1d", "finality": "122.1h"}


def _step(cur: Cursor, state: GameState) -> tuple[str, str | None, str | None]:
    if isinstance(cur.value, str):
        return (_effect_id(cur, state), None, None)
    cur.mapping({"effect", "choice", "by"}, "{effect: ID, choice: ALTERNATIVE, by: PLAYER}")
    by = cur.get("by").choice(state.player_ids, "a player id:") if cur.has("by") else None
    choice = None
    if cur.has("choice"):  # an alternative's label (a word, or a number such as a color's count)
        value = cur.get("choice").value
        if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
            cur.get("choice").fail(f"expected the alternative chosen, such as top or copy bears; "
                                   f"got {describe(value)}")
        choice = str(value)
    return (_effect_id(cur.req("effect"), state), choice, by)


def parse_expect(cur: Cursor, query: ReplacementQuery, state: GameState) -> ReplacementExpect:
    """``outcomes`` (every reachable outcome); with a ``sequence`` also ``legal``,
    ``violations`` and optionally ``outcome``."""
    cur.mapping(EXPECT_FIELDS, "a replacement expectation")
    names = frozenset(dict(query.token_defs)) | frozenset(state_token_defs(state))
    outcomes = None
    if cur.has("outcomes"):
        outcomes = tuple(_outcome(c, state, names) for c in cur.get("outcomes").seq("a list of outcomes"))
        keys = [k for k, _ in outcomes]
        dup = [k for k, n in Counter(keys).items() if n > 1]
        if dup:
            cur.get("outcomes").fail("the same outcome is listed twice")
    if query.sequence is None:
        for key in ("legal", "violations", "outcome"):
            if cur.has(key):
                cur.get(key).fail(f"{key!r} is only for a query with a proposed 'sequence'")
        if outcomes is None:
            cur.fail("missing required field 'outcomes' (every reachable outcome)")
        return ReplacementExpect(outcomes)
    legal = cur.req("legal").boolean()
    violations = tuple(sorted(_violation(c) for c in _listish(cur.get("violations")))) \
        if cur.has("violations") else ()
    if legal and violations:
        cur.get("violations").fail("a legal sequence has no violations")
    if not legal and not violations:
        cur.fail("missing 'violations': say which rules the illegal sequence breaks")
    outcome = _outcome(cur.get("outcome"), state, names) if cur.has("outcome") else None
    return ReplacementExpect(outcomes, legal, violations, outcome)


# a violation as a scenario names it: a CR rule number, optionally with the check (616.1a,
# 616.1a:must_choose_first); the engine reports rules as strings, so 616.1 unquoted (a float)
# would not be read as the number written
_VIOLATION = re.compile(r"\d{3}(\.\d+[a-z]?)?(:[a-z][a-z_]*)?")


def _listish(cur: Cursor) -> list[Cursor]:
    return [cur] if isinstance(cur.value, str) else cur.seq("a list of rules such as 616.1a")


def _violation(cur: Cursor) -> str:
    if not isinstance(cur.value, str) or not _VIOLATION.fullmatch(cur.value):
        cur.fail(f"expected a CR rule number such as \"616.1a\", or rule:check such as "
                 f"\"616.1a:must_choose_first\", got {describe(cur.value)}")
    return str(cur.value)


def _outcome(cur: Cursor, state: GameState, token_names: frozenset[str]) -> tuple[Any, str]:
    cur.mapping(OUTCOME_FIELDS, "an outcome {events, blocked, used, shields}")
    reader = EventReader(state, outcome=True, token_names=token_names)
    events: list[Event] = []
    for c in cur.req("events").seq("a list of events") if cur.get("events").value != [] else []:
        events += [reader.event(c)] * times(c)
    blocked = []
    for c in cur.get("blocked").seq("a list of events"):
        c.mapping(None, "an event with stopped_by: the \"can't\" effect's id")
        by = _effect_id(c.req("stopped_by"), state, "the id of the \"can't\" effect")
        inner = Cursor(_without(c.value, "stopped_by"), c.path, c.line, c.file)
        if c.has("empty"):
            c.get("empty").fail("a draw that can't happen (614.17c) draws from no library: "
                                "'empty' is said only of a draw that happens")
        stopped = reader.event(inner)
        # a draw that can't happen has no 'empty' (it is said of a draw that happens)
        stopped = Event(stopped.kind, tuple((k, v) for k, v in stopped.fields if k != "empty"))
        blocked.append((stopped, by))
    used = tuple(sorted((_effect_id(_key(k, v), state), v.integer("a number of times", 1))
                        for k, v in cur.get("used").mapping(None, "{EFFECT: N}").items())) \
        if cur.has("used") else ()
    shields = tuple(sorted((_effect_id(_key(k, v), state), v.integer("the damage left", 0))
                           for k, v in cur.get("shields").mapping(None, "{EFFECT: N}").items())) \
        if cur.has("shields") else ()
    out = Outcome(tuple(sorted(events, key=repr)), tuple(sorted(blocked, key=repr)), used, shields)
    return out.key, out.summary()


def _key(key: str, at: Cursor) -> Cursor:
    """A mapping key as a cursor at its value (for errors naming it)."""
    return Cursor(key, at.path, at.line, at.file)


def _effect_id(cur: Cursor, state: GameState, what: str = "an effect id") -> str:
    """An effect as the replacement engine names it (scenarios/replacement/README.md): a
    resolved effect's id, or one made from an object's id (``id/1``, ``id/protection from red``,
    ``id[object]``, ``id~X``, ``token~P``); the id it starts with must exist."""
    word = cur.string(what)
    base = re.split(r"[/\[~]", word, maxsplit=1)[0]
    ids = {o.id for o in state.objects} | {e.id for e in state.effects}
    if base not in ids and base != "token":
        cur.fail(f"no effect can be named {word!r}: no object or resolved effect has the id {base!r}")
    return word


def _without(mapping: Any, key: str) -> Any:
    from pyengine.lang.yamlread import LDict

    out = LDict({k: v for k, v in mapping.items() if k != key})
    out.line = getattr(mapping, "line", None)
    out.key_lines = {k: v for k, v in getattr(mapping, "key_lines", {}).items() if k != key}
    return out


def solve(state: GameState, query: ReplacementQuery, timeout: float) -> ReplacementAnswer:
    """Run the replacement engine."""
    seq = None
    if query.sequence is not None:
        seq = [Proposal(e, c, b) for e, c, b in query.sequence]
    return analyse(state, list(query.events), at=query.at, sequence=seq, timeout=timeout,
                   token_defs=dict(query.token_defs))


def facts(state: GameState, query: ReplacementQuery, timeout: float) -> tuple[list[Any], str]:
    """The replacement engine's input facts for the query's events, and how its encodings run
    on them (``pyengine facts``)."""
    from pyengine import encodings
    from pyengine.replacement.service import input_facts

    symbols = input_facts(state, list(query.events), at=query.at, timeout=timeout,
                          token_defs=dict(query.token_defs))
    hint = (f"the replacement engine runs `python -m clingo {encodings.path('replacement')} FACTS "
            "-c horizon=H --project 0` (every sequence of choices; H steps, doubled while a model "
            f"shows overflow), or `{encodings.path('replacement_tree')}` for trees of choices; a "
            f"proposed sequence is checked by {encodings.path('check_replacement')}")
    return symbols, hint


def compare(expect: ReplacementExpect, answer: Any) -> list[str]:
    """Differences: missing and unexpected outcomes; the verdict (``answer`` is a
    :class:`ReplacementAnswer`)."""
    diffs = []
    if expect.outcomes is not None:
        got = {o.key: o for o in answer.outcomes}
        want = dict(expect.outcomes)
        for key, text in expect.outcomes:
            if key not in got:
                diffs.append(f"outcomes: expected, not reachable: {text}")
        for key, o in got.items():
            if key not in want:
                diffs.append(f"outcomes: reachable, not expected: {o.summary()} "
                             f"(via {'; '.join(s.render() for s in o.witness) or 'no choice'})")
    v = answer.verdict
    if expect.legal is not None and v is not None:
        if v.legal != expect.legal:
            why = "; ".join(x.render() for x in v.violations) or "no violation"
            diffs.append(f"legal: expected {expect.legal}, got {v.legal} ({why})")
        got_rules = sorted({x.rule for x in v.violations} | {f"{x.rule}:{x.check}" for x in v.violations})
        for want_rule in expect.violations or ():
            if want_rule not in got_rules:
                diffs.append(f"violations: expected {want_rule}, got {', '.join(got_rules) or 'none'}")
        extra = {x.rule for x in v.violations} - {w.split(":")[0] for w in expect.violations or ()}
        if extra:
            diffs.append(f"violations: not expected: {', '.join(sorted(extra))}")
        if expect.outcome is not None and (v.outcome is None or v.outcome.key != expect.outcome[0]):
            diffs.append(f"outcome: expected {expect.outcome[1]}, got "
                         f"{v.outcome.summary() if v.outcome else 'none'}")
    return diffs


def _schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    event = {"type": "object", "required": ["kind"], "description": "an event: kind and fields",
             "properties": {"kind": {"enum": sorted(set(S.KIND_FIELDS) | set(S.SUGAR))}}}
    step = {"anyOf": [{"type": "string"}, {"type": "object", "required": ["effect"],
                                           "additionalProperties": False, "properties": {
        "effect": {"type": "string"}, "choice": {}, "by": {"type": "string"}}}]}
    query = {"type": "object", "additionalProperties": False, "properties": {
        "kind": {"const": "replacement"}, "event": event,
        "events": {"type": "array", "minItems": 1, "items": event},
        "at": {"type": "integer", "minimum": 0}, "sequence": {"type": "array", "items": step}}}
    counts = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
    outcome = {"type": "object", "required": ["events"], "additionalProperties": False, "properties": {
        "events": {"type": "array", "items": event}, "blocked": {"type": "array", "items": event},
        "used": counts, "shields": counts}}
    expect = {"type": "object", "additionalProperties": False, "properties": {
        "outcomes": {"type": "array", "items": outcome}, "legal": {"type": "boolean"},
        "violations": {"type": "array", "items": {"type": "string"}}, "outcome": outcome}}
    return query, expect


_Q, _E = _schemas()
register(QueryKind("replacement", parse_query, parse_expect, solve, compare,
                   query_schema=_Q, expect_schema=_E))
