"""Keyword actions in a game (CR 701): proliferate, populate, monstrosity, bolster, detain,
manifest and turning it face up, transform; planeswalk, set in motion and abandon refused
outside their variants. Each effect is checked on the board after the action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyengine.cast.model import Payment
from pyengine.cast.special import check_payment
from pyengine.errors import ScenarioError
from pyengine.game import Advance, IllegalAction, new_game
from pyengine.game.keyword_model import (
    Bolster,
    Detain,
    Manifest,
    Monstrosity,
    Populate,
    Proliferate,
    Transform,
    TurnFaceUp,
    VariantAction,
)
from pyengine.game.perform import layers, perform
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Duration, FaceDown, Step, Zone
from pyengine.model.objects import Characteristics, Player
from pyengine.replacement.event import Event
from pyengine.scenario.loader import load_text
from tests.game.helpers import card, creature, state


def _chars(game, oid):  # type: ignore[no-untyped-def]
    return layers(game.state).objects[oid]


def test_proliferate_gives_one_more_counter_of_each_kind_to_each_chosen() -> None:
    hydra = replace(creature("hydra", "alice", 0, 0, 1), counters=(("+1/+1", 2), ("charge", 1)))
    scout = replace(creature("scout", "alice", 1, 1, 2), counters=(("+1/+1", 1),))
    players = (Player("alice", library_size=9), Player("bob", poison=2, library_size=9))
    game = new_game(state(hydra, scout, players=players)).apply(Proliferate("alice", ("hydra", "bob")))
    assert dict(game.state.object("hydra").counters) == {"+1/+1": 3, "charge": 2}  # 701.34a: each kind
    assert dict(game.state.object("scout").counters) == {"+1/+1": 1}  # not chosen
    assert game.state.player("bob").poison == 3
    assert (_chars(game, "hydra").power, _chars(game, "hydra").toughness) == (3, 3)
    assert game.priority == "alice"


def test_proliferate_refuses_what_has_no_counter_and_leaves_the_game() -> None:
    game = new_game(state(creature("bears", "alice", 2, 2, 1)))
    for chosen in (("bears",), ("bob",)):
        with pytest.raises(IllegalAction) as err:
            game.apply(Proliferate("alice", chosen))
        assert err.value.rule == "701.34a"
    assert game.apply(Proliferate("alice", ())).state == game.state  # any number: none


def test_populate_copies_a_creature_token_without_its_counters() -> None:
    token = replace(creature("soldier", "alice", 1, 1, 1), token=True, counters=(("+1/+1", 1),))
    game = new_game(state(token, creature("bears", "alice", 2, 2, 2)))
    after = game.apply(Populate("alice", None, "soldier2"))  # the only creature token
    new = after.state.object("soldier2")
    assert (new.token, new.zone, new.controller, new.owner, new.counters) == (
        True, Zone.BATTLEFIELD, "alice", "alice", ())
    assert new.printed == token.printed  # 707.2: its copiable values
    assert (_chars(after, "soldier2").power, _chars(after, "soldier2").toughness) == (1, 1)
    assert any(e.kind == "create_token" and e.obj == "soldier2" for e in after.log)
    with pytest.raises(IllegalAction, match="701.36a"):  # a nontoken creature
        game.apply(Populate("alice", "bears", "x"))
    twice = after.apply(Populate("alice", "soldier2", "soldier3"))
    with pytest.raises(IllegalAction, match="chooses which"):  # two tokens: the player chooses
        twice.apply(Populate("alice", None, "soldier4"))


def test_populate_without_a_creature_token_creates_nothing() -> None:
    theirs = replace(creature("soldier", "bob", 1, 1, 1), token=True)
    game = new_game(state(theirs))
    after = game.apply(Populate("alice", None, "soldier2"))  # 701.36b
    assert {o.id for o in after.state.objects} == {"soldier"}


def test_monstrosity_once_and_monstrous_ends_when_it_leaves() -> None:
    game = new_game(state(creature("hydra", "alice", 5, 5, 1)))
    once = game.apply(Monstrosity("hydra", 3))
    assert once.state.object("hydra").monstrous
    assert dict(once.state.object("hydra").counters) == {"+1/+1": 3}
    assert any(e.kind == "becomes_monstrous" for e in once.log)
    twice = once.apply(Monstrosity("hydra", 3))  # 701.37a: it is monstrous already
    assert dict(twice.state.object("hydra").counters) == {"+1/+1": 3}
    dies = Event("move", (("object", ("o", "hydra")), ("count", 1), ("from", "battlefield"),
                          ("to", "graveyard"), ("cause", "destroy"), ("position", None), ("control", None),
                          ("as", None), ("tapped", False), ("face", "front"), ("choice", None)))
    gone = perform(twice, [dies], rule="701.8a")
    assert not gone.state.object("hydra").monstrous  # 701.37b
    with pytest.raises(IllegalAction, match="701.37b"):
        gone.apply(Monstrosity("hydra", 1))


def test_bolster_reads_toughness_after_layers_and_the_choice_among_ties() -> None:
    from pyengine.lang.effects import Ctx, parse_effect
    from pyengine.lang.yamlread import Cursor

    plus = parse_effect(Cursor({"modify_pt": {"power": 0, "toughness": 3}}, "e", None, None), Ctx(),
                        allow_no_affects=True)
    st = state(creature("elves", "alice", 1, 1, 1), creature("bears", "alice", 2, 2, 2),
               creature("wall", "bob", 0, 1, 3))
    sturdy = ResolvedEffect("sturdy", plus, 4, "alice", Duration.END_OF_TURN, locked=("elves",))
    st = st.clone(effects=(sturdy,))
    after = new_game(st).apply(Bolster("alice", 2, None))
    assert dict(after.state.object("bears").counters) == {"+1/+1": 2}  # elves are 1/4 now
    assert after.state.object("elves").counters == ()
    tied = new_game(state(creature("a", "alice", 2, 2, 1), creature("b", "alice", 2, 2, 2),
                          creature("g", "alice", 3, 3, 3)))
    with pytest.raises(IllegalAction, match="tied"):
        tied.apply(Bolster("alice", 1, None))
    with pytest.raises(IllegalAction, match="701.39a"):
        tied.apply(Bolster("alice", 1, "g"))
    assert dict(tied.apply(Bolster("alice", 1, "b")).state.object("b").counters) == {"+1/+1": 1}


def test_detain_lasts_until_the_detainers_next_turn() -> None:
    game = new_game(state(creature("bears", "alice", 2, 2, 1), creature("giant", "bob", 3, 3, 2)))
    held = game.apply(Detain("alice", ("giant",)))
    eff = [e for e in held.state.effects if e.duration == Duration.UNTIL_YOUR_NEXT_TURN]
    assert len(eff) == 1 and eff[0].locked == ("giant",) and eff[0].controller == "alice"
    bobs = held.apply(Advance(Step.UPKEEP, 4))
    assert bobs.state.effects == held.state.effects  # bob's turn: still detained
    alices = bobs.apply(Advance(Step.UPKEEP, 5))
    assert not alices.state.effects  # ended as alice's next turn began
    with pytest.raises(IllegalAction, match="701.35a"):
        perform(game, [Event("move", (("object", ("o", "giant")), ("count", 1), ("from", "battlefield"),
                                      ("to", "graveyard"), ("cause", "destroy"), ("position", None),
                                      ("control", None), ("as", None), ("tapped", False),
                                      ("face", "front"), ("choice", None)))],
                rule="701.8a").apply(Detain("alice", ("giant",)))


def test_manifest_unnamed_top_card_and_turn_face_up_rules() -> None:
    players = (Player("alice", library_size=5, mana="{3}{R}"), Player("bob", library_size=5))
    game = new_game(state(players=players))
    after = game.apply(Manifest("alice", "m1"))
    m = after.state.object("m1")
    assert (m.zone, m.face_down, m.face_down_kind) == (Zone.BATTLEFIELD, True, FaceDown.MANIFEST)
    ch = _chars(after, "m1")
    assert (ch.power, ch.toughness, tuple(ch.types), ch.name) == (2, 2, ("Creature",), "")  # 701.40a
    assert after.state.player("alice").library_size == 4
    with pytest.raises(IllegalAction, match="701.40b"):  # its face is no creature card we know
        after.apply(TurnFaceUp("alice", "m1"))
    with pytest.raises(IllegalAction, match="116.2b"):  # bob doesn't hold priority
        after.apply(TurnFaceUp("bob", "m1"))


def test_manifest_named_creature_card_turns_face_up_paying_its_cost() -> None:
    giant = replace(card("top", "Hill Giant", "alice"), zone=Zone.LIBRARY)
    players = (Player("alice", library_size=5, mana="{R}{G}{G}{G}{G}"), Player("bob", library_size=5))
    game = new_game(state(giant, players=players)).apply(Manifest("alice", None))
    up = game.apply(TurnFaceUp("alice", "top"))
    assert not up.state.object("top").face_down
    assert (_chars(up, "top").name, _chars(up, "top").power) == ("Hill Giant", 3)
    assert up.state.player("alice").mana == "{G}"
    assert up.state.object("top").timestamp > game.state.object("top").timestamp  # 613.7f
    empty = new_game(state(players=(Player("alice"), Player("bob"))))
    assert empty.apply(Manifest("alice", None)).state == empty.state  # no card to manifest


def test_transform_double_faced_only_and_front_face_up_off_the_battlefield() -> None:
    back = Characteristics(name="Howling Tracker", types=("Creature",), power=4, toughness=4)
    dfc = replace(creature("tracker", "alice", 2, 2, 1), other_face=back)
    dfc = replace(dfc, printed=replace(dfc.printed, mana_cost="{1}{G}", mana_value=2))
    game = new_game(state(dfc, creature("bears", "alice", 2, 2, 2)))
    turned = game.apply(Transform("tracker"))
    t = turned.state.object("tracker")
    assert t.transformed and t.printed.name == "Howling Tracker"
    assert _chars(turned, "tracker").mana_value == 2  # 712.8e: the front face's mana cost
    assert _chars(turned, "tracker").power == 4
    assert t.timestamp > dfc.timestamp  # 613.7g
    assert game.apply(Transform("bears")).state == game.state  # 701.27c: nothing happens
    down = new_game(state(replace(dfc, face_down=True)))
    assert down.apply(Transform("tracker")).state == down.state  # 712.15a
    back_again = turned.apply(Transform("tracker")).state.object("tracker")
    assert (back_again.transformed, back_again.printed.name) == (False, "Ctracker")
    dies = Event("move", (("object", ("o", "tracker")), ("count", 1), ("from", "battlefield"),
                          ("to", "graveyard"), ("cause", "destroy"), ("position", None), ("control", None),
                          ("as", None), ("tapped", False), ("face", "front"), ("choice", None)))
    gone = perform(turned, [dies], rule="701.8a").state.object("tracker")
    assert (gone.transformed, gone.printed.name) == (False, "Ctracker")  # 712.8a


@pytest.mark.parametrize("word,rule", [("planeswalk", "701.31a"), ("set_in_motion", "701.32a"),
                                       ("abandon", "701.33a")])
def test_variant_actions_are_illegal_outside_their_variants(word: str, rule: str) -> None:
    with pytest.raises(IllegalAction) as err:
        new_game(state()).apply(VariantAction(word, "alice"))
    assert err.value.rule == rule


def _payments(mana: str, cost: str) -> tuple:  # type: ignore[type-arg]
    st = state(players=(Player("alice", library_size=5, mana=mana), Player("bob", library_size=5)))
    return check_payment(st, "alice", cost, None, layers(st)).payments


def test_pay_mana_by_the_casting_payment_rules() -> None:
    """601.2h, 106.4 (asp/cast/payment.lp): pool mana pays colored symbols of its type and
    generic ones with any type; each payment that breaks no rule, as the pool mana it spends."""
    assert _payments("{3}{R}", "{3}{R}") == (((("C", 3), ("R", 1)), ()),)
    assert _payments("{R}{G}{G}", "{1}{R}") == (((("G", 1), ("R", 1)), ()),)
    assert _payments("{G}{G}{G}", "{3}{R}") == ()
    assert _payments("{R}", "{1}{R}") == ()
    assert _payments("{R}{G}", "{1}") == (((("G", 1),), ()), ((("R", 1),), ()))  # the player's choice


def test_which_pool_mana_pays_is_the_players_choice() -> None:
    giant = replace(card("top", "Hill Giant", "alice"), zone=Zone.LIBRARY)
    players = (Player("alice", library_size=5, mana="{R}{G}{G}{G}{U}"), Player("bob", library_size=5))
    game = new_game(state(giant, players=players)).apply(Manifest("alice", None))
    with pytest.raises(IllegalAction, match="601.2h"):  # {G}{G}{G} or {G}{G}{U} pays the generic part
        game.apply(TurnFaceUp("alice", "top"))
    up = game.apply(TurnFaceUp("alice", "top", Payment(pool=(("G", 2), ("R", 1), ("U", 1)))))
    assert not up.state.object("top").face_down and up.state.player("alice").mana == "{G}"
    with pytest.raises(IllegalAction, match="701.40b"):  # the pool mana given doesn't pay it
        game.apply(TurnFaceUp("alice", "top", Payment(pool=(("G", 3),))))


_HEAD = """id: turns/x
title: t
cr: ["701.34a"]
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
    ("- proliferate: {player: alice, chosen: [bears, bears]}", "chosen", "once"),
    ("- proliferate: {player: alice, chosen: [nobody]}", "chosen", "player or object id"),
    ("- populate: {player: alice, id: bears}", "id", "already used"),
    ("- populate: {player: alice}", "populate", "'id'"),
    ("- bolster: {player: alice, amount: -1}", "amount", "N"),
    ("- monstrosity: {object: ghost, amount: 2}", "object", "dangling"),
    ("- detain: {controller: alice, objects: []}", "objects", "at least one"),
    ("- transform: {obj: bears}", "transform", "object"),
    ("- manifest: {player: carol}", "player", "player id"),
])
def test_malformed_keyword_actions_are_one_line_errors(item: str, where: str, what: str) -> None:
    text = _HEAD + "    " + item + "\nexpect: {illegal: {action: 0, rule: \"701.1\"}}\n"
    with pytest.raises(ScenarioError) as err:
        load_text(text, "s.yaml")
    msg = str(err.value)
    assert "\n" not in msg and where in msg and what in msg and "s.yaml" in msg


def test_turning_a_manifested_creature_face_up_is_a_legal_action_when_payable() -> None:
    giant = replace(card("top", "Hill Giant", "alice"), zone=Zone.LIBRARY)
    rich = (Player("alice", library_size=5, mana="{3}{R}"), Player("bob", library_size=5))
    game = new_game(state(giant, players=rich)).apply(Manifest("alice", None))
    assert TurnFaceUp("alice", "top") in game.legal_actions()  # 116.2b
    poor = (Player("alice", library_size=5, mana="{G}"), Player("bob", library_size=5))
    game = new_game(state(giant, players=poor)).apply(Manifest("alice", None))
    assert not [a for a in game.legal_actions() if isinstance(a, TurnFaceUp)]
