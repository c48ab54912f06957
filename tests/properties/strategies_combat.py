"""Hypothesis strategies for random combat boards (plain data, the oracle's format: see
tests/oracles/combat_oracle.py), a random proposed declaration for each, and the conversion of
a plain board into the engine's typed :class:`pyengine.combat.model.Board`."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from pyengine.combat.model import Board, Item, Kind, Permanent, Target

COLORS = ["white", "blue", "black", "red", "green"]
EVASION = ["flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "skulk", "menace"]
QUALITIES = [
    ["color", "red"],
    ["color", "black"],
    ["type", "Artifact"],
    ["everything", ""],
    ["multicolored", ""],
    ["monocolored", ""],
    ["colorless", ""],
    ["player", "p1"],
    ["subtype", "Goblin"],
]


def _perm(controller: str, types: list[str], **kw: Any) -> dict[str, Any]:
    base = {
        "controller": controller,
        "types": types,
        "subtypes": [],
        "supertypes": [],
        "colors": [],
        "keywords": [],
        "landwalk": [],
        "protection": [],
        "power": None,
        "tapped": False,
        "sick": False,
        "protector": None,
    }
    base.update(kw)
    return base


def _unless_others(draw: st.DrawFn, kind: str, e: str, creatures: list[str]) -> list[dict[str, Any]]:
    """"Can't attack (block) unless N other [such] creatures also do" on one to two creatures,
    counting a random set of creatures (which may include the subjects themselves: the rule
    counts only the others)."""
    subjects = draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique=True))
    n = draw(st.integers(1, 2))
    out: list[dict[str, Any]] = [
        {"kind": f"{kind}_unless_others", "effect": e, "subject": o, "n": n} for o in subjects
    ]
    helpers = draw(st.lists(st.sampled_from(creatures), unique=True))
    out += [{"kind": f"{kind}_helper", "effect": e, "other": h} for h in helpers]
    return out


@st.composite
def attack_boards(draw: st.DrawFn) -> dict[str, Any]:
    """Up to 5 attackers, 2 or 3 players, planeswalkers and a battle, random restrictions,
    requirements and costs."""
    n_players = draw(st.sampled_from([2, 2, 3]))
    players = [f"p{i}" for i in range(n_players)]
    defending = ["p1"] if n_players == 2 else sorted(draw(st.sets(st.sampled_from(players[1:]), min_size=1)))
    perms: dict[str, Any] = {}
    for i in range(draw(st.integers(1, 5))):
        kws = draw(st.lists(st.sampled_from(["haste", "defender", "flying"]), max_size=2, unique=True))
        perms[f"c{i}"] = _perm(
            "p0",
            ["Creature"],
            keywords=kws,
            power=2,
            tapped=draw(st.integers(0, 5)) == 0,
            sick=draw(st.integers(0, 4)) == 0,
        )
    for i in range(draw(st.integers(0, 2))):
        perms[f"w{i}"] = _perm(draw(st.sampled_from(players)), ["Planeswalker"])
    if draw(st.integers(0, 3)) == 0:
        perms["bt"] = _perm(
            draw(st.sampled_from(players)), ["Battle"], protector=draw(st.sampled_from(players))
        )
    creatures = sorted(o for o in perms if o.startswith("c"))
    targets = [["player", p] for p in players] + [
        ["object", o] for o in sorted(perms) if not o.startswith("c")
    ]
    items: list[dict[str, Any]] = []
    costs: dict[str, dict[str, int]] = {}
    for k in range(draw(st.integers(0, 6))):
        kind = draw(
            st.sampled_from(
                [
                    "cant_attack",
                    "cant_attack_target",
                    "cant_attack_alone",
                    "attack_only_alone",
                    "attack_unless_others",
                    "max_attackers",
                    "max_attackers_player",
                    "max_attackers_turn",
                    "attack_cost",
                    "must_attack",
                    "must_attack",
                    "must_attack_target",
                    "goaded",
                    "player_must_attack",
                ]
            )
        )
        e = f"e{k}"
        o = draw(st.sampled_from(creatures))
        if kind in ("cant_attack", "cant_attack_alone", "attack_only_alone", "must_attack"):
            items.append({"kind": kind, "effect": e, "subject": o})
        elif kind in ("cant_attack_target", "must_attack_target"):
            for t in draw(st.lists(st.sampled_from(targets), min_size=1, max_size=2, unique_by=str)):
                items.append({"kind": kind, "effect": e, "subject": o, "target": t})
        elif kind in ("max_attackers", "max_attackers_turn"):
            items.append({"kind": kind, "effect": e, "n": draw(st.integers(0, 3))})
        elif kind == "max_attackers_player":  # Crawlspace (802.3a): one player's cap
            who = draw(st.sampled_from(players[1:]))
            items.append({"kind": kind, "effect": e, "player": who, "n": draw(st.integers(0, 2))})
        elif kind == "attack_unless_others":
            items += _unless_others(draw, "attack", e, creatures)
        elif kind == "goaded":
            items.append(
                {"kind": kind, "effect": e, "subject": o, "player": draw(st.sampled_from(players[1:]))}
            )
        elif kind == "player_must_attack":
            for t in draw(st.lists(st.sampled_from(targets), min_size=1, max_size=2, unique_by=str)):
                items.append({"kind": kind, "effect": e, "player": "p0", "target": t})
        else:
            costs[e] = draw(
                st.sampled_from([{"generic": 1}, {"generic": 2}, {"W": 1}, {"generic": 1, "W": 1}])
            )
            taxed = draw(st.lists(st.sampled_from(targets), min_size=1, max_size=3, unique_by=str))
            for c in draw(st.lists(st.sampled_from(creatures), min_size=1, unique=True)):
                for t in taxed:
                    items.append({"kind": kind, "effect": e, "subject": c, "target": t})
    mana = {
        "p0": {
            k: v for k, v in {"generic": draw(st.integers(0, 4)), "W": draw(st.integers(0, 1))}.items() if v
        }
    }
    return {
        "kind": "attack",
        "players": players,
        "active": "p0",
        "defending": defending,
        "permanents": perms,
        "attacks": {},
        "items": items,
        "costs": costs,
        "mana": mana,
        "earlier": _earlier(draw, items, creatures),
    }


def _earlier(draw: st.DrawFn, items: list[dict[str, Any]], creatures: list[str]) -> list[str]:
    """With an "each turn" limit, the creatures that attacked (blocked) in an earlier combat
    of the turn (500.8): some of the board's, and maybe one no longer on the battlefield."""
    if not any(i["kind"].endswith("_turn") for i in items):
        return []
    return sorted(draw(st.lists(st.sampled_from([*creatures, "gone"]), max_size=3, unique=True)))


