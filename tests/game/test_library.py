"""Scry (CR 701.22) and surveil (701.25) in a game: the cards looked at, the script's choice
checked, the library's order after it (top, bottom), fewer cards than N (609.3), scry 0, the
order with other instructions (608.2c); the compiler's "Scry N." / "Surveil N." sentences and
the choices of the generated games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine.errors import ScenarioError
from pyengine.game import IllegalAction, new_game
from pyengine.game.library import LookChoice, look_event
from pyengine.game.perform import perform
from pyengine.model.enums import Zone
from pyengine.model.objects import Characteristics, Player
from pyengine.oracle import effects as E
from pyengine.oracle.execute_library import look_choices
from pyengine.replacement.event import Event
from pyengine.scenario.loader import load_text
from tests.game.helpers import card, state


def _game(size: int = 5):  # type: ignore[no-untyped-def]
    """Alice's library: Forest, Hill Giant, Island on top (named), the rest unnamed."""
    lib = tuple(replace(card(i, n, "alice"), zone=Zone.LIBRARY)
                for i, n in (("forest", "Forest"), ("giant", "Hill Giant"), ("island", "Island")))
    players = (Player("alice", library_size=size), Player("bob", library_size=5))
    return new_game(state(*lib, players=players))


def _draw(game, n: int = 1):  # type: ignore[no-untyped-def]
    return perform(game, [Event("draw", (("player", ("p", "alice")), ("count", n)))], rule="121.1")


def _zone(game, oid: str) -> Zone:  # type: ignore[no-untyped-def]
    return game.state.object(oid).zone


def test_scry_puts_cards_on_the_bottom_in_order_and_keeps_the_rest_on_top() -> None:
    game = _game(5).apply(LookChoice("alice", "scry", ("island",), ("giant", "forest")))
    game = perform(game, [look_event("scry", "alice", 3)], rule="701.22a")
    assert game.state.player("alice").library_size == 5  # 701.22a: nothing leaves the library
    assert [e.kind for e in game.log[-1:]] == ["scry"] and game.log[-1].amount == 3
    game = _draw(game)
    assert _zone(game, "island") == Zone.HAND  # kept on top
    game = _draw(game, 2)  # the two unnamed cards between
    assert _zone(game, "giant") == _zone(game, "forest") == Zone.LIBRARY
    game = _draw(game)
    assert _zone(game, "giant") == Zone.HAND and _zone(game, "forest") == Zone.LIBRARY  # forest bottom-most
    game = _draw(game)
    assert _zone(game, "forest") == Zone.HAND and game.state.player("alice").library_size == 0


def test_surveil_puts_cards_into_the_graveyard_through_the_replacement_engine() -> None:
    game = _game(5).apply(LookChoice("alice", "surveil", ("giant",), ("forest",)))
    game = perform(game, [look_event("surveil", "alice", 2)], rule="701.25a")
    assert _zone(game, "forest") == Zone.GRAVEYARD and _zone(game, "giant") == Zone.LIBRARY
    assert game.state.player("alice").library_size == 4
    assert any(e.kind == "zone_change" and e.obj == "forest" and e.to_zone == "graveyard" for e in game.log)
    assert _zone(_draw(game), "giant") == Zone.HAND


@pytest.mark.parametrize("choice,why", [
    (None, "give {scry_choice"),
    (LookChoice("alice", "scry", ("forest",), ()), "exactly one place"),  # giant left out
    (LookChoice("alice", "scry", ("forest", "giant"), ("forest",)), "exactly one place"),
    (LookChoice("alice", "scry", ("forest", "island"), ("giant",)), "exactly one place"),
    (LookChoice("alice", "surveil", ("forest", "giant"), ()), "surveil's"),
    (LookChoice("bob", "scry", (), ()), "give {scry_choice"),  # another player's choice
])
def test_a_scry_without_a_fitting_choice_is_refused(choice: LookChoice | None, why: str) -> None:
    game = _game(5)
    if choice is not None:
        game = game.apply(choice)
    with pytest.raises(IllegalAction) as err:
        perform(game, [look_event("scry", "alice", 2)], rule="701.22a")
    assert err.value.rule == "701.22a" and why in str(err.value) and "\n" not in str(err.value)


