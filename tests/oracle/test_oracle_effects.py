"""Smoke tests of the compiled triggered abilities and spell abilities: fixture cards (card
data, compiled; none written by hand here) played in games, each doing what its rules text
says (CR 608.2c, 603). The catalog's own spells and triggered abilities compiled from their
Oracle text equal their hand-written ``does``, ``resolves`` and ``casting``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pyengine import api, catalog
from pyengine.oracle import effects as E
from pyengine.scenario import runner
from tests.oracle.test_oracle_catalog import _as_data, _norm


def _game(objects: str, turn: str, hands: str, script: str, expect: str) -> str:
    return (f"id: cards/smoke-game\ntitle: smoke\ncr: [\"608.2c\"]\nrationale: smoke\n"
            f"players: {hands}\nturn: {turn}\nobjects:\n{objects}"
            f"query:\n  kind: game\n  script:\n{script}expect:\n  checkpoints:\n{expect}")


BOARD = ("  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
         "  - {id: hulk, card: Gray Ogre, controller: bob, timestamp: 3}\n"
         "  - {id: anthem, card: Glorious Anthem, controller: bob, timestamp: 4}\n")

SPELLS = _game(
    BOARD + "".join(f"  - {{id: {i}, card: {c}, owner: alice, zone: hand}}\n" for i, c in (
        ("spark", "Test Spark"), ("spark2", "Test Spark"), ("unmaking", "Test Unmaking"),
        ("surge", "Test Surge"), ("study", "Test Study"), ("recall", "Test Recall"),
        ("bargain", "Test Bargain"), ("exhume", "Test Exhume")))
    + "  - {id: dead, card: Grizzly Bears, owner: alice, zone: graveyard}\n",
    "{active: alice, number: 3, step: precombat_main}",
    "[{id: alice, hand_size: 8, library_size: 10}, {id: bob, library_size: 10}]",
    # CR 120.3e, 704.5g: 2 damage to the 3/3 Ogre (Glorious Anthem) then, the Anthem
    # destroyed (701.8), it is a 2/2 with 2 damage and dies; 120.3a: 2 damage to bob
    "    - {stack: {object: spark, controller: alice, targets: [ogre]}}\n    - resolve\n"
    "    - {checkpoint: survived}\n"
    "    - {stack: {object: unmaking, controller: alice, targets: [anthem]}}\n    - resolve\n"
    "    - {checkpoint: unmade}\n"
    "    - {stack: {object: spark2, controller: alice, targets: [bob]}}\n    - resolve\n"
    # 611.2a: +2/+2 and trample on the Bears until end of turn
    "    - {stack: {object: surge, controller: alice, targets: [bears]}}\n    - resolve\n"
    # 121.2: two cards drawn; bounce to the owner's hand (bob's Ogre, 400.3)
    "    - {stack: {object: study, controller: alice}}\n    - resolve\n"
    "    - {stack: {object: recall, controller: alice, targets: [hulk]}}\n    - resolve\n"
    # 608.2c: the player targeted draws two cards, then that player loses 2 life
    "    - {stack: {object: bargain, controller: alice, targets: [bob]}}\n    - resolve\n"
    # 115.1, 400.7: a card in alice's graveyard targeted there, returned to her hand
    "    - {stack: {object: exhume, controller: alice, targets: [dead]}}\n    - resolve\n"
    "    - {checkpoint: done}\n",
    "    survived: {objects: {ogre: {zone: battlefield, damage: 2}, spark: {zone: graveyard}}}\n"
    "    unmade: {life: {alice: 22}, objects: {anthem: {zone: graveyard}, ogre: {zone: graveyard}}}\n"
    "    done: {stack: [], life: {alice: 22, bob: 16}, hand: {alice: 3, bob: 3},\n"
    "           library: {alice: 8, bob: 8},\n"
    "           objects: {bears: {power: 4, toughness: 4, abilities: [trample]}, hulk: {zone: hand},\n"
    "                     study: {zone: graveyard}, dead: {zone: hand}}}\n")

TRIGGERS = _game(
    BOARD + "  - {id: shrine, card: Test Shrine, controller: alice, timestamp: 5}\n"
    "  - {id: martyr, card: Test Martyr, controller: alice, timestamp: 6}\n"
    "  - {id: raider, card: Test Raider, controller: alice, timestamp: 7}\n"
    "  - {id: imp, card: Test Imp, controller: alice, timestamp: 8}\n"
    "  - {id: seer, card: Test Seer, owner: alice, zone: hand}\n",
    "{active: alice, number: 3, step: untap}",
    "[{id: alice, hand_size: 1, library_size: 10}, {id: bob, library_size: 10}]",
    # 603.2b: the Shrine triggers as alice's upkeep begins; she gains 1 life
    "    - resolve\n    - {checkpoint: upkeep}\n"
    # 603.6a: the Seer enters and its ability draws a card (after the draw step's card)
    "    - {advance: precombat_main}\n"
    "    - {stack: {object: seer, controller: alice}}\n    - resolve\n    - resolve\n"
    "    - {checkpoint: seer}\n"
    # 700.4: the Martyr dies; bob loses 2, alice gains 2
    "    - {events: [{kind: destroy, object: martyr}]}\n    - resolve\n    - {checkpoint: martyr}\n"
    # 603.6c, 603.10a: the Imp's ability finds the card in the graveyard and returns it
    "    - {events: [{kind: destroy, object: imp}]}\n    - resolve\n    - {checkpoint: imp}\n"
    # 508.1m: the Raider attacks and gets a +1/+1 counter
    "    - {advance: declare_attackers}\n    - {attack: {raider: bob}}\n    - resolve\n"
    "    - {checkpoint: attacked}\n",
    "    upkeep: {life: {alice: 21}, stack: []}\n"
    "    seer: {stack: [], hand: {alice: 2}, library: {alice: 8}, objects: {seer: {zone: battlefield}}}\n"
    "    martyr: {life: {alice: 23, bob: 18}, objects: {martyr: {zone: graveyard}}}\n"
    "    imp: {stack: [], hand: {alice: 3}, objects: {imp: {zone: hand}}}\n"
    "    attacked: {stack: [], objects: {raider: {counters: {\"+1/+1\": 1}, power: 3}}}\n")

TARGETS_AND_TOKENS = _game(
    BOARD + "  - {id: foundry, card: Test Foundry, controller: alice, timestamp: 5}\n"
    + "".join(f"  - {{id: {i}, card: {c}, owner: alice, zone: hand}}\n" for i, c in (
        ("scorcher", "Test Scorcher"), ("hunter", "Test Hunter"), ("muster", "Test Muster"))),
    "{active: alice, number: 3, step: precombat_main}",
    "[{id: alice, hand_size: 3, library_size: 10}, {id: bob, library_size: 10}]",
    # CR 603.3d: the enters ability's target is chosen as it is put on the stack; 120.3a: 2 to bob
    "    - {trigger_targets: {scorcher: [bob]}}\n"
    "    - {stack: {object: scorcher, controller: alice}}\n    - resolve\n    - resolve\n"
    "    - {checkpoint: scorched}\n"
    # 701.8a: the creature an opponent controls that was targeted is destroyed, the other stays
    "    - {trigger_targets: {hunter: [hulk]}}\n"
    "    - {stack: {object: hunter, controller: alice}}\n    - resolve\n    - resolve\n"
    "    - {checkpoint: hunted}\n"
    # 111.1, 111.3: two 2/2 white Knight tokens with vigilance on the battlefield; then 1 life
    "    - {stack: {object: muster, controller: alice}}\n    - resolve\n    - {checkpoint: mustered}\n"
    # 700.4, 111.1: the Foundry dies; two 1/1 colorless Thopter artifact creature tokens, flying
    "    - {events: [{kind: destroy, object: foundry}]}\n    - resolve\n    - {checkpoint: done}\n",
    "    scorched: {stack: [], life: {bob: 18}, objects: {scorcher: {zone: battlefield}}}\n"
    "    hunted: {stack: [], objects: {hulk: {zone: graveyard}, ogre: {zone: battlefield},\n"
    "                                  bears: {zone: battlefield}, hunter: {zone: battlefield}}}\n"
    "    mustered:\n      life: {alice: 21}\n      objects:\n"
    + "".join(f"        knight-token-{n}: {{zone: battlefield, controller: alice, power: 2, toughness: 2,\n"
              "                         colors: [white], types: [Creature], subtypes: [Knight],\n"
              "                         abilities: [vigilance]}\n" for n in (1, 2))
    + "    done:\n      stack: []\n      objects:\n        foundry: {zone: graveyard}\n"
    + "".join(f"        thopter-token-{n}: {{zone: battlefield, controller: alice, power: 1, toughness: 1,\n"
              "                          colors: [], types: [Artifact, Creature], subtypes: [Thopter],\n"
              "                          abilities: [flying]}\n" for n in (1, 2)))


@pytest.mark.parametrize("template,text", [("spell ability", SPELLS), ("triggered ability", TRIGGERS),
                                           ("targets and tokens", TARGETS_AND_TOKENS)])
def test_compiled_abilities_do_what_their_text_says(template: str, text: str, fixture_data: Path) -> None:
    from pyengine import oracle

    for name in ("Test Spark", "Test Seer", "Test Shrine", "Test Exhume", "Test Imp", "Test Scorcher",
                 "Test Hunter", "Test Foundry", "Test Muster"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)
    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)


def test_trigger_events_are_read_exactly(fixture_data: Path) -> None:
    """CR 603.2f: "when you cast this spell" is the spell itself cast by its controller;
    "SELF or another Imp you control" is any Imp you control when the card is one."""
    from pyengine.oracle import abilities as A

    imp = {"types": ["Creature"], "subtypes": ["Imp"]}
    assert A._when("When you cast this spell", imp) == ({"when": {"kind": "cast", "obj": "self",
                                                                  "player": "you"}}, False)
    assert A._when("Whenever SELF or another Imp you control dies", imp) == (
        {"when": {"kind": "dies", "obj": {"subtypes": ["Imp"], "controller": "you"}}}, False)
    assert A._when("Whenever SELF or another Elf you control dies", imp) is None
    # "it" of a dying creature's own ability is the card in the graveyard (603.10a)
    got = A.triggered("When SELF dies, return it to its owner's hand.", "t", imp)
    assert got is not None and got[0]["do"] == [
        {"kind": "move", "object": "self", "from": "graveyard", "to": "hand"}]
    assert A.triggered("When SELF enters, return it to its owner's hand.", "t", imp) is None


def test_targets_are_read_exactly() -> None:
    """CR 115.4: any target is a creature, player, planeswalker or battle; "an opponent
    controls" is a controller restriction (115.1); what isn't read stays text."""
    assert E.effect("SELF deals 3 damage to any target.").casting == [
        {"id": "any", "what": {"any_types": ["Creature", "Planeswalker", "Battle"], "players": True}}]
    got = E.effect("Exile target creature an opponent controls.")
    assert got is not None and got.targets == [{"obj": {"types": ["Creature"], "controller": "opponent"}}]
    assert got.casting[0]["what"] == {"types": ["Creature"], "controller": "opponent"}
    for text in ("Destroy up to X target creatures.", "Destroy another target creature.",
                 "Destroy target attacking Goblin.",  # a combat state of a subtype
                 "Destroy target creature you don't control.",
                 "SELF deals 5 damage to target opponent or planeswalker.",
                 "Return up to two other target creature cards from your graveyard to your hand.",
                 "Target creature gets +2/+2 until end of turn. Destroy target artifact.",
                 "Search your library for a card, put that card into your hand, then shuffle.",
                 "It deals 2 damage to each opponent."):
        assert E.effect(text, spell=True) is None, text
    # "each player": you and each opponent (CR 102.1-102.3; `opponent` is each opponent)
    got = E.effect("Each player loses 2 life.")
    assert got is not None and got.do == [{"kind": "lose_life", "player": "you", "amount": 2},
                                          {"kind": "lose_life", "player": "opponent", "amount": 2}]
    # a triggered ability's targets are chosen as it is put on the stack (CR 603.3d)
    from pyengine.oracle import abilities as A

    got_t = A.triggered("When SELF enters, SELF deals 2 damage to target creature or planeswalker.", "t",
                        {"types": ["Creature"]})
    assert got_t is not None and got_t[0]["targets"] == [{"obj": {"any_types": ["Creature", "Planeswalker"]}}]
    assert got_t[0]["do"] == [{"kind": "damage", "source": "self", "target": "target", "amount": 2}]


