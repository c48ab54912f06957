"""Brute-force oracle for combat legality (CR 508.1 declare attackers, 509.1 declare blockers).

Written from the Comprehensive Rules, independently of the engine: it never imports pyengine.
It enumerates every declaration, keeps those that disobey no restriction and can be paid for,
counts the requirements each obeys, and keeps those that obey at least the maximum reachable
without paying any cost (CR 508.1d, 509.1c: "that player is not required to pay that cost").

A board is plain data (dicts, lists, strings)::

    {"kind": "attack" | "block", "players": [...], "active": P, "defending": [P, ...],
     "permanents": {id: {"controller": P, "types": [...], "subtypes": [...],
                         "supertypes": [...], "colors": [...], "keywords": [...],
                         "landwalk": [[kind, value]], "protection": [[kind, value]],
                         "power": int | None, "tapped": bool, "sick": bool,
                         "protector": P | None}},
     "attacks": {attacker: [target_kind, target_id]},            # block boards
     "items": [{"kind": K, "effect": E, "subject": O, "other": O2,
                "target": [target_kind, target_id] | None, "player": P, "n": int}],
     "costs": {effect: {symbol: amount}},                        # symbol: generic W U B R G C
     "mana": {player: {symbol: amount}},
     "earlier": [creature, ...]}   # optional: declared in an earlier combat this turn (500.8)

A declaration is ``(pairs, paid)``: sorted tuples of (creature, target id) or (blocker,
attacker), and of (effect, creature) costs paid.
"""

from __future__ import annotations

import itertools
from typing import Any

Board = dict[str, Any]
Decl = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]


def _items(board: Board, kind: str) -> list[dict[str, Any]]:
    return [i for i in board["items"] if i["kind"] == kind]


def _creature(board: Board, oid: str) -> bool:
    perm = board["permanents"].get(oid)
    return perm is not None and "Creature" in perm["types"]


def _player_of(board: Board, target: tuple[str, str]) -> str | None:
    """CR 508.5 / 310.8d: the player a target is, controls (planeswalker) or protects (battle)."""
    kind, tid = target
    if kind == "player":
        return tid
    perm = board["permanents"][tid]
    if "Planeswalker" in perm["types"]:
        return perm["controller"]
    if "Battle" in perm["types"]:
        return perm.get("protector")
    return None


def _payable(board: Board, payer: str, paid: list[tuple[str, str]]) -> bool:
    """CR 508.1j / 509.1f: the whole cost from the mana available; colored symbols need that
    mana, generic mana pays only generic costs, anything pays generic."""
    need: dict[str, int] = {}
    for eid, _ in paid:
        for sym, n in board["costs"][eid].items():
            need[sym] = need.get(sym, 0) + n
    have = dict(board["mana"].get(payer, {}))
    for sym, n in need.items():
        if sym != "generic":
            if have.get(sym, 0) < n:
                return False
            have[sym] -= n
    return sum(have.values()) >= need.get("generic", 0)


# --- Attacks (CR 508.1) ----------------------------------------------------------------


def _others(board: Board, helper: str, item: dict[str, Any], declared: Any) -> int:
    """How many OTHER declared creatures the item's effect counts ("can't attack unless at
    least N other [such] creatures also attack", 508.1c / 509.1b)."""
    counted = {h["other"] for h in _items(board, helper) if h["effect"] == item["effect"]}
    return sum(1 for o in declared if o != item["subject"] and o in counted)


def _attack_targets(board: Board) -> list[tuple[str, str]]:
    out = [("player", p) for p in board["defending"]]
    for oid, perm in sorted(board["permanents"].items()):
        if "Planeswalker" in perm["types"] and perm["controller"] in board["defending"]:
            out.append(("object", oid))
        elif (
            "Battle" in perm["types"]
            and perm.get("protector") in board["defending"]
            and perm.get("protector") != board["active"]
        ):
            out.append(("object", oid))
    return out


