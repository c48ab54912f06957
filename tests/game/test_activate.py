"""Activated abilities in a game (CR 602): the ``activate`` action's checks (priority 117.1b,
the controller 602.2, timing 602.5b/602.5d, targets 601.2c, the costs 118.3, 107.5, 107.6,
119.4, 302.6, 701.21a) and their resolution like a triggered ability's (608.2b, 113.7a); the
ability stays an activated ability for the layer engine (113.3b: Humility removes it, Necrotic
Ooze gains it)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.errors import ScenarioError
from pyengine.game import Advance, IllegalAction, Pass, new_game
from pyengine.game.activation import ActivateAbility
from pyengine.game.model import Game
from pyengine.game.pool import Pool
from pyengine.lang.characteristics import parse_characteristics
from pyengine.lang.effects import Ctx, parse_ability
from pyengine.lang.yamlread import Cursor
from pyengine.model.activated import parse_cost
from pyengine.model.effects import is_activated
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameObject, Player
from tests.game.helpers import card, creature, state


def _inline(oid: str, controller: str, ability: dict[str, Any], ts: int = 5, **kw: Any) -> GameObject:
    doc = {"name": f"C{oid}", "types": ["Creature"], "power": 2, "toughness": 2, "abilities": [ability]}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix=oid, players=("alice", "bob")))
    return GameObject(oid, chars, owner=controller, controller=controller, timestamp=ts, **kw)


def _ab(cost: str, do: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"activated": {"cost": cost, "do": do, **extra}, "text": f"{cost}: do it."}


GAIN = [{"kind": "gain_life", "player": "you", "amount": 2}]


def _resolve(game: Game) -> Game:
    top = game.stack[-1]
    while game.stack and game.stack[-1] is top:
        game = game.apply(Pass())
    return game


def _life(game: Game, pid: str) -> int:
    return game.state.player(pid).life


def _zone(game: Game, oid: str) -> Zone:
    return game.state.object(oid).zone


def test_cost_parts() -> None:
    c = parse_cost("{1}{R}, {T}, Sacrifice a creature, Pay 2 life, Discard a card")
    assert (c.mana, c.tap, c.sacrifice, c.life, c.discard) == ("{1}{R}", True, "creature", 2, 1)
    assert parse_cost("Sacrifice Mogg Fanatic").sacrifice_self
    assert parse_cost("{Q}, Remove a +1/+1 counter from SELF").remove == ("+1/+1", 1)
    assert parse_cost("Tap two untapped creatures you control").tap_untapped == ("creature", 2, False)
    assert parse_cost("Tap another untapped creature you control").tap_untapped == ("creature", 1, True)
    # 107.3a: {X} is announced as it is activated, not part of the fixed mana (activation_x)
    x = parse_cost("{X}{X}{R}, {T}")
    assert (x.mana, x.x, x.tap) == ("{R}", 2, True)
    for bad in ("{S}, {T}", "Exile a card from your hand", "{T}, {T}", "",
                "Tap an untapped Blarg you control", "Discard a card at random"):
        with pytest.raises(ValueError):
            parse_cost(bad)


def test_the_language_keeps_the_text_and_an_activated_ability() -> None:
    ab = parse_ability(Cursor.root(_ab("{T}", GAIN), None), Ctx())
    assert ab.kind == "text" and ab.text == "{T}: do it." and is_activated(ab)
    with pytest.raises(ScenarioError, match="cost part"):
        parse_ability(Cursor.root(_ab("Exile a card from your hand", GAIN), None), Ctx())
    with pytest.raises(ScenarioError, match="names no target"):
        parse_ability(Cursor.root(_ab("{T}", [{"kind": "draw", "player": "target"}]), None), Ctx())


def test_pinger_resolves_and_fizzles_when_its_target_is_gone() -> None:
    """608.2b: the only target left the battlefield: the ability doesn't resolve."""
    g = new_game(state(card("pyro", "Prodigal Pyromancer", "alice", 1), creature("x", "bob", 1, 1, 2)))
    g = g.apply(ActivateAbility("alice", "pyro", targets=("x",)))
    assert g.state.object("pyro").tapped and g.top() is not None and g.priority == "alice"
    from pyengine.game import Perform
    from pyengine.game.casting import _move

    g = g.apply(Perform((_move("x", "battlefield", "graveyard", "destroy"),)))
    g = _resolve(g)
    assert not g.stack and _life(g, "bob") == 20


