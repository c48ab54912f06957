"""Proliferate as an instruction of an ability (pyengine/game/proliferate.py, CR 701.34a): the
controller's choice made as it resolves (608.2d), given ahead by the script."""

from __future__ import annotations

from pyengine.api import check, loads

BASE = """id: game/proliferate
title: t
cr: ["701.34a"]
rationale: r
players: [alice, {id: bob, poison: 2}]
turn: {active: alice, number: 3, step: precombat_main}
objects:
  - id: clasp
    name: Clasp
    types: [Artifact]
    controller: alice
    timestamp: 1
    abilities:
      - {activated: {cost: "{T}", do: [{kind: proliferate}]}, text: "{T}: Proliferate."}
  - {id: bears, name: Bears, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 2,
     counters: COUNTERS}
  - {id: ogre, name: Ogre, types: [Creature], power: 3, toughness: 3, controller: bob, timestamp: 3}
query:
  kind: game
  script:
    - activate: {player: alice, source: clasp}
    CHOICE
    - resolve
    - checkpoint: done
expect:
  checkpoints:
    done: EXPECT
"""


def _outcome(counters: str, choice: str, expect: str):  # type: ignore[no-untyped-def]
    text = BASE.replace("COUNTERS", counters).replace("CHOICE", choice).replace("EXPECT", expect)
    return check(loads(text, "p.yaml"))


def _run(counters: str, choice: str, expect: str) -> str:
    return _outcome(counters, choice, expect).status


def _illegal(counters: str, choice: str) -> tuple[str, str]:
    got = _outcome(counters, choice, "{}").answer.illegal
    return got.rule, got.reason


def test_the_chosen_get_one_more_counter_of_each_kind() -> None:
    """701.34a: the Bears (+1/+1 and flying counters) and bob (poison) chosen."""
    assert _run('{"+1/+1": 1, flying: 1}', "- proliferate_choice: {clasp: [bears, bob]}",
                '{poison: {bob: 3}, objects: {bears: {power: 4, counters: {"+1/+1": 2, flying: 2}}}}') \
        == "pass"
    assert _run('{"+1/+1": 1}', "- proliferate_choice: {clasp: []}",
                '{poison: {bob: 2}, objects: {bears: {power: 3, counters: {"+1/+1": 1}}}}') == "pass"


def test_the_choice_is_the_players_not_the_games() -> None:
    """608.2d: with something to choose and no choice given, the game stops rather than choose."""
    rule, reason = _illegal('{"+1/+1": 1}', "")
    assert rule == "701.34a" and "proliferate_choice: {clasp: [IDS]}" in reason and "bears, bob" in reason


def test_a_permanent_without_counters_cant_be_chosen() -> None:
    rule, reason = _illegal('{"+1/+1": 1}', "- proliferate_choice: {clasp: [ogre]}")
    assert rule == "701.34a" and "ogre has no counters" in reason


def test_nothing_with_counters_needs_no_choice() -> None:
    text = BASE.replace("players: [alice, {id: bob, poison: 2}]", "players: [alice, bob]")
    text = text.replace("COUNTERS", "{}").replace("CHOICE", "").replace("EXPECT", "{stack: []}")
    assert check(loads(text, "p.yaml")).status == "pass"
