"""Hypothesis strategies for random combat scenarios written in the effect language
(scenarios/combat/README.md, docs/effect-language.md): creatures with keywords (flying, reach,
menace, shadow, fear, intimidate, skulk, landwalk, protection, haste, defender, decayed),
combat words ("can't block", "attacks each combat if able", Lure ...), static abilities with
combat operations and selectors (Propaganda, Crawlspace, Sea Serpent, Orcish Conscripts,
"can't be blocked by creatures with power 2 or less" ...), layer effects that grant keywords or
change power, and resolved effects (goad, provoke).

A case is a scenario as plain data (what a scenario file holds) and a proposed declaration.
The engine reads it through its loader, layers, combat build and select; the oracle reads the
same data itself (tests/oracles/combat_reader.py)."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import strategies as st

COLORS = ["white", "blue", "black", "red", "green"]
# selectors read after layers by the combat engine (pyengine/combat/select.py)
SELECTORS: list[Any] = [
    {"types": ["Creature"]},
    {"types": ["Creature"], "colors": ["red"]},
    {"types": ["Creature"], "any_colors": ["black", "green"]},
    {"types": ["Creature"], "power": {"lte": 2}},
    {"types": ["Creature"], "power": {"gte": 3}},
    {"types": ["Creature"], "abilities": ["flying"]},
    {"types": ["Creature"], "not_abilities": ["flying"]},
    {"types": ["Creature"], "subtypes": ["Goblin"]},
    {"types": ["Artifact"]},
    {"types": ["Creature"], "controller": "you"},
    {"types": ["Creature"], "controller": "opponent"},
]
# selectors of the layer effects: they read no ability and no power (so that the two layer
# effects the generator writes never depend on each other, CR 613.8a)
LAYER_SELECTORS = [s for s in SELECTORS if "power" not in s and not {"abilities", "not_abilities"} & set(s)]
# selectors where the combat engine binds "defending" (CR 508.5, 509.1)
DEFENDING_SELECTORS = SELECTORS + [
    {"controller": "defending"},
    {"types": ["Creature"], "controller": "defending", "power": {"lte": 2}},
]
ATTACK_WORDS = [
    "can't attack",
    "can't attack alone",
    "attacks each combat if able",
    "can't attack or block",
    "haste",
    "defender",
    "can't attack or block alone",
    "can only attack alone",
]
EVASION = ["flying", "menace", "shadow", "horsemanship", "fear", "intimidate", "skulk"]
ATTACKER_WORDS = [
    "can't be blocked",
    "can't be blocked by more than one creature",
    "must be blocked if able",
    "all creatures able to block this creature do so",
    "islandwalk",
    {"landwalk": "nonbasic"},
    {"landwalk": "Snow"},
    "protection from red",
    {"protection": "artifacts"},
    {"protection": "Goblins"},
    {"protection": "multicolored"},
    {"protection": "monocolored"},
    {"protection": "colorless"},
    {"protection": "everything"},
]
BLOCKER_WORDS = [
    "reach",
    "flying",
    "shadow",
    "horsemanship",
    "decayed",
    "can't block",
    "can't block alone",
    "blocks each combat if able",
    "can block only creatures with flying",
]
MULTI_WORDS = ["can block an additional creature each combat", "can block any number of creatures"]
RATIONALE = "generated: the expected answer is the oracle's (tests/oracles/combat_reader.py)"
MANA = ["{1}", "{2}", "{W}", "{1}{W}", "{U}", "{3}"]


def _static(text: str, effect: dict[str, Any]) -> dict[str, Any]:
    return {"text": text, "static": effect}


@st.composite
def _attack_static(draw: st.DrawFn, targets: list[Any]) -> dict[str, Any]:
    """A static ability of a creature about its own attack."""
    kind = draw(st.sampled_from(["targets", "unless", "must_target", "others", "cost"]))
    if kind == "targets":
        eff = {"affects": "self", "cant_attack": {"targets": draw(st.sampled_from(targets))}}
    elif kind == "unless":  # Sea Serpent
        eff = {
            "affects": "self",
            "cant_attack": {"unless": {"exists": {"subtypes": ["Island"], "controller": "defending"}}},
        }
    elif kind == "must_target":
        eff = {"affects": "self", "must_attack": {"targets": draw(st.sampled_from(targets))}}
    elif kind == "others":  # Orcish Conscripts, Scarred Puma
        eff = {
            "affects": "self",
            "cant_attack_unless_others": {
                "n": draw(st.integers(1, 2)),
                "creatures": draw(st.sampled_from(SELECTORS)),
            },
        }
    else:
        eff = {"affects": "self", "attack_cost": {"mana": draw(st.sampled_from(MANA))}}
    return _static(f"attack rule {kind}", eff)


@st.composite
def _global_attack(draw: st.DrawFn, targets: list[Any]) -> dict[str, Any]:
    """A static ability of an enchantment about attacks."""
    kind = draw(
        st.sampled_from(
            [
                "cant",
                "cant_target",
                "cost",
                "max",
                "max_player",
                "max_turn",
                "max_turn",
                "player_must",
                "must",
                "grant",
                "pump",
                "goad",
                "alone",
            ]
        )
    )
    sel = draw(st.sampled_from(SELECTORS))
    if kind == "cant":
        eff: dict[str, Any] = {"affects": draw(st.sampled_from(SELECTORS[1:])), "cant_attack": True}
    elif kind == "cant_target":
        eff = {"affects": sel, "cant_attack": {"targets": draw(st.sampled_from(targets))}}
    elif kind == "cost":  # Propaganda, Ghostly Prison; {X}: the number of enchantments you control
        costs = [{"mana": m} for m in MANA] + [
            {"generic": {"count": {"types": ["Enchantment"], "controller": "you"}}}
        ]
        eff = {
            "affects": {"types": ["Creature"]},
            "attack_cost": {**draw(st.sampled_from(costs)), "targets": draw(st.sampled_from(targets))},
        }
    elif kind == "max":
        eff = {"max_attackers": draw(st.integers(1, 3))}
    elif kind == "max_turn":  # "No more than N creatures can attack each turn" (500.8)
        eff = {"max_attackers": {"n": draw(st.integers(0, 2)), "per": "turn"}}
    elif kind == "max_player":  # Crawlspace
        eff = {"max_attackers": {"n": draw(st.integers(0, 2)), "player": "you"}}
    elif kind == "player_must":  # Trove of Temptation
        plain = [t for t in targets if "defending" not in str(t)]  # no defending player here
        eff = {"player_must_attack": {"players": "opponent", "targets": draw(st.sampled_from(plain))}}
    elif kind == "must":
        eff = {"affects": sel, "must_attack": True}
    elif kind == "goad":  # "enchanted creature is goaded" on many: goaded by this controller
        eff = {"affects": sel, "goad": True}
    elif kind == "alone":
        eff = {"affects": sel, "cant_attack_alone": True}
    elif kind == "grant":
        eff = {
            "affects": draw(st.sampled_from(LAYER_SELECTORS)),
            "add_abilities": [
                draw(
                    st.sampled_from(
                        ["haste", "defender", "can't attack alone", "attacks each combat if able"]
                    )
                )
            ],
        }
    else:
        eff = {"affects": draw(st.sampled_from(LAYER_SELECTORS)), "modify_pt": {"power": 2, "toughness": 0}}
    return _static(f"attack global {kind}", eff)


@st.composite
def _attacker_static(draw: st.DrawFn) -> dict[str, Any]:
    """A static ability of an attacking creature about its blockers."""
    kind = draw(
        st.sampled_from(
            ["by", "except_by", "min", "max", "must_be_blocked", "lure", "by_all", "min_count", "max_count",
             "alone", "alone_by"]
        )
    )
    if kind == "must_be_blocked":
        eff: dict[str, Any] = {"affects": "self", "must_be_blocked": True}
    elif kind == "lure":
        eff = {"affects": "self", "must_be_blocked_by_all": True}
    elif kind in ("by", "except_by"):
        eff = {"affects": "self", "cant_be_blocked": {kind: draw(st.sampled_from(DEFENDING_SELECTORS))}}
    elif kind == "min":
        eff = {"affects": "self", "min_blockers": draw(st.integers(2, 3))}
    elif kind == "alone":  # Dream Prowler: "can't be blocked as long as it's attacking alone"
        eff = {"affects": "self", "cant_be_blocked": {"if_attacking_alone": True}}
    elif kind == "alone_by":
        eff = {
            "affects": "self",
            "cant_be_blocked": {"if_attacking_alone": True, "by": draw(st.sampled_from(DEFENDING_SELECTORS))},
        }
    elif kind == "by_all":  # Tromokratis
        eff = {"affects": "self", "blocked_only_by_all": True}
    elif kind in ("min_count", "max_count"):  # N: a count read for the defending player
        op = "min_blockers" if kind == "min_count" else "max_blocked_by"
        eff = {"affects": "self", op: {"count": draw(st.sampled_from(DEFENDING_SELECTORS))}}
    else:
        eff = {"affects": "self", "max_blocked_by": draw(st.integers(1, 2))}
    return _static(f"blocked rule {kind}", eff)


@st.composite
def _blocker_static(draw: st.DrawFn, multi: bool) -> dict[str, Any]:
    """A static ability of a potential blocker about its own block."""
    kinds = ["only", "cant_attackers", "others", "cost", "unless", "must", "only_alone"] + (
        ["extra", "any"] if multi else []
    )
    kind = draw(st.sampled_from(kinds))
    if kind == "extra":
        eff: dict[str, Any] = {"affects": "self", "extra_blocks": draw(st.integers(1, 2))}
    elif kind == "any":
        eff = {"affects": "self", "block_any_number": True}
    elif kind == "must":
        eff = {"affects": "self", "must_block": True}
    elif kind == "only":
        eff = {"affects": "self", "block_only": draw(st.sampled_from(SELECTORS))}
    elif kind == "only_alone":
        eff = {"affects": "self", "block_only_alone": True}
    elif kind == "cant_attackers":
        eff = {"affects": "self", "cant_block": {"attackers": draw(st.sampled_from(DEFENDING_SELECTORS))}}
    elif kind == "others":
        eff = {
            "affects": "self",
            "cant_block_unless_others": {
                "n": draw(st.integers(1, 2)),
                "creatures": draw(st.sampled_from(SELECTORS)),
            },
        }
    elif kind == "cost":
        eff = {"affects": "self", "block_cost": {"mana": draw(st.sampled_from(MANA))}}
    else:
        eff = {
            "affects": "self",
            "cant_block": {"unless": {"exists": {"types": ["Artifact"], "controller": "defending"}}},
        }
    return _static(f"block rule {kind}", eff)


@st.composite
def _global_block(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["max", "max_turn", "max_turn", "cant", "cost", "grant", "pump", "lure"]))
    sel = draw(st.sampled_from(SELECTORS))
    if kind == "max":
        eff: dict[str, Any] = {"max_blockers": draw(st.integers(1, 2))}
    elif kind == "max_turn":  # "No more than N creatures can block each turn" (500.8)
        eff = {"max_blockers": {"n": draw(st.integers(0, 2)), "per": "turn"}}
    elif kind == "cant":
        eff = {"affects": draw(st.sampled_from(SELECTORS[1:])), "cant_block": True}
    elif kind == "cost":
        eff = {"affects": {"types": ["Creature"]}, "block_cost": {"mana": draw(st.sampled_from(MANA))}}
    elif kind == "grant":
        eff = {
            "affects": draw(st.sampled_from(LAYER_SELECTORS)),
            "add_abilities": [
                draw(
                    st.sampled_from(
                        ["flying", "reach", "menace", "can't block", "blocks each combat if able"]
                    )
                )
            ],
        }
    elif kind == "pump":
        eff = {"affects": draw(st.sampled_from(LAYER_SELECTORS)), "modify_pt": {"power": 2, "toughness": 0}}
    else:
        eff = {"affects": sel, "must_be_blocked_by_all": True}
    return _static(f"block global {kind}", eff)


def _creature(draw: st.DrawFn, oid: str, controller: str, ts: int, abilities: list[Any]) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "id": oid,
        "name": f"Creature {oid}",
        "controller": controller,
        "timestamp": ts,
        "types": ["Artifact", "Creature"] if draw(st.integers(0, 4)) == 0 else ["Creature"],
        "subtypes": [draw(st.sampled_from(["Goblin", "Bear", "Elf"]))],
        "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True)),
        "power": draw(st.sampled_from([1, 2, 3, 2, 0, 4])),
        "toughness": draw(st.integers(1, 4)),
    }
    if abilities:
        obj["abilities"] = abilities
    return obj


@st.composite
def attack_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """An attack scenario: up to 4 of the active player's creatures, planeswalkers, a battle,
    lands, restrictions, requirements and costs."""
    players = ["alice", "bob"] + (["carol"] if draw(st.integers(0, 2)) == 0 else [])
    defending = ["bob"] if len(players) == 2 or draw(st.booleans()) else ["bob", "carol"]
    objs: list[dict[str, Any]] = []
    ts = iter(range(1, 100))
    for i in range(draw(st.integers(0, 2))):
        objs.append(
            {
                "id": f"w{i}",
                "name": f"Walker {i}",
                "types": ["Planeswalker"],
                "subtypes": ["Jace"],
                "loyalty": 3,
                "controller": draw(st.sampled_from(players[1:])),
                "timestamp": next(ts),
            }
        )
    protectors = {}
    if draw(st.integers(0, 3)) == 0:
        owner = draw(st.sampled_from(players))
        objs.append(
            {
                "id": "siege",
                "name": "Siege",
                "types": ["Battle"],
                "subtypes": ["Siege"],
                "defense": 4,
                "controller": owner,
                "timestamp": next(ts),
            }
        )
        protectors["siege"] = draw(st.sampled_from([p for p in players if p != owner]))
    if draw(st.booleans()):
        objs.append(
            {
                "id": "isl",
                "name": "Island",
                "types": ["Land"],
                "subtypes": ["Island"],
                "supertypes": ["Basic"],
                "controller": draw(st.sampled_from(players)),
                "timestamp": next(ts),
            }
        )
    targets: list[Any] = [
        "bob",
        "you",
        "defending",
        {"planeswalkers": "defending"},
        {"battles": "bob"},
        {"player": "carol" if "carol" in players else "bob", "planeswalkers": "you"},
    ]
    if "siege" in protectors:
        targets.append({"object": "siege"})
    n = draw(st.integers(2, 4))
    for i in range(n):
        abilities: list[Any] = draw(st.lists(st.sampled_from(ATTACK_WORDS), max_size=1))
        if draw(st.booleans()):
            abilities.append(draw(_attack_static(targets)))
        obj = _creature(draw, f"c{i}", "alice", next(ts), abilities)
        if draw(st.integers(0, 7)) == 0:
            obj["tapped"] = True
        if draw(st.integers(0, 7)) == 0:
            obj["controlled_since_turn_start"] = False
        objs.append(obj)
    for i in range(draw(st.integers(0, 3))):
        objs.append(
            {
                "id": f"g{i}",
                "name": f"Rule {i}",
                "types": ["Enchantment"],
                "controller": draw(st.sampled_from(players)),
                "timestamp": next(ts),
                "abilities": [draw(_global_attack(targets))],
            }
        )
    effects = []
    creatures = [f"c{i}" for i in range(n)]
    for i in range(draw(st.integers(0, 2))):
        op = draw(st.sampled_from(["goad", "goad", "must_attack", "cant_attack", "set_colors"]))
        effects.append(
            {
                "id": f"r{i}",
                "controller": draw(st.sampled_from(players)),
                "timestamp": next(ts),
                "affected": [draw(st.sampled_from(creatures))],
                "text": f"resolved {op}",
                op: True if op != "set_colors" else draw(st.sampled_from([["white"], ["black", "red"], []])),
            }
        )
    query: dict[str, Any] = {"kind": "attack", "defending": defending if len(defending) > 1 else defending[0]}
    if protectors:
        query["protectors"] = protectors
    _earlier(draw, query, "attacked_this_turn", objs, "alice")
    return {
        "id": "generated/attack",
        "title": "generated",
        "cr": ["508.1"],
        "rationale": RATIONALE,
        "players": [{"id": "alice", "mana": draw(st.sampled_from(["{1}", "{2}", "{W}", "{1}{W}", "{4}"]))}]
        + players[1:],
        "turn": {"active": "alice", "number": 5, "step": "declare_attackers"},
        "objects": objs,
        "effects": effects,
        "query": query,
    }


@st.composite
def block_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A block scenario: up to 4 attackers (evasion, landwalk, protection, Lure ...) and up to 4
    of the defending player's potential blockers with their own restrictions."""
    players = ["alice", "bob"] + (["carol"] if draw(st.integers(0, 3)) == 0 else [])
    objs: list[dict[str, Any]] = []
    ts = iter(range(1, 100))
    n_att, n_blk = draw(st.integers(1, 4)), draw(st.integers(2, 4))
    multi = n_att <= 3 and n_blk <= 3
    targets = ["bob"] * 3 + (["carol"] if "carol" in players else [])
    if draw(st.booleans()):
        objs.append(
            {
                "id": "w0",
                "name": "Walker",
                "types": ["Planeswalker"],
                "subtypes": ["Jace"],
                "loyalty": 3,
                "controller": "bob",
                "timestamp": next(ts),
            }
        )
        targets.append("w0")
    for land, sub, sup in (("isl", ["Island"], ["Basic"]), ("nb", [], draw(st.sampled_from([[], ["Snow"]])))):
        if draw(st.booleans()):
            objs.append(
                {
                    "id": land,
                    "name": f"Land {land}",
                    "types": ["Land"],
                    "subtypes": sub,
                    "supertypes": sup,
                    "controller": draw(st.sampled_from(players[1:])),
                    "timestamp": next(ts),
                }
            )
    if draw(st.integers(0, 3)) == 0:
        objs.append(
            {
                "id": "art",
                "name": "Trinket",
                "types": ["Artifact"],
                "controller": "bob",
                "timestamp": next(ts),
            }
        )
    for i in range(n_att):
        abilities: list[Any] = draw(
            st.lists(st.sampled_from(EVASION + ATTACKER_WORDS), max_size=2, unique_by=str)
        )
        if draw(st.booleans()):
            abilities.append(draw(_attacker_static()))
        objs.append(_creature(draw, f"a{i}", "alice", next(ts), abilities))
    for i in range(n_blk):
        pool = BLOCKER_WORDS + (MULTI_WORDS if multi else [])
        abilities = draw(st.lists(st.sampled_from(pool), max_size=2, unique=True))
        if draw(st.booleans()):
            abilities.append(draw(_blocker_static(multi)))
        obj = _creature(draw, f"b{i}", "bob", next(ts), abilities)
        if draw(st.integers(0, 6)) == 0:
            obj["tapped"] = True
        objs.append(obj)
    for i in range(draw(st.integers(0, 2))):
        objs.append(
            {
                "id": f"g{i}",
                "name": f"Rule {i}",
                "types": ["Enchantment"],
                "controller": draw(st.sampled_from(players)),
                "timestamp": next(ts),
                "abilities": [draw(_global_block())],
            }
        )
    attackers, blockers = [f"a{i}" for i in range(n_att)], [f"b{i}" for i in range(n_blk)]
    effects: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 2))):
        op = draw(st.sampled_from(["provoke", "must_block", "cant_be_blocked", "lure", "set_colors"]))
        eff: dict[str, Any] = {
            "id": f"r{i}",
            "controller": "alice",
            "timestamp": next(ts),
            "text": f"resolved {op}",
        }
        if op == "provoke":  # CR 702.39a
            eff.update(
                {
                    "source": draw(st.sampled_from(attackers)),
                    "affected": [draw(st.sampled_from(blockers))],
                    "must_block": {"attacker": "self"},
                }
            )
        elif op == "must_block":
            eff.update({"affected": [draw(st.sampled_from(blockers))], "must_block": True})
        elif op == "set_colors":  # "target creature becomes the color(s) of your choice"
            eff.update(
                {
                    "affected": [draw(st.sampled_from(attackers + blockers))],
                    "set_colors": draw(st.sampled_from([["white"], ["black", "red"], []])),
                }
            )
        else:
            key = "cant_be_blocked" if op == "cant_be_blocked" else "must_be_blocked_by_all"
            eff.update({"affected": [draw(st.sampled_from(attackers))], key: True})
        effects.append(eff)
    query = {
        "kind": "block",
        "defending": "bob",
        "attackers": {a: draw(st.sampled_from(targets)) for a in attackers},
    }
    _earlier(draw, query, "blocked_this_turn", objs, "bob")
    return {
        "id": "generated/block",
        "title": "generated",
        "cr": ["509.1"],
        "rationale": RATIONALE,
        "players": ["alice", {"id": "bob", "mana": draw(st.sampled_from(["{1}", "{U}", "{2}", "{3}{U}"]))}]
        + players[2:],
        "turn": {"active": "alice", "number": 5, "step": "declare_blockers"},
        "objects": objs,
        "effects": effects,
        "query": query,
    }