def test_only_the_controller_with_priority_activates() -> None:
    g = new_game(state(card("pyro", "Prodigal Pyromancer", "alice", 1)))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("bob", "pyro", targets=("alice",)))
    assert e.value.rule == "117.1b"
    g = g.apply(Pass())  # bob has priority; the Pyromancer is alice's
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("bob", "pyro", targets=("alice",)))
    assert e.value.rule == "602.2"


def test_humility_removes_the_ability_and_necrotic_ooze_gains_it() -> None:
    """113.3b, 613.1f: losing all abilities removes an activated ability; Necrotic Ooze has
    the activated abilities of the creature cards in graveyards."""
    g = new_game(state(card("pyro", "Prodigal Pyromancer", "alice", 1), card("hum", "Humility", "bob", 2)))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "pyro", targets=("bob",)))
    assert e.value.rule == "602.1"
    ooze = card("ooze", "Necrotic Ooze", "alice", 1)
    dead = card("dead", "Prodigal Pyromancer", "alice", 0, zone=Zone.GRAVEYARD)
    g = new_game(state(ooze, dead))
    g = _resolve(g.apply(ActivateAbility("alice", "ooze", targets=("bob",))))
    assert _life(g, "bob") == 19 and g.state.object("ooze").tapped


def test_sorcery_timing_and_once_each_turn() -> None:
    """602.5d: only in its controller's main phase with an empty stack; 602.5b: once each turn."""
    ab = _ab("{T}", GAIN, timing="sorcery")
    g = new_game(state(_inline("s", "alice", ab), step=Step.BEGINNING_OF_COMBAT))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "s"))
    assert e.value.rule == "602.5d"
    g = new_game(state(_inline("s", "alice", ab)))
    assert _life(_resolve(g.apply(ActivateAbility("alice", "s"))), "alice") == 22
    once = _ab("Pay 1 life", GAIN, limit="once_each_turn")
    g = new_game(state(_inline("o", "alice", once)))
    g = _resolve(g.apply(ActivateAbility("alice", "o")))
    assert _life(g, "alice") == 21
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "o"))
    assert e.value.rule == "602.5b"
    g = g.apply(Advance(Step.PRECOMBAT_MAIN, 5))
    g = _resolve(g.apply(ActivateAbility("alice", "o")))  # alice's next turn: once again
    assert _life(g, "alice") == 22