BLOCK_ITEMS = (
    "cant_block",
    "cant_block_attacker",
    "cant_block_alone",
    "block_only_alone",
    "block_unless_others",
    "max_blockers",
    "max_blockers_turn",
    "block_cost",
    "cant_be_blocked",
    "cant_be_blocked_by",
    "min_blockers",
    "max_blocked_by",
    "blocked_only_by_all",
    "must_block",
    "must_block",
    "must_block_attacker",
    "must_be_blocked",
    "lure",
    "lure",
)
# requirements that compete for blockers: "must be blocked" claimed by blockers that have
# requirements of their own (asp/combat/block_objective.lp), against caps and menace
COMPETING_ITEMS = (
    "must_be_blocked",
    "must_be_blocked",
    "lure",
    "lure",
    "must_block",
    "must_block_attacker",
    "max_blocked_by",
    "min_blockers",
    "block_unless_others",
    "blocked_only_by_all",
    "max_blockers_turn",
)


@st.composite
def block_boards(draw: st.DrawFn, items_from: tuple[str, ...] = BLOCK_ITEMS) -> dict[str, Any]:
    """Up to 5 attackers and 5 potential blockers with evasion, random restrictions,
    requirements and costs (item kinds drawn from ``items_from``)."""
    n_players = draw(st.sampled_from([2, 2, 3]))
    players = [f"p{i}" for i in range(n_players)]
    me = "p1"
    perms: dict[str, Any] = {}
    n_att = draw(st.integers(1, 5))
    n_blk = draw(st.integers(1, 5))
    multi = draw(st.integers(0, 3))  # how many blockers may block more than one
    if multi:
        n_att = min(n_att, 4)

    def body() -> dict[str, Any]:
        return {
            "keywords": draw(st.lists(st.sampled_from(EVASION), max_size=2, unique=True)),
            "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True)),
            "power": draw(st.integers(0, 4)),
        }

    for i in range(n_att):
        extra = body()
        if draw(st.integers(0, 5)) == 0:
            extra["landwalk"] = [
                draw(st.sampled_from([["subtype", "Island"], ["nonbasic", ""], ["supertype", "Snow"]]))
            ]
        if draw(st.integers(0, 5)) == 0:
            extra["protection"] = [draw(st.sampled_from(QUALITIES))]
        perms[f"a{i}"] = _perm("p0", ["Creature"], **extra)
    for i in range(n_blk):
        types = ["Artifact", "Creature"] if draw(st.integers(0, 4)) == 0 else ["Creature"]
        blocker = body()
        if draw(st.integers(0, 7)) == 0:  # CR 702.147a: decayed, "can't block"
            blocker["keywords"] = [*blocker["keywords"], "decayed"]
        perms[f"b{i}"] = _perm(
            me,
            types,
            tapped=draw(st.integers(0, 6)) == 0,
            subtypes=["Goblin"] if draw(st.integers(0, 5)) == 0 else [],
            **blocker,
        )
    if draw(st.booleans()):
        perms["isl"] = _perm(me, ["Land"], subtypes=["Island"], supertypes=["Basic"])
    if draw(st.booleans()):
        perms["nb"] = _perm(me, ["Land"], supertypes=draw(st.sampled_from([[], ["Snow"]])))
    if draw(st.booleans()):
        perms["w0"] = _perm(me, ["Planeswalker"])
    targets = [["player", me]] * 3 + [["player", p] for p in players if p not in ("p0", me)]
    targets += [["object", "w0"]] if "w0" in perms else []
    attackers = sorted(o for o in perms if o.startswith("a"))
    blockers = sorted(o for o in perms if o.startswith("b"))
    attacks = {a: draw(st.sampled_from(targets)) for a in attackers}
    items: list[dict[str, Any]] = []
    costs: dict[str, dict[str, int]] = {}
    for b in draw(st.lists(st.sampled_from(blockers), max_size=multi, unique=True)):
        if draw(st.booleans()):
            items.append({"kind": "block_any_number", "effect": f"m{b}", "subject": b})
        else:
            items.append({"kind": "extra_blocks", "effect": f"m{b}", "subject": b, "n": 1})
    for k in range(draw(st.integers(0, 7))):
        kind = draw(st.sampled_from(items_from))
        e = f"e{k}"
        a, b = draw(st.sampled_from(attackers)), draw(st.sampled_from(blockers))
        if kind in ("cant_block", "cant_block_alone", "block_only_alone", "must_block"):
            items.append({"kind": kind, "effect": e, "subject": b})
        elif kind in ("cant_block_attacker", "must_block_attacker"):
            items.append({"kind": kind, "effect": e, "subject": b, "other": a})
        elif kind in ("cant_be_blocked", "must_be_blocked", "lure", "blocked_only_by_all"):
            items.append({"kind": kind, "effect": e, "subject": a})
        elif kind == "cant_be_blocked_by":
            items.append({"kind": kind, "effect": e, "subject": a, "other": b})
        elif kind in ("min_blockers", "max_blocked_by"):
            items.append(
                {
                    "kind": kind,
                    "effect": e,
                    "subject": a,
                    "n": draw(st.integers(2, 3) if kind == "min_blockers" else st.integers(1, 2)),
                }
            )
        elif kind in ("max_blockers", "max_blockers_turn"):
            items.append({"kind": kind, "effect": e, "n": draw(st.integers(0, 2))})
        elif kind == "block_unless_others":
            items += _unless_others(draw, "block", e, blockers)
        else:
            costs[e] = draw(st.sampled_from([{"generic": 1}, {"generic": 3}, {"U": 1}]))
            for c in draw(st.lists(st.sampled_from(blockers), min_size=1, unique=True)):
                items.append({"kind": kind, "effect": e, "subject": c})
    mana = {
        me: {k: v for k, v in {"generic": draw(st.integers(0, 3)), "U": draw(st.integers(0, 1))}.items() if v}
    }
    return {
        "kind": "block",
        "players": players,
        "active": "p0",
        "defending": [me],
        "permanents": perms,
        "attacks": attacks,
        "items": items,
        "costs": costs,
        "mana": mana,
        "earlier": _earlier(draw, items, blockers),
    }


