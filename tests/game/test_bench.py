"""pyengine bench game: random turns are played and the figures add up."""

from __future__ import annotations

import io

from pyengine import solver
from pyengine.bench.game import play_turns
from pyengine.cli import main


def test_random_turns_are_played_and_clingo_time_is_measured() -> None:
    original = solver.solve
    row = play_turns(6, 1, 3)
    assert solver.solve is original  # the timer is removed afterwards
    assert row["actions"] >= 3 and row["calls"] > 0
    assert 0 < row["clingo_share"] <= 1


def test_the_game_lasts_the_turns_on_a_large_board() -> None:
    # the starting life outlasts the turns: every turn is played, each with its actions
    # (at 20 life the 100-creature board ended in its second turn after 8 actions)
    row = play_turns(40, 3, 1)
    assert row["played"] == 3 and row["actions"] >= 3 * 3


def test_bad_size_is_a_usage_error() -> None:
    err = io.StringIO()
    assert main(["bench", "game", "--sizes", "0"], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue().count("\n") == 1
