"""asp/replacement/parts.lp: the events applying an effect makes (CR 614.1, 614.5, 614.6, 614.7,
614.9, 615.1, 615.10); each case is one damage event and one or two effects."""

from __future__ import annotations

import pytest

from tests.replacement.helpers import damage, effect, outcomes, outs

DMG = 'outcome(damage, (o("s"), o("c1"), {n}, false), 1)'


def dmg(n: int) -> str:
    return DMG.format(n=n)


CASES = {
    "614.1_times_doubles": (effect("d", 1, "damage", mods=("mul(amount, 2)",)), outs(dmg(6))),
    "614.1_plus_adds": (effect("p", 1, "damage", mods=("add(amount, 2)",)), outs(dmg(5))),
    "614.1_half_rounds_down": (effect("h", 1, "damage", mods=("half(amount)",)), outs(dmg(1))),
    "615.10_prevent_n": (effect("p1", 1, "damage", mods=("prevent(1)",)), outs(dmg(2))),
    "614.7_prevent_all_leaves_no_event": (effect("fog", 1, "damage", mods=("prevent(all)",)), outs("")),
    "614.9_redirect_to_a_valid_target": (effect("r", 1, "damage", mods=('redirect(o("c2"))',)),
                                         outs('outcome(damage, (o("s"), o("c2"), 3, false), 1)')),
    "614.9_redirect_to_nothing_does_nothing": (effect("r", 1, "damage", mods=('redirect(o("gone"))',)),
                                               outs(dmg(3))),
    "614.6_instead_replaces_the_event": (
        effect("i", 1, "damage", mods=("instead",)) +
        ' rep_tmpl("i", "main", 1, gain_life). rep_tmpl_field("i", "main", 1, player, val(p("a"))).'
        ' rep_tmpl_field("i", "main", 1, amount, same(amount)).'
        ' rep_tmpl_field("i", "main", 1, cause, val(effect)).',
        outs('outcome(gain_life, (p("a"), 3, effect), 1)')),
    "614.1_also_adds_an_event": (
        effect("i", 1, "damage") +
        ' rep_tmpl("i", "main", 1, gain_life). rep_tmpl_field("i", "main", 1, player, val(p("a"))).'
        ' rep_tmpl_field("i", "main", 1, amount, val(1)).'
        ' rep_tmpl_field("i", "main", 1, cause, val(effect)).',
        outs(dmg(3) + '; outcome(gain_life, (p("a"), 1, effect), 1)')),
    "614.5_two_doublers_apply_once_each": (
        effect("d1", 1, "damage", mods=("mul(amount, 2)",))
        + effect("d2", 2, "damage", mods=("mul(amount, 2)",)),
        outs(dmg(12))),
    "616.1_prevent_then_double_or_double_then_prevent": (
        effect("d", 1, "damage", mods=("mul(amount, 2)",)) + effect("p", 2, "damage", mods=("prevent(2)",)),
        outs(dmg(2), dmg(4))),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_modification(name: str) -> None:
    text, expected = CASES[name]
    assert outcomes(damage('o("c1")', 3) + text) == expected


def test_614_7a_zero_damage_is_no_event_for_increases() -> None:
    """CR 614.7a: a source that would deal 0 damage deals none; +2 has nothing to modify."""
    text = damage('o("c1")', 0) + effect("p", 1, "damage", mods=("add(amount, 2)",))
    assert outcomes(text) == outs("")


def test_615_7_shield_prevents_what_it_has_left() -> None:
    """CR 615.7: a 2-damage shield against 3 damage: 1 is dealt, the shield is used up."""
    text = damage('o("c1")', 3) + effect("s", 1, "damage", alt="") + ' rep_shield("s", 2).'
    assert outcomes(text) == outs(dmg(1) + '; shield_left("s", 0)')


def test_615_12_unpreventable_damage_keeps_the_shield() -> None:
    """CR 615.12: the shield applies but prevents nothing and isn't reduced."""
    text = (damage('o("c1")', 3) + effect("s", 1, "damage", alt="") + ' rep_shield("s", 2).'
            ' rep_unpreventable("u"). rep_watch("u", damage).')
    assert outcomes(text) == outs(dmg(3) + '; shield_left("s", 2)')


def test_cap_life_keeps_the_life_total_at_one() -> None:
    """Worship: life loss that would leave 2 life at -1 becomes a loss of 1."""
    text = ('rep_part(ev(1)). rep_field(ev(1), kind, lose_life). rep_field(ev(1), player, p("a")). '
            'rep_field(ev(1), amount, 22). rep_field(ev(1), damage, true). '
            + effect("w", 1, "lose_life", mods=("cap_life(1)",)))
    assert outcomes(text) == outs('outcome(lose_life, (p("a"), 19, true), 1)')
