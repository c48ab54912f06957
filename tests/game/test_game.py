"""The game's moves: legal actions, apply and undo, illegal actions leaving the game as it
was, priority passing, the stack, 508.8, 103.8a and the cleanup step (CR 500-514, 117, 405)."""

from __future__ import annotations

import pytest

from pyengine import catalog
from pyengine.errors import UnsupportedQuery
from pyengine.game import (
    Advance,
    AssignDamage,
    Concede,
    DeclareAttackers,
    DeclareBlockers,
    Discard,
    IllegalAction,
    Pass,
    PutOnStack,
    StackItem,
    new_game,
)
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import Player
from pyengine.replacement.event import Event
from tests.game.helpers import card, creature, state


def _damage(source: str, target: str, amount: int, player: bool = False) -> Event:
    return Event("damage", (("source", ("o", source)), ("target", ("p" if player else "o", target)),
                            ("amount", amount), ("combat", False)))


def test_active_player_gets_priority_first_and_passing_goes_round() -> None:
    game = new_game(state(step=Step.UPKEEP))
    assert (game.step, game.priority, game.passes) == (Step.UPKEEP, "alice", 0)  # 117.3a
    assert Pass("alice") in game.legal_actions()
    after = game.apply(Pass("alice"))
    assert (after.step, after.priority, after.passes) == (Step.UPKEEP, "bob", 1)  # 117.3d
    ended = after.apply(Pass("bob"))  # 117.4: all passed with an empty stack
    assert ended.step == Step.DRAW and ended.priority == "alice" and ended.passes == 0


def test_apply_keeps_the_previous_game_and_an_illegal_action_changes_nothing() -> None:
    game = new_game(state(step=Step.UPKEEP))
    nxt = game.apply(Pass())
    assert nxt.previous is game and game.priority == "alice"  # immutable; undo is .previous
    with pytest.raises(IllegalAction) as info:
        game.apply(Pass("bob"))
    assert info.value.rule == "117.3d"
    assert game.priority == "alice" and game.passes == 0 and game.log == nxt.previous.log


def test_declarations_are_pending_turn_based_actions() -> None:
    game = new_game(state(card("bears", "Grizzly Bears", "alice", 1),
                          card("ogre", "Gray Ogre", "bob", 2), step=Step.BEGINNING_OF_COMBAT))
    game = game.apply(Advance(Step.DECLARE_ATTACKERS))
    assert game.pending == "declare_attackers" and game.priority is None
    assert game.legal_actions() == (DeclareAttackers(),)
    with pytest.raises(IllegalAction) as info:
        game.apply(Pass())
    assert info.value.rule == "508.1"
    game = game.apply(DeclareAttackers((("bears", "bob"),)))
    assert game.state.object("bears").tapped and game.priority == "alice"  # 508.1f
    game = game.apply(Advance(Step.DECLARE_BLOCKERS)).apply(DeclareBlockers((("ogre", "bears"),)))
    assert game.combat.blocked == frozenset({"bears"})
    game = game.apply(Advance(Step.COMBAT_DAMAGE)).apply(AssignDamage())
    dead = [e for e in game.log if e.kind == "zone_change" and e.to_zone == "graveyard"]
    assert sorted((e.obj, e.rule) for e in dead) == [("bears", "704.5g"), ("ogre", "704.5g")]
    assert game.state.player("bob").life == 20  # blocked, no trample


def test_no_attackers_skip_declare_blockers_and_damage() -> None:
    game = new_game(state(card("bears", "Grizzly Bears", "alice", 1), step=Step.DECLARE_ATTACKERS))
    game = game.apply(DeclareAttackers(())).apply(Pass()).apply(Pass())
    assert game.step == Step.END_OF_COMBAT  # 508.8
    assert [e.step for e in game.log if e.kind == "step_begins"] == ["declare_attackers", "end_of_combat"]


