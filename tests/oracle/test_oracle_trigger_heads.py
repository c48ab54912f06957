"""Smoke tests of the trigger conditions of pyengine/oracle/trigger_heads.py: invented cards
(card data of this test's own, compiled; no ability written by hand) played in games whose
expected answers come from the rules: damage events (CR 120.3, 603.2c, 603.10), "attacks
alone" (506.5, 702.83a), historic and Spirit-or-Arcane spells (700.6, 601.2i). Wordings the
trigger engine doesn't read stay triggered abilities held as text (603.1)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.oracle import support


def _face(name: str, cost: str, types: str, subtypes: list[str], pt: tuple[str, str], text: str) -> dict:
    return {"name": name, "manaCost": cost, "type": f"{types} — {' '.join(subtypes)}", "types": [types],
            "subtypes": subtypes, "supertypes": [], "colors": ["G"], "text": text, "layout": "normal",
            "power": pt[0], "toughness": pt[1]}


CARDS = [
    _face("Test Enrager", "{1}{G}", "Creature", ["Dinosaur"], ("1", "1"),
          "Enrage — Whenever this creature is dealt damage, create a 3/3 green Dinosaur creature "
          "token with trample."),
    _face("Test Squire", "{W}", "Creature", ["Human", "Soldier"], ("1", "1"), "Exalted"),
    _face("Test Kami", "{1}{G}", "Creature", ["Spirit"], ("2", "2"),
          "Whenever you cast a Spirit or Arcane spell, you gain 1 life."),
    _face("Test Historian", "{1}{W}", "Creature", ["Human"], ("2", "2"),
          "Whenever you cast a historic spell, you gain 1 life."),
    _face("Test Duelist", "{1}{R}", "Creature", ["Human", "Warrior"], ("2", "2"),
          "Whenever this creature deals combat damage to a creature, you gain 2 life."),
    _face("Test Watcher", "{1}{W}", "Creature", ["Human"], ("1", "3"),
          "Whenever a creature deals combat damage to you, you gain 1 life."),
    _face("Test Hero", "{1}{W}", "Creature", ["Human"], ("1", "1"),
          "Whenever you cast a spell that targets only this creature, put a +1/+1 counter on this creature."),
    _face("Test Martyr Ward", "{1}{W}", "Creature", ["Human"], ("1", "1"),
          "Whenever you're dealt damage, you gain 1 life."),
]


@pytest.fixture
def heads_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _game(objects: str, turn: str, script: str, expect: str, hands: str = "") -> str:
    return support.game_text(objects, turn, script, expect, hands, cr=("603.2",))


_passes = support.passes


MAIN = support.MAIN


def test_compiled_heads_are_full(heads_data: None) -> None:
    from pyengine import oracle

    for name in ("Test Enrager", "Test Squire", "Test Kami", "Test Historian", "Test Duelist", "Test Watcher"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)


def test_wordings_not_read_stay_text(heads_data: None) -> None:
    """A spell "that targets only" the object (115.9c: the number of different targets, not
    read; "that targets this creature" is, tests/oracle/test_oracle_target_heads.py) and
    "you're dealt damage" (not read yet): held as text, named."""
    from pyengine import oracle

    for name in ("Test Hero", "Test Martyr Ward"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "text-only"
        assert [c.template for c in got.clauses] == ["triggered (text)"], got.clauses


def test_dealt_lethal_damage_still_triggers(heads_data: None) -> None:
    """CR 120.3, 603.10: the ability triggers on the damage event, judged immediately after
    it; the 1/1 then dies as a state-based action (704.5g) before the ability goes on the
    stack (603.3), which then creates the token."""
    _passes(_game(
        "  - {id: enr, card: Test Enrager, controller: alice, timestamp: 1}\n"
        "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n", MAIN,
        "    - {deal: {source: ogre, to: enr, amount: 1}}\n    - resolve\n    - {checkpoint: done}\n",
        "    done:\n      stack: []\n      objects:\n        enr: {zone: graveyard}\n"
        "        dinosaur-token-1: {zone: battlefield, power: 3, toughness: 3, abilities: [trample]}\n"))


def test_exalted_only_when_attacking_alone(heads_data: None) -> None:
    """CR 702.83a, 506.5: exalted triggers when a creature attacks alone (+1/+1 until end of
    turn); two attackers declared together: no creature attacks alone, nothing triggers."""
    board = ("  - {id: squire, card: Test Squire, controller: alice, timestamp: 1}\n"
             "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n")
    _passes(_game(board, MAIN, "    - {advance: declare_attackers}\n    - {attack: {bears: bob}}\n"
                               "    - resolve\n    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {bears: {power: 3, toughness: 3}}}\n"))
    _passes(_game(board, MAIN, "    - {advance: declare_attackers}\n    - {attack: {bears: bob, squire: bob}}\n"
                               "    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {bears: {power: 2, toughness: 2}, "
                  "squire: {power: 1, toughness: 1}}}\n"))


def test_spells_of_a_quality_trigger(heads_data: None) -> None:
    """CR 601.2i, 700.6: an artifact spell (Ornithopter) is historic and a Spirit spell fits
    "Spirit or Arcane"; Grizzly Bears is neither: only the fitting casts gain life."""
    _passes(_game(
        "  - {id: hist, card: Test Historian, controller: alice, timestamp: 1}\n"
        "  - {id: kami, card: Test Kami, controller: alice, timestamp: 2}\n"
        "  - {id: thopter, card: Ornithopter, owner: alice, zone: hand}\n"
        "  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}\n"
        "  - {id: spirit, name: Generated Spirit, types: [Creature], subtypes: [Spirit], colors: [green],\n"
        "     mana_cost: '{G}', power: 1, toughness: 1, owner: alice, zone: hand}\n", MAIN,
        "    - {stack: {object: thopter, controller: alice}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: thopter}\n"
        "    - {stack: {object: bears, controller: alice}}\n    - resolve\n    - {checkpoint: bears}\n"
        "    - {stack: {object: spirit, controller: alice}}\n    - resolve\n    - resolve\n"
        "    - {checkpoint: spirit}\n",
        "    thopter: {stack: [], life: {alice: 21}}\n    bears: {stack: [], life: {alice: 21}}\n"
        "    spirit: {stack: [], life: {alice: 22}}\n",
        hands="[{id: alice, hand_size: 3, library_size: 10}, {id: bob, library_size: 10}]"))


def test_combat_damage_to_a_creature_and_to_you(heads_data: None) -> None:
    """CR 510.1, 120.3: the Duelist blocked by Gray Ogre deals it combat damage (and dies
    to the Ogre's 2: its ability still triggers, 603.10); unblocked, it deals damage to bob,
    no creature: nothing. bob's Ogre dealing combat damage to alice triggers the Watcher."""
    board = ("  - {id: duel, card: Test Duelist, controller: alice, timestamp: 1}\n"
             "  - {id: watch, card: Test Watcher, controller: alice, timestamp: 2}\n"
             "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 3}\n")
    _passes(_game(board, MAIN,
                  "    - {advance: declare_attackers}\n    - {attack: {duel: bob}}\n"
                  "    - {advance: declare_blockers}\n    - {block: {ogre: duel}}\n"
                  "    - {advance: combat_damage}\n    - {assign: default}\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 22}, objects: {duel: {zone: graveyard}, "
                  "ogre: {zone: graveyard}}}\n"))
    _passes(_game(board, MAIN,
                  "    - {advance: declare_attackers}\n    - {attack: {duel: bob}}\n"
                  "    - {advance: combat_damage}\n    - {assign: default}\n    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 20, bob: 18}}\n"))
    _passes(_game(board, "{active: bob, number: 3, step: precombat_main}",
                  "    - {advance: declare_attackers}\n    - {attack: {ogre: alice}}\n"
                  "    - {advance: combat_damage}\n    - {assign: default}\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 19}}\n"))
