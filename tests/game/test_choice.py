"""Choices made as a spell or ability resolves (CR 608.2d; pyengine/game/choice.py): a discard
of cards the discarding player chooses (701.9a-b, 609.3), "you may X. If you do / don't"
(118.12, 118.3, 119.4) and "unless [player] pays {N}" (118.12a, 106.4)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.game import IllegalAction, Pass, PutOnStack, StackItem, new_game
from pyengine.game.choice import ChooseAhead
from pyengine.game.model import Game
from pyengine.game.triggered import ChooseOptional
from pyengine.model.enums import Zone
from pyengine.model.objects import Player
from pyengine.replacement.event import Event
from tests.game.helpers import card, state


def _move(oid: str, frm: str, to: str, cause: str) -> Event:
    return Event("move", (("object", ("o", oid)), ("count", 1), ("from", frm), ("to", to), ("cause", cause),
                          ("position", None), ("control", None), ("as", None), ("tapped", False),
                          ("face", "front"), ("choice", None)))


def _discard(player: str, count: int) -> Event:
    return Event("discard_cards", (("player", ("p", player)), ("count", count), ("random", False)))


def _game(bob: Player, *choices: Any, events: tuple[Event, ...] = (), extra: tuple[Any, ...] = ()) -> Game:
    """alice's effect ``x`` on the stack over bob's hand of Lightning Bolt and Giant Growth
    (and unnamed cards to ``bob.hand_size``), the choices given ahead."""
    objs = (card("bolt", "Lightning Bolt", "bob", zone=Zone.HAND),
            card("growth", "Giant Growth", "bob", zone=Zone.HAND), *extra)
    game = new_game(state(*objs, players=(Player("alice", library_size=20), bob)))
    for c in choices:
        game = game.apply(c)
    return game.apply(PutOnStack(StackItem("x", "alice", "an effect", events=events)))


def _resolve(game: Game) -> Game:
    while game.stack:
        game = game.apply(Pass())
    return game


def _zone(game: Game, oid: str) -> Zone:
    return next(o.zone for o in game.state.objects if o.id == oid)


def test_a_discard_that_matters_needs_the_players_choice() -> None:
    """701.9b: the discarding player chooses; the game never chooses for him."""
    bob = Player("bob", hand_size=3, library_size=20)
    with pytest.raises(IllegalAction) as e:
        _resolve(_game(bob, events=(_discard("bob", 1),)))
    assert e.value.rule == "701.9b" and "discard_choice" in e.value.reason
    done = _resolve(_game(bob, ChooseAhead("discard", "x", ("unnamed",)), events=(_discard("bob", 1),)))
    assert done.state.player("bob").hand_size == 2
    assert _zone(done, "bolt") == Zone.HAND and _zone(done, "growth") == Zone.HAND
    done = _resolve(_game(bob, ChooseAhead("discard", "x", ("growth", "bolt")), events=(_discard("bob", 2),)))
    assert done.state.player("bob").hand_size == 1
    assert _zone(done, "bolt") == Zone.GRAVEYARD and _zone(done, "growth") == Zone.GRAVEYARD


def test_a_discard_of_more_than_the_hand_discards_it_all_without_a_choice() -> None:
    """609.3: as much as possible; nothing is left to choose."""
    done = _resolve(_game(Player("bob", hand_size=2), events=(_discard("bob", 3),)))
    assert done.state.player("bob").hand_size == 0
    assert _zone(done, "bolt") == Zone.GRAVEYARD and _zone(done, "growth") == Zone.GRAVEYARD


@pytest.mark.parametrize("cards", [("bolt",), ("bolt", "bolt"), ("unnamed", "unnamed"), ("fog", "bolt")])
def test_a_discard_choice_is_checked(cards: tuple[str, ...]) -> None:
    """701.9a: cards of that hand, each once, as many as the discard takes."""
    bob = Player("bob", hand_size=3)
    fog = card("fog", "Fog", "alice", zone=Zone.HAND)
    with pytest.raises(IllegalAction):
        _resolve(_game(bob, ChooseAhead("discard", "x", cards), events=(_discard("bob", 2),), extra=(fog,)))


def test_draw_then_discard_follows_the_order() -> None:
    """608.2c: the card drawn is in the hand when the discard is chosen."""
    top = card("fog", "Fog", "bob", zone=Zone.LIBRARY)
    draw = Event("draw", (("player", ("p", "bob")), ("count", 1)))
    done = _resolve(_game(Player("bob", hand_size=2, library_size=5), ChooseAhead("discard", "x", ("fog",)),
                          events=(draw, _discard("bob", 1)), extra=(top,)))
    assert _zone(done, "fog") == Zone.GRAVEYARD and done.state.player("bob").hand_size == 2


def _unless(mana: str) -> Event:
    return Event("unless_pays", (("payer", ("p", "bob")), ("mana", mana),
                                 ("do", (_move("bolt", "hand", "graveyard", "effect"),))))


def test_unless_pays_needs_the_choice_and_a_payment_the_pool_makes() -> None:
    """118.12a: bob chooses; paid from his pool (106.4), only an unambiguous payment by `true`,
    never more than the pool holds (118.3)."""
    bob = Player("bob", hand_size=2, mana="{R}{G}")
    with pytest.raises(IllegalAction) as e:
        _resolve(_game(bob, events=(_unless("{1}"),)))
    assert e.value.rule == "118.12a"
    declined = _resolve(_game(bob, ChooseAhead("pay", "x", False), events=(_unless("{1}"),)))
    assert _zone(declined, "bolt") == Zone.GRAVEYARD and declined.state.player("bob").mana == "{R}{G}"
    with pytest.raises(IllegalAction) as e:  # {R} or {G}: his choice
        _resolve(_game(bob, ChooseAhead("pay", "x", True), events=(_unless("{1}"),)))
    assert e.value.rule == "106.4"
    paid = _resolve(_game(bob, ChooseAhead("pay", "x", "{G}"), events=(_unless("{1}"),)))
    assert _zone(paid, "bolt") == Zone.HAND and paid.state.player("bob").mana == "{R}"
    paid = _resolve(_game(bob, ChooseAhead("pay", "x", True), events=(_unless("{2}"),)))
    assert paid.state.player("bob").mana == ""
    for choice, cost in ((True, "{3}"), ("{R}", "{2}"), ("{U}", "{1}")):
        with pytest.raises(IllegalAction):
            _resolve(_game(bob, ChooseAhead("pay", "x", choice), events=(_unless(cost),)))


def _may(do: tuple[Event, ...], then: tuple[Event, ...] = (), otherwise: tuple[Event, ...] = ()) -> Event:
    return Event("may_then", (("do", do), ("then", then), ("otherwise", otherwise)))


def test_if_you_do_checks_the_choice_and_a_player_cant_choose_the_impossible() -> None:
    """118.12: "then" when the controller chose to, "otherwise" when not; 118.3, 119.4: paying
    more life than one has can't be chosen."""
    pay = Event("pay_life", (("player", ("p", "alice")), ("amount", 2)))
    gain = Event("gain_life", (("player", ("p", "bob")), ("amount", 5), ("cause", "effect")))
    lose = Event("lose_life", (("player", ("p", "bob")), ("amount", 3), ("damage", False)))
    bob = Player("bob", hand_size=2)
    took = _resolve(_game(bob, ChooseOptional("x", True), events=(_may((pay,), (gain,), (lose,)),)))
    assert took.state.player("alice").life == 18 and took.state.player("bob").life == 25
    left = _resolve(_game(bob, ChooseOptional("x", False), events=(_may((pay,), (gain,), (lose,)),)))
    assert left.state.player("alice").life == 20 and left.state.player("bob").life == 17
    poor = Event("pay_life", (("player", ("p", "alice")), ("amount", 21)))
    with pytest.raises(IllegalAction) as e:
        _resolve(_game(bob, ChooseOptional("x", True), events=(_may((poor,), (gain,)),)))
    assert e.value.rule == "118.3"
