"""The choices a generated game gives ahead for the keyword actions its card's effect
performs (608.2d; pyengine.game.keyword_instr).

Bolster (701.39a): alice's creatures in the generated games are the Grizzly Bears (toughness 2)
and the card itself when it is a creature on the battlefield; only a card with toughness 2 ties
with the Bears, and then the Bears are chosen (a choice among the tied creatures; the Bears are
among them whether or not the card is still there). Populate (701.36a): the only creature token
alice controls is one the effect created; two or more are not generated (None). Explore
(701.44a): the top card of alice's library is a Forest (:func:`explored_library`): a land card,
put into her hand, nothing to choose. Connive (701.50a): a Lightning Bolt in alice's hand,
the card she discards (a nonland card: the counter is put).
"""

from __future__ import annotations

from typing import Any


def keyword_ahead(
    card: Any, followed: list[dict[str, Any]], bolster: bool = True
) -> list[dict[str, Any]] | None:
    """The ``keyword_choice`` items the game needs, or None when it can't be generated
    (``bolster``: whether the board is execute_game's, where the Bears may tie)."""
    kinds = [ev.get("kind") for ev in followed]
    if "populate" in kinds:
        made = sum(
            ev.get("count", 1) if isinstance(ev.get("count", 1), int) else 2
            for ev in followed[: kinds.index("populate")]
            if ev.get("kind") == "create_tokens"
        )
        if made > 1 or any(ev.get("kind") == "create_tokens" for ev in followed[kinds.index("populate") :]):
            return None
    out = [{"keyword_choice": {"card": "connived"}}] * kinds.count("connive")  # 701.50a: the discard
    if "bolster" not in kinds or not bolster:
        return out
    c = card.card
    if "Creature" in c.get("types", ()) and str(c.get("toughness", "")) == "2":
        return (
            [{"keyword_choice": {"card": "bears"}}, *out]
            if kinds.index("bolster")
            < min((i for i, k in enumerate(kinds) if k == "connive"), default=len(kinds))
            else [*out, {"keyword_choice": {"card": "bears"}}]
        )
    return out


def explored_library(followed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A named top card of alice's library for an explore to reveal (one of her ten cards)."""
    out = []
    if any(ev.get("kind") == "explore" for ev in followed):
        out.append({"id": "explored", "card": "Forest", "owner": "alice", "zone": "library"})
    if any(ev.get("kind") == "connive" for ev in followed):  # 701.50a: the nonland card she discards
        out.append({"id": "connived", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"})
    return out
