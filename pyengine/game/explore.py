"""A permanent explores (CR 701.44a), an instruction of a resolving spell or ability: its
controller reveals the top card of their library; a land card is put into their hand;
otherwise the exploring permanent gets a +1/+1 counter and the player may put the revealed card
into their graveyard (the script's choice, given ahead as ``{keyword_choice: {KEY: true|false}}``,
608.2d). With an empty library nothing is revealed and the permanent gets the counter.

The top card must be known: a named library card (pyengine.game.library: the state's named
library cards are its top cards); an unnamed one, or one whose face is unknown, stops the game
naming what to give. An explorer no longer on the battlefield (701.44c: its last known
information) is not followed yet.
"""

from __future__ import annotations

from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.replacement.event import Event

RULE = "701.44a"


def _move(oid: str, to: str) -> Event:
    return Event(
        "move",
        (
            ("object", ("o", oid)),
            ("count", 1),
            ("from", "library"),
            ("to", to),
            ("cause", "effect"),
            ("position", None),
            ("control", None),
            ("as", None),
            ("tapped", False),
            ("face", "front"),
            ("choice", None),
        ),
    )


def explore(game: Game, item: StackItem, obj: str, chosen: Any, budget: Budget | float) -> Game:
    from pyengine.game.choice import _keys
    from pyengine.game.keyword_instr import acting_controller
    from pyengine.game.library import top_card
    from pyengine.game.perform import perform

    pid = acting_controller(game, obj, "701.44c", "explores", budget)
    objs = {x.id: x for x in game.state.objects}
    order = [x.id for x in game.state.objects]
    players = {p.id: p for p in game.state.players}
    top = top_card(objs, order, players, pid, dict(game.library_bottom))
    size = players[pid].library_size
    if top is None and size > 0:
        raise IllegalAction(
            RULE,
            f"{item.text!r} ({item.id}): {obj} explores: the top card of {pid}'s library "
            "is not named: list it among the objects (zone: library) to reveal it",
        )
    land = None
    if top is not None:
        card = objs[top]
        if not card.printed.name and not card.printed.types:
            raise IllegalAction(
                RULE,
                f"{obj} explores: {top}, the top card of {pid}'s library, has an unknown "
                "face: name the card in the scenario",
            )
        land = "Land" in card.printed.types
    if land and top is not None:
        if chosen is not None:
            raise IllegalAction(RULE, f"{top} is a land card: it is put into {pid}'s hand, nothing to choose")
        return perform(game, [_move(top, "hand")], rule=RULE, budget=budget)
    if top is not None and chosen is None:
        raise IllegalAction(
            RULE,
            f"{item.text!r} ({item.id}): {pid} may put {top} (nonland) into their "
            f"graveyard: give {{keyword_choice: {{{_keys(item)[-1]}: true|false}}}} before "
            "it resolves",
        )
    if top is not None and not isinstance(chosen, bool):
        raise IllegalAction(RULE, f"explore's choice is true (into the graveyard) or false, not {chosen!r}")
    from pyengine.game.keyword_instr import plus_one_counter

    counter = plus_one_counter(obj, pid)
    game = perform(game, [counter], rule=RULE, budget=budget)
    if top is not None and chosen:
        game = perform(game, [_move(top, "graveyard")], rule=RULE, budget=budget)
    return game
