"""Double-faced and face-down cards compiled from their Oracle text (CR 712, 701.27, 708):
"transform SELF" as an instruction, the back face a transforming card's object holds, and the
abilities that trigger as a permanent transforms or is turned face up."""

from __future__ import annotations

import pytest

from pyengine import oracle
from tests.oracle.support import BUNDLED, MAIN, full, game_text, passes

pytestmark = BUNDLED


def test_activated_transform_turns_the_card_over() -> None:
    """Ulvenwald Captive: "{5}{G}{G}: Transform this creature." Its back face, Ulvenwald
    Abomination, is a 4/6 Eldrazi Werewolf (712.2): once the ability resolves the permanent has
    only the back face's characteristics (701.27a, 712.8e), a transformed permanent (701.27g)."""
    full("Ulvenwald Captive")
    passes(game_text(
        "  - {id: cap, card: Ulvenwald Captive, controller: alice, timestamp: 1}\n", MAIN,
        "    - activate: {player: alice, source: cap, ability: 1}\n    - resolve\n    - checkpoint: done\n",
        "    done: {stack: [], objects: {cap: {transformed: true, name: Ulvenwald Abomination, power: 4,"
        " toughness: 6}}}\n",
        hands='[{id: alice, mana: "{5}{G}{G}", library_size: 10}, {id: bob, library_size: 10}]',
        cr=("701.27a", "712.8e")))


def test_megamorph_cast_face_down_turned_face_up_gets_a_counter_and_triggers() -> None:
    """Den Protector: "Megamorph {1}{G}" and "When this creature is turned face up, return
    target card from your graveyard to your hand." Cast face down for {3} (702.37b, 702.37c:
    a 2/2 with no name), then turned face up for its megamorph cost (702.37e, 116.2b): as it is
    turned face up it gets a +1/+1 counter (702.37b), a 3/2; the ability triggers (708.8) and
    returns the Grizzly Bears card from alice's graveyard to her hand."""
    full("Den Protector")
    lands = "".join(f"  - {{id: f{i}, card: Forest, controller: alice, timestamp: {i}}}\n" for i in range(1, 6))
    passes(game_text(
        "  - {id: den, card: Den Protector, owner: alice, zone: hand}\n"
        "  - {id: gb, card: Grizzly Bears, owner: alice, zone: graveyard}\n" + lands, MAIN,
        "    - cast: {spell: den, as: morph, payment: {tap: [f1, f2, f3]}}\n    - resolve\n"
        "    - checkpoint: down\n"
        "    - trigger_targets: {den: [gb]}\n"
        "    - turn_face_up: {player: alice, object: den, payment: {tap: [f4, f5]}}\n"
        "    - checkpoint: up\n    - resolve\n    - checkpoint: done\n",
        "    down: {objects: {den: {face_down: true, power: 2, toughness: 2, abilities: []}}}\n"
        "    up: {objects: {den: {face_down: false, name: Den Protector, power: 3, toughness: 2,"
        " counters: {+1/+1: 1}}}}\n"
        "    done: {stack: [], objects: {gb: {zone: hand}}}\n",
        cr=("702.37b", "702.37e", "708.8")))


def test_morph_turned_face_up_trigger_deals_damage() -> None:
    """Skirk Marauder: "Morph {2}{R}" and "When this creature is turned face up, it deals 2
    damage to any target." Face down as a morph (702.37c), turned face up for {2}{R} (702.37e);
    no counter (plain morph); the ability triggers (708.8) and deals 2 damage to bob (20 -> 18)."""
    full("Skirk Marauder")
    passes(game_text(
        "  - {id: sm, card: Skirk Marauder, controller: alice, timestamp: 1, face_down: morph}\n", MAIN,
        "    - trigger_targets: {sm: [bob]}\n    - turn_face_up: {player: alice, object: sm}\n"
        "    - resolve\n    - checkpoint: done\n",
        "    done: {stack: [], life: {bob: 18}, objects: {sm: {face_down: false, power: 2, toughness: 1}}}\n",
        hands='[{id: alice, mana: "{2}{R}", library_size: 10}, {id: bob, library_size: 10}]',
        cr=("702.37e", "708.8")))


def test_transforms_into_trigger_of_the_back_face() -> None:
    """Voldaren Pariah // Abolisher of Bloodlines: the back face says "When this creature
    transforms into Abolisher of Bloodlines, target opponent sacrifices three creatures of their
    choice." Alice's Voldaren Pariah transforms (701.27a): the back face is up (712.8e) and its
    ability triggers; bob sacrifices his only three creatures."""
    full("Abolisher of Bloodlines")
    passes(game_text(
        "  - {id: vp, card: Voldaren Pariah, controller: alice, timestamp: 1}\n"
        "  - {id: o1, card: Gray Ogre, controller: bob, timestamp: 2}\n"
        "  - {id: o2, card: Grizzly Bears, controller: bob, timestamp: 3}\n"
        "  - {id: o3, card: Ornithopter, controller: bob, timestamp: 4}\n", MAIN,
        "    - trigger_targets: {vp: [bob]}\n    - transform: vp\n    - resolve\n    - checkpoint: done\n",
        "    done: {stack: [], objects: {vp: {name: Abolisher of Bloodlines, transformed: true},"
        " o1: {zone: graveyard}, o2: {zone: graveyard}, o3: {zone: graveyard}}}\n",
        cr=("701.27a", "712.8e")))


