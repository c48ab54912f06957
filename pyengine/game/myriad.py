"""Myriad's instruction (CR 702.116a), followed as its attack trigger resolves (608.2c):
"for each opponent other than defending player, you may create a token that's a copy of this
creature that's tapped and attacking that player or a planeswalker they control. If one or more
tokens are created this way, exile the tokens at end of combat."

``{kind: myriad}``: the opponents of the ability's controller other than the defending player
(506.2) are determined as it resolves. In a two-player game (the only games the game engine
plays) there is none, so nothing is created and no delayed trigger is made. A game with another
opponent would need the copies (707.2, 508.4: tapped and attacking, never declared as
attackers); they are refused rather than left out.
"""

from __future__ import annotations

from pyengine.game.model import Game, IllegalAction, StackItem


def others(game: Game, controller: str) -> tuple[str, ...]:
    """The opponents of ``controller`` other than the defending player (702.116a, 506.2)."""
    from pyengine.game.combat import defending

    return tuple(p for p in game.state.player_ids if p not in (controller, defending(game)))


def myriad(game: Game, item: StackItem) -> Game:
    """The instruction followed: nothing happens when no opponent other than the defending
    player is left (the two-player game); copies for other opponents are not made."""
    left = others(game, item.controller)
    if left:
        raise IllegalAction("702.116a", f"myriad's token copies attacking {', '.join(left)} (an opponent "
                                        "other than the defending player) are not made by the game")
    return game
