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
    ("name: X\nmana_cost: '{2}'\nmana_value: 3\noracle: ''\n",
     "mana cost {2} has mana value 2 (CR 202.3), not 3"),
])
def test_bad_card_files_are_located_errors(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        catalog.parse_card(text, "cards/x.yaml")
    assert message in str(info.value)
    assert str(info.value).startswith("cards/x.yaml:")
