"""The combat oracle's own reading of a scenario (plain YAML data, the format of
scenarios/combat/README.md and docs/effect-language.md) into a board of
:mod:`tests.oracles.combat_oracle`.

Written from the Comprehensive Rules and independently of the engine (it imports nothing from
pyengine): it reads each keyword (CR 702), each combat word and each combat operation itself
and says which restriction (508.1c, 509.1b), requirement (508.1d, 509.1c) or cost (508.1h,
509.1d) it is. It reads the subset of the language the generator in
tests/properties/strategies_combat_lang.py writes, and fails loudly on anything else:

* characteristics: printed values, plus three layer effects: a resolved ``set_colors`` on the
  ids it locked in (613.1e), static ``add_abilities`` of keywords and combat words (613.1f)
  and ``modify_pt`` by constants (613.4c), whose ``affects`` read no ability or power, so they
  apply in layer order with no dependency (613.8);
* selectors: ``self``, ``ids``, ``types``, ``subtypes``, ``colors``, ``any_colors``,
  ``multicolored``, ``colorless``, ``abilities``, ``not_abilities``, ``controller``,
  ``power`` (against a constant), ``any_of``, ``not``;
* expressions: a number, ``{count: SELECTOR}``; conditions: ``exists``.
"""

from __future__ import annotations

import re
from typing import Any

from .cr_tables import subtype_category

Board = dict[str, Any]
Doc = dict[str, Any]

# CR 702: the keywords the declarations read (flying 702.9, reach 702.17, defender 702.3,
# haste 702.10, menace 702.111, shadow 702.28, horsemanship 702.31, fear 702.36,
# intimidate 702.13, skulk 702.118, decayed 702.147)
COMBAT_KEYWORDS = frozenset(
    {
        "flying",
        "reach",
        "defender",
        "haste",
        "menace",
        "shadow",
        "horsemanship",
        "fear",
        "intimidate",
        "skulk",
        "decayed",
    }
)
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")  # CR 205.4a
CARD_TYPES = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
)  # CR 205.2a
COLORS = ("white", "blue", "black", "red", "green")  # CR 105.1


class Unread(ValueError):
    """The scenario uses a part of the language this reader does not read."""


# --- Mana (CR 107.4, 202.1) ---------------------------------------------------------------------


def mana(text: str) -> dict[str, int]:
    """``{2}{W}`` -> {"generic": 2, "W": 1}."""
    out: dict[str, int] = {}
    for sym in re.findall(r"\{([^}]*)\}", text):
        key, n = ("generic", int(sym)) if sym.isdigit() else (sym, 1)
        if n:
            out[key] = out.get(key, 0) + n
    return out


# --- Characteristics -----------------------------------------------------------------------------


def _ability_entries(ab: Any) -> list[tuple[str, Any]]:
    """An ability as written -> [(name, parameter)]: a keyword with its parameter, a combat
    word, or ("static", mapping)."""
    if isinstance(ab, str):
        low = ab.lower()
        if low.startswith("protection from "):
            return [("protection", ab[len("protection from ") :])]
        if low.endswith("walk") and low != "walk":
            return [("landwalk", ab[: -len("walk")].capitalize())]
        return [(ab, None)]
    if isinstance(ab, dict) and "static" in ab:
        effects = ab["static"] if isinstance(ab["static"], list) else [ab["static"]]
        return [("static", (e, ab.get("text", ""))) for e in effects]
    if isinstance(ab, dict) and len(ab) == 1:
        ((k, v),) = ab.items()
        if k in ("landwalk", "protection"):
            return [(k, v)]
    raise Unread(f"ability {ab!r}")


def display(name: str, param: Any) -> str:
    if name == "landwalk":
        special = param in ("nonbasic",) + SUPERTYPES
        return f"{param.lower()} landwalk" if special else f"{param.lower()}walk"
    if name == "protection":
        return f"protection from {param}"
    return name


