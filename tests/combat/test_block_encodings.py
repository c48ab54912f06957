"""Unit tests of the block encodings, one behaviour per case: block_candidates.lp,
evasion.lp, block_restrictions.lp, block_costs.lp, block_requirements.lp (asp/combat/)."""

from __future__ import annotations

import clingo
import pytest

from pyengine.combat.model import Item, Permanent
from tests.combat.helpers import atoms, block_board, creature, decl, violations

ATT = creature("A", "a", power=2, colors=frozenset({"red"}))
BLK = creature("B", "b", power=2, colors=frozenset({"green"}))


def pair(
    att: Permanent, blk: Permanent, *extra: Permanent, items: tuple[Item, ...] = ()
) -> set[tuple[str, str]]:
    board = block_board(att, blk, *extra, attacks={att.id: "b"}, items=items)
    return violations(board, decl((blk.id, att.id)))


EVASION = [
    # (id, attacker keywords/fields, blocker keywords/fields, expected)
    ("702_9b_flying_vs_ground", {"keywords": {"flying"}}, {}, {("702.9b", "flying")}),
    ("702_9b_flying_vs_flying", {"keywords": {"flying"}}, {"keywords": {"flying"}}, set()),
    ("702_17b_flying_vs_reach", {"keywords": {"flying"}}, {"keywords": {"reach"}}, set()),
    ("702_28b_shadow_vs_ground", {"keywords": {"shadow"}}, {}, {("702.28b", "shadow")}),
    ("702_28b_ground_vs_shadow_blocker", {}, {"keywords": {"shadow"}}, {("702.28b", "shadow")}),
    ("702_28b_shadow_vs_shadow", {"keywords": {"shadow"}}, {"keywords": {"shadow"}}, set()),
    (
        "509_1b_flying_and_shadow_vs_flyer",
        {"keywords": {"flying", "shadow"}},
        {"keywords": {"flying"}},
        {("702.28b", "shadow")},
    ),
    (
        "702_31b_horsemanship",
        {"keywords": {"horsemanship"}},
        {"keywords": {"flying"}},
        {("702.31b", "horsemanship")},
    ),
    ("702_31b_horseman_blocks_ground", {}, {"keywords": {"horsemanship"}}, set()),
    ("702_36b_fear_vs_green", {"keywords": {"fear"}}, {}, {("702.36b", "fear")}),
    ("702_36b_fear_vs_black", {"keywords": {"fear"}}, {"colors": {"black"}}, set()),
    ("702_36b_fear_vs_artifact", {"keywords": {"fear"}}, {"types": {"Artifact", "Creature"}}, set()),
    ("702_13b_intimidate_no_shared_color", {"keywords": {"intimidate"}}, {}, {("702.13b", "intimidate")}),
    ("702_13b_intimidate_shared_color", {"keywords": {"intimidate"}}, {"colors": {"red", "green"}}, set()),
    ("702_13b_intimidate_artifact", {"keywords": {"intimidate"}}, {"types": {"Artifact", "Creature"}}, set()),
    ("702_118b_skulk_greater_power", {"keywords": {"skulk"}}, {"power": 3}, {("702.118b", "skulk")}),
    ("702_118b_skulk_equal_power", {"keywords": {"skulk"}}, {"power": 2}, set()),
    ("702_16f_protection_from_color", {"protection": (("color", "green"),)}, {}, {("702.16f", "protection")}),
    ("702_16f_protection_other_color", {"protection": (("color", "black"),)}, {}, set()),
    (
        "702_16j_protection_from_everything",
        {"protection": (("everything", ""),)},
        {},
        {("702.16f", "protection")},
    ),
    ("702_16k_protection_from_player", {"protection": (("player", "b"),)}, {}, {("702.16f", "protection")}),
    (
        "702_16f_protection_from_creatures",
        {"protection": (("type", "Creature"),)},
        {},
        {("702.16f", "protection")},
    ),
    (
        "702_16f_protection_from_multicolored",
        {"protection": (("multicolored", ""),)},
        {"colors": {"green", "white"}},
        {("702.16f", "protection")},
    ),
    (
        "702_16i_protection_from_each_opponent",
        {"protection": (("opponents", ""),)},
        {},
        {("702.16f", "protection")},
    ),
    (
        "702_16a_protection_from_a_name",
        {"protection": (("name", "Grizzly Bears"),)},
        {"name": "Grizzly Bears"},
        {("702.16f", "protection")},
    ),
    (
        "702_16a_protection_from_another_name",
        {"protection": (("name", "Grizzly Bears"),)},
        {"name": "Bear Cub"},
        set(),
    ),
    ("702_16a_protection_from_legendary", {"protection": (("supertype", "Legendary"),)},
     {"supertypes": {"Legendary"}}, {("702.16f", "protection")}),
]


