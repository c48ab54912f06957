"""Unit tests of the attack encodings, one behaviour per case: targets.lp,
attack_candidates.lp, attack_restrictions.lp, attack_costs.lp + payment.lp,
attack_requirements.lp (asp/combat/)."""

from __future__ import annotations

import clingo
import pytest

from pyengine.combat.model import Item, Permanent, Target
from tests.combat.helpers import atoms, attack_board, creature, decl, violations

P = Target("player", "b")
BEARS = creature("x", "a", power=2)

CASES = [
    # (id, board, declaration, expected (rule, check) set)
    ("508_1a_untapped_creature_attacks", attack_board(BEARS), decl(("x", "b")), set()),
    (
        "508_1a_tapped",
        attack_board(creature("x", "a", tapped=True)),
        decl(("x", "b")),
        {("508.1a", "tapped")},
    ),
    (
        "508_1a_battle_creature",
        attack_board(creature("x", "a", types=("Battle",))),
        decl(("x", "b")),
        {("508.1a", "battle")},
    ),
    (
        "508_1a_opponents_creature",
        attack_board(creature("x", "b")),
        decl(("x", "b")),
        {("508.1a", "not_yours")},
    ),
    (
        "302_6_summoning_sick",
        attack_board(creature("x", "a", summoning_sick=True)),
        decl(("x", "b")),
        {("302.6", "summoning_sick")},
    ),
    (
        "702_10b_haste_overrides_sickness",
        attack_board(creature("x", "a", "haste", summoning_sick=True)),
        decl(("x", "b")),
        set(),
    ),
    (
        "702_3b_defender",
        attack_board(creature("x", "a", "defender")),
        decl(("x", "b")),
        {("702.3b", "defender")},
    ),
    ("508_1b_self_not_attackable", attack_board(BEARS), decl(("x", "a")), {("508.1b", "not_attackable")}),
    (
        "508_1b_opponent_planeswalker",
        attack_board(BEARS, Permanent("w", "b", frozenset({"Planeswalker"}))),
        decl(("x", "w")),
        set(),
    ),
    (
        "508_1b_own_planeswalker",
        attack_board(BEARS, Permanent("w", "a", frozenset({"Planeswalker"}))),
        decl(("x", "w")),
        {("508.1b", "not_attackable")},
    ),
    (
        "310_8b_own_siege_protected_by_opponent",
        attack_board(BEARS, Permanent("s", "a", frozenset({"Battle"}), protector="b")),
        decl(("x", "s")),
        set(),
    ),
    (
        "310_8b_protector_cant_attack",
        attack_board(BEARS, Permanent("s", "b", frozenset({"Battle"}), protector="a")),
        decl(("x", "s")),
        {("508.1b", "not_attackable")},
    ),
    (
        "506_2a_non_defending_player",
        attack_board(BEARS, players=("a", "b", "c")),
        decl(("x", "c")),
        {("508.1b", "not_attackable")},
    ),
    (
        "508_1c_cant_attack",
        attack_board(BEARS, items=(Item("cant_attack", "e", "x"),)),
        decl(("x", "b")),
        {("508.1c", "cant_attack")},
    ),
    (
        "508_1c_cant_attack_that_target",
        attack_board(BEARS, items=(Item("cant_attack_target", "e", "x", target=P),)),
        decl(("x", "b")),
        {("508.1c", "cant_attack_target")},
    ),
    (
        "508_1c_cant_attack_other_target_ok",
        attack_board(
            BEARS,
            Permanent("w", "b", frozenset({"Planeswalker"})),
            items=(Item("cant_attack_target", "e", "x", target=P),),
        ),
        decl(("x", "w")),
        set(),
    ),
    (
        "506_5_attacks_alone",
        attack_board(BEARS, creature("y", "a"), items=(Item("cant_attack_alone", "e", "x"),)),
        decl(("x", "b")),
        {("508.1c", "cant_attack_alone")},
    ),
    (
        "506_5_not_alone",
        attack_board(BEARS, creature("y", "a"), items=(Item("cant_attack_alone", "e", "x"),)),
        decl(("x", "b"), ("y", "b")),
        set(),
    ),
    (
        "506_5_only_alone_with_another",  # Master of Cruelties, Errantry
        attack_board(BEARS, creature("y", "a"), items=(Item("attack_only_alone", "e", "x"),)),
        decl(("x", "b"), ("y", "b")),
        {("508.1c", "attack_only_alone")},
    ),
    (
        "506_5_only_alone_alone",
        attack_board(BEARS, creature("y", "a"), items=(Item("attack_only_alone", "e", "x"),)),
        decl(("x", "b")),
        set(),
    ),
    (
        "506_5_only_alone_stays_home",  # the restriction binds only the creature that has it
        attack_board(
            BEARS, creature("y", "a"), creature("z", "a"), items=(Item("attack_only_alone", "e", "x"),)
        ),
        decl(("y", "b"), ("z", "b")),
        set(),
    ),
    (
        "508_1c_cap_exceeded",
        attack_board(BEARS, creature("y", "a"), items=(Item("max_attackers", "e", n=1),)),
        decl(("x", "b"), ("y", "b")),
        {("508.1c", "max_attackers")},
    ),
    (
        "508_1c_cap_zero",
        attack_board(BEARS, items=(Item("max_attackers", "e", n=0),)),
        decl(("x", "b")),
        {("508.1c", "max_attackers")},
    ),
    (
        "508_1c_802_3a_player_cap_exceeded",
        attack_board(BEARS, creature("y", "a"), items=(Item("max_attackers_player", "e", player="b", n=1),)),
        decl(("x", "b"), ("y", "b")),
        {("508.1c", "max_attackers_player")},
    ),
    (
        "508_1c_802_3a_player_cap_ignores_planeswalker_attackers",
        attack_board(
            BEARS,
            creature("y", "a"),
            Permanent("w", "b", frozenset({"Planeswalker"})),
            items=(Item("max_attackers_player", "e", player="b", n=1),),
        ),
        decl(("x", "b"), ("y", "w")),
        set(),
    ),
    (
        "508_1c_unless_two_others_one_other",
        attack_board(
            BEARS,
            creature("y", "a"),
            creature("z", "a"),
            items=(
                Item("attack_unless_others", "e", "x", n=2),
                Item("attack_helper", "e", other="x"),
                Item("attack_helper", "e", other="y"),
                Item("attack_helper", "e", other="z"),
            ),
        ),
        decl(("x", "b"), ("y", "b")),
        {("508.1c", "cant_attack_unless_others")},
    ),
    (
        "508_1c_unless_two_others_met",
        attack_board(
            BEARS,
            creature("y", "a"),
            creature("z", "a"),
            items=(
                Item("attack_unless_others", "e", "x", n=2),
                Item("attack_helper", "e", other="y"),
                Item("attack_helper", "e", other="z"),
            ),
        ),
        decl(("x", "b"), ("y", "b"), ("z", "b")),
        set(),
    ),
    (
        "508_1c_unless_other_not_counted",
        attack_board(
            BEARS,
            creature("y", "a"),
            items=(Item("attack_unless_others", "e", "x", n=1), Item("attack_helper", "e", other="x")),
        ),
        decl(("x", "b"), ("y", "b")),
        {("508.1c", "cant_attack_unless_others")},
    ),
]


