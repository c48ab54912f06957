"""An activated ability whose effect moves its card out of a zone functions only there (CR
113.6m, the ability's ``zone``), and "Activate only during your upkeep" (602.5)."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.lang.effects import Ctx, parse_ability
from pyengine.lang.yamlread import Cursor

MOVE = [{"kind": "move", "object": "self", "from": "graveyard", "to": "battlefield"}]


def _ab(cost: str, **extra: object) -> dict[str, object]:
    return {"activated": {"cost": cost, "do": MOVE, **extra},
            "text": f"{cost}: Return this card from your graveyard to the battlefield."}


def test_the_effects_zone_is_where_it_functions() -> None:
    ab = parse_ability(Cursor.root(_ab("{3}{B}{B}, Sacrifice a creature", zone="graveyard",
                                       timing="your_upkeep"), None), Ctx())
    d = ab.activated
    assert d is not None and d.functions_in == "graveyard" and d.timing == "your_upkeep"
    plain = parse_ability(Cursor.root(_ab("{1}"), None), Ctx()).activated
    assert plain is not None and plain.zone is None and plain.functions_in == "battlefield"


def test_a_zone_against_the_costs_zone_is_refused() -> None:
    with pytest.raises(ScenarioError, match="113.6m"):
        parse_ability(Cursor.root(_ab("Discard this card", zone="graveyard"), None), Ctx())
    with pytest.raises(ScenarioError, match="zone the ability functions in"):
        parse_ability(Cursor.root(_ab("{1}", zone="exile"), None), Ctx())
