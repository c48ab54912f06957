"""Modal spells and triggered abilities compiled from card data (CR 700.2): the modes are
chosen as the spell is cast (601.2b, 700.2a) or the ability put on the stack (603.3c), only
the chosen modes' targets are chosen (700.2c), and only the chosen modes are done, in the order
printed (608.2c). Invented cards (this module's own card data), played in games; wordings not
read stay not understood, the reason naming the mode or the choice."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


CARDS = [
    _face("Grizzly Bears", "{1}{G}", ["Creature"], "", power="2", toughness="2", subtypes=["Bear"]),
    _face("Gray Ogre", "{2}{R}", ["Creature"], "", power="2", toughness="2", subtypes=["Ogre"]),
    _face("Glorious Anthem", "{1}{W}{W}", ["Enchantment"], "Creatures you control get +1/+1."),
    _face("Test Charm", "{U}{R}", ["Instant"], "Choose one \u2014\n"
          "\u2022 Counter target noncreature spell unless its controller pays {2}.\n"
          "\u2022 Test Charm deals 2 damage to target creature.\n\u2022 You gain 3 life."),
    _face("Test Either", "{1}{G}", ["Sorcery"], "Choose one or both \u2014\n"
          "\u2022 Destroy target enchantment.\n\u2022 You gain 2 life.\n"),
    _face("Test Command", "{B}{R}", ["Instant"], "Choose two \u2014\n"
          "\u2022 You lose 1 life.\n\u2022 Creatures you control get +2/+0 until end of turn.\n"
          "\u2022 Draw a card.\n\u2022 Target player loses 3 life."),
    _face("Test Many", "{G}", ["Instant"], "Choose one or more \u2014\n"
          "\u2022 You gain 1 life.\n\u2022 Draw a card.\n\u2022 Mill a card."),
    _face("Test Stacked", "{R}", ["Instant"], "Choose three. You may choose the same mode more than "
          "once.\n\u2022 Draw a card.\n\u2022 You gain 1 life."),
    _face("Test Murky", "{U}", ["Instant"], "Choose one \u2014\n\u2022 Draw a card.\n"
          "\u2022 Search your library for a card, put it into your hand, then shuffle."),
    _face("Test Unpicked", "{U}", ["Sorcery"], "Choose up to one \u2014\n\u2022 Draw a card.\n"
          "\u2022 You gain 1 life."),
    _face("Test Herald", "{2}{W}", ["Creature"], "When this creature enters, choose one \u2014\n"
          "\u2022 Destroy target enchantment.\n\u2022 You gain 3 life.", power="2", toughness="2"),
    _face("Test Warden", "{2}{W}", ["Creature"], "When this creature enters, choose one \u2014\n"
          "\u2022 Destroy target enchantment.\n\u2022 Destroy target artifact.", power="2", toughness="2"),
]


@pytest.fixture
def modal_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def test_modal_spells_compile_their_choice_and_modes(modal_data: None) -> None:
    """CR 700.2: the number of modes to choose, and each mode's targets (700.2c)."""
    charm = _compiled("Test Charm")
    assert charm.status == "full" and [c.template for c in charm.clauses] == ["modal spell"]
    modes = charm.card["casting"]["modes"]
    assert modes["choose"] == 1 and [m.get("targets", []) for m in modes["list"]] == [
        [{"id": "spell", "what": {"zone": "stack", "not_types": ["Creature"]}}],
        [{"id": "creature", "what": {"types": ["Creature"]}}], []]
    # the second mode's target is the spell's second instance of "target" (601.2c)
    assert charm.card["does"]["modes"][1] == {"do": [{"kind": "damage", "source": "self",
                                                      "target": "target2", "amount": 2}]}
    assert _compiled("Test Either").card["casting"]["modes"]["choose"] == {"min": 1, "max": 2}
    assert _compiled("Test Command").card["casting"]["modes"]["choose"] == 2
    assert _compiled("Test Many").card["casting"]["modes"]["choose"] == {"min": 1, "max": 3}


