"""The order of the cards in a graveyard (CR 404).

CR 404.2: a graveyard is a single face-up pile; players can examine it but normally can't
change its order. 404.1: an object put into a graveyard is put on top of it. 404.3: cards put
into the same graveyard at the same time are arranged by their owner, in any order.

A player's graveyard is the cards in it in the order of the state's objects, TOP FIRST (as a
library's named cards are, pyengine.game.library): a board lists a graveyard top first, and
the game puts each card that arrives on top (pyengine.game.graveyard). Cards that arrived at
the same time and whose order their owner has not chosen are a group of
``GameState.graveyard_unordered``: while two or more of them are the top of the graveyard,
"the top card" of it is not known, and reading it stops with :class:`UnorderedTop` (404.3: the
owner's choice, which a game's script gives ahead, pyengine.game.graveyard; the engine does not
choose for them).
"""

from __future__ import annotations

from pyengine.errors import PyengineError
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState


class UnorderedTop(PyengineError):
    """The top of a graveyard is two or more cards put there at the same time whose order
    their owner has not chosen (CR 404.3)."""


def graveyard(state: GameState, player: str) -> tuple[str, ...]:
    """``player``'s graveyard, top first (CR 404.1-404.2)."""
    return tuple(o.id for o in state.objects if o.zone == Zone.GRAVEYARD and o.owner == player)


def top_group(state: GameState, player: str) -> tuple[str, ...]:
    """The cards that may be the top card of ``player``'s graveyard: none (an empty
    graveyard), the top card, or the unordered cards put on top at the same time (404.3)."""
    cards = graveyard(state, player)
    if not cards:
        return ()
    here = set(cards)
    for owner, group in state.graveyard_unordered:
        left = [i for i in group if i in here]
        if owner == player and cards[0] in left and len(left) > 1:
            return tuple(left)
    return (cards[0],)


def top_card(state: GameState, player: str) -> str | None:
    """The top card of ``player``'s graveyard (None if it is empty); :class:`UnorderedTop`
    if it is one of cards whose order their owner has not chosen (404.3)."""
    group = top_group(state, player)
    if len(group) > 1:
        raise UnorderedTop(f"the top card of {player}'s graveyard is one of {', '.join(group)}, put there "
                           f"at the same time; their owner arranges them (CR 404.3) and the engine does not "
                           "choose that order: in a game give it ahead ({graveyard_order: {PLAYER: [IDS, top "
                           "first]}}), on a board list the graveyard top first")
    return group[0] if group else None
