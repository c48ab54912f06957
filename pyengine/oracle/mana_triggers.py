"""Triggered mana abilities (CR 605.1b, 605.4a, 106.12) read from Oracle text:

- "Whenever enchanted land is tapped for mana, its controller adds an additional {G}." (Wild
  Growth, Overgrowth; "enchanted Forest": Utopia Sprawl's "one mana of the chosen color");
- "Whenever a player taps a land for mana, that player adds one mana of any type that land
  produced." (Mana Flare, Heartbeat of Spring, Dictate of Karametra, Zhur-Taa Ancient);
- "Whenever you tap a Swamp for mana, add an additional {B}." (Crypt Ghast), "Whenever a Forest
  is tapped for mana, its controller adds an additional {G}." (Vernal Bloom), "a basic land".

Each is ``{trigger: {when: {kind: tapped_for_mana, obj: SELECTOR, player: P}}, do: [{kind:
add_mana, player: you, mana: PRODUCT}], text}``: the player the mana goes to is the one who
tapped the land for mana (its controller: only they can activate its mana abilities, 602.2;
pyengine.game.mana_triggers). The products read are a mana ability's (symbols, "{R} or {G}",
"one mana of any color", "two mana in any combination of colors", "one mana of the chosen
color" on a card that chooses one as it enters) and "one mana of any type that land produced".

Left as text: "an opponent taps" (its generated game is not made), another object than a land
("a creature", "an artifact token", "fortified land"),
an intervening "if" or a condition ("while you're the monarch"), amounts ("for each Elf"),
another instruction with the mana (Overabundance's damage, "Spend this mana only"), "may add",
and abilities that trigger from tapping for mana but add none (605.5a: they use the stack,
Manabarbs).
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.common import Abilities

_LAND = r"(land|basic land|(?:Plains|Island|Swamp|Mountain|Forest))"
_ENCHANTED = re.compile(rf"Whenever (enchanted|an?) {_LAND} is tapped for mana, its controller adds "
                        r"(?:an additional )?(.+)\.")
_PLAYER = re.compile(rf"Whenever (a player|you) taps? an? {_LAND} for mana, "
                     r"(?:that player adds|add) (?:an additional )?(.+)\.")
_WHO = {"a player": "any", "you": "you"}


def _product(mana: str, oracle: str) -> str | None:
    from pyengine.cast.mana import product_options
    from pyengine.game.add_mana import chosen_ways
    from pyengine.game.mana_triggers import PRODUCED
    from pyengine.oracle.mana_activated import _CHOOSES

    if mana == PRODUCED or product_options(mana) is not None:
        return mana
    if chosen_ways(mana, None) is not None and _CHOOSES.search(oracle):
        return mana  # 607.2d: the color chosen as its source entered
    return None


def mana_trigger(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """The triggered mana ability of the paragraph, or None."""
    m = _ENCHANTED.fullmatch(par)
    who = "any"
    if m is None:
        m2 = _PLAYER.fullmatch(par)
        if m2 is None or m2.group(1) == "you" and "that player adds" in par:
            return None
        who, land, mana = _WHO[m2.group(1)], m2.group(2), m2.group(3)
    else:
        land, mana = m.group(2), m.group(3)
        if m.group(1) == "enchanted" and "Aura" not in card.get("subtypes", ()):
            return None
    product = _product(mana, str(card.get("text", "")))
    if product is None:
        return None
    obj: dict[str, Any] = {"types": ["Land"]} if land == "land" else \
        {"types": ["Land"], "supertypes": ["Basic"]} if land == "basic land" else {"subtypes": [land]}
    if m is not None and m.group(1) == "enchanted":
        obj["enchanted"] = True
    when = {"kind": "tapped_for_mana", "obj": obj, "player": who}
    return [{"trigger": {"when": when}, "do": [{"kind": "add_mana", "player": "you", "mana": product}],
             "text": text}]
