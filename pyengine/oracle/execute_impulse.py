"""The generated game of a card that exiles the top cards of alice's library and lets her play
them (pyengine.game.impulse): her library's top cards are named (401.4: the named library cards
are its top cards), a Forest on top, and checked exiled (701.13a). When the game is at alice's
precombat main phase with the stack empty and the permission is "play" for this turn or longer,
she then plays that Forest from exile as her land play (305.1, 305.2a) and it is checked on the
battlefield. A game whose effect also draws, mills, scries, surveils or searches keeps its
unnamed cards (the exile takes whatever is on top then)."""

from __future__ import annotations

from typing import Any

_OTHER = ("draw", "mill", "scry", "surveil", "search", "discard")
_BELOW = "Lightning Bolt"  # the cards exiled after the first


def with_impulse(doc: dict[str, Any], do: list[dict[str, Any]]) -> dict[str, Any]:
    """``doc`` with alice's top cards named for her one exile of the top of her library."""
    exiles = [ev for ev in do if ev.get("kind") == "exile_top"]
    if len(exiles) != 1 or any(ev.get("kind") in _OTHER for ev in do):
        return doc
    ev = exiles[0]
    if ev.get("player", "you") != "you" or not isinstance(ev.get("count", 1), int):
        return doc
    n = ev.get("count", 1)
    cards = [{"id": f"top-{i + 1}", "card": "Forest" if i == 0 else _BELOW, "owner": "alice",
              "zone": "library"} for i in range(n)]
    objs = doc.setdefault("objects", [])
    at = next((i for i, o in enumerate(objs) if o.get("zone") == "library" and o.get("owner") == "alice"),
              len(objs))
    objs[at:at] = cards
    done = doc["expect"]["checkpoints"]["done"]
    for c in cards:
        done.setdefault("objects", {})[c["id"]] = {"zone": "exile"}
    if "library" in done:
        done["library"]["alice"] -= n
    turn, script = doc["turn"], doc["query"]["script"]
    moved = any(isinstance(a, dict) and ("advance" in a or "attack" in a) for a in script)  # another step
    if ev.get("may") == "play" and turn.get("active") == "alice" and turn.get("step") == "precombat_main" \
            and not moved and script[-1] == {"checkpoint": "done"}:
        doc["query"]["script"] += [{"play_land": {"player": "alice", "card": "top-1"}}, {"checkpoint": "played"}]
        doc["expect"]["checkpoints"]["played"] = {"objects": {"top-1": {"zone": "battlefield"}}}
    return doc
