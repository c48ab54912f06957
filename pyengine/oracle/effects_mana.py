"""Mana added by a spell or by a triggered ability that isn't a mana ability (CR 106.3, 106.4,
605.5): "Add {B}{B}{B}." (Dark Ritual: a spell, never a mana ability, 605.5b), "When this
creature enters, add {R}{R}{R}." (a triggered ability whose trigger event isn't a mana ability's
activation, 605.5a): ``{kind: add_mana, player: you, mana: "{B}{B}{B}"}``, the mana going into
its controller's mana pool as it resolves (pyengine.game.add_mana).

Read: mana symbols of types, each one mana ({W} {U} {B} {R} {G} {C}, 106.1), and the choices a
mana ability's product reads (pyengine/cast/mana.py: "{R} or {G}", "one mana of any color",
"two mana of any one color"), the player choosing as it resolves (106.1a, 608.2d). Left as
text: "in any combination of colors", "of the chosen color", "in your commander's color
identity", amounts ("for each", "equal to", "that much", X), "this mana"
riders ("Spend this mana only ...", "you don't lose this mana as steps and phases end", 106.4
and its exceptions), another player adding mana, and an activated ability's "Add": an activated
ability that could add mana and has no target is a mana ability (605.1a), read by the mana
ability template (pyengine.oracle.templates.mana) or, with a cost that template doesn't read,
by pyengine.oracle.mana_activated (it resolves at once, 605.3b), never as an ability that uses
the stack.

"Untap up to N lands." (Cloud of Faeries, Snap, Frantic Search: lands untapped to make mana
again): ``{kind: untap, player: you, what: {types: [Land]}, count: N}``: no target (115.10),
the lands chosen as it resolves (608.2d), whoever controls them, up to N (107.1c; 701.26b:
pyengine.game.untap_chosen).
"""

from __future__ import annotations

import re
from typing import Any

_ADD = re.compile(r"(?:you )?add (.+)")


def add_mana(s: str, eff: Any) -> bool:
    """"add {R}{R}{R}", "add {R} or {G}", "add one mana of any color", "add two mana of any
    one color" in a spell or a triggered ability (a choice: made as it resolves, 106.1a)."""
    from pyengine.cast.mana import product_options

    if eff.ability:  # 605.1a: an activated ability's "Add" is a mana ability, not an instruction
        return False
    m = _ADD.fullmatch(s)
    if not m or product_options(m.group(1)) is None:
        return False
    eff.do.append({"kind": "add_mana", "player": "you", "mana": m.group(1)})
    return True


_UNTAP = re.compile(r"[Uu]ntap up to (one|two|three|four|five|six|seven|eight|nine|ten) lands?")


def untap_lands(s: str, eff: Any) -> bool:
    """"untap up to two lands": the player chooses them as it resolves (608.2d, 701.26b)."""
    from pyengine.oracle.common import NUMBERS

    m = _UNTAP.fullmatch(s)
    if not m:
        return False
    eff.do.append({"kind": "untap", "player": "you", "what": {"types": ["Land"]},
                   "count": NUMBERS[m.group(1)]})
    return True
