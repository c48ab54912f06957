"""asp/replacement/process.lp: resources and the end of the process (CR 614.3, 615.7, 615.8,
614.10a, 616.1f)."""

from __future__ import annotations

from tests.replacement.helpers import damage, effect, outcomes, outs, run


def test_615_8_a_one_shot_effect_is_used_on_one_event_only() -> None:
    """Two simultaneous damage events to c1; a "next time" prevention prevents one of them."""
    text = (damage('o("c1")', 2, part=1) + damage('o("c1")', 3, part=2, source='o("s2")') +
            ' rep_obj_owner(o("s2"), p("b")). ' + effect("n", 1, "damage", mods=("prevent(all)",))
            + ' rep_uses("n", 1).')
    assert outcomes(text) == outs(
        'outcome(damage, (o("s2"), o("c1"), 3, false), 1); used("n", 1)',
        'outcome(damage, (o("s"), o("c1"), 2, false), 1); used("n", 1)')


def test_615_7_one_shield_shared_by_two_events() -> None:
    """A 3-damage shield against 2 + 2 at once: the controller splits it (615.7)."""
    text = (damage('o("c1")', 2, part=1) + damage('o("c1")', 2, part=2, source='o("s2")') +
            ' rep_obj_owner(o("s2"), p("b")). ' + effect("sh", 1, "damage", alt="") + ' rep_shield("sh", 3).')
    assert outcomes(text) == outs(
        'outcome(damage, (o("s2"), o("c1"), 1, false), 1); shield_left("sh", 0)',
        'outcome(damage, (o("s"), o("c1"), 1, false), 1); shield_left("sh", 0)')


def test_616_1f_every_applicable_effect_is_applied() -> None:
    """No answer set stops while an effect still applies (616.1f)."""
    text = damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
    models = run(text)
    assert len(models) == 1
    assert not [m for m in models if m.atoms("violation", 3)]


def test_a_horizon_too_short_is_reported_as_overflow() -> None:
    """With one step for two effects, the answer says it ran out of steps."""
    text = (damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
            + effect("y", 2, "damage", mods=("mul(amount, 2)",)))
    assert any(m.atoms("overflow", 0) for m in run(text, horizon=1))
    assert not any(m.atoms("overflow", 0) for m in run(text, horizon=3))


def test_optional_effect_may_be_declined() -> None:
    text = (damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
            + ' rep_alt("x", "decline").')
    assert outcomes(text) == outs('outcome(damage, (o("s"), o("c1"), 3, false), 1)',
                                  'outcome(damage, (o("s"), o("c1"), 2, false), 1)')
