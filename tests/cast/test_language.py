"""The effect language's casting additions (docs/effect-language.md, "Casting"): keywords
with a cost, casting operations and the ``casting`` field; bad values are located errors."""

from __future__ import annotations

import pytest

from pyengine.cast.spec import CastingSpec, parse_casting
from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx, parse_ability
from pyengine.lang.yamlread import Cursor


def _cur(value: object) -> Cursor:
    return Cursor(value, "abilities[0]", 3, "card.yaml")


def test_kicker_and_flashback_take_a_mana_cost() -> None:
    kicker = parse_ability(_cur({"kicker": "{2}{G}"}), Ctx())
    assert (kicker.kind, kicker.name, kicker.param) == ("keyword", "kicker", "{2}{G}")
    with pytest.raises(ScenarioError, match="flashback: unknown mana symbol"):
        parse_ability(_cur({"flashback": "{Q}"}), Ctx())


def test_convoke_delve_improvise_are_keywords() -> None:
    for word in ("convoke", "delve", "improvise"):
        assert parse_ability(_cur(word), Ctx()).name == word


def test_cost_operations() -> None:
    ab = parse_ability(_cur({"static": {"cost_less": {"spells": {"any_colors": ["black", "red"]},
                                                      "players": "you", "mana": "{1}"}}}), Ctx())
    op = ab.effects[0].ops[0]
    assert (op.kind, op.area, op.layer) == ("cost_less", "casting", None)
    assert op.arg("spells") == (("any_colors", ("black", "red")),)
    with pytest.raises(ScenarioError, match="generic or colored mana symbols"):
        parse_ability(_cur({"static": {"cost_more": {"players": "each", "mana": "{X}"}}}), Ctx())
    with pytest.raises(ScenarioError, match="the players who cast the spells"):
        parse_ability(_cur({"static": {"cant_cast": {"players": "someone"}}}), Ctx())


def test_casting_field() -> None:
    spec = parse_casting(_cur({"x": {"min": 1}, "targets": [
        {"id": "split", "count": {"min": 1, "max": 2}, "what": {"players": True}, "divide": "x"}]}), "{X}{R}")
    assert isinstance(spec, CastingSpec) and spec.x_min == 1
    assert spec.targets[0].divide == "x" and (spec.targets[0].lo, spec.targets[0].hi) == (1, 2)
    with pytest.raises(ScenarioError, match="has no {X}"):
        parse_casting(_cur({"x": {"min": 1}}), "{R}")
    with pytest.raises(ScenarioError, match="used twice"):
        parse_casting(_cur({"targets": [{"id": "a", "what": {}}, {"id": "a", "what": {}}]}), "{R}")
    with pytest.raises(ScenarioError, match="at least two modes"):
        parse_casting(_cur({"modes": {"choose": 1, "list": [{"text": "one"}]}}), "{R}")
