"""Battles' protectors in a game (CR 310.8): chosen as the battle enters (310.8a, 310.11a),
kept through control changes (310.8f-g), gone when it leaves (400.7), and read by the combat
engine's declarations (310.8b-c, 508.1b)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine.game import DeclareAttackers, IllegalAction, new_game
from pyengine.game.battles import chosen_protector, update
from pyengine.lang.characteristics import parse_characteristics
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameObject
from tests.game.helpers import card, state


def battle(oid: str, controller: str, siege: bool, ts: int, **kw: object) -> GameObject:
    doc = {"name": f"B{oid}", "types": ["Battle"], "subtypes": ["Siege"] if siege else [], "defense": 3}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=oid))
    return GameObject(oid, chars, owner=controller, controller=controller, timestamp=ts,  # type: ignore[arg-type]
                      counters=(("defense", 3),), **kw)  # type: ignore[arg-type]


PLAYERS = ("alice", "bob")


def test_the_forced_choice_in_a_two_player_game() -> None:
    assert chosen_protector(["Battle"], ["Siege"], "alice", PLAYERS) == "bob"  # 310.11a
    assert chosen_protector(["Battle"], [], "alice", PLAYERS) == "alice"  # 310.8a
    assert chosen_protector(["Creature"], [], "alice", PLAYERS) is None


def test_a_game_starts_with_each_battles_protector() -> None:
    g = new_game(state(battle("s1", "alice", True, 1), battle("s2", "bob", True, 2),
                       battle("b3", "bob", False, 3), battle("gone", "bob", True, 4, zone=Zone.GRAVEYARD)))
    assert dict(g.protectors) == {"s1": "bob", "s2": "alice", "b3": "bob"}


def test_entering_leaving_and_changing_control() -> None:
    before = state(battle("s1", "alice", True, 1, zone=Zone.HAND), battle("s2", "alice", True, 2))
    protectors = (("s2", "bob"),)
    # s1 enters under alice: bob protects it; s2 changes control: its protector stays (310.8f)
    after = before.clone(objects=(replace(before.objects[0], zone=Zone.BATTLEFIELD),
                                  replace(before.objects[1], controller="bob")))
    assert dict(update(protectors, before, after)) == {"s1": "bob", "s2": "bob"}
    # s2 leaves the battlefield: a new object with no protector (400.7)
    left = after.clone(objects=(after.objects[0], replace(after.objects[1], zone=Zone.GRAVEYARD)))
    assert dict(update(update(protectors, before, after), after, left)) == {"s1": "bob"}


def test_the_declaration_reads_the_protectors() -> None:
    bears = card("bears", "Grizzly Bears", "alice", 1)
    own = new_game(state(bears, battle("s1", "alice", True, 2), step=Step.DECLARE_ATTACKERS))
    attacked = own.apply(DeclareAttackers((("bears", "s1"),)))
    assert attacked.combat.attackers == (("bears", "s1"),)  # 310.8b: a Siege by its controller
    theirs = new_game(state(bears, battle("s2", "bob", True, 2), step=Step.DECLARE_ATTACKERS))
    with pytest.raises(IllegalAction) as info:  # 310.8b: its protector, alice, can never attack it
        theirs.apply(DeclareAttackers((("bears", "s2"),)))
    assert info.value.rule == "508.1b"
