"""The Commander variant's rules that a game follows (CR 903): the choice to put a commander
that went to a graveyard or exile into the command zone (903.9a, a state-based action, 704.6d).
The rest lives where its rule acts: casting from the command zone and its tax (903.8) in the
cast engine (asp/cast/timing.lp, cost.lp), the command zone instead of a hand or library
(903.9b) among the replacement effects (pyengine.replacement.collect), the combat damage each
commander has dealt each player (903.10a) where damage is dealt (pyengine.game.perform), and
losing to 21 of it (704.6c) among the state-based actions (asp/sba/players.lp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.game.model import Game, IllegalAction
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event


@dataclass(frozen=True)
class ChooseCommandZone:
    """CR 903.9a: the owner of commander ``obj`` chooses, ahead, whether to put it into the
    command zone the next time it has gone to a graveyard or exile (704.6d)."""

    obj: str
    move: bool


def choose(game: Game, action: ChooseCommandZone) -> Game:
    """Record the choice the script made ahead (used once, by the next 704.6d)."""
    if not game.state.object(action.obj).commander:
        raise IllegalAction("903.9a", f"{action.obj} is not a commander")
    kept = dict(game.command_choices)
    kept[action.obj] = action.move
    return game.clone(command_choices=tuple(sorted(kept.items())))


def returning(game: Game) -> tuple[Game, list[Event]]:
    """CR 704.6d, 903.9a: commanders put into a graveyard or exile since the last check of
    state-based actions (still there) go to the command zone if their owners so choose: the
    move events (performed with the check's other actions, 704.3), and the game with this
    check marked and the choices used. A choice the script has not made stops the game with
    the question (as the legend rule's, 704.5j)."""
    since = game.log[game.sba_mark:]
    game = game.clone(sba_mark=len(game.log))
    arrived = {e.obj for e in since if e.kind == "zone_change" and e.to_zone in ("graveyard", "exile")}
    found = [o for o in game.state.objects
             if o.id in arrived and o.commander and o.zone in (Zone.GRAVEYARD, Zone.EXILE)]
    if not found:
        return game, []
    chosen = dict(game.command_choices)
    for o in found:
        if o.id not in chosen:
            raise IllegalAction("704.6d", f"{o.owner} chooses whether their commander {o.id} goes from the "
                                          f"{o.zone.value} to the command zone (903.9a): give "
                                          f"{{command_zone: {{{o.id}: true}}}} (or false) before this action")
    ids = {o.id for o in found}
    game = game.clone(command_choices=tuple((k, v) for k, v in game.command_choices if k not in ids))
    return game, [Event("move", _move(o.id, o.zone.value)) for o in found if chosen[o.id]]


def _move(oid: str, frm: str) -> tuple[tuple[str, Any], ...]:
    return (("object", ("o", oid)), ("count", 1), ("from", frm), ("to", "command"), ("cause", "sba"),
            ("position", None), ("control", None), ("as", None), ("tapped", False), ("face", "front"),
            ("choice", None))
