"""Cascade (CR 702.85a) written out as its rule defines it: "Cascade" means "When you cast this
spell, exile cards from the top of your library until you exile a nonland card whose mana value
is less than this spell's mana value. You may cast that card without paying its mana cost if the
resulting spell's mana value is less than this spell's mana value. Then put all cards exiled
this way that weren't cast on the bottom of your library in a random order."

The ability is a triggered ability of the effect language: "when you cast this spell" (603.2, a
``cast`` trigger of the spell itself; it functions only while the spell is on the stack, 702.85a)
whose instruction ``{kind: cascade}`` the game follows (pyengine.game.cascade). Each instance of
cascade is its own ability and triggers separately (702.85c: "Cascade, cascade" is two); the
engines know a triggered ability by its text, so the second and later instances' texts say which
instance they are ("Cascade (instance 2)").
"""

from __future__ import annotations

import re
from typing import Any

TEXT = "Cascade"


def ability(text: str, before: int = 0) -> dict[str, Any] | None:
    """The triggered ability "Cascade" is (702.85a), or None for another keyword; ``before``:
    the instances of cascade the card has before this one (702.85c)."""
    if not re.fullmatch(r"cascade", text.strip(), re.I):
        return None
    return {"trigger": {"when": {"kind": "cast", "obj": "self", "player": "you"}},
            "do": [{"kind": "cascade"}], "text": TEXT if not before else f"{TEXT} (instance {before + 1})"}


def is_cascade(ability_: Any) -> bool:
    return isinstance(ability_, dict) and "trigger" in ability_ and ability_.get("do") == [{"kind": "cascade"}] \
        and str(ability_.get("text", "")).startswith(TEXT)
