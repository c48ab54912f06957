"""What the template modules share: the abilities a template gives, and subjects."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from pyengine.oracle import phrases as P

Abilities = list[Any]
Template = Callable[[str, str, dict[str, Any]], Abilities | None]
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "ten": 10}


def static(text: str, effect: dict[str, Any] | list[dict[str, Any]]) -> dict[str, Any]:
    return {"text": text, "static": effect}


def subject(subject: str) -> Any | None:
    s = subject.strip()
    if s == "SELF":
        return "self"
    if s.lower() in ("enchanted creature", "enchanted permanent", "enchanted land",
                     "enchanted artifact"):
        return "enchanted"
    if s.lower() == "equipped creature":
        return "equipped"
    if s.lower() == "fortified land":
        return "enchanted"
    return P.selector(s)


@lru_cache(maxsize=None)
def _compiled(pattern: str) -> re.Pattern[str]:
    """A template's pattern, compiled once (the re module's own cache is shared with the
    per-card name patterns of self-references, which would evict it)."""
    return re.compile(pattern)


def fullmatch(pattern: str, s: str) -> re.Match[str] | None:
    return _compiled(pattern).fullmatch(s)


def search(pattern: str, s: str) -> re.Match[str] | None:
    return _compiled(pattern).search(s)


def split(pattern: str, s: str) -> list[str]:
    return _compiled(pattern).split(s)


def sub(pattern: str, repl: Any, s: str) -> str:
    return _compiled(pattern).sub(repl, s)
