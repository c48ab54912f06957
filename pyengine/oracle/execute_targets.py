"""A permanent made for a generated game's target when the generated board has none that fits
(pyengine.oracle.execute_game's POOL): "target Wall", "target tapped creature", "target
creature with flying", "target creature with power 4 or greater", "target nonbasic land". An
inline object of bob's (alice's for "you control") with exactly the qualities the selector
names (CR 115.1), so that the target is legal as it is chosen (601.2c) and as the spell or
ability resolves (608.2b). A selector naming what isn't made here gives None.
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle import phrases as P

_READ = {"types", "any_types", "subtypes", "supertypes", "not_supertypes", "colors", "abilities",
         "not_abilities", "tapped", "power", "toughness", "mana_value", "controller", "other",
         "not_types", "not_subtypes", "not_colors", "combat"}  # the made permanent has none of the "not"s


def _kind(sel: dict[str, Any]) -> list[str] | None:
    """The card types of the made permanent."""
    if sel.get("types"):
        return list(sel["types"])
    if sel.get("any_types"):
        return [sel["any_types"][0]]
    kinds = {P.subtype_table.category(s) for s in sel.get("subtypes", ())}
    if len(kinds) == 1 and None not in kinds:  # 205.3d: a subtype goes with its card type
        return [str(next(iter(kinds))).capitalize()]
    if kinds:
        return None
    # "target nonland permanent": a creature, or the first permanent type not excluded
    return next(([t] for t in ["Creature", *P.PERMANENT_TYPES] if t not in sel.get("not_types", ())), None)


def _number(cmp: dict[str, int] | None, default: int, anthem: int) -> int | None:
    """A value that fits the comparison once bob's Glorious Anthem (+1/+1 to his creatures,
    613.4c) is applied; None when none does."""
    if not cmp:
        return default
    if "lte" in cmp:
        return cmp["lte"] - anthem if cmp["lte"] - anthem >= 0 else None
    return cmp["gte"]


def made_target(sel: Any, oid: str, timestamp: int, plain: bool = False) -> dict[str, Any] | None:
    """An inline permanent fitting the object selector ``sel``, or None (``plain``: also for an
    unqualified selector, another object for an entry of an "up to N target" group, 115.3)."""
    if not isinstance(sel, dict) or set(sel) - _READ or \
            sel.get("controller") not in (None, "you", "opponent"):
        return None
    if not set(sel) - {"types", "any_types", "controller", "other"} and len(sel.get("types", ())) < 2 \
            and not plain:
        return None  # an unqualified target of one type: the board's
    if "combat" in sel and sel.get("controller") == "opponent":
        return None  # an attacking or blocking creature is alice's (attackers())
    if "Basic" in sel.get("supertypes", ()):  # a basic land: a Forest (205.3i, 305.6)
        if set(sel) - {"types", "supertypes", "controller", "other", "tapped"} or \
                sel.get("types", ["Land"]) != ["Land"] or sel["supertypes"] != ["Basic"]:
            return None
        return {"id": oid, "card": "Forest", "timestamp": timestamp,
                "controller": "alice" if sel.get("controller") == "you" else "bob",
                **({"tapped": True} if sel.get("tapped") else {})}
    kinds = _kind(sel)
    if kinds is None or kinds[0] not in P.PERMANENT_TYPES or set(kinds) & set(sel.get("not_types", ())):
        return None
    if kinds[0] == "Battle" or set(sel) & {"abilities", "tapped", "power", "toughness"} and \
            "Aura" in sel.get("subtypes", ()):
        return None
    made: dict[str, Any] = {"id": oid, "name": "Generated Permanent", "types": kinds,
                            "controller": "alice" if sel.get("controller") == "you" or "combat" in sel
                            else "bob", "timestamp": timestamp}
    for key in ("subtypes", "supertypes", "colors"):
        if sel.get(key):
            made[key] = list(sel[key])
    if sel.get("abilities"):
        made["abilities"] = list(sel["abilities"])
    if sel.get("tapped"):
        made["tapped"] = True
    if "Aura" in sel.get("subtypes", ()):  # attached to bob's Gray Ogre, so that it stays (704.5m, 303.4c)
        made.update({"abilities": [{"text": "Enchant creature"}], "attached_to": "ogre"})
    if "Creature" in kinds:
        anthem = 1 if made["controller"] == "bob" else 0
        power = _number(sel.get("power"), 3, anthem)
        toughness = _number(sel.get("toughness"), max(power or 0, 1), anthem)
        if power is None or toughness is None or toughness + anthem < 1:
            return None
        made["power"], made["toughness"] = power, toughness
    elif "power" in sel or "toughness" in sel:
        return None
    if "Planeswalker" in kinds:
        made["counters"] = {"loyalty": 3}  # 704.5i: with no loyalty it would leave at once
    if "mana_value" in sel:
        n = _number(sel["mana_value"], 0, 0)
        made["mana_cost"] = "{" + str(n) + "}"
    return made


def attackers(specs: list[Any], targets: list[str]) -> list[Any] | None:
    """The script that puts the made targets of "target attacking creature" (or "attacking
    or blocking") and "target blocking creature" in combat before the spell is put on the
    stack (506.4): alice's creatures, declared as attackers against bob in her declare attackers
    step (508.1a); or, for blockers, declared as blockers of bob's Gray Ogre attacking her in
    his turn (509.1a; the game is then bob's: blocking_turn), bob passing priority to her.
    None: an attacker and a blocker both (not made)."""
    combat = [(tid, spec["obj"]["combat"]) for spec, tid in zip(specs, targets, strict=False)
              if isinstance(spec.get("obj"), dict) and "combat" in spec["obj"]]
    if not combat:
        return []
    if all("attacking" in states for _tid, states in combat):
        return [{"advance": "declare_attackers"}, {"attack": {tid: "bob" for tid, _s in combat}}]
    if any("attacking" not in states for _tid, states in combat) and \
            any(states == ["attacking"] for _tid, states in combat):
        return None
    return [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
            {"advance": "declare_blockers"}, {"block": {tid: "ogre" for tid, _s in combat}}, "pass"]


def blocking_turn(script: list[Any]) -> bool:
    """Whether the script declares alice's blockers (bob's turn)."""
    return any(isinstance(a, dict) and "block" in a for a in script)


def taken(specs: list[Any], picks: list[Any], spec: Any) -> frozenset[str]:
    """The objects already picked for earlier entries of ``spec``'s group ("up to N target":
    one word "target", different objects, 115.3); none for a target of no group."""
    group = spec.get("group") if isinstance(spec, dict) else None
    if group is None:
        return frozenset()
    return frozenset(p for s, p in zip(specs, picks, strict=False)
                     if isinstance(s, dict) and s.get("group") == group and p is not None)


def group_picks(specs: list[Any], pick: Any) -> list[Any]:
    """``pick(spec, taken)`` for each spec in order, different objects within a group."""
    out: list[Any] = []
    for spec in specs:
        before = taken(specs, out, spec)
        got = pick(spec, before)
        out.append(None if got in before else got)
    return out


def in_combat(script: list[Any], active: str) -> list[tuple[str, str, str]]:
    """The creatures the generated game's script puts in combat, in order: (id, attacking or
    blocking, controller), the attackers the active player's (508.1a), the blockers the other
    player's (509.1a)."""
    other = "bob" if active == "alice" else "alice"
    out: list[tuple[str, str, str]] = []
    for action in script:
        if isinstance(action, dict) and isinstance(action.get("attack"), dict):
            out += [(oid, "attacking", active) for oid in action["attack"]]
        if isinstance(action, dict) and isinstance(action.get("block"), dict):
            out += [(oid, "blocking", other) for oid in action["block"]]
    return out


