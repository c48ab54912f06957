"""Keyword abilities that function from a graveyard (CR 113.6m: an activated ability whose cost
or effect moves its card out of the graveyard functions only there), written out as their rules
define them (pyengine.oracle.keyword_activated) and compiled by the activated-ability template.

- Scavenge (702.97a): "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a
  number of +1/+1 counters equal to the power of the card you exiled on target creature.
  Activate only as a sorcery." The amount is the card's power as it last existed in the
  graveyard (608.2h: it left that zone as the cost was paid, 602.2b), fixed by the game as the
  cost is paid (pyengine.game.amounts.known_before_cost).
- Unearth (702.84a): "Unearth [cost]" means "[Cost]: Return this card from your graveyard to
  the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
  leave the battlefield, exile it instead of putting it anywhere else. Activate only as a
  sorcery." Written as the ability (:func:`unearth`): the move (``zone: graveyard``, 113.6m),
  a delayed triggered ability exiling it (603.7a; one that has left the battlefield since is
  left alone, 603.7c), and, on the returned permanent, haste and the replacement (614.1a) for
  as long as it is on the battlefield (611.2b: it is a new object once it has left, 400.7).
  A cost other than mana symbols stays a keyword held by name.
- Dredge (702.52a): "Dredge N" means "As long as you have at least N cards in your library, if
  you would draw a card, you may instead mill N cards and return this card from your graveyard
  to your hand." (702.52b: not with fewer than N cards): a static ability functioning
  in the graveyard (113.6m) whose optional replacement (614.1a) of one draw (121.2) mills N and
  returns the card (:func:`dredge`); "you" is the card's owner (108.4a).
- Embalm (702.128a) and eternalize (702.129a): "[Cost], Exile this card from your graveyard:
  Create a token that's a copy of this card, except it's white [black, it's 4/4], it has no mana cost,
  and it's a Zombie in addition to its other types. Activate only as a sorcery." The token's
  copiable values are the card's (707.2: a card in a graveyard or exile has its printed ones)
  with those exceptions (707.9b): written as the token's definition (111.3), the card's compiled
  abilities with it (:func:`copy_token`), only when every other paragraph of the card compiled
  and the keyword is its last paragraph (else what the token copies would be short of an
  ability: left as text).
- A triggered ability of a card in a graveyard: "Whenever a Demon you control enters, return
  this card from your graveyard to your hand." (:func:`self_back`): its effect moves its card
  out of the graveyard, so it functions only there (113.6m; the trigger engine reads that from
  the move). Not in a spell, nor in an activated ability's longer effect (whose ``zone`` the
  activated-ability template sets for its one sentence only).
"""

from __future__ import annotations

import copy
import re
from typing import Any

_UNEARTH = re.compile(r"unearth ((?:\{[^{}]+\})+)", re.I)


_DREDGE = re.compile(r"dredge (\d+)", re.I)


def dredge(text: str) -> dict[str, Any] | None:
    """"Dredge 2": 702.52a's replacement effect (its text the keyword), or None."""
    m = _DREDGE.fullmatch(text.strip())
    if not m or int(m.group(1)) < 1:
        return None
    n = int(m.group(1))
    instead = [{"kind": "mill", "object": {"top_of": "you"}, "count": n, "from": "library", "to": "graveyard",
                "cause": "mill"},
               {"kind": "move", "object": "self", "from": "graveyard", "to": "hand", "cause": "effect"}]
    return {"text": f"Dredge {n}",
            "static": {"replace": {"event": {"kind": "draw", "player": "you", "library": {"gte": n}},
                                   "optional": True, "instead": instead, "zones": ["graveyard"]}}}


_BACK = re.compile(r"return (?:this card|SELF) from your graveyard to (your hand|the battlefield)( tapped)?")