def test_life_sacrifice_discard_counters_and_untap_costs() -> None:
    """119.4, 701.21a, 701.9a, 118.3, 107.6: each part paid, or the activation refused."""
    poor = (Player("alice", life=1, library_size=20), Player("bob", library_size=20))
    g = new_game(state(_inline("l", "alice", _ab("Pay 2 life", GAIN)), players=poor))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "l"))
    assert e.value.rule == "119.4"
    sac = _inline("s", "alice", _ab("Sacrifice another creature", GAIN))
    land = card("land", "Mountain", "alice", 2)
    g = new_game(state(sac, land, creature("c", "alice", 1, 1, 3)))
    for wrong, rule in (((), "601.2h"), (("land",), "601.2h"), (("s",), "601.2h")):
        with pytest.raises(IllegalAction) as e:
            g.apply(ActivateAbility("alice", "s", sacrifice=wrong))
        assert e.value.rule == rule
    g2 = g.apply(ActivateAbility("alice", "s", sacrifice=("c",)))
    assert _zone(g2, "c") == Zone.GRAVEYARD and _life(_resolve(g2), "alice") == 22
    disc = _inline("d", "alice", _ab("Discard a card", [{"kind": "draw", "player": "you"}]))
    g = new_game(state(disc, card("h", "Mountain", "alice", 0, zone=Zone.HAND),
                       card("b", "Mountain", "bob", 0, zone=Zone.HAND)))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "d", discard=("b",)))
    assert e.value.rule == "701.9a"
    assert _zone(g.apply(ActivateAbility("alice", "d", discard=("h",))), "h") == Zone.GRAVEYARD
    ctr = _inline("k", "alice", _ab("{Q}, Remove a +1/+1 counter from SELF", GAIN), tapped=True,
                  counters=(("+1/+1", 1),))
    g = new_game(state(ctr))
    g2 = g.apply(ActivateAbility("alice", "k"))
    assert not g2.state.object("k").tapped and dict(g2.state.object("k").counters).get("+1/+1", 0) == 0
    with pytest.raises(IllegalAction) as e:  # now untapped: {Q} can't be paid
        _resolve(g2).apply(ActivateAbility("alice", "k"))
    assert e.value.rule == "107.6"


def test_mana_from_the_pool_and_the_choice_of_mana() -> None:
    """601.2h: the pool pays; with two kinds left for generic mana the player says which."""
    ab = _ab("{1}{R}", GAIN)
    rich = (Player("alice", mana="{R}{G}{U}", library_size=20), Player("bob", library_size=20))
    g = new_game(state(_inline("m", "alice", ab), players=rich))
    with pytest.raises(IllegalAction, match="more than one way"):
        g.apply(ActivateAbility("alice", "m"))
    g2 = g.apply(ActivateAbility("alice", "m", pool=Pool.parse("{R}{U}")))
    assert g2.state.player("alice").mana == "{G}"
    poor = (Player("alice", mana="{G}{G}", library_size=20), Player("bob", library_size=20))
    with pytest.raises(IllegalAction) as e:
        new_game(state(_inline("m", "alice", ab), players=poor)).apply(ActivateAbility("alice", "m"))
    assert e.value.rule == "601.2h"


def test_protection_forbids_the_target() -> None:
    """702.16b: a creature with protection from black can't be the target of Royal
    Assassin's (black) ability."""
    knight = creature("k", "bob", 2, 2, 2, keywords=("protection from black",), tapped=True)
    g = new_game(state(card("ra", "Royal Assassin", "alice", 1), knight))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "ra", targets=("k",)))
    assert e.value.rule == "601.2c"


def test_a_pump_on_the_source_until_end_of_turn() -> None:
    """611.2c, 514.2: "SELF gets +1/+0 until end of turn" (Firebreathing's "{R}: +1/+0"):
    each activation adds +1/+0 to the source, locked in as it resolves; the effects end in
    the cleanup step."""
    ab = {"activated": {"cost": "{R}", "resolves": {"modify_pt": {"power": 1, "toughness": 0}},
                        "duration": "end_of_turn"}, "text": "{R}: SELF gets +1/+0 until end of turn."}
    rich = (Player("alice", mana="{R}{R}", library_size=20), Player("bob", library_size=20))
    g = new_game(state(_inline("f", "alice", ab), players=rich))
    g = _resolve(_resolve(g.apply(ActivateAbility("alice", "f")).apply(ActivateAbility("alice", "f"))))
    from pyengine.game.perform import layers

    assert layers(g.state).objects["f"].power == 4 and layers(g.state).objects["f"].toughness == 2
    g = g.apply(Advance(Step.UPKEEP, 4))
    assert layers(g.state).objects["f"].power == 2
    with pytest.raises(ScenarioError, match="affects"):
        parse_ability(Cursor.root({"activated": {"cost": "{R}", "resolves": {
            "affects": "self", "modify_pt": {"power": 1}}}, "text": "{R}: x."}, None), Ctx())


