"""The card catalog: every card file parses, names are unique, and card files are checked."""

from __future__ import annotations

from importlib import resources

import pytest

from pyengine import catalog
from pyengine.errors import ScenarioError

CARD_FILES = sorted(e.name for e in resources.files("pyengine").joinpath("catalog/cards").iterdir()
                    if e.name.endswith(".yaml"))


def test_catalog_is_not_empty() -> None:
    assert len(CARD_FILES) >= 3
    assert len(catalog.catalog()) == len(CARD_FILES)


@pytest.mark.parametrize("file", CARD_FILES)
def test_card_file_parses_and_is_named_after_the_card(file: str) -> None:
    text = resources.files("pyengine").joinpath(f"catalog/cards/{file}").read_text("utf-8")
    card = catalog.parse_card(text, file)
    slug = "".join(c if c.isalnum() else "-" for c in card.name.lower().replace("'", ""))
    while "--" in slug:
        slug = slug.replace("--", "-")
    assert file == slug.strip("-") + ".yaml"
    assert isinstance(card.oracle, str)
    assert catalog.lookup(card.name.upper()) is not None


def test_grizzly_bears() -> None:
    card = catalog.lookup("grizzly bears")
    assert card is not None
    ch = card.characteristics
    assert (ch.mana_cost, ch.mana_value, ch.colors, ch.types, ch.subtypes, ch.power, ch.toughness) == \
        ("{1}{G}", 2, ("green",), ("Creature",), ("Bear",), 2, 2)
    assert card.oracle == ""


def test_giant_growth_resolves_to_a_layer_7c_effect() -> None:
    card = catalog.lookup("Giant Growth")
    assert card is not None and card.resolves is not None
    assert [op.kind for op in card.resolves.ops] == ["modify_pt"]


def test_instants_and_sorceries_have_their_spell_abilities() -> None:
    """CR 113.3a: an instant's or sorcery's text is its spell abilities, one per paragraph
    (113.2c; reminder text is no ability, a modal spell's modes are one paragraph, 700.2)."""
    bolt = catalog.lookup("Lightning Bolt")
    reins = catalog.lookup("Grab the Reins")
    assert bolt is not None and reins is not None
    assert [(a.kind, a.name) for a in bolt.characteristics.abilities] == \
        [("spell", "Lightning Bolt deals 3 damage to any target.")]
    # the modes one spell ability; "Entwine {2}{R}" a keyword the cast engine reads (702.42a)
    assert [a.kind for a in reins.characteristics.abilities] == ["spell", "keyword"]
    assert catalog.paragraphs("Split second (reminder.)\nChoose one \u2014\n\u2022 A.\n\u2022 B.") == \
        ["Split second", "Choose one \u2014\n\u2022 A.\n\u2022 B."]
    for card in catalog.catalog().values():
        if {"Instant", "Sorcery"} & set(card.characteristics.types):
            assert any(a.kind == "spell" for a in card.characteristics.abilities), card.name


def test_sol_ring_has_a_mana_ability_of_two_symbols() -> None:
    ring = catalog.lookup("Sol Ring")
    assert ring is not None
    assert [(a.kind, a.name, a.param) for a in ring.characteristics.abilities] == \
        [("mana", "{T}: Add {C}{C}", "{C}{C}")]


def test_lookup_unknown_is_none() -> None:
    assert catalog.lookup("Black Lotus of the Ninth Dimension") is None


@pytest.mark.parametrize("text,message", [
    ("name: X\ntypes: [Creature]\n", "expected the card's Oracle text"),
    ("name: X\ntypes: [Creature]\noracle: ''\ncolour: red\n", "unknown field 'colour'"),
    ("name: X\ntypes: [Enchantment]\noracle: ''\nabilities:\n"
     "  - static: {affects: {ids: [bears]}, switch_pt: true}\n",
     "a card can't refer to object id 'bears'"),
    ("name: X\ntypes: [Enchantment]\noracle: ''\nabilities:\n"
     "  - static: {affects: {controller: alice}, switch_pt: true}\n",
     "a card can't refer to player id 'alice'"),
    ("name: X\nmana_cost: '{Q}'\noracle: ''\n", "unknown mana symbol {Q}"),
    # CR 113.3a, 113.2c: every paragraph of an instant's or sorcery's text is an ability
    ("name: X\ntypes: [Instant]\noracle: 'Draw a card.'\n",
     "the rules text paragraph 'Draw a card.' is no ability of the card"),
    ("name: X\ntypes: [Sorcery]\noracle: \"Draw a card.\\nGain 2 life.\"\nabilities:\n"
     "  - spell: Draw a card.\n", "the rules text paragraph 'Gain 2 life.' is no ability"),
    ("name: X\nmana_cost: '{2}'\nmana_value: 3\noracle: ''\n",
     "mana cost {2} has mana value 2 (CR 202.3), not 3"),
])
def test_bad_card_files_are_located_errors(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        catalog.parse_card(text, "cards/x.yaml")
    assert message in str(info.value)
    assert str(info.value).startswith("cards/x.yaml:")
