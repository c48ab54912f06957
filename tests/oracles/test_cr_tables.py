"""The oracles' CR tables against the engine's: two readings of the same rules must agree.

A disagreement is a bug in one of them (find which from the CR text, never by copying one into
the other). A new characteristic-changing operation of the effect language fails here until the
oracle's own table (cr_tables.OP_LAYER) gives it a layer from CR 613.1.
"""

from __future__ import annotations

from pyengine.lang.effects import OPS
from pyengine.model import subtypes as engine_subtypes
from pyengine.model.effects import Ability, is_activated
from pyengine.model.enums import BASIC_LAND_MANA, BASIC_LAND_TYPES, Color, Layer
from tests.oracles import cr_tables


def test_every_layer_operation_has_the_same_layer() -> None:
    engine = {k: spec.layer.value for k, spec in OPS.items() if spec.layer is not None}
    assert engine == cr_tables.OP_LAYER
    assert tuple(layer.value for layer in Layer) == cr_tables.LAYERS


def test_player_operations_are_the_engines_players_area() -> None:
    assert {k for k, spec in OPS.items() if spec.area == "players"} == cr_tables.PLAYER_OPS


def test_subtype_lists_read_alike() -> None:
    """CR 205.3g-q read by tools/gen_subtypes.py and by cr_tables.subtypes()."""
    assert engine_subtypes.table() == cr_tables.subtypes()
    assert "Time Lord" in cr_tables.subtypes()["creature"]  # 205.3m: the two-word type
    assert cr_tables.subtype_category("Urza\u2019s") == "land"


def test_colors_and_basic_lands() -> None:
    assert tuple(Color.words()) == cr_tables.COLORS
    assert BASIC_LAND_TYPES == cr_tables.BASIC_LAND_TYPES and BASIC_LAND_MANA == cr_tables.BASIC_LAND_MANA


def test_activated_abilities_read_alike() -> None:
    texts = ["{T}: Add {G}.", "Equip {2}", "Swampcycling {2}", "Flying", "Crew 3",
             'Enchanted land has "{T}: Add {R}."', "Sacrifice a creature: Draw a card.",
             "At the beginning of your upkeep, draw a card. Then: nothing", "Level up {1}{U}",
             "Commander ninjutsu {U}{B}"]
    for text in texts:
        ab = Ability("text", key=text, name=text, text=text)
        assert is_activated(ab) == cr_tables.is_activated_text(text), text