class Reader:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.players = [p if isinstance(p, str) else p["id"] for p in doc["players"]]
        self.active = doc["turn"]["active"]
        q = doc["query"]
        self.kind = q["kind"]
        d = q.get("defending", [p for p in self.players if p != self.active])
        self.defending = sorted(d) if isinstance(d, list) else [d]
        self.protectors = dict(q.get("protectors", {}))
        self.attacks = dict(q.get("attackers", {})) if self.kind == "block" else {}
        self.objs = {o["id"]: o for o in doc["objects"] if o.get("zone", "battlefield") == "battlefield"}
        # each object's abilities: (name, parameter, effect id)
        self.abilities: dict[str, list[tuple[str, Any, str]]] = {}
        for oid, o in self.objs.items():
            self.abilities[oid] = [
                (n, p, f"{oid}/{i}")
                for i, ab in enumerate(o.get("abilities", []))
                for n, p in _ability_entries(ab)
            ]
        self.power = {oid: o.get("power") for oid, o in self.objs.items()}
        self.colors = {oid: list(o.get("colors", [])) for oid, o in self.objs.items()}
        self._layers()

    # -- the two layer effects the generator writes (613.1f, 613.4c) ------------------------
    def _statics(self) -> list[tuple[str, str, dict[str, Any]]]:
        """(effect id, source, effect) of every static ability on the battlefield."""
        return [(eid, oid, p[0]) for oid in self.objs for n, p, eid in self.abilities[oid] if n == "static"]

    def _layers(self) -> None:
        # layer 5 (613.1e): a resolved effect's new colors for the set it locked in (611.2c),
        # in timestamp order (613.7)
        for e in sorted(self.doc.get("effects", []), key=lambda e: e["timestamp"]):
            if "set_colors" in e:
                for oid in e.get("affected", []):
                    if oid in self.objs:
                        self.colors[oid] = list(e["set_colors"])
        grants = []
        for eid, src, eff in self._statics():
            if "add_abilities" in eff:
                for oid in self.select(eff["affects"], src):
                    grants += [
                        (oid, n, p, f"{eid}>{oid}/{i}")
                        for i, ab in enumerate(eff["add_abilities"])
                        for n, p in _ability_entries(ab)
                    ]
        for oid, n, p, eid in grants:
            self.abilities[oid].append((n, p, eid))
        for _eid, src, eff in self._statics():
            if "modify_pt" in eff:
                for oid in self.select(eff["affects"], src):
                    if self.power[oid] is not None:
                        self.power[oid] += eff["modify_pt"].get("power", 0)

    # -- selectors (read at the final state) ------------------------------------------------
    def controller(self, oid: str) -> str:
        return self.objs[oid]["controller"]

    def names(self, oid: str) -> set[str]:
        out = set()
        for n, p, _ in self.abilities[oid]:
            out.add(p[1] if n == "static" else display(n, p))
        return out

    def player_set(self, ref: str, you: str, defending: str | None) -> set[str]:
        if ref == "you":
            return {you}
        if ref == "opponent":
            return {p for p in self.players if p != you}
        if ref == "defending":
            if defending is None:
                raise Unread("'defending' without a defending player")
            return {defending}
        if ref in self.players:
            return {ref}
        raise Unread(f"player {ref!r}")

    def matches(self, sel: Any, oid: str, src: str | None, you: str, defending: str | None = None) -> bool:
        if sel == "self":
            return oid == src
        o = self.objs[oid]
        for key, want in sel.items():
            if key == "ids":
                ok = oid in want
            elif key == "types":
                ok = set(want) <= set(o.get("types", []))
            elif key == "subtypes":
                ok = set(want) <= set(o.get("subtypes", []))
            elif key == "colors":
                ok = set(want) <= set(self.colors[oid])
            elif key == "any_colors":
                ok = bool(set(want) & set(self.colors[oid]))
            elif key == "multicolored":
                ok = (len(self.colors[oid]) > 1) == want
            elif key == "colorless":
                ok = (not self.colors[oid]) == want
            elif key == "any_of":
                ok = any(self.matches(alt, oid, src, you, defending) for alt in want)
            elif key == "not":
                ok = not self.matches(want, oid, src, you, defending)
            elif key == "abilities":
                ok = set(want) <= self.names(oid)
            elif key == "not_abilities":
                ok = not set(want) & self.names(oid)
            elif key == "controller":
                ok = self.controller(oid) in self.player_set(want, you, defending)
            elif key == "power":
                ((op, n),) = want.items()
                p = self.power[oid]
                ok = p is not None and {"lte": p <= n, "gte": p >= n, "lt": p < n, "gt": p > n}[op]
            else:
                raise Unread(f"selector entry {key!r}")
            if not ok:
                return False
        return True

    def select(
        self,
        sel: Any,
        src: str | None,
        you: str | None = None,
        defending: str | None = None,
        among: Any = None,
    ) -> list[str]:
        you = you if you is not None else self.controller(src or "")
        pool = sorted(self.objs) if among is None else among
        return [o for o in pool if self.matches(sel, o, src, you, defending)]

    def value(self, expr: Any, src: str | None, you: str, defending: str | None = None) -> int:
        """An expression: a number or ``{count: SELECTOR}``."""
        if isinstance(expr, int):
            return expr
        if isinstance(expr, dict) and set(expr) == {"count"}:
            return len(self.select(expr["count"], src, you, defending))
        raise Unread(f"expression {expr!r}")

    def holds(self, cond: dict[str, Any], src: str | None, you: str, defending: str | None) -> bool:
        ((key, arg),) = cond.items()
        if key == "exists":
            return bool(self.select(arg, src, you, defending))
        raise Unread(f"condition {key!r}")

    def creatures(self) -> list[str]:
        return [o for o in sorted(self.objs) if "Creature" in self.objs[o].get("types", [])]

    # -- targets (CR 506.3, 508.1b) ----------------------------------------------------------
    def targets(self) -> list[tuple[str, str]]:
        out = [("player", p) for p in self.players]
        out += [
            ("object", o)
            for o in sorted(self.objs)
            if {"Planeswalker", "Battle"} & set(self.objs[o].get("types", []))
        ]
        return out

    def player_of(self, t: tuple[str, str]) -> str | None:
        """CR 508.5: the player attacked, or who controls the planeswalker, or protects the battle."""
        kind, tid = t
        if kind == "player":
            return tid
        if "Planeswalker" in self.objs[tid]["types"]:
            return self.controller(tid)
        return self.protectors.get(tid)

    def in_spec(
        self, t: tuple[str, str], spec: Any, src: str | None, you: str, defending: str | None
    ) -> bool:
        if isinstance(spec, str):
            spec = {"player": spec}
        kind, tid = t
        if kind == "player":
            return "player" in spec and tid in self.player_set(spec["player"], you, defending)
        types = self.objs[tid]["types"]
        if "planeswalkers" in spec and "Planeswalker" in types:
            if self.controller(tid) in self.player_set(spec["planeswalkers"], you, defending):
                return True
        if "battles" in spec and "Battle" in types:
            if self.protectors.get(tid) in self.player_set(spec["battles"], you, defending):
                return True
        return "object" in spec and (spec["object"] == tid or (spec["object"] == "self" and tid == src))