def test_abilities_are_numbered_in_the_order_printed() -> None:
    """602.2a: the player announces which ability; ``ability: N`` counts the source's activated
    abilities in the order printed (not by their texts)."""
    doc = {"name": "Two", "types": ["Artifact"], "abilities": [
        {"activated": {"cost": "{T}", "do": GAIN}, "text": "{T}: You gain 2 life."},
        {"activated": {"cost": "{Q}", "do": [{"kind": "gain_life", "player": "you", "amount": 5}]},
         "text": "{Q}: You gain 5 life."}]}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="two", players=("alice", "bob")))
    g = new_game(state(GameObject("two", chars, owner="alice", controller="alice", timestamp=1)))
    with pytest.raises(IllegalAction) as e:
        g.apply(ActivateAbility("alice", "two"))
    assert e.value.rule == "602.2a"
    assert _life(_resolve(g.apply(ActivateAbility("alice", "two", ability=1))), "alice") == 22
    with pytest.raises(IllegalAction) as e:  # {Q} of an untapped permanent
        g.apply(ActivateAbility("alice", "two", ability=2))
    assert e.value.rule == "107.6"


# --- loyalty abilities (CR 606) ---------------------------------------------------------------

def _jace(loyalty: int, **kw: Any) -> Game:
    return new_game(state(card("jace", "Jace Beleren", "alice", 1, counters=(("loyalty", loyalty),)),
                          creature("x", "bob", 1, 1, 2), **kw))


def _loyalty(game: Game) -> int:
    return dict(game.state.object("jace").counters).get("loyalty", 0)


def test_loyalty_cost_parts() -> None:
    """606.1, 606.4: +N, −N (and -N), 0; a bare number other than 0 is no loyalty cost."""
    assert [parse_cost(t).loyalty for t in ("+2", "\u22121", "-3", "0")] == [2, -1, -3, 0]
    assert parse_cost("{T}").loyalty is None and not parse_cost("{T}").is_loyalty
    with pytest.raises(ValueError):
        parse_cost("2")


def test_loyalty_plus_and_minus_move_counters_and_resolve() -> None:
    """606.4: +2 puts two loyalty counters on; −1 removes one; the abilities then resolve."""
    g = _jace(3).apply(ActivateAbility("alice", "jace", ability=1))
    assert _loyalty(g) == 5 and g.priority == "alice"
    g = _resolve(g)
    assert g.state.player("alice").library_size == 19 and g.state.player("bob").library_size == 19
    g = _jace(3).apply(ActivateAbility("alice", "jace", ability=2, targets=("bob",)))
    assert _loyalty(g) == 2
    assert _resolve(g).state.player("bob").library_size == 19


def test_loyalty_minus_needs_the_counters() -> None:
    """606.6: a −2 can't be activated with one loyalty counter; the game is unchanged. With
    exactly two it can."""
    doc = {"name": "Test Walker", "types": ["Planeswalker"],
           "abilities": [{"activated": {"cost": "\u22122", "do": GAIN}, "text": "\u22122: You gain 2 life."}]}
    chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="w", players=("alice", "bob")))

    def game(n: int) -> Game:
        return new_game(state(GameObject("w", chars, owner="alice", controller="alice", timestamp=1,
                                         counters=(("loyalty", n),))))
    with pytest.raises(IllegalAction) as err:
        game(1).apply(ActivateAbility("alice", "w"))
    assert err.value.rule == "606.6"
    g = game(2).apply(ActivateAbility("alice", "w"))
    assert _zone(g, "w") == Zone.GRAVEYARD and _life(_resolve(g), "alice") == 22


