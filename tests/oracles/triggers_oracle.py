"""An independent oracle for triggered abilities (CR 603), over the scenarios that
tests/properties/strategies_triggers.py writes: it reads the scenario as plain data (the YAML
mapping), never pyengine's parsed records, and decides from the rules themselves.

What it knows, straight from the rules:
- 603.2: an ability triggers when an event matches its trigger event; 603.2c: once per
  occurrence, or once per batch for "one or more".
- 603.10 / 603.10a: normally the game after the event is checked; leaves-the-battlefield
  abilities look back in time: the abilities and the objects as they were just before.
- 603.6a-b: an entering permanent is seen with the effects that apply on the battlefield.
- 603.2b: "at the beginning of [your] upkeep".
- 603.4: an intervening if clause, checked when the event occurs (in the game after it).
- 613.1f: "creatures lose all abilities" removes triggered abilities of creatures.
- 603.8: a state trigger triggers when the game state (after the events) matches its
  condition, unless it already triggered and hasn't left the stack (the query's pending).
- 603.3b: each player in APNAP order puts theirs on the stack in any order: the number of
  stack orders is the product of n! over players.
"""

from __future__ import annotations

import math
from typing import Any

Doc = dict[str, Any]


def _worlds(doc: Doc) -> tuple[dict[str, Doc], dict[str, Doc]]:
    """The objects after the events (as written) and before them (each object that changed
    zones back in the zone it left)."""
    after = {o["id"]: o for o in doc["objects"]}
    before = {k: dict(v) for k, v in after.items()}
    for e in doc["query"]["events"]:
        if e["kind"] == "zone_change" and "from_zone" in e:
            before[e["obj"]]["zone"] = e["from_zone"]
    return before, after


def _zone(o: Doc) -> str:
    return o.get("zone", "battlefield")


def _is_creature(o: Doc) -> bool:
    return "Creature" in o.get("types", [])


def _humbled(world: dict[str, Doc]) -> bool:
    """Is a "creatures lose all abilities" enchantment on the battlefield (613.1f)?"""
    for o in world.values():
        if _zone(o) != "battlefield":
            continue
        for a in o.get("abilities", []):
            static = a.get("static") if isinstance(a, dict) else None
            if isinstance(static, dict) and static.get("lose_all_abilities"):
                return True
    return False


def _triggers(world: dict[str, Doc], oid: str) -> list[tuple[int, Doc]]:
    """The triggered abilities object ``oid`` has in ``world`` (index among its abilities)."""
    o = world[oid]
    if _is_creature(o) and _zone(o) == "battlefield" and _humbled(world):
        return []
    return [(i, a) for i, a in enumerate(o.get("abilities", [])) if isinstance(a, dict) and "trigger" in a]


def _selects(sel: Any, obj: Doc, source: str, you: str) -> bool:
    if sel == "self":
        return bool(obj["id"] == source)
    for key, want in sel.items():
        if key == "types" and not set(want) <= set(obj.get("types", [])):
            return False
        if key == "colors" and not set(want) <= set(obj.get("colors", [])):
            return False
        if key == "other" and want and obj["id"] == source:
            return False
        if key == "controller":
            if want == "you" and obj["controller"] != you:
                return False
            if want == "opponent" and obj["controller"] == you:
                return False
    return True


def _player_is(word: str, player: str | None, you: str, active: str) -> bool:
    if player is None:
        return False
    return {"you": player == you, "opponent": player != you, "any": True,
            "active": player == active, "nonactive": player != active}[word]


def _holds(cond: Doc, after: dict[str, Doc], source: str, you: str) -> bool:
    key, sel = next(iter(cond.items()))
    n = sum(1 for o in after.values() if _zone(o) == "battlefield" and _selects(sel, o, source, you))
    return n >= 1 if key == "exists" else n == 0


ZONES = {"dies": ("battlefield", "graveyard"), "enters": (None, "battlefield"),
         "leaves": ("battlefield", None)}


def _matches(when: Doc, e: Doc, world: dict[str, Doc], source: str, you: str, active: str) -> bool:
    kind = when["kind"]
    if kind in ZONES or kind == "zone_change":
        if e["kind"] != "zone_change":
            return False
        frm, to = ZONES.get(kind, (None, None))
        frm, to = when.get("from", frm), when.get("to", to)
        if (frm and e.get("from_zone") != frm) or (to and e.get("to_zone") != to):
            return False
    elif kind in ("attacks", "draw", "life_gain"):
        if e["kind"] != kind:
            return False
    if "obj" in when and not _selects(when["obj"], world[e["obj"]], source, you):
        return False
    return "player" not in when or _player_is(when["player"], e.get("player"), you, active)


def triggered(doc: Doc) -> list[tuple[str, int, str, int]]:
    """(source, ability index, controller, event index) of every ability the query's events
    trigger."""
    before, after = _worlds(doc)
    active = doc["turn"]["active"]
    out = []
    seen_batches: set[tuple[str, int, int]] = set()
    for n, e in enumerate(doc["query"]["events"], 1):
        for oid in after:
            for world_name in ("before", "after"):
                world = before if world_name == "before" else after
                for i, ab in _triggers(world, oid):
                    trig = ab["trigger"]
                    if "state" in trig:
                        continue
                    if "at" in trig:
                        if world_name == "before" or e["kind"] != "step_begins":
                            continue
                        at = trig["at"]
                        if e["step"] != at["step"] or not _player_is(at.get("player", "any"), e["player"],
                                                                    world[oid]["controller"], active):
                            continue
                        when: Doc = {}
                    else:
                        when = trig["when"]
                        looks_back = when["kind"] in ("dies", "leaves") or when.get("from") == "battlefield"
                        if looks_back != (world_name == "before"):
                            continue
                    if _zone(world[oid]) != "battlefield":
                        continue
                    you = world[oid]["controller"]
                    if when and not _matches(when, e, world, oid, you, active):
                        continue
                    if "if" in trig and not _holds(trig["if"], after, oid, you):
                        continue
                    if when.get("one_or_more"):
                        key = (oid, i, e.get("batch", 1))
                        if key in seen_batches:
                            continue
                        seen_batches.add(key)
                    out.append((oid, i, you, n))
    out += _state_triggered(doc, after)
    return sorted(out, key=lambda t: (t[3], t[0], t[1]))


def _state_triggered(doc: Doc, after: dict[str, Doc]) -> list[tuple[str, int, str, int]]:
    """603.8: the state triggers of permanents whose condition holds in the game after the
    events, except those pending (event 0: no event)."""
    pending = set(doc["query"].get("pending", []))
    out = []
    for oid, o in after.items():
        if _zone(o) != "battlefield" or oid in pending:
            continue
        for i, ab in _triggers(after, oid):
            if "state" in ab["trigger"] and _holds(ab["trigger"]["state"], after, oid, o["controller"]):
                out.append((oid, i, o["controller"], 0))
    return out


def stack_orders(found: list[tuple[str, int, str, int]]) -> int:
    """603.3b: each player orders their own abilities: the product of n! over players."""
    per: dict[str, int] = {}
    for _s, _i, p, _e in found:
        per[p] = per.get(p, 0) + 1
    return math.prod(math.factorial(n) for n in per.values())
