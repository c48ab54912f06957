"""asp/replacement/order.lp and violations.lp: who chooses, in which tier (CR 616.1, 616.1a-e,
101.4), read from the witness of each answer set."""

from __future__ import annotations

import clingo

from tests.replacement.helpers import damage, effect, run


def witnesses(text: str) -> set[tuple[str, ...]]:
    """For each answer set, the applied effects in order with chooser and tier."""
    out = set()
    for m in run(text):
        steps = sorted(m.atoms("applied", 7), key=lambda a: a.arguments[0].number)
        out.add(tuple(f"{a.arguments[1].string}/{a.arguments[3].arguments[0].string}/{a.arguments[4].string}"
                      for a in steps))
    return out


def test_616_1_the_damaged_permanents_controller_chooses() -> None:
    text = damage('o("c2")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
    assert witnesses(text) == {("x/b/616.1e",)}


def test_616_1a_self_replacement_first() -> None:
    text = (damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
            + effect("y", 2, "damage", mods=("mul(amount, 2)",)) + ' rep_self("y").')
    assert witnesses(text) == {("y/a/616.1a", "x/a/616.1e")}


def test_616_1e_any_order_without_tiers() -> None:
    text = (damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",))
            + effect("y", 2, "damage", mods=("mul(amount, 2)",)))
    assert witnesses(text) == {("x/a/616.1e", "y/a/616.1e"), ("y/a/616.1e", "x/a/616.1e")}


ENTER = ('rep_part(ev(1)). rep_field(ev(1), kind, move). rep_field(ev(1), object, o("n")). '
         'rep_field(ev(1), count, 1). rep_field(ev(1), from, stack). rep_field(ev(1), to, battlefield). '
         'rep_field(ev(1), cause, effect). rep_field(ev(1), position, none). '
            'rep_field(ev(1), control, p("b")). '
         'rep_field(ev(1), as, o("n")). rep_field(ev(1), tapped, false). rep_field(ev(1), face, front). '
         'rep_field(ev(1), choice, none). '
            'rep_obj_owner(o("n"), p("b")). rep_obj_controller(o("n"), p("b")). ')


def test_616_1b_control_before_copy_before_others() -> None:
    text = (ENTER + effect("tap", 1, "move", mods=("set(tapped, true)",))
            + effect("copy", 2, "move", mods=('set(as, o("c1"))',))
            + effect("ctl", 4, "move", mods=('set(control, p("a"))',)))
    # bob chooses the control effect (it would enter under his control); then alice chooses.
    assert witnesses(text) == {("ctl/b/616.1b", "copy/a/616.1c", "tap/a/616.1e")}


def test_616_1d_back_face_before_others() -> None:
    text = (ENTER + effect("tap", 1, "move", mods=("set(tapped, true)",))
            + effect("back", 2, "move", mods=("set(face, back)",)))
    assert witnesses(text) == {("back/b/616.1d", "tap/b/616.1e")}


def test_101_4_active_player_makes_choices_first() -> None:
    """Two simultaneous events affecting a's and b's creatures: a's choices come first."""
    text = (damage('o("c1")', 2, part=1) + damage('o("c2")', 2, part=2)
            + effect("x", 1, "damage", mods=("add(amount, 1)",)))
    assert witnesses(text) == {("x/a/616.1e", "x/b/616.1e")}


def test_applied_atoms_are_symbols() -> None:
    m = run(damage('o("c1")', 2) + effect("x", 1, "damage", mods=("add(amount, 1)",)))[0]
    assert all(isinstance(a, clingo.Symbol) for a in m.atoms("applied", 7))
