"""Planechase (CR 901) and Archenemy (904) games: planeswalk (701.31), set in motion (701.32),
abandon (701.33), the state-based actions 704.6e-f and the turn-based action 505.3; the
scenario fields read with one-line errors. Expected answers are the CR's."""

from __future__ import annotations

import pytest

from pyengine.errors import PyengineError
from pyengine.game import Advance, IllegalAction, new_game
from pyengine.game.keyword_model import VariantAction
from pyengine.game.variants import Variants, abandon, snapshot
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import Characteristics, GameObject
from pyengine.scenario.loader import load_text
from tests.game.helpers import state


def _card(oid: str, owner: str, kind: str, ongoing: bool = False) -> GameObject:
    chars = Characteristics(name=oid.upper(), types=(kind,), supertypes=("Ongoing",) if ongoing else ())
    return GameObject(oid, chars, owner=owner, controller=owner, zone=Zone.COMMAND)


def _planechase(step: Step = Step.PRECOMBAT_MAIN):  # type: ignore[no-untyped-def]
    objs = (_card("a1", "alice", "Plane"), _card("a2", "alice", "Plane"), _card("b1", "bob", "Plane"),
            _card("b2", "bob", "Plane"))
    v = Variants(planechase=True, planar_decks=(("alice", ("a1", "a2")), ("bob", ("b2",))), planes=("b1",))
    return new_game(state(*objs, step=step), variants=v)


def test_planeswalk_rotates_every_face_up_plane_to_its_owners_bottom() -> None:
    g = _planechase().apply(VariantAction("planeswalk", "alice"))  # 701.31b
    assert snapshot(g) == {"planar_deck": {"alice": ["a2"], "bob": ["b2", "b1"]}, "planes": ["a1"],
                           "scheme_deck": [], "schemes": []}
    assert g.priority == "alice"
    ts = g.state.object("a1").timestamp  # 613.7h: a timestamp as it is turned face up
    assert ts > max(o.timestamp for o in g.state.objects if o.id != "a1")
    g = g.apply(VariantAction("planeswalk", "alice"))
    assert snapshot(g)["planar_deck"] == {"alice": ["a1"], "bob": ["b2", "b1"]}
    assert snapshot(g)["planes"] == ["a2"]


def test_planeswalk_with_an_empty_planar_deck_leaves_no_plane_face_up_then_own_card_returns() -> None:
    objs = (_card("a1", "alice", "Plane"),)
    g = new_game(state(*objs), variants=Variants(planechase=True, planar_decks=(("alice", ()), ("bob", ())),
                                                 planes=("a1",)))
    g = g.apply(VariantAction("planeswalk", "alice"))
    # 701.31b: a1 goes to the bottom first, then the top card of her deck (a1 again) face up
    assert snapshot(g)["planes"] == ["a1"] and snapshot(g)["planar_deck"]["alice"] == []


def test_only_the_planar_controller_the_active_player_planeswalks() -> None:
    with pytest.raises(IllegalAction) as err:
        _planechase().apply(VariantAction("planeswalk", "bob"))  # 901.6: alice is active
    assert err.value.rule == "701.31a"


def test_phenomenon_face_up_makes_the_planar_controller_planeswalk() -> None:
    objs = (_card("ph", "alice", "Phenomenon"), _card("a2", "alice", "Plane"), _card("b1", "bob", "Plane"))
    v = Variants(planechase=True, planar_decks=(("alice", ("ph", "a2")), ("bob", ())), planes=("b1",))
    g = new_game(state(*objs), variants=v).apply(VariantAction("planeswalk", "alice"))
    assert snapshot(g)["planes"] == ["a2"]  # 704.6f
    assert snapshot(g)["planar_deck"] == {"alice": ["ph"], "bob": ["b1"]}
    assert [e.rule for e in g.log if e.kind == "planeswalk"] == ["701.31b", "704.6f"]


def _archenemy(*deck: GameObject, face_up: tuple[str, ...] = (), step: Step = Step.POSTCOMBAT_MAIN,
               active: str = "alice"):  # type: ignore[no-untyped-def]
    st = state(*deck, step=step)
    st = st.clone(turn=st.turn.__class__(active, 3, step))
    ids = tuple(o.id for o in deck if o.id not in face_up)
    return new_game(st, variants=Variants(archenemy="alice", scheme_deck=ids, schemes=face_up))


def test_set_in_motion_takes_the_top_scheme_and_an_ongoing_one_stays() -> None:
    g = _archenemy(_card("s1", "alice", "Scheme", ongoing=True), _card("s2", "alice", "Scheme"))
    g = g.apply(VariantAction("set_in_motion", "alice"))  # 701.32b
    assert (snapshot(g)["schemes"], snapshot(g)["scheme_deck"]) == (["s1"], ["s2"])
    g = g.apply(VariantAction("set_in_motion", "alice"))  # s2 is not ongoing: 704.6e
    assert (snapshot(g)["schemes"], snapshot(g)["scheme_deck"]) == (["s1"], ["s2"])
    assert [e.rule for e in g.log if e.kind == "to_bottom"] == ["704.6e"]


