"""Smoke tests of pyengine/oracle/trigger_compound.py: invented cards (card data of this test's
own, compiled; no ability written by hand) played in games whose expected answers come from
the rules: a compound head is one ability that triggers once for each event matching either
of its events (CR 603.2); "becomes blocked" once however many creatures block (509.3c),
"becomes blocked by a creature" once for each blocker (509.3d); "attacks and isn't blocked"
when no creature is declared as its blocker (509.1h, 509.3g); an Aura's or Equipment's
ability about the creature it is attached to, a dies ability looking back in time (603.10a).
Wordings not read stay triggered abilities held as text (603.1)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.oracle import support


def _face(name: str, types: str, subtypes: list[str], text: str,
          pt: tuple[str, str] | None = ("2", "2")) -> dict:
    face = {"name": name, "manaCost": "{1}{G}", "type": f"{types} — {' '.join(subtypes)}", "types": [types],
            "subtypes": subtypes, "supertypes": [], "colors": ["G"], "text": text, "layout": "normal"}
    if pt is not None:
        face.update({"power": pt[0], "toughness": pt[1]})
    return face


CARDS = [
    _face("Test Raider", "Creature", ["Human"], "Whenever this creature enters or attacks, you gain 1 life."),
    _face("Test Bushi", "Creature", ["Human"],
          "Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn."),
    _face("Test Thorn", "Creature", ["Plant"],
          "Whenever this creature becomes blocked by a creature, that creature gets -1/-1 until end of "
          "turn."),
    _face("Test Lancer", "Creature", ["Knight"], "Flanking"),
    _face("Test Frog", "Creature", ["Frog"],
          "Whenever this creature deals combat damage to a player or planeswalker, you gain 1 life."),
    _face("Test Alliance", "Enchantment", [],
          "Whenever you attack with two or more creatures, you gain 1 life.", None),
    _face("Test Sneak", "Creature", ["Rogue"],
          "Whenever this creature attacks and isn't blocked, you gain 2 life."),
    _face("Test Locket", "Enchantment", ["Aura"],
          "Enchant creature\nWhen enchanted creature dies, you gain 2 life.",
          None),
    _face("Test Spurs", "Artifact", ["Equipment"],
          "Whenever equipped creature attacks, you gain 1 life.\nEquip {1}",
          None),
    # not read: "blocks a creature with power 3 or greater" (only "with flying" is); "it" after
    # "enters or dies" (on the battlefield or not, by the event); "that creature" after "blocks or
    # becomes blocked by a creature" (the blocker or the attacker, by the event)
    _face("Test Archer", "Creature", ["Elf"],
          "Whenever this creature blocks a creature with power 3 or greater, you gain 1 life."),
    _face("Test Echo", "Creature", ["Spirit"],
          "When this creature enters or dies, return it to its owner's hand."),
    _face("Test Slag", "Creature", ["Wurm"],
          "Whenever this creature blocks or becomes blocked by a creature, destroy that creature."),
]


@pytest.fixture
def heads_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _game(objects: str, turn: str, script: str, expect: str) -> str:
    return support.game_text(objects, turn, script, expect, cr=("603.2",))


_passes = support.passes


MAIN = support.MAIN
BOB_MAIN = "{active: bob, number: 3, step: precombat_main}"
ATTACK = "    - {advance: declare_attackers}\n    - {attack: {%s: bob}}\n"


def test_compiled_heads_are_full(heads_data: None) -> None:
    from pyengine import oracle

    for name in ("Test Raider", "Test Bushi", "Test Thorn", "Test Lancer", "Test Sneak", "Test Locket",
                 "Test Spurs", "Test Alliance", "Test Frog"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)
    raider = oracle.compiled("Test Raider")
    assert raider is not None and raider.card["abilities"][0]["trigger"] == {
        "when": {"any_of": [{"kind": "enters", "obj": "self"}, {"kind": "attacks", "obj": "self"}]}}


def test_wordings_not_read_stay_text(heads_data: None) -> None:
    from pyengine import oracle

    for name in ("Test Archer", "Test Echo", "Test Slag"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "text-only", (name, got and got.clauses)
        assert [c.template for c in got.clauses] == ["triggered (text)"], got.clauses


def test_enters_or_attacks_triggers_on_each_event_once(heads_data: None) -> None:
    """CR 603.2, 603.6a: cast and resolved, it enters: the ability triggers once (+1 life);
    on the battlefield since the turn began (302.6), it attacks: once more (+1)."""
    _passes(_game("  - {id: raider, card: Test Raider, owner: alice, zone: hand}\n", MAIN,
                  "    - {stack: {object: raider, controller: alice}}\n    - resolve\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 21}}\n"))
    _passes(_game("  - {id: raider, card: Test Raider, controller: alice, timestamp: 1}\n", MAIN,
                  ATTACK % "raider" + "    - resolve\n    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 21}}\n"))


def test_blocks_or_becomes_blocked(heads_data: None) -> None:
    """CR 509.3a, 509.3c: blocked by two creatures, the ability triggers once (+1/+1); blocking,
    once (+1/+1)."""
    board = ("  - {id: bushi, card: Test Bushi, controller: alice, timestamp: 1}\n"
             "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
             "  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 3}\n")
    _passes(_game(board, MAIN, ATTACK % "bushi" + "    - {advance: declare_blockers}\n"
                  "    - {block: {ogre: bushi, bears: bushi}}\n    - resolve\n    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {bushi: {power: 3, toughness: 3}}}\n"))
    _passes(_game(board, BOB_MAIN, "    - {advance: declare_attackers}\n    - {attack: {ogre: alice}}\n"
                  "    - {advance: declare_blockers}\n    - {block: {bushi: ogre}}\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {bushi: {power: 3, toughness: 3}}}\n"))


def test_becomes_blocked_by_a_creature_once_per_blocker(heads_data: None) -> None:
    """CR 509.3d: blocked by two creatures, it triggers twice, "that creature" each blocker:
    Gray Ogre (2/2) and Grizzly Bears (2/2) each 1/1."""
    board = ("  - {id: thorn, card: Test Thorn, controller: alice, timestamp: 1}\n"
             "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
             "  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 3}\n")
    _passes(_game(board, MAIN, ATTACK % "thorn" + "    - {advance: declare_blockers}\n"
                  "    - {order_triggers: {alice: ['thorn:0@7', 'thorn:0@8']}}\n"
                  "    - {block: {ogre: thorn, bears: thorn}}\n    - resolve\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {ogre: {power: 1, toughness: 1}, "
                  "bears: {power: 1, toughness: 1}}}\n"))


def test_attacks_and_isnt_blocked(heads_data: None) -> None:
    """CR 509.1h, 509.3g: no blocker declared for it: +2 life; blocked: nothing triggers."""
    board = ("  - {id: sneak, card: Test Sneak, controller: alice, timestamp: 1}\n"
             "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n")
    _passes(_game(board, MAIN, ATTACK % "sneak" + "    - {advance: declare_blockers}\n    - {block: {}}\n"
                  "    - resolve\n    - {checkpoint: done}\n", "    done: {stack: [], life: {alice: 22}}\n"))
    _passes(_game(board, MAIN, ATTACK % "sneak" + "    - {advance: declare_blockers}\n"
                  "    - {block: {ogre: sneak}}\n    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 20}}\n"))


def test_enchanted_creature_dies(heads_data: None) -> None:
    """CR 603.10a, 704.5m: the enchanted creature is destroyed: the Aura, still attached as
    the event happened, triggers (+2 life), then goes to the graveyard; another creature's
    death triggers nothing."""
    board = ("  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
             "  - {id: ogre, card: Gray Ogre, controller: alice, timestamp: 2}\n"
             "  - {id: locket, card: Test Locket, controller: alice, timestamp: 3, attached_to: bears}\n")
    _passes(_game(board, MAIN, "    - {events: [{kind: destroy, object: bears}]}\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 22}, objects: {locket: {zone: graveyard}}}\n"))
    _passes(_game(board, MAIN, "    - {events: [{kind: destroy, object: ogre}]}\n    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 20}, objects: {locket: {zone: battlefield}}}\n"))


def test_equipped_creature_attacks(heads_data: None) -> None:
    """CR 301.5, 603.2: the equipped creature attacks: +1 life; another creature attacking
    alone triggers nothing."""
    board = ("  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
             "  - {id: ogre, card: Gray Ogre, controller: alice, timestamp: 2}\n"
             "  - {id: spurs, card: Test Spurs, controller: alice, timestamp: 3, attached_to: bears}\n")
    _passes(_game(board, MAIN, ATTACK % "bears" + "    - resolve\n    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 21}}\n"))
    _passes(_game(board, MAIN, ATTACK % "ogre" + "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 20}}\n"))


def test_flanking_only_for_a_blocker_without_flanking(heads_data: None) -> None:
    """CR 702.25a, 509.3d: blocked by Grizzly Bears (no flanking) and another flanker, the
    ability triggers once, for the Bears: Bears 1/1, the other flanker 2/2."""
    board = ("  - {id: lancer, card: Test Lancer, controller: alice, timestamp: 1}\n"
             "  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 2}\n"
             "  - {id: lancer2, card: Test Lancer, controller: bob, timestamp: 3}\n")
    _passes(_game(board, MAIN, ATTACK % "lancer" + "    - {advance: declare_blockers}\n"
                  "    - {block: {bears: lancer, lancer2: lancer}}\n    - resolve\n"
                  "    - {checkpoint: done}\n",
                  "    done: {stack: [], objects: {bears: {power: 1, toughness: 1}, "
                  "lancer2: {power: 2, toughness: 2}}}\n"))


def test_bushido_compiles_from_its_rule() -> None:
    """CR 702.45a: bushido N means "Whenever this creature blocks or becomes blocked, it gets
    +N/+N until end of turn": a compound head (real card data: Kitsune Blademaster)."""
    from pyengine import oracle

    got = oracle.compiled("Kitsune Blademaster")
    assert got is not None and got.status == "full", got and got.clauses
    bushido = [a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Bushido 1"]
    assert bushido and bushido[0]["trigger"]["when"]["any_of"] == [
        {"kind": "blocks", "obj": "self"}, {"kind": "becomes_blocked", "obj": "self"}]


def test_attack_with_two_or_more_creatures(heads_data: None) -> None:
    """CR 508.1, 603.2c: two attackers declared together are one batch: the ability triggers
    once (+1 life); one attacker alone: nothing."""
    board = ("  - {id: alliance, card: Test Alliance, controller: alice, timestamp: 1}\n"
             "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
             "  - {id: ogre, card: Gray Ogre, controller: alice, timestamp: 3}\n")
    _passes(_game(board, MAIN, "    - {advance: declare_attackers}\n    - {attack: {bears: bob, ogre: bob}}\n"
                  "    - resolve\n    - {checkpoint: done}\n", "    done: {stack: [], life: {alice: 21}}\n"))
    _passes(_game(board, MAIN, ATTACK % "bears" + "    - {checkpoint: done}\n",
                  "    done: {stack: [], life: {alice: 20}}\n"))


def test_combat_damage_to_a_player_or_planeswalker(heads_data: None) -> None:
    """CR 510.1a, 120.3, 603.2: unblocked, attacking bob's Jace Beleren (506.3), it deals
    combat damage to the planeswalker: +1 life; attacking bob: +1 life."""
    board = ("  - {id: frog, card: Test Frog, controller: alice, timestamp: 1}\n"
             "  - {id: jace, card: Jace Beleren, controller: bob, timestamp: 2, counters: {loyalty: 3}}\n")
    for target in ("jace", "bob"):
        _passes(_game(board, MAIN, "    - {advance: declare_attackers}\n    - {attack: {frog: %s}}\n"
                      "    - {advance: combat_damage}\n    - {assign: default}\n    - resolve\n"
                      "    - {checkpoint: done}\n" % target, "    done: {stack: [], life: {alice: 21}}\n"))
