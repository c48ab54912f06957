"""An intervening "if" comparing the power or toughness of the creature a trigger event was
about with the ability's source's (evolve, 702.100a: "if that creature's power is greater than
this creature's power and/or that creature's toughness is greater than this creature's
toughness"; 603.4).

``{compare: [{power_of: it}, ">", {power_of: self}]}`` (``any`` of two for "and/or"), read by
the trigger engine as the creature enters (603.4, 603.6a: it is on the battlefield then) and
again as the ability resolves, where a creature that has left the battlefield would be read by
its last known information, which the game doesn't keep: the game refuses that recheck rather
than read the card it has become (400.7; pyengine.triggers.service). A noncreature source has
no power to compare (702.100c): the comparison doesn't hold.
"""

from __future__ import annotations

import re
from typing import Any

_ONE = r"that creature's (power|toughness) is greater than SELF's (power|toughness)"
_PT = re.compile(rf"{_ONE}(?: and/or {_ONE})?")


def condition(text: str) -> dict[str, Any] | None:
    """The comparison, or None for other words."""
    m = _PT.fullmatch(text)
    if not m:
        return None
    parts = [(m.group(i), m.group(i + 1)) for i in (1, 3) if m.group(i)]
    if any(a != b for a, b in parts):
        return None
    cmps = [{"compare": [{f"{a}_of": "it"}, ">", {f"{a}_of": "self"}]} for a, _ in parts]
    return cmps[0] if len(cmps) == 1 else {"any": cmps}
