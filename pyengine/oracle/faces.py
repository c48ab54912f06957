"""The faces of a transforming double-faced card in the card data (CR 712): a scenario object
naming the front face of a ``transform`` card (712.2) holds its back face, compiled from the
card data's own Oracle text, as the object's other face, so an instruction to transform it
turns it over (701.27a, 712.8d-e). A modal double-faced card (712.3) never transforms (701.27c):
it has no other face here."""

from __future__ import annotations

from typing import Any

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


_busy: set[str] = set()  # the faces being checked (each face's check compiles the other)


def refused_clauses(card: Any, clauses: tuple[Any, ...], compiled: dict[str, Any]) -> tuple[Any, ...]:
    """The clauses of a transforming card's face (712.2) with each paragraph that transforms
    it (daybound and nightbound too, 702.145c, 702.145f), or triggers as it transforms, left
    unrecognised when its other face has a triggered
    ability held only as text: a game turning that face up can't tell when the ability
    triggers (603.1; pyengine.game.keyword_faces refuses it), so the paragraph can't run."""
    import re

    from pyengine.oracle import data
    from pyengine.oracle.compile import Clause, compile_card
    from pyengine.oracle.execute import text_triggers

    words = compiled.get("abilities", ())
    day_night = any(w in words for w in ("daybound", "nightbound"))  # 702.145c, 702.145f: they transform it
    if card.layout != "transform" or len(card.faces) != 2 or card.name in _busy or \
            "transform" not in repr(words) and not day_night:
        return clauses
    other = card.faces[1] if card.name == card.faces[0] else card.faces[0]
    face = data.load().get(other.lower())
    if face is None:
        return clauses
    _busy.add(other)  # its own paragraphs only: not checked against this face in turn
    try:
        got = compile_card(face)
    finally:
        _busy.discard(other)
    if got is None or not text_triggers(got):
        return clauses
    why = f"its other face, {other}, has a triggered ability held only as text (CR 603.1)"
    return tuple(Clause(c.text, None, why) if c.template is not None and
                 re.search(r"\btransform|^(day|night)bound\b", c.text, re.I) else c for c in clauses)


def front_face(name: str) -> Characteristics | None:
    """The front face of the transforming double-faced card whose back face is ``name`` (None:
    not the back face of a transforming card in the card data): a permanent named by its back
    face is that card transformed (701.27g), its mana value its front face's (712.8e)."""
    from pyengine import oracle
    from pyengine.oracle import data

    found = data.load().get(name.strip().lower())
    if found is None or found.layout != "transform" or len(found.faces) != 2 \
            or found.name != found.faces[1]:
        return None
    front = oracle.card(found.faces[0])
    return None if front is None else front.characteristics
