"""Sublayers asked in one round (pyengine/layers/statics.py, groups; asp/layers/steps.lp,
group_layer/1): consecutive sublayers of layer 7 none of whose effects reads power or
toughness are one call, applied in one fold in layer then timestamp order (CR 613.1, 613.4,
613.7), layer 7c's sums as one step of each object's chain (613.4c). Every answer must be the
one the sublayers give asked one by one."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import solver
from pyengine.bench.layers import board
from pyengine.layers import compute, engine, statics
from pyengine.layers.result import LayerResult
from pyengine.model.enums import Layer
from pyengine.model.objects import GameState
from tests.asp.test_layers_rounds import creature, enchantment, resolved, state


def _answer(res: LayerResult) -> tuple[Any, ...]:
    return (res.objects, res.applications, res.dependencies, res.active, res.batched, res.players,
            res.summed)


def _one_by_one(s: GameState, monkeypatch: pytest.MonkeyPatch) -> LayerResult:
    solver.forget()
    with monkeypatch.context() as m:
        m.setattr(statics, "groups", lambda static, used: {})
        res = compute(s, measure=True)
    solver.forget()
    return res


def _calls(res: LayerResult) -> int:
    return int(res.stats["calls"])


@pytest.mark.parametrize(("size", "seed"), [((10, 5), 1), ((10, 5), 2), ((20, 8), 3), ((50, 10), 1),
                                            ((30, 20), 4), ((30, 20), 5)])
def test_a_group_gives_the_answer_of_its_sublayers_one_by_one(size: tuple[int, int], seed: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    s = board(*size, seed=seed)
    alone = _one_by_one(s, monkeypatch)
    grouped = compute(s, measure=True)
    assert _answer(grouped) == _answer(alone)
    assert _calls(grouped) <= _calls(alone)


def test_the_10x5_bench_board_takes_two_calls() -> None:
    # layer 4, then 7b and 7c together (one by one: 3 calls)
    solver.forget()
    assert _calls(compute(board(10, 5), measure=True)) == 2


def test_set_add_and_switch_in_one_call_keep_613_4_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # 7b sets 0/1, 7c adds +3/+3 and a +1/+1 counter's worth, 7d switches: whatever the
    # timestamps, (0 + 3 + 1) / (1 + 3 + 1) switched = 5/4; the sums are reported as 7c's
    s = state(creature("c", 1, 1, 3),
              enchantment("anthem", 2, {"static": {"affects": {"types": ["Creature"]},
                                                   "modify_pt": {"power": 1, "toughness": 1}}}),
              effects=(resolved("sw", 3, {"switch_pt": True}, ("c",)),
                       resolved("pump", 4, {"modify_pt": {"power": 3, "toughness": 3}}, ("c",)),
                       resolved("set", 5, {"set_pt": {"power": 0, "toughness": 1}}, ("c",))))
    solver.forget()
    res = compute(s, measure=True)
    assert (res.objects["c"].power, res.objects["c"].toughness) == (5, 4)
    assert _calls(res) == 1
    assert res.summed == (("7c", ("c: power 0 -> 4", "c: toughness 1 -> 5")),)
    assert _answer(res) == _answer(_one_by_one(s, monkeypatch))


def _power_reader_board() -> GameState:
    """7c "creatures with power 2 or less get +1/+1" beside two 7b settings: a 4/4 set to
    0/1 and a 1/1 set to 4/4."""
    return state(creature("small", 1, 4, 4), creature("big", 2, 1, 1),
                 enchantment("lift", 3, {"static": {"affects": {"types": ["Creature"], "power": {"lte": 2}},
                                                    "modify_pt": {"power": 1, "toughness": 1}}}),
                 effects=(resolved("shrink", 4, {"set_pt": {"power": 0, "toughness": 1}}, ("small",)),
                          resolved("grow", 5, {"set_pt": {"power": 4, "toughness": 4}}, ("big",))))


def test_an_effect_that_reads_power_starts_a_new_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # 7c "creatures with power 2 or less get +1/+1" reads what 7b's setting changes: 7b and
    # 7c are asked one by one (CR 613.4: the setting applies first, then the selector is
    # evaluated), so the 0/1 creature gets +1/+1 and the 4/4 does not
    s = _power_reader_board()
    assert statics.groups(_static(s), {"7b", "7c"}) == {}
    solver.forget()
    res = compute(s, measure=True)
    assert _calls(res) == 2
    assert (res.objects["small"].power, res.objects["small"].toughness) == (1, 2)
    assert (res.objects["big"].power, res.objects["big"].toughness) == (4, 4)


def test_a_group_whose_round_is_not_a_batch_is_asked_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same board with the static test told to group 7b and 7c anyway: the group's round
    # finds an effect that reads what another changes (quiet.lp over the whole group), shows
    # next/2, and its answer is not used: the sublayers are asked one by one, same answer
    s = _power_reader_board()
    alone = _one_by_one(s, monkeypatch)
    with monkeypatch.context() as m:
        m.setattr(statics, "groups", lambda static, used: {Layer.L7B: (Layer.L7B, Layer.L7C)})
        forced = compute(s, measure=True)
        assert _calls(forced) == _calls(alone) + 1
        assert _answer(forced) == _answer(alone)
        # asked again with the same definitions, the group is not tried (engine._STEPPED)
        engine._KEPT.clear()
        again = compute(s, measure=True)
        assert _calls(again) == _calls(alone)
        assert _answer(again) == _answer(alone)
    solver.forget()


def test_a_definition_with_parts_in_two_sublayers_splits_the_group() -> None:
    # "base 0/1 and +1/+1": one effect in 7b and 7c, applied once in each (its two parts
    # would otherwise be one instance in one chain)
    s = state(creature("c", 1, 3, 3),
              effects=(resolved("both", 2, {"set_pt": {"power": 0, "toughness": 1},
                                            "modify_pt": {"power": 1, "toughness": 1}}, ("c",)),))
    assert statics.groups(_static(s), {"7b", "7c"}) == {}
    solver.forget()
    res = compute(s)
    assert (res.objects["c"].power, res.objects["c"].toughness) == (1, 2)


def _static(s: GameState) -> list[Any]:
    from pyengine.layers.facts import FactBuilder
    static, _ = FactBuilder(s).build()
    return static


def _grouped(*objects: Any, effects: tuple[Any, ...] = ()) -> dict[str, tuple[str, ...]]:
    from pyengine.layers.facts import FactBuilder
    builder = FactBuilder(state(*objects, effects=effects))
    static, _ = builder.build()
    groups = statics.groups(static, builder.index.layers_used)
    return {first.value: tuple(lay.value for lay in group) for first, group in groups.items()}


def test_which_layers_2_to_6_are_grouped() -> None:
    c = creature("c", 1)
    paint = resolved("paint", 2, {"set_colors": ["red"]}, ("c",))
    haste = resolved("haste", 3, {"add_abilities": ["haste"]}, ("c",))
    land = resolved("land", 4, {"add_types": ["Land"]}, ("c",))
    # 5 changes colors, which the grant does not read
    assert _grouped(c, effects=(paint, haste)) == {"5": ("5", "6")}
    # "white creatures have flying" reads a color
    white = enchantment("white", 5, {"static": {"affects": {"types": ["Creature"], "colors": ["white"]},
                                                "add_abilities": ["flying"]}})
    assert _grouped(c, white, effects=(paint,)) == {}
    # 4 changes abilities (CR 305.7), which a static ability's effect reads on its source
    blue = enchantment("blue", 5, {"static": {"affects": {"types": ["Creature"]}, "set_colors": ["blue"]}})
    assert _grouped(c, blue, effects=(land,)) == {}
    assert _grouped(c, effects=(land, paint)) == {"4": ("4", "5")}
    # layer 6's closed form starts from the abilities the round started with
    assert _grouped(c, effects=(land, paint, haste)) == {"4": ("4", "5")}
    # 2 changes control, which "you" reads on a static ability's source
    steal = resolved("steal", 6, {"control": "bob"}, ("c",))
    assert _grouped(c, blue, effects=(steal,)) == {}
    # and a control-changing effect reads control itself (facts.py): layer 2 goes alone
    assert _grouped(c, effects=(steal, paint)) == {}


def test_layers_4_5_and_5_6_in_one_call_give_the_answers_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    c, d = creature("c", 1, colors=("white",)), creature("d", 2, types=("Artifact", "Creature"))
    for effects in ((resolved("land", 3, {"add_types": ["Land"]}, ("c",)),
                     resolved("paint", 4, {"set_colors": ["red"]}, ("c", "d"))),
                    (resolved("paint", 4, {"add_colors": ["blue"]}, ("c", "d")),
                     resolved("haste", 5, {"add_abilities": ["haste"]}, ("c",)))):
        s = state(c, d, effects=effects)
        alone = _one_by_one(s, monkeypatch)
        res = compute(s, measure=True)
        assert _calls(res) == 1 < _calls(alone)
        assert _answer(res) == _answer(alone)


def test_the_200x40_bench_board_takes_six_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    # layer 2, layer 4 (three rounds: a batch.lp round showing next/2, then two of core.lp),
    # 5 and 6 together, 7b to 7d together (one by one: 9 calls)
    s = board(200, 40)
    alone = _one_by_one(s, monkeypatch)
    res = compute(s, measure=True)
    assert (_calls(res), _calls(alone)) == (6, 9)
    assert _answer(res) == _answer(alone)
