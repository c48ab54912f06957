"""Prevention effects a spell creates as it resolves (CR 615, 611.2a), lasting "this turn"
(until the cleanup step, 514.2; the game reads the duration from the card's words):

- "Prevent all combat damage that would be dealt this turn." (Fog): the card's ``resolves:
  {prevent: {event: {kind: damage, combat: true}, amount: all}}`` with no target (615.1a: every
  combat damage event this turn; noncombat damage is not prevented);
- "Prevent all damage that would be dealt to creatures you control this turn", "Prevent all
  combat damage that would be dealt by creatures your opponents control this turn": the event
  the recipient or source phrase names (pyengine.oracle.damage_replacement reads them), matched
  as the damage would be dealt (a prevention effect modifies no object's characteristics, so
  611.2c locks in no set: a creature that enters later is covered too);
- "Prevent all (combat) damage that would be dealt to target creature this turn": on its one
  target (the resolved effect's ``affected``, 611.2c).

Not read here (the paragraph stays text): "the next time a source of your choice would deal
damage" (a source chosen as it resolves, 615.7), "dealt by target creature", "to and dealt by"
a target, a "this turn" missing (a static ability's wording), "damage can't be prevented".
"""

from __future__ import annotations

import re
from typing import Any

_ALL = (r"prevent all (combat |noncombat )?damage that would be dealt"
        r"(?: to (?!and )(.+?))?(?: by (.+?))? this turn")


def untargeted(resolves: dict[str, Any] | None) -> bool:
    """Whether ``resolves`` is a prevention effect on events its words name, affecting no
    target (the game matches each damage event against it, 615.1a)."""
    if not resolves or set(resolves) != {"prevent"}:
        return False
    event = resolves["prevent"].get("event", {})
    return "affected" not in (event.get("target"), event.get("source"))


def prevent_all(s: str, eff: Any) -> bool:
    """Read "prevent all ... damage that would be dealt ... this turn" into a spell's
    ``resolves``; False when the sentence is not one this module reads."""
    from pyengine.oracle.damage_replacement import _event, _recipient, _source
    from pyengine.oracle.effects import target

    m = re.fullmatch(_ALL, s)
    if not m or eff.resolves is not None:
        return False
    combat = (m.group(1) or "").strip() or None
    to, by = m.group(2), m.group(3)
    if to is not None and to.startswith("target "):
        if by is not None or eff.targets or not re.fullmatch(
                r"target (?:creature|artifact creature|planeswalker|permanent)(?: you control)?", to):
            return False
        if target(to, eff, ("object",)) is None:
            return False
        eff.resolves = {"prevent": {"event": _event(None, "affected", combat), "amount": "all"}}
        return True
    if by is not None and "target" in by:
        return False
    src = _source(by) if by is not None else None
    rec = _recipient(to) if to is not None else None
    if src is False or rec is False:
        return False
    if by is not None and src is None or to is not None and rec is None:
        return False  # "by a source", "to any target": a wording not read here
    if src is None and rec is None and combat != "combat":
        return False  # "prevent all damage that would be dealt this turn": rare, left as text
    eff.resolves = {"prevent": {"event": _event(src, rec, combat), "amount": "all"}}
    return True
