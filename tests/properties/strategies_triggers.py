"""Hypothesis strategies for random ``triggers`` scenarios, written as scenario TEXT data (the
mapping a scenario file holds; docs/effect-language.md, "Triggered abilities";
scenarios/triggers/README.md): creatures and enchantments with triggered abilities (dies,
enters, leaves, exile, attacks, "at the beginning of upkeep", draw, life gain; "one or more";
an intervening if; state triggers, 603.8, some pending), an optional "creatures lose all
abilities" enchantment that may enter or leave with the events, and a log of events in one or two batches.

The engine reads the text through its loader; the oracle (tests/oracles/triggers_oracle.py)
reads the same mapping itself."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import strategies as st

PLAYERS = ["alice", "bob"]
COLORS = ["white", "blue", "black", "red", "green"]
WHENS: list[dict[str, Any]] = [
    {"kind": "dies", "obj": "self"},
    {"kind": "dies", "obj": {"types": ["Creature"]}},
    {"kind": "dies", "obj": {"types": ["Creature"], "other": True}},
    {"kind": "dies", "obj": {"types": ["Creature"], "controller": "opponent"}},
    {"kind": "dies", "obj": {"types": ["Creature"], "controller": "you"}, "one_or_more": True},
    {"kind": "enters", "obj": "self"},
    {"kind": "enters", "obj": {"types": ["Creature"], "controller": "you"}},
    {"kind": "enters", "obj": {"types": ["Creature"], "colors": ["green"]}},
    {"kind": "leaves", "obj": "self"},
    {"kind": "zone_change", "from": "battlefield", "to": "exile", "obj": {"types": ["Creature"]}},
    {"kind": "attacks", "obj": "self"},
    {"kind": "attacks", "obj": {"types": ["Creature"], "controller": "you"}, "one_or_more": True},
    {"kind": "draw", "player": "opponent"},
    {"kind": "life_gain", "player": "you"},
]
ATS = [{"step": "upkeep", "player": p} for p in ("you", "any", "opponent")]
IFS: list[dict[str, Any] | None] = [None, None, {"exists": {"types": ["Creature"], "controller": "you"}},
                                    {"not_exists": {"types": ["Creature"], "controller": "opponent"}}]
# state triggers (CR 603.8): "when you control no [other] creatures", "when no opponent controls a creature"
STATES: list[dict[str, Any]] = [{"not_exists": {"types": ["Creature"], "controller": "you", "other": True}},
                                {"not_exists": {"types": ["Creature"], "controller": "opponent"}},
                                {"exists": {"types": ["Creature"], "colors": ["green"]}}]
HUMBLE = {"static": {"affects": {"types": ["Creature"]}, "lose_all_abilities": True},
          "text": "All creatures lose all abilities."}


@st.composite
def trigger_abilities(draw: Any) -> dict[str, Any]:
    """One triggered ability (its text says what it is, so two different ones never share it)."""
    form = draw(st.integers(0, 5))
    trig: dict[str, Any] = ({"when": draw(st.sampled_from(WHENS))} if form > 1
                            else {"at": draw(st.sampled_from(ATS))} if form == 1
                            else {"state": draw(st.sampled_from(STATES))})
    cond = draw(st.sampled_from(IFS))
    if cond is not None and "state" not in trig:
        trig["if"] = cond
    text = "Trigger " + yaml.safe_dump(trig, default_flow_style=True, sort_keys=True).strip()
    return {"trigger": trig, "do": [{"kind": "gain_life", "player": "you", "amount": 1}], "text": text}


@st.composite
def scenarios(draw: Any) -> dict[str, Any]:
    """A ``triggers`` scenario as plain data, without its expectation."""
    active = draw(st.sampled_from(PLAYERS))
    objects: list[dict[str, Any]] = []
    n_creatures = draw(st.integers(1, 4))
    for i in range(n_creatures):
        o: dict[str, Any] = {"id": f"c{i}", "name": f"Creature {i}", "types": ["Creature"],
                             "colors": [draw(st.sampled_from(COLORS))], "power": 1, "toughness": 1,
                             "controller": draw(st.sampled_from(PLAYERS))}
        if draw(st.booleans()):
            o["abilities"] = [draw(trigger_abilities())]
        objects.append(o)
    for i in range(draw(st.integers(0, 2))):
        objects.append({"id": f"e{i}", "name": f"Enchantment {i}", "types": ["Enchantment"],
                        "controller": draw(st.sampled_from(PLAYERS)),
                        "abilities": [draw(trigger_abilities())]})
    humble = draw(st.sampled_from(["none", "none", "stays", "enters", "leaves"]))
    if humble != "none":
        objects.append({"id": "hum", "name": "Humbler", "types": ["Enchantment"],
                        "controller": draw(st.sampled_from(PLAYERS)), "abilities": [HUMBLE]})
    for t, o in enumerate(objects, 1):
        o["timestamp"] = t
    events: list[dict[str, Any]] = []
    moved: set[str] = set()
    batch = 1
    if humble in ("enters", "leaves"):
        frm, to = ("hand", "battlefield") if humble == "enters" else ("battlefield", "graveyard")
        events.append({"kind": "zone_change", "obj": "hum", "from_zone": frm, "to_zone": to, "batch": 1})
        moved.add("hum")
    for _ in range(draw(st.integers(1, 4))):
        batch += draw(st.integers(0, 1))
        kind = draw(st.sampled_from(["dies", "dies", "enters", "exile", "attacks", "upkeep", "draw", "life"]))
        free = [o["id"] for o in objects if o["id"] not in moved and o["id"] != "hum"]
        creatures = [c for c in free if c.startswith("c")]
        if kind in ("dies", "exile", "enters") and free:
            oid = draw(st.sampled_from(creatures if kind == "dies" and creatures else free))
            if kind == "dies" and not oid.startswith("c"):
                continue
            frm, to = {"dies": ("battlefield", "graveyard"), "exile": ("battlefield", "exile"),
                       "enters": ("hand", "battlefield")}[kind]
            events.append({"kind": "zone_change", "obj": oid, "from_zone": frm, "to_zone": to,
                           "batch": batch})
            moved.add(oid)
        elif kind == "attacks":
            ready = [c for c in creatures if next(o for o in objects if o["id"] == c)["controller"] == active]
            if ready:
                oid = draw(st.sampled_from(ready))
                events.append({"kind": "attacks", "obj": oid, "player": active, "batch": batch})
        elif kind == "upkeep":
            events.append({"kind": "step_begins", "step": "upkeep", "player": active, "batch": batch})
        elif kind in ("draw", "life"):
            events.append({"kind": "draw" if kind == "draw" else "life_gain",
                           "player": draw(st.sampled_from(PLAYERS)), "batch": batch})
    if not events:
        events.append({"kind": "step_begins", "step": "upkeep", "player": active, "batch": 1})
    stateful = [o["id"] for o in objects for a in o.get("abilities", []) if "state" in a.get("trigger", {})]
    pending = sorted(set(draw(st.lists(st.sampled_from(stateful), max_size=2)))) if stateful else []
    for e in events:
        if e["kind"] == "zone_change":
            next(o for o in objects if o["id"] == e["obj"])["zone"] = e["to_zone"]
    return {"id": "generated/triggers", "title": "generated", "cr": ["603.2"], "rationale": "generated",
            "players": PLAYERS, "turn": {"active": active}, "objects": objects,
            "query": {"kind": "triggers", "events": events, **({"pending": pending} if pending else {})}}


class _NoAliases(yaml.SafeDumper):
    """Writes a shared value out each time (a scenario file refuses YAML aliases)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def to_yaml(doc: dict[str, Any]) -> str:
    """The scenario's text."""
    return yaml.dump(doc, Dumper=_NoAliases, sort_keys=False, allow_unicode=True)
