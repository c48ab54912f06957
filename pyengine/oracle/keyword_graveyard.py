"""Keyword abilities that function from a graveyard (CR 113.6m: an activated ability whose cost
or effect moves its card out of the graveyard functions only there), written out as their rules
define them (pyengine.oracle.keyword_activated) and compiled by the activated-ability template.

- Scavenge (702.97a): "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a
  number of +1/+1 counters equal to the power of the card you exiled on target creature.
  Activate only as a sorcery." The amount is the card's power as it last existed in the
  graveyard (608.2h: it left that zone as the cost was paid, 602.2b), fixed by the game as the
  cost is paid (pyengine.game.amounts.known_before_cost).
"""

from __future__ import annotations

from typing import Any


def scavenged(counter: str | None, on: Any, eff: Any) -> bool:
    """702.97a's instruction into ``eff``: ``{kind: counters, target: REF, counter: KIND,
    amount: {power_of: self}}`` (``self``: the ability's source, the card the cost exiled), or
    False for a counter kind or object not read."""
    if counter is None or not isinstance(on, str) or on == "self":
        return False
    eff.do.append({"kind": "counters", "target": on, "counter": counter, "amount": {"power_of": "self"}})
    return True
