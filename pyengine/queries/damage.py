"""Query ``damage``: is a proposed combat damage assignment of one step legal, and if not which
rules it breaks (CR 510.1, 510.1e, 510.4, 702.19b, 702.2c)? Without a proposal: every legal
assignment, or their number past a limit. Characteristics come from the layer engine (CR 613),
damage already marked from the state. Format: scenarios/damage/README.md."""

from __future__ import annotations

import re
from typing import Any

from pyengine.budget import Budget
from pyengine.damage.answer import (
    LIST_LIMIT,
    AKey,
    DamageAnswer,
    DamageExpect,
    DamageQuery,
    VKey,
    akey,
    show_assignment,
    vkey,
    vshow,
)
from pyengine.damage.model import (
    Assignment,
    Attacker,
    Blocker,
    Combat,
    Creature,
    Keyword,
    Recipient,
    Share,
    Step,
)
from pyengine.damage.model import assignment as make_assignment
from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Step as TurnStep
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.queries.base import QueryKind, register

QUERY_FIELDS = {"kind", "step", "attackers", "blocked", "blockers", "had_first_strike", "assignment",
                "list_limit"}
EXPECT_FIELDS = {"legal", "violations", "assigning", "count", "assignments"}
CHECKS = ("not_in_combat", "not_this_step", "no_power", "amount", "total", "recipient", "lethal_first")
MAX_LIST_LIMIT = 10_000
_RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")
_KEYWORDS = {"deathtouch": Keyword.DEATHTOUCH, "trample": Keyword.TRAMPLE,
             "first strike": Keyword.FIRST_STRIKE, "double strike": Keyword.DOUBLE_STRIKE}


# --- Reading -------------------------------------------------------------------------------


def _battlefield_id(cur: Cursor, state: GameState, what: str) -> str:
    oid = cur.string(what)
    objects = {o.id: o for o in state.objects}
    if oid not in objects:
        cur.fail(f"dangling object id {oid!r}: no object has this id")
    if objects[oid].zone != Zone.BATTLEFIELD:
        cur.fail(f"{oid!r} is in the {objects[oid].zone.value}: only a permanent is in combat (CR 506.4)")
    return oid


def _key_cursor(key: str, sub: Cursor) -> Cursor:
    return Cursor(key, sub.path, sub.line, sub.file)


def _recipient_id(cur: Cursor, state: GameState, what: str) -> str:
    rid = cur.string(what)
    if rid in state.player_ids and rid in {o.id for o in state.objects}:
        cur.fail(f"{rid!r} is both a player id and an object id; rename one")
    if rid not in state.player_ids:
        _battlefield_id(cur, state, what)
    return rid


def _ids(cur: Cursor, state: GameState, what: str) -> tuple[str, ...]:
    return tuple(sorted({_battlefield_id(c, state, what) for c in cur.seq(f"a list of {what}s")}))


def _proposal(cur: Cursor, state: GameState) -> Assignment:
    cur.mapping(None, "a mapping creature -> {recipient: amount}")
    shares = []
    for source, sub in cur.items():
        _battlefield_id(_key_cursor(source, sub), state, "a creature id")
        for rid, amount in sub.mapping(None, "a mapping recipient -> amount of damage").items():
            _recipient_id(_key_cursor(rid, amount), state, "a player, creature, planeswalker or battle id")
            shares.append(Share(source, Recipient(rid, rid in state.player_ids),
                                amount.integer("an amount of damage")))
    try:
        return make_assignment(shares)
    except ValueError as exc:
        cur.fail(str(exc))


