"""Sentences of a spell that copy a spell (CR 707.10): "Copy target instant or sorcery spell."
(Twincast, Reverberate), and "You may choose new targets for the copy." after it (707.10c).

"Copy target [spell]" targets a spell on the stack (115.1, 601.2c: a ``casting`` target in the
stack zone, as "counter target spell" has) and is the instruction ``{kind: copy_spell, object:
target}`` (pyengine.lang.copies): as it resolves, the game puts one copy of that spell onto the
stack, controlled by this spell's controller (707.10). "You may choose new targets for the
copy." makes it ``new_targets: true`` (707.10c: the script gives the copy's new target ahead,
pyengine.game.copies). Not read: "target ... spell you control", "except ...", copies of
abilities, "copy it" of a triggered ability (their sentences stay unread).
"""

from __future__ import annotations

import re
from typing import Any

_SPELLS = {"instant or sorcery spell": {"any_types": ["Instant", "Sorcery"]},
           "instant spell": {"types": ["Instant"]}, "sorcery spell": {"types": ["Sorcery"]}}


def sentence(s: str, eff: Any, spell: bool) -> bool:
    """Read ``s`` into ``eff`` (a spell's own effect only, not an activated ability's), or False."""
    if not spell or not eff.cast:
        return False
    m = re.fullmatch(r"copy target (.+)", s)
    if m and m.group(1) in _SPELLS:
        what = {"zone": "stack", **{k: list(v) for k, v in _SPELLS[m.group(1)].items()}}
        tid = "spell" if "spell" not in {c["id"] for c in eff.casting} else f"spell{len(eff.casting) + 1}"
        eff.targets.append({"obj": dict(what)})
        eff.casting.append({"id": tid, "what": what})
        eff.do.append({"kind": "copy_spell", "object": eff.ref()})
        return True
    if s == "you may choose new targets for the copy" and eff.do and eff.do[-1].get("kind") == "copy_spell" \
            and "new_targets" not in eff.do[-1]:
        eff.do[-1]["new_targets"] = True  # 707.10c
        return True
    return False
