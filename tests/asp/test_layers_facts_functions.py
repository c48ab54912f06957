"""The layer facts' symbol maker (pyengine/layers/facts.py ``_Functions``) makes the symbols
``clingo.Function`` makes, through clingo's C function and through the wrapper alike."""

from __future__ import annotations

import clingo
import pytest

from pyengine.layers import facts as layer_facts

ARGS = [
    [],
    [clingo.String("b0")],
    [clingo.String("b0"), clingo.Function("zone", [clingo.Function("battlefield")])],
    [clingo.String("b0"), clingo.Function("power"), clingo.Number(-3)],
    [clingo.Number(1), clingo.Number(2), clingo.String("x"), clingo.Function("", [clingo.Number(4)])],
    [clingo.Number(i) for i in range(6)],  # more arguments than the buffer holds
]


@pytest.mark.parametrize("direct", [True, False])
def test_functions_make_clingo_functions(monkeypatch: pytest.MonkeyPatch, direct: bool) -> None:
    if direct:
        assert layer_facts._C_FUNCTIONS is not None  # this clingo exposes the C function
    else:
        monkeypatch.setattr(layer_facts, "_C_FUNCTIONS", None)
    functions = layer_facts._Functions()
    for args in ARGS:
        made = functions.make("cur", args)
        assert made == clingo.Function("cur", args) and str(made) == str(clingo.Function("cur", args))
    tails = [tuple(args[1:]) for args in ARGS if args]
    make = functions.rows("cur", tails)
    for first in (clingo.String("b1"), clingo.Number(7), clingo.Function("o", [clingo.String("b2")])):
        assert make(first) == [clingo.Function("cur", [first, *tail]) for tail in tails]
