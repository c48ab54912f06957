"""Double-faced and face-down cards compiled from their Oracle text (CR 712, 701.27, 708):
"transform SELF" as an instruction, the back face a transforming card's object holds, and the
abilities that trigger as a permanent transforms or is turned face up."""

from __future__ import annotations

import pytest

from pyengine import oracle
from tests.oracle.support import BUNDLED, MAIN, full, game_text, passes

pytestmark = BUNDLED


def test_activated_transform_turns_the_card_over() -> None:
    """Ulvenwald Captive: "{5}{G}{G}: Transform this creature." Its back face, Ulvenwald
    Abomination, is a 4/6 Eldrazi Werewolf (712.2): once the ability resolves the permanent has
    only the back face's characteristics (701.27a, 712.8e), a transformed permanent (701.27g)."""
    full("Ulvenwald Captive")
    passes(game_text(
        "  - {id: cap, card: Ulvenwald Captive, controller: alice, timestamp: 1}\n", MAIN,
        "    - activate: {player: alice, source: cap, ability: 1}\n    - resolve\n    - checkpoint: done\n",
        "    done: {stack: [], objects: {cap: {transformed: true, name: Ulvenwald Abomination, power: 4,"
        " toughness: 6}}}\n",
        hands='[{id: alice, mana: "{5}{G}{G}", library_size: 10}, {id: bob, library_size: 10}]',
        cr=("701.27a", "712.8e")))
