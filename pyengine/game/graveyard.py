"""Cards put into a graveyard go on top of it (CR 404.1), in the state's order of objects,
top first (pyengine.model.graveyard). Cards put into the same graveyard at the same time (one
batch of events) are arranged by their owner (404.3): in the order the script chose ahead
(``{graveyard_order: {PLAYER: [IDS, top first]}}``, used by the first batch that puts exactly
those cards into that player's graveyard), else kept in the order of the events, on top, and
recorded as an unordered group (``GameState.graveyard_unordered``) so that nothing reads one
of them as "the top card" while their order is the owner's unmade choice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject

WHAT = "graveyard_order"  # the kind of the script's choice made ahead (pyengine.game.choice)


def read(reader: Any, cur: Cursor) -> Any:
    """The script's ``{graveyard_order: {PLAYER: [IDS]}}``: the order, top first, the player
    puts cards into their graveyard in when they are put there at the same time (404.3)."""
    from pyengine.game.choice import ChooseAhead

    cur.mapping(set(reader.players), "{PLAYER: [CARD IDS, top first]} (CR 404.3)")
    if len(cur.value) != 1:
        cur.fail("expected one player's order")
    player, sub = next(iter(cur.items()))
    ids = tuple(sub.strings("a list of card ids, top first"))
    if len(ids) < 2 or len(set(ids)) != len(ids):
        sub.fail("expected two or more different card ids (CR 404.3: cards put there at the same time)")
    for oid in ids:
        if oid not in reader.ids:
            sub.fail(f"dangling object id {oid!r}: no object has this id")
    return ChooseAhead(WHAT, str(player), ids)


def arrange(order: list[str], objs: dict[str, GameObject], arrived: Sequence[str],
            unordered: tuple[tuple[str, tuple[str, ...]], ...],
            chosen: tuple[tuple[str, str, Any], ...] = ()) -> tuple[tuple[tuple[str, tuple[str, ...]], ...],
                                                                   tuple[tuple[str, str, Any], ...]]:
    """Put the cards that ``arrived`` in a graveyard in this batch on top of their owners'
    graveyards (``order`` changed in place), in the order their owner chose ahead (a
    ``chosen`` resolution choice of kind ``graveyard_order`` naming exactly those cards, then
    used); the unordered groups after it (a group of two or more for each owner that got
    several and chose no order; the groups whose cards are no longer together in a graveyard
    dropped) and the choices left."""
    by_owner: dict[str, list[str]] = {}
    for oid in dict.fromkeys(arrived):
        o = objs.get(oid)
        if o is not None and o.zone == Zone.GRAVEYARD:
            by_owner.setdefault(o.owner, []).append(oid)
    groups = list(unordered)
    left = list(chosen)
    for owner, ids in by_owner.items():
        pick = next((c for c in left if c[0] == WHAT and c[1] == owner and len(ids) > 1
                     and sorted(c[2]) == sorted(ids)), None)
        if pick is not None:  # 404.3: the owner's order
            left.remove(pick)
            ids = list(pick[2])
        for oid in ids:
            order.remove(oid)
        # 404.1: on top, at the place of the owner's top card (an empty graveyard: at the end)
        at = next((i for i, x in enumerate(order) if x in objs and objs[x].zone == Zone.GRAVEYARD
                   and objs[x].owner == owner), None)
        if at is None:
            at = len(order)
        order[at:at] = ids
        if len(ids) > 1 and pick is None:  # 404.3: the owner's choice, not made
            groups.append((owner, tuple(ids)))
    kept = []
    left_choices = left
    for owner, ids in groups:
        here = tuple(i for i in ids if i in objs and objs[i].zone == Zone.GRAVEYARD and objs[i].owner == owner)
        if len(here) > 1:
            kept.append((owner, here))
    return tuple(kept), tuple(left_choices)
