""""No more than N creature(s) can attack [you] / block each combat / each turn."
(pyengine/oracle/combat_limits.py; CR 508.1c, 509.1b, 802.3a, 500.8): the wordings compiled,
the real cards made full, their generated attack and block runs, and a game."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from pyengine.oracle import execute_combat_limits as E
from pyengine.oracle.combat_limits import template
from pyengine.oracle.compile import compile_card
from pyengine.oracle.data import OracleCard
from tests.oracle import support
from tests.oracle.support import BUNDLED


@pytest.mark.parametrize(
    "par, static",
    [
        ("No more than one creature can attack each combat.", {"max_attackers": 1}),
        ("No more than two creatures can block each combat.", {"max_blockers": 2}),
        ("No more than two creatures can attack you each combat.",
         {"max_attackers": {"n": 2, "player": "you"}}),  # 802.3a: only those attacking you
        # the printed wording of Dueling Grounds (500.8: earlier combats of the turn count)
        ("No more than one creature can attack each turn.", {"max_attackers": {"n": 1, "per": "turn"}}),
        ("No more than one creature can block each turn.", {"max_blockers": {"n": 1, "per": "turn"}}),
    ],
)
def test_the_wordings(par: str, static: dict[str, Any]) -> None:
    assert template(par, par, {}) == [{"text": par, "static": static}]


@pytest.mark.parametrize(
    "par",
    [
        "No more than one creature can attack you each turn.",  # no per-player turn limit
        "No more than one creature can attack The Eternal Wanderer each combat.",  # a planeswalker
        "No more than one creature can block you each combat.",
        "No more than X creatures can attack each combat.",
    ],
)
def test_wordings_not_modelled_are_not_read(par: str) -> None:
    assert template(par, par, {}) is None


def _card(text: str) -> OracleCard:
    return OracleCard("Test Arena", "{1}{G}{W}", "Enchantment", ("Enchantment",), (), (),
                      ("green", "white"), None, None, None, None, text, "normal")


def test_a_card_with_the_each_turn_wording_is_full() -> None:
    got = compile_card(_card("No more than one creature can attack each turn.\n"
                             "No more than one creature can block each turn."))
    assert got.status == "full"
    assert [a["static"] for a in got.card["abilities"]] == [
        {"max_attackers": {"n": 1, "per": "turn"}}, {"max_blockers": {"n": 1, "per": "turn"}}]


def test_attack_you_each_turn_stays_unrecognised_and_named() -> None:
    got = compile_card(_card("No more than one creature can attack you each turn."))
    assert got.status == "none"
    assert got.unrecognised == ("No more than one creature can attack you each turn.",)


@pytest.mark.parametrize("n, turn, want", [(1, False, 4), (2, False, 7), (1, True, 2), (2, True, 6)])
def test_the_generated_runs_count(n: int, turn: bool, want: int) -> None:
    # three creatures, one target or attacker: the sets of at most N (each combat); with x1
    # declared earlier this turn, the empty one and those whose union with {x1} is at most N
    assert E.expected(n, turn) == want


def bundled(test: Any) -> Any:
    """The test runs on the bundled card data (skipped without the extra)."""
    for mark in reversed(BUNDLED):
        test = mark(test)
    return test


@bundled
def test_the_real_cards_are_full_and_their_runs_pass() -> None:
    # Oracle text today says "each combat" for Dueling Grounds, Caverns of Despair
    for name, n in (("Dueling Grounds", 1), ("Caverns of Despair", 2)):
        card = support.full(name)
        assert [a["static"] for a in card.card["abilities"]] == [{"max_attackers": n}, {"max_blockers": n}]
        assert E.limits(card) == [("attack", n, False), ("block", n, False)]
        assert E.run(card) == (True, "")
    # a card with other abilities, or a creature, keeps only the board run
    assert E.limits(oracle.compiled("Judoon Enforcers")) is None


@bundled
def test_the_eternal_wanderer_and_mirri_keep_their_limits_as_text() -> None:
    # a planeswalker's own limit, and a condition ("As long as Mirri is tapped"): not read
    assert "No more than one creature can attack The Eternal Wanderer each combat." in \
        oracle.compiled("The Eternal Wanderer").unrecognised
    mirri = oracle.compiled("Mirri, Weatherlight Duelist")
    assert any("no more than one creature can attack you" in t for t in mirri.unrecognised)


BEARS = [{"id": f"x{i}", "card": "Grizzly Bears", "controller": "alice", "timestamp": i} for i in (1, 2)]
GROUNDS = {"id": "grounds", "card": "Dueling Grounds", "controller": "bob", "timestamp": 3}


@bundled
@pytest.mark.parametrize("attackers, illegal", [({"x1": "bob"}, False), ({"x1": "bob", "x2": "bob"}, True)])
def test_dueling_grounds_in_a_game(attackers: dict[str, str], illegal: bool) -> None:
    """508.1c: with Dueling Grounds on the battlefield a declaration of two attackers is
    illegal (the game refuses it), one is legal."""
    script: list[Any] = [{"advance": "declare_attackers"}, {"attack": attackers}, {"checkpoint": "done"}]
    tapped = {x: {"tapped": True} for x in attackers}  # 508.1f: attacking taps them
    expect: dict[str, Any] = ({"illegal": {"action": 1, "rule": "508.1c"}} if illegal else
                              {"checkpoints": {"done": {"objects": tapped}}})
    ok, why = support.game([*BEARS, GROUNDS], script, expect, cr="508.1c")
    assert ok is not None, why
