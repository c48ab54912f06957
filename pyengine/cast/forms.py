"""The forms a card may be cast in (asp/cast/forms.lp decides which are legal): the words a
proposal and a verdict use for them, the clingo terms, and the faces a card has beyond its own
characteristics (docs/effect-language.md, "Card faces")."""

from __future__ import annotations

from pyengine.facts import Const, Fn
from pyengine.model.objects import Characteristics

# 702.102 (fused), 702.103 (bestowed), 702.37 and 702.168 (cast face down)
KEYWORD_FORMS = ("fused", "bestowed", "morph", "disguise")
# the proposal's words -> the terms of given_form/1 and as_form/1
FORM_TERMS = {"whole": Const("whole"), "face1": Fn("face", 1), "face2": Fn("face", 2),
              "fused": Const("fused"), "bestowed": Const("bestowed"),
              "morph": Fn("face_down", Const("morph")), "disguise": Fn("face_down", Const("disguise"))}
# as_form/1's terms as clingo prints them -> the words
FORM_WORDS = {"whole": "whole", "face(1)": "face1", "face(2)": "face2", "fused": "fused",
              "bestowed": "bestowed", "face_down(morph)": "morph", "face_down(disguise)": "disguise"}


def own_faces(printed: Characteristics) -> list[tuple[int, Characteristics]]:
    """The faces whose characteristics are not the card's own: both halves of a split card, the
    back face of a modal double-faced card, an adventurer card's Adventure (1 is the first)."""
    if not printed.faces:
        return []
    if printed.layout == "split":
        return list(enumerate(printed.faces, 1))
    return [(2, printed.faces[1])]


def form_names(printed: Characteristics) -> dict[str, str]:
    """The names a proposal may cast the card as, with their forms: the card's own name, each
    half of a split card (709.3), a modal double-faced card's faces (712.11b), an adventurer
    card's creature and Adventure (715.3)."""
    names = {printed.name: "whole"}
    if printed.layout == "split":
        names |= {f.name: f"face{n}" for n, f in enumerate(printed.faces, 1)}
    elif printed.faces:
        names = {printed.faces[0].name: "whole", printed.faces[1].name: "face2"}
    return names


def face_name(printed: Characteristics, form: str) -> str:
    """The name the spell has as cast in ``form`` (709.3b, 712.8f, 715.3b; 702.102b both
    halves' names; 708.2a: a face-down spell has none)."""
    if form in ("morph", "disguise"):
        return ""
    if form in ("face1", "face2"):
        return printed.faces[int(form[4:]) - 1].name
    return printed.name
