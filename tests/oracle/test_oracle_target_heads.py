"""Smoke tests of the targeting, cycling and discarding trigger heads (pyengine/oracle/
trigger_target.py, trigger_cycle.py): invented cards (card data of this test's own, compiled;
no ability written by hand) played in games whose expected answers come from the rules:
becoming the target of a spell or ability (601.2c, 602.2b, 115.1), valiant's "for the first
time each turn", heroic's "you cast a spell that targets" (601.2i), cycling (702.29a, c, d)
and discarding (701.9a). Wordings not read stay triggered abilities held as text (603.1)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.oracle import support


def _face(name: str, types: str, pt: tuple[str, str] | None, text: str) -> dict:
    face = {"name": name, "manaCost": "{1}{G}", "type": types, "types": [types], "subtypes": [],
            "supertypes": [], "colors": ["G"], "text": text, "layout": "normal"}
    if pt is not None:
        face.update({"power": pt[0], "toughness": pt[1]})
    return face


CARDS = [
    _face("Test Valiant", "Creature", ("1", "3"),
          "Whenever this creature becomes the target of a spell or ability you control for the first "
          "time each turn, put a +1/+1 counter on this creature."),
    _face("Test Hero", "Creature", ("1", "3"),
          "Whenever you cast a spell that targets this creature, put a +1/+1 counter on this creature."),
    _face("Test Protector", "Creature", ("1", "3"),
          "Whenever this creature becomes the target of a spell or ability, this creature gets +0/+3 "
          "until end of turn."),
    _face("Test Strix", "Creature", ("1", "3"),
          "When this creature becomes the target of a spell, sacrifice it."),
    _face("Test Cycler", "Sorcery", None,
          "Draw two cards.\nCycling {2}\nWhen you cycle this card, you gain 3 life."),
    _face("Test Survivor", "Creature", ("1", "1"),
          "Whenever you cycle or discard a card, you gain 1 life."),
    _face("Test Tosser", "Creature", ("1", "1"),
          "Whenever you discard a land card, you gain 2 life."),
    _face("Test Cub", "Creature", ("1", "1"),
          "Whenever this creature becomes the target of a spell or ability for the first time each turn, "
          "put a +1/+1 counter on it."),
    _face("Test Miser", "Creature", ("1", "1"),
          "Whenever you discard one or more cards, you gain 1 life."),
    _face("Test Aura Lover", "Creature", ("1", "1"),
          "Whenever you cast an Aura spell that targets this creature, you gain 1 life."),
    _face("Test Butcher", "Creature", ("1", "1"),
          "Whenever you sacrifice another creature, you gain 1 life."),
    _face("Test Liege", "Creature", ("1", "1"),
          "Whenever this creature becomes the target of a spell or ability an opponent controls, "
          "that spell's controller loses 2 life."),
]


@pytest.fixture
def heads_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


MAIN = support.MAIN
BOB_MAIN = "{active: bob, number: 3, step: precombat_main}"


def _game(objects: str, turn: str, script: str, expect: str, hands: str = "",
          cr: tuple[str, ...] = ("603.2",)) -> str:
    return support.game_text(objects, turn, script, expect, hands, cr=cr)


def test_heads_compile_full(heads_data: None) -> None:
    from pyengine import oracle

    for name in ("Test Valiant", "Test Hero", "Test Protector", "Test Strix", "Test Survivor", "Test Tosser",
                 "Test Butcher"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)
    cycler = oracle.compiled("Test Cycler")  # its spell ability ("draw two cards") is read too
    assert cycler is not None and [c.template for c in cycler.clauses][-1] == "triggered ability"


def test_wordings_not_read_stay_text(heads_data: None) -> None:
    """"for the first time each turn" of anyone's spells (the game counts each player's
    targetings apart), "one or more cards" (a batch count), "an Aura spell", "that spell's
    controller": held as text, the paragraph named."""
    from pyengine import oracle

    for name, text in (("Test Cub", "becomes the target"), ("Test Miser", "one or more cards"),
                       ("Test Aura Lover", "Aura spell"), ("Test Liege", "that spell's controller")):
        got = oracle.compiled(name)
        assert got is not None and got.status == "text-only", name
        assert [c.template for c in got.clauses] == ["triggered (text)"], got.clauses
        assert text in got.clauses[0].text


