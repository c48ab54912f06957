"""Query ``sba``: the state-based actions one check of the scenario's state performs (CR 704),
each with its CR number, and the legend-rule groups whose controller must choose (704.5j).
Format: scenarios/sba/README.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.budget import Budget
from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.objects import GameState
from pyengine.queries.base import QueryKind, register
from pyengine.sba.model import KINDS, SbaAction, SbaCheck, SinceLastCheck

QUERY_FIELDS = {"kind", "since", "legend_choices"}
SINCE_FIELDS = {"drew_from_empty", "deathtouch_damaged", "stack_empty", "sagas_sourcing", "battles_sourcing"}
CHOICE_FIELDS = {"controller", "name", "keep"}
ACTION_FIELDS = {"kind", "rule", "object", "player", "counter", "amount"}
GROUP_FIELDS = {"controller", "name", "candidates"}
RULES = ("104.4a",) + tuple(f"704.5{c}" for c in "abcdefghijkmnpqrsvy") + ("704.6c",)  # 704.6c: Commander

# an action as compared: (kind, rule, object, player, counter, amount); the reason is words
Key = tuple[str, str, str | None, str | None, str | None, int]


@dataclass(frozen=True)
class SbaQuery:
    """What happened since the last check, and the legend-rule choices made."""

    since: SinceLastCheck = SinceLastCheck()
    legend_choices: tuple[tuple[tuple[str, str], str], ...] = ()
    kind: str = "sba"
    # where each choice was written ((controller, name) -> (line, path)), for its error line
    where: tuple[tuple[tuple[str, str], tuple[int | None, str]], ...] = ()


@dataclass(frozen=True)
class SbaExpect:
    """The expected actions and legend-rule groups, compared as sets."""

    actions: frozenset[Key]
    legend_groups: frozenset[tuple[str, str, frozenset[str]]]


@dataclass(frozen=True)
class SbaAnswer:
    """The answer: one check's actions and legend-rule groups."""

    check: SbaCheck

    def to_json(self) -> dict[str, Any]:
        return {"actions": [{k: v for k, v in (("kind", a.kind), ("rule", a.rule), ("object", a.obj),
                                                ("player", a.player), ("counter", a.counter),
                                                ("amount", a.amount or None), ("reason", a.reason))
                             if v is not None} for a in self.check.actions],
                "legend_groups": [{"controller": g.controller, "name": g.name,
                                   "candidates": list(g.candidates)} for g in self.check.legend_groups]}

    def render(self) -> str:
        lines = [a.render() for a in self.check.actions]
        lines += [f"CR 704.5j: {g.controller} chooses which of {', '.join(g.candidates)} ({g.name}) to keep"
                  for g in self.check.legend_groups]
        return "\n".join(lines) if lines else "no state-based action applies"


def key(a: SbaAction) -> Key:
    return (a.kind, a.rule, a.obj, a.player, a.counter, a.amount)


def _show(k: Key) -> str:
    kind, rule, oid, pid, counter, amount = k
    what = oid or pid or "the game"
    extra = f" {amount} {counter}" if counter is not None else ""
    return f"{kind}{extra} {what} (CR {rule})"


def _ids(cur: Cursor, known: set[str], what: str) -> frozenset[str]:
    out = []
    for item in cur.seq(f"a list of {what} ids"):
        value = item.string(f"a {what} id")
        if value not in known:
            item.fail(f"unknown {what} {value!r}; expected one of: {', '.join(sorted(known))}")
        out.append(value)
    return frozenset(out)


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> SbaQuery:
    """``since`` (what happened since the last check) and ``legend_choices``."""
    cur.mapping(QUERY_FIELDS, "an sba query")
    players, objects = set(state.player_ids), {o.id for o in state.objects}
    since = SinceLastCheck()
    if cur.has("since"):
        s = cur.get("since").mapping(SINCE_FIELDS, "what happened since the last check")

        def ids(field: str, known: set[str], what: str) -> frozenset[str]:
            return _ids(s.get(field), known, what) if s.has(field) else frozenset()

        since = SinceLastCheck(
            drew_from_empty=ids("drew_from_empty", players, "player"),
            deathtouch_damaged=ids("deathtouch_damaged", objects, "object"),
            stack_empty=s.get("stack_empty").boolean() if s.has("stack_empty") else True,
            sagas_sourcing=ids("sagas_sourcing", objects, "object"),
            battles_sourcing=ids("battles_sourcing", objects, "object"))
    choices: dict[tuple[str, str], str] = {}
    where: dict[tuple[str, str], tuple[int | None, str]] = {}
    if cur.has("legend_choices"):
        for c in cur.get("legend_choices").seq("a list of {controller, name, keep}"):
            c.mapping(CHOICE_FIELDS, "a legend-rule choice {controller, name, keep}")
            pid = c.req("controller").choice(state.player_ids, "a player id:")
            name = c.req("name").string("the legendary permanents' name")
            keep = c.req("keep").string("the id of the permanent kept")
            if keep not in objects:
                c.get("keep").fail(f"dangling object id {keep!r}: no object has this id")
            if (pid, name) in choices:
                c.fail(f"a second choice for {pid}'s permanents named {name!r}")
            choices[(pid, name)] = keep
            where[(pid, name)] = (c.line, c.path)
    return SbaQuery(since, tuple(sorted(choices.items())), where=tuple(sorted(where.items())))


