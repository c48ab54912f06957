"""Exile "until SELF leaves the battlefield" (CR 610.3) and linked "the exiled card" abilities
(607.2a), from Oracle text to the game. Expected answers come from the rules cited."""

from __future__ import annotations

import pytest

from pyengine import oracle
from pyengine.errors import ScenarioError
from tests.oracle.support import BUNDLED, full, game

pytestmark = BUNDLED

PAY3 = [{"id": "alice", "library_size": 10, "mana": "{W}{W}{C}{C}{C}{C}"},
        {"id": "bob", "library_size": 10, "mana": "{G}{G}{C}{C}{C}{C}"}]


def _do(card: object, n: int) -> list[dict]:
    return card.card["abilities"][n]["do"]  # type: ignore[attr-defined]


def test_until_leaves_is_a_linked_exile_in_the_effect_language() -> None:
    light = full("Banishing Light")
    assert _do(light, 0) == [{"kind": "move", "object": "target", "from": "battlefield", "to": "exile",
                              "until": "leaves"}]
    hole = full("Portable Hole")  # "with mana value 2 or less": the target's quality (115.1)
    assert hole.card["abilities"][0]["targets"][0]["obj"]["mana_value"] == {"lte": 2}


def test_the_exiled_card_is_read_only_with_an_ability_that_exiles() -> None:
    journey = full("Journey to Nowhere")
    assert _do(journey, 1) == [{"kind": "move", "object": "exiled", "from": "exile", "to": "battlefield"}]
    ring = full("Oblivion Ring")  # "another target": not the source itself (115.1)
    assert ring.card["abilities"][0]["targets"][0]["obj"]["other"] is True
    # Mesmeric Fiend's first ability ("... you choose a nonland card from it. Exile that card.")
    # isn't read, so "the exiled card" of its second (607.2a) is seen as text, never as nothing
    fiend = oracle.compiled("Mesmeric Fiend")
    assert fiend is not None and fiend.status != "full"
    leaves = [c for c in fiend.clauses if "return the exiled card" in c.text]
    assert leaves and leaves[0].template == "triggered (text)"


def test_until_is_only_on_a_move_to_exile() -> None:
    from pyengine.lang.effects import Ctx, parse_ability
    from pyengine.lang.yamlread import Cursor

    ab = {"trigger": {"when": {"kind": "enters", "obj": "self"}}, "targets": [{"obj": {"types": ["Creature"]}}],
          "do": [{"kind": "move", "object": "target", "from": "battlefield", "to": "hand", "until": "leaves"}],
          "text": "t"}
    with pytest.raises(ScenarioError, match="610.3"):
        parse_ability(Cursor(ab, "abilities[0]", None, None), Ctx(key_prefix="t"))


def _light_game(extra_script: list, expect: dict, objects: list | None = None) -> tuple[bool, str]:
    objs = [{"id": "light", "card": "Banishing Light", "owner": "alice", "zone": "hand"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1},
            {"id": "naturalize", "card": "Naturalize", "owner": "bob", "zone": "hand"}] + (objects or [])
    script = [{"trigger_targets": {"light": ["bears"]}},
              {"cast": {"spell": "light", "payment": {"pool": "{W}{C}{C}"}}}, "resolve"] + extra_script
    return game(objs, script, expect, cr="610.3", players=PAY3)


def test_the_card_returns_immediately_when_the_source_leaves() -> None:
    # 610.3, 610.3c: no ability goes on the stack; the card returns under its owner's control
    ok, why = _light_game(["resolve", {"pass": "alice"},
                           {"cast": {"spell": "naturalize", "targets": {"artifact": ["light"]},
                                     "payment": {"pool": "{G}{C}"}}}, "resolve", {"checkpoint": "back"}],
                          {"checkpoints": {"back": {"stack": [], "objects": {
                              "bears": {"zone": "battlefield", "controller": "bob"}}}}})
    assert ok, why


def test_no_exile_when_the_source_left_after_the_ability_triggered() -> None:
    # 610.3b: Banishing Light destroyed with its ability on the stack: the Bears don't move
    ok, why = _light_game([{"pass": "alice"},
                           {"cast": {"spell": "naturalize", "targets": {"artifact": ["light"]},
                                     "payment": {"pool": "{G}{C}"}}}, "resolve", "resolve",
                           {"checkpoint": "done"}],
                          {"checkpoints": {"done": {"stack": [], "objects": {
                              "bears": {"zone": "battlefield"}, "light": {"zone": "graveyard"}}}}})
    assert ok, why


