"""The hand-written catalog compiled from its own Oracle text must equal its hand-written
effects: every ability the compiler makes from a paragraph is one the catalog card has, a card
the compiler understands fully has exactly the catalog's abilities, and every other
characteristic is the same. The differences below are listed with why."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pyengine import catalog
from pyengine.lang.ops_combat import COMBAT_WORDS
from pyengine.oracle.compile import compile_card
from pyengine.oracle.data import OracleCard

# (card, ability as compiled) -> why the compiled ability differs from the catalog's
JUSTIFIED = {
    # CR 508.1d, 509.1b-c: a restriction or requirement on the object itself. The compiler
    # writes the engines' keyword word for it (ops_combat.COMBAT_WORDS: the same operations on
    # the object that has it), as the catalog does for Bloodrock Cyclops, Goblin Piker and
    # Cloud Sprite; these catalog cards write the same operations as a static ability on
    # `self`. The rules effect is the same (checked below); the displayed name differs.
    ("Juggernaut", "attacks each combat if able"): "combat word",
    ("Mogg Flunkies", "can't attack or block alone"): "combat word",
    ("Prized Unicorn", "all creatures able to block this creature do so"): "combat word",
    # CR 702.52a (dredge) and 702.82a (devour) are replacement effects the catalog writes out;
    # the compiler leaves these keywords as abilities seen only as present or absent.
    ("Stinkweed Imp", "Dredge 5"): "keyword replacement not compiled",
    ("Thunder-Thrash Elder", "Devour 3"): "keyword replacement not compiled",
    # CR 702.21a: the compiler writes ward {2} out as the triggered ability its rule defines,
    # which the game runs; the catalog keeps the keyword word (the layer engine's ward {2})
    ("Aurelia's Vindicator", "Ward {2}"): "ward written out as its trigger",
}


IGNORED = ("key", "text", "where")


def _norm(x: Any) -> Any:
    """An ability as a comparable value without its key, display text and source location."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple((f.name, _norm(getattr(x, f.name)))
                                           for f in dataclasses.fields(x) if f.name not in IGNORED)
    if isinstance(x, (list, tuple)):
        return tuple(_norm(i) for i in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _norm(v)) for k, v in x.items()))
    return x


def _as_data(card: catalog.Card) -> OracleCard:
    ch = card.characteristics

    def s(v: int | None) -> str | None:
        return None if v is None else str(v)

    return OracleCard(card.name, ch.mana_cost, "", ch.types, ch.subtypes, ch.supertypes, ch.colors,
                      s(ch.power), s(ch.toughness), s(ch.loyalty), s(ch.defense), card.oracle, "normal")


CARDS = sorted(catalog.catalog().values(), key=lambda c: c.name)


def _compiled(card: catalog.Card) -> tuple[Any, catalog.Card]:
    got = compile_card(_as_data(card))
    return got, catalog.card_from_mapping(got.card, "compiled", got.unrecognised)


# What the compiler does not make yet, so the comparison leaves it out (each is in docs/cards.md
# as a template not written): the structure of a triggered ability (CR 603.1: its trigger event,
# intervening "if" and what it does), which the compiler keeps as a triggered ability seen as
# present or absent, like every triggered ability of the corpus; and what casting reads of a
# card (the `casting` field: targets, modes, X, kicker targets, additional costs; CR 601.2b-c).
NOT_COMPILED_FIELDS = {"casting": None}


def _without_trigger(ability: Any) -> Any:
    """A catalog ability as the compiler would make it: a structured triggered (or activated,
    CR 602.1) ability becomes one seen as present or absent, with the same text."""
    if getattr(ability, "trigger", None) is None and getattr(ability, "activated", None) is None:
        return _norm(ability)
    return _norm(dataclasses.replace(ability, trigger=None, activated=None))


def _front(card: catalog.Card) -> catalog.Card:
    """A card with faces as the card data holds it: its first face only (the front face of a
    split, modal double-faced or adventurer card; CR 709.1, 712.8a, 715.4)."""
    faces = card.characteristics.faces
    if not faces:
        return card
    return dataclasses.replace(card, name=faces[0].name, characteristics=faces[0], oracle=faces[0].oracle)


@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_catalog_card_compiled_from_its_oracle_text_equals_it(card: catalog.Card) -> None:
    card = _front(card)
    got, made = _compiled(card)
    strip = {"abilities": (), "oracle": "", **NOT_COMPILED_FIELDS}
    assert _norm(dataclasses.replace(made.characteristics, **strip)) == \
        _norm(dataclasses.replace(card.characteristics, **strip))
    theirs = [_norm(a) for a in card.characteristics.abilities]
    as_text = [_without_trigger(a) for a in card.characteristics.abilities]
    for ability in made.characteristics.abilities:
        if (card.name, ability.name) in JUSTIFIED:
            continue
        if ability.trigger is None and ability.activated is None and _norm(ability) in as_text and \
                _norm(ability) not in theirs:
            continue  # a triggered or activated ability whose structure the compiler doesn't read
        assert _norm(ability) in theirs, f"{card.name}: compiled {ability.name!r} is not the catalog's"
    if not got.unrecognised:
        assert len(made.characteristics.abilities) == len(card.characteristics.abilities)


def test_combat_words_justified_are_the_catalogs_operations() -> None:
    """The combat-word differences are the same operations on the object itself."""
    for (name, word), why in JUSTIFIED.items():
        if why != "combat word":
            continue
        card = catalog.lookup(name)
        assert card is not None
        ops = {op.kind for a in card.characteristics.abilities if a.kind == "static"
               for e in a.effects for op in e.ops}
        assert set(COMBAT_WORDS[word]) <= ops, (name, word, ops)


def test_most_catalog_cards_compile_equal() -> None:
    """A floor under the number compiled equal (104 of 161 when written), so a template that
    breaks shows here as well as in the card's own test."""
    equal = 0
    for card in CARDS:
        got, made = _compiled(card)
        if not got.unrecognised and [_norm(a) for a in made.characteristics.abilities] == \
                [_norm(a) for a in card.characteristics.abilities]:
            equal += 1
    assert equal >= 100