def _make(oid: str, ctl: str, fields: dict[str, object]) -> Permanent:
    f = dict(fields)
    kws = f.pop("keywords", set())
    types = f.pop("types", {"Creature"})
    base = {"power": 2, "colors": frozenset({"red"} if ctl == "a" else {"green"})}
    base.update({k: (frozenset(v) if isinstance(v, set) else v) for k, v in f.items()})
    return Permanent(oid, ctl, frozenset(types), keywords=frozenset(kws), **base)  # type: ignore[arg-type]


@pytest.mark.parametrize("att,blk,expected", [c[1:] for c in EVASION], ids=[c[0] for c in EVASION])
def test_evasion(att, blk, expected) -> None:  # type: ignore[no-untyped-def]
    """CR 509.1b and 702: each evasion ability bars exactly the blockers it names."""
    assert pair(_make("A", "a", att), _make("B", "b", blk)) == expected


SWAMP = Permanent(
    "L", "b", frozenset({"Land"}), subtypes=frozenset({"Swamp"}), supertypes=frozenset({"Basic"})
)
LANDWALK = [
    ("702_14c_swampwalk_defender_has_swamp", (("subtype", "Swamp"),), SWAMP, {("702.14c", "landwalk")}),
    (
        "702_14c_swampwalk_attacker_has_swamp",
        (("subtype", "Swamp"),),
        Permanent("L", "a", frozenset({"Land"}), subtypes=frozenset({"Swamp"})),
        set(),
    ),
    ("702_14c_nonbasic_landwalk_basic_only", (("nonbasic", ""),), SWAMP, set()),
    (
        "702_14c_nonbasic_landwalk",
        (("nonbasic", ""),),
        Permanent("L", "b", frozenset({"Land"})),
        {("702.14c", "landwalk")},
    ),
]


@pytest.mark.parametrize("walk,land,expected", [c[1:] for c in LANDWALK], ids=[c[0] for c in LANDWALK])
def test_landwalk(walk, land, expected) -> None:  # type: ignore[no-untyped-def]
    """CR 702.14c: landwalk looks at the defending player's lands."""
    att = Permanent("A", "a", frozenset({"Creature"}), landwalk=walk, power=2)
    assert pair(att, BLK, land) == expected


