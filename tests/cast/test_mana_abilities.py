"""Mana abilities beyond "{T}: Add {G}" (CR 605.1a, 106.1a): the effect language's ``mana:``
with ``cost:``, the display names the engines read back (pyengine/cast/mana.py), and the
compiler's mana ability template on Oracle text."""

from __future__ import annotations

import pytest

from pyengine.cast.mana import ManaOption, mana_options, parse_name
from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx, parse_ability
from pyengine.lang.yamlread import Cursor
from pyengine.oracle.templates import compile_text

ANY = [(c,) for c in "WUBRG"]


def _cur(value: object) -> Cursor:
    return Cursor(value, "abilities[0]", 3, "card.yaml")


def _name(value: object) -> str:
    return parse_ability(_cur(value), Ctx()).name


def test_display_names() -> None:
    assert _name({"mana": "G"}) == "{T}: Add {G}"
    assert _name({"mana": "any"}) == "{T}: Add one mana of any color"
    assert _name({"mana": "{R} or {G}"}) == "{T}: Add {R} or {G}"
    assert _name({"mana": "three mana of any one color"}) == "{T}: Add three mana of any one color"
    assert _name({"mana": "any", "cost": "{T}, Sacrifice SELF"}) == \
        "{T}, Sacrifice this permanent: Add one mana of any color"
    assert _name({"mana": "any", "cost": "Sacrifice this creature"}) == \
        "Sacrifice this creature: Add one mana of any color"
    assert _name({"mana": "{G} or {W}", "cost": "{T}, Pay 1 life"}) == "{T}, Pay 1 life: Add {G} or {W}"


@pytest.mark.parametrize(("value", "message"), [
    ({"mana": "{R} or {R}"}, "each symbol once"),
    ({"mana": "one mana of any one color"}, "two to five"),
    ({"mana": "{R} or {2}"}, "a choice such as"),
    ({"mana": "any", "cost": "Pay 1 life"}, "a mana ability's cost"),
    ({"mana": "any", "cost": "{1}, {T}"}, "a mana ability's cost"),
    ({"mana": "any", "cost": "{T}, {T}"}, "a mana ability's cost"),
    ({"text": "Flying", "cost": "{T}"}, "a cost is said of a mana ability"),
])
def test_bad_mana_abilities_are_located(value: object, message: str) -> None:
    with pytest.raises(ScenarioError, match=message) as err:
        parse_ability(_cur(value), Ctx())
    assert "card.yaml" in str(err.value)


def test_options_and_costs_read_from_names() -> None:
    names = ("flying", "{T}: Add {C}{C}", "{T}, Sacrifice this artifact: Add one mana of any color",
             "Sacrifice this creature: Add {R} or {G}", "{T}, Pay 1 life: Add two mana of any one color")
    got = mana_options(names)
    assert got[0] == ManaOption(0, ("C", "C"))
    assert [o.symbols for o in got[1:6]] == ANY
    assert all(o.sacrifice and o.tap and o.ability == 1 for o in got[1:6])
    assert [(o.symbols, o.tap, o.sacrifice) for o in got[6:8]] == [
        (("R",), False, True), (("G",), False, True)]
    assert [o.symbols for o in got[8:]] == [(c, c) for c in "WUBRG"] and {o.life for o in got[8:]} == {1}
    for name in ("{T}: Draw a card", "{1}, {T}: Add {B}{B}", "{T}: Add {R} or {G} or {B}", "Flying"):
        assert parse_name(name) is None, name


def test_compiler_reads_mana_abilities_from_oracle_text() -> None:
    """605.1a: the paragraphs with the card's references to itself written SELF."""
    card = {"types": ["Artifact"]}
    assert compile_text("{T}: Add one mana of any color.", card) == [{"mana": "one mana of any color"}]
    assert compile_text("{T}, Sacrifice SELF: Add one mana of any color.", card,
                        "{T}, Sacrifice this artifact: Add one mana of any color.") == [
        {"mana": "one mana of any color", "cost": "{T}, Sacrifice this artifact"}]
    assert compile_text("{T}, Pay 1 life: Add {G} or {W}.", {"types": ["Land"]}) == [
        {"mana": "{G} or {W}", "cost": "{T}, Pay 1 life"}]
    assert compile_text("{T}: Add {W}, {U}, or {B}.", {"types": ["Land"]}) == [{"mana": "{W}, {U}, or {B}"}]
    # not a mana ability this reads: a mana cost (a filter land), a target, a restriction
    for text in ("{1}, {T}: Add {B}{B}.", "{T}: Add one mana of any color. Spend this mana only to cast "
                 "creature spells."):
        got = compile_text(text, card)
        assert got is None or "mana" not in got[0], text
