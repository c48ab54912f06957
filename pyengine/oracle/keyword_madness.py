"""Madness (CR 702.35a) written out as its rule defines it: "Madness [cost]" means "If a player
would discard this card, that player discards it, but exiles it instead of putting it into
their graveyard" and "When this card is exiled this way, its owner may cast it by paying [cost]
rather than paying its mana cost. If that player doesn't, they put this card into their
graveyard."

- The first is a static ability functioning in the hand (113.6b, ``zones: [hand]``): a
  replacement effect on the card's discard (its move from the hand to the graveyard with the
  cause ``discard``) sending it to exile with the cause ``madness`` (still a discard: 701.9a).
- The second is a triggered ability on that zone change (its cause ``madness``: only the
  exile madness's replacement made, "this way"), functioning in exile where the event puts the
  card (113.6k, 603.6); its instruction ``{kind: madness_cast, object: self}`` is followed by
  the game (pyengine.game.madness), the cost itself read by the cast engine as the alternative
  cost ``madness`` (118.9, 702.35b), allowed only while that ability resolves (608.2g).

Only a mana cost is read; a madness cost with another part ("Madness—{1}{B}, Pay 1 life.")
stays a keyword held by name (text-only).
"""

from __future__ import annotations

from typing import Any


def riders(item: Any) -> list[dict[str, Any]] | None:
    """The two abilities ``{madness: "{R}"}`` stands for (the cast engine reads the cost from
    the keyword itself), or None when ``item`` is no madness keyword."""
    if not isinstance(item, dict) or len(item) != 1 or not isinstance(item.get("madness"), str):
        return None
    cost = item["madness"]
    return [
        {
            "static": {
                "replace": {
                    "zones": ["hand"],
                    "event": {"kind": "discard", "object": "self"},
                    "to": "exile",
                    "cause": "madness",
                }
            },
            "text": f"Madness {cost}: if a player would discard this card, that player discards it, but "
            "exiles it instead of putting it into their graveyard (702.35a).",
        },
        {
            "trigger": {
                "when": {
                    "kind": "zone_change", "obj": "self", "from": "hand", "to": "exile", "cause": "madness",
                }
            },
            "do": [{"kind": "madness_cast", "object": "self"}],
            "text": f"Madness {cost}: when this card is exiled this way, its owner may cast it by paying "
            f"{cost} rather than paying its mana cost. If that player doesn't, they put this card into their "
            "graveyard (702.35a).",
        },
    ]