def parse_query(cur: Cursor, state: GameState, ctx: Ctx) -> DamageQuery:
    """Read a ``damage`` query mapping (scenarios/damage/README.md)."""
    cur.mapping(QUERY_FIELDS, "a damage query")
    default = "first_strike" if state.turn.step == TurnStep.FIRST_STRIKE_DAMAGE else "regular"
    step = Step(cur.get("step").choice(("first_strike", "regular"), "a combat damage step:")
                if cur.has("step") else default)
    attackers = []
    for key, sub in cur.req("attackers").mapping(None, "a mapping attacking creature -> what it attacks "
                                                 "(null: nothing, CR 506.4c)").items():
        _battlefield_id(_key_cursor(key, sub), state, "a creature id")
        target = None if sub.value is None else _recipient_id(sub, state,
                                                              "a player, planeswalker or battle id")
        if target == key:
            sub.fail(f"{key!r} can't attack itself")
        attackers.append((key, target))
    if not attackers:
        cur.get("attackers").fail("expected at least one attacking creature (CR 510.1)")
    attacking = {a for a, _ in attackers}
    blockers = []
    if cur.has("blockers"):
        by = cur.get("blockers").mapping(None, "a mapping blocking creature -> attacker(s)")
        for key, sub in by.items():
            _battlefield_id(_key_cursor(key, sub), state, "a creature id")
            if key in attacking:
                sub.fail(f"{key!r} is an attacking creature; it can't also block (CR 509.1a)")
            items = sub.seq() if isinstance(sub.value, list) else [sub]
            blocked_by = [c.choice(sorted(attacking), "an attacking creature:") for c in items]
            if len(set(blocked_by)) != len(blocked_by):
                sub.fail("an attacker is named twice")
            blockers.append((key, tuple(sorted(blocked_by))))
    blocked = tuple(sorted({c.choice(sorted(attacking), "an attacking creature:")
                            for c in cur.get("blocked").seq("a list of attacking creatures")})) \
        if cur.has("blocked") else ()
    first: tuple[str, ...] = ()
    if cur.has("had_first_strike"):
        if step != Step.REGULAR:
            cur.get("had_first_strike").fail("had_first_strike is read only in the regular combat damage "
                                             "step that follows a first-strike step (CR 510.4)")
        first = _ids(cur.get("had_first_strike"), state, "creature id")
        in_combat = attacking | {b for b, _ in blockers}
        for oid in first:
            if oid not in in_combat:
                cur.get("had_first_strike").fail(f"{oid!r} is not an attacking or blocking creature")
    proposal = _proposal(cur.get("assignment"), state) if cur.has("assignment") else None
    limit = LIST_LIMIT
    if cur.has("list_limit"):
        limit = cur.get("list_limit").integer("a number of assignments", 1)
        if limit > MAX_LIST_LIMIT:
            cur.get("list_limit").fail(f"expected a number of assignments from 1 to {MAX_LIST_LIMIT}, "
                                       f"got {limit}")
    return DamageQuery(step, tuple(sorted(attackers, key=lambda x: x[0])), blocked, tuple(sorted(blockers)),
                       first, proposal, limit)


def _assignment_key(cur: Cursor, state: GameState) -> AKey:
    return akey(_proposal(cur, state))


