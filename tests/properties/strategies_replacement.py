"""Hypothesis strategies: random events with up to 5 replacement, prevention and "can't"
effects, for the replacement differential test.

Each case is generated once in the oracle's neutral form (tests/oracles/replacement_oracle.py)
and written out as a scenario in the effect language (scenarios/replacement/README.md), so the
engine is exercised end to end: parsing, the layer engine's selectors, the facts, clingo.
Effects often watch the events present, so that several compete for one event; templates give
every field explicitly (the two sides then share no defaults).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml
from hypothesis import strategies as st

from tests.oracles.replacement_oracle import FIELDS, Case, OCant, OEffect, OObj

PLAYERS = ("alice", "bob")
RELS = ("you", "opponent")
# CR 702.16a, 702.16j: qualities of protection (a creature's; a player's only colors and
# everything, the ones an effect on players can give, 613.10)
QUALITIES = ("red", "green", "white", "everything", "creatures")
PLAYER_QUALITIES = ("red", "green", "everything")


def _protection(draw: Any, pool: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(draw(st.lists(st.sampled_from(pool), max_size=1)))


def _objects(draw: Any, protection: tuple[str, ...] = ()) -> tuple[OObj, ...]:
    kw = st.sampled_from(((), ("lifelink",), ("infect",), ("wither",)))
    colors = st.sampled_from((("red",), ("green",), ("white",)))
    # without protection, exactly the draws of the plain cases (their derandomized sequence)
    sup = (lambda: draw(st.sampled_from(((), ("Legendary",))))) if protection else (lambda: ())
    prot = (lambda: _protection(draw, protection)) if protection else (lambda: ())
    return (
        OObj("c1", "alice", "alice", types=("Creature",), colors=draw(colors), protection=prot()),
        OObj("c2", "bob", "bob", types=("Creature",), colors=draw(colors), protection=prot()),
        OObj("s1", "alice", "alice", types=("Creature",), colors=("red",), keywords=draw(kw),
             supertypes=sup()),
        OObj("s2", "bob", "bob", types=("Creature",), colors=("green",), keywords=draw(kw),
             supertypes=sup()),
        OObj("h1", "alice", "alice", zone="hand", types=("Creature",), colors=("green",)),
    )


def _event(draw: Any) -> tuple[str, dict[str, Any]]:
    kind = draw(st.sampled_from(("damage", "damage", "destroy", "discard", "draw", "gain_life",
                                 "lose_life", "counters")))
    pl = ("p", draw(st.sampled_from(PLAYERS)))
    if kind == "damage":
        tgt = draw(st.sampled_from((("o", "c1"), ("o", "c2"), ("p", "alice"), ("p", "bob"))))
        return "damage", {"source": ("o", draw(st.sampled_from(("s1", "s2")))), "target": tgt,
                          "amount": draw(st.integers(1, 4)), "combat": draw(st.booleans())}
    if kind in ("destroy", "discard"):
        obj = draw(st.sampled_from(("c1", "c2"))) if kind == "destroy" else "h1"
        frm = "battlefield" if kind == "destroy" else "hand"
        return "move", {"object": ("o", obj), "count": 1, "from": frm, "to": "graveyard",
                        "cause": kind, "position": None, "control": None, "as": None,
                        "tapped": False, "face": "front", "choice": None}
    if kind == "draw":
        return "draw", {"player": pl, "count": draw(st.integers(1, 2))}
    if kind == "gain_life":
        return "gain_life", {"player": pl, "amount": draw(st.integers(1, 3)), "cause": "effect"}
    if kind == "lose_life":
        return "lose_life", {"player": pl, "amount": draw(st.integers(1, 3)),
                             "damage": draw(st.booleans())}
    tgt = ("o", draw(st.sampled_from(("c1", "c2"))))
    return "counters", {"target": tgt, "counter": "+1/+1", "amount": draw(st.integers(1, 2)),
                        "by": ("p", "alice" if tgt[1] == "c1" else "bob"), "cause": "effect"}


def _tests(draw: Any, kind: str) -> list[tuple[str, str, Any]]:
    out: list[tuple[str, str, Any]] = []
    opts: dict[str, Any] = {
        "damage": [("target", "player", st.sampled_from(RELS)),
                   ("target", "controlled_by", st.sampled_from(RELS)),
                   ("target", "either", st.sampled_from(RELS)),
                   ("target", "is", st.sampled_from((("o", "c1"), ("o", "c2"), ("p", "alice")))),
                   ("source", "color", st.sampled_from(("red", "green"))),
                   ("source", "controlled_by", st.sampled_from(RELS)),
                   ("combat", "is", st.booleans()), ("amount", "gte", st.integers(2, 3))],
        "move": [("object", "type", st.just("Creature")), ("object", "owned_by", st.sampled_from(RELS)),
                 ("object", "is", st.sampled_from((("o", "c1"), ("o", "c2"), ("o", "h1")))),
                 ("cause", "is", st.sampled_from(("destroy", "discard"))),
                 ("from", "is", st.sampled_from(("battlefield", "hand")))],
        "draw": [("player", "player", st.sampled_from(RELS)), ("library", "lte", st.just(0))],
        "gain_life": [("player", "player", st.sampled_from(RELS))],
        "lose_life": [("player", "player", st.sampled_from(RELS)), ("damage", "is", st.booleans())],
        "counters": [("target", "controlled_by", st.sampled_from(RELS)),
                     ("counter", "is", st.just("+1/+1"))],
    }[kind]
    chosen = draw(st.lists(st.sampled_from(range(len(opts))), max_size=2, unique=True))
    fields = set()
    for i in chosen:
        f, op, s = opts[i]
        if f not in fields:
            fields.add(f)
            out.append((f, op, draw(s)))
    return out


SAME = ("same",)


def _mod(draw: Any, kind: str) -> tuple[Any, ...]:
    you = ("you",)
    if kind == "damage":
        return draw(st.sampled_from((
            ("times", "amount", 2), ("times", "amount", 2), ("plus", "amount", 1),
            ("prevent", 1), ("prevent", "all"), ("shield", draw(st.integers(1, 3))),
            ("prevent", ("all_but", 1)), ("set", "amount", 2),  # Temple Altisaur, Equal Treatment
            # CR 615.5: with an additional effect counting the damage prevented
            ("prevent", "all", [("gain_life", {"player": ("you",), "amount": ("prevented",),
                                               "cause": "effect"})]),
            ("prevent", 1, [("draw", {"player": ("controller_of", "source"), "count": ("prevented",)})]),
            ("redirect", draw(st.sampled_from((("o", "c1"), ("o", "c2"), ("p", "alice"), ("p", "bob"))))))))
    if kind == "move":
        return draw(st.sampled_from((
            ("set", "to", "exile"), ("set", "to", "exile"), ("set", "to", "library"),
            ("regenerate",),
            ("also", [("gain_life", {"player": you, "amount": 1, "cause": "effect"})]))))
    if kind == "draw":
        return draw(st.sampled_from((
            ("times", "count", 2), ("instead", []), ("set", "count", 2),
            ("instead", [("gain_life", {"player": ("same", "player"), "amount": 2, "cause": "effect"})]),
            ("instead", [("win_game", {"player": ("same", "player")})]))))
    if kind == "gain_life":
        return draw(st.sampled_from((
            ("times", "amount", 2), ("plus", "amount", 1),
            ("instead", [("lose_life", {"player": ("same", "player"), "amount": ("same", "amount"),
                                        "damage": False})]),
            ("instead", [("draw", {"player": ("same", "player"), "count": ("same", "amount")})]))))
    if kind == "lose_life":
        return draw(st.sampled_from((("keep_life", 1), ("times", "amount", 2), ("plus", "amount", 1))))
    return draw(st.sampled_from((("plus", "amount", 1), ("times", "amount", 2))))


@st.composite
def cases(draw: Any, max_effects: int = 5, protection: tuple[str, ...] = (),
          player_protection: tuple[str, ...] = ()) -> Case:
    """A random case: objects, 1-2 simultaneous events, 0-``max_effects`` effects, 0-1 "can't"
    effects; with ``protection``, creatures with protection from one of those qualities, and
    with ``player_protection`` players with protection from one of those (702.16)."""
    objects = _objects(draw, protection)
    events = [_event(draw) for _ in range(draw(st.integers(1, 2)))]
    if len(events) == 2 and events[0][0] == events[1][0] == "move" and \
            events[0][1]["object"] == events[1][1]["object"]:
        events = events[:1]  # one object can't move twice in one event
    if len(events) == 2 and events[0][0] == events[1][0] == "draw":
        events = events[:1]  # one instruction to draw (CR 121.2), not two at once
    kinds = sorted({k for k, _ in events})
    effects = []
    multiplied = False  # at most one effect multiplying draws: the search stays small
    for i in range(draw(st.integers(0, max_effects))):
        kind = draw(st.sampled_from(kinds + ["damage", "draw", "gain_life"]))
        mod = _mod(draw, kind)
        if kind == "draw" and mod[0] == "times":
            if multiplied:
                mod = ("instead", [])
            multiplied = True
        tests = _tests(draw, kind)
        if mod[0] == "regenerate":
            obj = draw(st.sampled_from(("c1", "c2")))
            tests = [("object", "is", ("o", obj)), ("cause", "is", "destroy"), ("from", "is", "battlefield")]
        uses = draw(st.sampled_from((None, None, 1))) if mod[0] != "regenerate" else 1
        shield_or_prev = mod[0] in ("shield", "prevent")
        effects.append(OEffect(
            f"e{i + 1}", draw(st.sampled_from(PLAYERS)), kind, tuple(tests), mod,
            uses=None if mod[0] == "shield" else uses,
            optional=(not shield_or_prev and mod[0] != "regenerate" and draw(st.integers(0, 4)) == 0),
            # a regeneration shield replaces a later destruction: never a self-replacement
            # effect (614.15), and a scenario cannot say it is one
            self_replacement=mod[0] != "regenerate" and draw(st.integers(0, 9)) == 0,
            prevention=shield_or_prev))
    cants: list[OCant] = []
    which = draw(st.integers(0, 6))
    if which == 1:
        kind = draw(st.sampled_from(kinds))
        tests = tuple(t for t in _tests(draw, kind) if t[0] != "library")
        cants.append(OCant("k1", draw(st.sampled_from(PLAYERS)), kind, tests))
    elif which == 2:
        cants.append(OCant("k1", "alice", "damage", tuple(_tests(draw, "damage")), "prevent"))
    elif which == 3:
        obj = draw(st.sampled_from(("c1", "c2")))
        cants.append(OCant("k1", "alice", "move", (("object", "is", ("o", obj)),), "regenerate"))
    life = {p: draw(st.integers(1, 6)) for p in PLAYERS}
    library = {p: draw(st.integers(0, 2)) for p in PLAYERS}
    pprot = tuple((p, q) for p in PLAYERS for q in _protection(draw, player_protection)) \
        if player_protection else ()
    return Case(PLAYERS, life, library, objects, tuple(events), tuple(effects), tuple(cants), pprot)


@st.composite
def protection_gap_cases(draw: Any) -> Case:
    """Damage from bob's legendary creature to alice's creature with protection from
    legendary (702.16a) or from bob (702.16k), with up to 2 other effects: the engine's
    known gap."""
    case = draw(cases(max_effects=2))
    q = draw(st.sampled_from(("legendary", "bob")))
    objects = tuple(dataclasses.replace(o, protection=(q,)) if o.id == "c1" else
                    dataclasses.replace(o, supertypes=("Legendary",)) if o.id == "s2" else o
                    for o in case.objects)
    hit = ("damage", {"source": ("o", "s2"), "target": ("o", "c1"),
                      "amount": draw(st.integers(1, 3)), "combat": draw(st.booleans())})
    return dataclasses.replace(case, objects=objects, events=(hit,))


# --- Writing a case as a scenario ----------------------------------------------------------------

def _scalar(v: Any) -> Any:
    if isinstance(v, tuple) and v and v[0] in ("o", "p"):
        return v[1]
    if v == ("you",):
        return "you"
    if v == ("prevented",):
        return "prevented"
    if isinstance(v, tuple) and v and v[0] == "controller_of":
        return {"controller_of": v[1]}
    return v


def _pattern(kind: str, tests: tuple[Any, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind}
    for f, op, v in tests:
        if op == "player":
            out[f] = v if f == "player" else {"players": v}
        elif op == "controlled_by":
            out[f] = {"objects": {"controller": v}} if f == "target" else {"controller": v}
        elif op == "either":
            out[f] = {"players": v, "objects": {"controller": v}}
        elif op == "owned_by":
            out[f] = {"owner": v}
        elif op == "type":
            out[f] = {"types": [v]}
        elif op == "color":
            out[f] = {"colors": [v]}
        elif op in ("gte", "lte"):
            out[f] = {op: v}
        else:
            out[f] = _scalar(v)
    return out


def _template(kind: str, given: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind}
    for f in FIELDS[kind]:
        v = given[f]
        if isinstance(v, tuple) and v and v[0] == "same":
            out[f] = "same" if v[1] == f else {"same": v[1]}
        elif v is not None:
            out[f] = _scalar(v)
    return out


def _op(e: OEffect) -> dict[str, Any]:
    pattern = _pattern(e.watch, e.tests)
    m = e.mod
    common: dict[str, Any] = {}
    if e.uses is not None:
        common["uses"] = e.uses
    if e.self_replacement:
        common["self_replacement"] = True
    if m[0] == "regenerate":
        return {"regenerate": {"object": _scalar(dict((f, v) for f, _, v in e.tests)["object"])}}
    if m[0] == "shield":
        return {"prevent": {"event": pattern, "shield": m[1], **common}}
    if m[0] == "prevent":
        also = {"also": [_template(k, g) for k, g in m[2]]} if len(m) > 2 else {}
        amount = {"all_but": m[1][1]} if isinstance(m[1], tuple) else m[1]
        return {"prevent": {"event": pattern, "amount": amount, **also, **common}}
    body: dict[str, Any] = {"event": pattern, **common}
    if e.optional:
        body["optional"] = True
    if m[0] in ("times", "plus"):
        body[m[1]] = {m[0]: m[2]}
    elif m[0] == "keep_life":
        body["amount"] = {"keep_life": m[1]}
    elif m[0] == "set" and m[1] in ("amount", "count"):  # "N instead" (614.1a)
        body[m[1]] = {"set": m[2]}
    elif m[0] == "set":
        body[m[1]] = m[2]
    elif m[0] == "redirect":
        body["redirect"] = _scalar(m[1])
    elif m[0] in ("instead", "also"):
        tmpls = [_template(k, g) for k, g in m[1]]
        if m[0] == "instead" and not tmpls:
            body["nothing"] = True
        else:
            body[m[0]] = tmpls
    return {"replace": body}


def _cant_op(c: OCant) -> dict[str, Any]:
    if c.what == "regenerate":
        return {"cant_be_regenerated": dict((f, v) for f, _, v in c.tests)["object"][1]}
    key = "unpreventable" if c.what == "prevent" else "cant"
    return {key: _pattern(c.watch, c.tests)}


def scenario(case: Case) -> str:
    """The case as a scenario file (YAML text)."""
    objects: list[dict[str, Any]] = []
    stamp = 1
    for o in case.objects:
        obj: dict[str, Any] = {"id": o.id, "name": o.id.upper(), "types": list(o.types),
                               "colors": list(o.colors), "owner": o.owner, "zone": o.zone}
        if o.types == ("Creature",):
            obj |= {"power": 2, "toughness": 2}
        if o.zone == "battlefield":
            obj |= {"controller": o.controller, "timestamp": stamp}
            stamp += 1
        if o.supertypes:
            obj["supertypes"] = list(o.supertypes)
        abilities = list(o.keywords) + [f"protection from {q}" for q in o.protection]
        if abilities:
            obj["abilities"] = abilities
        objects.append(obj)
    effects: list[dict[str, Any]] = []
    for n, e in enumerate(case.effects):
        if n % 2 == 0:  # a static ability of a permanent
            objects.append({"id": e.id, "name": f"Source {e.id}", "types": ["Enchantment"],
                            "controller": e.controller, "timestamp": stamp,
                            "abilities": [{"text": f"effect {e.id}", "static": _op(e)}]})
        else:  # a resolved effect
            effects.append({"id": e.id, "controller": e.controller, "timestamp": stamp, **_op(e)})
        stamp += 1
    for p, q in case.player_protection:  # CR 613.10: an effect gives a player protection
        effects.append({"id": f"pp{stamp}", "controller": p, "timestamp": stamp,
                        "players_gain": {"players": "you", "abilities": [f"protection from {q}"]}})
        stamp += 1
    for c in case.cants:
        objects.append({"id": c.id, "name": "Cant", "types": ["Enchantment"], "controller": c.controller,
                        "timestamp": stamp, "abilities": [{"text": "can't", "static": _cant_op(c)}]})
        stamp += 1
    events = []
    for kind, f in case.events:
        ev: dict[str, Any] = {"kind": kind}
        for k in FIELDS[kind]:
            if f[k] is not None:
                ev[k] = _scalar(f[k])
        events.append(ev)
    doc = {
        "id": "replacement/property", "title": "random case", "cr": ["616.1"], "rationale": "random",
        "players": [{"id": p, "life": case.life[p], "library_size": case.library[p]} for p in case.players],
        "turn": {"active": case.players[0]}, "objects": objects, "effects": effects,
        "query": {"kind": "replacement", "events": events}, "expect": {"outcomes": []},
    }
    return yaml.safe_dump(doc, sort_keys=False)


def engine_key(outcome: Any) -> Any:
    """An engine outcome in the oracle's form."""
    def sig(e: Any) -> tuple[Any, ...]:
        return (e.kind,) + tuple(v for _, v in e.fields)

    return (tuple(sorted((sig(e) for e in outcome.events), key=repr)),
            tuple(sorted(((sig(e), c) for e, c in outcome.blocked), key=repr)),
            tuple(sorted(outcome.used)), tuple(sorted(outcome.shields)))