def _attack_ok(board: Board, assign: dict[str, tuple[str, str]], paid: set[tuple[str, str]]) -> bool:
    perms = board["permanents"]
    for o in assign:
        p = perms[o]
        if p["tapped"] or "Battle" in p["types"]:  # 508.1a
            return False
        if p["sick"] and "haste" not in p["keywords"]:  # 302.6
            return False
        if "defender" in p["keywords"]:  # 702.3b
            return False
    for it in board["items"]:
        k, o = it["kind"], it.get("subject")
        if k == "cant_attack" and o in assign:
            return False
        if k == "cant_attack_target" and o in assign and assign[o] == tuple(it["target"]):
            return False
        if k == "cant_attack_alone" and o in assign and len(assign) == 1:
            return False
        if k == "attack_only_alone" and o in assign and len(assign) > 1:  # 506.5
            return False
        if k == "max_attackers" and len(assign) > it["n"]:
            return False
        # "each turn" (500.8): the creatures that attacked in an earlier combat of the turn
        # count too, a creature attacking again once; no attacker, nothing disobeyed
        earlier = set(board.get("earlier", ()))
        if k == "max_attackers_turn" and assign and len(set(assign) | earlier) > it["n"]:
            return False
        # 802.3a: a cap on attacking one player counts the creatures attacking that player,
        # not those attacking a planeswalker or battle (506.3: each is attacked itself)
        if k == "max_attackers_player":
            if sum(t == ("player", it["player"]) for t in assign.values()) > it["n"]:
                return False
        if k == "attack_unless_others" and o in assign:
            if _others(board, "attack_helper", it, assign) < it["n"]:
                return False
        if k == "attack_cost" and o in assign and assign[o] == tuple(it["target"]):
            if (it["effect"], o) not in paid:
                return False
    return True


def _attack_obeyed(board: Board, assign: dict[str, tuple[str, str]]) -> int:
    mine = {
        o
        for o, p in board["permanents"].items()
        if "Creature" in p["types"] and p["controller"] == board["active"]
    }
    n = 0
    groups: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for it in board["items"]:
        k, o = it["kind"], it.get("subject")
        if k == "must_attack" and o in mine:
            n += o in assign
        elif k == "must_attack_target" and o in mine:
            groups.setdefault(("c", it["effect"] + "\0" + o), set()).add(tuple(it["target"]))
        elif k == "player_must_attack" and it["player"] == board["active"]:
            groups.setdefault(("p", it["effect"]), set()).add(tuple(it["target"]))
    goads = {(it["player"], it["subject"]) for it in _items(board, "goaded") if it["subject"] in mine}
    for (kind, key), targets in groups.items():
        if kind == "c":
            o = key.split("\0")[1]
            n += o in assign and assign[o] in targets
        else:
            n += any(t in targets for t in assign.values())
    for goader, o in goads:  # CR 701.15b-d: two requirements per goading player
        n += o in assign
        n += o in assign and assign[o][0] == "player" and assign[o][1] != goader
    return n


def _attack_decls(board: Board):  # type: ignore[no-untyped-def]
    mine = sorted(
        o
        for o, p in board["permanents"].items()
        if "Creature" in p["types"] and p["controller"] == board["active"]
    )
    options = [None] + _attack_targets(board)
    costs = [it for it in _items(board, "attack_cost")]
    for choice in itertools.product(options, repeat=len(mine)):
        assign = {o: t for o, t in zip(mine, choice, strict=True) if t is not None}
        owed = {
            (it["effect"], it["subject"])
            for it in costs
            if it["subject"] in assign and assign[it["subject"]] == tuple(it["target"])
        }
        pairs = tuple(sorted((o, t[1]) for o, t in assign.items()))
        yield assign, owed, pairs


def attack(board: Board) -> tuple[int, set[Decl]]:
    """(maximum requirements obeyable paying nothing, every legal declaration)."""
    best = 0
    found = []
    for assign, owed, pairs in _attack_decls(board):
        if not _attack_ok(board, assign, owed):
            continue
        obeyed = _attack_obeyed(board, assign)
        if not owed:
            best = max(best, obeyed)
        if _payable(board, board["active"], sorted(owed)):
            found.append((obeyed, (pairs, tuple(sorted(owed)))))
    return best, {d for n, d in found if n >= best}


