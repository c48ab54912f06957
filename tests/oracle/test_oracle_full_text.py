"""Volrath's Shapeshifter: "As long as the top card of your graveyard is a creature card, this
creature has the full text of that card and has the text "{2}: Discard a card."" compiled into
the layer-3 ``full_text`` operation (CR 612.6, 613.1c) reading the top card of its controller's
graveyard (404.1-404.2), on the bundled card data (skipped without it): its characteristics
follow the top card, in a board and in a game, and wordings the template doesn't read stay
unread."""

from __future__ import annotations

from pyengine import oracle
from pyengine.oracle import execute
from pyengine.oracle import full_text as FT
from tests.oracle import support

pytestmark = support.BUNDLED

SHIFTER = "Volrath's Shapeshifter"
FIELDS = "[name, mana_value, colors, types, subtypes, power, toughness, abilities]"


def _board(graveyard: list[tuple[str, str]], expect: str) -> str:
    cards = "".join(f"  - {{id: {i}, card: {c}, owner: alice, zone: graveyard}}\n" for i, c in graveyard)
    return ("id: layers/test\ntitle: t\ncr: [\"612.6\"]\nrationale: t\nplayers: [alice, bob]\n"
            "turn: {active: alice}\nobjects:\n"
            f"  - {{id: shifter, card: \"{SHIFTER}\", controller: alice, timestamp: 1}}\n{cards}"
            f"query: {{kind: characteristics, objects: [shifter], fields: {FIELDS}}}\n"
            f"expect: {{shifter: {expect}}}\n")


def test_the_shapeshifter_compiles_into_the_full_text_operation() -> None:
    card = support.full(SHIFTER)
    assert [c.template for c in card.clauses] == [FT.NAME, "activated ability"]
    static = card.card["abilities"][0]["static"]
    top = {"zone": "graveyard", "owner": "you", "top_of_graveyard": True}
    assert static["affects"] == "self"
    assert static["condition"] == {"exists": {**top, "types": ["Creature"]}}
    assert static["full_text"]["of"] == top
    [added] = static["full_text"]["add_abilities"]
    assert added["text"] == "{2}: Discard a card." and added["activated"]["cost"] == "{2}"


def test_a_creature_card_on_top_gives_its_full_text() -> None:
    # 612.6: name, mana cost (and so color, 105.2), types, abilities, power and toughness of
    # Serra Angel, and the added "{2}: Discard a card."
    support.passes(_board([("angel", "Serra Angel"), ("bolt", "Lightning Bolt")],
                          "{name: Serra Angel, mana_value: 5, colors: [white], types: [Creature], "
                          "subtypes: [Angel], power: 4, toughness: 4, "
                          "abilities: [flying, vigilance, \"{2}: Discard a card.\"]}"))


def test_a_noncreature_card_on_top_leaves_its_own_text() -> None:
    # 611.3a: the condition is false (the top card is an instant card; the Angel under it
    # doesn't count), so the Shapeshifter is its printed self
    support.passes(_board([("bolt", "Lightning Bolt"), ("angel", "Serra Angel")],
                          "{name: \"Volrath's Shapeshifter\", mana_value: 3, colors: [blue], types: [Creature], "
                          "subtypes: [Phyrexian, Shapeshifter], power: 0, toughness: 1, abilities: "
                          "[\"As long as the top card of your graveyard is a creature card, this creature has the "
                          "full text of that card and has the text \\\"{2}: Discard a card.\\\"\", "
                          "\"{2}: Discard a card.\"]}"))


def test_its_discard_ability_puts_the_card_on_top_and_it_follows() -> None:
    # 602.2, 701.9a, 404.1: the discarded card goes on top; the Shapeshifter follows it (611.3a)
    objects = (f"  - {{id: shifter, card: \"{SHIFTER}\", controller: alice, timestamp: 1}}\n"
               "  - {id: angel, card: Serra Angel, owner: alice, zone: hand}\n"
               "  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}\n")
    script = ("    - discard_choice: {shifter: [angel]}\n    - activate: {player: alice, source: shifter}\n"
              "    - resolve\n    - checkpoint: angel\n"
              "    - discard_choice: {shifter: [bolt]}\n    - activate: {player: alice, source: shifter}\n"
              "    - resolve\n    - checkpoint: bolt\n")
    expect = ("    angel: {graveyard: {alice: [angel], bob: []}, objects: {shifter: {name: Serra Angel, power: 4}}}\n"
              "    bolt: {graveyard: {alice: [bolt, angel], bob: []}, objects: {shifter: {name: \"Volrath's "
              "Shapeshifter\", power: 0}}}\n")
    hands = "[{id: alice, mana: \"{4}\", library_size: 10, hand_size: 2}, {id: bob, library_size: 10}]"
    support.passes(support.game_text(objects, support.MAIN, script, expect, hands, cr=("404.1", "612.6")))


def test_its_generated_board_and_game_run() -> None:
    card = support.full(SHIFTER)
    assert "Serra Angel" in (execute.scenario_text(card) or "")  # the top card of its board
    assert execute.run_for(card, FT.NAME) == (True, "")


def test_wordings_the_template_does_not_read_stay_unread() -> None:
    card = {"name": "Test", "types": ["Creature"]}
    for par in (
        # another object's text, not the top card of a graveyard
        "SELF has the full text of target creature card in a graveyard.",
        # an opponent's graveyard ("your" is the controller's, 404.1)
        "As long as the top card of an opponent's graveyard is a creature card, SELF has the full text "
        "of that card.",
        # a quoted text that compiles into nothing the engines run keeps the paragraph unread
        "As long as the top card of your graveyard is a creature card, SELF has the full text of that "
        "card and has the text \"You may look at the top card of your library any time.\"",
    ):
        assert FT.template(par, par, card) is None, par
