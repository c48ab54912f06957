"""Activated keyword abilities (CR 702) written out as the rule defines them, then compiled
by the activated-ability template like a printed "[Cost]: [Effect.]" paragraph; the ability
keeps the keyword as its text ("Equip {2}").

- Equip (702.6a): "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
  control. Activate only as a sorcery."; "Equip [quality] [cost]" and "Equip [quality]
  creature [cost]" target only a creature you control with that quality (702.6c); the cost
  may follow a dash ("Equip—Pay 3 life."); "Activate only once each turn." after it joins
  the restriction (602.5b). "Equip planeswalker" (702.6e), "Equip commander" and the
  qualities a selector doesn't read stay keywords held by name.
- Crew (702.122a): "Crew N" means "Tap any number of other untapped creatures you control
  with total power N or greater: This permanent becomes an artifact creature until end of
  turn." (the cost part read by pyengine.model.activated.parse_cost; 205.1b: it keeps its
  other types). "Crew N. Activate only once each turn." and the crew abilities' triggers
  ("becomes crewed", 702.122d) are not read here.
"""

from __future__ import annotations

import re

# CR 702.xa: what each activated keyword means, word for word ("[Cost]": the keyword's cost)
DEFINITIONS = {
    "equip": "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery.",
    "crew": ("Tap any number of other untapped creatures you control with total power N or greater: This "
             "permanent becomes an artifact creature until end of turn."),
}
_CREW = re.compile(r"crew (\d+)", re.I)

# "Equip {2}", "Equip legendary creature {3}", "Equip Knight {1}", "Equip—Pay 3 life."
_EQUIP = re.compile(r"equip(?: (?P<q>[a-z][\w' -]*?))?(?: (?P<mana>(?:\{[^{}]+\})+)|\u2014(?P<cost>[^.]+)\.?)"
                    r"(?P<once>\.? Activate only once each turn\.)?", re.I)


def definition(text: str) -> str | None:
    """The ability an activated keyword line item means, in words the activated-ability
    template reads (SELF: this permanent, 201.5a), or None."""
    m = _CREW.fullmatch(text.strip())
    if m:  # 702.122a
        return DEFINITIONS["crew"].replace("N", m.group(1))
    m = _EQUIP.fullmatch(text.strip())
    if not m:
        return None
    quality = (m.group("q") or "").strip()
    if quality.lower() in ("planeswalker", "creature or planeswalker", "commander"):
        return None  # 702.6e "as though that planeswalker were a creature"; a commander (903.3)
    quality = quality.removesuffix(" creature")
    written = DEFINITIONS["equip"].replace("[Cost]", m.group("mana") or m.group("cost"))
    if quality:  # 702.6c: "target [quality] creature you control"
        written = written.replace("target creature", f"target {quality} creature")
    if m.group("once"):  # 602.5b, joined to the keyword's own restriction
        written = written.replace("as a sorcery.", "as a sorcery and only once each turn.")
    return written