def test_valiant_triggers_once_each_turn(heads_data: None) -> None:
    """Valiant: alice's Jump targets it (the first time this turn: a +1/+1 counter), her second
    Jump the same turn does nothing more (603.2: "for the first time each turn")."""
    support.passes(_game(
        "  - {id: val, card: Test Valiant, controller: alice, timestamp: 1}\n"
        "  - {id: j1, card: Jump, owner: alice, zone: hand}\n"
        "  - {id: j2, card: Jump, owner: alice, zone: hand}\n", MAIN,
        "    - {stack: {object: j1, controller: alice, targets: [val]}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: first}\n"
        "    - {stack: {object: j2, controller: alice, targets: [val]}}\n    - resolve\n"
        "    - {checkpoint: second}\n",
        "    first: {stack: [], objects: {val: {power: 2, toughness: 4}}}\n"
        "    second: {stack: [], objects: {val: {power: 2, toughness: 4}}}\n",
        hands="[{id: alice, hand_size: 2, library_size: 10}, {id: bob, library_size: 10}]"))


def test_valiant_not_by_an_opponents_spell(heads_data: None) -> None:
    """Valiant says "a spell or ability you control": bob's Jump on alice's creature triggers
    nothing; the Protector ("a spell or ability", anyone's) gets +0/+3."""
    support.passes(_game(
        "  - {id: val, card: Test Valiant, controller: alice, timestamp: 1}\n"
        "  - {id: prot, card: Test Protector, controller: alice, timestamp: 2}\n"
        "  - {id: j1, card: Jump, owner: bob, zone: hand}\n"
        "  - {id: j2, card: Jump, owner: bob, zone: hand}\n", BOB_MAIN,
        "    - {stack: {object: j1, controller: bob, targets: [val]}}\n    - resolve\n"
        "    - {stack: {object: j2, controller: bob, targets: [prot]}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: done}\n",
        "    done: {stack: [], objects: {val: {power: 1, toughness: 3},\n"
        "                                prot: {power: 1, toughness: 6}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 2, library_size: 10}]"))


def test_heroic_not_by_an_ability_and_becomes_target_by_one(heads_data: None) -> None:
    """Heroic triggers when alice casts a spell that targets it (601.2i), not when an ability
    of hers targets it; "becomes the target of a spell or ability" triggers on an ability too
    (602.2b), "of a spell" doesn't. Prodigal Pyromancer's ability targets each in turn."""
    board = ("  - {id: hero, card: Test Hero, controller: alice, timestamp: 1}\n"
             "  - {id: prot, card: Test Protector, controller: alice, timestamp: 2}\n"
             "  - {id: strix, card: Test Strix, controller: alice, timestamp: 3}\n"
             "  - {id: pyro, card: Prodigal Pyromancer, controller: alice, timestamp: 4}\n"
             "  - {id: pyro2, card: Prodigal Pyromancer, controller: alice, timestamp: 5}\n"
             "  - {id: pyro3, card: Prodigal Pyromancer, controller: alice, timestamp: 6}\n"
             "  - {id: j1, card: Jump, owner: alice, zone: hand}\n")
    support.passes(_game(
        board, MAIN,
        "    - {activate: {player: alice, source: pyro, targets: [hero]}}\n    - resolve\n"
        "    - {activate: {player: alice, source: pyro2, targets: [prot]}}\n    - resolve\n    - resolve\n"
        "    - {activate: {player: alice, source: pyro3, targets: [strix]}}\n    - resolve\n"
        "    - {checkpoint: abilities}\n"
        "    - {stack: {object: j1, controller: alice, targets: [hero]}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: spell}\n",
        "    abilities: {stack: [], objects: {hero: {power: 1, toughness: 3},\n"
        "                prot: {power: 1, toughness: 6},\n"
        "                strix: {zone: battlefield}}}\n"
        "    spell: {stack: [], objects: {hero: {power: 2, toughness: 4}}}\n",
        hands="[{id: alice, hand_size: 1, library_size: 10}, {id: bob, library_size: 10}]",
        cr=("601.2i", "602.2b")))


def test_a_spell_makes_the_strix_sacrificed(heads_data: None) -> None:
    """"When it becomes the target of a spell, sacrifice it": bob's Jump targets it; the
    ability resolves first (405.5) and it is sacrificed (701.21a); Jump then has no legal
    target and doesn't resolve (608.2b): it goes to bob's graveyard."""
    support.passes(_game(
        "  - {id: strix, card: Test Strix, controller: alice, timestamp: 1}\n"
        "  - {id: j1, card: Jump, owner: bob, zone: hand}\n", BOB_MAIN,
        "    - {stack: {object: j1, controller: bob, targets: [strix]}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: done}\n",
        "    done: {stack: [], objects: {strix: {zone: graveyard}, j1: {zone: graveyard}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 1, library_size: 10}]",
        cr=("608.2b", "701.21a")))


