"""Modular N (CR 702.43a) written out as its rule defines it: "Modular N" means "This
permanent enters with N +1/+1 counters on it" and "When this permanent is put into a graveyard
from the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1
counter on this permanent."

The first is the replacement effect ``enters_with_counters`` (614.1c); the second a triggered
ability whose target is chosen as it is put on the stack (603.3d) and whose amount is counted
as it resolves (608.2h): the permanent has left the battlefield, so its last known information
is used, the counters it had as it left (``{counters_on: {object: self, counter: "+1/+1"}}``,
pyengine.game.lki). Each instance works separately (702.43b). "Modular—Sunburst" (702.43c-d
with sunburst, 702.44) stays a keyword held by name.
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = ("This permanent enters with N +1/+1 counters on it", "When this permanent is put into a "
              "graveyard from the battlefield, you may put a +1/+1 counter on target artifact creature for "
              "each +1/+1 counter on this permanent.")
_MODULAR = re.compile(r"modular (\d+)", re.I)
_EACH = re.compile(r"put a \+1/\+1 counter on target artifact creature for each \+1/\+1 counter on SELF")


def abilities(text: str) -> list[dict[str, Any]] | None:
    """The two abilities "Modular N" is, or None for another keyword."""
    m = _MODULAR.fullmatch(text.strip())
    if not m:
        return None
    n = int(m.group(1))
    said = text.strip()[:1].upper() + text.strip()[1:]
    enters = {"static": {"enters_with_counters": {"counter": "+1/+1", "amount": n}}, "text": said}
    dies = {"trigger": {"when": {"kind": "dies", "obj": "self"}},
            "targets": [{"obj": {"types": ["Artifact", "Creature"]}}],
            "do": [{"kind": "may", "do": [{"kind": "counters", "target": "target", "counter": "+1/+1",
                                           "amount": {"counters_on": {"object": "self", "counter": "+1/+1"}}}]}],
            "text": said}
    return ([enters] if n > 0 else []) + [dies]


def sentence(s: str, eff: Any) -> bool:
    """A printed "put a +1/+1 counter on target artifact creature for each +1/+1 counter on
    SELF" in an ability that triggers as its source dies (the count its last known
    information's, 608.2h)."""
    if not eff.from_graveyard or not _EACH.fullmatch(s):
        return False
    eff.targets.append({"obj": {"types": ["Artifact", "Creature"]}})
    eff.do.append({"kind": "counters", "target": eff.ref(), "counter": "+1/+1",
                   "amount": {"counters_on": {"object": "self", "counter": "+1/+1"}}})
    return True