def test_cards_of_simultaneous_leaves_return_together() -> None:
    # 610.3d: alice's Tranquility destroys her two Banishing Lights at once; both exiled cards return
    objs = [{"id": "light", "card": "Banishing Light", "owner": "alice", "zone": "hand"},
            {"id": "light2", "card": "Banishing Light", "owner": "alice", "zone": "hand"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1},
            {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 2},
            {"id": "tranquility", "card": "Tranquility", "owner": "alice", "zone": "hand"}]
    script = [{"trigger_targets": {"light": ["bears"]}},
              {"cast": {"spell": "light", "payment": {"pool": "{W}{C}{C}"}}}, "resolve", "resolve",
              {"trigger_targets": {"light2": ["ogre"]}},
              {"cast": {"spell": "light2", "payment": {"pool": "{W}{C}{C}"}}}, "resolve", "resolve",
              {"checkpoint": "both_exiled"},
              {"cast": {"spell": "tranquility", "payment": {"pool": "{G}{C}{C}"}}}, "resolve",
              {"checkpoint": "back"}]
    players = [{"id": "alice", "library_size": 10, "mana": "{W}{W}{G}{C}{C}{C}{C}{C}{C}"},
               {"id": "bob", "library_size": 10}]
    expect = {"checkpoints": {"both_exiled": {"objects": {"bears": {"zone": "exile"}, "ogre": {"zone": "exile"}}},
                              "back": {"stack": [], "objects": {"bears": {"zone": "battlefield"},
                                                                "ogre": {"zone": "battlefield"}}}}}
    ok, why = game(objs, script, expect, cr="610.3d", players=players)
    assert ok, why


def test_the_leaves_ability_returns_only_what_the_first_ability_exiled() -> None:
    # 607.2a: Faceless Butcher dies before its enters ability resolves: the leaves ability
    # returns nothing, then the creature is exiled and stays there
    objs = [{"id": "butcher", "card": "Faceless Butcher", "owner": "alice", "zone": "hand"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1},
            {"id": "bolt", "card": "Lightning Bolt", "owner": "bob", "zone": "hand"}]
    script = [{"trigger_targets": {"butcher": ["bears"]}},
              {"cast": {"spell": "butcher", "payment": {"pool": "{B}{B}{C}{C}"}}}, "resolve",
              {"pass": "alice"},
              {"cast": {"spell": "bolt", "targets": {"any": ["butcher"]}, "payment": {"pool": "{R}"}}},
              "resolve", "resolve", "resolve", {"checkpoint": "done"}]
    players = [{"id": "alice", "library_size": 10, "mana": "{B}{B}{C}{C}"},
               {"id": "bob", "library_size": 10, "mana": "{R}"}]
    ok, why = game(objs, script, {"checkpoints": {"done": {"stack": [], "objects": {"bears": {"zone": "exile"}}}}},
                   cr="607.2a", players=players)
    assert ok, why


def _move(oid: str, frm: str, to: str) -> object:
    from pyengine.replacement.event import Event

    return Event("move", (("object", ("o", oid)), ("count", 1), ("from", frm), ("to", to), ("cause", "effect"),
                          ("position", None), ("control", None), ("as", None), ("tapped", False),
                          ("face", "front"), ("choice", None)))


def test_a_new_object_has_no_exiled_cards() -> None:
    # 400.7, 607.2a: Journey to Nowhere exiles the Bears, then is exiled and returned at once (a
    # new object) with its old leaves ability still on the stack. The new Journey exiles the
    # Ogre; when it leaves, its leaves ability returns the Ogre only (the card the new
    # object's first ability exiled); then the old object's returns the Bears
    from pyengine.game import new_game
    from pyengine.game.actions import Perform
    from pyengine.game.run import Resolve, step
    from pyengine.game.triggered import TargetTriggers
    from pyengine.model.enums import Zone
    from tests.game.helpers import card, state

    g = new_game(state(card("journey", "Journey to Nowhere", "alice", 1, zone=Zone.HAND),
                       card("bears", "Grizzly Bears", "bob", 2), card("ogre", "Gray Ogre", "bob", 3)))
    g = g.apply(TargetTriggers("journey", ("bears",))).apply(Perform((_move("journey", "hand", "battlefield"),)))
    g = step(g, Resolve(), 60)
    assert g.state.object("bears").zone == Zone.EXILE
    g = g.apply(TargetTriggers("journey", ("ogre",))).apply(Perform((_move("journey", "battlefield", "exile"),)))
    g = g.apply(Perform((_move("journey", "exile", "battlefield"),)))
    assert len(g.stack) == 2  # the old object's leaves ability, the new one's enters ability on top
    g = step(g, Resolve(), 60)
    assert g.state.object("ogre").zone == Zone.EXILE
    g = g.apply(Perform((_move("journey", "battlefield", "graveyard"),)))
    g = step(g, Resolve(), 60)  # the new object's leaves ability
    assert g.state.object("ogre").zone == Zone.BATTLEFIELD and g.state.object("bears").zone == Zone.EXILE
    g = step(g, Resolve(), 60)  # the old object's
    assert g.state.object("bears").zone == Zone.BATTLEFIELD and not g.stack