def test_wordings_not_read_stay_not_understood_with_the_reason(modal_data: None) -> None:
    """A mode the compiler can't read, choosing the same mode twice (700.2d) and "up to one"
    leave the card partial, the clause saying which."""
    for name, why in (("Test Stacked", "You may choose the same mode more than once"),
                      ("Test Murky", "the mode 'Search your library"),
                      ("Test Unpicked", "'Choose up to one' is not read")):
        got = _compiled(name)
        assert got.status in ("partial", "none"), name
        assert why in got.clauses[0].why and got.clauses[0].template is None, (name, got.clauses)
        assert "does" not in got.card and "casting" not in got.card


def test_modal_triggered_abilities_compile_their_modes(modal_data: None) -> None:
    """CR 603.3c: the modes of a triggered ability, each with its targets (700.2c)."""
    herald = _compiled("Test Herald")
    assert herald.status == "full"
    ability = herald.card["abilities"][0]
    assert ability["modes"] == {"choose": 1, "list": [
        {"targets": [{"obj": {"types": ["Enchantment"]}}], "do": [{"kind": "destroy", "object": "target"}]},
        {"do": [{"kind": "gain_life", "player": "you", "amount": 3}]}]}


def _game(objects: str, script: str, expect: str, hand: int = 1) -> str:
    return (f"id: cards/modal-smoke\ntitle: smoke\ncr: [\"700.2\"]\nrationale: smoke\n"
            f"players: [{{id: alice, hand_size: {hand}, library_size: 10}}, {{id: bob, library_size: 10}}]\n"
            f"turn: {{active: alice, number: 3, step: precombat_main}}\nobjects:\n{objects}"
            f"query:\n  kind: game\n  script:\n{script}expect:\n"
            + (expect if expect.startswith("  illegal") else f"  checkpoints:\n{expect}"))


BOARD = ("  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
         "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
         "  - {id: anthem, card: Glorious Anthem, controller: bob, timestamp: 3}\n")


def _run(text: str) -> Any:
    return runner.run_scenario(api.loads(text))


def test_a_cast_modal_spell_does_only_its_chosen_modes(modal_data: None) -> None:
    """CR 700.2a, 601.2b: the caster chooses the modes; 700.2c: only their targets; 608.2c:
    only the chosen modes are done, in the order printed. Test Charm's second mode deals 2
    damage to the Ogre (a 3/3 with the Anthem: it survives, 120.3e); alice gains no life
    (the third mode wasn't chosen). Test Either with both modes: the Anthem is destroyed, then
    alice gains 2 life; the Ogre is a 2/2 again with 2 damage and dies (704.5g)."""
    objects = BOARD + ("  - {id: charm, card: Test Charm, owner: alice, zone: hand}\n"
                       "  - {id: either, card: Test Either, owner: alice, zone: hand}\n")
    script = ("    - {stack: {object: charm, controller: alice, modes: [2], targets: [ogre]}}\n"
              "    - resolve\n"
              "    - {checkpoint: charmed}\n"
              "    - {stack: {object: either, controller: alice, modes: [1, 2], targets: [anthem]}}\n"
              "    - resolve\n    - {checkpoint: done}\n")
    expect = ("    charmed: {stack: [], life: {alice: 20}, objects: {ogre: {zone: battlefield, damage: 2,\n"
              "              power: 3, toughness: 3}, charm: {zone: graveyard}}}\n"
              "    done: {stack: [], life: {alice: 22}, objects: {anthem: {zone: graveyard},\n"
              "           ogre: {zone: graveyard}, either: {zone: graveyard}}}\n")
    out = _run(_game(objects, script, expect, hand=2))
    assert out.passed, (out.message, out.diffs)


