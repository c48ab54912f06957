"""Random small casting boards (tests/properties/test_cast_differential.py): a spell with a
random mana cost and keywords, the caster's lands, creatures, artifacts, graveyard, pool and
life, mana sources whose ability adds one of several things or sacrifices them or costs life
(Birds of Paradise, Lotus Petal, Wild Cantor, a Treasure, inline lands and artifacts), and
cost-changing permanents; as a plain dict (tests/oracles/cast_oracle.py) and as
scenario text the loader reads."""

from __future__ import annotations

import copy
from typing import Any

import yaml
from hypothesis import strategies as st

SYMBOLS = ["1", "2", "W", "U", "B", "R", "G", "C", "W/U", "2/G", "B/P", "R/P"]
LANDS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
LETTER_COLOR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
ANY = [[c] for c in "WUBRG"]
# sources whose mana ability adds one of several things or costs more than {T} (605.1a): how
# the oracle reads them, and the scenario object (a card, or inline abilities)
MANA_SOURCES: dict[str, dict[str, Any]] = {
    "Birds of Paradise": {"oracle": {"options": ANY, "creature": True, "colors": ["G"]}},
    "Lotus Petal": {"oracle": {"options": ANY, "artifact": True, "sacrifice": True}},
    "Wild Cantor": {"oracle": {"options": ANY, "creature": True, "colors": ["R", "G"], "tap": False,
                               "sacrifice": True}},
    "Treasure": {"oracle": {"options": ANY, "artifact": True, "sacrifice": True},
                 "object": {"name": "Treasure Token", "token": True, "types": ["Artifact"],
                            "subtypes": ["Treasure"],
                            "abilities": [{"mana": "one mana of any color",
                                           "cost": "{T}, Sacrifice this token"}]}},
    "Borderland": {"oracle": {"options": [["R"], ["G"]]},
                   "object": {"name": "Borderland", "types": ["Land"],
                              "abilities": [{"mana": "{R} or {G}"}]}},
    "Twin Lotus": {"oracle": {"options": [[c, c] for c in "WUBRG"], "artifact": True},
                   "object": {"name": "Twin Lotus", "types": ["Artifact"],
                              "abilities": [{"mana": "two mana of any one color"}]}},
    "Confluence": {"oracle": {"options": ANY, "life": 1},
                   "object": {"name": "Confluence", "types": ["Land"],
                              "abilities": [{"mana": "any", "cost": "{T}, Pay 1 life"}]}},
}
EFFECTS = [
    {"kind": "more", "mana": {"generic": 1}, "op": {"cost_more": {"players": "each", "mana": "{1}"}}},
    {"kind": "less", "mana": {"generic": 1}, "op": {"cost_less": {"players": "each", "mana": "{1}"}}},
    {"kind": "less", "mana": {"W": 1}, "op": {"cost_less": {"players": "each", "mana": "{W}"}}},
    {"kind": "more", "mana": {"G": 1}, "op": {"cost_more": {"players": "each", "mana": "{G}"}}},
    {"kind": "minimum", "mana": 3, "op": {"cost_minimum": {"players": "each", "mana": 3}}},
]


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    cost = draw(st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=4))
    if draw(st.booleans()):
        cost = ["X", *cost]
    x = draw(st.integers(0, 2)) if "X" in cost else 0
    keywords = sorted(draw(st.sets(st.sampled_from(["convoke", "delve", "improvise"]), max_size=2)))
    sources = []
    for i, name in enumerate(draw(st.lists(st.sampled_from(sorted(LANDS) + ["Sol Ring"]), max_size=4))):
        mana = ["C", "C"] if name == "Sol Ring" else [LANDS[name]]
        sources.append(
            {
                "id": f"l{i}",
                "card": name,
                "mana": mana,
                "artifact": name == "Sol Ring",
                "creature": False,
                "colors": [],
                "tapped": draw(st.booleans()) and draw(st.booleans()),
            }
        )
    for i, name in enumerate(draw(st.lists(st.sampled_from(sorted(MANA_SOURCES)), max_size=3))):
        spec = MANA_SOURCES[name]["oracle"]
        source = {"id": f"m{i}", "kind": name, "mana": [], "creature": False, "artifact": False,
                  "colors": [], **copy.deepcopy(spec), "tapped": draw(st.booleans()) and draw(st.booleans())}
        if source["creature"]:
            source["sick"] = draw(st.booleans()) and draw(st.booleans())
        sources.append(source)
    for i in range(draw(st.integers(0, 2))):
        colors = sorted(draw(st.sets(st.sampled_from(sorted(LETTER_COLOR)), max_size=2)))
        sources.append(
            {
                "id": f"c{i}",
                "mana": [],
                "creature": True,
                "artifact": False,
                "colors": colors,
                "tapped": False,
            }
        )
    for i in range(draw(st.integers(0, 2))):
        sources.append(
            {"id": f"a{i}", "mana": [], "creature": False, "artifact": True, "colors": [], "tapped": False}
        )
    graveyard = [f"g{i}" for i in range(draw(st.integers(0, 2)))]
    pool = {}
    for c in draw(st.lists(st.sampled_from(["W", "R", "G", "C"]), max_size=2)):
        pool[c] = pool.get(c, 0) + 1
    effects = draw(st.lists(st.sampled_from(range(len(EFFECTS))), max_size=2, unique=True))
    life = draw(st.sampled_from([1, 3, 20]))
    return {
        "cost": cost,
        "x": x,
        "keywords": keywords,
        "sources": sources,
        "graveyard": graveyard,
        "pool": pool,
        "life": life,
        "effects": [EFFECTS[e] for e in effects],
    }


