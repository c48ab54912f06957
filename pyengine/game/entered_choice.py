"""What was chosen as a permanent entered the battlefield (CR 614.12a, 607.2d): "As this
artifact enters, choose a color." is a replacement effect whose choice (the alternative the
replacement engine offers, the script's ``choices`` naming it) the entering permanent keeps in
``chosen``, which its linked abilities read ("Add one mana of the chosen color.",
pyengine.game.add_mana). A permanent leaving the battlefield is a new object with no such
choice (400.7)."""

from __future__ import annotations

from typing import Any


def chosen(word: Any) -> tuple[tuple[str, str], ...]:
    """The ``chosen`` of a permanent that entered with the replacement's choice ``word`` (a
    color, a card type or a subtype: ``blue``, ``Artifact``, ``Elf``), or () for none."""
    from pyengine.model import subtypes
    from pyengine.model.enums import CardType, Color

    if not isinstance(word, str) or not word:
        return ()
    if word in Color.words():
        return (("color", word),)
    if word in CardType.words():
        return (("card_type", word),)
    return (("subtype", word),) if subtypes.is_subtype(word) else ()
