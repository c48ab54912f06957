"""Playing a land (CR 305.1, 116.2a) and "can't play lands" (101.2, 305.2b): the layer engine
gives each player's land plays, the game's land play reads them and counts the lands played
this turn (305.2a); an illegal play names its rule and leaves the game unchanged."""

from __future__ import annotations

import pytest

import pyengine.api as pe
from pyengine.errors import ScenarioError
from pyengine.game import IllegalAction, Pass, new_game
from pyengine.game.lands import PlayLand, played_this_turn
from pyengine.layers import compute

BASE = """
id: game/lands
title: probe
cr: ["305.1"]
rationale: probe
players: [{id: alice, library_size: 10}, {id: bob, library_size: 10}]
turn: {active: alice, number: 3, step: precombat_main}
objects:
  - {id: forest1, card: Forest, owner: alice, zone: hand}
  - {id: forest2, card: Forest, owner: alice, zone: hand}
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
  - {id: swamp, card: Swamp, owner: bob, zone: hand}
  - {id: fastbond, card: Fastbond, controller: alice, timestamp: 1, zone: ZONE}
effects:
EFFECTS
query: {kind: characteristics, objects: [], players: [alice, bob], player_fields: [land_plays]}
expect:
  players: {alice: {land_plays: 1}, bob: {land_plays: 1}}
"""
ADD = ("  - {id: explore, controller: alice, timestamp: 2, duration: end_of_turn, "
       "land_plays: {players: you, add: 1}}")
CANT = ("  - {id: cant, controller: bob, timestamp: 3, duration: end_of_turn, "
        "cant_play_lands: {players: alice}}")


def _state(*effects: str, fastbond: bool = False) -> pe.Scenario:
    text = BASE.replace("EFFECTS", "\n".join(effects) or "  []").replace(
        "ZONE", "battlefield" if fastbond else "exile")
    if not effects:
        text = text.replace("effects:\n  []\n", "")
    return pe.loads(text, "l.yaml")


@pytest.mark.parametrize(("effects", "fastbond", "alice"), [
    ((), False, 1), ((ADD,), False, 2), ((), True, None),
    ((CANT,), False, 0), ((ADD, CANT), False, 0), ((CANT, ADD), False, 0), ((CANT,), True, 0),
])
def test_the_layer_engine_gives_land_plays(effects: tuple[str, ...], fastbond: bool,
                                           alice: int | None) -> None:
    res = compute(_state(*effects, fastbond=fastbond).state)
    assert res.players["alice"].land_plays == alice  # 305.2; 101.2: "can't" wins
    assert res.players["bob"].land_plays == 1


def test_cant_play_lands_is_read_strictly() -> None:
    with pytest.raises(ScenarioError) as info:
        _state("  - {id: cant, controller: bob, timestamp: 3, cant_play_lands: {players: alice, n: 1}}")
    assert "cant_play_lands" in str(info.value) and "\n" not in str(info.value)


def test_land_plays_are_counted_and_limited() -> None:
    g = new_game(_state(ADD).state)
    g1 = g.apply(PlayLand("alice", "forest1"))
    assert g1.state.object("forest1").zone.value == "battlefield" and g1.priority == "alice"  # 116.3
    assert played_this_turn(g1, "alice") == 1 and g1.state.player("alice").hand_size == 2  # of 3
    g2 = g1.apply(PlayLand("alice", "forest2"))
    assert played_this_turn(g2, "alice") == 2
    only = new_game(_state().state).apply(PlayLand("alice", "forest1"))
    with pytest.raises(IllegalAction) as info:
        only.apply(PlayLand("alice", "forest2"))
    assert info.value.rule == "305.2b"


@pytest.mark.parametrize(("effects", "play", "rule"), [
    ((CANT,), PlayLand("alice", "forest1"), "305.2b"),
    ((), PlayLand("bob", "swamp"), "305.3"),
    ((), PlayLand("alice", "bolt"), "305.1"),
    ((), PlayLand("alice", "fastbond"), "305.1"),
])
def test_illegal_plays_name_their_rule(effects: tuple[str, ...], play: PlayLand, rule: str) -> None:
    g = new_game(_state(*effects).state)
    with pytest.raises(IllegalAction) as info:
        g.apply(play)
    assert info.value.rule == rule
    assert g.state.object(play.card).zone.value != "battlefield"


def test_only_while_holding_priority() -> None:
    g = new_game(_state().state).apply(Pass("alice"))  # bob holds priority now
    with pytest.raises(IllegalAction) as info:
        g.apply(PlayLand("alice", "forest1"))
    assert info.value.rule == "116.2a"


def test_legal_actions_list_the_land_plays() -> None:
    g = new_game(_state().state)
    assert {a for a in g.legal_actions() if isinstance(a, PlayLand)} == {PlayLand("alice", "forest1"),
                                                                         PlayLand("alice", "forest2")}
    played = g.apply(PlayLand("alice", "forest1"))  # 305.2: one land a turn
    assert not [a for a in played.legal_actions() if isinstance(a, PlayLand)]
    assert not [a for a in new_game(_state(CANT).state).legal_actions() if isinstance(a, PlayLand)]  # 101.2
    assert not [a for a in g.apply(Pass("alice")).legal_actions() if isinstance(a, PlayLand)]  # 116.2a