def test_cycling_triggers_from_the_graveyard_and_cycle_or_discard_once(heads_data: None) -> None:
    """702.29a: alice cycles the card ({2} from her pool: it is discarded, then she draws a
    card as the ability resolves); 702.29c: "When you cycle this card" triggers from her
    graveyard (she gains 3); 702.29d: "Whenever you cycle or discard a card" triggers once
    (1 more life). The land discarded next triggers the Survivor and the Tosser (701.9a)."""
    support.passes(_game(
        "  - {id: cyc, card: Test Cycler, owner: alice, zone: hand}\n"
        "  - {id: surv, card: Test Survivor, controller: alice, timestamp: 1}\n"
        "  - {id: toss, card: Test Tosser, controller: alice, timestamp: 2}\n"
        "  - {id: forest, card: Forest, owner: alice, zone: hand}\n", MAIN,
        "    - {order_triggers: {alice: ['cyc:2@4', 'surv:0@3']}}\n"
        "    - {activate: {player: alice, source: cyc}}\n    - {checkpoint: cycled}\n"
        "    - resolve\n    - resolve\n    - resolve\n    - {checkpoint: done}\n"
        "    - {order_triggers: {alice: ['surv:0@8', 'toss:0@8']}}\n"
        "    - {discard: {player: alice, cards: [forest]}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: discarded}\n",
        "    cycled: {objects: {cyc: {zone: graveyard}}}\n"
        "    done: {stack: [], life: {alice: 24}, library: {alice: 9}}\n"
        "    discarded: {stack: [], life: {alice: 27}}\n",
        hands="[{id: alice, hand_size: 2, library_size: 10, mana: '{C}{C}'}, {id: bob, library_size: 10}]",
        cr=("702.29a", "702.29c", "702.29d", "701.9a")))


def test_an_opponents_discard_is_not_yours(heads_data: None) -> None:
    """"Whenever you discard a card": bob's discard triggers nothing (701.9a: he discards)."""
    support.passes(_game(
        "  - {id: surv, card: Test Survivor, controller: alice, timestamp: 1}\n"
        "  - {id: card1, card: Grizzly Bears, owner: bob, zone: hand}\n", MAIN,
        "    - {discard: {player: bob, cards: [card1]}}\n    - {checkpoint: done}\n",
        "    done: {stack: [], life: {alice: 20}, objects: {card1: {zone: graveyard}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 1, library_size: 10}]",
        cr=("701.9a",)))


def test_sacrifice_not_destroy(heads_data: None) -> None:
    """701.21a: "Whenever you sacrifice another creature": alice's Grizzly Bears sacrificed
    triggers it (she gains 1); her Drudge Skeletons destroyed (701.8a) doesn't, nor her Seat
    of the Synod sacrificed (an artifact land, no creature)."""
    support.passes(_game(
        "  - {id: butcher, card: Test Butcher, controller: alice, timestamp: 1}\n"
        "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
        "  - {id: skel, card: Drudge Skeletons, controller: alice, timestamp: 3}\n"
        "  - {id: seat, card: Seat of the Synod, controller: alice, timestamp: 4}\n", MAIN,
        "    - {events: [{kind: destroy, object: skel}]}\n"
        "    - {events: [{kind: sacrifice, object: seat}]}\n    - {checkpoint: none}\n"
        "    - {events: [{kind: sacrifice, object: bears}]}\n    - resolve\n    - {checkpoint: done}\n",
        "    none: {stack: [], life: {alice: 20},\n"
        "           objects: {skel: {zone: graveyard}, seat: {zone: graveyard}}}\n"
        "    done: {stack: [], life: {alice: 21}, objects: {bears: {zone: graveyard}}}\n",
        cr=("701.21a", "701.8a")))


def test_nth_of_a_targeting_names_the_player() -> None:
    """A becomes_target event's ``nth`` counts one player's targetings of the object: without
    ``player: you|opponent`` the ability is refused, naming the field (bad input, one line)."""
    from pyengine.errors import ScenarioError
    from pyengine.lang.effects import Ctx, parse_ability
    from pyengine.lang.yamlread import Cursor

    def ability(when: dict) -> dict:
        return {"trigger": {"when": when}, "do": [{"kind": "gain_life", "amount": 1}], "text": "t"}

    parse_ability(Cursor(ability({"kind": "becomes_target", "obj": "self", "player": "you", "nth": 1}),
                         "ability", None, None), Ctx(key_prefix="t"))
    with pytest.raises(ScenarioError) as info:
        parse_ability(Cursor(ability({"kind": "becomes_target", "obj": "self", "nth": 1}),
                             "ability", None, None), Ctx(key_prefix="t"))
    assert "player you or opponent" in str(info.value)