def scenario_text(board: dict[str, Any], kinds: tuple[str, ...] | None = None) -> str:
    """The board as a scenario whose query lists the payments (``kinds``: the hybrid and
    Phyrexian choices announced, in the oracle's kinds; None: left free)."""
    objects: list[dict[str, Any]] = [
        {
            "id": "spell",
            "name": "Test Spell",
            "owner": "alice",
            "zone": "hand",
            "types": ["Instant"],
            "mana_cost": "".join("{" + s + "}" for s in board["cost"]) or "{0}",
            "abilities": [*board["keywords"], {"spell": "Draw a card."}],
        }
    ]
    ts = 1
    for s in board["sources"]:
        ts += 1
        if s.get("card"):
            obj = {"id": s["id"], "card": s["card"], "controller": "alice", "timestamp": ts}
        elif s.get("kind") in MANA_SOURCES:
            inline = MANA_SOURCES[s["kind"]].get("object")
            obj = {"id": s["id"], **({"card": s["kind"]} if inline is None else copy.deepcopy(inline)),
                   "controller": "alice", "timestamp": ts}
            if s.get("sick"):
                obj["controlled_since_turn_start"] = False
        else:
            types = ["Creature"] if s["creature"] else ["Artifact"]
            obj = {
                "id": s["id"],
                "name": f"Thing {s['id']}",
                "types": types,
                "controller": "alice",
                "timestamp": ts,
                "colors": [LETTER_COLOR[c] for c in s["colors"]],
            }
            if s["creature"]:
                obj |= {"power": 1, "toughness": 1}
        if s.get("tapped"):
            obj["tapped"] = True
        objects.append(obj)
    for g in board["graveyard"]:
        objects.append(
            {"id": g, "name": f"Card {g}", "types": ["Sorcery"], "owner": "alice", "zone": "graveyard"}
        )
    for i, e in enumerate(board["effects"]):
        ts += 1
        objects.append(
            {
                "id": f"e{i}",
                "name": f"Effect {i}",
                "types": ["Enchantment"],
                "controller": "bob",
                "timestamp": ts,
                "abilities": [{"text": f"cost effect {i}", "static": e["op"]}],
            }
        )
    pool = "".join("{" + c + "}" * 1 for c, n in sorted(board["pool"].items()) for _ in range(n))
    query: dict[str, Any] = {"kind": "cast", "spell": "spell", "list": ["payments"]}
    if "X" in board["cost"]:
        query["x"] = board["x"]
    if kinds is not None:
        hybrid = [_word(s, k) for s, k in zip(board["cost"], kinds, strict=True) if "/" in s and s[-1] != "P"]
        phyrexian = [_word(s, k) for s, k in zip(board["cost"], kinds, strict=True) if s.endswith("/P")]
        if hybrid:
            query["hybrid"] = hybrid
        if phyrexian:
            query["phyrexian"] = phyrexian
    doc = {
        "id": "casting/generated",
        "title": "generated",
        "cr": ["601.2f"],
        "rationale": "generated",
        "players": [{"id": "alice", "life": board["life"], **({"mana": pool} if pool else {})}, "bob"],
        "turn": {"active": "alice"},
        "objects": objects,
        "query": query,
        "expect": {"legal": True},
    }
    return yaml.safe_dump(doc, sort_keys=False)


def _word(sym: str, kind: str) -> str:
    return "2" if kind == "n2" else kind