def test_loyalty_only_at_sorcery_speed_and_once_per_turn() -> None:
    """606.3: main phase of the controller's turn, empty stack, no loyalty ability of that
    permanent activated this turn (the next turn it may again)."""
    for kw in ({"step": Step.BEGINNING_OF_COMBAT}, {}):
        g = _jace(3, **kw)
        if not kw:  # a nonempty stack: alice's own +2 waits on it
            g = g.apply(ActivateAbility("alice", "jace", ability=1))
        with pytest.raises(IllegalAction) as err:
            g.apply(ActivateAbility("alice", "jace", ability=2, targets=("bob",)))
        assert err.value.rule == "606.3"
    g = _resolve(_jace(3).apply(ActivateAbility("alice", "jace", ability=1)))
    assert not g.stack
    with pytest.raises(IllegalAction, match="already been activated") as err:
        g.apply(ActivateAbility("alice", "jace", ability=2, targets=("bob",)))
    assert err.value.rule == "606.3"


def test_loyalty_zero_puts_the_planeswalker_into_the_graveyard() -> None:
    """704.5i: after −1 from one counter, state-based actions put Jace into the graveyard
    before alice receives priority; the ability still resolves (113.7a)."""
    g = _jace(1).apply(ActivateAbility("alice", "jace", ability=2, targets=("alice",)))
    assert _zone(g, "jace") == Zone.GRAVEYARD and len(g.stack) == 1
    assert _resolve(g).state.player("alice").library_size == 19


def test_legal_actions_list_the_activations_the_game_accepts() -> None:
    """602.2: legal_actions lists activations a random player may pick; each one applies.
    A loyalty ability is not listed once one of Jace's was activated this turn (606.3), nor
    with a spell or ability on the stack (606.3: an empty stack)."""
    g = _jace(3)
    acts = [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]
    assert {(a.source, a.ability) for a in acts} == {("jace", 1), ("jace", 2)}
    assert {a.targets for a in acts if a.ability == 2} == {("alice",), ("bob",)}
    for a in acts:
        g.apply(a)
    g = g.apply(ActivateAbility("alice", "jace", ability=1))
    assert not [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]
    g = _resolve(g)
    assert not [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]


def test_legal_actions_tap_mana_sources_for_the_cost() -> None:
    """601.2g via 602.2b: Rod of Ruin's {3} is listed paid by tapping three Mountains; with two
    Mountains it is not listed (118.3)."""
    lands = [card(f"m{i}", "Mountain", "alice", 2 + i) for i in range(3)]
    g = new_game(state(card("rod", "Rod of Ruin", "alice", 1), *lands))
    acts = [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]
    assert acts and all(len(a.tap) == 3 for a in acts)
    g2 = g.apply(acts[0])
    assert g2.state.object("rod").tapped and g2.stack
    g = new_game(state(card("rod", "Rod of Ruin", "alice", 1), *lands[:2]))
    assert not [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]


def test_random_play_activates_abilities() -> None:
    """Random legal actions on a board with Jace Beleren, Rod of Ruin and Prodigal Pyromancer:
    every listed action applies (602.2), a loyalty ability at most once per Jace each turn
    (606.3), and Jace's loyalty is its counters: never below 0 on the battlefield (606.6)."""
    import random

    rng = random.Random(7)
    objs = [card("jace", "Jace Beleren", "alice", 1, counters=(("loyalty", 3),)),
            card("rod", "Rod of Ruin", "alice", 2), card("pyro", "Prodigal Pyromancer", "bob", 3)]
    objs += [card(f"m{i}", "Mountain", "alice", 4 + i) for i in range(3)]
    g = new_game(state(*objs))
    activated = 0
    for _ in range(40):
        acts = [a for a in g.legal_actions() if not type(a).__name__ == "Concede"]
        if not acts:
            break
        mine = [a for a in acts if isinstance(a, ActivateAbility)]
        g = g.apply(rng.choice(mine) if mine and rng.random() < 0.6 else rng.choice(acts))
        activated += bool(mine)
        if g.state.object("jace").zone == Zone.BATTLEFIELD:
            assert _loyalty(g) > 0
    assert activated
    turns: dict[int, int] = {}
    turn = 0
    for e in g.log:
        if e.kind == "step_begins" and e.step == "untap":
            turn += 1
        if e.kind == "activate" and e.cause == "loyalty":
            turns[turn] = turns.get(turn, 0) + 1
    assert turns and max(turns.values()) == 1


