"""Myriad (CR 702.116a) written out as its rule defines it: "Whenever this creature attacks, for
each opponent other than defending player, you may create a token that's a copy of this
creature that's tapped and attacking that player or a planeswalker they control. If one or more
tokens are created this way, exile the tokens at end of combat."

The trigger is the attack trigger (508.1m) whose instruction ``{kind: myriad}`` the game follows
as it resolves (pyengine.game.myriad): it names the opponents of the ability's controller other
than the defending player (506.2). The game plays two-player games only, where that set is
empty: no token is created, and so no delayed exile either; the ability still triggers, goes on
the stack and resolves (603.3, 608.2). Each instance triggers separately (702.116b).
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = ("Whenever this creature attacks, for each opponent other than defending player, you may "
              "create a token that's a copy of this creature that's tapped and attacking that player or a "
              "planeswalker they control. If one or more tokens are created this way, exile the tokens at "
              "end of combat.")

_MYRIAD = re.compile(r"myriad", re.I)


def ability(text: str) -> dict[str, Any] | None:
    """The triggered ability "Myriad" is, or None for another keyword."""
    if not _MYRIAD.fullmatch(text.strip()):
        return None
    return {"trigger": {"when": {"kind": "attacks", "obj": "self"}}, "do": [{"kind": "myriad"}],
            "text": "Myriad"}