def test_an_ability_doesnt_transform_a_permanent_that_transformed_since_it_was_put_on_the_stack() -> None:
    """701.27f: alice activates Ulvenwald Captive's "{5}{G}{G}: Transform this creature." twice;
    the second ability resolves first and transforms it (701.27a); the first, put on the stack
    before that, then does nothing: the permanent stays transformed (not turned back over)."""
    passes(game_text(
        "  - {id: cap, card: Ulvenwald Captive, controller: alice, timestamp: 1}\n", MAIN,
        "    - activate: {player: alice, source: cap, ability: 1, payment: {pool: \"{C}{C}{C}{C}{C}{G}{G}\"}}\n"
        "    - activate: {player: alice, source: cap, ability: 1, payment: {pool: \"{C}{C}{C}{C}{C}{G}{G}\"}}\n"
        "    - resolve\n    - checkpoint: once\n    - resolve\n    - checkpoint: done\n",
        "    once: {objects: {cap: {transformed: true}}}\n"
        "    done: {stack: [], objects: {cap: {transformed: true, name: Ulvenwald Abomination}}}\n",
        hands='[{id: alice, mana: "{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}{G}{G}{G}{G}", library_size: 10}, {id: bob, library_size: 10}]',
        cr=("701.27f",)))


def test_a_manifested_megamorph_card_turned_face_up_for_its_mana_cost_gets_no_counter() -> None:
    """702.37b: the +1/+1 counter comes only when its megamorph cost was paid to turn it face
    up; Den Protector manifested (701.40a) is turned face up for its mana cost {1}{G} (701.40b):
    a 2/1 with no counter; its ability still triggers (708.8) and returns the Bears."""
    passes(game_text(
        "  - {id: den, card: Den Protector, controller: alice, timestamp: 1, face_down: manifest}\n"
        "  - {id: gb, card: Grizzly Bears, owner: alice, zone: graveyard}\n", MAIN,
        "    - trigger_targets: {den: [gb]}\n    - turn_face_up: {player: alice, object: den}\n"
        "    - resolve\n    - checkpoint: done\n",
        "    done: {stack: [], objects: {den: {face_down: false, power: 2, toughness: 1, counters: {}},"
        " gb: {zone: hand}}}\n",
        hands='[{id: alice, mana: "{1}{G}", library_size: 10}, {id: bob, library_size: 10}]',
        cr=("702.37b", "701.40b")))


WEREWOLF = ("  - {id: ws, card: Gatstaf Shepherd, controller: alice, timestamp: 1}\n"
            "  - {id: b1, card: Lightning Bolt, owner: bob, zone: hand}\n"
            "  - {id: b2, card: Lightning Bolt, owner: bob, zone: hand}\n")
BOLTS = ("    - stack: {object: b1, controller: bob, targets: [alice]}\n    - resolve\n"
         "    - stack: {object: b2, controller: bob, targets: [alice]}\n    - resolve\n")


def test_a_werewolf_transforms_after_a_turn_without_spells_and_back_after_two() -> None:
    """Gatstaf Shepherd: "At the beginning of each upkeep, if no spells were cast last turn,
    transform this creature." No spell is cast in alice's turn 3: at bob's upkeep (turn 4) the
    ability triggers and resolves (603.4, checked both times), and the Shepherd transforms into
    Gatstaf Howler (701.27a), a 3/3 with intimidate and "if a player cast two or more spells last
    turn, transform this creature". Bob casts two Lightning Bolts in his turn 4: at alice's
    upkeep (turn 5) the Howler's ability triggers and it transforms back (712.8d)."""
    full("Gatstaf Shepherd")
    full("Gatstaf Howler")
    passes(game_text(
        WEREWOLF, MAIN,
        "    - advance: {step: upkeep, turn: 4}\n    - resolve\n    - checkpoint: night\n"
        "    - advance: precombat_main\n" + BOLTS +
        "    - advance: {step: upkeep, turn: 5}\n    - resolve\n    - checkpoint: day\n",
        "    night: {stack: [], objects: {ws: {transformed: true, name: Gatstaf Howler}}}\n"
        "    day: {stack: [], life: {alice: 14}, objects: {ws: {transformed: false, name: Gatstaf Shepherd}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 2, library_size: 10}]",
        cr=("603.4", "701.27a")))


def test_a_werewolf_doesnt_transform_after_a_turn_with_a_spell() -> None:
    """Gatstaf Shepherd's intervening "if" (603.4): bob casts a Lightning Bolt in alice's turn
    3, so at bob's upkeep (turn 4) a spell was cast last turn: the ability doesn't trigger, and
    the Shepherd stays face up as it was."""
    passes(game_text(
        WEREWOLF, MAIN,
        "    - pass: alice\n    - stack: {object: b1, controller: bob, targets: [alice]}\n    - resolve\n"
        "    - advance: {step: upkeep, turn: 4}\n    - checkpoint: still\n",
        "    still: {stack: [], objects: {ws: {transformed: false, name: Gatstaf Shepherd}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 2, library_size: 10}]",
        cr=("603.4",)))