B2 = creature("C", "b", power=1)
RESTRICTIONS = [
    (
        "509_1a_tapped",
        block_board(ATT, creature("B", "b", tapped=True), attacks={"A": "b"}),
        decl(("B", "A")),
        {("509.1a", "tapped")},
    ),
    (
        "509_1a_not_yours",
        block_board(ATT, creature("B", "a"), attacks={"A": "b"}),
        decl(("B", "A")),
        {("509.1a", "not_yours")},
    ),
    (
        "802_4a_attacking_another_player",
        block_board(ATT, BLK, attacks={"A": "c"}, players=("a", "b", "c")),
        decl(("B", "A")),
        {("509.1a", "not_attacking_you")},
    ),
    (
        "509_1a_one_attacker_each",
        block_board(ATT, BLK, creature("A2", "a"), attacks={"A": "b", "A2": "b"}),
        decl(("B", "A"), ("B", "A2")),
        {("509.1a", "too_many_blocked")},
    ),
    (
        "509_1a_additional_creature",
        block_board(
            ATT,
            BLK,
            creature("A2", "a"),
            attacks={"A": "b", "A2": "b"},
            items=(Item("extra_blocks", "e", "B", n=1),),
        ),
        decl(("B", "A"), ("B", "A2")),
        set(),
    ),
    (
        "509_1a_any_number",
        block_board(
            ATT,
            BLK,
            creature("A2", "a"),
            creature("A3", "a"),
            attacks={"A": "b", "A2": "b", "A3": "b"},
            items=(Item("block_any_number", "e", "B"),),
        ),
        decl(("B", "A"), ("B", "A2"), ("B", "A3")),
        set(),
    ),
    (
        "702_111b_menace_one_blocker",
        block_board(creature("A", "a", "menace"), BLK, B2, attacks={"A": "b"}),
        decl(("B", "A")),
        {("702.111b", "menace")},
    ),
    (
        "702_111b_menace_two_blockers",
        block_board(creature("A", "a", "menace"), BLK, B2, attacks={"A": "b"}),
        decl(("B", "A"), ("C", "A")),
        set(),
    ),
    (
        "509_1b_min_three",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("min_blockers", "e", "A", n=3),)),
        decl(("B", "A"), ("C", "A")),
        {("509.1b", "min_blockers")},
    ),
    (
        "509_1b_max_one",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("max_blocked_by", "e", "A", n=1),)),
        decl(("B", "A"), ("C", "A")),
        {("509.1b", "max_blocked_by")},
    ),
    (
        "509_1b_cant_block",
        block_board(ATT, BLK, attacks={"A": "b"}, items=(Item("cant_block", "e", "B"),)),
        decl(("B", "A")),
        {("509.1b", "cant_block")},
    ),
    (
        "509_1b_cant_block_that_attacker",
        block_board(ATT, BLK, attacks={"A": "b"}, items=(Item("cant_block_attacker", "e", "B", "A"),)),
        decl(("B", "A")),
        {("509.1b", "cant_block_attacker")},
    ),
    (
        "509_1b_cant_be_blocked",
        block_board(ATT, BLK, attacks={"A": "b"}, items=(Item("cant_be_blocked", "e", "A"),)),
        decl(("B", "A")),
        {("509.1b", "cant_be_blocked")},
    ),
    (
        "509_1b_cant_be_blocked_by",
        block_board(ATT, BLK, attacks={"A": "b"}, items=(Item("cant_be_blocked_by", "e", "A", "B"),)),
        decl(("B", "A")),
        {("509.1b", "cant_be_blocked_by")},
    ),
    (
        "506_5_blocks_alone",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("cant_block_alone", "e", "B"),)),
        decl(("B", "A")),
        {("509.1b", "cant_block_alone")},
    ),
    (
        "506_5_blocks_with_another",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("cant_block_alone", "e", "B"),)),
        decl(("B", "A"), ("C", "A")),
        set(),
    ),
    (
        "506_5_blocks_only_alone_with_another",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("block_only_alone", "e", "B"),)),
        decl(("B", "A"), ("C", "A")),
        {("509.1b", "block_only_alone")},
    ),
    (
        "506_5_blocks_only_alone_alone",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("block_only_alone", "e", "B"),)),
        decl(("B", "A")),
        set(),
    ),
    (
        "509_1b_blocked_only_by_all_one_missing",  # Tromokratis
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("blocked_only_by_all", "e", "A"),)),
        decl(("B", "A")),
        {("509.1b", "blocked_only_by_all")},
    ),
    (
        "509_1b_blocked_only_by_all_tapped_creature_counts",
        block_board(
            ATT, BLK, creature("T", "b", tapped=True), attacks={"A": "b"},
            items=(Item("blocked_only_by_all", "e", "A"),),
        ),
        decl(("B", "A")),
        {("509.1b", "blocked_only_by_all")},
    ),
    (
        "509_1b_blocked_only_by_all_everyone",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("blocked_only_by_all", "e", "A"),)),
        decl(("B", "A"), ("C", "A")),
        set(),
    ),
    (
        "509_1b_blocked_only_by_all_unblocked",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("blocked_only_by_all", "e", "A"),)),
        decl(),
        set(),
    ),
    (
        "509_1b_unless_one_other_blocks",
        block_board(
            ATT, BLK, B2, attacks={"A": "b"},
            items=(Item("block_unless_others", "e", "B", n=1), Item("block_helper", "e", other="C")),
        ),
        decl(("B", "A"), ("C", "A")),
        set(),
    ),
    (
        "509_1b_unless_two_others_block",
        block_board(
            ATT, BLK, B2, attacks={"A": "b"},
            items=(Item("block_unless_others", "e", "B", n=2), Item("block_helper", "e", other="C")),
        ),
        decl(("B", "A"), ("C", "A")),
        {("509.1b", "cant_block_unless_others")},
    ),
    (
        "509_1b_block_cap",
        block_board(ATT, BLK, B2, attacks={"A": "b"}, items=(Item("max_blockers", "e", n=1),)),
        decl(("B", "A"), ("C", "A")),
        {("509.1b", "max_blockers")},
    ),
    (
        "509_1b_block_cost_unpaid",
        block_board(
            ATT,
            BLK,
            attacks={"A": "b"},
            items=(Item("block_cost", "e", "B"),),
            costs=(("e", (("generic", 3),)),),
        ),
        decl(("B", "A")),
        {("509.1b", "cost_unpaid")},
    ),
    (
        "509_1f_block_cost_cannot_pay",
        block_board(
            ATT,
            BLK,
            attacks={"A": "b"},
            items=(Item("block_cost", "e", "B"),),
            costs=(("e", (("generic", 3),)),),
            mana=(("b", (("generic", 2),)),),
        ),
        decl(("B", "A"), paid=(("e", "B"),)),
        {("509.1f", "cannot_pay")},
    ),
    (
        "509_1d_block_cost_not_owed",
        block_board(
            ATT,
            BLK,
            attacks={"A": "b"},
            items=(Item("block_cost", "e", "B"),),
            costs=(("e", (("generic", 3),)),),
            mana=(("b", (("generic", 3),)),),
        ),
        decl(paid=(("e", "B"),)),
        {("509.1d", "cost_not_owed")},
    ),
]