def test_first_strike_step_exists_only_with_a_first_striker() -> None:
    plain = new_game(state(creature("a", "alice", 2, 2, 1), step=Step.DECLARE_ATTACKERS))
    plain = plain.apply(DeclareAttackers((("a", "bob"),))).apply(Advance(Step.END_OF_COMBAT))
    steps = [e.step for e in plain.log if e.kind == "step_begins"]
    assert "first_strike_damage" not in steps and "combat_damage" in steps
    fs = new_game(state(creature("a", "alice", 2, 2, 1, ("first strike",)), step=Step.DECLARE_ATTACKERS))
    fs = fs.apply(DeclareAttackers((("a", "bob"),))).apply(Advance(Step.END_OF_COMBAT))
    steps = [e.step for e in fs.log if e.kind == "step_begins"]
    assert steps.index("first_strike_damage") < steps.index("combat_damage")  # 510.4
    assert fs.state.player("bob").life == 18  # first strike alone: damage in the first step only


def test_starting_player_skips_the_first_draw() -> None:
    players = (Player("alice", library_size=5), Player("bob", library_size=5))
    game = new_game(state(step=Step.UNTAP, number=1, players=players))
    game = game.apply(Advance(Step.PRECOMBAT_MAIN))
    assert game.state.player("alice").hand_size == 0  # 103.8a
    game = game.apply(Advance(Step.PRECOMBAT_MAIN, 2))
    assert game.active == "bob" and game.state.player("bob").hand_size == 1  # 504.1


def test_stack_is_last_in_first_out() -> None:
    game = new_game(state(creature("x", "alice", 1, 5, 1), creature("y", "bob", 1, 5, 2), step=Step.UPKEEP))
    first = StackItem("first", "alice", "1 to y", events=(_damage("x", "y", 1),))
    second = StackItem("second", "bob", "2 to y", events=(_damage("y", "y", 2),))
    game = game.apply(PutOnStack(first)).apply(Pass()).apply(PutOnStack(second))
    assert [s.id for s in game.stack] == ["first", "second"] and game.priority == "bob"  # 117.3c
    game = game.apply(Pass()).apply(Pass())
    assert [s.id for s in game.stack] == ["first"] and game.state.object("y").damage == 2  # 405.5
    assert game.priority == "alice"  # 117.3b
    game = game.apply(Pass()).apply(Pass())
    assert not game.stack and game.state.object("y").damage == 3


def test_target_gone_means_the_spell_does_not_resolve() -> None:
    game = new_game(state(card("bears", "Grizzly Bears", "alice", 1), creature("w", "bob", 1, 1, 2)))
    growth = StackItem("gg", "alice", "Giant Growth", obj="gg", card="Giant Growth",
                       targets=(("bears", False),), target_types=("Creature",),
                       continuous=catalog.lookup("Giant Growth").resolves)  # type: ignore[union-attr]
    bounce = Event("move", (("object", ("o", "bears")), ("count", 1), ("from", "battlefield"), ("to", "hand"),
                            ("cause", "effect"), ("position", None), ("control", None), ("as", None),
                            ("tapped", False), ("face", "front"), ("choice", None)))
    game = game.apply(PutOnStack(growth)).apply(Pass())
    item = StackItem("b", "bob", "bounce", events=(bounce,), targets=(("bears", False),), source="w")
    game = game.apply(PutOnStack(item))
    game = game.apply(Pass()).apply(Pass()).apply(Pass()).apply(Pass())
    assert not game.stack and game.state.object("gg").zone == Zone.GRAVEYARD  # 608.2b
    assert not game.state.effects


