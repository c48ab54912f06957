"""asp/layers/batch.lp: a layer's first round is asked of the program without trial
application (core.lp without dependency.lp) first. Where no effect of the layer is sensitive
(quiet.lp) its answer must be core.lp's (CR 613.8a: no effect depends on another); where one
is, it shows next/2 and the engine asks core.lp. Each accepted answer is checked here against
core.lp's on the same facts."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import encodings, solver
from pyengine import shown as O
from pyengine.bench.layers import board, dense
from pyengine.layers import compute
from pyengine.layers.facts import FactBuilder
from pyengine.model.enums import Layer
from pyengine.model.objects import GameState
from tests.asp.test_layers_rounds import creature, enchantment, state


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool, bool]]:
    """Record each layer call as (what, asked of batch.lp, answer kept); check every kept
    answer of batch.lp against core.lp's."""
    real = solver.solve
    batch, core = encodings.path("layers_batch"), encodings.path("layers_core")
    calls: list[tuple[str, bool, bool]] = []

    def checked(encs: list[Any], facts: list[Any], **kw: Any) -> solver.SolveResult:
        res = real(encs, facts, **kw)
        if encs[0] == batch:
            kept = not res.model.atoms(O.Next.predicate, 2)
            if kept:
                full = real([core, *encs[1:]], facts, **kw)
                assert set(full.model.shown) == set(res.model.shown), kw["what"]
            calls.append((kw["what"], True, kept))
        else:
            calls.append((kw["what"], False, True))
        return res

    monkeypatch.setattr(solver, "solve", checked)
    return calls


def _layers_with_effects(s: GameState) -> list[str]:
    builder = FactBuilder(s)
    builder.build()
    return [lay.value for lay in Layer if lay.value in builder.index.layers_used]


@pytest.mark.parametrize(("make", "calls_made"),
                         [(lambda: board(10, 5), ["layer 4", "layers 7b-7c"]),
                          (lambda: board(50, 10), ["layer 2", "layer 4", "layer 6", "layers 7b-7d"]),
                          (lambda: dense(20, 3), ["layer 7c"])],
                         ids=["board-10x5", "board-50x10", "dense-20x3"])
def test_a_board_where_no_effect_reads_what_another_changes_takes_one_call_a_layer(
        make: Any, calls_made: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # the bench boards: no layer has an effect that reads what another of its layer changes
    # (each layer is one batch, 613.7), so each layer with effects is one call of batch.lp,
    # whose answer is core.lp's; the sublayers of layer 7 whose effects read no power or
    # toughness are one call together (pyengine/layers/statics.py, groups)
    solver.forget()
    calls = _spy(monkeypatch)
    s = make()
    res = compute(s, measure=True)
    layer_calls = [c for c in calls if c[0].startswith("layer")]
    assert [c[0] for c in layer_calls] == calls_made
    assert all(asked_batch and kept for _, asked_batch, kept in layer_calls)
    assert res.batched == tuple(_layers_with_effects(s))


def test_a_sensitive_layer_is_asked_of_core_lp(monkeypatch: pytest.MonkeyPatch) -> None:
    # Layer 5: "white creatures are green" (timestamp 2) reads white, which "creatures are
    # white" (timestamp 3) changes: batch.lp shows next/2, the round is asked of core.lp,
    # which finds the dependency (613.8a) and waits (613.8b): white, then green.
    solver.forget()
    calls = _spy(monkeypatch)
    s = state(creature("c", 1, colors=("red",)),
              enchantment("greenify", 2, {"static": {"affects": {"types": ["Creature"], "colors": ["white"]},
                                                     "set_colors": ["green"]}}),
              enchantment("whiten", 3, {"static": {"affects": {"types": ["Creature"]},
                                                   "set_colors": ["white"]}}))
    res = compute(s)
    assert res.objects["c"].colors == ("green",)
    assert calls[0] == ("layer 5", True, False)
    assert calls[1] == ("layer 5", False, True)
    assert all(not asked_batch for _, asked_batch, _ in calls[1:])