def parse_expect(cur: Cursor, query: DamageQuery, state: GameState) -> DamageExpect:
    """With a proposal: ``legal`` (required), ``violations`` (required when illegal, the exact
    set), ``assigning`` (optional). Without: ``count`` or ``assignments`` (the exact set)."""
    cur.mapping(EXPECT_FIELDS, "a damage expectation")
    proposed = query.proposal is not None
    for key in (("count", "assignments") if proposed else ("legal", "violations", "assigning")):
        if cur.has(key):
            cur.get(key).fail(f"{key!r} is for queries " + ("without" if proposed else "with")
                              + " a proposed assignment")
    if proposed:
        legal = cur.req("legal").boolean()
        if not legal and not cur.has("violations"):
            cur.fail("missing required field 'violations': an illegal assignment lists every rule it breaks")
        violations: set[VKey] = set()
        for c in cur.get("violations").seq("a list of {rule, check, source, recipient}") \
                if cur.has("violations") else []:
            c.mapping({"rule", "check", "source", "recipient"},
                      "a violation {rule, check, source, recipient}")
            rule = str(c.req("rule").value)
            if not isinstance(c.get("rule").value, str) or not _RULE.fullmatch(rule):
                c.get("rule").fail(f"expected a CR rule number in quotes such as \"510.1c\", got {rule!r}")
            check = c.req("check").choice(CHECKS, "a check of the damage engine:")
            source = c.req("source").string("the id of the creature assigning the damage")
            recipient = c.get("recipient").string("a recipient id") if c.has("recipient") else None
            violations.add((rule, check, source, recipient))
        if legal == bool(violations):  # (an illegal one without violations is refused above)
            cur.get("violations").fail("a legal assignment breaks no rule; an illegal one at least one")
        assigning = None
        if cur.has("assigning"):
            pairs = cur.get("assigning").mapping(None, "a mapping creature -> damage it assigns").items()
            assigning = frozenset((k, v.integer("an amount of damage", 1)) for k, v in pairs)
        return DamageExpect(legal=legal, violations=frozenset(violations), assigning=assigning)
    if not (cur.has("count") or cur.has("assignments")):
        cur.fail("missing 'assignments' (the exact set) or 'count' (no assignment is proposed)")
    count = cur.get("count").integer("a number of assignments", 1) if cur.has("count") else None
    found = None
    if cur.has("assignments"):
        keys = [_assignment_key(c, state) for c in cur.get("assignments").seq("a list of assignments")]
        if len(set(keys)) != len(keys):
            cur.get("assignments").fail("an assignment is listed twice")
        found = frozenset(keys)
    return DamageExpect(count=count, assignments=found)


# --- Answering -----------------------------------------------------------------------------


def combat_of(state: GameState, query: DamageQuery, timeout: float | Budget) -> Combat:
    """The damage engine's view of the step: characteristics after layers (CR 613), damage
    already marked from the state (CR 120.6)."""
    from pyengine.layers import compute

    res = compute(state, timeout=timeout)
    active = state.turn.active
    first = set(query.had_first_strike)

    def creature(oid: str, role: str, field: str) -> Creature:
        ch = res.objects.get(oid)
        problem = ("it is not a creature" if ch is None or "Creature" not in ch.types else
                   f"it is controlled by {ch.controller}, " + ("not the active player" if role == "attacking"
                                                                else "the active player")
                   if (ch.controller == active) != (role == "attacking") else "")
        if problem:
            raise ScenarioError(f"{oid!r} can't be an {role} creature: {problem} (CR 508.1a, 509.1a, 506.4)",
                                path=f"query.{field}.{oid}")
        assert ch is not None
        return Creature(oid, ch.power or 0, ch.toughness or 0, state.object(oid).damage,
                        frozenset(k for name, k in _KEYWORDS.items() if ch.has_keyword(name)),
                        had_first_strike=oid in first)

    attackers = []
    for a, target in query.attackers:
        if target is not None and target not in state.player_ids:
            ch = res.objects.get(target)
            if ch is None or not {"Planeswalker", "Battle"} & set(ch.types):
                raise ScenarioError(f"{target!r} can't be attacked: it is not a player, planeswalker or "
                                    "battle (CR 508.1b)", path=f"query.attackers.{a}")
        attackers.append(Attacker(creature(a, "attacking", "attackers"),
                                  None if target is None else Recipient(target, target in state.player_ids),
                                  a in query.blocked))
    blockers = tuple(Blocker(creature(b, "blocking", "blockers"), ats) for b, ats in query.blockers)
    return Combat(query.step, tuple(attackers), blockers)


def solve(state: GameState, query: DamageQuery, timeout: float | Budget) -> DamageAnswer:
    """The layer engine and the damage engine share one budget of ``timeout``."""
    from pyengine.damage import service

    budget = Budget.of(timeout, "the combat damage query")
    combat = combat_of(state, query, budget)
    if query.proposal is not None:
        return DamageAnswer(combat, verdict=service.check(combat, query.proposal, timeout=budget),
                            proposal=query.proposal)
    return DamageAnswer(combat, listing=service.legal_assignments(combat, limit=query.list_limit,
                                                                  timeout=budget))


