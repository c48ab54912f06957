"""A group tapped or untapped (CR 701.26a-b, 608.2c): "Untap all creatures you control.",
"untap each creature you control", "untap all attacking creatures" (506.4: the creatures in
combat as it resolves), "tap all creatures your opponents control": ``{kind: each, affects:
SELECTOR, do: [{kind: untap, object: each}]}``, the group determined as it resolves.

Not read here (stay text): "untap all creatures that attacked this turn" (no selector reads a
creature's attacks this turn), "untap all lands you control" beside other words, groups the
selector reader doesn't know.
"""

from __future__ import annotations

import re
from typing import Any


def sentence(s: str, eff: Any) -> bool:
    """Read the sentence into ``eff.do``; False when it is not one read here."""
    m = re.fullmatch(r"(tap|untap) (?:all|each) (.+?)\.?", s.strip())
    if not m:
        return False
    words = m.group(2)
    sel: dict[str, Any] | None
    combat = re.fullmatch(r"(attacking|blocking) creatures?( you control)?", words)
    if combat:  # 506.4: declared as attackers / blockers and still in combat
        sel = {"types": ["Creature"], "combat": [combat.group(1)]}
        if combat.group(2):
            sel["controller"] = "you"
    else:
        from pyengine.oracle import phrases as P

        sel = P.selector(words)
    if not sel or "zone" in sel:
        return False
    eff.do.append({"kind": "each", "affects": sel, "do": [{"kind": m.group(1), "object": "each"}]})
    return True
