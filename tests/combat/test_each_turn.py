""""No more than N creatures can attack / block each turn" (max_attackers / max_blockers with
``per: turn``): with additional combat phases (CR 500.8, 505.1a) the creatures that attacked
(blocked) in an earlier combat of the turn count against the limit, each creature once
(508.1c, 509.1b). The encodings, the language, the query field, the CP-SAT peer and the
game's reading of its log."""

from __future__ import annotations

import importlib.util

import pytest

from pyengine.bench.combat import Counting, brute_maximum, cpsat_maximum, random_block_board
from pyengine.combat.model import Board, Item, Kind, Permanent, Target
from pyengine.combat.service import optimum
from pyengine.errors import ScenarioError
from pyengine.events import GameEvent
from pyengine.game.combat_history import earlier
from pyengine.scenario.loader import load_text
from tests.combat.helpers import attack_board, block_board, creature, decl, violations

HAS_ORTOOLS = importlib.util.find_spec("ortools") is not None
A, B = creature("A", "a"), creature("B", "a")
TURN1 = Item("max_attackers_turn", "arena", n=1)
COMBAT1 = Item("max_attackers", "arena", n=1)
LIMIT = {("508.1c", "max_attackers_turn")}


@pytest.mark.parametrize(
    "earlier_ids, pairs, broken",
    [
        # A attacked in the first combat: B attacking now makes two creatures this turn
        (("A",), (("B", "b"),), LIMIT),
        # A attacks again: still one creature that attacked this turn
        (("A",), (("A", "b"),), set()),
        # no attacker declared: nothing is disobeyed
        (("A", "gone"), (), set()),
        # the creature that attacked has left the battlefield (400.7): it still attacked
        (("gone",), (("A", "b"),), LIMIT),
        # no earlier combat this turn: one attacker is within the limit, two are not
        ((), (("A", "b"),), set()),
        ((), (("A", "b"), ("B", "b")), LIMIT),
    ],
)
def test_attackers_each_turn(earlier_ids: tuple[str, ...], pairs: tuple[tuple[str, str], ...],
                             broken: set[tuple[str, str]]) -> None:
    board = attack_board(A, B, items=(TURN1,), earlier=earlier_ids)
    assert violations(board, decl(*pairs)) == broken


def test_each_combat_ignores_earlier_combats() -> None:
    # "each combat" (Dueling Grounds' Oracle text): a new combat, a new count (506.1)
    board = attack_board(A, B, items=(COMBAT1,), earlier=("A",))
    assert violations(board, decl(("B", "b"))) == set()


@pytest.mark.parametrize(
    "earlier_ids, blockers, broken",
    [
        (("X",), ("Y",), {("509.1b", "max_blockers_turn")}),
        (("X",), ("X",), set()),
        (("gone",), ("X",), {("509.1b", "max_blockers_turn")}),
        (("gone",), (), set()),
    ],
)
def test_blockers_each_turn(earlier_ids: tuple[str, ...], blockers: tuple[str, ...],
                            broken: set[tuple[str, str]]) -> None:
    board = block_board(creature("O", "a"), creature("X", "b"), creature("Y", "b"), attacks={"O": "b"},
                        items=(Item("max_blockers_turn", "arena", n=1),), earlier=earlier_ids)
    assert violations(board, decl(*((b, "O") for b in blockers))) == broken


def _scenario(effect: str, query: str, expect: str) -> str:
    return ("id: t/x\ntitle: t\ncr: ['508.1c']\nrationale: t\nplayers: [alice, bob]\n"
            "turn: {active: alice, number: 4, step: declare_attackers}\nobjects:\n"
            "  - {id: x1, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
            "  - {id: x2, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
            f"effects:\n  - {{id: e, controller: bob, timestamp: 3, {effect}}}\n"
            f"query: {query}\nexpect: {expect}\n")


def test_the_query_field_reaches_the_verdict() -> None:
    """attacked_this_turn: [x1]: x1 may attack again, alone (legal: none, x1)."""
    from pyengine.scenario import runner

    text = _scenario("max_attackers: {n: 1, per: turn}", "{kind: attack, attacked_this_turn: [x1]}",
                     "{maximum: 0, count: 2, legal_declarations: [{}, {attackers: {x1: bob}}]}")
    out = runner.run_scenario(load_text(text, "t.yaml"))
    assert out.passed, (out.message, out.diffs)