def facts(state: GameState, query: DamageQuery, timeout: float) -> tuple[list[Any], str]:
    """The damage engine's input facts (``pyengine facts``)."""
    from pyengine import encodings
    from pyengine.damage.facts import combat_factset

    combat = combat_of(state, query, timeout)
    entry = "damage_check" if query.proposal is not None else "damage_list"
    hint = (f"the damage engine runs `python -m clingo {encodings.path(entry)} FACTS"
            + ("`: its violation/3 atoms are the rules the proposal breaks" if query.proposal is not None
               else " 0`: one answer set per legal assignment"))
    return combat_factset(combat, query.proposal or ()).symbols(), hint


# --- Comparing -----------------------------------------------------------------------------


def compare(expect: DamageExpect, answer: Any) -> list[str]:
    """One line per difference between the expectation and the answer."""
    diffs = []
    if answer.verdict is not None:
        v = answer.verdict
        if expect.legal is not None and expect.legal != v.legal:
            diffs.append(f"legal: expected {expect.legal}, got {v.legal}")
        if expect.violations is not None:
            got = {vkey(x) for x in v.violations}
            diffs += [f"violations: expected, not reported: {k[0]} {k[1]} {vshow(k)}"
                      for k in sorted(expect.violations - got, key=str)]
            diffs += [f"violations: reported, not expected: {k[0]} {k[1]} {vshow(k)}"
                      for k in sorted(got - expect.violations, key=str)]
        if expect.assigning is not None and expect.assigning != set(v.assigning):
            diffs.append(f"assigning: expected {dict(sorted(expect.assigning))}, got {dict(v.assigning)}")
        return diffs
    n = answer.listing
    if expect.count is not None and (expect.count != n.count or not n.exact):
        diffs.append(f"count: expected {expect.count}, got {n.count}{'' if n.exact else ' or more'}")
    if expect.assignments is not None:
        if not n.listed:
            return diffs + [f"assignments: {n.count}{'' if n.exact else '+'} legal assignments, more than "
                            f"the list limit {n.limit}"]
        listed = {akey(a) for a in n.assignments}
        want = expect.assignments
        diffs += [f"assignments: missing {show_assignment(a)}" for a in sorted(want - listed)]
        diffs += [f"assignments: unexpected {show_assignment(a)}" for a in sorted(listed - want)]
    return diffs


def _schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    ids = {"type": "array", "items": {"type": "string"}}
    amounts = {"type": "object", "additionalProperties": {"type": "integer"}}
    shares = {"type": "object", "additionalProperties": amounts}
    query = {"type": "object", "additionalProperties": False, "required": ["attackers"], "properties": {
        "kind": {"const": "damage"}, "step": {"enum": ["first_strike", "regular"]},
        "attackers": {"type": "object", "additionalProperties": {"type": ["string", "null"]}},
        "blocked": ids, "had_first_strike": ids,
        "blockers": {"type": "object", "additionalProperties": {"anyOf": [{"type": "string"}, ids]}},
        "assignment": shares, "list_limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIST_LIMIT}}}
    violation = {"type": "object", "additionalProperties": False, "required": ["rule", "check", "source"],
                 "properties": {"rule": {"type": "string"}, "check": {"enum": list(CHECKS)},
                                "source": {"type": "string"}, "recipient": {"type": "string"}}}
    expect = {"type": "object", "additionalProperties": False, "properties": {
        "legal": {"type": "boolean"}, "violations": {"type": "array", "items": violation},
        "assigning": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1}},
        "count": {"type": "integer", "minimum": 1}, "assignments": {"type": "array", "items": shares}}}
    return query, expect


_Q, _E = _schemas()
register(QueryKind("damage", parse_query, parse_expect, solve, compare, query_schema=_Q, expect_schema=_E))
