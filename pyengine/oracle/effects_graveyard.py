"""A graveyard card targeted by a triggered ability with a subtype or a mana value bound
(CR 115.1, 400.7: a card in a graveyard is targeted there): "return target Spirit card with
mana value 4 or less from your graveyard to your hand" (soulshift's definition, 702.46a).

The target is the triggered or activated ability's own (``targets``: a selector of the effect language with
``subtypes`` and ``mana_value``), never a spell's: a spell's targets are chosen as it is cast
(601.2c), whose target filters read card types and colors only, so a spell with these words
is left to the card-type form (pyengine.oracle.effects ``_from_graveyard``)."""

from __future__ import annotations

import re
from typing import Any

from pyengine.model import subtypes

_FORM = re.compile(r"return target ([A-Z][a-z]+) card(?: with mana value (\d+) or less)? from your graveyard "
                   r"to your hand")


def graveyard_card(s: str, eff: Any) -> bool:
    """Read the sentence into ``eff`` (a triggered or activated ability's effect), or False."""
    m = _FORM.fullmatch(s.strip().rstrip("."))
    if not m or subtypes.category(m.group(1)) is None:
        return False
    sel: dict[str, Any] = {"zone": "graveyard", "subtypes": [m.group(1)], "owner": "you"}
    if m.group(2) is not None:
        sel["mana_value"] = {"lte": int(m.group(2))}
    eff.targets.append({"obj": sel})
    eff.do.append({"kind": "move", "object": eff.ref(), "from": "graveyard", "to": "hand"})
    return True
