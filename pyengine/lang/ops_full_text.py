"""``full_text``: "[this object] has the full text of [a card]" (CR 612.6; Volrath's
Shapeshifter), registered in :data:`pyengine.lang.effects.OPS`.

``full_text: {of: SELECTOR, add_abilities: [ABILITY...]}`` is a text-changing effect, so it
applies in layer 3 (613.1c): CR 612.6 says such an effect changes not just the text in the
text box and the type line but also the text that represents the object's name, mana cost,
color indicator, power and toughness. The affected object's name, mana value, colors (from
the mana cost and color indicator, 105.2, 202.2), card types, subtypes, supertypes,
abilities (its rules text), power, toughness, loyalty and defense become those of the object
``of`` matches (evaluated relative to the effect, like ``affects``: "the top card of your
graveyard" is ``{zone: graveyard, owner: you, top_of_graveyard: true}``), as that object's
text is when the effect applies; then the object also has the text ``add_abilities`` lists
("and has the text '{2}: Discard a card.'"). Abilities granted by effects are not text (612.3)
and are not replaced; effects of later layers (types 4, colors 5, abilities 6, power and
toughness 7) apply on top. It is not a copy effect (707.2: text-changing effects are not
copied; a copy of the object copies its own printed text). The effect keeps applying in the
layers after 3 even though the text that generated it is replaced (613.6). With no object
matching ``of`` it changes nothing.
"""

from __future__ import annotations

from typing import Any

from pyengine.lang.effects import OPS, Ctx, OpSpec, parse_ability, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Layer


def _parse(cur: Cursor, ctx: Ctx) -> tuple[tuple[str, Any], ...]:
    cur.mapping({"of", "add_abilities"}, "{of: SELECTOR, add_abilities: [ABILITY...]} (CR 612.6)")
    of = parse_selector(cur.req("of"), ctx)
    adds: tuple[Any, ...] = ()
    if cur.has("add_abilities"):
        sub = cur.get("add_abilities")
        items = sub.seq() if isinstance(sub.value, list) else [sub]
        adds = tuple(parse_ability(c, ctx) for c in items)
    return (("of", of), ("add_abilities", adds))


SCHEMA = {"type": "object", "required": ["of"], "additionalProperties": False,
          "description": "the object has the full text of the object `of` matches (CR 612.6, layer 3), "
                         "and the text add_abilities lists",
          "properties": {"of": {"$ref": "#/$defs/selector"},
                         "add_abilities": {"anyOf": [{"$ref": "#/$defs/ability"},
                                                     {"type": "array", "items": {"$ref": "#/$defs/ability"}}]}}}
OPS["full_text"] = OpSpec(Layer.L3, "layers", _parse, True, SCHEMA,
                          "has the full text of the object `of` matches (CR 612.6; layer 3)")