def _earlier(draw: st.DrawFn, query: dict[str, Any], field: str, objs: list[dict[str, Any]],
             who: str) -> None:
    """Sometimes the creatures that attacked (blocked) in an earlier combat of this turn
    (500.8): some of ``who``'s creatures, and maybe one that has since died (in the graveyard);
    more often with an "each turn" limit."""
    turn_limit = "'per': 'turn'" in str(objs)
    if draw(st.integers(0, 3 if turn_limit else 2)) > (2 if turn_limit else 0):
        return
    mine = [o["id"] for o in objs if o.get("controller") == who and o["id"][0] in "cb"]
    earlier = draw(st.lists(st.sampled_from(mine), max_size=3, unique=True)) if mine else []
    if draw(st.booleans()):
        objs.append({"id": "gone", "name": "Gone", "owner": who, "zone": "graveyard", "types": ["Creature"],
                     "power": 2, "toughness": 2})
        earlier.append("gone")
    query[field] = sorted(earlier)


@st.composite
def proposals(draw: st.DrawFn, doc: dict[str, Any]) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """A random declaration (legal or not): pairs, and the creatures whose costs are paid."""
    ids = [o["id"] for o in doc["objects"]]
    q = doc["query"]
    if q["kind"] == "attack":
        mine = [i for i in ids if i.startswith("c")]
        targets = [p if isinstance(p, str) else p["id"] for p in doc["players"][1:]]
        targets += [i for i in ids if i.startswith("w") or i == "siege"]
        pairs = [(o, draw(st.sampled_from(targets))) for o in mine if draw(st.booleans())]
    else:
        blockers = [i for i in ids if i.startswith("b")]
        pairs = [(b, draw(st.sampled_from(sorted(q["attackers"])))) for b in blockers if draw(st.booleans())]
    paid = sorted({c for c, _ in pairs}) if draw(st.integers(0, 3)) else []
    return tuple(sorted(set(pairs))), tuple(paid)


class _Dumper(yaml.SafeDumper):
    """Scenario files have no YAML aliases: write shared values out."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def to_yaml(doc: dict[str, Any]) -> str:
    """The scenario file text of ``doc``."""
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False)