def test_tokens_are_read_exactly() -> None:
    """CR 111.3, 111.4, 205.3d: the token's characteristics are those the effect defines;
    what isn't read (a predefined token, a copy, an amount X, a subtype of another type, a
    number that disagrees with the noun) stays text."""
    got = E.effect("Create a 1/1 colorless Thopter artifact creature token with flying.")
    assert got is not None and got.do == [{"kind": "create_tokens", "token": {
        "name": "Thopter Token", "types": ["Artifact", "Creature"], "subtypes": ["Thopter"], "power": 1,
        "toughness": 1, "abilities": ["flying"]}}]
    got = E.effect("Create three 1/1 red and white Human Soldier creature tokens.")
    assert got is not None and got.do == [{"kind": "create_tokens", "count": 3, "token": {
        "name": "Human Soldier Token", "types": ["Creature"], "subtypes": ["Human", "Soldier"],
        "colors": ["red", "white"], "power": 1, "toughness": 1}}]
    for text in ("Create a Map token.", "Create a token that's a copy of target creature.",
                 "Create X 1/1 green Saproling creature tokens.", "Create two 1/1 red Goblin creature token.",
                 "Create a 1/1 white Equipment creature token.", "Create a 2/2 black Zombie creature token "
                 "with \"{T}: Search your library for a card.\"",
                 "Create a 1/1 green Elf creature token with "
                 "flying and annihilator 2."):
        assert E.effect(text) is None, text
    # a quoted ability the compiler reads is the token's (113.1; tests/oracle/test_oracle_quoted.py)
    got = E.effect("Create a 2/2 black Zombie creature token with \"This creature can't block.\"")
    assert got is not None and got.do[0]["token"]["abilities"] == ["can't block"]