def self_back(s: str, eff: Any, spell: bool) -> bool:
    """"return this card from your graveyard to your hand / to the battlefield [tapped]" as a
    triggered ability's instruction: ``{kind: move, object: self, from: graveyard, to: ...}``."""
    m = _BACK.fullmatch(s.strip())
    if not m or spell or eff.ability or eff.from_graveyard or eff.cast:
        return False
    if m.group(1) == "your hand" and m.group(2):
        return False
    ev: dict[str, Any] = {"kind": "move", "object": "self", "from": "graveyard",
                          "to": "hand" if m.group(1) == "your hand" else "battlefield"}
    if m.group(2):
        ev["tapped"] = True
    eff.do.append(ev)
    return True


def unearth(text: str) -> dict[str, Any] | None:
    """"Unearth {B}": 702.84a's activated ability (its text the keyword), or None."""
    m = _UNEARTH.fullmatch(text.strip())
    if not m:
        return None
    back = {"kind": "move", "object": "self", "from": "graveyard", "to": "battlefield"}
    gone = {"kind": "delayed", "at": {"step": "end"},
            "do": [{"kind": "move", "object": "self", "from": "battlefield", "to": "exile"}]}
    kept = {"add_abilities": ["haste"],
            "replace": {"event": {"kind": "leave", "object": "self"}, "to": "exile"}}
    return {"activated": {"cost": m.group(1), "zone": "graveyard", "do": [back, gone], "resolves": kept,
                          "duration": "while_source_on_battlefield", "timing": "sorcery"},
            "text": text.strip()[:1].upper() + text.strip()[1:]}


_COPY = re.compile(r"Create a token that's a copy of (?:this card|SELF), except it's (white|black)"
                   r"(, it's 4/4)?, it has no mana cost, and it's a Zombie in addition to its other types\.")


def copy_token(body: str, card: dict[str, Any]) -> dict[str, Any] | None:
    """702.128a's (white) or 702.129a's (black, 4/4) token, ``{do: [{kind: create_tokens,
    token: DEFINITION}]}``, or None when the card's copiable values aren't all known here."""
    from pyengine.oracle.compile import paragraphs

    m = _COPY.fullmatch(body.strip())
    base, clauses, compiled = card.get("base"), card.get("clauses"), card.get("compiled")
    if not m or base is None or clauses is None or compiled is None:
        return None
    eternal = m.group(1) == "black"
    if (m.group(2) is not None) != eternal:
        return None
    pars = paragraphs(str(card.get("text") or ""))
    last = re.sub(r"\s*\(.*\)$", "", pars[-1]).strip() if pars else ""
    keyword = "Eternalize" if eternal else "Embalm"
    if not re.fullmatch(rf"{keyword} (?:\{{[^{{}}]+\}})+", last) or len(clauses) != len(pars) - 1:
        return None  # the keyword on a line of its own, the card's last (its other abilities all known)
    if any(c.template is None or "(text)" in c.template for c in clauses):
        return None  # an ability (or a type) not read: the copy would be short of it
    power, toughness = (4, 4) if eternal else (base.get("power"), base.get("toughness"))
    if not isinstance(power, int) or not isinstance(toughness, int) or \
            "Creature" not in base.get("types", ()):
        return None
    token: dict[str, Any] = {"name": base["name"], "types": list(base["types"])}
    if base.get("supertypes"):
        token["supertypes"] = list(base["supertypes"])
    subtypes = list(base.get("subtypes", ()))
    token["subtypes"] = subtypes if "Zombie" in subtypes else [*subtypes, "Zombie"]
    token.update(colors=["black" if eternal else "white"], power=power, toughness=toughness)
    # 707.2: its abilities (the keyword too, which functions only in a graveyard, 113.6m)
    token["abilities"] = [*copy.deepcopy(compiled), {"text": last}]
    return {"do": [{"kind": "create_tokens", "token": token}]}


def scavenged(counter: str | None, on: Any, eff: Any) -> bool:
    """702.97a's instruction into ``eff``: ``{kind: counters, target: REF, counter: KIND,
    amount: {power_of: self}}`` (``self``: the ability's source, the card the cost exiled), or
    False for a counter kind or object not read."""
    if counter is None or not isinstance(on, str) or on == "self":
        return False
    eff.do.append({"kind": "counters", "target": on, "counter": counter, "amount": {"power_of": "self"}})
    return True
