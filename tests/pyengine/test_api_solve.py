"""The public API contract: load / loads a scenario, or build a state in code; solve its
query; get a typed, immutable answer."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine import catalog
from pyengine.errors import PyengineError, ScenarioError
from pyengine.model.objects import GameObject, GameState, Player, TurnContext
from pyengine.queries.characteristics import CharacteristicsQuery

ANTHEM_BEARS = """\
id: api/anthem-bears
title: Glorious Anthem gives Grizzly Bears +1/+1
cr: ["613.4c"]
rationale: Glorious Anthem's +1/+1 applies in layer 7c (CR 613.4c) to alice's creatures only.
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}
  - {id: their-bears, card: Grizzly Bears, controller: bob, timestamp: 2}
  - {id: anthem, card: Glorious Anthem, controller: alice, timestamp: 3}
query: {kind: characteristics, objects: [bears, their-bears], fields: [power, toughness, controller]}
expect:
  bears: {power: 3, toughness: 3, controller: alice}
  their-bears: {power: 2, toughness: 2, controller: bob}
"""


def test_loads_and_solve() -> None:
    scenario = pe.loads(ANTHEM_BEARS, "anthem.yaml")
    assert isinstance(scenario, pe.Scenario)
    answer = pe.solve(scenario)
    assert answer.values() == {"bears": {"power": 3, "toughness": 3, "controller": "alice"},
                               "their-bears": {"power": 2, "toughness": 2, "controller": "bob"}}
    assert answer.to_json()["objects"]["bears"]["power"] == 3
    assert "bears: power=3 toughness=3 controller=alice" in answer.render()


def test_check_pass_and_a_wrong_expectation_fails_with_a_diff() -> None:
    assert pe.check(pe.loads(ANTHEM_BEARS)).status == pe.Status.PASS
    wrong = ANTHEM_BEARS.replace("their-bears: {power: 2", "their-bears: {power: 3")
    outcome = pe.check(pe.loads(wrong))
    assert outcome.status == pe.Status.FAIL
    assert outcome.diffs == ("their-bears.power: expected 3, got 2",)


def test_load_file(fixtures: Path) -> None:
    scenario = pe.load(fixtures / "valid" / "anthem-bears.yaml")
    assert pe.check(scenario).passed


def test_solve_a_state_built_in_code() -> None:
    bears = catalog.lookup("Grizzly Bears")
    anthem = catalog.lookup("Glorious Anthem")
    assert bears is not None and anthem is not None
    state = GameState(
        players=(Player("alice"), Player("bob")),
        turn=TurnContext(active="alice"),
        objects=(GameObject("b", bears.characteristics, owner="alice", controller="alice", timestamp=1),
                 GameObject("a", anthem.characteristics, owner="alice", controller="alice", timestamp=2)),
    )
    answer = pe.solve(state, CharacteristicsQuery(("b",), ("power", "toughness")))
    assert answer.values() == {"b": {"power": 3, "toughness": 3}}


def test_another_query_about_a_scenarios_state() -> None:
    scenario = pe.loads(ANTHEM_BEARS)
    answer = pe.solve(scenario, CharacteristicsQuery(("anthem",), ("types", "colors")))
    assert answer.values() == {"anthem": {"types": ("Enchantment",), "colors": ("white",)}}


def test_answers_and_scenarios_are_immutable() -> None:
    scenario = pe.loads(ANTHEM_BEARS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        scenario.id = "other"  # type: ignore[misc]
    answer = pe.solve(scenario)
    assert dataclasses.is_dataclass(answer)
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.chars = {}  # type: ignore[attr-defined]


def test_bad_input_raises_one_line_scenario_error() -> None:
    with pytest.raises(ScenarioError) as info:
        pe.loads(ANTHEM_BEARS.replace("card: Glorious Anthem", "card: Glorious Anthm"), "x.yaml")
    assert str(info.value).startswith("x.yaml:10: objects[2].card: unknown card 'Glorious Anthm'")


def test_state_without_query_is_refused() -> None:
    with pytest.raises(PyengineError, match="a game state needs a query"):
        pe.solve(pe.loads(ANTHEM_BEARS).state)


def test_a_query_of_no_known_kind_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class PokerQuery:
        kind: str = "poker"

    with pytest.raises(PyengineError, match="not a query of a known kind"):
        pe.solve(pe.loads(ANTHEM_BEARS), PokerQuery())


def test_facts_are_sorted_symbols() -> None:
    symbols, hint = pe.facts(pe.loads(ANTHEM_BEARS))
    assert list(symbols) == sorted(symbols)
    assert any(s.name == "object" and s.arguments[0].string == "their-bears" for s in symbols)
    assert "clingo" in hint


def test_bad_input_found_while_answering_names_the_scenario_file(
        probe: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an engine finds some mistakes only while answering (a replacement effect's new event
    # that misses a field): the error then still names the scenario's file, in solve and check
    from pyengine.queries import base as queries
    from pyengine.scenario.runner import run_scenario

    def refuse(state: object, query: object, timeout: float) -> object:
        raise ScenarioError("e1: the new move event needs a 'to'")

    kind = dataclasses.replace(queries.REGISTRY["probe"], solve=refuse)
    monkeypatch.setitem(queries.REGISTRY, "probe", kind)
    scenario = pe.load(probe / "pass.yaml")
    with pytest.raises(ScenarioError) as err:
        pe.solve(scenario)
    assert str(err.value) == f"{probe / 'pass.yaml'}: e1: the new move event needs a 'to'"
    out = run_scenario(pe.load(probe / "pass.yaml"))
    assert out.error_kind == "input"
    assert out.message == f"{probe / 'pass.yaml'}: e1: the new move event needs a 'to'"
