"""pyengine.sba.check, case by case from CR 704.5 and 104.4a: the contract the game engine
calls (SinceLastCheck, legend choices, SbaCheck), its bad input, and the words read from
abilities (enchant, chapters, counter limits)."""

from __future__ import annotations

import dataclasses

import pytest

from pyengine.api import loads
from pyengine.budget import Budget
from pyengine.errors import PyengineError
from pyengine.facts import term
from pyengine.model.objects import GameState
from pyengine.sba import LegendGroup, SbaAction, SbaCheck, SinceLastCheck
from pyengine.sba import check as sba_check
from pyengine.sba.facts import chapters, counter_limit, enchant, roman


def check(st: GameState, **kw: object) -> SbaCheck:
    """The check with a time limit for a busy machine (the first call parses the encodings)."""
    kw.setdefault("timeout", 120.0)
    return sba_check(st, **kw)  # type: ignore[arg-type]


HEAD = """
id: t/sba
title: t
cr: ["704.5"]
rationale: r
players: [alice, bob]
turn: {active: alice}
query: {kind: sba}
expect: {actions: []}
objects:
"""


def state(*objects: str, players: str = "[alice, bob]") -> GameState:
    text = HEAD.replace("players: [alice, bob]", f"players: {players}")
    text += "".join(f"  - {o}\n" for o in objects)
    return loads(text).state


def keys(st: GameState, **kw: object) -> set[tuple[str, str, str | None]]:
    return {(a.kind, a.rule, a.obj or a.player) for a in check(st, **kw).actions}  # type: ignore[arg-type]


BEARS = "{id: bears, card: Grizzly Bears, controller: alice, timestamp: 1"


def test_nothing_applies_to_a_plain_board() -> None:
    got = check(state(BEARS + "}"))
    assert got.actions == () and got.legend_groups == () and not got.any


def test_lethal_damage_and_deathtouch_are_destruction_with_their_rules() -> None:
    st = state(BEARS + ", damage: 2}")
    assert keys(st) == {("destroy", "704.5g", "bears")}
    st = state(BEARS + ", damage: 1}")
    assert keys(st) == set()
    dt = SinceLastCheck(deathtouch_damaged=frozenset({"bears"}))
    assert keys(st, since=dt) == {("destroy", "704.5h", "bears")}


def test_deathtouch_needs_toughness_above_zero() -> None:
    # 704.5h: toughness greater than 0; at 0 it is 704.5f alone
    st = state(BEARS + ', counters: {"-1/-1": 2}}')
    got = keys(st, since=SinceLastCheck(deathtouch_damaged=frozenset({"bears"})))
    assert got == {("put_into_graveyard", "704.5f", "bears")}


def test_every_player_losing_is_a_draw_and_the_losses_are_not_reported() -> None:
    st = state(players="[{id: alice, life: 0}, {id: bob, poison: 12}]")
    got = check(st)
    assert [(a.kind, a.rule) for a in got.actions] == [("draw_game", "104.4a")]
    assert got.actions[0].obj is None and got.actions[0].player is None


def test_a_player_drawing_from_an_empty_library() -> None:
    st = state()
    got = check(st, since=SinceLastCheck(drew_from_empty=frozenset({"bob"})))
    assert got.actions == (SbaAction("lose_game", "704.5b", got.actions[0].reason, player="bob"),)
    assert "empty library" in got.actions[0].reason


def test_world_rule_tie_puts_every_newest_world_permanent_away() -> None:
    # 704.5k: a tie for the shortest time sends all of them (a state built in code: scenario
    # timestamps are unique)
    w = "name: W, types: [Enchantment], supertypes: [World], controller: alice"
    st = state(*(f"{{id: w{i}, {w}, timestamp: {i}}}" for i in (1, 2, 3)))
    objs = tuple(dataclasses.replace(o, timestamp=3) if o.id == "w2" else o for o in st.objects)
    got = keys(st.clone(objects=objs))
    assert got == {("put_into_graveyard", "704.5k", oid) for oid in ("w1", "w2", "w3")}


LEGEND = '{{id: {0}, card: "Azusa, Lost but Seeking", controller: {1}, timestamp: {2}}}'
AZUSA = "Azusa, Lost but Seeking"
LEGENDS = (LEGEND.format("a1", "alice", 1), LEGEND.format("a2", "alice", 2), LEGEND.format("b1", "bob", 3))


def test_legend_rule_groups_and_choices() -> None:
    st = state(*LEGENDS)
    got = check(st)
    assert got.actions == () and got.legend_groups == (LegendGroup("alice", AZUSA, ("a1", "a2")),)
    got = check(st, legend_choices={("alice", AZUSA): "a1"})
    assert got.legend_groups == ()
    assert [(a.kind, a.obj) for a in got.actions] == [("put_into_graveyard", "a2")]