# --- Effects -> the oracle's items ---------------------------------------------------------------

# CR 702 / card wording: the combat words, each one or more operations on its own object
WORDS = {
    "can't attack": ("cant_attack",),
    "can't block": ("cant_block",),
    "can't attack or block": ("cant_attack", "cant_block"),
    "can't attack alone": ("cant_attack_alone",),
    "can't block alone": ("cant_block_alone",),
    "can't attack or block alone": ("cant_attack_alone", "cant_block_alone"),
    "can only attack alone": ("attack_only_alone",),
    "attacks each combat if able": ("must_attack",),
    "blocks each combat if able": ("must_block",),
    "can't be blocked": ("cant_be_blocked",),
    "can't be blocked by more than one creature": ("max_blocked_by_one",),
    "can block an additional creature each combat": ("extra_block",),
    "can block any number of creatures": ("block_any_number",),
    "can block only creatures with flying": ("block_only_flying",),
    "must be blocked if able": ("must_be_blocked",),
    "all creatures able to block this creature do so": ("lure",),
}
LAYER_OPS = frozenset({"add_abilities", "modify_pt", "set_colors"})  # read in Reader._layers
META = frozenset({"text", "affects", "condition"})


class Items:
    def __init__(self, r: Reader) -> None:
        self.r = r
        self.items: list[dict[str, Any]] = []
        self.costs: dict[str, dict[str, int]] = {}

    def add(
        self,
        kind: str,
        effect: str,
        subject: str = "",
        other: str = "",
        target: Any = None,
        player: str = "",
        n: int = 0,
    ) -> None:
        self.items.append(
            {
                "kind": kind,
                "effect": effect,
                "subject": subject,
                "other": other,
                "target": list(target) if target else None,
                "player": player,
                "n": n,
            }
        )

    def word(self, op: str, eid: str, o: str) -> None:
        r = self.r
        if op == "max_blocked_by_one":
            self.add("max_blocked_by", eid, o, n=1)
        elif op == "extra_block":
            self.add("extra_blocks", eid, o, n=1)
        elif op == "block_only_flying":
            for a in sorted(r.attacks):
                if "flying" not in r.names(a):
                    self.add("cant_block_attacker", eid, o, a)
        else:
            self.add(op, eid, o)

    def per_target(
        self, kind: str, eid: str, affected: list[str], spec: Any, unless: Any, src: str | None, you: str
    ) -> None:
        r = self.r
        for o in affected:
            for t in r.targets():
                d = r.player_of(t)
                if spec is not None and not r.in_spec(t, spec, src, you, d):
                    continue
                if unless is not None and (d is None or r.holds(unless, src, you, d)):
                    continue
                self.add(kind, eid, o, target=t)

    def unless_others(
        self, kind: str, eid: str, affected: list[str], arg: Any, src: str | None, you: str
    ) -> None:
        arg = {} if arg is True else arg
        r = self.r
        sel = arg.get("creatures")
        helpers = r.creatures() if sel is None else r.select(sel, src, you, among=r.creatures())
        for o in affected:
            self.add(f"{kind}_unless_others", eid, o, n=arg.get("n", 1))
        if affected:
            for h in helpers:
                self.add(f"{kind}_helper", eid, other=h)

    def op(self, kind: str, arg: Any, eid: str, affected: list[str], src: str | None, you: str) -> None:
        r = self.r
        blocking = r.defending[0] if r.kind == "block" else None
        flag = arg is True
        if kind in ("cant_attack", "must_attack") and flag:
            for o in affected:
                self.add(kind, eid, o)
        elif kind == "cant_attack":
            spec, unless = arg.get("targets"), arg.get("unless")
            self.per_target("cant_attack_target", eid, affected, spec, unless, src, you)
        elif kind == "must_attack":
            self.per_target("must_attack_target", eid, affected, arg["targets"], None, src, you)
        elif kind == "attack_cost":
            cost = mana(arg["mana"]) if "mana" in arg else {"generic": r.value(arg["generic"], src, you)}
            cost = {k: v for k, v in cost.items() if v > 0}
            if cost:
                self.costs[eid] = cost
                self.per_target("attack_cost", eid, affected, arg.get("targets"), None, src, you)
        elif kind in ("cant_attack_unless_others", "cant_block_unless_others"):
            self.unless_others(kind.split("_")[1], eid, affected, arg, src, you)
        elif kind == "max_attackers" and isinstance(arg, dict) and "player" in arg:
            for p in sorted(r.player_set(arg["player"], you, None)):
                self.add("max_attackers_player", eid, player=p, n=arg["n"])
        elif kind in ("max_attackers", "max_blockers"):
            # "each turn" (500.8): a limit of its own, counting the earlier combats' creatures
            turn = "_turn" if isinstance(arg, dict) and arg.get("per") == "turn" else ""
            self.add(kind + turn, eid, n=arg["n"] if isinstance(arg, dict) else arg)
        elif kind == "goad":
            for o in affected:
                self.add("goaded", eid, o, player=you)
        elif kind == "player_must_attack":
            for p in sorted(r.player_set(arg.get("players", "opponent"), you, None)):
                for t in r.targets():
                    if r.in_spec(t, arg["targets"], src, you, None):
                        self.add("player_must_attack", eid, player=p, target=t)
        elif kind == "cant_block":
            arg = {} if flag else arg
            for b in affected:
                if "unless" in arg and (blocking is None or r.holds(arg["unless"], src, you, blocking)):
                    continue
                if "attackers" not in arg:
                    self.add("cant_block", eid, b)
                    continue
                for a in r.select(arg["attackers"], src, you, blocking, among=sorted(r.attacks)):
                    self.add("cant_block_attacker", eid, b, a)
        elif kind == "block_only":
            ok = set(r.select(arg, src, you, among=sorted(r.attacks)))
            for b in affected:
                for a in sorted(r.attacks):
                    if a not in ok:
                        self.add("cant_block_attacker", eid, b, a)
        elif kind == "block_cost":
            cost = mana(arg["mana"])
            if cost:
                self.costs[eid] = cost
                for b in affected:
                    self.add("block_cost", eid, b)
        elif kind == "cant_be_blocked" and not flag:
            for a in affected:
                if a not in r.attacks:  # only an attacking creature is blocked (509.1a)
                    continue
                if arg.get("if_attacking_alone") and len(r.attacks) > 1:  # 506.5
                    continue
                if set(arg) == {"if_attacking_alone"}:
                    self.add("cant_be_blocked", eid, a)
                    continue
                d = r.player_of(_target(r, r.attacks[a]))
                for b in r.creatures():
                    hit = "by" in arg and r.matches(arg["by"], b, src, you, d)
                    miss = "except_by" in arg and not r.matches(arg["except_by"], b, src, you, d)
                    if hit or miss:
                        self.add("cant_be_blocked_by", eid, a, b)
        elif kind == "extra_blocks":
            for o in affected:
                self.add(kind, eid, o, n=arg)
        elif kind in ("min_blockers", "max_blocked_by"):
            for o in affected:  # N read for the player the attacker attacks (508.5)
                if o in r.attacks:
                    n = r.value(arg, src, you, r.player_of(_target(r, r.attacks[o])))
                    self.add(kind, eid, o, n=n)
        elif kind == "must_block" and not flag:
            a = src if arg["attacker"] == "self" else arg["attacker"]
            for b in affected:
                if a is not None:
                    self.add("must_block_attacker", eid, b, a)
        elif kind in (
            "cant_be_blocked",
            "cant_attack_alone",
            "attack_only_alone",
            "cant_block_alone",
            "block_only_alone",
            "blocked_only_by_all",
            "block_any_number",
            "must_block",
            "must_be_blocked",
            "must_be_blocked_by_all",
        ):
            for o in affected:
                self.add("lure" if kind == "must_be_blocked_by_all" else kind, eid, o)
        else:
            raise Unread(f"combat operation {kind!r}")

    def effect(self, eid: str, eff: dict[str, Any], affected: list[str], src: str | None, you: str) -> None:
        for k, v in eff.items():
            if k not in META and k not in LAYER_OPS:
                self.op(k, v, f"{eid}:{k}", affected, src, you)