CATALOG_SPELLS = sorted((c for c in catalog.catalog().values()
                         if {"Instant", "Sorcery"} & set(c.characteristics.types)), key=lambda c: c.name)


@pytest.mark.parametrize("card", CATALOG_SPELLS, ids=[c.name for c in CATALOG_SPELLS])
def test_catalog_spell_compiled_does_what_the_catalog_says(card: catalog.Card) -> None:
    """Where the compiler makes what a catalog spell does, it is the catalog's."""
    from pyengine.oracle.compile import compile_card

    got = compile_card(_as_data(card))
    if "does" not in got.card and "resolves" not in got.card:
        return  # not compiled: the spell ability stays text (the catalog test checks that)
    made = catalog.card_from_mapping(got.card, "compiled", got.unrecognised)
    assert _norm(made.does) == _norm(card.does)
    assert _norm(made.resolves) == _norm(card.resolves)
    assert _norm(dataclasses.replace(made.characteristics).casting) == _norm(card.characteristics.casting)


def test_catalog_spells_the_compiler_makes() -> None:
    """A floor: these are compiled (CR 608.2c)."""
    from pyengine.oracle.compile import compile_card

    made = {c.name for c in CATALOG_SPELLS
            if {"does", "resolves"} & set(compile_card(_as_data(c)).card)}
    assert {"Lightning Bolt", "Giant Growth", "Jump", "Stoke the Flames", "Think Twice"} <= made


def test_generated_game_chooses_a_triggered_abilitys_targets(fixture_data: Path) -> None:
    """CR 603.3d: the generated game gives the targets before the action that triggers the
    ability: for "destroy target creature an opponent controls", bob's first creature; for
    "any target", bob. The game runs to an empty stack."""
    import yaml

    from pyengine import oracle
    from pyengine.oracle.execute_game import game_text, run_game

    for name, picks in (("Test Hunter", ["ogre"]), ("Test Scorcher", ["bob"])):
        card = oracle.compiled(name)
        assert card is not None
        text = game_text(card)
        assert text is not None, name
        assert yaml.safe_load(text)["query"]["script"][0] == {"trigger_targets": {"card": picks}}
        assert run_game(card) == (True, ""), name
