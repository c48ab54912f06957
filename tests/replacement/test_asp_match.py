"""asp/replacement/match.lp: which effects watch which events, and "can't" effects
(CR 614.1, 614.5, 614.17c, 615.12, 701.19c)."""

from __future__ import annotations

import pytest

from tests.replacement.helpers import damage, effect, outcomes, outs

DBL = effect("d", 1, "damage", mods=("mul(amount, 2)",))
TESTS = {
    "field_in_set_matches": ('rep_test("d", target, s1). rep_in(s1, o("c1")).', 6),
    "field_not_in_set_fails": ('rep_test("d", target, s1). rep_in(s1, o("c2")).', 3),
    "missing_field_fails": ('rep_test("d", player, s1). rep_in(s1, p("a")).', 3),
    "min_holds": ('rep_min("d", amount, 3).', 6),
    "min_fails": ('rep_min("d", amount, 4).', 3),
    "max_holds": ('rep_max("d", amount, 3).', 6),
    "max_fails": ('rep_max("d", amount, 2).', 3),
    "two_tests_both_needed": ('rep_test("d", target, s1). rep_in(s1, o("c1")). rep_min("d", amount, 5).', 3),
}


@pytest.mark.parametrize("name", sorted(TESTS))
def test_614_1_pattern_tests(name: str) -> None:
    extra, amount = TESTS[name]
    got = outcomes(damage('o("c1")', 3) + DBL + extra)
    assert got == outs(f'outcome(damage, (o("s"), o("c1"), {amount}, false), 1)')


def test_614_17c_an_event_that_cant_happen_is_not_replaced() -> None:
    """The doubler doesn't apply to damage that can't happen; the event is reported blocked."""
    text = damage('o("c1")', 3) + DBL + ' rep_cant("k"). rep_watch("k", damage).'
    assert outcomes(text) == outs('blocked(damage, (o("s"), o("c1"), 3, false), "k", 1)')


def test_614_17c_but_a_self_replacement_applies() -> None:
    text = damage('o("c1")', 3) + DBL + ' rep_self("d"). rep_cant("k"). rep_watch("k", damage).'
    assert outcomes(text) == outs('blocked(damage, (o("s"), o("c1"), 6, false), "k", 1)')


def test_701_19c_no_regeneration_shield_for_an_object_that_cant_be_regenerated() -> None:
    text = ('rep_part(ev(1)). rep_field(ev(1), kind, move). rep_field(ev(1), object, o("c1")). '
            'rep_field(ev(1), count, 1). rep_field(ev(1), from, battlefield). '
            'rep_field(ev(1), to, graveyard). '
            'rep_field(ev(1), cause, destroy). rep_field(ev(1), position, none). '
            'rep_field(ev(1), control, none). '
            'rep_field(ev(1), as, none). rep_field(ev(1), tapped, false). rep_field(ev(1), face, front). '
            'rep_field(ev(1), choice, none). '
            + effect("r", 1, "move", mods=("instead",)) +
            ' rep_regeneration("r"). rep_uses("r", 1). rep_tmpl("r", "main", 1, regenerate). '
            'rep_tmpl_field("r", "main", 1, object, same(object)).')
    regen = outs('outcome(regenerate, (o("c1"),), 1); used("r", 1)')
    destroyed = outs('outcome(move, (o("c1"), 1, battlefield, graveyard, destroy, none, none, none, '
                     'false, front, none), 1)')
    assert outcomes(text) == regen
    assert outcomes(text + ' rep_no_regen(o("c1")).') == destroyed


def test_614_5_an_effect_never_applies_twice_to_what_it_replaced() -> None:
    """A doubler whose result it would match again still applies once."""
    assert outcomes(damage('o("c1")', 1) + DBL) == outs('outcome(damage, (o("s"), o("c1"), 2, false), 1)')
