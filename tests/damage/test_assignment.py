"""Combat damage assignment of one step, case by case from the rules (CR 510.1, 510.4,
702.2c, 702.4, 702.7, 702.19): the legal assignments listed, and proposals judged."""

from __future__ import annotations

import pytest

from pyengine.damage import (
    Attacker,
    Blocker,
    Combat,
    Creature,
    Keyword,
    Recipient,
    Share,
    Step,
    Violation,
    check,
    legal_assignments,
)

BOB = Recipient("bob", player=True)
ANN = Recipient("ann", player=True)
PW = Recipient("pw")
TR, DT, FS, DS = Keyword.TRAMPLE, Keyword.DEATHTOUCH, Keyword.FIRST_STRIKE, Keyword.DOUBLE_STRIKE


def cr(oid: str, power: int, toughness: int, damage: int = 0, *keywords: Keyword,
       had_first_strike: bool = False) -> Creature:
    return Creature(oid, power, toughness, damage, frozenset(keywords), had_first_strike)


def o(oid: str) -> Recipient:
    return Recipient(oid)


def shares_of(combat: Combat, source: str) -> set[tuple[tuple[str, int], ...]]:
    """How ``source`` divides its damage in each legal assignment."""
    listing = legal_assignments(combat)
    assert listing.listed
    return {tuple(sorted((s.recipient.id, s.amount) for s in a if s.source == source))
            for a in listing.assignments}


# a 5/5 trampler blocked by a 2/2 with 1 damage marked (CR 702.19b, 120.6)
TRAMPLE_MARKED = Combat(Step.REGULAR, (Attacker(cr("a", 5, 5, 0, TR), BOB),),
                        (Blocker(cr("b", 2, 2, 1), ("a",)),))


def test_702_19b_trampler_assigns_lethal_counting_marked_damage_before_the_player() -> None:
    assert shares_of(TRAMPLE_MARKED, "a") == {
        (("b", 5),), (("b", 4), ("bob", 1)), (("b", 3), ("bob", 2)), (("b", 2), ("bob", 3)),
        (("b", 1), ("bob", 4))}


@pytest.mark.parametrize(("shares", "violations"), [
    ((Share("a", o("b"), 1), Share("a", BOB, 4), Share("b", o("a"), 2)), ()),
    ((Share("a", BOB, 5), Share("b", o("a"), 2)), (Violation("702.19b", "lethal_first", ("a", o("b"))),)),
    ((Share("a", o("b"), 1), Share("a", BOB, 3), Share("b", o("a"), 2)),
     (Violation("510.1a", "total", ("a", 5)),)),
], ids=["1-to-blocker-4-over", "all-to-player", "short-of-power"])
def test_702_19b_trample_proposals(shares: tuple[Share, ...], violations: tuple[Violation, ...]) -> None:
    verdict = check(TRAMPLE_MARKED, shares)
    assert (verdict.legal, verdict.violations) == (not violations, violations)


def test_702_2c_deathtouch_trampler_needs_only_1_per_blocker() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 4, 4, 0, TR, DT), BOB),),
                    (Blocker(cr("b1", 0, 3), ("a",)), Blocker(cr("b2", 0, 3), ("a",))))
    assert check(combat, (Share("a", o("b1"), 1), Share("a", o("b2"), 1), Share("a", BOB, 2))).legal
    verdict = check(combat, (Share("a", o("b1"), 1), Share("a", BOB, 3)))
    assert verdict.violations == (Violation("702.19b", "lethal_first", ("a", o("b2"))),)
    assert (("b1", 1), ("b2", 1), ("bob", 2)) in shares_of(combat, "a")
    assert not any(dict(s).get("bob", 0) > 2 for s in shares_of(combat, "a"))


def test_510_1c_no_damage_assignment_order_any_division_among_blockers() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 3, 3), BOB),),
                    (Blocker(cr("b1", 2, 2), ("a",)), Blocker(cr("b2", 2, 2), ("a",))))
    assert shares_of(combat, "a") == {
        (("b1", 3),), (("b1", 2), ("b2", 1)), (("b1", 1), ("b2", 2)), (("b2", 3),)}
    assert legal_assignments(combat).count == 4
    verdict = check(combat, (Share("a", o("b2"), 3), Share("b1", o("a"), 2), Share("b2", o("a"), 2)))
    assert verdict.legal