@pytest.mark.parametrize("board,declaration,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_attack_violations(board, declaration, expected) -> None:  # type: ignore[no-untyped-def]
    """Exactly the expected violations of a proposed attack."""
    assert violations(board, declaration) == expected


TAX = Item("attack_cost", "tax", "x", target=P)
COST_CASES = [
    (
        "508_1c_cost_unpaid",
        (("generic", 2),),
        (("generic", 2),),
        decl(("x", "b")),
        {("508.1c", "cost_unpaid")},
    ),
    (
        "508_1j_paid_generic",
        (("generic", 2),),
        (("generic", 2),),
        decl(("x", "b"), paid=(("tax", "x"),)),
        set(),
    ),
    (
        "508_1j_not_enough",
        (("generic", 3),),
        (("generic", 2),),
        decl(("x", "b"), paid=(("tax", "x"),)),
        {("508.1j", "cannot_pay")},
    ),
    (
        "508_1j_colored_needs_that_color",
        (("W", 1),),
        (("generic", 3),),
        decl(("x", "b"), paid=(("tax", "x"),)),
        {("508.1j", "cannot_pay")},
    ),
    (
        "508_1j_colored_pays_generic",
        (("generic", 2),),
        (("W", 2),),
        decl(("x", "b"), paid=(("tax", "x"),)),
        set(),
    ),
    (
        "508_1j_colorless_symbol",
        (("C", 1),),
        (("generic", 1),),
        decl(("x", "b"), paid=(("tax", "x"),)),
        {("508.1j", "cannot_pay")},
    ),
    (
        "508_1h_cost_not_owed",
        (("generic", 2),),
        (("generic", 2),),
        decl(paid=(("tax", "x"),)),
        {("508.1h", "cost_not_owed")},
    ),
]


@pytest.mark.parametrize(
    "cost,pool,declaration,expected", [c[1:] for c in COST_CASES], ids=[c[0] for c in COST_CASES]
)
def test_attack_costs(cost, pool, declaration, expected) -> None:  # type: ignore[no-untyped-def]
    """Costs to attack: owed, paid, payable from the mana available."""
    board = attack_board(BEARS, items=(TAX,), costs=(("tax", cost),), mana=(("a", pool),))
    assert violations(board, declaration) == expected


REQ_CASES = [
    ("must_attack_obeyed", (Item("must_attack", "e", "x"),), decl(("x", "b")), {"must_attack"}),
    ("must_attack_not_obeyed", (Item("must_attack", "e", "x"),), decl(), set()),
    (
        "must_attack_target_other_target",
        (Item("must_attack_target", "e", "x", target=Target("player", "c")),),
        decl(("x", "b")),
        set(),
    ),
    ("goad_attacks_goader", (Item("goaded", "g", "x", player="b"),), decl(("x", "b")), {"goad"}),
    (
        "goad_attacks_other_player",
        (Item("goaded", "g", "x", player="c"),),
        decl(("x", "b")),
        {"goad", "goad_other"},
    ),
    (
        "player_level_requirement",
        (Item("player_must_attack", "t", player="a", target=P),),
        decl(("x", "b")),
        {"player_must_attack"},
    ),
]


@pytest.mark.parametrize(
    "items,declaration,expected", [c[1:] for c in REQ_CASES], ids=[c[0] for c in REQ_CASES]
)
def test_attack_requirements_obeyed(items, declaration, expected) -> None:  # type: ignore[no-untyped-def]
    """CR 508.1d, 701.15b: which requirements the proposal obeys."""
    board = attack_board(BEARS, items=items, players=("a", "b", "c"), defending=("b", "c"))
    got = {
        s.arguments[1].name
        for s in atoms(board, declaration, "obeyed")
        if s.arguments[0] == clingo.Function("given")
    }
    assert got == expected


def test_goad_counts_once_per_goading_player() -> None:
    """CR 701.15d: the same player goading twice creates no additional requirements."""
    items = (Item("goaded", "g1", "x", player="b"), Item("goaded", "g2", "x", player="b"))
    board = attack_board(BEARS, items=items)
    reqs = atoms(board, decl(), "requirement")
    assert len(reqs) == 2


def test_player_requirement_is_one_for_the_player() -> None:
    """A player-level requirement is one requirement, however many creatures could obey it."""
    items = (Item("player_must_attack", "t", player="a", target=P),)
    board = attack_board(BEARS, creature("y", "a"), items=items)
    assert len(atoms(board, decl(("x", "b"), ("y", "b")), "requirement")) == 1
