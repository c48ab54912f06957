"""Activation cost parts selected by subtype, count and zone (CR 602.2b, 601.2h, 118.3):
the game refuses what doesn't pay them, and lists only activations that do."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.game import IllegalAction, new_game
from pyengine.game.activation import ActivateAbility
from pyengine.game.activation_list import activations
from pyengine.lang.characteristics import parse_characteristics
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject
from tests.game.helpers import card, creature, state

GAIN = [{"kind": "gain_life", "player": "you", "amount": 2}]


def _inline(oid: str, cost: str, ts: int = 1, subtypes: tuple[str, ...] = ()) -> GameObject:
    doc: dict[str, Any] = {"name": f"C{oid}", "types": ["Creature"], "power": 2, "toughness": 2,
                           "abilities": [{"activated": {"cost": cost, "do": GAIN}, "text": f"{cost}: do it."}]}
    if subtypes:
        doc["subtypes"] = list(subtypes)
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=oid, players=("alice", "bob")))
    return GameObject(oid, chars, owner="alice", controller="alice", timestamp=ts)


def _sap(oid: str, ts: int, controller: str = "alice") -> GameObject:
    doc = {"name": "Saproling", "types": ["Creature"], "subtypes": ["Saproling"], "power": 1, "toughness": 1}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=oid, players=("alice", "bob")))
    return GameObject(oid, chars, owner=controller, controller=controller, timestamp=ts)


def test_sacrifice_two_saprolings() -> None:
    # 601.2h: two different Saprolings of alice's; 701.21a: not bob's; a Bear is no Saproling
    g = new_game(state(_inline("c", "Sacrifice two Saprolings"), _sap("s1", 2), _sap("s2", 3),
                       _sap("his", 4, "bob"), creature("y", "alice", 1, 1, 5)))
    done = g.apply(ActivateAbility("alice", "c", sacrifice=("s1", "s2")))
    assert {done.state.object(s).zone for s in ("s1", "s2")} == {Zone.GRAVEYARD}
    for ids, rule in ((("s1",), "601.2h"), (("s1", "s1"), "601.2h"), (("s1", "y"), "601.2h"),
                      (("s1", "his"), "701.21a")):
        with pytest.raises(IllegalAction) as err:
            g.apply(ActivateAbility("alice", "c", sacrifice=ids))
        assert err.value.rule == rule, ids


def test_listed_activations_pay_the_subtype() -> None:
    # the list holds only activations the game accepts: the Saproling sacrificed, never the Bear
    g = new_game(state(_inline("c", "Sacrifice a Saproling"), creature("y", "alice", 1, 1, 2), _sap("s1", 3)))
    assert [a.sacrifice for a in activations(g)] == [("s1",)]
    g = new_game(state(_inline("c", "Sacrifice a Saproling"), creature("y", "alice", 1, 1, 2)))
    assert activations(g) == ()


def test_return_and_exile_costs() -> None:
    # 400.3: the land to its owner's hand; 406.2: the source to exile; both before it resolves
    g = new_game(state(_inline("c", "Return a land you control to its owner's hand"),
                       card("seat", "Seat of the Synod", "alice", 2), card("his", "Seat of the Synod", "bob", 3)))
    assert g.apply(ActivateAbility("alice", "c", returned=("seat",))).state.object("seat").zone == Zone.HAND
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility("alice", "c", returned=("his",)))
    g = new_game(state(_inline("c", "Exile SELF")))
    assert g.apply(ActivateAbility("alice", "c")).state.object("c").zone == Zone.EXILE


def test_exile_a_card_from_your_graveyard() -> None:
    dead = card("dead", "Grizzly Bears", "alice", 0, zone=Zone.GRAVEYARD)
    land = card("land", "Forest", "alice", 0, zone=Zone.GRAVEYARD)
    his = card("his", "Grizzly Bears", "bob", 0, zone=Zone.GRAVEYARD)
    g = new_game(state(_inline("c", "Exile a creature card from your graveyard"), dead, land, his))
    assert g.apply(ActivateAbility("alice", "c", exile=("dead",))).state.object("dead").zone == Zone.EXILE
    for ids in (("land",), ("his",), ()):
        with pytest.raises(IllegalAction) as err:
            g.apply(ActivateAbility("alice", "c", exile=ids))
        assert err.value.rule == "601.2h", ids
