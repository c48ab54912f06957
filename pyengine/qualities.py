"""Qualities (CR 702.16a) as terms, and the facts of the shared encodings that decide them
(asp/common/qualities.lp: "does S have quality Q", "does H have protection from S";
asp/common/targeting.lp: "can O be the target of a spell or ability from S controlled by P";
schema asp/common/defined.lp).

Python only reads words here: which quality a protection ability names. Whether an object
has it, and what protection, hexproof and shroud then forbid, is decided by the encodings,
which combat (evasion, 702.16f), damage prevention (702.16e) and targeting (702.16b, 702.11,
702.18) share.

A quality is (kind, value):

=============== ====================================== ====================================
kind            value                                  written
=============== ====================================== ====================================
color           a color word                           ``red``
type            a card type (205.2a)                   ``creatures``, ``artifact``
supertype       a supertype (205.4a)                   ``legendary``
subtype         a subtype (205.3)                      ``Goblins``, ``Wolves``, ``Wall``
player          a player id (702.16k)                  ``bob``
opponents       each opponent (702.16i)                ``each opponent``, ``each of your opponents``
name            a card name (702.16a: only when said)  ``named Lightning Bolt``
everything      (702.16j)                              ``everything``
multicolored,   the number of colors (105.2)           ``multicolored``, ``monocolored``,
monocolored,                                           ``colorless``
colorless
=============== ====================================== ====================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pyengine import facts as F
from pyengine.errors import UnsupportedQuery
from pyengine.model import subtypes as subtype_table
from pyengine.model.enums import CardType, Color, Supertype

Quality = tuple[str, str]

SCHEMA = {
    "q_object": 1, "q_player": 1, "q_controller": 2, "q_owner": 2, "q_color": 2, "q_type": 2,
    "q_supertype": 2, "q_subtype": 2, "q_name": 2, "q_protection": 2, "q_hexproof": 1,
    "q_hexproof_from": 2, "q_shroud": 1, "q_target": 3,
}
for _name, _arity in SCHEMA.items():
    F.declare(_name, _arity)

WORD_KINDS = ("everything", "multicolored", "monocolored", "colorless")
OPPONENT_WORDS = ("each opponent", "each of your opponents", "your opponents", "opponents")
# characteristic words that are constants in the encodings: card types, supertypes, colors
_CONSTS = {m.value: F.Const(m.asp) for enum in (Color, Supertype, CardType) for m in enum}


def word(value: str) -> F.Const | str:
    """A characteristic word: card types, supertypes and colors are constants, anything else
    (subtypes, names) a string."""
    return _CONSTS.get(value, value)


def _singulars(word_: str) -> list[str]:
    """``word_`` and its possible singulars (Goblins, Sorceries, Wolves, Dwarves)."""
    out = [word_]
    low = word_.lower()
    if low.endswith("ies"):
        out.append(word_[:-3] + "y")
    if low.endswith("ves"):
        out.append(word_[:-3] + "f")
    if low.endswith("es"):
        out.append(word_[:-2])
    if low.endswith("s"):
        out.append(word_[:-1])
    return out


def parse(param: str | None, players: Iterable[str]) -> Quality:
    """CR 702.16a: the quality a protection (or hexproof-from) ability names, from the words
    after "from". A card name counts only when the ability says it is a name (``named X``).
    An unknown quality is an error: never a silent "no protection"."""
    text = " ".join((param or "").split())
    low = text.lower()
    if low in WORD_KINDS:
        return (low, "")
    if low in OPPONENT_WORDS:
        return ("opponents", "")
    if low.startswith("named ") and text[len("named "):].strip():
        return ("name", text[len("named "):].strip())
    if text in tuple(players):
        return ("player", text)
    for c in Color:
        if low == c.value:
            return ("color", c.value)
    for cand in _singulars(low):
        for t in CardType:
            if cand == t.value.lower():
                return ("type", t.value)
        for s in Supertype:
            if cand == s.value.lower():
                return ("supertype", s.value)
    for cand in _singulars(text):
        if subtype_table.is_subtype(cand[:1].upper() + cand[1:].lower()):
            return ("subtype", cand[:1].upper() + cand[1:].lower())
    raise UnsupportedQuery(
        f"protection from {text!r}: not a quality pyengine reads; expected a color, a card type, "
        "a supertype, a subtype, a player, each opponent, named <card name>, everything, "
        "multicolored, monocolored or colorless (CR 702.16a)")


def term(quality: Quality, player: Callable[[str], F.Value]) -> F.Value:
    """The quality as a term of asp/common/qualities.lp; ``player`` makes the engine's term
    for a player id (combat: the id, replacement: ``p(id)``)."""
    kind, value = quality
    if kind in WORD_KINDS or kind == "opponents":
        return F.Const(kind)
    if kind == "player":
        return F.Fn("player", player(value))
    if kind in ("color", "type", "supertype"):
        return F.Fn(kind, word(value))
    if kind in ("subtype", "name"):
        return F.Fn(kind, value)
    raise ValueError(f"not a quality kind: {kind!r}")


def object_facts(add: Callable[..., None], obj: F.Value, *, name: str, colors: Iterable[str],
                 types: Iterable[str], subtypes: Iterable[str], supertypes: Iterable[str],
                 controller: F.Value | None, owner: F.Value | None) -> None:
    """The characteristics asp/common/qualities.lp reads of one object (after layers), through
    ``add(predicate, *args)``. ``controller`` is None for an object no player controls (only
    permanents and objects on the stack have controllers, CR 108.4a)."""
    add("q_object", obj)
    if name:
        add("q_name", obj, name)
    for c in sorted(colors):
        add("q_color", obj, word(c))
    for t in sorted(types):
        add("q_type", obj, word(t))
    for t in sorted(subtypes):
        add("q_subtype", obj, t)
    for t in sorted(supertypes):
        add("q_supertype", obj, word(t))
    if controller is not None:
        add("q_controller", obj, controller)
    if owner is not None:
        add("q_owner", obj, owner)
