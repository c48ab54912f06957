"""Hypothesis strategies for random state-based-action scenarios, as scenario data (what a
scenario file holds): players near 0 life, at 9-11 poison or drawing from an empty library;
creatures with counters, damage, indestructible and protection; tokens and copies outside
the battlefield; planeswalkers, battles and Sagas with and without their counters; legendary
and world permanents; Auras, Equipment, Roles and other permanents attached to legal and
illegal things; permanents with a counter limit. The only continuous effect is sometimes a
Glorious Anthem (+1/+1): without it the printed values, with +1/+1 and -1/-1 counters, are the
characteristics (the oracle computes them itself)."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import strategies as st

PLAYERS = ["alice", "bob", "carol"]
COLORS = ["white", "blue", "black", "red", "green"]
LEGENDS = ["Azusa", "Isamaru"]
PROTECTIONS = ["white", "red", "artifacts", "enchantments"]


@st.composite
def players(draw: Any) -> list[dict[str, Any]]:
    n = draw(st.integers(2, 3))
    out = [{"id": p, "life": draw(st.sampled_from([-1, 0, 1, 20])),
            "poison": draw(st.sampled_from([0, 9, 10]))} for p in PLAYERS[:n]]
    for p in out:  # 704.6c: 21 combat damage from one commander (two at 20 is no loss)
        if draw(st.integers(0, 3)) == 0:
            p["commander_damage"] = {"cmd1": draw(st.sampled_from([20, 21])),
                                     "cmd2": draw(st.sampled_from([0, 20]))}
    return out


def _counters(draw: Any) -> dict[str, int]:
    out = {}
    for kind in ("+1/+1", "-1/-1"):
        n = draw(st.integers(0, 2))
        if n:
            out[kind] = n
    return out


@st.composite
def creature(draw: Any, oid: str, pids: list[str]) -> dict[str, Any]:
    legendary = draw(st.booleans()) and draw(st.booleans())
    abilities: list[Any] = []
    if draw(st.booleans()) and draw(st.booleans()):
        abilities.append("indestructible")
    if draw(st.booleans()) and draw(st.booleans()):
        abilities.append(f"protection from {draw(st.sampled_from(PROTECTIONS))}")
    obj = {"id": oid, "name": draw(st.sampled_from(LEGENDS)) if legendary else f"Beast {oid}",
           "types": ["Creature"], "subtypes": ["Beast"], "colors": [draw(st.sampled_from(COLORS))],
           "power": 1, "toughness": draw(st.integers(0, 3)), "abilities": abilities,
           "controller": draw(st.sampled_from(pids)), "damage": draw(st.integers(0, 3))}
    if legendary:
        obj["supertypes"] = ["Legendary"]
    counters = _counters(draw)
    if counters:
        obj["counters"] = counters
    return obj


@st.composite
def permanent(draw: Any, oid: str, pids: list[str]) -> dict[str, Any]:
    kind = draw(st.sampled_from(["planeswalker", "battle", "saga", "world", "limit", "land", "artifact"]))
    ctrl = draw(st.sampled_from(pids))
    base: dict[str, Any] = {"id": oid, "controller": ctrl}
    if kind == "planeswalker":
        n = draw(st.integers(0, 2))
        base |= {"name": draw(st.sampled_from(["Jace", "Chandra"])), "types": ["Planeswalker"],
                 "supertypes": ["Legendary"], "loyalty": 3, **({"counters": {"loyalty": n}} if n else {})}
    elif kind == "battle":
        n = draw(st.integers(0, 2))
        base |= {"name": f"Invasion {oid}", "types": ["Battle"], "subtypes": ["Siege"], "defense": 3,
                 **({"counters": {"defense": n}} if n else {})}
    elif kind == "saga":
        n = draw(st.integers(0, 4))
        chapters = draw(st.sampled_from([["I", "II", "III"], ["I", "II, III"], ["I", "II"]]))
        base |= {"name": f"Saga {oid}", "types": ["Enchantment"], "subtypes": ["Saga"],
                 "abilities": [{"text": f"{c} \u2014 You gain 1 life."} for c in chapters],
                 **({"counters": {"lore": n}} if n else {})}
    elif kind == "world":
        base |= {"name": f"World {oid}", "types": ["Enchantment"], "supertypes": ["World"]}
    elif kind == "limit":
        n = draw(st.integers(0, 3))
        base |= {"name": f"Vessel {oid}", "types": ["Artifact"],
                 "abilities": [{"text": f"This permanent can't have more than "
                                        f"{draw(st.sampled_from(['one', 'two']))} charge counters on it."}],
                 **({"counters": {"charge": n}} if n else {})}
    elif kind == "land":
        base |= {"name": "Forest", "supertypes": ["Basic"], "types": ["Land"], "subtypes": ["Forest"]}
    else:
        base |= {"name": f"Relic {oid}", "types": ["Artifact"]}
    return base


@st.composite
def attachment(draw: Any, oid: str, pids: list[str], hosts: list[str]) -> dict[str, Any]:
    kind = draw(st.sampled_from(["aura", "curse", "role", "equipment", "fortification", "creature"]))
    ctrl = draw(st.sampled_from(pids))
    base: dict[str, Any] = {"id": oid, "controller": ctrl}
    color = draw(st.sampled_from(COLORS))
    if kind in ("aura", "role"):
        base |= {"name": f"Aura {oid}", "types": ["Enchantment"], "colors": [color],
                 "subtypes": ["Aura"] + (["Role"] if kind == "role" else []),
                 "abilities": [{"text": f"Enchant {draw(st.sampled_from(['creature', 'land']))}"}]}
        if draw(st.booleans()) and draw(st.booleans()):
            base["types"] = ["Enchantment", "Creature"]
            base |= {"power": 1, "toughness": 1}
    elif kind == "curse":
        base |= {"name": f"Curse {oid}", "types": ["Enchantment"], "colors": [color],
                 "subtypes": ["Aura", "Curse"], "abilities": [{"text": "Enchant player"}]}
    elif kind == "equipment":
        base |= {"name": f"Sword {oid}", "types": ["Artifact"], "subtypes": ["Equipment"]}
    elif kind == "fortification":
        base |= {"name": f"Wall {oid}", "types": ["Artifact"], "subtypes": ["Fortification"]}
    else:
        base |= {"name": f"Hound {oid}", "types": ["Creature"], "subtypes": ["Dog"], "power": 1,
                 "toughness": 2}
    target = draw(st.sampled_from([None] + hosts + pids))
    if target is not None:
        base["attached_to"] = target
    return base


@st.composite
def offboard(draw: Any, oid: str, pids: list[str]) -> dict[str, Any]:
    zone = draw(st.sampled_from(["graveyard", "exile", "hand", "stack"]))
    what = draw(st.sampled_from(["token", "spell copy", "card copy", "card"]))
    obj: dict[str, Any] = {"id": oid, "owner": draw(st.sampled_from(pids)), "zone": zone}
    if what == "token":
        obj |= {"name": "Soldier", "types": ["Creature"], "power": 1, "toughness": 1, "token": True}
    else:
        obj |= {"name": "Shock", "mana_cost": "{R}", "types": ["Instant"]}
        if what != "card":
            obj["copy"] = "spell" if what == "spell copy" else "card"
    return obj


@st.composite
def sba_scenarios(draw: Any) -> dict[str, Any]:
    ps = draw(players())
    pids = [p["id"] for p in ps]
    objects: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 4))):
        objects.append(draw(creature(f"c{i}", pids)))
    for i in range(draw(st.integers(0, 3))):
        objects.append(draw(permanent(f"p{i}", pids)))
    hosts = [o["id"] for o in objects]
    for i in range(draw(st.integers(0, 3))):
        objects.append(draw(attachment(f"a{i}", pids, hosts + ["g0"])))
    for i in range(draw(st.integers(0, 2))):
        objects.append(draw(offboard(f"g{i}", pids)))
    if not any(o["id"] == "g0" for o in objects):
        for o in objects:
            if o.get("attached_to") == "g0":
                del o["attached_to"]
    if draw(st.integers(0, 3)) == 0:  # Glorious Anthem: creatures its controller controls get +1/+1
        objects.append({"id": "anthem", "card": "Glorious Anthem", "controller": draw(st.sampled_from(pids))})
    for ts, o in enumerate((o for o in objects if "zone" not in o), start=1):
        o["timestamp"] = ts
    # a card attached to a card outside the battlefield: only an Aura may say so (the loader
    # refuses an Equipment or Fortification there, 301.5, 301.6)
    zones = {o["id"]: o.get("zone", "battlefield") for o in objects}
    for o in objects:
        off = zones.get(o.get("attached_to", ""), "battlefield") != "battlefield"
        if off and "Aura" not in o.get("subtypes", []):
            del o["attached_to"]
    ids = [o["id"] for o in objects]
    since: dict[str, Any] = {}
    drew = draw(st.lists(st.sampled_from(pids), unique=True, max_size=2))
    if drew:
        since["drew_from_empty"] = drew
    dt = draw(st.lists(st.sampled_from(ids), unique=True, max_size=2)) if ids else []
    if dt:
        since["deathtouch_damaged"] = dt
    sagas = [o["id"] for o in objects if "Saga" in o.get("subtypes", [])]
    if sagas and draw(st.booleans()):
        since["sagas_sourcing"] = sagas[:1]
    battles = [o["id"] for o in objects if "Battle" in o.get("types", [])]
    if battles and draw(st.booleans()):
        since["battles_sourcing"] = battles[:1]
    query: dict[str, Any] = {"kind": "sba"}
    if since:
        query["since"] = since
    # a choice for some legend groups (controller, name) with two or more members
    groups: dict[tuple[str, str], list[str]] = {}
    for o in objects:
        if "Legendary" in o.get("supertypes", []) and "zone" not in o:
            groups.setdefault((o["controller"], o["name"]), []).append(o["id"])
    choices = [{"controller": c, "name": n, "keep": draw(st.sampled_from(m))}
               for (c, n), m in sorted(groups.items()) if len(m) > 1 and draw(st.booleans())]
    if choices:
        query["legend_choices"] = choices
    return {"id": "generated/sba", "title": "generated", "cr": ["704.5"], "rationale": "generated",
            "players": ps, "turn": {"active": pids[0]}, "objects": objects, "query": query,
            "expect": {"actions": []}}


def to_yaml(doc: dict[str, Any]) -> str:
    """The scenario as YAML text (what a scenario file holds)."""
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
