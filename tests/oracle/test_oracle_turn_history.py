"""Trigger heads and intervening "if" clauses that read the turn so far
(pyengine/oracle/trigger_history.py, pyengine/triggers/history.py): invented cards (card data
of this test's own, compiled; no ability written by hand) played in games whose expected
answers come from the rules. "Your second spell each turn" / "your second card each turn":
the event is the player's second of its kind this turn (603.2), so the first and the third
don't trigger it; an intervening "if" clause (603.4) is checked as the event happens and
again as the ability resolves; what happened in an earlier turn doesn't count. Wordings not
read stay triggered abilities held as text (603.1)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.events import GameEvent
from pyengine.triggers import history
from tests.oracle import support


def _face(name: str, text: str, pt: tuple[str, str] = ("2", "2")) -> dict:
    return {"name": name, "manaCost": "{1}{U}", "type": "Creature — Drake", "types": ["Creature"],
            "subtypes": ["Drake"], "supertypes": [], "colors": ["U"], "text": text, "layout": "normal",
            "power": pt[0], "toughness": pt[1]}


CARDS = [
    _face("Test Storm Drake", "Whenever you cast your second spell each turn, put a +1/+1 counter on "
                              "this creature."),
    _face("Test Skyfish", "Whenever you draw your second card each turn, you gain 2 life."),
    _face("Test Eavesdropper", "Whenever an opponent draws their second card each turn, you gain 1 life."),
    _face("Test Accord", "At the beginning of each end step, if you gained 4 or more life this turn, "
                         "create a 4/4 white Angel creature token with flying."),
    _face("Test Outlaw", "When this creature enters, if an opponent lost life this turn, you gain 2 life."),
    _face("Test Oracle", "Whenever you cast your first spell during each opponent's turn, draw a card."),
    _face("Test Morbid", "When this creature enters, if a creature died under an opponent's control this turn, "
                         "draw a card."),
    _face("Test Instant Drake", "Whenever you cast your second instant spell each turn, draw a card."),
    _face("Test Once Drake", "Whenever a creature you control dies, you gain 1 life. This ability "
                             "triggers only once each turn."),
    _face("Test Night Drake", "Whenever an opponent loses life for the first time during each of their "
                              "turns, draw a card."),
]


@pytest.fixture
def history_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _game(objects: str, turn: str, script: str, expect: str, hands: str = "") -> str:
    return support.game_text(objects, turn, script, expect, hands, cr=("603.2", "603.4"))


_passes = support.passes


MAIN = support.MAIN
BOLTS = "".join(f"  - {{id: b{i}, card: Lightning Bolt, owner: alice, zone: hand}}\n" for i in (1, 2, 3))


def test_compiled_heads_are_full(history_data: None) -> None:
    from pyengine import oracle

    for name in ("Test Storm Drake", "Test Skyfish", "Test Eavesdropper", "Test Accord", "Test Outlaw",
                 "Test Oracle", "Test Once Drake"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)
    drake = oracle.compiled("Test Storm Drake")
    assert drake is not None
    assert drake.card["abilities"][0]["trigger"] == {"when": {"kind": "cast", "player": "you", "nth": 2}}
    accord = oracle.compiled("Test Accord")
    assert accord is not None
    assert accord.card["abilities"][0]["trigger"]["if"] == {
        "compare": [{"this_turn": {"what": "life_gained", "player": "you"}}, ">=", 4]}


def test_wordings_not_read_stay_text(history_data: None) -> None:
    """"If a creature died under an opponent's control this turn" (not read: "a creature died
    this turn" and "under your control" are, tests/oracle/test_oracle_conditions.py), "your
    second instant spell" (the count is of every spell) and "for the first time during each of
    their turns": held as text, named."""
    from pyengine import oracle

    for name in ("Test Morbid", "Test Instant Drake", "Test Night Drake"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "text-only", (name, got and got.clauses)
        assert [c.template for c in got.clauses] == ["triggered (text)"], got.clauses


def test_second_spell_triggers_first_and_third_dont(history_data: None) -> None:
    """CR 603.2, 601.2i: the first Bolt cast triggers nothing; the second does (the ability
    goes on the stack above it, 603.3); the third doesn't: one +1/+1 counter."""
    cast = "    - {{stack: {{object: {0}, controller: alice, targets: [bob]}}}}\n"
    _passes(_game(
        "  - {id: drake, card: Test Storm Drake, controller: alice, timestamp: 1}\n" + BOLTS, MAIN,
        cast.format("b1") + "    - {checkpoint: first}\n    - resolve\n" +
        cast.format("b2") + "    - {checkpoint: second}\n    - resolve\n    - resolve\n" +
        cast.format("b3") + "    - {checkpoint: third}\n    - resolve\n    - {checkpoint: done}\n",
        "    first: {stack: [b1]}\n    third: {stack: [b3]}\n"
        "    second: {stack: [\"drake:0@8\", b2]}\n"
        "    done: {stack: [], life: {bob: 11}, objects: {drake: {counters: {\"+1/+1\": 1}, power: 3}}}\n",
        "[{id: alice, hand_size: 3, library_size: 10}, {id: bob, library_size: 10}]"))


def test_second_card_drawn_triggers_once(history_data: None) -> None:
    """CR 603.2, 121.2: each card drawn is a draw; alice's second triggers Test Skyfish (2
    life), her third doesn't; bob's second triggers alice's Test Eavesdropper, alice's
    draws never do (an opponent's)."""
    _passes(_game(
        "  - {id: fish, card: Test Skyfish, controller: alice, timestamp: 1}\n"
        "  - {id: ears, card: Test Eavesdropper, controller: alice, timestamp: 2}\n", MAIN,
        "    - {draw: alice}\n    - {checkpoint: one}\n    - {draw: alice}\n    - resolve\n"
        "    - {draw: alice}\n    - {checkpoint: three}\n"
        "    - {draw: bob}\n    - {draw: bob}\n    - resolve\n    - {draw: bob}\n    - {checkpoint: done}\n",
        "    one: {stack: []}\n    three: {stack: [], life: {alice: 22}}\n"
        "    done: {stack: [], life: {alice: 23}}\n"))


def test_intervening_if_checked_as_the_event_happens(history_data: None) -> None:
    """CR 603.4: at the end step, 3 life gained this turn is not "4 or more": nothing
    triggers; with 4 more it triggers and creates the Angel."""
    board = "  - {id: accord, card: Test Accord, controller: alice, timestamp: 1}\n"
    gain = "    - {{events: [{{kind: gain_life, player: alice, amount: {0}}}]}}\n"
    _passes(_game(board, MAIN, gain.format(3) + "    - {advance: end}\n    - {checkpoint: done}\n",
                  "    done: {stack: [], step: end, absent: [angel-token-1]}\n"))
    _passes(_game(board, MAIN, gain.format(4) + "    - {advance: end}\n    - resolve\n"
                                                "    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {angel-token-1: {power: 4, abilities: [flying]}}}\n"))


def test_an_opponent_lost_life_this_turn(history_data: None) -> None:
    """CR 603.4, 120.3a: Bolt's damage to bob is life lost; Test Outlaw entering after it
    triggers; entering first it doesn't (the condition is false as the event happens)."""
    outlaw = "  - {id: outlaw, card: Test Outlaw, owner: alice, zone: hand}\n"
    bolt = "  - {id: b1, card: Lightning Bolt, owner: alice, zone: hand}\n"
    hands = "[{id: alice, hand_size: 2, library_size: 10}, {id: bob, library_size: 10}]"
    _passes(_game(outlaw + bolt, MAIN,
                  "    - {stack: {object: b1, controller: alice, targets: [bob]}}\n    - resolve\n"
                  "    - {stack: {object: outlaw, controller: alice}}\n    - resolve\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 22, bob: 17}}\n", hands))
    _passes(_game(outlaw + bolt, MAIN,
                  "    - {stack: {object: outlaw, controller: alice}}\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 20, bob: 20}, "
                  "objects: {outlaw: {zone: battlefield}}}\n",
                  hands))


def test_history_is_the_turns_own() -> None:
    """What happened before this turn's untap step doesn't count; a draw from an empty library
    is no draw (121.4)."""
    log = [GameEvent("life_gain", index=1, player="alice", amount=5),
           GameEvent("cast", index=2, player="alice", obj="x"),
           GameEvent("step_begins", index=3, step="untap", player="bob"),
           GameEvent("life_gain", index=4, player="alice", amount=1),
           GameEvent("draw", index=5, player="bob", cause="empty_library"),
           GameEvent("draw", index=6, player="bob", cause="unnamed"),
           GameEvent("cast", index=7, player="alice", obj="y"),
           GameEvent("life_loss", index=8, player="bob", amount=3),
           GameEvent("attacks", index=9, player="bob", obj="z", target="alice")]
    h = history.of(log)
    assert h.amount("life_gained", "alice") == 1 and h.amount("life_lost", "bob") == 3
    assert h.amount("cards_drawn", "bob") == 1 and h.amount("spells_cast", "alice") == 1
    assert h.amount("attacked", "bob") == 1 and h.amount("attacked", "alice") == 0
    assert h.nth(log[6]) == 1 and h.nth(log[5]) == 1 and h.nth(log[4]) is None


def test_intervening_if_checked_again_on_resolution(history_data: None) -> None:
    """CR 603.4: as it resolves the condition is checked again, against the turn then: held
    with 4 life gained this turn, not with none (a new turn's history)."""
    from pyengine.triggers.model import Triggered
    from pyengine.triggers.service import intervening_if_holds

    scen = api.loads(_game("  - {id: accord, card: Test Accord, controller: alice, timestamp: 1}\n", MAIN,
                           "    - {checkpoint: done}\n", "    done: {stack: []}\n"))
    text = next(a.name for a in scen.state.object("accord").printed.abilities)
    t = Triggered("accord:0@1", "accord", 0, "alice", 1, text, "603.2")
    assert intervening_if_holds(scen.state, t, history=history.TurnHistory(life_gained=(("alice", 4),)))
    assert not intervening_if_holds(scen.state, t, history=history.TurnHistory(life_gained=(("alice", 3),)))
    assert not intervening_if_holds(scen.state, t, history=history.TurnHistory())


def test_first_spell_during_each_opponents_turn(history_data: None) -> None:
    """CR 102.1, 603.2: in bob's turn alice's first spell triggers Test Oracle (she draws),
    her second doesn't; in her own turn her first spell doesn't either."""
    board = "  - {id: oracle, card: Test Oracle, controller: alice, timestamp: 1}\n" + BOLTS
    cast = "    - pass\n    - {{stack: {{object: {0}, controller: alice, targets: [bob]}}}}\n"
    hands = "[{id: alice, hand_size: 3, library_size: 10}, {id: bob, library_size: 10}]"
    _passes(_game(board, "{active: bob, number: 4, step: precombat_main}",
                  cast.format("b1") + "    - resolve\n    - resolve\n    - {checkpoint: first}\n" +
                  cast.format("b2") + "    - {checkpoint: second}\n    - resolve\n    - {checkpoint: done}\n",
                  "    first: {stack: [], hand: {alice: 3}}\n    second: {stack: [b2]}\n"
                  "    done: {stack: [], hand: {alice: 2}, life: {bob: 14}}\n", hands))
    _passes(_game(board, MAIN, "    - {stack: {object: b1, controller: alice, targets: [bob]}}\n"
                               "    - {checkpoint: own}\n    - resolve\n    - {checkpoint: done}\n",
                  "    own: {stack: [b1]}\n    done: {stack: [], hand: {alice: 2}}\n", hands))


def test_triggers_only_once_each_turn(history_data: None) -> None:
    """"This ability triggers only once each turn": two creatures destroyed at once, then a
    third: alice gains 1 life only (the first event of the batch; nothing after)."""
    _passes(_game(
        "  - {id: once, card: Test Once Drake, controller: alice, timestamp: 1}\n"
        "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
        "  - {id: bears2, card: Grizzly Bears, controller: alice, timestamp: 3}\n"
        "  - {id: bears3, card: Grizzly Bears, controller: alice, timestamp: 4}\n", MAIN,
        "    - {events: [{kind: destroy, object: bears}, {kind: destroy, object: bears2}]}\n"
        "    - {checkpoint: both}\n    - resolve\n"
        "    - {events: [{kind: destroy, object: bears3}]}\n    - {checkpoint: done}\n",
        "    both: {stack: [\"once:0@2\"]}\n"
        "    done: {stack: [], life: {alice: 21}, objects: {bears3: {zone: graveyard}}}\n"))


def test_fired_this_turn_as_this_object() -> None:
    """An ability that triggered before this turn's untap step, or before its source last
    changed zones (a new object, 400.7), hasn't triggered this turn."""
    log = [GameEvent("step_begins", index=1, step="untap", player="alice"),
           GameEvent("life_gain", index=2, player="alice", amount=1),
           GameEvent("zone_change", index=3, obj="a", from_zone="battlefield", to_zone="hand"),
           GameEvent("life_gain", index=4, player="alice", amount=1)]
    notes = [GameEvent("triggers", index=0, obj="b", detail="X"),
             GameEvent("triggers", index=2, obj="a", detail="X"),
             GameEvent("triggers", index=2, obj="c", detail="X"),
             GameEvent("triggers", index=4, obj="d", detail="Y")]
    assert history.of(log, notes, [("e", "Z")]).fired == {("c", "X"), ("d", "Y"), ("e", "Z")}
