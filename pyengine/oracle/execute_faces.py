"""Generated games for the abilities that trigger on a permanent's faces (CR 603.2;
pyengine.oracle.trigger_faces): the card is on alice's battlefield and the event happens.

- "When SELF is turned face up": the card is face down, as a morph or disguise when it has that
  keyword (702.37c, 702.168b), else as a manifested creature card (701.40a); alice has the mana
  of the cost of turning it face up in her pool and turns it face up (116.2b: a special action;
  702.37e, 702.168d, 701.40b). The ability triggers (708.8) and resolves.
- "When SELF transforms into SELF": the card's object is its front face holding its back face
  (712.2, pyengine.oracle.faces); the script transforms it (701.27a) into the face whose ability
  it is (twice for the front face: to the back face and back, 712.8d), and the ability resolves.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.compile import Compiled

# alice's postcombat main phase: no ability "at the beginning of your first main phase" of the
# card triggers as the game begins (505.1, 603.2b)
_STEP = "postcombat_main"
# the keyword -> what turned it face down (702.37c, 702.168b; 702.37b: megamorph is morph)
_FACE_DOWN = {"morph": "morph", "megamorph": "morph", "disguise": "disguise"}


def _face_up_cost(card: Compiled) -> tuple[str, str] | None:
    """(face-down kind, the pool mana paying the cost of turning it face up): its morph or
    disguise cost, else (a cost the game doesn't pay yet) as a manifested creature card its
    mana cost (701.40b); None when none is made here."""
    from pyengine.cast.special import unsupported

    found: list[tuple[str, str]] = []
    for a in card.card.get("abilities", ()):
        if isinstance(a, dict):
            found += [(_FACE_DOWN[k], a[k]) for k in _FACE_DOWN if isinstance(a.get(k), str)]
    cost = card.card.get("mana_cost")
    if "Creature" in card.card.get("types", ()) and cost:  # 701.40b: its mana cost
        found.append(("manifest", cost))
    for kind, cost in found:
        pool = _pool(cost)
        if pool is not None and unsupported(cost) is None:
            return kind, pool
    return None


def _pool(cost: str) -> str | None:
    """The pool mana that pays ``cost`` one way only: its symbols as written, a two-color
    hybrid symbol by its first color (107.4e); None for X, Phyrexian, snow or {2/W} costs."""
    out = ""
    for sym in re.findall(r"\{([^}]*)\}", cost):
        if re.fullmatch(r"\d+|[WUBRGC]", sym):
            out += f"{{{sym}}}"
        elif re.fullmatch(r"[WUBRG]/[WUBRG]", sym):
            out += f"{{{sym[0]}}}"
        else:
            return None
    return out


def _faces(name: str) -> tuple[str, str] | None:
    """(front, back) of the transforming double-faced card with a face ``name``."""
    from pyengine.oracle import data

    found = data.load().get(name.strip().lower())
    if found is None or found.layout != "transform" or len(found.faces) != 2:
        return None
    return found.faces[0], found.faces[1]


def face_game(card: Compiled, kind: str) -> dict[str, Any] | None:
    """The generated game of the card's ``turned_face_up`` or ``transforms`` ability."""
    from pyengine.oracle.execute_triggers import _doc

    if kind == "turned_face_up":
        got = _face_up_cost(card)
        if got is None:
            return None
        down, pool = got
        on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20, "face_down": down}
        doc = _doc(card, [on_field], [{"turn_face_up": {"player": "alice", "object": "card"}}, "resolve"],
                   "alice", _STEP)
        next(p for p in doc["players"] if p["id"] == "alice")["mana"] = pool
        return doc
    faces = _faces(card.name)
    if faces is None or card.name not in faces:
        return None
    front, back = faces
    from pyengine.oracle.execute_day_night import bound_face_game, daybound

    if daybound(front):  # 702.145b, 702.145e: it transforms only by day and night
        return bound_face_game(card, front, back)
    turns: list[Any] = [{"transform": "card"}]
    resolves = ["resolve"]
    if card.name == front:  # 712.8d: to the back face, then its front face up again
        turns.append({"transform": "card"})
        if _transform_trigger(back):  # the back face's own ability triggered on the way
            resolves.append("resolve")
    on_field = {"id": "card", "card": front, "controller": "alice", "timestamp": 20}
    return _doc(card, [on_field], [*turns, *resolves], "alice", _STEP)


def _transform_trigger(name: str) -> bool:
    """Whether the face ``name`` has a compiled ability that triggers as it transforms."""
    from pyengine import oracle

    got = oracle.compiled(name)
    return got is not None and any(
        isinstance(a, dict) and a.get("trigger", {}).get("when", {}).get("kind") == "transforms"
        for a in got.card.get("abilities", ()))


def satisfy_last(cond: dict[str, Any], doc: dict[str, Any]) -> bool | None:
    """Make ``{compare: [{last_turn: {what: spells_cast, player: any}}, OP, N]}`` true (None:
    not this condition; False: not made here). The game of an upkeep trigger begins as the
    untap step of the turn begins, so no earlier turn is in the log: no spell was cast "last
    turn" (pyengine.triggers.history). For "a player cast N or more spells last turn" the game
    begins instead in the previous player's main phase (bob's, of the turn before), where bob
    casts N Lightning Bolts at alice; the game then goes on to the upkeep (500.1, 503.1a)."""
    from pyengine.oracle.execute_history import _split

    got = cond.get("compare") if isinstance(cond, dict) else None
    if not (isinstance(got, list) and isinstance(got[0], dict) and "last_turn" in got[0]):
        return None
    _lhs, op, n = got
    if not isinstance(n, int) or doc["turn"].get("step") != "untap" or doc["turn"].get("active") != "alice":
        return False
    if op == "==" and n == 0:
        return True  # no earlier turn in the game: none was cast then
    if op not in (">=", ">"):
        return False
    n += op == ">"
    chosen, script = _split(doc["query"]["script"])
    if not script or script[0] != "resolve":
        return False  # the trigger is not of the upkeep the game begins with
    number = doc["turn"].get("number", 3)
    doc["turn"] = {"active": "bob", "number": number - 1, "step": "precombat_main"}
    bolts: list[Any] = []
    for i in range(n):
        doc["objects"].append({"id": f"last_bolt{i}", "card": "Lightning Bolt", "owner": "bob", "zone": "hand"})
        bolts += [{"stack": {"object": f"last_bolt{i}", "controller": "bob", "targets": ["alice"]}}, "resolve"]
    bob = next(p for p in doc["players"] if p["id"] == "bob")
    bob["hand_size"] = bob.get("hand_size", 0) + n
    doc["query"]["script"] = [*chosen, *bolts, {"advance": {"step": "upkeep", "turn": number}}, *script]
    return True
