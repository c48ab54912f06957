"""asp/replacement/rules.lp: results of damage (CR 120.3, 120.4), tokens entering (111.1,
616.1g), a permanent spell that can't enter (608.3e)."""

from __future__ import annotations

from tests.replacement.helpers import damage, effect, outcomes, outs

SRC = 'outcome(damage, (o("s"), {t}, 2, false), 1)'


def test_120_3a_damage_to_a_player_is_life_loss() -> None:
    got = outcomes(damage('p("b")', 2))
    assert got == outs(SRC.format(t='p("b")') + '; outcome(lose_life, (p("b"), 2, true), 1)')


def test_120_3b_infect_to_a_player_is_poison() -> None:
    got = outcomes(damage('p("b")', 2) + ' rep_keyword(o("s"), infect).')
    poison = 'outcome(counters, (p("b"), "poison", 2, p("a"), damage), 1)'
    assert got == outs(SRC.format(t='p("b")') + "; " + poison)


def test_120_3d_wither_to_a_creature_is_minus_counters() -> None:
    got = outcomes(damage('o("c2")', 2) + ' rep_keyword(o("s"), wither).')
    minus = 'outcome(counters, (o("c2"), "-1/-1", 2, p("a"), damage), 1)'
    assert got == outs(SRC.format(t='o("c2")') + "; " + minus)


def test_120_3c_damage_to_a_planeswalker_removes_loyalty() -> None:
    got = outcomes(damage('o("pw")', 2) + ' rep_obj_type(o("pw"), planeswalker).'
                   ' rep_obj_owner(o("pw"), p("b")).'
                   ' rep_obj_controller(o("pw"), p("b")).')
    assert got == outs(SRC.format(t='o("pw")') + '; outcome(remove_counters, (o("pw"), "loyalty", 2), 1)')


def test_120_3f_lifelink_gains_life() -> None:
    got = outcomes(damage('o("c2")', 2) + ' rep_keyword(o("s"), lifelink).')
    assert got == outs(SRC.format(t='o("c2")') + '; outcome(gain_life, (p("a"), 2, lifelink), 1)')


def test_120_4c_results_are_modified_after_the_damage() -> None:
    """A life-loss doubler applies to the result, not to the damage."""
    text = damage('p("b")', 2) + effect("x", 1, "lose_life", mods=("mul(amount, 2)",))
    assert outcomes(text) == outs(SRC.format(t='p("b")') + '; outcome(lose_life, (p("b"), 4, true), 1)')


TOKENS = ('rep_part(ev(1)). rep_field(ev(1), kind, create_tokens). rep_field(ev(1), control, p("a")). '
          'rep_field(ev(1), as, o("proto")). rep_field(ev(1), count, 2). rep_field(ev(1), tapped, false).')
ENTERED = ('outcome(move, (token, 1, none, battlefield, create, none, p("a"), o("proto"), {tap}, '
           'front, none), {n})')


def test_111_1_creating_tokens_is_each_token_entering() -> None:
    assert outcomes(TOKENS) == outs(ENTERED.format(tap="false", n=2))


def test_616_1g_creation_is_modified_before_the_tokens_enter() -> None:
    text = (TOKENS + effect("dbl", 1, "create_tokens", mods=("mul(count, 2)",))
            + effect("tap", 2, "move", mods=("set(tapped, true)",)))
    assert outcomes(text) == outs(ENTERED.format(tap="true", n=4))


def test_608_3e_a_spell_that_cant_enter_goes_to_the_graveyard() -> None:
    text = ('rep_part(ev(1)). rep_field(ev(1), kind, move). rep_field(ev(1), object, o("n")). '
            'rep_field(ev(1), count, 1). rep_field(ev(1), from, stack). rep_field(ev(1), to, battlefield). '
            'rep_field(ev(1), cause, effect). rep_field(ev(1), position, none). '
            'rep_field(ev(1), control, p("a")). '
            'rep_field(ev(1), as, o("n")). rep_field(ev(1), tapped, false). rep_field(ev(1), face, front). '
            'rep_field(ev(1), choice, none). '
            'rep_obj_owner(o("n"), p("a")). rep_obj_controller(o("n"), p("a")). '
            'rep_cant("k"). rep_watch("k", move).')
    entered = '(o("n"), 1, stack, battlefield, effect, none, p("a"), o("n"), false, front, none)'
    to_gy = '(o("n"), 1, stack, graveyard, rule, none, none, none, false, front, none)'
    assert outcomes(text + ' rep_test("k", to, s9). rep_in(s9, battlefield).') == outs(
        f'blocked(move, {entered}, "k", 1); outcome(move, {to_gy}, 1)')