def test_only_during_your_turn_and_only_during_combat() -> None:
    """602.5: "Activate only during your turn" (not on the opponent's turn); "Activate only
    during combat" (the combat phase's steps, 506.1; not in a main phase)."""
    def game(timing: str, active: str, step: Step) -> Game:
        s = state(_inline("c", "alice", _ab("{0}", GAIN, timing=timing)), step=step)
        s = s.clone(turn=s.turn.__class__(active, 3, step))
        return new_game(s)

    g = game("your_turn", "bob", Step.UPKEEP)
    while g.priority != "alice":
        g = g.apply(Pass())
    with pytest.raises(IllegalAction) as err:
        g.apply(ActivateAbility("alice", "c"))
    assert err.value.rule == "602.5"
    g = game("your_turn", "alice", Step.UPKEEP)
    assert _life(_resolve(g.apply(ActivateAbility("alice", "c"))), "alice") == 22
    with pytest.raises(IllegalAction, match="during combat"):
        game("combat", "alice", Step.PRECOMBAT_MAIN).apply(ActivateAbility("alice", "c"))
    for step in (Step.BEGINNING_OF_COMBAT, Step.END_OF_COMBAT):
        g = game("combat", "alice", step).apply(ActivateAbility("alice", "c"))
        assert _life(_resolve(g), "alice") == 22


def test_tap_an_untapped_creature_you_control() -> None:
    """602.2b, 601.2h: "Tap an untapped creature you control" taps the creature the activation
    names: alice's, untapped (107.5), a creature; a summoning-sick one may be tapped for it (302.6
    restricts only a creature's own {T}); "another": not the source; a listed activation names one."""
    ab = _ab("Tap an untapped creature you control", GAIN)
    def game(sick: bool = False) -> Game:
        return new_game(state(_inline("c", "alice", ab, ts=1),
                              creature("y", "alice", 1, 1, 2, controlled_since_turn_start=not sick),
                              creature("t", "alice", 1, 1, 3, tapped=True),
                              card("seat", "Seat of the Synod", "alice", 4), creature("z", "bob", 1, 1, 5)))
    g = game(sick=True).apply(ActivateAbility("alice", "c", tap_untapped=("y",)))
    assert g.state.object("y").tapped and not g.state.object("c").tapped
    assert _life(_resolve(g), "alice") == 22
    for ids, rule in ((("t",), "107.5"), (("seat",), "601.2h"), (("z",), "601.2h"), ((), "601.2h"),
                      (("y", "c"), "601.2h")):
        with pytest.raises(IllegalAction) as err:
            game().apply(ActivateAbility("alice", "c", tap_untapped=ids))
        assert err.value.rule == rule, ids
    assert game().apply(ActivateAbility("alice", "c", tap_untapped=("c",))).state.object("c").tapped
    other = _ab("Tap another untapped creature you control", GAIN)
    g = new_game(state(_inline("c", "alice", other, ts=1), creature("y", "alice", 1, 1, 2)))
    with pytest.raises(IllegalAction, match="another"):
        g.apply(ActivateAbility("alice", "c", tap_untapped=("c",)))
    listed = [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]
    assert [a.tap_untapped for a in listed] == [("y",)]