# --- Blocks (CR 509.1) -----------------------------------------------------------------


def _has_quality(board: Board, b: str, quality: list[str]) -> bool:
    """CR 702.16a: does blocker ``b`` have the quality of a protection ability?"""
    kind, value = quality
    p = board["permanents"][b]
    if kind == "everything":
        return True
    if kind == "color":
        return value in p["colors"]
    if kind == "type":
        return value in p["types"]
    if kind == "subtype":
        return value in p["subtypes"]
    if kind == "supertype":
        return value in p["supertypes"]
    if kind == "player":
        return p["controller"] == value
    if kind == "colorless":
        return not p["colors"]
    if kind == "monocolored":
        return len(p["colors"]) == 1
    if kind == "multicolored":
        return len(p["colors"]) > 1
    raise ValueError(quality)


def _walkable(board: Board, walk: list[str]) -> bool:
    """CR 702.14c: does the defending player control such a land?"""
    kind, value = walk
    for p in board["permanents"].values():
        if p["controller"] != board["defending"][0] or "Land" not in p["types"]:
            continue
        if kind == "subtype" and value in p["subtypes"]:
            return True
        if kind == "supertype" and value in p["supertypes"]:
            return True
        if kind == "nonbasic" and "Basic" not in p["supertypes"]:
            return True
    return False


def _can_block_pair(board: Board, b: str, a: str) -> bool:
    """Every restriction that concerns one blocker and one attacker (CR 509.1b)."""
    pb, pa = board["permanents"][b], board["permanents"][a]
    kb, ka = set(pb["keywords"]), set(pa["keywords"])
    if "flying" in ka and not ({"flying", "reach"} & kb):
        return False
    if ("shadow" in ka) != ("shadow" in kb):
        return False
    if "horsemanship" in ka and "horsemanship" not in kb:
        return False
    if "fear" in ka and "Artifact" not in pb["types"] and "black" not in pb["colors"]:
        return False
    if "intimidate" in ka and "Artifact" not in pb["types"] and not set(pa["colors"]) & set(pb["colors"]):
        return False
    if "skulk" in ka and pb["power"] is not None and pa["power"] is not None and pb["power"] > pa["power"]:
        return False
    if any(_walkable(board, w) for w in pa["landwalk"]):
        return False
    if any(_has_quality(board, b, q) for q in pa["protection"]):
        return False
    for it in board["items"]:
        k = it["kind"]
        if k == "cant_block_attacker" and it["subject"] == b and it["other"] == a:
            return False
        if k == "cant_be_blocked" and it["subject"] == a:
            return False
        if k == "cant_be_blocked_by" and it["subject"] == a and it["other"] == b:
            return False
    return True


