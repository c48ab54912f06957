"""A 0-toughness creature card kept alive by its own "gets +1/+1 for each Mountain you control"
(Molten Man, Inferno Incarnate): on the generated game's board with none of what it counts it
would be put into its owner's graveyard at once (704.5f); one permanent of alice's that fits the
count is added, so that its toughness is 1 or more (613.4c) and its game can be about it.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def support(card: Compiled, short: int) -> list[dict[str, Any]] | None:
    """Permanents of alice's that raise the card's toughness by ``short`` or more through its
    own static "+N/+N for each X you control" (None: it has none that the board can feed)."""
    from pyengine.oracle.execute_triggers import _permanent

    for a in card.card.get("abilities", ()):
        st = a.get("static") if isinstance(a, dict) else None
        if not isinstance(st, dict) or st.get("affects") != "self" or "condition" in st:
            continue
        tough = st.get("modify_pt", {}).get("toughness")
        times = tough.get("times") if isinstance(tough, dict) else None
        if not (isinstance(times, list) and len(times) == 2 and isinstance(times[0], int) and times[0] > 0):
            continue
        count = times[1].get("count") if isinstance(times[1], dict) else None
        if not isinstance(count, dict) or count.get("controller", "you") != "you":
            continue
        need = -(-short // times[0])
        made = [_permanent(count, f"kept{i}", 12 + i) for i in range(need)]
        if all(m is not None for m in made):  # a land has no mana cost (202.1)
            return [{k: v for k, v in m.items() if k != "mana_cost" or "Land" not in m["types"]}
                    for m in made if m is not None]
    return None
