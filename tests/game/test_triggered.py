"""Triggered abilities in a game (CR 603): targets chosen as they go on the stack (603.3d,
601.2c) and checked on resolution (608.2b); tokens created on the battlefield (111.1) that
trigger and cease to exist (111.7, 704.5d); delayed triggered abilities (603.7); state
triggers (603.8)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pyengine.game import Advance, IllegalAction, Pass, Perform, PutOnStack, StackItem, new_game
from pyengine.game.model import Game
from pyengine.game.triggered import TargetTriggers
from pyengine.lang.characteristics import parse_characteristics
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameObject
from pyengine.replacement.event import Event
from tests.game.helpers import card, creature, state


def _inline(oid: str, controller: str, timestamp: int, doc: dict[str, Any], **kw: Any) -> GameObject:
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=oid, players=("alice", "bob")))
    return GameObject(oid, chars, owner=controller, controller=controller, timestamp=timestamp, **kw)


def _cast(game: Game, oid: str) -> Game:
    """alice's card ``oid`` put on the stack as the script does (its ``does:`` events), and
    everyone passes until it has resolved."""
    from pyengine.game.script import ScriptReader

    item = ScriptReader(game.state).item(Cursor.root({"stack": {"object": oid, "controller": "alice"}}, None))
    game = game.apply(item)
    while any(s.id == oid for s in game.stack):
        game = game.apply(Pass())
    return game


def _resolve(game: Game) -> Game:
    top = game.stack[-1]
    while game.stack and game.stack[-1] is top:
        game = game.apply(Pass())
    return game


def _zone(game: Game, oid: str) -> Zone | None:
    return next((o.zone for o in game.state.objects if o.id == oid), None)


def test_target_chosen_as_the_ability_goes_on_the_stack() -> None:
    game = new_game(state(card("kavu", "Flametongue Kavu", "alice", zone=Zone.HAND),
                          card("ogre", "Gray Ogre", "bob", 1)))
    game = game.apply(TargetTriggers("kavu", ("ogre",)))
    game = _cast(game, "kavu")
    top = game.stack[-1]
    assert (top.source, top.targets, top.zones) == ("kavu", (("ogre", False),), (("ogre", "battlefield"),))
    assert game.trigger_targets == ()  # the choice was used
    game = _resolve(game)
    assert _zone(game, "ogre") == Zone.GRAVEYARD and game.state.object("kavu").damage == 0


def test_missing_targets_stop_the_game_listing_the_choices() -> None:
    game = new_game(state(card("kavu", "Flametongue Kavu", "alice", zone=Zone.HAND),
                          card("ogre", "Gray Ogre", "bob", 1)))
    game = game.apply(PutOnStack(StackItem("kavu", "alice", "kavu", obj="kavu"))).apply(Pass())
    with pytest.raises(IllegalAction) as info:
        game.apply(Pass())
    assert info.value.rule == "603.3d" and "kavu, ogre" in info.value.reason


def test_no_legal_target_removes_the_ability() -> None:
    game = new_game(state(card("chupa", "Ravenous Chupacabra", "alice", zone=Zone.HAND),
                          creature("shy", "bob", 2, 2, 1, keywords=("hexproof",))))
    game = _cast(game, "chupa")
    assert game.stack == () and game.priority == "alice" and _zone(game, "shy") == Zone.BATTLEFIELD
    removed = [e for e in game.log if e.kind == "ability_removed"]
    assert [(e.obj, e.target, e.rule) for e in removed] == [("chupa", "chupa:0@4", "603.3d")]


def test_target_that_no_longer_meets_its_requirement_on_resolution() -> None:
    game = new_game(state(card("chupa", "Ravenous Chupacabra", "alice", zone=Zone.HAND),
                          card("bears", "Grizzly Bears", "bob", 1)))
    game = _cast(game.apply(TargetTriggers("chupa:0", ("bears",))), "chupa")
    assert game.stack[-1].targets == (("bears", False),)
    # alice gains control of the Bears: no longer "a creature an opponent controls" (608.2b)
    taken = replace(game.state.object("bears"), controller="alice")
    game = game.with_state(objects=tuple(taken if o.id == "bears" else o for o in game.state.objects))
    game = _resolve(game)
    assert game.stack == () and _zone(game, "bears") == Zone.BATTLEFIELD


def test_token_is_created_triggers_and_ceases_to_exist_after_dying() -> None:
    watcher = _inline("watcher", "bob", 1, {"name": "Watcher", "types": ["Enchantment"], "abilities": [
        {"trigger": {"when": {"kind": "enters", "obj": {"types": ["Creature"], "token": True}}},
         "do": [{"kind": "gain_life", "player": "you", "amount": 1}],
         "text": "Whenever a creature token enters, you gain 1 life."}]})
    game = new_game(state(card("gob", "Goblin Instigator", "alice", zone=Zone.HAND), watcher))
    game = _resolve(_cast(game, "gob"))  # 111.1: the token enters; the Watcher triggers (603.6a)
    token = game.state.object("goblin-token-1")
    assert (token.token, token.owner, token.zone, token.printed.power) == (True, "alice", Zone.BATTLEFIELD, 1)
    game = _resolve(game)
    assert game.state.player("bob").life == 21
    dmg = Event("damage", (("source", ("o", "gob")), ("target", ("o", "goblin-token-1")), ("amount", 1),
                           ("combat", False)))
    game = game.apply(Perform((dmg,)))
    assert _zone(game, "goblin-token-1") is None  # 704.5g, then 704.5d / 111.7
    moves = [e.rule for e in game.log if e.obj == "goblin-token-1" and e.kind == "zone_change"]
    assert moves == ["704.5g", "704.5d"]


def test_delayed_ability_triggers_once_and_leaves_gone_objects_alone() -> None:
    game = new_game(state(card("revolt", "Thatcher Revolt", "alice", zone=Zone.HAND)))
    game = _cast(game, "revolt")
    assert len(game.delayed) == 1 and game.delayed[0].refs[0][0] == "created"
    dmg = Event("damage", (("source", ("o", "revolt")), ("target", ("o", "human-token-2")), ("amount", 1),
                           ("combat", False)))
    game = game.apply(Perform((dmg,)))  # one token dies before the end step
    game = game.apply(Advance(Step.END))
    assert game.delayed == () and [s.id for s in game.stack] == [f"delayed1@{len(game.log)}"]
    game = _resolve(game)
    sacrificed = [e.obj for e in game.log if e.cause == "sacrifice"]
    assert sacrificed == ["human-token-1", "human-token-3"]  # 603.7c: the dead one is left alone


def test_delayed_ability_of_a_triggered_ability_triggers_at_the_next_end_step_only() -> None:
    promise = _inline("vow", "alice", 1, {"name": "Vow", "types": ["Creature"], "power": 1, "toughness": 1,
                                           "abilities": [{
                                               "trigger": {"when": {"kind": "enters", "obj": "self"}},
                                               "do": [{"kind": "delayed", "at": {"step": "end"},
                                                       "do": [{"kind": "gain_life", "player": "you",
                                                               "amount": 2}]}],
                                               "text": "When this creature enters, you gain 2 life at the "
                                                       "beginning of the next end step."}]},
                      zone=Zone.HAND)
    game = _resolve(_cast(new_game(state(promise)), "vow"))
    game = game.apply(Advance(Step.END))
    game = _resolve(game)
    assert game.state.player("alice").life == 22
    game = game.apply(Advance(Step.END, 5))  # 603.7b: it triggered once
    assert game.stack == () and game.state.player("alice").life == 22


def test_state_trigger_triggers_again_after_it_resolved() -> None:
    lonely = _inline("lonely", "alice", 1, {"name": "Lonely", "types": ["Enchantment"], "abilities": [
        {"trigger": {"state": {"not_exists": {"types": ["Creature"], "controller": "you"}}},
         "do": [{"kind": "gain_life", "player": "you", "amount": 1}],
         "text": "When you control no creatures, you gain 1 life."}]})
    game = new_game(state(lonely, step=Step.UPKEEP))
    assert [s.id for s in game.stack] == ["lonely:0@state"]
    game = _resolve(game)  # it resolved and the condition still holds: it triggers again (603.8)
    assert game.state.player("alice").life == 21 and [s.id for s in game.stack] == ["lonely:0@state"]