def _block_ok(board: Board, blocks: dict[str, tuple[str, ...]], paid: set[tuple[str, str]]) -> bool:
    blockers = [b for b, atts in blocks.items() if atts]
    for b in blockers:
        p = board["permanents"][b]
        if p["tapped"] or "Battle" in p["types"]:
            return False
        if "decayed" in p["keywords"]:  # 702.147a: "This creature can't block"
            return False
        cap = 1 + sum(it["n"] for it in _items(board, "extra_blocks") if it["subject"] == b)
        if not any(it["subject"] == b for it in _items(board, "block_any_number")) and len(blocks[b]) > cap:
            return False
        for a in blocks[b]:
            if not _can_block_pair(board, b, a):
                return False
    count: dict[str, int] = {}
    for b in blockers:
        for a in blocks[b]:
            count[a] = count.get(a, 0) + 1
    for a, k in count.items():
        if "menace" in board["permanents"][a]["keywords"] and k < 2:
            return False
    for it in board["items"]:
        kind, s = it["kind"], it.get("subject")
        if kind == "cant_block" and s in blockers:
            return False
        if kind == "min_blockers" and 0 < count.get(s, 0) < it["n"]:
            return False
        if kind == "max_blocked_by" and count.get(s, 0) > it["n"]:
            return False
        if kind == "cant_block_alone" and s in blockers and len(blockers) == 1:
            return False
        if kind == "block_only_alone" and s in blockers and len(blockers) > 1:  # 506.5
            return False
        # "can't be blocked unless all creatures defending player controls block it": every
        # creature of the declaring player, tapped or not
        if kind == "blocked_only_by_all" and count.get(s, 0) > 0:
            me = board["defending"][0]
            for oid, perm in board["permanents"].items():
                if perm["controller"] == me and "Creature" in perm["types"] and s not in blocks.get(oid, ()):
                    return False
        if kind == "block_unless_others" and s in blockers:
            if _others(board, "block_helper", it, blockers) < it["n"]:
                return False
        if kind == "max_blockers" and len(blockers) > it["n"]:
            return False
        earlier = set(board.get("earlier", ()))
        if kind == "max_blockers_turn" and blockers and len(set(blockers) | earlier) > it["n"]:
            return False  # "each turn" (500.8): earlier blockers count, each creature once
        if kind == "block_cost" and s in blockers and (it["effect"], s) not in paid:
            return False
    return True


def _block_obeyed(
    board: Board, blocks: dict[str, tuple[str, ...]], mine: list[str], attackers: list[str]
) -> int:
    n = 0
    for it in board["items"]:
        k, s = it["kind"], it.get("subject")
        if k == "must_block" and s in mine:
            n += bool(blocks.get(s))
        elif k == "must_block_attacker" and s in mine and it["other"] in attackers:
            n += it["other"] in blocks.get(s, ())
        elif k == "must_be_blocked" and s in attackers:
            n += any(s in atts for atts in blocks.values())
        elif k == "lure" and s in attackers:  # one requirement for each creature that could block
            n += sum(1 for b in mine if s in blocks.get(b, ()))
    return n


def block(board: Board) -> tuple[int, set[Decl]]:
    """(maximum requirements obeyable paying nothing, every legal declaration)."""
    me = board["defending"][0]
    mine = sorted(
        o for o, p in board["permanents"].items() if "Creature" in p["types"] and p["controller"] == me
    )
    attackers = sorted(a for a, t in board["attacks"].items() if _player_of(board, tuple(t)) == me)
    per_blocker = []
    for b in mine:
        p = board["permanents"][b]
        if (
            p["tapped"]
            or "Battle" in p["types"]
            or "decayed" in p["keywords"]
            or any(it["subject"] == b for it in _items(board, "cant_block"))
        ):
            per_blocker.append([()])
            continue
        many = any(it["subject"] == b for it in _items(board, "block_any_number"))
        cap = (
            len(attackers)
            if many
            else 1 + sum(it["n"] for it in _items(board, "extra_blocks") if it["subject"] == b)
        )
        opts = [c for r in range(min(cap, len(attackers)) + 1) for c in itertools.combinations(attackers, r)]
        per_blocker.append(opts)
    costs = _items(board, "block_cost")
    best = 0
    found = []
    for choice in itertools.product(*per_blocker):
        blocks = {b: atts for b, atts in zip(mine, choice, strict=True) if atts}
        owed = {(it["effect"], it["subject"]) for it in costs if it["subject"] in blocks}
        if not _block_ok(board, blocks, owed):
            continue
        obeyed = _block_obeyed(board, blocks, mine, attackers)
        if not owed:
            best = max(best, obeyed)
        if _payable(board, me, sorted(owed)):
            pairs = tuple(sorted((b, a) for b, atts in blocks.items() for a in atts))
            found.append((obeyed, (pairs, tuple(sorted(owed)))))
    return best, {d for n, d in found if n >= best}


def legal(board: Board) -> tuple[int, set[Decl]]:
    """The maximum and the legal declarations of an attack or block board."""
    return attack(board) if board["kind"] == "attack" else block(board)
