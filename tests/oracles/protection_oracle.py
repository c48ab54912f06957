"""Protection as the replacement oracle knows it, written from CR 702.16 alone (no engine
table): which sources have a quality, and the prevention effect protection is.

* CR 702.16a: a quality is usually a color, but can be any characteristic value; a card type,
  subtype or supertype applies to sources that have it (205.4a: the supertypes are basic,
  legendary, ongoing, snow and world).
* CR 702.16e: any damage that would be dealt by sources with the quality to a permanent or
  player with protection is prevented (a prevention effect, ordered with the others, 616.1).
* CR 702.16j: protection from everything: all damage is prevented.
* CR 702.16k: protection from a player: from each object that player controls, and each
  object that player owns and no other player controls.
* CR 702.16m: several instances of protection from one quality are redundant: one effect.
"""

from __future__ import annotations

from typing import Any

COLORS = ("white", "blue", "black", "red", "green")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery")


def has_quality(quality: str, src: Any, players: tuple[str, ...]) -> bool:
    """Whether the source (an object with controller, owner, zone, colors, types,
    supertypes) has the quality a protection ability names."""
    q = quality.lower()
    if q == "everything":  # 702.16j
        return True
    if quality in players:  # 702.16k
        controlled = src.zone in ("battlefield", "stack")
        return src.controller == quality if controlled else src.owner == quality
    if q in COLORS:
        return q in src.colors
    if q in SUPERTYPES:
        return q in {s.lower() for s in src.supertypes}
    word = q[:-1] if q.endswith("s") and q[:-1] in CARD_TYPES else q  # "from creatures"
    if word in CARD_TYPES:
        return word in {t.lower() for t in src.types}
    raise ValueError(f"the oracle knows no quality {quality!r}")


def protection_id(holder: str, quality: str) -> str:
    """The name of the prevention effect an object's or a player's protection is."""
    return f"{holder}/protection from {quality}"
