"""Counter kinds (CR 122.1): which names a scenario or a card may give a counter.

Counters with any name exist (charge, time, lore... CR 122.1), and most only matter to an
ability that refers to them, so a name is accepted as it is, except where the engines would
read it as something else or not at all: a +X/+Y counter must be written exactly so (the layer
engine reads only that form, CR 122.1a), and a keyword counter can be only one of the keywords
CR 122.1b lists. A near miss of one of those (``+1/1``, ``flyng``) is a mistake, not a new kind
of counter the engines would silently ignore.
"""

from __future__ import annotations

import difflib
import re

from pyengine.lang.yamlread import MAX_INT, Cursor

PT_COUNTER = re.compile(r"[+-]\d+/[+-]\d+")
# CR 122.1b: "The keywords that a keyword counter can be are ..."
KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "decayed", "exalted",
                    "haste", "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow",
                    "trample", "vigilance")
_NAME = re.compile(r"[a-z][a-z' -]*")


def counter_kind(kind: str, at: Cursor) -> str:
    """``kind`` if it names a counter the engines read as meant; else an error at ``at``."""
    low = kind.lower()
    if PT_COUNTER.fullmatch(kind):
        if any(abs(int(part)) > MAX_INT for part in kind.split("/")):
            at.fail(f"expected a power/toughness counter whose numbers are at most {MAX_INT:,} "
                    f"in size, got {kind!r}")
        return kind
    if low in KEYWORD_COUNTERS:
        return kind
    if re.search(r"[\d/+]", kind):
        at.fail(f"expected a power/toughness counter written +X/+Y or -X/-Y such as +1/+1 "
                f"(CR 122.1a), got {kind!r}")
    from pyengine.lang.effects import KEYWORDS

    if low in KEYWORDS:
        at.fail(f"CR 122.1b: a keyword counter can be only {', '.join(KEYWORD_COUNTERS)}; "
                f"not {kind!r}")
    if not _NAME.fullmatch(low):
        at.fail(f"expected a counter kind such as +1/+1, flying, loyalty or charge, got {kind!r}")
    near = difflib.get_close_matches(low, KEYWORD_COUNTERS, n=1, cutoff=0.8)
    if near:
        at.fail(f"unknown counter kind {kind!r}: did you mean the keyword counter {near[0]!r} "
                "(CR 122.1b)?")
    return kind