@st.composite
def proposals(
    draw: st.DrawFn, board: dict[str, Any]
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """A random declaration for ``board`` (legal or not), paying the costs it owes or not."""
    perms = board["permanents"]
    if board["kind"] == "attack":
        mine = sorted(o for o, p in perms.items() if p["controller"] == "p0" and "Creature" in p["types"])
        targets = [p for p in board["players"]] + sorted(o for o in perms if not o.startswith("c"))
        pairs = [(o, draw(st.sampled_from(targets))) for o in mine if draw(st.booleans())]
        owed = {
            (i["effect"], i["subject"])
            for i in board["items"]
            if i["kind"] == "attack_cost" and (i["subject"], i["target"][1]) in pairs
        }
    else:
        blockers = sorted(o for o, p in perms.items() if p["controller"] == "p1" and "Creature" in p["types"])
        attackers = sorted(board["attacks"])
        pairs = [(b, draw(st.sampled_from(attackers))) for b in blockers if draw(st.booleans())]
        owed = {
            (i["effect"], i["subject"])
            for i in board["items"]
            if i["kind"] == "block_cost" and i["subject"] in {b for b, _ in pairs}
        }
    paid = owed if draw(st.integers(0, 3)) else set()
    return tuple(sorted(set(pairs))), tuple(sorted(paid))


def to_board(d: dict[str, Any]) -> Board:
    """The engine's typed board for a plain board."""
    perms = tuple(
        Permanent(
            oid,
            p["controller"],
            frozenset(p["types"]),
            frozenset(p["subtypes"]),
            frozenset(p["supertypes"]),
            frozenset(p["colors"]),
            frozenset(p["keywords"]),
            tuple(tuple(w) for w in p["landwalk"]),
            tuple(tuple(q) for q in p["protection"]),
            p["power"],
            p["tapped"],
            p["sick"],
            p["protector"],
        )
        for oid, p in sorted(d["permanents"].items())
    )
    items = tuple(
        sorted(
            {
                Item(
                    i["kind"],
                    i["effect"],
                    i.get("subject", ""),
                    i.get("other", ""),
                    Target(*i["target"]) if i.get("target") else None,
                    i.get("player", ""),
                    i.get("n", 0),
                )
                for i in d["items"]
            }
        )
    )
    attacks = tuple(sorted((a, Target(*t)) for a, t in d["attacks"].items()))
    costs = tuple(sorted((e, tuple(sorted(c.items()))) for e, c in d["costs"].items()))
    mana = tuple(sorted((p, tuple(sorted(m.items()))) for p, m in d["mana"].items()))
    return Board(
        Kind(d["kind"]),
        tuple(d["players"]),
        d["active"],
        tuple(d["defending"]),
        perms,
        items,
        attacks,
        costs,
        mana,
        earlier=tuple(d.get("earlier", ())),
    )