def test_legend_choices_that_fit_no_group_are_refused() -> None:
    st = state(*LEGENDS)
    with pytest.raises(ValueError, match="not one of them"):
        check(st, legend_choices={("alice", AZUSA): "b1"})
    with pytest.raises(ValueError, match="no two legendary permanents"):
        check(st, legend_choices={("bob", AZUSA): "b1"})
    with pytest.raises(ValueError, match="unknown player"):
        check(st, legend_choices={("dave", AZUSA): "a1"})
    with pytest.raises(ValueError, match="unknown object"):
        check(st, legend_choices={("alice", AZUSA): "nobody"})


def test_unknown_ids_in_since_are_refused() -> None:
    st = state(BEARS + "}")
    with pytest.raises(ValueError, match="unknown player 'dave'"):
        check(st, since=SinceLastCheck(drew_from_empty=frozenset({"dave"})))
    with pytest.raises(ValueError, match="unknown object 'ghost'"):
        check(st, since=SinceLastCheck(deathtouch_damaged=frozenset({"ghost"})))
    with pytest.raises(ValueError, match="a set of ids"):
        SinceLastCheck(drew_from_empty="alice")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown state-based action kind"):
        SbaAction("exile", "704.5a", "r")


def test_a_shared_budget_is_used() -> None:
    budget = Budget(30.0, "a game step")
    assert check(state(BEARS + ", damage: 2}"), budget=budget).actions[0].kind == "destroy"
    assert budget.remaining() < 30.0


def test_an_unreadable_enchant_ability_is_an_error_not_anything_goes() -> None:
    aura = ("{id: aura, name: A, types: [Enchantment], subtypes: [Aura], "
            "abilities: [{text: Enchant creature or planeswalker}], controller: alice, timestamp: 2, "
            "attached_to: bears}")
    with pytest.raises(PyengineError, match="enchant"):
        check(state(BEARS + "}", aura))


def test_enchant_creature_you_control() -> None:
    aura = ("{{id: aura, name: A, types: [Enchantment], subtypes: [Aura], "
            "abilities: [{{text: Enchant creature you control}}], controller: {0}, timestamp: 2, "
            "attached_to: bears}}")
    assert keys(state(BEARS + "}", aura.format("alice"))) == set()
    assert keys(state(BEARS + "}", aura.format("bob"))) == {("put_into_graveyard", "704.5m", "aura")}


def test_the_words_read_from_abilities() -> None:
    assert roman("IV") == 4 and roman("IX") == 9 and roman("III") == 3
    assert chapters("I \u2014 Draw a card.") == (1,)
    assert chapters("II, III \u2014 Scry 1.") == (2, 3)
    assert chapters("Flying") == () and chapters("Islandwalk") == ()
    assert counter_limit("Vessel can't have more than one charge counter on it.") == ("charge", 1)
    assert counter_limit("It can\u2019t have more than 3 time counters on it.") == ("time", 3)
    assert counter_limit("Flying") is None
    assert enchant("Enchant creature", ("alice",))[1] is False
    assert str(term(enchant("Enchant land", ())[0])) == "type(land)"  # type: ignore[index]
    assert enchant("Enchanted creature gets +1/+1.", ()) is None


def test_render_cites_the_rule() -> None:
    got = check(state(BEARS + ", damage: 3}"))
    assert got.actions[0].render() == "CR 704.5g: destroy bears (lethal damage: 3 damage marked, toughness 2)"


def test_a_token_ceases_to_exist_in_every_zone_but_the_battlefield_the_stack_included() -> None:
    # 704.5d, 111.7: "a zone other than the battlefield"
    soldier = "name: T, types: [Creature], power: 1, toughness: 1, token: true"
    tok = "{{id: {0}, " + soldier + ", owner: alice, zone: {0}}}"
    st = state(*(tok.format(z) for z in ("stack", "graveyard", "exile", "hand", "library", "command")),
               "{id: live, " + soldier + ", controller: alice, timestamp: 1}")
    assert keys(st) == {("cease_to_exist", "704.5d", z)
                        for z in ("stack", "graveyard", "exile", "hand", "library", "command")}


def test_the_callers_layer_answer_gives_the_same_check() -> None:
    from pyengine.layers import compute

    st = state(BEARS + ", damage: 2}", "{id: anthem, card: Glorious Anthem, controller: alice, timestamp: 2}")
    assert check(st).actions == ()  # 3/3 with 2 damage
    assert check(st, layers=compute(st, timeout=120.0)) == check(st)
