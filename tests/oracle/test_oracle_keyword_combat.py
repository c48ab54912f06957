"""CR 702 keywords compiled from their rules and run by the game: typecycling (702.29e), toxic
(702.164), poisonous (702.70a), afflict (702.130a), soulshift (702.46a) and echo (702.30a).
The cards are invented faces (card data, compiled; no ability written by hand); each expected
answer comes from the rule cited in its test."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api, oracle
from pyengine.errors import ScenarioError
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


def _creature(name: str, text: str, pt: str = "1/1", cost: str = "{1}{G}", **more: Any) -> dict[str, Any]:
    power, toughness = pt.split("/")
    return _face(name, cost, ["Creature"], text, power=power, toughness=toughness, **more)


CARDS = [
    _creature("Grizzly Bears", "", "2/2", subtypes=["Bear"]),
    _face("Forest", "", ["Land"], "({T}: Add {G}.)", subtypes=["Forest"], supertypes=["Basic"]),
    _creature("Test Cycler", "Forestcycling {2}", "5/5"),
    _creature("Test Wizard Cycler", "Wizardcycling {3}", "2/2"),
    _creature("Test Toxic Rat", "Toxic 2 (Players dealt combat damage by this creature also get two poison "
              "counters.)"),
    _creature("Test Poison Snake", "Poisonous 1"),
    _creature("Test Afflicter", "Afflict 2", "3/3"),
    _creature("Test Shifter", "Soulshift 3", "2/2", subtypes=["Spirit"], cost="{3}{B}"),
    _creature("Test Small Spirit", "", "1/1", subtypes=["Spirit"], cost="{1}"),
    _creature("Test Echo Beast", "Echo {1}{G}", "3/3"),
    _creature("Test Discard Echo", "Echo\u2014Discard a card.", "3/3"),
]


@pytest.fixture
def kw_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    got = oracle.compiled(name)
    assert got is not None, name
    return got


PLAYERS = "[{id: alice, library_size: 10}, {id: bob, library_size: 10}]"
TURN = "{active: alice, number: 5, step: precombat_main}"


def _run(objects: list[str], script: list[str], expect: str, players: str = PLAYERS, turn: str = TURN) -> Any:
    text = ("id: cards/kw-combat-smoke\ntitle: smoke\ncr: [\"702.164c\"]\nrationale: smoke\n"
            f"players: {players}\nturn: {turn}\nobjects:\n"
            + "".join(f"  - {o}\n" for o in objects)
            + "query:\n  kind: game\n  script:\n" + "".join(f"    - {a}\n" for a in script)
            + f"expect:\n{expect}")
    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)


def _held(name: str) -> str:
    got = _compiled(name)
    assert got.status == "text-only", name
    held = [c for c in got.clauses if c.template == "keywords (text)"]
    assert held, name
    return held[0].why


def test_typecycling_is_its_rule(kw_data: None) -> None:
    # 702.29e: "[Cost], Discard this card: Search your library for a [type] card, reveal it,
    # and put it into your hand. Then shuffle"
    got = _compiled("Test Cycler")
    assert got.status == "full"
    assert got.card["abilities"] == [{"activated": {"cost": "{2}, Discard this card", "do": [
        {"kind": "search", "for": "Forest", "to": "hand", "reveal": True}]}, "text": "Forestcycling {2}"}]
    # a type the definition doesn't read stays a keyword held by name
    assert "wizardcycling" in _held("Test Wizard Cycler")


def test_typecycling_from_the_hand_finds_a_forest(kw_data: None) -> None:
    # 702.29e, 113.6m: activated from the hand, the card discarded as the cost (602.2b); the
    # Forest found goes to the hand (701.23a), the library of 10 has 9
    _run(["{id: cycler, card: Test Cycler, owner: alice, zone: hand}",
          "{id: forest, card: Forest, owner: alice, zone: library}"],
         ["{search_choice: {player: alice, found: [forest]}}",
          "{activate: {player: alice, source: cycler, payment: {pool: \"{C}{C}\"}}}",
          "{checkpoint: cycled}", "resolve", "{checkpoint: found}"],
         "  checkpoints:\n    cycled: {objects: {cycler: {zone: graveyard}}, hand: {alice: 0}}\n"
         "    found: {stack: [], hand: {alice: 1}, library: {alice: 9}, objects: {forest: {zone: hand}}}\n",
         players="[{id: alice, library_size: 10, hand_size: 1, mana: \"{C}{C}\"},\n"
                 "  {id: bob, library_size: 10}]")


def test_toxic_is_a_keyword_with_its_number(kw_data: None) -> None:
    # 702.164a: "toxic N", a static ability the damage results read
    got = _compiled("Test Toxic Rat")
    assert got.status == "full"
    assert got.card["abilities"] == ["toxic 2"]


def _attack(attacker: str, blocked_by: str | None = None) -> list[str]:
    block = f"{{block: {{{blocked_by}: {attacker}}}}}" if blocked_by else "{block: {}}"
    return ["{advance: declare_attackers}", f"{{attack: {{{attacker}: bob}}}}", "{advance: declare_blockers}",
            block, "{advance: combat_damage}", "{assign: default}", "{advance: end_of_combat}",
            "{checkpoint: end}"]


def test_toxic_combat_damage_to_a_player_gives_poison(kw_data: None) -> None:
    # 702.164c: 1 combat damage to bob (120.3a: he loses 1 life) and poison counters equal to
    # the total toxic value, 2, not the damage dealt
    _run(["{id: rat, card: Test Toxic Rat, controller: alice, timestamp: 1}"], _attack("rat"),
         "  checkpoints:\n    end: {life: {bob: 19}, poison: {bob: 2}}\n")


def test_toxic_blocked_gives_no_poison(kw_data: None) -> None:
    # 702.164c: only combat damage dealt to a player: the Rat's damage goes to the Bears
    _run(["{id: rat, card: Test Toxic Rat, controller: alice, timestamp: 1}",
          "{id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}"], _attack("rat", "bears"),
         "  checkpoints:\n    end: {life: {bob: 20}, poison: {bob: 0}}\n")


def test_toxic_tenth_poison_counter_loses(kw_data: None) -> None:
    # 702.164c, 704.5c: bob at 8 poison counters gets two more: ten, he loses the game
    _run(["{id: rat, card: Test Toxic Rat, controller: alice, timestamp: 1}"], _attack("rat"),
         "  checkpoints:\n    end: {poison: {bob: 10}, losers: [bob]}\n",
         players="[{id: alice, library_size: 10}, {id: bob, library_size: 10, poison: 8}]")


@pytest.mark.parametrize("word", ["toxic 0", "toxic X", "toxic"])
def test_toxic_needs_a_number(word: str) -> None:
    # 702.164a: "toxic N", N a number
    doc = ("id: t/toxic\ntitle: t\ncr: [\"702.164a\"]\nrationale: t\nplayers: [alice, bob]\n"
           "turn: {active: alice}\nobjects:\n"
           "  - {id: x, name: X, types: [Creature], power: 1, toughness: 1,\n"
           f"     controller: alice, timestamp: 1, abilities: [\"{word}\"]}}\n"
           "query: {kind: characteristics, objects: [x], fields: [abilities]}\n"
           "expect: {x: {abilities: []}}\n")
    with pytest.raises(ScenarioError):
        api.loads(doc)


def test_poisonous_triggers_on_combat_damage(kw_data: None) -> None:
    # 702.70a: "Whenever this creature deals combat damage to a player, that player gets N
    # poison counters": bob (the player dealt damage) gets one
    got = _compiled("Test Poison Snake")
    assert got.status == "full"
    assert got.card["abilities"][0]["do"] == [
        {"kind": "counters", "target": "that_player", "counter": "poison"}]
    _run(["{id: snake, card: Test Poison Snake, controller: alice, timestamp: 1}"],
         ["{advance: declare_attackers}", "{attack: {snake: bob}}", "{advance: declare_blockers}",
          "{block: {}}",
          "{advance: combat_damage}", "{assign: default}", "resolve", "{checkpoint: end}"],
         "  checkpoints:\n    end: {stack: [], life: {bob: 19}, poison: {bob: 1, alice: 0}}\n")


def test_afflict_when_blocked(kw_data: None) -> None:
    # 702.130a: "Whenever this creature becomes blocked, defending player loses N life"
    got = _compiled("Test Afflicter")
    assert got.status == "full"
    assert got.card["abilities"][0]["do"] == [
        {"kind": "lose_life", "player": "defending_player", "amount": 2}]
    _run(["{id: aff, card: Test Afflicter, controller: alice, timestamp: 1}",
          "{id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}"],
         ["{advance: declare_attackers}", "{attack: {aff: bob}}", "{advance: declare_blockers}",
          "{block: {bears: aff}}", "resolve", "{checkpoint: blocked}"],
         "  checkpoints:\n    blocked: {stack: [], life: {bob: 18, alice: 20}}\n")


def test_soulshift_targets_a_small_spirit_card(kw_data: None) -> None:
    # 702.46a: "you may return target Spirit card with mana value N or less from your
    # graveyard to your hand"
    got = _compiled("Test Shifter")
    assert got.status == "full"
    assert got.card["abilities"][0]["targets"] == [
        {"obj": {"zone": "graveyard", "subtypes": ["Spirit"], "owner": "you", "mana_value": {"lte": 3}}}]
    _run(["{id: shifter, card: Test Shifter, controller: alice, timestamp: 1}",
          "{id: small, card: Test Small Spirit, owner: alice, zone: graveyard}",
          "{id: bears, card: Grizzly Bears, owner: alice, zone: graveyard}"],
         ["{trigger_targets: {shifter: [small]}}", "{events: [{kind: destroy, object: shifter}]}",
          "{may: {shifter: true}}", "resolve", "{checkpoint: done}"],
         "  checkpoints:\n    done: {stack: [],\n"
         "           objects: {small: {zone: hand}, shifter: {zone: graveyard}}}\n")
    # 601.2c (603.3d): the Bears are no Spirit card
    _run(["{id: shifter, card: Test Shifter, controller: alice, timestamp: 1}",
          "{id: small, card: Test Small Spirit, owner: alice, zone: graveyard}",
          "{id: bears, card: Grizzly Bears, owner: alice, zone: graveyard}"],
         ["{trigger_targets: {shifter: [bears]}}", "{events: [{kind: destroy, object: shifter}]}"],
         "  illegal: {action: 1, rule: \"601.2c\"}\n")


def test_echo_is_its_rule(kw_data: None) -> None:
    # 702.30a: upkeep trigger, "if this permanent came under your control since the beginning
    # of your last upkeep", "sacrifice it unless you pay [cost]"; only a mana cost is read
    got = _compiled("Test Echo Beast")
    assert got.status == "full"
    assert got.card["abilities"] == [{"trigger": {"at": {"step": "upkeep", "player": "you"},
                                                  "if": {"new_control": True}},
                                      "do": [{"kind": "unless_pays", "player": "you", "mana": "{1}{G}",
                                              "do": [{"kind": "sacrifice", "object": "self"}]}],
                                      "text": "Echo {1}{G}"}]
    assert "echo" in _held("Test Discard Echo")


def test_echo_triggers_once_after_it_came_under_control(kw_data: None) -> None:
    # 702.30a, 603.4: it enters in alice's turn 5 (after her upkeep); at her upkeep of turn 7 it
    # came under her control since her last upkeep began: echo triggers, she doesn't pay, she
    # sacrifices it (118.12a)
    _run(["{id: beast, card: Test Echo Beast, owner: alice, zone: hand}"],
         ["{stack: {object: beast, controller: alice}}", "resolve", "{pay_choice: {beast: false}}",
          "{advance: {step: upkeep, turn: 7}}", "resolve", "{checkpoint: unpaid}"],
         "  checkpoints:\n    unpaid: {stack: [], objects: {beast: {zone: graveyard}}}\n")


def test_echo_not_for_a_long_held_permanent(kw_data: None) -> None:
    # 603.4: controlled since before her last upkeep began: the "if" is false, nothing triggers
    _run(["{id: beast, card: Test Echo Beast, controller: alice, timestamp: 1}"],
         ["{advance: draw}", "{checkpoint: drawn}"],
         "  checkpoints:\n    drawn: {stack: [], objects: {beast: {zone: battlefield}}}\n",
         turn="{active: alice, number: 5, step: untap}")


def test_echo_condition_in_the_language() -> None:
    # the condition names its one meaning: true only
    doc = ("id: t/echo\ntitle: t\ncr: [\"702.30a\"]\nrationale: t\nplayers: [alice, bob]\n"
           "turn: {active: alice}\nobjects:\n"
           "  - {id: x, name: X, types: [Creature], power: 1, toughness: 1,\n"
           "     controller: alice, timestamp: 1,\n"
           "     abilities: [{text: t, trigger: {at: {step: upkeep, player: you},\n"
           "     if: {new_control: false}}, do: [{kind: sacrifice, object: self}]}]}\n"
           "query: {kind: game, script: [pass]}\nexpect: {checkpoints: {}}\n")
    with pytest.raises(ScenarioError, match="new_control|expected true"):
        api.loads(doc)