def test_510_1c_blocked_attacker_cannot_assign_to_the_player_without_trample() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 3, 3), BOB),), (Blocker(cr("b", 0, 1), ("a",)),))
    verdict = check(combat, (Share("a", o("b"), 1), Share("a", BOB, 2)))
    assert verdict.violations == (Violation("510.1c", "recipient", ("a", BOB)),)


def test_510_1d_blocker_divides_among_the_attackers_it_blocks() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a1", 0, 3), BOB), Attacker(cr("a2", 0, 3), BOB)),
                    (Blocker(cr("b", 3, 3), ("a1", "a2")),))
    assert shares_of(combat, "b") == {
        (("a1", 3),), (("a1", 2), ("a2", 1)), (("a1", 1), ("a2", 2)), (("a2", 3),)}
    verdict = check(combat, (Share("b", BOB, 3),))
    assert Violation("510.1d", "recipient", ("b", BOB)) in verdict.violations


def test_510_1b_unblocked_attacker_assigns_all_to_what_it_attacks() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 2, 2), PW),))
    assert shares_of(combat, "a") == {(("pw", 2),)}
    verdict = check(combat, (Share("a", ANN, 2),))
    assert verdict.violations == (Violation("510.1b", "recipient", ("a", ANN)),)


def test_510_1b_attacker_attacking_nothing_assigns_no_damage() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 2, 2), None),))
    assert legal_assignments(combat).assignments == ((),)


@pytest.mark.parametrize(("keywords", "expected"), [
    ((), {()}),
    ((TR,), {(("bob", 4),)}),
], ids=["no-trample-no-damage", "trample-all-to-player"])
def test_510_1c_702_19d_blocked_by_no_creatures(keywords: tuple[Keyword, ...],
                                                expected: set[tuple[tuple[str, int], ...]]) -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 4, 4, 0, *keywords), BOB, blocked=True),))
    assert shares_of(combat, "a") == expected


def test_702_19b_damage_other_attackers_assign_counts_toward_lethal() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a1", 3, 3), BOB), Attacker(cr("a2", 2, 2, 0, TR), BOB)),
                    (Blocker(cr("b", 0, 3), ("a1", "a2")),))
    assert check(combat, (Share("a1", o("b"), 3), Share("a2", BOB, 2))).legal
    assert (("bob", 2),) in shares_of(combat, "a2")
    verdict = check(combat, (Share("a1", o("b"), 2), Share("a2", BOB, 2), Share("a1", BOB, 1)))
    assert Violation("702.19b", "lethal_first", ("a2", o("b"))) in verdict.violations


def test_510_1a_power_zero_or_less_assigns_nothing() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 0, 2), BOB), Attacker(cr("n", -1, 2), BOB)))
    assert legal_assignments(combat).assignments == ((),)
    verdict = check(combat, (Share("n", BOB, 1),))
    assert verdict.violations == (Violation("510.1a", "no_power", ("n",)),)
    assert verdict.assigning == ()


@pytest.mark.parametrize(("step", "keywords", "had_first_strike", "assigns"), [
    (Step.FIRST_STRIKE, (FS,), False, True),
    (Step.FIRST_STRIKE, (DS,), False, True),
    (Step.FIRST_STRIKE, (), False, False),
    (Step.REGULAR, (DS,), True, True),  # 702.4b: double strike deals in both steps
    (Step.REGULAR, (FS,), True, False),  # 510.4: a first striker does not deal again
    (Step.REGULAR, (), True, False),  # 702.7c: losing first strike does not allow it
    (Step.REGULAR, (FS,), False, True),  # 702.7c: gaining first strike afterwards does not stop it
    (Step.REGULAR, (), False, True),  # the only combat damage step
    (Step.REGULAR, (FS, DS), True, True),  # 702.4d: double strike given after the first step
], ids=["fs-first", "ds-first", "plain-first", "ds-second", "fs-second", "lost-fs-second",
        "gained-fs-second", "plain-regular", "gained-ds-second"])
