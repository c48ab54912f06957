"""Commander games (CR 903) in the game engine: the choice of 903.9a (704.6d) asked once per
arrival and used once, the commander tax counted with each cast from the command zone (903.8),
combat damage only from commanders and only combat damage counted (903.10a), and the scenario
fields read with one-line errors. Expected answers are the CR's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine.errors import PyengineError
from pyengine.game import IllegalAction, new_game
from pyengine.game.actions import Perform
from pyengine.game.commander import ChooseCommandZone
from pyengine.game.perform import apply_events
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event
from pyengine.scenario.loader import load_text
from tests.game.helpers import card, state


def _move(oid: str, frm: str, to: str) -> Event:
    return Event("move", (("object", ("o", oid)), ("count", 1), ("from", frm), ("to", to), ("cause", "effect"),
                          ("position", None), ("control", None), ("as", None), ("tapped", False),
                          ("face", "front"), ("choice", None)))


def _damage(src: str, player: str, n: int, combat: bool) -> Event:
    return Event("damage", (("source", ("o", src)), ("target", ("p", player)), ("amount", n), ("combat", combat)))


def _thalia(**kw: object):  # type: ignore[no-untyped-def]
    return replace(card("thalia", "Thalia, Guardian of Thraben", "alice", 1), **kw)


def test_a_commander_put_into_exile_asks_its_owner_then_the_choice_is_used_once() -> None:
    g = new_game(state(_thalia(commander=True)))
    with pytest.raises(IllegalAction) as e:  # 704.6d: the owner's choice, not a default
        g.apply(Perform((_move("thalia", "battlefield", "exile"),)))
    assert e.value.rule == "704.6d" and "command_zone" in e.value.reason
    g = g.apply(ChooseCommandZone("thalia", False)).apply(Perform((_move("thalia", "battlefield", "exile"),)))
    assert g.state.object("thalia").zone == Zone.EXILE and g.command_choices == ()
    # put there before the last check: a later check doesn't ask again (903.9a "since the last time")
    g2 = g.apply(ChooseCommandZone("thalia", True)).apply(Perform((Event("draw", (("player", ("p", "bob")),
                                                                                   ("count", 1))),)))
    assert g2.state.object("thalia").zone == Zone.EXILE
    assert g2.command_choices == (("thalia", True),)  # kept for the next arrival


def test_a_card_that_is_not_a_commander_goes_to_the_graveyard_without_a_question() -> None:
    g = new_game(state(_thalia())).apply(Perform((_move("thalia", "battlefield", "graveyard"),)))
    assert g.state.object("thalia").zone == Zone.GRAVEYARD
    with pytest.raises(IllegalAction):  # 903.9a: only a commander
        new_game(state(_thalia())).apply(ChooseCommandZone("thalia", True))


def test_only_combat_damage_from_a_commander_is_counted() -> None:
    bears = card("bears", "Grizzly Bears", "alice", 2)
    g = new_game(state(_thalia(commander=True), bears))
    g = apply_events(g, [_damage("thalia", "bob", 2, True), _damage("bears", "bob", 2, True),
                         _damage("thalia", "bob", 3, False)], rule="test")
    assert g.state.player("bob").commander_damage == (("thalia", 2),)  # 903.10a: combat, this commander
    g = apply_events(g, [_damage("thalia", "bob", 2, True)], rule="test")
    assert g.state.player("bob").commander_damage == (("thalia", 4),)


def _doc(obj: str) -> str:
    return ("id: t/x\ntitle: t\ncr: ['903.8']\nrationale: t\nplayers: [alice, bob]\nturn: {active: alice}\n"
            f"objects:\n  - {obj}\nquery: {{kind: layers}}\nexpect: {{}}\n")


@pytest.mark.parametrize("obj, words", [
    ("{id: t, card: Grizzly Bears, owner: alice, zone: command, commander_casts: 1}", "commander: true"),
    ("{id: t, card: Grizzly Bears, controller: alice, timestamp: 1, token: true, commander: true}", "not a token"),
    ("{id: t, card: Grizzly Bears, owner: alice, zone: command, commander: true, commander_casts: -1}",
     "commander_casts"),
])
def test_commander_fields_are_refused_with_the_field_named(obj: str, words: str) -> None:
    with pytest.raises(PyengineError) as e:
        load_text(_doc(obj), "x.yaml")
    assert words in str(e.value) and "x.yaml" in str(e.value)