def _target(r: Reader, tid: str) -> tuple[str, str]:
    return ("player", tid) if tid in r.players else ("object", tid)


def _landwalk(param: str) -> list[str]:
    """CR 702.14: a land type, ``nonbasic`` or a supertype."""
    if param.lower() == "nonbasic":
        return ["nonbasic", ""]
    if param.capitalize() in SUPERTYPES:
        return ["supertype", param.capitalize()]
    if subtype_category(param) == "land":
        return ["subtype", param]
    raise Unread(f"landwalk {param!r}")


def _quality(param: str, players: list[str]) -> list[str]:
    """CR 702.16a: a quality as (kind, value)."""
    low = param.lower()
    if low in ("everything", "multicolored", "monocolored", "colorless"):
        return [low, ""]
    if param in players:
        return ["player", param]
    if low in COLORS:
        return ["color", low]
    for t in CARD_TYPES:
        if low in (t.lower(), t.lower() + "s"):
            return ["type", t]
    for cand in (param, param[:-1], param[:-2]):
        if subtype_category(cand.capitalize()) is not None:
            return ["subtype", cand.capitalize()]
    raise Unread(f"protection from {param!r}")


def board(doc: Doc) -> Board:
    """The combat oracle's board for a scenario (plain data)."""
    r = Reader(doc)
    it = Items(r)
    perms = {}
    for oid, o in sorted(r.objs.items()):
        you = o["controller"]
        keywords, walks, prots = set(), [], []
        for n, p, eid in r.abilities[oid]:
            if n == "static":
                eff = p[0]
                affected = r.select(eff["affects"], oid) if "affects" in eff else []
                it.effect(eid, eff, affected, oid, you)
            elif n in WORDS:
                for op in WORDS[n]:
                    it.word(op, eid, oid)
            elif n in COMBAT_KEYWORDS:
                keywords.add(n)
            elif n == "landwalk":
                walks.append(_landwalk(p))
            elif n == "protection":
                prots.append(_quality(p, r.players))
        perms[oid] = {
            "controller": you,
            "types": list(o.get("types", [])),
            "subtypes": list(o.get("subtypes", [])),
            "supertypes": list(o.get("supertypes", [])),
            "colors": r.colors[oid],
            "keywords": sorted(keywords),
            "landwalk": walks,
            "protection": prots,
            "power": r.power[oid],
            "tapped": bool(o.get("tapped", False)),
            "sick": not o.get("controlled_since_turn_start", True),
            "protector": r.protectors.get(oid),
        }
    for e in doc.get("effects", []):
        affected = [o for o in e.get("affected", []) if o in r.objs]
        it.effect(
            e["id"],
            {k: v for k, v in e.items() if k not in ("id", "controller", "source", "timestamp", "affected")},
            affected,
            e.get("source"),
            e["controller"],
        )
    payer = r.active if r.kind == "attack" else r.defending[0]
    pool = next((p.get("mana", "") for p in doc["players"] if isinstance(p, dict) and p["id"] == payer), "")
    return {
        "kind": r.kind,
        "players": r.players,
        "active": r.active,
        "defending": r.defending,
        "permanents": perms,
        "attacks": {a: list(_target(r, t)) for a, t in r.attacks.items()},
        "items": it.items,
        "costs": it.costs,
        "mana": {payer: mana(pool)},
        # the creatures declared in an earlier combat phase of this turn (500.8), any zone
        "earlier": sorted(doc["query"].get("attacked_this_turn" if r.kind == "attack"
                                           else "blocked_this_turn", [])),
    }
