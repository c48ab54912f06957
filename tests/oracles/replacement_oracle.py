"""Brute-force reference implementation of CR 614-616 (replacement and prevention effects).

:func:`outcomes` tries every order of applying the effects to an event that the rules allow
and returns the set of final outcomes. It works on its own small data model (:class:`Case`),
written from the rules, and imports nothing from the engine, so the property test compares two
independent implementations. The procedure:

* CR 616.1: while some effect would apply to some pending event, the affected object's
  controller (else its owner, else the affected player) chooses one; several players choose in
  APNAP order (101.4). Self-replacement effects must be chosen first (616.1a).
* CR 614.5: an effect applies once to an event and to every event replacing it.
* CR 614.7: an event of 0 damage, life, cards or counters does not happen.
* CR 614.17c: an event that can't happen is modified only by self-replacement effects.
* CR 615.7, 615.8: shields and "the next time" effects are used up; 615.12: unpreventable.
* CR 614.8, 701.19c: regeneration; "can't be regenerated".
* CR 121.2, 614.11, 614.11a: several draws happen one at a time; a replaced draw finishes
  first; draw replacements apply to an empty library; a library is what earlier draws left.
* CR 120.3, 120.4: damage is dealt, then its results (life loss, counters, lifelink life) are
  events that replacement effects may modify.
* CR 702.16e, 702.16j-k, 613.10: protection of a permanent or a player is a prevention
  effect on damage from sources with the quality (protection_oracle.py).
* Rules transformations (an instruction to draw N cards becoming N draws, damage results) are
  not choices: they happen before anyone chooses.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any

from tests.oracles.protection_oracle import has_quality, protection_id

FIELDS = {
    "damage": ("source", "target", "amount", "combat"),
    "move": ("object", "count", "from", "to", "cause", "position", "control", "as", "tapped",
             "face", "choice"),
    "regenerate": ("object",),
    "draw": ("player", "count"),
    "gain_life": ("player", "amount", "cause"),
    "lose_life": ("player", "amount", "damage"),
    "counters": ("target", "counter", "amount", "by", "cause"),
    "remove_counters": ("target", "counter", "amount"),
    "begin": ("player", "what", "which"),
    "win_game": ("player",),
    "other": ("player", "text"),
}
COUNTED = {"damage": "amount", "gain_life": "amount", "lose_life": "amount", "counters": "amount",
           "remove_counters": "amount", "draw": "count", "move": "count"}


@dataclass(frozen=True)
class OObj:
    """An object: id, controller, owner, zone, card types, colors, keywords, supertypes and the
    qualities it has protection from (702.16a)."""

    id: str
    controller: str
    owner: str
    zone: str = "battlefield"
    types: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    protection: tuple[str, ...] = ()


@dataclass(frozen=True)
class OEffect:
    """A replacement or prevention effect.

    ``tests``: (field, op, value) in abstract form (see :func:`_test`); ``mod``: the
    modification, one of ("times", F, K), ("plus", F, N), ("set", F, V), ("redirect", T),
    ("prevent", N|"all"|("all_but", N)[, [T...]]) (with an additional effect's events, 615.5), ("shield", N),
    ("keep_life", N), ("instead", [T...]), ("also", [T...]), ("regenerate",); templates are
    (kind, {field: value}) with values ("same", F), ("prevented",), ("controller_of", F) or
    literals. ``uses``: "the next time"; ``self``: 614.15."""

    id: str
    controller: str
    watch: str
    tests: tuple[tuple[str, str, Any], ...]
    mod: tuple[Any, ...]
    uses: int | None = None
    optional: bool = False
    self_replacement: bool = False
    prevention: bool = False


@dataclass(frozen=True)
class OCant:
    """A "can't" effect (614.17): ``what`` is happen, prevent (615.12) or regenerate."""

    id: str
    controller: str
    watch: str
    tests: tuple[tuple[str, str, Any], ...]
    what: str = "happen"


@dataclass(frozen=True)
class Case:
    """Players in turn order (the first is active), their life and library sizes, objects,
    the simultaneous events (kind, fields), the effects, and the qualities each player has
    protection from (613.10: given by an effect)."""

    players: tuple[str, ...]
    life: dict[str, int]
    library: dict[str, int]
    objects: tuple[OObj, ...]
    events: tuple[tuple[str, dict[str, Any]], ...]
    effects: tuple[OEffect, ...]
    cants: tuple[OCant, ...] = ()
    player_protection: tuple[tuple[str, str], ...] = ()

    def obj(self, oid: str) -> OObj:
        """The object called ``oid``."""
        return next(o for o in self.objects if o.id == oid)


@dataclass(frozen=True)
class Part:
    """A pending event: fields, the effects applied to it or to what it replaced, its place
    in a sequence of draws (tuple of (split id, index)), and whether its results are made."""

    uid: tuple[Any, ...]
    kind: str
    fields: tuple[tuple[str, Any], ...]
    applied: frozenset[str] = frozenset()
    seq: tuple[tuple[Any, int], ...] = ()
    resulted: bool = False

    def f(self, name: str) -> Any:
        return dict(self.fields)[name]

    def __hash__(self) -> int:
        return _cached_hash(self)


@dataclass(frozen=True)
class State:
    parts: tuple[Part, ...]
    used: tuple[tuple[str, int], ...] = ()
    shields: tuple[tuple[str, int], ...] = ()

    def __hash__(self) -> int:
        return _cached_hash(self)


def _cached_hash(obj: Any) -> int:
    """The hash of an immutable part or state, computed once: the search looks states and
    (state, part) pairs up many times each, and hashing a state hashes every part in it."""
    h = obj.__dict__.get("_hash")
    if h is None:
        h = hash(tuple(getattr(obj, f.name) for f in dataclasses.fields(obj)))
        object.__setattr__(obj, "_hash", h)
    return h


# --- Matching ---------------------------------------------------------------------------------

def _players(case: Case, ctl: str, rel: str) -> set[str]:
    if rel == "you":
        return {ctl}
    if rel == "opponent":
        return set(case.players) - {ctl}
    if rel == "any":
        return set(case.players)
    return {rel}


def _controller(case: Case, oid: str) -> str:
    return case.obj(oid).controller


def _test(case: Case, ctl: str, part: Part, t: tuple[str, str, Any], lib: int | None) -> bool:
    """One abstract test: ("target", "player", REL), ("target", "controlled_by", REL),
    ("target", "either", REL), (F, "is", V), (F, "color", C), (F, "type", T),
    (F, "owned_by", REL), (F, "gte"|"lte", N), ("library", "gte"|"lte", N or field)."""
    fld, op, val = t
    if fld == "library":
        need = part.f(val) if isinstance(val, str) else val
        return lib is not None and (lib >= need if op == "gte" else lib <= need)
    d = dict(part.fields)
    if fld not in d:
        return False
    v = d[fld]
    if op == "is":
        return v == val
    if op in ("gte", "lte"):
        return v >= val if op == "gte" else v <= val
    if op == "player":
        return v[0] == "p" and v[1] in _players(case, ctl, val)
    if op in ("controlled_by", "either"):
        if v[0] == "p":
            return op == "either" and v[1] in _players(case, ctl, val)
        return v[0] == "o" and _controller(case, v[1]) in _players(case, ctl, val)
    if op == "owned_by":
        return v[0] == "o" and case.obj(v[1]).owner in _players(case, ctl, val)
    if op == "color":
        return v[0] == "o" and val in case.obj(v[1]).colors
    if op == "type":
        return v[0] == "o" and val in case.obj(v[1]).types
    if op == "quality":  # CR 702.16a, 702.16j-k
        return v[0] == "o" and has_quality(val, case.obj(v[1]), case.players)
    raise ValueError(t)


def protection_effects(case: Case) -> tuple[OEffect, ...]:
    """CR 702.16e: protection prevents all damage from sources with its quality to the
    permanent or player that has it; its controller (the player) orders it with the other
    effects (616.1). Two instances of one quality are one effect (702.16m)."""
    out: dict[str, OEffect] = {}
    holders = [(o.id, ("o", o.id), o.controller, o.protection) for o in case.objects
               if o.zone == "battlefield"]
    holders += [(p, ("p", p), p, tuple(q for pp, q in case.player_protection if pp == p))
                for p in case.players]
    for holder, ref, ctl, qualities in holders:
        for q in qualities:
            eid = protection_id(holder, q)
            out[eid] = OEffect(eid, ctl, "damage", (("target", "is", ref), ("source", "quality", q)),
                               ("prevent", "all"), prevention=True)
    return tuple(out.values())


def _exists(part: Part) -> bool:
    fld = COUNTED.get(part.kind)
    return fld is None or part.f(fld) > 0


def _pattern(case: Case, ctl: str, watch: str, tests: tuple[Any, ...], part: Part,
             lib: int | None) -> bool:
    if part.kind != watch or not _exists(part):
        return False
    # CR 121.2: "if you would draw a card" is one draw; an instruction to draw several cards
    # is matched only by effects that say how many.
    if watch == "draw" and not any(t[0] == "count" for t in tests) and part.f("count") != 1:
        return False
    return all(_test(case, ctl, part, t, lib) for t in tests)


# --- The search -------------------------------------------------------------------------------

class OracleBudgetExceeded(Exception):
    """The search did more work than it was allowed: no answer (never a wrong one)."""


class Oracle:
    """Every outcome of one case; ``budget``: the most work the search may do, counted in
    pending events examined (:attr:`work`)."""

    def __init__(self, case: Case, budget: int | None = None) -> None:
        case = replace(case, effects=case.effects + protection_effects(case))
        self.case = case
        self.budget = budget
        self.effects = {e.id: e for e in case.effects}
        self.results: set[Any] = set()
        self.seen: set[Any] = set()
        # The work of the search: each state it visits counts its pending events (at least 1).
        # What a state costs grows with them (whether each waits, what applies to it), so a
        # budget of states alone did not bound the time: a case of 6,000 states with a dozen
        # pending draws each took longer than 50,000 states of one or two events.
        self.work = 0
        self._cache: dict[Any, list[OEffect]] = {}
        self._waiting: dict[Any, bool] = {}

    def run(self) -> set[Any]:
        parts = tuple(Part(("ev", i), k, _full(k, f)) for i, (k, f) in enumerate(self.case.events))
        shields = tuple(sorted((e.id, e.mod[1]) for e in self.case.effects if e.mod[0] == "shield"))
        self.explore(State(tuple(p for p in parts if _exists(p)), (), shields), depth=0)
        return self.results

    # -- per part -----------------------------------------------------------------------
    def before(self, a: Part, b: Part) -> bool:
        """CR 614.11a: a earlier in a sequence of draws than b."""
        da = dict(a.seq)
        return any(k in da and da[k] < i for k, i in b.seq)

    def library(self, st: State, part: Part, player: str) -> int:
        req = 0
        for q in st.parts:
            if self.before(q, part):
                req += self.libreq(q, player)
        return max(0, self.case.library[player] - req)

    def libreq(self, q: Part, player: str) -> int:
        if q.kind == "draw" and q.f("player") == ("p", player) and q.f("count") == 1:
            return 1
        if q.kind == "move" and q.f("from") == "library" and q.f("object") == ("top", player):
            return q.f("count")
        return 0

    def affected_player(self, part: Part) -> str | None:
        v = self.affected(part)
        return v[1] if v[0] == "p" else None

    def affected(self, part: Part) -> Any:
        d = dict(part.fields)
        if part.kind in ("damage", "counters", "remove_counters"):
            return d["target"]
        if part.kind in ("move", "regenerate"):
            return d["object"]
        return d["player"]

    def chooser(self, part: Part) -> str:
        """CR 616.1: the affected object's controller, else its owner, else the player."""
        v = self.affected(part)
        if v[0] == "p":
            return v[1]
        if v[0] == "top":
            return v[1]
        o = self.case.obj(v[1])
        if part.kind == "move" and part.f("from") not in ("battlefield", "stack"):
            return o.owner
        return o.controller if o.zone in ("battlefield", "stack") else o.owner

    def cant(self, part: Part) -> list[str]:
        return [c.id for c in self.case.cants if c.what == "happen"
                and _pattern(self.case, c.controller, c.watch, c.tests, part, None)]

    def unpreventable(self, part: Part) -> bool:
        return any(c.what == "prevent" and _pattern(self.case, c.controller, c.watch, c.tests, part, None)
                   for c in self.case.cants)

    def no_regen(self, oid: Any) -> bool:
        return any(c.what == "regenerate" and ("object", "is", oid) in c.tests for c in self.case.cants)

    def waiting(self, st: State, part: Part) -> bool:
        # kept per (state, part): unkept, "settled" asks again whether every earlier draw
        # waits, and so on down the sequence, which grows exponentially with its length
        key = (st, part)
        if key not in self._waiting:
            self._waiting[key] = any(self.before(q, part) and not self.settled(st, q) for q in st.parts)
        return self._waiting[key]

    def can_apply(self, st: State, part: Part) -> list[OEffect]:
        key = (st, part)
        if key not in self._cache:
            self._cache[key] = self._can_apply(st, part)
        return self._cache[key]

    def _can_apply(self, st: State, part: Part) -> list[OEffect]:
        if self.waiting(st, part):
            return []
        out = []
        used, shields = dict(st.used), dict(st.shields)
        blocked = bool(self.cant(part))
        for e in self.case.effects:
            if e.id in part.applied:
                continue
            if e.uses is not None and used.get(e.id, 0) >= e.uses:
                continue
            if e.mod[0] == "shield" and shields[e.id] <= 0:
                continue
            if blocked and not e.self_replacement:
                continue  # CR 614.17c
            if e.mod[0] == "regenerate" and part.kind == "move" and self.no_regen(part.f("object")):
                continue  # CR 701.19c
            if e.mod[0] == "keep_life" and part.kind == "lose_life" and \
                    self.case.life[part.f("player")[1]] - part.f("amount") >= e.mod[1]:
                continue  # nothing to replace: the loss would not go below N
            pl = self.affected_player(part)
            lib = self.library(st, part, pl) if pl is not None else None
            if _pattern(self.case, e.controller, e.watch, e.tests, part, lib):
                out.append(e)
        return out

    def quiet(self, st: State, part: Part) -> bool:
        return not self.waiting(st, part) and not self.can_apply(st, part)

    def due(self, st: State, part: Part) -> str | None:
        if not self.quiet(st, part):
            return None
        if part.kind == "draw" and part.f("count") > 1:
            return "split"
        if part.kind == "damage" and not part.resulted and all(
                self.quiet(st, q) for q in st.parts if q.kind == "damage"):
            return "results"
        return None

    def settled(self, st: State, part: Part) -> bool:
        return self.quiet(st, part) and self.due(st, part) is None

    # -- steps --------------------------------------------------------------------------
    def explore(self, st: State, depth: int) -> None:
        key = (tuple(sorted(st.parts, key=repr)), st.used, st.shields)
        if key in self.seen:
            return
        self.seen.add(key)
        self.work += max(1, len(st.parts))
        if self.budget is not None and self.work > self.budget:
            raise OracleBudgetExceeded(f"more than {self.budget} pending events examined")
        if depth > 200:
            raise RuntimeError("oracle: runaway")
        dues = [(p, self.due(st, p)) for p in st.parts]
        dues = [(p, d) for p, d in dues if d]
        if dues:
            parts: list[Part] = []
            for p in st.parts:
                d = next((dd for pp, dd in dues if pp == p), None)
                if d == "split":
                    parts += [replace(p, uid=p.uid + ("s", i), fields=_set(p.fields, "count", 1),
                                      seq=p.seq + ((p.uid, i),)) for i in range(1, p.f("count") + 1)]
                elif d == "results":
                    parts.append(replace(p, resulted=True))
                    parts += [r for r in self.results_of(p) if _exists(r)]
                else:
                    parts.append(p)
            self.explore(replace(st, parts=tuple(parts)), depth + 1)
            return
        options = {p: self.can_apply(st, p) for p in st.parts}
        choosers = {self.chooser(p) for p, es in options.items() if es}
        if not choosers:
            self.finish(st)
            return
        decider = min(choosers, key=self.case.players.index)  # CR 101.4: APNAP
        for p, es in options.items():
            if not es or self.chooser(p) != decider:
                continue
            first = [e for e in es if e.self_replacement] or es  # CR 616.1a
            for e in first:
                for alt in self.alternatives(st, p, e):
                    self.explore(self.apply(st, p, e, alt), depth + 1)

    def alternatives(self, st: State, p: Part, e: OEffect) -> list[str]:
        alts = ["main"]
        if e.mod[0] == "shield":
            left = dict(st.shields)[e.id]
            alts = ["0" if self.unpreventable(p) else str(min(p.f("amount"), left))]
        return alts + (["decline"] if e.optional else [])

    def apply(self, st: State, p: Part, e: OEffect, alt: str) -> State:
        used = dict(st.used)
        shields = dict(st.shields)
        # CR 615.8, 615.12: a prevention applied to unpreventable damage prevents nothing, and
        # "the next time ... prevent that damage" ends only once damage has been prevented
        if e.uses is not None and not (e.mod[0] == "prevent" and self.unpreventable(p)):
            used[e.id] = used.get(e.id, 0) + 1
        kids: list[Part] = []
        applied = p.applied | {e.id}
        uid = p.uid + (e.id, alt)
        if alt == "decline":
            kids = [replace(p, uid=uid, applied=applied)]
        else:
            kind = e.mod[0]
            if kind == "shield":
                k = int(alt)
                shields[e.id] -= k
                left = _set(p.fields, "amount", p.f("amount") - k)
                kids = [replace(p, uid=uid, applied=applied, fields=left)]
            elif kind in ("instead", "also", "regenerate"):
                tmpls = [("regenerate", {"object": ("same", "object")})] if kind == "regenerate" else e.mod[1]
                if kind == "also":
                    kids.append(replace(p, uid=uid + (0,), applied=applied))
                for i, (k2, given) in enumerate(tmpls, 1):
                    kids.append(Part(uid + (i,), k2, self.template(p, e, k2, given), applied, p.seq))
            else:
                kids = [replace(p, uid=uid, applied=applied, fields=self.modify(p, e))]
                if kind == "prevent" and len(e.mod) > 2:  # CR 615.5: an additional effect
                    prevented = p.f("amount") - dict(kids[0].fields)["amount"]
                    for i, (k2, given) in enumerate(e.mod[2], 1):
                        kids.append(Part(uid + (i,), k2, self.template(p, e, k2, given, prevented),
                                         applied, p.seq))
        parts = [q for q in st.parts if q != p] + [k for k in kids if _exists(k)]
        return State(tuple(parts), tuple(sorted(used.items())), tuple(sorted(shields.items())))

    def modify(self, p: Part, e: OEffect) -> tuple[tuple[str, Any], ...]:
        d = dict(p.fields)
        kind = e.mod[0]
        if kind == "times":
            d[e.mod[1]] = d[e.mod[1]] * e.mod[2]
        elif kind == "plus":
            d[e.mod[1]] = max(0, d[e.mod[1]] + e.mod[2])
        elif kind == "set":
            d[e.mod[1]] = _resolve(self.case, e, e.mod[2])
        elif kind == "redirect":  # CR 614.9
            v = _resolve(self.case, e, e.mod[1])
            if v[0] == "p" or {"Creature", "Planeswalker", "Battle"} & set(self.case.obj(v[1]).types):
                d["target"] = v
        elif kind == "prevent":
            if not self.unpreventable(p):  # CR 615.12
                if isinstance(e.mod[1], tuple):  # ("all_but", N): N of it is left, at most
                    d["amount"] = min(d["amount"], e.mod[1][1])
                else:
                    d["amount"] = 0 if e.mod[1] == "all" else max(0, d["amount"] - e.mod[1])
        elif kind == "keep_life":
            life = self.case.life[d["player"][1]]
            if life - d["amount"] < e.mod[1]:
                d["amount"] = max(0, life - e.mod[1])
        else:
            raise ValueError(e.mod)
        return tuple((k, d[k]) for k in FIELDS[p.kind])

    def template(self, p: Part, e: OEffect, kind: str, given: dict[str, Any],
                 prevented: int = 0) -> tuple[tuple[str, Any], ...]:
        d = dict(p.fields)
        out = []
        for f in FIELDS[kind]:
            v = given.get(f, ("same", f))
            if isinstance(v, tuple) and v and v[0] == "same":
                v = d[v[1]]
            elif v == ("prevented",):  # CR 615.5: the damage this prevention prevented
                v = prevented
            elif isinstance(v, tuple) and v and v[0] == "controller_of":
                v = ("p", self.case.obj(d[v[1]][1]).controller)
            else:
                v = _resolve(self.case, e, v)
            out.append((f, v))
        return tuple(out)

    def results_of(self, p: Part) -> list[Part]:
        """CR 120.3: what damage dealt does."""
        src, tgt, amt = p.f("source"), p.f("target"), p.f("amount")
        so = self.case.obj(src[1])
        out = []
        base = (("amount", amt),)
        if tgt[0] == "p":
            if "infect" in so.keywords:
                out.append(("counters", (("target", tgt), ("counter", "poison"), ("amount", amt),
                                          ("by", ("p", so.controller)), ("cause", "damage"))))
            else:
                out.append(("lose_life", (("player", tgt),) + base + (("damage", True),)))
        else:
            to = self.case.obj(tgt[1])
            if "Creature" in to.types and ({"wither", "infect"} & set(so.keywords)):
                out.append(("counters", (("target", tgt), ("counter", "-1/-1"), ("amount", amt),
                                          ("by", ("p", so.controller)), ("cause", "damage"))))
            if "Planeswalker" in to.types:
                out.append(("remove_counters", (("target", tgt), ("counter", "loyalty"), ("amount", amt))))
        if "lifelink" in so.keywords:
            out.append(("gain_life", (("player", ("p", so.controller)),) + base + (("cause", "lifelink"),)))
        return [Part(p.uid + ("r", i), k, f, seq=p.seq) for i, (k, f) in enumerate(out)]

    def finish(self, st: State) -> None:
        """Record the outcome (CR 614.13b: no object moves twice)."""
        moved = [p.f("object") for p in st.parts if p.kind == "move" and not self.cant(p)
                 and p.f("object")[0] == "o"]
        if len(moved) != len(set(moved)):
            return
        events, blocked = [], []
        for p in st.parts:
            sig = (p.kind,) + tuple(v for _, v in p.fields)
            cants = self.cant(p)
            if cants:  # CR 614.17: it doesn't happen
                blocked += [(sig, c) for c in cants]
            elif p.kind == "draw":  # CR 614.11: a draw from an empty library is marked
                events.append(sig + (self.library_final(st, p) == 0,))
            else:
                events.append(sig)
        shields0 = {e.id: e.mod[1] for e in self.case.effects if e.mod[0] == "shield"}
        self.results.add((tuple(sorted(events, key=repr)), tuple(sorted(blocked, key=repr)),
                          tuple(sorted((k, n) for k, n in st.used if n > 0)),
                          tuple(sorted((k, n) for k, n in st.shields if n != shields0[k]))))

    def library_final(self, st: State, p: Part) -> int:
        return self.library(st, p, p.f("player")[1])


def _set(fields: tuple[tuple[str, Any], ...], name: str, value: Any) -> tuple[tuple[str, Any], ...]:
    return tuple((k, value if k == name else v) for k, v in fields)


def _resolve(case: Case, e: OEffect, v: Any) -> Any:
    """A template or modification value: ("you",) is the effect's controller."""
    if v == ("you",):
        return ("p", e.controller)
    return v


def _full(kind: str, given: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((f, given[f]) for f in FIELDS[kind])


def outcomes(case: Case, budget: int | None = None) -> set[Any]:
    """The set of outcomes: (events, blocked, used, shields), events as (kind, field values...)
    in the order of FIELDS (draws also say whether the library was empty). Raises
    :class:`OracleBudgetExceeded` when the search would examine more than ``budget`` pending
    events (:attr:`Oracle.work`)."""
    return Oracle(case, budget).run()


__all__ = ["Case", "OObj", "OEffect", "OCant", "OracleBudgetExceeded", "outcomes", "FIELDS"]