def combat_pick(spec: dict[str, Any], script: list[Any], active: str,
                card_abilities: tuple[Any, ...] = ()) -> str | None:
    """For a triggered ability's "target attacking creature" (or "blocking", "attacking or
    blocking", 506.4): the first creature the trigger's script put in combat in that state
    with the controller the target names (``other``: not the card itself; ``not_abilities``:
    not the card when it has one of them, the board's Bears and Ogre have none), or None (a
    selector that says more than these)."""
    sel = spec.get("obj")
    read = {"types", "combat", "controller", "other", "not_abilities"}
    if not isinstance(sel, dict) or set(sel) - read or \
            sel.get("types") != ["Creature"]:
        return None
    owner = {"you": "alice", "opponent": "bob"}.get(sel.get("controller", ""))
    not_card = bool(sel.get("other")) or \
        bool(set(sel.get("not_abilities", ())) & set(map(str, card_abilities)))
    for oid, state, ctl in in_combat(script, active):
        if state in sel["combat"] and (owner is None or ctl == owner) and not (not_card and oid == "card"):
            return oid
    attack = next((a["attack"] for a in script
                   if isinstance(a, dict) and isinstance(a.get("attack"), dict)), None)
    if not_card and active == "alice" and owner != "bob" and "attacking" in sel["combat"] \
            and attack is not None and "bears" not in attack and "card" in attack:
        attack["bears"] = "bob"  # "another target attacking creature": her Bears attack too (508.1a)
        return "bears"
    return None


def flash_attack(card: Any, script: list[Any], active: str) -> tuple[list[Any], str]:
    """For a card with flash whose "enters" ability targets an attacking creature and whose
    script casts it with nothing in combat: the game is bob's, his Gray Ogre attacking alice
    (508.1a), and she casts it in his declare attackers step (702.8a) after he passes; the
    script and the active player (unchanged otherwise)."""
    first = script[0] if script else None
    if in_combat(script, active) or "flash" not in card.card.get("abilities", ()) or \
            not (isinstance(first, dict) and first.get("stack", {}).get("object") == "card"):
        return script, active
    return [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}}, "pass", *script], "bob"


def group_combat(do: list[Any], resolves: Any = None) -> list[Any] | None:
    """For an effect on a group with a combat state ("attacking creatures get +2/+0 until end of
    turn", 506.4): the script that puts a creature of the group in combat first (alice's Bears
    attack bob, 508.1a; or block bob's attacking Ogre in his turn, 509.1a: blocking_turn);
    [] for no such group, None for a group of bob's (not made)."""
    groups = [ev.get("affects") for ev in do if isinstance(ev, dict) and ev.get("kind") == "continuous"]
    if isinstance(resolves, dict):
        groups.append(resolves.get("affects"))
    states = [g for g in groups if isinstance(g, dict) and "combat" in g]
    if not states:
        return []
    if any(g.get("controller") == "opponent" for g in states):
        return None
    if all("attacking" in g["combat"] for g in states):
        return [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}}]
    if all("blocking" in g["combat"] for g in states):
        return [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
                {"advance": "declare_blockers"}, {"block": {"bears": "ogre"}}, "pass"]
    return None
