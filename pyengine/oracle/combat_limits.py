"""Limits on how many creatures attack or block (CR 508.1c, 509.1b): "No more than N creatures
can attack [you] each combat." (Silent Arbiter, Dueling Grounds, Caverns of Despair, Crawlspace)
and "No more than N creatures can block each combat.", and the same with "each turn".

"Each combat" is the effect language's ``max_attackers: N`` / ``max_blockers: N`` (``{n: N,
player: you}`` for "attack you": only the creatures attacking that player count, 802.3a).
"Each turn" is ``{n: N, per: turn}``: with additional combat phases (500.8, 505.1a) the
creatures that attacked (blocked) in an earlier combat of the turn count too, each creature
once. "Attack you each turn" stays text (the language has no per-player turn limit), as do a
planeswalker ("attack The Eternal Wanderer"), a condition ("As long as ...") and "this combat".
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.common import NUMBERS, Abilities
from pyengine.oracle.common import static as _static

_LIMIT = re.compile(r"No more than (\w+) creatures? can (attack|block)( you)? each (combat|turn)\.")


def template(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """"No more than N creature(s) can attack [you] / block each combat / each turn."."""
    m = _LIMIT.fullmatch(par)
    if not m or m.group(1).lower() not in NUMBERS:
        return None
    n, verb, you, per = NUMBERS[m.group(1).lower()], m.group(2), bool(m.group(3)), m.group(4)
    if you and (verb == "block" or per == "turn"):
        return None  # "block you" means nothing; "attack you each turn": no such limit yet
    key = "max_attackers" if verb == "attack" else "max_blockers"
    if you:
        return [_static(text, {key: {"n": n, "player": "you"}})]
    return [_static(text, {key: {"n": n, "per": "turn"} if per == "turn" else n})]
