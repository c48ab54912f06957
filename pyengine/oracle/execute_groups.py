"""What a generated game checks of an instruction done to each permanent of a group (``{kind:
each, affects: SELECTOR, do: [...]}``, pyengine.oracle.effects_groups): each permanent of the
generated board (pyengine.oracle.execute_game's POOL) that the selector names ends in the
graveyard when the group is destroyed (CR 701.8a: none of them is indestructible or
regenerates) and in exile when it is exiled (701.13a). A selector the board's table can't read
(a keyword, a subtype) checks nothing: the game must still run it.
"""

from __future__ import annotations

from typing import Any

_ZONE = {"destroy": "graveyard"}


def group_checks(do: list[dict[str, Any]], touched: set[str | None]) -> dict[str, Any]:
    """The zone each board permanent a group's destroy or exile names ends in."""
    from pyengine.oracle.execute_game import POOL, fits

    out: dict[str, Any] = {}
    for ev in do:
        if ev.get("kind") != "each" or len(ev.get("do", ())) != 1:
            continue
        inner = ev["do"][0]
        zone = _ZONE.get(inner.get("kind", "")) or (inner.get("to") if inner.get("kind") == "move" else None)
        if zone is None or inner.get("object") != "each":
            continue
        sel = {k: v for k, v in ev["affects"].items() if k != "other"}
        for oid, _card, ctl, types, colors in POOL:
            if oid not in touched and fits(sel, types, colors, ctl):
                out[oid] = {"zone": zone}
    return out