@pytest.mark.parametrize(
    "board,declaration,expected", [c[1:] for c in RESTRICTIONS], ids=[c[0] for c in RESTRICTIONS]
)
def test_block_violations(board, declaration, expected) -> None:  # type: ignore[no-untyped-def]
    """Exactly the expected violations of a proposed block."""
    assert violations(board, declaration) == expected


REQS = [
    ("must_block_obeyed", (Item("must_block", "e", "B"),), decl(("B", "A")), {"must_block"}),
    ("must_block_attacker_other", (Item("must_block_attacker", "e", "B", "A2"),), decl(("B", "A")), set()),
    (
        "must_be_blocked_by_anyone",
        (Item("must_be_blocked", "e", "A"),),
        decl(("C", "A")),
        {"must_be_blocked"},
    ),
    ("lure_one_per_blocker", (Item("lure", "e", "A"),), decl(("B", "A"), ("C", "A")), {"lure"}),
]


@pytest.mark.parametrize("items,declaration,expected", [c[1:] for c in REQS], ids=[c[0] for c in REQS])
def test_block_requirements_obeyed(items, declaration, expected) -> None:  # type: ignore[no-untyped-def]
    """CR 509.1c: which requirements the proposal obeys."""
    board = block_board(ATT, BLK, B2, creature("A2", "a"), attacks={"A": "b", "A2": "b"}, items=items)
    got = {
        s.arguments[1].name
        for s in atoms(board, declaration, "obeyed")
        if s.arguments[0] == clingo.Function("given")
    }
    assert got == expected


def test_lure_requirement_for_each_able_creature() -> None:
    """Lure: one requirement per creature that could block the lured attacker (a flyer
    attacker with Lure: only the reach creature is able)."""
    att = creature("A", "a", "flying")
    board = block_board(
        att, BLK, creature("R", "b", "reach"), attacks={"A": "b"}, items=(Item("lure", "e", "A"),)
    )
    reqs = atoms(board, decl(), "requirement")
    assert {s.arguments[0].arguments[2].string for s in reqs} == {"R"}