def test_set_in_motion_with_an_empty_scheme_deck_does_nothing() -> None:
    g = _archenemy()
    assert snapshot(g.apply(VariantAction("set_in_motion", "alice")))["schemes"] == []


def test_only_the_archenemy_sets_in_motion() -> None:
    with pytest.raises(IllegalAction) as err:
        _archenemy(_card("s1", "alice", "Scheme")).apply(VariantAction("set_in_motion", "bob"))
    assert err.value.rule == "701.32a"


def test_abandon_only_a_face_up_ongoing_scheme() -> None:
    g = _archenemy(_card("s0", "alice", "Scheme", ongoing=True), _card("s1", "alice", "Scheme"),
                   face_up=("s0",))
    with pytest.raises(IllegalAction) as err:  # face down in the scheme deck
        g.apply(VariantAction("abandon", "s1"))
    assert err.value.rule == "701.33a"
    # a non-ongoing face-up scheme (it lasts only while scheme triggers wait, 704.6e)
    odd = g.clone(variants=Variants(archenemy="alice", scheme_deck=(), schemes=("s0", "s1")))
    with pytest.raises(IllegalAction) as err:
        abandon(odd, "s1")
    assert err.value.rule == "701.33a" and "not ongoing" in err.value.reason
    g = g.apply(VariantAction("abandon", "s0"))  # 701.33b
    assert (snapshot(g)["schemes"], snapshot(g)["scheme_deck"]) == ([], ["s1", "s0"])


def test_archenemys_precombat_main_sets_the_top_scheme_in_motion() -> None:
    g = _archenemy(_card("s1", "alice", "Scheme", ongoing=True), _card("s2", "alice", "Scheme", ongoing=True),
                   step=Step.UPKEEP)
    g = g.apply(Advance(Step.PRECOMBAT_MAIN))  # 505.3, 904.9
    assert snapshot(g)["schemes"] == ["s1"]
    g = _archenemy(_card("s1", "alice", "Scheme", ongoing=True), step=Step.UPKEEP, active="bob")
    assert snapshot(g.apply(Advance(Step.PRECOMBAT_MAIN)))["schemes"] == []  # not the archenemy's turn


@pytest.mark.parametrize("word,arg,rule", [("planeswalk", "alice", "701.31a"),
                                           ("set_in_motion", "alice", "701.32a"),
                                           ("abandon", "a1", "701.33a")])
def test_each_action_is_refused_outside_its_variant(word: str, arg: str, rule: str) -> None:
    objs = (_card("a1", "alice", "Plane"),)
    planechase_only = new_game(state(*objs), variants=Variants(
        planechase=True, planar_decks=(("alice", ()), ("bob", ())), planes=("a1",)))
    plain = new_game(state())
    games = [plain] if word == "planeswalk" else [plain, planechase_only]
    for g in games:
        with pytest.raises(IllegalAction) as err:
            g.apply(VariantAction(word, arg))
        assert err.value.rule == rule


_DOC = """
id: t/x
title: x
rationale: x
cr: ["701.31a"]
players: [alice, bob]
turn: {{active: alice, number: 3}}
objects:
  - {{id: p1, name: P1, types: [Plane], owner: alice, zone: command}}
  - {{id: p2, name: P2, types: [Plane], owner: bob, zone: command}}
  - {{id: s1, name: S1, types: [Scheme], owner: alice, zone: command}}
query:
  kind: game
  {variant}
  script: [{{checkpoint: c}}]
expect: {{checkpoints: {{c: {{turn: 3}}}}}}
"""

_AE = "\n  archenemy: {player: alice, scheme_deck: [s1]}"
_PC = "planechase: {planar_decks: {alice: [p1], bob: [p2]}}\n  archenemy: {player: alice, scheme_deck: [s1]}"


@pytest.mark.parametrize("variant,words", [
    ("planechase: {planar_decks: {alice: [p1]}}" + _AE,
     "a planar deck for each player"),
    ("planechase: {planar_decks: {alice: [p2], bob: [p1]}}" + _AE,
     "owned by bob"),
    ("planechase: {planar_decks: {alice: [p1, p1], bob: [p2]}}" + _AE,
     "listed twice"),
    ("planechase: {planar_decks: {alice: [s1], bob: [p2]}}", "not a Plane or Phenomenon"),
    ("planechase: {planar_decks: {alice: [p1], bob: [p2]}}", "list it in an Archenemy game's"),
    ("archenemy: {player: carol, scheme_deck: [s1]}", "a player id"),
    ("archenemy: {player: alice, scheme_deck: [nope]}", "no object 'nope'"),
])
def test_bad_variant_fields_are_one_line_errors(variant: str, words: str) -> None:
    with pytest.raises(PyengineError) as err:
        load_text(_DOC.format(variant=variant), "x.yaml")
    msg = str(err.value)
    assert words in msg and "\n" not in msg and "x.yaml" in msg


def test_a_good_variant_scenario_loads() -> None:
    sc = load_text(_DOC.format(variant=_PC), "x.yaml")
    assert sc is not None