def test_510_4_which_creatures_assign_in_the_step(step: Step, keywords: tuple[Keyword, ...],
                                                  had_first_strike: bool, assigns: bool) -> None:
    combat = Combat(step, (Attacker(cr("a", 2, 2, 0, *keywords, had_first_strike=had_first_strike), BOB),))
    verdict = check(combat, (Share("a", BOB, 2),))
    assert verdict.assigning == ((("a", 2),) if assigns else ())
    assert verdict.violations == (() if assigns else (Violation("510.4", "not_this_step", ("a",)),))
    assert shares_of(combat, "a") == ({(("bob", 2),)} if assigns else {()})


def test_510_1_only_creatures_in_combat_assign_combat_damage() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 2, 2), BOB),))
    verdict = check(combat, (Share("a", BOB, 2), Share("elsewhere", BOB, 1)))
    assert verdict.violations == (Violation("510.1", "not_in_combat", ("elsewhere",)),)


def test_510_1a_amounts_are_positive() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 2, 2), BOB),), (Blocker(cr("b", 0, 2), ("a",)),))
    verdict = check(combat, (Share("a", o("b"), 3), Share("a", BOB, -1)))
    assert Violation("510.1a", "amount", ("a", BOB, -1)) in verdict.violations


def test_more_assignments_than_the_limit_are_counted() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 3, 3), BOB),),
                    (Blocker(cr("b1", 2, 2), ("a",)), Blocker(cr("b2", 2, 2), ("a",))))
    listing = legal_assignments(combat, limit=2)
    assert (listing.count, listing.exact, listing.listed, listing.assignments) == (4, True, False, ())


def test_count_stops_at_the_cap_as_a_lower_bound() -> None:
    combat = Combat(Step.REGULAR, (Attacker(cr("a", 9, 9), BOB),),
                    tuple(Blocker(cr(f"b{i}", 1, 1), ("a",)) for i in range(4)))  # C(12, 3) = 220
    listing = legal_assignments(combat, limit=10, count_cap=100)
    assert (listing.count, listing.exact) == (100, False)
    assert legal_assignments(combat, limit=10).count == 220


def test_independent_parts_are_counted_apart() -> None:
    """Two attackers with their own blockers choose independently (510.1c): 10 x 10 ways,
    counted exactly though each count stops at 50."""
    combat = Combat(Step.REGULAR, (Attacker(cr("a1", 9, 9), BOB), Attacker(cr("a2", 9, 9), BOB)),
                    (Blocker(cr("b1", 0, 1), ("a1",)), Blocker(cr("b2", 0, 1), ("a1",)),
                     Blocker(cr("b3", 0, 1), ("a2",)), Blocker(cr("b4", 0, 1), ("a2",))))
    listing = legal_assignments(combat, limit=5, count_cap=50)
    assert (listing.count, listing.exact) == (100, True)


def test_a_trampler_and_another_attacker_sharing_a_blocker_are_counted_together() -> None:
    """702.19b couples them: a2 may trample over only when a1 and a2 together assign b lethal
    damage. a1 (2 power) and a2 (2 power, trample) blocked by b (toughness 2): a1 divides
    nothing (b is its only blocker), so a2 may assign 0, 1 or 2 to bob: 3 ways."""
    combat = Combat(Step.REGULAR, (Attacker(cr("a1", 2, 2), BOB), Attacker(cr("a2", 2, 2, 0, TR), BOB)),
                    (Blocker(cr("b", 0, 2), ("a1", "a2")),))
    assert shares_of(combat, "a2") == {(("b", 2),), (("b", 1), ("bob", 1)), (("bob", 2),)}
    assert legal_assignments(combat, limit=1).count == 3


@pytest.mark.parametrize("bad", [
    lambda: Creature("", 1, 1),
    lambda: Creature("x", 1, 1, -1),
    lambda: Combat(Step.REGULAR, (Attacker(cr("a", 1, 1), BOB),), (Blocker(cr("b", 1, 1), ("zz",)),)),
    lambda: Combat(Step.REGULAR, (Attacker(cr("a", 1, 1), BOB), Attacker(cr("a", 1, 1), BOB))),
    lambda: check(Combat(Step.REGULAR, ()), (Share("a", BOB, 1), Share("a", BOB, 2))),
], ids=["empty-id", "negative-damage", "unknown-attacker", "twice", "two-amounts"])
def test_bad_input_is_refused_with_a_message(bad: object) -> None:
    with pytest.raises(ValueError):
        bad()  # type: ignore[operator]
