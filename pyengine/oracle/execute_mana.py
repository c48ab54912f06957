"""The generated game's check of mana added by a spell or a triggered ability (CR 106.3, 106.4):
alice's mana pool, empty before it resolves, holds the mana the ``add_mana`` instructions
followed add, still in the step it resolved in (the pool empties only as the step ends, 500.5).
No check when something else of the game touches her pool (a cost paid from it, 118.3)."""

from __future__ import annotations

from typing import Any


def pool_check(alice: dict[str, Any], followed: list[dict[str, Any]]) -> dict[str, str] | None:
    """``{alice: POOL}`` for the done checkpoint, or None (nothing added, or not checkable)."""
    from pyengine.game.pool import Pool

    added = [ev for ev in followed if ev.get("kind") == "add_mana"]
    if not added or alice.get("mana") or any(ev.get("kind") == "pay_mana" for ev in followed):
        return None
    if any(ev.get("player", "you") != "you" for ev in added):
        return None
    pool = Pool()
    for ev in added:
        pool = pool.plus(Pool.parse(ev["mana"]))
    return {"alice": pool.render()}
