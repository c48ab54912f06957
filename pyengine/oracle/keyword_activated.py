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
- Typecycling (702.29e): "[Type]cycling [cost]" means "[Cost], Discard this card: Search your
  library for a [type] card, reveal it, and put it into your hand. Then shuffle your library."
  (activated from the hand, 113.6m). Only a basic land type is read as the type
  ("forestcycling"); another type word ("wizardcycling", "slivercycling"), or a cost other
  than mana, stays a keyword held by name.
"""

from __future__ import annotations

import re

# CR 702.xa: what each activated keyword means, word for word ("[Cost]": the keyword's cost)
DEFINITIONS = {
    "equip": "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery.",
    "typecycling": ("[Cost], Discard this card: Search your library for a [type] card, reveal it, and put "
                    "it into your hand. Then shuffle your library."),
    "scavenge": ("[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal to the "
                 "power of the card you exiled on target creature. Activate only as a sorcery."),
    # 702.128a, 702.129a (read by pyengine.oracle.keyword_graveyard.copy_token)
    "embalm": ("[Cost], Exile this card from your graveyard: Create a token that's a copy of this card, "
               "except it's white, it has no mana cost, and it's a Zombie in addition to its other types. "
               "Activate only as a sorcery."),
    "eternalize": ("[Cost], Exile this card from your graveyard: Create a token that's a copy of this "
                   "card, except it's black, it's 4/4, it has no mana cost, and it's a Zombie in addition to "
                   "its other types. Activate only as a sorcery."),
    "crew": ("Tap any number of other untapped creatures you control with total power N or greater: This "
             "permanent becomes an artifact creature until end of turn."),
}
_COPIED = re.compile(r"(embalm|eternalize) ((?:\{[^{}]+\})+)", re.I)
_SCAVENGE = re.compile(r"scavenge ((?:\{[^{}]+\})+)", re.I)
_CREW = re.compile(r"crew (\d+)", re.I)
# 702.29e: the types read ("Plainscycling {2}")
_TYPECYCLING = re.compile(r"(plains|island|swamp|mountain|forest)cycling ((?:\{[^{}]+\})+)", re.I)

# "Equip {2}", "Equip legendary creature {3}", "Equip Knight {1}", "Equip—Pay 3 life."
_EQUIP = re.compile(r"equip(?: (?P<q>[a-z][\w' -]*?))?(?: (?P<mana>(?:\{[^{}]+\})+)|\u2014(?P<cost>[^.]+)\.?)"
                    r"(?P<once>\.? Activate only once each turn\.)?", re.I)


def definition(text: str) -> str | None:
    """The ability an activated keyword line item means, in words the activated-ability
    template reads (SELF: this permanent, 201.5a), or None."""
    m = _TYPECYCLING.fullmatch(text.strip())
    if m:  # 702.29e
        kind = m.group(1).capitalize()
        written = DEFINITIONS["typecycling"].replace("[Cost]", m.group(2)).replace("[type]", kind)
        # in the words of today's Oracle reminder text, which the search template reads (701.23a,
        # 701.24a: the same search, reveal, put and shuffle)
        return written.replace(", and put it into your hand. Then shuffle your library.",
                               ", put it into your hand, then shuffle.")
    m = _COPIED.fullmatch(text.strip())
    if m:  # 702.128a, 702.129a
        return DEFINITIONS[m.group(1).lower()].replace("[Cost]", m.group(2))
    m = _SCAVENGE.fullmatch(text.strip())
    if m:  # 702.97a
        return DEFINITIONS["scavenge"].replace("[Cost]", m.group(1))
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
