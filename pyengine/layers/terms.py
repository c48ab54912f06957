"""Clingo terms for the layer engine's vocabulary: abilities, references, words."""

from __future__ import annotations

import re

import clingo

from pyengine.facts import Fn, term
from pyengine.model.effects import Ability, ObjRef, PlayerRef
from pyengine.model.enums import BASIC_LAND_MANA, CardType, Color, Supertype

_COLORS = set(Color.words())
_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def word(value: str) -> clingo.Symbol:
    """A characteristic word: colors, card types and supertypes are constants; subtypes,
    names and everything else are strings."""
    if value in _COLORS:
        return clingo.Function(value)
    for enum in (CardType, Supertype):
        for member in enum:
            if member.value == value:
                return clingo.Function(member.asp)
    return clingo.String(value)


def card_type(value: str) -> clingo.Symbol:
    """CardType word -> constant."""
    return clingo.Function(CardType(value).asp)


def supertype(value: str) -> clingo.Symbol:
    """Supertype word -> constant."""
    return clingo.Function(Supertype(value).asp)


def ability(ab: Ability) -> clingo.Symbol:
    """The term of an ability: kw(Name), kwp(Name, Param), static(Key), mana(Key) (CR 605.1a),
    spell(Key) (CR 113.3a), text(Key)."""
    if ab.kind == "keyword":
        if ab.param is None:
            return term(Fn("kw", ab.name))
        return term(Fn("kwp", ab.name, word(ab.param)))
    if ab.kind in ("static", "mana", "spell"):
        return term(Fn(ab.kind, ab.key))
    return term(Fn("text", ab.key))


def intrinsic(land_type: str) -> clingo.Symbol:
    """CR 305.6: the mana ability a basic land type grants."""
    return term(Fn("intrinsic", land_type))


def display_name(ab: Ability) -> str:
    """The name an ability is shown and removed by (docs/effect-language.md)."""
    if ab.kind == "keyword" and ab.param is not None:
        return param_name(ab.name, ab.param)
    return ab.name


def param_name(name: str, param: str) -> str:
    """Display name of a keyword with a parameter."""
    if name == "landwalk":
        low = param.lower()
        return f"{low} landwalk" if low in ("nonbasic", "legendary") else f"{low}walk"
    if name == "protection":
        return f"protection from {param}"
    if name == "ward" and not param.startswith("{"):
        return f"ward\u2014{param}"  # CR 702.21a: "Ward—Pay 3 life"
    return f"{name} {param}"


def intrinsic_name(land_type: str) -> str:
    """Display name of a basic land type's mana ability."""
    return f"{{T}}: Add {{{BASIC_LAND_MANA[land_type]}}}"


def player_ref(ref: PlayerRef) -> clingo.Symbol:
    """you/opponent/owner/active/nonactive/defending as constants; an id as player("id")."""
    if ref.kind == "id":
        return term(Fn("player", ref.player or ""))
    return clingo.Function(ref.kind)


def obj_ref(ref: ObjRef) -> clingo.Symbol:
    """self/it/attached as constants; an id as obj("id")."""
    if ref.kind == "id":
        return term(Fn("obj", ref.obj or ""))
    return clingo.Function(ref.kind)


def counter_kind(kind: str, keyword_names: set[str]) -> clingo.Symbol | None:
    """+1/+1 -> pt(1,1); a keyword counter -> kw(<ability term>); other kinds -> None."""
    m = _COUNTER.match(kind)
    if m:
        return term(Fn("pt", int(m.group(1)), int(m.group(2))))
    if kind.lower() in keyword_names:
        return term(Fn("kw", Fn("kw", kind.lower())))
    return None