def test_scry_0_and_an_empty_library_need_no_choice() -> None:
    game = _game(5)
    same = perform(game, [look_event("scry", "alice", 0)], rule="701.22b")
    assert same.log == game.log  # 701.22b: no scry event
    empty = new_game(state(players=(Player("alice", library_size=0), Player("bob", library_size=5))))
    after = perform(empty, [look_event("surveil", "alice", 2)], rule="701.25a")
    assert after.log[-1].kind == "surveil"  # 701.25d: it happens, impossible as it is


def test_fewer_cards_than_n_are_all_looked_at_and_unnamed_ones_get_ids() -> None:
    game = _game(4)  # three named, one unnamed
    with pytest.raises(IllegalAction) as err:
        perform(game, [look_event("scry", "alice", 9)], rule="701.22a")
    assert "forest, giant, island, alice-card-1" in str(err.value)  # 609.3: all four
    game = game.apply(LookChoice("alice", "scry", ("alice-card-1", "forest"), ("giant", "island")))
    game = perform(game, [look_event("scry", "alice", 9)], rule="701.22a")
    card1 = game.state.object("alice-card-1")
    assert card1.zone == Zone.LIBRARY and card1.printed == Characteristics()  # its face unknown
    order = []
    for _ in range(4):
        game = _draw(game)
        order.append(next(e.obj for e in reversed(game.log) if e.kind == "draw"))
    assert order == ["alice-card-1", "forest", "giant", "island"]


def test_scry_happens_in_order_with_the_events_around_it() -> None:
    """608.2c: draw, scry 1, draw: the scry looks at the card below the first one drawn."""
    game = _game(5).apply(LookChoice("alice", "scry", (), ("giant",)))
    draw = Event("draw", (("player", ("p", "alice")), ("count", 1)))
    game = perform(game, [draw, look_event("scry", "alice", 1), draw], rule="608.2c")
    assert _zone(game, "forest") == Zone.HAND and _zone(game, "island") == Zone.HAND
    assert _zone(game, "giant") == Zone.LIBRARY


def test_mill_takes_the_top_card_and_a_bottom_card_only_when_nothing_is_above_it() -> None:
    """701.17a: milled from the top; Forest, put on the bottom, is the last card."""
    game = _game(3).apply(LookChoice("alice", "scry", (), ("forest",)))
    game = perform(game, [look_event("scry", "alice", 1)], rule="701.22a")
    mill = Event("move", (("object", ("top", "alice")), ("count", 2), ("from", "library"),
                          ("to", "graveyard"), ("cause", "mill"), ("position", None), ("control", None),
                          ("as", None), ("tapped", False), ("face", "front"), ("choice", None)))
    game = perform(game, [mill], rule="701.17a")
    assert _zone(game, "giant") == _zone(game, "island") == Zone.GRAVEYARD
    assert _zone(game, "forest") == Zone.LIBRARY and game.state.player("alice").library_size == 1


def test_choices_are_used_in_the_order_given_each_once() -> None:
    game = _game(5).apply(LookChoice("alice", "scry", (), ("forest",)))
    game = game.apply(LookChoice("alice", "scry", ("giant",), ()))
    game = perform(game, [look_event("scry", "alice", 1)], rule="701.22a")
    assert not any(c.away == ("forest",) for c in game.look_choices)
    game = perform(game, [look_event("scry", "alice", 1)], rule="701.22a")  # looks at giant now
    assert game.look_choices == ()
    with pytest.raises(IllegalAction):
        perform(game, [look_event("scry", "alice", 1)], rule="701.22a")


_HEAD = """id: turns/x
title: t
cr: ["701.22a"]
rationale: r
players: [alice, bob]
turn: {active: alice, number: 3}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}
query:
  kind: game
  script:
"""