def test_cycling_from_the_hand() -> None:
    """702.29a: "Cycling {1}" means "{1}, Discard this card: Draw a card.", activated from the
    hand (113.6m: its cost moves the card out of the hand); only by the card's owner (108.4a);
    not from the battlefield; listed by legal_actions."""
    def cycler(zone: Zone) -> GameObject:
        doc = {"name": "Test Cycler", "types": ["Creature"], "power": 1, "toughness": 1,
               "abilities": [{"text": "Cycling {1}"}]}
        chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="cy", players=("alice", "bob")))
        return GameObject("cy", chars, owner="alice", controller="alice", timestamp=1, zone=zone)

    players = (Player("alice", library_size=20, mana="{R}"), Player("bob", library_size=20))
    g = new_game(state(cycler(Zone.HAND), players=players))
    listed = [a for a in g.legal_actions() if isinstance(a, ActivateAbility)]
    assert [a.source for a in listed] == ["cy"]
    g = g.apply(ActivateAbility("alice", "cy"))
    assert _zone(g, "cy") == Zone.GRAVEYARD and g.state.player("alice").mana == "" and len(g.stack) == 1
    g = _resolve(g)
    assert (g.state.player("alice").library_size, g.state.player("alice").hand_size) == (19, 1)
    with pytest.raises(IllegalAction) as err:
        new_game(state(cycler(Zone.BATTLEFIELD), players=players)).apply(ActivateAbility("alice", "cy"))
    assert err.value.rule == "602.1"
    g = new_game(state(cycler(Zone.HAND), players=players))
    g = g.apply(Pass())  # bob receives priority
    with pytest.raises(IllegalAction) as err:
        g.apply(ActivateAbility("bob", "cy"))
    assert err.value.rule == "602.2"
    with pytest.raises(IllegalAction) as err:  # no mana: 118.3
        new_game(state(cycler(Zone.HAND))).apply(ActivateAbility("alice", "cy"))
    assert err.value.rule == "601.2h"


def test_exile_this_card_from_your_graveyard() -> None:
    """113.6m: a cost exiling its card from a graveyard makes the ability function there only:
    activated by the card's owner (108.4a) from the graveyard, the card exiled as the cost is
    paid; not from the battlefield."""
    ab = {"activated": {"cost": "Exile this card from your graveyard", "do": GAIN},
          "text": "Exile this card from your graveyard: You gain 2 life."}
    assert parse_cost("Exile Dauntless Cathar from your graveyard").zone == "graveyard"

    def game(zone: Zone) -> Game:
        doc = {"name": "Test Ghost", "types": ["Creature"], "power": 1, "toughness": 1, "abilities": [ab]}
        chars = parse_characteristics(Cursor.root(doc, None), Ctx(key_prefix="gh", players=("alice", "bob")))
        return new_game(state(GameObject("gh", chars, owner="alice", controller="alice", timestamp=1,
                                         zone=zone)))
    g = game(Zone.GRAVEYARD)
    assert [a.source for a in g.legal_actions() if isinstance(a, ActivateAbility)] == ["gh"]
    g = g.apply(ActivateAbility("alice", "gh"))
    assert _zone(g, "gh") == Zone.EXILE and _life(_resolve(g), "alice") == 22
    for zone, rule in ((Zone.BATTLEFIELD, "602.1"), (Zone.HAND, "602.1")):
        with pytest.raises(IllegalAction) as err:
            game(zone).apply(ActivateAbility("alice", "gh"))
        assert err.value.rule == rule
    with pytest.raises(IllegalAction) as err:
        game(Zone.GRAVEYARD).apply(Pass()).apply(ActivateAbility("bob", "gh"))
    assert err.value.rule == "602.2"


def test_a_generic_cost_takes_all_the_mana_left_when_that_is_exactly_it() -> None:
    # 601.2h: {2} from a pool of {R}{G} is paid one way only, with both (it was refused as
    # "no {R}{R} to spend": generic was taken from the first type of mana alone)
    from pyengine.game.activation_cost import mana_spent

    assert mana_spent("{2}", Pool.parse("{R}{G}"), None) == Pool.parse("{R}{G}")
    assert mana_spent("{1}{U}", Pool.parse("{U}{G}"), None) == Pool.parse("{U}{G}")
    with pytest.raises(IllegalAction, match="more than one way"):
        mana_spent("{1}", Pool.parse("{R}{G}"), None)
