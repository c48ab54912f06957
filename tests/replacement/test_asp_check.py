"""asp/check/replacement.lp (with propose.lp): the verdict on a proposed sequence, one case per
violation (CR 614-616), and legal proposals having none."""

from __future__ import annotations

import pytest

from tests.replacement.helpers import damage, effect, run


def violations(text: str, *steps: str) -> set[tuple[str, str]]:
    """(rule, check) of the best model for the proposal ``steps`` (``effect[/alt][@player]``)."""
    props = []
    for k, s in enumerate(steps, start=1):
        eff, _, by = s.partition("@")
        eff, _, alt = eff.partition("/")
        props.append(f'rep_proposed({k}, "{eff}").')
        if alt:
            props.append(f'rep_proposed_alt({k}, "{alt}").')
        if by:
            props.append(f'rep_proposed_by({k}, p("{by}")).')
    models = run(text + " ".join(props), entry="check_replacement", horizon=8)
    assert models, "the checker always has an answer"
    best = min(models, key=lambda m: len(m.atoms("violation", 3)))
    return {(a.arguments[0].string, a.arguments[1].name) for a in best.atoms("violation", 3)}


TWO = (damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
       + effect("y", 2, "damage", mods=("mul(amount, 2)",)))
SELF = TWO + ' rep_self("y").'
LATE = damage('o("c1")', 2) + ' rep_late("z").'
SHIELD = damage('o("c1")', 2) + effect("sh", 1, "damage", alt="") + ' rep_shield("sh", 3).'
CASES = {
    "legal": (TWO, ("x@a", "y@a"), set()),
    "legal_without_chooser": (TWO, ("y", "x"), set()),
    "616.1f_stopped_early": (TWO, ("x",), {("616.1f", "stopped_early")}),
    "616.1_wrong_chooser": (TWO, ("x@b", "y@a"), {("616.1", "wrong_chooser")}),
    "616.1a_self_replacement_first": (SELF, ("x", "y"), {("616.1a", "must_choose_first")}),
    "614.5_applied_twice": (TWO, ("x", "x", "y"), {("614.5", "already_applied")}),
    "614.4_not_yet_created": (LATE, ("z",), {("614.4", "not_yet_created")}),
    "616.1f_not_applicable": (TWO, ("nope", "x", "y"), {("616.1f", "not_applicable")}),
    "614.5_a_third_step_repeats": (TWO, ("x", "y", "y"), {("614.5", "already_applied")}),
    "615.7_shield_used": (SHIELD, ("sh",), set()),
    "616.1e_no_such_choice": (TWO, ("x/other", "y"),
                              {("616.1e", "no_such_choice"), ("616.1f", "stopped_early")}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_violations(name: str) -> None:
    text, steps, expected = CASES[name]
    assert violations(text, *steps) == expected


def test_614_7_no_event_after_all_damage_was_prevented() -> None:
    text = (damage('o("c1")', 2) + effect("fog", 1, "damage", mods=("prevent(all)",))
            + effect("y", 2, "damage", mods=("mul(amount, 2)",)))
    assert violations(text, "fog", "y") == {("614.7", "no_event")}