def test_cleanup_discard_is_the_active_players_choice_of_named_cards() -> None:
    hand = tuple(card(f"h{i}", "Grizzly Bears", "alice", zone=Zone.HAND) for i in range(9))
    players = (Player("alice", hand_size=9, library_size=5), Player("bob", library_size=5))
    game = new_game(state(*hand, step=Step.END, players=players))
    game = game.apply(Pass()).apply(Pass())
    assert game.step == Step.CLEANUP and game.pending == "discard"  # 514.1
    assert Discard("alice", ("h0",)) in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(Discard("alice", ("h0", "h1", "h2")))
    game = game.apply(Discard("alice", ("h0", "h1")))
    assert game.state.player("alice").hand_size == 7
    assert {o.id for o in game.state.objects if o.zone == Zone.GRAVEYARD} == {"h0", "h1"}
    game = game.apply(Advance(Step.UPKEEP))
    assert game.active == "bob"


def test_damage_is_removed_and_end_of_turn_effects_end_at_cleanup() -> None:
    game = new_game(state(creature("x", "alice", 1, 5, 1, damage=3), step=Step.END))
    game = game.apply(Advance(Step.UPKEEP))
    assert game.state.object("x").damage == 0  # 514.2


def test_concede_ends_the_game() -> None:
    game = new_game(state(step=Step.UPKEEP)).apply(Concede("bob"))
    assert game.outcome.winners == ("alice",) and game.outcome.losers == ("bob",)
    assert game.legal_actions() == ()
    with pytest.raises(IllegalAction):
        game.apply(Pass())


def test_multiplayer_is_refused() -> None:
    with pytest.raises(UnsupportedQuery, match="two-player"):
        new_game(state(players=(Player("a"), Player("b"), Player("c"))))


def test_a_repeating_moment_with_no_way_out_is_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    # a cleanup step in which something always happens repeats forever (514.3a): the same
    # moment comes back with nothing left to choose, a loop of mandatory actions (104.4b)
    from pyengine.game import checks

    monkeypatch.setattr(checks, "checks", lambda game, budget: (game, True))
    game = new_game(state(step=Step.END)).apply(Advance(Step.UPKEEP))
    assert game.outcome.draw and game.outcome.reason == "104.4b"
    assert game.log[-1].kind == "draw_game" and game.step == Step.CLEANUP


def test_a_loss_a_cant_effect_stops_is_no_performed_action(monkeypatch: pytest.MonkeyPatch) -> None:
    # Bob at 0 life controls Platinum Angel ("You can't lose the game", 614.17): the loss of
    # 704.5a can't happen, so no state-based action is performed and the check is not
    # repeated (704.3); the game goes on with bob at 0 life instead of looping to a draw
    from pyengine.game import checks

    monkeypatch.setattr(checks, "MAX_ROUNDS", 3)  # a loop would end as a draw (104.4b) at once
    game = new_game(state(card("angel", "Platinum Angel", "bob", 1), step=Step.UPKEEP,
                          players=(Player("alice", library_size=20),
                                   Player("bob", life=0, library_size=20))))
    assert not game.outcome.over and game.outcome.losers == ()
    assert game.priority == "alice" and not any(e.kind == "lose_game" for e in game.log)
    done, happened = checks.checks(game, 30.0)
    assert not happened and not done.outcome.over


def test_a_game_cloned_is_the_game_dataclasses_replace_gives() -> None:
    # Game.clone copies the fields without __init__: the same game as dataclasses.replace,
    # the original unchanged, an unknown field refused as replace refuses it
    import dataclasses

    game = new_game(state(step=Step.UPKEEP))
    after = game.clone(passes=3, priority="bob")
    assert after == dataclasses.replace(game, passes=3, priority="bob") and after is not game
    assert (game.passes, game.priority) == (0, "alice") and (after.passes, after.priority) == (3, "bob")
    assert hash(after) == hash(dataclasses.replace(game, passes=3, priority="bob"))
    assert game.clone() == game and game.with_state(objects=()) == dataclasses.replace(
        game, state=dataclasses.replace(game.state, objects=()))
    with pytest.raises(TypeError):
        game.clone(no_such_field=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.passes = 4  # type: ignore[misc]
