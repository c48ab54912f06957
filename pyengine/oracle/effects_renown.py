"""Renown's effect (CR 702.112a): "put N +1/+1 counters on it and it becomes renowned" as the
instruction ``{kind: renown, object: self, amount: N}`` (pyengine.game.renown), and its
intervening "if it isn't renowned" as ``{not: {renowned: true}}`` (702.112b, 603.4). Only the
ability's own permanent ("it" after a trigger about the permanent itself: SELF) is read."""

from __future__ import annotations

import re
from typing import Any

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_RENOWN = re.compile(r"put (a|an|one|two|three|four|five|six|\d+) \+1/\+1 counters? on SELF and SELF "
                     r"becomes renowned")


def sentence(s: str, eff: Any) -> bool:
    m = _RENOWN.fullmatch(s)
    if not m or eff.from_graveyard or getattr(eff, "cast", False):
        return False
    word = m.group(1)
    eff.do.append({"kind": "renown", "object": "self",
                   "amount": int(word) if word.isdigit() else _NUMBERS[word]})
    return True


def condition(text: str) -> dict[str, Any] | None:
    """"it isn't renowned" / "SELF isn't renowned" (of the ability's own permanent)."""
    return {"not": {"renowned": True}} if text in ("it isn't renowned", "SELF isn't renowned") else None
