"""A dying permanent returned to the battlefield by its own "dies" ability, and the look back
of "if it had no +1/+1 counters on it" (undying 702.93a, persist 702.79a, and cards that print
the same words).

- "return it to the battlefield [tapped] under its owner's control [with a +1/+1 counter on
  it]" (also "SELF", "under your control"), in an ability that triggers as its own source dies:
  the card in its owner's graveyard moves to the battlefield (400.7e: a zone-change trigger finds
  the new object in the public zone it went to; ``from: graveyard``, so a card that has left the
  graveyard since is a new object the instruction doesn't move, 400.7) under the control of the
  player named (110.2a). "With N KIND counters on it": it enters with them (614.1c, 122.6): a
  counters event with cause ``enters`` in the same batch as the move, which the game drops with
  the move when the move doesn't happen (pyengine.game.enters_with).
- "if it had no +1/+1 counters on it" / "if it had no -1/-1 counters on it": ``{not:
  {had_counters: KIND}}`` (pyengine.lang.lookback: the object as it last existed on the
  battlefield, 603.10a). "if it had a counter on it", counters of any kind, stays text.
"""

from __future__ import annotations

import re
from typing import Any

_COUNTER = r"([+-]\d+/[+-]\d+|[a-z]+)"
_RETURN = re.compile(
    r"return (?:it|SELF) to the battlefield( tapped)? under (its owner's|your) control"
    rf"(?: with (a|an|one|two|three) {_COUNTER} counters? on it)?")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_HAD = re.compile(rf"it had no {_COUNTER} counters on it")


def sentence(s: str, eff: Any) -> bool:
    """The return of a dying permanent by its own ability (appends to ``eff.do``)."""
    m = _RETURN.fullmatch(s)
    if not m or not eff.from_graveyard:
        return False
    word, kind = m.group(3), m.group(4)
    move: dict[str, Any] = {"kind": "move", "object": "self", "from": "graveyard", "to": "battlefield",
                            "control": "its_owner" if m.group(2) == "its owner's" else "you"}
    if m.group(1):
        move["tapped"] = True
    eff.do.append(move)
    if kind is not None:
        if kind in ("shield", "stun", "finality"):  # 122.1c-d, 122.1h: not followed yet
            eff.do.pop()
            return False
        eff.do.append({"kind": "counters", "target": "self", "counter": kind, "amount": _NUMBERS[word],
                       "cause": "enters"})
    return True


def condition(text: str) -> dict[str, Any] | None:
    """"it had no +1/+1 counters on it" as the trigger engine's look back, or None."""
    m = _HAD.fullmatch(text)
    if not m or m.group(1) in ("shield", "stun", "finality"):
        return None
    return {"not": {"had_counters": m.group(1)}}
