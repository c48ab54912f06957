"""tools/combat_floor.py, the floor of a one-call block verdict recorded in asp/README.md
(Performance, "Combat and casting checks; the smallest combat program"): its small programs
decide the maximum the engine decides, on the bench's boards, so the figures compare like with
like."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pyengine.bench.combat import competitor_pairs, random_block_board
from pyengine.combat.model import Declaration
from pyengine.combat.service import verify

_PATH = Path(__file__).resolve().parents[2] / "tools" / "combat_floor.py"


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("combat_floor", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("size", [3, 5, 8])
def test_small_programs_reach_the_engines_maximum(size: int) -> None:
    floor = _tool()
    small = floor._parse(floor.DEFINED + floor.SMALL + floor.CORE)
    core = floor._parse(floor.DEFINED + floor.CORE)
    none = Declaration()
    for k in range(12):
        board = random_block_board(size, size, 100003 + size * 1009 + size * 17 + k)
        maximum = verify(board, none).maximum
        got, shown = floor.run_clingo(small, floor.small_facts(board, none))
        assert got == maximum, (size, k)
        assert not [s for s in shown if s.name in ("gob", "gbad")]  # "no blockers" breaks nothing
        assert floor.run_clingo(core, floor.core_only_facts(board, competitor_pairs(board)))[0] == maximum


def test_a_board_without_requirements_is_still_an_optimisation() -> None:
    """Without a requirement the weak constraint has no instance; the empty ``#maximize``
    keeps clingo optimising (else it lists every legal declaration: 10x10 board 22 of the
    bench's seed did not finish in 2 s)."""
    floor = _tool()
    small = floor._parse(floor.DEFINED + floor.SMALL + floor.CORE)
    board = random_block_board(10, 10, 100003 + 10 * 1009 + 10 * 17 + 22)
    requirements = ("lure", "must_block", "must_be_blocked", "must_block_attacker")
    assert not any(i.kind in requirements for i in board.items)
    floor.LIMIT[0] = 5.0
    try:
        assert floor.run_clingo(small, floor.small_facts(board, Declaration()))[0] == 0
    finally:
        floor.LIMIT[0] = None
