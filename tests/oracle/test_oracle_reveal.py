"""A discard chosen from a revealed hand (pyengine/oracle/effects_choice.py,
pyengine/game/reveal.py, pyengine/oracle/execute_reveal.py): "Target opponent reveals their
hand. You choose a noncreature, nonland card from it. That player discards that card." (CR
701.20a reveal; 701.9b the player who chooses; 609.3 nothing matching: nothing discarded)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.oracle import effects as E
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


DURESS = ("Target opponent reveals their hand. You choose a noncreature, nonland card from it. "
          "That player discards that card.")
CARDS = [
    _face("Duress", "{B}", ["Sorcery"], DURESS),
    _face("Thoughtseize", "{B}", ["Sorcery"], "Target player reveals their hand. You choose a nonland card "
          "from it. That player discards that card. You lose 2 life."),
    _face("Despise", "{B}", ["Sorcery"], "Target opponent reveals their hand. You choose a creature or "
          "planeswalker card from it. That player discards that card."),
    _face("Tourach's Canticle", "{3}{B}", ["Sorcery"], "Target opponent reveals their hand. You choose a "
          "card from it. That player discards that card, then discards a card at random."),
    # not read: the discarding player chooses the cards revealed; the choice is optional; a card
    # "of that color" (a color chosen as it resolves); a subtype
    _face("Blackmail", "{B}", ["Sorcery"], "Target player reveals three cards from their hand and you choose "
          "one of them. That player discards that card."),
    _face("Extract the Truth", "{1}{B}", ["Sorcery"], "Target opponent reveals their hand. You may choose a "
          "nonland card from it. That player discards that card."),
    _face("Psychic Spear", "{B}", ["Sorcery"], "Target player reveals their hand. You choose a Spirit or "
          "Arcane card from it. That player discards that card."),
]


@pytest.fixture
def reveal_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def test_the_three_sentences_are_one_chosen_discard() -> None:
    """701.9b: the discarding player is the one who revealed; "you" chooses, among the cards
    the sentence names (a noncreature, nonland card: neither type)."""
    got = E.effect(DURESS, spell=True)
    assert got is not None and got.do == [{"kind": "discard", "player": "target", "chooser": "you",
                                           "card": {"not_types": ["Creature", "Land"]}}]
    assert got.targets == [{"player": "opponent"}]  # 115.1: the spell targets the opponent
    got = E.effect("Target player reveals their hand. You choose a nonland card from it with mana value 3 or "
                   "less. That player discards that card.", spell=True)
    assert got is not None and got.do[0]["card"] == {"not_types": ["Land"], "mana_value": {"lte": 3}}
    got = E.effect("Target opponent reveals their hand and you choose a nonland permanent card from it. That "
                   "player discards that card.", spell=True)  # 110.4: a permanent card's types
    assert got is not None and got.do[0]["card"] == {
        "any_types": ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"],
        "not_types": ["Land"]}


def test_a_reveal_without_its_choice_and_discard_is_not_read() -> None:
    for text in ("Target opponent reveals their hand.",
                 "Target opponent reveals their hand. You choose a nonland card from it.",
                 "You choose a nonland card from it. That player discards that card.",
                 "Target opponent reveals their hand. You choose a nonland card from it. Exile that card.",
                 "Target opponent reveals their hand. You choose a nonlegendary, nonland card from it. "
                 "That player discards that card."):
        assert E.effect(text, spell=True) is None, text


def test_wordings_not_read_stay_text_naming_the_clause(reveal_data: None) -> None:
    for name in ("Blackmail", "Extract the Truth", "Psychic Spear"):
        got = _compiled(name)
        assert got.status != "full", name
        assert any("reveals" in c.text and c.template in (None, "spell ability (text)")
                   for c in got.clauses), \
            (name, got.clauses)
        assert "does" not in got.card, name


def _game(objects: str, script: str, expect: str, bob_hand: int) -> str:
    return (f"id: cards/reveal-smoke\ntitle: smoke\ncr: [\"701.9b\"]\nrationale: smoke\n"
            f"players: [{{id: alice, hand_size: 1, library_size: 10}}, "
            f"{{id: bob, hand_size: {bob_hand}, library_size: 10}}]\n"
            f"turn: {{active: alice, number: 3, step: precombat_main}}\nobjects:\n"
            f"  - {{id: swamp, card: Swamp, controller: alice, timestamp: 1}}\n{objects}"
            f"query:\n  kind: game\n  script:\n{script}expect:\n"
            + (expect if expect.startswith("  illegal") else f"  checkpoints:\n{expect}"))


HAND = ("  - {id: bolt, card: Lightning Bolt, owner: bob, zone: hand}\n"
        "  - {id: bears, card: Grizzly Bears, owner: bob, zone: hand}\n"
        "  - {id: jace, card: Jace Beleren, owner: bob, zone: hand}\n")


def _cast(spell: str, who: str = "opponent") -> str:
    return (f"    - cast: {{spell: s, player: alice, targets: {{{who}: [bob]}}, payment: {{tap: [swamp]}}}}\n"
            "    - resolve\n    - {checkpoint: done}\n")


def _run(text: str) -> Any:
    return runner.run_scenario(api.loads(text))


def test_despise_takes_the_card_alice_chooses(reveal_data: None) -> None:
    """701.9b: alice, not bob, chooses; a creature or planeswalker card: the Bears or Jace, not
    Lightning Bolt. Jace is discarded (701.9a), the others stay (hand 2)."""
    objects = HAND + "  - {id: s, card: Despise, owner: alice, zone: hand}\n"
    out = _run(_game(objects, "    - discard_choice: {s: [jace]}\n" + _cast("Despise"),
                     "    done: {stack: [], hand: {bob: 2}, objects: {jace: {zone: graveyard}, "
                     "bolt: {zone: hand}, bears: {zone: hand}}}\n", 3))
    assert out.passed, (out.message, out.diffs)
    # Lightning Bolt is neither: choosing it is illegal (701.9b)
    out = _run(_game(objects, "    - discard_choice: {s: [bolt]}\n" + _cast("Despise"),
                     '  illegal: {action: 2, rule: "701.9b"}\n', 3))
    assert out.passed, (out.message, out.diffs)
    # a matching card is in the hand: choosing none is illegal (608.2c)
    out = _run(_game(objects, "    - discard_choice: {s: []}\n" + _cast("Despise"),
                     '  illegal: {action: 2, rule: "608.2c"}\n', 3))
    assert out.passed, (out.message, out.diffs)


def test_a_choice_is_needed_unless_nothing_matches(reveal_data: None) -> None:
    """The script gives the choice (608.2d); with no matching card none is needed and nothing is
    discarded (609.3); an unnamed card of the hand can't be judged: the game stops."""
    objects = HAND + "  - {id: s, card: Duress, owner: alice, zone: hand}\n"
    out = _run(_game(objects, _cast("Duress"), '  illegal: {action: 1, rule: "701.9b"}\n', 3))
    assert out.passed, (out.message, out.diffs)
    creatures = "  - {id: bears, card: Grizzly Bears, owner: bob, zone: hand}\n" \
                "  - {id: s, card: Duress, owner: alice, zone: hand}\n"
    out = _run(_game(creatures, _cast("Duress"), "    done: {stack: [], hand: {bob: 1}, "
                     "objects: {bears: {zone: hand}, s: {zone: graveyard}}}\n", 1))
    assert out.passed, (out.message, out.diffs)
    out = _run(_game(creatures, "    - discard_choice: {s: []}\n" + _cast("Duress"),
                     '  illegal: {action: 2, rule: "701.9b"}\n', 2))  # one unnamed card too
    assert out.passed, (out.message, out.diffs)


def test_thoughtseize_discards_then_its_caster_loses_two_life(reveal_data: None) -> None:
    """608.2c in order: the discard (701.9a), then alice loses 2 life (119.3): 18."""
    objects = HAND + "  - {id: s, card: Thoughtseize, owner: alice, zone: hand}\n"
    out = _run(_game(objects, "    - discard_choice: {s: [bolt]}\n" + _cast("Thoughtseize", "player"),
                     "    done: {stack: [], hand: {bob: 2}, life: {alice: 18, bob: 20}, "
                     "objects: {bolt: {zone: graveyard}}}\n", 3))
    assert out.passed, (out.message, out.diffs)


def test_generated_games_run(reveal_data: None) -> None:
    """Coverage by execution (pyengine.oracle.execute_reveal): the revealed hand is named."""
    from pyengine.oracle.execute_triggers import run_game

    for name in ("Duress", "Thoughtseize", "Despise", "Tourach's Canticle"):
        card = _compiled(name)
        assert card.status == "full", name
        assert run_game(card) == (True, ""), name
