"""The ``attack`` and ``block`` queries: reading them and their expectations from scenario
files, answering them, and comparing answers with expectations (scenarios/combat/README.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pyengine.budget import Budget
from pyengine.combat.build import Setup, build_board
from pyengine.combat.explain import CHECKS
from pyengine.combat.model import Board, Declaration, Kind, Target, Verdict
from pyengine.combat.service import LIST_LIMIT, MAX_LIST_LIMIT, judge
from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Layer, Zone
from pyengine.model.objects import GameState

_PAIRS = {Kind.ATTACK: "attackers", Kind.BLOCK: "blockers"}
# the creatures declared in an earlier combat phase of this turn (500.8), which an "each turn"
# limit counts (max_attackers / max_blockers with per: turn)
EARLIER = {Kind.ATTACK: "attacked_this_turn", Kind.BLOCK: "blocked_this_turn"}


@dataclass(frozen=True)
class Proposal:
    """A proposed declaration as written: pairs, and payments as (creature, source or None:
    every cost its declared attack or block incurs)."""

    pairs: tuple[tuple[str, str], ...]
    paid: tuple[tuple[str, str | None], ...] = ()


@dataclass(frozen=True)
class CombatQuery:
    """An attack or block query."""

    kind: str
    defending: tuple[str, ...]
    protectors: tuple[tuple[str, str], ...]
    attacks: tuple[tuple[str, Target], ...]
    proposal: Proposal | None
    list_limit: int = LIST_LIMIT
    earlier: tuple[str, ...] = ()  # attacked_this_turn / blocked_this_turn (500.8)


@dataclass(frozen=True)
class CombatExpect:
    """What a scenario expects (None: not stated)."""

    legal: bool | None = None
    violations: tuple[tuple[str, str, tuple[str, ...], str | None], ...] | None = None
    obeyed: int | None = None
    maximum: int | None = None
    witness: tuple[tuple[tuple[tuple[str, str], ...], tuple[str, ...]], ...] | None = None
    legal_declarations: tuple[tuple[tuple[tuple[str, str], ...], tuple[str, ...]], ...] | None = None
    count: int | None = None


# --- Reading -------------------------------------------------------------------------------


def _target(cur: Cursor, state: GameState) -> Target:
    tid = cur.string("a player, planeswalker or battle id")
    players = set(state.player_ids)
    objects = {o.id for o in state.objects}
    if tid in players and tid in objects:
        cur.fail(f"{tid!r} is both a player id and an object id; rename one")
    if tid in players:
        return Target("player", tid)
    if tid not in objects:
        cur.fail(f"dangling id {tid!r}: no player or object has this id")
    return Target("object", tid)


def _object_id(cur: Cursor, state: GameState, what: str) -> str:
    oid = cur.string(what)
    if oid not in {o.id for o in state.objects}:
        cur.fail(f"dangling object id {oid!r}: no object has this id")
    return oid


def _defending(cur: Cursor, state: GameState, kind: Kind) -> tuple[str, ...]:
    active = state.turn.active
    others = tuple(p for p in state.player_ids if p != active)
    if not cur.has("defending"):
        if len(others) != 1:
            cur.fail(
                "missing required field 'defending': in a multiplayer game name the defending "
                "player (CR 506.2a, 507.1)" + (" or players (CR 802.2)" if kind == Kind.ATTACK else "")
            )
        return others
    sub = cur.get("defending")
    items = sub.seq() if isinstance(sub.value, list) else [sub]
    if kind == Kind.BLOCK and len(items) != 1:
        sub.fail("expected one player: each defending player declares blockers in turn (CR 802.4)")
    out = tuple(c.choice(others, "an opponent of the active player:") for c in items)
    if not out or len(set(out)) != len(out):
        sub.fail("expected one or more distinct players")
    return tuple(sorted(out))


_RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")


def _battle(oid: str, at: Cursor, state: GameState) -> None:
    """CR 310.8: only a battle on the battlefield has a protector. An object that isn't printed a
    battle can become one only by a type-changing or copy effect (layers 4 and 1)."""
    obj = state.object(oid)
    if obj.zone != Zone.BATTLEFIELD:
        at.fail(f"{oid!r} is in the {obj.zone.value}: only a battle on the battlefield has a protector "
                "(CR 310.8)")
    if "Battle" in obj.printed.types:
        return
    layers = {op.layer for eff in _effect_defs(state) for op in eff.ops}
    if not layers & {Layer.L1A, Layer.L4}:
        at.fail(f"{oid!r} is not a battle, and no effect can make it one: only a battle has a "
                "protector (CR 310.8)")


def _effect_defs(state: GameState) -> list[Any]:
    """Every effect definition of the state: its resolved effects and its objects' abilities."""
    out = [e.definition for e in state.effects]
    for obj in state.objects:
        for ab in obj.printed.abilities:
            out += ab.effects
    return out


