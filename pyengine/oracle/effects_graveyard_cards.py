"""Cards moved out of graveyards by an effect's own words (CR 404, 115.2: an effect may target
a card in a graveyard when it says so; 608.2b: the target is illegal once it has left that
graveyard, and a card that changed zones is a new object, 400.7).

Targets: "exile target card from a graveyard" (701.13a, 406), "exile target creature card
from an opponent's graveyard", "return target instant or sorcery card from your graveyard to
your hand", "return target creature card with mana value 3 or less from your graveyard to the
battlefield [tapped]", "put target card from a graveyard on the bottom of its owner's library"
(401.4), "put target creature card from a graveyard onto the battlefield under your control"
(110.2a: it enters under that player's control). A graveyard is "a" (any player's), "your"
(the controller's: the card's owner is the player, 404.1) or "an opponent's". The target is a
selector with ``zone: graveyard`` and ``owner``; a spell's (601.2c) also a casting target,
whose ``what`` reads card types only (casting's ``controller`` of a card in a graveyard is its
owner), so a spell with a mana value bound is left unread.

The ability's own card: "{2}{B}: Return this card from your graveyard to your hand / to the
battlefield [tapped]" functions only in the graveyard (113.6m; :func:`self_from_graveyard`,
the activated ability's ``zone: graveyard``).

Not read (left as text): "up to N target ... cards", "from a single graveyard" (several
targets in one graveyard, 115.3's one instance), "target player's graveyard" (every card of
it), "that was put there this turn". A triggered ability of a card in a graveyard ("Whenever ...,
return this card from your graveyard ...", 113.6m) is read by
pyengine.oracle.keyword_graveyard.self_back."""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle import phrases as P

_KIND = (r"(?:(artifact|creature|enchantment|land|permanent|planeswalker|instant|sorcery|"
         r"instant or sorcery|artifact or creature|artifact or enchantment|creature or planeswalker|"
         r"noncreature|nonland) )?")
_MV = r"(?: with mana value (\d+) or less)?"
_WHOSE = r"(a|your|an opponent's)"
_FORMS = (
    (re.compile(rf"exile target {_KIND}card{_MV} from {_WHOSE} graveyard"), "exile"),
    (re.compile(rf"return target {_KIND}card{_MV} from (your) graveyard to your hand"), "hand"),
    (re.compile(rf"return target {_KIND}card{_MV} from (your) graveyard to the battlefield( tapped)?"),
     "battlefield"),
    (re.compile(rf"put target {_KIND}card{_MV} from {_WHOSE} graveyard on the bottom of its owner's library"),
     "bottom"),
    (re.compile(rf"put target {_KIND}card{_MV} from {_WHOSE} graveyard onto the battlefield "
                r"under your control"), "yours"),
)
# card types of which no card is an Aura (303.4f: an Aura put onto the battlefield without
# being cast is attached to what its player chooses, which the game doesn't follow)
_NO_AURA = ("artifact", "creature", "land", "planeswalker", "artifact or creature",
            "creature or planeswalker")
_OWNER = {"a": None, "your": "you", "an opponent's": "opponent"}
_SPELL_TYPES = {"instant": "Instant", "sorcery": "Sorcery"}


def _types(kind: str | None) -> dict[str, Any] | None:
    """The card-type part of the selector for the words before "card" (205.2a)."""
    if not kind:
        return {}
    if kind == "permanent":  # 110.4b: a permanent card: one of the permanent types
        return {"any_types": list(P.PERMANENT_TYPES)}
    table = {**P.CARD_TYPES, **_SPELL_TYPES}
    if kind.startswith("non"):
        return {"not_types": [table[kind[3:]]]}
    words = kind.split(" or ")
    if len(words) == 2:
        return {"any_types": [table[w] for w in words]}
    return {"types": [table[kind]]}


def graveyard_target(s: str, eff: Any, spell: bool) -> bool:
    """Read one of the sentences above into ``eff`` (its target, then the move), or False."""
    s = s.strip()
    found = next(((m, dest) for form, dest in _FORMS if (m := form.fullmatch(s))), None)
    if found is None:
        return False
    m, dest = found
    kind, most, whose = m.group(1), m.group(2), m.group(3)
    if dest in ("battlefield", "yours") and kind not in _NO_AURA:
        return False  # it may be an Aura, whose player chooses what it enchants (303.4f): not followed
    types = _types(kind)
    if types is None or (spell and not eff.ability and most is not None):
        return False  # casting reads no mana value (601.2c here): a spell's target left unread
    sel: dict[str, Any] = {"zone": "graveyard", **types}
    owner = _OWNER[whose]
    if owner is not None:
        sel["owner"] = owner
    if most is not None:
        sel["mana_value"] = {"lte": int(most)}
    what: dict[str, Any] = {"zone": "graveyard", **types}
    if owner is not None:  # a card in a graveyard: casting's controller is its owner
        what["controller"] = owner
    tid = (kind or "card").split()[0]
    if tid in {c["id"] for c in eff.casting}:
        tid = f"{tid}{len(eff.casting) + 1}"
    eff.targets.append({"obj": sel})
    eff.casting.append({"id": tid, "what": what})
    ev: dict[str, Any] = {"kind": "move", "object": eff.ref(), "from": "graveyard"}
    if dest == "exile":
        ev["to"] = "exile"  # 701.13a
    elif dest == "hand":
        ev["to"] = "hand"
    elif dest == "bottom":  # 401.4: its owner's library, on the bottom
        ev.update(to="library", position="bottom")
    elif dest == "yours":  # 110.2a: under the control of the effect's controller
        ev.update(to="battlefield", control="you")
    else:
        ev["to"] = "battlefield"  # 110.2a: its owner's control here (the owner is "you")
        if m.group(4):
            ev["tapped"] = True
    eff.do.append(ev)
    return True


_SELF = re.compile(r"return (?:this card|SELF) from your graveyard to (your hand|the battlefield)( tapped)?")


def self_from_graveyard(body: str, subtypes: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """An activated ability's effect "Return this card from your graveyard to your hand." /
    "... to the battlefield [tapped].": ``{do, zone: graveyard}`` (113.6m: it functions only in
    the graveyard; activated by the card's owner, 108.4a), or None (an Aura to the battlefield,
    303.4f, is not followed)."""
    m = _SELF.fullmatch(body.strip().rstrip(".")[:1].lower() + body.strip().rstrip(".")[1:])
    if not m or m.group(1) == "your hand" and m.group(2):
        return None
    if m.group(1) == "the battlefield" and "Aura" in subtypes:
        return None
    ev: dict[str, Any] = {"kind": "move", "object": "self", "from": "graveyard",
                          "to": "hand" if m.group(1) == "your hand" else "battlefield"}
    if m.group(2):
        ev["tapped"] = True
    return {"do": [ev], "zone": "graveyard"}
