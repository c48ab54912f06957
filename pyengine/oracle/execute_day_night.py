"""Generated games for daybound and nightbound (CR 702.145, 730): the card crosses a turn
boundary and the untap step's check (502.2) turns it over.

- Daybound (a front face): the card, front face up, is on alice's battlefield in her
  postcombat main phase of turn 3 (no "at the beginning of combat" ability of it triggers). As
  the game begins it becomes day (702.145d). No spell is cast in the rest of her turn, so as
  bob's untap step of turn 4 begins it becomes night (730.2a) and the card transforms at once
  (702.145c): the game expects day, then night with the card back face up (its back face's
  name).
- Nightbound (a back face): the card is on alice's battlefield transformed (named by its back
  face, 701.27g) and the game begins at night, in bob's precombat main phase of turn 2; bob
  casts two Lightning Bolts at alice, so as alice's untap step of turn 3 begins it becomes day
  (730.2b) and the card transforms at once (702.145f): the game expects night, then day with
  the card front face up (its front face's name) and alice at 14 life (20 - 3 - 3).
"""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle.compile import Compiled


def word(card: Compiled) -> str | None:
    """"daybound" or "nightbound" when the card's compiled abilities hold it."""
    abilities = card.card.get("abilities", ())
    return next((w for w in ("daybound", "nightbound") if w in abilities), None)


def _bolts() -> list[dict[str, Any]]:
    """Two Lightning Bolts in bob's hand."""
    return [{"id": f"dn_bolt{i}", "card": "Lightning Bolt", "owner": "bob", "zone": "hand"} for i in (1, 2)]


def _faces(name: str) -> tuple[str, str] | None:
    from pyengine.oracle.execute_faces import _faces as faces

    return faces(name)


def day_night_doc(card: Compiled) -> dict[str, Any] | None:
    """The generated game of the card's daybound or nightbound ability (None: not made)."""
    from pyengine.oracle.execute_triggers import _doc

    kw = word(card)
    faces = _faces(card.name)
    if kw is None or faces is None or "Creature" not in card.card.get("types", ()):
        return None
    front, back = faces
    if kw == "daybound" and card.name == front:
        me = {"id": "card", "card": front, "controller": "alice", "timestamp": 20}
        doc = _doc(card, [me], [{"checkpoint": "day"}, {"advance": {"step": "upkeep", "turn": 4}}],
                   "alice", "postcombat_main")
        doc["query"]["script"][-1] = {"checkpoint": "night"}
        doc["expect"] = {"checkpoints": {
            "day": {"day_night": "day", "objects": {"card": {"transformed": False, "name": front}}},
            "night": {"day_night": "night", "objects": {"card": {"transformed": True, "name": back}}}}}
    elif kw == "nightbound" and card.name == back:
        me = {"id": "card", "card": back, "controller": "alice", "timestamp": 20}
        bolts = _bolts()
        script: list[Any] = [{"checkpoint": "night"}]
        for b in bolts:
            script += [{"stack": {"object": b["id"], "controller": "bob", "targets": ["alice"]}}, "resolve"]
        script.append({"advance": {"step": "upkeep", "turn": 3}})
        doc = _doc(card, [me, *bolts], script, "bob", "precombat_main", number=2)
        doc["query"]["script"][-1] = {"checkpoint": "day"}
        doc["day_night"] = "night"
        doc["expect"] = {"checkpoints": {
            "night": {"day_night": "night", "objects": {"card": {"transformed": True, "name": back}}},
            "day": {"day_night": "day", "life": {"alice": 14},
                    "objects": {"card": {"transformed": False, "name": front}}}}}
    else:
        return None
    doc["title"] = f"{card.name}: {kw} across a turn"
    doc["cr"] = ["702.145", "730.2a" if kw == "daybound" else "730.2b"]
    return doc


def daybound(front: str) -> bool:
    """Whether the compiled face ``front`` has daybound."""
    from pyengine import oracle

    got = oracle.compiled(front)
    return got is not None and "daybound" in got.card.get("abilities", ())


def bound_face_game(card: Compiled, front: str, back: str) -> dict[str, Any] | None:
    """The game of a "when SELF transforms into SELF" ability of a face of a card whose front
    face has daybound (:func:`daybound`). It can't transform except due to
    daybound or nightbound (702.145b, 702.145e), so the untap step turns it over: into the back
    face, day becomes night after alice's turn 3 without spells (730.2a); into the front face,
    night becomes day after bob casts two Lightning Bolts in his turn 2 (730.2b). The ability
    triggers (603.2) and resolves in the upkeep that follows (503.1a)."""
    from pyengine.oracle.execute_triggers import _doc

    if card.name == back:
        me = {"id": "card", "card": front, "controller": "alice", "timestamp": 20}
        return _doc(card, [me], [{"advance": {"step": "upkeep", "turn": 4}}, "resolve"], "alice",
                    "postcombat_main")
    me = {"id": "card", "card": back, "controller": "alice", "timestamp": 20}
    bolts = _bolts()
    script: list[Any] = []
    for b in bolts:
        script += [{"stack": {"object": b["id"], "controller": "bob", "targets": ["alice"]}}, "resolve"]
    doc = _doc(card, [me, *bolts], [*script, {"advance": {"step": "upkeep", "turn": 3}}, "resolve"], "bob",
               "precombat_main", number=2)
    doc["day_night"] = "night"
    return doc


def run_day_night(card: Compiled, timeout: float = 60.0) -> tuple[bool, str]:
    """Run the card's day/night game: (True, "") when it passes or the card has neither word."""
    from pyengine.oracle.execute import run_generated

    if word(card) is None:
        return True, ""
    doc = day_night_doc(card)
    if doc is None:
        return False, "no day/night game is made for this card"
    text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
    scenario, why = run_generated(text, f"<generated day/night game: {card.name}>", timeout)
    return scenario is not None, why