def test_a_permanent_named_by_its_back_face_is_the_card_transformed() -> None:
    """Gatstaf Howler on the battlefield is Gatstaf Shepherd // Gatstaf Howler with its back
    face up (701.27g); after bob casts two spells
    in his turn, at alice's upkeep the Howler's ability transforms it into its front face
    (712.8d), the 2/2 Gatstaf Shepherd."""
    passes(game_text(
        "  - {id: wh, card: Gatstaf Howler, controller: alice, timestamp: 1}\n"
        "  - {id: b1, card: Lightning Bolt, owner: bob, zone: hand}\n"
        "  - {id: b2, card: Lightning Bolt, owner: bob, zone: hand}\n",
        "{active: bob, number: 2, step: precombat_main}",
        "    - checkpoint: night\n" + BOLTS + "    - advance: {step: upkeep, turn: 3}\n    - resolve\n"
        "    - checkpoint: day\n",
        "    night: {objects: {wh: {transformed: true, name: Gatstaf Howler}}}\n"
        "    day: {stack: [], objects: {wh: {transformed: false, name: Gatstaf Shepherd, power: 2,"
        " toughness: 2}}}\n",
        hands="[{id: alice, library_size: 10}, {id: bob, hand_size: 2, library_size: 10}]",
        cr=("701.27g", "712.8d")))


@pytest.mark.parametrize("name, clause", [
    # day and night made or read by other wordings (730.1; daybound itself: test_oracle_day_night)
    ("Brimstone Vandal", "If it's neither day nor night, it becomes day as this creature enters."),
    ("Brimstone Vandal", "Whenever day becomes night or night becomes day"),
    # any permanent turned face up: not about SELF
    ("Aphetto Runecaster", "Whenever a permanent is turned face up, you may draw a card."),
    # Delver of Secrets: the transform depends on the revealed card (not read)
    ("Delver of Secrets", "At the beginning of your upkeep, look at the top card of your library."),
])
def test_unsupported_face_wordings_stay_text(name: str, clause: str) -> None:
    got = oracle.compiled(name)
    assert got is not None and got.status != "full"
    held = [c for c in got.clauses if c.text.startswith(clause)]
    assert held and all(c.template is None or "(text)" in c.template for c in held), got.clauses


def test_a_face_whose_other_face_has_a_text_trigger_keeps_its_transform_unread() -> None:
    """Huntmaster of the Fells // Ravager of the Fells: the back face's "Whenever this creature
    transforms into Ravager of the Fells, it deals 2 damage to target opponent or planeswalker
    and 2 damage to up to one target creature ..." is held only as text, so a game couldn't tell
    when it triggers (603.1): the front face's transform paragraphs stay unrecognised, naming
    why, and the game refuses to turn the back face up."""
    got = oracle.compiled("Huntmaster of the Fells")
    assert got is not None and got.status in ("partial", "none")
    upkeep = next(c for c in got.clauses if "no spells were cast last turn" in c.text)
    assert upkeep.template is None and "Ravager of the Fells" in upkeep.why
    text = game_text(
        "  - {id: hm, card: Huntmaster of the Fells, controller: alice, timestamp: 1, abilities: []}\n", MAIN,
        "    - transform: hm\n    - checkpoint: done\n", "    done: {stack: []}\n", cr=("603.1",))
    from pyengine import api
    from pyengine.errors import PyengineError
    from pyengine.scenario import runner

    try:
        out = runner.run_scenario(api.loads(text))
    except PyengineError as exc:  # the game refuses it (its abilities written out: none)
        assert "603.1" in str(exc) and "Ravager of the Fells" in str(exc), str(exc)
    else:
        said = out.message + " ".join(out.diffs)
        assert not out.passed and "603.1" in said and "Ravager of the Fells" in said, out


def test_last_turn_reads_only_the_spells_cast() -> None:
    """``last_turn`` names what the previous turn's history gives (spells cast, 730.2, 603.4):
    another word is bad input, one line naming the field."""
    from pyengine import api
    from pyengine.errors import ScenarioError

    text = game_text(
        "  - id: ws\n    name: Test Wolf\n    types: [Creature]\n    power: 2\n    toughness: 2\n"
        "    controller: alice\n    timestamp: 1\n    abilities:\n"
        "      - trigger: {at: {step: upkeep, player: any}, if: {compare: [{last_turn: {what: life_gained,"
        " player: any}}, '==', 0]}}\n        do: [{kind: transform, object: self}]\n        text: t\n",
        MAIN, "    - checkpoint: done\n", "    done: {stack: []}\n", cr=("603.4",))
    with pytest.raises(ScenarioError, match=r"last_turn.what"):
        api.loads(text)
