"""Cards put into a graveyard go on top of it (CR 404.1), in the state's order of objects,
top first (pyengine.model.graveyard). Cards put into the same graveyard at the same time (one
batch of events) are arranged by their owner (404.3): the game keeps them in the order of the
events, on top, and records them as an unordered group (``GameState.graveyard_unordered``)
so that nothing reads one of them as "the top card" while their order is the owner's
unmade choice."""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject


def arrange(order: list[str], objs: dict[str, GameObject], arrived: Sequence[str],
            unordered: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Put the cards that ``arrived`` in a graveyard in this batch on top of their owners'
    graveyards (``order`` changed in place); the unordered groups after it: a group of two or
    more for each owner that got several, the groups whose cards are no longer together in a
    graveyard dropped."""
    by_owner: dict[str, list[str]] = {}
    for oid in dict.fromkeys(arrived):
        o = objs.get(oid)
        if o is not None and o.zone == Zone.GRAVEYARD:
            by_owner.setdefault(o.owner, []).append(oid)
    groups = list(unordered)
    for owner, ids in by_owner.items():
        for oid in ids:
            order.remove(oid)
        # 404.1: on top, the place of the owner's top card (else where the first of them was)
        at = next((i for i, x in enumerate(order) if x in objs and objs[x].zone == Zone.GRAVEYARD
                   and objs[x].owner == owner), None)
        if at is None:
            at = len(order)
        order[at:at] = ids
        if len(ids) > 1:  # 404.3
            groups.append((owner, tuple(ids)))
    kept = []
    for owner, ids in groups:
        left = tuple(i for i in ids if i in objs and objs[i].zone == Zone.GRAVEYARD and objs[i].owner == owner)
        if len(left) > 1:
            kept.append((owner, left))
    return tuple(kept)
