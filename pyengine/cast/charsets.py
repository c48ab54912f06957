"""The characteristics a spell may be cast with, as facts (asp/cast/forms.lp chooses among
them): the card's own after layers (``whole``) and each of its other faces as printed
(``face(N)``: a split card's halves, a modal double-faced card's back face, an Adventure), and
what a face-down spell has (708.2). Documented in asp/cast/defined.lp."""

from __future__ import annotations

from pyengine.cast.forms import own_faces
from pyengine.cast.spec import CastingSpec, spec_of
from pyengine.facts import Const, Fn
from pyengine.lang.effects import face_down_abilities
from pyengine.layers.terms import display_name
from pyengine.model.enums import FaceDown
from pyengine.model.mana import parse_cost
from pyengine.model.objects import Characteristics


def symbol_term(sym: str) -> Fn | Const:
    """A cost symbol: g(N), c(C), h(A, B) ({W/U}), h2(C) ({2/W}), p(C) ({W/P}), x."""
    low = sym.lower()
    if sym.isdigit():
        return Fn("g", int(sym))
    if low in ("x", "y", "z"):
        return Const("x")
    parts = low.split("/")
    if len(parts) == 1:
        return Fn("c", Const(low))
    if parts[1] == "p":
        return Fn("p", Const(parts[0]))
    if parts[0].isdigit():
        return Fn("h2", Const(parts[1]))
    return Fn("h", Const(parts[0]), Const(parts[1]))


def characteristics_facts(add, printed: Characteristics, ch, spec: CastingSpec):  # type: ignore[no-untyped-def]
    """Each set of characteristics the card may be cast with; returns each one's text (its term)
    with its casting spec, whose targets the caller adds."""
    kws = {k for k, _ in ch.keywords}
    if "megamorph" in kws:  # 702.37b: a variant of morph, cast face down as a morph is
        kws.add("morph")
    _charset(add, Const("whole"), ch.types, ch.colors, kws, printed.mana_cost, spec)
    _more(add, Const("whole"), ch.abilities, ch.power, ch.toughness, ch.subtypes)
    # 201.2, 709.4: a split card (and a fused split spell) has both its halves' names
    for name in ch.name.split(" // ") if ch.name else ():
        add("cs_name", Const("whole"), name.casefold())
    for kind in (FaceDown.MORPH, FaceDown.DISGUISE):  # 708.2: what each lists, 702.168b ward {2}
        for ab in face_down_abilities(kind):
            add("face_down_ability", Const(kind.value), display_name(ab))
    if printed.layout is not None:
        add("layout", Const(printed.layout))
    texts: list[tuple[Const | Fn, CastingSpec]] = [(Const("whole"), spec)]
    for n, face in own_faces(printed):
        fspec = spec_of(face.casting, face.mana_cost)
        fkws = {a.name for a in face.abilities if a.kind == "keyword"}
        _charset(add, Fn("face", n), face.types, face.colors, fkws, face.mana_cost, fspec)
        _more(add, Fn("face", n), tuple(display_name(a) for a in face.abilities), face.power, face.toughness,
              face.subtypes)
        if face.name:
            add("cs_name", Fn("face", n), face.name.casefold())
        texts.append((Fn("face", n), fspec))
    return texts


def _charset(add, s, types, colors, kws, mana_cost: str | None, spec: CastingSpec) -> None:  # type: ignore[no-untyped-def]
    """One set of characteristics a spell may have as cast (asp/cast/forms.lp)."""
    for t in types:
        add("cs_type", s, Const(t.lower()))
    for c in colors:
        add("cs_color", s, Const(c.lower()))
    for k in ("flash", "convoke", "delve", "improvise", "fuse", "morph", "disguise"):
        if k in kws:
            add("cs_kw", s, Const(k))
    if mana_cost is not None:
        add("cs_mana_cost", s)
        for i, sym in enumerate(parse_cost(mana_cost).symbols):
            add("cs_cost_sym", s, i, symbol_term(sym))
    add("cs_mv", s, parse_cost(mana_cost or "").mana_value)
    if spec.x_min is not None:
        add("cs_x_min", s, spec.x_min)


def _more(add, s, abilities, power, toughness, subtypes) -> None:  # type: ignore[no-untyped-def]
    """The subtypes, abilities and power/toughness of a set of characteristics."""
    for t in subtypes:
        add("cs_subtype", s, Const(t.lower()))
    for name in abilities:
        add("cs_ability", s, name)
    if power is not None and toughness is not None:
        add("cs_pt", s, power, toughness)


