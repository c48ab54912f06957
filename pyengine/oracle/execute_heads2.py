"""Generated games for the targeting, cycling and discarding trigger heads
(pyengine.oracle.trigger_target, pyengine.oracle.trigger_cycle): the trigger event made to
happen in alice's or bob's main phase.

- becomes the target (601.2c, 115.1): the caster the head names (alice for "you control" and
  heroic, bob for "an opponent controls" or for anyone's) casts Jump ("Target creature gains
  flying until end of turn.") targeting alice's card, or her Grizzly Bears for "a creature you
  control"; the ability triggers, goes on the stack above Jump, resolves, then Jump resolves
  (or is left with no legal target, 608.2b, when the ability sacrificed or moved the card);
- "When you cycle this card": alice activates its cycling ability from her hand, paying its
  mana cost from her pool (702.29a); the ability triggers from her graveyard (702.29c) above
  the cycling ability; both resolve;
- "Whenever you cycle a card" / "a player cycles": alice cycles Remote Isle ("Cycling {2}")
  from her hand;
- a discard: alice (bob, for "an opponent discards") discards a card of the kind the head
  names from her hand (701.9a), as an effect would have her do;
- a sacrifice: alice sacrifices a permanent made for the game of the kind the head names
  (701.21a: a Clue is an artifact, 111.10f).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled

Generated = tuple[list[Any], list[Any], str, str]
_ARTIFACT_SUBTYPES = {"Clue", "Food", "Treasure", "Blood", "Gold", "Powerstone", "Junk", "Map", "Incubator"}
# a card of each kind a discard head names, in a hand
_DISCARDED = {(): "Grizzly Bears", ("Creature",): "Grizzly Bears", ("Land",): "Forest",
              ("Instant",): "Giant Growth", ("Artifact",): "Ornithopter"}


def script(card: Compiled, trigger: dict[str, Any]) -> Generated | None:
    """(extra objects, script, active player, step) for a trigger of the heads above, or None."""
    when = trigger.get("when", {})
    kind = when.get("kind")
    if kind == "becomes_target":
        return _targeted(card, when)
    if kind == "cycle":
        return _cycled(card, when)
    if kind == "discard":
        return _discarded(card, when)
    if kind == "sacrifice":
        return _sacrificed(card, when)
    return None


def _sacrificed(card: Compiled, when: dict[str, Any]) -> Generated | None:
    """alice sacrifices a permanent of hers of the kind the head names (701.21a), one made for
    the game (not a target the ability may choose)."""
    sel = {k: v for k, v in (when.get("obj") or {}).items() if k != "other"}
    subtypes = list(sel.get("subtypes", ()))
    types = list(sel.get("types", ())) or (["Artifact"] if set(subtypes) <= _ARTIFACT_SUBTYPES and subtypes
                                           else ["Creature"] if subtypes else ["Artifact"])
    fodder: dict[str, Any] = {"id": "fodder", "name": "Generated Fodder", "types": types,
                              "subtypes": subtypes, "colors": list(sel.get("colors", ())), "mana_cost": "{1}",
                              "controller": "alice", "timestamp": 21}
    if "Creature" in types:
        fodder.update({"power": 1, "toughness": 1})
    if sel.get("token"):
        fodder["token"] = True
    me = _on_field(card) if "Creature" in card.card.get("types", ()) else \
        {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if me is None or {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        return None
    return [me, fodder], [{"events": [{"kind": "sacrifice", "object": "fodder"}]}, "resolve"], "alice", \
        "precombat_main"


def _on_field(card: Compiled) -> dict[str, Any] | None:
    c = card.card
    if "Creature" not in c.get("types", ()) or {"Aura", "Equipment"} & set(c.get("subtypes", ())):
        return None
    try:
        if int(c.get("toughness", 1)) <= 0:
            return None  # without its counters it would die at once (704.5f)
    except (TypeError, ValueError):
        return None
    return {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}


def _targeted(card: Compiled, when: dict[str, Any]) -> Generated | None:
    from pyengine.oracle.execute_game import fits

    me = _on_field(card) if when.get("obj") == "self" else \
        {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if me is None:
        return None
    target = "card"
    if isinstance(when.get("obj"), dict):  # a creature alice controls: her Grizzly Bears
        if not fits(when["obj"], ("Creature",), ("green",), "alice"):
            return None
        target = "bears"
    caster = "alice" if when.get("player") == "you" else "bob"
    jump = {"id": "jump", "card": "Jump", "owner": caster, "zone": "hand"}
    cast = {"stack": {"object": "jump", "controller": caster, "targets": [target]}}
    return [me, jump], [cast, "resolve", "resolve"], caster, "precombat_main"


def pool(card: Compiled, trigger: dict[str, Any]) -> str:
    """Alice's pool for the cycling cost of "When you cycle this card" ("" for another)."""
    from pyengine.oracle.trigger_cycle import cost

    when = trigger.get("when", {})
    if when.get("kind") != "cycle":
        return ""
    mana = cost(card.card) if when.get("obj") == "self" else "{2}"
    return "".join("{C}" * int(s) if s.isdigit() else f"{{{s}}}"
                   for s in (mana or "").strip("{}").split("}{") if s)


def _cycled(card: Compiled, when: dict[str, Any]) -> Generated | None:
    from pyengine.oracle.trigger_cycle import cost, cycles

    activate = {"activate": {"player": "alice", "source": "card"}}
    if when.get("obj") == "self":
        if not cycles(card.card) or cost(card.card) is None:
            return None
        held: dict[str, Any] = {"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}
        return [held], [activate, "resolve", "resolve"], "alice", "precombat_main"
    me = _on_field(card) if "Creature" in card.card.get("types", ()) else \
        {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if me is None or {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        return None
    cycler = {"id": "cycler", "card": "Remote Isle", "owner": "alice", "zone": "hand"}  # Cycling {2}
    activate["activate"]["source"] = "cycler"
    return [me, cycler], [activate, "resolve", "resolve"], "alice", "precombat_main"


def _discarded(card: Compiled, when: dict[str, Any]) -> Generated | None:
    sel = {k: v for k, v in (when.get("obj") or {}).items() if k != "other"}
    if set(sel) - {"types"} or when.get("player") not in ("you", "opponent"):
        return None
    name = _DISCARDED.get(tuple(sel.get("types", ())))
    if name is None:
        return None
    me = _on_field(card) if "Creature" in card.card.get("types", ()) else \
        {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if me is None or {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        return None
    who = "alice" if when["player"] == "you" else "bob"
    thrown = {"id": "thrown", "card": name, "owner": who, "zone": "hand"}
    return [me, thrown], [{"discard": {"player": who, "cards": ["thrown"]}}, "resolve"], "alice", \
        "precombat_main"