def _pairs(cur: Cursor, state: GameState, kind: Kind) -> tuple[tuple[str, str], ...]:
    cur.mapping(None, "a mapping creature -> " + ("target" if kind == Kind.ATTACK else "attacker(s)"))
    out = []
    for key, sub in cur.items():
        _object_id(Cursor(key, sub.path, sub.line, sub.file), state, "a creature id")
        if kind == Kind.ATTACK:
            out.append((key, _target(sub, state).id))
        else:
            items = sub.seq() if isinstance(sub.value, list) else [sub]
            if not items:
                sub.fail("expected an attacker id or a non-empty list of attacker ids")
            out += [(key, _object_id(c, state, "an attacker id")) for c in items]
    return tuple(sorted(set(out)))


def _paid(cur: Cursor, state: GameState) -> tuple[tuple[str, str | None], ...]:
    out: list[tuple[str, str | None]] = []
    for c in cur.seq("a list of creature ids or {creature, source} mappings"):
        if isinstance(c.value, str):
            out.append((_object_id(c, state, "a creature id"), None))
        else:
            c.mapping({"creature", "source"}, "{creature: id, source: id}")
            source = c.req("source").string("the id of the object or effect imposing the cost")
            if source not in {o.id for o in state.objects} | {e.id for e in state.effects}:
                c.get("source").fail(f"dangling id {source!r}: no object or resolved effect has this id")
            out.append((_object_id(c.req("creature"), state, "a creature id"), source))
    return tuple(sorted(set(out), key=lambda x: (x[0], x[1] or "")))


def _declaration(cur: Cursor, state: GameState, kind: Kind) -> Proposal:
    if cur.value == {}:
        return Proposal(())
    cur.mapping({_PAIRS[kind], "paid"}, f"a declaration {{{_PAIRS[kind]}: ..., paid: [...]}} "
                "({} for none)")
    pairs_cur = cur.get(_PAIRS[kind])
    # a mapping of pairs; only a missing or empty one is "none" (false, 0, [] are mistakes)
    pairs = _pairs(pairs_cur, state, kind) if pairs_cur.value not in (None, {}) else ()
    paid = _paid(cur.get("paid"), state) if cur.has("paid") else ()
    return Proposal(pairs, paid)


def parse_query(kind: Kind, cur: Cursor, state: GameState, ctx: Ctx) -> CombatQuery:
    """Read an ``attack`` or ``block`` query mapping."""
    allowed = {"kind", "defending", "protectors", "declaration", "list_limit", EARLIER[kind]}
    if kind == Kind.BLOCK:
        allowed.add("attackers")
    cur.mapping(allowed, f"a {kind.value} query")
    defending = _defending(cur, state, kind)
    protectors = []
    if cur.has("protectors"):
        for key, sub in cur.get("protectors").mapping(None, "a mapping battle -> player").items():
            _object_id(Cursor(key, sub.path, sub.line, sub.file), state, "a battle id")
            _battle(key, sub, state)
            protectors.append((key, sub.choice(state.player_ids, "a player id:")))
    for obj in state.objects:
        if (
            "Battle" in obj.printed.types
            and obj.zone.value == "battlefield"
            and obj.id not in dict(protectors)
        ):
            cur.fail(f"battle {obj.id!r} needs its protector: protectors: {{{obj.id}: PLAYER}} (CR 310.8)")
    attacks: tuple[tuple[str, Target], ...] = ()
    if kind == Kind.BLOCK:
        sub = cur.req("attackers").mapping(None, "a mapping attacking creature -> what it attacks")
        attacks = tuple(
            sorted(
                (_object_id(Cursor(k, c.path, c.line, c.file), state, "a creature id"), _target(c, state))
                for k, c in sub.items()
            )
        )
    proposal = _declaration(cur.get("declaration"), state, kind) if cur.has("declaration") else None
    limit = LIST_LIMIT
    if cur.has("list_limit"):
        limit = cur.get("list_limit").integer("a number of declarations", 1)
        if limit > MAX_LIST_LIMIT:
            cur.get("list_limit").fail(f"expected a number of declarations from 1 to {MAX_LIST_LIMIT}, "
                                       f"got {limit}")
    earlier: tuple[str, ...] = ()
    if cur.has(EARLIER[kind]):  # ids of objects in any zone: one that left still counts
        seq = cur.get(EARLIER[kind]).seq("a list of creature ids")
        earlier = tuple(sorted({_object_id(c, state, "a creature id") for c in seq}))
    return CombatQuery(kind.value, defending, tuple(sorted(protectors)), attacks, proposal, limit, earlier)


