"""asp/replacement/sequence.lp and rules.lp's splitting: draws one at a time, the library
(CR 121.2, 614.11, 614.11a, 702.52b)."""

from __future__ import annotations

from tests.replacement.helpers import effect, outcomes, outs


def draw(n: int, player: str = 'p("a")') -> str:
    return (f'rep_part(ev(1)). rep_field(ev(1), kind, draw). rep_field(ev(1), player, {player}). '
            f'rep_field(ev(1), count, {n}).')


ONE = ' rep_max("{e}", count, 1).'  # "if you would draw a card": one draw (121.2)
WIN = (effect("win", 1, "draw", mods=("instead",)) + ONE.format(e="win") +
       ' rep_lib_max("win", 0). rep_tmpl("win", "main", 1, win_game). '
       'rep_tmpl_field("win", "main", 1, player, same(player)).')


def test_121_2_an_instruction_to_draw_two_is_two_draws() -> None:
    assert outcomes(draw(2)) == outs('outcome(draw, (p("a"), 1, false), 2)')


def test_614_11_draws_past_the_library_are_marked_empty() -> None:
    """Library 2, draw 3: two cards are drawn and the third draw finds the library empty."""
    got = outcomes(draw(3), library_a=2)
    assert got == outs('outcome(draw, (p("a"), 1, false), 2); outcome(draw, (p("a"), 1, true), 1)')


def test_614_11_the_second_draw_sees_the_empty_library() -> None:
    """Library 1: the first draw takes the card, the second would be from an empty library
    and is replaced by winning the game (Laboratory Maniac)."""
    got = outcomes(draw(2) + WIN, library_a=1)
    assert got == outs('outcome(draw, (p("a"), 1, false), 1); outcome(win_game, (p("a"),), 1)')


def test_702_52b_library_minimum() -> None:
    """An effect needing 11 cards in a 10-card library doesn't apply."""
    text = (draw(1) + effect("dr", 1, "draw", mods=("instead",)) + ONE.format(e="dr")
            + ' rep_lib_min("dr", val(11)).')
    assert outcomes(text) == outs('outcome(draw, (p("a"), 1, false), 1)')
    text10 = text.replace("val(11)", "val(10)")
    assert outcomes(text10) == outs("")


def test_614_5_draw_two_instead_twice_is_four_draws() -> None:
    text = (draw(1) + effect("t1", 1, "draw", mods=("mul(count, 2)",)) + ONE.format(e="t1")
            + effect("t2", 2, "draw", mods=("mul(count, 2)",)) + ONE.format(e="t2"))
    assert outcomes(text) == outs('outcome(draw, (p("a"), 1, false), 4)')
