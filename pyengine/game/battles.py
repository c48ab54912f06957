"""Battles' protectors in a game (CR 310.8): each battle on the battlefield has one, chosen as
it enters (310.8a). In a two-player game the choice is forced: a Siege's protector is its
controller's opponent (310.11a), a battle with no battle type's is its controller (310.8a).
It doesn't change when the battle changes control or stops being a battle (310.8f, 310.8g);
a battle that leaves the battlefield is a new object (400.7) and has none. The combat engine
reads the protectors to judge attacks (310.8b, 508.1b) and blocks (310.8c)."""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject, GameState

Protectors = tuple[tuple[str, str], ...]  # battle id -> its protector, sorted


def chosen_protector(types: Iterable[str], subtypes: Iterable[str], controller: str,
                     players: tuple[str, ...]) -> str | None:
    """The protector a battle entering under ``controller`` gets in a two-player game, or
    None when it is not a battle (310.8a, 310.11a)."""
    if "Battle" not in set(types):
        return None
    if "Siege" in set(subtypes):
        return next((p for p in players if p != controller), None)
    return controller


def _of(obj: GameObject, players: tuple[str, ...]) -> str | None:
    return chosen_protector(obj.printed.types, obj.printed.subtypes, obj.controller, players)


def update(protectors: Protectors, before: GameState, after: GameState) -> Protectors:
    """The protectors after a batch of events: a battle that entered the battlefield gets
    its protector as it entered (its characteristics and controller then); one that left
    has none (400.7). Unchanged battles keep theirs (310.8f-g)."""
    was = {o.id for o in before.objects if o.zone == Zone.BATTLEFIELD}
    now = {o.id: o for o in after.objects if o.zone == Zone.BATTLEFIELD}
    table = {b: p for b, p in protectors if b in now and b in was}
    for oid, obj in now.items():
        if oid not in was:
            p = _of(obj, after.player_ids)
            if p is not None:
                table[oid] = p
    return tuple(sorted(table.items()))


def initial(state: GameState, chars: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> Protectors:
    """The protectors of the battles on the battlefield as a game starts, each as chosen when
    it entered (``chars``: each object's types and subtypes after layers)."""
    out = []
    for o in state.objects:
        if o.zone == Zone.BATTLEFIELD and o.id in chars:
            types, subtypes = chars[o.id]
            p = chosen_protector(types, subtypes, o.controller, state.player_ids)
            if p is not None:
                out.append((o.id, p))
    return tuple(sorted(out))