def _norm_decl(
    cur: Cursor, state: GameState, kind: Kind
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    prop = _declaration(cur, state, kind)
    for _creature, source in prop.paid:
        if source is not None:
            cur.get("paid").fail("in expectations, list the creatures whose costs are paid")
    return prop.pairs, tuple(sorted(c for c, _ in prop.paid))


def _decl_set(cur: Cursor, state: GameState, kind: Kind) -> tuple[Any, ...]:
    out = {_norm_decl(c, state, kind) for c in cur.seq("a list of declarations")}
    return tuple(sorted(out))


def parse_expect(kind: Kind, cur: Cursor, query: CombatQuery, state: GameState) -> CombatExpect:
    """Read an expectation: with a proposed declaration ``legal``, ``violations`` (when
    illegal), ``obeyed`` and ``maximum`` are required; without one, ``maximum`` and
    ``legal_declarations`` or ``count``. ``witness`` (a list of acceptable declarations) is
    optional."""
    allowed = {"legal", "violations", "obeyed", "maximum", "witness", "legal_declarations", "count"}
    cur.mapping(allowed, f"a {kind.value} expectation")
    proposed = query.proposal is not None
    for key in ("legal", "obeyed", "maximum") if proposed else ("maximum",):
        if not cur.has(key):
            cur.fail(f"missing required field {key!r}")
    if proposed and cur.has("legal") and cur.get("legal").boolean() is False and not cur.has("violations"):
        cur.fail("missing required field 'violations': an illegal declaration lists every rule it breaks")
    if not proposed and not (cur.has("legal_declarations") or cur.has("count")):
        cur.fail("missing 'legal_declarations' (the exact set) or 'count' (no declaration is proposed)")
    for key in ("legal_declarations", "count") if proposed else ("legal", "violations", "obeyed"):
        if cur.has(key):
            cur.get(key).fail(
                f"{key!r} is for queries " + ("without" if proposed else "with") + " a declaration"
            )
    violations: tuple[tuple[str, str, tuple[str, ...], str | None], ...] | None = None
    if proposed:
        violations = ()
        if cur.has("violations"):
            found = []
            for c in cur.get("violations").seq("a list of {rule, check, objects, source}"):
                c.mapping({"rule", "check", "objects", "source"}, "{rule, check, objects, source}")
                rule = str(c.req("rule").value)
                if not isinstance(c.get("rule").value, str) or not _RULE.fullmatch(rule):
                    c.get("rule").fail(f"expected a CR rule number in quotes such as \"509.1b\", "
                                       f"got {rule!r}")
                check = c.req("check").string("a check name")
                if check not in CHECKS:
                    c.get("check").fail(f"the combat engine reports no check {check!r}; expected one of: "
                                        + ", ".join(sorted(CHECKS)))
                found.append(
                    (
                        rule,
                        check,
                        tuple(sorted(c.get("objects").strings())) if c.has("objects") else (),
                        c.get("source").string() if c.has("source") else None,
                    )
                )
            violations = tuple(sorted(found, key=lambda v: (v[0], v[1], v[2], v[3] or "")))
    return CombatExpect(
        legal=cur.get("legal").boolean() if cur.has("legal") else None,
        violations=violations,
        obeyed=cur.get("obeyed").integer("a number", 0) if cur.has("obeyed") else None,
        maximum=cur.get("maximum").integer("a number", 0) if cur.has("maximum") else None,
        witness=_decl_set(cur.get("witness"), state, kind) if cur.has("witness") else None,
        legal_declarations=(
            _decl_set(cur.get("legal_declarations"), state, kind) if cur.has("legal_declarations") else None
        ),
        count=cur.get("count").integer("a number", 0) if cur.has("count") else None,
    )


# --- Answering -----------------------------------------------------------------------------


def board_of(state: GameState, query: CombatQuery, timeout: float | Budget) -> Board:
    """The board of a query: layers first (CR 613), then the combat setup. ``timeout``:
    seconds, or the budget of the query this is part of."""
    from pyengine.layers import compute

    layers = compute(state, timeout=timeout)
    for a, _target in query.attacks:
        ch = layers.objects.get(a)
        # CR 508.1a: the active player attacks with creatures they control; CR 506.4: one that
        # stops being a creature or changes controller is removed from combat
        zone = state.object(a).zone
        problem = (f"it is in the {zone.value}" if ch is None or zone != Zone.BATTLEFIELD else
                   "it is not a creature" if "Creature" not in ch.types else
                   f"it is controlled by {ch.controller}, not the active player {state.turn.active}"
                   if ch.controller != state.turn.active else "")
        if problem:
            raise ScenarioError(f"{a!r} can't be an attacking creature: {problem} (CR 508.1a, 506.4)",
                                path=f"query.attackers.{a}")
    return build_board(
        state, layers,
        Setup(Kind(query.kind), query.defending, query.protectors, query.attacks, query.earlier),
    )


def resolve_payments(board: Board, proposal: Proposal) -> Declaration:
    """The payments a proposal names: (creature, None) pays every cost its declared attack or
    block incurs (the cost items that name it and its declared target); (creature, source)
    pays the costs of effects from that source."""
    declared = dict(proposal.pairs) if board.kind == Kind.ATTACK else {}
    paid = set()
    for creature, source in proposal.paid:
        for item in board.items:
            if item.subject != creature or item.kind not in ("attack_cost", "block_cost"):
                continue
            info = board.effect(item.effect)
            if source is not None:
                if source in (item.effect, info.source if info else None):
                    paid.add((item.effect, creature))
            elif item.kind == "block_cost" or (
                item.target is not None and item.target.id == declared.get(creature)
            ):
                paid.add((item.effect, creature))
    return Declaration.of(proposal.pairs, paid)


def solve(state: GameState, query: CombatQuery, timeout: float | Budget) -> Verdict:
    """Answer an attack or block query: the layer engine and the combat engine share one
    budget of ``timeout`` (seconds, or a budget already begun)."""
    timeout = Budget.of(timeout, "the combat query")
    board = board_of(state, query, timeout)
    proposed = resolve_payments(board, query.proposal) if query.proposal is not None else None
    return judge(board, proposed, timeout, query.list_limit)


def facts(state: GameState, query: CombatQuery, timeout: float) -> tuple[list[Any], str]:
    """The combat engine's input facts for the query (the board after layers, and the proposed
    declaration if any), and how its encoding is run on them (``pyengine facts``)."""
    from pyengine import encodings
    from pyengine.combat.facts import board_factset
    from pyengine.combat.service import OPT_ARGS

    board = board_of(state, query, timeout)
    proposed = resolve_payments(board, query.proposal) if query.proposal is not None else None
    entry = f"combat_{query.kind}" + ("_verify" if proposed is not None else "")
    hint = (f"the combat engine runs `python -m clingo {encodings.path(entry)} FACTS "
            f"{' '.join(OPT_ARGS)} 0`: the optimum "
            + ("shows the declaration's violations and requirements beside the best legal one"
               if proposed is not None else "is the most requirements a legal declaration obeys; "
               "listing them adds the enumeration encoding (combat/*_enum.lp)"))
    return board_factset(board, proposed).symbols(), hint


# --- Comparing -----------------------------------------------------------------------------


def _norm_answer(decl: Declaration) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    return decl.pairs, tuple(sorted({c for _, c in decl.paid}))


def _show(d: tuple[Any, ...]) -> str:
    pairs, paid = d
    body = "{" + ", ".join(f"{a}: {b}" for a, b in pairs) + "}"
    return body + (f" paid {list(paid)}" if paid else "")


def compare(expect: Any, answer: Any) -> list[str]:
    """One line per difference between the expectation and the answer."""
    diffs = []
    for key in ("legal", "obeyed", "maximum", "count"):
        want, got = getattr(expect, key), getattr(answer, key)
        if want is not None and want != got:
            diffs.append(f"{key}: expected {want}, got {got}")
    if expect.count is not None and not answer.count_exact:
        diffs.append("count: the engine gave only a lower bound")
    if expect.violations is not None:
        have = [(v.rule, v.check, tuple(sorted(v.objects)), v.source) for v in answer.violations]
        unmatched = list(have)
        for want in expect.violations:
            hit = next(
                (h for h in unmatched if h[:3] == want[:3] and (want[3] is None or want[3] == h[3])), None
            )
            if hit is None:
                diffs.append(f"violations: expected {want[0]} {want[1]} {list(want[2])} not reported")
            else:
                unmatched.remove(hit)
        for h in unmatched:
            diffs.append(f"violations: unexpected {h[0]} {h[1]} {list(h[2])}")
    if expect.witness is not None and _norm_answer(answer.witness) not in expect.witness:
        diffs.append(
            f"witness: {_show(_norm_answer(answer.witness))} is not one of "
            + ", ".join(_show(d) for d in expect.witness)
        )
    if expect.legal_declarations is not None:
        got = set(_norm_answer(d) for d in answer.legal_declarations or ())
        if answer.count is not None and answer.count > len(got):
            diffs.append(f"legal_declarations: {answer.count} legal declarations, more than listed")
        want = set(expect.legal_declarations)
        diffs += [f"legal_declarations: missing {_show(d)}" for d in sorted(want - got)]
        diffs += [f"legal_declarations: unexpected {_show(d)}" for d in sorted(got - want)]
    return diffs