@pytest.mark.parametrize(
    "effect, query, message",
    [
        ("max_attackers: {n: 1, per: week}", "{kind: attack}", "expected combat or turn"),
        ("max_attackers: {n: 1, player: you, per: turn}", "{kind: attack}", "per: turn with player"),
        ("max_blockers: {n: 1, per: 2}", "{kind: attack}", "expected combat or turn"),
        ("max_attackers: {n: 1, per: turn}", "{kind: attack, attacked_this_turn: [nobody]}",
         "dangling object id 'nobody'"),
        ("max_attackers: {n: 1, per: turn}", "{kind: attack, blocked_this_turn: [x1]}", "blocked_this_turn"),
    ],
)
def test_bad_input_is_one_line_error(effect: str, query: str, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        load_text(_scenario(effect, query, "{maximum: 0, count: 1}"), "f.yaml")
    assert message in str(err.value) and "f.yaml" in str(err.value)


def _capped_board(earlier_ids: tuple[str, ...]) -> Board:
    """Attacker O must be blocked (509.1c); X and Y each block it if able; one blocker a turn."""
    perms = (Permanent("O", "a", frozenset({"Creature"})), Permanent("X", "b", frozenset({"Creature"})),
             Permanent("Y", "b", frozenset({"Creature"})))
    items = (Item("must_be_blocked", "prey", "O"), Item("must_block", "ex", "X"),
             Item("must_block", "ey", "Y"),
             Item("max_blockers_turn", "arena", n=1))
    return Board(Kind.BLOCK, ("a", "b"), "a", ("b",), perms, tuple(sorted(items)),
                 (("O", Target("player", "b")),), earlier=earlier_ids)


@pytest.mark.parametrize("earlier_ids, want", [((), 2), (("X",), 2), (("gone",), 0), (("X", "Y"), 0)])
def test_the_maximum_under_a_turn_limit(earlier_ids: tuple[str, ...], want: int) -> None:
    """509.1c counts requirements over declarations that break no restriction. With no earlier
    blocker, or X earlier, one blocker obeys two requirements (its own and "must be blocked");
    if the one creature allowed this turn blocked and has left, or X and Y both blocked
    before, any blocker now makes more than one creature this turn: none may block (509.1b)."""
    board = _capped_board(earlier_ids)
    maximum, _, read = optimum(board, options=True)
    core = Counting.of(board, read.options)
    assert maximum == want
    assert brute_maximum(core, timeout=10.0) == want
    if HAS_ORTOOLS:
        assert cpsat_maximum(core, timeout=10.0) == want


@pytest.mark.skipif(not HAS_ORTOOLS, reason="OR-Tools (extra 'cpsat') is not installed")
@pytest.mark.parametrize("seed", range(8))
def test_cpsat_and_brute_force_agree_with_clingo_on_capped_boards(seed: int) -> None:
    board = random_block_board(4, 4, seed, caps=True)
    assert any(i.kind.startswith("max_blockers") for i in board.items)
    maximum, _, read = optimum(board, options=True)
    core = Counting.of(board, read.options)
    assert cpsat_maximum(core, timeout=10.0) == maximum
    assert brute_maximum(core, timeout=10.0) == maximum


def test_a_game_reads_the_earlier_combats_from_its_log() -> None:
    """Since the turn began (its untap step): each creature once; one that changed zones after
    attacking is a new object (400.7), so the one that attacked is kept apart."""
    log = (GameEvent("attacks", obj="old", player="alice"),  # last turn
           GameEvent("step_begins", step="untap"),
           GameEvent("attacks", obj="x1", player="alice"), GameEvent("attacks", obj="x2", player="alice"),
           GameEvent("attacks", obj="x1", player="alice"),
           GameEvent("zone_change", obj="x2", player="alice", from_zone="battlefield", to_zone="graveyard"),
           GameEvent("blocks", obj="b1", target="x1"))
    assert earlier(log, "attacks") == ("x1", "x2@5")
    assert earlier(log, "blocks") == ("b1",)
