"""A player's order of their simultaneous triggered abilities (CR 603.3b) may name an ability
by ``SOURCE:N`` (its source and index) when one waiting ability of theirs has it: the game
reads it as that ability's ``SOURCE:N@EVENT``; a name matching none, or several, is refused by
603.3b as before."""

from __future__ import annotations

from pathlib import Path

import pyengine.api as pe
from pyengine.game.triggered import _order_ids

TURNS = Path(__file__).resolve().parents[2] / "scenarios" / "turns"
GIVEN = 'order_triggers: {alice: ["delayed1@12", "ball:2@12"]}'


def _text() -> str:
    text = (TURNS / "trig-delayed-and-end-step-trigger-ordered.yaml").read_text()
    assert GIVEN in text
    return text


def test_source_and_index_name_the_waiting_abilities() -> None:
    # the same order as the scenario's (the delayed ability first, Ball Lightning's on top,
    # 405.5): the same checkpoints hold
    text = _text().replace(GIVEN, 'order_triggers: {alice: ["delayed1", "ball:2"]}')
    result = pe.check(pe.loads(text, "order.yaml"))
    assert result.status.value == "pass", result.diffs


def test_a_name_without_the_index_is_refused_by_603_3b() -> None:
    text = _text().replace(GIVEN, 'order_triggers: {alice: ["delayed1", "ball"]}')
    text = text[:text.index("expect:")] + 'expect:\n  illegal: {action: 3, rule: "603.3b"}\n'
    result = pe.check(pe.loads(text, "order.yaml"))
    assert result.status.value == "pass", result.diffs


def test_a_source_index_of_two_waiting_abilities_is_kept_as_given() -> None:
    # the same ability triggered by two events: SOURCE:N names neither (the order must then
    # name each by its event)
    assert _order_ids(("x:1", "y:0"), ["x:1@4", "x:1@5", "y:0@4"]) == ("x:1", "y:0@4")
    assert _order_ids(("x:1@5", "x:1@4"), ["x:1@4", "x:1@5"]) == ("x:1@5", "x:1@4")
