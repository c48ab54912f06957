"""What the template modules share: the abilities a template gives, and subjects."""

from __future__ import annotations

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
