"""A discard chosen from a revealed hand: "Target opponent reveals their hand. You choose a
noncreature, nonland card from it. That player discards that card." (Duress).

The player reveals their hand (CR 701.20a: the cards are shown to every player; nothing else
changes), then the chooser, not the discarding player, chooses the card (701.9b: "the player
who chooses"), among the cards of that hand that match the instruction's ``card`` selector,
read on their characteristics then (608.2c). If none matches, nothing is chosen and nothing is
discarded (609.3: as much as possible). The chosen card goes from its owner's hand to the
graveyard (701.9a).

The script gives the choice ahead, ``{discard_choice: {KEY: [CARD]}}`` (``[]``: none), as for
every discard (pyengine.game.choice). The game asks for none only where the rules leave nothing
to choose: the hand is empty, or every card of it is named and none matches. A card the
scenario doesn't name (``hand_size`` beyond the named cards) has characteristics the game
doesn't know: it can't be chosen, and "none" can't be chosen while such a card is in the hand
(whether it matches is unknown), so such a discard stops the game naming what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.perform import layers, perform
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event


def matching(game: Game, pid: str, chooser: str, e: Event, source: str | None,
             budget: Budget | float) -> tuple[list[str], list[str]]:
    """The named cards of ``pid``'s hand, and those of them the chooser may choose."""
    from pyengine.combat.select import Context, FinalState

    named = sorted(o.id for o in game.state.objects if o.zone == Zone.HAND and o.owner == pid)
    final = FinalState(game.state, layers(game.state, budget).objects)
    fits = list(final.select(e.get("card"), Context(source, chooser), among=tuple(named)))
    return named, fits


def chosen_discard(game: Game, item: StackItem, e: Event, take: Callable[..., tuple[Game, Any]], key: str,
                   budget: Budget | float) -> Game:
    """701.20a, 701.9b, 609.3: the hand revealed, the chooser's card (if any) discarded."""
    pid, chooser = e.get("player")[1], e.get("chooser")[1]
    size = game.state.player(pid).hand_size
    game, chosen = take(game, item, "discard")
    named, fits = matching(game, pid, chooser, e, item.source or item.obj, budget)
    unnamed = size - len(named)
    shown = ", ".join(named) or "none"
    where = f"{item.text!r} ({item.id}): {pid} reveals a hand of {size} (named: {shown}; " \
            f"{unnamed} unnamed)"
    if chosen is None:
        if size == 0 or (not fits and not unnamed):  # nothing to choose (609.3)
            return game
        ok = ", ".join(fits) or "none"
        raise IllegalAction("701.9b", f"{where}: {chooser} chooses the card discarded (matching: "
                                      f"{ok}): give {{discard_choice: {{{key}: [CARD]}}}} "
                                      "before it resolves ([] for none)")
    chosen = tuple(chosen)
    if len(chosen) > 1:
        raise IllegalAction("701.9b", f"{where}: one card is chosen, {len(chosen)} given")
    if not chosen:
        if fits:
            raise IllegalAction("608.2c", f"{where}: {', '.join(fits)} can be chosen, so one must be")
        if unnamed:
            raise IllegalAction("701.9b", f"{where}: whether an unnamed card matches is unknown; name the "
                                          "cards of the hand")
        return game
    c = chosen[0]
    if c not in fits:
        why = "is not in the hand" if c not in named else "doesn't match what the instruction names"
        raise IllegalAction("701.9b", f"{where}: {c} {why} (matching: {', '.join(fits) or 'none'})")
    ev = Event("move", (("object", ("o", c)), ("count", 1), ("from", "hand"), ("to", "graveyard"),
                        ("cause", "discard"), ("position", None), ("control", None), ("as", None),
                        ("tapped", False), ("face", "front"), ("choice", None)))
    return perform(game, [ev], rule="701.9a", cause="discard", budget=budget)
