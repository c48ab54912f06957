"""The sentence "Attach SELF to target creature you control" (CR 701.3a): an instruction
``{kind: attach, object: self, to: target}`` the game follows as the ability resolves
(pyengine.game.attach): the equip keyword's effect (702.6a), written out by
pyengine.oracle.keyword_activated, and the same words printed in an ability. Only the source
itself is attached here ("attach target Equipment ..." and "up to one" stay unread)."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.common import fullmatch as _fm


def attach(s: str, eff: Any) -> bool:
    """"attach SELF to target creature you control", "attach SELF to target legendary
    creature you control" (one sentence, first letter lower)."""
    from pyengine.oracle import phrases as P

    m = _fm(r"attach SELF to target ([\w ,-]+? )?creature you control", s)
    if not m or eff.from_graveyard:
        return False
    # 702.6c: "Equip [quality] creature": a creature with that quality (a supertype, a subtype)
    sel = P.selector(f"{m.group(1) or ''}creature you control")
    if sel is None or set(sel) - {"types", "supertypes", "subtypes", "controller"} \
            or sel.get("types") != ["Creature"] or sel.get("controller") != "you":
        return False
    eff.targets.append({"obj": sel})
    eff.casting.append({"id": f"creature{len(eff.casting) + 1}" if eff.casting else "creature",
                        "what": {"types": ["Creature"], "controller": "you"}})
    eff.do.append({"kind": "attach", "object": "self", "to": eff.ref()})
    return True