@pytest.mark.parametrize("item,where,what", [
    ("- scry_choice: {player: alice, top: [], botom: [bears]}", "botom", "bottom"),
    ("- scry_choice: {player: carol, top: []}", "player", "player id"),
    ("- scry_choice: {player: alice, top: [ghost]}", "top", "dangling"),
    ("- surveil_choice: {player: alice, bottom: [bears]}", "bottom", "graveyard"),
    ("- events: [{kind: scry, player: alice, count: -1}]", "count", "count"),
    ("- events: [{kind: surveil, who: alice}]", "who", "player"),
])
def test_malformed_scry_items_are_one_line_errors(item: str, where: str, what: str) -> None:
    text = _HEAD + "    " + item + "\nexpect: {illegal: {action: 0, rule: \"701.22a\"}}\n"
    with pytest.raises(ScenarioError) as err:
        load_text(text, "s.yaml")
    msg = str(err.value)
    assert "\n" not in msg and where in msg and what in msg and "s.yaml" in msg


def test_the_compiler_reads_scry_and_surveil_sentences() -> None:
    got = E.effect("Scry 1. Draw a card.", spell=True)
    assert got is not None and got.do == [{"kind": "scry"}, {"kind": "draw", "player": "you"}]
    got = E.effect("Surveil 2.", spell=True)
    assert got is not None and got.do == [{"kind": "surveil", "count": 2}]
    got = E.effect("You gain 2 life and scry 1.")
    assert got is not None and got.do == [{"kind": "gain_life", "player": "you", "amount": 2},
                                          {"kind": "scry"}]
    got = E.effect("Scry 2, then draw a card.", spell=True)
    assert got is not None and got.do == [{"kind": "scry", "count": 2}, {"kind": "draw", "player": "you"}]
    got = E.effect("Scry 1, then discard a card.", spell=True)  # a discard is the player's choice (701.9b)
    assert got is not None and got.do == [{"kind": "scry"}, {"kind": "discard", "player": "you"}]
    for text in ("Scry X.", "Target player scries 2."):
        assert E.effect(text, spell=True) is None, text


def test_the_generated_games_keep_every_card_on_top_with_the_ids_the_game_gives() -> None:
    do = [{"kind": "scry", "count": 2}, {"kind": "draw", "player": "you"}, {"kind": "surveil"},
          {"kind": "may", "do": [{"kind": "scry"}]}]
    assert look_choices(do) == [
        {"scry_choice": {"player": "alice", "top": ["alice-card-1", "alice-card-2"], "bottom": []}},
        {"surveil_choice": {"player": "alice", "top": ["alice-card-2"], "graveyard": []}},
        {"scry_choice": {"player": "alice", "top": ["alice-card-2"], "bottom": []}}]
    assert look_choices([{"kind": "scry", "player": "that_player"}]) is None


def test_a_card_moved_to_the_top_or_bottom_of_a_library_is_drawn_then() -> None:
    """401.4: put on top it is the next card drawn; on the bottom, the last."""
    bears = card("bears", "Grizzly Bears", "alice", timestamp=1)
    ogre = card("ogre", "Gray Ogre", "alice", timestamp=2)
    players = (Player("alice", library_size=2), Player("bob", library_size=5))
    game = new_game(state(bears, ogre, players=players))

    def move(oid: str, position: str) -> Event:
        return Event("move", (("object", ("o", oid)), ("count", 1), ("from", "battlefield"),
                              ("to", "library"), ("cause", "effect"), ("position", position),
                              ("control", None), ("as", None), ("tapped", False), ("face", "front"),
                              ("choice", None)))

    game = perform(game, [move("bears", "bottom")], rule="401.4")
    game = perform(game, [move("ogre", "top")], rule="401.4")
    assert game.state.player("alice").library_size == 4
    game = _draw(game)
    assert _zone(game, "ogre") == Zone.HAND and _zone(game, "bears") == Zone.LIBRARY
    game = _draw(game, 2)
    assert _zone(game, "bears") == Zone.LIBRARY
    assert _zone(_draw(game), "bears") == Zone.HAND
