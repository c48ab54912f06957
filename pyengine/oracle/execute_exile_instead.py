"""The generated game of a spell whose "if ... would die this turn, exile it instead" it creates
as it resolves (pyengine.oracle.effects_exile_instead; CR 614.1a, 611.2a, 700.4): after the spell
resolves, each permanent the replacement affects is destroyed (701.8a) in the same turn, and it
ends in exile, not in its owner's graveyard. The affected permanents: the spell's one target
("that creature"), or what its damage was dealt to ("a creature dealt damage this way"): its
target, a creature (bob's Gray Ogre) rather than a player where "any target" allows both, or
each board permanent its "each" instruction names."""

from __future__ import annotations

from typing import Any

_PLAYERS = ("alice", "bob")


def exiles(card: Any) -> bool:
    """Whether the card's resolved effect is the replacement that exiles instead."""
    res = card.card.get("resolves") or {}
    return res.get("replace", {}).get("to") == "exile" and \
        res["replace"].get("event") == {"kind": "dies", "object": "affected"}


def with_exile(doc: dict[str, Any], card: Any) -> dict[str, Any] | None:
    """``doc`` with the affected permanents destroyed after the spell resolves and checked in
    exile; ``doc`` unchanged for another card; None when the affected ones can't be told."""
    if not exiles(card):
        return doc
    from pyengine.oracle.execute_game import POOL, fits

    script = doc["query"]["script"]
    at = next((i for i, a in enumerate(script) if isinstance(a, dict)
               and a.get("stack", {}).get("object") == "card"), None)
    if at is None or script[-1] != {"checkpoint": "done"}:
        return None
    cast = script[at]["stack"]
    dealt = card.card["resolves"].get("dealt_damage")
    targets = list(cast.get("targets", ()))
    if targets and targets[0] in _PLAYERS:
        if dealt is None:
            return None  # "that creature" of a player: nothing to see
        targets[0] = "ogre"  # 115.4: "any target" may be a creature
        cast["targets"] = targets
    if targets:
        hit = [targets[0]]
    else:
        sels = [ev["affects"] for ev in card.card.get("does", {}).get("do", ())
                if ev.get("kind") == "each" and "affects" in ev]
        if len(sels) != 1:
            return None
        hit = [oid for oid, _n, ctl, types, colors in POOL
               if fits(sels[0], types, colors, ctl) and fits(dealt or {}, types, colors, ctl)]
        if any(fits(sels[0], types, colors, ctl) is None for _o, _n, ctl, types, colors in POOL):
            return None  # a quality the pool's table doesn't read
    if not hit:
        return None
    # 701.8a: destroyed this turn; 614.1a: exiled instead (those the spell's damage already
    # destroyed were exiled then; a destruction of what is no longer on the battlefield does nothing)
    script[-1:-1] = [{"events": [{"kind": "destroy", "object": oid} for oid in hit]}]
    objects = doc["expect"]["checkpoints"]["done"].setdefault("objects", {})
    for oid in hit:
        objects[oid] = {"zone": "exile"}
    return doc