def test_a_modal_spell_cast_with_its_costs_and_a_continuous_mode(modal_data: None) -> None:
    """CR 601.2b: Test Command cast choosing its second and fourth modes (700.2a), targeting
    bob only for the fourth (700.2c): bob loses 3 life and alice's Bears get +2/+0 until end
    of turn (611.2a; a continuous effect made as the spell resolves, 611.2c); alice neither
    loses life nor draws (modes 1 and 3 weren't chosen). Cast with one mode only, "choose two"
    is not met: the cast is illegal (700.2, 601.2b)."""
    objects = BOARD + ("  - {id: command, card: Test Command, owner: alice, zone: hand}\n"
                       "  - {id: swamp, card: Swamp, controller: alice, timestamp: 4}\n"
                       "  - {id: mountain, card: Mountain, controller: alice, timestamp: 5}\n")
    script = ("    - cast: {spell: command, modes: [2, 4], targets: {player: [bob]},\n"
              "            payment: {tap: [swamp, mountain]}}\n    - resolve\n    - {checkpoint: done}\n")
    expect = ("    done: {stack: [], life: {alice: 20, bob: 17}, hand: {alice: 0}, library: {alice: 10},\n"
              "           objects: {bears: {power: 4, toughness: 2}, ogre: {power: 3, toughness: 3}}}\n")
    out = _run(_game(objects, script, expect))
    assert out.passed, (out.message, out.diffs)
    one = script.replace("modes: [2, 4]", "modes: [4]")
    out = _run(_game(objects, one, '  illegal: {action: 0, rule: "700.2"}\n'))
    assert out.passed, (out.message, out.diffs)


def test_a_modal_triggered_ability_does_its_chosen_mode(modal_data: None) -> None:
    """CR 603.3c: the mode is chosen as the ability is put on the stack (given ahead), then
    its target (700.2c): the Herald's first mode destroys the Anthem. Without a choice the
    game stops, asking for the modes (the game never chooses for a player)."""
    objects = BOARD + "  - {id: herald, card: Test Herald, owner: alice, zone: hand}\n"
    script = ("    - {trigger_modes: {herald: [1]}}\n    - {trigger_targets: {herald: [anthem]}}\n"
              "    - {stack: {object: herald, controller: alice}}\n    - resolve\n    - resolve\n"
              "    - {checkpoint: done}\n")
    expect = ("    done: {stack: [], life: {alice: 20}, objects: {anthem: {zone: graveyard},\n"
              "           herald: {zone: battlefield}}}\n")
    out = _run(_game(objects, script, expect))
    assert out.passed, (out.message, out.diffs)
    gain = script.replace("[1]", "[2]").replace("    - {trigger_targets: {herald: [anthem]}}\n", "")
    out = _run(_game(objects, gain, expect.replace("alice: 20", "alice: 23").replace(
        "anthem: {zone: graveyard}", "anthem: {zone: battlefield}")))
    assert out.passed, (out.message, out.diffs)
    unchosen = script.replace("    - {trigger_modes: {herald: [1]}}\n", "")
    out = _run(_game(objects, unchosen, '  illegal: {action: 2, rule: "603.3c"}\n'))
    assert out.passed, (out.message, out.diffs)


def test_a_mode_without_a_legal_target_cant_be_chosen(modal_data: None) -> None:
    """CR 700.2b: with no artifact on the battlefield, the Warden's second mode can't be
    chosen; with neither an artifact nor an enchantment, no mode can be, and the ability is
    removed from the stack (603.3c): the stack is empty after the Warden resolves."""
    objects = BOARD + "  - {id: warden, card: Test Warden, owner: alice, zone: hand}\n"
    script = ("    - {trigger_modes: {warden: [2]}}\n"
              "    - {stack: {object: warden, controller: alice}}\n    - resolve\n    - {checkpoint: done}\n")
    out = _run(_game(objects, script, '  illegal: {action: 2, rule: "700.2b"}\n'))
    assert out.passed, (out.message, out.diffs)
    bare = objects.replace("  - {id: anthem, card: Glorious Anthem, controller: bob, timestamp: 3}\n", "")
    out = _run(_game(bare, script, "    done: {stack: [], objects: {warden: {zone: battlefield}}}\n"))
    assert out.passed, (out.message, out.diffs)


def test_every_mode_runs_in_its_generated_game(modal_data: None) -> None:
    """Coverage by execution: one generated game per mode, the mode chosen (700.2a, 603.3c)."""
    from pyengine.oracle.execute_modal import game_texts
    from pyengine.oracle.execute_triggers import run_game

    for name, n in (("Test Charm", 3), ("Test Command", 4), ("Test Herald", 2)):
        card = _compiled(name)
        texts = game_texts(card)
        assert [i for i, t in texts if t is not None] == list(range(1, n + 1)), name
        assert run_game(card) == (True, ""), name