def parse_expect(cur: Cursor, query: SbaQuery, state: GameState) -> SbaExpect:
    """``actions`` (required) and ``legend_groups`` (default none), compared as sets."""
    cur.mapping({"actions", "legend_groups"}, "an sba expectation {actions, legend_groups}")
    objects = {o.id for o in state.objects}
    actions: set[Key] = set()
    for a in cur.req("actions").seq("a list of actions"):
        a.mapping(ACTION_FIELDS, "an action {kind, rule, object or player, counter, amount}")
        kind = a.req("kind").choice(KINDS, "an action kind:")
        rule = a.req("rule").choice(RULES, "a CR rule of a state-based action:")
        oid = a.get("object").string("an object id") if a.has("object") else None
        if oid is not None and oid not in objects:
            a.get("object").fail(f"dangling object id {oid!r}: no object has this id")
        pid = a.get("player").choice(state.player_ids, "a player id:") if a.has("player") else None
        if kind == "draw_game" and (oid or pid):
            a.fail("draw_game acts on the game: no object or player")
        if kind == "lose_game" and (pid is None or oid):
            a.fail("lose_game needs a player (and no object)")
        if kind not in ("lose_game", "draw_game") and (oid is None or pid):
            a.fail(f"{kind} needs an object (and no player)")
        counter = a.get("counter").string("a counter kind") if a.has("counter") else None
        amount = a.get("amount").integer("a number of counters", 1) if a.has("amount") else 0
        if (kind == "remove_counters") != (counter is not None and amount > 0):
            a.fail("remove_counters, and only it, needs counter and amount")
        k = (kind, rule, oid, pid, counter, amount)
        if k in actions:
            a.fail("this action is listed twice")
        actions.add(k)
    groups: set[tuple[str, str, frozenset[str]]] = set()
    if cur.has("legend_groups"):
        for g in cur.get("legend_groups").seq("a list of legend-rule groups"):
            g.mapping(GROUP_FIELDS, "a legend-rule group {controller, name, candidates}")
            pid = g.req("controller").choice(state.player_ids, "a player id:")
            name = g.req("name").string("the legendary permanents' name")
            cands = _ids(g.req("candidates"), objects, "object")
            groups.add((pid, name, cands))
    return SbaExpect(frozenset(actions), frozenset(groups))


def solve(state: GameState, query: SbaQuery, timeout: float | Budget) -> SbaAnswer:
    """Run the state-based-action engine (``timeout``: seconds, or a budget already begun)."""
    from pyengine.sba.service import LegendChoiceError, check

    try:
        return SbaAnswer(check(state, since=query.since, legend_choices=dict(query.legend_choices),
                               budget=Budget.of(timeout, "the state-based-action check")))
    except LegendChoiceError as exc:  # a choice naming no group of the state: bad input
        line, path = dict(query.where).get(exc.key, (None, "query.legend_choices"))
        raise ScenarioError(exc.message, line=line, path=path) from None


def compare(expect: SbaExpect, answer: Any) -> list[str]:
    """Missing and unexpected actions and legend-rule groups (``answer``: an :class:`SbaAnswer`)."""
    got = {key(a): a for a in answer.check.actions}
    missing, extra = sorted(expect.actions - set(got), key=str), sorted(set(got) - expect.actions, key=str)
    diffs = [f"actions: expected, not performed: {_show(k)}" for k in missing]
    diffs += [f"actions: performed, not expected: {got[k].render()}" for k in extra]
    have = {(g.controller, g.name, frozenset(g.candidates)) for g in answer.check.legend_groups}
    for pid, name, cands in sorted(expect.legend_groups - have, key=str):
        diffs.append(f"legend_groups: expected, not found: {pid}'s {name} ({', '.join(sorted(cands))})")
    for pid, name, cands in sorted(have - expect.legend_groups, key=str):
        diffs.append(f"legend_groups: found, not expected: {pid}'s {name} ({', '.join(sorted(cands))})")
    return diffs


def facts(state: GameState, query: SbaQuery, timeout: float) -> tuple[list[Any], str]:
    """The sba engine's input facts (``pyengine facts``)."""
    from pyengine import encodings
    from pyengine.layers import compute
    from pyengine.sba.facts import sba_factset

    fs = sba_factset(state, compute(state, timeout=timeout), query.since, dict(query.legend_choices))
    return fs.symbols(), (f"the sba engine runs `python -m clingo {encodings.path('sba')} FACTS` "
                          "(one answer set: every state-based action that applies)")


def _schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    ids = {"type": "array", "items": {"type": "string"}}
    query = {"type": "object", "additionalProperties": False, "properties": {
        "kind": {"const": "sba"},
        "since": {"type": "object", "additionalProperties": False, "properties": {
            "drew_from_empty": ids, "deathtouch_damaged": ids, "stack_empty": {"type": "boolean"},
            "sagas_sourcing": ids, "battles_sourcing": ids}},
        "legend_choices": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["controller", "name", "keep"],
            "properties": {"controller": {"type": "string"}, "name": {"type": "string"},
                           "keep": {"type": "string"}}}}}}
    action = {"type": "object", "additionalProperties": False, "required": ["kind", "rule"], "properties": {
        "kind": {"enum": list(KINDS)}, "rule": {"enum": list(RULES)}, "object": {"type": "string"},
        "player": {"type": "string"}, "counter": {"type": "string"},
        "amount": {"type": "integer", "minimum": 1}}}
    group = {"type": "object", "additionalProperties": False,
             "required": ["controller", "name", "candidates"],
             "properties": {"controller": {"type": "string"}, "name": {"type": "string"}, "candidates": ids}}
    expect = {"type": "object", "additionalProperties": False, "required": ["actions"], "properties": {
        "actions": {"type": "array", "items": action}, "legend_groups": {"type": "array", "items": group}}}
    return query, expect


_Q, _E = _schemas()
register(QueryKind("sba", parse_query, parse_expect, solve, compare, query_schema=_Q, expect_schema=_E))
