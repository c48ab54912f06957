"""Undying (702.93a) and persist (702.79a) on real cards (the pyengine[cards] extra; skipped
without it): "When this permanent is put into a graveyard from the battlefield, if it had no
+1/+1 (-1/-1) counters on it, return it to the battlefield under its owner's control with a
+1/+1 (-1/-1) counter on it." The intervening "if" looks back at the permanent as it last
existed on the battlefield (603.10a, 603.4); the card returns from the graveyard (400.7e) and
enters with the counter (614.1c, 122.6)."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.game.enters_with import kept
from pyengine.lang.effects import Ctx, parse_ability
from pyengine.lang.yamlread import Cursor
from pyengine.replacement.event import Event
from tests.oracle import support

pytestmark = support.BUNDLED

GHOUL = "  - {id: ghoul, card: Butcher Ghoul, controller: alice, timestamp: 1%s}\n"


def test_undying_and_persist_are_their_rules_a_look_back_and_a_return_with_a_counter() -> None:
    for name, counter in (("Butcher Ghoul", "+1/+1"), ("Safehold Elite", "-1/-1")):
        got = support.full(name)
        ability = next(a for a in got.card["abilities"] if isinstance(a, dict) and "trigger" in a)
        assert ability["trigger"] == {"when": {"kind": "dies", "obj": "self"},
                                      "if": {"not": {"had_counters": counter}}}
        assert ability["do"] == [
            {"kind": "move", "object": "self", "from": "graveyard", "to": "battlefield", "control": "its_owner"},
            {"kind": "counters", "target": "self", "counter": counter, "amount": 1, "cause": "enters"}]


def _game(objects: str, script: str, expect: str) -> None:
    support.passes(support.game_text(objects, support.MAIN, script, expect, cr=("702.93a", "603.10a")))


def test_undying_returns_a_creature_that_died_without_counters_once() -> None:
    # 702.93a: no +1/+1 counter as it died: back with one (a 2/2); with it, it stays dead
    _game(GHOUL % "",
          "    - events: [{kind: destroy, object: ghoul}]\n    - resolve\n    - checkpoint: back\n"
          "    - events: [{kind: destroy, object: ghoul}]\n    - checkpoint: gone\n",
          "    back: {stack: [], objects: {ghoul: {zone: battlefield, counters: {'+1/+1': 1}, power: 2, "
          "toughness: 2}}}\n    gone: {stack: [], objects: {ghoul: {zone: graveyard}}}\n")


def test_a_plus_one_counter_as_it_died_keeps_undying_from_triggering() -> None:
    # 603.10a: the counter it had on the battlefield, though the card in the graveyard has none (122.2)
    _game(GHOUL % ", counters: {'+1/+1': 1}",
          "    - events: [{kind: destroy, object: ghoul}]\n    - checkpoint: gone\n",
          "    gone: {stack: [], objects: {ghoul: {zone: graveyard, counters: {}}}}\n")


def test_a_minus_one_counter_doesnt_stop_undying_but_stops_persist() -> None:
    # undying reads +1/+1 counters only: a 1/1 Ghoul with a -1/-1 counter dies as the
    # state-based actions are checked (704.5f) and returns, a new object without the -1/-1
    # counter (400.7, 122.2) and with a +1/+1 counter: a 2/2
    _game(GHOUL % ", counters: {'-1/-1': 1}",
          "    - resolve\n    - checkpoint: ghoul\n",
          "    ghoul: {stack: [], objects: {ghoul: {zone: battlefield, counters: {'+1/+1': 1}, power: 2, "
          "toughness: 2}}}\n")
    # Safehold Elite (2/2, persist) with a -1/-1 counter as it dies stays dead
    _game("  - {id: elite, card: Safehold Elite, controller: alice, timestamp: 2, counters: {'-1/-1': 1}}\n",
          "    - events: [{kind: destroy, object: elite}]\n    - checkpoint: elite\n",
          "    elite: {stack: [], objects: {elite: {zone: graveyard}}}\n")


def test_persist_returns_with_a_minus_one_counter_under_its_owners_control() -> None:
    # 702.79a, 110.2a: bob controlled it as it died (and controls the ability, 603.3a); it
    # returns under alice's control, a 1/1
    _game("  - {id: elite, card: Safehold Elite, owner: alice, controller: bob, timestamp: 1}\n",
          "    - events: [{kind: destroy, object: elite}]\n    - resolve\n    - checkpoint: back\n",
          "    back: {stack: [], objects: {elite: {zone: battlefield, controller: alice, "
          "counters: {'-1/-1': 1}, power: 1, toughness: 1}}}\n")


def test_the_counters_it_enters_with_go_with_the_move_only() -> None:
    # 400.7: the card has left the graveyard; the move is left out, and the counters with it
    move = Event("move", (("object", ("o", "x")), ("count", 1), ("from", "graveyard"), ("to", "battlefield"),
                          ("cause", "effect"), ("position", None), ("control", ("p", "alice")), ("as", None),
                          ("tapped", False), ("face", "front"), ("choice", None)))
    counters = Event("counters", (("target", ("o", "x")), ("counter", "+1/+1"), ("amount", 1),
                                  ("by", ("p", "alice")), ("cause", "enters")))
    other = Event("counters", (("target", ("o", "y")), ("counter", "+1/+1"), ("amount", 1),
                               ("by", ("p", "alice")), ("cause", "effect")))
    assert kept([move, counters, other], [counters, other]) == [other]
    assert kept([move, counters, other], [move, counters, other]) == [move, counters, other]


def _ability(when: dict, cond: dict) -> None:
    doc = {"trigger": {"when": when, "if": cond}, "do": [{"kind": "draw", "player": "you"}], "text": "t"}
    parse_ability(Cursor(doc, "ability", None, None), Ctx(key_prefix="t"))


def test_a_look_back_is_read_only_alone_and_only_where_the_object_left_the_battlefield() -> None:
    _ability({"kind": "dies", "obj": "self"}, {"not": {"had_counters": "+1/+1"}})
    _ability({"kind": "leaves", "obj": "self"}, {"had_counters": "-1/-1"})
    with pytest.raises(ScenarioError, match="603.10a"):  # nothing left the battlefield
        _ability({"kind": "enters", "obj": "self"}, {"not": {"had_counters": "+1/+1"}})
    with pytest.raises(ScenarioError, match="603.4"):  # combined: its recheck couldn't be told
        _ability({"kind": "dies", "obj": "self"},
                 {"all": [{"had_counters": "+1/+1"}, {"turn": "you"}]})


# (myriad and unleash are built now: tests/oracle/test_oracle_combat_keywords.py)
@pytest.mark.parametrize("name,keyword", [("Aven Riftwatcher", "vanishing"),
                                          ("Arcbound Slasher", "riot")])
def test_a_keyword_not_built_stays_text_and_named(name: str, keyword: str) -> None:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None and got.status != "full", (name, got and got.status)
    held = [c for c in got.clauses if c.template == "keywords (text)"]
    assert held and keyword in held[0].why
