"""A commander's color identity, for the mana it lets an ability add (CR 903.4, 903.4f):
"{T}: Add one mana of any color in your commander's color identity." (Command Tower, Arcane
Signet): ``{kind: add_mana, mana: "one mana of any color in your commander's color identity"}``.

903.4: the color identity of a card is the colors of the mana symbols in its mana cost and rules
text, plus the colors its characteristic-defining abilities or color indicator give it (its
printed colors here); 903.4c: reminder text (parenthesized) is ignored; 903.4d, 903.4e: its
other face is included; 903.4a: established before the game begins, so read from the printed
card, not from what effects make it now. The player's commanders are the objects they own with
the commander designation (903.3), in any zone. 903.4f: a player without a commander has no
commander's color identity: that part of the ability does nothing (it adds no mana); a
commander whose color identity is colorless gives no color to choose either.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.game.model import Game

PRODUCT = "one mana of any color in your commander's color identity"
_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_LETTERS = "WUBRG"


def _symbols(text: str) -> set[str]:
    """The colors of the mana symbols in ``text`` ({R/G} both, {G/P} green: 107.4)."""
    out: set[str] = set()
    for sym in re.findall(r"\{([^{}]+)\}", text):
        out |= {c for c in sym.split("/") if c in _LETTERS}
    return out


def of_card(printed: Any) -> set[str]:
    """903.4: the color identity of printed characteristics (and their faces, 903.4d-e)."""
    got = _symbols(printed.mana_cost or "")
    got |= _symbols(re.sub(r"\([^()]*\)", "", printed.oracle or ""))  # 903.4c: no reminder text
    got |= {_WORDS.get(c, c) for c in printed.colors if _WORDS.get(c, c) in _LETTERS}
    for face in getattr(printed, "faces", ()) or ():
        got |= of_card(face)
    return got


def of_commander(game: Game, pid: str) -> tuple[str, ...] | None:
    """The colors (W U B R G, in that order) of ``pid``'s commanders' color identity, or None
    when they have no commander (903.4f)."""
    mine = [o for o in game.state.objects if o.commander and o.owner == pid]
    if not mine:
        return None
    got: set[str] = set()
    for o in mine:
        got |= of_card(o.printed)
        if o.other_face is not None:
            got |= of_card(o.other_face)
    return tuple(c for c in _LETTERS if c in got)


def ways(game: Game, pid: str) -> list[tuple[str, ...]]:
    """The ways the product adds mana for ``pid``: one per color of the identity (106.1a); none
    without a commander (903.4f) or with a colorless identity."""
    return [(c,) for c in of_commander(game, pid) or ()]
