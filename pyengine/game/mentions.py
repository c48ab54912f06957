"""Whether a word can come out of the layer engine, read off the values it reads.

The layer engine reads a state's objects and resolved effects (with the players' ids and the
active player: its view, pyengine/layers/engine.py); every ability, keyword, type and subtype
it gives an object comes from those values: printed, granted by an effect (613.1), or copied
from another object (707.2). Where no text of them holds a word, no object has it after
layers, and a question about it needs no computation. The game asks this before the layer
engine where the answer is almost always "nobody has it" (rebound, 702.88a).
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from typing import Any

from pyengine.model.objects import GameState

SHORTCUT = True  # the tests turn it off to compare with the layer engine's answers


def mentions(state: GameState, word: str) -> bool:
    """Whether some text of ``state``'s objects or effects holds ``word`` as a word (any case;
    "battle" is not in "battlefield"). A value of a kind not followed here counts as holding
    it; with :data:`SHORTCUT` off, every word counts as held."""
    if not SHORTCUT:
        return True
    pattern = _pattern(word)
    stack: list[Any] = [state.objects, state.effects]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if pattern.search(item):
                return True
        elif isinstance(item, (tuple, list, frozenset, set)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.items())
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, Enum):
            stack.append(item.value)
        elif item is not None and not isinstance(item, (int, float)):
            return True  # not followed: the layer engine decides
    return False


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _pattern(word: str) -> re.Pattern[str]:
    found = _PATTERNS.get(word)
    if found is None:
        found = _PATTERNS[word] = re.compile(rf"(?<![a-z0-9_]){re.escape(word)}(?![a-z0-9_])", re.IGNORECASE)
    return found
