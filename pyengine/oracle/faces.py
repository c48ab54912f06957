"""The faces of a transforming double-faced card in the card data (CR 712): a scenario object
naming the front face of a ``transform`` card (712.2) holds its back face, compiled from the
card data's own Oracle text, as the object's other face, so an instruction to transform it
turns it over (701.27a, 712.8d-e). A modal double-faced card (712.3) never transforms (701.27c):
it has no other face here."""

from __future__ import annotations

from pyengine.model.objects import Characteristics


def back_face(name: str) -> Characteristics | None:
    """The back face of the transforming double-faced card whose front face is ``name``
    (None: not the front face of a transforming card in the card data)."""
    from pyengine import oracle
    from pyengine.oracle import data

    found = data.load().get(name.strip().lower())
    if found is None or found.layout != "transform" or len(found.faces) != 2 \
            or found.name != found.faces[0]:
        return None
    back = oracle.card(found.faces[1])
    return None if back is None else back.characteristics
